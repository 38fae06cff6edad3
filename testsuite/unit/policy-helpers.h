/* What the policy core's unit suites share (policy-load.c, policy-lookup.c,
   policy-match.c, cxx-names.c): documents loaded from memory, their errors
   compared exactly, patterns matched, and a policy to look names up in.  */
#ifndef HOTINLINE_UNIT_POLICY_HELPERS_H
#define HOTINLINE_UNIT_POLICY_HELPERS_H

#include <stdbool.h>
#include <stddef.h>

#include "policy.h"

/* Name given to documents loaded from memory.  */
#define DOC "t.yaml"

/* Test cases that read or write many entries get this many seconds.  */
enum { SLOW_TIMEOUT = 30 };

/* Text built with printf; a few stay valid at a time.  */
const char *fmt (const char *format, ...)
  __attribute__ ((format (printf, 1, 2)));

/* Load DATA[0..SIZE) as "t.yaml" into a new policy.  */
struct policy *load_n (const char *data, size_t size, bool *ok);
/* Load a NUL-terminated document that must be valid.  */
struct policy *load_ok (const char *doc);
/* Check that P holds exactly the errors EXPECTED (NULL-terminated), in that
   order.  WHERE names the check in the failure message: the caller's line,
   or a table's row.  */
void check_errors (const struct policy *p, const char *const *expected,
		   const char *where);
/* Load DATA[0..SIZE) and check that it fails with exactly EXPECTED and
   contributes no entry.  */
void assert_load_errors_ (const char *data, size_t size,
			  const char *const *expected, const char *where);

/* DOC must be a string literal: its size is taken with sizeof, so it may
   hold NUL bytes.  */
#define ASSERT_LOAD_ERRORS(doc, ...)					\
  assert_load_errors_ ((doc), sizeof (doc) - 1,				\
		       (const char *const[]) { __VA_ARGS__, NULL },	\
		       fmt ("line %d", __LINE__))

#define ASSERT_ERRORS(p, ...)						\
  check_errors ((p), (const char *const[]) { __VA_ARGS__, NULL },	\
		fmt ("line %d", __LINE__))

#define ASSERT_LOC(loc, l, c)						\
  do									\
    {									\
      ck_assert_uint_eq ((loc).line, (l));				\
      ck_assert_uint_eq ((loc).column, (c));				\
    }									\
  while (0)

/* The entry named NAME (the first one), or a test failure.  */
const struct policy_entry *entry_named (const struct policy *p,
					const char *name);

/* Whether the function-name pattern PAT matches NAME.  */
bool name_matches (const char *pat, const char *name);
/* Whether the path pattern PAT matches PATH.  */
bool path_matches (const char *pat, const char *path);

/* The policy the lookup tests share (its entries' names on lines 3, 5, 7,
   9, 11, 13, 15 and 17).  */
struct policy *load_lookup_policy (void);
/* The line of the name of the entry found, or 0 for none.  */
unsigned found_line (const struct policy *p, const char *function,
		     const char *caller, const char *unit);

#endif /* HOTINLINE_UNIT_POLICY_HELPERS_H */
