/* Benchmark: load a policy file with the plugin's own loader, then look
   names up in it, so that valgrind can count the instructions of each
   step (bench_load and bench_lookups are kept out of line for
   --toggle-collect) and measure the heap the policy takes.

     bench_load POLICY LOOKUPS

   With HOTINLINE_BENCH_CACHE=DIR in the environment the policy is loaded
   through the compiled policy cache in DIR, as the plugin loads it.

   LOOKUPS names are looked up, a few of them names the policy holds and
   most of them not, as in a compilation where most functions are not
   hot.  */
#include <stdio.h>
#include <stdlib.h>

#include "policy.h"
#include "policy-cache.h"

__attribute__ ((noinline)) struct policy *bench_load (const char *path);
__attribute__ ((noinline)) size_t bench_lookups (const struct policy *p,
						 unsigned n);

struct policy *
bench_load (const char *path)
{
  struct policy *p = policy_new ();
  const char *cache = getenv ("HOTINLINE_BENCH_CACHE");
  if (!policy_cache_load (p, &path, 1, cache, "bench", NULL))
    {
      for (size_t i = 0; i < policy_error_count (p); i++)
	fprintf (stderr, "%s\n", policy_error_message (p, i));
      exit (EXIT_FAILURE);
    }
  return p;
}

/* One name in a hundred is one of the policy's (the generated policies
   name gen_fn_N); the others look like the functions of a real unit.  */
size_t
bench_lookups (const struct policy *p, unsigned n)
{
  size_t found = 0;
  char name[64];
  for (unsigned i = 0; i < n; i++)
    {
      if (i % 100 == 0)
	snprintf (name, sizeof name, "gen_fn_%u", 10 + i % 80);
      else
	snprintf (name, sizeof name, "mdb_cursor_op_%u", i);
      found += policy_lookup (p, name, "mdb_caller", "src/mdb.c") != NULL;
    }
  return found;
}

int
main (int argc, char **argv)
{
  if (argc != 3)
    {
      fprintf (stderr, "usage: bench_load POLICY LOOKUPS\n");
      return EXIT_FAILURE;
    }
  struct policy *p = bench_load (argv[1]);
  size_t found = bench_lookups (p, (unsigned) strtoul (argv[2], NULL, 10));
  printf ("%zu entries, %zu names found\n", policy_entry_count (p), found);
  policy_free (p);
  return EXIT_SUCCESS;
}
