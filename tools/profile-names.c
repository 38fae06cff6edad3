/* From the names a profiler prints to the names a policy matches.

   The plugin matches a C function, and a C++ function at global scope, by
   its identifier, and a C++ function in a class or namespace also by its
   qualified name as GCC prints it ("ring::Buffer::step",
   "ns::twice<int>", "{anonymous}::hidden").  Profilers print demangled
   declarations ("unsigned int churn<unsigned int>(unsigned int)",
   "foo(int) [clone .constprop.0]") or raw symbols ("foo.isra.0",
   "_Z3fooi"); this file turns each into that form.  */
#define _GNU_SOURCE
#include "profile.h"
#include "clone-names.h"

#include <ctype.h>
#include <demangle.h>
#include <hashtab.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void
profile_die (int status, const char *fmt, ...)
{
  va_list ap;
  fputs ("hotinline-profile: ", stderr);
  va_start (ap, fmt);
  vfprintf (stderr, fmt, ap);
  va_end (ap);
  fputc ('\n', stderr);
  exit (status);
}

void
profile_bad_input (struct profile *p, size_t line, const char *fmt, ...)
{
  va_list ap;
  char *message;
  va_start (ap, fmt);
  int ok = vasprintf (&message, fmt, ap);
  va_end (ap);
  if (ok < 0)
    profile_die (EXIT_USAGE, "out of memory");
  free (p->error);
  if (asprintf (&p->error, "%s:%zu: %s", p->path, line, message) < 0)
    profile_die (EXIT_USAGE, "out of memory");
  free (message);
  longjmp (*p->fail, 1);
}

void *
profile_xmalloc (size_t n)
{
  void *p = malloc (n ? n : 1);
  if (!p)
    profile_die (EXIT_USAGE, "out of memory");
  return p;
}

void *
profile_xrealloc (void *p, size_t n)
{
  p = realloc (p, n ? n : 1);
  if (!p)
    profile_die (EXIT_USAGE, "out of memory");
  return p;
}

char *
profile_xstrndup (const char *s, size_t n)
{
  char *d = profile_xmalloc (n + 1);
  memcpy (d, s, n);
  d[n] = '\0';
  return d;
}

const char *
profile_basename (const char *path)
{
  const char *slash = strrchr (path, '/');
  return slash ? slash + 1 : path;
}

bool
profile_dso_is_pseudo (const char *dso)
{
  /* perf's [kernel.kallsyms], [vdso], [unknown], [heap]; callgrind's ???.  */
  return dso[0] == '[' || strcmp (dso, "???") == 0;
}

bool
profile_dso_is_library (const char *dso)
{
  const char *base = profile_basename (dso);
  size_t len = strlen (base);
  return strstr (base, ".so.") || (len > 3 && !strcmp (base + len - 3, ".so"));
}

/* Whether S is an address rather than a symbol: "0x7f12..." as perf
   report and callgrind print unresolved code.  */
static bool
is_address (const char *s)
{
  if (s[0] != '0' || s[1] != 'x')
    return false;
  size_t n = strspn (s + 2, "0123456789abcdefABCDEF");
  return n > 0 && s[2 + n] == '\0';
}

/* Whether NAME can be a function's name as the plugin sees it; what is
   left of a garbled symbol ("((", "::") cannot.  */
static bool
plausible_name (const char *name)
{
  size_t len = strlen (name);
  return len > 0 && (isalpha ((unsigned char) name[0]) || name[0] == '_'
		     || name[0] == '{')
	 && name[len - 1] != ':';
}

/* Functions of the program that are not the user's to inline: the C
   runtime's start-up and tear-down code, and main, which runs once.  */
static bool
is_runtime_function (const char *name)
{
  static const char *const names[] = {
    "main", "_start", "_init", "_fini", "frame_dummy",
    "__do_global_dtors_aux", "register_tm_clones", "deregister_tm_clones",
    "__libc_csu_init", "__libc_csu_fini", NULL
  };
  for (int i = 0; names[i]; i++)
    if (strcmp (name, names[i]) == 0)
      return true;
  return false;
}

static bool
is_open (char c)
{
  return c == '(' || c == '<' || c == '[' || c == '{';
}

static bool
is_close (char c)
{
  return c == ')' || c == '>' || c == ']' || c == '}';
}

/* The start of the bracketed group that ends at S[END] (one of ")>]}"),
   or -1 when the brackets do not balance.  */
static long
group_start (const char *s, long end)
{
  int depth = 0;
  for (long i = end; i >= 0; i--)
    {
      if (is_close (s[i]))
	depth++;
      else if (is_open (s[i]) && --depth == 0)
	return i;
    }
  return -1;
}

/* Where "operator" starts in S, or -1: its brackets are part of the name
   ("Op::operator()", "operator<"), not parameters or template arguments.  */
static long
operator_at (const char *s)
{
  const char *op = strstr (s, "operator");
  return op ? op - s : -1;
}

/* Strip the trailing cv- and ref-qualifiers of a member function.  */
static void
strip_qualifiers (char *s)
{
  static const char *const quals[] = { " const", " volatile", " &&", " &",
				       NULL };
  for (bool again = true; again;)
    {
      again = false;
      size_t len = strlen (s);
      for (int i = 0; quals[i]; i++)
	{
	  size_t q = strlen (quals[i]);
	  if (len > q && strcmp (s + len - q, quals[i]) == 0)
	    {
	      s[len - q] = '\0';
	      again = true;
	      break;
	    }
	}
    }
}

/* Strip the parameter list "(...)" at the end of S.  */
static void
strip_parameters (char *s)
{
  long len = (long) strlen (s);
  if (len == 0 || s[len - 1] != ')')
    return;
  long open = group_start (s, len - 1);
  long op = operator_at (s);
  /* "Op::operator()" with its parameters already gone.  */
  if (open < 0 || (op >= 0 && open == op + 8 && s[open + 1] == ')'
		   && open + 2 == len))
    return;
  s[open] = '\0';
}

/* Drop the return type that the demangler prints for function templates:
   everything up to the last space outside brackets, but not inside the
   name of a conversion operator ("operator int").  */
static char *
strip_return_type (char *s)
{
  long op = operator_at (s);
  long limit = op >= 0 ? op : (long) strlen (s);
  long cut = -1;
  int depth = 0;
  for (long i = 0; i < limit; i++)
    {
      if (is_open (s[i]))
	depth++;
      else if (is_close (s[i]) && depth > 0)
	depth--;
      else if (s[i] == ' ' && depth == 0)
	cut = i;
    }
  return cut >= 0 ? s + cut + 1 : s;
}

/* Whether S has "::" outside brackets: a member or namespace function.  */
static bool
is_qualified (const char *s)
{
  int depth = 0;
  for (; *s; s++)
    {
      if (is_open (*s))
	depth++;
      else if (is_close (*s) && depth > 0)
	depth--;
      else if (depth == 0 && s[0] == ':' && s[1] == ':')
	return true;
    }
  return false;
}

/* Replace every FROM in S (allocated) with TO, which is not longer.  */
static void
replace_all (char *s, const char *from, const char *to)
{
  size_t nf = strlen (from), nt = strlen (to);
  for (char *p; (p = strstr (s, from));)
    {
      memcpy (p, to, nt);
      memmove (p + nt, p + nf, strlen (p + nf) + 1);
    }
}

/* A demangled C++ declaration to the form the plugin matches.  */
static char *
cxx_policy_name (char *s)
{
  /* The clone suffix, raw ("foo.isra.0") or as the demangler prints it
     ("foo(int) [clone .isra.0]").  */
  s[policy_base_name_length (s)] = '\0';
  strip_qualifiers (s);
  strip_parameters (s);
  char *name = strip_return_type (s);
  if (is_qualified (name))
    /* GCC spells the anonymous namespace this way.  */
    replace_all (name, "(anonymous namespace)", "{anonymous}");
  else
    {
      /* At global scope only the identifier is matched: "churn<int>" is
	 "churn".  */
      size_t len = strlen (name);
      if (len && name[len - 1] == '>' && operator_at (name) < 0)
	{
	  long open = group_start (name, (long) len - 1);
	  if (open > 0)
	    name[open] = '\0';
	}
    }
  return name;
}

char *
profile_policy_name (const char *raw)
{
  if (!raw[0] || strcmp (raw, "[unknown]") == 0 || strcmp (raw, "???") == 0
      || is_address (raw) || strstr (raw, "@plt"))
    return NULL;
  char *copy;
  /* Mangled names, with any clone suffix ("_Z3fooi.isra.0").  */
  char *demangled = raw[0] == '_' && raw[1] == 'Z'
		    ? cplus_demangle (raw, DMGL_PARAMS | DMGL_ANSI) : NULL;
  copy = demangled ? demangled : profile_xstrndup (raw, strlen (raw));
  /* Versioned symbols: "foo@@VERS".  */
  char *at = strchr (copy, '@');
  if (at)
    *at = '\0';
  char *name = cxx_policy_name (copy);
  char *result = NULL;
  if (plausible_name (name) && !is_runtime_function (name))
    result = profile_xstrndup (name, strlen (name));
  free (copy);
  return result;
}

const char *
profile_last_component (const char *name)
{
  const char *last = name;
  int depth = 0;
  for (const char *s = name; *s; s++)
    {
      if (is_open (*s))
	depth++;
      else if (is_close (*s) && depth > 0)
	depth--;
      else if (depth == 0 && s[0] == ':' && s[1] == ':')
	last = s + 2;
    }
  return last;
}

/* Costs, by (object, name).  */

struct cost_key
{
  const char *dso, *name;
  size_t index;			/* In profile.costs; unused in lookups.  */
};

static hashval_t
cost_hash (const void *p)
{
  const struct cost_key *k = p;
  return htab_hash_string (k->dso) * 31 + htab_hash_string (k->name);
}

static int
cost_eq (const void *a, const void *b)
{
  const struct cost_key *x = a, *y = b;
  return strcmp (x->dso, y->dso) == 0 && strcmp (x->name, y->name) == 0;
}

void
profile_add (struct profile *p, const char *dso, const char *raw,
	     bool kernel, bool inlined, double cost)
{
  p->total += cost;
  if (kernel || profile_dso_is_pseudo (dso))
    return;
  char *name = profile_policy_name (raw);
  if (!name)
    return;
  if (!p->index)
    p->index = htab_create_alloc (64, cost_hash, cost_eq, free, xcalloc,
				  free);
  struct cost_key key = { dso, name, 0 };
  void **slot = htab_find_slot (p->index, &key, INSERT);
  if (*slot)
    {
      struct cost *c = &p->costs[((struct cost_key *) *slot)->index];
      c->self += cost;
      c->inlined += inlined ? cost : 0;
      free (name);
      return;
    }
  p->costs = profile_xrealloc (p->costs, (p->n_costs + 1) * sizeof *p->costs);
  struct cost *c = &p->costs[p->n_costs];
  c->dso = profile_xstrndup (dso, strlen (dso));
  c->name = name;
  c->self = cost;
  c->inlined = inlined ? cost : 0;
  struct cost_key *stored = profile_xmalloc (sizeof *stored);
  *stored = (struct cost_key) { c->dso, c->name, p->n_costs++ };
  *slot = stored;
}

void
profile_free (struct profile *p)
{
  for (size_t i = 0; i < p->n_costs; i++)
    {
      free (p->costs[i].dso);
      free (p->costs[i].name);
    }
  free (p->costs);
  if (p->index)
    htab_delete (p->index);
  free (p->unit);
  free (p->error);
  free (p->event);
  p->event = NULL;
  p->costs = NULL;
  p->n_costs = 0;
  p->index = NULL;
  p->unit = p->error = NULL;
}
