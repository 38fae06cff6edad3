#!/bin/sh
# bench/real.sh COMPILER: instructions per operation of the real libraries'
# hot loops (testsuite/real), built upstream, stripped (the force-inline
# macro without always_inline), and stripped with the plugin forcing the
# functions upstream marks, by attribute and surgically.  COMPILER is a
# GCC (gcc, gcc-N) or a Clang with an LLVM plugin (clang-N).  Prints a
# Markdown table.  Uses the builds of `make check-real` (runs it first; a
# failing check does not stop the measurement).
set -eu
cc=$1
top=$(pwd)
major=$($cc -dumpversion | cut -d. -f1)
case $(basename "$cc") in
clang*) kind=clang ;;
*) kind=gcc ;;
esac
work=$top/build/$kind-$major/real
ops=20

# library, setting, the function one operation is, what it does.
cases="zstd O2 ZSTD_decompressDCtx decompress_256_KiB
zstd O3 ZSTD_decompressDCtx decompress_256_KiB
lz4 O2 LZ4_decompress_safe decompress_256_KiB
lz4 O3 LZ4_decompress_safe decompress_256_KiB
xxhash O3-avx2 XXH3_64bits hash_64_KiB
fmt O2 *format_all* format_200_records
simdjson O2 *on_demand* parse_413_KiB_on_demand
simdjson O3 *on_demand* parse_413_KiB_on_demand"

# A percentage of the upstream figure.
vs () { awk -v a="$1" -v u="$2" 'BEGIN { printf "%+.1f%%", 100 * (a - u) / u }'; }

mkdir -p "$work"
echo "| library | setting | operation | upstream | stripped | attribute | surgical | stripped vs upstream | attribute vs upstream | surgical vs upstream |"
echo "|---|---|---|---:|---:|---:|---:|---:|---:|---:|"
echo "$cases" | while read -r lib setting fn op; do
	GCC=$cc HOTINLINE_PLUGIN=$top/build/$kind-$major/hotinline.so \
		sh testsuite/real/run.sh "$lib" "$setting" > "$work/bench-check.log" 2>&1 || true
	row="| $lib | $setting | \`$fn\`, $(echo "$op" | tr _ ' ')"
	for v in upstream stripped attribute surgical; do
		d=$work/$lib/$setting/$v
		(cd "$d" && valgrind --tool=callgrind --callgrind-out-file=bench.callgrind \
			--toggle-collect="$fn" ./prog bench $ops > /dev/null 2>&1)
		ir=$(sed -n 's/^totals: \([0-9]*\).*/\1/p' "$d/bench.callgrind")
		eval "ir_$v=$((ir / ops))"
		row="$row | $(echo "$((ir / ops))" | sed ':a;s/\B[0-9]\{3\}\>/,&/;ta')"
	done
	# shellcheck disable=SC2154
	echo "$row | $(vs "$ir_stripped" "$ir_upstream") | $(vs "$ir_attribute" "$ir_upstream") | $(vs "$ir_surgical" "$ir_upstream") |"
done
