/* hotinline-summary's shared helpers: text, sorting, interned strings
   and the fields of a results file every part reads the same way.  They
   call only the results reader (results-read.h).  */
#ifndef HOTINLINE_SUMMARY_UTIL_H
#define HOTINLINE_SUMMARY_UTIL_H

#include <jansson.h>
#include <stddef.h>

/* Print "hotinline-summary: " and the message to stderr, and exit with
   status 2: bad input.  */
void summary_die (const char *fmt, ...)
  __attribute__ ((noreturn, format (printf, 1, 2)));

/* Text made with printf, malloc'd.  */
char *summary_format (const char *fmt, ...)
  __attribute__ ((format (printf, 1, 2)));

/* strcmp for qsort and bsearch over an array of strings.  */
int compare_strings (const void *a, const void *b);

/* The keys of the object O, sorted (malloc'd, N of them).  */
char **sorted_keys (json_t *o, size_t *n);

/* S, kept once in POOL (a json object whose keys live as long as it).  */
const char *intern (json_t *pool, const char *s);

/* The path of FILE of UNIT as it can be opened: relative paths are
   relative to the directory the unit was compiled in; malloc'd.  */
char *unit_path (json_t *unit, const char *file);

/* A call site's key, "file:line:col: 'callee' in 'caller'" (malloc'd):
   how the sites are indexed, and how a comparison names the sites whose
   outcome changed.  */
char *call_key (const char *file, long long line, long long column,
		const char *callee, const char *caller);

#endif /* HOTINLINE_SUMMARY_UTIL_H */
