/* Surgical forcing of a function on a cycle of calls: parse_body calls
   parse (for a short header, copied into a buffer first), which reaches
   parse_body again through parse_with and parse_default, as zstd's
   FSE_readNCount_body does.  LLVM's inliner takes the cycle as one
   strongly connected component and, once it has inlined a call within it
   into a function, skips that function's other calls within it: the
   advisor would never see the call left in parse, so the plugin forces a
   function on a cycle by attribute, and no call to parse_body is left.
   { hi-options -O2 } { hi-policy clang-surgical-cycle.yaml }
   { hi-plain-calls parse_body } { hi-no-calls parse_body } */
#include <string.h>

int table[256];

int parse (const unsigned char *p, int n);

static inline int
parse_body (const unsigned char *p, int n)
{
  if (n < 8)
    {
      unsigned char buf[8] = { 0 };
      memcpy (buf, p, n);
      return parse (buf, 8);
    }
  int s = 0;
  for (int i = 0; i < n; i++)
    {
      s += table[p[i]] * (i + 1);
      if (s > 1000)
	s = (s >> 3) ^ table[(s + p[i]) & 255];
      table[(p[i] + i) & 255] += s & 7;
    }
  for (int i = 0; i < 256; i += 4)
    s ^= table[i] + table[(i + s) & 255] * (i | 1);
  return s;
}

static int
parse_default (const unsigned char *p, int n)
{
  return parse_body (p, n);
}

__attribute__ ((target ("avx2"))) static int
parse_avx2 (const unsigned char *p, int n)
{
  return parse_body (p, n);
}

int
parse_with (const unsigned char *p, int n, int avx2)
{
  if (avx2)
    return parse_avx2 (p, n);
  return parse_default (p, n);
}

int
parse (const unsigned char *p, int n)
{
  return parse_with (p, n, 0);
}
/* { hi-checked-by e2e/samples.c } */
