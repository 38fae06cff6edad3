#!/bin/sh
# The audit of real code's marks, measured and written into docs/audit.md
# (make audit-real, make audit-kernel KERNEL=6.1; docs/audit.md says what the tables
# mean).
#
#   sh testsuite/real/audit.sh lz4 CC...
#       LZ4 1.9.4's library (lib/*.c, LZ4_FORCE_INLINE), at -O3 as its
#       Makefile builds it, with each compiler CC (gcc-N or clang-N)
#   sh testsuite/real/audit.sh mm KERNEL CC...
#       Linux KERNEL's mm/ (6.1: Debian 12's linux-source-6.1; 7.2: Debian
#       testing's), x86_64_defconfig, with each compiler
#
# Each target is built twice per compiler, in two trees: as written with
# -fplugin-arg-hotinline-audit=always_inline, and with
# -fplugin-arg-hotinline-disregard=always_inline (make -k: a unit that
# needs its marks fails, which is the evidence).  Then hotinline-summary
# --audit, per compiler and side by side, and the counts of each verdict
# with their text bytes and the time each build took, written between
# the markers of the target's section in docs/audit.md.  A compiler this
# system lacks runs in the Debian system that has it
# (tools/debian-chroot.sh system-of), with its plugin built there.
#
# WORK is $HOTINLINE_AUDIT_WORK, else build/audit: the builds, results and
# reports, kept (build/audit/TARGET/CC/{written,disregarded}, the
# reports beside them).  The kernel's source is make check-kernel's
# ($HOTINLINE_KERNEL_WORK, else /var/cache/hotinline/kernel).
set -eu
export LC_ALL=C
unset MAKEFLAGS MFLAGS MAKELEVEL
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
work=${HOTINLINE_AUDIT_WORK:-$top/build/audit}
jobs=${HOTINLINE_AUDIT_JOBS:-2}
die() { echo "audit: $*" >&2; exit 2; }

# --one: one compiler's two builds, in the system that has it.
only_one=
[ "${1:-}" = --one ] && { only_one=1; shift; }
[ $# -ge 2 ] || { sed -n '2,/^set -eu/p' "$0" | sed '$d;s/^# \{0,1\}//';
	exit 2; }
target=$1
shift
case $target in
lz4) name=lz4 ;;
mm) kernel=${1:?which kernel}; shift; name=mm-$kernel ;;
*) die "unknown target '$target': lz4 or mm" ;;
esac
[ $# -ge 1 ] || die "no compiler given"

# The plugin's flags for compiler CC (its kind decides how it is loaded),
# with the side's arguments.
plugin_flags() { # cc plugin side results
	side_args="-fplugin-arg-hotinline-audit=always_inline"
	[ "$3" = disregarded ] &&
		side_args="-fplugin-arg-hotinline-disregard=always_inline"
	case $(basename "$1") in
	clang*) echo "-fplugin=$2 -fpass-plugin=$2 $side_args" \
		"-fplugin-arg-hotinline-results=$4" ;;
	*) echo "-fplugin=$2 $side_args -fplugin-arg-hotinline-results=$4" ;;
	esac
}

# The seconds since the epoch.
now() { date +%s; }

# LZ4: its library's units, as its Makefile compiles them (-O3).
build_lz4() { # cc plugin side dir results
	. "$here/libs.sh"
	lib_load lz4
	cache=${HOTINLINE_REAL_CACHE:-$top/build/real-src}
	tarball=$cache/$(basename "$L_URL")
	if [ ! -f "$tarball" ]; then
		mkdir -p "$cache"
		curl -fsSL --retry 2 -o "$tarball.part" "$L_URL" ||
			die "cannot download $L_URL"
		mv "$tarball.part" "$tarball"
	fi
	echo "$L_SHA256  $tarball" | sha256sum -c --status ||
		die "$tarball: sha256 is not $L_SHA256"
	rm -rf "$4" && mkdir -p "$4"
	tar xf "$tarball" -C "$4" --strip-components=1
	flags=$(plugin_flags "$1" "$2" "$3" "$5")
	(cd "$4/lib" && for u in lz4.c lz4hc.c lz4frame.c xxhash.c; do
		$1 -O3 -c $u -o ${u%.c}.o $flags 2>>"$4/build.log" ||
			echo "${u%.c}.o failed" >>"$4/failed"
	done)
}

# The kernel's source, unpacked once per kernel where make check-kernel
# keeps it, from the Debian package (here, or in the Debian system that
# has it: testing's 7.2, experimental's 7.3).
kernel_source() {
	kwork=${HOTINLINE_KERNEL_WORK:-/var/cache/hotinline/kernel}
	tree=$kwork/$kernel/linux-source-$kernel
	src=$tree
	[ -f "$tree/Makefile" ] && return 0
	mkdir -p "$kwork/$kernel"
	(here=$top/testsuite/kernel srcdir=$top
	 chroot_dir=${HOTINLINE_CHROOT_DIR:-/var/cache/hotinline}
	 . "$here/kernel-lib.sh"
	 step_source)
}

build_mm() { # cc plugin side dir results
	kernel_source
	rm -rf "$4" && mkdir -p "$4"
	kmake="make -C $src O=$4 CC=$1 HOSTCC=$1 -j$jobs"
	# A kernel that refuses the compiler (Linux 7.2 wants Clang 17 or
	# newer) says so, and the compiler gets that in its row.
	if ! $kmake x86_64_defconfig >"$4/build.log" 2>&1; then
		sed -n 's/^\*\*\* *//p' "$4/build.log" | grep . |
			tr '\n' ' ' >"$4/../refused"
		[ -s "$4/../refused" ] || die "$1: configuring $src failed"
		return 0
	fi
	$kmake prepare >>"$4/build.log" 2>&1
	# The marks of mm/ only: prepare's units were built without the
	# plugin.
	$kmake -k KCFLAGS="$(plugin_flags "$1" "$2" "$3" "$5")" mm/ \
		>>"$4/build.log" 2>&1 || echo "make -k mm/ failed" >"$4/failed"
}

# One compiler, both sides: in this system, or the one that has it.
audit_with() { # cc
	cc=$1
	if ! command -v "$cc" >/dev/null 2>&1; then
		system=$(sh "$top/tools/debian-chroot.sh" system-of "$cc")
		[ -n "$system" ] || die "$cc: no Debian system has it"
		# The kernel's tree unpacked here, seen there at its path.
		[ "$target" = mm ] && kernel_source
		HOTINLINE_CHROOT_BIND="${HOTINLINE_CHROOT_BIND:-} ${kwork:-}" \
		sh "$top/tools/debian-chroot.sh" "$system" run sh -c \
			"cd /src && make -s $(plugin_target "$cc") >/dev/null &&
			 HOTINLINE_AUDIT_WORK=/src/build/audit \
			 sh testsuite/real/audit.sh --one $target ${kernel:-} $cc"
		return
	fi
	one "$cc"
}

plugin_target() {
	case $1 in clang*) echo "CLANG=$1" ;; *) echo "GCC=$1" ;; esac
}

# Both sides with CC, each timed.
one() {
	cc=$1
	case $cc in clang*) kind=clang ;; *) kind=gcc ;; esac
	major=$($cc -dumpversion | cut -d. -f1)
	plugin=$top/build/$kind-$major/hotinline.so
	make -s -C "$top" $(plugin_target "$cc") >/dev/null
	[ -f "$plugin" ] || die "$plugin: make $(plugin_target "$cc") failed"
	d=$work/$name/$cc
	mkdir -p "$d"
	rm -f "$d/refused"
	for side in written disregarded; do
		rm -rf "$d/results-$side" "$d/$side"
		start=$(now)
		build_$target "$cc" "$plugin" "$side" "$d/$side" \
			"$d/results-$side"
		echo $(($(now) - start)) >"$d/$side.seconds"
		[ -f "$d/refused" ] && return 0
	done
	start=$(now)
	tool=$(summary_tool)
	"$tool" --audit "$d/results-written" "$d/results-disregarded" \
		>"$d/audit.txt"
	"$tool" --audit --json "$d/results-written" "$d/results-disregarded" \
		>"$d/audit.json"
	echo $(($(now) - start)) >"$d/audit.seconds"
}

# A hotinline-summary of this checkout that runs in this system (a Debian
# system's are linked against its own C library) and has --audit: the
# newest, which the make of the compiler's plugin has just brought up to
# date.
summary_tool() {
	for t in $(ls -t "$top"/build/*/hotinline-summary); do
		"$t" --audit 2>&1 | grep -q 'audit wants' && { echo "$t"; return; }
	done
	die "no hotinline-summary with --audit here: make first"
}

if [ "$only_one" ]; then
	one "$1"
	exit 0
fi

for cc in "$@"; do
	audit_with "$cc"
done

# The section: per compiler, the verdicts' counts and bytes; the time.
section=$(
	printf '| compiler | marked functions | needed for the build | needed for the code | changes the code | without effect | unknown | text bytes the marks cost | shared | units failed without the marks | built as written, s | without, s | audit, s |\n'
	printf '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n'
	for cc in "$@"; do
		d=$work/$name/$cc
		if [ -f "$d/refused" ]; then
			printf '| %s | the kernel refuses it: %s |||||||||||\n' \
				"$cc" "$(cat "$d/refused")"
			continue
		fi
		failed=$(grep -l '"failed"' "$d/results-disregarded"/*.json \
			2>/dev/null | wc -l)
		awk -v cc="$cc" -v failed="$failed" \
		    -v tw="$(cat "$d/written.seconds")" \
		    -v td="$(cat "$d/disregarded.seconds")" \
		    -v ta="$(cat "$d/audit.seconds")" '
		/^audit of the marks, / {
			sub(/^audit of the marks, /, ""); sub(/:.*/, "")
			compiler = $0
		}
		/^  (needed for the build|needed for the code|changes the code|without effect|unknown) / {
			line = $0; sub(/^  /, "", line)
			bytes = $NF; marks = $(NF - 1)
			v = line; sub(/ +[0-9]+ +[-+][0-9]+$/, "", v)
			count[v] = marks; cost[v] = bytes
			total += marks; sum += bytes
		}
		/^  \(shared by marks\)/ { shared = $NF }
		END {
			printf "| %s | %d | %s | %s | %s | %s | %s | %+d | %s | %d | %s | %s | %s |\n",
			    compiler, total,
			    count["needed for the build"] " (" cost["needed for the build"] ")",
			    count["needed for the code"] " (" cost["needed for the code"] ")",
			    count["changes the code"] " (" cost["changes the code"] ")",
			    count["without effect"] " (" cost["without effect"] ")",
			    count["unknown"], sum + shared, shared ? shared : "0",
			    failed, tw, td, ta
		}' "$d/audit.txt"
	done
	printf '\nMeasured on %s by `sh testsuite/real/audit.sh %s %s`; each cell of a verdict is its marks (their text bytes).\n' \
		"$(date -u +%Y-%m-%d)" "$target" "${kernel:+$kernel }$*"
	if [ $# -gt 1 ]; then
		args=
		for cc in "$@"; do
			[ -f "$work/$name/$cc/refused" ] && continue
			args="$args $work/$name/$cc/results-written $work/$name/$cc/results-disregarded"
		done
		tool=$(summary_tool)
		disagree=$("$tool" --audit $args | sed -n '/^side by side:/,$p' |
			grep '^\*' | sed "s|${tree:-//}/||g" || true)
		n=$(echo "$disagree" | grep -c . || true)
		printf '\nSide by side (`hotinline-summary --audit`): the %s marks on which the compilers disagree%s:\n\n```\n' \
			"$n" "$([ "$n" -gt 40 ] && echo ', the first 40 by name')"
		echo "${disagree:-(none: the compilers agree on every mark)}" |
			head -n 40
		printf '```\n'
	fi
)
doc=$top/docs/audit.md
begin="<!-- measured: $name -->"
end="<!-- /measured: $name -->"
grep -qF "$begin" "$doc" || printf '\n%s\n%s\n' "$begin" "$end" >>"$doc"
awk -v begin="$begin" -v end="$end" -v text="$section" '
	$0 == begin { print; print text; skip = 1; next }
	$0 == end { skip = 0 }
	!skip' "$doc" >"$doc.tmp" && mv "$doc.tmp" "$doc"
echo "audit: $name written into docs/audit.md"
