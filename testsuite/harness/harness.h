/* End-to-end test harness: run the real compiler with the freshly built
   plugin, read the expectations a source or policy carries in its comments,
   and check what came out (diagnostics, object code) independently of what
   the plugin says about itself.  */
#ifndef HOTINLINE_HARNESS_H
#define HOTINLINE_HARNESS_H

#include <stdbool.h>
#include <stddef.h>

/* Paths and programs from the environment set by "make check".  */
const char *harness_plugin (void);	/* HOTINLINE_PLUGIN */
const char *harness_gcc (void);		/* HOTINLINE_GCC */
const char *harness_gxx (void);		/* g++ of the same GCC */
/* Whether HOTINLINE_GCC is a Clang (then HOTINLINE_PLUGIN is the LLVM
   plugin, and harness_gxx its clang++).  */
bool harness_clang (void);
/* The LLVM major version of that Clang (its plugin is build/clang-N/),
   0 on GCC.  */
int harness_clang_major (void);
/* On Clang, say once that SUITE is skipped there and WHY, and return
   true; false on GCC.  */
bool harness_skip_on_clang (const char *suite, const char *why);
/* The same for a cross compiler (another target than the host's).  */
bool harness_skip_on_cross (const char *suite, const char *why);
const char *harness_srcdir (void);	/* HOTINLINE_SRCDIR */
/* The target of HOTINLINE_GCC ("x86_64", "aarch64", "powerpc64le"), and
   whether it is another machine than this one (a cross compiler).  */
const char *harness_target (void);
bool harness_cross (void);
/* The target's objdump and nm, as the compiler finds them.  */
const char *harness_objdump (void);
const char *harness_nm (void);
/* What runs the target's programs here, as a command prefix: "" or
   "qemu-aarch64 -L /usr/aarch64-linux-gnu " (HOTINLINE_RUNNER).  */
const char *harness_runner (void);
/* A fresh directory for the current test, under HOTINLINE_WORKDIR.  */
const char *harness_tmpdir (void);

/* Text built with printf, owned by the harness until the test ends.  */
const char *harness_fmt (const char *fmt, ...)
  __attribute__ ((format (printf, 1, 2)));
/* SRCDIR/REL.  */
const char *harness_src (const char *rel);
/* A file of the test directory with the given contents; returns its path.  */
const char *harness_write (const char *name, const char *contents);
/* The whole file, or NULL.  */
char *harness_read (const char *path, size_t *size);

struct run
{
  int status;			/* Exit status, or 128+signal.  */
  char *out;			/* Standard output.  */
  char *err;			/* Standard error.  */
};

/* Run ARGV (NULL-terminated) with STDIN_TEXT (or /dev/null when NULL) as
   its input.  */
struct run harness_run (const char *const *argv, const char *stdin_text);
void harness_run_free (struct run *);

/* Run the target's program EXE through the runner.  */
struct run harness_run_program (const char *exe, const char *stdin_text);

/* Run a shell command line (for pipelines like "objdump ... | ...").  */
struct run harness_sh (const char *cmd);

/* Argument lists.  */
struct args
{
  const char *v[128];
  int n;
};
void args_add (struct args *, const char *arg);
/* Split ARGS on white space and add each word.  */
void args_add_words (struct args *, const char *words);
/* -fplugin=... and one -fplugin-arg-hotinline-policy=P per policy.  */
void args_add_plugin (struct args *, const char *const *policies,
		      size_t n_policies);

/* Expectations written in comments as "{ hi-KIND arg arg "quoted" }".  */
struct directive
{
  char kind[32];		/* Without "hi-".  */
  unsigned line;		/* Line of the comment.  */
  char *args[8];
  int n_args;
};

struct directives
{
  struct directive *d;
  size_t n;
};

struct directives harness_directives (const char *path);

/* What the directives of the sample at PATH ask of every build: options
   ({ hi-options ... }), policies ({ hi-policy FILE }, relative to the
   sample) and whether to run the program ({ hi-run }).  */
struct sample_setup
{
  const char *options;
  const char *policies[8];
  size_t n_policies;
  bool run;
};
struct sample_setup harness_sample_setup (const char *path,
					  const struct directives *ds);
void harness_directives_free (struct directives *);

/* A diagnostic as GCC prints it: "file:line:col: kind: message" or
   "cc1: kind: message" (line and column 0).  */
struct diagnostic
{
  char *file;
  unsigned line, column;
  char kind[16];		/* error, warning, note, fatal error, remark.  */
  char *message;
};

struct diagnostics
{
  struct diagnostic *d;
  size_t n;
};

struct diagnostics harness_diagnostics (const char *stderr_text);
void harness_diagnostics_free (struct diagnostics *);

/* Calls and tail calls to FUNCTION, or to a clone of it (FUNCTION.xxx), in
   the object file OBJ, counted from objdump's disassembly and relocations.
   FUNCTION "prefix*" counts calls to every symbol with that prefix.  */
int harness_count_calls (const char *obj, const char *function);

/* The source lines ("file.c:LINE", file without directories) of the calls
   to FUNCTION or its clones in OBJ, from objdump's line information (OBJ
   built with -g), sorted, each once.  Lines of files other than SOURCE
   (a base name) are left out.  */
char **harness_call_lines (const char *obj, const char *function,
			   const char *source, size_t *n);

/* The same, a line once per call on it: "f.c:12" twice for two calls.  */
char **harness_call_sites (const char *obj, const char *function,
			   const char *source, size_t *n);

/* The functions of OBJ that call FUNCTION (or its clones), each once.  */
char **harness_callers (const char *obj, const char *function, size_t *n);

/* Whether the object defines FUNCTION or a clone of it (nm).  */
bool harness_defines (const char *obj, const char *function);

/* The functions of OBJ, each with its code as text with addresses and
   offsets left out, so that the same code placed elsewhere compares equal.
   NAMES[i] and BODIES[i]; N functions.  */
struct functions
{
  char **names;
  char **bodies;
  size_t n;
};
struct functions harness_functions (const char *obj);
/* The body of NAME in FNS, or NULL.  */
const char *harness_function_body (const struct functions *fns,
				   const char *name);

/* How many times NEEDLE occurs in TEXT (overlapping ones too).  */
size_t harness_occurrences (const char *text, const char *needle);

/* FILE passes Microsoft's SARIF validator (sarif-multitool validate): no
   error, a warning is not one.  The validator is installed by
   .ci/install-deps into build/npm; its Linux binary is run directly, so
   that no node is needed (the Debian testing chroot has none), or the one
   HOTINLINE_SARIF_MULTITOOL names.  Without it, says so on stderr and
   checks nothing.  */
void harness_assert_valid_sarif (const char *file);

/* objdump -d of OBJ's code without addresses-specific noise: the text used
   to compare two objects' code.  */
char *harness_disassembly (const char *obj);

/* The GCC plugin built with the test binary, in its directory
   (build/gcc-12 for gcc-12), when that GCC is on this machine: its path,
   and the GCC's name in *GCC.  NULL otherwise.  For the tests that build
   one sample with both compilers; also called while the suites are
   made, outside any test, so it asserts nothing.  */
const char *harness_gcc_plugin (const char **gcc);

#endif /* HOTINLINE_HARNESS_H */
