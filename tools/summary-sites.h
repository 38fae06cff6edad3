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

/* A place where the address of a hot function is taken (a table of
   function pointers, a callback) when no call of any unit reaches that
   function: it has no call site to show, so the place is shown instead.
   One per file, line, function and taker, over all units.  */
struct taken_place
{
  const char *path;		/* The source file, as it can be opened.  */
  const char *file;		/* As the results name it.  */
  const char *function;		/* The hot function.  */
  const char *in;		/* The function or variable taking it.  */
  long long line;
  long weight;			/* Its entry's, in millionths; -1: none.  */
  int page;			/* Index of its file.  */
  int fn;			/* Index of its function in address_fns.  */
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
  struct taken_place *taken;	/* Places of address_fns, by path and
				   line (summary-taken.c).  */
  size_t n_taken, cap_taken;
  json_t *taken_index;		/* key -> index in TAKEN, while reading.  */
  char **address_fns;		/* Hot functions only called by address
				   that have a place, sorted.  */
  size_t n_address_fns;
  json_t *taken_by_text;	/* "function\nin at file:line", as the
				   index lists a place -> [first place,
				   how many look alike].  */
  char **files;			/* Resolved paths, sorted: those of the
				   sites and of the places.  */
  size_t n_files;
  const char **file_names;	/* Per file: as the results name it.  */
  size_t *page_start;		/* Per file: its first site; and N.  */
  size_t *taken_start;		/* Per file: its first place; and N.  */
  char **functions;		/* Callees, sorted.  */
  size_t n_functions;
  size_t *by_fn;		/* Sites in order of callee, then place, */
  size_t *fn_start;		/* each callee's from here; and N.  */
};

/* Fold the calls of UNIT (the UNIT_INDEXth distinct unit) into S.  */
void sites_add_unit (struct sites *s, json_t *unit, size_t unit_index);

/* Fold the places of UNIT's address_only functions into S.  */
void taken_add_unit (struct sites *s, json_t *unit);

/* Keep the places of the functions no site calls, index them by
   function and by the text the index shows, and sort them by path and
   line (before S's files are made).  */
void taken_finish (struct sites *s);

/* The index of the function NAME in S's address_fns, or n_address_fns.  */
size_t address_fn_index (const struct sites *s, const char *name);

/* Sort the sites of B by file, line, column, callee and caller, and index
   their files and functions; with CHANGES, a comparison's site_key ->
   {change, story?} (summary-compare.h), each says whether it went from
   inlined to left or back, and what the sizes say.  */
void sites_finish (struct sites *s, json_t *changes);

/* The call_key of SITE as the results name its file, malloc'd.  */
char *site_key (const struct site *site);

/* What the size and the limit of the callee of a call left in NEW say,
   against the same call in OLD (NULL if none) of a unit whose limits were
   OLD_LIMITS: "'f' grew from 14 to 57 instructions; the limit is 15".
   NULL when the results carry no size.  */
char *size_story (json_t *old, json_t *old_limits, json_t *new_);

#endif /* HOTINLINE_SUMMARY_SITES_H */
