/* The compiled policy cache: keys, reading and writing images.  */
#include "policy-cache.h"
#include "config.h"
#include "policy-image.h"
#include "policy-internal.h"

#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#define XXH_INLINE_ALL
#include <xxhash.h>

/* One policy file's bytes, read before parsing so that the bytes hashed
   are the bytes parsed.  */
struct source
{
  const char *path;
  char *data;
  size_t size;
  dev_t dev;
  ino_t ino;
  bool duplicate;		/* Same file as an earlier path.  */
};

/* Read PATH whole into S, quietly: any problem is for policy_load_file to
   report, in its own words.  */
static bool
read_source (const char *path, struct source *s)
{
  struct stat st;
  memset (s, 0, sizeof *s);
  s->path = path;
  int fd = open (path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
  if (fd < 0)
    return false;
  if (fstat (fd, &st) != 0 || !S_ISREG (st.st_mode)
      || (unsigned long long) st.st_size > POLICY_MAX_FILE_SIZE)
    {
      close (fd);
      return false;
    }
  s->dev = st.st_dev;
  s->ino = st.st_ino;
  size_t cap = (size_t) st.st_size + 1;
  s->data = malloc (cap);
  if (!s->data)
    abort ();
  while (s->size < cap)
    {
      ssize_t got = read (fd, s->data + s->size, cap - s->size);
      if (got < 0 && errno == EINTR)
	continue;
      if (got <= 0)
	break;
      s->size += (size_t) got;
    }
  close (fd);
  return s->size == (size_t) st.st_size;
}

static void
free_sources (struct source *s, size_t n)
{
  for (size_t i = 0; i < n; i++)
    free (s[i].data);
  free (s);
}

/* Read every file; NULL when one cannot be read.  */
static struct source *
read_sources (const char *const *paths, size_t n)
{
  struct source *s = calloc (n + 1, sizeof *s);
  if (!s)
    abort ();
  for (size_t i = 0; i < n; i++)
    {
      if (!read_source (paths[i], &s[i]))
	{
	  free_sources (s, i + 1);
	  return NULL;
	}
      for (size_t j = 0; j < i; j++)
	if (!s[j].duplicate && s[j].dev == s[i].dev && s[j].ino == s[i].ino)
	  s[i].duplicate = true;
    }
  return s;
}

static void
key_start (XXH3_state_t *st, const char *version)
{
  uint64_t head[2] = { POLICY_IMAGE_FORMAT, strlen (version) };
  XXH3_128bits_reset (st);
  XXH3_128bits_update (st, "hotinline policy image", 22);
  XXH3_128bits_update (st, head, sizeof head);
  XXH3_128bits_update (st, version, strlen (version));
}

static struct policy_image_key
key_end (XXH3_state_t *st)
{
  XXH128_hash_t h = XXH3_128bits_digest (st);
  struct policy_image_key k = { h.low64, h.high64 };
  return k;
}

/* The key: the image format, the plugin's version and the bytes of each
   distinct file in order, each preceded by its length.  */
static struct policy_image_key
key_of (const struct source *s, size_t n, const char *version)
{
  XXH3_state_t st;
  key_start (&st, version);
  for (size_t i = 0; i < n; i++)
    if (!s[i].duplicate)
      {
	uint64_t size = s[i].size;
	XXH3_128bits_update (&st, &size, sizeof size);
	XXH3_128bits_update (&st, s[i].data, s[i].size);
      }
  return key_end (&st);
}

/* The same key, read through a small buffer: a compilation that finds its
   image never holds the policy files in memory.  The names of the
   distinct files go to NAMES.  False when a file cannot be read.  */
static bool
key_of_files (const char *const *paths, size_t n, const char *version,
	      struct policy_image_key *key, const char **names,
	      size_t *n_names)
{
  XXH3_state_t st;
  struct { dev_t dev; ino_t ino; } seen[16] = { { 0, 0 } };
  char buf[1 << 16];
  key_start (&st, version);
  *n_names = 0;
  /* Larger sets are rare: they take the whole-file path.  */
  if (n > sizeof seen / sizeof *seen)
    return false;
  for (size_t i = 0; i < n; i++)
    {
      struct stat sb;
      int fd = open (paths[i], O_RDONLY | O_NONBLOCK | O_CLOEXEC);
      if (fd < 0)
	return false;
      if (fstat (fd, &sb) != 0 || !S_ISREG (sb.st_mode)
	  || (unsigned long long) sb.st_size > POLICY_MAX_FILE_SIZE)
	{
	  close (fd);
	  return false;
	}
      bool dup = false;
      for (size_t j = 0; j < *n_names; j++)
	dup |= seen[j].dev == sb.st_dev && seen[j].ino == sb.st_ino;
      if (dup)
	{
	  close (fd);
	  continue;
	}
      seen[*n_names].dev = sb.st_dev;
      seen[*n_names].ino = sb.st_ino;
      names[(*n_names)++] = paths[i];
      uint64_t size = (uint64_t) sb.st_size, got_total = 0;
      XXH3_128bits_update (&st, &size, sizeof size);
      for (;;)
	{
	  ssize_t got = read (fd, buf, sizeof buf);
	  if (got < 0 && errno == EINTR)
	    continue;
	  if (got <= 0)
	    break;
	  XXH3_128bits_update (&st, buf, (size_t) got);
	  got_total += (uint64_t) got;
	}
      close (fd);
      if (got_total != size)
	return false;
    }
  *key = key_end (&st);
  return true;
}

static char *
image_path (const char *dir, const struct policy_image_key *k)
{
  size_t n = strlen (dir) + 64;
  char *path = malloc (n);
  if (!path)
    abort ();
  snprintf (path, n, "%s/%016llx%016llx.hpi", dir,
	    (unsigned long long) k->hi, (unsigned long long) k->lo);
  return path;
}

static void
unmap (const void *data, size_t size)
{
  munmap ((void *) data, size);
}

/* Map the image at PATH and make POLICY use it; false when there is no
   sound image for KEY there.  */
static bool
use_stored (struct policy *policy, const char *path, const char *version,
	    const struct policy_image_key *key, const char *const *names,
	    size_t n_names)
{
  struct stat st;
  int fd = open (path, O_RDONLY | O_CLOEXEC);
  if (fd < 0)
    return false;
  if (fstat (fd, &st) != 0 || !S_ISREG (st.st_mode) || st.st_size <= 0
      || (unsigned long long) st.st_size > SIZE_MAX)
    {
      close (fd);
      return false;
    }
  size_t size = (size_t) st.st_size;
  void *data = mmap (NULL, size, PROT_READ, MAP_PRIVATE, fd, 0);
  close (fd);
  if (data == MAP_FAILED)
    return false;
  if (policy_image_check (data, size, version, key)
      || !policy_use_image (policy, data, size, names, n_names, unmap))
    {
      munmap (data, size);
      return false;
    }
  return true;
}

/* Create DIR and its missing parents.  */
static bool
make_dirs (const char *dir)
{
  struct stat st;
  if (stat (dir, &st) == 0)
    return S_ISDIR (st.st_mode);
  char *copy = strdup (dir);
  if (!copy)
    abort ();
  for (char *s = copy + 1; *s; s++)
    if (*s == '/')
      {
	*s = '\0';
	mkdir (copy, 0777);
	*s = '/';
      }
  bool ok = mkdir (copy, 0777) == 0 || errno == EEXIST;
  free (copy);
  return ok;
}

static bool
write_all (int fd, const void *data, size_t size)
{
  const char *p = data;
  while (size > 0)
    {
      ssize_t put = write (fd, p, size);
      if (put < 0 && errno == EINTR)
	continue;
      if (put <= 0)
	return false;
      p += put;
      size -= (size_t) put;
    }
  return true;
}

/* Store IMAGE at PATH: written under a name of this process's own, then
   renamed, so that a reader or another writer never sees it half
   written.  */
static bool
store (const char *dir, const char *path, const void *image, size_t size)
{
  if (!make_dirs (dir))
    return false;
  size_t n = strlen (path) + 48;
  char *tmp = malloc (n);
  if (!tmp)
    abort ();
  snprintf (tmp, n, "%s.%ld.tmp", path, (long) getpid ());
  int fd = open (tmp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
  bool ok = fd >= 0;
  if (ok)
    {
      ok = write_all (fd, image, size);
      ok &= close (fd) == 0;
      ok = ok && rename (tmp, path) == 0;
      if (!ok)
	unlink (tmp);
    }
  free (tmp);
  return ok;
}

/* Parse PATHS into POLICY from the bytes of SRC, as policy_load_file
   would, and store the image under the key of those bytes.  */
static void
parse_and_store (struct policy *policy, const char *const *paths, size_t n,
		 const struct source *src, const char *cache_dir,
		 const char *version, enum policy_cache_outcome *outcome)
{
  for (size_t i = 0; i < n; i++)
    {
      policy_intern_file (policy, paths[i]);
      if (src[i].duplicate
	  || !policy_note_loaded (policy, (unsigned long long) src[i].dev,
				  (unsigned long long) src[i].ino))
	continue;
      policy_load_buffer (policy, paths[i], src[i].data, src[i].size);
    }
  *outcome = POLICY_CACHE_BYPASSED;
  if (policy_error_count (policy) != 0)
    return;

  const char **names = calloc (n + 1, sizeof *names);
  if (!names)
    abort ();
  size_t n_names = 0;
  for (size_t i = 0; i < n; i++)
    if (!src[i].duplicate)
      names[n_names++] = paths[i];
  /* The key of the bytes parsed, whatever the files hold by now.  */
  struct policy_image_key key = key_of (src, n, version);
  size_t size;
  void *image = policy_compile (policy, names, n_names, version, &key,
				&size);
  free (names);
  if (!image)
    return;
  char *path = image_path (cache_dir, &key);
  *outcome = store (cache_dir, path, image, size) ? POLICY_CACHE_STORED
						  : POLICY_CACHE_NOT_STORED;
  free (path);
  /* The image just built answers this compilation's lookups too.  */
  policy_set_index (policy, image, size);
}

bool
policy_cache_load (struct policy *policy, const char *const *paths, size_t n,
		   const char *cache_dir, const char *version,
		   enum policy_cache_outcome *outcome)
{
  enum policy_cache_outcome dummy;
  if (!outcome)
    outcome = &dummy;
  *outcome = POLICY_CACHE_UNUSED;

  if (cache_dir)
    {
      /* The image's sources are the distinct files, each named by the
	 first path that gives it, as the loader names it.  */
      const char **names = calloc (n + 1, sizeof *names);
      if (!names)
	abort ();
      size_t n_names;
      struct policy_image_key key;
      bool hit = false;
      if (key_of_files (paths, n, version, &key, names, &n_names))
	{
	  char *path = image_path (cache_dir, &key);
	  hit = use_stored (policy, path, version, &key, names, n_names);
	  free (path);
	}
      free (names);
      if (hit)
	{
	  *outcome = POLICY_CACHE_HIT;
	  return true;
	}
    }

  struct source *src = cache_dir ? read_sources (paths, n) : NULL;
  if (!src)
    {
      /* No cache, or a file that cannot be read: the loader says why.  */
      if (cache_dir)
	*outcome = POLICY_CACHE_BYPASSED;
      for (size_t i = 0; i < n; i++)
	policy_load_file (policy, paths[i]);
      return policy_error_count (policy) == 0;
    }
  parse_and_store (policy, paths, n, src, cache_dir, version, outcome);
  free_sources (src, n);
  return policy_error_count (policy) == 0;
}

char *
policy_cache_dir (const char *arg)
{
  const char *env = getenv ("HOTINLINE_CACHE_DIR");
  const char *base = NULL, *sub = NULL;
  if (arg)
    base = arg;
  else if (env)
    {
      if (!*env)
	return NULL;
      base = env;
    }
  else if ((env = getenv ("XDG_CACHE_HOME")) && *env == '/')
    base = env, sub = "hotinline";
  else if ((env = getenv ("HOME")) && *env)
    base = env, sub = ".cache/hotinline";
  else
    return NULL;

  size_t n = strlen (base) + (sub ? strlen (sub) + 1 : 0) + 1;
  char *dir = malloc (n);
  if (!dir)
    abort ();
  snprintf (dir, n, "%s%s%s", base, sub ? "/" : "", sub ? sub : "");
  return dir;
}

char *
policy_cache_image_path (const char *const *paths, size_t n,
			 const char *cache_dir, const char *version)
{
  struct source *src = read_sources (paths, n);
  if (!src)
    return NULL;
  struct policy_image_key key = key_of (src, n, version);
  free_sources (src, n);
  return image_path (cache_dir, &key);
}

/* Whether the policy files PATHS[0..N) load together without errors.  */
static bool
loads_cleanly (const char *const *paths, size_t n)
{
  struct policy *p = policy_new ();
  for (size_t i = 0; i < n; i++)
    policy_load_file (p, paths[i]);
  bool ok = policy_error_count (p) == 0;
  policy_free (p);
  return ok;
}

/* The locks of CONFIG that load beside its policies and the locks before
   them, appended to PATHS (which holds the policies, N of them); each one
   left out is a warning in POLICY, with the loader's first error.  A lock
   comes from a build and may be out of date or edited by hand: it must not
   fail a build that passes without it.  */
static size_t
add_usable_locks (struct policy *policy, const struct config *config,
		  const char **paths, size_t n)
{
  for (size_t i = 0; i < config->n_locks; i++)
    {
      paths[n] = config->locks[i];
      if (loads_cleanly (paths, n + 1))
	{
	  n++;
	  continue;
	}
      struct policy *p = policy_new ();
      for (size_t k = 0; k <= n; k++)
	policy_load_file (p, paths[k]);
      const char *why = policy_error_message (p, 0);
      size_t len = strlen (why) + 64;
      char *msg = malloc (len);
      if (!msg)
	abort ();
      snprintf (msg, len, "%s (the lock is left out; the build goes on "
		"without it)", why);
      policy_add_warning (policy, msg);
      free (msg);
      policy_free (p);
    }
  return n;
}

/* Load PATHS[0..N) into a new policy through CONFIG's cache.  */
static struct policy *
load_through_cache (const struct config *config, const char *const *paths,
		    size_t n, const char *version)
{
  struct policy *policy = policy_new ();
  char *cache = config->no_cache || n == 0
		? NULL : policy_cache_dir (config->cache_dir);
  policy_cache_load (policy, paths, n, cache, version, NULL);
  free (cache);
  return policy;
}

struct policy *
policy_cache_load_config (const struct config *config, const char *version)
{
  size_t n = config->n_policies;
  const char **paths = malloc ((n + config->n_locks + 1) * sizeof *paths);
  if (!paths)
    abort ();
  for (size_t i = 0; i < n; i++)
    paths[i] = config->policies[i];
  for (size_t i = 0; i < config->n_locks; i++)
    paths[n + i] = config->locks[i];
  struct policy *policy = load_through_cache (config, paths,
					      n + config->n_locks, version);
  /* The locks are looked at one by one only when the whole does not load
     and the policies alone do: the usual build pays for one load.  When
     the policies have errors, those are the errors.  */
  if (config->n_locks && policy_error_count (policy) > 0)
    {
      policy_free (policy);
      struct policy *warnings = policy_new ();
      if (loads_cleanly (paths, n))
	n = add_usable_locks (warnings, config, paths, n);
      policy = load_through_cache (config, paths, n, version);
      for (size_t i = 0; i < policy_warning_count (warnings); i++)
	policy_add_warning (policy, policy_warning_message (warnings, i));
      policy_free (warnings);
    }
  free (paths);
  return policy;
}

struct policy *
policy_cache_load_only (const struct config *config, const char *version)
{
  if (!config->disregard_only)
    return NULL;
  return load_through_cache (config, &config->disregard_only, 1, version);
}
