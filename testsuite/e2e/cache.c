/* The policy cache inside GCC: a compilation with a cold cache, a warm
   cache and no cache prints the same diagnostics, writes the same object,
   results file and dependencies; a cache directory that cannot be used
   changes nothing.  */
#define _GNU_SOURCE
#include <check.h>
#include <glob.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "e2e/suites.h"
#include "harness/harness.h"

/* What one compilation produced.  */
struct outcome
{
  int status;
  char *err;
  char *code;			/* Disassembly, or NULL without object.  */
  char *deps;			/* The -MD file.  */
  char *results;		/* The results file.  */
};

/* How many compiled images DIR holds.  */
static size_t
images_in (const char *dir)
{
  glob_t g;
  size_t n = 0;
  if (glob (harness_fmt ("%s/*.hpi", dir), 0, NULL, &g) == 0)
    n = g.gl_pathc;
  globfree (&g);
  return n;
}

/* Compile sample SAMPLE (under testsuite/samples) with its policy POLICY,
   in the build directory RUN (the same name for every build compared, so
   that the dependency and results files may be compared whole), with the
   cache argument CACHE_ARG ("" for none).  */
static struct outcome
build (const char *sample, const char *policy, const char *run,
       const char *cache_arg, const char *extra)
{
  const char *dir = harness_fmt ("%s/%s", harness_tmpdir (), run);
  struct run r = harness_sh (harness_fmt ("rm -rf %s && mkdir -p %s", dir,
					  dir));
  ck_assert_int_eq (r.status, 0);
  const char *pol = harness_src (harness_fmt ("testsuite/samples/%s",
					      policy));
  struct args a = { { 0 }, 0 };
  args_add (&a, harness_gcc ());
  args_add_plugin (&a, &pol, 1);
  args_add_words (&a, cache_arg);
  args_add_words (&a, extra);
  args_add_words (&a, harness_fmt ("-fplugin-arg-hotinline-results=%s -O2 "
				   "-g -MD -c %s -o %s/out.o",
				   dir, harness_src (harness_fmt (
					  "testsuite/samples/%s", sample)),
				   dir));
  /* Run in the build directory: the object and the .d file are named the
     same for every build.  */
  char cwd[4096];
  ck_assert (getcwd (cwd, sizeof cwd));
  ck_assert (chdir (dir) == 0);
  r = harness_run (a.v, NULL);
  ck_assert (chdir (cwd) == 0);

  struct outcome o = { r.status, r.err, NULL, NULL, NULL };
  if (r.status == 0)
    {
      o.code = harness_disassembly (harness_fmt ("%s/out.o", dir));
      o.deps = harness_read (harness_fmt ("%s/out.d", dir), NULL);
      struct run res = harness_sh (harness_fmt ("cat %s/*.json", dir));
      o.results = res.out;
    }
  return o;
}

static void
assert_same_outcome (const struct outcome *a, const struct outcome *b,
		     const char *what)
{
  ck_assert_msg (a->status == b->status, "%s: status %d, not %d", what,
		 b->status, a->status);
  ck_assert_msg (strcmp (a->err, b->err) == 0,
		 "%s: diagnostics differ:\n%s\n---\n%s", what, a->err, b->err);
  ck_assert_msg (!a->code == !b->code, "%s: one object only", what);
  if (a->code)
    {
      ck_assert_msg (strcmp (a->code, b->code) == 0, "%s: code differs",
		     what);
      ck_assert_msg (strcmp (a->deps, b->deps) == 0,
		     "%s: dependencies differ:\n%s\n---\n%s", what, a->deps,
		     b->deps);
      ck_assert_msg (strcmp (a->results, b->results) == 0,
		     "%s: results differ", what);
    }
}

/* Samples whose builds are compared: report mode with diagnostics, force
   by attribute, surgical forcing and scoped entries.  */
static const struct cached_sample
{
  const char *source, *policy, *options;
} samples[] = {
  { "report.c", "report.yaml", "" },
  { "callers.c", "callers.yaml", "" },
  { "callers.c", "callers.yaml",
    "-fplugin-arg-hotinline-strategy=surgical" },
  { "scoped.c", "scoped.yaml", "-fplugin-arg-hotinline-summary" },
};

START_TEST (test_cold_warm_and_no_cache_builds_are_identical)
{
  const struct cached_sample *s = &samples[_i];
  const char *cache = harness_fmt ("%s/cache", harness_tmpdir ());
  const char *arg = harness_fmt ("-fplugin-arg-hotinline-cache=%s", cache);

  struct outcome none = build (s->source, s->policy, "b",
			       "-fplugin-arg-hotinline-no-cache", s->options);
  ck_assert_uint_eq (images_in (cache), 0);
  struct outcome cold = build (s->source, s->policy, "b", arg, s->options);
  ck_assert_uint_eq (images_in (cache), 1);
  struct outcome warm = build (s->source, s->policy, "b", arg, s->options);
  ck_assert_uint_eq (images_in (cache), 1);

  ck_assert_int_eq (none.status, 0);
  assert_same_outcome (&none, &cold, "cold cache");
  assert_same_outcome (&none, &warm, "warm cache");
  /* -MD names the policy, never the cache.  */
  ck_assert_ptr_nonnull (strstr (warm.deps, s->policy));
  ck_assert_ptr_null (strstr (warm.deps, ".hpi"));
  ck_assert_ptr_null (strstr (warm.deps, cache));
}
END_TEST

/* Cache directories that cannot be used: the build is the one without a
   cache, with not a word more.  */
START_TEST (test_unusable_cache_directory_changes_nothing)
{
  const char *file = harness_write ("plain-file", "x\n");
  const char *dirs[] = {
    harness_fmt ("%s/cache", file),		/* Cannot be made.  */
    "/proc/self/hotinline-cache",		/* Read-only, even to root.  */
    harness_fmt ("%s/new/nested/cache", harness_tmpdir ()), /* Missing.  */
  };
  struct outcome none = build ("report.c", "report.yaml", "b",
			       "-fplugin-arg-hotinline-no-cache", "");
  for (size_t i = 0; i < sizeof dirs / sizeof *dirs; i++)
    for (int run = 0; run < 2; run++)
      {
	const char *arg = harness_fmt ("-fplugin-arg-hotinline-cache=%s",
				       dirs[i]);
	struct outcome o = build ("report.c", "report.yaml", "b", arg, "");
	assert_same_outcome (&none, &o, dirs[i]);
      }
  ck_assert_uint_eq (images_in (dirs[2]), 1);
}
END_TEST

/* The environment variable names the directory; empty, there is none.  */
START_TEST (test_environment_names_the_cache_directory)
{
  const char *cache = harness_fmt ("%s/env-cache", harness_tmpdir ());
  setenv ("HOTINLINE_CACHE_DIR", cache, 1);
  struct outcome a = build ("report.c", "report.yaml", "b", "", "");
  ck_assert_uint_eq (images_in (cache), 1);
  setenv ("HOTINLINE_CACHE_DIR", "", 1);
  const char *home = harness_fmt ("%s/home", harness_tmpdir ());
  setenv ("HOME", home, 1);
  unsetenv ("XDG_CACHE_HOME");
  struct outcome b = build ("report.c", "report.yaml", "b", "", "");
  ck_assert_uint_eq (images_in (harness_fmt ("%s/.cache/hotinline", home)),
		     0);
  unsetenv ("HOTINLINE_CACHE_DIR");
  struct outcome c = build ("report.c", "report.yaml", "b", "", "");
  ck_assert_uint_eq (images_in (harness_fmt ("%s/.cache/hotinline", home)),
		     1);
  assert_same_outcome (&a, &b, "no cache");
  assert_same_outcome (&a, &c, "default cache");
}
END_TEST

/* A policy with errors: the same errors every time, and nothing stored.  */
START_TEST (test_policy_errors_are_reported_the_same_and_never_cached)
{
  const char *cache = harness_fmt ("%s/cache", harness_tmpdir ());
  const char *arg = harness_fmt ("-fplugin-arg-hotinline-cache=%s", cache);
  const char *bad = harness_write ("bad.yaml",
				   "version: 1\nfunctions:\n"
				   "  - {name: mix, action: sometimes}\n");
  const char *src = harness_src ("testsuite/samples/report.c");
  const char *o = harness_fmt ("%s/x.o", harness_tmpdir ());
  struct run first = { 0 };
  for (int run = 0; run < 3; run++)
    {
      struct args a = { { 0 }, 0 };
      args_add (&a, harness_gcc ());
      args_add_plugin (&a, &bad, 1);
      args_add (&a, run == 2 ? "-fplugin-arg-hotinline-no-cache" : arg);
      args_add_words (&a, harness_fmt ("-O2 -c %s -o %s", src, o));
      struct run r = harness_run (a.v, NULL);
      ck_assert_int_eq (r.status, 1);
      ck_assert_ptr_nonnull (strstr (r.err, "bad.yaml:3:"));
      if (run == 0)
	first = r;
      else
	ck_assert_str_eq (r.err, first.err);
    }
  ck_assert_uint_eq (images_in (cache), 0);
}
END_TEST

Suite *
policy_cache_e2e_suite (void)
{
  Suite *s = runner_suite ("Policy cache in GCC");
  if (harness_skip_on_clang ("Policy cache in GCC", "it measures the cache through the GCC plugin; the LLVM plugin links the same cache code, and the Clang suites load policies through it"))
    return s;
  TCase *tc = runner_tcase ("Cache");
  tcase_set_timeout (tc, E2E_TIMEOUT);
  tcase_add_loop_test (tc, test_cold_warm_and_no_cache_builds_are_identical,
		       0, sizeof samples / sizeof *samples);
  tcase_add_test (tc, test_unusable_cache_directory_changes_nothing);
  tcase_add_test (tc, test_environment_names_the_cache_directory);
  tcase_add_test (tc, test_policy_errors_are_reported_the_same_and_never_cached);
  runner_add_tcase (s, tc);
  return s;
}
