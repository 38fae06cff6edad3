# GCC's SSA dumps (-fdump-tree-ssa) of the upstream build -> the assembler
# names of the functions GCC saw declared always_inline, one a line: the
# names objdump prints, for C++ where the source name is not the symbol.
# The dump heads each function with
#   ;; Function ns::S::get<true> (_ZNK2ns1S3getILb1EEEiv, funcdef_no=6, ...)
# and prints its attributes on the line before its declaration.  A
# constructor or destructor is dumped once (C2, D2), but its calls may go
# to the complete-object or deleting variant: those names are added.
# GCC's own intrinsics (always_inline, artificial) are not the library's.
# (the source name may hold parentheses: a lambda's enclosing function).
/^;; Function / {
	asm = ""
	if (match($0, /\([^ ,()]+, funcdef_no=/))
		asm = substr($0, RSTART + 1, RLENGTH - 14)
	next
}
/^__attribute__\(\(/ {
	if (asm != "" && $0 ~ /[(, ]always_inline[,)]/ && $0 !~ /artificial/) {
		print asm
		if (asm ~ /C2E/) { v = asm; sub(/C2E/, "C1E", v); print v }
		if (asm ~ /D2E/) { v = asm; sub(/D2E/, "D1E", v); print v; sub(/D1E/, "D0E", v); print v }
	}
	asm = ""
}
