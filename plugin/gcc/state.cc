/* The plugin's shared state: the loaded policy and the arguments, which
   the entry point (hotinline.cc) sets, and the unit's statistics for the
   summary, which the passes count.  Variables only: the lowest unit, it
   calls nothing of the plugin.  */
#include "gcc-compat.h"

#include "hotinline.h"

namespace hotinline {

struct policy *the_policy;
struct policy *the_only_policy;
struct config the_config;
struct hot_stats unit_stats;
hash_map<tree, const char *> *marks_taken_off;

} // namespace hotinline
