/* Samples of marks, one per verdict of the audit, shared by the suites
   that build them with and without their marks ("Disregarded marks",
   "Mark audit").  Each mark is a macro that a hand build defines
   empty.  */
#ifndef HOTINLINE_E2E_MARK_SAMPLES_H
#define HOTINLINE_E2E_MARK_SAMPLES_H

/* A function over every inliner's limits: 64 rounds of a hash.  */
#define BIG_BODY \
  "#define R(i) h = (h ^ p[i]) * 0x9e3779b1u; h ^= h >> 15;\n" \
  "#define R8(i) R(i) R(i+1) R(i+2) R(i+3) R(i+4) R(i+5) R(i+6) R(i+7)\n"

/* The marks, each a macro the hand build defines empty.  */
#define MARKS \
  "#ifndef MARK_A\n#define MARK_A __attribute__ ((always_inline))\n#endif\n" \
  "#ifndef MARK_B\n#define MARK_B __attribute__ ((always_inline))\n#endif\n" \
  "#ifndef INL\n#define INL inline\n#endif\n"

/* Needed for the code: without its mark, big stays a call.  */
static const char __attribute__ ((unused)) needed_for_code[] = MARKS BIG_BODY
  "static INL MARK_A unsigned\n"
  "big (const unsigned *p)\n"
  "{ unsigned h = 0; R8(0) R8(8) R8(16) R8(24) R8(32) R8(40) R8(48) R8(56)"
  " return h; }\n"
  "unsigned f1 (const unsigned *p) { return big (p) + 1; }\n"
  "unsigned f2 (const unsigned *p) { return big (p + 1) * 3; }\n"
  "unsigned f3 (const unsigned *p) { return big (p + 2) ^ 5; }\n";

/* Without effect: the inliner takes a function this small anyway.  */
static const char __attribute__ ((unused)) without_effect[] = MARKS
  "static INL MARK_A int add1 (int x) { return x + 1; }\n"
  "int g1 (int x) { return add1 (x) * 2; }\n"
  "int g2 (int x) { return add1 (x) - 7; }\n";

/* Needed for the build: the size is a constant only once the helper is
   inlined into its caller; out of line, the check's error call stays.  */
static const char __attribute__ ((unused)) needed_for_build[] = MARKS BIG_BODY
  "extern void size_not_constant (void)\n"
  "  __attribute__ ((error (\"size is not a constant\")));\n"
  "extern unsigned sink;\n"
  "static INL MARK_A void\n"
  "copy_checked (const unsigned *p, unsigned n)\n"
  "{\n"
  "  if (!__builtin_constant_p (n)) size_not_constant ();\n"
  "  unsigned h = n; R8(0) R8(8) R8(16) R8(24) R8(32) R8(40) R8(48) R8(56)\n"
  "  sink = h;\n"
  "}\n"
  "void c1 (const unsigned *p) { copy_checked (p, 16); }\n"
  "void c2 (const unsigned *p) { copy_checked (p, 24); }\n"
  "void c3 (const unsigned *p) { copy_checked (p, 32); }\n"
  "void c4 (const unsigned *p) { copy_checked (p, 40); }\n";

#endif /* HOTINLINE_E2E_MARK_SAMPLES_H */
