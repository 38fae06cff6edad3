/* hotinline-summary's input: results files and directories of them, each
   file read and checked by the results reader (results-read.h), folded
   into the build's aggregates and let go (summary.h).  */
#define _GNU_SOURCE
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "results-format.h"
#include "summary-calls.h"
#include "summary-sites.h"


void
build_init (struct build *b, bool by_identity)
{
  *b = (struct build) { 0 };
  b->seen_files = json_object ();
  b->seen_units = json_object ();
  b->functions = json_object ();
  b->address_only = json_object ();
  b->last_unit = json_object ();
  b->entries = json_object ();
  b->calls = by_identity ? calls_new () : NULL;
  b->sites = calloc (1, sizeof *b->sites);
  b->sites->index = json_object ();
  b->sites->entry_reasons = json_object ();
}

static json_t *
counted (json_t *o, const char *key)
{
  return json_integer (results_num (o, key, 0) + 1);
}

/* Add the calls and entries of UNIT to B's aggregates.  */
static void
fold_unit (struct build *b, json_t *unit)
{
  char *id = summary_format ("%s\n%s\n%s",
			     results_str (unit, "directory"),
			     results_str (unit, "unit"),
			     results_str (unit, "flags"));
  bool again = json_object_get (b->seen_units, id) != NULL;
  json_object_set_new (b->seen_units, id, json_true ());
  free (id);
  if (again)
    {
      /* The same compilation into another output: the same code.  */
      b->again++;
      return;
    }
  json_t *calls = json_object_get (unit, "calls");
  if (b->n_units == b->cap_units)
    b->units = realloc (b->units, (b->cap_units = b->cap_units * 2 + 16)
				  * sizeof *b->units);
  size_t u = b->n_units++;
  char *limits = strdup ("");
  const char *param;
  json_t *value;
  json_object_foreach (json_object_get (unit, "limits"), param, value)
    {
      char *longer = summary_format ("%s%s%s %lld", limits,
				     *limits ? ", " : "", param,
				     (long long) json_integer_value (value));
      free (limits);
      limits = longer;
    }
  b->units[u] = (struct unit_row) {
    strdup (results_str (unit, "unit")),
    strdup (results_str (unit, "directory")),
    strdup (results_str (unit, "output")),
    strdup (results_str (unit, "flags")), limits,
    strdup (results_compiler (unit)), json_array_size (calls) };

  /* Hot functions used through their address: each place, once.  */
  json_t *only = json_object_get (unit, "address_only");
  for (size_t i = 0; i < json_array_size (only); i++)
    {
      json_t *a = json_array_get (only, i);
      const char *name = results_str (a, "function");
      json_t *f = json_object_get (b->address_only, name);
      if (!f)
	{
	  f = json_pack ("{s:{}}", "taken");
	  json_object_set_new (b->address_only, name, f);
	}
      long weight = results_weight (a);
      if (weight >= 0 && weight > results_weight (f))
	json_object_set_new (f, "weight", json_real (weight / 10000.0));
      json_t *taken = json_object_get (a, "address_taken");
      for (size_t k = 0; k < json_array_size (taken); k++)
	{
	  json_t *t = json_array_get (taken, k);
	  char *text = summary_format ("%s at %s:%lld", results_str (t, "in"),
				       results_str (t, "file"),
				       results_num (t, "line", 0));
	  json_object_set_new (json_object_get (f, "taken"), text,
			       json_true ());
	  free (text);
	}
    }

  json_t *entries = json_object_get (unit, "entries");
  for (size_t i = 0; i < json_array_size (entries); i++)
    {
      json_t *e = json_array_get (entries, i);
      const char *name = results_str (e, "name");
      char *key = summary_format ("%s:%lld:%lld: %s",
				  results_str (e, "policy"),
				  results_num (e, "line", 0),
				  results_num (e, "column", 0), name);
      if (!json_is_true (json_object_get (b->entries, key)))
	json_object_set (b->entries, key, json_object_get (e, "matched"));
      /* The reason of the entry that governs a call, by its name.  */
      if (json_object_get (e, "reason")
	  && !json_object_get (b->sites->entry_reasons, name))
	json_object_set_new (b->sites->entry_reasons, name,
			     json_string (results_str (e, "reason")));
      free (key);
    }

  for (size_t i = 0; i < json_array_size (calls); i++)
    {
      json_t *call = json_array_get (calls, i);
      const char *name = results_str (call, "callee");
      bool inlined = json_is_true (json_object_get (call, "inlined"));
      json_t *f = json_object_get (b->functions, name);
      if (!f)
	{
	  f = json_pack ("{s:i, s:i, s:{}, s:i}", "inlined", 0, "declined",
			 0, "reasons", "units", 0);
	  json_object_set_new (b->functions, name, f);
	}
      const char *count = inlined ? "inlined" : "declined";
      json_object_set_new (f, count, counted (f, count));
      /* The heaviest of the entries that govern its calls.  */
      long weight = results_weight (call);
      if (weight >= 0 && weight > results_weight (f))
	json_object_set_new (f, "weight", json_real (weight / 10000.0));
      inlined ? b->inlined++ : b->left++;
      if (!inlined)
	{
	  json_t *reasons = json_object_get (f, "reasons");
	  const char *reason = results_str (call, "reason");
	  json_object_set_new (reasons, reason, counted (reasons, reason));
	}
      if (results_num (b->last_unit, name, -1) != (long long) u)
	{
	  json_object_set_new (b->last_unit, name, json_integer (u));
	  json_object_set_new (f, "units", counted (f, "units"));
	}
    }
  if (b->calls)
    calls_add_unit (b->calls, unit);
  sites_add_unit (b->sites, unit, u);
}

/* The parsed results file lives in an arena, reset for the next file:
   a unit is thousands of small objects, all let go at once, and malloc
   would spend more time on them than the parser.  What the aggregates
   keep of a unit is copied out (json_deep_copy) under malloc.  */
struct arena_block
{
  struct arena_block *next;
  size_t size, used;
  char data[];
};

static struct arena_block *arena, *arena_now;

static void *
arena_alloc (size_t n)
{
  n = (n + 15) & ~(size_t) 15;
  while (arena_now && arena_now->used + n > arena_now->size)
    {
      if (!arena_now->next)
	{
	  size_t size = n > (1 << 20) ? n : 1 << 20;
	  arena_now->next = calloc (1, sizeof *arena_now + size);
	  if (!arena_now->next)
	    abort ();
	  arena_now->next->size = size;
	}
      arena_now = arena_now->next;
    }
  if (!arena_now)
    {
      arena = arena_now = calloc (1, sizeof *arena + (1 << 20));
      if (!arena)
	abort ();
      arena->size = 1 << 20;
      return arena_alloc (n);
    }
  void *p = arena_now->data + arena_now->used;
  arena_now->used += n;
  return p;
}

static void
arena_free (void *p)
{
  (void) p;			/* All at once, in arena_reset.  */
}

static void
arena_reset (void)
{
  for (struct arena_block *a = arena; a; a = a->next)
    a->used = 0;
  arena_now = arena;
}

/* The results file PATH, read into the arena (arena_reset lets it go);
   exits with the reader's message when it is not one.  */
static json_t *
read_unit (const char *path)
{
  char *error;
  json_set_alloc_funcs (arena_alloc, arena_free);
  json_t *unit = results_read (path, &error);
  json_set_alloc_funcs (malloc, free);
  if (!unit)
    summary_die ("%s", error);
  return unit;
}

static void
read_one_file (struct build *b, const char *path)
{
  char *real = realpath (path, NULL);
  if (real && json_object_get (b->seen_files, real))
    {
      free (real);		/* The same directory given twice.  */
      return;
    }
  if (real)
    json_object_set_new (b->seen_files, real, json_true ());
  free (real);
  json_t *unit = read_unit (path);
  /* When the build was made, as far as its results say.  */
  struct stat st;
  if (stat (path, &st) == 0 && st.st_mtime > b->newest)
    b->newest = st.st_mtime;
  b->files++;
  const char *lto = results_str (unit, "lto");
  if (strcmp (lto, RESULTS_LTO_FAT) == 0)
    {
      if (b->n_fat == b->cap_fat)
	b->fat = realloc (b->fat, (b->cap_fat = b->cap_fat * 2 + 16)
				  * sizeof *b->fat);
      b->fat[b->n_fat++] = strdup (path);
    }
  else
    {
      b->linked |= strcmp (lto, RESULTS_LTO_LINK) == 0;
      fold_unit (b, unit);
    }
  arena_reset ();		/* UNIT with it.  */
}

void
build_finish (struct build *b)
{
  for (size_t i = 0; i < b->n_fat; i++)
    {
      if (b->linked)
	b->superseded++;
      else
	{
	  fold_unit (b, read_unit (b->fat[i]));
	  arena_reset ();
	}
      free (b->fat[i]);
    }
  free (b->fat);
  b->fat = NULL;
  b->n_fat = b->cap_fat = 0;
  if (b->calls)
    calls_finish (b->calls);
}

void
read_path (struct build *b, const char *path)
{
  struct stat st;
  if (stat (path, &st) != 0)
    summary_die ("cannot read %s: %s", path, strerror (errno));
  if (!S_ISDIR (st.st_mode))
    {
      read_one_file (b, path);
      return;
    }
  size_t n;
  char *error;
  char **names = results_files (path, &n, &error);
  if (!names)
    summary_die ("%s", error);
  if (!n && b->may_be_empty)
    {
      free (names);
      return;
    }
  if (!n)
    summary_die ("%s: no results files (*.json) in this directory; they are "
	 "written by compiling with -fplugin=hotinline "
	 "-fplugin-arg-hotinline-policy=POLICY "
	 "-fplugin-arg-hotinline-results=%s", path, path);
  for (size_t i = 0; i < n; i++)
    {
      read_one_file (b, names[i]);
      free (names[i]);
    }
  free (names);
}

json_t *
stale_entries (struct build *b)
{
  json_t *stale = json_array ();
  size_t n;
  char **keys = sorted_keys (b->entries, &n);
  for (size_t i = 0; i < n; i++)
    {
      if (!json_is_true (json_object_get (b->entries, keys[i])))
	json_array_append_new (stale, json_string (keys[i]));
      free (keys[i]);
    }
  free (keys);
  return stale;
}

static int
compare_names_by_weight (const void *a, const void *b, void *fns)
{
  const char *x = *(char *const *) a, *y = *(char *const *) b;
  long wx = results_weight (json_object_get (fns, x));
  long wy = results_weight (json_object_get (fns, y));
  if (wx != wy)
    return wx > wy ? -1 : 1;
  return strcmp (x, y);
}

char **
address_only (struct build *b, size_t *n)
{
  char **names = calloc (json_object_size (b->address_only) + 1,
			 sizeof *names);
  *n = 0;
  const char *name;
  json_t *f;
  json_object_foreach (b->address_only, name, f)
    if (!json_object_get (b->functions, name))
      names[(*n)++] = strdup (name);
  qsort_r (names, *n, sizeof *names, compare_names_by_weight,
	   b->address_only);
  return names;
}

json_t *
build_compiler_units (struct build *b)
{
  json_t *count = json_object ();
  for (size_t u = 0; u < b->n_units; u++)
    if (b->units[u].compiler[0])
      json_object_set_new (count, b->units[u].compiler,
			   json_integer (results_num (count,
						      b->units[u].compiler,
						      0) + 1));
  return count;
}

char *
build_compilers (struct build *b, bool *mixed)
{
  json_t *count = build_compiler_units (b);
  size_t n;
  char **names = sorted_keys (count, &n);
  char *text = strdup (n == 1 ? names[0] : "");
  for (size_t i = 0; n > 1 && i < n; i++)
    {
      long long units = results_num (count, names[i], 0);
      char *longer = summary_format ("%s%s%s (%lld unit%s)", text,
				     i ? ", " : "", names[i], units,
				     units == 1 ? "" : "s");
      free (text);
      text = longer;
    }
  for (size_t i = 0; i < n; i++)
    free (names[i]);
  free (names);
  json_decref (count);
  *mixed = n > 1;
  return text;
}
