/* Robustness: the plugin never breaks a build that passes without it.
   Every sample in every configuration with GCC's own checking on, the
   plugin's code under valgrind, parallel builds against serial ones, and
   policies that are hostile or change while the build runs.  */
#define _GNU_SOURCE
#include <check.h>
#include <glob.h>
#include <libgen.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "e2e/suites.h"
#include "harness/harness.h"

/* A policy that reports every call, written once per test.  */
static const char *
report_all_policy (void)
{
  static const char *path;
  if (!path)
    path = harness_write ("report-all.yaml",
			  "version: 1\nfunctions:\n"
			  "  - {name: \"*\", action: report}\n");
  return path;
}

/* A sample as its directives set it up, the policies followed by one
   that reports every other call.  */
struct matrix_sample
{
  const char *path;
  struct sample_setup setup;
  bool cxx;
  const char *strict;		/* The function a strict entry forces.  */
};

static struct matrix_sample
read_sample (const char *path)
{
  struct matrix_sample s = { path, { "", { 0 }, 0, false }, false, NULL };
  struct directives ds = harness_directives (path);
  s.setup = harness_sample_setup (path, &ds);
  ck_assert_uint_lt (s.setup.n_policies, 8);
  s.setup.policies[s.setup.n_policies++] = report_all_policy ();
  for (size_t i = 0; i < ds.n; i++)
    if (strcmp (ds.d[i].kind, "strict-calls") == 0)
      s.strict = ds.d[i].args[0];
  s.cxx = strstr (path, ".cc") != NULL;
  return s;
}

/* Every sample: the examples, and the testsuite's own samples, the
   uninlinable and the strict ones included (not those written for Clang).  Each is built with its own
   policies, if any, and one that reports every call.  */
static glob_t matrix_paths;

static void
find_matrix_samples (void)
{
  memset (&matrix_paths, 0, sizeof matrix_paths);
  glob (harness_src ("examples/*.c"), 0, NULL, &matrix_paths);
  glob (harness_src ("testsuite/samples/*.c"), GLOB_APPEND, NULL,
	&matrix_paths);
  glob (harness_src ("testsuite/samples/*.cc"), GLOB_APPEND, NULL,
	&matrix_paths);
  /* The Clang samples are written for Clang (optnone, its guards).  */
  size_t kept = 0;
  for (size_t i = 0; i < matrix_paths.gl_pathc; i++)
    if (strncmp (basename (matrix_paths.gl_pathv[i]), "clang-", 6) != 0)
      matrix_paths.gl_pathv[kept++] = matrix_paths.gl_pathv[i];
  matrix_paths.gl_pathc = kept;
}

/* The configurations: every pair of values of two dimensions
   (optimisation level, -fPIC, -flto, forcing strategy) meets in one of
   them, in two configurations per level instead of the eight of the full
   cross.  Each level has both values of each other dimension, and the
   first four levels give the binary ones all four of their pairs.  */
static const char *const matrix_levels[] = { "-O0", "-O1", "-O2", "-O3",
					     "-Os", "-Og" };
enum { N_LEVELS = sizeof matrix_levels / sizeof *matrix_levels,
       N_CONFIGS = N_LEVELS * 2 };

struct config
{
  const char *flags;
  const char *strategy;
  bool lto;
};

static struct config
matrix_config (int k)
{
  int level = k % N_LEVELS, pic = k / N_LEVELS;
  int lto = pic ^ (level % 2), surgical = pic ^ (level / 2 % 2);
  struct config c;
  c.flags = harness_fmt ("%s%s%s -fchecking", matrix_levels[level],
			 pic ? " -fPIC" : "", lto ? " -flto" : "");
  c.strategy = surgical ? "surgical" : "attribute";
  c.lto = lto;
  return c;
}

/* Compiler driver for S, with the plugin and S's policies, and the
   configuration C.  */
static void
add_compiler (struct args *a, const struct matrix_sample *s,
	      const struct config *c)
{
  args_add (a, s->cxx ? harness_gxx () : harness_gcc ());
  args_add_plugin (a, s->setup.policies, s->setup.n_policies);
  args_add (a, harness_fmt ("-fplugin-arg-hotinline-strategy=%s",
			    c->strategy));
  args_add_words (a, s->setup.options);
  args_add_words (a, c->flags);
  args_add (a, "-fdiagnostics-plain-output");
}

/* No internal compiler error, no crash, and every error the plugin's:
   a build may fail only when the policy asked for errors.  Returns the
   number of errors.  */
static size_t
check_outcome (const struct matrix_sample *s, const struct config *c,
	       const char *step, const struct run *r)
{
  const char *what = harness_fmt ("%s [%s, strategy=%s] %s", s->path,
				  c->flags, c->strategy, step);
  ck_assert_msg (r->status < 128, "%s: killed by signal %d: %.2000s", what,
		 r->status - 128, r->err);
  ck_assert_msg (!strstr (r->err, "internal compiler error"),
		 "%s: internal compiler error: %.3000s", what, r->err);
  struct diagnostics ds = harness_diagnostics (r->err);
  size_t errors = 0, plugin_errors = 0;
  const char *other = NULL;
  for (size_t i = 0; i < ds.n; i++)
    if (strstr (ds.d[i].kind, "error"))
      {
	const char *m = ds.d[i].message;
	size_t len = strlen (m);
	errors++;
	if (len >= 11 && strcmp (m + len - 11, "[hotinline]") == 0)
	  plugin_errors++;
	else
	  other = m;
      }
  ck_assert_msg (!plugin_errors || s->strict,
		 "%s: errors without a strict entry: %.2000s", what, r->err);
  /* After the plugin's errors in lto1, the LTO driver chain says that it
     failed; no other error is allowed.  */
  ck_assert_msg (!other || plugin_errors, "%s: unexpected error: %s", what,
		 other);
  ck_assert_msg (r->status == (errors ? 1 : 0),
		 "%s: status %d with %zu errors: %.2000s", what, r->status,
		 errors, r->err);
  harness_diagnostics_free (&ds);
  return errors;
}

/* A strict entry's function may be left a call only with an error; with
   no call left (GCC may also turn its recursion into a loop) there is
   nothing to complain about.  */
static void
check_strict (const struct matrix_sample *s, const struct config *c,
	      const char *obj, size_t errors)
{
  if (errors)
    return;
  ck_assert_msg (harness_count_calls (obj, s->strict) == 0,
		 "%s [%s, strategy=%s]: %d call(s) to the strict function %s "
		 "left and no error", s->path, c->flags, c->strategy,
		 harness_count_calls (obj, s->strict), s->strict);
}

/* The program's output, built without the plugin at its own options.  */
static char *
reference_output (const struct matrix_sample *s)
{
  const char *exe = harness_fmt ("%s/reference", harness_tmpdir ());
  struct args a = { { 0 }, 0 };
  args_add (&a, s->cxx ? harness_gxx () : harness_gcc ());
  args_add_words (&a, s->setup.options);
  args_add (&a, s->path);
  args_add (&a, "-o");
  args_add (&a, exe);
  struct run r = harness_run (a.v, NULL);
  ck_assert_msg (r.status == 0, "%s: %.1500s", s->path, r.err);
  r = harness_run_program (exe, NULL);
  ck_assert_int_eq (r.status, 0);
  return r.out;
}

/* One sample in every configuration: compile (and under -flto link, the
   plugin running again in lto1); a sample with a main is run and must
   print what it prints without the plugin.  */
START_TEST (test_matrix)
{
  struct matrix_sample s = read_sample (matrix_paths.gl_pathv[_i]);
  char *expected = s.setup.run ? reference_output (&s) : NULL;

  for (int k = 0; k < N_CONFIGS; k++)
    {
      struct config c = matrix_config (k);
      const char *obj = harness_fmt ("%s/c%d.o", harness_tmpdir (), k);
      struct args a = { { 0 }, 0 };
      add_compiler (&a, &s, &c);
      args_add_words (&a, "-c -o");
      args_add (&a, obj);
      args_add (&a, s.path);
      struct run r = harness_run (a.v, NULL);
      size_t errors = check_outcome (&s, &c, "compile", &r);
      harness_run_free (&r);
      if (s.strict && !c.lto)
	check_strict (&s, &c, obj, errors);
      if (errors || (!c.lto && !s.setup.run))
	continue;

      /* Link: a program when there is a main, else a relocatable object
	 that still goes through lto1.  */
      const char *out = harness_fmt ("%s/c%d.out", harness_tmpdir (), k);
      struct args l = { { 0 }, 0 };
      add_compiler (&l, &s, &c);
      if (!s.setup.run)
	args_add_words (&l, "-r -nostdlib -flinker-output=nolto-rel");
      args_add (&l, obj);
      args_add (&l, "-o");
      args_add (&l, out);
      r = harness_run (l.v, NULL);
      errors = check_outcome (&s, &c, "link", &r);
      harness_run_free (&r);
      if (s.strict)
	check_strict (&s, &c, out, errors);
      if (!s.setup.run)
	continue;
      r = harness_run_program (out, NULL);
      ck_assert_msg (r.status == 0 && strcmp (r.out, expected) == 0,
		     "%s [%s, strategy=%s]: the program's output differs "
		     "from the build without the plugin", s.path, c.flags,
		     c.strategy);
      harness_run_free (&r);
    }
  free (expected);
}
END_TEST

/* The plugin's own memory: cc1 run under valgrind memcheck through the
   driver's -wrapper.  cc1 has errors of its own (its garbage collector
   reads memory valgrind thinks uninitialised); an error counts against
   the plugin when a frame of it, or of the allocation a value came from,
   is in the plugin: a source file of plugin/ or hotinline.so itself.  */

/* The error blocks of a valgrind log that name the plugin, or NULL.  */
static const char *
plugin_errors_in (const char *log)
{
  const char *mine = harness_fmt ("%s/plugin/", harness_srcdir ());
  const char *found = NULL;
  /* Blocks are separated by a line holding only the "==PID==" prefix.  */
  const char *block = log;
  while (*block)
    {
      const char *end = block;
      for (;;)
	{
	  const char *nl = strchr (end, '\n');
	  if (!nl)
	    {
	      end += strlen (end);
	      break;
	    }
	  end = nl + 1;
	  const char *p = end;
	  if (*p == '=')
	    {
	      p = strchr (p + 2, '=');
	      if (p && p[1] == '=' && p[2] == ' ' && p[3] == '\n')
		break;
	    }
	}
      const char *text = harness_fmt ("%.*s", (int) (end - block), block);
      if (!strstr (text, "Command: ")
	  && (strstr (text, mine) || strstr (text, "hotinline.so")))
	found = harness_fmt ("%s%s", found ? found : "", text);
      block = end;
    }
  return found;
}

static const struct
{
  const char *sample;
  const char *args;
} valgrind_runs[] = {
  /* Attribute forcing with its safety checks, reports, results.  */
  { "testsuite/samples/uninlinable.c", "-O2" },
  /* Surgical forcing, reports and hints, the summary.  */
  { "examples/xarray_walk.c",
    "-O2 -fplugin-arg-hotinline-strategy=surgical "
    "-fplugin-arg-hotinline-summary" },
};

START_TEST (test_plugin_memory_is_clean_under_valgrind)
{
  struct matrix_sample s
    = read_sample (harness_src (valgrind_runs[_i].sample));
  const char *dir = harness_tmpdir ();
  struct args a = { { 0 }, 0 };
  args_add (&a, harness_gcc ());
  args_add_plugin (&a, s.setup.policies, s.setup.n_policies);
  args_add_words (&a, valgrind_runs[_i].args);
  args_add (&a, harness_fmt ("-fplugin-arg-hotinline-results=%s", dir));
  /* Every frame with its full source path, so that plugin/ is seen.  */
  args_add (&a, "-wrapper");
  args_add (&a, harness_fmt ("valgrind,--error-limit=no,"
			     "--track-origins=yes,--fullpath-after=,"
			     "--log-file=%s/valgrind.%%p", dir));
  args_add_words (&a, "-fdiagnostics-plain-output -c -o");
  args_add (&a, harness_fmt ("%s/out.o", dir));
  args_add (&a, s.path);
  struct run r = harness_run (a.v, NULL);
  ck_assert_msg (r.status == 0, "%s: %.2000s", s.path, r.err);
  ck_assert_msg (strstr (r.err, "[hotinline]"), "%s: the plugin said "
		 "nothing under valgrind", s.path);

  glob_t logs;
  ck_assert_int_eq (glob (harness_fmt ("%s/valgrind.*", dir), 0, NULL,
			  &logs), 0);
  bool saw_cc1 = false;
  for (size_t i = 0; i < logs.gl_pathc; i++)
    {
      char *log = harness_read (logs.gl_pathv[i], NULL);
      ck_assert_ptr_nonnull (log);
      saw_cc1 |= strstr (log, "/cc1 ") && strstr (log, "-fplugin=");
      const char *bad = plugin_errors_in (log);
      ck_assert_msg (!bad, "%s: valgrind finds errors in the plugin "
		     "(%s):\n%.6000s", s.path, logs.gl_pathv[i], bad);
      free (log);
    }
  ck_assert_msg (saw_cc1, "%s: no valgrind log of cc1 with the plugin",
		 s.path);
  globfree (&logs);
}
END_TEST

/* The detector itself, on a log with one of GCC's own errors and one in
   the plugin.  */
START_TEST (test_valgrind_log_reader_finds_plugin_frames)
{
  const char *head
    = "==7== Command: cc1 -fplugin=/x/hotinline.so\n==7== \n"
      "==7== Conditional jump or move depends on uninitialised value(s)\n"
      "==7==    at 0x10: ggc_internal_alloc (in /usr/lib/gcc/cc1)\n"
      "==7== \n";
  const char *tail = "==7== HEAP SUMMARY:\n==7==     in use at exit: 0\n";
  ck_assert_ptr_null (plugin_errors_in (harness_fmt ("%s%s", head, tail)));
  const char *ours = harness_fmt
    ("%s==7== Invalid read of size 4\n"
     "==7==    at 0x20: lookup_tree (in /usr/lib/gcc/cc1)\n"
     "==7==    by 0x30: hot_entry_for (%s/plugin/gcc/names.cc:12)\n"
     "==7== \n%s", head, harness_srcdir (), tail);
  const char *bad = plugin_errors_in (ours);
  ck_assert_ptr_nonnull (bad);
  ck_assert_ptr_nonnull (strstr (bad, "Invalid read of size 4"));
  ck_assert_ptr_null (strstr (bad, "uninitialised"));
}
END_TEST

/* Hostile policies through GCC: each stops the compile with one clear
   error naming the file (and the place in it), in bounded memory (cc1 runs
   with its address space limited to 1 GiB) and time (the test's).  */

static const char *
ten_megabyte_policy (void)
{
  const char *path = harness_fmt ("%s/ten-mb.yaml", harness_tmpdir ());
  FILE *f = fopen (path, "w");
  ck_assert_ptr_nonnull (f);
  fputs ("version: 1\nfunctions:\n", f);
  unsigned line = 3;		/* Of the next entry.  */
  for (long size = 0; size < 10L << 20; line++)
    size += fprintf (f, "  - {name: fn_%07u, action: report, reason: "
		     "\"entry %u\"}\n", line, line);
  /* The one mistake, at the very end.  */
  fputs ("  - {name: last, acton: report}\n", f);
  fclose (f);
  return harness_fmt ("%s:%u:18: unknown key 'acton'; did you mean "
		      "'action'?", path, line);
}

static const char *
garbage_policy (void)
{
  unsigned char bytes[4096];
  unsigned x = 2463534242u;
  for (size_t i = 0; i < sizeof bytes; i++)
    {
      /* xorshift: the same garbage on every run.  */
      x ^= x << 13, x ^= x >> 17, x ^= x << 5;
      bytes[i] = (unsigned char) x;
    }
  const char *path = harness_fmt ("%s/garbage.yaml", harness_tmpdir ());
  FILE *f = fopen (path, "wb");
  ck_assert_ptr_nonnull (f);
  fwrite (bytes, 1, sizeof bytes, f);
  fclose (f);
  /* Its first two bytes happen to be UTF-8.  */
  return harness_fmt ("%s:1:3: not valid UTF-8: invalid leading UTF-8 "
		      "octet", path);
}

static const char *
alias_bomb_policy (void)
{
  const char *text = "version: 1\nfunctions:\n  - &a {name: f, action: report}\n";
  for (int i = 0; i < 30; i++)
    text = harness_fmt ("%s  - [*a, *a, *a, *a, *a, *a, *a, *a, *a, *a]\n",
			text);
  const char *path = harness_write ("bomb.yaml", text);
  return harness_fmt ("%s:3:5: YAML anchors and aliases are not allowed in "
		      "a policy; write the value out", path);
}

static const char *
directory_policy (void)
{
  const char *path = harness_fmt ("%s/policy.d", harness_tmpdir ());
  ck_assert_int_eq (mkdir (path, 0755), 0);
  return harness_fmt ("%s: policy is not a regular file (a directory)",
		      path);
}

static const char *
fifo_policy (void)
{
  const char *path = harness_fmt ("%s/policy.fifo", harness_tmpdir ());
  ck_assert_int_eq (mkfifo (path, 0600), 0);
  return harness_fmt ("%s: policy is not a regular file (a FIFO)", path);
}

static const char *
empty_policy (void)
{
  const char *path = harness_write ("empty.yaml", "");
  return harness_fmt ("%s:1:1: empty policy; expected a mapping starting "
		      "with 'version: 1'", path);
}

static const struct
{
  const char *what;
  const char *(*make) (void);	/* Writes it; returns the error.  */
} hostile[] = {
  { "10 MB policy with a mistake at its end", ten_megabyte_policy },
  { "binary garbage", garbage_policy },
  { "alias bomb", alias_bomb_policy },
  { "a directory", directory_policy },
  { "a FIFO without a writer", fifo_policy },
  { "an empty file", empty_policy },
};

START_TEST (test_hostile_policy_gets_one_clear_error)
{
  const char *expected = hostile[_i].make ();
  /* The file is what the error starts with.  */
  const char *path = harness_fmt ("%.*s", (int) strcspn (expected, ":"),
				  expected);
  const char *src = harness_write ("unit.c", "int f (int x) { return x; }\n");
  const char *cmd
    = harness_fmt ("ulimit -v 1048576; exec %s -O2 -fplugin=%s "
		   "-fplugin-arg-hotinline-policy=%s -c %s -o %s/unit.o",
		   harness_gcc (), harness_plugin (), path, src,
		   harness_tmpdir ());
  struct run r = harness_sh (cmd);
  ck_assert_msg (r.status == 1, "%s: status %d: %.2000s", hostile[_i].what,
		 r.status, r.err);
  struct diagnostics ds = harness_diagnostics (r.err);
  ck_assert_msg (ds.n == 1, "%s: %zu diagnostics: %.2000s",
		 hostile[_i].what, ds.n, r.err);
  ck_assert_str_eq (ds.d[0].kind, "error");
  ck_assert_str_eq (ds.d[0].message,
		    harness_fmt ("%s [hotinline]", expected));
  harness_diagnostics_free (&ds);
}
END_TEST

/* Parallel builds: the same units built by make -j1 and by make -j4 give
   byte-identical objects, diagnostics and results.  Each unit's stderr
   goes to its own file, since with -j4 the streams interleave.  */

static const char *
write_units_makefile (void)
{
  const char *all = "", *rules = "";
  for (size_t i = 0; i < matrix_paths.gl_pathc; i++)
    {
      struct matrix_sample s = read_sample (matrix_paths.gl_pathv[i]);
      if (s.strict)
	continue;
      const char *flags = harness_fmt ("-fplugin=%s "
				       "-fplugin-arg-hotinline-results=results "
				       "-fplugin-arg-hotinline-summary",
				       harness_plugin ());
      for (size_t j = 0; j < s.setup.n_policies; j++)
	flags = harness_fmt ("%s -fplugin-arg-hotinline-policy=%s", flags,
			     s.setup.policies[j]);
      all = harness_fmt ("%s u%zu.o", all, i);
      rules = harness_fmt ("%su%zu.o: %s\n\t%s %s %s -g -MMD -c $< -o $@ "
			   "2> $@.log\n", rules, i, s.path,
			   s.cxx ? harness_gxx () : harness_gcc (),
			   s.setup.options,
			   flags);
    }
  return harness_write ("Makefile",
			harness_fmt ("all:%s\n%s\n.PHONY: all\n", all, rules));
}

/* Build in DIR with make -JOBS and keep what came out under DIR/KEEP.  */
static void
build_and_keep (const char *dir, int jobs, const char *keep)
{
  struct run r = harness_sh (harness_fmt ("cd %s && mkdir -p results && "
					  "make -j%d && mkdir %s && "
					  "mv *.o *.log *.d results %s/",
					  dir, jobs, keep, keep));
  ck_assert_msg (r.status == 0, "make -j%d: %.3000s", jobs, r.err);
}

START_TEST (test_make_j1_and_j4_give_the_same_build)
{
  const char *dir = harness_tmpdir ();
  write_units_makefile ();
  build_and_keep (dir, 1, "serial");
  build_and_keep (dir, 4, "parallel");
  struct run r = harness_sh (harness_fmt ("cd %s && diff -r serial parallel",
					  dir));
  ck_assert_msg (r.status == 0, "make -j1 and -j4 differ: %.3000s", r.out);
  /* And it compared something: objects, and reports in the logs.  */
  r = harness_sh (harness_fmt ("cd %s/serial && ls *.o | wc -l && "
			       "cat *.log | grep -c 'not inlined' && "
			       "ls results | wc -l", dir));
  unsigned objects, reports, results;
  ck_assert_int_eq (sscanf (r.out, "%u %u %u", &objects, &reports,
			    &results), 3);
  ck_assert_uint_ge (objects, 10);
  ck_assert_uint_gt (reports, 0);
  ck_assert_uint_eq (results, objects);
}
END_TEST

/* A policy rewritten in place, again and again, while make -j2 compiles:
   each unit either builds or fails with the plugin's error about the
   policy, never a crash or an internal compiler error; once the policy
   is left alone, make rebuilds what failed and the build passes.  */
START_TEST (test_policy_rewritten_during_the_build)
{
  const char *dir = harness_tmpdir ();
  const char *policy = harness_fmt ("%s/hot.yaml", dir);
  const char *versions[2] = {
    "version: 1\nfunctions:\n  - {name: \"*_step\", action: report}\n"
    "  - {name: mix, action: always_inline, reason: \"hot\"}\n",
    "version: 1\n# another revision\nfunctions:\n"
    "  - {name: \"*\", action: report, severity: note}\n",
  };
  harness_write ("hot.yaml", versions[0]);
  const char *all = "", *rules = "";
  for (int i = 0; i < 16; i++)
    {
      all = harness_fmt ("%s u%d.o", all, i);
      rules = harness_fmt ("%su%d.o: %s\n\t%s -O2 -MMD -fplugin=%s "
			   "-fplugin-arg-hotinline-policy=%s -c $< -o $@\n",
			   rules, i, harness_src ("testsuite/samples/report.c"),
			   harness_gcc (), harness_plugin (), policy);
    }
  harness_write ("Makefile", harness_fmt ("all:%s\n%s-include *.d\n", all,
					  rules));

  pid_t writer = fork ();
  ck_assert_int_ge (writer, 0);
  if (writer == 0)
    /* Truncate, write half, pause, write the rest: readers see empty,
       half and whole files.  */
    for (unsigned n = 0;; n++)
      {
	const char *text = versions[n % 2];
	size_t len = strlen (text);
	FILE *f = fopen (policy, "w");
	if (!f)
	  _exit (1);
	fwrite (text, 1, len / 2, f);
	fflush (f);
	usleep (300);
	fwrite (text + len / 2, 1, len - len / 2, f);
	fclose (f);
	usleep (200);
      }
  struct run r = harness_sh (harness_fmt ("cd %s && make -k -j2", dir));
  kill (writer, SIGKILL);
  waitpid (writer, NULL, 0);

  ck_assert_msg (!strstr (r.err, "internal compiler error")
		 && !strstr (r.err, "terminated by signal")
		 && !strstr (r.err, "Segmentation fault"),
		 "%.3000s", r.err);
  struct diagnostics ds = harness_diagnostics (r.err);
  for (size_t i = 0; i < ds.n; i++)
    if (strstr (ds.d[i].kind, "error"))
      ck_assert_msg (strstr (ds.d[i].message, "[hotinline]")
		     && strstr (ds.d[i].message, policy),
		     "an error other than the policy's: %s",
		     ds.d[i].message);
  harness_diagnostics_free (&ds);

  harness_write ("hot.yaml", versions[1]);
  r = harness_sh (harness_fmt ("cd %s && make -j2", dir));
  ck_assert_msg (r.status == 0, "%.3000s", r.err);
}
END_TEST

Suite *
robustness_suite (void)
{
  Suite *s = runner_suite ("Robustness");
  if (harness_skip_on_clang ("Robustness", "it drives GCC-only options (LTO through lto1, GCC's parameters)"))
    return s;
  find_matrix_samples ();
  TCase *tc = runner_tcase ("Configuration matrix");
  tcase_set_timeout (tc, E2E_TIMEOUT);
  tcase_add_loop_test (tc, test_matrix, 0, (int) matrix_paths.gl_pathc);
  runner_add_tcase (s, tc);

  tc = runner_tcase ("Hostile policies");
  tcase_set_timeout (tc, E2E_TIMEOUT);
  tcase_add_loop_test (tc, test_hostile_policy_gets_one_clear_error, 0,
		       (int) (sizeof hostile / sizeof *hostile));
  runner_add_tcase (s, tc);

  tc = runner_tcase ("Parallel and changing builds");
  tcase_set_timeout (tc, E2E_TIMEOUT);
  tcase_add_test (tc, test_make_j1_and_j4_give_the_same_build);
  tcase_add_test (tc, test_policy_rewritten_during_the_build);
  runner_add_tcase (s, tc);

  tc = runner_tcase ("Valgrind");
  tcase_set_timeout (tc, E2E_TIMEOUT);
  tcase_add_test (tc, test_valgrind_log_reader_finds_plugin_frames);
  tcase_add_loop_test (tc, test_plugin_memory_is_clean_under_valgrind, 0,
		       (int) (sizeof valgrind_runs / sizeof *valgrind_runs));
  runner_add_tcase (s, tc);
  return s;
}
