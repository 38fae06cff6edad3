#!/bin/sh
# bench/clang.sh CLANG PLUGIN SOURCE WORKDIR [small]: what the LLVM plugin
# costs clang -cc1 on a source at -O2, as a Markdown table, with the rows of
# the GCC table (bench/compile.sh): LMDB's mdb.c, or with "small" an example
# (SOURCE, with HOTINLINE_HAND for the hand build).  Instructions are counted
# by valgrind (cachegrind without cache simulation); peak memory is the
# smallest maximum resident set size of three native runs.  Only clang -cc1
# is measured, not the driver.
# BENCH_ROWS=quick measures only the rows that matter (make bench).
set -eu
clang=$1 plugin=$2 src=$3 work=$4 kind=${5:-large}
here=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$work"
major=$("$clang" -dumpversion | cut -d. -f1)

. "$here/hot.sh"
real=$(hot_functions "$src" "$kind")

# The floor: a pass plugin that registers nothing, loaded the way
# hotinline is (as a front-end plugin too, which costs nothing more).
cat > "$work/noop.cpp" <<'NOOP'
#include "llvm/Config/llvm-config.h"
#if LLVM_VERSION_MAJOR >= 22
#include "llvm/Plugins/PassPlugin.h"
#else
#include "llvm/Passes/PassPlugin.h"
#endif
extern "C" LLVM_ATTRIBUTE_WEAK ::llvm::PassPluginLibraryInfo
llvmGetPassPluginInfo ()
{
  return { LLVM_PLUGIN_API_VERSION, "noop", "0", [] (llvm::PassBuilder &) {} };
}
NOOP
# shellcheck disable=SC2046
"clang++-$major" -shared -fPIC -O2 $("llvm-config-$major" --cxxflags) \
	"$work/noop.cpp" -o "$work/noop.so"

hand_build "$src" "$kind" > "$work/hand.c"
k=$(echo $real | wc -w)
for n in 0 $k 100 10000; do
	for action in report always_inline; do
		sh "$here/policy.sh" $n $action $real > "$work/$action-$n.yaml"
	done
done

# Through the installed wrapper, as users compile (hotinline-clang-N, a
# link to hotinline-cc: HOTINLINE_CC_WRAPPER), with this plugin.
wrapper=${HOTINLINE_CC_WRAPPER:?the compiler wrapper hotinline-cc}
ln -sf "$wrapper" "$work/hotinline-clang-$major"

# Without its debug information: Debian 12's valgrind cannot read the
# DWARF 5 that Clang writes for the plugin ("possibly corrupted debuginfo
# file") and gives up; the instructions executed are the same.
objcopy --strip-debug "$plugin" "$work/hotinline.so"
plugin=$work/hotinline.so
hot="-fplugin=$plugin -fpass-plugin=$plugin -fplugin-arg-hotinline-policy=$work"
# A row whose options start with "wrapper" is compiled by the wrapper,
# which loads the plugin itself.
wrapped="wrapper -fplugin-arg-hotinline-policy=$work"
# name|source|extra options|what the delta is taken against|cache state
builds="plain|$src||plain|
noop|$src|-fpass-plugin=$work/noop.so|plain|
remark|$src|-Rpass-missed=hotinline|plain|
empty|$src|$hot/report-0.yaml|plain|warm
report-$k|$src|$hot/report-$k.yaml|plain|warm
wrapped-$k|$src|$wrapped/report-$k.yaml|plain|warm
report-100|$src|$hot/report-100.yaml|plain|cold
report-100|$src|$hot/report-100.yaml|plain|warm
report-10000|$src|$hot/report-10000.yaml|plain|cold
report-10000|$src|$hot/report-10000.yaml|plain|warm
report-10000|$src|$hot/report-10000.yaml|plain|none
hand|$work/hand.c||plain|
force-$k|$src|$hot/always_inline-$k.yaml|hand|warm
force-100|$src|$hot/always_inline-100.yaml|hand|cold
force-100|$src|$hot/always_inline-100.yaml|hand|warm
force-10000|$src|$hot/always_inline-10000.yaml|hand|cold
force-10000|$src|$hot/always_inline-10000.yaml|hand|warm
force-10000|$src|$hot/always_inline-10000.yaml|hand|none"

# make bench (BENCH_ROWS=quick): the rows that matter, for time; make
# bench-full: all of them.
. "$here/rows.sh"
builds=$(echo "$builds" | quick_only "plain noop remark report-$k:warm
wrapped-$k:warm
report-10000:warm report-10000:none hand force-$k:warm
force-10000:warm")

# Run clang -cc1 alone, as the driver would, for build $1 with its options
# and cache state $4: instructions to $1$4.ir, peak RSS (KiB) to $1$4.rss.
measure ()
{
	name=$1 source=$2 extra=$3 cache=$4
	id=$name$cache dir=$work/cache-$name$cache
	case $cache in
	cold|warm) extra="$extra -fplugin-arg-hotinline-cache=$dir" ;;
	none) extra="$extra -fplugin-arg-hotinline-no-cache" ;;
	esac
	driver=$clang
	case $extra in
	wrapper\ *)
		driver=$work/hotinline-clang-$major
		extra=${extra#wrapper } ;;
	esac
	# shellcheck disable=SC2086
	line=$(HOTINLINE_LLVM_PLUGIN=$plugin "$driver" -### -S -O2 \
		-I"$(dirname "$src")" "$source" -o "$work/$id.s" $extra 2>&1 |
		grep '"-cc1"')
	printf '%s\n' "$line" > "$work/$id.cmd"
	eval "set -- $line"
	rm -rf "$dir"
	[ "$cache" != warm ] || "$@" 2> /dev/null
	for run in 1 2 3; do
		[ "$cache" != cold ] || rm -rf "$dir"
		/usr/bin/time -f %M -o "$work/$id.rss.$run" "$@" 2> "$work/$id.err"
	done
	sort -n "$work/$id.rss".? | head -1 > "$work/$id.rss"
	[ "$cache" != cold ] || rm -rf "$dir"
	valgrind --tool=cachegrind --cache-sim=no \
		--cachegrind-out-file="$work/$id.cg" "$@" 2> "$work/$id.vg" ||
		{ tail -n 5 "$work/$id.vg" >&2; exit 1; }
	sed -n 's/^summary: //p' "$work/$id.cg" > "$work/$id.ir"
}

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

label ()
{
	case $2 in
	cold) c=", cold cache" ;;
	warm) c=", warm cache" ;;
	none) c=", no cache" ;;
	*) c= ;;
	esac
	case $1 in
	plain) echo "Clang alone" ;;
	noop) echo "a pass plugin that does nothing" ;;
	remark) echo "Clang with \`-Rpass-missed=hotinline\` (source locations on every instruction), no plugin" ;;
	wrapped-$k) echo "hotinline report through \`hotinline-clang-$major\`, $k entries$c" ;;
	empty) echo "hotinline, policy without entries$c" ;;
	report-$k) echo "hotinline report, $k entries (only the hot functions)$c" ;;
	report-*) echo "hotinline report, ${1#report-} entries$c" ;;
	hand) echo "\`always_inline\` by hand on the hot functions ($real), no plugin" ;;
	force-$k) echo "hotinline force (attribute), $k entries (only the hot functions)$c" ;;
	force-*) echo "hotinline force (attribute), ${1#force-} entries$c" ;;
	esac
}

echo "| build | clang -cc1 instructions | vs Clang alone | vs reference | max RSS KiB | RSS vs Clang alone | warnings + notes printed |"
echo "|---|---|---|---|---|---|---|"
echo "$builds" | while IFS='|' read -r name source extra base cache; do
	id=$name$cache
	# A hotinline warning has no place without -g (docs/clang.md): it
	# starts the line.
	warnings=$(grep -cE '^([^ ]+: )?warning: ' "$work/$id.err" || true)
	notes=$(grep -cE '^([^ ]+: )?note: ' "$work/$id.err" || true)
	awk -v l="$(label "$name" "$cache")" -v ir="$(cat "$work/$id.ir")" \
		-v p="$(cat "$work/plain.ir")" -v b="$(cat "$work/$base.ir")" \
		-v base="$base" -v rss="$(cat "$work/$id.rss")" \
		-v prss="$(cat "$work/plain.rss")" -v w="$warnings" -v n="$notes" 'BEGIN {
		ref = base == "hand" ? "(hand)" : "(Clang alone)"
		printf "| %s | %.0f | %+.3f%% | %+.3f%% %s | %d | %+d | %d + %d |\n", l,
			ir, 100 * (ir - p) / p, 100 * (ir - b) / b, ref, rss, rss - prss,
			w, n
	}'
done
