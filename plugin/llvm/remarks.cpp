/* The inliner's own reasons: its "missed" remarks (pass "inline"),
   captured by a diagnostic handler put in front of Clang's.  It forwards
   everything to Clang's handler and never lets through a remark Clang
   would not have printed.  It asks for the inliner's missed remarks only
   while the advisor in front (surgical.cpp) weighs a call to a function
   the policy names: asking for them makes LLVM weigh every declined call
   in full, past its threshold (for the cost the remark gives), and every
   pass build its remarks, which for all calls was most of report mode's
   cost.  A call weighed only up to its threshold would give neither
   figure right: LLVM's threshold then still has the bonuses it takes back
   at the end of a full weighing (225 shows as 562).  Each reason is kept
   under the call it is about (its debug location, caller and callee), the
   last one winning: a call that is still a call at the end was last
   declined for that reason.  */
#include "hotinline-llvm.h"

#include <map>
#include <tuple>

using namespace hotinline;

namespace {

/* A call: its caller, callee and place.  Remarks name the block of the
   call rather than the call, so the place is what tells calls apart.  */
typedef std::tuple<std::string, std::string, std::string, unsigned, unsigned>
  key;

key
key_of (const llvm::CallBase &call)
{
  const llvm::Function *callee = call.getCalledFunction ();
  const llvm::DILocation *dl = call.getDebugLoc ().get ();
  return key (call.getFunction ()->getName ().str (),
	      callee ? callee->getName ().str () : std::string (),
	      dl ? dl->getFilename ().str () : std::string (),
	      dl ? dl->getLine () : 0, dl ? dl->getColumn () : 0);
}

thread_local std::map<key, std::string> reasons;

class listener;

/* This thread's handler, in front of its context's.  */
thread_local listener *installed;

class listener : public llvm::DiagnosticHandler
{
public:
  explicit listener (std::unique_ptr<llvm::DiagnosticHandler> inner)
    : inner (std::move (inner))
  {
  }

  bool
  handleDiagnostics (const llvm::DiagnosticInfo &di) override
  {
    if (auto *r = llvm::dyn_cast<llvm::OptimizationRemarkMissed> (&di))
      if (r->getPassName () == "inline")
	record (*r);
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

  bool
  isMissedOptRemarkEnabled (llvm::StringRef pass) const override
  {
    return (weighing_hot && pass == "inline")
	   || inner->isMissedOptRemarkEnabled (pass);
  }

  bool
  isPassedOptRemarkEnabled (llvm::StringRef pass) const override
  {
    return inner->isPassedOptRemarkEnabled (pass);
  }

  bool
  isAnyRemarkEnabled () const override
  {
    return weighing_hot || inner->isAnyRemarkEnabled ();
  }

  /* Whether the advisor weighs a call to a function the policy names.
     Kept in the handler rather than per thread: every pass asks the
     handler, often, whether remarks are wanted.  */
  bool weighing_hot = false;

private:
  std::unique_ptr<llvm::DiagnosticHandler> inner;

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
    for (const llvm::DiagnosticInfoOptimizationBase::Argument &a :
	 r.getArgs ())
      if (a.Key == "Callee")
	callee = a.Val;
    if (callee.empty () || !symbol_mentioned (callee))
      return;
    const llvm::DiagnosticLocation &at = r.getLocation ();
    std::string file = at.isValid () ? at.getRelativePath ().str () : "";
    std::string text = r.getMsg ();
    size_t because = text.find (" because ");
    reasons[key (r.getFunction ().getName ().str (), callee.str (), file,
		 at.isValid () ? at.getLine () : 0,
		 at.isValid () ? at.getColumn () : 0)]
      = because == std::string::npos ? text : text.substr (because + 9);
  }
};

} // namespace

namespace hotinline {

void
remarks_listen (llvm::LLVMContext &ctx)
{
  if (ctx.getDiagHandlerPtr () == installed)
    return;
  auto wrapper = std::make_unique<listener> (ctx.getDiagnosticHandler ());
  installed = wrapper.get ();
  ctx.setDiagnosticHandler (std::move (wrapper));
}

void
remarks_weighing (llvm::LLVMContext &ctx, const llvm::Function *callee)
{
  if (ctx.getDiagHandlerPtr () != installed)
    return;
  installed->weighing_hot = callee && symbol_mentioned (callee->getName ());
}

std::string
remark_for (const llvm::CallBase &call)
{
  auto found = reasons.find (key_of (call));
  return found == reasons.end () ? std::string () : found->second;
}

} // namespace hotinline
