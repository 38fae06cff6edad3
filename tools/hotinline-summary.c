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
     hotinline-summary --html OUT PATH...
     hotinline-summary --html OUT --diff OLD NEW
	 Writes the same as a static HTML site into the directory OUT
	 (summary-html.c).

   The results are read with jansson.  */
#define _GNU_SOURCE
#include <dirent.h>
#include <getopt.h>
#include <jansson.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "summary.h"
#include "version.h"

static const char usage_text[] =
  "usage: hotinline-summary [--json] PATH...\n"
  "       hotinline-summary --diff OLD NEW\n"
  "       hotinline-summary --html OUT PATH...\n"
  "       hotinline-summary --html OUT --diff OLD NEW\n"
  "  PATH, OLD, NEW  results directories (-fplugin-arg-hotinline-results=DIR)"
  "\n                  or results files\n"
  "  --json          the summary as JSON\n"
  "  --diff OLD NEW  the hot call sites inlined in OLD and left in NEW;"
  " exit status 1\n                  when there are any\n"
  "  --html OUT      write a static HTML site into the directory OUT\n"
  "  --help          this text\n"
  "  --version       the version\n";

static void
die (const char *fmt, const char *arg)
{
  fprintf (stderr, "hotinline-summary: ");
  fprintf (stderr, fmt, arg);
  fputc ('\n', stderr);
  exit (2);
}

static void
read_one_file (struct build *b, const char *path)
{
  json_error_t err;
  json_t *unit = json_load_file (path, 0, &err);
  if (!unit)
    {
      fprintf (stderr, "hotinline-summary: %s:%d:%d: %s\n", path, err.line,
	       err.column, err.text);
      exit (2);
    }
  const char *format = json_string_value (json_object_get (unit, "format"));
  if (!format || strcmp (format, "hotinline-results-1") != 0)
    die ("%s: not a hotinline results file", path);
  json_array_append_new (b->units, unit);
}

static int
compare_names (const void *a, const void *b)
{
  return strcmp (*(char *const *) a, *(char *const *) b);
}

void
read_path (struct build *b, const char *path)
{
  struct stat st;
  if (stat (path, &st) != 0)
    die ("cannot read %s", path);
  if (!S_ISDIR (st.st_mode))
    {
      read_one_file (b, path);
      return;
    }
  DIR *d = opendir (path);
  if (!d)
    die ("cannot read %s", path);
  char **names = NULL;
  size_t n = 0;
  for (struct dirent *e; (e = readdir (d));)
    {
      size_t len = strlen (e->d_name);
      if (len > 5 && strcmp (e->d_name + len - 5, ".json") == 0)
	{
	  names = realloc (names, (n + 1) * sizeof *names);
	  if (asprintf (&names[n++], "%s/%s", path, e->d_name) < 0)
	    abort ();
	}
    }
  closedir (d);
  qsort (names, n, sizeof *names, compare_names);
  for (size_t i = 0; i < n; i++)
    {
      read_one_file (b, names[i]);
      free (names[i]);
    }
  free (names);
}

const char *
str (json_t *o, const char *key)
{
  const char *s = json_string_value (json_object_get (o, key));
  return s ? s : "";
}

long long
num (json_t *o, const char *key, long long default_)
{
  json_t *v = json_object_get (o, key);
  return json_is_integer (v) ? json_integer_value (v) : default_;
}

json_t *
by_function (struct build *b)
{
  json_t *fns = json_object ();
  FOR_EACH_CALL (b, unit, call)
    {
      const char *name = str (call, "callee");
      json_t *f = json_object_get (fns, name);
      if (!f)
	{
	  f = json_pack ("{s:i, s:i, s:{}, s:[]}", "inlined", 0, "declined",
			 0, "reasons", "units");
	  json_object_set_new (fns, name, f);
	}
      bool inlined = json_is_true (json_object_get (call, "inlined"));
      const char *count = inlined ? "inlined" : "declined";
      json_object_set_new (f, count,
			   json_integer (json_integer_value
					 (json_object_get (f, count)) + 1));
      if (!inlined)
	{
	  json_t *reasons = json_object_get (f, "reasons");
	  const char *reason = str (call, "reason");
	  json_object_set_new (reasons, reason,
			       json_integer (json_integer_value
					     (json_object_get (reasons,
							       reason)) + 1));
	}
      json_t *units = json_object_get (f, "units");
      const char *u = str (unit, "unit");
      bool seen = false;
      for (size_t i = 0; i < json_array_size (units); i++)
	seen |= strcmp (json_string_value (json_array_get (units, i)), u)
		== 0;
      if (!seen)
	json_array_append_new (units, json_string (u));
    }
  return fns;
}

json_t *
stale_entries (struct build *b)
{
  json_t *matched = json_object (), *all = json_object ();
  for (size_t i = 0; i < json_array_size (b->units); i++)
    {
      json_t *entries = json_object_get (json_array_get (b->units, i),
					 "entries");
      for (size_t j = 0; j < json_array_size (entries); j++)
	{
	  json_t *e = json_array_get (entries, j);
	  char *key;
	  if (asprintf (&key, "%s:%lld:%lld: %s", str (e, "policy"),
			(long long) json_integer_value (json_object_get
							(e, "line")),
			(long long) json_integer_value (json_object_get
							(e, "column")),
			str (e, "name")) < 0)
	    abort ();
	  json_object_set_new (all, key, json_true ());
	  if (json_is_true (json_object_get (e, "matched")))
	    json_object_set_new (matched, key, json_true ());
	  free (key);
	}
    }
  json_t *stale = json_array ();
  const char *key;
  json_t *v;
  json_object_foreach (all, key, v)
    if (!json_object_get (matched, key))
      json_array_append_new (stale, json_string (key));
  json_decref (matched);
  json_decref (all);
  return stale;
}

static int
summary (struct build *b, bool as_json)
{
  json_t *fns = by_function (b);
  json_t *stale = stale_entries (b);
  if (as_json)
    {
      json_t *out = json_pack ("{s:i, s:O, s:O}", "units",
			       (int) json_array_size (b->units), "functions",
			       fns, "stale_entries", stale);
      json_dumpf (out, stdout, JSON_INDENT (2) | JSON_SORT_KEYS);
      fputc ('\n', stdout);
      json_decref (out);
    }
  else
    {
      printf ("%zu units\n%-32s %8s %8s %6s  %s\n", json_array_size (b->units),
	      "hot function", "inlined", "declined", "units", "reasons");
      const char *name;
      json_t *f;
      json_object_foreach (fns, name, f)
	{
	  printf ("%-32s %8lld %8lld %6zu ", name,
		  (long long) json_integer_value (json_object_get (f,
								   "inlined")),
		  (long long) json_integer_value (json_object_get (f,
								   "declined")),
		  json_array_size (json_object_get (f, "units")));
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
      if (json_array_size (stale))
	printf ("policy entries that matched nothing in any unit:\n");
      for (size_t i = 0; i < json_array_size (stale); i++)
	printf ("  %s\n", json_string_value (json_array_get (stale, i)));
    }
  json_decref (fns);
  json_decref (stale);
  return 0;
}

char *
call_key (json_t *call)
{
  char *key;
  if (asprintf (&key, "%s:%lld:%lld: '%s' in '%s'", str (call, "file"),
		(long long) json_integer_value (json_object_get (call, "line")),
		(long long) json_integer_value (json_object_get (call,
								 "column")),
		str (call, "callee"), str (call, "caller")) < 0)
    abort ();
  return key;
}

char *
size_story (json_t *old, json_t *old_unit, json_t *new_)
{
  /* Sizes after the early inliner compare builds: the same measure in
     both, known also for a function inlined everywhere, which has no size
     after the IPA inliner.  That one, what the hint says, is given too.  */
  long long size = num (new_, "size", -1);
  long long pre = num (new_, "early_size", -1);
  long long was = old ? num (old, "early_size", -1) : -1;
  json_t *limit = json_object_get (new_, "limit");
  const char *name = str (new_, "callee");
  char *sizes, *story, *after;
  int r;
  if (size < 0 && pre < 0)
    return NULL;
  if (size >= 0 && pre >= 0 && size != pre)
    r = asprintf (&after, " (%lld when the inliner declined it)", size);
  else
    r = asprintf (&after, "%s", "");
  if (r < 0)
    abort ();
  if (pre < 0 || was < 0)
    r = asprintf (&sizes, "'%s' is estimated at %lld instructions", name,
		  size >= 0 ? size : pre);
  else if (was != pre)
    r = asprintf (&sizes, "'%s' %s from %lld to %lld instructions%s", name,
		  was < pre ? "grew" : "shrank", was, pre, after);
  else
    r = asprintf (&sizes, "'%s' is %lld instructions in both builds%s",
		  name, pre, after);
  if (r < 0)
    abort ();
  free (after);
  if (!limit)
    return sizes;
  long long value = num (limit, "value", 0);
  long long old_value = num (json_object_get (old_unit, "limits"),
			     str (limit, "param"), value);
  if (old_value != value)
    r = asprintf (&story, "%s; the limit went from %lld to %lld (--param "
		  "%s)", sizes, old_value, value, str (limit, "param"));
  else
    r = asprintf (&story, "%s; the limit is %lld (--param %s)", sizes, value,
		  str (limit, "param"));
  if (r < 0)
    abort ();
  free (sizes);
  return story;
}

static int
diff (struct build *old, struct build *new_)
{
  /* key -> [call, unit] of each call inlined in OLD.  */
  json_t *was_inlined = json_object ();
  FOR_EACH_CALL (old, unit, call)
    if (json_is_true (json_object_get (call, "inlined")))
      {
	char *key = call_key (call);
	json_object_set_new (was_inlined, key, json_pack ("[O, O]", call,
							  unit));
	free (key);
      }
  json_t *reported = json_object ();
  int regressions = 0;
  FOR_EACH_CALL (new_, unit, call)
    {
      if (json_is_true (json_object_get (call, "inlined")))
	continue;
      char *key = call_key (call);
      json_t *was = json_object_get (was_inlined, key);
      if (was && !json_object_get (reported, key))
	{
	  printf ("%s: no longer inlined: %s\n", key, str (call, "reason"));
	  char *story = size_story (json_array_get (was, 0),
				    json_array_get (was, 1), call);
	  if (story)
	    printf ("  %s\n", story);
	  free (story);
	  json_object_set_new (reported, key, json_true ());
	  regressions++;
	}
      free (key);
    }
  printf ("%d hot call site%s went from inlined to declined\n", regressions,
	  regressions == 1 ? "" : "s");
  json_decref (was_inlined);
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
    { "help", no_argument, NULL, OPT_HELP },
    { "version", no_argument, NULL, OPT_VERSION },
    { NULL, 0, NULL, 0 }
  };
  bool as_json = false, as_diff = false;
  const char *html = NULL;
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
      case OPT_HELP:
	fputs (usage_text, stdout);
	return 0;
      case OPT_VERSION:
	printf ("hotinline-summary %s\n", HOTINLINE_VERSION);
	return 0;
      default:
	{
	  char *what;
	  if (asprintf (&what, "bad option '%s'", argv[optind - 1]) < 0)
	    abort ();
	  usage_error (what);
	}
      }
  int n = argc - optind;
  char **paths = argv + optind;
  if (as_json && (as_diff || html))
    usage_error ("--json goes with neither --diff nor --html");
  if (as_diff ? n != 2 : n < 1)
    usage_error (as_diff ? "--diff wants OLD and NEW" : "no results given");
  if (as_diff)
    {
      struct build old = { json_array () }, new_ = { json_array () };
      read_path (&old, paths[0]);
      read_path (&new_, paths[1]);
      if (html)
	return write_site (html, &new_, &old) ? 1 : 0;
      return diff (&old, &new_);
    }
  struct build b = { json_array () };
  for (int i = 0; i < n; i++)
    read_path (&b, paths[i]);
  if (html)
    return write_site (html, &b, NULL);
  return summary (&b, as_json);
}
