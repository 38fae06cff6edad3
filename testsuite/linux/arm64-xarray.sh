#!/bin/sh
# Linux 6.1's lib/xarray.o for arm64, cross-compiled with the plugin: the
# calls to xas_descend plain GCC leaves, none with policies/linux-xarray.yaml,
# and in report mode one warning on the line of each call left.
#
#   sh testsuite/linux/arm64-xarray.sh PLUGIN GCC LINUX_TARBALL WORKDIR
#
# The kernel tree is unpacked and configured (defconfig) once in WORKDIR.
set -eu
# Plain quotes in GCC's messages (Kbuild unexports LC_ALL).
export LC_ALL=C LC_CTYPE=C LANG=C
plugin=$1 gcc=$2 tarball=$3 work=$4
srcdir=$(cd "$(dirname "$0")/../.." && pwd)
cross=${gcc%gcc*}
version=${gcc##*gcc}
objdump=$("$gcc" -print-prog-name=objdump)
mkdir -p "$work"
tree=$work/$(basename "$tarball" .tar.xz)
if [ ! -f "$tree/Makefile" ]; then
	echo "unpacking $tarball"
	tar -C "$work" -xf "$tarball"
fi
kmake() {
	make -s -C "$tree" ARCH=arm64 CROSS_COMPILE="$cross" \
		CC="${cross}gcc$version" HOSTCC=gcc "$@"
}
[ -f "$tree/.config" ] || kmake defconfig

# Calls and tail calls to xas_descend (or a clone) in lib/xarray.o.
calls() {
	"$objdump" -d --no-show-raw-insn "$tree/lib/xarray.o" |
		grep -cE '	(bl|b)	+[0-9a-f]+ <xas_descend(\.[a-z]+\.[0-9]+)?>$' ||
		true
}
# Lines of those calls, from the line table.
call_lines() {
	"$objdump" -dl --no-show-raw-insn "$tree/lib/xarray.o" | awk '
		/^\/.*:[0-9]+/ { split($1, p, "/"); where = p[length(p)] }
		/	(bl|b)	+[0-9a-f]+ <xas_descend(\.[a-z]+\.[0-9]+)?>$/ {
			print where }' | sort -u
}
build() {
	rm -f "$tree/lib/xarray.o"
	kmake lib/xarray.o KCFLAGS="$1" 2>"$work/xarray.err" ||
		{ cat "$work/xarray.err"; exit 1; }
	size=$(printf '%d' "0x$("$objdump" -h "$tree/lib/xarray.o" |
		awk '$2 == ".text" { print $3 }')")
}

build ""
plain=$(calls) plain_size=$size
args="-fplugin=$plugin -fplugin-arg-hotinline-no-werror"
build "$args -fplugin-arg-hotinline-policy=$srcdir/policies/linux-xarray.yaml"
forced=$(calls) forced_size=$size
printf 'version: 1\ndefaults: {action: report}\nfunctions:\n  - name: xas_descend\n' \
	>"$work/report.yaml"
build "$args -fplugin-arg-hotinline-policy=$work/report.yaml"
reported=$(grep "warning: hot function 'xas_descend' not inlined" \
	"$work/xarray.err" | cut -d: -f1,2 | sed 's,.*/,,' | sort -u)
called=$(call_lines)

echo "lib/xarray.o (arm64, $gcc): calls to xas_descend $plain without the" \
	"plugin, $forced with policies/linux-xarray.yaml; .text $plain_size" \
	"-> $forced_size bytes"
echo "report mode: reported at [$(echo $reported)], called at [$(echo $called)]"
[ "$plain" -gt 0 ] || { echo "FAIL: plain GCC already inlines xas_descend"; exit 1; }
[ "$forced" -eq 0 ] || { echo "FAIL: calls left with the plugin"; exit 1; }
[ "$reported" = "$called" ] || { echo "FAIL: reports differ from the calls"; exit 1; }
echo "PASS"
