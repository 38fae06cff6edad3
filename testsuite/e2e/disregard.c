/* Building as if the source's marks were not written
   (-fplugin-arg-hotinline-disregard=): each sample is compiled as
   written, with the plugin disregarding its marks, and with the marks
   taken out of its text by the preprocessor, as a patch would; the
   second must give the third's outcome (the same object code, function by
   function, or the same error), on GCC and on Clang.  */
#include <check.h>
#include <stdio.h>
#include <string.h>

#include "e2e/mark-samples.h"
#include "e2e/suites.h"
#include "harness/harness.h"

/* Two marked functions, for disregard-only.  */
static const char two_marks[] = MARKS BIG_BODY
  "static MARK_A unsigned\n"
  "big_a (const unsigned *p)\n"
  "{ unsigned h = 1; R8(0) R8(8) R8(16) R8(24) R8(32) R8(40) R8(48) R8(56)"
  " return h; }\n"
  "static MARK_B unsigned\n"
  "big_b (const unsigned *p)\n"
  "{ unsigned h = 2; R8(0) R8(8) R8(16) R8(24) R8(32) R8(40) R8(48) R8(56)"
  " return h; }\n"
  "unsigned u1 (const unsigned *p) { return big_a (p) + big_b (p); }\n"
  "unsigned u2 (const unsigned *p) { return big_a (p + 1) ^ big_b (p); }\n"
  "unsigned u3 (const unsigned *p) { return big_a (p + 2) * big_b (p); }\n";

/* A mark in a system header (the compiler's intrinsics are marked so):
   kept, whatever disregard= says.  */
static const char system_header[] = BIG_BODY
  "static inline __attribute__ ((always_inline)) unsigned\n"
  "sys_big (const unsigned *p)\n"
  "{ unsigned h = 3; R8(0) R8(8) R8(16) R8(24) R8(32) R8(40) R8(48) R8(56)"
  " return h; }\n";
static const char uses_system_header[] =
  "#include <sysmarked.h>\n"
  "unsigned s1 (const unsigned *p) { return sys_big (p) + 1; }\n"
  "unsigned s2 (const unsigned *p) { return sys_big (p + 1) * 3; }\n";

static const struct
{
  const char *what, *source;
  const char *args;		/* The plugin's arguments, after the prefix.  */
  const char *only;		/* The disregard-only policy's text, or NULL.  */
  const char *hand;		/* The -D that take those marks out.  */
  const char *error;		/* The hand build's error, or NULL.  */
  const char *calls_to;		/* Called only without the mark, or NULL.  */
} cases[] = {
  { "needed for the code", needed_for_code, "disregard=always_inline",
    NULL, "-DMARK_A=", NULL, "big" },
  { "without effect", without_effect, "disregard=always_inline", NULL,
    "-DMARK_A=", NULL, NULL },
  { "needed for the build", needed_for_build, "disregard=always_inline",
    NULL, "-DMARK_A=", "size is not a constant", NULL },
  { "the inline keyword too", needed_for_code, "disregard=inline", NULL,
    "-DMARK_A= -DINL=", NULL, "big" },
  { "the inline keyword kept", needed_for_code, "disregard=always_inline",
    NULL, "-DMARK_A=", NULL, "big" },
  { "only the functions a policy names", two_marks,
    "disregard=always_inline",
    "version: 1\nfunctions:\n  - name: big_b\n", "-DMARK_B=", NULL,
    "big_b" },
  { "marks in system headers kept", uses_system_header,
    "disregard=always_inline", NULL, "", NULL, NULL },
};

/* Compile SOURCE in DIR into NAME.o with EXTRA (words), with the plugin
   and its ARGS when ARGS is not NULL.  */
static struct run
compile (const char *dir, const char *source, const char *name,
	 const char *extra, const char *args, const char *only)
{
  struct args a = { { 0 }, 0 };
  args_add (&a, harness_gcc ());
  args_add_words (&a, "-O2 -c");
  args_add (&a, harness_fmt ("-isystem%s/sys", dir));
  args_add_words (&a, extra);
  if (args)
    {
      args_add_plugin (&a, NULL, 0);
      args_add (&a, harness_fmt ("-fplugin-arg-hotinline-%s", args));
      if (only)
	args_add (&a, harness_fmt ("-fplugin-arg-hotinline-disregard-only=%s",
				   only));
    }
  args_add (&a, source);
  args_add (&a, "-o");
  args_add (&a, harness_fmt ("%s/%s.o", dir, name));
  return harness_run (a.v, NULL);
}

/* Every function of A's object has B's code, and the other way round.  */
static void
assert_same_code (const char *what, const char *a, const char *b)
{
  struct functions fa = harness_functions (a);
  struct functions fb = harness_functions (b);
  ck_assert_msg (fa.n == fb.n, "%s: %s has %zu functions, %s %zu", what, a,
		 fa.n, b, fb.n);
  for (size_t i = 0; i < fa.n; i++)
    {
      const char *body = harness_function_body (&fb, fa.names[i]);
      ck_assert_msg (body, "%s: %s only in %s", what, fa.names[i], a);
      ck_assert_msg (strcmp (body, fa.bodies[i]) == 0,
		     "%s: %s differs:\n%s\n--- against ---\n%s", what,
		     fa.names[i], fa.bodies[i], body);
    }
}

START_TEST (test_disregarded_as_not_written)
{
  const char *what = cases[_i].what;
  const char *dir = harness_tmpdir ();
  ck_assert (harness_sh (harness_fmt ("mkdir -p %s/sys", dir)).status == 0);
  harness_write ("sys/sysmarked.h", system_header);
  const char *src = harness_write ("sample.c", cases[_i].source);
  const char *only = cases[_i].only
		     ? harness_write ("only.yaml", cases[_i].only) : NULL;
  const char *objs[] = { "written", "plugin-written", "disregarded", "hand" };
  struct run written = compile (dir, src, objs[0], "", NULL, NULL);
  ck_assert_msg (written.status == 0, "%s: as written: %.2000s", what,
		 written.err);
  /* Loaded without disregard=, the plugin changes nothing.  */
  struct run loaded = compile (dir, src, objs[1], "", "quiet", NULL);
  ck_assert_msg (loaded.status == 0, "%s: %.2000s", what, loaded.err);
  assert_same_code (what, harness_fmt ("%s/written.o", dir),
		    harness_fmt ("%s/plugin-written.o", dir));
  struct run hand = compile (dir, src, objs[3], cases[_i].hand, NULL, NULL);
  struct run dis = compile (dir, src, objs[2], "", cases[_i].args, only);
  if (cases[_i].error)
    {
      ck_assert_msg (hand.status != 0 && strstr (hand.err, cases[_i].error),
		     "%s: the source without its mark builds, or fails for "
		     "another reason: %.2000s", what, hand.err);
      ck_assert_msg (dis.status != 0 && strstr (dis.err, cases[_i].error),
		     "%s: disregarded, expected the error '%s' of the source "
		     "without its mark, got status %d: %.2000s", what,
		     cases[_i].error, dis.status, dis.err);
      return;
    }
  ck_assert_msg (hand.status == 0, "%s: without the marks: %.2000s", what,
		 hand.err);
  ck_assert_msg (dis.status == 0 && !strstr (dis.err, "error"),
		 "%s: disregarded: %.2000s", what, dis.err);
  assert_same_code (what, harness_fmt ("%s/disregarded.o", dir),
		    harness_fmt ("%s/hand.o", dir));
  if (cases[_i].calls_to)
    {
      /* The mark is what inlines it: none called as written, some
	 without it.  */
      const char *f = cases[_i].calls_to;
      ck_assert_msg (harness_count_calls (harness_fmt ("%s/written.o", dir),
					  f) == 0,
		     "%s: %s called as written", what, f);
      ck_assert_msg (harness_count_calls (harness_fmt ("%s/hand.o", dir),
					  f) > 0,
		     "%s: %s inlined without its mark too: no sample of a "
		     "mark needed for the code", what, f);
    }
  else
    assert_same_code (what, harness_fmt ("%s/disregarded.o", dir),
		      harness_fmt ("%s/written.o", dir));
}
END_TEST

/* Bad arguments: clear errors, the compilation stops.  */
static const struct
{
  const char *args, *message;
} bad_cases[] = {
  { "disregard=noinline",
    "argument 'disregard' expects always_inline or inline, found "
    "'noinline'" },
  { "disregard-only=only.yaml",
    "argument 'disregard-only' needs the marks to disregard" },
};

START_TEST (test_bad_disregard_arguments)
{
  const char *dir = harness_tmpdir ();
  const char *src = harness_write ("sample.c", without_effect);
  harness_write ("only.yaml", "version: 1\nfunctions:\n  - name: add1\n");
  struct args a = { { 0 }, 0 };
  args_add (&a, harness_gcc ());
  args_add_words (&a, "-O2 -c");
  args_add_plugin (&a, NULL, 0);
  args_add (&a, harness_fmt ("-fplugin-arg-hotinline-%s",
			     bad_cases[_i].args));
  args_add (&a, src);
  args_add (&a, "-o");
  args_add (&a, harness_fmt ("%s/bad.o", dir));
  struct run r = harness_run (a.v, NULL);
  ck_assert_msg (r.status != 0 && strstr (r.err, bad_cases[_i].message)
		 && strstr (r.err, "[hotinline]"),
		 "%s: expected the error '%s': status %d: %.2000s",
		 bad_cases[_i].args, bad_cases[_i].message, r.status, r.err);
}
END_TEST

START_TEST (test_disregard_only_policy_errors)
{
  const char *dir = harness_tmpdir ();
  const char *src = harness_write ("sample.c", without_effect);
  const char *only = harness_write ("only.yaml", "version: 1\nfunctions:\n"
				    "  - nme: add1\n");
  struct run r = compile (dir, src, "bad", "", "disregard=always_inline",
			  only);
  ck_assert_msg (r.status != 0 && strstr (r.err, "only.yaml:3:")
		 && strstr (r.err, "[hotinline]"),
		 "a bad disregard-only policy: status %d: %.2000s", r.status,
		 r.err);
}
END_TEST

Suite *
disregard_suite (void)
{
  Suite *s = runner_suite ("Disregarded marks");
  TCase *tc = runner_tcase ("As not written");
  tcase_set_timeout (tc, E2E_TIMEOUT);
  tcase_add_loop_test (tc, test_disregarded_as_not_written, 0,
		       (int) (sizeof cases / sizeof *cases));
  runner_add_tcase (s, tc);
  tc = runner_tcase ("Errors");
  tcase_set_timeout (tc, E2E_TIMEOUT);
  tcase_add_loop_test (tc, test_bad_disregard_arguments, 0,
		       (int) (sizeof bad_cases / sizeof *bad_cases));
  tcase_add_test (tc, test_disregard_only_policy_errors);
  runner_add_tcase (s, tc);
  return s;
}
