#!/bin/sh
# make check-real: hotinline on real libraries that force-inline their hot
# functions with a macro (see docs/real-code.md).
#
#   run.sh [WORD...]            all libraries and settings, or those named
#                               (libraries, "c", "c++", settings)
#   run.sh --fetch [WORD...]    their sources only
#
# For each library and setting the units are built five ways: upstream
# (the macro as shipped), stripped (the macro without always_inline),
# attribute and surgical (stripped, the plugin forcing the functions the
# upstream build declares always_inline) and report (stripped, the same
# functions as report entries).  Each build is linked with the library's
# test program; the checks compare the executables' code function by
# function (objdump, addresses left out):
#   a  attribute = upstream, every function
#   b  report's warnings = objdump's calls to the hot functions, by
#      file:line and callee (and report's code = stripped's)
#   c  surgical: no hot call left that upstream does not have, and no
#      function changed from stripped but the hot functions and their callers
#   d  the program's output is upstream's, for every build
#   e  Clang: report-bare, the report build without -g, where the plugin
#      places the calls itself, warns at the same lines and makes the
#      same code
# Environment: GCC (the compiler, default gcc; a clang-N runs the same
# checks with the LLVM plugin), HOTINLINE_PLUGIN (the plugin for that
# compiler), HOTINLINE_REAL_CACHE (downloaded sources, default
# build/real-src), HOTINLINE_REAL_WORK (default build/gcc-MAJOR/real or
# build/clang-MAJOR/real), HOTINLINE_REAL_JOBS (parallel builds, default
# 2).  Exit status 1 when a check fails.
set -eu
export LC_ALL=C
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
. "$here/libs.sh"

GCC=${GCC:-gcc}
major=$($GCC -dumpversion | cut -d. -f1)
# The compiler's kind: gcc, or clang (its plugin is loaded twice, as a
# front-end plugin for the arguments and as a pass plugin).
case $(basename "$GCC") in
clang*) kind=clang nocaret=-fno-caret-diagnostics ;;
*) kind=gcc nocaret=-fno-diagnostics-show-caret ;;
esac
PLUGIN=${HOTINLINE_PLUGIN:-$top/build/$kind-$major/hotinline.so}
cache=${HOTINLINE_REAL_CACHE:-$top/build/real-src}
work=${HOTINLINE_REAL_WORK:-$top/build/$kind-$major/real}
jobs=${HOTINLINE_REAL_JOBS:-2}
export GCC PLUGIN HOTINLINE_REAL_CACHE=$cache HOTINLINE_REAL_WORK=$work

die () { echo "check-real: $*" >&2; exit 2; }

# Debug information in DWARF 4: objdump -l (binutils 2.40) starts each
# sequence of a DWARF 5 line table at file 0, the unit's own source, where
# DWARF 5 says file 1; the assembler writes no DW_LNS_set_file for a
# sequence that stays in file 1, a header, and objdump then names the unit
# (docs/real-code.md).
debug=-gdwarf-4

# fetch LIB: the pinned sources, upstream/ and stripped/ under the cache;
# .ready holds the strip they were made with, so that a changed strip
# makes them again.
fetch () {
	src=$cache/$1-$L_VERSION
	strip="$L_STRIP_FILE: $L_STRIP_FROM -> $L_STRIP_TO"
	[ -f "$src/.ready" ] && [ "$(cat "$src/.ready")" = "$strip" ] &&
		return 0
	tarball=$cache/$(basename "$L_URL")
	mkdir -p "$cache"
	if [ ! -f "$tarball" ] ||
	   ! echo "$L_SHA256  $tarball" | sha256sum -c --status; then
		curl -fsSL --retry 2 -o "$tarball.part" "$L_URL" ||
			die "cannot download $L_URL"
		mv "$tarball.part" "$tarball"
	fi
	echo "$L_SHA256  $tarball" | sha256sum -c --status ||
		die "$tarball: sha256 is not $L_SHA256"
	rm -rf "$src" && mkdir -p "$src/x"
	tar xf "$tarball" -C "$src/x"
	mv "$src/x/$L_DIR" "$src/upstream" && rmdir "$src/x"
	cp -a "$src/upstream" "$src/stripped"
	f=$src/stripped/$L_STRIP_FILE
	awk -v from="$L_STRIP_FROM" -v to="$L_STRIP_TO" '
		{ while (i = index($0, from)) { $0 = substr($0, 1, i - 1) to substr($0, i + length(from)); n++ } print }
		END { if (!n) exit 1 }' "$src/upstream/$L_STRIP_FILE" > "$f" ||
		die "$1: '$L_STRIP_FROM' not found in $L_STRIP_FILE"
	printf '%s\n' "$strip" > "$src/.ready"
}

# build LIB SETTING VARIANT: compile the units, link the program.
build () {
	lib_load "$1"
	d=$work/$1/$2
	out=$d/$3
	flags="$(setting_flags "$2") $debug"
	tree=stripped
	plugin=
	case $3 in
	upstream) tree=upstream ;;
	attribute) plugin="-fplugin-arg-hotinline-policy=$d/force.yaml" ;;
	surgical) plugin="-fplugin-arg-hotinline-policy=$d/force.yaml -fplugin-arg-hotinline-strategy=surgical" ;;
	report) plugin="-fplugin-arg-hotinline-policy=$d/report.yaml" ;;
	report-bare)
		plugin="-fplugin-arg-hotinline-policy=$d/report.yaml"
		flags=$(setting_flags "$2") ;;
	esac
	if [ -n "$plugin" ]; then
		plugin="-fplugin=$PLUGIN $plugin"
		[ $kind = gcc ] || plugin="-fpass-plugin=$PLUGIN $plugin"
	fi
	src=$cache/$1-$L_VERSION/$tree
	rm -rf "$out" && mkdir -p "$out"
	cc=$GCC units=$L_UNITS main_o=$d/main.o
	# A C++ library's program is a unit of the build: it inlines the
	# library's headers.
	[ "$L_LANG" = c ] || { cc=$(cxx_of "$GCC"); units="$units $here/$L_DRIVER"; main_o=; }
	objs=
	for u in $units; do
		o=$out/$(basename "$u" | sed 's/\.[^.]*$//').o
		# shellcheck disable=SC2086
		(cd "$src" && $cc $flags $L_CFLAGS $plugin \
			$nocaret -c "$u" -o "$o") \
			>> "$out/stderr" 2>&1 || { echo failed > "$out/status"; return 0; }
		# What the compiler saw declared always_inline: GCC's gimple
		# dump, or Clang's IR.
		if [ "$3" = upstream ] && [ "$L_POLICY" = listing ]; then
			list_unit "$src" "$u" "$o" "$out" ||
				{ echo failed > "$out/status"; return 0; }
		elif [ "$3" = upstream ]; then
			# shellcheck disable=SC2086
			(cd "$src" && if [ $kind = gcc ]; then
				$GCC $flags $L_CFLAGS -fdump-tree-gimple=$o.gimple \
					-c "$u" -o /dev/null &&
				awk -f "$here/policy.awk" "$o.gimple"
			else
				$GCC $flags $L_CFLAGS -S -emit-llvm -Xclang \
					-disable-llvm-passes -c "$u" -o - |
				awk -f "$here/policy-ir.awk"
			fi) > "$o.hot" 2>> "$out/stderr" ||
				{ echo failed > "$out/status"; return 0; }
		fi
		objs="$objs $o"
	done
	# shellcheck disable=SC2086
	$cc $flags $objs $main_o $(ls "$work/$1"/fixed/*.o 2>/dev/null) -o "$out/prog" \
		>> "$out/stderr" 2>&1 || { echo failed > "$out/status"; return 0; }
	nm -S --defined-only "$out/prog" > "$out/symbols"
	objdump -d --no-show-raw-insn "$out/prog" |
		awk -v SYMS="$out/symbols" -f "$here/functions.awk" > "$out/functions"
	objdump -dl --no-show-raw-insn "$out/prog" > "$out/lines"
	awk -v HOT="$(cat "$d/hot")" -f "$here/calls.awk" "$out/lines" > "$out/calls"
	awk -v HOT="$(cat "$d/hot")" -v KEYS="$(cat "$d/hot.keys")" \
		-f "$here/hosts.awk" "$out/lines" > "$out/hosts"
	if [ "$L_LANG" != c ]; then
		for o in $objs; do
			objdump -t "$o" > "$o.syms"
			objdump -dlr --no-show-raw-insn "$o" |
				awk -v SYMS="$o.syms" -v HOT="$(cat "$d/hot")" -f "$here/calls.awk"
		done > "$out/calls.objects"
	fi
	(cd "$out" && ./prog > output 2> run-stderr && echo ok > status) ||
		echo "program failed" > "$out/status"
}

# list_unit SRC UNIT OBJECT OUT: the listing mode on an upstream unit
# (its own compilation, so that the upstream build is the compiler's
# alone): the functions the source marks always_inline added to
# OUT/listed.yaml, the policy of the other builds, its time (seconds) to
# OUT/list-time; and, for objdump, their symbols (from GCC's SSA dump or
# Clang's IR) into OBJECT.hot.
list_unit () {
	t0=$(date +%s.%N)
	if [ $kind = gcc ]; then
		# shellcheck disable=SC2086
		(cd "$1" && $cc $flags $L_CFLAGS -fplugin="$PLUGIN" \
			-fplugin-arg-hotinline-list="$4/listed.yaml" \
			-fdump-tree-ssa="$3.ssa" -c "$2" -o /dev/null) >> "$4/stderr" 2>&1 || return 1
	else
		# shellcheck disable=SC2086
		(cd "$1" && $cc $flags $L_CFLAGS -fplugin="$PLUGIN" \
			-fpass-plugin="$PLUGIN" \
			-fplugin-arg-hotinline-list="$4/listed.yaml" \
			-c "$2" -o /dev/null) >> "$4/stderr" 2>&1 || return 1
	fi
	awk -v a="$t0" -v b="$(date +%s.%N)" 'BEGIN { printf "%.1f\n", b - a }' >> "$4/list-time"
	if [ $kind = gcc ]; then
		awk -f "$here/policy-ssa.awk" "$3.ssa" > "$3.hot" && rm -f "$3.ssa"
	else
		# shellcheck disable=SC2086
		(cd "$1" && $cc $flags $L_CFLAGS -S -emit-llvm -Xclang \
			-disable-llvm-passes -c "$2" -o - |
			awk -f "$here/policy-ir.awk") > "$3.hot"
	fi
}

# The units every build of LIB links with, built once (-O1, upstream).
build_fixed () {
	f=$work/$1/fixed
	[ -f "$f/.ready" ] && return 0
	rm -rf "$f" && mkdir -p "$f"
	# shellcheck disable=SC2086
	(cd "$cache/$1-$L_VERSION/upstream" && for u in $L_FIXED; do
		$GCC -O1 $L_CFLAGS -c "$u" -o "$f/$(echo "$u" | tr / _ | sed 's/\.c$//').o" || exit 1
	done) || die "$1: cannot build the units it links with"
	touch "$f/.ready"
}

if [ "${1:-}" = --build ]; then
	shift
	build "$@"
	exit 0
fi

# --fetch [WORD...]: only download and unpack the sources, so that runs
# of the libraries for several compilers at once find them ready.
fetch_only=
if [ "${1:-}" = --fetch ]; then
	shift
	fetch_only=1
else
	[ -f "$PLUGIN" ] || die "no plugin at $PLUGIN (make GCC=$GCC)"
fi
# The arguments' words, in any order: libraries, the groups "c" and "c++",
# and settings; none of a kind means all of it.
libs= settings=
for w in $*; do
	case $w in
	c) libs="$libs $REAL_LIBS_C" ;;
	c++) libs="$libs $REAL_LIBS_CXX" ;;
	*)
		if lib_load "$w" 2>/dev/null; then
			libs="$libs $w"
		elif setting_flags "$w" > /dev/null; then
			settings="$settings $w"
		else
			die "unknown library or setting '$w' (libraries: $REAL_LIBS, or c, c++; settings: $REAL_SETTINGS)"
		fi ;;
	esac
done
libs=${libs:-$REAL_LIBS}
settings=${settings:-$REAL_SETTINGS}
if [ -n "$fetch_only" ]; then
	for lib in $libs; do
		lib_load "$lib"
		fetch "$lib"
	done
	exit 0
fi

report=$work/report.txt
failures=$work/failures.txt
mkdir -p "$work"
: > "$report"
: > "$failures"
row () { printf '%-10s %-8s %-10s %-10s %-10s %-10s %-10s %s\n' "$@"; }
row library setting "a:attr" "b:report" "c:surg" "d:output" "e:bare" "hot calls left: upstream/stripped/attribute/surgical" >> "$report"

# Known failures, each with its reason (testsuite/real/known-failures):
# reported as such and not counted, and an error once they pass.
# A compiler's name in the list: its GCC major, or clangMAJOR.
gcc_major_of () {
	echo "$([ $kind = gcc ] || echo clang)$($1 -dumpversion | cut -d. -f1)"
}
known=$here/known-failures
known_seen=$work/known-seen.txt
: > "$known_seen"
# known_reason LIB SETTING CHECK: the reason, for this GCC, or nothing.
known_reason () {
	awk -v k="$1 $2 $3" -v gcc="$(gcc_major_of "$GCC")" '
		!/^#/ && NF >= 5 && $1" "$2" "$3 == k && ("," $4 ",") ~ ("," gcc ",") {
			$1 = $2 = $3 = $4 = ""; sub(/^ +/, ""); print; exit }' "$known"
}

fail () {
	# fail LIB SETTING CHECK TEXT...: record a failure and its details.
	where="$1 $2 ($3)"
	reason=$(known_reason "$1" "$2" "$3")
	out=$failures
	if [ -n "$reason" ]; then
		echo "$1 $2 $3" >> "$known_seen"
		out=$work/known.txt
		where="$where, known: $reason"
	fi
	shift 3
	{ echo "FAIL $where: $1"; shift; for x in "$@"; do echo "$x"; done; echo; } >> "$out"
}
: > "$work/known.txt"

# body FILE NAME: the normalised code of one function.
body () { awk -F '\t' -v n="$2" '$1 == n { print $2 }' "$1"; }

# show_diff A B LIST: per-function diffs, the first 12 functions.
show_diff () {
	head -12 "$3" | while read -r kind name; do
		echo "  $kind $name"
		[ "$kind" = differs ] || continue
		body "$1" "$name" > "$d/a.tmp"
		body "$2" "$name" > "$d/b.tmp"
		diff "$d/a.tmp" "$d/b.tmp" | sed -n '2,13s/^/      /p' || true
	done
	n=$(wc -l < "$3")
	[ "$n" -le 12 ] || echo "  ... and $((n - 12)) more functions"
}

# The plugin's warnings in a build, counted: those about forcing first,
# then the reports of calls left, the most frequent first.
plugin_warnings () {
	grep -h 'warning:.*\[hotinline\]' "$1" 2>/dev/null | sed 's/^[^ ]*: warning: //' |
		sort | uniq -c | sort -rn > "$1.counted"
	{ grep -v ' not inlined into \| only partly inlined' "$1.counted" || true
	  grep ' not inlined into \| only partly inlined' "$1.counted" | head -6; } |
		sed 's/^/    /'
}

# calls_list BUILD: its calls to hot functions, counted by callee, caller, line.
calls_list () {
	awk '{ print $2 " in " $3 " at " $1 }' "$1" | sort | uniq -c | sort -rn | head -10 |
		sed 's/^ */    /'
}

# listed_policies DIR: force.yaml is the listing mode's policy of the
# upstream build, as written; report.yaml the same entries as reports.
listed_policies () {
	[ -s "$1/upstream/listed.yaml" ] || return 0
	cp "$1/upstream/listed.yaml" "$1/force.yaml"
	sed 's/action: always_inline}$/action: report}/' "$1/force.yaml" > "$1/report.yaml"
}

status=0
for lib in $libs; do
	lib_load "$lib"
	fetch "$lib"
	build_fixed "$lib"
	for s in $settings; do
		case " $L_SETTINGS " in *" $s "*) ;; *) continue ;; esac
		d=$work/$lib/$s
		mkdir -p "$d"
		echo "check-real: $lib $s ($(setting_flags "$s"), $($GCC --version | head -1))" >&2
		[ "$L_LANG" != c ] ||
		$GCC $(setting_flags "$s") $debug -I"$cache/$lib-$L_VERSION/upstream" \
			-I"$cache/$lib-$L_VERSION/upstream/lib" -I"$here" \
			-c "$here/$L_DRIVER" -o "$d/main.o"
		: > "$d/hot"
		: > "$d/hot.keys"
		sh "$0" --build "$lib" "$s" upstream
		cat "$d"/upstream/*.hot | sort -u > "$d/hot.list"
		tr '\n' ' ' < "$d/hot.list" > "$d/hot"
		# C++: their identifiers, for objdump's names of functions of
		# internal linkage (hosts.awk).
		[ "$L_LANG" = c ] || c++filt < "$d/hot.list" | sed 's/^/- /' |
			awk -f "$here/callee-key.awk" | cut -d' ' -f2 | sort -u |
			tr '\n' ' ' > "$d/hot.keys"
		if [ "$L_POLICY" = listing ]; then
			listed_policies "$d"
		else for action in always_inline report; do
			{
				echo "# The functions $lib's upstream build declares always_inline ($s)."
				echo "version: 1"
				echo "functions:"
				sed "s/.*/  - { name: &, action: $action }/" "$d/hot.list"
			} > "$d/$([ $action = report ] && echo report || echo force).yaml"
		done; fi
		# objdump the upstream build again, now that the hot list is known.
		awk -v HOT="$(cat "$d/hot")" -f "$here/calls.awk" "$d/upstream/lines" \
			> "$d/upstream/calls"
		bare=
		[ $kind = gcc ] || bare=report-bare
		printf '%s\n' stripped attribute surgical report $bare |
			xargs -P "$jobs" -I V sh "$0" --build "$lib" "$s" V
		res_a=identical res_b=identical res_c=identical res_d=identical
		res_e=identical
		[ $kind = gcc ] && res_e=-
		for v in upstream stripped attribute surgical report $bare; do
			if [ "$(cat "$d/$v/status")" != ok ]; then
				fail "$lib" "$s" "$v" "the $v build: $(cat "$d/$v/status")" \
					"$(tail -20 "$d/$v/stderr" "$d/$v/run-stderr" 2>/dev/null)"
				res_d=FAIL
				[ "$v" = attribute ] && res_a=FAIL
				[ "$v" = surgical ] && res_c=FAIL
				[ "$v" = report ] && res_b=FAIL
				[ "$v" = report-bare ] && res_e=FAIL
			fi
		done
		# a: attribute = upstream.
		if [ -f "$d/attribute/functions" ]; then
			awk -f "$here/compare.awk" "$d/upstream/functions" "$d/attribute/functions" |
				sort > "$d/a.diff"
			if [ -s "$d/a.diff" ]; then
				res_a="FAIL($(wc -l < "$d/a.diff"))"
				fail "$lib" "$s" a "$(wc -l < "$d/a.diff") functions differ between upstream and attribute forcing" \
					"$(show_diff "$d/upstream/functions" "$d/attribute/functions" "$d/a.diff")" \
					"  hot calls left: upstream $(wc -l < "$d/upstream/calls"), attribute $(wc -l < "$d/attribute/calls")" \
					"$(calls_list "$d/attribute/calls")" \
					"  the plugin said:" "$(plugin_warnings "$d/attribute/stderr")"
			fi
		fi
		# b: report's warnings = report's calls, and report's code = stripped's.
		if [ -f "$d/report/functions" ]; then
			awk -f "$here/reported.awk" "$d/report/stderr" > "$d/b.reported"
			# C++: the calls in the units' objects, where each unit has
			# its copy of an inline function or template instance
			# (COMDAT) and is warned about it; the program keeps one.
			calls=$d/report/calls
			[ "$L_LANG" = c ] || calls=$d/report/calls.objects
			cut -d' ' -f1,2 "$calls" > "$d/b.objdump"
			if [ "$L_LANG" != c ]; then
				# C++: symbols and source names, as identifiers.
				awk -f "$here/callee-key.awk" "$d/b.reported" > "$d/b.tmp" &&
					mv "$d/b.tmp" "$d/b.reported"
				c++filt -p < "$d/b.objdump" | awk -f "$here/callee-key.awk" |
					awk -f "$here/match-calls.awk" "$d/b.reported" - > "$d/b.tmp" &&
					mv "$d/b.tmp" "$d/b.objdump"
			fi
			sort -o "$d/b.reported" "$d/b.reported"
			sort -o "$d/b.objdump" "$d/b.objdump"
			if ! cmp -s "$d/b.reported" "$d/b.objdump"; then
				res_b=FAIL
				fail "$lib" "$s" b "report mode's warnings are not objdump's calls ($(wc -l < "$d/b.reported") warnings, $(wc -l < "$d/b.objdump") calls)" \
					"  < warned at (file:line callee), > objdump's call there:" \
					"$(diff "$d/b.reported" "$d/b.objdump" | grep '^[<>]' | head -20 | sed 's/^/      /')"
			fi
			awk -f "$here/compare.awk" "$d/stripped/functions" "$d/report/functions" | sort > "$d/b.diff"
			if [ -s "$d/b.diff" ]; then
				res_b=FAIL
				fail "$lib" "$s" b "report mode changed the code of $(wc -l < "$d/b.diff") functions" \
					"$(show_diff "$d/stripped/functions" "$d/report/functions" "$d/b.diff")"
			fi
		fi
		# c: surgical inlines every hot call and changes nothing else.
		if [ -f "$d/surgical/functions" ]; then
			# Hot functions, and functions holding a hot call or inlined
			# hot code in the stripped build.
			keep="$(cat "$d/hot") $( (awk '{ print $3 }' "$d/stripped/calls"; cat "$d/stripped/hosts") |
				sed 's/\..*//' | sort -u | tr '\n' ' ')"
			# A function only the surgical build has out of line is
			# allowed when hot code is inlined in it there: a hot
			# function's caller that the stripped build inlined into
			# its own callers, and that LLVM's inliner, deciding
			# bottom-up, keeps once the hot call is inlined into it.
			awk -v SKIP="$keep" -f "$here/compare.awk" "$d/stripped/functions" "$d/surgical/functions" |
				awk 'NR == FNR { sub(/[.#].*/, ""); host[$0] = 1; next }
				     { o = $2; sub(/[.#].*/, "", o) }
				     !($1 == "only-in-b" && o in host)' "$d/surgical/hosts" - |
				sort > "$d/c.diff"
			left=$(wc -l < "$d/surgical/calls")
			if [ "$left" -gt "$(wc -l < "$d/upstream/calls")" ]; then
				res_c="FAIL($left)"
				fail "$lib" "$s" c "surgical forcing left $left hot calls (upstream $(wc -l < "$d/upstream/calls"))" \
					"$(calls_list "$d/surgical/calls")" \
					"  the plugin said:" "$(plugin_warnings "$d/surgical/stderr")"
			fi
			if [ -s "$d/c.diff" ]; then
				res_c=FAIL
				fail "$lib" "$s" c "surgical forcing changed $(wc -l < "$d/c.diff") functions that neither are hot nor hold a hot call (inlined or not) in the stripped build" \
					"$(show_diff "$d/stripped/functions" "$d/surgical/functions" "$d/c.diff")"
			fi
		fi
		# e: without -g, the warnings of the -g build, line for line (the
		# plugin gives the calls the locations -g would), and its code;
		# a call the optimiser merged or moved is keyed where it was written.
		if [ -f "$d/report-bare/functions" ] && [ -f "$d/report/functions" ]; then
			for v in report report-bare; do
				awk -f "$here/written.awk" "$d/$v/stderr" |
					awk -f "$here/reported.awk" | sort > "$d/e.$v"
			done
			if ! cmp -s "$d/e.report" "$d/e.report-bare"; then
				res_e=FAIL
				fail "$lib" "$s" e "without -g, report mode's warnings are not those of the -g build ($(wc -l < "$d/e.report-bare") warnings, $(wc -l < "$d/e.report") with -g)" \
					"  < with -g, > without (file:line callee):" \
					"$(diff "$d/e.report" "$d/e.report-bare" | grep '^[<>]' | head -20 | sed 's/^/      /')"
			fi
			awk -f "$here/compare.awk" "$d/report/functions" "$d/report-bare/functions" | sort > "$d/e.diff"
			if [ -s "$d/e.diff" ]; then
				res_e=FAIL
				fail "$lib" "$s" e "without -g, report mode's code differs from the -g build's in $(wc -l < "$d/e.diff") functions" \
					"$(show_diff "$d/report/functions" "$d/report-bare/functions" "$d/e.diff")"
			fi
		fi
		# d: every build's program prints what upstream's does.
		for v in stripped attribute surgical report $bare; do
			[ -f "$d/$v/output" ] && [ -f "$d/upstream/output" ] || continue
			if ! cmp -s "$d/upstream/output" "$d/$v/output"; then
				res_d=FAIL
				fail "$lib" "$s" d "the $v build's program output differs from upstream's"
			fi
		done
		calls=
		for v in upstream stripped attribute surgical; do
			calls="$calls${calls:+/}$(cat "$d/$v/calls" 2>/dev/null | wc -l)"
		done
		row "$lib" "$s" "$res_a" "$res_b" "$res_c" "$res_d" "$res_e" "$calls ($(wc -l < "$d/hot.list") hot functions)" >> "$report"
	done
done

echo
echo "Real code, $($GCC --version | head -1):"
cat "$report"
if [ -s "$work/known.txt" ]; then
	echo
	echo "Known failures (testsuite/real/known-failures), not counted:"
	cat "$work/known.txt"
fi
# A known failure of a library and setting that ran and passed.
major=$(gcc_major_of "$GCC")
grep -v '^#' "$known" | while read -r kl ks kc kg _; do
		[ -n "$kl" ] || continue
		case ",$kg," in *",$major,"*) ;; *) continue ;; esac
		case " $libs " in *" $kl "*) ;; *) continue ;; esac
		case " $settings " in *" $ks "*) ;; *) continue ;; esac
		grep -qx "$kl $ks $kc" "$known_seen" ||
			echo "FAIL $kl $ks ($kc): listed in testsuite/real/known-failures, but passes: remove it" >> "$failures"
done
if [ -s "$failures" ]; then
	echo
	cat "$failures"
	status=1
fi
exit $status
