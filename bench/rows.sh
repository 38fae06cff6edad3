# Sourced by bench/compile.sh and bench/clang.sh: quick_only ROWS keeps,
# of the "name|source|extra|base|cache" lines on its input, those whose
# name or name:cache is a word of ROWS (make bench, BENCH_ROWS=quick);
# with BENCH_ROWS=full (make bench-full) it keeps them all.
quick_only ()
{
	while IFS='|' read -r name source extra base cache; do
		if [ "${BENCH_ROWS:-full}" = quick ]; then
			case " $(echo $1) " in
			*" $name "*|*" $name:$cache "*) ;;
			*) continue ;;
			esac
		fi
		echo "$name|$source|$extra|$base|$cache"
	done
}
