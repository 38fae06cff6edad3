# The figures of a lock across an upgrade, for testsuite/linux/lock-upgrade.sh
# and testsuite/real/lock-upgrade.sh (sourced).  Locks are read as
# hotinline-summary --lock writes them: one entry per line.
#
#   lock_figures LABEL OLD_LOCK NEW_LOCK NEW_LOCKED_LOCK ERRORS OBJS OBJS_LOCKED WORK
#
# OLD_LOCK is the lock made from the old build; NEW_LOCK and
# NEW_LOCKED_LOCK are made from the new build's results without and with
# it (their report entries are the pairs left a call); ERRORS is the
# locked build's stderr; OBJS and OBJS_LOCKED are directories of the new
# build's objects without and with the lock.  Prints one line:
#   pinned     caller/callee pairs the old build inlined every call of
#   lost       of those, pairs the new build leaves a call in
#   lost-lock  the same with the lock, and how many no warning explains
#   changed    functions whose code the lock changes
#   beyond     of those, functions neither a pinned caller nor a hot
#              function: the goal is 0
# Returns 1 when a site is lost with the lock and no warning says why, or
# when the lock changes a function beyond its pinned callers.

# The lock's entries as "action callee caller" lines, sorted.
lock_entries() {
	sed -n 's/^- {name: "\([^"]*\)", callers: "\([^"]*\)", action: \([a-z_]*\).*/\3 \1 \2/p' "$1" |
		sort
}

# Each function's code in the objects of a directory, addresses and
# relocation offsets left out, one file per function in the directory $1.
lock_bodies() {
	d=$1
	rm -rf "$d" && mkdir -p "$d"
	for o in "$2"/*.o; do
		objdump -dr --no-show-raw-insn "$o" | awk -v d="$d" '
			/^Disassembly of section/ { f = ""; next }
			/^[0-9a-f]+ <.*>:$/ {
				f = d "/" substr($2, 2, length($2) - 3); next }
			f && NF { sub(/^ *[0-9a-f]+:[ 	]*/, "");
				gsub(/[0-9a-f]+ <[^>]*>/, "<>");
				gsub(/[0-9a-f]+:[ 	]*R_X86_64/, "R_X86_64");
				print > f }'
	done
}

lock_figures() {
	label=$1 old_lock=$2 new_lock=$3 locked_lock=$4 errors=$5
	objs=$6 locked_objs=$7 w=$8
	lock_entries "$old_lock" | awk '$1 == "always_inline" { print $2, $3 }' \
		>"$w/pinned"
	lock_entries "$new_lock" | awk '$1 == "report" { print $2, $3 }' \
		>"$w/left"
	lock_entries "$locked_lock" |
		awk '$1 == "report" { print $2, $3 }' >"$w/left-lock"
	pinned=$(wc -l <"$w/pinned")
	lost=$(comm -12 "$w/pinned" "$w/left" | wc -l)
	comm -12 "$w/pinned" "$w/left-lock" >"$w/lost-lock"
	lost_lock=$(wc -l <"$w/lost-lock")
	# Each site lost with the lock has a warning naming callee and caller.
	unexplained=0
	while read -r callee caller; do
		grep -q "'$callee'.*'$caller'" "$errors" || {
			echo "  lost without a warning: $callee in $caller"
			unexplained=$((unexplained + 1)); }
	done <"$w/lost-lock"

	lock_bodies "$w/bodies" "$objs"
	lock_bodies "$w/bodies-lock" "$locked_objs"
	changed=0 beyond=0
	: >"$w/beyond"
	for f in "$w/bodies"/* "$w/bodies-lock"/*; do
		name=$(basename "$f")
		a=$w/bodies/$name b=$w/bodies-lock/$name
		[ "$f" = "$b" ] && [ -f "$a" ] && continue	# Seen as $a.
		cmp -s "$a" "$b" 2>/dev/null && continue
		changed=$((changed + 1))
		awk -v f="${name%%.*}" '$1 == f || $2 == f { found = 1 }
			END { exit !found }' "$w/pinned" && continue
		beyond=$((beyond + 1))
		echo "$name" >>"$w/beyond"
	done
	echo "$label: pinned $pinned, lost $lost, lost-lock $lost_lock" \
		"($unexplained without a warning), changed $changed," \
		"beyond $beyond"
	[ "$beyond" -eq 0 ] ||
		echo "  changed beyond the pinned callers:" \
			"$(tr '\n' ' ' <"$w/beyond")"
	[ "$unexplained" -eq 0 ] && [ "$beyond" -eq 0 ]
}
