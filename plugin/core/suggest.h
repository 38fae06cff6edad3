/* "Did you mean" suggestions for misspelt keys, values and arguments.  */
#ifndef HOTINLINE_SUGGEST_H
#define HOTINLINE_SUGGEST_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The candidate closest to WORD by edit distance, or NULL when none is
   close enough to be a likely typo.  CANDIDATES ends with NULL.  */
const char *suggest_closest (const char *word,
			     const char *const *candidates);

#ifdef __cplusplus
}
#endif

#endif /* HOTINLINE_SUGGEST_H */
