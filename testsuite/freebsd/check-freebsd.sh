#!/bin/sh
# FreeBSD kernel units compiled as FreeBSD's kernel build compiles them, for
# amd64 GENERIC, plain and with hotinline (docs/freebsd.md):
#   - what config(8) and the kernel's makefiles generate is generated here,
#     into WORKDIR: the opt_*.h headers of the configuration
#     (testsuite/freebsd/config.awk), the machine and x86 links,
#     vnode_if*.h (the tree's vnode_if.awk) and offset.inc (the tree's
#     genoffset.sh over genoffset.o);
#   - the flags are those the tree's sys/conf/kern.pre.mk, kern.mk and
#     kern.post.mk give NORMAL_C (evaluated by bmake), -Werror included,
#     and the plugin's arguments go in through CONF_CFLAGS, as a kernel
#     configuration's "makeoptions CONF_CFLAGS=..." puts them;
#   - report mode with policies/freebsd-*.yaml: each report is at a call
#     to a listed function that objdump finds in the plain object, each
#     such call has its report, the object is byte-identical to the plain
#     one; under FreeBSD's -Werror the reports are errors, and
#     -fplugin-arg-hotinline-no-werror keeps the build green;
#   - force mode (attribute and surgical) with the policy's functions made
#     always_inline, and the unit's recursive functions (found in the
#     plain object) beside them: no call left to a function that can be
#     forced, a warning with the reason for one that cannot (recursive,
#     or its body in another unit) and its calls as they were; attribute
#     forcing gives the code of __always_inline written on those functions
#     in a copy of the source; surgical forcing changes no function but
#     their callers.
#
#   sh testsuite/freebsd/check-freebsd.sh FREEBSD_SRC WORKDIR CC=PLUGIN...
#
# FREEBSD_SRC is a FreeBSD sys tree (/usr/src/sys), or a folder holding one
# (N/sys) and files to compile on its headers with their own first (a
# folder with sys/ and no sys/conf: ../shared/freebsd's 15-pctrie); absent,
# the check is skipped.  Each CC=PLUGIN is a compiler and its hotinline
# plugin (clang-19=build/clang-19/hotinline.so, gcc-12=build/gcc-12/...).
# HOTINLINE_FREEBSD_CONFIGS: the kernel configurations (default: GENERIC
# and GENERIC-INVARIANTS, GENERIC with INVARIANTS and INVARIANT_SUPPORT,
# the debugging options a development branch's GENERIC has on).
set -eu
export LC_ALL=C LC_CTYPE=C LANG=C
here=$(cd "$(dirname "$0")" && pwd)
srcdir=$(cd "$here/../.." && pwd)
if [ $# -lt 3 ]; then
	echo "usage: $0 FREEBSD_SRC WORKDIR CC=PLUGIN..." >&2
	exit 2
fi
src=$1 work=$2
shift 2
units="kern/subr_pctrie.c vm/vm_radix.c vm/vm_page.c kern/vfs_subr.c"
configs=${HOTINLINE_FREEBSD_CONFIGS-GENERIC GENERIC-INVARIANTS}
machine=amd64

if [ ! -d "$src" ]; then
	echo "SKIP: check-freebsd: no FreeBSD source at $src" \
		"(FREEBSD_SRC= a FreeBSD sys tree, such as /usr/src/sys)"
	exit 0
fi
src=$(cd "$src" && pwd -P)
for t in bmake gawk; do
	if ! command -v $t >/dev/null 2>&1; then
		echo "SKIP: check-freebsd: $t is not installed (the kernel's" \
			"makefiles are bmake's; genoffset.sh needs gawk;" \
			".ci/install-deps installs both)"
		exit 0
	fi
done
objdump='' nm=''
for v in 22 21 20 19 18 17 16 ""; do
	if command -v "llvm-objdump${v:+-$v}" >/dev/null 2>&1; then
		objdump=llvm-objdump${v:+-$v} nm=llvm-nm${v:+-$v}
		break
	fi
done
[ -n "$objdump" ] || { echo "check-freebsd: no llvm-objdump" >&2; exit 2; }
for c in "$@"; do
	case $c in
	*=*) ;;
	*) echo "check-freebsd: '$c' is not CC=PLUGIN" >&2; exit 2 ;;
	esac
	cc=${c%%=*} plugin=${c#*=}
	command -v "$cc" >/dev/null 2>&1 ||
		{ echo "check-freebsd: no compiler $cc" >&2; exit 2; }
	[ -f "$plugin" ] ||
		{ echo "check-freebsd: no plugin $plugin for $cc" >&2; exit 2; }
done

# The trees: "NAME|SYS|OVERLAY" lines.  A sys tree is named after its
# version (sys/param.h).
version() {
	awk '$1 == "#define" && $2 == "__FreeBSD_version" {
		v = $3; printf "%d.%d\n", v / 100000, (v / 1000) % 100 }' \
		"$1/sys/param.h"
}
trees=
if [ -f "$src/conf/kern.pre.mk" ]; then
	trees="$(version "$src")|$src|"
else
	base=
	for d in "$src"/*/; do
		d=${d%/}
		[ -f "$d/sys/conf/kern.pre.mk" ] || continue
		[ -z "$base" ] || {
			echo "check-freebsd: two sys trees in $src:" \
				"$base, $d: point FREEBSD_SRC at one" >&2
			exit 2
		}
		base=$d
	done
	if [ -z "$base" ]; then
		echo "check-freebsd: $src is not a FreeBSD sys tree (no" \
			"conf/kern.pre.mk) and holds none (no */sys/conf/kern.pre.mk)" >&2
		exit 2
	fi
	trees="$(basename "$base")|$base/sys|"
	for d in "$src"/*/; do
		d=${d%/}
		[ -d "$d/sys" ] && [ ! -d "$d/sys/conf" ] || continue
		trees="$trees
$(basename "$d")|$base/sys|$d"
	done
fi

mkdir -p "$work"
work=$(cd "$work" && pwd)
# GENERIC-INVARIANTS, as a FreeBSD developer writes a configuration.
cat >"$work/GENERIC-INVARIANTS" <<'EOF'
include GENERIC
ident GENERIC-INVARIANTS
options INVARIANTS
options INVARIANT_SUPPORT
EOF

# The policy's names: all of them, as an extended regular expression
# (globs as the policy matches them), and the plain names.
policies=$(ls "$srcdir"/policies/freebsd-*.yaml)
names=$(sed -n 's/^ *- name: *"\{0,1\}\([^"]*\)"\{0,1\} *$/\1/p' $policies)
[ -n "$names" ] || { echo "check-freebsd: no names in $policies" >&2; exit 2; }
names_re=$(echo "$names" | sed 's/\*/[A-Za-z0-9_]*/g' | paste -sd'|' -)
plain_names=$(echo "$names" | grep -v '[*?[]' || true)
policy_args=
for pol in $policies; do
	policy_args="$policy_args -fplugin-arg-hotinline-policy=$pol"
done

# Calls, as objdump shows them in an object built with -g: a call or a
# tail call to F is its relocation (a global function) or the direct call
# or jump to the start of F (a static one); F's clones (GCC's
# F.constprop.0, F.isra.0, F.part.0) are F's.  The awk function target()
# gives the callee of a line of "objdump -dlr", or "".
awk_target='
function target(line,   t) {
	if (match(line, /R_X86_64_PLT32[ \t]+[^ \t]+-0x4$/)) {
		t = substr(line, RSTART, RLENGTH)
		sub(/^R_X86_64_PLT32[ \t]+/, "", t)
		sub(/-0x4$/, "", t)
	} else if (line ~ /^ *[0-9a-f]+:[ \t]+(call|jmp)q?[ \t]+0x[0-9a-f]+ <[^<>+]*>$/) {
		t = substr(line, index(line, "<") + 1)
		sub(/>$/, "", t)
	} else
		return ""
	return t
}
function base(t) {
	sub(/[.](constprop|isra|part)[.][0-9].*/, "", t)
	return t
}'
# dis OBJ: the disassembly of OBJ, with relocations and lines, made once.
dis() {
	[ -f "$1.dis" ] || "$objdump" -dlr --no-show-raw-insn "$1" >"$1.dis"
	echo "$1.dis"
}
# calls OBJ RE: "FILE:LINE CALLEE" of each call to a function whose whole
# name RE matches, FILE:LINE from the line table, sorted.
calls() {
	awk -v re="^($2)\$" "$awk_target"'
		/^; .*:[0-9]+$/ { n = split($2, p, "/"); where = p[n] }
		{ t = base(target($0)) }
		t != "" && t ~ re { print where, t }' "$(dis "$1")" | sort
}
# count OBJ RE: how many calls to the functions RE matches.
count() {
	calls "$1" "$2" | grep -c . || true
}
# callers OBJ RE: the functions of OBJ with a call to one RE matches.
callers() {
	awk -v re="^($2)\$" "$awk_target"'
		/^[0-9a-f]+ <.*>:$/ { fn = substr($2, 2, length($2) - 3) }
		{ t = base(target($0)) }
		t != "" && t ~ re { print fn }' "$(dis "$1")" | sort -u
}
# recursive OBJ: the functions of OBJ that call themselves (a clone
# calling itself counts; GCC's F calling its own F.part.0 does not).
recursive() {
	awk "$awk_target"'
		/^[0-9a-f]+ <.*>:$/ { fn = substr($2, 2, length($2) - 3) }
		{ t = target($0) }
		t != "" && t == fn { print base(t) }' "$(dis "$1")" | sort -u
}
# reported ERR: "FILE:LINE CALLEE" of each call the diagnostics in ERR
# report ("N calls here in the object code" counts N), sorted.
reported() {
	awk '
		/: (warning|note|error): hot function .* (not inlined into|only partly inlined into) / {
			split($0, w, ":"); n = split(w[1], p, "/")
			t = $0; sub(/^[^\047]*\047/, "", t); sub(/\047.*/, "", t)
			sub(/[.](constprop|isra|part)[.][0-9].*/, "", t)
			last = p[n] ":" w[2] " " t
			print last
			next
		}
		/ calls here in the object code/ && last != "" {
			t = $0; sub(/.*note: /, "", t)
			for (i = 1; i < t + 0; i++) print last
		}' "$1" | sort
}
# bodies OBJ DIR: each function's code, addresses left out, one file per
# function in DIR.
bodies() {
	rm -rf "$2" && mkdir -p "$2"
	awk -v d="$2" '
		/^[0-9a-f]+ <.*>:$/ { f = d "/" substr($2, 2, length($2) - 3)
			next }
		/^;/ { next }
		f && NF { sub(/^[ \t]*[0-9a-f]+:[ \t]*/, "")
			gsub(/[0-9a-f]+ <[^>]*>/, "<>"); print > f }' "$(dis "$1")"
}
# differ A B: the functions whose code differs between objects A and B
# (or that only one has), sorted.
differ() {
	bodies "$1" "$tmp/a"
	bodies "$2" "$tmp/b"
	diff -rq "$tmp/a" "$tmp/b" | sed -E 's,^Only in [^:]*: ,,;
		s,^Files [^ ]*/([^/ ]*) and .* differ$,\1,' | sort -u || true
}
# size OBJ F: F's size in bytes (nm), 0 when OBJ has no F.
size() {
	_size=$("$nm" -S "$1" | awk -v f="$2" '$4 == f { print $2; exit }')
	printf '%d\n' "0x${_size:-0}"
}

status=0
fail() {
	echo "FAIL: $*"
	status=1
}
tmp=$work/tmp
mkdir -p "$tmp"
rows=$work/table
sizes=$work/sizes
notes=$work/notes
: >"$rows"
: >"$sizes"
: >"$notes"
ncompiles=0 makeoptions_checked=''
start=$(date +%s)

# The kernel's Makefile as config(8) writes it: its lines (KERN_IDENT,
# MACHINE, makeoptions), S, then sys/conf/Makefile.MACHINE without its
# %-directives.  A tree without Makefile.amd64 gets FreeBSD 12's lines of
# it that reach a unit's flags.
makefile() { # SYS DIR
	cat "$2/config.mk"
	echo "S=$1"
	if [ -f "$1/conf/Makefile.$machine" ]; then
		grep -v '^%' "$1/conf/Makefile.$machine"
	else
		cat <<'EOF'
# sys/conf/Makefile.amd64 of FreeBSD 12 (not in this tree), its lines
# that reach a unit's flags.
.include "$S/conf/kern.pre.mk"
INCLUDES+= -I$S/contrib/libfdt
.if !empty(DDB_ENABLED) || !empty(DTR_ENABLED) || !empty(HWPMC_ENABLED)
CFLAGS+=	-fno-omit-frame-pointer -mno-omit-leaf-frame-pointer
.endif
.include "$S/conf/kern.post.mk"
EOF
	fi
	cat <<'EOF'

# NORMAL_C's flags (kern.pre.mk: ${CC} -c ${CFLAGS} ${WERROR} ${PROF}).
hotinline-flags: .PHONY
	@echo ${CFLAGS} ${WERROR} ${PROF}
EOF
}

# makeflags CONF_CFLAGS [DIR]: NORMAL_C's flags as the tree's makefiles
# make them, with CONF_CFLAGS on make's command line, in DIR (OBJDIR).
# GNU make's flags (MAKEFLAGS "w -- ...", when run from a make) mean other
# things to bmake, which would take "w" for a target: it gets none.
makeflags() {
	(cd "${2:-$objdir}" && unset MAKEFLAGS MFLAGS MAKELEVEL MAKEOVERRIDES &&
		bmake -m "$here/mk" -f Makefile SRCCONF=/dev/null \
		NO_MODULES=yes COMPILER_TYPE=$ctype COMPILER_VERSION=$cver \
		${make_extra:+"$make_extra"} ${inclmagic:+INCLMAGIC="$inclmagic"} \
		${1:+CONF_CFLAGS="$1"} hotinline-flags </dev/null) || {
		echo "check-freebsd: bmake failed in ${2:-$objdir}" >&2
		exit 1
	}
}
# kflags CONF_CFLAGS: those flags, then what this machine needs: include
# directories the tree lacks left out (-Wmissing-include-dirs is an
# error under -Werror), and the adjustments of $adjust.
kflags() {
	_out=
	for _a in $(makeflags "$1"); do
		case $_a in
		-I/*) [ -d "${_a#-I}" ] || continue ;;
		-Wno-error-*) [ $ctype = gcc ] || _a=-Wno-error=${_a#-Wno-error-} ;;
		esac
		_out="$_out $_a"
	done
	echo "$_out $adjust"
}

# makeoptions: a kernel configuration's "makeoptions CONF_CFLAGS=..."
# (config(8) writes it into the kernel's Makefile, ahead of kern.pre.mk)
# gives NORMAL_C the flags CONF_CFLAGS on make's command line gives.
check_makeoptions() { # SYS CONF CONF_CFLAGS
	_d=$objdir/makeoptions
	mkdir -p "$_d"
	printf 'include "%s"\nident GENERIC-HOT\nmakeoptions\tCONF_CFLAGS="%s"\n' \
		"$2" "$3" >"$_d/GENERIC-HOT"
	awk -v confdir="$1/$machine/conf" -v conf="$_d/GENERIC-HOT" \
		-v outdir="$_d" -f "$here/config.awk" "$1/conf/options" \
		"$1/conf/options.$machine" >"$_d/config.mk"
	makefile "$1" "$_d" >"$_d/Makefile"
	for _o in "$objdir"/opt_*.h; do
		cmp -s "$_o" "$_d/${_o##*/}" ||
			fail "makeoptions: ${_o##*/} differs from GENERIC's"
	done
	_want=$(makeflags "$3")
	_got=$(makeflags "" "$_d")
	[ "$_want" = "$_got" ] ||
		fail "makeoptions CONF_CFLAGS gives [$_got]," \
			"CONF_CFLAGS on the command line [$_want]"
	echo "makeoptions CONF_CFLAGS=\"...\" in a kernel configuration:" \
		"the same flags as CONF_CFLAGS on make's command line"
}

# prepare SYS CONF: OBJDIR as config(8) and the kernel's makefiles make it
# for configuration CONF, with what this compiler generates (offset.inc).
prepare() {
	rm -rf "$objdir"
	mkdir -p "$objdir/obj"
	awk -v confdir="$1/$machine/conf" -v conf="$2" -v outdir="$objdir" \
		-f "$here/config.awk" "$1/conf/options" \
		"$1/conf/options.$machine" \
		$( [ -f "$1/conf/options-compat" ] &&
			echo "$1/conf/options-compat") >"$objdir/config.mk"
	ln -s "$1/$machine/include" "$objdir/machine"
	[ ! -d "$1/x86/include" ] || ln -s "$1/x86/include" "$objdir/x86"
	for _o in h p q; do
		(cd "$objdir" && awk -f "$1/tools/vnode_if.awk" \
			"$1/kern/vnode_if.src" -$_o)
	done
	makefile "$1" "$objdir" >"$objdir/Makefile"
	# kern.post.mk: genoffset.o with ${CFLAGS:N-flto:N-fno-common} -fcommon,
	# then NM='${NM}' sh $S/kern/genoffset.sh genoffset.o > offset.inc.
	# genoffset.sh sorts offsets written in hex: FreeBSD's awk compares
	# them as numbers, Debian's mawk as strings.
	_pf=$(kflags "")
	(cd "$objdir" &&
	 $cc -c $(echo " $_pf " | sed 's/ -fno-common / /; s/ -flto[^ ]* / /') \
		-fcommon "$1/kern/genoffset.c" 2>"$objdir/genoffset.err" &&
	 NM=nm AWK="gawk --non-decimal-data" sh "$1/kern/genoffset.sh" \
		genoffset.o >offset.inc) || {
		cat "$objdir/genoffset.err"
		echo "check-freebsd: offset.inc could not be made in $objdir" >&2
		exit 1
	}
}

# build VARIANT SOURCE CONF_CFLAGS [EXTRA]: obj/UNIT.VARIANT.o, its stderr
# in obj/UNIT.VARIANT.err; the compiler's exit status.
build() {
	ncompiles=$((ncompiles + 1))
	rm -f "$objdir/obj/$unit.$1.o.dis"
	(cd "$objdir" && $cc -c $(kflags "$3") ${4:-} "$2" \
		-o "obj/$unit.$1.o" 2>"obj/$unit.$1.err" </dev/null)
}

# check_unit SOURCE ROW: the checks of one unit with one compiler; ROW
# is "UNIT|CONFIG|COMPILER", the start of its line in the table.
check_unit() {
	source=$1 row=$2
	label=$(echo "$row" | sed 's/|/, /g')
	unit=$(basename "$source" .c)
	o=$objdir/obj/$unit
	report_args="$plugin_args $policy_args"
	green=-fplugin-arg-hotinline-no-werror

	# Plain, as FreeBSD builds it.
	build plain "$source" "" ||
		{ cat "$o.plain.err"; fail "$label: does not compile"; return; }
	want=$(calls "$o.plain.o" "$names_re")
	ncalls=$(echo "$want" | grep -c . || true)

	# Report mode under FreeBSD's -Werror, then kept green.
	werror=0
	build report-werror "$source" "$report_args" || werror=$?
	build report "$source" "$report_args $green" ||
		{ cat "$o.report.err"; fail "$label: report build failed"; return; }
	got=$(reported "$o.report.err")
	nrep=$(echo "$got" | grep -c . || true)
	nwarn=$(grep -c ': warning: hot function .* not inlined into ' \
		"$o.report.err" || true)
	nerr=$(grep -c ': error: hot function .* not inlined into ' \
		"$o.report-werror.err" || true)
	[ "$want" = "$got" ] || fail "$label: calls at [$(echo $want)]," \
		"reports at [$(echo $got)]"
	cmp -s "$o.plain.o" "$o.report.o" ||
		fail "$label: report mode changed the object:" \
			$(differ "$o.plain.o" "$o.report.o")
	if [ "$nwarn" -gt 0 ]; then
		[ $werror -ne 0 ] && [ "$nerr" -eq "$nwarn" ] ||
			fail "$label: under -Werror, $nwarn reports gave" \
				"$nerr errors and exit status $werror"
		werror_text="fails: $nerr errors"
	else
		[ $werror -eq 0 ] ||
			fail "$label: nothing reported, yet -Werror failed"
		werror_text=passes
	fi
	! grep -q ': error: ' "$o.report.err" ||
		fail "$label: errors in spite of $green"

	# Force mode: the policy's plain names and the unit's recursive
	# functions, always_inline.
	rec=$(recursive "$o.plain.o")
	force_names=$(printf '%s\n%s\n' "$plain_names" "$rec" | grep . |
		sort -u)
	{
		echo "version: 1"
		echo "functions:"
		for fn in $force_names; do
			echo "  - name: $fn"
			echo "    action: always_inline"
		done
	} >"$o.force.yaml"
	force_args="$plugin_args -fplugin-arg-hotinline-policy=$o.force.yaml $green"
	build forced "$source" "$force_args" ||
		{ cat "$o.forced.err"; fail "$label: forced build failed"; return; }
	build surgical "$source" \
		"$force_args -fplugin-arg-hotinline-strategy=surgical" ||
		{ cat "$o.surgical.err"; fail "$label: surgical build failed"; return; }
	# Which can be forced: those defined in the source (FreeBSD's style
	# starts a definition's line with its name) and not recursive.  A
	# function that cannot be forced keeps its calls, each reported, with
	# a warning that says why (at its definition, or at each call).
	can='' refused='' left=0 kept=0 why=''
	for fn in $force_names; do
		if echo "$rec" | grep -qx "$fn"; then
			reason=recursive pattern=recursive
		elif ! grep -q "^$fn(" "$source"; then
			reason="body elsewhere"
			pattern="body (is )?not (in this translation unit|available)"
		else
			can="$can $fn"
			for m in forced surgical; do
				nleft=$(count "$o.$m.o" "$fn")
				left=$((left + nleft))
				[ "$nleft" -eq 0 ] ||
					fail "$label: $m: $fn forced, $nleft calls left"
			done
			continue
		fi
		nplain=$(count "$o.plain.o" "$fn")
		[ "$nplain" -gt 0 ] || continue
		refused="$refused $fn"
		kept=$((kept + nplain))
		case ", $why, " in
		*", $reason, "*) ;;
		*) why="$why${why:+, }$reason" ;;
		esac
		for m in forced surgical; do
			grep "warning: hot function '$fn' " "$o.$m.err" |
				grep -Eq "$pattern" ||
				fail "$label: $m: no warning that $fn" \
					"cannot be forced ($reason)"
			[ "$(calls "$o.$m.o" "$fn")" = "$(calls "$o.plain.o" "$fn")" ] ||
				fail "$label: $m: the calls to $fn changed"
			[ "$(calls "$o.$m.o" "$fn")" = \
			  "$(reported "$o.$m.err" | grep " $fn\$" || true)" ] ||
				fail "$label: $m: the calls left to $fn and" \
					"their reports differ"
		done
	done

	# The hand annotation, on a copy of the source: __always_inline in
	# front of each definition of a function that can be forced.  The
	# functions that cannot, and their callers, are compared with the
	# plain object instead: by hand they are left alone.
	hand=$objdir/hand/$(basename "$(dirname "$source")")
	mkdir -p "$hand"
	awk -v names="$can" '
		BEGIN { n = split(names, a, " ")
			for (i = 1; i <= n; i++) want[a[i]] = 1 }
		{ line[NR] = $0 }
		END {
			for (i = 1; i <= NR; i++) {
				s = line[i + 1]
				if (i < NR && match(s, /^[A-Za-z_][A-Za-z0-9_]*\(/) &&
				    (substr(s, 1, RLENGTH - 1) in want)) {
					print "__always_inline " line[i]
					done++
				} else
					print line[i]
			}
			print done + 0 > "/dev/stderr"
		}' "$source" >"$hand/$unit.c" 2>"$o.hand.count"
	if [ "$(cat "$o.hand.count")" -gt 0 ]; then
		build hand "$hand/$unit.c" "" \
			"-fmacro-prefix-map=$hand=$(dirname "$source")" ||
			{ cat "$o.hand.err"; fail "$label: hand build failed"; return; }
	else
		cp "$o.plain.o" "$o.hand.o"
		rm -f "$o.hand.o.dis"
	fi
	aside=$(for fn in $refused; do echo "$fn"; callers "$o.plain.o" "$fn"; done |
		sort -u)
	hand_diff=$(differ "$o.hand.o" "$o.forced.o" | grep -vxF "$aside" || true)
	if [ -z "$hand_diff" ]; then
		hand_text=yes
	else
		hand_text="NO: $(echo $hand_diff)"
		fail "$label: forcing differs from the hand annotation in:" \
			$hand_diff
	fi
	aside_diff=$(differ "$o.plain.o" "$o.forced.o" | grep -xF "$aside" || true)
	[ -z "$aside_diff" ] ||
		echo "$row|$(echo $refused)|$(echo $aside_diff)" >>"$notes"

	# Surgical forcing: no function changed but the callers of the
	# functions forced (and one of those, static, whose calls are all
	# gone).
	allowed=$(for fn in $can; do echo "$fn"; callers "$o.plain.o" "$fn"; done |
		sort -u)
	changed=$(differ "$o.plain.o" "$o.surgical.o")
	outside=$(echo "$changed" | grep . | grep -vxF "$allowed" || true)
	ninside=$(echo "$changed" | grep . | grep -cxF "$allowed" || true)
	[ -z "$outside" ] ||
		fail "$label: surgical forcing changed $(echo $outside)," \
			"which call no forced function"
	noutside=$(echo "$outside" | grep -c . || true)

	# The callers' sizes, for the forced functions that had calls.
	for fn in $can; do
		for caller in $(callers "$o.plain.o" "$fn"); do
			printf '%s|%s|%s|%s|%s|%s|%s\n' "$row" "$fn" "$caller" \
				"$(size "$o.plain.o" "$caller")" \
				"$(size "$o.forced.o" "$caller")" \
				"$(size "$o.surgical.o" "$caller")" \
				"$(size "$o.plain.o" "$fn")" >>"$sizes"
		done
	done

	forced_text=$left
	[ $kept -eq 0 ] || forced_text="$left; $kept kept: $why"
	printf '%s|%s = %s|%s|%s|%s|%s (%s callers changed)\n' "$row" \
		"$nrep" "$ncalls" "$werror_text" "$forced_text" "$hand_text" \
		"$noutside" "$ninside" >>"$rows"
}

for arg in "$@"; do
	ccname=${arg%%=*} plugin=${arg#*=}
	case $ccname in
	*clang*)
		ctype=clang
		ccversion=$($ccname -dumpversion)
		plugin_args="-fplugin=$plugin -fpass-plugin=$plugin"
		;;
	*)
		ctype=gcc
		ccversion=$($ccname -dumpfullversion)
		plugin_args="-fplugin=$plugin"
		;;
	esac
	cver=$(echo "$ccversion" | awk -F. '{ printf "%d%02d%02d\n", $1, $2, $3 }')
	printf '%s\n' "$trees" >"$tmp/trees"
	while IFS='|' read -r tree sys overlay; do
		ver=$(version "$sys")
		target=x86_64-unknown-freebsd$ver
		make_extra='' adjust='' inclmagic='' list=''
		if [ -n "$overlay" ]; then
			inclmagic="-I$overlay/sys"
			[ ! -d "$overlay/compat" ] ||
				inclmagic="$inclmagic -I$overlay/compat"
			for u in $units; do
				[ ! -f "$overlay/sys/$u" ] ||
					list="$list $overlay/sys/$u"
			done
		else
			for u in $units; do
				[ ! -f "$sys/$u" ] || list="$list $sys/$u"
			done
		fi
		if [ $ctype = clang ]; then
			cc="$ccname -target $target"
			# A newer Clang than the tree knows: as FreeBSD 13 and
			# later, -Wno-error-X spelt -Wno-error=X (Clang 16 rejects
			# the old spelling), and -Wunused-but-set-variable (Clang
			# 13 and later) a warning, not an error.
			[ "$cver" -lt 130000 ] ||
				adjust=-Wno-error=unused-but-set-variable
		else
			cc=$ccname
			# A GCC that targets Linux, standing in for one that targets
			# FreeBSD (the same ABI): the FreeBSD target's macros
			# instead of Linux's, no PIE (Debian's default), and no
			# -fformat-extensions (FreeBSD's own GCC's), as FreeBSD
			# builds with an external GCC.  The command line recorded
			# in the debug information is left out: it holds the
			# plugin's arguments.
			make_extra=WITHOUT_FORMAT_EXTENSIONS=yes
			adjust="-fno-pie -U__linux__ -U__linux -Ulinux -U__gnu_linux__"
			adjust="$adjust -D__FreeBSD__=${ver%.*}"
			adjust="$adjust -D__FreeBSD_cc_version=${ver%.*}00001"
			adjust="$adjust -gno-record-gcc-switches"
		fi
		for conf in $configs; do
			case $conf in
			/*) confpath=$conf ;;
			*) confpath=$sys/$machine/conf/$conf
			   [ -f "$confpath" ] || confpath=$work/$conf ;;
			esac
			[ -f "$confpath" ] || {
				echo "check-freebsd: no kernel configuration $conf" >&2
				exit 2
			}
			confname=$(basename "$conf")
			objdir=$work/$tree-$confname-$ccname
			prepare "$sys" "$confpath"
			echo "== $tree, $confname, $ccname ($target): cc -c" \
				$(kflags "")
			if [ -z "$makeoptions_checked" ]; then
				makeoptions_checked=1
				check_makeoptions "$sys" "$confpath" \
					"$plugin_args $policy_args -fplugin-arg-hotinline-no-werror"
			fi
			for s in $list; do
				case $s in
				"$sys"/*) rel=${s#"$sys"/} ;;
				*) rel=${s#"$overlay"/sys/} ;;
				esac
				check_unit "$s" "$tree $rel|$confname|$ccname"
			done
		done
	done <"$tmp/trees"
done

echo
echo "FreeBSD units, amd64, FreeBSD's kernel flags with -Werror: report mode"
echo "with policies/freebsd-*.yaml, forcing (attribute and surgical) of the"
echo "policy's functions and the unit's recursive ones.  warnings = calls:"
echo "reports, and objdump's calls to the policy's functions (each at its"
echo "line; the object byte-identical to the plain one); with -Werror: the"
echo "report build as FreeBSD's -Werror leaves it (with"
echo "-fplugin-arg-hotinline-no-werror every build passed); forced calls"
echo "left: to the functions that can be forced, then those kept, each"
echo "reported, with the reason why the function could not be forced"
fmt='%-30s %-18s %-8s %-9s %-15s %-30s %-8s %s\n'
printf "$fmt" unit config compiler "warnings" "with -Werror" \
	"forced calls left" "hand" "surgical changes"
printf "$fmt" "" "" "" "= calls" "" "" "= forced" "outside the callers"
while IFS='|' read -r u conf cc wc we fl h sc; do
	printf "$fmt" "$u" "$conf" "$cc" "$wc" "$we" "$fl" "$h" "$sc"
done <"$rows"
if [ -s "$notes" ]; then
	echo
	echo "Not forced (a warning says why), yet their code or their callers'"
	echo "differs from the plain build's:"
	while IFS='|' read -r u conf cc refused differ; do
		echo "  $u, $conf, $cc: $refused not forced; differ: $differ"
	done <"$notes"
fi
if [ -s "$sizes" ]; then
	echo
	echo "Callers of a forced function that had calls to it: size in bytes (nm)"
	fmt='%-30s %-18s %-8s %-21s %-24s %6s %9s %8s %6s\n'
	printf "$fmt" unit config compiler forced caller plain attribute surgical callee
	while IFS='|' read -r u conf cc f c p a s fs; do
		printf "$fmt" "$u" "$conf" "$cc" "$f" "$c" "$p" "$a" "$s" "$fs"
	done <"$sizes"
fi
echo
echo "$ncompiles compilations in $(( $(date +%s) - start )) s"
[ $status -eq 0 ] && echo PASS
exit $status
