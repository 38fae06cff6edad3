#!/bin/sh
# bench-load.sh BENCH_LOAD WORKDIR: what loading a policy costs, as a
# Markdown table: instructions (callgrind, counting only the load or only
# the lookups) and the peak heap (valgrind's massif, the most the process
# ever had allocated, libyaml's buffers included).
set -eu
bin=$1 work=$2
here=$(cd "$(dirname "$0")" && pwd)
lookups=10000
mkdir -p "$work"

# Instructions executed inside function $2 of a run on policy $1.
count ()
{
	valgrind --tool=callgrind --toggle-collect="$2" --compress-strings=no \
		--callgrind-out-file="$1.$2.callgrind" "$bin" "$1" $lookups \
		> /dev/null 2>&1
	sed -n 's/^totals: //p' "$1.$2.callgrind"
}

# The share of the instructions of callgrind profile $1 spent in libyaml's
# own code: the self costs of its functions (a cost line right after
# "calls=" is a call's inclusive cost, counted at the callee).
libyaml_share ()
{
	awk '/^ob=/ { ob = $0 }
		/^calls=/ { call = 1; next }
		/^[0-9+-]/ {
			if (!call) { all += $2; if (ob ~ /libyaml/) yaml += $2 }
			call = 0
		}
		END { printf "%.0f%%", all ? 100 * yaml / all : 0 }' "$1"
}

# The peak of the heap in bytes, requested sizes plus malloc's overhead.
peak_heap ()
{
	valgrind --tool=massif --massif-out-file="$1.massif" "$bin" "$1" \
		$lookups > /dev/null 2>&1
	awk -F= '/^mem_heap_B=/ { b = $2 } /^mem_heap_extra_B=/ {
		if (b + $2 > max) max = b + $2 } END { print max + 0 }' "$1.massif"
}

echo "| policy | file bytes | load instructions | per entry | of which libyaml | peak heap bytes | lookup instructions (one name) |"
echo "|---|---|---|---|---|---|---|"
for n in 10 10000; do
	policy=$work/policy-$n.yaml
	sh "$here/bench-policy.sh" $n report mdb_page_get mdb_node_read \
		mdb_node_search > "$policy"
	load=$(count "$policy" bench_load)
	look=$(count "$policy" bench_lookups)
	heap=$(peak_heap "$policy")
	echo "$load" > "$work/load-$n.ir"
	yaml=$(libyaml_share "$policy.bench_load.callgrind")
	awk -v n=$n -v bytes="$(wc -c < "$policy")" -v load="$load" \
		-v look="$look" -v heap="$heap" -v k=$lookups -v yaml="$yaml" 'BEGIN {
		printf "| %d entries | %d | %.0f | %.0f | %s | %.0f | %.0f |\n", n,
			bytes, load, load / n, yaml, heap, look / k
	}'
done
