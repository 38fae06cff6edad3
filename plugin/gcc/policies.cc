/* Loading the policies the arguments name (policy=, lock=, and the
   policy of disregard-only=), through the core's cache (policy-cache.h),
   for the entry point.  */
#include "gcc-compat.h"

#include "policy-cache.h"
#include "hotinline.h"
#include "version.h"

namespace hotinline {

/* POLICY when it loaded; otherwise NULL, each of its errors a GCC error,
   so that the compilation stops with exit status 1.  */
static struct policy *
loaded_without_errors (struct policy *policy)
{
  size_t n_errors = policy_error_count (policy);
  if (n_errors == 0)
    return policy;
  for (size_t i = 0; i < n_errors; i++)
    error ("%s [hotinline]", policy_error_message (policy, i));
  policy_free (policy);
  return NULL;
}

struct policy *
load_policies (const struct config *config)
{
  struct policy *policy = policy_cache_load_config (config,
						     HOTINLINE_VERSION);
  /* A lock left out: the build goes on with the policies.  */
  for (size_t i = 0; i < policy_warning_count (policy); i++)
    emit_plain_warning (UNKNOWN_LOCATION, "%s [hotinline]",
			policy_warning_message (policy, i));
  return loaded_without_errors (policy);
}

struct policy *
load_only_policy (const struct config *config)
{
  return loaded_without_errors (policy_cache_load_only (config,
							HOTINLINE_VERSION));
}

} // namespace hotinline
