/* Plugin argument parsing.  */
#include "config.h"
#include "suggest.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char config_help_text[] =
  "  -fplugin-arg-hotinline-policy=FILE  read the policy FILE (repeatable;"
  " entries merge)\n"
  "  -fplugin-arg-hotinline-strict       a hot function that cannot be"
  " forced is an error\n"
  "  -fplugin-arg-hotinline-disable      load the plugin but do nothing\n"
  "  -fplugin-arg-hotinline-version      print the version\n"
  "  -fplugin-arg-hotinline-help         print this list\n";

static const char *const keys[] = { "policy", "strict", "disable", "version",
				    "help", NULL };

static char message[512];

static const char *
flag (bool *field, const char *key, const char *value)
{
  if (value)
    {
      snprintf (message, sizeof message,
		"argument '%s' takes no value; write "
		"-fplugin-arg-hotinline-%s", key, key);
      return message;
    }
  *field = true;
  return NULL;
}

const char *
config_apply (struct config *c, const char *key, const char *value)
{
  if (strcmp (key, "policy") == 0)
    {
      if (!value || !*value)
	return "argument 'policy' needs a file: "
	       "-fplugin-arg-hotinline-policy=FILE";
      const char **grown = realloc (c->policies,
				    (c->n_policies + 1) * sizeof *grown);
      if (!grown)
	abort ();
      c->policies = grown;
      c->policies[c->n_policies++] = value;
      return NULL;
    }
  if (strcmp (key, "strict") == 0)
    return flag (&c->strict, key, value);
  if (strcmp (key, "disable") == 0)
    return flag (&c->disable, key, value);
  if (strcmp (key, "version") == 0)
    return flag (&c->print_version, key, value);
  if (strcmp (key, "help") == 0)
    return flag (&c->print_help, key, value);

  const char *hint = suggest_closest (key, keys);
  if (hint)
    snprintf (message, sizeof message,
	      "unknown argument '%s'; did you mean '%s'?", key, hint);
  else
    snprintf (message, sizeof message,
	      "unknown argument '%s'; known arguments: policy, strict, "
	      "disable, version, help", key);
  return message;
}

void
config_free (struct config *c)
{
  free (c->policies);
  c->policies = NULL;
  c->n_policies = 0;
}
