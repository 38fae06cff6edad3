/* A small decoder written the way fast libraries are: its hot helpers
   carry a force-inline macro, and they are worth inlining because their
   callers pass constants (the width, the table) that fold their switches
   away.  Built with -DFORCE_INLINE_ATTR= (the macro emptied), GCC keeps
   mix_value out of line: too big for its limits even with the constants,
   and called from many places.  The profile -> policy -> build test
   rebuilds that with the policy hotinline-profile writes from a callgrind
   profile.  */
#include <stdio.h>
#include <stdlib.h>

#ifndef FORCE_INLINE_ATTR
#define FORCE_INLINE_ATTR __attribute__ ((always_inline))
#endif
#define FORCE_INLINE static inline FORCE_INLINE_ATTR

/* Read one value of WIDTH bytes, in the byte order ORDER.  */
FORCE_INLINE unsigned
read_value (const unsigned char *p, int width, int order)
{
  unsigned v = 0;
  switch (width)
    {
    case 1:
      return p[0];
    case 2:
      v = order ? (unsigned) p[0] << 8 | p[1] : p[0] | (unsigned) p[1] << 8;
      break;
    case 3:
      v = order ? (unsigned) p[0] << 16 | (unsigned) p[1] << 8 | p[2]
		: p[0] | (unsigned) p[1] << 8 | (unsigned) p[2] << 16;
      break;
    default:
      for (int i = 0; i < width; i++)
	v = order ? v << 8 | p[i] : v | (unsigned) p[i] << (8 * i);
      break;
    }
  return v;
}

/* One round of mixing V into H.  */
#define ROUND(h, v, a, b)						\
  ((h) = (((h) ^ (v)) * (a)) + ((h) >> (b) | (h) << (32 - (b))))
#define ROUNDS4(h, v, a)						\
  (ROUND (h, v, a, 7), ROUND (h, v, a + 2, 11), ROUND (h, v, a + 4, 13), \
   ROUND (h, v, a + 6, 17))
#define ROUNDS16(h, v, a)						\
  (ROUNDS4 (h, v, a), ROUNDS4 (h, v, a + 8), ROUNDS4 (h, v, a + 16),	\
   ROUNDS4 (h, v, a + 24))

/* Mix a value into the state, the way MODE says.  */
FORCE_INLINE unsigned
mix_value (unsigned h, unsigned v, int mode)
{
  switch (mode)
    {
    case 0:
      ROUNDS16 (h, v, 0x01000193u);
      ROUNDS16 (h, v >> 3, 0x5bd1e995u);
      ROUNDS16 (h, v ^ h, 0x27d4eb2du);
      return h ^ (h >> 15);
    case 1:
      ROUNDS16 (h, v, 0x9e3779b1u);
      ROUNDS16 (h, v << 5, 0x85ebca6bu);
      ROUNDS16 (h, v + h, 0xc2b2ae35u);
      return h ^ (h >> 13);
    case 2:
      ROUNDS16 (h, v, 0x165667b1u);
      ROUNDS16 (h, ~v, 0x7f4a7c15u);
      ROUNDS16 (h, v - h, 0x2545f491u);
      return h ^ (h >> 16);
    case 3:
      ROUNDS16 (h, v, 0x61c88647u);
      ROUNDS16 (h, v * 3, 0x4f1bbcddu);
      ROUNDS16 (h, v | h, 0x68e31da5u);
      return h ^ (h >> 11);
    default:
      for (int i = 0; i < mode; i++)
	h = (h << 5 | h >> 27) ^ v ^ (unsigned) i;
      return h;
    }
}

/* Decode N values of WIDTH bytes from P into the state H, four at a
   time; one copy per kind of block, each with its constants.  */
#define DECODE_RUN(p, n, width, order, mode, h)				\
  do									\
    {									\
      for (; n >= 4; n -= 4, p += 4 * width)				\
	{								\
	  h = mix_value (h, read_value (p, width, order), mode);	\
	  h = mix_value (h, read_value (p + width, width, order), mode); \
	  h = mix_value (h, read_value (p + 2 * width, width, order),	\
			 mode);						\
	  h = mix_value (h, read_value (p + 3 * width, width, order),	\
			 mode);						\
	}								\
      for (; n > 0; n--, p += width)					\
	h = mix_value (h, read_value (p, width, order), mode);		\
    }									\
  while (0)

/* The decoder's entry points, one per kind of block.  */
unsigned
decode_le16 (const unsigned char *p, int n, unsigned h)
{
  DECODE_RUN (p, n, 2, 0, 0, h);
  return h;
}

unsigned
decode_be24 (const unsigned char *p, int n, unsigned h)
{
  DECODE_RUN (p, n, 3, 1, 1, h);
  return h;
}

unsigned
decode_le32 (const unsigned char *p, int n, unsigned h)
{
  DECODE_RUN (p, n, 4, 0, 2, h);
  return h;
}

unsigned
decode_bytes (const unsigned char *p, int n, unsigned h)
{
  DECODE_RUN (p, n, 1, 1, 3, h);
  return h;
}

int
main (int argc, char **argv)
{
  int rounds = argc > 1 ? atoi (argv[1]) : 10;
  static unsigned char buf[4096];
  for (int i = 0; i < (int) sizeof buf; i++)
    buf[i] = (unsigned char) (i * 131 + 7);
  unsigned h = 1;
  for (int r = 0; r < rounds; r++)
    {
      buf[r & 4095] ^= (unsigned char) h;
      h = decode_le16 (buf, 1024, h);
      h = decode_be24 (buf + 1, 1024, h);
      h = decode_le32 (buf + 2, 1000, h);
      h = decode_bytes (buf + 3, 2048, h);
    }
  printf ("%08x\n", h);
  return 0;
}
