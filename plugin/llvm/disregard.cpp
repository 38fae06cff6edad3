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
   header keeps its marks.

   The same walk records the marks as written for the audit, when the
   results record them (rule_marks_recorded): the builds it compares are
   one as written and one with the marks disregarded, and in the second
   a function taken off its mark still counts as marked.  */
#define HOTINLINE_FRONTEND
#include "hotinline.h"

#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringSet.h"

using namespace hotinline;

namespace {

/* The symbols of the functions whose inline keyword's hint is
   disregarded, for the start of the pipeline.  */
llvm::StringSet<> unhinted;

/* Whether FD, or the template it is an instance of, is declared with the
   inline keyword: what gives Clang's IR the inlinehint attribute.  */
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

/* Whether A is an always_inline the source wrote (in any spelling, on
   this declaration or inherited from an earlier one), not one Clang made
   itself.  */
bool
written_always_inline (const clang::Attr *a)
{
  return llvm::isa<clang::AlwaysInlineAttr> (a) && !a->isImplicit ();
}

bool
always_inline_written (const clang::FunctionDecl *fd)
{
  for (const clang::FunctionDecl *r : fd->redecls ())
    if (r->hasAttrs () && llvm::any_of (r->getAttrs (), written_always_inline))
      return true;
  return false;
}

/* A marked function defined in the unit, until the end of the unit puts
   the definitions in their order.  */
struct defined_mark
{
  clang::SourceLocation loc;	/* Its definition's name.  */
  size_t seen;			/* The order they were seen in.  */
  written_mark mark;
  std::vector<std::string> symbols;
};

/* Takes the disregarded marks off each function declaration before the
   code generator sees it, and records the marks as written: a plugin
   added before the main action comes first for each declaration, and at
   the end of the unit, where the code generator emits the functions it
   deferred.  */
class mark_remover : public clang::ASTConsumer,
		     public clang::RecursiveASTVisitor<mark_remover>
{
public:
  explicit mark_remover (std::string unit)
    : unit (std::move (unit)), recorded (rule_marks_recorded (&the_config))
  {
  }

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
      walk (d);
    return true;
  }

  void
  HandleInlineFunctionDefinition (clang::FunctionDecl *fd) override
  {
    consider (fd);
  }

  /* Whatever the declarations' lists do not hold (lambdas, template
     instances, functions of blocks), before the code generator emits
     the functions it deferred to the end of the unit.  In C, every
     function is declared at file scope or redeclares one that is.  */
  void
  HandleTranslationUnit (clang::ASTContext &context) override
  {
    const clang::LangOptions &lang = context.getLangOpts ();
    if (lang.CPlusPlus || lang.ObjC || lang.Blocks || lang.OpenMP)
      TraverseDecl (context.getTranslationUnitDecl ());
    if (recorded != CONFIG_DISREGARD_NONE)
      order_marks ();
  }

  bool shouldVisitTemplateInstantiations () const { return true; }

  bool
  VisitFunctionDecl (clang::FunctionDecl *fd)
  {
    consider (fd);
    return true;
  }

  bool
  VisitLambdaExpr (clang::LambdaExpr *e)
  {
    consider (e->getCallOperator ());
    return true;
  }

private:
  /* D and the declarations within it, without the statements.  */
  void
  walk (clang::Decl *d)
  {
    if (auto *fd = llvm::dyn_cast<clang::FunctionDecl> (d))
      consider (fd);
    if (auto *dc = llvm::dyn_cast<clang::DeclContext> (d))
      for (clang::Decl *inner : dc->decls ())
	walk (inner);
  }

  /* Take FD's disregarded marks off, and record its marks.  */
  void
  consider (clang::FunctionDecl *fd)
  {
    /* A template's own declaration has no symbol to name it by: its
       instances are considered one by one.  */
    if (fd->isDependentContext () || fd->isInvalidDecl ())
      return;
    /* An always_inline an earlier declaration had, taken off there.  */
    bool taken = marks_taken_off.count (fd->getFirstDecl ());
    bool always = always_inline_written (fd);
    bool keyword = (the_config.disregard == CONFIG_DISREGARD_INLINE
		    || recorded == CONFIG_DISREGARD_INLINE)
		   && inline_written (fd);
    if (!always && !keyword && !taken)
      return;
    if (in_system_header (fd))
      return;
    bool off = disregarded (fd);
    bool hint_off = off && keyword
		    && the_config.disregard == CONFIG_DISREGARD_INLINE;
    if (off && always)
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
    if (hint_off)
      for (const std::string &symbol : symbols (fd))
	unhinted.insert (symbol);
    if (recorded != CONFIG_DISREGARD_NONE)
      record (fd, always || taken,
	      keyword && recorded == CONFIG_DISREGARD_INLINE, hint_off);
  }

  /* Record FD's mark, as written: ALWAYS (always_inline, taken off or
     not), else KEYWORD (the inline keyword, at level inline), whose hint
     is taken off when HINT_OFF; and its definition, once there is one
     (a mark may come after it, on a later declaration).  */
  void
  record (clang::FunctionDecl *fd, bool always, bool keyword, bool hint_off)
  {
    if (!always && !keyword)
      return;
    const clang::FunctionDecl *first = fd->getFirstDecl ();
    marked_decls.insert (first);
    const clang::FunctionDecl *def = fd->getDefinition ();
    if (!def || !defined.insert (first).second)
      return;
    defined_mark d;
    d.loc = def->getLocation ();
    d.seen = definitions.size ();
    d.mark.line = 0;
    clang::PresumedLoc p = ctx->getSourceManager ().getPresumedLoc (d.loc);
    if (p.isValid ())
      {
	d.mark.file = p.getFilename ();
	d.mark.line = p.getLine ();
      }
    d.mark.always_inline = always;
    d.mark.disregarded = always ? marks_taken_off.count (first) > 0
				: hint_off;
    d.symbols = symbols (fd);
    definitions.push_back (std::move (d));
  }

  /* The marked functions defined in the unit, in the order of their
     definitions in it (a template's instances at their template's), into
     the shared state.  */
  void
  order_marks ()
  {
    const clang::SourceManager &sm = ctx->getSourceManager ();
    std::sort (definitions.begin (), definitions.end (),
	       [&sm] (const defined_mark &a, const defined_mark &b) {
		 if (a.loc != b.loc)
		   return sm.isBeforeInTranslationUnit (a.loc, b.loc);
		 return a.seen < b.seen;
	       });
    for (defined_mark &d : definitions)
      {
	for (const std::string &symbol : d.symbols)
	  marked_symbols.try_emplace (symbol, marks_written.size ());
	marks_written.push_back (std::move (d.mark));
      }
    definitions.clear ();
  }

  /* Whether a declaration of FD is in a system header.  */
  bool
  in_system_header (const clang::FunctionDecl *fd) const
  {
    const clang::SourceManager &sm = ctx->getSourceManager ();
    return llvm::any_of (fd->redecls (), [&sm] (const clang::FunctionDecl *r) {
      return sm.isInSystemHeader (r->getLocation ());
    });
  }

  /* FD's symbols: a constructor or destructor is several functions.  */
  std::vector<std::string>
  symbols (const clang::FunctionDecl *fd) const
  {
    std::vector<std::string> all;
    if (llvm::isa<clang::CXXConstructorDecl, clang::CXXDestructorDecl> (fd))
      all = mangler->getAllManglings (fd);
    else
      all.push_back (mangler->getName (fd));
    /* An asm label is the symbol as written, which the mangler marks.  */
    for (std::string &s : all)
      if (!s.empty () && s[0] == '\1')
	s.erase (0, 1);
    return all;
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
    for (const std::string &symbol : symbols (fd))
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
  /* The level of the marks recorded; NONE: none.  */
  enum config_disregard recorded;
  clang::ASTContext *ctx = nullptr;
  std::unique_ptr<clang::ASTNameGenerator> mangler;
  llvm::DenseMap<const clang::FunctionDecl *, bool> decided;
  /* The marked functions whose definitions are recorded, by their first
     declarations, and the definitions.  */
  llvm::DenseSet<const clang::FunctionDecl *> defined;
  std::vector<defined_mark> definitions;
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

std::unique_ptr<clang::ASTConsumer>
disregard_consumer (clang::CompilerInstance &, llvm::StringRef unit)
{
  if (the_config.disregard == CONFIG_DISREGARD_NONE
      && rule_marks_recorded (&the_config) == CONFIG_DISREGARD_NONE)
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
