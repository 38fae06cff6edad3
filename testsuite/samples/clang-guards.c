/* Functions LLVM cannot or must not inline, all listed as always_inline in
   the policy: forcing each would break the build, loop or change what the
   program means; each is left alone with a warning at its definition,
   and the build passes at every level.  Clang's own sample (GCC's is
   uninlinable.c, which uses GCC extensions).
   { hi-policy clang-guards.yaml } { hi-run } */
#include <setjmp.h>
#include <stdarg.h>
#include <stdio.h>

/* The control: forcible, and forced.  { hi-plain-calls grow } { hi-no-calls grow } */
__attribute__ ((noinline, optnone)) static int sink (int x) { return x; }
int grow (int *a, int n)
{
  int s = 0;
  for (int i = 0; i < n; i++)
    s += (a[i] * a[i]) ^ (s >> 3);
  for (int i = 0; i < n; i++)
    s += (a[i] * 7) ^ (s >> 5) ^ sink (i);
  for (int i = 0; i < n; i++)
    s -= (a[i] * 11) ^ (s >> 2) ^ sink (i + 1);
  return s;
}

static int fact (int n) /* { hi-warning "hot function 'fact' is not forced inline: it is recursive" } */
{
  return n <= 1 ? 1 : (n * fact (n - 1)) ^ (n & 1);
}

static int ping (int n);
static int pong (int n) /* { hi-warning "hot function 'pong' is not forced inline: it is recursive" } */
{
  return n > 0 ? ping (n - 1) + 2 : 0;
}
static int ping (int n) /* { hi-warning "hot function 'ping' is not forced inline: it is recursive" } */
{
  return n > 0 ? pong (n - 1) + 1 : 0;
}

jmp_buf env;
static int guarded (int x) /* { hi-warning "hot function 'guarded' is not forced inline: it calls 'setjmp'" } */
{
  if (setjmp (env))
    return -1;
  return x + 4;
}

static int sum (int n, ...) /* { hi-warning "hot function 'sum' is not forced inline: it uses its variable argument list" } */
{
  va_list ap;
  int s = 0;
  va_start (ap, n);
  for (int i = 0; i < n; i++)
    s += va_arg (ap, int);
  va_end (ap);
  return s;
}

__attribute__ ((noinline)) static int kept (int x) /* { hi-warning "hot function 'kept' is not forced inline: it is declared 'noinline'" } */
{
  return x * 3 + 2;
}

/* Called nowhere, kept by 'used': the front end's record of it gives the
   place without -g.  */
__attribute__ ((used, noinline)) static int kept_unused (int x) /* { hi-warning "hot function 'kept_unused' is not forced inline: it is declared 'noinline'" } */
{
  return x * 7 + 2;
}

__attribute__ ((optnone, noinline)) static int frozen (int x) /* { hi-warning "hot function 'frozen' is not forced inline: it is declared 'optnone'" } */
{
  return x * 5 + 1;
}

/* LLVM would inline this into a caller without AVX2 and crash in the
   backend: the call is kept, with a warning.  */
#include <immintrin.h>
__attribute__ ((target ("avx2"))) static int wide (int x) /* { hi-warning "hot function 'wide' is not forced inline: its target options differ from those of its caller 'use_wide'" } */
{
  __m256i v = _mm256_set1_epi32 (x);
  v = _mm256_add_epi32 (v, v);
  return _mm256_extract_epi32 (v, 3);
}

/* Clang's intrinsics are always_inline in their headers and built for
   the least they need ("avx"): LLVM's always-inliner puts them into a
   caller built for more ("avx2"), and so does the plugin, without a
   word, when the policy lists them too, as a policy listed from the
   source does.  { hi-no-calls _mm256_set1_epi8 } */
__attribute__ ((target ("avx2"))) static int splat (char c)
{
  __m256i v = _mm256_set1_epi8 (c);
  return _mm256_extract_epi8 (_mm256_add_epi8 (v, v), 5);
}

__attribute__ ((weak)) int replaceable (int x) /* { hi-warning "hot function 'replaceable' is not forced inline: it is weak" } */
{
  return x - 1;
}

/* Declared only in a block, within a statement expression: the warning
   is at that declaration, without -g too (the front end's record).  */
int use_elsewhere (int x)
{
  if (x > 2)
    {
      return ({ extern int elsewhere (int) __attribute__ ((weak)); /* { hi-warning "hot function 'elsewhere' is not forced inline: its body is not in this translation unit" } */
		elsewhere ? elsewhere (x) : x; });
    }
  return 0;
}

int use_fact (int n) { return fact (n) + fact (n + 1); }
int use_ping (int n) { return ping (n) + pong (n); }
int use_guarded (int x) { return guarded (x) + guarded (x + 1); }
int use_sum (void) { return sum (2, 1, 2) + sum (3, 1, 2, 3); }
int use_kept (int x) { return kept (x) + kept (x + 1); }
int use_frozen (int x) { return frozen (x) + frozen (x + 1); }
int use_wide (int x) { return __builtin_cpu_supports ("avx2") ? wide (x) : x; }
int use_splat (char c) { return __builtin_cpu_supports ("avx2") ? splat (c) : 2 * c; }
int use_replaceable (int x) { return replaceable (x) + replaceable (x + 1); }
int use_grow (int *a) { return grow (a, 4) + grow (a + 1, 3) + grow (a, 9); }

int
main (void)
{
  int a[16] = { 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16 };
  printf ("%d %d %d %d %d %d %d %d %d %d\n", use_fact (5), use_ping (6),
	  use_guarded (3), use_sum (), use_kept (4), use_frozen (5),
	  use_wide (6), use_splat (7), use_replaceable (7),
	  use_grow (a) + use_elsewhere (3));
  return 0;
}
/* { hi-checked-by e2e/samples.c } */
