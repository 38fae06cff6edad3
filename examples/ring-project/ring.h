/* A fixed-size ring of 32-bit values.  */
#ifndef RING_H
#define RING_H
struct ring
{
  unsigned head, tail, dropped;
  unsigned slot[256];
};
unsigned ring_drain (struct ring *r, const unsigned *v, int n);
#endif
