/* Unit tests of C++ names in policies (cxx-names.c): one spelling for the
   forms GCC and Clang print, names escaped for a glob, operators and
   parameter lists, and the entries such names make.  */
#define _GNU_SOURCE
#include <check.h>
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <limits.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include "policy.h"
#include "cxx-names.h"
#include "policy-internal.h"
#include "suggest.h"
#include "unit/suites.h"
#include "unit/policy-helpers.h"

/* NAME in the canonical spelling, owned by the test.  */
static const char *
normal (const char *name)
{
  char *n = cxx_name_normalize (name);
  const char *copy = fmt ("%s", n);
  free (n);
  return copy;
}

/* A name escaped for a policy is an entry that matches that name and no
   other: the '[' of an array type, the '*' of a pointer type among
   template arguments or in an enclosing function's parameters are text;
   an operator and a trailing parameter list are left as they are.  */
START_TEST (test_cxx_escaped_name_matches_itself_only)
{
  static const struct
  {
    const char *name, *escaped, *other;
  } cases[] = {
    { "S<const char(&)[7], int&>::f()", "S<const char(&)\\[7], int&>::f()",
      "S<const char(&)7, int&>::f()" },
    { "f<char*>(char*)", "f<char\\*>(char*)", "f<char**>(char*)" },
    { "g(const T*)::<lambda()>::operator()() const",
      "g(const T\\*)::<lambda()>::operator()() const",
      "g(const T**)::<lambda()>::operator()() const" },
    { "S<int[2]>::operator[](unsigned long)",
      "S<int\\[2]>::operator[](unsigned long)",
      "S<int2>::operator[](unsigned long)" },
    { "h?(int)", "h\\?(int)", "hx(int)" },
  };
  for (size_t i = 0; i < sizeof cases / sizeof *cases; i++)
    {
      char *e = cxx_name_escape_globs (cases[i].name);
      ck_assert_str_eq (e, cases[i].escaped);
      ck_assert_msg (name_matches (e, cases[i].name), "%s", e);
      ck_assert_msg (!name_matches (e, cases[i].other), "%s matches %s", e,
		     cases[i].other);
      free (e);
    }
}
END_TEST

START_TEST (test_cxx_spaces_and_arithmetic_types_have_one_spelling)
{
  ck_assert_str_eq (normal ("ns::parser::parse(const unsigned char *, "
			    "long unsigned int, bool)"),
		    "ns::parser::parse(const unsigned char*, unsigned long, "
		    "bool)");
  ck_assert_str_eq (normal ("f(unsigned long int)"), "f(unsigned long)");
  ck_assert_str_eq (normal ("f(unsigned)"), "f(unsigned int)");
  ck_assert_str_eq (normal ("f(short int, long long int, signed int)"),
		    "f(short, long long, int)");
  ck_assert_str_eq (normal ("f(long unsigned long)"),
		    "f(unsigned long long)");
  /* Distinct types stay distinct.  */
  ck_assert_str_eq (normal ("f(signed char, char, long double)"),
		    "f(signed char, char, long double)");
  ck_assert_str_eq (normal ("V<V<int> >::get"), "V<V<int>>::get");
  ck_assert_str_eq (normal ("operator new [](unsigned long)"),
		    "operator new[](unsigned long)");
  ck_assert_str_eq (normal ("S::operator bool() const"),
		    "S::operator bool() const");
  /* A word that only starts like a type keyword is a name.  */
  ck_assert_str_eq (normal ("f(longest, unsignedness)"),
		    "f(longest, unsignedness)");
  /* Identifiers and globs of them are their own spelling, unless a word
     is one the spelling rewrites.  */
  ck_assert_str_eq (normal ("xas_descend"), "xas_descend");
  ck_assert_str_eq (normal ("gen_7_*_slow?"), "gen_7_*_slow?");
  ck_assert_str_eq (normal ("unsigned"), "unsigned int");
  ck_assert_str_eq (normal ("long*"), "long*");
}
END_TEST

/* Demanglers (Clang's, LLVM's) put a qualifier after its type, GCC and
   most people before it: both spellings are one name.  */
START_TEST (test_cxx_qualifier_after_its_type_has_one_spelling)
{
  static const char *const pairs[][2] = {
    { "ns::p::parse(unsigned char const*, unsigned long, bool) const",
      "ns::p::parse(const unsigned char *, unsigned long, bool) const" },
    { "f(char const* const&)", "f(const char * const &)" },
    { "g(std::vector<int, std::allocator<int> > const&)",
      "g(const std::vector<int, std::allocator<int> >&)" },
    { "h(V<int const> const volatile*)", "h(const volatile V<const int>*)" },
    { "S::operator<(S const&) const", "S::operator<(const S&) const" },
    { "f(int (*)(int const))", "f(int(*)(const int))" },
    { "k(int volatile const&)", "k(const volatile int&)" },
  };
  for (size_t i = 0; i < sizeof pairs / sizeof *pairs; i++)
    ck_assert_str_eq (normal (pairs[i][0]), normal (pairs[i][1]));
  ck_assert_str_eq (normal ("f(char const* const&)"), "f(const char*const&)");
  /* A pointer's own const stays where it is.  */
  ck_assert_str_eq (normal ("f(char* const)"), "f(char*const)");
  ck_assert_str_ne (normal ("f(char* const)"), normal ("f(const char*)"));
  /* A name that ends in "const" is no qualifier.  */
  ck_assert_str_eq (normal ("f(myconst)"), "f(myconst)");
}
END_TEST

/* A lambda as demanglers write it is GCC's spelling.  */
START_TEST (test_cxx_lambda_has_gcc_spelling)
{
  ck_assert_str_eq (normal ("use_lambda(int)::'lambda'(int)::operator()"),
		    "use_lambda(int)::<lambda(int)>::operator()");
  ck_assert_str_eq (normal ("f()::'lambda0'(char const*, int)::operator()"),
		    "f()::<lambda(const char*, int)>::operator()");
  ck_assert_str_eq (normal ("x::'lambda'()::operator()"),
		    "x::<lambda()>::operator()");
  /* Not a lambda: left as it is.  */
  ck_assert_str_eq (normal ("'lambda'(int"), "'lambda'(int");
}
END_TEST

START_TEST (test_cxx_anonymous_namespace_has_both_spellings)
{
  ck_assert_str_eq (normal ("ns::(anonymous namespace)::S::walk<false>"),
		    "ns::{anonymous}::S::walk<false>");
  struct policy *p = load_ok ("version: 1\nfunctions:\n"
			      "  - name: \"ns::(anonymous namespace)::f\"\n");
  ck_assert_ptr_nonnull (policy_lookup (p, "ns::{anonymous}::f", NULL,
					NULL));
  policy_free (p);
}
END_TEST

START_TEST (test_cxx_operators_need_no_escapes)
{
  ck_assert (name_matches ("ns::S::operator[]", "ns::S::operator[]"));
  ck_assert (!name_matches ("ns::S::operator[]", "ns::S::operatorx"));
  ck_assert (name_matches ("ns::S::operator()", "ns::S::operator()"));
  ck_assert (name_matches ("ns::S::operator*", "ns::S::operator*"));
  ck_assert (!name_matches ("ns::S::operator*", "ns::S::operator+"));
  ck_assert (!name_matches ("ns::S::operator*", "ns::S::operator*="));
  ck_assert (name_matches ("operator<", "operator<"));
  ck_assert (!name_matches ("operator<", "operator<="));
  ck_assert (name_matches ("operator?", "operator?"));
  ck_assert (!name_matches ("operator?", "operator+"));
  /* Wildcards before the operator still work.  */
  ck_assert (name_matches ("*::operator[]", "ns::S::operator[]"));
  ck_assert (!name_matches ("*::operator[]", "ns::S::operator()"));
  ck_assert (name_matches ("ns::*::operator*", "ns::V<int>::operator*"));
  ck_assert (!name_matches ("ns::*::operator*", "ns::V<int>::operator->"));
  /* A name that only contains the word is a glob as before.  */
  ck_assert (name_matches ("my_operator*", "my_operator_add"));
  struct policy *p = load_ok ("version: 1\nfunctions:\n"
			      "  - name: \"ns::S::operator[]\"\n"
			      "  - name: \"operator()\"\n");
  ck_assert_uint_eq (found_line (p, "ns::S::operator[]", NULL, NULL), 3);
  ck_assert_uint_eq (found_line (p, "operator()", NULL, NULL), 4);
  ck_assert_uint_eq (found_line (p, "operator(", NULL, NULL), 0);
  policy_free (p);
}
END_TEST

START_TEST (test_cxx_parameter_list_is_literal_and_selects_an_overload)
{
  struct policy *p
    = load_ok ("version: 1\nfunctions:\n"
	       "  - name: \"ns::parser::parse(const unsigned char *, "
	       "unsigned long, bool)\"\n"
	       "  - name: \"ns::*::get(char*) const\"\n");
  /* As GCC prints it, canonical spelling.  */
  const char *gcc = normal ("ns::parser::parse(const unsigned char*, "
			    "long unsigned int, bool)");
  ck_assert_uint_eq (found_line (p, gcc, NULL, NULL), 3);
  ck_assert_uint_eq (found_line (p, normal ("ns::parser::parse(const "
					    "char*, long unsigned int, "
					    "bool)"), NULL, NULL), 0);
  ck_assert_uint_eq (found_line (p, "ns::parser::parse", NULL, NULL), 0);
  /* The '*' of the parameter list is a pointer, the first a wildcard.  */
  ck_assert_uint_eq (found_line (p, normal ("ns::V<int>::get(char*) const"),
				 NULL, NULL), 4);
  ck_assert_uint_eq (found_line (p, normal ("ns::V<int>::get(char&) const"),
				 NULL, NULL), 0);
  ck_assert_uint_eq (found_line (p, normal ("ns::V<int>::get(char*)"),
				 NULL, NULL), 0);
  policy_free (p);
}
END_TEST

START_TEST (test_cxx_lambda_scope_names_match_themselves)
{
  const char *name = "use(ns::S&, ns::V<int>&)::<lambda(int)>::operator()";
  ck_assert (name_matches (name, name));
  ck_assert (name_matches ("use(*)::<lambda(int)>::operator()", name));
  ck_assert (name_matches ("use(char*)::<lambda()>::operator()",
			   "use(char*)::<lambda()>::operator()"));
}
END_TEST

START_TEST (test_cxx_bad_glob_before_an_operator_is_still_reported)
{
  ASSERT_LOAD_ERRORS ("version: 1\n"
		      "functions:\n"
		      "  - name: \"ns::[S::operator[]\"\n",
		      DOC ":3:11: bad function name 'ns::[S::operator[]': '[' "
		      "starts a character class that is never closed");
}
END_TEST

Suite *
cxx_spelling_suite (void)
{
  Suite *s = runner_suite ("C++ name spelling");
  TCase *tc;

  tc = runner_tcase ("C++ names");
  tcase_add_test (tc, test_cxx_spaces_and_arithmetic_types_have_one_spelling);
  tcase_add_test (tc, test_cxx_escaped_name_matches_itself_only);
  tcase_add_test (tc, test_cxx_qualifier_after_its_type_has_one_spelling);
  tcase_add_test (tc, test_cxx_lambda_has_gcc_spelling);
  tcase_add_test (tc, test_cxx_anonymous_namespace_has_both_spellings);
  tcase_add_test (tc, test_cxx_operators_need_no_escapes);
  tcase_add_test (tc,
		  test_cxx_parameter_list_is_literal_and_selects_an_overload);
  tcase_add_test (tc, test_cxx_lambda_scope_names_match_themselves);
  tcase_add_test (tc, test_cxx_bad_glob_before_an_operator_is_still_reported);
  runner_add_tcase (s, tc);
  return s;
}
