/* hotinline: a GCC plugin that takes a policy of hot functions and forces
   or audits their inlining.  This file only reads the arguments, loads the
   policies and registers the plugin's callbacks.  */
#include "gcc-compat.h"
#include "plugin-version.h"

#include "config.h"
#include "policy-cache.h"
#include "hotinline.h"
#include "version.h"

int plugin_is_GPL_compatible;

static struct plugin_info hotinline_info = { HOTINLINE_VERSION,
					      config_help_text };

/* At the end of the compilation: make hotinline's errors count, and
   release the policy.  */
static void
hotinline_finish (void *, void *)
{
  hot_restore_error_count ();
  hot_forget_names ();
  policy_free (hot_policy);
  hot_policy = NULL;
  config_free (&hot_config);
}

/* Parse the arguments into CONFIG; false (after reporting) on a bad one.  */
static bool
read_arguments (const struct plugin_name_args *info, struct config *config)
{
  bool ok = true;
  for (int i = 0; i < info->argc; i++)
    {
      const char *problem = config_apply (config, info->argv[i].key,
					  info->argv[i].value);
      if (problem)
	{
	  error ("%s [hotinline]", problem);
	  ok = false;
	}
    }
  return ok;
}

/* Load every policy file; each problem becomes a GCC error, so the
   compilation stops with exit status 1.  */
static struct policy *
load_policies (const struct config *config)
{
  struct policy *policy = policy_new ();
  char *cache = config->no_cache || config->n_policies == 0
		? NULL : policy_cache_dir (config->cache_dir);
  policy_cache_load (policy, config->policies, config->n_policies, cache,
		     HOTINLINE_VERSION, NULL);
  free (cache);
  size_t n_errors = policy_error_count (policy);
  if (n_errors == 0)
    return policy;
  for (size_t i = 0; i < n_errors; i++)
    error ("%s [hotinline]", policy_error_message (policy, i));
  policy_free (policy);
  return NULL;
}

int
plugin_init (struct plugin_name_args *info,
	     struct plugin_gcc_version *version)
{
  if (!plugin_default_version_check (version, &gcc_version))
    {
      error ("hotinline was built for GCC %s and cannot run in GCC %s; "
	     "rebuild it with this compiler [hotinline]",
	     gcc_version.basever, version->basever);
      return 1;
    }

  register_callback (info->base_name, PLUGIN_INFO, NULL, &hotinline_info);
  config_init (&hot_config);
  if (!read_arguments (info, &hot_config))
    return 0;
  if (hot_config.print_version)
    fprintf (stderr, "hotinline %s for GCC %s\n", HOTINLINE_VERSION,
	     gcc_version.basever);
  if (hot_config.print_help)
    fprintf (stderr, "hotinline %s arguments:\n%s", HOTINLINE_VERSION,
	     config_help_text);
  if (hot_config.disable)
    return 0;

  hot_policy = load_policies (&hot_config);
  if (!hot_policy)
    return 0;
  deps_register (info->base_name);
  /* A policy without entries cannot match anything: its passes would only
     cost time.  It still is a dependency, and still gets its results file
     and summary.  */
  if (policy_entry_count (hot_policy) > 0)
    {
      force_register (info->base_name);
      surgical_register (info->base_name);
      report_register (info->base_name);
      hints_register (info->base_name);
    }
  results_register (info->base_name);
  summary_register (info->base_name);
  register_callback (info->base_name, PLUGIN_FINISH, hotinline_finish, NULL);
  return 0;
}
