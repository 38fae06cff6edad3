/* The code generator's tail merging, as report mode foresees it from the
   IR: the branch folder (BranchFolder), which runs after every IR pass and
   so after reports made from the IR, merges identical ends of blocks
   going to the same place, the calls with them when they are part of
   those ends; such calls often leave a single call in the object code.
   This file tells whether two calls to one callee are so placed, for the
   note report mode gives (report.cpp).  */
#include "hotinline.h"

using namespace hotinline;

namespace {

/* Whether I makes no code of its own: it takes apart or puts together a
   value held in registers, marks where a variable's storage lives, or is
   a debug or pseudo-probe instruction.  */
bool
moves_only (const llvm::Instruction &i)
{
  return llvm::isa<llvm::ExtractValueInst> (i)
	 || llvm::isa<llvm::InsertValueInst> (i)
	 || llvm::isa<llvm::BitCastInst> (i) || i.isLifetimeStartOrEnd ()
	 || hotinline_compat::debug_or_pseudo (i);
}

/* The first instruction from I on that is neither a PHI nor a move.  */
const llvm::Instruction *
first_real (const llvm::Instruction *i)
{
  while (i && (moves_only (*i) || llvm::isa<llvm::PHINode> (i)))
    i = i->getNextNode ();
  return i;
}

/* The block a branch to TO ends up in, past blocks that make no code of
   their own: only PHIs, moves and a branch (the copies of a PHI's values
   are mostly coalesced away).  */
const llvm::BasicBlock *
past_empty (const llvm::BasicBlock *to)
{
  for (int steps = 0; steps < 8; steps++)
    {
      const llvm::BasicBlock *next
	= hotinline_compat::unconditional_target (first_real (&to->front ()));
      if (!next)
	break;
      to = next;
    }
  return to;
}

/* Where a branch to TO goes: the block it ends up in past blocks that
   make no code, or the function itself when that block only returns.  */
const llvm::Value *
branch_goal (const llvm::BasicBlock *to)
{
  to = past_empty (to);
  if (llvm::isa<llvm::ReturnInst> (first_real (&to->front ())))
    return to->getParent ();
  return to;
}

/* Two copies of the same code after two calls to one callee (two inlined
   copies of one body), compared instruction by instruction, moves aside.
   Blocks are followed through the branches after the calls, a few deep,
   as long as both copies branch alike.  */
class tail_match
{
public:
  tail_match (const llvm::CallBase &ca, const llvm::CallBase &cb)
    : ca (ca), cb (cb)
  {
    pairs[&ca] = &cb;
  }

  /* Whether the code after CA and CB is the same up to where both go to
     the same place.  */
  bool
  same ()
  {
    return same_from (ca.getNextNode (), cb.getNextNode (), 3);
  }

private:
  const llvm::CallBase &ca, &cb;
  /* Instructions of the first copy and their counterparts.  */
  llvm::DenseMap<const llvm::Value *, const llvm::Value *> pairs;

  /* Whether A and B hold the same value where the code generator
     compares the two copies: one value, counterparts, or the same
     operation, reading no memory, on such values (two copies of an
     inlined body compute the same address apart).  */
  bool
  same_value (const llvm::Value *a, const llvm::Value *b, int depth = 3)
  {
    if (a == b)
      return true;
    auto known = pairs.find (a);
    if (known != pairs.end ())
      return known->second == b;
    auto *ia = llvm::dyn_cast<llvm::Instruction> (a);
    auto *ib = llvm::dyn_cast<llvm::Instruction> (b);
    if (!ia || !ib || depth == 0 || llvm::isa<llvm::PHINode> (ia)
	|| ia->mayReadOrWriteMemory () || !ia->isSameOperationAs (ib))
      return false;
    for (unsigned k = 0; k < ia->getNumOperands (); k++)
      if (!same_value (ia->getOperand (k), ib->getOperand (k), depth - 1))
	return false;
    return true;
  }

  /* Where the terminator T goes when it is an unconditional branch.  */
  static const llvm::Value *
  goal_of (const llvm::Instruction *t)
  {
    const llvm::BasicBlock *to = hotinline_compat::unconditional_target (t);
    return to ? branch_goal (to) : nullptr;
  }

  /* Whether the branches from the two copies' blocks to A and B go to
     the same place, or to blocks of the same code that do.  */
  bool
  same_successor (const llvm::BasicBlock *a, const llvm::BasicBlock *b,
		  int depth)
  {
    if (branch_goal (a) == branch_goal (b))
      return true;
    return depth > 0 && same_from (&a->front (), &b->front (), depth - 1);
  }

  /* Whether the code from A and from B to the ends of their blocks is
     the same, and so is where it goes.  */
  bool
  same_from (const llvm::Instruction *a, const llvm::Instruction *b,
	     int depth)
  {
    for (;;)
      {
	a = first_real (a);
	b = first_real (b);
	if (!a || !b)
	  return false;
	if (a->isTerminator () || b->isTerminator ())
	  break;
	if (!a->isSameOperationAs (b))
	  return false;
	for (unsigned k = 0; k < a->getNumOperands (); k++)
	  if (!same_value (a->getOperand (k), b->getOperand (k)))
	    return false;
	pairs[a] = b;
	a = a->getNextNode ();
	b = b->getNextNode ();
      }
    auto *ra = llvm::dyn_cast<llvm::ReturnInst> (a);
    auto *rb = llvm::dyn_cast<llvm::ReturnInst> (b);
    if (ra && rb)
      return ra->getReturnValue () == nullptr
	     ? rb->getReturnValue () == nullptr
	     : rb->getReturnValue ()
	       && same_value (ra->getReturnValue (), rb->getReturnValue ());
    /* A return, and a branch to a block that only returns.  */
    if ((ra || rb) && goal_of (ra ? b : a) == a->getFunction ())
      return true;
    if (!hotinline_compat::is_branch (a) || !hotinline_compat::is_branch (b))
      return false;
    const llvm::Value *ca = hotinline_compat::branch_condition (a);
    const llvm::Value *cb = hotinline_compat::branch_condition (b);
    if (!ca != !cb || (ca && !same_value (ca, cb)))
      return false;
    for (unsigned k = 0; k < a->getNumSuccessors (); k++)
      if (!same_successor (a->getSuccessor (k), b->getSuccessor (k), depth))
	return false;
    return true;
  }
};

} // namespace

namespace hotinline {

bool
may_tail_merge (const llvm::CallBase &a, const llvm::CallBase &b)
{
  return tail_match (a, b).same ();
}

} // namespace hotinline
