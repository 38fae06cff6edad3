/* Report mode: at the end of the optimisation pipeline, one report at each
   call to a hot function that is still a call, with the inliner's reason,
   a hint at what would let it through (hints.cpp), the policy entry, and
   the functions the call was inlined through on its way to where it is.
   Where the code generator hands over the calls as it emits them
   (machine-calls.cpp), the reports wait for it and are made at those
   calls; else they are made from the IR, with a note where the code
   generator may merge calls (tail-merge.cpp).  The calls the marks'
   entry governs (the audit's: rule_mark_entry) go the same way into the
   results, and no further: no report, no count in the summary.  */
#include "hotinline.h"

#include <map>
#include <optional>
#include <vector>

#include "llvm/IR/InstIterator.h"

using namespace hotinline;

namespace {

/* Why CALL, to CALLEE, is still a call.  */
inliner_reason
reason_for (const llvm::CallBase &call, const llvm::Function &callee,
	    bool at_o0)
{
  if (callee.isDeclaration ())
    return { message_reason_no_body };
  inliner_reason r = remark_for (call);
  if (!r.text.empty ())
    return r;
  if (at_o0 || call.getFunction ()->hasOptNone ())
    return { message_reason_inliner_off };
  if (callee.hasFnAttribute (llvm::Attribute::NoInline)
      || call.isNoInline ())
    return { message_reason_noinline };
  return { message_reason_not_considered };
}

/* The notes naming the functions the call at LOC was inlined through.  */
void
note_chain (const llvm::DILocation *loc, const llvm::Function &caller)
{
  for (; loc && loc->getInlinedAt (); loc = loc->getInlinedAt ())
    {
      const llvm::DILocation *site = loc->getInlinedAt ();
      llvm::StringRef from = loc->getScope ()->getSubprogram ()->getName ();
      std::string into
	= site->getInlinedAt ()
	  ? site->getScope ()->getSubprogram ()->getName ().str ()
	  : name_of (caller);
      emit_note (place_of (site, nullptr),
		 take (message_inlined_here (&diagnostic_style,
					     from.str ().c_str (),
					     into.c_str ())));
    }
}

/* "FILE:LINE" of a location, for a note's text; line 0 (a call passes
   made of several) is no place to show.  */
std::string
line_at (const llvm::DILocation *dl)
{
  if (!dl || !dl->getLine ())
    return "an unknown line";
  return dl->getFilename ().str () + ":" + std::to_string (dl->getLine ());
}

/* The same for a call.  */
std::string
line_of (const llvm::CallBase &call)
{
  return line_at (call.getDebugLoc ().get ());
}

/* The calls to hot functions as written: their places, by the subprogram
   they are in and their callee's name.  A call that IR passes made out of
   several (SimplifyCFG sinks calls that differ in an argument into one) has
   line 0, and these say which calls it stands for.  */
thread_local std::map<std::pair<const llvm::DISubprogram *, std::string>,
		    std::vector<const llvm::DILocation *>>
  source_places;

/* The calls as written that a call with line 0 at DL, to CALLEE, may stand
   for, or null when DL has a line or there are not two.  */
const std::vector<const llvm::DILocation *> *
sunk_from (const llvm::DILocation *dl, const llvm::Function &callee)
{
  if (!dl || dl->getLine ())
    return nullptr;
  auto found = source_places.find (
    { dl->getScope ()->getSubprogram (), callee.getName ().str () });
  if (found == source_places.end () || found->second.size () < 2)
    return nullptr;
  return &found->second;
}

/* Where a call with line 0 is reported: at the choice between the calls
   it was made of, the line of the first argument computed for it that has
   one (through casts that have none), which is the line objdump and
   debuggers show the call at (the line table's row before the call, the
   call having line 0); else at the first of the calls SUNK.  */
const llvm::DILocation *
place_of_sunk (const llvm::CallBase &call,
	       const std::vector<const llvm::DILocation *> &sunk)
{
  for (const llvm::Use &arg : call.args ())
    for (auto *i = llvm::dyn_cast<llvm::Instruction> (arg.get ());
	 i && i->getParent () == call.getParent ();
	 i = i->getNumOperands () == 1
	       ? llvm::dyn_cast<llvm::Instruction> (i->getOperand (0))
	       : nullptr)
      {
	const llvm::DILocation *l = i->getDebugLoc ().get ();
	if (l && l->getLine ())
	  return l;
	if (!llvm::isa<llvm::CastInst> (i))
	  break;
      }
  return sunk.front ();
}

/* A note at a call with line 0 that may stand for the calls SUNK,
   merged by IR passes.  */
void
note_sunk (const place &loc,
	   const std::vector<const llvm::DILocation *> &sunk,
	   const llvm::Function &callee)
{
  std::string lines;
  for (const llvm::DILocation *l : sunk)
    lines += (lines.empty () ? "" : ", ") + std::to_string (l->getLine ());
  emit_note (loc, "this call has no line of its own: the optimiser merged "
		  "some of the calls to '" + name_of (callee)
		  + "' written at lines " + lines + " of "
		  + sunk.front ()->getFilename ().str ()
		  + " into it [hotinline]");
}

/* A hot call still a call at the end of the IR pipeline, with what its
   report says but its place.  */
struct left_call
{
  const llvm::Function *caller, *callee;
  const struct policy_entry *entry;
  inliner_reason reason;
  std::string hint_text;		/* The hint for the results.  */
  hint note;				/* And for the report.  */
  const llvm::DILocation *dl;		/* The IR call's.  */
  const llvm::DILocation *at;		/* Where it is reported: DL, or for
					   a call IR passes merged from
					   several, place_of_sunk's.  */
  long long may_merge = 0;		/* Its results' group of calls the
					   code generator may merge.  */
};

/* Whether this module's reports wait for the code generator, and the
   calls left, by the function they are in, until it emits them.  */
thread_local bool waiting;
thread_local std::map<const llvm::Function *, std::vector<left_call>> pending;

/* The module's groups of calls the code generator may merge, numbered
   from 1 by their first call (reports made from the IR).  */
thread_local std::map<const llvm::CallBase *, long long> merge_groups;

/* C, left at AT, counted and in the results; a mark's call (the
   audit's) is in the results only.  */
void
count_left (const left_call &c, const llvm::DILocation *at)
{
  if (!rule_is_mark_entry (c.entry))
    unit_stats.calls_not_inlined++;
  results_note_left_call (*c.caller, *c.callee, at, c.entry, c.reason.text,
			  c.hint_text, c.may_merge);
}

/* Report C at AT (a location of the call, or near it), its results at
   RESULTS_AT: counted, in the results, the report and the notes on its
   entry and its hint; LOC is set to the report's place.  False when the
   report was not shown, and no more notes should follow.  */
bool
emit_left (const left_call &c, const llvm::DILocation *at,
	   const llvm::DILocation *results_at, place &loc)
{
  count_left (c, results_at);
  if (rule_is_mark_entry (c.entry))
    return false;
  loc = place_of (at, c.caller);
  if (!emit_report (loc, c.entry,
		    take (message_not_inlined (&diagnostic_style,
					       name_of (*c.callee).c_str (),
					       name_of (*c.caller).c_str (),
					       c.reason.text.c_str ()))))
    return false;
  note_entry (loc, c.entry);
  if (!c.note.text.empty () && message_note_once (c.note.text.c_str ()))
    emit_note (c.note.at_decl ? place_of_function (*c.callee) : loc,
	       c.note.text);
  return true;
}

/* Which left call of ITEMS each emitted call of CALLS is: the one at the
   same location (the calls the code generator kept as they were), else
   one to the same callee not taken yet (a call the branch folder made of
   several, or moved), else any to the same callee (a copy, by tail
   duplication); -1 for a call no report is about.  */
std::vector<int>
match_emitted (const std::vector<left_call> &items,
	       const std::vector<emitted_call> &calls,
	       std::vector<bool> &taken)
{
  std::vector<int> which (calls.size (), -1);
  for (int pass = 0; pass < 3; pass++)
    for (size_t k = 0; k < calls.size (); k++)
      for (size_t i = 0; which[k] < 0 && i < items.size (); i++)
	if (items[i].callee == calls[k].callee
	    && (pass == 2 || !taken[i])
	    && (pass > 0 || items[i].dl == calls[k].dl))
	  {
	    which[k] = i;
	    taken[i] = true;
	  }
  return which;
}

/* Where emitted CALL, left call C of ITEMS, is reported: where objdump
   shows it.  Without a line table, the row before a call without a line
   is taken only when it is C's, or that of a call to its callee that no
   emitted call is (TAKEN): the code of the arguments of a call merged
   into this one; else C's own place.  */
const llvm::DILocation *
shown_at (const emitted_call &call, const left_call &c,
	  const std::vector<left_call> &items, const std::vector<bool> &taken)
{
  if (!call.shown_at)
    return c.at;
  if (call.line_table)
    return call.shown_at;
  for (size_t i = 0; i < items.size (); i++)
    if (items[i].callee == c.callee && items[i].dl == call.shown_at
	&& (&items[i] == &c || !taken[i]))
      return call.shown_at;
  return c.at;
}

} // namespace

bool
hotinline::report_waiting ()
{
  return waiting;
}

/* The calls of CALLER as the code generator emits them: each one
   reported where objdump shows it.  A left call that no emitted call is
   was merged into another call to its callee (the last the code
   generator made of several, else the last to that callee), which says
   so; one that the code generator removed altogether (its block found
   dead) is not reported.  */
void
hotinline::report_emitted (const llvm::Function &caller,
			   const std::vector<emitted_call> &calls)
{
  auto found = pending.find (&caller);
  if (found == pending.end ())
    return;
  const std::vector<left_call> &items = found->second;
  std::vector<bool> taken (items.size (), false);
  std::vector<int> which = match_emitted (items, calls, taken);
  /* The left calls merged into each emitted one: into the last call to
     their callee that is not where its left call was (one the code
     generator made), else the last call to it.  */
  std::vector<std::vector<const left_call *>> merged (calls.size ());
  for (size_t i = 0; i < items.size (); i++)
    {
      if (taken[i])
	continue;
      int made = -1, last = -1;
      for (size_t k = 0; k < calls.size (); k++)
	if (which[k] >= 0 && items[which[k]].callee == items[i].callee)
	  {
	    last = k;
	    if (calls[k].dl != items[which[k]].dl)
	      made = k;
	  }
      if (made >= 0 || last >= 0)
	merged[made >= 0 ? made : last].push_back (&items[i]);
    }
  for (size_t k = 0; k < calls.size (); k++)
    {
      if (which[k] < 0)
	continue;
      const left_call &c = items[which[k]];
      const llvm::DILocation *at = shown_at (calls[k], c, items, taken);
      /* Copies of one call at one place (tail duplication): each is a
	 call left, one report says how many.  */
      size_t copies = 0, first = k;
      for (size_t o = 0; o < calls.size (); o++)
	if (which[o] == which[k]
	    && shown_at (calls[o], c, items, taken) == at)
	  {
	    if (copies == 0)
	      first = o;
	    copies++;
	  }
      place loc;
      if (first != k)
	{
	  count_left (c, at);
	  continue;
	}
      if (!emit_left (c, at, at, loc))
	continue;
      bool moved = calls[k].dl != c.dl;
      if (copies > 1)
	emit_note (loc, take (message_call_copies (&diagnostic_style,
						   copies)));
      if (!merged[k].empty ())
	{
	  std::string lines = line_at (c.dl);
	  for (const left_call *m : merged[k])
	    lines += ", " + line_at (m->dl);
	  emit_note (loc, "the code generator made this one call of the "
			  "calls to '" + name_of (*c.callee) + "' at "
			  + lines + " (their blocks ended with the same code "
			  "and went to the same place) [hotinline]");
	}
      else if (moved && line_at (c.dl) != line_at (at))
	emit_note (loc, "this is the call to '" + name_of (*c.callee)
			+ "' at " + line_at (c.dl)
			+ ", which the code generator moved here "
			  "[hotinline]");
      /* Merged by IR passes: the IR call has no line (the code
	 generator may take one away, which says nothing of that).  */
      else if (const std::vector<const llvm::DILocation *> *sunk
	       = sunk_from (c.dl, *c.callee))
	note_sunk (loc, *sunk, *c.callee);
      /* The functions it was inlined through: where it was written (a
	 place of its own, C.AT, is a call as written, before any
	 inlining: the chain is C.DL's).  */
      note_chain ((moved && merged[k].empty ()) || at == c.at ? c.dl : at,
		  caller);
    }
  pending.erase (found);
}

/* The end of the module's code generation: what report mode writes once
   every report is made.  */
void
hotinline::report_codegen_end (const llvm::Module &m)
{
  if (!waiting)
    return;
  waiting = false;
  pending.clear ();
  diagnostics_flush ();
  results_write (m);
  summary_print (m);
}

namespace {

/* The functions of M that call a function the policy names, so that only
   their instructions are walked: a unit has a few hot functions, with
   their calls in a few of its functions.  Functions the policy names are
   also looked up themselves, so that an entry naming a function of this
   unit has matched even where nothing calls it, as on GCC.  */
llvm::SmallPtrSet<const llvm::Function *, 16>
callers_of_named (llvm::Module &m)
{
  llvm::SmallPtrSet<const llvm::Function *, 16> callers;
  for (llvm::Function &f : m)
    if (!f.isIntrinsic () && symbol_mentioned (f.getName ()))
      {
	entry_for (f, nullptr);
	for (const llvm::CallBase *call : calls_to (f))
	  callers.insert (call->getFunction ());
      }
  return callers;
}

} // namespace

/* The start of the pipeline: listen to the inliner's remarks, and note
   the calls as written.  */
void
hotinline::report_listen (llvm::Module &m)
{
  if (!rule_policy_has_work (the_policy, &the_config))
    return;
  remarks_listen (m.getContext ());
  /* The calls as written, for the results and line 0.  */
  source_places.clear ();
  llvm::SmallPtrSet<const llvm::Function *, 16> callers
    = callers_of_named (m);
  for (llvm::Function &f : m)
    {
      if (!callers.count (&f))
	continue;
      for (llvm::Instruction &i : llvm::instructions (f))
	if (auto *call = llvm::dyn_cast<llvm::CallBase> (&i))
	  if (const llvm::Function *callee = call->getCalledFunction ())
	    if (const struct policy_entry *e
		= callee->isIntrinsic () ? nullptr : entry_for (*callee, &f))
	      {
		if (!rule_is_mark_entry (e))
		  unit_stats.source_calls++;
		if (the_config.results_dir)
		  results_note_source_call (*call, e);
		const llvm::DILocation *dl = call->getDebugLoc ().get ();
		if (dl && dl->getLine ())
		  source_places[{ dl->getScope ()->getSubprogram (),
				  callee->getName ().str () }]
		    .push_back (dl);
	      }
    }
}

namespace {

/* At the start: listen to the inliner's remarks from now on.  */
struct listen_pass : hotinline_compat::pass_info<listen_pass>
{
  llvm::PreservedAnalyses
  run (llvm::Module &m, llvm::ModuleAnalysisManager &)
  {
    report_listen (m);
    return llvm::PreservedAnalyses::all ();
  }
};

class report_pass : public hotinline_compat::pass_info<report_pass>
{
public:
  explicit report_pass (llvm::OptimizationLevel level) : level (level) {}

  llvm::PreservedAnalyses
  run (llvm::Module &m, llvm::ModuleAnalysisManager &)
  {
    /* Under -flto the inlining that matters is the link's: the reports
       are made there (lto.cpp), from the arguments the bitcode keeps, and
       no summary here can say how many calls are left.  A fat
       compilation's own object code is reported as any compilation's.  */
    if ((lto_prelink && !fat_object_code (m)) || !configured ())
      return llvm::PreservedAnalyses::all ();
    message_notes_forget ();
    /* No call to look at: the results file still says what the unit
       had, and the summary.  */
    if (!rule_policy_has_work (the_policy, &the_config))
      {
	results_write (m);
	summary_print (m);
	return llvm::PreservedAnalyses::all ();
      }
    /* Where LLVM lets the plugin see the calls as emitted, the reports
       are made there (machine-calls.cpp), at the calls the object has;
       else here, each with a note where the code generator may merge
       it with others.  */
    waiting = codegen_follows && !at_link && machine_calls_available;
    pending.clear ();
    merge_groups.clear ();
    llvm::SmallPtrSet<const llvm::Function *, 16> callers
      = callers_of_named (m);
    for (llvm::Function &f : m)
      {
	if (!callers.count (&f))
	  continue;
	if (waiting)
	  {
	    for (llvm::Instruction &i : llvm::instructions (f))
	      if (auto *call = llvm::dyn_cast<llvm::CallBase> (&i))
		if (std::optional<left_call> c = left_call_of (*call))
		  pending[&f].push_back (std::move (*c));
	    continue;
	  }
	/* The calls by callee: those whose blocks end with the same code
	   may be merged into one.  */
	std::map<const llvm::Function *, std::vector<const llvm::CallBase *>>
	  groups;
	std::vector<const llvm::CallBase *> hot;
	for (llvm::Instruction &i : llvm::instructions (f))
	  if (auto *call = llvm::dyn_cast<llvm::CallBase> (&i))
	    if (const llvm::Function *callee = call->getCalledFunction ())
	      if (!callee->isIntrinsic ()
		  && symbol_mentioned (callee->getName ()))
		{
		  hot.push_back (call);
		  if (!call->isTerminator ())
		    groups[callee].push_back (call);
		}
	static const std::vector<const llvm::CallBase *> none;
	for (const llvm::CallBase *call : hot)
	  report (*call, call->isTerminator ()
			   ? none : groups[call->getCalledFunction ()]);
      }
    if (waiting)
      return llvm::PreservedAnalyses::all ();
    diagnostics_flush ();
    results_write (m);
    summary_print (m);
    return llvm::PreservedAnalyses::all ();
  }

private:
  llvm::OptimizationLevel level;

  /* CALL as a left call to report, if it is a call to a hot function.  */
  std::optional<left_call>
  left_call_of (const llvm::CallBase &call)
  {
    const llvm::Function *callee = call.getCalledFunction ();
    if (!callee || callee->isIntrinsic ())
      return std::nullopt;
    const llvm::Function &caller = *call.getFunction ();
    const struct policy_entry *e = entry_for (*callee, &caller);
    if (!e)
      return std::nullopt;
    inliner_reason reason
      = reason_for (call, *callee, level == llvm::OptimizationLevel::O0);
    const llvm::DILocation *dl = call.getDebugLoc ().get ();
    const std::vector<const llvm::DILocation *> *sunk
      = sunk_from (dl, *callee);
    return left_call {
      &caller, callee, e, reason,
      hint_for (message_plain, reason, caller, *callee, level, false).text,
      hint_for (diagnostic_style, reason, caller, *callee, level, true),
      dl, sunk ? place_of_sunk (call, *sunk) : dl };
  }

  /* Report CALL; GROUP: the calls to its callee in its function.  */
  void
  report (const llvm::CallBase &call,
	  const std::vector<const llvm::CallBase *> &group)
  {
    std::optional<left_call> c = left_call_of (call);
    if (!c)
      return;
    const llvm::DILocation *dl = c->dl;
    const std::vector<const llvm::DILocation *> *sunk
      = sunk_from (dl, *c->callee);
    /* Those whose blocks end with the same code as CALL's; the results
       number the group by its first call, so that a check of the object
       code can tell merged calls from wrong places.  */
    std::vector<const llvm::CallBase *> mergeable;
    for (const llvm::CallBase *other : group)
      if (other == &call || may_tail_merge (call, *other))
	mergeable.push_back (other);
    if (mergeable.size () > 1)
      c->may_merge = merge_groups.emplace (mergeable.front (),
					   merge_groups.size () + 1)
		       .first->second;
    place loc;
    if (!emit_left (*c, c->at, dl, loc))
      return;
    note_merge (loc, call, mergeable);
    if (sunk)
      note_sunk (loc, *sunk, *c->callee);
    note_chain (dl, *c->caller);
  }

  /* A note when the code generator may merge CALL with other calls to
     its callee whose blocks end with the same code and go to the same
     place: the report is about the IR, the last code a pass plugin sees
     (before LLVM 22 it cannot add a pass to the code generator), so each
     source call is reported, and the note says why the object code may
     show fewer.  Keeping the calls apart (an attribute or metadata that
     stops tail merging) would change the object code, which report mode
     must not.  */
  static void
  note_merge (const place &loc, const llvm::CallBase &call,
	      const std::vector<const llvm::CallBase *> &mergeable)
  {
    if (mergeable.size () < 2)
      return;
    std::string others;
    for (const llvm::CallBase *c : mergeable)
      if (c != &call)
	others += std::string (others.empty () ? "" : ", ") + line_of (*c);
    emit_note (loc, "the code generator may merge this call with the one"
		    + std::string (mergeable.size () > 2 ? "s" : "") + " at "
		    + others
		    + " (their blocks end with the same code and go to the "
		      "same place): the "
		      "object code may show fewer calls than reported "
		      "[hotinline]");
  }
};

} // namespace

namespace hotinline {

void
report_add_end (llvm::ModulePassManager &mpm, llvm::OptimizationLevel level)
{
  mpm.addPass (report_pass (level));
}

void
report_register (llvm::PassBuilder &pb)
{
  pb.registerPipelineStartEPCallback (
    [] (llvm::ModulePassManager &mpm, llvm::OptimizationLevel) {
      mpm.addPass (listen_pass ());
    });
  pb.registerOptimizerLastEPCallback (hotinline_compat::without_lto_phase (
    [] (llvm::ModulePassManager &mpm, llvm::OptimizationLevel level) {
      mpm.addPass (report_pass (level));
    }));
}

} // namespace hotinline
