/* Force mode: the guards, and the attribute strategy.  Attribute forcing
   gives the functions a policy marks always_inline LLVM's alwaysinline at
   the start of the pipeline, so that it works at every -O level, but only
   where LLVM can honour it.  LLVM
   checks far less than GCC before inlining an alwaysinline function (a
   callee with target features its caller lacks crashes the backend), so
   the checks are made here, and a function that cannot be forced is left
   alone with a warning saying why: forcing never turns a good build into a
   failing one.  Under surgical forcing, and for entries scoped to callers
   whatever the strategy, this pass only makes the same checks and
   warnings; the inline advisor (surgical.cpp) forces the calls the
   inliner declines.  At -O0, which has no advisor, it inlines scoped
   calls itself.  A hot function on a cycle of calls is forced by
   attribute under the surgical strategy too (functions_in_cycles).  */
#include "hotinline.h"

#include "llvm/ADT/SCCIterator.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/Analysis/CallGraph.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/Transforms/Utils/Cloning.h"

using namespace hotinline;
using llvm::Function;

namespace {

/* What a function forced by the plugin for an LTO link carries into its
   bitcode, so that the link guards it and leaves the source's
   always_inline functions to LLVM, as they are without the plugin.  */
const char forced_by_policy[] = "hotinline-forced";

/* Whether CALLEE, called from CALLER, is inlined there whatever the
   inliner thinks: always_inline in the source or forced by the policy.  */
bool
forced_at (const Function &callee, const Function &caller)
{
  if (callee.hasFnAttribute (llvm::Attribute::AlwaysInline))
    return true;
  const struct policy_entry *e = entry_for (callee, &caller);
  return e && e->action == POLICY_ACTION_ALWAYS_INLINE;
}

/* Whether F can reach itself through direct calls to functions defined in
   this module that are forced too: forcing F would then inline without
   end (LLVM's own check sees only a call of F to itself).  A cycle through
   a function left to the inliner is not one: that call stays a call, as
   with always_inline in the source (zstd's FSE_readNCount_body calls
   itself through FSE_readNCount).  */
bool
recursive (Function &f)
{
  llvm::SmallPtrSet<Function *, 32> seen;
  llvm::SmallVector<Function *, 32> work { &f };
  while (!work.empty ())
    {
      Function *g = work.pop_back_val ();
      for (llvm::Instruction &i : llvm::instructions (*g))
	if (auto *call = llvm::dyn_cast<llvm::CallBase> (&i))
	  if (Function *callee = call->getCalledFunction ())
	    {
	      if (callee == &f)
		return true;
	      if (!callee->isDeclaration () && forced_at (*callee, *g)
		  && seen.insert (callee).second)
		work.push_back (callee);
	    }
    }
  return false;
}

/* The functions of M on a cycle of direct calls: LLVM's inliner, which
   takes the call graph's strongly connected components bottom-up, does
   not weigh every call inside one (once it inlined a call within the
   component into a function, it skips that function's other calls
   within it), so surgical forcing, which acts on the calls the inliner
   weighs, cannot reach them all: zstd's FSE_readNCount_body, which calls
   itself through FSE_readNCount, was left a call there, inlined by its
   always_inline upstream.  */
llvm::SmallPtrSet<const Function *, 16>
functions_in_cycles (llvm::Module &m)
{
  llvm::CallGraph graph (m);
  llvm::SmallPtrSet<const Function *, 16> in;
  for (auto scc = llvm::scc_begin (&graph); !scc.isAtEnd (); ++scc)
    if (scc.hasCycle ())
      for (const llvm::CallGraphNode *node : *scc)
	if (const Function *f = node->getFunction ())
	  in.insert (f);
  return in;
}

/* Whether F calls a function called setjmp.  */
bool
calls_setjmp (Function &f)
{
  for (llvm::Instruction &i : llvm::instructions (f))
    if (auto *call = llvm::dyn_cast<llvm::CallBase> (&i))
      if (Function *callee = call->getCalledFunction ())
	if (callee->getName ().contains ("setjmp"))
	  return true;
  return false;
}

/* The words for WHY (about CALLER; DETAIL: OBSTACLE_COMPILER's), as the
   results keep them and Clang's diagnostics print them, which quote
   alike.  */
std::string
obstacle (enum message_obstacle why, const char *caller = nullptr,
	  const char *detail = nullptr)
{
  return take (message_obstacle (&message_plain, why, caller, detail));
}

/* LLVM's reason why F cannot be inlined anywhere, in the words of every
   compiler where there are some.  */
std::string
inline_viability (Function &f)
{
  llvm::InlineResult r = llvm::isInlineViable (f);
  if (r.isSuccess ())
    return recursive (f) ? obstacle (OBSTACLE_RECURSIVE) : "";
  llvm::StringRef why = r.getFailureReason ();
  if (why.contains ("recursive"))
    return obstacle (OBSTACLE_RECURSIVE);
  if (why.contains ("returns-twice"))
    return obstacle (calls_setjmp (f) ? OBSTACLE_SETJMP
				      : OBSTACLE_RETURNS_TWICE);
  if (why.contains ("va_start"))
    return obstacle (OBSTACLE_VARARGS);
  if (why.contains ("indirect branch") || why.contains ("blockaddress"))
    return obstacle (OBSTACLE_COMPUTED_GOTO);
  return obstacle (OBSTACLE_COMPILER, nullptr, why.str ().c_str ());
}

/* Whether the user wrote ATTR (noinline, optnone) on F, rather than clang
   at -O0.  Without the front end's record, only at -O0 can clang have put
   it there.  */
bool
source_asked (const Function &f, bool noinline, bool at_o0)
{
  if (const source_decl *d = source_decl_of (f.getName ()))
    return noinline ? d->noinline : d->optnone;
  return !at_o0;
}

} // namespace

namespace hotinline {

std::string
why_not_forcible (Function &f, bool at_o0)
{
  if (f.isDeclaration ())
    return obstacle (OBSTACLE_BODY_ELSEWHERE);
  if (f.hasFnAttribute (llvm::Attribute::OptimizeNone)
      && source_asked (f, false, at_o0))
    return obstacle (OBSTACLE_OPTNONE);
  if (f.hasFnAttribute (llvm::Attribute::NoInline)
      && source_asked (f, true, at_o0))
    return obstacle (OBSTACLE_NOINLINE);
  if (f.isInterposable ())
    return obstacle (f.hasWeakLinkage () || f.hasExternalWeakLinkage ()
		     ? OBSTACLE_WEAK : OBSTACLE_INTERPOSABLE);
  return inline_viability (f);
}

bool
target_compatible (llvm::FunctionAnalysisManager &fam, Function &caller,
		   Function &callee)
{
  return fam.getResult<llvm::TargetIRAnalysis> (caller)
    .areInlineCompatible (&caller, &callee);
}

} // namespace hotinline

namespace {

std::string
not_forced (const Function &f, const std::string &why)
{
  return take (message_not_forced (&diagnostic_style, name_of (f).c_str (),
				  why.c_str ()));
}

class force_pass : public hotinline_compat::pass_info<force_pass>
{
public:
  explicit force_pass (bool at_o0) : at_o0 (at_o0) {}

  llvm::PreservedAnalyses
  run (llvm::Module &m, llvm::ModuleAnalysisManager &mam)
  {
    if (!rule_policy_has_work (the_policy, &the_config))
      return llvm::PreservedAnalyses::all ();
    fam = &mam.getResult<llvm::FunctionAnalysisManagerModuleProxy> (m)
	     .getManager ();
    bool changed = false;
    if (surgical)
      cyclic = functions_in_cycles (m);
    for (Function &f : m)
      if (!f.isIntrinsic ())
	{
	  if (at_link)
	    changed |= guard_at_link (f);
	  else if (lto_prelink)
	    changed |= force_for_link (f);
	  else if (!f.use_empty ())
	    changed |= force (f);
	}
    diagnostics_flush ();
    return changed ? llvm::PreservedAnalyses::none ()
		   : llvm::PreservedAnalyses::all ();
  }

private:
  bool at_o0;
  llvm::FunctionAnalysisManager *fam = nullptr;
  /* Under surgical forcing, the module's functions on call cycles,
     forced by attribute (functions_in_cycles).  */
  llvm::SmallPtrSet<const Function *, 16> cyclic;

  /* Whether CALL can be inlined as far as the target goes; otherwise warn,
     once per caller, and under attribute forcing mark the call noinline
     (LLVM would inline it and crash in the backend).  */
  bool
  target_allows (llvm::CallBase *call, Function &f,
		 const struct policy_entry *e,
		 llvm::SmallPtrSetImpl<Function *> &warned)
  {
    Function *caller = call->getFunction ();
    if (target_compatible (*fam, *caller, f))
      return true;
    if (!surgical)
      call->setIsNoInline ();
    if (warned.insert (caller).second)
      {
	std::string why = obstacle (OBSTACLE_TARGET,
				    name_of (*caller).c_str ());
	report_entry_problem (place_of_function (f), e, not_forced (f, why));
	results_note_function (f, why.c_str ());
      }
    return false;
  }

  /* Clear what clang at -O0 puts on every function, which alwaysinline
     cannot stand beside.  */
  static void
  clear_default_noinline (Function &f)
  {
    f.removeFnAttr (llvm::Attribute::OptimizeNone);
    f.removeFnAttr (llvm::Attribute::NoInline);
  }

  /* Compiling for an LTO link: a function defined here is forced for the
     other units too, called here or not; calls to one defined elsewhere
     are the link's, where its own unit's bitcode brings it forced.  */
  bool
  force_for_link (Function &f)
  {
    if (f.isDeclaration () || (f.use_empty () && !entry_for (f, nullptr)))
      return false;
    return force (f);
  }

  /* At an LTO link, each unit's bitcode already carries its forcing and
     its warnings were given when it was compiled; what is new is calls
     from other units.  One that reaches a function the plugin forced,
     where the target does not allow it to inline, is marked noinline,
     with the warning (calls marked at compile time are already
     noinline).  */
  bool
  guard_at_link (Function &f)
  {
    if (!f.hasFnAttribute (forced_by_policy))
      return false;
    llvm::SmallPtrSet<Function *, 4> warned;
    bool changed = false;
    for (llvm::CallBase *call : calls_to (f))
      {
	const struct policy_entry *e = entry_for (f, call->getFunction ());
	if (e && e->action == POLICY_ACTION_ALWAYS_INLINE
	    && !call->isNoInline () && !target_allows (call, f, e, warned))
	  changed = true;
      }
    return changed;
  }

  bool
  force (Function &f)
  {
    /* always_inline in the source: LLVM's always-inliner takes it as the
       source asks, and the plugin has nothing to add, nor to take away
       (the target check below is stricter than what LLVM does with the
       source's attribute: clang's intrinsics, built for "avx", go into an
       "avx2" caller).  */
    if (f.hasFnAttribute (llvm::Attribute::AlwaysInline)
	|| !symbol_mentioned (f.getName ()))
      return false;
    const struct policy_entry *e = entry_for (f, nullptr);
    bool whole = e && e->action == POLICY_ACTION_ALWAYS_INLINE
		 && (!forced_per_call (e)
		     || (e->n_callers == 0 && cyclic.count (&f)));
    llvm::SmallVector<llvm::CallBase *, 8> calls = calls_to (f);
    llvm::SmallVector<std::pair<llvm::CallBase *,
				const struct policy_entry *>, 8> scoped;
    if (!whole)
      {
	/* Entries scoped to callers, call by call.  */
	for (llvm::CallBase *call : calls)
	  {
	    const struct policy_entry *c = entry_for (f, call->getFunction ());
	    if (c && c->action == POLICY_ACTION_ALWAYS_INLINE
		&& forced_per_call (c))
	      scoped.push_back ({ call, c });
	  }
	if (scoped.empty ())
	  return false;
	e = scoped.front ().second;
      }
    std::string why = why_not_forcible (f, at_o0);
    if (!why.empty ())
      {
	place loc = place_of_function (f);
	report_entry_problem (loc, e, not_forced (f, why));
	results_note_function (f, why.c_str ());
	unit_stats.not_forced++;
	return false;
      }
    llvm::SmallPtrSet<Function *, 4> warned;
    bool changed = false;
    if (whole)
      {
	bool any = false;
	for (llvm::CallBase *call : calls)
	  any |= target_allows (call, f, e, warned);
	if (!any && !calls.empty ())
	  {
	    unit_stats.not_forced++;
	    return true;
	  }
	clear_default_noinline (f);
	f.addFnAttr (llvm::Attribute::AlwaysInline);
	if (lto_prelink)
	  f.addFnAttr (forced_by_policy);
	results_note_function (f, nullptr);
	unit_stats.forced++;
	return true;
      }
    bool any = false;
    for (auto &[call, entry] : scoped)
      if (target_allows (call, f, entry, warned))
	{
	  any = true;
	  if (!at_o0)
	    {
	      /* The advisor forces it, if the inliner declines it.  */
	      results_note_function (f, nullptr);
	      continue;
	    }
	  /* The -O0 pipeline only has the always-inliner, which looks at
	     functions, not calls: inline it here.  */
	  llvm::InlineFunctionInfo info;
	  changed |= llvm::InlineFunction (*call, info).isSuccess ();
	}
    /* Surgical forcing counts the calls it inlines (surgical.cpp);
       forcing for some callers forces the function.  */
    if (!any)
      unit_stats.not_forced++;
    else if (changed)
      unit_stats.forced++;
    if (changed)
      results_note_function (f, nullptr);
    return changed;
  }
};

} // namespace

namespace hotinline {

bool
force_at_link (llvm::Module &m, llvm::ModuleAnalysisManager &mam)
{
  return !force_pass (false).run (m, mam).areAllPreserved ();
}

void
force_register (llvm::PassBuilder &pb)
{
  pb.registerPipelineStartEPCallback (
    [] (llvm::ModulePassManager &mpm, llvm::OptimizationLevel level) {
      bool at_o0 = level == llvm::OptimizationLevel::O0;
      /* At -O0 only the always-inliner runs, which asks no advisor:
	 surgical forcing is attribute forcing there, as on GCC.  */
      surgical = the_config.strategy == CONFIG_STRATEGY_SURGICAL && !at_o0;
      mpm.addPass (force_pass (at_o0));
    });
}

} // namespace hotinline
