/* Helpers shared by force and report modes: which entry applies to a
   function, and how diagnostics about entries are emitted.  */
#include "gcc-compat.h"

#include "hotinline.h"

struct policy *hot_policy;
struct config hot_config;
struct hot_stats hot_stats;

/* Entries that matched something in this unit, for the summary.  */
static hash_set<const struct policy_entry *> *matched_entries;

const char *
hot_unit (void)
{
  return main_input_filename;
}

/* The source file that "files" patterns are matched against for code of
   DECL: the unit's main file, or under LTO (where the unit is a link-time
   partition) the file that defines DECL.  */
static const char *
unit_of (tree decl)
{
  if (in_lto_p && decl)
    return DECL_SOURCE_FILE (decl);
  return hot_unit ();
}

/* The function behind a clone or a split part (foo.constprop.0,
   foo.part.0): the one the user wrote.  */
tree
hot_source_function (tree decl)
{
  /* A clone of a split part (foo.part.0.isra.0) leads back to foo in two
     steps; the bound only guards against a cycle.  */
  for (int step = 0; step < 8; step++)
    {
      tree origin = decl;
      cgraph_node *node = cgraph_node::get (decl);
      while (node && node->clone_of)
	node = node->clone_of;
      if (node && node->former_clone_of)
	origin = node->former_clone_of;
      else if (DECL_ABSTRACT_ORIGIN (decl)
	       && TREE_CODE (DECL_ABSTRACT_ORIGIN (decl)) == FUNCTION_DECL)
	origin = DECL_ABSTRACT_ORIGIN (decl);
      if (origin == decl)
	break;
      decl = origin;
    }
  return decl;
}

const char *
hot_name_of (tree decl)
{
  tree name = DECL_NAME (decl);
  return name ? IDENTIFIER_POINTER (name) : "(anonymous)";
}

vec<hot_inline_link>
hot_inline_chain (location_t loc, tree fn)
{
  vec<hot_inline_link> chain = vNULL;
  tree inner = NULL_TREE;
  for (tree block = LOCATION_BLOCK (loc);
       block && TREE_CODE (block) == BLOCK;
       block = BLOCK_SUPERCONTEXT (block))
    {
      if (!inlined_function_outer_scope_p (block))
	continue;
      tree origin = block_ultimate_origin (block);
      if (!origin || TREE_CODE (origin) != FUNCTION_DECL)
	continue;
      if (inner)
	chain.safe_push ({ block_ultimate_origin (inner), origin,
			   BLOCK_SOURCE_LOCATION (inner) });
      inner = block;
    }
  if (inner && fn)
    chain.safe_push ({ block_ultimate_origin (inner),
		       hot_source_function (fn),
		       BLOCK_SOURCE_LOCATION (inner) });
  return chain;
}

/* Whether FNDECL sits inside a class or namespace (C++).  */
static bool
scoped_decl_p (tree fndecl)
{
  tree ctx = DECL_CONTEXT (fndecl);
  return ctx && TREE_CODE (ctx) != TRANSLATION_UNIT_DECL;
}

/* Names already checked against the policy, with the answer: a unit asks
   about the same few hundred names thousands of times (each call, in
   several passes), and a policy may hold thousands of entries and globs.
   Keyed by the text, not by the identifier, which GCC may collect and
   reuse for another name; hashed with GCC's own hash of the identifier.  */
struct known_name
{
  char *text;
  hashval_t hash;
  bool mentioned;
};
static htab_t known_names;

static hashval_t
known_name_hash (const void *elem)
{
  return ((const known_name *) elem)->hash;
}

static int
known_name_eq (const void *elem, const void *text)
{
  return strcmp (((const known_name *) elem)->text, (const char *) text) == 0;
}

static void
known_name_free (void *elem)
{
  free (((known_name *) elem)->text);
  free (elem);
}

bool
hot_name_mentioned_p (tree decl)
{
  tree id = DECL_NAME (decl);
  if (!id || !hot_policy)
    return false;
  /* A C++ function in a class or namespace may be named by its qualified
     name only: it may always be hot, and gets the full lookup.  */
  if (scoped_decl_p (decl))
    return true;
  if (!known_names)
    known_names = htab_create_alloc (256, known_name_hash, known_name_eq,
				     known_name_free, xcalloc, free);
  const char *text = IDENTIFIER_POINTER (id);
  hashval_t hash = IDENTIFIER_HASH_VALUE (id);
  void **slot = htab_find_slot_with_hash (known_names, text, hash, INSERT);
  if (!*slot)
    {
      known_name *k = XNEW (known_name);
      k->text = xstrdup (text);
      k->hash = hash;
      k->mentioned = policy_mentions (hot_policy, text);
      *slot = k;
    }
  return ((known_name *) *slot)->mentioned;
}

void
hot_forget_names (void)
{
  if (known_names)
    htab_delete (known_names);
  known_names = NULL;
}

const struct policy_entry *
hot_entry_for (tree fndecl, tree caller)
{
  if (!DECL_NAME (fndecl))
    return NULL;
  /* Most functions are not hot: answer those without a scoped lookup.  */
  if (!hot_name_mentioned_p (fndecl))
    return NULL;
  const char *caller_name
    = caller && DECL_NAME (caller) ? IDENTIFIER_POINTER (DECL_NAME (caller))
				   : NULL;
  const char *unit = unit_of (caller ? caller : fndecl);
  const struct policy_entry *e
    = policy_lookup (hot_policy, IDENTIFIER_POINTER (DECL_NAME (fndecl)),
		     caller_name, unit);
  /* A C++ member or namespace-scope function: try "ns::Class::name".  */
  if (!e && scoped_decl_p (fndecl))
    e = policy_lookup (hot_policy, lang_hooks.decl_printable_name (fndecl, 1),
		       caller_name, unit);
  if (e)
    {
      if (!matched_entries)
	matched_entries = new hash_set<const struct policy_entry *>;
      matched_entries->add (e);
    }
  return e;
}

bool
hot_entry_matched (const struct policy_entry *entry)
{
  return matched_entries && matched_entries->contains (entry);
}

void
hot_note_entry (location_t loc, const struct policy_entry *entry)
{
  if (entry->reason)
    inform (loc, "policy entry for %qs at %s:%u:%u: %s [hotinline]",
	    entry->name.text, entry->loc.file, entry->name_loc.line,
	    entry->name_loc.column, entry->reason);
  else
    inform (loc, "policy entry for %qs at %s:%u:%u [hotinline]",
	    entry->name.text, entry->loc.file, entry->name_loc.line,
	    entry->name_loc.column);
}

/* The per-unit summary, when asked for.  */
static void
print_summary (void *, void *)
{
  if (!hot_policy)
    return;
  unsigned matched = matched_entries ? matched_entries->elements () : 0;
  inform (UNKNOWN_LOCATION,
	  "hotinline summary for %s: %u of %u policy entries matched; "
	  "%u calls to hot functions in the source, %u still calls after "
	  "inlining; %u functions forced inline, %u could not be; %u "
	  "declined calls inlined surgically [hotinline]",
	  hot_unit (), matched, (unsigned) policy_entry_count (hot_policy),
	  hot_stats.source_calls, hot_stats.calls_not_inlined,
	  hot_stats.forced, hot_stats.not_forced, hot_stats.calls_forced);
}

void
summary_register (const char *plugin_name)
{
  if (hot_config.summary)
    register_callback (plugin_name, PLUGIN_FINISH_UNIT, print_summary, NULL);
}
