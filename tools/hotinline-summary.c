/* hotinline-summary: the results of a whole build in one view.

     hotinline-summary [--json] PATH...
	 PATH is a results directory (-fplugin-arg-hotinline-results=DIR)
	 or a results file.  Prints, per hot function, the call sites left
	 inlined and declined, GCC's reasons and the units; then the policy
	 entries that matched nothing anywhere (a stale policy).
     hotinline-summary --diff OLD NEW
	 Lists the hot call sites that were inlined in OLD and are declined
	 in NEW, and exits with status 1 when there are any: a regression
	 guard for CI.
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
#include <getopt.h>
#include <jansson.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "summary-lock.h"
#include "summary-sites.h"
#include "version.h"
#include "policy.h"

static const char usage_text[] =
  "usage: hotinline-summary [--json] PATH...\n"
  "       hotinline-summary --diff OLD NEW\n"
  "       hotinline-summary --html OUT [--source-dir OLD=NEW]... PATH...\n"
  "       hotinline-summary --html OUT [--source-dir OLD=NEW]... --diff OLD NEW\n"
  "       hotinline-summary --lock FILE PATH...\n"
  "       hotinline-summary --diff OLD NEW --lock FILE\n"
  "  PATH, OLD, NEW  results directories (-fplugin-arg-hotinline-results=DIR)"
  "\n                  or results files\n"
  "  --json          the summary as JSON\n"
  "  --diff OLD NEW  the hot call sites inlined in OLD and left in NEW;"
  " exit status 1\n                  when there are any\n"
  "  --html OUT      write a static HTML site into the directory OUT\n"
  "  --lock FILE     write FILE (- for standard output), a lock: a policy\n"
  "                  that pins each hot function's inlining per caller,\n"
  "                  always_inline where every call was inlined, a report\n"
  "                  note where one was left; with --diff, the calls\n"
  "                  inlined in OLD and left in NEW, pinned back\n"
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

static int
diff (struct build *new_)
{
  json_t *reported = json_object ();
  int regressions = 0;
  for (size_t i = 0; i < new_->sites->n; i++)
    {
      const struct site *site = &new_->sites->v[i];
      if (site->change <= 0)	/* sites_finish compared it with OLD.  */
	continue;
      char *key = site_key (site);
      if (!json_object_get (reported, key))
	{
	  printf ("%s: no longer inlined: %s\n", key,
		  site->reason);
	  char *story = site->story;
	  if (story)
	    printf ("  %s\n", story);
	  json_object_set_new (reported, key, json_true ());
	  regressions++;
	}
      free (key);
    }
  printf ("%d hot call site%s went from inlined to declined\n", regressions,
	  regressions == 1 ? "" : "s");
  json_decref (reported);
  return regressions ? 1 : 0;
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
  enum { OPT_HELP = 256, OPT_VERSION };
  static const struct option longs[] = {
    { "json", no_argument, NULL, 'j' },
    { "diff", no_argument, NULL, 'd' },
    { "html", required_argument, NULL, 'w' },
    { "source-dir", required_argument, NULL, 's' },
    { "lock", required_argument, NULL, 'l' },
    { "help", no_argument, NULL, OPT_HELP },
    { "version", no_argument, NULL, OPT_VERSION },
    { NULL, 0, NULL, 0 }
  };
  bool as_json = false, as_diff = false;
  const char *html = NULL, *lock = NULL;
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
  if (n_source_dirs && !html)
    usage_error ("--source-dir goes with --html");
  if (as_json && (as_diff || html))
    usage_error ("--json goes with neither --diff nor --html");
  if (lock && (as_json || html))
    usage_error ("--lock goes with neither --json nor --html");
  if (as_diff ? n != 2 : n < 1)
    usage_error (as_diff ? "--diff wants OLD and NEW"
		 : html ? "no results given: --html OUT PATH..."
		 : lock ? "no results given: --lock FILE PATH..."
		 : "no results given");
  if (as_diff)
    {
      struct build old, new_;
      build_init (&old, true);
      build_init (&new_, false);
      read_path (&old, paths[0]);
      read_path (&new_, paths[1]);
      build_finish (&old);
      build_finish (&new_);
      sites_finish (new_.sites, &old);
      new_.sites->source_dirs = source_dirs;
      new_.sites->n_source_dirs = n_source_dirs;
      if (html)
	return write_site (html, &new_, &old) ? 1 : 0;
      if (lock)
	write_regressions_lock (lock, &old, paths[0], &new_, paths[1]);
      return diff (&new_);
    }
  struct build b;
  build_init (&b, false);
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
  return summary (&b, as_json);
}
