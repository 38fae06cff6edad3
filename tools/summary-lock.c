/* hotinline-summary --lock (summary-lock.h): a build's hot call sites
   folded per callee and caller identifier into a policy, written with
   its comments by hand and every string through libyaml's emitter,
   which quotes and escapes.  */
#define _GNU_SOURCE
#include <errno.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <yaml.h>

#include "clone-names.h"
#include "cxx-names.h"
#include "summary-lock.h"
#include "summary-util.h"


/* One entry of the lock: a hot function called from one caller.  */
struct pair
{
  char *callee;			/* As the entry names it: no clone suffix,
				   glob characters escaped.  */
  char *callee_text;		/* The same, not escaped: for comments.  */
  char *caller;			/* The caller's identifier, escaped.  */
  char *caller_text;		/* The same, not escaped: for reasons.  */
  long long inlined, left;	/* Calls, over all units.  */
};

struct pairs
{
  struct pair *v;
  size_t n, cap;
  json_t *index;		/* "callee\ncaller" -> index in V.  */
};

static bool
word_char (char c)
{
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z')
	 || (c >= '0' && c <= '9') || c == '_' || c == '$';
}

/* Whether S[I..] is the word "operator" naming an operator: not part of
   a longer identifier ("operators").  */
static bool
operator_at (const char *s, size_t i, size_t len)
{
  return len - i >= 8 && strncmp (s + i, "operator", 8) == 0
	 && (i == 0 || !word_char (s[i - 1]))
	 && (i + 8 == len || !word_char (s[i + 8]));
}

/* The end of the operator whose word "operator" ends at S[I]: its
   symbol ("<", "<<=", "()", "[]", "->*"), "new[]", or a conversion's
   type, up to the parameter list.  The brackets of an operator's name
   open nothing, so they are read here rather than by depth.  */
static size_t
operator_end (const char *s, size_t i, size_t len)
{
  size_t j = i;
  while (j < len && s[j] == ' ')
    j++;
  if (j + 1 < len && ((s[j] == '(' && s[j + 1] == ')')
		      || (s[j] == '[' && s[j + 1] == ']')))
    return j + 2;
  if (j < len && strchr ("+-*/%^&|~!=<>,", s[j]))
    {
      while (j < len && strchr ("+-*/%^&|~!=<>,", s[j]))
	j++;
      return j;
    }
  if (len - j >= 3 && (strncmp (s + j, "new", 3) == 0
		       || (len - j >= 6 && strncmp (s + j, "delete", 6) == 0)))
    {
      j += s[j] == 'n' ? 3 : 6;
      if (j + 1 < len && s[j] == '[' && s[j + 1] == ']')
	j += 2;
      return j;
    }
  /* A conversion ("operator bool", "operator const char*") or a literal
     operator: up to its parameter list.  */
  int depth = 0;
  for (; j < len; j++)
    {
      if (s[j] == '(' && depth == 0)
	break;
      if (strchr ("<[{(", s[j]))
	depth++;
      else if (strchr (">]})", s[j]) && depth > 0)
	depth--;
    }
  while (j > i && s[j - 1] == ' ')
    j--;
  return j;
}

/* Where the bracket opened at S[I] closes (the index of its closer), or
   LEN.  "->" closes nothing.  */
static size_t
bracket_close (const char *s, size_t i, size_t len)
{
  int depth = 0;
  for (size_t j = i; j < len; j++)
    {
      if (strchr ("<[{(", s[j]))
	depth++;
      else if (strchr (">]})", s[j]) && !(s[j] == '>' && j > 0
					   && s[j - 1] == '-'))
	{
	  if (--depth == 0)
	    return j;
	}
    }
  return len;
}

char *
lock_caller_identifier (const char *caller)
{
  /* The plugins look a caller up by its identifier: GCC's DECL_NAME,
     LLVM's demangled base name.  The results spell C++ callers in full
     ("ns::S::walk<true>"), so the identifier is cut out of that: the
     last component at bracket depth 0, up to its template arguments or
     parameter list.  A parenthesised part followed by "::" is a
     qualifier ("use(int)::<lambda(int)>::operator()", "(anonymous
     namespace)::f"), not the parameters.  */
  size_t len = clone_base_length (caller, strlen (caller));
  size_t start = 0, end = len;
  for (size_t i = 0; i < len; i++)
    {
      char c = caller[i];
      if (operator_at (caller, i, len))
	{
	  start = i;
	  end = operator_end (caller, i + 8, len);
	  break;
	}
      if (c == ':' && i + 1 < len && caller[i + 1] == ':')
	{
	  start = i + 2;
	  i++;
	  continue;
	}
      if (!strchr ("<[{(", c))
	continue;
      size_t close = bracket_close (caller, i, len);
      size_t after = close + 1;
      while (after < len && caller[after] == ' ')
	after++;
      bool qualifier = after + 1 < len && caller[after] == ':'
		       && caller[after + 1] == ':';
      if (c == '(' && !qualifier)
	{
	  end = i;		/* The parameter list.  */
	  break;
	}
      i = close < len ? close : len;
    }
  /* Up to the component's template arguments.  */
  size_t stop = start;
  while (stop < end && !(caller[stop] == '<' && !operator_at (caller, start,
							     len)))
    stop++;
  if (stop > start)
    end = stop;
  while (end > start && caller[end - 1] == ' ')
    end--;
  if (end == start)		/* Nothing left ("<lambda()>"): as given.  */
    return strndup (caller, len);
  return strndup (caller + start, end - start);
}

/* NAME without its clone suffix, malloc'd.  */
static char *
base_name (const char *name)
{
  return strndup (name, clone_base_length (name, strlen (name)));
}

static char *
escaped (const char *name)
{
  char *e = cxx_name_escape_globs (name);
  if (!e)
    abort ();
  return e;
}

/* Add INLINED and LEFT calls of SITE to P, under its callee and caller
   identifier; a call of a function to itself (recursion) pins nothing.  */
static void
add_site (struct pairs *p, const struct site *site, long long inlined,
	  long long left)
{
  char *callee = base_name (site->callee);
  char *caller = base_name (site->caller);
  if (strcmp (callee, caller) == 0)
    {
      free (callee);
      free (caller);
      return;
    }
  char *id = lock_caller_identifier (caller);
  free (caller);
  if (!*id)
    {
      /* No caller to scope an entry by (the loader refuses an empty
	 pattern).  */
      free (callee);
      free (id);
      return;
    }
  char *callee_e = escaped (callee), *id_e = escaped (id);
  char *key = summary_format ("%s\n%s", callee_e, id_e);
  json_t *at = json_object_get (p->index, key);
  struct pair *pair;
  if (at)
    {
      pair = &p->v[json_integer_value (at)];
      free (callee);
      free (id);
      free (callee_e);
      free (id_e);
    }
  else
    {
      if (p->n == p->cap)
	p->v = realloc (p->v, (p->cap = p->cap * 2 + 16) * sizeof *p->v);
      if (!p->v)
	abort ();
      json_object_set_new (p->index, key, json_integer (p->n));
      pair = &p->v[p->n++];
      *pair = (struct pair) { callee_e, callee, id_e, id, 0, 0 };
    }
  free (key);
  pair->inlined += inlined;
  pair->left += left;
}

static int
compare_pairs (const void *a, const void *b)
{
  const struct pair *x = a, *y = b;
  int c = strcmp (x->callee, y->callee);
  return c ? c : strcmp (x->caller, y->caller);
}

static void
pairs_free (struct pairs *p)
{
  for (size_t i = 0; i < p->n; i++)
    {
      free (p->v[i].callee);
      free (p->v[i].callee_text);
      free (p->v[i].caller);
      free (p->v[i].caller_text);
    }
  free (p->v);
  json_decref (p->index);
}

static int
write_out (void *out, unsigned char *buffer, size_t size)
{
  return fwrite (buffer, 1, size, out) == size;
}

/* S as a YAML double-quoted scalar, written to OUT by libyaml's emitter
   (a document of its own, whose markers are implicit and not written):
   it escapes what YAML wants escaped.  */
void
lock_put_quoted (FILE *out, const char *s)
{
  yaml_emitter_t em;
  yaml_event_t ev;
  char *text = strdup (s), *doc = NULL;
  size_t size = 0;
  FILE *buffer = open_memstream (&doc, &size);
  if (!text || !buffer || !yaml_emitter_initialize (&em))
    abort ();
  yaml_emitter_set_output (&em, write_out, buffer);
  yaml_emitter_set_unicode (&em, 1);
  yaml_emitter_set_width (&em, -1);
  /* libyaml takes only UTF-8: a path given in another encoding is
     written with '?' for its other bytes.  */
  if (!yaml_scalar_event_initialize (&ev, NULL, NULL, (yaml_char_t *) text,
				     (int) strlen (text), 1, 1,
				     YAML_DOUBLE_QUOTED_SCALAR_STYLE))
    {
      for (char *c = text; *c; c++)
	if ((unsigned char) *c >= 0x80)
	  *c = '?';
    }
  else
    yaml_event_delete (&ev);
  bool ok = yaml_stream_start_event_initialize (&ev, YAML_UTF8_ENCODING)
	    && yaml_emitter_emit (&em, &ev)
	    && yaml_document_start_event_initialize (&ev, NULL, NULL, NULL, 1)
	    && yaml_emitter_emit (&em, &ev)
	    && yaml_scalar_event_initialize (&ev, NULL, NULL,
					     (yaml_char_t *) text,
					     (int) strlen (text), 1, 1,
					     YAML_DOUBLE_QUOTED_SCALAR_STYLE)
	    && yaml_emitter_emit (&em, &ev)
	    && yaml_document_end_event_initialize (&ev, 1)
	    && yaml_emitter_emit (&em, &ev)
	    && yaml_stream_end_event_initialize (&ev)
	    && yaml_emitter_emit (&em, &ev) && yaml_emitter_flush (&em);
  yaml_emitter_delete (&em);
  free (text);
  if (!ok || fclose (buffer) != 0 || !size || doc[0] != '"')
    abort ();
  /* The document is the scalar and a newline: the scalar goes inside a
     line.  */
  while (size && doc[size - 1] == '\n')
    size--;
  fwrite (doc, 1, size, out);
  free (doc);
}

/* Text for a comment line: a newline or another control character in a
   name or a path would end the comment.  */
void
lock_put_comment_text (FILE *out, const char *s)
{
  for (; *s; s++)
    fputc ((unsigned char) *s < 0x20 || *s == 0x7f ? '?' : *s, out);
}

/* The day B was built, UTC "YYYY-MM-DD": SOURCE_DATE_EPOCH when set, so
   that the lock is reproducible, else the newest of its results
   files.  */
void
lock_date (long long newest, char out[16])
{
  time_t t = (time_t) newest;
  const char *epoch = getenv ("SOURCE_DATE_EPOCH");
  if (epoch && *epoch)
    {
      char *end;
      errno = 0;
      long long v = strtoll (epoch, &end, 10);
      if (*end || errno || v < 0)
	summary_die ("SOURCE_DATE_EPOCH='%s' is not a number of seconds since "
		  "1970-01-01 UTC", epoch);
      t = (time_t) v;
    }
  struct tm tm;
  if (!gmtime_r (&t, &tm) || !strftime (out, 16, "%Y-%m-%d", &tm))
    strcpy (out, "an unknown day");
}

static void
build_date (const struct build *b, char out[16])
{
  lock_date (b->newest, out);
}

/* What a lock says of a build: its compilers, or that they are not
   known (results of an older plugin).  malloc'd.  */
static char *
compilers_of (struct build *b)
{
  bool mixed;
  char *c = build_compilers (b, &mixed);
  if (*c)
    return c;
  free (c);
  return strdup ("a compiler its results do not name");
}

/* PATHS joined by ", ".  */
static char *
joined (char *const *paths, size_t n)
{
  char *text = strdup ("");
  for (size_t i = 0; i < n; i++)
    {
      char *longer = summary_format ("%s%s%s", text, i ? ", " : "",
				     paths[i]);
      free (text);
      text = longer;
    }
  return text;
}

/* One entry, in flow style on one line.  */
static void
put_entry (FILE *out, const struct pair *p, bool pinned, const char *reason)
{
  fputs ("- {name: ", out);
  lock_put_quoted (out, p->callee);
  fputs (", callers: ", out);
  lock_put_quoted (out, p->caller);
  fputs (pinned ? ", action: always_inline" : ", action: report, "
	 "severity: note", out);
  fputs (", reason: ", out);
  lock_put_quoted (out, reason);
  fputs ("}\n", out);
}

/* Sorts P and writes its entries, each callee's under a comment that
   counts them; REASON_OF says why an entry is there.  */
static struct lock_counts
put_entries (FILE *out, struct pairs *p,
	     char *(*reason_of) (const struct pair *, void *), void *data)
{
  struct lock_counts counts = { 0, 0, 0 };
  qsort (p->v, p->n, sizeof *p->v, compare_pairs);
  fputs (p->n ? "functions:\n" : "functions: []\n", out);
  for (size_t i = 0; i < p->n;)
    {
      size_t end = i, pinned = 0;
      while (end < p->n && strcmp (p->v[end].callee, p->v[i].callee) == 0)
	pinned += !p->v[end++].left;
      fputs ("# ", out);
      lock_put_comment_text (out, p->v[i].callee_text);
      fprintf (out, ": inlined into %zu caller%s, left a call in %zu\n",
	       pinned, pinned == 1 ? "" : "s", end - i - pinned);
      counts.functions++;
      for (; i < end; i++)
	{
	  char *reason = reason_of (&p->v[i], data);
	  put_entry (out, &p->v[i], !p->v[i].left, reason);
	  free (reason);
	  p->v[i].left ? counts.kept++ : counts.pinned++;
	}
    }
  return counts;
}

/* Write TEXT (SIZE bytes) to FILE ("-": standard output) through
   FILE.tmp, renamed over it: a reader sees the old lock or the new one,
   never part of one.  */
void
lock_commit (const char *file, const char *text, size_t size)
{
  if (strcmp (file, "-") == 0)
    {
      if (fwrite (text, 1, size, stdout) != size || fflush (stdout) != 0)
	summary_die ("cannot write the lock to standard output: %s",
		  strerror (errno));
      return;
    }
  char *tmp = summary_format ("%s.tmp", file);
  FILE *f = fopen (tmp, "w");
  if (!f)
    summary_die ("cannot write the lock %s: %s", file, strerror (errno));
  bool ok = fwrite (text, 1, size, f) == size;
  int why = errno;
  if (fclose (f) != 0 && ok)
    {
      ok = false;
      why = errno;
    }
  if (ok && rename (tmp, file) != 0)
    {
      ok = false;
      why = errno;
    }
  if (!ok)
    {
      unlink (tmp);
      summary_die ("cannot write the lock %s: %s", file, strerror (why));
    }
  free (tmp);
}

static void
say_written (const char *file, struct lock_counts c)
{
  fprintf (stderr, "hotinline-summary: wrote %s: %zu site%s pinned "
	   "inlined, %zu kept as calls, over %zu hot function%s\n",
	   strcmp (file, "-") == 0 ? "the lock to standard output" : file,
	   c.pinned, c.pinned == 1 ? "" : "s", c.kept, c.functions,
	   c.functions == 1 ? "" : "s");
}

/* How to use the lock, and what to know of it: the same in every
   lock.  */
static void
put_usage (FILE *out, const char *file)
{
  const char *name = strcmp (file, "-") == 0 ? "LOCK" : file;
  fputs ("#\n# Use it after the project's policies:\n#   "
	 "-fplugin-arg-hotinline-policy=POLICY "
	 "-fplugin-arg-hotinline-lock=", out);
  lock_put_comment_text (out, name);
  fputs ("\n# (today's plugin also loads it as one more "
	 "-fplugin-arg-hotinline-policy=).\n"
	 "# Each entry is one hot function in one caller, the caller named "
	 "by its\n# identifier. always_inline: every call there was inlined"
	 " in that build,\n# forced again if a later build declines it. "
	 "report (a note): a call was\n# left there, kept as it was; change "
	 "its action to always_inline to force it.\n"
	 "# An entry whose caller no longer exists matches nothing, and\n"
	 "# hotinline-summary lists it among the policy entries that matched"
	 "\n# nothing (stale): remove it, or make the lock again.\n"
	 "# Review it like code: it decides what the compiler inlines.\n",
	 out);
}

struct lock_about
{
  const char *compilers, *date, *results;
};

static char *
reason_of_build (const struct pair *p, void *data)
{
  const struct lock_about *a = data;
  long long calls = p->inlined + p->left;
  if (!p->left)
    return summary_format ("locked: inlined into '%s' (%lld call%s) by %s "
			   "in the build of %s (results: %s)",
			   p->caller_text, calls, calls == 1 ? "" : "s",
			   a->compilers, a->date, a->results);
  return summary_format ("locked: left a call in '%s' (%lld of %lld call%s)"
			 " by %s in the build of %s (results: %s)",
			 p->caller_text, p->left, calls,
			 calls == 1 ? "" : "s", a->compilers, a->date,
			 a->results);
}

/* A lock's text, made in memory and committed whole.  */
struct lock_text
{
  char *text;
  size_t size;
  FILE *out;
};

static void
text_start (struct lock_text *t)
{
  *t = (struct lock_text) { NULL, 0, NULL };
  if (!(t->out = open_memstream (&t->text, &t->size)))
    abort ();
}

/* Write T to FILE and say so.  */
static void
text_commit (struct lock_text *t, const char *file, struct lock_counts c)
{
  if (fclose (t->out) != 0)
    abort ();
  lock_commit (file, t->text, t->size);
  free (t->text);
  say_written (file, c);
}

struct lock_counts
write_lock (const char *file, struct build *b, char *const *paths,
	    size_t n_paths)
{
  char date[16];
  build_date (b, date);
  char *compilers = compilers_of (b);
  char *results = joined (paths, n_paths);
  struct pairs p = { .index = json_object () };
  for (size_t i = 0; i < b->sites->n; i++)
    add_site (&p, &b->sites->v[i], b->sites->v[i].inlined,
	      b->sites->v[i].left);

  struct lock_text t;
  text_start (&t);
  FILE *out = t.out;
  fputs ("# A hotinline lock: the hot inlining of a known-good build, "
	 "pinned so that\n# a later build (a refactor, another compiler) "
	 "keeps it.\n# Written by hotinline-summary --lock from the results "
	 "in ", out);
  lock_put_comment_text (out, results);
  fprintf (out, "\n# (%zu unit%s, compiled by ", b->n_units,
	   b->n_units == 1 ? "" : "s");
  lock_put_comment_text (out, compilers);
  fprintf (out, ", on %s).\n", date);
  put_usage (out, file);
  if (!p.n)
    fputs ("# These results hold no hot call: there is nothing to pin.\n",
	   out);
  fputs ("version: 1\n", out);
  struct lock_about about = { compilers, date, results };
  struct lock_counts counts = put_entries (out, &p, reason_of_build, &about);
  text_commit (&t, file, counts);
  pairs_free (&p);
  free (compilers);
  free (results);
  return counts;
}

/* What a lock of regressions says of its two builds.  */
struct regressions_about
{
  const char *old_compilers, *old_date, *old_path;
  const char *new_compilers, *new_path;
};

static char *
reason_of_regression (const struct pair *p, void *data)
{
  const struct regressions_about *a = data;
  return summary_format ("locked: inlined into '%s' by %s in the build of "
			 "%s (results: %s); left a call by %s (results: %s)",
			 p->caller_text, a->old_compilers, a->old_date,
			 a->old_path, a->new_compilers, a->new_path);
}

/* The header's line about one build of a comparison.  */
static void
put_build_line (FILE *out, const char *which, const char *path,
		struct build *b, const char *compilers, const char *date)
{
  fprintf (out, "#   %s: ", which);
  lock_put_comment_text (out, path);
  fprintf (out, " (%zu unit%s, compiled by ", b->n_units,
	   b->n_units == 1 ? "" : "s");
  lock_put_comment_text (out, compilers);
  fprintf (out, ", on %s)\n", date);
}

struct lock_counts
write_regressions_lock (const char *file, struct build *old,
			const char *old_path, struct build *new_,
			const char *new_path)
{
  char old_date[16], new_date[16];
  build_date (old, old_date);
  build_date (new_, new_date);
  char *old_compilers = compilers_of (old);
  char *new_compilers = compilers_of (new_);
  /* The sites --diff lists: inlined in OLD, a call in NEW.  Every one is
     pinned back, whatever else its caller does.  */
  struct pairs p = { .index = json_object () };
  for (size_t i = 0; i < new_->sites->n; i++)
    if (new_->sites->v[i].change > 0)
      add_site (&p, &new_->sites->v[i], new_->sites->v[i].left, 0);

  struct lock_text t;
  text_start (&t);
  FILE *out = t.out;
  fputs ("# A hotinline lock of regressions: the hot calls inlined in one "
	 "build and\n# left in the next, pinned back. Written by "
	 "hotinline-summary --diff --lock\n# from the results\n", out);
  put_build_line (out, "old", old_path, old, old_compilers, old_date);
  put_build_line (out, "new", new_path, new_, new_compilers, new_date);
  put_usage (out, file);
  if (!p.n)
    fputs ("# No hot call went from inlined to left: there is nothing to "
	   "pin.\n", out);
  fputs ("version: 1\n", out);
  struct regressions_about about = { old_compilers, old_date, old_path,
				     new_compilers, new_path };
  struct lock_counts counts = put_entries (out, &p, reason_of_regression,
					   &about);
  text_commit (&t, file, counts);
  pairs_free (&p);
  free (old_compilers);
  free (new_compilers);
  return counts;
}
