/* hotinline-summary's hot calls by identity: each build's calls grouped
   by file, caller and callee, each group's places numbered in source
   order (summary-calls.h).  */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define XXH_INLINE_ALL
#include <xxhash.h>

#include "summary-calls.h"
#include "results-read.h"
#include "summary-util.h"

/* PATH relative to DIR when it is under it, without leading "./".  */
static const char *
relative_to (const char *dir, const char *path)
{
  size_t n = strlen (dir);
  while (n > 1 && dir[n - 1] == '/')
    n--;
  if (n && strncmp (path, dir, n) == 0 && path[n] == '/')
    path += n + 1;
  while (path[0] == '.' && path[1] == '/')
    path += 2;
  return path;
}

char *
calls_unit_id (json_t *unit)
{
  const char *dir = results_str (unit, "directory");
  const char *output = results_str (unit, "output");
  /* Without an output (-o /dev/null), the flags tell two compilations of
     one source apart.  */
  return summary_format ("%s\n%s", relative_to (dir, results_str (unit,
								  "unit")),
			 output[0] ? relative_to (dir, output)
			 : results_str (unit, "flags"));
}

static json_t *
counted (json_t *o, const char *key)
{
  return json_integer (results_num (o, key, 0) + 1);
}

void
calls_add_unit (json_t *calls, json_t *unit)
{
  const char *dir = results_str (unit, "directory");
  char *uid = calls_unit_id (unit);
  json_t *list = json_object_get (unit, "calls");
  for (size_t i = 0; i < json_array_size (list); i++)
    {
      json_t *call = json_array_get (list, i);
      const char *named = results_str (call, "file");
      const char *file = relative_to (dir, named);
      const char *caller = results_str (call, "caller");
      const char *callee = results_str (call, "callee");
      char *gkey = summary_format ("%s\n%s\n%s", file, caller, callee);
      json_t *group = json_object_get (calls, gkey);
      char *path = unit_path (unit, named);
      if (!group)
	{
	  group = json_pack ("{s:s, s:s, s:s, s:s, s:{}}", "file", file,
			     "path", path, "caller", caller, "callee", callee,
			     "places");
	  json_object_set_new (calls, gkey, group);
	}
      free (gkey);
      long long line = results_num (call, "line", 0);
      long long column = results_num (call, "column", 0);
      char pkey[48];
      snprintf (pkey, sizeof pkey, "%lld:%lld", line, column);
      json_t *places = json_object_get (group, "places");
      json_t *place = json_object_get (places, pkey);
      if (!place)
	{
	  place = json_pack ("{s:s, s:s, s:I, s:I, s:{}}", "file", named,
			     "path", path, "line", (json_int_t) line,
			     "column", (json_int_t) column, "units");
	  json_object_set_new (places, pkey, place);
	}
      free (path);
      json_t *units = json_object_get (place, "units");
      json_t *counts = json_object_get (units, uid);
      if (!counts)
	json_object_set_new (units, uid, counts = json_object ());
      if (json_is_true (json_object_get (call, "inlined")))
	{
	  json_object_set_new (counts, "inlined", counted (counts,
							   "inlined"));
	  if (!json_object_get (place, "inlined"))
	    {
	      json_t *limits = json_object_get (unit, "limits");
	      json_object_set_new (place, "inlined",
				   json_pack ("[o, o]", json_deep_copy (call), limits
					      ? json_deep_copy (limits)
					      : json_null ()));
	    }
	}
      else
	{
	  json_object_set_new (counts, "left", counted (counts, "left"));
	  if (!json_object_get (place, "left"))
	    {
	      json_t *left = json_deep_copy (call);
	      json_object_set_new (left, "unit", json_string (uid));
	      json_object_set_new (left, "unit_source",
				   json_string (results_str (unit, "unit")));
	      json_object_set_new (place, "left", left);
	    }
	}
    }
  free (uid);
}

static int
compare_places (const void *a, const void *b)
{
  json_t *x = *(json_t *const *) a, *y = *(json_t *const *) b;
  long long lx = results_num (x, "line", 0), ly = results_num (y, "line", 0);
  if (lx != ly)
    return lx < ly ? -1 : 1;
  long long cx = results_num (x, "column", 0);
  long long cy = results_num (y, "column", 0);
  return cx < cy ? -1 : cx > cy;
}

void
calls_finish (json_t *calls)
{
  const char *gkey;
  json_t *group;
  json_object_foreach (calls, gkey, group)
    {
      json_t *places = json_object_get (group, "places");
      size_t n = json_object_size (places), k = 0;
      json_t **v = calloc (n + 1, sizeof *v);
      const char *pkey;
      json_t *place;
      json_object_foreach (places, pkey, place)
	v[k++] = place;
      qsort (v, n, sizeof *v, compare_places);
      json_t *order = json_array ();
      for (k = 0; k < n; k++)
	{
	  json_object_set_new (v[k], "ordinal", json_integer (k));
	  json_array_append (order, v[k]);
	}
      json_object_set_new (group, "order", order);
      free (v);
    }
}

void
calls_fingerprint (const char *file, const char *caller, const char *callee,
		   long long ordinal, char out[33])
{
  char *identity = summary_format ("hotinline call\n%s\n%s\n%s\n%lld", file,
				   caller, callee, ordinal);
  XXH128_hash_t h = XXH3_128bits (identity, strlen (identity));
  snprintf (out, 33, "%016llx%016llx", (unsigned long long) h.high64,
	    (unsigned long long) h.low64);
  free (identity);
}
