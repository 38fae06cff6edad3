/* Everything hotinline needs from GCC, and every difference between the
   GCC versions it supports (11 and 12), in one place.  The rest of the
   plugin is written as if there were one GCC.  */
#ifndef HOTINLINE_GCC_COMPAT_H
#define HOTINLINE_GCC_COMPAT_H

#include "gcc-plugin.h"
#include "bversion.h"
#include "tree.h"
#include "tree-pass.h"
#include "context.h"
#include "function.h"
#include "basic-block.h"
#include "gimple.h"
#include "gimple-iterator.h"
#include "cgraph.h"
#include "stringpool.h"
#include "attribs.h"
#include "target.h"
#include "tree-inline.h"
#include "varasm.h"
#include "rtl.h"
#include "memmodel.h"
#include "emit-rtl.h"
#include "alloc-pool.h"
#include "symbol-summary.h"
#include "sreal.h"
#include "value-range.h"
#include "ipa-prop.h"
#include "ipa-fnsummary.h"
#include "ipa-inline.h"
#include "langhooks.h"
#include "cpplib.h"
#include "diagnostic.h"
#include "diagnostic-core.h"
#include "toplev.h"
#include "options.h"
#include "output.h"

#if BUILDING_GCC_MAJOR < 11 || BUILDING_GCC_MAJOR > 12
#error "hotinline supports GCC 11 and 12"
#endif

/* Whether a definition of DECL may be replaced by another at link or load
   time (weak, or interposable under -fPIC).  GCC 12 takes the function's
   own -fsemantic-interposition setting as an argument.  */
static inline bool
hot_decl_replaceable_p (tree decl)
{
#if BUILDING_GCC_MAJOR >= 12
  return decl_replaceable_p (decl,
			     opt_for_fn (decl, flag_semantic_interposition));
#else
  return decl_replaceable_p (decl);
#endif
}

/* The position final.cc gives a statement or inline-entry marker note
   in the line table.  GCC 11 and 12 emit the marker's own location for
   both kinds.  */
static inline location_t
hot_marker_line_location (const rtx_insn *insn)
{
  return NOTE_MARKER_LOCATION (insn);
}

/* Whether final.cc gives a function GCC made up (DECL_IGNORED_P) a
   line-table row at its start, at its prologue's location: GCC 12 does
   (debug_hooks->set_ignored_loc); GCC 11 emits no row for it, so its code
   belongs to the last row before it in its section.  */
static inline bool
hot_ignored_function_has_row (void)
{
  return BUILDING_GCC_MAJOR >= 12;
}

#endif /* HOTINLINE_GCC_COMPAT_H */
