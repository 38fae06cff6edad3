# objdump -dl of an executable -> the functions that hold inlined code of
# a hot function (objdump -l names the function a line belongs to,
# "LZ4_count():", the innermost when it was inlined), one name a line.
# HOT as in calls.awk.  KEYS (C++): the hot functions' identifiers
# (callee-key.awk), for the names objdump gives without mangling: a C++
# function of internal linkage (in an anonymous namespace, or static) has
# no DW_AT_linkage_name, and objdump names it by its identifier alone
# ("next():" for simdjson's {anonymous}::stage1::json_scanner::next).
BEGIN {
	n = split(HOT, h, " "); for (i = 1; i <= n; i++) hot[h[i]] = 1
	n = split(KEYS, h, " "); for (i = 1; i <= n; i++) key[h[i]] = 1
}
/^[0-9a-f]+ <.*>:$/ {
	fn = $0
	sub(/^[0-9a-f]+ </, "", fn)
	sub(/>:$/, "", fn)
	next
}
/^[A-Za-z_][A-Za-z_0-9.]*\(\):$/ {
	name = $0
	sub(/\(\):$/, "", name)
	sub(/\..*/, "", name)
	if ((name in hot || (name !~ /^_Z/ && name in key)) && fn != "" && !((fn) in done)) {
		done[fn] = 1
		print fn
	}
}
