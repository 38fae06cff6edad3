/* C++ function names as users write them and as compilers print them,
   brought to one spelling so that the two compare as plain strings.  Plain
   C: used by the policy loader on entry names and by each compiler's glue
   on the names it computes.  */
#ifndef HOTINLINE_CXX_NAMES_H
#define HOTINLINE_CXX_NAMES_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* NAME in the canonical spelling (malloc'd):
   - "(anonymous namespace)" (demanglers, Clang) becomes "{anonymous}"
     (GCC);
   - white space is dropped except a single space between two words,
     after a comma and before a qualifier after ')' ("const char *" and
     "const char*" are "const char*", "f(int,int)const" is
     "f(int, int) const", "V<V<int> >" is "V<V<int>>");
   - the words of a built-in arithmetic type are put in one order:
     "long unsigned int", "unsigned long int" and "unsigned long" are
     "unsigned long"; "unsigned" is "unsigned int", "short int" "short",
     "signed char" stays apart from "char".
   Typedefs are left as written: the compiler side offers a name both with
   the typedefs of the declaration and without any.  */
char *cxx_name_normalize (const char *name);

/* Where the part of the function name NAME[0..LEN) that is always literal
   text starts, LEN when there is none: the operator after the word
   "operator" ("operator[]", "operator()", "operator bool") and a trailing
   parameter list with its qualifiers ("(const char*, int) const").  Glob
   characters count only before it.  */
size_t cxx_name_literal_start (const char *name, size_t len);

/* Whether NAME[0..LEN) ends with a parameter list.  */
int cxx_name_has_parameters (const char *name, size_t len);

/* NAME as a policy entry that names it exactly (malloc'd): a backslash
   before each glob character ('*', '?', '[', '\\') of the part before
   the literal tail, such as the "[7]" of an array type among template
   arguments ("S<const char(&)[7]>::f()"), which would otherwise start a
   character class.  */
char *cxx_name_escape_globs (const char *name);

#ifdef __cplusplus
}
#endif

#endif /* HOTINLINE_CXX_NAMES_H */
