/* Writing policies: a fresh one, or new entries merged into an existing
   file without changing a byte of what is there.

   Entries are produced by libyaml's emitter, so quoting and escaping are
   YAML's own.  For a merge, libyaml's parser reads the existing file and
   its event marks say where the functions sequence ends and how its items
   are indented; the emitted entries are re-indented to match and inserted
   there as text.  */
#define _GNU_SOURCE
#include "profile.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <yaml.h>

#include "policy.h"
#include "text.h"

/* N spaces, for the indentation of a block.  */
static void
text_spaces (struct text *t, size_t n)
{
  while (n--)
    text_put (t, " ", 1);
}

static int
write_handler (void *data, unsigned char *buffer, size_t size)
{
  text_put (data, (const char *) buffer, size);
  return 1;
}

/* Emitting.  */

static void
emit (yaml_emitter_t *e, yaml_event_t *ev)
{
  if (!yaml_emitter_emit (e, ev))
    profile_die (EXIT_USAGE, "cannot write YAML: %s",
		 e->problem ? e->problem : "emitter error");
}

static void
emit_scalar (yaml_emitter_t *e, const char *value, yaml_scalar_style_t style)
{
  yaml_event_t ev;
  yaml_scalar_event_initialize (&ev, NULL, NULL, (yaml_char_t *) value, -1,
				1, 1, style);
  emit (e, &ev);
}

static void
emit_items (yaml_emitter_t *e, const struct item *items, size_t n, bool flow)
{
  yaml_event_t ev;
  yaml_sequence_start_event_initialize (&ev, NULL, NULL, 1,
					flow ? YAML_FLOW_SEQUENCE_STYLE
					     : YAML_BLOCK_SEQUENCE_STYLE);
  emit (e, &ev);
  for (size_t i = 0; i < n; i++)
    {
      yaml_mapping_start_event_initialize (&ev, NULL, NULL, 1,
					   flow ? YAML_FLOW_MAPPING_STYLE
						: YAML_BLOCK_MAPPING_STYLE);
      emit (e, &ev);
      emit_scalar (e, "name", YAML_PLAIN_SCALAR_STYLE);
      emit_scalar (e, items[i].name, YAML_ANY_SCALAR_STYLE);
      /* Always explicit: the file's defaults must not turn an audit
	 entry into a forcing one.  */
      emit_scalar (e, "action", YAML_PLAIN_SCALAR_STYLE);
      emit_scalar (e, items[i].action, YAML_PLAIN_SCALAR_STYLE);
      emit_scalar (e, "reason", YAML_PLAIN_SCALAR_STYLE);
      emit_scalar (e, items[i].reason, YAML_DOUBLE_QUOTED_SCALAR_STYLE);
      char weight[POLICY_WEIGHT_TEXT_SIZE];
      emit_scalar (e, "weight", YAML_PLAIN_SCALAR_STYLE);
      emit_scalar (e, policy_weight_text (items[i].weight, weight),
		   YAML_PLAIN_SCALAR_STYLE);
      yaml_mapping_end_event_initialize (&ev);
      emit (e, &ev);
    }
  yaml_sequence_end_event_initialize (&ev);
  emit (e, &ev);
}

/* Emit a document: the items alone, or in a version 1 policy.  */
static char *
emit_document (const struct item *items, size_t n, bool flow, bool policy)
{
  struct text out = { NULL, 0, 0 };
  yaml_emitter_t e;
  yaml_event_t ev;
  if (!yaml_emitter_initialize (&e))
    profile_die (EXIT_USAGE, "out of memory");
  yaml_emitter_set_output (&e, write_handler, &out);
  yaml_emitter_set_unicode (&e, 1);
  yaml_emitter_set_width (&e, -1);	/* Never fold a reason.  */
  yaml_emitter_set_indent (&e, 2);
  yaml_stream_start_event_initialize (&ev, YAML_UTF8_ENCODING);
  emit (&e, &ev);
  yaml_document_start_event_initialize (&ev, NULL, NULL, NULL, 1);
  emit (&e, &ev);
  if (policy)
    {
      yaml_mapping_start_event_initialize (&ev, NULL, NULL, 1,
					   YAML_BLOCK_MAPPING_STYLE);
      emit (&e, &ev);
      emit_scalar (&e, "version", YAML_PLAIN_SCALAR_STYLE);
      emit_scalar (&e, "1", YAML_PLAIN_SCALAR_STYLE);
      emit_scalar (&e, "functions", YAML_PLAIN_SCALAR_STYLE);
    }
  emit_items (&e, items, n, flow);
  if (policy)
    {
      yaml_mapping_end_event_initialize (&ev);
      emit (&e, &ev);
    }
  yaml_document_end_event_initialize (&ev, 1);
  emit (&e, &ev);
  yaml_stream_end_event_initialize (&ev);
  emit (&e, &ev);
  yaml_emitter_delete (&e);
  return out.s;
}

static void
die_policy_errors (const struct policy *p, const char *what)
{
  for (size_t i = 0; i < policy_error_count (p); i++)
    fprintf (stderr, "hotinline-profile: %s\n", policy_error_message (p, i));
  profile_die (EXIT_USAGE, "%s", what);
}

char *
policy_text_fresh (const struct profile *p, const struct item *items,
		   size_t n)
{
  struct text t = { NULL, 0, 0 };
  char *doc = emit_document (items, n, false, true);
  char *header;
  if (asprintf (&header, "# hot functions from %s (%s), by hotinline-profile"
		"\n", p->path, p->format) < 0)
    profile_die (EXIT_USAGE, "out of memory");
  text_put_string (&t, header);
  text_put_string (&t, doc);
  free (header);
  free (doc);
  /* Names come from the profile: make sure the plugin reads them.  */
  struct policy *check = policy_new ();
  if (!policy_load_buffer (check, "the new policy", t.s, t.len))
    die_policy_errors (check, "the new policy does not load; nothing "
		       "written");
  policy_free (check);
  return t.s;
}

/* Merging.  */

/* What the existing file's events tell about where entries go.  */
struct layout
{
  bool has_functions;
  bool flow;			/* functions: [ ... ] */
  size_t items;			/* Entries already in the sequence.  */
  size_t insert_at;		/* Character index where new text goes.  */
  size_t dash_column;		/* Of the items' "-" (block style).  */
  size_t key_column;		/* Of the items' first key.  */
  size_t top_key_column;	/* Of the top-level keys.  */
  size_t doc_end;		/* Index of an explicit "...", or (size_t)-1.  */
};

struct reader
{
  const char *path;
  yaml_parser_t parser;
  yaml_event_t ev;
};

static void
read_event (struct reader *r)
{
  if (!yaml_parser_parse (&r->parser, &r->ev))
    profile_die (EXIT_USAGE, "%s:%zu:%zu: %s", r->path,
		 r->parser.problem_mark.line + 1,
		 r->parser.problem_mark.column + 1,
		 r->parser.problem ? r->parser.problem : "invalid YAML");
}

static void
next_event (struct reader *r)
{
  yaml_event_delete (&r->ev);
  read_event (r);
}

static bool
is_end (const yaml_event_t *ev)
{
  return ev->type == YAML_SEQUENCE_END_EVENT
	 || ev->type == YAML_MAPPING_END_EVENT;
}

static bool
is_start (const yaml_event_t *ev)
{
  return ev->type == YAML_SEQUENCE_START_EVENT
	 || ev->type == YAML_MAPPING_START_EVENT;
}

/* Where the current event's text ends, for scalars and the closing
   brackets of flow collections; block collections end where the next
   token starts, which may be lines of comments later, so they do not
   count.  */
static void
note_end (const yaml_event_t *ev, size_t *last_end)
{
  if (ev->type == YAML_SCALAR_EVENT
      || (is_end (ev) && ev->end_mark.index > ev->start_mark.index))
    *last_end = ev->end_mark.index;
}

/* Skip the node at the current event, noting its end; DEPTH is how many
   collections around it are already open (1: skip the rest of one).  */
static void
skip_node (struct reader *r, size_t *last_end, int depth)
{
  for (;;)
    {
      if (is_start (&r->ev))
	depth++;
      else if (is_end (&r->ev))
	depth--;
      note_end (&r->ev, last_end);
      if (depth <= 0)
	return;
      next_event (r);
    }
}

/* The functions sequence, from its start event to its end event.  */
static void
read_functions (struct reader *r, struct layout *lay)
{
  size_t last_end = r->ev.end_mark.index;
  lay->flow = r->ev.data.sequence_start.style == YAML_FLOW_SEQUENCE_STYLE;
  lay->dash_column = r->ev.start_mark.column;
  lay->key_column = lay->dash_column + 2;
  for (next_event (r); r->ev.type != YAML_SEQUENCE_END_EVENT;
       next_event (r))
    {
      bool mapping = r->ev.type == YAML_MAPPING_START_EVENT;
      if (lay->items++ > 0 || !mapping)
	{
	  skip_node (r, &last_end, 0);
	  continue;
	}
      /* The first entry's first key gives the entries' indentation.  */
      next_event (r);
      if (r->ev.type == YAML_SCALAR_EVENT)
	lay->key_column = r->ev.start_mark.column;
      skip_node (r, &last_end, 1);
    }
  if (lay->flow)
    /* After the last item, or inside "[]".  */
    lay->insert_at = lay->items ? last_end : r->ev.start_mark.index;
  else
    lay->insert_at = last_end;
}

static void
read_layout (struct reader *r, struct layout *lay)
{
  lay->doc_end = (size_t) -1;
  do
    next_event (r);
  while (r->ev.type == YAML_STREAM_START_EVENT
	 || r->ev.type == YAML_DOCUMENT_START_EVENT);
  if (r->ev.type != YAML_MAPPING_START_EVENT
      || r->ev.data.mapping_start.style == YAML_FLOW_MAPPING_STYLE)
    profile_die (EXIT_USAGE, "%s: can only merge into a policy whose top "
		 "level is a block mapping", r->path);
  size_t ignored = 0;
  bool first = true;
  for (next_event (r); r->ev.type == YAML_SCALAR_EVENT; next_event (r))
    {
      if (first)
	lay->top_key_column = r->ev.start_mark.column;
      first = false;
      bool functions = !strcmp ((char *) r->ev.data.scalar.value,
				"functions");
      next_event (r);
      if (functions && r->ev.type == YAML_SEQUENCE_START_EVENT)
	{
	  lay->has_functions = true;
	  read_functions (r, lay);
	}
      else if (functions)
	profile_die (EXIT_USAGE, "%s:%zu: 'functions' is not a list",
		     r->path, r->ev.start_mark.line + 1);
      else
	skip_node (r, &ignored, 0);
    }
  next_event (r);
  if (r->ev.type == YAML_DOCUMENT_END_EVENT
      && !r->ev.data.document_end.implicit)
    lay->doc_end = r->ev.start_mark.index;
}

/* libyaml's marks count characters; the text is UTF-8.  */
static size_t
byte_offset (const char *s, size_t size, size_t chars)
{
  size_t i = 0;
  for (size_t c = 0; i < size && c < chars; c++)
    do
      i++;
    while (i < size && ((unsigned char) s[i] & 0xc0) == 0x80);
  return i;
}

/* ITEMS emitted as block entries, each line indented to the layout.  */
static void
add_block_items (struct text *t, const struct item *items, size_t n,
		 size_t dash, size_t key)
{
  char *doc = emit_document (items, n, false, false);
  for (char *line = doc, *nl; *line; line = nl + 1)
    {
      nl = strchr (line, '\n');
      if (!nl)
	nl = line + strlen (line) - 1;
      if (!strncmp (line, "- ", 2))
	{
	  text_spaces (t, dash);
	  text_put_string (t, "-");
	  text_spaces (t, key - dash - 1);
	}
      else
	text_spaces (t, key);
      line += 2;
      text_put (t, line, (size_t) (nl - line) + 1);
    }
  free (doc);
}

/* ITEMS emitted as flow mappings, without the brackets around them.  */
static void
add_flow_items (struct text *t, const struct item *items, size_t n)
{
  char *doc = emit_document (items, n, true, false);
  char *open = strchr (doc, '['), *close = strrchr (doc, ']');
  if (open && close > open)
    text_put (t, open + 1, (size_t) (close - open - 1));
  free (doc);
}

/* The text to insert at byte AT of EXISTING.  */
static void
insertion (struct text *t, const struct layout *lay, const char *existing,
	   size_t at, const struct item *items, size_t n)
{
  if (lay->has_functions && lay->flow)
    {
      text_put_string (t, lay->items ? ", " : "");
      add_flow_items (t, items, n);
      return;
    }
  if (at > 0 && existing[at - 1] != '\n')
    text_put_string (t, "\n");
  if (lay->has_functions)
    {
      add_block_items (t, items, n, lay->dash_column, lay->key_column);
      return;
    }
  text_spaces (t, lay->top_key_column);
  text_put_string (t, "functions:\n");
  add_block_items (t, items, n, lay->top_key_column + 2,
		   lay->top_key_column + 4);
}

/* Where the new text goes: for block items, after the line the last item
   ends on (its trailing comment stays with it).  */
static size_t
insert_offset (const struct layout *lay, const char *existing, size_t size)
{
  if (!lay->has_functions)
    return lay->doc_end != (size_t) -1
	   ? byte_offset (existing, size, lay->doc_end) : size;
  size_t at = byte_offset (existing, size, lay->insert_at);
  if (lay->flow || (at > 0 && existing[at - 1] == '\n'))
    return at;
  const char *nl = memchr (existing + at, '\n', size - at);
  return nl ? (size_t) (nl - existing) + 1 : size;
}

/* Which of ITEMS the existing policy does not cover yet: no entry names
   them, exactly or by a glob, by their qualified name or their
   identifier (which the plugin tries first).  */
static size_t
uncovered (const struct policy *existing, const struct item *items, size_t n,
	   struct item *out)
{
  size_t k = 0;
  for (size_t i = 0; i < n; i++)
    if (policy_mentions (existing, items[i].name)
	|| policy_mentions (existing, profile_last_component (items[i].name)))
      fprintf (stderr, "hotinline-profile: '%s' is already in the policy\n",
	       items[i].name);
    else
      out[k++] = items[i];
  return k;
}

char *
policy_text_merge (const char *path, const char *existing, size_t size,
		   const struct item *items, size_t n, size_t *added)
{
  struct policy *old = policy_new ();
  if (!policy_load_buffer (old, path, existing, size))
    die_policy_errors (old, "cannot merge into a policy that does not load");
  struct item *fresh = profile_xmalloc (n * sizeof *fresh);
  *added = uncovered (old, items, n, fresh);
  size_t old_entries = policy_entry_count (old);
  policy_free (old);
  struct text t = { NULL, 0, 0 };
  text_put (&t, existing, size);
  if (*added == 0)
    {
      free (fresh);
      return t.s;
    }

  struct reader r = { path, { 0 }, { 0 } };
  struct layout lay = { 0 };
  yaml_parser_initialize (&r.parser);
  yaml_parser_set_input_string (&r.parser, (const unsigned char *) existing,
				size);
  read_event (&r);
  read_layout (&r, &lay);
  yaml_event_delete (&r.ev);
  yaml_parser_delete (&r.parser);

  size_t at = insert_offset (&lay, existing, size);
  struct text ins = { NULL, 0, 0 };
  insertion (&ins, &lay, existing, at, fresh, *added);
  t.len = 0;
  text_put (&t, existing, at);
  text_put (&t, ins.s, ins.len);
  text_put (&t, existing + at, size - at);
  free (ins.s);
  free (fresh);

  /* The result must load, with every old entry and the new ones.  */
  struct policy *merged = policy_new ();
  if (!policy_load_buffer (merged, path, t.s, t.len))
    die_policy_errors (merged, "the merged policy does not load; nothing "
		       "written");
  if (policy_entry_count (merged) != old_entries + *added)
    profile_die (EXIT_USAGE, "the merged policy has %zu entries, expected "
		 "%zu; nothing written", policy_entry_count (merged),
		 old_entries + *added);
  policy_free (merged);
  return t.s;
}
