/* Calls to one hot function that end blocks going to the same place: LLVM's
   code generator merges them after the last IR pass (tail merging), so the
   object code has fewer calls than the IR report mode sees.  Each call is
   reported, with a note naming the calls it may be merged with.
   { hi-options -O2 } { hi-policy clang-merge.yaml } */
int table[64];

int big (int x, int y, int z)
{
  int s = y;
  for (int i = 0; i < 64; i++)
    s += table[i] * x ^ (s >> 3);
  for (int i = 0; i < 64; i++)
    table[i] = s * i + (table[(i * 7) & 63] >> 2) + z;
  for (int i = 0; i < 64; i++)
    s ^= table[i] / (x | 1) + table[(i + x) & 63] * (s & 15);
  for (int i = 0; i < 64; i++)
    table[(i * 5) & 63] += s % (i + 3) - table[i] / ((s & 7) + 1);
  for (int i = 0; i < 64; i++)
    s += table[i] * table[63 - i] ^ (x << (i & 3));
  return s;
}

int two_results (int x)
{
  int r;
  if (table[x & 63] > 7)
    r = big (x, 1, 2);	/* line 28 */
  else
    r = big (x * 3, 4, 5);	/* line 30 */
  table[0] = r;
  return r + 1;
}
/* { hi-checked-by e2e/reports.c } */
