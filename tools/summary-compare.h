/* hotinline-summary's comparison of two builds, call by call
   (summary-compare.c), and the findings it and a single build give.

   A finding is a JSON object:

     kind        "lost" (inlined in OLD, a call in NEW), "new" (a call in
                 NEW at a place OLD did not have), "declined" (a call of a
                 single build), "not-compared" (a unit that did not build)
     file, path  the call's file, relative to its compilation's directory,
                 and as it can be opened
     line, column, caller, callee, ordinal, fingerprint (summary-calls.h)
     reason, hint?, story?, severity ("note", "warning", "error")
     units       the units where it happened, as given to the compiler
     old?        {file, path, line, column, caller}: the same call in OLD
     moved_from? OLD's file, when the caller moved to another file
     renamed_from?  OLD's caller, when the caller was renamed
     accepted?   why the loss is accepted (a trailer, the lock)
     commit?     the commit that made NEW (summary-export.c)  */
#ifndef HOTINLINE_SUMMARY_COMPARE_H
#define HOTINLINE_SUMMARY_COMPARE_H

#include <jansson.h>
#include <stddef.h>

#include "summary.h"

struct policy;

/* A loss accepted in advance: "CALLEE -> CALLER: REASON", as a commit's
   Hot-Inline-Dropped trailer says it; CALLEE and CALLER are globs, CALLER
   matched against the caller's name and its identifier.  */
struct accepted
{
  char *callee, *caller, *reason;
};

/* Parse TEXT into A; false when it is not of that form.  */
bool accepted_parse (const char *text, struct accepted *a);

struct compare_options
{
  const struct accepted *accepts;
  size_t n_accepts;
  /* A lock as of NEW (the commit changed it) and, when given, as of OLD:
     a loss is accepted when the new lock keeps its call (a report entry
     for it), or no longer pins it always_inline where the old one did.  */
  const struct policy *lock, *lock_before;
  const char *lock_path;
};

/* Compare OLD with NEW, both finished (build_finish).  Returns the
   findings, lost first, then new, each in order of file, line and column;
   *CHANGES gets site_key -> {change: 1 lost, -1 regained, story?} for
   sites_finish; *NOTES what the reader should know about the two builds
   (units on one side only, another compiler, other flags or policy).  */
json_t *compare_builds (struct build *old, struct build *new_,
			const struct compare_options *options,
			json_t **changes, json_t **notes);

/* The findings of a single build B: every hot call site with a call left,
   "declined", in order of file, line and column.  */
json_t *build_findings (struct build *b);

#endif /* HOTINLINE_SUMMARY_COMPARE_H */
