/* hotinline-profile: read a profile, keep the user's own hot functions and
   write them as a version 1 policy.  Shared between the tool's parts.  */
#ifndef HOTINLINE_PROFILE_H
#define HOTINLINE_PROFILE_H

#include <setjmp.h>
#include <stdbool.h>
#include <stddef.h>

/* Exit statuses.  */
enum { EXIT_NO_SAMPLES = 1, EXIT_USAGE = 2 };

/* Self cost of one function of one object, names as the policy writes
   them.  */
struct cost
{
  char *dso;			/* The object, as the profile names it.  */
  char *name;
  double self;
  double inlined;		/* The part of SELF seen inlined elsewhere.  */
};

struct profile
{
  const char *path;		/* Being read, as given on the command line.  */
  const char *format;		/* "perf script", "perf report", "callgrind".  */
  char *event;			/* The event counted; NULL: the default.  */
  bool several_events;		/* Samples of other events were left out.  */
  char *unit;			/* What is counted: "samples", "Ir".  */
  double total;			/* Every sample, the excluded ones too.  */
  struct cost *costs;		/* Only functions that may be the user's.  */
  size_t n_costs;
  void *index;			/* (dso, name) -> costs[i], an htab.  */
  char *error;			/* "FILE:LINE: message" of malformed input.  */
  jmp_buf *fail;		/* Where profile_bad_input returns to.  */
};

/* Note "FILE:LINE: message" in P->error and return to P->fail: the
   reader frees what it holds and returns false.  */
void profile_bad_input (struct profile *p, size_t line, const char *fmt, ...)
  __attribute__ ((format (printf, 3, 4), noreturn));
/* Print "hotinline-profile: message" and exit with STATUS.  */
void profile_die (int status, const char *fmt, ...)
  __attribute__ ((format (printf, 2, 3), noreturn));

void *profile_xmalloc (size_t);
void *profile_xrealloc (void *, size_t);
char *profile_xstrndup (const char *, size_t);

/* Count COST for symbol RAW of object DSO, INLINED when the profiler saw
   it inlined into another function there.  Kernel frames, unknown symbols
   and raw addresses count in the total only.  */
void profile_add (struct profile *, const char *dso, const char *raw,
		  bool kernel, bool inlined, double cost);
/* Free what P holds (not P).  */
void profile_free (struct profile *p);

/* The parsers, adding to P what one profile holds.  DATA is the whole
   profile, NUL-terminated, and is changed.  False for malformed input,
   with P->error set.  */
bool profile_read_perf_script (struct profile *p, char *data);
bool profile_read_perf_report (struct profile *p, char *data);
bool profile_read_callgrind (struct profile *p, char *data);
/* "perf-script", "perf-report" or "callgrind" for DATA.  */
const char *profile_detect_format (const char *path, const char *data);

/* The name a policy entry uses for the function a profile calls RAW:
   demangled, without parameters, return type and clone suffixes; for
   C++ the qualified name when the function is in a class or namespace.
   NULL when RAW is no function of the user's (an address, "[unknown]",
   a PLT stub).  Allocated.  */
char *profile_policy_name (const char *raw);
/* The last component of a qualified name ("ns::C::f" -> "f").  */
const char *profile_last_component (const char *name);
/* Whether DSO names a shared library or is a pseudo object ("[vdso]").  */
bool profile_dso_is_library (const char *dso);
bool profile_dso_is_pseudo (const char *dso);
/* The file name of a path.  */
const char *profile_basename (const char *path);

/* One function to write into the policy.  */
struct item
{
  const char *name;
  const char *action;
  char *reason;
  long weight;			/* Share of the total in millionths.  */
};

/* A fresh policy with ITEMS, with a header comment naming the profile.  */
char *policy_text_fresh (const struct profile *, const struct item *items,
			 size_t n);
/* EXISTING (the text of the policy file PATH) with those of ITEMS that no
   entry of it covers appended to its functions; every byte of EXISTING
   is kept.  *ADDED is how many were appended.  */
char *policy_text_merge (const char *path, const char *existing, size_t size,
			 const struct item *items, size_t n, size_t *added);

#endif /* HOTINLINE_PROFILE_H */
