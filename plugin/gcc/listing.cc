/* Listing: the functions the source marks always_inline (or another
   attribute) added to a policy file as always_inline entries, in the
   spelling the plugin matches, so that a project can move its annotations
   into a policy.  The units of a parallel build add to one file in turn
   (policy-listing.c).  */
#include "gcc-compat.h"

#include "cxx-names.h"
#include "hotinline.h"
#include "policy-listing.h"

namespace hotinline {

/* ATTR as GCC stores attribute names: "__always_inline__" is
   "always_inline".  */
static char *
attribute_name (const char *attr)
{
  size_t len = strlen (attr);
  if (len > 4 && strncmp (attr, "__", 2) == 0
      && strcmp (attr + len - 2, "__") == 0)
    return xstrndup (attr + 2, len - 4);
  return xstrdup (attr);
}

/* Into NAMES, the listing names of the functions of this unit that carry
   the attribute.  */
static void
collect_marked (vec<char *> *names)
{
  char *attr = attribute_name (the_config.list_attribute);
  cgraph_node *node;
  FOR_EACH_FUNCTION (node)
    if (!node->alias && !node->thunk && DECL_NAME (node->decl)
	&& lookup_attribute (attr, DECL_ATTRIBUTES (node->decl)))
      {
	/* Escaped: a name is an entry that names its function only.  */
	char *name = listing_name_of (node->decl, the_config.list_by_name);
	char *escaped = cxx_name_escape_globs (name);
	if (!escaped)
	  abort ();
	names->safe_push (escaped);
	free (name);
      }
  free (attr);
}

/* Before the IPA passes, when every function of the unit is known and
   none has been inlined or cloned yet.  */
static void
list_marked_functions (void *, void *)
{
  if (seen_error ())
    return;
  auto_vec<char *> names;
  collect_marked (&names);
  if (const char *problem
      = policy_listing_merge (the_config.list_file, names.address (),
			      names.length (), the_config.list_attribute))
    emit_plain_warning (UNKNOWN_LOCATION, "%s [hotinline]", problem);
}

void
listing_register (const char *plugin_name)
{
  if (the_config.list_file)
    register_callback (plugin_name, PLUGIN_ALL_IPA_PASSES_START,
		       list_marked_functions, NULL);
}

} // namespace hotinline
