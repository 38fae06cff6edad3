/* Identical code folding: GCC finds functions with the same code and
   keeps one.  A function that must keep an address of its own becomes a
   copy of its twin, which the line table puts, whole, at one line (GCC
   12: its own; GCC 11 emits none: the line before it); one without
   becomes an alias, whose calls are its twin's.  The reports are checked
   in test_folded_functions_reported_once_each.
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

unsigned first (const unsigned *p) { return body (p); }

unsigned second (const unsigned *p) { return body (p); }

/* Static, and called directly: the twin becomes an alias.  */
__attribute__ ((noinline)) static unsigned third (const unsigned *p)
{
  return body (p) + 1;
}

__attribute__ ((noinline)) static unsigned fourth (const unsigned *p)
{
  return body (p) + 1;
}

unsigned both (const unsigned *p)
{
  return third (p) ^ fourth (p + 1);
}
/* { hi-checked-by e2e/samples.c } */
