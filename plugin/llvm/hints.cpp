/* Hints for report mode: what the user can do about each of the
   inliner's reasons for not inlining a call, in the core's words
   (messages.h) with LLVM's facts, as the GCC plugin's hints.cc with
   GCC's.  */
#include "hotinline.h"

namespace {

/* The threshold LLVM starts a call in CALLER from at LEVEL, before its
   bonuses: what -inline-threshold sets (llvm::getInlineParams), lowered
   for a caller optimized for size (InlineCost's updateThreshold).  -Os
   and -Oz mark every function optsize or minsize; from LLVM 23 that is
   the only way they reach the inliner.  */
int
base_threshold (const llvm::Function &caller, llvm::OptimizationLevel level)
{
  if (caller.hasMinSize ())
    return 25;
  if (caller.hasOptSize ())
    return 75;
  return hotinline_compat::speed_level (level) >= 3 ? 250 : 225;
}

} // namespace

namespace hotinline {

/* For a reason with a cost and a threshold: the base threshold scaled by
   the factor the cost is over.  In a ThinLTO backend, a callee of another
   unit is there only when the thin link imported it, which it does by
   size.  */
hint
hint_for (const struct message_style &style, const inliner_reason &reason,
	  const llvm::Function &caller, const llvm::Function &callee,
	  llvm::OptimizationLevel level, bool as_note)
{
  char *text = nullptr;
  bool at_decl = false;
  if (callee.isDeclaration ()
      || reason.text.find ("definition is unavailable") != std::string::npos)
    text = message_advice (&style, at_link ? ADVICE_BODY_NOT_IMPORTED
				   : fat_lto ? ADVICE_BODY_AT_LINK
				   : ADVICE_BODY_NOT_AVAILABLE);
  else if (reason.costed && reason.cost >= 0)
    {
      if (reason.threshold <= 0)
	return { "", false };
      long base = base_threshold (caller, level);
      long needed = (base * (reason.cost + 1) + reason.threshold - 1)
		    / reason.threshold;
      char *fix = message_option_fix (&style, "-mllvm -inline-threshold",
				      needed);
      text = message_limit_hint (&style, name_of (callee).c_str (),
				 reason.cost, "cost units", nullptr,
				 reason.threshold, fix);
      free (fix);
    }
  else if (callee.hasFnAttribute (llvm::Attribute::NoInline))
    {
      text = message_noinline (&style, name_of (callee).c_str (), as_note);
      at_decl = true;
    }
  if (!text)
    return { "", false };
  hint h = { text, at_decl };
  free (text);
  return h;
}

} // namespace hotinline
