# Compare two function listings of functions.awk, A and B (the two file
# operands): print "differs NAME", "only-in-a NAME" or "only-in-b NAME"
# for each function whose code is not the same in both.  SKIP: names
# (origins: foo for foo.part.0) to leave out, separated by spaces.
function origin(s) { sub(/[.#].*/, "", s); return s }
BEGIN { n = split(SKIP, s, " "); for (i = 1; i <= n; i++) skip[s[i]] = 1 }
FNR == 1 { file++ }
{
	name = $0; sub(/\t.*/, "", name)
	insn = $0; sub(/^[^\t]*\t/, "", insn)
	if (origin(name) in skip)
		next
	body[file, name] = body[file, name] insn "\n"
	names[name] = 1
}
END {
	for (name in names) {
		if (!((1, name) in body))
			print "only-in-b", name
		else if (!((2, name) in body))
			print "only-in-a", name
		else if (body[1, name] != body[2, name])
			print "differs", name
	}
}
