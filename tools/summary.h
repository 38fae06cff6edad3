/* hotinline-summary's parts: reading results (summary-read.c), the call
   sites (summary-sites.c), and the views of them (the text table and diff
   in hotinline-summary.c, the HTML site in summary-html.c).

   Results are streamed: each results file is read, checked, folded into
   the aggregates below and let go, so memory grows with the distinct call
   sites, functions and units of a build, not with the size of its
   results.  */
#ifndef HOTINLINE_SUMMARY_H
#define HOTINLINE_SUMMARY_H

#include <jansson.h>
#include <stdbool.h>
#include <stddef.h>

struct sites;

/* One compilation, as its results file describes it.  */
struct unit_row
{
  char *unit;			/* The main source file, as given.  */
  char *directory;		/* The directory it was compiled in.  */
  char *output;			/* Its output without suffix, or "".  */
  char *flags;			/* The options that change its code.  */
  char *limits;			/* Its inliner limits, "name value, ...".  */
  size_t calls;			/* Hot calls in its results.  */
};

struct build
{
  struct unit_row *units;	/* Distinct compilations, in read order.  */
  size_t n_units, cap_units;
  size_t files;			/* Results files read.  */
  size_t again;			/* Files of a compilation already read
				   (same source, directory and flags).  */
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
  json_t *outcomes;		/* With keep_outcomes: per call_key,
				   {left: n, inlined: [call, limits]}.  */
  bool keep_outcomes;		/* This is the OLD build of a diff.  */
  long long inlined, left;	/* Calls, over all units.  */
  struct sites *sites;		/* Its call sites (summary-sites.h).  */
};

/* An empty build; KEEP_OUTCOMES for the OLD build of a comparison.  */
void build_init (struct build *b, bool keep_outcomes);

/* Read PATH, a results file or a directory of them (in name order), into
   B.  A file read before (the same directory given twice) is skipped.
   Exits with status 2 and a message on bad input: a path that cannot be
   read (and why), a directory without results files, a file that is not
   JSON or not a results file, or a field of the wrong type (naming the
   file and the field).  */
void read_path (struct build *b, const char *path);

/* O's string member KEY, or "".  */
const char *str (json_t *o, const char *key);

/* O's integer member KEY, or DEFAULT_ when there is none.  */
long long num (json_t *o, const char *key, long long default_);

/* Policy entries that matched nothing in any unit, as "file:line:col:
   name" strings, sorted.  */
json_t *stale_entries (struct build *b);

/* The weight of the results object O (a call, an entry or a function
   above) in millionths of its profile's total, as the policy has it
   (policy.h); -1 when it has none.  */
long weight_of (json_t *o);

/* The hot functions of B used only through their address: no unit calls
   them.  Their names, sorted, the heaviest first (N, malloc'd).  */
char **address_only (struct build *b, size_t *n);

/* A call site's identity across builds: "file:line:col: 'callee' in
   'caller'".  */
char *call_key (json_t *call);

/* What the size and the limit of the callee of a call left in NEW say,
   against the same call in OLD (NULL if none) of a unit whose limits were
   OLD_LIMITS: "'f' grew from 14 to 57 instructions; the limit is 15".
   NULL when the results carry no size.  */
char *size_story (json_t *old, json_t *old_limits, json_t *new_);

/* Write the site for B into the directory OUT; with OLD, B is compared
   with it and its changes come first.  Returns the number of call sites
   that went from inlined to left (0 without OLD); exits on errors.  */
int write_site (const char *out, struct build *b, struct build *old);

#endif /* HOTINLINE_SUMMARY_H */
