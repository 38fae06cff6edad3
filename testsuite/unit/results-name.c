/* The results file of a compilation, apart from any compiler: what tells
   two compilations apart, and which options are counted as changing the
   code.  */
#define _GNU_SOURCE
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "results-name.h"
#include "unit/suites.h"

START_TEST (test_name_is_base_hash_json)
{
  char *name = results_file_name ("res", "src/lib/t.c", "/b/t", "-O2");
  ck_assert_ptr_nonnull (name);
  ck_assert_msg (strncmp (name, "res/t.c.", 8) == 0, "%s", name);
  ck_assert_uint_eq (strlen (name), strlen ("res/t.c.") + 16
		     + strlen (".json"));
  ck_assert_uint_eq (strspn (name + 8, "0123456789abcdef"), 16);
  ck_assert_str_eq (name + 24, ".json");
  /* The same compilation: the same file, whatever else ran.  */
  char *again = results_file_name ("res", "src/lib/t.c", "/b/t", "-O2");
  ck_assert_str_eq (name, again);
  free (name);
  free (again);
}
END_TEST

START_TEST (test_output_and_flags_tell_compilations_apart)
{
  static const char *const triples[][3] = {
    { "t.c", "/b/t", "-O2" },
    { "t.c", "/b/.libs/t", "-O2" },		/* Another output.  */
    { "t.c", "/b/t", "-D PIC -O2 -fPIC" },	/* Other flags.  */
    { "u/t.c", "/b/t", "-O2" },		/* Another source.  */
    /* No part runs into the next: "t.c" + "x/b" is not "t.cx" + "/b".  */
    { "t.cx", "/b/t", "-O2" },
    { "t.c", "x/b/t", "-O2" },
    { "t.c", "/b/t", "" },
  };
  size_t n = sizeof triples / sizeof *triples;
  char *names[sizeof triples / sizeof *triples];
  for (size_t i = 0; i < n; i++)
    names[i] = results_file_name ("res", triples[i][0], triples[i][1],
				  triples[i][2]);
  for (size_t i = 0; i < n; i++)
    for (size_t j = i + 1; j < n; j++)
      ck_assert_msg (strcmp (names[i] + strlen (names[i]) - 21,
			     names[j] + strlen (names[j]) - 21) != 0,
		     "%s and %s hash alike", names[i], names[j]);
  for (size_t i = 0; i < n; i++)
    free (names[i]);
}
END_TEST

START_TEST (test_options_that_change_code)
{
  static const char *const code[] = {
    "-O2", "-D PIC", "-fPIC", "-march=x86-64", "-fplugin=/p/hotinline.so",
    "-fplugin-arg-hotinline-policy=hot.yaml", "-U NDEBUG", "-g",
    "-fplugin-arg-hotinline-strategy=surgical", "-imultiarch x86_64",
  };
  static const char *const not_code[] = {
    "-o /tmp/cc1.s", "-dumpdir .libs/", "-dumpbase t.c", "-dumpbase-ext .c",
    "-MD t.d", "-MF .deps/t.Tpo", "-Wall", "-Werror", "-w", "-quiet",
    "-fdiagnostics-color=always", "-fplugin-arg-hotinline-results=res",
    "-fplugin-arg-hotinline-quiet", "-fplugin-arg-hotinline-cache=/c",
    "-iplugindir=/usr/lib/gcc/x86_64-linux-gnu/12/plugin", "t.c", NULL,
  };
  for (size_t i = 0; i < sizeof code / sizeof *code; i++)
    ck_assert_msg (results_option_changes_code (code[i]), "%s", code[i]);
  for (size_t i = 0; i < sizeof not_code / sizeof *not_code; i++)
    ck_assert_msg (!results_option_changes_code (not_code[i]), "%s",
		   not_code[i] ? not_code[i] : "NULL");
}
END_TEST

Suite *
results_name_suite (void)
{
  Suite *s = runner_suite ("Results file names");
  TCase *tc = runner_tcase ("Names");
  tcase_add_test (tc, test_name_is_base_hash_json);
  tcase_add_test (tc, test_output_and_flags_tell_compilations_apart);
  tcase_add_test (tc, test_options_that_change_code);
  runner_add_tcase (s, tc);
  return s;
}
