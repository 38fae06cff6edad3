/* Where the debug line table puts each instruction of the function being
   compiled: what `objdump -l` shows for it.  GCC's final pass emits a
   line-table row before an instruction only when its position differs
   from the last one emitted, so an instruction without a position of its
   own (the call GCC makes from a split function's head to its rest)
   belongs to whatever came before it in the output: the previous
   instruction with a position, or a statement marker (-g).  A function
   GCC made up itself (an identical-code-folding wrapper, a thunk) is
   DECL_IGNORED_P: none of its instructions gets a row of its own, the
   whole function sits at the one row emitted at its start.  The walk
   mirrors that, insn by insn, in output order.  */
#include "gcc-compat.h"

#include "hotinline.h"

line_table_walk::line_table_walk (tree fn)
  : last (prologue_location), ignored (DECL_IGNORED_P (fn))
{
  if (LOCATION_LOCUS (last) == UNKNOWN_LOCATION)
    last = DECL_SOURCE_LOCATION (fn);
  last = LOCATION_LOCUS (last);
}

/* Whether final emits a row for INSN's own position: every instruction
   it outputs, but not the declarations (USE, CLOBBER) and jump tables it
   skips.  */
static bool
positioned_insn_p (rtx_insn *insn)
{
  if (!NONDEBUG_INSN_P (insn) || JUMP_TABLE_DATA_P (insn))
    return false;
  rtx body = PATTERN (insn);
  return GET_CODE (body) != USE && GET_CODE (body) != CLOBBER
	 && INSN_HAS_LOCATION (insn);
}

location_t
line_table_walk::see (rtx_insn *insn)
{
  if (ignored)
    return last;
  if (NOTE_P (insn) && NOTE_MARKER_P (insn))
    {
      location_t loc = hot_marker_line_location (insn);
      if (LOCATION_LOCUS (loc) != UNKNOWN_LOCATION
	  && LOCATION_LOCUS (loc) != BUILTINS_LOCATION)
	last = LOCATION_LOCUS (loc);
    }
  else if (positioned_insn_p (insn))
    last = LOCATION_LOCUS (INSN_LOCATION (insn));
  return last;
}
