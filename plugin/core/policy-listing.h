/* A listing: the functions a unit marks always_inline (or another
   attribute), merged into one policy file of always_inline entries by
   every unit of a build.  Plain C, shared by the compilers' plugins.  */
#ifndef HOTINLINE_POLICY_LISTING_H
#define HOTINLINE_POLICY_LISTING_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Add the N entry names NAMES (malloc'd; taken over and freed) to the
   listing at PATH, for functions marked ATTRIBUTE: under a lock on
   PATH.lock, read what earlier units wrote, merge, sort, keep each name
   once, and write the policy back whole under a temporary name that is
   then renamed.  NULL on success, else what went wrong (a static buffer),
   which the caller gives as a warning: a listing never fails a build.  */
const char *policy_listing_merge (const char *path, char **names, size_t n,
				  const char *attribute);

#ifdef __cplusplus
}
#endif

#endif /* HOTINLINE_POLICY_LISTING_H */
