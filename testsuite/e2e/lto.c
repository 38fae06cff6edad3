/* An LTO link in Clang (make check CLANG=clang-N), with lld loading the
   LLVM plugin: reports at the link, forcing across units, scoped to
   callers, surgical, a lock that does not load, the results written at
   the link and -ffat-lto-objects.  GCC's forcing at the LTO link is
   checked in samples.c, its LTO results in results.c.  Skipped under
   GCC.  */
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

/* The lines of the linker's reports about FUNCTION in ERR
   ("ld.lld-N: warning: FILE:LINE:COL: hot function 'F' not inlined
   into ..."), as harness_reported_lines gives them.  */
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
    sample_load ("clang-lto-lib.c"), sample_load ("clang-lto-main.c"),
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
  args_add (&a, harness_fmt ("-fuse-ld=lld-%d", harness_clang_major ()));
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
  struct run r = sample_build (lib, plugin, "", flags, lo);
  ck_assert_msg (r.status == 0, "%s: %s", flags, r.err);
  struct run m = sample_build (main_unit, plugin, "", flags, mo);
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
  struct run g = lto_build (&prog, lto, "-O2", true, true,
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
  const char *called = harness_call_lines_text (linked, "big_step", "clang-lto-main.c");
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
  int major = harness_clang_major ();
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
    harness_clang_major (), exe));
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
  struct run r = sample_build (&prog.lib, true, results, flags, lo);
  ck_assert_msg (r.status == 0, "%s: %s", lto, r.err);
  r = sample_build (&prog.main_unit, true, results, flags, mo);
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
  struct sample third = sample_load ("clang-lto-callers.c");
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
      struct run t = sample_build (&third, b > 0, "", flags, to);
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

Suite *
lto_suite (void)
{
  Suite *s = runner_suite ("LTO link");
  if (!harness_clang ())
    {
      fprintf (stderr, "SKIP LTO link on %s: run make check CLANG=clang-N\n",
	       harness_gcc ());
      return s;
    }
  TCase *tc = runner_tcase ("LTO");
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
  if (harness_clang_major () >= 18)
    tcase_add_loop_test (tc, test_fat_lto_objects, 0,
			 sizeof lto_modes / sizeof *lto_modes);
  else
    fprintf (stderr, "SKIP Clang LTO -ffat-lto-objects on clang-%d: it came "
		     "with Clang 18\n", harness_clang_major ());
  runner_add_tcase (s, tc);
  return s;
}
