/* Surgical forcing: an inline advisor in front of LLVM's default one.
   Every call goes to the default advisor first and its advice is taken as
   it is, except at a call the policy forces (the callee's entry, scoped
   per call by "files" and "callers"), the guards of force mode allow, and
   the default advisor declines: there the advice is to inline, as for an
   alwaysinline callee.  So only the hot calls the inliner declined are
   inlined, and every other decision is the default one.  Entries scoped
   to callers are forced so under either strategy, as on GCC: a lock pins
   single sites and must change nothing else.

   The advisor is LLVM's PluginInlineAdvisorAnalysis: every inliner that
   asks an advisor (the CGSCC inliner of -O1 to -Oz and of the LTO
   pipelines, the module inliner, the inliner of an LTO link) asks this
   one.  At -O0 only the
   always-inliner runs, which asks none: there surgical forcing is
   attribute forcing (force.cpp), as on GCC.

   It is also where report mode hears the inliner's reasons: the remarks
   are built only while the default advisor weighs a call to a function
   the policy names (remarks.cpp).  So it is in front whenever
   the policy has entries.  */
#include "hotinline.h"

#include "llvm/Analysis/OptimizationRemarkEmitter.h"

using namespace hotinline;

namespace {

/* The advice at a forced call: inline, with the inliner's remarks saying
   why (pass "inline", as LLVM's own).  */
class forced_advice : public llvm::InlineAdvice
{
public:
  forced_advice (llvm::InlineAdvisor *advisor, llvm::CallBase &call,
		 llvm::OptimizationRemarkEmitter &ore)
    : llvm::InlineAdvice (advisor, call, ore, true)
  {
  }

private:
  void
  recordInliningImpl () override
  {
    unit_stats.calls_forced++;
    ORE.emit ([&] () {
      return llvm::OptimizationRemark ("inline", "Inlined", DLoc, Block)
	     << "'" << llvm::ore::NV ("Callee", Callee) << "' inlined into '"
	     << llvm::ore::NV ("Caller", Caller)
	     << "': the inliner declined it, hotinline's policy forces it "
		"(surgical)";
    });
  }

  void
  recordInliningWithCalleeDeletedImpl () override
  {
    recordInliningImpl ();
  }

  void
  recordUnsuccessfulInliningImpl (const llvm::InlineResult &result) override
  {
    ORE.emit ([&] () {
      return llvm::OptimizationRemarkMissed ("inline", "NotInlined", DLoc,
					     Block)
	     << "'" << llvm::ore::NV ("Callee", Callee)
	     << "' is not inlined into '" << llvm::ore::NV ("Caller", Caller)
	     << "' because "
	     << llvm::ore::NV ("Reason", result.getFailureReason ());
    });
  }
};

class surgical_advisor : public llvm::InlineAdvisor
{
public:
  surgical_advisor (llvm::Module &m, llvm::FunctionAnalysisManager &fam,
		    llvm::InlineParams params, llvm::InlineContext ic)
    : llvm::InlineAdvisor (m, fam, ic),
      inner (new llvm::DefaultInlineAdvisor (m, fam, params, ic))
  {
  }

  void
  onPassEntry (llvm::LazyCallGraph::SCC *scc) override
  {
    inner->onPassEntry (scc);
  }

  void
  onPassExit (llvm::LazyCallGraph::SCC *scc) override
  {
    inner->onPassExit (scc);
  }

private:
  std::unique_ptr<llvm::InlineAdvisor> inner;

  std::unique_ptr<llvm::InlineAdvice>
  getAdviceImpl (llvm::CallBase &call) override
  {
    /* The inliner's reasons, for report mode, at hot calls only.  */
    std::unique_ptr<llvm::InlineAdvice> advice
      = advice_with_reason (*inner, call);
    if (!advice || advice->isInliningRecommended () || !forced (call))
      return advice;
    advice->recordUnattemptedInlining ();
    return std::make_unique<forced_advice> (this, call, getCallerORE (call));
  }

  /* Whether the policy forces CALL and the guards let it.  */
  bool
  forced (llvm::CallBase &call)
  {
    llvm::Function *callee = call.getCalledFunction ();
    llvm::Function *caller = call.getCaller ();
    /* A noinline call site wins over alwaysinline too; the callee's own
       noinline is the guards' business (clang puts it on every function
       under -fno-inline).  */
    if (!configured ())
      return false;
    if (!callee || callee == caller || callee->isDeclaration ()
	|| call.getAttributes ().hasFnAttr (llvm::Attribute::NoInline))
      return false;
    const struct policy_entry *e = entry_for (*callee, caller);
    return e && e->action == POLICY_ACTION_ALWAYS_INLINE
	   && (the_config.strategy == CONFIG_STRATEGY_SURGICAL
	       || e->n_callers > 0)
	   && why_not_forcible (*callee, false).empty ()
	   && target_compatible (FAM, *caller, *callee);
  }
};

llvm::InlineAdvisor *
make_advisor (llvm::Module &m, llvm::FunctionAnalysisManager &fam,
	      llvm::InlineParams params, llvm::InlineContext ic)
{
  return new surgical_advisor (m, fam, params, ic);
}

} // namespace

namespace hotinline {

void
surgical_register (llvm::PassBuilder &pb)
{
  /* Called once the front end has read the arguments.  In a linker the
     arguments come later, with the first module (lto.cpp): there the
     advisor is always put in front, and it gives the default advice
     unless the bitcode asks for surgical forcing.  */
  pb.registerAnalysisRegistrationCallback (
    [] (llvm::ModuleAnalysisManager &mam) {
      if (!the_compiler || rule_policy_has_work (the_policy, &the_config))
	mam.registerPass (
	  [] { return llvm::PluginInlineAdvisorAnalysis (make_advisor); });
    });
}

} // namespace hotinline
