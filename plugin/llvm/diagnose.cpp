/* hotinline's diagnostics, as Clang's own: through the front end's
   diagnostics engine, at source locations, so that they read
   "file:line:col: warning: ...", carry notes, and count as errors.  A
   report is a warning of the kind -Wpass-failed controls (Clang's
   "optimization failed" warning): -Werror makes it an error,
   -Wno-error=pass-failed or the plugin's no-werror keeps it a warning, and
   -w or -Wno-pass-failed silences it and its notes.  At an LTO link there
   is no front end: a diagnostic and its notes become one message for the
   linker ("ld.lld: warning: file:line:col: ..."), so that the linker's
   -w and --fatal-warnings apply and an error fails the link.  */
#define HOTINLINE_FRONTEND
#include "hotinline.h"

#include "llvm/IR/DiagnosticPrinter.h"

using namespace hotinline;

namespace {

clang::DiagnosticsEngine *
engine ()
{
  return the_compiler ? &the_compiler->getDiagnostics () : nullptr;
}

/* A diagnostic for the linker: its text, with its notes.  */
class link_diagnostic : public llvm::DiagnosticInfo
{
public:
  link_diagnostic (llvm::DiagnosticSeverity severity, const std::string &text)
    : llvm::DiagnosticInfo (kind (), severity), text (text)
  {
  }

  void
  print (llvm::DiagnosticPrinter &dp) const override
  {
    dp << text;
  }

private:
  const std::string &text;

  static int
  kind ()
  {
    static int k = llvm::getNextAvailablePluginDiagnosticKind ();
    return k;
  }
};

/* At an LTO link: where diagnostics go, and the one being put together
   (the linker's threads each have their own).  */
thread_local llvm::LLVMContext *link_context;
thread_local std::string pending_text;
thread_local llvm::DiagnosticSeverity pending_severity;

/* Emit MESSAGE at LOC at LEVEL: through Clang's engine, or at a link into
   the pending message (a note joins the diagnostic before it).  */
void
emit (clang::DiagnosticsEngine::Level level, const place &loc,
      const std::string &message)
{
  clang::DiagnosticsEngine *d = engine ();
  if (d)
    {
      unsigned id = d->getCustomDiagID (level, "%0");
      d->Report (loc.loc, id) << message;
      return;
    }
  std::string where = loc.text.empty () ? "" : loc.text + ": ";
  if (level == clang::DiagnosticsEngine::Note && !pending_text.empty ())
    {
      pending_text += "\n" + where + "note: " + message;
      return;
    }
  diagnostics_flush ();
  pending_text = where + message;
  pending_severity = level >= clang::DiagnosticsEngine::Error
		       ? llvm::DS_Error
		     : level == clang::DiagnosticsEngine::Warning
		       ? llvm::DS_Warning
		       : llvm::DS_Note;
}

/* The level of a warning of hotinline at LOC, as Clang would treat its
   -Wpass-failed there, and the plugin's no-werror.  */
clang::DiagnosticsEngine::Level
warning_level (const place &loc)
{
  clang::DiagnosticsEngine *d = engine ();
  if (!d)
    return clang::DiagnosticsEngine::Warning;
  clang::DiagnosticsEngine::Level level
    = d->getDiagnosticLevel (clang::diag::warn_fe_backend_optimization_failure,
			     loc.loc);
  if (level == clang::DiagnosticsEngine::Error && the_config.no_werror)
    level = clang::DiagnosticsEngine::Warning;
  return level;
}

/* Whether a diagnostic at LEVEL is shown, given quiet and -w.  */
bool
shown (clang::DiagnosticsEngine::Level level)
{
  if (level == clang::DiagnosticsEngine::Ignored)
    return false;
  if (the_config.quiet && level < clang::DiagnosticsEngine::Error)
    return false;
  clang::DiagnosticsEngine *d = engine ();
  if (level == clang::DiagnosticsEngine::Note && d
      && d->getIgnoreAllWarnings ())
    return false;
  return true;
}

/* The last diagnostic emitted was shown: its notes may follow.  */
thread_local bool last_shown;

} // namespace

namespace hotinline {

const struct message_style diagnostic_style = { "'", "'", false, true };

/* FILE (relative to DIR) at LINE and COLUMN: in Clang's source manager,
   or as text at a link.  */
static place
place_in_file (llvm::StringRef file, llvm::StringRef dir, unsigned line,
	       unsigned column)
{
  place p;
  if (!line)
    return p;
  if (!the_compiler)
    {
      p.text = file.str () + ":" + std::to_string (line);
      if (column)
	p.text += ":" + std::to_string (column);
      return p;
    }
  clang::SourceManager &sm = the_compiler->getSourceManager ();
  clang::FileManager &fm = sm.getFileManager ();
  std::string path = file.str ();
  if (!llvm::sys::path::is_absolute (path) && !dir.empty ()
      && !fm.getOptionalFileRef (path))
    path = (dir + "/" + file).str ();
  if (auto found = fm.getOptionalFileRef (path))
    p.loc = sm.translateFileLineCol (&found->getFileEntry (), line,
				     column ? column : 1);
  return p;
}

/* The line a subprogram starts at, or none.  */
static place
place_of_subprogram (const llvm::DISubprogram *sp)
{
  if (!sp)
    return place ();
  return place_in_file (sp->getFilename (), sp->getDirectory (),
			sp->getLine (), 0);
}

place
place_of_function (const llvm::Function &f)
{
  if (const source_decl *d = source_decl_of (f.getName ()))
    return place { d->loc, "" };
  return place_of_subprogram (f.getSubprogram ());
}

static bool
valid (const place &p)
{
  return p.loc.isValid () || !p.text.empty ();
}

place
place_of (const llvm::DILocation *loc, const llvm::Function *fallback)
{
  place p;
  if (loc)
    p = place_in_file (loc->getFilename (), loc->getDirectory (),
		       loc->getLine (), loc->getColumn ());
  if (!valid (p) && fallback)
    p = place_of_function (*fallback);
  /* A location with no line, in a function whose subprogram is gone
     (the plugin's own, call-places.cpp): the function its scope says.  */
  if (!valid (p) && loc)
    p = place_of_subprogram (loc->getInlinedAtScope ()->getSubprogram ());
  return p;
}

/* Clang's level for SEVERITY at LOC: a warning as -Wpass-failed there.  */
static clang::DiagnosticsEngine::Level
level_of (enum policy_severity severity, const place &loc)
{
  switch (severity)
    {
    case POLICY_SEVERITY_ERROR:
      return clang::DiagnosticsEngine::Error;
    case POLICY_SEVERITY_NOTE:
      return clang::DiagnosticsEngine::Note;
    default:
      return warning_level (loc);
    }
}

bool
emit_report (const place &loc, const struct policy_entry *entry,
	     const std::string &message)
{
  /* A mark's call is the audit's evidence, in the results only.  */
  if (rule_is_mark_entry (entry))
    {
      last_shown = false;
      return false;
    }
  clang::DiagnosticsEngine::Level level
    = level_of (rule_report_severity (&the_config, entry,
				      forced_per_call (entry)), loc);
  last_shown = shown (level);
  if (last_shown)
    emit (level, loc, message);
  return last_shown;
}

void
report_entry_problem (const place &loc,
		      const struct policy_entry *entry,
		      const std::string &message)
{
  clang::DiagnosticsEngine::Level level
    = level_of (rule_problem_severity (&the_config, entry), loc);
  last_shown = shown (level);
  if (!last_shown)
    return;
  emit (level, loc, message);
  note_entry (loc, entry);
}

void
emit_note (const place &loc, const std::string &message)
{
  if (last_shown && shown (clang::DiagnosticsEngine::Note))
    emit (clang::DiagnosticsEngine::Note, loc, message);
}

void
note_entry (const place &loc, const struct policy_entry *entry)
{
  char *text = message_entry_note (&diagnostic_style, entry);
  if (message_note_once (text))
    emit_note (loc, text);
  free (text);
}

void
emit_error (const std::string &message)
{
  last_shown = true;
  emit (clang::DiagnosticsEngine::Error, place (), message);
}

void
emit_plain_warning (const std::string &message)
{
  /* Silenced as a report is, but never an error: results that cannot be
     written must not fail a build made with -Werror (as on GCC).  */
  clang::DiagnosticsEngine::Level level
    = std::min (warning_level (place ()),
		clang::DiagnosticsEngine::Warning);
  last_shown = shown (level);
  if (last_shown)
    emit (level, place (), message);
}

void
emit_plain_note (const std::string &message)
{
  /* Clang drops a note after an ignored diagnostic, and this one follows
     none.  */
  if (clang::DiagnosticsEngine *d = engine ())
    d->setLastDiagnosticIgnored (false);
  emit (clang::DiagnosticsEngine::Note, place (), message);
}

void
diagnostics_to (llvm::LLVMContext &ctx)
{
  link_context = &ctx;
}

void
diagnostics_flush ()
{
  if (pending_text.empty ())
    return;
  std::string text;
  text.swap (pending_text);
  if (link_context)
    link_context->diagnose (link_diagnostic (pending_severity, text));
  else
    fprintf (stderr, "%s\n", text.c_str ());
}

} // namespace hotinline
