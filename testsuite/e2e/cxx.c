/* C++ functions named as C++ writes them (samples/cxx-names.cc and
   samples/cxx-clones.cc): each entry is checked against the object code,
   its reports against objdump's calls and its forcing against the calls
   left, independently of what the plugin says about itself.  */
#define _GNU_SOURCE
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "e2e/suites.h"
#include "harness/harness.h"

/* Compile the C++ SAMPLE (under testsuite/samples) to OBJ with the policy
   holding ENTRY (a YAML scalar, quoted) with ACTION, and EXTRA options.  */
static struct run
compile_with_entry (const char *sample, const char *entry,
		    const char *action, const char *extra, const char *obj)
{
  const char *policy
    = harness_write ("entry.yaml",
		     harness_fmt ("version: 1\nfunctions:\n"
				  "  - name: '%s'\n    action: %s\n",
				  entry, action));
  struct args a = { { 0 }, 0 };
  args_add (&a, harness_gxx ());
  args_add_plugin (&a, &policy, 1);
  args_add_words (&a, extra);
  args_add_words (&a, harness_clang ()
			? "-fplugin-arg-hotinline-summary -g -c -o"
			: "-fplugin-arg-hotinline-summary "
			  "-fdiagnostics-plain-output -g -c -o");
  args_add (&a, obj);
  args_add (&a, harness_src (harness_fmt ("testsuite/samples/%s", sample)));
  return harness_run (a.v, NULL);
}

/* The calls the warnings of STDERR_TEXT report: one per "hot function"
   warning, or the N of its note "N calls here in the object code".  */
static int
reported_calls (const char *stderr_text)
{
  struct diagnostics ds = harness_diagnostics (stderr_text);
  int n = 0;
  for (size_t i = 0; i < ds.n; i++)
    {
      if (strcmp (ds.d[i].kind, "warning") != 0
	  || strncmp (ds.d[i].message, "hot function ", 13) != 0)
	continue;
      int count = 1;
      for (size_t j = i + 1; j < ds.n && strcmp (ds.d[j].kind, "note") == 0;
	   j++)
	if (strstr (ds.d[j].message, " calls here in the object code"))
	  count = atoi (ds.d[j].message);
      n += count;
    }
  harness_diagnostics_free (&ds);
  return n;
}

/* The calls the summary of STDERR_TEXT says are left, or -1.  */
static int
summary_calls_left (const char *stderr_text)
{
  const char *s = strstr (stderr_text, "calls to hot functions in the "
			  "source, ");
  return s ? atoi (s + strlen ("calls to hot functions in the source, "))
	   : -1;
}

/* How many entries the summary says matched, or -1.  */
static int
summary_entries_matched (const char *stderr_text)
{
  const char *s = strstr (stderr_text, "hotinline summary for ");
  s = s ? strstr (s, ": ") : NULL;
  return s ? atoi (s + 2) : -1;
}

/* An entry of cxx-names.cc: the name as a user writes it, the function's
   symbol (a "prefix*" for several), and another function's symbol that
   the entry must leave alone (a sibling overload), or NULL; then, where
   Clang differs, the symbols there, or why the entry is not checked
   there.  */
#define SAME_ON_CLANG NULL, NULL, NULL
static const struct
{
  const char *entry;
  const char *symbol;
  const char *other;
  const char *clang_symbol, *clang_other, *clang_skip;
} names[] = {
  /* Constructors, complete and base: every overload, or one, also by
     the mangled name of its complete-object variant.  */
  { "ns::S::S", "_ZN2ns1SC*", NULL, SAME_ON_CLANG },
  { "ns::S::S(const char *)", "_ZN2ns1SC1EPKc", "_ZN2ns1SC1Ei",
    /* Clang calls the base-object variant, which does the same.  */
    "_ZN2ns1SC2EPKc", "_ZN2ns1SC2Ei", NULL },
  { "_ZN2ns1SC1Ei", "_ZN2ns1SC1Ei", "_ZN2ns1SC1EPKc", "_ZN2ns1SC2Ei",
    "_ZN2ns1SC2EPKc", NULL },
  /* Destructors, the deleting one included.  */
  { "ns::S::~S", "_ZN2ns1SD*", NULL, NULL, NULL,
    "Clang calls the virtual destructor through the vtable only" },
  /* A conversion operator by its plain and its qualified name.  */
  { "operator bool", "_ZNK2ns1ScvbEv", NULL, SAME_ON_CLANG },
  { "ns::S::operator bool() const", "_ZNK2ns1ScvbEv", NULL, SAME_ON_CLANG },
  /* Operators without glob escapes.  */
  { "ns::S::operator[]", "_ZNK2ns1SixEi", NULL, SAME_ON_CLANG },
  { "ns::S::operator()", "_ZN2ns1SclEii", NULL, SAME_ON_CLANG },
  { "ns::S::operator*", "_ZNK2ns1SdeEv", "_ZNK2ns1SixEi", SAME_ON_CLANG },
  { "ns::S::operator<", "_ZNK2ns1SltERKS0_", NULL, SAME_ON_CLANG },
  /* One overload: by its parameter types without typedefs, with them,
     and by its mangled name.  */
  { "ns::S::parse(const unsigned char *, unsigned long, bool)",
    "_ZN2ns1S5parseEPKhmb", "_ZN2ns1S5parseEPKcm", SAME_ON_CLANG },
  { "ns::S::parse(const uint8_t*, std::size_t, bool)",
    "_ZN2ns1S5parseEPKhmb",
    "_ZN2ns1S5parseEPKcm", NULL, NULL,
    "the LLVM plugin names a function from its symbol, which has no "
    "typedefs" },
  { "ns::S::parse(const char*, long unsigned int)", "_ZN2ns1S5parseEPKcm",
    "_ZN2ns1S5parseEPKhmb", SAME_ON_CLANG },
  { "_ZN2ns1S5parseEPKcm", "_ZN2ns1S5parseEPKcm", "_ZN2ns1S5parseEPKhmb", SAME_ON_CLANG },
  /* The anonymous namespace in both spellings.  Its only function is
     helper, whose symbol GCC 15 and later mangle with an L (internal
     linkage): _ZN2ns12_GLOBAL__N_1L6helperEi.  */
  { "ns::(anonymous namespace)::helper", "_ZN2ns12_GLOBAL__N_1*", NULL, SAME_ON_CLANG },
  { "ns::{anonymous}::helper", "_ZN2ns12_GLOBAL__N_1*", NULL, SAME_ON_CLANG },
  /* A lambda's call operator.  */
  { "use_lambda(int)::<lambda(int)>::operator()",
    "_ZZ10use_lambdaiENKUliE_clEi", NULL, NULL, NULL,
    "Clang's symbol for the lambda of a function that is not inline has "
    "a number for a name ($_0), not its parameters" },
  /* Members of a class template: one instance and overload, every
     instance.  */
  { "ns::Box<int>::get() const", "_ZNK2ns3BoxIiE3getEv",
    "_ZNK2ns3BoxIiE3getEi", SAME_ON_CLANG },
  { "ns::Box<*>::get", "_ZNK2ns3Box*", NULL, SAME_ON_CLANG },
  /* Called from an inline variable's initialiser.  */
  { "ns::compute", "_ZN2ns7computeEi", NULL, SAME_ON_CLANG },
};
enum { N_NAMES = sizeof names / sizeof *names };

/* At -O2 -fno-inline GCC inlines nothing by itself: every call of the
   sample is left, and forcing is the only inlining.  */
#define NAMES_OPTIONS "-std=gnu++17 -O2 -fno-inline"

/* The symbols of entry I with this compiler, or false after saying why
   it is not checked here.  */
static bool
entry_symbols (int i, const char **symbol, const char **other)
{
  *symbol = names[i].symbol;
  *other = names[i].other;
  if (!harness_clang ())
    return true;
  if (names[i].clang_skip)
    {
      fprintf (stderr, "SKIP '%s' on %s: %s\n", names[i].entry,
	       harness_gcc (), names[i].clang_skip);
      return false;
    }
  if (names[i].clang_symbol)
    *symbol = names[i].clang_symbol;
  if (names[i].clang_other)
    *other = names[i].clang_other;
  return true;
}

START_TEST (test_cxx_entry_reports_exactly_its_calls)
{
  const char *symbol, *other;
  if (!entry_symbols (_i, &symbol, &other))
    return;
  const char *obj = harness_fmt ("%s/report.o", harness_tmpdir ());
  struct run r = compile_with_entry ("cxx-names.cc", names[_i].entry,
				     "report", NAMES_OPTIONS, obj);
  ck_assert_msg (r.status == 0, "%s: %.2000s", names[_i].entry, r.err);
  int calls = harness_count_calls (obj, symbol);
  ck_assert_msg (calls > 0, "%s: no call to %s in the sample",
		 names[_i].entry, symbol);
  ck_assert_msg (reported_calls (r.err) == calls,
		 "'%s': %d calls to %s, %d reported:\n%.3000s",
		 names[_i].entry, calls, symbol, reported_calls (r.err),
		 r.err);
  ck_assert_int_eq (summary_calls_left (r.err), calls);
  ck_assert_int_eq (summary_entries_matched (r.err), 1);
}
END_TEST

START_TEST (test_cxx_entry_forces_exactly_its_function)
{
  const char *symbol, *other;
  if (!entry_symbols (_i, &symbol, &other))
    return;
  const char *obj = harness_fmt ("%s/forced.o", harness_tmpdir ());
  struct run r = compile_with_entry ("cxx-names.cc", names[_i].entry,
				     "always_inline", NAMES_OPTIONS, obj);
  ck_assert_msg (r.status == 0, "%s: %.2000s", names[_i].entry, r.err);
  ck_assert_msg (!strstr (r.err, "warning:"), "%s: %.2000s",
		 names[_i].entry, r.err);
  ck_assert_msg (harness_count_calls (obj, symbol) == 0,
		 "'%s': %d calls to %s left", names[_i].entry,
		 harness_count_calls (obj, symbol), symbol);
  if (other)
    ck_assert_msg (harness_count_calls (obj, other) > 0,
		   "'%s' forced %s too", names[_i].entry, other);
}
END_TEST

/* An entry that names nothing of the unit (a parameter list no overload
   has) counts as unmatched in the summary and the results.  */
START_TEST (test_cxx_entry_matching_nothing_is_unmatched)
{
  const char *obj = harness_fmt ("%s/none.o", harness_tmpdir ());
  struct run r = compile_with_entry ("cxx-names.cc", "ns::S::parse(int)",
				     "report", NAMES_OPTIONS, obj);
  ck_assert_msg (r.status == 0, "%.2000s", r.err);
  ck_assert_int_eq (summary_entries_matched (r.err), 0);
  ck_assert_int_eq (reported_calls (r.err), 0);
}
END_TEST

/* Two entries that match ns::big of cxx-precedence.cc: the one that
   governs it, by the rule of docs/policy.md, is the same on GCC and
   Clang.  An exact name beats a glob whatever form of the name each
   matches; among exact names, or among globs, the more specific form
   (qualified before identifier) wins; policy order decides only within
   one form.  WINNER is the index of the entry that governs.  */
static const struct
{
  const char *first, *first_action;
  const char *second, *second_action;
  int winner;
} precedence[] = {
  { "ns::*", "report", "big", "always_inline", 1 },
  { "big", "report", "ns::b*", "always_inline", 0 },
  { "big", "always_inline", "ns::big", "report", 1 },
  { "ns::big", "report", "big", "always_inline", 0 },
  { "ns::big", "report", "ns::big(int)", "always_inline", 1 },
  { "b*", "report", "ns::b*", "always_inline", 1 },
  { "ns::b*", "always_inline", "b*", "report", 0 },
  { "ns::b*", "always_inline", "ns::bi*", "report", 0 },
  { "ns::bi*", "report", "ns::b*", "always_inline", 0 },
};
enum { N_PRECEDENCE = sizeof precedence / sizeof *precedence };

START_TEST (test_cxx_entry_precedence_is_the_documented_rule)
{
  const char *policy = harness_write
    ("precedence.yaml",
     harness_fmt ("version: 1\nfunctions:\n"
		  "  - name: '%s'\n    action: %s\n"
		  "  - name: '%s'\n    action: %s\n",
		  precedence[_i].first, precedence[_i].first_action,
		  precedence[_i].second, precedence[_i].second_action));
  const char *obj = harness_fmt ("%s/precedence.o", harness_tmpdir ());
  struct args a = { { 0 }, 0 };
  args_add (&a, harness_gxx ());
  args_add_plugin (&a, &policy, 1);
  args_add_words (&a, NAMES_OPTIONS " -g -c -o");
  args_add (&a, obj);
  args_add (&a, harness_src ("testsuite/samples/cxx-precedence.cc"));
  struct run r = harness_run (a.v, NULL);
  ck_assert_msg (r.status == 0, "%.2000s", r.err);

  const char *winner = precedence[_i].winner
    ? precedence[_i].second_action : precedence[_i].first_action;
  const char *what = harness_fmt ("'%s' %s, then '%s' %s",
				  precedence[_i].first,
				  precedence[_i].first_action,
				  precedence[_i].second,
				  precedence[_i].second_action);
  int calls = harness_count_calls (obj, "_ZN2ns3bigEi");
  if (strcmp (winner, "always_inline") == 0)
    ck_assert_msg (calls == 0, "%s: %d calls to ns::big left, where the "
		   "always_inline entry governs", what, calls);
  else
    {
      ck_assert_msg (calls == 3, "%s: %d calls to ns::big, where the "
		     "report entry governs (3 without the plugin)", what,
		     calls);
      ck_assert_msg (reported_calls (r.err) == calls,
		     "%s: %d calls, %d reported:\n%.2000s", what, calls,
		     reported_calls (r.err), r.err);
    }
}
END_TEST

/* cxx-clones.cc: walk<false> is called through its clone
   walk<false>.constprop.0.  */
static const char *const walk_symbol
  = "_ZN2ns12_GLOBAL__N_11S4walkILb0EEEiPKiii";
static const char *const walk_names[] = {
  "ns::{anonymous}::S::walk<false>",
  "ns::(anonymous namespace)::S::walk<false>",
  "ns::{anonymous}::S::walk",
  "ns::{anonymous}::S::walk<false>(const int*, int, int)",
  "walk<false>",
  "walk",
  "_ZN2ns12_GLOBAL__N_11S4walkILb0EEEiPKiii",
  "*::S::walk<false>",
};
enum { N_WALK_NAMES = sizeof walk_names / sizeof *walk_names };

START_TEST (test_cxx_clone_reported_whatever_the_form_of_the_name)
{
  const char *obj = harness_fmt ("%s/walk.o", harness_tmpdir ());
  struct run r = compile_with_entry ("cxx-clones.cc", walk_names[_i],
				     "report", "-O2", obj);
  ck_assert_msg (r.status == 0, "%.2000s", r.err);
  int calls = harness_count_calls (obj, walk_symbol);
  ck_assert_msg (calls == 8, "%d calls to %s: the sample proves nothing",
		 calls, walk_symbol);
  ck_assert_msg (reported_calls (r.err) == calls,
		 "'%s': %d calls, %d reported:\n%.3000s", walk_names[_i],
		 calls, reported_calls (r.err), r.err);
  ck_assert_int_eq (summary_calls_left (r.err), calls);
}
END_TEST

START_TEST (test_cxx_clone_forced_surgically_whatever_the_form_of_the_name)
{
  const char *obj = harness_fmt ("%s/walk.o", harness_tmpdir ());
  struct run r = compile_with_entry ("cxx-clones.cc", walk_names[_i],
				     "always_inline",
				     "-O2 -fplugin-arg-hotinline-strategy="
				     "surgical", obj);
  ck_assert_msg (r.status == 0, "%.2000s", r.err);
  int calls = harness_count_calls (obj, walk_symbol);
  ck_assert_msg (calls == 0, "'%s': %d calls left:\n%.3000s",
		 walk_names[_i], calls, r.err);
  ck_assert_int_eq (summary_calls_left (r.err), calls);
}
END_TEST

/* GCC cuts a plugin argument's value short by one character per '=' in
   it: a policy and a results directory whose paths hold '=' are read
   whole all the same.  */
START_TEST (test_paths_with_equals_signs_are_read_whole)
{
  const char *dir = harness_fmt ("%s/conf/a=b", harness_tmpdir ());
  struct run r = harness_sh (harness_fmt ("mkdir -p %s/x=y", dir));
  ck_assert_int_eq (r.status, 0);
  const char *policy = harness_fmt ("%s/hot.yaml", dir);
  FILE *f = fopen (policy, "w");
  ck_assert_ptr_nonnull (f);
  fputs ("version: 1\nfunctions:\n  - {name: 'ns::{anonymous}::S::walk"
	 "<false>', action: report}\n", f);
  fclose (f);
  const char *obj = harness_fmt ("%s/walk.o", harness_tmpdir ());
  struct args a = { { 0 }, 0 };
  args_add (&a, harness_gxx ());
  args_add_plugin (&a, &policy, 1);
  args_add (&a, harness_fmt ("-fplugin-arg-hotinline-results=%s/x=y", dir));
  args_add_words (&a, "-fplugin-arg-hotinline-summary -O2 "
		  "-fdiagnostics-plain-output -c -o");
  args_add (&a, obj);
  args_add (&a, harness_src ("testsuite/samples/cxx-clones.cc"));
  r = harness_run (a.v, NULL);
  ck_assert_msg (r.status == 0, "%.2000s", r.err);
  int calls = harness_count_calls (obj, walk_symbol);
  ck_assert_int_eq (calls, 8);
  ck_assert_int_eq (reported_calls (r.err), calls);
  r = harness_sh (harness_fmt ("ls %s/x=y", dir));
  ck_assert_msg (strstr (r.out, "cxx-clones.cc.") && strstr (r.out, ".json"),
		 "results directory holds: %s", r.out);
}
END_TEST

/* Listing.  */

/* Compile SAMPLE with OPTIONS and the plugin arguments ARGS (or without
   the plugin when ARGS is NULL) to OBJ; the build must pass.  */
static void
build_sample (const char *sample, const char *options, const char *args,
	      const char *obj)
{
  struct args a = { { 0 }, 0 };
  args_add (&a, harness_gxx ());
  if (args)
    {
      args_add_plugin (&a, NULL, 0);
      args_add_words (&a, args);
    }
  args_add_words (&a, options);
  args_add_words (&a, harness_clang () ? "-c -o"
					: "-fdiagnostics-plain-output -c -o");
  args_add (&a, obj);
  args_add (&a, harness_src (harness_fmt ("testsuite/samples/%s", sample)));
  struct run r = harness_run (a.v, NULL);
  ck_assert_msg (r.status == 0 && !strstr (r.err, "warning:"),
		 "%s %s %s: %.2000s", sample, options, args ? args : "",
		 r.err);
}

static double
seconds_now (void)
{
  struct timespec t;
  clock_gettime (CLOCK_MONOTONIC, &t);
  return t.tv_sec + t.tv_nsec / 1e9;
}

static const char *const listing_levels[] = { "-O2", "-O2 -fno-inline",
					      "-O3", "-Os" };
enum { N_LISTING_LEVELS = sizeof listing_levels / sizeof *listing_levels };

/* The round trip: list the functions an annotated build forces, strip
   the annotations, force with the listed policy: the same code as the
   annotated build.  */
START_TEST (test_listing_round_trip_gives_the_annotated_code)
{
  const char *level = listing_levels[_i];
  const char *dir = harness_tmpdir ();
  const char *listing = harness_fmt ("%s/listed.yaml", dir);
  const char *hand = harness_fmt ("%s/hand.o", dir);
  const char *forced = harness_fmt ("%s/forced.o", dir);
  const char *plain = harness_fmt ("%s/plain.o", dir);
  double start = seconds_now ();
  build_sample ("cxx-listed.cc", harness_fmt ("%s -DHOTINLINE_HAND", level),
		harness_fmt ("-fplugin-arg-hotinline-list=%s", listing),
		harness_fmt ("%s/listing.o", dir));
  build_sample ("cxx-listed.cc", level,
		harness_fmt ("-fplugin-arg-hotinline-policy=%s", listing),
		forced);
  double took = seconds_now () - start;
  build_sample ("cxx-listed.cc", harness_fmt ("%s -DHOTINLINE_HAND", level),
		NULL, hand);
  build_sample ("cxx-listed.cc", level, NULL, plain);
  fprintf (stderr, "listing round trip (list, then force) at %s: %.0f ms\n",
	   level, took * 1000);

  char *text = harness_read (listing, NULL);
  ck_assert_ptr_nonnull (text);
  ck_assert_msg (strstr (text, "\"lib::parser::parse(const unsigned char*, "
			 "unsigned long)\"")
		 && !strstr (text, "bool)")
		 && strstr (text, "\"lib::parser::parser(unsigned int)\"")
		 && strstr (text, "\"lib::parser::operator[](unsigned long) "
			    "const\"")
		 && strstr (text, "\"lib::table<unsigned int>::sum(unsigned "
			    "long) const\"")
		 /* GCC names the lambda by its parameters as written;
		    Clang's symbol gives it a number.  */
		 && strstr (text, harness_clang ()
				  ? "&)::$_0::operator()(unsigned long) const"
				  : "<lambda(std::size_t)>::operator()")
		 && strstr (text, "\"lib::width<char\\\\[4]>(unsigned long)\""),
		 "listing:\n%s", text);
  ck_assert_msg (strcmp (harness_disassembly (forced),
			 harness_disassembly (hand)) == 0,
		 "%s: forcing with the listing differs from the annotated "
		 "build (compare %s and %s)", level, forced, hand);
  bool same = strcmp (harness_disassembly (plain),
		      harness_disassembly (hand)) == 0;
  /* Clang 16 inlines every marked function by itself at -O2 and above:
     there only the -fno-inline level tells forcing from no forcing.  */
  if (same && harness_clang () && !strstr (level, "-fno-inline"))
    fprintf (stderr, "%s: %s inlines every marked function by itself: "
	     "forcing = annotation holds, proves nothing here\n", level,
	     harness_gcc ());
  else
    ck_assert_msg (!same, "%s: the annotations change nothing; the sample "
		   "proves nothing", level);
  if (strstr (level, "-fno-inline"))
    {
      /* Only the marked overload is forced.  */
      ck_assert_int_gt (harness_count_calls (plain, "_ZN3lib6parser5parseEPKhm"),
			0);
      ck_assert_int_eq (harness_count_calls (forced,
					     "_ZN3lib6parser5parseEPKhm"), 0);
      ck_assert_int_gt (harness_count_calls (forced,
					     "_ZN3lib6parser5parseEPKhmb"), 0);
    }
}
END_TEST

/* The units of a build add to one listing: sorted, each name once, the
   same whatever the order; by name, overloads go together.  */
START_TEST (test_listing_merges_units_into_one_policy)
{
  const char *dir = harness_tmpdir ();
  const char *a = harness_fmt ("%s/a.yaml", dir);
  const char *b = harness_fmt ("%s/b.yaml", dir);
  const char *opts = "-O2 -DHOTINLINE_HAND -Wno-attributes";
  const char *units[] = { "cxx-listed.cc", "cxx.cc" };
  for (int i = 0; i < 2; i++)
    {
      build_sample (units[i], opts,
		    harness_fmt ("-fplugin-arg-hotinline-list=%s", a),
		    harness_fmt ("%s/a%d.o", dir, i));
      build_sample (units[1 - i], opts,
		    harness_fmt ("-fplugin-arg-hotinline-list=%s", b),
		    harness_fmt ("%s/b%d.o", dir, i));
    }
  /* Listed again: nothing changes.  */
  build_sample ("cxx.cc", opts,
		harness_fmt ("-fplugin-arg-hotinline-list=%s", a),
		harness_fmt ("%s/again.o", dir));
  char *ta = harness_read (a, NULL), *tb = harness_read (b, NULL);
  ck_assert_str_eq (ta, tb);
  ck_assert_msg (strstr (ta, "\"ring::Buffer::step(unsigned int)\"")
		 && strstr (ta, "\"blend(unsigned int)\"")
		 && strstr (ta, "\"blend(double)\"")
		 && strstr (ta, "\"churn<unsigned int>(unsigned int)\"")
		 && strstr (ta, "\"lib::parser::parser(unsigned int)\""),
		 "listing:\n%s", ta);
  /* Sorted, each once.  */
  const char *prev = "", *s = ta;
  while ((s = strstr (s, "{name: \"")))
    {
      s += 8;
      const char *name = harness_fmt ("%.*s", (int) strcspn (s, "\""), s);
      ck_assert_msg (strcmp (prev, name) < 0, "'%s' after '%s'", name, prev);
      prev = name;
    }

  const char *c = harness_fmt ("%s/c.yaml", dir);
  build_sample ("cxx-listed.cc", opts,
		harness_fmt ("-fplugin-arg-hotinline-list=%s "
			     "-fplugin-arg-hotinline-list-by-name", c),
		harness_fmt ("%s/c.o", dir));
  char *tc = harness_read (c, NULL);
  ck_assert_msg (strstr (tc, "{name: \"lib::parser::parse\", action: "
			 "always_inline}")
		 && !strstr (tc, "parse("), "listing by name:\n%s", tc);
}
END_TEST

/* samples/cxx-target.cc: a class template in a #pragma GCC target region.
   Compiles it with the policy cxx-target.yaml (POLICY) or without, with
   DEFINES (words without spaces of their own), to OBJ.  */
static struct run
compile_target_sample (bool policy, const char *defines, const char *obj)
{
  const char *yaml = harness_src ("testsuite/samples/cxx-target.yaml");
  struct args a = { { 0 }, 0 };
  args_add (&a, harness_gxx ());
  if (policy)
    args_add_plugin (&a, &yaml, 1);
  args_add_words (&a, "-O2 -fdiagnostics-plain-output -c -o");
  args_add (&a, obj);
  args_add_words (&a, defines);
  args_add (&a, harness_src ("testsuite/samples/cxx-target.cc"));
  return harness_run (a.v, NULL);
}

/* Whether cxx-target.cc's region means anything on this target; if not,
   says so.  */
static bool
target_sample_runs_here (void)
{
  if (strcmp (harness_target (), "x86_64") == 0)
    return true;
  fprintf (stderr, "SKIP cxx-target.cc on %s: x86 target options\n",
	   harness_target ());
  return false;
}

static const char widen[] = "_ZNK4simd5lanesIjE5widenEv";
static const char sum[] = "_ZNK4simd5lanesIjE3sumEj";

/* The friend as the sample writes it (no attribute): where the same GCC
   compiles the members marked by hand, forcing is the hand annotation;
   where that is a hard error (GCC 12: the friend lacks the region's
   target options), forcing leaves widen alone with a warning, forces the
   rest, and the build passes.  */
START_TEST (test_cxx_target_region_forced_as_gcc_allows)
{
  if (!target_sample_runs_here ())
    return;
  const char *dir = harness_tmpdir ();
  const char *plain = harness_fmt ("%s/plain.o", dir);
  const char *hand = harness_fmt ("%s/hand.o", dir);
  const char *forced = harness_fmt ("%s/forced.o", dir);
  struct run r = compile_target_sample (false, "", plain);
  ck_assert_msg (r.status == 0, "plain build: %.1500s", r.err);
  ck_assert_msg (harness_count_calls (plain, sum) > 0
		 && harness_count_calls (plain, widen) > 0,
		 "GCC inlines sum or widen by itself; the sample proves "
		 "nothing");
  r = compile_target_sample (false, "-DHOTINLINE_HAND", hand);
  ck_assert_msg (r.status == 0, "hand build: %.1500s", r.err);
  struct run members
    = compile_target_sample (false, "-DHOTINLINE_HAND_MEMBERS",
			     harness_fmt ("%s/members.o", dir));
  r = compile_target_sample (true, "", forced);
  ck_assert_msg (r.status == 0, "forcing failed the build: %.1500s", r.err);
  ck_assert_int_eq (harness_count_calls (forced, sum), 0);
  if (members.status == 0)
    {
      ck_assert_msg (!strstr (r.err, "[hotinline]"),
		     "GCC inlines the members by hand, forcing warns: %.1500s",
		     r.err);
      ck_assert_msg (strcmp (harness_disassembly (forced),
			     harness_disassembly (hand)) == 0,
		     "forcing differs from the hand annotation (compare %s "
		     "and %s)", forced, hand);
      return;
    }
  ck_assert_msg (strstr (members.err, "inlining failed in call to "
			 "'always_inline' 'unsigned int simd::lanes<T>::widen"
			 "() const [with T = unsigned int]': target specific "
			 "option mismatch"),
		 "the members by hand fail for another reason: %.1500s",
		 members.err);
  ck_assert_msg (strstr (r.err, "warning: hot function 'unsigned int "
			 "simd::lanes<T>::widen() const [with T = unsigned "
			 "int]' is not forced inline: its target options "
			 "differ from those of its caller 'bool simd::"
			 "operator==(const lanes<unsigned int>&, const "
			 "lanes<unsigned int>&)' [hotinline]"),
		 "no warning for widen: %.1500s", r.err);
}
END_TEST

/* With any attribute on the friend, GCC gives it the region's target
   options, and forcing is the hand annotation, on every GCC.  */
START_TEST (test_cxx_target_region_friend_with_attribute_forced_by_hand)
{
  if (!target_sample_runs_here ())
    return;
  const char *dir = harness_tmpdir ();
  const char *attribute = "-DFRIEND_ATTRIBUTE=__attribute__((unused))";
  const char *plain = harness_fmt ("%s/plain.o", dir);
  const char *hand = harness_fmt ("%s/hand.o", dir);
  const char *forced = harness_fmt ("%s/forced.o", dir);
  struct run r = compile_target_sample (false, attribute, plain);
  ck_assert_msg (r.status == 0, "plain build: %.1500s", r.err);
  r = compile_target_sample (false,
			     harness_fmt ("%s -DHOTINLINE_HAND", attribute),
			     hand);
  ck_assert_msg (r.status == 0, "hand build: %.1500s", r.err);
  r = compile_target_sample (true, attribute, forced);
  ck_assert_msg (r.status == 0 && !strstr (r.err, "[hotinline]"),
		 "forcing: status %d: %.1500s", r.status, r.err);
  ck_assert_int_eq (harness_count_calls (forced, widen), 0);
  ck_assert_int_eq (harness_count_calls (forced, sum), 0);
  ck_assert_msg (strcmp (harness_disassembly (forced),
			 harness_disassembly (hand)) == 0,
		 "forcing differs from the hand annotation (compare %s and "
		 "%s)", forced, hand);
  ck_assert_msg (strcmp (harness_disassembly (plain),
			 harness_disassembly (hand)) != 0,
		 "the annotations change nothing; the sample proves nothing");
}
END_TEST

Suite *
cxx_names_suite (void)
{
  Suite *s = runner_suite ("C++ names");
  /* The entries name the same functions on both compilers.  */
  TCase *tc = runner_tcase ("Entries");
  tcase_set_timeout (tc, E2E_TIMEOUT);
  tcase_add_loop_test (tc, test_cxx_entry_reports_exactly_its_calls, 0,
		       N_NAMES);
  tcase_add_loop_test (tc, test_cxx_entry_forces_exactly_its_function, 0,
		       N_NAMES);
  tcase_add_test (tc, test_cxx_entry_matching_nothing_is_unmatched);
  tcase_add_loop_test (tc, test_cxx_entry_precedence_is_the_documented_rule,
		       0, N_PRECEDENCE);
  runner_add_tcase (s, tc);

  tc = runner_tcase ("Listing");
  tcase_set_timeout (tc, E2E_TIMEOUT);
  tcase_add_loop_test (tc, test_listing_round_trip_gives_the_annotated_code,
		       0, N_LISTING_LEVELS);
  tcase_add_test (tc, test_listing_merges_units_into_one_policy);
  runner_add_tcase (s, tc);
  if (harness_skip_on_clang ("C++ names but its entries and listing",
			     "the rest checks GCC's clones (.constprop, "
			     ".isra) and target regions"))
    return s;

  tc = runner_tcase ("Clones");
  tcase_set_timeout (tc, E2E_TIMEOUT);
  tcase_add_loop_test (tc,
		       test_cxx_clone_reported_whatever_the_form_of_the_name,
		       0, N_WALK_NAMES);
  tcase_add_loop_test (tc,
		       test_cxx_clone_forced_surgically_whatever_the_form_of_the_name,
		       0, N_WALK_NAMES);
  runner_add_tcase (s, tc);

  tc = runner_tcase ("Target regions");
  tcase_set_timeout (tc, E2E_TIMEOUT);
  tcase_add_test (tc, test_cxx_target_region_forced_as_gcc_allows);
  tcase_add_test (tc,
		  test_cxx_target_region_friend_with_attribute_forced_by_hand);
  runner_add_tcase (s, tc);

  tc = runner_tcase ("Plugin arguments");
  tcase_set_timeout (tc, E2E_TIMEOUT);
  tcase_add_test (tc, test_paths_with_equals_signs_are_read_whole);
  runner_add_tcase (s, tc);
  return s;
}
