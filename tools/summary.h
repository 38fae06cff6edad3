/* hotinline-summary's parts, in layers: each file calls only those
   below it, none calls back up.

     hotinline-summary.c   main: the arguments, the text table and diff
     summary-audit.c       the audit of a tree's marks (--audit): it
                           reads results and objects itself, and writes
                           its policy and page with the lock's and the
                           site's writers
     summary-objects.c     an object's text bytes and functions' code,
                           read with libelf, for the audit
     summary-export.c      findings files, SARIF, GitLab Code Quality
     summary-compare.c     two builds matched call by call: the findings
     summary-lock.c        a lock, the policy that pins a build's hot
                           inlining (write_lock); beside summary-html.c,
                           neither calls the other
     summary-html.c        the HTML site (write_site)
     summary-read.c        the build: results files folded into the
                           aggregates below (build_init, read_path) and
                           what they say of the whole build
     summary-sites.c       the call sites, merged over units, for the
                           table, the site and the lock
     summary-calls.c       the calls by identity (file, caller, callee,
                           order), per unit, for the comparison
     summary-taken.c       the places where addresses are taken
     summary-util.c        shared helpers: text, sorting, interning
     results-read.c        the one checked reader of results files, also
                           used by hotinline-profile
   (summary-highlight.c, the source highlighter, stands apart.)
   make check-layers checks the order with tools/layers.sh.

   Results are streamed: each results file is read, checked, folded into
   the aggregates below and let go, so memory grows with the distinct call
   sites, functions and units of a build, not with the size of its
   results.  */
#ifndef HOTINLINE_SUMMARY_H
#define HOTINLINE_SUMMARY_H

#include <jansson.h>
#include <stdbool.h>
#include <stddef.h>

#include "results-read.h"
#include "summary-util.h"

struct sites;
struct calls;

/* One compilation, as its results file describes it.  */
struct unit_row
{
  char *unit;			/* The main source file, as given.  */
  char *directory;		/* The directory it was compiled in.  */
  char *output;			/* Its output without suffix, or "".  */
  char *flags;			/* The options that change its code.  */
  char *limits;			/* Its inliner limits, "name value, ...".  */
  char *compiler;		/* The compiler that made it, or "".  */
  size_t calls;			/* Hot calls in its results.  */
};

struct build
{
  struct unit_row *units;	/* Distinct compilations, in read order.  */
  size_t n_units, cap_units;
  size_t files;			/* Results files read.  */
  size_t again;			/* Files of a compilation already read
				   (same source, directory and flags).  */
  char **fat;			/* Files of -ffat-lto-objects compilations,
				   held back until build_finish.  */
  size_t n_fat, cap_fat;
  bool linked;			/* A file written at an LTO link was read.  */
  size_t superseded;		/* Fat compilations left out: an LTO link's
				   results count their code.  */
  json_t *seen_files;		/* Real paths of the files read.  */
  json_t *seen_units;		/* directory, unit, flags -> true.  */
  json_t *functions;		/* Per hot function: {inlined, declined,
				   reasons: {reason: count}, units: n,
				   weight: %, when weighted}.  */
  json_t *address_only;		/* Hot function whose address some unit
				   takes and no call reaches there:
				   {taken: {"in at file:line": true},
				   weight}.  */
  json_t *last_unit;		/* Function -> the last unit counted.  */
  json_t *entries;		/* "policy:line:col: name" -> matched.  */
  bool may_be_empty;		/* A directory without results is a build
				   of no units (a side of a comparison).  */
  struct calls *calls;		/* Its hot calls by identity
				   (summary-calls.h), or NULL.  */
  long long inlined, left;	/* Calls, over all units.  */
  long long newest;		/* The newest modification time of the
				   files read, in seconds since the epoch
				   (the date a lock gives the build).  */
  struct sites *sites;		/* Its call sites (summary-sites.h).  */
};

/* An empty build; BY_IDENTITY keeps its calls by identity too, for a
   comparison or the findings.  */
void build_init (struct build *b, bool by_identity);

/* Read PATH, a results file or a directory of them (in name order), into
   B.  A file read before (the same directory given twice) is skipped.
   Exits with status 2 and a message on bad input: a path that cannot be
   read (and why), a directory without results files, a file that is not
   JSON or not a results file, or a field of the wrong type (naming the
   file and the field).  */
void read_path (struct build *b, const char *path);

/* After the last read_path: the -ffat-lto-objects compilations' files,
   whose code an LTO link's results already count when the build has
   any (GCC writes results at both; which code the program has is the
   link's), counted only in a build without them.  */
void build_finish (struct build *b);

/* Policy entries that matched nothing in any unit, as "file:line:col:
   name" strings, sorted.  */
json_t *stale_entries (struct build *b);

/* The compilers that made B's units, each with the number of its units:
   {"gcc 12.2.0": 2}.  */
json_t *build_compiler_units (struct build *b);

/* The compilers that made B's units (their results' "compiler"):
   "gcc 12.2.0" when one made them all; else each with its units,
   "clang 16.0.6 (1 unit), gcc 12.2.0 (2 units)", and *MIXED; "" when
   no unit says.  malloc'd.  */
char *build_compilers (struct build *b, bool *mixed);

/* The hot functions of B used only through their address: no unit calls
   them.  Their names, sorted, the heaviest first (N, malloc'd).  */
char **address_only (struct build *b, size_t *n);

/* Write the site for B into the directory OUT; with OLD, B is compared
   with it and its changes come first.  Returns the number of call sites
   that went from inlined to left (0 without OLD); exits on errors.  */
int write_site (const char *out, struct build *b, struct build *old);

/* Write the site of an audit into the directory OUT, one page: the
   reports of summary-audit.c, and with SIDE (mark -> each report's
   verdict, in the reports' order) the verdicts side by side first.  */
void write_audit_site (const char *out, json_t *reports, json_t *side);

#endif /* HOTINLINE_SUMMARY_H */
