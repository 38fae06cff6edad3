/* Unit tests of the policy's patterns (policy-match.c): function-name and
   path globs, what they match and what they do not.  */
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

START_TEST (test_literal_name_is_not_a_glob)
{
  struct policy_pattern pp;
  ck_assert_ptr_null (policy_pattern_init (&pp, "xas_descend",
					   POLICY_PATTERN_FUNCTION));
  ck_assert_str_eq (pp.text, "xas_descend");
  ck_assert (!pp.is_glob);
  ck_assert (!pp.prefix_only);
  ck_assert_uint_eq (pp.prefix_len, 11);
  policy_pattern_fini (&pp);
  ck_assert_ptr_null (pp.text);
  ck_assert (name_matches ("xas_descend", "xas_descend"));
  ck_assert (!name_matches ("xas_descend", "xas_descend2"));
  ck_assert (!name_matches ("xas_descend", "xas_descen"));
}
END_TEST

START_TEST (test_prefix_only_glob_is_recognised)
{
  struct policy_pattern pp;
  ck_assert_ptr_null (policy_pattern_init (&pp, "xas_*",
					   POLICY_PATTERN_FUNCTION));
  ck_assert (pp.is_glob);
  ck_assert (pp.prefix_only);
  ck_assert_uint_eq (pp.prefix_len, 4);
  policy_pattern_fini (&pp);

  ck_assert_ptr_null (policy_pattern_init (&pp, "xas_*_lock",
					   POLICY_PATTERN_FUNCTION));
  ck_assert (pp.is_glob);
  ck_assert (!pp.prefix_only);
  ck_assert_uint_eq (pp.prefix_len, 4);
  policy_pattern_fini (&pp);

  ck_assert_ptr_null (policy_pattern_init (&pp, "xas\\*",
					   POLICY_PATTERN_FUNCTION));
  ck_assert (!pp.prefix_only);
  policy_pattern_fini (&pp);
}
END_TEST

START_TEST (test_prefix_only_glob_matches_names_with_the_prefix)
{
  ck_assert (name_matches ("xas_*", "xas_descend"));
  ck_assert (name_matches ("xas_*", "xas_"));
  ck_assert (!name_matches ("xas_*", "xa_load"));
  ck_assert (!name_matches ("xas_*", "xas"));
  ck_assert (!name_matches ("xas_*", "my_xas_load"));
  ck_assert (name_matches ("*", "anything"));
}
END_TEST

START_TEST (test_star_in_the_middle_matches_any_run)
{
  ck_assert (name_matches ("*_unlock_*", "spin_unlock_irqrestore"));
  ck_assert (name_matches ("*_unlock_*", "x_unlock_"));
  ck_assert (!name_matches ("*_unlock_*", "spin_unlock"));
  ck_assert (!name_matches ("*_unlock_*", "unlock_page"));
}
END_TEST

/* The literal text after a glob's last wildcard rejects names early; it
   must never reject a name the glob matches.  */
START_TEST (test_glob_literal_suffix_only_rejects_non_matches)
{
  ck_assert (name_matches ("ab*b", "abb"));
  ck_assert (!name_matches ("ab*b", "ab"));
  ck_assert (name_matches ("*_slow", "_slow"));
  ck_assert (!name_matches ("*_slow", "mdb_slow_x"));
  ck_assert (name_matches ("x[ab]c", "xbc"));
  ck_assert (!name_matches ("x[ab]c", "xbd"));
  ck_assert (name_matches ("a\\*b", "a*b"));
  ck_assert (!name_matches ("a\\*b", "axb"));
  ck_assert (name_matches ("*[]]", "x]"));
}
END_TEST

START_TEST (test_question_mark_matches_exactly_one_character)
{
  ck_assert (name_matches ("cpu_util?", "cpu_util1"));
  ck_assert (!name_matches ("cpu_util?", "cpu_util"));
  ck_assert (!name_matches ("cpu_util?", "cpu_util12"));
}
END_TEST

START_TEST (test_character_class_matches_one_of_its_members)
{
  ck_assert (name_matches ("[ab]*", "alloc_pages"));
  ck_assert (name_matches ("[ab]*", "bio_add_page"));
  ck_assert (!name_matches ("[ab]*", "copy_page"));
  ck_assert (name_matches ("[!ab]*", "copy_page"));
  ck_assert (!name_matches ("[!ab]*", "alloc_pages"));
  ck_assert (name_matches ("[]]x", "]x"));
}
END_TEST

START_TEST (test_backslash_makes_a_wildcard_literal)
{
  ck_assert (name_matches ("foo\\*", "foo*"));
  ck_assert (!name_matches ("foo\\*", "foobar"));
  ck_assert (name_matches ("a\\?b*", "a?bc"));
  ck_assert (!name_matches ("a\\?b*", "axbc"));
}
END_TEST

START_TEST (test_path_without_slash_matches_the_last_component)
{
  ck_assert (path_matches ("xarray.c", "xarray.c"));
  ck_assert (path_matches ("xarray.c", "/abs/lib/xarray.c"));
  ck_assert (path_matches ("xarray.c", "../linux/lib/xarray.c"));
  ck_assert (!path_matches ("xarray.c", "lib/xarray.c.orig"));
  ck_assert (!path_matches ("xarray.c", "xarray.c/other.c"));
  ck_assert (!path_matches ("lib", "lib/xarray.c"));
  ck_assert (path_matches ("*.c", "lib/xarray.c"));
  ck_assert (path_matches ("x?rray.c", "lib/xarray.c"));
}
END_TEST

START_TEST (test_path_with_slash_matches_trailing_whole_components)
{
  ck_assert (path_matches ("lib/xarray.c", "lib/xarray.c"));
  ck_assert (path_matches ("lib/xarray.c", "../linux/lib/xarray.c"));
  ck_assert (path_matches ("lib/xarray.c", "/abs/lib/xarray.c"));
  ck_assert (!path_matches ("lib/xarray.c", "mylib/xarray.c"));
  ck_assert (!path_matches ("lib/xarray.c", "/abs/mylib/xarray.c"));
  ck_assert (!path_matches ("lib/xarray.c", "lib/xarray.c/x.c"));
  ck_assert (!path_matches ("lib/xarray.c", "xarray.c"));
  ck_assert (path_matches ("../linux/lib/xarray.c", "../linux/lib/xarray.c"));
}
END_TEST

START_TEST (test_path_wildcards_do_not_cross_slashes)
{
  ck_assert (!path_matches ("lib/*.c", "lib/sub/xarray.c"));
  ck_assert (path_matches ("lib/*.c", "x/lib/a.c"));
  ck_assert (path_matches ("lib/*/*.c", "lib/sub/xarray.c"));
  ck_assert (!path_matches ("lib?xarray.c", "lib/xarray.c"));
  ck_assert (path_matches ("arch/*/mm/*.c", "/src/linux/arch/x86/mm/fault.c"));
  ck_assert (!path_matches ("arch/*/mm/*.c", "arch/x86/kernel/mm/fault.c"));
}
END_TEST


START_TEST (test_absolute_path_pattern_matches_the_same_path)
{
  ck_assert (path_matches ("/abs/lib/xarray.c", "/abs/lib/xarray.c"));
  ck_assert (!path_matches ("/abs/lib/xarray.c", "/other/abs/lib/xarray.c"));
}
END_TEST

Suite *
policy_match_suite (void)
{
  Suite *s = runner_suite ("Policy patterns");
  TCase *tc;

  tc = runner_tcase ("Globs");
  tcase_add_test (tc, test_literal_name_is_not_a_glob);
  tcase_add_test (tc, test_prefix_only_glob_is_recognised);
  tcase_add_test (tc, test_prefix_only_glob_matches_names_with_the_prefix);
  tcase_add_test (tc, test_glob_literal_suffix_only_rejects_non_matches);
  tcase_add_test (tc, test_star_in_the_middle_matches_any_run);
  tcase_add_test (tc, test_question_mark_matches_exactly_one_character);
  tcase_add_test (tc, test_character_class_matches_one_of_its_members);
  tcase_add_test (tc, test_backslash_makes_a_wildcard_literal);
  tcase_add_test (tc, test_path_without_slash_matches_the_last_component);
  tcase_add_test (tc, test_path_with_slash_matches_trailing_whole_components);
  tcase_add_test (tc, test_path_wildcards_do_not_cross_slashes);
  runner_add_tcase (s, tc);

    {
      tc = runner_tcase ("Regressions");
      tcase_add_test (tc, test_absolute_path_pattern_matches_the_same_path);
      runner_add_tcase (s, tc);
    }
  return s;
}
