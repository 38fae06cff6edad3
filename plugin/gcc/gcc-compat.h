/* Everything hotinline needs from GCC, every difference between the GCC
   versions it supports (11 to 16, and 17's snapshots), and the helper
   that registers a pass, in one place.  The rest of the plugin is written
   as if there were one GCC.  */
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
#include "output.h"
#include "json.h"

/* Released GCCs 11 to 16, and the trunk of the next (Debian's
   gcc-snapshot), which make check-next tests: its plugin API may change
   any week.  */
#if BUILDING_GCC_MAJOR < 11 || BUILDING_GCC_MAJOR > 17
#error "hotinline supports GCC 11 to 16, and GCC 17 snapshots"
#elif BUILDING_GCC_MAJOR == 17
#warning "GCC 17 is a development snapshot: hotinline is tested on it by make check-next, not released with it"
#endif

/* The plugin's own names, bare in its namespace (hotinline.h).  */
namespace hotinline {

/* Add PASS to GCC's pass list at POSITION of the INSTANCE-th pass named
   REFERENCE (0: every instance): how each pass file registers its
   passes.  */
static inline void
register_pass_at (const char *plugin_name, opt_pass *pass,
		  const char *reference, int instance,
		  enum pass_positioning_ops position)
{
  struct register_pass_info info = { pass, reference, instance, position };
  register_callback (plugin_name, PLUGIN_PASS_MANAGER_SETUP, NULL, &info);
}

/* Whether final.cc gives a function GCC made up (DECL_IGNORED_P) a
   line-table row at its start, at its prologue's location: GCC 12 does
   (debug_hooks->set_ignored_loc); GCC 11 emits no row for it, so its code
   belongs to the last row before it in its section.  */
static inline bool
ignored_function_has_row (void)
{
  return BUILDING_GCC_MAJOR >= 12;
}

/* Whether GCC counts the body of DECL as one that another definition may
   replace (AVAIL_INTERPOSABLE), so that it inlines it neither by itself
   nor for always_inline ("function body can be overwritten at link
   time").  This is the rule of cgraph_node::get_availability for a
   public function, restated on the declaration because forcing decides
   before GCC's visibility pass has set what that method reads: a function
   declared inline never counts (the one-definition rule for inline
   functions), even weak or under -fPIC; otherwise a weak one does, and
   one that -fPIC lets another object interpose (decl_replaceable_p: GCC
   12 takes the function's own -fsemantic-interposition setting as an
   argument).  */
static inline bool
body_interposable_p (tree decl)
{
  if (DECL_DECLARED_INLINE_P (decl) || DECL_EXTERNAL (decl))
    return false;
#if BUILDING_GCC_MAJOR >= 12
  return decl_replaceable_p (decl,
			     opt_for_fn (decl, flag_semantic_interposition));
#else
  return decl_replaceable_p (decl);
#endif
}

/* Whether GCC removes the tail recursion of DECL before any caller's
   early inliner sees it: its tail recursion pass ("tailr") runs among the
   early optimisations of each function, which GCC 11 and 12 (and later)
   apply to callees before their callers, when the function is optimised
   with -foptimize-sibling-calls (-O2, -O3, -Os).  Whether it succeeds is
   known after it has run: early_tailr_pass names that pass, whose
   first instance is the early one.  */
static inline bool
tail_recursion_removed_early_p (tree decl)
{
  return opt_for_fn (decl, optimize)
	 && opt_for_fn (decl, flag_optimize_sibling_calls);
}
const char early_tailr_pass[] = "tailr";

/* The pass that computes each function's summary before the early
   inliner (its first instance), which the x86 target hook reads.  */
const char function_summary_pass[] = "local-fnsummary";

/* The optimize flag that GCC's IPA inliner does not let an always_inline
   CALLEE cross into CALLER (their roots, both optimized), as the option
   that sets it (for a debugger's eye), or NULL.  This is
   the check of can_inline_edge_by_limits_p in ipa-inline.cc for a callee
   that is always_inline and an inlining that is not early, which GCC
   applies to the always_inline calls it inlines at an LTO link; its early
   inliner skips it (PR65873).  Flags that change the meaning of the code
   must agree, or may only differ in the direction that keeps the callee's
   meaning; the floating-point ones only when both functions do
   floating-point arithmetic (FP_BOTH).  GCC 11 to 15 check the same
   flags; GCC 16 checks the complex method, a per-function option there,
   in place of -fcx-limited-range, which it no longer has.  */
#define OPTS_OF(decl) opts_for_fn (decl)
#define FLAG_DIFFERS(field) \
  (OPTS_OF (caller)->field != OPTS_OF (callee)->field)
/* Safe when the caller's value is greater than the callee's.  */
#define FLAG_MAYBE_UP(field) \
  (OPTS_OF (caller)->field < OPTS_OF (callee)->field)
/* Safe when the caller's value is smaller than the callee's.  */
#define FLAG_MAYBE_DOWN(field) \
  (OPTS_OF (caller)->field > OPTS_OF (callee)->field)
#define FLAG_CHECK(test, flag, option) \
  if (test (x_##flag)) \
    return option;

static inline const char *
ipa_always_inline_optimize_conflict (tree caller, tree callee,
				     bool fp_both)
{
  FLAG_CHECK (FLAG_DIFFERS, flag_wrapv, "-fwrapv")
  FLAG_CHECK (FLAG_DIFFERS, flag_trapv, "-ftrapv")
  FLAG_CHECK (FLAG_DIFFERS, flag_pcc_struct_return, "-fpcc-struct-return")
  FLAG_CHECK (FLAG_MAYBE_DOWN, optimize_debug, "-Og")
  if (fp_both)
    {
      FLAG_CHECK (FLAG_MAYBE_UP, flag_rounding_math, "-frounding-math")
      FLAG_CHECK (FLAG_MAYBE_UP, flag_trapping_math, "-ftrapping-math")
      FLAG_CHECK (FLAG_MAYBE_DOWN, flag_unsafe_math_optimizations,
		  "-funsafe-math-optimizations")
      FLAG_CHECK (FLAG_MAYBE_DOWN, flag_finite_math_only,
		  "-ffinite-math-only")
      FLAG_CHECK (FLAG_MAYBE_UP, flag_signaling_nans, "-fsignaling-nans")
#if BUILDING_GCC_MAJOR >= 16
      FLAG_CHECK (FLAG_MAYBE_UP, flag_complex_method,
		  "-fcx-limited-range or -fcx-fortran-rules")
#else
      FLAG_CHECK (FLAG_MAYBE_DOWN, flag_cx_limited_range,
		  "-fcx-limited-range")
#endif
      FLAG_CHECK (FLAG_MAYBE_UP, flag_signed_zeros, "-fsigned-zeros")
      FLAG_CHECK (FLAG_MAYBE_DOWN, flag_associative_math,
		  "-fassociative-math")
      FLAG_CHECK (FLAG_MAYBE_DOWN, flag_reciprocal_math,
		  "-freciprocal-math")
      FLAG_CHECK (FLAG_MAYBE_DOWN, flag_fp_int_builtin_inexact,
		  "-ffp-int-builtin-inexact")
      FLAG_CHECK (FLAG_MAYBE_UP, flag_errno_math, "-fmath-errno")
    }
  if (DECL_FUNCTION_PERSONALITY (callee))
    {
      FLAG_CHECK (FLAG_MAYBE_UP, flag_non_call_exceptions,
		  "-fnon-call-exceptions")
      FLAG_CHECK (FLAG_MAYBE_UP, flag_exceptions, "-fexceptions")
    }
  FLAG_CHECK (FLAG_MAYBE_DOWN, flag_devirtualize, "-fdevirtualize")
  return NULL;
}
#undef FLAG_CHECK
#undef FLAG_MAYBE_DOWN
#undef FLAG_MAYBE_UP
#undef FLAG_DIFFERS
#undef OPTS_OF

/* The kinds of diagnostic, for emit_diagnostic: GCC 16 moved them from
   diagnostic_t's DK_* into diagnostics::kind.  */
#if BUILDING_GCC_MAJOR >= 16
typedef enum diagnostics::kind diagnostic_kind;
const diagnostic_kind kind_note = diagnostics::kind::note;
const diagnostic_kind kind_warning = diagnostics::kind::warning;
const diagnostic_kind kind_error = diagnostics::kind::error;
#else
typedef diagnostic_t diagnostic_kind;
const diagnostic_kind kind_note = DK_NOTE;
const diagnostic_kind kind_warning = DK_WARNING;
const diagnostic_kind kind_error = DK_ERROR;
#endif

/* Whether -Werror turns warnings without an option of their own into
   errors.  GCC 14 made the flag private, behind accessors.  (The error
   count is GCC's errorcount and -w is the option's inhibit_warnings in
   every version.)  */
static inline bool
werror_requested_p (void)
{
#if BUILDING_GCC_MAJOR >= 14
  return global_dc->warning_as_error_requested_p ();
#else
  return global_dc->warning_as_error_requested;
#endif
}

static inline void
set_werror_requested (bool requested)
{
#if BUILDING_GCC_MAJOR >= 14
  global_dc->set_warning_as_error_requested (requested);
#else
  global_dc->warning_as_error_requested = requested;
#endif
}

/* A warning at a place in a system header, in code inlined from there:
   GCC 12 shows it unless every place of its "inlined from" chain is in a
   system header too (its own place counting as one only when it is a
   macro's expansion there, tree-diagnostic.cc's rule); GCC 11 drops every
   warning whose place is in a system header, so that a hot call that the
   line table puts in an inlined libstdc++ function went unreported.
   show_inlined_system_header_warning (LOC) lets such a warning through
   on GCC 11 as GCC 12 does, and returns what
   restore_system_header_warnings takes back after the warning.  */
static inline bool
show_inlined_system_header_warning (location_t loc)
{
#if BUILDING_GCC_MAJOR < 12
  bool saved = global_dc->dc_warn_system_headers;
  if (!in_system_header_at (loc))
    return saved;
  unsigned sites = 0, system_sites = 0;
  for (tree block = LOCATION_BLOCK (loc);
       block && TREE_CODE (block) == BLOCK && BLOCK_ABSTRACT_ORIGIN (block);
       block = BLOCK_SUPERCONTEXT (block))
    {
      tree origin = BLOCK_ABSTRACT_ORIGIN (block);
      if (TREE_CODE (origin) == FUNCTION_DECL)
	{
	  sites++;
	  if (in_system_header_at (BLOCK_SOURCE_LOCATION (block)))
	    system_sites++;
	}
      else if (TREE_CODE (origin) != BLOCK)
	break;
    }
  if (sites)
    {
      if (expansion_point_location_if_in_system_header (loc) != loc)
	system_sites++;
      if (system_sites < sites + 1)
	global_dc->dc_warn_system_headers = true;
    }
  return saved;
#else
  (void) loc;
  return false;
#endif
}

static inline void
restore_system_header_warnings (bool saved)
{
#if BUILDING_GCC_MAJOR < 12
  global_dc->dc_warn_system_headers = saved;
#else
  (void) saved;
#endif
}

/* The printer of GCC's diagnostics, which knows the front end's formats:
   GCC 15 made the context's printer private behind an accessor.  */
static inline pretty_printer *
diagnostic_printer (void)
{
#if BUILDING_GCC_MAJOR >= 15
  return global_dc->get_reference_printer ();
#else
  return global_dc->printer;
#endif
}

/* Write a JSON value to F on one line.  GCC 14 added the choice of
   indented output.  */
static inline void
json_dump (const json::value *value, FILE *f)
{
#if BUILDING_GCC_MAJOR >= 14
  value->dump (f, false);
#else
  value->dump (f);
#endif
}

} // namespace hotinline

#endif /* HOTINLINE_GCC_COMPAT_H */
