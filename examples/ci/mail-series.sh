#!/bin/sh
# A patch series received by mail, checked commit by commit: which patch
# drops a hot inline (docs/review.md).
#
#   sh examples/ci/mail-series.sh SERIES.mbox BASE
#
# Applies the series (git am) on BASE in a scratch worktree, leaving the
# tree you work in as it is, then runs check.sh on it with the same
# environment (HOTINLINE_BUILD, HOTINLINE_OUT, HOTINLINE_LOCK).  The text
# report, ready to paste into the reply, is $HOTINLINE_OUT/hotinline.txt.
# Get the mbox from the list with b4: b4 am -o - MESSAGE-ID > SERIES.mbox
set -eu
if [ $# -ne 2 ]; then
	echo "usage: sh mail-series.sh SERIES.mbox BASE" >&2
	exit 2
fi
mbox=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
base=$(git rev-parse --verify "$2^{commit}")
here=$(cd "$(dirname "$0")" && pwd)
scratch=$(mktemp -d "${TMPDIR:-/tmp}/series.XXXXXX")
trap 'git worktree remove --force "$scratch/tree" >/dev/null 2>&1 || true; rm -rf "$scratch"' EXIT
git worktree add -q --detach "$scratch/tree" "$base"
git -C "$scratch/tree" am -q "$mbox"
head=$(git -C "$scratch/tree" rev-parse HEAD)
echo "series: $(git rev-list --count "$base..$head") patches on $(git rev-parse --short=12 "$base")"
st=0
sh "$here/check.sh" "$base" "$head" || st=$?
exit $st
