/* The calls as the object code has them.  The code generator changes
   calls after every IR pass: the branch folder merges calls that end
   blocks the same way, tail duplication copies them, a tail call becomes
   a conditional jump.  Where LLVM lets a plugin into the code generator
   (llvm-compat.h: code_generator_hook), a machine function pass runs on
   each function just before it is emitted and hands report mode its
   calls, so that each report is at a call objdump finds.  */
#include "hotinline.h"

#include "llvm/CodeGen/MachineFunction.h"
#include "llvm/CodeGen/MachineFunctionPass.h"
#include "llvm/CodeGen/MachineInstr.h"

using namespace hotinline;

namespace {

/* The function a call instruction calls, or null (through a register, or
   a routine of the code generator's own).  */
const llvm::Function *
callee_of (const llvm::MachineInstr &mi)
{
  for (const llvm::MachineOperand &mo : mi.operands ())
    if (mo.isGlobal ())
      return llvm::dyn_cast<llvm::Function> (mo.getGlobal ());
  return nullptr;
}

/* Whether MI starts a row of the line table: it makes code, and it has
   a line (the rows DwarfDebug writes; a row of line 0 objdump shows as
   the one before it).  */
bool
has_row (const llvm::MachineInstr &mi)
{
  const llvm::DILocation *dl = mi.getDebugLoc ().get ();
  return dl && dl->getLine () && !mi.isMetaInstruction ()
	 && !mi.getFlag (llvm::MachineInstr::FrameSetup);
}

class machine_calls_pass : public llvm::MachineFunctionPass
{
public:
  static char ID;

  machine_calls_pass () : llvm::MachineFunctionPass (ID) {}

  llvm::StringRef
  getPassName () const override
  {
    return "hotinline: the calls as emitted";
  }

  void
  getAnalysisUsage (llvm::AnalysisUsage &au) const override
  {
    au.setPreservesAll ();
    llvm::MachineFunctionPass::getAnalysisUsage (au);
  }

  bool
  runOnMachineFunction (llvm::MachineFunction &mf) override
  {
    if (!report_waiting ())
      return false;
    std::vector<emitted_call> calls;
    bool line_table = mf.getFunction ().getSubprogram () != nullptr;
    const llvm::DILocation *row = nullptr;
    for (const llvm::MachineBasicBlock &mbb : mf)
      for (const llvm::MachineInstr &mi : mbb.instrs ())
	{
	  if (mi.isCall () && !mi.isBundle ())
	    if (const llvm::Function *callee = callee_of (mi))
	      {
		const llvm::DILocation *dl = mi.getDebugLoc ().get ();
		calls.push_back (
		  { callee, dl, has_row (mi) ? dl : row, line_table });
	      }
	  if (has_row (mi))
	    row = mi.getDebugLoc ().get ();
	}
    report_emitted (mf.getFunction (), calls);
    return false;
  }

  bool
  doFinalization (llvm::Module &m) override
  {
    report_codegen_end (m);
    return false;
  }
};

char machine_calls_pass::ID;

llvm::Pass *
make_pass ()
{
  return new machine_calls_pass ();
}

} // namespace

void
hotinline::machine_calls_register ()
{
  machine_calls_available = hotinline_compat::code_generator_hook (make_pass);
}
