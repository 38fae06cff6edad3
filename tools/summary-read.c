/* hotinline-summary's input: results files and directories of them, each
   file read with jansson, checked field by field, folded into the build's
   aggregates and let go (summary.h).  */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <stdarg.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "summary-sites.h"

static const char results_format[] = "hotinline-results-1";

static void __attribute__ ((noreturn, format (printf, 1, 2)))
die (const char *fmt, ...)
{
  va_list ap;
  fputs ("hotinline-summary: ", stderr);
  va_start (ap, fmt);
  vfprintf (stderr, fmt, ap);
  va_end (ap);
  fputc ('\n', stderr);
  exit (2);
}

void
build_init (struct build *b, bool keep_outcomes)
{
  *b = (struct build) { 0 };
  b->seen_files = json_object ();
  b->seen_units = json_object ();
  b->functions = json_object ();
  b->address_only = json_object ();
  b->last_unit = json_object ();
  b->entries = json_object ();
  b->outcomes = json_object ();
  b->keep_outcomes = keep_outcomes;
  b->sites = calloc (1, sizeof *b->sites);
  b->sites->index = json_object ();
  b->sites->entry_reasons = json_object ();
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

/* The fields of a results file, per object, and the JSON type each must
   have; OPTIONAL ones were added later or are there only sometimes.  */
struct field
{
  const char *key;
  json_type type;
  bool optional;
  const char *what;		/* For the message when it is wrong.  */
};

static const struct field unit_fields[] = {
  { "unit", JSON_STRING, false, "the unit's main source file" },
  { "directory", JSON_STRING, false, "the directory it was compiled in" },
  { "output", JSON_STRING, true, "its output file" },
  { "flags", JSON_STRING, true, "the options that change its code" },
  { "limits", JSON_OBJECT, true, "the inliner's limits" },
  { "entries", JSON_ARRAY, false, "the policy entries" },
  { "calls", JSON_ARRAY, false, "the hot calls" },
  { "functions", JSON_ARRAY, true, "the functions asked to be forced" },
  { "address_only", JSON_ARRAY, true,
    "the hot functions used only through their address" },
  { NULL, 0, false, NULL }
};

static const struct field entry_fields[] = {
  { "name", JSON_STRING, false, "the entry's name" },
  { "policy", JSON_STRING, false, "the policy file" },
  { "line", JSON_INTEGER, false, "a line number" },
  { "column", JSON_INTEGER, false, "a column number" },
  { "matched", JSON_TRUE, false, "whether it matched" },
  { "reason", JSON_STRING, true, "the entry's reason" },
  { "weight", JSON_REAL, true, "a percentage from 0 to 100" },
  { NULL, 0, false, NULL }
};

static const struct field call_fields[] = {
  { "file", JSON_STRING, false, "the call's source file" },
  { "line", JSON_INTEGER, false, "a line number" },
  { "column", JSON_INTEGER, false, "a column number" },
  { "caller", JSON_STRING, false, "the calling function" },
  { "callee", JSON_STRING, false, "the hot function" },
  { "inlined", JSON_TRUE, false, "whether it was inlined" },
  { "reason", JSON_STRING, true, "GCC's reason" },
  { "hint", JSON_STRING, true, "hotinline's hint" },
  { "entry", JSON_STRING, true, "the policy entry" },
  { "weight", JSON_REAL, true, "a percentage from 0 to 100" },
  { "size", JSON_INTEGER, true, "an estimated size" },
  { "early_size", JSON_INTEGER, true, "an estimated size" },
  { "limit", JSON_OBJECT, true, "the limit GCC compared with" },
  { "chain", JSON_ARRAY, true, "the inline chain" },
  { NULL, 0, false, NULL }
};

static const struct field address_fields[] = {
  { "function", JSON_STRING, false, "the hot function" },
  { "entry", JSON_STRING, false, "the policy entry" },
  { "weight", JSON_REAL, true, "a percentage from 0 to 100" },
  { "address_taken", JSON_ARRAY, false, "where its address is taken" },
  { NULL, 0, false, NULL }
};

static const struct field taken_fields[] = {
  { "in", JSON_STRING, false, "the function or variable taking it" },
  { "file", JSON_STRING, false, "a source file" },
  { "line", JSON_INTEGER, false, "a line number" },
  { NULL, 0, false, NULL }
};

static const struct field link_fields[] = {
  { "function", JSON_STRING, false, "the function inlined" },
  { "into", JSON_STRING, false, "the function it was inlined into" },
  { "file", JSON_STRING, false, "a source file" },
  { "line", JSON_INTEGER, false, "a line number" },
  { "column", JSON_INTEGER, false, "a column number" },
  { NULL, 0, false, NULL }
};

static const char *
type_name (json_type t)
{
  switch (t)
    {
    case JSON_OBJECT: return "an object";
    case JSON_ARRAY: return "an array";
    case JSON_STRING: return "a string";
    case JSON_INTEGER: return "an integer";
    case JSON_REAL: return "a number";
    case JSON_TRUE: case JSON_FALSE: return "true or false";
    default: return "null";
    }
}

/* JSON_TRUE stands for either boolean, JSON_REAL for any number.  */
static bool
has_type (json_t *v, json_type t)
{
  return t == JSON_TRUE ? json_is_boolean (v)
	 : t == JSON_REAL ? json_is_number (v) : json_typeof (v) == t;
}

long
weight_of (json_t *o)
{
  json_t *v = json_object_get (o, "weight");
  if (!json_is_number (v))
    return -1;
  /* Rounded to the policy's 4 decimals: writers print numbers with more
     digits or fewer.  */
  double w = json_number_value (v) * 10000 + 0.5;
  return w < 0 ? -1 : (long) w;
}

/* Exit unless O's weight, if it has one, is a percentage.  */
static void
check_weight (const char *file, const char *where, json_t *o)
{
  json_t *v = json_object_get (o, "weight");
  if (v && !(json_number_value (v) >= 0 && json_number_value (v) <= 100))
    die ("%s: %s%sweight: expected a percentage from 0 to 100, found %g",
	 file, where, *where ? "." : "", json_number_value (v));
}

/* Exit unless the object O (at WHERE of FILE, "" for the top) has every
   field of FIELDS with its type.  */
static void
check_fields (const char *file, const char *where, json_t *o,
	      const struct field *fields)
{
  if (!json_is_object (o))
    die ("%s: %s: expected an object, found %s", file, where,
	 type_name (json_typeof (o)));
  for (const struct field *f = fields; f->key; f++)
    {
      json_t *v = json_object_get (o, f->key);
      if (!v && f->optional)
	continue;
      if (!v)
	die ("%s: %s%s%s: missing; expected %s (%s)", file, where,
	     *where ? "." : "", f->key, type_name (f->type), f->what);
      if (!has_type (v, f->type))
	die ("%s: %s%s%s: expected %s (%s), found %s", file, where,
	     *where ? "." : "", f->key, type_name (f->type), f->what,
	     type_name (json_typeof (v)));
    }
}

/* Exit unless every element of O's array KEY has FIELDS.  */
static void
check_each (const char *file, const char *where, json_t *o, const char *key,
	    const struct field *fields, void (*more) (const char *, const char *,
						     json_t *))
{
  json_t *a = json_object_get (o, key);
  for (size_t i = 0; i < json_array_size (a); i++)
    {
      char *at = summary_format ("%s%s%s[%zu]", where, *where ? "." : "",
				 key, i);
      check_fields (file, at, json_array_get (a, i), fields);
      if (more)
	more (file, at, json_array_get (a, i));
      free (at);
    }
}

static void
check_address (const char *file, const char *where, json_t *a)
{
  check_each (file, where, a, "address_taken", taken_fields, NULL);
  check_weight (file, where, a);
}

static void
check_call (const char *file, const char *where, json_t *call)
{
  check_each (file, where, call, "chain", link_fields, NULL);
  check_weight (file, where, call);
  if (!*str (call, "callee"))
    die ("%s: %s.callee: empty; expected the hot function's name", file,
	 where);
}

/* Exit unless UNIT, read from FILE, is a whole results file.  */
static void
check_unit (const char *file, json_t *unit)
{
  if (!json_is_object (unit))
    die ("%s: not a hotinline results file: expected an object with "
	 "\"format\": \"%s\"", file, results_format);
  json_t *format = json_object_get (unit, "format");
  if (!json_is_string (format)
      || strcmp (json_string_value (format), results_format) != 0)
    die ("%s: not a hotinline results file: format: expected \"%s\"",
	 file, results_format);
  check_fields (file, "", unit, unit_fields);
  if (!*str (unit, "unit"))
    die ("%s: unit: empty; expected the unit's main source file", file);
  check_each (file, "", unit, "entries", entry_fields, check_weight);
  check_each (file, "", unit, "calls", call_fields, check_call);
  check_each (file, "", unit, "address_only", address_fields,
	      check_address);
}

static json_t *
counted (json_t *o, const char *key)
{
  return json_integer (num (o, key, 0) + 1);
}

/* Add the calls and entries of UNIT to B's aggregates.  */
static void
fold_unit (struct build *b, json_t *unit)
{
  char *id = summary_format ("%s\n%s\n%s", str (unit, "directory"),
			     str (unit, "unit"), str (unit, "flags"));
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
  b->units[u] = (struct unit_row) { strdup (str (unit, "unit")),
				    strdup (str (unit, "directory")),
				    strdup (str (unit, "output")),
				    strdup (str (unit, "flags")), limits,
				    json_array_size (calls) };

  /* Hot functions used through their address: each place, once.  */
  json_t *only = json_object_get (unit, "address_only");
  for (size_t i = 0; i < json_array_size (only); i++)
    {
      json_t *a = json_array_get (only, i);
      json_t *f = json_object_get (b->address_only, str (a, "function"));
      if (!f)
	{
	  f = json_pack ("{s:{}}", "taken");
	  json_object_set_new (b->address_only, str (a, "function"), f);
	}
      long weight = weight_of (a);
      if (weight >= 0 && weight > weight_of (f))
	json_object_set_new (f, "weight", json_real (weight / 10000.0));
      json_t *taken = json_object_get (a, "address_taken");
      for (size_t k = 0; k < json_array_size (taken); k++)
	{
	  json_t *t = json_array_get (taken, k);
	  char *text = summary_format ("%s at %s:%lld", str (t, "in"),
				       str (t, "file"), num (t, "line", 0));
	  json_object_set_new (json_object_get (f, "taken"), text,
			       json_true ());
	  free (text);
	}
    }

  json_t *entries = json_object_get (unit, "entries");
  for (size_t i = 0; i < json_array_size (entries); i++)
    {
      json_t *e = json_array_get (entries, i);
      char *key = summary_format ("%s:%lld:%lld: %s", str (e, "policy"),
				  num (e, "line", 0), num (e, "column", 0),
				  str (e, "name"));
      if (!json_is_true (json_object_get (b->entries, key)))
	json_object_set (b->entries, key, json_object_get (e, "matched"));
      /* The reason of the entry that governs a call, by its name.  */
      if (json_object_get (e, "reason")
	  && !json_object_get (b->sites->entry_reasons, str (e, "name")))
	json_object_set_new (b->sites->entry_reasons, str (e, "name"),
			     json_string (str (e, "reason")));
      free (key);
    }

  for (size_t i = 0; i < json_array_size (calls); i++)
    {
      json_t *call = json_array_get (calls, i);
      const char *name = str (call, "callee");
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
      long weight = weight_of (call);
      if (weight >= 0 && weight > weight_of (f))
	json_object_set_new (f, "weight", json_real (weight / 10000.0));
      inlined ? b->inlined++ : b->left++;
      if (!inlined)
	{
	  json_t *reasons = json_object_get (f, "reasons");
	  const char *reason = str (call, "reason");
	  json_object_set_new (reasons, reason, counted (reasons, reason));
	}
      if (num (b->last_unit, name, -1) != (long long) u)
	{
	  json_object_set_new (b->last_unit, name, json_integer (u));
	  json_object_set_new (f, "units", counted (f, "units"));
	}
      if (!b->keep_outcomes)
	continue;
      char *key = call_key (call);
      json_t *o = json_object_get (b->outcomes, key);
      if (!o)
	json_object_set_new (b->outcomes, key,
			     o = json_pack ("{s:i}", "left", 0));
      if (!inlined)
	json_object_set_new (o, "left", counted (o, "left"));
      else if (!json_object_get (o, "inlined"))
	{
	  json_t *limits = json_object_get (unit, "limits");
	  json_object_set_new (o, "inlined",
			       json_pack ("[o, o]", json_deep_copy (call),
					  limits ? json_deep_copy (limits)
					  : json_null ()));
	}
      free (key);
    }
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
  /* Read whole into one buffer kept for every file, then parsed from
     memory: jansson reads a stream a character at a time, and a buffer
     made per file would make malloc consolidate the freed unit each
     time.  */
  static char *text;
  static size_t cap;
  size_t size = 0;
  FILE *f = fopen (path, "rb");
  if (!f)
    die ("cannot read %s: %s", path, strerror (errno));
  for (size_t n;; size += n)
    {
      if (cap - size < 65536)
	text = realloc (text, cap = cap * 2 + 65536);
      if (!(n = fread (text + size, 1, cap - size, f)))
	break;
    }
  if (ferror (f))
    die ("cannot read %s: %s", path, strerror (errno));
  fclose (f);
  json_error_t err;
  json_set_alloc_funcs (arena_alloc, arena_free);
  json_t *unit = json_loadb (text, size, 0, &err);
  json_set_alloc_funcs (malloc, free);
  if (!unit)
    die ("%s:%d:%d: not a hotinline results file: %s", path, err.line,
	 err.column, err.text);
  check_unit (path, unit);
  b->files++;
  fold_unit (b, unit);
  arena_reset ();		/* UNIT with it.  */
}

void
read_path (struct build *b, const char *path)
{
  struct stat st;
  if (stat (path, &st) != 0)
    die ("cannot read %s: %s", path, strerror (errno));
  if (!S_ISDIR (st.st_mode))
    {
      read_one_file (b, path);
      return;
    }
  DIR *d = opendir (path);
  if (!d)
    die ("cannot read the directory %s: %s", path, strerror (errno));
  char **names = NULL;
  size_t n = 0, cap = 0;
  for (struct dirent *e; (e = readdir (d));)
    {
      size_t len = strlen (e->d_name);
      if (len > 5 && strcmp (e->d_name + len - 5, ".json") == 0)
	{
	  if (n == cap)
	    names = realloc (names, (cap = cap * 2 + 64) * sizeof *names);
	  names[n++] = summary_format ("%s/%s", path, e->d_name);
	}
    }
  closedir (d);
  if (!n)
    die ("%s: no results files (*.json) in this directory; they are "
	 "written by compiling with -fplugin=hotinline "
	 "-fplugin-arg-hotinline-policy=POLICY "
	 "-fplugin-arg-hotinline-results=%s", path, path);
  qsort (names, n, sizeof *names, compare_strings);
  for (size_t i = 0; i < n; i++)
    {
      read_one_file (b, names[i]);
      free (names[i]);
    }
  free (names);
}
