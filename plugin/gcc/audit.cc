/* The audit's evidence (audit=, or disregard= with results=), for
   hotinline-summary --audit: which functions of the unit carry an inline
   mark as written, and, when the unit does not compile (its marks
   disregarded, a check that only folds after inlining fails), in which
   functions the errors were and what the first one said.  The calls to
   marked functions are recorded by report.cc as any hot call, under
   rule_mark_entry.  */
#include "gcc-compat.h"
#include "gimple-iterator.h"

#include "hotinline.h"

namespace hotinline {

static audit_record evidence;

const audit_record &
audit_evidence (void)
{
  return evidence;
}

namespace {

static int
by_place (const void *a, const void *b)
{
  const results_mark *x = (const results_mark *) a;
  const results_mark *y = (const results_mark *) b;
  if (int c = strcmp (x->file, y->file))
    return c;
  if (x->line != y->line)
    return x->line < y->line ? -1 : 1;
  return strcmp (x->function, y->function);
}

/* Before the IPA passes, where every function of the unit is defined and
   none inlined (an inlined static function is gone after them), and
   before disregard.cc takes the marks off (registered after it, so called
   before it).  In source order, whatever order GCC keeps them in.  */
static void
note_marks (void *, void *)
{
  if (seen_error ())
    return;
  cgraph_node *node;
  FOR_EACH_DEFINED_FUNCTION (node)
    {
      if (node->alias || node->thunk || !DECL_NAME (node->decl)
	  || DECL_ARTIFICIAL (node->decl))
	continue;
      const char *mark = mark_as_written (node->decl);
      if (!mark)
	continue;
      tree decl = node->decl;
      const char *file = DECL_SOURCE_FILE (decl);
      evidence.marks.safe_push ({ xstrdup (name_of (decl)),
				  xstrdup (file ? file : ""),
				  DECL_SOURCE_LINE (decl), mark,
				  the_config.disregard != CONFIG_DISREGARD_NONE
				  && marks_to_take_off (decl) });
    }
  evidence.marks.qsort (by_place);
}

/* The errors GCC had counted when the current function's passes began,
   and the text of the first call in it to a function declared with
   attribute error, which GCC's expansion reports as an error.  */
static int errors_before;
static char *error_call;

static void
function_starts (void *, void *)
{
  errors_before = errorcount;
  free (error_call);
  error_call = NULL;
}

/* After the current function's passes: the errors they added.  */
static void
function_ends (void *, void *)
{
  if (errorcount <= errors_before || !current_function_decl)
    return;
  tree fn = source_function (current_function_decl);
  const char *file = DECL_SOURCE_FILE (fn);
  evidence.errors.safe_push ({ xstrdup (name_of (fn)),
			       xstrdup (file ? file : ""),
			       DECL_SOURCE_LINE (fn),
			       errorcount - errors_before, error_call });
  error_call = NULL;
}

/* The error GCC gives a call to FNDECL, declared with attribute error,
   that is still a call when the function is expanded; NULL for any other
   function.  */
static char *
error_attribute_text (tree fndecl)
{
  tree attr = fndecl ? lookup_attribute ("error", DECL_ATTRIBUTES (fndecl))
		     : NULL_TREE;
  if (!attr || !TREE_VALUE (attr)
      || TREE_CODE (TREE_VALUE (TREE_VALUE (attr))) != STRING_CST)
    return NULL;
  return xasprintf ("call to '%s' declared with attribute error: %s",
		    name_of (fndecl),
		    TREE_STRING_POINTER (TREE_VALUE (TREE_VALUE (attr))));
}

const pass_data error_calls_pass_data = {
  GIMPLE_PASS, "hotinline_error_calls", OPTGROUP_NONE, TV_NONE, PROP_cfg,
  0, 0, 0, 0
};

/* At the end of the GIMPLE pipeline, where a call to a function declared
   with attribute error that is left is the error expansion will give.  */
class error_calls_pass : public gimple_opt_pass
{
public:
  error_calls_pass (gcc::context *ctxt)
    : gimple_opt_pass (error_calls_pass_data, ctxt) {}
  unsigned int execute (function *fn) final override
  {
    basic_block bb;
    FOR_EACH_BB_FN (bb, fn)
      for (gimple_stmt_iterator gsi = gsi_start_bb (bb);
	   !error_call && !gsi_end_p (gsi); gsi_next (&gsi))
	if (is_gimple_call (gsi_stmt (gsi)))
	  error_call = error_attribute_text (
	    gimple_call_fndecl (gsi_stmt (gsi)));
    return 0;
  }
};

} // namespace

void
audit_register (const char *plugin_name)
{
  if (rule_marks_recorded (&the_config) == CONFIG_DISREGARD_NONE)
    return;
  register_callback (plugin_name, PLUGIN_ALL_IPA_PASSES_START, note_marks,
		     NULL);
  register_callback (plugin_name, PLUGIN_ALL_PASSES_START, function_starts,
		     NULL);
  register_callback (plugin_name, PLUGIN_ALL_PASSES_END, function_ends,
		     NULL);
  register_pass_at (plugin_name, new error_calls_pass (g), "optimized", 1,
		    PASS_POS_INSERT_AFTER);
}

} // namespace hotinline
