/* The tools' reader of results files (results-read.h): the fields of the
   format, per object, and the JSON type each must have.  */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "results-format.h"
#include "results-read.h"

/* A field; OPTIONAL ones were added later or are there only sometimes
   (results-format.h).  */
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
  { "compiler", JSON_STRING, true, "the compiler that wrote it" },
  { "lto", JSON_STRING, true, "\"fat\" or \"link\"" },
  { "limits", JSON_OBJECT, true, "the inliner's limits" },
  { "entries", JSON_ARRAY, false, "the policy entries" },
  { "calls", JSON_ARRAY, false, "the hot calls" },
  { "functions", JSON_ARRAY, true, "the functions asked to be forced" },
  { "address_only", JSON_ARRAY, true,
    "the hot functions used only through their address" },
  { "marks", JSON_ARRAY, true, "the functions with an inline mark" },
  { "mark_calls", JSON_ARRAY, true, "the calls to marked functions" },
  { "failed", JSON_OBJECT, true, "why the unit did not compile" },
  { NULL, 0, false, NULL }
};

static const struct field mark_fields[] = {
  { "function", JSON_STRING, false, "the marked function" },
  { "file", JSON_STRING, false, "a source file" },
  { "line", JSON_INTEGER, false, "a line number" },
  { "mark", JSON_STRING, false, "\"always_inline\" or \"inline\"" },
  { "disregarded", JSON_TRUE, false, "whether the mark was disregarded" },
  { NULL, 0, false, NULL }
};

static const struct field failed_fields[] = {
  { "errors", JSON_INTEGER, false, "the number of errors" },
  { "functions", JSON_ARRAY, false, "the functions compiled with errors" },
  { NULL, 0, false, NULL }
};

static const struct field error_fields[] = {
  { "function", JSON_STRING, false, "the function compiled with errors" },
  { "file", JSON_STRING, false, "a source file" },
  { "line", JSON_INTEGER, false, "a line number" },
  { "errors", JSON_INTEGER, false, "the number of errors" },
  { "message", JSON_STRING, true, "the first error" },
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
  { "may_merge", JSON_INTEGER, true, "a group of mergeable calls" },
  { NULL, 0, false, NULL }
};

static const struct field function_fields[] = {
  { "function", JSON_STRING, false, "the function asked to be forced" },
  { "file", JSON_STRING, false, "a source file" },
  { "line", JSON_INTEGER, false, "a line number" },
  { "forced", JSON_TRUE, false, "whether it was forced" },
  { "why_not", JSON_STRING, true, "why it was not" },
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

/* The file being checked, and the first thing found wrong in it.  */
struct check
{
  const char *file;
  char *error;
};

static bool __attribute__ ((format (printf, 2, 3)))
fail (struct check *ck, const char *fmt, ...)
{
  if (ck->error)
    return false;
  char *what;
  va_list ap;
  va_start (ap, fmt);
  if (vasprintf (&what, fmt, ap) < 0)
    abort ();
  va_end (ap);
  if (asprintf (&ck->error, "%s: %s", ck->file, what) < 0)
    abort ();
  free (what);
  return false;
}

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

/* O's weight, if it has one, is a percentage.  */
static bool
check_weight (struct check *ck, const char *where, json_t *o)
{
  json_t *v = json_object_get (o, "weight");
  if (v && !(json_number_value (v) >= 0 && json_number_value (v) <= 100))
    return fail (ck, "%s%sweight: expected a percentage from 0 to 100, "
		 "found %g", where, *where ? "." : "", json_number_value (v));
  return true;
}

/* The object O (at WHERE, "" for the top) has every field of FIELDS with
   its type.  */
static bool
check_fields (struct check *ck, const char *where, json_t *o,
	      const struct field *fields)
{
  if (!json_is_object (o))
    return fail (ck, "%s: expected an object, found %s", where,
		 type_name (json_typeof (o)));
  for (const struct field *f = fields; f->key; f++)
    {
      json_t *v = json_object_get (o, f->key);
      if (!v && f->optional)
	continue;
      if (!v)
	return fail (ck, "%s%s%s: missing; expected %s (%s)", where,
		     *where ? "." : "", f->key, type_name (f->type), f->what);
      if (!has_type (v, f->type))
	return fail (ck, "%s%s%s: expected %s (%s), found %s", where,
		     *where ? "." : "", f->key, type_name (f->type), f->what,
		     type_name (json_typeof (v)));
    }
  return true;
}

static bool check_call (struct check *, const char *, json_t *);
static bool check_address (struct check *, const char *, json_t *);

/* Every element of O's array KEY has FIELDS, and passes MORE.  */
static bool
check_each (struct check *ck, const char *where, json_t *o, const char *key,
	    const struct field *fields,
	    bool (*more) (struct check *, const char *, json_t *))
{
  json_t *a = json_object_get (o, key);
  bool ok = true;
  for (size_t i = 0; ok && i < json_array_size (a); i++)
    {
      char *at;
      if (asprintf (&at, "%s%s%s[%zu]", where, *where ? "." : "", key, i)
	  < 0)
	abort ();
      ok = check_fields (ck, at, json_array_get (a, i), fields)
	   && (!more || more (ck, at, json_array_get (a, i)));
      free (at);
    }
  return ok;
}

static bool
check_address (struct check *ck, const char *where, json_t *a)
{
  return check_each (ck, where, a, "address_taken", taken_fields, NULL)
	 && check_weight (ck, where, a);
}

static bool
check_call (struct check *ck, const char *where, json_t *call)
{
  if (!check_each (ck, where, call, "chain", link_fields, NULL)
      || !check_weight (ck, where, call))
    return false;
  if (!*results_str (call, "callee"))
    return fail (ck, "%s.callee: empty; expected the hot function's name",
		 where);
  return true;
}

/* UNIT is a whole results file.  */
static bool
check_unit (struct check *ck, json_t *unit)
{
  if (!json_is_object (unit))
    return fail (ck, "not a hotinline results file: expected an object "
		 "with \"format\": \"%s\"", RESULTS_FORMAT);
  json_t *format = json_object_get (unit, "format");
  if (!json_is_string (format)
      || strcmp (json_string_value (format), RESULTS_FORMAT) != 0)
    return fail (ck, "not a hotinline results file: format: expected "
		 "\"%s\"", RESULTS_FORMAT);
  if (!check_fields (ck, "", unit, unit_fields))
    return false;
  if (!*results_str (unit, "unit"))
    return fail (ck, "unit: empty; expected the unit's main source file");
  json_t *failed = json_object_get (unit, "failed");
  if (failed
      && (!check_fields (ck, "failed", failed, failed_fields)
	  || !check_each (ck, "failed", failed, "functions", error_fields,
			  NULL)))
    return false;
  return check_each (ck, "", unit, "entries", entry_fields, check_weight)
	 && check_each (ck, "", unit, "calls", call_fields, check_call)
	 && check_each (ck, "", unit, "marks", mark_fields, NULL)
	 && check_each (ck, "", unit, "mark_calls", call_fields, check_call)
	 && check_each (ck, "", unit, "functions", function_fields, NULL)
	 && check_each (ck, "", unit, "address_only", address_fields,
			check_address);
}

json_t *
results_read (const char *path, char **error)
{
  /* Read whole into one buffer kept for every file, then parsed from
     memory: jansson reads a stream a character at a time, and a buffer
     made per file would make malloc consolidate the freed unit each
     time.  */
  static char *text;
  static size_t cap;
  size_t size = 0;
  struct check ck = { path, NULL };
  FILE *f = fopen (path, "rb");
  if (!f)
    {
      if (asprintf (error, "cannot read %s: %s", path, strerror (errno)) < 0)
	abort ();
      return NULL;
    }
  for (size_t n;; size += n)
    {
      if (cap - size < 65536)
	text = realloc (text, cap = cap * 2 + 65536);
      if (!(n = fread (text + size, 1, cap - size, f)))
	break;
    }
  bool bad = ferror (f);
  int why = errno;
  fclose (f);
  if (bad)
    {
      if (asprintf (error, "cannot read %s: %s", path, strerror (why)) < 0)
	abort ();
      return NULL;
    }
  json_error_t err;
  json_t *unit = json_loadb (text, size, 0, &err);
  if (!unit)
    {
      if (asprintf (error, "%s:%d:%d: not a hotinline results file: %s",
		    path, err.line, err.column, err.text) < 0)
	abort ();
      return NULL;
    }
  if (!check_unit (&ck, unit))
    {
      json_decref (unit);
      *error = ck.error;
      return NULL;
    }
  return unit;
}

static int
compare_paths (const void *a, const void *b)
{
  return strcmp (*(char *const *) a, *(char *const *) b);
}

char **
results_files (const char *dir, size_t *n, char **error)
{
  DIR *d = opendir (dir);
  *n = 0;
  if (!d)
    {
      if (asprintf (error, "cannot read the directory %s: %s", dir,
		    strerror (errno)) < 0)
	abort ();
      return NULL;
    }
  char **names = NULL;
  size_t cap = 0;
  for (struct dirent *e; (e = readdir (d));)
    {
      size_t len = strlen (e->d_name);
      if (len <= 5 || strcmp (e->d_name + len - 5, ".json") != 0)
	continue;
      if (*n + 1 >= cap)
	names = realloc (names, (cap = cap * 2 + 64) * sizeof *names);
      if (!names || asprintf (&names[(*n)++], "%s/%s", dir, e->d_name) < 0)
	abort ();
    }
  closedir (d);
  if (*n)
    qsort (names, *n, sizeof *names, compare_paths);
  return names ? names : calloc (1, sizeof *names);
}

const char *
results_str (json_t *o, const char *key)
{
  const char *s = json_string_value (json_object_get (o, key));
  return s ? s : "";
}

long long
results_num (json_t *o, const char *key, long long default_)
{
  json_t *v = json_object_get (o, key);
  return json_is_integer (v) ? json_integer_value (v) : default_;
}

long
results_weight (json_t *o)
{
  json_t *v = json_object_get (o, "weight");
  if (!json_is_number (v))
    return -1;
  /* Rounded to the policy's 4 decimals: writers print numbers with more
     digits or fewer.  */
  double w = json_number_value (v) * 10000 + 0.5;
  return w < 0 ? -1 : (long) w;
}

const char *
results_compiler (json_t *unit)
{
  return results_str (unit, "compiler");
}
