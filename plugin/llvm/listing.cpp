/* Listing (-fplugin-arg-hotinline-list=FILE): the functions of the unit
   that the source marks always_inline (or the attribute asked for), added
   to a policy file as always_inline entries in the spelling the plugin
   matches, so that a project can move its annotations into a policy.  The
   front end notes which functions carry the attribute (source-decls.cpp);
   at the start of the pipeline, before anything is inlined, each function
   of the module so marked is named and the units of a build merge their
   names into one file (policy-listing.c), as on GCC.  */
#include "hotinline.h"

#include "cxx-names.h"
#include "policy-listing.h"

using namespace hotinline;

namespace {

struct listing_pass : hotinline_compat::pass_info<listing_pass>
{
  llvm::PreservedAnalyses
  run (llvm::Module &m, llvm::ModuleAnalysisManager &)
  {
    if (!the_config.list_file)
      return llvm::PreservedAnalyses::all ();
    std::vector<char *> names;
    for (const llvm::Function &f : m)
      if (const source_decl *d = source_decl_of (f.getName ()))
	if (d->listed)
	  {
	    /* Escaped: a name is an entry that names its function only.  */
	    std::string name = listing_name_of (f, the_config.list_by_name);
	    char *escaped = cxx_name_escape_globs (name.c_str ());
	    if (!escaped)
	      abort ();
	    names.push_back (escaped);
	  }
    if (const char *problem
	= policy_listing_merge (the_config.list_file, names.data (),
				names.size (), the_config.list_attribute))
      emit_plain_warning (std::string (problem) + " [hotinline]");
    return llvm::PreservedAnalyses::all ();
  }
};

} // namespace

namespace hotinline {

void
listing_register (llvm::PassBuilder &pb)
{
  pb.registerPipelineStartEPCallback (
    [] (llvm::ModulePassManager &mpm, llvm::OptimizationLevel) {
      mpm.addPass (listing_pass ());
    });
}

} // namespace hotinline
