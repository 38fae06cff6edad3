/* The audit of a tree's inline marks (hotinline-summary --audit): two
   builds of one tree with one compiler, as written (the plugin's
   audit=) and with the marks disregarded (disregard= and results=),
   compared mark by mark.  Each marked function gets a verdict:

     needed for the build  without the marks a unit does not compile,
                           and its errors are in this function or in a
                           function it was inlined into as written
     needed for the code   a call to it inlined as written is a call
                           without the mark, with the compiler's reason
     changes the code      calls to it differ otherwise (a call as
                           written that the build without the marks
                           inlines)
     without effect        every call to it is as it was
     unknown               every unit that holds it failed without the
                           marks, for another function's sake

   with its call sites, the text bytes of its units in both builds (the
   difference is the mark's when it is the only mark with an effect in
   the unit), and per unit the functions whose code changed beyond the
   marks and their callers (compared in the objects, read with libelf).
   Several pairs, one per compiler, are set side by side.  */
#ifndef HOTINLINE_SUMMARY_AUDIT_H
#define HOTINLINE_SUMMARY_AUDIT_H

#include <stdbool.h>
#include <stddef.h>

/* Audit the N_PAIRS pairs of results directories PATHS (written,
   disregarded, written, disregarded, ...) and print the result as text
   or, with AS_JSON, JSON; with LOCK, write instead the policy LOCK ("-":
   standard output) that replaces the marks the code needs on any of the
   compilers (always_inline entries, each with its evidence as reason),
   listing the marks the build needs (to keep) and those without effect on
   every compiler (which can go) in its comments; with HTML, the site of
   one page in the directory HTML.  Exits with status 2 and a message on bad
   input: a side without results, results without marks (a build without
   audit=), a written side with marks disregarded, sides of different
   trees or compilers.  Returns the exit status: 0.  */
int audit_main (char **paths, size_t n_pairs, bool as_json,
		const char *lock, const char *html);

#endif /* HOTINLINE_SUMMARY_AUDIT_H */
