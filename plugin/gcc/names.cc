/* Which policy entry applies to a function: its names, as the user wrote
   them and as the policy may give them, and the lookup of those names
   (as the LLVM plugin's names.cpp).  */
#include "gcc-compat.h"

#include "hotinline.h"
#include "cxx-names.h"

namespace hotinline {

/* Entries that matched something in this unit, for the summary.  */
static hash_set<const struct policy_entry *> *matched_entries;

/* The function behind a clone or a split part (foo.constprop.0,
   foo.part.0): the one the user wrote.  */
tree
source_function (tree decl)
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
  /* A clone whose origin GCC has let go of the clone tree (its calls all
     went to the clone): the origin by its assembler name, which is the
     clone's without the suffix.  */
  if (DECL_ASSEMBLER_NAME_SET_P (decl))
    {
      const char *asm_name = IDENTIFIER_POINTER (DECL_ASSEMBLER_NAME_RAW
						 (decl));
      size_t base = policy_base_name_length (asm_name);
      if (asm_name[base])
	{
	  char *base_name = xstrndup (asm_name, base);
	  tree id = maybe_get_identifier (base_name);
	  free (base_name);
	  symtab_node *origin = id ? symtab_node::get_for_asmname (id) : NULL;
	  if (origin && TREE_CODE (origin->decl) == FUNCTION_DECL
	      && origin->decl != decl)
	    return origin->decl;
	}
    }
  return decl;
}

const char *
name_of (tree decl)
{
  tree name = DECL_NAME (decl);
  if (!name)
    return "(anonymous)";
  /* C++: the qualified name as the user writes it ("ns::S::S",
     "ns::S::operator bool"), not GCC's internal identifier ("__ct ").  */
  if (lang_GNU_CXX ())
    return lang_hooks.decl_printable_name (decl, 1);
  return IDENTIFIER_POINTER (name);
}

/* The names a policy entry may give a function, most specific first:
   the mangled name; for C++ the qualified name with its parameter list
   as declared (typedefs kept) and without typedefs, the qualified name,
   the qualified name without the function's own template arguments, the
   unqualified name as C++ writes it ("S", "~S", "operator bool",
   "walk<false>") and GCC's identifier ("walk").  C++ names are in the
   canonical spelling of cxx-names.h.  Each distinct once.  */
struct decl_names
{
  char *forms[16];
  unsigned n;
  bool mentioned;		/* Some entry's name matches one of them.  */
  /* For listings: the qualified name (C++), the identifier (C).  */
  const char *name;
};

static const char *
add_form (decl_names *names, char *form)
{
  for (unsigned i = 0; i < names->n; i++)
    if (strcmp (names->forms[i], form) == 0)
      {
	free (form);
	return names->forms[i];
      }
  gcc_assert (names->n < ARRAY_SIZE (names->forms));
  return names->forms[names->n++] = form;
}

static const char *
add_cxx_form (decl_names *names, const char *text)
{
  return add_form (names, cxx_name_normalize (text));
}

/* TYPE as the C++ front end prints it in diagnostics: by a copy of the
   printer of GCC's diagnostics (its format decoder knows %T, and wants
   its postprocessor), so that the plugin needs no symbol of the C++ front
   end.  */
static char *
type_text (tree type)
{
  pretty_printer pp (*diagnostic_printer ());
  pp_show_color (&pp) = false;
  /* The host compiler's -Wformat knows only the core of GCC's formats.  */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wformat"
#pragma GCC diagnostic ignored "-Wformat-extra-args"
  pp_printf (&pp, "%T", type);
#pragma GCC diagnostic pop
  return xstrdup (pp_formatted_text (&pp));
}

/* TYPE for a parameter list: without the qualifiers of the parameter
   itself, which are no part of the function's type, and CANONICAL:
   without typedefs.  */
static char *
parameter_type_text (tree type, bool canonical)
{
  if (canonical && TYPE_CANONICAL (type))
    type = TYPE_CANONICAL (type);
  if (TYPE_QUALS (type) != TYPE_UNQUALIFIED)
    type = build_qualified_type (type, TYPE_UNQUALIFIED);
  char *text = type_text (type);
  /* The C++ front end adds what a typedef stands for: " {aka int}".  */
  if (char *aka = strstr (text, "{aka "))
    {
      while (aka > text && aka[-1] == ' ')
	aka--;
      *aka = '\0';
    }
  return text;
}

/* "(T1, T2) const" for DECL's parameters, as declared (the types of its
   PARM_DECLs, typedefs kept) or CANONICAL.  NULL when GCC has no
   parameter list for it.  */
static char *
parameter_list (tree decl, bool canonical)
{
  tree fntype = TREE_TYPE (decl);
  if (!fntype || !FUNC_OR_METHOD_TYPE_P (fntype) || !prototype_p (fntype))
    return NULL;
  tree args = TYPE_ARG_TYPES (fntype);
  bool is_const = false;
  if (TREE_CODE (fntype) == METHOD_TYPE && args)
    {
      tree this_type = TREE_VALUE (args);
      is_const = POINTER_TYPE_P (this_type)
		 && TYPE_READONLY (TREE_TYPE (this_type));
      args = TREE_CHAIN (args);
    }
  pretty_printer pp;
  pp_character (&pp, '(');
  bool first = true;
  auto add = [&] (tree type)
    {
      char *text = parameter_type_text (type, canonical);
      if (!first)
	pp_string (&pp, ", ");
      pp_string (&pp, text);
      free (text);
      first = false;
    };
  /* The PARM_DECLs, where there are (a definition), have the types as
     written; the artificial ones ("this", the in-charge flag of a
     destructor) are no part of what the user writes.  */
  if (DECL_ARGUMENTS (decl))
    {
      for (tree parm = DECL_ARGUMENTS (decl); parm; parm = DECL_CHAIN (parm))
	if (!DECL_ARTIFICIAL (parm))
	  add (TREE_TYPE (parm));
    }
  else
    for (tree a = args; a && a != void_list_node; a = TREE_CHAIN (a))
      add (TREE_VALUE (a));
  if (stdarg_p (fntype))
    pp_string (&pp, first ? "..." : ", ...");
  pp_character (&pp, ')');
  if (is_const)
    pp_string (&pp, " const");
  return xstrdup (pp_formatted_text (&pp));
}

/* Whether some entry ends with a parameter list: printing every C++
   function's parameter types costs a fifth of a large unit's compile
   time, and only such entries need them.  */
static int entries_have_parameters = -1;

static bool
parameter_lists_needed (void)
{
  if (entries_have_parameters < 0)
    {
      entries_have_parameters = 0;
      for (size_t i = 0; i < policy_entry_count (the_policy); i++)
	{
	  const struct policy_pattern *name
	    = &policy_entry_at (the_policy, i)->name;
	  if (cxx_name_has_parameters (name->text, name->len))
	    entries_have_parameters = 1;
	}
    }
  return entries_have_parameters;
}

/* The qualified name of DECL with its parameter list without typedefs,
   in the canonical spelling (xmalloc'd), or NULL.  */
static char *
canonical_signature (tree decl)
{
  char *params = parameter_list (decl, true);
  if (!params)
    return NULL;
  char *sig = concat (lang_hooks.decl_printable_name (decl, 1), params,
		      NULL);
  char *normal = cxx_name_normalize (sig);
  free (sig);
  free (params);
  return normal;
}

static void
compute_names (decl_names *names, tree decl)
{
  const char *id = IDENTIFIER_POINTER (DECL_NAME (decl));
  if (DECL_ASSEMBLER_NAME_SET_P (decl))
    add_form (names, xstrdup (IDENTIFIER_POINTER
			      (DECL_ASSEMBLER_NAME_RAW (decl))));
  /* A clone whose origin is gone ("walk.constprop"): its C++ names are
     those of a copy under the origin's identifier, which has its template
     arguments back; its parameters may have been changed.  */
  size_t base = policy_base_name_length (id);
  bool clone = id[base] != '\0';
  if (clone)
    {
      decl = copy_node (decl);
      DECL_NAME (decl) = get_identifier_with_length (id, base);
      id = IDENTIFIER_POINTER (DECL_NAME (decl));
    }
  if (lang_GNU_CXX ())
    {
      const char *qualified = lang_hooks.decl_printable_name (decl, 1);
      /* The printable names live in a buffer the next call reuses.  */
      char *q = xstrdup (qualified);
      for (int canonical = 0;
	   canonical < 2 && !clone && parameter_lists_needed (); canonical++)
	if (char *params = parameter_list (decl, canonical))
	  {
	    char *sig = concat (q, params, NULL);
	    add_cxx_form (names, sig);
	    free (sig);
	    free (params);
	  }
      names->name = add_cxx_form (names, q);
      char *plain = xstrdup (lang_hooks.decl_printable_name (decl, 0));
      /* "walk<false>": its qualified name without "<false>" too.  */
      size_t id_len = strlen (id), q_len = strlen (q), p_len = strlen (plain);
      if (p_len > id_len && strncmp (plain, id, id_len) == 0
	  && plain[id_len] == '<' && q_len >= p_len
	  && strcmp (q + q_len - p_len, plain) == 0)
	{
	  q[q_len - p_len + id_len] = '\0';
	  add_cxx_form (names, q);
	}
      add_cxx_form (names, plain);
      free (plain);
      free (q);
      /* GCC's own identifiers of constructors, destructors and conversion
	 operators ("__ct ") are no names a user writes.  */
      if (strchr (id, ' ') && strncmp (id, "operator", 8) != 0)
	return;
      add_form (names, xstrdup (id));
      return;
    }
  names->name = add_form (names, xstrdup (id));
}

/* The names of each function asked about, by DECL_UID (which, unlike a
   tree's address, is never reused within a compilation).  */
typedef hash_map<int_hash<unsigned, UINT_MAX, UINT_MAX - 1>, decl_names *>
  names_map;
static names_map *names_by_uid;

/* The names of DECL, the function a call goes to: its own mangled name
   (a constructor's "C1" or "C2" variant, a clone's), then those of the
   function as written.  */
static const decl_names *
names_of (tree decl)
{
  if (!names_by_uid)
    names_by_uid = new names_map;
  bool existed;
  decl_names *&slot = names_by_uid->get_or_insert (DECL_UID (decl),
						   &existed);
  if (!existed)
    {
      decl_names *names = XCNEW (decl_names);
      tree source = source_function (decl);
      if (source != decl && DECL_ASSEMBLER_NAME_SET_P (decl))
	add_form (names, xstrdup (IDENTIFIER_POINTER
				  (DECL_ASSEMBLER_NAME_RAW (decl))));
      /* A body's aliases are its names too: GCC makes a constructor's
	 complete-object variant (C1) an alias of its base one (C2).  */
      ipa_ref *ref;
      if (cgraph_node *node = cgraph_node::get (decl))
	FOR_EACH_ALIAS (node, ref)
	  /* Room is left for the forms of the function as written.  */
	  if (DECL_ASSEMBLER_NAME_SET_P (ref->referring->decl)
	      && names->n + 8 < ARRAY_SIZE (names->forms))
	    add_form (names, xstrdup (IDENTIFIER_POINTER
				      (DECL_ASSEMBLER_NAME_RAW
				       (ref->referring->decl))));
      compute_names (names, source);
      for (unsigned i = 0; i < names->n && !names->mentioned; i++)
	names->mentioned = policy_mentions (the_policy, names->forms[i]);
      slot = names;
    }
  return slot;
}

char *
listing_name_of (tree decl, bool by_name)
{
  tree source = source_function (decl);
  if (!by_name && lang_GNU_CXX ())
    if (char *sig = canonical_signature (source))
      return sig;
  const decl_names *names = names_of (decl);
  return xstrdup (names->name ? names->name : name_of (decl));
}

/* Whether DECL's mangled name is its identifier: a C function, whose
   identifier alone names it.  */
static bool
plain_c_name_p (tree decl)
{
  return !lang_GNU_CXX () && DECL_CONTEXT (decl)
	 && TREE_CODE (DECL_CONTEXT (decl)) == TRANSLATION_UNIT_DECL
	 && (!DECL_ASSEMBLER_NAME_SET_P (decl)
	     || DECL_ASSEMBLER_NAME_RAW (decl) == DECL_NAME (decl));
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

const char *
mark_as_written (tree fndecl)
{
  enum config_disregard level = rule_marks_recorded (&the_config);
  if (level == CONFIG_DISREGARD_NONE)
    return NULL;
  fndecl = source_function (fndecl);
  if (in_system_header_at (DECL_SOURCE_LOCATION (fndecl)))
    return NULL;
  const char *mark = NULL;
  if (const char **taken = marks_taken_off ? marks_taken_off->get (fndecl)
					    : NULL)
    mark = *taken;
  else if (lookup_attribute ("always_inline", DECL_ATTRIBUTES (fndecl)))
    mark = "always_inline";
  else if (DECL_DECLARED_INLINE_P (fndecl))
    mark = "inline";
  if (mark && strcmp (mark, "inline") == 0
      && level != CONFIG_DISREGARD_INLINE)
    return NULL;
  return mark;
}

bool
name_mentioned_p (tree decl)
{
  if (!DECL_NAME (decl) || !the_policy)
    return false;
  if (mark_as_written (decl))
    return true;
  tree source = source_function (decl);
  if (!DECL_NAME (source))
    return false;
  /* C++ and other mangled names: every form, once per function.  */
  if (!plain_c_name_p (source))
    return names_of (decl)->mentioned;
  decl = source;
  tree id = DECL_NAME (decl);
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
      k->mentioned = policy_mentions (the_policy, text);
      *slot = k;
    }
  return ((known_name *) *slot)->mentioned;
}

void
forget_names (void)
{
  if (known_names)
    htab_delete (known_names);
  known_names = NULL;
  entries_have_parameters = -1;
  if (names_by_uid)
    {
      for (names_map::iterator it = names_by_uid->begin ();
	   it != names_by_uid->end (); ++it)
	{
	  decl_names *names = (*it).second;
	  for (unsigned i = 0; i < names->n; i++)
	    free (names->forms[i]);
	  free (names);
	}
      delete names_by_uid;
      names_by_uid = NULL;
    }
}

/* The name "callers" patterns match: the caller's identifier, as LLVM's
   plugin takes it from the mangled name.  GCC's own identifiers of
   constructors, destructors and conversion operators ("__ct_comp ") are
   no names a user writes: for those, the name as C++ writes it ("S",
   "~S", "operator bool").  */
static const char *
caller_identifier (tree caller)
{
  if (!DECL_NAME (caller))
    return NULL;
  const char *id = IDENTIFIER_POINTER (DECL_NAME (caller));
  if (!lang_GNU_CXX () || !strchr (id, ' '))
    return id;
  return lang_hooks.decl_printable_name (caller, 0);
}

const struct policy_entry *
entry_for (tree fndecl, tree caller)
{
  /* A clone (walk<false>.constprop.0) is governed as the function the
     user wrote, by whatever name the entry gives it.  */
  tree called = fndecl;
  fndecl = source_function (fndecl);
  if (!DECL_NAME (fndecl))
    return NULL;
  /* Most functions are not hot: answer those without a scoped lookup.  */
  if (!name_mentioned_p (called))
    return NULL;
  const char *caller_name = caller ? caller_identifier (caller) : NULL;
  /* The file "files" patterns match: at an LTO link, the main source
     file of the unit that compiled the caller (or, without one, the
     function), the unit a function defined in a header belongs to.  */
  const char *unit = rule_scope_file (unit_of (caller ? caller : fndecl),
				      unit_name ());
  /* A C function has one name, its identifier: the one form looked up.  */
  const char *c_name = IDENTIFIER_POINTER (DECL_NAME (fndecl));
  const decl_names *names = plain_c_name_p (fndecl) ? NULL
						    : names_of (called);
  const struct policy_entry *e
    = names ? policy_lookup_forms (the_policy, names->forms, names->n,
				   caller_name, unit)
	    : policy_lookup_forms (the_policy, &c_name, 1, caller_name, unit);
  if (e)
    {
      if (!matched_entries)
	matched_entries = new hash_set<const struct policy_entry *>;
      matched_entries->add (e);
    }
  else if (mark_as_written (called))
    e = rule_mark_entry ();
  return e;
}

bool
marks_disregarded (tree fndecl)
{
  fndecl = source_function (fndecl);
  const char *unit = rule_scope_file (unit_of (fndecl), unit_name ());
  if (!the_config.disregard_only || !DECL_NAME (fndecl))
    return rule_disregards (&the_config, the_only_policy, NULL, 0, unit);
  /* The forms entry_for looks up.  */
  const char *c_name = IDENTIFIER_POINTER (DECL_NAME (fndecl));
  if (plain_c_name_p (fndecl))
    return rule_disregards (&the_config, the_only_policy, &c_name, 1, unit);
  if (symtab->state != PARSING)
    {
      const decl_names *names = names_of (fndecl);
      return rule_disregards (&the_config, the_only_policy,
			      (const char *const *) names->forms, names->n,
			      unit);
    }
  /* While the source is read, a body has not all its names yet (the
     aliases GCC makes of a constructor's variants): they are not kept for
     entry_for.  */
  decl_names names = {};
  compute_names (&names, fndecl);
  bool disregarded = rule_disregards (&the_config, the_only_policy,
				      (const char *const *) names.forms,
				      names.n, unit);
  for (unsigned i = 0; i < names.n; i++)
    free (names.forms[i]);
  return disregarded;
}

bool
entry_matched (const struct policy_entry *entry)
{
  return matched_entries && matched_entries->contains (entry);
}

size_t
entries_matched (void)
{
  return matched_entries ? matched_entries->elements () : 0;
}

} // namespace hotinline
