/* End-to-end suites: each runs the real compiler with the plugin.  */
#ifndef HOTINLINE_E2E_SUITES_H
#define HOTINLINE_E2E_SUITES_H

#include <check.h>

#include "harness/runner.h"

Suite *plugin_load_suite (void);
Suite *policy_files_suite (void);
Suite *samples_suite (void);
Suite *diagnostics_suite (void);
Suite *robustness_suite (void);
Suite *profile_e2e_suite (void);
Suite *distributed_suite (void);
Suite *forcing_rules_suite (void);
Suite *html_report_suite (void);
Suite *policy_cache_e2e_suite (void);
Suite *results_suite (void);
Suite *cxx_names_suite (void);
Suite *clang_plugin_suite (void);
Suite *reports_suite (void);
Suite *lto_suite (void);
Suite *wrapper_suite (void);
Suite *tools_cli_suite (void);
Suite *summary_suite (void);
Suite *messages_e2e_suite (void);
Suite *lock_build_e2e_suite (void);
Suite *lock_suite (void);
Suite *review_suite (void);
Suite *diff_suite (void);
Suite *link_scope_suite (void);
Suite *disregard_suite (void);
Suite *audit_suite (void);

/* Seconds allowed to a test case that runs the compiler.  */
enum { E2E_TIMEOUT = 300 };

#endif /* HOTINLINE_E2E_SUITES_H */
