/* hotinline-summary --lock: a lock is an ordinary policy (version 1)
   written from a known-good build's results, one entry per hot function
   and caller, that pins that build's hot inlining so that a later build
   (a refactor, another compiler) keeps it (docs/lock.md).  One job: the
   lock; it reads the build's call sites (summary-sites.h) and calls
   nothing above it.  */
#ifndef HOTINLINE_SUMMARY_LOCK_H
#define HOTINLINE_SUMMARY_LOCK_H

#include <stddef.h>
#include <stdio.h>

#include "summary-sites.h"

/* What a lock says of what it wrote.  */
struct lock_counts
{
  size_t pinned;		/* always_inline entries: every call of the
				   callee in that caller was inlined.  */
  size_t kept;			/* report entries: a call was left.  */
  size_t functions;		/* Distinct callees among them.  */
};

/* Write FILE ("-": standard output), atomically (FILE.tmp, renamed), the
   lock of B (its sites finished): per callee and caller identifier,
   always_inline when every call there was inlined, else a report note.
   PATHS (N_PATHS) are the results as given, for the file's comments and
   reasons.  Says on standard error what it wrote; exits with status 2
   when FILE cannot be written or SOURCE_DATE_EPOCH is no date.  */
struct lock_counts write_lock (const char *file, struct build *b,
			       char *const *paths, size_t n_paths);

/* The same for the call sites of NEW (its sites finished against OLD)
   that went from inlined in OLD to left in NEW: each callee and caller
   pinned always_inline, OLD_PATH and NEW_PATH as given.  */
struct lock_counts write_regressions_lock (const char *file,
					   struct build *old,
					   const char *old_path,
					   struct build *new_,
					   const char *new_path);

/* The identifier the plugins match a `callers:` pattern against, for the
   caller CALLER as the results spell it (malloc'd): its clone suffix
   removed, and for a C++ name its last component at bracket depth 0
   without template arguments or parameter list ("ns::S::walk<true>(int)
   const" is "walk"); an operator keeps its operator ("operator<",
   "operator()").  Not escaped.  */
char *lock_caller_identifier (const char *caller);

/* What a lock's writer and the audit's share.  S as a YAML double-quoted
   scalar on OUT, written by libyaml's emitter, within a line.  */
void lock_put_quoted (FILE *out, const char *s);

/* S on OUT in a comment line: a control character that would end the
   comment is written '?'.  */
void lock_put_comment_text (FILE *out, const char *s);

/* Write TEXT (SIZE bytes) to FILE ("-": standard output) through
   FILE.tmp, renamed over it; exits with status 2 when it cannot.  */
void lock_commit (const char *file, const char *text, size_t size);

/* The day, UTC "YYYY-MM-DD", of a build whose newest results file is
   from NEWEST (seconds since the epoch): SOURCE_DATE_EPOCH when set, so
   that what is written is reproducible.  OUT holds 16 bytes; exits with
   status 2 when SOURCE_DATE_EPOCH is no date.  */
void lock_date (long long newest, char out[16]);

#endif /* HOTINLINE_SUMMARY_LOCK_H */
