/* Loading the policies the arguments name, through the cache: in a
   compilation (hotinline.cpp) and at an LTO link (lto.cpp); and the
   policy of disregard-only=.  */
#include "hotinline.h"

#include "policy-cache.h"
#include "version.h"

namespace hotinline {

/* POLICY when it loaded; otherwise NULL, each of its errors an error.  */
static struct policy *
loaded_without_errors (struct policy *policy)
{
  size_t n_errors = policy_error_count (policy);
  if (n_errors == 0)
    return policy;
  for (size_t i = 0; i < n_errors; i++)
    emit_error (std::string (policy_error_message (policy, i))
		+ " [hotinline]");
  policy_free (policy);
  return NULL;
}

/* Load every policy file; each problem is an error, a lock's a
   warning.  */
struct policy *
load_policies (const struct config *config)
{
  struct policy *policy = policy_cache_load_config (config,
						     HOTINLINE_VERSION);
  /* A lock left out: the build goes on with the policies.  */
  for (size_t i = 0; i < policy_warning_count (policy); i++)
    emit_plain_warning (std::string (policy_warning_message (policy, i))
			+ " [hotinline]");
  return loaded_without_errors (policy);
}

struct policy *
load_only_policy (const struct config *config)
{
  return loaded_without_errors (policy_cache_load_only (config,
							HOTINLINE_VERSION));
}

} // namespace hotinline
