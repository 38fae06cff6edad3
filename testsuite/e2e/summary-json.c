/* hotinline-summary --json run and read, for the suites.  */
#include <check.h>
#include <stdlib.h>

#include "e2e/summary-json.h"
#include "harness/harness.h"

json_t *
summary_json (const char *dir)
{
  const char *tool = getenv ("HOTINLINE_SUMMARY");
  ck_assert_msg (tool, "HOTINLINE_SUMMARY not set");
  struct run r = harness_run ((const char *const[]) { tool, "--json", dir,
						      NULL }, NULL);
  ck_assert_msg (r.status == 0, "%s%s", r.out, r.err);
  json_error_t err;
  json_t *summary = json_loads (r.out, 0, &err);
  ck_assert_msg (summary, "%s: %s", err.text, r.out);
  return summary;
}

long long
summary_declined (const json_t *summary, const char *function)
{
  json_t *f = json_object_get (json_object_get (summary, "functions"),
			       function);
  return f ? json_integer_value (json_object_get (f, "declined")) : -1;
}
