/* What the policy core's unit suites share (policy-helpers.h).  */
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

/* Helpers.  */

/* Text built with printf; a few stay valid at a time.  */
const char *
fmt (const char *format, ...)
{
  static char bufs[8][4096];
  static unsigned k;
  char *b = bufs[k++ % 8];
  va_list ap;
  va_start (ap, format);
  int n = vsnprintf (b, sizeof bufs[0], format, ap);
  va_end (ap);
  ck_assert_msg (n >= 0 && (size_t) n < sizeof bufs[0], "fmt overflow");
  return b;
}

/* Load DATA[0..SIZE) as "t.yaml" into a new policy.  */
struct policy *
load_n (const char *data, size_t size, bool *ok)
{
  struct policy *p = policy_new ();
  *ok = policy_load_buffer (p, DOC, data, size);
  return p;
}

/* Load a NUL-terminated document that must be valid.  */
struct policy *
load_ok (const char *doc)
{
  bool ok;
  struct policy *p = load_n (doc, strlen (doc), &ok);
  ck_assert_msg (ok && policy_error_count (p) == 0,
		 "document rejected: %s", policy_error_message (p, 0));
  return p;
}

/* Check that P holds exactly the errors EXPECTED (NULL-terminated), in that
   order.  WHERE names the check in the failure message: the caller's line,
   or a table's row.  */
void
check_errors (const struct policy *p, const char *const *expected,
	      const char *where)
{
  size_t n = 0;
  for (; expected[n]; n++)
    {
      const char *got = policy_error_message (p, n);
      ck_assert_msg (got, "%s: error %zu missing; expected \"%s\"", where,
		     n, expected[n]);
      ck_assert_msg (strcmp (got, expected[n]) == 0,
		     "%s: error %zu is\n  \"%s\"\nexpected\n  \"%s\"", where,
		     n, got, expected[n]);
    }
  ck_assert_msg (policy_error_count (p) == n,
		 "%s: %zu errors expected, %zu reported; next: \"%s\"",
		 where, n, policy_error_count (p), policy_error_message (p, n));
}

/* Load DATA[0..SIZE) and check that it fails with exactly EXPECTED and
   contributes no entry.  */
void
assert_load_errors_ (const char *data, size_t size,
		     const char *const *expected, const char *where)
{
  bool ok;
  struct policy *p = load_n (data, size, &ok);
  ck_assert_msg (!ok, "%s: document loaded without error", where);
  check_errors (p, expected, where);
  ck_assert_msg (policy_entry_count (p) == 0,
		 "%s: a rejected document left %zu entries", where,
		 policy_entry_count (p));
  policy_free (p);
}

/* The entry named NAME (the first one), or a test failure.  */
const struct policy_entry *
entry_named (const struct policy *p, const char *name)
{
  for (size_t i = 0; i < policy_entry_count (p); i++)
    if (strcmp (policy_entry_at (p, i)->name.text, name) == 0)
      return policy_entry_at (p, i);
  ck_abort_msg ("no entry named '%s'", name);
  return NULL;
}

/* Patterns.  */

/* Whether the function-name pattern PAT matches NAME.  */
bool
name_matches (const char *pat, const char *name)
{
  struct policy_pattern pp;
  const char *problem = policy_pattern_init (&pp, pat, POLICY_PATTERN_FUNCTION);
  ck_assert_msg (!problem, "pattern '%s': %s", pat, problem);
  bool m = policy_pattern_matches_name (&pp, name);
  policy_pattern_fini (&pp);
  return m;
}

/* Whether the path pattern PAT matches PATH.  */
bool
path_matches (const char *pat, const char *path)
{
  struct policy_pattern pp;
  const char *problem = policy_pattern_init (&pp, pat, POLICY_PATTERN_PATH);
  ck_assert_msg (!problem, "pattern '%s': %s", pat, problem);
  bool m = policy_pattern_matches_path (&pp, path);
  policy_pattern_fini (&pp);
  return m;
}

/* The lookup tests' policy.  */

const char lookup_policy[] =
  "version: 1\n"
  "functions:\n"
  "  - name: \"xas_*\"\n"		/* 3 */
  "    severity: note\n"
  "  - name: xas_load\n"		/* 5 */
  "    action: always_inline\n"
  "  - name: \"*_load\"\n"		/* 7 */
  "    severity: error\n"
  "  - name: xa_load\n"		/* 9 */
  "    files: lib/xarray.c\n"
  "  - name: xa_load\n"		/* 11 */
  "    callers: [\"radix_*\", idr_find]\n"
  "  - name: xa_load\n"		/* 13 */
  "    action: always_inline\n"
  "  - name: \"slot_*\"\n"		/* 15 */
  "    files: [\"mm/*.c\", lib/radix-tree.c]\n"
  "  - name: \"slot_*\"\n"		/* 17 */
  "    callers: walk_tree\n"
  "    severity: error\n";

struct policy *
load_lookup_policy (void)
{
  return load_ok (lookup_policy);
}

/* The line of the name of the entry found, or 0 for none.  */
unsigned
found_line (const struct policy *p, const char *function, const char *caller,
	    const char *unit)
{
  const struct policy_entry *e = policy_lookup (p, function, caller, unit);
  return e ? e->name_loc.line : 0;
}
