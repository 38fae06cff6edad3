// C++ names: a plain name matches every overload and template instance,
// a qualified name matches that member only.
// { hi-options -O2 } { hi-policy cxx.yaml }
// { hi-plain-calls _Z5churn* } { hi-no-calls _Z5churn* }
// { hi-plain-calls _Z5blend* } { hi-no-calls _Z5blend* }
// { hi-plain-calls _ZN4ring6Buffer4stepEj } { hi-no-calls _ZN4ring6Buffer4stepEj }
// { hi-plain-calls _ZN4ring6Buffer5scaleEj } { hi-calls _ZN4ring6Buffer5scaleEj }

#ifdef HOTINLINE_HAND
#define HOT_HAND __attribute__ ((always_inline))
#else
#define HOT_HAND
#endif

template <class T> HOT_HAND T churn (T x)
{
  T h = x;
  for (int i = 0; i < (int) (x & 15) + 3; i++)
    {
      h ^= (h << 5) + (h >> 2) + (T) i;
      switch (h & 7)
	{
	case 0: h = h * 33 + x; break;
	case 1: h -= x >> 1; break;
	case 2: h ^= h << 7; break;
	case 3: h += x * 5; break;
	default: h = (h >> 3) + (T) i; break;
	}
    }
  return h;
}

HOT_HAND unsigned blend (unsigned x)
{
  unsigned s = 0;
  for (unsigned i = 0; i < (x & 7) + 5; i++)
    switch ((s += (x ^ i) * 2654435761u + (s >> 3)) & 3)
      {
      case 0: s ^= s >> 7; break;
      case 1: s += x; break;
      default: s = s * 5 + i; break;
      }
  return s;
}

HOT_HAND unsigned blend (double d)
{
  unsigned s = (unsigned) d;
  for (unsigned i = 0; i < (s & 7) + 5; i++)
    switch ((s = s * 31 + (unsigned) (d * i) + (s >> 4)) & 3)
      {
      case 0: s ^= s >> 9; break;
      case 1: s += (unsigned) d; break;
      default: s = s * 7 + i; break;
      }
  return s;
}

namespace ring
{
struct Buffer
{
  unsigned slots[64];
  unsigned step (unsigned x);
  unsigned scale (unsigned x);
};

HOT_HAND unsigned Buffer::step (unsigned x)
{
  unsigned s = 0;
  for (unsigned i = 0; i < (x & 31) + 2; i++)
    switch ((s += slots[(x + i) & 63] ^ (s << 1)) & 3)
      {
      case 0: slots[i & 63] = s; break;
      case 1: s ^= slots[(s >> 3) & 63]; break;
      default: s = s * 3 + i; break;
      }
  return s;
}

/* Not in the policy: the qualified entry names step only.  */
unsigned Buffer::scale (unsigned x)
{
  unsigned s = 1;
  for (unsigned i = 0; i < (x & 31) + 2; i++)
    switch ((s = s * slots[(x ^ i) & 63] + 1) & 3)
      {
      case 0: slots[(i * 7) & 63] = s; break;
      case 1: s ^= slots[(s >> 5) & 63]; break;
      default: s = s * 9 + i; break;
      }
  return s;
}
}

unsigned use_all (ring::Buffer &b, unsigned x, long y)
{
  return churn (x) + churn (x + 1) + (unsigned) churn (y) + (unsigned) churn (y * 3)
	 + blend (x) + blend (x + 2) + blend (1.5 * x) + blend (2.5 * x)
	 + b.step (x) + b.step (x + 9) + b.scale (x) + b.scale (x + 1);
}
