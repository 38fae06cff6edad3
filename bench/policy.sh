#!/bin/sh
# bench/policy.sh N ACTION [NAME...]: print a generated policy of N entries
# for the benchmarks, shaped like a large project's policy: the NAMEs
# first (functions of the measured source, so a few entries match), then
# names that match nothing in it; one entry in a hundred is a glob (a
# prefix, a suffix and a '?' pattern in turn), one in ten gives a reason
# and one in twenty is scoped to a file.  N 0 gives a policy without
# entries.
set -eu
n=$1 action=$2
shift 2
awk -v n="$n" -v action="$action" -v real="$*" 'BEGIN {
	print "version: 1"
	print "defaults: {action: " action "}"
	if (n == 0)
		exit
	print "functions:"
	k = split(real, names, " ")
	globs = int(n / 100)
	for (i = 1; i <= n; i++) {
		if (i <= k)
			name = names[i]
		else if (i > n - globs && i % 3 == 0)
			name = "\"gen_" i "_*\""
		else if (i > n - globs && i % 3 == 1)
			name = "\"*_gen" i "_slow\""
		else if (i > n - globs)
			name = "\"gen_?_" i "\""
		else
			name = "gen_fn_" i
		line = "  - {name: " name
		if (i % 20 == 0)
			line = line ", files: [\"src/gen_" i ".c\"]"
		if (i % 10 == 0)
			line = line ", reason: \"generated entry " i " of " n "\""
		print line "}"
	}
}'
