/* hotinline-summary's hot calls by identity (summary-calls.c): what a
   comparison of two builds and the exported findings key a call by.

   A call's identity is the file that holds it, its caller, its callee and
   its order among that caller's calls to that callee in that file, never
   its line: code that moves, grows or shrinks around a call keeps it.
   The calls of one identity are counted per unit (its source and output,
   so that a source compiled twice, PIC and not, is two units).

   Plain structs with interned strings: a whole build's places are kept at
   once, and a JSON object each would cost ten times the memory.  */
#ifndef HOTINLINE_SUMMARY_CALLS_H
#define HOTINLINE_SUMMARY_CALLS_H

#include <jansson.h>
#include <stdbool.h>
#include <stddef.h>

/* The calls of one unit at a place.  */
struct call_count
{
  const char *uid;		/* calls_unit_id's, interned.  */
  long long inlined, left;
};

/* What a finding and its size story read of the first call left at a
   place, or of the first inlined.  */
struct call_facts
{
  const char *reason, *hint, *severity;	/* NULL: none.  */
  long long size, early_size;		/* -1: not known.  */
  const char *limit_param;		/* NULL: none.  */
  long long limit_value;
  json_t *limits;		/* The unit's limits (shared), or NULL.  */
};

/* The calls at one place of a group, over every unit.  */
struct call_place
{
  const char *file;		/* As the results name it.  */
  const char *path;		/* As it can be opened.  */
  long long line, column;
  size_t ordinal;		/* Its order in the group (calls_finish).  */
  struct call_count *units;	/* In the order units were read.  */
  size_t n_units, cap_units;
  bool has_left, has_inlined;
  struct call_facts left, inlined;
  bool matched;			/* A comparison matched it.  */
};

/* One caller's calls to one callee in one file.  */
struct call_group
{
  const char *file;		/* Relative to its compilation's directory:
				   "lib/xarray.c", "include/linux/xarray.h".  */
  const char *path, *caller, *callee;
  struct call_place *places;	/* By line and column after calls_finish.  */
  size_t n, cap;
  bool done;			/* A comparison matched the group.  */
};

struct calls
{
  struct call_group *v;
  size_t n, cap;
  json_t *index;		/* "file\ncaller\ncallee" -> index in V.  */
  json_t *pool;			/* Interned strings (its keys).  */
  json_t *limits;		/* Interned limits: their text -> object.  */
};

struct calls *calls_new (void);

/* Fold the calls of UNIT, a results file's object, into CALLS.  */
void calls_add_unit (struct calls *calls, json_t *unit);

/* Sort every group's places by line and column and number them.  */
void calls_finish (struct calls *calls);

/* The group of CALLS keyed FILE, CALLER, CALLEE, or NULL.  */
struct call_group *calls_group (struct calls *calls, const char *file,
				const char *caller, const char *callee);

/* The unit id of UNIT: its source and its output, relative to its
   directory (malloc'd).  */
char *calls_unit_id (json_t *unit);

/* A call's fingerprint: 32 hex digits of XXH3-128 over its identity
   (FILE, CALLER, CALLEE, ORDINAL), written into OUT.  */
void calls_fingerprint (const char *file, const char *caller,
			const char *callee, long long ordinal, char out[33]);

#endif /* HOTINLINE_SUMMARY_CALLS_H */
