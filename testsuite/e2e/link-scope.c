/* An entry's "files" at an LTO link, where one module holds every unit:
   a call belongs to the unit that compiled its caller, also when the
   caller is written in a header, so GCC and Clang decide alike.  Two
   units each include a header whose caller calls the hot function; each
   scope is checked against the calls objdump finds in the program.  */
#include <check.h>
#include <stdio.h>
#include <string.h>

#include "e2e/suites.h"
#include "harness/harness.h"

/* The caller, in a header: each unit that includes it compiles its own
   copy (made different by SCALE, so that no pass merges the two).  */
static const char header[] =
  "int body (int x);\n"
  "static __attribute__ ((noinline)) int\n"
  "use (int x)\n"
  "{\n"
  "  return body (x) * SCALE;\n"
  "}\n";

static const char unit_a[] =
  "#define SCALE 3\n"
  "#include \"helper.h\"\n"
  "int fa (int x) { return use (x) + 1; }\n";

static const char unit_b[] =
  "#define SCALE 5\n"
  "#include \"helper.h\"\n"
  "__attribute__ ((noinline)) int body (int x) { return x * 7 + 1; }\n"
  "int fa (int x);\n"
  "int main (int argc, char **argv)\n"
  "{\n"
  "  (void) argv;\n"
  "  return fa (argc) + use (argc);\n"
  "}\n";

/* A "files" scope, and the reports the link gives under it.  */
static const struct
{
  const char *files;
  int reports;
} scope_cases[] = {
  { "\"*/a.c\"", 1 },		/* a.c's copy of the header's caller.  */
  { "\"*/b.c\"", 1 },		/* b.c's copy.  */
  { "\"*.c\"", 2 },
  { "\"*/helper.h\"", 0 },	/* A header is no unit.  */
};

static const char lto_modes[][12] = { "-flto", "-flto=thin" };

START_TEST (test_header_caller_belongs_to_its_unit)
{
  int scope = _i % 4;
  const char *lto = lto_modes[_i / 4];
  const char *what = harness_fmt ("files: [%s], %s",
				  scope_cases[scope].files, lto);
  if (!harness_clang () && strcmp (lto, "-flto") != 0)
    {
      if (scope == 0)
	fprintf (stderr, "SKIP %s on GCC: Clang's ThinLTO only\n", lto);
      return;
    }
  const char *dir = harness_tmpdir ();
  harness_write ("helper.h", header);
  const char *a = harness_write ("a.c", unit_a);
  const char *b = harness_write ("b.c", unit_b);
  const char *policy = harness_write
    ("hot.yaml", harness_fmt ("version: 1\nfunctions:\n"
			      "  - name: body\n    action: report\n"
			      "    files: [%s]\n", scope_cases[scope].files));
  const char *flags = harness_fmt ("-O2 -g %s %s", lto, harness_clang ()
				   ? "" : "-fdiagnostics-plain-output");
  /* Both units with the plugin: Clang takes the policy into the bitcode
     for the link; GCC's link line gives it again.  */
  const char *const srcs[] = { a, b };
  for (int k = 0; k < 2; k++)
    {
      struct args c = { { 0 }, 0 };
      args_add (&c, harness_gcc ());
      args_add_plugin (&c, &policy, 1);
      args_add_words (&c, flags);
      args_add (&c, "-c");
      args_add (&c, srcs[k]);
      args_add (&c, "-o");
      args_add (&c, harness_fmt ("%s/%c.o", dir, "ab"[k]));
      struct run r = harness_run (c.v, NULL);
      ck_assert_msg (r.status == 0 && !strstr (r.err, "hot function"),
		     "%s: compiling %s: %.2000s", what, srcs[k], r.err);
    }
  struct args l = { { 0 }, 0 };
  args_add (&l, harness_gcc ());
  args_add_words (&l, flags);
  if (harness_clang ())
    {
      args_add (&l, harness_fmt ("-fuse-ld=lld-%d", harness_clang_major ()));
      args_add (&l, harness_fmt ("-Wl,--load-pass-plugin=%s",
				 harness_plugin ()));
    }
  else
    args_add_plugin (&l, &policy, 1);
  args_add (&l, harness_fmt ("%s/a.o", dir));
  args_add (&l, harness_fmt ("%s/b.o", dir));
  args_add (&l, "-o");
  const char *prog = harness_fmt ("%s/prog", dir);
  args_add (&l, prog);
  struct run r = harness_run (l.v, NULL);
  ck_assert_msg (r.status == 0, "%s: link: %.2000s", what, r.err);

  /* The program: both copies of the caller call body.  */
  ck_assert_msg (harness_count_calls (prog, "body") == 2,
		 "%s: expected a call to body in each copy of use, objdump "
		 "finds %d", what, harness_count_calls (prog, "body"));
  size_t n = harness_occurrences (r.err, "hot function 'body' not inlined "
				  "into 'use'");
  ck_assert_msg (n == (size_t) scope_cases[scope].reports,
		 "%s: expected %d report(s) of the calls in use, got %zu:\n"
		 "%.2000s", what, scope_cases[scope].reports, n, r.err);
  /* Each report is at the call, in the header.  */
  if (n > 0)
    ck_assert_msg (strstr (r.err, "helper.h:5:"), "%s: the report is not "
		   "at the call in helper.h:\n%.2000s", what, r.err);
}
END_TEST

Suite *
link_scope_suite (void)
{
  Suite *s = runner_suite ("Files scope at a link");
  if (harness_skip_on_cross ("Files scope at a link", "Clang's lld and "
			     "the host's linker plugin only"))
    return s;
  TCase *tc = runner_tcase ("Header callers");
  tcase_set_timeout (tc, E2E_TIMEOUT);
  tcase_add_loop_test (tc, test_header_caller_belongs_to_its_unit, 0,
		       (int) (sizeof scope_cases / sizeof *scope_cases
			      * sizeof lto_modes / sizeof *lto_modes));
  runner_add_tcase (s, tc);
  return s;
}
