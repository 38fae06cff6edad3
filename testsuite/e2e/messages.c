/* One policy, both compilers: the same sample built by GCC and by Clang,
   each with its plugin, says the same words about the same finding (the
   note naming the policy entry, the hints, the summary), where the
   compilers' facts (a limit's name, a size's measure) allow.  Runs in
   make check CLANG=clang-N, beside the GCC plugin built next to the test
   binary (build/gcc-N/), for the GCC it was built for; skipped under
   GCC, whose run has no Clang plugin.  */
#define _GNU_SOURCE
#include <check.h>
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <jansson.h>

#include "e2e/suites.h"
#include "e2e/summary-json.h"
#include "harness/harness.h"

/* What the same sample says under each compiler: the words of a note at
   LINE of the source (0: at no place), the same on both unless CLANG
   gives Clang's.  In the words, %s is the source, %p the policy and #
   any number.  */
static const struct
{
  const char *finding;
  int line;
  const char *gcc, *clang;
} findings[] = {
  { "the policy entry of a call", 38,
    "policy entry for 'big' at %p:4:11: called per packet [hotinline]",
    NULL },
  { "the policy entry without a reason", 46,
    "policy entry for 'elsewhere' at %p:8:11 [hotinline]", NULL },
  { "a callee without a body here", 46,
    "body not available here: define it in a header or build with "
    "'-flto' [hotinline]", NULL },
  { "a callee declared noinline, at its declaration", 9,
    "'kept' declared 'noinline' here [hotinline]", NULL },
  /* The same sentence; each compiler's measure of size, its limit and
     what raises it: GCC's parameter, LLVM's threshold.  */
  { "a callee over the size limit", 38,
    "'big' is estimated at # instructions; the limit is '--param "
    "max-inline-insns-auto=#'; declared 'inline', it would be within "
    "'--param max-inline-insns-single=#' [hotinline]",
    "'big' is estimated at # cost units; the limit is #; "
    "'-mllvm -inline-threshold=#' would let it through [hotinline]" },
  /* The same counts but the calls left, which each inliner decides.  */
  { "the summary", 0,
    "hotinline summary for %s: 5 of 5 policy entries matched; 8 calls to "
    "hot functions in the source, # still calls after inlining; 0 "
    "functions forced inline, 0 could not be; 0 declined calls inlined "
    "surgically [hotinline]", NULL },
};

/* Whether TEXT, up to its end or a newline, is WORDS, # standing for a
   number.  */
static bool
words_match (const char *text, const char *words)
{
  for (; *words; words++)
    if (*words == '#')
      {
	if (!isdigit ((unsigned char) *text))
	  return false;
	while (isdigit ((unsigned char) *text))
	  text++;
      }
    else if (*text++ != *words)
      return false;
  return *text == '\0' || *text == '\n';
}

/* WORDS with the source SRC and the policy POLICY put in.  */
static const char *
words_for (const char *words, const char *src, const char *policy)
{
  const char *out = "";
  for (const char *w = words; *w; w++)
    if (w[0] == '%' && (w[1] == 's' || w[1] == 'p'))
      out = harness_fmt ("%s%s", out, *++w == 's' ? src : policy);
    else
      out = harness_fmt ("%s%c", out, *w);
  return out;
}

/* Whether ERR has a note at LINE of SRC (0: at no place) saying WORDS.  */
static bool
has_note (const char *err, const char *src, int line, const char *words)
{
  const char *at = line ? harness_fmt ("%s:%d:", src, line) : NULL;
  for (const char *l = err; l && *l; l = strchr (l, '\n'), l = l ? l + 1 : l)
    {
      if (at && strncmp (l, at, strlen (at)) != 0)
	continue;
      const char *eol = strchr (l, '\n');
      const char *note = strstr (l, "note: ");
      if (note && (!eol || note < eol) && words_match (note + 6, words))
	return true;
    }
  return false;
}

/* The sample compiled by GCC into G and by Clang into C, the I-th time.  */
static void
compile_both (int i, struct run *g, struct run *c, const char **src,
	      const char **policy)
{
  const char *gcc = NULL, *plugin = harness_gcc_plugin (&gcc);
  *src = harness_src ("testsuite/samples/clang-report.c");
  *policy = harness_src ("testsuite/samples/clang-report.yaml");
  const char *policy_arg
    = harness_fmt ("-fplugin-arg-hotinline-policy=%s", *policy);
  const char *obj = harness_fmt ("%s/both-%d.o", harness_tmpdir (), i);
  const char *gcc_argv[] = {
    gcc, harness_fmt ("-fplugin=%s", plugin), policy_arg,
    "-fplugin-arg-hotinline-summary", "-O2", "-g", "-c", *src, "-o", obj,
    NULL
  };
  const char *clang_argv[] = {
    harness_gcc (), harness_fmt ("-fplugin=%s", harness_plugin ()),
    harness_fmt ("-fpass-plugin=%s", harness_plugin ()), policy_arg,
    "-fplugin-arg-hotinline-summary", "-O2", "-g", "-c", *src, "-o", obj,
    NULL
  };
  *g = harness_run (gcc_argv, NULL);
  ck_assert_msg (g->status == 0, "%s", g->err);
  *c = harness_run (clang_argv, NULL);
  ck_assert_msg (c->status == 0, "%s", c->err);
}

START_TEST (test_same_words_on_both_compilers)
{
  const char *src, *policy;
  struct run g, c;
  const char *gcc = NULL;
  harness_gcc_plugin (&gcc);
  compile_both (_i, &g, &c, &src, &policy);
  const char *gcc_words = words_for (findings[_i].gcc, src, policy);
  const char *clang_words
    = findings[_i].clang ? words_for (findings[_i].clang, src, policy)
			 : gcc_words;
  ck_assert_msg (has_note (g.err, src, findings[_i].line, gcc_words),
		 "%s: %s said no note \"%s\":\n%.4000s", findings[_i].finding,
		 gcc, gcc_words, g.err);
  ck_assert_msg (has_note (c.err, src, findings[_i].line, clang_words),
		 "%s: %s said no note \"%s\":\n%.4000s", findings[_i].finding,
		 harness_gcc (), clang_words, c.err);
  harness_run_free (&g);
  harness_run_free (&c);
}
END_TEST

/* The lines of ERR that contain WORDS.  */
static int
lines_with (const char *err, const char *words)
{
  int n = 0;
  for (const char *l = err; l && *l; l = strchr (l, '\n'), l = l ? l + 1 : l)
    {
      const char *eol = strchr (l, '\n');
      const char *w = strstr (l, words);
      if (w && (!eol || w < eol))
	n++;
    }
  return n;
}

/* A callee without a body in the unit: the same reason on both compilers
   (LLVM's inliner would say "its definition is unavailable").  */
START_TEST (test_same_reason_for_a_callee_without_a_body)
{
  const char *src, *policy;
  struct run runs[2];
  compile_both (200, &runs[0], &runs[1], &src, &policy);
  for (int i = 0; i < 2; i++)
    {
      ck_assert_msg (lines_with (runs[i].err, "warning: hot function "
				 "'elsewhere' not inlined into "
				 "'use_elsewhere': function body not "
				 "available [hotinline]") == 1,
		     "no report of elsewhere in GCC's words:\n%.4000s",
		     runs[i].err);
      harness_run_free (&runs[i]);
    }
}
END_TEST

/* The "not forced" warnings of ERR, kept in the test directory as NAME,
   from "hot function" on (their places are each compiler's), sorted, one
   per line.  */
static const char *
not_forced_warnings (const char *err, const char *name)
{
  const char *path = harness_write (name, err);
  struct run r = harness_sh (harness_fmt ("grep -o 'hot function .* is not "
					  "forced inline: .*' %s | sort",
					  path));
  return r.out;
}

/* Functions a policy forces that cannot be forced, each for a reason both
   compilers see: the same warning, word for word, from GCC and Clang.  */
START_TEST (test_same_reasons_for_functions_not_forced)
{
  const char *src = harness_write ("not-forced.c",
    "#include <stdarg.h>\n"
    "extern int elsewhere (int);\n"
    "__attribute__ ((noinline)) static int kept (int x) { return x * 3; }\n"
    "__attribute__ ((weak)) int replaceable (int x) { return x - 1; }\n"
    "static int sum (int n, ...)\n"
    "{\n"
    "  va_list ap;\n"
    "  va_start (ap, n);\n"
    "  int s = 0;\n"
    "  for (int i = 0; i < n; i++)\n"
    "    s += va_arg (ap, int);\n"
    "  va_end (ap);\n"
    "  return s;\n"
    "}\n"
    "int use (int x)\n"
    "{\n"
    "  return elsewhere (x) + kept (x) + replaceable (x) + sum (2, x, x);\n"
    "}\n");
  const char *policy = harness_write ("not-forced.yaml",
    "version: 1\nfunctions:\n"
    "  - {name: elsewhere, action: always_inline}\n"
    "  - {name: kept, action: always_inline}\n"
    "  - {name: replaceable, action: always_inline}\n"
    "  - {name: sum, action: always_inline}\n");
  const char *gcc = NULL, *plugin = harness_gcc_plugin (&gcc);
  const char *policy_arg
    = harness_fmt ("-fplugin-arg-hotinline-policy=%s", policy);
  const char *obj = harness_fmt ("%s/not-forced.o", harness_tmpdir ());
  const char *gcc_argv[] = {
    gcc, harness_fmt ("-fplugin=%s", plugin), policy_arg, "-O2", "-c", src,
    "-o", obj, NULL
  };
  const char *clang_argv[] = {
    harness_gcc (), harness_fmt ("-fplugin=%s", harness_plugin ()),
    harness_fmt ("-fpass-plugin=%s", harness_plugin ()), policy_arg, "-O2",
    "-c", src, "-o", obj, NULL
  };
  struct run g = harness_run (gcc_argv, NULL);
  ck_assert_msg (g.status == 0, "%s", g.err);
  struct run c = harness_run (clang_argv, NULL);
  ck_assert_msg (c.status == 0, "%s", c.err);
  const char *from_gcc = not_forced_warnings (g.err, "not-forced.gcc");
  const char *from_clang = not_forced_warnings (c.err, "not-forced.clang");
  ck_assert_msg (strstr (from_gcc, "'elsewhere' is not forced inline: its "
			 "body is not in this translation unit")
		 && strstr (from_gcc, "'kept' is not forced inline: it is "
			    "declared 'noinline'")
		 && strstr (from_gcc, "'replaceable' is not forced inline: "
			    "it is weak")
		 && strstr (from_gcc, "'sum' is not forced inline: it uses its "
			    "variable argument list"),
		 "%s did not give the four warnings:\n%.4000s", gcc, g.err);
  ck_assert_str_eq (from_clang, from_gcc);
  harness_run_free (&g);
  harness_run_free (&c);
}
END_TEST

/* use_big calls big three times, each call left: three warnings, but the
   policy entry's note and the size hint, the same at each call, once in
   the unit, on both compilers.  */
START_TEST (test_same_notes_once_per_unit)
{
  const char *src, *policy;
  struct run runs[2];
  compile_both (100, &runs[0], &runs[1], &src, &policy);
  for (int i = 0; i < 2; i++)
    {
      const char *err = runs[i].err;
      ck_assert_msg (lines_with (err, "warning: hot function 'big' not "
				 "inlined into 'use_big'") == 3,
		     "three reports of big expected:\n%.4000s", err);
      ck_assert_msg (lines_with (err, "note: policy entry for 'big'") == 1,
		     "one policy entry note for big expected:\n%.4000s", err);
      ck_assert_msg (lines_with (err, "note: 'big' is estimated at") == 1,
		     "one size hint for big expected:\n%.4000s", err);
      harness_run_free (&runs[i]);
    }
}
END_TEST

/* One results directory for a build that mixes the compilers and LTO:
   the two units of the LTO samples compiled by GCC and by Clang, linked
   with and without -flto (the plugin at the LTO links too), every
   compilation and link writing into one directory.  hotinline-summary
   counts, for each hot function, as many declined calls as objdump finds
   calls in the four programs.  */
START_TEST (test_one_results_directory_for_a_mixed_build)
{
  const char *gcc = NULL, *gcc_plugin = harness_gcc_plugin (&gcc);
  const char *clang_plugin = harness_plugin ();
  int major = atoi (strstr (clang_plugin, "clang-") + 6);
  const char *dir = harness_fmt ("%s/mixed-results", harness_tmpdir ());
  const char *policy = harness_src ("testsuite/samples/clang-lto.yaml");
  const char *units[] = { "clang-lto-lib.c", "clang-lto-main.c" };
  const char *programs[4];
  for (int k = 0; k < 4; k++)
    {
      bool clang = k & 1, lto = k & 2;
      const char *plugin_args = harness_fmt (
	"-fplugin=%s %s -fplugin-arg-hotinline-policy=%s "
	"-fplugin-arg-hotinline-results=%s",
	clang ? clang_plugin : gcc_plugin,
	clang ? harness_fmt ("-fpass-plugin=%s", clang_plugin) : "", policy,
	dir);
      programs[k] = harness_fmt ("%s/mixed-%d", harness_tmpdir (), k);
      struct args link = { { 0 }, 0 };
      args_add (&link, clang ? harness_gcc () : gcc);
      args_add_words (&link, lto ? "-O2 -flto" : "-O2");
      if (clang)
	args_add (&link, harness_fmt ("-fuse-ld=lld-%d", major));
      if (lto)
	args_add_words (&link, clang ? harness_fmt ("-Wl,--load-pass-plugin=%s",
						    clang_plugin)
				     : plugin_args);
      for (int u = 0; u < 2; u++)
	{
	  const char *o = harness_fmt ("%s.%d.o", programs[k], u);
	  struct args a = { { 0 }, 0 };
	  args_add (&a, clang ? harness_gcc () : gcc);
	  args_add_words (&a, plugin_args);
	  args_add_words (&a, lto ? "-O2 -g -flto -c" : "-O2 -g -c");
	  args_add (&a, harness_src (harness_fmt ("testsuite/samples/%s",
						  units[u])));
	  args_add (&a, "-o");
	  args_add (&a, o);
	  struct run r = harness_run (a.v, NULL);
	  ck_assert_msg (r.status == 0, "%s: %s", a.v[0], r.err);
	  args_add (&link, o);
	}
      args_add (&link, "-o");
      args_add (&link, programs[k]);
      struct run r = harness_run (link.v, NULL);
      ck_assert_msg (r.status == 0, "link %d: %s", k, r.err);
    }
  json_t *summary = summary_json (dir);
  static const char *const hot[] = { "big_step", "mix", "simd_sum" };
  for (int h = 0; h < 3; h++)
    {
      int calls = 0;
      for (int k = 0; k < 4; k++)
	calls += harness_count_calls (programs[k], hot[h]);
      long long declined = summary_declined (summary, hot[h]);
      ck_assert_msg (declined >= 0, "%s not in the summary", hot[h]);
      ck_assert_msg (declined == calls,
		     "%s: the summary says %lld calls declined, objdump finds "
		     "%d in the four programs", hot[h], declined, calls);
    }
  json_decref (summary);
}
END_TEST

Suite *
messages_e2e_suite (void)
{
  Suite *s = runner_suite ("Messages on both compilers");
  const char *gcc;
  if (!harness_clang () || !harness_gcc_plugin (&gcc))
    {
      fprintf (stderr, "SKIP Messages on both compilers on %s: run make "
	       "check CLANG=clang-N, beside a GCC plugin\n", harness_gcc ());
      return s;
    }
  TCase *tc = runner_tcase ("Same words");
  tcase_set_timeout (tc, E2E_TIMEOUT);
  tcase_add_loop_test (tc, test_same_words_on_both_compilers, 0,
		       sizeof findings / sizeof *findings);
  tcase_add_test (tc, test_same_notes_once_per_unit);
  tcase_add_test (tc, test_same_reason_for_a_callee_without_a_body);
  tcase_add_test (tc, test_same_reasons_for_functions_not_forced);
  tcase_add_test (tc, test_one_results_directory_for_a_mixed_build);
  runner_add_tcase (s, tc);
  return s;
}
