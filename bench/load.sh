#!/bin/sh
# bench/load.sh BENCH_LOAD WORKDIR: what loading a policy costs, as a
# Markdown table: instructions (callgrind, counting only the load or only
# the lookups) and the peak heap (valgrind's massif, the most the process
# ever had allocated, libyaml's buffers included).
set -eu
bin=$1 work=$2
here=$(cd "$(dirname "$0")" && pwd)
. "$here/hot.sh"
lookups=10000
mkdir -p "$work"

# Instructions executed inside function $2 of a run on policy $1, with
# the policy cache $3 (none, or warm: filled by a run before).
count ()
{
	export HOTINLINE_BENCH_CACHE="$work/cache"
	[ "$3" = warm ] || unset HOTINLINE_BENCH_CACHE
	rm -rf "$work/cache"
	[ "$3" != warm ] || "$bin" "$1" 1 > /dev/null
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

# The peak of the heap in bytes, requested sizes plus malloc's overhead
# (a mapped image is not heap: its size is given apart).
peak_heap ()
{
	export HOTINLINE_BENCH_CACHE="$work/cache"
	[ "$2" = warm ] || unset HOTINLINE_BENCH_CACHE
	rm -rf "$work/cache"
	[ "$2" != warm ] || "$bin" "$1" 1 > /dev/null
	valgrind --tool=massif --massif-out-file="$1.massif" "$bin" "$1" \
		$lookups > /dev/null 2>&1
	awk -F= '/^mem_heap_B=/ { b = $2 } /^mem_heap_extra_B=/ {
		if (b + $2 > max) max = b + $2 } END { print max + 0 }' "$1.massif"
}

echo "| policy | cache | file bytes | load instructions | per entry | of which libyaml | peak heap bytes | image bytes | lookup instructions (one name) |"
echo "|---|---|---|---|---|---|---|---|---|"
for n in 10 10000; do
	policy=$work/policy-$n.yaml
	# shellcheck disable=SC2086
	sh "$here/policy.sh" $n report $mdb_hot > "$policy"
	for cache in none warm; do
		load=$(count "$policy" bench_load $cache)
		look=$(count "$policy" bench_lookups $cache)
		heap=$(peak_heap "$policy" $cache)
		image=0
		[ $cache = none ] || image=$(cat "$work"/cache/*.hpi | wc -c)
		echo "$load" > "$work/load-$n-$cache.ir"
		yaml=$(libyaml_share "$policy.bench_load.callgrind")
		awk -v n=$n -v bytes="$(wc -c < "$policy")" -v load="$load" \
			-v look="$look" -v heap="$heap" -v k=$lookups -v yaml="$yaml" \
			-v cache=$cache -v image="$image" 'BEGIN {
			printf "| %d entries | %s | %d | %.0f | %.0f | %s | %.0f | %d | %.0f |\n", n,
				cache == "none" ? "none (parsed)" : "warm (mapped)",
				bytes, load, load / n, yaml, heap, image, look / k
		}'
	done
done
