/* Disregarding the source's inline marks (disregard=, disregard-only=):
   the unit is compiled as if the marks of the functions rule_disregards
   names were not written.  GCC keeps an always_inline mark as the
   attribute in DECL_ATTRIBUTES, which its inliners look up, and the flag
   DECL_DISREGARD_INLINE_LIMITS the front end sets from it, which lifts
   the limits; the inline keyword's hint is DECL_DECLARED_INLINE_P (its
   linkage, DECL_EXTERNAL and the like, is left alone).  They are taken
   off before the IPA passes, where the early inliner (einline, and at -O0
   the always-inliner) is the first to look at them; in an -flto
   compilation they are then not streamed, so that the link never sees
   them either.  A function declared in a system header keeps its marks:
   the compiler's intrinsics and libc's wrappers need them.  */
#include "gcc-compat.h"

#include "hotinline.h"

namespace hotinline {

namespace {

/* LIST without its always_inline attributes, sharing what it can: an
   attribute list may be shared with another declaration (a clone, a
   redeclaration), so it is copied, not changed in place.  */
static tree
without_always_inline (tree list)
{
  if (!list || !lookup_attribute ("always_inline", list))
    return list;
  tree rest = without_always_inline (TREE_CHAIN (list));
  if (is_attribute_p ("always_inline", get_attribute_name (list)))
    return rest;
  tree copy = copy_node (list);
  TREE_CHAIN (copy) = rest;
  return copy;
}

/* Whether DECL is a GNU C extern inline function (gnu89 inline, or the
   gnu_inline attribute), to which the C front end gives
   DECL_DISREGARD_INLINE_LIMITS of its own, with or without always_inline:
   its body is there only to be inlined.  That stays: it is the linkage's,
   not a mark's.  */
static bool
gnu_extern_inline_p (tree decl)
{
  return DECL_EXTERNAL (decl) && DECL_DECLARED_INLINE_P (decl)
	 && (flag_gnu89_inline
	     || lookup_attribute ("gnu_inline", DECL_ATTRIBUTES (decl)));
}

/* Whether DECL's marks are ones to take off: it carries one, it is
   declared outside the system headers, and rule_disregards names it.  */
} // namespace

bool
marks_to_take_off (tree decl)
{
  bool marked = lookup_attribute ("always_inline", DECL_ATTRIBUTES (decl))
		|| (the_config.disregard == CONFIG_DISREGARD_INLINE
		    && DECL_DECLARED_INLINE_P (decl));
  return marked && !in_system_header_at (DECL_SOURCE_LOCATION (decl))
	 && marks_disregarded (decl);
}

namespace {

/* Take off DECL's always_inline: the attribute, and the limits it lifts
   (unless the linkage lifts them too).  */
static void
take_off_always_inline (tree decl)
{
  if (!lookup_attribute ("always_inline", DECL_ATTRIBUTES (decl)))
    return;
  DECL_ATTRIBUTES (decl) = without_always_inline (DECL_ATTRIBUTES (decl));
  DECL_DISREGARD_INLINE_LIMITS (decl) = gnu_extern_inline_p (decl);
}

/* As each function's definition is read, before GCC's symbol table takes
   it (cgraph_node::finalize_function), which decides from the marks
   whether to keep a static function nothing calls: at -O0, with
   -fkeep-static-functions or without reordering it keeps one neither
   inline nor always_inline.  A function whose marks are disregarded is
   kept as it would be written without them.  The marks themselves stay
   on until the IPA passes: the C front end still reads the inline keyword
   for the linkage of later declarations (C99 inline definitions), and
   the listing (list=) lists the marks as written.  */
static void
keep_as_without_marks (void *gcc_data, void *)
{
  tree decl = (tree) gcc_data;
  if (seen_error () || !decl || TREE_CODE (decl) != FUNCTION_DECL
      || TREE_PUBLIC (decl) || DECL_EXTERNAL (decl) || DECL_COMDAT (decl)
      || decl_function_context (decl))
    return;
  if (opt_for_fn (decl, optimize) && !flag_keep_static_functions
      && flag_toplevel_reorder
      && !lookup_attribute ("no_reorder", DECL_ATTRIBUTES (decl)))
    return;
  bool inline_left = the_config.disregard != CONFIG_DISREGARD_INLINE
		     && DECL_DECLARED_INLINE_P (decl);
  if (!inline_left && marks_to_take_off (decl))
    cgraph_node::get_create (decl)->force_output = 1;
}

/* Before the IPA passes: every function of the unit is known, the source
   read whole (no later declaration puts a mark back), and nothing
   inlined yet: the early inliner (einline, at -O0 the
   always-inliner) is the first to look at the marks.  Registered after
   force mode's callback, which GCC then calls after this one: a policy
   entry forces a function whose mark was taken off, as the reviewed
   policy that replaces the mark asks.  */
static void
disregard_marks (void *, void *)
{
  if (seen_error ())
    return;
  cgraph_node *node;
  FOR_EACH_FUNCTION (node)
    {
      tree decl = node->decl;
      if (!marks_to_take_off (decl))
	continue;
      if (!marks_taken_off)
	marks_taken_off = new hash_map<tree, const char *>;
      marks_taken_off->put (decl, lookup_attribute ("always_inline",
						    DECL_ATTRIBUTES (decl))
				  ? "always_inline" : "inline");
      take_off_always_inline (decl);
      if (the_config.disregard == CONFIG_DISREGARD_INLINE)
	DECL_DECLARED_INLINE_P (decl) = 0;
    }
}

} // namespace

void
disregard_register (const char *plugin_name)
{
  if (the_config.disregard != CONFIG_DISREGARD_NONE)
    {
      register_callback (plugin_name, PLUGIN_PRE_GENERICIZE,
			 keep_as_without_marks, NULL);
      register_callback (plugin_name, PLUGIN_ALL_IPA_PASSES_START,
			 disregard_marks, NULL);
    }
}

} // namespace hotinline
