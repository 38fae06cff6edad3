/* The per-unit summary (-fplugin-arg-hotinline-summary), in the core's
   words, from counts kept where the plugin decides each thing (names.cpp:
   the entries matched; in state.cpp's unit_stats, report.cpp: the calls
   as written and those left; force.cpp and surgical.cpp: what was
   forced).  */
#include "hotinline.h"

namespace hotinline {

void
summary_print (const llvm::Module &m)
{
  if (!the_policy || !the_config.summary)
    return;
  char *text = message_summary (&diagnostic_style, unit_name (m),
				entries_matched (),
				policy_entry_count (the_policy), &unit_stats);
  emit_plain_note (text);
  free (text);
}

} // namespace hotinline
