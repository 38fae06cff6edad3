/* The testsuite's runner: Check's suites, run as units (a test case, or a
   whole suite whose cases depend on each other) in parallel processes,
   as many at a time as make's job server allows, or HOTINLINE_CHECK_JOBS,
   or the number of CPUs.  Each unit's output is printed whole, in the
   order the units were declared, then Check's summary line for them all.

   The suites declare their cases with these instead of Check's
   suite_create, tcase_create and suite_add_tcase, so that the runner
   knows them by name.  */
#ifndef HOTINLINE_RUNNER_H
#define HOTINLINE_RUNNER_H

#include <check.h>

Suite *runner_suite (const char *name);
TCase *runner_tcase (const char *name);
void runner_add_tcase (Suite *, TCase *);
/* The cases of S share state from one to the next (daemons started by
   one, checked to be gone by the last): run them in one process, in
   order.  */
void runner_in_order (Suite *s);

/* Run every unit of the suites in SR; returns the number of tests that
   failed or had an error.  */
int runner_run (SRunner *sr);

#endif /* HOTINLINE_RUNNER_H */
