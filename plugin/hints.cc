/* Hints for report mode: what the user can do about each of GCC's
   reasons for not inlining a call.  The estimated size of each hot
   function is taken right after the IPA inliner, while GCC's summaries
   still exist.  */
#include "gcc-compat.h"

#include "hotinline.h"

namespace {

/* Estimated sizes of hot functions, from the IPA inliner's summaries.  */
struct callee_size
{
  unsigned uid;
  int size;
};
static vec<callee_size> sizes;

static int
size_of (tree callee)
{
  unsigned uid = DECL_UID (callee);
  for (const callee_size &s : sizes)
    if (s.uid == uid)
      return s.size;
  return -1;
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
	  && hot_name_mentioned_p (node->decl))
	if (ipa_size_summary *s = ipa_size_summaries->get (node))
	  sizes.safe_push ({ DECL_UID (node->decl), s->size });
    return 0;
  }
};

} // namespace

/* A note saying what the user can do about REASON.  */
void
hot_hint (location_t loc, cgraph_inline_failed_t reason, tree callee, tree fn)
{
  const char *param = NULL;
  int value = 0;
  switch (reason)
    {
    case CIF_MAX_INLINE_INSNS_AUTO_LIMIT:
      param = "max-inline-insns-auto";
      value = opt_for_fn (fn, param_max_inline_insns_auto);
      break;
    case CIF_MAX_INLINE_INSNS_SINGLE_LIMIT:
      param = "max-inline-insns-single";
      value = opt_for_fn (fn, param_max_inline_insns_single);
      break;
    case CIF_INLINE_UNIT_GROWTH_LIMIT:
      param = "inline-unit-growth";
      value = opt_for_fn (fn, param_inline_unit_growth);
      break;
    case CIF_LARGE_FUNCTION_GROWTH_LIMIT:
      param = "large-function-growth";
      value = opt_for_fn (fn, param_large_function_growth);
      break;
    case CIF_LARGE_STACK_FRAME_GROWTH_LIMIT:
      param = "large-stack-frame-growth";
      value = opt_for_fn (fn, param_stack_frame_growth);
      break;
    case CIF_BODY_NOT_AVAILABLE:
      inform (loc, "body not available here: define it in a header or "
	      "build with %<-flto%> [hotinline]");
      return;
    case CIF_UNLIKELY_CALL:
    case CIF_NEVER_CALL:
      inform (loc, "call considered cold: GCC does not grow code on paths "
	      "it expects to run rarely (as %<__builtin_expect%>, a cold "
	      "function or profile feedback say) [hotinline]");
      return;
    case CIF_FUNCTION_NOT_CONSIDERED:
    case CIF_FUNCTION_NOT_OPTIMIZED:
      inform (loc, "the inliner did not consider this call (at %<-O0%>, "
	      "with %<-fno-inline%> or in a function optimised for "
	      "debugging GCC inlines only %<always_inline%> functions); "
	      "make the entry %<action: always_inline%> [hotinline]");
      return;
    case CIF_OVERWRITABLE:
      inform (loc, "the function can be replaced at link time: make it "
	      "static or hidden, or build with "
	      "%<-fno-semantic-interposition%> [hotinline]");
      return;
    case CIF_RECURSIVE_INLINING:
      inform (loc, "the call is recursive [hotinline]");
      return;
    case CIF_TARGET_OPTION_MISMATCH:
    case CIF_OPTIMIZATION_MISMATCH:
      inform (loc, "caller and callee are compiled with different target "
	      "or optimize attributes [hotinline]");
      return;
    case CIF_FUNCTION_NOT_INLINABLE:
      if (lookup_attribute ("noinline", DECL_ATTRIBUTES (callee)))
	inform (DECL_SOURCE_LOCATION (callee), "%qs declared %<noinline%> "
		"here [hotinline]", hot_name_of (hot_source_function (callee)));
      return;
    case CIF_UNSPECIFIED:
      inform (loc, "the call became a direct call only after the "
	      "inlining decisions [hotinline]");
      return;
    default:
      return;
    }
  int size = size_of (callee);
  const char *name = hot_name_of (hot_source_function (callee));
  /* A function not declared inline is held to the auto limit; declared
     inline, to the larger single limit: often the cheapest fix.  */
  int single = opt_for_fn (fn, param_max_inline_insns_single);
  if (size >= 0 && reason == CIF_MAX_INLINE_INSNS_AUTO_LIMIT
      && !DECL_DECLARED_INLINE_P (callee) && size <= single)
    inform (loc, "%qs is estimated at %d instructions; the limit is "
	    "%<--param %s=%d%>; declared %<inline%>, it would be within "
	    "%<--param max-inline-insns-single=%d%> [hotinline]", name, size,
	    param, value, single);
  else if (size >= 0)
    inform (loc, "%qs is estimated at %d instructions; the limit is "
	    "%<--param %s=%d%> [hotinline]", name, size, param, value);
  else
    inform (loc, "the limit is %<--param %s=%d%> [hotinline]", param,
	    value);
}

void
hints_register (const char *plugin_name)
{
  struct register_pass_info info = { new sizes_pass (g), "inline", 1,
				     PASS_POS_INSERT_AFTER };
  register_callback (plugin_name, PLUGIN_PASS_MANAGER_SETUP, NULL, &info);
}
