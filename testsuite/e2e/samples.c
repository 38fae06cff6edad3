/* Samples that carry their own expectations.  Each sample is compiled
   without the plugin, with it, and (for examples/) with the hot functions
   marked always_inline by hand; the object code is read back with objdump
   and the programs are run.

   Directives, in comments of the sample (hi-gcc-KIND, hi-clang-KIND: for
   that compiler only; under Clang only the examples run):
     { hi-options -O2 ... }      options for every build
     { hi-policy FILE }          policy, relative to the sample
     { hi-run }                  link and run: same output with the plugin
     { hi-plain-calls F }        without the plugin, F is still called
     { hi-no-calls F }           with the plugin, F is no longer called
     { hi-calls F }              with the plugin, F is still called
     { hi-no-calls-from C F }    with the plugin, C no longer calls F
     { hi-warning "text" }       with the plugin, a warning on this line
     { hi-error "text" } { hi-note "text" }   likewise
     { hi-checked-by e2e/FILE.c }  checked by that file's tests, not here
   Every warning or error the plugin build prints must be expected.

   The samples of testsuite/samples/ are found by a directory listing:
   each one that names no other test is checked here, and one that carries
   no expectation fails, saying so.  (The loader and the matcher of
   diagnostics are harness/sample.c's, shared with the Clang suites.)
   Under Clang also the samples written for it (clang-*.c): LLVM's guards
   and surgical forcing.  */
#define _GNU_SOURCE
#include <check.h>
#include <stdio.h>
#include <glob.h>
#include <libgen.h>
#include <stdlib.h>
#include <string.h>

#include "e2e/suites.h"
#include "harness/harness.h"
#include "harness/sample.h"

static int
compare_text (const void *a, const void *b)
{
  return strcmp (*(char *const *) a, *(char *const *) b);
}

/* A sample of the suite: one that names its policy.  */
static struct sample
load_sample (const char *path)
{
  struct sample s = sample_load (path);
  ck_assert_msg (s.setup.n_policies > 0, "%s has no { hi-policy FILE }",
		 path);
  return s;
}

/* Compile S to OBJ with EXTRA options, with or without the plugin (and
   then the plugin arguments of S).  */
static struct run
build (const struct sample *s, bool plugin, const char *extra,
       const char *obj)
{
  struct args a = { { 0 }, 0 };
  args_add (&a, harness_gcc ());
  if (plugin)
    {
      args_add_plugin (&a, s->setup.policies, s->setup.n_policies);
      args_add_words (&a, s->plugin_args);
    }
  args_add_words (&a, s->setup.options);
  args_add_words (&a, extra);
  args_add_words (&a, harness_clang () ? "-fno-caret-diagnostics -c"
				       : "-fdiagnostics-plain-output -c");
  args_add (&a, s->path);
  args_add (&a, "-o");
  args_add (&a, obj);
  return harness_run (a.v, NULL);
}

static bool
expects_errors (const struct sample *s)
{
  for (size_t i = 0; i < s->ds.n; i++)
    if (strcmp (s->ds.d[i].kind, "error") == 0)
      return true;
  return false;
}

static bool
has_directive (const struct sample *s, const char *kind, const char *arg)
{
  for (size_t i = 0; i < s->ds.n; i++)
    if (strcmp (s->ds.d[i].kind, kind) == 0 && s->ds.d[i].n_args > 0
	&& strcmp (s->ds.d[i].args[0], arg) == 0)
      return true;
  return false;
}

/* Check the calls left in the object code against the directives.  */
static void
check_calls (const struct sample *s, const char *plain, const char *forced,
	     const char *context)
{
  for (size_t i = 0; i < s->ds.n; i++)
    {
      const struct directive *d = &s->ds.d[i];
      if (strcmp (d->kind, "plain-calls") == 0 && plain)
	ck_assert_msg (harness_count_calls (plain, d->args[0]) > 0,
		       "%s (%s): without the plugin %s already inlines %s "
		       "everywhere; the sample proves nothing", s->path,
		       context, harness_gcc (), d->args[0]);
      else if (strcmp (d->kind, "no-calls") == 0
	       && (plain || has_directive (s, "plain-calls", d->args[0])))
	/* At other options than its own (PLAIN is NULL), only the hot
	   functions are sure to be gone: GCC inlines the others by itself
	   only at some levels.  */
	ck_assert_msg (harness_count_calls (forced, d->args[0]) == 0,
		       "%s (%s): %d call(s) to %s remain with the plugin",
		       s->path, context, harness_count_calls (forced, d->args[0]),
		       d->args[0]);
      else if (strcmp (d->kind, "no-calls-from") == 0)
	{
	  size_t n;
	  char **callers = harness_callers (forced, d->args[1], &n);
	  for (size_t j = 0; j < n; j++)
	    ck_assert_msg (strcmp (callers[j], d->args[0]) != 0,
			   "%s (%s): %s still calls %s with the plugin",
			   s->path, context, d->args[0], d->args[1]);
	}
      else if (strcmp (d->kind, "calls") == 0)
	ck_assert_msg (harness_count_calls (forced, d->args[0]) > 0,
		       "%s (%s): %s is no longer called with the plugin",
		       s->path, context, d->args[0]);
    }
}

/* Link OBJ and run it; returns its output, after checking it succeeded.  */
static char *
run_program (const struct sample *s, const char *obj)
{
  const char *exe = harness_fmt ("%s.exe", obj);
  struct run r = harness_run ((const char *const[]) { harness_gcc (), obj,
		     "-o", exe, NULL }, NULL);
  ck_assert_msg (r.status == 0, "%s: link failed: %.1500s", s->path, r.err);
  r = harness_run_program (exe, NULL);
  ck_assert_msg (r.status == 0, "%s: %s exited with %d: %.1500s", s->path, exe,
		 r.status, r.out);
  return r.out;
}

/* The whole check of one sample at the options EXTRA, with the plugin
   arguments PLUGIN_ARGS.  HAND: also compare with the by-hand build.  */
static void
check_sample_with (const char *path, const char *extra,
		   const char *plugin_args, bool hand)
{
  struct sample s = load_sample (path);
  s.plugin_args = plugin_args;
  const char *plain = sample_obj (&s, "plain");
  const char *forced = sample_obj (&s, "forced");

  struct run r = build (&s, false, extra, plain);
  ck_assert_msg (r.status == 0, "%s %s: plain build failed: %.1500s", path, extra,
		 r.err);
  r = build (&s, true, extra, forced);
  sample_check_diagnostics (&s, r.err, extra);
  if (expects_errors (&s))
    {
      ck_assert_msg (r.status == 1, "%s %s: errors expected, status %d",
		     path, extra, r.status);
      return;
    }
  ck_assert_msg (r.status == 0, "%s %s: plugin build failed: %.1500s", path,
		 extra, r.err);
  check_calls (&s, plain, forced, extra);

  if (hand)
    {
      const char *by_hand = sample_obj (&s, "hand");
      r = build (&s, false,
		 harness_fmt ("%s -DHOTINLINE_HAND -Wno-attributes", extra),
		 by_hand);
      ck_assert_msg (r.status == 0, "%s: hand build failed: %.1500s", path, r.err);
      ck_assert_msg (strcmp (harness_disassembly (forced),
			     harness_disassembly (by_hand)) == 0,
		     "%s %s: code differs from __attribute__((always_inline)) "
		     "by hand (compare %s and %s)", path, extra, forced,
		     by_hand);
    }
  if (s.setup.run)
    ck_assert_str_eq (run_program (&s, forced), run_program (&s, plain));
}

static void
check_sample (const char *path, const char *extra, bool hand)
{
  check_sample_with (path, extra, "", hand);
}

/* Report mode against the object code: for every hot function of a
   sample, the lines where the plugin reports a call that is still a call
   are exactly the lines of the calls objdump finds, each as many times as
   there are calls on it.  LTO: compile with
   -flto and run the plugin at link time only.  */
static void
check_reports_match_calls (const char *path, const char *extra, bool lto)
{
  struct sample s = load_sample (path);
  const char *policy_text = "version: 1\ndefaults: {action: report}\n"
			    "functions:\n";
  const char *hot[16];
  size_t n_hot = 0;
  /* The functions the plain build calls; when this compiler inlines
     them all, the ones the plugin must leave no call to, which must then
     get no report either.  */
  const char *kind = "plain-calls";
  for (size_t i = 0; i < s.ds.n; i++)
    if (strcmp (s.ds.d[i].kind, kind) == 0)
      break;
    else if (i == s.ds.n - 1)
      kind = "no-calls";
  for (size_t i = 0; i < s.ds.n && n_hot < 16; i++)
    if (strcmp (s.ds.d[i].kind, kind) == 0)
      {
	hot[n_hot++] = s.ds.d[i].args[0];
	policy_text = harness_fmt ("%s  - name: %s\n", policy_text,
				   s.ds.d[i].args[0]);
      }
  ck_assert_msg (n_hot > 0, "%s names no hot function", path);
  s.setup.policies[0] = harness_write (harness_fmt ("%s-report.yaml", s.name),
				 policy_text);
  s.setup.n_policies = 1;

  const char *out = sample_obj (&s, lto ? "lto" : "report");
  struct run r;
  if (lto)
    {
      const char *ir = sample_obj (&s, "ir");
      r = build (&s, false, harness_fmt ("%s -g -flto", extra), ir);
      ck_assert_msg (r.status == 0, "%s: -flto compile failed: %.1500s",
		     path, r.err);
      struct args a = { { 0 }, 0 };
      args_add (&a, harness_gcc ());
      args_add_plugin (&a, s.setup.policies, 1);
      args_add_words (&a, s.setup.options);
      args_add_words (&a, harness_fmt ("%s -g -flto "
				       "-fdiagnostics-plain-output", extra));
      if (!s.setup.run)
	/* No main: a relocatable object, through lto1 all the same.  */
	args_add_words (&a, "-r -nostdlib -flinker-output=nolto-rel");
      args_add (&a, ir);
      args_add (&a, "-o");
      args_add (&a, out);
      r = harness_run (a.v, NULL);
    }
  else
    r = build (&s, true, harness_fmt ("%s -g", extra), out);
  ck_assert_msg (r.status == 0, "%s %s: build failed: %.1500s", path, extra,
		 r.err);

  char *base = strdup (path);
  const char *source = harness_fmt ("%s", basename (base));
  struct diagnostics diags = harness_diagnostics (r.err);
  for (size_t h = 0; h < n_hot; h++)
    {
      /* Each report's line once per call it counts: one, or the N of its
	 note "N calls here in the object code".  */
      const char *prefix = harness_fmt ("hot function '%s' ", hot[h]);
      char **seen = NULL;
      size_t n_seen = 0;
      for (size_t i = 0; i < diags.n; i++)
	{
	  const char *m = diags.d[i].message;
	  if (strcmp (diags.d[i].kind, "warning") != 0
	      || strncmp (m, prefix, strlen (prefix)) != 0
	      || (strncmp (m + strlen (prefix), "not inlined", 11) != 0
		  && strncmp (m + strlen (prefix), "only partly inlined", 19)
		     != 0
		  && strncmp (m + strlen (prefix), "split:", 6) != 0))
	    continue;
	  unsigned count = 1;
	  for (size_t j = i + 1;
	       j < diags.n && strcmp (diags.d[j].kind, "note") == 0; j++)
	    if (strstr (diags.d[j].message, " calls here in the object code"))
	      count = (unsigned) strtoul (diags.d[j].message, NULL, 10);
	  char *file = strdup (diags.d[i].file);
	  const char *line = harness_fmt ("%s:%u", basename (file),
					  diags.d[i].line);
	  seen = realloc (seen, (n_seen + count) * sizeof *seen);
	  while (count--)
	    seen[n_seen++] = (char *) line;
	}
      if (n_seen)
	qsort (seen, n_seen, sizeof *seen, compare_text);
      /* LLVM's code generator duplicates calls (tail duplication) and
	 merges them (tail merging) after the last IR pass, where the
	 reports come from: under Clang each line counts once
	 (docs/clang.md).  */
      bool each_once = harness_clang ();
      const char *reported = "";
      for (size_t j = 0; j < n_seen; j++)
	if (!each_once || j == 0 || strcmp (seen[j], seen[j - 1]) != 0)
	  reported = harness_fmt ("%s %s", reported, seen[j]);

      size_t n_calls;
      char **calls = harness_call_sites (out, hot[h], source, &n_calls);
      const char *called = "";
      for (size_t j = 0; j < n_calls; j++)
	if (!each_once || j == 0 || strcmp (calls[j], calls[j - 1]) != 0)
	  called = harness_fmt ("%s %s", called, calls[j]);
      ck_assert_msg (strcmp (reported, called) == 0,
		     "%s %s%s: %s: reported at [%s ], called at [%s ]", path,
		     extra, lto ? " -flto" : "", hot[h], reported, called);
    }
}

static glob_t examples;

static const char *const report_levels[] = { "-O1", "-O2", "-O3", "-Os" };

START_TEST (test_reports_match_object_code)
{
  size_t n = sizeof report_levels / sizeof *report_levels;
  check_reports_match_calls (examples.gl_pathv[_i / n],
			     report_levels[_i % n], false);
}
END_TEST

START_TEST (test_reports_match_object_code_under_lto)
{
  check_reports_match_calls (examples.gl_pathv[_i], "-O2", true);
}
END_TEST

/* Samples of testsuite/samples/ whose calls GCC moves away from where
   they are written: the same check at every level and under -flto.  */
static const char *const report_samples[] = {
  "report.c",			/* Inlined callers, calls removed.  */
  "folded.c",			/* Identical code folding.  */
  "split.c",			/* Split functions, their clones.  */
  "duplicated.c",		/* One call duplicated.  */
  "clone.c",			/* A call left only in a clone.  */
};
enum { N_REPORT_SAMPLES = sizeof report_samples / sizeof *report_samples };

START_TEST (test_report_samples_match_object_code)
{
  size_t n = sizeof report_levels / sizeof *report_levels + 1;
  const char *path = harness_src (harness_fmt ("testsuite/samples/%s",
					       report_samples[_i / n]));
  if (_i % n == n - 1)
    check_reports_match_calls (path, "-O2", true);
  else
    check_reports_match_calls (path, report_levels[_i % n], false);
}
END_TEST

/* The same without -flto, for compilers whose LTO link the plugin does
   not see.  */
START_TEST (test_report_samples_at_levels)
{
  size_t n = sizeof report_levels / sizeof *report_levels;
  check_reports_match_calls (harness_src (harness_fmt ("testsuite/samples/%s",
						       report_samples[_i / n])),
			     report_levels[_i % n], false);
}
END_TEST

/* The diagnostic of KIND with exactly MESSAGE in DS, which must be there
   once.  */
static const struct diagnostic *
only_diagnostic (const struct diagnostics *ds, const char *kind,
		 const char *message, const char *stderr_text)
{
  const struct diagnostic *found = NULL;
  for (size_t i = 0; i < ds->n; i++)
    if (strcmp (ds->d[i].kind, kind) == 0
	&& strcmp (ds->d[i].message, message) == 0)
      {
	ck_assert_msg (!found, "twice: %s: %s\n%.3000s", kind, message,
		       stderr_text);
	found = &ds->d[i];
      }
  ck_assert_msg (found, "missing: %s: %s\n%.3000s", kind, message,
		 stderr_text);
  return found;
}

/* Identical code folding (folded.c): one report for each call of the
   object code, the copy's at the line the line table gives it (which
   depends on the GCC), with a note at its twin's call; an alias's calls
   are its twin's, said once.  */
START_TEST (test_folded_functions_reported_once_each)
{
  struct sample s = load_sample (harness_src ("testsuite/samples/folded.c"));
  const char *obj = sample_obj (&s, "folded");
  struct run r = build (&s, true, "-g", obj);
  ck_assert_msg (r.status == 0, "%.2000s", r.err);
  struct diagnostics ds = harness_diagnostics (r.err);
  size_t n_lines;
  char **lines = harness_call_lines (obj, "body", "folded.c", &n_lines);
  static const char *const callers[] = { "first", "second", "third" };
  size_t warnings = 0;
  for (size_t i = 0; i < ds.n; i++)
    warnings += strcmp (ds.d[i].kind, "warning") == 0;
  ck_assert_msg (warnings == 3, "%zu warnings:\n%.3000s", warnings, r.err);
  for (size_t i = 0; i < 3; i++)
    {
      const struct diagnostic *d
	= only_diagnostic (&ds, "warning", harness_fmt (
			     "hot function 'body' not inlined into '%s': "
			     "--param max-inline-insns-auto limit reached "
			     "[hotinline]", callers[i]), r.err);
      const char *at = harness_fmt ("folded.c:%u", d->line);
      bool called = false;
      for (size_t j = 0; j < n_lines; j++)
	called |= strcmp (lines[j], at) == 0;
      ck_assert_msg (called, "%s reported at %s, where objdump has no call",
		     callers[i], at);
    }
  only_diagnostic (&ds, "note", "GCC found 'second' identical to the "
		   "function written here and compiled it as a copy of it "
		   "(identical code folding) [hotinline]", r.err);
  only_diagnostic (&ds, "note", "GCC found 'fourth' identical to 'third' "
		   "and made it an alias (identical code folding): this call "
		   "is its call too [hotinline]", r.err);
  harness_diagnostics_free (&ds);
}
END_TEST

/* Whether NAME is FUNCTION or one of its clones.  */
static bool
is_function_or_clone (const char *name, const char *function)
{
  size_t n = strlen (function);
  return strncmp (name, function, n) == 0
	 && (name[n] == '\0' || name[n] == '.');
}

/* Surgical forcing: every declined hot call inlined, the program's output
   unchanged, and the code of every function other than the hot functions
   and the functions that called them exactly as without the plugin.
   That comparison is made without -fipa-ra, with which GCC allocates a
   function's registers around those its callees really clobber: a
   changed hot caller changes the registers of its own callers, up to
   main (as on aarch64), and nothing else.  */
static void
check_surgical (const char *path, const char *extra)
{
  struct sample s = load_sample (path);
  s.plugin_args = "-fplugin-arg-hotinline-strategy=surgical";
  const char *plain = sample_obj (&s, "plain");
  const char *surgical = sample_obj (&s, "surgical");
  struct run r = build (&s, false, extra, plain);
  ck_assert_msg (r.status == 0, "%s: plain build failed: %.1500s", path,
		 r.err);
  r = build (&s, true, extra, surgical);
  ck_assert_msg (r.status == 0, "%s: surgical build failed: %.1500s", path,
		 r.err);
  /* At other levels than its own GCC may inline a hot function anyway.  */
  check_calls (&s, strstr (extra, "-O") ? NULL : plain, surgical,
	       "surgical");
  if (s.setup.run)
    ck_assert_str_eq (run_program (&s, surgical), run_program (&s, plain));

  /* The hot functions, and every function that called one.  */
  const char *allowed[64];
  size_t n_allowed = 0;
  for (size_t i = 0; i < s.ds.n; i++)
    if (strcmp (s.ds.d[i].kind, "no-calls") == 0 && n_allowed < 64)
      {
	allowed[n_allowed++] = s.ds.d[i].args[0];
	size_t n;
	char **callers = harness_callers (plain, s.ds.d[i].args[0], &n);
	for (size_t j = 0; j < n && n_allowed < 64; j++)
	  allowed[n_allowed++] = callers[j];
      }

  const char *local = harness_fmt ("%s -fno-ipa-ra", extra);
  r = build (&s, false, local, plain);
  ck_assert_int_eq (r.status, 0);
  r = build (&s, true, local, surgical);
  ck_assert_int_eq (r.status, 0);
  struct functions before = harness_functions (plain);
  struct functions after = harness_functions (surgical);
  for (size_t i = 0; i < before.n; i++)
    {
      bool may_change = false;
      for (size_t j = 0; j < n_allowed; j++)
	may_change |= is_function_or_clone (before.names[i], allowed[j]);
      if (may_change)
	continue;
      const char *body = harness_function_body (&after, before.names[i]);
      ck_assert_msg (body && strcmp (body, before.bodies[i]) == 0,
		     "%s %s: surgical forcing changed %s, which neither is "
		     "hot nor calls a hot function", path, extra,
		     before.names[i]);
    }
}

/* Forcing at link time: the IPA inliner runs in the LTO link, and so
   does the plugin, with the plugin arguments ARGS.  */
static void
check_forcing_at_lto_link (const char *path, const char *args)
{
  struct sample s = load_sample (path);
  const char *ir = sample_obj (&s, "ir");
  const char *exe = sample_obj (&s, "lto-surgical");
  struct run r = build (&s, false, "-flto", ir);
  ck_assert_msg (r.status == 0, "%s: %.1500s", path, r.err);
  struct args a = { { 0 }, 0 };
  args_add (&a, harness_gcc ());
  args_add_plugin (&a, s.setup.policies, s.setup.n_policies);
  args_add_words (&a, args);
  args_add_words (&a, "-flto -fchecking");
  args_add_words (&a, s.setup.options);
  args_add (&a, ir);
  args_add (&a, "-o");
  args_add (&a, exe);
  r = harness_run (a.v, NULL);
  ck_assert_msg (r.status == 0, "%s: LTO link failed: %.1500s", path, r.err);
  check_calls (&s, NULL, exe, args);
  struct run out = harness_run_program (exe, NULL);
  ck_assert_int_eq (out.status, 0);
  ck_assert_str_eq (out.out, run_program (&s, sample_obj (&s, "plain")));
}

/* The plugin on the link line only: surgical, and the default strategy,
   which is surgical there too since attribute forcing is too late.  */
START_TEST (test_forcing_at_lto_link)
{
  const char *path = examples.gl_pathv[_i / 2];
  struct sample s = load_sample (path);
  struct run r = build (&s, false, "", sample_obj (&s, "plain"));
  ck_assert_int_eq (r.status, 0);
  check_forcing_at_lto_link (path, _i % 2
			     ? "-fplugin-arg-hotinline-strategy=surgical"
			     : "");
}
END_TEST

/* -fchecking: GCC verifies its own data structures after the plugin's
   inlining.  */
static const char *const surgical_levels[] = { "-fchecking", "-O3 -fchecking",
					       "-Os -fchecking",
					       "-O1 -fchecking",
					       /* No IPA inliner: attribute
						  forcing stands in.  */
					       "-O0 -fchecking",
					       "-O2 -fno-inline -fchecking" };

START_TEST (test_surgical_changes_only_hot_callers)
{
  size_t n = sizeof surgical_levels / sizeof *surgical_levels;
  check_surgical (examples.gl_pathv[_i / n], surgical_levels[_i % n]);
}
END_TEST

/* Same input, same output: each example compiled twice, forcing with its
   policy and reporting everything else it calls, gives byte-identical
   objects and identical diagnostics.  */
START_TEST (test_builds_are_deterministic)
{
  struct sample s = load_sample (examples.gl_pathv[_i]);
  s.setup.policies[s.setup.n_policies++]
    = harness_write ("all.yaml", "version: 1\nfunctions:\n"
		     "  - {name: \"*\", action: report}\n");
  s.plugin_args = "-fplugin-arg-hotinline-summary";
  const char *a = sample_obj (&s, "first"), *b = sample_obj (&s, "second");
  struct run ra = build (&s, true, "-g", a);
  struct run rb = build (&s, true, "-g", b);
  ck_assert_int_eq (ra.status, 0);
  ck_assert_int_eq (rb.status, 0);
  ck_assert_msg (strstr (ra.err, "hot function"), "nothing reported");
  ck_assert_str_eq (ra.err, rb.err);
  size_t na, nb;
  char *da = harness_read (a, &na), *db = harness_read (b, &nb);
  ck_assert_msg (na == nb && memcmp (da, db, na) == 0,
		 "%s and %s differ", a, b);
}
END_TEST

/* examples/: at their own options.  */

START_TEST (test_example_forced_like_by_hand)
{
  check_sample (examples.gl_pathv[_i], "", true);
}
END_TEST

/* The functions that cannot be inlined, at every optimisation level.  */

static const char *const levels[] = { "-O0", "-O1", "-O2", "-O3", "-Os",
				      "-Og", "-O2 -fno-inline",
				      "-O2 -fPIC -fno-semantic-interposition",
				      "-O3 -fPIC -fno-semantic-interposition" };

START_TEST (test_uninlinable_skipped_at_every_level)
{
  /* The calls left behind are reported too, differently at each level;
     as notes they do not count here.  */
  check_sample_with (harness_src ("testsuite/samples/uninlinable.c"),
		     levels[_i], "-fplugin-arg-hotinline-severity=note", false);
}
END_TEST

/* The samples of testsuite/samples/ that state all their expectations,
   found when the suite is made: every .c and .cc there but those that name
   the test that checks them, { hi-checked-by e2e/FILE.c }.  Adding a
   sample is adding a file.  */
static glob_t own_samples;

static void
find_own_samples (void)
{
  memset (&own_samples, 0, sizeof own_samples);
  glob (harness_src ("testsuite/samples/*.c"), 0, NULL, &own_samples);
  glob (harness_src ("testsuite/samples/*.cc"), GLOB_APPEND, NULL,
	&own_samples);
  size_t kept = 0;
  for (size_t i = 0; i < own_samples.gl_pathc; i++)
    {
      char *text = harness_read (own_samples.gl_pathv[i], NULL);
      if (!text || !strstr (text, "{ hi-checked-by "))
	own_samples.gl_pathv[kept++] = own_samples.gl_pathv[i];
      free (text);
    }
  own_samples.gl_pathc = kept;
}

/* Whether S says what the plugin must do: calls left or gone, diagnostics,
   or a program to run.  */
static bool
carries_expectations (const struct sample *s)
{
  static const char *const kinds[] = { "plain-calls", "no-calls", "calls",
				       "no-calls-from", "warning", "error",
				       "note", "run" };
  for (size_t i = 0; i < s->ds.n; i++)
    for (size_t k = 0; k < sizeof kinds / sizeof *kinds; k++)
      if (strcmp (s->ds.d[i].kind, kinds[k]) == 0)
	return true;
  return false;
}

/* Whether GCC, for this target, duplicates the call of duplicated.c that
   the sample's expectations count twice: its plain build has two calls on
   that line.  */
static bool
call_is_duplicated (const char *src)
{
  const char *obj = harness_fmt ("%s/duplicated-plain.o", harness_tmpdir ());
  struct run r = harness_sh (harness_fmt ("%s -O3 -g -c %s -o %s",
					  harness_gcc (), src, obj));
  ck_assert_msg (r.status == 0, "%s", r.err);
  size_t n = 0, twice = 0;
  char **sites = harness_call_sites (obj, "body", "duplicated.c", &n);
  for (size_t i = 0; i < n; i++)
    twice += strcmp (sites[i], "duplicated.c:20") == 0;
  return twice == 2;
}

START_TEST (test_sample)
{
  const char *src = own_samples.gl_pathv[_i];
  struct sample s = sample_load (src);
  ck_assert_msg (carries_expectations (&s),
		 "%s carries no expectation: write in its comments what the "
		 "plugin must do ({ hi-policy FILE } and { hi-no-calls F }, "
		 "{ hi-warning \"text\" }, ...: see the top of e2e/samples.c), "
		 "or name the test that checks it ({ hi-checked-by "
		 "e2e/FILE.c })", src);
  /* Markers of what forcing by hand gives, to compare with.  */
  char *text = harness_read (src, NULL);
  bool hand = text && strstr (text, "HOTINLINE_HAND");
  free (text);
  if (strcmp (s.name, "duplicated") == 0 && !call_is_duplicated (src))
    {
      fprintf (stderr, "SKIP %s on %s: GCC does not duplicate its call "
	       "here (the placement check of every sample still runs)\n",
	       src, harness_target ());
      return;
    }
  check_sample (src, "", hand);
}
END_TEST

/* A policy that forces a family of functions calling each other three
   times over would grow code exponentially: surgical forcing stops at its
   bounds with a warning, in bounded time, and the build passes.  */
START_TEST (test_surgical_forcing_is_bounded)
{
  /* Declared first: GCC 14 makes an implicit declaration an error.  */
  const char *text = "";
  for (int i = 0; i < 14; i++)
    text = harness_fmt ("%sint f%d (int);\n", text, i);
  for (int i = 0; i < 14; i++)
    text = harness_fmt ("%sint f%d (int x) { int s = x * %d; for (int i = 0;"
			" i < x; i++) s ^= s >> 3; %s return s; }\n", text,
			i, i + 3,
			i < 13 ? harness_fmt ("s += f%d (s) + f%d (s + 1) + "
					      "f%d (s + 2);", i + 1, i + 1,
					      i + 1) : "");
  const char *src = harness_write ("fanout.c", text);
  const char *policy = harness_write ("fanout.yaml",
				      "version: 1\nfunctions:\n"
				      "  - {name: \"f*\", action: "
				      "always_inline}\n");
  struct args a = { { 0 }, 0 };
  args_add (&a, harness_gcc ());
  args_add_plugin (&a, &policy, 1);
  args_add_words (&a, harness_fmt ("-fplugin-arg-hotinline-strategy=surgical "
				   "-fplugin-arg-hotinline-severity=note -O2 "
				   "-fchecking -c %s -o %s/fanout.o", src,
				   harness_tmpdir ()));
  struct run r = harness_run (a.v, NULL);
  ck_assert_msg (r.status == 0, "%.2000s", r.err);
  ck_assert_ptr_nonnull (strstr (r.err, "surgical forcing left"));
}
END_TEST

START_TEST (test_strict_argument_makes_it_an_error)
{
  const char *src = harness_src ("testsuite/samples/uninlinable.c");
  struct sample s = load_sample (src);
  s.plugin_args = "-fplugin-arg-hotinline-strict "
		  "-fplugin-arg-hotinline-severity=note";
  struct run r = build (&s, true, "-O2", sample_obj (&s, "strict"));
  ck_assert_int_eq (r.status, 1);
  struct diagnostics ds = harness_diagnostics (r.err);
  size_t errors = 0, warnings = 0;
  for (size_t i = 0; i < ds.n; i++)
    {
      errors += strcmp (ds.d[i].kind, "error") == 0;
      warnings += strcmp (ds.d[i].kind, "warning") == 0;
    }
  size_t expected = 0;
  for (size_t i = 0; i < s.ds.n; i++)
    expected += strcmp (s.ds.d[i].kind, "warning") == 0;
  ck_assert_uint_eq (errors, expected);
  ck_assert_uint_eq (warnings, 0);
}
END_TEST

/* A forced function whose body is in another unit reads the same under
   both strategies: the warning at its declaration, then one report per
   call.  */
START_TEST (test_body_elsewhere_reads_the_same_under_both_strategies)
{
  const char *src = harness_write ("elsewhere.c",
				   "unsigned hot (unsigned);\n"
				   "unsigned f (unsigned x)\n"
				   "{\n"
				   "  return hot (x) + hot (x + 1);\n"
				   "}\n");
  const char *policy = harness_write ("elsewhere.yaml",
				      "version: 1\nfunctions:\n"
				      "  - {name: hot, action: always_inline}\n");
  const char *strategies[] = { "attribute", "surgical" };
  char *err[2];
  for (int i = 0; i < 2; i++)
    {
      struct args a = { { 0 }, 0 };
      args_add (&a, harness_gcc ());
      args_add_plugin (&a, &policy, 1);
      args_add (&a, harness_fmt ("-fplugin-arg-hotinline-strategy=%s",
				 strategies[i]));
      args_add_words (&a, "-O2 -c -o /dev/null -fdiagnostics-plain-output");
      args_add (&a, src);
      struct run r = harness_run (a.v, NULL);
      ck_assert_msg (r.status == 0, "%s: %s", strategies[i], r.err);
      err[i] = r.err;
    }
  ck_assert_msg (strstr (err[0], "elsewhere.c:1:10: warning: hot function "
			 "'hot' is not forced inline: its body is not in "
			 "this translation unit; define it in a header or "
			 "build with '-flto' [hotinline]"), "%s", err[0]);
  ck_assert_str_eq (err[1], err[0]);
}
END_TEST

/* Forcing in Clang, on the samples written for it (clang-*.c): LLVM's
   guards, C++ members and templates, surgical forcing.  */

static const char *const clang_levels[] = { "-O0", "-O1", "-O2", "-O3", "-Os",
				      "-Oz", "-O2 -fPIC" };
enum { N_CLANG_LEVELS = sizeof clang_levels / sizeof *clang_levels };

/* Forcing with LLVM's guards, at every level: the functions LLVM cannot
   or must not inline are left alone with their warning (the build never
   breaks, the AVX2 function never reaches a plain caller), the control is
   forced, and the program prints what it prints without the plugin.  The
   calls left are reported too, as notes here.  */
START_TEST (test_guards_at_every_level)
{
  struct sample s = sample_load ("clang-guards.c");
  const char *level = clang_levels[_i];
  const char *plain = sample_obj (&s, "plain"), *forced = sample_obj (&s, "forced");
  struct run r = sample_build (&s, false, "", level, plain);
  ck_assert_msg (r.status == 0, "%s: %.2000s", level, r.err);
  r = sample_build (&s, true, "-fplugin-arg-hotinline-severity=note", level, forced);
  ck_assert_msg (r.status == 0, "%s: plugin build failed (%d): %.3000s", level,
		 r.status, r.err);
  sample_check_diagnostics (&s, r.err, level);
  for (size_t i = 0; i < s.ds.n; i++)
    if (strcmp (s.ds.d[i].kind, "no-calls") == 0)
      ck_assert_msg (harness_count_calls (forced, s.ds.d[i].args[0]) == 0,
		     "%s: %s still called with the plugin", level,
		     s.ds.d[i].args[0]);
  if (strcmp (level, "-O0") == 0)
    ck_assert_msg (harness_count_calls (plain, "grow") > 0,
		   "grow is inlined without the plugin: proves nothing");
  ck_assert_msg (harness_count_calls (forced, "kept") > 0,
		 "%s: noinline kept was inlined", level);
  ck_assert_msg (harness_count_calls (forced, "wide") > 0,
		 "%s: the AVX2 function was inlined into a plain caller",
		 level);
  ck_assert_str_eq (sample_run_program (forced), sample_run_program (plain));
}
END_TEST

/* C++: a member named by its qualified name and a template named by its
   plain name are forced (every instance); the other member is not.  The
   directives say which symbols are called before and after.  */
START_TEST (test_cxx_member_and_template)
{
  struct sample s = sample_load ("clang-cxx.cc");
  const char *plain = sample_obj (&s, "plain"), *forced = sample_obj (&s, "forced");
  struct run r = sample_build (&s, false, "", "", plain);
  ck_assert_msg (r.status == 0, "%s", r.err);
  r = sample_build (&s, true, "", "", forced);
  ck_assert_msg (r.status == 0, "%s", r.err);
  sample_check_diagnostics (&s, r.err, "C++");
  for (size_t i = 0; i < s.ds.n; i++)
    {
      const struct directive *d = &s.ds.d[i];
      if (strcmp (d->kind, "plain-calls") == 0)
	ck_assert_msg (harness_count_calls (plain, d->args[0]) > 0,
		       "%s inlined without the plugin", d->args[0]);
      else if (strcmp (d->kind, "no-calls") == 0)
	ck_assert_msg (harness_count_calls (forced, d->args[0]) == 0,
		       "%s still called with the plugin", d->args[0]);
      else if (strcmp (d->kind, "calls") == 0)
	ck_assert_msg (harness_count_calls (forced, d->args[0]) > 0,
		       "%s no longer called with the plugin", d->args[0]);
    }
}
END_TEST

/* Surgical forcing: at each level where LLVM's inliner declines mix (the
   test checks that it does; under -fno-inline Clang still runs its
   inliner, with every function noinline), the plugin leaves no call to
   it, the program prints the same, and every function of the object but
   mix and the functions that called it has exactly the code it has
   without the plugin: every other inlining decision is LLVM's own.  */
static const char *const clang_surgical_levels[] = { "-O1", "-O2", "-O3", "-Os",
					       "-O2 -fno-inline" };

START_TEST (test_surgical_changes_nothing_else)
{
  struct sample s = sample_load ("clang-surgical.c");
  const char *level = clang_surgical_levels[_i];
  const char *plain = sample_obj (&s, "plain"), *surgical = sample_obj (&s, "surgical");
  struct run r = sample_build (&s, false, "", level, plain);
  ck_assert_msg (r.status == 0, "%s", r.err);
  r = sample_build (&s, true, "-fplugin-arg-hotinline-strategy=surgical", level,
	     surgical);
  ck_assert_msg (r.status == 0, "%s: %s", level, r.err);
  ck_assert_msg (!strstr (r.err, "warning") && !strstr (r.err, "error"),
		 "%s: surgical forcing said:\n%s", level, r.err);
  ck_assert_msg (harness_count_calls (plain, "mix") > 0,
		 "%s: LLVM inlines mix without help: proves nothing", level);
  ck_assert_msg (harness_count_calls (surgical, "mix") == 0,
		 "%s: %d calls to mix left by surgical forcing", level,
		 harness_count_calls (surgical, "mix"));
  ck_assert_str_eq (sample_run_program (surgical), sample_run_program (plain));

  size_t n_callers;
  char **callers = harness_callers (plain, "mix", &n_callers);
  struct functions before = harness_functions (plain);
  struct functions after = harness_functions (surgical);
  ck_assert_msg (before.n > n_callers + 2, "%s: too few functions to tell",
		 level);
  for (size_t i = 0; i < before.n; i++)
    {
      bool may_change = strcmp (before.names[i], "mix") == 0;
      for (size_t j = 0; j < n_callers; j++)
	may_change |= strcmp (before.names[i], callers[j]) == 0;
      if (may_change)
	continue;
      const char *body = harness_function_body (&after, before.names[i]);
      ck_assert_msg (body && strcmp (body, before.bodies[i]) == 0,
		     "%s: surgical forcing changed %s, which neither is hot "
		     "nor calls mix", level, before.names[i]);
    }
}
END_TEST

/* A hot function on a cycle of calls (clang-surgical-cycle.c, zstd's
   FSE_readNCount_body reduced) is forced by attribute under the surgical
   strategy too: LLVM's inliner skips the calls within a cycle of a
   function it has inlined such a call into, so the advisor would never
   see the call left in parse.  No call to it is left at any level.  */
START_TEST (test_surgical_forces_a_call_cycle)
{
  struct sample s = sample_load ("clang-surgical-cycle.c");
  const char *level = clang_surgical_levels[_i];
  const char *plain = sample_obj (&s, harness_fmt ("plain%d", _i));
  const char *surgical = sample_obj (&s, harness_fmt ("surgical%d", _i));
  struct run r = sample_build (&s, false, "", level, plain);
  ck_assert_msg (r.status == 0, "%s", r.err);
  r = sample_build (&s, true, "-fplugin-arg-hotinline-strategy=surgical", level,
	     surgical);
  ck_assert_msg (r.status == 0 && !strstr (r.err, "warning"), "%s: %s",
		 level, r.err);
  ck_assert_msg (harness_count_calls (plain, "parse_body") > 0,
		 "%s: LLVM inlines parse_body without help: proves nothing",
		 level);
  ck_assert_msg (harness_count_calls (surgical, "parse_body") == 0,
		 "%s: %d calls to parse_body left by surgical forcing", level,
		 harness_count_calls (surgical, "parse_body"));
}
END_TEST

/* At -O0 only the always-inliner runs: surgical forcing is attribute
   forcing there, as on GCC.  */
START_TEST (test_surgical_at_o0_is_attribute)
{
  struct sample s = sample_load ("clang-surgical.c");
  const char *attribute = sample_obj (&s, "o0-attribute");
  const char *surgical = sample_obj (&s, "o0-surgical");
  struct run r = sample_build (&s, true, "", "-O0", attribute);
  ck_assert_msg (r.status == 0, "%s", r.err);
  r = sample_build (&s, true, "-fplugin-arg-hotinline-strategy=surgical", "-O0",
	     surgical);
  ck_assert_msg (r.status == 0, "%s", r.err);
  ck_assert_int_eq (harness_count_calls (surgical, "mix"), 0);
  ck_assert_msg (strcmp (harness_disassembly (surgical),
			 harness_disassembly (attribute)) == 0,
		 "at -O0, surgical forcing differs from attribute forcing "
		 "(%s, %s)", attribute, surgical);
}
END_TEST


Suite *
samples_suite (void)
{
  Suite *s = runner_suite ("Force mode");
  if (glob (harness_src ("examples/*.c"), 0, NULL, &examples) != 0)
    examples.gl_pathc = 0;
  TCase *tc = runner_tcase ("Examples");
  tcase_set_timeout (tc, E2E_TIMEOUT);
  tcase_add_loop_test (tc, test_example_forced_like_by_hand, 0,
		       (int) examples.gl_pathc);
  runner_add_tcase (s, tc);
  /* Under Clang: the examples and the report samples, whose checks hold
     on any compiler; the rest is about GCC's inliner and options.  */
  bool clang = harness_clang ();
  size_t n_levels = sizeof report_levels / sizeof *report_levels;
  if (!clang)
    {
      tc = runner_tcase ("Surgical forcing");
      tcase_set_timeout (tc, E2E_TIMEOUT);
      tcase_add_loop_test (tc, test_surgical_changes_only_hot_callers, 0,
			   (int) (examples.gl_pathc
				  * (sizeof surgical_levels
				     / sizeof *surgical_levels)));
      tcase_add_loop_test (tc, test_forcing_at_lto_link, 0,
			   (int) examples.gl_pathc * 2);
      runner_add_tcase (s, tc);
    }

  tc = runner_tcase ("Determinism");
  tcase_set_timeout (tc, E2E_TIMEOUT);
  tcase_add_loop_test (tc, test_builds_are_deterministic, 0,
		       (int) examples.gl_pathc);
  runner_add_tcase (s, tc);

  tc = runner_tcase ("Report mode");
  tcase_set_timeout (tc, E2E_TIMEOUT);
  tcase_add_loop_test (tc, test_reports_match_object_code, 0,
		       (int) (examples.gl_pathc * n_levels));
  if (clang)
    tcase_add_loop_test (tc, test_report_samples_at_levels, 0,
			 (int) (N_REPORT_SAMPLES * n_levels));
  else
    {
      tcase_add_loop_test (tc, test_reports_match_object_code_under_lto, 0,
			   (int) examples.gl_pathc);
      tcase_add_test (tc, test_folded_functions_reported_once_each);
      tcase_add_loop_test (tc, test_report_samples_match_object_code, 0,
			   (int) (N_REPORT_SAMPLES * (n_levels + 1)));
    }
  runner_add_tcase (s, tc);
  if (clang)
    {
      tc = runner_tcase ("Guards");
      tcase_set_timeout (tc, E2E_TIMEOUT);
      tcase_add_loop_test (tc, test_guards_at_every_level, 0,
			   N_CLANG_LEVELS);
      tcase_add_test (tc, test_cxx_member_and_template);
      runner_add_tcase (s, tc);

      tc = runner_tcase ("Surgical forcing");
      tcase_set_timeout (tc, E2E_TIMEOUT);
      tcase_add_loop_test (tc, test_surgical_changes_nothing_else, 0,
			   sizeof clang_surgical_levels
			   / sizeof *clang_surgical_levels);
      tcase_add_loop_test (tc, test_surgical_forces_a_call_cycle, 0,
			   sizeof clang_surgical_levels
			   / sizeof *clang_surgical_levels);
      tcase_add_test (tc, test_surgical_at_o0_is_attribute);
      runner_add_tcase (s, tc);
    }
  if (harness_skip_on_clang ("Force mode but its examples, reports and "
			     "Clang samples",
			     "the other samples use GCC extensions (nested "
			     "functions, noipa), GCC's inliner's decisions "
			     "and lto1; the clang-* samples are where LLVM's "
			     "inliner declines"))
    return s;

  tc = runner_tcase ("Safety");
  tcase_set_timeout (tc, E2E_TIMEOUT);
  tcase_add_loop_test (tc, test_uninlinable_skipped_at_every_level, 0,
		       (int) (sizeof levels / sizeof *levels));
  find_own_samples ();
  tcase_add_loop_test (tc, test_sample, 0, (int) own_samples.gl_pathc);
  tcase_add_test (tc, test_strict_argument_makes_it_an_error);
  tcase_add_test (tc, test_surgical_forcing_is_bounded);
  tcase_add_test (tc, test_body_elsewhere_reads_the_same_under_both_strategies);
  runner_add_tcase (s, tc);
  return s;
}
