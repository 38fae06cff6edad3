# shellcheck shell=sh
# Sourced by the bench scripts: the hot functions of LMDB's mdb.c, which
# the generated policies name and the hand build marks always_inline.
mdb_hot="mdb_page_get mdb_node_read mdb_node_search"

# mdb_hand SOURCE: mdb.c with each hot function's definition marked
# always_inline, on standard output.
mdb_hand ()
{
	sed "s/^\($(echo "$mdb_hot" | tr ' ' '|' | sed 's/|/\\|/g')\)(/__attribute__((always_inline)) &/" "$1"
}
