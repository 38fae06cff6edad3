/* A string that grows as it is written (text.h).  A memory stream would
   do, but opening one costs more than most messages (a page cleared),
   and report mode writes several for each call it reports.  */
#include "text.h"

#include <stdlib.h>
#include <string.h>

void
text_put (struct text *t, const char *s, size_t n)
{
  if (t->len + n + 1 > t->size)
    {
      size_t size = t->size ? t->size : 128;
      while (t->len + n + 1 > size)
	size *= 2;
      t->s = realloc (t->s, size);
      if (!t->s)
	abort ();
      t->size = size;
    }
  memcpy (t->s + t->len, s, n);
  t->len += n;
  t->s[t->len] = '\0';
}

void
text_put_string (struct text *t, const char *s)
{
  text_put (t, s, strlen (s));
}
