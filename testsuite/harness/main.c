/* Runs every suite, their cases in parallel (runner.h); the summary line
   comes last and the exit status says whether anything failed.  */
#include <check.h>
#include <stdlib.h>

#include "e2e/suites.h"
#include "unit/suites.h"

int
main (void)
{
  SRunner *sr = srunner_create (policy_load_suite ());
  srunner_add_suite (sr, policy_lookup_suite ());
  srunner_add_suite (sr, policy_match_suite ());
  srunner_add_suite (sr, cxx_spelling_suite ());
  srunner_add_suite (sr, policy_cache_suite ());
  srunner_add_suite (sr, suggest_suite ());
  srunner_add_suite (sr, profile_tool_suite ());
  srunner_add_suite (sr, results_name_suite ());
  srunner_add_suite (sr, messages_suite ());
  srunner_add_suite (sr, config_suite ());
  srunner_add_suite (sr, results_format_suite ());
  srunner_add_suite (sr, rules_suite ());
  srunner_add_suite (sr, policy_files_suite ());
  srunner_add_suite (sr, plugin_load_suite ());
  srunner_add_suite (sr, samples_suite ());
  srunner_add_suite (sr, forcing_rules_suite ());
  srunner_add_suite (sr, diagnostics_suite ());
  srunner_add_suite (sr, robustness_suite ());
  srunner_add_suite (sr, profile_e2e_suite ());
  srunner_add_suite (sr, distributed_suite ());
  srunner_add_suite (sr, wrapper_suite ());
  srunner_add_suite (sr, html_report_suite ());
  srunner_add_suite (sr, tools_cli_suite ());
  srunner_add_suite (sr, policy_cache_e2e_suite ());
  srunner_add_suite (sr, results_suite ());
  srunner_add_suite (sr, summary_suite ());
  srunner_add_suite (sr, cxx_names_suite ());
  srunner_add_suite (sr, clang_plugin_suite ());
  srunner_add_suite (sr, reports_suite ());
  srunner_add_suite (sr, lto_suite ());
  srunner_add_suite (sr, messages_e2e_suite ());
  srunner_add_suite (sr, lock_build_e2e_suite ());
  srunner_add_suite (sr, lock_suite ());
  srunner_add_suite (sr, review_suite ());
  srunner_add_suite (sr, diff_suite ());
  srunner_add_suite (sr, link_scope_suite ());
  srunner_add_suite (sr, disregard_suite ());
  srunner_add_suite (sr, audit_suite ());
  int failed = runner_run (sr);
  srunner_free (sr);
  return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
