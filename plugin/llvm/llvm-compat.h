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

namespace hotinline_compat {

#ifdef HOTINLINE_FRONTEND
/* Debug info kinds moved from clang::codegenoptions to llvm:: in 17.  */
#if LLVM_VERSION_MAJOR >= 17
namespace debug_kinds = llvm::codegenoptions;
#else
namespace debug_kinds = clang::codegenoptions;
#endif

/* Make code generation keep each instruction's source location without
   emitting debug info (what -Rpass does); false when it already does.  */
inline bool
track_locations (clang::CodeGenOptions &cg)
{
  if (cg.getDebugInfo () != debug_kinds::NoDebugInfo)
    return false;
  cg.setDebugInfo (debug_kinds::LocTrackingOnly);
  return true;
}
#endif

/* The end of the optimisation pipeline: LLVM 20 gave its callbacks the
   LTO phase as a third argument.  Register CB (taking the module pass
   manager and the level) there.  */
template <typename Callback>
inline void
register_optimizer_last (llvm::PassBuilder &pb, Callback cb)
{
#if LLVM_VERSION_MAJOR >= 20
  pb.registerOptimizerLastEPCallback (
    [cb] (llvm::ModulePassManager &mpm, llvm::OptimizationLevel level,
	  llvm::ThinOrFullLTOPhase) { cb (mpm, level); });
#else
  pb.registerOptimizerLastEPCallback (cb);
#endif
}

/* The plugin inline advisor's factory type, and whether the module
   analysis manager already has it (LLVM 20 added isPassRegistered; before
   it, registering twice keeps the first).  */
inline bool
plugin_advisor_registered (llvm::ModuleAnalysisManager &mam)
{
#if LLVM_VERSION_MAJOR >= 20
  return mam.isPassRegistered<llvm::PluginInlineAdvisorAnalysis> ();
#else
  (void) mam;
  return false;
#endif
}

} // namespace hotinline_compat

#endif /* HOTINLINE_LLVM_COMPAT_H */
