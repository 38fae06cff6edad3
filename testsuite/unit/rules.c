/* The decisions both front ends take from the core (rules.h): which
   entries are forced call by call, the severity of a report and of a
   forcing problem, whether a policy gives the passes work, and the file
   "files" patterns see.  Each table row is one case, as a front end
   would ask it.  */
#include <check.h>
#include <string.h>

#include "rules.h"
#include "unit/suites.h"

/* Whether an entry is forced call by call.  */
static const struct
{
  enum policy_action action;
  bool callers;			/* The entry has a "callers" scope.  */
  bool possible, all;		/* struct force_context.  */
  bool per_call;
} forced_cases[] = {
  /* Attribute strategy: only caller-scoped entries, where the compiler
     can force single calls.  */
  { POLICY_ACTION_ALWAYS_INLINE, false, true, false, false },
  { POLICY_ACTION_ALWAYS_INLINE, true, true, false, true },
  { POLICY_ACTION_ALWAYS_INLINE, true, false, false, false },
  /* Surgical, or GCC's LTO link: every entry, where it can.  */
  { POLICY_ACTION_ALWAYS_INLINE, false, true, true, true },
  { POLICY_ACTION_ALWAYS_INLINE, false, false, true, false },
  /* A report entry is never forced.  */
  { POLICY_ACTION_REPORT, true, true, true, false },
  { POLICY_ACTION_REPORT, false, true, true, false },
};

START_TEST (test_forced_per_call)
{
  struct policy_pattern caller = { 0 };
  struct policy_entry e = { 0 };
  e.action = forced_cases[_i].action;
  e.callers = forced_cases[_i].callers ? &caller : NULL;
  e.n_callers = forced_cases[_i].callers ? 1 : 0;
  struct force_context ctx = { forced_cases[_i].possible,
			       forced_cases[_i].all };
  ck_assert_msg (rule_forced_per_call (&e, &ctx) == forced_cases[_i].per_call,
		 "case %d", _i);
}
END_TEST

/* The severity of a report: -1 as config severity is "each entry's".  */
static const struct
{
  int config_severity;
  bool config_strict, entry_strict, per_call;
  enum policy_severity entry_severity, expected;
} report_cases[] = {
  { -1, false, false, false, POLICY_SEVERITY_NOTE, POLICY_SEVERITY_NOTE },
  { -1, false, false, true, POLICY_SEVERITY_WARNING, POLICY_SEVERITY_WARNING },
  { POLICY_SEVERITY_ERROR, false, false, false, POLICY_SEVERITY_NOTE,
    POLICY_SEVERITY_ERROR },
  { POLICY_SEVERITY_NOTE, false, false, false, POLICY_SEVERITY_ERROR,
    POLICY_SEVERITY_NOTE },
  /* Strict, forced call by call: the call left is an error, whatever the
     severity asked.  */
  { POLICY_SEVERITY_NOTE, true, false, true, POLICY_SEVERITY_NOTE,
    POLICY_SEVERITY_ERROR },
  { -1, false, true, true, POLICY_SEVERITY_WARNING, POLICY_SEVERITY_ERROR },
  /* Strict under the attribute: the error is at the definition, the
     report keeps its severity.  */
  { -1, true, true, false, POLICY_SEVERITY_WARNING, POLICY_SEVERITY_WARNING },
};

START_TEST (test_report_severity)
{
  struct config c;
  config_init (&c);
  c.severity = report_cases[_i].config_severity;
  c.strict = report_cases[_i].config_strict;
  struct policy_entry e = { 0 };
  e.severity = report_cases[_i].entry_severity;
  e.strict = report_cases[_i].entry_strict;
  ck_assert_int_eq (rule_report_severity (&c, &e, report_cases[_i].per_call),
		    report_cases[_i].expected);
}
END_TEST

START_TEST (test_problem_severity)
{
  struct config c;
  config_init (&c);
  struct policy_entry e = { 0 };
  e.severity = POLICY_SEVERITY_NOTE;
  ck_assert_int_eq (rule_problem_severity (&c, &e), POLICY_SEVERITY_WARNING);
  e.strict = true;
  ck_assert_int_eq (rule_problem_severity (&c, &e), POLICY_SEVERITY_ERROR);
  e.strict = false;
  c.strict = true;
  ck_assert_int_eq (rule_problem_severity (&c, &e), POLICY_SEVERITY_ERROR);
  /* severity= is for reports only.  */
  c.strict = false;
  c.severity = POLICY_SEVERITY_ERROR;
  ck_assert_int_eq (rule_problem_severity (&c, &e), POLICY_SEVERITY_WARNING);
}
END_TEST

START_TEST (test_policy_has_work)
{
  struct config c;
  config_init (&c);
  ck_assert (!rule_policy_has_work (NULL, &c));
  struct policy *p = policy_new ();
  ck_assert (!rule_policy_has_work (p, &c));
  static const char empty[] = "version: 1\n";
  ck_assert (policy_load_buffer (p, "empty.yaml", empty, strlen (empty)));
  ck_assert (!rule_policy_has_work (p, &c));
  /* Marks to record are work without a policy.  */
  c.audit = CONFIG_DISREGARD_ALWAYS_INLINE;
  ck_assert (rule_policy_has_work (p, &c));
  c.audit = CONFIG_DISREGARD_NONE;
  static const char one[] = "version: 1\nfunctions:\n  - name: f\n";
  ck_assert (policy_load_buffer (p, "one.yaml", one, strlen (one)));
  ck_assert (rule_policy_has_work (p, &c));
  policy_free (p);
  config_free (&c);
}
END_TEST

/* Which marks the results record: audit='s, the higher of it and
   disregard='s; disregard='s alone only with results.  */
static const struct
{
  enum config_disregard audit, disregard;
  bool results;
  enum config_disregard recorded;
} recorded_cases[] = {
  { CONFIG_DISREGARD_NONE, CONFIG_DISREGARD_NONE, true,
    CONFIG_DISREGARD_NONE },
  { CONFIG_DISREGARD_ALWAYS_INLINE, CONFIG_DISREGARD_NONE, true,
    CONFIG_DISREGARD_ALWAYS_INLINE },
  { CONFIG_DISREGARD_NONE, CONFIG_DISREGARD_INLINE, true,
    CONFIG_DISREGARD_INLINE },
  { CONFIG_DISREGARD_NONE, CONFIG_DISREGARD_INLINE, false,
    CONFIG_DISREGARD_NONE },
  { CONFIG_DISREGARD_ALWAYS_INLINE, CONFIG_DISREGARD_INLINE, true,
    CONFIG_DISREGARD_INLINE },
  { CONFIG_DISREGARD_INLINE, CONFIG_DISREGARD_ALWAYS_INLINE, true,
    CONFIG_DISREGARD_INLINE },
};

START_TEST (test_marks_recorded)
{
  struct config c;
  config_init (&c);
  c.audit = recorded_cases[_i].audit;
  c.disregard = recorded_cases[_i].disregard;
  c.results_dir = recorded_cases[_i].results ? "out" : NULL;
  ck_assert_int_eq (rule_marks_recorded (&c), recorded_cases[_i].recorded);
  /* The marks' entry reports, quietly, and is no policy's.  */
  const struct policy_entry *m = rule_mark_entry ();
  ck_assert (rule_is_mark_entry (m));
  ck_assert_int_eq (m->action, POLICY_ACTION_REPORT);
  struct policy_entry other = *m;
  ck_assert (!rule_is_mark_entry (&other));
  config_free (&c);
}
END_TEST

START_TEST (test_scope_file)
{
  /* At a link: the caller's own unit, not the module's.  */
  ck_assert_str_eq (rule_scope_file ("lib/a.c", "ld-temp.o"), "lib/a.c");
  /* Not known (no debug information at the link), or one unit.  */
  ck_assert_str_eq (rule_scope_file (NULL, "lib/b.c"), "lib/b.c");
  ck_assert_str_eq (rule_scope_file ("", "lib/b.c"), "lib/b.c");
}
END_TEST

/* Whose marks are disregarded: with disregard-only, the functions its
   policy names, by any of their forms, within its files scopes.  */
START_TEST (test_disregards)
{
  struct config c;
  config_init (&c);
  const char *plain[] = { "fill" };
  const char *cxx[] = { "_ZN2ns4fillEv", "ns::fill()", "ns::fill", "fill" };
  ck_assert (!rule_disregards (&c, NULL, plain, 1, "a.c"));
  c.disregard = CONFIG_DISREGARD_ALWAYS_INLINE;
  ck_assert (rule_disregards (&c, NULL, plain, 1, "a.c"));
  struct policy *only = policy_new ();
  static const char text[] = "version: 1\nfunctions:\n"
			     "  - name: ns::fill\n"
			     "  - name: \"mark_*\"\n    files: [\"lib/*.c\"]\n";
  ck_assert (policy_load_buffer (only, "only.yaml", text, strlen (text)));
  c.disregard_only = "only.yaml";
  ck_assert (!rule_disregards (&c, only, plain, 1, "a.c"));
  ck_assert (rule_disregards (&c, only, cxx, 4, "a.cc"));
  const char *marked[] = { "mark_one" };
  ck_assert (rule_disregards (&c, only, marked, 1, "lib/x.c"));
  ck_assert (!rule_disregards (&c, only, marked, 1, "src/x.c"));
  /* A policy that did not load disregards nothing.  */
  ck_assert (!rule_disregards (&c, NULL, marked, 1, "lib/x.c"));
  policy_free (only);
}
END_TEST

Suite *
rules_suite (void)
{
  Suite *s = runner_suite ("Front-end rules");
  TCase *tc = runner_tcase ("Rules");
  tcase_add_loop_test (tc, test_forced_per_call, 0,
		       sizeof forced_cases / sizeof forced_cases[0]);
  tcase_add_loop_test (tc, test_report_severity, 0,
		       sizeof report_cases / sizeof report_cases[0]);
  tcase_add_test (tc, test_problem_severity);
  tcase_add_test (tc, test_policy_has_work);
  tcase_add_test (tc, test_scope_file);
  tcase_add_test (tc, test_disregards);
  tcase_add_loop_test (tc, test_marks_recorded, 0,
		       sizeof recorded_cases / sizeof *recorded_cases);
  runner_add_tcase (s, tc);
  return s;
}
