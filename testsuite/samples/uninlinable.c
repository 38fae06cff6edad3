/* Functions GCC cannot inline, all listed as always_inline in the policy.
   Forcing any of them would be a hard error; each must be left alone with
   a warning at its definition, and the build must pass at every level.
   { hi-policy uninlinable.yaml } */
#include <setjmp.h>
#include <stdarg.h>

/* The control: forcible, and forced.  { hi-no-calls grow } */
static int grow (int *a, int n)
{
  int s = 0;
  for (int i = 0; i < n; i++)
    s += (a[i] * a[i]) ^ (s >> 3);
  return s;
}

static int fact (int n) /* { hi-warning "hot function 'fact' is not forced inline: it is recursive" } */
{
  /* Not a tail call, which GCC could turn into a loop first.  */
  return n <= 1 ? 1 : (n * fact (n - 1)) ^ (n & 1);
}

static int ping (int n);
static int pong (int n) /* { hi-warning "hot function 'pong' is not forced inline: it is recursive" } */
{
  return n > 0 ? ping (n - 1) + grow (&n, 1) : 0;
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
  return grow (&x, 1);
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
  return grow (&x, 1) * 3;
}

__attribute__ ((noipa)) static int opaque (int x) /* { hi-warning "hot function 'opaque' is not forced inline: it is declared 'noipa'" } */
{
  return x * 5 + 1;
}

static int jump (int x) /* { hi-warning "hot function 'jump' is not forced inline: a static variable holds the address of one of its labels" } */
{
  static void *const table[] = { &&even, &&odd };
  goto *table[x & 1];
even:
  return x / 2;
odd:
  return 3 * x + 1;
}

static int escape (int x) /* { hi-warning "hot function 'escape' is not forced inline: it has a label that a nested function jumps to" } */
{
  __label__ out;
  void leave (void) { goto out; }
  if (x < 0)
    leave ();
  return x;
out:
  return 0;
}

/* An instruction set extension its callers do not have, on each target.  */
#if defined __aarch64__
#define WIDER "arch=armv8.2-a+sve"
#elif defined __powerpc64__
#define WIDER "cpu=power10"
#else
#define WIDER "avx2"
#endif
__attribute__ ((target (WIDER))) static int wide (int x) /* { hi-warning "hot function 'wide' is not forced inline: its target options differ from those of its caller 'use_wide'" } */
{
  return x * 7;
}

__attribute__ ((weak)) int replaceable (int x) /* { hi-warning "hot function 'replaceable' is not forced inline: it is weak" } */
{
  return x - 1;
}

extern int elsewhere (int x); /* { hi-warning "hot function 'elsewhere' is not forced inline: its body is not in this translation unit" } */

int use_fact (int n) { return fact (n) + fact (n + 1); }
int use_ping (int n) { return ping (n) + pong (n); }
int use_guarded (int x) { return guarded (x) + guarded (x + 1); }
int use_sum (void) { return sum (2, 1, 2) + sum (3, 1, 2, 3); }
int use_kept (int x) { return kept (x) + kept (x + 1); }
int use_opaque (int x) { return opaque (x) + opaque (x + 1); }
int use_jump (int x) { return jump (x) + jump (x + 1); }
int use_escape (int x) { return escape (x) + escape (x - 9); }
int use_wide (int x) { return wide (x) + wide (x + 1); }
int use_replaceable (int x) { return replaceable (x) + replaceable (x + 1); }
int use_elsewhere (int x) { return elsewhere (x) + elsewhere (x + 1); }
int use_grow (int *a) { return grow (a, 4) + grow (a + 1, 3) + grow (a, 9); }
/* { hi-checked-by e2e/samples.c } */
