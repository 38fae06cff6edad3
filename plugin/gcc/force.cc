/* Force mode: give the functions a policy marks always_inline the same
   treatment as a hand-written __attribute__((always_inline)), before any
   inliner runs, but only where GCC can honour it.  A function it cannot
   inline is left alone with a warning saying why, so that forcing never
   turns a good build into a failing one.  Where every entry is forced
   call by call instead (the surgical strategy, an LTO link: surgical.cc),
   this only warns about the hot functions called here whose body is in
   another unit.  */
#include "gcc-compat.h"

#include "hotinline.h"

namespace hotinline {

namespace {

/* A function the policy asks to force, and why it cannot be (BLOCKED).  */
struct candidate
{
  cgraph_node *node;
  const struct policy_entry *entry;
  bool blocked;
  enum message_obstacle why;
  const char *detail;		/* OBSTACLE_COMPILER's words.  */
  tree caller;			/* The caller WHY is about, if any.  */
  /* It calls itself: forced until GCC's tail recursion pass has shown
     whether it could turn the recursion into a loop.  */
  bool until_tailr;
  /* The target hook refused it for want of its function summary: forced
     until the summary exists and the hook can be asked as GCC's early
     inliner asks it.  */
  bool until_summary;
};

/* A function forced until GCC has told more, and what it waits for.  */
struct pending
{
  const struct policy_entry *entry;
  bool tailr, summary;
};

/* The functions forced provisionally, by declaration.  */
hash_map<tree, pending> *pending_checks;

/* The functions this unit forced by attribute.  */
static vec<tree> forced_here;

/* Whether something in the body of FN makes it impossible to inline, and
   what (*WHY).  These are the constructs for which GCC turns always_inline
   into a hard error.  */
static bool
forbidden_construct (function *fn, enum message_obstacle *why)
{
  if (fn->calls_setjmp)
    return *why = OBSTACLE_SETJMP, true;
  if (fn->has_nonlocal_label)
    return *why = OBSTACLE_NONLOCAL_LABEL, true;
  if (fn->has_forced_label_in_static)
    return *why = OBSTACLE_LABEL_IN_STATIC, true;

  basic_block bb;
  FOR_EACH_BB_FN (bb, fn)
    for (gimple_stmt_iterator gsi = gsi_start_bb (bb); !gsi_end_p (gsi);
	 gsi_next (&gsi))
      {
	gimple *stmt = gsi_stmt (gsi);
	if (gimple_code (stmt) == GIMPLE_GOTO
	    && TREE_CODE (gimple_goto_dest (stmt)) != LABEL_DECL)
	  return *why = OBSTACLE_COMPUTED_GOTO, true;
	if (!is_gimple_call (stmt))
	  continue;
	if (gimple_call_flags (stmt) & ECF_RETURNS_TWICE)
	  return *why = OBSTACLE_RETURNS_TWICE, true;
	tree callee = gimple_call_fndecl (stmt);
	if (!callee || !fndecl_built_in_p (callee, BUILT_IN_NORMAL))
	  continue;
	switch (DECL_FUNCTION_CODE (callee))
	  {
	  case BUILT_IN_VA_START:
	  case BUILT_IN_NEXT_ARG:
	  case BUILT_IN_VA_ARG_PACK:
	  case BUILT_IN_VA_ARG_PACK_LEN:
	    return *why = OBSTACLE_VARARGS, true;
	  case BUILT_IN_APPLY_ARGS:
	    return *why = OBSTACLE_APPLY_ARGS, true;
	  default:
	    break;
	  }
      }
  return false;
}

/* GCC's own verdict, without its side effects: tree_inlinable_function_p
   caches a negative answer in DECL_UNINLINABLE, treats -fno-inline as
   "never" for functions that are not always_inline, and may warn.  */
static bool
gcc_finds_inlinable (tree decl)
{
  int saved_no_inline = flag_no_inline;
  bool saved_no_warning = DECL_NO_INLINE_WARNING_P (decl);

  flag_no_inline = 0;
  DECL_NO_INLINE_WARNING_P (decl) = 1;
  bool inlinable = tree_inlinable_function_p (decl);
  DECL_UNINLINABLE (decl) = 0;
  DECL_NO_INLINE_WARNING_P (decl) = saved_no_warning;
  flag_no_inline = saved_no_inline;
  return inlinable;
}

/* Whether the function of C's node cannot be forced, looking at it
   alone, and why (C's BLOCKED and the rest).  */
static bool
why_not_forcible (candidate *c)
{
  tree decl = c->node->decl;
  c->blocked = true;
  c->detail = NULL;
  c->caller = NULL_TREE;

  /* Never overridden: the hand annotation beside noipa is ignored, and
     beside noinline GCC keeps whichever of the two it met first, with a
     -Wattributes warning either way.  noipa implies noinline: name the
     one the user wrote.  */
  if (lookup_attribute ("noipa", DECL_ATTRIBUTES (decl)))
    return c->why = OBSTACLE_NOIPA, true;
  if (lookup_attribute ("noinline", DECL_ATTRIBUTES (decl)))
    return c->why = OBSTACLE_NOINLINE, true;
  if (DECL_UNINLINABLE (decl))
    {
      c->detail = "GCC marked it not inlinable";
      return c->why = OBSTACLE_COMPILER, true;
    }
  if (body_interposable_p (decl))
    return c->why = DECL_WEAK (decl) ? OBSTACLE_WEAK : OBSTACLE_INTERPOSABLE,
	   true;
  if (!DECL_STRUCT_FUNCTION (decl))
    return c->why = OBSTACLE_BODY_MISSING, true;
  if (forbidden_construct (DECL_STRUCT_FUNCTION (decl), &c->why))
    return true;
  if (!gcc_finds_inlinable (decl))
    {
      c->detail = "attributes that conflict with inlining";
      return c->why = OBSTACLE_COMPILER, true;
    }
  for (cgraph_edge *e = c->node->callers; e; e = e->next_caller)
    if (target_mismatch (e->caller->decl, decl))
      {
	if (!ipa_fn_summaries)
	  {
	    c->until_summary = true;
	    continue;
	  }
	c->caller = e->caller->decl;
	return c->why = OBSTACLE_TARGET, true;
      }
  c->blocked = false;
  return false;
}

/* Whether NODE reaches TARGET through calls among forced candidates.  */
static bool
reaches_through_candidates (cgraph_node *node, cgraph_node *target,
			    hash_set<cgraph_node *> *candidates,
			    hash_set<cgraph_node *> *visited)
{
  for (cgraph_edge *e = node->callees; e; e = e->next_callee)
    {
      cgraph_node *callee = e->callee->ultimate_alias_target ();
      if (callee == target)
	return true;
      if (!candidates->contains (callee) || visited->add (callee))
	continue;
      if (reaches_through_candidates (callee, target, candidates, visited))
	return true;
    }
  return false;
}

/* Whether NODE reaches itself through other forced candidates.  */
static bool
mutually_recursive_p (cgraph_node *node, hash_set<cgraph_node *> *candidates)
{
  hash_set<cgraph_node *> visited;
  for (cgraph_edge *e = node->callees; e; e = e->next_callee)
    {
      cgraph_node *callee = e->callee->ultimate_alias_target ();
      if (callee != node && candidates->contains (callee)
	  && !visited.add (callee)
	  && reaches_through_candidates (callee, node, candidates, &visited))
	return true;
    }
  return false;
}

static bool
calls_itself_p (cgraph_node *node)
{
  for (cgraph_edge *e = node->callees; e; e = e->next_callee)
    if (e->callee->ultimate_alias_target () == node)
      return true;
  return false;
}

/* Mark recursive candidates, directly or through other forced functions:
   forcing them would ask GCC to inline a function into itself, an error
   by hand, unless GCC first turns a function's calls to itself into a
   loop, as it can for tail recursion: those are forced until that is
   known.  */
static void
exclude_recursion (vec<candidate> &cands)
{
  hash_set<cgraph_node *> forcible;
  for (candidate &c : cands)
    if (!c.blocked)
      forcible.add (c.node);
  for (candidate &c : cands)
    {
      if (c.blocked)
	continue;
      if (mutually_recursive_p (c.node, &forcible))
	c.blocked = true, c.why = OBSTACLE_RECURSIVE_THROUGH_FORCED;
      else if (!calls_itself_p (c.node))
	continue;
      else if (tail_recursion_removed_early_p (c.node->decl))
	c.until_tailr = true;
      else
	c.blocked = true, c.why = OBSTACLE_RECURSION_NO_SIBCALLS;
    }
}

/* Make DECL always_inline, exactly as the attribute written by hand
   would: the attribute for the inliners' checks, and the flag that lifts
   the size limits.  */
static void
force_always_inline (tree decl)
{
  DECL_ATTRIBUTES (decl) = tree_cons (get_identifier ("always_inline"),
				      NULL_TREE, DECL_ATTRIBUTES (decl));
  DECL_DISREGARD_INLINE_LIMITS (decl) = 1;
  DECL_UNINLINABLE (decl) = 0;
  forced_here.safe_push (decl);
}

/* Source order: by location, then by declaration order.  */
static int
by_source_order (const void *a, const void *b)
{
  tree da = ((const candidate *) a)->node->decl;
  tree db = ((const candidate *) b)->node->decl;
  location_t la = DECL_SOURCE_LOCATION (da), lb = DECL_SOURCE_LOCATION (db);
  if (la != lb)
    return la < lb ? -1 : 1;
  return DECL_UID (da) < DECL_UID (db) ? -1 : DECL_UID (da) > DECL_UID (db);
}

/* DECL's name as GCC's diagnostics print it with %qD.  */
static const char *
diagnostic_name (tree decl)
{
  return lang_hooks.decl_printable_name (decl, 2);
}

/* Say that DECL, which ENTRY forces, is not forced inline, and why (about
   CALLER, if any; DETAIL: OBSTACLE_COMPILER's words), in a warning and in
   the results.  */
static void
report_not_forced (tree decl, const struct policy_entry *entry,
		   enum message_obstacle why, tree caller, const char *detail)
{
  unit_stats.not_forced++;
  /* The results name functions as policies do; the warning as GCC's own
     diagnostics do (%qD: in C++ with its signature).  */
  char *plain = message_obstacle (&message_plain, why,
				  caller ? name_of (caller) : NULL,
				  detail);
  results_note_function (decl, plain);
  free (plain);
  char *words = message_obstacle (&diagnostic_style, why,
				  caller ? diagnostic_name (caller) : NULL,
				  detail);
  char *text = message_not_forced (&diagnostic_style,
				   diagnostic_name (decl), words);
  report_entry_problem (DECL_SOURCE_LOCATION (decl), entry, text);
  free (text);
  free (words);
}

/* Into CANDS, in source order, the functions the policy forces and the
   source does not, each with why it cannot be forced if it cannot; with
   BODIES, those defined here are judged too (attribute forcing), else only
   those whose body is elsewhere (call-by-call forcing decides the rest).
   Every function is looked up, so that an entry naming a function of this
   unit counts as matched even where forcing decides by its calls (a hot
   function defined here but not called is not a stale entry).  */
static void
collect_candidates (vec<candidate> *cands, bool bodies)
{
  cgraph_node *node;
  FOR_EACH_FUNCTION (node)
    {
      if (node->alias || node->thunk)
	continue;
      const struct policy_entry *entry = entry_for (node->decl,
						    NULL_TREE);
      if (!entry || entry->action != POLICY_ACTION_ALWAYS_INLINE)
	continue;
      if (lookup_attribute ("always_inline", DECL_ATTRIBUTES (node->decl)))
	continue;		/* Already forced in the source.  */
      if (!node->definition)
	{
	  /* Only worth saying where it is called; at an LTO link the
	     bodies are not loaded yet, and in an -flto compilation the
	     link inlines it, as its own unit's compilation forced it.  */
	  if (node->callers && !in_lto_p && !flag_generate_lto)
	    cands->safe_push ({ node, entry, true, OBSTACLE_BODY_ELSEWHERE,
				NULL, NULL_TREE, false, false });
	}
      else if (bodies)
	{
	  candidate c = { node, entry, false, OBSTACLE_BODY_MISSING, NULL,
			  NULL_TREE, false, false };
	  why_not_forcible (&c);
	  cands->safe_push (c);
	}
    }
  /* Report and force in source order, whatever the symbol table's.  */
  cands->qsort (by_source_order);
}

/* Called before the IPA passes, the early inliner among them.  */
static void
force_hot_functions (void *, void *)
{
  if (!the_policy || seen_error ())
    return;
  /* At an LTO link the bodies are not loaded yet and the early inliner has
     run long ago: forcing there is surgical.  */
  bool per_call = (the_config.strategy == CONFIG_STRATEGY_SURGICAL
		   && surgical_possible ())
		  || in_lto_p;
  auto_vec<candidate> cands;
  collect_candidates (&cands, !per_call);
  if (per_call)
    {
      for (const candidate &c : cands)
	report_not_forced (c.node->decl, c.entry, c.why, c.caller, c.detail);
      return;
    }

  exclude_recursion (cands);

  for (candidate &c : cands)
    {
      if (c.blocked)
	{
	  report_not_forced (c.node->decl, c.entry, c.why, c.caller,
			     c.detail);
	  continue;
	}
      if (c.until_tailr || c.until_summary)
	{
	  if (!pending_checks)
	    pending_checks = new hash_map<tree, pending>;
	  pending_checks->put (c.node->decl,
			       { c.entry, c.until_tailr, c.until_summary });
	}
      else
	results_note_function (c.node->decl, NULL);
      force_always_inline (c.node->decl);
      unit_stats.forced++;
    }
}

/* Whether FN still calls itself.  */
static bool
still_calls_itself_p (function *fn)
{
  basic_block bb;
  FOR_EACH_BB_FN (bb, fn)
    for (gimple_stmt_iterator gsi = gsi_start_bb (bb); !gsi_end_p (gsi);
	 gsi_next (&gsi))
      if (is_gimple_call (gsi_stmt (gsi)))
	{
	  tree callee = gimple_call_fndecl (gsi_stmt (gsi));
	  cgraph_node *node = callee ? cgraph_node::get (callee) : NULL;
	  if (node && node->ultimate_alias_target ()->decl == fn->decl)
	    return true;
	}
  return false;
}

/* Take back the provisional forcing of FN, saying WHY (about CALLER, if
   any).  */
static void
unforce (function *fn, const struct pending *p, enum message_obstacle why,
	 tree caller)
{
  DECL_ATTRIBUTES (fn->decl) = remove_attribute ("always_inline",
						 DECL_ATTRIBUTES (fn->decl));
  DECL_DISREGARD_INLINE_LIMITS (fn->decl) = 0;
  unit_stats.forced--;
  report_not_forced (fn->decl, p->entry, why, caller, NULL);
  pending_checks->remove (fn->decl);
}

/* Done with FN's checks, which P left: forced for good.  */
static void
keep_forced (function *fn, const struct pending *p)
{
  if (p->tailr || p->summary)
    return;
  results_note_function (fn->decl, NULL);
  pending_checks->remove (fn->decl);
}

/* Right after GCC computed FN's function summary, before the early
   inliner of FN or of its callers: ask the target hook again for each
   caller, now that it can tell whether FN does floating point (x86
   lets an fpmath= difference through for a callee that does not).  */
static void
settle_target (function *fn)
{
  pending *p = pending_checks->get (fn->decl);
  if (!p || !p->summary)
    return;
  p->summary = false;
  for (cgraph_edge *e = cgraph_node::get (fn->decl)->callers; e;
       e = e->next_caller)
    if (target_mismatch (e->caller->decl, fn->decl))
      {
	unforce (fn, p, OBSTACLE_TARGET, e->caller->decl);
	return;
      }
  keep_forced (fn, p);
}

/* Right after GCC's early tail recursion pass on FN, which runs before
   the early inliner of FN's callers: a function whose calls to itself
   are gone stays forced, as the hand annotation inlines it; one that
   still calls itself, where the hand annotation is an error, is left
   alone.  */
static void
settle_tail_recursion (function *fn)
{
  pending *p = pending_checks->get (fn->decl);
  if (!p || !p->tailr)
    return;
  p->tailr = false;
  if (still_calls_itself_p (fn))
    unforce (fn, p, OBSTACLE_RECURSION_KEPT, NULL_TREE);
  else
    keep_forced (fn, p);
}

/* An -flto compilation writes its IR for the link, where the calls from
   other units are inlined: their callers were never seen here, and may
   be built for another target or with other options, where GCC stops the
   link with an error on an always_inline callee it cannot inline (the
   hand annotation's hazard).  By then this unit's early inliner has put
   the forced functions into their callers here; the IR keeps the lifted
   limits, which the link's inliner honours where it can, and not the
   attribute, so that a call it cannot inline stays a call, as without
   the plugin.  */
static void
drop_attributes_from_lto_ir (void)
{
  if (!flag_generate_lto)
    return;
  for (tree decl : forced_here)
    DECL_ATTRIBUTES (decl) = remove_attribute ("always_inline",
					       DECL_ATTRIBUTES (decl));
}

const pass_data lto_ir_pass_data = {
  IPA_PASS, "hotinline_lto_ir", OPTGROUP_NONE, TV_NONE, 0, 0, 0, 0, 0
};

/* A regular IPA pass for its summary hook alone, which runs in a
   compilation after the early passes and before the IR is written.  */
class lto_ir_pass : public ipa_opt_pass_d
{
public:
  lto_ir_pass (gcc::context *ctxt)
    : ipa_opt_pass_d (lto_ir_pass_data, ctxt, drop_attributes_from_lto_ir,
		      NULL, NULL, NULL, NULL, NULL, 0, NULL, NULL) {}
  bool gate (function *) final override
  {
    return !forced_here.is_empty ();
  }
};

const pass_data settle_target_pass_data = {
  GIMPLE_PASS, "hotinline_target", OPTGROUP_NONE, TV_NONE, PROP_cfg,
  0, 0, 0, 0
};

const pass_data settle_tailr_pass_data = {
  GIMPLE_PASS, "hotinline_tailr", OPTGROUP_NONE, TV_NONE, PROP_cfg,
  0, 0, 0, 0
};

/* Settles the provisional forcings of each function with SETTLE.  */
class settle_pass : public gimple_opt_pass
{
public:
  settle_pass (const pass_data &data, gcc::context *ctxt,
	       void (*settle) (function *))
    : gimple_opt_pass (data, ctxt), m_settle (settle) {}
  opt_pass *clone () final override
  {
    return new settle_pass (*this, m_ctxt, m_settle);
  }
  bool gate (function *) final override
  {
    return pending_checks && !pending_checks->is_empty ();
  }
  unsigned int execute (function *fn) final override
  {
    m_settle (fn);
    return 0;
  }
private:
  void (*m_settle) (function *);
};

} // namespace

void
force_register (const char *plugin_name)
{
  register_callback (plugin_name, PLUGIN_ALL_IPA_PASSES_START,
		     force_hot_functions, NULL);
  register_pass_at (plugin_name,
		    new settle_pass (settle_target_pass_data, g,
				     settle_target),
		     function_summary_pass, 1, PASS_POS_INSERT_AFTER);
  register_pass_at (plugin_name,
		    new settle_pass (settle_tailr_pass_data, g,
				     settle_tail_recursion),
		     early_tailr_pass, 1, PASS_POS_INSERT_AFTER);
  register_pass_at (plugin_name, new lto_ir_pass (g), "inline", 1,
		    PASS_POS_INSERT_BEFORE);
}

} // namespace hotinline
