/* Benchmark: what each way of forcing does to the code, measured on the
   object files.  For every example, and for a large real source (LMDB's
   mdb.c, when HOTINLINE_BENCH_MDB names it), four builds:
     plain      GCC alone
     hand       __attribute__((always_inline)) written on the hot functions
     attribute  the plugin, strategy=attribute
     surgical   the plugin, strategy=surgical
   and for each: calls to hot functions left, functions other than the hot
   functions and their callers whose code changed, and the .text size
   against the plain build.  Prints a Markdown table.  */
#define _GNU_SOURCE
#include <check.h>
#include <glob.h>
#include <libgen.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "harness/harness.h"

struct subject
{
  const char *name;
  const char *source;
  const char *options;
  const char *policy;
  const char *hot[8];
  size_t n_hot;
  /* How to mark the hot functions by hand: a -D option for the examples,
     a sed script for a foreign source.  */
  const char *hand_define;
  const char *hand_sed;
};

/* The total size of the object's code sections.  */
static long
text_size (const char *obj)
{
  struct run r = harness_sh (harness_fmt ("size -A %s | awk '$1 ~ /^\\.text/"
					  " { s += $2 } END { print s + 0 }'",
					  obj));
  ck_assert_int_eq (r.status, 0);
  return strtol (r.out, NULL, 10);
}

static bool
is_or_clone_of (const char *name, const char *function)
{
  size_t n = strlen (function);
  return strncmp (name, function, n) == 0
	 && (name[n] == '\0' || name[n] == '.');
}

static const char *
compile (const struct subject *s, const char *variant, const char *source,
	 const char *extra)
{
  const char *obj = harness_fmt ("%s/%s-%s.o", harness_tmpdir (), s->name,
				 variant);
  struct run r = harness_sh (harness_fmt ("%s %s %s -w -c %s -o %s",
					  harness_gcc (), s->options, extra,
					  source, obj));
  ck_assert_msg (r.status == 0, "%s %s: %.2000s", s->name, variant, r.err);
  return obj;
}

static void
measure (const struct subject *s)
{
  const char *plugin = harness_fmt ("-fplugin=%s "
				    "-fplugin-arg-hotinline-policy=%s "
				    "-fplugin-arg-hotinline-quiet",
				    harness_plugin (), s->policy);
  const char *hand_source = s->source;
  if (s->hand_sed)
    {
      hand_source = harness_fmt ("%s/%s-hand.c", harness_tmpdir (),
				 s->name);
      struct run r = harness_sh (harness_fmt ("sed '%s' %s > %s", s->hand_sed,
					      s->source, hand_source));
      ck_assert_int_eq (r.status, 0);
    }
  const char *variants[] = { "plain", "hand", "attribute", "surgical" };
  const char *objs[4];
  objs[0] = compile (s, "plain", s->source, "");
  objs[1] = compile (s, "hand", hand_source,
		     s->hand_define ? s->hand_define : "");
  objs[2] = compile (s, "attribute", s->source,
		     harness_fmt ("%s -fplugin-arg-hotinline-strategy=attribute",
				  plugin));
  objs[3] = compile (s, "surgical", s->source,
		     harness_fmt ("%s -fplugin-arg-hotinline-strategy=surgical",
				  plugin));

  /* Allowed to change: the hot functions and whatever called them.  */
  const char *allowed[256];
  size_t n_allowed = 0;
  for (size_t h = 0; h < s->n_hot; h++)
    {
      allowed[n_allowed++] = s->hot[h];
      size_t n;
      char **callers = harness_callers (objs[0], s->hot[h], &n);
      for (size_t i = 0; i < n && n_allowed < 256; i++)
	allowed[n_allowed++] = callers[i];
    }

  struct functions plain = harness_functions (objs[0]);
  long plain_text = text_size (objs[0]);
  for (int v = 0; v < 4; v++)
    {
      int calls = 0;
      for (size_t h = 0; h < s->n_hot; h++)
	calls += harness_count_calls (objs[v], s->hot[h]);
      struct functions fns = harness_functions (objs[v]);
      int changed = 0, others = 0;
      for (size_t i = 0; i < plain.n; i++)
	{
	  bool may = false;
	  for (size_t j = 0; j < n_allowed; j++)
	    may |= is_or_clone_of (plain.names[i], allowed[j]);
	  if (may)
	    continue;
	  others++;
	  const char *body = harness_function_body (&fns, plain.names[i]);
	  changed += !body || strcmp (body, plain.bodies[i]) != 0;
	}
      long text = text_size (objs[v]);
      printf ("| %s | %s | %d | %d of %d | %ld | %+ld (%+.2f%%) |\n", s->name,
	      variants[v], calls, changed, others, text, text - plain_text,
	      100.0 * (double) (text - plain_text) / (double) plain_text);
    }
  fflush (stdout);
}

static glob_t examples;

/* An example: its hot functions are those its directives say the plugin
   removes the calls to.  */
START_TEST (test_example)
{
  const char *path = examples.gl_pathv[_i];
  struct subject s = { 0 };
  char *copy = strdup (path);
  s.name = harness_fmt ("%.*s", (int) strcspn (basename (copy), "."),
			basename (copy));
  s.source = path;
  s.options = "-O2";
  s.policy = harness_src (harness_fmt ("policies/%s.yaml", s.name));
  s.hand_define = "-DHOTINLINE_HAND";
  struct directives ds = harness_directives (path);
  for (size_t i = 0; i < ds.n && s.n_hot < 8; i++)
    if (strcmp (ds.d[i].kind, "plain-calls") == 0)
      s.hot[s.n_hot++] = ds.d[i].args[0];
  measure (&s);
}
END_TEST

/* LMDB: 13,000 lines, hundreds of functions that have nothing to do with
   the three hot ones.  */
START_TEST (test_lmdb)
{
  const char *mdb = getenv ("HOTINLINE_BENCH_MDB");
  if (!mdb || !*mdb)
    return;
  struct subject s = { 0 };
  s.name = "lmdb mdb.c";
  s.source = mdb;
  char *dir = strdup (mdb);
  s.options = harness_fmt ("-O2 -I%s", dirname (dir));
  s.hot[0] = "mdb_page_get";
  s.hot[1] = "mdb_node_read";
  s.hot[2] = "mdb_node_search";
  s.n_hot = 3;
  s.policy = harness_write ("mdb.yaml",
			    "version: 1\n"
			    "defaults: {action: always_inline}\n"
			    "functions:\n"
			    "  - {name: mdb_page_get, reason: \"every page "
			    "access of a B-tree walk\"}\n"
			    "  - {name: mdb_node_read, reason: \"every value "
			    "read\"}\n"
			    "  - {name: mdb_node_search, reason: \"key "
			    "search in a page\"}\n");
  s.hand_sed = "s/^\\(mdb_page_get\\|mdb_node_read\\|mdb_node_search\\)("
	       "/__attribute__((always_inline)) &/";
  s.name = "lmdb-mdb.c";
  measure (&s);
}
END_TEST

int
main (void)
{
  if (glob (harness_src ("examples/*.c"), 0, NULL, &examples) != 0)
    examples.gl_pathc = 0;
  Suite *suite = suite_create ("Strategies");
  TCase *tc = tcase_create ("Objects");
  tcase_set_timeout (tc, 1200);
  tcase_add_loop_test (tc, test_example, 0, (int) examples.gl_pathc);
  tcase_add_test (tc, test_lmdb);
  suite_add_tcase (suite, tc);

  printf ("| source | build | hot calls left | other functions changed "
	  "| .text bytes | .text vs plain |\n"
	  "|---|---|---|---|---|---|\n");
  fflush (stdout);
  SRunner *sr = srunner_create (suite);
  srunner_set_fork_status (sr, CK_NOFORK);
  srunner_run_all (sr, CK_SILENT);
  int failed = srunner_ntests_failed (sr);
  if (failed)
    srunner_print (sr, CK_NORMAL);
  srunner_free (sr);
  return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
