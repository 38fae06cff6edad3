/* Which policy entry applies to a function of the IR: its symbol demangled
   into the names the policy uses, as the GCC plugin matches them.  */
#include "hotinline-llvm.h"

#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Demangle/Demangle.h"

using namespace hotinline;

namespace {

/* The names of one symbol, worked out once.  */
struct names
{
  std::string plain;		/* "step", or the C symbol.  */
  std::string qualified;	/* "ring::Buffer::step"; empty for C.  */
  bool mentioned;		/* Either may be in the policy.  */
};

thread_local llvm::StringMap<names> known;

/* The entries entry_for has returned.  */
thread_local llvm::SmallPtrSet<const struct policy_entry *, 16> matched;

/* The symbol without the suffixes LLVM gives the copies it makes
   (foo.specialized.1, foo.cold.1, foo.llvm.123): C names have no dot.  */
llvm::StringRef
base_symbol (llvm::StringRef symbol)
{
  return symbol.take_front (symbol.find ('.'));
}

const names &
names_of (llvm::StringRef symbol)
{
  auto found = known.find (symbol);
  if (found != known.end ())
    return found->second;
  names n;
  llvm::StringRef base = base_symbol (symbol);
  /* The demangler's nodes point into the text it was given.  */
  std::string mangled = base.str ();
  llvm::ItaniumPartialDemangler d;
  if (base.starts_with ("_Z") && !d.partialDemangle (mangled.c_str ())
      && d.isFunction ())
    {
      size_t size = 0;
      char *text = d.getFunctionBaseName (nullptr, &size);
      n.plain = text ? text : "";
      free (text);
      size = 0;
      text = d.getFunctionDeclContextName (nullptr, &size);
      if (text && *text)
	n.qualified = std::string (text) + "::" + n.plain;
      free (text);
      n.mentioned = policy_mentions (hot_policy, n.plain.c_str ())
		    || !n.qualified.empty ();
    }
  else
    {
      n.plain = base.str ();
      n.mentioned = policy_mentions (hot_policy, n.plain.c_str ());
    }
  return known.insert ({ symbol, std::move (n) }).first->second;
}

} // namespace

namespace hotinline {

const char *
unit_name (const llvm::Module &m)
{
  return m.getSourceFileName ().c_str ();
}

std::string
name_of (const llvm::Function &f)
{
  return names_of (f.getName ()).plain;
}

const struct policy_entry *
entry_for (const llvm::Function &callee, const llvm::Function *caller)
{
  if (!hot_policy)
    return NULL;
  const names &n = names_of (callee.getName ());
  if (!n.mentioned)
    return NULL;
  std::string caller_name = caller ? names_of (caller->getName ()).plain
				   : std::string ();
  /* At a full LTO link the module is all units: a call's unit is its
     caller's.  */
  std::string caller_unit;
  const llvm::DISubprogram *sp = caller ? caller->getSubprogram () : nullptr;
  if (hot_at_link && sp && sp->getUnit ())
    caller_unit = sp->getUnit ()->getFilename ().str ();
  const char *unit = !caller_unit.empty () ? caller_unit.c_str ()
					    : unit_name (*callee.getParent ());
  const struct policy_entry *e
    = policy_lookup (hot_policy, n.plain.c_str (),
		     caller ? caller_name.c_str () : NULL, unit);
  if (!e && !n.qualified.empty ())
    e = policy_lookup (hot_policy, n.qualified.c_str (),
		       caller ? caller_name.c_str () : NULL, unit);
  if (e)
    matched.insert (e);
  return e;
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

bool
forced_per_call (const struct policy_entry *entry)
{
  return entry->n_callers > 0 || hot_surgical;
}

} // namespace hotinline
