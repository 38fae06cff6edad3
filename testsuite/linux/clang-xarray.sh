#!/bin/sh
# Linux 6.1's lib/xarray.o for x86_64 (x86_64_defconfig), built with Clang
# (make LLVM=-N) and hotinline's LLVM plugin.  Clang already inlines
# xas_descend; the functions it leaves called inside the file are the ones
# audited here:
#   - report mode warns on exactly the lines of the calls objdump finds,
#     and leaves the object's code as it is;
#   - forcing with the policy gives the code of the hand annotation
#     (__always_inline on each definition), function by function.
#
#   sh testsuite/linux/clang-xarray.sh PLUGIN CLANG LINUX_TARBALL WORKDIR
#
# The kernel tree is unpacked and configured once in WORKDIR.
set -eu
export LC_ALL=C LC_CTYPE=C LANG=C
plugin=$1 clang=$2 tarball=$3 work=$4
srcdir=$(cd "$(dirname "$0")/../.." && pwd)
suffix=${clang#clang}
objdump=llvm-objdump$suffix
funcs="xas_load xas_store xas_create"
mkdir -p "$work"
tree=$work/$(basename "$tarball" .tar.xz)
if [ ! -f "$tree/Makefile" ]; then
	echo "unpacking $tarball"
	tar -C "$work" -xf "$tarball"
fi
kmake() {
	make -s -C "$tree" LLVM="$suffix" "$@"
}
[ -f "$tree/.config" ] || kmake x86_64_defconfig
obj=$tree/lib/xarray.o

# build NAME KCFLAGS: lib/xarray.o into $work/NAME.o, stderr into NAME.err.
build() {
	rm -f "$obj"
	kmake lib/xarray.o KCFLAGS="$2" 2>"$work/$1.err" ||
		{ cat "$work/$1.err"; exit 1; }
	cp "$obj" "$work/$1.o"
}

# A call or jump to F: its relocation (the kernel's objects call global
# functions through one), or the direct call of a static function.
call_re() {
	echo "(R_X86_64_PLT32	$1-0x4|(call|jmp)q?	+0x[0-9a-f]+ <$1>)$"
}

# calls OBJ F: calls and tail calls to F in OBJ.
calls() {
	"$objdump" -dr --no-show-raw-insn "$1" | grep -cE "$(call_re "$2")" ||
		true
}

# call_lines OBJ F: "xarray.c:LINE" of each call to F, from the line table
# of OBJ (built with -g), sorted, each once.
call_lines() {
	"$objdump" -dlr --no-show-raw-insn "$1" | awk -v f="$(call_re "$2")" '
		/^; .*\.[ch]:[0-9]+/ { n = split($2, p, "/"); where = p[n] }
		$0 ~ f { print where }' |
		sed 's/ .*//' | sort -u
}

# reported F: "xarray.c:LINE" of each warning about F, sorted, each once.
reported() {
	grep "warning: hot function '$1' not inlined" "$work/report.err" |
		cut -d: -f1,2 | sed 's,.*/,,' | sort -u
}

# bodies OBJ: each function's code, addresses left out, one file per
# function in $work/bodies-OBJ/.
bodies() {
	d=$work/bodies-$(basename "$1" .o)
	rm -rf "$d" && mkdir -p "$d"
	"$objdump" -dr --no-show-raw-insn "$1" | awk -v d="$d" '
		/^[0-9a-f]+ <.*>:$/ { f = d "/" substr($2, 2, length($2) - 3);
			next }
		f && NF { sub(/^ *[0-9a-f]+:[ 	]*/, "");
			gsub(/[0-9a-f]+ <[^>]*>/, "<>"); print > f }'
	echo "$d"
}

# same_code A B: the functions of A and B whose code differs, or nothing.
same_code() {
	a=$(bodies "$1") b=$(bodies "$2")
	diff -rq "$a" "$b" | sed 's,.*/,,; s, differ$,,' || true
}

# As hotinline-clang-N loads the plugin (defconfig has no debug
# information: the plugin places the calls itself).
args="-fplugin=$plugin -fpass-plugin=$plugin"
args="$args -fplugin-arg-hotinline-no-werror"
build plain ""
build plain-g "-g"
{
	printf 'version: 1\ndefaults: {action: report}\nfunctions:\n'
	for f in $funcs; do printf '  - name: %s\n' "$f"; done
} >"$work/report.yaml"
build report "$args -fplugin-arg-hotinline-policy=$work/report.yaml"
{
	printf 'version: 1\nfunctions:\n'
	for f in $funcs; do
		printf '  - name: %s\n    action: always_inline\n' "$f"
		printf '    files: ["lib/xarray.c"]\n'
	done
} >"$work/force.yaml"
build forced "$args -fplugin-arg-hotinline-policy=$work/force.yaml"
# The hand annotation, on a copy of the source put back afterwards.
cp "$tree/lib/xarray.c" "$work/xarray.c.orig"
for f in $funcs; do
	sed -i -E "s/^((static )?void \*$f\()/__always_inline \1/" \
		"$tree/lib/xarray.c"
done
build hand "" || true
cp "$work/xarray.c.orig" "$tree/lib/xarray.c"

status=0
echo "lib/xarray.o (x86_64_defconfig, LLVM=$suffix): calls left"
printf '  %-12s %6s %9s %7s %5s\n' function plain reported forced hand
for f in $funcs; do
	plain=$(calls "$work/plain.o" "$f")
	printf '  %-12s %6s %9s %7s %5s\n' "$f" "$plain" \
		"$(grep -c "warning: hot function '$f' not inlined" \
			"$work/report.err")" "$(calls "$work/forced.o" "$f")" \
		"$(calls "$work/hand.o" "$f")"
	want=$(call_lines "$work/plain-g.o" "$f")
	got=$(reported "$f")
	if [ "$want" != "$got" ]; then
		echo "FAIL: $f: calls at [$(echo $want)], reported at [$(echo $got)]"
		status=1
	fi
	[ "$plain" -gt 0 ] ||
		{ echo "FAIL: plain Clang already inlines $f"; status=1; }
done
changed=$(same_code "$work/plain.o" "$work/report.o")
[ -z "$changed" ] ||
	{ echo "FAIL: report mode changed: $(echo $changed)"; status=1; }
changed=$(same_code "$work/hand.o" "$work/forced.o")
[ -z "$changed" ] ||
	{ echo "FAIL: forcing differs from the hand annotation in: $(echo $changed)"; status=1; }
for n in plain report forced hand; do
	printf '  .text of %-7s %s bytes\n' "$n" "$(printf '%d' "0x$(
		"$objdump" -h "$work/$n.o" | awk '$2 == ".text" { print $3 }')")"
done
[ $status -eq 0 ] && echo PASS
exit $status
