# objdump -dl of an executable -> the calls (and tail-call jumps) to the
# hot functions, one line each: "FILE:LINE CALLEE CALLER", FILE the base
# name of the source file objdump's line table gives.  HOT: the hot
# functions' names, separated by spaces.  A clone (foo.part.0,
# foo.constprop.0, foo.cold) counts as its origin; a jump from a part of a
# function to another part of it is not a call.
function origin(s) { sub(/\..*/, "", s); return s }
BEGIN { n = split(HOT, h, " "); for (i = 1; i <= n; i++) hot[h[i]] = 1 }
/^[0-9a-f]+ <.*>:$/ {
	fn = $0
	sub(/^[0-9a-f]+ </, "", fn)
	sub(/>:$/, "", fn)
	next
}
/^\/.*:[0-9]+( \(discriminator [0-9]+\))?$/ {
	where = $1
	sub(/.*\//, "", where)
	next
}
/^ +[0-9a-f]+:\t(call|j[a-z]*) +[0-9a-f]+ <[^+>]*>$/ {
	target = $0
	sub(/.*</, "", target)
	sub(/>$/, "", target)
	if (!(origin(target) in hot))
		next
	if ($0 ~ /:\tj/ && origin(fn) == origin(target))
		next
	print where, origin(target), fn
}
