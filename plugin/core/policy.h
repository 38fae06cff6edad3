/* The hotinline policy model: which functions are hot and what to do about
 * them.  Plain C with no compiler headers, so it can be unit-tested and
 * fuzzed on its own; both compilers' plugins link it in unchanged.  */
#ifndef HOTINLINE_POLICY_H
#define HOTINLINE_POLICY_H

#include <stdbool.h>
#include <stddef.h>

#include "clone-names.h"

#ifdef __cplusplus
extern "C" {
#endif

enum policy_action
{
  POLICY_ACTION_REPORT,
  POLICY_ACTION_ALWAYS_INLINE
};

enum policy_severity
{
  POLICY_SEVERITY_NOTE,
  POLICY_SEVERITY_WARNING,
  POLICY_SEVERITY_ERROR
};

/* A place in a policy file; line and column count from 1.  FILE points to
   a string owned by the policy.  */
struct policy_loc
{
  const char *file;
  unsigned line;
  unsigned column;
};

/* A name or path pattern, checked and prepared once when it is loaded.  */
struct policy_pattern
{
  char *text;
  size_t len;		/* strlen (text).  */
  size_t prefix_len;	/* Length of the literal text before any wildcard.  */
  size_t suffix_len;	/* Length of the literal text after the last one.  */
  bool is_glob;		/* Contains *, ? or [...].  */
  bool prefix_only;	/* Literal prefix followed by a single trailing '*'.  */
};

struct policy_entry
{
  struct policy_pattern name;
  enum policy_action action;
  enum policy_severity severity;
  struct policy_pattern *files;	/* Empty: every translation unit.  */
  size_t n_files;
  struct policy_pattern *callers;	/* Empty: every caller.  */
  size_t n_callers;
  char *reason;			/* NULL when the entry gives none.  */
  bool strict;			/* Not forcible is an error, not a warning.  */
  /* The entry's share of its profile's cost, in millionths of the total
     (POLICY_WEIGHT_MAX: all of it), from the optional key 'weight'
     (a percentage with at most 4 decimals); -1 when it has none.  */
  long weight;
  struct policy_loc loc;	/* Where the entry starts.  */
  struct policy_loc name_loc;	/* Where its name is.  */
  struct policy_entry *next_same_name;	/* Chain of exact entries.  */
};

struct policy;

/* An empty policy.  Never returns NULL (allocation failure aborts, as in
   GCC itself).  */
struct policy *policy_new (void);
void policy_free (struct policy *);

/* Read the policy file PATH and merge its entries into POLICY.  Returns
   true on success; on failure the errors are available through
   policy_error_count and policy_error_message, and POLICY keeps only the
   entries of files that loaded.  */
bool policy_load_file (struct policy *policy, const char *path);

/* The same for a policy held in memory; NAME is used in messages.  */
bool policy_load_buffer (struct policy *policy, const char *name,
			 const char *data, size_t size);

/* Errors collected by the loads so far, in the order they were found.  */
size_t policy_error_count (const struct policy *);
const char *policy_error_message (const struct policy *, size_t index);

/* Problems that leave the policy usable (a lock left out, and why), in
   the order they were found; the plugins print them as warnings.  */
void policy_add_warning (struct policy *, const char *message);
size_t policy_warning_count (const struct policy *);
const char *policy_warning_message (const struct policy *, size_t index);

size_t policy_entry_count (const struct policy *);
const struct policy_entry *policy_entry_at (const struct policy *,
					     size_t index);

/* The entry that governs calls to FUNCTION from CALLER in the translation
   unit whose main source is UNIT.  An exact name beats a glob; within each,
   an entry whose callers scope names CALLER beats one without a callers
   scope, and among entries of the same kind the first one in policy order
   wins.  CALLER or UNIT may be NULL when not known; an entry scoped to
   callers or files then does not match.  Returns NULL when no entry
   applies.  */
const struct policy_entry *policy_lookup (const struct policy *,
					  const char *function,
					  const char *caller,
					  const char *unit);

/* The entry that governs calls to a function known by several name forms,
   FORMS[0] the most specific (for C++: its mangled name, its qualified name
   with the parameters, without them, ..., its identifier; for C the one
   name), from CALLER in UNIT.  The rule both compilers apply: an exact
   name beats a glob, whichever form each matches; among exact names, and
   among globs, the most specific form wins; for one form, policy_lookup's
   order.  */
const struct policy_entry *policy_lookup_forms (const struct policy *,
						const char *const *forms,
						size_t n_forms,
						const char *caller,
						const char *unit);

/* Whether any entry names FUNCTION, whatever its scope.  Cheap: used to
   filter functions before looking at their call sites.  */
bool policy_mentions (const struct policy *, const char *function);

/* Whether any entry's action is ACTION (without building the entries of
   a policy read from its compiled image).  */
bool policy_has_action (const struct policy *, enum policy_action action);

/* Whether entry E applies in translation unit UNIT (its files scope).  */
bool policy_entry_applies_to_unit (const struct policy_entry *e,
				   const char *unit);

/* Whether entry E applies to calls made from CALLER.  */
bool policy_entry_applies_to_caller (const struct policy_entry *e,
				     const char *caller);

/* Pattern matching, exposed for the tests.  A name pattern matches the
   whole name.  A path pattern without '/' matches the last component of
   PATH; one with '/' matches a trailing run of whole components, so
   "lib/xarray.c" matches "../linux/lib/xarray.c".  '*' and '?' never
   match '/' in paths.  */
bool policy_pattern_matches_name (const struct policy_pattern *,
				  const char *name);
bool policy_pattern_matches_path (const struct policy_pattern *,
				  const char *path);

/* The most a weight can be: 100%.  */
#define POLICY_WEIGHT_MAX 1000000L

/* WEIGHT (millionths) as the percentage the policy writes, shortest form:
   "12.5", "0.0003", "100".  BUF must hold POLICY_WEIGHT_TEXT_SIZE bytes.  */
#define POLICY_WEIGHT_TEXT_SIZE 16
const char *policy_weight_text (long weight, char *buf);

/* The weight the percentage TEXT gives in millionths, or -1 when TEXT is
   not a plain decimal from 0 to 100 with at most 4 decimals.  */
long policy_weight_parse (const char *text);

const char *policy_action_name (enum policy_action);
const char *policy_severity_name (enum policy_severity);

#ifdef __cplusplus
}
#endif

#endif /* HOTINLINE_POLICY_H */
