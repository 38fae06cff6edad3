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

/* The calls that stay are reported.  */
int walk (int x)
{
  return shared_step (x) /* { hi-warning "hot function 'shared_step' not inlined into 'walk': function body can be overwritten at link time [hotinline]" } */
	 + shared_step (x + 1) /* { hi-warning "hot function 'shared_step' not inlined into 'walk': function body can be overwritten at link time [hotinline]" } */
	 + local_step (x) + local_step (x * 2) + local_step (7);
}
