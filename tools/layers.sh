#!/bin/sh
# A program's units call only down (plugin/core/README.md for the core,
# tools/summary.h for hotinline-summary):
#
#   tools/layers.sh NAME OBJECT...
#
# From the symbols each object defines and the ones it uses (nm), lists
# which unit calls which, and fails naming the units that call each other,
# directly or round a longer circle; otherwise prints the units from the
# lowest layer up.  NAME (the core, a tool) starts each line.
set -eu
name=$1
shift

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# Only a unit's own definitions: not the weak ones (C++ inline functions
# and templates, which every unit that uses them has a copy of).
for o in "$@"; do
	unit=$(basename "$o" .o)
	nm -g --defined-only "$o" |
		awk -v u="$unit" 'NF == 3 && $2 !~ /^[VWvwu]$/ { print $3, u }'
done | sort >"$tmp/defs"
for o in "$@"; do
	unit=$(basename "$o" .o)
	nm -u "$o" | awk -v u="$unit" '{ print $NF, u }'
done | sort >"$tmp/uses"

# "callee caller" for each call between two units; every unit on its own
# too, so that one calling no other still has its place.
{
	join "$tmp/defs" "$tmp/uses" | awk '$2 != $3 { print $2, $3 }'
	for o in "$@"; do
		unit=$(basename "$o" .o)
		echo "$unit $unit"
	done
} | sort -u >"$tmp/calls"

# Two units calling each other, named as such.
awk '{ print $2, $1 }' "$tmp/calls" | sort | comm -12 - "$tmp/calls" \
	| awk -v name="$name" '$1 < $2 { print name ": " $1 " and " $2 " call each other" }' \
	>"$tmp/mutual"
if [ -s "$tmp/mutual" ]; then
	cat "$tmp/mutual" >&2
	exit 1
fi
# Any longer circle: tsort finds it.
if ! tsort "$tmp/calls" >"$tmp/order" 2>"$tmp/loop"; then
	sed "s/^tsort: /$name: /" "$tmp/loop" >&2
	exit 1
fi
echo "$name: lowest first: $(tr '\n' ' ' <"$tmp/order")"
