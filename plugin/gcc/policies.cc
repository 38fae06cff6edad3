/* Loading the policies the arguments name (policy=, lock=, and the
   policy of disregard-only=), through the core's cache (policy-cache.h),
   for the entry point.  */
#include "gcc-compat.h"

#include "policy-cache.h"
#include "hotinline.h"
#include "version.h"

namespace hotinline {

struct policy *
load_policies (const struct config *config)
{
  struct policy *policy = policy_cache_load_config (config,
						     HOTINLINE_VERSION);
  /* A lock left out: the build goes on with the policies.  */
  for (size_t i = 0; i < policy_warning_count (policy); i++)
    emit_plain_warning (UNKNOWN_LOCATION, "%s [hotinline]",
			policy_warning_message (policy, i));
  size_t n_errors = policy_error_count (policy);
  if (n_errors == 0)
    return policy;
  for (size_t i = 0; i < n_errors; i++)
    error ("%s [hotinline]", policy_error_message (policy, i));
  policy_free (policy);
  return NULL;
}

struct policy *
load_only_policy (const struct config *config)
{
  struct policy *policy = policy_cache_load_only (config, HOTINLINE_VERSION);
  if (policy_error_count (policy) == 0)
    return policy;
  for (size_t i = 0; i < policy_error_count (policy); i++)
    error ("%s [hotinline]", policy_error_message (policy, i));
  policy_free (policy);
  return NULL;
}

} // namespace hotinline
