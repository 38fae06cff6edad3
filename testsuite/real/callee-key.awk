# Lines "FILE:LINE NAME" (NAME a C++ function, demangled by c++filt or as
# hotinline's warnings print it) -> "FILE:LINE KEY", KEY the function's own
# identifier (no namespace, class, template arguments, parameters, return
# type), or "operator" for every operator: the two spellings of a name
# differ in those (c++filt's "(anonymous namespace)", "int walk<false>",
# "operator __m128i const&"; GCC's "{anonymous}", "operator const
# __m128i&() const [with Child = ...]"), and the place already says which
# call it is.
# Several names "a|b" (functions folded into one) give their keys "ka|kb".
function key(name) {
	if (name ~ /(^|[: ])operator/)
		return "operator"
	sub(/ \[with .*\]$/, "", name)
	while (gsub(/<[^<>]*>/, "", name))
		;
	sub(/\([^()]*\)( const)?$/, "", name)
	sub(/.*::/, "", name)
	sub(/.* /, "", name)
	return name
}
{
	n = split(substr($0, length($1) + 2), names, "|")
	keys = key(names[1])
	for (i = 2; i <= n; i++)
		keys = keys "|" key(names[i])
	print $1, keys
}
