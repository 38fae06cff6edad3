/* The tools' one reader of results files (the format of
   plugin/core/results-format.h): a file is parsed with jansson and
   checked, its format name and every field's type, before any tool looks
   at it; what is wrong is said as "FILE: what was expected".  The lowest
   layer of the tools that read results: it calls nothing of theirs.  */
#ifndef HOTINLINE_RESULTS_READ_H
#define HOTINLINE_RESULTS_READ_H

#include <jansson.h>
#include <stddef.h>

/* Read the results file PATH, parse it and check it.  Returns the unit;
   or NULL and *ERROR (malloc'd): "PATH: ..." for a file that is not JSON
   (with its line and column), not a results file, or has a field missing
   or of the wrong type (naming the field), "cannot read PATH: why" when
   it cannot be read.  The file is parsed with jansson's allocation
   functions of the moment (a caller may set an arena).  */
json_t *results_read (const char *path, char **error);

/* The results files (*.json) of the directory DIR, as "DIR/NAME", sorted
   by name (N of them, each and the array malloc'd).  NULL and *ERROR
   when DIR cannot be read; N is 0 for a directory without any.  */
char **results_files (const char *dir, size_t *n, char **error);

/* O's string member KEY, or "".  */
const char *results_str (json_t *o, const char *key);

/* O's integer member KEY, or DEFAULT_ when there is none.  */
long long results_num (json_t *o, const char *key, long long default_);

/* The weight of the results object O (a call, an entry, an address-taken
   function) in millionths of its profile's total, as the policy has it
   (policy.h); -1 when it has none.  */
long results_weight (json_t *o);

/* The compiler that wrote UNIT ("gcc 12.2.0"), or "" for a file of a
   plugin that did not say.  */
const char *results_compiler (json_t *unit);

#endif /* HOTINLINE_RESULTS_READ_H */
