#!/bin/sh
# The hot-inline check of a pull request, a merge request or a patch
# series: what examples/ci/github-hotinline.yml, gitlab-ci.yml and
# mail-series.sh run (docs/review.md).  Copy it into your repository
# beside them.
#
#   sh examples/ci/check.sh BASE HEAD
#
# Builds the merge base of BASE and HEAD, then each commit up to HEAD, in a
# worktree (hotinline-check), and writes into $HOTINLINE_OUT (default
# hotinline-out):
#   hotinline.sarif                 for GitHub code scanning
#   gl-code-quality-report.json     for GitLab's Code Quality widget
#   hotinline.txt                   the text report, to paste into a mail
# Environment:
#   HOTINLINE_BUILD  the build, run by sh in the top of each commit's tree;
#                    it must give the compiler
#                    -fplugin-arg-hotinline-results=$HOTINLINE_RESULTS
#   HOTINLINE_LOCK   the project's lock, when it has one
#   HOTINLINE_CHECK  the hotinline-check to run (default: the one in PATH)
# Exit status: hotinline-check's (1: a commit lost a hot inline that no
# Hot-Inline-Dropped trailer accepts).
set -eu
if [ $# -ne 2 ]; then
	echo "usage: sh check.sh BASE HEAD" >&2
	exit 2
fi
: "${HOTINLINE_BUILD:?set HOTINLINE_BUILD to the build command}"
out=${HOTINLINE_OUT:-hotinline-out}
mkdir -p "$out"
# Where the branch left its base: the base branch may have moved on since.
base=$(git merge-base "$1" "$2")
set -- --sarif "$out/hotinline.sarif" \
	--codequality "$out/gl-code-quality-report.json" \
	--report "$out/hotinline.txt" "$base..$2"
if [ -n "${HOTINLINE_LOCK:-}" ]; then
	set -- --lock "$HOTINLINE_LOCK" "$@"
fi
exec "${HOTINLINE_CHECK:-hotinline-check}" "$@" -- sh -c "$HOTINLINE_BUILD"
