/* The compiler wrapper hotinline-cc: a fake compiler shows the command
   line it makes (the plugin added before the hotinline arguments, taken
   from -iplugindir, other command lines passed through, a renamed plugin
   file followed, the compiler as first argument or the link's name, an
   unknown compiler named, itself never run again), and with the real
   compiler it compiles as -fplugin= does.  Under Clang, the wrapper as
   make install CLANG=clang-N leaves it.  The wrapper under distcc is
   checked in distributed.c.  */
#define _GNU_SOURCE
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "e2e/suites.h"
#include "e2e/wrapper.h"
#include "harness/harness.h"
#include "harness/sample.h"

const char *
wrapped_gcc (void)
{
  return harness_fmt ("hotinline-%s", harness_gcc ());
}

/* The plugin is not installed while testing, so -iplugindir names the
   directory of the built one.  */
static const char *
plugin_dir (void)
{
  const char *plugin = harness_plugin ();
  return harness_fmt ("%.*s", (int) (strrchr (plugin, '/') - plugin),
		      plugin);
}

const char *
wrapper_args (const char *policy)
{
  return harness_fmt ("-iplugindir=%s -fplugin-arg-hotinline-policy=%s",
		      plugin_dir (), policy);
}

void
assert_wrapper_built (void)
{
  const char *wrapper = getenv ("HOTINLINE_CC_WRAPPER");
  ck_assert_msg (wrapper && access (wrapper, X_OK) == 0,
		 "HOTINLINE_CC_WRAPPER does not name hotinline-cc (make "
		 "check sets it)");
}

/* What the tests that compile for real share (wrapper.h).  */

const char *
plugin_args (const char *policy)
{
  return harness_fmt ("-fplugin=%s -fplugin-arg-hotinline-policy=%s",
		      harness_plugin (), policy);
}

const char *
xarray_policy (void)
{
  return harness_src ("policies/xarray_walk.yaml");
}

/* The directory DIR of the test directory, made if need be.  Objects
   built in different directories under the same name have the same -MD
   output, so local and distributed builds go to "local" and "remote".  */
const char *
build_dir (const char *dir)
{
  const char *path = harness_fmt ("%s/%s", harness_tmpdir (), dir);
  mkdir (path, 0755);
  return path;
}

/* The compile command for SOURCE into DIR/NAME.o with FLAGS by COMPILER,
   run through WRAPPER (a command prefix, "" for a local build).  */
struct run
compile_by (const char *dir, const char *wrapper, const char *compiler,
	    const char *source, const char *name, const char *flags)
{
  return harness_sh (harness_fmt ("cd %s && %s %s -O2 -MD -c %s -o %s.o %s",
				  dir, wrapper, compiler, source, name,
				  flags));
}

struct run
compile_in (const char *dir, const char *wrapper, const char *source,
	    const char *name, const char *flags)
{
  return compile_by (dir, wrapper, harness_gcc (), source, name, flags);
}

void
assert_same_file (const char *a, const char *b)
{
  size_t na, nb;
  char *da = harness_read (a, &na), *db = harness_read (b, &nb);
  ck_assert_msg (da && db, "%s or %s missing", a, b);
  ck_assert_msg (na == nb && memcmp (da, db, na) == 0, "%s and %s differ",
		 a, b);
}


/* The wrapper alone.  A fake compiler, "fakecc", prints its arguments
   one a line; it and the wrapper's links are in a directory put first in
   PATH.  */
static const char *
fake_compiler_dir (void)
{
  /* Made once for the test (each runs in a process of its own).  */
  static const char *bin;
  if (bin)
    return bin;
  assert_wrapper_built ();
  bin = harness_fmt ("%s/bin", harness_tmpdir ());
  mkdir (bin, 0755);
  const char *fake = harness_write ("bin/fakecc", "#!/bin/sh\n"
				    "for a; do printf '%s\\n' \"$a\"; done\n");
  chmod (fake, 0755);
  const char *wrapper = getenv ("HOTINLINE_CC_WRAPPER");
  const char *links[] = { "hotinline-cc", "hotinline-fakecc",
			  "hotinline-gcc-99", wrapped_gcc (), NULL };
  for (int i = 0; links[i]; i++)
    ck_assert_int_eq (symlink (wrapper, harness_fmt ("%s/%s", bin,
						      links[i])), 0);
  return bin;
}

/* COMMAND run with the fake compiler's directory first in PATH.  */
static struct run
wrapper_run (const char *command)
{
  return harness_sh (harness_fmt ("export PATH=%s:$PATH; %s",
				  fake_compiler_dir (), command));
}

/* COMMAND runs fakecc with exactly the arguments EXPECTED (one a
   line).  */
static void
assert_wrapper_runs (const char *command, const char *expected)
{
  struct run r = wrapper_run (command);
  ck_assert_msg (r.status == 0, "%s: status %d: %s", command, r.status,
		 r.err);
  ck_assert_str_eq (r.err, "");
  ck_assert_str_eq (r.out, expected);
}

START_TEST (test_wrapper_adds_the_plugin_before_its_arguments)
{
  assert_wrapper_runs ("hotinline-fakecc -O2 -c x.c "
		       "-fplugin-arg-hotinline-policy=/p.yaml "
		       "-fplugin-arg-hotinline-quiet",
		       "-O2\n-c\nx.c\n-fplugin=hotinline\n"
		       "-fplugin-arg-hotinline-policy=/p.yaml\n"
		       "-fplugin-arg-hotinline-quiet\n");
}
END_TEST

/* GCC does not pass -iplugindir on when it compiles a preprocessed
   file, so the wrapper gives the plugin's path itself.  */
START_TEST (test_wrapper_takes_the_plugin_from_iplugindir)
{
  assert_wrapper_runs ("hotinline-fakecc -fplugin-arg-hotinline-quiet "
		       "-iplugindir=/a -iplugindir=/pd x.i",
		       "-fplugin=/pd/hotinline.so\n"
		       "-fplugin-arg-hotinline-quiet\n-iplugindir=/a\n"
		       "-iplugindir=/pd\nx.i\n");
}
END_TEST

START_TEST (test_wrapper_passes_other_command_lines_through)
{
  /* No hotinline arguments, another plugin's.  */
  assert_wrapper_runs ("hotinline-fakecc -O2 -fplugin=/x/other.so "
		       "-fplugin-arg-other-hotinline-x=1 'a b.c'",
		       "-O2\n-fplugin=/x/other.so\n"
		       "-fplugin-arg-other-hotinline-x=1\na b.c\n");
  /* hotinline loaded already, by path or by name.  */
  assert_wrapper_runs ("hotinline-fakecc -fplugin=/abs/hotinline.so "
		       "-fplugin-arg-hotinline-policy=/p.yaml",
		       "-fplugin=/abs/hotinline.so\n"
		       "-fplugin-arg-hotinline-policy=/p.yaml\n");
  assert_wrapper_runs ("hotinline-fakecc -fplugin-arg-hotinline-quiet "
		       "-fplugin=hotinline",
		       "-fplugin-arg-hotinline-quiet\n-fplugin=hotinline\n");
  assert_wrapper_runs ("hotinline-fakecc", "");
}
END_TEST

/* GCC names a plugin after its file and passes -fplugin-arg-NAME-KEY to
   the plugin NAME, up to the first '-': a renamed copy gets its arguments
   renamed, and one whose name no argument can reach is refused.  */
START_TEST (test_wrapper_follows_a_renamed_plugin_file)
{
  assert_wrapper_runs ("hotinline-fakecc -fplugin=/p/hotinline12.so "
		       "-fplugin-arg-hotinline-policy=/p.yaml x.c",
		       "-fplugin=/p/hotinline12.so\n"
		       "-fplugin-arg-hotinline12-policy=/p.yaml\nx.c\n");
  struct run r = wrapper_run ("hotinline-fakecc -fplugin=/p/hotinline-1.2.so "
			      "-fplugin-arg-hotinline-policy=/p.yaml x.c");
  ck_assert_int_eq (r.status, 2);
  ck_assert_str_eq (r.err, "hotinline-cc: the plugin file is named "
		    "'hotinline-1.2', and GCC passes no arguments to a plugin "
		    "whose name has a '-'; keep the file's name hotinline.so "
		    "(put the version in its directory) or name it without "
		    "'-'\n");
  ck_assert_str_eq (r.out, "");
  /* And with the real compiler, the renamed copy forces as the plugin.  */
  const char *dir = harness_tmpdir ();
  const char *copy = harness_fmt ("%s/hotinline12.so", dir);
  ck_assert_int_eq (harness_sh (harness_fmt ("cp %s %s", harness_plugin (),
					     copy)).status, 0);
  const char *obj = harness_fmt ("%s/x.o", dir);
  r = harness_sh (harness_fmt ("%s %s -O2 -c %s -o %s -fplugin=%s "
			       "-fplugin-arg-hotinline-policy=%s",
			       getenv ("HOTINLINE_CC_WRAPPER"), harness_gcc (),
			       harness_src ("examples/xarray_walk.c"), obj,
			       copy, xarray_policy ()));
  ck_assert_msg (r.status == 0, "%s", r.err);
  ck_assert_int_eq (harness_count_calls (obj, "xas_descend"), 0);
}
END_TEST

START_TEST (test_wrapper_takes_the_compiler_as_first_argument)
{
  assert_wrapper_runs ("hotinline-cc fakecc -fplugin-arg-hotinline-quiet",
		       "-fplugin=hotinline\n-fplugin-arg-hotinline-quiet\n");
  struct run r = wrapper_run ("hotinline-cc");
  ck_assert_int_eq (r.status, 2);
  ck_assert_msg (strstr (r.err, "hotinline-cc COMPILER ARGS..."), "%s",
		 r.err);
}
END_TEST

START_TEST (test_wrapper_names_an_unknown_compiler)
{
  struct run r = wrapper_run ("hotinline-gcc-99 -c x.c");
  ck_assert_int_eq (r.status, 127);
  ck_assert_str_eq (r.err, "hotinline-cc: cannot run 'gcc-99': No such "
		    "file or directory\n");
  ck_assert_str_eq (r.out, "");
}
END_TEST

/* A compiler name that would run the wrapper again is refused, whether
   it says so (hotinline-...) or is a link back to it.  */
START_TEST (test_wrapper_does_not_run_itself)
{
  struct run r = wrapper_run ("hotinline-cc hotinline-fakecc x.c");
  ck_assert_int_eq (r.status, 2);
  ck_assert_msg (strstr (r.err, "refusing to run 'hotinline-fakecc'"),
		 "%s", r.err);
  const char *bin = fake_compiler_dir ();
  ck_assert_int_eq (symlink ("hotinline-cc", harness_fmt ("%s/gcc-98",
							   bin)), 0);
  r = wrapper_run ("hotinline-cc gcc-98 x.c");
  ck_assert_int_eq (r.status, 2);
  ck_assert_msg (strstr (r.err, "cannot run 'gcc-98': it leads back to "
			 "hotinline-cc"), "%s", r.err);
}
END_TEST

/* Without distcc, with the real compiler: the same object as with
   -fplugin= given directly.  */
START_TEST (test_wrapper_compiles_as_the_plugin_does)
{
  const char *dir = build_dir ("build");
  const char *src = harness_src ("examples/xarray_walk.c");
  struct run l = compile_in (dir, "", src, "direct",
			     plugin_args (xarray_policy ()));
  ck_assert_msg (l.status == 0, "%.2000s", l.err);
  struct run w = wrapper_run (harness_fmt ("cd %s && %s -O2 -c %s -o "
					   "wrapped.o %s", dir,
					   wrapped_gcc (), src,
					   wrapper_args (xarray_policy ())));
  ck_assert_msg (w.status == 0, "%.2000s", w.err);
  assert_same_file (harness_fmt ("%s/direct.o", dir),
		    harness_fmt ("%s/wrapped.o", dir));
  ck_assert_int_eq (harness_count_calls (harness_fmt ("%s/wrapped.o", dir),
					 "xas_descend"), 0);
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
  struct sample s = sample_load ("clang-report.c");
  const char *plain_g = sample_obj (&s, "wrapper-plain-g");
  const char *rep = sample_obj (&s, "wrapper-report");
  struct run r = sample_build (&s, false, "", "-O2 -g", plain_g);
  ck_assert_msg (r.status == 0, "%s", r.err);
  r = harness_run ((const char *const[]) { wrapper, "-O2",
		     harness_fmt ("-fplugin-arg-hotinline-policy=%s",
				  s.setup.policies[0]),
		     "-c", s.path, "-o", rep, NULL }, NULL);
  ck_assert_msg (r.status == 0, "%s: %s", wrapper, r.err);
  const char *plain = sample_obj (&s, "wrapper-plain");
  struct run p = sample_build (&s, false, "", "-O2", plain);
  ck_assert_msg (p.status == 0, "%s", p.err);
  ck_assert_msg (strcmp (harness_disassembly (rep),
			 harness_disassembly (plain)) == 0,
		 "through %s, report mode changed the code (%s, %s)", wrapper,
		 plain, rep);
  const char *called = harness_call_lines_text (plain_g, "big", "clang-report.c");
  ck_assert_msg (*called, "big is inlined everywhere: proves nothing");
  ck_assert_msg (strcmp (harness_reported_lines (r.err, "big"), called) == 0,
		 "through %s: big reported at [%s ], called at [%s ]\n%s",
		 wrapper, harness_reported_lines (r.err, "big"), called, r.err);

  struct sample g = sample_load ("clang-guards.c");
  const char *forced = sample_obj (&g, "wrapper-forced");
  r = harness_run ((const char *const[]) { wrapper, "-O2", "-fplugin=hotinline",
		     harness_fmt ("-fplugin-arg-hotinline-policy=%s",
				  g.setup.policies[0]),
		     "-c", g.path, "-o", forced, NULL }, NULL);
  ck_assert_msg (r.status == 0, "%s: %s", wrapper, r.err);
  ck_assert_msg (harness_count_calls (forced, "grow") == 0,
		 "through %s -fplugin=hotinline: grow still called", wrapper);
}
END_TEST

Suite *
wrapper_suite (void)
{
  Suite *s = runner_suite ("Compiler wrapper");
  TCase *tc;
  if (harness_clang ())
    {
      tc = runner_tcase ("As installed");
      tcase_set_timeout (tc, E2E_TIMEOUT);
      tcase_add_test (tc, test_wrapper_as_installed);
      runner_add_tcase (s, tc);
      return s;
    }
  tc = runner_tcase ("hotinline-cc");
  tcase_set_timeout (tc, E2E_TIMEOUT);
  tcase_add_test (tc, test_wrapper_adds_the_plugin_before_its_arguments);
  tcase_add_test (tc, test_wrapper_follows_a_renamed_plugin_file);
  tcase_add_test (tc, test_wrapper_takes_the_plugin_from_iplugindir);
  tcase_add_test (tc, test_wrapper_passes_other_command_lines_through);
  tcase_add_test (tc, test_wrapper_takes_the_compiler_as_first_argument);
  tcase_add_test (tc, test_wrapper_names_an_unknown_compiler);
  tcase_add_test (tc, test_wrapper_does_not_run_itself);
  tcase_add_test (tc, test_wrapper_compiles_as_the_plugin_does);
  runner_add_tcase (s, tc);
  return s;
}
