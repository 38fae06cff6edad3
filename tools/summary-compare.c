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

/* The units of P as their sources, sorted and distinct, of those in UIDS
   (NULL: all).  */
static json_t *
unit_list (const struct call_place *p, json_t *uids)
{
  json_t *set = json_object ();
  for (size_t i = 0; i < p->n_units; i++)
    if (!uids || json_object_get (uids, p->units[i].uid))
      {
	char *src = unit_source (p->units[i].uid);
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

/* A finding at place P of group G, of KIND, from its first call left.  */
static json_t *
finding_at (const char *kind, const struct call_group *g,
	    const struct call_place *p)
{
  char fp[33];
  calls_fingerprint (g->file, g->caller, g->callee, p->ordinal, fp);
  json_t *f = json_pack ("{s:s, s:s, s:s, s:I, s:I, s:s, s:s, s:I, s:s, "
			 "s:s, s:s}", "kind", kind, "file", g->file,
			 "path", p->path, "line", (json_int_t) p->line,
			 "column", (json_int_t) p->column,
			 "caller", g->caller, "callee", g->callee,
			 "ordinal", (json_int_t) p->ordinal,
			 "fingerprint", fp,
			 "reason", p->left.reason ? p->left.reason : "",
			 "severity", p->left.severity ? p->left.severity
			 : "warning");
  if (p->left.hint && p->left.hint[0])
    json_object_set_new (f, "hint", json_string (p->left.hint));
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
  for (size_t i = 0; i < b->calls->n; i++)
    {
      const struct call_group *g = &b->calls->v[i];
      for (size_t k = 0; k < g->n; k++)
	if (g->places[k].has_left)
	  {
	    json_t *f = finding_at ("declined", g, &g->places[k]);
	    json_object_set_new (f, "units", unit_list (&g->places[k], NULL));
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

/* The counts of OLD's place OP that are those of NEW's place NP's Kth
   unit, as same_unit pairs them (OLD_BY_UID and NEW_BY_UID: each
   place's units by id, their index as value); NULL when none.  */
static const struct call_count *
partner (const struct call_place *op, const struct call_place *np,
	 json_t *old_by_uid, json_t *new_by_uid, size_t k)
{
  const char *uid = np->units[k].uid;
  /* Both builds read their files in the same order: the Kth unit is most
     often the same.  */
  if (k < op->n_units && strcmp (op->units[k].uid, uid) == 0)
    return &op->units[k];
  const char *old_uid;
  json_t *at = same_unit (old_by_uid, new_by_uid, uid, &old_uid);
  return at ? &op->units[json_integer_value (at)] : NULL;
}

/* How NEW's place NP compares with the same call's place OP in OLD, per
   unit: a unit built on both sides is compared with itself (a source
   compiled twice, PIC and not, pair by pair).  The units on one side only
   (the caller moved to another unit) are compared as a pool, and only
   where OLD's inlined every call: a mix of calls inlined and left in OLD
   cannot say which unit lost one.  Returns 1 when a call inlined in OLD
   is left in NEW (*LOST: those units), -1 when a call left in OLD is
   inlined in NEW, else 0.  */
static int
compare_places (const struct call_place *op, const struct call_place *np,
		json_t *lost)
{
  long long oi_pool = 0, ni_pool = 0, nl_pool = 0, ol_pool = 0;
  bool new_pool = false, regained = false;
  json_t *pooled = json_object ();
  json_t *old_by_uid = json_object (), *new_by_uid = json_object ();
  for (size_t i = 0; i < op->n_units; i++)
    json_object_set_new (old_by_uid, op->units[i].uid, json_integer (i));
  for (size_t i = 0; i < np->n_units; i++)
    json_object_set_new (new_by_uid, np->units[i].uid, json_integer (i));
  bool *paired = calloc (op->n_units + 1, sizeof *paired);
  for (size_t i = 0; i < np->n_units; i++)
    {
      const struct call_count *nc = &np->units[i];
      const struct call_count *oc = partner (op, np, old_by_uid, new_by_uid,
					     i);
      if (!oc)
	{
	  new_pool = true;
	  ni_pool += nc->inlined;
	  nl_pool += nc->left;
	  if (nc->left)
	    json_object_set_new (pooled, nc->uid, json_true ());
	  continue;
	}
      paired[oc - op->units] = true;
      if (nc->left && nc->inlined < oc->inlined)
	json_object_set_new (lost, nc->uid, json_true ());
      else if (oc->left && !nc->left)
	regained = true;
    }
  for (size_t i = 0; i < op->n_units; i++)
    if (!paired[i])
      {
	oi_pool += op->units[i].inlined;
	ol_pool += op->units[i].left;
      }
  if (oi_pool + ol_pool && new_pool)
    {
      if (nl_pool && !ol_pool && ni_pool < oi_pool)
	json_object_update (lost, pooled);
      else if (ol_pool && !nl_pool)
	regained = true;
    }
  free (paired);
  json_decref (pooled);
  json_decref (old_by_uid);
  json_decref (new_by_uid);
  return json_object_size (lost) ? 1 : regained ? -1 : 0;
}

/* The key sites_finish looks a site up by (site_key's).  */
static char *
site_key_of (const struct call_group *g, const struct call_place *p)
{
  return call_key (p->file, p->line, p->column, g->callee, g->caller);
}

/* FACTS as the call size_story reads, of CALLEE.  */
static json_t *
story_call (const char *callee, const struct call_facts *facts)
{
  json_t *call = json_pack ("{s:s}", "callee", callee);
  if (facts->size >= 0)
    json_object_set_new (call, "size", json_integer (facts->size));
  if (facts->early_size >= 0)
    json_object_set_new (call, "early_size",
			 json_integer (facts->early_size));
  if (facts->limit_param)
    json_object_set_new (call, "limit",
			 json_pack ("{s:s, s:I}", "param", facts->limit_param,
				    "value", (json_int_t) facts->limit_value));
  return call;
}

/* The entry of LOCK for CALLEE (or its identifier) in CALLER_ID.  */
static const struct policy_entry *
lock_entry (const struct policy *lock, const char *callee,
	    const char *callee_id, const char *caller_id, const char *unit)
{
  const struct policy_entry *e = policy_lookup (lock, callee, caller_id,
						unit);
  return e ? e : policy_lookup (lock, callee_id, caller_id, unit);
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
      const struct policy_entry *now
	= lock_entry (o->lock, callee, callee_id, caller_id, unit);
      const struct policy_entry *was = o->lock_before
	? lock_entry (o->lock_before, callee, callee_id, caller_id, unit)
	: NULL;
      bool pinned = now && now->action == POLICY_ACTION_ALWAYS_INLINE;
      bool was_pinned = was && was->action == POLICY_ACTION_ALWAYS_INLINE;
      if (!pinned && now)
	why = summary_format ("the lock %s keeps it a call%s%s", o->lock_path,
			      now->reason ? ": " : "",
			      now->reason ? now->reason : "");
      else if (!pinned && was_pinned)
	why = summary_format ("the lock %s no longer pins it",
			      o->lock_path);
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
align (struct call_group *og, struct call_group *ng, bool same_file,
       void (*f) (struct call_group *, struct call_place *,
		  struct call_group *, struct call_place *, void *),
       void *data)
{
  og->done = ng->done = true;
  if (og->n == ng->n)
    {
      for (size_t k = 0; k < og->n; k++)
	f (og, &og->places[k], ng, &ng->places[k], data);
      return;
    }
  bool *used_o = calloc (og->n + 1, 1), *used_n = calloc (ng->n + 1, 1);
  for (size_t j = 0; same_file && j < ng->n; j++)
    for (size_t k = 0; k < og->n; k++)
      if (!used_o[k] && og->places[k].line == ng->places[j].line
	  && og->places[k].column == ng->places[j].column)
	{
	  used_o[k] = used_n[j] = true;
	  f (og, &og->places[k], ng, &ng->places[j], data);
	  break;
	}
  for (size_t j = 0, k = 0; j < ng->n && k < og->n; j++, k++)
    {
      while (j < ng->n && used_n[j])
	j++;
      while (k < og->n && used_o[k])
	k++;
      if (j < ng->n && k < og->n)
	{
	  used_o[k] = used_n[j] = true;
	  f (og, &og->places[k], ng, &ng->places[j], data);
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
compare_pair (struct call_group *og, struct call_place *op,
	      struct call_group *ng, struct call_place *np, void *data)
{
  struct comparison *c = data;
  np->matched = true;
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
  json_t *was = story_call (og->callee, &op->inlined);
  json_t *now = story_call (ng->callee, &np->left);
  char *story = size_story (was, op->inlined.limits, now);
  json_decref (was);
  json_decref (now);
  if (story)
    {
      json_object_set_new (ch, "story", json_string (story));
      json_object_set_new (f, "story", json_string (story));
    }
  free (story);
  json_object_set_new (f, "old",
		       json_pack ("{s:s, s:s, s:I, s:I, s:s}",
				  "file", og->file, "path", op->path,
				  "line", (json_int_t) op->line,
				  "column", (json_int_t) op->column,
				  "caller", og->caller));
  if (c->how && strcmp (c->how, "moved") == 0)
    json_object_set_new (f, "moved_from", json_string (og->file));
  if (c->how && strcmp (c->how, "renamed") == 0)
    json_object_set_new (f, "renamed_from", json_string (og->caller));
  char *why = accepted_by (f, c->options);
  if (why)
    json_object_set_new (f, "accepted", json_string (why));
  free (why);
  json_array_append_new (c->lost, f);
}

/* The callers of CALLS' groups, as a set.  */
static json_t *
callers_of (const struct calls *calls)
{
  json_t *set = json_object ();
  for (size_t i = 0; i < calls->n; i++)
    json_object_set_new (set, calls->v[i].caller, json_true ());
  return set;
}

/* What a group that moved to another file keeps: its caller and callee.  */
static char *
moved_key (const struct call_group *g, json_t *other_callers)
{
  (void) other_callers;
  return summary_format ("%s\n%s", g->caller, g->callee);
}

/* What a group whose caller was renamed keeps: its file, callee and
   number of calls; NULL when its caller is on the other side too (then it
   was not renamed).  */
static char *
renamed_key (const struct call_group *g, json_t *other_callers)
{
  if (json_object_get (other_callers, g->caller))
    return NULL;
  return summary_format ("%s\n%s\n%zu", g->file, g->callee, g->n);
}

/* Count the groups of CALLS not matched yet by their key under RULE into
   INDEX: key -> {n, at}.  */
static void
index_by (json_t *index, const struct calls *calls,
	  char *(*rule) (const struct call_group *, json_t *),
	  json_t *other_callers)
{
  for (size_t i = 0; i < calls->n; i++)
    {
      if (calls->v[i].done)
	continue;
      char *key = rule (&calls->v[i], other_callers);
      if (!key)
	continue;
      json_t *at = json_object_get (index, key);
      if (at)
	json_object_set_new (at, "n", json_integer (results_num (at, "n", 0)
						    + 1));
      else
	json_object_set_new (index, key, json_pack ("{s:i, s:I}", "n", 1,
						    "at", (json_int_t) i));
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
	json_object_set_new (m[s], uid, json_pack ("{s:s, s:o, s:I}",
						   "compiler", u->compiler,
						   "flags",
						   code_flags (u->flags,
							       u->directory),
						   "calls",
						   (json_int_t) u->calls));
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
	  /* A unit without hot calls has nothing to compare (the build
	     system's probes of the compiler: -c -x c /dev/null).  */
	  only_old += results_num (o, "calls", 0) > 0;
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
	only_new += results_num (o, "calls", 0) > 0;
    }
  if (only_old)
    json_array_append_new (notes, json_sprintf
			   ("%zu unit%s with hot calls in OLD not in NEW: not "
			    "compared",
			    only_old, only_old == 1 ? "" : "s"));
  if (only_new)
    json_array_append_new (notes, json_sprintf
			   ("%zu unit%s with hot calls in NEW not in OLD: new "
			    "calls only",
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
  struct calls *oc = old->calls, *nc = new_->calls;
  for (size_t i = 0; i < oc->n; i++)
    {
      struct call_group *og = &oc->v[i];
      struct call_group *ng = calls_group (nc, og->file, og->caller,
					   og->callee);
      if (ng)
	align (og, ng, true, compare_pair, &c);
    }
  /* Groups of OLD that NEW has under another file, then another caller:
     the same calls, moved or renamed, compared as such when one group on
     each side has what the rule keeps.  */
  char *(*rules[2]) (const struct call_group *, json_t *)
    = { moved_key, renamed_key };
  const char *hows[2] = { "moved", "renamed" };
  json_t *old_callers = callers_of (oc), *new_callers = callers_of (nc);
  for (int r = 0; r < 2; r++)
    {
      json_t *olds = json_object (), *news = json_object ();
      index_by (olds, oc, rules[r], new_callers);
      index_by (news, nc, rules[r], old_callers);
      const char *key;
      json_t *at;
      json_object_foreach (olds, key, at)
	{
	  json_t *nat = json_object_get (news, key);
	  if (results_num (at, "n", 0) != 1 || results_num (nat, "n", 0) != 1)
	    continue;
	  c.how = hows[r];
	  align (&oc->v[results_num (at, "at", 0)],
		 &nc->v[results_num (nat, "at", 0)], false, compare_pair, &c);
	  c.how = NULL;
	}
      json_decref (olds);
      json_decref (news);
    }
  json_decref (old_callers);
  json_decref (new_callers);
  /* Calls left in NEW at places OLD did not have.  */
  for (size_t i = 0; i < nc->n; i++)
    {
      const struct call_group *g = &nc->v[i];
      for (size_t k = 0; k < g->n; k++)
	if (!g->places[k].matched && g->places[k].has_left)
	  {
	    json_t *f = finding_at ("new", g, &g->places[k]);
	    json_object_set_new (f, "units", unit_list (&g->places[k], NULL));
	    json_array_append_new (c.fresh, f);
	  }
    }
  sort_findings (c.lost);
  sort_findings (c.fresh);
  json_array_extend (c.lost, c.fresh);
  json_decref (c.fresh);
  *changes = c.changes;
  *notes = build_notes (old, new_);
  return c.lost;
}
