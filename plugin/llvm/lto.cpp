/* LTO: under -flto the inlining that matters happens at the link, in the
   linker (ld.lld --load-pass-plugin=hotinline.so), where the plugin gets
   no arguments.  So a compilation for LTO writes its arguments into the
   bitcode (named metadata, with the directory relative paths start from),
   and at the link the plugin reads them back from the first module it
   sees, loads the policy, checks the calls between units that force mode
   could not see at the start of the link's pipeline, and reports the hot
   calls left at its end.  Full LTO and the ThinLTO backends alike; the
   backends run in threads, so what a module's passes keep is per thread
   and the policy is loaded once.  */
#include "hotinline.h"

#include <deque>
#include <mutex>

#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

using namespace hotinline;

namespace {

const char *const arguments_key = "hotinline.arguments";

/* At compile time: the working directory, then each argument.  */
struct record_pass : hotinline_compat::pass_info<record_pass>
{
  llvm::PreservedAnalyses
  run (llvm::Module &m, llvm::ModuleAnalysisManager &)
  {
    if (!lto_prelink || !the_policy)
      return llvm::PreservedAnalyses::all ();
    llvm::LLVMContext &ctx = m.getContext ();
    llvm::SmallString<256> cwd;
    llvm::sys::fs::current_path (cwd);
    llvm::SmallVector<llvm::Metadata *, 8> ops;
    ops.push_back (llvm::MDString::get (ctx, cwd));
    for (const std::string &arg : arguments)
      ops.push_back (llvm::MDString::get (ctx, arg));
    m.getOrInsertNamedMetadata (arguments_key)
      ->addOperand (llvm::MDTuple::get (ctx, ops));
    return llvm::PreservedAnalyses::all ();
  }
};

/* The arguments read at the link: config borrows its strings.  */
std::deque<std::string> link_arguments;

/* Apply the arguments of T (a unit's record) to the_config: paths are
   made absolute from the unit's directory, and what belongs to one
   compilation (its listing, summary) is left out.  */
bool
apply_arguments (const llvm::MDTuple *t)
{
  config_init (&the_config);
  llvm::StringRef dir;
  bool ok = true;
  for (unsigned i = 0; i < t->getNumOperands (); i++)
    {
      auto *s = llvm::dyn_cast_or_null<llvm::MDString> (t->getOperand (i));
      if (!s)
	return false;
      if (i == 0)
	{
	  dir = s->getString ();
	  continue;
	}
      auto [key, value] = s->getString ().split ('=');
      bool has_value = s->getString ().contains ('=');
      if (config_key_per_unit (key.str ().c_str ()))
	continue;
      link_arguments.push_back (key.str ());
      const char *k = link_arguments.back ().c_str ();
      std::string v = value.str ();
      if (config_key_is_path (k) && has_value
	  && !llvm::sys::path::is_absolute (v))
	v = (dir + "/" + v).str ();
      link_arguments.push_back (v);
      if (const char *problem
	  = config_apply (&the_config, k,
			  has_value ? link_arguments.back ().c_str () : NULL))
	{
	  emit_error (std::string (problem) + " [hotinline]");
	  ok = false;
	}
    }
  return ok;
}

/* Read the arguments M carries and load the policy; false when there are
   none (the plugin was not used to compile) or they are wrong.  */
bool
load_at_link (llvm::Module &m)
{
  llvm::NamedMDNode *records = m.getNamedMetadata (arguments_key);
  if (!records || records->getNumOperands () == 0)
    return false;
  /* Units compiled alike carry one record (metadata is uniqued).  */
  llvm::SmallPtrSet<const llvm::MDNode *, 4> distinct;
  for (const llvm::MDNode *n : records->operands ())
    distinct.insert (n);
  auto *first = llvm::dyn_cast<llvm::MDTuple> (records->getOperand (0));
  if (!first || !apply_arguments (first))
    return false;
  if (distinct.size () > 1)
    emit_plain_warning ("the units of this link were compiled with "
			"different hotinline arguments: using those of "
			"the first [hotinline]");
  if (the_config.disable)
    return false;
  the_policy = load_policies (&the_config);
  return the_policy != nullptr;
}

/* Whether the pipeline running on M is the start of a link-time one for
   this plugin (the bitcode carries the arguments): the first call for M
   reads them and loads the policy.  */
bool
lto_link_start (llvm::Module &m)
{
  /* Compiling, or this module already started (marked on the module
     itself: a later module may get the address of a freed one).  */
  const char *const started_key = "hotinline.link";
  if (the_compiler || m.getNamedMetadata (started_key))
    return at_link;
  m.getOrInsertNamedMetadata (started_key);
  at_link = false;
  if (!m.getNamedMetadata (arguments_key))
    return false;
  diagnostics_to (m.getContext ());
  static std::once_flag once;
  static bool loaded;
  std::call_once (once, [&m] { loaded = load_at_link (m); });
  diagnostics_flush ();
  at_link = loaded && rule_policy_has_work (the_policy, &the_config);
  return at_link;
}

/* At the start of a link's pipeline: the guards for calls between units
   and the start of report mode.  */
struct link_start_pass : hotinline_compat::pass_info<link_start_pass>
{
  llvm::PreservedAnalyses
  run (llvm::Module &m, llvm::ModuleAnalysisManager &mam)
  {
    if (!lto_link_start (m))
      return llvm::PreservedAnalyses::all ();
    bool changed = force_at_link (m, mam);
    report_listen (m);
    return changed ? llvm::PreservedAnalyses::none ()
		   : llvm::PreservedAnalyses::all ();
  }
};

} // namespace

namespace hotinline {

void
lto_register (llvm::PassBuilder &pb)
{
  pb.registerPipelineStartEPCallback (
    [] (llvm::ModulePassManager &mpm, llvm::OptimizationLevel) {
      mpm.addPass (record_pass ());
    });
  /* Full LTO: the link's own pipeline.  */
  pb.registerFullLinkTimeOptimizationEarlyEPCallback (
    [] (llvm::ModulePassManager &mpm, llvm::OptimizationLevel) {
      mpm.addPass (link_start_pass ());
    });
  pb.registerFullLinkTimeOptimizationLastEPCallback (
    [] (llvm::ModulePassManager &mpm, llvm::OptimizationLevel level) {
      report_add_end (mpm, level);
    });
  /* A ThinLTO backend runs the per-module pipeline, whose end already has
     the report (report.cpp); its start has no callback of its own.  */
  pb.registerPipelineEarlySimplificationEPCallback (
    hotinline_compat::without_lto_phase (
      [] (llvm::ModulePassManager &mpm, llvm::OptimizationLevel) {
	mpm.addPass (link_start_pass ());
      }));
}

} // namespace hotinline
