// The program the recorded profiles in this directory come from (see
// record.sh): two threads run a small codec; codec::step is hot and out of
// line, mix is hot and inlined into it, checksum is lukewarm, setup cold.
#include <cstdio>
#include <cstdlib>
#include <thread>

static inline unsigned
mix (unsigned h, unsigned x)
{
  h ^= x + 0x9e3779b9u + (h << 6) + (h >> 2);
  return h * 2654435761u;
}

namespace codec
{
__attribute__ ((noinline)) unsigned
step (unsigned h, unsigned x)
{
  for (unsigned i = 0; i < (x & 7) + 40; i++)
    {
      h = mix (h, x + i);
      x = x * 747796405u + 2891336453u;
    }
  return h;
}
}

__attribute__ ((noinline)) static unsigned
checksum (const unsigned *v, int n)
{
  unsigned s = 0;
  for (int k = 0; k < 16; k++)
    for (int i = 0; i < n; i++)
      s = s * 31 + (v[i] ^ k);
  return s;
}

__attribute__ ((noinline)) static void
setup (unsigned *v, int n, unsigned seed)
{
  for (int i = 0; i < n; i++)
    v[i] = seed += 0x6d2b79f5u;
}

static void
work (int rounds, unsigned seed, unsigned *out)
{
  unsigned v[64];
  setup (v, 64, seed);
  unsigned h = seed;
  for (int r = 0; r < rounds; r++)
    {
      for (int i = 0; i < 64; i++)
	h = codec::step (h, v[i]);
      v[r & 63] ^= h;
      h += checksum (v, 64);
    }
  *out = h;
}

int
main (int argc, char **argv)
{
  int rounds = argc > 1 ? atoi (argv[1]) : 100;
  unsigned a, b;
  std::thread t (work, rounds, 1u, &a);
  work (rounds, 2u, &b);
  t.join ();
  printf ("%08x %08x\n", a, b);
  return 0;
}
