/* The messages' wording, apart from any compiler: each message in the
   styles the compilers and the results write it in.  */
#define _GNU_SOURCE
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "messages.h"
#include "policy.h"
#include "unit/suites.h"

/* As the plugins write them: GCC's format, Clang's diagnostics.  */
static const struct message_style gcc_style = { "%<", "%>", true, true };
static const struct message_style clang_style = { "'", "'", false, true };

static const struct hot_stats some_stats = { 5, 3, 2, 1, 4 };

enum message_kind
{
  SUMMARY,
  ENTRY_NOTE,
  ADVICE,
  LIMIT,
  LIMIT_INLINE_FIX,
  LIMIT_OPTION_FIX,
  NOINLINE,
  NOT_INLINED,			/* NAME into OPTION, because "why %".  */
  INLINED_HERE,			/* NAME into OPTION.  */
  COPIES,			/* SIZE calls.  */
  NOT_FORCED			/* SIZE: the obstacle; OPTION: its detail.  */
};

static const struct
{
  enum message_kind kind;
  const struct message_style *style;
  const char *name;		/* The callee, or the entry's reason.  */
  long size;
  const char *option;
  bool flag;			/* NOINLINE: here; ADVICE: the advice.  */
  const char *expected;
} message_cases[] = {
  { SUMMARY, &clang_style, NULL, 0, NULL, false,
    "hotinline summary for t%.c: 2 of 7 policy entries matched; 5 calls "
    "to hot functions in the source, 3 still calls after inlining; 2 "
    "functions forced inline, 1 could not be; 4 declined calls inlined "
    "surgically [hotinline]" },
  /* A '%' in a GCC format is doubled, so that GCC prints it once.  */
  { SUMMARY, &gcc_style, NULL, 0, NULL, false,
    "hotinline summary for t%%.c: 2 of 7 policy entries matched; 5 calls "
    "to hot functions in the source, 3 still calls after inlining; 2 "
    "functions forced inline, 1 could not be; 4 declined calls inlined "
    "surgically [hotinline]" },
  { ENTRY_NOTE, &clang_style, NULL, 0, NULL, false,
    "policy entry for 'mix' at hot.yaml:4:11 [hotinline]" },
  { ENTRY_NOTE, &gcc_style, "per-byte step, 100%", 0, NULL, false,
    "policy entry for %<mix%> at hot.yaml:4:11: per-byte step, 100%% "
    "[hotinline]" },
  { ENTRY_NOTE, &message_plain, "per-byte step", 0, NULL, false,
    "policy entry for 'mix' at hot.yaml:4:11: per-byte step" },
  { ADVICE, &gcc_style, NULL, ADVICE_BODY_NOT_AVAILABLE, NULL, false,
    "body not available here: define it in a header or build with "
    "%<-flto%> [hotinline]" },
  { ADVICE, &message_plain, NULL, ADVICE_RECURSIVE, NULL, false,
    "the call is recursive" },
  { ADVICE, &clang_style, NULL, ADVICE_BODY_NOT_IMPORTED, NULL, false,
    "the ThinLTO link did not import its body into this module: "
    "'-Wl,-mllvm,-import-instr-limit=N' above its size (default 100 "
    "instructions) or full LTO ('-flto') would make it available "
    "[hotinline]" },
  { LIMIT, &gcc_style, "xas_descend", 57, "--param max-inline-insns-auto",
    false, "%<xas_descend%> is estimated at 57 instructions; the limit is "
    "%<--param max-inline-insns-auto=15%> [hotinline]" },
  /* The size unknown.  */
  { LIMIT, &message_plain, "xas_descend", -1,
    "--param max-inline-insns-auto", false,
    "the limit is '--param max-inline-insns-auto=15'" },
  { LIMIT_INLINE_FIX, &gcc_style, "operator%", 57,
    "--param max-inline-insns-auto", false,
    "%<operator%%%> is estimated at 57 instructions; the limit is "
    "%<--param max-inline-insns-auto=15%>; declared %<inline%>, it would "
    "be within %<--param max-inline-insns-single=70%> [hotinline]" },
  /* A limit that no option sets on its own: the value alone.  */
  { LIMIT_OPTION_FIX, &clang_style, "big", 295, NULL, false,
    "'big' is estimated at 295 cost units; the limit is 15; "
    "'-mllvm -inline-threshold=70' would let it through [hotinline]" },
  { NOINLINE, &gcc_style, "pinned", 0, NULL, true,
    "%<pinned%> declared %<noinline%> here [hotinline]" },
  { NOINLINE, &message_plain, "pinned", 0, NULL, false,
    "'pinned' is declared 'noinline'" },
  { NOT_INLINED, &gcc_style, "mdb_page_get", 0, "mdb_cursor_sibling", false,
    "hot function %<mdb_page_get%> not inlined into %<mdb_cursor_sibling%>: "
    "why 100%% [hotinline]" },
  { NOT_INLINED, &message_plain, "step", 0, "walk", false,
    "hot function 'step' not inlined into 'walk': why 100%" },
  { INLINED_HERE, &clang_style, "xas_load", 0, "xa_load_value", false,
    "'xas_load' inlined into 'xa_load_value' here [hotinline]" },
  { COPIES, &gcc_style, NULL, 3, NULL, false,
    "3 calls here in the object code: the compiler duplicated the call "
    "[hotinline]" },
  /* Why a function is not forced: the caller named where the obstacle is
     about one, the compiler's words where it has them.  */
  { NOT_FORCED, &gcc_style, "wide", OBSTACLE_TARGET, NULL, false,
    "hot function %<wide%> is not forced inline: its target options "
    "differ from those of its caller %<use_wide%> [hotinline]" },
  { NOT_FORCED, &clang_style, "elsewhere", OBSTACLE_BODY_ELSEWHERE, NULL,
    false, "hot function 'elsewhere' is not forced inline: its body is not "
    "in this translation unit; define it in a header or build with "
    "'-flto' [hotinline]" },
  { NOT_FORCED, &message_plain, "step%", OBSTACLE_INTERPOSABLE, NULL, false,
    "hot function 'step%' is not forced inline: it can be interposed at "
    "link time (position-independent code with semantic interposition); "
    "make it static, inline or hidden, or build with "
    "'-fno-semantic-interposition'" },
  { NOT_FORCED, &gcc_style, "jump", OBSTACLE_COMPILER,
    "blockaddress used 100% of the time", false,
    "hot function %<jump%> is not forced inline: the compiler cannot "
    "inline it: blockaddress used 100%% of the time [hotinline]" },
  { NOT_FORCED, &clang_style, "kept", OBSTACLE_NOINLINE, NULL, false,
    "hot function 'kept' is not forced inline: it is declared 'noinline', "
    "which forcing does not override [hotinline]" },
};

START_TEST (test_message_wording)
{
  const struct message_style *style = message_cases[_i].style;
  const char *name = message_cases[_i].name;
  long size = message_cases[_i].size;
  const char *option = message_cases[_i].option;
  struct policy_entry entry = { 0 };
  char *fix = NULL, *text = NULL;
  entry.name.text = (char *) "mix";
  entry.loc.file = "hot.yaml";
  entry.name_loc.line = 4;
  entry.name_loc.column = 11;
  switch (message_cases[_i].kind)
    {
    case SUMMARY:
      text = message_summary (style, "t%.c", 2, 7, &some_stats);
      break;
    case ENTRY_NOTE:
      entry.reason = (char *) name;
      text = message_entry_note (style, &entry);
      break;
    case ADVICE:
      text = message_advice (style, (enum message_advice) size);
      break;
    case LIMIT_INLINE_FIX:
      fix = message_inline_fix (style, "--param max-inline-insns-single",
				70);
      /* Fall through.  */
    case LIMIT:
      text = message_limit_hint (style, name, size, "instructions", option,
				 15, fix);
      break;
    case LIMIT_OPTION_FIX:
      fix = message_option_fix (style, "-mllvm -inline-threshold", 70);
      text = message_limit_hint (style, name, size, "cost units", option,
				 15, fix);
      break;
    case NOINLINE:
      text = message_noinline (style, name, message_cases[_i].flag);
      break;
    case NOT_INLINED:
      text = message_not_inlined (style, name, option, "why 100%");
      break;
    case INLINED_HERE:
      text = message_inlined_here (style, name, option);
      break;
    case COPIES:
      text = message_call_copies (style, (unsigned) size);
      break;
    case NOT_FORCED:
      fix = message_obstacle (style, (enum message_obstacle) size,
			      "use_wide", option);
      text = message_not_forced (style, name, fix);
      break;
    }
  ck_assert_str_eq (text, message_cases[_i].expected);
  free (text);
  free (fix);
}
END_TEST

/* A note that repeats an earlier one of the compilation is not given
   again; another text is; a new compilation forgets them all.  */
START_TEST (test_note_once_per_compilation)
{
  message_notes_forget ();
  ck_assert (message_note_once ("policy entry for 'a'"));
  ck_assert (!message_note_once ("policy entry for 'a'"));
  ck_assert (message_note_once ("policy entry for 'b'"));
  ck_assert (!message_note_once ("policy entry for 'b'"));
  ck_assert (!message_note_once ("policy entry for 'a'"));
  message_notes_forget ();
  ck_assert (message_note_once ("policy entry for 'a'"));
}
END_TEST

Suite *
messages_suite (void)
{
  Suite *s = runner_suite ("Messages");
  TCase *tc = runner_tcase ("Wording");
  tcase_add_loop_test (tc, test_message_wording, 0,
		       sizeof message_cases / sizeof *message_cases);
  tcase_add_test (tc, test_note_once_per_compilation);
  runner_add_tcase (s, tc);
  return s;
}
