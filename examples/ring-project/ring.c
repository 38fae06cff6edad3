#include "ring.h"

/* Push V, dropping the oldest value when full; keeps a running mix so the
   work is not trivial.  */
static void ring_push (struct ring *r, unsigned v)
{
  unsigned next = (r->head + 1) & 255;
  if (next == r->tail)
    {
      r->tail = (r->tail + 1) & 255;
      r->dropped++;
    }
  for (unsigned i = 0; i < (v & 7) + 4; i++)
    switch ((v = (v ^ (v >> 7)) * 0x9e3779b1u + i) & 3)
      {
      case 0: v ^= r->dropped; break;
      case 1: v += r->slot[i & 255]; break;
      case 2: v = (v << 3) | (v >> 29); break;
      default: v -= i * 5; break;
      }
  r->slot[r->head] = v;
  r->head = next;
}

unsigned ring_drain (struct ring *r, const unsigned *v, int n)
{
  unsigned sum = 0;
  for (int i = 0; i < n; i++)
    {
      ring_push (r, v[i]);
      sum += r->slot[(r->head - 1) & 255];
    }
  ring_push (r, sum);
  return sum ^ r->dropped;
}
