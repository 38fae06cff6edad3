/* How reports meet the compiler's diagnostic switches.  GCC: severities,
   -Werror, -w, JSON and SARIF output, quiet; all on
   testsuite/samples/report.c, where four hot calls stay calls (three to
   mix, one to pinned).  Clang: -Werror, -w and -Wno-error=pass-failed,
   on the reports and on the plugin's own warnings.  The summary note is
   checked in summary.c, the results files in results.c.  */
#define _GNU_SOURCE
#include <check.h>
#include <unistd.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "e2e/suites.h"
#include "results-format.h"
#include "harness/harness.h"
#include "harness/sample.h"

/* How many diagnostics of KIND start with "hot function".  */
static size_t
count_reports (const char *stderr_text, const char *kind)
{
  struct diagnostics ds = harness_diagnostics (stderr_text);
  size_t n = 0;
  for (size_t i = 0; i < ds.n; i++)
    n += strcmp (ds.d[i].kind, kind) == 0
	 && strncmp (ds.d[i].message, "hot function ", 13) == 0;
  harness_diagnostics_free (&ds);
  return n;
}

START_TEST (test_reports_are_warnings_by_default)
{
  struct run r = harness_compile_report (NULL, "", "");
  ck_assert_int_eq (r.status, 0);
  ck_assert_uint_eq (count_reports (r.err, "warning"), REPORTED_CALLS);
}
END_TEST

START_TEST (test_werror_makes_reports_errors)
{
  struct run r = harness_compile_report (NULL, "", "-Werror");
  ck_assert_int_eq (r.status, 1);
  ck_assert_uint_eq (count_reports (r.err, "error"), REPORTED_CALLS);
  ck_assert_uint_eq (count_reports (r.err, "warning"), 0);
}
END_TEST

START_TEST (test_no_werror_keeps_reports_warnings_under_werror)
{
  /* What a kernel build with CONFIG_WERROR=y needs: -Werror stays in
     force for everything else.  */
  struct run r = harness_compile_report (NULL, "-fplugin-arg-hotinline-no-werror",
				 "-Werror");
  ck_assert_msg (r.status == 0, "status %d: %s", r.status, r.err);
  ck_assert_uint_eq (count_reports (r.err, "warning"), REPORTED_CALLS);

  const char *src = harness_write ("unused.c",
				   "int f (void) { int unused; return 0; }\n");
  const char *policy = harness_src ("testsuite/samples/report.yaml");
  struct args a = { { 0 }, 0 };
  args_add (&a, harness_gcc ());
  args_add_plugin (&a, &policy, 1);
  args_add_words (&a, harness_fmt ("-fplugin-arg-hotinline-no-werror "
				   "-Wall -Werror -c -o /dev/null %s", src));
  r = harness_run (a.v, NULL);
  ck_assert_int_eq (r.status, 1);
  ck_assert_ptr_nonnull (strstr (r.err, "-Werror=unused-variable"));
}
END_TEST

START_TEST (test_severity_note_never_fails_a_build)
{
  struct run r = harness_compile_report (NULL, "-fplugin-arg-hotinline-severity=note",
				 "-Werror");
  ck_assert_int_eq (r.status, 0);
  ck_assert_uint_eq (count_reports (r.err, "note"), REPORTED_CALLS);
  ck_assert_uint_eq (count_reports (r.err, "warning"), 0);
}
END_TEST

START_TEST (test_severity_error_fails_the_build)
{
  struct run r = harness_compile_report (NULL,
				 "-fplugin-arg-hotinline-severity=error", "");
  ck_assert_int_eq (r.status, 1);
  ck_assert_uint_eq (count_reports (r.err, "error"), REPORTED_CALLS);
}
END_TEST

START_TEST (test_entry_severity_applies_to_its_calls)
{
  const char *policy = harness_write ("sev.yaml",
				      "version: 1\n"
				      "functions:\n"
				      "  - {name: mix, severity: error}\n"
				      "  - {name: pinned, severity: note}\n");
  struct run r = harness_compile_report (policy, "", "");
  ck_assert_int_eq (r.status, 1);
  ck_assert_uint_eq (count_reports (r.err, "error"), 3);
  ck_assert_uint_eq (count_reports (r.err, "note"), 1);
}
END_TEST

START_TEST (test_w_silences_reports)
{
  struct run r = harness_compile_report (NULL, "", "-w");
  ck_assert_int_eq (r.status, 0);
  ck_assert_str_eq (r.err, "");
  r = harness_compile_report (NULL, "-fplugin-arg-hotinline-severity=note", "-w");
  ck_assert_str_eq (r.err, "");
}
END_TEST

START_TEST (test_quiet_prints_only_errors)
{
  struct run r = harness_compile_report (NULL, "-fplugin-arg-hotinline-quiet", "");
  ck_assert_int_eq (r.status, 0);
  ck_assert_str_eq (r.err, "");
  const char *policy = harness_write ("sev.yaml",
				      "version: 1\n"
				      "functions:\n"
				      "  - {name: mix, severity: error}\n"
				      "  - {name: pinned}\n");
  r = harness_compile_report (policy, "-fplugin-arg-hotinline-quiet", "");
  ck_assert_int_eq (r.status, 1);
  ck_assert_uint_eq (count_reports (r.err, "error"), 3);
  ck_assert_uint_eq (count_reports (r.err, "warning"), 0);
}
END_TEST

/* GCC's machine-readable diagnostics carry the reports and their notes,
   the "inlined from" chain included.  Each format is read with jansson
   into the same list of diagnostics: kind, message, line, column, and
   whether it is a note nested under the diagnostic before it.  */
struct machine_diagnostic
{
  const char *kind;
  const char *message;
  json_int_t line, column;
  bool nested;
};

struct machine_format
{
  const char *name;		/* -fdiagnostics-format=NAME */
  const char *file;		/* Written to this file, or NULL: stderr.  */
  bool sarif;
};

static const struct machine_format machine_formats[] = {
  { "json", NULL, false },
  { "sarif-stderr", NULL, true },
  { "sarif-file", "report.c.sarif", true },
};

static void
add_machine_diagnostic (struct machine_diagnostic *out, size_t *n,
			const char *kind, const char *message, json_t *line,
			json_t *column, bool nested)
{
  ck_assert_msg (*n < 64, "too many diagnostics");
  out[*n] = (struct machine_diagnostic) {
    kind, message, json_integer_value (line), json_integer_value (column),
    nested
  };
  ++*n;
}

/* GCC's JSON: an array of diagnostics, notes among a diagnostic's
   "children".  */
static void
read_gcc_json (json_t *list, bool nested, struct machine_diagnostic *out,
	       size_t *n)
{
  size_t i;
  json_t *d;
  json_array_foreach (list, i, d)
    {
      json_t *caret = json_object_get (json_array_get (json_object_get
						       (d, "locations"), 0),
				       "caret");
      add_machine_diagnostic (out, n,
			      json_string_value (json_object_get (d, "kind")),
			      json_string_value (json_object_get (d,
								  "message")),
			      json_object_get (caret, "line"),
			      json_object_get (caret, "column"), nested);
      read_gcc_json (json_object_get (d, "children"), true, out, n);
    }
}

static json_t *
sarif_region (json_t *location)
{
  return json_object_get (json_object_get (location, "physicalLocation"),
			  "region");
}

/* SARIF: the run's results, a group's notes as "relatedLocations".  */
static void
read_sarif (json_t *doc, struct machine_diagnostic *out, size_t *n)
{
  json_t *results = json_object_get (json_array_get (json_object_get
						      (doc, "runs"), 0),
				     "results");
  ck_assert_msg (json_is_array (results), "no runs[0].results");
  size_t i, j;
  json_t *r, *rel;
  json_array_foreach (results, i, r)
    {
      json_t *region
	= sarif_region (json_array_get (json_object_get (r, "locations"), 0));
      add_machine_diagnostic
	(out, n, json_string_value (json_object_get (r, "level")),
	 json_string_value (json_object_get (json_object_get (r, "message"),
					     "text")),
	 json_object_get (region, "startLine"),
	 json_object_get (region, "startColumn"), false);
      json_array_foreach (json_object_get (r, "relatedLocations"), j, rel)
	{
	  region = sarif_region (rel);
	  add_machine_diagnostic
	    (out, n, "note",
	     json_string_value (json_object_get (json_object_get (rel,
								  "message"),
						 "text")),
	     json_object_get (region, "startLine"),
	     json_object_get (region, "startColumn"), true);
	}
    }
}

/* Whether this GCC has -fdiagnostics-format=NAME (JSON is gone in 16,
   SARIF came in 13).  */
static bool
gcc_has_format (const char *name)
{
  return harness_sh (harness_fmt ("cd %s && %s -fdiagnostics-format=%s "
				  "-fsyntax-only -x c /dev/null",
				  harness_tmpdir (), harness_gcc (), name))
	   .status
	 == 0;
}

START_TEST (test_machine_diagnostics_carry_reports)
{
  const struct machine_format *f = &machine_formats[_i];
  if (!gcc_has_format (f->name))
    {
      fprintf (stderr, "SKIP %s diagnostics: %s has no "
	       "-fdiagnostics-format=%s\n", f->name, harness_gcc (), f->name);
      return;
    }
  const char *policy = harness_src ("testsuite/samples/report.yaml");
  struct run r = harness_sh
    (harness_fmt ("cd %s && %s -fplugin=%s -fplugin-arg-hotinline-policy=%s "
		  "-O2 -c -o /dev/null -fdiagnostics-format=%s %s",
		  harness_tmpdir (), harness_gcc (), harness_plugin (), policy,
		  f->name, harness_src ("testsuite/samples/report.c")));
  ck_assert_msg (r.status == 0, "status %d: %.2000s", r.status, r.err);
  const char *text = r.err;
  if (f->file)
    {
      text = harness_read (harness_fmt ("%s/%s", harness_tmpdir (), f->file),
			   NULL);
      ck_assert_msg (text, "no %s written", f->file);
    }
  json_error_t error;
  json_t *doc = json_loads (text, 0, &error);
  ck_assert_msg (doc, "not JSON (line %d: %s): %.300s", error.line,
		 error.text, text);
  struct machine_diagnostic ds[64];
  size_t n = 0;
  if (f->sarif)
    read_sarif (doc, ds, &n);
  else
    read_gcc_json (doc, false, ds, &n);

  /* The four reports; under the first report of each hot function the
     note naming its entry (given once in a unit); and where the call to
     mix in wrap was inlined into first and into second.  */
  size_t reports = 0, entry_notes = 0, functions = 0;
  const char *seen[REPORTED_CALLS];
  bool into_first = false, into_second = false;
  for (size_t i = 0; i < n; i++)
    {
      ck_assert_msg (ds[i].kind && ds[i].message, "diagnostic %zu lacks a "
		     "kind or a message", i);
      if (strncmp (ds[i].message, "hot function ", 13) == 0)
	{
	  ck_assert_str_eq (ds[i].kind, "warning");
	  ck_assert (!ds[i].nested);
	  reports++;
	  const char *name = strchr (ds[i].message, '\'');
	  size_t k = 0;
	  while (k < functions && strncmp (seen[k], name,
					   strcspn (name + 1, "'") + 2) != 0)
	    k++;
	  if (k == functions && functions < REPORTED_CALLS)
	    seen[functions++] = name;
	}
      if (strncmp (ds[i].message, "policy entry for ", 17) == 0
	  && ds[i].nested && strcmp (ds[i].kind, "note") == 0)
	entry_notes++;
      if (strcmp (ds[i].message, "'wrap' inlined into 'first' here "
		  "[hotinline]") == 0)
	into_first = ds[i].nested && ds[i].line == 67 && ds[i].column == 38;
      if (strcmp (ds[i].message, "'wrap' inlined into 'second' here "
		  "[hotinline]") == 0)
	into_second = ds[i].nested && ds[i].line == 68 && ds[i].column == 39;
    }
  ck_assert_uint_eq (reports, REPORTED_CALLS);
  ck_assert_uint_eq (entry_notes, functions);
  ck_assert_msg (into_first && into_second, "no inline chain at "
		 "report.c:67:38 and 68:39, nested under its report:\n%.3000s",
		 text);
  bool found = false;
  for (size_t i = 0; i < n; i++)
    found |= strcmp (ds[i].message, "hot function 'mix' not inlined into "
		     "'table': --param max-inline-insns-auto limit reached "
		     "[hotinline]") == 0
	     && ds[i].line == 63 && ds[i].column == 9;
  ck_assert_msg (found, "no report of mix in table at report.c:63:9");
  json_decref (doc);
}
END_TEST

/* Calls nobody can inline are not hot calls, even under "*": built-ins
   (memcpy, __builtin_expect) and what GCC calls on its own
   (__stack_chk_fail), in the reports, the summary and the results.  */
START_TEST (test_builtins_and_generated_calls_are_not_hot_calls)
{
  const char *src = harness_write
    ("guarded.c", "#include <string.h>\n"
     "int fill (char *out, const char *in)\n"
     "{\n  char buf[64];\n  strcpy (buf, in);\n"
     "  if (__builtin_expect (buf[0] == 'x', 0))\n    return 1;\n"
     "  memcpy (out, buf, 64);\n  return 0;\n}\n");
  const char *policy = harness_write ("all.yaml", "version: 1\nfunctions:\n"
				      "  - {name: \"*\", action: report}\n");
  struct args a = { { 0 }, 0 };
  args_add (&a, harness_gcc ());
  args_add_plugin (&a, &policy, 1);
  args_add_words (&a, harness_fmt ("-fplugin-arg-hotinline-summary "
				   "-fplugin-arg-hotinline-results=%s "
				   "-O2 -fstack-protector-all -c -o %s/g.o",
				   harness_tmpdir (), harness_tmpdir ()));
  args_add (&a, src);
  struct run r = harness_run (a.v, NULL);
  ck_assert_int_eq (r.status, 0);
  ck_assert_msg (!strstr (r.err, "warning"), "%.2000s", r.err);
  ck_assert_msg (strstr (r.err, "0 calls to hot functions in the source, "
			 "0 still calls"), "%.2000s", r.err);
  /* The calls are there: to strcpy and to the stack protector.  */
  ck_assert_int_gt (harness_count_calls (harness_fmt ("%s/g.o",
						       harness_tmpdir ()),
					 "__stack_chk_fail"), 0);
  r = harness_sh (harness_fmt ("cat %s/guarded.c.*.json", harness_tmpdir ()));
  ck_assert_msg (strstr (r.out, "\"calls\": []"), "%s", r.out);
}
END_TEST

/* A C++ member named by its qualified name is reported like any hot
   function: one warning per call left in the object code.  */
START_TEST (test_qualified_cxx_member_is_reported)
{
  const char *policy = harness_write ("member.yaml", "version: 1\n"
				      "functions:\n  - {name: "
				      "\"ring::Buffer::step\", action: "
				      "report}\n");
  const char *obj = harness_fmt ("%s/cxx.o", harness_tmpdir ());
  struct args a = { { 0 }, 0 };
  args_add (&a, harness_gxx ());
  args_add_plugin (&a, &policy, 1);
  args_add_words (&a, "-O0 -fdiagnostics-plain-output -c -o");
  args_add (&a, obj);
  args_add (&a, harness_src ("testsuite/samples/cxx.cc"));
  struct run r = harness_run (a.v, NULL);
  ck_assert_msg (r.status == 0, "%.2000s", r.err);
  int calls = harness_count_calls (obj, "_ZN4ring6Buffer4stepE*");
  ck_assert_int_gt (calls, 0);
  ck_assert_uint_eq (count_reports (r.err, "warning"), (size_t) calls);
  ck_assert_ptr_nonnull (strstr (r.err, "hot function 'ring::Buffer::step' not inlined "
				 "into 'use_all'"));
}
END_TEST

/* GCC's value of --param NAME at -O2.  */
static int
param_at_o2 (const char *name)
{
  struct run r = harness_sh (harness_fmt ("%s -O2 -Q --help=params | "
					  "sed -n 's/^ *--param=%s= *//p'",
					  harness_gcc (), name));
  ck_assert_msg (r.status == 0 && r.out[0], "no --param %s: %s", name, r.err);
  return atoi (r.out);
}

/* The hint for the auto limit suggests "inline" exactly when the callee's
   estimated size is within the single limit, and the suggestion is true:
   declared inline, that callee is inlined.  */
START_TEST (test_auto_limit_hint_suggests_inline_where_it_fits)
{
  const char *src = harness_src ("testsuite/samples/inline-hint.c");
  const char *policy = harness_src ("testsuite/samples/inline-hint.yaml");
  int single = param_at_o2 ("max-inline-insns-single");
  struct args a = { { 0 }, 0 };
  args_add (&a, harness_gcc ());
  args_add_plugin (&a, &policy, 1);
  args_add_words (&a, "-O2 -c -o /dev/null -fdiagnostics-plain-output");
  args_add (&a, src);
  struct run r = harness_run (a.v, NULL);
  ck_assert_msg (r.status == 0, "%s", r.err);
  const char *suggestion
    = harness_fmt ("; declared 'inline', it would be within '--param "
		   "max-inline-insns-single=%d' [hotinline]", single);
  struct diagnostics ds = harness_diagnostics (r.err);
  unsigned suggested = 0, not_suggested = 0;
  for (size_t i = 0; i < ds.n; i++)
    {
      char name[64];
      int size;
      if (sscanf (ds.d[i].message, "'%63[^']' is estimated at %d "
		  "instructions; the limit is '--param "
		  "max-inline-insns-auto=", name, &size) != 2)
	continue;
      bool has = strstr (ds.d[i].message, suggestion) != NULL;
      ck_assert_msg (has == (size <= single), "%s (single limit %d)",
		     ds.d[i].message, single);
      ck_assert_str_eq (name, has ? "middle" : "big");
      has ? suggested++ : not_suggested++;
    }
  harness_diagnostics_free (&ds);
  ck_assert_msg (suggested > 0 && not_suggested > 0, "%s", r.err);

  const char *obj = harness_fmt ("%s/inline.o", harness_tmpdir ());
  r = harness_sh (harness_fmt ("%s -O2 -c -DMIDDLE='static inline' %s -o %s",
			       harness_gcc (), src, obj));
  ck_assert_msg (r.status == 0, "%s", r.err);
  ck_assert_int_eq (harness_count_calls (obj, "middle"), 0);
}
END_TEST

/* A hot call written in a system header is reported where a function of
   the header was inlined into the user's code, as GCC 12 shows any
   warning whose "inlined from" chain leaves the system headers (GCC 11
   dropped it); a call whose chain stays in them is not, on every GCC.  */
START_TEST (test_call_inlined_from_a_system_header_is_reported)
{
  ck_assert_int_eq (harness_sh (harness_fmt ("mkdir -p %s/sys",
					     harness_tmpdir ())).status, 0);
  harness_write ("sys/wrap.h",
		 "int leaf (int);\n"
		 "static inline int wrap (int x) { return leaf (x) + 1; }\n"
		 "__attribute__((noinline)) static int own (int x)\n"
		 "{ return leaf (x) * 2; }\n");
  const char *src = harness_write ("user.c", "#include <wrap.h>\n"
				   "int use (int x)\n"
				   "{\n  return wrap (x) + own (x);\n}\n");
  const char *policy = harness_write ("leaf.yaml", "version: 1\n"
				      "functions:\n"
				      "  - {name: leaf, action: report}\n");
  const char *obj = harness_fmt ("%s/user.o", harness_tmpdir ());
  struct args a = { { 0 }, 0 };
  args_add (&a, harness_gcc ());
  args_add_plugin (&a, &policy, 1);
  args_add_words (&a, harness_fmt ("-O2 -fdiagnostics-plain-output "
				   "-isystem %s/sys -c -o %s",
				   harness_tmpdir (), obj));
  args_add (&a, src);
  struct run r = harness_run (a.v, NULL);
  ck_assert_msg (r.status == 0, "%.2000s", r.err);
  /* Both calls are in the object: wrap's, inlined into use, and own's.  */
  ck_assert_int_eq (harness_count_calls (obj, "leaf"), 2);
  ck_assert_uint_eq (count_reports (r.err, "warning"), 1);
  ck_assert_msg (strstr (r.err, "wrap.h:2:") && strstr (r.err, "hot function "
		 "'leaf' not inlined into 'wrap'"), "%.2000s", r.err);
  ck_assert_msg (strstr (r.err, "user.c:4:") && strstr (r.err, "'wrap' "
		 "inlined into 'use' here"), "%.2000s", r.err);
}
END_TEST

/* Clang's switches: -Werror makes reports errors, -Wno-error=pass-failed
   and the plugin's no-werror keep them warnings, -w and -Wno-pass-failed
   silence them, notes too.  */
START_TEST (test_werror_and_w)
{
  struct sample s = sample_load ("clang-report.c");
  const char *o = sample_obj (&s, "werror");
  struct run r = sample_build (&s, true, "", "-Werror", o);
  ck_assert_int_eq (r.status, 1);
  ck_assert_msg (strstr (r.err, "error: hot function 'kept' not inlined"),
		 "%s", r.err);
  r = sample_build (&s, true, "", "-Werror -Wno-error=pass-failed", o);
  ck_assert_msg (r.status == 0, "%s", r.err);
  ck_assert_msg (strstr (r.err, "warning: hot function 'kept' not inlined"),
		 "%s", r.err);
  r = sample_build (&s, true, "-fplugin-arg-hotinline-no-werror", "-Werror", o);
  ck_assert_msg (r.status == 0, "%s", r.err);
  ck_assert_msg (strstr (r.err, "warning: hot function 'kept'"), "%s", r.err);
  r = sample_build (&s, true, "", "-w", o);
  ck_assert_msg (r.status == 0 && !strstr (r.err, "hot function")
		 && !strstr (r.err, "policy entry"), "%s", r.err);
  r = sample_build (&s, true, "", "-Wno-pass-failed", o);
  ck_assert_msg (r.status == 0 && !strstr (r.err, "hot function")
		 && !strstr (r.err, "policy entry"), "%s", r.err);
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
  const char *src = harness_write ("counted.c", harness_counted_source);
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
  struct run r = harness_compile_counted (src, policy, args,
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

Suite *
diagnostics_suite (void)
{
  Suite *s = runner_suite ("Diagnostics");
  TCase *tc;
  if (harness_clang ())
    {
      tc = runner_tcase ("Clang's switches");
      tcase_set_timeout (tc, E2E_TIMEOUT);
      tcase_add_test (tc, test_werror_and_w);
      tcase_add_loop_test (tc, test_own_warnings_as_clang_warnings, 0,
			   2 * N_WARNING_CASES);
      runner_add_tcase (s, tc);
    }
  if (harness_skip_on_clang ("Diagnostics but Clang's switches", "GCC's diagnostic formats (JSON, SARIF, GCC's -Werror handling)"))
    return s;
  tc = runner_tcase ("Severity and switches");
  tcase_set_timeout (tc, E2E_TIMEOUT);
  tcase_add_test (tc, test_reports_are_warnings_by_default);
  tcase_add_test (tc, test_werror_makes_reports_errors);
  tcase_add_test (tc, test_no_werror_keeps_reports_warnings_under_werror);
  tcase_add_test (tc, test_severity_note_never_fails_a_build);
  tcase_add_test (tc, test_severity_error_fails_the_build);
  tcase_add_test (tc, test_entry_severity_applies_to_its_calls);
  tcase_add_test (tc, test_w_silences_reports);
  tcase_add_test (tc, test_quiet_prints_only_errors);
  tcase_add_loop_test (tc, test_machine_diagnostics_carry_reports, 0,
		       sizeof machine_formats / sizeof machine_formats[0]);
  tcase_add_test (tc, test_qualified_cxx_member_is_reported);
  tcase_add_test (tc, test_builtins_and_generated_calls_are_not_hot_calls);
  tcase_add_test (tc, test_call_inlined_from_a_system_header_is_reported);
  tcase_add_test (tc, test_auto_limit_hint_suggests_inline_where_it_fits);
  runner_add_tcase (s, tc);
  return s;
}
