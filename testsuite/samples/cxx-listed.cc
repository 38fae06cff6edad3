// A library that forces some of its functions through a macro: some
// overloads only, a constructor, an operator, a member of a class
// template, a template instance with an array type among its template
// arguments and a lambda.  e2e/cxx.c lists the marked functions with
// -fplugin-arg-hotinline-list, strips the macro, forces with the listed
// policy and compares the code with the annotated build's.
#include <cstddef>
#include <cstdint>

#ifdef HOTINLINE_HAND
#define FORCE_INLINE __attribute__ ((always_inline)) inline
#define FORCE_LAMBDA __attribute__ ((always_inline))
#else
#define FORCE_INLINE inline
#define FORCE_LAMBDA
#endif

namespace lib
{
/* Enough work that GCC does not inline these by itself at -O2.  */
#define MIX(s, x)							\
  for (std::size_t i = 0; i < n; i++)					\
    {									\
      s = s * 31 + (x);							\
      switch (s & 7)							\
	{								\
	case 0: s ^= s >> 3; break;					\
	case 1: s += 17; break;						\
	case 2: s = s * 5 + 1; break;					\
	case 3: s ^= s << 2; break;					\
	default: s -= 9; break;						\
	}								\
    }

struct parser
{
  unsigned state;
  FORCE_INLINE parser (unsigned seed);
  FORCE_INLINE unsigned parse (const std::uint8_t *p, std::size_t n);
  /* The same name, not forced: a policy by name would force it too.  */
  inline unsigned parse (const std::uint8_t *p, std::size_t n, bool strict);
  FORCE_INLINE unsigned operator[] (std::size_t n) const;
};

FORCE_INLINE parser::parser (unsigned seed) : state (seed * 2654435761u) {}

FORCE_INLINE unsigned
parser::parse (const std::uint8_t *p, std::size_t n)
{
  unsigned s = state;
  MIX (s, p[i]);
  return state = s;
}

inline unsigned
parser::parse (const std::uint8_t *p, std::size_t n, bool strict)
{
  unsigned s = state + strict;
  MIX (s, p[i] ^ 0x55);
  return state = s;
}

FORCE_INLINE unsigned
parser::operator[] (std::size_t n) const
{
  unsigned s = state;
  MIX (s, (unsigned) i);
  return s;
}

template <class T> struct table
{
  T cells[16];
  FORCE_INLINE T sum (std::size_t n) const;
};

template <class T>
FORCE_INLINE T
table<T>::sum (std::size_t n) const
{
  T s = 0;
  MIX (s, cells[i & 15]);
  return s;
}

/* Its listed name has an array type before its parameter list, whose
   '[' must not start a glob's character class.  */
template <class A>
FORCE_INLINE unsigned
width (std::size_t n)
{
  unsigned s = sizeof (A);
  MIX (s, (unsigned) (sizeof (A) + i));
  return s;
}
}

unsigned
consume (const std::uint8_t *p, std::size_t n, lib::table<unsigned> &t)
{
  lib::parser a (7), b (9);
  auto step = [&] (std::size_t k) FORCE_LAMBDA { return a[k] + b[k + 1]; };
  unsigned r = a.parse (p, n) + b.parse (p, n / 2) + a.parse (p, n, true);
  r += b.parse (p + 1, n - 1, false) + step (n) + step (n / 3);
  r += lib::width<char[4]> (n) + lib::width<char[4]> (n / 5);
  return r + t.sum (n) + t.sum (n / 2);
}
/* { hi-checked-by e2e/cxx.c } */
