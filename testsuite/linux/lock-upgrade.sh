#!/bin/sh
# A lock across a compiler upgrade, on Linux 6.1 (x86_64_defconfig): the
# units the shipped policies name, built by OLD with a report policy and
# their results locked (hotinline-summary --lock), then by NEW without the
# lock and with it.  Two policies: the shipped ones (policies/linux-*.yaml,
# every entry reporting) and every function of those units ("*").
#
#   sh testsuite/linux/lock-upgrade.sh OLD NEW LINUX_TARBALL WORKDIR
#
# OLD and NEW are gcc-N or clang-N, each with its plugin built in
# build/<compiler>/hotinline.so.  For each policy it prints, in one line:
#   pinned     caller/callee pairs OLD inlined every call of (the lock's
#              always_inline entries)
#   lost       of those, pairs NEW leaves a call in without the lock
#   lost-lock  the same with the lock, each with the warning that says why
#   changed    functions whose code the lock changes (NEW with the lock
#              against NEW without it)
#   beyond     of those, functions that are neither a pinned caller nor a
#              hot function: the goal is 0
# and fails when a site is lost with the lock and no warning says why, or
# when the lock changes a function beyond its pinned callers.
#
# The kernel is unpacked once in WORKDIR and configured once per compiler
# (WORKDIR/o-COMPILER); a second run rebuilds only the units.  A GCC this
# system does not have (gcc-13 to gcc-16 on Debian 12) runs in the Debian
# testing system of tools/debian-chroot.sh, which sees this checkout at
# /src: WORKDIR must then be inside the checkout (build/linux-lock), and
# the kernel's build tools are installed there on first use.
set -eu
export LC_ALL=C
old=$1 new=$2 tarball=$3 work=$4
srcdir=$(cd "$(dirname "$0")/../.." && pwd)
summary=${HOTINLINE_SUMMARY:-$srcdir/build/gcc-12/hotinline-summary}
. "$srcdir/testsuite/lock-figures.sh"
units="lib/xarray.o mm/memory.o kernel/sched/fair.o"
mkdir -p "$work"
work=$(cd "$work" && pwd)
tree=$work/$(basename "$tarball" .tar.xz)
if [ ! -f "$tree/Makefile" ]; then
	echo "unpacking $tarball"
	tar -C "$work" -xf "$tarball"
fi

# Whether CC runs in the testing system.
in_chroot() {
	! command -v "$1" >/dev/null 2>&1 && [ "${1#gcc-}" != "$1" ]
}

# PATH as compiler CC sees it.
at() {
	if in_chroot "$1"; then
		case $2 in
		"$srcdir"/*) echo "/src${2#"$srcdir"}" ;;
		*) echo "$2 is not in $srcdir, which the testing system" \
			"sees as /src" >&2; exit 2 ;;
		esac
	else
		echo "$2"
	fi
}

# The make variables that select compiler CC.
cc_vars() {
	case $1 in
	clang-*) echo "LLVM=-${1#clang-}" ;;
	gcc-*) echo "CC=$1 HOSTCC=$1" ;;
	*) echo "unknown compiler '$1': gcc-N or clang-N" >&2; exit 2 ;;
	esac
}

# The arguments that load CC's plugin.
plugin_args() {
	p=$srcdir/build/$1/hotinline.so
	[ -f "$p" ] || { echo "no plugin $p: make the plugin for $1" >&2;
		exit 2; }
	p=$(at "$1" "$p")
	case $1 in
	clang-*) echo "-fplugin=$p -fpass-plugin=$p" ;;
	*) echo "-fplugin=$p" ;;
	esac
}

kmake() {
	cc=$1
	shift
	if in_chroot "$cc"; then
		# shellcheck disable=SC2046
		sh "$srcdir/tools/debian-chroot.sh" forky run make -s \
			-C "$(at "$cc" "$tree")" O="$(at "$cc" "$work/o-$cc")" \
			$(cc_vars "$cc") "$@"
	else
		# shellcheck disable=SC2046
		make -s -C "$tree" O="$work/o-$cc" $(cc_vars "$cc") "$@"
	fi
}

# The kernel's build tools, in the testing system.
if in_chroot "$new" || in_chroot "$old"; then
	sh "$srcdir/tools/debian-chroot.sh" forky run sh -c 'command -v flex bison bc \
		>/dev/null && [ -f /usr/include/libelf.h ] ||
		apt-get install -y -q flex bison bc libelf-dev libssl-dev \
		>/dev/null'
fi

# build CC NAME KCFLAGS: the units into $work/CC-NAME/, stderr into
# $work/CC-NAME.err.
build() {
	out=$work/$1-$2
	[ -f "$work/o-$1/.config" ] || kmake "$1" x86_64_defconfig
	for u in $units; do rm -f "$work/o-$1/$u"; done
	# shellcheck disable=SC2086
	kmake "$1" $units KCFLAGS="$3" 2>"$out.err" ||
		{ cat "$out.err"; exit 1; }
	rm -rf "$out" && mkdir -p "$out"
	for u in $units; do cp "$work/o-$1/$u" "$out/$(basename "$u")"; done
}

report_policies() {
	for p in "$srcdir"/policies/linux-*.yaml; do
		sed 's/action: always_inline/action: report/' "$p" \
			>"$work/report-$(basename "$p")"
		printf ' -fplugin-arg-hotinline-policy=%s' \
			"$work/report-$(basename "$p")"
	done
}

every_function_policy() {
	cat >"$work/every.yaml" <<-EOF
	version: 1
	functions:
	  - {name: "*", action: report, severity: note}
	EOF
	printf ' -fplugin-arg-hotinline-policy=%s' "$work/every.yaml"
}

status=0
for kind in shipped every; do
	case $kind in
	shipped) policy=$(report_policies) ;;
	every) policy=$(every_function_policy) ;;
	esac
	# -g: Clang names the function a call left is written in only
	# from the debug information.
	common="-g -fplugin-arg-hotinline-no-werror -fplugin-arg-hotinline-quiet"
	policy_old=$(for a in $policy; do printf ' %s=%s' "${a%%=*}" \
		"$(at "$old" "${a#*=}")"; done)
	policy_new=$(for a in $policy; do printf ' %s=%s' "${a%%=*}" \
		"$(at "$new" "${a#*=}")"; done)
	t0=$(date +%s)
	rm -rf "$work/res-$kind-$old" "$work/res-$kind-$new"
	build "$old" "$kind" "$(plugin_args "$old") $common $policy_old \
-fplugin-arg-hotinline-results=$(at "$old" "$work/res-$kind-$old")"
	lock=$work/$kind-$old.lock.yaml
	"$summary" --lock "$lock" "$work/res-$kind-$old" 2>/dev/null
	build "$new" "$kind" "$(plugin_args "$new") $common $policy_new \
-fplugin-arg-hotinline-results=$(at "$new" "$work/res-$kind-$new")"
	"$summary" --lock "$work/$kind-$new.lock.yaml" "$work/res-$kind-$new" \
		2>/dev/null
	rm -rf "$work/res-$kind-$new-lock"
	build "$new" "$kind-lock" "$(plugin_args "$new") -g \
-fplugin-arg-hotinline-no-werror $policy_new \
-fplugin-arg-hotinline-lock=$(at "$new" "$lock") \
-fplugin-arg-hotinline-results=$(at "$new" "$work/res-$kind-$new-lock")"
	"$summary" --lock "$work/$kind-$new-lock.lock.yaml" \
		"$work/res-$kind-$new-lock" 2>/dev/null

	t1=$(date +%s)
	lock_figures "$kind policy, $old -> $new" "$lock" \
		"$work/$kind-$new.lock.yaml" "$work/$kind-$new-lock.lock.yaml" \
		"$work/$new-$kind-lock.err" "$work/$new-$kind" \
		"$work/$new-$kind-lock" "$work" || status=1
	echo "  ($((t1 - t0)) s)"
done
exit $status
