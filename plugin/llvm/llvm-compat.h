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

} // namespace hotinline_compat

#endif /* HOTINLINE_LLVM_COMPAT_H */
