/* libFuzzer target for the policy loader: any bytes, as one policy or as
   the second of two (to exercise merging), must give a clean result or
   clean errors, never a crash, a leak or undefined behaviour.  Built with
   ASan and UBSan by "make fuzz".  */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "policy.h"

static const char base[] = "version: 1\n"
			   "functions:\n"
			   "  - {name: xas_descend, action: always_inline}\n"
			   "  - {name: \"xas_*\", callers: [xa_load]}\n";

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  struct policy *p = policy_new ();
  policy_load_buffer (p, "fuzz.yaml", (const char *) data, size);
  for (size_t i = 0; i < policy_error_count (p); i++)
    if (!policy_error_message (p, i))
      __builtin_trap ();
  policy_lookup (p, "xas_descend.constprop.0", "xa_load", "lib/xarray.c");
  policy_mentions (p, "xas_load");
  policy_free (p);

  p = policy_new ();
  policy_load_buffer (p, "base.yaml", base, sizeof base - 1);
  policy_load_buffer (p, "fuzz.yaml", (const char *) data, size);
  for (size_t i = 0; i < policy_entry_count (p); i++)
    {
      const struct policy_entry *e = policy_entry_at (p, i);
      policy_lookup (p, e->name.text, "xa_load", "lib/xarray.c");
    }
  policy_free (p);
  return 0;
}
