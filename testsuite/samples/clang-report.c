/* Calls LLVM's inliner declines at -O2, each for its own reason: too
   large, noinline, a cold call, no body, recursion, an unreachable
   interposable body.  Report mode warns at each call left, exactly where
   objdump finds it, with or without -g.
   { hi-options -O2 } { hi-policy clang-report.yaml }
   { hi-plain-calls big } { hi-plain-calls kept } { hi-plain-calls chill }
   { hi-plain-calls elsewhere } { hi-plain-calls fact } */
extern int elsewhere (int x);
__attribute__ ((noinline)) int kept (int x) { return x * 3 + 2; }

int table[64];
int big (int x)
{
  int s = 0;
  for (int i = 0; i < 64; i++)
    s += table[i] * x ^ (s >> 3);
  for (int i = 0; i < 64; i++)
    table[i] = s * i + (table[(i * 7) & 63] >> 2);
  for (int i = 0; i < 64; i++)
    s ^= table[i] / (x | 1) + table[(i + x) & 63] * (s & 15);
  for (int i = 0; i < 64; i++)
    table[(i * 5) & 63] += s % (i + 3) - table[i] / ((s & 7) + 1);
  for (int i = 0; i < 64; i++)
    s += table[i] * table[63 - i] ^ (x << (i & 3));
  return s;
}

int chill (int x)
{
  int s = x;
  for (int i = 0; i < 8; i++)
    s = s * 31 + table[(s + i) & 63];
  return s;
}

int fact (int n) { return n <= 1 ? 1 : n * fact (n - 1); }

int use_big (int x) { return big (x) + big (x + 1) + big (x + 2); }
int use_kept (int x) { return kept (x) + 1; }
int use_chill (int x)
{
  if (__builtin_expect (x == 12345, 0))
    return chill (x);
  return x;
}
int use_elsewhere (int x) { return elsewhere (x) * 2; }
int use_fact (int x) { return fact (x) + 1; }
/* { hi-checked-by e2e/reports.c } */
