/* The compiled policy cache: policy files parsed once, their compiled
   image (policy-image.h) stored under a key that is a hash of their bytes,
   the plugin's version and the image format, and mapped in place by later
   compilations.  Plain C, no compiler headers.

   The cache never changes what a compilation does: a policy with errors
   is never stored (every later compilation parses it and reports them the
   same way), and an image that is missing, unreadable or not sound
   (truncated, corrupt, another byte order, format or version) is ignored
   and the policy parsed again.  Writing the cache is best effort: a
   directory that cannot be created or written, or a full disk, leaves the
   compilation as it would be without a cache; images are written under a
   temporary name and renamed, so parallel writers never expose a half
   image.  */
#ifndef HOTINLINE_POLICY_CACHE_H
#define HOTINLINE_POLICY_CACHE_H

#include <stdbool.h>
#include <stddef.h>

#include "policy.h"

#ifdef __cplusplus
extern "C" {
#endif

/* What the last policy_cache_load did, for the tests.  */
enum policy_cache_outcome
{
  POLICY_CACHE_UNUSED,		/* No cache directory.  */
  POLICY_CACHE_HIT,		/* Mapped a stored image.  */
  POLICY_CACHE_STORED,		/* Parsed and stored the image.  */
  POLICY_CACHE_NOT_STORED,	/* Parsed; the image could not be stored.  */
  POLICY_CACHE_BYPASSED		/* Parsed as without a cache: a file could
				   not be read, or the policy has errors.  */
};

/* Load the policy files PATHS[0..N) into the new POLICY, with the same
   result and errors as policy_load_file on each in turn, through the cache
   in CACHE_DIR (NULL: no cache).  VERSION is the plugin's.  True when
   there were no errors; *OUTCOME (when not NULL) says how.  */
bool policy_cache_load (struct policy *policy, const char *const *paths,
			size_t n, const char *cache_dir, const char *version,
			enum policy_cache_outcome *outcome);

/* The cache directory: ARG when given; else $HOTINLINE_CACHE_DIR, an empty
   value meaning no cache; else $XDG_CACHE_HOME/hotinline; else
   $HOME/.cache/hotinline.  NULL for no cache; otherwise malloc'd.  */
char *policy_cache_dir (const char *arg);

struct config;

/* A new policy of the policy files that the plugin arguments CONFIG name,
   through the cache they select (none with no-cache).  The caller reports
   its errors (policy_error_count) and frees it.  */
struct policy *policy_cache_load_config (const struct config *config,
					 const char *version);

/* The same for the policy of disregard-only= (NULL without it): the
   functions whose marks are disregarded.  */
struct policy *policy_cache_load_only (const struct config *config,
				       const char *version);

/* The image file for the policy files PATHS[0..N) in CACHE_DIR
   (malloc'd), or NULL when a file cannot be read.  For the tests.  */
char *policy_cache_image_path (const char *const *paths, size_t n,
			       const char *cache_dir, const char *version);

#ifdef __cplusplus
}
#endif

#endif /* HOTINLINE_POLICY_CACHE_H */
