/* A callers-scoped always_inline entry forces the calls from those
   callers only: here the one in the hot loop, not the one in setup.
   { hi-options -O2 } { hi-policy callers.yaml }
   { hi-plain-calls step } { hi-calls step }
   { hi-no-calls-from hot_loop step } */
static unsigned step (unsigned h, unsigned x)
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
	case 4: h = (h << 3) | (h >> 29); break;
	default: h = h * 33 + i; break;
	}
    }
  return h;
}

unsigned hot_loop (const unsigned *v, int n)
{
  unsigned h = 0;
  for (int i = 0; i < n; i++)
    h = step (h, v[i]);
  return h;
}

unsigned setup (unsigned seed)
{
  return step (seed, 7) ^ step (seed, 9);
}
