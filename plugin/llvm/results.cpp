/* Machine-readable results: with -fplugin-arg-hotinline-results=DIR, each
   unit writes what it found to a JSON file of its own in DIR, in the same
   format, under the same name, as the GCC plugin's (plugin/gcc/results.cc),
   so that hotinline-summary reads builds of either compiler or both.  This
   file records what LLVM found in the core's records; the core's walk
   (results-format.h) writes them through LLVM's json::OStream.  Written
   under a temporary name and renamed into place, so a parallel build never
   leaves a half-written file.

   With marks recorded (the audit's builds, rule_marks_recorded), the file
   also lists the unit's marked functions, and a unit that does not
   compile still has one, saying so, with the functions its errors are
   in: the audit's evidence (audit.cpp).  An error of the code generator,
   such as a call to a function declared with attribute error left after
   inlining, comes after the results are written, which are then written
   again; one of the front end stops Clang before the pipeline, and the
   file is then written at the end.  */
#define HOTINLINE_FRONTEND
#include "hotinline.h"

#include <errno.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cstdint>
#include <fstream>
#include <optional>

#include "results-format.h"
#include "results-name.h"

#include "clang/Basic/SourceManager.h"

#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/InstrTypes.h"
#include "llvm/Support/Allocator.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/StringSaver.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/Path.h"

using namespace hotinline;

namespace {

/* A hot call site and what happened to it: the core's record, with the
   strings and the inline chain it points into.  */
struct call_record
{
  std::string file, caller, callee, reason, hint;
  unsigned line, column;
  const struct policy_entry *entry;
  std::vector<std::string> names;	/* The chain's strings.  */
  std::vector<results_link> chain;
  long long may_merge;
};

/* A function an always_inline entry asked to force.  */
struct function_record
{
  std::string name, file;
  unsigned line;
  std::string why_not;
  bool forced;
};

/* Per module: a link's ThinLTO backends run side by side in threads.  */
thread_local std::vector<call_record> source_calls, left_calls;
thread_local std::vector<function_record> functions;

call_record
call_at (const llvm::Function &caller, const llvm::Function &callee,
	 const llvm::DILocation *dl, const struct policy_entry *entry)
{
  call_record c { "", name_of (caller), name_of (callee), "", "", 0, 0,
		  entry, {}, {}, 0 };
  if (dl)
    {
      c.file = dl->getFilename ().str ();
      c.line = dl->getLine ();
      c.column = dl->getColumn ();
    }
  return c;
}

/* The functions the call at DL was inlined through, innermost first, into
   C: their names are kept in C's NAMES, three per link (core_call points
   the links at them).  */
void
chain_of (call_record &c, const llvm::DILocation *dl,
	  const llvm::Function &caller)
{
  for (; dl && dl->getInlinedAt (); dl = dl->getInlinedAt ())
    {
      const llvm::DILocation *site = dl->getInlinedAt ();
      const llvm::DISubprogram *into = site->getScope ()->getSubprogram ();
      c.names.push_back (dl->getScope ()->getSubprogram ()->getName ().str ());
      c.names.push_back (site->getInlinedAt () ? into->getName ().str ()
			 : name_of (caller));
      c.names.push_back (site->getFilename ().str ());
      c.chain.push_back ({ nullptr, nullptr, nullptr, site->getLine (),
			   site->getColumn () });
    }
}

/* The core's record of C, pointing into C's strings where they are now:
   records move as their vectors grow.  */
results_call
core_call (call_record &c)
{
  for (size_t i = 0; i < c.chain.size (); i++)
    {
      c.chain[i].function = c.names[3 * i].c_str ();
      c.chain[i].into = c.names[3 * i + 1].c_str ();
      c.chain[i].file = c.names[3 * i + 2].c_str ();
    }
  results_call r {};
  r.file = c.file.c_str ();
  r.line = c.line;
  r.column = c.column;
  r.caller = c.caller.c_str ();
  r.callee = c.callee.c_str ();
  r.entry = c.entry;
  r.reason = c.reason.c_str ();
  r.hint = c.hint.c_str ();
  r.size = r.early_size = -1;
  r.chain = c.chain.data ();
  r.n_chain = c.chain.size ();
  r.may_merge = c.may_merge;
  return r;
}

/* The results emitter on LLVM's JSON stream: a member's value ends its
   attribute, so the stream is told when each value is complete.  */
struct json_stream
{
  llvm::json::OStream out;
  std::vector<bool> in_attribute;	/* Per open value.  */
};

void
value_done (json_stream *s)
{
  if (!s->in_attribute.empty () && s->in_attribute.back ())
    {
      s->in_attribute.pop_back ();
      s->out.attributeEnd ();
    }
}

void
begin_object (void *data)
{
  json_stream *s = (json_stream *) data;
  s->in_attribute.push_back (false);
  s->out.objectBegin ();
}

void
end_object (void *data)
{
  json_stream *s = (json_stream *) data;
  s->in_attribute.pop_back ();
  s->out.objectEnd ();
  value_done (s);
}

void
begin_array (void *data)
{
  json_stream *s = (json_stream *) data;
  s->in_attribute.push_back (false);
  s->out.arrayBegin ();
}

void
end_array (void *data)
{
  json_stream *s = (json_stream *) data;
  s->in_attribute.pop_back ();
  s->out.arrayEnd ();
  value_done (s);
}

void
key (void *data, const char *k)
{
  json_stream *s = (json_stream *) data;
  s->in_attribute.push_back (true);
  s->out.attributeBegin (k);
}

void
string (void *data, const char *v)
{
  json_stream *s = (json_stream *) data;
  s->out.value (v);
  value_done (s);
}

void
integer (void *data, long long v)
{
  json_stream *s = (json_stream *) data;
  s->out.value (static_cast<int64_t> (v));
  value_done (s);
}

void
real (void *data, double v)
{
  json_stream *s = (json_stream *) data;
  s->out.value (v);
  value_done (s);
}

void
boolean (void *data, bool v)
{
  json_stream *s = (json_stream *) data;
  s->out.value (v);
  value_done (s);
}

std::string
working_directory ()
{
  llvm::SmallString<256> cwd;
  if (llvm::sys::fs::current_path (cwd))
    return "";
  return cwd.str ().str ();
}

/* A place where a hot function's address is taken.  */
struct place_record
{
  std::string in, file;
  unsigned line;
};

/* Where F's address is taken: the function of an instruction using it,
   or the global variable (a table of pointers) whose initializer holds it,
   each with its line.  At most RESULTS_MAX_TAKEN, as the GCC plugin
   gives.  */
std::vector<place_record>
address_taken_in (const llvm::Function &f)
{
  std::vector<place_record> taken;
  llvm::SmallVector<const llvm::User *, 8> work (f.users ().begin (),
						f.users ().end ());
  llvm::SmallPtrSet<const llvm::User *, 16> seen;
  while (!work.empty () && taken.size () < RESULTS_MAX_TAKEN)
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
	  taken.push_back ({ name_of (*i->getFunction ()),
			     dl ? dl->getFilename ().str () : "",
			     dl ? dl->getLine () : 0 });
	}
      else if (auto *gv = llvm::dyn_cast<llvm::GlobalVariable> (u))
	{
	  llvm::SmallVector<llvm::DIGlobalVariableExpression *, 1> dbg;
	  gv->getDebugInfo (dbg);
	  const llvm::DIGlobalVariable *v
	    = dbg.empty () ? nullptr : dbg[0]->getVariable ();
	  taken.push_back ({ gv->getName ().str (),
			     v ? v->getFilename ().str () : "",
			     v ? v->getLine () : 0 });
	}
      else
	/* A constant (an initializer's array) inside something else.  */
	for (const llvm::User *up : u->users ())
	  work.push_back (up);
    }
  return taken;
}

/* A hot function of the module whose address is taken, and where.  */
struct address_record
{
  std::string name;
  const struct policy_entry *entry;
  std::vector<place_record> taken;
  std::vector<results_place> places;	/* The core's, into TAKEN.  */
};

/* The hot functions of M whose address is taken (the core keeps those no
   call reaches).  */
std::vector<address_record>
addressed_in (const llvm::Module &m)
{
  std::vector<address_record> v;
  for (const llvm::Function &f : m)
    {
      if (f.isDeclaration () || !f.hasAddressTaken ())
	continue;
      /* A marked function's address is no call of the audit's.  */
      const struct policy_entry *e = entry_for (f, nullptr);
      if (e && !rule_is_mark_entry (e))
	v.push_back ({ name_of (f), e, address_taken_in (f), {} });
    }
  return v;
}

/* The compiler, as the results name it.  */
const char compiler_name[] = "clang " LLVM_VERSION_STRING;

/* What a unit's results file says, and where it goes.  */
struct unit_record
{
  std::string unit, cwd, output, flags, path;
  const char *lto = nullptr;
  std::vector<call_record> source, left;
  std::vector<function_record> functions;
  std::vector<address_record> addressed;
  std::vector<mark_record> marks;
  bool failed = false;
  long long n_errors = 0;
  std::vector<error_record> errors;
};

/* Write R to OUT through the core.  */
void
write_unit (llvm::raw_ostream &out, unit_record &r)
{
  std::vector<results_address> only;
  for (address_record &a : r.addressed)
    {
      a.places.clear ();
      for (const place_record &p : a.taken)
	a.places.push_back ({ p.in.c_str (), p.file.c_str (), p.line });
      only.push_back ({ a.name.c_str (), a.entry, a.places.data (),
			a.places.size () });
    }
  std::vector<results_entry> entries;
  for (size_t i = 0; i < policy_entry_count (the_policy); i++)
    {
      const struct policy_entry *e = policy_entry_at (the_policy, i);
      entries.push_back ({ e, entry_matched (e) });
    }
  std::vector<results_call> source, left;
  for (call_record &c : r.source)
    source.push_back (core_call (c));
  for (call_record &c : r.left)
    left.push_back (core_call (c));
  std::vector<results_function> fns;
  for (const function_record &f : r.functions)
    fns.push_back ({ f.name.c_str (), f.file.c_str (), f.line,
		     f.forced ? nullptr : f.why_not.c_str () });
  std::vector<results_mark> marked;
  for (const mark_record &m : r.marks)
    marked.push_back ({ m.name.c_str (), m.file.c_str (), m.line,
			m.always_inline ? "always_inline" : "inline",
			m.disregarded });
  std::vector<results_error> errors;
  for (const error_record &e : r.errors)
    errors.push_back ({ e.function.c_str (), e.file.c_str (), e.line,
			e.errors,
			e.message.empty () ? nullptr : e.message.c_str () });
  results_unit u {};
  u.unit = r.unit.c_str ();
  u.directory = r.cwd.c_str ();
  u.output = r.output.c_str ();
  u.flags = r.flags.c_str ();
  u.compiler = compiler_name;
  u.lto = r.lto;
  u.entries = entries.data ();
  u.n_entries = entries.size ();
  u.source_calls = source.data ();
  u.n_source_calls = source.size ();
  u.left_calls = left.data ();
  u.n_left_calls = left.size ();
  u.functions = fns.data ();
  u.n_functions = fns.size ();
  u.addressed = only.data ();
  u.n_addressed = only.size ();
  u.marks_recorded
    = rule_marks_recorded (&the_config) != CONFIG_DISREGARD_NONE;
  u.marks = marked.data ();
  u.n_marks = marked.size ();
  u.failed = r.failed;
  u.n_errors = r.n_errors;
  u.errors = errors.data ();
  u.n_error_functions = errors.size ();
  json_stream s { llvm::json::OStream (out, 2), {} };
  results_emitter e { &s, begin_object, end_object, begin_array, end_array,
		      key, string, integer, real, boolean };
  results_write_unit (&u, &e);
}

/* The output the linker was asked for (its -o), read from its command
   line, which the linker gives its plugins no other way; empty when not
   found.  */
std::string
link_output ()
{
  std::ifstream in ("/proc/self/cmdline", std::ios::binary);
  std::vector<std::string> words;
  for (std::string a; std::getline (in, a, '\0');)
    words.push_back (a);
  /* A long link line comes in a response file (@FILE), as the driver
     writes it: read as the linker reads it.  */
  llvm::BumpPtrAllocator alloc;
  llvm::StringSaver saver (alloc);
  llvm::SmallVector<const char *, 64> args;
  for (const std::string &w : words)
    args.push_back (w.c_str ());
  llvm::cl::ExpandResponseFiles (saver, llvm::cl::TokenizeGNUCommandLine,
				 args);
  for (size_t i = 0; i < args.size (); i++)
    {
      llvm::StringRef a (args[i]);
      if ((a == "-o" || a == "--output") && i + 1 < args.size ())
	return args[i + 1];
      if (a.consume_front ("--output=") || a.consume_front ("-o"))
	return a.str ();
    }
  return "";
}

/* The unit and output a module's results are named by.  Compiling: the
   source and the output.  At a link: the link's output without its
   suffix as the output; the unit, in a ThinLTO backend the source of its
   module (the calls of one unit, the link's other backends writing the
   others'), in full LTO the output too.  */
std::pair<std::string, std::string>
unit_and_output (const llvm::Module &m)
{
  if (!at_link)
    return { unit_name (m), output_stem () };
  llvm::SmallString<256> out (link_output ());
  llvm::sys::path::replace_extension (out, "");
  std::string output = out.str ().str ();
  if (m.getSourceFileName () != "ld-temp.o")
    return { m.getSourceFileName (), output };
  return { output.empty () ? m.getSourceFileName () : output, output };
}

/* Clang's options naming the directory of the compilation, which the
   driver adds to every one: the results give it as "directory", and the
   audit compares builds of one tree in two directories.  */
bool
compilation_directory (llvm::StringRef arg)
{
  return arg.starts_with ("-fdebug-compilation-dir")
	 || arg.starts_with ("-fcoverage-compilation-dir");
}

/* The options of the compilation that can change its code
   (results_option_changes_code, but the directory it was compiled in),
   space separated, in order: Clang's own command line as the front end
   has it, an option's value following it, hotinline's arguments in their
   -fplugin-arg- spelling.  */
std::string
flags_key ()
{
  if (!the_compiler)
    return "";
  std::vector<std::string> args
    = the_compiler->getInvocation ().getCC1CommandLine ();
  std::string key;
  bool keep = false;
  for (size_t i = 0; i < args.size (); i++)
    {
      std::string arg = args[i];
      if (arg == "-plugin-arg-hotinline" && i + 1 < args.size ())
	arg = "-fplugin-arg-hotinline-" + args[++i];
      if (arg[0] == '-')
	keep = results_option_changes_code (arg.c_str ())
	       && !compilation_directory (arg);
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

/* The records noted so far into R, for UNIT and OUTPUT; the notes are
   then empty for the next module.  */
void
take_records (unit_record &r, const std::string &unit,
	      const std::string &output)
{
  r.unit = unit;
  r.output = output;
  r.cwd = working_directory ();
  r.flags = flags_key ();
  r.path = results_path (the_config.results_dir, unit.c_str (), r.cwd,
			 output, r.flags);
  r.source = std::move (source_calls);
  r.left = std::move (left_calls);
  r.functions = std::move (functions);
  r.marks = audit_evidence ().marks;
  source_calls.clear ();
  left_calls.clear ();
  functions.clear ();
}

/* Results are a by-product: failing to write them warns, a warning as
   the plugin's others (an error only under -Werror, as the user asked).  */
void
write_file (unit_record &r)
{
  const char *dir = the_config.results_dir;
  std::string tmp = r.path + "." + std::to_string (getpid ()) + ".tmp";
  std::error_code ec = llvm::sys::fs::create_directories (dir);
  if (!ec)
    {
      llvm::raw_fd_ostream out (tmp, ec);
      if (!ec)
	{
	  write_unit (out, r);
	  out << "\n";
	  out.close ();
	  if (out.has_error ())
	    ec = out.error ();
	}
      if (!ec && rename (tmp.c_str (), r.path.c_str ()) != 0)
	ec = std::error_code (errno, std::generic_category ());
    }
  if (ec)
    {
      unlink (tmp.c_str ());
      emit_plain_warning ("cannot write hotinline results '" + r.path
			  + "': " + ec.message () + " [hotinline]");
    }
}

/* The results of a unit that may still fail (audit_evidence ().watched)
   as last written, to be written again when it fails after them.  */
std::optional<unit_record> last_written;

} // namespace

namespace hotinline {

void
results_note_source_call (const llvm::CallBase &call,
			  const struct policy_entry *entry)
{
  if (the_config.results_dir)
    source_calls.push_back (call_at (*call.getFunction (),
				     *call.getCalledFunction (),
				     call.getDebugLoc ().get (), entry));
}

void
results_note_left_call (const llvm::Function &caller,
			const llvm::Function &callee,
			const llvm::DILocation *dl,
			const struct policy_entry *entry,
			const std::string &reason, const std::string &hint,
			long long may_merge)
{
  if (!the_config.results_dir)
    return;
  call_record c = call_at (caller, callee, dl, entry);
  c.reason = reason;
  c.hint = hint;
  c.may_merge = may_merge;
  chain_of (c, dl, caller);
  /* The caller is the function the call is written in, as on GCC: with a
     chain, the innermost one.  */
  if (!c.chain.empty ())
    {
      const llvm::DISubprogram *sp = dl->getScope ()->getSubprogram ();
      c.caller = sp->getLinkageName ().empty ()
		   ? sp->getName ().str ()
		   : name_of_symbol (sp->getLinkageName ());
    }
  left_calls.push_back (std::move (c));
}

void
results_note_function (const llvm::Function &f, const char *why_not)
{
  if (!the_config.results_dir)
    return;
  function_record r { name_of (f), "", 0, why_not ? why_not : "", !why_not };
  if (const llvm::DISubprogram *sp = f.getSubprogram ())
    {
      r.file = sp->getFilename ().str ();
      r.line = sp->getLine ();
    }
  else if (const source_decl *d = source_decl_of (f.getName ()))
    if (the_compiler)
      {
	clang::PresumedLoc p
	  = the_compiler->getSourceManager ().getPresumedLoc (d->loc);
	if (p.isValid ())
	  {
	    r.file = p.getFilename ();
	    r.line = p.getLine ();
	  }
      }
  functions.push_back (std::move (r));
}

void
results_write (const llvm::Module &m)
{
  if (!the_policy || !the_config.results_dir)
    return;
  auto [unit, output] = unit_and_output (m);
  unit_record r;
  take_records (r, unit, output);
  r.lto = at_link		    ? RESULTS_LTO_LINK
	  : fat_object_code (m) ? RESULTS_LTO_FAT
				: nullptr;
  r.addressed = addressed_in (m);
  write_file (r);
  /* A unit that may still fail: the code generator comes next.  */
  if (audit_evidence ().watched && !at_link)
    last_written = std::move (r);
}

void
results_write_failed ()
{
  if (!the_policy)
    return;
  const audit_record &evidence = audit_evidence ();
  unit_record r;
  if (last_written)
    r = std::move (*last_written);
  else
    take_records (r, evidence.unit, output_stem ());
  last_written.reset ();
  r.failed = true;
  r.n_errors = evidence.n_errors;
  r.errors = evidence.errors;
  write_file (r);
}

} // namespace hotinline
