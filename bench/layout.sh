#!/bin/sh
# bench/layout.sh CLANG PLUGIN MDB WORKDIR: how much of report mode's
# measured cost on LMDB's mdb.c is where the heap puts things rather than
# work.  clang -cc1 alone and with hotinline report (the policy of the hot
# functions, and a policy of 10,000 entries, warm cache) are counted side
# by side, each compiled with a macro definition of 0, 40, 80 and 160
# characters on the command line:
# Clang keeps it on its heap, so every later allocation lands elsewhere,
# and LLVM's tables keyed by pointers probe differently, as any change to
# the plugin's own allocations makes them.  A Markdown table row per
# length, then the medians.
set -eu
clang=$1 plugin=$2 src=$3 work=$4
here=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$work"
. "$here/hot.sh"
# shellcheck disable=SC2086
sh "$here/policy.sh" 3 report $mdb_hot > "$work/report.yaml"
# shellcheck disable=SC2086
sh "$here/policy.sh" 10000 report $mdb_hot > "$work/report-10000.yaml"
# Without its debug information, as bench/clang.sh says why.
objcopy --strip-debug "$plugin" "$work/hotinline.so"
loaded="-fplugin=$work/hotinline.so -fpass-plugin=$work/hotinline.so
-fplugin-arg-hotinline-cache=$work/cache"
hot="$loaded -fplugin-arg-hotinline-policy=$work/report.yaml"
large="$loaded -fplugin-arg-hotinline-policy=$work/report-10000.yaml"

# count ID LENGTH [OPTION...]: clang -cc1's instructions into ID.ir.
count ()
{
	id=$1 length=$2
	shift 2
	if [ "$length" -gt 0 ]; then
		set -- "$@" "-DHOTINLINE_LAYOUT=$(printf "%${length}s" "" | tr ' ' x)"
	fi
	# shellcheck disable=SC2068
	line=$("$clang" -### -S -O2 -I"$(dirname "$src")" "$src" \
		-o "$work/$id.s" $@ 2>&1 | grep '"-cc1"')
	eval "set -- $line"
	# The first run fills the policy cache.
	"$@" 2> /dev/null
	valgrind --tool=cachegrind --cache-sim=no \
		--cachegrind-out-file="$work/$id.cg" "$@" 2> "$work/$id.vg" ||
		{ tail -n 5 "$work/$id.vg" >&2; exit 1; }
	sed -n 's/^summary: //p' "$work/$id.cg" > "$work/$id.ir"
}

lengths="0 40 80 160"
# Two counts at a time, in this order.
jobs=
for l in $lengths; do
	jobs="$jobs alone:$l report:$l large:$l"
done
# shellcheck disable=SC2086
run ()
{
	kind=${1%:*} l=${1#*:}
	case $kind in
	alone) count alone-$l "$l" ;;
	report) count report-$l "$l" $hot ;;
	large) count large-$l "$l" $large ;;
	esac
}
# shellcheck disable=SC2086
set -- $jobs
while [ $# -gt 0 ]; do
	run "$1" &
	first=$!
	[ $# -lt 2 ] || run "$2"
	wait $first
	shift $(( $# < 2 ? $# : 2 ))
done

echo "| macro length | Clang alone | report, 3 entries | difference | vs Clang alone | report, 10,000 entries | difference | vs Clang alone |"
echo "|---|---|---|---|---|---|---|---|"
for l in $lengths; do
	echo "$l $(cat "$work/alone-$l.ir") $(cat "$work/report-$l.ir") $(cat "$work/large-$l.ir")"
done | awk '{
	d = $3 - $2; e = $4 - $2
	printf "| %d | %.0f | %.0f | %+.0f | %+.3f%% | %.0f | %+.0f | %+.3f%% |\n",
		$1, $2, $3, d, 100 * d / $2, $4, e, 100 * e / $2
	alone[NR] = $2; report[NR] = $3; diff[NR] = d; pct[NR] = 100 * d / $2
	large[NR] = $4; ldiff[NR] = e; lpct[NR] = 100 * e / $2
	n = NR
}
function median(a,    i, j, t, b) {
	for (i = 1; i <= n; i++) b[i] = a[i]
	for (i = 1; i <= n; i++)
		for (j = i + 1; j <= n; j++)
			if (b[j] < b[i]) { t = b[i]; b[i] = b[j]; b[j] = t }
	return n % 2 ? b[(n + 1) / 2] : (b[n / 2] + b[n / 2 + 1]) / 2
}
END {
	printf "| median | %.0f | %.0f | %+.0f | %+.3f%% | %.0f | %+.0f | %+.3f%% |\n",
		median(alone), median(report), median(diff), median(pct),
		median(large), median(ldiff), median(lpct)
}'
