/* The results files.  GCC: the results directory is made and never fails
   the build; one complete file per unit, also from a parallel build; at
   the scale of a real build every compilation keeps its own results file
   (libtool compiles each source twice, with and without -fPIC -DPIC), the
   summary shows compilations that differ apart and the same compilation
   once, and bad input to hotinline-summary is refused with a message that
   says what was expected; a function called only by address is said so;
   LTO's results come from the link.  Clang: the LLVM plugin's results
   are the same JSON files, with the same keys, read by hotinline-summary,
   one per compilation.  The results at a Clang LTO link are checked in
   lto.c.  */
#define _GNU_SOURCE
#include <check.h>
#include <libgen.h>
#include <unistd.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "e2e/suites.h"
#include "e2e/summary-json.h"
#include "results-format.h"
#include "harness/harness.h"
#include "harness/sample.h"

/* Under -DPIC (libtool's shared build) 'step' may not be inlined: the two
   objects differ in their code, which objdump shows.  */
static const char twice_source[] =
  "#ifdef PIC\n"
  "__attribute__ ((noinline))\n"
  "#endif\n"
  "static int step (int x) { return x * 3 + 1; }\n"
  "int walk (int x) { return step (x) + step (x + 7); }\n";

static const char report_all[] =
  "version: 1\nfunctions:\n  - {name: step, action: report}\n";

static const char *
summary_tool (void)
{
  const char *tool = getenv ("HOTINLINE_SUMMARY");
  ck_assert_msg (tool, "HOTINLINE_SUMMARY not set");
  return tool;
}

/* Compile t.c in DIR as libtool does, with OPTIONS, results in DIR/res.  */
static void
compile_t (const char *dir, const char *options)
{
  struct run r = harness_sh (harness_fmt ("cd %s && %s -O2 -c t.c %s "
					  "-fplugin=%s -fplugin-arg-hotinline-"
					  "policy=hot.yaml -fplugin-arg-"
					  "hotinline-results=res -w", dir,
					  harness_gcc (), options,
					  harness_plugin ()));
  ck_assert_msg (r.status == 0, "%s: %s", options, r.err);
}

/* The results files of DIR/res, parsed, in name order.  */
static json_t *
results_of (const char *dir)
{
  struct run r = harness_sh (harness_fmt ("ls %s/res/*.json | sort", dir));
  json_t *all = json_array ();
  for (char *save = NULL, *p = strtok_r (r.out, "\n", &save); p;
       p = strtok_r (NULL, "\n", &save))
    {
      json_error_t err;
      json_t *unit = json_load_file (p, 0, &err);
      ck_assert_msg (unit, "%s: %s", p, err.text);
      json_array_append_new (all, unit);
    }
  return all;
}

/* The unit of ALL whose output is OUTPUT, or NULL.  */
static json_t *
unit_with_output (json_t *all, const char *output)
{
  size_t i;
  json_t *u;
  json_array_foreach (all, i, u)
    if (strcmp (json_string_value (json_object_get (u, "output")), output)
	== 0)
      return u;
  return NULL;
}

/* Calls of UNIT to step left (inlined false) or gone.  */
static size_t
calls_of (json_t *unit, bool inlined)
{
  size_t i, n = 0;
  json_t *c;
  json_array_foreach (json_object_get (unit, "calls"), i, c)
    n += json_is_true (json_object_get (c, "inlined")) == inlined;
  return n;
}

START_TEST (test_libtool_double_compile_keeps_both_results)
{
  const char *dir = harness_tmpdir ();
  harness_write ("t.c", twice_source);
  harness_write ("hot.yaml", report_all);
  harness_sh (harness_fmt ("mkdir -p %s/.libs", dir));
  compile_t (dir, "-o t.o");
  compile_t (dir, "-fPIC -DPIC -o .libs/t.o");
  /* The objects differ, independently of the results.  */
  int static_calls = harness_count_calls (harness_fmt ("%s/t.o", dir),
					  "step");
  int pic_calls = harness_count_calls (harness_fmt ("%s/.libs/t.o", dir),
				       "step");
  ck_assert_int_eq (static_calls, 0);
  ck_assert_int_eq (pic_calls, 2);

  struct run r = harness_sh (harness_fmt ("ls %s/res", dir));
  ck_assert_msg (strcmp (r.out, "") != 0, "no results");
  json_t *all = results_of (dir);
  ck_assert_uint_eq (json_array_size (all), 2);
  json_t *plain = unit_with_output (all, "t");
  json_t *pic = unit_with_output (all, ".libs/t");
  ck_assert_msg (plain && pic, "%s", r.out);
  const char *pic_flags = json_string_value (json_object_get (pic, "flags"));
  const char *plain_flags = json_string_value (json_object_get (plain,
							       "flags"));
  ck_assert_msg (strstr (pic_flags, "-D PIC") && strstr (pic_flags, "-fPIC")
		 && strstr (pic_flags, "-O2"), "%s", pic_flags);
  ck_assert_msg (!strstr (plain_flags, "PIC") && strstr (plain_flags, "-O2"),
		 "%s", plain_flags);
  /* Neither the output nor the results directory is a flag.  */
  ck_assert_msg (!strstr (pic_flags, ".libs")
		 && !strstr (pic_flags, "hotinline-results")
		 && !strstr (pic_flags, "t.c"), "%s", pic_flags);
  /* Each file says what its object's code says.  */
  ck_assert_uint_eq (calls_of (plain, false), (size_t) static_calls);
  ck_assert_uint_eq (calls_of (pic, false), (size_t) pic_calls);
  ck_assert_uint_eq (calls_of (plain, true), 2);
  json_decref (all);

  /* The same source with the same flags into another output: a file of
     its own, but the same code, counted once; the same compilation run
     again replaces its own file.  */
  compile_t (dir, "-o t-copy.o");
  compile_t (dir, "-o t.o");
  r = harness_sh (harness_fmt ("ls %s/res | wc -l", dir));
  ck_assert_str_eq (r.out, "3\n");
  r = harness_sh (harness_fmt ("cd %s && %s res", dir, summary_tool ()));
  ck_assert_int_eq (r.status, 0);
  ck_assert_msg (strstr (r.out, "2 units\n"), "%s", r.out);
  /* Which compiler made the units: GCC, as it says of itself.  */
  const char *version = harness_sh (harness_fmt ("%s -dumpfullversion",
						 harness_gcc ())).out;
  ck_assert_msg (strstr (r.out, harness_fmt ("2 units\ncompiler: gcc %s",
					     version)), "%s", r.out);
  ck_assert_msg (strstr (r.out, harness_fmt ("%-32s %8d %8d %6d ", "step",
					     2, pic_calls, 2)), "%s", r.out);

  /* The site lists both compilations with their outputs.  */
  r = harness_sh (harness_fmt ("cd %s && %s --html site res", dir,
			       summary_tool ()));
  ck_assert_int_eq (r.status, 0);
  char *index = harness_read (harness_fmt ("%s/site/index.html", dir), NULL);
  ck_assert_ptr_nonnull (index);
  /* Of t.o and t-copy.o, whichever was read first stands for both.  */
  ck_assert_msg (strstr (index, "<code>t.c</code> &rarr; <code class=\""
			 "output\">.libs/t</code>")
		 && (strstr (index, "<code>t.c</code> &rarr; <code class=\""
			     "output\">t</code>")
		     || strstr (index, "<code>t.c</code> &rarr; <code "
				"class=\"output\">t-copy</code>"))
		 && strstr (index, "1 more results file of a compilation "
			    "above")
		 && strstr (index, "2 units")
		 && strstr (index, "<span class=\"compiler\">gcc ")
		 && !strstr (index, "a mixed build"), "%s", index);
  free (index);

  /* Another limit is another unit, its limits on its row.  */
  compile_t (dir, "--param max-inline-insns-auto=23 -o t23.o");
  r = harness_sh (harness_fmt ("cd %s && %s --html site res", dir,
			       summary_tool ()));
  ck_assert_int_eq (r.status, 0);
  index = harness_read (harness_fmt ("%s/site/index.html", dir), NULL);
  ck_assert_msg (strstr (index, "3 units")
		 && strstr (index, "<code class=\"output\">t23</code>")
		 && strstr (index, "inliner limits: max-inline-insns-auto "
			    "23,"), "%s", index);
  free (index);
}
END_TEST

/* hotinline-summary with the arguments ARGS: its status and standard
   error.  */
static struct run
summary (const char *args)
{
  return harness_sh (harness_fmt ("cd %s && %s %s", harness_tmpdir (),
				  summary_tool (), args));
}

static void
assert_refused (struct run r, const char *what, const char *message)
{
  ck_assert_msg (r.status == 2, "%s: status %d", what, r.status);
  ck_assert_msg (strstr (r.err, message), "%s: %s", what, r.err);
  ck_assert_msg (!strstr (r.out, "units"), "%s printed: %s", what, r.out);
}

START_TEST (test_bad_input_is_refused_with_what_was_expected)
{
  const char *dir = harness_tmpdir ();
  harness_write ("t.c", twice_source);
  harness_write ("hot.yaml", report_all);
  compile_t (dir, "-o t.o");
  harness_sh (harness_fmt ("mkdir -p %s/empty %s/typo %s/bad", dir, dir,
			   dir));
  harness_write ("typo/notes.txt", "not results\n");

  /* An empty or mistyped directory: what was expected, and how to make
     it; no site.  */
  struct run r = summary ("empty");
  assert_refused (r, "empty directory", "empty: no results files (*.json)");
  ck_assert_msg (strstr (r.err, "-fplugin-arg-hotinline-results=empty"),
		 "%s", r.err);
  assert_refused (summary ("typo"), "mistyped directory",
		  "typo: no results files");
  r = summary ("--html site empty");
  assert_refused (r, "--html of an empty directory", "no results files");
  ck_assert_int_ne (harness_sh (harness_fmt ("test -e %s/site", dir)).status,
		    0);
  /* A missing directory says why.  */
  assert_refused (summary ("no-such-dir"), "missing directory",
		  "cannot read no-such-dir: No such file or directory");

  /* The same directory twice, also spelled differently, counts once.  */
  r = summary ("res");
  ck_assert_msg (r.status == 0 && strstr (r.out, "1 units\n"), "%s", r.out);
  const char *once = r.out;
  r = summary ("res ./res/ res");
  ck_assert_int_eq (r.status, 0);
  ck_assert_str_eq (r.out, once);

  /* A results file with only its format, or a field of the wrong type,
     named with its file and field.  */
  harness_write ("bad/only-format.json",
		 "{\"format\": \"" RESULTS_FORMAT "\"}\n");
  assert_refused (summary ("bad/only-format.json"), "only format",
		  "bad/only-format.json: unit: missing; expected a string");
  r = harness_sh (harness_fmt ("f=$(ls %s/res/*.json) && sed 's/\"callee\": "
			       "\"step\"/\"callee\": 7/' $f > %s/bad/typed.json",
			       dir, dir));
  ck_assert_int_eq (r.status, 0);
  assert_refused (summary ("bad/typed.json"), "callee of the wrong type",
		  "bad/typed.json: calls[0].callee: expected a string (the "
		  "hot function), found an integer");
  r = harness_sh (harness_fmt ("f=$(ls %s/res/*.json) && sed 's/\"compiler\""
			       ": \"[^\"]*\"/\"compiler\": 12/' $f > "
			       "%s/bad/compiler.json", dir, dir));
  ck_assert_int_eq (r.status, 0);
  assert_refused (summary ("bad/compiler.json"), "compiler of the wrong type",
		  "bad/compiler.json: compiler: expected a string (the "
		  "compiler that wrote it), found an integer");
  harness_write ("bad/other.json", "{\"format\": \"opt-record\"}\n");
  assert_refused (summary ("bad/other.json"), "another format",
		  "bad/other.json: not a hotinline results file");
  harness_write ("bad/broken.json", "{\"format\": \n");
  assert_refused (summary ("bad/broken.json"), "not JSON",
		  "bad/broken.json:2:");
  /* A bad file among good ones stops the summary too.  */
  assert_refused (summary ("res bad"), "bad directory", "bad/");

  /* --html without its directory.  */
  assert_refused (summary ("--html"), "--html alone",
		  "--html needs a directory");
}
END_TEST

/* Hot functions reached only through a table of pointers: 'add_one' and
   'twice' have no call anywhere, 'direct' is called.  */
static const char table_source[] =
  "static int add_one (int x) { return x + 1; }\n"
  "static int twice (int x) { return x * 2; }\n"
  "int direct (int x) { return x - 3; }\n"
  "\n"
  "int (*const ops[]) (int) = { add_one, twice };\n"
  "\n"
  "int apply (int i, int x) { return ops[i & 1] (x) + direct (x); }\n";

/* A hot function used only through its address is said so in the
   unit's results, the summary and the index, with where its address is
   taken; one that is called is not.  */
START_TEST (test_function_called_only_by_address_is_said_so)
{
  const char *dir = harness_tmpdir ();
  harness_write ("t.c", table_source);
  harness_write ("hot.yaml", "version: 1\nfunctions:\n"
		 "  - {name: add_one, weight: 40}\n  - {name: twice}\n"
		 "  - {name: direct}\n");
  compile_t (dir, "-g -o t.o");
  /* The object code: no direct call to either, a table holding both.  */
  const char *obj = harness_fmt ("%s/t.o", dir);
  ck_assert_int_eq (harness_count_calls (obj, "add_one"), 0);
  ck_assert_int_eq (harness_count_calls (obj, "twice"), 0);
  struct run r = harness_sh (harness_fmt ("nm %s | grep -c ' t \\(add_one"
					  "\\|twice\\)$'", obj));
  ck_assert_msg (atoi (r.out) == 2, "kept out of line: %s", r.out);
  /* The table's line, from the source.  */
  int table_line = 0, line = 1;
  for (const char *p = table_source; *p; p++)
    {
      if (!table_line && strncmp (p, "int (*const ops[])", 18) == 0)
	table_line = line;
      line += *p == '\n';
    }
  ck_assert_int_eq (table_line, 5);

  json_t *all = results_of (dir);
  ck_assert_uint_eq (json_array_size (all), 1);
  json_t *only = json_object_get (json_array_get (all, 0), "address_only");
  ck_assert_msg (json_array_size (only) == 2, "%s",
		 json_dumps (only, JSON_COMPACT));
  size_t i;
  json_t *a;
  bool seen_add_one = false;
  json_array_foreach (only, i, a)
    {
      const char *name = json_string_value (json_object_get (a, "function"));
      ck_assert_msg (strcmp (name, "add_one") == 0
		     || strcmp (name, "twice") == 0, "%s listed", name);
      json_t *at = json_array_get (json_object_get (a, "address_taken"), 0);
      ck_assert_str_eq (json_string_value (json_object_get (at, "in")),
			"ops");
      ck_assert_int_eq (json_integer_value (json_object_get (at, "line")),
			table_line);
      if (strcmp (name, "add_one") == 0)
	{
	  seen_add_one = true;
	  ck_assert (json_number_value (json_object_get (a, "weight")) == 40);
	}
    }
  ck_assert (seen_add_one);

  r = harness_sh (harness_fmt ("cd %s && %s res", dir, summary_tool ()));
  ck_assert_msg (r.status == 0, "%s", r.err);
  const char *head = strstr (r.out, "hot functions only called by address "
			     "(0 direct calls):\n");
  ck_assert_msg (head, "%s", r.out);
  /* The weighted one first.  */
  ck_assert_msg (strstr (head, harness_fmt ("\n  add_one (40%%): address "
					    "taken in ops at t.c:%d\n  twice: "
					    "address taken in ops at t.c:%d\n",
					    table_line, table_line)),
		 "%s", r.out);
  ck_assert_msg (!strstr (head, "direct:"), "%s", r.out);

  r = harness_sh (harness_fmt ("cd %s && %s --html site res", dir,
			       summary_tool ()));
  ck_assert_msg (r.status == 0, "%s", r.err);
  char *index = harness_read (harness_fmt ("%s/site/index.html", dir), NULL);
  const char *list = strstr (index, "<ul class=\"address-only\">");
  ck_assert_msg (list, "%s", index);
  /* Each place links to its line on the source page.  */
  const char *item = harness_fmt ("<li id=\"o1\"><code>add_one</code> "
				  "<span class=\"weight heat5\">40%%</span>: "
				  "0 direct calls, address taken in <a "
				  "class=\"site\" href=\"src/1-t.c.html#a1\">"
				  "ops at t.c:%d</a></li>", table_line);
  ck_assert_msg (strstr (list, item), "no %s in %.600s", item, list);
  json_decref (all);
}
END_TEST

/* Two units of an LTO program: 'big' too large for the link's inliner,
   'small' inlined there, both called only from the other unit.  */
static const char lto_lib_source[] =
  "int table[64];\n"
  "int big (int x)\n{\n  int s = 0;\n"
  "  for (int i = 0; i < 64; i++) s += table[i] * x ^ (s >> 3);\n"
  "  for (int i = 0; i < 64; i++) table[i] = s * i + (table[(i * 7) & 63] "
  ">> 2);\n"
  "  for (int i = 0; i < 64; i++) s ^= table[i] / (x | 1) + table[(i + x) "
  "& 63];\n"
  "  for (int i = 0; i < 64; i++) table[(i * 5) & 63] += s % (i + 3);\n"
  "  return s;\n}\n"
  "int small (int x) { return table[x & 63] + 1; }\n";
static const char lto_main_source[] =
  "int big (int x);\nint small (int x);\n"
  "int main (int argc, char **argv)\n{\n"
  "  int s = big (argc);\n"
  "  s += small (s);\n"
  "  return big (s & 7) + s;\n}\n";

/* The names of DIR/res's files, one a line, sorted.  */
static char *
results_names (const char *dir)
{
  return harness_sh (harness_fmt ("ls %s/res | sort", dir)).out;
}

/* The two units of an LTO build and a policy reporting their hot
   functions, written into the test's directory; returns the plugin's
   options for them, with results into res.  */
static const char *
write_lto_build (void)
{
  harness_write ("lib.c", lto_lib_source);
  harness_write ("main.c", lto_main_source);
  harness_write ("hot.yaml", "version: 1\nfunctions:\n"
		 "  - {name: big, action: report}\n"
		 "  - {name: small, action: report}\n");
  return harness_fmt ("-fplugin=%s -fplugin-arg-hotinline-policy=hot.yaml "
		      "-fplugin-arg-hotinline-results=res", harness_plugin ());
}

/* The plugin's results of an LTO build come from the link, where the
   calls are decided: not from the compilations, which decide nothing
   and would count every call as gone; one file per partition, named the
   same at every link (not by the link's temporary files), each call in
   the source file of its caller, the calls the link inlined among them.  */
START_TEST (test_lto_results_come_from_the_link)
{
  const char *dir = harness_tmpdir ();
  const char *plugin = write_lto_build ();
  struct run r = harness_sh (harness_fmt ("cd %s && %s -O2 -g -flto -c "
					  "lib.c main.c %s", dir,
					  harness_gcc (), plugin));
  ck_assert_msg (r.status == 0 && !*r.err, "%s", r.err);
  ck_assert_msg (!*results_names (dir), "the -flto compilations wrote "
		 "results: %s", results_names (dir));

  const char *link = harness_fmt ("cd %s && %s -O2 -flto lib.o main.o -o "
				  "prog %s -fdiagnostics-plain-output", dir,
				  harness_gcc (), plugin);
  r = harness_sh (link);
  ck_assert_msg (r.status == 0, "%s", r.err);
  char *first = results_names (dir);
  ck_assert_msg (*first, "the link wrote no results");
  r = harness_sh (link);
  ck_assert_msg (r.status == 0, "%s", r.err);
  ck_assert_str_eq (results_names (dir), first);

  /* The program's calls, independently of the results.  */
  const char *prog = harness_fmt ("%s/prog", dir);
  int big_calls = harness_count_calls (prog, "big");
  ck_assert_msg (big_calls == 2 && harness_count_calls (prog, "small") == 0,
		 "the test expects big's two calls kept and small inlined");
  json_t *all = results_of (dir);
  size_t i, j, left = 0, gone = 0;
  json_t *u, *c;
  json_array_foreach (all, i, u)
    {
      const char *unit = json_string_value (json_object_get (u, "unit"));
      ck_assert_msg (strstr (unit, "prog") && !strstr (unit, "/tmp/"),
		     "unit %s", unit);
      json_array_foreach (json_object_get (u, "calls"), j, c)
	{
	  ck_assert_str_eq (json_string_value (json_object_get (c, "file")),
			    "main.c");
	  const char *callee = json_string_value (json_object_get (c,
								   "callee"));
	  bool inlined = json_is_true (json_object_get (c, "inlined"));
	  ck_assert_msg (strcmp (callee, inlined ? "small" : "big") == 0,
			 "%s %s", callee, inlined ? "gone" : "left");
	  left += !inlined;
	  gone += inlined;
	}
    }
  ck_assert_uint_eq (left, (size_t) big_calls);
  ck_assert_uint_eq (gone, 1);
  json_decref (all);
}
END_TEST

/* hotinline-summary --json over DIR/res: the declined calls of FUNCTION
   and what it says it left out.  */
static void
summary_of (const char *dir, const char *function, long long *declined,
	    long long *left_out)
{
  json_t *summary = summary_json (harness_fmt ("%s/res", dir));
  *declined = summary_declined (summary, function);
  *left_out = json_integer_value (json_object_get (summary,
						   "fat_lto_left_out"));
  json_decref (summary);
}

/* -ffat-lto-objects: each compilation makes code of its own, and writes
   its results ("lto": "fat"); linked with -flto, the program's code is
   the link's, whose results replace them in the summary; linked without,
   the compilations' code is the program's and their results count.  */
START_TEST (test_fat_lto_objects_are_counted_once)
{
  const char *dir = harness_tmpdir ();
  const char *plugin = harness_fmt ("%s -fdiagnostics-plain-output",
				    write_lto_build ());
  struct run r = harness_sh (harness_fmt ("cd %s && %s -O2 -flto "
					  "-ffat-lto-objects -c lib.c main.c "
					  "%s", dir, harness_gcc (), plugin));
  ck_assert_msg (r.status == 0, "%s", r.err);
  ck_assert_msg (strstr (r.err, "note: body not available here: the LTO "
				"link can inline it, but this object's own "
				"code (what a link without LTO uses) keeps "
				"the call [hotinline]"),
		 "no fat object's hint:\n%s", r.err);
  json_t *all = results_of (dir);
  ck_assert_uint_eq (json_array_size (all), 2);
  size_t i;
  json_t *u;
  json_array_foreach (all, i, u)
    ck_assert_str_eq (json_string_value (json_object_get (u, "lto")), "fat");
  json_decref (all);

  /* Without an LTO link: the objects' calls.  */
  long long declined, left_out;
  summary_of (dir, "big", &declined, &left_out);
  int in_objects = harness_count_calls (harness_fmt ("%s/lib.o", dir), "big")
		   + harness_count_calls (harness_fmt ("%s/main.o", dir),
					  "big");
  ck_assert_msg (in_objects > 0, "the test expects calls to big");
  ck_assert_int_eq (declined, in_objects);
  ck_assert_int_eq (left_out, 0);

  /* The LTO link: the program's calls, the compilations' left out.  */
  r = harness_sh (harness_fmt ("cd %s && %s -O2 -flto lib.o main.o -o prog "
			       "%s", dir, harness_gcc (), plugin));
  ck_assert_msg (r.status == 0, "%s", r.err);
  summary_of (dir, "big", &declined, &left_out);
  ck_assert_int_eq (declined,
		    harness_count_calls (harness_fmt ("%s/prog", dir),
					 "big"));
  ck_assert_int_eq (left_out, 2);
}
END_TEST

/* The results directory is made when missing, parents included, as the
   first unit of a Kbuild run finds it; one that cannot be written only
   warns, also under -Werror, and leaves no temporary file.  */
START_TEST (test_results_directory_is_made_and_never_fails_the_build)
{
  const char *dir = harness_fmt ("%s/made/on/demand", harness_tmpdir ());
  struct run r = harness_compile_report (NULL, harness_fmt
				 ("-fplugin-arg-hotinline-results=%s "
				  "-fplugin-arg-hotinline-severity=note", dir),
				 "-Werror");
  ck_assert_msg (r.status == 0, "%.2000s", r.err);
  r = harness_sh (harness_fmt ("ls %s", dir));
  ck_assert_msg (strncmp (r.out, "report.c.", 9) == 0
		 && strstr (r.out, ".json\n") && !strstr (r.out, ".tmp"),
		 "results directory holds: %s", r.out);

  const char *file = harness_write ("not-a-directory", "");
  r = harness_compile_report (NULL, harness_fmt
		      ("-fplugin-arg-hotinline-results=%s/sub "
		       "-fplugin-arg-hotinline-severity=note", file),
		      "-Werror");
  ck_assert_msg (r.status == 0, "%.2000s", r.err);
  struct diagnostics ds = harness_diagnostics (r.err);
  size_t warnings = 0;
  for (size_t i = 0; i < ds.n; i++)
    if (strcmp (ds.d[i].kind, "warning") == 0)
      {
	warnings++;
	ck_assert_msg (strstr (ds.d[i].message, "cannot write hotinline "
			       "results")
		       && strstr (ds.d[i].message, "Not a directory"),
		       "%s", ds.d[i].message);
      }
  ck_assert_uint_eq (warnings, 1);
  harness_diagnostics_free (&ds);
}
END_TEST

/* Results as JSON: one file per unit, complete, also from a parallel
   build writing into one directory.  */
START_TEST (test_results_of_a_parallel_build)
{
  const char *dir = harness_tmpdir ();
  const char *policy = harness_write ("hot.yaml",
				      "version: 1\n"
				      "defaults: {action: report}\n"
				      "functions:\n"
				      "  - {name: mix}\n"
				      "  - {name: once}\n"
				      "  - {name: pinned}\n"
				      "  - {name: never_called}\n");
  const char *report = harness_src ("testsuite/samples/report.c");
  const char *objs = "";
  for (int i = 0; i < 8; i++)
    {
      harness_sh (harness_fmt ("mkdir -p %s/u%d && cp %s %s/u%d/report.c",
			       dir, i, report, dir, i));
      objs = harness_fmt ("%s u%d/report.o", objs, i);
    }
  harness_write ("Makefile",
		 harness_fmt ("CFLAGS = -O2 -w -fplugin=%s "
			      "-fplugin-arg-hotinline-policy=%s "
			      "-fplugin-arg-hotinline-results=%s/results\n"
			      "all:%s\n", harness_plugin (), policy, dir,
			      objs));
  struct run r = harness_sh (harness_fmt ("mkdir -p %s/results && "
					  "make -j4 -C %s CC=%s", dir, dir,
					  harness_gcc ()));
  ck_assert_msg (r.status == 0, "%s", r.err);

  r = harness_sh (harness_fmt ("ls %s/results | grep -c '^report\\.c\\."
			       "[0-9a-f]*\\.json$'", dir));
  ck_assert_str_eq (r.out, "8\n");
  r = harness_sh (harness_fmt ("ls %s/results | grep -c tmp", dir));
  ck_assert_str_eq (r.out, "0\n");
  r = harness_sh (harness_fmt ("cat %s/results/*.json", dir));
  size_t left = 0, gone = 0, units = 0;
  for (const char *p = r.out; (p = strstr (p, "\"inlined\": false")); p++)
    left++;
  for (const char *p = r.out; (p = strstr (p, "\"inlined\": true")); p++)
    gone++;
  for (const char *p = r.out; (p = strstr (p, "\"format\": "
					    "\"" RESULTS_FORMAT "\"")); p++)
    units++;
  ck_assert_uint_eq (units, 8);
  /* Per unit: 4 calls left (3 to mix, 1 to pinned); once inlined and the
     dead call to mix removed.  */
  ck_assert_uint_eq (left, 8 * REPORTED_CALLS);
  ck_assert_uint_eq (gone, 8 * 2);
  ck_assert_ptr_nonnull (strstr (r.out, "\"reason\": \"--param "
				 "max-inline-insns-auto limit reached\""));

  /* Merged: 8 units; per unit mix has 3 calls left and 1 gone.  */
  const char *tool = getenv ("HOTINLINE_SUMMARY");
  ck_assert_msg (tool, "HOTINLINE_SUMMARY not set");
  r = harness_sh (harness_fmt ("%s %s/results", tool, dir));
  ck_assert_int_eq (r.status, 0);
  ck_assert_ptr_nonnull (strstr (r.out, "8 units\n"));
  ck_assert_msg (strstr (r.out, harness_fmt ("%-32s %8d %8d %6d  --param "
					     "max-inline-insns-auto limit "
					     "reached (24)\n", "mix", 8, 24,
					     8)), "%s", r.out);
  ck_assert_ptr_nonnull (strstr (r.out, "hot.yaml:7:12: never_called\n"));
}
END_TEST

/* Compile SRC at -O2 -g with POLICY and its results into the work
   directory's DIR; the object's path.  */
static const char *
compile_with_results (const char *src, const char *policy, const char *dir)
{
  const char *o = harness_fmt ("%s/%s.o", harness_tmpdir (), dir);
  struct args a = { { 0 }, 0 };
  args_add (&a, harness_gcc ());
  args_add_plugin (&a, &policy, 1);
  args_add (&a, harness_fmt ("-fplugin-arg-hotinline-results=%s/%s",
			     harness_tmpdir (), dir));
  args_add_words (&a, "-O2 -g -c -o");
  args_add (&a, o);
  args_add (&a, src);
  struct run r = harness_run (a.v, NULL);
  ck_assert_msg (r.status == 0, "%s", r.err);
  return o;
}

/* The policy's weight reaches the LLVM plugin's results, entries and
   calls, and hotinline-summary's weight column, as with GCC.  */
START_TEST (test_results_carry_the_weight)
{
  const char *src = harness_write ("w.c", "__attribute__ ((noinline)) static "
				   "int leaf (int x) { return x * 3; }\n"
				   "int use (int x) { return leaf (x) + leaf "
				   "(x + 1); }\n");
  const char *policy = harness_write ("w.yaml", "version: 1\nfunctions:\n"
				      "  - {name: leaf, action: report, "
				      "weight: 12.5}\n");
  const char *o = compile_with_results (src, policy, "wres");
  struct run r;
  int left = harness_count_calls (o, "leaf");
  ck_assert_int_gt (left, 0);
  r = harness_sh (harness_fmt ("cat %s/wres/w.c.*.json", harness_tmpdir ()));
  ck_assert_msg (strstr (r.out, "\"weight\": 12.5"), "%s", r.out);
  const char *tool = getenv ("HOTINLINE_SUMMARY");
  ck_assert_msg (tool, "HOTINLINE_SUMMARY not set");
  r = harness_sh (harness_fmt ("%s %s/wres", tool, harness_tmpdir ()));
  ck_assert_msg (r.status == 0 && strstr (r.out, "   weight  reasons\n")
		 && strstr (r.out, harness_fmt (" %8d %6d %8s ", left, 1,
						"12.5%")), "%s", r.out);
}
END_TEST

/* A hot function reached only through a table of pointers is said so in
   the LLVM plugin's results and the summary, with the table's line; the
   one that is called is not.  */
START_TEST (test_clang_function_called_only_by_address_is_said_so)
{
  const char *src = harness_write ("t.c", "static int add_one (int x) "
				   "{ return x + 1; }\n"
				   "int direct (int x) { return x - 3; }\n"
				   "int (*const ops[]) (int) = { add_one };\n"
				   "int apply (int x) { return ops[0] (x) + "
				   "direct (x); }\n");
  const char *policy = harness_write ("t.yaml", "version: 1\nfunctions:\n"
				      "  - {name: add_one, weight: 40}\n"
				      "  - {name: direct}\n");
  const char *o = compile_with_results (src, policy, "tres");
  struct run r;
  ck_assert_int_eq (harness_count_calls (o, "add_one"), 0);
  r = harness_sh (harness_fmt ("nm %s | grep -c ' t add_one$'", o));
  ck_assert_msg (atoi (r.out) == 1, "add_one kept: %s", r.out);
  const char *tool = getenv ("HOTINLINE_SUMMARY");
  ck_assert_msg (tool, "HOTINLINE_SUMMARY not set");
  r = harness_sh (harness_fmt ("%s %s/tres", tool, harness_tmpdir ()));
  /* The file as the compiler was given it, then the table's line.  */
  const char *line = strstr (r.out, "hot functions only called by address "
			     "(0 direct calls):\n  add_one (40%): address "
			     "taken in ops at ");
  ck_assert_msg (r.status == 0 && line && !strstr (r.out, "  direct:"), "%s",
		 r.out);
  line = strchr (line, '\n') + 1;
  line = strstr (line, "  add_one");
  size_t len = strcspn (line, "\n");
  ck_assert_msg (len > 6 && strncmp (line + len - 6, "/t.c:3", 6) == 0,
		 "%s", r.out);
  /* The HTML site shows the place below the table's line.  */
  r = harness_sh (harness_fmt ("%s --html %s/tsite %s/tres", tool,
			       harness_tmpdir (), harness_tmpdir ()));
  ck_assert_msg (r.status == 0, "%s", r.err);
  char *page = harness_read (harness_fmt ("%s/tsite/src/1-t.c.html",
					  harness_tmpdir ()), NULL);
  const char *row = page ? strstr (page, "<tr class=\"line hot-address\" "
				   "id=\"L3\">") : NULL;
  const char *box = row ? strstr (row, "<div class=\"call address heat5\" "
				  "id=\"a1\">") : NULL;
  ck_assert_msg (box && box < strstr (row, " id=\"L4\"")
		 && strstr (box, "address of hot function <a class=\"fn\" "
			    "href=\"../index.html#o1\">add_one</a> taken in "
			    "<code class=\"caller\">ops</code>"), "%s", page);
}
END_TEST

/* Results: the same JSON files as GCC's, which hotinline-summary reads.  */
START_TEST (test_results_read_by_summary)
{
  struct sample s = sample_load ("clang-report.c");
  const char *dir = harness_fmt ("%s/results", harness_tmpdir ());
  struct run r = sample_build (&s, true,
			harness_fmt ("-fplugin-arg-hotinline-results=%s", dir),
			"-g", sample_obj (&s, "results"));
  ck_assert_msg (r.status == 0, "%s", r.err);
  r = harness_sh (harness_fmt ("cat %s/clang-report.c.*.json", dir));
  ck_assert_msg (r.status == 0 && strstr (r.out, "\"" RESULTS_FORMAT "\""),
		 "%s%s", r.out, r.err);
  ck_assert_msg (strstr (r.out, "\"callee\": \"big\""), "%s", r.out);
  const char *tool = getenv ("HOTINLINE_SUMMARY");
  ck_assert_msg (tool, "HOTINLINE_SUMMARY not set");
  r = harness_run ((const char *const[]) { tool, dir, NULL }, NULL);
  ck_assert_msg (r.status == 0, "%s%s", r.out, r.err);
  ck_assert_msg (strstr (r.out, "big"), "%s", r.out);
}
END_TEST

/* Keys of results objects that only one compiler can know
   (results-format.h): GCC's size estimates and --param of a call, the
   hint, chain and reason of a call left, and the limits' members.  */
static const char *const compiler_only_keys[] = {
  "calls[].size", "calls[].early_size", "calls[].limit", "calls[].hint",
  "calls[].chain", "calls[].reason", "calls[].may_merge", "limits.",
};

/* Add to KEYS (an object used as a set) "WHERE.KEY" for each member of
   O, and of the objects below it (an array's elements as "KEY[]").  */
static void
add_keys (json_t *keys, const char *where, json_t *o)
{
  const char *key;
  json_t *v;
  json_object_foreach (o, key, v)
    {
      const char *at = harness_fmt ("%s%s", where, key);
      bool only = false;
      for (size_t i = 0; i < sizeof compiler_only_keys
			     / sizeof *compiler_only_keys; i++)
	only |= strncmp (at, compiler_only_keys[i],
			 strlen (compiler_only_keys[i])) == 0;
      if (only)
	continue;
      json_object_set_new (keys, at, json_true ());
      if (json_is_object (v))
	add_keys (keys, harness_fmt ("%s.", at), v);
      size_t i;
      json_t *e;
      json_array_foreach (v, i, e)
	add_keys (keys, harness_fmt ("%s[].", at), e);
    }
}

/* The keys of the results file PATH, sorted, one a line.  */
static const char *
keys_of_file (const char *path)
{
  json_error_t err;
  json_t *unit = json_load_file (path, 0, &err);
  ck_assert_msg (unit, "%s: %s", path, err.text);
  json_t *keys = json_object ();
  add_keys (keys, "", unit);
  char *text = json_dumps (keys, JSON_SORT_KEYS | JSON_INDENT (0));
  const char *copy = harness_fmt ("%s", text);
  free (text);
  json_decref (keys);
  json_decref (unit);
  return copy;
}

/* The same sample built by GCC and by Clang: the two results files have
   the same keys but those only one compiler can know, both pass
   hotinline-summary's reader, and the summary says which compiler made
   each unit, and that the build mixes them.  */
START_TEST (test_results_same_keys_as_gcc)
{
  const char *gcc = NULL, *plugin = harness_gcc_plugin (&gcc);
  if (!plugin)
    {
      fprintf (stderr, "SKIP results of both compilers: no GCC plugin "
	       "built\n");
      return;
    }
  struct sample s = sample_load ("clang-report.c");
  const char *dir = harness_fmt ("%s/both", harness_tmpdir ());
  const char *results = harness_fmt ("-fplugin-arg-hotinline-results=%s",
				     dir);
  struct run r = sample_build (&s, true, results, "-g", sample_obj (&s, "clang"));
  ck_assert_msg (r.status == 0, "%s", r.err);
  struct args a = { { 0 }, 0 };
  args_add (&a, gcc);
  args_add (&a, harness_fmt ("-fplugin=%s", plugin));
  args_add (&a, harness_fmt ("-fplugin-arg-hotinline-policy=%s",
			     s.setup.policies[0]));
  args_add (&a, results);
  args_add_words (&a, "-O2 -g -w -c -o");
  args_add (&a, sample_obj (&s, "gcc"));
  args_add (&a, s.path);
  r = harness_run (a.v, NULL);
  ck_assert_msg (r.status == 0, "%s", r.err);
  r = harness_sh (harness_fmt ("grep -l '\"compiler\": *\"gcc ' %s/*.json;"
			       " grep -l '\"compiler\": *\"clang ' "
			       "%s/*.json", dir, dir));
  char *save = NULL, *gcc_file = strtok_r (r.out, "\n", &save);
  char *clang_file = strtok_r (NULL, "\n", &save);
  ck_assert_msg (r.status == 0 && gcc_file && clang_file
		 && strcmp (gcc_file, clang_file) != 0, "%s", r.out);
  /* Both have entries, calls and address_only with what is in them.  */
  const char *gcc_keys = keys_of_file (gcc_file);
  ck_assert_msg (strstr (gcc_keys, "\"calls[].callee\"")
		 && strstr (gcc_keys, "\"entries[].reason\"")
		 && strstr (gcc_keys, "\"compiler\""), "%s", gcc_keys);
  ck_assert_str_eq (keys_of_file (clang_file), gcc_keys);

  const char *tool = getenv ("HOTINLINE_SUMMARY");
  ck_assert_msg (tool, "HOTINLINE_SUMMARY not set");
  r = harness_run ((const char *const[]) { tool, dir, NULL }, NULL);
  ck_assert_msg (r.status == 0, "%s%s", r.out, r.err);
  ck_assert_msg (strstr (r.out, "2 units\ncompilers (a mixed build): clang ")
		 && strstr (r.out, " (1 unit), gcc ")
		 && strstr (r.out, " (1 unit)\n"), "%s", r.out);
  r = harness_run ((const char *const[]) { tool, "--html",
			harness_fmt ("%s/both-site", harness_tmpdir ()), dir,
			NULL }, NULL);
  ck_assert_msg (r.status == 0, "%s%s", r.out, r.err);
  char *index = harness_read (harness_fmt ("%s/both-site/index.html",
					   harness_tmpdir ()), NULL);
  ck_assert_msg (index && strstr (index, "<span class=\"compilers\">a mixed "
				  "build: clang ")
		 && strstr (index, "<span class=\"compiler\">gcc ")
		 && strstr (index, "<span class=\"compiler\">clang "), "%s",
		 index);
  free (index);
}
END_TEST

/* Every compilation keeps its own results: libtool compiles a source
   twice (-o t.o, and -fPIC -DPIC -o .libs/t.o), and the summary counts
   both; the same compilation again replaces its own file.  */
START_TEST (test_results_one_per_compilation)
{
  struct sample s = sample_load ("clang-report.c");
  const char *dir = harness_fmt ("%s/results", harness_tmpdir ());
  const char *args = harness_fmt ("-fplugin-arg-hotinline-results=%s", dir);
  const char *libs = harness_fmt ("%s/.libs", harness_tmpdir ());
  ck_assert_int_eq (harness_sh (harness_fmt ("mkdir -p %s", libs)).status, 0);
  struct run r = sample_build (&s, true, args, "-O2", sample_obj (&s, "lt"));
  ck_assert_msg (r.status == 0, "%s", r.err);
  r = sample_build (&s, true, args, "-O2", sample_obj (&s, "lt"));
  ck_assert_msg (r.status == 0, "%s", r.err);
  r = sample_build (&s, true, args, "-O2 -fPIC -DPIC",
	     harness_fmt ("%s/clang-report-lt.o", libs));
  ck_assert_msg (r.status == 0, "%s", r.err);
  r = harness_sh (harness_fmt ("ls %s | wc -l; grep -h '\"output\"' %s/*.json"
			       " | sort", dir, dir));
  ck_assert_msg (r.status == 0 && atoi (r.out) == 2,
		 "2 results files expected:\n%s%s", r.out, r.err);
  ck_assert_msg (strstr (r.out, ".libs/clang-report-lt\""), "%s", r.out);
}
END_TEST

Suite *
results_suite (void)
{
  Suite *s = runner_suite ("Results of a build");
  TCase *tc;
  if (harness_clang ())
    {
      tc = runner_tcase ("Results on Clang");
      tcase_set_timeout (tc, E2E_TIMEOUT);
      tcase_add_test (tc, test_results_read_by_summary);
      tcase_add_test (tc, test_results_same_keys_as_gcc);
      tcase_add_test (tc, test_results_carry_the_weight);
      tcase_add_test (tc, test_clang_function_called_only_by_address_is_said_so);
      tcase_add_test (tc, test_results_one_per_compilation);
      runner_add_tcase (s, tc);
    }
  if (harness_skip_on_clang ("Results of a build but its Clang case", "it checks the GCC plugin's results of libtool's double compilations and -D variants"))
    return s;
  tc = runner_tcase ("Results");
  tcase_set_timeout (tc, E2E_TIMEOUT);
  tcase_add_test (tc,
		  test_results_directory_is_made_and_never_fails_the_build);
  tcase_add_test (tc, test_results_of_a_parallel_build);
  tcase_add_test (tc, test_libtool_double_compile_keeps_both_results);
  tcase_add_test (tc, test_bad_input_is_refused_with_what_was_expected);
  tcase_add_test (tc, test_function_called_only_by_address_is_said_so);
  tcase_add_test (tc, test_lto_results_come_from_the_link);
  tcase_add_test (tc, test_fat_lto_objects_are_counted_once);
  runner_add_tcase (s, tc);
  return s;
}
