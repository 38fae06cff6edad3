# shellcheck shell=sh
# Sourced by the bench scripts: the hot functions of a benchmarked source,
# which the generated policies name and the hand build marks
# always_inline.  LMDB's mdb.c has these three.
mdb_hot="mdb_page_get mdb_node_read mdb_node_search"

# hot_functions SOURCE KIND: the hot functions of SOURCE, mdb.c (KIND
# large) or an example (small: those of its { hi-plain-calls }
# directives), on one line.
hot_functions ()
{
	if [ "$2" = small ]; then
		sed -n 's/.*{ hi-plain-calls \([^ ]*\) }.*/\1/p' "$1" | tr '\n' ' '
	else
		echo "$mdb_hot"
	fi
}

# hand_build SOURCE KIND: SOURCE as the hand build compiles it, on
# standard output: an example with HOTINLINE_HAND defined, mdb.c with
# each hot function's definition marked always_inline.
hand_build ()
{
	if [ "$2" = small ]; then
		echo "#define HOTINLINE_HAND 1"
		cat "$1"
	else
		sed "s/^\($(echo "$mdb_hot" | sed 's/ /\\|/g')\)(/__attribute__((always_inline)) &/" "$1"
	fi
}
