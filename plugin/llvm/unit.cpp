/* The compilation's unit as the messages, the results and the "files"
   scopes name it: its main source file, and at an LTO link the unit that
   compiled each function; and its output without its suffix.  */
#include "hotinline.h"

#include "clang/Frontend/CompilerInstance.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/Support/Path.h"

namespace hotinline {

const char *
unit_name (const llvm::Module &m)
{
  return m.getSourceFileName ().c_str ();
}

std::string
output_stem ()
{
  if (!the_compiler)
    return "";
  llvm::SmallString<256> out (the_compiler->getFrontendOpts ().OutputFile);
  llvm::sys::path::replace_extension (out, "");
  return out.str ().str ();
}

/* A function compiled in a unit of its own carries that unit as its
   subprogram's compile unit, which the main source file names.  */
std::string
unit_of (const llvm::Function *f)
{
  const llvm::DISubprogram *sp = f ? f->getSubprogram () : nullptr;
  if (!at_link || !sp || !sp->getUnit ())
    return "";
  return sp->getUnit ()->getFilename ().str ();
}

} // namespace hotinline
