/* A compiled policy: the entries of a loaded policy and their lookup index
   in one flat, position-independent block of bytes, which the policy cache
   stores in a file and later compilations map and use in place.  Every
   policy answers its lookups through an image, whether it was just parsed
   or mapped from the cache, so both give the same answers by construction.

   Format (version POLICY_IMAGE_FORMAT; integers in the byte order of the
   machine that wrote it, which the header records):

     header      152 bytes: at 0 the magic "HOTINPI\0", at 8 a byte-order
                 mark (0x01020304), at 12 the format, at 16 the plugin's
                 version (16 bytes), at 32 the image's total size, at 40
                 the cache key (128 bits), at 56 the XXH3-64 checksum of
                 everything after the header; then counts and offsets
                 of the sections
     entries     struct image_entry[n_entries], in policy order
     patterns    struct image_pattern[n_patterns]: each entry's name, then
                 its files, then its callers
     exact       struct image_key[n_exact]: XXH3-64 of each exact name and
                 its entry, sorted by (hash, entry)
     globs       struct image_key[n_globs]: each glob under the hash of its
                 literal prefix (or, without one, of its literal suffix),
                 cut to POLICY_IMAGE_KEY_MAX bytes, sorted likewise
     anywhere    uint32_t[n_anywhere]: globs with neither, in policy order
     strings     NUL-terminated pattern texts and reasons

   A name not in the policy costs one binary search of "exact" and one of
   "globs" per distinct key length present (the header's masks), however
   many entries and globs there are; a sorted array is used rather than a
   hash table because it can be read in place, without building anything
   at load time.  */
#ifndef HOTINLINE_POLICY_IMAGE_H
#define HOTINLINE_POLICY_IMAGE_H

#include <stdint.h>

#include "policy.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Bumped whenever the layout or the meaning of a field changes.  */
#define POLICY_IMAGE_FORMAT 3u

/* The longest literal prefix or suffix a glob is indexed under.  */
#define POLICY_IMAGE_KEY_MAX 8u

/* The cache key of a set of policy files, stored in the header.  */
struct policy_image_key
{
  uint64_t lo, hi;
};

/* Compile ENTRIES[0..N_ENTRIES), in policy order, into a new image
   (malloc'd; its size in *SIZE).  SOURCES[0..N_SOURCES) name the files the
   entries come from; an entry's file is stored as its index there.
   VERSION is the plugin's.  NULL when an entry comes from a file not in
   SOURCES or the entries are too many for the format.  */
void *policy_image_build (const struct policy_entry *const *entries,
			  size_t n_entries,
			  const char *const *sources, size_t n_sources,
			  const char *version,
			  const struct policy_image_key *key, size_t *size);

/* Whether DATA[0..SIZE) is a sound image written by this VERSION for KEY
   (any key when NULL): NULL when it is, otherwise why not.  */
const char *policy_image_check (const void *data, size_t size,
				const char *version,
				const struct policy_image_key *key);

/* A policy and its image (policy.c, above the image).  */

/* policy_image_build for the entries of POLICY.  */
void *policy_compile (const struct policy *policy,
		      const char *const *sources, size_t n_sources,
		      const char *version,
		      const struct policy_image_key *key, size_t *size);

/* Make the empty POLICY answer from the checked image DATA[0..SIZE), used
   in place; its entries are built only when looked at.  Source I of the
   image is the file SOURCES[I] (copied).  RELEASE (DATA, SIZE) is called
   when the policy is freed.  False, and POLICY untouched, when the image
   does not name N_SOURCES files.  */
bool policy_use_image (struct policy *policy, const void *data, size_t size,
		       const char *const *sources, size_t n_sources,
		       void (*release) (const void *, size_t));

/* Recompute the checksum of the image DATA[0..SIZE) after changing it:
   for the tests and the fuzzer, which check that an image with a correct
   checksum and wrong contents is still never read out of bounds.  */
void policy_image_reseal (void *data, size_t size);

/* Let the parsed POLICY answer its lookups from IMAGE[0..SIZE), built
   from it by policy_image_build, instead of building its own; the policy
   frees it.  */
void policy_set_index (struct policy *policy, void *image, size_t size);

/* The index, for policy.c.  */

struct policy_index;

/* An index over the image DATA (which must outlive it); OWNS_DATA: free
   DATA with the index.  */
struct policy_index *policy_index_new (const void *data, size_t size,
				       bool owns_data);
void policy_index_free (struct policy_index *);
size_t policy_index_entry_count (const struct policy_index *);

/* The position in policy order of the entry that governs FUNCTION[0..LEN)
   as policy_lookup defines it, or SIZE_MAX.  ENTRY (INDEX, DATA) gives the
   entry object the scope checks look at.  */
size_t policy_index_lookup (const struct policy_index *, const char *function,
			    size_t len, const char *caller, size_t caller_len,
			    const char *unit,
			    const struct policy_entry *(*entry) (size_t,
								 void *),
			    void *data);

/* Whether any entry's action is ACTION, without building the entries.  */
bool policy_index_has_action (const struct policy_index *,
			      enum policy_action action);

/* Whether any entry's name matches FUNCTION[0..LEN).  */
bool policy_index_mentions (const struct policy_index *, const char *function,
			    size_t len);

/* Entry INDEX built from the image, its strings pointing into it; FILES
   gives the file of each source.  Freed with policy_index_entry_free.  */
struct policy_entry *policy_index_entry (const struct policy_index *,
					 size_t index,
					 const char *const *files,
					 size_t n_files);
void policy_index_entry_free (struct policy_entry *);

/* How many files the image's entries come from.  */
size_t policy_index_source_count (const struct policy_index *);

#ifdef __cplusplus
}
#endif

#endif /* HOTINLINE_POLICY_IMAGE_H */
