/* The compiler wrapper hotinline-cc (wrapper.c), as the suites that run it
   share it: the wrapper's link for the harness's compiler and its
   arguments.  */
#ifndef HOTINLINE_E2E_WRAPPER_H
#define HOTINLINE_E2E_WRAPPER_H

#include "harness/harness.h"

/* hotinline-GCC: the wrapper's link for the harness's compiler.  */
const char *wrapped_gcc (void);
/* The wrapper's arguments for POLICY: -iplugindir names the directory of
   the built plugin, which is not installed while testing.  */
const char *wrapper_args (const char *policy);
/* HOTINLINE_CC_WRAPPER names the wrapper, or the test fails.  */
void assert_wrapper_built (void);

/* What the tests that compile through the wrapper for real share: the
   plugin's options for POLICY, the xarray sample's policy, the directory
   DIR of the test directory (made if need be: objects built in different
   directories under the same name have the same -MD output, so local and
   distributed builds go to "local" and "remote"), the compile command for
   SOURCE into DIR/NAME.o with FLAGS by COMPILER (compile_in: the
   harness's) run through WRAPPER (a command prefix, "" for a local
   build), and that files A and B are the same.  */
const char *plugin_args (const char *policy);
const char *xarray_policy (void);
const char *build_dir (const char *dir);
struct run compile_by (const char *dir, const char *wrapper,
		       const char *compiler, const char *source,
		       const char *name, const char *flags);
struct run compile_in (const char *dir, const char *wrapper,
		       const char *source, const char *name,
		       const char *flags);
void assert_same_file (const char *a, const char *b);

#endif /* HOTINLINE_E2E_WRAPPER_H */
