/* From a profile to the compiler's word: profile testsuite/samples/
   profiled.c for real, write a policy from the profile with
   hotinline-profile, rebuild with it, and check the object code.
   Callgrind is the main path (its counts are exact and the same on every
   run); perf is checked too where "perf record" works.  */
#define _GNU_SOURCE
#include <check.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "e2e/suites.h"
#include "harness/harness.h"

/* Iterations of profiled.c's loop: enough for churn to dominate, few
   enough for a run under callgrind to take well under a second.  */
enum { CALLGRIND_ITERATIONS = 1000, PERF_ITERATIONS = 300000 };

static const char *
tool (void)
{
  const char *t = getenv ("HOTINLINE_PROFILE_TOOL");
  ck_assert_msg (t && *t, "HOTINLINE_PROFILE_TOOL not set");
  return t;
}

static const char *
sample (void)
{
  return harness_src ("testsuite/samples/profiled.c");
}

/* Run a shell command in the test directory; it must succeed.  */
static struct run
sh_ok (const char *cmd)
{
  struct run r = harness_sh (harness_fmt ("cd %s && %s", harness_tmpdir (),
					  cmd));
  ck_assert_msg (r.status == 0, "%s: status %d\n%s", cmd, r.status, r.err);
  return r;
}

/* Compile SRC to OBJ at -O2 -g with the words FLAGS, with the plugin and
   POLICY unless it is NULL; returns the compiler's run.  */
static struct run
compile_src (const char *src, const char *obj, const char *flags,
	     const char *policy)
{
  struct args a = { { 0 }, 0 };
  args_add (&a, harness_gcc ());
  if (policy)
    args_add_plugin (&a, &policy, 1);
  args_add_words (&a, "-O2 -g -fdiagnostics-plain-output");
  if (*flags)
    args_add_words (&a, flags);
  args_add_words (&a, "-c -o");
  args_add (&a, harness_fmt ("%s/%s", harness_tmpdir (), obj));
  args_add (&a, src);
  struct run r = harness_run (a.v, NULL);
  ck_assert_msg (r.status == 0, "%s", r.err);
  return r;
}

/* Compile profiled.c.  */
static struct run
compile (const char *obj, const char *policy)
{
  return compile_src (sample (), obj, "", policy);
}

/* The program, built without the plugin, profiled by callgrind into
   callgrind.out.profiled.  For a cross target callgrind profiles the
   host's build of the same source, as one profiles a cross build on a
   machine of the target: the policy names the same functions.  */
static void
profile_with_callgrind (void)
{
  compile ("plain.o", NULL);
  sh_ok (harness_fmt ("%s plain.o -o plain", harness_gcc ()));
  if (harness_cross ())
    sh_ok (harness_fmt ("cc -O2 -g %s -o plain-host", sample ()));
  sh_ok (harness_fmt ("valgrind --tool=callgrind --callgrind-out-file="
		      "callgrind.out.profiled ./%s %d",
		      harness_cross () ? "plain-host" : "plain",
		      CALLGRIND_ITERATIONS));
}

/* The policy the tool writes from the callgrind profile with ARGS: it
   must name churn alone, with most of the instructions.  */
static const char *
policy_from_profile (const char *name, const char *args, const char *action)
{
  struct run r = sh_ok (harness_fmt ("%s %s callgrind.out.profiled",
				     tool (), args));
  double share = 0;
  const char *reason = strstr (r.out, "reason: \"");
  ck_assert_msg (reason && sscanf (reason, "reason: \"%lf", &share) == 1,
		 "%s", r.out);
  ck_assert_msg (share > 75 && share <= 100, "churn's share %.2f", share);
  /* The weight is the same share with the profile's precision.  */
  const char *weight = strstr (r.out, "\n  weight: ");
  ck_assert_msg (weight, "%s", r.out);
  weight += strlen ("\n  weight: ");
  int len = (int) strcspn (weight, "\n");
  ck_assert_msg (fabs (atof (weight) - share) <= 0.005 && len <= 7,
		 "weight %.*s for a share of %.2f", len, weight, share);
  ck_assert_str_eq (r.out,
		    harness_fmt ("# hot functions from callgrind.out.profiled "
				 "(callgrind), by hotinline-profile\n"
				 "version: 1\nfunctions:\n- name: churn\n"
				 "  action: %s\n  reason: \"%.2f%% self of Ir "
				 "in callgrind.out.profiled (callgrind)\"\n"
				 "  weight: %.*s\n", action, share, len,
				 weight));
  fprintf (stderr, "profiled.c under callgrind: churn %.2f%% self\n",
	   share);
  return harness_write (name, r.out);
}

/* "profiled.c:LINE" of every report about churn.  */
static char **
reported_lines (const char *err, size_t *n)
{
  struct diagnostics ds = harness_diagnostics (err);
  char **lines = calloc (ds.n + 1, sizeof *lines);
  *n = 0;
  for (size_t i = 0; i < ds.n; i++)
    if (!strcmp (ds.d[i].kind, "warning")
	&& !strncmp (ds.d[i].message, "hot function 'churn' not inlined", 32))
      {
	const char *base = strrchr (ds.d[i].file, '/');
	lines[(*n)++] = (char *) harness_fmt ("%s:%u", base ? base + 1
							    : ds.d[i].file,
					      ds.d[i].line);
      }
  harness_diagnostics_free (&ds);
  return lines;
}

static int
compare_strings (const void *a, const void *b)
{
  return strcmp (*(char *const *) a, *(char *const *) b);
}

START_TEST (test_report_policy_from_callgrind_finds_the_calls_left)
{
  profile_with_callgrind ();
  const char *policy = policy_from_profile ("hot.yaml", "", "report");
  struct run r = compile ("report.o", policy);
  const char *obj = harness_fmt ("%s/report.o", harness_tmpdir ());

  size_t n_reported, n_calls;
  char **reported = reported_lines (r.err, &n_reported);
  char **calls = harness_call_lines (obj, "churn", "profiled.c", &n_calls);
  qsort (reported, n_reported, sizeof *reported, compare_strings);
  /* Each line once, as harness_call_lines gives them.  */
  size_t k = 0;
  for (size_t i = 0; i < n_reported; i++)
    if (k == 0 || strcmp (reported[k - 1], reported[i]))
      reported[k++] = reported[i];
  /* One report per call left, on the lines of those calls.  */
  ck_assert_int_eq ((int) n_reported, harness_count_calls (obj, "churn"));
  ck_assert_msg (n_calls >= 3, "calls to churn left on %zu lines", n_calls);
  ck_assert_uint_eq (k, n_calls);
  for (size_t i = 0; i < n_calls; i++)
    ck_assert_str_eq (reported[i], calls[i]);
  fprintf (stderr, "profiled.c, report policy: %d calls to churn, %zu "
	   "reports on %zu lines\n", harness_count_calls (obj, "churn"),
	   n_reported, n_calls);
}
END_TEST

START_TEST (test_always_inline_policy_from_callgrind_leaves_no_call)
{
  profile_with_callgrind ();
  const char *policy = policy_from_profile ("force.yaml",
					    "--action always_inline",
					    "always_inline");
  int before = harness_count_calls (harness_fmt ("%s/plain.o",
						 harness_tmpdir ()), "churn");
  compile ("forced.o", policy);
  int after = harness_count_calls (harness_fmt ("%s/forced.o",
						harness_tmpdir ()), "churn");
  ck_assert_int_ge (before, 3);
  ck_assert_int_eq (after, 0);
  fprintf (stderr, "profiled.c: calls to churn %d without, %d with the "
	   "always_inline policy\n", before, after);
  /* The forced program computes what the plain one does.  */
  sh_ok (harness_fmt ("%s forced.o -o forced", harness_gcc ()));
  struct run plain = sh_ok (harness_fmt ("%s./plain 1000",
					 harness_runner ()));
  struct run forced = sh_ok (harness_fmt ("%s./forced 1000",
					  harness_runner ()));
  ck_assert_str_eq (forced.out, plain.out);
}
END_TEST

START_TEST (test_perf_profile_finds_churn_when_perf_works)
{
  if (harness_cross ())
    {
      fprintf (stderr, "SKIP perf profile: perf samples the host's CPU, "
	       "and %s programs run here only under qemu-user\n",
	       harness_target ());
      return;
    }
  compile ("plain.o", NULL);
  sh_ok (harness_fmt ("%s plain.o -o plain", harness_gcc ()));
  struct run r = harness_sh (harness_fmt ("cd %s && perf record -q -e "
					  "cpu-clock -o perf.data ./plain %d",
					  harness_tmpdir (), PERF_ITERATIONS));
  if (r.status != 0)
    {
      fprintf (stderr, "perf record does not work here; perf path not "
	       "checked: %s\n", r.err);
      return;
    }
  sh_ok ("perf script -i perf.data > perf.txt 2>/dev/null");
  r = sh_ok (harness_fmt ("%s --top 1 perf.txt", tool ()));
  ck_assert_msg (strstr (r.out, "functions:\n- name: churn\n  action: "
			 "report\n  reason: \""), "%s", r.out);
  ck_assert_ptr_nonnull (strstr (r.out, "% self of samples in perf.txt "
				 "(perf script)\"\n"));
  fprintf (stderr, "profiled.c under perf: %s",
	   strstr (r.out, "reason: "));
}
END_TEST

START_TEST (test_defined_in_and_results_keep_the_build_functions)
{
  profile_with_callgrind ();
  /* churn is defined in plain.o; not in an object of other code.  */
  struct run r = sh_ok (harness_fmt ("%s --defined-in plain.o "
				     "callgrind.out.profiled", tool ()));
  ck_assert_ptr_nonnull (strstr (r.out, "- name: churn\n"));
  harness_write ("other.c", "int other (int x) { return x + 1; }\n");
  sh_ok (harness_fmt ("%s -c other.c -o other.o", harness_gcc ()));
  r = sh_ok (harness_fmt ("%s --defined-in other.o callgrind.out.profiled",
			  tool ()));
  ck_assert_ptr_nonnull (strstr (r.out, "\nfunctions: []\n"));

  /* The results of a build that had churn in its policy see it; those of
     one whose policy names something else do not.  */
  const char *hot = harness_write ("hot.yaml", "version: 1\nfunctions:\n"
				   "  - name: churn\n");
  const char *other = harness_write ("other.yaml", "version: 1\nfunctions:\n"
				     "  - name: setup\n");
  const char *policies[] = { hot, other };
  const char *dirs[] = { "res-hot", "res-other" };
  for (int i = 0; i < 2; i++)
    {
      sh_ok (harness_fmt ("mkdir %s", dirs[i]));
      struct args a = { { 0 }, 0 };
      args_add (&a, harness_gcc ());
      args_add_plugin (&a, &policies[i], 1);
      args_add (&a, harness_fmt ("-fplugin-arg-hotinline-results=%s/%s",
				 harness_tmpdir (), dirs[i]));
      args_add_words (&a, "-O2 -c -o /dev/null");
      args_add (&a, sample ());
      ck_assert_int_eq (harness_run (a.v, NULL).status, 0);
    }
  r = sh_ok (harness_fmt ("%s --results res-hot callgrind.out.profiled",
			  tool ()));
  ck_assert_ptr_nonnull (strstr (r.out, "- name: churn\n"));
  r = sh_ok (harness_fmt ("%s --results res-other callgrind.out.profiled",
			  tool ()));
  ck_assert_ptr_nonnull (strstr (r.out, "\nfunctions: []\n"));
  /* Its results files are checked as hotinline-summary checks them: a
     field of the wrong type is named with its file.  */
  sh_ok ("sed 's/\"callee\": \"[^\"]*\"/\"callee\": 7/' res-hot/*.json "
	 "> res-other/bad.json");
  r = harness_sh (harness_fmt ("cd %s && %s --results res-other "
			       "callgrind.out.profiled", harness_tmpdir (),
			       tool ()));
  ck_assert_msg (r.status != 0
		 && strstr (r.err, "res-other/bad.json: calls[0].callee: "
			    "expected a string (the hot function), found an "
			    "integer"), "%d %s", r.status, r.err);
}
END_TEST

/* The profile's weights through a build to what the reader sees: a
   policy from the profile weighs setup (called once, a sliver of the
   instructions); a hand-written policy read first names churn without a
   weight, and its entry wins.  churn has more calls left, so the order
   of calls left alone would put it first: weighted setup must come
   before it in the summary, the index and the source page, with its
   weight.  */
START_TEST (test_profile_weights_order_the_summary_and_the_site)
{
  profile_with_callgrind ();
  struct run r = sh_ok (harness_fmt ("%s --min-share 0 "
				     "callgrind.out.profiled", tool ()));
  const char *profiled = harness_write ("profiled.yaml", r.out);
  const char *entry = strstr (r.out, "- name: setup\n");
  ck_assert_msg (entry, "%s", r.out);
  const char *weight = strstr (entry, "  weight: ");
  ck_assert_msg (weight, "%s", r.out);
  weight += strlen ("  weight: ");
  const char *setup_weight = harness_fmt ("%.*s%%",
					  (int) strcspn (weight, "\n"),
					  weight);
  ck_assert_msg (atof (weight) > 0 && atof (weight) < 1, "%s", r.out);
  const char *hand = harness_write ("hand.yaml", "version: 1\nfunctions:\n"
				    "  - {name: churn, action: report}\n");

  struct args a = { { 0 }, 0 };
  const char *policies[] = { hand, profiled };
  args_add (&a, harness_gcc ());
  args_add_plugin (&a, policies, 2);
  args_add (&a, harness_fmt ("-fplugin-arg-hotinline-results=%s/res",
			     harness_tmpdir ()));
  args_add_words (&a, "-O2 -g -c -o");
  args_add (&a, harness_fmt ("%s/w.o", harness_tmpdir ()));
  args_add (&a, sample ());
  ck_assert_int_eq (harness_run (a.v, NULL).status, 0);
  const char *obj = harness_fmt ("%s/w.o", harness_tmpdir ());
  int churn_left = harness_count_calls (obj, "churn");
  int setup_left = harness_count_calls (obj, "setup");
  ck_assert_msg (churn_left > setup_left && setup_left > 0,
		 "calls left: churn %d, setup %d", churn_left, setup_left);

  /* The text: setup first with its weight, churn after without one.  */
  r = sh_ok (harness_fmt ("%s res", getenv ("HOTINLINE_SUMMARY")));
  const char *setup_row = strstr (r.out, "\nsetup ");
  const char *churn_row = strstr (r.out, "\nchurn ");
  ck_assert_msg (setup_row && churn_row && setup_row < churn_row, "%s",
		 r.out);
  ck_assert_msg (strstr (setup_row, harness_fmt (" %s ", setup_weight))
		 < churn_row, "no weight %s for setup:\n%s", setup_weight,
		 r.out);
  ck_assert_msg (strstr (churn_row, harness_fmt (" %d %6d %8s ", churn_left,
						  1, "-")),
		 "churn's row:\n%s", r.out);

  /* The site: the index's rows and the source page's jump list.  */
  sh_ok (harness_fmt ("%s --html site res", getenv ("HOTINLINE_SUMMARY")));
  char *index = harness_read (harness_fmt ("%s/site/index.html",
					   harness_tmpdir ()), NULL);
  const char *setup_at = strstr (index, "<code>setup</code></a>");
  const char *churn_at = strstr (index, "<code>churn</code></a>");
  ck_assert_msg (setup_at && churn_at && setup_at < churn_at, "%s", index);
  setup_weight = harness_fmt ("%.*s", (int) strcspn (weight, "\n"), weight);
  ck_assert_msg (strstr (setup_at, harness_fmt ("<td class=\"n heat1\">%s"
						"</td>", setup_weight))
		 < churn_at, "%s", index);
  ck_assert_ptr_nonnull (strstr (churn_at, "<td class=\"n\"></td>"));
  r = sh_ok (harness_fmt ("grep -l 'profiled.c</h1>' site/src/*"));
  r.out[strcspn (r.out, "\n")] = '\0';
  char *page = harness_read (harness_fmt ("%s/%s", harness_tmpdir (),
					  r.out), NULL);
  const char *jump = strstr (page, "<p class=\"jump\">Call sites: ");
  ck_assert_msg (jump, "%s", page);
  jump += strlen ("<p class=\"jump\">Call sites: ");
  static const char first[] = "<a class=\"left heat1\" href=";
  ck_assert_msg (strncmp (jump, first, strlen (first)) == 0
		 && strstr (jump, "&nbsp;setup</a>")
		    < strstr (jump, "&nbsp;churn</a>"), "%.400s", jump);
  ck_assert_ptr_nonnull (strstr (page, harness_fmt ("<span class=\"weight "
						    "heat1\">%s%%</span>",
						    setup_weight)));
}
END_TEST

/* The upstream speed back.  testsuite/profiles/macro-inline.c forces its
   hot helpers inline with a macro, as fast libraries do; emptied, GCC
   keeps them out of line.  Profiled under callgrind, the emptied build
   gives a policy; rebuilt with it, the program must execute no more than
   10% of the instructions the macro saved over the emptied build, and
   print what the others print.  */

enum { MACRO_ROUNDS = 10 };

/* Link OBJ into the program NAME, run it under callgrind into
   callgrind.out.NAME, and return its instructions; its output in *OUT.  */
static double
instructions (const char *obj, const char *name, const char **out)
{
  sh_ok (harness_fmt ("%s %s -o %s", harness_gcc (), obj, name));
  struct run r = sh_ok (harness_fmt ("valgrind -q --tool=callgrind "
				     "--callgrind-out-file=callgrind.out.%s "
				     "./%s %d", name, name, MACRO_ROUNDS));
  *out = r.out;
  char *data = harness_read (harness_fmt ("%s/callgrind.out.%s",
					  harness_tmpdir (), name), NULL);
  const char *totals = strstr (data, "\ntotals: ");
  double ir = 0;
  ck_assert_msg (totals && sscanf (totals, "\ntotals: %lf", &ir) == 1,
		 "no totals in callgrind.out.%s", name);
  return ir;
}

START_TEST (test_policy_from_profile_recovers_what_the_macro_saved)
{
  if (harness_cross ())
    {
      /* Its instruction counts are those of the target's code.  */
      fprintf (stderr, "SKIP %s on %s: callgrind runs programs of this "
	       "machine only\n", __func__, harness_target ());
      return;
    }
  const char *src = harness_src ("testsuite/profiles/macro-inline.c");
  const char *empty = "-DFORCE_INLINE_ATTR=";
  const char *out_macro, *out_empty, *out_policy;
  compile_src (src, "macro.o", "", NULL);
  compile_src (src, "empty.o", empty, NULL);
  double macro = instructions ("macro.o", "macro", &out_macro);
  double emptied = instructions ("empty.o", "empty", &out_empty);
  /* What there is to recover: the emptied build calls mix_value.  */
  ck_assert_int_ge (harness_count_calls (harness_fmt ("%s/empty.o",
						      harness_tmpdir ()),
					 "mix_value"), 1);
  ck_assert_msg (emptied > macro, "the macro saves nothing: %.0f, %.0f",
		 macro, emptied);

  struct run r = sh_ok (harness_fmt ("%s --action always_inline "
				     "callgrind.out.empty", tool ()));
  ck_assert_msg (strstr (r.out, "- name: mix_value\n  action: always_inline"
			 "\n"), "%s", r.out);
  const char *policy = harness_write ("hot.yaml", r.out);
  compile_src (src, "policy.o", empty, policy);
  ck_assert_int_eq (harness_count_calls (harness_fmt ("%s/policy.o",
						      harness_tmpdir ()),
					 "mix_value"), 0);
  double with_policy = instructions ("policy.o", "policy", &out_policy);
  double recovered = (emptied - with_policy) / (emptied - macro);
  fprintf (stderr, "macro-inline.c under callgrind: %.0f Ir with the macro, "
	   "%.0f emptied, %.0f emptied with the policy from its profile: "
	   "%.1f%% of the saving recovered\n", macro, emptied, with_policy,
	   100 * recovered);
  ck_assert_msg (recovered >= 0.9, "recovered %.1f%%", 100 * recovered);
  ck_assert_str_eq (out_empty, out_macro);
  ck_assert_str_eq (out_policy, out_macro);
}
END_TEST

Suite *
profile_e2e_suite (void)
{
  Suite *s = runner_suite ("From a profile");
  if (harness_skip_on_clang ("From a profile", "its profiles and policies are checked against GCC builds"))
    return s;
  TCase *tc = runner_tcase ("Profile, policy, build");
  tcase_set_timeout (tc, E2E_TIMEOUT);
  tcase_add_test (tc, test_report_policy_from_callgrind_finds_the_calls_left);
  tcase_add_test (tc, test_always_inline_policy_from_callgrind_leaves_no_call);
  tcase_add_test (tc, test_perf_profile_finds_churn_when_perf_works);
  tcase_add_test (tc, test_defined_in_and_results_keep_the_build_functions);
  tcase_add_test (tc, test_profile_weights_order_the_summary_and_the_site);
  tcase_add_test (tc, test_policy_from_profile_recovers_what_the_macro_saved);
  runner_add_tcase (s, tc);
  return s;
}
