/* hotinline's diagnostics, as Clang's own: through the front end's
   diagnostics engine, at source locations, so that they read
   "file:line:col: warning: ...", carry notes, and count as errors.  A
   report is a warning of the kind -Wpass-failed controls (Clang's
   "optimization failed" warning): -Werror makes it an error,
   -Wno-error=pass-failed or the plugin's no-werror keeps it a warning, and
   -w or -Wno-pass-failed silences it and its notes.  */
#define HOTINLINE_FRONTEND
#include "hotinline-llvm.h"

using namespace hotinline;

namespace {

clang::DiagnosticsEngine *
engine ()
{
  return hot_compiler ? &hot_compiler->getDiagnostics () : nullptr;
}

/* Emit MESSAGE at LOC at LEVEL; without a front end, on stderr.  */
void
emit (clang::DiagnosticsEngine::Level level, clang::SourceLocation loc,
      const std::string &message)
{
  clang::DiagnosticsEngine *d = engine ();
  if (!d)
    {
      static const char *const names[] = { "ignored", "note", "remark",
					   "warning", "error", "fatal error" };
      fprintf (stderr, "%s: %s\n", names[level], message.c_str ());
      return;
    }
  unsigned id = d->getCustomDiagID (level, "%0");
  d->Report (loc, id) << message;
}

/* The level of a warning of hotinline at LOC, as Clang would treat its
   -Wpass-failed there, and the plugin's no-werror.  */
clang::DiagnosticsEngine::Level
warning_level (clang::SourceLocation loc)
{
  clang::DiagnosticsEngine *d = engine ();
  if (!d)
    return clang::DiagnosticsEngine::Warning;
  clang::DiagnosticsEngine::Level level
    = d->getDiagnosticLevel (clang::diag::warn_fe_backend_optimization_failure,
			     loc);
  if (level == clang::DiagnosticsEngine::Error && hot_config.no_werror)
    level = clang::DiagnosticsEngine::Warning;
  return level;
}

/* Whether a diagnostic at LEVEL is shown, given quiet and -w.  */
bool
shown (clang::DiagnosticsEngine::Level level)
{
  if (level == clang::DiagnosticsEngine::Ignored)
    return false;
  if (hot_config.quiet && level < clang::DiagnosticsEngine::Error)
    return false;
  clang::DiagnosticsEngine *d = engine ();
  if (level == clang::DiagnosticsEngine::Note && d
      && d->getIgnoreAllWarnings ())
    return false;
  return true;
}

/* The last diagnostic emitted was shown: its notes may follow.  */
bool last_shown;

} // namespace

namespace hotinline {

/* FILE (relative to DIR) at LINE and COLUMN in Clang's source manager.  */
static clang::SourceLocation
place_in_file (llvm::StringRef file, llvm::StringRef dir, unsigned line,
	       unsigned column)
{
  if (!hot_compiler || !line)
    return clang::SourceLocation ();
  clang::SourceManager &sm = hot_compiler->getSourceManager ();
  clang::FileManager &fm = sm.getFileManager ();
  std::string path = file.str ();
  if (!llvm::sys::path::is_absolute (path) && !dir.empty ()
      && !fm.getOptionalFileRef (path))
    path = (dir + "/" + file).str ();
  if (auto found = fm.getOptionalFileRef (path))
    return sm.translateFileLineCol (&found->getFileEntry (), line,
				    column ? column : 1);
  return clang::SourceLocation ();
}

clang::SourceLocation
place_of_function (const llvm::Function &f)
{
  if (const source_decl *d = source_decl_of (f.getName ()))
    return d->loc;
  if (const llvm::DISubprogram *sp = f.getSubprogram ())
    return place_in_file (sp->getFilename (), sp->getDirectory (),
			  sp->getLine (), 0);
  return clang::SourceLocation ();
}

clang::SourceLocation
place_of (const llvm::DILocation *loc, const llvm::Function *fallback)
{
  clang::SourceLocation place;
  if (loc)
    place = place_in_file (loc->getFilename (), loc->getDirectory (),
			   loc->getLine (), loc->getColumn ());
  if (place.isInvalid () && fallback)
    place = place_of_function (*fallback);
  return place;
}

bool
emit_report (clang::SourceLocation loc, const struct policy_entry *entry,
	     const std::string &message)
{
  enum policy_severity severity
    = hot_config.severity >= 0 ? (enum policy_severity) hot_config.severity
			       : entry->severity;
  clang::DiagnosticsEngine::Level level;
  if ((hot_config.strict || entry->strict) && forced_per_call (entry))
    level = clang::DiagnosticsEngine::Error;
  else if (severity == POLICY_SEVERITY_ERROR)
    level = clang::DiagnosticsEngine::Error;
  else if (severity == POLICY_SEVERITY_NOTE)
    level = clang::DiagnosticsEngine::Note;
  else
    level = warning_level (loc);
  last_shown = shown (level);
  if (last_shown)
    emit (level, loc, message);
  return last_shown;
}

void
report_entry_problem (clang::SourceLocation loc,
		      const struct policy_entry *entry,
		      const std::string &message)
{
  clang::DiagnosticsEngine::Level level
    = hot_config.strict || entry->strict ? clang::DiagnosticsEngine::Error
					 : warning_level (loc);
  last_shown = shown (level);
  if (!last_shown)
    return;
  emit (level, loc, message);
  note_entry (loc, entry);
}

void
emit_note (clang::SourceLocation loc, const std::string &message)
{
  if (last_shown && shown (clang::DiagnosticsEngine::Note))
    emit (clang::DiagnosticsEngine::Note, loc, message);
}

void
note_entry (clang::SourceLocation loc, const struct policy_entry *entry)
{
  std::string text;
  llvm::raw_string_ostream os (text);
  os << "policy entry for '" << entry->name.text << "' at " << entry->loc.file
     << ":" << entry->name_loc.line << ":" << entry->name_loc.column;
  if (entry->reason)
    os << ": " << entry->reason;
  os << " [hotinline]";
  emit_note (loc, os.str ());
}

void
emit_error (const std::string &message)
{
  last_shown = true;
  emit (clang::DiagnosticsEngine::Error, clang::SourceLocation (), message);
}

void
emit_plain_warning (const std::string &message)
{
  /* Silenced as a report is, but never an error: results that cannot be
     written must not fail a build made with -Werror (as on GCC).  */
  clang::DiagnosticsEngine::Level level
    = std::min (warning_level (clang::SourceLocation ()),
		clang::DiagnosticsEngine::Warning);
  last_shown = shown (level);
  if (last_shown)
    emit (level, clang::SourceLocation (), message);
}

void
emit_plain_note (const std::string &message)
{
  /* Clang drops a note after an ignored diagnostic, and this one follows
     none.  */
  if (clang::DiagnosticsEngine *d = engine ())
    d->setLastDiagnosticIgnored (false);
  emit (clang::DiagnosticsEngine::Note, clang::SourceLocation (), message);
}

} // namespace hotinline
