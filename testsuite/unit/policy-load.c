/* Unit tests of the policy's YAML loader (policy-load.c): valid documents,
   the errors of invalid ones, merging several files, and the limits.

   Each test states one rule in its name, each row of a table in its
   description.  Messages are compared exactly:
   they are the user interface of the loader.  Documents loaded from memory
   are named "t.yaml"; files go to a fresh directory under /tmp.  */
#define _GNU_SOURCE
#include <check.h>
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <limits.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include "policy.h"
#include "cxx-names.h"
#include "policy-internal.h"
#include "suggest.h"
#include "unit/suites.h"
#include "unit/policy-helpers.h"

/* A growing string, for generated documents.  */
struct text
{
  char *s;
  size_t len, cap;
};

static void
text_add (struct text *t, const char *format, ...)
{
  va_list ap;
  for (;;)
    {
      size_t room = t->cap - t->len;
      va_start (ap, format);
      int n = vsnprintf (t->s ? t->s + t->len : NULL, room, format, ap);
      va_end (ap);
      ck_assert (n >= 0);
      if ((size_t) n < room)
	{
	  t->len += (size_t) n;
	  return;
	}
      t->cap = t->cap ? t->cap * 2 : 4096;
      while (t->cap - t->len <= (size_t) n)
	t->cap *= 2;
      t->s = realloc (t->s, t->cap);
      ck_assert (t->s);
    }
}

/* A temporary directory per test.  Check runs each test in a child process
   that exits at once when an assertion fails, so a test's own teardown may
   never run: each test case also gets a directory made in the parent
   process (an unchecked fixture) that holds those of its tests and is
   removed, whatever happened, when the test case ends.  */

static char casedir[64];	/* Made by the parent, per test case.  */
static char tmpdir[96];		/* Made in the child, per test.  */

static int
remove_one (const char *path, const struct stat *st, int flag,
	    struct FTW *ftw)
{
  (void) st;
  (void) flag;
  (void) ftw;
  remove (path);
  return 0;
}

static void
remove_tree (char *dir)
{
  if (!dir[0])
    return;
  nftw (dir, remove_one, 16, FTW_DEPTH | FTW_PHYS);
  dir[0] = '\0';
}

static void
case_setup (void)
{
  strcpy (casedir, "/tmp/hotinline-unit-XXXXXX");
  if (!mkdtemp (casedir))
    {
      perror ("mkdtemp");
      abort ();
    }
}

static void
case_teardown (void)
{
  remove_tree (casedir);
}

static void
tmp_setup (void)
{
  snprintf (tmpdir, sizeof tmpdir, "%s/t-XXXXXX", casedir);
  ck_assert_msg (mkdtemp (tmpdir), "mkdtemp: %s", strerror (errno));
}

static void
tmp_teardown (void)
{
  remove_tree (tmpdir);
}

/* TMPDIR/NAME; a few stay valid at a time.  */
static const char *
tmp_path (const char *name)
{
  static char bufs[8][256];
  static unsigned k;
  char *b = bufs[k++ % 8];
  snprintf (b, sizeof bufs[0], "%s/%s", tmpdir, name);
  return b;
}

/* Write SIZE bytes of DATA to TMPDIR/NAME and return its path.  */
static const char *
write_file_n (const char *name, const char *data, size_t size)
{
  const char *path = tmp_path (name);
  FILE *f = fopen (path, "wb");
  ck_assert_msg (f, "%s: %s", path, strerror (errno));
  ck_assert (fwrite (data, 1, size, f) == size);
  ck_assert (fclose (f) == 0);
  return path;
}

static const char *
write_file (const char *name, const char *text)
{
  return write_file_n (name, text, strlen (text));
}

/* Valid documents.  */

START_TEST (test_minimal_policy_needs_only_the_version)
{
  struct policy *p = load_ok ("version: 1\n");
  ck_assert_uint_eq (policy_entry_count (p), 0);
  ck_assert_ptr_null (policy_lookup (p, "xas_descend", NULL, NULL));
  policy_free (p);
}
END_TEST

START_TEST (test_empty_policy_object_has_no_entries_and_no_errors)
{
  struct policy *p = policy_new ();
  ck_assert_uint_eq (policy_entry_count (p), 0);
  ck_assert_uint_eq (policy_error_count (p), 0);
  ck_assert_ptr_null (policy_entry_at (p, 0));
  ck_assert_ptr_null (policy_error_message (p, 0));
  ck_assert (!policy_mentions (p, "xas_descend"));
  policy_free (p);
  policy_free (NULL);
}
END_TEST

START_TEST (test_entry_without_action_or_severity_reports_as_warning)
{
  struct policy *p = load_ok ("version: 1\n"
			      "functions:\n"
			      "  - name: xas_descend\n");
  ck_assert_uint_eq (policy_entry_count (p), 1);
  const struct policy_entry *e = policy_entry_at (p, 0);
  ck_assert_str_eq (e->name.text, "xas_descend");
  ck_assert (!e->name.is_glob);
  ck_assert_int_eq (e->action, POLICY_ACTION_REPORT);
  ck_assert_int_eq (e->severity, POLICY_SEVERITY_WARNING);
  ck_assert_uint_eq (e->n_files, 0);
  ck_assert_uint_eq (e->n_callers, 0);
  ck_assert_ptr_null (e->reason);
  ck_assert_str_eq (e->loc.file, DOC);
  ck_assert_str_eq (e->name_loc.file, DOC);
  ASSERT_LOC (e->loc, 3, 5);
  ASSERT_LOC (e->name_loc, 3, 11);
  policy_free (p);
}
END_TEST

START_TEST (test_entry_reads_every_field)
{
  struct policy *p = load_ok ("version: 1\n"
			      "functions:\n"
			      "  - reason: walks every level of the tree\n"
			      "    callers: [xas_load, \"xas_find*\"]\n"
			      "    files: [lib/xarray.c, \"lib/radix-*.c\"]\n"
			      "    severity: error\n"
			      "    action: always_inline\n"
			      "    name: xas_descend\n");
  ck_assert_uint_eq (policy_entry_count (p), 1);
  const struct policy_entry *e = policy_entry_at (p, 0);
  ck_assert_str_eq (e->name.text, "xas_descend");
  ck_assert_int_eq (e->action, POLICY_ACTION_ALWAYS_INLINE);
  ck_assert_int_eq (e->severity, POLICY_SEVERITY_ERROR);
  ck_assert_uint_eq (e->n_files, 2);
  ck_assert_str_eq (e->files[0].text, "lib/xarray.c");
  ck_assert (!e->files[0].is_glob);
  ck_assert_str_eq (e->files[1].text, "lib/radix-*.c");
  ck_assert (e->files[1].is_glob);
  ck_assert_uint_eq (e->n_callers, 2);
  ck_assert_str_eq (e->callers[0].text, "xas_load");
  ck_assert_str_eq (e->callers[1].text, "xas_find*");
  ck_assert (e->callers[1].prefix_only);
  ck_assert_str_eq (e->reason, "walks every level of the tree");
  ASSERT_LOC (e->loc, 3, 5);
  ASSERT_LOC (e->name_loc, 8, 11);
  policy_free (p);
}
END_TEST

START_TEST (test_defaults_before_functions_apply_to_entries_that_omit_them)
{
  struct policy *p = load_ok ("version: 1\n"
			      "defaults:\n"
			      "  action: always_inline\n"
			      "  severity: note\n"
			      "functions:\n"
			      "  - name: a\n"
			      "  - name: b\n"
			      "    action: report\n"
			      "  - name: c\n"
			      "    severity: error\n");
  ck_assert_uint_eq (policy_entry_count (p), 3);
  ck_assert_int_eq (entry_named (p, "a")->action, POLICY_ACTION_ALWAYS_INLINE);
  ck_assert_int_eq (entry_named (p, "a")->severity, POLICY_SEVERITY_NOTE);
  ck_assert_int_eq (entry_named (p, "b")->action, POLICY_ACTION_REPORT);
  ck_assert_int_eq (entry_named (p, "b")->severity, POLICY_SEVERITY_NOTE);
  ck_assert_int_eq (entry_named (p, "c")->action, POLICY_ACTION_ALWAYS_INLINE);
  ck_assert_int_eq (entry_named (p, "c")->severity, POLICY_SEVERITY_ERROR);
  policy_free (p);
}
END_TEST

START_TEST (test_defaults_after_functions_apply_too)
{
  struct policy *p = load_ok ("version: 1\n"
			      "functions:\n"
			      "  - name: a\n"
			      "  - name: b\n"
			      "    action: report\n"
			      "  - name: c\n"
			      "    severity: error\n"
			      "defaults:\n"
			      "  action: always_inline\n"
			      "  severity: note\n");
  ck_assert_uint_eq (policy_entry_count (p), 3);
  ck_assert_int_eq (entry_named (p, "a")->action, POLICY_ACTION_ALWAYS_INLINE);
  ck_assert_int_eq (entry_named (p, "a")->severity, POLICY_SEVERITY_NOTE);
  ck_assert_int_eq (entry_named (p, "b")->action, POLICY_ACTION_REPORT);
  ck_assert_int_eq (entry_named (p, "b")->severity, POLICY_SEVERITY_NOTE);
  ck_assert_int_eq (entry_named (p, "c")->action, POLICY_ACTION_ALWAYS_INLINE);
  ck_assert_int_eq (entry_named (p, "c")->severity, POLICY_SEVERITY_ERROR);
  policy_free (p);
}
END_TEST

START_TEST (test_defaults_may_give_only_the_severity)
{
  struct policy *p = load_ok ("version: 1\n"
			      "defaults:\n"
			      "  severity: error\n"
			      "functions:\n"
			      "  - name: a\n");
  ck_assert_int_eq (entry_named (p, "a")->action, POLICY_ACTION_REPORT);
  ck_assert_int_eq (entry_named (p, "a")->severity, POLICY_SEVERITY_ERROR);
  policy_free (p);
}
END_TEST

START_TEST (test_defaults_of_one_file_do_not_apply_to_another)
{
  struct policy *p = policy_new ();
  const char *a = "version: 1\ndefaults: {action: always_inline}\n";
  ck_assert (policy_load_buffer (p, "a.yaml", a, strlen (a)));
  const char *b = "version: 1\nfunctions:\n  - name: b\n";
  ck_assert (policy_load_buffer (p, "b.yaml", b, strlen (b)));
  ck_assert_int_eq (entry_named (p, "b")->action, POLICY_ACTION_REPORT);
  policy_free (p);
}
END_TEST

START_TEST (test_files_and_callers_accept_a_single_scalar)
{
  struct policy *p = load_ok ("version: 1\n"
			      "functions:\n"
			      "  - name: xas_descend\n"
			      "    files: lib/xarray.c\n"
			      "    callers: xas_load\n");
  const struct policy_entry *e = policy_entry_at (p, 0);
  ck_assert_uint_eq (e->n_files, 1);
  ck_assert_str_eq (e->files[0].text, "lib/xarray.c");
  ck_assert_uint_eq (e->n_callers, 1);
  ck_assert_str_eq (e->callers[0].text, "xas_load");
  policy_free (p);
}
END_TEST

START_TEST (test_files_and_callers_accept_a_block_list)
{
  struct policy *p = load_ok ("version: 1\n"
			      "functions:\n"
			      "  - name: xas_descend\n"
			      "    files:\n"
			      "      - lib/xarray.c\n"
			      "      - lib/idr.c\n"
			      "      - \"mm/*.c\"\n"
			      "    callers:\n"
			      "      - xas_load\n"
			      "      - xas_store\n");
  const struct policy_entry *e = policy_entry_at (p, 0);
  ck_assert_uint_eq (e->n_files, 3);
  ck_assert_str_eq (e->files[0].text, "lib/xarray.c");
  ck_assert_str_eq (e->files[1].text, "lib/idr.c");
  ck_assert_str_eq (e->files[2].text, "mm/*.c");
  ck_assert_uint_eq (e->n_callers, 2);
  ck_assert_str_eq (e->callers[0].text, "xas_load");
  ck_assert_str_eq (e->callers[1].text, "xas_store");
  policy_free (p);
}
END_TEST

START_TEST (test_weight_is_read_as_millionths_of_the_total)
{
  struct policy *p = load_ok ("version: 1\n"
			      "functions:\n"
			      "  - {name: a, weight: 12.5}\n"
			      "  - {name: b, weight: 100}\n"
			      "  - {name: c, weight: 0}\n"
			      "  - {name: d, weight: 0.0003}\n"
			      "  - {name: e, weight: 099.9999}\n"
			      "  - {name: f}\n");
  ck_assert_int_eq (entry_named (p, "a")->weight, 125000);
  ck_assert_int_eq (entry_named (p, "b")->weight, POLICY_WEIGHT_MAX);
  ck_assert_int_eq (entry_named (p, "c")->weight, 0);
  ck_assert_int_eq (entry_named (p, "d")->weight, 3);
  ck_assert_int_eq (entry_named (p, "e")->weight, 999999);
  ck_assert_int_eq (entry_named (p, "f")->weight, -1);
  policy_free (p);
}
END_TEST

START_TEST (test_weight_prints_in_its_shortest_form)
{
  char buf[POLICY_WEIGHT_TEXT_SIZE];
  ck_assert_str_eq (policy_weight_text (125000, buf), "12.5");
  ck_assert_str_eq (policy_weight_text (POLICY_WEIGHT_MAX, buf), "100");
  ck_assert_str_eq (policy_weight_text (0, buf), "0");
  ck_assert_str_eq (policy_weight_text (3, buf), "0.0003");
  ck_assert_str_eq (policy_weight_text (999999, buf), "99.9999");
  /* What it prints reads back as the same weight.  */
  for (long w = 0; w <= POLICY_WEIGHT_MAX; w += 997)
    ck_assert_int_eq (policy_weight_parse (policy_weight_text (w, buf)), w);
}
END_TEST

START_TEST (test_bad_weights_are_rejected_where_they_are)
{
  ASSERT_LOAD_ERRORS ("version: 1\n"
		      "functions:\n"
		      "  - {name: a, weight: -1}\n"
		      "  - {name: b, weight: 100.5}\n"
		      "  - {name: c, weight: 1e3}\n"
		      "  - {name: d, weight: 1.23456}\n"
		      "  - {name: e, weight: \"12\"}\n"
		      "  - {name: f, weight: [1]}\n"
		      "  - {name: g, weight: ~}\n"
		      "  - {name: h, weight: 12.}\n"
		      "  - {name: i, weight: '1.5'}\n"
		      "  - {name: j, weight: \"200\"}\n",
		      DOC ":3:23: 'weight' expects a percentage from 0 to 100 "
		      "with at most 4 decimals, e.g. 'weight: 12.5', found "
		      "'-1'",
		      DOC ":4:23: 'weight' expects a percentage from 0 to 100 "
		      "with at most 4 decimals, e.g. 'weight: 12.5', found "
		      "'100.5'",
		      DOC ":5:23: 'weight' expects a percentage from 0 to 100 "
		      "with at most 4 decimals, e.g. 'weight: 12.5', found "
		      "'1e3'",
		      DOC ":6:23: 'weight' expects a percentage from 0 to 100 "
		      "with at most 4 decimals, e.g. 'weight: 12.5', found "
		      "'1.23456'",
		      DOC ":7:23: 'weight' is a plain number, found the "
		      "quoted string '12'; write it without quotes: "
		      "'weight: 12'",
		      DOC ":8:23: 'weight' expects a percentage from 0 to 100 "
		      "with at most 4 decimals, e.g. 'weight: 12.5', found a "
		      "list",
		      DOC ":9:23: 'weight' expects a percentage from 0 to 100 "
		      "with at most 4 decimals, e.g. 'weight: 12.5', found "
		      "nothing (null)",
		      DOC ":10:23: 'weight' expects a percentage from 0 to "
		      "100 with at most 4 decimals, e.g. 'weight: 12.5', "
		      "found '12.'",
		      DOC ":11:23: 'weight' is a plain number, found the "
		      "quoted string '1.5'; write it without quotes: "
		      "'weight: 1.5'",
		      DOC ":12:23: 'weight' is a plain number, a percentage "
		      "from 0 to 100 with at most 4 decimals, e.g. 'weight: "
		      "12.5', found the quoted string '200'");
}
END_TEST

START_TEST (test_reason_is_kept_verbatim)
{
  struct policy *p = load_ok ("version: 1\n"
			      "functions:\n"
			      "  - name: a\n"
			      "    reason: \"caf\xc3\xa9 \xe2\x80\x94 5% of cycles: hot\"\n"
			      "  - name: b\n"
			      "    reason: >\n"
			      "      folded over\n"
			      "      two lines\n"
			      "  - name: c\n"
			      "    reason: 42\n");
  ck_assert_str_eq (entry_named (p, "a")->reason,
		    "caf\xc3\xa9 \xe2\x80\x94 5% of cycles: hot");
  ck_assert_str_eq (entry_named (p, "b")->reason, "folded over two lines\n");
  ck_assert_str_eq (entry_named (p, "c")->reason, "42");
  policy_free (p);
}
END_TEST

START_TEST (test_flow_style_document_loads)
{
  struct policy *p
    = load_ok ("{version: 1, defaults: {severity: error}, functions: "
	       "[{name: foo, files: [a.c, \"lib/*.c\"], callers: bar}, "
	       "{name: \"xas_*\", action: always_inline, reason: \"hot loop\"}]}"
	       "\n");
  ck_assert_uint_eq (policy_entry_count (p), 2);
  const struct policy_entry *foo = policy_entry_at (p, 0);
  ck_assert_str_eq (foo->name.text, "foo");
  ck_assert_int_eq (foo->action, POLICY_ACTION_REPORT);
  ck_assert_int_eq (foo->severity, POLICY_SEVERITY_ERROR);
  ck_assert_uint_eq (foo->n_files, 2);
  ck_assert_str_eq (foo->files[1].text, "lib/*.c");
  ck_assert_uint_eq (foo->n_callers, 1);
  ck_assert_str_eq (foo->callers[0].text, "bar");
  ASSERT_LOC (foo->loc, 1, 55);
  ASSERT_LOC (foo->name_loc, 1, 62);
  const struct policy_entry *xas = policy_entry_at (p, 1);
  ck_assert_str_eq (xas->name.text, "xas_*");
  ck_assert (xas->name.prefix_only);
  ck_assert_int_eq (xas->action, POLICY_ACTION_ALWAYS_INLINE);
  ck_assert_int_eq (xas->severity, POLICY_SEVERITY_ERROR);
  ck_assert_str_eq (xas->reason, "hot loop");
  ASSERT_LOC (xas->loc, 1, 107);
  ASSERT_LOC (xas->name_loc, 1, 114);
  policy_free (p);
}
END_TEST

START_TEST (test_comments_are_ignored_everywhere)
{
  struct policy *p = load_ok ("# hotinline policy for lib/xarray.c\n"
			      "version: 1   # the only version there is\n"
			      "\n"
			      "functions:   # hot paths\n"
			      "  # the tree walk\n"
			      "  - name: xas_descend   # trailing\n"
			      "    # between keys\n"
			      "    action: always_inline\n"
			      "# the end\n");
  ck_assert_uint_eq (policy_entry_count (p), 1);
  const struct policy_entry *e = policy_entry_at (p, 0);
  ck_assert_str_eq (e->name.text, "xas_descend");
  ck_assert_int_eq (e->action, POLICY_ACTION_ALWAYS_INLINE);
  ASSERT_LOC (e->name_loc, 6, 11);
  policy_free (p);
}
END_TEST

START_TEST (test_explicit_document_markers_are_accepted)
{
  struct policy *p = load_ok ("%YAML 1.1\n"
			      "---\n"
			      "version: 1\n"
			      "functions:\n"
			      "  - name: xas_descend\n"
			      "...\n");
  ck_assert_uint_eq (policy_entry_count (p), 1);
  ASSERT_LOC (policy_entry_at (p, 0)->name_loc, 5, 11);
  policy_free (p);
}
END_TEST

START_TEST (test_utf8_bom_before_a_comment_is_ignored)
{
  struct policy *p = load_ok ("\xef\xbb\xbf# policy\n"
			      "version: 1\n"
			      "functions:\n"
			      "  - name: xas_descend\n");
  ck_assert_uint_eq (policy_entry_count (p), 1);
  ASSERT_LOC (policy_entry_at (p, 0)->name_loc, 4, 11);
  policy_free (p);
}
END_TEST

START_TEST (test_utf8_bom_before_a_flow_mapping_is_ignored)
{
  struct policy *p
    = load_ok ("\xef\xbb\xbf{version: 1, functions: [{name: xas_descend}]}\n");
  ck_assert_uint_eq (policy_entry_count (p), 1);
  ck_assert_str_eq (policy_entry_at (p, 0)->name.text, "xas_descend");
  policy_free (p);
}
END_TEST

START_TEST (test_crlf_line_ends_are_accepted)
{
  struct policy *p = load_ok ("version: 1\r\n"
			      "functions:\r\n"
			      "  - name: xas_descend\r\n"
			      "    action: always_inline\r\n"
			      "    reason: hot\r\n");
  ck_assert_uint_eq (policy_entry_count (p), 1);
  const struct policy_entry *e = policy_entry_at (p, 0);
  ck_assert_str_eq (e->name.text, "xas_descend");
  ck_assert_int_eq (e->action, POLICY_ACTION_ALWAYS_INLINE);
  ck_assert_str_eq (e->reason, "hot");
  ASSERT_LOC (e->name_loc, 3, 11);
  policy_free (p);
}
END_TEST

START_TEST (test_crlf_line_ends_give_the_same_error_locations)
{
  ASSERT_LOAD_ERRORS ("version: 1\r\n"
		      "functions:\r\n"
		      "  - name: xas_descend\r\n"
		      "    actoin: report\r\n",
		      DOC ":4:5: unknown key 'actoin'; did you mean 'action'?");
}
END_TEST

START_TEST (test_policy_file_is_read_from_disk)
{
  const char *path = write_file ("hot.yaml",
				 "version: 1\n"
				 "functions:\n"
				 "  - name: xas_descend\n"
				 "    action: always_inline\n");
  struct policy *p = policy_new ();
  ck_assert (policy_load_file (p, path));
  ck_assert_uint_eq (policy_error_count (p), 0);
  ck_assert_uint_eq (policy_entry_count (p), 1);
  const struct policy_entry *e = policy_entry_at (p, 0);
  ck_assert_str_eq (e->loc.file, path);
  ASSERT_LOC (e->name_loc, 3, 11);
  policy_free (p);
}
END_TEST

START_TEST (test_entries_of_several_files_keep_policy_order)
{
  struct policy *p = policy_new ();
  ck_assert (policy_load_file (p, write_file ("a.yaml",
					      "version: 1\n"
					      "functions:\n"
					      "  - name: foo\n"
					      "  - name: \"bar*\"\n")));
  ck_assert (policy_load_file (p, write_file ("b.yaml",
					      "version: 1\n"
					      "functions:\n"
					      "  - name: baz\n")));
  ck_assert_uint_eq (policy_entry_count (p), 3);
  ck_assert_str_eq (policy_entry_at (p, 0)->name.text, "foo");
  ck_assert_str_eq (policy_entry_at (p, 1)->name.text, "bar*");
  ck_assert_str_eq (policy_entry_at (p, 2)->name.text, "baz");
  ck_assert_str_eq (policy_entry_at (p, 2)->loc.file, tmp_path ("b.yaml"));
  ck_assert_ptr_null (policy_entry_at (p, 3));
  policy_free (p);
}
END_TEST

/* Errors in the document.  */

/* Documents that fail to load, and what they report: each is loaded from
   memory as "t.yaml" and must fail with exactly these errors, in this
   order, and add no entry.  A row states its rule in its description.  */
static const struct
{
  const char *what;		/* The rule the row shows.  */
  const char *doc;		/* The document, without NUL bytes.  */
  const char *errors[6];	/* Its errors, in order; NULL after them.  */
} load_error_table[] = {
  /* Keys, and values of the wrong type.  */
  { "an unknown key in an entry suggests the closest",
    "version: 1\n"
    "functions:\n"
    "  - name: xas_descend\n"
    "    actoin: always_inline\n",
    { DOC ":4:5: unknown key 'actoin'; did you mean 'action'?" } },
  { "an unknown key in the policy suggests the closest",
    "version: 1\n"
    "funtcions: []\n",
    { DOC ":2:1: unknown key 'funtcions'; did you mean "
      "'functions'?" } },
  { "an unknown key in 'defaults' suggests the closest",
    "version: 1\n"
    "defaults:\n"
    "  sevrity: note\n",
    { DOC ":3:3: unknown key 'sevrity'; did you mean "
      "'severity'?" } },
  { "an unknown key without a close match names where it is: an entry",
    "version: 1\n"
    "functions:\n"
    "  - name: xas_descend\n"
    "    colour: red\n",
    { DOC ":4:5: unknown key 'colour' in a function entry" } },
  { "an unknown key without a close match names where it is: the policy",
    "version: 1\n"
    "include: other.yaml\n",
    { DOC ":2:1: unknown key 'include' in the policy" } },
  { "an unknown key without a close match names where it is: 'defaults'",
    "version: 1\n"
    "defaults:\n"
    "  mode: strict\n",
    { DOC ":3:3: unknown key 'mode' in 'defaults'" } },
  { "a key that is not a scalar is rejected",
    "version: 1\n"
    "? [functions]\n"
    ": []\n",
    { DOC ":2:3: expected a key of the policy, found a list" } },
  { "a name given as a list is a type error",
    "version: 1\n"
    "functions:\n"
    "  - name: [xas_load, xas_store]\n",
    { DOC ":3:11: 'name' expects a string, found a list" } },
  { "'functions' given as a scalar is a type error",
    "version: 1\n"
    "functions: xas_descend\n",
    { DOC ":2:12: 'functions' expects a list of entries, found "
      "a scalar" } },
  { "'functions' given as nothing is a type error",
    "version: 1\n"
    "functions:\n",
    { DOC ":2:11: 'functions' expects a list of entries, found "
      "nothing (null)" } },
  { "'functions' given as a mapping is a type error",
    "version: 1\n"
    "functions: {name: xas_descend}\n",
    { DOC ":2:12: 'functions' expects a list of entries, found "
      "a mapping" } },
  { "a function entry that is not a mapping is rejected",
    "version: 1\n"
    "functions:\n"
    "  - xas_descend\n"
    "  - [xas_load]\n",
    { DOC ":3:5: each function entry must be a mapping with "
      "'name' and 'action', found a scalar",
      DOC ":4:5: each function entry must be a mapping with "
      "'name' and 'action', found a list" } },
  { "'defaults' given as a list is a type error",
    "version: 1\n"
    "defaults: [always_inline]\n",
    { DOC ":2:11: 'defaults' expects a mapping, found a list" } },

  /* The version.  */
  { "a version in double quotes is rejected",
    "version: \"1\"\n",
    { DOC ":1:10: 'version' expects the number 1, found a "
      "quoted string" } },
  { "a version in single quotes is rejected",
    "version: '1'\n",
    { DOC ":1:10: 'version' expects the number 1, found a "
      "quoted string" } },
  { "a version given as a list is rejected",
    "version: [1]\n",
    { DOC ":1:10: 'version' expects the number 1, found a list" } },
  { "a version given as nothing is rejected",
    "version:\n",
    { DOC ":1:9: 'version' expects the number 1, found "
      "nothing (null)" } },
  { "version 2 is unsupported",
    "version: 2\n",
    { DOC ":1:10: unsupported policy version '2'; this "
      "hotinline reads version 1" } },
  { "version 1.0 is unsupported",
    "version: 1.0\n",
    { DOC ":1:10: unsupported policy version '1.0'; this "
      "hotinline reads version 1" } },
  { "a missing version is reported at the top mapping",
    "# no version\n"
    "functions:\n"
    "  - name: xas_descend\n",
    { DOC ":2:1: missing 'version: 1' at the top of the policy" } },

  /* Names, actions, severities and reasons.  */
  { "a missing name is reported at the entry",
    "version: 1\n"
    "functions:\n"
    "  - name: xas_load\n"
    "  - action: always_inline\n"
    "    severity: note\n",
    { DOC ":4:5: function entry has no 'name'; expected e.g. "
      "'name: xas_descend'" } },
  { "an unknown action in an entry suggests the closest",
    "version: 1\n"
    "functions:\n"
    "  - name: xas_descend\n"
    "    action: always-inline\n",
    { DOC ":4:13: unknown action 'always-inline'; did you mean "
      "'always_inline'?" } },
  { "an unknown action in 'defaults' suggests the closest",
    "version: 1\n"
    "defaults:\n"
    "  action: reprot\n",
    { DOC ":3:11: unknown action 'reprot'; did you mean "
      "'report'?" } },
  { "an unknown action without a close match lists the actions",
    "version: 1\n"
    "functions:\n"
    "  - name: xas_descend\n"
    "    action: inline\n",
    { DOC ":4:13: unknown action 'inline'; expected 'report' or "
      "'always_inline'" } },
  { "an unknown severity in an entry suggests the closest",
    "version: 1\n"
    "functions:\n"
    "  - name: xas_descend\n"
    "    severity: eror\n",
    { DOC ":4:15: unknown severity 'eror'; did you mean "
      "'error'?" } },
  { "an unknown severity in 'defaults' suggests the closest",
    "version: 1\n"
    "defaults:\n"
    "  severity: warnng\n",
    { DOC ":3:13: unknown severity 'warnng'; did you mean "
      "'warning'?" } },
  { "an unknown severity without a close match lists the severities",
    "version: 1\n"
    "functions:\n"
    "  - name: xas_descend\n"
    "    severity: fatal\n",
    { DOC ":4:15: unknown severity 'fatal'; expected 'note', "
      "'warning' or 'error'" } },
  { "action, severity and reason must be strings",
    "version: 1\n"
    "functions:\n"
    "  - name: xas_descend\n"
    "    action: [report]\n"
    "    severity:\n"
    "    reason: ~\n",
    { DOC ":4:13: 'action' expects a string, found a list",
      DOC ":5:14: 'severity' expects a string, found nothing "
      "(null)",
      DOC ":6:13: 'reason' expects a string, found nothing "
      "(null)" } },

  /* Patterns.  */
  { "an unclosed character class is a bad glob",
    "version: 1\n"
    "functions:\n"
    "  - name: \"x[ab\"\n",
    { DOC ":3:11: bad function name 'x[ab': '[' starts a "
      "character class that is never closed" } },
  { "a trailing backslash is a bad glob",
    "version: 1\n"
    "functions:\n"
    "  - name: 'xas_\\'\n",
    { DOC ":3:11: bad function name 'xas_\\': a trailing '\\' "
      "escapes nothing" } },
  /* As in fnmatch, a ']' right after '[' is a member of the class, so
     "[]" opens a class that is never closed.  */
  { "empty brackets are a bad glob",
    "version: 1\n"
    "functions:\n"
    "  - name: \"[]\"\n",
    { DOC ":3:11: bad function name '[]': '[' starts a "
      "character class that is never closed" } },
  { "bad globs in files and callers name the key",
    "version: 1\n"
    "functions:\n"
    "  - name: xas_descend\n"
    "    files: [lib/xarray.c, \"lib/[]\"]\n"
    "    callers: [\"xas_[!l\", xas_load]\n",
    { DOC ":4:27: bad pattern 'lib/[]' in 'files': '[' starts "
      "a character class that is never closed",
      DOC ":5:15: bad pattern 'xas_[!l' in 'callers': '[' "
      "starts a character class that is never closed" } },
  { "a function name with a slash is rejected",
    "version: 1\n"
    "functions:\n"
    "  - name: lib/xarray.c\n"
    "    callers: mm/filemap\n",
    { DOC ":3:11: bad function name 'lib/xarray.c': a function "
      "name cannot contain '/'",
      DOC ":4:14: bad pattern 'mm/filemap' in 'callers': a "
      "function name cannot contain '/'" } },
  { "an empty pattern is rejected",
    "version: 1\n"
    "functions:\n"
    "  - name: \"\"\n"
    "  - name: xas_descend\n"
    "    files: ''\n",
    { DOC ":3:11: bad function name '': empty pattern",
      DOC ":5:12: bad pattern '' in 'files': empty pattern" } },
  { "a pattern with white space or control characters is rejected",
    "version: 1\n"
    "functions:\n"
    "  - name: \" xas_descend\"\n"
    "  - name: \"xas_load\\t\"\n"
    "  - name: \"xas\\x01load\"\n",
    { DOC ":3:11: bad function name ' xas_descend': leading or "
      "trailing white space",
      DOC ":4:11: bad function name 'xas_load\t': leading or "
      "trailing white space",
      DOC ":5:11: bad function name 'xas\001load': control "
      "character in pattern" } },
  { "an empty list of files or callers is rejected",
    "version: 1\n"
    "functions:\n"
    "  - name: xas_descend\n"
    "    files: []\n"
    "    callers: [ ]\n",
    { DOC ":4:13: 'files' is an empty list; leave the key out to "
      "apply everywhere",
      DOC ":5:16: 'callers' is an empty list; leave the key out "
      "to apply everywhere" } },

  /* Duplicate keys; several errors.  */
  { "a duplicate key in an entry names the first",
    "version: 1\n"
    "functions:\n"
    "  - name: xas_descend\n"
    "    action: report\n"
    "    reason: hot\n"
    "    action: always_inline\n",
    { DOC ":6:5: duplicate key 'action'; first given at line 4" } },
  { "a duplicate key in a flow mapping names the first",
    "version: 1\n"
    "defaults: {severity: note, severity: error}\n",
    { DOC ":2:28: duplicate key 'severity'; first given at "
      "line 2" } },
  { "a duplicate key in the policy names the first",
    "version: 1\n"
    "functions: []\n"
    "version: 1\n",
    { DOC ":3:1: duplicate key 'version'; first given at line "
      "1" } },
  { "errors are reported in document order",
    "version: 1\n"
    "functions:\n"
    "  - name: xas_descend\n"
    "    actoin: report\n"
    "    severity: eror\n"
    "  - name: \"x[ab\"\n"
    "  - reason: forgot the name\n"
    "  - name: xas_load\n"
    "    files: []\n",
    { DOC ":4:5: unknown key 'actoin'; did you mean 'action'?",
      DOC ":5:15: unknown severity 'eror'; did you mean "
      "'error'?",
      DOC ":6:11: bad function name 'x[ab': '[' starts a "
      "character class that is never closed",
      DOC ":7:5: function entry has no 'name'; expected e.g. "
      "'name: xas_descend'",
      DOC ":9:13: 'files' is an empty list; leave the key out "
      "to apply everywhere" } },

  /* Documents that are not a policy.  */
  { "an empty file is an error",
    "",
    { DOC ":1:1: empty policy; expected a mapping "
      "starting with 'version: 1'" } },
  { "a whitespace-only file is an error",
    "   \n\n  \n",
    { DOC ":4:1: empty policy; expected a mapping starting "
      "with 'version: 1'" } },
  { "a comment-only file is an error",
    "# hotinline policy\n# (nothing yet)\n",
    { DOC ":3:1: empty policy; expected a mapping starting "
      "with 'version: 1'" } },
  { "a document that is nothing (null) is rejected",
    "---\n",
    { DOC ":2:1: expected a mapping with 'version: 1' and "
      "'functions', found nothing (null)" } },
  { "a document that is a scalar is rejected",
    "xas_descend\n",
    { DOC ":1:1: expected a mapping with 'version: 1' and "
      "'functions', found a scalar" } },
  { "a document that is a list is rejected",
    "- name: xas_descend\n",
    { DOC ":1:1: expected a mapping with 'version: 1' and "
      "'functions', found a list" } },

  /* Bytes that are not UTF-8.  0xff never occurs in UTF-8; 0x93 (a
     Windows-1252 quote) is a continuation byte with no leading byte.  */
  { "an invalid UTF-8 byte is located at the byte: a stray 0x93",
    "version: 1\n"
    "functions:\n"
    "  - name: xas_descend\n"
    "    reason: \x93hot\x94\n",
    { DOC ":4:13: not valid UTF-8: invalid leading UTF-8 octet" } },
  { "an invalid UTF-8 byte is located at the byte: 0xff",
    "version: 1\xff\n",
    { DOC ":1:11: not valid UTF-8: invalid leading UTF-8 octet" } },
  /* Columns count characters, not bytes.  */
  { "an invalid UTF-8 byte is located at the byte, in characters",
    "version: 1\n"
    "# caf\xc3\xa9 \xe2\x80\x94 \xff\n",
    { DOC ":2:10: not valid UTF-8: invalid leading UTF-8 octet" } },
  { "a truncated UTF-8 sequence at the end is located",
    "version: 1\n"
    "# caf\xc3",
    { DOC ":2:6: not valid UTF-8: incomplete UTF-8 octet "
      "sequence" } },

  /* YAML a policy does not use, and YAML syntax errors.  */
  { "an anchor on a mapping is rejected",
    "version: 1\n"
    "defaults: &d\n"
    "  action: report\n",
    { DOC ":2:11: YAML anchors and aliases are not allowed in a "
      "policy; write the value out" } },
  { "an anchor on a scalar is rejected before its alias",
    "version: 1\n"
    "functions:\n"
    "  - name: &n xas_descend\n"
    "    callers: *n\n",
    { DOC ":3:11: YAML anchors and aliases are not allowed in a "
      "policy; write the value out" } },
  { "an alias is rejected",
    "version: 1\n"
    "functions:\n"
    "  - name: xas_descend\n"
    "    reason: *why\n",
    { DOC ":4:13: YAML anchors and aliases are not allowed in a "
      "policy; write the value out" } },
  { "billion laughs is rejected at the first anchor",
    "version: 1\n"
    "a: &a [lol, lol, lol, lol, lol, lol, lol, lol, lol]\n"
    "b: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a]\n"
    "c: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b]\n",
    { DOC ":2:1: unknown key 'a' in the policy",
      DOC ":2:4: YAML anchors and aliases are not allowed in a "
      "policy; write the value out" } },
  { "a second document is rejected",
    "version: 1\n"
    "---\n"
    "version: 1\n",
    { DOC ":2:1: a policy file holds a single YAML document; "
      "found a second one" } },
  { "a YAML syntax error is located: bad indentation",
    "version: 1\n"
    "functions:\n"
    "  - name: xas_descend\n"
    "   action: report\n",
    { DOC ":4:4: invalid YAML: did not find expected '-' "
      "indicator (while parsing a block collection at line 3)" } },
  { "a YAML syntax error is located: an unclosed quote",
    "version: 1\n"
    "functions:\n"
    "  - name: \"xas_descend\n",
    { DOC ":4:1: invalid YAML: found unexpected end of stream "
      "(while scanning a quoted scalar at line 3)" } },
  { "a YAML syntax error is located: a tab",
    "version: 1\n"
    "functions:\n"
    "\t- name: xas_descend\n",
    { DOC ":3:1: invalid YAML: found character that cannot "
      "start any token (while scanning for the next token at "
      "line 3)" } },
  { "errors before a syntax error are kept",
    "version: 1\n"
    "functions: [xas_descend\n",
    { DOC ":2:13: each function entry must be a mapping with "
      "'name' and 'action', found a scalar",
      DOC ":3:1: invalid YAML: did not find expected ',' or ']' "
      "(while parsing a flow sequence at line 2)" } },
};

/* Row _i of the table, through the same check as ASSERT_LOAD_ERRORS.  */
START_TEST (test_load_error_table)
{
  const char *what = load_error_table[_i].what;
  const char *const *errors = load_error_table[_i].errors;
  size_t max = sizeof load_error_table[_i].errors / sizeof *errors - 1;
  ck_assert_msg (errors[0] && !errors[max],
		 "row %d, \"%s\": a row has 1 to %zu errors", _i, what, max);
  assert_load_errors_ (load_error_table[_i].doc,
		       strlen (load_error_table[_i].doc), errors,
		       fmt ("row %d, \"%s\"", _i, what));
}
END_TEST

START_TEST (test_duplicate_entry_within_a_file_names_the_first)
{
  bool ok;
  const char *doc = "version: 1\n"
		    "functions:\n"
		    "  - name: xas_descend\n"
		    "  - name: xas_load\n"
		    "  - name: xas_descend\n"
		    "    action: report\n"
		    "  - name: \"xas_*\"\n"
		    "  - {name: \"xas_*\"}\n";
  struct policy *p = load_n (doc, strlen (doc), &ok);
  ck_assert (!ok);
  ASSERT_ERRORS (p,
		 DOC ":5:11: duplicate entry for 'xas_descend'; first given "
		 "at " DOC ":3:11",
		 DOC ":8:12: duplicate entry for 'xas_*'; first given at "
		 DOC ":7:11");
  policy_free (p);
}
END_TEST

START_TEST (test_same_name_with_another_scope_is_not_a_duplicate)
{
  struct policy *p = load_ok ("version: 1\n"
			      "functions:\n"
			      "  - name: xas_descend\n"
			      "    files: lib/xarray.c\n"
			      "  - name: xas_descend\n"
			      "    files: lib/idr.c\n"
			      "  - name: xas_descend\n"
			      "    callers: xas_load\n"
			      "  - name: xas_descend\n");
  ck_assert_uint_eq (policy_entry_count (p), 4);
  policy_free (p);
}
END_TEST

START_TEST (test_document_with_an_error_adds_none_of_its_entries)
{
  bool ok;
  const char *doc = "version: 1\n"
		    "functions:\n"
		    "  - name: xas_load\n"
		    "  - name: xas_descend\n"
		    "    action: sometimes\n"
		    "  - name: xas_store\n";
  struct policy *p = load_n (doc, strlen (doc), &ok);
  ck_assert (!ok);
  ck_assert_uint_eq (policy_error_count (p), 1);
  ck_assert_uint_eq (policy_entry_count (p), 0);
  ck_assert (!policy_mentions (p, "xas_load"));
  policy_free (p);
}
END_TEST

/* Documents that hold NUL bytes, so not rows of the table: it takes a
   document's size with strlen.  */

START_TEST (test_nul_byte_is_an_error)
{
  ASSERT_LOAD_ERRORS ("version: 1\n\0functions: []\n",
		      DOC ":2:1: not valid UTF-8: control characters are not "
		      "allowed");
}
END_TEST

START_TEST (test_utf16_with_bom_is_rejected)
{
  /* "version: 1\n" in UTF-16LE and UTF-16BE, each with its BOM.  */
  ASSERT_LOAD_ERRORS ("\xff\xfev\0e\0r\0s\0i\0o\0n\0:\0 \0001\0\n\0",
		      DOC ":1:1: not valid UTF-8: invalid leading UTF-8 octet");
  ASSERT_LOAD_ERRORS ("\xfe\xff\0v\0e\0r\0s\0i\0o\0n\0:\0 \0001\0\n",
		      DOC ":1:1: not valid UTF-8: invalid leading UTF-8 octet");
}
END_TEST

/* Errors about the file itself.  */

START_TEST (test_missing_file_is_reported)
{
  const char *path = tmp_path ("nowhere.yaml");
  struct policy *p = policy_new ();
  ck_assert (!policy_load_file (p, path));
  ASSERT_ERRORS (p, fmt ("%s: cannot open policy: No such file or directory",
			 path));
  policy_free (p);
}
END_TEST

/* A relative path is resolved where the compiler runs, which need not be
   where the user is: the message says which directory was searched.  */
START_TEST (test_missing_relative_file_names_the_directory)
{
  char cwd[PATH_MAX];
  ck_assert_ptr_nonnull (getcwd (cwd, sizeof cwd));
  ck_assert_int_eq (chdir (tmpdir), 0);
  struct policy *p = policy_new ();
  ck_assert (!policy_load_file (p, "nowhere.yaml"));
  ASSERT_ERRORS (p, fmt ("nowhere.yaml: cannot open policy: No such file or "
			 "directory (relative to the working directory '%s';"
			 " give the policy as an absolute path)", tmpdir));
  policy_free (p);
  ck_assert_int_eq (chdir (cwd), 0);
}
END_TEST

START_TEST (test_directory_is_rejected)
{
  struct policy *p = policy_new ();
  ck_assert (!policy_load_file (p, tmpdir));
  ASSERT_ERRORS (p, fmt ("%s: policy is not a regular file (a directory)",
			 tmpdir));
  policy_free (p);
}
END_TEST

START_TEST (test_fifo_is_rejected_without_waiting_for_a_writer)
{
  const char *path = tmp_path ("fifo.yaml");
  ck_assert_msg (mkfifo (path, 0600) == 0, "mkfifo: %s", strerror (errno));
  struct policy *p = policy_new ();
  ck_assert (!policy_load_file (p, path));
  ASSERT_ERRORS (p, fmt ("%s: policy is not a regular file (a FIFO)", path));
  policy_free (p);
}
END_TEST

START_TEST (test_device_is_rejected)
{
  struct policy *p = policy_new ();
  ck_assert (!policy_load_file (p, "/dev/null"));
  ASSERT_ERRORS (p, "/dev/null: policy is not a regular file (a device or "
		 "socket)");
  policy_free (p);
}
END_TEST

START_TEST (test_unreadable_file_is_reported)
{
  const char *path = write_file ("secret.yaml", "version: 1\n");
  ck_assert (chmod (path, 0) == 0);
  const char *expected = fmt ("%s: cannot open policy: Permission denied",
			      path);
  if (geteuid () == 0)
    {
      /* root reads everything: read it as nobody, in a child.  */
      pid_t pid = fork ();
      ck_assert_int_ge (pid, 0);
      if (pid == 0)
	{
	  if (setgid (65534) != 0 || setuid (65534) != 0)
	    _exit (2);
	  struct policy *p = policy_new ();
	  bool ok = policy_load_file (p, path);
	  _exit (!ok && policy_error_count (p) == 1
		 && strcmp (policy_error_message (p, 0), expected) == 0
		 ? 0 : 1);
	}
      int status;
      ck_assert_int_eq (waitpid (pid, &status, 0), pid);
      ck_assert_msg (WIFEXITED (status) && WEXITSTATUS (status) == 0,
		     "as nobody, '%s' was not the one error (status %d)",
		     expected, status);
      return;
    }
  struct policy *p = policy_new ();
  ck_assert (!policy_load_file (p, path));
  ASSERT_ERRORS (p, expected);
  policy_free (p);
}
END_TEST

START_TEST (test_errors_of_a_file_name_the_path_as_given)
{
  const char *path = write_file ("typo.yaml",
				 "version: 1\n"
				 "functions:\n"
				 "  - nmae: xas_descend\n");
  struct policy *p = policy_new ();
  ck_assert (!policy_load_file (p, path));
  ASSERT_ERRORS (p,
		 fmt ("%s:3:5: unknown key 'nmae'; did you mean 'name'?", path),
		 fmt ("%s:3:5: function entry has no 'name'; expected e.g. "
		      "'name: xas_descend'", path));
  policy_free (p);
}
END_TEST

/* Merging.  */

START_TEST (test_identical_entries_in_two_files_merge_silently)
{
  struct policy *p = policy_new ();
  const char *a = write_file ("a.yaml",
			      "version: 1\n"
			      "functions:\n"
			      "  - name: xas_descend\n"
			      "    action: always_inline\n"
			      "    severity: error\n"
			      "    files: [lib/xarray.c, lib/idr.c]\n"
			      "    reason: from a\n");
  const char *b = write_file ("b.yaml",
			      "version: 1\n"
			      "defaults: {action: always_inline}\n"
			      "functions:\n"
			      "  - name: xas_descend\n"
			      "    severity: error\n"
			      "    files: [lib/idr.c, lib/xarray.c]\n"
			      "    reason: from b\n");
  ck_assert (policy_load_file (p, a));
  ck_assert (policy_load_file (p, b));
  ck_assert_uint_eq (policy_error_count (p), 0);
  ck_assert_uint_eq (policy_entry_count (p), 1);
  const struct policy_entry *e = policy_entry_at (p, 0);
  ck_assert_str_eq (e->loc.file, a);
  ck_assert_str_eq (e->reason, "from a");
  policy_free (p);
}
END_TEST

START_TEST (test_identical_glob_entries_in_two_files_merge_silently)
{
  struct policy *p = policy_new ();
  const char *doc = "version: 1\nfunctions:\n  - name: \"xas_*\"\n";
  ck_assert (policy_load_buffer (p, "a.yaml", doc, strlen (doc)));
  ck_assert (policy_load_buffer (p, "b.yaml", doc, strlen (doc)));
  ck_assert_uint_eq (policy_entry_count (p), 1);
  ck_assert_uint_eq (policy_error_count (p), 0);
  policy_free (p);
}
END_TEST

START_TEST (test_conflicting_actions_across_files_name_both_locations)
{
  struct policy *p = policy_new ();
  const char *a = write_file ("a.yaml",
			      "version: 1\n"
			      "functions:\n"
			      "  - name: xas_descend\n"
			      "    action: report\n");
  const char *b = write_file ("b.yaml",
			      "version: 1\n"
			      "functions:\n"
			      "  - name: xas_load\n"
			      "  - name: xas_descend\n"
			      "    action: always_inline\n");
  ck_assert (policy_load_file (p, a));
  ck_assert (!policy_load_file (p, b));
  ASSERT_ERRORS (p, fmt ("%s:4:11: conflicting entries for 'xas_descend': "
			 "action 'always_inline' here, 'report' at %s:3:11",
			 b, a));
  const struct policy_entry *e = policy_lookup (p, "xas_descend", NULL, NULL);
  ck_assert_ptr_nonnull (e);
  ck_assert_int_eq (e->action, POLICY_ACTION_REPORT);
  ck_assert_str_eq (e->loc.file, a);
  policy_free (p);
}
END_TEST

START_TEST (test_conflicting_severities_across_files_name_both_locations)
{
  struct policy *p = policy_new ();
  const char *a = write_file ("a.yaml",
			      "version: 1\n"
			      "functions:\n"
			      "  - name: \"xas_*\"\n"
			      "    files: lib/xarray.c\n");
  const char *b = write_file ("b.yaml",
			      "version: 1\n"
			      "defaults:\n"
			      "  severity: note\n"
			      "functions:\n"
			      "  - files: [lib/xarray.c]\n"
			      "    name: \"xas_*\"\n");
  ck_assert (policy_load_file (p, a));
  ck_assert (!policy_load_file (p, b));
  ASSERT_ERRORS (p, fmt ("%s:6:11: conflicting entries for 'xas_*': "
			 "severity 'note' here, 'warning' at %s:3:11", b, a));
  policy_free (p);
}
END_TEST

START_TEST (test_action_conflict_is_reported_rather_than_severity)
{
  struct policy *p = policy_new ();
  const char *a = "version: 1\nfunctions:\n  - name: f\n";
  const char *b = "version: 1\nfunctions:\n  - {name: f, action: "
		  "always_inline, severity: error}\n";
  ck_assert (policy_load_buffer (p, "a.yaml", a, strlen (a)));
  ck_assert (!policy_load_buffer (p, "b.yaml", b, strlen (b)));
  ASSERT_ERRORS (p, "b.yaml:3:12: conflicting entries for 'f': action "
		 "'always_inline' here, 'report' at a.yaml:3:11");
  policy_free (p);
}
END_TEST

START_TEST (test_scope_lists_compare_as_sets)
{
  struct policy *p = policy_new ();
  const char *a = "version: 1\nfunctions:\n  - name: f\n"
		  "    callers: [g, h]\n";
  const char *b = "version: 1\nfunctions:\n  - name: f\n"
		  "    callers: [h, g]\n    action: always_inline\n";
  ck_assert (policy_load_buffer (p, "a.yaml", a, strlen (a)));
  ck_assert (!policy_load_buffer (p, "b.yaml", b, strlen (b)));
  ASSERT_ERRORS (p, "b.yaml:3:11: conflicting entries for 'f': action "
		 "'always_inline' here, 'report' at a.yaml:3:11");
  policy_free (p);
}
END_TEST

START_TEST (test_entries_with_different_scopes_do_not_conflict)
{
  struct policy *p = policy_new ();
  const char *a = "version: 1\nfunctions:\n  - name: f\n"
		  "    files: a.c\n";
  const char *b = "version: 1\nfunctions:\n  - name: f\n"
		  "    files: b.c\n    action: always_inline\n"
		  "  - name: f\n    callers: g\n    action: always_inline\n";
  ck_assert (policy_load_buffer (p, "a.yaml", a, strlen (a)));
  ck_assert (policy_load_buffer (p, "b.yaml", b, strlen (b)));
  ck_assert_uint_eq (policy_error_count (p), 0);
  ck_assert_uint_eq (policy_entry_count (p), 3);
  policy_free (p);
}
END_TEST

START_TEST (test_same_file_under_two_spellings_loads_once)
{
  const char *doc = "version: 1\n"
		    "functions:\n"
		    "  - name: xas_descend\n";
  const char *path = write_file ("x.yaml", doc);
  const char *dotted = tmp_path ("./x.yaml");
  const char *dir = strrchr (tmpdir, '/') + 1;
  const char *roundabout = tmp_path (fmt ("../%s/x.yaml", dir));
  struct policy *p = policy_new ();
  ck_assert (policy_load_file (p, path));
  ck_assert (policy_load_file (p, dotted));
  ck_assert (policy_load_file (p, roundabout));
  ck_assert_uint_eq (policy_error_count (p), 0);
  ck_assert_uint_eq (policy_entry_count (p), 1);
  ck_assert_str_eq (policy_entry_at (p, 0)->loc.file, path);
  policy_free (p);
}
END_TEST

START_TEST (test_relative_and_dotted_paths_are_the_same_file)
{
  char cwd[4096];
  write_file ("x.yaml", "version: 1\nfunctions:\n  - name: f\n");
  ck_assert (getcwd (cwd, sizeof cwd));
  ck_assert (chdir (tmpdir) == 0);
  struct policy *p = policy_new ();
  ck_assert (policy_load_file (p, "./x.yaml"));
  ck_assert (policy_load_file (p, "x.yaml"));
  ck_assert_uint_eq (policy_error_count (p), 0);
  ck_assert_uint_eq (policy_entry_count (p), 1);
  ck_assert_str_eq (policy_entry_at (p, 0)->loc.file, "./x.yaml");
  policy_free (p);
  ck_assert (chdir (cwd) == 0);
}
END_TEST

START_TEST (test_hard_link_is_the_same_file)
{
  const char *path = write_file ("x.yaml",
				 "version: 1\nfunctions:\n  - name: f\n");
  const char *link_path = tmp_path ("y.yaml");
  ck_assert (link (path, link_path) == 0);
  struct policy *p = policy_new ();
  ck_assert (policy_load_file (p, path));
  ck_assert (policy_load_file (p, link_path));
  ck_assert_uint_eq (policy_error_count (p), 0);
  ck_assert_uint_eq (policy_entry_count (p), 1);
  policy_free (p);
}
END_TEST

START_TEST (test_same_buffer_name_loaded_twice_is_a_duplicate)
{
  /* Buffers have no file identity: only the name tells them apart.  */
  struct policy *p = policy_new ();
  const char *doc = "version: 1\nfunctions:\n  - name: f\n";
  ck_assert (policy_load_buffer (p, DOC, doc, strlen (doc)));
  ck_assert (!policy_load_buffer (p, DOC, doc, strlen (doc)));
  ASSERT_ERRORS (p, DOC ":3:11: duplicate entry for 'f'; first given at "
		 DOC ":3:11");
  policy_free (p);
}
END_TEST

/* Limits.  */

START_TEST (test_error_collection_stops_at_50)
{
  struct text t = { 0 };
  text_add (&t, "version: 1\nfunctions:\n");
  for (int i = 0; i < 60; i++)
    text_add (&t, "  - name: f%d\n    actoin: report\n", i);
  bool ok;
  struct policy *p = load_n (t.s, t.len, &ok);
  ck_assert (!ok);
  ck_assert_uint_eq (policy_error_count (p), 50);
  ck_assert_uint_eq (POLICY_MAX_ERRORS, 50);
  ck_assert_str_eq (policy_error_message (p, 0),
		    DOC ":4:5: unknown key 'actoin'; did you mean 'action'?");
  ck_assert_str_eq (policy_error_message (p, 49),
		    DOC ":102:5: unknown key 'actoin'; did you mean "
		    "'action'?");
  ck_assert_ptr_null (policy_error_message (p, 50));
  ck_assert_uint_eq (policy_entry_count (p), 0);
  policy_free (p);
  free (t.s);
}
END_TEST

START_TEST (test_error_limit_holds_across_files)
{
  struct text t = { 0 };
  text_add (&t, "version: 1\nfunctions:\n");
  for (int i = 0; i < 60; i++)
    text_add (&t, "  - {name: f%d, severity: fatal}\n", i);
  struct policy *p = policy_new ();
  ck_assert (!policy_load_buffer (p, "a.yaml", t.s, t.len));
  ck_assert (!policy_load_file (p, tmp_path ("missing.yaml")));
  ck_assert_uint_eq (policy_error_count (p), 50);
  policy_free (p);
  free (t.s);
}
END_TEST

static char *
repeat (const char *prefix, char c, size_t n, size_t *size)
{
  size_t lp = strlen (prefix);
  char *s = malloc (lp + n + 2);
  ck_assert (s);
  memcpy (s, prefix, lp);
  memset (s + lp, c, n);
  s[lp + n] = '\n';
  s[lp + n + 1] = '\0';
  *size = lp + n + 1;
  return s;
}

static void
assert_errors_n (const char *data, size_t size, const char *const *expected,
		 int line)
{
  assert_load_errors_ (data, size, expected, fmt ("line %d", line));
}

#define ASSERT_LOAD_ERRORS_N(data, size, ...)				\
  assert_errors_n ((data), (size),					\
		   (const char *const[]) { __VA_ARGS__, NULL }, __LINE__)

START_TEST (test_deep_nesting_is_an_error_not_a_crash)
{
  size_t size;
  char *s = repeat ("version: 1\nfunctions: ", '[', 100000, &size);
  ASSERT_LOAD_ERRORS_N (s, size,
			DOC ":2:13: each function entry must be a mapping "
			"with 'name' and 'action', found a list",
			DOC ":2:29: nesting too deep for a policy");
  free (s);

  s = repeat ("version: 1\nfunctions:\n  - name: f\n    files: ", '[',
	      100000, &size);
  ASSERT_LOAD_ERRORS_N (s, size,
			DOC ":4:13: 'files' expects a string, found a list",
			DOC ":4:29: nesting too deep for a policy");
  free (s);

  s = repeat ("", '{', 100000, &size);
  ASSERT_LOAD_ERRORS_N (s, size,
			DOC ":1:2: expected a key of the policy, found a "
			"mapping",
			DOC ":1:18: nesting too deep for a policy");
  free (s);

  s = repeat ("", '[', 100000, &size);
  ASSERT_LOAD_ERRORS_N (s, size,
			DOC ":1:1: expected a mapping with 'version: 1' and "
			"'functions', found a list");
  free (s);
}
END_TEST

START_TEST (test_deep_block_nesting_is_an_error)
{
  struct text t = { 0 };
  text_add (&t, "version: 1\nfunctions:\n");
  for (int i = 0; i < 3000; i++)
    text_add (&t, "%*s- \n", i, "");
  ASSERT_LOAD_ERRORS_N (t.s, t.len,
			DOC ":4:2: each function entry must be a mapping with "
			"'name' and 'action', found a list",
			DOC ":20:18: nesting too deep for a policy");
  free (t.s);
}
END_TEST

/* A policy of N entries func_0 ... func_N-1, each scoped to a file of its
   own, with every third one always_inline.  */
static struct text
many_entries (int n, const char *name_suffix)
{
  struct text t = { 0 };
  text_add (&t, "version: 1\nfunctions:\n");
  for (int i = 0; i < n; i++)
    text_add (&t,
	      "  - name: \"func_%d%s\"\n"
	      "    action: %s\n"
	      "    files: lib/f%d.c\n"
	      "    reason: entry %d\n",
	      i, name_suffix, i % 3 ? "report" : "always_inline", i, i);
  return t;
}

START_TEST (test_ten_thousand_entries_load)
{
  struct text t = many_entries (10000, "");
  bool ok;
  struct policy *p = load_n (t.s, t.len, &ok);
  ck_assert_msg (ok, "%s", policy_error_message (p, 0));
  ck_assert_uint_eq (policy_entry_count (p), 10000);
  policy_free (p);
  free (t.s);
}
END_TEST

START_TEST (test_exact_name_is_found_among_ten_thousand_entries)
{
  struct text t = many_entries (10000, "");
  bool ok;
  struct policy *p = load_n (t.s, t.len, &ok);
  ck_assert (ok);
  const struct policy_entry *e
    = policy_lookup (p, "func_4242", NULL, "src/lib/f4242.c");
  ck_assert_ptr_nonnull (e);
  ck_assert_str_eq (e->name.text, "func_4242");
  ck_assert_int_eq (e->action, POLICY_ACTION_ALWAYS_INLINE);
  ck_assert_str_eq (e->reason, "entry 4242");
  ASSERT_LOC (e->name_loc, 3 + 4 * 4242, 11);
  e = policy_lookup (p, "func_9999.constprop.0", "main", "lib/f9999.c");
  ck_assert_ptr_nonnull (e);
  ck_assert_int_eq (e->action, POLICY_ACTION_ALWAYS_INLINE);
  ck_assert_ptr_null (policy_lookup (p, "func_4242", NULL, "lib/f4243.c"));
  ck_assert_ptr_null (policy_lookup (p, "func_10000", NULL, "lib/f1.c"));
  ck_assert (policy_mentions (p, "func_0"));
  ck_assert (!policy_mentions (p, "func_"));
  policy_free (p);
  free (t.s);
}
END_TEST

START_TEST (test_ten_thousand_glob_entries_load_in_reasonable_time)
{
  /* Merging compares each glob with the earlier ones, so this case is
     quadratic; the test case's timeout bounds it (make bench measures).  */
  struct text t = many_entries (10000, "_*");
  bool ok;
  struct policy *p = load_n (t.s, t.len, &ok);
  ck_assert (ok);
  ck_assert_uint_eq (policy_entry_count (p), 10000);
  const struct policy_entry *e
    = policy_lookup (p, "func_77_walk", NULL, "lib/f77.c");
  ck_assert_ptr_nonnull (e);
  ck_assert_str_eq (e->name.text, "func_77_*");
  policy_free (p);
  free (t.s);
}
END_TEST

START_TEST (test_file_over_16_mib_is_rejected_before_reading)
{
  const char *path = tmp_path ("huge.yaml");
  int fd = open (path, O_WRONLY | O_CREAT | O_TRUNC, 0600);
  ck_assert (fd >= 0);
  ck_assert (ftruncate (fd, (16 << 20) + 1) == 0);
  close (fd);
  struct policy *p = policy_new ();
  ck_assert (!policy_load_file (p, path));
  ASSERT_ERRORS (p, fmt ("%s: policy is too large (16777217 bytes; the "
			 "limit is 16 MiB)", path));
  policy_free (p);
}
END_TEST

START_TEST (test_file_of_exactly_16_mib_is_read)
{
  size_t size = 16 << 20;
  char *data = malloc (size);
  ck_assert (data);
  memset (data, '\n', size);
  memcpy (data, "version: 1\n# padding\n", 21);
  const char *path = write_file_n ("big.yaml", data, size);
  free (data);
  struct policy *p = policy_new ();
  ck_assert_msg (policy_load_file (p, path), "%s",
		 policy_error_message (p, 0));
  policy_free (p);
}
END_TEST

/* Regressions: each of these once failed.  */

START_TEST (test_utf8_bom_before_a_block_mapping_is_ignored)
{
  struct policy *p = load_ok ("\xef\xbb\xbfversion: 1\n"
			      "functions:\n"
			      "  - name: xas_descend\n");
  ck_assert_uint_eq (policy_entry_count (p), 1);
  policy_free (p);
}
END_TEST

START_TEST (test_utf8_bom_does_not_count_as_a_column)
{
  ASSERT_LOAD_ERRORS ("\xef\xbb\xbfversion: 2\n",
		      DOC ":1:10: unsupported policy version '2'; this "
		      "hotinline reads version 1");
}
END_TEST

START_TEST (test_latin1_letter_is_located_at_its_byte)
{
  /* 0xe9 is "e acute" in Latin-1: the bad byte is in column 12, the 'o'
     after it is fine.  */
  bool ok;
  const char *doc = "version: 1\nfunctions:\n  - name: f\xe9o\n";
  struct policy *p = load_n (doc, strlen (doc), &ok);
  ck_assert (!ok);
  ck_assert_uint_eq (policy_error_count (p), 1);
  ck_assert_msg (strncmp (policy_error_message (p, 0), DOC ":3:12: ",
			  strlen (DOC ":3:12: ")) == 0,
		 "%s", policy_error_message (p, 0));
  policy_free (p);
}
END_TEST

START_TEST (test_list_of_only_bad_patterns_is_not_also_empty)
{
  ASSERT_LOAD_ERRORS ("version: 1\n"
		      "functions:\n"
		      "  - name: xas_descend\n"
		      "    files: [\"x[ab\"]\n",
		      DOC ":4:13: bad pattern 'x[ab' in 'files': '[' starts a "
		      "character class that is never closed");
}
END_TEST

START_TEST (test_file_with_a_duplicate_entry_adds_no_entries)
{
  bool ok;
  const char *doc = "version: 1\nfunctions:\n  - name: a\n  - name: b\n"
		    "  - name: a\n";
  struct policy *p = load_n (doc, strlen (doc), &ok);
  ck_assert (!ok);
  ck_assert_uint_eq (policy_entry_count (p), 0);
  policy_free (p);
}
END_TEST

START_TEST (test_file_with_a_conflict_adds_no_entries)
{
  struct policy *p = policy_new ();
  const char *a = "version: 1\nfunctions:\n  - name: f\n";
  const char *b = "version: 1\nfunctions:\n  - name: g\n"
		  "  - name: f\n    action: always_inline\n";
  ck_assert (policy_load_buffer (p, "a.yaml", a, strlen (a)));
  ck_assert (!policy_load_buffer (p, "b.yaml", b, strlen (b)));
  ck_assert_uint_eq (policy_entry_count (p), 1);
  ck_assert (!policy_mentions (p, "g"));
  policy_free (p);
}
END_TEST

START_TEST (test_duplicate_in_a_file_is_found_when_an_earlier_file_agrees)
{
  struct policy *p = policy_new ();
  const char *a = "version: 1\nfunctions:\n  - name: f\n";
  const char *b = "version: 1\nfunctions:\n  - name: f\n  - name: f\n";
  ck_assert (policy_load_buffer (p, "a.yaml", a, strlen (a)));
  ck_assert (!policy_load_buffer (p, "b.yaml", b, strlen (b)));
  ASSERT_ERRORS (p, "b.yaml:4:11: duplicate entry for 'f'; first given at "
		 "b.yaml:3:11");
  policy_free (p);
}
END_TEST

START_TEST (test_bad_file_fails_after_the_error_limit)
{
  struct text t = { 0 };
  text_add (&t, "version: 1\nfunctions:\n");
  for (int i = 0; i < 60; i++)
    text_add (&t, "  - {name: f%d, severity: fatal}\n", i);
  struct policy *p = policy_new ();
  ck_assert (!policy_load_buffer (p, "a.yaml", t.s, t.len));
  const char *b = "version: 1\nfunctions:\n  - name: g\n    action: bogus\n";
  ck_assert (!policy_load_buffer (p, "b.yaml", b, strlen (b)));
  ck_assert (!policy_mentions (p, "g"));
  policy_free (p);
  free (t.s);
}
END_TEST

static TCase *
tmp_tcase (const char *name)
{
  TCase *tc = runner_tcase (name);
  tcase_add_unchecked_fixture (tc, case_setup, case_teardown);
  tcase_add_checked_fixture (tc, tmp_setup, tmp_teardown);
  return tc;
}

Suite *
policy_load_suite (void)
{
  Suite *s = runner_suite ("Policy loading");
  TCase *tc;

  tc = tmp_tcase ("Valid documents");
  tcase_add_test (tc, test_minimal_policy_needs_only_the_version);
  tcase_add_test (tc, test_empty_policy_object_has_no_entries_and_no_errors);
  tcase_add_test (tc, test_entry_without_action_or_severity_reports_as_warning);
  tcase_add_test (tc, test_entry_reads_every_field);
  tcase_add_test (tc, test_weight_is_read_as_millionths_of_the_total);
  tcase_add_test (tc, test_weight_prints_in_its_shortest_form);
  tcase_add_test (tc, test_bad_weights_are_rejected_where_they_are);
  tcase_add_test (tc,
		  test_defaults_before_functions_apply_to_entries_that_omit_them);
  tcase_add_test (tc, test_defaults_after_functions_apply_too);
  tcase_add_test (tc, test_defaults_may_give_only_the_severity);
  tcase_add_test (tc, test_defaults_of_one_file_do_not_apply_to_another);
  tcase_add_test (tc, test_files_and_callers_accept_a_single_scalar);
  tcase_add_test (tc, test_files_and_callers_accept_a_block_list);
  tcase_add_test (tc, test_reason_is_kept_verbatim);
  tcase_add_test (tc, test_flow_style_document_loads);
  tcase_add_test (tc, test_comments_are_ignored_everywhere);
  tcase_add_test (tc, test_explicit_document_markers_are_accepted);
  tcase_add_test (tc, test_utf8_bom_before_a_comment_is_ignored);
  tcase_add_test (tc, test_utf8_bom_before_a_flow_mapping_is_ignored);
  tcase_add_test (tc, test_crlf_line_ends_are_accepted);
  tcase_add_test (tc, test_crlf_line_ends_give_the_same_error_locations);
  tcase_add_test (tc, test_policy_file_is_read_from_disk);
  tcase_add_test (tc, test_entries_of_several_files_keep_policy_order);
  runner_add_tcase (s, tc);

  tc = tmp_tcase ("Errors");
  tcase_add_loop_test (tc, test_load_error_table, 0,
		       sizeof load_error_table / sizeof *load_error_table);
  tcase_add_test (tc, test_duplicate_entry_within_a_file_names_the_first);
  tcase_add_test (tc, test_same_name_with_another_scope_is_not_a_duplicate);
  tcase_add_test (tc, test_document_with_an_error_adds_none_of_its_entries);
  tcase_add_test (tc, test_nul_byte_is_an_error);
  tcase_add_test (tc, test_utf16_with_bom_is_rejected);
  tcase_add_test (tc, test_missing_file_is_reported);
  tcase_add_test (tc, test_missing_relative_file_names_the_directory);
  tcase_add_test (tc, test_directory_is_rejected);
  tcase_add_test (tc, test_fifo_is_rejected_without_waiting_for_a_writer);
  tcase_add_test (tc, test_device_is_rejected);
  tcase_add_test (tc, test_unreadable_file_is_reported);
  tcase_add_test (tc, test_errors_of_a_file_name_the_path_as_given);
  runner_add_tcase (s, tc);

  tc = tmp_tcase ("Merging");
  tcase_add_test (tc, test_identical_entries_in_two_files_merge_silently);
  tcase_add_test (tc, test_identical_glob_entries_in_two_files_merge_silently);
  tcase_add_test (tc, test_conflicting_actions_across_files_name_both_locations);
  tcase_add_test (tc,
		  test_conflicting_severities_across_files_name_both_locations);
  tcase_add_test (tc, test_action_conflict_is_reported_rather_than_severity);
  tcase_add_test (tc, test_scope_lists_compare_as_sets);
  tcase_add_test (tc, test_entries_with_different_scopes_do_not_conflict);
  tcase_add_test (tc, test_same_file_under_two_spellings_loads_once);
  tcase_add_test (tc, test_relative_and_dotted_paths_are_the_same_file);
  tcase_add_test (tc, test_hard_link_is_the_same_file);
  tcase_add_test (tc, test_same_buffer_name_loaded_twice_is_a_duplicate);
  runner_add_tcase (s, tc);

  tc = tmp_tcase ("Limits");
  tcase_set_timeout (tc, SLOW_TIMEOUT);
  tcase_add_test (tc, test_error_collection_stops_at_50);
  tcase_add_test (tc, test_error_limit_holds_across_files);
  tcase_add_test (tc, test_deep_nesting_is_an_error_not_a_crash);
  tcase_add_test (tc, test_deep_block_nesting_is_an_error);
  tcase_add_test (tc, test_ten_thousand_entries_load);
  tcase_add_test (tc, test_exact_name_is_found_among_ten_thousand_entries);
  tcase_add_test (tc, test_ten_thousand_glob_entries_load_in_reasonable_time);
  tcase_add_test (tc, test_file_over_16_mib_is_rejected_before_reading);
  tcase_add_test (tc, test_file_of_exactly_16_mib_is_read);
  runner_add_tcase (s, tc);

    {
      tc = tmp_tcase ("Regressions");
      tcase_add_test (tc, test_utf8_bom_before_a_block_mapping_is_ignored);
      tcase_add_test (tc, test_utf8_bom_does_not_count_as_a_column);
      tcase_add_test (tc, test_latin1_letter_is_located_at_its_byte);
      tcase_add_test (tc, test_list_of_only_bad_patterns_is_not_also_empty);
      tcase_add_test (tc, test_file_with_a_duplicate_entry_adds_no_entries);
      tcase_add_test (tc, test_file_with_a_conflict_adds_no_entries);
      tcase_add_test (tc,
		      test_duplicate_in_a_file_is_found_when_an_earlier_file_agrees);
      tcase_add_test (tc, test_bad_file_fails_after_the_error_limit);
      runner_add_tcase (s, tc);
    }
  return s;
}

/* Patterns and lookup.  */
