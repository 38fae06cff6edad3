#!/bin/sh
# The review gate on a kernel series: hotinline-check over BASE..HEAD of
# Linux 6.1 x86_64_defconfig, each commit's check timed against the
# incremental build of the same commit without the plugin and the tool.
#
#   sh bench/check-series.sh [OPTION...]
#
#   --tree TREE     a kernel git repository holding the series (default:
#                   WORK/linux-6.1, made when absent from Debian's
#                   /usr/src/linux-source-6.1.tar.xz and the patches of
#                   bench/xarray-series/)
#   --range R       the series (default: base..HEAD)
#   --cc CC         gcc-N or clang-N (default: gcc-12)
#   --plugin P      its plugin (default: build/CC/hotinline.so)
#   --policy P      the policy (default: policies/linux-xarray.yaml); its
#                   always_inline entries are made report entries, in
#                   WORK/policy.yaml: the gate reports, it forces nothing
#   --work WORK     the work area (default: /var/cache/hotinline/check-series;
#                   $HOTINLINE_CHECK_SERIES_WORK)
#   --jobs N        make -jN (default: the number of CPUs)
#   --tool T        hotinline-check (default: tools/hotinline-check.sh);
#                   hotinline-summary is $HOTINLINE_SUMMARY, else
#                   build/gcc-MAJOR/hotinline-summary of the default gcc
#   --own           without hotinline-check: the same steps by hand (a
#                   worktree built at BASE with results, then each commit
#                   checked out and built, and hotinline-summary --diff
#                   on the units it rebuilt)
#   --target T      what make builds (default: vmlinux)
#   --expect N...   the commits of the series (1 is the first) that must
#                   be named as losing a hot inline, the others clean
#                   (default: 2, the series' xas_descend commit); "none"
#                   for none
#
# Exit status: 0 when the commits named are the ones expected, 1 when
# not, 2 when a build or the tool failed.
#
# Both sides are built in git worktrees of TREE, in-tree, with
# x86_64_defconfig: WORK/check/tree (hotinline-check's, --work WORK/check)
# and WORK/plain (no plugin, no tool).  They advance side by side: each time the tool
# runs its build command for a commit, the command first checks the
# same commit out in WORK/plain and builds it there, then builds the
# tool's tree with the plugin.  Whatever else the machine does falls on
# both sides of a commit alike; each commit's figures are
#   plain   checkout and incremental make, no plugin
#   check   the commit's build with the plugin, then the tool's own
#           work until it runs the next commit's build or exits (its
#           diff of the units this commit rebuilt, its checkout of the
#           next commit, its report)
# and their ratio, wall and CPU (CPU: make's user + system, the tool's
# own work left out).  BASE's row is its full build on both sides.
# Wall times on a shared machine vary: read the ratio, never a lone
# time.
#
# Each run starts both trees from scratch (two full builds, 30 to 45
# minutes on 2 cores).  The plugin, hotinline-check and
# hotinline-summary are copied into WORK first, so that a rebuild of the
# checkout during the run changes nothing.  What it leaves in WORK:
# report.txt (the tool's text report), check.out (all it printed),
# steps.tsv (every build, timed), objdump.tsv (calls to the hot function
# in its object, each side and commit), table.md (the figures).
set -eu
export LC_ALL=C

here=$(cd "$(dirname "$0")" && pwd)
srcdir=$(cd "$here/.." && pwd)

# The build command the tool runs for each commit (this script again):
# --step WORK MAKEARGS..., in the tool's worktree.  $ccvars and $target
# are words to split.
# shellcheck disable=SC2086
if [ "${1:-}" = --step ]; then
	work=$2
	shift 2
	. "$work/env"
	rev=$(git rev-parse HEAD)
	now() { date +%s.%N; }
	cpu() { # FILE: user + system of /usr/bin/time's line
		awk '{ printf "%.2f", $3 + $5 }' "$1"
	}
	xcalls() { # OBJECT: calls to the hot function in it
		if [ -f "$1" ]; then
			objdump -d "$1" | grep -c "call.*<$hot_func>" || true
		else
			echo -
		fi
	}
	w0=$(now)
	# The plain side, the same commit.
	(
		cd "$work/plain"
		git checkout -q --detach "$rev"
		[ -f .config ] || make -s $ccvars x86_64_defconfig
		/usr/bin/time -o "$work/plain.time" -f '%e real %U user %S sys' \
			make -s -j"$jobs" $ccvars ${plain_kcflags:+KCFLAGS="$plain_kcflags"} \
			$target >>"$work/plain.log" 2>&1
	) || { echo "check-series: the plain build of $rev failed: $work/plain.log" >&2; exit 1; }
	p1=$(now)
	# The tool's side, with the plugin.
	[ -f .config ] || make -s $ccvars x86_64_defconfig
	echo "$rev $*" >>"$work/check.log"
	rc=0
	/usr/bin/time -o "$work/check.time" -f '%e real %U user %S sys' \
		make -s -j"$jobs" $ccvars "$@" $target >>"$work/check.log" 2>&1 || rc=$?
	c1=$(now)
	printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$rev" "$w0" "$p1" "$c1" \
		"$(cpu "$work/plain.time")" "$(cpu "$work/check.time")" \
		"$(awk '{ print $1 }' "$work/check.time")" "$rc" >>"$work/steps.tsv"
	printf '%s\t%s\t%s\n' "$rev" "$(xcalls "$work/plain/$hot_obj")" \
		"$(xcalls "$PWD/$hot_obj")" >>"$work/objdump.tsv"
	exit $rc
fi

tree='' range=base..HEAD cc=gcc-12 policy=$srcdir/policies/linux-xarray.yaml
work=${HOTINLINE_CHECK_SERIES_WORK:-/var/cache/hotinline/check-series}
jobs=$(nproc) tool=$srcdir/tools/hotinline-check.sh own='' target=vmlinux
plugin='' expect=2
hot_obj=lib/xarray.o hot_func=xas_descend
while [ $# -gt 0 ]; do
	case $1 in
	--tree) tree=$2; shift ;;
	--range) range=$2; shift ;;
	--cc) cc=$2; shift ;;
	--plugin) plugin=$2; shift ;;
	--policy) policy=$2; shift ;;
	--work) work=$2; shift ;;
	--jobs) jobs=$2; shift ;;
	--tool) tool=$2; shift ;;
	--own) own=1 ;;
	--target) target=$2; shift ;;
	--expect) expect=$2; shift ;;
	*) sed -n '2,/^set -eu/p' "$0" | sed '$d;s/^# \{0,1\}//'; exit 2 ;;
	esac
	shift
done
# The kernel's make takes no flags of a make that runs this script.
unset MAKEFLAGS MFLAGS MAKELEVEL
mkdir -p "$work"
work=$(cd "$work" && pwd)
policy=$(realpath "$policy")
summary=${HOTINLINE_SUMMARY:-$srcdir/build/gcc-$(gcc -dumpversion | cut -d. -f1)/hotinline-summary}
[ -x "$summary" ] || { echo "no $summary: make" >&2; exit 1; }
[ -n "$own" ] || [ -f "$tool" ] ||
	{ echo "no $tool (--own: the same steps without it)" >&2; exit 1; }
for need in objdump flex bison bc /usr/bin/time; do
	command -v $need >/dev/null ||
		{ echo "the kernel build needs $need" >&2; exit 1; }
done

# The series: the pristine kernel, the base commit, the three commits.
if [ -z "$tree" ]; then
	tree=$work/linux-6.1
	if [ ! -d "$tree/.git" ]; then
		tarball=/usr/src/linux-source-6.1.tar.xz
		[ -f "$tarball" ] || apt-get install -y -q linux-source-6.1 >/dev/null
		rm -rf "$tree" "$tree.tmp"
		mkdir -p "$tree.tmp"
		tar -C "$tree.tmp" -xf "$tarball"
		mv "$tree.tmp/linux-source-6.1" "$tree"
		rmdir "$tree.tmp"
		g() { git -C "$tree" -c user.name=bench \
			-c user.email=bench@example.invalid "$@"; }
		g init -q
		# Debian's .gitignore ignores every top-level path: -f.
		g add -f -A
		g commit -q -m "Linux 6.1 (Debian linux-source-6.1), pristine"
		g tag pristine
		g am -q "$here"/xarray-series/0000-*.patch
		g tag base
		g am -q "$here"/xarray-series/000[1-9]-*.patch
	fi
fi
tree=$(cd "$tree" && pwd)
base=${range%%..*}
git -C "$tree" rev-parse -q --verify "$base^{commit}" >/dev/null ||
	{ echo "no commit $base in $tree" >&2; exit 1; }

# The plugin and the policy, copied where a rebuild of the checkout
# cannot change them during the run (GCC takes a plugin by its file
# name: hotinline.so), and rewritten only when they changed.
plugin=${plugin:-$srcdir/build/$cc/hotinline.so}
[ -f "$plugin" ] || { echo "no $plugin: make the plugin for $cc" >&2; exit 1; }
mkdir -p "$work/plugin" "$work/bin"
cmp -s "$plugin" "$work/plugin/hotinline.so" || cp "$plugin" "$work/plugin/hotinline.so"
cp "$summary" "$work/bin/hotinline-summary"
[ -n "$own" ] || cp "$tool" "$work/bin/hotinline-check"
sed 's/action: always_inline/action: report/' "$policy" >"$work/policy.yaml.new"
if cmp -s "$work/policy.yaml.new" "$work/policy.yaml"; then
	rm "$work/policy.yaml.new"
else
	mv "$work/policy.yaml.new" "$work/policy.yaml"
fi
case $cc in
clang-*) ccvars="LLVM=-${cc#clang-}" plain_kcflags=-gline-tables-only
	 kcflags="-gline-tables-only -fplugin=$work/plugin/hotinline.so -fpass-plugin=$work/plugin/hotinline.so" ;;
gcc-*) ccvars="CC=$cc HOSTCC=$cc" plain_kcflags=
       kcflags="-fplugin=$work/plugin/hotinline.so" ;;
*) echo "unknown compiler '$cc': gcc-N or clang-N" >&2; exit 2 ;;
esac
kcflags="$kcflags -fplugin-arg-hotinline-policy=$work/policy.yaml"
kcflags="$kcflags -fplugin-arg-hotinline-no-werror"
kcflags="$kcflags -fplugin-arg-hotinline-results=@RESULTS@"

# Both trees from scratch.
for d in check/tree plain; do
	git -C "$tree" worktree remove --force "$work/$d" 2>/dev/null || true
done
rm -rf "${work:?}/check" "$work/plain"
git -C "$tree" worktree prune
rm -rf "$work/results" "$work/own"
rm -f "$work"/steps.tsv "$work"/objdump.tsv "$work"/*.log "$work"/*.time \
	"$work/report.txt" "$work/check.out" "$work/table.md"
# The plain side's worktree, timed: the tool's is in its BASE row.
wt0=$(date +%s.%N)
git -C "$tree" worktree add -q --detach "$work/plain" "$base"
wt1=$(date +%s.%N)
cat >"$work/env" <<EOF
jobs='$jobs' ccvars='$ccvars' plain_kcflags='$plain_kcflags' target='$target'
hot_obj='$hot_obj' hot_func='$hot_func'
EOF

commits=$(git -C "$tree" rev-list --reverse "$range")
echo "check-series: $tree $range ($(echo $commits | wc -w) commits), $cc, $(date -u +%Y-%m-%dT%H:%MZ)"
t0=$(date +%s.%N)
rc=0
if [ -z "$own" ]; then
	(cd "$tree" && HOTINLINE_SUMMARY=$work/bin/hotinline-summary \
		exec sh "$work/bin/hotinline-check" --work "$work/check" --keep \
		--report "$work/report.txt" "$range" -- \
		sh "$here/check-series.sh" --step "$work" KCFLAGS="$kcflags") \
		>"$work/check.out" 2>&1 || rc=$?
else
	# The tool's steps by hand: the results directory stays the same
	# path (Kbuild would rebuild every unit for a changed KCFLAGS);
	# after each build its files, those of the units just rebuilt, move
	# to their commit's directory, and each is compared with the last
	# results of the same unit.
	own_build() { # NAME
		live=$work/own/live
		mkdir -p "$live" "$work/own/$1" "$work/own/current"
		(cd "$work/check/tree" && sh "$here/check-series.sh" --step "$work" \
			KCFLAGS="$(echo "$kcflags" | sed "s|@RESULTS@|$live|")") || return 1
		find "$live" -name '*.json' -exec mv -t "$work/own/$1" {} +
	}
	mkdir -p "$work/check"
	git -C "$tree" worktree add -q --detach "$work/check/tree" "$base"
	own_build base
	cp "$work/own/base/"* "$work/own/current/"
	n=0 named=''
	for c in $commits; do
		n=$((n + 1))
		git -C "$work/check/tree" checkout -q --detach "$c"
		own_build "$n" || { rc=2; break; }
		mkdir -p "$work/own/old-$n"
		for f in "$work/own/$n/"*.json; do
			[ -f "$f" ] || continue
			b=$(basename "$f")
			[ -f "$work/own/current/$b" ] && cp "$work/own/current/$b" "$work/own/old-$n/"
			cp "$f" "$work/own/current/"
		done
		{
			echo "== $(git -C "$tree" log -1 --format='%h %s' "$c")"
			echo "units rebuilt with results: $(ls "$work/own/$n" | wc -l)"
			drc=0
			"$work/bin/hotinline-summary" --diff "$work/own/old-$n" "$work/own/$n" || drc=$?
			echo
		} >>"$work/report.txt" 2>&1
		case $drc in
		0) ;;
		1) rc=1 named="$named $(git -C "$tree" rev-parse --short=12 "$c")" ;;
		*) rc=2 ;;
		esac
	done
	if [ -n "$named" ]; then
		echo "$n commits checked, $(echo $named | wc -w) lost a hot inline:$named"
	else
		echo "$n commits checked, none lost a hot inline"
	fi >>"$work/report.txt"
	cp "$work/report.txt" "$work/check.out"
fi
t1=$(date +%s.%N)
echo "$t1" >"$work/end"
[ -f "$work/report.txt" ] || cp "$work/check.out" "$work/report.txt"
echo "check-series: the check exited $rc (1: a commit lost a hot call site)"
cat "$work/check.out"

# The table: one row per build (BASE's full one, then each commit's).
awk -F'\t' -v start="$t0" -v end="$t1" -v wt="$wt0 $wt1" -v tree="$tree" '
	NR == FNR { n++; rev[n] = $1; w0[n] = $2; p1[n] = $3; c1[n] = $4
		    pc[n] = $5; cc[n] = $6; cw[n] = $7; next }
	{ calls_p[$1] = $2; calls_c[$1] = $3 }
	END {
		print "| commit | plain: wall s | CPU s | check: wall s | of it, build | CPU s | wall ratio | CPU ratio | calls to the hot function, plain/check |"
		print "|---|---:|---:|---:|---:|---:|---:|---:|---:|"
		for (i = 1; i <= n; i++) {
			pw = p1[i] - w0[i]
			# BASE: the plain side'"'"'s worktree too
			if (i == 1) { split(wt, t, " "); pw += t[2] - t[1] }
			# the tool'"'"'s own time after this build: until the
			# next build starts, or the tool exits
			next_start = (i < n) ? w0[i + 1] : end
			build = c1[i] - p1[i]
			chk = next_start - p1[i]
			# BASE: the tool'"'"'s start (its worktree) too
			if (i == 1) chk += w0[1] - start
			cmd = "git -C " tree " log -1 --format=%h\\ %s " rev[i]
			cmd | getline subj; close(cmd)
			printf "| %s%s | %.0f | %.0f | %.0f | %.0f | %.0f | %.2f | %.2f | %s/%s |\n",
				(i == 1 ? "BASE (full build) " : ""), subj, pw, pc[i], chk, build, cc[i],
				chk / pw, (pc[i] > 0 ? cc[i] / pc[i] : 0), calls_p[rev[i]], calls_c[rev[i]]
		}
	}' "$work/steps.tsv" "$work/objdump.tsv" | tee "$work/table.md"
echo "check-series: total $(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.0f", b - a }') s (both sides); $work/table.md"

# The commits named against those expected.
[ "$rc" -le 1 ] || { echo "check-series: the check failed (exit $rc)"; exit 2; }
want=''
if [ "$expect" != none ]; then
	for i in $expect; do
		c=$(echo $commits | cut -d' ' -f"$i")
		[ -n "$c" ] || { echo "check-series: no commit $i in $range" >&2; exit 2; }
		want="$want $(git -C "$tree" rev-parse --short=12 "$c")"
	done
fi
got=$(sed -n 's/.* lost a hot inline:\([^,]*\).*/\1/p' "$work/report.txt" | tail -n 1)
norm() { echo $* | tr ' ' '\n' | sort | tr '\n' ' '; }
if [ "$(norm $got)" = "$(norm $want)" ]; then
	echo "check-series: named${got:- none}, as expected"
else
	echo "check-series: named${got:- none}, expected${want:- none}"
	exit 1
fi
