/* What every compiler's plugin shares about results files: which command
   line options make one compilation's code differ from another's, and the
   name of the results file of a compilation.  Plain C, no compiler
   headers.  */
#ifndef HOTINLINE_RESULTS_NAME_H
#define HOTINLINE_RESULTS_NAME_H

#include <stdbool.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Whether the compiler option ARG, as written on the command line
   ("-O2", "-D PIC", "-fplugin-arg-hotinline-results=DIR"), can change the
   code of a compilation, and so belongs in its flags key.  Options that
   name outputs or inputs (-o, -dumpdir, -M*), warnings and diagnostics,
   and hotinline's own arguments that only choose where or how results and
   messages go do not.  */
bool results_option_changes_code (const char *arg);

/* The results file of one compilation in the directory DIR:
   "DIR/BASE.HASH.json", BASE the base name of SOURCE, HASH 16 hex digits
   of an xxHash (XXH3, 64 bits) of SOURCE, OUTPUT and FLAGS_KEY.  OUTPUT
   names the compilation's output (an absolute path, so that two
   directories' "t.o" differ); FLAGS_KEY is the options that change code
   (results_option_changes_code), space separated in command-line order.
   Two compilations of one source into different outputs, or with
   different flags, get different files; the same compilation run again
   replaces its own.  malloc'd; NULL only when out of memory.  */
char *results_file_name (const char *dir, const char *source,
			 const char *output, const char *flags_key);

#ifdef __cplusplus
}
#endif

#endif /* HOTINLINE_RESULTS_NAME_H */
