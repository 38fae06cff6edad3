/* Dependency tracking: name the policy files (disregard-only='s too) in
   the -MD/-MMD output, so that make, Kbuild's fixdep and ccache's depend
   mode rebuild an object when its policy changes.  */
#include "gcc-compat.h"

#include "hotinline.h"

/* From libcpp's mkdeps.h, which GCC does not install.  */
extern void deps_add_dep (class mkdeps *, const char *);

/* The C family's preprocessor; only cc1 and cc1plus have one, so it is
   weak: under lto1 it is null and there is nothing to do.  */
extern cpp_reader *parse_in __attribute__ ((weak));

namespace hotinline {

namespace {

/* Add the policies once, as soon as the preprocessor has its dependency
   list: it exists once the main file is open, which is before the first
   file is included (the main file counts).  */
static void
add_policies_to_deps (void *, void *)
{
  static bool done;
  if (done || !&parse_in || !parse_in)
    return;
  class mkdeps *deps = cpp_get_deps (parse_in);
  if (!deps)
    return;
  done = true;
  for (size_t i = 0; i < the_config.n_policies; i++)
    deps_add_dep (deps, the_config.policies[i]);
  /* A lock that does not exist (not made yet) is left out: make would
     have no rule for it.  */
  for (size_t i = 0; i < the_config.n_locks; i++)
    if (access (the_config.locks[i], R_OK) == 0)
      deps_add_dep (deps, the_config.locks[i]);
  if (the_config.disregard_only)
    deps_add_dep (deps, the_config.disregard_only);
}

} // namespace

void
deps_register (const char *plugin_name)
{
  register_callback (plugin_name, PLUGIN_INCLUDE_FILE, add_policies_to_deps,
		     NULL);
  /* A unit that includes nothing, built with -nostdinc: still in time.  */
  register_callback (plugin_name, PLUGIN_START_UNIT, add_policies_to_deps,
		     NULL);
}

} // namespace hotinline
