/* Surgical forcing under Clang: mix is too large for LLVM's inliner at
   -O2, so its calls stay calls without the plugin; surgical forcing
   inlines them and leaves every other inlining decision alone: step and
   scale (small, inlined by LLVM into their callers on its own) and every
   function that does not call mix keep their code.
   { hi-options -O2 } { hi-policy clang-surgical.yaml }
   { hi-plain-calls mix } { hi-no-calls mix } */
#include <stdio.h>

unsigned state[64];

static unsigned step (unsigned x) { return x * 2654435761u ^ (x >> 13); }
unsigned scale (unsigned x, unsigned k) { return step (x) * k + 7; }

unsigned mix (unsigned x)
{
  unsigned s = x;
  for (int i = 0; i < 64; i++)
    s += state[i] * x ^ (s >> 3);
  for (int i = 0; i < 64; i++)
    state[i] = s * i + (state[(i * 7) & 63] >> 2);
  for (int i = 0; i < 64; i++)
    s ^= state[i] / (x | 1) + state[(i + x) & 63] * (s & 15);
  for (int i = 0; i < 64; i++)
    state[(i * 5) & 63] += s % (i + 3) - state[i] / ((s & 7) + 1);
  for (int i = 0; i < 64; i++)
    s += state[i] * state[63 - i] ^ (x << (i & 3));
  return s;
}

unsigned block (unsigned x) { return mix (x) + mix (x ^ 0x55u); }

unsigned spread (unsigned x, unsigned n)
{
  unsigned s = 0;
  for (unsigned i = 0; i < n; i++)
    s += scale (x + i, 3) ^ step (i);
  return s;
}

unsigned fold (const unsigned *v, unsigned n)
{
  unsigned s = 0;
  for (unsigned i = 0; i < n; i++)
    s = step (s ^ v[i]);
  return s;
}

int main (void)
{
  for (int i = 0; i < 64; i++)
    state[i] = step (i);
  printf ("%u %u %u\n", block (5), spread (3, 10), fold (state, 64));
  return 0;
}
/* { hi-checked-by e2e/samples.c } */
