/* libFuzzer target for the policy loader and the compiled policy image:
   any bytes, as one policy, as the second of two (to exercise merging), or
   as a compiled image (as read, and patched into a sound image with its
   checksum fixed, to get past the checksum), must give a clean result or
   clean errors, never a crash, a leak or undefined behaviour.  Built with
   ASan and UBSan by "make fuzz".  */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "policy.h"
#include "policy-image.h"

static const char base[] = "version: 1\n"
			   "functions:\n"
			   "  - {name: xas_descend, action: always_inline}\n"
			   "  - {name: \"xas_*\", callers: [xa_load]}\n"
			   "  - {name: \"*_slow\", files: [\"lib/*.c\"],"
			   " reason: why}\n"
			   "  - {name: \"?as\"}\n";

static void
use (const struct policy *p)
{
  for (size_t i = 0; i < policy_entry_count (p); i++)
    {
      const struct policy_entry *e = policy_entry_at (p, i);
      policy_lookup (p, e->name.text, "xa_load", "lib/xarray.c");
      if (e->reason && !e->reason[0] && !e->loc.file)
	__builtin_trap ();
    }
  policy_lookup (p, "xas_descend.constprop.0", "xa_load", "lib/xarray.c");
  policy_lookup (p, "lock_slow", "f", "lib/a.c");
  policy_mentions (p, "xas_load");
}

static void
release (const void *data, size_t size)
{
  (void) size;
  free ((void *) data);
}

/* Use DATA[0..SIZE) as an image, if the check lets it through.  */
static void
try_image (const void *data, size_t size)
{
  static const char *const sources[] = { "base.yaml" };
  if (policy_image_check (data, size, "fuzz", NULL))
    return;
  void *copy = malloc (size);
  memcpy (copy, data, size);
  struct policy *p = policy_new ();
  if (policy_use_image (p, copy, size, sources, 1, release))
    use (p);
  else
    free (copy);
  policy_free (p);
}

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  struct policy *p = policy_new ();
  policy_load_buffer (p, "fuzz.yaml", (const char *) data, size);
  for (size_t i = 0; i < policy_error_count (p); i++)
    if (!policy_error_message (p, i))
      __builtin_trap ();
  use (p);
  policy_free (p);

  p = policy_new ();
  policy_load_buffer (p, "base.yaml", base, sizeof base - 1);
  policy_load_buffer (p, "fuzz.yaml", (const char *) data, size);
  use (p);
  policy_free (p);

  /* The input as an image, then XORed over a sound one and resealed.  */
  try_image (data, size);
  p = policy_new ();
  policy_load_buffer (p, "base.yaml", base, sizeof base - 1);
  const char *sources[] = { "base.yaml" };
  size_t image_size;
  unsigned char *image = policy_compile (p, sources, 1, "fuzz", NULL,
					 &image_size);
  policy_free (p);
  if (image)
    {
      for (size_t i = 0; i < size && i < image_size; i++)
	image[(i * 7) % image_size] ^= data[i];
      policy_image_reseal (image, image_size);
      try_image (image, image_size);
      free (image);
    }
  return 0;
}
