/* Report mode in Clang (make check CLANG=clang-N): the reports are at the
   calls objdump finds, with and without -g, without changing the object
   code, for calls LLVM copies, merges or turns into conditional tail
   calls; their reasons are the inliner's, their costs the ones LLVM
   weighs, with a hint that works.  The report places of the examples and
   of the report samples, on both compilers, are checked in samples.c
   (suite "Force mode", case "Report mode").  Skipped under GCC.  */
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
#include "harness/sample.h"

static const char *const report_levels[] = { "-O1", "-O2", "-O3", "-Os" };

/* Report mode: for every hot function, the lines reported are the lines
   of the calls objdump finds in the -g build, one report per call; the
   same lines without -g; and the code of the report build is the plain
   build's, with and without -g.  */
START_TEST (test_reports_at_the_calls)
{
  struct sample s = sample_load ("clang-report.c");
  const char *level = report_levels[_i];
  const char *plain_g = sample_obj (&s, "plain-g"), *rep_g = sample_obj (&s, "report-g");
  const char *plain = sample_obj (&s, "plain"), *rep = sample_obj (&s, "report");
  struct run pg = sample_build (&s, false, "", harness_fmt ("%s -g", level), plain_g);
  struct run rg = sample_build (&s, true, "", harness_fmt ("%s -g", level), rep_g);
  struct run p = sample_build (&s, false, "", level, plain);
  struct run r = sample_build (&s, true, "", level, rep);
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
	const char *called = harness_call_lines_text (rep_g, f, "clang-report.c");
	ck_assert_msg (strcmp (harness_reported_lines (rg.err, f), called) == 0,
		       "%s -g: %s reported at [%s ], called at [%s ]\n%.3000s",
		       level, f, harness_reported_lines (rg.err, f), called, rg.err);
	ck_assert_msg (strcmp (harness_reported_lines (r.err, f), called) == 0,
		       "%s without -g: %s reported at [%s ], called at [%s ]"
		       "\n%.3000s", level, f, harness_reported_lines (r.err, f),
		       called, r.err);
	reports += *called != '\0';
      }
  ck_assert_msg (reports >= 3, "%s: only %zu hot functions left as calls",
		 level, reports);
}
END_TEST

/* LLVM's copies of a function count as the function (clone-names.h): a
   report for each call to a copy, as a call to 'apply', and for each call
   in a copy, as a call in 'apply', which the entry scoped to callers
   'apply' takes in.  Counted against the calls objdump finds.  */
START_TEST (test_copies_count_as_their_origin)
{
  struct sample s = sample_load ("clang-clones.c");
  const char *o = sample_obj (&s, "report");
  /* LLVM 17 on weighs a specialization against a larger function size
     than this sample's, unless forced; LLVM 16 makes the copies by itself
     and knows no such option.  */
  struct run r = sample_build (&s, true, "", "-mllvm -force-specialization", o);
  if (r.status != 0 && strstr (r.err, "Unknown command line argument"))
    r = sample_build (&s, true, "", "", o);
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
  struct sample s = sample_load ("clang-report.c");
  const char *level = hint_levels[_i].level;
  const char *o = sample_obj (&s, harness_fmt ("reasons%d", _i));
  struct run r = sample_build (&s, true, "", harness_fmt ("-g %s", level), o);
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
  const char *hinted = sample_obj (&s, harness_fmt ("hinted%d", _i));
  const char *half = sample_obj (&s, harness_fmt ("half%d", _i));
  r = sample_build (&s, false, "",
	     harness_fmt ("%s -mllvm -inline-threshold=%d", level, threshold),
	     hinted);
  ck_assert_int_eq (r.status, 0);
  r = sample_build (&s, false, "",
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
  struct sample s = sample_load ("clang-report.c");
  const char *o = sample_obj (&s, "o0");
  struct run r = sample_build (&s, true, "", "-O0", o);
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
  struct sample s = sample_load ("clang-weighed.c");
  struct run llvm = sample_build (&s, false, "", "-Rpass-missed=inline",
			   sample_obj (&s, "remarks"));
  struct run r = sample_build (&s, true, "", "", sample_obj (&s, "report"));
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
  ck_assert_msg (n == (unsigned) harness_count_calls (sample_obj (&s, "report"),
						      "heavy")
		 && exact == 2 && about == n - 2,
		 "%u reports, %u exact:\n%.3000s", n, exact, r.err);
  harness_diagnostics_free (&reports);
  harness_diagnostics_free (&remarks);
  /* Where the command line asks for the inliner's remarks, LLVM weighs
     every call in full: each report is exact, and Clang prints each
     remark once, as without the plugin.  */
  r = sample_build (&s, true, "", "-Rpass-missed=inline", sample_obj (&s, "remarked"));
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
  struct sample s = sample_load ("clang-merge.c");
  const char *rep = sample_obj (&s, "report");
  struct run r = sample_build_report_as_plain (&s, "", "-g");
  ck_assert_int_eq (harness_count_calls (rep, "big"), 1);
  if (harness_clang_sees_emitted_calls ())
    {
      char *called = strdup (harness_call_lines_text (rep, "big", "clang-merge.c"));
      ck_assert_str_eq (harness_reported_lines (r.err, "big"), called);
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
  ck_assert_str_eq (harness_reported_lines (r.err, "big"),
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

/* Calls IR passes made one (SimplifyCFG's sinking), in a function
   inlined into another.  With -g the report is at the line objdump shows
   the call at, where the plugin sees the calls as emitted (before that,
   the line of the first of the call's arguments computed with one: here
   line 22's n & 7, where objdump shows the condition's, 13); without -g,
   where only calls have lines, at the first of the calls it was made of,
   never without a place.  Both name the two calls and the function they
   were inlined through, and leave the code as it is.  */
START_TEST (test_report_sunk_calls)
{
  struct sample s = sample_load ("clang-sunk.c");
  const char *rep = sample_obj (&s, "report");
  struct run rg = sample_build_report_as_plain (&s, "", "-g");
  ck_assert_int_eq (harness_count_calls (rep, "big"), 1);
  char *called = strdup (harness_call_lines_text (rep, "big", "clang-sunk.c"));
  if (harness_clang_sees_emitted_calls ())
    ck_assert_str_eq (harness_reported_lines (rg.err, "big"), called);
  else
    ck_assert_str_eq (harness_reported_lines (rg.err, "big"),
		      " clang-sunk.c:22");
  struct run r = sample_build_report_as_plain (&s, "", "");
  ck_assert_str_eq (harness_reported_lines (r.err, "big"), " clang-sunk.c:14");
  const struct run *runs[] = { &rg, &r };
  for (size_t i = 0; i < 2; i++)
    {
      const char *err = runs[i]->err;
      ck_assert_msg (strstr (err, "note: this call has no line of its own: "
				  "the optimiser merged some of the calls to "
				  "'big' written at lines 14, 16 of ")
		     && strstr (err, "clang-sunk.c:22:10: note: 'pick' inlined "
				     "into 'outer' here [hotinline]"),
		     "%s: no note naming lines 14 and 16, or no chain:\n%.3000s",
		     i ? "without -g" : "-g", err);
      ck_assert_msg (strncmp (err, "warning:", 8) != 0
		     && !strstr (err, "\nwarning:") && !strstr (err, "\nnote:"),
		     "%s: a report without a place:\n%.3000s",
		     i ? "without -g" : "-g", err);
    }
  free (called);
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
  struct sample s = sample_load ("clang-merge-tail.c");
  const char *rep = sample_obj (&s, "report");
  const char *apart = sample_obj (&s, "no-tail-merge");
  struct run a = sample_build (&s, false, "", "-mllvm -enable-tail-merge=false",
			apart);
  ck_assert_msg (a.status == 0, "%.3000s", a.err);
  const char *dir = harness_fmt ("%s/merge-tail", harness_tmpdir ());
  struct run r = sample_build_report_as_plain (
    &s, harness_fmt ("-fplugin-arg-hotinline-results=%s", dir), "");
  ck_assert_int_eq (harness_count_calls (rep, "big"), 6);
  ck_assert_int_eq (harness_count_calls (apart, "big"), 8);
  /* The results count the calls the reports are about, and number the
     groups the code generator may merge: objdump's count is within.  */
  unsigned left, fewest;
  merge_bounds (dir, "big", &left, &fewest);
  if (harness_clang_sees_emitted_calls ())
    {
      ck_assert_uint_eq (left, 6);
      ck_assert_uint_eq (fewest, 6);
      ck_assert_str_eq (harness_reported_lines (r.err, "big"),
			harness_call_lines_text (rep, "big", "clang-merge-tail.c"));
      ck_assert_uint_eq (harness_occurrences (r.err, "note: the code "
					      "generator made this one call "
					      "of the calls to 'big' at "),
			 8 - 6);
      ck_assert_ptr_null (strstr (r.err, "may merge"));
      return;
    }
  ck_assert_uint_eq (left, 8);
  ck_assert_uint_eq (fewest, 6);
  sample_check_diagnostics (&s, r.err, "-O2");
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
  struct sample s = sample_load ("clang-condtail.c");
  const char *rep = sample_obj (&s, "report");
  struct run r = sample_build_report_as_plain (&s, "", "");
  if (harness_clang_sees_emitted_calls ())
    {
      ck_assert_str_eq (harness_reported_lines (r.err, "hot"),
			harness_call_lines_text (rep, "hot", "clang-condtail.c"));
      ck_assert_msg (strstr (r.err, "clang-condtail.c:22, which the code "
				    "generator moved here [hotinline]"),
		     "%.3000s", r.err);
    }
  else
    {
      sample_check_diagnostics (&s, r.err, "-O2");
      ck_assert_str_eq (harness_reported_lines (r.err, "hot"),
			" clang-condtail.c:22");
    }
  int major = harness_clang_major ();
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
  ck_assert_str_eq (harness_call_lines_text (rep, "hot", "clang-condtail.c"),
		    harness_fmt (" clang-condtail.c:%u", line));
}
END_TEST

/* A call the code generator copies (tail duplication): one report at
   the call; where the plugin sees the calls as emitted, a note giving
   the number of calls the object code has for it, objdump's count.  */
START_TEST (test_report_at_a_copied_call)
{
  struct sample s = sample_load ("clang-copies.c");
  const char *rep = sample_obj (&s, "report");
  struct run r = sample_build_report_as_plain (&s, "", "");
  sample_check_diagnostics (&s, r.err, "-O2");
  int copies = harness_count_calls (rep, "hot");
  ck_assert_msg (copies > 1, "the code generator made no copy of the call "
		 "to hot (%d calls): the sample tests nothing", copies);
  const char *note = harness_fmt ("note: %d calls here in the object "
				  "code: the compiler duplicated the call "
				  "[hotinline]", copies);
  if (harness_clang_sees_emitted_calls ())
    ck_assert_msg (strstr (r.err, note), "no '%s':\n%.3000s", note, r.err);
  else
    ck_assert_ptr_null (strstr (r.err, "duplicated the call"));
}
END_TEST


Suite *
reports_suite (void)
{
  Suite *s = runner_suite ("Reports");
  if (!harness_clang ())
    {
      fprintf (stderr, "SKIP Reports on %s: run make check CLANG=clang-N\n",
	       harness_gcc ());
      return s;
    }
  TCase *tc = runner_tcase ("Places");
  tcase_set_timeout (tc, E2E_TIMEOUT);
  tcase_add_loop_test (tc, test_reports_at_the_calls, 0,
		       sizeof report_levels / sizeof *report_levels);
  tcase_add_test (tc, test_copies_count_as_their_origin);
  tcase_add_test (tc, test_report_merged_calls);
  tcase_add_test (tc, test_report_sunk_calls);
  tcase_add_test (tc, test_report_merged_calls_with_code_after);
  tcase_add_test (tc, test_report_at_a_conditional_tail_call);
  tcase_add_test (tc, test_report_at_a_copied_call);
  runner_add_tcase (s, tc);

  tc = runner_tcase ("Reasons and costs");
  tcase_set_timeout (tc, E2E_TIMEOUT);
  tcase_add_loop_test (tc, test_report_reasons_and_hint, 0,
		       sizeof hint_levels / sizeof *hint_levels);
  tcase_add_test (tc, test_report_reasons_without_remarks);
  tcase_add_test (tc, test_report_costs_as_llvm_weighs);
  runner_add_tcase (s, tc);
  return s;
}
