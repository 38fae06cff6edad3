/* Dependency tracking: name the policy files in Clang's -MD/-MMD output,
   as the GCC plugin does, so that make, Kbuild's fixdep and ccache's
   depend mode rebuild an object when its policy changes.  A plugin cannot
   add to Clang's dependency list (it is set up before the plugin reads its
   arguments); instead each policy is shown to the preprocessor's callbacks
   as a file that __has_include found, which the dependency collector
   records.  At the end of the unit, so that the source stays the first
   prerequisite.  */
#define HOTINLINE_FRONTEND
#include "hotinline.h"

#include "clang/Lex/PPCallbacks.h"
#include "clang/Lex/Preprocessor.h"

using namespace hotinline;

namespace {

class policy_files_consumer : public clang::ASTConsumer
{
public:
  explicit policy_files_consumer (clang::CompilerInstance &ci) : ci (ci) {}

  void
  HandleTranslationUnit (clang::ASTContext &) override
  {
    clang::PPCallbacks *callbacks = ci.getPreprocessor ().getPPCallbacks ();
    if (!callbacks)
      return;
    for (size_t i = 0; i < the_config.n_policies; i++)
      add (callbacks, the_config.policies[i]);
    for (size_t i = 0; i < the_config.n_locks; i++)
      add (callbacks, the_config.locks[i]);
    if (the_config.disregard_only)
      add (callbacks, the_config.disregard_only);
  }

private:
  /* A file that does not exist (a lock not made yet) is left out: make
     would have no rule for it.  */
  void
  add (clang::PPCallbacks *callbacks, const char *path)
  {
    if (auto file = ci.getFileManager ().getOptionalFileRef (path))
      callbacks->HasInclude (clang::SourceLocation (), path, false, file,
			     clang::SrcMgr::C_User);
  }


private:
  clang::CompilerInstance &ci;
};

} // namespace

namespace hotinline {

std::unique_ptr<clang::ASTConsumer>
deps_consumer (clang::CompilerInstance &ci)
{
  return std::make_unique<policy_files_consumer> (ci);
}

} // namespace hotinline
