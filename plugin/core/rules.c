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
rule_policy_has_work (const struct policy *policy,
		      const struct config *config)
{
  return (policy && policy_entry_count (policy) > 0)
	 || rule_marks_recorded (config) != CONFIG_DISREGARD_NONE;
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

enum config_disregard
rule_marks_recorded (const struct config *config)
{
  if (config->audit != CONFIG_DISREGARD_NONE)
    return config->audit > config->disregard ? config->audit
					      : config->disregard;
  return config->results_dir ? config->disregard : CONFIG_DISREGARD_NONE;
}

/* One entry for every mark: what tells a mark's call from a policy's is
   the entry's address.  */
static struct policy_entry mark_entry = {
  .name = { .text = (char *) "(mark)", .len = 6, .prefix_len = 6 },
  .action = POLICY_ACTION_REPORT,
  .severity = POLICY_SEVERITY_NOTE,
  .weight = -1,
  .loc = { .file = "(source marks)", .line = 0, .column = 0 },
  .name_loc = { .file = "(source marks)", .line = 0, .column = 0 },
};

const struct policy_entry *
rule_mark_entry (void)
{
  return &mark_entry;
}

bool
rule_is_mark_entry (const struct policy_entry *e)
{
  return e == &mark_entry;
}
