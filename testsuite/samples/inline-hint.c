/* The hint for GCC's auto limit: a function not declared inline is held to
   --param max-inline-insns-auto; declared inline, to the larger
   max-inline-insns-single.  The hint suggests "inline" exactly where the
   estimated size is within the single limit ("middle"), not where it is not
   ("big"); declared inline (-DMIDDLE="static inline"), middle is inlined.
   { hi-options -O2 } { hi-policy inline-hint.yaml }
   { hi-plain-calls middle } { hi-plain-calls big } */
#ifndef MIDDLE
#define MIDDLE static
#endif
#define STEP(k) \
  h ^= x + 0x9e3779b9u * (k) + (h << 6) + (h >> 2);			\
  x = x * 2654435761u + i;						\
  switch (h & 7)							\
    {									\
    case 0: h = (h >> 1) ^ 0xedb88320u; break;				\
    case 1: h += x >> 3; break;						\
    case 2: h ^= h << 7; break;						\
    case 3: h -= x; break;						\
    case 4: h = h * 0x27d4eb2du + (x >> 5); break;			\
    case 5: h ^= (h >> 11) * (x | 1); break;				\
    case 6: h += (x << 9) ^ (h >> 4); break;				\
    default: h = h * 33 + i; break;					\
    }									\
  h ^= h >> (x & 7);							\
  x += h * 5 + (i << 3);

MIDDLE unsigned middle (unsigned h, unsigned x)
{
  for (unsigned i = 0; i < (x & 15) + 4; i++)
    {
      STEP (1)
    }
  return h;
}

static unsigned big (unsigned h, unsigned x)
{
  for (unsigned i = 0; i < (x & 15) + 4; i++)
    {
      STEP (1) STEP (2) STEP (3) STEP (4)
    }
  return h;
}

unsigned a (unsigned h, unsigned x) { return middle (h, x) + big (h, x); }
unsigned b (unsigned h, unsigned x) { return middle (x, h) ^ big (x, h); }
unsigned c (unsigned h, unsigned x) { return middle (h, 3) - big (5, x); }
/* { hi-checked-by e2e/diagnostics.c } */
