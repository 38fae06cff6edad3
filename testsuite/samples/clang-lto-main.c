/* The program half of an LTO program: calls the hot functions that
   clang-lto-lib.c defines.
   { hi-options -O2 } { hi-policy clang-lto.yaml } */
#include <stdio.h>

extern int table[64];
int big_step (int x);
int mix (int x);
int simd_sum (const int *p, int n);

int
main (int argc, char **argv)
{
  int s = 0;
  for (int i = 0; i < 64; i++)
    table[i] = i * argc;
  s += big_step (argc);
  for (int i = 0; i < 4; i++)
    s += mix (s + i);
  s += big_step (s & 7);
#if defined(__x86_64__)
  /* Run only where the processor has AVX2.  */
  if (argc > 1 && __builtin_cpu_supports ("avx2"))
    s += simd_sum (table, 64);
#endif
  printf ("%d\n", s);
  return 0;
}
/* { hi-checked-by e2e/lto.c } */
