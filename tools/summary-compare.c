/* hotinline-summary's comparison of two builds: their hot calls matched
   by identity (summary-calls.h), never by line, and what each match says
   (summary-compare.h).  */
#define _GNU_SOURCE
#include <fnmatch.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "policy.h"
#include "summary-calls.h"
#include "summary-compare.h"
#include "summary-lock.h"
#include "summary-sites.h"

bool
accepted_parse (const char *text, struct accepted *a)
{
  const char *arrow = strstr (text, " -> ");
  if (!arrow || arrow == text)
    return false;
  const char *caller = arrow + 4;
  const char *colon = strstr (caller, ": ");
  if (!colon || colon == caller)
    return false;
  const char *reason = colon + 2;
  while (*reason == ' ')
    reason++;
  if (!*reason)
    return false;
  a->callee = strndup (text, arrow - text);
  a->caller = strndup (caller, colon - caller);
  a->reason = strdup (reason);
  return true;
}

/* The source of a unit id ("source\noutput"), malloc'd.  */
static char *
unit_source (const char *uid)
{
  const char *nl = strchr (uid, '\n');
  return strndup (uid, nl ? (size_t) (nl - uid) : strlen (uid));
}

static long long
count_of (json_t *counts, const char *key)
{
  return results_num (counts, key, 0);
}

/* The units of PLACE as their sources, sorted and distinct, of those in
   UIDS (NULL: all).  */
static json_t *
unit_list (json_t *place, json_t *uids)
{
  json_t *set = json_object ();
  const char *uid;
  json_t *counts;
  json_object_foreach (json_object_get (place, "units"), uid, counts)
    if (!uids || json_object_get (uids, uid))
      {
	char *src = unit_source (uid);
	json_object_set_new (set, src, json_true ());
	free (src);
      }
  size_t n;
  char **keys = sorted_keys (set, &n);
  json_t *list = json_array ();
  for (size_t i = 0; i < n; i++)
    {
      json_array_append_new (list, json_string (keys[i]));
      free (keys[i]);
    }
  free (keys);
  json_decref (set);
  return list;
}

/* A finding at NEW_PLACE of GROUP, of KIND, from its first call left.  */
static json_t *
finding_at (const char *kind, json_t *group, json_t *place)
{
  json_t *left = json_object_get (place, "left");
  char fp[33];
  calls_fingerprint (results_str (group, "file"), results_str (group,
							       "caller"),
		     results_str (group, "callee"),
		     results_num (place, "ordinal", 0), fp);
  json_t *f = json_pack ("{s:s, s:s, s:s, s:I, s:I, s:s, s:s, s:I, s:s, "
			 "s:s, s:s}", "kind", kind,
			 "file", results_str (group, "file"),
			 "path", results_str (place, "path"),
			 "line", (json_int_t) results_num (place, "line", 0),
			 "column", (json_int_t) results_num (place, "column",
							     0),
			 "caller", results_str (group, "caller"),
			 "callee", results_str (group, "callee"),
			 "ordinal", (json_int_t) results_num (place, "ordinal",
							      0),
			 "fingerprint", fp,
			 "reason", results_str (left, "reason"),
			 "severity", json_object_get (left, "severity")
			 ? results_str (left, "severity") : "warning");
  if (json_object_get (left, "hint") && results_str (left, "hint")[0])
    json_object_set_new (f, "hint", json_string (results_str (left,
							       "hint")));
  return f;
}

/* Order findings by path, line, column, callee and caller.  */
static int
compare_findings (const void *a, const void *b)
{
  json_t *x = *(json_t *const *) a, *y = *(json_t *const *) b;
  int c = strcmp (results_str (x, "path"), results_str (y, "path"));
  if (c)
    return c;
  long long d = results_num (x, "line", 0) - results_num (y, "line", 0);
  if (!d)
    d = results_num (x, "column", 0) - results_num (y, "column", 0);
  if (d)
    return d < 0 ? -1 : 1;
  if ((c = strcmp (results_str (x, "callee"), results_str (y, "callee"))))
    return c;
  return strcmp (results_str (x, "caller"), results_str (y, "caller"));
}

static void
sort_findings (json_t *list)
{
  size_t n = json_array_size (list);
  json_t **v = calloc (n + 1, sizeof *v);
  for (size_t i = 0; i < n; i++)
    v[i] = json_incref (json_array_get (list, i));
  qsort (v, n, sizeof *v, compare_findings);
  json_array_clear (list);
  for (size_t i = 0; i < n; i++)
    json_array_append_new (list, v[i]);
  free (v);
}

json_t *
build_findings (struct build *b)
{
  json_t *list = json_array ();
  const char *gkey;
  json_t *group;
  json_object_foreach (b->calls, gkey, group)
    {
      json_t *order = json_object_get (group, "order");
      for (size_t k = 0; k < json_array_size (order); k++)
	{
	  json_t *place = json_array_get (order, k);
	  if (!json_object_get (place, "left"))
	    continue;
	  json_t *f = finding_at ("declined", group, place);
	  json_object_set_new (f, "units", unit_list (place, NULL));
	  json_array_append_new (list, f);
	}
    }
  sort_findings (list);
  return list;
}

/* The unit of OLD_UNITS that is NEW_UID's: the same id, else the one
   unit with the same source when each side has one (objects written
   elsewhere); NULL when none.  */
static json_t *
same_unit (json_t *old_units, json_t *new_units, const char *new_uid,
	   const char **old_uid)
{
  json_t *c = json_object_get (old_units, new_uid);
  if (c)
    {
      *old_uid = new_uid;
      return c;
    }
  char *src = unit_source (new_uid);
  size_t n_new = 0, n_old = 0;
  const char *uid;
  json_t *v;
  json_object_foreach (new_units, uid, v)
    {
      char *s = unit_source (uid);
      n_new += strcmp (s, src) == 0;
      free (s);
    }
  json_object_foreach (old_units, uid, v)
    {
      char *s = unit_source (uid);
      if (strcmp (s, src) == 0)
	{
	  n_old++;
	  c = v;
	  *old_uid = uid;
	}
      free (s);
    }
  free (src);
  return n_new == 1 && n_old == 1 ? c : NULL;
}

/* How a place of NEW compares with the same call's place in OLD, per
   unit: a unit built on both sides is compared with itself (a source
   compiled twice, PIC and not, pair by pair).  The units on one side only
   (the caller moved to another unit) are compared as a pool, and only
   where OLD's inlined every call: a mix of calls inlined and left in OLD
   cannot say which unit lost one.  Returns 1 when a call inlined in OLD
   is left in NEW (*LOST: those units), -1 when a call left in OLD is
   inlined in NEW, else 0.  */
static int
compare_places (json_t *op, json_t *np, json_t *lost)
{
  json_t *ou = json_object_get (op, "units");
  json_t *nu = json_object_get (np, "units");
  long long oi_pool = 0, ni_pool = 0, nl_pool = 0, ol_pool = 0;
  bool new_pool = false, regained = false;
  json_t *pooled = json_object (), *paired = json_object ();
  const char *uid;
  json_t *nc;
  json_object_foreach (nu, uid, nc)
    {
      const char *old_uid;
      json_t *oc = same_unit (ou, nu, uid, &old_uid);
      if (!oc)
	{
	  new_pool = true;
	  ni_pool += count_of (nc, "inlined");
	  nl_pool += count_of (nc, "left");
	  if (count_of (nc, "left"))
	    json_object_set_new (pooled, uid, json_true ());
	  continue;
	}
      json_object_set_new (paired, old_uid, json_true ());
      if (count_of (nc, "left")
	  && count_of (nc, "inlined") < count_of (oc, "inlined"))
	json_object_set_new (lost, uid, json_true ());
      else if (count_of (oc, "left") && !count_of (nc, "left"))
	regained = true;
    }
  json_t *oc;
  json_object_foreach (ou, uid, oc)
    if (!json_object_get (paired, uid))
      {
	oi_pool += count_of (oc, "inlined");
	ol_pool += count_of (oc, "left");
      }
  if (oi_pool + ol_pool && new_pool)
    {
      if (nl_pool && !ol_pool && ni_pool < oi_pool)
	json_object_update (lost, pooled);
      else if (ol_pool && !nl_pool)
	regained = true;
    }
  json_decref (pooled);
  json_decref (paired);
  return json_object_size (lost) ? 1 : regained ? -1 : 0;
}

/* The key sites_finish looks a site up by (site_key's form).  */
static char *
site_key_of (json_t *group, json_t *place)
{
  return summary_format ("%s:%lld:%lld: '%s' in '%s'",
			 results_str (place, "file"),
			 results_num (place, "line", 0),
			 results_num (place, "column", 0),
			 results_str (group, "callee"),
			 results_str (group, "caller"));
}

/* Why the loss F is accepted, or NULL.  */
static char *
accepted_by (json_t *f, const struct compare_options *o)
{
  const char *callee = results_str (f, "callee");
  const char *caller = results_str (f, "caller");
  char *callee_id = lock_caller_identifier (callee);
  char *caller_id = lock_caller_identifier (caller);
  char *why = NULL;
  for (size_t i = 0; !why && i < o->n_accepts; i++)
    {
      const struct accepted *a = &o->accepts[i];
      if ((fnmatch (a->callee, callee, 0) == 0
	   || fnmatch (a->callee, callee_id, 0) == 0)
	  && (fnmatch (a->caller, caller, 0) == 0
	      || fnmatch (a->caller, caller_id, 0) == 0))
	why = summary_format ("Hot-Inline-Dropped: %s", a->reason);
    }
  if (!why && o->lock)
    {
      json_t *units = json_object_get (f, "units");
      const char *unit = json_array_size (units)
	? json_string_value (json_array_get (units, 0)) : NULL;
      const struct policy_entry *e
	= policy_lookup (o->lock, callee, caller_id, unit);
      if (!e)
	e = policy_lookup (o->lock, callee_id, caller_id, unit);
      if (!e || e->action != POLICY_ACTION_ALWAYS_INLINE)
	why = summary_format ("the lock %s no longer pins it%s%s",
			      o->lock_path, e && e->reason ? ": " : "",
			      e && e->reason ? e->reason : "");
    }
  free (callee_id);
  free (caller_id);
  return why;
}

/* The pairs of OLD's and NEW's places of two groups that hold the same
   calls: by order when both have as many, else those at the same place
   first (the code did not move) and the rest by order.  Calls F on each
   pair.  */
static void
align (json_t *og, json_t *ng, bool same_file,
       void (*f) (json_t *, json_t *, json_t *, json_t *, void *),
       void *data)
{
  json_t *oo = json_object_get (og, "order");
  json_t *no = json_object_get (ng, "order");
  size_t n_o = json_array_size (oo), n_n = json_array_size (no);
  if (n_o == n_n)
    {
      for (size_t k = 0; k < n_o; k++)
	f (og, json_array_get (oo, k), ng, json_array_get (no, k), data);
      return;
    }
  bool *used_o = calloc (n_o + 1, 1), *used_n = calloc (n_n + 1, 1);
  for (size_t j = 0; same_file && j < n_n; j++)
    for (size_t k = 0; k < n_o; k++)
      if (!used_o[k]
	  && results_num (json_array_get (oo, k), "line", 0)
	     == results_num (json_array_get (no, j), "line", 0)
	  && results_num (json_array_get (oo, k), "column", 0)
	     == results_num (json_array_get (no, j), "column", 0))
	{
	  used_o[k] = used_n[j] = true;
	  f (og, json_array_get (oo, k), ng, json_array_get (no, j), data);
	  break;
	}
  for (size_t j = 0, k = 0; j < n_n && k < n_o; j++, k++)
    {
      while (j < n_n && used_n[j])
	j++;
      while (k < n_o && used_o[k])
	k++;
      if (j < n_n && k < n_o)
	{
	  used_o[k] = used_n[j] = true;
	  f (og, json_array_get (oo, k), ng, json_array_get (no, j), data);
	}
    }
  free (used_o);
  free (used_n);
}

struct comparison
{
  const struct compare_options *options;
  json_t *lost, *fresh, *changes;
  const char *how;		/* "moved", "renamed" or NULL.  */
};

static void
compare_pair (json_t *og, json_t *op, json_t *ng, json_t *np, void *data)
{
  struct comparison *c = data;
  json_object_set_new (np, "matched", json_true ());
  json_t *lost = json_object ();
  int change = compare_places (op, np, lost);
  if (!change)
    {
      json_decref (lost);
      return;
    }
  char *key = site_key_of (ng, np);
  json_t *ch = json_pack ("{s:i}", "change", change);
  json_object_set_new (c->changes, key, ch);
  free (key);
  if (change < 0)
    {
      json_decref (lost);
      return;
    }
  json_t *f = finding_at ("lost", ng, np);
  json_object_set_new (f, "units", unit_list (np, lost));
  json_decref (lost);
  json_t *inlined = json_object_get (op, "inlined");
  char *story = size_story (json_array_get (inlined, 0),
			    json_array_get (inlined, 1),
			    json_object_get (np, "left"));
  if (story)
    {
      json_object_set_new (ch, "story", json_string (story));
      json_object_set_new (f, "story", json_string (story));
    }
  free (story);
  json_object_set_new (f, "old",
		       json_pack ("{s:s, s:s, s:I, s:I, s:s}",
				  "file", results_str (og, "file"),
				  "path", results_str (op, "path"),
				  "line", (json_int_t) results_num (op, "line",
								    0),
				  "column", (json_int_t) results_num (op,
								      "column",
								      0),
				  "caller", results_str (og, "caller")));
  if (c->how && strcmp (c->how, "moved") == 0)
    json_object_set_new (f, "moved_from",
			 json_string (results_str (og, "file")));
  if (c->how && strcmp (c->how, "renamed") == 0)
    json_object_set_new (f, "renamed_from",
			 json_string (results_str (og, "caller")));
  char *why = accepted_by (f, c->options);
  if (why)
    json_object_set_new (f, "accepted", json_string (why));
  free (why);
  json_array_append_new (c->lost, f);
}

/* The callers of CALLS' groups, as a set.  */
static json_t *
callers_of (json_t *calls)
{
  json_t *set = json_object ();
  const char *gkey;
  json_t *g;
  json_object_foreach (calls, gkey, g)
    json_object_set_new (set, results_str (g, "caller"), json_true ());
  return set;
}

/* What a group that moved to another file keeps: its caller and callee.  */
static char *
moved_key (json_t *g, json_t *other_callers)
{
  (void) other_callers;
  return summary_format ("%s\n%s", results_str (g, "caller"),
			 results_str (g, "callee"));
}

/* What a group whose caller was renamed keeps: its file, callee and
   number of calls; NULL when its caller is on the other side too (then it
   was not renamed).  */
static char *
renamed_key (json_t *g, json_t *other_callers)
{
  if (json_object_get (other_callers, results_str (g, "caller")))
    return NULL;
  return summary_format ("%s\n%s\n%zu", results_str (g, "file"),
			 results_str (g, "callee"),
			 json_array_size (json_object_get (g, "order")));
}

/* Count the groups of LEFT by their KEY under RULE into INDEX: key ->
   {n, gkey}.  */
static void
index_by (json_t *index, json_t *left, char *(*rule) (json_t *, json_t *),
	  json_t *other_callers)
{
  const char *gkey;
  json_t *g;
  json_object_foreach (left, gkey, g)
    {
      char *key = rule (g, other_callers);
      if (!key)
	continue;
      json_t *at = json_object_get (index, key);
      if (at)
	json_object_set_new (at, "n", json_integer (results_num (at, "n", 0)
						    + 1));
      else
	json_object_set_new (index, key, json_pack ("{s:i, s:s}", "n", 1,
						    "gkey", gkey));
      free (key);
    }
}

/* The words of FLAGS that change the code, as a set: without the
   plugin's own options (the policy's path, reported apart) and with the
   compilation's directory DIR made "." (two checkouts).  */
static json_t *
code_flags (const char *flags, const char *dir)
{
  json_t *set = json_object ();
  size_t n_dir = strlen (dir);
  for (const char *p = flags; *p;)
    {
      size_t n = strcspn (p, " ");
      char *word = strndup (p, n);
      if (strncmp (word, "-fplugin", 8) != 0
	  && strncmp (word, "-fpass-plugin", 13) != 0)
	{
	  char *at = n_dir ? strstr (word, dir) : NULL;
	  if (at)
	    {
	      char *made = summary_format ("%.*s.%s", (int) (at - word), word,
					   at + n_dir);
	      free (word);
	      word = made;
	    }
	  json_object_set_new (set, word, json_true ());
	}
      free (word);
      p += n;
      p += strspn (p, " ");
    }
  return set;
}

/* The words of set A not in set B, as "-O2 -g" (malloc'd).  */
static char *
words_not_in (json_t *a, json_t *b)
{
  size_t n;
  char **words = sorted_keys (a, &n);
  char *out = strdup ("");
  for (size_t i = 0; i < n; i++)
    {
      if (!json_object_get (b, words[i]))
	{
	  char *more = summary_format ("%s%s%s", out, *out ? " " : "",
				       words[i]);
	  free (out);
	  out = more;
	}
      free (words[i]);
    }
  free (words);
  return out;
}

/* The entries of B's policies by file name (not its directory), place
   and name, sorted (N, malloc'd).  */
static char **
entry_names (struct build *b, size_t *n)
{
  json_t *set = json_object ();
  const char *key;
  json_t *v;
  json_object_foreach (b->entries, key, v)
    {
      const char *colon = strchr (key, ':');
      const char *slash = colon ? memrchr (key, '/', colon - key) : NULL;
      json_object_set_new (set, slash ? slash + 1 : key, json_true ());
    }
  char **names = sorted_keys (set, n);
  json_decref (set);
  return names;
}

/* Notes on what differs between the builds' units: those on one side
   only, and for those on both, the compiler and the flags; and the
   policies' entries.  */
static json_t *
build_notes (struct build *old, struct build *new_)
{
  json_t *notes = json_array ();
  json_t *ou = json_object (), *nu = json_object ();
  struct build *b[2] = { old, new_ };
  json_t *m[2] = { ou, nu };
  for (int s = 0; s < 2; s++)
    for (size_t i = 0; i < b[s]->n_units; i++)
      {
	struct unit_row *u = &b[s]->units[i];
	json_t *unit = json_pack ("{s:s, s:s, s:s, s:s}", "directory",
				  u->directory, "unit", u->unit, "output",
				  u->output, "flags", u->flags);
	char *uid = calls_unit_id (unit);
	json_decref (unit);
	json_object_set_new (m[s], uid, json_pack ("{s:s, s:o}", "compiler",
						   u->compiler, "flags",
						   code_flags (u->flags,
							       u->directory)));
	free (uid);
      }
  size_t only_old = 0, only_new = 0, compilers = 0, flags = 0;
  const char *uid;
  json_t *o;
  const char *example_compiler = NULL, *example_flags = NULL;
  json_object_foreach (ou, uid, o)
    {
      const char *new_uid;
      json_t *n = same_unit (nu, ou, uid, &new_uid);
      if (!n)
	{
	  only_old++;
	  continue;
	}
      if (strcmp (results_str (o, "compiler"), results_str (n, "compiler")))
	{
	  if (!compilers++)
	    example_compiler = uid;
	}
      else if (!json_equal (json_object_get (o, "flags"),
			    json_object_get (n, "flags"))
	       && !flags++)
	example_flags = uid;
    }
  json_object_foreach (nu, uid, o)
    {
      const char *old_uid;
      if (!same_unit (ou, nu, uid, &old_uid))
	only_new++;
    }
  if (only_old)
    json_array_append_new (notes, json_sprintf
			   ("%zu unit%s of OLD not in NEW: not compared",
			    only_old, only_old == 1 ? "" : "s"));
  if (only_new)
    json_array_append_new (notes, json_sprintf
			   ("%zu unit%s of NEW not in OLD: new calls only",
			    only_new, only_new == 1 ? "" : "s"));
  if (compilers)
    {
      char *src = unit_source (example_compiler);
      json_t *o1 = json_object_get (ou, example_compiler);
      const char *new_uid;
      json_t *n1 = same_unit (nu, ou, example_compiler, &new_uid);
      json_array_append_new (notes, json_sprintf
			     ("%zu unit%s compiled by another compiler in "
			      "NEW (%s: %s, then %s)", compilers,
			      compilers == 1 ? "" : "s", src,
			      results_str (o1, "compiler"),
			      results_str (n1, "compiler")));
      free (src);
    }
  if (flags)
    {
      const char *new_uid;
      char *src = unit_source (example_flags);
      json_t *of = json_object_get (json_object_get (ou, example_flags),
				    "flags");
      json_t *nf = json_object_get (same_unit (nu, ou, example_flags,
					       &new_uid), "flags");
      char *gone = words_not_in (of, nf), *added = words_not_in (nf, of);
      json_array_append_new (notes, json_sprintf
			     ("%zu unit%s compiled with other flags in NEW "
			      "(%s: '%s' in OLD, '%s' in NEW)", flags,
			      flags == 1 ? "" : "s", src, gone, added));
      free (gone);
      free (added);
      free (src);
    }
  /* Entries by name and action: a policy edited between the builds.  */
  size_t n_old, n_new;
  char **eo = entry_names (old, &n_old);
  char **en = entry_names (new_, &n_new);
  bool same = n_old == n_new;
  for (size_t i = 0; same && i < n_old; i++)
    same = strcmp (eo[i], en[i]) == 0;
  if (!same && n_old && n_new)
    json_array_append_new (notes, json_sprintf
			   ("the builds used other policies: %zu entries in "
			    "OLD, %zu in NEW, not all the same", n_old,
			    n_new));
  for (size_t i = 0; i < n_old; i++)
    free (eo[i]);
  for (size_t i = 0; i < n_new; i++)
    free (en[i]);
  free (eo);
  free (en);
  json_decref (ou);
  json_decref (nu);
  return notes;
}

json_t *
compare_builds (struct build *old, struct build *new_,
		const struct compare_options *options, json_t **changes,
		json_t **notes)
{
  struct comparison c = { options, json_array (), json_array (),
			  json_object (), NULL };
  json_t *oc = old->calls, *nc = new_->calls;
  json_t *old_left = json_object (), *new_left = json_object ();
  const char *gkey;
  json_t *g;
  json_object_foreach (oc, gkey, g)
    {
      json_t *ng = json_object_get (nc, gkey);
      if (ng)
	align (g, ng, true, compare_pair, &c);
      else
	json_object_set (old_left, gkey, g);
    }
  json_object_foreach (nc, gkey, g)
    if (!json_object_get (oc, gkey))
      json_object_set (new_left, gkey, g);
  /* Groups of OLD that NEW has under another file, then another caller:
     the same calls, moved or renamed, compared as such when one group on
     each side has what the rule keeps.  */
  char *(*rules[2]) (json_t *, json_t *) = { moved_key, renamed_key };
  const char *hows[2] = { "moved", "renamed" };
  json_t *old_callers = callers_of (oc), *new_callers = callers_of (nc);
  for (int r = 0; r < 2; r++)
    {
      json_t *olds = json_object (), *news = json_object ();
      index_by (olds, old_left, rules[r], new_callers);
      index_by (news, new_left, rules[r], old_callers);
      const char *key;
      json_t *at;
      json_object_foreach (olds, key, at)
	{
	  json_t *nat = json_object_get (news, key);
	  if (results_num (at, "n", 0) != 1 || results_num (nat, "n", 0) != 1)
	    continue;
	  const char *okey = results_str (at, "gkey");
	  const char *nkey = results_str (nat, "gkey");
	  c.how = hows[r];
	  align (json_object_get (old_left, okey),
		 json_object_get (new_left, nkey), false, compare_pair, &c);
	  c.how = NULL;
	  json_object_del (old_left, okey);
	  json_object_del (new_left, nkey);
	}
      json_decref (olds);
      json_decref (news);
    }
  json_decref (old_callers);
  json_decref (new_callers);
  /* Calls left in NEW at places OLD did not have.  */
  json_object_foreach (nc, gkey, g)
    {
      json_t *order = json_object_get (g, "order");
      for (size_t k = 0; k < json_array_size (order); k++)
	{
	  json_t *np = json_array_get (order, k);
	  if (json_object_get (np, "matched") || !json_object_get (np, "left"))
	    continue;
	  json_t *f = finding_at ("new", g, np);
	  json_object_set_new (f, "units", unit_list (np, NULL));
	  json_array_append_new (c.fresh, f);
	}
    }
  sort_findings (c.lost);
  sort_findings (c.fresh);
  json_array_extend (c.lost, c.fresh);
  json_decref (c.fresh);
  json_decref (old_left);
  json_decref (new_left);
  *changes = c.changes;
  *notes = build_notes (old, new_);
  return c.lost;
}
