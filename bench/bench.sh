#!/bin/sh
# bench/bench.sh [quick|full [SECTION...]]: run the benchmarks and write
# BENCHMARKS.md.
# Every figure in it comes from this script.  Sources that are not ours are
# fetched at run time, never committed.  Instructions are counted with
# valgrind: on a shared machine times vary by 10-20%, instruction counts do
# not.
#
# BENCHMARKS.md is made of sections, each between "<!-- bench: NAME -->"
# lines.  quick (make bench, about 15 minutes on 2 cores) measures the
# compile-cost rows that matter on mdb.c for the default GCC and every
# Clang with an LLVM plugin; full (make bench-full, about 2.5 hours) every
# section with every row.  A run replaces the sections it measured and
# keeps the others as they were, each with the date it was measured;
# full with section names (make bench-full BENCH_SECTIONS="real") measures
# only those.
set -eu
mode=${1:-quick}
case $mode in
quick|full) ;;
*) echo "usage: bench/bench.sh [quick|full [SECTION...]]" >&2; exit 2 ;;
esac
[ $# -eq 0 ] || shift
[ "$mode" = full ] || [ $# -eq 0 ] ||
	{ echo "bench/bench.sh: sections are chosen only with full" >&2; exit 2; }
export BENCH_ROWS=$mode
top=$(pwd)
work=$top/build/bench
mkdir -p "$work"

for tool in valgrind npm /usr/bin/time; do
	command -v $tool > /dev/null || {
		echo "make bench needs $tool: sh .ci/install-deps bench" >&2
		exit 1
	}
done

# LMDB's mdb.c from the npm registry: a large real C file.
lmdb_version=3.5.6
mdb=$work/lmdb-$lmdb_version/package/dependencies/lmdb/libraries/liblmdb/mdb.c
if [ ! -f "$mdb" ]; then
	mkdir -p "$work/lmdb-$lmdb_version"
	(cd "$work/lmdb-$lmdb_version" && npm pack --silent "lmdb@$lmdb_version" >/dev/null &&
	 tar xzf "lmdb-$lmdb_version.tgz")
fi

gccs=gcc
[ "$mode" = quick ] || gccs="gcc gcc-11"
for gcc in $gccs; do
	major=$($gcc -dumpversion | cut -d. -f1)
	make -s GCC=$gcc build/gcc-$major/hotinline.so \
		build/gcc-$major/bench_strategies build/gcc-$major/bench_load >&2
done
major=$(gcc -dumpversion | cut -d. -f1)
b=$top/build/gcc-$major
plugin=$b/hotinline.so
# The wrapper the Clang rows compile through, as users do.
make -s "build/gcc-$major/hotinline-cc" >&2
export HOTINLINE_CC_WRAPPER="$b/hotinline-cc"

# The Clangs with an LLVM plugin: every clang-N, N >= 16, installed here,
# and the released ones this machine lacks (HOTINLINE_BENCH_CHROOT_CLANGS,
# default 21 and 23; empty: none), in the Debian system that has them
# (tools/debian-chroot.sh, root), which sees this checkout at /src.
clangs=
for n in $(seq 16 40); do
	if command -v clang-$n > /dev/null && command -v llvm-config-$n > /dev/null; then
		make -s CLANG=clang-$n build/clang-$n/hotinline.so >&2
		clangs="$clangs clang-$n"
	fi
done
for clang in ${HOTINLINE_BENCH_CHROOT_CLANGS-clang-21 clang-23}; do
	case " $clangs " in *" $clang "*) continue ;; esac
	system=$(sh tools/debian-chroot.sh system-of "$clang")
	sh tools/debian-chroot.sh "$system" create >&2
	sh tools/debian-chroot.sh "$system" run \
		make -s CLANG=$clang build/$clang/hotinline.so >&2
	clangs="$clangs $clang"
done

# in_system CLANG CMD...: CMD where CLANG is, this checkout's paths as
# they are seen there.
in_system ()
{
	c=$1
	shift
	if command -v "$c" > /dev/null; then
		"$@"
		return
	fi
	sh tools/debian-chroot.sh "$(sh tools/debian-chroot.sh system-of "$c")" \
		run env HOTINLINE_CC_WRAPPER="/src${HOTINLINE_CC_WRAPPER#"$top"}" \
		BENCH_ROWS="$BENCH_ROWS" \
		sh -c 'cd /src && "$@"' sh $(for a in "$@"; do
			case $a in "$top"/*) echo "/src${a#"$top"}" ;; *) echo "$a" ;; esac
		done)
}

out=$work/sections
rm -rf "$out"
mkdir -p "$out"

# The sections, in their order in BENCHMARKS.md.  Each prints its
# Markdown, heading first.
compile_gcc_intro ()
{
	echo "## Compile-time cost"
	echo
	echo "cc1 of $(gcc --version | head -1) compiling LMDB's \`mdb.c\` (npm"
	echo "lmdb@$lmdb_version, $(wc -l < "$mdb" | tr -d ' ') lines) at -O2, run alone as the"
	echo "driver runs it. Instructions are counted by valgrind's cachegrind without"
	echo "cache simulation, for every row (it counts every instruction cc1"
	echo "executes, repeatably, and runs several times faster than callgrind, whose"
	echo "count differs slightly); max RSS is \`/usr/bin/time -f %M\`, the smallest"
	echo "of three native runs (it varies between runs, instruction counts do not). The policies"
	echo "are generated (\`bench/policy.sh\`) the way a large project's"
	echo "would look: three entries name functions of \`mdb.c\` (\`mdb_page_get\`,"
	echo "\`mdb_node_read\`, \`mdb_node_search\`), all others name functions it does"
	echo "not have; one entry in a hundred is a glob (a prefix \`gen_N_*\`, a"
	echo "suffix \`*_genN_slow\` or a \`gen_?_N\` pattern in turn), one in ten has"
	echo "a reason and one in twenty is scoped to another file. Report mode prints"
	echo "its warnings (the hot calls GCC left, with notes), and GCC reads the"
	echo "source line of each diagnostic to show it; the \`-fno-diagnostics-show-caret\`"
	echo "run leaves that reading out. Force mode inlines the three"
	echo "functions, which makes GCC itself do more work; its object code is that"
	echo "of \`always_inline\` written by hand, so the plugin's own cost in force"
	echo "mode is measured against that build (*vs reference*). hotinline keeps"
	echo "the policy it parsed in its compiled policy cache ([docs/policy-cache.md](docs/policy-cache.md)):"
	echo "*cold cache* is a compilation that finds the cache empty (it parses the"
	echo "policy and stores the image), *warm cache* one that finds the image and"
	echo "maps it, *no cache* one run with \`-fplugin-arg-hotinline-no-cache\`, which"
	echo "parses the policy every time, as every compilation did before the cache."
	echo "The policies *of only the hot functions* are the smallest that give the"
	echo "same build$( [ "$BENCH_ROWS" = full ] && echo "; the 100-entry rows are compared with them below the table")."
	echo "\`make bench\` measures the rows that matter (the floor, report and force"
	echo "with the hot functions and with 10,000 entries); \`make bench-full\` every"
	echo "row, and the split of report mode's cost below."
	[ "$BENCH_ROWS" = full ] || return 0
	echo
	echo "The second table splits what report mode adds: the instructions GCC"
	echo "spends on the diagnostics the plugin emits (callgrind: the inclusive cost"
	echo "of the plugin's calls to GCC's diagnostic functions, \`warning_at\`,"
	echo "\`inform\` and the like), and the rest, the plugin's own work (its passes,"
	echo "lookups and the cache). GCC gives a diagnostic's column in display units"
	echo "by default (\`-fdiagnostics-column-unit=display\`), for which it reads the"
	echo "diagnostic's source line from its line cache, with or without carets;"
	echo "on a file this large that is most of what a diagnostic costs, and any"
	echo "warning of the same count and places pays as much. With"
	echo "\`-fdiagnostics-column-unit=byte\` GCC reads no source line."
}

section_compile_gcc ()
{
	compile_gcc_intro
	echo
	sh bench/compile.sh gcc "$plugin" "$mdb" "$work/compile"
	echo
	echo "The plugin needs (\`readelf -d\`): $(readelf -d "$plugin" |
		sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p' | tr '\n' ' ' | sed 's/ $//;s/ /, /g')."
	if ldd "$plugin" | grep -q libstdc++; then
		echo "**It pulls libstdc++ into cc1.**"
	else
		echo "No libstdc++: its \`operator new\` and \`delete\` are cc1's own."
	fi
}

section_compile_gcc_small ()
{
	echo "## Compile-time cost: a small unit"
	echo
	echo "The same on \`examples/zap_range.c\` ($(wc -l < examples/zap_range.c | tr -d ' ') lines, -O2), a unit the size"
	echo "of a small kernel file, whose policies name its hot functions; the hand"
	echo "build is the example's own \`HOTINLINE_HAND\` variant. What loading a"
	echo "policy costs is the same as above; it is a larger share of a small unit."
	echo
	sh bench/compile.sh gcc "$plugin" "$top/examples/zap_range.c" \
		"$work/compile-small" small
}

# Clang N's rows on mdb.c, then (full) on the small unit.
section_compile_clang ()
{
	clang=clang-$1
	echo "## Compile-time cost with $(in_system $clang $clang --version | head -1)"
	echo
	echo "The rows above for Clang and hotinline's LLVM plugin: \`clang -cc1\`"
	echo "alone, as the driver runs it, on the same \`mdb.c\` at -O2. The floor is"
	echo "a pass plugin that registers nothing. Clang prints each warning with"
	echo "its source line and caret, as GCC does by default. Through the"
	echo "wrapper, \`hotinline-clang-$1\`, as users compile; the plugin places the"
	echo "calls itself without \`-g\` (docs/clang.md). The row"
	echo "\`-Rpass-missed=hotinline\` alone is what locations on every instruction"
	echo "would cost."
	echo
	in_system $clang sh bench/clang.sh $clang "$top/build/$clang/hotinline.so" \
		"$mdb" "$work/compile-$clang"
	[ "$BENCH_ROWS" = full ] || return 0
	echo
	echo "The small unit, \`examples/zap_range.c\`:"
	echo
	in_system $clang sh bench/clang.sh $clang "$top/build/$clang/hotinline.so" \
		"$top/examples/zap_range.c" "$work/compile-$clang-small" small
}

# What the heap's layout does to the Clang rows of report mode.
section_layout ()
{
	echo "## Heap layout and the Clang rows"
	echo
	echo "Clang alone and with hotinline report (the policy of the three hot"
	echo "functions, and the 10,000-entry policy; warm cache) on \`mdb.c\`, each"
	echo "compiled with a macro of 0, 40, 80 and 160 characters defined on the"
	echo "command line. It changes no code,"
	echo "but Clang keeps it on its heap, so every later allocation lands"
	echo "elsewhere and LLVM's tables keyed by pointers probe differently, as"
	echo "they do whenever the plugin's own allocations change. One row of the"
	echo "tables above is one such layout; the median of the differences is the"
	echo "figure to compare with a target (\`bench/layout.sh\`)."
	for clang in $clangs; do
		echo
		echo "$($clang --version | head -1):"
		echo
		sh bench/layout.sh $clang "$top/build/$clang/hotinline.so" \
			"$mdb" "$work/layout-$clang"
	done
}

section_load ()
{
	echo "## Policy load"
	echo
	echo "\`bench/load.c\` loads a generated policy (as above) with the"
	echo "plugin's loader, parsed or mapped from a warm cache, and looks up 10,000"
	echo "names, one in a hundred of them in the policy (the count includes making"
	echo "each name with \`snprintf\`; a parsed policy compiles its lookup index on"
	echo "the first lookup, counted there). Instructions by callgrind, counting only the load or only the"
	echo "lookups; *of which libyaml* is the part spent in libyaml's own code"
	echo "(its parser); peak heap by valgrind's massif (requested bytes plus"
	echo "malloc's overhead, at the peak). The plugin looks each distinct function"
	echo "name of a unit up once and remembers the answer."
	echo
	sh bench/load.sh "$b/bench_load" "$work/load"
	echo
	c=$work/compile
	awk -v load="$(cat "$work/load/load-10000-none.ir")" -v cc1="$(cat "$c/plain.ir")" \
		-v warm="$(cat "$work/load/load-10000-warm.ir")" \
		-v force="$(cat "$c/force-10000none.ir")" -v hand="$(cat "$c/hand.ir")" \
		-v forcew="$(cat "$c/force-10000warm.ir")" 'BEGIN {
		printf "Parsing the 10,000-entry policy is %.3f%% of what cc1 executes for\n", 100 * load / cc1
		printf "`mdb.c` alone, and %.0f%% of what the plugin adds in force mode with\n", 100 * load / (force - hand)
		printf "that policy and no cache (force against hand, above). Mapping its image\n"
		printf "from a warm cache is %.4f%% of it, %.0f%% of what the plugin adds in\n", 100 * warm / cc1, 100 * warm / (forcew - hand)
		print "force mode with a warm cache; the image is checked (an XXH3 checksum of"
		print "all of it) and the policy file hashed (its key) in every compilation."
	}'
}

section_examples ()
{
	echo "## Effect on the examples"
	echo
	echo "Each example built at -O2 five ways: GCC alone (plain), \`always_inline\`"
	echo "by hand (\`-DHOTINLINE_HAND\`), the plugin forcing by attribute or"
	echo "surgically, and GCC's inlining limits raised for the whole unit"
	echo "(params: \`--param max-inline-insns-single=400 --param"
	echo "max-inline-insns-auto=400\`; this GCC's -O2 defaults:"
	echo "$(gcc -O2 -Q --help=params | awk '/max-inline-insns-(single|auto)/ { p = $1; sub(/^--param=/, "", p); printf "%s`%s%s`", s, p, $2; s = ", " }'))."
	echo "*Hot-path instructions* are those callgrind counts inside the functions"
	echo "the hot loop enters (\`--toggle-collect\`: \`hot_lookups\`, \`group_util\`, \`hot_round\`,"
	echo "\`xa_load_value\`, \`unmap_page_range\`; what they call included),"
	echo "divided by the calls they make to the hot functions in the plain build."
	echo "Where raising the limits inlined those functions into \`main\`, the hot"
	echo "path cannot be told apart; the whole run (set-up and the reference"
	echo "computation each example checks against included) is the figure to"
	echo "compare then. \`.text\` is the executable's."
	echo
	sh bench/samples.sh gcc "$plugin" "$top" "$work/samples"
}

section_strategies ()
{
	echo "## Forcing strategies: what changes in the object code"
	echo
	echo "Each source is built four ways at -O2: GCC alone (plain), with"
	echo "\`__attribute__((always_inline))\` written by hand on the hot functions"
	echo "(hand), and with the plugin forcing them by attribute or surgically."
	echo "*Other functions changed* counts the functions, other than the hot"
	echo "functions and the functions that called them in the plain build, whose"
	echo "code differs from the plain build (compared instruction by instruction,"
	echo "addresses left out). LMDB is \`mdb.c\` as above, with \`mdb_page_get\`,"
	echo "\`mdb_node_read\` and \`mdb_node_search\` as the hot functions."
	for gcc in gcc gcc-11; do
		major=$($gcc -dumpversion | cut -d. -f1)
		echo
		echo "### $($gcc --version | head -1)"
		echo
		HOTINLINE_PLUGIN=$top/build/gcc-$major/hotinline.so HOTINLINE_GCC=$gcc \
		HOTINLINE_SRCDIR=$top HOTINLINE_WORKDIR=$work/work-$major \
		HOTINLINE_BENCH_MDB=$mdb build/gcc-$major/bench_strategies
	done
}

section_summary ()
{
	echo "## hotinline-summary at build scale"
	echo
	echo "\`hotinline-summary\` (text) and \`hotinline-summary --html\` over the"
	echo "results of 1,000 and 10,000 synthetic units (\`bench/summary.sh\`):"
	echo "one real unit compiled with the plugin is the template, each copy naming"
	echo "its own source file, so that the call sites of the shared header are"
	echo "merged across units and the others grow with the build. Wall time and"
	echo "peak RSS (\`/usr/bin/time\`), one run. Target: 10,000 units within 10 s"
	echo "and 200 MB."
	echo
	make -s GCC=gcc build/gcc-$major/hotinline-summary >&2
	sh bench/summary.sh gcc "$plugin" "$b/hotinline-summary" \
		"$work/summary" 1000 10000
}

section_real ()
{
	echo "## Real libraries: instructions per operation"
	echo
	echo "The hot loops of the libraries of \`make check-real\` (see"
	echo "[docs/real-code.md](docs/real-code.md)), built by each compiler:"
	echo "upstream (their force-inline macro as shipped), stripped (the macro"
	echo "without \`always_inline\`), and stripped with the plugin forcing the"
	echo "functions upstream marks \`always_inline\`, by attribute and surgically."
	echo "Instructions callgrind counts inside the function named (what it calls"
	echo "included), per call, over 20 calls on the suite's input"
	echo "(\`bench/real.sh\`)."
	for cc in gcc $clangs; do
		echo
		echo "### $($cc --version | head -1)"
		echo
		sh bench/real.sh $cc
	done
}

all_sections="compile-gcc compile-gcc-small"
for clang in $clangs; do
	all_sections="$all_sections compile-$clang"
done
all_sections="$all_sections layout load examples strategies summary real"
if [ "$mode" = quick ]; then
	run_sections="compile-gcc"
	for clang in $clangs; do
		run_sections="$run_sections compile-$clang"
	done
elif [ $# -gt 0 ]; then
	for name in "$@"; do
		case " $all_sections " in
		*" $name "*) ;;
		*) echo "bench/bench.sh: no section $name (sections: $all_sections)" >&2; exit 2 ;;
		esac
	done
	run_sections=$*
else
	run_sections=$all_sections
fi

for name in $run_sections; do
	start=$(date +%s)
	{
		echo "<!-- bench: $name -->"
		case $name in
		compile-clang-*) section_compile_clang "${name#compile-clang-}" ;;
		*) "section_$(echo "$name" | tr - _)" ;;
		esac
		echo
		echo "*Measured by \`make bench$( [ "$mode" = full ] && echo -full)\` on $(date -u +%Y-%m-%d) ($(uname -m), $(nproc) cores).*"
		echo "<!-- bench: end -->"
	} > "$out/$name.md"
	echo "bench: $name: $(( $(date +%s) - start )) s" >&2
done

# BENCHMARKS.md: the sections measured now, the others kept from the file
# as it was (a section it never had stays out until a run measures it).
{
	echo "# Benchmarks"
	echo
	echo "Generated by \`make bench\` (the compile-cost rows that matter) and"
	echo "\`make bench-full\` (every section); each section says when it was"
	echo "measured. Do not edit: rerun them. Instruction counts are valgrind's"
	echo "(exact and repeatable); times on a shared machine are not."
	for name in $all_sections; do
		if [ -f "$out/$name.md" ]; then
			echo
			cat "$out/$name.md"
		elif [ -f "$top/BENCHMARKS.md" ] &&
		     grep -q "^<!-- bench: $name -->$" "$top/BENCHMARKS.md"; then
			echo
			awk -v n="$name" '$0 == "<!-- bench: " n " -->" { on = 1 }
				on { print } on && $0 == "<!-- bench: end -->" { exit }' \
				"$top/BENCHMARKS.md"
		fi
	done
} > "$work/BENCHMARKS.md.new"
mv "$work/BENCHMARKS.md.new" "$top/BENCHMARKS.md"
cat "$top/BENCHMARKS.md"
