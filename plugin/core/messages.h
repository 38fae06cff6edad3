/* The words of the plugin's messages, one wording for every compiler: the
   per-unit summary and its counts, the note naming a policy entry, and
   the hints at what would let a declined call through.  Each compiler's
   plugin fills in its facts (its limits and options) and prints the text
   through its own diagnostics.  Plain C, no compiler headers.  */
#ifndef HOTINLINE_MESSAGES_H
#define HOTINLINE_MESSAGES_H

#include <stdbool.h>
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

struct policy_entry;

/* How a text is written for where it goes.  Names and options are quoted
   with OPEN and CLOSE ("'" for Clang and the results, GCC's "%<" and
   "%>"); with PERCENT, a '%' in a name is doubled, the text being a GCC
   format; with TAG, the text ends with " [hotinline]", as a
   diagnostic.  */
struct message_style
{
  const char *open, *close;
  bool percent;
  bool tag;
};

/* Plain text, as a results file keeps it: 'quoted', no tag.  */
extern const struct message_style message_plain;

/* What happened in a unit, counted where each thing is decided, for the
   summary.  */
struct hot_stats
{
  unsigned source_calls;	/* Calls to hot functions as written.  */
  unsigned calls_not_inlined;	/* Calls reported as still calls.  */
  unsigned forced;		/* Functions forced inline.  */
  unsigned not_forced;		/* Functions a policy forces that cannot be.  */
  unsigned calls_forced;	/* Declined calls inlined surgically.  */
};

/* The summary of UNIT, where MATCHED of the policy's ENTRIES matched.  */
char *message_summary (const struct message_style *style, const char *unit,
		       size_t matched, size_t entries,
		       const struct hot_stats *stats);

/* The note naming ENTRY's place in its policy, and its reason.  */
char *message_entry_note (const struct message_style *style,
			  const struct policy_entry *entry);

/* Why a call to a function without a body in the unit is still a call,
   in the same words on every compiler (GCC's own): LLVM's inliner says
   "its definition is unavailable" of the calls it looked at, and of the
   others nothing at all.  */
extern const char message_reason_no_body[];

/* Why a call is still a call when the compiler gives no reason of its
   own: the inliner never weighed it (GCC: the call was made after its
   decisions; LLVM: no remark was given for it).  */
extern const char message_reason_not_considered[];

/* Why a call is still a call where the inliner does not run (LLVM gives
   no remark there; GCC gives its own reason).  */
extern const char message_reason_inliner_off[];

/* Why a call to a noinline function is still a call, where LLVM gives no
   remark for it.  */
extern const char message_reason_noinline[];

/* Whether a note that only adds to a report, saying TEXT, is to be given:
   only the first time in a compilation (a unit, or an LTO link).  The
   policy entry of a hot function and a hint about it say the same at
   every call; repeated at each of a unit's calls they drown the calls
   (a kernel unit calls a spinlock function dozens of times) and most of
   the cost of a report is GCC printing them, so they are given once, as
   compilers give "reported only once" diagnostics.  What differs per
   call (the inline chain, duplicated calls) is always given.  */
bool message_note_once (const char *text);

/* Forget the notes given: a new compilation begins.  */
void message_notes_forget (void);

/* Why the inliner declined a call, as far as a hint can tell, with the
   advice that does not depend on the call.  */
enum message_advice
{
  ADVICE_BODY_NOT_AVAILABLE,	/* No body in the unit.  */
  ADVICE_BODY_NOT_IMPORTED,	/* A ThinLTO link did not bring it in.  */
  ADVICE_BODY_AT_LINK,		/* A fat object's own code, without it.  */
  ADVICE_COLD,			/* The call is on a path expected cold.  */
  ADVICE_NOT_CONSIDERED,	/* -O0, -fno-inline, a debug function.  */
  ADVICE_INTERPOSABLE,		/* It can be replaced at link time.  */
  ADVICE_RECURSIVE,		/* The call is recursive.  */
  ADVICE_ATTRIBUTE_MISMATCH,	/* Target or optimize attributes differ.  */
  ADVICE_LATE_DIRECT		/* Made direct after the decisions.  */
};

/* The advice for WHY.  */
char *message_advice (const struct message_style *style,
		      enum message_advice why);

/* A call declined because its callee NAME is too large: "'NAME' is
   estimated at SIZE UNITS; the limit is 'OPTION=LIMIT'" (without its
   first part when SIZE is negative, unknown; LIMIT alone when OPTION is
   NULL, the limit being no option's value), then "; FIX" when FIX, a
   text of the same style without its tag, is not NULL.  */
char *message_limit_hint (const struct message_style *style,
			  const char *name, long size, const char *units,
			  const char *option, long limit, const char *fix);

/* The fixes a limit hint ends with: "declared 'inline', it would be
   within 'OPTION=VALUE'" (the larger limit of functions declared inline),
   and "'OPTION=VALUE' would let it through".  Without tag.  */
char *message_inline_fix (const struct message_style *style,
			  const char *option, long value);
char *message_option_fix (const struct message_style *style,
			  const char *option, long value);

/* A callee declared noinline: "'NAME' declared 'noinline' here" (a note
   at its declaration) or, not HERE, "'NAME' is declared 'noinline'".  */
char *message_noinline (const struct message_style *style, const char *name,
			bool here);

/* A hot call left a call: "hot function 'HOT' not inlined into 'CALLER':
   WHY", WHY the compiler's reason.  */
char *message_not_inlined (const struct message_style *style,
			   const char *hot, const char *caller,
			   const char *why);

/* A link of the chain a call was inlined through: "'FUNCTION' inlined
   into 'INTO' here".  */
char *message_inlined_here (const struct message_style *style,
			    const char *function, const char *into);

/* COUNT calls in the object code where the source has one.  */
char *message_call_copies (const struct message_style *style,
			   unsigned count);

/* Why a function a policy forces is not forced, the same finding in the
   same words on every compiler.  Some are GCC's alone (its rules or its
   attributes), some LLVM's.  */
enum message_obstacle
{
  OBSTACLE_BODY_ELSEWHERE,	/* Declared here, defined in another unit.  */
  OBSTACLE_BODY_MISSING,	/* Defined, but its body is gone.  */
  OBSTACLE_NOINLINE,		/* Declared noinline.  */
  OBSTACLE_NOIPA,		/* Declared noipa (GCC).  */
  OBSTACLE_OPTNONE,		/* Declared optnone (Clang).  */
  OBSTACLE_WEAK,		/* Weak: replaceable at link time.  */
  OBSTACLE_INTERPOSABLE,	/* Interposable (semantic interposition).  */
  OBSTACLE_RECURSIVE,		/* Recursive.  */
  OBSTACLE_RECURSIVE_THROUGH_FORCED, /* Through other forced functions.  */
  OBSTACLE_RECURSION_KEPT,	/* GCC did not turn it into a loop.  */
  OBSTACLE_RECURSION_NO_SIBCALLS, /* Nor would without sibling calls.  */
  OBSTACLE_SETJMP,		/* Calls setjmp.  */
  OBSTACLE_RETURNS_TWICE,	/* Calls another function that returns twice.  */
  OBSTACLE_VARARGS,		/* Uses its variable argument list.  */
  OBSTACLE_APPLY_ARGS,		/* Calls __builtin_apply_args (GCC).  */
  OBSTACLE_COMPUTED_GOTO,	/* Contains a computed goto.  */
  OBSTACLE_NONLOCAL_LABEL,	/* A nested function jumps to its label.  */
  OBSTACLE_LABEL_IN_STATIC,	/* A static holds one of its labels.  */
  OBSTACLE_TARGET,		/* Target options differ from CALLER's.  */
  OBSTACLE_COMPILER		/* The compiler's own reason, DETAIL.  */
};

/* The words for WHY, without tag: with the name of CALLER for
   OBSTACLE_TARGET, with DETAIL (the compiler's words) for
   OBSTACLE_COMPILER; both NULL otherwise.  */
char *message_obstacle (const struct message_style *style,
			enum message_obstacle why, const char *caller,
			const char *detail);

/* "hot function 'NAME' is not forced inline: WHY", WHY a text of
   message_obstacle in the same style.  */
char *message_not_forced (const struct message_style *style,
			  const char *name, const char *why);

#ifdef __cplusplus
}
#endif

#endif /* HOTINLINE_MESSAGES_H */
