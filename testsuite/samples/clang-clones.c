/* A function LLVM copies: at -O3 its function specialization makes a copy
   of APPLY for each function passed to it (apply.1 in LLVM 16,
   apply.specialized.1 later, where e2e/reports.c forces it), and the calls
   go to the copies.  A copy
   counts as its origin, as callee and as caller: the calls to the copies
   are calls to 'apply', and the calls in them are in 'apply', for an
   entry scoped to that caller too.
   { hi-options -O3 } { hi-policy clang-clones.yaml } */
int hot (int x);

static int sq (int x) { return x * x + 1; }
static int cube (int x) { return x * x * x - 3; }

__attribute__ ((noinline)) static int
apply (int (*f) (int), const int *p, int n)
{
  int s = 0;
  for (int i = 0; i < n; i++)
    {
      s += f (p[i]) ^ (s >> 3);
      if (s > 1000)
	s = hot (s);
      s *= 7;
    }
  return s;
}

int a (const int *p, int n) { return apply (sq, p, n); }
int b (const int *p, int n) { return apply (cube, p, n); }
/* { hi-checked-by e2e/reports.c } */
