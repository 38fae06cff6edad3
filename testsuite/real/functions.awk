# objdump -d --no-show-raw-insn of an executable -> one line per
# instruction, "FUNCTION<TAB>INSTRUCTION", with what depends on the layout
# left out (addresses, offsets inside "<sym+0x..>", %rip displacements,
# padding nops, the numbers of switch tables), so that two builds of the
# same code give the same lines.
# A name defined twice (static functions of two units) gets "#2".
/^[0-9a-f]+ <.*>:$/ {
	name = $0
	sub(/^[0-9a-f]+ </, "", name)
	sub(/>:$/, "", name)
	if (seen[name]++)
		name = name "#" seen[name]
	next
}
name != "" && /^ +[0-9a-f]+:\t/ {
	insn = $0
	sub(/^ +[0-9a-f]+:\t/, "", insn)
	if (insn ~ /^(nop|xchg +%ax,%ax|data16|cs nop)/ || insn ~ / nop/)
		next
	gsub(/[0-9a-f]+ </, "<", insn)
	gsub(/\+0x[0-9a-f]+>/, ">", insn)
	gsub(/-?0x[0-9a-f]+\(%rip\)/, "(%rip)", insn)
	# A switch's table: GCC numbers it by its declarations, of which a
	# plugin may have made more (CSWTCH.1024 for CSWTCH.1077).
	gsub(/<CSWTCH\.[0-9]+>/, "<CSWTCH>", insn)
	gsub(/ +/, " ", insn)
	print name "\t" insn
}
