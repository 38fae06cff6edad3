#!/bin/sh
# A lock across a library upgrade: LZ4's lib/lz4.c at 1.9.4 (Debian 12)
# and at 1.10.0 (Debian testing), at -O2 with the compiler CC and its
# plugin, every function of the unit reporting ("*"): as upstream ships
# it, and stripped of its forced inlining (LZ4_FORCE_INLINE defined as
# "static inline"), where the compiler decides every site itself.
# 1.9.4's results are locked; 1.10.0 is built without the lock and with
# it, and testsuite/lock-figures.sh says what the lock kept and changed.
#
#   sh testsuite/real/lock-upgrade.sh CC WORKDIR
#
# CC is gcc-N or clang-N with its plugin in build/CC/hotinline.so.  The
# tarballs are pinned by sha256 and kept in HOTINLINE_REAL_CACHE
# (build/real-src), as make check-real keeps them.
set -eu
export LC_ALL=C
cc=$1 work=$2
srcdir=$(cd "$(dirname "$0")/../.." && pwd)
summary=${HOTINLINE_SUMMARY:-$srcdir/build/gcc-12/hotinline-summary}
cache=${HOTINLINE_REAL_CACHE:-$srcdir/build/real-src}
. "$srcdir/testsuite/lock-figures.sh"
pool=http://deb.debian.org/debian/pool/main/l/lz4
mkdir -p "$work" "$cache"
work=$(cd "$work" && pwd)

plugin=$srcdir/build/$cc/hotinline.so
[ -f "$plugin" ] || { echo "no plugin $plugin: make the plugin for $cc" >&2;
	exit 2; }
case $cc in
clang-*) load="-fplugin=$plugin -fpass-plugin=$plugin" ;;
*) load="-fplugin=$plugin" ;;
esac

# fetch VERSION SHA256: lz4-VERSION/ in $work.
fetch() {
	tarball=$cache/lz4_$1.orig.tar.gz
	if ! echo "$2  $tarball" | sha256sum -c --status 2>/dev/null; then
		curl -fsSL --retry 2 -o "$tarball.part" "$pool/lz4_$1.orig.tar.gz"
		mv "$tarball.part" "$tarball"
		echo "$2  $tarball" | sha256sum -c --status ||
			{ echo "$tarball: sha256 is not $2" >&2; exit 2; }
	fi
	[ -f "$work/lz4-$1/lib/lz4.c" ] || tar -C "$work" -xzf "$tarball"
}
fetch 1.9.4 0b0e3aa07c8c063ddf40b082bdf7e37a1562bda40a0ff5272957f3e987e0e54b
fetch 1.10.0 537512904744b35e232912055ccf8ec66d768639ff3abe5788d90d792ec5f48b

cat >"$work/every.yaml" <<EOF
version: 1
functions:
  - {name: "*", action: report, severity: note}
EOF

# build VERSION NAME ARGS: lib/lz4.c into $work/NAME/lz4.o, stderr into
# $work/NAME.err.
build() {
	rm -rf "$work/$2" && mkdir -p "$work/$2"
	# shellcheck disable=SC2086
	(cd "$work/lz4-$1" && "$cc" -O2 -g -Ilib -c lib/lz4.c \
		-o "$work/$2/lz4.o" $3) 2>"$work/$2.err" ||
		{ cat "$work/$2.err"; exit 1; }
}

status=0
for variant in upstream stripped; do
	case $variant in
	upstream) flags= ;;
	stripped)
		echo "#define LZ4_FORCE_INLINE static inline" >"$work/strip.h"
		flags="-include $work/strip.h" ;;
	esac
	common="$load -fplugin-arg-hotinline-policy=$work/every.yaml \
-fplugin-arg-hotinline-no-werror $flags"
	w=$work/$variant
	mkdir -p "$w"
	for n in old new new-lock; do rm -rf "$w/res-$n"; done
	build 1.9.4 "$variant/old" "$common -fplugin-arg-hotinline-results=$w/res-old"
	"$summary" --lock "$w/old.lock.yaml" "$w/res-old" 2>/dev/null
	build 1.10.0 "$variant/new" "$common -fplugin-arg-hotinline-results=$w/res-new"
	"$summary" --lock "$w/new.lock.yaml" "$w/res-new" 2>/dev/null
	build 1.10.0 "$variant/new-lock" "$common \
-fplugin-arg-hotinline-results=$w/res-new-lock \
-fplugin-arg-hotinline-lock=$w/old.lock.yaml"
	"$summary" --lock "$w/new-lock.lock.yaml" "$w/res-new-lock" 2>/dev/null
	stale=$("$summary" "$w/res-new-lock" |
		grep -c "old.lock.yaml:[0-9]*:[0-9]*:" || true)
	lock_figures "lz4 1.9.4 -> 1.10.0, $cc -O2, $variant" \
		"$w/old.lock.yaml" "$w/new.lock.yaml" "$w/new-lock.lock.yaml" \
		"$w/new-lock.err" "$w/new" "$w/new-lock" "$w" || status=1
	echo "  stale lock entries (no such caller or callee in 1.10.0): $stale"
done
exit $status
