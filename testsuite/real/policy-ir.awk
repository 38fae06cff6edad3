# Clang's IR of the upstream build (-S -emit-llvm -g, before any pass) ->
# the functions Clang saw declared always_inline, one name a line.  Clang
# prints a function's attributes in a comment on the line before its
# definition:
#   ; Function Attrs: alwaysinline nounwind uwtable
#   define internal i64 @XXH64_round(i64 noundef %0, i64 noundef %1) #3 !dbg !51 {
# Clang's own intrinsics (_mm256_add_epi64, ...) are always_inline too, and
# "nodebug": without debug information (no !dbg), they are not the library's.
/^; Function Attrs: / { attrs = $0; next }
/^define / {
	if (attrs ~ / alwaysinline( |$)/ && / !dbg / && match($0, /@[A-Za-z_][A-Za-z_0-9.]*\(/))
		print substr($0, RSTART + 1, RLENGTH - 2)
	attrs = ""
	next
}
{ attrs = "" }
