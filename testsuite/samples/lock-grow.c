/* A hot function that grows past the inliner's limit between two
   versions of its source, as xas_descend did: built as it is, every call
   to 'descend' is inlined; with -DGROW the inliner declines them (with
   -DMID, GCC declines them and Clang does not).  A lock
   made from the first build's results pins the sites it inlined, so that
   the second build with the lock inlines them again and changes nothing
   else (testsuite/e2e/lock-build.c).  */
struct node
{
  int shift;
  struct node *slots[4];
};

extern int sink;

static int
descend (const struct node *n, int index)
{
  int r = n->shift ^ index;
#ifdef GROW
  for (int i = 0; i < 4; i++)
    {
      const struct node *s = n->slots[(index + i) & 3];
      r ^= s ? s->shift : i;
      r += r >> 3;
      r *= 7;
      sink += r;
      if (r & 1)
	sink += r * 3;
      if (r & 2)
	sink ^= r * 5;
      if (r & 4)
	sink -= r * 9;
      if (r & 8)
	sink += r >> 2;
      if (r & 16)
	sink ^= r << 3;
    }
#elif defined MID
  /* Over GCC's limit, within Clang's: a change of compiler alone.  */
  r ^= n->shift * 3;
  if (r & 1)
    sink += r;
  r ^= n->shift * 4;
  if (r & 2)
    sink += r;
  r ^= n->shift * 5;
  if (r & 4)
    sink += r;
  r ^= n->shift * 6;
  if (r & 8)
    sink += r;
#endif
  return r;
}

/* Called from here only once inlined into 'walk'.  */
static inline int
first (const struct node *n)
{
  return descend (n, 0) + 1;
}

int
lookup (const struct node *n, int index)
{
  return descend (n, index);
}

int
walk (const struct node *n)
{
  return first (n) + descend (n, 5);
}

int
load (const struct node *n)
{
  return descend (n, 2) * 3;
}

/* No hot call: the same code with the lock and without.  */
static int
scale (int x)
{
  return x * 3 + 1;
}

int
unrelated (int x)
{
  return scale (x) + scale (x + 7) * 2;
}
/* { hi-checked-by e2e/lock-build.c } */
