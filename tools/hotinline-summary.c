/* hotinline-summary: the results of a whole build in one view.

     hotinline-summary [--json] PATH...
	 PATH is a results directory (-fplugin-arg-hotinline-results=DIR)
	 or a results file.  Prints, per hot function, the call sites left
	 inlined and declined, GCC's reasons and the units; then the policy
	 entries that matched nothing anywhere (a stale policy).
     hotinline-summary --diff OLD NEW [--commit ID] [--accept TEXT]...
		       [--accept-lock LOCK [--accept-lock-before LOCK]]
		       [--not-compared TEXT]... [--allow-empty]
	 Lists the hot call sites that were inlined in OLD and are declined
	 in NEW, each call matched by identity, not by line
	 (summary-calls.h, summary-compare.c), and exits with status 1 when
	 any is not accepted: a regression guard for CI.
     hotinline-summary --audit [--json] WRITTEN DISREGARDED...
	 The audit of a tree's inline marks: per marked function, whether
	 the build needs it, the code needs it or it has no effect, from a
	 build as written (audit=) and one with the marks disregarded
	 (disregard=), per compiler, side by side (summary-audit.c).
     hotinline-summary --merge FINDINGS...
	 The findings files of several --diff runs (a series of commits)
	 as one report.
     --sarif FILE, --codequality FILE, --findings FILE
	 With a build, --diff or --merge: the findings for GitHub code
	 scanning, GitLab's Code Quality, or --merge (summary-export.c).
     hotinline-summary --html OUT [--source-dir OLD=NEW]... PATH...
     hotinline-summary --html OUT [--source-dir OLD=NEW]... --diff OLD NEW
	 Writes the same as a static HTML site into the directory OUT
	 (summary-html.c).
     hotinline-summary --lock FILE PATH...
     hotinline-summary --diff OLD NEW --lock FILE
	 Writes FILE, a lock: a policy pinning each hot call's inlining per
	 callee and caller (summary-lock.c); with --diff, only the calls
	 inlined in OLD and left in NEW, the diff printed as without it.

   The results are read one file at a time with jansson, checked and
   folded into the build's aggregates (summary-read.c, summary-sites.c);
   summary.h says how the parts are layered.  */
#define _GNU_SOURCE
#include <errno.h>
#include <getopt.h>
#include <jansson.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "policy.h"
#include "summary-audit.h"
#include "summary-calls.h"
#include "summary-compare.h"
#include "summary-export.h"
#include "summary-lock.h"
#include "summary-sites.h"
#include "version.h"

static const char usage_text[] =
  "usage: hotinline-summary [--json] PATH...\n"
  "       hotinline-summary --diff OLD NEW\n"
  "       hotinline-summary --html OUT [--source-dir OLD=NEW]... PATH...\n"
  "       hotinline-summary --html OUT [--source-dir OLD=NEW]... --diff OLD NEW\n"
  "       hotinline-summary --lock FILE PATH...\n"
  "       hotinline-summary --diff OLD NEW --lock FILE\n"
  "       hotinline-summary --merge FINDINGS...\n"
  "       hotinline-summary --audit [--json | --lock FILE | --html OUT]\n"
  "                         WRITTEN DISREGARDED...\n"
  "  PATH, OLD, NEW  results directories (-fplugin-arg-hotinline-results=DIR)"
  "\n                  or results files\n"
  "  --json          the summary as JSON\n"
  "  --diff OLD NEW  the hot call sites inlined in OLD and left in NEW,"
  "\n                  each call matched by file, caller, callee and order;"
  "\n                  exit status 1 when one is not accepted\n"
  "  --html OUT      write a static HTML site into the directory OUT\n"
  "  --lock FILE     write FILE (- for standard output), a lock: a policy\n"
  "                  that pins each hot function's inlining per caller,\n"
  "                  always_inline where every call was inlined, a report\n"
  "                  note where one was left; with --diff, the calls\n"
  "                  inlined in OLD and left in NEW, pinned back\n"
  "  --commit ID     with --diff: the commit NEW was built from, named in"
  "\n                  the findings\n"
  "  --accept 'CALLEE -> CALLER: REASON'\n"
  "                  with --diff: accept the loss of CALLEE's calls in\n"
  "                  CALLER (globs; a Hot-Inline-Dropped trailer's text)\n"
  "  --accept-lock LOCK\n"
  "                  with --diff: LOCK, a lock as of NEW, accepts the\n"
  "                  losses it keeps as calls (report entries)\n"
  "  --accept-lock-before LOCK\n"
  "                  the lock as of OLD: the losses it pinned always_inline\n"
  "                  and --accept-lock's no longer pins are accepted too\n"
  "  --not-compared 'UNIT: ERROR'\n"
  "                  with --diff: UNIT did not build in NEW (repeatable)\n"
  "  --findings FILE with --diff: write the findings, for --merge\n"
  "  --allow-empty   with --diff: OLD or NEW may be a directory without\n"
  "                  results, a build of no units\n"
  "  --audit WRITTEN DISREGARDED...\n"
  "                  the verdict on each inline mark of a tree, from a\n"
  "                  build as written (-fplugin-arg-hotinline-audit=M) and\n"
  "                  one without its marks (disregard=M, results=DIR); a\n"
  "                  pair per compiler, side by side\n"
  "  --merge FINDINGS...\n"
  "                  the findings files of several --diff runs as one\n"
  "  --sarif FILE    write the findings as SARIF 2.1.0 (GitHub code\n"
  "                  scanning): a build's declined calls, a diff's losses\n"
  "  --codequality FILE\n"
  "                  the same as a GitLab Code Quality report\n"
  "  --source-root DIR\n"
  "                  paths in SARIF and Code Quality relative to DIR\n"
  "                  (default: the current directory)\n"
  "  --max-results N at most N SARIF results (default 25000)\n"
  "  --source-dir OLD=NEW\n"
  "                  with --html: read the sources under NEW where the\n"
  "                  results say OLD (repeatable)\n"
  "  --help          this text\n"
  "  --version       the version\n";

/* For functions_by_weight: a function's weight and place in FNS.  */
struct weighed
{
  const char *name;
  long weight;
  size_t place;
};

static int
compare_weighed (const void *a, const void *b)
{
  const struct weighed *x = a, *y = b;
  if (x->weight != y->weight)
    return x->weight > y->weight ? -1 : 1;
  return x->place < y->place ? -1 : x->place > y->place;
}

/* The names of FNS (N of them, malloc'd), the heaviest first, those
   without a weight last, each in FNS's order among equals.  */
static const char **
functions_by_weight (json_t *fns, size_t *n)
{
  *n = json_object_size (fns);
  struct weighed *v = calloc (*n + 1, sizeof *v);
  const char **names = calloc (*n + 1, sizeof *names);
  if (!v || !names)
    abort ();
  size_t k = 0;
  const char *name;
  json_t *f;
  json_object_foreach (fns, name, f)
    {
      v[k] = (struct weighed) { name, results_weight (f), k };
      k++;
    }
  qsort (v, *n, sizeof *v, compare_weighed);
  for (size_t i = 0; i < *n; i++)
    names[i] = v[i].name;
  free (v);
  return names;
}

static int
summary (struct build *b, bool as_json)
{
  json_t *fns = b->functions;
  json_t *stale = stale_entries (b);
  if (as_json)
    {
      json_t *only = json_object ();
      size_t n_only;
      char **names = address_only (b, &n_only);
      for (size_t i = 0; i < n_only; i++)
	{
	  json_object_set (only, names[i],
			   json_object_get (b->address_only, names[i]));
	  free (names[i]);
	}
      free (names);
      json_t *out = json_pack ("{s:i, s:o, s:O, s:O, s:o}", "units",
			       (int) b->n_units, "compilers",
			       build_compiler_units (b), "functions",
			       fns, "stale_entries", stale, "address_only",
			       only);
      if (b->superseded)
	json_object_set_new (out, "fat_lto_left_out",
			     json_integer ((json_int_t) b->superseded));
      /* Weights are percentages with 4 decimals: 6 digits say them.  */
      json_dumpf (out, stdout, JSON_INDENT (2) | JSON_SORT_KEYS
			       | JSON_REAL_PRECISION (6));
      fputc ('\n', stdout);
      json_decref (out);
    }
  else
    {
      size_t n;
      const char **order = functions_by_weight (fns, &n);
      /* The weight column only when the policy gave weights: the table of
	 an unweighted build stays as it was.  */
      bool weighted = n && results_weight (json_object_get (fns, order[0]))
			   >= 0;
      bool mixed;
      char *compilers = build_compilers (b, &mixed);
      printf ("%zu units\n", b->n_units);
      if (compilers[0])
	printf ("%s %s\n", mixed ? "compilers (a mixed build):"
		: "compiler:", compilers);
      free (compilers);
      if (b->superseded)
	printf ("%zu -ffat-lto-objects compilation%s left out: the LTO "
		"link's results count their code\n", b->superseded,
		b->superseded == 1 ? "" : "s");
      printf ("%-32s %8s %8s %6s%s  %s\n", "hot function", "inlined",
	      "declined", "units", weighted ? "   weight" : "", "reasons");
      for (size_t i = 0; i < n; i++)
	{
	  const char *name = order[i];
	  json_t *f = json_object_get (fns, name);
	  char weight[POLICY_WEIGHT_TEXT_SIZE + 2] = "";
	  if (weighted)
	    strcpy (weight, " -");
	  if (weighted && results_weight (f) >= 0)
	    {
	      weight[0] = ' ';
	      policy_weight_text (results_weight (f), weight + 1);
	      strcat (weight, "%");
	    }
	  printf ("%-32s %8lld %8lld %6zu%*s ", name,
		  (long long) json_integer_value (json_object_get (f,
								   "inlined")),
		  (long long) json_integer_value (json_object_get (f,
								   "declined")),
		  (size_t) results_num (f, "units", 0), weighted ? 9 : 0,
		  weight);
	  const char *reason;
	  json_t *count;
	  const char *sep = " ";
	  json_object_foreach (json_object_get (f, "reasons"), reason, count)
	    {
	      printf ("%s%s (%lld)", sep, reason,
		      (long long) json_integer_value (count));
	      sep = "; ";
	    }
	  putchar ('\n');
	}
      free (order);
      size_t n_only;
      char **only = address_only (b, &n_only);
      if (n_only)
	printf ("hot functions only called by address (0 direct calls):\n");
      for (size_t i = 0; i < n_only; i++)
	{
	  json_t *f = json_object_get (b->address_only, only[i]);
	  char weight[POLICY_WEIGHT_TEXT_SIZE] = "";
	  if (results_weight (f) >= 0)
	    printf ("  %s (%s%%): address taken in ", only[i],
		    policy_weight_text (results_weight (f), weight));
	  else
	    printf ("  %s: address taken in ", only[i]);
	  size_t n_taken;
	  char **taken = sorted_keys (json_object_get (f, "taken"), &n_taken);
	  for (size_t k = 0; k < n_taken; k++)
	    {
	      printf ("%s%s", k ? "; " : "", taken[k]);
	      free (taken[k]);
	    }
	  free (taken);
	  putchar ('\n');
	  free (only[i]);
	}
      free (only);
      if (json_array_size (stale))
	printf ("policy entries that matched nothing in any unit:\n");
      for (size_t i = 0; i < json_array_size (stale); i++)
	printf ("  %s\n", json_string_value (json_array_get (stale, i)));
    }
  json_decref (stale);
  return 0;
}

/* The place of finding F as the diff prints it.  A call without a line
   (Clang without -g nor -gline-tables-only, once inlined code is
   involved) is named by its file, and the calls of its caller to its
   callee without lines are one.  */
static void
put_place (json_t *f)
{
  if (results_num (f, "line", 0) <= 0)
    printf ("%s: '%s' in '%s' (no line: compile with -g or "
	    "-gline-tables-only)", results_str (f, "file"),
	    results_str (f, "callee"), results_str (f, "caller"));
  else
    printf ("%s:%lld:%lld: '%s' in '%s'", results_str (f, "file"),
	    results_num (f, "line", 0), results_num (f, "column", 0),
	    results_str (f, "callee"), results_str (f, "caller"));
}

/* Print the findings of a comparison and its notes; the number of losses
   not accepted.  */
static int
print_diff (json_t *findings, json_t *notes)
{
  int lost = 0, accepted = 0, fresh = 0, failed = 0;
  for (size_t i = 0; i < json_array_size (notes); i++)
    printf ("note: %s\n", json_string_value (json_array_get (notes, i)));
  for (size_t i = 0; i < json_array_size (findings); i++)
    {
      json_t *f = json_array_get (findings, i);
      const char *kind = results_str (f, "kind");
      if (strcmp (kind, "not-compared") == 0)
	{
	  printf ("%s: not compared: %s\n", results_str (f, "file"),
		  results_str (f, "reason"));
	  failed++;
	  continue;
	}
      if (strcmp (kind, "new") == 0)
	{
	  fresh++;
	  continue;
	}
      put_place (f);
      if (json_object_get (f, "accepted"))
	{
	  printf (": no longer inlined (accepted: %s): %s\n",
		  results_str (f, "accepted"), results_str (f, "reason"));
	  accepted++;
	}
      else
	{
	  printf (": no longer inlined: %s\n", results_str (f, "reason"));
	  lost++;
	}
      if (json_object_get (f, "story"))
	printf ("  %s\n", results_str (f, "story"));
      json_t *old = json_object_get (f, "old");
      if (results_num (old, "line", 0) > 0
	  && (strcmp (results_str (old, "file"), results_str (f, "file"))
	      || results_num (old, "line", 0) != results_num (f, "line", 0)
	      || results_num (old, "column", 0)
		 != results_num (f, "column", 0)))
	printf ("  inlined in OLD at %s:%lld:%lld%s%s%s\n",
		results_str (old, "file"), results_num (old, "line", 0),
		results_num (old, "column", 0),
		json_object_get (f, "renamed_from") ? " in '" : "",
		json_object_get (f, "renamed_from")
		? results_str (f, "renamed_from") : "",
		json_object_get (f, "renamed_from") ? "', renamed since" : "");
      json_t *units = json_object_get (f, "units");
      if (json_array_size (units) > 1
	  || (json_array_size (units) == 1
	      && strcmp (json_string_value (json_array_get (units, 0)),
			 results_str (f, "file"))))
	{
	  printf ("  in %zu unit%s:", json_array_size (units),
		  json_array_size (units) == 1 ? "" : "s");
	  for (size_t k = 0; k < json_array_size (units) && k < 8; k++)
	    printf (" %s", json_string_value (json_array_get (units, k)));
	  puts (json_array_size (units) > 8 ? " ..." : "");
	}
    }
  /* The new calls declined, after the losses: the compiler warned of
     each where it compiled it.  */
  for (size_t i = 0; i < json_array_size (findings); i++)
    {
      json_t *f = json_array_get (findings, i);
      if (strcmp (results_str (f, "kind"), "new"))
	continue;
      put_place (f);
      printf (": a new hot call, not inlined: %s\n",
	      results_str (f, "reason"));
    }
  printf ("%d hot call site%s went from inlined to declined", lost
	  + accepted, lost + accepted == 1 ? "" : "s");
  if (accepted)
    printf (", %d accepted", accepted);
  if (fresh)
    printf (", %d new hot call site%s declined", fresh, fresh == 1 ? ""
	    : "s");
  if (failed)
    printf (", %d unit%s not compared", failed, failed == 1 ? "" : "s");
  putchar ('\n');
  return lost;
}

/* The finding for --not-compared TEXT, "UNIT: ERROR"; at ERROR's place
   when it names one in UNIT.  */
static json_t *
not_compared (const char *text)
{
  const char *sep = strstr (text, ": ");
  if (!sep || sep == text)
    return NULL;
  char *unit = strndup (text, sep - text);
  const char *error = sep + 2;
  long long line = 1, column = 0;
  size_t n = strlen (unit);
  if (strncmp (error, unit, n) == 0 && error[n] == ':')
    sscanf (error + n, ":%lld:%lld", &line, &column);
  char fp[33];
  calls_fingerprint (unit, "", "not compared", 0, fp);
  json_t *f = json_pack ("{s:s, s:s, s:s, s:I, s:I, s:s, s:s, s:s, s:[s]}",
			 "kind", "not-compared", "file", unit, "path", unit,
			 "line", (json_int_t) line, "column",
			 (json_int_t) column, "caller", "", "callee", "",
			 "reason", error, "units", unit);
  json_object_set_new (f, "fingerprint", json_string (fp));
  free (unit);
  return f;
}

/* The lock FILE read by the policy loader, or NULL for NULL; exits with
   the loader's first error.  */
static struct policy *
load_lock (const char *file)
{
  if (!file)
    return NULL;
  struct policy *p = policy_new ();
  if (!policy_load_file (p, file))
    summary_die ("%s", policy_error_count (p) ? policy_error_message (p, 0)
		 : "cannot read the lock");
  return p;
}

/* Where SARIF and Code Quality paths are relative to: ROOT, or the
   current directory (malloc'd).  */
static char *
root_of (const char *root)
{
  char *real = realpath (root ? root : ".", NULL);
  if (!real)
    summary_die ("cannot use %s as the source root: %s", root ? root : ".",
		 strerror (errno));
  return real;
}

/* The review outputs of FINDINGS that the options ask for.  */
struct exports
{
  const char *sarif, *codequality, *findings, *commit, *root;
  size_t max_results;
};

static void
export (const struct exports *x, json_t *findings, json_t *notes)
{
  if (!x->sarif && !x->codequality && !x->findings)
    return;
  char *root = root_of (x->root);
  json_t *set = export_set (findings, notes, x->commit);
  if (x->findings)
    export_write_findings (x->findings, set);
  if (x->sarif)
    export_sarif (x->sarif, findings, notes, root, x->max_results);
  if (x->codequality)
    export_codequality (x->codequality, findings, root);
  json_decref (set);
  free (root);
}

static void
usage_error (const char *what)
{
  fprintf (stderr, "hotinline-summary: %s\nhotinline-summary: "
	   "'hotinline-summary --help' lists the options\n", what);
  exit (2);
}

int
main (int argc, char **argv)
{
  enum { OPT_HELP = 256, OPT_VERSION, OPT_COMMIT, OPT_ACCEPT,
	 OPT_ACCEPT_LOCK, OPT_NOT_COMPARED, OPT_FINDINGS, OPT_MERGE,
	 OPT_SARIF, OPT_CODEQUALITY, OPT_ROOT, OPT_MAX, OPT_ALLOW_EMPTY,
	 OPT_LOCK_BEFORE, OPT_AUDIT };
  static const struct option longs[] = {
    { "json", no_argument, NULL, 'j' },
    { "diff", no_argument, NULL, 'd' },
    { "html", required_argument, NULL, 'w' },
    { "source-dir", required_argument, NULL, 's' },
    { "lock", required_argument, NULL, 'l' },
    { "commit", required_argument, NULL, OPT_COMMIT },
    { "accept", required_argument, NULL, OPT_ACCEPT },
    { "accept-lock", required_argument, NULL, OPT_ACCEPT_LOCK },
    { "not-compared", required_argument, NULL, OPT_NOT_COMPARED },
    { "findings", required_argument, NULL, OPT_FINDINGS },
    { "audit", no_argument, NULL, OPT_AUDIT },
    { "merge", no_argument, NULL, OPT_MERGE },
    { "sarif", required_argument, NULL, OPT_SARIF },
    { "codequality", required_argument, NULL, OPT_CODEQUALITY },
    { "source-root", required_argument, NULL, OPT_ROOT },
    { "max-results", required_argument, NULL, OPT_MAX },
    { "allow-empty", no_argument, NULL, OPT_ALLOW_EMPTY },
    { "accept-lock-before", required_argument, NULL, OPT_LOCK_BEFORE },
    { "help", no_argument, NULL, OPT_HELP },
    { "version", no_argument, NULL, OPT_VERSION },
    { NULL, 0, NULL, 0 }
  };
  bool as_json = false, as_diff = false, merge = false, allow_empty = false;
  bool audit = false;
  const char *html = NULL, *lock = NULL, *accept_lock = NULL;
  const char *lock_before = NULL;
  struct exports x = { .max_results = EXPORT_MAX_RESULTS };
  struct accepted *accepts = NULL;
  size_t n_accepts = 0;
  json_t *failed = json_array ();
  const char **source_dirs = NULL;
  size_t n_source_dirs = 0;
  opterr = 0;
  for (int c; (c = getopt_long (argc, argv, "", longs, NULL)) != -1;)
    switch (c)
      {
      case 'j':
	as_json = true;
	break;
      case 'd':
	as_diff = true;
	break;
      case OPT_AUDIT:
	audit = true;
	break;
      case 'w':
	html = optarg;
	break;
      case 'l':
	lock = optarg;
	break;
      case 's':
	if (!strchr (optarg, '=') || optarg[0] == '=')
	  usage_error ("--source-dir wants OLD=NEW: the directory the "
		       "results name, and where its sources are now");
	source_dirs = realloc (source_dirs, (n_source_dirs + 1)
					    * sizeof *source_dirs);
	source_dirs[n_source_dirs++] = optarg;
	break;
      case OPT_COMMIT:
	x.commit = optarg;
	break;
      case OPT_ACCEPT:
	accepts = realloc (accepts, (n_accepts + 1) * sizeof *accepts);
	if (!accepted_parse (optarg, &accepts[n_accepts++]))
	  usage_error ("--accept wants 'CALLEE -> CALLER: REASON'");
	break;
      case OPT_ACCEPT_LOCK:
	accept_lock = optarg;
	break;
      case OPT_NOT_COMPARED:
	{
	  json_t *f = not_compared (optarg);
	  if (!f)
	    usage_error ("--not-compared wants 'UNIT: ERROR'");
	  json_array_append_new (failed, f);
	}
	break;
      case OPT_FINDINGS:
	x.findings = optarg;
	break;
      case OPT_ALLOW_EMPTY:
	allow_empty = true;
	break;
      case OPT_LOCK_BEFORE:
	lock_before = optarg;
	break;
      case OPT_MERGE:
	merge = true;
	break;
      case OPT_SARIF:
	x.sarif = optarg;
	break;
      case OPT_CODEQUALITY:
	x.codequality = optarg;
	break;
      case OPT_ROOT:
	x.root = optarg;
	break;
      case OPT_MAX:
	{
	  char *end;
	  long v = strtol (optarg, &end, 10);
	  if (*end || end == optarg || v < 1)
	    usage_error ("--max-results wants a number above 0");
	  x.max_results = v;
	}
	break;
      case OPT_HELP:
	fputs (usage_text, stdout);
	return 0;
      case OPT_VERSION:
	printf ("hotinline-summary %s\n", HOTINLINE_VERSION);
	return 0;
      default:
	{
	  if (optopt == 'w')
	    usage_error ("--html needs a directory to write the site into: "
			 "--html OUT PATH...");
	  if (optopt == 'l')
	    usage_error ("--lock needs the file to write the lock to: "
			 "--lock FILE PATH...");
	  if (optopt == 's')
	    usage_error ("--source-dir wants OLD=NEW");
	  char *what;
	  if (asprintf (&what, "bad option '%s'", argv[optind - 1]) < 0)
	    abort ();
	  usage_error (what);
	}
      }
  int n = argc - optind;
  char **paths = argv + optind;
  bool exports = x.sarif || x.codequality || x.findings;
  if (audit)
    {
      if (as_diff || merge || exports || n_source_dirs
	  || !!as_json + !!lock + !!html > 1)
	usage_error ("--audit goes with one of --json, --lock and --html");
      if (n < 2 || n % 2)
	usage_error ("--audit wants WRITTEN and DISREGARDED, a pair of "
		     "results directories per compiler");
      return audit_main (paths, (size_t) n / 2, as_json, lock, html);
    }
  if (n_source_dirs && !html)
    usage_error ("--source-dir goes with --html");
  if (as_json && (as_diff || html))
    usage_error ("--json goes with neither --diff nor --html");
  if (lock && (as_json || html))
    usage_error ("--lock goes with neither --json nor --html");
  if (lock_before && !accept_lock)
    usage_error ("--accept-lock-before goes with --accept-lock");
  if ((x.commit || n_accepts || accept_lock || json_array_size (failed)
       || allow_empty) && !as_diff)
    usage_error ("--commit, --accept, --accept-lock, --not-compared and "
		 "--allow-empty go with --diff");
  if (merge && (as_diff || as_json || html || lock))
    usage_error ("--merge goes with none of --diff, --json, --html, --lock");
  if (x.findings && !as_diff)
    usage_error ("--findings goes with --diff");
  if (merge && !x.sarif && !x.codequality)
    usage_error ("--merge writes --sarif FILE or --codequality FILE: give "
		 "one");
  if (exports && (as_json || html))
    usage_error ("--sarif, --codequality and --findings go with neither "
		 "--json nor --html");
  if (merge ? false : as_diff ? n != 2 : n < 1)
    usage_error (as_diff ? "--diff wants OLD and NEW"
		 : html ? "no results given: --html OUT PATH..."
		 : lock ? "no results given: --lock FILE PATH..."
		 : "no results given");
  if (merge)
    {
      json_t *sets = json_array ();
      for (int i = 0; i < n; i++)
	json_array_append_new (sets, export_read_findings (paths[i]));
      json_t *all = export_all_findings (sets);
      json_t *notes = export_all_notes (sets);
      char *root = root_of (x.root);
      if (x.sarif)
	export_sarif (x.sarif, all, notes, root, x.max_results);
      if (x.codequality)
	export_codequality (x.codequality, all, root);
      free (root);
      json_decref (all);
      json_decref (notes);
      json_decref (sets);
      return 0;
    }
  if (as_diff)
    {
      struct build old, new_;
      build_init (&old, true);
      build_init (&new_, true);
      /* A side with no units, when asked for: every unit a commit
	 rebuilt is new, or its build failed before any compiled.  A
	 directory without results is otherwise a mistake (a wrong path
	 would compare nothing and say nothing was lost).  */
      old.may_be_empty = new_.may_be_empty = allow_empty;
      read_path (&old, paths[0]);
      read_path (&new_, paths[1]);
      build_finish (&old);
      build_finish (&new_);
      struct compare_options options = { accepts, n_accepts,
					 load_lock (accept_lock),
					 load_lock (lock_before), accept_lock };
      json_t *changes, *notes;
      json_t *findings = compare_builds (&old, &new_, &options, &changes,
					 &notes);
      json_array_extend (findings, failed);
      sites_finish (new_.sites, changes);
      new_.sites->source_dirs = source_dirs;
      new_.sites->n_source_dirs = n_source_dirs;
      if (html)
	return write_site (html, &new_, &old) ? 1 : 0;
      if (lock)
	write_regressions_lock (lock, &old, paths[0], &new_, paths[1]);
      export (&x, findings, notes);
      return print_diff (findings, notes) ? 1 : 0;
    }
  struct build b;
  build_init (&b, exports);
  for (int i = 0; i < n; i++)
    read_path (&b, paths[i]);
  build_finish (&b);
  sites_finish (b.sites, NULL);
  b.sites->source_dirs = source_dirs;
  b.sites->n_source_dirs = n_source_dirs;
  if (html)
    return write_site (html, &b, NULL);
  if (lock)
    {
      write_lock (lock, &b, paths, n);
      return 0;
    }
  if (exports)
    {
      json_t *findings = build_findings (&b);
      json_t *notes = json_array ();
      export (&x, findings, notes);
      json_decref (findings);
      json_decref (notes);
    }
  return summary (&b, as_json);
}
