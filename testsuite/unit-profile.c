/* hotinline-profile on recorded profiles (testsuite/profiles/): the policy
   it writes, compared as exact text, its errors, and merging into an
   existing policy byte for byte.  The tool runs in the profiles directory,
   so the reasons name the profiles as they are given here.  */
#define _GNU_SOURCE
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "harness.h"
#include "unit-suites.h"

#define HEADER(file, kind)						\
  "# hot functions from " file " (" kind "), by hotinline-profile\n"	\
  "version: 1\nfunctions:\n"
#define ENTRY(name, action, reason)					\
  "- name: " name "\n  action: " action "\n  reason: \"" reason "\"\n"

static const char *
tool (void)
{
  const char *t = getenv ("HOTINLINE_PROFILE_TOOL");
  ck_assert_msg (t && *t, "HOTINLINE_PROFILE_TOOL not set");
  return t;
}

/* Run the tool with ARGS in the profiles directory.  */
static struct run
profile_tool (const char *args)
{
  return harness_sh (harness_fmt ("cd %s && %s %s",
				  harness_src ("testsuite/profiles"), tool (),
				  args));
}

/* The tool succeeds with ARGS and prints exactly EXPECTED.  */
static void
check_output (const char *args, const char *expected)
{
  struct run r = profile_tool (args);
  ck_assert_msg (r.status == 0, "%s: status %d: %s", args, r.status, r.err);
  ck_assert_str_eq (r.out, expected);
}

/* The tool fails with STATUS and prints exactly MESSAGE on stderr.  */
static void
check_error (const char *args, int status, const char *message)
{
  struct run r = profile_tool (args);
  ck_assert_msg (r.status == status, "%s: status %d: %s", args, r.status,
		 r.err);
  ck_assert_str_eq (r.out, "");
  ck_assert_str_eq (r.err, message);
}

/* Reading profiles.  */

START_TEST (test_perf_script_keeps_program_functions_and_sums_clones)
{
  /* 20 samples: scan_table 4 + .part.0 + .cold; hash_step 1 +
     .constprop.0.isra.0 2; C++ names demangled or not; main, a PLT stub,
     the kernel, libc, ld-linux and [unknown] left out.  */
  check_output ("--min-share 0 perf-script.txt",
		HEADER ("perf-script.txt", "perf script")
		ENTRY ("scan_table", "report",
		       "30.00% self of samples in perf-script.txt (perf script)")
		ENTRY ("hash_step", "report",
		       "15.00% self of samples in perf-script.txt (perf script)")
		ENTRY ("ring::Buffer::step", "report",
		       "10.00% self of samples in perf-script.txt (perf script)")
		ENTRY ("blend", "report",
		       "5.00% self of samples in perf-script.txt (perf script)")
		ENTRY ("churn", "report",
		       "5.00% self of samples in perf-script.txt (perf script)")
		"- name: '{anonymous}::hidden'\n  action: report\n"
		"  reason: \"5.00% self of samples in perf-script.txt "
		"(perf script)\"\n");
}
END_TEST

START_TEST (test_min_share_and_top_choose_the_largest)
{
  check_output ("--min-share 10 perf-script.txt",
		HEADER ("perf-script.txt", "perf script")
		ENTRY ("scan_table", "report",
		       "30.00% self of samples in perf-script.txt (perf script)")
		ENTRY ("hash_step", "report",
		       "15.00% self of samples in perf-script.txt (perf script)")
		ENTRY ("ring::Buffer::step", "report",
		       "10.00% self of samples in perf-script.txt (perf script)"));
  check_output ("--top 1 perf-script.txt",
		HEADER ("perf-script.txt", "perf script")
		ENTRY ("scan_table", "report",
		       "30.00% self of samples in perf-script.txt (perf script)"));
  check_output ("--min-share 99 perf-script.txt",
		"# hot functions from perf-script.txt (perf script), by "
		"hotinline-profile\nversion: 1\nfunctions: []\n");
}
END_TEST

START_TEST (test_action_always_inline_writes_forcing_entries)
{
  check_output ("--top 2 --action always_inline perf-script.txt",
		HEADER ("perf-script.txt", "perf script")
		ENTRY ("scan_table", "always_inline",
		       "30.00% self of samples in perf-script.txt (perf script)")
		ENTRY ("hash_step", "always_inline",
		       "15.00% self of samples in perf-script.txt (perf script)"));
}
END_TEST

START_TEST (test_perf_script_call_graphs_count_the_innermost_frame)
{
  /* 5 samples: scan_table 2, hash_step 2 (one under a kernel frame, which
     is the sample's own), one unknown.  */
  check_output ("--min-share 0 perf-script-callchain.txt",
		HEADER ("perf-script-callchain.txt", "perf script")
		ENTRY ("scan_table", "report", "40.00% self of samples in "
		       "perf-script-callchain.txt (perf script)")
		ENTRY ("hash_step", "report", "20.00% self of samples in "
		       "perf-script-callchain.txt (perf script)"));
}
END_TEST

START_TEST (test_perf_report_reads_the_self_column)
{
  /* Self, not Children; call-graph lines skipped; hash_step.isra.0 20.00
     and hash_step 7.50 summed; a const member without its qualifier;
     operator[] cannot be named exactly and is left out; setup is under
     the default 1%; libc, the kernel and [unknown] left out.  */
  struct run r = profile_tool ("perf-report.txt");
  ck_assert_int_eq (r.status, 0);
  ck_assert_str_eq (r.out,
		    HEADER ("perf-report.txt", "perf report")
		    ENTRY ("scan_table", "report", "42.50% self of samples in "
			   "perf-report.txt (perf report)")
		    ENTRY ("hash_step", "report", "27.50% self of samples in "
			   "perf-report.txt (perf report)")
		    ENTRY ("ring::Buffer::step", "report", "12.25% self of "
			   "samples in perf-report.txt (perf report)")
		    ENTRY ("Op::operator()", "report", "4.50% self of samples "
			   "in perf-report.txt (perf report)"));
  ck_assert_ptr_nonnull (strstr (r.err, "'ns::Vec<int>::operator[]' cannot "
				 "be named exactly in a policy; left out\n"));
}
END_TEST

START_TEST (test_callgrind_self_cost_leaves_out_calls)
{
  /* Ir of 775 in all: scan_table 300+100+20+30 and scan_table.cold 50 (the
     900 and 150 after calls= are inclusive); the mangled clone of
     ring::Buffer::step 120+30 (not the 9999 of its call); setup 5; main,
     memcpy in libc and the address in ??? left out.  */
  check_output ("--min-share 0 callgrind.out.4242",
		HEADER ("callgrind.out.4242", "callgrind")
		ENTRY ("scan_table", "report",
		       "64.52% self of Ir in callgrind.out.4242 (callgrind)")
		ENTRY ("ring::Buffer::step", "report",
		       "19.35% self of Ir in callgrind.out.4242 (callgrind)")
		ENTRY ("setup", "report",
		       "0.65% self of Ir in callgrind.out.4242 (callgrind)"));
}
END_TEST

START_TEST (test_callgrind_without_instructions_counts_the_first_event)
{
  harness_write ("cg", "events: Dr Dw\nfn=(1) f\n0 7 1\nfn=(2) g\n0 3 9\n");
  struct run r = harness_sh (harness_fmt ("cd %s && %s -f callgrind cg",
					  harness_tmpdir (), tool ()));
  ck_assert_msg (r.status == 0, "%s", r.err);
  ck_assert_str_eq (r.out, HEADER ("cg", "callgrind")
		    ENTRY ("f", "report", "70.00% self of Dr in cg (callgrind)")
		    ENTRY ("g", "report", "30.00% self of Dr in cg (callgrind)"));
}
END_TEST

START_TEST (test_standard_input_and_explicit_format)
{
  check_output ("--top 1 - < perf-script.txt",
		HEADER ("standard input", "perf script")
		ENTRY ("scan_table", "report",
		       "30.00% self of samples in standard input (perf script)"));
  check_output ("--top 1 --format callgrind - < callgrind.out.4242",
		HEADER ("standard input", "callgrind")
		ENTRY ("scan_table", "report",
		       "64.52% self of Ir in standard input (callgrind)"));
}
END_TEST

START_TEST (test_dso_chooses_among_programs)
{
  check_error ("perf-script-two-programs.txt", 2,
	       "hotinline-profile: perf-script-two-programs.txt: samples in "
	       "several programs ('/opt/app/bin/app', '/opt/app/bin/tool'); "
	       "choose one with --dso\n");
  check_output ("--dso tool perf-script-two-programs.txt",
		HEADER ("perf-script-two-programs.txt", "perf script")
		ENTRY ("parse_args", "report", "25.00% self of samples in "
		       "perf-script-two-programs.txt (perf script)"));
  check_output ("--dso /opt/app/bin/app perf-script-two-programs.txt",
		HEADER ("perf-script-two-programs.txt", "perf script")
		ENTRY ("scan_table", "report", "50.00% self of samples in "
		       "perf-script-two-programs.txt (perf script)"));
  check_error ("--dso nothere perf-script-two-programs.txt", 2,
	       "hotinline-profile: perf-script-two-programs.txt: no samples "
	       "in an object named 'nothere'\n");
}
END_TEST

START_TEST (test_cxx_names_take_the_form_the_plugin_matches)
{
  /* Qualified names keep their scope and template arguments, as GCC
     prints them; the anonymous namespace is GCC's "{anonymous}"; a global
     function template is matched by its identifier; a mangled clone is
     demangled; leftovers of garbled symbols are dropped.  */
  static const char *const syms[] = {
    "ns::Conv::operator int() const", "void (anonymous namespace)::tick<3>()",
    "_ZN2ns5twiceIiEET_S1_.isra.0", "unsigned long pick<4ul>(long) [clone "
    ".cold]", "((", "::", "0x00007f3a12399999",
  };
  const char *text = "";
  for (size_t i = 0; i < sizeof syms / sizeof *syms; i++)
    text = harness_fmt ("%sapp 1 1.%06zu: 1 cpu-clock: 55d0a0001200 %s+0x4 "
			"(/opt/app)\n", text, i, syms[i]);
  harness_write ("p.txt", text);
  struct run r = harness_sh (harness_fmt ("cd %s && %s p.txt",
					  harness_tmpdir (), tool ()));
  ck_assert_msg (r.status == 0, "%s", r.err);
  ck_assert_str_eq (r.out, HEADER ("p.txt", "perf script")
		    ENTRY ("ns::Conv::operator int", "report",
			   "14.29% self of samples in p.txt (perf script)")
		    ENTRY ("ns::twice<int>", "report",
			   "14.29% self of samples in p.txt (perf script)")
		    ENTRY ("pick", "report",
			   "14.29% self of samples in p.txt (perf script)")
		    "- name: '{anonymous}::tick<3>'\n  action: report\n"
		    "  reason: \"14.29% self of samples in p.txt (perf script)"
		    "\"\n");
}
END_TEST

/* Bad input.  */

START_TEST (test_malformed_lines_are_errors_with_file_and_line)
{
  check_error ("perf-script-bad.txt", 2,
	       "hotinline-profile: perf-script-bad.txt:3: expected a sample "
	       "'command pid time: event: address symbol (object)'\n");
  check_error ("perf-script-badframe.txt", 2,
	       "hotinline-profile: perf-script-badframe.txt:4: expected a "
	       "frame 'address symbol (object)'\n");
  check_error ("perf-report-bad.txt", 2,
	       "hotinline-profile: perf-report-bad.txt:7: expected a row "
	       "'share% ... [.] symbol' under the column titles\n");
  check_error ("callgrind-bad.out", 2,
	       "hotinline-profile: callgrind-bad.out:6: name (9) used before "
	       "it is defined\n");
  check_error ("--format callgrind perf-script.txt", 2,
	       "hotinline-profile: perf-script.txt:1: not a callgrind line\n");
}
END_TEST

START_TEST (test_callgrind_lines_out_of_place)
{
  const char *dir = harness_tmpdir ();
  const char *cases[][2] = {
    { "events: Ir\n0 5\n", "a.out:2: a cost line before any 'fn='" },
    { "events: Ir\nfn=(1) f\n0 x\n", "a.out:3: expected an event count" },
    { "events: Ir\nfn=(1) f\nq 5\n", "a.out:3: not a callgrind line" },
    { "events: Ir\nfn=(x) f\n", "a.out:2: expected '(number)' in a "
      "compressed name" },
    { "events: Ir\nfn=(1) f\nzz=3\n", "a.out:3: unknown callgrind line "
      "'zz'" },
  };
  for (size_t i = 0; i < sizeof cases / sizeof *cases; i++)
    {
      harness_write ("a.out", cases[i][0]);
      struct run r = harness_sh (harness_fmt ("cd %s && %s -f callgrind "
					      "a.out", dir, tool ()));
      ck_assert_int_eq (r.status, 2);
      ck_assert_str_eq (r.err, harness_fmt ("hotinline-profile: %s\n",
					    cases[i][1]));
    }
}
END_TEST

START_TEST (test_profile_without_samples_is_an_error)
{
  check_error ("perf-script-empty.txt", 1,
	       "hotinline-profile: perf-script-empty.txt: no samples in the "
	       "profile\n");
  check_error ("callgrind-empty.out", 1,
	       "hotinline-profile: callgrind-empty.out: no samples in the "
	       "profile\n");
}
END_TEST

START_TEST (test_usage_errors)
{
  const char *hint = "hotinline-profile: 'hotinline-profile --help' lists "
		     "the options\n";
  const char *cases[][2] = {
    { "", "no profile given" },
    { "a b", "more than one profile given" },
    { "--top 0 perf-script.txt", "--top wants a whole number of at least 1" },
    { "--min-share x perf-script.txt", "--min-share wants a non-negative "
      "number" },
    { "--action force perf-script.txt", "unknown action 'force' (report or "
      "always_inline)" },
    { "--format xml perf-script.txt", "unknown format 'xml'" },
    { "--in-place perf-script.txt", "--in-place needs --merge FILE" },
    { "--bogus perf-script.txt", "bad option '--bogus'" },
  };
  for (size_t i = 0; i < sizeof cases / sizeof *cases; i++)
    check_error (cases[i][0], 2, harness_fmt ("hotinline-profile: %s\n%s",
					      cases[i][1], hint));
  check_error ("nothere.txt", 2, "hotinline-profile: cannot read nothere.txt: "
	       "No such file or directory\n");
  check_error (".", 2, "hotinline-profile: cannot read .: it is a "
	       "directory\n");
}
END_TEST

/* Merging.  */

static const char merged_tail[] =
  "    -   name: hash_step\n"
  "        action: report\n"
  "        reason: \"15.00% self of samples in perf-script.txt (perf "
  "script)\"\n"
  "    -   name: blend\n"
  "        action: report\n"
  "        reason: \"5.00% self of samples in perf-script.txt (perf "
  "script)\"\n";

START_TEST (test_merge_keeps_every_byte_and_appends)
{
  /* scan_table is there (forced, with a hand-written reason) and
     ring::Buffer::step is covered by the glob "ring::*": neither is added
     again.  The new entries follow the last one, indented like it.  */
  char *old = harness_read (harness_src ("testsuite/profiles/"
					 "hot-existing.yaml"), NULL);
  const char *cut = strstr (old, "\n\n# end of the policy");
  ck_assert_ptr_nonnull (cut);
  size_t head = (size_t) (cut - old) + 1;
  struct run r = profile_tool ("--min-share 5 --top 4 --merge "
			       "hot-existing.yaml perf-script.txt");
  ck_assert_msg (r.status == 0, "%s", r.err);
  ck_assert_str_eq (r.out, harness_fmt ("%.*s%s%s", (int) head, old,
					merged_tail, old + head));
  ck_assert_ptr_nonnull (strstr (r.err, "'scan_table' is already in the "
				 "policy\n"));
  ck_assert_ptr_nonnull (strstr (r.err, "'ring::Buffer::step' is already "
				 "in the policy\n"));
}
END_TEST

START_TEST (test_merge_in_place_is_idempotent)
{
  char *old = harness_read (harness_src ("testsuite/profiles/"
					 "hot-existing.yaml"), NULL);
  const char *policy = harness_write ("hot.yaml", old);
  const char *cmd = harness_fmt ("cd %s && %s --min-share 5 --top 4 "
				 "--merge %s --in-place perf-script.txt",
				 harness_src ("testsuite/profiles"), tool (),
				 policy);
  struct run r = harness_sh (cmd);
  ck_assert_msg (r.status == 0, "%s", r.err);
  ck_assert_str_eq (r.out, "");
  char *once = harness_read (policy, NULL);
  ck_assert_ptr_nonnull (strstr (once, merged_tail));
  ck_assert_uint_eq (strlen (once), strlen (old) + strlen (merged_tail));

  /* A second run finds everything there and changes nothing.  */
  r = harness_sh (cmd);
  ck_assert_int_eq (r.status, 0);
  ck_assert_ptr_nonnull (strstr (r.err, "'hash_step' is already in the "
				 "policy\n"));
  ck_assert_ptr_nonnull (strstr (r.err, "0 functions from"));
  ck_assert_str_eq (harness_read (policy, NULL), once);
}
END_TEST

/* Merge the top two of perf-script.txt into a policy reading OLD.  */
static void
check_merge (const char *old, const char *expected)
{
  const char *dir = harness_tmpdir ();
  harness_write ("hot.yaml", old);
  harness_sh (harness_fmt ("cp %s %s/p.txt",
			   harness_src ("testsuite/profiles/perf-script.txt"),
			   dir));
  struct run r = harness_sh (harness_fmt ("cd %s && %s --top 2 --merge "
					  "hot.yaml -o out.yaml p.txt", dir,
					  tool ()));
  ck_assert_msg (r.status == 0, "%s", r.err);
  ck_assert_str_eq (harness_read (harness_fmt ("%s/out.yaml", dir), NULL),
		    expected);
}

#define NEW_BLOCK(indent)						\
  indent "- name: scan_table\n"						\
  indent "  action: report\n"						\
  indent "  reason: \"30.00% self of samples in p.txt (perf script)\"\n" \
  indent "- name: hash_step\n"						\
  indent "  action: report\n"						\
  indent "  reason: \"15.00% self of samples in p.txt (perf script)\"\n"
#define NEW_FLOW							\
  "{name: scan_table, action: report, reason: \"30.00% self of samples " \
  "in p.txt (perf script)\"}, {name: hash_step, action: report, reason: " \
  "\"15.00% self of samples in p.txt (perf script)\"}"

START_TEST (test_merge_into_every_shape_of_functions)
{
  /* Empty flow sequence; flow sequence with entries and a comment after
     it; no functions key; a last line without a newline; an indentless
     sequence; an explicit document end.  */
  check_merge ("version: 1\nfunctions: []\n",
	       "version: 1\nfunctions: [" NEW_FLOW "]\n");
  check_merge ("version: 1\nfunctions: [{name: a}]   # one\n",
	       "version: 1\nfunctions: [{name: a}, " NEW_FLOW "]   # one\n");
  check_merge ("# nothing yet\nversion: 1\n",
	       "# nothing yet\nversion: 1\nfunctions:\n" NEW_BLOCK ("  "));
  check_merge ("version: 1\nfunctions:\n  - name: a",
	       "version: 1\nfunctions:\n  - name: a\n" NEW_BLOCK ("  "));
  check_merge ("version: 1\nfunctions:\n- name: a\n# tail\n",
	       "version: 1\nfunctions:\n- name: a\n" NEW_BLOCK ("") "# tail\n");
  check_merge ("version: 1\nfunctions:\n  - name: a\n...\n",
	       "version: 1\nfunctions:\n  - name: a\n" NEW_BLOCK ("  ")
	       "...\n");
}
END_TEST

START_TEST (test_merge_refuses_a_broken_policy)
{
  const char *dir = harness_tmpdir ();
  const char *bad = "version: 1\nfunctions:\n  - name: a\n    actoin: x\n";
  harness_write ("hot.yaml", bad);
  struct run r = harness_sh (harness_fmt ("cd %s && %s --merge hot.yaml "
					  "--in-place %s", dir, tool (),
					  harness_src ("testsuite/profiles/"
						       "perf-script.txt")));
  ck_assert_int_eq (r.status, 2);
  ck_assert_ptr_nonnull (strstr (r.err, "hot.yaml:4:5: unknown key "
				 "'actoin'"));
  ck_assert_ptr_nonnull (strstr (r.err, "cannot merge into a policy that "
				 "does not load\n"));
  ck_assert_str_eq (harness_read (harness_fmt ("%s/hot.yaml", dir), NULL),
		    bad);
}
END_TEST

Suite *
profile_tool_suite (void)
{
  Suite *s = suite_create ("Profile tool");
  TCase *tc = tcase_create ("Reading profiles");
  tcase_add_test (tc, test_perf_script_keeps_program_functions_and_sums_clones);
  tcase_add_test (tc, test_min_share_and_top_choose_the_largest);
  tcase_add_test (tc, test_action_always_inline_writes_forcing_entries);
  tcase_add_test (tc, test_perf_script_call_graphs_count_the_innermost_frame);
  tcase_add_test (tc, test_perf_report_reads_the_self_column);
  tcase_add_test (tc, test_callgrind_self_cost_leaves_out_calls);
  tcase_add_test (tc, test_callgrind_without_instructions_counts_the_first_event);
  tcase_add_test (tc, test_standard_input_and_explicit_format);
  tcase_add_test (tc, test_dso_chooses_among_programs);
  tcase_add_test (tc, test_cxx_names_take_the_form_the_plugin_matches);
  suite_add_tcase (s, tc);
  tc = tcase_create ("Bad input");
  tcase_add_test (tc, test_malformed_lines_are_errors_with_file_and_line);
  tcase_add_test (tc, test_callgrind_lines_out_of_place);
  tcase_add_test (tc, test_profile_without_samples_is_an_error);
  tcase_add_test (tc, test_usage_errors);
  suite_add_tcase (s, tc);
  tc = tcase_create ("Merging");
  tcase_add_test (tc, test_merge_keeps_every_byte_and_appends);
  tcase_add_test (tc, test_merge_in_place_is_idempotent);
  tcase_add_test (tc, test_merge_into_every_shape_of_functions);
  tcase_add_test (tc, test_merge_refuses_a_broken_policy);
  suite_add_tcase (s, tc);
  return s;
}
