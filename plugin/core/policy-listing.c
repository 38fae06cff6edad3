/* Listings; see policy-listing.h.  */
#define _GNU_SOURCE
#include "policy-listing.h"

#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <unistd.h>
#include <yaml.h>

#include "policy.h"

static char message[1024];

static int
compare_names (const void *a, const void *b)
{
  return strcmp (*(char *const *) a, *(char *const *) b);
}

/* Emit a plain or double-quoted scalar.  */
static bool
emit_scalar (yaml_emitter_t *em, const char *text, bool quoted)
{
  yaml_event_t ev;
  return yaml_scalar_event_initialize (&ev, NULL, NULL, (yaml_char_t *) text,
				       (int) strlen (text), 1, 1,
				       quoted ? YAML_DOUBLE_QUOTED_SCALAR_STYLE
					      : YAML_PLAIN_SCALAR_STYLE)
	 && yaml_emitter_emit (em, &ev);
}

/* Write the policy of NAMES (sorted, each once) to F with libyaml's
   emitter, which quotes and escapes.  */
static bool
write_policy (FILE *f, char *const *names, size_t n, const char *attribute)
{
  fprintf (f, "# Functions marked %s in the source, listed by hotinline.\n",
	   attribute);
  yaml_emitter_t em;
  yaml_event_t ev;
  if (!yaml_emitter_initialize (&em))
    return false;
  yaml_emitter_set_output_file (&em, f);
  yaml_emitter_set_unicode (&em, 1);
  yaml_emitter_set_width (&em, -1);
  bool ok = yaml_stream_start_event_initialize (&ev, YAML_UTF8_ENCODING)
	    && yaml_emitter_emit (&em, &ev)
	    && yaml_document_start_event_initialize (&ev, NULL, NULL, NULL, 1)
	    && yaml_emitter_emit (&em, &ev)
	    && yaml_mapping_start_event_initialize (&ev, NULL, NULL, 1,
						    YAML_BLOCK_MAPPING_STYLE)
	    && yaml_emitter_emit (&em, &ev)
	    && emit_scalar (&em, "version", false)
	    && emit_scalar (&em, "1", false)
	    && emit_scalar (&em, "functions", false)
	    && yaml_sequence_start_event_initialize (&ev, NULL, NULL, 1,
						     YAML_BLOCK_SEQUENCE_STYLE)
	    && yaml_emitter_emit (&em, &ev);
  for (size_t i = 0; ok && i < n; i++)
    ok = yaml_mapping_start_event_initialize (&ev, NULL, NULL, 1,
					      YAML_FLOW_MAPPING_STYLE)
	 && yaml_emitter_emit (&em, &ev)
	 && emit_scalar (&em, "name", false)
	 && emit_scalar (&em, names[i], true)
	 && emit_scalar (&em, "action", false)
	 && emit_scalar (&em, "always_inline", false)
	 && yaml_mapping_end_event_initialize (&ev)
	 && yaml_emitter_emit (&em, &ev);
  ok = ok && yaml_sequence_end_event_initialize (&ev)
       && yaml_emitter_emit (&em, &ev)
       && yaml_mapping_end_event_initialize (&ev)
       && yaml_emitter_emit (&em, &ev)
       && yaml_document_end_event_initialize (&ev, 1)
       && yaml_emitter_emit (&em, &ev)
       && yaml_stream_end_event_initialize (&ev)
       && yaml_emitter_emit (&em, &ev) && yaml_emitter_flush (&em);
  yaml_emitter_delete (&em);
  return ok;
}

/* NAMES (N of them) with the entries of the listing already at PATH,
   sorted, each once, in *ALL (malloc'd) and *N_ALL; false when PATH is
   no policy.  */
static bool
merged (const char *path, char **names, size_t n, char ***all,
	size_t *n_all)
{
  struct policy *earlier = NULL;
  size_t n_earlier = 0;
  if (access (path, F_OK) == 0)
    {
      earlier = policy_new ();
      if (!policy_load_file (earlier, path))
	{
	  snprintf (message, sizeof message, "the listing '%s' is not a "
		    "policy this unit can add to (%s); remove it to start "
		    "afresh", path, policy_error_message (earlier, 0));
	  policy_free (earlier);
	  return false;
	}
      n_earlier = policy_entry_count (earlier);
    }
  char **v = malloc ((n + n_earlier + 1) * sizeof *v);
  if (!v)
    abort ();
  if (n)
    memcpy (v, names, n * sizeof *v);
  for (size_t i = 0; i < n_earlier; i++)
    if (!(v[n + i] = strdup (policy_entry_at (earlier, i)->name.text)))
      abort ();
  if (earlier)
    policy_free (earlier);
  size_t total = n + n_earlier, kept = 0;
  qsort (v, total, sizeof *v, compare_names);
  for (size_t i = 0; i < total; i++)
    if (kept && strcmp (v[kept - 1], v[i]) == 0)
      free (v[i]);
    else
      v[kept++] = v[i];
  *all = v;
  *n_all = kept;
  return true;
}

const char *
policy_listing_merge (const char *path, char **names, size_t n,
		      const char *attribute)
{
  char *lock_path = NULL;
  if (asprintf (&lock_path, "%s.lock", path) < 0)
    abort ();
  int lock = open (lock_path, O_RDWR | O_CREAT | O_CLOEXEC, 0666);
  if (lock < 0 || flock (lock, LOCK_EX) != 0)
    {
      snprintf (message, sizeof message, "cannot lock '%s' for the "
		"listing: %s", lock_path, strerror (errno));
      if (lock >= 0)
	close (lock);
      free (lock_path);
      for (size_t i = 0; i < n; i++)
	free (names[i]);
      return message;
    }
  free (lock_path);
  char **all;
  size_t n_all;
  if (!merged (path, names, n, &all, &n_all))
    {
      for (size_t i = 0; i < n; i++)
	free (names[i]);
      close (lock);
      return message;
    }
  const char *problem = NULL;
  char *tmp = NULL;
  if (asprintf (&tmp, "%s.%ld.tmp", path, (long) getpid ()) < 0)
    abort ();
  FILE *f = fopen (tmp, "w");
  bool ok = f && write_policy (f, all, n_all, attribute);
  int err = errno;
  if (f && fclose (f) != 0)
    {
      ok = false;
      err = errno;
    }
  if (ok && rename (tmp, path) != 0)
    {
      ok = false;
      err = errno;
    }
  if (!ok)
    {
      snprintf (message, sizeof message, "cannot write the listing '%s': "
		"%s", path, strerror (err));
      problem = message;
      unlink (tmp);
    }
  free (tmp);
  for (size_t i = 0; i < n_all; i++)
    free (all[i]);
  free (all);
  flock (lock, LOCK_UN);
  close (lock);
  return problem;
}
