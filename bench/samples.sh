#!/bin/sh
# bench/samples.sh GCC PLUGIN SRCDIR WORKDIR: what each way of inlining the
# hot functions does to the examples' hot paths, as a Markdown table.
# Every example is built five ways at -O2 and run under valgrind, which
# counts instructions exactly (times on a shared machine vary by 10-20%).
set -eu
gcc=$1 plugin=$2 srcdir=$3 work=$4
mkdir -p "$work"

# A global increase of GCC's inlining limits, the alternative to naming
# the hot functions (400 is the value from the Linux zap_pte_range thread;
# GCC 12's -O2 defaults are 70 and 15).
params="--param max-inline-insns-single=400 --param max-inline-insns-auto=400"

# The functions each example's hot path is entered through, measured with
# callgrind's --toggle-collect; everything else the example runs (set-up,
# the reference computation it checks against) is left out.
entries ()
{
	case $1 in
	radix_lookup) echo hot_lookups ;;
	sched_util) echo group_util ;;
	spinlock_unlock) echo hot_round ;;
	xarray_walk) echo xa_load_value ;;
	zap_range) echo unmap_page_range ;;
	*) echo main ;;
	esac
}

# The size of the executable's code.
text_size ()
{
	size -A "$1" | awk '$1 == ".text" { print $2 }'
}

# Calls to the hot functions (or their clones) in the disassembly.
calls_left ()
{
	objdump -d "$1" | awk -v hot=" $2 " '
		/\t(call|jmp) / {
			t = $NF; sub(/^</, "", t); sub(/[.>].*$/, "", t)
			if (index(hot, " " t " ")) n++
		}
		END { print n + 0 }'
}

# Instructions in the hot path of $1 and the calls it makes to the hot
# functions, from callgrind; "0 0" when an entry function was inlined into
# its caller and never ran as such (callgrind then counts nothing, or only
# a part of the hot path).
hot_path ()
{
	exe=$1 hot=$2 toggles=
	for f in $3; do
		toggles="$toggles --toggle-collect=$f"
	done
	# shellcheck disable=SC2086
	valgrind --tool=callgrind --compress-strings=no $toggles \
		--callgrind-out-file="$exe.callgrind" "$exe" > /dev/null 2>&1
	awk -v hot=" $hot " -v entries="$3" '
		/^totals:/ { ir = $2 }
		/^cfn=/ { f = $0; sub(/^cfn=/, "", f); sub(/\..*$/, "", f) }
		/^calls=/ {
			split($1, c, "=")
			if (index(hot, " " f " "))
				n += c[2]
			entered[f] += c[2]
		}
		END {
			k = split(entries, e, " ")
			for (i = 1; i <= k; i++)
				if (!entered[e[i]])
					ir = n = 0
			print ir + 0, n + 0
		}' "$exe.callgrind"
}

# The instructions of the whole run.
whole_run ()
{
	valgrind --tool=cachegrind --cache-sim=no --cachegrind-out-file="$1.cg" \
		"$1" > /dev/null 2>&1
	sed -n 's/^summary: //p' "$1.cg"
}

# Build variant $2 of example $1 and measure it into $work/$1-$2.row:
# calls left, hot-path instructions, hot calls made, whole run, .text.
measure ()
{
	name=$1 variant=$2 hot=$3
	exe=$work/$name-$variant
	policy=$srcdir/policies/$name.yaml
	plugin_args="-fplugin=$plugin -fplugin-arg-hotinline-policy=$policy"
	case $variant in
	plain) extra= ;;
	hand) extra=-DHOTINLINE_HAND ;;
	attribute) extra="$plugin_args -fplugin-arg-hotinline-strategy=attribute" ;;
	surgical) extra="$plugin_args -fplugin-arg-hotinline-strategy=surgical" ;;
	params) extra=$params ;;
	esac
	# shellcheck disable=SC2086
	"$gcc" -O2 -w $extra "$srcdir/examples/$name.c" -o "$exe"
	"$exe" > /dev/null
	echo "$(calls_left "$exe" "$hot") $(hot_path "$exe" "$hot" "$(entries "$name")")" \
		"$(whole_run "$exe") $(text_size "$exe")" > "$exe.row"
}

variants="plain hand attribute surgical params"
for src in "$srcdir"/examples/*.c; do
	name=$(basename "$src" .c)
	hot=$(sed -n 's/.*{ hi-plain-calls \([^ ]*\) }.*/\1/p' "$src" | tr '\n' ' ')
	# Two at a time: the machine has two cores.
	set -- $variants
	while [ $# -gt 0 ]; do
		measure "$name" "$1" "$hot" &
		if [ $# -gt 1 ]; then
			measure "$name" "$2" "$hot" &
			shift
		fi
		shift
		wait
	done
done

echo "| example | build | hot calls left | hot-path instructions per hot call | vs plain | whole run instructions | vs plain | .text bytes | vs plain |"
echo "|---|---|---|---|---|---|---|---|---|"
for src in "$srcdir"/examples/*.c; do
	name=$(basename "$src" .c)
	read -r _ plain_ir ops plain_run plain_text < "$work/$name-plain.row"
	for variant in $variants; do
		read -r left ir _ run text < "$work/$name-$variant.row"
		awk -v n="$name" -v v="$variant" -v left="$left" -v ir="$ir" \
			-v pir="$plain_ir" -v ops="$ops" -v run="$run" \
			-v prun="$plain_run" -v text="$text" -v ptext="$plain_text" 'BEGIN {
			if (ir > 0 && ops > 0)
				hotpath = sprintf("%.1f | %.3f", ir / ops, ir / pir)
			else
				hotpath = "inlined into its caller | -"
			printf "| %s | %s | %d | %s | %.0f | %.3f | %d | %.3f |\n", n, v,
				left, hotpath, run, run / prun, text, text / ptext
		}'
	done
done
