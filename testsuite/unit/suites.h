/* Unit suites, each a module of the core or the tools tested on its own,
   without a compiler: the policy's loader, lookup and cache, the
   suggestions for a misspelt name, hotinline-profile, the results files'
   names and format, the messages both plugins print, the plugin's
   arguments, and the rules both front ends apply.  */
#ifndef HOTINLINE_UNIT_SUITES_H
#define HOTINLINE_UNIT_SUITES_H

#include <check.h>

#include "harness/runner.h"

Suite *policy_load_suite (void);
Suite *policy_lookup_suite (void);
Suite *policy_cache_suite (void);
Suite *policy_match_suite (void);
Suite *cxx_spelling_suite (void);
Suite *suggest_suite (void);
Suite *profile_tool_suite (void);
Suite *results_name_suite (void);
Suite *messages_suite (void);
Suite *config_suite (void);
Suite *results_format_suite (void);
Suite *rules_suite (void);

#endif /* HOTINLINE_UNIT_SUITES_H */
