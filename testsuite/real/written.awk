# hotinline's warnings moved, with their notes, to where their call was
# written, when the optimiser made the call elsewhere (a note of the
# warning says so), so that reported.awk keys the warnings of a build
# with -g and of one without alike (docs/clang.md, "Places without -g"):
#   "this call has no line of its own: ... written at lines L1, L2 of
#   FILE": a call IR passes merged from several; with -g it is reported
#   at the row before it (often the condition's line), without at the
#   first of its calls; keyed "FILE:L1,L2:0";
#   "the code generator made this one call of the calls to 'F' at
#   FILE:L1, FILE:L2 (...)": calls whose blocks ended alike; with -g
#   reported at the row before it, without at the one of its calls whose
#   arguments' code comes just before it, else the first; keyed
#   "FILE:L1,L2:0";
#   "this is the call to 'F' at FILE:LINE, which the code generator moved
#   here": with -g the code generator gives the call it makes the
#   branch's location, which the branch does not have without; keyed
#   "FILE:LINE:0".
# Every other line is printed as it is.
function flush(   i, from, to, at, lines, file) {
	to = ""
	for (i = 2; i <= n; i++) {
		if (group[i] ~ /: note: this call has no line of its own: .* written at lines [0-9, ]+ of /) {
			lines = group[i]
			sub(/.* written at lines /, "", lines)
			file = lines
			sub(/^[0-9, ]+ of /, "", file)
			sub(/ into it.*/, "", file)
			sub(/ of .*/, "", lines)
			gsub(/ /, "", lines)
			to = file ":" lines ":0"
		} else if (group[i] ~ /: note: the code generator made this one call of the calls to '.*' at [^ ]+:[0-9]+(, [^ ]+:[0-9]+)* \(their blocks/) {
			lines = group[i]
			sub(/.*' at /, "", lines)
			sub(/ \(their blocks.*/, "", lines)
			file = lines
			sub(/:.*/, "", file)
			gsub(/[^ ,]*:/, "", lines)
			gsub(/ /, "", lines)
			to = file ":" lines ":0"
		} else if (group[i] ~ /: note: this is the call to '.*' at [^ ]+:[0-9]+, which the code generator moved here/) {
			at = group[i]
			sub(/.*' at /, "", at)
			sub(/, which the code generator moved here.*/, "", at)
			to = at ":0"
		}
	}
	from = group[1]
	sub(/: warning: .*/, "", from)
	for (i = 1; i <= n; i++) {
		if (to != "" && index(group[i], from ": ") == 1)
			group[i] = to substr(group[i], length(from) + 1)
		print group[i]
	}
	n = 0
}
/: warning: / {
	if (n)
		flush()
	group[n = 1] = $0
	next
}
n && /: note: / {
	group[++n] = $0
	next
}
{
	if (n)
		flush()
	print
}
END {
	if (n)
		flush()
}
