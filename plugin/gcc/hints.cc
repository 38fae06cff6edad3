/* Hints for report mode: what the user can do about each of GCC's
   reasons for not inlining a call.  The estimated size of each hot
   function is taken right after the IPA inliner, while GCC's summaries
   still exist.  */
#include "gcc-compat.h"

#include "hotinline.h"

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
	  && hot_name_mentioned_p (node->decl))
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
    if (node && ipa_size_summaries && hot_name_mentioned_p (fn->decl))
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

/* The advice for REASON that depends on nothing else, in GCC's
   diagnostic markup; NULL when there is none.  */
static const char *
advice_for (cgraph_inline_failed_t reason)
{
  switch (reason)
    {
    case CIF_BODY_NOT_AVAILABLE:
      return "body not available here: define it in a header or "
	     "build with %<-flto%> [hotinline]";
    case CIF_UNLIKELY_CALL:
    case CIF_NEVER_CALL:
      return "call considered cold: GCC does not grow code on paths "
	     "it expects to run rarely (as %<__builtin_expect%>, a cold "
	     "function or profile feedback say) [hotinline]";
    case CIF_FUNCTION_NOT_CONSIDERED:
    case CIF_FUNCTION_NOT_OPTIMIZED:
      return "the inliner did not consider this call (at %<-O0%>, "
	     "with %<-fno-inline%> or in a function optimised for "
	     "debugging GCC inlines only %<always_inline%> functions); "
	     "make the entry %<action: always_inline%> [hotinline]";
    case CIF_OVERWRITABLE:
      return "the function can be replaced at link time: make it "
	     "static or hidden, or build with "
	     "%<-fno-semantic-interposition%> [hotinline]";
    case CIF_RECURSIVE_INLINING:
      return "the call is recursive [hotinline]";
    case CIF_TARGET_OPTION_MISMATCH:
    case CIF_OPTIMIZATION_MISMATCH:
      return "caller and callee are compiled with different target "
	     "or optimize attributes [hotinline]";
    case CIF_UNSPECIFIED:
      return "the call became a direct call only after the "
	     "inlining decisions [hotinline]";
    default:
      return NULL;
    }
}

/* MARKUP without GCC's quoting directives and the "[hotinline]" tag:
   the text a results file carries.  */
static char *
plain_text (const char *markup)
{
  char *text = XNEWVEC (char, strlen (markup) + 1), *t = text;
  for (const char *m = markup; *m; m++)
    if (m[0] == '%' && (m[1] == '<' || m[1] == '>'))
      *t++ = '\'', m++;
    else
      *t++ = *m;
  *t = '\0';
  const char *tag = " [hotinline]";
  size_t n = strlen (text), k = strlen (tag);
  if (n >= k && strcmp (text + n - k, tag) == 0)
    text[n - k] = '\0';
  return text;
}

} // namespace

int
hot_estimated_size (unsigned uid, bool early)
{
  return size_in (early ? early_sizes : sizes, uid);
}

struct hot_hint_facts
hot_hint_facts (cgraph_inline_failed_t reason, tree callee, tree fn)
{
  struct hot_hint_facts f = { NULL, NULL, 0, size_of (callee) };
  const char *name = hot_name_of (hot_source_function (callee));
  if (const char *advice = advice_for (reason))
    f.text = plain_text (advice);
  else if (limit_of (reason, fn, &f.param, &f.limit))
    f.text = f.size >= 0
	     ? xasprintf ("'%s' is estimated at %d instructions; the limit is "
			  "'--param %s=%d'", name, f.size, f.param, f.limit)
	     : xasprintf ("the limit is '--param %s=%d'", f.param, f.limit);
  else if (reason == CIF_FUNCTION_NOT_INLINABLE
	   && lookup_attribute ("noinline", DECL_ATTRIBUTES (callee)))
    f.text = xasprintf ("'%s' is declared 'noinline'", name);
  return f;
}

/* A note saying what the user can do about REASON.  */
void
hot_hint (location_t loc, cgraph_inline_failed_t reason, tree callee, tree fn)
{
  const char *param = NULL;
  int value = 0;
  if (const char *advice = advice_for (reason))
    {
      inform (loc, advice);
      return;
    }
  if (!limit_of (reason, fn, &param, &value))
    {
      if (reason == CIF_FUNCTION_NOT_INLINABLE
	  && lookup_attribute ("noinline", DECL_ATTRIBUTES (callee)))
	inform (DECL_SOURCE_LOCATION (callee), "%qs declared %<noinline%> "
		"here [hotinline]", hot_name_of (hot_source_function (callee)));
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
  /* Early sizes only go into the results.  */
  if (!hot_config.results_dir)
    return;
  struct register_pass_info early = { new early_size_pass (g), "einline", 1,
				      PASS_POS_INSERT_AFTER };
  register_callback (plugin_name, PLUGIN_PASS_MANAGER_SETUP, NULL, &early);
}
