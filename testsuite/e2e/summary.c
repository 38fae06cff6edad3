/* The summary: the note the plugin gives at the end of a unit
   (-fplugin-arg-hotinline-summary), on GCC for testsuite/samples/report.c,
   on Clang word for word with the counts objdump confirms; and
   hotinline-summary, the build-wide view of the results files: it merges
   them, lists stale entries, and its diff catches a hot call that stopped
   being inlined, not one both inlined and left.  Its HTML site is checked
   in html.c, its --diff on a refactor's shapes in diff.c, its --lock in
   lock.c.  */
#define _GNU_SOURCE
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "e2e/suites.h"
#include "harness/harness.h"
#include "harness/sample.h"

START_TEST (test_summary_counts_the_unit)
{
  struct run r = harness_compile_report (NULL, "-fplugin-arg-hotinline-summary", "");
  ck_assert_int_eq (r.status, 0);
  const char *expected
    = harness_fmt ("hotinline summary for %s: 3 of 3 policy entries "
		   "matched; 5 calls to hot functions in the source, 4 still "
		   "calls after inlining; 0 functions forced inline, 0 could "
		   "not be; 0 declined calls inlined surgically [hotinline]",
		   harness_src ("testsuite/samples/report.c"));
  ck_assert_msg (strstr (r.err, expected), "no summary in:\n%.2000s", r.err);
}
END_TEST

/* The build-wide view: the summary tool merges results, lists stale
   entries, and its diff catches a hot call that stopped being inlined.  */
START_TEST (test_summary_tool_and_regression_diff)
{
  const char *tool = getenv ("HOTINLINE_SUMMARY");
  ck_assert_msg (tool, "HOTINLINE_SUMMARY not set");
  const char *dir = harness_tmpdir ();
  const char *policy = harness_write ("hot.yaml",
				      "version: 1\n"
				      "functions:\n"
				      "  - {name: mix}\n"
				      "  - {name: pinned}\n"
				      "  - {name: nothing_here}\n");
  const char *builds[] = { "old", "new" };
  const char *params[] = { "--param max-inline-insns-auto=400", "" };
  for (int i = 0; i < 2; i++)
    {
      harness_sh (harness_fmt ("mkdir -p %s/%s", dir, builds[i]));
      struct run r = harness_compile_report (policy,
				     harness_fmt ("-fplugin-arg-hotinline-"
						  "results=%s/%s", dir,
						  builds[i]), params[i]);
      ck_assert_int_eq (r.status, 0);
    }
  struct run r = harness_sh (harness_fmt ("%s %s/new", tool, dir));
  ck_assert_int_eq (r.status, 0);
  ck_assert_ptr_nonnull (strstr (r.out, "1 units\n"));
  ck_assert_ptr_nonnull (strstr (r.out, "--param max-inline-insns-auto "
				 "limit reached (3)"));
  ck_assert_ptr_nonnull (strstr (r.out, "policy entries that matched "
				 "nothing in any unit:\n"));
  ck_assert_ptr_nonnull (strstr (r.out, "hot.yaml:5:12: nothing_here\n"));

  r = harness_sh (harness_fmt ("%s --json %s/new", tool, dir));
  ck_assert_int_eq (r.status, 0);
  ck_assert_ptr_nonnull (strstr (r.out, "\"stale_entries\": ["));
  ck_assert_msg (strstr (r.out, "\"compilers\": {\n    \"gcc ")
		 && strstr (r.out, "\": 1\n  },"), "%s", r.out);

  r = harness_sh (harness_fmt ("%s --diff %s/old %s/new", tool, dir, dir));
  ck_assert_int_eq (r.status, 1);
  ck_assert_ptr_nonnull (strstr (r.out, "report.c:63:9: 'mix' in 'table': "
				 "no longer inlined: --param "
				 "max-inline-insns-auto limit reached\n"));
  r = harness_sh (harness_fmt ("%s --diff %s/new %s/new", tool, dir, dir));
  ck_assert_int_eq (r.status, 0);
  ck_assert_ptr_nonnull (strstr (r.out, "0 hot call sites went from "
				 "inlined to declined"));
}
END_TEST

/* A call in a header's inline function, inlined in the unit that has the
   callee's body and left in the one that has not, in both builds: no call
   went from inlined to declined (a whole kernel's spin_unlock_irqrestore
   is such a site).  Each unit is compared with itself: without the unit
   that inlines it, nothing was lost (that unit is not compared); with it
   built at -fno-inline, its call was.  */
START_TEST (test_diff_of_a_site_both_inlined_and_left)
{
  const char *tool = getenv ("HOTINLINE_SUMMARY");
  ck_assert_msg (tool, "HOTINLINE_SUMMARY not set");
  const char *dir = harness_tmpdir ();
  const char *policy = harness_write ("mixed.yaml", "version: 1\n"
				      "functions:\n  - {name: hot}\n");
  harness_write ("mixed.h", "void hot (void);\n"
		 "static inline void wrap (void)\n{\n  hot ();\n}\n");
  const char *with_body
    = harness_write ("mixed-a.c", "#include \"mixed.h\"\nint x;\n"
		     "void hot (void) { x++; }\nvoid fa (void) { wrap (); }\n");
  const char *without
    = harness_write ("mixed-b.c", "#include \"mixed.h\"\n"
		     "void fb (void) { wrap (); }\n");
  const char *builds[] = { "old", "new", "new-b", "new-c" };
  for (int i = 0; i < 4; i++)
    {
      harness_sh (harness_fmt ("mkdir -p %s/%s", dir, builds[i]));
      for (int u = i == 2; u < 2; u++)
	{
	  struct args a = { { 0 }, 0 };
	  args_add (&a, harness_gcc ());
	  args_add_plugin (&a, &policy, 1);
	  args_add (&a, harness_fmt ("-fplugin-arg-hotinline-results=%s/%s",
				     dir, builds[i]));
	  args_add_words (&a, "-O2 -c");
	  if (i == 3 && !u)
	    args_add (&a, "-fno-inline");
	  args_add (&a, "-o");
	  args_add (&a, harness_fmt ("%s/unit-%d.o", dir, u));
	  args_add (&a, u ? without : with_body);
	  struct run r = harness_run (a.v, NULL);
	  ck_assert_msg (r.status == 0, "%s", r.err);
	}
    }
  struct run r = harness_sh (harness_fmt ("%s --diff %s/old %s/new", tool,
					  dir, dir));
  ck_assert_msg (r.status == 0 && strstr (r.out, "0 hot call sites went "
					  "from inlined to declined"),
		 "%s", r.out);
  r = harness_sh (harness_fmt ("%s --diff %s/old %s/new-b", tool, dir, dir));
  ck_assert_msg (r.status == 0
		 && strstr (r.out, "note: 1 unit with hot calls in OLD not in "
			    "NEW: not compared\n")
		 && strstr (r.out, "0 hot call sites went from inlined to "
			    "declined"), "%s", r.out);
  r = harness_sh (harness_fmt ("%s --diff %s/old %s/new-c", tool, dir, dir));
  ck_assert_msg (r.status == 1 && strstr (r.out, "mixed.h:4:3: 'hot' in "
					  "'wrap': no longer inlined")
		 && strstr (r.out, "  in 1 unit: ")
		 && strstr (r.out, "mixed-a.c\n")
		 && strstr (r.out, "note: 1 unit compiled with other flags "
			    "in NEW"), "%s", r.out);
}
END_TEST

static int
hot_calls (const char *o)
{
  return harness_count_calls (o, "big") + harness_count_calls (o, "kept")
	 + harness_count_calls (o, "leaf");
}

/* The summary: the GCC plugin's note, word for word, with the counts
   objdump confirms: the calls as written are those of the -O0 build
   without the plugin, the calls left those of the object, big forced
   leaves no call to it, and the calls inlined surgically are the calls
   to big the plain build keeps.  */
static const struct
{
  const char *flags, *strategy;
  int forced, not_forced;
} summary_cases[] = {
  { "-O0", "attribute", 1, 1 },
  { "-O2", "attribute", 1, 1 },
  { "-O2", "surgical", 0, 1 },
};

START_TEST (test_clang_summary_counts_the_unit)
{
  const char *flags = summary_cases[_i].flags;
  const char *strategy = summary_cases[_i].strategy;
  const char *src = harness_write ("counted.c", harness_counted_source);
  const char *policy = harness_write ("counted.yaml", harness_counted_policy);
  const char *o0 = harness_fmt ("%s/counted-o0.o", harness_tmpdir ());
  const char *plain = harness_fmt ("%s/counted-plain.o", harness_tmpdir ());
  const char *o = harness_fmt ("%s/counted.o", harness_tmpdir ());
  struct run r = harness_compile_counted (src, NULL, "", "-O0", o0);
  ck_assert_msg (r.status == 0, "%s", r.err);
  r = harness_compile_counted (src, NULL, "", flags, plain);
  ck_assert_msg (r.status == 0, "%s", r.err);
  r = harness_compile_counted (src, policy,
		       harness_fmt ("-fplugin-arg-hotinline-summary "
				    "-fplugin-arg-hotinline-strategy=%s "
				    "-fplugin-arg-hotinline-severity=note",
				    strategy), flags, o);
  ck_assert_msg (r.status == 0, "%s", r.err);

  int written = hot_calls (o0), left = hot_calls (o);
  ck_assert_int_eq (written, 5);
  ck_assert_int_eq (left, 3);
  ck_assert_int_eq (harness_count_calls (o, "big"), 0);
  int surgical = 0;
  if (strcmp (strategy, "surgical") == 0)
    {
      surgical = harness_count_calls (plain, "big");
      ck_assert_msg (surgical == 2, "%s: LLVM's inliner declines %d calls "
		     "to big, not 2: proves nothing", flags, surgical);
    }
  const char *expected
    = harness_fmt ("note: hotinline summary for %s: 3 of 4 policy entries "
		   "matched; %d calls to hot functions in the source, %d "
		   "still calls after inlining; %d functions forced inline, "
		   "%d could not be; %d declined calls inlined surgically "
		   "[hotinline]\n", src, written, left,
		   summary_cases[_i].forced, summary_cases[_i].not_forced,
		   surgical);
  ck_assert_msg (strstr (r.err, expected), "%s %s: expected\n%sgot:\n%.3000s",
		 flags, strategy, expected, r.err);
  /* Once, at the end.  */
  const char *at = strstr (r.err, "hotinline summary for ");
  ck_assert_msg (!strstr (at + 1, "hotinline summary for "), "%s", r.err);
}
END_TEST

Suite *
summary_suite (void)
{
  Suite *s = runner_suite ("Summary");
  TCase *tc;
  if (harness_clang ())
    {
      tc = runner_tcase ("Summary note on Clang");
      tcase_set_timeout (tc, E2E_TIMEOUT);
      tcase_add_loop_test (tc, test_clang_summary_counts_the_unit, 0,
			   sizeof summary_cases / sizeof *summary_cases);
      runner_add_tcase (s, tc);
    }
  if (harness_skip_on_clang ("Summary but its note on Clang", "the summary tool's tests read GCC builds' results"))
    return s;
  tc = runner_tcase ("Summary note and tool");
  tcase_set_timeout (tc, E2E_TIMEOUT);
  tcase_add_test (tc, test_summary_counts_the_unit);
  tcase_add_test (tc, test_summary_tool_and_regression_diff);
  tcase_add_test (tc, test_diff_of_a_site_both_inlined_and_left);
  runner_add_tcase (s, tc);
  return s;
}
