#!/bin/sh
# make in a kernel tree with compiler CC, in the Debian system of
# tools/debian-chroot.sh that has CC when this one does not (gcc-13 to 16
# and clang-21 in testing, clang-23 in unstable).  Paths in the arguments
# are this system's: those inside the checkout are given to that system
# as it sees them (/src);
# a tree or object directory outside it is bound there at its own path.
#
#   sh testsuite/kernel/kernel-make.sh CC TREE OBJDIR [MAKE ARGUMENTS...]
set -eu
cc=$1 tree=$2 objdir=$3
shift 3
srcdir=$(cd "$(dirname "$0")/../.." && pwd)
case $cc in
clang-*) vars="LLVM=-${cc#clang-}" ;;
gcc-*) vars="CC=$cc HOSTCC=$cc" ;;
*) echo "unknown compiler '$cc': gcc-N or clang-N" >&2; exit 2 ;;
esac
if command -v "$cc" >/dev/null 2>&1; then
	# shellcheck disable=SC2086
	exec make -s -C "$tree" O="$objdir" $vars "$@"
fi
system=$(sh "$srcdir/tools/debian-chroot.sh" system-of "$cc")
[ -n "$system" ] || { echo "$cc: not found" >&2; exit 2; }
at() {
	case $1 in
	"$srcdir"/*) echo "/src${1#"$srcdir"}" ;;
	*) echo "$1" ;;
	esac
}
bind=
for d in "$tree" "$objdir"; do
	case $d in "$srcdir"/*) ;; *) bind="$bind $(dirname "$d")" ;; esac
done
export HOTINLINE_CHROOT_BIND="${HOTINLINE_CHROOT_BIND-$bind}"
args=
for a in "$@"; do
	args="$args '$(printf '%s' "$a" | sed "s|$srcdir/|/src/|g; s|'|'\\\\''|g")'"
done
# The kernel's build tools, on first use.
sh "$srcdir/tools/debian-chroot.sh" "$system" run sh -c 'command -v flex bison bc \
	>/dev/null && [ -f /usr/include/libelf.h ] &&
	[ -f /usr/include/openssl/ssl.h ] ||
	apt-get install -y -q flex bison bc libelf-dev libssl-dev >/dev/null'
exec sh "$srcdir/tools/debian-chroot.sh" "$system" run sh -c \
	"exec make -s -C '$(at "$tree")' O='$(at "$objdir")' $vars $args"
