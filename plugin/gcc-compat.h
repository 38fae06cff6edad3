/* Everything hotinline needs from GCC, and every difference between the
   GCC versions it supports (11 to 16), in one place.  The rest of the
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
#if BUILDING_GCC_MAJOR >= 14
/* ipa-prop.h uses the lattices that GCC 14 moved to ipa-cp.h.  */
#include "ipa-cp.h"
#endif
#include "ipa-prop.h"
#include "ipa-fnsummary.h"
#include "ipa-inline.h"
#include "langhooks.h"
#include "cpplib.h"
#include "diagnostic.h"
#include "diagnostic-core.h"
#include "toplev.h"
#include "options.h"
#include "json.h"

#if BUILDING_GCC_MAJOR < 11 || BUILDING_GCC_MAJOR > 16
#error "hotinline supports GCC 11 to 16"
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

/* The kinds of diagnostic, for emit_diagnostic: GCC 16 moved them from
   diagnostic_t's DK_* into diagnostics::kind.  */
#if BUILDING_GCC_MAJOR >= 16
typedef enum diagnostics::kind hot_diagnostic_kind;
#define HOT_DK_NOTE diagnostics::kind::note
#define HOT_DK_WARNING diagnostics::kind::warning
#define HOT_DK_ERROR diagnostics::kind::error
#else
typedef diagnostic_t hot_diagnostic_kind;
#define HOT_DK_NOTE DK_NOTE
#define HOT_DK_WARNING DK_WARNING
#define HOT_DK_ERROR DK_ERROR
#endif

/* Whether -Werror turns warnings without an option of their own into
   errors.  GCC 14 made the flag private, behind accessors.  (The error
   count is GCC's errorcount and -w is the option's inhibit_warnings in
   every version.)  */
static inline bool
hot_werror_requested_p (void)
{
#if BUILDING_GCC_MAJOR >= 14
  return global_dc->warning_as_error_requested_p ();
#else
  return global_dc->warning_as_error_requested;
#endif
}

static inline void
hot_set_werror_requested (bool requested)
{
#if BUILDING_GCC_MAJOR >= 14
  global_dc->set_warning_as_error_requested (requested);
#else
  global_dc->warning_as_error_requested = requested;
#endif
}

/* Write a JSON value to F on one line.  GCC 14 added the choice of
   indented output.  */
static inline void
hot_json_dump (const json::value *value, FILE *f)
{
#if BUILDING_GCC_MAJOR >= 14
  value->dump (f, false);
#else
  value->dump (f);
#endif
}

#endif /* HOTINLINE_GCC_COMPAT_H */
