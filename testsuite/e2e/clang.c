/* The LLVM plugin in Clang (make check CLANG=clang-N): loading, the
   arguments and the LLVM version check; forcing with LLVM's guards;
   reports at the calls objdump finds, with and without -g, without
   changing the object code; Clang's -Werror, -w and -Wno-error=pass-failed;
   the results files.  Checked through the compiler's output, not the
   plugin's claims.  Skipped under GCC.  */
#define _GNU_SOURCE
#include <check.h>
#include <libgen.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <jansson.h>

#include "e2e/suites.h"
#include "e2e/summary-json.h"
#include "results-format.h"
#include "harness/harness.h"

/* A sample of testsuite/samples/ and what its directives ask.  */
struct sample
{
  const char *path, *name;
  struct directives ds;
  struct sample_setup setup;
};

static struct sample
load (const char *file)
{
  struct sample s;
  s.path = harness_src (harness_fmt ("testsuite/samples/%s", file));
  s.name = harness_fmt ("%.*s", (int) strcspn (file, "."), file);
  s.ds = harness_directives (s.path);
  s.setup = harness_sample_setup (s.path, &s.ds);
  return s;
}

/* The major version of the Clang under test, from its plugin's path
   (build/clang-N/).  */
static int
clang_major (void)
{
  return harness_clang_major ();
}

/* Compile S to OBJ with EXTRA, with the plugin (and ARGS) or without.  */
static struct run
build (const struct sample *s, bool plugin, const char *args,
       const char *extra, const char *obj)
{
  struct args a = { { 0 }, 0 };
  args_add (&a, strstr (s->path, ".cc") ? harness_gxx () : harness_gcc ());
  if (plugin)
    {
      args_add_plugin (&a, s->setup.policies, s->setup.n_policies);
      args_add_words (&a, args);
    }
  args_add_words (&a, s->setup.options);
  args_add_words (&a, extra);
  args_add_words (&a, "-c");
  args_add (&a, s->path);
  args_add (&a, "-o");
  args_add (&a, obj);
  return harness_run (a.v, NULL);
}

static const char *
obj (const struct sample *s, const char *variant)
{
  return harness_fmt ("%s/%s-%s.o", harness_tmpdir (), s->name, variant);
}

/* S built with EXTRA into OBJ (S, "plain") without the plugin and into
   OBJ (S, "report") with it (and ARGS): both build, and report mode
   leaves the code as it is.  The report build's run.  */
static struct run
build_report_as_plain (const struct sample *s, const char *args,
		       const char *extra)
{
  const char *plain = obj (s, "plain"), *rep = obj (s, "report");
  struct run p = build (s, false, "", extra, plain);
  struct run r = build (s, true, args, extra, rep);
  ck_assert_msg (p.status == 0 && r.status == 0, "%.3000s", r.err);
  ck_assert_msg (strcmp (harness_disassembly (plain),
			 harness_disassembly (rep)) == 0,
		 "report mode changed the code (%s, %s)", plain, rep);
  return r;
}

/* Every warning, error and note directive on its line, no other warning
   or error.  */
static void
check_diagnostics (const struct sample *s, const char *err,
		   const char *context)
{
  struct diagnostics ds = harness_diagnostics (err);
  bool *used = calloc (ds.n + 1, sizeof *used);
  for (size_t i = 0; i < s->ds.n; i++)
    {
      const struct directive *d = &s->ds.d[i];
      if (strcmp (d->kind, "warning") && strcmp (d->kind, "error")
	  && strcmp (d->kind, "note"))
	continue;
      bool found = false;
      for (size_t j = 0; j < ds.n && !found; j++)
	if (!used[j] && ds.d[j].line == d->line
	    && strcmp (ds.d[j].kind, d->kind) == 0
	    && strstr (ds.d[j].message, d->args[0]))
	  used[j] = found = true;
      ck_assert_msg (found, "%s %s: line %u: expected %s \"%s\"; got:\n%.3000s",
		     s->path, context, d->line, d->kind, d->args[0], err);
    }
  for (size_t j = 0; j < ds.n; j++)
    ck_assert_msg (used[j] || strcmp (ds.d[j].kind, "note") == 0,
		   "%s %s: unexpected %s at line %u: %s", s->path, context,
		   ds.d[j].kind, ds.d[j].line, ds.d[j].message);
  free (used);
  harness_diagnostics_free (&ds);
}

static char *
run_program (const char *o)
{
  const char *exe = harness_fmt ("%s.exe", o);
  struct run r = harness_run ((const char *const[]) { harness_gcc (), o, "-o",
		     exe, NULL }, NULL);
  ck_assert_msg (r.status == 0, "link %s: %.1500s", o, r.err);
  r = harness_run_program (exe, NULL);
  ck_assert_msg (r.status == 0, "%s exited with %d", exe, r.status);
  return r.out;
}

static const char *const levels[] = { "-O0", "-O1", "-O2", "-O3", "-Os",
				      "-Oz", "-O2 -fPIC" };
enum { N_LEVELS = sizeof levels / sizeof *levels };

/* Forcing with LLVM's guards, at every level: the functions LLVM cannot
   or must not inline are left alone with their warning (the build never
   breaks, the AVX2 function never reaches a plain caller), the control is
   forced, and the program prints what it prints without the plugin.  The
   calls left are reported too, as notes here.  */
START_TEST (test_guards_at_every_level)
{
  struct sample s = load ("clang-guards.c");
  const char *level = levels[_i];
  const char *plain = obj (&s, "plain"), *forced = obj (&s, "forced");
  struct run r = build (&s, false, "", level, plain);
  ck_assert_msg (r.status == 0, "%s: %.2000s", level, r.err);
  r = build (&s, true, "-fplugin-arg-hotinline-severity=note", level, forced);
  ck_assert_msg (r.status == 0, "%s: plugin build failed (%d): %.3000s", level,
		 r.status, r.err);
  check_diagnostics (&s, r.err, level);
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
  ck_assert_str_eq (run_program (forced), run_program (plain));
}
END_TEST

/* C++: a member named by its qualified name and a template named by its
   plain name are forced (every instance); the other member is not.  The
   directives say which symbols are called before and after.  */
START_TEST (test_cxx_member_and_template)
{
  struct sample s = load ("clang-cxx.cc");
  const char *plain = obj (&s, "plain"), *forced = obj (&s, "forced");
  struct run r = build (&s, false, "", "", plain);
  ck_assert_msg (r.status == 0, "%s", r.err);
  r = build (&s, true, "", "", forced);
  ck_assert_msg (r.status == 0, "%s", r.err);
  check_diagnostics (&s, r.err, "C++");
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

/* The lines of the reports about FUNCTION in ERR, one per report, sorted
   as harness_call_sites sorts.  */
static const char *
reported_lines (const char *err, const char *function)
{
  struct diagnostics ds = harness_diagnostics (err);
  const char *prefix = harness_fmt ("hot function '%s' not inlined into",
				    function);
  size_t n = 0;
  char **lines = calloc (ds.n + 1, sizeof *lines);
  for (size_t i = 0; i < ds.n; i++)
    if (strcmp (ds.d[i].kind, "warning") == 0
	&& strncmp (ds.d[i].message, prefix, strlen (prefix)) == 0)
      {
	char *file = strdup (ds.d[i].file);
	lines[n++] = (char *) harness_fmt ("%s:%u", basename (file),
					   ds.d[i].line);
      }
  for (size_t i = 0; i + 1 < n; i++)
    for (size_t j = i + 1; j < n; j++)
      if (strcmp (lines[j], lines[i]) < 0)
	{
	  char *t = lines[i];
	  lines[i] = lines[j];
	  lines[j] = t;
	}
  const char *text = "";
  for (size_t i = 0; i < n; i++)
    text = harness_fmt ("%s %s", text, lines[i]);
  return text;
}

static const char *
call_lines (const char *o, const char *function, const char *source)
{
  size_t n;
  char **calls = harness_call_sites (o, function, source, &n);
  const char *text = "";
  for (size_t i = 0; i < n; i++)
    text = harness_fmt ("%s %s", text, calls[i]);
  return text;
}

/* Whether the plugin sees the calls as the code generator emits them,
   and reports those: from LLVM 22, the first that lets a plugin into its
   code generator; before, the reports are about the IR's calls, the last
   a plugin sees (docs/clang.md).  */
static bool
sees_emitted_calls (void)
{
  return clang_major () >= 22;
}

static const char *const report_levels[] = { "-O1", "-O2", "-O3", "-Os" };

/* Without -g, Clang gives the calls no source location unless asked: from
   Clang 19 the plugin asks itself; before, a remark pattern that names no
   pass (what hotinline-cc adds there) does it.  Neither may change the
   code.  */
static const char *
track_locations (void)
{
  return clang_major () >= 19 ? "" : "-Rpass-missed=hotinline";
}

/* Report mode: for every hot function, the lines reported are the lines
   of the calls objdump finds in the -g build, one report per call; the
   same lines without -g; and the code of the report build is the plain
   build's, with and without -g.  */
START_TEST (test_reports_at_the_calls)
{
  struct sample s = load ("clang-report.c");
  const char *level = report_levels[_i];
  const char *plain_g = obj (&s, "plain-g"), *rep_g = obj (&s, "report-g");
  const char *plain = obj (&s, "plain"), *rep = obj (&s, "report");
  struct run pg = build (&s, false, "", harness_fmt ("%s -g", level), plain_g);
  struct run rg = build (&s, true, "", harness_fmt ("%s -g", level), rep_g);
  struct run p = build (&s, false, "", level, plain);
  struct run r = build (&s, true, "",
			harness_fmt ("%s %s", level, track_locations ()), rep);
  ck_assert_msg (pg.status == 0 && rg.status == 0 && p.status == 0
		 && r.status == 0, "%s: %.3000s%.3000s", level, rg.err, r.err);
  ck_assert_msg (strcmp (harness_disassembly (plain_g),
			 harness_disassembly (rep_g)) == 0,
		 "%s -g: report mode changed the code (%s, %s)", level,
		 plain_g, rep_g);
  ck_assert_msg (strcmp (harness_disassembly (plain),
			 harness_disassembly (rep)) == 0,
		 "%s: report mode changed the code (%s, %s)", level, plain,
		 rep);
  size_t reports = 0;
  for (size_t i = 0; i < s.ds.n; i++)
    if (strcmp (s.ds.d[i].kind, "plain-calls") == 0)
      {
	const char *f = s.ds.d[i].args[0];
	const char *called = call_lines (rep_g, f, "clang-report.c");
	ck_assert_msg (strcmp (reported_lines (rg.err, f), called) == 0,
		       "%s -g: %s reported at [%s ], called at [%s ]\n%.3000s",
		       level, f, reported_lines (rg.err, f), called, rg.err);
	ck_assert_msg (strcmp (reported_lines (r.err, f), called) == 0,
		       "%s without -g: %s reported at [%s ], called at [%s ]"
		       "\n%.3000s", level, f, reported_lines (r.err, f),
		       called, r.err);
	reports += *called != '\0';
      }
  ck_assert_msg (reports >= 3, "%s: only %zu hot functions left as calls",
		 level, reports);
}
END_TEST

/* Whether the textual IR LL defines FUNCTION with source locations (its
   definition is attached to a subprogram).  */
static bool
located (const char *ll, const char *function)
{
  const char *name = harness_fmt ("@%s(", function);
  for (const char *line = ll; line && *line;
       line = strchr (line, '\n') ? strchr (line, '\n') + 1 : NULL)
    {
      const char *end = strchr (line, '\n');
      size_t len = end ? (size_t) (end - line) : strlen (line);
      const char *text = harness_fmt ("%.*s", (int) len, line);
      if (strncmp (text, "define ", 7) == 0 && strstr (text, name))
	return strstr (text, " !dbg ") != NULL;
    }
  ck_abort_msg ("no definition of %s in:\n%.3000s", function, ll);
  return false;
}

/* The textual IR of the bitcode object BC, as it is (no pass run).  */
static const char *
ir_text (const char *bc)
{
  const char *text = harness_fmt ("%s.ll", bc);
  const char *argv[] = { harness_gcc (), "-S", "-emit-llvm", "-Xclang",
			 "-disable-llvm-passes", "-x", "ir", bc, "-o", text,
			 NULL };
  struct run d = harness_run (argv, NULL);
  ck_assert_msg (d.status == 0, "%s", d.err);
  return harness_read (text, NULL);
}

/* Without -g, locations cost a tenth of a compilation, so only the
   functions that may call a hot function get them (call-places.cpp): in
   the bitcode of an LTO compilation, the callers of big, kept, chill,
   elsewhere and fact have them, big, chill and kept, which call no hot
   function, do not.  A remark of the user's wants them everywhere.  */
START_TEST (test_locations_only_where_hot_calls_are)
{
  struct sample s = load ("clang-report.c");
  const char *bc = obj (&s, "located"), *mine = obj (&s, "remarks");
  struct run r = build (&s, true, "",
			harness_fmt ("-flto %s", track_locations ()), bc);
  struct run u = build (&s, true, "", "-flto -Rpass-missed=inline", mine);
  ck_assert_msg (r.status == 0 && u.status == 0, "%s%s", r.err, u.err);
  const char *ll[2] = { ir_text (bc), ir_text (mine) };
  static const char *const callers[] = { "use_big", "use_kept", "use_chill",
					 "use_elsewhere", "use_fact", "fact" };
  static const char *const others[] = { "big", "chill", "kept" };
  for (size_t i = 0; i < sizeof callers / sizeof *callers; i++)
    ck_assert_msg (located (ll[0], callers[i]) && located (ll[1], callers[i]),
		   "%s has no locations", callers[i]);
  for (size_t i = 0; i < sizeof others / sizeof *others; i++)
    {
      ck_assert_msg (!located (ll[0], others[i]),
		     "%s calls no hot function, has locations", others[i]);
      ck_assert_msg (located (ll[1], others[i]),
		     "%s lost its locations under -Rpass-missed=inline",
		     others[i]);
    }
  /* A policy that only forces asks for none (from 19, where the plugin
     asks): a refused call is rare, and it costs nothing where none is.  */
  if (clang_major () < 19)
    return;
  const char *force = harness_write ("force-only.yaml",
				     "version: 1\nfunctions:\n"
				     "  - {name: big, action: always_inline}\n");
  const char *fbc = obj (&s, "force-only");
  struct args a = { { 0 }, 0 };
  args_add (&a, harness_gcc ());
  args_add_plugin (&a, &force, 1);
  args_add_words (&a, "-O2 -flto -c -o");
  args_add (&a, fbc);
  args_add (&a, s.path);
  struct run f = harness_run (a.v, NULL);
  ck_assert_msg (f.status == 0, "%s", f.err);
  ck_assert_msg (!located (ir_text (fbc), "use_big"),
		 "a policy that only forces gave use_big locations");
}
END_TEST

/* LLVM's copies of a function count as the function (clone-names.h): a
   report for each call to a copy, as a call to 'apply', and for each call
   in a copy, as a call in 'apply', which the entry scoped to callers
   'apply' takes in.  Counted against the calls objdump finds.  */
START_TEST (test_copies_count_as_their_origin)
{
  struct sample s = load ("clang-clones.c");
  const char *o = obj (&s, "report");
  /* LLVM 17 on weighs a specialization against a larger function size
     than this sample's, unless forced; LLVM 16 makes the copies by itself
     and knows no such option.  */
  struct run r = build (&s, true, "", "-mllvm -force-specialization", o);
  if (r.status != 0 && strstr (r.err, "Unknown command line argument"))
    r = build (&s, true, "", "", o);
  ck_assert_msg (r.status == 0, "%.3000s", r.err);
  size_t n_in, n_to, copies = 0;
  char **in = harness_callers (o, "hot", &n_in);
  harness_callers (o, "apply", &n_to);
  for (size_t i = 0; i < n_in; i++)
    copies += strncmp (in[i], "apply.", strlen ("apply.")) == 0;
  ck_assert_msg (copies > 0, "LLVM made no copy of apply that calls hot");
  ck_assert_msg (harness_occurrences (r.err, "hot function 'hot' not "
				      "inlined into 'apply'") == n_in,
		 "%zu functions call hot:\n%.3000s", n_in, r.err);
  ck_assert_msg (n_to == 2
		 && harness_occurrences (r.err, "hot function 'apply' not inlined "
				 "into '") == n_to,
		 "%zu functions call apply:\n%.3000s", n_to, r.err);
  ck_assert_uint_eq (harness_occurrences (r.err, "warning: "), n_in + n_to);
}
END_TEST

/* The reasons are the inliner's, with a hint that works.  */
/* The levels of the hint's test: -Os and -Oz lower the threshold for
   every function they mark optsize or minsize (the only way they reach
   the inliner from LLVM 23, whose optimization levels are O0 to O3), and
   the hint scales what -inline-threshold sets from there.  At -Oz it is
   only enough (TIGHT false): LLVM weighs a minsize caller's calls with
   neither of its bonuses, and states 5 of its 25, but -inline-threshold
   lifts the limit itself, and big goes in at 300 where the hint says
   2105.  */
static const struct
{
  const char *level;
  bool tight;
} hint_levels[] = { { "-O2", true }, { "-Os", true }, { "-Oz", false } };

START_TEST (test_report_reasons_and_hint)
{
  struct sample s = load ("clang-report.c");
  const char *level = hint_levels[_i].level;
  const char *o = obj (&s, harness_fmt ("reasons%d", _i));
  struct run r = build (&s, true, "", harness_fmt ("-g %s", level), o);
  ck_assert_int_eq (r.status, 0);
  /* Each of the three calls left says it is too costly, with -O2's
     threshold there, a lower one for size (its cost and threshold as
     LLVM weighs them: test_report_costs_as_llvm_weighs).  */
  const char *costly = "warning: hot function 'big' not inlined into "
		       "'use_big': too costly to inline (cost";
  unsigned left = harness_count_calls (o, "big");
  ck_assert_msg (left == 3 && harness_occurrences (r.err, costly) == left,
		 "%u calls to big left:\n%.3000s", left, r.err);
  for (const char *at = strstr (r.err, costly); at;
       at = strstr (at + 1, costly))
    {
      const char *t = strstr (at, "threshold=");
      long stated = t ? atol (t + strlen ("threshold=")) : 0;
      ck_assert_msg (_i == 0 ? stated == 225 : stated > 0 && stated < 225,
		     "%s: %.3000s", level, r.err);
    }
  ck_assert_msg (strstr (r.err, "warning: hot function 'kept' not inlined "
			 "into 'use_kept': it should never be inlined "
			 "(cost=never): noinline function attribute"),
		 "%.3000s", r.err);
  ck_assert_msg (strstr (r.err, "note: policy entry for 'big' at "), "%s",
		 r.err);
  ck_assert_msg (strstr (r.err, ": called per packet [hotinline]"), "%s",
		 r.err);
  const char *hint = strstr (r.err, "-mllvm -inline-threshold=");
  ck_assert_msg (hint, "no hint:\n%.3000s", r.err);
  int threshold = atoi (hint + strlen ("-mllvm -inline-threshold="));
  ck_assert_int_gt (threshold, 0);
  /* Following the hint lets the call through; half of it does not where
     the hint is tight: it starts from the threshold the level starts
     from.  */
  const char *hinted = obj (&s, harness_fmt ("hinted%d", _i));
  const char *half = obj (&s, harness_fmt ("half%d", _i));
  r = build (&s, false, "",
	     harness_fmt ("%s -mllvm -inline-threshold=%d", level, threshold),
	     hinted);
  ck_assert_int_eq (r.status, 0);
  r = build (&s, false, "",
	     harness_fmt ("%s -mllvm -inline-threshold=%d", level,
			  threshold / 2), half);
  ck_assert_int_eq (r.status, 0);
  ck_assert_msg (harness_count_calls (hinted, "big")
		 < harness_count_calls (o, "big"),
		 "%s -mllvm -inline-threshold=%d inlined no call to big",
		 level, threshold);
  ck_assert_msg (!hint_levels[_i].tight
		 || harness_count_calls (half, "big")
		    == harness_count_calls (o, "big"),
		 "%s: -mllvm -inline-threshold=%d, half the hint, inlined a "
		 "call to big: the hint is too high", level, threshold / 2);
}
END_TEST

/* Where LLVM's inliner gives no remark, the reason is the plugin's, in
   the words the GCC plugin uses for the same finding: at -O0 the inliner
   does not run; every call to big, kept and chill is still there.  */
START_TEST (test_report_reasons_without_remarks)
{
  struct sample s = load ("clang-report.c");
  const char *o = obj (&s, "o0");
  struct run r = build (&s, true, "", "-O0", o);
  ck_assert_msg (r.status == 0, "%.3000s", r.err);
  static const char *const callees[][2] = { { "big", "use_big" },
					    { "kept", "use_kept" },
					    { "chill", "use_chill" } };
  for (size_t i = 0; i < sizeof callees / sizeof *callees; i++)
    {
      unsigned left = harness_count_calls (o, callees[i][0]);
      const char *says
	= harness_fmt ("warning: hot function '%s' not inlined into '%s': "
		       "the inliner does not run at -O0 or in an optnone "
		       "function [hotinline]", callees[i][0], callees[i][1]);
      ck_assert_msg (left > 0 && harness_occurrences (r.err, says) == left,
		     "%u calls to %s left:\n%.3000s", left, callees[i][0],
		     r.err);
    }
}
END_TEST

/* The figure after KEY ("threshold=", "cost=", "cost about ") in TEXT,
   or -1.  */
static long
figure (const char *text, const char *key)
{
  const char *at = strstr (text, key);
  return at ? atol (at + strlen (key)) : -1;
}

/* Each report's threshold is the one LLVM's own remark gives for that
   call when it weighs every call in full; the first call declined at a
   threshold is weighed in full too (its cost is LLVM's), the others give
   its cost, "about".  */
START_TEST (test_report_costs_as_llvm_weighs)
{
  struct sample s = load ("clang-weighed.c");
  struct run llvm = build (&s, false, "", "-Rpass-missed=inline",
			   obj (&s, "remarks"));
  struct run r = build (&s, true, "", "", obj (&s, "report"));
  ck_assert_msg (llvm.status == 0 && r.status == 0, "%.3000s", r.err);
  struct diagnostics reports = harness_diagnostics (r.err);
  struct diagnostics remarks = harness_diagnostics (llvm.err);
  unsigned n = 0, exact = 0, about = 0;
  for (size_t i = 0; i < reports.n; i++)
    {
      const struct diagnostic *w = &reports.d[i];
      if (strcmp (w->kind, "warning"))
	continue;
      ck_assert_msg (strstr (w->message, "hot function 'heavy' not inlined"),
		     "%.3000s", r.err);
      const struct diagnostic *m = NULL;
      for (size_t j = 0; j < remarks.n; j++)
	if (strcmp (remarks.d[j].kind, "remark") == 0
	    && remarks.d[j].line == w->line
	    && remarks.d[j].column == w->column
	    && strstr (remarks.d[j].message, "'heavy' not inlined into"))
	  m = &remarks.d[j];	/* The last one is the call's.  */
      ck_assert_msg (m, "no remark of LLVM's at %u:%u:\n%.3000s", w->line,
		     w->column, llvm.err);
      long threshold = figure (m->message, "threshold=");
      ck_assert_msg (threshold > 0
		     && figure (w->message, "threshold=") == threshold,
		     "%u:%u: LLVM says %s\n%.3000s", w->line, w->column,
		     m->message, r.err);
      long cost = figure (m->message, "cost=");
      if (figure (w->message, "cost=") >= 0)
	{
	  ck_assert_int_eq (figure (w->message, "cost="), cost);
	  exact++;
	}
      else
	{
	  long near = figure (w->message, "cost about ");
	  ck_assert_msg (near > threshold && labs (near - cost) <= cost / 10,
			 "%u:%u: LLVM says %s\n%.3000s", w->line, w->column,
			 m->message, r.err);
	  about++;
	}
      n++;
    }
  /* One call weighed in full at each threshold, 225 and the cold
     call's 45.  */
  ck_assert_msg (n == (unsigned) harness_count_calls (obj (&s, "report"),
						      "heavy")
		 && exact == 2 && about == n - 2,
		 "%u reports, %u exact:\n%.3000s", n, exact, r.err);
  harness_diagnostics_free (&reports);
  harness_diagnostics_free (&remarks);
  /* Where the command line asks for the inliner's remarks, LLVM weighs
     every call in full: each report is exact, and Clang prints each
     remark once, as without the plugin.  */
  r = build (&s, true, "", "-Rpass-missed=inline", obj (&s, "remarked"));
  const char *remark = "remark: 'heavy' not inlined into";
  ck_assert_msg (r.status == 0
		 && harness_occurrences (r.err, remark) == harness_occurrences (llvm.err,
								remark)
		 && harness_occurrences (r.err, "(cost about ") == 0
		 && harness_occurrences (r.err, "': too costly to inline (cost=") == n,
		 "%.3000s", r.err);
}
END_TEST

/* Calls the code generator merges after the last IR pass, objdump
   finding one call, and the code the plain build's.  Where the plugin
   sees the calls as emitted: one report, at that call, saying which calls
   it was made of; before: both reported, each with a note naming the
   other.  */
/* The calls to CALLEE the results file in DIR says are left (*LEFT),
   and how few the object code can have if the code generator makes one
   call of each group of them the file numbers in may_merge (*FEWEST).  */
static void
merge_bounds (const char *dir, const char *callee, unsigned *left,
	      unsigned *fewest)
{
  struct run r = harness_sh (harness_fmt ("ls %s/*.json", dir));
  ck_assert_msg (r.status == 0 && !strchr (r.out, '\n')[1],
		 "one results file expected in %s: %s", dir, r.out);
  *strchr (r.out, '\n') = '\0';
  json_error_t err;
  json_t *unit = json_load_file (r.out, 0, &err);
  ck_assert_msg (unit, "%s: %s", r.out, err.text);
  json_int_t groups[64];
  unsigned n_groups = 0, apart = 0;
  *left = 0;
  size_t i;
  json_t *c;
  json_array_foreach (json_object_get (unit, "calls"), i, c)
    {
      if (json_is_true (json_object_get (c, "inlined"))
	  || strcmp (json_string_value (json_object_get (c, "callee")),
		     callee) != 0)
	continue;
      ++*left;
      json_int_t g = json_integer_value (json_object_get (c, "may_merge"));
      bool seen = false;
      for (unsigned k = 0; k < n_groups; k++)
	seen |= groups[k] == g;
      if (!g)
	apart++;
      else if (!seen && n_groups < 64)
	groups[n_groups++] = g;
    }
  json_decref (unit);
  *fewest = apart + n_groups;
}

START_TEST (test_report_merged_calls)
{
  struct sample s = load ("clang-merge.c");
  const char *rep = obj (&s, "report");
  struct run r = build_report_as_plain (&s, "", "-g");
  ck_assert_int_eq (harness_count_calls (rep, "big"), 1);
  if (sees_emitted_calls ())
    {
      char *called = strdup (call_lines (rep, "big", "clang-merge.c"));
      ck_assert_str_eq (reported_lines (r.err, "big"), called);
      ck_assert_msg (strstr (r.err, harness_fmt ("%s:9: note: the code "
						 "generator made this one "
						 "call of the calls to 'big' "
						 "at ", called + 1))
		     && strstr (r.err, "clang-merge.c:28, ")
		     && strstr (r.err, "clang-merge.c:30 (their blocks ended"),
		     "no note naming lines 28 and 30 at%s:\n%.3000s",
		     called, r.err);
      ck_assert_ptr_null (strstr (r.err, "may merge"));
      return;
    }
  ck_assert_str_eq (reported_lines (r.err, "big"),
		    " clang-merge.c:28 clang-merge.c:30");
  for (int line = 28; line <= 30; line += 2)
    {
      const char *note
	= strstr (r.err, harness_fmt ("clang-merge.c:%d:9: note: the code "
				      "generator may merge this call with "
				      "the one at ",
				      line));
      ck_assert_msg (note, "no note at line %d:\n%.3000s", line, r.err);
      const char *other = harness_fmt ("clang-merge.c:%d (", 58 - line);
      const char *found = strstr (note, other);
      ck_assert_msg (found && !memchr (note, '\n', found - note),
		     "the note at line %d does not name line %d:\n%.3000s",
		     line, 58 - line, r.err);
    }
}
END_TEST

/* Calls followed by the same code, in blocks going to the same place:
   the store of each result to one place ({fmt}), or a test of the result
   branching to the same error path and to blocks of the same code
   (simdjson).  The code generator merges each pair with the ends of
   their blocks (one call in the object code, two with its tail merging
   off), each report has the note naming the other call (the sample's
   directives), and calls followed by different stores, which stay two,
   have none.  Report mode leaves the code as it is.  The results file
   numbers each pair as calls the code generator may merge (may_merge),
   so that a check of the object code can tell merged calls from wrong
   places: 8 calls in it, 6 at the fewest, objdump's 6.  Where the plugin
   sees the calls as emitted, the reports are objdump's calls instead,
   each merged pair is one report that says so, and the results have
   those 6 calls and no group.  */
START_TEST (test_report_merged_calls_with_code_after)
{
  struct sample s = load ("clang-merge-tail.c");
  const char *rep = obj (&s, "report");
  const char *apart = obj (&s, "no-tail-merge");
  struct run a = build (&s, false, "", "-mllvm -enable-tail-merge=false",
			apart);
  ck_assert_msg (a.status == 0, "%.3000s", a.err);
  const char *dir = harness_fmt ("%s/merge-tail", harness_tmpdir ());
  struct run r = build_report_as_plain (
    &s, harness_fmt ("-fplugin-arg-hotinline-results=%s", dir), "");
  ck_assert_int_eq (harness_count_calls (rep, "big"), 6);
  ck_assert_int_eq (harness_count_calls (apart, "big"), 8);
  /* The results count the calls the reports are about, and number the
     groups the code generator may merge: objdump's count is within.  */
  unsigned left, fewest;
  merge_bounds (dir, "big", &left, &fewest);
  if (sees_emitted_calls ())
    {
      ck_assert_uint_eq (left, 6);
      ck_assert_uint_eq (fewest, 6);
      ck_assert_str_eq (reported_lines (r.err, "big"),
			call_lines (rep, "big", "clang-merge-tail.c"));
      ck_assert_uint_eq (harness_occurrences (r.err, "note: the code "
					      "generator made this one call "
					      "of the calls to 'big' at "),
			 8 - 6);
      ck_assert_ptr_null (strstr (r.err, "may merge"));
      return;
    }
  ck_assert_uint_eq (left, 8);
  ck_assert_uint_eq (fewest, 6);
  check_diagnostics (&s, r.err, "-O2");
  /* A merge note only where a directive expects one.  */
  struct diagnostics ds = harness_diagnostics (r.err);
  for (size_t j = 0; j < ds.n; j++)
    if (strstr (ds.d[j].message, "the code generator may merge"))
      {
	bool expected = false;
	for (size_t i = 0; i < s.ds.n; i++)
	  expected |= strcmp (s.ds.d[i].kind, "note") == 0
		      && s.ds.d[i].line == ds.d[j].line;
	ck_assert_msg (expected, "unexpected merge note at line %u: %s",
		       ds.d[j].line, ds.d[j].message);
      }
  harness_diagnostics_free (&ds);
}
END_TEST

/* A conditional tail call: objdump puts the call where the sample says
   for this Clang ({ hi-object-line N F }: from Clang N on, on that line),
   the "if" from Clang 19 on, since the code generator gives the folded
   branch the branch's location.  The report is there where the plugin
   sees the calls as emitted, with a note naming the call as written;
   before, at the call as written (the IR's call).  Report mode leaves
   the code as it is.  */
START_TEST (test_report_at_a_conditional_tail_call)
{
  struct sample s = load ("clang-condtail.c");
  const char *rep = obj (&s, "report");
  struct run r = build_report_as_plain (&s, "", "");
  if (sees_emitted_calls ())
    {
      ck_assert_str_eq (reported_lines (r.err, "hot"),
			call_lines (rep, "hot", "clang-condtail.c"));
      ck_assert_msg (strstr (r.err, "clang-condtail.c:22, which the code "
				    "generator moved here [hotinline]"),
		     "%.3000s", r.err);
    }
  else
    {
      check_diagnostics (&s, r.err, "-O2");
      ck_assert_str_eq (reported_lines (r.err, "hot"),
			" clang-condtail.c:22");
    }
  int major = clang_major ();
  int from = 0;
  unsigned line = 0;
  for (size_t i = 0; i < s.ds.n; i++)
    if (strcmp (s.ds.d[i].kind, "object-line") == 0
	&& strcmp (s.ds.d[i].args[1], "hot") == 0
	&& atoi (s.ds.d[i].args[0]) <= major
	&& atoi (s.ds.d[i].args[0]) > from)
      {
	from = atoi (s.ds.d[i].args[0]);
	line = s.ds.d[i].line;
      }
  ck_assert_msg (line, "no object-line directive for clang %d", major);
  ck_assert_str_eq (call_lines (rep, "hot", "clang-condtail.c"),
		    harness_fmt (" clang-condtail.c:%u", line));
}
END_TEST

/* A call the code generator copies (tail duplication): one report at
   the call; where the plugin sees the calls as emitted, a note giving
   the number of calls the object code has for it, objdump's count.  */
START_TEST (test_report_at_a_copied_call)
{
  struct sample s = load ("clang-copies.c");
  const char *rep = obj (&s, "report");
  struct run r = build_report_as_plain (&s, "", "");
  check_diagnostics (&s, r.err, "-O2");
  int copies = harness_count_calls (rep, "hot");
  ck_assert_msg (copies > 1, "the code generator made no copy of the call "
		 "to hot (%d calls): the sample tests nothing", copies);
  const char *note = harness_fmt ("note: %d calls here in the object "
				  "code: the compiler duplicated the call "
				  "[hotinline]", copies);
  if (sees_emitted_calls ())
    ck_assert_msg (strstr (r.err, note), "no '%s':\n%.3000s", note, r.err);
  else
    ck_assert_ptr_null (strstr (r.err, "duplicated the call"));
}
END_TEST

/* Clang's switches: -Werror makes reports errors, -Wno-error=pass-failed
   and the plugin's no-werror keep them warnings, -w and -Wno-pass-failed
   silence them, notes too.  */
START_TEST (test_werror_and_w)
{
  struct sample s = load ("clang-report.c");
  const char *o = obj (&s, "werror");
  struct run r = build (&s, true, "", "-Werror", o);
  ck_assert_int_eq (r.status, 1);
  ck_assert_msg (strstr (r.err, "error: hot function 'kept' not inlined"),
		 "%s", r.err);
  r = build (&s, true, "", "-Werror -Wno-error=pass-failed", o);
  ck_assert_msg (r.status == 0, "%s", r.err);
  ck_assert_msg (strstr (r.err, "warning: hot function 'kept' not inlined"),
		 "%s", r.err);
  r = build (&s, true, "-fplugin-arg-hotinline-no-werror", "-Werror", o);
  ck_assert_msg (r.status == 0, "%s", r.err);
  ck_assert_msg (strstr (r.err, "warning: hot function 'kept'"), "%s", r.err);
  r = build (&s, true, "", "-w", o);
  ck_assert_msg (r.status == 0 && !strstr (r.err, "hot function")
		 && !strstr (r.err, "policy entry"), "%s", r.err);
  r = build (&s, true, "", "-Wno-pass-failed", o);
  ck_assert_msg (r.status == 0 && !strstr (r.err, "hot function")
		 && !strstr (r.err, "policy entry"), "%s", r.err);
}
END_TEST

/* A unit with known numbers: big is forced (LLVM's inliner declines it
   at -O2, cost over 225), kept cannot be (noinline), leaf is audited, and
   "absent" names nothing.  Five calls to them as written; kept's and
   leaf's three stay calls.  */
static const char counted_source[]
  = "extern int table[64];\n"
    "int big (int x)\n"
    "{\n"
    "  int s = 0;\n"
    "  for (int i = 0; i < 64; i++)\n"
    "    s += table[i] * x ^ (s >> 3);\n"
    "  for (int i = 0; i < 64; i++)\n"
    "    table[i] = s * i + (table[(i * 7) & 63] >> 2);\n"
    "  for (int i = 0; i < 64; i++)\n"
    "    s ^= table[i] / (x | 1) + table[(i + x) & 63] * (s & 15);\n"
    "  for (int i = 0; i < 64; i++)\n"
    "    table[(i * 5) & 63] += s % (i + 3) - table[i] / ((s & 7) + 1);\n"
    "  for (int i = 0; i < 64; i++)\n"
    "    s += table[i] * table[63 - i] ^ (x << (i & 3));\n"
    "  return s;\n"
    "}\n"
    "__attribute__ ((noinline)) int kept (int x) { return x * 3 + 2; }\n"
    "__attribute__ ((noinline)) int leaf (int x) { return x ^ 5; }\n"
    "int use1 (int x) { return big (x) + kept (x); }\n"
    "int use2 (int x) { return big (x + 1) + leaf (x) + leaf (x + 2); }\n";

static const char counted_policy[]
  = "version: 1\nfunctions:\n"
    "  - {name: big, action: always_inline}\n"
    "  - {name: kept, action: always_inline}\n"
    "  - {name: leaf, action: report}\n"
    "  - {name: absent, action: always_inline}\n";

/* Compile SRC with POLICY (NULL: without the plugin), ARGS and FLAGS to
   OUT.  */
static struct run
compile_counted (const char *src, const char *policy, const char *args,
		 const char *flags, const char *out)
{
  struct args a = { { 0 }, 0 };
  args_add (&a, harness_gcc ());
  if (policy)
    {
      args_add_plugin (&a, &policy, 1);
      args_add_words (&a, args);
    }
  args_add_words (&a, flags);
  args_add_words (&a, "-fno-caret-diagnostics -c -o");
  args_add (&a, out);
  args_add (&a, src);
  return harness_run (a.v, NULL);
}

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

START_TEST (test_summary_counts_the_unit)
{
  const char *flags = summary_cases[_i].flags;
  const char *strategy = summary_cases[_i].strategy;
  const char *src = harness_write ("counted.c", counted_source);
  const char *policy = harness_write ("counted.yaml", counted_policy);
  const char *o0 = harness_fmt ("%s/counted-o0.o", harness_tmpdir ());
  const char *plain = harness_fmt ("%s/counted-plain.o", harness_tmpdir ());
  const char *o = harness_fmt ("%s/counted.o", harness_tmpdir ());
  struct run r = compile_counted (src, NULL, "", "-O0", o0);
  ck_assert_msg (r.status == 0, "%s", r.err);
  r = compile_counted (src, NULL, "", flags, plain);
  ck_assert_msg (r.status == 0, "%s", r.err);
  r = compile_counted (src, policy,
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

/* The plugin's own warnings, outside call sites, behave as Clang's:
   -w silences them, -Werror makes them errors and the compilation fails,
   -Wno-error=pass-failed and the plugin's no-werror keep them warnings.
   Each case for an entry that cannot be forced (its reports about the
   calls left are notes) and for the results that cannot be written (the
   directory is a file; nothing else to say about the unit), which, as on
   GCC, stays a warning under -Werror: a results directory never fails a
   build.  */
static const struct
{
  const char *flags, *args;
  const char *kind;		/* "warning", "error" or NULL: not shown.  */
} warning_cases[] = {
  { "", "", "warning" },
  { "-w", "", NULL },
  { "-Werror", "", "error" },
  { "-Werror -Wno-error=pass-failed", "", "warning" },
  { "-Werror", "-fplugin-arg-hotinline-no-werror", "warning" },
  { "-Werror -w", "", NULL },
  { "-Wno-pass-failed", "", NULL },
  { "-Werror -Wno-pass-failed", "", NULL },
};
enum { N_WARNING_CASES = sizeof warning_cases / sizeof *warning_cases };

START_TEST (test_own_warnings_as_clang_warnings)
{
  const char *flags = warning_cases[_i / 2].flags;
  const char *args = warning_cases[_i / 2].args;
  const char *kind = warning_cases[_i / 2].kind;
  bool results = _i % 2 == 0;
  if (results && kind && !strcmp (kind, "error"))
    kind = "warning";
  const char *src = harness_write ("counted.c", counted_source);
  const char *o = harness_fmt ("%s/own.o", harness_tmpdir ());
  const char *policy, *message;
  if (results)
    {
      const char *file = harness_write ("not-a-dir", "");
      policy = harness_write ("forced.yaml", "version: 1\nfunctions:\n"
			      "  - {name: big, action: always_inline}\n");
      args = harness_fmt ("%s -fplugin-arg-hotinline-results=%s", args, file);
      message = "cannot write hotinline results '";
    }
  else
    {
      policy = harness_write ("kept.yaml", "version: 1\nfunctions:\n"
			      "  - {name: kept, action: always_inline, "
			      "severity: note}\n");
      message = "counted.c:17:32: %s: hot function 'kept' is not forced "
		"inline: it is declared 'noinline'";
    }
  unlink (o);
  struct run r = compile_counted (src, policy, args,
				  harness_fmt ("-O2 %s", flags), o);
  const char *what = harness_fmt ("%s %s (%s)", flags, args,
				  results ? "results" : "entry");
  ck_assert_msg (r.status == (kind && !strcmp (kind, "error")),
		 "%s: status %d:\n%.3000s", what, r.status, r.err);
  ck_assert_msg ((access (o, F_OK) == 0) == (r.status == 0),
		 "%s: an object despite the error, or none without", what);
  ck_assert_msg (!strstr (r.err, kind && !strcmp (kind, "error")
				   ? "warning:" : "error:"),
		 "%s:\n%.3000s", what, r.err);
  if (results)
    {
      const char *line = kind ? harness_fmt ("%s: %s", kind, message) : NULL;
      ck_assert_msg (kind ? strstr (r.err, line) != NULL
			  : strstr (r.err, message) == NULL,
		     "%s: expected %s:\n%.3000s", what, kind ? kind : "nothing",
		     r.err);
    }
  else
    {
      const char *at = kind ? strstr (r.err, harness_fmt (message, kind))
			    : NULL;
      ck_assert_msg (kind ? at != NULL
			  : strstr (r.err, "is not forced inline") == NULL,
		     "%s: expected %s:\n%.3000s", what, kind ? kind : "nothing",
		     r.err);
      /* The entry's note follows it.  */
      const char *next = at ? strchr (at, '\n') : NULL;
      ck_assert_msg (!at || (next && strstr (next, "note: policy entry for "
					       "'kept'")
			     && strstr (next, "note: policy entry for 'kept'")
				< strchr (next + 1, '\n')),
		     "%s: no note after it:\n%.3000s", what, r.err);
    }
}
END_TEST

/* Bad arguments and policies are Clang errors.  */
START_TEST (test_bad_arguments)
{
  struct sample s = load ("clang-report.c");
  struct run r = build (&s, true, "-fplugin-arg-hotinline-polcy=x.yaml", "",
			obj (&s, "bad"));
  ck_assert_int_eq (r.status, 1);
  ck_assert_msg (strstr (r.err, "error: unknown argument 'polcy'; did you "
			 "mean 'policy'? [hotinline]"), "%s", r.err);
  const char *bad = harness_write ("bad.yaml", "version: 1\nfunctions:\n"
				   "  - name: f\n    action: sometimes\n");
  s.setup.policies[0] = bad;
  r = build (&s, true, "", "", obj (&s, "bad"));
  ck_assert_int_eq (r.status, 1);
  ck_assert_msg (strstr (r.err, harness_fmt ("error: %s:4:13: ", bad)), "%s",
		 r.err);
}
END_TEST

/* A plugin built for another LLVM says so and the compilation fails
   cleanly (no crash, no loader error): with each other Clang's plugin
   built in this tree.  */
START_TEST (test_other_llvm_refused)
{
  const char *mine = harness_plugin ();
  int mine_major = atoi (strstr (mine, "clang-") + 6);
  int tried = 0;
  for (int other = 16; other <= 30; other++)
    {
      const char *p = harness_src (harness_fmt ("build/clang-%d/hotinline.so",
						other));
      /* Where the other Clang is not installed (a Debian system of one
	 Clang), its plugin cannot even be loaded: libclang-cpp comes with
	 it.  */
      if (other == mine_major || access (p, R_OK) != 0
	  || access (harness_fmt ("/usr/lib/llvm-%d/bin/clang", other), X_OK)
	       != 0)
	continue;
      tried++;
      struct sample s = load ("clang-report.c");
      struct args a = { { 0 }, 0 };
      args_add (&a, harness_gcc ());
      args_add (&a, harness_fmt ("-fplugin=%s", p));
      args_add (&a, harness_fmt ("-fpass-plugin=%s", p));
      args_add (&a, harness_fmt ("-fplugin-arg-hotinline-policy=%s",
				 s.setup.policies[0]));
      args_add_words (&a, "-O2 -c -o /dev/null");
      args_add (&a, s.path);
      struct run r = harness_run (a.v, NULL);
      ck_assert_msg (r.status == 1, "clang-%d with the plugin for %d: "
		     "status %d: %s", mine_major, other, r.status, r.err);
      const char *says = harness_fmt ("hotinline: built for LLVM %d, this is "
				      "clang %d: rebuild it (make "
				      "CLANG=clang-%d)", other, mine_major,
				      mine_major);
      ck_assert_msg (strstr (r.err, says), "%s", r.err);
    }
  if (!tried)
    fprintf (stderr, "SKIP other LLVM: no plugin for another Clang built "
	     "whose LLVM is installed here\n");
}
END_TEST

/* Compile SRC at -O2 -g with POLICY and its results into the work
   directory's DIR; the object's path.  */
static const char *
compile_with_results (const char *src, const char *policy, const char *dir)
{
  const char *o = harness_fmt ("%s/%s.o", harness_tmpdir (), dir);
  struct args a = { { 0 }, 0 };
  args_add (&a, harness_gcc ());
  args_add_plugin (&a, &policy, 1);
  args_add (&a, harness_fmt ("-fplugin-arg-hotinline-results=%s/%s",
			     harness_tmpdir (), dir));
  args_add_words (&a, "-O2 -g -c -o");
  args_add (&a, o);
  args_add (&a, src);
  struct run r = harness_run (a.v, NULL);
  ck_assert_msg (r.status == 0, "%s", r.err);
  return o;
}

/* The policy's weight reaches the LLVM plugin's results, entries and
   calls, and hotinline-summary's weight column, as with GCC.  */
START_TEST (test_results_carry_the_weight)
{
  const char *src = harness_write ("w.c", "__attribute__ ((noinline)) static "
				   "int leaf (int x) { return x * 3; }\n"
				   "int use (int x) { return leaf (x) + leaf "
				   "(x + 1); }\n");
  const char *policy = harness_write ("w.yaml", "version: 1\nfunctions:\n"
				      "  - {name: leaf, action: report, "
				      "weight: 12.5}\n");
  const char *o = compile_with_results (src, policy, "wres");
  struct run r;
  int left = harness_count_calls (o, "leaf");
  ck_assert_int_gt (left, 0);
  r = harness_sh (harness_fmt ("cat %s/wres/w.c.*.json", harness_tmpdir ()));
  ck_assert_msg (strstr (r.out, "\"weight\": 12.5"), "%s", r.out);
  const char *tool = getenv ("HOTINLINE_SUMMARY");
  ck_assert_msg (tool, "HOTINLINE_SUMMARY not set");
  r = harness_sh (harness_fmt ("%s %s/wres", tool, harness_tmpdir ()));
  ck_assert_msg (r.status == 0 && strstr (r.out, "   weight  reasons\n")
		 && strstr (r.out, harness_fmt (" %8d %6d %8s ", left, 1,
						"12.5%")), "%s", r.out);
}
END_TEST

/* A hot function reached only through a table of pointers is said so in
   the LLVM plugin's results and the summary, with the table's line; the
   one that is called is not.  */
START_TEST (test_function_called_only_by_address_is_said_so)
{
  const char *src = harness_write ("t.c", "static int add_one (int x) "
				   "{ return x + 1; }\n"
				   "int direct (int x) { return x - 3; }\n"
				   "int (*const ops[]) (int) = { add_one };\n"
				   "int apply (int x) { return ops[0] (x) + "
				   "direct (x); }\n");
  const char *policy = harness_write ("t.yaml", "version: 1\nfunctions:\n"
				      "  - {name: add_one, weight: 40}\n"
				      "  - {name: direct}\n");
  const char *o = compile_with_results (src, policy, "tres");
  struct run r;
  ck_assert_int_eq (harness_count_calls (o, "add_one"), 0);
  r = harness_sh (harness_fmt ("nm %s | grep -c ' t add_one$'", o));
  ck_assert_msg (atoi (r.out) == 1, "add_one kept: %s", r.out);
  const char *tool = getenv ("HOTINLINE_SUMMARY");
  ck_assert_msg (tool, "HOTINLINE_SUMMARY not set");
  r = harness_sh (harness_fmt ("%s %s/tres", tool, harness_tmpdir ()));
  /* The file as the compiler was given it, then the table's line.  */
  const char *line = strstr (r.out, "hot functions only called by address "
			     "(0 direct calls):\n  add_one (40%): address "
			     "taken in ops at ");
  ck_assert_msg (r.status == 0 && line && !strstr (r.out, "  direct:"), "%s",
		 r.out);
  line = strchr (line, '\n') + 1;
  line = strstr (line, "  add_one");
  size_t len = strcspn (line, "\n");
  ck_assert_msg (len > 6 && strncmp (line + len - 6, "/t.c:3", 6) == 0,
		 "%s", r.out);
  /* The HTML site shows the place below the table's line.  */
  r = harness_sh (harness_fmt ("%s --html %s/tsite %s/tres", tool,
			       harness_tmpdir (), harness_tmpdir ()));
  ck_assert_msg (r.status == 0, "%s", r.err);
  char *page = harness_read (harness_fmt ("%s/tsite/src/1-t.c.html",
					  harness_tmpdir ()), NULL);
  const char *row = page ? strstr (page, "<tr class=\"line hot-address\" "
				   "id=\"L3\">") : NULL;
  const char *box = row ? strstr (row, "<div class=\"call address heat5\" "
				  "id=\"a1\">") : NULL;
  ck_assert_msg (box && box < strstr (row, " id=\"L4\"")
		 && strstr (box, "address of hot function <a class=\"fn\" "
			    "href=\"../index.html#o1\">add_one</a> taken in "
			    "<code class=\"caller\">ops</code>"), "%s", page);
}
END_TEST

/* Results: the same JSON files as GCC's, which hotinline-summary reads.  */
START_TEST (test_results_read_by_summary)
{
  struct sample s = load ("clang-report.c");
  const char *dir = harness_fmt ("%s/results", harness_tmpdir ());
  struct run r = build (&s, true,
			harness_fmt ("-fplugin-arg-hotinline-results=%s", dir),
			"-g", obj (&s, "results"));
  ck_assert_msg (r.status == 0, "%s", r.err);
  r = harness_sh (harness_fmt ("cat %s/clang-report.c.*.json", dir));
  ck_assert_msg (r.status == 0 && strstr (r.out, "\"" RESULTS_FORMAT "\""),
		 "%s%s", r.out, r.err);
  ck_assert_msg (strstr (r.out, "\"callee\": \"big\""), "%s", r.out);
  const char *tool = getenv ("HOTINLINE_SUMMARY");
  ck_assert_msg (tool, "HOTINLINE_SUMMARY not set");
  r = harness_run ((const char *const[]) { tool, dir, NULL }, NULL);
  ck_assert_msg (r.status == 0, "%s%s", r.out, r.err);
  ck_assert_msg (strstr (r.out, "big"), "%s", r.out);
}
END_TEST

/* Keys of results objects that only one compiler can know
   (results-format.h): GCC's size estimates and --param of a call, the
   hint, chain and reason of a call left, and the limits' members.  */
static const char *const compiler_only_keys[] = {
  "calls[].size", "calls[].early_size", "calls[].limit", "calls[].hint",
  "calls[].chain", "calls[].reason", "calls[].may_merge", "limits.",
};

/* Add to KEYS (an object used as a set) "WHERE.KEY" for each member of
   O, and of the objects below it (an array's elements as "KEY[]").  */
static void
add_keys (json_t *keys, const char *where, json_t *o)
{
  const char *key;
  json_t *v;
  json_object_foreach (o, key, v)
    {
      const char *at = harness_fmt ("%s%s", where, key);
      bool only = false;
      for (size_t i = 0; i < sizeof compiler_only_keys
			     / sizeof *compiler_only_keys; i++)
	only |= strncmp (at, compiler_only_keys[i],
			 strlen (compiler_only_keys[i])) == 0;
      if (only)
	continue;
      json_object_set_new (keys, at, json_true ());
      if (json_is_object (v))
	add_keys (keys, harness_fmt ("%s.", at), v);
      size_t i;
      json_t *e;
      json_array_foreach (v, i, e)
	add_keys (keys, harness_fmt ("%s[].", at), e);
    }
}

/* The keys of the results file PATH, sorted, one a line.  */
static const char *
keys_of_file (const char *path)
{
  json_error_t err;
  json_t *unit = json_load_file (path, 0, &err);
  ck_assert_msg (unit, "%s: %s", path, err.text);
  json_t *keys = json_object ();
  add_keys (keys, "", unit);
  char *text = json_dumps (keys, JSON_SORT_KEYS | JSON_INDENT (0));
  const char *copy = harness_fmt ("%s", text);
  free (text);
  json_decref (keys);
  json_decref (unit);
  return copy;
}

/* The same sample built by GCC and by Clang: the two results files have
   the same keys but those only one compiler can know, both pass
   hotinline-summary's reader, and the summary says which compiler made
   each unit, and that the build mixes them.  */
START_TEST (test_results_same_keys_as_gcc)
{
  const char *gcc = NULL, *plugin = harness_gcc_plugin (&gcc);
  if (!plugin)
    {
      fprintf (stderr, "SKIP results of both compilers: no GCC plugin "
	       "built\n");
      return;
    }
  struct sample s = load ("clang-report.c");
  const char *dir = harness_fmt ("%s/both", harness_tmpdir ());
  const char *results = harness_fmt ("-fplugin-arg-hotinline-results=%s",
				     dir);
  struct run r = build (&s, true, results, "-g", obj (&s, "clang"));
  ck_assert_msg (r.status == 0, "%s", r.err);
  struct args a = { { 0 }, 0 };
  args_add (&a, gcc);
  args_add (&a, harness_fmt ("-fplugin=%s", plugin));
  args_add (&a, harness_fmt ("-fplugin-arg-hotinline-policy=%s",
			     s.setup.policies[0]));
  args_add (&a, results);
  args_add_words (&a, "-O2 -g -w -c -o");
  args_add (&a, obj (&s, "gcc"));
  args_add (&a, s.path);
  r = harness_run (a.v, NULL);
  ck_assert_msg (r.status == 0, "%s", r.err);
  r = harness_sh (harness_fmt ("grep -l '\"compiler\": *\"gcc ' %s/*.json;"
			       " grep -l '\"compiler\": *\"clang ' "
			       "%s/*.json", dir, dir));
  char *save = NULL, *gcc_file = strtok_r (r.out, "\n", &save);
  char *clang_file = strtok_r (NULL, "\n", &save);
  ck_assert_msg (r.status == 0 && gcc_file && clang_file
		 && strcmp (gcc_file, clang_file) != 0, "%s", r.out);
  /* Both have entries, calls and address_only with what is in them.  */
  const char *gcc_keys = keys_of_file (gcc_file);
  ck_assert_msg (strstr (gcc_keys, "\"calls[].callee\"")
		 && strstr (gcc_keys, "\"entries[].reason\"")
		 && strstr (gcc_keys, "\"compiler\""), "%s", gcc_keys);
  ck_assert_str_eq (keys_of_file (clang_file), gcc_keys);

  const char *tool = getenv ("HOTINLINE_SUMMARY");
  ck_assert_msg (tool, "HOTINLINE_SUMMARY not set");
  r = harness_run ((const char *const[]) { tool, dir, NULL }, NULL);
  ck_assert_msg (r.status == 0, "%s%s", r.out, r.err);
  ck_assert_msg (strstr (r.out, "2 units\ncompilers (a mixed build): clang ")
		 && strstr (r.out, " (1 unit), gcc ")
		 && strstr (r.out, " (1 unit)\n"), "%s", r.out);
  r = harness_run ((const char *const[]) { tool, "--html",
			harness_fmt ("%s/both-site", harness_tmpdir ()), dir,
			NULL }, NULL);
  ck_assert_msg (r.status == 0, "%s%s", r.out, r.err);
  char *index = harness_read (harness_fmt ("%s/both-site/index.html",
					   harness_tmpdir ()), NULL);
  ck_assert_msg (index && strstr (index, "<span class=\"compilers\">a mixed "
				  "build: clang ")
		 && strstr (index, "<span class=\"compiler\">gcc ")
		 && strstr (index, "<span class=\"compiler\">clang "), "%s",
		 index);
  free (index);
}
END_TEST

/* Every compilation keeps its own results: libtool compiles a source
   twice (-o t.o, and -fPIC -DPIC -o .libs/t.o), and the summary counts
   both; the same compilation again replaces its own file.  */
START_TEST (test_results_one_per_compilation)
{
  struct sample s = load ("clang-report.c");
  const char *dir = harness_fmt ("%s/results", harness_tmpdir ());
  const char *args = harness_fmt ("-fplugin-arg-hotinline-results=%s", dir);
  const char *libs = harness_fmt ("%s/.libs", harness_tmpdir ());
  ck_assert_int_eq (harness_sh (harness_fmt ("mkdir -p %s", libs)).status, 0);
  struct run r = build (&s, true, args, "-O2", obj (&s, "lt"));
  ck_assert_msg (r.status == 0, "%s", r.err);
  r = build (&s, true, args, "-O2", obj (&s, "lt"));
  ck_assert_msg (r.status == 0, "%s", r.err);
  r = build (&s, true, args, "-O2 -fPIC -DPIC",
	     harness_fmt ("%s/clang-report-lt.o", libs));
  ck_assert_msg (r.status == 0, "%s", r.err);
  r = harness_sh (harness_fmt ("ls %s | wc -l; grep -h '\"output\"' %s/*.json"
			       " | sort", dir, dir));
  ck_assert_msg (r.status == 0 && atoi (r.out) == 2,
		 "2 results files expected:\n%s%s", r.out, r.err);
  ck_assert_msg (strstr (r.out, ".libs/clang-report-lt\""), "%s", r.out);
}
END_TEST

/* Rebuild on policy change: -MD names the policy files after the source
   and its headers, as the GCC plugin does.  */
START_TEST (test_policy_in_dependencies)
{
  struct sample s = load ("clang-report.c");
  const char *dep = harness_fmt ("%s/clang-report.d", harness_tmpdir ());
  struct run r = build (&s, true, "",
			harness_fmt ("-O2 -MD -MF %s", dep), obj (&s, "deps"));
  ck_assert_msg (r.status == 0, "%s", r.err);
  char *text = harness_read (dep, NULL);
  ck_assert_msg (text, "no %s", dep);
  const char *source = strstr (text, "clang-report.c");
  const char *policy = strstr (text, "clang-report.yaml");
  ck_assert_msg (source && policy && source < policy,
		 "the source, then the policy, expected in:\n%s", text);
}
END_TEST

/* The compiler wrapper as make install CLANG=clang-N leaves it: called
   hotinline-clang-N with the GCC plugin's arguments, without -g, it
   reports at the lines of the calls without changing the code, and
   -fplugin=hotinline forces.  */
START_TEST (test_wrapper_as_installed)
{
  const char *bindir = getenv ("HOTINLINE_STAGE_BINDIR");
  ck_assert_msg (bindir, "HOTINLINE_STAGE_BINDIR not set (make check)");
  const char *wrapper = harness_fmt ("%s/hotinline-%s", bindir,
				     harness_gcc ());
  struct sample s = load ("clang-report.c");
  const char *plain_g = obj (&s, "wrapper-plain-g");
  const char *rep = obj (&s, "wrapper-report");
  struct run r = build (&s, false, "", "-O2 -g", plain_g);
  ck_assert_msg (r.status == 0, "%s", r.err);
  r = harness_run ((const char *const[]) { wrapper, "-O2",
		     harness_fmt ("-fplugin-arg-hotinline-policy=%s",
				  s.setup.policies[0]),
		     "-c", s.path, "-o", rep, NULL }, NULL);
  ck_assert_msg (r.status == 0, "%s: %s", wrapper, r.err);
  const char *plain = obj (&s, "wrapper-plain");
  struct run p = build (&s, false, "", "-O2", plain);
  ck_assert_msg (p.status == 0, "%s", p.err);
  ck_assert_msg (strcmp (harness_disassembly (rep),
			 harness_disassembly (plain)) == 0,
		 "through %s, report mode changed the code (%s, %s)", wrapper,
		 plain, rep);
  const char *called = call_lines (plain_g, "big", "clang-report.c");
  ck_assert_msg (*called, "big is inlined everywhere: proves nothing");
  ck_assert_msg (strcmp (reported_lines (r.err, "big"), called) == 0,
		 "through %s: big reported at [%s ], called at [%s ]\n%s",
		 wrapper, reported_lines (r.err, "big"), called, r.err);

  struct sample g = load ("clang-guards.c");
  const char *forced = obj (&g, "wrapper-forced");
  r = harness_run ((const char *const[]) { wrapper, "-O2", "-fplugin=hotinline",
		     harness_fmt ("-fplugin-arg-hotinline-policy=%s",
				  g.setup.policies[0]),
		     "-c", g.path, "-o", forced, NULL }, NULL);
  ck_assert_msg (r.status == 0, "%s: %s", wrapper, r.err);
  ck_assert_msg (harness_count_calls (forced, "grow") == 0,
		 "through %s -fplugin=hotinline: grow still called", wrapper);
}
END_TEST

/* The lines of the linker's reports about FUNCTION in ERR
   ("ld.lld-N: warning: FILE:LINE:COL: hot function 'F' not inlined
   into ..."), as reported_lines gives them.  */
static const char *
linker_reported_lines (const char *err, const char *function)
{
  const char *prefix = harness_fmt ("hot function '%s' not inlined into",
				    function);
  const char *text = "";
  const char *eol;
  for (const char *l = err; l && *l; l = eol ? eol + 1 : NULL)
    {
      const char *w = strstr (l, ": warning: ");
      eol = strchr (l, '\n');
      if (strncmp (l, "ld.lld", 6) != 0 || !w || (eol && w > eol))
	continue;
      char file[512];
      unsigned line, col;
      int used = 0;
      if (sscanf (w + 11, "%511[^:]:%u:%u: %n", file, &line, &col, &used) < 3
	  || !used || strncmp (w + 11 + used, prefix, strlen (prefix)) != 0)
	continue;
      text = harness_fmt ("%s %s:%u", text, basename (file), line);
    }
  return text;
}

/* An LTO link (-flto, -flto=thin), with lld loading the plugin: the
   compilations report nothing (their calls may still be inlined at the
   link), the link reports each hot call left in the program at the line
   objdump finds it, with and without -g; forcing reaches across units;
   a forced function built for AVX2 is kept out of a plain caller of the
   other unit, with the warning, where LLVM alone would inline it; and
   the wrapper adds the plugin to an LTO link.  */
static const char *const lto_modes[] = { "-flto", "-flto=thin" };

/* The program of the two LTO samples, its builds named PREFIX-BUILD.  */
struct lto_program
{
  struct sample lib, main_unit;
  const char *prefix;
};

static struct lto_program
lto_program (const char *prefix)
{
  return (struct lto_program) {
    load ("clang-lto-lib.c"), load ("clang-lto-main.c"),
    harness_fmt ("%s/%s", harness_tmpdir (), prefix) };
}

static const char *
lto_exe (const struct lto_program *p, const char *build)
{
  return harness_fmt ("%s-%s", p->prefix, build);
}

/* Link the objects LO and MO into EXE with FLAGS (an LTO mode and more)
   and lld, with the plugin in the linker or not.  */
static struct run
lto_link (const char *flags, bool link_plugin, const char *link_extra,
	  const char *lo, const char *mo, const char *exe)
{
  struct args a = { { 0 }, 0 };
  args_add (&a, harness_gcc ());
  args_add_words (&a, flags);
  args_add (&a, harness_fmt ("-fuse-ld=lld-%d", clang_major ()));
  if (link_plugin)
    args_add (&a, harness_fmt ("-Wl,--load-pass-plugin=%s",
			       harness_plugin ()));
  args_add_words (&a, link_extra);
  args_add (&a, lo);
  args_add (&a, mo);
  args_add (&a, "-o");
  args_add (&a, exe);
  return harness_run (a.v, NULL);
}

/* Compile both units with LTO and FLAGS (with the plugin or not) and
   link them into EXE, with the plugin in the linker or not.  */
static struct run
lto_build (const struct lto_program *prog, const char *lto,
	   const char *extra, bool plugin, bool link_plugin,
	   const char *link_extra, const char *exe)
{
  const struct sample *lib = &prog->lib, *main_unit = &prog->main_unit;
  const char *lo = harness_fmt ("%s.lib.o", exe);
  const char *mo = harness_fmt ("%s.main.o", exe);
  const char *flags = harness_fmt ("%s %s", lto, extra);
  struct run r = build (lib, plugin, "", flags, lo);
  ck_assert_msg (r.status == 0, "%s: %s", flags, r.err);
  struct run m = build (main_unit, plugin, "", flags, mo);
  ck_assert_msg (m.status == 0, "%s: %s", flags, m.err);
  ck_assert_msg (!strstr (r.err, "hot function") && !strstr (m.err,
								"hot function"),
		 "%s: the compilations reported:\n%s%s", flags, r.err, m.err);
  return lto_link (flags, link_plugin, link_extra, lo, mo, exe);
}

START_TEST (test_lto_link)
{
  const char *lto = lto_modes[_i];
  struct lto_program prog = lto_program (harness_fmt ("lto%d", _i));
  const char *none = lto_exe (&prog, "none");
  const char *plain = lto_exe (&prog, "plain");
  const char *linked = lto_exe (&prog, "linked");
  const char *nog = lto_exe (&prog, "nog");
  struct run n = lto_build (&prog, lto, "-O2 -g", false, false, "", none);
  struct run p = lto_build (&prog, lto, "-O2 -g", true, false, "", plain);
  struct run l = lto_build (&prog, lto, "-O2 -g", true, true, "", linked);
  struct run g = lto_build (&prog, lto, harness_fmt ("-O2 %s", track_locations ()), true, true,
			    "", nog);
  ck_assert_msg (n.status == 0 && p.status == 0 && l.status == 0
		 && g.status == 0, "%s: %s%s%s%s", lto, n.err, p.err, l.err,
		 g.err);
  /* Forcing across units, with or without the plugin at the link.  */
  ck_assert_msg (harness_count_calls (none, "mix") > 0,
		 "%s: LLVM inlines mix without the plugin: proves nothing",
		 lto);
  ck_assert_int_eq (harness_count_calls (plain, "mix"), 0);
  ck_assert_int_eq (harness_count_calls (linked, "mix"), 0);
  /* Reports at the link only, at objdump's calls.  */
  ck_assert_msg (!strstr (p.err, "hot function"), "%s", p.err);
  const char *called = call_lines (linked, "big_step", "clang-lto-main.c");
  ck_assert_msg (*called, "%s: big_step inlined: proves nothing", lto);
  ck_assert_msg (strcmp (linker_reported_lines (l.err, "big_step"), called)
		 == 0, "%s -g: big_step reported at [%s ], called at [%s ]\n%s",
		 lto, linker_reported_lines (l.err, "big_step"), called,
		 l.err);
  ck_assert_msg (strcmp (linker_reported_lines (g.err, "big_step"), called)
		 == 0, "%s without -g: big_step reported at [%s ], called at "
		 "[%s ]\n%s", lto, linker_reported_lines (g.err, "big_step"),
		 called, g.err);
  ck_assert_msg (strstr (l.err, ": note: policy entry for 'big_step' at ")
		 && strstr (l.err, "one step of the hot loop [hotinline]"),
		 "%s", l.err);
  /* The link-time inliner's own reason, asked for at the hot call (a
     ThinLTO link did not import the body: a reason of the plugin's).  */
  ck_assert_msg (strcmp (lto, "-flto") != 0
		 || strstr (l.err, "hot function 'big_step' not inlined into "
			    "'main': too costly to inline (cost="),
		 "%s: no reason of the link's inliner:\n%s", lto, l.err);
  /* The program says what it says without the plugin.  */
  struct run out_none = harness_run_program (none, NULL);
  struct run out_linked = harness_run_program (linked, NULL);
  ck_assert_int_eq (out_linked.status, 0);
  ck_assert_str_eq (out_linked.out, out_none.out);
#if defined(__x86_64__)
  /* The AVX2 function stays a call from main, with the warning; the
     link without the plugin puts it into main.  */
  ck_assert_msg (strstr (l.err, "hot function 'simd_sum' is not forced "
			 "inline: its target options differ from those of "
			 "its caller 'main' [hotinline]"), "%s", l.err);
  ck_assert_int_eq (harness_count_calls (linked, "simd_sum"), 1);
  if (harness_count_calls (plain, "simd_sum") == 0)
    fprintf (stderr, "%s: without the plugin at the link, LLVM inlines "
	     "the AVX2 simd_sum into the plain main\n", lto);
#endif
  /* The wrapper loads the plugin into the linker too.  */
  const char *bindir = getenv ("HOTINLINE_STAGE_BINDIR");
  ck_assert_msg (bindir, "HOTINLINE_STAGE_BINDIR not set (make check)");
  const char *wrapper = harness_fmt ("%s/hotinline-%s", bindir,
				     harness_gcc ());
  const char *wrapped = lto_exe (&prog, "wrapped");
  int major = clang_major ();
  struct run w = harness_run ((const char *const[]) {
      wrapper, "-O2", "-g", lto, harness_fmt ("-fuse-ld=lld-%d", major),
      harness_fmt ("-fplugin-arg-hotinline-policy=%s",
		   prog.lib.setup.policies[0]),
      harness_fmt ("%s.lib.o", plain), harness_fmt ("%s.main.o", plain),
      "-o", wrapped, NULL }, NULL);
  ck_assert_msg (w.status == 0, "%s: %s", wrapper, w.err);
  ck_assert_msg (strcmp (linker_reported_lines (w.err, "big_step"), called)
		 == 0, "through %s: big_step reported at [%s ]\n%s", wrapper,
		 linker_reported_lines (w.err, "big_step"), w.err);
}
END_TEST

/* Results at an LTO link: the compilations, which decide nothing, write
   none; the link writes them (full LTO one file, unit the link's output;
   ThinLTO one per module, unit its source), named the same at every link,
   and hotinline-summary counts what objdump finds in the program.  */
START_TEST (test_lto_link_writes_results)
{
  const char *lto = lto_modes[_i];
  struct lto_program prog = lto_program (harness_fmt ("ltores%d", _i));
  const char *dir = harness_fmt ("%s/ltores%d", harness_tmpdir (), _i);
  const char *exe = lto_exe (&prog, "linked");
  const char *flags = harness_fmt ("-O2 -g -fplugin-arg-hotinline-results=%s",
				   dir);
  struct run l = lto_build (&prog, lto, flags, true, true, "", exe);
  ck_assert_msg (l.status == 0, "%s: %s", lto, l.err);
  char *names = harness_sh (harness_fmt ("ls %s | sort", dir)).out;
  size_t files = 0;
  for (const char *p = names; *p; p++)
    files += *p == '\n';
  ck_assert_msg (files == (_i == 0 ? 1 : 2), "%s: %s", lto, names);
  l = lto_build (&prog, lto, flags, true, true, "", exe);
  ck_assert_msg (l.status == 0, "%s: %s", lto, l.err);
  ck_assert_str_eq (harness_sh (harness_fmt ("ls %s | sort", dir)).out,
		    names);
  /* Once more with the linker's arguments in a response file, as a
     driver passes a long link line: the same names.  */
  l = lto_build (&prog, lto, flags, true, true, "-###", exe);
  ck_assert_msg (l.status == 0, "%s: %s", lto, l.err);
  const char *commands = harness_write (harness_fmt ("ltores%d.cmd", _i),
					l.err);
  struct run rsp = harness_sh (harness_fmt (
    "grep ld.lld %s | tail -n 1 | sed 's/^ *\"[^\"]*\" //' > %s.rsp"
    " && ld.lld-%d @%s.rsp", commands, exe,
    clang_major (), exe));
  ck_assert_msg (rsp.status == 0, "%s: %s%s", lto, rsp.out, rsp.err);
  ck_assert_str_eq (harness_sh (harness_fmt ("ls %s | sort", dir)).out,
		    names);

  int big = harness_count_calls (exe, "big_step");
  ck_assert_msg (big > 0 && harness_count_calls (exe, "mix") == 0,
		 "%s: the test expects big_step's calls kept and mix inlined",
		 lto);
  struct run r = harness_sh (harness_fmt ("cat %s/*.json", dir));
  const char *base = strrchr (exe, '/') + 1;
  ck_assert_msg (strstr (r.out, harness_fmt ("\"output\": \"%s\"", base))
		 || strstr (r.out, harness_fmt ("/%s\"", base)), "%s: %s", lto,
		 r.out);
  json_t *summary = summary_json (dir);
  json_t *fns = json_object_get (summary, "functions");
  json_t *b = json_object_get (fns, "big_step");
  json_t *m = json_object_get (fns, "mix");
  ck_assert_msg (b && m, "%s: big_step or mix not in the summary", lto);
  ck_assert_int_eq (json_integer_value (json_object_get (b, "declined")), big);
  ck_assert_int_eq (json_integer_value (json_object_get (b, "inlined")), 0);
  ck_assert_int_eq (json_integer_value (json_object_get (m, "declined")), 0);
  ck_assert_int_gt (json_integer_value (json_object_get (m, "inlined")), 0);
  json_decref (summary);
}
END_TEST

/* -ffat-lto-objects (Clang 18 on): a compilation writes bitcode for an
   LTO link and object code of its own, made after the bitcode is taken;
   that code is reported as any compilation's and its results say "lto":
   "fat".  Linked without LTO, those results count (the program is their
   code); at an LTO link with the plugin, the link's results replace them
   and hotinline-summary leaves the compilations' out, as on GCC.  */
START_TEST (test_fat_lto_objects)
{
  const char *lto = lto_modes[_i];
  struct lto_program prog = lto_program (harness_fmt ("fat%d", _i));
  const char *dir = harness_fmt ("%s/fat%d-res", harness_tmpdir (), _i);
  const char *flags = harness_fmt ("%s -ffat-lto-objects -O2 -g", lto);
  const char *results = harness_fmt ("-fplugin-arg-hotinline-results=%s",
				     dir);
  const char *lo = harness_fmt ("%s.lib.o", prog.prefix);
  const char *mo = harness_fmt ("%s.main.o", prog.prefix);
  struct run r = build (&prog.lib, true, results, flags, lo);
  ck_assert_msg (r.status == 0, "%s: %s", lto, r.err);
  r = build (&prog.main_unit, true, results, flags, mo);
  ck_assert_msg (r.status == 0, "%s: %s", lto, r.err);
  ck_assert_msg (strstr (r.err, "clang-lto-main.c:17:8: warning: hot "
				"function 'big_step' not inlined into 'main'"),
		 "%s: the compilation did not report its own code's call:\n%s",
		 lto, r.err);
  ck_assert_msg (strstr (r.err, "note: body not available here: the LTO "
				"link can inline it, but this object's own "
				"code (what a link without LTO uses) keeps "
				"the call [hotinline]"),
		 "%s: no fat object's hint:\n%s", lto, r.err);
  ck_assert_str_eq (harness_sh (harness_fmt ("grep -h '\"lto\"' %s/*.json",
					     dir)).out,
		    "  \"lto\": \"fat\",\n  \"lto\": \"fat\",\n");

  /* Without LTO: the objects' own code, with their calls.  */
  const char *plain = harness_fmt ("%s-plain", prog.prefix);
  r = harness_run ((const char *const[]) { harness_gcc (), lo, mo, "-o",
					   plain, NULL }, NULL);
  ck_assert_msg (r.status == 0, "%s: %s", lto, r.err);
  int calls = harness_count_calls (plain, "big_step");
  ck_assert_msg (calls > 0, "%s: the test expects calls to big_step", lto);
  json_t *summary = summary_json (dir);
  ck_assert_int_eq (summary_declined (summary, "big_step"), calls);
  ck_assert_int_eq (json_integer_value (json_object_get (
		      summary, "fat_lto_left_out")), 0);
  json_decref (summary);

  /* The LTO link (lld takes the bitcode of fat objects only when told):
     the program's calls, the compilations' left out.  */
  const char *linked = harness_fmt ("%s-linked", prog.prefix);
  r = lto_link (flags, true, "-Wl,--fat-lto-objects", lo, mo, linked);
  ck_assert_msg (r.status == 0, "%s: %s", lto, r.err);
  summary = summary_json (dir);
  ck_assert_int_eq (summary_declined (summary, "big_step"),
		    harness_count_calls (linked, "big_step"));
  ck_assert_int_eq (json_integer_value (json_object_get (
		      summary, "fat_lto_left_out")), 2);
  json_decref (summary);
}
END_TEST

/* A lock that does not load, given to the compilations of an LTO build:
   the link reads it again from the bitcode's arguments and leaves it out
   with the same warning, and the link succeeds with the policy alone.  */
START_TEST (test_lto_link_leaves_a_bad_lock_out)
{
  const char *lto = lto_modes[_i];
  struct lto_program prog = lto_program (harness_fmt ("ltolock%d", _i));
  const char *lock = harness_write (harness_fmt ("ltolock%d.yaml", _i),
				    "version: 1\nfunctions:\n"
				    "  - {name: mix, calers: main}\n");
  const char *exe = lto_exe (&prog, "linked");
  struct run l = lto_build (&prog, lto,
			    harness_fmt ("-O2 -g -fplugin-arg-hotinline-lock=%s",
					 lock), true, true, "", exe);
  ck_assert_msg (l.status == 0, "%s: %s", lto, l.err);
  const char *left_out = "(the lock is left out; the build goes on without "
			 "it) [hotinline]";
  ck_assert_msg (strstr (l.err, "ld.lld") && strstr (l.err, left_out)
		 && strstr (l.err, "ltolock"), "%s: %s", lto, l.err);
  /* The policy alone: mix forced as without the lock.  */
  ck_assert_int_eq (harness_count_calls (exe, "mix"), 0);
}
END_TEST

/* Surgical forcing at an LTO link: mix is only called from the other
   unit, so no compilation can inline it and the link-time inliner
   declines it; the plugin in the linker inlines exactly those calls, the
   report entry's calls stay as they are, and the program prints the
   same.  */
START_TEST (test_lto_surgical)
{
  const char *lto = lto_modes[_i];
  struct lto_program prog = lto_program (harness_fmt ("ltos%d", _i));
  const char *none = lto_exe (&prog, "none");
  const char *unlinked = lto_exe (&prog, "unlinked");
  const char *linked = lto_exe (&prog, "linked");
  const char *flags = "-O2 -g -fplugin-arg-hotinline-strategy=surgical";
  struct run n = lto_build (&prog, lto, "-O2 -g", false, false, "", none);
  struct run u = lto_build (&prog, lto, flags, true, false, "", unlinked);
  struct run l = lto_build (&prog, lto, flags, true, true, "", linked);
  ck_assert_msg (n.status == 0 && u.status == 0 && l.status == 0,
		 "%s: %s%s%s", lto, n.err, u.err, l.err);
  ck_assert_msg (harness_count_calls (unlinked, "mix") > 0,
		 "%s: mix inlined without the plugin at the link: proves "
		 "nothing", lto);
  if (strcmp (lto, "-flto=thin") == 0)
    {
      /* The thin link imports mix into main's module only when asked:
	 the report says so, and following it lets the call through.  */
      ck_assert_msg (strstr (l.err, "note: the ThinLTO link did not import "
			     "its body into this module: "
			     "'-Wl,-mllvm,-import-instr-limit=N'"), "%s", l.err);
      l = lto_build (&prog, lto, flags, true, true,
		     "-Wl,-mllvm,-import-instr-limit=1000", linked);
      ck_assert_msg (l.status == 0, "%s", l.err);
    }
  ck_assert_msg (harness_count_calls (linked, "mix") == 0,
		 "%s: %d calls to mix left by surgical forcing at the link\n%s",
		 lto, harness_count_calls (linked, "mix"), l.err);
  ck_assert_int_eq (harness_count_calls (linked, "big_step"),
		    harness_count_calls (none, "big_step"));
  ck_assert_msg (strstr (l.err, "hot function 'big_step' not inlined"),
		 "%s", l.err);
  struct run out_none = harness_run_program (none, NULL);
  struct run out_linked = harness_run_program (linked, NULL);
  ck_assert_int_eq (out_linked.status, 0);
  ck_assert_str_eq (out_linked.out, out_none.out);
}
END_TEST

/* An entry scoped to callers, for a function another unit defines, under
   the default strategy: the compilations cannot force it (no body), the
   link forces the calls of the callers it names and no other.  A third
   unit calls it from two functions the entry does not name.  */
START_TEST (test_lto_callers_scoped)
{
  const char *lto = lto_modes[_i];
  struct lto_program prog = lto_program (harness_fmt ("ltoc%d", _i));
  struct sample third = load ("clang-lto-callers.c");
  /* One policy for the three units, as a build has.  */
  prog.lib.setup.policies[0] = prog.main_unit.setup.policies[0]
    = third.setup.policies[0];
  prog.lib.setup.n_policies = prog.main_unit.setup.n_policies = 1;
  /* ThinLTO imports big_step into main's module only when asked.  */
  const char *import = strcmp (lto, "-flto=thin") == 0
		       ? "-Wl,-mllvm,-import-instr-limit=1000 " : "";
  const char *flags = harness_fmt ("%s -O2 -g", lto);
  const char *builds[] = { "none", "unlinked", "linked" };
  const char *exe[3];
  for (int b = 0; b < 3; b++)
    {
      exe[b] = lto_exe (&prog, builds[b]);
      const char *to = harness_fmt ("%s.third.o", exe[b]);
      struct run t = build (&third, b > 0, "", flags, to);
      ck_assert_msg (t.status == 0, "%s", t.err);
      struct run l = lto_build (&prog, lto, "-O2 -g", b > 0, b == 2,
				harness_fmt ("%s%s", import, to), exe[b]);
      ck_assert_msg (l.status == 0, "%s %s: %s", lto, builds[b], l.err);
    }
  size_t n;
  char **callers = harness_callers (exe[0], "big_step", &n);
  ck_assert_msg (n == 3, "%s: big_step called from %zu functions without "
		 "the plugin, not main, other_step and another_step", lto, n);
  ck_assert_msg (harness_count_calls (exe[1], "big_step")
		   == harness_count_calls (exe[0], "big_step"),
		 "%s: the compilations alone changed the calls", lto);
  callers = harness_callers (exe[2], "big_step", &n);
  ck_assert_msg (n == 2 && strcmp (callers[0], "main") != 0
		   && strcmp (callers[1], "main") != 0,
		 "%s: after the link with the plugin, big_step is called from "
		 "%zu functions (main forced, the two others left)", lto, n);
  ck_assert_int_eq (harness_count_calls (exe[2], "big_step"), 2);
  struct run out_none = harness_run_program (exe[0], NULL);
  struct run out_linked = harness_run_program (exe[2], NULL);
  ck_assert_int_eq (out_linked.status, 0);
  ck_assert_str_eq (out_linked.out, out_none.out);
}
END_TEST

/* Surgical forcing: at each level where LLVM's inliner declines mix (the
   test checks that it does; under -fno-inline Clang still runs its
   inliner, with every function noinline), the plugin leaves no call to
   it, the program prints the same, and every function of the object but
   mix and the functions that called it has exactly the code it has
   without the plugin: every other inlining decision is LLVM's own.  */
static const char *const surgical_levels[] = { "-O1", "-O2", "-O3", "-Os",
					       "-O2 -fno-inline" };

START_TEST (test_surgical_changes_nothing_else)
{
  struct sample s = load ("clang-surgical.c");
  const char *level = surgical_levels[_i];
  const char *plain = obj (&s, "plain"), *surgical = obj (&s, "surgical");
  struct run r = build (&s, false, "", level, plain);
  ck_assert_msg (r.status == 0, "%s", r.err);
  r = build (&s, true, "-fplugin-arg-hotinline-strategy=surgical", level,
	     surgical);
  ck_assert_msg (r.status == 0, "%s: %s", level, r.err);
  ck_assert_msg (!strstr (r.err, "warning") && !strstr (r.err, "error"),
		 "%s: surgical forcing said:\n%s", level, r.err);
  ck_assert_msg (harness_count_calls (plain, "mix") > 0,
		 "%s: LLVM inlines mix without help: proves nothing", level);
  ck_assert_msg (harness_count_calls (surgical, "mix") == 0,
		 "%s: %d calls to mix left by surgical forcing", level,
		 harness_count_calls (surgical, "mix"));
  ck_assert_str_eq (run_program (surgical), run_program (plain));

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
  struct sample s = load ("clang-surgical-cycle.c");
  const char *level = surgical_levels[_i];
  const char *plain = obj (&s, harness_fmt ("plain%d", _i));
  const char *surgical = obj (&s, harness_fmt ("surgical%d", _i));
  struct run r = build (&s, false, "", level, plain);
  ck_assert_msg (r.status == 0, "%s", r.err);
  r = build (&s, true, "-fplugin-arg-hotinline-strategy=surgical", level,
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
  struct sample s = load ("clang-surgical.c");
  const char *attribute = obj (&s, "o0-attribute");
  const char *surgical = obj (&s, "o0-surgical");
  struct run r = build (&s, true, "", "-O0", attribute);
  ck_assert_msg (r.status == 0, "%s", r.err);
  r = build (&s, true, "-fplugin-arg-hotinline-strategy=surgical", "-O0",
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
clang_suite (void)
{
  Suite *s = runner_suite ("Clang");
  if (!harness_clang ())
    {
      fprintf (stderr, "SKIP Clang on %s: run make check CLANG=clang-N\n",
	       harness_gcc ());
      return s;
    }
  TCase *tc = runner_tcase ("Loading");
  tcase_set_timeout (tc, E2E_TIMEOUT);
  tcase_add_test (tc, test_bad_arguments);
  tcase_add_test (tc, test_other_llvm_refused);
  runner_add_tcase (s, tc);

  tc = runner_tcase ("Force mode");
  tcase_set_timeout (tc, E2E_TIMEOUT);
  tcase_add_loop_test (tc, test_guards_at_every_level, 0, N_LEVELS);
  tcase_add_test (tc, test_cxx_member_and_template);
  tcase_add_loop_test (tc, test_surgical_changes_nothing_else, 0,
		       sizeof surgical_levels / sizeof *surgical_levels);
  tcase_add_loop_test (tc, test_surgical_forces_a_call_cycle, 0,
		       sizeof surgical_levels / sizeof *surgical_levels);
  tcase_add_test (tc, test_surgical_at_o0_is_attribute);
  runner_add_tcase (s, tc);

  tc = runner_tcase ("Report mode");
  tcase_set_timeout (tc, E2E_TIMEOUT);
  tcase_add_test (tc, test_locations_only_where_hot_calls_are);
  tcase_add_loop_test (tc, test_reports_at_the_calls, 0,
		       sizeof report_levels / sizeof *report_levels);
  tcase_add_loop_test (tc, test_report_reasons_and_hint, 0,
		       sizeof hint_levels / sizeof *hint_levels);
  tcase_add_test (tc, test_report_reasons_without_remarks);
  tcase_add_test (tc, test_report_costs_as_llvm_weighs);
  tcase_add_test (tc, test_copies_count_as_their_origin);
  tcase_add_test (tc, test_report_merged_calls);
  tcase_add_test (tc, test_report_merged_calls_with_code_after);
  tcase_add_test (tc, test_report_at_a_conditional_tail_call);
  tcase_add_test (tc, test_report_at_a_copied_call);
  tcase_add_test (tc, test_werror_and_w);
  tcase_add_loop_test (tc, test_own_warnings_as_clang_warnings, 0,
		       2 * N_WARNING_CASES);
  tcase_add_loop_test (tc, test_summary_counts_the_unit, 0,
		       sizeof summary_cases / sizeof *summary_cases);
  tcase_add_test (tc, test_results_read_by_summary);
  tcase_add_test (tc, test_results_same_keys_as_gcc);
  tcase_add_test (tc, test_results_carry_the_weight);
  tcase_add_test (tc, test_function_called_only_by_address_is_said_so);
  tcase_add_test (tc, test_policy_in_dependencies);
  tcase_add_test (tc, test_results_one_per_compilation);
  runner_add_tcase (s, tc);

  tc = runner_tcase ("LTO");
  tcase_set_timeout (tc, E2E_TIMEOUT);
  tcase_add_loop_test (tc, test_lto_link, 0,
		       sizeof lto_modes / sizeof *lto_modes);
  tcase_add_loop_test (tc, test_lto_callers_scoped, 0,
		       sizeof lto_modes / sizeof *lto_modes);
  tcase_add_loop_test (tc, test_lto_surgical, 0,
		       sizeof lto_modes / sizeof *lto_modes);
  tcase_add_loop_test (tc, test_lto_link_leaves_a_bad_lock_out, 0,
		       sizeof lto_modes / sizeof *lto_modes);
  tcase_add_loop_test (tc, test_lto_link_writes_results, 0,
		       sizeof lto_modes / sizeof *lto_modes);
  if (clang_major () >= 18)
    tcase_add_loop_test (tc, test_fat_lto_objects, 0,
			 sizeof lto_modes / sizeof *lto_modes);
  else
    fprintf (stderr, "SKIP Clang LTO -ffat-lto-objects on clang-%d: it came "
		     "with Clang 18\n", clang_major ());
  runner_add_tcase (s, tc);

  tc = runner_tcase ("Wrapper");
  tcase_set_timeout (tc, E2E_TIMEOUT);
  tcase_add_test (tc, test_wrapper_as_installed);
  runner_add_tcase (s, tc);
  return s;
}
