/* The results file's walk (results-format.h): every key, in the order
   the header gives, the same for every compiler.  */
#include <string.h>

#include "results-format.h"
#include "rules.h"

static void
put_string (const struct results_emitter *e, const char *key, const char *s)
{
  e->key (e->data, key);
  e->string (e->data, s ? s : "");
}

static void
put_integer (const struct results_emitter *e, const char *key, long long v)
{
  e->key (e->data, key);
  e->integer (e->data, v);
}

static void
put_boolean (const struct results_emitter *e, const char *key, bool v)
{
  e->key (e->data, key);
  e->boolean (e->data, v);
}

/* An entry's weight as the percentage the policy gave, if it gave one.  */
static void
put_weight (const struct results_emitter *e, const struct policy_entry *p)
{
  if (p->weight < 0)
    return;
  e->key (e->data, "weight");
  e->real (e->data, p->weight / 10000.0);
}

static void
put_entry (const struct results_emitter *e, const struct results_entry *r)
{
  const struct policy_entry *p = r->entry;
  e->begin_object (e->data);
  put_string (e, "name", p->name.text);
  put_string (e, "policy", p->loc.file);
  put_integer (e, "line", p->name_loc.line);
  put_integer (e, "column", p->name_loc.column);
  put_string (e, "action", policy_action_name (p->action));
  put_string (e, "severity", policy_severity_name (p->severity));
  if (p->reason)
    put_string (e, "reason", p->reason);
  put_weight (e, p);
  put_boolean (e, "matched", r->matched);
  e->end_object (e->data);
}

static void
put_chain (const struct results_emitter *e, const struct results_call *c)
{
  e->key (e->data, "chain");
  e->begin_array (e->data);
  for (size_t i = 0; i < c->n_chain; i++)
    {
      const struct results_link *l = &c->chain[i];
      e->begin_object (e->data);
      put_string (e, "function", l->function);
      put_string (e, "into", l->into);
      put_string (e, "file", l->file);
      put_integer (e, "line", l->line);
      put_integer (e, "column", l->column);
      e->end_object (e->data);
    }
  e->end_array (e->data);
}

static void
put_call (const struct results_emitter *e, const struct results_call *c,
	  bool inlined)
{
  const struct policy_entry *p = c->entry;
  e->begin_object (e->data);
  put_string (e, "file", c->file);
  put_integer (e, "line", c->line);
  put_integer (e, "column", c->column);
  put_string (e, "caller", c->caller);
  put_string (e, "callee", c->callee);
  put_boolean (e, "inlined", inlined);
  if (!inlined)
    put_string (e, "reason", c->reason);
  put_string (e, "action", policy_action_name (p->action));
  put_string (e, "severity", policy_severity_name (p->severity));
  put_string (e, "entry", p->name.text);
  put_weight (e, p);
  if (c->size >= 0)
    put_integer (e, "size", c->size);
  if (c->early_size >= 0)
    put_integer (e, "early_size", c->early_size);
  if (c->limit_param)
    {
      e->key (e->data, "limit");
      e->begin_object (e->data);
      put_string (e, "param", c->limit_param);
      put_integer (e, "value", c->limit_value);
      e->end_object (e->data);
    }
  if (c->hint && *c->hint)
    put_string (e, "hint", c->hint);
  if (c->n_chain)
    put_chain (e, c);
  if (c->may_merge > 0)
    put_integer (e, "may_merge", c->may_merge);
  e->end_object (e->data);
}

static bool
same_call (const struct results_call *a, const struct results_call *b)
{
  return a->line == b->line && a->column == b->column
	 && strcmp (a->callee, b->callee) == 0
	 && strcmp (a->file, b->file) == 0;
}

/* Whether the source call C is still a call somewhere in the object.  */
static bool
left_as_call (const struct results_unit *u, const struct results_call *c)
{
  for (size_t i = 0; i < u->n_left_calls; i++)
    if (same_call (&u->left_calls[i], c))
      return true;
  return false;
}

/* Whether any call of U, as written or left, is to NAME.  */
static bool
called (const struct results_unit *u, const char *name)
{
  for (size_t i = 0; i < u->n_source_calls; i++)
    if (strcmp (u->source_calls[i].callee, name) == 0)
      return true;
  for (size_t i = 0; i < u->n_left_calls; i++)
    if (strcmp (u->left_calls[i].callee, name) == 0)
      return true;
  return false;
}

static void
put_function (const struct results_emitter *e,
	      const struct results_function *f)
{
  e->begin_object (e->data);
  put_string (e, "function", f->function);
  put_string (e, "file", f->file);
  put_integer (e, "line", f->line);
  put_boolean (e, "forced", f->why_not == NULL);
  if (f->why_not)
    put_string (e, "why_not", f->why_not);
  e->end_object (e->data);
}

static void
put_address (const struct results_emitter *e,
	     const struct results_address *a)
{
  e->begin_object (e->data);
  put_string (e, "function", a->function);
  put_string (e, "entry", a->entry->name.text);
  put_weight (e, a->entry);
  e->key (e->data, "address_taken");
  e->begin_array (e->data);
  for (size_t i = 0; i < a->n_taken && i < RESULTS_MAX_TAKEN; i++)
    {
      e->begin_object (e->data);
      put_string (e, "in", a->taken[i].in);
      put_string (e, "file", a->taken[i].file);
      put_integer (e, "line", a->taken[i].line);
      e->end_object (e->data);
    }
  e->end_array (e->data);
  e->end_object (e->data);
}

/* The calls of U under KEY: those governed by the marks' entry (MARKS)
   or by the policy's.  Calls as written that are gone were inlined; then
   every call left.  */
static void
put_calls (const struct results_emitter *e, const struct results_unit *u,
	   const char *key, bool marks)
{
  e->key (e->data, key);
  e->begin_array (e->data);
  /* A unit that failed has no object code: what was inlined is not
     known.  */
  if (u->failed)
    {
      e->end_array (e->data);
      return;
    }
  for (size_t i = 0; i < u->n_source_calls; i++)
    if (rule_is_mark_entry (u->source_calls[i].entry) == marks
	&& !left_as_call (u, &u->source_calls[i]))
      put_call (e, &u->source_calls[i], true);
  for (size_t i = 0; i < u->n_left_calls; i++)
    if (rule_is_mark_entry (u->left_calls[i].entry) == marks)
      put_call (e, &u->left_calls[i], false);
  e->end_array (e->data);
}

static void
put_mark (const struct results_emitter *e, const struct results_mark *m)
{
  e->begin_object (e->data);
  put_string (e, "function", m->function);
  put_string (e, "file", m->file);
  put_integer (e, "line", m->line);
  put_string (e, "mark", m->mark);
  put_boolean (e, "disregarded", m->disregarded);
  e->end_object (e->data);
}

static void
put_failure (const struct results_emitter *e, const struct results_unit *u)
{
  e->key (e->data, "failed");
  e->begin_object (e->data);
  put_integer (e, "errors", u->n_errors);
  e->key (e->data, "functions");
  e->begin_array (e->data);
  for (size_t i = 0; i < u->n_error_functions; i++)
    {
      const struct results_error *r = &u->errors[i];
      e->begin_object (e->data);
      put_string (e, "function", r->function);
      put_string (e, "file", r->file);
      put_integer (e, "line", r->line);
      put_integer (e, "errors", r->errors);
      if (r->message)
	put_string (e, "message", r->message);
      e->end_object (e->data);
    }
  e->end_array (e->data);
  e->end_object (e->data);
}

void
results_write_unit (const struct results_unit *u,
		    const struct results_emitter *e)
{
  e->begin_object (e->data);
  put_string (e, "format", RESULTS_FORMAT);
  put_string (e, "unit", u->unit);
  /* Relative paths of the unit's calls are relative to this.  */
  put_string (e, "directory", u->directory);
  /* What tells this compilation from others of the same source.  */
  put_string (e, "output", u->output);
  put_string (e, "flags", u->flags);
  put_string (e, "compiler", u->compiler);
  if (u->lto)
    put_string (e, "lto", u->lto);
  /* The inliner's limits for the unit as a whole, to compare builds.  */
  e->key (e->data, "limits");
  e->begin_object (e->data);
  for (size_t i = 0; i < u->n_limits; i++)
    put_integer (e, u->limits[i].name, u->limits[i].value);
  e->end_object (e->data);

  e->key (e->data, "entries");
  e->begin_array (e->data);
  for (size_t i = 0; i < u->n_entries; i++)
    put_entry (e, &u->entries[i]);
  e->end_array (e->data);

  put_calls (e, u, "calls", false);

  e->key (e->data, "functions");
  e->begin_array (e->data);
  for (size_t i = 0; i < u->n_functions; i++)
    put_function (e, &u->functions[i]);
  e->end_array (e->data);

  /* Hot functions whose address is taken and that no call reaches: they
     have no call site, and would show nowhere else.  */
  e->key (e->data, "address_only");
  e->begin_array (e->data);
  for (size_t i = 0; i < u->n_addressed; i++)
    if (!called (u, u->addressed[i].function))
      put_address (e, &u->addressed[i]);
  e->end_array (e->data);

  if (u->marks_recorded)
    {
      e->key (e->data, "marks");
      e->begin_array (e->data);
      for (size_t i = 0; i < u->n_marks; i++)
	put_mark (e, &u->marks[i]);
      e->end_array (e->data);
      put_calls (e, u, "mark_calls", true);
    }
  if (u->failed)
    put_failure (e, u);
  e->end_object (e->data);
}
