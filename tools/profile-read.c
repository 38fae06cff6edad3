/* The profile formats: "perf script" output, "perf report --stdio" output
   and callgrind's output files.  Each parser hands every sample or cost
   line to profile_add with the object it belongs to; malformed lines stop
   the tool with file:line.  */
#define _GNU_SOURCE
#include "profile.h"

#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

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
   first.  Only the innermost frame is the sample's self cost.  */

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

/* The text after the event name of a header line ("cpu-clock:",
   "cycles:u:"), or NULL when the line has no event.  */
static char *
after_event (char *line)
{
  for (char *s = skip_space (line); *s;)
    {
      size_t n = strcspn (s, " \t");
      if (n > 1 && s[n - 1] == ':' && !is_number_word (s, n))
	return s + n;
      s = skip_space (s + n);
    }
  return NULL;
}

static void
add_frame (struct profile *p, char *frame, size_t line)
{
  char *sym, *dso;
  if (!split_frame (frame, &sym, &dso))
    profile_bad_input (p->path, line,
		       "expected a frame 'address symbol (object)'");
  profile_add (p, dso, sym, false, 1);
}

void
profile_read_perf_script (struct profile *p, char *data)
{
  struct lines l = { data, 0 };
  /* After a header without a frame of its own: its call-graph frames
     follow, the first is the sample's own.  */
  bool in_chain = false, want_frame = false;
  char *sym, *dso;
  p->unit = profile_xstrndup ("samples", 7);
  for (char *line; (line = next_line (&l));)
    {
      if (*skip_space (line) == '\0' || line[0] == '#')
	{
	  if (want_frame)
	    profile_add (p, "[unknown]", "[unknown]", false, 1);
	  in_chain = want_frame = false;
	  continue;
	}
      if (in_chain && split_frame (line, &sym, &dso))
	{
	  if (want_frame)
	    profile_add (p, dso, sym, false, 1);
	  want_frame = false;
	  continue;
	}
      if (want_frame)
	profile_add (p, "[unknown]", "[unknown]", false, 1);
      char *rest = after_event (line);
      if (!rest)
	profile_bad_input (p->path, l.number,
			   "expected a sample 'command pid time: event: "
			   "address symbol (object)'");
      in_chain = want_frame = *skip_space (rest) == '\0';
      if (!want_frame)
	add_frame (p, rest, l.number);
    }
  if (want_frame)
    profile_add (p, "[unknown]", "[unknown]", false, 1);
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
    free (c->title[i]);
  c->n = 0;
  for (size_t i = 1; rule[i]; i++)
    if (rule[i] == '.' && rule[i - 1] != '.')
      {
	if (c->n == MAX_COLUMNS)
	  profile_bad_input (p->path, line, "too many columns");
	c->start[c->n++] = i;
      }
  if (c->n == 0)
    profile_bad_input (p->path, line, "expected the dotted rule under "
		       "perf report's column titles");
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
  if (c->self < 0 || c->symbol < 0)
    profile_bad_input (p->path, line, "perf report without an 'Overhead' "
		       "or 'Self' column and a 'Symbol' column");
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
    profile_bad_input (p->path, number, "expected a row 'share%% ... "
		       "[.] symbol' under the column titles");
  bool kernel = sym[1] == 'k' || sym[1] == 'g';
  const char *dso = c->dso >= 0 ? column_text (c, line, c->dso, dso_buf,
					       sizeof dso_buf) : "";
  profile_add (p, dso, skip_space ((char *) sym + 4), kernel, share);
}

void
profile_read_perf_report (struct profile *p, char *data)
{
  struct lines l = { data, 0 };
  struct report_columns c = { .n = 0 };
  char *header = NULL;
  p->unit = profile_xstrndup ("samples", 7);
  for (char *line; (line = next_line (&l));)
    {
      if (line[0] == '#')
	{
	  const char *t = skip_space (line + 1);
	  if (!strncmp (t, "Overhead", 8) || !strncmp (t, "Children", 8))
	    header = line;
	  else if (header && t[0] == '.')
	    {
	      read_columns (p, &c, header, line, l.number);
	      header = NULL;
	    }
	  continue;
	}
      if (*skip_space (line) == '\0')
	continue;
      bool indented = line[0] == ' ' || line[0] == '\t';
      if (c.n == 0)
	profile_bad_input (p->path, l.number, "a row before perf report's "
			   "column titles");
      char buf[64];
      /* Call-graph lines under a row leave the first column empty or
	 draw the graph there ("|", "---name", "--42.50%--name").  */
      const char *first = column_text (&c, line, 0, buf, sizeof buf);
      if (indented && (!first[0] || first[0] == '|' || first[0] == '-'))
	continue;
      read_report_row (p, &c, line, l.number);
    }
  for (int i = 0; i < c.n; i++)
    free (c.title[i]);
  /* Shares are of every sample, whatever rows perf left out.  */
  if (p->total > 0)
    p->total = 100;
}

/* Callgrind.

   "fn=" starts the costs of a function; each following cost line,
   "position... event...", is self cost, except the one line after
   "calls=", which is the inclusive cost of a call.  Names may be
   compressed: "fn=(12) name" defines 12, a later "fn=(12)" or
   "cfn=(12)" refers to it; objects likewise with "ob=", "cob=".  */

struct names
{
  char **v;
  size_t n;
};

struct callgrind
{
  struct profile *p;
  struct names fns, obs;
  const char *ob;		/* Current object, "" before any.  */
  const char *fn;		/* Current function, NULL before any.  */
  int positions;		/* Position columns of a cost line.  */
  int event;			/* Index of the counted event.  */
  bool after_calls;		/* The next cost line is a call's.  */
};

static const char *
name_define (struct names *t, size_t id, const char *name)
{
  if (id >= t->n)
    {
      t->v = profile_xrealloc (t->v, (id + 1) * sizeof *t->v);
      memset (t->v + t->n, 0, (id + 1 - t->n) * sizeof *t->v);
      t->n = id + 1;
    }
  free (t->v[id]);
  t->v[id] = profile_xstrndup (name, strlen (name));
  return t->v[id];
}

/* The name VALUE of a "key=" line gives, "(id) name", "(id)" or "name".  */
static const char *
compressed_name (struct callgrind *g, struct names *t, char *value,
		 size_t line)
{
  if (value[0] != '(')
    return name_define (t, 0, value);	/* Slot 0: uncompressed names.  */
  /* Compressed id K lives in slot K + 1.  */
  char *end;
  errno = 0;
  unsigned long id = strtoul (value + 1, &end, 10);
  if (end == value + 1 || *end != ')' || errno || id >= 1u << 24)
    profile_bad_input (g->p->path, line, "expected '(number)' in a "
		       "compressed name");
  char *name = skip_space (end + 1);
  if (*name)
    return name_define (t, id + 1, name);
  if (id + 1 >= t->n || !t->v[id + 1])
    profile_bad_input (g->p->path, line, "name (%lu) used before it is "
		       "defined", id);
  return t->v[id + 1];
}

/* The uncompressed slot 0 is overwritten by the next plain name; keep the
   current function and object in their own copies.  */
static const char *
keep (const char *name, char **store)
{
  free (*store);
  *store = profile_xstrndup (name, strlen (name));
  return *store;
}

static bool
is_position (const char *s, size_t n)
{
  if (n == 1 && s[0] == '*')
    return true;
  if (s[0] == '+' || s[0] == '-')
    s++, n--;
  if (n > 2 && s[0] == '0' && s[1] == 'x')
    return is_hex_word (s + 2, n - 2);
  return n > 0 && strspn (s, "0123456789") == n;
}

/* A cost line: the positions, then one number per event.  */
static void
cost_line (struct callgrind *g, char *line, size_t number)
{
  char *s = line;
  for (int i = 0; i < g->positions; i++)
    {
      s = skip_space (s);
      size_t n = strcspn (s, " \t");
      if (!is_position (s, n))
	profile_bad_input (g->p->path, number, "expected a position");
      s += n;
    }
  double cost = 0;
  for (int i = 0; *(s = skip_space (s)); i++)
    {
      size_t n = strcspn (s, " \t");
      if (strspn (s, "0123456789") != n)
	profile_bad_input (g->p->path, number, "expected an event count");
      if (i == g->event)
	cost = strtod (s, NULL);
      s += n;
    }
  bool was_call = g->after_calls;
  g->after_calls = false;
  if (was_call)
    return;			/* Inclusive cost of a call: not self.  */
  if (!g->fn)
    profile_bad_input (g->p->path, number, "a cost line before any 'fn='");
  profile_add (g->p, g->ob, g->fn, false, cost);
}

/* "events: Ir Dr ..." and "positions: instr line".  */
static void
header_line (struct callgrind *g, const char *line)
{
  if (!strncmp (line, "events:", 7))
    {
      char *copy = profile_xstrndup (line + 7, strlen (line + 7));
      int i = 0;
      char *first = NULL;
      g->event = -1;
      for (char *w = strtok (copy, " \t"); w; w = strtok (NULL, " \t"), i++)
	{
	  if (!first)
	    first = w;
	  if (g->event < 0 && strcmp (w, "Ir") == 0)
	    g->event = i;
	}
      if (g->event < 0 && first)
	{
	  /* Without instructions, the first event counts.  */
	  g->event = 0;
	  free (g->p->unit);
	  g->p->unit = profile_xstrndup (first, strlen (first));
	}
      free (copy);
    }
  else if (!strncmp (line, "positions:", 10))
    {
      g->positions = 0;
      char *copy = profile_xstrndup (line + 10, strlen (line + 10));
      for (char *w = strtok (copy, " \t"); w; w = strtok (NULL, " \t"))
	g->positions++;
      free (copy);
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
spec_line (struct callgrind *g, char *line, size_t number, char **fn_store,
	   char **ob_store)
{
  char *v;
  if (key_is (line, "fn", &v))
    g->fn = keep (compressed_name (g, &g->fns, v, number), fn_store);
  else if (key_is (line, "cfn", &v))
    compressed_name (g, &g->fns, v, number);
  else if (key_is (line, "ob", &v))
    g->ob = keep (compressed_name (g, &g->obs, v, number), ob_store);
  else if (key_is (line, "cob", &v))
    compressed_name (g, &g->obs, v, number);
  else if (key_is (line, "calls", &v))
    g->after_calls = true;
  else if (!key_is (line, "fl", &v) && !key_is (line, "fi", &v)
	   && !key_is (line, "fe", &v) && !key_is (line, "cfi", &v)
	   && !key_is (line, "cfl", &v) && !key_is (line, "jump", &v)
	   && !key_is (line, "jcnd", &v))
    return false;
  return true;
}

static void
free_names (struct names *t)
{
  for (size_t i = 0; i < t->n; i++)
    free (t->v[i]);
  free (t->v);
}

void
profile_read_callgrind (struct profile *p, char *data)
{
  struct lines l = { data, 0 };
  struct callgrind g = { p, { 0 }, { 0 }, "", NULL, 1, 0, false };
  char *fn_store = NULL, *ob_store = NULL;
  p->unit = profile_xstrndup ("Ir", 2);
  for (char *line; (line = next_line (&l));)
    {
      char c = line[0];
      if (c == '\0' || c == '#')
	continue;
      if (isdigit ((unsigned char) c) || c == '+' || c == '-' || c == '*')
	cost_line (&g, line, l.number);
      else if (strchr (line, '=')
	       && strcspn (line, "=") < strcspn (line, ": "))
	{
	  if (!spec_line (&g, line, l.number, &fn_store, &ob_store))
	    profile_bad_input (p->path, l.number, "unknown callgrind line "
			       "'%.*s'", (int) strcspn (line, "="), line);
	}
      else if (isalpha ((unsigned char) c) && strchr (line, ':'))
	header_line (&g, line);
      else
	profile_bad_input (p->path, l.number, "not a callgrind line");
    }
  free_names (&g.fns);
  free_names (&g.obs);
  free (fn_store);
  free (ob_store);
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
