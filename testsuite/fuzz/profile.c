/* libFuzzer target for hotinline-profile's readers: any bytes, read as
   perf script output, perf report output and a callgrind file (with the
   default event and a chosen one), must give costs or a clean error,
   never a crash, a leak or undefined behaviour.  Built with ASan and UBSan
   by "make fuzz".  */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "profile.h"

static void
read_as (bool (*reader) (struct profile *, char *), const uint8_t *data,
	 size_t size, const char *event)
{
  /* The tool hands the readers a NUL-terminated copy of the file.  */
  char *text = malloc (size + 1);
  memcpy (text, data, size);
  text[size] = '\0';
  struct profile p = { .path = "fuzz.txt" };
  if (event)
    p.event = strdup (event);
  bool ok = reader (&p, text);
  if (!ok && !p.error)
    __builtin_trap ();
  for (size_t i = 0; i < p.n_costs; i++)
    if (!p.costs[i].name || !p.costs[i].dso
	|| p.costs[i].inlined > p.costs[i].self)
      __builtin_trap ();
  profile_free (&p);
  free (text);
}

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  char *text = malloc (size + 1);
  memcpy (text, data, size);
  text[size] = '\0';
  profile_detect_format ("fuzz.txt", text);
  free (text);
  read_as (profile_read_perf_script, data, size, NULL);
  read_as (profile_read_perf_report, data, size, NULL);
  read_as (profile_read_callgrind, data, size, NULL);
  read_as (profile_read_callgrind, data, size, "Dr");
  return 0;
}
