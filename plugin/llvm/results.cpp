/* Machine-readable results: with -fplugin-arg-hotinline-results=DIR, each
   unit writes what it found to a JSON file of its own in DIR, in the same
   format, under the same name, as the GCC plugin's (plugin/gcc/results.cc),
   so that hotinline-summary reads builds of either compiler or both.
   Built with LLVM's JSON writer; written under a temporary name and
   renamed into place, so a parallel build never leaves a half-written
   file.  */
#define HOTINLINE_FRONTEND
#include "hotinline-llvm.h"

#include <errno.h>
#include <sys/stat.h>
#include <unistd.h>

#include "results-name.h"

#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/InstrTypes.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/Path.h"

using namespace hotinline;

namespace {

/* A hot call site and what happened to it.  */
struct call_record
{
  std::string file;
  unsigned line, column;
  std::string caller, callee;
  std::string reason;		/* Empty: inlined.  */
  const struct policy_entry *entry;
  std::string hint;
  llvm::json::Array chain;
};

/* A function an always_inline entry asked to force.  */
struct function_record
{
  std::string name, file;
  unsigned line;
  std::string why_not;
  bool forced;
};

std::vector<call_record> source_calls, left_calls;
std::vector<function_record> functions;

call_record
call_at (const llvm::CallBase &call, const struct policy_entry *entry)
{
  call_record c { "", 0, 0, name_of (*call.getFunction ()),
		  name_of (*call.getCalledFunction ()), "", entry, "", {} };
  if (const llvm::DILocation *dl = call.getDebugLoc ().get ())
    {
      c.file = dl->getFilename ().str ();
      c.line = dl->getLine ();
      c.column = dl->getColumn ();
    }
  return c;
}

/* The functions the call at DL was inlined through, innermost first.  */
llvm::json::Array
chain_of (const llvm::DILocation *dl, const llvm::Function &caller)
{
  llvm::json::Array chain;
  for (; dl && dl->getInlinedAt (); dl = dl->getInlinedAt ())
    {
      const llvm::DILocation *site = dl->getInlinedAt ();
      chain.push_back (llvm::json::Object {
	{ "function", dl->getScope ()->getSubprogram ()->getName () },
	{ "into", site->getInlinedAt ()
		  ? site->getScope ()->getSubprogram ()->getName ().str ()
		  : name_of (caller) },
	{ "file", site->getFilename () },
	{ "line", site->getLine () },
	{ "column", site->getColumn () } });
    }
  return chain;
}

/* An entry's weight as the percentage the policy gave.  */
void
set_weight (llvm::json::Object &o, const struct policy_entry *e)
{
  if (e->weight >= 0)
    o["weight"] = e->weight / 10000.0;
}

llvm::json::Object
entry_json (const struct policy_entry *e)
{
  llvm::json::Object o {
    { "name", e->name.text },
    { "policy", e->loc.file },
    { "line", e->name_loc.line },
    { "column", e->name_loc.column },
    { "action", policy_action_name (e->action) },
    { "severity", policy_severity_name (e->severity) } };
  set_weight (o, e);
  return o;
}

llvm::json::Object
call_json (const call_record &c, bool inlined)
{
  llvm::json::Object o {
    { "file", c.file },
    { "line", c.line },
    { "column", c.column },
    { "caller", c.caller },
    { "callee", c.callee },
    { "inlined", inlined } };
  if (!inlined)
    o["reason"] = c.reason;
  o["action"] = policy_action_name (c.entry->action);
  o["severity"] = policy_severity_name (c.entry->severity);
  o["entry"] = c.entry->name.text;
  set_weight (o, c.entry);
  if (!c.hint.empty ())
    o["hint"] = c.hint;
  if (!c.chain.empty ())
    o["chain"] = llvm::json::Array (c.chain);
  return o;
}

bool
left_as_call (const call_record &c)
{
  for (const call_record &l : left_calls)
    if (l.line == c.line && l.column == c.column && l.callee == c.callee
	&& l.file == c.file)
      return true;
  return false;
}

std::string
working_directory ()
{
  llvm::SmallString<256> cwd;
  if (llvm::sys::fs::current_path (cwd))
    return "";
  return cwd.str ().str ();
}

/* Where F's address is taken: the function of an instruction using it,
   or the global variable (a table of pointers) whose initializer holds it,
   each with its line.  At most 8, as the GCC plugin gives.  */
llvm::json::Array
address_taken_in (const llvm::Function &f)
{
  llvm::json::Array taken;
  llvm::SmallVector<const llvm::User *, 8> work (f.users ().begin (),
						f.users ().end ());
  llvm::SmallPtrSet<const llvm::User *, 16> seen;
  while (!work.empty () && taken.size () < 8)
    {
      const llvm::User *u = work.pop_back_val ();
      if (!seen.insert (u).second)
	continue;
      if (auto *call = llvm::dyn_cast<llvm::CallBase> (u))
	if (call->getCalledOperand () == &f)
	  continue;
      if (auto *i = llvm::dyn_cast<llvm::Instruction> (u))
	{
	  const llvm::DILocation *dl = i->getDebugLoc ().get ();
	  taken.push_back (llvm::json::Object {
	    { "in", name_of (*i->getFunction ()) },
	    { "file", dl ? dl->getFilename ().str () : "" },
	    { "line", dl ? dl->getLine () : 0 } });
	}
      else if (auto *gv = llvm::dyn_cast<llvm::GlobalVariable> (u))
	{
	  llvm::SmallVector<llvm::DIGlobalVariableExpression *, 1> dbg;
	  gv->getDebugInfo (dbg);
	  const llvm::DIGlobalVariable *v
	    = dbg.empty () ? nullptr : dbg[0]->getVariable ();
	  taken.push_back (llvm::json::Object {
	    { "in", gv->getName ().str () },
	    { "file", v ? v->getFilename ().str () : "" },
	    { "line", v ? v->getLine () : 0 } });
	}
      else
	/* A constant (an initializer's array) inside something else.  */
	for (const llvm::User *up : u->users ())
	  work.push_back (up);
    }
  return taken;
}

/* Hot functions of M whose address is taken and that no call reaches:
   they have no call site, and would show nowhere else.  */
llvm::json::Array
address_only (const llvm::Module &m)
{
  llvm::json::Array only;
  for (const llvm::Function &f : m)
    {
      if (f.isDeclaration () || !f.hasAddressTaken ())
	continue;
      const struct policy_entry *e = entry_for (f, nullptr);
      if (!e)
	continue;
      std::string name = name_of (f);
      bool called = false;
      for (const call_record &c : source_calls)
	called |= c.callee == name;
      for (const call_record &c : left_calls)
	called |= c.callee == name;
      if (called)
	continue;
      llvm::json::Object o { { "function", name },
			     { "entry", e->name.text },
			     { "address_taken", address_taken_in (f) } };
      set_weight (o, e);
      only.push_back (std::move (o));
    }
  return only;
}

llvm::json::Object
unit_json (const llvm::Module &m, const char *unit, const std::string &cwd,
	   const std::string &output, const std::string &flags)
{
  llvm::json::Array only = address_only (m);
  llvm::json::Array entries;
  for (size_t i = 0; i < policy_entry_count (hot_policy); i++)
    {
      const struct policy_entry *e = policy_entry_at (hot_policy, i);
      llvm::json::Object o = entry_json (e);
      o["matched"] = entry_matched (e);
      entries.push_back (std::move (o));
    }
  llvm::json::Array calls;
  for (const call_record &c : source_calls)
    if (!left_as_call (c))
      calls.push_back (call_json (c, true));
  for (const call_record &c : left_calls)
    calls.push_back (call_json (c, false));
  llvm::json::Array fns;
  for (const function_record &f : functions)
    {
      llvm::json::Object o { { "function", f.name },
			     { "file", f.file },
			     { "line", f.line },
			     { "forced", f.forced } };
      if (!f.forced)
	o["why_not"] = f.why_not;
      fns.push_back (std::move (o));
    }
  return llvm::json::Object {
    { "format", "hotinline-results-1" },
    { "unit", unit },
    { "directory", cwd },
    { "output", output },
    { "flags", flags },
    { "compiler", "clang " LLVM_VERSION_STRING },
    { "limits", llvm::json::Object {} },
    { "entries", std::move (entries) },
    { "calls", std::move (calls) },
    { "functions", std::move (fns) },
    { "address_only", std::move (only) } };
}

/* The compilation's output without its suffix (".libs/t" for -o
   .libs/t.o), as the GCC plugin records it: what tells libtool's two
   compilations of t.c apart.  Empty without the front end.  */
std::string
output_stem ()
{
  if (!hot_compiler)
    return "";
  llvm::SmallString<256> out (hot_compiler->getFrontendOpts ().OutputFile);
  llvm::sys::path::replace_extension (out, "");
  return out.str ().str ();
}

/* The options of the compilation that can change its code
   (results_option_changes_code), space separated, in order: Clang's own
   command line as the front end has it, an option's value following it,
   hotinline's arguments in their -fplugin-arg- spelling.  */
std::string
flags_key ()
{
  if (!hot_compiler)
    return "";
  std::vector<std::string> args
    = hot_compiler->getInvocation ().getCC1CommandLine ();
  std::string key;
  bool keep = false;
  for (size_t i = 0; i < args.size (); i++)
    {
      std::string arg = args[i];
      if (arg == "-plugin-arg-hotinline" && i + 1 < args.size ())
	arg = "-fplugin-arg-hotinline-" + args[++i];
      if (arg[0] == '-')
	keep = results_option_changes_code (arg.c_str ());
      if (keep)
	key += (key.empty () ? "" : " ") + arg;
    }
  return key;
}

/* The file for this compilation (results_file_name), the output made
   absolute so that two directories' "t.o" differ.  */
std::string
results_path (const char *dir, const char *unit, const std::string &cwd,
	      const std::string &output, const std::string &flags)
{
  llvm::SmallString<256> where (output);
  if (!output.empty () && !llvm::sys::path::is_absolute (output))
    {
      where = cwd;
      llvm::sys::path::append (where, output);
    }
  char *name = results_file_name (dir, unit, where.c_str (), flags.c_str ());
  std::string path = name ? name : "";
  free (name);
  return path;
}

} // namespace

namespace hotinline {

void
results_note_source_call (const llvm::CallBase &call,
			  const struct policy_entry *entry)
{
  if (hot_config.results_dir)
    source_calls.push_back (call_at (call, entry));
}

void
results_note_left_call (const llvm::CallBase &call,
			const struct policy_entry *entry,
			const std::string &reason, const std::string &hint)
{
  if (!hot_config.results_dir)
    return;
  call_record c = call_at (call, entry);
  c.reason = reason;
  c.hint = hint;
  c.chain = chain_of (call.getDebugLoc ().get (), *call.getFunction ());
  left_calls.push_back (std::move (c));
}

void
results_note_function (const llvm::Function &f, const char *why_not)
{
  if (!hot_config.results_dir)
    return;
  function_record r { name_of (f), "", 0, why_not ? why_not : "", !why_not };
  if (const llvm::DISubprogram *sp = f.getSubprogram ())
    {
      r.file = sp->getFilename ().str ();
      r.line = sp->getLine ();
    }
  else if (const source_decl *d = source_decl_of (f.getName ()))
    if (hot_compiler)
      {
	clang::PresumedLoc p
	  = hot_compiler->getSourceManager ().getPresumedLoc (d->loc);
	if (p.isValid ())
	  {
	    r.file = p.getFilename ();
	    r.line = p.getLine ();
	  }
      }
  functions.push_back (std::move (r));
}

/* Results are a by-product: failing to write them warns, a warning as
   the plugin's others (an error only under -Werror, as the user asked).  */
void
results_write (const llvm::Module &m)
{
  if (!hot_policy || !hot_config.results_dir)
    return;
  const char *dir = hot_config.results_dir;
  const char *unit = unit_name (m);
  std::string cwd = working_directory ();
  std::string output = output_stem (), flags = flags_key ();
  std::string path = results_path (dir, unit, cwd, output, flags);
  std::string tmp = path + "." + std::to_string (getpid ()) + ".tmp";
  std::error_code ec = llvm::sys::fs::create_directories (dir);
  if (!ec)
    {
      llvm::raw_fd_ostream out (tmp, ec);
      if (!ec)
	{
	  out << llvm::formatv ("{0:2}", llvm::json::Value (
		   unit_json (m, unit, cwd, output, flags)))
	      << "\n";
	  out.close ();
	  if (out.has_error ())
	    ec = out.error ();
	}
      if (!ec && rename (tmp.c_str (), path.c_str ()) != 0)
	ec = std::error_code (errno, std::generic_category ());
    }
  if (ec)
    {
      unlink (tmp.c_str ());
      emit_plain_warning ("cannot write hotinline results '" + path + "': "
			  + ec.message () + " [hotinline]");
    }
}

} // namespace hotinline
