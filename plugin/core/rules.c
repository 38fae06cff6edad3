/* The decisions both front ends make from a policy entry and the
   arguments (rules.h).  */
#include "rules.h"

bool
rule_forced_per_call (const struct policy_entry *e,
		      const struct force_context *ctx)
{
  return e->action == POLICY_ACTION_ALWAYS_INLINE && ctx->per_call_possible
	 && (ctx->all_per_call || e->n_callers > 0);
}

enum policy_severity
rule_report_severity (const struct config *config,
		      const struct policy_entry *e, bool forced_per_call)
{
  if ((config->strict || e->strict) && forced_per_call)
    return POLICY_SEVERITY_ERROR;
  if (config->severity >= 0)
    return (enum policy_severity) config->severity;
  return e->severity;
}

enum policy_severity
rule_problem_severity (const struct config *config,
		       const struct policy_entry *e)
{
  return config->strict || e->strict ? POLICY_SEVERITY_ERROR
				     : POLICY_SEVERITY_WARNING;
}

bool
rule_policy_has_work (const struct policy *policy)
{
  return policy && policy_entry_count (policy) > 0;
}

const char *
rule_scope_file (const char *caller_unit, const char *unit)
{
  return caller_unit && *caller_unit ? caller_unit : unit;
}

bool
rule_disregards (const struct config *config, const struct policy *only,
		 const char *const *forms, size_t n_forms, const char *unit)
{
  if (config->disregard == CONFIG_DISREGARD_NONE)
    return false;
  if (!config->disregard_only)
    return true;
  return only && policy_lookup_forms (only, forms, n_forms, NULL, unit);
}
