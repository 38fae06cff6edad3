/* A third unit of the LTO program of clang-lto-lib.c and clang-lto-main.c:
   two more callers of big_step, which the policy of
   clang-lto-callers.yaml does not name, so that its calls stay calls
   while main's are forced at the link.  Two of them: a function left with
   one call is inlined by LLVM itself.
   { hi-options -O2 } { hi-policy clang-lto-callers.yaml } */
int big_step (int x);

__attribute__ ((used, noinline)) int
other_step (int x)
{
  return big_step (x * 3) + 1;
}

__attribute__ ((used, noinline)) int
another_step (int x)
{
  return big_step (x * 5) + 2;
}
/* { hi-checked-by e2e/lto.c } */
