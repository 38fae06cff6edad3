/* Surgical forcing: let GCC's IPA inliner decide everything as it
   normally would, then inline exactly the remaining calls to hot functions
   that it declined for size or heuristic reasons.  Nothing else changes:
   unlike an always_inline attribute, this does not touch the early
   inliner, so functions that do not call hot functions come out the same.

   It also serves "callers"-scoped always_inline entries under either
   strategy, since an attribute cannot say "only from these callers", and
   every entry at an LTO link, where attribute forcing is too late.  */
#include "gcc-compat.h"

#include "hotinline.h"

namespace hotinline {

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

/* Reasons that are GCC's judgement of the attributes for a callee that
   is not always_inline: judged again as for an always_inline one.  */
static bool
attribute_reason_p (cgraph_inline_failed_t reason)
{
  return reason == CIF_TARGET_OPTION_MISMATCH
	 || reason == CIF_OPTIMIZATION_MISMATCH;
}

/* Whether GCC, inlining CALLEE into CALLER by hand's always_inline, would
   do it early: in a compilation, yes; at an LTO link, when both come from
   the same unit (the early inliner of that unit's compilation would have
   inlined the call).  */
static bool
inlined_early_by_hand_p (cgraph_node *caller, cgraph_node *callee)
{
  return !in_lto_p
	 || (caller->lto_file_data
	     && caller->lto_file_data == callee->lto_file_data);
}

/* The function whose body E's call ends up in.  */
static cgraph_node *
root_of (cgraph_edge *e)
{
  return e->caller->inlined_to ? e->caller->inlined_to : e->caller;
}

/* How deep a call may sit in bodies inlined into its function before
   surgical forcing stops following it: hot functions calling hot
   functions are inlined into each other this far, no further.  Policies
   that name many functions would otherwise grow code exponentially.  */
enum { MAX_INLINE_DEPTH = 8 };

/* Bounds on the calls that glob entries force: a glob may name a family
   of functions calling each other, which no one would force by hand.  At
   most this many inlinings per unit for them, and at most this many times
   the unit's own estimated size added by them.  Entries that name their
   function exactly are what a hand annotation would force, and are
   bounded as it is, by nothing but MAX_INLINE_DEPTH.  */
enum { MAX_GLOB_INLINES = 2000, MAX_GLOB_GROWTH_FACTOR = 3 };

/* Whether inlining E would put a function inside itself (its callee is the
   caller or one of the functions the caller was inlined through), or
   would go deeper than MAX_INLINE_DEPTH.  */
static bool
recursive_or_too_deep_p (cgraph_edge *e, cgraph_node *callee)
{
  int depth = 0;
  for (cgraph_node *n = e->caller; n;
       n = n->inlined_to && n->callers ? n->callers->caller : NULL)
    if (n->decl == callee->decl || ++depth > MAX_INLINE_DEPTH)
      return true;
  return false;
}

/* The entry that forces E, when E is a declined call to a hot function
   that the policy forces under this strategy and that can be inlined
   safely; NULL otherwise.  */
static const struct policy_entry *
forcible_edge (cgraph_edge *e, bool all_entries)
{
  if (!e->inline_failed
      || !(heuristic_reason_p (e->inline_failed)
	   || attribute_reason_p (e->inline_failed))
      || e->call_stmt_cannot_inline_p || e->indirect_unknown_callee
      || e->speculative)
    return NULL;

  enum availability avail;
  cgraph_node *callee = e->callee->ultimate_alias_target (&avail);
  if (avail < AVAIL_AVAILABLE || !callee->definition)
    return NULL;

  /* The entry is looked up for the function the call is written in.  */
  const struct policy_entry *entry = entry_for (callee->decl,
						e->caller->decl);
  if (!entry || entry->action != POLICY_ACTION_ALWAYS_INLINE)
    return NULL;
  if (!all_entries && entry->n_callers == 0)
    return NULL;		/* Forced by attribute already.  */

  cgraph_node *caller = root_of (e);
  ipa_fn_summary *summary = ipa_fn_summaries
			    ? ipa_fn_summaries->get (callee) : NULL;
  if (!summary || !summary->inlinable || !ipa_size_summaries
      || lookup_attribute ("noinline", DECL_ATTRIBUTES (callee->decl))
      || recursive_or_too_deep_p (e, callee))
    return NULL;
  /* Left a call for the attributes: say so, rather than the size limit
     GCC may have found first.  */
  if (target_mismatch (caller->decl, callee->decl))
    {
      e->inline_failed = CIF_TARGET_OPTION_MISMATCH;
      return NULL;
    }
  if (optimize_mismatch (caller->decl, callee->decl,
			 inlined_early_by_hand_p (caller, callee)))
    {
      e->inline_failed = CIF_OPTIMIZATION_MISMATCH;
      return NULL;
    }
  return entry;
}

/* Add the calls of NODE, and of the bodies inlined into it, to WORK.  */
static void
queue_calls (cgraph_node *node, vec<cgraph_edge *> *work)
{
  for (cgraph_edge *e = node->callees; e; e = e->next_callee)
    if (e->inline_failed)
      work->safe_push (e);
    else
      queue_calls (e->callee, work);
}

/* "'f*' (hot.yaml:3:9), 'g*' (hot.yaml:4:9)": the entries of LEFT.  */
static char *
entry_list (const vec<const struct policy_entry *> &left)
{
  char *text = xstrdup ("");
  for (const struct policy_entry *entry : left)
    {
      char *longer = xasprintf ("%s%s'%s' (%s:%u:%u)", text,
				*text ? ", " : "", entry->name.text,
				entry->loc.file, entry->name_loc.line,
				entry->name_loc.column);
      free (text);
      text = longer;
    }
  return text;
}

/* Inline the declined hot calls.  Each inlining brings the calls of the
   inlined body, which are considered in turn; nothing else is looked at
   twice.  Whether any call was inlined.  */
static bool
inline_declined_hot_calls (bool all_entries)
{
  auto_vec<cgraph_edge *> work;
  cgraph_node *node;
  long unit_size = 0;
  FOR_EACH_DEFINED_FUNCTION (node)
    if (!node->inlined_to)
      {
	queue_calls (node, &work);
	if (ipa_size_summary *s = ipa_size_summaries->get (node))
	  unit_size += s->size;
      }

  /* What glob entries have forced, and once they reached the bound, the
     entries whose calls were left and how many.  */
  long glob_growth = 0;
  unsigned glob_inlines = 0, glob_calls_left = 0;
  bool glob_bound_reached = false;
  auto_vec<const struct policy_entry *> left;

  /* The functions that received inlined bodies: their summaries are
     brought up to date once, at the end, not after every inlining.  */
  hash_set<cgraph_node *> grown;
  while (!work.is_empty ())
    {
      cgraph_edge *e = work.pop ();
      const struct policy_entry *entry = forcible_edge (e, all_entries);
      if (!entry)
	continue;
      ipa_size_summary *callee_size = ipa_size_summaries->get (e->callee);
      if (entry->name.is_glob)
	{
	  glob_bound_reached
	    |= glob_inlines == MAX_GLOB_INLINES
	       || glob_growth > MAX_GLOB_GROWTH_FACTOR * unit_size;
	  if (glob_bound_reached)
	    {
	      if (!left.contains (entry))
		left.safe_push (entry);
	      glob_calls_left++;
	      continue;
	    }
	  glob_inlines++;
	  glob_growth += callee_size ? callee_size->size : 0;
	}
      grown.add (root_of (e));
      inline_call (e, true, NULL, NULL, false);
      unit_stats.calls_forced++;
      /* E's callee is now the inlined copy; its calls are new.  */
      queue_calls (e->callee, &work);
    }
  if (glob_bound_reached)
    {
      char *entries = entry_list (left);
      warning (0, "surgical forcing left %u hot calls of %s: the %u calls "
	       "it inlined for glob entries grew this unit by an estimated "
	       "%ld%% [hotinline]", glob_calls_left, entries, glob_inlines,
	       unit_size ? 100 * glob_growth / unit_size : 0);
      free (entries);
    }
  /* Walk the symbol table rather than GROWN: a function that received a
     body may since have been inlined itself.  */
  FOR_EACH_DEFINED_FUNCTION (node)
    if (!node->inlined_to && grown.contains (node))
      ipa_update_overall_fn_summary (node);
  return !grown.is_empty ();
}

/* Add to REACH, and to WORK, the functions that call NODE directly or
   through an alias of it.  */
static void
add_callers (cgraph_node *node, hash_set<cgraph_node *> *reach,
	     vec<cgraph_node *> *work)
{
  for (cgraph_edge *e = node->callers; e; e = e->next_caller)
    if (!reach->add (e->caller))
      work->safe_push (e->caller);
  ipa_ref *ref;
  FOR_EACH_ALIAS (node, ref)
    if (cgraph_node *alias = dyn_cast<cgraph_node *> (ref->referring))
      add_callers (alias, reach, work);
}

/* Into REACH, every function that calls HOT (or a part or clone of it),
   directly or through other functions: one walk up the call graph from
   HOT's nodes, whatever the number of calls asked about.  */
static void
functions_reaching (tree hot, hash_set<cgraph_node *> *reach)
{
  auto_vec<cgraph_node *> work;
  cgraph_node *node;
  FOR_EACH_FUNCTION (node)
    if (!node->alias && source_function (node->decl) == hot)
      add_callers (node, reach, &work);
  while (!work.is_empty ())
    add_callers (work.pop (), reach, &work);
}

/* A hot function H that surgical forcing inlines everywhere, calling a
   function C through which H is called again (H -> C -> ... -> H): seen
   out of line, H may get C inlined into it, which leaves H's call back to
   itself inside H, a recursion no inlining removes.  By hand,
   always_inline puts H into its callers first, and the call left is the
   one to C; GCC's early inliner likewise keeps cycles out of always_inline
   functions.  Do the same: keep each call of H that closes such a cycle a
   call (a final "cannot inline", which GCC keeps on every copy of the
   call).  Only calls in H change, and H does not stay out of line.  */
static void
keep_cycle_calls_out_of_hot_functions (void)
{
  if (in_lto_p || the_config.strategy != CONFIG_STRATEGY_SURGICAL)
    return;
  cgraph_node *node;
  FOR_EACH_DEFINED_FUNCTION (node)
    {
      if (node->inlined_to)
	continue;
      /* H and the parts GCC split off it (H.part.0).  */
      tree hot = source_function (node->decl);
      const struct policy_entry *entry = entry_for (hot, NULL_TREE);
      if (!entry || entry->action != POLICY_ACTION_ALWAYS_INLINE
	  || entry->name.is_glob || entry->n_callers > 0)
	continue;
      hash_set<cgraph_node *> reach;
      functions_reaching (hot, &reach);
      for (cgraph_edge *e = node->callees; e; e = e->next_callee)
	{
	  cgraph_node *callee = e->callee->ultimate_alias_target ();
	  if (!e->inline_failed || source_function (callee->decl) == hot
	      || !reach.contains (callee))
	    continue;
	  e->inline_failed = CIF_UNSPECIFIED;
	  e->call_stmt_cannot_inline_p = true;
	}
    }
}

const pass_data cycles_pass_data = {
  IPA_PASS, "hotinline_cycles", OPTGROUP_NONE, TV_NONE, 0, 0, 0, 0, 0
};

/* Right before the IPA inliner decides, on the call graph it decides
   on.  */
class cycles_pass : public ipa_opt_pass_d
{
public:
  cycles_pass (gcc::context *ctxt)
    : ipa_opt_pass_d (cycles_pass_data, ctxt, NULL, NULL, NULL, NULL,
		      NULL, NULL, 0, NULL, NULL) {}
  bool gate (function *) final override
  {
    return the_policy && !seen_error () && surgical_possible ();
  }
  unsigned int execute (function *) final override
  {
    keep_cycle_calls_out_of_hot_functions ();
    return 0;
  }
};

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
    return the_policy && !seen_error () && surgical_possible ();
  }
  unsigned int execute (function *) final override
  {
    /* An inlining may leave a function without callers (a local one
       whose every call is now inlined, or one called only from such a
       function): the inliner removes those before the passes after it,
       which take every local function left as reachable (ipa_comdats
       stops on one that is not), so remove them likewise.  */
    if (inline_declined_hot_calls (the_config.strategy
				   == CONFIG_STRATEGY_SURGICAL || in_lto_p))
      return TODO_remove_functions;
    return 0;
  }
};

} // namespace

bool
surgical_possible (void)
{
  /* At -O0 and with -fno-inline the IPA inliner does nothing, and its
     transform may not run: attribute forcing stands in.  */
  return optimize > 0 && !flag_no_inline;
}

bool
forced_per_call (const struct policy_entry *entry)
{
  /* At an LTO link the early inliner has run long ago: every entry is
     forced call by call there.  */
  struct force_context ctx = {
    surgical_possible (),
    the_config.strategy == CONFIG_STRATEGY_SURGICAL || in_lto_p
  };
  return rule_forced_per_call (entry, &ctx);
}

void
surgical_register (const char *plugin_name)
{
  register_pass_at (plugin_name, new surgical_pass (g), "inline", 1,
		    PASS_POS_INSERT_AFTER);
  register_pass_at (plugin_name, new cycles_pass (g), "inline", 1,
		    PASS_POS_INSERT_BEFORE);
}

} // namespace hotinline
