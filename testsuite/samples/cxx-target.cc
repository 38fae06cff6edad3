// A class template compiled in a #pragma GCC target region, as libraries
// compile one copy of their kernels per instruction set (x86 only; run by
// e2e/cxx.c, which takes each expectation from the same GCC by hand).
// Its hot members are forced as the hand annotation inlines them.  A
// friend defined in the class is the exception with GCC 12: its C++ front
// end gives such a friend the region's target options only when the
// friend's declaration carries an attribute, any attribute (GCC 11 always
// does).  Without one, as in a build that leaves forcing to the plugin,
// operator== has the default options, and widen forced into it is the
// hard error "target specific option mismatch" (HOTINLINE_HAND_MEMBERS
// marks the members alone: the error); forcing leaves widen alone and says
// why.  With an attribute on the friend (-DFRIEND_ATTRIBUTE=...), or with
// GCC 11, forcing is the hand annotation (HOTINLINE_HAND) again.
// Policy: cxx-target.yaml.

#if defined HOTINLINE_HAND || defined HOTINLINE_HAND_MEMBERS
#define HOT_HAND __attribute__ ((always_inline))
#else
#define HOT_HAND
#endif
#ifdef HOTINLINE_HAND
#define HOT_FRIEND __attribute__ ((always_inline))
#else
#define HOT_FRIEND
#endif
#ifndef FRIEND_ATTRIBUTE
#define FRIEND_ATTRIBUTE
#endif

/* A step of the hot members' work.  */
#define MIX(s, x, k) \
  switch ((s += __builtin_popcount ((x) ^ s) * 2654435761u) & 7) \
    { \
    case 0: s ^= s >> 7; s *= (x) | 1; break; \
    case 1: s += (x) >> 3; s ^= s >> 13; break; \
    case 2: s = (s << 3) ^ (x); s += (k); break; \
    case 3: s -= (x) * 17; s ^= s << 5; break; \
    case 4: s ^= s << 11; s += (k); break; \
    case 5: s = (s >> 2) * 2246822519u; break; \
    default: s = s * 5 + (k); break; \
    }

/* Other targets (the robustness suites build every sample) compile it
   without the region.  */
#if defined __x86_64__ || defined __i386__
#pragma GCC push_options
#pragma GCC target ("sse4.2,popcnt")
#endif

namespace simd
{
template <class T> struct lanes
{
  T v[4];

  HOT_HAND inline unsigned sum (unsigned seed) const
  {
    unsigned s = seed;
    for (unsigned i = 0; i < (seed & 7) + 4; i++)
      {
	MIX (s, v[i & 3], i);
	MIX (s, v[(i + 1) & 3], seed);
	MIX (s, v[(i + 2) & 3], s >> 5);
      }
    return s;
  }

  HOT_HAND inline unsigned widen () const
  {
    unsigned s = 0;
    for (unsigned i = 0; i < (v[0] & 7) + 4; i++)
      {
	MIX (s, v[i & 3], i);
	MIX (s, v[(i + 3) & 3], s >> 3);
      }
    return s;
  }

  friend FRIEND_ATTRIBUTE HOT_FRIEND inline bool
  operator== (const lanes &a, const lanes &b)
  {
    return a.widen () == b.widen ();
  }
};
}

unsigned
kernel (const simd::lanes<unsigned> *p, int n)
{
  unsigned h = 0;
  for (int i = 0; i + 1 < n; i++)
    h = p[i].sum (h) + (p[i] == p[i + 1]);
  return h ^ p[0].sum (h);
}

unsigned
fold (const simd::lanes<unsigned> &a, const simd::lanes<unsigned> &b)
{
  return a.sum (b.sum (7)) ^ b.sum (a.sum (3));
}

#if defined __x86_64__ || defined __i386__
#pragma GCC pop_options
#endif

int
main (void)
{
  static simd::lanes<unsigned> data[6] = { { { 1, 2, 3, 4 } }, { { 1, 2, 3, 4 } },
					    { { 9, 8, 7, 6 } }, { { 5, 5, 5, 5 } },
					    { { 5, 5, 5, 5 } }, { { 0, 1, 0, 1 } } };
  return (int) ((kernel (data, 6) ^ fold (data[0], data[2])) & 63);
}
/* { hi-checked-by e2e/cxx.c } */
