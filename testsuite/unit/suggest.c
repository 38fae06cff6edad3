/* Unit tests of the "did you mean" suggestions (suggest.c): the closest
   candidate to a misspelt word, or none.  */
#include <check.h>
#include <string.h>

#include "suggest.h"
#include "unit/suites.h"

static const char *const keys[] = { "name", "action", "files", "callers",
				    "severity", "reason", NULL };

START_TEST (test_transposition_counts_as_one_typo)
{
  ck_assert_str_eq (suggest_closest ("actoin", keys), "action");
  ck_assert_str_eq (suggest_closest ("nmae", keys), "name");
  ck_assert_str_eq (suggest_closest ("sevreity", keys), "severity");
}
END_TEST

START_TEST (test_single_typo_suggests_the_candidate)
{
  ck_assert_str_eq (suggest_closest ("acton", keys), "action");
  ck_assert_str_eq (suggest_closest ("actions", keys), "action");
  ck_assert_str_eq (suggest_closest ("fules", keys), "files");
  ck_assert_str_eq (suggest_closest ("callr", keys), "callers");
  ck_assert_str_eq (suggest_closest ("Name", keys), "name");
}
END_TEST

START_TEST (test_exact_word_suggests_itself)
{
  ck_assert_str_eq (suggest_closest ("reason", keys), "reason");
}
END_TEST

START_TEST (test_closest_candidate_wins_and_ties_go_to_the_first)
{
  static const char *const words[] = { "note", "nose", "node", NULL };
  ck_assert_str_eq (suggest_closest ("nodes", words), "node");
  ck_assert_str_eq (suggest_closest ("nate", words), "note");
  /* "nofe" is one substitution away from each.  */
  ck_assert_str_eq (suggest_closest ("nofe", words), "note");
}
END_TEST

START_TEST (test_unrelated_word_gets_no_suggestion)
{
  ck_assert_ptr_null (suggest_closest ("colour", keys));
  ck_assert_ptr_null (suggest_closest ("include", keys));
  ck_assert_ptr_null (suggest_closest ("x", keys));
  ck_assert_ptr_null (suggest_closest ("warn", (const char *const[]) {
					 "note", "warning", "error",
					 NULL }));
}
END_TEST

START_TEST (test_empty_word_gets_no_suggestion)
{
  ck_assert_ptr_null (suggest_closest ("", keys));
  ck_assert_ptr_null (suggest_closest ("", (const char *const[]) { "", "a",
					 NULL }));
}
END_TEST

START_TEST (test_empty_candidate_list_gets_no_suggestion)
{
  ck_assert_ptr_null (suggest_closest ("action",
				       (const char *const[]) { NULL }));
}
END_TEST

START_TEST (test_very_long_word_gets_no_suggestion)
{
  char word[10001];
  memset (word, 'a', sizeof word - 1);
  word[sizeof word - 1] = '\0';
  const char *const long_candidates[] = { word, "a", NULL };
  ck_assert_ptr_null (suggest_closest (word, keys));
  ck_assert_ptr_null (suggest_closest (word, long_candidates));
  /* A long candidate is skipped, not read past its end.  */
  ck_assert_str_eq (suggest_closest ("aa", long_candidates), "a");
  /* 64 characters is still compared; 65 is not.  */
  word[64] = '\0';
  const char *const near[] = { word, NULL };
  char typo[65];
  memcpy (typo, word, 65);
  typo[10] = 'b';
  ck_assert_ptr_eq (suggest_closest (typo, near), word);
  word[64] = 'a';
  word[65] = '\0';
  ck_assert_ptr_null (suggest_closest (word, near));
}
END_TEST

Suite *
suggest_suite (void)
{
  Suite *s = runner_suite ("Suggestions");
  TCase *tc = runner_tcase ("Closest candidate");
  tcase_add_test (tc, test_transposition_counts_as_one_typo);
  tcase_add_test (tc, test_single_typo_suggests_the_candidate);
  tcase_add_test (tc, test_exact_word_suggests_itself);
  tcase_add_test (tc, test_closest_candidate_wins_and_ties_go_to_the_first);
  tcase_add_test (tc, test_unrelated_word_gets_no_suggestion);
  tcase_add_test (tc, test_empty_word_gets_no_suggestion);
  tcase_add_test (tc, test_empty_candidate_list_gets_no_suggestion);
  tcase_add_test (tc, test_very_long_word_gets_no_suggestion);
  runner_add_tcase (s, tc);
  return s;
}
