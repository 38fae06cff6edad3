/* hotinline-summary's hot calls by identity (summary-calls.c): what a
   comparison of two builds and the exported findings key a call by.

   A call's identity is the file that holds it, its caller, its callee and
   its order among that caller's calls to that callee in that file, never
   its line: code that moves, grows or shrinks around a call keeps it.
   The calls of one identity are counted per unit (its source and output,
   so that a source compiled twice, PIC and not, is two units).  */
#ifndef HOTINLINE_SUMMARY_CALLS_H
#define HOTINLINE_SUMMARY_CALLS_H

#include <jansson.h>

/* The calls of a build: a JSON object, "file\ncaller\ncallee" -> group:

     {file, path, caller, callee,
      places: {"line:column" -> place},
      order: [place, ...]}           (calls_finish: by line and column)

   and a place:

     {file (as the results name it), path, line, column, ordinal,
      units: {unit id -> {inlined: n, left: n}},
      left: the first call left, with "unit" and "unit_path",
      inlined: [the first call inlined, its unit's limits]}

   FILE is the call's file relative to the directory of its compilation
   ("lib/xarray.c", "include/linux/xarray.h"), PATH as it can be opened.  */

/* Fold the calls of UNIT, a results file's object, into CALLS.  */
void calls_add_unit (json_t *calls, json_t *unit);

/* Number every group's places in order of line and column.  */
void calls_finish (json_t *calls);

/* The unit id of UNIT: its source and its output, relative to its
   directory (malloc'd).  */
char *calls_unit_id (json_t *unit);

/* A call's fingerprint: 32 hex digits of XXH3-128 over its identity
   (FILE, CALLER, CALLEE, ORDINAL), written into OUT.  */
void calls_fingerprint (const char *file, const char *caller,
			const char *callee, long long ordinal, char out[33]);

#endif /* HOTINLINE_SUMMARY_CALLS_H */
