/* zstd round trips of the test input at levels 1, 3 and 19 (the
   compressor is built once, the decompressor is what is checked).  Writes
   each frame and the bytes decompressed from it to standard output; exits
   1 when a round trip does not give the input back.
   "bench N": ZSTD_decompressDCtx of the level-3 frame, N times.  */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "zstd.h"
#include "testdata.h"

#define SIZE (256 * 1024)

static unsigned char in[SIZE], out[SIZE];
static unsigned char packed[SIZE + SIZE / 8 + 1024];

int
main (int argc, char **argv)
{
  testdata_fill (in, SIZE);
  ZSTD_DCtx *d = ZSTD_createDCtx ();
  if (argc == 3 && strcmp (argv[1], "bench") == 0)
    {
      size_t n = ZSTD_compress (packed, sizeof packed, in, SIZE, 3);
      for (long k = atol (argv[2]); k > 0; k--)
	if (ZSTD_decompressDCtx (d, out, SIZE, packed, n) != SIZE)
	  return 1;
      return 0;
    }
  static const int levels[] = { 1, 3, 19 };
  for (int i = 0; i < 3; i++)
    {
      size_t n = ZSTD_compress (packed, sizeof packed, in, SIZE, levels[i]);
      if (ZSTD_isError (n))
	return 1;
      memset (out, 0, SIZE);
      size_t m = ZSTD_decompressDCtx (d, out, SIZE, packed, n);
      if (m != SIZE || memcmp (in, out, SIZE) != 0)
	{
	  fprintf (stderr, "zstd round trip failed (level %d)\n", levels[i]);
	  return 1;
	}
      fwrite (packed, 1, n, stdout);
      fwrite (out, 1, m, stdout);
    }
  ZSTD_freeDCtx (d);
  return 0;
}
