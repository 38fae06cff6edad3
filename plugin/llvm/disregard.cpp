/* Building as if the source's inline marks were not written
   (disregard=always_inline|inline, disregard-only=FILE): the marks are
   taken off before Clang's code generator and the first inliner see them.

   always_inline is taken off the declarations, in the AST, before the
   code generator reads them: Clang derives more than the IR attribute
   from it, and a hand-edited source gets all of it (at -O0, noinline and
   optnone on the function; at -O2 inlinehint when the function is also
   declared inline; a gnu_inline body emitted at -O0; the target-feature
   check of calls to it).  The inline keyword's hint is taken off the IR
   (the inlinehint attribute) as the pipeline starts, before any inliner,
   -O0 and the LTO pre-link included: in the AST the keyword is also the
   function's linkage, which stays.  A function declared in a system
   header keeps its marks.  What is taken off is kept (marks_taken_off,
   hint_taken_off) for the audit (audit.cpp), which records the marks as
   written.  */
#define HOTINLINE_FRONTEND
#include "hotinline.h"

#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringSet.h"

using namespace hotinline;

namespace {

/* The symbols of the functions whose inline keyword's hint is
   disregarded, for the start of the pipeline.  */
llvm::StringSet<> unhinted;

/* Whether A is an always_inline the source wrote (in any spelling, on
   this declaration or inherited from an earlier one), not one Clang made
   itself.  */
bool
written_always_inline (const clang::Attr *a)
{
  return llvm::isa<clang::AlwaysInlineAttr> (a) && !a->isImplicit ();
}

/* Every function declaration of the unit, its statements included (the
   whole AST): template instances, lambdas' call operators, functions of
   blocks.  */
class function_visitor : public clang::RecursiveASTVisitor<function_visitor>
{
public:
  explicit function_visitor (function_seen fn) : fn (fn) {}

  bool shouldVisitTemplateInstantiations () const { return true; }

  bool
  VisitFunctionDecl (clang::FunctionDecl *fd)
  {
    fn (fd);
    return true;
  }

  bool
  VisitLambdaExpr (clang::LambdaExpr *e)
  {
    fn (e->getCallOperator ());
    return true;
  }

private:
  function_seen fn;
};

/* Takes the disregarded marks off each function declaration before the
   code generator sees it: a plugin added before the main action comes
   first for each declaration, and at the end of the unit, where the code
   generator emits the functions it deferred.  */
class mark_remover : public clang::ASTConsumer
{
public:
  explicit mark_remover (std::string unit) : unit (std::move (unit)) {}

  void
  Initialize (clang::ASTContext &context) override
  {
    ctx = &context;
    mangler = std::make_unique<clang::ASTNameGenerator> (context);
  }

  bool
  HandleTopLevelDecl (clang::DeclGroupRef group) override
  {
    for (clang::Decl *d : group)
      each_declared_function (
	d, [this] (clang::FunctionDecl *fd) { consider (fd); });
    return true;
  }

  void
  HandleInlineFunctionDefinition (clang::FunctionDecl *fd) override
  {
    consider (fd);
  }

  void
  HandleTranslationUnit (clang::ASTContext &context) override
  {
    each_function_at_end (context,
			  [this] (clang::FunctionDecl *fd) { consider (fd); });
  }

private:
  /* Take FD's disregarded marks off.  */
  void
  consider (clang::FunctionDecl *fd)
  {
    /* A template's own declaration has no symbol to name it by: its
       instances are considered one by one.  */
    if (fd->isDependentContext () || fd->isInvalidDecl ())
      return;
    bool always = always_inline_written (fd);
    bool hint = the_config.disregard == CONFIG_DISREGARD_INLINE
		&& inline_written (fd);
    if (!always && !hint)
      return;
    if (declared_in_system_header (fd))
      return;
    if (!disregarded (fd))
      return;
    if (always)
      for (clang::FunctionDecl *r : fd->redecls ())
	if (r->hasAttrs ())
	  {
	    clang::AttrVec &attrs = r->getAttrs ();
	    for (const clang::Attr *a : attrs)
	      if (written_always_inline (a))
		marks_taken_off.try_emplace (fd->getFirstDecl (),
					     a->getSpelling ());
	    llvm::erase_if (attrs, written_always_inline);
	    if (attrs.empty ())
	      r->dropAttrs ();
	  }
    if (hint)
      for (const std::string &symbol : function_symbols (*mangler, fd))
	unhinted.insert (symbol);
  }


  /* Whether the arguments disregard FD's marks: every function's, or
     those an entry of the disregard-only policy names (by any of its
     symbols, in the forms entry_for gives the policy).  Decided once per
     function.  */
  bool
  disregarded (const clang::FunctionDecl *fd)
  {
    if (!the_config.disregard_only)
      return rule_disregards (&the_config, the_only_policy, NULL, 0,
			      unit.c_str ());
    auto [it, added] = decided.try_emplace (fd->getCanonicalDecl (), false);
    if (!added)
      return it->second;
    for (const std::string &symbol : function_symbols (*mangler, fd))
      {
	const std::vector<std::string> &forms = name_forms (symbol);
	std::vector<const char *> texts;
	for (const std::string &f : forms)
	  texts.push_back (f.c_str ());
	if (rule_disregards (&the_config, the_only_policy, texts.data (),
			     texts.size (), unit.c_str ()))
	  {
	    it->second = true;
	    break;
	  }
      }
    return it->second;
  }

  std::string unit;
  clang::ASTContext *ctx = nullptr;
  std::unique_ptr<clang::ASTNameGenerator> mangler;
  llvm::DenseMap<const clang::FunctionDecl *, bool> decided;
};

/* The inline keyword's hint taken off the functions whose marks are
   disregarded, before any inliner.  */
struct unhint_pass : hotinline_compat::pass_info<unhint_pass>
{
  llvm::PreservedAnalyses
  run (llvm::Module &m, llvm::ModuleAnalysisManager &)
  {
    for (llvm::Function &f : m)
      if (f.hasFnAttribute (llvm::Attribute::InlineHint)
	  && unhinted.count (f.getName ()))
	f.removeFnAttr (llvm::Attribute::InlineHint);
    /* Attributes only: no analysis the pipeline has yet depends on
       them.  */
    return llvm::PreservedAnalyses::all ();
  }

  static bool isRequired () { return true; }
};

} // namespace

namespace hotinline {

bool
declared_in_system_header (const clang::FunctionDecl *fd)
{
  const clang::SourceManager &sm = fd->getASTContext ().getSourceManager ();
  return llvm::any_of (fd->redecls (), [&sm] (const clang::FunctionDecl *r) {
    return sm.isInSystemHeader (r->getLocation ());
  });
}

std::vector<std::string>
function_symbols (clang::ASTNameGenerator &names,
		  const clang::FunctionDecl *fd)
{
  std::vector<std::string> all;
  if (llvm::isa<clang::CXXConstructorDecl, clang::CXXDestructorDecl> (fd))
    all = names.getAllManglings (fd);
  else
    all.push_back (names.getName (fd));
  /* An asm label is the symbol as written, which the mangler marks.  */
  for (std::string &s : all)
    if (!s.empty () && s[0] == '\1')
      s.erase (0, 1);
  return all;
}

bool
inline_written (const clang::FunctionDecl *fd)
{
  auto any_inline = [] (const clang::FunctionDecl *f) {
    return llvm::any_of (f->redecls (), [] (const clang::FunctionDecl *r) {
      return r->isInlineSpecified ();
    });
  };
  if (any_inline (fd))
    return true;
  const clang::FunctionDecl *pattern = fd->getTemplateInstantiationPattern ();
  return pattern && any_inline (pattern);
}

bool
always_inline_written (const clang::FunctionDecl *fd)
{
  for (const clang::FunctionDecl *r : fd->redecls ())
    if (r->hasAttrs () && llvm::any_of (r->getAttrs (), written_always_inline))
      return true;
  return false;
}

bool
hint_taken_off (llvm::StringRef symbol)
{
  return unhinted.count (symbol);
}

void
each_declared_function (clang::Decl *d, function_seen fn)
{
  if (auto *fd = llvm::dyn_cast<clang::FunctionDecl> (d))
    fn (fd);
  if (auto *dc = llvm::dyn_cast<clang::DeclContext> (d))
    for (clang::Decl *inner : dc->decls ())
      each_declared_function (inner, fn);
}

/* In C, every function is declared at file scope or redeclares one that
   is: the lists of declarations had them all.  */
void
each_function_at_end (clang::ASTContext &context, function_seen fn)
{
  const clang::LangOptions &lang = context.getLangOpts ();
  if (lang.CPlusPlus || lang.ObjC || lang.Blocks || lang.OpenMP)
    function_visitor (fn).TraverseDecl (context.getTranslationUnitDecl ());
}

std::unique_ptr<clang::ASTConsumer>
disregard_consumer (clang::CompilerInstance &, llvm::StringRef unit)
{
  if (the_config.disregard == CONFIG_DISREGARD_NONE)
    return nullptr;
  return std::make_unique<mark_remover> (unit.str ());
}

void
disregard_register (llvm::PassBuilder &pb)
{
  pb.registerPipelineStartEPCallback (
    [] (llvm::ModulePassManager &mpm, llvm::OptimizationLevel) {
      if (!unhinted.empty ())
	mpm.addPass (unhint_pass ());
    });
}

} // namespace hotinline
