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

struct calls *
calls_new (void)
{
  struct calls *c = calloc (1, sizeof *c);
  c->index = json_object ();
  c->pool = json_object ();
  c->limits = json_object ();
  return c;
}

/* S interned in C's pool, or NULL for NULL.  */
static const char *
keep (struct calls *c, const char *s)
{
  return s ? intern (c->pool, s) : NULL;
}

/* What a finding reads of CALL, of the unit with LIMITS.  */
static struct call_facts
facts_of (struct calls *c, json_t *call, json_t *limits)
{
  json_t *limit = json_object_get (call, "limit");
  struct call_facts f = {
    keep (c, json_string_value (json_object_get (call, "reason"))),
    keep (c, json_string_value (json_object_get (call, "hint"))),
    keep (c, json_string_value (json_object_get (call, "severity"))),
    results_num (call, "size", -1), results_num (call, "early_size", -1),
    keep (c, json_string_value (json_object_get (limit, "param"))),
    results_num (limit, "value", 0), NULL
  };
  if (limits)
    {
      /* Units share a few sets of limits: one object each.  */
      char *text = json_dumps (limits, JSON_SORT_KEYS | JSON_COMPACT);
      json_t *kept = json_object_get (c->limits, text);
      if (!kept)
	json_object_set_new (c->limits, text, kept = json_deep_copy (limits));
      f.limits = kept;
      free (text);
    }
  return f;
}

struct call_group *
calls_group (struct calls *c, const char *file, const char *caller,
	     const char *callee)
{
  char *gkey = summary_format ("%s\n%s\n%s", file, caller, callee);
  json_t *at = json_object_get (c->index, gkey);
  free (gkey);
  return at ? &c->v[json_integer_value (at)] : NULL;
}

/* The group of C keyed FILE, CALLER, CALLEE, made when new.  */
static struct call_group *
group_of (struct calls *c, const char *file, const char *path,
	  const char *caller, const char *callee)
{
  struct call_group *g = calls_group (c, file, caller, callee);
  if (g)
    return g;
  if (c->n == c->cap)
    c->v = realloc (c->v, (c->cap = c->cap * 2 + 64) * sizeof *c->v);
  char *gkey = summary_format ("%s\n%s\n%s", file, caller, callee);
  json_object_set_new (c->index, gkey, json_integer (c->n));
  free (gkey);
  g = &c->v[c->n++];
  *g = (struct call_group) { .file = keep (c, file), .path = keep (c, path),
			     .caller = keep (c, caller),
			     .callee = keep (c, callee) };
  return g;
}

/* The place of G at LINE and COLUMN, made when new.  */
static struct call_place *
place_of (struct calls *c, struct call_group *g, const char *named,
	  const char *path, long long line, long long column)
{
  for (size_t i = 0; i < g->n; i++)
    if (g->places[i].line == line && g->places[i].column == column)
      return &g->places[i];
  if (g->n == g->cap)
    g->places = realloc (g->places, (g->cap = g->cap * 2 + 1)
				    * sizeof *g->places);
  struct call_place *p = &g->places[g->n++];
  *p = (struct call_place) { .file = keep (c, named), .path = keep (c, path),
			     .line = line, .column = column };
  return p;
}

/* The counts of unit UID at P: units are read one after the other, so a
   unit's calls at P are its last entry's.  */
static struct call_count *
count_of (struct call_place *p, const char *uid)
{
  if (p->n_units && p->units[p->n_units - 1].uid == uid)
    return &p->units[p->n_units - 1];
  if (p->n_units == p->cap_units)
    p->units = realloc (p->units, (p->cap_units = p->cap_units * 2 + 1)
				  * sizeof *p->units);
  p->units[p->n_units] = (struct call_count) { uid, 0, 0 };
  return &p->units[p->n_units++];
}

void
calls_add_unit (struct calls *c, json_t *unit)
{
  const char *dir = results_str (unit, "directory");
  char *id = calls_unit_id (unit);
  const char *uid = keep (c, id);
  free (id);
  json_t *limits = json_object_get (unit, "limits");
  json_t *list = json_object_get (unit, "calls");
  for (size_t i = 0; i < json_array_size (list); i++)
    {
      json_t *call = json_array_get (list, i);
      /* Clang without line tables gives calls in inlined code no place:
	 they are the unit's, at line 0.  */
      const char *named = results_str (call, "file");
      if (!named[0])
	named = results_str (unit, "unit");
      char *path = unit_path (unit, named);
      struct call_group *g = group_of (c, relative_to (dir, named), path,
				       results_str (call, "caller"),
				       results_str (call, "callee"));
      struct call_place *p = place_of (c, g, named, path,
				       results_num (call, "line", 0),
				       results_num (call, "column", 0));
      free (path);
      struct call_count *n = count_of (p, uid);
      if (json_is_true (json_object_get (call, "inlined")))
	{
	  n->inlined++;
	  if (!p->has_inlined)
	    p->inlined = facts_of (c, call, limits);
	  p->has_inlined = true;
	}
      else
	{
	  n->left++;
	  if (!p->has_left)
	    p->left = facts_of (c, call, limits);
	  p->has_left = true;
	}
    }
}

static int
compare_places (const void *a, const void *b)
{
  const struct call_place *x = a, *y = b;
  if (x->line != y->line)
    return x->line < y->line ? -1 : 1;
  return x->column < y->column ? -1 : x->column > y->column;
}

void
calls_finish (struct calls *c)
{
  for (size_t i = 0; i < c->n; i++)
    {
      struct call_group *g = &c->v[i];
      qsort (g->places, g->n, sizeof *g->places, compare_places);
      for (size_t k = 0; k < g->n; k++)
	g->places[k].ordinal = k;
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
