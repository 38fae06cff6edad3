/* The compiler wrapper hotinline-cc (wrapper.c), as the suites that run it
   share it: the wrapper's link for the harness's compiler and its
   arguments.  */
#ifndef HOTINLINE_E2E_WRAPPER_H
#define HOTINLINE_E2E_WRAPPER_H

/* hotinline-GCC: the wrapper's link for the harness's compiler.  */
const char *wrapped_gcc (void);
/* The wrapper's arguments for POLICY: -iplugindir names the directory of
   the built plugin, which is not installed while testing.  */
const char *wrapper_args (const char *policy);
/* HOTINLINE_CC_WRAPPER names the wrapper, or the test fails.  */
void assert_wrapper_built (void);

#endif /* HOTINLINE_E2E_WRAPPER_H */
