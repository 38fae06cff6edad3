/* Building with a lock (-fplugin-arg-hotinline-lock=): the sites a good
   build inlined are inlined again after the hot function grew past the
   inliner's limit, every function without such a site keeps its code,
   and a lock made by one compiler serves the other.  A lock that does not
   load is a warning: the build goes on without it.  The outcome is read
   from the objects (objdump), never from what the plugin says.  */
#define _GNU_SOURCE
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "e2e/suites.h"
#include "harness/harness.h"

static const char report_policy[] =
  "version: 1\nfunctions:\n  - {name: descend, action: report}\n";

/* The functions of the sample that call 'descend' in its source: a lock
   may change them, and nothing else.  */
static const char *const pinned[] = { "descend", "first", "lookup", "walk",
				      "load" };

/* A compiler and the arguments that load its plugin.  */
struct compiler
{
  const char *cc;
  const char *plugin[2];
};

static struct compiler
under_test (void)
{
  struct compiler c = { harness_gcc (), { NULL, NULL } };
  c.plugin[0] = harness_fmt ("-fplugin=%s", harness_plugin ());
  if (harness_clang ())
    c.plugin[1] = harness_fmt ("-fpass-plugin=%s", harness_plugin ());
  return c;
}

/* The GCC beside a Clang run, with its plugin.  */
static struct compiler
gcc_beside (void)
{
  struct compiler c = { NULL, { NULL, NULL } };
  const char *plugin = harness_gcc_plugin (&c.cc);
  ck_assert_msg (plugin, "no GCC plugin beside the test binary");
  c.plugin[0] = harness_fmt ("-fplugin=%s", plugin);
  return c;
}

/* A new directory SUB of the test directory, with the report policy in
   it: its path, and the policy's in *POLICY.  */
static const char *
fresh_dir (const char *sub, const char **policy)
{
  const char *dir = harness_fmt ("%s/%s", harness_tmpdir (), sub);
  struct run r = harness_sh (harness_fmt ("rm -rf %s && mkdir -p %s", dir,
					  dir));
  harness_run_free (&r);
  *policy = harness_write (harness_fmt ("%s/hot.yaml", sub), report_policy);
  return dir;
}

/* Compile the sample with C into OBJ: without the plugin when ARGS is
   NULL, else with it and the plugin arguments ARGS (space separated).
   Returns the run; its status is checked here.  */
static struct run
compile (const struct compiler *c, const char *defines, const char *args,
	 const char *obj)
{
  struct args a = { .n = 0 };
  args_add (&a, c->cc);
  args_add_words (&a, "-O2 -c");
  args_add_words (&a, defines);
  if (args)
    {
      for (int i = 0; i < 2; i++)
	if (c->plugin[i])
	  args_add (&a, c->plugin[i]);
      args_add_words (&a, args);
    }
  args_add (&a, harness_src ("testsuite/samples/lock-grow.c"));
  args_add (&a, "-o");
  args_add (&a, obj);
  a.v[a.n] = NULL;
  struct run r = harness_run (a.v, NULL);
  ck_assert_msg (r.status == 0, "%s %s: %s", c->cc, args ? args : "", r.err);
  return r;
}

static bool
is_pinned (const char *name)
{
  for (size_t i = 0; i < sizeof pinned / sizeof *pinned; i++)
    {
      size_t len = strlen (pinned[i]);
      if (!strncmp (name, pinned[i], len)
	  && (name[len] == '\0' || name[len] == '.'))
	return true;
    }
  return false;
}

/* Who makes the lock and who builds with it.  */
enum who { THIS, GCC };
static const struct
{
  const char *what;
  enum who maker, user;
  const char *good, *later;	/* The sample's defines in each build.  */
} uses[] = {
  { "a lock of this compiler", THIS, THIS, "", "-DGROW" },
  { "a lock made by GCC, used by Clang", GCC, THIS, "", "-DGROW" },
  { "a lock made by Clang, used by GCC", THIS, GCC, "", "-DGROW" },
  /* The same source: GCC declines what Clang inlined.  */
  { "a change of compiler, Clang to GCC", THIS, GCC, "-DMID", "-DMID" },
};

START_TEST (test_lock_inlines_the_sites_again_and_changes_nothing_else)
{
  if (uses[_i].maker != uses[_i].user && !harness_clang ())
    return;			/* The suite says so when it is made.  */
  struct compiler this_cc = under_test ();
  struct compiler gcc = uses[_i].maker == GCC || uses[_i].user == GCC
			? gcc_beside () : this_cc;
  const struct compiler *maker = uses[_i].maker == GCC ? &gcc : &this_cc;
  const struct compiler *user = uses[_i].user == GCC ? &gcc : &this_cc;
  const char *policy;
  const char *dir = fresh_dir (harness_fmt ("lock-%d", _i), &policy);
  struct run r;
  const char *lock = harness_fmt ("%s/hot.lock.yaml", dir);

  /* The good build: every call inlined, its results kept.  */
  const char *good = harness_fmt ("%s/good.o", dir);
  r = compile (maker, uses[_i].good,
	       harness_fmt ("-fplugin-arg-hotinline-policy=%s "
			    "-fplugin-arg-hotinline-results=%s/res", policy,
			    dir), good);
  harness_run_free (&r);
  ck_assert_int_eq (harness_count_calls (good, "descend"), 0);
  r = harness_sh (harness_fmt ("%s --lock %s %s/res", getenv ("HOTINLINE_"
							       "SUMMARY"),
			       lock, dir));
  ck_assert_msg (r.status == 0, "--lock: %s", r.err);
  harness_run_free (&r);

  /* 'descend' grew: without the lock its calls are left.  */
  const char *plain = harness_fmt ("%s/plain.o", dir);
  r = compile (user, uses[_i].later, NULL, plain);
  harness_run_free (&r);
  ck_assert_msg (harness_count_calls (plain, "descend") > 0,
		 "%s %s: 'descend' is inlined without a lock: the sample no "
		 "longer tests the lock", user->cc, uses[_i].later);

  /* With the lock: no call left, no warning, the rest as without.  */
  const char *locked = harness_fmt ("%s/locked.o", dir);
  r = compile (user, uses[_i].later,
	       harness_fmt ("-fplugin-arg-hotinline-policy=%s "
			    "-fplugin-arg-hotinline-lock=%s", policy, lock),
	       locked);
  ck_assert_msg (!strstr (r.err, "warning:"), "%s: %s", uses[_i].what,
		 r.err);
  harness_run_free (&r);
  ck_assert_msg (harness_count_calls (locked, "descend") == 0,
		 "%s: %d calls to 'descend' left with the lock", uses[_i].what,
		 harness_count_calls (locked, "descend"));
  struct functions before = harness_functions (plain);
  struct functions after = harness_functions (locked);
  size_t compared = 0;
  for (size_t i = 0; i < before.n; i++)
    {
      if (is_pinned (before.names[i]))
	continue;
      const char *body = harness_function_body (&after, before.names[i]);
      ck_assert_msg (body && !strcmp (body, before.bodies[i]),
		     "%s: '%s' changed with the lock:\n%s\n---\n%s",
		     uses[_i].what, before.names[i], before.bodies[i],
		     body ? body : "(gone)");
      compared++;
    }
  ck_assert_uint_ge (compared, 1);	/* 'unrelated' at least.  */
}
END_TEST

/* The sites a lock pins are keyed by the function a call is written in:
   a call left in 'first', inlined into 'walk', has 'first' for its
   caller in the results of either compiler (its chain says where it
   went), as a lock made from them needs.  */
START_TEST (test_left_call_is_keyed_by_the_function_it_is_written_in)
{
  struct compiler c = under_test ();
  const char *policy;
  const char *dir = fresh_dir ("keyed", &policy);
  struct run r = compile (&c, "-DGROW -g",
	       harness_fmt ("-w -fplugin-arg-hotinline-policy=%s "
			    "-fplugin-arg-hotinline-results=%s/res", policy,
			    dir), harness_fmt ("%s/t.o", dir));
  harness_run_free (&r);
  r = harness_sh (harness_fmt ("cat %s/res/*.json", dir));
  json_error_t err;
  json_t *unit = json_loads (r.out, 0, &err);
  ck_assert_msg (unit, "%s: %s", err.text, r.out);
  size_t i, through_first = 0;
  json_t *call;
  json_array_foreach (json_object_get (unit, "calls"), i, call)
    {
      json_t *chain = json_object_get (call, "chain");
      const char *caller = json_string_value (json_object_get (call,
								"caller"));
      if (json_is_false (json_object_get (call, "inlined"))
	  && json_array_size (chain) > 0)
	{
	  const char *in = json_string_value
	    (json_object_get (json_array_get (chain, 0), "function"));
	  ck_assert_msg (caller && in && !strcmp (caller, in),
			 "a call left in '%s' has caller '%s'", in, caller);
	  through_first += !strcmp (in, "first");
	}
    }
  ck_assert_msg (through_first == 1, "%zu calls left in 'first':\n%s",
		 through_first, r.out);
  json_decref (unit);
  harness_run_free (&r);
}
END_TEST

/* A lock that does not load: a warning naming it, -Werror or not, and
   the build as with the policy alone.  NULL contents: no file; NULL
   words: a lock that loads.  */
static const struct
{
  const char *what, *contents, *says;
} bad_locks[] = {
  { "a key misspelt by hand",
    "version: 1\nfunctions:\n  - name: descend\n    callers: walk\n"
    "    actoin: always_inline\n",
    "hot.lock.yaml:5:5: unknown key 'actoin'; did you mean 'action'? (the "
    "lock is left out; the build goes on without it) [hotinline]" },
  { "invalid YAML",
    "version: 1\nfunctions:\n  - {name: descend, callers: [walk\n",
    "hot.lock.yaml:" },
  { "a lock that conflicts with the policy",
    "version: 1\nfunctions:\n  - {name: descend, action: always_inline}\n",
    "conflicting" },
  { "no lock yet", NULL, "hot.lock.yaml" },
  /* It loads, and matches nothing here: no warning, nothing forced.  */
  { "another project's lock",
    "version: 1\nfunctions:\n  - {name: xas_descend, callers: xas_load, "
    "action: always_inline}\n", NULL },
};

START_TEST (test_bad_lock_is_a_warning_and_left_out)
{
  struct compiler c = under_test ();
  const char *sub = harness_fmt ("bad-lock-%d", _i);
  const char *policy;
  const char *dir = fresh_dir (sub, &policy);
  struct run r;
  const char *lock = bad_locks[_i].contents
		     ? harness_write (harness_fmt ("%s/hot.lock.yaml", sub),
				      bad_locks[_i].contents)
		     : harness_fmt ("%s/hot.lock.yaml", dir);
  const char *obj = harness_fmt ("%s/t.o", dir);
  r = compile (&c, "-DGROW",
	       harness_fmt ("-Werror -fplugin-arg-hotinline-policy=%s "
			    "-fplugin-arg-hotinline-no-werror "
			    "-fplugin-arg-hotinline-lock=%s", policy, lock),
	       obj);
  const char *line = strstr (r.err, "(the lock is left out; the build goes "
				    "on without it) [hotinline]");
  if (bad_locks[_i].says)
    ck_assert_msg (line && strstr (r.err, "warning: ")
		   && strstr (r.err, bad_locks[_i].says),
		   "%s: no warning saying \"%s\":\n%s", bad_locks[_i].what,
		   bad_locks[_i].says, r.err);
  else
    ck_assert_msg (!line, "%s: %s", bad_locks[_i].what, r.err);
  harness_run_free (&r);
  /* The policy alone: the grown calls are reported, not forced.  */
  ck_assert_int_gt (harness_count_calls (obj, "descend"), 0);
}
END_TEST

Suite *
lock_build_e2e_suite (void)
{
  Suite *s = runner_suite ("Lock in the build");
  TCase *tc = runner_tcase ("Pinned sites");
  tcase_set_timeout (tc, E2E_TIMEOUT);
  const char *gcc;
  if (!harness_clang () || !harness_gcc_plugin (&gcc))
    fprintf (stderr, "SKIP Lock in the build, locks across compilers, on "
	     "%s: run make check CLANG=clang-N, beside a GCC plugin\n",
	     harness_gcc ());
  tcase_add_loop_test (tc,
		       test_lock_inlines_the_sites_again_and_changes_nothing_else,
		       0, harness_clang () && harness_gcc_plugin (&gcc)
			  ? sizeof uses / sizeof *uses : 1);
  tcase_add_test (tc,
		  test_left_call_is_keyed_by_the_function_it_is_written_in);
  runner_add_tcase (s, tc);
  tc = runner_tcase ("Bad locks");
  tcase_set_timeout (tc, E2E_TIMEOUT);
  tcase_add_loop_test (tc, test_bad_lock_is_a_warning_and_left_out, 0,
		       sizeof bad_locks / sizeof *bad_locks);
  runner_add_tcase (s, tc);
  return s;
}
