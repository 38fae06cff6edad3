/* Where the debug line table puts each instruction of the function being
   compiled: what `objdump -l` shows for it.  GCC's final pass emits a
   line-table row before an instruction only when its position differs
   from the last one emitted, so an instruction without a position of its
   own (the call GCC makes from a split function's head to its rest)
   belongs to whatever came before it in the output: the previous
   instruction with a position, or a statement marker (-g).  A function
   GCC made up itself (an identical-code-folding wrapper, a thunk) is
   DECL_IGNORED_P: none of its instructions gets a row of its own, the
   whole function sits at the one row emitted at its start, or, where
   GCC emits none, at the row before it in its section.  The walk mirrors
   that, insn by insn, in output order.  */
#include "gcc-compat.h"

#include "hotinline.h"

namespace hotinline {

namespace {

/* The last row of each text section so far: functions are output one
   after the other, and a function without rows continues the row before
   it.  */
static hash_map<nofree_ptr_hash<section>, location_t> *section_rows;

static location_t *
row_of (section *sect)
{
  return section_rows && sect ? section_rows->get (sect) : NULL;
}

static void
set_row (section *sect, location_t row)
{
  if (!sect)
    return;
  if (!section_rows)
    section_rows = new hash_map<nofree_ptr_hash<section>, location_t>;
  section_rows->put (sect, row);
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

} // namespace

line_table_walk::line_table_walk (tree fn)
  : last (LOCATION_LOCUS (prologue_location)), ignored (DECL_IGNORED_P (fn)),
    sect (function_section (fn))
{
  if (ignored && (!ignored_function_has_row ()
		  || last == UNKNOWN_LOCATION))
    {
      location_t *before = row_of (sect);
      last = before ? *before : UNKNOWN_LOCATION;
    }
  if (last == UNKNOWN_LOCATION)
    last = LOCATION_LOCUS (DECL_SOURCE_LOCATION (fn));
}

line_table_walk::~line_table_walk ()
{
  set_row (sect, last);
}

location_t
line_table_walk::see (rtx_insn *insn)
{
  if (NOTE_P (insn) && NOTE_KIND (insn) == NOTE_INSN_SWITCH_TEXT_SECTIONS)
    {
      /* The rest goes to the cold section, which is not followed.  */
      set_row (sect, last);
      sect = NULL;
    }
  if (ignored)
    return last;
  if (NOTE_P (insn) && NOTE_MARKER_P (insn))
    {
      location_t loc = NOTE_MARKER_LOCATION (insn);
      if (LOCATION_LOCUS (loc) != UNKNOWN_LOCATION
	  && LOCATION_LOCUS (loc) != BUILTINS_LOCATION)
	last = LOCATION_LOCUS (loc);
    }
  else if (positioned_insn_p (insn))
    last = LOCATION_LOCUS (INSN_LOCATION (insn));
  return last;
}

} // namespace hotinline
