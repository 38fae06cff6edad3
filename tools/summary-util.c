/* hotinline-summary's shared helpers (summary-util.h): text, sorting
   and the fields every part reads the same way.  */
#define _GNU_SOURCE
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "results-read.h"
#include "summary-util.h"

void
summary_die (const char *fmt, ...)
{
  va_list ap;
  fputs ("hotinline-summary: ", stderr);
  va_start (ap, fmt);
  vfprintf (stderr, fmt, ap);
  va_end (ap);
  fputc ('\n', stderr);
  exit (2);
}

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

char *
unit_path (json_t *unit, const char *file)
{
  const char *dir = results_str (unit, "directory");
  if (file[0] == '/' || !dir[0])
    return strdup (file);
  return summary_format ("%s/%s", dir, file);
}

int
compare_strings (const void *a, const void *b)
{
  return strcmp (*(char *const *) a, *(char *const *) b);
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

const char *
intern (json_t *pool, const char *s)
{
  void *it = json_object_iter_at (pool, s);
  if (!it)
    {
      json_object_set_new (pool, s, json_null ());
      it = json_object_iter_at (pool, s);
    }
  return json_object_iter_key (it);
}

char *
call_key (const char *file, long long line, long long column,
	  const char *callee, const char *caller)
{
  return summary_format ("%s:%lld:%lld: '%s' in '%s'", file, line, column,
			 callee, caller);
}
