/* The decisions both front ends make from a policy entry and the plugin's
   arguments, written once: each front end supplies what only its
   compiler knows (whether it can force call by call, the unit a caller
   was compiled in) and applies the answer its own way.  */
#ifndef HOTINLINE_RULES_H
#define HOTINLINE_RULES_H

#include <stdbool.h>

#include "config.h"
#include "policy.h"

#ifdef __cplusplus
extern "C" {
#endif

/* How this compilation can force an always_inline entry.  */
struct force_context
{
  /* The compiler can force single calls here (GCC: an IPA inliner runs,
     above -O0 and without -fno-inline; LLVM: always, through the call's
     own attribute).  */
  bool per_call_possible;
  /* Every entry is forced call by call: the surgical strategy where the
     compiler applies it, or GCC's LTO link.  */
  bool all_per_call;
};

/* Whether E is forced call by call rather than by the attribute on its
   function: an always_inline entry with a "callers" scope, or any
   always_inline entry where every one is, as far as CTX can.  */
bool rule_forced_per_call (const struct policy_entry *e,
			   const struct force_context *ctx);

/* The severity of a report about a call governed by E: the arguments'
   severity= over the entry's own; an error when strictness is asked (the
   entry's strict, the arguments' strict) of an entry forced call by call
   (FORCED_PER_CALL), whose call left is then its "cannot be forced".  */
enum policy_severity rule_report_severity (const struct config *config,
					   const struct policy_entry *e,
					   bool forced_per_call);

/* The severity of a problem forcing E (a function that cannot be
   forced): an error when strictness is asked, else a warning.  */
enum policy_severity rule_problem_severity (const struct config *config,
					    const struct policy_entry *e);

/* Whether the passes that look at calls (force, surgical, report, hints,
   listing's lookups) have work: a policy with entries, or marks whose
   calls the results record (rule_marks_recorded).  Without either they
   are not run; the results file and the summary still are.  */
bool rule_policy_has_work (const struct policy *policy,
			   const struct config *config);

/* The file an entry's "files" patterns are matched against for a call:
   the main source file of the unit that compiled its caller
   (CALLER_UNIT, which a front end knows at an LTO link, where a module
   holds many units; NULL or "" when it does not), else the main source
   file of this compilation (UNIT).  A caller defined in a header belongs
   to the unit that included it, at a link as in its own compilation.  */
const char *rule_scope_file (const char *caller_unit, const char *unit);

/* Whether the compiler is to disregard the marks (always_inline, and
   with disregard=inline the inline keyword) of a function known by its
   name FORMS (as policy_lookup_forms takes them) in UNIT: disregard= is
   given, and without disregard-only= every function's are, with it only
   those an entry of ONLY (its policy) names, with its files scope.  A
   front end asks it for functions it may disregard: those declared
   outside the system headers, whose marks (the compiler's own
   intrinsics) the build cannot do without.  */
bool rule_disregards (const struct config *config, const struct policy *only,
		      const char *const *forms, size_t n_forms,
		      const char *unit);

/* The marks whose functions, and calls to them, the results record for
   the audit (hotinline-summary --audit): audit='s; else, when there are
   results, the marks disregard= disregards (the second build of an
   audit); CONFIG_DISREGARD_NONE when none.  A function carries a mark
   as written, whether or not it is disregarded.  */
enum config_disregard rule_marks_recorded (const struct config *config);

/* The entry that governs a call to a function carrying a recorded mark
   when no entry of the policy does: a report entry that reports nothing
   (its calls are neither diagnosed nor counted in the summary), whose
   calls the results keep apart from the policy's ("mark_calls").  */
const struct policy_entry *rule_mark_entry (void);
bool rule_is_mark_entry (const struct policy_entry *e);

#ifdef __cplusplus
}
#endif

#endif /* HOTINLINE_RULES_H */
