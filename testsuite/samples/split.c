/* A function that GCC splits: the cheap head is inlined, the rest stays
   a call (hash.part.0, here also specialised: hash.part.0.isra.0).  GCC
   gives that call no source position of its own; the line table puts it
   at the last row before it.
   { hi-options -O3 } { hi-policy places.yaml } { hi-plain-calls hash } */
#define R(i) h = (h ^ b->v[i]) * 0x9e3779b1u; h ^= h >> 15;
#define R8(i) R (i) R (i + 1) R (i + 2) R (i + 3) R (i + 4) R (i + 5) \
  R (i + 6) R (i + 7)

struct buf { unsigned n; const unsigned *v; unsigned seed; };

unsigned hash (const struct buf *b)
{
  if (__builtin_expect (b->n == 0, 1)) /* { hi-warning "hot function 'hash' only partly inlined into 'both': the rest, 'hash.part.0.isra', stays a call: --param max-inline-insns-auto limit reached [hotinline]" } */
    return 0;
  unsigned h = b->seed;
  R8 (0) R8 (8) R8 (16) R8 (24)
  return h;
} /* { hi-warning "hot function 'hash' split: its out-of-line head calls the rest, 'hash.part.0.isra': --param max-inline-insns-auto limit reached [hotinline]" } */

unsigned one (const struct buf *b) { return hash (b) + 1; } /* { hi-warning "hot function 'hash' only partly inlined into 'one': the rest, 'hash.part.0.isra', stays a call: --param max-inline-insns-auto limit reached [hotinline]" } */

unsigned both (const struct buf *b, const struct buf *c) { return hash (b) ^ hash (c); } /* { hi-warning "hot function 'hash' only partly inlined into 'both': the rest, 'hash.part.0.isra', stays a call: --param max-inline-insns-auto limit reached [hotinline]" } */
