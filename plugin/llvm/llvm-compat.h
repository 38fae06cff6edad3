/* Every difference between the LLVM and Clang versions the plugin supports
   (16 to 23, and 24's snapshots), in one place: the rest of the plugin is written against the
   newest spelling and contains no version test.  Oldest version first.  */
#ifndef HOTINLINE_LLVM_COMPAT_H
#define HOTINLINE_LLVM_COMPAT_H

#include "llvm/Config/llvm-config.h"

/* Released LLVMs 16 to 23, and the trunk of the next (Debian
   experimental's clang-24), which make check-next tests.  */
#if LLVM_VERSION_MAJOR < 16 || LLVM_VERSION_MAJOR > 24
#error "hotinline supports LLVM 16 to 23, and LLVM 24 snapshots"
#elif LLVM_VERSION_MAJOR == 24
#warning "LLVM 24 is a development snapshot: hotinline is tested on it by make check-next, not released with it"
#endif

#include "llvm/ADT/StringRef.h"
#include "llvm/Analysis/InlineAdvisor.h"
#include "llvm/Analysis/InlineCost.h"
#include "llvm/Analysis/TargetTransformInfo.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/DiagnosticHandler.h"
#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
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
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/Path.h"
#include "clang/AST/ASTConsumer.h"
#include "clang/AST/Attr.h"
#include "clang/AST/Mangle.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/DiagnosticFrontend.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendPluginRegistry.h"
#else
namespace clang {
class ASTConsumer;
class ASTNameGenerator;
class ASTContext;
class Decl;
class FunctionDecl;
class CompilerInstance;
}
#endif

/* The plugin inline advisor (surgical.cpp) has the same interface from
   LLVM 16 to 22 (PluginInlineAdvisorAnalysis, InlineAdvisor's
   getAdviceImpl and getCallerORE); LLVM 22 dropped its HasBeenRegistered
   flag, which the plugin does not use.  */

namespace hotinline_compat {
/* The speed level of an optimization level, 0 to 3: LLVM 23 made the
   level an enum of O0 to O3 (the size levels left it: -Os and -Oz are
   the functions' optsize and minsize).  */
inline unsigned
speed_level (llvm::OptimizationLevel level)
{
#if LLVM_VERSION_MAJOR >= 23
  return static_cast<unsigned> (level);
#else
  return level.getSpeedupLevel ();
#endif
}

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

/* The base of the plugin's passes.  LLVM 24 has each pass say by its
   mixin whether it may be skipped (optnone functions, opt-bisect); the
   plugin's passes may, as every pass of a plain mixin could before.  */
#if LLVM_VERSION_MAJOR >= 24
template <typename Pass> using pass_info = llvm::OptionalPassInfoMixin<Pass>;
#else
template <typename Pass> using pass_info = llvm::PassInfoMixin<Pass>;
#endif

/* Whether I is a debug or pseudo-probe instruction: LLVM 24 has no debug
   intrinsics left (debug records are not instructions).  */
inline bool
debug_or_pseudo (const llvm::Instruction &i)
{
#if LLVM_VERSION_MAJOR >= 24
  return llvm::isa<llvm::DbgInfoIntrinsic, llvm::PseudoProbeInst> (i);
#else
  return i.isDebugOrPseudoInst ();
#endif
}

/* Branches: LLVM 23 split BranchInst into UncondBrInst and CondBrInst.
   Whether I is a branch; the block an unconditional one goes to; the
   condition of a conditional one (null for anything else).  */
inline bool
is_branch (const llvm::Instruction *i)
{
#if LLVM_VERSION_MAJOR >= 23
  return llvm::isa<llvm::UncondBrInst, llvm::CondBrInst> (i);
#else
  return llvm::isa<llvm::BranchInst> (i);
#endif
}

inline const llvm::BasicBlock *
unconditional_target (const llvm::Instruction *i)
{
#if LLVM_VERSION_MAJOR >= 23
  auto *br = llvm::dyn_cast<llvm::UncondBrInst> (i);
  return br ? br->getSuccessor () : nullptr;
#else
  auto *br = llvm::dyn_cast<llvm::BranchInst> (i);
  return br && br->isUnconditional () ? br->getSuccessor (0) : nullptr;
#endif
}

inline const llvm::Value *
branch_condition (const llvm::Instruction *i)
{
#if LLVM_VERSION_MAJOR >= 23
  auto *br = llvm::dyn_cast<llvm::CondBrInst> (i);
  return br ? br->getCondition () : nullptr;
#else
  auto *br = llvm::dyn_cast<llvm::BranchInst> (i);
  return br && br->isConditional () ? br->getCondition () : nullptr;
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

/* Clang's debug-information kinds, which LLVM 17 moved into its own
   namespace.  */
#if LLVM_VERSION_MAJOR >= 17
namespace debug_kinds = llvm::codegenoptions;
#else
namespace debug_kinds = clang::codegenoptions;
#endif

/* The implicit attribute warning (TEXT) that call-places.cpp puts on a
   function so that Clang's code generator gives each call to it the
   call's source location: Clang 17 dropped the syntax argument.  */
inline clang::ErrorAttr *
warning_attr (clang::ASTContext &ctx, llvm::StringRef text)
{
#if LLVM_VERSION_MAJOR >= 17
  return clang::ErrorAttr::CreateImplicit (ctx, text, clang::SourceRange (),
					   clang::ErrorAttr::GNU_warning);
#else
  return clang::ErrorAttr::CreateImplicit (ctx, text, clang::SourceRange (),
					   clang::AttributeCommonInfo::AS_GNU,
					   clang::ErrorAttr::GNU_warning);
#endif
}

/* The printing policy with which Clang's debug information names a
   function: canonical types (a field Clang 21 renamed; 17 to 20 are not
   tested), no preferred names, every template argument's type.  */
inline clang::PrintingPolicy
debug_name_policy (const clang::ASTContext &ctx)
{
  clang::PrintingPolicy pp (ctx.getPrintingPolicy ());
#if LLVM_VERSION_MAJOR >= 21
  pp.PrintAsCanonical = true;
#else
  pp.PrintCanonicalTypes = true;
#endif
  pp.UsePreferredNames = false;
  pp.AlwaysIncludeTypeForTemplateArgument = true;
  return pp;
}

/* PATH as Clang's debug information spells it under -fdebug-prefix-map
   (and -ffile-prefix-map): the first prefix that matches is replaced, in
   the order Clang tries them: from Clang 17 the last one given first, up
   to 16 a map's order.  */
inline std::string
remap_debug_path (const clang::CodeGenOptions &opts, llvm::StringRef path)
{
  llvm::SmallString<256> p (path);
#if LLVM_VERSION_MAJOR >= 17
  for (const auto &[from, to] : llvm::reverse (opts.DebugPrefixMap))
#else
  for (const auto &[from, to] : opts.DebugPrefixMap)
#endif
    if (llvm::sys::path::replace_path_prefix (p, from, to))
      break;
  return std::string (p);
}

/* The base of a client of Clang's diagnostics in front of another,
   INNER: it hands on the calls only some Clangs make of a client.  Up
   to 22 Clang tells its client at the end of the compilation that every
   file is processed (finish: a serialized diagnostics file is written
   then); 23 dropped the call.  */
class diagnostics_in_front : public clang::DiagnosticConsumer
{
public:
  explicit diagnostics_in_front (clang::DiagnosticConsumer *inner)
    : inner (inner)
  {
  }

#if LLVM_VERSION_MAJOR < 23
  void
  finish () override
  {
    inner->finish ();
  }
#endif

protected:
  clang::DiagnosticConsumer *inner;
};
#endif

} // namespace hotinline_compat

#endif /* HOTINLINE_LLVM_COMPAT_H */
