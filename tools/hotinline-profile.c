/* hotinline-profile: a policy from a profile.

     hotinline-profile [OPTIONS] PROFILE...
	 Reads each PROFILE ("perf script" output, "perf report --stdio"
	 output or a callgrind.out file; "-" for standard input; several
	 profiles of one kind are summed, as callgrind's per-thread files),
	 keeps the functions of the profiled program whose self share
	 reaches --min-share percent (at most the --top N of them), and
	 writes them as a version 1 policy, each with a reason quoting its
	 share.  A function the profiler saw only inlined (perf's
	 "(inlined)" frames) is inlined where it is hot already: it gets a
	 report entry whatever the --action.  Kernel frames,
	 shared libraries, unknown symbols and the C runtime's own functions
	 are left out; clones (foo.constprop.0, foo.cold) count as their
	 function.  With --merge, the new entries are appended to an existing
	 policy, which otherwise stays byte for byte as it was.

   Exit status: 0 on success, 1 when the profile holds no samples, 2 for
   usage errors and malformed input.  */
#define _GNU_SOURCE
#include "profile.h"
#include "results-read.h"
#include "version.h"
#include "policy.h"

#include <errno.h>
#include <getopt.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

/* Profiles larger than this are refused rather than read into memory.  */
#define MAX_PROFILE_SIZE ((size_t) 4 << 30)

struct options
{
  char **profiles;
  int n_profiles;
  const char *event;
  const char *format;		/* NULL: detect.  */
  double min_share;
  long top;			/* 0: no limit.  */
  const char *action;
  const char *dso;
  const char **defined_in;
  size_t n_defined_in;
  const char *results;
  const char *merge;
  const char *output;
  bool in_place;
};

static const char usage_text[] =
  "usage: hotinline-profile [OPTIONS] PROFILE...\n"
  "  PROFILE is perf script output, perf report --stdio output or a\n"
  "  callgrind.out file ('-': standard input); several are summed\n"
  "  -f, --format F       perf-script, perf-report or callgrind (default: "
  "detect)\n"
  "  -m, --min-share P    functions with at least P% of the self samples "
  "(default 1)\n"
  "  -n, --top N          at most the N functions with the largest shares\n"
  "  -e, --event E        the event to count (default: callgrind's Ir, the\n"
  "                       first event of a perf profile)\n"
  "  -a, --action A       report (default) or always_inline\n"
  "      --dso NAME       the profiled program's object, when the profile "
  "has several\n"
  "      --defined-in OBJ only functions that OBJ defines (repeatable)\n"
  "      --results DIR    only functions seen in a hotinline results "
  "directory\n"
  "      --merge FILE     append the new entries to the policy FILE\n"
  "  -o, --output FILE    write there instead of standard output\n"
  "  -i, --in-place       with --merge: rewrite FILE\n"
  "  -h, --help           this text\n"
  "      --version        the version\n";

static void
usage_error (const char *fmt, const char *arg)
{
  fputs ("hotinline-profile: ", stderr);
  fprintf (stderr, fmt, arg);
  fputs ("\nhotinline-profile: 'hotinline-profile --help' lists the "
	 "options\n", stderr);
  exit (EXIT_USAGE);
}

static double
parse_number (const char *s, const char *option)
{
  char *end;
  errno = 0;
  double v = strtod (s, &end);
  if (end == s || *end || errno || v < 0)
    usage_error ("%s wants a non-negative number", option);
  return v;
}

static void
parse_options (int argc, char **argv, struct options *o)
{
  enum { OPT_DSO = 256, OPT_DEFINED_IN, OPT_RESULTS, OPT_MERGE, OPT_VERSION };
  static const struct option longs[] = {
    { "format", required_argument, NULL, 'f' },
    { "min-share", required_argument, NULL, 'm' },
    { "top", required_argument, NULL, 'n' },
    { "event", required_argument, NULL, 'e' },
    { "action", required_argument, NULL, 'a' },
    { "dso", required_argument, NULL, OPT_DSO },
    { "defined-in", required_argument, NULL, OPT_DEFINED_IN },
    { "results", required_argument, NULL, OPT_RESULTS },
    { "merge", required_argument, NULL, OPT_MERGE },
    { "output", required_argument, NULL, 'o' },
    { "in-place", no_argument, NULL, 'i' },
    { "help", no_argument, NULL, 'h' },
    { "version", no_argument, NULL, OPT_VERSION },
    { NULL, 0, NULL, 0 }
  };
  o->action = "report";
  o->min_share = 1;
  opterr = 0;
  for (int c; (c = getopt_long (argc, argv, "f:m:n:e:a:o:ih", longs, NULL))
	      != -1;)
    switch (c)
      {
      case 'f':
	if (strcmp (optarg, "perf-script") && strcmp (optarg, "perf-report")
	    && strcmp (optarg, "callgrind"))
	  usage_error ("unknown format '%s'", optarg);
	o->format = optarg;
	break;
      case 'm':
	o->min_share = parse_number (optarg, "--min-share");
	break;
      case 'e':
	o->event = optarg;
	break;
      case 'n':
	o->top = (long) parse_number (optarg, "--top");
	if (o->top < 1 || o->top != parse_number (optarg, "--top"))
	  usage_error ("%s wants a whole number of at least 1", "--top");
	break;
      case 'a':
	if (strcmp (optarg, "report") && strcmp (optarg, "always_inline"))
	  usage_error ("unknown action '%s' (report or always_inline)",
		       optarg);
	o->action = optarg;
	break;
      case OPT_DSO:
	o->dso = optarg;
	break;
      case OPT_DEFINED_IN:
	o->defined_in = profile_xrealloc (o->defined_in, (o->n_defined_in + 1)
					  * sizeof *o->defined_in);
	o->defined_in[o->n_defined_in++] = optarg;
	break;
      case OPT_RESULTS:
	o->results = optarg;
	break;
      case OPT_MERGE:
	o->merge = optarg;
	break;
      case 'o':
	o->output = optarg;
	break;
      case 'i':
	o->in_place = true;
	break;
      case 'h':
	fputs (usage_text, stdout);
	exit (0);
      case OPT_VERSION:
	printf ("hotinline-profile %s\n", HOTINLINE_VERSION);
	exit (0);
      default:
	usage_error ("bad option '%s'", argv[optind - 1]);
      }
  /* --top N keeps the default --min-share: the N largest of the functions
     that matter, never cold ones to fill the N.  */
  if (optind == argc)
    usage_error ("%s", "no profile given");
  o->profiles = argv + optind;
  o->n_profiles = argc - optind;
  if (o->in_place && !o->merge)
    usage_error ("%s needs --merge FILE", "--in-place");
  if (o->in_place && o->output)
    usage_error ("%s and --output exclude each other", "--in-place");
}

/* The whole of PATH ("-": standard input), NUL-terminated.  */
static char *
read_all (const char *path, size_t *size)
{
  FILE *f = strcmp (path, "-") ? fopen (path, "rb") : stdin;
  if (!f)
    profile_die (EXIT_USAGE, "cannot read %s: %s", path, strerror (errno));
  struct stat st;
  if (fstat (fileno (f), &st) == 0 && S_ISDIR (st.st_mode))
    profile_die (EXIT_USAGE, "cannot read %s: it is a directory", path);
  size_t n = 0, cap = 1 << 16;
  char *data = profile_xmalloc (cap);
  for (size_t got; (got = fread (data + n, 1, cap - n - 1, f)) > 0;)
    {
      n += got;
      if (n > MAX_PROFILE_SIZE)
	profile_die (EXIT_USAGE, "%s is larger than 4 GiB", path);
      if (cap - n - 1 == 0)
	data = profile_xrealloc (data, cap *= 2);
    }
  if (ferror (f))
    profile_die (EXIT_USAGE, "cannot read %s: %s", path, strerror (errno));
  if (f != stdin)
    fclose (f);
  data[n] = '\0';
  if (memchr (data, '\0', n))
    profile_die (EXIT_USAGE, "%s is not a text profile", path);
  *size = n;
  return data;
}

static const char *
format_name (const char *format)
{
  return !strcmp (format, "callgrind") ? "callgrind"
	 : !strcmp (format, "perf-report") ? "perf report" : "perf script";
}

/* Read every profile into P, summed.  */
static void
read_profiles (struct profile *p, const struct options *o)
{
  char *names = NULL;
  if (o->event)
    p->event = profile_xstrndup (o->event, strlen (o->event));
  for (int i = 0; i < o->n_profiles; i++)
    {
      const char *path = o->profiles[i];
      size_t size;
      char *data = read_all (path, &size);
      const char *format = o->format ? o->format
				     : profile_detect_format (path, data);
      p->path = strcmp (path, "-") ? path : "standard input";
      if (p->format && strcmp (p->format, format_name (format)))
	profile_die (EXIT_USAGE, "%s is %s output, %s is %s: sum profiles "
		     "of one kind", o->profiles[0], p->format, p->path,
		     format_name (format));
      p->format = format_name (format);
      bool ok = !strcmp (format, "callgrind")
		? profile_read_callgrind (p, data)
		: !strcmp (format, "perf-report")
		? profile_read_perf_report (p, data)
		: profile_read_perf_script (p, data);
      free (data);
      if (!ok)
	profile_die (EXIT_USAGE, "%s", p->error);
      char *joined;
      if (asprintf (&joined, "%s%s%s", names ? names : "", names ? ", " : "",
		    p->path) < 0)
	profile_die (EXIT_USAGE, "out of memory");
      free (names);
      names = joined;
    }
  p->path = names;
  if (p->total <= 0 && o->event)
    profile_die (EXIT_NO_SAMPLES, "%s: no samples of event '%s' in the "
		 "profile", names, o->event);
  if (p->total <= 0)
    profile_die (EXIT_NO_SAMPLES, "%s: no samples in the profile", names);
  if (!p->unit)
    {
      /* perf: samples, of one event when there were several.  */
      if (p->several_events || o->event)
	{
	  if (asprintf (&p->unit, "%s samples", p->event) < 0)
	    profile_die (EXIT_USAGE, "out of memory");
	}
      else
	p->unit = profile_xstrndup ("samples", 7);
    }
}

/* The profiled program.  */

static bool
dso_matches (const char *dso, const char *wanted)
{
  /* perf report names objects by file name, perf script by path.  */
  if (strchr (wanted, '/') && strchr (dso, '/'))
    return strcmp (dso, wanted) == 0;
  return strcmp (profile_basename (dso), profile_basename (wanted)) == 0;
}

/* The object whose functions are the user's: --dso, else the one object
   with samples that is not a shared library.  NULL when there is none.  */
static const char *
program_dso (const struct profile *p, const char *wanted)
{
  const char *found = NULL;
  for (size_t i = 0; i < p->n_costs; i++)
    {
      const char *dso = p->costs[i].dso;
      if (wanted ? !dso_matches (dso, wanted) : profile_dso_is_library (dso))
	continue;
      if (found && strcmp (found, dso) != 0)
	{
	  if (!wanted)
	    profile_die (EXIT_USAGE, "%s: samples in several programs ('%s', "
			 "'%s'); choose one with --dso", p->path, found, dso);
	  continue;		/* Several spellings of one object.  */
	}
      found = dso;
    }
  if (!found && wanted)
    profile_die (EXIT_USAGE, "%s: no samples in an object named '%s'",
		 p->path, wanted);
  return found;
}

/* Sets of names, for the filters.  */

struct names
{
  char **v;
  size_t n;
};

static void
names_add (struct names *s, const char *name)
{
  s->v = profile_xrealloc (s->v, (s->n + 1) * sizeof *s->v);
  s->v[s->n++] = profile_xstrndup (name, strlen (name));
}

/* Whether S holds NAME, or its identifier (results name functions by
   their identifier).  */
static bool
names_has (const struct names *s, const char *name)
{
  const char *last = profile_last_component (name);
  for (size_t i = 0; i < s->n; i++)
    if (!strcmp (s->v[i], name) || !strcmp (s->v[i], last))
      return true;
  return false;
}

/* The functions OBJ defines, from "nm -P --defined-only".  */
static void
read_defined (struct names *s, const char *obj)
{
  int fds[2];
  if (pipe (fds) != 0)
    profile_die (EXIT_USAGE, "cannot run nm: %s", strerror (errno));
  pid_t pid = fork ();
  if (pid < 0)
    profile_die (EXIT_USAGE, "cannot run nm: %s", strerror (errno));
  if (pid == 0)
    {
      dup2 (fds[1], 1);
      close (fds[0]);
      close (fds[1]);
      execlp ("nm", "nm", "-P", "--defined-only", obj, (char *) NULL);
      _exit (127);
    }
  close (fds[1]);
  FILE *f = fdopen (fds[0], "r");
  char *line = NULL;
  size_t cap = 0;
  while (getline (&line, &cap, f) > 0)
    {
      /* "name type value size"; functions are T, t, W, w or i.  */
      char *sp = strchr (line, ' ');
      if (!sp || !strchr ("TtWwi", sp[1]) || sp[1] == '\0')
	continue;
      *sp = '\0';
      char *name = profile_policy_name (line);
      if (name)
	names_add (s, name);
      free (name);
    }
  free (line);
  fclose (f);
  int status;
  waitpid (pid, &status, 0);
  if (!WIFEXITED (status) || WEXITSTATUS (status) != 0)
    profile_die (EXIT_USAGE, "nm could not read %s", obj);
}

static void
add_json_names (struct names *s, json_t *array, const char *key)
{
  for (size_t i = 0; i < json_array_size (array); i++)
    {
      const char *v = json_string_value (json_object_get
					 (json_array_get (array, i), key));
      if (v)
	names_add (s, v);
    }
}

/* The functions a hotinline results directory mentions: hot callees,
   their callers, and the functions entries asked to force.  Each file
   is checked by the results reader.  */
static void
read_results (struct names *s, const char *dir)
{
  size_t n;
  char *error;
  char **paths = results_files (dir, &n, &error);
  if (!paths)
    profile_die (EXIT_USAGE, "%s", error);
  for (size_t i = 0; i < n; i++)
    {
      json_t *unit = results_read (paths[i], &error);
      if (!unit)
	profile_die (EXIT_USAGE, "%s", error);
      add_json_names (s, json_object_get (unit, "calls"), "callee");
      add_json_names (s, json_object_get (unit, "calls"), "caller");
      add_json_names (s, json_object_get (unit, "functions"), "function");
      json_decref (unit);
      free (paths[i]);
    }
  free (paths);
}

/* Choosing.  */

static int
by_share (const void *a, const void *b)
{
  const struct cost *x = *(struct cost *const *) a;
  const struct cost *y = *(struct cost *const *) b;
  if (x->self != y->self)
    return x->self < y->self ? 1 : -1;
  return strcmp (x->name, y->name);
}

/* A policy names a function exactly only when its name holds no glob
   character ("Vec::operator[]", "operator*" cannot be).  */
static bool
nameable (const char *name)
{
  return !strpbrk (name, "*?[");
}

/* The functions of PROGRAM that pass the filters, largest share first.  */
static struct cost **
candidates (const struct profile *p, const char *program,
	    const struct names *defined, const struct names *seen,
	    size_t *n)
{
  struct cost **v = profile_xmalloc (p->n_costs * sizeof *v);
  *n = 0;
  for (size_t i = 0; i < p->n_costs; i++)
    {
      struct cost *c = &p->costs[i];
      if (program ? strcmp (c->dso, program) != 0
		  : profile_dso_is_library (c->dso))
	continue;
      if ((defined && !names_has (defined, c->name))
	  || (seen && !names_has (seen, c->name)))
	continue;
      v[(*n)++] = c;
    }
  qsort (v, *n, sizeof *v, by_share);
  return v;
}

static struct item *
choose (const struct profile *p, struct cost **v, size_t n,
	const struct options *o, size_t *n_items)
{
  struct item *items = profile_xmalloc (n * sizeof *items);
  size_t k = 0;
  for (size_t i = 0; i < n && (!o->top || (long) k < o->top); i++)
    {
      double share = 100 * v[i]->self / p->total;
      if (share < o->min_share || v[i]->self <= 0)
	break;
      if (!nameable (v[i]->name))
	{
	  fprintf (stderr, "hotinline-profile: '%s' cannot be named exactly "
		   "in a policy; left out\n", v[i]->name);
	  continue;
	}
      items[k].name = v[i]->name;
      items[k].action = o->action;
      items[k].weight = (long) (v[i]->self / p->total * POLICY_WEIGHT_MAX
				+ 0.5);
      /* Seen inlined wherever it was hot: forcing it would change
	 nothing there; a report entry still says where calls are left.  */
      bool all_inlined = v[i]->inlined >= v[i]->self;
      if (all_inlined)
	items[k].action = "report";
      char inlined[64] = "";
      if (all_inlined)
	snprintf (inlined, sizeof inlined, ", all of it seen inlined already");
      else if (v[i]->inlined > 0)
	snprintf (inlined, sizeof inlined, ", %.2f%% of it seen inlined",
		  100 * v[i]->inlined / v[i]->self);
      if (asprintf (&items[k].reason, "%.2f%% self of %s in %s (%s)%s",
		    share, p->unit, p->path, p->format, inlined) < 0)
	profile_die (EXIT_USAGE, "out of memory");
      k++;
    }
  *n_items = k;
  return items;
}

/* Writing.  */

static void
write_file (const char *path, const char *text)
{
  char *tmp;
  if (asprintf (&tmp, "%s.tmp.%ld", path, (long) getpid ()) < 0)
    profile_die (EXIT_USAGE, "out of memory");
  FILE *f = fopen (tmp, "wb");
  if (!f)
    profile_die (EXIT_USAGE, "cannot write %s: %s", tmp, strerror (errno));
  size_t len = strlen (text);
  bool ok = fwrite (text, 1, len, f) == len;
  ok &= fclose (f) == 0;
  /* Renamed into place, so a failed write never leaves half a policy.  */
  if (!ok || rename (tmp, path) != 0)
    {
      unlink (tmp);
      profile_die (EXIT_USAGE, "cannot write %s: %s", path, strerror (errno));
    }
  free (tmp);
}

static void
output (const struct options *o, const struct profile *p,
	const struct item *items, size_t n)
{
  char *text;
  size_t added = n;
  if (o->merge)
    {
      size_t size;
      char *existing = read_all (o->merge, &size);
      text = policy_text_merge (o->merge, existing, size, items, n, &added);
      free (existing);
    }
  else
    text = policy_text_fresh (p, items, n);
  fprintf (stderr, "hotinline-profile: %zu function%s from %s (%s)\n", added,
	   added == 1 ? "" : "s", p->path, p->format);
  if (o->in_place)
    {
      if (added)
	write_file (o->merge, text);
    }
  else if (o->output)
    write_file (o->output, text);
  else
    fputs (text, stdout);
  free (text);
}

int
main (int argc, char **argv)
{
  struct options o = { 0 };
  parse_options (argc, argv, &o);
  struct profile p = { 0 };
  read_profiles (&p, &o);

  struct names defined = { 0 }, seen = { 0 };
  for (size_t i = 0; i < o.n_defined_in; i++)
    read_defined (&defined, o.defined_in[i]);
  if (o.results)
    read_results (&seen, o.results);

  const char *program = program_dso (&p, o.dso);
  size_t n_candidates, n_items;
  struct cost **v = candidates (&p, program, o.n_defined_in ? &defined : NULL,
				o.results ? &seen : NULL, &n_candidates);
  struct item *items = choose (&p, v, n_candidates, &o, &n_items);
  if (n_items == 0)
    fprintf (stderr, "hotinline-profile: no function of the program reaches "
	     "%g%% of the self samples\n", o.min_share);
  output (&o, &p, items, n_items);
  return 0;
}
