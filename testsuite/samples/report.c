/* Report mode: a diagnostic at each call to a hot function that is still a
   call once GCC has optimised, and nowhere else.
   { hi-options -O2 } { hi-policy report.yaml } */

/* Too big for GCC's limits and called from two places: both calls stay.
   { hi-plain-calls mix } { hi-calls mix } */
static unsigned mix (unsigned h, unsigned x)
{
  for (unsigned i = 0; i < (x & 15) + 4; i++)
    {
      h ^= x + 0x9e3779b9u + (h << 6) + (h >> 2);
      x = x * 2654435761u + i;
      switch (h & 7)
	{
	case 0: h = (h >> 1) ^ 0xedb88320u; break;
	case 1: h += x >> 3; break;
	case 2: h ^= h << 7; break;
	case 3: h -= x; break;
	default: h = h * 33 + i; break;
	}
    }
  return h;
}

/* Just as big, but called once: GCC inlines it in the end even though its
   early inliner declines it (-fopt-info-inline-missed says "missed"), so
   nothing is reported.  { hi-no-calls once } */
static unsigned once (unsigned h, unsigned x)
{
  for (unsigned i = 0; i < (x & 15) + 4; i++)
    {
      h ^= x + 0x7f4a7c15u + (h << 5) + (h >> 3);
      x = x * 40503u + i;
      switch (h & 7)
	{
	case 0: h = (h >> 2) ^ 0x82f63b78u; break;
	case 1: h += x >> 5; break;
	case 2: h ^= h << 9; break;
	case 3: h -= x * 3; break;
	default: h = h * 31 + i; break;
	}
    }
  return h;
}

/* Kept out of line on purpose.  */
__attribute__ ((noinline)) static unsigned pinned (unsigned x) /* { hi-note "'pinned' declared 'noinline' here [hotinline]" } */
{
  return x * 31 + 7;
}

/* A small wrapper that GCC inlines into both of its callers: the call to
   mix in it exists only in those callers, once in each.  */
static unsigned wrap (unsigned h, unsigned x)
{
  return mix (h, x) + 1; /* { hi-warning "hot function 'mix' not inlined into 'wrap': --param max-inline-insns-auto limit reached [hotinline]" } { hi-warning "hot function 'mix' not inlined into 'wrap': --param max-inline-insns-auto limit reached [hotinline]" } */
}

unsigned table (const unsigned *v, int n)
{
  unsigned h = 0;
  for (int i = 0; i < n; i++)
    h = mix (h, v[i]); /* { hi-warning "hot function 'mix' not inlined into 'table': --param max-inline-insns-auto limit reached [hotinline]" } { hi-note "the limit is '--param max-inline-insns-auto=15'; declared 'inline', it would be within '--param max-inline-insns-single=70' [hotinline]" } { hi-note "report.yaml:5:11: per-byte step of the hash [hotinline]" } */
  return once (h, (unsigned) n) + pinned (h); /* { hi-warning "hot function 'pinned' not inlined into 'table': function not inlinable [hotinline]" } */
}

unsigned first (unsigned x) { return wrap (x, 1); }
unsigned second (unsigned x) { return wrap (x, 2); }

/* A call that GCC removes as dead after inlining is not reported.  */
static int enabled (void) { return 0; }
unsigned maybe (unsigned x)
{
  if (enabled ())
    return mix (x, 3);
  return x;
}
