/* hotinline-summary's places where the address of a hot function is
   taken, for the hot functions that no call of any unit reaches: such a
   function has no call site to show whether it is inlined, so the HTML
   pages show where its address is taken instead, and the index links
   there.  Kept per distinct place, as the sites are: memory grows with
   the places of the build, not with its units.  */
#define _GNU_SOURCE
#include <stdlib.h>
#include <string.h>

#include "summary-sites.h"

/* A place's text as the index lists it: "in at file:line".  */
static char *
place_text (const char *in, const char *file, long long line)
{
  return summary_format ("%s at %s:%lld", in, file, line);
}

void
taken_add_unit (struct sites *s, json_t *unit)
{
  if (!s->taken_index)
    s->taken_index = json_object ();
  json_t *only = json_object_get (unit, "address_only");
  for (size_t i = 0; i < json_array_size (only); i++)
    {
      json_t *a = json_array_get (only, i);
      json_t *taken = json_object_get (a, "address_taken");
      for (size_t k = 0; k < json_array_size (taken); k++)
	{
	  json_t *t = json_array_get (taken, k);
	  const char *file = results_str (t, "file");
	  long long line = results_num (t, "line", 0);
	  /* A place the compiler could not locate has no line to show; the
	     index still lists it, as text.  */
	  if (!file[0] || line <= 0)
	    continue;
	  char *path = unit_path (unit, file);
	  char *key = summary_format ("%s\n%lld\n%s\n%s", path, line,
				      results_str (a, "function"),
				      results_str (t, "in"));
	  json_t *at = json_object_get (s->taken_index, key);
	  struct taken_place *place;
	  if (at)
	    place = &s->taken[json_integer_value (at)];
	  else
	    {
	      if (s->n_taken == s->cap_taken)
		s->taken = realloc (s->taken, (s->cap_taken = s->cap_taken
							      * 2 + 16)
					      * sizeof *s->taken);
	      json_object_set_new (s->taken_index, key,
				   json_integer (s->n_taken));
	      place = &s->taken[s->n_taken++];
	      *place = (struct taken_place) {
		.path = intern (s->pool, path),
		.file = intern (s->pool, file),
		.function = intern (s->pool, results_str (a, "function")),
		.in = intern (s->pool, results_str (t, "in")),
		.line = line, .weight = -1
	      };
	    }
	  free (key);
	  free (path);
	  if (results_weight (a) > place->weight)
	    place->weight = results_weight (a);
	}
    }
}

static int
compare_places (const void *a, const void *b)
{
  const struct taken_place *x = a, *y = b;
  int c = strcmp (x->path, y->path);
  if (c)
    return c;
  if (x->line != y->line)
    return x->line < y->line ? -1 : 1;
  if ((c = strcmp (x->function, y->function)))
    return c;
  return strcmp (x->in, y->in);
}

size_t
address_fn_index (const struct sites *s, const char *name)
{
  char **p = bsearch (&name, s->address_fns, s->n_address_fns,
		      sizeof *s->address_fns, compare_strings);
  return p ? (size_t) (p - s->address_fns) : s->n_address_fns;
}

void
taken_finish (struct sites *s)
{
  json_decref (s->taken_index);
  s->taken_index = NULL;
  /* A function some unit calls has its call sites: its places go.  */
  size_t kept = 0;
  for (size_t i = 0; i < s->n_taken; i++)
    {
      const char *name = s->taken[i].function;
      if (!bsearch (&name, s->functions, s->n_functions,
		    sizeof *s->functions, compare_strings))
	s->taken[kept++] = s->taken[i];
    }
  s->n_taken = kept;
  qsort (s->taken, s->n_taken, sizeof *s->taken, compare_places);

  json_t *names = json_object ();
  for (size_t i = 0; i < s->n_taken; i++)
    json_object_set_new (names, s->taken[i].function, json_true ());
  s->address_fns = sorted_keys (names, &s->n_address_fns);
  json_decref (names);

  /* The index lists a function's places by their text, as the results
     name the file: the same text from several directories is one link,
     to the first of them.  */
  s->taken_by_text = json_object ();
  for (size_t i = 0; i < s->n_taken; i++)
    {
      struct taken_place *place = &s->taken[i];
      place->fn = address_fn_index (s, place->function);
      char *text = place_text (place->in, place->file, place->line);
      char *key = summary_format ("%s\n%s", place->function, text);
      json_t *at = json_object_get (s->taken_by_text, key);
      if (at)
	json_array_set_new (at, 1, json_integer (json_integer_value
						  (json_array_get (at, 1))
						  + 1));
      else
	json_object_set_new (s->taken_by_text, key,
			     json_pack ("[i, i]", (json_int_t) i, 1));
      free (key);
      free (text);
    }
}
