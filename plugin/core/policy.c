/* The policy model: entries, their patterns (checked and prepared here,
   matched in policy-match.c), merging and lookup.  */
#include "policy-image.h"
#include "policy-internal.h"
#include "clone-names.h"
#include "cxx-names.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* libiberty's hash table: the one GCC itself uses, exported by cc1 and lto1
   to plugins, and available as libiberty.a for the standalone tests.  */
#include <hashtab.h>

/* xxHash's own code, inlined, hashes the names: a few times faster than
   libiberty's iterative_hash on names this short.  */
#define XXH_INLINE_ALL
#include <xxhash.h>

struct file_identity
{
  unsigned long long dev, ino;
};

struct policy
{
  struct policy_entry **entries;	/* In policy order.  */
  size_t n_entries, cap_entries;
  /* For merging: the first entry of each name (exact or glob), chained
     through next_same_name in policy order.  Lookups use the index.  */
  htab_t names;
  char **files;			/* Interned file names.  */
  size_t n_files, cap_files;
  struct file_identity *loaded;	/* Files read so far.  */
  size_t n_loaded, cap_loaded;
  char **errors;			/* "file:line:column: what is wrong".  */
  size_t n_errors, cap_errors;
  size_t n_dropped;		/* Errors past POLICY_MAX_ERRORS.  */
  char **warnings;		/* Problems that leave the policy usable.  */
  size_t n_warnings, cap_warnings;
  /* Lookups go through a compiled image of the entries: built on the
     first lookup after a load, or given by policy_use_image.  */
  struct policy_index *index;
  /* A policy that uses an image has no parsed entries: they are built from
     the image when asked for, and freed with the policy.  */
  bool uses_image;
  /* The entries built so far (struct built_entry), by position: a
     table of the few a compilation looks at, not an array as long as the
     policy, so that a large policy costs no memory per entry.  */
  htab_t built;
  const char **sources;		/* Interned; the image's source I.  */
  size_t n_sources;
  const void *image;
  size_t image_size;
  void (*release) (const void *, size_t);
};

static void *
xgrow (void *p, size_t *cap, size_t elem)
{
  size_t n = *cap ? *cap * 2 : 8;
  void *q = realloc (p, n * elem);
  if (!q)
    abort ();
  *cap = n;
  return q;
}

/* An entry built from the image, and its position in policy order.  */
struct built_entry
{
  size_t index;
  struct policy_entry *entry;
};

static hashval_t
built_hash (const void *p)
{
  size_t index = ((const struct built_entry *) p)->index;
  return (hashval_t) XXH3_64bits (&index, sizeof index);
}

static int
built_eq (const void *a, const void *b)
{
  return ((const struct built_entry *) a)->index
	 == ((const struct built_entry *) b)->index;
}

static void
built_free (void *p)
{
  struct built_entry *b = p;
  policy_index_entry_free (b->entry);
  free (b);
}

/* A name that may be a prefix of a longer string: lookups use it to ignore
   clone suffixes without copying.  */
struct name_key
{
  const char *text;
  size_t len;
};

static hashval_t
name_key_hash (const struct name_key *k)
{
  return (hashval_t) XXH3_64bits (k->text, k->len);
}

static hashval_t
name_hash (const void *p)
{
  const struct policy_entry *e = (const struct policy_entry *) p;
  struct name_key k = { e->name.text, e->name.len };
  return name_key_hash (&k);
}

/* Table elements are entries; lookups always pass a name_key.  */
static int
name_eq (const void *elem, const void *key)
{
  const struct policy_entry *e = (const struct policy_entry *) elem;
  const struct name_key *k = (const struct name_key *) key;
  return e->name.len == k->len && memcmp (e->name.text, k->text, k->len) == 0;
}

/* A policy whose name table holds N names without growing.  */
static struct policy *
policy_new_sized (size_t n)
{
  struct policy *p = calloc (1, sizeof *p);
  if (!p)
    abort ();
  /* libiberty grows a table once it is three quarters full.  */
  p->names = htab_create_alloc (n / 3 * 4 + 64, name_hash, name_eq, NULL,
				calloc, free);
  if (!p->names)
    abort ();
  return p;
}

struct policy *
policy_new (void)
{
  return policy_new_sized (0);
}

void
policy_pattern_fini (struct policy_pattern *pat)
{
  free (pat->text);
  pat->text = NULL;
}

static void
free_patterns (struct policy_pattern *pats, size_t n)
{
  for (size_t i = 0; i < n; i++)
    policy_pattern_fini (&pats[i]);
  free (pats);
}

void
policy_entry_free (struct policy_entry *e)
{
  if (!e)
    return;
  policy_pattern_fini (&e->name);
  free_patterns (e->files, e->n_files);
  free_patterns (e->callers, e->n_callers);
  free (e->reason);
  free (e);
}

void
policy_free (struct policy *p)
{
  if (!p)
    return;
  if (p->uses_image)
    {
      if (p->built)
	htab_delete (p->built);
      free (p->sources);
      if (p->release)
	p->release (p->image, p->image_size);
    }
  policy_index_free (p->index);
  for (size_t i = 0; i < p->n_entries; i++)
    policy_entry_free (p->entries[i]);
  free (p->entries);
  htab_delete (p->names);
  for (size_t i = 0; i < p->n_files; i++)
    free (p->files[i]);
  free (p->files);
  free (p->loaded);
  for (size_t i = 0; i < p->n_errors; i++)
    free (p->errors[i]);
  free (p->errors);
  for (size_t i = 0; i < p->n_warnings; i++)
    free (p->warnings[i]);
  free (p->warnings);
  free (p);
}

/* Errors.  */

bool
policy_too_many_errors (const struct policy *p)
{
  return p->n_errors >= POLICY_MAX_ERRORS;
}

void
policy_add_error (struct policy *p, struct policy_loc loc, const char *fmt,
		  ...)
{
  char body[1024];
  char *msg;
  va_list ap;

  if (policy_too_many_errors (p))
    {
      p->n_dropped++;
      return;
    }
  va_start (ap, fmt);
  vsnprintf (body, sizeof body, fmt, ap);
  va_end (ap);

  int n = loc.line
	  ? snprintf (NULL, 0, "%s:%u:%u: %s", loc.file, loc.line, loc.column,
		      body)
	  : snprintf (NULL, 0, "%s: %s", loc.file, body);
  msg = malloc ((size_t) n + 1);
  if (!msg)
    abort ();
  if (loc.line)
    snprintf (msg, (size_t) n + 1, "%s:%u:%u: %s", loc.file, loc.line,
	      loc.column, body);
  else
    snprintf (msg, (size_t) n + 1, "%s: %s", loc.file, body);

  if (p->n_errors == p->cap_errors)
    p->errors = xgrow (p->errors, &p->cap_errors, sizeof *p->errors);
  p->errors[p->n_errors++] = msg;
}

size_t
policy_error_count (const struct policy *p)
{
  return p->n_errors;
}

void
policy_add_warning (struct policy *p, const char *message)
{
  char *copy = strdup (message);
  if (!copy)
    abort ();
  if (p->n_warnings == p->cap_warnings)
    p->warnings = xgrow (p->warnings, &p->cap_warnings, sizeof *p->warnings);
  p->warnings[p->n_warnings++] = copy;
}

size_t
policy_warning_count (const struct policy *p)
{
  return p->n_warnings;
}

const char *
policy_warning_message (const struct policy *p, size_t i)
{
  return i < p->n_warnings ? p->warnings[i] : NULL;
}

size_t
policy_error_total (const struct policy *p)
{
  return p->n_errors + p->n_dropped;
}

const char *
policy_error_message (const struct policy *p, size_t i)
{
  return i < p->n_errors ? p->errors[i] : NULL;
}

const char *
policy_intern_file (struct policy *p, const char *path)
{
  for (size_t i = 0; i < p->n_files; i++)
    if (strcmp (p->files[i], path) == 0)
      return p->files[i];
  if (p->n_files == p->cap_files)
    p->files = xgrow (p->files, &p->cap_files, sizeof *p->files);
  char *copy = strdup (path);
  if (!copy)
    abort ();
  p->files[p->n_files++] = copy;
  return copy;
}

bool
policy_note_loaded (struct policy *p, unsigned long long dev,
		    unsigned long long ino)
{
  for (size_t i = 0; i < p->n_loaded; i++)
    if (p->loaded[i].dev == dev && p->loaded[i].ino == ino)
      return false;
  if (p->n_loaded == p->cap_loaded)
    p->loaded = xgrow (p->loaded, &p->cap_loaded, sizeof *p->loaded);
  p->loaded[p->n_loaded++] = (struct file_identity) { dev, ino };
  return true;
}

/* Patterns.  */

/* Check the glob syntax of TEXT[0..LEN); NULL when it is well formed.
   Only TEXT[0..LIT) may hold wildcards: the rest is literal.  */
static const char *
check_glob (const char *text, size_t len, size_t lit, bool *is_glob,
	    size_t *prefix_len)
{
  *is_glob = false;
  *prefix_len = len;
  for (const char *s = text; s < text + lit; s++)
    {
      if (*s == '\\')
	{
	  if (s + 1 >= text + lit)
	    return "a trailing '\\' escapes nothing";
	  if (!*is_glob)
	    *prefix_len = (size_t) (s - text);
	  *is_glob = true;
	  s++;
	  continue;
	}
      if (*s != '*' && *s != '?' && *s != '[')
	continue;
      if (!*is_glob)
	*prefix_len = (size_t) (s - text);
      *is_glob = true;
      if (*s == '[')
	{
	  const char *c = s + 1;
	  if (c < text + lit && (*c == '!' || *c == '^'))
	    c++;
	  if (c < text + lit && *c == ']')	/* A leading ']' is a member.  */
	    c++;
	  while (c < text + lit && *c != ']')
	    c++;
	  if (c >= text + lit)
	    return "'[' starts a character class that is never closed";
	  s = c;
	}
    }
  return NULL;
}

/* Length of the plain text at the end of glob TEXT, after its last
   wildcard, class or escape: every name the glob matches ends with it.
   TEXT[LIT..LEN) is literal.  */
static size_t
literal_suffix_length (const char *text, size_t len, size_t lit)
{
  size_t n = len - lit;
  while (n < len && !strchr ("*?[]\\", text[len - n - 1]))
    n++;
  return n;
}

/* What is wrong with TEXT as a pattern of KIND before any analysis, or
   NULL.  */
static const char *
check_text (const char *text, enum policy_pattern_kind kind)
{
  size_t len = strlen (text);
  if (len == 0)
    return "empty pattern";
  if (text[0] == ' ' || text[0] == '\t' || text[len - 1] == ' '
      || text[len - 1] == '\t')
    return "leading or trailing white space";
  bool slash = false;
  for (const unsigned char *s = (const unsigned char *) text; *s; s++)
    if (*s < 0x20 || *s == 0x7f)
      return "control character in pattern";
    else if (*s == '/')
      slash = true;
  if (kind == POLICY_PATTERN_FUNCTION && slash)
    return "a function name cannot contain '/'";
  return NULL;
}

/* Fill *OUT for TEXT, already checked, except its text; NULL when TEXT is
   a sound pattern, otherwise what is wrong with it.  In a function name
   the operator and the parameter list are literal (cxx-names.h).  */
static const char *
analyse_pattern (struct policy_pattern *out, const char *text,
		 enum policy_pattern_kind kind)
{
  size_t len = strlen (text);
  size_t lit = kind == POLICY_PATTERN_FUNCTION
	       ? cxx_name_literal_start (text, len) : len;

  memset (out, 0, sizeof *out);
  if (len == 0)
    return "empty pattern";
  const char *problem = check_glob (text, len, lit, &out->is_glob,
				    &out->prefix_len);
  if (problem)
    return problem;
  out->len = len;
  out->suffix_len = out->is_glob ? literal_suffix_length (text, len, lit)
				 : len;
  out->prefix_only = out->is_glob && out->prefix_len == len - 1
		     && text[len - 1] == '*';
  return NULL;
}

/* TEXT as a pattern of KIND stores it: function names in the canonical
   C++ spelling.  */
static char *
pattern_spelling (const char *text, enum policy_pattern_kind kind)
{
  char *s = kind == POLICY_PATTERN_FUNCTION ? cxx_name_normalize (text)
					     : strdup (text);
  if (!s)
    abort ();
  return s;
}

const char *
policy_pattern_init (struct policy_pattern *out, const char *text,
		     enum policy_pattern_kind kind)
{
  memset (out, 0, sizeof *out);
  const char *problem = check_text (text, kind);
  if (problem)
    return problem;
  char *spelt = pattern_spelling (text, kind);
  problem = analyse_pattern (out, spelt, kind);
  if (problem)
    {
      free (spelt);
      return problem;
    }
  out->text = spelt;
  return NULL;
}

const char *
policy_pattern_take (struct policy_pattern *out, char *text,
		     enum policy_pattern_kind kind)
{
  const char *problem = policy_pattern_init (out, text, kind);
  if (!problem)
    free (text);
  return problem;
}

/* Lookup.  */

/* The entry at I in policy order, parsed or built from the image.  */
static const struct policy_entry *
entry_at (size_t i, void *data)
{
  struct policy *p = data;
  if (!p->uses_image)
    return p->entries[i];
  if (!p->built)
    {
      p->built = htab_create_alloc (16, built_hash, built_eq, built_free,
				    calloc, free);
      if (!p->built)
	abort ();
    }
  struct built_entry key = { i, NULL };
  void **slot = htab_find_slot (p->built, &key, INSERT);
  if (!slot)
    abort ();
  if (!*slot)
    {
      struct built_entry *b = malloc (sizeof *b);
      if (!b)
	abort ();
      b->index = i;
      b->entry = policy_index_entry (p->index, i, p->sources, p->n_sources);
      *slot = b;
    }
  return ((struct built_entry *) *slot)->entry;
}

/* The index of P, compiled from its parsed entries if need be.  Building
   entries and the index on demand does not change what P holds, hence the
   casts from const.  */
static struct policy_index *
index_of (const struct policy *cp)
{
  struct policy *p = (struct policy *) cp;
  if (!p->index)
    {
      size_t size;
      void *image = policy_image_build ((const struct policy_entry *const *)
					p->entries, p->n_entries,
					(const char *const *) p->files,
					p->n_files, "", NULL, &size);
      if (!image)
	abort ();
      p->index = policy_index_new (image, size, true);
    }
  return p->index;
}

void *
policy_compile (const struct policy *p, const char *const *sources,
		size_t n_sources, const char *version,
		const struct policy_image_key *key, size_t *size)
{
  size_t n = policy_entry_count (p);
  const struct policy_entry **entries = malloc ((n + 1) * sizeof *entries);
  if (!entries)
    abort ();
  for (size_t i = 0; i < n; i++)
    entries[i] = policy_entry_at (p, i);
  void *image = policy_image_build (entries, n, sources, n_sources, version,
				    key, size);
  free (entries);
  return image;
}

void
policy_set_index (struct policy *p, void *image, size_t size)
{
  policy_index_free (p->index);
  p->index = policy_index_new (image, size, true);
}

const struct policy_entry *
policy_lookup (const struct policy *p, const char *function,
	       const char *caller, const char *unit)
{
  size_t len = policy_base_name_length (function);
  size_t caller_len = caller ? policy_base_name_length (caller) : 0;
  size_t i = policy_index_lookup (index_of (p), function, len, caller,
				  caller_len, unit, entry_at,
				  (struct policy *) p);
  return i == SIZE_MAX ? NULL : entry_at (i, (struct policy *) p);
}

const struct policy_entry *
policy_lookup_forms (const struct policy *p, const char *const *forms,
		     size_t n_forms, const char *caller, const char *unit)
{
  const struct policy_entry *glob = NULL;
  for (size_t i = 0; i < n_forms; i++)
    {
      const struct policy_entry *e
	= policy_lookup (p, forms[i], caller, unit);
      if (e && !e->name.is_glob)
	return e;
      if (e && !glob)
	glob = e;
    }
  return glob;
}

bool
policy_mentions (const struct policy *p, const char *function)
{
  return policy_index_mentions (index_of (p), function,
				policy_base_name_length (function));
}

bool
policy_has_action (const struct policy *p, enum policy_action action)
{
  return policy_entry_count (p) > 0
	 && policy_index_has_action (index_of (p), action);
}

size_t
policy_entry_count (const struct policy *p)
{
  return p->uses_image ? policy_index_entry_count (p->index) : p->n_entries;
}

const struct policy_entry *
policy_entry_at (const struct policy *p, size_t i)
{
  return i < policy_entry_count (p) ? entry_at (i, (struct policy *) p)
				    : NULL;
}

bool
policy_use_image (struct policy *p, const void *data, size_t size,
		  const char *const *sources, size_t n_sources,
		  void (*release) (const void *, size_t))
{
  struct policy_index *x = policy_index_new (data, size, false);
  if (p->n_entries || p->uses_image
      || policy_index_source_count (x) != n_sources)
    {
      policy_index_free (x);
      return false;
    }
  policy_index_free (p->index);
  p->index = x;
  p->uses_image = true;
  p->sources = calloc (n_sources + 1, sizeof *p->sources);
  if (!p->sources)
    abort ();
  for (size_t i = 0; i < n_sources; i++)
    p->sources[i] = policy_intern_file (p, sources[i]);
  p->n_sources = n_sources;
  p->image = data;
  p->image_size = size;
  p->release = release;
  return true;
}

/* Merging.  */

static bool
pattern_in (const struct policy_pattern *pat,
	    const struct policy_pattern *set, size_t n)
{
  for (size_t i = 0; i < n; i++)
    if (strcmp (pat->text, set[i].text) == 0)
      return true;
  return false;
}

/* Whether two pattern lists hold the same patterns, in any order.  */
static bool
same_pattern_set (const struct policy_pattern *a, size_t na,
		  const struct policy_pattern *b, size_t nb)
{
  for (size_t i = 0; i < na; i++)
    if (!pattern_in (&a[i], b, nb))
      return false;
  for (size_t i = 0; i < nb; i++)
    if (!pattern_in (&b[i], a, na))
      return false;
  return true;
}

static bool
same_scope (const struct policy_entry *a, const struct policy_entry *b)
{
  return strcmp (a->name.text, b->name.text) == 0
	 && same_pattern_set (a->files, a->n_files, b->files, b->n_files)
	 && same_pattern_set (a->callers, a->n_callers, b->callers,
			      b->n_callers);
}

/* The entry of P with E's name and scope, if any; otherwise, with ADD, E
   is appended to P.  */
static struct policy_entry *
find_or_append (struct policy *p, struct policy_entry *e, bool add)
{
  struct name_key k = { e->name.text, e->name.len };
  void **slot = htab_find_slot_with_hash (p->names, &k, name_key_hash (&k),
					  add ? INSERT : NO_INSERT);
  struct policy_entry *last = NULL;
  for (struct policy_entry *o = slot ? (struct policy_entry *) *slot : NULL;
       o; last = o, o = o->next_same_name)
    if (same_scope (o, e))
      return o;
  if (!add)
    return NULL;
  if (!slot)
    abort ();
  if (p->n_entries == p->cap_entries)
    p->entries = xgrow (p->entries, &p->cap_entries, sizeof *p->entries);
  p->entries[p->n_entries++] = e;
  /* Keep policy order along the chain.  */
  if (last)
    last->next_same_name = e;
  else
    *slot = e;
  return NULL;
}

/* Report E as a duplicate of, or in conflict with, OLD; false when the
   two agree and E can simply be dropped.  */
static bool
report_clash (struct policy *p, const struct policy_entry *old,
	      const struct policy_entry *e)
{
  if (old->loc.file == e->loc.file)
    policy_add_error (p, e->name_loc,
		      "duplicate entry for '%s'; first given at %s:%u:%u",
		      e->name.text, old->loc.file, old->name_loc.line,
		      old->name_loc.column);
  else if (old->action != e->action)
    policy_add_error (p, e->name_loc,
		      "conflicting entries for '%s': action '%s' here, "
		      "'%s' at %s:%u:%u",
		      e->name.text, policy_action_name (e->action),
		      policy_action_name (old->action), old->loc.file,
		      old->name_loc.line, old->name_loc.column);
  else if (old->severity != e->severity)
    policy_add_error (p, e->name_loc,
		      "conflicting entries for '%s': severity '%s' here, "
		      "'%s' at %s:%u:%u",
		      e->name.text, policy_severity_name (e->severity),
		      policy_severity_name (old->severity), old->loc.file,
		      old->name_loc.line, old->name_loc.column);
  else
    return false;
  return true;
}

/* Move the entries and index of OWN, a policy that only indexes entries,
   into the empty policy P, and free OWN.  */
static void
adopt_index (struct policy *p, struct policy *own)
{
  struct policy saved = *p;
  p->entries = own->entries;
  p->n_entries = own->n_entries;
  p->cap_entries = own->cap_entries;
  p->names = own->names;
  own->entries = saved.entries;
  own->n_entries = 0;
  own->cap_entries = saved.cap_entries;
  own->names = saved.names;
  policy_free (own);
}

bool
policy_merge_entries (struct policy *p, struct policy_entry **entries,
		      size_t n)
{
  /* Index the file's own entries first, to find repeats within it; then
     compare with what earlier files gave.  Nothing is added unless the
     whole file is sound.  */
  struct policy *own = policy_new_sized (n);
  bool ok = true;
  if (p->uses_image)
    abort ();		/* An image takes no more entries.  */
  policy_index_free (p->index);
  p->index = NULL;
  bool *merged = calloc (n + 1, sizeof *merged);
  if (!merged)
    abort ();

  for (size_t i = 0; i < n; i++)
    {
      struct policy_entry *old = find_or_append (own, entries[i], true);
      if (old)
	{
	  ok &= !report_clash (p, old, entries[i]);
	  merged[i] = true;
	}
    }
  /* Nothing to compare with in an empty policy.  */
  for (size_t i = 0; p->n_entries > 0 && i < n; i++)
    {
      if (merged[i])
	continue;
      struct policy_entry *old = find_or_append (p, entries[i], false);
      if (old)
	{
	  ok &= !report_clash (p, old, entries[i]);
	  merged[i] = true;
	}
    }

  /* The first file of a policy (the usual case) has nothing to merge
     with: its index, already built, becomes the policy's, instead of being
     built a second time.  */
  if (ok && p->n_entries == 0)
    {
      adopt_index (p, own);
      free (merged);
      return true;
    }

  /* The entries belong to the caller's array, not to OWN.  */
  for (size_t i = 0; i < own->n_entries; i++)
    own->entries[i]->next_same_name = NULL;
  own->n_entries = 0;
  policy_free (own);

  for (size_t i = 0; i < n; i++)
    {
      if (ok && !merged[i])
	find_or_append (p, entries[i], true);
      else
	policy_entry_free (entries[i]);
    }
  free (merged);
  return ok;
}

const char *
policy_action_name (enum policy_action a)
{
  return a == POLICY_ACTION_ALWAYS_INLINE ? "always_inline" : "report";
}

const char *
policy_severity_name (enum policy_severity s)
{
  switch (s)
    {
    case POLICY_SEVERITY_NOTE:
      return "note";
    case POLICY_SEVERITY_ERROR:
      return "error";
    case POLICY_SEVERITY_WARNING:
    default:
      return "warning";
    }
}
