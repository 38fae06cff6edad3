/* The input the library programs hash or compress: the same bytes on
   every run, text-like with repeats (to give a compressor matches at
   every distance) and a stretch of noise (literals).  */
#include <stddef.h>
#include <stdint.h>

static void
testdata_fill (unsigned char *buf, size_t size)
{
  static const char *const words[] = {
    "the ", "hot ", "function ", "is ", "inlined ", "into ", "its ",
    "caller ", "and ", "GCC ", "decides ", "by ", "size ", "limits ",
    "call ", "site ", "\n", "of ", "a ", "loop ",
  };
  uint32_t state = 12345;
  size_t i = 0;
  while (i < size)
    {
      state = state * 1103515245u + 12345u;
      uint32_t r = state >> 16;
      if (i > size / 2 && i < size / 2 + 4096)
	buf[i++] = (unsigned char) r;	/* noise */
      else if (r % 7 == 0 && i > 1024)
	{
	  /* A copy of earlier text, near or far.  */
	  size_t dist = 1 + (r * 37u) % (i < 65536 ? i : 65536);
	  size_t len = 4 + r % 60;
	  for (size_t k = 0; k < len && i < size; k++, i++)
	    buf[i] = buf[i - dist];
	}
      else
	for (const char *w = words[r % 20]; *w && i < size; w++)
	  buf[i++] = (unsigned char) *w;
    }
}
