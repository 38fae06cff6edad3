/* Matching: whether a pattern matches a name or a path, and whether an
   entry's scope (its files and callers) takes in a call.  Used by the
   policy (policy.c) and by its compiled image (policy-image.c), and calls
   neither.  */
#include "policy-match.h"
#include "clone-names.h"
#include "cxx-names.h"

#include <fnmatch.h>
#include <stdlib.h>
#include <string.h>

/* Patterns.  */

bool
policy_pattern_matches_n (const struct policy_pattern *pat, const char *name,
			  size_t len)
{
  if (!pat->is_glob)
    return pat->len == len && memcmp (pat->text, name, len) == 0;
  if (len < pat->prefix_len || memcmp (pat->text, name, pat->prefix_len) != 0)
    return false;
  if (pat->prefix_only)
    return true;
  /* Most globs are rejected here, without copying NAME for fnmatch: a
     lookup tries every glob of the policy.  */
  if (len < pat->prefix_len + pat->suffix_len
      || memcmp (pat->text + pat->len - pat->suffix_len,
		 name + len - pat->suffix_len, pat->suffix_len) != 0)
    return false;

  /* The literal tail (an operator, a parameter list) has been compared
     with the suffix; the wildcards are in the head.  */
  size_t tail = pat->len - cxx_name_literal_start (pat->text, pat->len);
  size_t n = len - tail;
  char small[256], small_pat[256];
  char *copy = n < sizeof small ? small : malloc (n + 1);
  const char *head = pat->text;
  char *head_copy = NULL;
  if (tail)
    {
      size_t h = pat->len - tail;
      head = head_copy = h < sizeof small_pat ? small_pat : malloc (h + 1);
      if (!head_copy)
	abort ();
      memcpy (head_copy, pat->text, h);
      head_copy[h] = '\0';
    }
  if (!copy)
    abort ();
  memcpy (copy, name, n);
  copy[n] = '\0';
  bool match = fnmatch (head, copy, 0) == 0;
  if (copy != small)
    free (copy);
  if (head_copy && head_copy != small_pat)
    free (head_copy);
  return match;
}

bool
policy_pattern_matches_name (const struct policy_pattern *pat,
			     const char *name)
{
  return policy_pattern_matches_n (pat, name, strlen (name));
}

bool
policy_pattern_matches_path (const struct policy_pattern *pat,
			     const char *path)
{
  /* Try the whole path, then each suffix that starts a component.  A
     pattern without '/' can only match the last component.  */
  const char *start = path;
  if (!strchr (pat->text, '/'))
    {
      const char *slash = strrchr (path, '/');
      start = slash ? slash + 1 : path;
    }
  for (const char *s = start;;)
    {
      if (fnmatch (pat->text, s, FNM_PATHNAME) == 0)
	return true;
      s = strchr (s, '/');
      if (!s)
	return false;
      s++;
    }
}

/* Scope.  */

static bool
any_pattern_matches_path (const struct policy_pattern *pats, size_t n,
			  const char *path)
{
  for (size_t i = 0; i < n; i++)
    if (policy_pattern_matches_path (&pats[i], path))
      return true;
  return false;
}

bool
policy_entry_applies_to_unit (const struct policy_entry *e, const char *unit)
{
  if (e->n_files == 0)
    return true;
  return unit && any_pattern_matches_path (e->files, e->n_files, unit);
}

bool
policy_entry_applies_to_caller_n (const struct policy_entry *e,
				  const char *caller, size_t len)
{
  if (e->n_callers == 0)
    return true;
  if (!caller)
    return false;
  for (size_t i = 0; i < e->n_callers; i++)
    if (policy_pattern_matches_n (&e->callers[i], caller, len))
      return true;
  return false;
}

bool
policy_entry_applies_to_caller (const struct policy_entry *e,
				const char *caller)
{
  return policy_entry_applies_to_caller_n (e, caller,
					   caller
					   ? policy_base_name_length (caller)
					   : 0);
}
