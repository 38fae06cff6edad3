/* The results file's format, "hotinline-results-1", for every compiler:
   the plain records a front end fills and the walk that writes them,
   every key in a fixed order.  The walk writes through an emitter, a
   struct of callbacks that each front end implements with its compiler's
   own JSON writer.  Plain C, no compiler headers.

   A unit's file, in this order (keys marked "?" are optional):

     format     "hotinline-results-1"
     unit       the main source file, as given
     directory  the directory it was compiled in
     output     its output without suffix, or ""
     flags      the options that change its code (results-name.h)
     compiler   the compiler and its version: "gcc 12.2.0", "clang 16.0.6"
     limits     the inliner's limits for the unit, name -> integer; GCC's
                --params, empty for Clang, whose inliner has none per unit
     entries    per policy entry: name, policy, line, column, action,
                severity, reason?, weight?, matched
     calls      per hot call: file, line, column, caller, callee, inlined,
                reason? (calls left), action, severity, entry, weight?,
                size?, early_size?, limit? {param, value} (GCC's size
                estimates and the --param it compared with), hint?,
                chain? [{function, into, file, line, column}] (innermost
                first), may_merge? (a call left: the code generator may
                make one call of it and the others of its unit with the
                same number; Clang before 22, whose reports are the IR's)
     functions  per function always_inline entries asked to force:
                function, file, line, forced, why_not?
     address_only  per hot function whose address is taken and that no
                call reaches: function, entry, weight?, address_taken
                [{in, file, line}]
     marks?     with audit= (or disregard= and results=): per function
                defined in the unit with an inline mark as written
                (outside the system headers): function, file, line,
                mark ("always_inline" or "inline"), disregarded
     mark_calls?  the calls to them no policy entry governs, as "calls"
                (entry "(mark)"); a policy's are in "calls"
     failed?    the unit did not compile (written only with marks, as the
                evidence that a build needs them; "calls" and
                "mark_calls" are then empty, its object code unknown):
                errors, the number of errors, and functions [{function, file, line, errors,
                message?}], those compiled with errors, each with the
                first error's text where the compiler gives it

   Weights are percentages (policy.h's millionths / 10000).  The walk
   gives this order; a writer may print an object's members in another
   (older GCCs' json::object prints them in its hash table's order), and
   readers go by key.  */
#ifndef HOTINLINE_RESULTS_FORMAT_H
#define HOTINLINE_RESULTS_FORMAT_H

#include <stdbool.h>
#include <stddef.h>

#include "policy.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The format's name, the value of "format".  */
#define RESULTS_FORMAT "hotinline-results-1"

/* The places kept per address-taken function: a table of pointers can
   hold many.  */
enum { RESULTS_MAX_TAKEN = 8 };

/* A JSON writer: DATA is the front end's, passed to each callback.  KEY
   comes before each member of an object.  */
struct results_emitter
{
  void *data;
  void (*begin_object) (void *data);
  void (*end_object) (void *data);
  void (*begin_array) (void *data);
  void (*end_array) (void *data);
  void (*key) (void *data, const char *key);
  void (*string) (void *data, const char *s);
  void (*integer) (void *data, long long v);
  void (*real) (void *data, double v);
  void (*boolean) (void *data, bool v);
};

/* One inliner limit of the unit: a --param and its value.  */
struct results_limit
{
  const char *name;
  long long value;
};

struct results_entry
{
  const struct policy_entry *entry;
  bool matched;			/* In this unit.  */
};

/* One step of a call's inline chain: FUNCTION, holding the call, was
   inlined into INTO at FILE:LINE:COLUMN.  */
struct results_link
{
  const char *function, *into, *file;
  long long line, column;
};

/* A hot call site: as written (a source call) or left in the code.  */
struct results_call
{
  const char *file;
  long long line, column;
  const char *caller, *callee;
  const struct policy_entry *entry;
  const char *reason;		/* Why it was left; NULL for a source call.  */
  const char *hint;		/* hotinline's advice; NULL or "": none.  */
  long long size, early_size;	/* The callee's estimates; -1: not known.  */
  const char *limit_param;	/* The limit compared with; NULL: none.  */
  long long limit_value;
  const struct results_link *chain;	/* Innermost first.  */
  size_t n_chain;
  long long may_merge;		/* Its group of mergeable calls; 0: none.  */
};

/* A function an always_inline entry asked to force.  */
struct results_function
{
  const char *function, *file;
  long long line;
  const char *why_not;		/* NULL: forced.  */
};

/* A place where a hot function's address is taken: in function or
   variable IN, at FILE:LINE.  */
struct results_place
{
  const char *in, *file;
  long long line;
};

/* A hot function whose address is taken, and where (at most
   RESULTS_MAX_TAKEN places).  */
struct results_address
{
  const char *function;
  const struct policy_entry *entry;
  const struct results_place *taken;
  size_t n_taken;
};

/* A function with an inline mark as written.  */
struct results_mark
{
  const char *function, *file;
  long long line;
  const char *mark;		/* "always_inline" or "inline".  */
  bool disregarded;		/* Taken off for this compilation.  */
};

/* A function whose compilation had errors.  */
struct results_error
{
  const char *function, *file;
  long long line;
  long long errors;
  const char *message;		/* The first error's text; NULL: unknown.  */
};

/* What a unit found, as the front end recorded it.  */
struct results_unit
{
  const char *unit, *directory, *output, *flags, *compiler;
  /* RESULTS_LTO_FAT: a compilation whose object also carries the unit
     for an LTO link, whose own results replace these when it runs;
     RESULTS_LTO_LINK: written at an LTO link; NULL: neither.  */
  const char *lto;
  const struct results_limit *limits;
  size_t n_limits;
  const struct results_entry *entries;
  size_t n_entries;
  /* The calls as written before inlining, and those still calls in the
     object: a source call not left was inlined.  */
  const struct results_call *source_calls, *left_calls;
  size_t n_source_calls, n_left_calls;
  const struct results_function *functions;
  size_t n_functions;
  /* Every hot function whose address is taken: those some call reaches
     are left out of address_only.  */
  const struct results_address *addressed;
  size_t n_addressed;
  /* With marks recorded (MARKS_RECORDED): the marked functions; the
     calls of either list governed by rule_mark_entry go to
     "mark_calls".  */
  bool marks_recorded;
  const struct results_mark *marks;
  size_t n_marks;
  /* A unit that did not compile (FAILED, with N_ERRORS errors): the
     functions compiled with errors, as far as the front end knows.  */
  bool failed;
  long long n_errors;
  const struct results_error *errors;
  size_t n_error_functions;
};

#define RESULTS_LTO_FAT "fat"
#define RESULTS_LTO_LINK "link"

/* Write U through E, as one JSON object.  */
void results_write_unit (const struct results_unit *u,
			 const struct results_emitter *e);

#ifdef __cplusplus
}
#endif

#endif /* HOTINLINE_RESULTS_FORMAT_H */
