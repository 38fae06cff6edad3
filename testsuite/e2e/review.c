/* hotinline-check (tools/hotinline-check.sh) and the CI examples of
   examples/ci, on a fixture git repository made here: three units built
   by a small Makefile, a report policy, and a series of commits, each the
   shape of a real change:

     base     step, a small static hot function of a.c defined above its
              callers (walk, find: 3 calls); hstep, a static inline hot
              function of hot.h (b.c, c.c); mix, a hot function of c.c
     grow     step grows past the inliner's limit: its callers' lines
              move, and the calls are left (the issue's own refactor)
     move     a comment of ten lines above step: only lines move
     caller   hash_two moves from b.c to c.c, its calls inlined in both
     header   hstep, in the header, grows past the limit
     trailer  mix is made noinline, with a Hot-Inline-Dropped trailer
     broken   b.c no longer compiles
     relock   (a branch off header) mix noinline, and the lock changed
     hbroken  (a branch off header) hot.h no longer compiles
     readme   (a branch off base) a README: no unit rebuilt

   What each commit lost is read from the object code, built here from the
   commit's tree by the compiler alone, not from the plugin: the report
   must name those calls, each at its line, and no other.  The same on
   GCC and Clang.  */
#define _GNU_SOURCE
#include <check.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "e2e/suites.h"
#include "harness/harness.h"

static const char *
tool (const char *var)
{
  const char *path = getenv (var);
  ck_assert_msg (path && *path, "%s not set (run by make check)", var);
  return path;
}

/* Every command: git without the user's configuration, make without the
   testsuite's job server.  */
static const char *
env (void)
{
  return harness_fmt ("export GIT_CONFIG_NOSYSTEM=1 GIT_CONFIG_GLOBAL=/dev/null"
		      " HOTINLINE_SUMMARY='%s' HOTINLINE_CHECK='%s'; "
		      "unset MAKEFLAGS MFLAGS MAKELEVEL; ",
		      tool ("HOTINLINE_SUMMARY"), tool ("HOTINLINE_CHECK"));
}

/* Run CMD in DIR; it must succeed.  Its output.  */
static char *
sh_ok (const char *dir, const char *cmd)
{
  struct run r = harness_sh (harness_fmt ("%scd '%s' && %s", env (), dir,
					  cmd));
  ck_assert_msg (r.status == 0, "%s: status %d\n%.3000s\n%.3000s", cmd,
		 r.status, r.out, r.err);
  return r.out;
}

static struct run
sh_in (const char *dir, const char *cmd)
{
  return harness_sh (harness_fmt ("%scd '%s' && %s", env (), dir, cmd));
}

static char *
chomp (char *s)
{
  s[strcspn (s, "\n")] = '\0';
  return s;
}

/* The fixture.  */

static const char makefile[] =
  "CC = cc\n"
  "CFLAGS = -O2 -g\n"
  "OBJS = a.o b.o c.o\n"
  "all: $(OBJS)\n"
  "%.o: %.c\n"
  "\t$(CC) $(CFLAGS) -MMD -MP -c $< -o $@\n"
  "-include $(OBJS:.o=.d)\n";

static const char policy[] =
  "version: 1\n"
  "functions:\n"
  "  - {name: step, action: report, reason: \"the walk's step\"}\n"
  "  - {name: hstep, action: report, reason: \"the hash's step\"}\n"
  "  - {name: mix, action: report}\n";

/* A lock as hotinline-summary --lock writes one (the build does not use
   it: a commit changing it accepts what it no longer pins).  */
static const char lock_pinned[] =
  "version: 1\n"
  "functions:\n"
  "- {name: \"mix\", callers: \"run\", action: always_inline, reason: "
  "\"locked: inlined into 'run' (2 calls)\"}\n";
static const char lock_unpinned[] =
  "version: 1\n"
  "functions:\n"
  "- {name: \"mix\", callers: \"run\", action: report, severity: note, "
  "reason: \"mix stays out of line for the profiler\"}\n";

/* A step that GCC (past --param max-inline-insns-auto, and -single when
   declared inline) and Clang (past its threshold) both leave a call.  */
static const char grown_body[] =
  "  h ^= x + 0x9e3779b9u + (h << 1) + (h >> 2);\n"
  "  x = (x ^ (x >> 3)) * 0x85ebca6bu;\n"
  "  h ^= x + 0x3c6ef372u + (h << 2) + (h >> 3);\n"
  "  x = (x ^ (x >> 4)) * 0x870f0fd2u;\n"
  "  h ^= x + 0xdaa66d2bu + (h << 3) + (h >> 4);\n"
  "  x = (x ^ (x >> 5)) * 0x88325539u;\n"
  "  h ^= x + 0x78dde6e4u + (h << 4) + (h >> 5);\n"
  "  x = (x ^ (x >> 6)) * 0x89559aa0u;\n"
  "  h ^= x + 0x1715609du + (h << 5) + (h >> 6);\n"
  "  x = (x ^ (x >> 7)) * 0x8a78e007u;\n"
  "  h ^= x + 0xb54cda56u + (h << 6) + (h >> 2);\n"
  "  x = (x ^ (x >> 8)) * 0x8b9c256eu;\n"
  "  h ^= x + 0x5384540fu + (h << 7) + (h >> 3);\n"
  "  x = (x ^ (x >> 9)) * 0x8cbf6ad5u;\n"
  "  h ^= x + 0xf1bbcdc8u + (h << 1) + (h >> 4);\n"
  "  x = (x ^ (x >> 10)) * 0x8de2b03cu;\n"
  "  h ^= x + 0x8ff34781u + (h << 2) + (h >> 5);\n"
  "  x = (x ^ (x >> 11)) * 0x8f05f5a3u;\n"
  "  h ^= x + 0x2e2ac13au + (h << 3) + (h >> 6);\n"
  "  x = (x ^ (x >> 3)) * 0x90293b0au;\n"
  "  h ^= x + 0xcc623af3u + (h << 4) + (h >> 2);\n"
  "  x = (x ^ (x >> 4)) * 0x914c8071u;\n"
  "  h ^= x + 0x6a99b4acu + (h << 5) + (h >> 3);\n"
  "  x = (x ^ (x >> 5)) * 0x926fc5d8u;\n"
  "  h ^= x + 0x08d12e65u + (h << 6) + (h >> 4);\n"
  "  x = (x ^ (x >> 6)) * 0x93930b3fu;\n"
  "  h ^= x + 0xa708a81eu + (h << 7) + (h >> 5);\n"
  "  x = (x ^ (x >> 7)) * 0x94b650a6u;\n"
  "  h ^= x + 0x454021d7u + (h << 1) + (h >> 6);\n"
  "  x = (x ^ (x >> 8)) * 0x95d9960du;\n"
  "  h ^= x + 0xe3779b90u + (h << 2) + (h >> 2);\n"
  "  x = (x ^ (x >> 9)) * 0x96fcdb74u;\n"
  "  return h ^ x;\n";

static const char ten_lines[] =
  "/* The walk's step mixes one word into the hash.  It is the hot path\n"
  "   of every lookup: walk calls it once per word, find twice per\n"
  "   probe.  Keep it small enough for the inliner, or say why not in\n"
  "   the commit that grows it:\n"
  "\n"
  "     Hot-Inline-Dropped: step -> walk: REASON\n"
  "\n"
  "   The policy that names it is hot.yaml; the lock, hot.lock.yaml,\n"
  "   pins where a good build inlined it.  */\n"
  "\n";

/* a.c: COMMENT above step, whose body is BODY.  */
static const char *
a_c (const char *comment, const char *body)
{
  return harness_fmt ("/* a.c: the walk.  */\n"
		      "%s"
		      "static unsigned step (unsigned h, unsigned x)\n"
		      "{\n"
		      "%s"
		      "}\n"
		      "\n"
		      "unsigned walk (const unsigned *v, unsigned n)\n"
		      "{\n"
		      "  unsigned h = 0;\n"
		      "  for (unsigned i = 0; i < n; i++)\n"
		      "    h = step (h, v[i]);\n"
		      "  return h;\n"
		      "}\n"
		      "\n"
		      "unsigned find (unsigned h, unsigned x)\n"
		      "{\n"
		      "  return step (h, x) + step (x, h);\n"
		      "}\n", comment, body);
}

static const char *
hot_h (const char *body)
{
  return harness_fmt ("static inline unsigned hstep (unsigned h, unsigned x)\n"
		      "{\n"
		      "%s"
		      "}\n", body);
}

static const char hash_two[] =
  "\n"
  "unsigned hash_two (unsigned h, unsigned x)\n"
  "{\n"
  "  return hstep (h, x) - hstep (x, h);\n"
  "}\n";

/* b.c, with hash_two or not; BROKEN: a statement without its ';'.  */
static const char *
b_c (bool with_hash_two, bool broken)
{
  return harness_fmt ("#include \"hot.h\"\n"
		      "\n"
		      "unsigned hash_one (unsigned h, unsigned x)\n"
		      "{\n"
		      "  return hstep (h, x)%s\n"
		      "}\n"
		      "\n"
		      "unsigned hash_pair (unsigned h, unsigned x, unsigned y)\n"
		      "{\n"
		      "  return hstep (h, x) ^ hstep (h, y);\n"
		      "}\n"
		      "%s", broken ? "" : ";", with_hash_two ? hash_two : "");
}

static const char *
c_c (bool with_hash_two, bool noinline)
{
  return harness_fmt ("#include \"hot.h\"\n"
		      "\n"
		      "%sstatic unsigned mix (unsigned a, unsigned b)\n"
		      "{\n"
		      "  return a * 3u + b;\n"
		      "}\n"
		      "\n"
		      "unsigned run (unsigned a, unsigned b)\n"
		      "{\n"
		      "  return mix (a, b) ^ mix (b, a);\n"
		      "}\n"
		      "\n"
		      "unsigned c_hash (unsigned h)\n"
		      "{\n"
		      "  return hstep (h, 1u);\n"
		      "}\n"
		      "%s", noinline ? "__attribute__ ((noinline)) " : "",
		      with_hash_two ? hash_two : "");
}

static const char trailer_reason[] = "kept out of line for the profiler";

static void
commit (const char *repo, const char *tag, const char *message)
{
  harness_write ("message", message);
  sh_ok (repo, harness_fmt ("git add -A && git commit -q -F ../message && "
			    "git tag %s", tag));
}

/* The fixture repository, its HEAD at broken (branch main).  */
static const char *
fixture (void)
{
  const char *repo = harness_fmt ("%s/repo", harness_tmpdir ());
  sh_ok (harness_tmpdir (), "mkdir repo && cd repo && git init -q -b main . "
	 "&& git config user.name 'A U Thor' "
	 "&& git config user.email author@example.org");
  const char *small_step = "  return (h ^ x) * 31u + 7u;\n";
  const char *small_hstep = "  return (h + x) * 17u;\n";
  harness_write ("repo/Makefile", makefile);
  harness_write ("repo/.gitignore", "*.o\n*.d\n");
  harness_write ("repo/hot.yaml", policy);
  harness_write ("repo/hot.lock.yaml", lock_pinned);
  harness_write ("repo/a.c", a_c ("", small_step));
  harness_write ("repo/hot.h", hot_h (small_hstep));
  harness_write ("repo/b.c", b_c (true, false));
  harness_write ("repo/c.c", c_c (false, false));
  commit (repo, "base", "the walk, the hash and the mix\n");
  harness_write ("repo/a.c", a_c ("", grown_body));
  commit (repo, "grow", "a: step hashes its input\n");
  harness_write ("repo/a.c", a_c (ten_lines, grown_body));
  commit (repo, "move", "a: a comment above step\n");
  harness_write ("repo/b.c", b_c (false, false));
  harness_write ("repo/c.c", c_c (true, false));
  commit (repo, "caller", "hash_two moves to c.c\n");
  harness_write ("repo/hot.h", hot_h (grown_body));
  commit (repo, "header", "hot.h: hstep hashes its input\n");
  harness_write ("repo/c.c", c_c (true, true));
  commit (repo, "trailer",
	  harness_fmt ("c: mix out of line, where the profiler sees it\n"
		       "\n"
		       "Hot-Inline-Dropped: mix -> run: %s\n", trailer_reason));
  harness_write ("repo/b.c", b_c (false, true));
  commit (repo, "broken", "b: a statement without its semicolon\n");
  /* The lock's way, on a branch.  */
  sh_ok (repo, "git checkout -q -b relock header");
  harness_write ("repo/c.c", c_c (true, true));
  harness_write ("repo/hot.lock.yaml", lock_unpinned);
  commit (repo, "relock", "c: mix out of line; the lock no longer pins it\n");
  sh_ok (repo, "git checkout -q -b hbroken header");
  harness_write ("repo/hot.h", hot_h ("  return h ^ x\n"));
  commit (repo, "hbroken", "hot.h: a statement without its semicolon\n");
  sh_ok (repo, "git checkout -q -b readme base");
  harness_write ("repo/README", "The walk, the hash and the mix.\n");
  commit (repo, "readme", "README\n");
  sh_ok (repo, "git checkout -q main");
  return repo;
}

static const char *
sha (const char *repo, const char *rev)
{
  return chomp (sh_ok (repo, harness_fmt ("git rev-parse %s", rev)));
}

/* The plugin on the compiler's command line.  */
static const char *
plugin_flags (void)
{
  const char *p = harness_plugin ();
  return harness_clang () ? harness_fmt ("-fplugin=%s -fpass-plugin=%s", p, p)
    : harness_fmt ("-fplugin=%s", p);
}

/* The build hotinline-check runs, through sh -c: the policy of the
   commit's own tree, results into $HOTINLINE_RESULTS; CC may be a
   compiler cache and the compiler.  */
static const char *
build_sh (const char *cc)
{
  return harness_fmt ("sh -c 'make \"CC=%s\" CFLAGS=\"-O2 -g %s "
		      "-fplugin-arg-hotinline-policy=$PWD/hot.yaml "
		      "-fplugin-arg-hotinline-results=$HOTINLINE_RESULTS\"'",
		      cc, plugin_flags ());
}

/* The same with @RESULTS@, no shell.  */
static const char *
build_words (void)
{
  return harness_fmt ("make CC=%s \"CFLAGS=-O2 -g %s "
		      "-fplugin-arg-hotinline-policy=hot.yaml "
		      "-fplugin-arg-hotinline-results=@RESULTS@\"",
		      harness_gcc (), plugin_flags ());
}

static struct run
check (const char *repo, const char *args)
{
  return sh_in (repo, harness_fmt ("'%s' %s", tool ("HOTINLINE_CHECK"),
				   args));
}

/* The objects of TARGETS built from the tree of TAG by the compiler
   alone (no plugin), in a directory of their own: its path.  */
static const char *
objects_at (const char *repo, const char *tag, const char *targets)
{
  const char *dir = harness_fmt ("%s/objects-%s", harness_tmpdir (), tag);
  sh_ok (repo, harness_fmt ("mkdir '%s' && git archive %s | tar -x -m -C '%s' "
			    "&& make -s -C '%s' CC=%s %s", dir, tag, dir, dir,
			    harness_gcc (), targets));
  return dir;
}

static int
calls (const char *dir, const char *obj, const char *callee)
{
  return harness_count_calls (harness_fmt ("%s/%s", dir, obj), callee);
}

/* The report's block for the commit TAG: its "commit" line up to the
   blank line that ends it.  */
static const char *
block (const char *repo, const char *out, const char *tag)
{
  const char *head = harness_fmt ("commit %.12s ", sha (repo, tag));
  const char *at = strstr (out, head);
  ck_assert_msg (at, "no '%s' (%s) in the report:\n%s", head, tag, out);
  const char *end = strstr (at, "\n\n");
  return harness_fmt ("%.*s\n", (int) (end ? end - at : (long) strlen (at)),
		      at);
}

/* How many times WHAT occurs in TEXT, as an int like the counts it is
   compared with.  */
static int
count (const char *text, const char *what)
{
  return (int) harness_occurrences (text, what);
}

/* Every call to CALLEE in OBJ (built with -g) is a loss of BLOCK at its
   line of SOURCE, and BLOCK has as many losses (ACCEPTED or not) as the
   object has calls more than in OLD_OBJ.  */
static void
assert_losses_are_the_calls (const char *block, const char *old_obj,
			     const char *obj, const char *callee,
			     const char *source, bool accepted)
{
  size_t n;
  char **sites = harness_call_sites (obj, callee, source, &n);
  for (size_t i = 0; i < n; i++)
    {
      const char *at = harness_fmt ("\n%s:", sites[i]);
      const char *line = strstr (block, at);
      ck_assert_msg (line, "the call of %s at %s is not in:\n%s", callee,
		     sites[i], block);
      line++;
      const char *eol = strchr (line, '\n');
      const char *want = harness_fmt ("'%s' in '", callee);
      const char *kind = accepted ? "no longer inlined (accepted: "
	: "no longer inlined: ";
      ck_assert_msg (strstr (line, want) && strstr (line, kind)
		     && strstr (line, want) < eol && strstr (line, kind) < eol,
		     "%s: not a%s loss of '%s':\n%s", sites[i],
		     accepted ? "n accepted" : "", callee, block);
      /* The compiler's reason ends the line.  */
      const char *reason = strstr (line, kind) + strlen (kind);
      if (accepted)
	reason = strstr (reason, "): ") ? strstr (reason, "): ") + 3 : eol;
      ck_assert_msg (reason < eol && eol - reason > 3, "%s: no reason:\n%s",
		     sites[i], block);
    }
  int more = harness_count_calls (obj, callee)
    - harness_count_calls (old_obj, callee);
  ck_assert_msg (more > 0, "%s: no call of %s more than in %s", obj, callee,
		 old_obj);
  (void) more;
}

/* SARIF.  */

static json_t *
load_json (const char *path)
{
  json_error_t e;
  json_t *j = json_load_file (path, 0, &e);
  ck_assert_msg (j, "%s:%d: %s", path, e.line, e.text);
  return j;
}

static const char *
str (json_t *o, const char *key)
{
  const char *s = json_string_value (json_object_get (o, key));
  return s ? s : "";
}

/* The SARIF log's results.  */
static json_t *
sarif_results (json_t *log)
{
  ck_assert_str_eq (str (log, "version"), "2.1.0");
  json_t *runs = json_object_get (log, "runs");
  ck_assert_uint_eq (json_array_size (runs), 1);
  json_t *results = json_object_get (json_array_get (runs, 0), "results");
  ck_assert_msg (json_is_array (results), "no results array");
  return results;
}

static const char *
fingerprint (json_t *result)
{
  const char *fp = json_string_value
    (json_object_get (json_object_get (result, "partialFingerprints"),
		      "hotinlineCallSite/v1"));
  ck_assert_msg (fp && *fp, "a result without its partialFingerprint");
  return fp;
}

static json_int_t
start_line (json_t *result)
{
  json_t *loc = json_array_get (json_object_get (result, "locations"), 0);
  return json_integer_value
    (json_object_get (json_object_get (json_object_get
				       (loc, "physicalLocation"), "region"),
		      "startLine"));
}

/* A GitLab Code Quality report with every field GitLab reads: its number
   of entries.  */
static size_t
assert_codequality (const char *path, const char *repo)
{
  json_t *cq = load_json (path);
  ck_assert_msg (json_is_array (cq), "%s: not an array", path);
  size_t i;
  json_t *e;
  json_array_foreach (cq, i, e)
    {
      ck_assert_msg (*str (e, "description"), "%s[%zu]: description", path,
		     i);
      ck_assert_msg (*str (e, "check_name"), "%s[%zu]: check_name", path, i);
      ck_assert_msg (*str (e, "fingerprint"), "%s[%zu]: fingerprint", path,
		     i);
      const char *sev = str (e, "severity");
      ck_assert_msg (strcmp (sev, "info") == 0 || strcmp (sev, "minor") == 0
		     || strcmp (sev, "major") == 0
		     || strcmp (sev, "critical") == 0
		     || strcmp (sev, "blocker") == 0,
		     "%s[%zu]: severity '%s'", path, i, sev);
      json_t *loc = json_object_get (e, "location");
      const char *file = str (loc, "path");
      ck_assert_msg (*file && *file != '/', "%s[%zu]: location.path '%s' "
		     "(relative to the repository)", path, i, file);
      ck_assert_msg (access (harness_fmt ("%s/%s", repo, file), F_OK) == 0,
		     "%s[%zu]: %s is not a file of the repository", path, i,
		     file);
      json_t *begin = json_object_get (json_object_get (loc, "lines"),
				       "begin");
      ck_assert_msg (json_is_integer (begin)
		     && json_integer_value (begin) >= 1,
		     "%s[%zu]: location.lines.begin", path, i);
      for (size_t k = 0; k < i; k++)
	ck_assert_msg (strcmp (str (json_array_get (cq, k), "fingerprint"),
			       str (e, "fingerprint")) != 0,
		       "%s: entries %zu and %zu share a fingerprint", path, k,
		       i);
    }
  size_t n = json_array_size (cq);
  json_decref (cq);
  return n;
}

/* The tests.  */

/* The whole series: the commits that lost a hot inline named, each loss
   at the call the object code has, the neutral commits clean, the
   trailer's loss accepted, the broken unit not compared with the
   compiler's first error; SARIF and Code Quality of it all; the user's
   tree as it was.  */
START_TEST (test_series_names_the_commits_that_lost)
{
  const char *repo = fixture ();
  const char *before = sh_ok (repo, "git status --porcelain=v1 "
			      "--untracked-files=all && git rev-parse HEAD && "
			      "git symbolic-ref HEAD && git worktree list "
			      "--porcelain && touch ../stamp");
  const char *dir = harness_tmpdir ();
  struct run r = check (repo, harness_fmt ("--sarif ../out.sarif "
					   "--codequality ../out.json "
					   "--report ../report.txt "
					   "base..broken -- %s",
					   build_sh (harness_gcc ())));
  fprintf (stderr, "hotinline-check base..broken with %s:\n%s",
	   harness_gcc (), r.out);
  ck_assert_msg (r.status == 1, "status %d\n%s\n%s", r.status, r.out, r.err);

  /* The user's tree: nothing written, HEAD and branch as they were, no
     worktree left.  */
  const char *after = sh_ok (repo, "git status --porcelain=v1 "
			     "--untracked-files=all && git rev-parse HEAD && "
			     "git symbolic-ref HEAD && git worktree list "
			     "--porcelain");
  ck_assert_str_eq (after, before);
  ck_assert_str_eq (sh_ok (repo, "find . -path ./.git -prune -o -newer "
			   "../stamp -print"), "");
  ck_assert_str_eq (sh_ok (repo, "ls -A .git/hotinline-check 2>/dev/null "
			   "|| true"), "");

  /* The report file is what was printed.  */
  char *report = harness_read (harness_fmt ("%s/report.txt", dir), NULL);
  ck_assert_ptr_nonnull (report);
  ck_assert_str_eq (report, r.out);

  /* grow: step's calls, left in the object code, each a loss.  */
  const char *base = objects_at (repo, "base", "a.o");
  const char *grow = objects_at (repo, "grow", "a.o");
  ck_assert_int_eq (calls (base, "a.o", "step"), 0);
  const char *b = block (repo, r.out, "grow");
  assert_losses_are_the_calls (b, harness_fmt ("%s/a.o", base),
			       harness_fmt ("%s/a.o", grow), "step", "a.c",
			       false);
  int lost_grow = calls (grow, "a.o", "step");
  ck_assert_msg (count (b, "no longer inlined: ") == lost_grow,
		 "%d calls in a.o, report:\n%s", lost_grow, b);
  ck_assert_msg (strstr (b, "'step' in 'walk'")
		 && strstr (b, "'step' in 'find'"), "%s", b);

  /* move and caller: nothing lost, nothing invented.  */
  b = block (repo, r.out, "move");
  ck_assert_msg (strstr (b, "\n0 hot call sites went from inlined to "
			 "declined\n") && !strstr (b, "no longer inlined"),
		 "%s", b);
  const char *caller = objects_at (repo, "caller", "b.o c.o");
  ck_assert_int_eq (calls (caller, "b.o", "hstep"), 0);
  ck_assert_int_eq (calls (caller, "c.o", "hstep"), 0);
  b = block (repo, r.out, "caller");
  ck_assert_msg (strstr (b, "\n0 hot call sites went from inlined to "
			 "declined\n") && !strstr (b, "no longer inlined"),
		 "%s", b);

  /* header: hstep's calls in both units that include it.  */
  const char *header = objects_at (repo, "header", "b.o c.o");
  b = block (repo, r.out, "header");
  assert_losses_are_the_calls (b, harness_fmt ("%s/b.o", caller),
			       harness_fmt ("%s/b.o", header), "hstep", "b.c",
			       false);
  assert_losses_are_the_calls (b, harness_fmt ("%s/c.o", caller),
			       harness_fmt ("%s/c.o", header), "hstep", "c.c",
			       false);
  int lost_header = calls (header, "b.o", "hstep")
    + calls (header, "c.o", "hstep");
  ck_assert_msg (count (b, "no longer inlined: ") == lost_header,
		 "%d calls in b.o and c.o, report:\n%s", lost_header, b);

  /* trailer: mix's calls, accepted with the trailer's reason.  */
  const char *trailer = objects_at (repo, "trailer", "c.o");
  b = block (repo, r.out, "trailer");
  assert_losses_are_the_calls (b, harness_fmt ("%s/c.o", header),
			       harness_fmt ("%s/c.o", trailer), "mix", "c.c",
			       true);
  int accepted = calls (trailer, "c.o", "mix");
  ck_assert_msg (count (b, harness_fmt ("(accepted: Hot-Inline-Dropped: %s)",
					trailer_reason)) == accepted
		 && count (b, "no longer inlined: ") == 0,
		 "%d calls of mix in c.o, report:\n%s", accepted, b);
  ck_assert_msg (strstr (b, harness_fmt ("%d accepted", accepted)), "%s", b);

  /* broken: b.c not compared, with the compiler's first error.  */
  struct run broken = sh_in (repo, harness_fmt ("mkdir ../broken && git "
						"archive broken | tar -x -m -C "
						"../broken && cd ../broken && "
						"make -s CC=%s b.o",
						harness_gcc ()));
  ck_assert_int_ne (broken.status, 0);
  struct diagnostics ds = harness_diagnostics (broken.err);
  const char *error = NULL;
  for (size_t i = 0; i < ds.n && !error; i++)
    if (strcmp (ds.d[i].kind, "error") == 0)
      error = harness_fmt ("%s:%u:%u: error: %s", ds.d[i].file,
			   ds.d[i].line, ds.d[i].column, ds.d[i].message);
  harness_diagnostics_free (&ds);
  ck_assert_msg (error, "no error from b.c:\n%s", broken.err);
  b = block (repo, r.out, "broken");
  ck_assert_msg (strstr (b, harness_fmt ("\nb.c: not compared: %s\n",
					 error)), "want 'b.c: not compared: "
		 "%s' in:\n%s", error, b);
  ck_assert_msg (!strstr (b, "no longer inlined"), "%s", b);

  /* The last line.  */
  ck_assert_msg (strstr (r.out, harness_fmt ("\n6 commits checked, 2 lost a "
					     "hot inline: %.12s %.12s, 1 with "
					     "accepted losses, 1 did not "
					     "build\n", sha (repo, "grow"),
					     sha (repo, "header"))), "%s",
		 r.out);

  /* SARIF: one result per loss and per unit not compared, each with its
     fingerprint and its commit; the accepted ones suppressed with the
     trailer's reason.  */
  const char *sarif = harness_fmt ("%s/out.sarif", dir);
  json_t *log = load_json (sarif);
  json_t *results = sarif_results (log);
  int lost = 0, suppressed = 0, not_compared = 0;
  size_t i;
  json_t *res;
  json_array_foreach (results, i, res)
    {
      fingerprint (res);
      char *text = json_dumps (res, 0);
      const char *rule = str (res, "ruleId");
      if (strcmp (rule, "hotinline/lost-inline") == 0)
	{
	  lost++;
	  const char *tag = strstr (text, "'step'") ? "grow"
	    : strstr (text, "'hstep'") ? "header" : "trailer";
	  ck_assert_msg (strstr (text, harness_fmt ("%.12s",
						    sha (repo, tag))),
			 "not labelled with its commit (%s): %s", tag, text);
	  json_t *sup = json_object_get (res, "suppressions");
	  if (json_array_size (sup))
	    {
	      suppressed++;
	      ck_assert_msg (strstr (str (json_array_get (sup, 0),
					  "justification"), trailer_reason),
			     "%s", text);
	    }
	}
      else if (strcmp (rule, "hotinline/not-compared") == 0)
	not_compared++;
      free (text);
    }
  ck_assert_int_eq (lost, lost_grow + lost_header + accepted);
  ck_assert_int_eq (suppressed, accepted);
  ck_assert_int_eq (not_compared, 1);
  json_decref (log);
  harness_assert_valid_sarif (sarif);

  /* Code Quality: the same findings.  */
  ck_assert_uint_eq (assert_codequality (harness_fmt ("%s/out.json", dir),
					 repo),
		     (size_t) (lost + not_compared));
}
END_TEST

/* A range whose only loss is accepted by its trailer exits 0; so does
   one whose only trouble is a unit that does not build.  The build
   command takes @RESULTS@, without a shell.  */
START_TEST (test_accepted_and_not_compared_alone_exit_0)
{
  const char *repo = fixture ();
  struct run r = check (repo, harness_fmt ("header..trailer -- %s",
					   build_words ()));
  ck_assert_msg (r.status == 0, "status %d\n%s\n%s", r.status, r.out, r.err);
  ck_assert_msg (strstr (r.out, harness_fmt ("(accepted: Hot-Inline-Dropped:"
					     " %s)", trailer_reason))
		 && strstr (r.out, "none lost a hot inline, 1 with accepted "
			    "losses"), "%s", r.out);
  r = check (repo, harness_fmt ("trailer..broken -- %s", build_words ()));
  ck_assert_msg (r.status == 0, "status %d\n%s\n%s", r.status, r.out, r.err);
  ck_assert_msg (strstr (r.out, "\nthe build failed: b.c:")
		 && strstr (r.out, "\nb.c: not compared: b.c:")
		 && strstr (r.out, "1 did not build"), "%s", r.out);
}
END_TEST

/* An error in a header: each unit that includes it is not compared, with
   its own first error, which names the header (make -k: every unit that
   failed, not only the first).  */
START_TEST (test_header_error_names_every_unit_that_failed)
{
  const char *repo = fixture ();
  struct run r = check (repo, harness_fmt ("header..hbroken -- make -k "
					   "CC=%s \"CFLAGS=-O2 -g %s "
					   "-fplugin-arg-hotinline-policy=hot.yaml "
					   "-fplugin-arg-hotinline-results="
					   "@RESULTS@\"", harness_gcc (),
					   plugin_flags ()));
  ck_assert_msg (r.status == 0, "status %d\n%s\n%s", r.status, r.out, r.err);
  const char *b = block (repo, r.out, "hbroken");
  ck_assert_msg (count (b, "not compared: ") == 2, "%s", b);
  for (const char *u = "b.c"; u; u = strcmp (u, "b.c") == 0 ? "c.c" : NULL)
    {
      const char *at = strstr (b, harness_fmt ("\n%s: not compared: ", u));
      ck_assert_msg (at, "%s is not in:\n%s", u, b);
      const char *line = harness_fmt ("%.*s", (int) strcspn (at + 1, "\n"),
				      at + 1);
      ck_assert_msg (strstr (line, "hot.h:") && strstr (line, ": error: "),
		     "%s", line);
    }
  ck_assert_msg (strstr (b, "2 units not compared"), "%s", b);
}
END_TEST

/* A commit that changes the lock accepts the losses the new lock no
   longer pins; without --lock the same range fails.  */
START_TEST (test_lock_change_accepts_the_loss)
{
  const char *repo = fixture ();
  struct run r = check (repo, harness_fmt ("--lock hot.lock.yaml "
					   "header..relock -- %s",
					   build_words ()));
  ck_assert_msg (r.status == 0, "status %d\n%s\n%s", r.status, r.out, r.err);
  const char *b = block (repo, r.out, "relock");
  const char *objs = objects_at (repo, "relock", "c.o");
  int n = calls (objs, "c.o", "mix");
  ck_assert_msg (n > 0 && count (b, "no longer inlined (accepted") == n
		 && count (b, "no longer inlined: ") == 0, "%d calls:\n%s", n,
		 b);
  r = check (repo, harness_fmt ("header..relock -- %s", build_words ()));
  ck_assert_msg (r.status == 1, "status %d\n%s\n%s", r.status, r.out, r.err);
  ck_assert_int_eq (count (r.out, "no longer inlined: "), n);
}
END_TEST

/* Moving code by ten lines changes no finding's identity: every
   partialFingerprint (and Code Quality fingerprint) of the build's
   declined calls is the same before and after, at lines ten further.
   Both builds in one directory, as CI builds a branch.  */
START_TEST (test_neutral_move_keeps_every_fingerprint)
{
  const char *repo = fixture ();
  const char *dir = harness_tmpdir ();
  const char *flags = harness_fmt ("CFLAGS=\"-O2 -g %s "
				   "-fplugin-arg-hotinline-policy=hot.yaml "
				   "-fplugin-arg-hotinline-results=%s/res\"",
				   plugin_flags (), dir);
  const char *summary = tool ("HOTINLINE_SUMMARY");
  sh_ok (repo, harness_fmt ("mkdir ../tree && git archive grow | tar -x -m -C "
			    "../tree && cd ../tree && make -s CC=%s %s && "
			    "%s --sarif ../before.sarif --codequality "
			    "../before.json ../res >/dev/null && "
			    "git -C ../repo archive move | tar -x -m -C . && "
			    "make -s CC=%s %s && %s --sarif ../after.sarif "
			    "--codequality ../after.json ../res >/dev/null",
			    harness_gcc (), flags, summary, harness_gcc (),
			    flags, summary));
  json_t *before = load_json (harness_fmt ("%s/before.sarif", dir));
  json_t *after = load_json (harness_fmt ("%s/after.sarif", dir));
  json_t *rb = sarif_results (before), *ra = sarif_results (after);
  const char *objs = objects_at (repo, "grow", "a.o");
  size_t n = (size_t) calls (objs, "a.o", "step");
  ck_assert_uint_eq (json_array_size (rb), n);
  ck_assert_uint_eq (json_array_size (ra), n);
  size_t i, k;
  json_t *x, *y;
  json_array_foreach (rb, i, x)
    {
      bool found = false;
      json_array_foreach (ra, k, y)
	if (strcmp (fingerprint (x), fingerprint (y)) == 0)
	  {
	    found = true;
	    ck_assert_int_eq (start_line (y), start_line (x) + 10);
	  }
      ck_assert_msg (found, "fingerprint %s (line %lld) changed",
		     fingerprint (x), (long long) start_line (x));
    }
  json_decref (before);
  json_decref (after);
  harness_assert_valid_sarif (harness_fmt ("%s/after.sarif", dir));
  json_t *cb = load_json (harness_fmt ("%s/before.json", dir));
  json_t *ca = load_json (harness_fmt ("%s/after.json", dir));
  ck_assert_uint_eq (json_array_size (cb), n);
  ck_assert_uint_eq (json_array_size (ca), n);
  json_array_foreach (cb, i, x)
    {
      bool found = false;
      json_array_foreach (ca, k, y)
	found |= strcmp (str (x, "fingerprint"), str (y, "fingerprint")) == 0;
      ck_assert_msg (found, "Code Quality fingerprint %s changed",
		     str (x, "fingerprint"));
    }
  json_decref (cb);
  json_decref (ca);
}
END_TEST

/* ccache in the build command: a cache hit runs no compiler and writes
   no results, so hotinline-check has ccache compile every unit
   (CCACHE_RECACHE).  The second run, in the same work directory, would
   find every object of BASE in the cache: it finds the same loss.  */
START_TEST (test_ccache_in_the_build)
{
  if (system ("command -v ccache >/dev/null 2>&1") != 0)
    {
      fprintf (stderr, "SKIP hotinline-check with ccache: no ccache\n");
      return;
    }
  const char *repo = fixture ();
  const char *cc = harness_fmt ("ccache %s", harness_gcc ());
  const char *args = harness_fmt ("--work ../w base..grow -- %s",
				  build_sh (cc));
  const char *cache = harness_fmt ("CCACHE_DIR='%s/ccache' ",
				   harness_tmpdir ());
  struct run first = sh_in (repo, harness_fmt ("%s'%s' %s", cache,
					       tool ("HOTINLINE_CHECK"),
					       args));
  struct run second = sh_in (repo, harness_fmt ("%s'%s' %s", cache,
						tool ("HOTINLINE_CHECK"),
						args));
  ck_assert_msg (first.status == 1, "%s\n%s", first.out, first.err);
  ck_assert_msg (second.status == 1, "%s\n%s", second.out, second.err);
  ck_assert_str_eq (second.out, first.out);
  const char *objs = objects_at (repo, "grow", "a.o");
  ck_assert_int_eq (count (first.out, "no longer inlined: "),
		    calls (objs, "a.o", "step"));
  /* Every compilation went through ccache, none was taken from it.  */
  const char *stats = sh_ok (repo, harness_fmt ("%sccache --print-stats",
						cache));
  ck_assert_msg (strstr (stats, "\nrecache\t8\n")
		 && strstr (stats, "\ndirect_cache_hit\t0\n")
		 && strstr (stats, "\npreprocessed_cache_hit\t0\n"),
		 "%s", stats);
}
END_TEST

/* --keep: the worktree and its objects stay, and the next run builds its
   BASE from where the last one ended.  */
START_TEST (test_keep_builds_on_from_the_last_run)
{
  const char *repo = fixture ();
  struct run r = check (repo, harness_fmt ("--keep --work ../w base..grow "
					   "-- %s", build_words ()));
  ck_assert_msg (r.status == 1, "%s\n%s", r.out, r.err);
  ck_assert_msg (strstr (sh_ok (repo, "git worktree list"), "/w/tree "),
		 "the worktree is not kept");
  /* BASE (grow) is what the tree has: nothing rebuilt for it.  */
  r = check (repo, harness_fmt ("--keep --work ../w grow..move -- %s",
				build_words ()));
  ck_assert_msg (r.status == 0, "%s\n%s", r.out, r.err);
  ck_assert_msg (strstr (r.out, "\n0 hot call sites went from inlined to "
			 "declined\n"), "%s", r.out);
  /* Back to base, then grow again: the loss again.  */
  r = check (repo, harness_fmt ("--work ../w base..grow -- %s",
				build_words ()));
  ck_assert_msg (r.status == 1, "%s\n%s", r.out, r.err);
  const char *objs = objects_at (repo, "grow", "a.o");
  ck_assert_int_eq (count (r.out, "no longer inlined: "),
		    calls (objs, "a.o", "step"));
  /* Without --keep, the last run took the worktree away.  */
  ck_assert_msg (!strstr (sh_ok (repo, "git worktree list"), "/w/tree "),
		 "the worktree is still there");
}
END_TEST

/* A commit that changes no source rebuilds no unit, and says so; with no
   findings at all the SARIF and Code Quality reports are still written,
   empty, for CI to upload.  */
START_TEST (test_nothing_rebuilt_still_writes_the_reports)
{
  const char *repo = fixture ();
  struct run r = check (repo, harness_fmt ("--sarif ../out.sarif "
					   "--codequality ../out.json "
					   "base..readme -- %s",
					   build_words ()));
  ck_assert_msg (r.status == 0, "status %d\n%s\n%s", r.status, r.out, r.err);
  const char *b = block (repo, r.out, "readme");
  ck_assert_msg (strstr (b, "\nno unit rebuilt\n"), "%s", b);
  const char *sarif = harness_fmt ("%s/out.sarif", harness_tmpdir ());
  json_t *log = load_json (sarif);
  ck_assert_uint_eq (json_array_size (sarif_results (log)), 0);
  json_decref (log);
  ck_assert_uint_eq (assert_codequality (harness_fmt ("%s/out.json",
						      harness_tmpdir ()),
					 repo), 0);
}
END_TEST

/* Errors: exit status 2 and a message.  */
START_TEST (test_errors_exit_2)
{
  const char *repo = fixture ();
  static const struct
  {
    const char *args, *message;
  } cases[] = {
    { "", "BASE..HEAD is missing" },
    { "base..grow", "'--' and the build command must follow" },
    { "base..grow --", "the build command is missing" },
    { "--frobnicate base..grow -- make", "unknown option '--frobnicate'" },
    { "base -- make", "give the range as BASE..HEAD" },
    { "nosuch..grow -- make", "'nosuch' is not a commit" },
    { "--sarif base..grow -- make", "BASE..HEAD is missing before --" },
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
    {
      struct run r = check (repo, cases[i].args);
      ck_assert_msg (r.status == 2 && strstr (r.err, cases[i].message),
		     "'%s': status %d, want '%s' in:\n%s", cases[i].args,
		     r.status, cases[i].message, r.err);
    }
  /* Outside a repository (git looks no higher than the test's
     directory).  */
  struct run r = sh_in (harness_tmpdir (),
			harness_fmt ("GIT_CEILING_DIRECTORIES=\"$(dirname "
				     "\"$PWD\")\" '%s' base..grow -- make",
				     tool ("HOTINLINE_CHECK")));
  ck_assert_msg (r.status == 2 && strstr (r.err, "not in a git work tree"),
		 "%d %s", r.status, r.err);
  /* A BASE that does not build: its error.  */
  r = check (repo, harness_fmt ("broken..broken -- %s", build_words ()));
  ck_assert_msg (r.status == 2 && strstr (r.err, "the build of broken")
		 && strstr (r.err, "failed: b.c:"), "%d %s", r.status, r.err);
  /* A build that writes no results.  */
  r = check (repo, harness_fmt ("base..grow -- make CC=%s", harness_gcc ()));
  ck_assert_msg (r.status == 2 && strstr (r.err, "wrote no results"),
		 "%d %s", r.status, r.err);
  ck_assert_str_eq (sh_ok (repo, "git worktree list --porcelain | grep -c "
			   "^worktree"), "1\n");
}
END_TEST

/* The CI examples: the build line of each workflow file, for this
   compiler (the compiler and the plugin's path replaced), and the very
   command lines they run, run on the fixture; and a patch series sent
   by mail, applied and checked by mail-series.sh.  */

/* The value of HOTINLINE_BUILD in the workflow FILE (a YAML block, plain
   or folded), with this compiler and plugin.  */
static const char *
example_build (const char *file)
{
  char *line = chomp (sh_ok (harness_tmpdir (), harness_fmt (
    "awk '/HOTINLINE_BUILD:/ { ind = match($0, /[^ ]/); on = 1; next }"
    " on { i = match($0, /[^ ]/); if (i && i <= ind) exit;"
    " t = $0; sub(/^ +/, \"\", t);"
    " if (t ~ /^#/ || t ~ /^(value: >-|expand:)/ || t == \"\") next;"
    " s = s (s ? \" \" : \"\") t }"
    " END { print s }' '%s'", harness_src (file))));
  const char *cc = "CC=gcc-12 ", *plugin = "-fplugin=hotinline ";
  char *at_cc = strstr (line, cc), *at_plugin = strstr (line, plugin);
  ck_assert_msg (at_cc && at_plugin && at_cc < at_plugin, "%s: %s", file,
		 line);
  *at_cc = *at_plugin = '\0';
  return harness_fmt ("%sCC=%s %s%s%s", line, harness_gcc (),
		      at_cc + strlen (cc), plugin_flags (),
		      at_plugin + strlen (plugin) - 1);
}

/* The line of FILE that runs check.sh, as the job's shell gets it.  */
static const char *
example_command (const char *file)
{
  char *line = chomp (sh_ok (harness_tmpdir (), harness_fmt (
    "grep -m 1 'sh examples/ci/check.sh' '%s' | sed -e 's/^ *//' "
    "-e 's/^- //'", harness_src (file))));
  ck_assert_msg (*line, "%s runs no examples/ci/check.sh", file);
  return line;
}

/* Replace every FROM in S with TO.  */
static const char *
replace (const char *s, const char *from, const char *to)
{
  const char *out = "";
  for (const char *at; (at = strstr (s, from)); s = at + strlen (from))
    out = harness_fmt ("%s%.*s%s", out, (int) (at - s), s, to);
  return harness_fmt ("%s%s", out, s);
}

/* check.sh's outputs in OUT, for a range of the whole series but the
   broken commit (head: trailer); its SARIF validated if VALIDATE (the
   validator takes a second: once for the two workflows' one script).  */
static void
assert_example_outputs (const char *repo, const char *out,
			const struct run *r, bool validate)
{
  ck_assert_msg (r->status == 1, "status %d\n%s\n%s", r->status, r->out,
		 r->err);
  const char *dir = harness_fmt ("%s/%s", repo, out);
  char *text = harness_read (harness_fmt ("%s/hotinline.txt", dir), NULL);
  ck_assert_ptr_nonnull (text);
  ck_assert_msg (strstr (text, harness_fmt ("commit %.12s a: step hashes "
					    "its input\n",
					    sha (repo, "grow")))
		 && strstr (text, "5 commits checked, 2 lost a hot inline"),
		 "%s", text);
  const char *sarif = harness_fmt ("%s/hotinline.sarif", dir);
  json_t *log = load_json (sarif);
  ck_assert_uint_gt (json_array_size (sarif_results (log)), 0);
  json_decref (log);
  if (validate)
    harness_assert_valid_sarif (sarif);
  ck_assert_uint_gt (assert_codequality
		     (harness_fmt ("%s/gl-code-quality-report.json", dir),
		      repo), 0);
}

START_TEST (test_ci_examples_run_on_the_fixture)
{
  const char *repo = fixture ();
  sh_ok (repo, harness_fmt ("mkdir -p examples/ci && cp '%s' '%s' "
			    "examples/ci/",
			    harness_src ("examples/ci/check.sh"),
			    harness_src ("examples/ci/mail-series.sh")));
  const char *gh = "examples/ci/github-hotinline.yml";
  const char *gl = "examples/ci/gitlab-ci.yml";
  const char *build = example_build (gh);
  ck_assert_str_eq (example_build (gl), build);
  const char *envs = harness_fmt ("HOTINLINE_BUILD='%s' ", build);
  const char *base = sha (repo, "base"), *head = sha (repo, "trailer");

  /* GitHub: the pull request's base and head.  */
  const char *cmd = example_command (gh);
  cmd = replace (cmd, "${{ github.event.pull_request.base.sha }}", base);
  cmd = replace (cmd, "${{ github.event.pull_request.head.sha }}", head);
  ck_assert_msg (!strstr (cmd, "${{"), "%s", cmd);
  struct run r = sh_in (repo, harness_fmt ("%sHOTINLINE_OUT=github %s", envs,
					   cmd));
  assert_example_outputs (repo, "github", &r, true);

  /* GitLab: the merge request's diff base and the commit.  */
  cmd = example_command (gl);
  r = sh_in (repo, harness_fmt ("export %sHOTINLINE_OUT=gitlab "
				"CI_MERGE_REQUEST_DIFF_BASE_SHA=%s "
				"CI_COMMIT_SHA=%s; %s", envs, base, head, cmd));
  assert_example_outputs (repo, "gitlab", &r, false);

  /* A patch series by mail, applied on base: the text report.  */
  sh_ok (repo, "git format-patch -q --stdout base..trailer > ../series.mbox");
  r = sh_in (repo, harness_fmt ("%sHOTINLINE_OUT=mail sh "
				"examples/ci/mail-series.sh ../series.mbox "
				"base", envs));
  ck_assert_msg (r.status == 1, "status %d\n%s\n%s", r.status, r.out, r.err);
  char *text = harness_read (harness_fmt ("%s/mail/hotinline.txt", repo),
			     NULL);
  ck_assert_ptr_nonnull (text);
  fprintf (stderr, "mail-series.sh with %s, mail/hotinline.txt:\n%s",
	   harness_gcc (), text);
  ck_assert_msg (strstr (r.out, "series: 5 patches on ")
		 && strstr (text, " a: step hashes its input\n")
		 && strstr (text, harness_fmt ("(accepted: Hot-Inline-Dropped: "
					       "%s)", trailer_reason))
		 && strstr (text, "5 commits checked, 2 lost a hot inline"),
		 "%s\n%s", r.out, text);
  /* The series' commits were made in a scratch worktree: the branch and
     the worktrees are as they were.  */
  ck_assert_str_eq (sh_ok (repo, "git worktree list --porcelain | grep -c "
			   "^worktree"), "1\n");
  ck_assert_str_eq (sha (repo, "HEAD"), sha (repo, "broken"));
}
END_TEST

Suite *
review_suite (void)
{
  Suite *s = runner_suite ("Review");
  if (harness_skip_on_cross ("Review", "hotinline-check and "
			     "hotinline-summary are host programs, the same "
			     "for every target; the host's GCCs and every "
			     "Clang run it"))
    return s;
  if (system ("command -v git >/dev/null 2>&1") != 0)
    {
      fprintf (stderr, "SKIP Review on %s: no git, which hotinline-check "
	       "and its fixture repository need\n", harness_gcc ());
      return s;
    }
  TCase *tc = runner_tcase ("A series, commit by commit");
  tcase_set_timeout (tc, E2E_TIMEOUT);
  tcase_add_test (tc, test_series_names_the_commits_that_lost);
  runner_add_tcase (s, tc);
  tc = runner_tcase ("Accepted, not compared, locked");
  tcase_set_timeout (tc, E2E_TIMEOUT);
  tcase_add_test (tc, test_accepted_and_not_compared_alone_exit_0);
  tcase_add_test (tc, test_lock_change_accepts_the_loss);
  tcase_add_test (tc, test_header_error_names_every_unit_that_failed);
  tcase_add_test (tc, test_neutral_move_keeps_every_fingerprint);
  runner_add_tcase (s, tc);
  tc = runner_tcase ("Caches, kept trees, errors");
  tcase_set_timeout (tc, E2E_TIMEOUT);
  tcase_add_test (tc, test_ccache_in_the_build);
  tcase_add_test (tc, test_keep_builds_on_from_the_last_run);
  tcase_add_test (tc, test_nothing_rebuilt_still_writes_the_reports);
  tcase_add_test (tc, test_errors_exit_2);
  runner_add_tcase (s, tc);
  tc = runner_tcase ("CI examples");
  tcase_set_timeout (tc, E2E_TIMEOUT);
  tcase_add_test (tc, test_ci_examples_run_on_the_fixture);
  runner_add_tcase (s, tc);
  return s;
}
