/* The per-unit summary (-fplugin-arg-hotinline-summary), in the core's
   words, from counts kept where the plugin decides each thing (names.cc:
   the entries matched; in state.cc's unit_stats, report.cc: the calls as
   written and those left; force.cc and surgical.cc: what was forced), as
   the LLVM plugin's summary.cpp.  */
#include "gcc-compat.h"

#include "hotinline.h"

namespace hotinline {

/* The per-unit summary, when asked for.  */
static void
print_summary (void *, void *)
{
  if (!the_policy)
    return;
  char *text = message_summary (&diagnostic_style, unit_name (),
				entries_matched (),
				policy_entry_count (the_policy), &unit_stats);
  inform (UNKNOWN_LOCATION, text);
  free (text);
}

void
summary_register (const char *plugin_name)
{
  if (the_config.summary)
    register_callback (plugin_name, PLUGIN_FINISH_UNIT, print_summary, NULL);
}

} // namespace hotinline
