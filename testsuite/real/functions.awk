# objdump -d --no-show-raw-insn of an executable -> one line per
# instruction, "FUNCTION<TAB>INSTRUCTION", with what depends on the layout
# left out (addresses, offsets inside "<sym+0x..>", %rip displacements,
# padding nops, the numbers of switch tables), so that two builds of the
# same code give the same lines.
# A name defined twice (static functions of two units) gets "#2".
# SYMS: the executable's "nm -S --defined-only", for the sizes of its
# symbols: an address past the end of the symbol before it is data of no
# symbol (a string literal), which objdump names after whatever object the
# linker happened to put before it; it becomes "<.anon>".
# The PLT's stubs are the linker's, not compiled code: a new import
# renumbers every stub after it.  Calls to them are compared by name.
function hex(s,    v, i) {
	sub(/^0x/, "", s)
	for (i = 1; i <= length(s); i++)
		v = v * 16 + index("0123456789abcdef", substr(s, i, 1)) - 1
	return v
}
BEGIN {
	while (SYMS != "" && (getline line < SYMS) > 0) {
		n = split(line, f, " ")
		if (n == 4 && (!(f[4] in size) || size[f[4]] < hex(f[2])))
			size[f[4]] = hex(f[2])
	}
}
/^[0-9a-f]+ <.*>:$/ {
	name = $0
	sub(/^[0-9a-f]+ </, "", name)
	sub(/>:$/, "", name)
	if (seen[name]++)
		name = name "#" seen[name]
	plt = name ~ /@plt$/ || name ~ /^\.plt/
	next
}
name != "" && !plt && /^ +[0-9a-f]+:\t/ {
	insn = $0
	sub(/^ +[0-9a-f]+:\t/, "", insn)
	if (insn ~ /^(nop|xchg +%ax,%ax|data16|cs nop)/ || insn ~ / nop/)
		next
	gsub(/[0-9a-f]+ </, "<", insn)
	if (match(insn, /<[^<>+]+\+0x[0-9a-f]+>/)) {
		ref = substr(insn, RSTART + 1, RLENGTH - 2)
		sym = ref; sub(/\+.*/, "", sym)
		off = ref; sub(/.*\+/, "", off)
		if (sym in size && hex(off) >= size[sym])
			insn = substr(insn, 1, RSTART - 1) "<.anon>" substr(insn, RSTART + RLENGTH)
	}
	gsub(/\+0x[0-9a-f]+>/, ">", insn)
	gsub(/-?0x[0-9a-f]+\(%rip\)/, "(%rip)", insn)
	# A switch's table: GCC numbers it by its declarations, of which a
	# plugin may have made more (CSWTCH.1024 for CSWTCH.1077).
	gsub(/<CSWTCH\.[0-9]+>/, "<CSWTCH>", insn)
	gsub(/ +/, " ", insn)
	print name "\t" insn
}
