/* The inliner's own reasons: its "missed" remarks (pass "inline"), captured
   by a diagnostic handler put in front of Clang's (or a linker's) while the
   default advisor weighs a call to a function the policy names
   (advice_with_reason, called by the advisor in front, surgical.cpp), and
   only then.  It forwards everything to the context's own handler and never
   lets through a remark that one would not have printed.  Asking for the
   inliner's missed remarks makes LLVM weigh a declined call in full, past
   its threshold, for the cost the remark gives; LLVM's own weighing stops
   at the threshold, which then still has the bonuses LLVM takes back at the
   end of a full weighing (for a single block, for vector code: 225 shows as
   562).  So a hot call is weighed as LLVM weighs it, with the remark built;
   only the first declined call to a callee at a threshold so stated is
   weighed again in full, for its exact cost and threshold.  The later ones
   get its threshold (what LLVM takes back of its bonuses depends on the
   callee alone) and its cost, "about": a call's own arguments move a cost
   by a few units.  Each reason is kept under the call it is about (its
   debug location, caller and callee), the last one winning: a call that is
   still a call at the end was last declined for that reason.  */
#include "hotinline.h"

#include <map>
#include <optional>
#include <string>
#include <tuple>
#include <utility>

using namespace hotinline;

namespace {

/* A call: its caller, callee and place.  Remarks name the block of the
   call rather than the call, so the place is what tells calls apart.  */
typedef std::tuple<std::string, std::string, std::string, unsigned, unsigned>
  call_key;

call_key
key_of (const llvm::CallBase &call)
{
  const llvm::Function *callee = call.getCalledFunction ();
  const llvm::DILocation *dl = call.getDebugLoc ().get ();
  return call_key (call.getFunction ()->getName ().str (),
	      callee ? callee->getName ().str () : std::string (),
	      dl ? dl->getFilename ().str () : std::string (),
	      dl ? dl->getLine () : 0, dl ? dl->getColumn () : 0);
}

thread_local std::map<call_key, inliner_reason> reasons;

/* What the handler asks the inliner for while it weighs a call.  */
enum class asking
{
  reasons,	/* The remarks built, the weighing LLVM's own.  */
  again		/* A call weighed again, in full: its remarks are heard,
		   never passed on (Clang has those of the first).  */
};

/* A "too costly" remark: the call it is about and its reason, with its
   figures.  */
struct too_costly
{
  call_key at;
  inliner_reason reason;
};

/* The last one heard while weighing a call.  */
thread_local too_costly heard;

/* The figures of a weighing in full, by callee and threshold as LLVM's
   own weighing stated it, in the module being optimised.  */
thread_local std::map<std::pair<std::string, long>, too_costly> in_full;

/* The context whose hot calls are weighed with their reasons.  */
thread_local const llvm::LLVMContext *listening;

/* The handler in front of the context's while the advisor weighs a hot
   call, and only then: every pass asks the handler whether it wants
   remarks, and the answers need not go through the plugin.  */
class listener : public llvm::DiagnosticHandler
{
public:
  explicit listener (std::unique_ptr<llvm::DiagnosticHandler> inner)
    : inner (std::move (inner))
  {
  }

  std::unique_ptr<llvm::DiagnosticHandler> inner;
  asking ask = asking::reasons;

  bool
  handleDiagnostics (const llvm::DiagnosticInfo &di) override
  {
    if (auto *r = llvm::dyn_cast<llvm::OptimizationRemarkMissed> (&di))
      if (r->getPassName () == "inline")
	record (*r);
    if (ask == asking::again
	&& llvm::isa<llvm::DiagnosticInfoOptimizationBase> (&di))
      return true;
    /* While the advisor weighs a hot call, every remark is built: pass on
       only those asked for (a linker prints all it is given).  */
    if (auto *r = llvm::dyn_cast<llvm::DiagnosticInfoOptimizationBase> (&di))
      if (!asked_for (*r))
	return true;
    return inner->handleDiagnostics (di);
  }

  bool
  isAnalysisRemarkEnabled (llvm::StringRef pass) const override
  {
    return inner->isAnalysisRemarkEnabled (pass);
  }

  /* The advisor asks this before it weighs a call: true makes the
     weighing go on past the threshold.  */
  bool
  isMissedOptRemarkEnabled (llvm::StringRef pass) const override
  {
    return (ask == asking::again && pass == "inline")
	   || inner->isMissedOptRemarkEnabled (pass);
  }

  bool
  isPassedOptRemarkEnabled (llvm::StringRef pass) const override
  {
    return inner->isPassedOptRemarkEnabled (pass);
  }

  /* And this before it builds a remark.  */
  bool
  isAnyRemarkEnabled () const override
  {
    return true;
  }

private:
  bool
  asked_for (const llvm::DiagnosticInfoOptimizationBase &r) const
  {
    llvm::StringRef pass = r.getPassName ();
    if (r.isPassed ())
      return inner->isPassedOptRemarkEnabled (pass);
    if (r.isMissed ())
      return inner->isMissedOptRemarkEnabled (pass);
    if (r.isAnalysis ())
      return inner->isAnalysisRemarkEnabled (pass);
    return true;
  }

  void
  record (const llvm::OptimizationRemarkMissed &r)
  {
    /* Most calls the inliner declines are to functions no entry names:
       their reasons are not worth keeping.  */
    llvm::StringRef callee;
    std::optional<long> cost, threshold;
    for (const llvm::DiagnosticInfoOptimizationBase::Argument &a :
	 r.getArgs ())
      if (a.Key == "Callee")
	callee = a.Val;
      else if (a.Key == "Cost" || a.Key == "Threshold")
	{
	  long v;
	  if (!llvm::StringRef (a.Val).getAsInteger (10, v))
	    (a.Key == "Cost" ? cost : threshold) = v;
	}
    if (callee.empty () || !symbol_mentioned (callee))
      return;
    const llvm::DiagnosticLocation &where = r.getLocation ();
    call_key at (r.getFunction ().getName ().str (), callee.str (),
	    where.isValid () ? where.getRelativePath ().str () : "",
	    where.isValid () ? where.getLine () : 0,
	    where.isValid () ? where.getColumn () : 0);
    std::string text = r.getMsg ();
    size_t because = text.find (" because ");
    inliner_reason &reason = reasons[at];
    reason.text
      = because == std::string::npos ? text : text.substr (because + 9);
    reason.costed = cost && threshold;
    reason.cost = cost.value_or (0);
    reason.threshold = threshold.value_or (0);
    if (reason.costed)
      heard = too_costly{ at, reason };
  }
};

/* A listener in front of CTX's handler for as long as this lives.  */
class listening_to
{
public:
  explicit listening_to (llvm::LLVMContext &ctx) : ctx (ctx)
  {
    auto l = std::make_unique<listener> (ctx.getDiagnosticHandler ());
    in_front = l.get ();
    ctx.setDiagnosticHandler (std::move (l));
  }

  /* The context's own handler given back.  An LTO link's filters by the
     remarks it asks for (LLVM's lto::Config); Clang's does not.  */
  ~listening_to ()
  {
    std::unique_ptr<llvm::DiagnosticHandler> l = ctx.getDiagnosticHandler ();
    ctx.setDiagnosticHandler (std::move (in_front->inner), at_link);
  }

  listener *in_front;

private:
  llvm::LLVMContext &ctx;
};

/* INNER's advice at CALL, to a function the policy may name, with the
   inliner's reason recorded when it declines it.  */
std::unique_ptr<llvm::InlineAdvice>
weigh (llvm::InlineAdvisor &inner, llvm::CallBase &call)
{
  listening_to l (call.getContext ());
  /* Asked for on the command line: LLVM weighs every call in full.  */
  bool weighed_in_full
    = l.in_front->inner->isMissedOptRemarkEnabled ("inline");
  heard = too_costly ();
  std::unique_ptr<llvm::InlineAdvice> advice = inner.getAdvice (call);
  if (weighed_in_full || !advice || advice->isInliningRecommended ()
      || !heard.reason.costed)
    return advice;
  too_costly stopped = heard;
  auto pair = std::make_pair (call.getCalledFunction ()->getName ().str (),
			      stopped.reason.threshold);
  auto known = in_full.find (pair);
  if (known == in_full.end ())
    {
      /* The same advice, weighed in full: only its remark is kept.  */
      heard = too_costly ();
      l.in_front->ask = asking::again;
      std::unique_ptr<llvm::InlineAdvice> again = inner.getAdvice (call);
      if (again)
	again->recordUnattemptedInlining ();
      if (heard.reason.costed)
	in_full[pair] = heard;
      return advice;
    }
  /* Without debug locations the calls of a caller to a callee are one
     key: the one weighed in full stands for them.  */
  const too_costly &full = known->second;
  inliner_reason &reason = reasons[stopped.at];
  reason = full.reason;
  if (stopped.at != full.at)
    reason.text = "too costly to inline (cost about "
		  + std::to_string (reason.cost)
		  + ", threshold=" + std::to_string (reason.threshold) + ")";
  return advice;
}

} // namespace

namespace hotinline {

void
remarks_listen (llvm::LLVMContext &ctx)
{
  listening = &ctx;
  /* A thread may run more than one module (ThinLTO backends): a call of
     an earlier one with the same names and place is not this one's.  */
  reasons.clear ();
  in_full.clear ();
}

std::unique_ptr<llvm::InlineAdvice>
advice_with_reason (llvm::InlineAdvisor &inner, llvm::CallBase &call)
{
  const llvm::Function *callee = call.getCalledFunction ();
  if (&call.getContext () != listening || !callee
      || !symbol_mentioned (callee->getName ()))
    return inner.getAdvice (call);
  return weigh (inner, call);
}

inliner_reason
remark_for (const llvm::CallBase &call)
{
  auto found = reasons.find (key_of (call));
  return found == reasons.end () ? inliner_reason () : found->second;
}

} // namespace hotinline
