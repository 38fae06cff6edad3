/* Unit tests of the compiled policy image (policy-image.c) and the policy
   cache (policy-cache.c): a policy used from an image is the policy
   parsed, entry for entry and lookup for lookup; a bad image is refused;
   a cache that cannot be used changes nothing.  */
#define _GNU_SOURCE
#include <check.h>
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "config.h"
#include "policy-cache.h"
#include "policy-image.h"
#include "unit/suites.h"

#define VERSION "test-1"

/* Two policy files that use every field, globs of every kind, scopes, a
   reason, weights, and an entry repeated across the files that merges.  */
static const char policy_a[]
  = "version: 1\n"
    "defaults: {severity: note}\n"
    "functions:\n"
    "  - name: xas_descend\n"
    "    action: always_inline\n"
    "    strict: true\n"
    "    reason: \"walks the tree\"\n"
    "    weight: 37.5\n"
    "  - {name: xas_descend, files: [lib/xarray.c, \"mm/*.c\"],"
    " severity: error}\n"
    "  - {name: \"xas_*\", callers: [xa_load, \"xa_*_range\"]}\n"
    "  - {name: \"*_slow\", weight: 0.0003}\n"
    "  - {name: \"gen_?_[ab]\"}\n"
    "  - {name: \"*\", files: [\"only/here.c\"]}\n"
    "  - {name: \"ns::Class::get\"}\n";
static const char policy_b[]
  = "version: 1\n"
    "functions:\n"
    "  - {name: xas_descend, action: always_inline, strict: true,"
    " severity: note}\n"
    "  - {name: xa_load, callers: [main]}\n"
    "  - {name: \"xa_*\"}\n"
    "  - {name: \"xarray_lock_slow\"}\n";

/* Names, callers and units that exercise each way an entry can match.  */
static const struct query
{
  const char *function, *caller, *unit;
} queries[] = {
  { "xas_descend", "xa_load", "lib/xarray.c" },
  { "xas_descend.constprop.0", "xa_load", "../linux/lib/xarray.c" },
  { "xas_descend", "other", "mm/filemap.c" },
  { "xas_descend", NULL, NULL },
  { "xas_load", "xa_load", "a.c" },
  { "xas_load", "xa_store_range", "a.c" },
  { "xas_load", "other", "a.c" },
  { "xas_load", NULL, "a.c" },
  { "lock_slow", "f", "a.c" },
  { "xarray_lock_slow", "f", "a.c" },
  { "gen_1_a", "f", "a.c" },
  { "gen_1_c", "f", "a.c" },
  { "anything", "f", "only/here.c" },
  { "anything", "f", "elsewhere.c" },
  { "ns::Class::get", "f", "a.cc" },
  { "xa_load", "main", "a.c" },
  { "xa_load", "other", "a.c" },
  { "xa_store", "other", "a.c" },
  { "x", "f", "a.c" },
  { "", "f", "a.c" },
};

static char dir[128];		/* A fresh directory per test.  */

static int
remove_one (const char *path, const struct stat *st, int flag,
	    struct FTW *ftw)
{
  (void) st;
  (void) flag;
  (void) ftw;
  chmod (path, 0700);
  remove (path);
  return 0;
}

static void
dir_setup (void)
{
  strcpy (dir, "/tmp/hotinline-cache-XXXXXX");
  ck_assert_msg (mkdtemp (dir), "mkdtemp: %s", strerror (errno));
}

static void
dir_teardown (void)
{
  nftw (dir, remove_one, 16, FTW_DEPTH | FTW_PHYS);
}

static const char *
path_in (const char *name)
{
  static char bufs[8][256];
  static unsigned k;
  char *b = bufs[k++ % 8];
  snprintf (b, sizeof bufs[0], "%s/%s", dir, name);
  return b;
}

static const char *
write_file (const char *name, const char *text)
{
  const char *path = path_in (name);
  FILE *f = fopen (path, "w");
  ck_assert_msg (f, "%s: %s", path, strerror (errno));
  fputs (text, f);
  ck_assert (fclose (f) == 0);
  return path;
}

/* The two policy files, written; their paths in PATHS.  */
static void
write_policies (const char *paths[2])
{
  paths[0] = write_file ("a.yaml", policy_a);
  paths[1] = write_file ("b.yaml", policy_b);
}

static struct policy *
parsed (const char *const *paths, size_t n)
{
  struct policy *p = policy_new ();
  for (size_t i = 0; i < n; i++)
    policy_load_file (p, paths[i]);
  return p;
}

static void
assert_same_pattern (const struct policy_pattern *a,
		     const struct policy_pattern *b)
{
  ck_assert_str_eq (a->text, b->text);
  ck_assert_uint_eq (a->len, b->len);
  ck_assert_uint_eq (a->prefix_len, b->prefix_len);
  ck_assert_uint_eq (a->suffix_len, b->suffix_len);
  ck_assert_int_eq (a->is_glob, b->is_glob);
  ck_assert_int_eq (a->prefix_only, b->prefix_only);
}

static void
assert_same_loc (struct policy_loc a, struct policy_loc b)
{
  ck_assert_str_eq (a.file, b.file);
  ck_assert_uint_eq (a.line, b.line);
  ck_assert_uint_eq (a.column, b.column);
}

/* A and B hold the same entries, field for field, and answer every query
   with the entry at the same position.  */
static void
assert_same_policy (const struct policy *a, const struct policy *b)
{
  ck_assert_uint_eq (policy_error_count (a), policy_error_count (b));
  for (size_t i = 0; i < policy_error_count (a); i++)
    ck_assert_str_eq (policy_error_message (a, i),
		      policy_error_message (b, i));
  size_t n = policy_entry_count (a);
  ck_assert_uint_eq (n, policy_entry_count (b));
  for (size_t i = 0; i < n; i++)
    {
      const struct policy_entry *x = policy_entry_at (a, i);
      const struct policy_entry *y = policy_entry_at (b, i);
      assert_same_pattern (&x->name, &y->name);
      ck_assert_int_eq (x->action, y->action);
      ck_assert_int_eq (x->severity, y->severity);
      ck_assert_int_eq (x->strict, y->strict);
      ck_assert_int_eq (x->weight, y->weight);
      ck_assert_uint_eq (x->n_files, y->n_files);
      for (size_t k = 0; k < x->n_files; k++)
	assert_same_pattern (&x->files[k], &y->files[k]);
      ck_assert_uint_eq (x->n_callers, y->n_callers);
      for (size_t k = 0; k < x->n_callers; k++)
	assert_same_pattern (&x->callers[k], &y->callers[k]);
      ck_assert_int_eq (!x->reason, !y->reason);
      if (x->reason)
	ck_assert_str_eq (x->reason, y->reason);
      assert_same_loc (x->loc, y->loc);
      assert_same_loc (x->name_loc, y->name_loc);
    }
  for (size_t q = 0; q < sizeof queries / sizeof *queries; q++)
    {
      const struct query *k = &queries[q];
      const struct policy_entry *x
	= policy_lookup (a, k->function, k->caller, k->unit);
      const struct policy_entry *y
	= policy_lookup (b, k->function, k->caller, k->unit);
      ck_assert_msg (!x == !y, "query %zu: one policy matches, not both", q);
      for (size_t i = 0; x && i < n; i++)
	if (policy_entry_at (a, i) == x)
	  ck_assert_msg (policy_entry_at (b, i) == y,
			 "query %zu: different entries", q);
      ck_assert_int_eq (policy_mentions (a, k->function),
			policy_mentions (b, k->function));
    }
}

/* An image of the parsed policies in *SIZE bytes.  */
static void *
image_of (const char *const *paths, size_t n, size_t *size)
{
  struct policy *p = parsed (paths, n);
  ck_assert_uint_eq (policy_error_count (p), 0);
  void *image = policy_compile (p, paths, n, VERSION, NULL, size);
  ck_assert (image);
  policy_free (p);
  return image;
}

static void
release (const void *data, size_t size)
{
  (void) size;
  free ((void *) data);
}

/* The image.  */

START_TEST (test_image_gives_the_parsed_entries_and_lookups)
{
  const char *paths[2];
  write_policies (paths);
  size_t size;
  void *image = image_of (paths, 2, &size);
  ck_assert_ptr_null (policy_image_check (image, size, VERSION, NULL));

  struct policy *p = parsed (paths, 2), *q = policy_new ();
  ck_assert (policy_use_image (q, image, size, paths, 2, release));
  assert_same_policy (p, q);
  /* The merged entry was dropped: what is left is in policy order.  */
  ck_assert_uint_eq (policy_entry_count (q), 10);
  /* The weights came through the image, not only as "none" twice.  */
  ck_assert_str_eq (policy_entry_at (q, 0)->name.text, "xas_descend");
  ck_assert_int_eq (policy_entry_at (q, 0)->weight, 375000);
  for (size_t i = 1; i < policy_entry_count (q); i++)
    ck_assert_int_eq (policy_entry_at (q, i)->weight,
		      strcmp (policy_entry_at (q, i)->name.text, "*_slow")
		      == 0 ? 3 : -1);
  policy_free (p);
  policy_free (q);
}
END_TEST

/* Whether a policy has entries of an action, parsed and from its image
   alike (the LLVM plugin asks for the calls' locations only for report
   entries): a table of policies and the answers.  */
START_TEST (test_actions_of_parsed_and_image_policies)
{
  static const struct
  {
    const char *text;
    bool report, force;
  } cases[] = {
    { "version: 1\n", false, false },
    { "version: 1\nfunctions:\n  - {name: f, action: always_inline}\n",
      false, true },
    { "version: 1\nfunctions:\n  - {name: f, action: always_inline}\n"
      "  - {name: g, action: report}\n", true, true },
    { "version: 1\ndefaults: {action: report}\nfunctions:\n"
      "  - name: f\n", true, false },
  };
  for (size_t i = 0; i < sizeof cases / sizeof *cases; i++)
    {
      const char *path = write_file ("actions.yaml", cases[i].text);
      struct policy *p = parsed (&path, 1);
      size_t size;
      void *image = image_of (&path, 1, &size);
      struct policy *q = policy_new ();
      ck_assert (policy_use_image (q, image, size, &path, 1, release));
      for (int from_image = 0; from_image < 2; from_image++)
	{
	  struct policy *x = from_image ? q : p;
	  ck_assert_msg (policy_has_action (x, POLICY_ACTION_REPORT)
			   == cases[i].report
			 && policy_has_action (x, POLICY_ACTION_ALWAYS_INLINE)
			      == cases[i].force,
			 "case %zu (%s)", i, from_image ? "image" : "parsed");
	}
      policy_free (p);
      policy_free (q);
    }
}
END_TEST

START_TEST (test_image_of_an_empty_policy_matches_nothing)
{
  const char *path = write_file ("e.yaml", "version: 1\n");
  size_t size;
  void *image = image_of (&path, 1, &size);
  struct policy *q = policy_new ();
  ck_assert (policy_use_image (q, image, size, &path, 1, release));
  ck_assert_uint_eq (policy_entry_count (q), 0);
  ck_assert_ptr_null (policy_lookup (q, "f", "g", "a.c"));
  ck_assert (!policy_mentions (q, "f"));
  policy_free (q);
}
END_TEST

START_TEST (test_image_for_other_sources_is_not_used)
{
  const char *paths[2];
  write_policies (paths);
  size_t size;
  void *image = image_of (paths, 2, &size);
  struct policy *q = policy_new ();
  ck_assert (!policy_use_image (q, image, size, paths, 1, release));
  ck_assert_uint_eq (policy_entry_count (q), 0);
  policy_free (q);
  free (image);
}
END_TEST

/* Offsets in the header, as policy-image.h lays it out.  */
enum { BYTE_ORDER_AT = 8, FORMAT_AT = 12, VERSION_AT = 16, CHECKSUM_AT = 56,
       HEADER_SIZE = 152 };

/* Ways to spoil a sound image, each with what the check must say.  */
static const struct spoil
{
  const char *what;
  const char *expected;
} spoils[] = {
  { "empty", "not a policy image" },
  { "header only", "truncated or extended" },
  { "last byte cut", "truncated or extended" },
  { "half cut", "truncated or extended" },
  { "byte appended", "truncated or extended" },
  { "not an image", "not a policy image" },
  { "foreign byte order", "written with another byte order" },
  { "older format", "another image format" },
  { "newer format", "another image format" },
  { "another version", "written by another version" },
  { "entry byte flipped", "checksum mismatch" },
  { "last byte flipped", "checksum mismatch" },
  { "header checksum flipped", "checksum mismatch" },
};

static size_t
spoil (unsigned char *d, size_t size, const char *what)
{
  uint32_t v;
  if (strcmp (what, "empty") == 0)
    return 0;
  if (strcmp (what, "header only") == 0)
    return HEADER_SIZE;
  if (strcmp (what, "last byte cut") == 0)
    return size - 1;
  if (strcmp (what, "half cut") == 0)
    return size / 2;
  if (strcmp (what, "byte appended") == 0)
    return size + 1;
  if (strcmp (what, "not an image") == 0)
    memcpy (d, "version: 1\n", 11);
  else if (strcmp (what, "foreign byte order") == 0)
    {
      memcpy (&v, d + BYTE_ORDER_AT, 4);
      v = __builtin_bswap32 (v);
      memcpy (d + BYTE_ORDER_AT, &v, 4);
    }
  else if (strcmp (what, "older format") == 0
	   || strcmp (what, "newer format") == 0)
    {
      memcpy (&v, d + FORMAT_AT, 4);
      v += what[0] == 'o' ? -1u : 1u;
      memcpy (d + FORMAT_AT, &v, 4);
    }
  else if (strcmp (what, "another version") == 0)
    d[VERSION_AT] ^= 1;
  else if (strcmp (what, "entry byte flipped") == 0)
    d[HEADER_SIZE + 150] ^= 0x10;
  else if (strcmp (what, "last byte flipped") == 0)
    d[size - 1] ^= 1;
  else if (strcmp (what, "header checksum flipped") == 0)
    d[CHECKSUM_AT] ^= 1;
  return size;
}

START_TEST (test_spoiled_image_is_refused)
{
  const struct spoil *s = &spoils[_i];
  const char *paths[2];
  write_policies (paths);
  size_t size;
  void *image = image_of (paths, 2, &size);
  unsigned char *copy = calloc (1, size + 1);
  ck_assert (copy);
  memcpy (copy, image, size);
  size_t n = spoil (copy, size, s->what);
  const char *problem = policy_image_check (copy, n, VERSION, NULL);
  ck_assert_msg (problem && strcmp (problem, s->expected) == 0,
		 "%s: expected '%s', got '%s'", s->what, s->expected,
		 problem ? problem : "(accepted)");
  free (copy);
  free (image);
}
END_TEST

START_TEST (test_image_for_another_key_is_refused)
{
  const char *paths[2];
  write_policies (paths);
  struct policy *p = parsed (paths, 2);
  struct policy_image_key k1 = { 1, 2 }, k2 = { 1, 3 };
  size_t size;
  void *image = policy_compile (p, paths, 2, VERSION, &k1, &size);
  ck_assert_ptr_null (policy_image_check (image, size, VERSION, &k1));
  ck_assert_str_eq (policy_image_check (image, size, VERSION, &k2),
		    "for other policy files");
  free (image);
  policy_free (p);
}
END_TEST

/* An image whose records are wrong but whose checksum is right (which
   only a bug or a deliberate edit could make) is still read safely: every
   byte of it spoiled in turn, every lookup and entry stays in bounds
   (ASan and the fuzzer check this more thoroughly).  */
START_TEST (test_resealed_corrupt_image_is_read_in_bounds)
{
  const char *paths[2];
  write_policies (paths);
  size_t size;
  void *image = image_of (paths, 2, &size);
  for (size_t at = HEADER_SIZE; at < size; at += 3)
    {
      unsigned char *copy = malloc (size);
      ck_assert (copy);
      memcpy (copy, image, size);
      copy[at] ^= 0xa5;
      policy_image_reseal (copy, size);
      if (policy_image_check (copy, size, VERSION, NULL))
	{
	  free (copy);
	  continue;
	}
      struct policy *q = policy_new ();
      if (!policy_use_image (q, copy, size, paths, 2, release))
	{
	  free (copy);
	  policy_free (q);
	  continue;
	}
      for (size_t i = 0; i < policy_entry_count (q); i++)
	{
	  const struct policy_entry *e = policy_entry_at (q, i);
	  ck_assert (strlen (e->name.text) < size);
	  for (size_t k = 0; k < e->n_files; k++)
	    ck_assert (strlen (e->files[k].text) < size);
	}
      for (size_t k = 0; k < sizeof queries / sizeof *queries; k++)
	{
	  policy_lookup (q, queries[k].function, queries[k].caller,
			 queries[k].unit);
	  policy_mentions (q, queries[k].function);
	}
      policy_free (q);
    }
  free (image);
}
END_TEST

/* The cache.  */

static struct policy *
cached (const char *const *paths, size_t n, const char *cache,
	enum policy_cache_outcome expected)
{
  struct policy *p = policy_new ();
  enum policy_cache_outcome got;
  policy_cache_load (p, paths, n, cache, VERSION, &got);
  ck_assert_msg (got == expected, "cache outcome %d, expected %d", got,
		 expected);
  return p;
}

/* Load PATHS through CACHE expecting EXPECTED, and compare with the policy
   parsed without a cache.  */
static void
assert_cached_is_parsed (const char *const *paths, size_t n,
			 const char *cache, enum policy_cache_outcome expected)
{
  struct policy *p = parsed (paths, n);
  struct policy *q = cached (paths, n, cache, expected);
  assert_same_policy (p, q);
  policy_free (p);
  policy_free (q);
}

/* Files in DIR whose name ends with SUFFIX.  */
static int
count_files (const char *d, const char *suffix)
{
  char cmd[512];
  snprintf (cmd, sizeof cmd, "ls -a '%s' 2>/dev/null | grep -c -- '%s$'", d,
	    suffix);
  FILE *f = popen (cmd, "r");
  int n = 0;
  ck_assert (f);
  ck_assert (fscanf (f, "%d", &n) == 1);
  pclose (f);
  return n;
}

START_TEST (test_cold_then_warm_cache_give_the_parsed_policy)
{
  const char *paths[2];
  write_policies (paths);
  const char *cache = path_in ("cache");
  assert_cached_is_parsed (paths, 2, cache, POLICY_CACHE_STORED);
  ck_assert_int_eq (count_files (cache, ".hpi"), 1);
  assert_cached_is_parsed (paths, 2, cache, POLICY_CACHE_HIT);
  assert_cached_is_parsed (paths, 2, NULL, POLICY_CACHE_UNUSED);
  ck_assert_int_eq (count_files (cache, ".tmp"), 0);
}
END_TEST

START_TEST (test_edited_policy_is_a_new_key)
{
  const char *paths[2];
  write_policies (paths);
  const char *cache = path_in ("cache");
  assert_cached_is_parsed (paths, 2, cache, POLICY_CACHE_STORED);
  write_file ("b.yaml", "version: 1\nfunctions:\n  - {name: other}\n");
  assert_cached_is_parsed (paths, 2, cache, POLICY_CACHE_STORED);
  ck_assert_int_eq (count_files (cache, ".hpi"), 2);
  /* The same files in another order are another policy.  */
  const char *swapped[2] = { paths[1], paths[0] };
  assert_cached_is_parsed (swapped, 2, cache, POLICY_CACHE_STORED);
}
END_TEST

START_TEST (test_same_bytes_under_other_names_share_an_image)
{
  const char *paths[2];
  write_policies (paths);
  const char *cache = path_in ("cache");
  assert_cached_is_parsed (paths, 2, cache, POLICY_CACHE_STORED);
  const char *copies[2] = { write_file ("c.yaml", policy_a),
			    write_file ("d.yaml", policy_b) };
  /* The entries name the files of this compilation, not those of the
     compilation that stored the image.  */
  assert_cached_is_parsed (copies, 2, cache, POLICY_CACHE_HIT);
}
END_TEST

START_TEST (test_file_named_twice_counts_once)
{
  const char *paths[2];
  write_policies (paths);
  const char *cache = path_in ("cache");
  char dotted[300];
  snprintf (dotted, sizeof dotted, "%s/./a.yaml", dir);
  const char *twice[3] = { paths[0], dotted, paths[1] };
  assert_cached_is_parsed (twice, 3, cache, POLICY_CACHE_STORED);
  assert_cached_is_parsed (twice, 3, cache, POLICY_CACHE_HIT);
  /* The same distinct files: the same image.  */
  assert_cached_is_parsed (paths, 2, cache, POLICY_CACHE_HIT);
}
END_TEST

/* Overwrite the one image in CACHE with what SPOIL makes of it.  */
static void
spoil_stored (const char *const *paths, size_t n, const char *cache,
	      const char *what)
{
  char *image = policy_cache_image_path (paths, n, cache, VERSION);
  ck_assert (image);
  FILE *f = fopen (image, "rb");
  ck_assert (f);
  unsigned char buf[1 << 16];
  size_t size = fread (buf, 1, sizeof buf - 1, f);
  fclose (f);
  size = spoil (buf, size, what);
  f = fopen (image, "wb");
  ck_assert (f);
  ck_assert (fwrite (buf, 1, size, f) == size);
  ck_assert (fclose (f) == 0);
  free (image);
}

START_TEST (test_spoiled_stored_image_is_parsed_again_and_replaced)
{
  const struct spoil *s = &spoils[_i];
  const char *paths[2];
  write_policies (paths);
  const char *cache = path_in ("cache");
  assert_cached_is_parsed (paths, 2, cache, POLICY_CACHE_STORED);
  spoil_stored (paths, 2, cache, s->what);
  assert_cached_is_parsed (paths, 2, cache, POLICY_CACHE_STORED);
  assert_cached_is_parsed (paths, 2, cache, POLICY_CACHE_HIT);
}
END_TEST

START_TEST (test_policy_with_errors_is_never_stored)
{
  const char *paths[2];
  write_policies (paths);
  paths[1] = write_file ("bad.yaml", "version: 1\nfunctions:\n"
				     "  - {name: f, action: sometimes}\n");
  const char *cache = path_in ("cache");
  struct policy *p = parsed (paths, 2);
  ck_assert_uint_eq (policy_error_count (p), 1);
  policy_free (p);
  for (int run = 0; run < 2; run++)
    assert_cached_is_parsed (paths, 2, cache, POLICY_CACHE_BYPASSED);
  ck_assert_int_eq (count_files (cache, ".hpi"), 0);
}
END_TEST

START_TEST (test_unreadable_policy_gives_the_loader_errors)
{
  const char *paths[3];
  write_policies (paths);
  paths[2] = path_in ("missing.yaml");
  const char *cache = path_in ("cache");
  assert_cached_is_parsed (paths, 3, cache, POLICY_CACHE_BYPASSED);
  const char *d[1] = { dir };
  assert_cached_is_parsed (d, 1, cache, POLICY_CACHE_BYPASSED);
  ck_assert_int_eq (count_files (cache, ".hpi"), 0);
}
END_TEST

START_TEST (test_missing_cache_directories_are_created)
{
  const char *paths[2];
  write_policies (paths);
  const char *cache = path_in ("x/y/z");
  assert_cached_is_parsed (paths, 2, cache, POLICY_CACHE_STORED);
  assert_cached_is_parsed (paths, 2, cache, POLICY_CACHE_HIT);
}
END_TEST

START_TEST (test_cache_directory_that_cannot_be_made_changes_nothing)
{
  const char *paths[2];
  write_policies (paths);
  /* Under a regular file: no directory can be made there.  */
  const char *cache = path_in ("a.yaml/cache");
  for (int run = 0; run < 2; run++)
    assert_cached_is_parsed (paths, 2, cache, POLICY_CACHE_NOT_STORED);
}
END_TEST

START_TEST (test_read_only_cache_directory_changes_nothing)
{
  const char *paths[2];
  write_policies (paths);
  const char *cache = path_in ("ro");
  ck_assert (mkdir (cache, 0555) == 0);
  /* Permissions do not stop root: /proc takes no new files even from
     root.  */
  if (geteuid () == 0)
    cache = "/proc/self/hotinline-cache";
  for (int run = 0; run < 2; run++)
    assert_cached_is_parsed (paths, 2, cache, POLICY_CACHE_NOT_STORED);
}
END_TEST

START_TEST (test_full_disk_changes_nothing_and_leaves_no_file)
{
  const char *paths[2];
  write_policies (paths);
  const char *cache = path_in ("cache");
  ck_assert (mkdir (cache, 0777) == 0);
  /* A file size limit fails the write as a full disk would; in a child,
     since Check writes its own results to a file.  */
  pid_t pid = fork ();
  ck_assert (pid >= 0);
  if (pid == 0)
    {
      signal (SIGXFSZ, SIG_IGN);
      struct rlimit lim = { 512, 512 };
      if (setrlimit (RLIMIT_FSIZE, &lim) != 0)
	_exit (2);
      for (int run = 0; run < 2; run++)
	{
	  struct policy *q = policy_new ();
	  enum policy_cache_outcome got;
	  policy_cache_load (q, paths, 2, cache, VERSION, &got);
	  if (got != POLICY_CACHE_NOT_STORED || policy_entry_count (q) != 10)
	    _exit (1);
	  policy_free (q);
	}
      _exit (0);
    }
  int status;
  ck_assert (waitpid (pid, &status, 0) == pid);
  ck_assert_msg (WIFEXITED (status) && WEXITSTATUS (status) == 0,
		 "loads under a full disk: status %d", status);
  ck_assert_int_eq (count_files (cache, ".hpi"), 0);
  ck_assert_int_eq (count_files (cache, ".tmp"), 0);
}
END_TEST

START_TEST (test_concurrent_first_loads_all_succeed)
{
  const char *paths[2];
  write_policies (paths);
  const char *cache = path_in ("cache");
  enum { N = 8 };
  pid_t pids[N];
  for (int i = 0; i < N; i++)
    {
      pids[i] = fork ();
      ck_assert (pids[i] >= 0);
      if (pids[i] == 0)
	{
	  struct policy *p = parsed (paths, 2), *q = policy_new ();
	  enum policy_cache_outcome got;
	  bool ok = policy_cache_load (q, paths, 2, cache, VERSION, &got);
	  bool same = ok && policy_entry_count (p) == policy_entry_count (q)
		      && (got == POLICY_CACHE_STORED
			  || got == POLICY_CACHE_HIT);
	  for (size_t k = 0; same && k < sizeof queries / sizeof *queries;
	       k++)
	    same = !policy_lookup (p, queries[k].function, queries[k].caller,
				   queries[k].unit)
		   == !policy_lookup (q, queries[k].function,
				      queries[k].caller, queries[k].unit);
	  _exit (same ? 0 : 1);
	}
    }
  for (int i = 0; i < N; i++)
    {
      int status;
      ck_assert (waitpid (pids[i], &status, 0) == pids[i]);
      ck_assert_msg (WIFEXITED (status) && WEXITSTATUS (status) == 0,
		     "load %d failed", i);
    }
  assert_cached_is_parsed (paths, 2, cache, POLICY_CACHE_HIT);
  ck_assert_int_eq (count_files (cache, ".hpi"), 1);
  ck_assert_int_eq (count_files (cache, ".tmp"), 0);
}
END_TEST

START_TEST (test_cache_directory_comes_from_argument_then_environment)
{
  char *d;
  setenv ("HOTINLINE_CACHE_DIR", "/env/dir", 1);
  setenv ("XDG_CACHE_HOME", "/xdg", 1);
  setenv ("HOME", "/home/u", 1);
  d = policy_cache_dir ("/arg/dir");
  ck_assert_str_eq (d, "/arg/dir");
  free (d);
  d = policy_cache_dir (NULL);
  ck_assert_str_eq (d, "/env/dir");
  free (d);
  setenv ("HOTINLINE_CACHE_DIR", "", 1);
  ck_assert_ptr_null (policy_cache_dir (NULL));
  unsetenv ("HOTINLINE_CACHE_DIR");
  d = policy_cache_dir (NULL);
  ck_assert_str_eq (d, "/xdg/hotinline");
  free (d);
  /* A relative XDG_CACHE_HOME is to be ignored, by the XDG rules.  */
  setenv ("XDG_CACHE_HOME", "relative", 1);
  d = policy_cache_dir (NULL);
  ck_assert_str_eq (d, "/home/u/.cache/hotinline");
  free (d);
  unsetenv ("XDG_CACHE_HOME");
  unsetenv ("HOME");
  ck_assert_ptr_null (policy_cache_dir (NULL));
}
END_TEST

/* Locks through the arguments: one that loads adds its entries after the
   policies; one that does not is a warning and left out, the others kept;
   a policy with errors still fails, whatever the locks.  */
static const struct
{
  const char *what;
  const char *policy, *locks[2];
  size_t entries, warnings;
  bool errors;
} lock_cases[] = {
  { "a good lock", "version: 1\nfunctions:\n  - {name: f}\n",
    { "version: 1\nfunctions:\n  - {name: f, callers: g, "
      "action: always_inline}\n", NULL }, 2, 0, 0 },
  { "a lock with a typo", "version: 1\nfunctions:\n  - {name: f}\n",
    { "version: 1\nfunctions:\n  - {name: f, calers: g}\n", NULL }, 1, 1, 0 },
  { "a lock in conflict with the policy, and a good one",
    "version: 1\nfunctions:\n  - {name: f}\n",
    { "version: 1\nfunctions:\n  - {name: f, action: always_inline}\n",
      "version: 1\nfunctions:\n  - {name: h}\n" }, 2, 1, 0 },
  { "a policy with an error", "version: 1\nfunctions:\n  - {nme: f}\n",
    { "version: 1\nfunctions:\n  - {name: h}\n", NULL }, 0, 0, 1 },
};

START_TEST (test_lock_that_does_not_load_is_a_warning)
{
  struct config c;
  config_init (&c);
  ck_assert_ptr_null (config_apply (&c, "cache", path_in ("cache")));
  ck_assert_ptr_null (config_apply (&c, "policy",
				    strdup (write_file ("p.yaml",
							lock_cases[_i].policy))));
  for (int i = 0; i < 2 && lock_cases[_i].locks[i]; i++)
    ck_assert_ptr_null (config_apply (&c, "lock",
				      strdup (write_file (i ? "l1.yaml"
							    : "l0.yaml",
							  lock_cases[_i]
							  .locks[i]))));
  struct policy *p = policy_cache_load_config (&c, "test");
  ck_assert_msg ((policy_error_count (p) > 0) == (lock_cases[_i].errors > 0)
		 && policy_warning_count (p) == lock_cases[_i].warnings,
		 "%s: %zu errors, %zu warnings (%s)", lock_cases[_i].what,
		 policy_error_count (p), policy_warning_count (p),
		 policy_warning_count (p) ? policy_warning_message (p, 0)
					   : policy_error_count (p)
					     ? policy_error_message (p, 0)
					     : "");
  if (lock_cases[_i].warnings)
    ck_assert_msg (strstr (policy_warning_message (p, 0), "l0.yaml:3:")
		   && strstr (policy_warning_message (p, 0),
			      "(the lock is left out; the build goes on "
			      "without it)"),
		   "%s", policy_warning_message (p, 0));
  if (!lock_cases[_i].errors)
    ck_assert_uint_eq (policy_entry_count (p), lock_cases[_i].entries);
  policy_free (p);
  config_free (&c);
}
END_TEST

Suite *
policy_cache_suite (void)
{
  Suite *s = runner_suite ("Policy cache");
  TCase *tc = runner_tcase ("Image");
  tcase_add_checked_fixture (tc, dir_setup, dir_teardown);
  tcase_add_test (tc, test_image_gives_the_parsed_entries_and_lookups);
  tcase_add_test (tc, test_image_of_an_empty_policy_matches_nothing);
  tcase_add_test (tc, test_actions_of_parsed_and_image_policies);
  tcase_add_test (tc, test_image_for_other_sources_is_not_used);
  tcase_add_loop_test (tc, test_spoiled_image_is_refused, 0,
		       sizeof spoils / sizeof *spoils);
  tcase_add_test (tc, test_image_for_another_key_is_refused);
  tcase_add_test (tc, test_resealed_corrupt_image_is_read_in_bounds);
  tcase_set_timeout (tc, 60);
  runner_add_tcase (s, tc);

  tc = runner_tcase ("Cache");
  tcase_add_checked_fixture (tc, dir_setup, dir_teardown);
  tcase_add_test (tc, test_cold_then_warm_cache_give_the_parsed_policy);
  tcase_add_test (tc, test_edited_policy_is_a_new_key);
  tcase_add_test (tc, test_same_bytes_under_other_names_share_an_image);
  tcase_add_test (tc, test_file_named_twice_counts_once);
  tcase_add_loop_test (tc,
		       test_spoiled_stored_image_is_parsed_again_and_replaced,
		       0, sizeof spoils / sizeof *spoils);
  tcase_add_test (tc, test_policy_with_errors_is_never_stored);
  tcase_add_test (tc, test_unreadable_policy_gives_the_loader_errors);
  tcase_add_test (tc, test_missing_cache_directories_are_created);
  tcase_add_test (tc,
		  test_cache_directory_that_cannot_be_made_changes_nothing);
  tcase_add_test (tc, test_read_only_cache_directory_changes_nothing);
  tcase_add_test (tc, test_full_disk_changes_nothing_and_leaves_no_file);
  tcase_add_test (tc, test_concurrent_first_loads_all_succeed);
  tcase_add_test (tc,
		  test_cache_directory_comes_from_argument_then_environment);
  tcase_add_loop_test (tc, test_lock_that_does_not_load_is_a_warning, 0,
		       sizeof lock_cases / sizeof *lock_cases);
  runner_add_tcase (s, tc);
  return s;
}
