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
  struct sample s = sample_load ("clang-report.c");
  const char *bc = sample_obj (&s, "located"), *mine = sample_obj (&s, "remarks");
  struct run r = sample_build (&s, true, "",
			harness_fmt ("-flto %s", harness_clang_track_locations ()), bc);
  struct run u = sample_build (&s, true, "", "-flto -Rpass-missed=inline", mine);
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
  if (harness_clang_major () < 19)
    return;
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
  runner_add_tcase (s, tc);
  return s;
}
