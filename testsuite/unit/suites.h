/* Unit suites: the policy model, its YAML loader, the suggestions and
   the plugin's arguments, tested on their own without GCC.  */
#ifndef HOTINLINE_UNIT_SUITES_H
#define HOTINLINE_UNIT_SUITES_H

#include <check.h>

#include "harness/runner.h"

Suite *policy_load_suite (void);
Suite *policy_lookup_suite (void);
Suite *policy_cache_suite (void);
Suite *suggest_suite (void);
Suite *profile_tool_suite (void);
Suite *results_name_suite (void);
Suite *messages_suite (void);
Suite *config_suite (void);
Suite *results_format_suite (void);

#endif /* HOTINLINE_UNIT_SUITES_H */
