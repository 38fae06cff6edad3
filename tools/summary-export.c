/* hotinline-summary's findings written for review tools: a findings file,
   SARIF 2.1.0 and GitLab Code Quality (summary-export.h).  Every document
   is built with jansson and written atomically.  */
#define _GNU_SOURCE
#include <errno.h>
#include <limits.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "summary-export.h"
#include "results-read.h"
#include "summary-util.h"
#include "version.h"

#define FINDINGS_FORMAT "hotinline-findings-1"

json_t *
export_set (json_t *findings, json_t *notes, const char *commit)
{
  for (size_t i = 0; commit && i < json_array_size (findings); i++)
    json_object_set_new (json_array_get (findings, i), "commit",
			 json_string (commit));
  json_t *set = json_pack ("{s:s, s:O, s:O}", "format", FINDINGS_FORMAT,
			   "findings", findings, "notes", notes);
  if (commit)
    json_object_set_new (set, "commit", json_string (commit));
  return set;
}

/* Write DOC into FILE ("-": standard output) through FILE.tmp.  */
static void
write_json (const char *file, json_t *doc, size_t flags)
{
  if (strcmp (file, "-") == 0)
    {
      json_dumpf (doc, stdout, flags);
      fputc ('\n', stdout);
      return;
    }
  char *tmp = summary_format ("%s.tmp", file);
  FILE *f = fopen (tmp, "w");
  if (!f || json_dumpf (doc, f, flags) != 0 || fputc ('\n', f) == EOF
      || fclose (f) != 0)
    summary_die ("cannot write %s: %s", tmp, strerror (errno));
  if (rename (tmp, file) != 0)
    summary_die ("cannot write %s: %s", file, strerror (errno));
  free (tmp);
}

void
export_write_findings (const char *file, json_t *set)
{
  write_json (file, set, JSON_INDENT (1) | JSON_SORT_KEYS);
}

json_t *
export_read_findings (const char *file)
{
  json_error_t error;
  json_t *set = json_load_file (file, 0, &error);
  if (!set)
    summary_die ("%s:%d:%d: not a findings file: %s", file, error.line,
		 error.column, error.text);
  const char *format = json_string_value (json_object_get (set, "format"));
  if (!format || strcmp (format, FINDINGS_FORMAT) != 0
      || !json_is_array (json_object_get (set, "findings")))
    summary_die ("%s: not a findings file: \"format\": \"%s\" expected, "
		 "with \"findings\" an array", file, FINDINGS_FORMAT);
  json_t *findings = json_object_get (set, "findings");
  for (size_t i = 0; i < json_array_size (findings); i++)
    {
      json_t *f = json_array_get (findings, i);
      static const char *const strings[] = { "kind", "file", "caller",
					     "callee", "fingerprint" };
      for (size_t k = 0; k < sizeof strings / sizeof *strings; k++)
	if (!json_is_string (json_object_get (f, strings[k])))
	  summary_die ("%s: finding %zu: \"%s\" is not a string", file, i,
		       strings[k]);
      if (!json_is_integer (json_object_get (f, "line")))
	summary_die ("%s: finding %zu: \"line\" is not an integer", file, i);
    }
  return set;
}

json_t *
export_all_notes (json_t *sets)
{
  json_t *all = json_array ();
  for (size_t i = 0; i < json_array_size (sets); i++)
    {
      json_t *set = json_array_get (sets, i);
      json_t *notes = json_object_get (set, "notes");
      const char *commit = json_string_value (json_object_get (set,
							       "commit"));
      for (size_t k = 0; k < json_array_size (notes); k++)
	json_array_append_new (all, commit
			       ? json_sprintf ("commit %.12s: %s", commit,
					       json_string_value
					       (json_array_get (notes, k)))
			       : json_copy (json_array_get (notes, k)));
    }
  return all;
}

json_t *
export_all_findings (json_t *sets)
{
  json_t *all = json_array ();
  for (size_t i = 0; i < json_array_size (sets); i++)
    json_array_extend (all, json_object_get (json_array_get (sets, i),
					     "findings"));
  return all;
}

static const char *
str (json_t *f, const char *key)
{
  const char *s = json_string_value (json_object_get (f, key));
  return s ? s : "";
}

static bool
has (json_t *f, const char *key)
{
  return json_object_get (f, key) != NULL;
}

static bool
is_kind (json_t *f, const char *kind)
{
  return strcmp (str (f, "kind"), kind) == 0;
}

char *
export_message (json_t *f)
{
  char *commit = has (f, "commit")
    ? summary_format (" in commit %.12s", str (f, "commit"))
    : strdup ("");
  char *head;
  if (is_kind (f, "not-compared"))
    head = summary_format ("%s not compared%s: the build failed: %s",
			   str (f, "file"), commit, str (f, "reason"));
  else if (is_kind (f, "lost"))
    head = summary_format ("hot function '%s' no longer inlined into '%s'"
			   "%s: %s", str (f, "callee"), str (f, "caller"),
			   commit, str (f, "reason"));
  else
    head = summary_format ("hot function '%s' not inlined into '%s'%s%s: "
			   "%s", str (f, "callee"), str (f, "caller"),
			   is_kind (f, "new") ? " (a new call)" : "", commit,
			   str (f, "reason"));
  free (commit);
  /* What follows the reason, each a sentence of its own when F has it.  */
  static const struct
  {
    const char *key, *format;
  } tails[] = {
    { "story", "%s. %s" }, { "hint", "%s. %s" },
    { "moved_from", "%s. The caller moved from %s" },
    { "renamed_from", "%s. The caller was '%s'" },
    { "accepted", "%s. Accepted: %s" },
  };
  for (size_t k = 0; k < sizeof tails / sizeof *tails; k++)
    if (has (f, tails[k].key))
      {
	char *longer = summary_format (tails[k].format, head,
				       str (f, tails[k].key));
	free (head);
	head = longer;
      }
  return head;
}

/* The rule of a finding: its id, name, descriptions, default level, and
   Code Quality's severity.  */
struct rule
{
  const char *kind, *id, *name, *short_text, *full_text, *level;
};

static const struct rule rules[] = {
  { "lost", "hotinline/lost-inline", "LostHotInline",
    "A hot call that was inlined is a call now",
    "A call to a function the policy names as hot was inlined in the base "
    "build and is a call in this one: the change made the compiler stop "
    "inlining it.", "error" },
  { "declined", "hotinline/declined", "HotCallDeclined",
    "The inliner declined a hot call",
    "A call to a function the policy names as hot is not inlined; the "
    "message gives the compiler's reason and what would change it.",
    "warning" },
  { "new", "hotinline/new-declined", "NewHotCallDeclined",
    "A new hot call is not inlined",
    "A call to a function the policy names as hot, at a place the base "
    "build did not have, is not inlined.", "note" },
  { "not-compared", "hotinline/not-compared", "UnitNotCompared",
    "A unit did not build and was not compared",
    "A unit the change should have rebuilt did not build, so its hot calls "
    "could not be compared: neither clean nor a loss.", "warning" },
};

static size_t
rule_of (json_t *f)
{
  for (size_t r = 0; r < sizeof rules / sizeof *rules; r++)
    if (is_kind (f, rules[r].kind))
      return r;
  return 1;
}

/* SARIF's level of F: a loss is an error unless accepted; a declined call
   has its policy entry's severity.  */
static const char *
level_of (json_t *f)
{
  if (is_kind (f, "declined"))
    return has (f, "severity") ? str (f, "severity") : "warning";
  return rules[rule_of (f)].level;
}

static int
rank_of (json_t *f)
{
  const char *level = level_of (f);
  int rank = strcmp (level, "error") == 0 ? 0
	     : strcmp (level, "warning") == 0 ? 1 : 2;
  return has (f, "accepted") ? 3 : rank;
}

/* The URI of PATH: relative to ROOT when under it, else file:.  Bytes
   other than RFC 3986's unreserved ones and '/' are percent-encoded.  */
static char *
uri_of (const char *path, const char *root, bool *relative)
{
  size_t n = strlen (root);
  *relative = false;
  if (path[0] != '/')
    *relative = true;
  else if (n && strncmp (path, root, n) == 0 && path[n] == '/')
    {
      path += n + 1;
      *relative = true;
    }
  char *out = malloc (strlen (path) * 3 + 8), *o = out;
  if (!*relative)
    o = stpcpy (o, "file://");
  for (const unsigned char *p = (const unsigned char *) path; *p; p++)
    if ((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z')
	|| (*p >= '0' && *p <= '9') || strchr ("-._~/", *p))
      *o++ = *p;
    else
      o += sprintf (o, "%%%02X", *p);
  *o = 0;
  return out;
}

/* The place of F for a reader of the tree at ROOT: relative when it can
   be.  */
static char *
place_path (json_t *f, const char *root)
{
  const char *path = has (f, "path") ? str (f, "path") : str (f, "file");
  size_t n = strlen (root);
  if (path[0] == '/' && n && strncmp (path, root, n) == 0 && path[n] == '/')
    return strdup (path + n + 1);
  return strdup (path);
}

static json_t *
physical_location (json_t *f, const char *root)
{
  bool relative;
  const char *path = has (f, "path") ? str (f, "path") : str (f, "file");
  char *uri = uri_of (path, root, &relative);
  json_t *artifact = json_pack ("{s:s}", "uri", uri);
  free (uri);
  if (relative)
    json_object_set_new (artifact, "uriBaseId", json_string ("SRCROOT"));
  json_t *region = json_pack ("{s:I}", "startLine",
			      (json_int_t) (results_num (f, "line", 0) > 0
					    ? results_num (f, "line", 0)
					    : 1));
  if (results_num (f, "column", 0) > 0)
    json_object_set_new (region, "startColumn",
			 json_integer (results_num (f, "column", 0)));
  return json_pack ("{s:o, s:o}", "artifactLocation", artifact, "region",
		    region);
}

/* FINDINGS, the most severe first, in their order among equals.  */
static json_t **
by_rank (json_t *findings, size_t *n)
{
  *n = json_array_size (findings);
  json_t **v = calloc (*n + 1, sizeof *v);
  for (size_t i = 0; i < *n; i++)
    v[i] = json_array_get (findings, i);
  /* By rank, each rank in the findings' order (qsort is not stable).  */
  json_t **out = calloc (*n + 1, sizeof *out);
  size_t k = 0;
  for (int r = 0; r <= 3; r++)
    for (size_t i = 0; i < *n; i++)
      if (rank_of (v[i]) == r)
	out[k++] = v[i];
  free (v);
  return out;
}

static json_t *
sarif_result (json_t *f, const char *root)
{
  size_t r = rule_of (f);
  char *message = export_message (f);
  json_t *location = json_pack ("{s:o}", "physicalLocation",
				physical_location (f, root));
  if (has (f, "caller") && str (f, "caller")[0])
    json_object_set_new (location, "logicalLocations",
			 json_pack ("[{s:s, s:s}]", "name", str (f, "caller"),
				    "kind", "function"));
  json_t *result = json_pack ("{s:s, s:i, s:s, s:{s:s}, s:[o], s:{s:s}}",
			      "ruleId", rules[r].id, "ruleIndex", (int) r,
			      "level", level_of (f), "message", "text",
			      message, "locations", location,
			      "partialFingerprints", "hotinlineCallSite/v1",
			      str (f, "fingerprint"));
  free (message);
  json_t *old = json_object_get (f, "old");
  if (old)
    {
      json_t *related = json_pack ("{s:i, s:o, s:{s:s}}", "id", 1,
				   "physicalLocation",
				   physical_location (old, root), "message",
				   "text", "inlined here in the base build");
      json_object_set_new (result, "relatedLocations",
			   json_pack ("[o]", related));
    }
  if (has (f, "accepted"))
    json_object_set_new (result, "suppressions",
			 json_pack ("[{s:s, s:s, s:s}]", "kind", "external",
				    "status", "accepted", "justification",
				    str (f, "accepted")));
  json_t *props = json_pack ("{s:s, s:s, s:O}", "callee", str (f, "callee"),
			     "caller", str (f, "caller"), "units",
			     json_object_get (f, "units")
			     ? json_object_get (f, "units") : json_null ());
  if (has (f, "commit"))
    json_object_set_new (props, "commit", json_string (str (f, "commit")));
  json_object_set_new (result, "properties", props);
  return result;
}

void
export_sarif (const char *file, json_t *findings, json_t *notes,
	      const char *root, size_t max_results)
{
  json_t *rule_list = json_array ();
  for (size_t r = 0; r < sizeof rules / sizeof *rules; r++)
    json_array_append_new (rule_list,
			   json_pack ("{s:s, s:s, s:{s:s}, s:{s:s}, s:{s:s}}",
				      "id", rules[r].id, "name",
				      rules[r].name, "shortDescription",
				      "text", rules[r].short_text,
				      "fullDescription", "text",
				      rules[r].full_text,
				      "defaultConfiguration", "level",
				      rules[r].level));
  size_t n;
  json_t **order = by_rank (findings, &n);
  json_t *results = json_array ();
  for (size_t i = 0; i < n && i < max_results; i++)
    json_array_append_new (results, sarif_result (order[i], root));
  free (order);
  json_t *invocation = json_pack ("{s:b}", "executionSuccessful", 1);
  json_t *said = json_array ();
  for (size_t i = 0; i < json_array_size (notes); i++)
    json_array_append_new (said, json_pack ("{s:s, s:{s:O}}", "level", "note",
					    "message", "text",
					    json_array_get (notes, i)));
  if (n > max_results)
    {
      char *text = summary_format ("%zu results left out: a run holds at "
				   "most %zu (GitHub code scanning's limit)"
				   "; the most severe are kept",
				   n - max_results, max_results);
      json_array_append_new (said, json_pack ("{s:s, s:{s:s}}", "level",
					      "warning", "message", "text",
					      text));
      free (text);
    }
  if (json_array_size (said))
    json_object_set (invocation, "toolExecutionNotifications", said);
  json_decref (said);
  char *root_uri = summary_format ("file://%s/", root);
  json_t *run = json_pack ("{s:{s:{s:s, s:s, s:o}}, s:{s:{s:s}}, "
			   "s:[o], s:o, s:s}",
			   "tool", "driver", "name", "hotinline",
			   "version", HOTINLINE_VERSION,
			   "rules", rule_list,
			   "originalUriBaseIds", "SRCROOT", "uri", root_uri,
			   "invocations", invocation,
			   "results", results,
			   "columnKind", "utf16CodeUnits");
  free (root_uri);
  json_t *log = json_pack ("{s:s, s:s, s:[o]}", "$schema",
			   "https://json.schemastore.org/sarif-2.1.0.json",
			   "version", "2.1.0", "runs", run);
  write_json (file, log, JSON_INDENT (2) | JSON_PRESERVE_ORDER);
  json_decref (log);
}

/* Code Quality's severity of F.  */
static const char *
severity_of (json_t *f)
{
  if (has (f, "accepted"))
    return "info";
  const char *level = level_of (f);
  return strcmp (level, "error") == 0 ? "critical"
	 : strcmp (level, "warning") == 0 ? "major" : "info";
}

void
export_codequality (const char *file, json_t *findings, const char *root)
{
  json_t *report = json_array ();
  size_t n;
  json_t **order = by_rank (findings, &n);
  for (size_t i = 0; i < n; i++)
    {
      json_t *f = order[i];
      char *message = export_message (f);
      char *path = place_path (f, root);
      long long line = results_num (f, "line", 0);
      json_array_append_new (report,
			     json_pack ("{s:s, s:s, s:s, s:s, s:{s:s, "
					"s:{s:I}}}", "description", message,
					"check_name",
					rules[rule_of (f)].id, "fingerprint",
					str (f, "fingerprint"), "severity",
					severity_of (f), "location", "path",
					path, "lines", "begin",
					(json_int_t) (line > 0 ? line : 1)));
      free (message);
      free (path);
    }
  free (order);
  write_json (file, report, JSON_INDENT (2) | JSON_PRESERVE_ORDER);
  json_decref (report);
}
