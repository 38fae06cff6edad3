/* A strict entry turns "cannot be forced" into an error: wherever a call
   to count is left, in every configuration, the build fails.
   { hi-options -O2 } { hi-policy strict.yaml } { hi-strict-calls count } */
#include <stdarg.h>

static int count (int n, ...) /* { hi-error "hot function 'count' is not forced inline: it uses its variable argument list" } */
{
  va_list ap;
  va_start (ap, n);
  int s = n + va_arg (ap, int);
  va_end (ap);
  return s;
}

int total (int n) { return count (n, 1) + count (n + 1, 2); } /* { hi-warning "not inlined into 'total'" } { hi-warning "not inlined into 'total'" } */
