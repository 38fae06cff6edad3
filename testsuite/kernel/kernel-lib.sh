# The steps of testsuite/kernel/check-kernel.sh (sourced), one function
# each: step_NAME.  They read kernel, cc, tree, pair, fig, work, here,
# srcdir, summary, jobs and variants, and write their figures into $fig,
# one file per figure.

# What the steps use beyond the kernel's build tools, installed when
# missing (Debian, root).
for need in /usr/bin/time:time /usr/bin/jq:jq /usr/bin/objdump:binutils \
	/usr/bin/valgrind:valgrind \
	/usr/bin/flex:flex /usr/bin/bison:bison /usr/bin/bc:bc \
	/usr/include/libelf.h:libelf-dev /usr/include/openssl/ssl.h:libssl-dev; do
	[ -e "${need%%:*}" ] || DEBIAN_FRONTEND=noninteractive \
		apt-get install -y -q "${need#*:}" >/dev/null
done

# The plugin builds done, of $variants.
built() {
	for v in $variants; do
		[ -f "$pair/$v.done" ] && echo "$v"
	done
	return 0
}

kmake() {
	sh "$here/kernel-make.sh" "$cc" "$tree" "$@"
}

# PATH as the compiler sees it (the testing system sees the checkout as
# /src).
at() {
	if ! command -v "$cc" >/dev/null 2>&1; then
		case $1 in "$srcdir"/*) echo "/src${1#"$srcdir"}"; return ;; esac
	fi
	echo "$1"
}

# The Debian package that has the kernel's source, and the tarball.
step_source() {
	[ -f "$tree/Makefile" ] && return 0
	tarball=/usr/src/linux-source-$kernel.tar.xz
	if [ ! -f "$tarball" ]; then
		if apt-cache show "linux-source-$kernel" >/dev/null 2>&1; then
			apt-get install -y -q "linux-source-$kernel" >/dev/null
		else
			# Debian testing's (7.2) or experimental's (7.3), from the
			# system of tools/debian-chroot.sh that carries it.
			for sys in forky next; do
				sh "$srcdir/tools/debian-chroot.sh" "$sys" create
				sh "$srcdir/tools/debian-chroot.sh" "$sys" run sh -c "
					[ -f $tarball ] && exit 0
					apt-cache show linux-source-$kernel >/dev/null 2>&1 ||
						exit 1
					apt-get install -y -q linux-source-$kernel >/dev/null ||
					apt-get install -y -q -t experimental \
						linux-source-$kernel >/dev/null" || continue
				tarball=$chroot_dir/$sys$tarball
				break
			done
		fi
	fi
	[ -f "$tarball" ] || { echo "no $tarball: which Debian has" \
		"linux-source-$kernel?" >&2; return 1; }
	echo "unpacking $tarball"
	rm -rf "$tree.tmp" && mkdir -p "$tree.tmp"
	tar -C "$tree.tmp" -xf "$tarball"
	mv "$tree.tmp/linux-source-$kernel" "$tree" && rmdir "$tree.tmp"
}

# The configuration, made once per compiler (Kconfig asks the compiler
# what it supports); what it did not take of kernel.config is written to
# $fig/config-refused.
step_config() {
	o=$pair/plain
	mkdir -p "$o"
	kmake "$o" x86_64_defconfig
	(cd "$tree" && scripts/kconfig/merge_config.sh -m -O "$o" \
		"$o/.config" "$here/kernel.config" >/dev/null)
	kmake "$o" olddefconfig
	grep '^CONFIG_' "$here/kernel.config" | while read -r want; do
		grep -qx "$want" "$o/.config" || echo "$want: $(grep \
			"^${want%%=*}=\|^# ${want%%=*} is not set" "$o/.config" \
			|| echo absent)"
	done >"$fig/config-refused"
	cp "$o/.config" "$pair/config"
	if [ -s "$fig/config-refused" ]; then
		echo "Kconfig did not take:"
		sed 's/^/  /' "$fig/config-refused"
	fi
}

# Options every build of the pair has: Clang names the function a call
# is written in only from debug information.
common_kcflags() {
	case $cc in clang-*) echo "-gline-tables-only" ;; esac
}

plugin_kcflags() { # VARIANT
	p=$srcdir/build/$cc/hotinline.so
	[ -f "$p" ] || { echo "no plugin $p: make the plugin for $cc" >&2;
		return 1; }
	case $cc in
	clang-*) printf '%s' "-fplugin=$(at "$p") -fpass-plugin=$(at "$p")" ;;
	*) printf '%s' "-fplugin=$(at "$p")" ;;
	esac
	printf ' %s' -fplugin-arg-hotinline-no-werror \
		"-fplugin-arg-hotinline-results=$(at "$pair/results-$1")"
	mkdir -p "$pair/policies"
	for pol in "$srcdir"/policies/linux-*.yaml; do
		f=$pair/policies/$1-$(basename "$pol")
		case $1 in
		report) sed 's/action: always_inline/action: report/' ;;
		*) sed 's/action: report/action: always_inline/' ;;
		esac <"$pol" >"$f.new"
		# Each unit depends on its policies: a policy rewritten
		# unchanged would make Kbuild build every unit again, and a
		# stopped build could never go on where it stopped.
		if cmp -s "$f.new" "$f"; then rm -f "$f.new"; else mv "$f.new" "$f"; fi
		printf ' %s' "-fplugin-arg-hotinline-policy=$(at "$f")"
	done
	case $1 in
	attribute|surgical) printf ' %s' "-fplugin-arg-hotinline-strategy=$1" ;;
	esac
}

# build VARIANT: bzImage and modules in $pair/VARIANT; each run of make
# adds its wall, user and system seconds as one line to VARIANT.time, so
# that a build stopped and resumed counts both parts.
build() {
	o=$pair/$1
	if [ ! -f "$o/.config" ]; then
		mkdir -p "$o"
		cp "$pair/config" "$o/.config"
	fi
	flags=$(common_kcflags)
	if [ "$1" != plain ]; then
		flags="$flags $(plugin_kcflags "$1")" || return 1
		mkdir -p "$pair/results-$1"
	fi
	echo "KCFLAGS=$flags" >>"$pair/$1.log"
	/usr/bin/time -a -o "$pair/$1.time" -f '%e real %U user %S sys' \
		sh "$here/kernel-make.sh" "$cc" "$tree" "$o" -j"$jobs" \
		KCFLAGS="$flags" bzImage modules >>"$pair/$1.log" 2>&1 || {
		tail -n 30 "$pair/$1.log"
		echo "the $1 build failed: $pair/$1.log" >&2
		return 1
	}
	awk '{ r += $1; u += $3; s += $5 } END { printf "%.0f real, %.0f user + %.0f system\n", r, u, s }' \
		"$pair/$1.time" | tee "$fig/build-$1"
}

step_plain() { build plain; }
step_report() { build report; }
step_attribute() { build attribute; }
step_surgical() { build surgical; }

# The C units a build compiled: "OBJECT plugin|plain" per line, sorted,
# from Kbuild's command files (a kernel unit has -D__KERNEL__ and a .c
# source after -c; asm-offsets.s and the like are not objects).
c_units() {
	find "$1" -name '.*.o.cmd' -exec head -qn1 {} + | awk '
		/-D__KERNEL__/ && / -c / && / [^ ]+\.c($| |;)/ {
			t = $1; sub(/^(saved)?cmd_/, "", t)
			print t, (/ -fplugin=/ ? "plugin" : "plain") }' | sort -u
}

# The objects that a results directory has a file for, "OBJECT" per line
# relative to build directory $3, sorted; other files (Kbuild's tests of
# the compiler on /dev/null, asm-offsets.s) go to $2.
results_objects() {
	o=$(at "$3")
	find "$1" -name '*.json' -exec jq -r --arg o "$o" '
		if (.unit | test("\\.c$")) and .directory == $o
		then .output + ".o" else "other " + .unit + " " + .output end' {} + |
		sort >"$1.objects"
	grep '^other ' "$1.objects" | cut -d' ' -f2- >"$2" || true
	# A unit compiled to assembler (asm-offsets.s) has no object.
	grep -v '^other ' "$1.objects" | while read -r obj; do
		if [ -f "$3/$obj" ]; then echo "$obj"; else echo "$obj" >>"$2"; fi
	done
}

# Every C unit of the plain build is compiled by each plugin build, with
# the plugin, and has its results file.
step_units() {
	c_units "$pair/plain" >"$pair/units-plain"
	cut -d' ' -f1 "$pair/units-plain" >"$pair/units-plain.objects"
	n=$(wc -l <"$pair/units-plain")
	echo "$n" >"$fig/units"
	echo "the plain build compiled $n C units"
	rc=0
	for v in $(built); do
		c_units "$pair/$v" >"$pair/units-$v"
		cut -d' ' -f1 "$pair/units-$v" >"$pair/units-$v.objects"
		if ! cmp -s "$pair/units-plain.objects" "$pair/units-$v.objects"; then
			echo "$v: not the plain build's units:"
			diff "$pair/units-plain.objects" "$pair/units-$v.objects" |
				grep '^[<>]' | head -20
			rc=1
		fi
		awk '$2 == "plain" { print $1 }' "$pair/units-$v" \
			>"$pair/units-$v.without"
		# Units the kernel builds with flags of its own, without KCFLAGS.
		sed 's|/[^/]*$||' "$pair/units-$v.without" | sort | uniq -c |
			awk '{ printf "%s%s (%d)", s, $2, $1; s = ", " }
				END { print "" }' >"$fig/units-without-$v"
		awk '$2 == "plugin" { print $1 }' "$pair/units-$v" \
			>"$pair/units-$v.with"
		results_objects "$pair/results-$v" "$pair/results-$v.other" \
			"$pair/$v" >"$pair/results-$v.units"
		with=$(wc -l <"$pair/units-$v.with")
		res=$(wc -l <"$pair/results-$v.units")
		missing=$(comm -23 "$pair/units-$v.with" "$pair/results-$v.units" | wc -l)
		extra=$(comm -13 "$pair/units-$v.with" "$pair/results-$v.units" | wc -l)
		other=$(wc -l <"$pair/results-$v.other")
		echo "$with $res $missing $extra $other" >"$fig/units-$v"
		echo "$v: $with units with the plugin, $((n - with)) without" \
			"($(cat "$fig/units-without-$v")); $res results files" \
			"for them ($missing missing, $extra for no such unit)," \
			"$other for Kbuild's compiler tests and asm-offsets"
		if [ "$missing" -ne 0 ] || [ "$extra" -ne 0 ]; then
			comm -3 "$pair/units-$v.with" "$pair/results-$v.units" | head
			rc=1
		fi
	done
	return $rc
}

# No warning or error but hotinline's and the plain build's own (the
# same line), no compiler crash.
step_warnings() {
	rc=0
	for v in plain $(built); do
		grep -E ': (warning|error): ' "$pair/$v.log" |
			grep -v '\[hotinline\]' |
			{ if [ $v = plain ]; then cat; else
				grep -vxFf "$pair/plain.others" || true; fi; } \
			>"$pair/$v.others" || true
		grep -E -i 'internal compiler error|PLEASE submit a bug report|Segmentation fault' \
			"$pair/$v.log" >"$pair/$v.crashes" || true
		ours=$(grep -c ': warning: .*\[hotinline\]' "$pair/$v.log" || true)
		others=$(wc -l <"$pair/$v.others")
		crashes=$(wc -l <"$pair/$v.crashes")
		echo "$ours $others $crashes" >"$fig/warnings-$v"
		echo "$v: $ours hotinline warnings, $others others, $crashes crashes"
		if { [ "$others" -ne 0 ] && [ $v != plain ]; } ||
		    [ "$crashes" -ne 0 ]; then
			head -n 10 "$pair/$v.others" "$pair/$v.crashes"
			rc=1
		fi
	done
	return $rc
}

# CPU seconds (user + system) of a build.
cpu_of() {
	awk '{ c += $3 + $5 } END { printf "%.0f", c }' "$pair/$1.time"
}

# unit_command DIR OBJ OUT: the compiler command of OBJ in build DIR
# (Kbuild's, without objtool and the dependency file) writing OUT.
unit_command() {
	head -n1 "$1/$(dirname "$2")/.$(basename "$2").cmd" |
		sed 's/^[^:]*:= //; s/\$\$/$/g; s/\\#/#/g; s/ *;.*//;
			s/ -Wp,-MMD,[^ ]*//' |
		sed "s# -o $2 # -o $(at "$3") #"
}

# report_command OBJ T: the report build's command of OBJ writing T/b.o,
# its results into T/results rather than among the build's.
report_command() {
	unit_command "$pair/report" "$1" "$2/b.o" |
		sed "s#-fplugin-arg-hotinline-results=[^ ]*#-fplugin-arg-hotinline-results=$(at "$2/results")#"
}

# The plugin builds' CPU time (user + system) against the plain build's:
# the whole builds, one after the other, and a sample of units compiled
# by the plain build's command and the report build's, alternately, one
# unit at a time (every $HOTINLINE_KERNEL_SAMPLE-th unit with the plugin,
# default 20), which a noisy machine disturbs less.  A figure, not a
# test: timing is no test here.
step_cost() {
	plain=$(cpu_of plain)
	for v in $(built); do
		c=$(cpu_of "$v")
		awk -v c="$c" -v p="$plain" 'BEGIN {
			printf "%d %d %+.2f\n", c, p, (c / p - 1) * 100 }' \
			>"$fig/cost-$v"
		echo "$v: whole build $(cut -d' ' -f1 "$fig/cost-$v") CPU s against" \
			"$plain plain: $(cut -d' ' -f3 "$fig/cost-$v")%"
	done
	[ -f "$pair/report.done" ] || return 0
	t=$pair/cost
	rm -rf "$t" && mkdir -p "$t/results"
	k=${HOTINLINE_KERNEL_SAMPLE:-20}
	awk -v k="$k" 'NR % k == 1' "$pair/units-report.with" >"$t/units"
	i=0
	while read -r obj; do
		a=$(unit_command "$pair/plain" "$obj" "$t/a.o")
		b=$(report_command "$obj" "$t")
		# Alternate which goes first.
		for side in $( [ $((i % 2)) = 0 ] && echo "a b" || echo "b a"); do
			eval "cmd=\$$side"
			dir=$pair/plain
			[ $side = b ] && dir=$pair/report
			if command -v "$cc" >/dev/null 2>&1; then
				/usr/bin/time -a -o "$t/$side.time" -f '%U %S' \
					sh -c "cd '$dir' && $cmd" >/dev/null 2>&1
			else
				/usr/bin/time -a -o "$t/$side.time" -f '%U %S' \
					sh "$srcdir/tools/debian-chroot.sh" "$system" run sh -c \
					"cd $(at "$dir") && $cmd" >/dev/null 2>&1
			fi || { echo "$obj: the $side command failed"; return 1; }
		done
		i=$((i + 1))
	done <"$t/units"
	awk -v n="$i" 'FILENAME ~ /a.time$/ { a += $1 + $2 }
		FILENAME ~ /b.time$/ { b += $1 + $2 }
		END { printf "%d %.1f %.1f %+.2f\n", n, a, b, (b / a - 1) * 100 }' \
		"$t/a.time" "$t/b.time" >"$fig/cost-sample"
	set -- $(cat "$fig/cost-sample")
	echo "sample of $1 units, compiled alternately: plain $2 CPU s," \
		"report $3 CPU s: $4%"
	echo "$(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg) at the end" \
		>"$fig/cost-machine"
}

# The report build's cost in instructions, which no other work on the
# machine moves: a sample of units (every $HOTINLINE_KERNEL_ISAMPLE-th
# with the plugin, default 200), each compiled by the plain build's
# command and by the report build's under cachegrind (driver, compiler
# and assembler: every process of the command).  A figure, not a test.
# Units measured already, with the same plugin and builds, are kept: a
# run stopped halfway goes on, and a sparser sample (a multiple of the
# stride) reuses its units.
step_instructions() {
	[ -f "$pair/report.done" ] || { echo "no report build"; return 1; }
	t=$pair/instructions
	mkdir -p "$t/results"
	k=${HOTINLINE_KERNEL_ISAMPLE:-200}
	awk -v k="$k" 'NR % k == 0' "$pair/units-report.with" >"$t/units"
	# This checkout's plugin without its debug information, which Debian
	# 12's valgrind cannot read (DWARF 5: "possibly corrupted debuginfo").
	objcopy --strip-debug "$srcdir/build/$cc/hotinline.so" "$t/hotinline.so"
	measured="$(sha256sum <"$t/hotinline.so") $(cat "$pair/plain.time" "$pair/report.time" | cksum)"
	[ "$(cat "$t/measured" 2>/dev/null)" = "$measured" ] || : >"$t/units.tsv"
	echo "$measured" >"$t/measured"
	while read -r obj; do
		grep -q "^$obj	" "$t/units.tsv" && continue
		a=$(unit_command "$pair/plain" "$obj" "$t/a.o")
		b=$(report_command "$obj" "$t" |
			sed "s#=[^ ]*/hotinline\.so#=$(at "$t")/hotinline.so#g")
		for side in a b; do
			eval "cmd=\$$side"
			dir=$pair/plain
			[ $side = b ] && dir=$pair/report
			rm -f "$t"/cg.*
			vg="valgrind -q --tool=cachegrind --cache-sim=no --branch-sim=no --trace-children=yes --cachegrind-out-file=$(at "$t")/cg.%p"
			if command -v "$cc" >/dev/null 2>&1; then
				sh -c "cd '$dir' && $vg $cmd" >/dev/null 2>"$t/$side.err"
			else
				sh "$srcdir/tools/debian-chroot.sh" "$system" run sh -c \
					"cd $(at "$dir") && $vg $cmd" >/dev/null 2>"$t/$side.err"
			fi || { echo "$obj: the $side command failed:"; cat "$t/$side.err"; return 1; }
			# Every process's instructions (cachegrind's summary line).
			n=$(awk '/^summary:/ { n += $2 } END { printf "%.0f\n", n }' "$t"/cg.*)
			eval "i$side=\$n"
		done
		printf '%s\t%s\t%s\n' "$obj" "$ia" "$ib" >>"$t/units.tsv"
	done <"$t/units"
	rm -f "$t"/cg.* "$t"/*.o
	awk -F'\t' 'FILENAME ~ /units$/ { in_sample[$1] = 1; next }
		!($1 in in_sample) { next }
		{ a += $2; b += $3; d = ($3 / $2 - 1) * 100; n++
			if (n == 1 || d < lo) lo = d; if (n == 1 || d > hi) hi = d }
		END { printf "%d %.0f %.0f %+.3f %+.3f %+.3f %d\n", n, a, b,
			(b / a - 1) * 100, lo, hi, k }' k="$k" "$t/units" "$t/units.tsv" \
		>"$fig/cost-instructions"
	set -- $(cat "$fig/cost-instructions")
	echo "sample of $1 units under cachegrind: plain $2 instructions," \
		"report $3: $4% (units from $5% to $6%)"
}

# The number of sites a --diff output says went from inlined to declined.
diff_sites() {
	sed -n 's/^\([0-9]*\) hot call sites\{0,1\} went from .*/\1/p' "$1"
}

# hotinline-summary over the whole kernel: its wall time and peak memory,
# the HTML site's size, --diff both ways between the report and the
# forced build.
step_summary() {
	res=$pair/results-report
	/usr/bin/time -o "$fig/summary-text" -f '%e %M' \
		"$summary" "$res" >"$pair/summary.txt"
	rm -rf "$pair/html"
	/usr/bin/time -o "$fig/summary-html" -f '%e %M' \
		"$summary" --html "$pair/html" "$res" >/dev/null
	echo "$(du -sk "$pair/html" | cut -f1) $(find "$pair/html" -type f | wc -l)" \
		>"$fig/summary-html-size"
	du -sk "$res" | cut -f1 >"$fig/summary-results-size"
	find "$res" -name '*.json' | wc -l >"$fig/summary-results-files"
	rc=0
	if [ ! -f "$pair/attribute.done" ]; then
		echo "--diff: the attribute build is not built"
		rm -f "$fig/summary-diff-lost" "$fig/summary-diff-gained"
		return 0
	fi
	# Forcing leaves no call that the report build inlined.
	"$summary" --diff "$res" "$pair/results-attribute" \
		>"$pair/diff-report-attribute.txt" || rc=$?
	echo "$rc $(diff_sites "$pair/diff-report-attribute.txt")" \
		>"$fig/summary-diff-lost"
	# What forcing gained: the calls the report build left.
	"$summary" --diff "$pair/results-attribute" "$res" \
		>"$pair/diff-attribute-report.txt" || true
	diff_sites "$pair/diff-attribute-report.txt" >"$fig/summary-diff-gained"
	echo "summary: $(cat "$fig/summary-text") (s, KB); html:" \
		"$(cat "$fig/summary-html") (s, KB), site" \
		"$(cat "$fig/summary-html-size") (KB, files); results" \
		"$(cat "$fig/summary-results-size") KB in" \
		"$(cat "$fig/summary-results-files") files"
	echo "--diff report attribute: exit $(cat "$fig/summary-diff-lost")"
	head -n 5 "$pair/summary.txt"
	[ "$(cut -d' ' -f1 "$fig/summary-diff-lost")" -eq 0 ]
}

# The functions the shipped policies name.
policy_names() {
	sed -n 's/^ *- *name: *"\{0,1\}\([^"]*\)"\{0,1\} *$/\1/p' \
		"$srcdir"/policies/linux-*.yaml | sort -u
}

# objdump's calls to the policies' functions (or to those of
# $HOT_NAMES) in the objects given on standard input (relative to
# directory $1): "OBJECT FUNCTION CALLEE" per call, FUNCTION the function
# of the object code it is in, clone suffixes left out, or its names
# joined by "|" when it has several (aliases).
object_calls() {
	hot=${HOT_NAMES:-$(policy_names | tr '\n' ' ')}
	while read -r obj; do
		f=$1/$obj
		[ -f "$f" ] || continue
		objdump -t "$f" >"$pair/syms.tmp"
		objdump -dr --no-show-raw-insn "$f" |
			awk -v SYMS="$pair/syms.tmp" -v HOT="$hot" \
				-f "$srcdir/testsuite/real/calls.awk" |
			awk -v obj="$obj" -v SYMS="$pair/syms.tmp" '
			# Every name of the function at the caller'"'"'s
			# address: objdump labels it by one of its aliases
			# (__ia32_sys_X is __x64_sys_X), the results by another.
			BEGIN {
				while ((getline l < SYMS) > 0) {
					if (split(l, p, "\t") != 2 || p[1] !~ / F /)
						continue
					k = split(p[1], f, " "); split(p[2], g, " ")
					a = f[k] " " f[1]; place[g[2]] = a
					n = g[2]; sub(/\..*/, "", n)
					if (index("|" names[a] "|", "|" n "|") == 0)
						names[a] = names[a] (names[a] == "" ? "" : "|") n
				}
			}
			{ caller = $NF
			  if (caller in place) caller = names[place[caller]]
			  else sub(/\..*/, "", caller)
			  print obj, caller, $(NF - 1) }'
	done
	rm -f "$pair/syms.tmp"
}

# The results' calls left: "OBJECT FUNCTION CALLEE GROUP" per call,
# FUNCTION the function the call ended up in (the outermost of its inline
# chain), GROUP the calls of the unit the code generator may make one of
# (may_merge: Clang before 22, whose reports are the IR's), 0 for none.
results_calls() {
	o=$(at "$2")
	find "$1" -name '*.json' -exec jq -r --arg o "$o" '
		select(.directory == $o and (.unit | test("\\.c$"))) |
		.output as $u | .calls[] | select(.inlined == false) |
		[$u + ".o", (if (.chain // []) == [] then .caller
			else .chain[-1].into end), .callee,
			(.may_merge // 0 | tostring)] | join(" ")' {} + |
		sort
}

# Compare RESULTS ("OBJECT FUNCTION CALLEE GROUP" lines) with OBJDUMP's
# ("OBJECT FUNCTION CALLEE", FUNCTION "a|b" for a function of several
# names), per object, function and callee: the same
# count is exact; fewer in the object, but no fewer than the results'
# calls with each may-merge group made one, is merged; with IR=1 (the
# results are the IR's calls: Clang before 22), other counts that are
# both above 0 are the code generator's (it copied or merged calls of
# that function after the last pass a plugin sees: tail duplication,
# branch folding); any other count differs.  Prints the differing keys,
# then the code generator's prefixed "codegen: ", then "DIFFER MERGED
# CODEGEN" on its last line: the calls that differ, the results' calls
# merged away, and the calls the code generator's copies and merges
# account for.
compare_places() { # RESULTS OBJDUMP IR
	awk -v ir="${3:-0}" 'FNR == NR {
		k = $1 " " $2 " " $3; n[k]++; keys[k]
		if ($4 == 0 || !((k, $4) in g)) { fewest[k]++; g[k, $4] }
		next
	}
	# A function of several names ("a|b", aliases): the one the results
	# have, else the first.
	{ c = split($2, alias, "|"); f = alias[1]
	  for (i = 1; i <= c; i++)
		if (($1 " " alias[i] " " $3) in n) f = alias[i]
	  k = $1 " " f " " $3; m[k]++; keys[k] }
	END {
		for (k in keys) {
			if (n[k] == m[k]) continue
			if (m[k] < n[k] && m[k] >= fewest[k]) {
				merged += n[k] - m[k]; continue
			}
			diff = n[k] > m[k] ? n[k] - m[k] : m[k] - n[k]
			line = k ": results " n[k] + 0 " (" fewest[k] + 0 \
				" at the fewest), objdump " m[k] + 0
			if (ir && n[k] > 0 && m[k] > 0) {
				codegen += diff; print "codegen: " line | "sort"
			} else {
				d += diff; print line | "sort"
			}
		}
		close("sort")
		print d + 0, merged + 0, codegen + 0
	}' "$1" "$2"
}

# 1 when the pair's plugin reports the calls the IR has after the last
# pass (Clang before 22: no pass plugin sees the code generator), else 0.
ir_places() {
	case $cc in
	clang-*) [ "${cc#clang-}" -lt 22 ] && echo 1 || echo 0 ;;
	*) echo 0 ;;
	esac
}

# Over the whole kernel, for the policies' functions: each call the
# report build's results say it left is a call in that unit's object, in
# the function they say, and each such call is in the results.  (The
# places' lines are checked where the objects have lines: step seeds.)
step_places() {
	rc=0
	for v in $(built); do
		results_calls "$pair/results-$v" "$pair/$v" >"$pair/places-$v.results"
		# Objects that can call one: those naming a hot function.
		hot_re=$(policy_names | paste -sd'|')
		cut -d' ' -f1 "$pair/units-$v.with" | while read -r obj; do
			grep -q -a -E "$hot_re" "$pair/$v/$obj" 2>/dev/null &&
				echo "$obj"
		done | object_calls "$pair/$v" | sort >"$pair/places-$v.objdump"
		n=$(wc -l <"$pair/places-$v.results")
		m=$(wc -l <"$pair/places-$v.objdump")
		compare_places "$pair/places-$v.results" \
			"$pair/places-$v.objdump" "$(ir_places)" \
			>"$pair/places-$v.differ"
		set -- $(tail -n 1 "$pair/places-$v.differ")
		d=$1 merged=$2 codegen=$3
		units=$(cut -d' ' -f1 "$pair/places-$v.objdump" | sort -u | wc -l)
		echo "$n $m $d $units $merged $codegen" >"$fig/places-$v"
		echo "$v: results say $n calls left, objdump finds $m in $units" \
			"units; $d differ; $merged merged by the code generator" \
			"as the results say it may"
		if [ "$codegen" -ne 0 ]; then
			echo "  $codegen more or fewer in functions whose calls" \
				"the code generator copied or merged (Clang" \
				"before 22 reports the IR's calls):"
			grep '^codegen: ' "$pair/places-$v.differ" | head -20 |
				sed 's/^codegen: /    /'
		fi
		if [ "$d" -ne 0 ]; then
			echo "  object, function, callee: counts that differ"
			sed '$d' "$pair/places-$v.differ" | grep -v '^codegen: ' |
				head -20 | sed 's/^/    /'
			rc=1
		fi
	done
	return $rc
}

# The self-tests kernel.config builds in, by the name they print.
boot_tests="XArray IDA"

# The forced kernels boot under qemu-system-x86_64 (TCG) with an
# initramfs of init.c alone, which prints the self-tests' results and
# powers off; each test must print "NAME: N of N tests passed".
step_boot() {
	command -v qemu-system-x86_64 >/dev/null ||
		apt-get install -y -q --no-install-recommends qemu-system-x86 >/dev/null
	b=$pair/boot
	mkdir -p "$b/root"
	cc -static -O2 -o "$b/init" "$here/init.c"
	cc -O2 -o "$b/gen_init_cpio" "$tree/usr/gen_init_cpio.c"
	cat >"$b/initramfs.list" <<-EOF2
	dir /dev 0755 0 0
	nod /dev/console 0600 0 0 c 5 1
	file /init $b/init 0755 0 0
	EOF2
	"$b/gen_init_cpio" "$b/initramfs.list" >"$b/initramfs.cpio"
	rc=0
	for v in attribute surgical; do
		if [ ! -f "$pair/$v.done" ]; then
			echo "$v: not built"; rc=1; continue
		fi
		log=$b/$v.serial
		t0=$(date +%s)
		timeout "${HOTINLINE_BOOT_TIMEOUT:-1800}" qemu-system-x86_64 \
			-accel tcg -m 1G -smp 1 -nographic -no-reboot \
			-kernel "$pair/$v/arch/x86/boot/bzImage" \
			-initrd "$b/initramfs.cpio" \
			-append "console=ttyS0 panic=-1 quiet" \
			</dev/null >"$log" 2>&1 || true
		t1=$(date +%s)
		# A line may begin with the console's escape sequences (the
		# firmware's screen reset, ahead of the first line of init).
		tr -d '\r' <"$log" | sed -n 's/^.*hotinline-boot: //p' >"$b/$v.results"
		ok=1
		for t in $boot_tests; do
			line=$(grep "\] $t: [0-9]* of [0-9]* tests passed" \
				"$b/$v.results" || true)
			set -- $(echo "$line" | sed 's/.*: \([0-9]*\) of \([0-9]*\) tests passed.*/\1 \2/')
			if [ -z "$line" ]; then
				echo "$v: no result of $t in $log"; ok=0
			elif [ "$1" != "$2" ]; then
				echo "$v: $t: $1 of $2 tests passed"; ok=0
			fi
		done
		grep -qx done "$b/$v.results" ||
			{ echo "$v: init did not finish: $log"; ok=0; }
		results=$(grep 'tests passed' "$b/$v.results" |
			sed 's/^.*\] //' | paste -sd';' -)
		echo "$ok $((t1 - t0)) $results" >"$fig/boot-$v"
		echo "$v: $([ $ok = 1 ] && echo booted || echo FAILED)" \
			"in $((t1 - t0)) s: $results"
		[ $ok = 1 ] || { tail -n 20 "$log"; rc=1; }
	done
	return $rc
}

# The policies' entries that name no function of this kernel: not in its
# symbol table (System.map of the plain build, clones as their origin),
# not called in any unit (the report build's results count inlined calls
# too) and not defined in its source (a line that starts with the
# function's type and name, or with its name after the type's line, and
# does not end a declaration).  The step fails when a name is missing
# from every kernel checked, once both supported kernels have been.
step_stale() {
	{
		awk '{ n = $3; sub(/\..*/, "", n); print n }' "$pair/plain/System.map"
		find "$pair/results-report" -name '*.json' \
			-exec jq -r '.calls[].callee' {} +
		re=$(policy_names | paste -sd'|')
		grep -rhoE --include='*.c' --include='*.h' \
			"^([A-Za-z_][A-Za-z0-9_ *]*[ *])?($re)\\([^;]*$" "$tree" |
			sed -E 's/\(.*//; s/.*[ *]//'
	} | sort -u >"$pair/functions"
	policy_names | comm -23 - "$pair/functions" >"$fig/stale"
	echo "entries naming no function of Linux $kernel built by $cc:" \
		"$(paste -sd' ' "$fig/stale")"
	rc=0
	# The kernels checked: those with a pair that has its functions.
	kernels=$(ls "$work"/*/*/functions 2>/dev/null |
		awk -F/ '{ print $(NF - 2) }' | sort -u)
	for n in $(cat "$fig/stale"); do
		found=0
		for f in "$work"/*/*/functions; do
			grep -qx "$n" "$f" && found=1
		done
		[ $found = 1 ] && continue
		case " $(echo $kernels) " in
		*" 6.1 "*7.*|*7.*" 6.1 "*)
			echo "$n: in no kernel checked ($(echo $kernels))"; rc=1 ;;
		*) echo "$n: in no kernel checked yet ($(echo $kernels))" ;;
		esac
	done
	return $rc
}

# The seeds' hot paths: a name, the objects (a glob in the build
# directory) and the hot functions.
seed_groups() {
	cat <<-EOF2
	xarray lib/xarray.o xas_descend
	zap mm/memory.o zap_pte_range zap_pmd_range zap_pud_range zap_p4d_range
	sched kernel/sched/fair.o cpu_util cpu_util_without
	locking kernel/locking/*.o _raw_spin_unlock_irqrestore _raw_spin_unlock_bh _raw_read_unlock_irqrestore _raw_write_unlock_irqrestore _raw_read_unlock_bh _raw_write_unlock_bh _raw_spin_unlock
	EOF2
}

# compile_like DIR OBJ SRC OUT [SED]: compile SRC into OUT as build
# directory DIR compiled OBJ (its Kbuild command, objtool included),
# the command first edited by the sed script SED.
compile_like() {
	cmd=$(head -n1 "$1/$(dirname "$2")/.$(basename "$2").cmd" |
		sed 's/^[^:]*:= //; s/\$\$/$/g; s/\\#/#/g')
	src=$(at "$tree/${2%.o}.c")
	cmd=$(printf '%s\n' "$cmd" | sed "s# $src\\( \\|\$\\)# $(at "$3")\\1#;
		s# $2\\( \\|\$\\)# $(at "$4")\\1#g; ${5:-}")
	case $cmd in *" $(at "$4")"*) ;; *)
		echo "cannot compile like $2: $cmd" >&2; return 1 ;;
	esac
	if command -v "$cc" >/dev/null 2>&1; then
		(cd "$1" && sh -c "$cmd")
	else
		sh "$srcdir/tools/debian-chroot.sh" "$system" run sh -c "cd $(at "$1") && $cmd"
	fi
}

# Each function's code in object $1, one file per function in directory
# $2 (addresses and relocation offsets left out), and FUNCTION.calls:
# the functions it calls or jumps to, in order (what inlining changes).
function_bodies() {
	rm -rf "$2" && mkdir -p "$2"
	objdump -dr --no-show-raw-insn "$1" | awk -v d="$2" '
		function flush() { if (pending != "") print pending > (f ".calls"); pending = "" }
		/^Disassembly of section/ { flush(); f = ""; next }
		/^[0-9a-f]+ <.*>:$/ { flush()
			f = d "/" substr($2, 2, length($2) - 3); printf "" > (f ".calls"); next }
		!f || !NF { next }
		/^\t+[0-9a-f]+: R_X86_64_/ {
			if (pending != "") { t = $NF; sub(/[-+]0x[0-9a-f]+$/, "", t); pending = t }
			flush() }
		!/^\t+[0-9a-f]+: R_X86_64_/ { flush()
			if ($0 ~ /:\t(call|jmp) /) {
				t = $0; sub(/.*</, "", t); sub(/>.*/, "", t)
				# A jump inside the function is no call.
				pending = (t ~ /\+0x/) ? "" : t
				if ($0 ~ /:\tcall /) pending = t } }
		{ sub(/^ *[0-9a-f]+:[ \t]*/, "")
			gsub(/[0-9a-f]+ <[^>]*\+0x[0-9a-f]+>/, "<>")
			gsub(/[0-9a-f]+ </, "<")
			gsub(/[0-9a-f]+:[ \t]*R_X86_64/, "R_X86_64")
			print > f }
		END { flush() }'
}

# The functions of objects in directory $1 whose code differs in $2,
# but for the hot functions and their callers of $3 (files of names):
# "OBJECT FUNCTION inlining" when the functions it calls differ (an
# inlining decision changed there), "OBJECT FUNCTION code" when only its
# code does (the registers a changed callee clobbers, GCC's -fipa-ra,
# alignment).
changed_elsewhere() {
	for o in "$1"/*.o; do
		b=$(basename "$o")
		[ -f "$2/$b" ] || continue
		function_bodies "$o" "$pair/seeds/a"
		function_bodies "$2/$b" "$pair/seeds/b"
		(cd "$pair/seeds" && ls a b | grep -v ':$' | grep -v '\.calls$' |
			sort -u) |
			while read -r f; do
				[ -n "$f" ] || continue
				cmp -s "$pair/seeds/a/$f" "$pair/seeds/b/$f" && continue
				grep -qx "${f%%.*}" "$3" && continue
				if cmp -s "$pair/seeds/a/$f.calls" "$pair/seeds/b/$f.calls"
				then echo "$b $f code"
				else echo "$b $f inlining"
				fi
			done
	done
}

text_size() {
	for o in "$@"; do size -A "$o"; done |
		awk '$1 == ".text" { t += $2 } END { print t + 0 }'
}

# The C source on standard input with static function NAME's definition
# made __always_inline: "static [inline] TYPE NAME(" on a line, or
# "static [inline] TYPE" and "NAME(" on the next.  Fails when the source
# has no such definition, or has it __always_inline already.
make_always_inline() {
	awk -v n="$1" '
		{ line[NR] = $0 }
		END {
			for (i = 1; i <= NR; i++) {
				at = 0
				if (line[i] ~ "^static [^=;(]*[ *]" n "\\(")
					at = i
				else if (line[i] ~ "^" n "\\(" && i > 1 &&
				    line[i - 1] ~ /^static [^=;(]*$/)
					at = i - 1
				if (at && line[at] !~ /__always_inline/) {
					sub(/^static (inline )?/, "static __always_inline ", line[at])
					hit = 1
				}
			}
			for (i = 1; i <= NR; i++)
				print line[i]
			exit !hit
		}'
}

# hand_force OBJDIR OBJS NAMES...: the objects OBJS (a glob in the plain
# build) compiled with each hot function their source defines made
# __always_inline (as a patch does), into OBJDIR; prints the functions it
# changed, nothing when none.
hand_force() {
	out=$1 objs=$2
	shift 2
	done_names=
	mkdir -p "$out" "$pair/seeds/hand-src"
	for o in $(cd "$pair/plain" && ls $objs); do
		src=$tree/${o%.o}.c
		copy=$pair/seeds/hand-src/$(echo "${o%.o}" | tr / _).c
		cp "$src" "$copy"
		for n in "$@"; do
			make_always_inline "$n" <"$copy" >"$copy.new" &&
				mv "$copy.new" "$copy" &&
				done_names="$done_names $n"
		done
		cmp -s "$src" "$copy" && continue
		compile_like "$pair/plain" "$o" "$copy" "$out/$(basename "$o")" \
			"s| -g[a-z-]*||g"
	done
	echo $done_names
}

# seed_lines GROUP OBJS NAMES: the report build's objects of a group
# compiled again with line tables (which change no code): each call to
# the group's functions that the results say was left is a call objdump
# finds at that file and line, and each such call is in the results.
# Figure lines-GROUP: "RESULTS CALLS DIFFERENT WARNINGS-ELSEWHERE", the
# last the warnings whose own place is not objdump's line: a call written
# in a macro, which GCC's warning shows where the macro's text has it (the
# results and the line table: where it was expanded).
seed_lines() {
	d=$pair/seeds/$1-lines
	mkdir -p "$d/results"
	: >"$d.err"
	for o in $(cd "$pair/report" && ls $2); do
		compile_like "$pair/report" "$o" "$tree/${o%.o}.c" \
			"$d/$(basename "$o")" "s# -c -o # -gdwarf-4 -fplugin-arg-hotinline-severity=warning -c -o #;
			s#-fplugin-arg-hotinline-results=[^ ]*#-fplugin-arg-hotinline-results=$(at "$d/results")#" \
			2>>"$d.err"
	done
	names_re="^($(echo $3 | tr ' ' '|'))\$"
	find "$d/results" -name '*.json' -exec jq -r --arg re "$names_re" '
		.calls[] | select(.inlined == false and (.callee | test($re))) |
		(.file | sub(".*/"; "")) + ":" + (.line | tostring) + " " + .callee' {} + |
		sort >"$d.results"
	awk -f "$srcdir/testsuite/real/reported.awk" "$d.err" |
		awk -v re="$names_re" '$2 ~ re' | sort >"$d.reported"
	for o in "$d"/*.o; do
		objdump -t "$o" >"$o.syms"
		objdump -dlr --no-show-raw-insn "$o" |
			awk -v SYMS="$o.syms" -v HOT="$3" \
				-f "$srcdir/testsuite/real/calls.awk"
	done | cut -d' ' -f1,2 | sort >"$d.objdump"
	n=$(wc -l <"$d.results") m=$(wc -l <"$d.objdump")
	k=$(comm -3 "$d.results" "$d.objdump" | wc -l)
	w=$(comm -23 "$d.reported" "$d.objdump" | wc -l)
	echo "$n $m $k $w" >"$fig/lines-$1"
	echo "$1: the results place $n calls, objdump finds $m at those lines," \
		"$k differ; $w warnings shown at a macro's text"
	[ "$k" -eq 0 ] || { diff "$d.results" "$d.objdump" | grep '^[<>]' | head; return 1; }
}

# The seeds' objects: calls to the group's functions left by each build,
# functions changed elsewhere (neither a hot function nor one that calls
# it in the plain build) by hand forcing and by the plugin, .text.
step_seeds() {
	rc=0
	rm -rf "$pair/seeds"
	mkdir -p "$pair/seeds"
	seed_groups | while read -r g objs names; do
		echo "$names" | tr ' ' '\n' | sort >"$pair/seeds/$g.names"
		line="$g"
		for v in plain $variants hand; do
			d=$pair/seeds/$g-$v
			mkdir -p "$d"
			if [ "$v" = hand ]; then
				# shellcheck disable=SC2086
				forced=$(hand_force "$d" "$objs" $names)
				echo "$forced" >"$fig/seed-$g-hand-names"
				[ -n "$forced" ] || { line="$line -"; continue; }
				# Objects hand forcing does not touch stay plain.
				for o in "$pair/seeds/$g-plain"/*.o; do
					[ -f "$d/$(basename "$o")" ] ||
						cp "$o" "$d/"
				done
			elif [ ! -f "$pair/$v.done" ]; then
				line="$line -"; continue
			else
				(cd "$pair/$v" && cp $objs "$d/")
			fi
			ls "$d"/*.o | sed "s|^$d/||" |
				HOT_NAMES="$names" object_calls "$d" >"$d.calls"
			calls=$(wc -l <"$d.calls")
			line="$line $calls"
		done
		# Changed elsewhere, .text.
		awk '{ n = split($2, a, "|"); for (i = 1; i <= n; i++) print a[i] }' \
			"$pair/seeds/$g-plain.calls" |
			cat - "$pair/seeds/$g.names" | sort -u >"$pair/seeds/$g.exempt"
		text=$(text_size "$pair/seeds/$g-plain"/*.o)
		line="$line | $text"
		for v in hand $variants; do
			d=$pair/seeds/$g-$v
			if ! ls "$d"/*.o >/dev/null 2>&1; then
				line="$line - -"; continue
			fi
			changed_elsewhere "$pair/seeds/$g-plain" "$d" \
				"$pair/seeds/$g.exempt" >"$d.all-changed"
			grep ' inlining$' "$d.all-changed" >"$d.changed" || true
			t=$(text_size "$d"/*.o)
			line="$line $(wc -l <"$d.changed")/$(wc -l <"$d.all-changed") $((t - text))"
		done
		echo "$line" | tee "$fig/seed-$g"
		if [ -f "$pair/report.done" ]; then
			seed_lines "$g" "$objs" "$names" || echo "$g" >>"$pair/seeds/failed"
		fi
	done
	echo "columns: group, calls left plain $variants hand |" \
		".text plain, then for hand $variants: functions changed" \
		"elsewhere (inlining changed/any code), .text delta"
	if [ -s "$pair/seeds/failed" ]; then
		echo "places at their lines differ: $(cat "$pair/seeds/failed")"
		rc=1
	fi
	# Surgical forcing changes no inlining beyond the hot calls' callers.
	for f in "$pair"/seeds/*-surgical.changed; do
		[ -f "$f" ] || continue
		if [ -s "$f" ]; then
			echo "surgical forcing changed inlining elsewhere ($f):"
			head "$f"; rc=1
		fi
	done
	return $rc
}

# A figure file's content, or "not run".
figure() {
	if [ -s "$fig/$1" ]; then cat "$fig/$1"; else echo "(not run)"; fi
}

compiler_version() {
	if command -v "$cc" >/dev/null 2>&1; then
		"$cc" --version | head -n1
	else
		sh "$srcdir/tools/debian-chroot.sh" "$system" run "$cc" --version | head -n1
	fi
}

# The pair's section of docs/kernel.md, between its two marker lines
# (added at the end the first time), written from the figures alone.
step_doc() {
	doc=$srcdir/docs/kernel.md
	begin="<!-- check-kernel $kernel $cc: written by make check-kernel -->"
	end="<!-- end check-kernel $kernel $cc -->"
	sec=$pair/section.md
	{
		echo "$begin"
		echo "### Linux $kernel, $(compiler_version)"
		echo
		echo "Run of $(date -u -r "$fig/build-plain" +%Y-%m-%d 2>/dev/null ||
			echo '?'), $(nproc) cores; each build \`bzImage modules\` with \`-j$jobs\`."
		echo
		echo "| build | wall s | CPU s | CPU against plain | C units with the plugin | results files | hotinline warnings | other warnings (beyond the plain build's) | crashes |"
		echo "|---|---:|---:|---:|---:|---:|---:|---:|---:|"
		for v in plain $variants; do
			[ -s "$fig/build-$v" ] || { echo "| $v | not built | | | | | | | |"; continue; }
			set -- $(sed 's/[,+]/ /g' "$fig/build-$v")
			wall=$1 cpu=$(($3 + $5))
			cost=$( [ "$v" = plain ] && echo "" || cut -d' ' -f3 "$fig/cost-$v" 2>/dev/null | sed 's/$/%/')
			set -- $(cat "$fig/units-$v" 2>/dev/null || echo "$(cat "$fig/units" 2>/dev/null) - - - -")
			with=$1 res=$2
			[ "$v" = plain ] && with=0 res=0
			set -- $(cat "$fig/warnings-$v" 2>/dev/null || echo "- - -")
			echo "| $v | $wall | $cpu | $cost | $with | $res | $1 | $2 | $3 |"
		done
		echo
		echo "- C units the plain build compiled: $(figure units); those the kernel compiles with flags of its own, without \`KCFLAGS\` (so without the plugin): $(figure units-without-report)."
		echo "- What Kconfig did not take of kernel.config: $( [ -s "$fig/config-refused" ] && paste -sd';' "$fig/config-refused" || echo nothing)."
		echo "- CPU time is user + system of the whole make, the builds one after the other on the same machine; the whole builds differ also by what else the machine did meanwhile."
		if [ -s "$fig/cost-sample" ]; then
			set -- $(cat "$fig/cost-sample")
			echo "- The cost measured closer: a sample of $1 units (every ${HOTINLINE_KERNEL_SAMPLE:-20}th with the plugin), each compiled by the plain build's command and by the report build's, alternately: plain $2 CPU s, report $3 CPU s, **$4%** ($(figure cost-machine))."
		fi
		if [ -s "$fig/cost-instructions" ]; then
			set -- $(cat "$fig/cost-instructions")
			echo "- The cost in instructions, which a noisy machine does not move: a sample of $1 units (every ${7}th with the plugin), each compiled by the plain build's command and by the report build's under cachegrind (every process of the command): plain $2, report $3, **$4%** (units from $5% to $6%)."
		fi
		set -- $(figure summary-text) ; st="$1 s, peak $(( ${2:-0} / 1024 )) MB"
		set -- $(figure summary-html) ; ht="$1 s, peak $(( ${2:-0} / 1024 )) MB"
		set -- $(figure summary-html-size)
		echo "- \`hotinline-summary\` over the report build's $(figure summary-results-files) results files ($(( $(figure summary-results-size | tr -cd 0-9)0 / 10240 )) MB): $st; \`--html\`: $ht, a site of $(( ${1:-0} / 1024 )) MB in ${2:-?} files."
		[ -s "$fig/summary-diff-lost" ] &&
		echo "- \`--diff\` report build -> attribute build: $(cut -d' ' -f2 "$fig/summary-diff-lost" 2>/dev/null || echo '?') call sites went from inlined to declined (none expected: forcing loses nothing); attribute -> report: $(figure summary-diff-gained) (the sites forcing gained)."
		for v in $(built); do
			[ -s "$fig/places-$v" ] || continue
			set -- $(figure places-$v)
			echo "- Places, $v build: the results say $1 calls to the policies' functions were left; objdump finds ${2:-?} in ${4:-?} units; ${3:-?} differ (unit, function the call is in, callee)$( [ "${5:-0}" -gt 0 ] && echo "; $5 calls of the results are fewer in the object where the results say the code generator may merge them (Clang before 22 reports the IR's calls)")$( [ "${6:-0}" -gt 0 ] && echo "; $6 more or fewer in functions where both have the call, the code generator having copied or merged calls after the last pass a plugin sees (tail duplication, branch folding: Clang before 22)")."
		done
		for v in attribute surgical; do
			[ -s "$fig/boot-$v" ] || { echo "- Boot, $v kernel: not booted."; continue; }
			set -- $(figure boot-$v)
			ok=$1 secs=${2:-?}; shift 2 2>/dev/null || true
			echo "- Boot, $v kernel: $( [ "$ok" = 1 ] && echo "booted and powered off in $secs s under TCG" || echo "$ok $secs") ($*)."
		done
		for g in xarray zap sched locking; do
			[ -s "$fig/lines-$g" ] || continue
			set -- $(cat "$fig/lines-$g")
			echo "- Places at their lines, $g objects (the report build's command with \`-gdwarf-4\`): the results place $1 calls, objdump finds $2 at those lines, $3 differ; $4 of the warnings show their call where a macro's text has it (GCC's place for a call written in a macro; its context gives the line above)."
		done
		echo "- Policy entries naming no function of this kernel: $( [ -s "$fig/stale" ] && paste -sd' ' "$fig/stale" || echo none)."
		echo
		echo "The seeds' hot paths (objdump of the objects; \"changed elsewhere\": functions that are neither a hot function nor a caller of one in the plain build, as A/B: A whose calls changed (an inlining decision changed there), B whose code changed at all (also by the registers a changed callee clobbers, GCC's \`-fipa-ra\`, and alignment); hand: \`__always_inline\` on the definition, as a patch does; - where it does not apply):"
		echo
		echo "| path | forced by hand | calls left: plain | attribute | surgical | hand | changed elsewhere: hand | attribute | surgical | .text plain | .text: hand | attribute | surgical |"
		echo "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"
		for g in xarray zap sched locking; do
			[ -s "$fig/seed-$g" ] || continue
			# group plain report attribute surgical hand | text hand(c d) report(c d) attribute(c d) surgical(c d)
			set -- $(sed 's/|//' "$fig/seed-$g")
			hand=$(cat "$fig/seed-$1-hand-names" 2>/dev/null)
			echo "| $1 | ${hand:--} | $2 | $4 | $5 | $6 | $8 | ${12} | ${14} | $7 | $9 | ${13} | ${15} |"
		done
		echo
		echo "Step times (s; a build's is its last part when it was resumed): $(for f in "$fig"/time-*; do printf '%s %s; ' "${f##*/time-}" "$(cat "$f")"; done | sed 's/; $//')."
		echo "$end"
	} >"$sec"
	if grep -qxF "$begin" "$doc"; then
		awk -v b="$begin" -v e="$end" -v s="$sec" '
			$0 == b { while ((getline l < s) > 0) print l; skip = 1; next }
			$0 == e { skip = 0; next }
			!skip' "$doc" >"$doc.tmp" && mv "$doc.tmp" "$doc"
	else
		{ echo; cat "$sec"; } >>"$doc"
	fi
	echo "wrote the section of Linux $kernel, $cc into $doc"
}
