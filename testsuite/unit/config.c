/* The plugin's arguments, apart from any compiler: what each set of
   arguments makes of struct config, the exact message for each mistake,
   and the help text that lists them.  */
#define _GNU_SOURCE
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "config.h"
#include "policy.h"
#include "unit/suites.h"

#define PREFIX "-fplugin-arg-hotinline-"

/* C as the arguments that set it would write it, without the defaults:
   "policy=a.yaml severity=error quiet".  */
static const char *
describe (const struct config *c)
{
  static char buf[1024];
  size_t len = 0;
#define PUT(...) \
  len += (size_t) snprintf (buf + len, sizeof buf - len, __VA_ARGS__)
  buf[0] = '\0';
  for (size_t i = 0; i < c->n_policies; i++)
    PUT (" policy=%s", c->policies[i]);
  for (size_t i = 0; i < c->n_locks; i++)
    PUT (" lock=%s", c->locks[i]);
  if (c->severity >= 0)
    PUT (" severity=%s",
	 policy_severity_name ((enum policy_severity) c->severity));
  if (c->strategy == CONFIG_STRATEGY_SURGICAL)
    PUT (" strategy=surgical");
  if (c->no_werror)
    PUT (" no-werror");
  if (c->strict)
    PUT (" strict");
  if (c->quiet)
    PUT (" quiet");
  if (c->summary)
    PUT (" summary");
  if (c->results_dir)
    PUT (" results=%s", c->results_dir);
  if (c->cache_dir)
    PUT (" cache=%s", c->cache_dir);
  if (c->no_cache)
    PUT (" no-cache");
  if (c->list_file)
    PUT (" list=%s", c->list_file);
  if (strcmp (c->list_attribute, "always_inline") != 0)
    PUT (" list-attribute=%s", c->list_attribute);
  if (c->list_by_name)
    PUT (" list-by-name");
  if (c->disregard != CONFIG_DISREGARD_NONE)
    PUT (" disregard=%s", c->disregard == CONFIG_DISREGARD_INLINE
			  ? "inline" : "always_inline");
  if (c->disregard_only)
    PUT (" disregard-only=%s", c->disregard_only);
  if (c->audit != CONFIG_DISREGARD_NONE)
    PUT (" audit=%s", c->audit == CONFIG_DISREGARD_INLINE
		      ? "inline" : "always_inline");
  if (c->disable)
    PUT (" disable");
  if (c->print_version)
    PUT (" version");
  if (c->print_help)
    PUT (" help");
#undef PUT
  return buf[0] ? buf + 1 : buf;
}

/* Arguments as the compiler gives them ("KEY" or "KEY=VALUE"), applied
   in order, and either the configuration they make (as describe writes
   it) or the message of the first one refused.  */
static const struct config_case
{
  const char *args[4];
  const char *config;
  const char *error;
} config_cases[] = {
  { { NULL }, "", NULL },
  /* Each argument sets its own field.  */
  { { "policy=hot.yaml" }, "policy=hot.yaml", NULL },
  { { "policy=a.yaml", "policy=b.yaml" }, "policy=a.yaml policy=b.yaml",
    NULL },
  { { "policy=dir/a=b.yaml" }, "policy=dir/a=b.yaml", NULL },
  /* Locks are kept apart from the policies, in their order.  */
  { { "lock=b.lock.yaml", "policy=a.yaml", "lock=c.lock.yaml" },
    "policy=a.yaml lock=b.lock.yaml lock=c.lock.yaml", NULL },
  { { "severity=note" }, "severity=note", NULL },
  { { "severity=warning" }, "severity=warning", NULL },
  { { "severity=error" }, "severity=error", NULL },
  { { "strategy=surgical" }, "strategy=surgical", NULL },
  { { "strategy=surgical", "strategy=attribute" }, "", NULL },
  { { "no-werror" }, "no-werror", NULL },
  { { "strict" }, "strict", NULL },
  { { "quiet" }, "quiet", NULL },
  { { "summary" }, "summary", NULL },
  { { "results=out" }, "results=out", NULL },
  { { "cache=/var/cache/h" }, "cache=/var/cache/h", NULL },
  { { "no-cache" }, "no-cache", NULL },
  { { "list=listed.yaml" }, "list=listed.yaml", NULL },
  { { "list-attribute=hot" }, "list-attribute=hot", NULL },
  { { "list-by-name" }, "list-by-name", NULL },
  { { "disregard=always_inline" }, "disregard=always_inline", NULL },
  { { "disregard=inline" }, "disregard=inline", NULL },
  { { "disregard=inline", "disregard-only=marks.yaml" },
    "disregard=inline disregard-only=marks.yaml", NULL },
  { { "audit=always_inline" }, "audit=always_inline", NULL },
  { { "audit=inline", "results=out" }, "results=out audit=inline", NULL },
  { { "disable" }, "disable", NULL },
  { { "version" }, "version", NULL },
  { { "help" }, "help", NULL },
  /* The last of a repeated argument wins; the others keep theirs.  */
  { { "severity=note", "quiet", "severity=error" }, "severity=error quiet",
    NULL },
  { { "results=a", "results=b", "list-by-name" }, "results=b list-by-name",
    NULL },
  /* Misspelt arguments, with a suggestion when one is close.  */
  { { "polcy=hot.yaml" }, NULL,
    "unknown argument 'polcy'; did you mean 'policy'?" },
  { { "policy=a.yaml", "strcit" }, NULL,
    "unknown argument 'strcit'; did you mean 'strict'?" },
  { { "sumary" }, NULL, "unknown argument 'sumary'; did you mean 'summary'?" },
  { { "no-cahce" }, NULL,
    "unknown argument 'no-cahce'; did you mean 'no-cache'?" },
  { { "list-atribute=hot" }, NULL,
    "unknown argument 'list-atribute'; did you mean 'list-attribute'?" },
  { { "frobnicate" }, NULL,
    "unknown argument 'frobnicate'; see " PREFIX "help" },
  /* Values missing, empty, unexpected or not among the choices.  */
  { { "policy" }, NULL,
    "argument 'policy' needs a file: " PREFIX "policy=FILE" },
  { { "policy=" }, NULL,
    "argument 'policy' needs a file: " PREFIX "policy=FILE" },
  { { "results" }, NULL,
    "argument 'results' needs a directory: " PREFIX "results=DIR" },
  { { "cache=" }, NULL,
    "argument 'cache' needs a directory: " PREFIX "cache=DIR" },
  { { "list" }, NULL, "argument 'list' needs a file: " PREFIX "list=FILE" },
  { { "list-attribute=" }, NULL,
    "argument 'list-attribute' needs an attribute name: "
    PREFIX "list-attribute=A" },
  { { "severity=fatal" }, NULL,
    "argument 'severity' expects note, warning or error, found 'fatal'" },
  { { "severity" }, NULL,
    "argument 'severity' expects note, warning or error, found ''" },
  { { "strategy=inline" }, NULL,
    "argument 'strategy' expects attribute or surgical, found 'inline'" },
  { { "disregard=noinline" }, NULL,
    "argument 'disregard' expects always_inline or inline, found "
    "'noinline'" },
  { { "disregard-only" }, NULL,
    "argument 'disregard-only' needs a file: " PREFIX "disregard-only=FILE" },
  { { "audit=hot" }, NULL,
    "argument 'audit' expects always_inline or inline, found 'hot'" },
  { { "strict=yes" }, NULL,
    "argument 'strict' takes no value; write " PREFIX "strict" },
  { { "help=" }, NULL, "argument 'help' takes no value; write " PREFIX "help" },
};

/* Apply ARG ("KEY" or "KEY=VALUE") to C; the key is cut from *COPY.  */
static const char *
apply (struct config *c, const char *arg, char **copy)
{
  *copy = strdup (arg);
  ck_assert_ptr_nonnull (*copy);
  char *eq = strchr (*copy, '=');
  if (eq)
    *eq = '\0';
  return config_apply (c, *copy, eq ? eq + 1 : NULL);
}

START_TEST (test_config_table)
{
  const struct config_case *t = &config_cases[_i];
  struct config c;
  char *copies[4] = { NULL };
  const char *error = NULL;
  config_init (&c);
  for (int i = 0; i < 4 && t->args[i] && !error; i++)
    error = apply (&c, t->args[i], &copies[i]);
  if (t->error)
    ck_assert_str_eq (error ? error : "(accepted)", t->error);
  else
    {
      ck_assert_msg (!error, "%s: %s", t->args[0], error);
      ck_assert_str_eq (describe (&c), t->config);
    }
  config_free (&c);
  for (int i = 0; i < 4; i++)
    free (copies[i]);
}
END_TEST

/* Every argument help lists is one the parser knows, and takes a value
   exactly when help shows one.  */
START_TEST (test_help_lists_every_argument_the_parser_takes)
{
  char *help = strdup (config_help_text);
  ck_assert_ptr_nonnull (help);
  size_t listed = 0;
  for (char *line = strtok (help, "\n"); line; line = strtok (NULL, "\n"))
    {
      if (strncmp (line, "  " PREFIX, strlen ("  " PREFIX)) != 0)
	continue;
      char *key = line + strlen ("  " PREFIX);
      key[strcspn (key, " ")] = '\0';
      char *eq = strchr (key, '=');
      if (eq)
	*eq = '\0';
      struct config c;
      config_init (&c);
      const char *bare = config_apply (&c, key, NULL);
      if (eq)
	ck_assert_msg (bare && strstr (bare, "unknown") == NULL,
		       "'%s' without a value: %s", key,
		       bare ? bare : "(accepted)");
      else
	{
	  ck_assert_msg (!bare, "'%s': %s", key, bare);
	  const char *valued = config_apply (&c, key, "x");
	  ck_assert_msg (valued && strstr (valued, "takes no value"),
			 "'%s=x': %s", key, valued ? valued : "(accepted)");
	}
      config_free (&c);
      listed++;
    }
  free (help);
  /* As many as describe () knows fields for.  */
  ck_assert_uint_eq (listed, 20);
}
END_TEST

/* Each argument's description starts at one column, or two spaces after
   a longer argument; its further lines are indented to that column.  */
START_TEST (test_help_is_aligned_in_two_columns)
{
  enum { COLUMN = 38 };
  const char *text = config_help_text;
  size_t n_lines = 0;
  ck_assert_msg (strlen (text) > 0 && text[strlen (text) - 1] == '\n',
		 "%s", text);
  for (const char *line = text; *line; line = strchr (line, '\n') + 1)
    {
      size_t len = strcspn (line, "\n");
      n_lines++;
      ck_assert_msg (len > COLUMN, "%.*s", (int) len, line);
      if (line[2] == '-')
	{
	  size_t arg = 2 + strcspn (line + 2, " ");
	  size_t desc = arg + strspn (line + arg, " ");
	  ck_assert_msg (desc == (arg + 2 <= COLUMN ? COLUMN : arg + 2),
			 "%.*s", (int) len, line);
	}
      else
	ck_assert_msg (strspn (line, " ") == COLUMN, "%.*s", (int) len,
		       line);
    }
  ck_assert_uint_eq (n_lines, 20 + 11);
  ck_assert_ptr_nonnull (strstr (text, "  " PREFIX "policy=FILE  read the "
				 "policy FILE (repeatable; entries merge)\n"));
  ck_assert_ptr_nonnull (strstr (text, "  " PREFIX "help         print this "
				 "list\n"));
}
END_TEST

/* What an LTO link, replaying a unit's arguments, leaves out (what one
   compilation lists or prints; the results the link writes itself) and
   makes absolute (paths it keeps).  */
static const struct
{
  const char *key;
  bool per_unit, path;
} scope_cases[] = {
  { "policy", false, true },
  { "lock", false, true },
  { "cache", false, true },
  { "results", false, true },
  { "list", true, true },
  { "list-attribute", true, false },
  { "list-by-name", true, false },
  { "summary", true, false },
  { "version", true, false },
  { "help", true, false },
  { "severity", false, false },
  { "strategy", false, false },
  { "no-werror", false, false },
  { "strict", false, false },
  { "quiet", false, false },
  { "no-cache", false, false },
  { "disable", false, false },
  { "disregard", false, false },
  { "disregard-only", false, true },
  { "polcy", false, false },
};

START_TEST (test_scope_table)
{
  ck_assert_msg (config_key_per_unit (scope_cases[_i].key)
		 == scope_cases[_i].per_unit, "%s", scope_cases[_i].key);
  ck_assert_msg (config_key_is_path (scope_cases[_i].key)
		 == scope_cases[_i].path, "%s", scope_cases[_i].key);
}
END_TEST

/* The arguments taken together.  */
START_TEST (test_check_across_arguments)
{
  struct config c;
  config_init (&c);
  ck_assert_ptr_null (config_check (&c));
  c.disregard_only = "marks.yaml";
  ck_assert_str_eq (config_check (&c), "argument 'disregard-only' needs the "
		    "marks to disregard: " PREFIX "disregard=always_inline or "
		    PREFIX "disregard=inline");
  c.disregard = CONFIG_DISREGARD_ALWAYS_INLINE;
  ck_assert_ptr_null (config_check (&c));
  /* The audit's records go into the results.  */
  c.audit = CONFIG_DISREGARD_INLINE;
  ck_assert_str_eq (config_check (&c), "argument 'audit' records the marks "
		    "in the results: give " PREFIX "results=DIR too");
  c.results_dir = "out";
  ck_assert_ptr_null (config_check (&c));
}
END_TEST

Suite *
config_suite (void)
{
  Suite *s = runner_suite ("Plugin arguments");
  TCase *tc = runner_tcase ("Arguments");
  tcase_add_loop_test (tc, test_config_table, 0,
		       sizeof config_cases / sizeof *config_cases);
  tcase_add_loop_test (tc, test_scope_table, 0,
		       sizeof scope_cases / sizeof *scope_cases);
  tcase_add_test (tc, test_check_across_arguments);
  runner_add_tcase (s, tc);
  tc = runner_tcase ("Help");
  tcase_add_test (tc, test_help_lists_every_argument_the_parser_takes);
  tcase_add_test (tc, test_help_is_aligned_in_two_columns);
  runner_add_tcase (s, tc);
  return s;
}
