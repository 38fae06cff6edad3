/* Listing: the functions the source marks always_inline (or another
   attribute) added to a policy file as always_inline entries, in the
   spelling the plugin matches, so that a project can move its annotations
   into a policy.  The units of a parallel build add to one file in turn,
   under a lock; the file stays a sorted policy with each name once.  */
#include "gcc-compat.h"

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>
#include <yaml.h>

#include "cxx-names.h"
#include "hotinline.h"

/* ATTR as GCC stores attribute names: "__always_inline__" is
   "always_inline".  */
static char *
attribute_name (const char *attr)
{
  size_t len = strlen (attr);
  if (len > 4 && strncmp (attr, "__", 2) == 0
      && strcmp (attr + len - 2, "__") == 0)
    return xstrndup (attr + 2, len - 4);
  return xstrdup (attr);
}

/* Into NAMES, the listing names of the functions of this unit that carry
   the attribute.  */
static void
collect_marked (vec<char *> *names)
{
  char *attr = attribute_name (hot_config.list_attribute);
  cgraph_node *node;
  FOR_EACH_FUNCTION (node)
    if (!node->alias && !node->thunk && DECL_NAME (node->decl)
	&& lookup_attribute (attr, DECL_ATTRIBUTES (node->decl)))
      {
	/* Escaped: a name is an entry that names its function only.  */
	char *name = hot_listing_name (node->decl, hot_config.list_by_name);
	char *escaped = cxx_name_escape_globs (name);
	if (!escaped)
	  abort ();
	names->safe_push (escaped);
	free (name);
      }
  free (attr);
}

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
write_policy (FILE *f, const vec<char *> &names)
{
  fprintf (f, "# Functions marked %s in the source, listed by hotinline.\n",
	   hot_config.list_attribute);
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
  for (unsigned i = 0; ok && i < names.length (); i++)
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

/* Add NAMES to the listing in PATH: read what earlier units wrote, merge,
   write it back whole under a temporary name and rename it, all under a
   lock on PATH.lock.  A problem is a warning: a listing never fails a
   build.  */
static void
merge_into (const char *path, vec<char *> *names)
{
  char *lock_path = concat (path, ".lock", NULL);
  int lock = open (lock_path, O_RDWR | O_CREAT | O_CLOEXEC, 0666);
  if (lock < 0 || flock (lock, LOCK_EX) != 0)
    {
      hot_warn_only (UNKNOWN_LOCATION, "cannot lock %qs for the listing: "
		     "%m [hotinline]", lock_path);
      if (lock >= 0)
	close (lock);
      free (lock_path);
      return;
    }
  if (access (path, F_OK) == 0)
    {
      struct policy *earlier = policy_new ();
      if (!policy_load_file (earlier, path))
	{
	  hot_warn_only (UNKNOWN_LOCATION, "the listing %qs is not a policy "
			 "this unit can add to (%s); remove it to start "
			 "afresh [hotinline]", path,
			 policy_error_message (earlier, 0));
	  policy_free (earlier);
	  close (lock);
	  free (lock_path);
	  return;
	}
      for (size_t i = 0; i < policy_entry_count (earlier); i++)
	names->safe_push (xstrdup (policy_entry_at (earlier, i)->name.text));
      policy_free (earlier);
    }
  names->qsort (compare_names);
  unsigned kept = 0;
  for (unsigned i = 0; i < names->length (); i++)
    if (kept && strcmp ((*names)[kept - 1], (*names)[i]) == 0)
      free ((*names)[i]);
    else
      (*names)[kept++] = (*names)[i];
  names->truncate (kept);

  char *tmp = xasprintf ("%s.%ld.tmp", path, (long) getpid ());
  FILE *f = fopen (tmp, "w");
  bool ok = f && write_policy (f, *names);
  if (f && fclose (f) != 0)
    ok = false;
  if (!ok || rename (tmp, path) != 0)
    {
      hot_warn_only (UNKNOWN_LOCATION, "cannot write the listing %qs: %m "
		     "[hotinline]", path);
      unlink (tmp);
    }
  free (tmp);
  flock (lock, LOCK_UN);
  close (lock);
  free (lock_path);
}

/* Before the IPA passes, when every function of the unit is known and
   none has been inlined or cloned yet.  */
static void
list_marked_functions (void *, void *)
{
  if (seen_error ())
    return;
  auto_vec<char *> names;
  collect_marked (&names);
  merge_into (hot_config.list_file, &names);
  for (char *name : names)
    free (name);
}

void
listing_register (const char *plugin_name)
{
  if (hot_config.list_file)
    register_callback (plugin_name, PLUGIN_ALL_IPA_PASSES_START,
		       list_marked_functions, NULL);
}
