/* The plugin inside GCC: its arguments, its policy errors, and its silence
   where it has nothing to do.  */
#define _GNU_SOURCE
#include <check.h>
#include <glob.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "e2e/suites.h"
#include "harness/harness.h"
#include "policy.h"

static const char plain_source[] =
  "static int twice (int x) { return 2 * x; }\n"
  "int api (int x) { return twice (x) + 1; }\n";

/* Run the compiler (gcc, or g++ when CXX) with ARGS after the plugin
   options for POLICY (NULL: plugin without policy; "": no plugin).  */
static struct run
compile (bool cxx, const char *policy, const char *args,
	 const char *stdin_text)
{
  struct args a = { { 0 }, 0 };
  args_add (&a, cxx ? harness_gxx () : harness_gcc ());
  if (!policy || *policy)
    args_add_plugin (&a, &policy, policy ? 1 : 0);
  args_add_words (&a, args);
  return harness_run (a.v, stdin_text);
}

static const char *
empty_policy (void)
{
  return harness_write ("empty.yaml", "version: 1\nfunctions: []\n");
}

/* Silence: same output, no diagnostics, on inputs with nothing to do.  */

static void
assert_silent_and_same (bool cxx, const char *args, const char *stdin_text,
			const char *output)
{
  struct run with = compile (cxx, empty_policy (), args, stdin_text);
  ck_assert_msg (with.status == 0, "with plugin: status %d: %s",
		 with.status, with.err);
  ck_assert_str_eq (with.err, "");
  char *with_output = output ? harness_read (output, NULL) : with.out;

  struct run without = compile (cxx, "", args, stdin_text);
  ck_assert_int_eq (without.status, 0);
  char *without_output = output ? harness_read (output, NULL) : without.out;
  ck_assert_str_eq (with_output, without_output);
}

START_TEST (test_empty_policy_leaves_object_code_unchanged)
{
  const char *src = harness_write ("plain.c", plain_source);
  const char *with = harness_fmt ("%s/with.o", harness_tmpdir ());
  const char *without = harness_fmt ("%s/without.o", harness_tmpdir ());

  struct run r = compile (false, empty_policy (),
			  harness_fmt ("-O2 -c %s -o %s", src, with), NULL);
  ck_assert_int_eq (r.status, 0);
  ck_assert_str_eq (r.err, "");
  r = compile (false, "", harness_fmt ("-O2 -c %s -o %s", src, without),
	       NULL);
  ck_assert_int_eq (r.status, 0);
  ck_assert_str_eq (harness_disassembly (with), harness_disassembly (without));
}
END_TEST

START_TEST (test_silent_on_preprocess_only)
{
  const char *src = harness_write ("plain.c", plain_source);
  assert_silent_and_same (false, harness_fmt ("-E %s", src), NULL, NULL);
}
END_TEST

/* -M: silent, and the policy is a dependency like a header.  */
START_TEST (test_dependency_output_lists_the_policy)
{
  const char *src = harness_write ("plain.c", plain_source);
  const char *policy = empty_policy ();
  struct run with = compile (false, policy, harness_fmt ("-M %s", src), NULL);
  ck_assert_int_eq (with.status, 0);
  ck_assert_str_eq (with.err, "");
  struct run without = compile (false, "", harness_fmt ("-M %s", src), NULL);
  ck_assert_ptr_nonnull (strstr (with.out, policy));
  ck_assert_ptr_null (strstr (without.out, policy));
}
END_TEST

/* -MD under make: editing the policy rebuilds the object, also for a unit
   that includes nothing at all.  */
START_TEST (test_make_rebuilds_when_the_policy_changes)
{
  const char *dir = harness_tmpdir ();
  harness_write ("a.c", "#include <stddef.h>\nsize_t a (void) { return 1; }\n");
  harness_write ("b.c", "int b (void) { return 2; }\n");
  harness_write ("hot.yaml", "version: 1\n");
  harness_write ("Makefile",
		 harness_fmt ("CFLAGS = -O2 -MMD -nostdinc "
			      "-isystem $(shell $(CC) -print-file-name=include)"
			      " -fplugin=%s "
			      "-fplugin-arg-hotinline-policy=hot.yaml\n"
			      "all: a.o b.o\n"
			      "-include a.d b.d\n",
			      harness_plugin ()));
  const char *make = harness_fmt ("make -C %s CC=%s", dir, harness_gcc ());
  struct run r = harness_sh (make);
  ck_assert_msg (r.status == 0, "%s", r.err);
  r = harness_sh (harness_fmt ("%s -q", make));
  ck_assert_msg (r.status == 0, "up to date after a build");
  /* A second later, so that the time stamps differ.  */
  r = harness_sh (harness_fmt ("sleep 1; touch %s/hot.yaml; %s", dir, make));
  ck_assert_int_eq (r.status, 0);
  ck_assert_ptr_nonnull (strstr (r.out, "a.o"));
  ck_assert_ptr_nonnull (strstr (r.out, "b.o"));
}
END_TEST

START_TEST (test_silent_on_preprocessed_assembler)
{
  const char *src = harness_write ("entry.S",
				   "#define SYM entry\n"
				   "#ifdef __powerpc__\n#define RET blr\n"
				   "#else\n#define RET ret\n#endif\n"
				   "\t.globl SYM\nSYM:\n\tRET\n");
  const char *obj = harness_fmt ("%s/entry.o", harness_tmpdir ());
  assert_silent_and_same (false, harness_fmt ("-c %s -o %s", src, obj),
			  NULL, NULL);
  ck_assert (harness_defines (obj, "entry"));
}
END_TEST

START_TEST (test_silent_on_dev_null_probe)
{
  /* What Kbuild's cc-option and friends run.  */
  assert_silent_and_same (false,
			  "-Werror -O2 -c -x c /dev/null -o /dev/null", NULL,
			  NULL);
}
END_TEST

START_TEST (test_silent_on_stdin)
{
  const char *obj = harness_fmt ("%s/stdin.o", harness_tmpdir ());
  assert_silent_and_same (false, harness_fmt ("-O2 -c -x c - -o %s", obj),
			  plain_source, NULL);
  ck_assert (harness_defines (obj, "api"));
}
END_TEST

START_TEST (test_silent_on_cxx_source)
{
  const char *src = harness_write ("plain.cc",
				   "template <class T> T twice (T x)"
				   " { return 2 * x; }\n"
				   "int api (int x) { return twice (x) + 1; }\n");
  const char *obj = harness_fmt ("%s/plain.o", harness_tmpdir ());
  assert_silent_and_same (true, harness_fmt ("-O2 -c %s -o %s", src, obj),
			  NULL, NULL);
}
END_TEST

/* Arguments.  */

START_TEST (test_version_argument_prints_version)
{
  const char *src = harness_write ("plain.c", plain_source);
  struct run v = harness_run ((const char *const[]) { harness_gcc (),
		     "-dumpfullversion", NULL }, NULL);
  v.out[strcspn (v.out, "\n")] = '\0';

  struct run r = compile (false, "",
			  harness_fmt ("-fplugin=%s "
				       "-fplugin-arg-hotinline-version "
				       "-c %s -o /dev/null",
				       harness_plugin (), src), NULL);
  ck_assert_int_eq (r.status, 0);
  ck_assert_ptr_nonnull (strstr (r.err, harness_fmt ("for GCC %s\n",
						      v.out)));
  ck_assert (strncmp (r.err, "hotinline ", 10) == 0);
}
END_TEST

START_TEST (test_help_argument_lists_arguments)
{
  const char *src = harness_write ("plain.c", plain_source);
  struct run r = compile (false, "",
			  harness_fmt ("-fplugin=%s -fplugin-arg-hotinline-help"
				       " -c %s -o /dev/null",
				       harness_plugin (), src), NULL);
  ck_assert_int_eq (r.status, 0);
  ck_assert_ptr_nonnull (strstr (r.err, "-fplugin-arg-hotinline-policy=FILE"));
  ck_assert_ptr_nonnull (strstr (r.err, "-fplugin-arg-hotinline-disable"));
}
END_TEST

/* The one diagnostic of R, which must have failed with status 1.  */
static const char *
only_error (struct run *r)
{
  ck_assert_int_eq (r->status, 1);
  struct diagnostics ds = harness_diagnostics (r->err);
  ck_assert_msg (ds.n == 1, "expected one diagnostic, got: %s", r->err);
  ck_assert_str_eq (ds.d[0].kind, "error");
  return ds.d[0].message;
}

START_TEST (test_unknown_argument_is_an_error_with_suggestion)
{
  const char *src = harness_write ("plain.c", plain_source);
  struct run r = compile (false, "",
			  harness_fmt ("-fplugin=%s "
				       "-fplugin-arg-hotinline-polcy=x.yaml "
				       "-c %s -o /dev/null",
				       harness_plugin (), src), NULL);
  ck_assert_str_eq (only_error (&r),
		    "unknown argument 'polcy'; did you mean 'policy'? "
		    "[hotinline]");
}
END_TEST

START_TEST (test_policy_argument_needs_a_file)
{
  const char *src = harness_write ("plain.c", plain_source);
  struct run r = compile (false, "",
			  harness_fmt ("-fplugin=%s -fplugin-arg-hotinline-policy"
				       " -c %s -o /dev/null",
				       harness_plugin (), src), NULL);
  ck_assert_str_eq (only_error (&r),
		    "argument 'policy' needs a file: "
		    "-fplugin-arg-hotinline-policy=FILE [hotinline]");
}
END_TEST

START_TEST (test_missing_policy_file_stops_the_compile)
{
  const char *src = harness_write ("plain.c", plain_source);
  const char *missing = harness_fmt ("%s/missing.yaml", harness_tmpdir ());
  struct run r = compile (false, missing,
			  harness_fmt ("-c %s -o /dev/null", src), NULL);
  ck_assert_str_eq (only_error (&r),
		    harness_fmt ("%s: cannot open policy: No such file or "
				 "directory [hotinline]", missing));
}
END_TEST

START_TEST (test_disable_argument_ignores_the_policy)
{
  const char *src = harness_write ("plain.c", plain_source);
  const char *bad = harness_write ("bad.yaml", "version: 7\n");
  struct run r = compile (false, bad,
			  harness_fmt ("-fplugin-arg-hotinline-disable "
				       "-c %s -o /dev/null", src), NULL);
  ck_assert_int_eq (r.status, 0);
  ck_assert_str_eq (r.err, "");
  r = compile (false, bad, harness_fmt ("-c %s -o /dev/null", src), NULL);
  ck_assert_int_eq (r.status, 1);
}
END_TEST

/* The harness itself: calls are counted wherever they are, in objects
   and in programs.  f reads a global, so that on ppc64le it sets up its
   TOC pointer and calls within the object go to its local entry point.  */
START_TEST (test_harness_counts_every_kind_of_call)
{
  const char *src = harness_write ("calls.c",
    "int counter;\n"
    "__attribute__ ((noinline)) static int f (int x)\n"
    "{ return x * 3 + counter; }\n"
    "__attribute__ ((noinline)) int g (int x) { return f (x) + 1; }\n"
    "__attribute__ ((noinline)) int tail (int x) { return f (x + 1); }\n"
    "__attribute__ ((noinline, section (\".text.other\"))) int h (int x)\n"
    "{ return f (x) * f (x + 2); }\n"
    "int main (void) { return f (1) + g (2) + tail (3) + h (4); }\n");
  const char *flags[] = { "-O2", "-O2 -ffunction-sections", "-O2 -fPIC" };
  for (size_t i = 0; i < sizeof flags / sizeof *flags; i++)
    {
      const char *obj = harness_fmt ("%s/calls%zu.o", harness_tmpdir (), i);
      struct run r = compile (false, "", harness_fmt ("%s -c %s -o %s",
						      flags[i], src, obj),
			      NULL);
      ck_assert_int_eq (r.status, 0);
      /* g, tail (a jump), h twice (another section), main.  */
      ck_assert_msg (harness_count_calls (obj, "f") == 5, "%s: %d calls",
		     flags[i], harness_count_calls (obj, "f"));
      ck_assert_int_eq (harness_count_calls (obj, "g"), 1);
      ck_assert (harness_defines (obj, "f"));
      const char *exe = harness_fmt ("%s.exe", obj);
      r = compile (false, "", harness_fmt ("%s %s -o %s", flags[i], obj,
					   exe), NULL);
      ck_assert_int_eq (r.status, 0);
      ck_assert_msg (harness_count_calls (exe, "f") == 5,
		     "%s, linked: %d calls", flags[i],
		     harness_count_calls (exe, "f"));
    }
}
END_TEST

/* make install and uninstall, into a DESTDIR; the installed plugin is
   the one GCC finds by its short name (-fplugin=hotinline) when DESTDIR
   is empty.  */
START_TEST (test_install_and_uninstall)
{
  const char *dest = harness_tmpdir ();
  const char *gcc = harness_gcc ();
  struct run dir = harness_sh (harness_fmt ("%s -print-file-name=plugin",
					    gcc));
  dir.out[strcspn (dir.out, "\n")] = '\0';
  const char *make = harness_fmt ("make -s -C %s GCC=%s DESTDIR=%s "
				  "PREFIX=/opt/hi", harness_srcdir (), gcc,
				  dest);
  struct run r = harness_sh (harness_fmt ("%s install", make));
  ck_assert_msg (r.status == 0, "%s", r.err);
  const char *plugin = harness_fmt ("%s%s/hotinline.so", dest, dir.out);
  ck_assert_msg (access (plugin, R_OK) == 0, "%s not installed", plugin);
  const char *policy = harness_fmt ("%s/opt/hi/share/hotinline/policies/"
				    "linux-xarray.yaml", dest);
  ck_assert_msg (access (policy, R_OK) == 0, "%s not installed", policy);
  const char *tool = harness_fmt ("%s/opt/hi/bin/hotinline-summary", dest);
  ck_assert_msg (access (tool, X_OK) == 0, "%s not installed", tool);

  /* The installed copy works.  */
  const char *src = harness_write ("plain.c", plain_source);
  r = harness_sh (harness_fmt ("%s -O2 -c %s -o /dev/null -fplugin=%s "
			       "-fplugin-arg-hotinline-policy=%s", gcc, src,
			       plugin, policy));
  ck_assert_msg (r.status == 0 && !*r.err, "%s", r.err);

  r = harness_sh (harness_fmt ("%s uninstall", make));
  ck_assert_int_eq (r.status, 0);
  ck_assert (access (plugin, F_OK) != 0);

  /* Installed into a plugin directory, GCC finds it by its short name.  */
  const char *plugins = harness_fmt ("%s/plugins", dest);
  r = harness_sh (harness_fmt ("make -s -C %s GCC=%s PLUGINDIR=%s "
			       "PREFIX=%s/usr install", harness_srcdir (), gcc,
			       plugins, dest));
  ck_assert_msg (r.status == 0, "%s", r.err);
  r = harness_sh (harness_fmt ("%s -iplugindir=%s -fplugin=hotinline "
			       "-fplugin-arg-hotinline-version -c %s "
			       "-o /dev/null", gcc, plugins, src));
  ck_assert_msg (r.status == 0 && strncmp (r.err, "hotinline ", 10) == 0,
		 "%s", r.err);
  ck_assert (access (policy, F_OK) != 0);
  ck_assert (access (tool, F_OK) != 0);
}
END_TEST

/* ccache: a policy edit is a cache miss in depend mode (which reads the
   -MD output, where the policy is listed) and in the default mode when the
   policy is named in CCACHE_EXTRAFILES.  */
static void
assert_ccache_misses_on_policy_edit (const char *mode_env)
{
  const char *dir = harness_tmpdir ();
  const char *src = harness_write ("a.c", "int f (int x) { return x * 3; }\n");
  const char *policy = harness_write ("hot.yaml", "version: 1\n");
  const char *cc = harness_fmt ("cd %s && CCACHE_DIR=%s/cache %s ccache %s "
				"-O2 -MD -c %s -o a.o -fplugin=%s "
				"-fplugin-arg-hotinline-policy=%s", dir, dir,
				mode_env, harness_gcc (), src,
				harness_plugin (), policy);
  for (int i = 0; i < 2; i++)
    ck_assert_int_eq (harness_sh (cc).status, 0);
  harness_write ("hot.yaml", "version: 1\nfunctions: [{name: f}]\n");
  ck_assert_int_eq (harness_sh (cc).status, 0);
  struct run r = harness_sh (harness_fmt ("CCACHE_DIR=%s/cache ccache "
					  "--print-stats | grep -E "
					  "'^(cache_miss|direct_cache_hit|"
					  "preprocessed_cache_hit)'", dir));
  /* Built, served from the cache, built again after the edit.  */
  ck_assert_msg (strstr (r.out, "cache_miss\t2\n"), "%s", r.out);
}

START_TEST (test_ccache_depend_mode_misses_on_policy_edit)
{
  assert_ccache_misses_on_policy_edit ("CCACHE_DEPEND=1");
}
END_TEST

START_TEST (test_ccache_extrafiles_misses_on_policy_edit)
{
  assert_ccache_misses_on_policy_edit
    (harness_fmt ("CCACHE_EXTRAFILES=%s/hot.yaml", harness_tmpdir ()));
}
END_TEST

/* The example projects, copied and built as a user would, with the
   freshly built plugin; their program prints the same as a plain build
   and the hot function is no longer called.  */
static const char *
plain_ring_output (const char *dir)
{
  struct run r = harness_sh (harness_fmt ("cd %s && %s -O2 main.c ring.c -o "
					  "plain && %s./plain", dir,
					  harness_gcc (), harness_runner ()));
  ck_assert_int_eq (r.status, 0);
  return r.out;
}

START_TEST (test_make_project)
{
  const char *dir = harness_fmt ("%s/make-build", harness_tmpdir ());
  harness_sh (harness_fmt ("cp -r %s %s",
			   harness_src ("examples/ring-project"), dir));
  const char *make = harness_fmt ("make -s -C %s CC=%s HOTINLINE=%s", dir,
				  harness_gcc (), harness_plugin ());
  struct run r = harness_sh (make);
  ck_assert_msg (r.status == 0, "%s", r.err);
  r = harness_run_program (harness_fmt ("%s/ring", dir), NULL);
  ck_assert_str_eq (r.out, plain_ring_output (dir));
  ck_assert_int_eq (harness_count_calls (harness_fmt ("%s/ring.o", dir),
					 "ring_push"), 0);
  r = harness_sh (harness_fmt ("ls %s/results | wc -l", dir));
  ck_assert_str_eq (r.out, "2\n");
  r = harness_sh (harness_fmt ("sleep 1; touch %s/hot.yaml; make -C %s "
			       "CC=%s HOTINLINE=%s", dir, dir, harness_gcc (),
			       harness_plugin ()));
  ck_assert_ptr_nonnull (strstr (r.out, "ring.o"));
}
END_TEST

START_TEST (test_cmake_project)
{
  const char *dir = harness_fmt ("%s/cmake-build", harness_tmpdir ());
  harness_sh (harness_fmt ("cp -r %s %s",
			   harness_src ("examples/ring-project"), dir));
  struct run r = harness_sh (harness_fmt ("cd %s && cmake -S . -B build "
					  "-DCMAKE_C_COMPILER=%s "
					  "-DHOTINLINE=%s && cmake --build "
					  "build", dir, harness_gcc (),
					  harness_plugin ()));
  ck_assert_msg (r.status == 0, "%.2000s%.2000s", r.out, r.err);
  r = harness_run_program (harness_fmt ("%s/build/ring", dir), NULL);
  ck_assert_str_eq (r.out, plain_ring_output (dir));
  ck_assert_int_eq (harness_count_calls
		    (harness_fmt ("%s/build/CMakeFiles/ring.dir/ring.c.o", dir),
		     "ring_push"), 0);
  /* Without the plugin ring_push stays a call, so the check above means
     something.  */
  ck_assert_int_gt (harness_count_calls (harness_fmt ("%s/plain", dir),
					 "ring_push"), 0);
}
END_TEST

Suite *
plugin_load_suite (void)
{
  Suite *s = runner_suite ("Plugin in GCC");
  if (harness_skip_on_clang ("Plugin in GCC", "it loads the GCC plugin into cc1; clang-plugin.c checks the LLVM plugin's loading, arguments and version check"))
    return s;

  TCase *tc = runner_tcase ("Silent where there is nothing to do");
  tcase_set_timeout (tc, E2E_TIMEOUT);
  tcase_add_test (tc, test_empty_policy_leaves_object_code_unchanged);
  tcase_add_test (tc, test_silent_on_preprocess_only);
  tcase_add_test (tc, test_dependency_output_lists_the_policy);
  tcase_add_test (tc, test_make_rebuilds_when_the_policy_changes);
  tcase_add_test (tc, test_silent_on_preprocessed_assembler);
  tcase_add_test (tc, test_silent_on_dev_null_probe);
  tcase_add_test (tc, test_silent_on_stdin);
  tcase_add_test (tc, test_silent_on_cxx_source);
  runner_add_tcase (s, tc);

  tc = runner_tcase ("Harness");
  tcase_set_timeout (tc, E2E_TIMEOUT);
  tcase_add_test (tc, test_harness_counts_every_kind_of_call);
  runner_add_tcase (s, tc);

  tc = runner_tcase ("Build systems");
  tcase_set_timeout (tc, E2E_TIMEOUT);
  tcase_add_test (tc, test_make_project);
  tcase_add_test (tc, test_cmake_project);
  tcase_add_test (tc, test_ccache_depend_mode_misses_on_policy_edit);
  tcase_add_test (tc, test_ccache_extrafiles_misses_on_policy_edit);
  runner_add_tcase (s, tc);

  tc = runner_tcase ("Installation");
  tcase_set_timeout (tc, E2E_TIMEOUT);
  tcase_add_test (tc, test_install_and_uninstall);
  runner_add_tcase (s, tc);

  tc = runner_tcase ("Arguments");
  tcase_set_timeout (tc, E2E_TIMEOUT);
  tcase_add_test (tc, test_version_argument_prints_version);
  tcase_add_test (tc, test_help_argument_lists_arguments);
  tcase_add_test (tc, test_unknown_argument_is_an_error_with_suggestion);
  tcase_add_test (tc, test_policy_argument_needs_a_file);
  tcase_add_test (tc, test_missing_policy_file_stops_the_compile);
  tcase_add_test (tc, test_disable_argument_ignores_the_policy);
  runner_add_tcase (s, tc);
  return s;
}

/* Annotated policy files: each bad-*.yaml states its errors as
   "{ hi-error LINE:COL "message" }"; the loader and GCC must both report
   exactly those, in that order.  good-*.yaml must load silently.  */

static glob_t
policy_files (const char *pattern)
{
  glob_t g;
  int rc = glob (harness_src (harness_fmt ("testsuite/policies/%s", pattern)),
		 0, NULL, &g);
  ck_assert_msg (rc == 0 && g.gl_pathc > 0, "no testsuite/policies/%s",
		 pattern);
  return g;
}

/* The expected messages of PATH, "path:line:col: message".  */
static struct directives
expected_errors (const char *path)
{
  struct directives ds = harness_directives (path);
  ck_assert_msg (ds.n > 0, "%s states no expected errors", path);
  for (size_t i = 0; i < ds.n; i++)
    ck_assert_msg (strcmp (ds.d[i].kind, "error") == 0
		   && ds.d[i].n_args == 2,
		   "%s:%u: expected { hi-error LINE:COL \"message\" }", path,
		   ds.d[i].line);
  return ds;
}

START_TEST (test_loader_reports_annotated_errors)
{
  glob_t g = policy_files ("bad-*.yaml");
  for (size_t f = 0; f < g.gl_pathc; f++)
    {
      const char *path = g.gl_pathv[f];
      struct directives ds = expected_errors (path);
      struct policy *p = policy_new ();
      ck_assert_msg (!policy_load_file (p, path), "%s loaded", path);
      ck_assert_msg (policy_error_count (p) == ds.n,
		     "%s: %zu errors expected, %zu reported, first: %s", path,
		     ds.n, policy_error_count (p), policy_error_message (p, 0));
      for (size_t i = 0; i < ds.n; i++)
	ck_assert_str_eq (policy_error_message (p, i),
			  harness_fmt ("%s:%s: %s", path, ds.d[i].args[0],
				       ds.d[i].args[1]));
      policy_free (p);
      harness_directives_free (&ds);
    }
  globfree (&g);
}
END_TEST

START_TEST (test_gcc_stops_on_annotated_errors)
{
  const char *src = harness_write ("plain.c", plain_source);
  glob_t g = policy_files ("bad-*.yaml");
  for (size_t f = 0; f < g.gl_pathc; f++)
    {
      const char *path = g.gl_pathv[f];
      struct directives ds = expected_errors (path);
      struct run r = compile (false, path,
			      harness_fmt ("-O2 -c %s -o /dev/null", src),
			      NULL);
      ck_assert_msg (r.status == 1, "%s: gcc exit status %d", path,
		     r.status);
      struct diagnostics diags = harness_diagnostics (r.err);
      ck_assert_msg (diags.n == ds.n, "%s: %zu errors expected, gcc said:\n%s",
		     path, ds.n, r.err);
      for (size_t i = 0; i < ds.n; i++)
	{
	  ck_assert_str_eq (diags.d[i].kind, "error");
	  ck_assert_str_eq (diags.d[i].message,
			    harness_fmt ("%s:%s: %s [hotinline]", path,
					 ds.d[i].args[0], ds.d[i].args[1]));
	}
      harness_diagnostics_free (&diags);
      harness_directives_free (&ds);
    }
  globfree (&g);
}
END_TEST

/* Each policy matching PATTERN (under the source tree) loads silently.  */
static void
assert_policies_load_silently (const char *pattern)
{
  const char *src = harness_write ("plain.c", plain_source);
  glob_t g;
  ck_assert_int_eq (glob (harness_src (pattern), 0, NULL, &g), 0);
  for (size_t f = 0; f < g.gl_pathc; f++)
    {
      struct run r = compile (false, g.gl_pathv[f],
			      harness_fmt ("-O2 -c %s -o /dev/null", src),
			      NULL);
      ck_assert_msg (r.status == 0 && !*r.err, "%s: status %d: %s",
		     g.gl_pathv[f], r.status, r.err);
    }
  globfree (&g);
}

START_TEST (test_good_policies_load_silently)
{
  assert_policies_load_silently ("testsuite/policies/good-*.yaml");
}
END_TEST

START_TEST (test_shipped_policies_load)
{
  assert_policies_load_silently ("policies/*.yaml");
}
END_TEST

Suite *
policy_files_suite (void)
{
  Suite *s = runner_suite ("Policy files");
  if (harness_skip_on_clang ("Policy files", "it expects the policy errors as cc1 prints them; clang-plugin.c checks them as clang does"))
    return s;
  TCase *tc = runner_tcase ("Annotated policies");
  tcase_set_timeout (tc, E2E_TIMEOUT);
  tcase_add_test (tc, test_loader_reports_annotated_errors);
  tcase_add_test (tc, test_gcc_stops_on_annotated_errors);
  tcase_add_test (tc, test_good_policies_load_silently);
  tcase_add_test (tc, test_shipped_policies_load);
  runner_add_tcase (s, tc);
  return s;
}
