# What config(8) makes of a kernel configuration for a unit's compilation:
# the opt_*.h headers, and the lines it writes at the top of the kernel's
# Makefile (printed on stdout).
#
#   awk -v confdir=SYS/amd64/conf -v conf=FILE -v outdir=DIR -f config.awk \
#       SYS/conf/options SYS/conf/options.amd64 [SYS/conf/options-compat]
#
# The options files name each option's header (a name alone: opt_NAME.h,
# in lower case; options-compat maps an old name to a new one).  confdir
# holds DEFAULTS, which config(8) reads first, and the files that "include"
# lines name; conf is the configuration (a path, or a name in confdir).
# As usr.sbin/config does (mkoptions.c, mkmakefile.c): "cpu X" sets option
# X; "device X" sets DEV_X, which lands in a header only where an options
# file names it; "machine M" sets the option named M in any case, if there
# is one; MAXUSERS is always set (0: sized at boot when the configuration
# gives no "maxusers"); a set option gets "#define NAME VALUE" (VALUE 1
# when none is given) in its header; every header an options file names is
# written, empty when none of its options is set; an option that no
# options file names stops it with an error.  The Makefile's lines are
# KERN_IDENT, MACHINE, MACHINE_ARCH and the "makeoptions".  config.c,
# env.c, hints.c and the rest of the Makefile are not needed to compile a
# unit and are not made.
function fail(msg) {
	print "config.awk: " msg > "/dev/stderr"
	failed = 1
	exit 1
}
# tokens(LINE, T): LINE's words into T[1..n], split at blanks and commas
# outside double quotes, a "#" outside them ending the line; quotes kept.
function tokens(line, t,   n, i, c, q, cur, have) {
	n = 0
	q = 0
	cur = ""
	have = 0
	for (i = 1; i <= length(line); i++) {
		c = substr(line, i, 1)
		if (c == "\\" && q && i < length(line)) {
			cur = cur c substr(line, ++i, 1)
			continue
		}
		if (c == "\"")
			q = !q
		else if (!q && c == "#")
			break
		if (!q && (c == " " || c == "\t" || c == ",")) {
			if (have)
				t[++n] = cur
			cur = ""
			have = 0
			continue
		}
		cur = cur c
		have = 1
	}
	if (q)
		fail(curfile ": unterminated string: " line)
	if (have)
		t[++n] = cur
	return n
}
function unquote(s) {
	if (s ~ /^".*"$/)
		s = substr(s, 2, length(s) - 2)
	return s
}
# readconf(FILE): one configuration file, its "include" lines in place.
function readconf(file,   line, n, t, k, name, val, p, rc, saved) {
	saved = curfile
	curfile = file
	if ((rc = getline line < file) < 0)
		fail("cannot read " file)
	while (rc > 0) {
		n = tokens(line, t)
		if (n == 0) {
			rc = getline line < file
			continue
		}
		if (t[1] == "include") {
			p = unquote(t[2])
			if (p !~ /^\//)
				p = confdir "/" p
			readconf(p)
		} else if (t[1] ~ /^(no)?options?$/) {
			for (k = 2; k <= n; k++) {
				name = unquote(t[k])
				val = ""
				if ((p = index(name, "=")) > 0) {
					val = substr(name, p + 1)
					name = substr(name, 1, p - 1)
				}
				if (t[1] ~ /^no/)
					delete set[name]
				else
					set[name] = val == "" ? "1" : val
			}
		} else if (t[1] ~ /^(no)?devices?$/) {
			for (k = 2; k <= n; k++) {
				name = "DEV_" toupper(t[k])
				if (t[1] ~ /^no/)
					delete set[name]
				else
					set[name] = "1"
			}
		} else if (t[1] ~ /^(no)?makeoptions?$/) {
			for (k = 2; k <= n; k++) {
				name = t[k]
				val = ""
				if ((p = index(name, "=")) > 0) {
					val = unquote(substr(name, p + 1))
					name = substr(name, 1, p - 1)
				}
				if (t[1] ~ /^no/) {
					delete mkopt[name]
					continue
				}
				if (name ~ /\+$/) {
					name = substr(name, 1, length(name) - 1)
					if (name in mkopt) {
						mkopt[name] = mkopt[name] " " val
						continue
					}
				}
				if (!(name in mkopt))
					mkorder[++nmk] = name
				mkopt[name] = val
			}
		} else if (t[1] == "cpu") {
			set[t[2]] = "1"
		} else if (t[1] == "machine") {
			machine = t[2]
			machinearch = n > 2 ? t[3] : t[2]
		} else if (t[1] == "ident") {
			ident = unquote(t[2])
		} else if (t[1] == "maxusers") {
			maxusers = t[2]
		}
		rc = getline line < file
	}
	close(file)
	curfile = saved
}
FNR == 1 { compat = FILENAME ~ /options-compat$/; curfile = FILENAME }
{
	n = tokens($0, t)
	if (n == 0)
		next
	file = n > 1 ? t[2] : "opt_" tolower(t[1]) ".h"
	if (compat) {
		if (n < 2)
			fail(FILENAME ": two words per line: " $0)
		alias[t[1]] = t[2]
		next
	}
	if (t[1] in header)
		fail(FILENAME ": duplicate option " t[1])
	header[t[1]] = file
	order[++nopts] = t[1]
}
END {
	if (failed)
		exit 1
	maxusers = 0
	readconf(confdir "/DEFAULTS")
	readconf(conf ~ /^\// ? conf : confdir "/" conf)
	set["MAXUSERS"] = maxusers
	for (o in header)
		if (tolower(o) == tolower(machinearch))
			set[o] = "1"
	for (o in alias)
		if (o in set) {
			print "Mapping option " o " to " alias[o] "." > "/dev/stderr"
			set[alias[o]] = set[o]
			delete set[o]
		}
	for (o in set)
		if (!(o in header) && o !~ /^DEV_/)
			fail(conf ": unknown option \"" o "\"")
	for (i = 1; i <= nopts; i++) {
		o = order[i]
		f = outdir "/" header[o]
		if (!(f in made)) {
			made[f] = 1
			printf "" > f
		}
		if (o in set)
			printf "#define %s %s\n", o, set[o] > f
	}
	for (f in made)
		close(f)
	print "KERN_IDENT=" ident
	print "MACHINE=" machine
	print "MACHINE_ARCH=" machinearch
	for (i = 1; i <= nmk; i++)
		print mkorder[i] "=" mkopt[mkorder[i]]
}
