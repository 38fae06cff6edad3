# Lines "FILE:LINE NAME" (NAME a C++ function, demangled by c++filt or as
# hotinline's warnings print it) -> "FILE:LINE KEY", KEY the function's own
# identifier (no namespace, class, template arguments, return type): the
# two spellings of a name differ in those (c++filt's "(anonymous
# namespace)", "int walk<false>"; GCC's "{anonymous}"), and the place
# already says which call it is.
{
	where = $1
	name = substr($0, length($1) + 2)
	while (gsub(/<[^<>]*>/, "", name))
		;
	sub(/.*::/, "", name)
	sub(/.* /, "", name)
	print where, name
}
