/* The plugin's shared state: the loaded policy and the arguments, which
   the entry point (hotinline.cc) sets, and the unit's statistics for the
   summary, which the passes count.  Variables only: the lowest unit, it
   calls nothing of the plugin.  */
#include "gcc-compat.h"

#include "hotinline.h"

struct policy *hot_policy;
struct config hot_config;
struct hot_stats hot_stats;
