/* A program to profile, for the profile -> policy -> build test.  churn
   is hot and too big for GCC's inlining limits at -O2, and it is called
   from three places, so GCC keeps it out of line; setup runs once.  The
   iteration count comes from the command line, so that a run under
   callgrind stays short.  */
#include <stdio.h>
#include <stdlib.h>

unsigned churn (unsigned h, unsigned x)
{
  for (unsigned i = 0; i < (x & 15) + 24; i++)
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

__attribute__ ((noinline)) unsigned setup (unsigned seed)
{
  unsigned s = seed;
  for (int i = 0; i < 16; i++)
    s = s * 69069u + 1;
  return s;
}

unsigned row (unsigned h, unsigned i) { return churn (h, i); }
unsigned col (unsigned h, unsigned i) { return churn (h ^ 0x5555u, i + 7); }

int main (int argc, char **argv)
{
  unsigned n = argc > 1 ? (unsigned) strtoul (argv[1], NULL, 10) : 1000;
  unsigned h = setup ((unsigned) argc);
  for (unsigned i = 0; i < n; i++)
    h = row (h, i) + col (h, i) + churn (h, i * 3);
  printf ("%u\n", h);
  return 0;
}
/* { hi-checked-by e2e/profile.c } */
