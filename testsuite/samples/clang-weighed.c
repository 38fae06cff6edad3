/* A function far over LLVM's threshold, called at -O2 from hot and cold
   places.  LLVM's own weighing of a call to it stops at the threshold
   with its bonuses still in (225 shows as 562): report mode weighs the
   first declined call at each threshold in full and gives the others
   that call's threshold and its cost, "about".  The test compares each
   report with LLVM's own remark for that call (-Rpass-missed=inline,
   which weighs every call in full).
   { hi-options -O2 -g } { hi-policy clang-weighed.yaml } */
extern void sink (int, int);
extern int source (int);

int heavy (int x)
{
  int a = source (x), b = source (x + 1), c = source (x ^ 3);
  sink (a, b);
  sink (b, c);
  if (a > b)
    {
      sink (a * 3, c);
      sink (a - c, b);
      a = source (a + c);
    }
  else
    {
      sink (b * 5, a);
      sink (b ^ c, a);
      b = source (b - a);
    }
  sink (a + b, c);
  sink (source (a), source (b));
  sink (source (c), source (a + b));
  sink (source (a * c), source (b * c));
  sink (source (a ^ b), source (c - 1));
  sink (source (a | c), source (b & c));
  sink (source (a % 7), source (b % 9));
  sink (source (c / 3), source (a / 5));
  sink (source (a << 2), source (b >> 1));
  sink (source (c + 11), source (a - 13));
  return a + b + c;
}

int three (int x)
{
  return heavy (x) + heavy (x + 1) + heavy (x * 3);
}

int cold (int x)
{
  if (__builtin_expect (x == 7, 0))
    return heavy (x) - heavy (x + 5);
  return x;
}
/* { hi-checked-by e2e/reports.c } */
