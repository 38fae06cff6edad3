/* hotinline-summary --json, for the suites that check what it counts.  */
#ifndef HOTINLINE_E2E_SUMMARY_JSON_H
#define HOTINLINE_E2E_SUMMARY_JSON_H

#include <jansson.h>

/* The summary of the results files in DIR ($HOTINLINE_SUMMARY --json),
   parsed; the test fails when the tool fails or prints no JSON.  The
   caller frees it with json_decref.  */
json_t *summary_json (const char *dir);

/* What SUMMARY says of FUNCTION: its calls declined, or -1 when it does
   not name it.  */
long long summary_declined (const json_t *summary, const char *function);

#endif /* HOTINLINE_E2E_SUMMARY_JSON_H */
