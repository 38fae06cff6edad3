/* What the units of the GCC plugin share, by the unit that defines it,
   lowest first: each unit calls only those above it in this list
   (make check-layers).  The plugin's own names are bare in namespace
   hotinline, as the LLVM plugin's; the core's keep their C names.  */
#ifndef HOTINLINE_HOTINLINE_H
#define HOTINLINE_HOTINLINE_H

#include "config.h"
#include "messages.h"
#include "policy.h"
#include "results-format.h"
#include "rules.h"

namespace hotinline {

/* state.cc: the loaded policy (NULL when there is nothing to do), the
   plugin's arguments, and what happened in this translation unit, for
   the summary.  */
extern struct policy *the_policy;
/* The policy of disregard-only= (NULL without it): the functions whose
   marks are disregarded.  */
extern struct policy *the_only_policy;
extern struct config the_config;
extern struct hot_stats unit_stats;
/* The functions whose marks disregard.cc took off in this compilation,
   each with the mark it had as written, "always_inline" or "inline"
   (NULL until it takes one): for the audit.  */
extern hash_map<tree, const char *> *marks_taken_off;

/* unit.cc: the main source file of this translation unit (at an LTO
   link, the partition's name), for messages, results and "files"
   scopes; the compilation's output without its suffix ("dir/t" for -o
   dir/t.o), malloc'd.  */
const char *unit_name (void);
char *output_stem (void);

/* At an LTO link, where a partition holds functions of many units, the
   main source file of the unit that compiled DECL (a function defined in
   a header: the unit that included it); NULL in a compilation, which is
   one unit, unit_name's.  */
const char *unit_of (tree decl);

/* names.cc: the policy entry governing calls to FNDECL from CALLER
   (NULL_TREE: any caller; only entries without "callers" then match), or
   NULL.  A clone is looked up as the function it was made from.  Plain
   names match the function's identifier, so every overload and template
   instance; C++ functions are also looked up by mangled name, qualified
   name with and without parameter list and template arguments, and the
   name C++ writes ("S", "~S", "operator bool"): see docs/policy.md, "C++
   names".  */
const struct policy_entry *entry_for (tree fndecl, tree caller);

/* Whether FNDECL may be hot: an entry names it (an exact name or a glob
   that matches one of its names), whatever its scope.  A cheap filter,
   answered once per C name or C++ function.  */
bool name_mentioned_p (tree fndecl);

/* The name a listing gives FNDECL in a policy, in the spelling the
   lookups match: for C++ its qualified name with the parameter list
   without typedefs (one overload), or with BY_NAME without it (every
   overload); for C its identifier.  Xmalloc'd.  */
char *listing_name_of (tree fndecl, bool by_name);

/* Forget the names name_mentioned_p has seen; at the end.  */
void forget_names (void);

/* The function behind a clone or a split part (foo.constprop.0,
   foo.part.0): the one the user wrote.  */
tree source_function (tree decl);

/* DECL's name as written, for messages: its identifier, or for C++ its
   qualified name ("ns::S::S" rather than GCC's "__ct").  */
const char *name_of (tree decl);

/* Whether the marks of FNDECL (always_inline, and with disregard=inline
   the inline keyword's hint) are disregarded: rule_disregards asked with
   the names entry_for looks up, the function's own and not its callers'.
   The caller keeps the marks of the system headers' functions.  */
bool marks_disregarded (tree fndecl);

/* The mark FNDECL (a clone: the function it was made from) carries as
   written, of those the results record (rule_marks_recorded):
   "always_inline", "inline" (the keyword, at that level), or NULL when
   none or when it is declared in a system header.  A mark disregard.cc
   took off still counts.  entry_for gives a call to a marked function
   no policy entry governs rule_mark_entry.  */
const char *mark_as_written (tree fndecl);

/* Whether entry_for has returned ENTRY in this unit, and how many entries
   it has returned: the entries that matched, for the results and the
   summary.  */
bool entry_matched (const struct policy_entry *entry);
size_t entries_matched (void);

/* always-inline-rules.cc: whether GCC would not inline CALLEE, marked
   always_inline, into CALLER (a hard error by hand) because of their
   target attributes.  */
bool target_mismatch (tree caller, tree callee);

/* The same for their optimize attributes.  EARLY: by the early inliner,
   which inlines the always_inline functions of a compilation (it lets
   every difference through); otherwise by the IPA inliner, which inlines
   those an LTO link brings together from different units.  */
bool optimize_mismatch (tree caller, tree callee, bool early);

/* surgical.cc: whether surgical forcing can run in this compilation:
   GCC's IPA inliner runs (above -O0, without -fno-inline); attribute
   forcing stands in when it cannot.  */
bool surgical_possible (void);

/* Whether ENTRY is forced call by call (surgically) rather than by the
   attribute (rule_forced_per_call): an always_inline entry, where
   surgical forcing can run (surgical_possible), under the surgical
   strategy, at an LTO link, or with a "callers" scope.  */
bool forced_per_call (const struct policy_entry *entry);

/* diagnose.cc: the messages of the core as GCC formats them
   (%<quotes%>), with the tag.  */
extern const struct message_style diagnostic_style;

/* Report PROBLEM about forcing ENTRY at LOC as a warning, or as an error
   when the entry or the command line asks for strictness
   (rule_problem_severity), followed by a note naming the policy entry
   and its reason.  */
void report_entry_problem (location_t loc, const struct policy_entry *entry,
			   const char *fmt, ...)
  ATTRIBUTE_GCC_DIAG (3, 4);

/* Emit a report about a call governed by ENTRY at the severity the entry
   and the arguments ask for (rule_report_severity).  False when it was
   not shown (quiet, -w), in which case no notes should follow.  */
bool emit_report (location_t loc, const struct policy_entry *entry,
		  const char *fmt, ...)
  ATTRIBUTE_GCC_DIAG (3, 4);

/* A warning about the plugin's own trouble (a lock left out, results it
   cannot write), which must not fail a build: -Werror leaves it a
   warning.  */
void emit_plain_warning (location_t loc, const char *fmt, ...)
  ATTRIBUTE_GCC_DIAG (2, 3);

/* Add the errors hotinline emitted back to GCC's count, so that the
   compilation fails; called when it ends.  */
void restore_error_count (void);

/* The note naming ENTRY's place in its policy and its reason.  */
void note_entry (location_t loc, const struct policy_entry *entry);

/* line-table.cc: where the debug line table puts each instruction of the
   function being compiled, as GCC's final pass will emit it (what
   objdump -l shows): feed it the function's insns in order.  */
class line_table_walk
{
public:
  explicit line_table_walk (tree fn);
  /* Remembers the function's last row for the next function.  */
  ~line_table_walk ();
  /* The position (without block) of INSN, the next insn in order.  */
  location_t see (rtx_insn *insn);

private:
  location_t last;		/* Of the last row emitted.  */
  bool ignored;			/* DECL_IGNORED_P: no rows of its own.  */
  section *sect;		/* Where the code goes, until it goes cold.  */
};

/* inline-chain.cc: one step of the "inlined from" chain of a call:
   FUNCTION was inlined into INTO at SITE.  */
struct inline_link
{
  tree function, into;
  location_t site;
};

/* The functions the call at LOC in FN was inlined through, from the
   inlining blocks around it, innermost first: each is inlined into the
   next, the last into FN's source function (left out when FN is NULL).
   The caller releases it.  */
vec<inline_link> inline_chain (location_t loc, tree fn);

/* hints.cc: a note at LOC saying what the user can do about GCC's REASON
   for not inlining a call to CALLEE in FN.  */
void note_hint (location_t loc, cgraph_inline_failed_t reason, tree callee,
		tree fn);

/* The estimated size of the function with DECL_UID UID from GCC's inline
   summaries: after the IPA inliner (what the hints say), or EARLY, right
   after the early inliner; -1 when it is not known (not hot, not defined
   here, or gone before the IPA inliner).  */
int estimated_size (unsigned uid, bool early);

/* What note_hint says about REASON, for the results: the advice as plain
   text (xmalloc'd, NULL when there is none), the limit GCC compared the
   callee with (PARAM NULL when REASON is not about a limit) and the
   callee's estimated size (-1 when not known).  */
struct hint_facts
{
  char *text;
  const char *param;
  int limit;
  int size;
};
struct hint_facts hint_facts_for (cgraph_inline_failed_t reason,
				  tree callee, tree fn);

/* disregard.cc: whether this compilation takes DECL's marks off.  */
bool marks_to_take_off (tree decl);

/* audit.cc: the audit's evidence, recorded when the results record marks
   (rule_marks_recorded): the unit's functions carrying a mark as
   written, noted before the IPA passes, while every one is there; and,
   for a unit that does not compile, the functions compiled with errors,
   each with the first error's text where it is known (a call to a
   function declared with attribute error).  */
struct audit_record
{
  vec<results_mark> marks;
  vec<results_error> errors;
};
const audit_record &audit_evidence (void);
void audit_register (const char *plugin_name);

/* results.cc: what the results file of the unit records; each does
   nothing without -fplugin-arg-hotinline-results.  */
void results_note_source_call (location_t loc, tree caller, tree callee,
			       const struct policy_entry *entry);
void results_note_left_call (location_t loc, tree caller, tree callee,
			     cgraph_inline_failed_t code, const char *reason,
			     const struct policy_entry *entry);
void results_note_function (tree fndecl, const char *why_not);

/* At the end of a compilation that failed, with marks recorded: its
   results file all the same, saying so (the audit's evidence that the
   build needs its marks).  */
void results_write_failed (void);

/* policies.cc: load every policy file and lock CONFIG names, through the
   core's cache; each problem is a GCC error (NULL then), a lock left out
   a warning.  */
struct policy *load_policies (const struct config *config);

/* Load the policy of disregard-only= the same way: its problems are GCC
   errors, and NULL then.  */
struct policy *load_only_policy (const struct config *config);

/* The callbacks and passes of each mode, each in its file, registered by
   the entry point (hotinline.cc).  */
void deps_register (const char *plugin_name);
void force_register (const char *plugin_name);
void surgical_register (const char *plugin_name);
void report_register (const char *plugin_name);
void hints_register (const char *plugin_name);
void results_register (const char *plugin_name);
void summary_register (const char *plugin_name);
void listing_register (const char *plugin_name);
void disregard_register (const char *plugin_name);

} // namespace hotinline

#endif /* HOTINLINE_HOTINLINE_H */
