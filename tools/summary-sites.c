/* hotinline-summary's call sites: the calls of every unit merged per
   place in the source, caller and callee, sorted, and compared with an
   older build; what the HTML pages show.  */
#define _GNU_SOURCE
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "summary-sites.h"

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

static size_t
index_of (char **sorted, size_t n, const char *s)
{
  char **p = bsearch (&s, sorted, n, sizeof *sorted, compare_strings);
  return p ? (size_t) (p - sorted) : n;
}

/* A text for an inline chain, to tell distinct chains apart.  */
static char *
chain_text (json_t *chain)
{
  char *text = strdup ("");
  for (size_t k = 0; k < json_array_size (chain); k++)
    {
      json_t *step = json_array_get (chain, k);
      char *longer = summary_format ("%s%s:%s:%s:%lld:%lld", text,
				     results_str (step, "function"),
				     results_str (step, "into"),
				     results_str (step, "file"),
				     results_num (step, "line", 0),
				     results_num (step, "column", 0));
      free (text);
      text = longer;
    }
  return text;
}

char *
site_key (const struct site *site)
{
  return call_key (site->file, site->line, site->column, site->callee,
		   site->caller);
}

void
sites_add_unit (struct sites *s, json_t *unit, size_t unit_index)
{
  if (!s->pool)
    s->pool = json_object ();
  taken_add_unit (s, unit);
  json_t *calls = json_object_get (unit, "calls");
  for (size_t c = 0; c < json_array_size (calls); c++)
    {
      json_t *call = json_array_get (calls, c);
      char *path = unit_path (unit, results_str (call, "file"));
      char *key = call_key (path, results_num (call, "line", 0),
			    results_num (call, "column", 0),
			    results_str (call, "callee"),
			    results_str (call, "caller"));
      json_t *at = json_object_get (s->index, key);
      struct site *site;
      if (at)
	site = &s->v[json_integer_value (at)];
      else
	{
	  if (s->n == s->cap)
	    s->v = realloc (s->v, (s->cap = s->cap * 2 + 16) * sizeof *s->v);
	  json_object_set_new (s->index, key, json_integer (s->n));
	  site = &s->v[s->n++];
	  *site = (struct site) {
	    .path = intern (s->pool, path),
	    .file = intern (s->pool, results_str (call, "file")),
	    .callee = intern (s->pool, results_str (call, "callee")),
	    .caller = intern (s->pool, results_str (call, "caller")),
	    .line = results_num (call, "line", 0),
	    .column = results_num (call, "column", 0),
	    .last_unit = (size_t) -1, .size = -1, .early_size = -1,
	    .inlined_size = -1, .weight = -1,
	    .entry = intern (s->pool, results_str (call, "entry"))
	  };
	}
      free (key);
      free (path);
      if (results_weight (call) > site->weight)
	site->weight = results_weight (call);
      if (site->last_unit != unit_index)
	{
	  site->last_unit = unit_index;
	  site->units++;
	}
      if (json_is_true (json_object_get (call, "inlined")))
	{
	  if (!site->inlined++)
	    {
	      json_t *limits = json_object_get (unit, "limits");
	      site->inlined_size = results_num (call, "early_size", -1);
	      site->limit_auto = results_num (limits, "max-inline-insns-auto",
					      -1);
	      site->limit_single = results_num (limits,
						"max-inline-insns-single", -1);
	    }
	  continue;
	}
      const char *reason = results_str (call, "reason");
      if (site->left && strcmp (reason, site->reason) != 0)
	{
	  if (!site->other_reasons)
	    site->other_reasons = json_object ();
	  json_object_set_new (site->other_reasons, reason, json_true ());
	}
      if (!site->left++)
	{
	  site->reason = intern (s->pool, reason);
	  if (json_object_get (call, "hint"))
	    site->hint = intern (s->pool, results_str (call, "hint"));
	  site->size = results_num (call, "size", -1);
	  site->early_size = results_num (call, "early_size", -1);
	  site->limit = json_deep_copy (json_object_get (call, "limit"));
	}
      /* Each distinct path the call was inlined through, with its calls
	 (GCC can duplicate one call into many).  */
      json_t *chain = json_object_get (call, "chain");
      if (!json_array_size (chain))
	{
	  site->direct++;
	  continue;
	}
      char *text = chain_text (chain);
      json_t *seen = site->chains ? json_object_get (site->chains, text)
			: NULL;
      if (!site->chains)
	site->chains = json_object ();
      if (seen)
	json_array_set_new (seen, 1,
			    json_integer (json_integer_value
					  (json_array_get (seen, 1)) + 1));
      else if (json_object_size (site->chains) < SITE_MAX_CHAINS)
	json_object_set_new (site->chains, text,
			     json_pack ("[o, i]", json_deep_copy (chain), 1));
      else
	site->more_chains++;
      free (text);
    }
}

/* The callees of S's sites, sorted.  */
static char **
sorted_callees (struct sites *s, size_t *n)
{
  json_t *set = json_object ();
  for (size_t i = 0; i < s->n; i++)
    json_object_set_new (set, s->v[i].callee, json_true ());
  char **v = sorted_keys (set, n);
  json_decref (set);
  return v;
}

/* The files of S's sites and places, sorted, each with the name the
   results give it (a site's first, for the pages as they were).  */
static void
index_files (struct sites *s)
{
  json_t *names = json_object ();
  for (size_t i = 0; i < s->n; i++)
    if (!json_object_get (names, s->v[i].path))
      json_object_set_new (names, s->v[i].path,
			   json_string (s->v[i].file));
  for (size_t i = 0; i < s->n_taken; i++)
    if (!json_object_get (names, s->taken[i].path))
      json_object_set_new (names, s->taken[i].path,
			   json_string (s->taken[i].file));
  s->files = sorted_keys (names, &s->n_files);
  s->file_names = calloc (s->n_files + 1, sizeof *s->file_names);
  for (size_t p = 0; p < s->n_files; p++)
    s->file_names[p] = intern (s->pool, json_string_value
			       (json_object_get (names, s->files[p])));
  json_decref (names);
  /* Sites and places are sorted by path: each file's are one run.  */
  s->page_start = calloc (s->n_files + 1, sizeof *s->page_start);
  s->taken_start = calloc (s->n_files + 1, sizeof *s->taken_start);
  size_t i = 0, t = 0;
  for (size_t p = 0; p < s->n_files; p++)
    {
      s->page_start[p] = i;
      for (; i < s->n && strcmp (s->v[i].path, s->files[p]) == 0; i++)
	s->v[i].page = p;
      s->taken_start[p] = t;
      for (; t < s->n_taken && strcmp (s->taken[t].path, s->files[p]) == 0;
	   t++)
	s->taken[t].page = p;
    }
  s->page_start[s->n_files] = i;
  s->taken_start[s->n_files] = t;
}

void
sites_finish (struct sites *s, json_t *changes)
{
  json_decref (s->index);
  s->index = NULL;
  if (!s->pool)
    s->pool = json_object ();
  qsort (s->v, s->n, sizeof *s->v, compare_sites);
  s->functions = sorted_callees (s, &s->n_functions);
  taken_finish (s);
  index_files (s);
  for (size_t i = 0; i < s->n; i++)
    s->v[i].fn = index_of (s->functions, s->n_functions, s->v[i].callee);
  /* Each callee's sites, in the order above (a counting sort).  */
  s->fn_start = calloc (s->n_functions + 2, sizeof *s->fn_start);
  s->by_fn = calloc (s->n + 1, sizeof *s->by_fn);
  for (size_t i = 0; i < s->n; i++)
    s->fn_start[s->v[i].fn + 2]++;
  for (size_t k = 2; k < s->n_functions + 2; k++)
    s->fn_start[k] += s->fn_start[k - 1];
  for (size_t i = 0; i < s->n; i++)
    s->by_fn[s->fn_start[s->v[i].fn + 1]++] = i;

  for (size_t i = 0; changes && i < s->n; i++)
    {
      struct site *site = &s->v[i];
      char *key = site_key (site);
      json_t *was = json_object_get (changes, key);
      free (key);
      site->change = results_num (was, "change", 0);
      if (json_object_get (was, "story"))
	site->story = strdup (results_str (was, "story"));
    }
}

char *
size_story (json_t *old, json_t *old_limits, json_t *new_)
{
  /* Sizes after the early inliner compare builds: the same measure in
     both, known also for a function inlined everywhere, which has no size
     after the IPA inliner.  That one, what the hint says, is given too.  */
  long long size = results_num (new_, "size", -1);
  long long pre = results_num (new_, "early_size", -1);
  long long was = old ? results_num (old, "early_size", -1) : -1;
  json_t *limit = json_object_get (new_, "limit");
  const char *name = results_str (new_, "callee");
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
  long long value = results_num (limit, "value", 0);
  const char *param = results_str (limit, "param");
  long long old_value = results_num (old_limits, param, value);
  if (old_value != value)
    r = asprintf (&story, "%s; the limit went from %lld to %lld (--param "
		  "%s)", sizes, old_value, value, param);
  else
    r = asprintf (&story, "%s; the limit is %lld (--param %s)", sizes, value,
		  param);
  if (r < 0)
    abort ();
  free (sizes);
  return story;
}
