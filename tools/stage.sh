#!/bin/sh
# One stage of make check-all or CI, timed:
#
#   tools/stage.sh DIR NAME CMD...     run CMD, its output in DIR/NAME.log
#   tools/stage.sh --table DIR [MAX]   the table of DIR's stages; with MAX
#                                      (seconds), fail when the run from
#                                      the first stage's start to the
#                                      last one's end took longer
#
# A stage's line in DIR/NAME.time: start (seconds since the epoch), wall
# and CPU seconds (user + system, its children's included), exit status
# and the last Check summary line of its log, if any.
set -u

if [ "$1" = --table ]; then
	dir=$2 max=${3:-}
	cat "$dir"/*.time 2>/dev/null | sort -n -k1,1 | awk -v max="$max" '
	BEGIN { FS = "\t" }
	{
		start[NR] = $1; name[NR] = $2; wall[NR] = $3; cpu[NR] = $4
		status[NR] = $5; checks[NR] = $6
		if (NR == 1 || $1 < first) first = $1
		if ($1 + $3 > last) last = $1 + $3
		cputotal += $4
	}
	END {
		printf "%-34s %8s %8s %8s  %s\n", "stage", "start", "wall s", "cpu s", "result"
		for (i = 1; i <= NR; i++)
			printf "%-34s %8d %8d %8d  %s\n", name[i], start[i] - first,
				wall[i], cpu[i], status[i] == 0 ? checks[i] : "FAILED (exit " status[i] ")"
		total = last - first
		printf "%-34s %8s %8d %8d  %d:%02d\n", "whole run", "", total, cputotal,
			total / 60, total % 60
		if (max != "" && total > max) {
			printf "\nThe run took %d:%02d, over the budget of %d minutes; the slowest stages:\n",
				total / 60, total % 60, max / 60
			for (k = 1; k <= 5 && k <= NR; k++) {
				best = 0
				for (i = 1; i <= NR; i++)
					if (!done[i] && (best == 0 || wall[i] > wall[best])) best = i
				done[best] = 1
				printf "  %-32s %6d s\n", name[best], wall[best]
			}
			exit 1
		}
	}'
	exit
fi

dir=$1 name=$2
shift 2
mkdir -p "$dir"
log=$dir/$name.log
start=$(date +%s)
# The shell's "times": its children's user and system time, last line.
( "$@" > "$log" 2>&1; s=$?; times > "$dir/$name.times"; exit $s )
status=$?
wall=$(( $(date +%s) - start ))
cpu=$(tail -n 1 "$dir/$name.times" | awk '
	function secs(t) { split(t, p, "m"); return p[1] * 60 + p[2] }
	{ printf "%.0f", secs($1) + secs($2) }')
checks=$(grep -E '^[0-9]+%: Checks: ' "$log" | tail -n 1)
# A layers check (tools/layers.sh) says which units it found in order.
[ -n "$checks" ] || checks=$(grep -E '^[a-z-]+: lowest first: ' "$log" |
	awk '{ print $1, NF - 3, "units, each calling only down" }' | tail -n 1)
printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$start" "$name" "$wall" "$cpu" \
	"$status" "$checks" > "$dir/$name.time"
if [ "$status" -eq 0 ]; then
	echo "=== $name: ${checks:-done} ($wall s)"
else
	echo "=== $name FAILED (exit $status), the end of $log:"
	tail -n 40 "$log"
fi
exit "$status"
