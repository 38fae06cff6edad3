/* The library half of an LTO program (clang-lto-main.c calls it): each
   hot function is defined here and called only from the other unit, so
   only the link can inline it or report it.
   { hi-options -O2 } { hi-policy clang-lto.yaml } */
int table[64];

/* Too large for the link-time inliner: reported at the link, at each
   call objdump finds in the program.  */
int big_step (int x)
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

/* Forced: inlined into the other unit at the link.  */
int mix (int x)
{
  int s = x;
  for (int i = 0; i < 16; i++)
    s = s * 31 + table[(s + i) & 63] - (s >> 5);
  for (int i = 0; i < 16; i++)
    table[(s + i) & 63] ^= s + i;
  return s;
}

#if defined(__x86_64__)
#include <immintrin.h>
/* Forced, but built for AVX2: the plain caller in the other unit must
   keep its call (LLVM's link-time inliner would inline it there, and
   build it for the caller's target).  */
__attribute__ ((target ("avx2"))) int
simd_sum (const int *p, int n)
{
  __m256i acc = _mm256_setzero_si256 ();
  for (int i = 0; i + 8 <= n; i += 8)
    acc = _mm256_add_epi32 (acc,
			    _mm256_loadu_si256 ((const __m256i *) (p + i)));
  int out[8];
  _mm256_storeu_si256 ((__m256i *) out, acc);
  return out[0] + out[1] + out[2] + out[3] + out[4] + out[5] + out[6]
	 + out[7];
}
#endif
/* { hi-checked-by e2e/lto.c } */
