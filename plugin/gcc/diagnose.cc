/* How hotinline's diagnostics meet GCC's switches: severities (the
   core's rules, rules.h), -Werror, -w, and errors that must not stop the
   compilation early.  What this needs of GCC's diagnostic machinery is
   in gcc-compat.h.  */
#include "gcc-compat.h"

#include "hotinline.h"

namespace hotinline {

/* hotinline's errors, hidden from GCC's error count until the end of the
   compilation: GCC stops compiling functions at its first error, and the
   user should see every hot call that failed, not just the first.  */
static int hidden_errors;

const struct message_style diagnostic_style = { "%<", "%>", true, true };

void
restore_error_count (void)
{
  errorcount += hidden_errors;
  hidden_errors = 0;
}

/* Emit at KIND, keeping a warning a warning under -Werror when the
   arguments say so.  In a diagnostic group of its own, or of the caller's
   with its notes: GCC 16 insists on one, and JSON and SARIF output nest a
   group's notes under its warning.  */
static bool
emit (diagnostic_kind kind, location_t loc, const char *fmt, va_list *ap)
{
  if (kind == kind_note && inhibit_warnings)
    return false;		/* -w silences report notes too.  */
  if (the_config.quiet && kind != kind_error)
    return false;
  bool saved = werror_requested_p ();
  if (kind == kind_warning && the_config.no_werror)
    set_werror_requested (false);
  int errors = errorcount;
  bool system_headers = show_inlined_system_header_warning (loc);
  auto_diagnostic_group group;
  bool shown = emit_diagnostic_valist (kind, loc, 0, fmt, ap);
  restore_system_header_warnings (system_headers);
  set_werror_requested (saved);
  if (kind == kind_error && errorcount > errors)
    {
      hidden_errors += errorcount - errors;
      errorcount = errors;
    }
  return shown;
}

void
emit_plain_warning (location_t loc, const char *fmt, ...)
{
  va_list ap;
  bool saved = werror_requested_p ();
  set_werror_requested (false);
  bool system_headers = show_inlined_system_header_warning (loc);
  auto_diagnostic_group group;
  va_start (ap, fmt);
  emit_diagnostic_valist (kind_warning, loc, 0, fmt, &ap);
  va_end (ap);
  restore_system_header_warnings (system_headers);
  set_werror_requested (saved);
}

static diagnostic_kind
kind_of (enum policy_severity s)
{
  switch (s)
    {
    case POLICY_SEVERITY_NOTE:
      return kind_note;
    case POLICY_SEVERITY_ERROR:
      return kind_error;
    case POLICY_SEVERITY_WARNING:
    default:
      return kind_warning;
    }
}

bool
emit_report (location_t loc, const struct policy_entry *entry,
	     const char *fmt, ...)
{
  va_list ap;
  /* A mark's call is evidence for the audit, never reported.  */
  if (rule_is_mark_entry (entry))
    return false;
  /* Forced call by call, a call left is the entry's "cannot be forced";
     under attribute forcing that error is given at the definition.  */
  diagnostic_kind kind
    = kind_of (rule_report_severity (&the_config, entry,
				     forced_per_call (entry)));
  va_start (ap, fmt);
  bool shown = emit (kind, loc, fmt, &ap);
  va_end (ap);
  return shown;
}

void
report_entry_problem (location_t loc, const struct policy_entry *entry,
		      const char *fmt, ...)
{
  va_list ap;
  diagnostic_kind kind = kind_of (rule_problem_severity (&the_config,
							 entry));
  auto_diagnostic_group group;
  va_start (ap, fmt);
  bool shown = emit (kind, loc, fmt, &ap);
  va_end (ap);
  if (shown)
    note_entry (loc, entry);
}

void
note_entry (location_t loc, const struct policy_entry *entry)
{
  char *text = message_entry_note (&diagnostic_style, entry);
  if (message_note_once (text))
    inform (loc, text);
  free (text);
}

} // namespace hotinline
