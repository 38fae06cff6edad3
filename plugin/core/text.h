/* A string that grows as it is written: the messages, and the text the
   tools generate.  Plain C, no compiler headers.  */
#ifndef HOTINLINE_TEXT_H
#define HOTINLINE_TEXT_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* S[0..LEN) written so far, always terminated once anything is written;
   start from { NULL, 0, 0 } and free S when done.  */
struct text
{
  char *s;
  size_t len, size;
};

/* Append S[0..N); out of memory aborts, as in the compilers.  */
void text_put (struct text *t, const char *s, size_t n);

/* Append the string S.  */
void text_put_string (struct text *t, const char *s);

#ifdef __cplusplus
}
#endif

#endif
