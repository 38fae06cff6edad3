/* Which policy entry applies to a function of the IR: its symbol demangled
   into the names the policy uses, as the GCC plugin matches them, or for
   a function carrying a mark the results record, the marks' own entry;
   the entries matched so far; whether an entry is forced call by call (the
   core's rule); a function's name for messages and listings, and the
   unit's.  */
#include "hotinline.h"

#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Demangle/Demangle.h"

#include "cxx-names.h"

using namespace hotinline;

namespace {

/* The names of one symbol, worked out once: the forms a policy entry may
   give it, most specific first, as the GCC plugin offers them: the
   mangled name; for C++ the qualified name with its parameter list and
   qualifiers, the qualified name, the qualified name without the
   function's own template arguments, the name as C++ writes it ("S",
   "~S", "operator bool", "walk<false>") and the identifier ("walk").
   C++ forms in the canonical spelling of cxx-names.h (the demangler writes
   "(anonymous namespace)" and "char const*").  */
struct names
{
  std::vector<std::string> forms;	/* The symbol first.  */
  /* Of a C++ function (none of a C one, named by its symbol alone):  */
  std::string plain;		/* "step".  */
  std::string qualified;	/* "ns::S::step".  */
  std::string signature;	/* "ns::S::step(int) const".  */
  bool mentioned;		/* Some entry may name one of them.  */

  const std::string &
  plain_name () const
  {
    return plain.empty () ? forms.front () : plain;
  }
  const std::string &
  qualified_name () const
  {
    return qualified.empty () ? forms.front () : qualified;
  }
  const std::string &
  signature_name () const
  {
    return signature.empty () ? forms.front () : signature;
  }
};

thread_local llvm::StringMap<names> known;

/* The entries entry_for has returned.  */
thread_local llvm::SmallPtrSet<const struct policy_entry *, 16> matched;

/* The symbol without the suffixes LLVM gives the copies it makes
   (foo.specialized.1, foo.cold.1, foo.llvm.123): the core's rule,
   clone-names.h.  */
llvm::StringRef
base_symbol (llvm::StringRef symbol)
{
  return symbol.take_front (clone_base_length (symbol.data (),
					       symbol.size ()));
}

/* FORM, a C++ name in the demangler's spelling, into N's forms.  */
void
add_form (names &n, const std::string &form, bool normalize)
{
  if (form.empty ())
    return;
  std::string f = normalize ? take (cxx_name_normalize (form.c_str ()))
			    : form;
  for (const std::string &old : n.forms)
    if (old == f)
      return;
  n.forms.push_back (std::move (f));
}

/* The C++ forms of MANGLED, a function's mangled name, into N.  */
void
add_cxx_forms (names &n, const std::string &mangled)
{
  llvm::ItaniumPartialDemangler d;
  if (d.partialDemangle (mangled.c_str ()) || !d.isFunction ())
    return;
  /* A constructor's or destructor's complete and base object variants are
     one function as written: Clang calls the base one where they do the
     same, so either mangled name names both.  The variant is the first
     "C1E" (...) after the class's name, which ends the nested name; the
     parameters come after it.  */
  static const char *const variants[][2] = { { "C1E", "C2E" },
					     { "D1E", "D2E" } };
  if (d.isCtorOrDtor ())
    for (const auto &v : variants)
      {
	size_t at0 = mangled.find (v[0]), at1 = mangled.find (v[1]);
	size_t at = std::min (at0, at1);
	if (at != std::string::npos)
	  add_form (n, mangled.substr (0, at) + v[at == at0 ? 1 : 0]
		       + mangled.substr (at + 3), false);
      }
  size_t size = 0;
  std::string name = take (d.getFunctionName (nullptr, &size));
  std::string context = take (d.getFunctionDeclContextName (nullptr,
							      &size));
  std::string id = take (d.getFunctionBaseName (nullptr, &size));
  std::string params = take (d.getFunctionParameters (nullptr, &size));
  std::string full = take (d.finishDemangle (nullptr, &size));
  /* The qualifiers after the parameters (" const", " &&").  */
  size_t at = full.rfind (params);
  std::string quals = at == std::string::npos
			? "" : full.substr (at + params.size ());
  add_form (n, name + params + quals, true);
  n.signature = n.forms.back ();
  add_form (n, name, true);
  n.qualified = n.forms.back ();
  if (!context.empty ())
    add_form (n, context + "::" + id, true);
  std::string prefix = context + "::";
  add_form (n, !context.empty () && name.compare (0, prefix.size (),
						   prefix) == 0
		 ? name.substr (prefix.size ()) : name, true);
  add_form (n, id, true);
  n.plain = id;
}

const names &
names_of (llvm::StringRef symbol)
{
  auto found = known.find (symbol);
  if (found != known.end ())
    return found->second;
  names n;
  llvm::StringRef base = base_symbol (symbol);
  n.forms.push_back (base.str ());
  if (base.starts_with ("_Z"))
    {
      /* The demangler's nodes point into the text it was given, which
	 must not move while it works.  */
      const std::string mangled = n.forms.front ();
      add_cxx_forms (n, mangled);
    }
  n.mentioned = false;
  for (const std::string &f : n.forms)
    n.mentioned = n.mentioned || policy_mentions (the_policy, f.c_str ());
  return known.insert ({ symbol, std::move (n) }).first->second;
}

/* Whether the function N names carries a mark whose calls the results
   record (disregard.cpp): by its symbol, a copy LLVM made by the one it
   was made from.  Asked each time, not kept in N: N may be made before
   the front end has seen every mark.  */
bool
marked (const names &n)
{
  return !marked_symbols.empty () && marked_symbols.count (n.forms.front ());
}

} // namespace

namespace hotinline {

std::string
take (char *text)
{
  std::string s = text ? text : "";
  free (text);
  return s;
}

std::string
name_of (const llvm::Function &f)
{
  return names_of (f.getName ()).plain_name ();
}

std::string
name_of_symbol (llvm::StringRef symbol)
{
  return names_of (symbol).plain_name ();
}

std::string
listing_name_of (const llvm::Function &f, bool by_name)
{
  const names &n = names_of (f.getName ());
  return by_name ? n.qualified_name () : n.signature_name ();
}

const struct policy_entry *
entry_for (const llvm::Function &callee, const llvm::Function *caller)
{
  if (!the_policy)
    return NULL;
  const names &n = names_of (callee.getName ());
  if (!n.mentioned)
    return marked (n) ? rule_mark_entry () : NULL;
  const std::string *caller_name
    = caller ? &names_of (caller->getName ()).plain_name () : nullptr;
  /* At a full LTO link the module is all units: a call's unit is its
     caller's.  */
  std::string caller_unit = unit_of (caller);
  const char *unit = rule_scope_file (caller_unit.c_str (),
				      unit_name (*callee.getParent ()));
  std::vector<const char *> forms;
  for (const std::string &f : n.forms)
    forms.push_back (f.c_str ());
  const struct policy_entry *e
    = policy_lookup_forms (the_policy, forms.data (), forms.size (),
			   caller_name ? caller_name->c_str () : NULL, unit);
  if (e)
    matched.insert (e);
  else if (marked (n))
    e = rule_mark_entry ();
  return e;
}

const std::vector<std::string> &
name_forms (llvm::StringRef symbol)
{
  return names_of (symbol).forms;
}

bool
symbol_mentioned (llvm::StringRef symbol)
{
  if (!the_policy)
    return false;
  const names &n = names_of (symbol);
  return n.mentioned || marked (n);
}

bool
entry_matched (const struct policy_entry *entry)
{
  return matched.count (entry) > 0;
}

size_t
entries_matched ()
{
  return matched.size ();
}

/* LLVM forces a single call through the call's own attribute, at -O0
   too; every entry is forced so under surgical forcing.  */
bool
forced_per_call (const struct policy_entry *entry)
{
  const struct force_context ctx = { true, surgical };
  return rule_forced_per_call (entry, &ctx);
}

} // namespace hotinline
