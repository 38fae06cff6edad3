# objdump -dl of an executable, or objdump -dlr of an object -> the calls
# (and tail-call jumps) to the hot functions, one line each: "FILE:LINE
# CALLEE CALLER", FILE the base name of the source file objdump's line
# table gives.  HOT: the hot functions' names, separated by spaces.  A
# clone (foo.part.0, foo.constprop.0, foo.cold) counts as its origin; a
# jump from a part of a function to another part of it is not a call.  In
# an object, a call's target is the symbol of the relocation that follows
# it ("R_X86_64_PLT32 callee-0x4"), or, for a local function in another
# section ("R_X86_64_PC32 .text.unlikely+0xcc", foo.part.0), the function
# the object's symbol table (SYMS, objdump -t) has at that place (the
# addend less the 4 bytes of the operand); several functions there are
# printed as "a|b".
function origin(s) { sub(/\..*/, "", s); return s }
function resolve(t,    sec, off) {
	if (t !~ /^\.[^+]*\+0x[0-9a-f]+$/)
		return t
	sec = t; sub(/\+.*/, "", sec)
	off = t; sub(/.*\+0x/, "", off)
	off = hex(off) + 4
	return ((sec, off) in at_sym) ? at_sym[sec, off] : t
}
function hex(h,    v, i) {
	v = 0
	for (i = 1; i <= length(h); i++)
		v = v * 16 + index("0123456789abcdef", substr(h, i, 1)) - 1
	return v
}
# TARGET's names ("a|b": functions GCC's identical code folding made one,
# at one address) as origins joined by "|", when every one is hot (the
# call is surely to a hot function); else nothing.
function hot_names(t,    k, i, names, out) {
	k = split(t, names, "|")
	out = ""
	for (i = 1; i <= k; i++) {
		if (!(origin(names[i]) in hot))
			return ""
		if (index("|" out "|", "|" origin(names[i]) "|") == 0)
			out = out (out == "" ? "" : "|") origin(names[i])
	}
	return out
}
function flush(    names) {
	if (pending && target !~ /\+0x/ && (names = hot_names(target)) != "" &&
	    !(jump && origin(caller) == origin(target)))
		print at, names, caller
	pending = 0
}
BEGIN {
	n = split(HOT, h, " ")
	for (i = 1; i <= n; i++)
		hot[h[i]] = 1
	# "0000000000000000 l     F .text.unlikely\t0000000000000012 name"
	while (SYMS != "" && (getline line < SYMS) > 0) {
		if (split(line, part, "\t") != 2 || part[1] !~ / F /)
			continue
		k = split(part[1], f, " ")
		split(part[2], g, " ")
		a = f[k] SUBSEP hex(f[1])
		v = (a in at_sym) ? at_sym[a] "|" g[2] : g[2]
		at_sym[a] = v
	}
}
/^\t+[0-9a-f]+: R_X86_64_[A-Z0-9]+\t/ {
	if (pending) {
		target = $0
		sub(/.*\t/, "", target)
		sub(/-0x[0-9a-f]+$/, "", target)
		target = resolve(target)
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
/^Disassembly of section / {
	section = $4
	sub(/:$/, "", section)
	next
}
/^ +[0-9a-f]+:\t(call|j[a-z]*) +[0-9a-f]+ <[^>]*>$/ {
	target = $0
	sub(/.*</, "", target)
	sub(/>$/, "", target)
	# Resolved by the assembler (same section): every function there.
	addr = $0
	sub(/ <.*/, "", addr)
	sub(/.* /, "", addr)
	if ((section, hex(addr)) in at_sym)
		target = at_sym[section, hex(addr)]
	pending = 1
	jump = $0 ~ /:\tj/
	at = where
	caller = fn
}
END { flush() }
