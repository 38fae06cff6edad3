/* LZ4 round trips of the test input: default and fast compression, safe
   and partial decompression.  Writes the compressed bytes to standard
   output; exits 1 when a round trip does not give the input back.
   "bench N": LZ4_decompress_safe of the input's frame, N times.  */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "lz4.h"
#include "testdata.h"

#define SIZE (256 * 1024)

static unsigned char in[SIZE], out[SIZE];
static char packed[LZ4_COMPRESSBOUND (SIZE)];

static int
round_trip (int acceleration)
{
  int n = LZ4_compress_fast ((const char *) in, packed, SIZE, sizeof packed,
			     acceleration);
  if (n <= 0)
    return 0;
  fwrite (packed, 1, (size_t) n, stdout);
  memset (out, 0, SIZE);
  if (LZ4_decompress_safe (packed, (char *) out, n, SIZE) != SIZE
      || memcmp (in, out, SIZE) != 0)
    return 0;
  int part = LZ4_decompress_safe_partial (packed, (char *) out, n, 1000, SIZE);
  return part >= 1000 && memcmp (in, out, 1000) == 0;
}

int
main (int argc, char **argv)
{
  testdata_fill (in, SIZE);
  if (argc == 3 && strcmp (argv[1], "bench") == 0)
    {
      int n = LZ4_compress_default ((const char *) in, packed, SIZE,
				    sizeof packed);
      for (long k = atol (argv[2]); k > 0; k--)
	if (LZ4_decompress_safe (packed, (char *) out, n, SIZE) != SIZE)
	  return 1;
      return 0;
    }
  for (int acc = 1; acc <= 16; acc *= 4)
    if (!round_trip (acc))
      {
	fprintf (stderr, "lz4 round trip failed (acceleration %d)\n", acc);
	return 1;
      }
  return 0;
}
