/* The compiled policy image: building it from parsed entries, checking it,
   and answering lookups from it in place.  See policy-image.h for the
   layout.  */
#include "policy-image.h"
#include "policy-match.h"

#include <stddef.h>
#include <stdlib.h>
#include <string.h>

/* xxHash's own code, inlined: no shared library to load into every
   compilation for a few hashes.  */
#define XXH_INLINE_ALL
#include <xxhash.h>

#define IMAGE_MAGIC "HOTINPI"
#define IMAGE_BYTE_ORDER 0x01020304u
#define NONE UINT32_MAX

struct image_header
{
  char magic[8];
  uint32_t byte_order;		/* IMAGE_BYTE_ORDER as the writer saw it.  */
  uint32_t format;		/* POLICY_IMAGE_FORMAT.  */
  char version[16];		/* The plugin's, NUL-padded.  */
  uint64_t size;		/* Of the whole image.  */
  uint64_t key_lo, key_hi;
  uint64_t checksum;		/* XXH3-64 of the bytes after the header.  */
  uint32_t n_entries, n_patterns, n_exact, n_globs, n_anywhere, n_sources;
  uint32_t prefix_lengths, suffix_lengths;	/* Bit L: some key has L.  */
  uint64_t off_entries, off_patterns, off_exact, off_globs, off_anywhere;
  uint64_t off_strings, size_strings;
};

/* The offsets policy-image.h gives.  */
_Static_assert (offsetof (struct image_header, byte_order) == 8, "header");
_Static_assert (offsetof (struct image_header, format) == 12, "header");
_Static_assert (offsetof (struct image_header, checksum) == 56, "header");
_Static_assert (sizeof (struct image_header) == 152, "header");

struct image_pattern
{
  uint32_t text;		/* Offset in the strings.  */
  uint32_t len, prefix_len, suffix_len;
  uint8_t is_glob, prefix_only, pad[2];
};

struct image_entry
{
  uint32_t name;		/* Pattern index.  */
  uint32_t files, n_files;	/* Pattern index and count.  */
  uint32_t callers, n_callers;
  uint32_t reason;		/* String offset or NONE.  */
  uint32_t source;
  uint32_t line, column, name_line, name_column;
  uint32_t weight;		/* Millionths, or NONE.  */
  uint8_t action, severity, strict, pad;
};

struct image_key
{
  uint64_t hash;
  uint32_t entry;
  uint32_t pad;
};

struct policy_index
{
  const unsigned char *data;
  size_t size;
  bool owns_data;
  const struct image_header *h;
  const struct image_entry *entries;
  const struct image_pattern *patterns;
  const struct image_key *exact, *globs;
  const uint32_t *anywhere;
  const char *strings;
  bool any_callers;		/* Some entry has a callers scope.  */
};

static uint64_t
name_hash (const char *s, size_t len)
{
  return XXH3_64bits (s, len);
}

/* Globs are keyed by their prefix under seed 1 and suffix under seed 2.  */
static uint64_t
prefix_hash (const char *s, size_t len)
{
  return XXH3_64bits_withSeed (s, len, 1);
}

static uint64_t
suffix_hash (const char *s, size_t len)
{
  return XXH3_64bits_withSeed (s, len, 2);
}

static size_t
key_len (size_t n)
{
  return n < POLICY_IMAGE_KEY_MAX ? n : POLICY_IMAGE_KEY_MAX;
}

/* Building.  */

/* The offset of a section of N bytes placed at *END, 8-byte aligned; *END
   moves past it.  */
static size_t
place (size_t *end, size_t n)
{
  size_t at = (*end + 7) & ~(size_t) 7;
  *end = at + n;
  return at;
}

/* Sort KEYS[0..N) by (hash, entry).  They are added in entry order, so a
   stable sort by hash is enough: a least-significant-digit radix sort, a
   byte per pass, costs a few instructions per key and pass where qsort
   spends hundreds per key on calls to a comparison function.  TMP holds N
   keys.  */
static void
sort_keys (struct image_key *keys, struct image_key *tmp, size_t n)
{
  struct image_key *from = keys, *to = tmp;
  for (unsigned shift = 0; shift < 64; shift += 8)
    {
      size_t count[256] = { 0 };
      for (size_t i = 0; i < n; i++)
	count[(from[i].hash >> shift) & 0xff]++;
      /* A byte all keys share leaves the order as it is.  */
      if (count[(from[0].hash >> shift) & 0xff] == n)
	continue;
      size_t at = 0;
      for (unsigned d = 0; d < 256; d++)
	{
	  size_t c = count[d];
	  count[d] = at;
	  at += c;
	}
      for (size_t i = 0; i < n; i++)
	to[count[(from[i].hash >> shift) & 0xff]++] = from[i];
      struct image_key *t = from;
      from = to;
      to = t;
    }
  if (from != keys)
    memcpy (keys, from, n * sizeof *keys);
}

/* The strings section, filled in place: its size is known before it is
   written, so the image is allocated once.  */
struct strings
{
  char *s;
  size_t len;
};

static uint32_t
add_string (struct strings *t, const char *s, size_t n)
{
  memcpy (t->s + t->len, s, n);
  t->s[t->len + n] = '\0';
  t->len += n + 1;
  return (uint32_t) (t->len - n - 1);
}

static void
put_pattern (struct image_pattern *out, const struct policy_pattern *pat,
	     struct strings *t)
{
  out->text = add_string (t, pat->text, pat->len);
  out->len = (uint32_t) pat->len;
  out->prefix_len = (uint32_t) pat->prefix_len;
  out->suffix_len = (uint32_t) pat->suffix_len;
  out->is_glob = pat->is_glob;
  out->prefix_only = pat->prefix_only;
}

static size_t
pattern_bytes (const struct policy_pattern *pats, size_t n)
{
  size_t bytes = 0;
  for (size_t i = 0; i < n; i++)
    bytes += pats[i].len + 1;
  return bytes;
}

void *
policy_image_build (const struct policy_entry *const *entries, size_t n,
		    const char *const *sources, size_t n_sources,
		    const char *version, const struct policy_image_key *key,
		    size_t *size)
{
  size_t n_patterns = 0, n_exact = 0;
  size_t n_globs = 0, n_anywhere = 0, string_bytes = 0;
  for (size_t i = 0; i < n; i++)
    {
      const struct policy_entry *e = entries[i];
      n_patterns += 1 + e->n_files + e->n_callers;
      string_bytes += e->name.len + 1 + pattern_bytes (e->files, e->n_files)
		      + pattern_bytes (e->callers, e->n_callers)
		      + (e->reason ? strlen (e->reason) + 1 : 0);
      if (!e->name.is_glob)
	n_exact++;
      else if (e->name.prefix_len || e->name.suffix_len)
	n_globs++;
      else
	n_anywhere++;
    }
  if (n >= NONE || n_patterns >= NONE || n_sources >= NONE
      || strlen (version) >= sizeof ((struct image_header *) 0)->version)
    return NULL;

  /* Sections in layout order, each 8-byte aligned; the strings end with
     one more NUL, so that any offset into them ends within them.  */
  size_t end = sizeof (struct image_header);
  size_t off_entries = place (&end, n * sizeof (struct image_entry));
  size_t off_patterns = place (&end, n_patterns * sizeof (struct image_pattern));
  size_t off_exact = place (&end, n_exact * sizeof (struct image_key));
  size_t off_globs = place (&end, n_globs * sizeof (struct image_key));
  size_t off_anywhere = place (&end, n_anywhere * sizeof (uint32_t));
  size_t off_strings = place (&end, string_bytes + 1);
  size_t total = place (&end, 0);
  if (total >= NONE)
    return NULL;
  /* Zeroed: padding and unused fields are part of the checksum.  */
  unsigned char *buf = calloc (1, total);
  if (!buf)
    abort ();
  struct strings t = { (char *) buf + off_strings, 0 };

  struct image_entry *ents = (struct image_entry *) (buf + off_entries);
  struct image_pattern *pats = (struct image_pattern *) (buf + off_patterns);
  struct image_key *exact = (struct image_key *) (buf + off_exact);
  struct image_key *globs = (struct image_key *) (buf + off_globs);
  uint32_t *anywhere = (uint32_t *) (buf + off_anywhere);
  uint32_t prefix_lengths = 0, suffix_lengths = 0;
  size_t np = 0, ne = 0, ng = 0, na = 0;

  for (size_t i = 0; i < n; i++)
    {
      const struct policy_entry *e = entries[i];
      struct image_entry *out = &ents[i];
      size_t src = 0;
      while (src < n_sources && sources[src] != e->loc.file
	     && strcmp (sources[src], e->loc.file) != 0)
	src++;
      if (src == n_sources)
	{
	  free (buf);
	  return NULL;
	}
      out->source = (uint32_t) src;
      out->name = (uint32_t) np;
      put_pattern (&pats[np++], &e->name, &t);
      out->files = (uint32_t) np;
      out->n_files = (uint32_t) e->n_files;
      for (size_t k = 0; k < e->n_files; k++)
	put_pattern (&pats[np++], &e->files[k], &t);
      out->callers = (uint32_t) np;
      out->n_callers = (uint32_t) e->n_callers;
      for (size_t k = 0; k < e->n_callers; k++)
	put_pattern (&pats[np++], &e->callers[k], &t);
      out->reason = e->reason ? add_string (&t, e->reason, strlen (e->reason))
			      : NONE;
      out->line = e->loc.line;
      out->column = e->loc.column;
      out->name_line = e->name_loc.line;
      out->name_column = e->name_loc.column;
      out->action = (uint8_t) e->action;
      out->severity = (uint8_t) e->severity;
      out->strict = e->strict;
      out->weight = e->weight >= 0 ? (uint32_t) e->weight : NONE;

      const struct policy_pattern *name = &e->name;
      struct image_key k = { 0, (uint32_t) i, 0 };
      if (!name->is_glob)
	{
	  k.hash = name_hash (name->text, name->len);
	  exact[ne++] = k;
	}
      else if (name->prefix_len)
	{
	  size_t l = key_len (name->prefix_len);
	  k.hash = prefix_hash (name->text, l);
	  prefix_lengths |= 1u << l;
	  globs[ng++] = k;
	}
      else if (name->suffix_len)
	{
	  size_t l = key_len (name->suffix_len);
	  k.hash = suffix_hash (name->text + name->len - l, l);
	  suffix_lengths |= 1u << l;
	  globs[ng++] = k;
	}
      else
	anywhere[na++] = (uint32_t) i;
    }
  struct image_key *tmp = malloc ((ne > ng ? ne : ng) * sizeof *tmp + 1);
  if (!tmp)
    abort ();
  if (ne)
    sort_keys (exact, tmp, ne);
  if (ng)
    sort_keys (globs, tmp, ng);
  free (tmp);

  struct image_header *h = (struct image_header *) buf;
  memcpy (h->magic, IMAGE_MAGIC, sizeof h->magic);
  h->byte_order = IMAGE_BYTE_ORDER;
  h->format = POLICY_IMAGE_FORMAT;
  memcpy (h->version, version, strlen (version));
  h->size = total;
  h->key_lo = key ? key->lo : 0;
  h->key_hi = key ? key->hi : 0;
  h->n_entries = (uint32_t) n;
  h->n_patterns = (uint32_t) np;
  h->n_exact = (uint32_t) ne;
  h->n_globs = (uint32_t) ng;
  h->n_anywhere = (uint32_t) na;
  h->n_sources = (uint32_t) n_sources;
  h->prefix_lengths = prefix_lengths;
  h->suffix_lengths = suffix_lengths;
  h->off_entries = off_entries;
  h->off_patterns = off_patterns;
  h->off_exact = off_exact;
  h->off_globs = off_globs;
  h->off_anywhere = off_anywhere;
  h->off_strings = off_strings;
  h->size_strings = string_bytes + 1;
  h->checksum = XXH3_64bits (buf + sizeof *h, total - sizeof *h);
  *size = total;
  return buf;
}

/* Checking.  The header, the size and the checksum are checked before an
   image is used; the records, which only an image with a correct checksum
   and wrong contents could get wrong, are checked as they are used, so
   that a load does not cost a pass over every entry.  A record that fails
   its check matches nothing: a corrupt image is never read out of
   bounds.  */

static bool
section_ok (const struct image_header *h, uint64_t off, uint64_t count,
	    size_t elem)
{
  return off % 8 == 0 && off >= sizeof *h && off <= h->size
	 && count <= (h->size - off) / elem;
}

static bool
pattern_ok (const struct image_header *h, const struct image_pattern *pat)
{
  return pat->text < h->size_strings
	 && pat->len < h->size_strings - pat->text
	 && pat->prefix_len <= pat->len && pat->suffix_len <= pat->len
	 && pat->is_glob <= 1 && pat->prefix_only <= 1;
}

static bool
range_ok (const struct image_header *h, uint32_t first, uint32_t count)
{
  return first <= h->n_patterns && count <= h->n_patterns - first;
}

static bool
entry_ok (const struct image_header *h, const struct image_pattern *pats,
	  const struct image_entry *e)
{
  if (e->name >= h->n_patterns || !range_ok (h, e->files, e->n_files)
      || !range_ok (h, e->callers, e->n_callers)
      || (e->reason != NONE && e->reason >= h->size_strings)
      || e->source >= h->n_sources || e->action > POLICY_ACTION_ALWAYS_INLINE
      || e->severity > POLICY_SEVERITY_ERROR || e->strict > 1
      || (e->weight != NONE && e->weight > POLICY_WEIGHT_MAX)
      || !pattern_ok (h, &pats[e->name]))
    return false;
  for (uint32_t i = 0; i < e->n_files; i++)
    if (!pattern_ok (h, &pats[e->files + i]))
      return false;
  for (uint32_t i = 0; i < e->n_callers; i++)
    if (!pattern_ok (h, &pats[e->callers + i]))
      return false;
  return true;
}

const char *
policy_image_check (const void *data, size_t size, const char *version,
		    const struct policy_image_key *key)
{
  const unsigned char *d = data;
  const struct image_header *h = data;

  if (size < sizeof *h || memcmp (h->magic, IMAGE_MAGIC, sizeof h->magic))
    return "not a policy image";
  if (h->byte_order != IMAGE_BYTE_ORDER)
    return "written with another byte order";
  if (h->format != POLICY_IMAGE_FORMAT)
    return "another image format";
  if (strncmp (h->version, version, sizeof h->version) != 0)
    return "written by another version";
  if (h->size != size)
    return "truncated or extended";
  if (key && (h->key_lo != key->lo || h->key_hi != key->hi))
    return "for other policy files";
  if (XXH3_64bits (d + sizeof *h, size - sizeof *h) != h->checksum)
    return "checksum mismatch";

  if (!section_ok (h, h->off_entries, h->n_entries,
		   sizeof (struct image_entry))
      || !section_ok (h, h->off_patterns, h->n_patterns,
		      sizeof (struct image_pattern))
      || !section_ok (h, h->off_exact, h->n_exact, sizeof (struct image_key))
      || !section_ok (h, h->off_globs, h->n_globs, sizeof (struct image_key))
      || !section_ok (h, h->off_anywhere, h->n_anywhere, sizeof (uint32_t))
      || !section_ok (h, h->off_strings, h->size_strings, 1)
      || h->size_strings == 0
      || d[h->off_strings + h->size_strings - 1] != '\0'
      || (h->prefix_lengths | h->suffix_lengths)
	   >> (POLICY_IMAGE_KEY_MAX + 1))
    return "inconsistent layout";

  return NULL;
}

void
policy_image_reseal (void *data, size_t size)
{
  struct image_header *h = data;
  if (size >= sizeof *h)
    h->checksum = XXH3_64bits ((unsigned char *) data + sizeof *h,
			       size - sizeof *h);
}

/* The index.  */

struct policy_index *
policy_index_new (const void *data, size_t size, bool owns_data)
{
  struct policy_index *x = calloc (1, sizeof *x);
  if (!x)
    abort ();
  x->data = data;
  x->size = size;
  x->owns_data = owns_data;
  x->h = data;
  x->entries = (const struct image_entry *) (x->data + x->h->off_entries);
  x->patterns = (const struct image_pattern *) (x->data
						+ x->h->off_patterns);
  x->exact = (const struct image_key *) (x->data + x->h->off_exact);
  x->globs = (const struct image_key *) (x->data + x->h->off_globs);
  x->anywhere = (const uint32_t *) (x->data + x->h->off_anywhere);
  x->strings = (const char *) (x->data + x->h->off_strings);
  for (uint32_t i = 0; i < x->h->n_entries && !x->any_callers; i++)
    x->any_callers = x->entries[i].n_callers > 0;
  return x;
}

void
policy_index_free (struct policy_index *x)
{
  if (!x)
    return;
  if (x->owns_data)
    free ((void *) x->data);
  free (x);
}

size_t
policy_index_entry_count (const struct policy_index *x)
{
  return x->h->n_entries;
}

bool
policy_index_has_action (const struct policy_index *x,
			 enum policy_action action)
{
  for (uint32_t i = 0; i < x->h->n_entries; i++)
    if (x->entries[i].action == action)
      return true;
  return false;
}

size_t
policy_index_source_count (const struct policy_index *x)
{
  return x->h->n_sources;
}

static struct policy_pattern
pattern_view (const struct policy_index *x, uint32_t i)
{
  const struct image_pattern *ip = &x->patterns[i];
  struct policy_pattern pat = { (char *) x->strings + ip->text, ip->len,
				ip->prefix_len, ip->suffix_len, ip->is_glob,
				ip->prefix_only };
  return pat;
}

static bool
name_matches (const struct policy_index *x, uint32_t entry, const char *name,
	      size_t len)
{
  if (entry >= x->h->n_entries
      || !entry_ok (x->h, x->patterns, &x->entries[entry]))
    return false;
  struct policy_pattern pat = pattern_view (x, x->entries[entry].name);
  return policy_pattern_matches_n (&pat, name, len);
}

/* The first of the N sorted KEYS with HASH, or KEYS + N.  */
static const struct image_key *
first_with_hash (const struct image_key *keys, size_t n, uint64_t hash)
{
  size_t lo = 0, hi = n;
  while (lo < hi)
    {
      size_t mid = lo + (hi - lo) / 2;
      if (keys[mid].hash < hash)
	lo = mid + 1;
      else
	hi = mid;
    }
  return keys + lo;
}

struct query
{
  const struct policy_index *x;
  const char *name;
  size_t len;
  const char *caller;
  size_t caller_len;
  const char *unit;
  bool any_scope;		/* policy_mentions: the name alone.  */
  bool scoped_only;		/* Only entries with a callers scope.  */
  const struct policy_entry *(*entry) (size_t, void *);
  void *data;
};

static bool
applies (const struct query *q, uint32_t i)
{
  if (!name_matches (q->x, i, q->name, q->len))
    return false;
  if (q->any_scope)
    return true;
  if (q->scoped_only && q->x->entries[i].n_callers == 0)
    return false;
  const struct policy_entry *e = q->entry (i, q->data);
  return policy_entry_applies_to_unit (e, q->unit)
	 && policy_entry_applies_to_caller_n (e, q->caller, q->caller_len);
}

/* The first entry in policy order, below BEST, among the N KEYS with
   HASH that applies; BEST when none.  */
static size_t
search_keys (const struct query *q, const struct image_key *keys, size_t n,
	     uint64_t hash, size_t best)
{
  for (const struct image_key *k = first_with_hash (keys, n, hash);
       k < keys + n && k->hash == hash && k->entry < best; k++)
    if (applies (q, k->entry))
      return k->entry;
  return best;
}

/* The first applicable exact entry in policy order, or SIZE_MAX.  */
static size_t
search_exact (const struct query *q)
{
  const struct policy_index *x = q->x;
  return search_keys (q, x->exact, x->h->n_exact,
		      name_hash (q->name, q->len), SIZE_MAX);
}

/* The first applicable glob entry in policy order, or SIZE_MAX.  Each
   lives under one key, so it is the earliest of the candidates under each
   key the name could have.  */
static size_t
search_globs (const struct query *q)
{
  const struct policy_index *x = q->x;
  const struct image_header *h = x->h;
  size_t best = SIZE_MAX;
  for (size_t l = 1; l <= POLICY_IMAGE_KEY_MAX && l <= q->len; l++)
    {
      if (h->prefix_lengths & (1u << l))
	best = search_keys (q, x->globs, h->n_globs,
			    prefix_hash (q->name, l), best);
      if (h->suffix_lengths & (1u << l))
	best = search_keys (q, x->globs, h->n_globs,
			    suffix_hash (q->name + q->len - l, l), best);
    }
  for (size_t i = 0; i < h->n_anywhere && x->anywhere[i] < best; i++)
    if (applies (q, x->anywhere[i]))
      return x->anywhere[i];
  return best;
}

/* An exact name beats any glob; within each kind, an entry scoped to the
   call's caller beats one for every caller (a lock pins single sites of a
   function the project's policy names as a whole), then policy order.  */
static size_t
run_query (const struct query *q)
{
  struct query scoped = *q;
  scoped.scoped_only = true;
  bool by_caller = q->caller && !q->any_scope && q->x->any_callers;
  size_t best = by_caller ? search_exact (&scoped) : SIZE_MAX;
  if (best == SIZE_MAX)
    best = search_exact (q);
  if (best == SIZE_MAX && by_caller)
    best = search_globs (&scoped);
  if (best == SIZE_MAX)
    best = search_globs (q);
  return best;
}

size_t
policy_index_lookup (const struct policy_index *x, const char *function,
		     size_t len, const char *caller, size_t caller_len,
		     const char *unit,
		     const struct policy_entry *(*entry) (size_t, void *),
		     void *data)
{
  struct query q = { x, function, len, caller, caller_len, unit, false,
		     false, entry, data };
  return run_query (&q);
}

bool
policy_index_mentions (const struct policy_index *x, const char *function,
		       size_t len)
{
  struct query q = { x, function, len, NULL, 0, NULL, true, false, NULL,
		     NULL };
  return run_query (&q) != SIZE_MAX;
}

/* Entries built from the image.  */

static struct policy_pattern *
patterns_of (const struct policy_index *x, uint32_t first, uint32_t n)
{
  if (n == 0)
    return NULL;
  struct policy_pattern *pats = malloc (n * sizeof *pats);
  if (!pats)
    abort ();
  for (uint32_t i = 0; i < n; i++)
    pats[i] = pattern_view (x, first + i);
  return pats;
}

struct policy_entry *
policy_index_entry (const struct policy_index *x, size_t index,
		    const char *const *files, size_t n_files)
{
  const struct image_entry *ie = &x->entries[index];
  struct policy_entry *e = calloc (1, sizeof *e);
  if (!e)
    abort ();
  if (!entry_ok (x->h, x->patterns, ie))
    {
      /* Only a tampered image gets here: an entry that matches nothing.  */
      e->name.text = (char *) x->strings + x->h->size_strings - 1;
      e->loc.file = e->name_loc.file = n_files ? files[0] : "";
      e->weight = -1;
      return e;
    }
  const char *file = ie->source < n_files ? files[ie->source] : "";
  e->name = pattern_view (x, ie->name);
  e->action = (enum policy_action) ie->action;
  e->severity = (enum policy_severity) ie->severity;
  e->files = patterns_of (x, ie->files, ie->n_files);
  e->n_files = ie->n_files;
  e->callers = patterns_of (x, ie->callers, ie->n_callers);
  e->n_callers = ie->n_callers;
  e->reason = ie->reason == NONE ? NULL : (char *) x->strings + ie->reason;
  e->strict = ie->strict;
  e->weight = ie->weight == NONE ? -1 : (long) ie->weight;
  e->loc = (struct policy_loc) { file, ie->line, ie->column };
  e->name_loc = (struct policy_loc) { file, ie->name_line, ie->name_column };
  return e;
}

void
policy_index_entry_free (struct policy_entry *e)
{
  if (!e)
    return;
  free (e->files);
  free (e->callers);
  free (e);
}
