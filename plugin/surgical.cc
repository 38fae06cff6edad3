/* Surgical forcing: let GCC's IPA inliner decide everything as it
   normally would, then inline exactly the remaining calls to hot functions
   that it declined for size or heuristic reasons.  Nothing else changes:
   unlike an always_inline attribute, this does not touch the early
   inliner, so functions that do not call hot functions come out the same.

   It also serves "callers"-scoped always_inline entries under either
   strategy, since an attribute cannot say "only from these callers".  */
#include "gcc-compat.h"

#include "hotinline.h"

namespace {

/* Reasons that are GCC's judgement about size or benefit, not about
   whether inlining is possible: overriding them is always safe.  */
static bool
heuristic_reason_p (cgraph_inline_failed_t reason)
{
  switch (reason)
    {
    case CIF_MAX_INLINE_INSNS_SINGLE_LIMIT:
    case CIF_MAX_INLINE_INSNS_AUTO_LIMIT:
    case CIF_INLINE_UNIT_GROWTH_LIMIT:
    case CIF_LARGE_FUNCTION_GROWTH_LIMIT:
    case CIF_LARGE_STACK_FRAME_GROWTH_LIMIT:
    case CIF_UNLIKELY_CALL:
    case CIF_NEVER_CALL:
    case CIF_NOT_DECLARED_INLINED:
    case CIF_FUNCTION_NOT_INLINE_CANDIDATE:
      return true;
    default:
      return false;
    }
}

/* The function whose body E's call ends up in.  */
static cgraph_node *
root_of (cgraph_edge *e)
{
  return e->caller->inlined_to ? e->caller->inlined_to : e->caller;
}

/* Whether inlining E would put a function inside itself: its callee is
   the caller or one of the functions the caller was inlined through.  */
static bool
recursive_p (cgraph_edge *e, cgraph_node *callee)
{
  for (cgraph_node *n = e->caller; n;
       n = n->inlined_to && n->callers ? n->callers->caller : NULL)
    if (n->decl == callee->decl)
      return true;
  return false;
}

/* Whether E is a declined call to a hot function that the policy forces
   under this strategy, and that can be inlined safely.  */
static bool
forcible_edge_p (cgraph_edge *e, bool all_entries)
{
  if (!e->inline_failed || !heuristic_reason_p (e->inline_failed)
      || e->call_stmt_cannot_inline_p || e->indirect_unknown_callee)
    return false;

  enum availability avail;
  cgraph_node *callee = e->callee->ultimate_alias_target (&avail);
  if (avail < AVAIL_AVAILABLE || !callee->definition)
    return false;

  /* The entry is looked up for the function the call is written in.  */
  const struct policy_entry *entry = hot_entry_for (callee->decl,
						    e->caller->decl);
  if (!entry || entry->action != POLICY_ACTION_ALWAYS_INLINE)
    return false;
  if (!all_entries && entry->n_callers == 0)
    return false;		/* Forced by attribute already.  */

  tree caller = root_of (e)->decl;
  ipa_fn_summary *summary = ipa_fn_summaries
			    ? ipa_fn_summaries->get (callee) : NULL;
  if (!summary || !summary->inlinable
      || lookup_attribute ("noinline", DECL_ATTRIBUTES (callee->decl))
      || recursive_p (e, callee)
      || !targetm.target_option.can_inline_p (caller, callee->decl)
      || DECL_FUNCTION_SPECIFIC_OPTIMIZATION (caller)
	 != DECL_FUNCTION_SPECIFIC_OPTIMIZATION (callee->decl))
    return false;
  return true;
}

/* The first declined hot call that can be forced, or NULL.  */
static cgraph_edge *
next_forcible_edge (bool all_entries)
{
  cgraph_node *node;
  FOR_EACH_DEFINED_FUNCTION (node)
    for (cgraph_edge *e = node->callees; e; e = e->next_callee)
      if (forcible_edge_p (e, all_entries))
	return e;
  return NULL;
}

/* Inline the declined hot calls, one at a time: each inlining can bring
   new calls (those of the inlined body), which are considered too.  */
static void
inline_declined_hot_calls (bool all_entries)
{
  /* A bound against any cycle the checks above would miss.  */
  for (unsigned n = 0; n < 100000; n++)
    {
      cgraph_edge *e = next_forcible_edge (all_entries);
      if (!e)
	return;
      inline_call (e, true, NULL, NULL, true);
      hot_stats.calls_forced++;
    }
}

const pass_data surgical_pass_data = {
  IPA_PASS, "hotinline_surgical", OPTGROUP_NONE, TV_NONE, 0, 0, 0, 0, 0
};

/* A regular IPA pass right after the inliner, with no summaries or
   transforms of its own: the inliner's transform applies its decisions
   and ours alike.  */
class surgical_pass : public ipa_opt_pass_d
{
public:
  surgical_pass (gcc::context *ctxt)
    : ipa_opt_pass_d (surgical_pass_data, ctxt, NULL, NULL, NULL, NULL,
		      NULL, NULL, 0, NULL, NULL) {}
  bool gate (function *) final override
  {
    return hot_policy && !seen_error () && hot_surgical_possible ();
  }
  unsigned int execute (function *) final override
  {
    inline_declined_hot_calls (hot_config.strategy
			       == CONFIG_STRATEGY_SURGICAL);
    return 0;
  }
};

} // namespace

bool
hot_surgical_possible (void)
{
  /* At -O0 and with -fno-inline the IPA inliner does nothing, and its
     transform may not run: attribute forcing stands in.  */
  return optimize > 0 && !flag_no_inline;
}

void
surgical_register (const char *plugin_name)
{
  struct register_pass_info info = { new surgical_pass (g), "inline", 1,
				     PASS_POS_INSERT_AFTER };
  register_callback (plugin_name, PLUGIN_PASS_MANAGER_SETUP, NULL, &info);
}
