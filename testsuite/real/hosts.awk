# objdump -dl of an executable -> the functions that hold inlined code of
# a hot function (objdump -l names the function a line belongs to,
# "LZ4_count():", the innermost when it was inlined), one name a line.
# HOT as in calls.awk.
BEGIN { n = split(HOT, h, " "); for (i = 1; i <= n; i++) hot[h[i]] = 1 }
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
	if ((name in hot) && fn != "" && !((fn) in done)) {
		done[fn] = 1
		print fn
	}
}
