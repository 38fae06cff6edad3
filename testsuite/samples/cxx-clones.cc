// A member template instance that GCC clones (walk<false>.constprop.0)
// at -O2: an entry in any form of its name governs the clone's calls.
// e2e/cxx.c checks the reports against objdump's calls and surgical
// forcing against the calls left, with each form.
namespace ns
{
namespace
{
struct S
{
  int acc[64];
  template <bool B> int walk (const int *p, int n, int k);
};

template <bool B> int S::walk (const int *p, int n, int k)
{
  int s = 0;
  for (int j = 0; j < 8; j++)
    for (int i = 0; i < n; i++)
      {
	s += p[i] * k + B + j;
	acc[(i * j) & 63] ^= s / (k + j);
	if (s > 1000 + j)
	  s -= k * 7;
      }
  for (int i = 0; i < n; i++)
    {
      s += p[i] * k + B;
      acc[i & 63] ^= s;
      if (s > 1000)
	s -= k * 7;
      if (s < -1000)
	s += p[i / k];
      acc[(i * 7) & 63] += s ^ k;
    }
  return s;
}
}
}

int f1 (const int *p, int n) { static ns::S s; return s.walk<false> (p, n, 3) + 1; }
int f2 (const int *p, int n) { static ns::S s; return s.walk<false> (p, n, 3) + 2; }
int f3 (const int *p, int n) { static ns::S s; return s.walk<false> (p, n, 3) + 3; }
int f4 (const int *p, int n) { static ns::S s; return s.walk<false> (p, n, 3) + 4; }
int f5 (const int *p, int n) { static ns::S s; return s.walk<false> (p, n, 3) + 5; }
int f6 (const int *p, int n) { static ns::S s; return s.walk<false> (p, n, 3) + 6; }
int f7 (const int *p, int n) { static ns::S s; return s.walk<false> (p, n, 3) + 7; }
int f8 (const int *p, int n) { static ns::S s; return s.walk<false> (p, n, 3) + 8; }
/* { hi-checked-by e2e/cxx.c } */
