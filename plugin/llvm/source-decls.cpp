/* What only the source knows about a function, recorded by the front end
   for the passes, by symbol: where it is declared (the IR has no place for
   a declaration without a body, nor for any function without -g), whether
   the user wrote noinline or optnone, which clang at -O0 also puts on
   every function by itself, and, for a listing, whether it carries the
   attribute listed.  */
#define HOTINLINE_FRONTEND
#include "hotinline.h"

#include "llvm/ADT/StringMap.h"

using namespace hotinline;

namespace {

llvm::StringMap<source_decl> decls;

/* NAME without the underscores of its reserved spelling
   ("__always_inline__" is "always_inline").  */
llvm::StringRef
attribute_name (llvm::StringRef name)
{
  if (name.size () > 4 && name.starts_with ("__") && name.ends_with ("__"))
    return name.drop_front (2).drop_back (2);
  return name;
}

/* Whether FD carries the attribute a listing asks for.  */
bool
marked (const clang::FunctionDecl *fd)
{
  if (!the_config.list_file)
    return false;
  llvm::StringRef wanted = attribute_name (the_config.list_attribute);
  for (const clang::Attr *a : fd->attrs ())
    if (attribute_name (a->getSpelling ()) == wanted)
      return true;
  /* A mark disregarded (disregard.cpp) is listed as written.  */
  auto off = marks_taken_off.find (fd->getFirstDecl ());
  return off != marks_taken_off.end ()
	 && attribute_name (off->second) == wanted;
}

/* Whether the IR may have FD: used, or defined and emitted whether used
   or not.  A static function nothing uses is not emitted unless an
   attribute asks for it (ASTContext::DeclMustBeEmitted would say exactly,
   at a cost).  */
bool
in_the_ir (const clang::FunctionDecl *fd)
{
  if (fd->isReferenced ())
    return true;
  if (!fd->doesThisDeclarationHaveABody ())
    return false;
  if (fd->getStorageClass () != clang::SC_Static)
    return true;
  if (fd->hasAttrs ())
    for (const clang::Attr *a : fd->getAttrs ())
      if (llvm::isa<clang::UsedAttr, clang::RetainAttr, clang::ConstructorAttr,
		    clang::DestructorAttr> (a))
	return true;
  return false;
}

class recorder : public clang::RecursiveASTVisitor<recorder>
{
public:
  explicit recorder (clang::ASTContext &ctx) : names (ctx) {}

  bool shouldVisitTemplateInstantiations () const { return true; }

  /* A lambda's call operator is no declaration the visitor walks.  */
  bool
  VisitLambdaExpr (clang::LambdaExpr *e)
  {
    return VisitFunctionDecl (e->getCallOperator ());
  }

  bool
  VisitFunctionDecl (clang::FunctionDecl *fd)
  {
    if (fd->isDependentContext ())
      return true;
    /* A function renamed with asm ("memchr") has another function's
       symbol: glibc's always_inline C++ overloads of memchr are libc's
       memchr to the IR.  */
    bool listed = marked (fd) && !fd->hasAttr<clang::AsmLabelAttr> ();
    if (!listed && !maybe_hot (fd))
      return true;
    const clang::FunctionDecl *last = fd->getMostRecentDecl ();
    const clang::FunctionDecl *def = fd->getDefinition ();
    source_decl d;
    d.loc = def ? def->getLocation () : fd->getFirstDecl ()->getLocation ();
    d.noinline = last->hasAttr<clang::NoInlineAttr> ();
    d.optnone = last->hasAttr<clang::OptimizeNoneAttr> ();
    d.defined = def != nullptr;
    d.listed = listed;
    /* A constructor or destructor is several functions: complete, base
       (and deleting) object variants.  */
    if (llvm::isa<clang::CXXConstructorDecl> (fd)
	|| llvm::isa<clang::CXXDestructorDecl> (fd))
      for (const std::string &symbol : names.getAllManglings (fd))
	decls[symbol] = d;
    else if (std::string symbol = names.getName (fd); !symbol.empty ())
      decls[symbol] = d;
    return true;
  }

  /* Every function declared in DC and the contexts within it that the
     IR can have (used, or defined here and emitted whether used or not:
     most of a unit's declarations and static inline definitions come
     from headers and are never used), by their lists of declarations
     alone, without the statements.  */
  void
  record_declared (const clang::DeclContext *dc)
  {
    for (clang::Decl *d : dc->decls ())
      {
	if (auto *fd = llvm::dyn_cast<clang::FunctionDecl> (d))
	  if (in_the_ir (fd))
	    VisitFunctionDecl (fd);
	if (auto *inner = llvm::dyn_cast<clang::DeclContext> (d))
	  record_declared (inner);
      }
  }

private:
  clang::ASTNameGenerator names;
};

/* Whether the lists of declarations hold every function declaration of
   the unit: in C, where one declared in a block belongs to its function.
   Not in C++ (lambdas, template instantiations) nor in a block or an
   OpenMP region, whose declarations no list holds: walking the whole AST
   finds those, at a cost of about 0.2% of a C unit's compilation.  */
bool
declarations_listed (const clang::LangOptions &lang)
{
  return !lang.CPlusPlus && !lang.ObjC && !lang.Blocks && !lang.OpenMP;
}

class consumer : public clang::ASTConsumer
{
public:
  void
  HandleTranslationUnit (clang::ASTContext &ctx) override
  {
    if (!rule_policy_has_work (the_policy, &the_config) && !the_config.list_file)
      return;
    recorder r (ctx);
    if (declarations_listed (ctx.getLangOpts ()))
      r.record_declared (ctx.getTranslationUnitDecl ());
    else
      r.TraverseDecl (ctx.getTranslationUnitDecl ());
  }
};

} // namespace

namespace hotinline {

bool
maybe_hot (const clang::FunctionDecl *fd)
{
  if (!fd->getDeclContext ()->getRedeclContext ()->isTranslationUnit ())
    return true;
  if (!marked_decls.empty () && marked_decls.count (fd->getFirstDecl ()))
    return true;
  if (const clang::IdentifierInfo *id = fd->getIdentifier ())
    return policy_mentions (the_policy, id->getNameStart ());
  /* An operator of the global namespace.  */
  return policy_mentions (the_policy, fd->getNameAsString ().c_str ());
}

std::unique_ptr<clang::ASTConsumer>
source_decls_consumer (clang::CompilerInstance &)
{
  return std::make_unique<consumer> ();
}

const source_decl *
source_decl_of (llvm::StringRef symbol)
{
  auto it = decls.find (symbol);
  return it == decls.end () ? nullptr : &it->second;
}

} // namespace hotinline
