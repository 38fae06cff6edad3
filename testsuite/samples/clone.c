/* A call that survives only in a clone: every caller passes K = 3, GCC
   specialises SCALE for it (scale.constprop.0), folds the test and
   removes the original.  The report names the function as written.
   { hi-options -O2 } { hi-policy places.yaml } { hi-plain-calls body } */

__attribute__ ((noinline)) unsigned body (unsigned x) /* { hi-note "'body' declared 'noinline' here [hotinline]" } */
{
  return x * 2654435761u ^ (x >> 13);
}

__attribute__ ((noinline)) static unsigned scale (const unsigned *p, int n,
						   int k)
{
  unsigned s = 0;
  for (int i = 0; i < n; i++)
    {
      s += p[i] * k;
      s ^= s >> 7;
      s *= 0x85ebca6bu;
      if (k > 2)
	s = body (s); /* { hi-warning "hot function 'body' not inlined into 'scale': function not inlinable [hotinline]" } */
      s ^= s >> 16;
    }
  return s;
}

unsigned a (const unsigned *p, int n) { return scale (p, n, 3); }
unsigned b (const unsigned *p, int n) { return scale (p + 1, n - 1, 3); }
