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

/* Whether DECL's marks are ones to take off: it carries one, it is
   declared outside the system headers, and rule_disregards names it.  */
static bool
marks_to_take_off (tree decl)
{
  bool marked = DECL_DISREGARD_INLINE_LIMITS (decl)
		|| lookup_attribute ("always_inline", DECL_ATTRIBUTES (decl))
		|| (the_config.disregard == CONFIG_DISREGARD_INLINE
		    && DECL_DECLARED_INLINE_P (decl));
  return marked && !in_system_header_at (DECL_SOURCE_LOCATION (decl))
	 && marks_disregarded (decl);
}

/* Before the IPA passes: every function of the unit is known, the source
   read whole (a later redeclaration cannot put a mark back), and nothing
   inlined yet.  Registered after force mode's callback, which GCC then
   calls after this one: a policy entry forces a function whose mark was
   taken off, as the reviewed policy that replaces the mark asks.  */
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
      DECL_ATTRIBUTES (decl) = without_always_inline (DECL_ATTRIBUTES (decl));
      DECL_DISREGARD_INLINE_LIMITS (decl) = 0;
      if (the_config.disregard == CONFIG_DISREGARD_INLINE)
	DECL_DECLARED_INLINE_P (decl) = 0;
    }
}

} // namespace

void
disregard_register (const char *plugin_name)
{
  if (the_config.disregard != CONFIG_DISREGARD_NONE)
    register_callback (plugin_name, PLUGIN_ALL_IPA_PASSES_START,
		       disregard_marks, NULL);
}

} // namespace hotinline
