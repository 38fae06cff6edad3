/* The declarations the files of the LLVM plugin share: the state
   (state.cpp), then what each file offers the others.  The front-end half
   (Clang's plugin "hotinline") reads the arguments and the policy and
   notes what only the source knows; the pass half, in the same loaded
   object, acts on the IR.  The plugin's own names are bare in namespace
   hotinline; the files call only down, the entry point (hotinline.cpp) at
   the top.  */
#ifndef HOTINLINE_LLVM_HOTINLINE_H
#define HOTINLINE_LLVM_HOTINLINE_H

#include "llvm-compat.h"

#include <string>
#include <vector>

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringMap.h"

#include "config.h"
#include "messages.h"
#include "policy.h"
#include "rules.h"

namespace hotinline {

/* The shared state (state.cpp), set by the entry point, an LTO link
   (lto.cpp) and the start of the pipeline (force.cpp).  */

/* The loaded policy (NULL: nothing to do) and the arguments.  These two
   and the_compiler below are named "the_" rather than bare, as on GCC:
   the bare names are the core's types (policy, config).  */
extern struct policy *the_policy;
extern struct config the_config;

/* The policy of disregard-only= (NULL without it): the functions whose
   marks are disregarded.  */
extern struct policy *the_only_policy;

/* The compilation, as the front end saw it: diagnostics go through its
   engine, at places of its source manager.  NULL when the pass half runs
   without the front-end half (an LTO link, or -fpass-plugin alone).  */
extern clang::CompilerInstance *the_compiler;

/* The arguments as given ("policy=hot.yaml"), for the bitcode of an LTO
   compilation (lto.cpp).  */
extern std::vector<std::string> arguments;

/* Whether this compilation ends in the code generator (an object or
   assembly, not bitcode): where LLVM lets the plugin see the calls as
   they are emitted (machine-calls.cpp), report mode waits for them.  */
extern bool codegen_follows;

/* Whether this compilation writes bitcode for an LTO link (-flto,
   -flto=thin): the inlining that matters happens at the link, so the
   reports are made there (lto.cpp), not here.  */
extern bool lto_prelink;

/* Whether that bitcode is embedded in object code of the compilation's
   own (-ffat-lto-objects): the module is optimised further after the
   bitcode is taken, and that code is what a link without LTO uses.  */
extern bool fat_lto;

/* Whether the passes run in a linker's LTO (the arguments came from the
   bitcode): diagnostics then go to the linker through LLVM's context.  */
extern thread_local bool at_link;

/* Whether this compilation forces surgically: the strategy asks for it
   and the level is above -O0, where only the always-inliner runs and
   surgical forcing is attribute forcing, as on GCC.  Set at the start of
   the pipeline (force.cpp).  */
extern thread_local bool surgical;

/* Whether the code generator hands report mode the calls as it emits
   them (machine-calls.cpp; false when this LLVM lets no plugin see
   them).  */
extern bool machine_calls_available;

/* The always_inline marks the front end took off (disregard.cpp), by
   the function's first declaration, in the spelling written: the listing
   (source-decls.cpp) lists the marks as the source writes them, and the
   audit (audit.cpp) records them as written.  */
extern llvm::DenseMap<const clang::FunctionDecl *, std::string>
  marks_taken_off;

/* The source's marks, for the audit (rule_marks_recorded), recorded by
   the front end (audit.cpp) as it reads the source, before the code
   generator sees it: the functions declared outside the system headers
   that carry a mark of the level recorded as written (always_inline, at
   level inline also the inline keyword), whether or not this compilation
   takes it off, by their first declarations; and at the end of the unit,
   those of them defined in it, in the order of their definitions, each
   with the symbols the IR knows it by (names.cpp gives their calls
   rule_mark_entry, the results list them).  */
struct written_mark
{
  std::string file;		/* Its definition's place.  */
  unsigned line;
  bool always_inline;		/* always_inline written; else the keyword.  */
  bool disregarded;		/* Taken off in this compilation.  */
};
extern llvm::DenseSet<const clang::FunctionDecl *> marked_decls;
extern std::vector<written_mark> marks_written;
extern llvm::StringMap<size_t> marked_symbols;	/* Into marks_written.  */

/* What happened in this unit, for the summary (summary.cpp), counted
   where each is decided (the struct is the core's, as the GCC plugin's).  */
extern thread_local struct hot_stats unit_stats;

/* Whether M is the module of a fat compilation's own object code: its
   bitcode for the link is embedded in it (the global LLVM's
   EmbedBitcodePass adds), so the inlining that made it is done.  */
inline bool
fat_object_code (const llvm::Module &m)
{
  return fat_lto && m.getNamedGlobal ("llvm.embedded.object");
}

/* Whether the plugin has its arguments here: from the front end, or at a
   link from the bitcode.  A linker loads the plugin before any module
   says whether it asks for anything.  */
inline bool
configured ()
{
  return the_compiler || at_link;
}

/* The policies and locks CONFIG names, through the cache (policies.cpp);
   each problem is an error (NULL then), a lock left out a warning.  In a
   compilation and at an LTO link.  */
struct policy *load_policies (const struct config *config);

/* The same for the policy of disregard-only= (policies.cpp): NULL, its
   errors given, when it does not load.  */
struct policy *load_only_policy (const struct config *config);

/* What the source says about a function the IR names by its symbol.  */
struct source_decl
{
  clang::SourceLocation loc;	/* Its name in its first declaration.  */
  bool noinline;		/* __attribute__((noinline)) written.  */
  bool optnone;			/* __attribute__((optnone)) written.  */
  bool defined;			/* A body in this unit.  */
  bool listed;			/* It carries the attribute listed.  */
};

/* The AST consumer that records them, and the record of SYMBOL.  */
std::unique_ptr<clang::ASTConsumer> source_decls_consumer (
  clang::CompilerInstance &ci);
const source_decl *source_decl_of (llvm::StringRef symbol);

/* Whether the policy may name FD: its plain name is mentioned, or it is
   a C++ function in a class or namespace, which may be named by its
   qualified name only; or whether it carries a mark whose calls the
   results record (marked_decls).  */
bool maybe_hot (const clang::FunctionDecl *fd);

/* The places of the calls to hot functions without -g (call-places.cpp):
   from the arguments on, whether this compilation places them (it has no
   locations of its own); then the AST consumer that marks the functions
   whose calls want a place (NULL when it does not place them), the pass
   that gives those calls their locations as the pipeline starts, and,
   registered after every pass that reports, the one that takes the
   functions' subprograms off again before the code generator.  */
void call_places_ask (clang::CompilerInstance &ci);
std::unique_ptr<clang::ASTConsumer> call_places_consumer (
  clang::CompilerInstance &ci);
void call_places_register (llvm::PassBuilder &pb);
void call_places_register_end (llvm::PassBuilder &pb);

/* The AST consumer that names the policy files in the -MD output.  */
std::unique_ptr<clang::ASTConsumer> deps_consumer (
  clang::CompilerInstance &ci);

/* The policy entry governing calls to CALLEE from CALLER (NULL: any caller;
   only entries without "callers" then match) in this unit, or NULL.  A C
   function is named by its symbol; a C++ one as on GCC: by its mangled
   name, its qualified name with parameters ("ns::S::f(const char*)
   const", one overload), its qualified name ("ns::S::f", "ns::B<int>::g"),
   or its plain name (every overload and template instance); the most
   specific form that an entry names wins (names.cpp).  When no entry
   does and CALLEE carries a mark whose calls the results record
   (marked_symbols), rule_mark_entry: a report entry whose calls are
   recorded, never diagnosed nor counted in the summary.  */
const struct policy_entry *entry_for (const llvm::Function &callee,
				      const llvm::Function *caller);

/* The name forms of the function of SYMBOL, most specific first, as
   entry_for gives them to the policy: the symbol, then for C++ the
   demangled forms.  */
const std::vector<std::string> &name_forms (llvm::StringRef symbol);

/* Whether an entry of the policy may name the function of SYMBOL (in any
   of its forms), or it carries a mark whose calls the results record:
   the cheap test before entry_for.  */
bool symbol_mentioned (llvm::StringRef symbol);

/* The calls that call F (not those that pass it as an argument).  */
inline llvm::SmallVector<llvm::CallBase *, 8>
calls_to (llvm::Function &f)
{
  llvm::SmallVector<llvm::CallBase *, 8> calls;
  for (llvm::User *u : f.users ())
    if (auto *call = llvm::dyn_cast<llvm::CallBase> (u))
      if (call->getCalledFunction () == &f)
	calls.push_back (call);
  return calls;
}

/* Whether entry_for has returned ENTRY in this unit (for anything: a
   function of the unit, a call), and how many entries it has returned:
   the entries that matched, for the results and the summary.  */
bool entry_matched (const struct policy_entry *entry);
size_t entries_matched ();

/* TEXT, made with malloc by C code (the core's messages, the demangler;
   NULL: empty), as a string; TEXT is freed.  */
std::string take (char *text);

/* F's name as the user wrote it: the symbol for C, the plain identifier
   for C++.  For messages and the results.  */
std::string name_of (const llvm::Function &f);

/* The same for a function known by its symbol only (a function inlined
   away, named by its debug information).  */
std::string name_of_symbol (llvm::StringRef symbol);

/* F's name in a listing: for C++ its qualified name with its parameter
   list, or without it when BY_NAME; for C its symbol.  */
std::string listing_name_of (const llvm::Function &f, bool by_name);

/* The unit (unit.cpp): the main source file of M, for messages, the
   results and "files" scoping; the compilation's output without its
   suffix (".libs/t" for -o .libs/t.o), what tells libtool's two
   compilations of t.c apart, empty without the front end; and at an LTO
   link, the main source file of the unit that compiled F (its debug
   information's compile unit; "" elsewhere or without it).  */
const char *unit_name (const llvm::Module &m);
std::string output_stem ();
std::string unit_of (const llvm::Function *f);

/* Whether ENTRY, an always_inline entry, is forced call by call (a
   "callers" scope, or surgical forcing) rather than by the attribute on
   the function: the core's rule_forced_per_call.  */
bool forced_per_call (const struct policy_entry *entry);

/* The guards of force mode (force.cpp), for both strategies: why F cannot
   be forced anywhere ("" when it can), and whether CALLEE can be inlined
   into CALLER as far as the target goes.  */
std::string why_not_forcible (llvm::Function &f, bool at_o0);
bool target_compatible (llvm::FunctionAnalysisManager &fam,
			llvm::Function &caller, llvm::Function &callee);

/* A place in the source: Clang's location when the front end is there;
   at an LTO link, "file:line:col" from the debug information.  */
struct place
{
  clang::SourceLocation loc;
  std::string text;
};

/* A place from a debug location, else the function's declaration, else
   that of the function the location's scope is in.  */
place place_of (const llvm::DILocation *loc, const llvm::Function *fallback);
place place_of_function (const llvm::Function &f);

/* Emit a report about a call governed by ENTRY at LOC, at the severity the
   entry and the arguments ask for, as -Wpass-failed would be treated
   (-Werror, -w, -Wno-error=pass-failed).  False when it was not shown, in
   which case no notes should follow: never shown for rule_mark_entry.  */
bool emit_report (const place &loc, const struct policy_entry *entry,
		  const std::string &message);

/* A problem with forcing ENTRY, at LOC: a warning, or an error when the
   entry or the arguments ask for strictness; then the note on the entry.  */
void report_entry_problem (const place &loc,
			   const struct policy_entry *entry,
			   const std::string &message);

/* A note at LOC (shown only when the diagnostic it follows was).  */
void emit_note (const place &loc, const std::string &message);

/* An error or warning of the plugin itself (bad arguments, policies,
   results it cannot write), at no place.  The warning is silenced as a
   report is (-w, -Wno-pass-failed, quiet) but stays a warning under
   -Werror, as on GCC.  */
void emit_error (const std::string &message);
void emit_plain_warning (const std::string &message);

/* A note at no place that follows no diagnostic (the summary).  */
void emit_plain_note (const std::string &message);

/* At an LTO link: diagnostics go to CTX's handler (the linker's), each
   with its notes; hand over the last one.  */
void diagnostics_to (llvm::LLVMContext &ctx);
void diagnostics_flush ();

/* The summary of M, with -fplugin-arg-hotinline-summary.  */
void summary_print (const llvm::Module &m);

/* A hint at what would let a declined call through (hints.cpp): its
   text, and whether it belongs at the callee's declaration rather than at
   the call.  */
struct hint
{
  std::string text;
  bool at_decl;
};

/* Why a call is still a call, in the inliner's words (or the plugin's
   where the inliner said nothing) and, for a call too costly (COSTED),
   with its figures, COST and THRESHOLD (the cost "about", another call's
   to the same callee, where the text says so: remarks.cpp).  */
struct inliner_reason
{
  std::string text;
  bool costed = false;
  long cost = 0, threshold = 0;
};

/* The hint for REASON, the inliner's for not inlining a call to CALLEE
   at LEVEL, in STYLE, for a note (AS_NOTE) or the results; its text is
   empty when there is none.  */
hint hint_for (const struct message_style &style,
	       const inliner_reason &reason, const llvm::Function &caller,
	       const llvm::Function &callee, llvm::OptimizationLevel level,
	       bool as_note);

/* The messages of the core as Clang writes them: 'quoted', tagged.  */
extern const struct message_style diagnostic_style;

/* The note naming ENTRY's place in its policy and its reason.  */
void note_entry (const place &loc, const struct policy_entry *entry);

/* Disregarding the source's marks (disregard.cpp): the AST consumer that
   takes the disregarded always_inline marks off the declarations of UNIT,
   the main source file, before the code generator sees them (NULL
   without disregard=); and the start of the pipeline, where the inline
   keyword's hint is taken off.  */
std::unique_ptr<clang::ASTConsumer> disregard_consumer (
  clang::CompilerInstance &ci, llvm::StringRef unit);
void disregard_register (llvm::PassBuilder &pb);

/* The function declarations of the unit as the front end hands them
   over, for an AST consumer that must see each before the code generator
   does (disregard.cpp, audit.cpp): D and the declarations within it,
   without the statements (HandleTopLevelDecl); and at the end of the
   unit, before the code generator emits the functions it deferred
   (HandleTranslationUnit), whatever the declarations' lists do not hold
   (lambdas, template instances, functions of blocks), where the language
   has such (not C).  */
using function_seen = llvm::function_ref<void (clang::FunctionDecl *)>;
void each_declared_function (clang::Decl *d, function_seen fn);
void each_function_at_end (clang::ASTContext &context, function_seen fn);

/* The marks as the source writes them: whether FD, or the template it is
   an instance of, is declared with the inline keyword (what gives Clang's
   IR the inlinehint attribute); whether a declaration of FD carries an
   always_inline the source wrote, in any spelling (none once it is taken
   off: marks_taken_off then has it); and whether the inline keyword's
   hint of the function of SYMBOL is taken off (disregard=inline).  */
bool inline_written (const clang::FunctionDecl *fd);
bool always_inline_written (const clang::FunctionDecl *fd);

/* Whether a declaration of FD is in a system header, whose marks are
   the build's own (intrinsics, fortify wrappers).  */
bool declared_in_system_header (const clang::FunctionDecl *fd);

/* FD's symbols, by NAMES: a constructor or destructor is several
   functions; an asm label is the symbol as written.  */
std::vector<std::string> function_symbols (clang::ASTNameGenerator &names,
					   const clang::FunctionDecl *fd);
bool hint_taken_off (llvm::StringRef symbol);

/* The audit's evidence (audit.cpp), recorded when the results record
   marks (rule_marks_recorded): the marked functions the module defines,
   noted at the start of the pipeline, before inlining takes any away;
   and for a unit that may not compile (results=, a compilation that
   makes code), its name as the module gives it, its errors, and at the
   end the functions whose definitions hold them, each with its number
   of errors and the first one's text.  */
struct mark_record
{
  std::string name, file;
  unsigned line;
  bool always_inline, disregarded;
};
struct error_record
{
  std::string function, file, message;
  unsigned line;
  long long errors;
};
struct audit_record
{
  std::vector<mark_record> marks;
  bool watched = false;		/* Its errors watched, till the end.  */
  std::string unit;
  long long n_errors = 0;
  std::vector<error_record> errors;
};
const audit_record &audit_evidence ();

/* With marks recorded (NULL without): the AST consumer that records the
   marks as written (written_mark) of UNIT, the main source file, after
   disregard_consumer's, and for a unit that may not compile, notes where
   each function is defined and sees Clang's errors as they are given (a
   client of its diagnostics in front of Clang's own); at the end of the
   compilation, one that had errors calls AT_END (the entry point's:
   results_write_failed), with the errors by function in audit_evidence.
   And the start of the pipeline (with marks recorded), where the marks
   of the functions the module defines are noted.  */
std::unique_ptr<clang::ASTConsumer> audit_consumer (
  clang::CompilerInstance &ci, llvm::StringRef unit, void (*at_end) ());
void audit_register (llvm::PassBuilder &pb);

/* The passes and callbacks of each mode.  */
void force_register (llvm::PassBuilder &pb);
void surgical_register (llvm::PassBuilder &pb);
void report_register (llvm::PassBuilder &pb);
void lto_register (llvm::PassBuilder &pb);
void listing_register (llvm::PassBuilder &pb);

/* The calls as the code generator emits them, where LLVM lets a plugin
   see them: machine-calls.cpp registers the pass that hands them over to
   report mode (once; it sets MACHINE_CALLS_AVAILABLE).  A call: its
   callee, its debug location, and the location objdump shows it at (the
   same, or when it has no line, the last one before it that has).  */
void machine_calls_register ();
struct emitted_call
{
  const llvm::Function *callee;
  const llvm::DILocation *dl, *shown_at;
  /* Whether its function has a line table (not when the plugin placed
     its calls, call-places.cpp): else only calls have locations, and
     those of their arguments' code, and the row before a call without
     a line may be another call's.  */
  bool line_table;
};

/* Whether the code generator's tail merging may make calls A and B, to
   one callee in one function, one call (tail-merge.cpp): the code after
   them is the same up to where both go to the same place.  */
bool may_tail_merge (const llvm::CallBase &a, const llvm::CallBase &b);

/* Report mode after the code generator (report.cpp): whether reports of
   this module wait for it; the calls of CALLER as emitted, reported
   there; and the end of the module.  */
bool report_waiting ();
void report_emitted (const llvm::Function &caller,
		     const std::vector<emitted_call> &calls);
void report_codegen_end (const llvm::Module &m);

/* The parts of a mode that an LTO link runs (lto.cpp): force mode's
   guards for the calls between units (true: the module changed), the
   start of report mode, and its end.  */
bool force_at_link (llvm::Module &m, llvm::ModuleAnalysisManager &mam);
void report_listen (llvm::Module &m);
void report_add_end (llvm::ModulePassManager &mpm,
		     llvm::OptimizationLevel level);

/* The inliner's own reasons for calls it declined (remarks.cpp): start
   listening (at the start of the pipeline); the advice of INNER, the
   default advisor, at CALL, with the reason heard when the policy may
   name its callee; and the reason recorded for CALL, whose text is empty
   when the inliner never looked at it.  */
void remarks_listen (llvm::LLVMContext &ctx);
std::unique_ptr<llvm::InlineAdvice>
advice_with_reason (llvm::InlineAdvisor &inner, llvm::CallBase &call);
inliner_reason remark_for (const llvm::CallBase &call);

/* The results file of the unit (results.cpp); nothing without
   -fplugin-arg-hotinline-results.  */
void results_note_source_call (const llvm::CallBase &call,
			       const struct policy_entry *entry);
void results_note_left_call (const llvm::Function &caller,
			     const llvm::Function &callee,
			     const llvm::DILocation *dl,
			     const struct policy_entry *entry,
			     const std::string &reason,
			     const std::string &hint, long long may_merge);
void results_note_function (const llvm::Function &f, const char *why_not);
void results_write (const llvm::Module &m);

/* At the end of a compilation that had errors, with marks recorded (the
   audit's AT_END): its results written again (or for the first time: an
   error of the front end stops Clang before the pipeline), saying so,
   with the errors by function (audit_evidence).  */
void results_write_failed ();

} // namespace hotinline

#endif /* HOTINLINE_LLVM_HOTINLINE_H */
