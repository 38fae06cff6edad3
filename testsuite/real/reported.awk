# hotinline's warnings in report mode -> one line per call instruction
# left, "FILE:LINE CALLEE", FILE the base name: the warning of a call
# ("not inlined into", "only partly inlined", and "split: its out-of-line
# head calls the rest", a call in the hot function's own copy), as many
# times as its note "N calls here in the object code" says (the
# compiler duplicated the call).
/: warning: hot function '[^']*' (not inlined into|only partly inlined|split: its out-of-line head calls the rest)/ {
	place = $0
	sub(/: warning: .*/, "", place)
	callee = $0
	sub(/^[^']*'/, "", callee)
	sub(/'.*/, "", callee)
	where = place
	sub(/:[0-9]+$/, "", where)
	sub(/.*\//, "", where)
	last = place
	print where, callee
	next
}
/: note: [0-9]+ calls here in the object code/ {
	p = $0
	sub(/: note: .*/, "", p)
	if (p == last) {
		n = $0
		sub(/.*: note: /, "", n)
		n += 0
		for (i = 1; i < n; i++)
			print where, callee
	}
	next
}
