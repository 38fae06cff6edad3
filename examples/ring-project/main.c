#include <stdio.h>
#include "ring.h"

int main (void)
{
  static struct ring r;
  static unsigned v[1000];
  for (int i = 0; i < 1000; i++)
    v[i] = (unsigned) i * 2654435761u;
  printf ("ring: %08x\n", ring_drain (&r, v, 1000));
  return 0;
}
