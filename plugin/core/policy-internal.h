/* Interface between the policy model (policy.c) and its YAML loader
   (policy-load.c).  Not for the plugin.  */
#ifndef HOTINLINE_POLICY_INTERNAL_H
#define HOTINLINE_POLICY_INTERNAL_H

#include "policy.h"

/* Larger files are refused before parsing; 10,000 entries take ~1 MiB.  */
#define POLICY_MAX_FILE_SIZE (16u << 20)

/* Loading stops collecting errors after this many.  */
enum { POLICY_MAX_ERRORS = 50 };

/* Record an error at LOC ("file:line:column: message").  LOC may have line
   0 for errors about the file as a whole ("file: message").  */
void policy_add_error (struct policy *, struct policy_loc loc,
		       const char *fmt, ...)
  __attribute__ ((format (printf, 3, 4)));

/* Whether the error limit has been reached.  */
bool policy_too_many_errors (const struct policy *);

/* A copy of PATH owned by the policy, for struct policy_loc.  */
const char *policy_intern_file (struct policy *, const char *path);

/* Record that the file DEV:INO is being loaded.  False when it was loaded
   before: a policy named twice on a command line (say through both KCFLAGS
   and CFLAGS_obj.o) counts once.  */
bool policy_note_loaded (struct policy *, unsigned long long dev,
			 unsigned long long ino);

enum policy_pattern_kind
{
  POLICY_PATTERN_FUNCTION,
  POLICY_PATTERN_PATH
};

/* Check TEXT and prepare it as a pattern in *OUT.  On failure returns a
   static description of what is wrong and leaves *OUT empty.  */
const char *policy_pattern_init (struct policy_pattern *out, const char *text,
				 enum policy_pattern_kind);
/* The same, but *OUT takes TEXT (malloc'd) itself rather than a copy;
   on failure TEXT stays the caller's.  */
const char *policy_pattern_take (struct policy_pattern *out, char *text,
				 enum policy_pattern_kind);
void policy_pattern_fini (struct policy_pattern *);

/* Add the N entries of one file (each allocated with malloc, with
   everything it points to), all or none.  A second entry for the same name
   and scope is an error within one file; across files it merges when it
   agrees and is a conflict when it does not.  Takes ownership of every
   entry; false when anything was reported.  */
bool policy_merge_entries (struct policy *, struct policy_entry **entries,
			   size_t n);

/* Errors reported so far, including those past the limit that were not
   kept.  */
size_t policy_error_total (const struct policy *);

void policy_entry_free (struct policy_entry *);

#endif /* HOTINLINE_POLICY_INTERNAL_H */
