/* The per-unit summary (-fplugin-arg-hotinline-summary): the GCC plugin's
   note, in its words, from counts kept where the plugin decides each
   thing (names.cpp: the entries matched; report.cpp: the calls as written
   and those left; force.cpp and advisor.cpp: what was forced).  */
#include "hotinline-llvm.h"

#include "llvm/Support/FormatVariadic.h"

namespace hotinline {

thread_local struct hot_stats hot_stats;

void
summary_print (const llvm::Module &m)
{
  if (!hot_policy || !hot_config.summary)
    return;
  emit_plain_note (llvm::formatv (
    "hotinline summary for {0}: {1} of {2} policy entries matched; {3} "
    "calls to hot functions in the source, {4} still calls after "
    "inlining; {5} functions forced inline, {6} could not be; {7} "
    "declined calls inlined surgically [hotinline]",
    unit_name (m), entries_matched (), policy_entry_count (hot_policy),
    hot_stats.source_calls, hot_stats.calls_not_inlined, hot_stats.forced,
    hot_stats.not_forced, hot_stats.calls_forced));
}

} // namespace hotinline
