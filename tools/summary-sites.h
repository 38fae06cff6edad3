/* hotinline-summary's call sites (summary-sites.c), for the HTML site.  */
#ifndef HOTINLINE_SUMMARY_SITES_H
#define HOTINLINE_SUMMARY_SITES_H

#include "summary.h"

/* A hot call site: the calls of every unit at one place of the source
   from one caller to one callee.  */
struct site
{
  char *key;			/* Resolved path, line, column, names.  */
  char *path;			/* The source file, as it can be opened.  */
  const char *file;		/* As the results name it.  */
  const char *callee, *caller;
  long long line, column;
  int inlined, left;		/* Calls of the units, each way.  */
  json_t *reasons;		/* reason -> true */
  json_t *units;		/* unit -> true */
  json_t *first_call;		/* Its first call, for its key in OLD.  */
  json_t *left_call;		/* One of the calls left, or NULL.  */
  int change;			/* +1 inlined before, left now; -1 back.  */
  char *story;			/* What the sizes say about a change.  */
  int page;			/* Index of its file.  */
  int fn;			/* Index of its callee.  */
};

struct sites
{
  struct site *v;
  size_t n;
  char **files;			/* Resolved paths, sorted.  */
  size_t n_files;
  char **functions;		/* Callees, sorted.  */
  size_t n_functions;
};

/* The call sites of B, sorted by file, line, column, callee and caller;
   with OLD, each says whether it went from inlined to left or back.  */
struct sites collect_sites (struct build *b, struct build *old);

/* The keys of the object O, sorted (malloc'd, N of them).  */
char **sorted_keys (json_t *o, size_t *n);

/* Text made with printf, malloc'd.  */
char *summary_format (const char *fmt, ...)
  __attribute__ ((format (printf, 1, 2)));

#endif /* HOTINLINE_SUMMARY_SITES_H */
