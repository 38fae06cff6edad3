// C++ under Clang: a member function and a function template, named in
// the policy by the qualified name and by the plain name, are forced;
// another member of the class is not.
// { hi-options -O2 } { hi-policy clang-cxx.yaml }
// { hi-plain-calls _ZN4ring6Buffer4stepEj } { hi-no-calls _ZN4ring6Buffer4stepEj }
// { hi-plain-calls _Z5churnIjET_S0_ } { hi-no-calls _Z5churnIjET_S0_ }
// { hi-plain-calls _ZN4ring6Buffer5scaleEj } { hi-calls _ZN4ring6Buffer5scaleEj }

#define BODY(x, h)                                                         \
  for (int i = 0; i < (int) ((x) & 15) + 3; i++)                           \
    {                                                                      \
      h ^= (h << 5) + (h >> 2) + i;                                        \
      switch (h & 7)                                                       \
	{                                                                  \
	case 0: h = h * 33 + (x); break;                                   \
	case 1: h -= (x) >> 1; break;                                      \
	case 2: h ^= h << 7; break;                                        \
	case 3: h += (x) * 5; break;                                       \
	case 4: h = h * 17 + slots[(h + i) & 63]; break;                   \
	case 5: slots[h & 63] ^= h; break;                                 \
	default: h = (h >> 3) + i; break;                                  \
	}                                                                  \
    }

extern unsigned slots[64];

template <class T> T churn (T x)
{
  T h = x;
  BODY (x, h)
  BODY (h, x)
  return h ^ x;
}

namespace ring {
struct Buffer
{
  unsigned step (unsigned x);
  unsigned scale (unsigned x);
};

unsigned Buffer::step (unsigned x)
{
  unsigned h = x;
  BODY (x, h)
  BODY (h, x)
  return h + x;
}

unsigned Buffer::scale (unsigned x)
{
  unsigned h = x * 3;
  BODY (x, h)
  BODY (h, x)
  return h - x;
}
} // namespace ring

unsigned use_all (ring::Buffer &b, unsigned x)
{
  return churn (x) + churn (x + 1) + churn (x * 3) + b.step (x)
	 + b.step (x + 9) + b.step (x * 7) + b.scale (x) + b.scale (x + 1)
	 + b.scale (x * 5);
}
/* { hi-checked-by e2e/samples.c } */
