/* The names compilers give the copies they make of a function, and the
   function each one is a copy of.  Plain C: the policy lookup, the LLVM
   plugin and hotinline-profile apply this one rule.  */
#ifndef HOTINLINE_CLONE_NAMES_H
#define HOTINLINE_CLONE_NAMES_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The length of NAME[0..LEN) without its clone suffix: LEN when it has
   none.  GCC writes a clone as its origin's name and suffixes, each a '.'
   and a word or a number ("foo.constprop.0", "foo.part.0", "foo.cold",
   "foo.isra.0", "foo.lto_priv.0", "foo.localalias",
   "foo.isra.0.constprop.0"); LLVM likewise ("foo.llvm.123456",
   "foo.cold.1", "foo.specialized.1", and "foo.1" for a renamed internal
   function); GCC's demangler prints the suffix as " [clone .isra.0]".

   The rule: the suffix starts at the first '.' that is neither the first
   character (".L1" is an assembler label) nor inside brackets of any kind,
   or at a " [clone ." outside brackets.  A C identifier and a mangled C++
   name never contain '.', so for them any '.' starts a suffix; the
   demangled and qualified forms hold '.' only inside brackets: a
   parameter list ("f(int, ...)"), template arguments ("f<1.5>"), a
   lambda ("{lambda()#1}", "<lambda()>").  The brackets of an operator's
   name ("operator<", "operator<<", "operator->", "operator()") open or
   close nothing.  */
size_t clone_base_length (const char *name, size_t len);

/* The same for the NUL-terminated NAME: "foo.constprop.0" names "foo".  */
size_t policy_base_name_length (const char *name);

#ifdef __cplusplus
}
#endif

#endif /* HOTINLINE_CLONE_NAMES_H */
