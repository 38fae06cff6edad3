/* hotinline: a GCC plugin that takes a policy of hot functions and forces
   or audits their inlining.  This file, the entry point, only reads and
   checks the arguments, has the policies loaded (policies.cc), registers
   each mode's callbacks and passes (each file's X_register) and releases
   it all when the compilation ends; no other file calls into it.  */
#include "gcc-compat.h"
#include "plugin-version.h"
#include "opts.h"

#include "config.h"
#include "hotinline.h"
#include "version.h"

using namespace hotinline;

int plugin_is_GPL_compatible;

static struct plugin_info hotinline_info = { HOTINLINE_VERSION,
					      config_help_text };

/* At the end of the compilation: make hotinline's errors count, and
   release the policy.  */
static void
hotinline_finish (void *, void *)
{
  results_write_failed ();
  restore_error_count ();
  forget_names ();
  policy_free (the_policy);
  the_policy = NULL;
  policy_free (the_only_policy);
  the_only_policy = NULL;
  config_free (&the_config);
}

/* The plugin's arguments as they were written.  GCC splits
   -fplugin-arg-NAME-KEY=VALUE at every '=' and drops from VALUE one
   character per '=' in it (a policy "conf/a=b/hot.yaml" arrives as
   "conf/a=b/hot.yam"); the command line it keeps has them whole, split
   here at their first '='.  INFO's own when the two do not pair up (the
   same keys in the same order), which does not happen with GCC's own
   parsing.  Kept for the whole compilation, as config borrows them.  */
static const struct plugin_argument *
written_arguments (const struct plugin_name_args *info)
{
  size_t name_len = strlen (info->base_name);
  struct plugin_argument *args = XCNEWVEC (struct plugin_argument,
					   info->argc + 1);
  int n = 0;
  for (unsigned i = 0; i < save_decoded_options_count; i++)
    {
      const cl_decoded_option *o = &save_decoded_options[i];
      if (o->opt_index != OPT_fplugin_arg_ || !o->arg
	  || strncmp (o->arg, info->base_name, name_len) != 0
	  || o->arg[name_len] != '-')
	continue;
      const char *key = o->arg + name_len + 1;
      const char *eq = strchr (key, '=');
      if (n == info->argc
	  || strncmp (info->argv[n].key, key, eq ? eq - key : strlen (key))
	  || strlen (info->argv[n].key) != (eq ? (size_t) (eq - key)
						 : strlen (key)))
	{
	  n = -1;
	  break;
	}
      args[n].key = info->argv[n].key;
      args[n].value = eq ? xstrdup (eq + 1) : NULL;
      n++;
    }
  if (n == info->argc)
    return args;
  free (args);
  return info->argv;
}

/* Parse the arguments into CONFIG; false (after reporting) on a bad one.  */
static bool
read_arguments (const struct plugin_name_args *info, struct config *config)
{
  bool ok = true;
  const struct plugin_argument *argv = written_arguments (info);
  for (int i = 0; i < info->argc; i++)
    {
      /* A value GCC has cut short that could not be recovered.  */
      if (argv == info->argv && argv[i].value && strchr (argv[i].value, '='))
	{
	  error ("the value of %<-fplugin-arg-%s-%s%> contains %<=%>, which "
		 "GCC cuts short when it parses plugin arguments (it read "
		 "%qs): use a path without %<=%>, through a symbolic link "
		 "if need be [hotinline]", info->base_name, argv[i].key,
		 argv[i].value);
	  ok = false;
	  continue;
	}
      const char *problem = config_apply (config, argv[i].key,
					  argv[i].value);
      if (problem)
	{
	  error ("%s [hotinline]", problem);
	  ok = false;
	}
    }
  /* The arguments taken together.  */
  if (ok)
    if (const char *problem = config_check (config))
      {
	error ("%s [hotinline]", problem);
	ok = false;
      }
  return ok;
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
  config_init (&the_config);
  if (!read_arguments (info, &the_config))
    return 0;
  if (the_config.print_version)
    fprintf (stderr, "hotinline %s for GCC %s\n", HOTINLINE_VERSION,
	     gcc_version.basever);
  if (the_config.print_help)
    fprintf (stderr, "hotinline %s arguments:\n%s", HOTINLINE_VERSION,
	     config_help_text);
  if (the_config.disable)
    return 0;

  the_policy = load_policies (&the_config);
  if (!the_policy)
    return 0;
  if (the_config.disregard_only)
    {
      the_only_policy = load_only_policy (&the_config);
      if (!the_only_policy)
	return 0;
    }
  deps_register (info->base_name);
  /* A policy without entries cannot match anything: its passes would only
     cost time.  It still is a dependency, and still gets its results file
     and summary.  */
  if (rule_policy_has_work (the_policy, &the_config))
    {
      force_register (info->base_name);
      surgical_register (info->base_name);
      report_register (info->base_name);
      hints_register (info->base_name);
    }
  /* GCC calls the callbacks of an event last registered first: the marks
     are taken off after the listing has seen them, before force mode puts
     back those a policy forces.  */
  disregard_register (info->base_name);
  audit_register (info->base_name);
  results_register (info->base_name);
  summary_register (info->base_name);
  listing_register (info->base_name);
  register_callback (info->base_name, PLUGIN_FINISH, hotinline_finish, NULL);
  return 0;
}
