/* A conditional tail call: use's last call, to hot (through wrap, inlined),
   is a tail call that x86's code generator folds into the branch before
   it from Clang 19 on ("jg hot" rather than a branch to "jmp hot"), giving
   it the branch's debug location: objdump puts the call on the "if" line,
   Clang 16 on the call's.  The IR's call, which the report is about, has
   the call's line at every version; the report stays there (xxHash's
   XXH3_128bits_withSecretandSeed at -O2 is this case, docs/clang.md).
   { hi-options -O2 -g } { hi-policy clang-condtail.yaml } */
extern int table[64];
__attribute__ ((noinline)) int hot (const char *p, long n)
{
  int s = 0;
  for (long i = 0; i < n; i++)
    s += table[p[i] & 63] ^ (s >> 3);
  return s;
}

int small (const char *p, long n);

static int wrap (const char *p, long n)
{
  return hot (p, n); /* { hi-warning "hot function 'hot' not inlined into 'use'" } { hi-object-line 16 hot } */
}

int use (const char *p, long n)
{
  if (n <= 240) /* { hi-object-line 19 hot } */
    return small (p, n);
  return wrap (p, n);
}
/* { hi-checked-by e2e/reports.c } */
