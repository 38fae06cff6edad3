/* hotinline-summary's call sites (summary-sites.c), for the diff and the
   HTML site.  */
#ifndef HOTINLINE_SUMMARY_SITES_H
#define HOTINLINE_SUMMARY_SITES_H

#include "summary.h"

/* A hot call site: the calls of every unit at one place of the source
   from one caller to one callee.  */
struct site
{
  /* Strings are interned in the sites' pool: many sites share them.  */
  const char *path;		/* The source file, as it can be opened.  */
  const char *file;		/* As the results name it.  */
  const char *callee, *caller;
  long long line, column;
  int inlined, left;		/* Calls of the units, each way.  */
  json_t *other_reasons;	/* GCC's reasons for calls left other than
				   REASON below: reason -> true, or NULL.  */
  json_t *chains;		/* Each distinct inline chain of a call
				   left: "chain text" -> [chain, calls], or
				   NULL; at most SITE_MAX_CHAINS of them.  */
  int direct;			/* Calls left not inside inlined code.  */
  int more_chains;		/* Calls left through chains past those.  */
  int units;			/* Units with calls here.  */
  size_t last_unit;		/* The last of them, to count them.  */
  /* Of the first call left: GCC's reason, hotinline's hint, the callee's
     sizes and the limit GCC compared it with (NULL when none).  */
  const char *reason, *hint;
  const char *entry;		/* The policy entry of its first call.  */
  long weight;			/* The heaviest of its calls' entries, in
				   millionths (policy.h); -1: none.  */
  long long size, early_size;
  json_t *limit;
  /* Of the first call inlined: the callee's size after the early inliner
     and the unit's limits for a function declared inline or not, how
     close it came to being declined (-1: not known).  */
  long long inlined_size, limit_auto, limit_single;
  int change;			/* +1 inlined before, left now; -1 back.  */
  char *story;			/* What the sizes say about a change.  */
  int page;			/* Index of its file.  */
  int fn;			/* Index of its callee.  */
};

/* The inline paths kept per site: a call in a header's inline function
   can be reached through thousands; memory stays bounded per site.  */
enum { SITE_MAX_CHAINS = 32 };

struct sites
{
  struct site *v;
  size_t n, cap;
  json_t *index;		/* key -> index in V, while reading.  */
  json_t *pool;			/* Interned strings (its keys).  */
  json_t *entry_reasons;	/* Policy entry name -> its reason.  */
  const char *const *source_dirs;	/* OLD=NEW prefixes to read the
				   sources from (--source-dir).  */
  size_t n_source_dirs;
  char **files;			/* Resolved paths, sorted.  */
  size_t n_files;
  size_t *page_start;		/* Per file: its first site; and N.  */
  char **functions;		/* Callees, sorted.  */
  size_t n_functions;
  size_t *by_fn;		/* Sites in order of callee, then place, */
  size_t *fn_start;		/* each callee's from here; and N.  */
};

/* Fold the calls of UNIT (the UNIT_INDEXth distinct unit) into S.  */
void sites_add_unit (struct sites *s, json_t *unit, size_t unit_index);

/* Sort the sites of B by file, line, column, callee and caller, and index
   their files and functions; with OLD (read with keep_outcomes), each
   says whether it went from inlined to left or back.  */
void sites_finish (struct sites *s, struct build *old);

/* The call_key of SITE, malloc'd.  */
char *site_key (const struct site *site);

/* The keys of the object O, sorted (malloc'd, N of them).  */
char **sorted_keys (json_t *o, size_t *n);

/* Text made with printf, malloc'd.  */
char *summary_format (const char *fmt, ...)
  __attribute__ ((format (printf, 1, 2)));

#endif /* HOTINLINE_SUMMARY_SITES_H */
