/* The places of the calls to hot functions, without -g.  A report names
   a call by its source location, which Clang gives instructions only with
   debug information or when a remark is asked for; and locations on every
   instruction cost about 9% of a compilation (Clang's code generator
   making them, every pass keeping them, LLVM's tracking of variables
   over the machine code), where the plugin itself costs a tenth of a
   percent.  So only the calls that a report or a chain of inlining may
   name get one.

   Clang's code generator gives a call the raw source location of its
   expression (metadata !srcloc) when the callee carries the attribute
   warning, for the back end to say where a call it keeps was written.
   The front end puts that attribute, with its own text, on every function
   as it is declared (not on a builtin, nor where the source wrote error
   or warning).  As the pipeline starts, before any pass, the functions
   that call a function the policy may name get a subprogram (in a
   compilation unit that writes no debug section, as Clang's own
   location-only kind does), and so do those that call these, and so on:
   the sites of a chain of inlining.  Their calls to such functions get
   the location Clang would have given them with -g (file, line and
   column, the macro's expansion, -fdebug-prefix-map); before an LTO link,
   every call they make, for the link's own chains.  Then the attribute
   and the raw locations come off, so that the passes and the back end
   see the plain compilation's code, and no warning is ever given for
   them.  The subprograms come off again after the last pass that
   reports, before the code generator.  */
#define HOTINLINE_FRONTEND
#include "hotinline.h"

#include "llvm/ADT/SetVector.h"
#include "llvm/Demangle/Demangle.h"
#include "llvm/IR/DIBuilder.h"
#include "llvm/Support/FileSystem.h"

using namespace hotinline;

namespace {
namespace place_calls {

/* The attribute's text, which tells the plugin's from a user's, and the
   producer of the plugin's compilation unit.  */
const char attribute_text[] = "hotinline: call place";
const char producer[] = "hotinline";

/* Set when this compilation places the calls: it has no locations of its
   own (no -g, no remark, no profile that wants them); and when code is
   generated from it (not only at a link), so that the subprograms come
   off again.  */
bool placing, unplacing;
const clang::SourceManager *sources;
const clang::CodeGenOptions *codegen;

/* Where each function defined in the unit is, by symbol: the AST is gone
   when the pipeline starts (-clear-ast-before-backend).  */
llvm::StringMap<clang::SourceLocation> definitions;

/* Puts the attribute on each function as it is declared, before the code
   generator sees a call to it.  */
class marker : public clang::ASTConsumer
{
public:
  void
  Initialize (clang::ASTContext &context) override
  {
    ctx = &context;
    const clang::LangOptions &lang = context.getLangOpts ();
    mangled = lang.CPlusPlus || lang.ObjC;
    every = !unplacing;
    symbols = std::make_unique<clang::ASTNameGenerator> (context);
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
    mark (fd);
  }

  void
  HandleCXXImplicitFunctionInstantiation (clang::FunctionDecl *fd) override
  {
    mark (fd);
  }

private:
  /* D and the declarations within it (a function's own, declared in a
     block, included); a template's pattern, whose attributes its
     instances take.  */
  void
  walk (clang::Decl *d)
  {
    if (auto *t = llvm::dyn_cast<clang::TemplateDecl> (d))
      if (clang::NamedDecl *pattern = t->getTemplatedDecl ())
	walk (pattern);
    if (auto *fd = llvm::dyn_cast<clang::FunctionDecl> (d))
      mark (fd);
    if (auto *dc = llvm::dyn_cast<clang::DeclContext> (d))
      for (clang::Decl *inner : dc->decls ())
	walk (inner);
  }

  /* Every function that may be defined in the unit, or named by the
     policy; before a link, every function (a site of the link's chains
     may be a call to a function of another unit).  Not a prototype of a
     system header's: an attribute on every declaration has each of
     Clang's own questions about a declaration's attributes search them,
     which costs more than the rest.  */
  void
  mark (clang::FunctionDecl *fd)
  {
    bool body = fd->doesThisDeclarationHaveABody ();
    if (!body && !every && sources->isInSystemHeader (fd->getLocation ())
	&& !maybe_hot (fd))
      return;
    if (fd->getBuiltinID ())
      return;
    if (!fd->hasAttr<clang::ErrorAttr> ())
      fd->addAttr (hotinline_compat::warning_attr (*ctx, attribute_text));
    if (!body || fd->isDependentContext ())
      return;
    /* In C the symbol is the name, but for an asm label or an overload.  */
    if (!mangled && !fd->hasAttr<clang::AsmLabelAttr> ()
	&& !fd->hasAttr<clang::OverloadableAttr> () && fd->getIdentifier ())
      definitions[fd->getName ()] = fd->getLocation ();
    else
      for (const std::string &symbol : function_symbols (*symbols, fd))
	definitions[symbol] = fd->getLocation ();
  }

  clang::ASTContext *ctx = nullptr;
  bool mangled = false, every = false;
  std::unique_ptr<clang::ASTNameGenerator> symbols;
};

/* The file of a source location as Clang's debug information names it:
   remapped, and an absolute path under the compilation's directory split
   at the common part (more than the root), the directory apart.  */
llvm::DIFile *
file_of (llvm::LLVMContext &ctx, llvm::StringRef name)
{
  static thread_local llvm::StringMap<llvm::DIFile *> files;
  auto it = files.find (name);
  if (it != files.end () && &it->second->getContext () == &ctx)
    return it->second;
  std::string file = hotinline_compat::remap_debug_path (*codegen, name);
  llvm::SmallString<256> cwd (codegen->DebugCompilationDir);
  if (cwd.empty ())
    llvm::sys::fs::current_path (cwd);
  std::string dir = hotinline_compat::remap_debug_path (*codegen, cwd);
  llvm::SmallString<256> common, rest;
  std::string file_part = file, dir_part;
  if (llvm::sys::path::is_absolute (file))
    {
      auto f = llvm::sys::path::begin (file), fe = llvm::sys::path::end (file);
      for (auto d = llvm::sys::path::begin (dir), de = llvm::sys::path::end (dir);
	   d != de && f != fe && *d == *f; ++d, ++f)
	llvm::sys::path::append (common, *d);
      if (llvm::sys::path::root_path (common) != common)
	{
	  for (; f != fe; ++f)
	    llvm::sys::path::append (rest, *f);
	  file_part = std::string (rest);
	  dir_part = std::string (common);
	}
    }
  else if (!llvm::sys::path::is_absolute (name))
    dir_part = dir;
  llvm::DIFile *di = llvm::DIFile::get (ctx, file_part, dir_part);
  files[name] = di;
  return di;
}

/* The location of a call at raw source location RAW in SP's function, as
   Clang's code generator gives it: the macro's expansion, the presumed
   (#line) file, line and column; none when the raw location says none.  */
llvm::DILocation *
location_of (uint64_t raw, llvm::DISubprogram *sp)
{
  clang::SourceLocation loc
    = clang::SourceLocation::getFromRawEncoding (static_cast<uint32_t> (raw));
  if (loc.isInvalid ())
    return nullptr;
  clang::PresumedLoc p = sources->getPresumedLoc (sources->getExpansionLoc (loc));
  if (p.isInvalid ())
    return nullptr;
  llvm::LLVMContext &ctx = sp->getContext ();
  llvm::DIFile *file = file_of (ctx, p.getFilename ());
  llvm::DIScope *scope = sp;
  if (file != sp->getFile ())
    scope = llvm::DILexicalBlockFile::get (ctx, sp, file, 0);
  unsigned column = codegen->DebugColumnInfo ? p.getColumn () : 0;
  return llvm::DILocation::get (ctx, p.getLine (), column, scope);
}

/* The raw source location Clang gave CALL, or 0.  */
uint64_t
raw_location (const llvm::CallBase &call)
{
  if (call.isInlineAsm ())
    return 0;
  const llvm::MDNode *md = call.getMetadata ("srcloc");
  if (!md || md->getNumOperands () < 1)
    return 0;
  if (auto *c = llvm::mdconst::dyn_extract<llvm::ConstantInt> (md->getOperand (0)))
    return c->getZExtValue ();
  return 0;
}

/* Whether F carries the plugin's attribute.  */
bool
marked (const llvm::Function &f)
{
  return f.getFnAttribute ("dontcall-warn").getValueAsString ()
	 == attribute_text;
}

struct place_pass : hotinline_compat::pass_info<place_pass>
{
  llvm::PreservedAnalyses
  run (llvm::Module &m, llvm::ModuleAnalysisManager &)
  {
    bool before_link = !unplacing;
    /* The functions whose calls want a place: those the policy may name,
       then, until none is added, the functions that call one at a known
       place.  */
    llvm::SetVector<llvm::Function *> wanted;
    for (llvm::Function &f : m)
      if (symbol_mentioned (f.getName ()))
	wanted.insert (&f);
    llvm::SetVector<llvm::Function *> located;
    for (size_t i = 0; i < wanted.size (); i++)
      for (llvm::CallBase *call : calls_to (*wanted[i]))
	if (raw_location (*call))
	  {
	    llvm::Function *caller = call->getFunction ();
	    located.insert (caller);
	    wanted.insert (caller);
	  }
    llvm::DIBuilder dib (m);
    llvm::DICompileUnit *cu = nullptr;
    /* A function the policy may name gets a subprogram too: inlined, its
       code then keeps no location, where a function without one takes
       the call's.  */
    for (llvm::Function *f : wanted)
      if (!f->isDeclaration () && !f->getSubprogram ())
	{
	  if (!cu)
	    cu = compile_unit (dib, m);
	  llvm::DISubprogram *sp = subprogram (dib, cu, *f);
	  if (located.count (f))
	    place (*f, sp, wanted, before_link);
	}
    bool changed = cu != nullptr;
    for (llvm::Function &f : m)
      if (marked (f))
	{
	  f.removeFnAttr ("dontcall-warn");
	  for (llvm::CallBase *call : calls_to (f))
	    call->setMetadata ("srcloc", nullptr);
	  changed = true;
	}
    if (cu)
      {
	dib.finalize ();
	if (!m.getModuleFlag ("Debug Info Version"))
	  m.addModuleFlag (llvm::Module::Warning, "Debug Info Version",
			   llvm::DEBUG_METADATA_VERSION);
      }
    return changed ? llvm::PreservedAnalyses::none ()
		   : llvm::PreservedAnalyses::all ();
  }

  /* The compilation unit of the module's subprograms: no debug section
     is written for it.  */
  static llvm::DICompileUnit *
  compile_unit (llvm::DIBuilder &dib, llvm::Module &m)
  {
    llvm::DIFile *file = file_of (m.getContext (), m.getSourceFileName ());
    return dib.createCompileUnit (llvm::dwarf::DW_LANG_C99, file, producer,
				  true, "", 0, "",
				  llvm::DICompileUnit::NoDebug, 0, false);
  }

  /* F's subprogram, named as Clang names it with -g: the symbol, or a
     C++ function's base name.  */
  static llvm::DISubprogram *
  subprogram (llvm::DIBuilder &dib, llvm::DICompileUnit *cu, llvm::Function &f)
  {
    std::string name = f.getName ().str ();
    llvm::ItaniumPartialDemangler demangler;
    if (!demangler.partialDemangle (name.c_str ()))
      if (char *base = demangler.getFunctionBaseName (nullptr, nullptr))
	{
	  name = base;
	  std::free (base);
	}
    llvm::DIFile *file = cu->getFile ();
    unsigned line = 0;
    auto it = definitions.find (f.getName ());
    if (it != definitions.end ())
      {
	clang::PresumedLoc p = sources->getPresumedLoc (it->second);
	if (p.isValid ())
	  {
	    file = file_of (f.getContext (), p.getFilename ());
	    line = p.getLine ();
	  }
      }
    llvm::StringRef linkage = name == f.getName () ? "" : f.getName ();
    auto flags = llvm::DISubprogram::SPFlagDefinition
		 | llvm::DISubprogram::SPFlagOptimized;
    if (f.hasLocalLinkage ())
      flags |= llvm::DISubprogram::SPFlagLocalToUnit;
    llvm::DISubprogram *sp
      = dib.createFunction (file, name, linkage, file, line,
			    dib.createSubroutineType (
			      dib.getOrCreateTypeArray ({})),
			    line, llvm::DINode::FlagPrototyped, flags);
    f.setSubprogram (sp);
    return sp;
  }

  /* F's calls to WANTED functions at their places; before a link, every
     call Clang placed, and every other call at line 0 of F (the link's
     verifier wants a place on a call in a function with a subprogram to
     another one, which a function of another unit may have there).  A
     call to a function with a subprogram is never left without.  */
  static void
  place (llvm::Function &f, llvm::DISubprogram *sp,
	 const llvm::SetVector<llvm::Function *> &wanted, bool before_link)
  {
    llvm::DILocation *nowhere = nullptr;
    for (llvm::BasicBlock &bb : f)
      for (llvm::Instruction &i : bb)
	if (auto *call = llvm::dyn_cast<llvm::CallBase> (&i))
	  {
	    if (llvm::isa<llvm::IntrinsicInst> (call) || call->isInlineAsm ())
	      continue;
	    llvm::Function *callee = call->getCalledFunction ();
	    if (!before_link && !(callee && wanted.count (callee)))
	      continue;
	    llvm::DILocation *at = nullptr;
	    if (uint64_t raw = raw_location (*call))
	      at = location_of (raw, sp);
	    if (!at)
	      {
		if (!nowhere)
		  nowhere = llvm::DILocation::get (f.getContext (), 0, 0, sp);
		at = nowhere;
	      }
	    call->setDebugLoc (at);
	  }
  }
};

/* The subprograms given to functions taken off again, once the last
   pass that reports has run: the calls keep their locations into the
   code generator, but a function with a subprogram has LLVM's tracking of
   variable locations run over its machine code (LiveDebugValues), for
   variables it does not have, which would cost more than the rest.  */
struct unplace_pass : hotinline_compat::pass_info<unplace_pass>
{
  llvm::PreservedAnalyses
  run (llvm::Module &m, llvm::ModuleAnalysisManager &)
  {
    for (llvm::Function &f : m)
      if (const llvm::DISubprogram *sp = f.getSubprogram ())
	if (sp->getUnit () && sp->getUnit ()->getProducer () == producer)
	  f.setSubprogram (nullptr);
    return llvm::PreservedAnalyses::all ();
  }
};

} // namespace place_calls
} // namespace

namespace hotinline {

void
call_places_ask (clang::CompilerInstance &ci)
{
  using namespace place_calls;
  const clang::CodeGenOptions &opts = ci.getCodeGenOpts ();
  placing = false;
  /* Only for report entries, and the marks' calls the results record:
     forcing warns at a call only where it is refused, which is rare,
     and costs no location where it is not.  */
  if (!the_policy
      || (!policy_has_action (the_policy, POLICY_ACTION_REPORT)
	  && rule_marks_recorded (&the_config) == CONFIG_DISREGARD_NONE))
    return;
  /* The compilation has its own locations, or runs no pass to take the
     attribute off again.  */
  if (opts.getDebugInfo () != hotinline_compat::debug_kinds::NoDebugInfo
      || opts.DisableLLVMPasses)
    return;
  clang::frontend::ActionKind action = ci.getFrontendOpts ().ProgramAction;
  if (action != clang::frontend::EmitObj
      && action != clang::frontend::EmitAssembly
      && action != clang::frontend::EmitBC)
    return;
  placing = true;
  codegen = &opts;
  /* Code is generated from this compilation's IR (not only at a link).  */
  unplacing = (!opts.PrepareForLTO && !opts.PrepareForThinLTO)
	      || hotinline_compat::fat_lto_objects (opts);
}

std::unique_ptr<clang::ASTConsumer>
call_places_consumer (clang::CompilerInstance &ci)
{
  if (!place_calls::placing)
    return nullptr;
  place_calls::sources = &ci.getSourceManager ();
  return std::make_unique<place_calls::marker> ();
}

void
call_places_register (llvm::PassBuilder &pb)
{
  pb.registerPipelineStartEPCallback (
    [] (llvm::ModulePassManager &mpm, llvm::OptimizationLevel) {
      if (place_calls::placing)
	mpm.addPass (place_calls::place_pass ());
    });
}

void
call_places_register_end (llvm::PassBuilder &pb)
{
  pb.registerOptimizerLastEPCallback (hotinline_compat::without_lto_phase (
    [] (llvm::ModulePassManager &mpm, llvm::OptimizationLevel) {
      if (place_calls::unplacing)
	mpm.addPass (place_calls::unplace_pass ());
    }));
}

} // namespace hotinline
