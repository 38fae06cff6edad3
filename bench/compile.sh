#!/bin/sh
# bench/compile.sh GCC PLUGIN SOURCE WORKDIR [small]: what the plugin costs
# cc1 on a source at -O2, as a Markdown table: LMDB's mdb.c, or with
# "small" an example (SOURCE, with HOTINLINE_HAND for the hand build).  Instructions are counted by
# valgrind (cachegrind without cache simulation: exact and repeatable, where
# times on a shared machine are not); peak memory is the maximum resident
# set size of native runs.  Only cc1 is measured, not the driver or as.
set -eu
gcc=$1 plugin=$2 src=$3 work=$4 kind=${5:-large}
here=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$work"

# The functions the generated policies name, and that the hand build marks
# always_inline (bench/hot.sh).
. "$here/hot.sh"
real=$(hot_functions "$src" "$kind")

# The floor: a plugin that registers nothing.  What cc1 pays for loading
# any plugin at all.
cat > "$work/noop.c" <<'NOOP'
int plugin_is_GPL_compatible;
struct plugin_name_args;
struct plugin_gcc_version;
int plugin_init (struct plugin_name_args *, struct plugin_gcc_version *);
int
plugin_init (struct plugin_name_args *info, struct plugin_gcc_version *version)
{
  (void) info;
  (void) version;
  return 0;
}
NOOP
"$gcc" -shared -fPIC -O2 "$work/noop.c" -o "$work/noop.so"

hand_build "$src" "$kind" > "$work/hand.c"
# k: a policy of only the functions the unit has, the smallest that gives
# the same build; the 100-entry rows are compared with it.
k=$(echo $real | wc -w)
for n in 0 $k 100 10000; do
	for action in report always_inline; do
		sh "$here/policy.sh" $n $action $real > "$work/$action-$n.yaml"
	done
done

hot="-fplugin=$plugin -fplugin-arg-hotinline-policy=$work"
# name|source|extra options|what the delta is taken against|cache state
# (cold: emptied before each run; warm: filled by a run before; none:
# -fplugin-arg-hotinline-no-cache, every run parses the policy).
builds="plain|$src||plain|
noop|$src|-fplugin=$work/noop.so|plain|
empty|$src|$hot/report-0.yaml|plain|warm
report-$k|$src|$hot/report-$k.yaml|plain|warm
report-100|$src|$hot/report-100.yaml|plain|cold
report-100|$src|$hot/report-100.yaml|plain|warm
report-10000|$src|$hot/report-10000.yaml|plain|cold
report-10000|$src|$hot/report-10000.yaml|plain|warm
report-10000|$src|$hot/report-10000.yaml|plain|none
plain-nocaret|$src|-fno-diagnostics-show-caret|plain|
report-10000-nocaret|$src|$hot/report-10000.yaml -fno-diagnostics-show-caret|plain-nocaret|warm
plain-bytecol|$src|-fno-diagnostics-show-caret -fdiagnostics-column-unit=byte|plain|
report-10000-bytecol|$src|$hot/report-10000.yaml -fno-diagnostics-show-caret -fdiagnostics-column-unit=byte|plain-bytecol|warm
hand|$work/hand.c||plain|
force-$k|$src|$hot/always_inline-$k.yaml|hand|warm
force-100|$src|$hot/always_inline-100.yaml|hand|cold
force-100|$src|$hot/always_inline-100.yaml|hand|warm
force-10000|$src|$hot/always_inline-10000.yaml|hand|cold
force-10000|$src|$hot/always_inline-10000.yaml|hand|warm
force-10000|$src|$hot/always_inline-10000.yaml|hand|none"
# The small unit leaves out report mode without a cache: what parsing
# costs shows in its force row.
[ "$kind" != small ] ||
	builds=$(echo "$builds" | grep -v '^report-10000|.*|none$')

# make bench (BENCH_ROWS=quick): the rows that matter, for time; make
# bench-full: all of them.
. "$here/rows.sh"
builds=$(echo "$builds" | quick_only "plain noop report-$k:warm
report-10000:warm report-10000:none plain-bytecol report-10000-bytecol:warm hand force-$k:warm
force-10000:warm")

# Run cc1 alone, as the driver would, for build $1 with its options and
# cache state $4; the instruction count goes to $1$4.ir and the peak RSS in
# KiB to $1$4.rss.
measure ()
{
	name=$1 source=$2 extra=$3 cache=$4
	id=$name$cache dir=$work/cache-$name$cache
	case $cache in
	cold|warm) extra="$extra -fplugin-arg-hotinline-cache=$dir" ;;
	none) extra="$extra -fplugin-arg-hotinline-no-cache" ;;
	esac
	# shellcheck disable=SC2086
	line=$("$gcc" -### -S -O2 -I"$(dirname "$src")" "$source" \
		-o "$work/$id.s" $extra 2>&1 | grep '^ [^ ]*/cc1 ')
	printf '%s\n' "$line" > "$work/$id.cmd"
	eval "set -- $line"
	rm -rf "$dir"
	[ "$cache" != warm ] || "$@" 2> /dev/null
	# The peak RSS of one run varies by a megabyte or two between runs:
	# keep the smallest of three.
	for run in 1 2 3; do
		[ "$cache" != cold ] || rm -rf "$dir"
		/usr/bin/time -f %M -o "$work/$id.rss.$run" "$@" 2> "$work/$id.err"
	done
	sort -n "$work/$id.rss".? | head -1 > "$work/$id.rss"
	[ "$cache" != cold ] || rm -rf "$dir"
	valgrind --tool=cachegrind --cache-sim=no \
		--cachegrind-out-file="$work/$id.cg" "$@" 2> "$work/$id.vg"
	sed -n 's/^summary: //p' "$work/$id.cg" > "$work/$id.ir"
}

# What build $1 (run by measure, cache warm) spends in the plugin, by
# callgrind: the inclusive cost of GCC's calls into the plugin (its passes
# and callbacks, with everything they ask of GCC), and of that, the cost of
# the plugin's calls to GCC's diagnostic functions.  The latter is GCC
# formatting each message, reading the source line of each location to
# give its column (and its caret), adding its "in expansion of macro"
# notes, and printing: any plugin or GCC warning of the same count and
# places pays as much.  Written to $1.plugin and $1.printing.
printing ()
{
	out=$work/$1
	eval "set -- $(cat "$out.cmd")"
	valgrind --tool=callgrind --compress-strings=no --compress-pos=no \
		--callgrind-out-file="$out.callgrind" "$@" 2> /dev/null
	# A call's object is its "cob=" line's, else the caller's.
	awk -v out="$out" '/^ob=/ { ob = substr($0, 4); next }
		/^fn=/ { mine = ob ~ /hotinline\.so$/; cob = ob; next }
		/^cob=/ { cob = substr($0, 5); next }
		/^cfn=/ { callee = substr($0, 5); next }
		/^calls=/ { call = 1; next }
		call && /^[0-9]/ {
			if (mine && callee ~ /^(inform|inform_n|warning_at|warning|warning_n|error_at|emit_diagnostic|emit_diagnostic_valist|diagnostic_report_diagnostic)\(/)
				printing += $2
			if (!mine && cob ~ /hotinline\.so$/)
				plugin += $2
			call = 0
			cob = ob
		}
		END {
			printf "%.0f\n", plugin > (out ".plugin")
			printf "%.0f\n", printing > (out ".printing")
		}' "$out.callgrind"
}

# Two at a time: the machine has two cores.  A failed build stops the
# script (set -e) when its job is waited for.
echo "$builds" | {
	while IFS='|' read -r name source extra base cache; do
		measure "$name" "$source" "$extra" "$cache" &
		first=$!
		second=
		if IFS='|' read -r name source extra base cache; then
			measure "$name" "$source" "$extra" "$cache" &
			second=$!
		fi
		wait $first
		[ -z "$second" ] || wait $second
	done
}
if [ "${BENCH_ROWS:-full}" = full ]; then
	printing report-10000warm &
	first=$!
	printing report-10000-nocaretwarm
	wait $first
	printing report-10000-bytecolwarm
fi

label ()
{
	case $2 in
	cold) c=", cold cache" ;;
	warm) c=", warm cache" ;;
	none) c=", no cache" ;;
	*) c= ;;
	esac
	case $1 in
	plain) echo "GCC alone" ;;
	plain-nocaret) echo "GCC alone, \`-fno-diagnostics-show-caret\`" ;;
	plain-bytecol) echo "GCC alone, \`-fno-diagnostics-show-caret -fdiagnostics-column-unit=byte\`" ;;
	noop) echo "a plugin that does nothing" ;;
	empty) echo "hotinline, policy without entries$c" ;;
	report-*-nocaret) n=${1#report-}
		echo "hotinline report, ${n%-nocaret} entries$c, \`-fno-diagnostics-show-caret\`" ;;
	report-*-bytecol) n=${1#report-}
		echo "hotinline report, ${n%-bytecol} entries$c, \`-fno-diagnostics-show-caret -fdiagnostics-column-unit=byte\`" ;;
	report-$k) echo "hotinline report, $k entries (only the hot functions)$c" ;;
	report-*) echo "hotinline report, ${1#report-} entries$c" ;;
	hand) echo "\`always_inline\` by hand on the hot functions ($real), no plugin" ;;
	force-$k) echo "hotinline force (attribute), $k entries (only the hot functions)$c" ;;
	force-*) echo "hotinline force (attribute), ${1#force-} entries$c" ;;
	esac
}

echo "| build | cc1 instructions | vs GCC alone | vs reference | max RSS KiB | RSS vs GCC alone | warnings + notes printed |"
echo "|---|---|---|---|---|---|---|"
echo "$builds" | while IFS='|' read -r name source extra base cache; do
	id=$name$cache
	ir=$(cat "$work/$id.ir") rss=$(cat "$work/$id.rss")
	plain_ir=$(cat "$work/plain.ir") plain_rss=$(cat "$work/plain.rss")
	base_ir=$(cat "$work/$base.ir")
	warnings=$(grep -c ': warning: ' "$work/$id.err" || true)
	notes=$(grep -c ': note: ' "$work/$id.err" || true)
	awk -v l="$(label "$name" "$cache")" -v ir="$ir" -v p="$plain_ir" -v b="$base_ir" \
		-v base="$base" -v rss="$rss" -v prss="$plain_rss" \
		-v w="$warnings" -v n="$notes" 'BEGIN {
		ref = base == "hand" ? "(hand)" : base == "plain" ? "(GCC alone)" \
			: "(GCC alone, same options)"
		printf "| %s | %.0f | %+.3f%% | %+.3f%% %s | %d | %+d | %d + %d |\n", l,
			ir, 100 * (ir - p) / p, 100 * (ir - b) / b, ref, rss, rss - prss,
			w, n
	}'
done

[ "${BENCH_ROWS:-full}" = full ] || exit 0

# What a policy's size costs beside the smallest policy for the same build.
echo
awk -v k="$k" -v p="$(cat "$work/plain.ir")" \
	-v f100="$(cat "$work/force-100warm.ir")" -v fk="$(cat "$work/force-${k}warm.ir")" \
	-v r100="$(cat "$work/report-100warm.ir")" -v rk="$(cat "$work/report-${k}warm.ir")" 'BEGIN {
	printf "With a warm cache, 100 entries cost %+.4f percentage points (of GCC\n", 100 * (f100 - fk) / p
	printf "alone) over the %d-entry policy of the same build in force mode, and\n", k
	printf "%+.4f in report mode.\n", 100 * (r100 - rk) / p
}'

# Report mode: the plugin's own work apart from GCC's printing of its
# diagnostics.
echo
echo "| build | cc1 instructions over GCC alone with the same options | in the plugin (callgrind) | of which GCC formats and prints the plugin's diagnostics | per diagnostic | the plugin's own work |"
echo "|---|---|---|---|---|---|"
diagnostics ()
{
	grep -c ': \(warning\|note\): ' "$1" || true
}
for name in report-10000 report-10000-nocaret report-10000-bytecol; do
	id=${name}warm l=$(label $name warm)
	base=plain${name#report-10000}
	awk -v l="$l" -v ir="$(cat "$work/$id.ir")" -v p="$(cat "$work/$base.ir")" \
		-v in_plugin="$(cat "$work/$id.plugin")" \
		-v pr="$(cat "$work/$id.printing")" \
		-v n="$(($(diagnostics "$work/$id.err") - $(diagnostics "$work/$base.err")))" 'BEGIN {
		printf "| %s | %.0f (%+.3f%%) | %.0f (%+.3f%%) | %.0f (%+.3f%%) | %.0f | %.0f (%+.3f%%) |\n", l,
			ir - p, 100 * (ir - p) / p, in_plugin, 100 * in_plugin / p,
			pr, 100 * pr / p, n ? pr / n : 0,
			in_plugin - pr, 100 * (in_plugin - pr) / p
	}'
done
