/* Identical code folding: GCC finds functions with the same code and
   keeps one.  A function that must keep an address of its own becomes a
   copy of its twin, which the line table puts, whole, at its own line;
   one without becomes an alias, whose calls are its twin's.
   { hi-options -O2 } { hi-policy places.yaml } { hi-plain-calls body } */
#define R(i) h = (h ^ p[i]) * 0x9e3779b1u; h ^= h >> 15;
#define R8(i) R (i) R (i + 1) R (i + 2) R (i + 3) R (i + 4) R (i + 5) \
  R (i + 6) R (i + 7)

/* Too big to inline.  */
unsigned body (const unsigned *p)
{
  unsigned h = 0;
  R8 (0) R8 (8) R8 (16) R8 (24)
  return h;
}

unsigned first (const unsigned *p) { return body (p); } /* { hi-warning "hot function 'body' not inlined into 'first': --param max-inline-insns-auto limit reached [hotinline]" } { hi-note "GCC found 'second' identical to the function written here and compiled it as a copy of it (identical code folding) [hotinline]" } */

unsigned second (const unsigned *p) { return body (p); } /* { hi-warning "hot function 'body' not inlined into 'second': --param max-inline-insns-auto limit reached [hotinline]" } */

/* Static, and called directly: the twin becomes an alias.  */
__attribute__ ((noinline)) static unsigned third (const unsigned *p)
{
  return body (p) + 1; /* { hi-warning "hot function 'body' not inlined into 'third': --param max-inline-insns-auto limit reached [hotinline]" } { hi-note "GCC found 'fourth' identical to 'third' and made it an alias (identical code folding): this call is its call too [hotinline]" } */
}

__attribute__ ((noinline)) static unsigned fourth (const unsigned *p)
{
  return body (p) + 1;
}

unsigned both (const unsigned *p)
{
  return third (p) ^ fourth (p + 1);
}
