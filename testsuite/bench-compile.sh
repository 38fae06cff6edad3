#!/bin/sh
# bench-compile.sh GCC PLUGIN SOURCE WORKDIR: what the plugin costs cc1 on
# a large source at -O2, as a Markdown table.  Instructions are counted by
# valgrind (cachegrind without cache simulation: exact and repeatable, where
# times on a shared machine are not); peak memory is the maximum resident
# set size of native runs.  Only cc1 is measured, not the driver or as.
set -eu
gcc=$1 plugin=$2 src=$3 work=$4
here=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$work"

# The functions of LMDB's mdb.c the generated policies name, and that the
# hand build marks always_inline: the hot functions of the strategies
# table.
real="mdb_page_get mdb_node_read mdb_node_search"

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

sed "s/^\(mdb_page_get\|mdb_node_read\|mdb_node_search\)(/__attribute__((always_inline)) &/" \
	"$src" > "$work/hand.c"
for n in 0 100 10000; do
	for action in report always_inline; do
		sh "$here/bench-policy.sh" $n $action $real > "$work/$action-$n.yaml"
	done
done

hot="-fplugin=$plugin -fplugin-arg-hotinline-policy=$work"
# name|source|extra options|what the delta is taken against
builds="plain|$src||plain
noop|$src|-fplugin=$work/noop.so|plain
empty|$src|$hot/report-0.yaml|plain
report-100|$src|$hot/report-100.yaml|plain
report-10000|$src|$hot/report-10000.yaml|plain
report-10000-nocaret|$src|$hot/report-10000.yaml -fno-diagnostics-show-caret|plain
hand|$work/hand.c||plain
force-100|$src|$hot/always_inline-100.yaml|hand
force-10000|$src|$hot/always_inline-10000.yaml|hand"

# Run cc1 alone, as the driver would, for build $1 with its options; the
# instruction count goes to $1.ir and the peak RSS in KiB to $1.rss.
measure ()
{
	name=$1 source=$2 extra=$3
	# shellcheck disable=SC2086
	line=$("$gcc" -### -S -O2 -I"$(dirname "$src")" "$source" \
		-o "$work/$name.s" $extra 2>&1 | grep '^ [^ ]*/cc1 ')
	eval "set -- $line"
	# The peak RSS of one run varies by a megabyte or two between runs:
	# keep the smallest of three.
	for run in 1 2 3; do
		/usr/bin/time -f %M -o "$work/$name.rss.$run" "$@" 2> "$work/$name.err"
	done
	sort -n "$work/$name.rss".? | head -1 > "$work/$name.rss"
	valgrind --tool=cachegrind --cache-sim=no \
		--cachegrind-out-file="$work/$name.cg" "$@" 2> "$work/$name.vg"
	sed -n 's/^summary: //p' "$work/$name.cg" > "$work/$name.ir"
}

# Two at a time: the machine has two cores.  A failed build stops the
# script (set -e) when its job is waited for.
echo "$builds" | {
	while IFS='|' read -r name source extra base; do
		measure "$name" "$source" "$extra" &
		first=$!
		second=
		if IFS='|' read -r name source extra base; then
			measure "$name" "$source" "$extra" &
			second=$!
		fi
		wait $first
		[ -z "$second" ] || wait $second
	done
}

label ()
{
	case $1 in
	plain) echo "GCC alone" ;;
	noop) echo "a plugin that does nothing" ;;
	empty) echo "hotinline, policy without entries" ;;
	report-*-nocaret) n=${1#report-}
		echo "hotinline report, ${n%-nocaret} entries, \`-fno-diagnostics-show-caret\`" ;;
	report-*) echo "hotinline report, ${1#report-} entries" ;;
	hand) echo "\`always_inline\` by hand on the 3 hot functions, no plugin" ;;
	force-*) echo "hotinline force (attribute), ${1#force-} entries" ;;
	esac
}

echo "| build | cc1 instructions | vs GCC alone | vs reference | max RSS KiB | RSS vs GCC alone | warnings + notes printed |"
echo "|---|---|---|---|---|---|---|"
echo "$builds" | while IFS='|' read -r name source extra base; do
	ir=$(cat "$work/$name.ir") rss=$(cat "$work/$name.rss")
	plain_ir=$(cat "$work/plain.ir") plain_rss=$(cat "$work/plain.rss")
	base_ir=$(cat "$work/$base.ir")
	warnings=$(grep -c ': warning: ' "$work/$name.err" || true)
	notes=$(grep -c ': note: ' "$work/$name.err" || true)
	awk -v l="$(label "$name")" -v ir="$ir" -v p="$plain_ir" -v b="$base_ir" \
		-v base="$base" -v rss="$rss" -v prss="$plain_rss" \
		-v w="$warnings" -v n="$notes" 'BEGIN {
		ref = base == "plain" ? "(GCC alone)" : "(hand)"
		printf "| %s | %.0f | %+.3f%% | %+.3f%% %s | %d | %+d | %d + %d |\n", l,
			ir, 100 * (ir - p) / p, 100 * (ir - b) / b, ref, rss, rss - prss,
			w, n
	}'
done
