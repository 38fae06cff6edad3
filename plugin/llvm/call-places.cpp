/* The places of the calls to hot functions, without -g.  A report names
   a call by its source location, which Clang gives instructions only with
   debug information or when a remark is asked for (-Rpass*, what the
   compiler wrapper adds where this does not work, up to Clang 18).
   Locations cost about 9% of a compilation, most of it in Clang's code
   generator and LLVM's keeping them through every pass; so they are
   asked for here, and then left out of every function that refers to no
   function the policy may name: Clang's own nodebug attribute, added to
   the AST before the code generator sees the function.  The code is the
   same either way; no debug section is written.  */
#define HOTINLINE_FRONTEND
#include "hotinline.h"

#include "clang/AST/Attr.h"

using namespace hotinline;

namespace {

/* Whether functions without a hot call are left without locations: the
   compilation has locations only because of the plugin (its own request,
   or the wrapper's -Rpass-missed=hotinline), and nothing else in it
   wants them: no remark of the user's, no record of them, no sample
   profile.  */
bool trimming;

bool
only_hotinline_remarks (const clang::CodeGenOptions &opts)
{
  for (const clang::CodeGenOptions::OptRemark *r :
       { &opts.OptimizationRemark, &opts.OptimizationRemarkMissed,
	 &opts.OptimizationRemarkAnalysis })
    if (r->hasValidPattern () && r->Pattern != "hotinline")
      return false;
  return opts.OptRecordFile.empty ();
}

/* Whether the code of a function may call a function the policy may
   name: it refers to one, or to a C++ object whose construction or
   destruction runs code nothing in the source names at the call.  */
class hot_reference_finder
  : public clang::RecursiveASTVisitor<hot_reference_finder>
{
public:
  bool found = false;

  bool
  VisitDeclRefExpr (clang::DeclRefExpr *e)
  {
    return note (e->getDecl ());
  }

  bool
  VisitMemberExpr (clang::MemberExpr *e)
  {
    return note (e->getMemberDecl ());
  }

  bool
  VisitCXXConstructExpr (clang::CXXConstructExpr *)
  {
    return note_any ();
  }

  bool
  VisitCXXDeleteExpr (clang::CXXDeleteExpr *)
  {
    return note_any ();
  }

  bool
  VisitCXXBindTemporaryExpr (clang::CXXBindTemporaryExpr *)
  {
    return note_any ();
  }

  bool
  VisitVarDecl (clang::VarDecl *v)
  {
    if (const clang::CXXRecordDecl *rd
	= v->getType ()->getBaseElementTypeUnsafe ()->getAsCXXRecordDecl ())
      if (rd->hasDefinition () && !rd->hasTrivialDestructor ())
	return note_any ();
    return true;
  }

private:
  /* Returning false stops the walk.  */
  bool
  note (const clang::Decl *d)
  {
    if (const auto *fd = llvm::dyn_cast<clang::FunctionDecl> (d))
      if (maybe_hot (fd))
	return note_any ();
    return true;
  }

  bool
  note_any ()
  {
    found = true;
    return false;
  }
};

/* FD without locations when its code calls nothing hot.  */
void
trim (clang::ASTContext &ctx, clang::FunctionDecl *fd)
{
  if (!fd->doesThisDeclarationHaveABody () || fd->isDependentContext ()
      || fd->hasAttr<clang::NoDebugAttr> ())
    return;
  hot_reference_finder finder;
  finder.TraverseStmt (fd->getBody ());
  if (!finder.found)
    fd->addAttr (clang::NoDebugAttr::CreateImplicit (ctx));
}

/* Runs before the code generator for each declaration (a plugin added
   before the main action comes first).  A function it does not see, as
   a template's instance or a lambda, keeps its locations.  */
class trimmer : public clang::ASTConsumer
{
public:
  void
  Initialize (clang::ASTContext &context) override
  {
    ctx = &context;
  }

  bool
  HandleTopLevelDecl (clang::DeclGroupRef group) override
  {
    for (clang::Decl *d : group)
      if (auto *fd = llvm::dyn_cast<clang::FunctionDecl> (d))
	trim (*ctx, fd);
    return true;
  }

  void
  HandleInlineFunctionDefinition (clang::FunctionDecl *fd) override
  {
    trim (*ctx, fd);
  }

private:
  clang::ASTContext *ctx = nullptr;
};

} // namespace

namespace hotinline {

void
call_places_ask (clang::CompilerInstance &ci)
{
  clang::CodeGenOptions &opts = ci.getCodeGenOpts ();
  trimming = false;
  /* Only for report entries, and the marks' calls the results record:
     forcing warns at a call only where it is refused, which is rare,
     and costs no location where it is not.  */
  if (!the_policy
      || (!policy_has_action (the_policy, POLICY_ACTION_REPORT)
	  && rule_marks_recorded (&the_config) == CONFIG_DISREGARD_NONE)
      || !opts.SampleProfileFile.empty () || opts.DebugInfoForProfiling)
    return;
  clang::frontend::ActionKind action = ci.getFrontendOpts ().ProgramAction;
  if (action != clang::frontend::EmitObj
      && action != clang::frontend::EmitAssembly
      && action != clang::frontend::EmitBC)
    return;
  trimming = (hotinline_compat::ask_for_locations (opts)
	      || hotinline_compat::locations_only (opts))
	     && only_hotinline_remarks (opts);
}

std::unique_ptr<clang::ASTConsumer>
call_places_consumer (clang::CompilerInstance &)
{
  if (!trimming)
    return nullptr;
  return std::make_unique<trimmer> ();
}

} // namespace hotinline

namespace {

/* The locations of a function's instructions but its calls dropped, as
   the pipeline starts: no pass needs to keep them.  Calls keep theirs:
   the reports' places, and the verifier's rule that a call to a function
   with debug information has one.  */
struct drop_locations : hotinline_compat::pass_info<drop_locations>
{
  llvm::PreservedAnalyses
  run (llvm::Module &m, llvm::ModuleAnalysisManager &)
  {
    for (llvm::Function &f : m)
      for (llvm::BasicBlock &bb : f)
	for (llvm::Instruction &i : bb)
	  if (!llvm::isa<llvm::CallBase> (i) && i.getDebugLoc ())
	    i.setDebugLoc (llvm::DebugLoc ());
    return llvm::PreservedAnalyses::all ();
  }
};

} // namespace

namespace hotinline {

void
call_places_register (llvm::PassBuilder &pb)
{
  pb.registerPipelineStartEPCallback (
    [] (llvm::ModulePassManager &mpm, llvm::OptimizationLevel) {
      if (trimming)
	mpm.addPass (drop_locations ());
    });
}

} // namespace hotinline
