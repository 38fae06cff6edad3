/* The profile formats: "perf script" output, "perf report --stdio" output
   and callgrind's output files.  Each parser hands every sample or cost
   line to profile_add with the object it belongs to; malformed lines stop
   the tool with file:line.  */
#define _GNU_SOURCE
#include "profile.h"

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <hashtab.h>
#include <libiberty.h>

/* Lines of a buffer, cut in place.  */
struct lines
{
  char *next;
  size_t number;		/* Of the line last returned.  */
};

static char *
next_line (struct lines *l)
{
  if (!l->next)
    return NULL;
  char *line = l->next;
  char *nl = strchr (line, '\n');
  if (nl)
    {
      *nl = '\0';
      l->next = nl + 1;
    }
  else
    l->next = NULL;
  size_t len = strlen (line);
  if (len && line[len - 1] == '\r')
    line[len - 1] = '\0';
  if (!nl && !*line)
    return NULL;		/* The end of the last line.  */
  l->number++;
  return line;
}

static char *
skip_space (char *s)
{
  while (*s == ' ' || *s == '\t')
    s++;
  return s;
}

static void
trim_end (char *s)
{
  size_t len = strlen (s);
  while (len && (s[len - 1] == ' ' || s[len - 1] == '\t'))
    s[--len] = '\0';
}

static bool
is_hex_word (const char *s, size_t n)
{
  if (n == 0)
    return false;
  for (size_t i = 0; i < n; i++)
    if (!isxdigit ((unsigned char) s[i]))
      return false;
  return true;
}

/* perf script.

   A sample is a header line, "comm pid [cpu] time: [period] event: ",
   followed either on the same line by its frame "addr sym+off (dso)" or,
   when recorded with call graphs, by indented frame lines, innermost
   first.  Only the innermost frame is the sample's self cost.  perf
   prints a frame of a function inlined into the next one as
   "addr sym+off (inlined)": the object is that of the next real frame.
   A sample weighs its period when perf prints one.  */

/* Split FRAME, "addr sym+0xoff (dso)", into SYM and DSO, in place.
   False when it is not a frame.  */
static bool
split_frame (char *frame, char **sym, char **dso)
{
  frame = skip_space (frame);
  trim_end (frame);
  size_t len = strlen (frame);
  if (len < 3 || frame[len - 1] != ')')
    return false;
  /* The object is the last parenthesised group; a C++ symbol before it
     may hold parentheses of its own.  */
  int depth = 0;
  long open = -1;
  for (long i = (long) len - 1; i >= 0 && open < 0; i--)
    if (frame[i] == ')')
      depth++;
    else if (frame[i] == '(' && --depth == 0)
      open = i;
  if (open <= 0 || frame[open - 1] != ' ')
    return false;
  size_t addr = strcspn (frame, " \t");
  if (addr >= (size_t) open || !is_hex_word (frame, addr))
    return false;
  frame[len - 1] = '\0';
  *dso = frame + open + 1;
  frame[open - 1] = '\0';
  *sym = skip_space (frame + addr);
  trim_end (*sym);
  /* The offset perf appends: "churn+0x12".  */
  char *plus = strrchr (*sym, '+');
  if (plus && plus[1] == '0' && plus[2] == 'x'
      && is_hex_word (plus + 3, strlen (plus + 3)))
    *plus = '\0';
  return true;
}

static bool
is_number_word (const char *s, size_t n)
{
  for (size_t i = 0; i < n; i++)
    if (!isdigit ((unsigned char) s[i]) && s[i] != '.' && s[i] != ':')
      return false;
  return n > 0;
}

/* A header line's event ("cpu-clock:", "cycles:u:"): its name in
   *EVENT (cut in place), its period in *PERIOD (1 when perf printed
   none), and the text after it returned; NULL when the line has no
   event.  */
static char *
parse_header (char *line, char **event, double *period)
{
  char *prev = NULL;
  size_t prev_n = 0;
  bool after_time = false;	/* PREV follows the "time:" field.  */
  for (char *s = skip_space (line); *s;)
    {
      size_t n = strcspn (s, " \t");
      if (n > 1 && s[n - 1] == ':' && !is_number_word (s, n))
	{
	  /* The period sits between the time and the event; without a time
	     a number there is the pid.  */
	  *period = 1;
	  if (after_time && strspn (prev, "0123456789") == prev_n)
	    *period = strtod (prev, NULL);
	  char *rest = s + n;
	  bool end = *rest == '\0';
	  s[strcspn (s, ":")] = '\0';
	  *event = s;
	  return end ? rest : rest + 1;
	}
      after_time = prev && prev[prev_n - 1] == ':';
      prev = s;
      prev_n = n;
      s = skip_space (s + n);
    }
  return NULL;
}

/* The sample being read.  */
struct script
{
  struct profile *p;
  bool counted;			/* Of the event counted.  */
  bool want_frame;		/* Its own frame not read yet.  */
  bool in_chain;		/* Its call-graph lines follow.  */
  double weight;
  char *inlined;		/* Its own frame, inlined: the object comes
				   with a later frame.  */
};

/* FRAME of the current sample, in place.  */
static void
sample_frame (struct script *s, char *sym, const char *dso)
{
  if (!s->want_frame)
    return;			/* A caller.  */
  if (!strcmp (dso, "inlined"))
    {
      if (!s->inlined)
	s->inlined = profile_xstrndup (sym, strlen (sym));
      return;
    }
  profile_add (s->p, dso, s->inlined ? s->inlined : sym, false,
	       s->inlined != NULL, s->weight);
  free (s->inlined);
  s->inlined = NULL;
  s->want_frame = false;
}

static void
sample_end (struct script *s)
{
  if (s->want_frame)
    profile_add (s->p, "[unknown]", "[unknown]", false, false, s->weight);
  free (s->inlined);
  s->inlined = NULL;
  s->want_frame = s->in_chain = false;
}

/* Which event a sample of EVENT counts for: P->event, or the first one
   seen.  */
static bool
counted_event (struct profile *p, const char *event)
{
  if (!p->event)
    p->event = profile_xstrndup (event, strlen (event));
  if (!strcmp (event, p->event))
    return true;
  p->several_events = true;
  return false;
}

static void
read_perf_script (struct script *s, char *data)
{
  struct profile *p = s->p;
  struct lines l = { data, 0 };
  char *sym, *dso;
  for (char *line; (line = next_line (&l));)
    {
      if (*skip_space (line) == '\0' || line[0] == '#')
	{
	  sample_end (s);
	  continue;
	}
      if (s->in_chain && split_frame (line, &sym, &dso))
	{
	  if (s->counted)
	    sample_frame (s, sym, dso);
	  continue;
	}
      sample_end (s);
      char *event;
      char *rest = parse_header (line, &event, &s->weight);
      if (!rest)
	profile_bad_input (p, l.number, "expected a sample 'command pid "
			   "time: event: address symbol (object)'");
      s->counted = counted_event (p, event);
      s->in_chain = *skip_space (rest) == '\0';
      s->want_frame = s->counted;
      if (s->in_chain)
	continue;
      if (!split_frame (rest, &sym, &dso))
	profile_bad_input (p, l.number, "expected a frame 'address symbol "
			   "(object)'");
      if (s->counted)
	sample_frame (s, sym, dso);
      sample_end (s);
    }
  sample_end (s);
}

bool
profile_read_perf_script (struct profile *p, char *data)
{
  struct script *s = profile_xmalloc (sizeof *s);
  *s = (struct script) { .p = p };
  jmp_buf fail;
  p->fail = &fail;
  bool ok = setjmp (fail) == 0;
  if (ok)
    read_perf_script (s, data);
  free (s->inlined);
  free (s);
  p->fail = NULL;
  return ok;
}

/* perf report --stdio.

   Columns are found from the dotted rule under the header, which spans
   each column's width: "# ........  ........  ....  ......".  The self
   share is in "Self" when perf printed children too, else in
   "Overhead".  Call-graph lines under a row are indented and skipped.  */

enum { MAX_COLUMNS = 16 };

struct report_columns
{
  size_t start[MAX_COLUMNS];
  char *title[MAX_COLUMNS];
  int n;
  int self, dso, symbol;	/* Column indexes, -1 when absent.  */
};

/* The text of column I of LINE, trimmed, copied into BUF.  */
static const char *
column_text (const struct report_columns *c, const char *line, int i,
	     char *buf, size_t size)
{
  size_t len = strlen (line);
  size_t from = i == 0 ? 0 : c->start[i];
  size_t to = i + 1 < c->n ? c->start[i + 1] : len;
  if (from > len)
    from = len;
  if (to > len || i + 1 == c->n)
    to = len;
  while (from < to && (line[from] == ' ' || line[from] == '\t'))
    from++;
  while (to > from && (line[to - 1] == ' ' || line[to - 1] == '\t'))
    to--;
  size_t n = to - from < size - 1 ? to - from : size - 1;
  memcpy (buf, line + from, n);
  buf[n] = '\0';
  return buf;
}

static int
column_named (const struct report_columns *c, const char *title)
{
  for (int i = 0; i < c->n; i++)
    if (strcmp (c->title[i], title) == 0)
      return i;
  return -1;
}

/* Read the columns from HEADER ("# Overhead  Command ...") and RULE.  */
static void
read_columns (struct profile *p, struct report_columns *c, const char *header,
	      const char *rule, size_t line)
{
  for (int i = 0; i < c->n; i++)
    {
      free (c->title[i]);
      c->title[i] = NULL;
    }
  c->n = 0;
  for (size_t i = 1; rule[i]; i++)
    if (rule[i] == '.' && rule[i - 1] != '.')
      {
	if (c->n == MAX_COLUMNS)
	  profile_bad_input (p, line, "too many columns");
	c->start[c->n++] = i;
      }
  if (c->n == 0)
    profile_bad_input (p, line, "expected the dotted rule under perf "
		       "report's column titles");
  char buf[256];
  for (int i = 0; i < c->n; i++)
    {
      /* Titles start where their column does, after the "# ".  */
      const char *t = column_text (c, header, i, buf, sizeof buf);
      if (i == 0 && t[0] == '#')
	t = skip_space ((char *) t + 1);
      c->title[i] = profile_xstrndup (t, strlen (t));
    }
  c->self = column_named (c, "Self");
  if (c->self < 0)
    c->self = column_named (c, "Overhead");
  c->dso = column_named (c, "Shared Object");
  c->symbol = column_named (c, "Symbol");
  if (c->self < 0)
    profile_bad_input (p, line, "perf report without an 'Overhead' or "
		       "'Self' column");
  if (c->symbol < 0)
    profile_bad_input (p, line, "perf report without a 'Symbol' column: "
		       "its --sort must include 'sym' (the default "
		       "comm,dso,sym does)");
}

/* A share "12.34%", or -1.  */
static double
parse_share (const char *s)
{
  char *end;
  errno = 0;
  double v = strtod (s, &end);
  if (end == s || errno || strcmp (end, "%") != 0 || v < 0 || v > 100)
    return -1;
  return v;
}

static void
read_report_row (struct profile *p, const struct report_columns *c,
		 const char *line, size_t number)
{
  char share_buf[64], dso_buf[4096], sym_buf[4096];
  double share = parse_share (column_text (c, line, c->self, share_buf,
					   sizeof share_buf));
  const char *sym = column_text (c, line, c->symbol, sym_buf, sizeof sym_buf);
  /* Symbols are "[.] name" (user), "[k] name" (kernel), "[g]" guest
     kernel.  */
  if (share < 0 || sym[0] != '[' || !sym[1] || sym[2] != ']'
      || sym[3] != ' ')
    profile_bad_input (p, number, "expected a row 'share%% ... [.] "
		       "symbol' under the column titles");
  bool kernel = sym[1] == 'k' || sym[1] == 'g';
  const char *dso = c->dso >= 0 ? column_text (c, line, c->dso, dso_buf,
					       sizeof dso_buf) : "";
  profile_add (p, dso, skip_space ((char *) sym + 4), kernel, false, share);
}

/* The event of a "# Samples: 400  of event 'cpu-clock'" line, cut in
   place, or NULL.  */
static const char *
section_event (char *comment)
{
  const char *t = skip_space (comment);
  if (strncmp (t, "Samples:", 8) != 0)
    return NULL;
  char *open = strstr (comment, " of event '");
  if (!open)
    return NULL;
  open += 11;
  char *close = strrchr (open, '\'');
  if (!close)
    return NULL;
  *close = '\0';
  open[strcspn (open, ":")] = '\0';	/* "cycles:u" is "cycles".  */
  return open;
}

static void
read_perf_report (struct profile *p, struct report_columns *c, char *data)
{
  struct lines l = { data, 0 };
  char *header = NULL;
  /* A report of several events has a section for each.  */
  bool counted = true;
  for (char *line; (line = next_line (&l));)
    {
      if (line[0] == '#')
	{
	  const char *t = skip_space (line + 1);
	  const char *event = section_event (line + 1);
	  if (event)
	    counted = counted_event (p, event);
	  else if (!strncmp (t, "Overhead", 8) || !strncmp (t, "Children", 8))
	    header = line;
	  else if (header && t[0] == '.')
	    {
	      read_columns (p, c, header, line, l.number);
	      header = NULL;
	    }
	  continue;
	}
      if (*skip_space (line) == '\0' || !counted)
	continue;
      bool indented = line[0] == ' ' || line[0] == '\t';
      if (c->n == 0)
	profile_bad_input (p, l.number, "a row before perf report's column "
			   "titles");
      char buf[64];
      /* Call-graph lines under a row leave the first column empty or
	 draw the graph there ("|", "---name", "--42.50%--name").  */
      const char *first = column_text (c, line, 0, buf, sizeof buf);
      if (indented && (!first[0] || first[0] == '|' || first[0] == '-'))
	continue;
      read_report_row (p, c, line, l.number);
    }
}

bool
profile_read_perf_report (struct profile *p, char *data)
{
  struct report_columns *c = profile_xmalloc (sizeof *c);
  memset (c, 0, sizeof *c);
  double before = p->total;
  jmp_buf fail;
  p->fail = &fail;
  bool ok = setjmp (fail) == 0;
  if (ok)
    read_perf_report (p, c, data);
  for (int i = 0; i < c->n; i++)
    free (c->title[i]);
  free (c);
  p->fail = NULL;
  /* Shares are of every sample, whatever rows perf left out.  */
  if (p->total > before)
    p->total = before + 100;
  return ok;
}

/* Callgrind, per valgrind's "Callgrind Format Specification".

   "fn=" starts the costs of a function; each following cost line,
   "position... event...", is self cost, except the one line after
   "calls=", which is the inclusive cost of a call.  Names may be
   compressed: "fn=(12) name" defines 12, a later "fn=(12)", "cfn=(12)"
   or "jfn=(12)" refers to it; objects likewise with "ob=", "cob=".
   Without compression a name is written as it is, "(below main)" too.
   Positions may be relative ("+3", "-2") or repeated ("*"); "jump=" and
   "jcnd=" lines and the costless position line after them are jumps,
   which cost nothing.  Callgrind counts a function's inlined code as its
   own, so nothing is seen inlined.  */

/* Compressed names by id, and the last uncompressed one.  */
struct names
{
  htab_t ids;
  char *plain;
};

struct name_entry
{
  unsigned long id;
  char *name;
};

static hashval_t
name_hash (const void *p)
{
  return (hashval_t) (((const struct name_entry *) p)->id * 2654435761u);
}

static int
name_eq (const void *a, const void *b)
{
  return ((const struct name_entry *) a)->id
	 == ((const struct name_entry *) b)->id;
}

static void
name_free (void *p)
{
  free (((struct name_entry *) p)->name);
  free (p);
}

struct callgrind
{
  struct profile *p;
  struct names fns, obs;
  const char *ob;		/* Current object, "" before any.  */
  const char *fn;		/* Current function, NULL before any.  */
  char *fn_store, *ob_store;	/* Copies of both.  */
  int positions;		/* Position columns of a cost line.  */
  int event;			/* Index of the counted event.  */
  bool after_calls;		/* The next cost line is a call's.  */
};

static const char *
name_define (struct names *t, unsigned long id, const char *name)
{
  if (!t->ids)
    t->ids = htab_create_alloc (64, name_hash, name_eq, name_free, xcalloc,
				free);
  struct name_entry key = { id, NULL };
  void **slot = htab_find_slot (t->ids, &key, INSERT);
  struct name_entry *e = *slot;
  if (!e)
    {
      e = profile_xmalloc (sizeof *e);
      *e = key;
      *slot = e;
    }
  free (e->name);
  e->name = profile_xstrndup (name, strlen (name));
  return e->name;
}

/* The name VALUE of a "key=" line gives, "(id) name", "(id)" or "name".  */
static const char *
compressed_name (struct callgrind *g, struct names *t, char *value,
		 size_t line)
{
  size_t digits = value[0] == '(' ? strspn (value + 1, "0123456789") : 0;
  char after = digits ? value[1 + digits] : 0;
  if (!digits || after != ')'
      || (value[2 + digits] && value[2 + digits] != ' '))
    {
      free (t->plain);
      t->plain = profile_xstrndup (value, strlen (value));
      return t->plain;
    }
  errno = 0;
  unsigned long id = strtoul (value + 1, NULL, 10);
  if (errno)
    profile_bad_input (g->p, line, "compressed name (%.*s) out of range",
		       (int) digits, value + 1);
  char *name = skip_space (value + 2 + digits);
  if (*name)
    return name_define (t, id, name);
  struct name_entry key = { id, NULL }, *e = NULL;
  if (t->ids)
    e = htab_find (t->ids, &key);
  if (!e)
    profile_bad_input (g->p, line, "name (%lu) used before it is defined",
		       id);
  return e->name;
}

/* The plain name is overwritten by the next one; keep the current
   function and object in their own copies.  */
static const char *
keep (const char *name, char **store)
{
  free (*store);
  *store = profile_xstrndup (name, strlen (name));
  return *store;
}

/* A number, decimal or "0x" hexadecimal, of N characters.  */
static bool
is_number (const char *s, size_t n)
{
  if (n > 2 && s[0] == '0' && s[1] == 'x')
    return is_hex_word (s + 2, n - 2);
  return n > 0 && strspn (s, "0123456789") == n;
}

static bool
is_position (const char *s, size_t n)
{
  if (n == 1 && s[0] == '*')
    return true;
  if (n > 1 && (s[0] == '+' || s[0] == '-'))
    s++, n--;
  return is_number (s, n);
}

/* A cost line: the positions, then one number per event; events left out
   at the end cost 0.  */
static void
cost_line (struct callgrind *g, char *line, size_t number)
{
  char *s = line;
  for (int i = 0; i < g->positions; i++)
    {
      s = skip_space (s);
      size_t n = strcspn (s, " \t");
      if (!is_position (s, n))
	profile_bad_input (g->p, number, "expected a position");
      s += n;
    }
  double cost = 0;
  for (int i = 0; *(s = skip_space (s)); i++)
    {
      size_t n = strcspn (s, " \t");
      if (!is_number (s, n))
	profile_bad_input (g->p, number, "expected an event count");
      if (i == g->event)
	cost = (double) strtoull (s, NULL, 0);
      s += n;
    }
  bool was_call = g->after_calls;
  g->after_calls = false;
  if (was_call)
    return;			/* Inclusive cost of a call: not self.  */
  if (!g->fn)
    profile_bad_input (g->p, number, "a cost line before any 'fn='");
  profile_add (g->p, g->ob, g->fn, false, false, cost);
}

/* "events: Ir Dr ...": the counted one is the --event, else Ir, else the
   first.  */
static void
events_line (struct callgrind *g, const char *list, size_t number)
{
  struct profile *p = g->p;
  char *copy = profile_xstrndup (list, strlen (list));
  const char *want = p->event ? p->event : "Ir";
  char *first = NULL, *found = NULL;
  int i = 0;
  g->event = -1;
  for (char *w = strtok (copy, " \t"); w; w = strtok (NULL, " \t"), i++)
    {
      if (!first)
	first = w;
      if (g->event < 0 && strcmp (w, want) == 0)
	g->event = i, found = w;
    }
  if (!found && !p->event && first)
    g->event = 0, found = first;
  if (!found)
    {
      /* The message needs the list, which strtok cut.  */
      free (copy);
      profile_bad_input (p, number, "no event '%s' in the profile (events:"
			 "%s)", want, list);
    }
  if (p->unit && strcmp (p->unit, found))
    {
      char name[64];
      snprintf (name, sizeof name, "%s", found);
      free (copy);
      profile_bad_input (p, number, "this profile counts '%s' where the "
			 "others count '%s'; choose one with --event", name,
			 p->unit);
    }
  if (!p->unit)
    p->unit = profile_xstrndup (found, strlen (found));
  free (copy);
}

/* Header lines: "events:", "positions: instr line", and those that do
   not matter here ("cmd:", "part:", "totals:", "desc:", ...).  */
static void
header_line (struct callgrind *g, const char *line, size_t number)
{
  if (!strncmp (line, "events:", 7))
    events_line (g, line + 7, number);
  else if (!strncmp (line, "positions:", 10))
    {
      g->positions = 0;
      char *copy = profile_xstrndup (line + 10, strlen (line + 10));
      for (char *w = strtok (copy, " \t"); w; w = strtok (NULL, " \t"))
	g->positions++;
      free (copy);
      if (g->positions == 0)
	profile_bad_input (g->p, number, "'positions:' without a position");
    }
}

static bool
key_is (const char *line, const char *key, char **value)
{
  size_t n = strlen (key);
  if (strncmp (line, key, n) != 0 || line[n] != '=')
    return false;
  *value = skip_space ((char *) line + n + 1);
  return true;
}

/* A "key=value" line; false when the key is unknown.  */
static bool
spec_line (struct callgrind *g, char *line, size_t number)
{
  /* Files (fl=, fi=, fe=, cfi=, cfl=, jfi=) and jumps do not matter.  */
  static const char *const ignored[] = {
    "fl", "fi", "fe", "cfi", "cfl", "jfi", "jump", "jcnd", NULL
  };
  char *v;
  if (key_is (line, "fn", &v))
    g->fn = keep (compressed_name (g, &g->fns, v, number), &g->fn_store);
  else if (key_is (line, "cfn", &v) || key_is (line, "jfn", &v))
    compressed_name (g, &g->fns, v, number);
  else if (key_is (line, "ob", &v))
    g->ob = keep (compressed_name (g, &g->obs, v, number), &g->ob_store);
  else if (key_is (line, "cob", &v))
    compressed_name (g, &g->obs, v, number);
  else if (key_is (line, "calls", &v))
    g->after_calls = true;
  else
    {
      for (int i = 0; ignored[i]; i++)
	if (key_is (line, ignored[i], &v))
	  return true;
      return false;
    }
  return true;
}

static void
free_names (struct names *t)
{
  if (t->ids)
    htab_delete (t->ids);
  free (t->plain);
}

static void
read_callgrind (struct callgrind *g, char *data)
{
  struct lines l = { data, 0 };
  for (char *line; (line = next_line (&l));)
    {
      char c = line[0];
      if (c == '\0' || c == '#')
	continue;
      if (isdigit ((unsigned char) c) || c == '+' || c == '-' || c == '*')
	cost_line (g, line, l.number);
      else if (strchr (line, '=')
	       && strcspn (line, "=") < strcspn (line, ": "))
	{
	  if (!spec_line (g, line, l.number))
	    profile_bad_input (g->p, l.number, "unknown callgrind line "
			       "'%.*s'", (int) strcspn (line, "="), line);
	}
      else if (isalpha ((unsigned char) c) && strchr (line, ':'))
	header_line (g, line, l.number);
      else
	profile_bad_input (g->p, l.number, "not a callgrind line");
    }
}

bool
profile_read_callgrind (struct profile *p, char *data)
{
  struct callgrind *g = profile_xmalloc (sizeof *g);
  /* Until "events:", the first event would count; a file without the
     line is malformed.  */
  *g = (struct callgrind) { .p = p, .ob = "", .positions = 1, .event = 0 };
  jmp_buf fail;
  p->fail = &fail;
  bool ok = setjmp (fail) == 0;
  if (ok)
    read_callgrind (g, data);
  free_names (&g->fns);
  free_names (&g->obs);
  free (g->fn_store);
  free (g->ob_store);
  free (g);
  p->fail = NULL;
  return ok;
}

/* Format detection, from the first lines.  */
const char *
profile_detect_format (const char *path, const char *data)
{
  if (!strncmp (profile_basename (path), "callgrind.out", 13)
      || !strncmp (data, "# callgrind format", 18)
      || strstr (data, "\ncreator: callgrind")
      || !strncmp (data, "events:", 7))
    return "callgrind";
  /* perf report's header: comment lines, then the column titles.  */
  const char *s = data;
  for (int i = 0; i < 64 && *s == '#'; i++)
    {
      const char *t = s + 1;
      while (*t == ' ')
	t++;
      if (!strncmp (t, "Overhead", 8) || !strncmp (t, "Children", 8)
	  || !strncmp (t, "Samples:", 8))
	return "perf-report";
      s = strchr (s, '\n');
      if (!s)
	break;
      s++;
    }
  return "perf-script";
}
