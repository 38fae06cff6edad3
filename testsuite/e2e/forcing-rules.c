/* Where forcing inlines and where it leaves a function alone, against
   what GCC itself does with __attribute__((always_inline)) written by
   hand: each case is built by hand with the same GCC, and its outcome is
   the expectation.  Where the hand build inlines, attribute forcing must
   give the same code without a word and surgical forcing must leave no
   call; where the hand build is a hard error, both must leave the calls
   with a warning and pass.  */
#define _GNU_SOURCE
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "e2e/suites.h"
#include "harness/harness.h"

/* The hot function 'body', with integer and floating-point work (GCC
   checks some flags only when both functions do floating point), between
   BEFORE and AFTER, called from f and g.  */
static const char source_template[]
  = "#ifndef FORCE\n"
    "#define FORCE static inline\n"
    "#endif\n"
    "#define R(i) h = (h ^ p[i]) * 0x9e3779b1u; h ^= h >> 15; "
    "x = x * 1.5 + p[i];\n"
    "#define R8(i) R(i) R(i+1) R(i+2) R(i+3) R(i+4) R(i+5) R(i+6) R(i+7)\n"
    "%s\n"
    "FORCE %s double body (const unsigned *p, double x)\n" /* Line 7.  */
    "{ unsigned h = 0; R8(0) R8(8) R8(16) R8(24) return h + x; }\n"
    "%s\n"
    "%s double f (const unsigned *p) { return body (p, 1.0); }\n"
    "%s double g (const unsigned *p) { return body (p + 1, 2.0); }\n";
enum { BODY_LINE = 7 };

/* The reproduction as users meet it: a DONT_VECTORIZE-style attribute on
   a hot function, the hot function at line 6.  */
static const char vectorize_source[]
  = "#ifndef FORCE\n"
    "#define FORCE static inline\n"
    "#endif\n"
    "#define R(i) h = (h ^ p[i]) * 0x9e3779b1u; h ^= h >> 15;\n"
    "#define R8(i) R(i) R(i+1) R(i+2) R(i+3) R(i+4) R(i+5) R(i+6) R(i+7)\n"
    "FORCE __attribute__((optimize(\"no-tree-vectorize\"))) unsigned "
    "body(const unsigned *p)\n"
    "{ unsigned h = 0; R8(0) R8(8) R8(16) R8(24) return h; }\n"
    "unsigned f(const unsigned *p) { return body(p); }\n"
    "unsigned g(const unsigned *p) { return body(p + 1); }\n";

/* A hot function that calls itself, at line 6: in a tail call, which GCC
   can turn into a loop, or not.  */
#define RECURSIVE_SOURCE(tail) \
  "#ifndef FORCE\n#define FORCE static inline\n#endif\n" \
  "#define R(i) h = (h ^ p[i]) * 0x9e3779b1u; h ^= h >> 15;\n" \
  "#define R8(i) R(i) R(i+1) R(i+2) R(i+3) R(i+4) R(i+5) R(i+6) R(i+7)\n" \
  "FORCE unsigned body (const unsigned *p, unsigned n, unsigned h)\n" \
  "{ if (!n) return h; R8(0) R8(8) R8(16) R8(24) R8(32) R8(40) R8(48) " \
  "R8(56) return " tail "; }\n" \
  "unsigned f (const unsigned *p, unsigned n) { return body (p, n, 0); }\n" \
  "unsigned g (const unsigned *p, unsigned n) " \
  "{ return body (p + 1, n, 1); }\n"
/* A hot function with ATTRIBUTES that does no floating point, at
   line 6.  */
#define INTEGER_SOURCE(attributes) \
  "#ifndef FORCE\n#define FORCE static inline\n#endif\n" \
  "#define R(i) h = (h ^ p[i]) * 0x9e3779b1u; h ^= h >> 15;\n" \
  "#define R8(i) R(i) R(i+1) R(i+2) R(i+3) R(i+4) R(i+5) R(i+6) R(i+7)\n" \
  "FORCE " attributes " unsigned body (const unsigned *p)\n" \
  "{ unsigned h = 0; R8(0) R8(8) R8(16) R8(24) return h; }\n" \
  "unsigned f (const unsigned *p) { return body (p); }\n" \
  "unsigned g (const unsigned *p) { return body (p + 1); }\n"
static const char integer_fpmath_source[]
  = INTEGER_SOURCE ("__attribute__ ((target (\"fpmath=387\")))");
static const char integer_avx2_source[]
  = INTEGER_SOURCE ("__attribute__ ((target (\"avx2\")))");

static const char tail_recursive_source[]
  = RECURSIVE_SOURCE ("body (p + 64, n - 1, h)");
static const char recursive_source[]
  = RECURSIVE_SOURCE ("(body (p + 64, n - 1, h) >> 1) ^ h");

#define PUSH_O2 "#pragma GCC push_options\n#pragma GCC optimize (\"-O2\")"
#define POP "#pragma GCC pop_options"
/* Declares body ATTRIBUTE before its definition.  */
#define NOINLINE_FIRST(attribute) \
  "static double body (const unsigned *p, double x) " \
  "__attribute__ ((" attribute "));"
/* Makes an inline definition of body the external one.  */
#define EXTERN_BODY "extern double body (const unsigned *p, double x);"

static const struct attribute_case
{
  const char *options;
  const char *callee;		/* Attributes of body.  */
  const char *caller;		/* Attributes of f and g.  */
  const char *before, *after;	/* Around body: pragmas.  */
  /* Surgical forcing may not do what the hand annotation does: GCC's IPA
     inliner does not consider calls into or from a function it does not
     optimize (-O0; -Og with GCC 12), and calls across sanitizer
     attributes are not left for a size reason, so surgical forcing,
     which overrides only GCC's size and attribute verdicts, does not see
     them; they stay calls, reported with GCC's reason.  */
  bool surgical_may_leave;
  /* How body is declared, for FORCE, if not "static inline".  */
  const char *storage;
  /* The source, if not the template (CALLEE then says what it is).  */
  const char *source;
} attribute_cases[] = {
  /* vectorize_source.  */
  { "-O2", NULL, NULL, NULL, NULL, false, NULL, NULL },
  { "-O3", "__attribute__ ((optimize (\"no-tree-vectorize\")))", "", "", "",
    false, NULL, NULL },
  { "-O3 -mavx2", "", "", PUSH_O2, POP, false, NULL, NULL },
  { "-O2 -mavx2", "", "", PUSH_O2, POP, false, NULL, NULL },
  { "-O2", "__attribute__ ((optimize (\"O0\")))", "", "", "",
    true, NULL, NULL },
  { "-O2", "", "__attribute__ ((optimize (\"O0\")))", "", "",
    true, NULL, NULL },
  { "-O2", "__attribute__ ((optimize (\"Og\")))", "", "", "",
    false, NULL, NULL },
  { "-O2", "", "__attribute__ ((optimize (\"Og\")))", "", "",
    true, NULL, NULL },
  { "-O2", "__attribute__ ((optimize (\"Os\")))", "", "", "",
    false, NULL, NULL },
  { "-O2", "", "__attribute__ ((optimize (\"O3\")))", "", "",
    false, NULL, NULL },
  { "-O2", "__attribute__ ((optimize (\"no-strict-aliasing\")))", "", "", "",
    false, NULL, NULL },
  { "-O2", "__attribute__ ((optimize (\"wrapv\")))", "", "", "",
    false, NULL, NULL },
  { "-O2", "", "__attribute__ ((optimize (\"wrapv\")))", "", "",
    false, NULL, NULL },
  { "-O2", "__attribute__ ((optimize (\"trapv\")))", "", "", "",
    false, NULL, NULL },
  { "-O2", "__attribute__ ((optimize (\"fast-math\")))", "", "", "",
    false, NULL, NULL },
  { "-O2", "", "__attribute__ ((optimize (\"fast-math\")))", "", "",
    false, NULL, NULL },
  { "-O2", "__attribute__ ((optimize (\"no-math-errno\")))", "", "", "",
    false, NULL, NULL },
  { "-O2", "", "__attribute__ ((optimize (\"no-math-errno\")))", "", "",
    false, NULL, NULL },
  { "-O2", "__attribute__ ((target (\"avx2\")))", "", "", "",
    false, NULL, NULL },
  { "-O2", "", "__attribute__ ((target (\"avx2\")))", "", "",
    false, NULL, NULL },
  { "-O2", "__attribute__ ((target (\"arch=haswell\")))", "", "", "",
    false, NULL, NULL },
  { "-O2 -march=haswell", "__attribute__ ((target (\"arch=nehalem\")))", "",
    "", "", false, NULL, NULL },
  { "-O2", "__attribute__ ((target (\"tune=haswell\")))", "", "", "",
    false, NULL, NULL },
  { "-O2", "__attribute__ ((target (\"inline-all-stringops\")))", "", "", "",
    false, NULL, NULL },
  { "-O2", "__attribute__ ((target (\"fpmath=387\")))", "", "", "",
    false, NULL, NULL },
  { "-O2 -fsanitize=address", "__attribute__ ((no_sanitize_address))", "",
    "", "", true, NULL, NULL },
  /* Interposition, as GCC's symbol table judges it: a function declared
     inline never counts, one that is not does under -fPIC.  An inline
     definition that no declaration makes external is not emitted, and GCC
     drops its body after its IPA inliner, before surgical forcing.  */
  { "-O2 -fPIC", "", "", "", EXTERN_BODY, false, "inline", NULL },
  { "-O2 -fPIC -Wno-attributes", "__attribute__ ((weak))", "", "",
    EXTERN_BODY, false, "inline", NULL },
  { "-O2 -fPIC", "", "", "", "", true, "inline", NULL },
  { "-O2 -fPIC", "", "", "", "", false, "", NULL },
  { "-O2 -fPIC -fno-semantic-interposition", "", "", "", "", false, "", NULL },
  { "-O2", "__attribute__ ((weak))", "", "", "", false, "", NULL },
  /* noinline and noipa: GCC ignores always_inline written after them,
     with a warning; the function stays out of line.  */
  { "-O2", "", "", NOINLINE_FIRST ("noinline"), "", false, NULL, NULL },
  { "-O2", "", "", NOINLINE_FIRST ("noipa"), "", false, NULL, NULL },
  { "-O2", "__attribute__ ((noipa))", "", "", "", false, NULL, NULL },
  /* The x86 target hook lets an fpmath= difference through for a callee
     that does no floating point, which it learns from the function
     summary.  */
  { "-O2", "fpmath=387 body without floating point", "", "", "", false,
    NULL, integer_fpmath_source },
  { "-O2", "avx2 body without floating point", "", "", "", false, NULL,
    integer_avx2_source },
  /* Recursion: GCC removes tail recursion before inlining the function,
     at the levels that enable -foptimize-sibling-calls.  */
  { "-O2", "tail-recursive body", "", "", "", false, NULL,
    tail_recursive_source },
  { "-O3", "tail-recursive body", "", "", "", false, NULL,
    tail_recursive_source },
  { "-Os", "tail-recursive body", "", "", "", false, NULL,
    tail_recursive_source },
  { "-O1", "tail-recursive body", "", "", "", false, NULL,
    tail_recursive_source },
  { "-Og", "tail-recursive body", "", "", "", true, NULL,
    tail_recursive_source },
  { "-O2 -fno-optimize-sibling-calls", "tail-recursive body", "", "", "",
    false, NULL, tail_recursive_source },
  { "-O1 -foptimize-sibling-calls", "tail-recursive body", "", "", "",
    false, NULL, tail_recursive_source },
  { "-O2", "recursive body", "", "", "", false, NULL, recursive_source },
};

/* Whether case C uses x86 options or target attributes, which other
   targets do not have.  */
static bool
x86_case_p (const struct attribute_case *c)
{
  return strstr (c->options, " -m") || (c->callee && strstr (c->callee,
							       "target ("))
	 || (c->caller && strstr (c->caller, "target ("))
	 || c->source == integer_fpmath_source
	 || c->source == integer_avx2_source;
}

static const char force_body_policy[]
  = "version: 1\nfunctions:\n  - name: body\n    action: always_inline\n";

static struct run
compile (const char *src, const char *options, const char *defines,
	 const char *plugin_args, const char *obj)
{
  struct args a = { { 0 }, 0 };
  args_add (&a, harness_gcc ());
  if (plugin_args)
    {
      const char *policy = harness_write ("body.yaml", force_body_policy);
      args_add_plugin (&a, &policy, 1);
      args_add_words (&a, plugin_args);
    }
  args_add_words (&a, options);
  if (*defines)
    args_add (&a, defines);
  args_add_words (&a, "-fdiagnostics-plain-output -c");
  args_add (&a, src);
  args_add (&a, "-o");
  args_add (&a, obj);
  return harness_run (a.v, NULL);
}

/* The plugin's warnings in STDERR_TEXT, one a line, for messages (GCC's
   own, such as -Wattributes, are the same with or without it).  */
static const char *
warnings_of (const char *stderr_text)
{
  struct diagnostics ds = harness_diagnostics (stderr_text);
  const char *text = "";
  for (size_t i = 0; i < ds.n; i++)
    if (strcmp (ds.d[i].kind, "note") != 0
	&& strstr (ds.d[i].message, "[hotinline]"))
      text = harness_fmt ("%s%u: %s: %s\n", text, ds.d[i].line, ds.d[i].kind,
			  ds.d[i].message);
  harness_diagnostics_free (&ds);
  return text;
}

/* Whether the line at LINE reports a call left: not inlined, or only
   partly (GCC split the function and inlined its head).  */
static bool
line_reports_a_call (const char *line)
{
  const char *end = strchr (line, '\n');
  const char *a = strstr (line, "not inlined into");
  const char *b = strstr (line, "only partly inlined");
  return (a && a < end) || (b && b < end);
}

START_TEST (test_forcing_across_attributes_as_by_hand)
{
  const struct attribute_case *c = &attribute_cases[_i];
  const char *src;
  unsigned body_line = BODY_LINE;
  if (c->source)
    {
      src = harness_write ("case.c", c->source);
      body_line = 6;
    }
  else if (!c->callee)
    {
      src = harness_write ("case.c", vectorize_source);
      body_line = 6;
    }
  else
    src = harness_write ("case.c",
			 harness_fmt (source_template, c->before, c->callee,
				      c->after, c->caller, c->caller));
  const char *what = harness_fmt ("%s %s%s%s", c->options,
				  c->callee ? c->callee : "(the reproduction)",
				  c->caller && *c->caller ? " callers " : "",
				  c->caller ? c->caller : "");
  const char *dir = harness_tmpdir ();
  const char *plain = harness_fmt ("%s/plain.o", dir);
  const char *hand = harness_fmt ("%s/hand.o", dir);
  const char *forced = harness_fmt ("%s/forced.o", dir);
  const char *surgical = harness_fmt ("%s/surgical.o", dir);

  if (x86_case_p (c) && strcmp (harness_target (), "x86_64") != 0)
    {
      fprintf (stderr, "SKIP %s on %s: x86 options and target attributes\n",
	       what, harness_target ());
      return;
    }
  const char *storage = c->storage ? c->storage : "static inline";
  const char *as_written = c->storage ? harness_fmt ("-DFORCE=%s", storage)
				      : "";
  if (c->storage)
    what = harness_fmt ("%s, body declared '%s'", what, storage);
  struct run r = compile (src, c->options, as_written, NULL, plain);
  ck_assert_msg (r.status == 0, "%s: plain build failed: %.1500s", what,
		 r.err);
  ck_assert_msg (harness_count_calls (plain, "body") > 0,
		 "%s: GCC inlines body by itself; the case proves nothing",
		 what);

  struct run by_hand
    = compile (src, c->options,
	       harness_fmt ("-DFORCE=%s __attribute__ ((always_inline))",
			    storage), NULL, hand);
  bool hand_inlines = by_hand.status == 0;
  if (!hand_inlines)
    ck_assert_msg (strstr (by_hand.err, "inlining failed in call to"),
		   "%s: the hand build fails for another reason: %.1500s",
		   what, by_hand.err);
  /* GCC may also drop the attribute with a warning (beside noinline):
     then forcing must leave the function alone too, and say so.  */
  else if (harness_count_calls (hand, "body") > 0)
    {
      ck_assert_msg (strstr (by_hand.err, "ignoring attribute"),
		     "%s: the hand build leaves calls without saying why: "
		     "%.1500s", what, by_hand.err);
      hand_inlines = false;
    }

  r = compile (src, c->options, as_written, "", forced);
  ck_assert_msg (r.status == 0, "%s: attribute forcing failed the build: "
		 "%.1500s", what, r.err);
  const char *warnings = warnings_of (r.err);
  if (hand_inlines)
    {
      ck_assert_msg (!*warnings, "%s: the hand annotation inlines, but "
		     "forcing warns:\n%s", what, warnings);
      ck_assert_msg (strcmp (harness_disassembly (forced),
			     harness_disassembly (hand)) == 0,
		     "%s: code differs from always_inline by hand (compare %s "
		     "and %s)", what, forced, hand);
    }
  else
    {
      const char *expected
	= harness_fmt ("%u: warning: hot function 'body' is not forced "
		       "inline: ", body_line);
      /* Then the calls left, reported as for any always_inline entry
	 that cannot be forced.  */
      bool only_reports = true;
      for (const char *l = strchr (warnings, '\n'); l && l[1];
	   l = strchr (l + 1, '\n'))
	only_reports &= line_reports_a_call (l + 1);
      ck_assert_msg (strncmp (warnings, expected, strlen (expected)) == 0
		     && only_reports,
		     "%s: the hand annotation is an error (%s); expected the "
		     "warning '%s...' and reports of the calls, got:\n%s",
		     what, strstr (by_hand.err, "error"), expected, warnings);
      ck_assert_msg (strcmp (harness_disassembly (forced),
			     harness_disassembly (plain)) == 0,
		     "%s: not forced, yet the code changed", what);
    }

  r = compile (src, c->options, as_written,
	       "-fplugin-arg-hotinline-strategy=surgical "
	       "-fplugin-arg-hotinline-severity=note", surgical);
  ck_assert_msg (r.status == 0, "%s: surgical forcing failed the build: "
		 "%.1500s", what, r.err);
  int calls = harness_count_calls (surgical, "body");
  if (!hand_inlines)
    ck_assert_msg (calls > 0, "%s: surgical forcing inlined body where the "
		   "hand annotation is an error", what);
  else if (!c->surgical_may_leave)
    ck_assert_msg (calls == 0, "%s: the hand annotation inlines, surgical "
		   "forcing leaves %d call(s):\n%s", what, calls, r.err);
}
END_TEST


/* At an LTO link, for a call between units, GCC's IPA inliner judges the
   hand annotation: flags that change what the code means must agree, and
   the caller's target must have what the callee's uses.  The plugin on the
   link line forces surgically by the same rule.  On the callee's compile
   line alone, it never makes the link fail: where the hand annotation
   stops it, a call stays.  */
static const struct
{
  const char *callee, *caller;
} lto_cases[] = {
  { "__attribute__ ((optimize (\"no-tree-vectorize\")))", "" },
  { "__attribute__ ((optimize (\"fast-math\")))", "" },
  { "", "__attribute__ ((optimize (\"fast-math\")))" },
  { "__attribute__ ((optimize (\"wrapv\")))", "" },
  { "__attribute__ ((optimize (\"O0\")))", "" },
  { "__attribute__ ((target (\"avx2\")))", "" },
};

/* Links OBJECTS in DIR into OUT, with POLICY's plugin if not NULL.  */
static struct run
lto_link (const char *dir, const char *objects, const char *out,
	  const char *policy)
{
  struct args a = { { 0 }, 0 };
  args_add (&a, harness_gcc ());
  if (policy)
    args_add_plugin (&a, &policy, 1);
  args_add_words (&a, "-O2 -flto -fchecking -fdiagnostics-plain-output");
  for (const char *o = objects; *o; o += strcspn (o, " "), o += *o == ' ')
    args_add (&a, harness_fmt ("%s/%.*s", dir, (int) strcspn (o, " "), o));
  args_add (&a, "-o");
  args_add (&a, harness_fmt ("%s/%s", dir, out));
  return harness_run (a.v, NULL);
}

START_TEST (test_lto_link_across_units_as_by_hand)
{
  const char *what = harness_fmt ("-flto, callee %s, caller %s",
				  lto_cases[_i].callee, lto_cases[_i].caller);
  if (strstr (lto_cases[_i].callee, "target (")
      && strcmp (harness_target (), "x86_64") != 0)
    {
      fprintf (stderr, "SKIP %s on %s: x86 target attributes\n", what,
	       harness_target ());
      return;
    }
  const char *callee = harness_write
    ("callee.c", harness_fmt ("#ifdef HAND\n"
			      "#define FORCE __attribute__ ((always_inline)) "
			      "inline\n#else\n#define FORCE\n#endif\n"
			      "#define R(i) h = (h ^ p[i]) * 0x9e3779b1u; "
			      "h ^= h >> 15; x = x * 1.5 + p[i];\n"
			      "#define R8(i) R(i) R(i+1) R(i+2) R(i+3) R(i+4) "
			      "R(i+5) R(i+6) R(i+7)\n"
			      "FORCE %s double body (const unsigned *p, "
			      "double x)\n{ unsigned h = 0; R8(0) R8(8) R8(16) "
			      "R8(24) return h + x; }\n"
			      "extern double body (const unsigned *p, "
			      "double x);\n", lto_cases[_i].callee));
  const char *caller = harness_write
    ("caller.c", harness_fmt ("double body (const unsigned *p, double x);\n"
			      "%s double f (const unsigned *p) "
			      "{ return body (p, 1.0); }\n"
			      "unsigned data[40];\n"
			      "int main (void) { return (int) f (data) & 1; }\n",
			      lto_cases[_i].caller));
  const char *dir = harness_tmpdir ();
  const char *policy = harness_write ("body.yaml", force_body_policy);
  struct run r = harness_sh (harness_fmt
    ("cd %s && %s -O2 -flto -c %s -o callee.o && %s -O2 -flto -DHAND -c %s "
     "-o callee-hand.o && %s -O2 -flto -c %s -o caller.o", dir, harness_gcc (),
     callee, harness_gcc (), callee, harness_gcc (), caller));
  ck_assert_msg (r.status == 0, "%s: %.2000s", what, r.err);
  r = lto_link (dir, "callee.o caller.o", "plain", NULL);
  ck_assert_msg (r.status == 0, "%s: plain link: %.2000s", what, r.err);
  int plain_calls = harness_count_calls (harness_fmt ("%s/plain", dir),
					 "body");
  struct run by_hand = lto_link (dir, "callee-hand.o caller.o", "hand", NULL);
  bool hand_inlines = by_hand.status == 0;
  if (!hand_inlines)
    ck_assert_msg (strstr (by_hand.err, "inlining failed in call to"),
		   "%s: the hand link fails for another reason: %.1500s",
		   what, by_hand.err);

  /* Forced on the compile lines only (the caller's says nothing of a
     body in another unit: the link sees it), linked without the plugin:
     the link never fails, and a call stays where GCC would leave it.  */
  const char *const sources[][2] = { { callee, "callee-forced.o" },
				     { caller, "caller-forced.o" } };
  for (int k = 0; k < 2; k++)
    {
      r = compile (sources[k][0], "-O2 -flto -fchecking", "", "",
		   harness_fmt ("%s/%s", dir, sources[k][1]));
      ck_assert_msg (r.status == 0 && !*r.err, "%s: %s with the plugin: "
		     "%.2000s", what, sources[k][0], r.err);
    }
  r = lto_link (dir, "callee-forced.o caller-forced.o", "compile-forced",
		NULL);
  ck_assert_msg (r.status == 0, "%s: the link of a unit forced at its "
		 "compilation fails (by hand: %s): %.2000s", what,
		 hand_inlines ? "links" : "fails too", r.err);
  if (!hand_inlines && plain_calls > 0)
    ck_assert_msg (harness_count_calls (harness_fmt ("%s/compile-forced",
						     dir), "body") > 0,
		   "%s: inlined where neither GCC nor the hand annotation "
		   "inlines", what);

  /* Where GCC inlines body across the units by itself, there is nothing
     more to force (GCC 14 does for some of these cases).  */
  if (plain_calls == 0)
    {
      fprintf (stderr, "SKIP %s: this GCC inlines body by itself at the "
	       "link, nothing to force\n", what);
      return;
    }

  /* The plugin on the link line, the callee compiled without it and with
     it: as by hand.  */
  static const char *const callees[] = { "callee.o", "callee-forced.o" };
  for (int k = 0; k < 2; k++)
    {
      const char *how = harness_fmt ("%s, %s", what, callees[k]);
      r = lto_link (dir, harness_fmt ("%s caller.o", callees[k]), "forced",
		    policy);
      ck_assert_msg (r.status == 0, "%s: the LTO link with the plugin "
		     "failed: %.2000s", how, r.err);
      int calls = harness_count_calls (harness_fmt ("%s/forced", dir),
				       "body");
      if (hand_inlines)
	ck_assert_msg (calls == 0 && !strstr (r.err, "warning"),
		       "%s: the hand annotation inlines; with the plugin %d "
		       "call(s) left:\n%.2000s", how, calls, r.err);
      else
	ck_assert_msg (calls > 0 && strstr (r.err, "warning: hot function "
					    "'body' not inlined into 'f': "),
		       "%s: the hand annotation is an error (%s); with the "
		       "plugin %d call(s) left, reported:\n%.2000s", how,
		       strstr (by_hand.err, "error"), calls, r.err);
    }
}
END_TEST

/* Surgical forcing's bound.  Large hot functions called from many entry
   points, named exactly, as a library's own force-inline macro names
   them: every call is inlined, however much the unit grows.  */
START_TEST (test_surgical_forces_every_exact_entry)
{
  const char *text = "#define R(i) h = (h ^ p[i]) * K; h ^= h >> 15;\n"
		     "#define R8(i) R(i) R(i+1) R(i+2) R(i+3) R(i+4) R(i+5) "
		     "R(i+6) R(i+7)\n";
  const char *policy = "version: 1\nfunctions:\n";
  for (int h = 0; h < 3; h++)
    {
      text = harness_fmt ("%s#define K 0x9e3779b%du\n"
			  "unsigned hot%d (const unsigned *p)\n"
			  "{ unsigned h = %d; R8(0) R8(8) R8(16) R8(24) "
			  "return h; }\n#undef K\n", text, h + 1, h, h);
      policy = harness_fmt ("%s  - {name: hot%d, action: always_inline}\n",
			    policy, h);
    }
  for (int i = 0; i < 12; i++)
    text = harness_fmt ("%sunsigned entry%d (const unsigned *p) "
			"{ return hot0 (p + %d) ^ hot1 (p + %d) "
			"^ hot2 (p + 1); }\n", text, i, i, 2 * i);
  const char *src = harness_write ("entries.c", text);
  const char *pol = harness_write ("entries.yaml", policy);
  const char *plain = harness_fmt ("%s/plain.o", harness_tmpdir ());
  const char *obj = harness_fmt ("%s/entries.o", harness_tmpdir ());
  struct args a = { { 0 }, 0 };
  args_add (&a, harness_gcc ());
  args_add_words (&a, harness_fmt ("-O2 -c %s -o %s", src, plain));
  struct run r = harness_run (a.v, NULL);
  ck_assert_msg (r.status == 0, "%.2000s", r.err);
  a.n = 0;
  args_add (&a, harness_gcc ());
  args_add_plugin (&a, &pol, 1);
  args_add_words (&a, harness_fmt ("-fplugin-arg-hotinline-strategy=surgical "
				   "-fdiagnostics-plain-output -O2 -fchecking "
				   "-c %s -o %s", src, obj));
  r = harness_run (a.v, NULL);
  ck_assert_msg (r.status == 0, "%.2000s", r.err);
  ck_assert_msg (!strstr (r.err, "warning"), "%.2000s", r.err);
  for (int h = 0; h < 3; h++)
    {
      const char *name = harness_fmt ("hot%d", h);
      ck_assert_msg (harness_count_calls (plain, name) >= 12,
		     "GCC inlines %s by itself; the test proves nothing",
		     name);
      ck_assert_msg (harness_count_calls (obj, name) == 0,
		     "%d call(s) to %s left", harness_count_calls (obj, name),
		     name);
    }
}
END_TEST

/* A glob naming a family of functions that call each other three times
   over would grow code exponentially: what it forces is bounded, and the
   warning names the entry whose calls were left; an exact entry in the
   same unit is forced at every call all the same.  */
START_TEST (test_surgical_bounds_a_runaway_glob)
{
  const char *text = "";
  for (int i = 0; i < 14; i++)
    text = harness_fmt ("%sint f%d (int);\n", text, i);
  for (int i = 0; i < 14; i++)
    text = harness_fmt ("%sint f%d (int x) { int s = x * %d; for (int i = 0;"
			" i < x; i++) s ^= s >> 3; %s return s; }\n", text,
			i, i + 3,
			i < 13 ? harness_fmt ("s += f%d (s) + f%d (s + 1) + "
					      "f%d (s + 2);", i + 1, i + 1,
					      i + 1) : "");
  text = harness_fmt ("%sint exact (int x) { int s = x; for (int i = 0; "
		      "i < x; i++) s = s * 7 + (s >> 2); return s; }\n"
		      "int use_exact (int x) { return f0 (x) + exact (x) "
		      "+ exact (x + 1); }\n", text);
  const char *src = harness_write ("fanout.c", text);
  const char *policy = harness_write ("fanout.yaml",
				      "version: 1\nfunctions:\n"
				      "  - {name: exact, action: always_inline}\n"
				      "  - {name: \"f*\", action: "
				      "always_inline}\n");
  const char *obj = harness_fmt ("%s/fanout.o", harness_tmpdir ());
  struct args a = { { 0 }, 0 };
  args_add (&a, harness_gcc ());
  args_add_plugin (&a, &policy, 1);
  args_add_words (&a, harness_fmt ("-fplugin-arg-hotinline-strategy=surgical "
				   "-fplugin-arg-hotinline-severity=note "
				   "-fdiagnostics-plain-output -O2 -fchecking "
				   "-c %s -o %s", src, obj));
  struct run r = harness_run (a.v, NULL);
  ck_assert_msg (r.status == 0, "%.2000s", r.err);
  const char *expected
    = harness_fmt (" hot calls of 'f*' (%s:4:12): the ", policy);
  const char *at = strstr (r.err, "warning: surgical forcing left ");
  ck_assert_msg (at && strstr (at, expected)
		 && strstr (at, " calls it inlined for glob entries grew this "
			    "unit by an estimated "),
		 "expected 'warning: surgical forcing left N%s...'; got:\n"
		 "%.2000s", expected, r.err);
  ck_assert_msg (harness_count_calls (obj, "f*") > 0,
		 "the glob's calls were all inlined");
  ck_assert_int_eq (harness_count_calls (obj, "exact"), 0);
}
END_TEST

/* A hot function defined in a unit but not called there has matched its
   entry, whichever the strategy: the results say so, and the summary
   tool lists no stale entry.  */
static const char *const strategies[] = { "attribute", "surgical" };

START_TEST (test_defined_uncalled_function_matches)
{
  const char *tool = getenv ("HOTINLINE_SUMMARY");
  ck_assert_msg (tool, "HOTINLINE_SUMMARY not set");
  const char *dir = harness_tmpdir ();
  const char *src = harness_write ("lone.c", "unsigned hot (unsigned x)\n"
				   "{ return x * 2654435761u ^ (x >> 7); }\n");
  const char *policy = harness_write ("hot.yaml", "version: 1\nfunctions:\n"
				      "  - name: hot\n"
				      "    action: always_inline\n"
				      "  - {name: absent, action: "
				      "always_inline}\n");
  struct args a = { { 0 }, 0 };
  args_add (&a, harness_gcc ());
  args_add_plugin (&a, &policy, 1);
  args_add_words (&a, harness_fmt ("-fplugin-arg-hotinline-strategy=%s "
				   "-fplugin-arg-hotinline-results=%s/results "
				   "-O2 -c -o %s/lone.o", strategies[_i], dir,
				   dir));
  args_add (&a, src);
  struct run r = harness_run (a.v, NULL);
  ck_assert_msg (r.status == 0, "%.2000s", r.err);
  r = harness_sh (harness_fmt ("%s %s/results", tool, dir));
  ck_assert_int_eq (r.status, 0);
  ck_assert_msg (strstr (r.out, "policy entries that matched nothing in any "
			 "unit:\n") && strstr (r.out, "hot.yaml:5:12: absent\n")
		 && !strstr (r.out, "hot.yaml:3:11: hot"),
		 "%s: expected 'absent' alone stale; got:\n%s",
		 strategies[_i], r.out);
}
END_TEST

Suite *
forcing_rules_suite (void)
{
  Suite *s = runner_suite ("Forcing rules");
  if (harness_skip_on_clang ("Forcing rules", "GCC's own always_inline rules; LLVM's guards are in Force mode's case Guards"))
    return s;
  TCase *tc = runner_tcase ("Attributes");
  tcase_set_timeout (tc, E2E_TIMEOUT);
  tcase_add_loop_test (tc, test_forcing_across_attributes_as_by_hand, 0,
		       (int) (sizeof attribute_cases
			      / sizeof *attribute_cases));
  tcase_add_loop_test (tc, test_lto_link_across_units_as_by_hand, 0,
		       (int) (sizeof lto_cases / sizeof *lto_cases));
  runner_add_tcase (s, tc);

  tc = runner_tcase ("Surgical bound");
  tcase_set_timeout (tc, E2E_TIMEOUT);
  tcase_add_test (tc, test_surgical_forces_every_exact_entry);
  tcase_add_test (tc, test_surgical_bounds_a_runaway_glob);
  runner_add_tcase (s, tc);

  tc = runner_tcase ("Matched entries");
  tcase_set_timeout (tc, E2E_TIMEOUT);
  tcase_add_loop_test (tc, test_defined_uncalled_function_matches, 0,
		       (int) (sizeof strategies / sizeof *strategies));
  runner_add_tcase (s, tc);
  return s;
}
