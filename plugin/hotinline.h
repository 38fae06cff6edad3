/* State and helpers shared by the GCC-facing parts of the plugin.  */
#ifndef HOTINLINE_HOTINLINE_H
#define HOTINLINE_HOTINLINE_H

#include "policy.h"

/* The loaded policy; NULL when there is nothing to do.  */
extern struct policy *hot_policy;

/* Global strict setting: a hot function that cannot be forced is an
   error, not a warning.  */
extern bool hot_strict;

/* The main source file of this translation unit, for "files" scoping.  */
const char *hot_unit (void);

/* The policy entry governing calls to FNDECL from CALLER (NULL_TREE: any
   caller; only entries without "callers" then match), or NULL.  Plain
   names match the function's identifier, so every overload and template
   instance; names with "::" match the qualified C++ name.  */
const struct policy_entry *hot_entry_for (tree fndecl, tree caller);

/* Report PROBLEM about ENTRY at LOC as a warning, or as an error when the
   entry or the command line asks for strictness, followed by a note
   naming the policy entry and its reason.  */
void hot_report_entry_problem (location_t loc,
			       const struct policy_entry *entry,
			       const char *fmt, ...)
  ATTRIBUTE_GCC_DIAG (3, 4);

/* Register force mode's callback.  */
void force_register (const char *plugin_name);

#endif /* HOTINLINE_HOTINLINE_H */
