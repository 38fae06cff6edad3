/* Calls that IR passes make one: SimplifyCFG sinks the two calls to big,
   which differ in an argument, into one call after the branch, with no
   line of its own.  With -g it is reported at the line objdump shows it
   at (the row before the call); without -g, where only calls have
   lines, at the first of the two; both times with a note naming the two
   and the function they were inlined through.
   { hi-options -O2 } { hi-policy clang-merge.yaml } */
int big (int *s, int a, int b, int c);

static inline int pick (int *s, int n, int d)
{
  int r;
  if (n > 10 && d < 5)
    r = big (s, n, 1, d);	/* line 14 */
  else
    r = big (s, n, 2, d);	/* line 16 */
  return r * 3;
}

int outer (int *s, int n)
{
  return pick (s, n, n & 7) + 1;	/* line 22 */
}
/* { hi-checked-by e2e/reports.c } */
