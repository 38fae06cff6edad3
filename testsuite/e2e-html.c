/* The HTML report of hotinline-summary, rendered by headless Chromium:
   the pages of a real multi-unit build (the ring project, the spinlock
   example and two small units of this file) mark as left exactly the
   calls the object code makes, with GCC's reasons, links between a call
   site and its function, text from the sources shown as text; the diff
   site of two builds with different limits lists the regressed call sites
   first.  Screenshots of the index and of a source page are written to
   HOTINLINE_WORKDIR/screenshots for a person to look at.

   Also the tools' --help and --version, and the man pages make install
   puts in place.  */
#define _GNU_SOURCE
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "e2e-suites.h"
#include "harness.h"

static const char report_all[] =
  "version: 1\nfunctions:\n  - {name: \"*\", action: report}\n";

/* Text from a source that must show as text, never as markup.  */
static const char escape_source[] =
  "/* The banner: </script><b id=\"bold\">&amp; bold</b> */\n"
  "static const char banner[] = \"</script><b id=\\\"bold\\\">&amp;\";\n"
  "__attribute__ ((noinline)) static int pinned (int x)\n"
  "{\n"
  "  return x * 3 + banner[x & 7];\n"
  "}\n"
  "int use (int x) { return pinned (x) + pinned (x + 1); }\n";

/* A unit whose source is gone when the site is made.  */
static const char gone_source[] =
  "__attribute__ ((noinline)) static int gone (int x) { return x + 1; }\n"
  "int use_gone (int x) { return gone (x); }\n";

static const char *
summary_tool (void)
{
  const char *tool = getenv ("HOTINLINE_SUMMARY");
  ck_assert_msg (tool, "HOTINLINE_SUMMARY not set");
  return tool;
}

/* Compile SRC (in DIR) to OBJ with the plugin, POLICIES (space
   separated), -g and OPTIONS, results into RESULTS.  */
static void
compile_unit (const char *dir, const char *src, const char *obj,
	      const char *policies, const char *options, const char *results)
{
  const char *args = "";
  char *words = strdup (policies), *save = NULL;
  for (char *p = strtok_r (words, " ", &save); p;
       p = strtok_r (NULL, " ", &save))
    args = harness_fmt ("%s -fplugin-arg-hotinline-policy=%s", args, p);
  free (words);
  struct run r = harness_sh (harness_fmt ("cd %s && %s -O2 -g %s -c %s -o %s "
					  "-fplugin=%s %s "
					  "-fplugin-arg-hotinline-results=%s",
					  dir, harness_gcc (), options, src,
					  obj, harness_plugin (), args,
					  results));
  ck_assert_msg (r.status == 0, "%s: %s", src, r.err);
}

/* A build of the ring project, the spinlock example, the escape unit and
   the gone unit in DIR with OPTIONS; results in DIR/results.  */
static void
build (const char *dir, const char *options)
{
  harness_sh (harness_fmt ("mkdir -p %s/ring %s/results", dir, dir));
  const char *all = harness_fmt ("%s/all.yaml", dir);
  FILE *f = fopen (all, "w");
  fputs (report_all, f);
  fclose (f);
  const char *results = harness_fmt ("%s/results", dir);
  harness_sh (harness_fmt ("cp %s/*.c %s/*.h %s/hot.yaml %s/ring/",
			   harness_src ("examples/ring-project"),
			   harness_src ("examples/ring-project"),
			   harness_src ("examples/ring-project"), dir));
  const char *ring = harness_fmt ("%s/ring", dir);
  compile_unit (ring, "ring.c", "ring.o", harness_fmt ("hot.yaml %s", all),
		options, results);
  compile_unit (ring, "main.c", "main.o", harness_fmt ("hot.yaml %s", all),
		options, results);
  harness_sh (harness_fmt ("cp %s %s/", harness_src
			   ("examples/spinlock_unlock.c"), dir));
  compile_unit (dir, "spinlock_unlock.c", "spinlock.o", all, options,
		results);
  const char *escape = harness_fmt ("%s/escape.c", dir);
  f = fopen (escape, "w");
  fputs (escape_source, f);
  fclose (f);
  compile_unit (dir, "escape.c", "escape.o", all, options, results);
  const char *gone = harness_fmt ("%s/gone.c", dir);
  f = fopen (gone, "w");
  fputs (gone_source, f);
  fclose (f);
  compile_unit (dir, "gone.c", "gone.o", all, options, results);
  unlink (gone);
}

static const char chromium_flags[] =
  "--headless --no-sandbox --disable-gpu --disable-quic --no-first-run "
  "--disable-background-networking --disable-component-update "
  "--disable-sync";

static bool
have_chromium (void)
{
  static int have = -1;
  if (have < 0)
    {
      have = harness_sh ("command -v chromium").status == 0;
      if (!have)
	fprintf (stderr, "HTML report: chromium is not installed (Debian "
		 "package chromium, see .ci/install-deps): the rendered "
		 "pages are not checked, only the HTML as written\n");
    }
  return have;
}

/* The page at PATH as Chromium renders it (its DOM serialised), or, with
   no Chromium, the file as written.  */
static char *
rendered (const char *path)
{
  if (!have_chromium ())
    return harness_read (path, NULL);
  struct run r = harness_sh (harness_fmt ("profile=$(mktemp -d) && "
					  "timeout 120 chromium %s "
					  "--user-data-dir=$profile "
					  "--dump-dom 'file://%s' "
					  "2>/dev/null; rm -rf $profile",
					  chromium_flags, path));
  ck_assert_msg (strstr (r.out, "</html>"), "no page from Chromium for %s",
		 path);
  return r.out;
}

/* A screenshot of the page at PATH, into HOTINLINE_WORKDIR/screenshots;
   checks that it is a PNG image.  */
static void
screenshot (const char *path, const char *name)
{
  if (!have_chromium ())
    return;
  const char *dir = harness_fmt ("%s/screenshots", getenv ("HOTINLINE_WORKDIR")
				 ? getenv ("HOTINLINE_WORKDIR") : "/tmp");
  const char *png = harness_fmt ("%s/%s", dir, name);
  harness_sh (harness_fmt ("mkdir -p %s && rm -f %s", dir, png));
  harness_sh (harness_fmt ("profile=$(mktemp -d) && timeout 120 chromium %s "
			   "--user-data-dir=$profile --window-size=1280,900 "
			   "--hide-scrollbars --screenshot=%s 'file://%s' "
			   ">/dev/null 2>&1; rm -rf $profile", chromium_flags,
			   png, path));
  size_t n = 0;
  char *data = harness_read (png, &n);
  ck_assert_msg (data && n > 1000 && memcmp (data, "\x89PNG", 4) == 0,
		 "no screenshot %s", png);
  fprintf (stderr, "HTML report: screenshot %s\n", png);
  free (data);
}

/* The id ("f3") of the index row of hot function NAME in the index DOM.  */
static const char *
function_id (const char *index, const char *name)
{
  const char *code = harness_fmt ("\"><code>%s</code></a>", name);
  const char *at = strstr (index, code);
  ck_assert_msg (at, "no row for %s in the index", name);
  const char *id = at;
  while (id > index && strncmp (id, " id=\"f", 6) != 0)
    id--;
  ck_assert (id > index);
  id += 5;
  return harness_fmt ("%.*s", (int) strcspn (id, "\""), id);
}

/* The source page (a path under OUT) whose title is FILE.  */
static const char *
source_page (const char *out, const char *file)
{
  struct run r = harness_sh (harness_fmt ("grep -l '<h1>%s</h1>' %s/src/*",
					  file, out));
  ck_assert_msg (r.status == 0, "no page for %s in %s", file, out);
  r.out[strcspn (r.out, "\n")] = '\0';
  return r.out;
}

/* The lines of the call sites left that call NAME (index row ID) on the
   source page DOM, each once; each must be below its line.  */
static size_t
left_lines (const char *dom, const char *id, const char *name)
{
  const char *link = harness_fmt ("href=\"../index.html#%s\">%s</a> called "
				  "from <code class=\"caller\">", id, name);
  long seen[512];
  size_t n = 0;
  for (const char *p = dom; (p = strstr (p, link)); p++)
    {
      const char *div = p;
      while (div > dom && strncmp (div, "<div class=\"call ", 17) != 0)
	div--;
      if (strncmp (div + 17, "left", 4) != 0)
	continue;
      const char *at = strstr (p, "</code> at line ");
      ck_assert (at);
      long line = strtol (at + strlen ("</code> at line "), NULL, 10);
      const char *row = strstr (dom, harness_fmt (" id=\"L%ld\">", line));
      ck_assert_msg (row && row < div, "call at line %ld not below it", line);
      bool dup = false;
      for (size_t i = 0; i < n; i++)
	dup |= seen[i] == line;
      if (!dup && n < 512)
	seen[n++] = line;
    }
  return n;
}

static size_t
count (const char *text, const char *what)
{
  size_t n = 0;
  for (const char *p = text; (p = strstr (p, what)); p += strlen (what))
    n++;
  return n;
}

START_TEST (test_site_marks_the_calls_of_the_object_code)
{
  const char *dir = harness_tmpdir ();
  build (dir, "");
  const char *out = harness_fmt ("%s/site", dir);
  struct run r = harness_sh (harness_fmt ("%s --html %s %s/results",
					  summary_tool (), out, dir));
  ck_assert_msg (r.status == 0, "%s", r.err);

  /* Same results, same bytes.  */
  r = harness_sh (harness_fmt ("%s --html %s/again %s/results && diff -r "
			       "%s %s/again", summary_tool (), dir, dir, out,
			       dir));
  ck_assert_msg (r.status == 0, "two sites differ:\n%.2000s", r.out);

  char *index = rendered (harness_fmt ("%s/index.html", out));
  ck_assert_ptr_nonnull (strstr (index, "5 units"));
  const char *spin_lock = function_id (index, "spin_lock");

  /* Every line of spinlock_unlock.c with a call to spin_lock in the object
     code is marked left on its page, below it a left call to spin_lock
     linking to the function's row; and no other line has one.  */
  const char *page = source_page (out, "spinlock_unlock.c");
  char *dom = rendered (page);
  size_t n;
  char **lines = harness_call_lines (harness_fmt ("%s/spinlock.o", dir),
				     "spin_lock", "spinlock_unlock.c", &n);
  ck_assert_uint_gt (n, 0);
  for (size_t i = 0; i < n; i++)
    {
      const char *line = strchr (lines[i], ':') + 1;
      const char *row = strstr (dom, harness_fmt ("<tr class=\"line "
						  "hot-left\" id=\"L%s\">",
						  line));
      ck_assert_msg (row, "line %s not marked left", line);
    }
  ck_assert_uint_eq (left_lines (dom, spin_lock, "spin_lock"), n);
  ck_assert_ptr_nonnull (strstr (dom, "GCC: --param max-inline-insns-auto "
				 "limit reached"));
  ck_assert_ptr_nonnull (strstr (dom, "hint: 'spin_lock' is estimated at "));
  ck_assert_ptr_nonnull (strstr (dom, "inlined through: <code>"));
  /* The index links back to the sites.  */
  ck_assert_ptr_nonnull (strstr (index, "spinlock_unlock.c:"));

  /* ring_push is forced: no calls in the object code, none marked left.  */
  ck_assert_int_eq (harness_count_calls (harness_fmt ("%s/ring/ring.o", dir),
					 "ring_push"), 0);
  dom = rendered (source_page (out, "ring.c"));
  ck_assert_uint_eq (count (dom, "class=\"line hot-left\""), 0);
  ck_assert_uint_eq (count (dom, "<div class=\"call inlined\""), 2);

  /* The source's markup shows as text: no element came from it.  */
  dom = rendered (source_page (out, "escape.c"));
  ck_assert_ptr_null (strstr (dom, "<b id=\"bold\""));
  ck_assert_ptr_nonnull (strstr (dom, "&lt;/script&gt;&lt;b id="));
  ck_assert_ptr_nonnull (strstr (dom, "&amp;amp; bold&lt;/b&gt;"));
  ck_assert_uint_eq (count (dom, "<div class=\"call left\""),
		     (size_t) harness_count_calls
		     (harness_fmt ("%s/escape.o", dir), "pinned"));
  ck_assert_ptr_nonnull (strstr (dom, "GCC: function not inlinable"));

  /* A source that cannot be read is said so; its calls are listed.  */
  dom = rendered (source_page (out, "gone.c"));
  ck_assert_ptr_nonnull (strstr (dom, "Cannot read the source file"));
  ck_assert_uint_eq (count (dom, "<div class=\"call left\""), 1);

  screenshot (harness_fmt ("%s/index.html", out), "html-index.png");
  screenshot (page, "html-source.png");
}
END_TEST

/* Text in the results (names, paths, reasons) shows as text too.  */
START_TEST (test_results_text_is_escaped)
{
  const char *dir = harness_tmpdir ();
  harness_write ("r.json",
		 "{\"format\": \"hotinline-results-1\", \"unit\": \"u&.c\", "
		 "\"directory\": \"/nonexistent\", \"entries\": [], "
		 "\"calls\": [{\"file\": \"</script><i>x.c\", \"line\": 3, "
		 "\"column\": 1, \"caller\": \"a<b>\", \"callee\": "
		 "\"f</script><i>&amp;\", \"inlined\": false, \"reason\": "
		 "\"<u>why</u>\", \"hint\": \"\\\"&\\\"\"}], "
		 "\"functions\": []}\n");
  const char *out = harness_fmt ("%s/site", dir);
  struct run r = harness_sh (harness_fmt ("%s --html %s %s/r.json",
					  summary_tool (), out, dir));
  ck_assert_msg (r.status == 0, "%s", r.err);
  char *index = rendered (harness_fmt ("%s/index.html", out));
  r = harness_sh (harness_fmt ("ls %s/src/*.html", out));
  r.out[strcspn (r.out, "\n")] = '\0';
  char *page = rendered (r.out);
  const char *both[] = { index, page };
  for (int i = 0; i < 2; i++)
    {
      ck_assert_ptr_null (strstr (both[i], "<i>"));
      ck_assert_ptr_null (strstr (both[i], "<b>"));
      ck_assert_ptr_null (strstr (both[i], "<u>"));
      ck_assert_ptr_nonnull (strstr (both[i], "f&lt;/script&gt;&lt;i&gt;"
				     "&amp;amp;"));
    }
  ck_assert_ptr_nonnull (strstr (page, "a&lt;b&gt;"));
  ck_assert_ptr_nonnull (strstr (page, "&lt;u&gt;why&lt;/u&gt;"));
}
END_TEST

/* Two builds with different limits: the diff site lists the call sites
   that went from inlined to left first, as the object code has them.  */
START_TEST (test_diff_site_lists_regressions_first)
{
  const char *dir = harness_tmpdir ();
  const char *old = harness_fmt ("%s/old", dir), *new_ = harness_fmt ("%s/new",
								     dir);
  build (old, "--param max-inline-insns-auto=400");
  build (new_, "");
  const char *out = harness_fmt ("%s/site", dir);
  struct run r = harness_sh (harness_fmt ("%s --html %s --diff %s/results "
					  "%s/results", summary_tool (), out,
					  old, new_));
  ck_assert_msg (r.status == 1, "status %d: %s", r.status, r.err);
  char *index = rendered (harness_fmt ("%s/index.html", out));
  const char *changes = strstr (index, "Changed since the old build");
  const char *functions = strstr (index, "Hot functions");
  ck_assert (changes && functions && changes < functions);

  /* Each line with a call to spin_lock in the new object and none in the
     old is a regression listed before the functions.  */
  size_t n_old, n_new, regressed = 0;
  char **was = harness_call_lines (harness_fmt ("%s/spinlock.o", old),
				   "spin_lock", "spinlock_unlock.c", &n_old);
  char **now = harness_call_lines (harness_fmt ("%s/spinlock.o", new_),
				   "spin_lock", "spinlock_unlock.c", &n_new);
  for (size_t i = 0; i < n_new; i++)
    {
      bool before = false;
      for (size_t j = 0; j < n_old; j++)
	before |= strcmp (now[i], was[j]) == 0;
      if (before)
	continue;
      regressed++;
      const char *site = strstr (index, harness_fmt ("%s:", now[i]));
      ck_assert_msg (site && site < functions, "%s not listed first",
		     now[i]);
    }
  ck_assert_uint_gt (regressed, 0);
  /* Regressions first, then the call sites inlined again.  */
  const char *first = strstr (changes, "<tr class=\"");
  ck_assert_ptr_nonnull (first);
  const char *regressed_row = "<tr class=\"left regressed\"><td>inlined ";
  ck_assert_msg (strncmp (first, regressed_row, strlen (regressed_row)) == 0,
		 "%.200s", first);
  ck_assert_ptr_nonnull (strstr (changes, "the limit went from 400 to 15 "
				 "(--param max-inline-insns-auto)"));
  screenshot (harness_fmt ("%s/index.html", out), "html-diff.png");
}
END_TEST

/* A unit whose hot function grows with -DBIG.  */
static const char grow_source[] =
  "static unsigned step (unsigned h, unsigned x)\n"
  "{\n"
  "  h = (h ^ x) * 0x9e3779b1u;\n"
  "#ifdef BIG\n"
  "  for (unsigned i = 0; i < (x & 7); i++)\n"
  "    h = (h << 5 | h >> 27) ^ (h * i + x);\n"
  "  h ^= h >> 13; h *= 0x85ebca6bu; h ^= h >> 16; h += x * x;\n"
  "  h = (h << 7 | h >> 25) ^ (h * 31u + x);\n"
  "#endif\n"
  "  return h;\n"
  "}\n"
  "unsigned walk (const unsigned *v, int n)\n"
  "{\n"
  "  unsigned h = 0;\n"
  "  for (int i = 0; i < n; i++)\n"
  "    h = step (h, v[i]) + step (h, v[i] + 1);\n"
  "  return h;\n"
  "}\n";

/* A hot function that grew past the limit: the diff says from what size
   to what, and the limit, GCC's own for -O2.  */
START_TEST (test_diff_says_the_callee_grew)
{
  const char *dir = harness_tmpdir ();
  harness_write ("grow.c", grow_source);
  harness_write ("all.yaml", report_all);
  const char *builds[] = { "old", "new" }, *options[] = { "", "-DBIG" };
  for (int i = 0; i < 2; i++)
    compile_unit (dir, "grow.c", harness_fmt ("%s.o", builds[i]), "all.yaml",
		  options[i], harness_fmt ("%s/%s", dir, builds[i]));
  ck_assert_int_eq (harness_count_calls (harness_fmt ("%s/old.o", dir),
					 "step"), 0);
  ck_assert_int_gt (harness_count_calls (harness_fmt ("%s/new.o", dir),
					 "step"), 0);
  struct run p = harness_sh (harness_fmt ("%s -O2 -Q --help=params | sed -n "
					  "'s/.*max-inline-insns-auto=[ \t]*"
					  "//p'", harness_gcc ()));
  long limit = strtol (p.out, NULL, 10);
  ck_assert_int_gt (limit, 0);
  struct run r = harness_sh (harness_fmt ("%s --diff %s/old %s/new",
					  summary_tool (), dir, dir));
  ck_assert_int_eq (r.status, 1);
  const char *grew = strstr (r.out, "  'step' grew from ");
  ck_assert_msg (grew, "%s", r.out);
  long from, to;
  ck_assert_int_eq (sscanf (grew, "  'step' grew from %ld to %ld", &from,
			    &to), 2);
  ck_assert_int_lt (from, to);
  ck_assert_int_gt (to, limit);
  ck_assert_msg (strstr (grew, harness_fmt ("; the limit is %ld (--param "
					    "max-inline-insns-auto)\n",
					    limit)), "%s", grew);
  /* The diff site says the same.  */
  r = harness_sh (harness_fmt ("%s --html %s/site --diff %s/old %s/new",
			       summary_tool (), dir, dir, dir));
  ck_assert_int_eq (r.status, 1);
  char *index = rendered (harness_fmt ("%s/site/index.html", dir));
  ck_assert_ptr_nonnull (strstr (index, harness_fmt ("'step' grew from %ld "
						     "to %ld instructions",
						     from, to)));
}
END_TEST

/* Each tool says how to use it and its version, the plugin's.  */
static const struct
{
  const char *env, *name;
} tools[] = {
  { "HOTINLINE_SUMMARY", "hotinline-summary" },
  { "HOTINLINE_PROFILE_TOOL", "hotinline-profile" },
  { "HOTINLINE_CC_WRAPPER", "hotinline-cc" },
};

START_TEST (test_tools_answer_help_and_version)
{
  const char *tool = getenv (tools[_i].env);
  ck_assert_msg (tool, "%s not set", tools[_i].env);
  const char *src = harness_write ("plain.c", "int f (void) { return 0; }\n");
  struct run p = harness_sh (harness_fmt ("%s -fplugin=%s -fplugin-arg-"
					  "hotinline-version -c %s -o "
					  "/dev/null", harness_gcc (),
					  harness_plugin (), src));
  ck_assert (strncmp (p.err, "hotinline ", 10) == 0);
  const char *version = harness_fmt ("%.*s", (int) strcspn (p.err + 10, " "),
				     p.err + 10);

  struct run r = harness_sh (harness_fmt ("%s --help", tool));
  ck_assert_int_eq (r.status, 0);
  ck_assert_msg (strncmp (r.out, harness_fmt ("usage: %s", tools[_i].name),
			  strlen ("usage: ") + strlen (tools[_i].name)) == 0,
		 "%s --help: %s", tools[_i].name, r.out);
  ck_assert_str_eq (r.err, "");
  r = harness_sh (harness_fmt ("%s --version", tool));
  ck_assert_int_eq (r.status, 0);
  ck_assert_str_eq (r.out, harness_fmt ("%s %s\n", tools[_i].name, version));
  r = harness_sh (harness_fmt ("%s --no-such-option x", tool));
  ck_assert_int_ne (r.status, 0);
  ck_assert_msg (strstr (r.err, tools[_i].name), "%s", r.err);
}
END_TEST

/* make install puts a man page for each tool and for the plugin's
   arguments where man finds them.  */
START_TEST (test_man_pages_are_installed)
{
  const char *dest = harness_tmpdir ();
  struct run r = harness_sh (harness_fmt ("make -s -C %s GCC=%s DESTDIR=%s "
					  "PREFIX=/opt/hi install",
					  harness_srcdir (), harness_gcc (),
					  dest));
  ck_assert_msg (r.status == 0, "%s", r.err);
  static const char *const pages[][2] = {
    { "hotinline-summary", "--html" },
    { "hotinline-profile", "--min-share" },
    { "hotinline-cc", "distcc" },
    { "hotinline", "-fplugin-arg-hotinline-results" },
  };
  for (size_t i = 0; i < sizeof pages / sizeof *pages; i++)
    {
      r = harness_sh (harness_fmt ("MANWIDTH=200 man --manpath=%s/opt/hi/"
				   "share/man %s 2>&1 | col -b", dest,
				   pages[i][0]));
      ck_assert_msg (strstr (r.out, pages[i][1]), "man %s: %.500s",
		     pages[i][0], r.out);
    }
}
END_TEST

Suite *
html_report_suite (void)
{
  Suite *s = suite_create ("HTML report");
  if (harness_skip_on_clang ("HTML report", "its results come from GCC builds; the Clang suite feeds Clang results to hotinline-summary"))
    return s;
  TCase *tc = tcase_create ("Site");
  tcase_set_timeout (tc, E2E_TIMEOUT);
  tcase_add_test (tc, test_site_marks_the_calls_of_the_object_code);
  tcase_add_test (tc, test_results_text_is_escaped);
  tcase_add_test (tc, test_diff_site_lists_regressions_first);
  tcase_add_test (tc, test_diff_says_the_callee_grew);
  suite_add_tcase (s, tc);
  tc = tcase_create ("Tools");
  tcase_set_timeout (tc, E2E_TIMEOUT);
  tcase_add_loop_test (tc, test_tools_answer_help_and_version, 0,
		       sizeof tools / sizeof *tools);
  tcase_add_test (tc, test_man_pages_are_installed);
  suite_add_tcase (s, tc);
  return s;
}
