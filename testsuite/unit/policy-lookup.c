/* Unit tests of the policy lookup (policy.c): which entry a function, its
   caller and its unit find, scopes, locks after policies, and clones
   looked up as the function they copy (clone-names.c).  */
#define _GNU_SOURCE
#include <check.h>
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <limits.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include "policy.h"
#include "cxx-names.h"
#include "policy-internal.h"
#include "suggest.h"
#include "unit/suites.h"
#include "unit/policy-helpers.h"

START_TEST (test_exact_name_beats_an_earlier_glob)
{
  struct policy *p = load_lookup_policy ();
  const struct policy_entry *e = policy_lookup (p, "xas_load", NULL, NULL);
  ck_assert_ptr_nonnull (e);
  ck_assert_str_eq (e->name.text, "xas_load");
  ck_assert_int_eq (e->action, POLICY_ACTION_ALWAYS_INLINE);
  ck_assert_uint_eq (found_line (p, "xas_store", NULL, NULL), 3);
  policy_free (p);
}
END_TEST

START_TEST (test_first_matching_glob_in_policy_order_wins)
{
  struct policy *p = load_lookup_policy ();
  /* "xas_find_load" matches both "xas_*" and "*_load".  */
  ck_assert_uint_eq (found_line (p, "xas_find_load", NULL, NULL), 3);
  ck_assert_uint_eq (found_line (p, "page_load", NULL, NULL), 7);
  policy_free (p);
}
END_TEST

START_TEST (test_first_glob_wins_across_files)
{
  struct policy *p = policy_new ();
  const char *a = "version: 1\nfunctions:\n  - name: \"*_unlock_*\"\n";
  const char *b = "version: 1\nfunctions:\n  - name: \"spin_*\"\n"
		  "    action: always_inline\n";
  ck_assert (policy_load_buffer (p, "a.yaml", a, strlen (a)));
  ck_assert (policy_load_buffer (p, "b.yaml", b, strlen (b)));
  const struct policy_entry *e
    = policy_lookup (p, "spin_unlock_irq", NULL, NULL);
  ck_assert_str_eq (e->loc.file, "a.yaml");
  e = policy_lookup (p, "spin_lock", NULL, NULL);
  ck_assert_str_eq (e->loc.file, "b.yaml");
  policy_free (p);
}
END_TEST

/* The rule both compilers apply to a function known by several name
   forms (most specific first): an exact name beats a glob whatever form
   each matches; among exact names, or among globs, the more specific form
   wins; within one form, policy order.  POLICY's entries are named by
   their action's first letter in the answer: the entry that governs, as
   its line in the policy, or 0 for none.  */
static const char *const cxx_forms[] = { "_ZN2ns3bigEi", "ns::big(int)",
					  "ns::big", "big" };
static const struct
{
  const char *entries;		/* One name per line.  */
  unsigned line;		/* The governing entry's name line, or 0.  */
} forms_cases[] = {
  /* The pair: a glob on the qualified name, an exact identifier.  */
  { "ns::*\nbig\n", 2 },
  { "big\nns::b*\n", 1 },
  /* Exact names: the more specific form, in either order.  */
  { "big\nns::big\n", 2 },
  { "ns::big\nbig\n", 1 },
  { "ns::big\nns::big(int)\n", 2 },
  { "big\n_ZN2ns3bigEi\n", 2 },
  /* Globs: the more specific form; within one, the first.  */
  { "b*\nns::b*\n", 2 },
  { "ns::b*\nb*\n", 1 },
  { "ns::b*\nns::bi*\n", 1 },
  { "ns::bi*\nns::b*\n", 1 },
  { "*\nns::b*\n", 1 },
  /* One entry, any form; none.  */
  { "_ZN2ns3b*\n", 1 },
  { "small\nns::*::big\n", 0 },
};

START_TEST (test_lookup_forms_is_the_rule_of_both_compilers)
{
  char yaml[512] = "version: 1\nfunctions:\n";
  const char *name = forms_cases[_i].entries;
  while (*name)
    {
      size_t len = strcspn (name, "\n");
      snprintf (yaml + strlen (yaml), sizeof yaml - strlen (yaml),
		"  - name: \"%.*s\"\n", (int) len, name);
      name += len + 1;
    }
  struct policy *p = policy_new ();
  ck_assert_msg (policy_load_buffer (p, "forms.yaml", yaml, strlen (yaml)),
		 "%s", yaml);
  const struct policy_entry *e
    = policy_lookup_forms (p, cxx_forms, 4, "ns::walk", "walk.cc");
  unsigned want = forms_cases[_i].line;
  if (!want)
    ck_assert_msg (!e, "%s: entry %s governs, none should", yaml,
		   e ? e->name.text : "");
  else
    ck_assert_msg (e && e->name_loc.line == want + 2,
		   "%s: entry at line %u governs, the one at line %u should",
		   yaml, e ? e->name_loc.line : 0, want + 2);
  /* One form is policy_lookup itself.  */
  ck_assert_ptr_eq (policy_lookup_forms (p, cxx_forms + 3, 1, NULL, NULL),
		    policy_lookup (p, "big", NULL, NULL));
  policy_free (p);
}
END_TEST

START_TEST (test_unmentioned_function_has_no_entry)
{
  struct policy *p = load_lookup_policy ();
  ck_assert_ptr_null (policy_lookup (p, "memcpy", "main", "lib/xarray.c"));
  ck_assert_ptr_null (policy_lookup (p, "xa_loa", NULL, NULL));
  ck_assert_ptr_null (policy_lookup (p, "", NULL, NULL));
  policy_free (p);
}
END_TEST

START_TEST (test_files_scope_limits_an_entry_to_matching_units)
{
  struct policy *p = load_lookup_policy ();
  ck_assert_uint_eq (found_line (p, "xa_load", NULL, "lib/xarray.c"), 9);
  ck_assert_uint_eq (found_line (p, "xa_load", NULL,
				 "../linux/lib/xarray.c"), 9);
  ck_assert_uint_eq (found_line (p, "xa_load", NULL, "/abs/lib/xarray.c"),
		     9);
  /* Not in scope: the next exact entry that applies.  */
  ck_assert_uint_eq (found_line (p, "xa_load", NULL, "mylib/xarray.c"), 13);
  ck_assert_uint_eq (found_line (p, "xa_load", NULL, "lib/idr.c"), 13);
  /* Globs are scoped the same way.  */
  ck_assert_uint_eq (found_line (p, "slot_free", NULL, "mm/slab.c"), 15);
  ck_assert_uint_eq (found_line (p, "slot_free", NULL,
				 "/src/lib/radix-tree.c"), 15);
  ck_assert_uint_eq (found_line (p, "slot_free", NULL, "mm/sub/slab.c"), 0);
  policy_free (p);
}
END_TEST

START_TEST (test_callers_scope_limits_an_entry_to_matching_callers)
{
  struct policy *p = load_lookup_policy ();
  ck_assert_uint_eq (found_line (p, "xa_load", "radix_tree_lookup",
				 "lib/idr.c"), 11);
  ck_assert_uint_eq (found_line (p, "xa_load", "idr_find", "lib/idr.c"), 11);
  ck_assert_uint_eq (found_line (p, "xa_load", "idr_find_next",
				 "lib/idr.c"), 13);
  ck_assert_uint_eq (found_line (p, "slot_free", "walk_tree", "a.c"), 17);
  ck_assert_uint_eq (found_line (p, "slot_free", "walk_trees", "a.c"), 0);
  policy_free (p);
}
END_TEST

START_TEST (test_callers_scope_beats_an_earlier_entry_without_one)
{
  struct policy *p = load_lookup_policy ();
  /* Both the files-scoped (line 9) and the callers-scoped (line 11) entry
     apply: the one that names the caller wins.  */
  ck_assert_uint_eq (found_line (p, "xa_load", "idr_find", "lib/xarray.c"),
		     11);
  /* Another caller: the files scope, then policy order.  */
  ck_assert_uint_eq (found_line (p, "xa_load", "xa_find", "lib/xarray.c"),
		     9);
  policy_free (p);
}
END_TEST

/* A lock given after the project's policy: its entries for single callers
   govern those calls, whatever the policy says of the function as a
   whole; an exact name still beats a glob, scoped or not.  */
START_TEST (test_lock_after_a_policy_governs_the_callers_it_names)
{
  struct policy *p = policy_new ();
  const char *policy = "version: 1\nfunctions:\n"
		       "  - {name: walk, action: report}\n"
		       "  - {name: \"page_*\", action: report}\n"
		       "  - {name: slot, action: always_inline}\n";
  const char *lock = "version: 1\nfunctions:\n"
		     "  - {name: walk, callers: lookup, action: always_inline}\n"
		     "  - {name: page_get, callers: [lookup], "
		     "action: always_inline}\n"
		     "  - {name: \"slo*\", callers: lookup, action: report}\n"
		     "  - {name: \"page_*\", callers: find, "
		     "action: always_inline}\n";
  ck_assert (policy_load_buffer (p, "hot.yaml", policy, strlen (policy)));
  ck_assert (policy_load_buffer (p, "hot.lock.yaml", lock, strlen (lock)));
  static const struct
  {
    const char *function, *caller, *file;
    unsigned line;
  } cases[] = {
    { "walk", "lookup", "hot.lock.yaml", 3 },
    { "walk", "other", "hot.yaml", 3 },
    { "walk", NULL, "hot.yaml", 3 },
    { "page_get", "lookup", "hot.lock.yaml", 4 },
    { "page_put", "lookup", "hot.yaml", 4 },
    { "page_put", "find", "hot.lock.yaml", 6 },
    { "slot", "lookup", "hot.yaml", 5 },	/* Exact beats a scoped glob.  */
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
    {
      const struct policy_entry *e
	= policy_lookup (p, cases[i].function, cases[i].caller, "a.c");
      ck_assert_msg (e && !strcmp (e->loc.file, cases[i].file)
		     && e->name_loc.line == cases[i].line,
		     "%s from %s: %s:%u governs, %s:%u should",
		     cases[i].function, cases[i].caller ? cases[i].caller : "?",
		     e ? e->loc.file : "none", e ? e->name_loc.line : 0,
		     cases[i].file, cases[i].line);
    }
  policy_free (p);
}
END_TEST

START_TEST (test_unknown_unit_or_caller_skips_scoped_entries)
{
  struct policy *p = load_lookup_policy ();
  ck_assert_uint_eq (found_line (p, "xa_load", NULL, NULL), 13);
  ck_assert_uint_eq (found_line (p, "slot_free", NULL, NULL), 0);
  ck_assert_uint_eq (found_line (p, "slot_free", NULL, "mm/slab.c"), 15);
  ck_assert_uint_eq (found_line (p, "slot_free", "walk_tree", NULL), 17);
  policy_free (p);
}
END_TEST

START_TEST (test_scoped_exact_entry_that_does_not_apply_falls_back_to_a_glob)
{
  struct policy *p = load_ok ("version: 1\n"
			      "functions:\n"
			      "  - name: \"xa_*\"\n"
			      "  - name: xa_store\n"
			      "    files: lib/xarray.c\n");
  ck_assert_uint_eq (found_line (p, "xa_store", NULL, "lib/xarray.c"), 4);
  ck_assert_uint_eq (found_line (p, "xa_store", NULL, "lib/idr.c"), 3);
  ck_assert_uint_eq (found_line (p, "xa_store", NULL, NULL), 3);
  policy_free (p);
}
END_TEST

START_TEST (test_entry_scope_functions_agree_with_lookup)
{
  struct policy *p = load_lookup_policy ();
  const struct policy_entry *files = policy_entry_at (p, 3);
  const struct policy_entry *callers = policy_entry_at (p, 4);
  const struct policy_entry *open = policy_entry_at (p, 5);
  ASSERT_LOC (files->name_loc, 9, 11);
  ck_assert (policy_entry_applies_to_unit (files, "lib/xarray.c"));
  ck_assert (!policy_entry_applies_to_unit (files, "lib/idr.c"));
  ck_assert (!policy_entry_applies_to_unit (files, NULL));
  ck_assert (policy_entry_applies_to_caller (files, NULL));
  ck_assert (policy_entry_applies_to_caller (callers, "radix_tree_lookup"));
  ck_assert (policy_entry_applies_to_caller (callers,
					     "radix_tree_lookup.part.0"));
  ck_assert (!policy_entry_applies_to_caller (callers, "xa_find"));
  ck_assert (!policy_entry_applies_to_caller (callers, NULL));
  ck_assert (policy_entry_applies_to_unit (callers, NULL));
  ck_assert (policy_entry_applies_to_unit (open, NULL));
  ck_assert (policy_entry_applies_to_caller (open, NULL));
  policy_free (p);
}
END_TEST

START_TEST (test_policy_mentions_ignores_scope)
{
  struct policy *p = load_lookup_policy ();
  ck_assert (policy_mentions (p, "xa_load"));
  ck_assert (policy_mentions (p, "slot_free"));
  ck_assert (policy_mentions (p, "xas_anything"));
  ck_assert (policy_mentions (p, "page_load"));
  ck_assert (!policy_mentions (p, "memcpy"));
  ck_assert (!policy_mentions (p, "xa_store"));
  policy_free (p);
}
END_TEST

START_TEST (test_action_and_severity_names)
{
  ck_assert_str_eq (policy_action_name (POLICY_ACTION_REPORT), "report");
  ck_assert_str_eq (policy_action_name (POLICY_ACTION_ALWAYS_INLINE),
		    "always_inline");
  ck_assert_str_eq (policy_severity_name (POLICY_SEVERITY_NOTE), "note");
  ck_assert_str_eq (policy_severity_name (POLICY_SEVERITY_WARNING),
		    "warning");
  ck_assert_str_eq (policy_severity_name (POLICY_SEVERITY_ERROR), "error");
}
END_TEST

/* Clone suffixes.  */

/* Names and the function each names, under the one clone rule
   (clone-names.h).  */
static const struct clone_case
{
  const char *name, *base;
} clone_cases[] = {
  /* GCC's suffixes, alone and combined.  */
  { "xas_descend.constprop.0", "xas_descend" },
  { "xas_descend.part.0", "xas_descend" },
  { "xas_descend.cold", "xas_descend" },
  { "xas_descend.isra.0", "xas_descend" },
  { "xas_descend.lto_priv.0", "xas_descend" },
  { "xas_descend.localalias", "xas_descend" },
  { "xas_descend.isra.0.constprop.0", "xas_descend" },
  { "xas_descend.constprop.0.isra.0", "xas_descend" },
  { "hash.part.0.isra", "hash" },
  /* LLVM's, and its numbered renames of internal functions.  */
  { "xas_descend.llvm.123456", "xas_descend" },
  { "xas_descend.cold.1", "xas_descend" },
  { "xas_descend.specialized.1", "xas_descend" },
  { "xas_descend.1", "xas_descend" },
  /* Mangled names with a suffix.  */
  { "_ZN2ns1S4walkEv.isra.0", "_ZN2ns1S4walkEv" },
  { "_Z4walkILb0EEiPKii.constprop.0", "_Z4walkILb0EEiPKii" },
  { "_ZN12_GLOBAL__N_14stepEv.llvm.987", "_ZN12_GLOBAL__N_14stepEv" },
  /* The demangler's spelling of a suffix.  */
  { "foo(int) [clone .constprop.0]", "foo(int)" },
  { "S::f() const [clone .isra.0] [clone .cold]", "S::f() const" },
  /* Qualified names and C++ forms with a suffix.  */
  { "walk<false>.constprop.0", "walk<false>" },
  { "ns::S::walk<1.5>.part.0", "ns::S::walk<1.5>" },
  { "operator<.constprop.0", "operator<" },
  { "operator<<.isra.0", "operator<<" },
  { "operator>>=.part.0", "operator>>=" },
  { "operator->.cold", "operator->" },
  { "operator().constprop.0", "operator()" },
  { "S::operator<=>.1", "S::operator<=>" },
  { "operator< <int>.constprop.0", "operator< <int>" },
  /* Dots that are part of the name.  */
  { "f(int, ...)", "f(int, ...)" },
  { "f<1.5e+0>", "f<1.5e+0>" },
  { "f<1.5e+0>(double)", "f<1.5e+0>(double)" },
  { "g(int (*)(int, ...))", "g(int (*)(int, ...))" },
  { "f()::<lambda()>::operator()", "f()::<lambda()>::operator()" },
  { "f()::{lambda(double)#1}::operator()(double) const",
    "f()::{lambda(double)#1}::operator()(double) const" },
  { "(anonymous namespace)::step", "(anonymous namespace)::step" },
  { "{anonymous}::step.constprop.0", "{anonymous}::step" },
  { "std::operator<< <char>(std::ostream&, char const*)",
    "std::operator<< <char>(std::ostream&, char const*)" },
  { "S<a[1.5]>::f", "S<a[1.5]>::f" },
  /* Not clones: no dot, or an assembler label's leading one.  */
  { "xas_descend", "xas_descend" },
  { "operator", "operator" },
  { "operator_tag.cold", "operator_tag" },
  { "", "" },
  { ".L1", ".L1" },
  { ".Lfoo.cold", ".Lfoo" },
};

START_TEST (test_clone_suffix_table)
{
  const struct clone_case *c = &clone_cases[_i];
  size_t len = policy_base_name_length (c->name);
  ck_assert_msg (len == strlen (c->base)
		 && strncmp (c->name, c->base, len) == 0,
		 "'%s' names '%.*s', not '%s'", c->name, (int) len, c->name,
		 c->base);
  /* A name given with its length, not NUL-terminated there.  */
  char buf[128];
  snprintf (buf, sizeof buf, "%s!", c->name);
  ck_assert_uint_eq (clone_base_length (buf, strlen (c->name)), len);
}
END_TEST

START_TEST (test_clone_of_a_function_is_looked_up_as_the_function)
{
  static const char *const clones[] = {
    "xas_load.constprop.0", "xas_load.isra.0", "xas_load.part.1",
    "xas_load.cold", NULL
  };
  struct policy *p = load_lookup_policy ();
  for (int i = 0; clones[i]; i++)
    {
      ck_assert_msg (found_line (p, clones[i], NULL, NULL) == 5, "%s",
		     clones[i]);
      ck_assert_msg (policy_mentions (p, clones[i]), "%s", clones[i]);
    }
  ck_assert_uint_eq (found_line (p, "xas_store.part.0", NULL, NULL), 3);
  ck_assert_uint_eq (found_line (p, "xa_load.constprop.0", NULL,
				 "lib/xarray.c"), 9);
  policy_free (p);
}
END_TEST

START_TEST (test_globs_see_the_name_without_its_clone_suffix)
{
  struct policy *p = load_ok ("version: 1\n"
			      "functions:\n"
			      "  - name: \"*0\"\n"
			      "  - name: \"*cold\"\n"
			      "  - name: \"xas_descend?*\"\n");
  ck_assert_ptr_null (policy_lookup (p, "xas_load.isra.0", NULL, NULL));
  ck_assert_ptr_null (policy_lookup (p, "xas_load.cold", NULL, NULL));
  ck_assert_ptr_null (policy_lookup (p, "xas_descend.constprop.0", NULL,
				     NULL));
  ck_assert (!policy_mentions (p, "xas_descend.part.1"));
  ck_assert_uint_eq (found_line (p, "page_cold", NULL, NULL), 4);
  ck_assert_uint_eq (found_line (p, "page_cold.part.0", NULL, NULL), 4);
  policy_free (p);
}
END_TEST

START_TEST (test_clone_of_a_caller_counts_as_the_caller)
{
  struct policy *p = load_lookup_policy ();
  ck_assert_uint_eq (found_line (p, "xa_load", "idr_find.constprop.0",
				 "lib/idr.c"), 11);
  ck_assert_uint_eq (found_line (p, "xa_load", "radix_tree_lookup.isra.0",
				 "lib/idr.c"), 11);
  ck_assert_uint_eq (found_line (p, "xa_load.part.1", "idr_find.cold",
				 "lib/idr.c"), 11);
  ck_assert_uint_eq (found_line (p, "slot_free", "walk_tree.part.3", "x.c"),
		     17);
  ck_assert_uint_eq (found_line (p, "slot_free", "walk_trees.part.3",
				 "x.c"), 0);
  policy_free (p);
}
END_TEST

Suite *
policy_lookup_suite (void)
{
  Suite *s = runner_suite ("Policy lookup");
  TCase *tc;

  tc = runner_tcase ("Lookup");
  tcase_add_test (tc, test_exact_name_beats_an_earlier_glob);
  tcase_add_test (tc, test_first_matching_glob_in_policy_order_wins);
  tcase_add_test (tc, test_first_glob_wins_across_files);
  tcase_add_test (tc, test_unmentioned_function_has_no_entry);
  tcase_add_loop_test (tc, test_lookup_forms_is_the_rule_of_both_compilers,
		       0, sizeof forms_cases / sizeof *forms_cases);
  tcase_add_test (tc, test_files_scope_limits_an_entry_to_matching_units);
  tcase_add_test (tc, test_callers_scope_limits_an_entry_to_matching_callers);
  tcase_add_test (tc, test_callers_scope_beats_an_earlier_entry_without_one);
  tcase_add_test (tc, test_lock_after_a_policy_governs_the_callers_it_names);
  tcase_add_test (tc, test_unknown_unit_or_caller_skips_scoped_entries);
  tcase_add_test (tc,
		  test_scoped_exact_entry_that_does_not_apply_falls_back_to_a_glob);
  tcase_add_test (tc, test_entry_scope_functions_agree_with_lookup);
  tcase_add_test (tc, test_policy_mentions_ignores_scope);
  tcase_add_test (tc, test_action_and_severity_names);
  runner_add_tcase (s, tc);

  tc = runner_tcase ("Clone suffixes");
  tcase_add_loop_test (tc, test_clone_suffix_table, 0,
		       sizeof clone_cases / sizeof *clone_cases);
  tcase_add_test (tc, test_clone_of_a_function_is_looked_up_as_the_function);
  tcase_add_test (tc, test_globs_see_the_name_without_its_clone_suffix);
  tcase_add_test (tc, test_clone_of_a_caller_counts_as_the_caller);
  runner_add_tcase (s, tc);
  return s;
}
