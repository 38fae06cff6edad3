/* "files" scoping: the entry for other.c does not apply here, the one for
   scoped.c does.  Also: declared first, defined after its first call.
   { hi-options -O2 } { hi-policy scoped.yaml }
   { hi-plain-calls here_step } { hi-no-calls here_step }
   { hi-calls there_step } */
static int here_step (int x);
static int there_step (int x);

int run (int x)
{
  int s = 0;
  for (int i = 0; i < x; i++)
    s += here_step (i) + there_step (i) + here_step (i + s);
  return s;
}

static int here_step (int x)
{
  int s = x;
  for (int i = 0; i < 16; i++)
    {
      s = (s * 1103515245 + 12345) ^ (s >> (i & 7));
      switch (s & 7)
	{
	case 0: s += 3; break;
	case 1: s ^= 0x55; break;
	case 2: s -= i; break;
	case 3: s *= 5; break;
	case 4: s >>= 1; break;
	case 5: s += s >> 4; break;
	default: s |= 1; break;
	}
    }
  return s;
}

__attribute__ ((noinline)) static int there_step (int x)
{
  return x * 3;
}
