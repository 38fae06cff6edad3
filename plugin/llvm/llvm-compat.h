/* Every difference between the LLVM and Clang versions the plugin supports
   (16 to 22), in one place: the rest of the plugin is written against the
   newest spelling and contains no version test.  Oldest version first.  */
#ifndef HOTINLINE_LLVM_COMPAT_H
#define HOTINLINE_LLVM_COMPAT_H

#include "llvm/Config/llvm-config.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Analysis/InlineAdvisor.h"
#include "llvm/Analysis/InlineCost.h"
#include "llvm/Analysis/TargetTransformInfo.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/DiagnosticHandler.h"
#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/PassManager.h"
#include "llvm/Passes/OptimizationLevel.h"
#include "llvm/Passes/PassBuilder.h"

/* LLVM 22 moved the pass plugin interface out of Passes/.  */
#if LLVM_VERSION_MAJOR >= 22
#include "llvm/Plugins/PassPlugin.h"
#else
#include "llvm/Passes/PassPlugin.h"
#endif

#include "clang/Basic/SourceLocation.h"

/* LLVM 22 lets a plugin add passes to the code generator's pipeline as a
   target machine sets it up (code_generator_hook below).  */
#if LLVM_VERSION_MAJOR >= 22
#include "llvm/CodeGen/Passes.h"
#include "llvm/CodeGen/TargetPassConfig.h"
#include "llvm/Target/RegisterTargetPassConfigCallback.h"
#endif

/* Clang's front end, for the files that talk to it (heavy: only where
   HOTINLINE_FRONTEND is defined).  */
#ifdef HOTINLINE_FRONTEND
#include "clang/AST/ASTConsumer.h"
#include "clang/AST/Mangle.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/DiagnosticFrontend.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendPluginRegistry.h"
#else
namespace clang {
class ASTConsumer;
class CompilerInstance;
}
#endif

/* The plugin inline advisor (surgical.cpp) has the same interface from
   LLVM 16 to 22 (PluginInlineAdvisorAnalysis, InlineAdvisor's
   getAdviceImpl and getCallerORE); LLVM 22 dropped its HasBeenRegistered
   flag, which the plugin does not use.  */

namespace hotinline_compat {
/* A callback for a module extension point of the pipeline (optimizer
   last, early simplification): LLVM 20 gave them the LTO phase as a third
   argument, which the plugin does not use.  CB takes the module pass
   manager and the level.  */
template <typename Callback>
inline auto
without_lto_phase (Callback cb)
{
#if LLVM_VERSION_MAJOR >= 20
  return [cb] (llvm::ModulePassManager &mpm, llvm::OptimizationLevel level,
	       llvm::ThinOrFullLTOPhase) { cb (mpm, level); };
#else
  return cb;
#endif
}

/* Have MAKE's pass run in the code generator of every module compiled
   from now on, on each function after its last change before it is
   emitted (after the branch folder, tail duplication and block placement,
   which merge, copy and move calls): right after LiveDebugValues, which
   every target runs at every level.  False when this LLVM lets no plugin
   add to the code generator (before 22): nothing runs then.  */
inline bool
code_generator_hook (llvm::Pass *(*make) ())
{
#if LLVM_VERSION_MAJOR >= 22
  static llvm::RegisterTargetPassConfigCallback hook (
    [make] (llvm::TargetMachine &, llvm::legacy::PassManagerBase &,
	    llvm::TargetPassConfig *config) {
      config->insertPass (&llvm::LiveDebugValuesID, make ());
    });
  return true;
#else
  (void) make;
  return false;
#endif
}

#ifdef HOTINLINE_FRONTEND
/* Whether the compilation is -ffat-lto-objects, which Clang has from
   18: before, no compilation is.  */
inline bool
fat_lto_objects (const clang::CodeGenOptions &opts)
{
#if LLVM_VERSION_MAJOR >= 18
  return opts.FatLTO;
#else
  (void) opts;
  return false;
#endif
}
#endif

} // namespace hotinline_compat

#endif /* HOTINLINE_LLVM_COMPAT_H */
