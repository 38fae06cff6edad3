/* Under -fPIC a global function may be interposed by another definition
   at load time, so GCC cannot inline it; a static one is still forced.
   { hi-options -O2 -fPIC } { hi-policy interposable.yaml }
   { hi-calls shared_step } { hi-no-calls local_step } */
int shared_step (int x) /* { hi-warning "hot function 'shared_step' is not forced inline: it can be interposed at link time" } */
{
  return x * 3 + 1;
}

static int local_step (int x)
{
  int s = 0;
  for (int i = 0; i < x; i++)
    s += i ^ x;
  return s;
}

int walk (int x) { return shared_step (x) + shared_step (x + 1)
		   + local_step (x) + local_step (x * 2) + local_step (7); }
