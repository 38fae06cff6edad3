#!/bin/sh
# Debian systems with the compilers Debian 12 does not have, for testing
# the plugin against them (made with debootstrap, kept under
# /var/cache/hotinline/SYSTEM):
#
#   forky  Debian testing: GCC 13 to 16, Clang 21
#   sid    Debian unstable: Clang 23
#   next   Debian unstable with experimental: the development snapshots,
#          GCC's trunk (gcc-snapshot) and Clang 24, and linux-source-7.3
#
#   tools/debian-chroot.sh SYSTEM create     make it, or reuse it when complete
#   tools/debian-chroot.sh SYSTEM run CMD... run CMD in it, in this checkout
#   tools/debian-chroot.sh system-of CC      the system that has compiler CC
#                                           (nothing when none has it)
#
# HOTINLINE_CHROOT_DIR   where the systems live (/var/cache/hotinline)
# HOTINLINE_MIRROR       the Debian archive (the one apt uses here, or
#                        http://deb.debian.org/debian)
# HOTINLINE_CHROOT_BIND  directories outside the checkout that a run sees
#                        at their own paths (a cache of kernel trees)
#
# Needs root and debootstrap.  The checkout is bind-mounted at /src, with
# /proc and /dev (process substitution needs /dev/fd); the mounts are
# undone however the command ends.
set -eu

SRC=$(cd "$(dirname "$0")/.." && pwd)

# What every system has: the plugin's and the testsuite's build
# dependencies, and what the tests run.
COMMON="make pkg-config binutils libyaml-dev libiberty-dev libjansson-dev libelf-dev
check libxxhash-dev libxml2-dev man-db git valgrind cmake ccache time"
# The compiler wrapper's distributed builds (testsuite/e2e/distributed.c).
DISTRIBUTED="distcc distcc-pump icecc iproute2"
# A Clang's plugin: its LLVM and Clang headers, and lld for LTO links.
clang_packages() { echo "clang-$1 llvm-$1-dev libclang-$1-dev lld-$1"; }

system_of() {
	case $1 in
	gcc-1[3-6] | g++-1[3-6] | clang-21 | clang++-21) echo forky ;;
	clang-23 | clang++-23) echo sid ;;
	*gcc-snapshot* | *g++-snapshot* | clang-24 | clang++-24) echo next ;;
	esac
}

system=${1:-}
case $system in
forky)
	SUITE=forky
	PACKAGES="$COMMON $DISTRIBUTED
	gcc-13 g++-13 gcc-13-plugin-dev gcc-14 g++-14 gcc-14-plugin-dev
	gcc-15 g++-15 gcc-15-plugin-dev gcc-16 g++-16 gcc-16-plugin-dev
	$(clang_packages 21)"
	EXPERIMENTAL= ;;
sid)
	SUITE=sid
	PACKAGES="$COMMON $DISTRIBUTED gcc g++ $(clang_packages 23)"
	EXPERIMENTAL= ;;
next)
	SUITE=sid
	PACKAGES="$COMMON $DISTRIBUTED gcc g++ gcc-snapshot libgmp-dev
	libmpfr-dev libmpc-dev xz-utils"
	EXPERIMENTAL="$(clang_packages 24) linux-source-7.3" ;;
system-of)
	system_of "${2:?usage: $0 system-of CC}"
	exit 0 ;;
*)
	echo "usage: $0 forky|sid|next create | run CMD..." >&2
	echo "       $0 system-of CC" >&2
	exit 2 ;;
esac
shift

ROOT=${HOTINLINE_CHROOT_DIR:-/var/cache/hotinline}/$system
# The stamp names the packages, so that a changed list completes the
# system again.
STAMP=$ROOT/.hotinline-complete
WANT=$(echo $SUITE $PACKAGES ${EXPERIMENTAL:+experimental $EXPERIMENTAL})

mirror() {
	if [ -n "${HOTINLINE_MIRROR:-}" ]; then
		echo "$HOTINLINE_MIRROR"
		return
	fi
	# The first Debian archive apt is configured with (deb822 or one-line).
	m=$(cat /etc/apt/sources.list.d/*.sources /etc/apt/sources.list \
		2>/dev/null | sed -n \
		-e 's|^URIs: *\(http[^ ]*/debian\)/*$|\1|p' \
		-e 's|^deb  *\(\[[^]]*\]  *\)\{0,1\}\(http[^ ]*/debian\)/* .*|\2|p' \
		| head -n 1)
	echo "${m:-http://deb.debian.org/debian}"
}

# A clean environment, but for Check's selection of suites and cases and
# make's flags: its job server, inherited through chroot, is shared with
# the testsuite's runner (tools/check-all.mk).
in_root() {
	chroot "$ROOT" /usr/bin/env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin \
		HOME=/root LC_ALL=C.UTF-8 DEBIAN_FRONTEND=noninteractive \
		${MAKEFLAGS+"MAKEFLAGS=$MAKEFLAGS"} \
		${HOTINLINE_CHECK_JOBS+"HOTINLINE_CHECK_JOBS=$HOTINLINE_CHECK_JOBS"} \
		${CK_RUN_SUITE+"CK_RUN_SUITE=$CK_RUN_SUITE"} \
		${CK_RUN_CASE+"CK_RUN_CASE=$CK_RUN_CASE"} \
		${CK_VERBOSITY+"CK_VERBOSITY=$CK_VERBOSITY"} \
		${CK_FORK+"CK_FORK=$CK_FORK"} "$@"
}

MOUNTS=
mount_in() { # what where [options]
	mkdir -p "$ROOT$2"
	mount ${3:-} "$1" "$ROOT$2"
	MOUNTS="$ROOT$2 $MOUNTS"
}
unmount_all() {
	for m in $MOUNTS; do
		umount "$m" 2>/dev/null || umount -l "$m" || true
	done
	MOUNTS=
}
trap unmount_all EXIT
trap 'exit 130' INT TERM HUP

create() {
	if [ -f "$STAMP" ] && [ "$(cat "$STAMP")" = "$WANT" ]; then
		echo "debian-chroot: reusing $ROOT"
		return
	fi
	command -v debootstrap >/dev/null || {
		echo "debian-chroot: debootstrap is not installed" >&2
		exit 1
	}
	rm -f "$STAMP"
	m=$(mirror)
	if [ ! -x "$ROOT/usr/bin/apt-get" ]; then
		echo "debian-chroot: debootstrap $SUITE into $ROOT from $m"
		rm -rf "$ROOT"
		mkdir -p "$ROOT"
		# Debian 12's debootstrap has no forky script; sid's fits.
		debootstrap --variant=minbase "$SUITE" "$ROOT" "$m" \
			/usr/share/debootstrap/scripts/sid
	fi
	{
		echo "deb $m $SUITE main"
		[ -z "$EXPERIMENTAL" ] || echo "deb $m experimental main"
	} >"$ROOT/etc/apt/sources.list"
	mount_in /proc /proc "-t proc"
	mount_in /dev /dev --bind
	# The archive's copy may be older than its Release file's validity.
	in_root apt-get -o Acquire::Check-Valid-Until=false update
	in_root apt-get install -y --no-install-recommends $PACKAGES
	# Experimental's packages are never chosen unless asked for by name.
	[ -z "$EXPERIMENTAL" ] || in_root apt-get install -y \
		--no-install-recommends -t experimental $EXPERIMENTAL
	in_root apt-get clean
	unmount_all
	echo "$WANT" >"$STAMP"
	echo "debian-chroot: $ROOT is complete"
}

run() {
	# In a mount namespace of its own: the mounts are private to this run
	# (runs may go side by side) and vanish with it, however it ends.
	if [ -z "${HOTINLINE_CHROOT_PRIVATE:-}" ]; then
		HOTINLINE_CHROOT_PRIVATE=1 exec unshare --mount \
			--propagation private sh "$0" "$system" run "$@"
	fi
	[ -f "$STAMP" ] || {
		echo "debian-chroot: no complete system at $ROOT;" \
			"run $0 $system create" >&2
		exit 1
	}
	# The root a mount of its own, so that unshare --mount works in it
	# (the icecream tests).
	mount_in "$ROOT" "" --bind
	mount_in /proc /proc "-t proc"
	mount_in /dev /dev --bind
	mount_in /dev/pts /dev/pts --bind
	mount_in /dev/shm /dev/shm --bind
	mount_in "$SRC" /src --bind
	for d in ${HOTINLINE_CHROOT_BIND:-}; do
		mount_in "$d" "$d" --bind
	done
	cp /etc/resolv.conf "$ROOT/etc/resolv.conf" 2>/dev/null || true
	status=0
	in_root sh -c 'cd /src && exec "$@"' sh "$@" || status=$?
	unmount_all
	return $status
}

[ "$(id -u)" -eq 0 ] || { echo "debian-chroot: needs root" >&2; exit 1; }
case "${1:-}" in
create) create ;;
run) shift; run "$@" ;;
*) echo "usage: $0 $system create | run CMD..." >&2; exit 2 ;;
esac
