/* hotinline for Clang: one shared object that is both Clang's front-end
   plugin "hotinline" (-fplugin=, which reads -fplugin-arg-hotinline-*) and
   an LLVM pass plugin (-fpass-plugin=); loaded by both options, it is
   loaded once, so the passes see the arguments the front end read.  This
   file only checks the LLVM version, reads the arguments, loads the
   policies and registers the two halves.  */
#define HOTINLINE_FRONTEND
#include "hotinline.h"

#include <dlfcn.h>
#include <unistd.h>

#include <deque>

#include "clang/Frontend/MultiplexConsumer.h"

#include "version.h"

using namespace hotinline;

namespace {

/* The major version of the LLVM this process runs, or 0 when it cannot be
   told.  A plugin built for another LLVM still loads (Debian versions
   libLLVM's symbols, so the plugin brings its own libLLVM along), which
   is why it must ask the process rather than itself.  */
unsigned
running_llvm_major ()
{
  typedef void (*get_version_fn) (unsigned *, unsigned *, unsigned *);
  auto get_version
    = (get_version_fn) dlsym (RTLD_DEFAULT, "LLVMGetVersion");
  if (!get_version)
    return 0;
  unsigned major = 0, minor = 0, patch = 0;
  get_version (&major, &minor, &patch);
  return major;
}

/* Whether this is the LLVM the plugin was built for; otherwise say so,
   once, and what to do.  */
bool
right_llvm ()
{
  static int answer = -1;
  if (answer >= 0)
    return answer;
  unsigned running = running_llvm_major ();
  answer = running == LLVM_VERSION_MAJOR;
  if (!answer)
    fprintf (stderr,
	     "hotinline: built for LLVM %d, this is clang %u: rebuild it "
	     "(make CLANG=clang-%u)\n", LLVM_VERSION_MAJOR, running, running);
  return answer;
}

/* The arguments as Clang gives them: config borrows its strings, so they
   are kept for the whole compilation.  */
std::deque<std::string> kept_arguments;

/* Clang's front-end plugin: runs before code generation, alongside it.  */
class hotinline_action : public clang::PluginASTAction
{
protected:
  ActionType
  getActionType () override
  {
    return AddBeforeMainAction;
  }

  bool
  ParseArgs (const clang::CompilerInstance &ci,
	     const std::vector<std::string> &args) override
  {
    the_compiler = const_cast<clang::CompilerInstance *> (&ci);
    config_init (&the_config);
    bool ok = true;
    arguments = args;
    lto_prelink = ci.getCodeGenOpts ().PrepareForLTO
		      || ci.getCodeGenOpts ().PrepareForThinLTO;
    fat_lto = lto_prelink
	      && hotinline_compat::fat_lto_objects (ci.getCodeGenOpts ());
    codegen_follows = (!lto_prelink || fat_lto)
		      && (ci.getFrontendOpts ().ProgramAction
			    == clang::frontend::EmitObj
			  || ci.getFrontendOpts ().ProgramAction
			       == clang::frontend::EmitAssembly);
    for (const std::string &arg : args)
      {
	kept_arguments.push_back (arg);
	std::string &kept = kept_arguments.back ();
	size_t eq = kept.find ('=');
	const char *value = NULL;
	if (eq != std::string::npos)
	  {
	    kept[eq] = '\0';
	    value = kept.c_str () + eq + 1;
	  }
	if (const char *problem = config_apply (&the_config, kept.c_str (),
						value))
	  {
	    emit_error (std::string (problem) + " [hotinline]");
	    ok = false;
	  }
      }
    if (ok)
      if (const char *problem = config_check (&the_config))
	{
	  emit_error (std::string (problem) + " [hotinline]");
	  ok = false;
	}
    if (!ok)
      return false;
    if (the_config.print_version)
      fprintf (stderr, "hotinline %s for LLVM %d\n", HOTINLINE_VERSION,
	       LLVM_VERSION_MAJOR);
    if (the_config.print_help)
      fprintf (stderr, "hotinline %s arguments:\n%s", HOTINLINE_VERSION,
	       config_help_text);
    if (the_config.disable)
      return false;
    the_policy = load_policies (&the_config);
    if (!the_policy)
      return false;
    if (the_config.disregard_only
	&& !(the_only_policy = load_only_policy (&the_config)))
      return false;
    call_places_ask (*the_compiler);
    return true;
  }

  std::unique_ptr<clang::ASTConsumer>
  CreateASTConsumer (clang::CompilerInstance &ci,
		     llvm::StringRef in_file) override
  {
    std::vector<std::unique_ptr<clang::ASTConsumer>> consumers;
    /* First: the other consumers see the source as if the disregarded
       marks were not written.  */
    if (std::unique_ptr<clang::ASTConsumer> marks
	= disregard_consumer (ci, in_file))
      consumers.push_back (std::move (marks));
    /* Then the marks as written, those just taken off included; a unit
       that fails has its results written at the end.  */
    if (std::unique_ptr<clang::ASTConsumer> evidence
	= audit_consumer (ci, in_file, results_write_failed))
      consumers.push_back (std::move (evidence));
    consumers.push_back (source_decls_consumer (ci));
    consumers.push_back (deps_consumer (ci));
    if (std::unique_ptr<clang::ASTConsumer> places = call_places_consumer (ci))
      consumers.push_back (std::move (places));
    return std::make_unique<clang::MultiplexConsumer> (std::move (consumers));
  }
};

/* The pass half: every pass, registered whatever the policy (at an LTO
   link the policy comes later, from the bitcode); each one does nothing
   where the policy gives it no work.  */
void
register_passes (llvm::PassBuilder &pb)
{
  call_places_register (pb);
  listing_register (pb);
  lto_register (pb);
  disregard_register (pb);
  force_register (pb);
  surgical_register (pb);
  report_register (pb);
  audit_register (pb);
  call_places_register_end (pb);
  machine_calls_register ();
}

} // namespace

/* The front-end half registers itself only in the Clang it was built for.
   In another one the plugin stops the compilation as it is loaded: the
   libraries it brought along for its own LLVM would otherwise crash the
   process when it exits.  Immediately, without running exit handlers,
   which are what crashes.  */
__attribute__ ((constructor)) static void
register_frontend_plugin ()
{
  if (!right_llvm ())
    _exit (1);
  static clang::FrontendPluginRegistry::Add<hotinline_action>
    action ("hotinline", "force or audit the inlining of hot functions");
}

/* The pass half.  In another LLVM (if loading did not already stop), an
   API version no LLVM accepts: Clang then stops with "unable to load
   plugin", after the message above.  */
extern "C" __attribute__ ((visibility ("default")))
::llvm::PassPluginLibraryInfo
llvmGetPassPluginInfo ()
{
  if (!right_llvm ())
    return { 0, "hotinline", HOTINLINE_VERSION, nullptr };
  return { LLVM_PLUGIN_API_VERSION, "hotinline", HOTINLINE_VERSION,
	   register_passes };
}
