/* Read a policy file with libyaml's event parser and build policy entries.

   The reader walks the event stream by hand against the fixed schema of
   version 1, so it knows where every value came from and can say so; it
   never builds a document tree.  Anchors and aliases are rejected: a policy
   has no use for them and expanding them is how "billion laughs" documents
   take unbounded memory.  */
#include "policy-internal.h"
#include "suggest.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <yaml.h>

/* Deeper nesting is never valid; it is refused before libyaml's own state
   stack can grow with it.  */
#define POLICY_MAX_DEPTH 16

static const char *const top_keys[] = { "version", "defaults", "functions",
					NULL };
static const char *const default_keys[] = { "action", "severity", "strict",
					    NULL };
static const char *const entry_keys[] = { "name", "action", "files",
					  "callers", "severity", "reason",
					  "strict", "weight", NULL };
static const char *const action_names[] = { "report", "always_inline",
					    NULL };
static const char *const severity_names[] = { "note", "warning", "error",
					      NULL };

struct loader
{
  struct policy *policy;
  const char *file;		/* Interned in the policy.  */
  const char *data;
  size_t size;
  yaml_parser_t parser;
  yaml_event_t event;		/* The current event.  */
  bool have_event;
  bool stop;			/* A syntax error: no more events.  */
  size_t errors_before;
  int default_action;		/* -1 when not given.  */
  int default_severity;
  int default_strict;
};

/* An entry being read; action and severity are resolved against the
   file's defaults once the whole document has been read.  */
struct pending
{
  struct policy_entry *entry;
  int action;			/* -1 when not given.  */
  int severity;
  int strict;
};

static struct policy_loc
loc_of_mark (const struct loader *l, yaml_mark_t m)
{
  struct policy_loc loc = { l->file, (unsigned) m.line + 1,
			    (unsigned) m.column + 1 };
  return loc;
}

static struct policy_loc
loc_of_nothing (struct policy *p, const char *name)
{
  struct policy_loc loc = { policy_intern_file (p, name), 0, 0 };
  return loc;
}

static struct policy_loc
event_loc (const struct loader *l)
{
  return loc_of_mark (l, l->event.start_mark);
}

/* Line and column of byte OFFSET, for libyaml's reader errors which carry
   only an offset.  Columns count characters, as libyaml's marks do.  */
static struct policy_loc
loc_of_offset (const struct loader *l, size_t offset)
{
  struct policy_loc loc = { l->file, 1, 1 };
  if (offset > l->size)
    offset = l->size;
  for (size_t i = 0; i < offset; i++)
    {
      unsigned char c = (unsigned char) l->data[i];
      if (c == '\n')
	{
	  loc.line++;
	  loc.column = 1;
	}
      else if ((c & 0xc0) != 0x80)
	loc.column++;
    }
  return loc;
}

static void
syntax_error (struct loader *l)
{
  yaml_parser_t *p = &l->parser;

  if (p->error == YAML_MEMORY_ERROR)
    policy_add_error (l->policy, loc_of_offset (l, 0),
		      "out of memory while reading the policy");
  else if (p->error == YAML_READER_ERROR)
    {
      /* Encoding errors are the only reader errors on an in-memory UTF-8
	 input.  libyaml points at the bad continuation byte; the user
	 wants the character it belongs to.  */
      size_t off = p->problem_offset;
      if (p->problem && strstr (p->problem, "trailing"))
	for (size_t o = off; o > 0 && off - o < 4
			     && (unsigned char) l->data[o - 1] >= 0x80;)
	  if ((unsigned char) l->data[--o] >= 0xc0)
	    {
	      off = o;
	      break;
	    }
      policy_add_error (l->policy, loc_of_offset (l, off),
			"not valid UTF-8: %s",
			p->problem ? p->problem : "unreadable input");
    }
  else if (p->context)
    policy_add_error (l->policy, loc_of_mark (l, p->problem_mark),
		      "invalid YAML: %s (%s at line %u)",
		      p->problem ? p->problem : "syntax error", p->context,
		      (unsigned) p->context_mark.line + 1);
  else
    policy_add_error (l->policy, loc_of_mark (l, p->problem_mark),
		      "invalid YAML: %s",
		      p->problem ? p->problem : "syntax error");
  l->stop = true;
}

/* Advance to the next event.  False at a syntax error or an anchor, both
   of which end the reading of this file.  */
static bool
next (struct loader *l)
{
  if (l->stop)
    return false;
  if (l->have_event)
    yaml_event_delete (&l->event);
  l->have_event = false;
  if (!yaml_parser_parse (&l->parser, &l->event))
    {
      syntax_error (l);
      return false;
    }
  l->have_event = true;

  const yaml_char_t *anchor = NULL;
  switch (l->event.type)
    {
    case YAML_ALIAS_EVENT:
      anchor = l->event.data.alias.anchor;
      break;
    case YAML_SCALAR_EVENT:
      anchor = l->event.data.scalar.anchor;
      break;
    case YAML_SEQUENCE_START_EVENT:
      anchor = l->event.data.sequence_start.anchor;
      break;
    case YAML_MAPPING_START_EVENT:
      anchor = l->event.data.mapping_start.anchor;
      break;
    default:
      break;
    }
  if (anchor)
    {
      policy_add_error (l->policy, event_loc (l),
			"YAML anchors and aliases are not allowed in a "
			"policy; write the value out");
      l->stop = true;
      return false;
    }
  return true;
}

static const char *
scalar_text (const struct loader *l)
{
  return (const char *) l->event.data.scalar.value;
}

/* Whether the current scalar is YAML's null: "~", "null" or nothing.  */
static bool
scalar_is_null (const struct loader *l)
{
  const yaml_event_t *e = &l->event;
  if (e->data.scalar.style != YAML_PLAIN_SCALAR_STYLE)
    return false;
  const char *s = scalar_text (l);
  return !*s || strcmp (s, "~") == 0 || strcmp (s, "null") == 0
	 || strcmp (s, "Null") == 0 || strcmp (s, "NULL") == 0;
}

/* What the current event is, for "found ..." in messages.  */
static const char *
node_kind (const struct loader *l)
{
  switch (l->event.type)
    {
    case YAML_MAPPING_START_EVENT:
      return "a mapping";
    case YAML_SEQUENCE_START_EVENT:
      return "a list";
    case YAML_SCALAR_EVENT:
      return scalar_is_null (l) ? "nothing (null)" : "a scalar";
    default:
      return "the end of the document";
    }
}

/* Skip the node that starts at the current event; on return the current
   event is its last.  */
static bool
skip_node (struct loader *l)
{
  int depth = 0;
  do
    {
      if (l->event.type == YAML_MAPPING_START_EVENT
	  || l->event.type == YAML_SEQUENCE_START_EVENT)
	{
	  if (++depth > POLICY_MAX_DEPTH)
	    {
	      policy_add_error (l->policy, event_loc (l),
				"nesting too deep for a policy");
	      l->stop = true;
	      return false;
	    }
	}
      else if (l->event.type == YAML_MAPPING_END_EVENT
	       || l->event.type == YAML_SEQUENCE_END_EVENT)
	depth--;
      if (depth == 0)
	return true;
    }
  while (next (l));
  return false;
}

/* Read a string value at the current event into a fresh copy.  On a type
   error, reports it, skips the node and returns NULL.  */
static char *
read_string (struct loader *l, const char *key)
{
  if (l->event.type != YAML_SCALAR_EVENT || scalar_is_null (l))
    {
      policy_add_error (l->policy, event_loc (l),
			"'%s' expects a string, found %s", key, node_kind (l));
      skip_node (l);
      return NULL;
    }
  char *s = strdup (scalar_text (l));
  if (!s)
    abort ();
  return s;
}

/* Read one of NAMES at the current event; returns its index or -1.  */
static int
read_enum (struct loader *l, const char *key, const char *const *names)
{
  struct policy_loc loc = event_loc (l);
  char *s = read_string (l, key);
  if (!s)
    return -1;
  for (int i = 0; names[i]; i++)
    if (strcmp (s, names[i]) == 0)
      {
	free (s);
	return i;
      }

  const char *hint = suggest_closest (s, names);
  char expected[128] = "";
  for (int i = 0; names[i]; i++)
    {
      strcat (expected, i ? (names[i + 1] ? ", '" : " or '") : "'");
      strcat (expected, names[i]);
      strcat (expected, "'");
    }
  if (hint)
    policy_add_error (l->policy, loc,
		      "unknown %s '%s'; did you mean '%s'?", key, s, hint);
  else
    policy_add_error (l->policy, loc, "unknown %s '%s'; expected %s", key, s,
		      expected);
  free (s);
  return -1;
}

/* Read true or false at the current event; -1 on a type error.  */
static int
read_bool (struct loader *l, const char *key)
{
  if (l->event.type == YAML_SCALAR_EVENT
      && l->event.data.scalar.style == YAML_PLAIN_SCALAR_STYLE)
    {
      if (strcmp (scalar_text (l), "true") == 0)
	return 1;
      if (strcmp (scalar_text (l), "false") == 0)
	return 0;
    }
  if (l->event.type == YAML_SCALAR_EVENT && !scalar_is_null (l))
    policy_add_error (l->policy, event_loc (l),
		      "'%s' expects true or false, found '%s'", key,
		      scalar_text (l));
  else
    policy_add_error (l->policy, event_loc (l),
		      "'%s' expects true or false, found %s", key,
		      node_kind (l));
  skip_node (l);
  return -1;
}

/* Read a weight (a percentage) at the current event; -1 on an error.  */
static long
read_weight (struct loader *l)
{
  long w = -1;
  if (l->event.type == YAML_SCALAR_EVENT
      && l->event.data.scalar.style == YAML_PLAIN_SCALAR_STYLE)
    w = policy_weight_parse (scalar_text (l));
  if (w >= 0)
    return w;
  /* A number in quotes is a string to YAML: say so, rather than that the
     number itself is wrong.  */
  if (l->event.type == YAML_SCALAR_EVENT
      && (l->event.data.scalar.style == YAML_SINGLE_QUOTED_SCALAR_STYLE
	  || l->event.data.scalar.style == YAML_DOUBLE_QUOTED_SCALAR_STYLE))
    {
      const char *text = scalar_text (l);
      if (policy_weight_parse (text) >= 0)
	policy_add_error (l->policy, event_loc (l),
			  "'weight' is a plain number, found the quoted "
			  "string '%s'; write it without quotes: 'weight: "
			  "%s'", text, text);
      else
	policy_add_error (l->policy, event_loc (l),
			  "'weight' is a plain number, a percentage from 0 "
			  "to 100 with at most 4 decimals, e.g. 'weight: "
			  "12.5', found the quoted string '%s'", text);
    }
  else if (l->event.type == YAML_SCALAR_EVENT && !scalar_is_null (l))
    policy_add_error (l->policy, event_loc (l),
		      "'weight' expects a percentage from 0 to 100 with at "
		      "most 4 decimals, e.g. 'weight: 12.5', found '%s'",
		      scalar_text (l));
  else
    policy_add_error (l->policy, event_loc (l),
		      "'weight' expects a percentage from 0 to 100 with at "
		      "most 4 decimals, e.g. 'weight: 12.5', found %s",
		      node_kind (l));
  skip_node (l);
  return -1;
}

/* Read a key of a mapping: the current event must be a scalar.  Returns
   the key's index in KEYS, or -1 after reporting it and skipping its value
   (the current event is then the value's last).  SEEN records where each
   key was first given, to catch duplicates.  */
static int
read_key (struct loader *l, const char *const *keys, const char *what,
	  struct policy_loc *seen)
{
  struct policy_loc loc = event_loc (l);

  if (l->event.type != YAML_SCALAR_EVENT)
    {
      policy_add_error (l->policy, loc, "expected a key of %s, found %s",
			what, node_kind (l));
      if (skip_node (l) && next (l))
	skip_node (l);
      return -1;
    }

  const char *k = scalar_text (l);
  int index = -1;
  for (int i = 0; keys[i] && index < 0; i++)
    if (strcmp (k, keys[i]) == 0)
      index = i;

  if (index < 0)
    {
      const char *hint = suggest_closest (k, keys);
      if (hint)
	policy_add_error (l->policy, loc,
			  "unknown key '%s'; did you mean '%s'?", k, hint);
      else
	policy_add_error (l->policy, loc, "unknown key '%s' in %s", k, what);
    }
  else if (seen[index].line)
    {
      policy_add_error (l->policy, loc,
			"duplicate key '%s'; first given at line %u", k,
			seen[index].line);
      index = -1;
    }
  else
    seen[index] = loc;

  if (!next (l))
    return -1;
  if (index < 0)
    skip_node (l);
  return index;
}

/* Read "files" or "callers": one pattern or a list of them.  */
static void
read_patterns (struct loader *l, const char *key,
	       enum policy_pattern_kind kind, struct policy_pattern **out,
	       size_t *n_out)
{
  bool list = l->event.type == YAML_SEQUENCE_START_EVENT;
  size_t n = 0, cap = 0, items = 0;
  struct policy_pattern *pats = NULL;

  if (list && !next (l))
    return;
  while (!list || l->event.type != YAML_SEQUENCE_END_EVENT)
    {
      struct policy_loc loc = event_loc (l);
      char *text = read_string (l, key);
      items++;
      if (text)
	{
	  struct policy_pattern pat;
	  const char *problem = policy_pattern_take (&pat, text, kind);
	  if (problem)
	    {
	      policy_add_error (l->policy, loc,
				"bad pattern '%s' in '%s': %s", text, key,
				problem);
	      free (text);
	    }
	  else
	    {
	      if (n == cap)
		{
		  cap = cap ? cap * 2 : 4;
		  pats = realloc (pats, cap * sizeof *pats);
		  if (!pats)
		    abort ();
		}
	      pats[n++] = pat;
	    }
	}
      if (!list || !next (l))
	break;
    }
  if (list && items == 0 && !l->stop)
    policy_add_error (l->policy, event_loc (l),
		      "'%s' is an empty list; leave the key out to apply "
		      "everywhere", key);

  *out = pats;
  *n_out = n;
}

/* Read the mapping of one entry of "functions" (current event: its start)
   and append it to PENDING.  */
static void
read_entry (struct loader *l, struct pending **pending, size_t *n_pending,
	    size_t *cap_pending)
{
  struct policy_loc seen[sizeof entry_keys / sizeof *entry_keys] = { { 0 } };
  struct policy_entry *e = calloc (1, sizeof *e);
  int action = -1, severity = -1, strict = -1;
  size_t errors_before = policy_error_total (l->policy);

  if (!e)
    abort ();
  e->loc = event_loc (l);
  e->weight = -1;
  while (next (l) && l->event.type != YAML_MAPPING_END_EVENT)
    {
      int key = read_key (l, entry_keys, "a function entry", seen);
      struct policy_loc value_loc = event_loc (l);
      switch (key)
	{
	case 0:
	  {
	    char *text = read_string (l, "name");
	    if (!text)
	      break;
	    const char *problem
	      = policy_pattern_take (&e->name, text, POLICY_PATTERN_FUNCTION);
	    if (problem)
	      {
		policy_add_error (l->policy, value_loc,
				  "bad function name '%s': %s", text,
				  problem);
		free (text);
	      }
	    e->name_loc = value_loc;
	    break;
	  }
	case 1:
	  action = read_enum (l, "action", action_names);
	  break;
	case 2:
	  read_patterns (l, "files", POLICY_PATTERN_PATH, &e->files,
			 &e->n_files);
	  break;
	case 3:
	  read_patterns (l, "callers", POLICY_PATTERN_FUNCTION, &e->callers,
			 &e->n_callers);
	  break;
	case 4:
	  severity = read_enum (l, "severity", severity_names);
	  break;
	case 5:
	  e->reason = read_string (l, "reason");
	  break;
	case 6:
	  strict = read_bool (l, "strict");
	  break;
	case 7:
	  e->weight = read_weight (l);
	  break;
	default:
	  break;
	}
      if (l->stop)
	break;
    }

  if (!l->stop && !seen[0].line)
    policy_add_error (l->policy, e->loc,
		      "function entry has no 'name'; expected e.g. "
		      "'name: xas_descend'");
  if (l->stop || !e->name.text
      || policy_error_total (l->policy) != errors_before)
    {
      policy_entry_free (e);
      return;
    }
  if (*n_pending == *cap_pending)
    {
      *cap_pending = *cap_pending ? *cap_pending * 2 : 16;
      *pending = realloc (*pending, *cap_pending * sizeof **pending);
      if (!*pending)
	abort ();
    }
  (*pending)[(*n_pending)++] = (struct pending) { e, action, severity,
						  strict };
}

static void
read_functions (struct loader *l, struct pending **pending, size_t *n,
		size_t *cap)
{
  if (l->event.type != YAML_SEQUENCE_START_EVENT)
    {
      policy_add_error (l->policy, event_loc (l),
			"'functions' expects a list of entries, found %s",
			node_kind (l));
      skip_node (l);
      return;
    }
  while (next (l) && l->event.type != YAML_SEQUENCE_END_EVENT)
    {
      if (l->event.type == YAML_MAPPING_START_EVENT)
	read_entry (l, pending, n, cap);
      else
	{
	  policy_add_error (l->policy, event_loc (l),
			    "each function entry must be a mapping with "
			    "'name' and 'action', found %s", node_kind (l));
	  skip_node (l);
	}
      if (l->stop || policy_too_many_errors (l->policy))
	return;
    }
}

static void
read_defaults (struct loader *l)
{
  struct policy_loc seen[sizeof default_keys / sizeof *default_keys]
    = { { 0 } };

  if (l->event.type != YAML_MAPPING_START_EVENT)
    {
      policy_add_error (l->policy, event_loc (l),
			"'defaults' expects a mapping, found %s",
			node_kind (l));
      skip_node (l);
      return;
    }
  while (next (l) && l->event.type != YAML_MAPPING_END_EVENT)
    {
      int key = read_key (l, default_keys, "'defaults'", seen);
      if (key == 0)
	l->default_action = read_enum (l, "action", action_names);
      else if (key == 1)
	l->default_severity = read_enum (l, "severity", severity_names);
      else if (key == 2)
	l->default_strict = read_bool (l, "strict");
      if (l->stop)
	return;
    }
}

static void
read_version (struct loader *l)
{
  if (l->event.type != YAML_SCALAR_EVENT
      || l->event.data.scalar.style != YAML_PLAIN_SCALAR_STYLE
      || scalar_is_null (l))
    {
      policy_add_error (l->policy, event_loc (l),
			"'version' expects the number 1, found %s",
			l->event.type == YAML_SCALAR_EVENT && !scalar_is_null (l)
			  ? "a quoted string" : node_kind (l));
      skip_node (l);
      return;
    }
  const char *s = scalar_text (l);
  if (strcmp (s, "1") != 0)
    policy_add_error (l->policy, event_loc (l),
		      "unsupported policy version '%s'; this hotinline reads "
		      "version 1", s);
}

/* Read the one document of the file.  */
static void
read_document (struct loader *l, struct pending **pending, size_t *n,
	       size_t *cap)
{
  struct policy_loc seen[sizeof top_keys / sizeof *top_keys] = { { 0 } };
  struct policy_loc root;

  if (!next (l) || !next (l))	/* Stream start, then document start.  */
    return;
  if (l->event.type == YAML_STREAM_END_EVENT)
    {
      policy_add_error (l->policy, event_loc (l),
			"empty policy; expected a mapping starting with "
			"'version: 1'");
      return;
    }
  if (!next (l))
    return;
  root = event_loc (l);
  if (l->event.type != YAML_MAPPING_START_EVENT)
    {
      policy_add_error (l->policy, root,
			"expected a mapping with 'version: 1' and "
			"'functions', found %s", node_kind (l));
      return;
    }
  while (next (l) && l->event.type != YAML_MAPPING_END_EVENT)
    {
      switch (read_key (l, top_keys, "the policy", seen))
	{
	case 0:
	  read_version (l);
	  break;
	case 1:
	  read_defaults (l);
	  break;
	case 2:
	  read_functions (l, pending, n, cap);
	  break;
	default:
	  break;
	}
      if (l->stop || policy_too_many_errors (l->policy))
	return;
    }
  if (l->stop)
    return;
  if (!seen[0].line)
    policy_add_error (l->policy, root,
		      "missing 'version: 1' at the top of the policy");

  /* Document end, then the stream must end too.  */
  if (!next (l) || !next (l))
    return;
  if (l->event.type != YAML_STREAM_END_EVENT)
    policy_add_error (l->policy, event_loc (l),
		      "a policy file holds a single YAML document; found a "
		      "second one");
}

bool
policy_load_buffer (struct policy *policy, const char *name, const char *data,
		    size_t size)
{
  struct loader l;
  struct pending *pending = NULL;
  size_t n_pending = 0, cap_pending = 0;

  if (policy_too_many_errors (policy))
    {
      /* Past the limit nothing more is read, but the file still fails.  */
      policy_add_error (policy, loc_of_nothing (policy, name), "not read");
      return false;
    }
  memset (&l, 0, sizeof l);
  l.policy = policy;
  l.file = policy_intern_file (policy, name);
  l.data = data;
  l.size = size;
  l.default_action = -1;
  l.default_severity = -1;
  l.default_strict = -1;
  l.errors_before = policy_error_total (policy);

  /* libyaml only skips a byte order mark when it guesses the encoding
     itself, which would also let UTF-16 in: drop a UTF-8 mark here.  */
  if (size >= 3 && memcmp (data, "\xef\xbb\xbf", 3) == 0)
    {
      l.data = data + 3;
      l.size = size - 3;
    }

  if (!yaml_parser_initialize (&l.parser))
    abort ();
  /* Fixed encoding: UTF-16 or Latin-1 input is an error, not guessed.  */
  yaml_parser_set_encoding (&l.parser, YAML_UTF8_ENCODING);
  yaml_parser_set_input_string (&l.parser, (const unsigned char *) l.data,
				l.size);
  read_document (&l, &pending, &n_pending, &cap_pending);
  if (l.have_event)
    yaml_event_delete (&l.event);
  yaml_parser_delete (&l.parser);

  bool ok = policy_error_total (policy) == l.errors_before;
  struct policy_entry **entries = calloc (n_pending + 1, sizeof *entries);
  if (!entries)
    abort ();
  for (size_t i = 0; i < n_pending; i++)
    {
      struct policy_entry *e = pending[i].entry;
      int action = pending[i].action >= 0 ? pending[i].action
		   : l.default_action >= 0 ? l.default_action
		   : POLICY_ACTION_REPORT;
      int severity = pending[i].severity >= 0 ? pending[i].severity
		     : l.default_severity >= 0 ? l.default_severity
		     : POLICY_SEVERITY_WARNING;
      e->strict = pending[i].strict >= 0 ? pending[i].strict
		  : l.default_strict > 0;
      e->action = (enum policy_action) action;
      e->severity = (enum policy_severity) severity;
      entries[i] = e;
    }
  if (ok)
    ok = policy_merge_entries (policy, entries, n_pending);
  else
    for (size_t i = 0; i < n_pending; i++)
      policy_entry_free (entries[i]);
  free (entries);
  free (pending);
  return ok;
}

/* A policy that cannot be opened.  A relative path is resolved against
   the working directory of the compiler, which under distributed builds
   (icecream's chroot, a build server) is not the user's: name it.  */
static void
report_open_error (struct policy *policy, struct policy_loc whole,
		   const char *path, int err)
{
  char cwd[PATH_MAX];
  if (path[0] != '/' && getcwd (cwd, sizeof cwd))
    policy_add_error (policy, whole,
		      "cannot open policy: %s (relative to the working "
		      "directory '%s'; give the policy as an absolute path)",
		      strerror (err), cwd);
  else
    policy_add_error (policy, whole, "cannot open policy: %s",
		      strerror (err));
}

bool
policy_load_file (struct policy *policy, const char *path)
{
  struct policy_loc whole = { policy_intern_file (policy, path), 0, 0 };
  struct stat st;
  char *data;
  size_t size = 0;

  /* O_NONBLOCK: opening a FIFO must not wait for a writer.  */
  int fd = open (path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
  if (fd < 0)
    {
      report_open_error (policy, whole, path, errno);
      return false;
    }
  if (fstat (fd, &st) != 0)
    {
      policy_add_error (policy, whole, "cannot read policy: %s",
			strerror (errno));
      close (fd);
      return false;
    }
  if (!S_ISREG (st.st_mode))
    {
      policy_add_error (policy, whole, "policy is not a regular file (%s)",
			S_ISDIR (st.st_mode) ? "a directory"
			: S_ISFIFO (st.st_mode) ? "a FIFO"
			: "a device or socket");
      close (fd);
      return false;
    }
  if ((unsigned long long) st.st_size > POLICY_MAX_FILE_SIZE)
    {
      policy_add_error (policy, whole,
			"policy is too large (%lld bytes; the limit is %u MiB)",
			(long long) st.st_size, POLICY_MAX_FILE_SIZE >> 20);
      close (fd);
      return false;
    }

  if (!policy_note_loaded (policy, (unsigned long long) st.st_dev,
			   (unsigned long long) st.st_ino))
    {
      close (fd);
      return true;
    }

  /* One byte more than the size: a file that grows while it is read is
     caught rather than read half.  */
  size_t cap = (size_t) st.st_size + 1;
  data = malloc (cap);
  if (!data)
    abort ();
  while (size < cap)
    {
      ssize_t got = read (fd, data + size, cap - size);
      if (got < 0 && errno == EINTR)
	continue;
      if (got < 0)
	{
	  policy_add_error (policy, whole, "cannot read policy: %s",
			    strerror (errno));
	  free (data);
	  close (fd);
	  return false;
	}
      if (got == 0)
	break;
      size += (size_t) got;
    }
  close (fd);
  if (size != (size_t) st.st_size)
    {
      policy_add_error (policy, whole,
			"policy changed while it was being read");
      free (data);
      return false;
    }

  bool ok = policy_load_buffer (policy, path, data, size);
  free (data);
  return ok;
}
