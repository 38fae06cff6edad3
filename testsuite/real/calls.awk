# objdump -dl of an executable, or objdump -dlr of an object -> the calls
# (and tail-call jumps) to the hot functions, one line each: "FILE:LINE
# CALLEE CALLER", FILE the base name of the source file objdump's line
# table gives.  HOT: the hot functions' names, separated by spaces.  A
# clone (foo.part.0, foo.constprop.0, foo.cold) counts as its origin; a
# jump from a part of a function to another part of it is not a call.  In
# an object, a call's target is the symbol of the relocation that follows
# it ("R_X86_64_PLT32 callee-0x4").
function origin(s) { sub(/\..*/, "", s); return s }
function flush() {
	if (pending && target !~ /\+0x/ && (origin(target) in hot) &&
	    !(jump && origin(caller) == origin(target)))
		print at, origin(target), caller
	pending = 0
}
BEGIN { n = split(HOT, h, " "); for (i = 1; i <= n; i++) hot[h[i]] = 1 }
/^\t+[0-9a-f]+: R_X86_64_[A-Z0-9]+\t/ {
	if (pending) {
		target = $0
		sub(/.*\t/, "", target)
		sub(/-0x[0-9a-f]+$/, "", target)
	}
	flush()
	next
}
{ flush() }
/^[0-9a-f]+ <.*>:$/ {
	fn = $0
	sub(/^[0-9a-f]+ </, "", fn)
	sub(/>:$/, "", fn)
	next
}
/^\/.*:[0-9]+( \(discriminator [0-9]+\))?$/ || /^[^ \t]*\.[a-z]+:[0-9]+( \(discriminator [0-9]+\))?$/ {
	where = $1
	sub(/.*\//, "", where)
	next
}
/^ +[0-9a-f]+:\t(call|j[a-z]*) +[0-9a-f]+ <[^>]*>$/ {
	target = $0
	sub(/.*</, "", target)
	sub(/>$/, "", target)
	pending = 1
	jump = $0 ~ /:\tj/
	at = where
	caller = fn
}
END { flush() }
