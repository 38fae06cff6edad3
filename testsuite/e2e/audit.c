/* The audit of a tree's marks (audit=, disregard=, hotinline-summary
   --audit): each sample is built in two trees, as written and with its
   marks disregarded, as a user builds the two sides; the tool's verdict
   on each mark, its call sites, its bytes and the functions it changed
   beyond its callers must be what the two objects show (objdump),
   never what the plugin says of itself.  */
#include <check.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "e2e/mark-samples.h"
#include "e2e/suites.h"
#include "harness/harness.h"

/* Changes a function that calls no mark: with mid inlined as written,
   wrap is too big to inline into the outer functions; without the mark
   it is small enough, and the outer functions' code changes.  */
static const char changes_beyond[] = MARKS BIG_BODY
  "static INL MARK_A unsigned\n"
  "mid (const unsigned *p)\n"
  "{ unsigned h = 7; R8(0) R8(8) R8(16) return h; }\n"
  "static unsigned wrap (const unsigned *p)\n"
  "{ return mid (p) + mid (p + 4) + mid (p + 9); }\n"
  "unsigned outer1 (const unsigned *p) { return wrap (p) * 3; }\n"
  "unsigned outer2 (const unsigned *p) { return wrap (p + 1) ^ 9; }\n";

/* The mark's function and its expected verdict, when the objects decide
   it (NULL: derived from them in the test).  */
static const struct
{
  const char *what, *source, *mark;
  const char *error;		/* The build without the marks fails so.  */
  const char *callers[4];	/* Its callers in the source.  */
} cases[] = {
  { "needed for the code", needed_for_code, "big", NULL,
    { "f1", "f2", "f3" } },
  { "without effect", without_effect, "add1", NULL, { "g1", "g2" } },
  { "needed for the build", needed_for_build, "copy_checked",
    "size is not a constant", { "c1", "c2", "c3", "c4" } },
  { "changes beyond its callers", changes_beyond, "mid", NULL,
    { "wrap" } },
};

/* ARGV as a shell command, each word quoted (the test's paths hold no
   quote).  */
static const char *
command_of (const struct args *a)
{
  const char *cmd = "";
  for (int i = 0; i < a->n; i++)
    cmd = harness_fmt ("%s '%s'", cmd, a->v[i]);
  return cmd;
}

/* Compile sample.c in TREE (a directory of its own, as a build tree)
   into sample.o with the plugin's ARGS, results into RESULTS, at OPT.  */
static struct run
compile_in (const char *tree, const char *args, const char *results,
	    const char *opt)
{
  struct args a = { { 0 }, 0 };
  args_add (&a, harness_gcc ());
  args_add_words (&a, opt);
  args_add_words (&a, "-c sample.c -o sample.o");
  args_add_plugin (&a, NULL, 0);
  args_add (&a, harness_fmt ("-fplugin-arg-hotinline-%s", args));
  args_add (&a, harness_fmt ("-fplugin-arg-hotinline-results=%s", results));
  return harness_sh (harness_fmt ("cd '%s' &&%s", tree, command_of (&a)));
}

/* The functions whose code differs between objects A and B, or that one
   of them lacks, but those named in SKIP (a NULL-ended list).  */
static json_t *
changed_functions (const char *a, const char *b, const char *const *skip)
{
  struct functions fa = harness_functions (a), fb = harness_functions (b);
  json_t *changed = json_object ();
  for (size_t i = 0; i < fa.n; i++)
    {
      const char *body = harness_function_body (&fb, fa.names[i]);
      if (!body || strcmp (body, fa.bodies[i]) != 0)
	json_object_set_new (changed, fa.names[i], json_true ());
    }
  for (size_t i = 0; i < fb.n; i++)
    if (!harness_function_body (&fa, fb.names[i]))
      json_object_set_new (changed, fb.names[i], json_true ());
  for (const char *const *s = skip; *s; s++)
    {
      /* A function and the copies the compiler made of it.  */
      const char *key;
      json_t *v, *tmp;
      json_object_foreach_safe (changed, tmp, key, v)
	if (strncmp (key, *s, strlen (*s)) == 0
	    && (key[strlen (*s)] == '\0' || key[strlen (*s)] == '.'))
	  json_object_del (changed, key);
    }
  return changed;
}

/* The sample built in DIR/written and DIR/disregarded at OPT, results in
   DIR/OPT-written and DIR/OPT-disregarded; the second build's run.  */
static struct run
build_both (const char *dir, const char *source, const char *opt,
	    const char *tag)
{
  const char *w = harness_fmt ("%s/%s-written", dir, tag);
  const char *d = harness_fmt ("%s/%s-disregarded", dir, tag);
  ck_assert (harness_sh (harness_fmt ("mkdir -p %s %s", w, d)).status == 0);
  FILE *f = fopen (harness_fmt ("%s/sample.c", w), "w");
  ck_assert (f && fputs (source, f) >= 0 && fclose (f) == 0);
  ck_assert (harness_sh (harness_fmt ("cp %s/sample.c %s/", w, d)).status
	     == 0);
  struct run rw = compile_in (w, "audit=always_inline",
			      harness_fmt ("%s/results-w", dir), opt);
  ck_assert_msg (rw.status == 0, "as written: %.2000s", rw.err);
  ck_assert_msg (!strstr (rw.err, "hotinline"),
		 "the audit reports nothing: %.2000s", rw.err);
  /* Recording changes no code: the same as without the plugin.  */
  struct args plain = { { 0 }, 0 };
  args_add (&plain, harness_gcc ());
  args_add_words (&plain, opt);
  args_add_words (&plain, "-c sample.c -o plain.o");
  ck_assert (harness_sh (harness_fmt ("cd '%s' &&%s", w,
				      command_of (&plain))).status == 0);
  const char *none[] = { NULL };
  json_t *changed = changed_functions (harness_fmt ("%s/plain.o", w),
				       harness_fmt ("%s/sample.o", w), none);
  ck_assert_msg (json_object_size (changed) == 0,
		 "audit= changed the code of %zu functions",
		 json_object_size (changed));
  json_decref (changed);
  struct run rd = compile_in (d, "disregard=always_inline",
			      harness_fmt ("%s/results-d", dir), opt);
  ck_assert_msg (!strstr (rd.err, "[hotinline]"),
		 "disregarded, the audit reports nothing: %.2000s", rd.err);
  return rd;
}

static json_t *
audit_json (const char *args)
{
  const char *tool = getenv ("HOTINLINE_SUMMARY");
  ck_assert_msg (tool, "HOTINLINE_SUMMARY not set");
  struct run r = harness_sh (harness_fmt ("%s --audit --json %s", tool,
					  args));
  ck_assert_msg (r.status == 0, "--audit: %d: %.2000s", r.status, r.err);
  json_error_t e;
  json_t *root = json_loads (r.out, 0, &e);
  ck_assert_msg (root, "--audit --json: %s: %.2000s", e.text, r.out);
  return root;
}

/* The record of MARK in the pair's report.  */
static json_t *
mark_in (json_t *report, const char *mark)
{
  size_t i;
  json_t *m;
  json_array_foreach (json_object_get (report, "marks"), i, m)
    if (strcmp (json_string_value (json_object_get (m, "function")), mark)
	== 0)
      return m;
  ck_abort_msg ("no record of %s", mark);
  return NULL;
}

/* The bytes of OBJ's executable sections (objdump's CODE), as the
   target's objdump lists them.  */
static long long
text_bytes (const char *obj)
{
  struct run r = harness_sh (harness_fmt (
    "%s -h '%s' | awk 'function hex(s,  i, v) { v = 0; for (i = 1; "
    "i <= length (s); i++) v = v * 16 + index (\"0123456789abcdef\", "
    "tolower (substr (s, i, 1))) - 1; return v }"
    " /^ *[0-9]+ / { size = hex($3); next }"
    " /CODE/ && /ALLOC/ { s += size } END { print s + 0 }'",
    harness_objdump (), obj));
  ck_assert_msg (r.status == 0, "objdump -h: %s", r.err);
  return atoll (r.out);
}

START_TEST (test_verdict_from_objects)
{
  const char *what = cases[_i].what, *mark = cases[_i].mark;
  const char *dir = harness_tmpdir ();
  struct run rd = build_both (dir, cases[_i].source, "-O2", "o2");
  const char *wo = harness_fmt ("%s/o2-written/sample.o", dir);
  const char *dobj = harness_fmt ("%s/o2-disregarded/sample.o", dir);
  json_t *root = audit_json (harness_fmt ("%s/results-w %s/results-d", dir,
					  dir));
  json_t *report = json_array_get (json_object_get (root, "audit"), 0);
  json_t *m = mark_in (report, mark);
  const char *verdict = json_string_value (json_object_get (m, "verdict"));
  json_t *unit = json_array_get (json_object_get (report, "units"), 0);
  if (cases[_i].error)
    {
      /* The build without the mark fails, and the tool says why.  */
      ck_assert_msg (rd.status != 0 && strstr (rd.err, cases[_i].error),
		     "%s: the build without the marks: %.2000s", what, rd.err);
      ck_assert_msg (strcmp (verdict, "needed for the build") == 0, "%s: %s",
		     what, verdict);
      json_t *e = json_array_get (json_object_get (m, "errors"), 0);
      const char *msg = json_string_value (json_object_get (e, "message"));
      ck_assert_msg (msg && strstr (msg, cases[_i].error), "%s: error %s",
		     what, msg ? msg : "(none)");
      json_decref (root);
      return;
    }
  ck_assert_msg (rd.status == 0, "%s: %.2000s", what, rd.err);
  int calls_w = harness_count_calls (wo, mark);
  int calls_d = harness_count_calls (dobj, mark);
  long long left_d = 0, left_w = 0;
  size_t i;
  json_t *s;
  json_array_foreach (json_object_get (m, "sites"), i, s)
    {
      left_w += json_integer_value (json_object_get (s, "left_written"));
      left_d += json_integer_value (json_object_get (s, "left_disregarded"));
    }
  /* Sites that did not change are not listed: the difference is what
     objdump shows.  */
  ck_assert_msg (left_d - left_w == calls_d - calls_w,
		 "%s: the tool says %lld more calls to %s without the mark, "
		 "objdump %d", what, left_d - left_w, mark, calls_d - calls_w);
  const char *expected = calls_d > calls_w ? "needed for the code"
			 : left_d != left_w ? "changes the code"
			 : "without effect";
  ck_assert_msg (strcmp (verdict, expected) == 0,
		 "%s: %s has %d calls as written, %d without its mark: "
		 "expected '%s', got '%s'", what, mark, calls_w, calls_d,
		 expected, verdict);
  if (!strcmp (cases[_i].what, "needed for the code")
      || !strcmp (cases[_i].what, "without effect"))
    ck_assert_msg (!strcmp (verdict, cases[_i].what),
		   "%s: the sample gives '%s' on this compiler", what,
		   verdict);
  /* The text bytes of both objects, as objdump lists them.  */
  ck_assert_int_eq (json_integer_value (json_object_get (unit,
							 "text_written")),
		    text_bytes (wo));
  ck_assert_int_eq (json_integer_value (json_object_get (unit,
							 "text_disregarded")),
		    text_bytes (dobj));
  if (!strcmp (verdict, "without effect"))
    ck_assert_int_eq (json_integer_value (json_object_get (m, "bytes")), 0);
  /* The functions changed beyond the mark and its callers: objdump's
     differences, less the mark and its callers in the source.  */
  const char *skip[6] = { mark };
  for (size_t k = 0; k < 4; k++)
    skip[k + 1] = cases[_i].callers[k];
  skip[5] = NULL;
  json_t *changed = changed_functions (wo, dobj, skip);
  json_t *beyond = json_object_get (unit, "changed_beyond_callers");
  json_t *listed = json_object ();
  json_array_foreach (beyond, i, s)
    json_object_set_new (listed, json_string_value (s), json_true ());
  char *a = json_dumps (changed, JSON_SORT_KEYS);
  char *b = json_dumps (listed, JSON_SORT_KEYS);
  ck_assert_msg (json_equal (changed, listed),
		 "%s: objdump shows %s changed beyond the callers of %s, the "
		 "tool %s", what, a, mark, b);
  if (!strcmp (cases[_i].what, "changes beyond its callers"))
    ck_assert_msg (json_object_size (changed) > 0,
		   "%s: on this compiler the mark changes no other function: "
		   "no sample of seed 003's measure", what);
  free (a);
  free (b);
  json_decref (changed);
  json_decref (listed);
  json_decref (root);
}
END_TEST

/* Two pairs side by side: at -O0 without marks nothing is inlined, so a
   mark without effect at -O2 is needed for the code there, and the text
   report marks the disagreement.  */
START_TEST (test_side_by_side)
{
  const char *dir = harness_tmpdir ();
  build_both (dir, without_effect, "-O2", "o2");
  const char *o2 = harness_fmt ("%s/results-w %s/results-d", dir, dir);
  const char *o0dir = harness_fmt ("%s/o0", dir);
  ck_assert (harness_sh (harness_fmt ("mkdir -p %s", o0dir)).status == 0);
  build_both (o0dir, without_effect, "-O0", "o0");
  const char *o0 = harness_fmt ("%s/results-w %s/results-d", o0dir, o0dir);
  int o0_calls = harness_count_calls (harness_fmt ("%s/o0-disregarded/"
						   "sample.o", o0dir), "add1");
  ck_assert_msg (o0_calls > 0, "add1 inlined at -O0 without its mark");
  const char *tool = getenv ("HOTINLINE_SUMMARY");
  struct run r = harness_sh (harness_fmt ("%s --audit %s %s", tool, o2, o0));
  ck_assert_msg (r.status == 0, "%.2000s", r.err);
  ck_assert_msg (strstr (r.out, "side by side:")
		 && strstr (r.out, "* add1 (sample.c:"),
		 "the disagreement on add1 is not marked:\n%s", r.out);
  const char *row = strstr (r.out, "* add1 (sample.c:");
  const char *eol = strchr (row, '\n');
  const char *effect = strstr (row, "without effect");
  const char *code = strstr (row, "needed for the code");
  ck_assert_msg (effect && code && effect < code && code < eol,
		 "expected -O2's 'without effect' then -O0's 'needed for the "
		 "code': %.*s", (int) (eol - row), row);
  /* The same in the site: the disagreeing row marked, both reports.  */
  const char *site = harness_fmt ("%s/site", dir);
  struct run h = harness_sh (harness_fmt ("%s --audit --html %s %s %s", tool,
					  site, o2, o0));
  ck_assert_msg (h.status == 0, "--html: %.2000s", h.err);
  char *page = harness_read (harness_fmt ("%s/index.html", site), NULL);
  ck_assert_msg (page && strstr (page, "<h2>Side by side</h2>")
		 && strstr (page, "<tr class=\"left\"><td>add1 (sample.c:")
		 && harness_occurrences (page, "<h2>") == 3,
		 "%s", page ? page : "(no page)");
  free (page);
}
END_TEST

/* The policy --lock writes in place of the marks the code needs: with
   those marks taken out of the source by their macro, forcing with it
   gives the annotated build's code, function by function; the marks the
   build needs and those without effect are named in its comments.  */
START_TEST (test_lock_round_trip)
{
  const char *dir = harness_tmpdir ();
  build_both (dir, needed_for_code, "-O2", "o2");
  const char *tool = getenv ("HOTINLINE_SUMMARY");
  const char *lock = harness_fmt ("%s/marks.yaml", dir);
  struct run r = harness_sh (harness_fmt ("%s --audit --lock %s %s/results-w "
					  "%s/results-d", tool, lock, dir,
					  dir));
  ck_assert_msg (r.status == 0 && strstr (r.err, "wrote"), "%d: %.2000s",
		 r.status, r.err);
  char *text = harness_read (lock, NULL);
  ck_assert_msg (text && strstr (text, "name: \"big\"")
		 && strstr (text, "action: always_inline")
		 && strstr (text, "needed for the code on "),
		 "%s", text ? text : "(no file)");
  free (text);
  /* The source without the mark, forced by the policy.  */
  const char *hand = harness_fmt ("%s/hand", dir);
  ck_assert (harness_sh (harness_fmt ("mkdir -p %s && cp %s/o2-written/"
				      "sample.c %s/", hand, dir,
				      hand)).status == 0);
  struct args a = { { 0 }, 0 };
  args_add (&a, harness_gcc ());
  args_add_words (&a, "-O2 -DMARK_A= -c sample.c -o sample.o");
  args_add_plugin (&a, NULL, 0);
  args_add (&a, harness_fmt ("-fplugin-arg-hotinline-policy=%s", lock));
  struct run f = harness_sh (harness_fmt ("cd '%s' &&%s", hand,
					  command_of (&a)));
  ck_assert_msg (f.status == 0, "forced by the audit's policy: %.2000s",
		 f.err);
  const char *wo = harness_fmt ("%s/o2-written/sample.o", dir);
  const char *ho = harness_fmt ("%s/sample.o", hand);
  ck_assert_msg (harness_count_calls (ho, "big") == 0,
		 "big still called with the policy");
  const char *none[] = { NULL };
  json_t *changed = changed_functions (wo, ho, none);
  char *list = json_dumps (changed, JSON_SORT_KEYS);
  ck_assert_msg (json_object_size (changed) == 0,
		 "the policy's build differs from the annotated one in %s",
		 list);
  free (list);
  json_decref (changed);
  /* The other verdicts are named, not made entries.  */
  const char *two = harness_fmt ("%s/two", dir);
  ck_assert (harness_sh (harness_fmt ("mkdir -p %s", two)).status == 0);
  build_both (two, without_effect, "-O2", "o2");
  struct run c = harness_sh (harness_fmt ("%s --audit --lock - %s/results-w "
					  "%s/results-d", tool, two, two));
  ck_assert_msg (c.status == 0 && strstr (c.out, "without effect")
		 && strstr (c.out, "#   add1 (sample.c:")
		 && strstr (c.out, "functions: []"), "%.2000s", c.out);
}
END_TEST

/* Bad input: a clear message and exit status 2.  */
START_TEST (test_bad_input)
{
  const char *dir = harness_tmpdir ();
  build_both (dir, needed_for_code, "-O2", "o2");
  /* A build of another tree, and one without the audit's records.  */
  const char *other = harness_fmt ("%s/other", dir);
  ck_assert (harness_sh (harness_fmt ("mkdir -p %s", other)).status == 0);
  build_both (other, without_effect, "-O2", "x");
  ck_assert (harness_sh (harness_fmt ("mkdir -p %s/x-written/sub && cp "
				      "%s/x-written/sample.c "
				      "%s/x-written/sub/other.c", other,
				      other, other)).status == 0);
  struct args a = { { 0 }, 0 };
  args_add (&a, harness_gcc ());
  args_add_words (&a, "-O2 -c sub/other.c -o sub/other.o");
  args_add_plugin (&a, NULL, 0);
  args_add (&a, harness_fmt ("-fplugin-arg-hotinline-results=%s/plain",
			     dir));
  ck_assert (harness_sh (harness_fmt ("cd '%s/x-written' &&%s", other,
				      command_of (&a))).status == 0);
  /* The other tree's build without its marks has a unit more.  */
  struct args o = { { 0 }, 0 };
  args_add (&o, harness_gcc ());
  args_add_words (&o, "-O2 -c sub/other.c -o sub/other.o");
  args_add_plugin (&o, NULL, 0);
  args_add (&o, "-fplugin-arg-hotinline-disregard=always_inline");
  args_add (&o, harness_fmt ("-fplugin-arg-hotinline-results=%s/results-d",
			     other));
  ck_assert (harness_sh (harness_fmt ("mkdir -p %s/x-disregarded/sub && cp "
				      "%s/x-written/sub/other.c "
				      "%s/x-disregarded/sub/ && cd "
				      "'%s/x-disregarded' &&%s", other, other,
				      other, other,
				      command_of (&o))).status == 0);
  const struct
  {
    const char *args, *message;
  } bad[] = {
    { harness_fmt ("%s/results-w", dir),
      "--audit wants WRITTEN and DISREGARDED" },
    { harness_fmt ("%s/results-w %s/none", dir, dir),
      "cannot read the directory" },
    { harness_fmt ("%s/results-d %s/results-w", dir, dir),
      "give the build as written first" },
    { harness_fmt ("%s/results-w %s/results-d", dir, other),
      "different trees" },
    { harness_fmt ("%s/plain %s/results-d", dir, dir),
      "no marks recorded" },
  };
  const char *tool = getenv ("HOTINLINE_SUMMARY");
  for (size_t i = 0; i < sizeof bad / sizeof *bad; i++)
    {
      struct run r = harness_sh (harness_fmt ("%s --audit %s", tool,
					      bad[i].args));
      ck_assert_msg (r.status == 2 && strstr (r.err, bad[i].message),
		     "--audit %s: expected '%s', got %d: %.2000s",
		     bad[i].args, bad[i].message, r.status, r.err);
    }
}
END_TEST

/* audit= without results= is a clear error of the plugin.  */
START_TEST (test_audit_needs_results)
{
  const char *src = harness_write ("sample.c", without_effect);
  struct args a = { { 0 }, 0 };
  args_add (&a, harness_gcc ());
  args_add_words (&a, "-O2 -c");
  args_add_plugin (&a, NULL, 0);
  args_add (&a, "-fplugin-arg-hotinline-audit=always_inline");
  args_add (&a, src);
  args_add (&a, "-o");
  args_add (&a, harness_fmt ("%s/x.o", harness_tmpdir ()));
  struct run r = harness_run (a.v, NULL);
  ck_assert_msg (r.status != 0 && strstr (r.err, "argument 'audit' records "
					  "the marks in the results")
		 && strstr (r.err, "[hotinline]"),
		 "status %d: %.2000s", r.status, r.err);
}
END_TEST

Suite *
audit_suite (void)
{
  Suite *s = runner_suite ("Mark audit");
  TCase *tc = runner_tcase ("Verdicts");
  tcase_set_timeout (tc, E2E_TIMEOUT);
  tcase_add_loop_test (tc, test_verdict_from_objects, 0,
		       (int) (sizeof cases / sizeof *cases));
  tcase_add_test (tc, test_side_by_side);
  tcase_add_test (tc, test_lock_round_trip);
  runner_add_tcase (s, tc);
  tc = runner_tcase ("Errors");
  tcase_set_timeout (tc, E2E_TIMEOUT);
  tcase_add_test (tc, test_bad_input);
  tcase_add_test (tc, test_audit_needs_results);
  runner_add_tcase (s, tc);
  return s;
}
