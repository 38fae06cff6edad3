/* hotinline-summary --diff against the shapes of a real refactor: the hot
   function grows above its callers (their lines move), below them, in a
   header the unit includes; the caller moves to another unit; code moves
   by ten lines.  Each shape is built twice, OLD and NEW, each in its own
   directory as two checkouts would be, with the real compiler (GCC or
   Clang), and what the diff says is checked against the object code:
   the call sites it lists as lost are exactly the lines where NEW's
   objects call the hot function and OLD's do not (objdump's line
   information), each once; nothing else is listed.  */
#define _GNU_SOURCE
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "e2e/suites.h"
#include "harness/harness.h"

#define PRELUDE \
  "struct node { struct node *slots[16]; unsigned shift; };\n" \
  "extern int trace_on;\n" \
  "void trace (unsigned long, unsigned, void *);\n"

/* The hot function, SMALL, and grown past GCC's and Clang's limits for
   a function with three calls.  */
#define SMALL \
  "static struct node *descend (struct node *n, unsigned long idx)\n" \
  "{\n" \
  "  unsigned off = (idx >> n->shift) & 15;\n" \
  "  return n->slots[off];\n" \
  "}\n"
#define GROWN \
  "static struct node *descend (struct node *n, unsigned long idx)\n" \
  "{\n" \
  "  unsigned off = (idx >> n->shift) & 15;\n" \
  "  struct node *e = n->slots[off];\n" \
  "  if (trace_on)\n" \
  "    {\n" \
  "      trace (idx, off, e);\n" \
  "      trace (idx ^ 1, off + 1, n);\n" \
  "      trace (idx ^ 2, off + 2, n->slots[(off + 1) & 15]);\n" \
  "      trace (idx ^ 3, off + 3, n->slots[(off + 2) & 15]);\n" \
  "    }\n" \
  "  if (e && ((unsigned long) e & 3) == 2)\n" \
  "    e = n->slots[((unsigned long) e >> 2) & 15];\n" \
  "  return e;\n" \
  "}\n"
#define DECLARATION \
  "static struct node *descend (struct node *n, unsigned long idx);\n"

#define LOAD \
  "struct node *load (struct node *n, unsigned long idx)\n" \
  "{\n" \
  "  while (n && n->shift)\n" \
  "    n = descend (n, idx);\n" \
  "  return n;\n" \
  "}\n"
#define LOAD_RENAMED \
  "struct node *load_node (struct node *n, unsigned long idx)\n" \
  "{\n" \
  "  while (n && n->shift)\n" \
  "    n = descend (n, idx);\n" \
  "  return n;\n" \
  "}\n"
#define FIND \
  "struct node *find (struct node *n, unsigned long a, unsigned long b)\n" \
  "{\n" \
  "  struct node *x = descend (n, a);\n" \
  "  return x ? descend (x, b) : 0;\n" \
  "}\n"
#define OTHER \
  "int other (int x) { return x * 3; }\n"
#define TEN_LINES \
  "/* Ten lines of a comment moved in above everything:\n" \
  "   2\n   3\n   4\n   5\n   6\n   7\n   8\n   9\n   10.  */\n"

/* One build of a shape: up to three files, NULL-named when unused; the
   units are the .c files.  */
struct tree
{
  const char *name[3];
  const char *text[3];
};

struct shape
{
  const char *what;
  struct tree old, new_;
};

static const struct shape shapes[] = {
  { "the hot function grows above its callers",
    { { "unit.c" }, { PRELUDE SMALL LOAD FIND } },
    { { "unit.c" }, { PRELUDE GROWN LOAD FIND } } },
  { "the hot function grows below its callers",
    { { "unit.c" }, { PRELUDE DECLARATION LOAD FIND SMALL } },
    { { "unit.c" }, { PRELUDE DECLARATION LOAD FIND GROWN } } },
  { "the hot function grows in a header the unit includes",
    { { "hot.h", "unit.c" },
      { PRELUDE SMALL, "#include \"hot.h\"\n" LOAD FIND } },
    { { "hot.h", "unit.c" },
      { PRELUDE GROWN, "#include \"hot.h\"\n" LOAD FIND } } },
  { "the callers move to another unit",
    { { "hot.h", "a.c", "b.c" },
      { PRELUDE SMALL, "#include \"hot.h\"\n" LOAD FIND,
	"#include \"hot.h\"\n" OTHER } },
    { { "hot.h", "a.c", "b.c" },
      { PRELUDE SMALL, "#include \"hot.h\"\n" OTHER,
	"#include \"hot.h\"\n" OTHER LOAD FIND } } },
  { "the callers move to another unit and the hot function grows",
    { { "hot.h", "a.c", "b.c" },
      { PRELUDE SMALL, "#include \"hot.h\"\n" LOAD FIND,
	"#include \"hot.h\"\n" OTHER } },
    { { "hot.h", "a.c", "b.c" },
      { PRELUDE GROWN, "#include \"hot.h\"\n" OTHER,
	"#include \"hot.h\"\n" OTHER LOAD FIND } } },
  { "a caller is renamed and the hot function grows",
    { { "unit.c" }, { PRELUDE SMALL LOAD FIND } },
    { { "unit.c" }, { PRELUDE GROWN FIND LOAD_RENAMED } } },
  { "code moves by ten lines",
    { { "unit.c" }, { PRELUDE SMALL LOAD FIND } },
    { { "unit.c" }, { TEN_LINES PRELUDE SMALL LOAD FIND } } },
};

/* The compiler with the plugin, a report policy for descend (one file
  for both builds, as a build's policy outside the tree) and results into
  DIR/results, as a shell command's start.  */
static const char *debug_info = "-g";

static const char *
compiler_command (const char *dir)
{
  const char *policy = harness_fmt ("%s/hot.yaml", harness_tmpdir ());
  FILE *f = fopen (policy, "w");
  ck_assert_msg (f, "cannot write %s", policy);
  fputs ("version: 1\nfunctions:\n  - {name: descend, action: report}\n",
	 f);
  fclose (f);
  return harness_fmt ("%s -O2 %s -fplugin=%s%s%s "
		      "-fplugin-arg-hotinline-policy=%s "
		      "-fplugin-arg-hotinline-results=%s/results",
		      harness_gcc (), debug_info, harness_plugin (),
		      harness_clang () ? " -fpass-plugin=" : "",
		      harness_clang () ? harness_plugin () : "", policy, dir);
}

/* Write TREE into DIR and compile its units there, by relative paths as
   a build does.  */
static void
build_tree (const char *dir, const struct tree *tree)
{
  harness_sh (harness_fmt ("rm -rf %s && mkdir -p %s/results", dir, dir));
  const char *cc = compiler_command (dir);
  for (int i = 0; i < 3 && tree->name[i]; i++)
    {
      const char *path = harness_fmt ("%s/%s", dir, tree->name[i]);
      FILE *f = fopen (path, "w");
      ck_assert_msg (f, "cannot write %s", path);
      fputs (tree->text[i], f);
      fclose (f);
    }
  for (int i = 0; i < 3 && tree->name[i]; i++)
    {
      const char *name = tree->name[i];
      if (!strstr (name, ".c"))
	continue;
      struct run r = harness_sh (harness_fmt ("cd %s && %s -c %s -o %.*s.o",
					      dir, cc, name,
					      (int) strlen (name) - 2, name));
      ck_assert_msg (r.status == 0, "%s: %s", name, r.err);
    }
}

static int
compare_text (const void *a, const void *b)
{
  return strcmp (*(char *const *) a, *(char *const *) b);
}

/* The lines, "file.c:LINE" each once and sorted, where TREE's objects in
   DIR call descend.  */
static char **
call_lines (const char *dir, const struct tree *tree, size_t *n)
{
  char **all = NULL;
  *n = 0;
  for (int i = 0; i < 3 && tree->name[i]; i++)
    {
      const char *name = tree->name[i];
      if (!strstr (name, ".c"))
	continue;
      const char *obj = harness_fmt ("%s/%.*s.o", dir,
				     (int) strlen (name) - 2, name);
      size_t k;
      char **lines = harness_call_lines (obj, "descend", name, &k);
      all = realloc (all, (*n + k + 1) * sizeof *all);
      for (size_t j = 0; j < k; j++)
	all[(*n)++] = lines[j];
      free (lines);
    }
  qsort (all, *n, sizeof *all, compare_text);
  return all;
}

/* The diff's lost sites, "file.c:LINE" (the file's base name), sorted:
   from its lines "PATH:LINE:COL: 'descend' in 'CALLER': no longer
   inlined...".  */
static char **
lost_lines (const char *out, size_t *n)
{
  char **v = calloc (strlen (out) + 1, sizeof *v);
  *n = 0;
  for (const char *line = out; *line; line = strchr (line, '\n') + 1)
    {
      const char *end = strchr (line, '\n');
      ck_assert (end);
      char *text = strndup (line, end - line);
      if (strstr (text, ": no longer inlined"))
	{
	  const char *base = strrchr (text, '/');
	  base = base ? base + 1 : text;
	  char file[256];
	  int number;
	  ck_assert_msg (sscanf (base, "%255[^:]:%d:", file, &number) == 2,
			 "%s", text);
	  v[(*n)++] = strdup (harness_fmt ("%s:%d", file, number));
	}
      free (text);
    }
  qsort (v, *n, sizeof *v, compare_text);
  return v;
}

START_TEST (test_refactor_shape)
{
  const struct shape *s = &shapes[_i];
  const char *tool = getenv ("HOTINLINE_SUMMARY");
  ck_assert_msg (tool, "HOTINLINE_SUMMARY not set");
  const char *old = harness_fmt ("%s/old", harness_tmpdir ());
  const char *new_ = harness_fmt ("%s/new", harness_tmpdir ());
  build_tree (old, &s->old);
  build_tree (new_, &s->new_);
  size_t n_old, n_new, n_lost;
  call_lines (old, &s->old, &n_old);
  ck_assert_msg (n_old == 0, "%s: OLD calls descend: not the shape to test",
		 s->what);
  char **expected = call_lines (new_, &s->new_, &n_new);
  struct run r = harness_sh (harness_fmt ("%s --diff %s/results %s/results",
					  tool, old, new_));
  ck_assert_msg (r.status == (n_new ? 1 : 0), "%s: exit %d:\n%s%s",
		 s->what, r.status, r.out, r.err);
  char **lost = lost_lines (r.out, &n_lost);
  bool same = n_lost == n_new;
  for (size_t i = 0; same && i < n_new; i++)
    same = strcmp (lost[i], expected[i]) == 0;
  char *want = strdup ("");
  for (size_t i = 0; i < n_new; i++)
    {
      char *more = strdup (harness_fmt ("%s %s", want, expected[i]));
      free (want);
      want = more;
    }
  ck_assert_msg (same, "%s: the diff lists %zu lost sites, the object code "
		 "has calls at %zu lines (%s):\n%s", s->what, n_lost, n_new,
		 want, r.out);
  /* Nothing else: no unit seen as gone, no new call invented.  */
  ck_assert_msg (!strstr (r.out, "a new hot call") && !strstr (r.out,
							       "note: "),
		 "%s:\n%s", s->what, r.out);
  ck_assert_msg (strstr (r.out, harness_fmt ("%zu hot call site%s went from "
					     "inlined to declined\n", n_new,
					     n_new == 1 ? "" : "s")),
		 "%s:\n%s", s->what, r.out);
  if (strstr (s->what, "moves to another unit") && n_new)
    ck_assert_msg (strstr (r.out, "  inlined in OLD at a.c:"),
		   "%s: the moved caller's old place:\n%s", s->what, r.out);
  if (strstr (s->what, "renamed") && n_new)
    ck_assert_msg (strstr (r.out, "'descend' in 'load_node': no longer "
			   "inlined")
		   && strstr (r.out, " in 'load', renamed since\n"),
		   "%s: the renamed caller:\n%s", s->what, r.out);
  free (want);
}
END_TEST

/* Without -g: GCC keeps every call's line, and so does Clang, where the
   plugin places the calls to hot functions itself
   (plugin/llvm/call-places.cpp): the diff names each caller that lost a
   call (the callers are objdump's) with its line.  */
START_TEST (test_losses_without_line_tables)
{
  const char *tool = getenv ("HOTINLINE_SUMMARY");
  ck_assert_msg (tool, "HOTINLINE_SUMMARY not set");
  debug_info = "-g0";
  const char *old = harness_fmt ("%s/old", harness_tmpdir ());
  const char *new_ = harness_fmt ("%s/new", harness_tmpdir ());
  build_tree (old, &shapes[0].old);
  build_tree (new_, &shapes[0].new_);
  size_t n;
  char **callers = harness_callers (harness_fmt ("%s/unit.o", new_),
				    "descend", &n);
  ck_assert_msg (n == 2, "%zu callers of descend in NEW", n);
  struct run r = harness_sh (harness_fmt ("%s --diff %s/results %s/results",
					  tool, old, new_));
  ck_assert_msg (r.status == 1, "%s%s", r.out, r.err);
  for (size_t i = 0; i < n; i++)
    {
      const char *at = harness_fmt ("'descend' in '%s': no longer inlined",
				    callers[i]);
      ck_assert_msg (strstr (r.out, at), "no '%s' in:\n%s", at, r.out);
    }
}
END_TEST

/* The fingerprints of a build's findings in SARIF, sorted, one a line.  */
static char *
fingerprints (const char *sarif)
{
  struct run r = harness_sh (harness_fmt ("grep -o '\"hotinlineCallSite/v1\":"
					  " \"[0-9a-f]*\"' %s | sort", sarif));
  ck_assert_msg (r.status == 0 && r.out[0], "no fingerprints in %s", sarif);
  return strdup (r.out);
}

/* Every hot call of a build declined, then ten lines moved in above: the
   findings' fingerprints do not change, their lines do; GitHub and GitLab
   see the same findings, not new ones.  */
START_TEST (test_fingerprints_survive_moved_code)
{
  const char *tool = getenv ("HOTINLINE_SUMMARY");
  ck_assert_msg (tool, "HOTINLINE_SUMMARY not set");
  static const struct tree before
    = { { "unit.c" }, { PRELUDE GROWN LOAD FIND } };
  static const struct tree after
    = { { "unit.c" }, { TEN_LINES PRELUDE GROWN LOAD FIND } };
  const char *a = harness_fmt ("%s/a", harness_tmpdir ());
  const char *b = harness_fmt ("%s/b", harness_tmpdir ());
  build_tree (a, &before);
  build_tree (b, &after);
  size_t n;
  call_lines (a, &before, &n);
  ck_assert_msg (n > 0, "descend is inlined everywhere: nothing to find");
  for (int i = 0; i < 2; i++)
    {
      const char *dir = i ? b : a;
      struct run r = harness_sh (harness_fmt ("cd %s && %s --sarif s.sarif "
					      "--codequality cq.json results",
					      dir, tool));
      ck_assert_msg (r.status == 0, "%s", r.err);
    }
  char *fa = fingerprints (harness_fmt ("%s/s.sarif", a));
  char *fb = fingerprints (harness_fmt ("%s/s.sarif", b));
  ck_assert_msg (strcmp (fa, fb) == 0, "fingerprints changed:\n%s---\n%s",
		 fa, fb);
  /* The lines did move: the findings are at other places.  */
  struct run r = harness_sh (harness_fmt ("grep '\"begin\"' %s/cq.json | "
					  "sort | uniq; echo ---; grep "
					  "'\"begin\"' %s/cq.json | sort | uniq",
					  a, b));
  const char *sep = strstr (r.out, "---\n");
  ck_assert (sep);
  ck_assert_msg (strncmp (r.out, sep + 4, sep - r.out) != 0,
		 "the lines did not move:\n%s", r.out);
  free (fa);
  free (fb);
}
END_TEST

/* A loss, the same diff's findings merged with another commit's, GitHub's
   limit of results, a lock that accepts the loss, bad input.  */
START_TEST (test_review_outputs)
{
  const char *tool = getenv ("HOTINLINE_SUMMARY");
  ck_assert_msg (tool, "HOTINLINE_SUMMARY not set");
  const char *dir = harness_tmpdir ();
  const char *old = harness_fmt ("%s/old", dir);
  const char *new_ = harness_fmt ("%s/new", dir);
  build_tree (old, &shapes[0].old);
  build_tree (new_, &shapes[0].new_);
  size_t n;
  call_lines (new_, &shapes[0].new_, &n);
  ck_assert_msg (n == 3, "descend is called at %zu lines, not 3", n);

  /* One diff as commit c1, one as c2 (the same builds), merged.  */
  for (int c = 1; c <= 2; c++)
    {
      struct run r = harness_sh (harness_fmt ("cd %s && %s --diff old/results "
					      "new/results --commit c%d "
					      "--findings f%d.json --sarif "
					      "d%d.sarif --codequality "
					      "d%d.json --source-root new",
					      dir, tool, c, c, c, c));
      ck_assert_msg (r.status == 1, "%s%s", r.out, r.err);
    }
  harness_assert_valid_sarif (harness_fmt ("%s/d1.sarif", dir));
  const char *d1 = harness_read (harness_fmt ("%s/d1.sarif", dir), NULL);
  ck_assert_msg (strstr (d1, "\"ruleId\": \"hotinline/lost-inline\"")
		 && strstr (d1, "\"level\": \"error\"")
		 && strstr (d1, "\"uri\": \"unit.c\"")
		 && strstr (d1, "\"commit\": \"c1\"")
		 && strstr (d1, "inlined here in the base build")
		 && strstr (d1, "no longer inlined into 'load' in commit c1"),
		 "%s", d1);
  const char *cq = harness_read (harness_fmt ("%s/d1.json", dir), NULL);
  ck_assert_msg (strstr (cq, "\"check_name\": \"hotinline/lost-inline\"")
		 && strstr (cq, "\"severity\": \"critical\"")
		 && strstr (cq, "\"path\": \"unit.c\"")
		 && strstr (cq, "\"begin\": "), "%s", cq);
  struct run r = harness_sh (harness_fmt ("cd %s && %s --merge f1.json "
					  "f2.json --sarif m.sarif "
					  "--source-root new && grep -c "
					  "'\"ruleId\"' m.sarif", dir, tool));
  ck_assert_msg (r.status == 0 && atoi (r.out) == 6, "%s%s", r.out, r.err);
  harness_assert_valid_sarif (harness_fmt ("%s/m.sarif", dir));

  /* Past the limit: the most severe kept, the rest counted, still valid.  */
  r = harness_sh (harness_fmt ("cd %s && %s --merge f1.json f2.json "
			       "--sarif cut.sarif --max-results 4 && grep -c "
			       "'\"ruleId\"' cut.sarif && grep -o '2 results "
			       "left out[^\"]*' cut.sarif", dir, tool));
  ck_assert_msg (r.status == 0 && atoi (r.out) == 4
		 && strstr (r.out, "2 results left out: a run holds at most "
			    "4"), "%s%s", r.out, r.err);
  harness_assert_valid_sarif (harness_fmt ("%s/cut.sarif", dir));

  /* The lock as the commit left it: descend pinned in find, kept a call
     in load (a report entry): load's loss is accepted, find's is not.  */
  const char *lock = harness_write ("lock.yaml", "version: 1\nfunctions:\n"
				    "- {name: descend, callers: find, "
				    "action: always_inline}\n"
				    "- {name: descend, callers: load, "
				    "action: report, reason: \"cold since\"}\n");
  r = harness_sh (harness_fmt ("%s --diff %s/results %s/results "
			       "--accept-lock %s --sarif %s/l.sarif", tool,
			       old, new_, lock, dir));
  ck_assert_msg (r.status == 1
		 && strstr (r.out, "'descend' in 'load': no longer inlined "
			    "(accepted: the lock ")
		 && strstr (r.out, "keeps it a call: cold since)")
		 && strstr (r.out, "'descend' in 'find': no longer inlined: ")
		 && strstr (r.out, "3 hot call sites went from inlined to "
			    "declined, 1 accepted\n"), "%s%s", r.out, r.err);
  const char *l = harness_read (harness_fmt ("%s/l.sarif", dir), NULL);
  ck_assert_msg (strstr (l, "\"suppressions\"")
		 && strstr (l, "\"justification\": \"the lock "), "%s", l);
  harness_assert_valid_sarif (harness_fmt ("%s/l.sarif", dir));

  /* The commit deleted load's entry from a lock that pinned both: with
     the lock before it, load's loss is accepted; without it, a call the
     lock does not mention is not.  */
  const char *before = harness_write ("before.yaml", "version: 1\n"
				      "functions:\n- {name: descend, callers:"
				      " find, action: always_inline}\n- {name:"
				      " descend, callers: load, action: "
				      "always_inline}\n");
  const char *after = harness_write ("after.yaml", "version: 1\n"
				     "functions:\n- {name: descend, callers:"
				     " find, action: always_inline}\n");
  r = harness_sh (harness_fmt ("%s --diff %s/results %s/results "
			       "--accept-lock %s --accept-lock-before %s",
			       tool, old, new_, after, before));
  ck_assert_msg (r.status == 1
		 && strstr (r.out, "'descend' in 'load': no longer inlined "
			    "(accepted: the lock ")
		 && strstr (r.out, "no longer pins it)")
		 && strstr (r.out, "1 accepted\n"), "%s%s", r.out, r.err);
  r = harness_sh (harness_fmt ("%s --diff %s/results %s/results "
			       "--accept-lock %s", tool, old, new_, after));
  ck_assert_msg (r.status == 1 && !strstr (r.out, "accepted"), "%s%s",
		 r.out, r.err);

  /* A build system's probe of the compiler (Kbuild's cc-option: -c -x c
     /dev/null -o .tmp_PID/tmp), in NEW only and with no hot call: no
     unit to speak of.  */
  r = harness_sh (harness_fmt ("cd %s && cp -r new/results probe && "
			       "mkdir -p .tmp_1 && %s -c -x c /dev/null "
			       "-o .tmp_1/tmp && ls probe | wc -l", dir,
			       harness_fmt ("%s -fplugin-arg-hotinline-results"
					    "=%s/probe",
					    compiler_command (new_), dir)));
  ck_assert_msg (r.status == 0 && atoi (r.out) == 2, "%s%s", r.out, r.err);
  r = harness_sh (harness_fmt ("cd %s && %s --diff old/results probe", dir,
			       tool));
  ck_assert_msg (r.status == 1 && !strstr (r.out, "note:"), "%s%s", r.out,
		 r.err);

  /* Every loss accepted by trailers: exit 0.  */
  r = harness_sh (harness_fmt ("%s --diff %s/results %s/results --accept "
			       "'desc* -> load: grew on purpose' --accept "
			       "'descend -> f?nd: the same'", tool, old, new_));
  ck_assert_msg (r.status == 0 && strstr (r.out, "3 accepted\n"), "%s%s",
		 r.out, r.err);

  /* Bad input: a clear error, exit 2.  */
  static const struct
  {
    const char *args, *error;
  } bad[] = {
    { "--diff old/results new/results --accept 'descend: no arrow'",
      "--accept wants 'CALLEE -> CALLER: REASON'" },
    { "--merge d1.json --sarif x.sarif", "d1.json: not a findings file" },
    { "--merge f1.json", "--merge writes --sarif FILE or --codequality" },
    { "--commit x new/results", "--commit, --accept, --accept-lock, "
      "--not-compared and --allow-empty go with --diff" },
    { "--diff old/results new/results --accept-lock hot-missing.yaml",
      "hot-missing.yaml" },
    { "--diff old/results new/results --accept-lock-before lock.yaml",
      "--accept-lock-before goes with --accept-lock" },
    { "--merge f1.json --sarif x.sarif --max-results 0",
      "--max-results wants a number above 0" },
  };
  for (size_t i = 0; i < sizeof bad / sizeof *bad; i++)
    {
      r = harness_sh (harness_fmt ("cd %s && %s %s", dir, tool, bad[i].args));
      ck_assert_msg (r.status == 2 && strstr (r.err, bad[i].error),
		     "%s: exit %d: %s", bad[i].args, r.status, r.err);
    }
}
END_TEST

Suite *
diff_suite (void)
{
  Suite *s = runner_suite ("Diff by call identity");
  if (harness_skip_on_cross ("Diff by call identity", "hotinline-summary "
			     "is a host program, the same for every target; "
			     "the host's GCCs and every Clang run it"))
    return s;
  TCase *tc = runner_tcase ("Refactor shapes");
  tcase_set_timeout (tc, E2E_TIMEOUT);
  tcase_add_loop_test (tc, test_refactor_shape, 0,
		       sizeof shapes / sizeof *shapes);
  tcase_add_test (tc, test_fingerprints_survive_moved_code);
  tcase_add_test (tc, test_review_outputs);
  tcase_add_test (tc, test_losses_without_line_tables);
  runner_add_tcase (s, tc);
  return s;
}
