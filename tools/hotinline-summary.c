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

   The results are read with jansson.  */
#define _GNU_SOURCE
#include <dirent.h>
#include <jansson.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* Per hot function.  */
struct function
{
  char *name;
  int inlined, declined;
  json_t *reasons;		/* reason -> count */
  json_t *units;		/* unit -> true */
};

struct build
{
  json_t *units;		/* The results files, as read.  */
};

static void
die (const char *fmt, const char *arg)
{
  fprintf (stderr, "hotinline-summary: ");
  fprintf (stderr, fmt, arg);
  fputc ('\n', stderr);
  exit (2);
}

static void
read_file (struct build *b, const char *path)
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

/* Read PATH, a results file or a directory of them (in name order).  */
static void
read_path (struct build *b, const char *path)
{
  struct stat st;
  if (stat (path, &st) != 0)
    die ("cannot read %s", path);
  if (!S_ISDIR (st.st_mode))
    {
      read_file (b, path);
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
      read_file (b, names[i]);
      free (names[i]);
    }
  free (names);
}

/* Every call of every unit, with its unit.  */
#define FOR_EACH_CALL(b, unit, call)					\
  for (size_t ui_ = 0; ui_ < json_array_size ((b)->units); ui_++)	\
    for (json_t *unit = json_array_get ((b)->units, ui_); unit; unit = NULL) \
      for (size_t ci_ = 0;						\
	   ci_ < json_array_size (json_object_get (unit, "calls")); ci_++) \
	for (json_t *call = json_array_get (json_object_get (unit, "calls"), \
					    ci_); call; call = NULL)

static const char *
str (json_t *o, const char *key)
{
  const char *s = json_string_value (json_object_get (o, key));
  return s ? s : "";
}

/* Merge the calls per hot function.  */
static json_t *
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

/* Policy entries that matched nothing in any unit, as "file:line:col:
   name" strings.  */
static json_t *
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

/* A call site's identity across builds.  */
static char *
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

static int
diff (struct build *old, struct build *new_)
{
  json_t *was_inlined = json_object ();
  FOR_EACH_CALL (old, unit, call)
    if (json_is_true (json_object_get (call, "inlined")))
      {
	char *key = call_key (call);
	json_object_set_new (was_inlined, key, json_true ());
	free (key);
      }
  json_t *reported = json_object ();
  int regressions = 0;
  FOR_EACH_CALL (new_, unit, call)
    {
      if (json_is_true (json_object_get (call, "inlined")))
	continue;
      char *key = call_key (call);
      if (json_object_get (was_inlined, key)
	  && !json_object_get (reported, key))
	{
	  printf ("%s: no longer inlined: %s\n", key, str (call, "reason"));
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

int
main (int argc, char **argv)
{
  if (argc >= 2 && strcmp (argv[1], "--diff") == 0)
    {
      if (argc != 4)
	die ("%s", "usage: hotinline-summary --diff OLD NEW");
      struct build old = { json_array () }, new_ = { json_array () };
      read_path (&old, argv[2]);
      read_path (&new_, argv[3]);
      return diff (&old, &new_);
    }
  bool as_json = argc >= 2 && strcmp (argv[1], "--json") == 0;
  if (argc < 2 + as_json)
    die ("%s", "usage: hotinline-summary [--json] PATH... | --diff OLD NEW");
  struct build b = { json_array () };
  for (int i = 1 + as_json; i < argc; i++)
    read_path (&b, argv[i]);
  return summary (&b, as_json);
}
