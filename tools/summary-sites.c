/* hotinline-summary's call sites: the calls of every unit merged per
   place in the source, caller and callee, sorted, and compared with an
   older build; what the HTML pages show.  */
#define _GNU_SOURCE
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "summary-sites.h"

char *
summary_format (const char *fmt, ...)
{
  va_list ap;
  char *s;
  va_start (ap, fmt);
  if (vasprintf (&s, fmt, ap) < 0)
    abort ();
  va_end (ap);
  return s;
}

/* The path of the file of CALL in UNIT as it can be opened: relative
   paths are relative to the directory the unit was compiled in.  */
static char *
resolved_path (json_t *unit, json_t *call)
{
  const char *file = str (call, "file"), *dir = str (unit, "directory");
  if (file[0] == '/' || !dir[0])
    return strdup (file);
  return summary_format ("%s/%s", dir, file);
}

static int
compare_strings (const void *a, const void *b)
{
  return strcmp (*(char *const *) a, *(char *const *) b);
}

static int
compare_sites (const void *a, const void *b)
{
  const struct site *x = a, *y = b;
  int c = strcmp (x->path, y->path);
  if (c)
    return c;
  if (x->line != y->line)
    return x->line < y->line ? -1 : 1;
  if (x->column != y->column)
    return x->column < y->column ? -1 : 1;
  if ((c = strcmp (x->callee, y->callee)))
    return c;
  return strcmp (x->caller, y->caller);
}

char **
sorted_keys (json_t *o, size_t *n)
{
  char **keys = calloc (json_object_size (o) + 1, sizeof *keys);
  const char *key;
  json_t *v;
  *n = 0;
  json_object_foreach (o, key, v)
    keys[(*n)++] = strdup (key);
  qsort (keys, *n, sizeof *keys, compare_strings);
  return keys;
}

static size_t
index_of (char **sorted, size_t n, const char *s)
{
  char **p = bsearch (&s, sorted, n, sizeof *sorted, compare_strings);
  return p ? (size_t) (p - sorted) : n;
}

/* The calls of OLD per call_key: {inlined: [call, unit], left: n}.  */
static json_t *
old_outcomes (struct build *old)
{
  json_t *by_key = json_object ();
  FOR_EACH_CALL (old, unit, call)
    {
      char *key = call_key (call);
      json_t *o = json_object_get (by_key, key);
      if (!o)
	json_object_set_new (by_key, key, o = json_pack ("{s:i}", "left", 0));
      if (!json_is_true (json_object_get (call, "inlined")))
	json_object_set_new (o, "left", json_integer (num (o, "left", 0) + 1));
      else if (!json_object_get (o, "inlined"))
	json_object_set_new (o, "inlined", json_pack ("[O, O]", call, unit));
      free (key);
    }
  return by_key;
}

struct sites
collect_sites (struct build *b, struct build *old)
{
  struct sites s = { 0 };
  json_t *index = json_object (), *files = json_object ();
  json_t *functions = json_object ();
  size_t cap = 0;
  FOR_EACH_CALL (b, unit, call)
    {
      char *path = resolved_path (unit, call);
      char *key = summary_format ("%s:%lld:%lld: '%s' in '%s'", path,
			  num (call, "line", 0), num (call, "column", 0),
			  str (call, "callee"), str (call, "caller"));
      json_t *at = json_object_get (index, key);
      struct site *site;
      if (at)
	{
	  site = &s.v[json_integer_value (at)];
	  free (key);
	  free (path);
	}
      else
	{
	  if (s.n == cap)
	    s.v = realloc (s.v, (cap = cap * 2 + 16) * sizeof *s.v);
	  json_object_set_new (index, key, json_integer (s.n));
	  site = &s.v[s.n++];
	  *site = (struct site) { key, path, str (call, "file"),
				  str (call, "callee"), str (call, "caller"),
				  num (call, "line", 0), num (call, "column", 0),
				  0, 0, json_object (), json_object (), call,
				  NULL, 0, NULL, 0, 0 };
	  json_object_set_new (files, path, json_true ());
	  json_object_set_new (functions, site->callee, json_true ());
	}
      json_object_set_new (site->units, str (unit, "unit"), json_true ());
      if (json_is_true (json_object_get (call, "inlined")))
	site->inlined++;
      else
	{
	  site->left++;
	  json_object_set_new (site->reasons, str (call, "reason"),
			       json_true ());
	  if (!site->left_call)
	    site->left_call = call;
	}
    }
  json_decref (index);
  qsort (s.v, s.n, sizeof *s.v, compare_sites);
  s.files = sorted_keys (files, &s.n_files);
  s.functions = sorted_keys (functions, &s.n_functions);
  json_decref (files);
  json_decref (functions);
  for (size_t i = 0; i < s.n; i++)
    {
      s.v[i].page = index_of (s.files, s.n_files, s.v[i].path);
      s.v[i].fn = index_of (s.functions, s.n_functions, s.v[i].callee);
    }

  if (!old)
    return s;
  json_t *before = old_outcomes (old);
  for (size_t i = 0; i < s.n; i++)
    {
      struct site *site = &s.v[i];
      char *key = call_key (site->first_call);
      json_t *was = json_object_get (before, key);
      free (key);
      if (!was)
	continue;
      json_t *inlined = json_object_get (was, "inlined");
      if (site->left && inlined)
	{
	  site->change = 1;
	  site->story = size_story (json_array_get (inlined, 0),
				    json_array_get (inlined, 1),
				    site->left_call);
	}
      else if (!site->left && num (was, "left", 0))
	site->change = -1;
    }
  json_decref (before);
  return s;
}
