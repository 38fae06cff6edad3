/* Hints for report mode: what the user can do about each of GCC's
   reasons for not inlining a call, in the core's words (messages.h) with
   GCC's facts, as the LLVM plugin's hints.cpp with LLVM's.  The estimated
   size of each hot function is taken right after the IPA inliner, while
   GCC's summaries still exist.  */
#include "gcc-compat.h"

#include "hotinline.h"

namespace hotinline {

namespace {

/* Estimated sizes of hot functions, from GCC's inline summaries: after
   the IPA inliner, which the hints give, and after the early inliner,
   which is known for every function defined and compares builds.  */
struct callee_size
{
  unsigned uid;
  int size;
};
static vec<callee_size> sizes, early_sizes;

static int
size_in (const vec<callee_size> &v, unsigned uid)
{
  for (const callee_size &s : v)
    if (s.uid == uid)
      return s.size;
  return -1;
}

static int
size_of (tree callee)
{
  return size_in (sizes, DECL_UID (callee));
}

const pass_data sizes_pass_data = {
  IPA_PASS, "hotinline_sizes", OPTGROUP_NONE, TV_NONE, 0, 0, 0, 0, 0
};

/* Right after the IPA inliner: the estimated size of each hot function,
   while GCC's summaries still exist.  */
class sizes_pass : public ipa_opt_pass_d
{
public:
  /* A regular IPA pass, as the inliner it follows, with no summaries or
     transforms of its own.  */
  sizes_pass (gcc::context *ctxt)
    : ipa_opt_pass_d (sizes_pass_data, ctxt, NULL, NULL, NULL, NULL, NULL,
		      NULL, 0, NULL, NULL) {}
  unsigned int execute (function *) final override
  {
    cgraph_node *node;
    if (!ipa_size_summaries)
      return 0;
    FOR_EACH_DEFINED_FUNCTION (node)
      if (!node->inlined_to
	  && name_mentioned_p (node->decl))
	if (ipa_size_summary *s = ipa_size_summaries->get (node))
	  sizes.safe_push ({ DECL_UID (node->decl), s->size });
    return 0;
  }
};

const pass_data early_size_pass_data = {
  GIMPLE_PASS, "hotinline_early_size", OPTGROUP_NONE, TV_NONE, PROP_cfg,
  0, 0, 0, 0
};

/* Right after the early inliner, per function: its estimated size then,
   the same measure in every build, known also for a function that is
   inlined early everywhere and so gone before the IPA inliner.  */
class early_size_pass : public gimple_opt_pass
{
public:
  early_size_pass (gcc::context *ctxt)
    : gimple_opt_pass (early_size_pass_data, ctxt) {}
  opt_pass *clone () final override { return new early_size_pass (m_ctxt); }
  unsigned int execute (function *fn) final override
  {
    cgraph_node *node = cgraph_node::get (fn->decl);
    if (node && ipa_size_summaries && name_mentioned_p (fn->decl))
      if (ipa_size_summary *s = ipa_size_summaries->get (node))
	early_sizes.safe_push ({ DECL_UID (fn->decl), s->size });
    return 0;
  }
};

/* The limit GCC compared the callee with when it gave REASON: the
   parameter's name in *PARAM and its value for FN.  False when REASON is
   not about a limit.  */
static bool
limit_of (cgraph_inline_failed_t reason, tree fn, const char **param,
	  int *value)
{
  switch (reason)
    {
    case CIF_MAX_INLINE_INSNS_AUTO_LIMIT:
      *param = "max-inline-insns-auto";
      *value = opt_for_fn (fn, param_max_inline_insns_auto);
      return true;
    case CIF_MAX_INLINE_INSNS_SINGLE_LIMIT:
      *param = "max-inline-insns-single";
      *value = opt_for_fn (fn, param_max_inline_insns_single);
      return true;
    case CIF_INLINE_UNIT_GROWTH_LIMIT:
      *param = "inline-unit-growth";
      *value = opt_for_fn (fn, param_inline_unit_growth);
      return true;
    case CIF_LARGE_FUNCTION_GROWTH_LIMIT:
      *param = "large-function-growth";
      *value = opt_for_fn (fn, param_large_function_growth);
      return true;
    case CIF_LARGE_STACK_FRAME_GROWTH_LIMIT:
      *param = "large-stack-frame-growth";
      *value = opt_for_fn (fn, param_stack_frame_growth);
      return true;
    default:
      return false;
    }
}

/* The advice for REASON that depends on nothing else; false when there
   is none.  */
static bool
advice_for (cgraph_inline_failed_t reason, enum message_advice *why)
{
  switch (reason)
    {
    case CIF_BODY_NOT_AVAILABLE:
      /* A fat object's own code: the LTO link has the bodies.  */
      *why = flag_generate_lto && flag_fat_lto_objects
	     ? ADVICE_BODY_AT_LINK : ADVICE_BODY_NOT_AVAILABLE;
      return true;
    case CIF_UNLIKELY_CALL:
    case CIF_NEVER_CALL:
      *why = ADVICE_COLD;
      return true;
    case CIF_FUNCTION_NOT_CONSIDERED:
    case CIF_FUNCTION_NOT_OPTIMIZED:
      *why = ADVICE_NOT_CONSIDERED;
      return true;
    case CIF_OVERWRITABLE:
      *why = ADVICE_INTERPOSABLE;
      return true;
    case CIF_RECURSIVE_INLINING:
      *why = ADVICE_RECURSIVE;
      return true;
    case CIF_TARGET_OPTION_MISMATCH:
    case CIF_OPTIMIZATION_MISMATCH:
      *why = ADVICE_ATTRIBUTE_MISMATCH;
      return true;
    case CIF_UNSPECIFIED:
      *why = ADVICE_LATE_DIRECT;
      return true;
    default:
      return false;
    }
}

/* What the hint says about REASON, in STYLE, for a note (AS_NOTE) or the
   results; NULL when nothing.  AT_DECL is set when the note belongs at
   CALLEE's declaration.  */
static char *
hint_text (const struct message_style *style, cgraph_inline_failed_t reason,
	   tree callee, tree fn, bool as_note, bool *at_decl)
{
  const char *name = name_of (source_function (callee));
  const char *param;
  int value;
  enum message_advice why;
  *at_decl = false;
  if (advice_for (reason, &why))
    return message_advice (style, why);
  if (!limit_of (reason, fn, &param, &value))
    {
      if (reason != CIF_FUNCTION_NOT_INLINABLE
	  || !lookup_attribute ("noinline", DECL_ATTRIBUTES (callee)))
	return NULL;
      *at_decl = true;
      return message_noinline (style, name, as_note);
    }
  int size = size_of (callee);
  char *option = concat ("--param ", param, NULL);
  /* A function not declared inline is held to the auto limit; declared
     inline, to the larger single limit: often the cheapest fix.  */
  int single = opt_for_fn (fn, param_max_inline_insns_single);
  char *fix = NULL;
  if (size >= 0 && reason == CIF_MAX_INLINE_INSNS_AUTO_LIMIT
      && !DECL_DECLARED_INLINE_P (callee) && size <= single)
    fix = message_inline_fix (style, "--param max-inline-insns-single",
			      single);
  char *text = message_limit_hint (style, name, size, "instructions",
				   option, value, fix);
  free (fix);
  free (option);
  return text;
}

} // namespace

int
estimated_size (unsigned uid, bool early)
{
  return size_in (early ? early_sizes : sizes, uid);
}

struct hint_facts
hint_facts_for (cgraph_inline_failed_t reason, tree callee, tree fn)
{
  struct hint_facts f = { NULL, NULL, 0, size_of (callee) };
  bool at_decl;
  f.text = hint_text (&message_plain, reason, callee, fn, false, &at_decl);
  limit_of (reason, fn, &f.param, &f.limit);
  return f;
}

/* A note saying what the user can do about REASON.  */
void
note_hint (location_t loc, cgraph_inline_failed_t reason, tree callee, tree fn)
{
  bool at_decl;
  char *text = hint_text (&diagnostic_style, reason, callee, fn, true,
			  &at_decl);
  if (!text)
    return;
  if (message_note_once (text))
    inform (at_decl ? DECL_SOURCE_LOCATION (callee) : loc, text);
  free (text);
}

void
hints_register (const char *plugin_name)
{
  register_pass_at (plugin_name, new sizes_pass (g), "inline", 1,
		    PASS_POS_INSERT_AFTER);
  /* Early sizes only go into the results.  */
  if (!the_config.results_dir)
    return;
  register_pass_at (plugin_name, new early_size_pass (g), "einline", 1,
		    PASS_POS_INSERT_AFTER);
}

} // namespace hotinline
