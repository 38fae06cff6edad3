# Check b for C++: the report's warnings (first operand, "PLACE KEY") and
# objdump's calls (second operand, "PLACE KEY|KEY...", several keys for a
# call to functions GCC's identical code folding made one) -> objdump's
# calls, each with the key of a warning at its place when one of its keys
# has one left, else its first key: a call to a folded function is a call
# to any of them.
FNR == NR { left[$0]++; next }
{
	n = split($2, key, "|")
	pick = key[1]
	for (i = 1; i <= n; i++)
		if (left[$1 " " key[i]] > 0) {
			pick = key[i]
			break
		}
	left[$1 " " pick]--
	print $1, pick
}
