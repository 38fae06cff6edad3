/* libdeflate round trips of the test input at levels 1, 6 and 12 (the
   compressor is built once, the decompressor is what is checked), and
   its CRC-32 and Adler-32 of every length up to 512 bytes and of the
   whole input.  Writes each stream and the checksums to standard output;
   exits 1 when a round trip does not give the input back.
   "bench N": libdeflate_deflate_decompress of the level-6 stream, N
   times.  */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "libdeflate.h"
#include "testdata.h"

#define SIZE (256 * 1024)

static unsigned char in[SIZE], out[SIZE];
static unsigned char packed[SIZE + SIZE / 8 + 1024];

static size_t
compress (int level)
{
  struct libdeflate_compressor *c = libdeflate_alloc_compressor (level);
  size_t n = libdeflate_deflate_compress (c, in, SIZE, packed, sizeof packed);
  libdeflate_free_compressor (c);
  return n;
}

int
main (int argc, char **argv)
{
  testdata_fill (in, SIZE);
  struct libdeflate_decompressor *d = libdeflate_alloc_decompressor ();
  size_t got;
  if (argc == 3 && strcmp (argv[1], "bench") == 0)
    {
      size_t n = compress (6);
      for (long k = atol (argv[2]); k > 0; k--)
	if (libdeflate_deflate_decompress (d, packed, n, out, SIZE, &got)
	    != LIBDEFLATE_SUCCESS || got != SIZE)
	  return 1;
      return 0;
    }
  static const int levels[] = { 1, 6, 12 };
  for (int i = 0; i < 3; i++)
    {
      size_t n = compress (levels[i]);
      memset (out, 0, SIZE);
      if (n == 0
	  || libdeflate_deflate_decompress (d, packed, n, out, SIZE, &got)
	     != LIBDEFLATE_SUCCESS
	  || got != SIZE || memcmp (in, out, SIZE) != 0)
	{
	  fprintf (stderr, "libdeflate round trip failed (level %d)\n",
		   levels[i]);
	  return 1;
	}
      fwrite (packed, 1, n, stdout);
    }
  for (size_t l = 0; l <= SIZE; l = l < 512 ? l + 1 : l * 2 + 1)
    printf ("%zu %08x %08x\n", l, libdeflate_crc32 (0, in, l),
	    libdeflate_adler32 (1, in, l));
  libdeflate_free_decompressor (d);
  return 0;
}
