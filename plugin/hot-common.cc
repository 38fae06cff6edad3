/* Helpers shared by force and report modes: which entry applies to a
   function, and how problems with an entry are reported.  */
#include "gcc-compat.h"

#include "hotinline.h"
#include "langhooks.h"

struct policy *hot_policy;
bool hot_strict;

const char *
hot_unit (void)
{
  return main_input_filename;
}

/* Whether FNDECL sits inside a class or namespace (C++).  */
static bool
scoped_decl_p (tree fndecl)
{
  tree ctx = DECL_CONTEXT (fndecl);
  return ctx && TREE_CODE (ctx) != TRANSLATION_UNIT_DECL;
}

const struct policy_entry *
hot_entry_for (tree fndecl, tree caller)
{
  if (!DECL_NAME (fndecl))
    return NULL;
  const char *caller_name
    = caller && DECL_NAME (caller) ? IDENTIFIER_POINTER (DECL_NAME (caller))
				   : NULL;
  const struct policy_entry *e
    = policy_lookup (hot_policy, IDENTIFIER_POINTER (DECL_NAME (fndecl)),
		     caller_name, hot_unit ());
  if (e || !scoped_decl_p (fndecl))
    return e;
  /* A C++ member or namespace-scope function: try "ns::Class::name".  */
  return policy_lookup (hot_policy,
			lang_hooks.decl_printable_name (fndecl, 1),
			caller_name, hot_unit ());
}

void
hot_report_entry_problem (location_t loc, const struct policy_entry *entry,
			  const char *fmt, ...)
{
  va_list ap;
  bool strict = hot_strict || entry->strict;

  va_start (ap, fmt);
  bool shown = emit_diagnostic_valist (strict ? DK_ERROR : DK_WARNING, loc, 0,
				       fmt, &ap);
  va_end (ap);
  if (!shown)
    return;
  if (entry->reason)
    inform (loc, "policy entry for %qs at %s:%u:%u: %s [hotinline]",
	    entry->name.text, entry->loc.file, entry->name_loc.line,
	    entry->name_loc.column, entry->reason);
  else
    inform (loc, "policy entry for %qs at %s:%u:%u [hotinline]",
	    entry->name.text, entry->loc.file, entry->name_loc.line,
	    entry->name_loc.column);
}
