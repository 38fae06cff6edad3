/* The messages' wording, written once for every compiler.  Each template
   is plain English in which a quote ' opens or closes a quoted name or
   option, as the style writes quotes; the values substituted are
   escaped as the style asks, the texts already styled (%S) are not.  */
#include "messages.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <hashtab.h>

#include "policy.h"
#include "text.h"

const struct message_style message_plain = { "'", "'", false, false };

const char message_reason_no_body[] = "function body not available";
const char message_reason_not_considered[]
  = "the inliner never considered the call";
const char message_reason_inliner_off[]
  = "the inliner does not run at -O0 or in an optnone function";
const char message_reason_noinline[] = "the function is declared noinline";

/* S, with each '%' doubled when the text is a format.  */
static void
put_value (struct text *t, const struct message_style *style, const char *s)
{
  for (const char *run = s;; s++)
    if (!*s || (*s == '%' && style->percent))
      {
	text_put (t, run, s - run + (*s == '%'));
	if (!*s)
	  return;
	run = s;
      }
}

/* TEMPLATE in STYLE: quotes as the style writes them, and the directives
   %s (a value), %S (a text of this style), %ld, %u and %zu.  Never NULL:
   out of memory aborts, as in the compilers.  */
static char *
format (const struct message_style *style, bool tag, const char *template,
	...)
{
  struct text t = { NULL, 0, 0 };
  text_put (&t, "", 0);
  bool quoted = false;
  char number[32];
  va_list ap;
  va_start (ap, template);
  for (const char *p = template; *p; p++)
    if (*p == '\'')
      {
	text_put_string (&t, quoted ? style->close : style->open);
	quoted = !quoted;
      }
    else if (*p != '%')
      {
	size_t n = strcspn (p, "'%");
	text_put (&t, p, n);
	p += n - 1;
      }
    else if (p[1] == 's')
      put_value (&t, style, va_arg (ap, const char *)), p++;
    else if (p[1] == 'S')
      text_put_string (&t, va_arg (ap, const char *)), p++;
    else if (p[1] == 'u')
      snprintf (number, sizeof number, "%u", va_arg (ap, unsigned)),
	text_put_string (&t, number), p++;
    else if (p[1] == 'l' && p[2] == 'd')
      snprintf (number, sizeof number, "%ld", va_arg (ap, long)),
	text_put_string (&t, number), p += 2;
    else if (p[1] == 'z' && p[2] == 'u')
      snprintf (number, sizeof number, "%zu", va_arg (ap, size_t)),
	text_put_string (&t, number), p += 2;
    else
      abort ();
  va_end (ap);
  if (tag && style->tag)
    text_put_string (&t, " [hotinline]");
  return t.s;
}

char *
message_summary (const struct message_style *style, const char *unit,
		 size_t matched, size_t entries,
		 const struct hot_stats *stats)
{
  return format (style, true,
		 "hotinline summary for %s: %zu of %zu policy entries "
		 "matched; %u calls to hot functions in the source, %u still "
		 "calls after inlining; %u functions forced inline, %u could "
		 "not be; %u declined calls inlined surgically", unit,
		 matched, entries, stats->source_calls,
		 stats->calls_not_inlined, stats->forced, stats->not_forced,
		 stats->calls_forced);
}

char *
message_entry_note (const struct message_style *style,
		    const struct policy_entry *entry)
{
  if (entry->reason)
    return format (style, true, "policy entry for '%s' at %s:%u:%u: %s",
		   entry->name.text, entry->loc.file, entry->name_loc.line,
		   entry->name_loc.column, entry->reason);
  return format (style, true, "policy entry for '%s' at %s:%u:%u",
		 entry->name.text, entry->loc.file, entry->name_loc.line,
		 entry->name_loc.column);
}

/* The texts of the notes given once, this compilation; per thread, as an
   LTO link's backends compile their modules in threads of their own.  */
static _Thread_local htab_t notes_given;

static hashval_t
note_hash (const void *text)
{
  return htab_hash_string (text);
}

static int
note_eq (const void *a, const void *b)
{
  return strcmp (a, b) == 0;
}

bool
message_note_once (const char *text)
{
  if (!notes_given)
    notes_given = htab_create_alloc (64, note_hash, note_eq, free, calloc,
				     free);
  void **slot = notes_given ? htab_find_slot (notes_given, text, INSERT)
			    : NULL;
  if (!slot)
    abort ();
  if (*slot)
    return false;
  if (!(*slot = strdup (text)))
    abort ();
  return true;
}

void
message_notes_forget (void)
{
  if (notes_given)
    htab_empty (notes_given);
}

/* The advice by its reason, in the order of enum message_advice.  */
static const char *const advice[] = {
  "body not available here: define it in a header or build with '-flto'",
  "the ThinLTO link did not import its body into this module: "
  "'-Wl,-mllvm,-import-instr-limit=N' above its size (default 100 "
  "instructions) or full LTO ('-flto') would make it available",
  "body not available here: the LTO link can inline it, but this "
  "object's own code (what a link without LTO uses) keeps the call",
  "call considered cold: the inliner does not grow code on paths it "
  "expects to run rarely (as '__builtin_expect', a cold function or "
  "profile feedback say)",
  "the inliner did not consider this call (at '-O0', with '-fno-inline' "
  "or in a function optimised for debugging only 'always_inline' "
  "functions are inlined); make the entry 'action: always_inline'",
  "the function can be replaced at link time: make it static or hidden, "
  "or build with '-fno-semantic-interposition'",
  "the call is recursive",
  "caller and callee are compiled with different target or optimize "
  "attributes",
  "the call became a direct call only after the inlining decisions",
};
_Static_assert (sizeof advice / sizeof *advice == ADVICE_LATE_DIRECT + 1,
		"one text per advice");

char *
message_advice (const struct message_style *style, enum message_advice why)
{
  if ((size_t) why >= sizeof advice / sizeof *advice)
    abort ();
  return format (style, true, advice[why]);
}

char *
message_limit_hint (const struct message_style *style, const char *name,
		    long size, const char *units, const char *option,
		    long limit, const char *fix)
{
  char *limit_text = option ? format (style, false, "'%s=%ld'", option,
				      limit)
			    : format (style, false, "%ld", limit);
  char *hint = size >= 0
	       ? format (style, false, "'%s' is estimated at %ld %s; the "
			 "limit is %S", name, size, units, limit_text)
	       : format (style, false, "the limit is %S", limit_text);
  char *text = fix ? format (style, true, "%S; %S", hint, fix)
		   : format (style, true, "%S", hint);
  free (limit_text);
  free (hint);
  return text;
}

char *
message_inline_fix (const struct message_style *style, const char *option,
		    long value)
{
  return format (style, false, "declared 'inline', it would be within "
		 "'%s=%ld'", option, value);
}

char *
message_option_fix (const struct message_style *style, const char *option,
		    long value)
{
  return format (style, false, "'%s=%ld' would let it through", option,
		 value);
}

char *
message_noinline (const struct message_style *style, const char *name,
		  bool here)
{
  return format (style, true, here ? "'%s' declared 'noinline' here"
			     : "'%s' is declared 'noinline'", name);
}

char *
message_not_inlined (const struct message_style *style, const char *hot,
		     const char *caller, const char *why)
{
  return format (style, true, "hot function '%s' not inlined into '%s': %s",
		 hot, caller, why);
}

char *
message_inlined_here (const struct message_style *style,
		      const char *function, const char *into)
{
  return format (style, true, "'%s' inlined into '%s' here", function, into);
}

char *
message_call_copies (const struct message_style *style, unsigned count)
{
  return format (style, true, "%u calls here in the object code: the "
		 "compiler duplicated the call", count);
}

/* The obstacles' words, in the order of enum message_obstacle.  */
static const char *const obstacles[] = {
  "its body is not in this translation unit; define it in a header or "
  "build with '-flto'",
  "its body is not available",
  "it is declared 'noinline', which forcing does not override",
  "it is declared 'noipa', which forcing does not override",
  "it is declared 'optnone', which forcing does not override",
  "it is weak, so another definition may replace it at link time",
  "it can be interposed at link time (position-independent code with "
  "semantic interposition); make it static, inline or hidden, or build "
  "with '-fno-semantic-interposition'",
  "it is recursive",
  "it is recursive through other functions the policy forces",
  "it is recursive, and GCC could not turn its recursion into a loop",
  "it is recursive, and GCC turns tail recursion into a loop only with "
  "'-foptimize-sibling-calls' (-O2, -O3, -Os)",
  "it calls 'setjmp'",
  "it calls a function that returns twice (like 'setjmp')",
  "it uses its variable argument list",
  "it calls '__builtin_apply_args'",
  "it contains a computed goto",
  "it has a label that a nested function jumps to",
  "a static variable holds the address of one of its labels",
  "its target options differ from those of its caller '%s'",
  "the compiler cannot inline it: %s",
};
_Static_assert (sizeof obstacles / sizeof *obstacles == OBSTACLE_COMPILER + 1,
		"one text per obstacle");

char *
message_obstacle (const struct message_style *style,
		  enum message_obstacle why, const char *caller,
		  const char *detail)
{
  if ((size_t) why >= sizeof obstacles / sizeof *obstacles)
    abort ();
  if (why == OBSTACLE_TARGET)
    return format (style, false, obstacles[why], caller);
  if (why == OBSTACLE_COMPILER)
    return format (style, false, obstacles[why], detail);
  return format (style, false, obstacles[why]);
}

char *
message_not_forced (const struct message_style *style, const char *name,
		    const char *why)
{
  return format (style, true, "hot function '%s' is not forced inline: %S",
		 name, why);
}
