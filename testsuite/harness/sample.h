/* The samples of testsuite/samples/ and examples/ as the end-to-end suites
   use them: one loader of a sample and what its directives ask, one
   matcher of a build's diagnostics against its hi-warning, hi-error and
   hi-note directives, and what the suites that build the Clang samples
   share (a build with the compiler of the sample's language, the lines of
   the reports and of the calls, a unit with known numbers).  */
#ifndef HOTINLINE_HARNESS_SAMPLE_H
#define HOTINLINE_HARNESS_SAMPLE_H

#include <stdbool.h>

#include "harness/harness.h"

/* A sample and what its directives ask.  */
struct sample
{
  const char *path;
  const char *name;		/* Base name without its extension.  */
  struct directives ds;
  struct sample_setup setup;	/* Options, policies, whether to run it.  */
  const char *plugin_args;	/* -fplugin-arg-hotinline-... for a test.  */
};

/* The sample at PATH, or, for a bare file name, testsuite/samples/FILE.  */
struct sample sample_load (const char *path);

/* The object S-VARIANT.o of the test directory.  */
const char *sample_obj (const struct sample *s, const char *variant);

/* Every warning, error and note directive of S on its line among the
   diagnostics of ERR, and no other warning or error there.  CONTEXT
   names the build in a failure.  */
void sample_check_diagnostics (const struct sample *s, const char *err,
			       const char *context);

/* Compile S to OBJ with EXTRA, with the plugin (and ARGS) or without, by
   the compiler of its language (harness_gxx for a .cc).  */
struct run sample_build (const struct sample *s, bool plugin,
			 const char *args, const char *extra, const char *obj);

/* S built with EXTRA into S-plain.o without the plugin and into
   S-report.o with it (and ARGS): both build, and report mode leaves the
   code as it is.  The report build's run.  */
struct run sample_build_report_as_plain (const struct sample *s,
					 const char *args, const char *extra);

/* Link the object O and run it; its output.  */
char *sample_run_program (const char *o);

/* The lines of the reports about FUNCTION in ERR ("file.c:LINE"), one per
   report, sorted as harness_call_sites sorts, each after a space.  */
const char *harness_reported_lines (const char *err, const char *function);

/* The same for the calls to FUNCTION in the object O, from objdump's line
   information, lines of SOURCE only.  */
const char *harness_call_lines_text (const char *o, const char *function,
				     const char *source);

/* Whether the LLVM plugin sees the calls as the code generator emits them,
   and reports those: from LLVM 22, the first that lets a plugin into its
   code generator; before, the reports are about the IR's calls, the last
   a plugin sees (docs/clang.md).  */
bool harness_clang_sees_emitted_calls (void);

/* A unit with known numbers: big is forced (LLVM's inliner declines it
   at -O2, cost over 225), kept cannot be (noinline), leaf is audited, and
   "absent" names nothing.  Five calls to them as written; kept's and
   leaf's three stay calls.  Its policy.  */
extern const char harness_counted_source[];
extern const char harness_counted_policy[];

/* Compile SRC with POLICY (NULL: without the plugin), ARGS and FLAGS to
   OUT.  */
struct run harness_compile_counted (const char *src, const char *policy,
				    const char *args, const char *flags,
				    const char *out);

/* Compile testsuite/samples/report.c, where four hot calls stay calls
   (three to mix, one to pinned), with POLICY (NULL: its own,
   report.yaml), the plugin arguments PLUGIN_ARGS and the compiler options
   OPTIONS, to /dev/null, GCC's diagnostics plain.  */
enum { REPORTED_CALLS = 4 };
struct run harness_compile_report (const char *policy,
				   const char *plugin_args,
				   const char *options);

#endif /* HOTINLINE_HARNESS_SAMPLE_H */
