/* The results file of a compilation (results-name.h).  */
#define _GNU_SOURCE
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define XXH_INLINE_ALL
#include <xxhash.h>

#include "results-name.h"

/* Options, by their start, that name files or choose messages: they
   differ between two compilations of the same code.  */
static const char *const no_code_prefixes[] = {
  "-o", "-dump", "-auxbase", "-M", "-W", "-w", "-quiet", "-version",
  "-iplugindir",
  "-fdiagnostics-", "-fmessage-length", "-fno-diagnostics-",
  "-fplugin-arg-hotinline-results", "-fplugin-arg-hotinline-quiet",
  "-fplugin-arg-hotinline-summary", "-fplugin-arg-hotinline-severity",
  "-fplugin-arg-hotinline-no-werror", "-fplugin-arg-hotinline-cache",
  "-fplugin-arg-hotinline-no-cache",
};

bool
results_option_changes_code (const char *arg)
{
  if (!arg || arg[0] != '-')
    return false;		/* An input file.  */
  for (size_t i = 0; i < sizeof no_code_prefixes / sizeof *no_code_prefixes;
       i++)
    if (strncmp (arg, no_code_prefixes[i], strlen (no_code_prefixes[i]))
	== 0)
      return false;
  return true;
}

char *
results_file_name (const char *dir, const char *source, const char *output,
		   const char *flags_key)
{
  /* Each part with its length first, so that no two different triples
     hash the same bytes.  */
  const char *parts[3] = { source, output, flags_key };
  XXH3_state_t st;
  XXH3_64bits_reset (&st);
  XXH3_64bits_update (&st, "hotinline results", 17);
  for (int i = 0; i < 3; i++)
    {
      uint64_t len = parts[i] ? strlen (parts[i]) : 0;
      XXH3_64bits_update (&st, &len, sizeof len);
      if (len)
	XXH3_64bits_update (&st, parts[i], len);
    }
  const char *slash = strrchr (source, '/');
  char *name;
  if (asprintf (&name, "%s/%s.%016llx.json", dir, slash ? slash + 1 : source,
		(unsigned long long) XXH3_64bits_digest (&st)) < 0)
    return NULL;
  return name;
}
