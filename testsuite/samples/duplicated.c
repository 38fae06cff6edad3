/* One call in the source, two in the object code: at -O3 GCC unswitches
   the loop on FLAG and each copy of the loop has the call.  One report,
   with a note counting them.
   { hi-options -O3 } { hi-policy places.yaml } { hi-plain-calls body } */

__attribute__ ((noinline)) unsigned body (unsigned x) /* { hi-note "'body' declared 'noinline' here [hotinline]" } */
{
  return x * 2654435761u ^ (x >> 13);
}

unsigned walk (const unsigned *p, int n, int flag)
{
  unsigned s = 0;
  for (int i = 0; i < n; i++)
    {
      if (flag)
	s += p[i];
      else
	s ^= p[i];
      s = body (s); /* { hi-warning "hot function 'body' not inlined into 'walk': function not inlinable [hotinline]" } { hi-note "2 calls here in the object code: the compiler duplicated the call [hotinline]" } */
    }
  return s;
}
