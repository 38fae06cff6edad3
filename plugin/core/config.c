/* Plugin argument parsing.  */
#include "config.h"
#include "policy.h"
#include "suggest.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char config_help_text[] =
  "  -fplugin-arg-hotinline-policy=FILE  read the policy FILE (repeatable;"
  " entries merge)\n"
  "  -fplugin-arg-hotinline-severity=S   report declined hot calls as S"
  " (note, warning or error)\n"
  "                                      whatever the entries say\n"
  "  -fplugin-arg-hotinline-no-werror    hotinline's warnings stay warnings"
  " under -Werror\n"
  "  -fplugin-arg-hotinline-strategy=S   force always_inline entries by"
  " 'attribute' (as by hand)\n"
  "                                      or 'surgical' (only the calls GCC"
  " declined)\n"
  "  -fplugin-arg-hotinline-strict       a hot function that cannot be"
  " forced is an error\n"
  "  -fplugin-arg-hotinline-quiet        print only errors\n"
  "  -fplugin-arg-hotinline-summary      print a summary for each unit\n"
  "  -fplugin-arg-hotinline-results=DIR  write each unit's results to DIR"
  " as JSON\n"
  "  -fplugin-arg-hotinline-cache=DIR    keep compiled policies in DIR"
  " (default: $HOTINLINE_CACHE_DIR,\n"
  "                                      else ~/.cache/hotinline)\n"
  "  -fplugin-arg-hotinline-no-cache     parse the policies every time\n"
  "  -fplugin-arg-hotinline-list=FILE    add the functions marked"
  " always_inline in the source\n"
  "                                      to the policy FILE (one entry per"
  " overload)\n"
  "  -fplugin-arg-hotinline-list-attribute=A  list the functions with"
  " attribute A instead\n"
  "  -fplugin-arg-hotinline-list-by-name list C++ functions by qualified"
  " name, overloads together\n"
  "  -fplugin-arg-hotinline-disable      load the plugin but do nothing\n"
  "  -fplugin-arg-hotinline-version      print the version\n"
  "  -fplugin-arg-hotinline-help         print this list\n";

static const char *const keys[] = { "policy", "severity", "strategy",
				    "no-werror", "strict", "quiet", "summary",
				    "results", "cache", "no-cache", "disable", "version", "help",
				    "list", "list-attribute", "list-by-name",
				    NULL };
static const char *const severities[] = { "note", "warning", "error", NULL };

static char message[512];

void
config_init (struct config *c)
{
  memset (c, 0, sizeof *c);
  c->severity = -1;
  c->list_attribute = "always_inline";
}

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

static const char *
severity (struct config *c, const char *value)
{
  for (int i = 0; value && severities[i]; i++)
    if (strcmp (value, severities[i]) == 0)
      {
	c->severity = i;
	return NULL;
      }
  snprintf (message, sizeof message,
	    "argument 'severity' expects note, warning or error, found "
	    "'%s'", value ? value : "");
  return message;
}

static const char *
strategy (struct config *c, const char *value)
{
  if (value && strcmp (value, "attribute") == 0)
    c->strategy = CONFIG_STRATEGY_ATTRIBUTE;
  else if (value && strcmp (value, "surgical") == 0)
    c->strategy = CONFIG_STRATEGY_SURGICAL;
  else
    {
      snprintf (message, sizeof message,
		"argument 'strategy' expects attribute or surgical, found "
		"'%s'", value ? value : "");
      return message;
    }
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
  if (strcmp (key, "severity") == 0)
    return severity (c, value);
  if (strcmp (key, "results") == 0)
    {
      if (!value || !*value)
	return "argument 'results' needs a directory: "
	       "-fplugin-arg-hotinline-results=DIR";
      c->results_dir = value;
      return NULL;
    }
  if (strcmp (key, "cache") == 0)
    {
      if (!value || !*value)
	return "argument 'cache' needs a directory: "
	       "-fplugin-arg-hotinline-cache=DIR";
      c->cache_dir = value;
      return NULL;
    }
  if (strcmp (key, "list") == 0)
    {
      if (!value || !*value)
	return "argument 'list' needs a file: "
	       "-fplugin-arg-hotinline-list=FILE";
      c->list_file = value;
      return NULL;
    }
  if (strcmp (key, "list-attribute") == 0)
    {
      if (!value || !*value)
	return "argument 'list-attribute' needs an attribute name: "
	       "-fplugin-arg-hotinline-list-attribute=NAME";
      c->list_attribute = value;
      return NULL;
    }
  if (strcmp (key, "list-by-name") == 0)
    return flag (&c->list_by_name, key, value);
  if (strcmp (key, "no-cache") == 0)
    return flag (&c->no_cache, key, value);
  if (strcmp (key, "strategy") == 0)
    return strategy (c, value);
  if (strcmp (key, "no-werror") == 0)
    return flag (&c->no_werror, key, value);
  if (strcmp (key, "strict") == 0)
    return flag (&c->strict, key, value);
  if (strcmp (key, "quiet") == 0)
    return flag (&c->quiet, key, value);
  if (strcmp (key, "summary") == 0)
    return flag (&c->summary, key, value);
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
	      "unknown argument '%s'; see -fplugin-arg-hotinline-help", key);
  return message;
}

void
config_free (struct config *c)
{
  free (c->policies);
  c->policies = NULL;
  c->n_policies = 0;
}
