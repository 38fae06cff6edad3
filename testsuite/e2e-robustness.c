/* Robustness: the plugin never breaks a build that passes without it.
   Every sample in every configuration with GCC's own checking on, the
   plugin's code under valgrind, parallel builds against serial ones, and
   policies that are hostile or change while the build runs.  */
#define _GNU_SOURCE
#include <check.h>
#include <glob.h>
#include <libgen.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "e2e-suites.h"
#include "harness.h"

/* A sample's options and policies, from its directives.  */
struct matrix_sample
{
  const char *path;
  const char *options;
  const char *policies[8];
  size_t n_policies;
  bool run;			/* Has a main; its output is compared.  */
  bool cxx;
  const char *strict;		/* The function a strict entry forces.  */
};

static struct matrix_sample
read_sample (const char *path)
{
  struct matrix_sample s = { path, "", { 0 }, 0, false, false, NULL };
  struct directives ds = harness_directives (path);
  char *dir = strdup (path);
  dirname (dir);
  for (size_t i = 0; i < ds.n; i++)
    {
      const struct directive *d = &ds.d[i];
      if (strcmp (d->kind, "options") == 0)
	for (int j = 0; j < d->n_args; j++)
	  s.options = harness_fmt ("%s %s", s.options, d->args[j]);
      else if (strcmp (d->kind, "policy") == 0 && s.n_policies < 8)
	s.policies[s.n_policies++] = harness_fmt ("%s/%s", dir, d->args[0]);
      else if (strcmp (d->kind, "run") == 0)
	s.run = true;
      else if (strcmp (d->kind, "strict-calls") == 0)
	s.strict = d->args[0];
    }
  s.cxx = strstr (path, ".cc") != NULL;
  ck_assert_msg (s.n_policies > 0, "%s has no { hi-policy FILE }", path);
  return s;
}

/* Every sample that carries a policy: the examples, and the testsuite's
   own samples, the uninlinable and the strict ones included.  */
static glob_t matrix_paths;

static void
find_matrix_samples (void)
{
  memset (&matrix_paths, 0, sizeof matrix_paths);
  glob (harness_src ("examples/*.c"), 0, NULL, &matrix_paths);
  glob (harness_src ("testsuite/samples/*.c"), GLOB_APPEND, NULL,
	&matrix_paths);
  glob (harness_src ("testsuite/samples/*.cc"), GLOB_APPEND, NULL,
	&matrix_paths);
}

/* The configurations.  Optimisation level, -fPIC and -flto are crossed in
   full; the forcing strategy alternates so that it meets every value of
   each other dimension (pairwise coverage at half the cost).  */
static const char *const matrix_levels[] = { "-O0", "-O1", "-O2", "-O3",
					     "-Os", "-Og" };
enum { N_LEVELS = sizeof matrix_levels / sizeof *matrix_levels,
       N_CONFIGS = N_LEVELS * 2 * 2 };

struct config
{
  const char *flags;
  const char *strategy;
  bool lto;
};

static struct config
matrix_config (int k)
{
  int level = k % N_LEVELS, pic = (k / N_LEVELS) % 2, lto = k / N_LEVELS / 2;
  struct config c;
  c.flags = harness_fmt ("%s%s%s -fchecking", matrix_levels[level],
			 pic ? " -fPIC" : "", lto ? " -flto" : "");
  c.strategy = (level + pic + lto) % 2 ? "surgical" : "attribute";
  c.lto = lto;
  return c;
}

/* Compiler driver for S, with the plugin, the sample's policies plus one
   that reports every other call, and the configuration C.  */
static void
add_compiler (struct args *a, const struct matrix_sample *s,
	      const struct config *c, const char *report_all)
{
  args_add (a, s->cxx ? harness_gxx () : harness_gcc ());
  const char *policies[9];
  memcpy (policies, s->policies, s->n_policies * sizeof *policies);
  policies[s->n_policies] = report_all;
  args_add_plugin (a, policies, s->n_policies + 1);
  args_add (a, harness_fmt ("-fplugin-arg-hotinline-strategy=%s",
			    c->strategy));
  args_add_words (a, s->options);
  args_add_words (a, c->flags);
  args_add (a, "-fdiagnostics-plain-output");
}

/* No internal compiler error, no crash, and every error the plugin's:
   a build may fail only when the policy asked for errors.  Returns the
   number of errors.  */
static size_t
check_outcome (const struct matrix_sample *s, const struct config *c,
	       const char *step, const struct run *r)
{
  const char *what = harness_fmt ("%s [%s, strategy=%s] %s", s->path,
				  c->flags, c->strategy, step);
  ck_assert_msg (r->status < 128, "%s: killed by signal %d: %.2000s", what,
		 r->status - 128, r->err);
  ck_assert_msg (!strstr (r->err, "internal compiler error"),
		 "%s: internal compiler error: %.3000s", what, r->err);
  struct diagnostics ds = harness_diagnostics (r->err);
  size_t errors = 0, plugin_errors = 0;
  const char *other = NULL;
  for (size_t i = 0; i < ds.n; i++)
    if (strstr (ds.d[i].kind, "error"))
      {
	const char *m = ds.d[i].message;
	size_t len = strlen (m);
	errors++;
	if (len >= 11 && strcmp (m + len - 11, "[hotinline]") == 0)
	  plugin_errors++;
	else
	  other = m;
      }
  ck_assert_msg (!plugin_errors || s->strict,
		 "%s: errors without a strict entry: %.2000s", what, r->err);
  /* After the plugin's errors in lto1, the LTO driver chain says that it
     failed; no other error is allowed.  */
  ck_assert_msg (!other || plugin_errors, "%s: unexpected error: %s", what,
		 other);
  ck_assert_msg (r->status == (errors ? 1 : 0),
		 "%s: status %d with %zu errors: %.2000s", what, r->status,
		 errors, r->err);
  harness_diagnostics_free (&ds);
  return errors;
}

/* A strict entry's function may be left a call only with an error; with
   no call left (GCC may also turn its recursion into a loop) there is
   nothing to complain about.  */
static void
check_strict (const struct matrix_sample *s, const struct config *c,
	      const char *obj, size_t errors)
{
  if (errors)
    return;
  ck_assert_msg (harness_count_calls (obj, s->strict) == 0,
		 "%s [%s, strategy=%s]: %d call(s) to the strict function %s "
		 "left and no error", s->path, c->flags, c->strategy,
		 harness_count_calls (obj, s->strict), s->strict);
}

/* The program's output, built without the plugin at its own options.  */
static char *
reference_output (const struct matrix_sample *s)
{
  const char *exe = harness_fmt ("%s/reference", harness_tmpdir ());
  struct args a = { { 0 }, 0 };
  args_add (&a, s->cxx ? harness_gxx () : harness_gcc ());
  args_add_words (&a, s->options);
  args_add (&a, s->path);
  args_add (&a, "-o");
  args_add (&a, exe);
  struct run r = harness_run (a.v, NULL);
  ck_assert_msg (r.status == 0, "%s: %.1500s", s->path, r.err);
  r = harness_run ((const char *const[]) { exe, NULL }, NULL);
  ck_assert_int_eq (r.status, 0);
  return r.out;
}

/* One sample in every configuration: compile (and under -flto link, the
   plugin running again in lto1); a sample with a main is run and must
   print what it prints without the plugin.  */
START_TEST (test_matrix)
{
  struct matrix_sample s = read_sample (matrix_paths.gl_pathv[_i]);
  const char *report_all = harness_write ("report-all.yaml",
					  "version: 1\nfunctions:\n"
					  "  - {name: \"*\", action: report}\n");
  char *expected = s.run ? reference_output (&s) : NULL;

  for (int k = 0; k < N_CONFIGS; k++)
    {
      struct config c = matrix_config (k);
      const char *obj = harness_fmt ("%s/c%d.o", harness_tmpdir (), k);
      struct args a = { { 0 }, 0 };
      add_compiler (&a, &s, &c, report_all);
      args_add_words (&a, "-c -o");
      args_add (&a, obj);
      args_add (&a, s.path);
      struct run r = harness_run (a.v, NULL);
      size_t errors = check_outcome (&s, &c, "compile", &r);
      harness_run_free (&r);
      if (s.strict && !c.lto)
	check_strict (&s, &c, obj, errors);
      if (errors || (!c.lto && !s.run))
	continue;

      /* Link: a program when there is a main, else a relocatable object
	 that still goes through lto1.  */
      const char *out = harness_fmt ("%s/c%d.out", harness_tmpdir (), k);
      struct args l = { { 0 }, 0 };
      add_compiler (&l, &s, &c, report_all);
      if (!s.run)
	args_add_words (&l, "-r -nostdlib -flinker-output=nolto-rel");
      args_add (&l, obj);
      args_add (&l, "-o");
      args_add (&l, out);
      r = harness_run (l.v, NULL);
      errors = check_outcome (&s, &c, "link", &r);
      harness_run_free (&r);
      if (s.strict)
	check_strict (&s, &c, out, errors);
      if (!s.run)
	continue;
      r = harness_run ((const char *const[]) { out, NULL }, NULL);
      ck_assert_msg (r.status == 0 && strcmp (r.out, expected) == 0,
		     "%s [%s, strategy=%s]: the program's output differs "
		     "from the build without the plugin", s.path, c.flags,
		     c.strategy);
      harness_run_free (&r);
    }
  free (expected);
}
END_TEST

Suite *
robustness_suite (void)
{
  Suite *s = suite_create ("Robustness");
  find_matrix_samples ();
  TCase *tc = tcase_create ("Configuration matrix");
  tcase_set_timeout (tc, E2E_TIMEOUT);
  tcase_add_loop_test (tc, test_matrix, 0, (int) matrix_paths.gl_pathc);
  suite_add_tcase (s, tc);
  return s;
}
