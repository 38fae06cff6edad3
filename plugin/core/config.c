/* Plugin argument parsing: one table of the arguments, from which come
   the parser, the list of keys for suggestions and the help text.  */
#include "config.h"
#include "policy.h"
#include "suggest.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define PREFIX "-fplugin-arg-hotinline-"

/* What an argument takes after '='.  */
enum arg_kind
{
  ARG_NONE,		/* Nothing: a flag, sets the bool at FIELD.  */
  ARG_VALUE,		/* A non-empty METAVAR: stored at FIELD, or ADDed.  */
  ARG_CHOICE		/* One of CHOICES: its index to CHOOSE.  */
};

struct option
{
  const char *key;
  enum arg_kind arg;
  const char *metavar;		/* "FILE": the value as help shows it.  */
  const char *what;		/* ARG_VALUE: "a file", for errors.  */
  const char *const *choices;	/* ARG_CHOICE, ending with NULL.  */
  size_t field;			/* Offset in struct config.  */
  void (*add) (struct config *, const char *);
  void (*choose) (struct config *, int);
  unsigned scope;		/* SCOPE_* bits.  */
  const char *help;		/* Its lines separated by '\n'.  */
};

/* What a link that replays a unit's arguments needs to know.  */
enum
{
  SCOPE_UNIT = 1,		/* About one compilation only: not replayed.  */
  SCOPE_PATH = 2		/* Its value a path from where cc1 ran.  */
};

static const char *const severities[] = { "note", "warning", "error", NULL };
static const char *const strategies[] = { "attribute", "surgical", NULL };
/* In the order of enum config_disregard, from its second.  */
static const char *const disregards[] = { "always_inline", "inline", NULL };

static void
add_policy (struct config *c, const char *file)
{
  const char **grown = realloc (c->policies,
				(c->n_policies + 1) * sizeof *grown);
  if (!grown)
    abort ();
  c->policies = grown;
  c->policies[c->n_policies++] = file;
}

static void
add_lock (struct config *c, const char *file)
{
  const char **grown = realloc (c->locks, (c->n_locks + 1) * sizeof *grown);
  if (!grown)
    abort ();
  c->locks = grown;
  c->locks[c->n_locks++] = file;
}

/* SEVERITIES in the order of enum policy_severity.  */
static void
choose_severity (struct config *c, int i)
{
  c->severity = i;
}

/* STRATEGIES in the order of enum config_strategy.  */
static void
choose_strategy (struct config *c, int i)
{
  c->strategy = (enum config_strategy) i;
}

/* DISREGARDS in the order of enum config_disregard, after NONE.  */
static void
choose_disregard (struct config *c, int i)
{
  c->disregard = (enum config_disregard) (i + 1);
}

static void
choose_audit (struct config *c, int i)
{
  c->audit = (enum config_disregard) (i + 1);
}

#define FLAG(key, field, scope, help) \
  { key, ARG_NONE, NULL, NULL, NULL, offsetof (struct config, field), \
    NULL, NULL, scope, help }
#define VALUE(key, metavar, what, field, scope, help) \
  { key, ARG_VALUE, metavar, what, NULL, offsetof (struct config, field), \
    NULL, NULL, scope, help }
#define LIST(key, metavar, what, add, scope, help) \
  { key, ARG_VALUE, metavar, what, NULL, 0, add, NULL, scope, help }
#define CHOICE(key, metavar, choices, choose, help) \
  { key, ARG_CHOICE, metavar, NULL, choices, 0, NULL, choose, 0, help }

/* In the order help lists them.  */
static const struct option options[] = {
  LIST ("policy", "FILE", "a file", add_policy, SCOPE_PATH,
	"read the policy FILE (repeatable; entries merge)"),
  LIST ("lock", "FILE", "a file", add_lock, SCOPE_PATH,
	"read the lock FILE, made by hotinline-summary --lock, after\n"
	"the policies; one that does not load is a warning and left out"),
  CHOICE ("severity", "S", severities, choose_severity,
	  "report declined hot calls as S (note, warning or error)\n"
	  "whatever the entries say"),
  FLAG ("no-werror", no_werror, 0,
	"hotinline's warnings stay warnings under -Werror"),
  CHOICE ("strategy", "S", strategies, choose_strategy,
	  "force always_inline entries by 'attribute' (as by hand)\n"
	  "or 'surgical' (only the calls the inliner declined)"),
  FLAG ("strict", strict, 0, "a hot function that cannot be forced is an error"),
  FLAG ("quiet", quiet, 0, "print only errors"),
  FLAG ("summary", summary, SCOPE_UNIT, "print a summary for each unit"),
  VALUE ("results", "DIR", "a directory", results_dir, SCOPE_PATH,
	 "write each unit's results to DIR as JSON"),
  VALUE ("cache", "DIR", "a directory", cache_dir, SCOPE_PATH,
	 "keep compiled policies in DIR (default: $HOTINLINE_CACHE_DIR,\n"
	 "else ~/.cache/hotinline)"),
  FLAG ("no-cache", no_cache, 0, "parse the policies every time"),
  VALUE ("list", "FILE", "a file", list_file, SCOPE_UNIT | SCOPE_PATH,
	 "add the functions marked always_inline in the source\n"
	 "to the policy FILE (one entry per overload)"),
  VALUE ("list-attribute", "A", "an attribute name", list_attribute,
	 SCOPE_UNIT,
	 "list the functions with attribute A instead"),
  FLAG ("list-by-name", list_by_name, SCOPE_UNIT,
	"list C++ functions by qualified name, overloads together"),
  CHOICE ("disregard", "M", disregards, choose_disregard,
	  "compile as if the source's always_inline marks were not\n"
	  "written ('always_inline'), or its inline keywords too\n"
	  "('inline'); marks in system headers are kept"),
  VALUE ("disregard-only", "FILE", "a file", disregard_only, SCOPE_PATH,
	 "disregard the marks of the functions the policy FILE\n"
	 "names only (its entries' names and files)"),
  CHOICE ("audit", "M", disregards, choose_audit,
	  "record the functions marked always_inline ('always_inline'),\n"
	  "or inline too ('inline'), and their calls in the results,\n"
	  "for hotinline-summary --audit; disregard= with results=\n"
	  "records the marks it disregards"),
  FLAG ("disable", disable, 0, "load the plugin but do nothing"),
  FLAG ("version", print_version, SCOPE_UNIT, "print the version"),
  FLAG ("help", print_help, SCOPE_UNIT, "print this list"),
};

enum { N_OPTIONS = sizeof options / sizeof *options };

/* The help text: each argument with its value, then its description from
   this column on (or two spaces after a longer argument), each further
   line of it indented to the column.  Written once, when the plugin is
   loaded: GCC takes it as static data (struct plugin_info).  */
enum { HELP_COLUMN = 38 };
static char help_text[4096];
const char *const config_help_text = help_text;

static void __attribute__ ((constructor))
write_help (void)
{
  size_t len = 0;
#define APPEND(...) \
  do \
    { \
      int n = snprintf (help_text + len, sizeof help_text - len, \
			__VA_ARGS__); \
      if (n < 0 || (size_t) n >= sizeof help_text - len) \
	abort (); \
      len += (size_t) n; \
    } \
  while (0)
  for (size_t i = 0; i < N_OPTIONS; i++)
    {
      const struct option *o = &options[i];
      size_t start = len;
      APPEND ("  " PREFIX "%s%s%s", o->key, o->metavar ? "=" : "",
	      o->metavar ? o->metavar : "");
      size_t width = len - start;
      for (const char *line = o->help; line;)
	{
	  const char *end = strchr (line, '\n');
	  int pad = width + 2 <= HELP_COLUMN ? (int) (HELP_COLUMN - width) : 2;
	  APPEND ("%*s%.*s\n", pad, "",
		  (int) (end ? (size_t) (end - line) : strlen (line)), line);
	  line = end ? end + 1 : NULL;
	  width = 0;
	}
    }
#undef APPEND
}

static char message[512];

void
config_init (struct config *c)
{
  memset (c, 0, sizeof *c);
  c->severity = -1;
  c->list_attribute = "always_inline";
}

static const char *
unknown (const char *key)
{
  const char *keys[N_OPTIONS + 1];
  for (size_t i = 0; i < N_OPTIONS; i++)
    keys[i] = options[i].key;
  keys[N_OPTIONS] = NULL;
  const char *hint = suggest_closest (key, keys);
  if (hint)
    snprintf (message, sizeof message,
	      "unknown argument '%s'; did you mean '%s'?", key, hint);
  else
    snprintf (message, sizeof message,
	      "unknown argument '%s'; see " PREFIX "help", key);
  return message;
}

/* "a, b or c" for CHOICES.  */
static void
write_choices (char *buf, size_t size, const char *const *choices)
{
  size_t len = 0;
  buf[0] = '\0';
  for (size_t i = 0; choices[i] && len < size; i++)
    len += (size_t) snprintf (buf + len, size - len, "%s%s",
			      i == 0 ? "" : choices[i + 1] ? ", " : " or ",
			      choices[i]);
}

static const char *
choose (struct config *c, const struct option *o, const char *value)
{
  for (int i = 0; value && o->choices[i]; i++)
    if (strcmp (value, o->choices[i]) == 0)
      {
	o->choose (c, i);
	return NULL;
      }
  char expected[128];
  write_choices (expected, sizeof expected, o->choices);
  snprintf (message, sizeof message,
	    "argument '%s' expects %s, found '%s'", o->key, expected,
	    value ? value : "");
  return message;
}

static const struct option *
option_named (const char *key)
{
  for (size_t i = 0; i < N_OPTIONS; i++)
    if (strcmp (key, options[i].key) == 0)
      return &options[i];
  return NULL;
}

bool
config_key_per_unit (const char *key)
{
  const struct option *o = option_named (key);
  return o && (o->scope & SCOPE_UNIT);
}

bool
config_key_is_path (const char *key)
{
  const struct option *o = option_named (key);
  return o && (o->scope & SCOPE_PATH);
}

const char *
config_apply (struct config *c, const char *key, const char *value)
{
  const struct option *o = option_named (key);
  if (!o)
    return unknown (key);

  switch (o->arg)
    {
    case ARG_NONE:
      if (value)
	{
	  snprintf (message, sizeof message,
		    "argument '%s' takes no value; write " PREFIX "%s", key,
		    key);
	  return message;
	}
      *(bool *) ((char *) c + o->field) = true;
      return NULL;
    case ARG_VALUE:
      if (!value || !*value)
	{
	  snprintf (message, sizeof message,
		    "argument '%s' needs %s: " PREFIX "%s=%s", key, o->what,
		    key, o->metavar);
	  return message;
	}
      if (o->add)
	o->add (c, value);
      else
	*(const char **) ((char *) c + o->field) = value;
      return NULL;
    case ARG_CHOICE:
    default:
      return choose (c, o, value);
    }
}

const char *
config_check (const struct config *c)
{
  if (c->disregard_only && c->disregard == CONFIG_DISREGARD_NONE)
    {
      snprintf (message, sizeof message,
		"argument 'disregard-only' needs the marks to disregard: "
		PREFIX "disregard=always_inline or " PREFIX
		"disregard=inline");
      return message;
    }
  if (c->audit != CONFIG_DISREGARD_NONE && !c->results_dir)
    {
      snprintf (message, sizeof message,
		"argument 'audit' records the marks in the results: give "
		PREFIX "results=DIR too");
      return message;
    }
  return NULL;
}

void
config_free (struct config *c)
{
  free (c->policies);
  c->policies = NULL;
  c->n_policies = 0;
  free (c->locks);
  c->locks = NULL;
  c->n_locks = 0;
}
