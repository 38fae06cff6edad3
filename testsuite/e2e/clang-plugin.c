/* What only the LLVM plugin in Clang has (make check CLANG=clang-N): its
   loading as a pass plugin, the arguments and the LLVM version check,
   the policy in -MD's dependencies, and the source locations it asks for
   without -g, only where hot calls are.  Checked through the compiler's
   output, not the plugin's claims.  Skipped under GCC, whose plugin's
   loading is checked in plugin.c.  */
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

/* Whether FUNCTION's definition in the textual IR LL has a subprogram;
   its instructions that have a source location, and of those the
   calls.  */
static bool
placed (const char *ll, const char *function, int *all, int *calls)
{
  const char *name = harness_fmt ("@%s(", function);
  bool in = false, sp = false;
  *all = *calls = 0;
  for (const char *line = ll; line && *line;
       line = strchr (line, '\n') ? strchr (line, '\n') + 1 : NULL)
    {
      const char *end = strchr (line, '\n');
      size_t len = end ? (size_t) (end - line) : strlen (line);
      const char *text = harness_fmt ("%.*s", (int) len, line);
      if (strncmp (text, "define ", 7) == 0 && strstr (text, name))
	{
	  in = true;
	  sp = strstr (text, " !dbg ") != NULL;
	}
      else if (in && text[0] == '}')
	return sp;
      else if (in && strstr (text, ", !dbg ")
	       && !strstr (text, "#dbg_") && !strstr (text, "@llvm.dbg."))
	{
	  (*all)++;
	  *calls += strstr (text, " call ") || strstr (text, " invoke ");
	}
    }
  ck_assert_msg (in, "no definition of %s in:\n%.3000s", function, ll);
  return sp;
}

/* Whether FUNCTION has a subprogram in LL.  */
static bool
located (const char *ll, const char *function)
{
  int all, calls;
  return placed (ll, function, &all, &calls);
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

/* Without -g, locations on every instruction cost a tenth of a
   compilation, so the plugin places only calls (call-places.cpp): in the
   bitcode of an LTO compilation, the callers of big, kept, chill,
   elsewhere and fact have a subprogram, and only their calls are
   placed; big, chill and kept, which call no hot function, have nothing
   placed; nothing of the plugin's marks is left for a later
   pass or the link to see.  A remark of the user's wants locations
   everywhere.  */
START_TEST (test_locations_only_where_hot_calls_are)
{
  struct sample s = sample_load ("clang-report.c");
  const char *bc = sample_obj (&s, "located"), *mine = sample_obj (&s, "remarks");
  struct run r = sample_build (&s, true, "", "-flto", bc);
  struct run u = sample_build (&s, true, "", "-flto -Rpass-missed=inline", mine);
  ck_assert_msg (r.status == 0 && u.status == 0, "%s%s", r.err, u.err);
  const char *ll[2] = { ir_text (bc), ir_text (mine) };
  static const char *const callers[] = { "use_big", "use_kept", "use_chill",
					 "use_elsewhere", "use_fact", "fact" };
  static const char *const others[] = { "big", "chill", "kept" };
  for (size_t i = 0; i < sizeof callers / sizeof *callers; i++)
    {
      int all, calls;
      ck_assert_msg (placed (ll[0], callers[i], &all, &calls),
		     "%s has no subprogram", callers[i]);
      ck_assert_msg (all == calls, "%s: %d instructions placed, %d calls",
		     callers[i], all, calls);
      ck_assert_msg (located (ll[1], callers[i]), "%s has no locations",
		     callers[i]);
    }
  for (size_t i = 0; i < sizeof others / sizeof *others; i++)
    {
      int all, calls;
      placed (ll[0], others[i], &all, &calls);
      ck_assert_msg (all == 0, "%s calls no hot function, has %d places",
		     others[i], all);
      placed (ll[1], others[i], &all, &calls);
      ck_assert_msg (all > 0, "%s lost its locations under -Rpass-missed=inline",
		     others[i]);
    }
  ck_assert_msg (!strstr (ll[0], "srcloc") && !strstr (ll[0], "dontcall"),
		 "the plugin's marks are left in the bitcode:\n%.3000s", ll[0]);
  /* A policy that only forces asks for none: a refused call is rare, and
     it costs nothing where none is.  */
  const char *force = harness_write ("force-only.yaml",
				     "version: 1\nfunctions:\n"
				     "  - {name: big, action: always_inline}\n");
  const char *fbc = sample_obj (&s, "force-only");
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

/* The one results file in DIR, without what names the build (its output
   and its flags).  */
static json_t *
results_of (const char *dir)
{
  struct run r = harness_sh (harness_fmt ("ls %s/*.json", dir));
  ck_assert_msg (r.status == 0 && r.out[0], "no results in %s", dir);
  *strchrnul (r.out, '\n') = '\0';
  json_error_t err;
  json_t *unit = json_load_file (r.out, 0, &err);
  ck_assert_msg (unit, "%s: %s", r.out, err.text);
  json_object_del (unit, "output");
  json_object_del (unit, "flags");
  return unit;
}

/* The places without -g are those of -g: a report build's results (each
   call's file, line, column, caller and chain of inlining) are the same
   with and without it, in C and C++ (the samples whose calls LLVM does
   not move into another block, where -g may give a call the branch's
   place: docs/clang.md).  */
static const char *const same_places_samples[] = { "clang-report.c",
						   "clang-merge.c",
						   "clang-cxx.cc" };

START_TEST (test_places_are_those_of_g)
{
  struct sample s = sample_load (same_places_samples[_i]);
  /* A policy that reports what the sample's forces.  */
  const char *policy = harness_read (s.setup.policies[0], NULL);
  for (const char *at; (at = strstr (policy, "always_inline"));)
    policy = harness_fmt ("%.*sreport%s", (int) (at - policy), policy,
			  at + strlen ("always_inline"));
  s.setup.policies[0] = harness_write (harness_fmt ("report-%d.yaml", _i),
				       policy);
  json_t *unit[2];
  for (int g = 0; g < 2; g++)
    {
      const char *dir = harness_fmt ("%s/places-%d-%d", harness_tmpdir (),
				     _i, g);
      struct run r = sample_build (&s, true,
				   harness_fmt ("-fplugin-arg-hotinline-"
						"results=%s", dir),
				   g ? "-O2 -g" : "-O2",
				   sample_obj (&s, harness_fmt ("places%d", g)));
      ck_assert_msg (r.status == 0, "%s", r.err);
      unit[g] = results_of (dir);
    }
  json_t *calls = json_object_get (unit[1], "calls");
  ck_assert_msg (json_array_size (calls) > 0, "%s: no calls recorded",
		 s.path);
  char *a = json_dumps (unit[0], JSON_SORT_KEYS | JSON_INDENT (1));
  char *b = json_dumps (unit[1], JSON_SORT_KEYS | JSON_INDENT (1));
  ck_assert_msg (json_equal (unit[0], unit[1]),
		 "%s: without -g:\n%s\nwith -g:\n%s", s.path, a, b);
  free (a);
  free (b);
  json_decref (unit[0]);
  json_decref (unit[1]);
}
END_TEST

/* Bad arguments and policies are Clang errors.  */
START_TEST (test_bad_arguments)
{
  struct sample s = sample_load ("clang-report.c");
  struct run r = sample_build (&s, true, "-fplugin-arg-hotinline-polcy=x.yaml", "",
			sample_obj (&s, "bad"));
  ck_assert_int_eq (r.status, 1);
  ck_assert_msg (strstr (r.err, "error: unknown argument 'polcy'; did you "
			 "mean 'policy'? [hotinline]"), "%s", r.err);
  const char *bad = harness_write ("bad.yaml", "version: 1\nfunctions:\n"
				   "  - name: f\n    action: sometimes\n");
  s.setup.policies[0] = bad;
  r = sample_build (&s, true, "", "", sample_obj (&s, "bad"));
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
      struct sample s = sample_load ("clang-report.c");
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

/* Rebuild on policy change: -MD names the policy files after the source
   and its headers, as the GCC plugin does.  */
START_TEST (test_policy_in_dependencies)
{
  struct sample s = sample_load ("clang-report.c");
  const char *dep = harness_fmt ("%s/clang-report.d", harness_tmpdir ());
  struct run r = sample_build (&s, true, "",
			harness_fmt ("-O2 -MD -MF %s", dep), sample_obj (&s, "deps"));
  ck_assert_msg (r.status == 0, "%s", r.err);
  char *text = harness_read (dep, NULL);
  ck_assert_msg (text, "no %s", dep);
  const char *source = strstr (text, "clang-report.c");
  const char *policy = strstr (text, "clang-report.yaml");
  ck_assert_msg (source && policy && source < policy,
		 "the source, then the policy, expected in:\n%s", text);
}
END_TEST

Suite *
clang_plugin_suite (void)
{
  Suite *s = runner_suite ("Clang plugin");
  if (!harness_clang ())
    {
      fprintf (stderr, "SKIP Clang plugin on %s: run make check CLANG=clang-N\n",
	       harness_gcc ());
      return s;
    }
  TCase *tc = runner_tcase ("Loading");
  tcase_set_timeout (tc, E2E_TIMEOUT);
  tcase_add_test (tc, test_bad_arguments);
  tcase_add_test (tc, test_other_llvm_refused);
  tcase_add_test (tc, test_policy_in_dependencies);
  runner_add_tcase (s, tc);

  tc = runner_tcase ("Locations without -g");
  tcase_set_timeout (tc, E2E_TIMEOUT);
  tcase_add_test (tc, test_locations_only_where_hot_calls_are);
  tcase_add_loop_test (tc, test_places_are_those_of_g, 0,
		       sizeof same_places_samples / sizeof *same_places_samples);
  runner_add_tcase (s, tc);
  return s;
}
