# GCC's gimple dumps (-fdump-tree-gimple) of the upstream build -> the
# functions GCC saw declared always_inline, one name a line.  The dump
# prints a function's attributes on the line before its declaration:
#   __attribute__((always_inline, unused))
#   xxh_u64 XXH64_round (xxh_u64 acc, xxh_u64 input)
# GCC's own intrinsics (_mm256_add_epi64, ...) are always_inline too, and
# "artificial": they are not the library's.
/^__attribute__\(\(/ { attrs = $0; next }
attrs != "" {
	if (attrs ~ /[(, ]always_inline[,)]/ && attrs !~ /artificial/ && match($0, /[A-Za-z_][A-Za-z_0-9]* \(/))
		print substr($0, RSTART, RLENGTH - 2)
	attrs = ""
}
