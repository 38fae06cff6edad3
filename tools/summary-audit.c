/* The audit of a tree's inline marks (summary-audit.h).  Everything is
   kept in jansson values: a side is {key -> unit}, a unit the results
   file's object; the audit builds one report object per pair, which the
   text and JSON outputs both print.  */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cxx-names.h"
#include "results-read.h"
#include "summary-audit.h"
#include "summary-lock.h"
#include "summary-objects.h"
#include "summary.h"
#include "summary-util.h"

static const char *const verdicts[] = {
  "needed for the build", "needed for the code", "changes the code",
  "without effect", "unknown",
};
enum { BUILD, CODE, CHANGES, NONE, UNKNOWN, N_VERDICTS };

/* Whether the option WORD is one of the audit's own, which tell the
   two builds apart: audit=, disregard= and disregard-only=, however the
   compiler spells its plugin's arguments.  */
static bool
audit_option (const char *word, size_t len)
{
  static const char *const own[] = { "audit=", "disregard=",
				     "disregard-only=" };
  for (size_t i = 0; i < sizeof own / sizeof *own; i++)
    for (const char *p = word; p + strlen (own[i]) <= word + len; p++)
      if (strncmp (p, own[i], strlen (own[i])) == 0
	  && (p == word || p[-1] == '-'))
	return true;
  return false;
}

/* A compilation's key in both builds: its source, output and the
   options that change its code but the audit's own; the directories
   may differ.  */
static char *
unit_key (json_t *u)
{
  const char *flags = results_str (u, "flags");
  char *kept = calloc (strlen (flags) + 1, 1);
  size_t n = 0;
  for (const char *p = flags; *p;)
    {
      size_t len = strcspn (p, " ");
      if (len && !audit_option (p, len))
	{
	  if (n)
	    kept[n++] = ' ';
	  memcpy (kept + n, p, len);
	  n += len;
	}
      p += len;
      p += strspn (p, " ");
    }
  char *key = summary_format ("%s (%s) %s", results_str (u, "unit"),
			      results_str (u, "output"), kept);
  free (kept);
  return key;
}

/* The results of DIR, one side: key -> unit.  WRITTEN: the build as
   written, whose marks none may be disregarded.  */
static json_t *
read_side (const char *dir, bool written, const char **compiler,
	   long long *newest)
{
  char *error = NULL;
  size_t n;
  char **files = results_files (dir, &n, &error);
  if (!files)
    summary_die ("%s", error);
  if (!n)
    summary_die ("%s: no results files; build the tree with "
		 "-fplugin-arg-hotinline-results=%s", dir, dir);
  json_t *side = json_object ();
  bool any_disregarded = false, any_mark = false;
  for (size_t i = 0; i < n; i++)
    {
      json_t *u = results_read (files[i], &error);
      if (!u)
	summary_die ("%s", error);
      /* A build system's probe of the compiler (Kbuild's cc-option
	 compiles /dev/null) is no unit of the tree.  */
      const char *source = results_str (u, "unit");
      if (!strcmp (source, "/dev/null") || !strcmp (source, "-"))
	{
	  json_decref (u);
	  free (files[i]);
	  continue;
	}
      struct stat st;
      if (stat (files[i], &st) == 0 && st.st_mtime > *newest)
	*newest = st.st_mtime;
      json_t *marks = json_object_get (u, "marks");
      if (!marks)
	summary_die ("%s: no marks recorded; build the %s side with "
		     "-fplugin-arg-hotinline-%s", files[i],
		     written ? "written" : "disregarded",
		     written ? "audit=always_inline" :
		     "disregard=always_inline and results=DIR");
      size_t k;
      json_t *m;
      json_array_foreach (marks, k, m)
	{
	  any_mark = true;
	  if (json_is_true (json_object_get (m, "disregarded")))
	    {
	      if (written)
		summary_die ("%s: the marks of %s are disregarded: give the "
			     "build as written first, then the one with the "
			     "marks disregarded", files[i],
			     results_str (m, "function"));
	      any_disregarded = true;
	    }
	}
      const char *c = results_compiler (u);
      if (!*compiler)
	*compiler = strdup (c);
      else if (strcmp (*compiler, c) != 0)
	summary_die ("%s: compiled by %s, other units by %s: audit one "
		     "compiler's builds per pair", files[i], c, *compiler);
      char *key = unit_key (u);
      json_object_set_new (side, key, u);
      free (key);
      free (files[i]);
    }
  free (files);
  if (!written && any_mark && !any_disregarded)
    summary_die ("%s: no mark was disregarded; build it with "
		 "-fplugin-arg-hotinline-disregard=always_inline", dir);
  return side;
}

/* The calls of U to FUNCTION, by site ("file:line:col in caller"): the
   number inlined and left there, and the reason of those left.  */
static json_t *
sites_of (json_t *u, const char *function)
{
  json_t *sites = json_object ();
  static const char *const lists[] = { "mark_calls", "calls" };
  for (size_t l = 0; l < 2; l++)
    {
      size_t i;
      json_t *c;
      json_array_foreach (json_object_get (u, lists[l]), i, c)
	{
	  if (strcmp (results_str (c, "callee"), function) != 0)
	    continue;
	  char *key = summary_format ("%s:%lld:%lld in %s",
				      results_str (c, "file"),
				      results_num (c, "line", 0),
				      results_num (c, "column", 0),
				      results_str (c, "caller"));
	  json_t *s = json_object_get (sites, key);
	  if (!s)
	    {
	      s = json_pack ("{s:i, s:i, s:s, s:s}", "inlined", 0, "left", 0,
			     "caller", results_str (c, "caller"), "reason",
			     "");
	      json_object_set_new (sites, key, s);
	    }
	  bool inlined = json_is_true (json_object_get (c, "inlined"));
	  const char *n = inlined ? "inlined" : "left";
	  json_object_set_new (s, n, json_integer (results_num (s, n, 0)
						   + 1));
	  if (!inlined)
	    json_object_set_new (s, "reason",
				 json_string (results_str (c, "reason")));
	  free (key);
	}
    }
  return sites;
}

/* The object of unit U, read into *O; false when it is not there (a
   build that removed it, an output without ".o").  */
static bool
object_of (json_t *u, struct object_code *o)
{
  const char *output = results_str (u, "output");
  if (!*output)
    return false;
  char *name = summary_format ("%s.o", output);
  char *path = unit_path (u, name);
  char *error = NULL;
  bool ok = object_read (path, o, &error);
  free (error);
  free (name);
  free (path);
  return ok;
}

/* NAME without the suffix of a copy the compiler made of a function
   (foo.constprop.0, foo.part.0, foo.cold): the function written.  */
static char *
written_name (const char *name)
{
  const char *dot = strchr (name, '.');
  return dot && dot != name ? strndup (name, (size_t) (dot - name))
			    : strdup (name);
}

/* PATH without its "./" components, malloc'd: the compilers spell a file
   included as "./lz4.c" and "lz4.c" alike.  */
static char *
plain_path (const char *path)
{
  char *p = strdup (path), *w = p;
  for (const char *r = path; *r;)
    if ((r == path || r[-1] == '/') && r[0] == '.' && r[1] == '/')
      r += 2;
    else
      *w++ = *r++;
  *w = '\0';
  return p;
}

/* One mark's record in the report: created on first sight.  */
static json_t *
mark_record (json_t *marks, json_t *m)
{
  char *file = plain_path (results_str (m, "file"));
  char *key = summary_format ("%s (%s:%lld)", results_str (m, "function"),
			      file, results_num (m, "line", 0));
  json_t *r = json_object_get (marks, key);
  if (!r)
    {
      r = json_pack ("{s:s, s:s, s:I, s:s, s:[], s:[], s:I, s:b, s:i, "
		     "s:i}",
		     "function", results_str (m, "function"), "file", file,
		     "line",
		     (json_int_t) results_num (m, "line", 0), "mark",
		     results_str (m, "mark"), "sites", "errors", "bytes",
		     (json_int_t) 0, "shared", 0, "units", 0, "unknown", 0);
      json_object_set_new (r, "in_units", json_array ());
      json_object_set_new (marks, key, r);
    }
  free (key);
  free (file);
  return r;
}

static void
add_int (json_t *o, const char *key, long long v)
{
  json_object_set_new (o, key, json_integer (results_num (o, key, 0) + v));
}

/* Whether the unit's failure is FUNCTION's: an error in it, or in a
   function it was inlined into as written (its callers in WRITTEN).  */
static json_t *
errors_for (json_t *failed, const char *function, json_t *written_sites)
{
  json_t *found = json_array ();
  size_t i;
  json_t *f;
  json_array_foreach (json_object_get (failed, "functions"), i, f)
    {
      const char *in = results_str (f, "function");
      bool mine = strcmp (in, function) == 0;
      const char *site;
      json_t *s;
      json_object_foreach (written_sites, site, s)
	mine = mine || strcmp (results_str (s, "caller"), in) == 0;
      if (mine)
	json_array_append (found, f);
    }
  return found;
}

/* Audit one unit, present in both builds, into REPORT.  */
static void
audit_unit (json_t *report, json_t *w, json_t *d)
{
  json_t *marks = json_object_get (report, "marks_by_key");
  json_t *failed = json_object_get (d, "failed");
  json_t *row = json_pack ("{s:s, s:s, s:b}", "unit",
			   results_str (w, "unit"), "output",
			   results_str (w, "output"), "failed", failed != NULL);
  json_t *effective = json_array ();	/* Marks with an effect here.  */
  json_t *callers = json_object ();	/* Of every mark, either build.  */
  size_t i;
  json_t *m;
  json_array_foreach (json_object_get (w, "marks"), i, m)
    {
      const char *fn = results_str (m, "function");
      json_t *r = mark_record (marks, m);
      add_int (r, "units", 1);
      json_array_append_new (json_object_get (r, "in_units"),
			     json_string (results_str (w, "unit")));
      json_object_set_new (callers, fn, json_true ());
      json_t *ws = sites_of (w, fn), *ds = sites_of (d, fn);
      if (failed)
	{
	  json_t *errors = errors_for (failed, fn, ws);
	  if (json_array_size (errors))
	    {
	      json_t *e;
	      size_t k;
	      json_array_foreach (errors, k, e)
		json_array_append_new (json_object_get (r, "errors"),
				       json_pack ("{s:s, s:s, s:I, s:s}",
						  "unit",
						  results_str (w, "unit"),
						  "function",
						  results_str (e, "function"),
						  "errors",
						  (json_int_t) results_num
						    (e, "errors", 0),
						  "message",
						  results_str (e, "message")));
	    }
	  else
	    add_int (r, "unknown", 1);
	  json_decref (errors);
	  json_decref (ws);
	  json_decref (ds);
	  continue;
	}
      bool effect = false;
      const char *site;
      json_t *s;
      json_object_foreach (ws, site, s)
	json_object_set_new (callers, results_str (s, "caller"),
			     json_true ());
      /* Its callers are those of the source, as the build as written
	 records its calls before any inlining: a function that calls it
	 only once another is inlined into it (a caller left as a call
	 without the mark) is one whose code the mark changed.  */
      json_object_foreach (ds, site, s)
	{
	  json_t *was = json_object_get (ws, site);
	  long long left = results_num (s, "left", 0);
	  long long before = was ? results_num (was, "left", 0) : 0;
	  if (left == before && was)
	    continue;
	  effect = true;
	  json_array_append_new (json_object_get (r, "sites"),
				 json_pack ("{s:s, s:I, s:I, s:s}", "site",
					    site, "left_written",
					    (json_int_t) before,
					    "left_disregarded",
					    (json_int_t) left, "reason",
					    results_str (s, "reason")));
	}
      json_object_foreach (ws, site, s)
	if (!json_object_get (ds, site) && results_num (s, "left", 0) > 0)
	  {
	    effect = true;
	    json_array_append_new (json_object_get (r, "sites"),
				   json_pack ("{s:s, s:I, s:I, s:s}", "site",
					      site, "left_written",
					      (json_int_t) results_num (s,
									"left",
									0),
					      "left_disregarded",
					      (json_int_t) 0, "reason", ""));
	  }
      if (effect)
	json_array_append (effective, r);
      json_decref (ws);
      json_decref (ds);
    }

  struct object_code wo, dobj;
  bool have_w = !failed && object_of (w, &wo);
  bool have_d = have_w && object_of (d, &dobj);
  if (have_d)
    {
      long long delta = wo.text - dobj.text;
      json_object_set_new (row, "text_written", json_integer (wo.text));
      json_object_set_new (row, "text_disregarded",
			   json_integer (dobj.text));
      /* The unit's difference is a mark's when it alone had an
	 effect.  */
      if (json_array_size (effective) == 1)
	add_int (json_array_get (effective, 0), "bytes", delta);
      else
	{
	  size_t k;
	  json_t *r;
	  json_array_foreach (effective, k, r)
	    json_object_set_new (r, "shared", json_true ());
	  /* Whose it is is known once every mark has its verdict.  */
	  if (json_array_size (effective) > 1)
	    json_array_append_new (json_object_get (report, "pending"),
				   json_pack ("{s:I, s:O}", "delta",
					      (json_int_t) delta, "marks",
					      effective));
	}
      json_t *changed = object_changed_functions (&wo, &dobj);
      json_t *beyond = json_array ();
      json_t *f;
      json_array_foreach (changed, i, f)
	{
	  char *name = written_name (json_string_value (f));
	  if (!json_object_get (callers, name))
	    json_array_append (beyond, f);
	  free (name);
	}
      json_object_set_new (row, "changed", json_integer ((json_int_t)
							   json_array_size
							     (changed)));
      json_object_set_new (row, "changed_beyond_callers", beyond);
      json_decref (changed);
      object_free (&dobj);
    }
  if (have_w)
    object_free (&wo);
  json_array_append_new (json_object_get (report, "units"), row);
  json_decref (effective);
  json_decref (callers);
}

static int
verdict_of (json_t *r)
{
  if (json_array_size (json_object_get (r, "errors")))
    return BUILD;
  json_t *s;
  size_t i;
  bool appears = false, differs = false;
  json_array_foreach (json_object_get (r, "sites"), i, s)
    {
      differs = true;
      appears = appears || results_num (s, "left_disregarded", 0)
			     > results_num (s, "left_written", 0);
    }
  if (appears)
    return CODE;
  if (differs)
    return CHANGES;
  if (results_num (r, "unknown", 0) == results_num (r, "units", 0))
    return UNKNOWN;
  return NONE;
}

/* The report of one pair: {compiler, written, disregarded, units,
   marks, classes, shared_bytes}.  */
static json_t *
audit_pair (const char *written, const char *disregarded)
{
  const char *wc = NULL, *dc = NULL;
  long long newest = 0;
  json_t *w = read_side (written, true, &wc, &newest);
  json_t *d = read_side (disregarded, false, &dc, &newest);
  if (strcmp (wc, dc) != 0)
    summary_die ("%s was built by %s and %s by %s: audit two builds of "
		 "one compiler", written, wc, disregarded, dc);
  const char *key;
  json_t *u;
  json_object_foreach (w, key, u)
    if (!json_object_get (d, key))
      summary_die ("%s has no results for %s of %s: the two sides are "
		   "builds of different trees or flags, or the build "
		   "without the marks stopped before it", disregarded, key,
		   written);
  json_object_foreach (d, key, u)
    if (!json_object_get (w, key))
      summary_die ("%s has no results for %s of %s: the two sides are "
		   "builds of different trees or flags", written, key,
		   disregarded);
  json_t *report = json_pack ("{s:s, s:s, s:s, s:[], s:{}, s:I, s:I, "
			      "s:[]}",
			      "compiler", wc, "written", written,
			      "disregarded", disregarded, "units",
			      "marks_by_key", "shared_bytes", (json_int_t) 0,
			      "newest", (json_int_t) newest, "pending");
  size_t n;
  char **keys = sorted_keys (w, &n);
  for (size_t i = 0; i < n; i++)
    audit_unit (report, json_object_get (w, keys[i]),
		json_object_get (d, keys[i]));
  free (keys);
  /* Marks in order of verdict, then name; the classes' totals.  */
  json_t *by_key = json_object_get (report, "marks_by_key");
  json_t *marks = json_array ();
  json_t *classes = json_object ();
  for (int v = 0; v < N_VERDICTS; v++)
    json_object_set_new (classes, verdicts[v],
			 json_pack ("{s:i, s:I}", "marks", 0, "bytes",
				    (json_int_t) 0));
  keys = sorted_keys (by_key, &n);
  for (int v = 0; v < N_VERDICTS; v++)
    for (size_t i = 0; i < n; i++)
      {
	json_t *r = json_object_get (by_key, keys[i]);
	if (verdict_of (r) != v)
	  continue;
	json_object_set_new (r, "verdict", json_string (verdicts[v]));
	json_t *c = json_object_get (classes, verdicts[v]);
	add_int (c, "marks", 1);
	add_int (c, "bytes", results_num (r, "bytes", 0));
	json_array_append (marks, r);
      }
  free (keys);
  /* A unit where several marks had an effect: its bytes are their
     class's when they share one, else shared.  */
  size_t k;
  json_t *pending;
  json_array_foreach (json_object_get (report, "pending"), k, pending)
    {
      json_t *those = json_object_get (pending, "marks");
      const char *v = results_str (json_array_get (those, 0), "verdict");
      size_t j;
      json_t *r;
      json_array_foreach (those, j, r)
	if (strcmp (results_str (r, "verdict"), v) != 0)
	  v = NULL;
      if (v)
	add_int (json_object_get (classes, v), "bytes",
		 results_num (pending, "delta", 0));
      else
	add_int (report, "shared_bytes", results_num (pending, "delta", 0));
    }
  json_object_del (report, "pending");
  json_object_set_new (report, "marks", marks);
  json_object_set_new (report, "classes", classes);
  json_object_del (report, "marks_by_key");
  free ((char *) wc);
  free ((char *) dc);
  json_decref (w);
  json_decref (d);
  return report;
}

static void
print_pair (json_t *report)
{
  json_t *marks = json_object_get (report, "marks");
  printf ("audit of the marks, %s: %s as written, %s without the marks: "
	  "%zu units, %zu marked functions\n\n",
	  results_str (report, "compiler"), results_str (report, "written"),
	  results_str (report, "disregarded"),
	  json_array_size (json_object_get (report, "units")),
	  json_array_size (marks));
  printf ("  %-22s %6s %12s\n", "verdict", "marks", "text bytes");
  for (int v = 0; v < N_VERDICTS; v++)
    {
      json_t *c = json_object_get (json_object_get (report, "classes"),
				   verdicts[v]);
      printf ("  %-22s %6lld %+12lld\n", verdicts[v],
	      results_num (c, "marks", 0), results_num (c, "bytes", 0));
    }
  if (results_num (report, "shared_bytes", 0))
    printf ("  %-22s %6s %+12lld\n", "(shared by marks)", "",
	    results_num (report, "shared_bytes", 0));
  const char *last = "";
  size_t i;
  json_t *r;
  json_array_foreach (marks, i, r)
    {
      const char *v = results_str (r, "verdict");
      if (strcmp (v, last) != 0)
	printf ("\n%s:\n", v);
      last = v;
      printf ("  %s (%s:%lld, %s)", results_str (r, "function"),
	      results_str (r, "file"), results_num (r, "line", 0),
	      results_str (r, "mark"));
      if (results_num (r, "bytes", 0))
	printf (": %+lld text bytes", results_num (r, "bytes", 0));
      if (json_is_true (json_object_get (r, "shared")))
	printf ("%s its units' bytes shared with other marks",
		results_num (r, "bytes", 0) ? "," : ":");
      putchar ('\n');
      size_t k;
      json_t *e;
      json_array_foreach (json_object_get (r, "errors"), k, e)
	printf ("    %s: %lld error%s in %s%s%s\n", results_str (e, "unit"),
		results_num (e, "errors", 0),
		results_num (e, "errors", 0) == 1 ? "" : "s",
		results_str (e, "function"),
		*results_str (e, "message") ? ": " : "",
		results_str (e, "message"));
      json_array_foreach (json_object_get (r, "sites"), k, e)
	printf ("    %s: %lld call%s as written, %lld without the mark%s%s\n",
		results_str (e, "site"), results_num (e, "left_written", 0),
		results_num (e, "left_written", 0) == 1 ? "" : "s",
		results_num (e, "left_disregarded", 0),
		*results_str (e, "reason") ? ": " : "",
		results_str (e, "reason"));
    }
  bool header = false;
  json_array_foreach (json_object_get (report, "units"), i, r)
    {
      json_t *beyond = json_object_get (r, "changed_beyond_callers");
      if (!json_array_size (beyond))
	continue;
      if (!header)
	printf ("\nfunctions changed beyond the marks and their callers:\n");
      header = true;
      printf ("  %s:", results_str (r, "unit"));
      size_t k;
      json_t *f;
      json_array_foreach (beyond, k, f)
	printf (" %s", json_string_value (f));
      putchar ('\n');
    }
}

/* A mark's record's name in the tables: "function (file:line)",
   malloc'd.  */
static char *
mark_key (json_t *r)
{
  return summary_format ("%s (%s:%lld)", results_str (r, "function"),
			 results_str (r, "file"), results_num (r, "line", 0));
}

/* The marks of every pair side by side: "function (file:line)" -> the
   verdict of each pair, in order ("-" where a pair has no such mark).  */
static json_t *
side_rows (json_t *reports)
{
  json_t *rows = json_object ();
  size_t n_pairs = json_array_size (reports);
  size_t p;
  json_t *report;
  json_array_foreach (reports, p, report)
    {
      size_t i;
      json_t *r;
      json_array_foreach (json_object_get (report, "marks"), i, r)
	{
	  char *key = mark_key (r);
	  json_t *row = json_object_get (rows, key);
	  if (!row)
	    {
	      row = json_array ();
	      for (size_t k = 0; k < n_pairs; k++)
		json_array_append_new (row, json_string ("-"));
	      json_object_set_new (rows, key, row);
	    }
	  json_array_set_new (row, p, json_string (results_str (r,
								"verdict")));
	  free (key);
	}
    }
  /* In name order, for the site as for the text.  */
  json_t *sorted = json_object ();
  size_t n;
  char **keys = sorted_keys (rows, &n);
  for (size_t i = 0; i < n; i++)
    json_object_set (sorted, keys[i], json_object_get (rows, keys[i]));
  free (keys);
  json_decref (rows);
  return sorted;
}

static void
print_side_by_side (json_t *reports)
{
  json_t *rows = side_rows (reports);
  size_t n_pairs = json_array_size (reports);
  size_t p;
  json_t *report;
  printf ("\nside by side:\n  %-40s", "mark");
  json_array_foreach (reports, p, report)
    printf ("  %-22s", results_str (report, "compiler"));
  putchar ('\n');
  const char *key;
  json_t *row;
  json_object_foreach (rows, key, row)
    {
      bool differ = false;
      for (size_t k = 1; k < n_pairs; k++)
	differ = differ || strcmp (json_string_value (json_array_get (row, k)),
				   json_string_value (json_array_get (row, 0)));
      printf ("%c %-40s", differ ? '*' : ' ', key);
      for (size_t k = 0; k < n_pairs; k++)
	printf ("  %-22s", json_string_value (json_array_get (row, k)));
      putchar ('\n');
    }
  printf ("(* the compilers disagree)\n");
  json_decref (rows);
}

/* The evidence of mark R of REPORT, for a policy entry's reason.  */
static char *
evidence_of (json_t *report, json_t *r, const char *date)
{
  json_t *sites = json_object_get (r, "sites");
  long long calls = 0;
  size_t i;
  json_t *s;
  json_array_foreach (sites, i, s)
    calls += results_num (s, "left_disregarded", 0)
	     - results_num (s, "left_written", 0);
  json_t *first = json_array_get (sites, 0);
  char *text = summary_format ("%s on %s (%s): %lld call%s without the "
			       "mark, at %s%s%s%s",
			       results_str (r, "verdict"),
			       results_str (report, "compiler"), date, calls,
			       calls == 1 ? "" : "s",
			       results_str (first, "site"),
			       *results_str (first, "reason") ? " (" : "",
			       results_str (first, "reason"),
			       *results_str (first, "reason") ? ")" : "");
  if (json_array_size (sites) > 1)
    {
      char *more = summary_format ("%s and %zu other site%s", text,
				   json_array_size (sites) - 1,
				   json_array_size (sites) == 2 ? "" : "s");
      free (text);
      text = more;
    }
  if (results_num (r, "bytes", 0) || json_is_true (json_object_get (r,
								  "shared")))
    {
      char *more = json_is_true (json_object_get (r, "shared"))
		   ? summary_format ("%s; its units' text shared with other "
				     "marks", text)
		   : summary_format ("%s; %+lld text bytes", text,
				     results_num (r, "bytes", 0));
      free (text);
      text = more;
    }
  return text;
}

/* FUNCTION as a policy entry names it, globs escaped (malloc'd).  */
static char *
entry_name (const char *function)
{
  char *e = cxx_name_escape_globs (function);
  if (!e)
    abort ();
  return e;
}

/* Write FILE, a policy in place of the marks the code needs (on any of
   REPORTS' compilers), each entry's reason its evidence; the marks the
   build needs listed first, to keep in the source, and those without
   effect on every compiler, which can go.  */
static void
write_audit_lock (const char *file, json_t *reports)
{
  char *text = NULL;
  size_t size = 0;
  FILE *out = open_memstream (&text, &size);
  if (!out)
    abort ();
  /* Per mark (function, file, line): its record in each report.  */
  json_t *rows = json_object ();
  json_t *dates = json_array ();
  size_t p, i;
  json_t *report, *r;
  json_array_foreach (reports, p, report)
    {
      char date[16];
      lock_date (results_num (report, "newest", 0), date);
      json_array_append_new (dates, json_string (date));
      json_array_foreach (json_object_get (report, "marks"), i, r)
	{
	  char *key = mark_key (r);
	  json_t *row = json_object_get (rows, key);
	  if (!row)
	    json_object_set_new (rows, key, row = json_array ());
	  json_array_append_new (row, json_pack ("{s:i, s:O}", "pair",
						 (int) p, "mark", r));
	  free (key);
	}
    }
  fputs ("# A policy in place of the source's inline marks that the code "
	 "needs,\n# written by hotinline-summary --audit from", out);
  json_array_foreach (reports, p, report)
    {
      fputs (p ? ";" : "", out);
      fputs ("\n#   ", out);
      lock_put_comment_text (out, results_str (report, "written"));
      fputs (" and ", out);
      lock_put_comment_text (out, results_str (report, "disregarded"));
      fputs (" (", out);
      lock_put_comment_text (out, results_str (report, "compiler"));
      fprintf (out, ", %s)", json_string_value (json_array_get (dates, p)));
    }
  fputs (".\n# Take the marks these entries name out of the source (for a "
	 "macro such as\n# __always_inline, by the macro) and build with\n"
	 "#   -fplugin-arg-hotinline-policy=", out);
  lock_put_comment_text (out, strcmp (file, "-") == 0 ? "POLICY" : file);
  fputs ("\n# and the object code is the annotated build's. Review it like "
	 "code.\n", out);
  size_t n;
  char **keys = sorted_keys (rows, &n);
  static const struct
  {
    const char *verdict, *title;
  } listed[] = {
    { "needed for the build", "Marks the build needs: keep them in the "
      "source" },
    { "without effect", "Marks without effect on every compiler audited: "
      "they can go" },
  };
  for (size_t l = 0; l < sizeof listed / sizeof *listed; l++)
    {
      bool title = false;
      for (size_t k = 0; k < n; k++)
	{
	  json_t *row = json_object_get (rows, keys[k]);
	  size_t all = 0, some = 0;
	  json_t *e;
	  json_array_foreach (row, i, e)
	    {
	      const char *v = results_str (json_object_get (e, "mark"),
					   "verdict");
	      some += strcmp (v, listed[l].verdict) == 0;
	      all++;
	    }
	  bool in = l == 0 ? some > 0
			   : some == all && all == json_array_size (reports);
	  if (!in)
	    continue;
	  if (!title)
	    fprintf (out, "#\n# %s:\n", listed[l].title);
	  title = true;
	  fputs ("#   ", out);
	  lock_put_comment_text (out, keys[k]);
	  json_array_foreach (row, i, e)
	    {
	      json_t *errors = json_object_get (json_object_get (e, "mark"),
						"errors");
	      json_t *first = json_array_get (errors, 0);
	      if (!first)
		continue;
	      json_t *rep = json_array_get (reports, (size_t)
					    results_num (e, "pair", 0));
	      fputs ("\n#     ", out);
	      lock_put_comment_text (out, results_str (rep, "compiler"));
	      fputs (": ", out);
	      lock_put_comment_text (out, results_str (first, "unit"));
	      fputs (": ", out);
	      lock_put_comment_text (out, *results_str (first, "message")
					  ? results_str (first, "message")
					  : "errors in");
	      if (!*results_str (first, "message"))
		{
		  fputc (' ', out);
		  lock_put_comment_text (out, results_str (first, "function"));
		}
	    }
	  fputc ('\n', out);
	}
    }
  fputs ("version: 1\n", out);
  size_t entries = 0;
  for (size_t k = 0; k < n; k++)
    {
      json_t *row = json_object_get (rows, keys[k]);
      char *reason = NULL;
      json_t *e, *mark = NULL;
      json_array_foreach (row, i, e)
	{
	  json_t *m = json_object_get (e, "mark");
	  if (strcmp (results_str (m, "verdict"), "needed for the code") != 0
	      || strcmp (results_str (m, "mark"), "always_inline") != 0)
	    continue;
	  size_t pair = (size_t) results_num (e, "pair", 0);
	  char *ev = evidence_of (json_array_get (reports, pair), m,
				  json_string_value (json_array_get (dates,
								     pair)));
	  char *longer = summary_format ("%s%s%s", reason ? reason : "",
					 reason ? "; " : "", ev);
	  free (ev);
	  free (reason);
	  reason = longer;
	  mark = m;
	}
      if (!mark)
	continue;
      if (!entries++)
	fputs ("functions:\n", out);
      char *name = entry_name (results_str (mark, "function"));
      fputs ("- {name: ", out);
      lock_put_quoted (out, name);
      /* A static function of a source file is that file's; one of a
	 header, every unit's that includes it.  */
      json_t *units = json_object_get (mark, "in_units");
      const char *defined = results_str (mark, "file");
      bool own = json_array_size (units) == 1
		 && strcmp (json_string_value (json_array_get (units, 0)),
			    defined) == 0;
      if (own)
	{
	  fputs (", files: [", out);
	  lock_put_quoted (out, defined);
	  fputs ("]", out);
	}
      fputs (", action: always_inline, reason: ", out);
      lock_put_quoted (out, reason);
      fputs ("}\n", out);
      free (name);
      free (reason);
    }
  if (!entries)
    fputs ("functions: []\n", out);
  free (keys);
  json_decref (rows);
  json_decref (dates);
  if (fclose (out) != 0)
    abort ();
  lock_commit (file, text, size);
  fprintf (stderr, "hotinline-summary: wrote %s: %zu mark%s the code needs "
	   "as policy entries\n",
	   strcmp (file, "-") == 0 ? "the policy to standard output" : file,
	   entries, entries == 1 ? "" : "s");
  free (text);
}

int
audit_main (char **paths, size_t n_pairs, bool as_json, const char *lock,
	    const char *html)
{
  json_t *reports = json_array ();
  for (size_t i = 0; i < n_pairs; i++)
    json_array_append_new (reports, audit_pair (paths[2 * i],
						paths[2 * i + 1]));
  if (lock)
    write_audit_lock (lock, reports);
  else if (html)
    {
      json_t *side = n_pairs > 1 ? side_rows (reports) : NULL;
      write_audit_site (html, reports, side);
      json_decref (side);
    }
  else if (as_json)
    {
      json_t *root = json_pack ("{s:O}", "audit", reports);
      json_dumpf (root, stdout, JSON_INDENT (2) | JSON_PRESERVE_ORDER);
      putchar ('\n');
      json_decref (root);
    }
  else
    {
      size_t i;
      json_t *r;
      json_array_foreach (reports, i, r)
	{
	  if (i)
	    putchar ('\n');
	  print_pair (r);
	}
      if (n_pairs > 1)
	print_side_by_side (reports);
    }
  json_decref (reports);
  return 0;
}
