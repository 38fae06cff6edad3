// Which entry governs a C++ function that two entries match, one by its
// qualified name, one by its identifier, by a glob or exactly: ns::walk
// calls ns::big three times.  e2e/cxx.c builds it at -O2 -fno-inline with
// each pair of entries of its precedence table, on GCC and on Clang, and
// checks the calls left against the entry that must win.
namespace ns
{
int big (int x)
{
  int s = 0;
  for (int i = 0; i < x; i++)
    s += (i * x) ^ (s >> 3);
  return s;
}

int walk (int a, int b, int c) { return big (a) + big (b) + big (c); }
}

int main () { return ns::walk (1, 2, 3) == 42; }
/* { hi-checked-by e2e/cxx.c } */
