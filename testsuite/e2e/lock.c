/* hotinline-summary --lock: a policy written from a build's results that
   pins its hot inlining, one entry per callee and caller identifier.  The
   results come from real GCC builds; the lock is read back with the
   policy loader and loaded by the plugin.  (The builds that use a lock
   are in lock-build.c.)  */
#define _GNU_SOURCE
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "e2e/suites.h"
#include "harness/harness.h"
#include "policy.h"

static const char *
summary_tool (void)
{
  const char *tool = getenv ("HOTINLINE_SUMMARY");
  ck_assert_msg (tool, "HOTINLINE_SUMMARY not set");
  return tool;
}

/* A hot function inlined into two callers and left in a third, whose
   optimisation level differs (GCC does not inline an -O2 function into
   an -O1 one); and a hot recursive function, which pins nothing.  */
static const char c_source[] =
  "static inline unsigned step (unsigned h, unsigned x)\n"
  "{\n"
  "  h ^= x + 0x9e3779b9u + (h << 6) + (h >> 2);\n"
  "  x = x * 2654435761u;\n"
  "  if (h & 1) h = (h >> 1) ^ 0xedb88320u; else h += x >> 3;\n"
  "  return h ^ (h << 7);\n"
  "}\n"
  "unsigned lookup (unsigned x) { return step (x, 1) + 1; }\n"
  "unsigned find (unsigned x) { return step (x + 2, x) + step (x, 2); }\n"
  "__attribute__ ((optimize (\"O1\")))\n"
  "unsigned cold_path (unsigned x) { return step (x, 3) * 5; }\n"
  "unsigned rec (unsigned x) { return x > 1 ? rec (x / 3) + rec (x / 2)"
  " : x; }\n";

static const char c_policy[] =
  "version: 1\nfunctions:\n  - {name: step}\n  - {name: rec}\n";

/* A member template called from a member, an operator, a free operator
   and a function template; a function template whose instance's name
   has a glob character ('[').  */
static const char cxx_source[] =
  "namespace ns {\n"
  "struct S {\n"
  "  int v;\n"
  "  S (int x) : v (x) { v = walk<true> (x); }\n"
  "  operator bool () const { return walk<false> (v) != 0; }\n"
  "  template <bool B> int walk (int x) const { return B ? x + v : x - v; }\n"
  "  int get (int i) const { return walk<true> (i) * 2; }\n"
  "  int operator[] (int i) const { return walk<false> (i); }\n"
  "};\n"
  "inline bool operator< (const S &a, const S &b)\n"
  "{ return a.walk<true> (1) < b.walk<true> (2); }\n"
  "template <int N> int twice (const S &s, int x)\n"
  "{ return s.walk<false> (x) * N; }\n"
  "template <typename T> int width (int n) { return sizeof (T) * n; }\n"
  "}\n"
  "int use (const ns::S &s, const ns::S &t, int x)\n"
  "{\n"
  "  return s.get (x) + s[x] + (s < t) + ns::twice<3> (s, x)\n"
  "         + ns::twice<2> (t, x)\n"
  "         + ns::width<char[4]> (x) + (bool) ns::S (x);\n"
  "}\n";

static const char cxx_policy[] =
  "version: 1\nfunctions:\n  - {name: walk}\n  - {name: width}\n";

/* Compile SOURCE in the test directory with OPTIONS and the policy
   POLICY, results into the directory RES.  */
static void
build (const char *source, const char *policy, const char *res,
       const char *options)
{
  bool cxx = strstr (source, ".cc") != NULL;
  struct run r = harness_sh (harness_fmt ("cd %s && %s -O2 -c %s %s "
					  "-fplugin=%s -fplugin-arg-hotinline-"
					  "policy=%s -fplugin-arg-hotinline-"
					  "results=%s -w", harness_tmpdir (),
					  cxx ? harness_gxx () : harness_gcc (),
					  source, options, harness_plugin (),
					  policy, res));
  ck_assert_msg (r.status == 0, "%s %s: %s", source, options, r.err);
}

/* hotinline-summary ARGS in the test directory.  */
static struct run
summary (const char *args)
{
  return harness_sh (harness_fmt ("cd %s && %s %s", harness_tmpdir (),
				  summary_tool (), args));
}

/* The entries of the lock at PATH (read by the policy loader, which must
   accept it) as "name | caller | action" lines, sorted, in one text.  */
static const char *
entries_of (const char *path)
{
  struct policy *p = policy_new ();
  ck_assert_msg (policy_load_file (p, path), "%s: %s", path,
		 policy_error_count (p) ? policy_error_message (p, 0) : "");
  char *text = strdup ("");
  for (size_t i = 0; i < policy_entry_count (p); i++)
    {
      const struct policy_entry *e = policy_entry_at (p, i);
      ck_assert_uint_eq (e->n_callers, 1);
      ck_assert_msg (e->reason && strncmp (e->reason, "locked: ", 8) == 0,
		     "%s", e->reason ? e->reason : "no reason");
      char *longer;
      if (asprintf (&longer, "%s%s | %s | %s%s\n", text, e->name.text,
		    e->callers[0].text,
		    e->action == POLICY_ACTION_ALWAYS_INLINE ? "always_inline"
		    : "report",
		    e->action == POLICY_ACTION_REPORT
		    && e->severity != POLICY_SEVERITY_NOTE ? " (not a note)"
		    : "") < 0)
	abort ();
      free (text);
      text = longer;
    }
  policy_free (p);
  /* Sorted, as the lock writes them: checked here, not assumed.  */
  const char *sorted = harness_sh (harness_fmt ("printf '%%s' '%s' | "
						"LC_ALL=C sort -c && echo "
						"sorted", text)).out;
  ck_assert_msg (strcmp (sorted, "sorted\n") == 0, "not in order:\n%s",
		 text);
  const char *out = harness_fmt ("%s", text);
  free (text);
  return out;
}

/* The plugin loads the policy LOCK to build SOURCE: no error, and the
   summary says how many of its entries matched.  */
static void
assert_plugin_loads (const char *source, const char *lock,
		     const char *matched)
{
  bool cxx = strstr (source, ".cc") != NULL;
  struct run r = harness_sh (harness_fmt ("cd %s && %s -O2 -c %s -o "
					  "locked.o -fplugin=%s "
					  "-fplugin-arg-hotinline-policy=%s "
					  "-fplugin-arg-hotinline-summary",
					  harness_tmpdir (),
					  cxx ? harness_gxx () : harness_gcc (),
					  source, harness_plugin (), lock));
  ck_assert_msg (r.status == 0 && !strstr (r.err, "error"), "%s", r.err);
  ck_assert_msg (strstr (r.err, matched), "%s", r.err);
}

static const char *
gcc_version (void)
{
  struct run r = harness_sh (harness_fmt ("%s -dumpfullversion",
					  harness_gcc ()));
  r.out[strcspn (r.out, "\n")] = '\0';
  return r.out;
}

/* Whether the results in RES hold a call from CALLER to CALLEE.  */
static bool
results_have_call (const char *res, const char *callee, const char *caller)
{
  struct run r = harness_sh (harness_fmt ("ls %s/%s/*.json",
					  harness_tmpdir (), res));
  bool found = false;
  for (char *save = NULL, *p = strtok_r (r.out, "\n", &save); p && !found;
       p = strtok_r (NULL, "\n", &save))
    {
      json_t *unit = json_load_file (p, 0, NULL);
      ck_assert_ptr_nonnull (unit);
      size_t i;
      json_t *c;
      json_array_foreach (json_object_get (unit, "calls"), i, c)
	found |= strcmp (json_string_value (json_object_get (c, "callee")),
			 callee) == 0
		 && strcmp (json_string_value (json_object_get (c, "caller")),
			    caller) == 0;
      json_decref (unit);
    }
  return found;
}

START_TEST (test_lock_of_a_c_build)
{
  const char *dir = harness_tmpdir ();
  harness_write ("t.c", c_source);
  harness_write ("hot.yaml", c_policy);
  build ("t.c", "hot.yaml", "res", "");
  /* The object says what the lock must: step left in cold_path only.  */
  char **callers;
  size_t n;
  callers = harness_callers (harness_fmt ("%s/t.o", dir), "step", &n);
  ck_assert_msg (n == 1 && strcmp (callers[0], "cold_path") == 0,
		 "step called from %zu functions", n);
  ck_assert (results_have_call ("res", "rec", "rec"));

  struct run r = summary ("--lock lock.yaml res");
  ck_assert_msg (r.status == 0, "%s", r.err);
  ck_assert_str_eq (r.out, "");
  ck_assert_str_eq (r.err, "hotinline-summary: wrote lock.yaml: 2 sites "
		    "pinned inlined, 1 kept as calls, over 1 hot function\n");
  /* Exactly these entries; the recursion pins nothing.  */
  ck_assert_str_eq (entries_of (harness_fmt ("%s/lock.yaml", dir)),
		    "step | cold_path | report\n"
		    "step | find | always_inline\n"
		    "step | lookup | always_inline\n");
  char *lock = harness_read (harness_fmt ("%s/lock.yaml", dir), NULL);
  ck_assert_ptr_nonnull (lock);
  const char *version = gcc_version ();
  static const struct
  {
    const char *text;
  } expected[] = {
    { "# A hotinline lock: " },
    { "\n# step: inlined into 2 callers, left a call in 1\n" },
    { "-fplugin-arg-hotinline-lock=lock.yaml\n" },
    { "matches nothing" },
    { "stale" },
    { "Review it like code" },
    { "\nversion: 1\nfunctions:\n" },
  };
  for (size_t i = 0; i < sizeof expected / sizeof *expected; i++)
    ck_assert_msg (strstr (lock, expected[i].text), "no '%s' in\n%s",
		   expected[i].text, lock);
  ck_assert_msg (strstr (lock, harness_fmt ("(1 unit, compiled by gcc %s, "
					    "on ", version)), "%s", lock);
  ck_assert_msg (strstr (lock, harness_fmt ("reason: \"locked: inlined into"
					    " 'find' (2 calls) by gcc %s in "
					    "the build of ", version)),
		 "%s", lock);
  ck_assert_msg (strstr (lock, harness_fmt ("reason: \"locked: left a call"
					    " in 'cold_path' (1 of 1 call) "
					    "by gcc %s in the build of ",
					    version)), "%s", lock);
  ck_assert_msg (strstr (lock, " (results: res)\"}\n"), "%s", lock);

  /* The plugin loads it, and every entry matches this build.  */
  assert_plugin_loads ("t.c", "lock.yaml", "3 of 3 policy entries matched");

  /* A caller that no longer exists: its entry matches nothing, and the
     summary of the build lists it as stale.  */
  harness_sh (harness_fmt ("sed 's/lookup/look_up/' %s/t.c > %s/t2.c", dir,
			   dir));
  build ("t2.c", "lock.yaml", "after", "");
  r = summary ("after");
  ck_assert_msg (r.status == 0, "%s", r.err);
  const char *stale = strstr (r.out, "policy entries that matched nothing "
			      "in any unit:\n");
  ck_assert_msg (stale, "%s", r.out);
  /* One stale entry: lookup's, the other two still match.  */
  const char *first = strstr (stale, "\n  lock.yaml:");
  ck_assert_msg (first && strstr (first, ": step\n")
		 && !strstr (first + 1, "\n  lock.yaml:"), "%s", r.out);

  /* The same results give the same bytes; on standard output too.  */
  r = summary ("--lock lock.yaml res");
  ck_assert_int_eq (r.status, 0);
  char *again = harness_read (harness_fmt ("%s/lock.yaml", dir), NULL);
  ck_assert_ptr_nonnull (again);
  ck_assert_str_eq (again, lock);
  r = summary ("--lock - res");
  ck_assert_int_eq (r.status, 0);
  ck_assert_msg (strstr (r.out, "\nversion: 1\nfunctions:\n")
		 && strcmp (strstr (r.out, "\nversion: 1\n"),
			    strstr (lock, "\nversion: 1\n")) == 0, "%s", r.out);
  ck_assert_msg (strstr (r.err, "wrote the lock to standard output"), "%s",
		 r.err);
  ck_assert_int_ne (harness_sh (harness_fmt ("test -e %s/lock.yaml.tmp",
					     dir)).status, 0);
  free (again);

  /* The date: the newest results file's, or SOURCE_DATE_EPOCH.  */
  harness_sh (harness_fmt ("touch -d '2021-03-04 12:00 UTC' %s/res/*.json",
			   dir));
  r = summary ("--lock dated.yaml res");
  char *dated = harness_read (harness_fmt ("%s/dated.yaml", dir), NULL);
  ck_assert_msg (strstr (dated, "in the build of 2021-03-04 (results: res)")
		 && strstr (dated, ", on 2021-03-04).\n"), "%s", dated);
  free (dated);
  r = summary ("--lock epoch.yaml res ./res");
  ck_assert_int_eq (r.status, 0);
  r = harness_sh (harness_fmt ("cd %s && SOURCE_DATE_EPOCH=1700000000 %s "
			       "--lock epoch.yaml res ./res", dir,
			       summary_tool ()));
  ck_assert_msg (r.status == 0, "%s", r.err);
  dated = harness_read (harness_fmt ("%s/epoch.yaml", dir), NULL);
  ck_assert_msg (strstr (dated, "in the build of 2023-11-14 (results: res, "
			 "./res)") && !strstr (dated, "2021-03-04"), "%s",
		 dated);
  free (dated);
  r = harness_sh (harness_fmt ("cd %s && SOURCE_DATE_EPOCH=soon %s --lock "
			       "epoch.yaml res", dir, summary_tool ()));
  ck_assert_msg (r.status == 2 && strstr (r.err, "SOURCE_DATE_EPOCH"), "%s",
		 r.err);
  free (lock);
}
END_TEST

START_TEST (test_lock_of_a_cxx_build)
{
  const char *dir = harness_tmpdir ();
  harness_write ("t.cc", cxx_source);
  harness_write ("hot.yaml", cxx_policy);
  build ("t.cc", "hot.yaml", "res", "");
  ck_assert (results_have_call ("res", "ns::S::walk<true>", "ns::S::get"));
  struct run r = summary ("--lock lock.yaml res");
  ck_assert_msg (r.status == 0, "%s", r.err);
  /* Callees as GCC spells them, glob characters escaped; callers by
     their identifier: a member, an operator (kept whole), a free
     operator, a function template's instance, a constructor, a
     conversion operator.  */
  ck_assert_str_eq (entries_of (harness_fmt ("%s/lock.yaml", dir)),
		    "ns::S::walk<false> | operator bool | always_inline\n"
		    "ns::S::walk<false> | operator[] | always_inline\n"
		    "ns::S::walk<false> | twice | always_inline\n"
		    "ns::S::walk<true> | S | always_inline\n"
		    "ns::S::walk<true> | get | always_inline\n"
		    "ns::S::walk<true> | operator< | always_inline\n"
		    "ns::width<char\\[4]> | use | always_inline\n");
  char *lock = harness_read (harness_fmt ("%s/lock.yaml", dir), NULL);
  ck_assert_msg (strstr (lock, "- {name: \"ns::width<char \\\\[4]>\", "
			 "callers: \"use\", action: always_inline, ")
		 && strstr (lock, "\n# ns::S::walk<true>: inlined into 3 "
			    "callers, left a call in 0\n")
		 && strstr (lock, "inlined into 'operator<' (2 calls)")
		 /* Two instances of one identifier: one entry.  */
		 && strstr (lock, "inlined into 'twice' (2 calls)"),
		 "%s", lock);
  free (lock);
  /* A constructor and a conversion operator as callers match on GCC
     too, by the names C++ writes.  */
  assert_plugin_loads ("t.cc", "lock.yaml", "7 of 7 policy entries matched");
}
END_TEST

/* A hot function that grows past GCC's limit with -DGROW, and one that
   stays small.  */
static const char grow_source[] =
  "static int step (int x)\n"
  "{\n"
  "#ifdef GROW\n"
  "  for (int i = 0; i < (x & 7) + 3; i++)\n"
  "    {\n"
  "      x ^= (x << 5) + (x >> 3) + i;\n"
  "      if (x & 1) x = x * 2654435761u; else x += 0x9e3779b9u;\n"
  "      x = (x << 7) | (x >> 25);\n"
  "    }\n"
  "#endif\n"
  "  return x * 3 + 1;\n"
  "}\n"
  "static int small (int x) { return x - 1; }\n"
  "int walk (int x) { return step (x) + step (x + 1) + small (x); }\n"
  "int other (int x) { return step (x * 2) + small (x * 3); }\n";

START_TEST (test_lock_of_regressions)
{
  const char *dir = harness_tmpdir ();
  harness_write ("t.c", grow_source);
  harness_write ("hot.yaml", "version: 1\nfunctions:\n  - {name: step}\n"
		 "  - {name: small}\n");
  build ("t.c", "hot.yaml", "old", "");
  build ("t.c", "hot.yaml", "new", "-DGROW");
  struct run plain = summary ("--diff old new");
  ck_assert_msg (plain.status == 1, "%s%s", plain.out, plain.err);
  ck_assert_msg (strstr (plain.out, "3 hot call sites went from inlined "
			 "to declined\n"), "%s", plain.out);

  /* --diff's output and status as without --lock; the lock has exactly
     the pairs that regressed.  */
  struct run r = summary ("--diff old new --lock back.yaml");
  ck_assert_int_eq (r.status, 1);
  ck_assert_str_eq (r.out, plain.out);
  ck_assert_str_eq (r.err, "hotinline-summary: wrote back.yaml: 2 sites "
		    "pinned inlined, 0 kept as calls, over 1 hot function\n");
  ck_assert_str_eq (entries_of (harness_fmt ("%s/back.yaml", dir)),
		    "step | other | always_inline\n"
		    "step | walk | always_inline\n");
  char *lock = harness_read (harness_fmt ("%s/back.yaml", dir), NULL);
  const char *version = gcc_version ();
  ck_assert_msg (strstr (lock, harness_fmt ("reason: \"locked: inlined into"
					    " 'walk' by gcc %s in the build "
					    "of ", version))
		 && strstr (lock, harness_fmt (" (results: old); left a call "
					       "by gcc %s (results: new)\"}\n",
					       version)), "%s", lock);
  free (lock);
  /* The grown build takes it.  */
  assert_plugin_loads ("t.c -DGROW", "back.yaml",
		       "2 of 2 policy entries matched");

  /* No regression: an empty lock, still a policy; --diff says 0.  */
  r = summary ("--diff old old --lock none.yaml");
  ck_assert_msg (r.status == 0, "%s", r.err);
  ck_assert_msg (strstr (r.out, "0 hot call sites went"), "%s", r.out);
  ck_assert_str_eq (entries_of (harness_fmt ("%s/none.yaml", dir)), "");
  lock = harness_read (harness_fmt ("%s/none.yaml", dir), NULL);
  ck_assert_msg (strstr (lock, "\nversion: 1\nfunctions: []\n"), "%s",
		 lock);
  free (lock);
  assert_plugin_loads ("t.c", "none.yaml", "0 of 0 policy entries matched");
}
END_TEST

static void
assert_refused (struct run r, const char *what, const char *message)
{
  ck_assert_msg (r.status == 2, "%s: status %d: %s", what, r.status, r.err);
  ck_assert_msg (strstr (r.err, message), "%s: %s", what, r.err);
}

START_TEST (test_lock_bad_input)
{
  const char *dir = harness_tmpdir ();
  harness_write ("t.c", c_source);
  harness_write ("hot.yaml", c_policy);
  build ("t.c", "hot.yaml", "res", "");
  harness_sh (harness_fmt ("mkdir -p %s/empty %s/other %s/cut", dir, dir,
			   dir));
  /* Another tool's JSON (GCC's own optimisation records would do) and
     a results file cut short.  */
  harness_write ("other/t.c.opt-record.json",
		 "[{\"format\": \"1\", \"generator\": \"gcc\"}]\n");
  struct run r = harness_sh (harness_fmt ("f=$(ls %s/res/*.json) && head -c "
					  "200 $f > %s/cut/t.json", dir,
					  dir));
  ck_assert_int_eq (r.status, 0);
  static const struct
  {
    const char *args, *what, *message;
  } cases[] = {
    { "--lock lock.yaml empty", "an empty directory",
      "empty: no results files (*.json)" },
    { "--lock lock.yaml cut", "a truncated results file",
      "cut/t.json:" },
    { "--lock lock.yaml other", "another tool's JSON",
      "other/t.c.opt-record.json: not a hotinline results file" },
    { "--lock lock.yaml res missing", "a missing directory",
      "cannot read missing: No such file or directory" },
    { "--diff res empty --lock lock.yaml", "--diff of an empty directory",
      "empty: no results files" },
    { "--lock no/such/dir/lock.yaml res", "a lock in no directory",
      "cannot write the lock no/such/dir/lock.yaml: No such file or "
      "directory" },
    { "--lock", "--lock alone", "--lock needs the file" },
    { "--lock lock.yaml", "no results", "no results given" },
    { "--lock lock.yaml --json res", "--lock and --json",
      "--lock goes with neither --json nor --html" },
    { "--lock lock.yaml --html site res", "--lock and --html",
      "--lock goes with neither --json nor --html" },
  };
  for (size_t i = 0; i < sizeof cases / sizeof *cases; i++)
    {
      r = summary (cases[i].args);
      assert_refused (r, cases[i].what, cases[i].message);
      ck_assert_msg (harness_sh (harness_fmt ("cd %s && ls lock.yaml* site "
					      "2>/dev/null", dir)).out[0]
		     == '\0', "%s: a lock was written", cases[i].what);
    }
}
END_TEST

Suite *
lock_suite (void)
{
  Suite *s = runner_suite ("Lock");
  if (harness_skip_on_clang ("Lock", "its results come from GCC builds; "
			     "the lock is made from any compiler's results "
			     "by the same code"))
    return s;
  TCase *tc = runner_tcase ("Lock");
  tcase_set_timeout (tc, E2E_TIMEOUT);
  tcase_add_test (tc, test_lock_of_a_c_build);
  tcase_add_test (tc, test_lock_of_a_cxx_build);
  tcase_add_test (tc, test_lock_of_regressions);
  tcase_add_test (tc, test_lock_bad_input);
  runner_add_tcase (s, tc);
  return s;
}
