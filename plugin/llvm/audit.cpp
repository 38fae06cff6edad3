/* The audit's evidence (audit=, or disregard= with results=), for
   hotinline-summary --audit, as the GCC plugin's (plugin/gcc/audit.cc):
   which functions of the unit carry an inline mark as written, and, when
   the unit does not compile (its marks disregarded, a check that only
   folds after inlining fails), in which functions the errors were and
   what the first one said.  The calls to marked functions are recorded
   by report.cpp as any hot call, under rule_mark_entry (names.cpp).

   The marks are recorded by the front end as it reads the source, after
   disregard.cpp has taken the disregarded ones off (its consumer comes
   first): the builds the audit compares are one as written and one with
   the marks disregarded, and in the second a function taken off its mark
   still counts as marked.

   A unit that does not compile still has its results file, saying so: a
   client of Clang's diagnostics, in front of its own, counts the errors
   and finds for each the function whose definition holds its place (an
   error of the code generator, such as a call to a function declared
   with attribute error left after inlining, comes after the results are
   written, which are then written again; one of the front end stops
   Clang before the pipeline, and the file is then written at the
   end).  */
#define HOTINLINE_FRONTEND
#include "hotinline.h"

#include <algorithm>
#include <climits>
#include <cstdint>
#include <map>

#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/STLExtras.h"

using namespace hotinline;

namespace {

/* Per thread: the marks are per module, and a link's ThinLTO backends
   run side by side in threads.  */
thread_local audit_record evidence;

/* The marks as written.  */

/* A marked function defined in the unit, until the end of the unit puts
   the definitions in their order.  */
struct defined_mark
{
  clang::SourceLocation loc;	/* Its definition's name.  */
  size_t seen;			/* The order they were seen in.  */
  written_mark mark;
  std::vector<std::string> symbols;
};

/* A unit that may not compile.  */

/* A function defined in the unit: its definition's extent in the source
   (expansion locations: a function a macro defines is where the macro is
   used), its name's place and its name as the results give it.  The
   names are kept as text: Clang frees its AST before the code
   generator, whose errors come last.  */
struct definition
{
  clang::SourceLocation begin, end, loc;
  std::string name;
};
std::vector<definition> definitions;

/* The errors of the compilation: the place and text of each that has a
   place (evidence.n_errors counts them all).  Put in their functions at
   the end: the front end gives an error in a function's body before the
   function is handed over.  */
struct error_place
{
  clang::SourceLocation loc;
  std::string text;
};
std::vector<error_place> error_places;
const clang::SourceManager *error_sources;

/* What the end of a compilation with errors calls, once they are in
   their functions: the entry point's, which has the results written.  */
void (*failed_unit_ends) ();

/* Records the marks as written of each function declaration as the
   front end hands it over, and at the end of the unit, where the code
   generator emits the functions it deferred (with marks recorded); and
   where each function of the unit is defined (when its errors are
   watched).  */
class evidence_recorder : public clang::ASTConsumer
{
public:
  evidence_recorder (enum config_disregard recorded, bool watched)
    : recorded (recorded), watched (watched)
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
      each_declared_function (
	d, [this] (clang::FunctionDecl *fd) { consider (fd); });
    if (watched)
      for (clang::Decl *d : group)
	walk_definitions (d);
    return true;
  }

  void
  HandleInlineFunctionDefinition (clang::FunctionDecl *fd) override
  {
    consider (fd);
  }

  /* The functions the code generator deferred to the end of the unit
     included, before it emits them; then the marks in their order.  */
  void
  HandleTranslationUnit (clang::ASTContext &context) override
  {
    each_function_at_end (context,
			  [this] (clang::FunctionDecl *fd) { consider (fd); });
    order_marks ();
  }

private:
  /* Record FD's marks as written: always_inline, kept or taken off
     (marks_taken_off), and at level inline also the inline keyword.  */
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
    bool keyword = recorded == CONFIG_DISREGARD_INLINE && inline_written (fd);
    if (!always && !keyword && !taken)
      return;
    if (declared_in_system_header (fd))
      return;
    record (fd, always || taken, keyword);
  }

  /* Record FD's mark, as written: ALWAYS (always_inline, taken off or
     not), else KEYWORD (the inline keyword, at level inline), whose hint
     disregard.cpp may have taken off; and its definition, once there is
     one (a mark may come after it, on a later declaration).  */
  void
  record (clang::FunctionDecl *fd, bool always, bool keyword)
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
    d.seen = pending.size ();
    d.mark.line = 0;
    clang::PresumedLoc p = ctx->getSourceManager ().getPresumedLoc (d.loc);
    if (p.isValid ())
      {
	d.mark.file = p.getFilename ();
	d.mark.line = p.getLine ();
      }
    d.symbols = function_symbols (*mangler, fd);
    d.mark.always_inline = always;
    d.mark.disregarded = always ? marks_taken_off.count (first) > 0
				: llvm::any_of (d.symbols, hint_taken_off);
    pending.push_back (std::move (d));
  }

  /* The marked functions defined in the unit, in the order of their
     definitions in it (a template's instances at their template's), into
     the shared state.  */
  void
  order_marks ()
  {
    const clang::SourceManager &sm = ctx->getSourceManager ();
    std::sort (pending.begin (), pending.end (),
	       [&sm] (const defined_mark &a, const defined_mark &b) {
		 if (a.loc != b.loc)
		   return sm.isBeforeInTranslationUnit (a.loc, b.loc);
		 return a.seen < b.seen;
	       });
    for (defined_mark &d : pending)
      {
	for (const std::string &symbol : d.symbols)
	  marked_symbols.try_emplace (symbol, marks_written.size ());
	marks_written.push_back (std::move (d.mark));
      }
    pending.clear ();
  }


  /* Where each function of the unit is defined, from the lists of
     declarations (a template's instances are at their template's place;
     a lambda or a local class is within its function), as the front end
     hands the declarations over, before the code generator sees them.  */
  void
  walk_definitions (clang::Decl *d)
  {
    if (auto *t = llvm::dyn_cast<clang::FunctionTemplateDecl> (d))
      d = t->getTemplatedDecl ();
    else if (auto *t = llvm::dyn_cast<clang::ClassTemplateDecl> (d))
      d = t->getTemplatedDecl ();
    if (auto *fd = llvm::dyn_cast<clang::FunctionDecl> (d))
      {
	if (fd->doesThisDeclarationHaveABody ())
	  note_definition (fd);
	return;
      }
    if (auto *dc = llvm::dyn_cast<clang::DeclContext> (d))
      for (clang::Decl *inner : dc->decls ())
	walk_definitions (inner);
  }

  void
  note_definition (const clang::FunctionDecl *fd)
  {
    const clang::SourceManager &sm = ctx->getSourceManager ();
    clang::SourceRange r = fd->getSourceRange ();
    definitions.push_back (
      { sm.getExpansionLoc (r.getBegin ()),
	sm.getExpansionRange (r.getEnd ()).getEnd (), fd->getLocation (),
	fd->getNameAsString () });
  }

  /* The level of the marks recorded; whether the unit's errors are
     watched.  */
  enum config_disregard recorded;
  bool watched;
  clang::ASTContext *ctx = nullptr;
  std::unique_ptr<clang::ASTNameGenerator> mangler;
  /* The marked functions whose definitions are recorded, by their first
     declarations, and the definitions.  */
  llvm::DenseSet<const clang::FunctionDecl *> defined;
  std::vector<defined_mark> pending;
};

/* The innermost function whose definition holds LOC (SIZE_MAX: none).  */
size_t
enclosing (const clang::SourceManager &sm, clang::SourceLocation loc)
{
  auto at = sm.getDecomposedExpansionLoc (loc);
  size_t best = SIZE_MAX;
  unsigned best_size = UINT_MAX;
  for (size_t i = 0; i < definitions.size (); i++)
    {
      auto b = sm.getDecomposedLoc (definitions[i].begin);
      auto e = sm.getDecomposedLoc (definitions[i].end);
      if (b.first != at.first || e.first != at.first || at.second < b.second
	  || at.second > e.second || e.second - b.second >= best_size)
	continue;
      best = i;
      best_size = e.second - b.second;
    }
  return best;
}

/* An error: counted, and kept with its place, if any.  */
void
note_error (const clang::Diagnostic &info)
{
  evidence.n_errors++;
  if (!info.hasSourceManager () || info.getLocation ().isInvalid ())
    return;
  error_sources = &info.getSourceManager ();
  llvm::SmallString<256> text;
  info.FormatDiagnostic (text);
  error_places.push_back ({ info.getLocation (), text.str ().str () });
}

/* The functions the errors are in, in the order of their first errors,
   each with its number of errors and the first one's text.  */
std::vector<error_record>
errors_by_function ()
{
  std::vector<error_record> by_function;
  std::vector<size_t> which;	/* Their definitions.  */
  for (const error_place &e : error_places)
    {
      size_t d = enclosing (*error_sources, e.loc);
      if (d == SIZE_MAX)
	continue;
      size_t i = std::find (which.begin (), which.end (), d) - which.begin ();
      if (i < which.size ())
	{
	  by_function[i].errors++;
	  continue;
	}
      error_record r { definitions[d].name, "", e.text, 0, 1 };
      clang::PresumedLoc p
	= error_sources->getPresumedLoc (definitions[d].loc);
      if (p.isValid ())
	{
	  r.file = p.getFilename ();
	  r.line = p.getLine ();
	}
      by_function.push_back (std::move (r));
      which.push_back (d);
    }
  return by_function;
}

/* The end of the compilation: one with errors has them put in their
   functions, and its results written with them (failed_unit_ends).  */
void
end_of_unit ()
{
  if (!evidence.watched || !evidence.n_errors)
    return;
  evidence.watched = false;
  evidence.errors = errors_by_function ();
  failed_unit_ends ();
}

/* A client of Clang's diagnostics in front of its own: every diagnostic
   is Clang's client's, as it would be without the plugin (counted here
   too: Clang asks this client how many errors it printed).  */
class error_watcher : public hotinline_compat::diagnostics_in_front
{
public:
  error_watcher (clang::DiagnosticConsumer *inner,
		 std::unique_ptr<clang::DiagnosticConsumer> owner)
    : diagnostics_in_front (inner), owner (std::move (owner))
  {
    NumErrors = inner->getNumErrors ();
    NumWarnings = inner->getNumWarnings ();
  }

  void
  BeginSourceFile (const clang::LangOptions &lang,
		   const clang::Preprocessor *pp) override
  {
    inner->BeginSourceFile (lang, pp);
  }

  /* After the code generator: every error is in.  The results first:
     a warning that they cannot be written still has a source file to
     be printed in.  */
  void
  EndSourceFile () override
  {
    end_of_unit ();
    inner->EndSourceFile ();
  }

  void
  clear () override
  {
    inner->clear ();
    clang::DiagnosticConsumer::clear ();
  }

  bool
  IncludeInDiagnosticCounts () const override
  {
    return inner->IncludeInDiagnosticCounts ();
  }

  void
  HandleDiagnostic (clang::DiagnosticsEngine::Level level,
		    const clang::Diagnostic &info) override
  {
    if (level >= clang::DiagnosticsEngine::Error)
      note_error (info);
    clang::DiagnosticConsumer::HandleDiagnostic (level, info);
    inner->HandleDiagnostic (level, info);
  }

private:
  std::unique_ptr<clang::DiagnosticConsumer> owner;	/* INNER, if ours.  */
};

/* Whether the compilation makes code: only one that does has results to
   write.  */
bool
makes_code (const clang::CompilerInstance &ci)
{
  switch (ci.getFrontendOpts ().ProgramAction)
    {
    case clang::frontend::EmitObj:
    case clang::frontend::EmitAssembly:
    case clang::frontend::EmitBC:
    case clang::frontend::EmitLLVM:
      return true;
    default:
      return false;
    }
}

/* At the start of the pipeline, before inlining takes any away: the marks
   of the functions M defines, for the results.  */
struct marks_pass : hotinline_compat::pass_info<marks_pass>
{
  llvm::PreservedAnalyses
  run (llvm::Module &m, llvm::ModuleAnalysisManager &)
  {
    evidence.marks.clear ();
    if (!the_config.results_dir || marked_symbols.empty ())
      return llvm::PreservedAnalyses::all ();
    /* By definition, once each (a constructor is several functions).  */
    std::map<size_t, std::string> by_definition;
    for (const llvm::Function &f : m)
      if (!f.isDeclaration ())
	{
	  auto found = marked_symbols.find (f.getName ());
	  if (found != marked_symbols.end ())
	    by_definition.emplace (found->second, name_of (f));
	}
    for (const auto &[i, name] : by_definition)
      {
	const written_mark &w = marks_written[i];
	evidence.marks.push_back ({ name, w.file, w.line, w.always_inline,
				    w.disregarded });
      }
    return llvm::PreservedAnalyses::all ();
  }
};

} // namespace

namespace hotinline {

const audit_record &
audit_evidence ()
{
  return evidence;
}

std::unique_ptr<clang::ASTConsumer>
audit_consumer (clang::CompilerInstance &ci, llvm::StringRef unit,
		void (*at_end) ())
{
  enum config_disregard recorded = rule_marks_recorded (&the_config);
  if (recorded == CONFIG_DISREGARD_NONE)
    return nullptr;
  bool watched = the_config.results_dir && makes_code (ci);
  if (watched)
    {
      /* The module's name, which the results name the unit by (Clang's
	 code generator names the standard input's by -main-file-name).  */
      const std::string &main = ci.getCodeGenOpts ().MainFileName;
      evidence.unit = unit == "-" && !main.empty () ? main : unit.str ();
      evidence.watched = true;
      failed_unit_ends = at_end;
      clang::DiagnosticsEngine &d = ci.getDiagnostics ();
      clang::DiagnosticConsumer *inner = d.getClient ();
      std::unique_ptr<clang::DiagnosticConsumer> owner
	= d.ownsClient () ? d.takeClient () : nullptr;
      d.setClient (new error_watcher (inner, std::move (owner)), true);
    }
  return std::make_unique<evidence_recorder> (recorded, watched);
}

void
audit_register (llvm::PassBuilder &pb)
{
  pb.registerPipelineStartEPCallback (
    [] (llvm::ModulePassManager &mpm, llvm::OptimizationLevel) {
      if (rule_marks_recorded (&the_config) != CONFIG_DISREGARD_NONE)
	mpm.addPass (marks_pass ());
    });
}

} // namespace hotinline
