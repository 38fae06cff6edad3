/* When GCC inlines a function marked always_inline across the target and
   optimize attributes of caller and callee, and when that is a hard error
   instead: forcing follows the same rule, so that it inlines wherever the
   attribute written by hand would, and leaves alone (with a warning)
   exactly the calls where the attribute would break the build.  The
   answers come from GCC where it has a public question (the target hook);
   the optimize rule of its IPA inliner, which is private to it, is in
   gcc-compat.h.  */
#include "gcc-compat.h"

#include "hotinline.h"

namespace hotinline {

/* The target hook's verdict on inlining CALLEE into CALLER with CALLEE
   marked always_inline, as GCC's inliners ask it for a function forced by
   hand: some targets let such a callee through differences they refuse
   otherwise (x86: tuning, some target flags).  Before the IPA passes the
   function summaries do not exist yet, and x86 then counts every callee
   as doing floating-point arithmetic for an fpmath difference.  */
static bool
target_allows_always_inline (tree caller, tree callee)
{
  tree saved_attributes = DECL_ATTRIBUTES (callee);
  bool saved_disregard = DECL_DISREGARD_INLINE_LIMITS (callee);
  if (!lookup_attribute ("always_inline", saved_attributes))
    DECL_ATTRIBUTES (callee) = tree_cons (get_identifier ("always_inline"),
					  NULL_TREE, saved_attributes);
  DECL_DISREGARD_INLINE_LIMITS (callee) = 1;
  /* Asked, as GCC asks it, with the caller's function current: a target
     may read the caller's options from its globals when the caller has no
     target attribute of its own (rs6000 does), and outside any function
     they hold whatever the last function parsed set.  */
  function *caller_fn = DECL_STRUCT_FUNCTION (caller);
  if (caller_fn)
    push_cfun (caller_fn);
  bool allowed = targetm.target_option.can_inline_p (caller, callee);
  if (caller_fn)
    pop_cfun ();
  DECL_ATTRIBUTES (callee) = saved_attributes;
  DECL_DISREGARD_INLINE_LIMITS (callee) = saved_disregard;
  return allowed;
}

/* Whether DECL does floating-point arithmetic, by its summary; true when
   there is none to ask.  */
static bool
fp_expressions_p (tree decl)
{
  cgraph_node *node = cgraph_node::get (decl);
  ipa_fn_summary *s = node && ipa_fn_summaries
		      ? ipa_fn_summaries->get (node) : NULL;
  return !s || s->fp_expressions;
}

bool
target_mismatch (tree caller, tree callee)
{
  return !target_allows_always_inline (caller, callee);
}

bool
optimize_mismatch (tree caller, tree callee, bool early)
{
  /* GCC's early inliner lets always_inline through every difference of
     optimize attributes; its IPA inliner only through those that do not
     change what the code means.  */
  if (early
      || DECL_FUNCTION_SPECIFIC_OPTIMIZATION (caller)
	 == DECL_FUNCTION_SPECIFIC_OPTIMIZATION (callee))
    return false;
  if (!opts_for_fn (caller)->x_optimize || !opts_for_fn (callee)->x_optimize)
    return true;
  return ipa_always_inline_optimize_conflict
    (caller, callee, fp_expressions_p (caller) && fp_expressions_p (callee));
}

} // namespace hotinline
