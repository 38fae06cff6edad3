/* A strict entry turns "cannot be forced" into an error: wherever a call
   to count is left, in every configuration, the build fails.
   { hi-options -O2 } { hi-policy strict.yaml } { hi-strict-calls count } */
static int count (int n) /* { hi-error "hot function 'count' is not forced inline: it is recursive" } */
{
  return n ? (1 + count (n - 1)) ^ (n & 2) : 0;
}

int total (int n) { return count (n) + count (n + 1); }
