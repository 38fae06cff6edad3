/* Report mode: once GCC's inlining decisions are final and the function
   is optimised, one diagnostic at each call to a hot function that is
   still a call, with GCC's reason and a hint.

   The calls are read from the RTL of each function just before assembly
   output, so what is reported is what the object code calls: a call that
   optimisation removed or merged with another is not reported, and a call
   that only exists because its caller was inlined somewhere is reported
   there, with GCC's "inlined from" chain.  Each is reported at the line
   the debug line table gives its call instruction (line-table.cc), once
   per place, with the number of call instructions there when GCC
   duplicated the call.  The reason for each call is looked up while the
   function is still GIMPLE, where calls and call graph edges correspond.

   GCC's reasons live on the call graph edges, which the optimisation
   pipeline drops early (at -O1 and above) for each function; a small pass
   copies them just before that happens.  The notes that say what to do
   about each reason are in hints.cc.  */
#include "gcc-compat.h"

#include "hotinline.h"

namespace hotinline {

namespace {

/* GCC's verdict on one remaining call of the function being compiled.  */
struct edge_reason
{
  tree callee;
  location_t loc;
  cgraph_inline_failed_t reason;
};

/* The edges of the function being compiled, copied before GCC drops them
   (functions go through the pipeline one at a time).  */
static tree captured_fn;
static vec<edge_reason> captured;

/* The function whose source holds the call at LOC: the innermost
   function inlined around it, else the function being compiled.  */
static tree
source_caller (location_t loc, tree fn)
{
  for (tree block = LOCATION_BLOCK (loc);
       block && TREE_CODE (block) == BLOCK;
       block = BLOCK_SUPERCONTEXT (block))
    if (inlined_function_outer_scope_p (block))
      {
	tree origin = block_ultimate_origin (block);
	if (origin && TREE_CODE (origin) == FUNCTION_DECL)
	  return origin;
      }
  return source_function (fn);
}

/* The entry governing a call from the code of FN at LOC to CALLEE.  A
   "callers" scope matches the function the call is written in or any
   function it was inlined into.  */
static const struct policy_entry *
entry_for_call (tree callee, location_t loc, tree fn)
{
  const struct policy_entry *e = entry_for (callee,
					    source_caller (loc, fn));
  if (e)
    return e;
  for (tree block = LOCATION_BLOCK (loc);
       block && TREE_CODE (block) == BLOCK;
       block = BLOCK_SUPERCONTEXT (block))
    if (inlined_function_outer_scope_p (block))
      {
	location_t site = BLOCK_SOURCE_LOCATION (block);
	if ((e = entry_for (callee, source_caller (site, fn))))
	  return e;
      }
  return entry_for (callee, source_function (fn));
}

/* Whether CALLEE (a direct call's target, or NULL) may be hot: a cheap
   filter before the scoped lookup of its entry.  Built-in functions, and
   the external functions GCC declares for code it generates itself
   (__stack_chk_fail), are nobody's to inline.  */
static bool
maybe_hot_p (tree callee)
{
  return callee && !fndecl_built_in_p (callee)
	 && !(DECL_ARTIFICIAL (callee) && DECL_EXTERNAL (callee))
	 && name_mentioned_p (callee);
}

/* Copy the reasons of FN's remaining calls to hot functions.  */
static void
capture_edges (function *fn)
{
  captured.truncate (0);
  captured_fn = fn->decl;
  cgraph_node *node = cgraph_node::get (fn->decl);
  if (!node)
    return;
  for (cgraph_edge *e = node->callees; e; e = e->next_callee)
    if (e->call_stmt && e->inline_failed
	&& maybe_hot_p (e->callee->decl))
      captured.safe_push ({ e->callee->decl, gimple_location (e->call_stmt),
			    e->inline_failed });
}

/* GCC's reason for the call STMT of FN, or CIF_UNSPECIFIED.  */
static cgraph_inline_failed_t
reason_for (function *fn, gimple *stmt, tree callee)
{
  cgraph_node *node = cgraph_node::get (fn->decl);
  if (cgraph_edge *e = node ? node->get_edge (stmt) : NULL)
    if (e->inline_failed)
      return e->inline_failed;
  if (captured_fn == fn->decl)
    for (const edge_reason &r : captured)
      if (r.callee == callee && r.loc == gimple_location (stmt))
	return r.reason;
  return CIF_UNSPECIFIED;
}

/* A call to a hot function found in the GIMPLE of the current function,
   with what will be said about it if it is still a call at the end.  */
struct hot_call
{
  tree callee;
  location_t loc;		/* Of the call, with its inlining block.  */
  cgraph_inline_failed_t reason;
  const struct policy_entry *entry;
};

static tree hot_calls_fn;
static vec<hot_call> hot_calls;

/* Where to report a call whose own location is LOC and which the line
   table puts at PLACE (line_table_walk): at LOC when the line table gives
   it its own row, else at PLACE, keeping LOC's block for the "inlined
   from" chain, except in a function GCC made up (DECL_IGNORED_P), whose
   one row belongs to no inlined function.  */
static location_t
report_location (location_t loc, location_t place, tree fn)
{
  if (place == LOCATION_LOCUS (loc))
    return loc;
  tree block = LOCATION_BLOCK (loc);
  return block && !DECL_IGNORED_P (fn) ? set_block (place, block) : place;
}

/* Notes for each function the call at LOC was inlined through, at the
   place it was inlined: the "inlined from" chain, also for JSON output,
   which does not carry GCC's own.  */
static void
note_inline_chain (location_t loc, tree fn)
{
  vec<inline_link> chain = inline_chain (loc, fn);
  for (const inline_link &l : chain)
    {
      char *text = message_inlined_here (&diagnostic_style,
					 name_of (l.function),
					 name_of (l.into));
      inform (LOCATION_LOCUS (l.site), text);
      free (text);
    }
  chain.release ();
}

/* The function that the innermost function inlined around the call at
   LOC was inlined into, or NULL when the call is not in inlined code.  */
static tree
inlined_into (location_t loc, tree fn)
{
  for (tree block = LOCATION_BLOCK (loc);
       block && TREE_CODE (block) == BLOCK;
       block = BLOCK_SUPERCONTEXT (block))
    if (inlined_function_outer_scope_p (block))
      return source_caller (BLOCK_SOURCE_LOCATION (block), fn);
  return NULL_TREE;
}

/* Whether FN is a function that identical code folding turned into a
   copy of its twin: one that must keep an address of its own becomes a
   wrapper calling the twin, which GCC then inlines into it.  GCC makes
   that call without a block, so the twin's code keeps its positions but
   no "inlined from" trace, and the wrapper is DECL_IGNORED_P.  */
static bool
folded_copy_p (tree fn)
{
  cgraph_node *node = cgraph_node::get (fn);
  return DECL_IGNORED_P (fn) && node && node->icf_merged;
}

/* A note for each function GCC found identical to FN and made an alias
   of it: the calls of FN are theirs too.  */
static void
note_folded_aliases (location_t loc, tree fn)
{
  cgraph_node *node = cgraph_node::get (fn);
  if (!node)
    return;
  ipa_ref *ref;
  FOR_EACH_ALIAS (node, ref)
    {
      cgraph_node *alias = dyn_cast<cgraph_node *> (ref->referring);
      if (alias && alias->icf_merged)
	inform (loc, "GCC found %qs identical to %qs and made it an alias "
		"(identical code folding): this call is its call too "
		"[hotinline]",
		name_of (alias->decl), name_of (fn));
    }
}

/* Whether CALLEE is the part of a function that GCC split off (foo.part.0,
   or a clone of it).  */
static bool
split_part_p (tree callee)
{
  cgraph_node *node = cgraph_node::get (callee);
  return node && node->split_part;
}

/* A call instruction, or several of them that the line table puts at the
   same place, to a hot function in the current function.  */
struct left_call
{
  hot_call call;		/* Its location is the instruction's own.  */
  location_t place;		/* Where it is reported.  */
  unsigned count;		/* Call instructions there.  */
};

static vec<left_call> left_calls;

/* Report the call instructions L of the current function FN.  */
static void
report_call (const left_call &l, tree fn)
{
  const hot_call &c = l.call;
  tree caller = source_caller (c.loc, fn);
  tree hot = source_function (c.callee);
  location_t loc = l.place;
  const char *why = c.reason == CIF_UNSPECIFIED
		      ? message_reason_not_considered
		    : c.reason == CIF_BODY_NOT_AVAILABLE
		      ? message_reason_no_body
		      : cgraph_inline_failed_string (c.reason);
  if (!*why)
    why = "no reason given by GCC";

  for (unsigned i = 0; i < l.count; i++)
    results_note_left_call (loc, caller, hot, c.reason, why, c.entry);
  /* A mark's call is the audit's evidence, not a report.  */
  if (rule_is_mark_entry (c.entry))
    return;
  unit_stats.calls_not_inlined += l.count;
  auto_diagnostic_group group;	/* The report and its notes.  */
  bool shown;
  bool split = hot == caller && split_part_p (c.callee);
  tree outer = split ? inlined_into (c.loc, fn) : NULL_TREE;
  if (outer)
    /* GCC split the function, inlined the head and calls the rest.  */
    shown = emit_report (loc, c.entry,
			 "hot function %qs only partly inlined into %qs: "
			 "the rest, %qs, stays a call: %s [hotinline]",
			 name_of (hot), name_of (outer),
			 name_of (c.callee), why);
  else if (split)
    /* The head's own out-of-line copy calls the rest.  */
    shown = emit_report (loc, c.entry,
			 "hot function %qs split: its out-of-line head "
			 "calls the rest, %qs: %s [hotinline]",
			 name_of (hot), name_of (c.callee), why);
  else
    {
      char *text = message_not_inlined (&diagnostic_style, name_of (hot),
					name_of (caller), why);
      shown = emit_report (loc, c.entry, text);
      free (text);
    }
  if (!shown)
    return;
  if (l.count > 1)
    {
      char *text = message_call_copies (&diagnostic_style, l.count);
      inform (loc, text);
      free (text);
    }
  note_entry (loc, c.entry);
  note_hint (loc, c.reason, c.callee, fn);
  /* Not for a constructor's complete-object variant and the like, which
     carry the same name.  */
  if (hot != c.callee && hot != caller
      && strcmp (name_of (hot), name_of (c.callee)) != 0)
    inform (loc, "the call is to %qs, a part of %qs that GCC split off or "
	    "specialised [hotinline]", name_of (c.callee), name_of (hot));
  if (folded_copy_p (fn) && LOCATION_LOCUS (c.loc) != UNKNOWN_LOCATION)
    inform (LOCATION_LOCUS (c.loc), "GCC found %qs identical to the "
	    "function written here and compiled it as a copy of it (identical "
	    "code folding) [hotinline]", name_of (source_function (fn)));
  note_folded_aliases (loc, fn);
  note_inline_chain (c.loc, fn);
}

/* Note the calls of FN to hot functions and GCC's reason for each.  */
static void
collect_hot_calls (function *fn)
{
  hot_calls.truncate (0);
  hot_calls_fn = fn->decl;
  basic_block bb;
  FOR_EACH_BB_FN (bb, fn)
    for (gimple_stmt_iterator gsi = gsi_start_bb (bb); !gsi_end_p (gsi);
	 gsi_next (&gsi))
      {
	gimple *stmt = gsi_stmt (gsi);
	if (!is_gimple_call (stmt))
	  continue;
	tree callee = gimple_call_fndecl (stmt);
	if (!maybe_hot_p (callee))
	  continue;
	location_t loc = gimple_location (stmt);
	const struct policy_entry *entry = entry_for_call (callee, loc,
							   fn->decl);
	if (entry)
	  hot_calls.safe_push ({ callee, loc, reason_for (fn, stmt, callee),
				 entry });
      }
}

/* At an LTO link a partition gets its bodies with the link's inlining
   done, so its calls as written are not there to note: the calls to hot
   functions that were inlined are read back from the scopes inlining left
   in FN's body, from BLOCK down (one per inlined copy; a copy whose code
   was all optimised away leaves none).  */
static void
note_calls_inlined_at_link (tree block, tree fn)
{
  for (; block; block = BLOCK_CHAIN (block))
    {
      if (inlined_function_outer_scope_p (block))
	{
	  tree callee = block_ultimate_origin (block);
	  location_t site = BLOCK_SOURCE_LOCATION (block);
	  if (callee && TREE_CODE (callee) == FUNCTION_DECL
	      && maybe_hot_p (callee))
	    if (const struct policy_entry *entry = entry_for_call (callee, site,
								   fn))
	      results_note_source_call (site, source_caller (site, fn),
					callee, entry);
	}
      note_calls_inlined_at_link (BLOCK_SUBBLOCKS (block), fn);
    }
}

/* The function a call instruction calls directly, or NULL.  The
   REG_CALL_DECL note that get_call_fndecl reads exists only with
   -fipa-ra, so look at the call's address instead.  */
static tree
call_target (rtx_insn *insn)
{
  rtx call = get_call_rtx_from (insn);
  if (!call || !MEM_P (XEXP (call, 0)))
    return NULL_TREE;
  rtx addr = XEXP (XEXP (call, 0), 0);
  if (GET_CODE (addr) != SYMBOL_REF)
    return NULL_TREE;
  tree decl = SYMBOL_REF_DECL (addr);
  return decl && TREE_CODE (decl) == FUNCTION_DECL ? decl : NULL_TREE;
}

/* Note the call instruction INSN to CALLEE, described by C, at PLACE.  */
static void
note_left_call (const hot_call &c, location_t place)
{
  for (left_call &l : left_calls)
    if (l.call.callee == c.callee && l.place == place)
      {
	l.count++;
	return;
      }
  left_calls.safe_push ({ c, place, 1 });
}

/* The call instructions of FN that call hot functions: the calls of the
   object code, reported in the order of the first call at each place.  */
static void
report_declined_calls (function *fn)
{
  left_calls.truncate (0);
  line_table_walk lines (fn->decl);
  for (rtx_insn *insn = get_insns (); insn; insn = NEXT_INSN (insn))
    {
      location_t place = lines.see (insn);
      if (!CALL_P (insn))
	continue;
      tree callee = call_target (insn);
      if (!maybe_hot_p (callee))
	continue;
      location_t loc = INSN_LOCATION (insn);
      place = report_location (loc, place, fn->decl);
      hot_call *found = NULL;
      if (hot_calls_fn == fn->decl)
	for (hot_call &c : hot_calls)
	  if (c.callee == callee && c.loc == loc)
	    found = &c;
      if (found)
	note_left_call (*found, place);
      /* Not a call in GIMPLE: made during expansion to RTL.  */
      else if (const struct policy_entry *entry
		 = entry_for_call (callee, loc, fn->decl))
	note_left_call ({ callee, loc, CIF_UNSPECIFIED, entry }, place);
    }
  for (const left_call &l : left_calls)
    report_call (l, fn->decl);
}

const pass_data capture_pass_data = {
  GIMPLE_PASS, "hotinline_capture", OPTGROUP_NONE, TV_NONE, PROP_cfg,
  0, 0, 0, 0
};

/* Copies the inliner's reasons before GCC drops the call graph edges.  */
class capture_pass : public gimple_opt_pass
{
public:
  capture_pass (gcc::context *ctxt) : gimple_opt_pass (capture_pass_data,
						       ctxt) {}
  opt_pass *clone () final override { return new capture_pass (m_ctxt); }
  unsigned int execute (function *fn) final override
  {
    capture_edges (fn);
    return 0;
  }
};

const pass_data calls_pass_data = {
  GIMPLE_PASS, "hotinline_calls", OPTGROUP_NONE, TV_NONE, PROP_cfg,
  0, 0, 0, 0
};

/* At the end of the GIMPLE pipeline: the hot calls and their reasons.  */
class calls_pass : public gimple_opt_pass
{
public:
  calls_pass (gcc::context *ctxt) : gimple_opt_pass (calls_pass_data,
						     ctxt) {}
  unsigned int execute (function *fn) final override
  {
    collect_hot_calls (fn);
    if (in_lto_p && the_config.results_dir)
      note_calls_inlined_at_link (DECL_INITIAL (fn->decl), fn->decl);
    return 0;
  }
};

const pass_data report_pass_data = {
  RTL_PASS, "hotinline_report", OPTGROUP_NONE, TV_NONE, 0, 0, 0, 0, 0
};

/* Just before assembly output: report the hot calls that are left.  */
class report_pass : public rtl_opt_pass
{
public:
  report_pass (gcc::context *ctxt) : rtl_opt_pass (report_pass_data,
						   ctxt) {}
  unsigned int execute (function *fn) final override
  {
    report_declined_calls (fn);
    return 0;
  }
};

/* Count the calls to hot functions as written, before any inlining.  */
static void
count_source_calls (void *, void *)
{
  if (!the_policy || seen_error ())
    return;
  cgraph_node *node;
  FOR_EACH_FUNCTION (node)
    {
      if (!maybe_hot_p (node->decl))
	continue;
      for (cgraph_edge *e = node->callers; e; e = e->next_caller)
	if (const struct policy_entry *entry
	      = entry_for (node->decl, e->caller->decl))
	  {
	    if (!rule_is_mark_entry (entry))
	      unit_stats.source_calls++;
	    if (e->call_stmt)
	      results_note_source_call (gimple_location (e->call_stmt),
					e->caller->decl, node->decl, entry);
	  }
    }
}

} // namespace

void
report_register (const char *plugin_name)
{
  register_pass_at (plugin_name, new capture_pass (g),
		    "*remove_cgraph_callee_edges", 0, PASS_POS_INSERT_BEFORE);
  register_pass_at (plugin_name, new calls_pass (g), "optimized", 1,
		    PASS_POS_INSERT_AFTER);
  register_pass_at (plugin_name, new report_pass (g), "final", 1,
		    PASS_POS_INSERT_BEFORE);
  register_callback (plugin_name, PLUGIN_ALL_IPA_PASSES_START,
		     count_source_calls, NULL);
}

} // namespace hotinline
