/* hotinline-profile on recorded profiles (testsuite/profiles/): the policy
   it writes, compared as exact text, its errors, and merging into an
   existing policy byte for byte.  The tool runs in the profiles directory,
   so the reasons name the profiles as they are given here.  */
#define _GNU_SOURCE
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "harness/harness.h"
#include "unit/suites.h"

#define HEADER(file, kind)						\
  "# hot functions from " file " (" kind "), by hotinline-profile\n"	\
  "version: 1\nfunctions:\n"
#define ENTRY(name, action, reason, weight)				\
  "- name: " name "\n  action: " action "\n  reason: \"" reason "\"\n"	\
  "  weight: " weight "\n"

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
		       "30.00% self of samples in perf-script.txt (perf script)",
		       "30")
		ENTRY ("hash_step", "report",
		       "15.00% self of samples in perf-script.txt (perf script)",
		       "15")
		ENTRY ("ring::Buffer::step", "report",
		       "10.00% self of samples in perf-script.txt (perf script)",
		       "10")
		ENTRY ("blend", "report",
		       "5.00% self of samples in perf-script.txt (perf script)",
		       "5")
		ENTRY ("churn", "report",
		       "5.00% self of samples in perf-script.txt (perf script)",
		       "5")
		"- name: '{anonymous}::hidden'\n  action: report\n"
		"  reason: \"5.00% self of samples in perf-script.txt "
		"(perf script)\"\n  weight: 5\n");
}
END_TEST

START_TEST (test_min_share_and_top_choose_the_largest)
{
  check_output ("--min-share 10 perf-script.txt",
		HEADER ("perf-script.txt", "perf script")
		ENTRY ("scan_table", "report",
		       "30.00% self of samples in perf-script.txt (perf script)",
		       "30")
		ENTRY ("hash_step", "report",
		       "15.00% self of samples in perf-script.txt (perf script)",
		       "15")
		ENTRY ("ring::Buffer::step", "report",
		       "10.00% self of samples in perf-script.txt (perf script)",
		       "10"));
  check_output ("--top 1 perf-script.txt",
		HEADER ("perf-script.txt", "perf script")
		ENTRY ("scan_table", "report",
		       "30.00% self of samples in perf-script.txt (perf script)",
		       "30"));
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
		       "30.00% self of samples in perf-script.txt (perf script)",
		       "30")
		ENTRY ("hash_step", "always_inline",
		       "15.00% self of samples in perf-script.txt (perf script)",
		       "15"));
}
END_TEST

START_TEST (test_perf_script_call_graphs_count_the_innermost_frame)
{
  /* 5 samples: scan_table 2, hash_step 2 (one under a kernel frame, which
     is the sample's own), one unknown.  */
  check_output ("--min-share 0 perf-script-callchain.txt",
		HEADER ("perf-script-callchain.txt", "perf script")
		ENTRY ("scan_table", "report", "40.00% self of samples in "
		       "perf-script-callchain.txt (perf script)", "40")
		ENTRY ("hash_step", "report", "20.00% self of samples in "
		       "perf-script-callchain.txt (perf script)", "20"));
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
			   "perf-report.txt (perf report)", "42.5")
		    ENTRY ("hash_step", "report", "27.50% self of samples in "
			   "perf-report.txt (perf report)", "27.5")
		    ENTRY ("ring::Buffer::step", "report", "12.25% self of "
			   "samples in perf-report.txt (perf report)", "12.25")
		    ENTRY ("Op::operator()", "report", "4.50% self of samples "
			   "in perf-report.txt (perf report)", "4.5"));
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
		       "64.52% self of Ir in callgrind.out.4242 (callgrind)",
		       "64.5161")
		ENTRY ("ring::Buffer::step", "report",
		       "19.35% self of Ir in callgrind.out.4242 (callgrind)",
		       "19.3548")
		ENTRY ("setup", "report",
		       "0.65% self of Ir in callgrind.out.4242 (callgrind)",
		       "0.6452"));
}
END_TEST

START_TEST (test_callgrind_without_instructions_counts_the_first_event)
{
  harness_write ("cg", "events: Dr Dw\nfn=(1) f\n0 7 1\nfn=(2) g\n0 3 9\n");
  struct run r = harness_sh (harness_fmt ("cd %s && %s -f callgrind cg",
					  harness_tmpdir (), tool ()));
  ck_assert_msg (r.status == 0, "%s", r.err);
  ck_assert_str_eq (r.out, HEADER ("cg", "callgrind")
		    ENTRY ("f", "report", "70.00% self of Dr in cg (callgrind)",
		    "70")
		    ENTRY ("g", "report", "30.00% self of Dr in cg (callgrind)",
		    "30"));
}
END_TEST

START_TEST (test_standard_input_and_explicit_format)
{
  check_output ("--top 1 - < perf-script.txt",
		HEADER ("standard input", "perf script")
		ENTRY ("scan_table", "report",
		       "30.00% self of samples in standard input (perf script)",
		       "30"));
  check_output ("--top 1 --format callgrind - < callgrind.out.4242",
		HEADER ("standard input", "callgrind")
		ENTRY ("scan_table", "report",
		       "64.52% self of Ir in standard input (callgrind)",
		       "64.5161"));
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
		       "perf-script-two-programs.txt (perf script)", "25"));
  check_output ("--dso /opt/app/bin/app perf-script-two-programs.txt",
		HEADER ("perf-script-two-programs.txt", "perf script")
		ENTRY ("scan_table", "report", "50.00% self of samples in "
		       "perf-script-two-programs.txt (perf script)", "50"));
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
			   "14.29% self of samples in p.txt (perf script)",
			   "14.2857")
		    ENTRY ("ns::twice<int>", "report",
			   "14.29% self of samples in p.txt (perf script)",
			   "14.2857")
		    ENTRY ("pick", "report",
			   "14.29% self of samples in p.txt (perf script)",
			   "14.2857")
		    "- name: '{anonymous}::tick<3>'\n  action: report\n"
		    "  reason: \"14.29% self of samples in p.txt (perf script)"
		    "\"\n  weight: 14.2857\n");
}
END_TEST

/* Recorded variants (testsuite/profiles/recorded/, from codec.cc by
   record.sh): each profile, with the options a user would give, and the
   policy it gives, in the .yaml file beside it.  */

static const struct
{
  const char *args, *policy;
} recorded[] = {
  { "callgrind.out.plain", "callgrind.out.plain.yaml" },
  { "callgrind.out.uncompressed", "callgrind.out.uncompressed.yaml" },
  { "callgrind.out.jumps", "callgrind.out.jumps.yaml" },
  { "callgrind.out.instr", "callgrind.out.instr.yaml" },
  { "callgrind.out.events", "callgrind.out.events.yaml" },
  { "--event Bcm callgrind.out.events", "callgrind.out.events-Bcm.yaml" },
  { "callgrind.out.threads-01 callgrind.out.threads-02",
    "callgrind.out.threads.yaml" },
  { "callgrind.out.parts.1 callgrind.out.parts.2 callgrind.out.parts",
    "callgrind.out.parts.yaml" },
  { "perf-script.plain", "perf-script.plain.yaml" },
  { "perf-script.no-demangle", "perf-script.no-demangle.yaml" },
  { "perf-script.fp", "perf-script.fp.yaml" },
  { "--action always_inline perf-script.dwarf", "perf-script.dwarf.yaml" },
  { "perf-script.events", "perf-script.events.yaml" },
  { "--event task-clock perf-script.events",
    "perf-script.events-task-clock.yaml" },
  { "perf-report.children", "perf-report.children.yaml" },
  { "perf-report.no-children", "perf-report.no-children.yaml" },
  { "perf-report.sort-sym", "perf-report.sort-sym.yaml" },
  { "perf-report.sort-dso-sym", "perf-report.sort-dso-sym.yaml" },
  { "perf-report.sort-sym-dso", "perf-report.sort-sym-dso.yaml" },
  { "perf-report.events", "perf-report.events.yaml" },
  { "--event task-clock perf-report.events",
    "perf-report.events-task-clock.yaml" },
};

static const char *
recorded_dir (void)
{
  return harness_src ("testsuite/profiles/recorded");
}

static struct run
recorded_tool (const char *args)
{
  return harness_sh (harness_fmt ("cd %s && %s %s", recorded_dir (), tool (),
				  args));
}

START_TEST (test_recorded_variants_give_their_policies)
{
  for (size_t i = 0; i < sizeof recorded / sizeof *recorded; i++)
    {
      struct run r = recorded_tool (recorded[i].args);
      ck_assert_msg (r.status == 0, "%s: status %d: %s", recorded[i].args,
		     r.status, r.err);
      char *want = harness_read (harness_fmt ("%s/%s", recorded_dir (),
					      recorded[i].policy), NULL);
      ck_assert_msg (!strcmp (r.out, want), "%s:\n%s\nexpected:\n%s",
		     recorded[i].args, r.out, want);
    }
}
END_TEST

/* The share the tool's first entry quotes, and its name.  */
static double
first_share (const char *policy, char *name, size_t size)
{
  const char *n = strstr (policy, "- name: ");
  const char *reason = strstr (policy, "reason: \"");
  double share = -1;
  ck_assert_msg (n && reason && sscanf (reason, "reason: \"%lf", &share) == 1,
		 "%s", policy);
  n += 8;
  size_t len = strcspn (n, "\n");
  ck_assert_uint_lt (len, size);
  memcpy (name, n, len);
  name[len] = '\0';
  return share;
}

START_TEST (test_callgrind_shares_agree_with_callgrind_annotate)
{
  /* callgrind_annotate, valgrind's own reader, prints each function's
     self cost as "4,591,732 (62.82%)  codec.cc:codec::step(...) [obj]".  */
  static const char *const cases[][2] = {
    { "callgrind.out.plain", "" },
    { "callgrind.out.uncompressed", "" },
    { "callgrind.out.jumps", "" },
    { "callgrind.out.instr", "" },
    { "callgrind.out.events", "" },
    { "callgrind.out.events", "Bcm" },
    { "callgrind.out.threads-01", "" },
    { "callgrind.out.threads-02", "" },
    { "callgrind.out.parts", "" },
  };
  for (size_t i = 0; i < sizeof cases / sizeof *cases; i++)
    {
      const char *file = cases[i][0], *event = cases[i][1];
      struct run r = recorded_tool (harness_fmt ("--top 1 %s%s %s",
						 *event ? "--event " : "",
						 event, file));
      ck_assert_msg (r.status == 0, "%s: %s", file, r.err);
      char name[256];
      double share = first_share (r.out, name, sizeof name);
      struct run a = harness_sh (harness_fmt
				 ("cd %s && callgrind_annotate --inclusive=no "
				  "--threshold=100 %s%s%s%s %s", recorded_dir (),
				  *event ? "--show=" : "", event,
				  *event ? " --sort=" : "", event, file));
      ck_assert_msg (a.status == 0, "callgrind_annotate %s: %s", file, a.err);
      const char *line = strstr (a.out, harness_fmt (":%s(", name));
      ck_assert_msg (line, "%s: no %s in\n%s", file, name, a.out);
      while (line > a.out && line[-1] != '\n')
	line--;
      double theirs = -1;
      ck_assert_msg (sscanf (line, "%*s (%lf%%)", &theirs) == 1, "%s", line);
      ck_assert_msg (share == theirs, "%s: %s %.2f%%, callgrind_annotate "
		     "%.2f%%", file, name, share, theirs);
    }
}
END_TEST

/* "name share" for each entry of POLICY.  */
static const char *
names_and_shares (const char *policy)
{
  const char *list = "";
  for (const char *n = policy; (n = strstr (n, "- name: ")); n++)
    {
      const char *reason = strstr (n, "reason: \"");
      ck_assert_ptr_nonnull (reason);
      list = harness_fmt ("%s%.*s %.*s\n", list, (int) strcspn (n + 8, "\n"),
			  n + 8, (int) strcspn (reason + 9, "%"), reason + 9);
    }
  return list;
}

START_TEST (test_perf_script_and_report_of_one_recording_agree)
{
  /* record.sh writes these pairs from one perf.data: perf's own shares
     and the tool's, from the samples, must be the same.  */
  static const char *const pairs[][2] = {
    { "perf-script.fp", "perf-report.no-children" },
    { "perf-script.fp", "perf-report.children" },
    { "perf-script.fp", "perf-report.sort-sym" },
    { "perf-script.fp", "perf-report.sort-sym-dso" },
    { "perf-script.plain", "perf-script.no-demangle" },
    { "perf-script.events", "perf-report.events" },
    { "--event task-clock perf-script.events",
      "--event task-clock perf-report.events" },
  };
  for (size_t i = 0; i < sizeof pairs / sizeof *pairs; i++)
    {
      struct run a = recorded_tool (harness_fmt ("--min-share 0 %s",
						 pairs[i][0]));
      struct run b = recorded_tool (harness_fmt ("--min-share 0 %s",
						 pairs[i][1]));
      ck_assert_msg (a.status == 0 && b.status == 0, "%s", a.err);
      const char *x = names_and_shares (a.out), *y = names_and_shares (b.out);
      ck_assert_msg (*x && !strcmp (x, y), "%s:\n%s%s:\n%s", pairs[i][0], x,
		     pairs[i][1], y);
    }
}
END_TEST

/* The tool on profile TEXT written to FILE with ARGS must print the
   entries ENTRIES after the header.  */
static void
check_small (const char *file, const char *text, const char *args,
	     const char *kind, const char *entries)
{
  harness_write (file, text);
  struct run r = harness_sh (harness_fmt ("cd %s && %s %s %s",
					  harness_tmpdir (), tool (), args,
					  file));
  ck_assert_msg (r.status == 0, "%s %s: %s", args, file, r.err);
  ck_assert_str_eq (r.out, harness_fmt ("# hot functions from %s (%s), by "
					"hotinline-profile\nversion: 1\n"
					"functions:%s", file, kind, entries));
}

START_TEST (test_callgrind_jumps_and_uncompressed_names)
{
  /* --collect-jumps: a file change for a jump, then the jump and its
     costless position line; jfn= defines a compressed name too.  */
  check_small ("callgrind.out.1",
	       "events: Ir\nfl=(1) app.c\nfn=(1) f\n0 5\njfi=(2) app.h\n"
	       "jump=3 +2\n* \njfn=(2) g\njcnd=1/2 -1\n* \nfi=(2)\n+2 5\n"
	       "fn=(2)\n0 10\n", "", "callgrind",
	       "\n" ENTRY ("f", "report", "50.00% self of Ir in callgrind.out.1 "
			   "(callgrind)", "50")
	       ENTRY ("g", "report", "50.00% self of Ir in callgrind.out.1 "
		      "(callgrind)", "50"));
  /* --compress-strings=no: names as they are, parentheses and all.  */
  check_small ("callgrind.out.2",
	       "events: Ir\nob=/opt/app\nfn=(below main)\n0 5\ncfn=f\n"
	       "calls=1 0\n0 100\nfn=f\n0 15\n", "", "callgrind",
	       "\n" ENTRY ("f", "report", "75.00% self of Ir in callgrind.out.2 "
			   "(callgrind)", "75"));
  /* --dump-instr: an instruction and a line position, relative ones
     after.  */
  check_small ("callgrind.out.3",
	       "positions: instr line\nevents: Ir Dr\nfn=(1) f\n"
	       "0x4011a0 12 3 1\n+3 * 1\n-0x2 +1 4\n", "--event Dr",
	       "callgrind",
	       "\n" ENTRY ("f", "report", "100.00% self of Dr in "
			   "callgrind.out.3 (callgrind)", "100"));
}
END_TEST

START_TEST (test_callgrind_event_choice)
{
  const char *dir = harness_tmpdir ();
  harness_write ("cg.1", "events: Ir\nfn=(1) f\n0 5\n");
  harness_write ("cg.2", "events: Dr\nfn=(1) f\n0 5\n");
  const char *cases[][2] = {
    { "--event Dr cg.1", "cg.1:1: no event 'Dr' in the profile (events: "
      "Ir)" },
    { "cg.1 cg.2", "cg.2:1: this profile counts 'Dr' where the others "
      "count 'Ir'; choose one with --event" },
  };
  for (size_t i = 0; i < sizeof cases / sizeof *cases; i++)
    {
      struct run r = harness_sh (harness_fmt ("cd %s && %s -f callgrind %s",
					      dir, tool (), cases[i][0]));
      ck_assert_int_eq (r.status, 2);
      ck_assert_str_eq (r.err, harness_fmt ("hotinline-profile: %s\n",
					    cases[i][1]));
    }
}
END_TEST

/* One sample whose own frame perf saw inlined into g, one plain.  */
#define INLINED_SAMPLE							\
  "app 7 1.000001:  250000 cpu-clock: \n"				\
  "\t    1200 f+0x4 (inlined)\n"					\
  "\t    1200 g+0x10 (/opt/app)\n"					\
  "\t    1300 main+0x20 (/opt/app)\n\n"
#define PLAIN_SAMPLE							\
  "app 7 1.000002:  250000 cpu-clock: \n"				\
  "\t    1400 f+0x8 (/opt/app)\n"					\
  "\t    1300 main+0x20 (/opt/app)\n\n"

START_TEST (test_perf_inlined_frames_count_for_their_function)
{
  /* The time is the inlined function's, in the program's object.  */
  check_small ("p1.txt", INLINED_SAMPLE PLAIN_SAMPLE,
	       "--dso app --action always_inline", "perf script",
	       "\n" ENTRY ("f", "always_inline", "100.00% self of samples in "
			   "p1.txt (perf script), 50.00% of it seen inlined",
			   "100"));
  /* Seen inlined only: already inlined where it is hot, a report entry
     whatever the action.  */
  check_small ("p2.txt", INLINED_SAMPLE, "--action always_inline",
	       "perf script",
	       "\n" ENTRY ("f", "report", "100.00% self of samples in p2.txt "
			   "(perf script), all of it seen inlined already",
			   "100"));
}
END_TEST

START_TEST (test_perf_samples_weigh_their_period_and_event)
{
  /* Frequency sampling gives samples different periods.  */
  check_small ("p3.txt",
	       "app 7 [000] 1.000001:  300 cycles:u:  1200 f+0x4 (/opt/app)\n"
	       "app 7 [000] 1.000002:  100 cycles:u:  1300 g+0x4 (/opt/app)\n"
	       "app 7 [000] 1.000003:  900 instructions:u:  1300 g+0x4 "
	       "(/opt/app)\n", "", "perf script",
	       "\n" ENTRY ("f", "report", "75.00% self of cycles samples in "
			   "p3.txt (perf script)", "75")
	       ENTRY ("g", "report", "25.00% self of cycles samples in "
		      "p3.txt (perf script)", "25"));
  check_small ("p3.txt",
	       "app 7 [000] 1.000001:  300 cycles:u:  1200 f+0x4 (/opt/app)\n"
	       "app 7 [000] 1.000003:  900 instructions:u:  1300 g+0x4 "
	       "(/opt/app)\n", "--event instructions", "perf script",
	       "\n" ENTRY ("g", "report", "100.00% self of instructions "
			   "samples in p3.txt (perf script)", "100"));
  /* Without the time field (perf script -F comm,pid,event,ip,sym,dso)
     the number before the event is the pid.  */
  check_small ("p3.txt",
	       "app 300 cycles:  1200 f+0x4 (/opt/app)\n"
	       "app 100 cycles:  1300 g+0x4 (/opt/app)\n", "", "perf script",
	       "\n" ENTRY ("f", "report", "50.00% self of samples in p3.txt "
			   "(perf script)", "50")
	       ENTRY ("g", "report", "50.00% self of samples in p3.txt "
		      "(perf script)", "50"));
  check_error ("--event nothing perf-script.txt", 1, "hotinline-profile: "
	       "perf-script.txt: no samples of event 'nothing' in the "
	       "profile\n");
}
END_TEST

START_TEST (test_top_stays_within_the_min_share)
{
  /* 2 functions above 1%, 3 far below: --top 5 does not fill up with
     cold ones unless --min-share says so.  */
  const char *text = "";
  const char *names[] = { "hot", "warm", "cold1", "cold2", "cold3" };
  int samples[] = { 600, 396, 2, 1, 1 };
  for (int i = 0; i < 5; i++)
    for (int k = 0; k < samples[i]; k++)
      text = harness_fmt ("%sapp 7 1.0: 1 cpu-clock: 1200 %s+0x4 "
			  "(/opt/app)\n", text, names[i]);
  check_small ("p4.txt", text, "--top 5", "perf script",
	       "\n" ENTRY ("hot", "report", "60.00% self of samples in p4.txt "
			   "(perf script)", "60")
	       ENTRY ("warm", "report", "39.60% self of samples in p4.txt "
		      "(perf script)", "39.6"));
  check_small ("p4.txt", text, "--top 3 --min-share 0", "perf script",
	       "\n" ENTRY ("hot", "report", "60.00% self of samples in p4.txt "
			   "(perf script)", "60")
	       ENTRY ("warm", "report", "39.60% self of samples in p4.txt "
		      "(perf script)", "39.6")
	       ENTRY ("cold1", "report", "0.20% self of samples in p4.txt "
		      "(perf script)", "0.2"));
}
END_TEST

START_TEST (test_perf_report_sorted_without_symbols_is_an_error)
{
  struct run r = recorded_tool ("perf-report.sort-dso");
  ck_assert_int_eq (r.status, 2);
  ck_assert_str_eq (r.err, "hotinline-profile: perf-report.sort-dso:10: perf "
		    "report without a 'Symbol' column: its --sort must "
		    "include 'sym' (the default comm,dso,sym does)\n");
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
    { "events: Ir\nfn=(99999999999999999999999) f\n", "a.out:2: "
      "compressed name (99999999999999999999999) out of range" },
    { "events: Ir\npositions:\n", "a.out:2: 'positions:' without a "
      "position" },
    { "events: Ir\nfn=(1) f\n0x1g 5\n", "a.out:3: expected a position" },
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
  check_error ("perf-script.txt callgrind.out.4242", 2,
	       "hotinline-profile: perf-script.txt is perf script output, "
	       "callgrind.out.4242 is callgrind: sum profiles of one kind\n");
}
END_TEST

/* Merging.  */

static const char merged_tail[] =
  "    -   name: hash_step\n"
  "        action: report\n"
  "        reason: \"15.00% self of samples in perf-script.txt (perf "
  "script)\"\n"
  "        weight: 15\n"
  "    -   name: blend\n"
  "        action: report\n"
  "        reason: \"5.00% self of samples in perf-script.txt (perf "
  "script)\"\n"
  "        weight: 5\n";

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
  indent "  weight: 30\n"						\
  indent "- name: hash_step\n"						\
  indent "  action: report\n"						\
  indent "  reason: \"15.00% self of samples in p.txt (perf script)\"\n" \
  indent "  weight: 15\n"
#define NEW_FLOW							\
  "{name: scan_table, action: report, reason: \"30.00% self of samples " \
  "in p.txt (perf script)\", weight: 30}, {name: hash_step, action: "	\
  "report, reason: \"15.00% self of samples in p.txt (perf script)\", " \
  "weight: 15}"

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
  Suite *s = runner_suite ("Profile tool");
  TCase *tc = runner_tcase ("Reading profiles");
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
  runner_add_tcase (s, tc);
  tc = runner_tcase ("Recorded variants");
  /* Each test reads a megabyte of profiles, callgrind_annotate too.  */
  tcase_set_timeout (tc, 120);
  tcase_add_test (tc, test_recorded_variants_give_their_policies);
  tcase_add_test (tc, test_callgrind_shares_agree_with_callgrind_annotate);
  tcase_add_test (tc, test_perf_script_and_report_of_one_recording_agree);
  tcase_add_test (tc, test_callgrind_jumps_and_uncompressed_names);
  tcase_add_test (tc, test_callgrind_event_choice);
  tcase_add_test (tc, test_perf_inlined_frames_count_for_their_function);
  tcase_add_test (tc, test_perf_samples_weigh_their_period_and_event);
  tcase_add_test (tc, test_top_stays_within_the_min_share);
  tcase_add_test (tc, test_perf_report_sorted_without_symbols_is_an_error);
  runner_add_tcase (s, tc);
  tc = runner_tcase ("Bad input");
  tcase_add_test (tc, test_malformed_lines_are_errors_with_file_and_line);
  tcase_add_test (tc, test_callgrind_lines_out_of_place);
  tcase_add_test (tc, test_profile_without_samples_is_an_error);
  tcase_add_test (tc, test_usage_errors);
  runner_add_tcase (s, tc);
  tc = runner_tcase ("Merging");
  tcase_add_test (tc, test_merge_keeps_every_byte_and_appends);
  tcase_add_test (tc, test_merge_in_place_is_idempotent);
  tcase_add_test (tc, test_merge_into_every_shape_of_functions);
  tcase_add_test (tc, test_merge_refuses_a_broken_policy);
  runner_add_tcase (s, tc);
  return s;
}
