#!/bin/sh
# hotinline-summary at the scale of a real build: the time and peak memory
# of the text summary, of --html and of --diff (the build with itself: every
# call matched by identity, two builds in memory) over N results files, for
# each N given.
#   sh bench/summary.sh GCC PLUGIN SUMMARY WORKDIR N...
# One real unit is compiled with the plugin (a source whose hot calls are
# partly in a shared header, partly its own, some left inside inlined
# code); its results file is the template of N synthetic units, each
# naming its own copy of the source, so that the sites of the
# header are shared by every unit and the others grow with the build, as
# in a real one.  Prints a Markdown table.
set -eu
gcc=$1 plugin=$(realpath "$2") summary=$(realpath "$3") work=$(realpath -m "$4")
shift 4
rm -rf "$work"
mkdir -p "$work/template"
cd "$work/template"

# The shared header: hot calls inside static inline functions, each
# inlined into many functions of every unit.
{
	echo "__attribute__ ((noinline)) int hot_leaf (int x);"
	for i in 0 1 2 3 4 5 6 7; do
		echo "static inline int shared_$i (int x) { return hot_leaf (x + $i) * 3; }"
	done
} > hot.h
{
	echo '#include "hot.h"'
	echo "__attribute__ ((noinline)) static int own_hot (int x) { return x * 7 + 1; }"
	for f in $(seq 0 19); do
		echo "int fn_$f (int x)"
		echo "{"
		echo "  int s = own_hot (x) + shared_$((f % 8)) (x + $f);"
		echo "  return s + shared_$(((f + 3) % 8)) (s);"
		echo "}"
	done
} > unit.c
printf 'version: 1\nfunctions:\n  - {name: hot_leaf, action: report}\n  - {name: own_hot, action: report}\n' > hot.yaml
"$gcc" -O2 -g -c unit.c -o unit.o -w -fplugin="$plugin" \
	-fplugin-arg-hotinline-policy=hot.yaml -fplugin-arg-hotinline-results=res
template=$(ls res/*.json)
bytes=$(wc -c < "$template")

echo "| units | results | summary: wall | CPU | peak memory | \`--html\`: wall | CPU | peak memory | \`--diff\`: wall | CPU | peak memory |"
echo "|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"
for n in "$@"; do
	d=$work/units-$n
	mkdir -p "$d/res" "$d/src"
	cp hot.h "$d/src/"
	seq 0 $((n - 1)) | sed "s|.*|$d/src/u&.c|" |
		xargs sh -c 'tee "$@" < unit.c > /dev/null' sh
	# One awk for all the copies (a process per file would take minutes);
	# GCC writes the results file as one line.
	awk -v n=$n -v dir="$d" '{
		for (i = 0; i < n; i++) {
			t = $0
			gsub(/"unit\.c"/, "\"u" i ".c\"", t)
			sub(/"directory": "[^"]*"/, "\"directory\": \"" dir "/src\"", t)
			f = dir "/res/u" i ".c.json"
			print t > f
			close(f)
		}
	}' "$template"
	size=$(du -sm "$d/res" | cut -f1)
	/usr/bin/time -f "%e %U %S %M" -o "$d/summary.time" "$summary" "$d/res" > /dev/null
	/usr/bin/time -f "%e %U %S %M" -o "$d/html.time" "$summary" --html "$d/site" "$d/res"
	/usr/bin/time -f "%e %U %S %M" -o "$d/diff.time" "$summary" --diff "$d/res" "$d/res" > /dev/null
	read st su ss sm < "$d/summary.time"
	read ht hu hs hm < "$d/html.time"
	read dt du ds dm < "$d/diff.time"
	echo "$n $size $st $su $ss $sm $ht $hu $hs $hm $dt $du $ds $dm" | awk '{
		printf "| %d | %d MB | %.2f s | %.2f s | %d MB | %.2f s | %.2f s | %d MB | %.2f s | %.2f s | %d MB |\n",
			$1, $2, $3, $4 + $5, $6 / 1024, $7, $8 + $9, $10 / 1024, $11, $12 + $13, $14 / 1024 }'
done
echo
echo "(Each results file: $bytes bytes, $(grep -o '"callee"' "$template" | wc -l) hot calls.)"
