/* The HTML report of hotinline-summary, rendered by headless Chromium:
   the pages of a real multi-unit build (the ring project, the spinlock
   example and two small units of this file) mark as left exactly the
   calls the object code makes, with GCC's reasons, links between a call
   site and its function, text from the sources shown as text; the diff
   site of two builds with different limits lists the regressed call sites
   first.  Screenshots of the index and of a source page are written to
   HOTINLINE_WORKDIR/screenshots for a person to look at.  The tools'
   --help, --version and man pages are checked in tools-cli.c.  */
#define _GNU_SOURCE
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "e2e/suites.h"
#include "results-format.h"
#include "harness/harness.h"

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
      /* The pages are the summary tool's, the same whatever compiler made
	 the results: make check-all renders them in one compiler's run.  */
      const char *elsewhere = getenv ("HOTINLINE_RENDERED_IN");
      have = !elsewhere && harness_sh ("command -v chromium").status == 0;
      if (elsewhere)
	fprintf (stderr, "HTML report: the rendered pages are checked in "
		 "the run of %s; here only the HTML as written\n", elsewhere);
      else if (!have)
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
		 "{\"format\": \"" RESULTS_FORMAT "\", \"unit\": \"u&.c\", "
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

/* A call GCC duplicated: 'mid' is inlined into three functions, each
   copy keeping its call to 'leaf'.  */
static const char duplicated_source[] =
  "__attribute__ ((noinline)) static int leaf (int x) { return x * 5 + 3; }\n"
  "static inline int mid (int x) { return leaf (x) + 1; }\n"
  "int first (int x) { return mid (x); }\n"
  "int second (int x) { return mid (x) * 2; }\n"
  "int third (int x) { return mid (x) - 3; }\n";

/* The page of a call written once and made into several calls by the
   inliner gives their number, as the object code has them, and every
   path each was inlined through (collapsed, the first line saying how
   many).  */
START_TEST (test_duplicated_call_shows_its_count_and_every_path)
{
  const char *dir = harness_tmpdir ();
  const char *all = harness_write ("all.yaml", report_all);
  harness_write ("dup.c", duplicated_source);
  compile_unit (dir, "dup.c", "dup.o", all, "",
		harness_fmt ("%s/results", dir));
  int calls = harness_count_calls (harness_fmt ("%s/dup.o", dir), "leaf");
  ck_assert_int_eq (calls, 3);
  const char *out = harness_fmt ("%s/site", dir);
  struct run r = harness_sh (harness_fmt ("%s --html %s %s/results",
					  summary_tool (), out, dir));
  ck_assert_msg (r.status == 0, "%s", r.err);
  char *dom = rendered (source_page (out, "dup.c"));
  ck_assert_msg (strstr (dom, harness_fmt ("(%d calls left here)", calls)),
		 "%s", dom);
  ck_assert_msg (strstr (dom, harness_fmt ("<summary>%d inline paths"
					   "</summary>", calls)), "%s", dom);
  static const char *const callers[] = { "first", "second", "third" };
  for (int i = 0; i < 3; i++)
    ck_assert_msg (strstr (dom, harness_fmt ("1 call inlined through: "
					     "<code>mid</code> into <code>"
					     "%s</code> at <a href=\"#L%d\">"
					     "line %d</a>", callers[i], i + 3,
					     i + 3)), "%s: %s", callers[i],
		   dom);
  /* One box for the line, not three.  */
  ck_assert_uint_eq (count (dom, "called from <code class=\"caller\">mid"
			    "</code> at line 2,"), 1);
  /* The calls inlined say how close they came to a limit: the size and
     the limits GCC uses at -O2.  */
  struct run p = harness_sh (harness_fmt ("%s -O2 -Q --help=params | sed -n "
					  "'s/.*max-inline-insns-\\(auto\\|"
					  "single\\)=[ \t]*//p'",
					  harness_gcc ()));
  long limit_auto, limit_single;
  ck_assert_int_eq (sscanf (p.out, "%ld %ld", &limit_auto, &limit_single),
		    2);
  const char *size = strstr (dom, "size: <code>mid</code> is estimated at ");
  ck_assert_msg (size, "%s", dom);
  long mid_size = strtol (size + strlen ("size: <code>mid</code> is "
					 "estimated at "), NULL, 10);
  ck_assert_int_gt (mid_size, 0);
  ck_assert_int_le (mid_size, limit_single);
  ck_assert_msg (strstr (size, harness_fmt ("instructions; the limits are "
					    "%ld (--param max-inline-insns-"
					    "auto) and %ld (--param max-"
					    "inline-insns-single", limit_auto,
					    limit_single)), "%.300s", size);
}
END_TEST

/* Every source page lists its call sites to jump to and gives the reason
   of the policy entry; a build moved elsewhere is read with --source-dir
   OLD=NEW, and without it the page says it cannot read the file.  */
START_TEST (test_source_page_jump_list_entry_reason_and_moved_sources)
{
  const char *dir = harness_tmpdir ();
  const char *build_dir = harness_fmt ("%s/container/src", dir);
  harness_sh (harness_fmt ("mkdir -p %s", build_dir));
  const char *policy = harness_write ("why.yaml",
				      "version: 1\nfunctions:\n"
				      "  - {name: leaf, action: report, "
				      "reason: \"the parser's <inner> loop\"}\n"
				      "  - {name: mid, action: report}\n");
  FILE *f = fopen (harness_fmt ("%s/dup.c", build_dir), "w");
  fputs (duplicated_source, f);
  fclose (f);
  compile_unit (build_dir, "dup.c", "dup.o", policy, "",
		harness_fmt ("%s/results", dir));
  /* The build's tree moves: the results still name the old place.  */
  harness_sh (harness_fmt ("mv %s/container %s/moved", dir, dir));
  const char *out = harness_fmt ("%s/site", dir);
  struct run r = harness_sh (harness_fmt ("%s --html %s %s/results",
					  summary_tool (), out, dir));
  ck_assert_msg (r.status == 0, "%s", r.err);
  char *dom = rendered (source_page (out, "dup.c"));
  ck_assert_msg (strstr (dom, "Cannot read the source file"), "%s", dom);

  r = harness_sh (harness_fmt ("%s --html %s --source-dir %s/container/=%s/"
			       "moved %s/results", summary_tool (), out, dir,
			       dir, dir));
  ck_assert_msg (r.status == 0, "%s", r.err);
  dom = rendered (source_page (out, "dup.c"));
  ck_assert_msg (!strstr (dom, "Cannot read")
		 && strstr (dom, "<span class=\"kw\">static</span> <span "
			    "class=\"kw\">inline</span> <span class=\"kw\">"
			    "int</span> mid (<span class=\"kw\">int</span> "
			    "x)"), "%.3000s", dom);
  /* The page still names the file where the build had it.  */
  ck_assert_ptr_nonnull (strstr (dom, harness_fmt ("%s/container/src/dup.c",
						   dir)));
  ck_assert_ptr_nonnull (strstr (dom, "hot because: the parser's &lt;inner"
				 "&gt; loop"));
  /* The jump list: the call to leaf on line 2, left, and the three calls
     to mid, inlined, each linking to its box.  */
  const char *jump = strstr (dom, "<p class=\"jump\">Call sites:");
  ck_assert_msg (jump, "%s", dom);
  const char *jump_end = strstr (jump, "</p>");
  static const char *const links[] = {
    "class=\"left\" href=\"#c1\">2&nbsp;leaf</a>",
    "class=\"inlined\" href=\"#c2\">3&nbsp;mid</a>",
    "class=\"inlined\" href=\"#c3\">4&nbsp;mid</a>",
    "class=\"inlined\" href=\"#c4\">5&nbsp;mid</a>",
  };
  for (size_t i = 0; i < 4; i++)
    {
      const char *at = strstr (jump, links[i]);
      ck_assert_msg (at && at < jump_end, "%s in %.*s", links[i],
		     (int) (jump_end - jump), jump);
      ck_assert_ptr_nonnull (strstr (dom, harness_fmt ("id=\"c%zu\"",
						       i + 1)));
    }
  r = harness_sh (harness_fmt ("%s --html %s --source-dir nothing %s/results",
			       summary_tool (), out, dir));
  ck_assert_int_eq (r.status, 2);
  ck_assert_ptr_nonnull (strstr (r.err, "--source-dir wants OLD=NEW"));
}
END_TEST

/* The index gives one link per place a reader sees: the same source line
   compiled in three directories (three call sites, one text) is one
   link, "×3", to the first of them.  */
START_TEST (test_index_collapses_look_alike_links)
{
  const char *dir = harness_tmpdir ();
  const char *all = harness_write ("all.yaml", report_all);
  const char *results = harness_fmt ("%s/results", dir);
  static const char *const trees[] = { "a", "b", "c" };
  for (int i = 0; i < 3; i++)
    {
      const char *tree = harness_fmt ("%s/%s", dir, trees[i]);
      harness_sh (harness_fmt ("mkdir -p %s", tree));
      FILE *f = fopen (harness_fmt ("%s/dup.c", tree), "w");
      fputs (duplicated_source, f);
      fclose (f);
      compile_unit (tree, "dup.c", "dup.o", all, "", results);
    }
  const char *out = harness_fmt ("%s/site", dir);
  struct run r = harness_sh (harness_fmt ("%s --html %s %s", summary_tool (),
					  out, results));
  ck_assert_msg (r.status == 0, "%s", r.err);
  char *index = rendered (harness_fmt ("%s/index.html", out));
  const char *leaf = strstr (index, "<code>leaf</code></a>");
  ck_assert_msg (leaf, "%s", index);
  const char *row_end = strstr (leaf, "</tr>");
  const char *link = strstr (leaf, ">dup.c:2:");
  ck_assert_msg (link && link < row_end, "%.*s", (int) (row_end - leaf),
		 leaf);
  ck_assert_msg (!strstr (link + 1, ">dup.c:2:")
		 || strstr (link + 1, ">dup.c:2:") > row_end,
		 "the link is repeated: %.*s", (int) (row_end - leaf), leaf);
  /* libxml2 writes the sign as a character or, in newer versions, as its
     entity.  */
  const char *times = strstr (link, "</a>");
  ck_assert_msg (times
		 && (strncmp (times, "</a> <span class=\"times\">\u00d73</span>",
			      strlen ("</a> <span class=\"times\">\u00d73</span>"))
		     == 0
		     || strncmp (times, "</a> <span class=\"times\">&times;3</span>",
				 strlen ("</a> <span class=\"times\">&times;3</span>"))
			== 0), "%.*s", (int) (row_end - leaf), leaf);
  /* Three units, three call sites on three pages.  */
  ck_assert_ptr_nonnull (strstr (index, "3 units"));
  r = harness_sh (harness_fmt ("ls %s/src | grep -c dup.c", out));
  ck_assert_str_eq (r.out, "3\n");

  /* The index's filter (its script, given "?filter=" in the address)
     hides the rows of other functions; written, the page hides none.  */
  char *written = harness_read (harness_fmt ("%s/index.html", out), NULL);
  ck_assert_ptr_null (strstr (written, " hidden"));
  if (!have_chromium ())
    return;
  char *filtered = rendered (harness_fmt ("%s/index.html?filter=LEA", out));
  ck_assert_msg (strstr (filtered, "id=\"filter\""), "%s", filtered);
  const char *mid = strstr (filtered, "<code>mid</code></a>");
  leaf = strstr (filtered, "<code>leaf</code></a>");
  ck_assert (mid && leaf);
  const char *mid_row = mid, *leaf_row = leaf;
  while (strncmp (mid_row, "<tr ", 4) != 0)
    mid_row--;
  while (strncmp (leaf_row, "<tr ", 4) != 0)
    leaf_row--;
  ck_assert_msg (strstr (mid_row, " hidden") && strstr (mid_row, " hidden")
		 < mid, "%.200s", mid_row);
  ck_assert_msg (!strstr (leaf_row, " hidden")
		 || strstr (leaf_row, " hidden") > leaf, "%.200s", leaf_row);
}
END_TEST

/* A source to highlight: a directive, a comment over two lines, a string
   with markup in it, a character, numbers, keywords and a name that starts
   like one.  */
static const char highlight_source[] =
  "#include <stddef.h>\n"
  "/* spans\n"
  "   two lines <b>not bold</b> */\n"
  "static const char label[] = \"a<b&c \\\" // not a comment\";\n"
  "__attribute__ ((noinline)) static int returned (int x)\n"
  "{\n"
  "  return x * 0x1fu + 'q' + label[1]; // tail <i>\n"
  "}\n"
  "int use_returned (int x) { return returned (x) + 1.5e+3; }\n";

/* Source lines get a class per kind of token; the source's text stays
   text, escaped by libxml2, and every character is still there.  */
START_TEST (test_source_is_highlighted_and_still_escaped)
{
  const char *dir = harness_tmpdir ();
  const char *all = harness_write ("all.yaml", report_all);
  harness_write ("hl.c", highlight_source);
  compile_unit (dir, "hl.c", "hl.o", all, "", harness_fmt ("%s/res", dir));
  const char *out = harness_fmt ("%s/site", dir);
  struct run r = harness_sh (harness_fmt ("%s --html %s %s/res",
					  summary_tool (), out, dir));
  ck_assert_msg (r.status == 0, "%s", r.err);
  const char *page = source_page (out, "hl.c");
  char *html = harness_read (page, NULL);
  static const char *const expected[] = {
    "id=\"L1\"><td class=\"ln\"><a href=\"#L1\">1</a></td><td class=\"code\">"
    "<span class=\"pp\">#include &lt;stddef.h&gt;</span></td>",
    "<td class=\"code\"><span class=\"com\">/* spans</span></td>",
    "<td class=\"code\"><span class=\"com\">   two lines &lt;b&gt;not "
    "bold&lt;/b&gt; */</span></td>",
    "<span class=\"kw\">static</span> <span class=\"kw\">const</span> "
    "<span class=\"kw\">char</span> label[] = <span class=\"str\">&quot;a&lt;"
    "b&amp;c \\&quot; // not a comment&quot;</span>;",
    "<span class=\"kw\">int</span> returned (<span class=\"kw\">int</span> "
    "x)",
    "<span class=\"kw\">return</span> x * <span class=\"num\">0x1fu"
    "</span> + <span class=\"str\">'q'</span> + label[<span class=\"num\">1"
    "</span>]; <span class=\"com\">// tail &lt;i&gt;</span></td>",
    "<span class=\"num\">1.5e+3</span>",
  };
  for (size_t i = 0; i < sizeof expected / sizeof *expected; i++)
    ck_assert_msg (strstr (html, expected[i]), "no %s in\n%.3000s",
		   expected[i], strstr (html, "<table class=\"src\">"));
  if (!have_chromium ())
    return;
  /* Rendered: the source's markup made no element.  */
  char *dom = rendered (page);
  ck_assert_ptr_null (strstr (dom, "<b>not bold"));
  ck_assert_ptr_null (strstr (dom, "<i>"));
  ck_assert_ptr_nonnull (strstr (dom, "<span class=\"kw\">return</span>"));
}
END_TEST

/* A unit whose only hot things are two hot functions in a table of
   pointers: nothing calls them.  */
static const char table_source[] =
  "static int add_one (int x) { return x + 1; }\n"
  "static int twice (int x) { return x * 2; }\n"
  "\n"
  "int (*const ops[]) (int) = { add_one, twice };\n";

/* A hot call site, and a hot function given away as a callback.  */
static const char callback_source[] =
  "typedef int (*op) (int);\n"
  "extern void keep (op);\n"
  "static int bump (int x) { return x + 7; }\n"
  "__attribute__ ((noinline)) static int pinned (int x) { return x * 5; }\n"
  "void setup (void)\n"
  "{\n"
  "  keep (bump);\n"
  "}\n"
  "int use (int x) { return pinned (x); }\n";

/* The line of SOURCE that holds TEXT (from 1).  */
static long
line_of (const char *source, const char *text)
{
  const char *at = strstr (source, text);
  ck_assert_msg (at, "no %s in the source", text);
  long line = 1;
  for (const char *p = source; p < at; p++)
    line += *p == '\n';
  return line;
}

/* The box with id ID of the page DOM sits below source line LINE: after
   its row, before the next line's.  */
static void
assert_below_line (const char *dom, const char *id, long line)
{
  const char *box = strstr (dom, harness_fmt (" id=\"%s\"", id));
  ck_assert_msg (box, "no box %s", id);
  const char *row = strstr (dom, harness_fmt (" id=\"L%ld\"", line));
  const char *next = strstr (dom, harness_fmt (" id=\"L%ld\"", line + 1));
  ck_assert_msg (row && row < box && (!next || box < next),
		 "box %s is not below line %ld", id, line);
}

/* The box of the place where the address of FUNCTION is taken in IN on
   the page DOM: its id ("a2"), after checking its text and that its
   function links to the index item with id ITEM.  */
static const char *
place_box (const char *dom, const char *function, const char *in,
	   const char *item)
{
  const char *text = harness_fmt ("address of hot function <a class=\"fn\" "
				  "href=\"../index.html#%s\">%s</a> taken in "
				  "<code class=\"caller\">%s</code>: no direct "
				  "call reaches it, so no call site shows "
				  "whether it is inlined</div>", item,
				  function, in);
  const char *at = strstr (dom, text);
  ck_assert_msg (at, "no %s in\n%s", text, dom);
  const char *div = at;
  while (div > dom && strncmp (div, "<div class=\"call address", 24) != 0)
    div--;
  const char *id = strstr (div, " id=\"");
  ck_assert (id && id < at);
  id += 5;
  return harness_fmt ("%.*s", (int) strcspn (id, "\""), id);
}

/* The id of the index's item of the hot function NAME only called by
   address, and the link of its place TEXT ("ops at table.c:4").  */
static const char *
address_item (const char *index, const char *name, const char *text,
	      const char **href)
{
  const char *list = strstr (index, "<ul class=\"address-only\">");
  ck_assert_msg (list, "%s", index);
  const char *code = strstr (list, harness_fmt ("><code>%s</code>", name));
  ck_assert_msg (code, "no %s in %.1000s", name, list);
  const char *li = code;
  while (li > list && strncmp (li, "<li ", 4) != 0)
    li--;
  ck_assert_msg (strncmp (li, "<li id=\"", 8) == 0, "%.200s", li);
  const char *end = strstr (code, "</li>");
  const char *link = strstr (code, harness_fmt ("\">%s</a>", text));
  ck_assert_msg (link && link < end, "no link to %s in %.*s", text,
		 (int) (end - li), li);
  const char *a = link;
  while (a > code && strncmp (a, "<a class=\"site\" href=\"", 22) != 0)
    a--;
  ck_assert (a > code);
  *href = harness_fmt ("%.*s", (int) (link - a - 22), a + 22);
  return harness_fmt ("%.*s", (int) strcspn (li + 8, "\""), li + 8);
}

/* Hot functions only called by address show where their address is
   taken: a row below that line of its source page, in the page's jump
   list, linked from the index; a file whose only hot thing is such a
   place has a page too.  */
START_TEST (test_address_taken_places_show_on_their_lines)
{
  const char *dir = harness_tmpdir ();
  const char *policy = harness_write ("addr.yaml",
				      "version: 1\nfunctions:\n"
				      "  - {name: add_one, action: report, "
				      "weight: 40}\n"
				      "  - {name: twice, action: report}\n"
				      "  - {name: bump, action: report, "
				      "weight: 2.5}\n"
				      "  - {name: pinned, action: report}\n");
  harness_write ("table.c", table_source);
  harness_write ("callback.c", callback_source);
  const char *results = harness_fmt ("%s/results", dir);
  compile_unit (dir, "table.c", "table.o", policy, "", results);
  compile_unit (dir, "callback.c", "callback.o", policy, "", results);
  /* The object code: no direct call to the three, each kept out of line
     (its address is used); the call to pinned stays.  */
  const char *table_o = harness_fmt ("%s/table.o", dir);
  const char *callback_o = harness_fmt ("%s/callback.o", dir);
  ck_assert_int_eq (harness_count_calls (table_o, "add_one"), 0);
  ck_assert_int_eq (harness_count_calls (table_o, "twice"), 0);
  ck_assert_int_eq (harness_count_calls (callback_o, "bump"), 0);
  ck_assert_int_eq (harness_count_calls (callback_o, "pinned"), 1);
  struct run r = harness_sh (harness_fmt ("nm %s %s | grep -c ' t \\(add_one"
					  "\\|twice\\|bump\\)$'", table_o,
					  callback_o));
  ck_assert_msg (atoi (r.out) == 3, "kept out of line: %s", r.out);
  long table_line = line_of (table_source, "int (*const ops[])");
  long keep_line = line_of (callback_source, "keep (bump);");

  const char *out = harness_fmt ("%s/site", dir);
  r = harness_sh (harness_fmt ("%s --html %s %s", summary_tool (), out,
			       results));
  ck_assert_msg (r.status == 0, "%s", r.err);
  char *index = rendered (harness_fmt ("%s/index.html", out));

  /* table.c has no hot call site, yet a page: both places on the
     table's line, the heaviest first in the jump list.  */
  const char *href;
  const char *add_one = address_item (index, "add_one",
				      harness_fmt ("ops at table.c:%ld",
						   table_line), &href);
  const char *page = source_page (out, "table.c");
  ck_assert_str_eq (harness_fmt ("%s/%.*s", out, (int) strcspn (href, "#"),
				 href), page);
  char *dom = rendered (page);
  const char *box = place_box (dom, "add_one", "ops", add_one);
  ck_assert_str_eq (strchr (href, '#') + 1, box);
  assert_below_line (dom, box, table_line);
  ck_assert_ptr_nonnull (strstr (dom, harness_fmt ("<tr class=\"line "
						   "hot-address\" id=\"L%ld\">",
						   table_line)));
  const char *twice_href;
  const char *twice = address_item (index, "twice",
				    harness_fmt ("ops at table.c:%ld",
						 table_line), &twice_href);
  const char *twice_box = place_box (dom, "twice", "ops", twice);
  assert_below_line (dom, twice_box, table_line);
  const char *jump = strstr (dom, "<p class=\"jump\">Addresses taken: ");
  ck_assert_msg (jump, "%s", dom);
  const char *first = strstr (jump, harness_fmt ("href=\"#%s\">%ld&nbsp;"
						 "add_one</a>", box,
						 table_line));
  const char *second = strstr (jump, harness_fmt ("href=\"#%s\">%ld&nbsp;"
						  "twice</a>", twice_box,
						  table_line));
  ck_assert_msg (first && second && first < second
		 && second < strstr (jump, "</p>"), "%.300s", jump);
  ck_assert_ptr_null (strstr (dom, "Call sites:"));
  ck_assert_ptr_nonnull (strstr (dom, "2 places where the address of a hot "
				 "function no call reaches is taken"));

  /* callback.c: the call site and the callback's place, each below its
     line, both in the jump list.  */
  const char *bump = address_item (index, "bump",
				   harness_fmt ("setup at callback.c:%ld",
						keep_line), &href);
  dom = rendered (harness_fmt ("%s/%.*s", out, (int) strcspn (href, "#"),
			       href));
  box = place_box (dom, "bump", "setup", bump);
  ck_assert_str_eq (strchr (href, '#') + 1, box);
  assert_below_line (dom, box, keep_line);
  jump = strstr (dom, "<p class=\"jump\">Call sites: ");
  ck_assert_msg (jump, "%s", dom);
  const char *addresses = strstr (jump, " Addresses taken: ");
  ck_assert_msg (addresses && addresses < strstr (jump, "</p>")
		 && strstr (addresses, harness_fmt ("href=\"#%s\">%ld&nbsp;"
						    "bump</a>", box,
						    keep_line)), "%.300s",
		 jump);
  ck_assert_ptr_nonnull (strstr (dom, "class=\"call left\""));

  /* The index's files: table.c is there, with its places.  */
  ck_assert_ptr_nonnull (strstr (index, "<code>table.c</code></a>: 0 call "
				 "sites, 0 left, 2 places where the address "
				 "of a hot function no call reaches is "
				 "taken"));
}
END_TEST

/* A site written again into its directory is the new site only: no page
   of the old one is left, nothing is left beside it, and a directory that
   is not a site is never replaced.  */
START_TEST (test_regenerated_site_leaves_no_stale_page)
{
  const char *dir = harness_tmpdir ();
  const char *all = harness_write ("all.yaml", report_all);
  harness_write ("dup.c", duplicated_source);
  harness_write ("escape.c", escape_source);
  const char *both = harness_fmt ("%s/both", dir);
  const char *one = harness_fmt ("%s/one", dir);
  compile_unit (dir, "dup.c", "dup.o", all, "", both);
  compile_unit (dir, "escape.c", "escape.o", all, "", both);
  compile_unit (dir, "dup.c", "dup.o", all, "", one);
  const char *out = harness_fmt ("%s/site", dir);
  struct run r = harness_sh (harness_fmt ("%s --html %s %s", summary_tool (),
					  out, both));
  ck_assert_msg (r.status == 0, "%s", r.err);
  ck_assert_int_eq (harness_sh (harness_fmt ("grep -l '<h1>escape.c</h1>' "
					     "%s/src/*", out)).status, 0);
  struct run before = harness_sh (harness_fmt ("stat -c %%i %s", out));
  r = harness_sh (harness_fmt ("%s --html %s/ %s", summary_tool (), out,
			       one));
  ck_assert_msg (r.status == 0, "%s", r.err);
  /* The new site came in whole, as another directory.  */
  struct run after = harness_sh (harness_fmt ("stat -c %%i %s", out));
  ck_assert_str_ne (before.out, after.out);
  r = harness_sh (harness_fmt ("ls %s/src; grep -c escape.c %s/index.html",
			       out, out));
  ck_assert_msg (!strstr (r.out, "escape") && strstr (r.out, "dup.c.html")
		 && strstr (r.out, "\n0\n"), "%s", r.out);
  r = harness_sh (harness_fmt ("ls -A %s", dir));
  ck_assert_msg (!strstr (r.out, ".site."), "left beside the site: %s",
		 r.out);
  char *index = rendered (harness_fmt ("%s/index.html", out));
  ck_assert_ptr_nonnull (strstr (index, "1 unit "));

  /* Not a site: refused, untouched.  */
  harness_sh (harness_fmt ("mkdir -p %s/mine", dir));
  harness_write ("mine/notes.txt", "keep me\n");
  r = harness_sh (harness_fmt ("%s --html %s/mine %s", summary_tool (), dir,
			       one));
  ck_assert_int_eq (r.status, 2);
  ck_assert_msg (strstr (r.err, "mine exists and is not a site written by "
			 "hotinline-summary"), "%s", r.err);
  r = harness_sh (harness_fmt ("ls -A %s/mine", dir));
  ck_assert_str_eq (r.out, "notes.txt\n");
}
END_TEST

Suite *
html_report_suite (void)
{
  Suite *s = runner_suite ("HTML report");
  if (harness_skip_on_clang ("HTML report", "its results come from GCC builds; results.c feeds Clang results to hotinline-summary"))
    return s;
  TCase *tc = runner_tcase ("Site");
  tcase_set_timeout (tc, E2E_TIMEOUT);
  tcase_add_test (tc, test_site_marks_the_calls_of_the_object_code);
  tcase_add_test (tc, test_results_text_is_escaped);
  tcase_add_test (tc, test_diff_site_lists_regressions_first);
  tcase_add_test (tc, test_diff_says_the_callee_grew);
  tcase_add_test (tc, test_duplicated_call_shows_its_count_and_every_path);
  tcase_add_test (tc, test_regenerated_site_leaves_no_stale_page);
  tcase_add_test (tc, test_index_collapses_look_alike_links);
  tcase_add_test (tc,
		  test_source_page_jump_list_entry_reason_and_moved_sources);
  tcase_add_test (tc, test_source_is_highlighted_and_still_escaped);
  tcase_add_test (tc, test_address_taken_places_show_on_their_lines);
  runner_add_tcase (s, tc);
  return s;
}
