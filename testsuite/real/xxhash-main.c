/* xxHash's hashes of the test input, every length up to 512 bytes (each
   short-input path) and the whole input (the long loops), one per line.
   "bench N": XXH3_64bits of 64 KiB, N times.  */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "xxhash.h"
#include "testdata.h"

#define SIZE (256 * 1024)

int
main (int argc, char **argv)
{
  static unsigned char buf[SIZE];
  testdata_fill (buf, SIZE);
  if (argc == 3 && strcmp (argv[1], "bench") == 0)
    {
      unsigned long long acc = 0;
      for (long n = atol (argv[2]); n > 0; n--)
	acc += XXH3_64bits (buf, 65536);
      printf ("%016llx\n", acc);
      return 0;
    }
  size_t lens[512 + 3];
  size_t n = 0;
  for (size_t l = 0; l < 512; l++)
    lens[n++] = l;
  lens[n++] = 4099;
  lens[n++] = 100001;
  lens[n++] = SIZE;
  for (size_t i = 0; i < n; i++)
    {
      XXH128_hash_t h128 = XXH3_128bits_withSeed (buf, lens[i], 7);
      printf ("%zu %08x %016llx %016llx %016llx %016llx%016llx\n", lens[i],
	      XXH32 (buf, lens[i], 7), (unsigned long long) XXH64 (buf, lens[i], 7),
	      (unsigned long long) XXH3_64bits (buf, lens[i]),
	      (unsigned long long) XXH3_64bits_withSeed (buf, lens[i], 7),
	      (unsigned long long) h128.high64, (unsigned long long) h128.low64);
    }
  /* Streaming, in uneven pieces.  */
  XXH3_state_t *s = XXH3_createState ();
  XXH3_64bits_reset (s);
  for (size_t off = 0, step = 1; off < SIZE; off += step, step = step * 3 % 5000 + 1)
    XXH3_64bits_update (s, buf + off, off + step > SIZE ? SIZE - off : step);
  printf ("stream %016llx\n", (unsigned long long) XXH3_64bits_digest (s));
  XXH3_freeState (s);
  return 0;
}
