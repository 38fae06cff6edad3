/* A tail call that the code generator copies: the block that only
   tail-calls hot is duplicated into the three blocks before it (tail
   duplication, after every IR pass), so the object code has three
   "jmp hot" for the one call.  One report, at the call, and where the
   plugin sees the calls as emitted a note giving their number.
   { hi-options -O2 -g } { hi-policy clang-condtail.yaml } */
int hot (int x);

int store (int x, int *p)
{
  if (x > 5)
    p[0] = 1;
  else if (x < -3)
    p[1] = 2;
  else
    p[2] = x;
  return hot (x); /* { hi-warning "hot function 'hot' not inlined into 'store'" } */
}
/* { hi-checked-by e2e/reports.c } */
