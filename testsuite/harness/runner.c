/* The testsuite's parallel runner (runner.h).

   A unit runs in a process of its own, forked from the runner once every
   suite is built, and runs its tests with Check's srunner_run, which
   forks each test as usual.  Its output goes to a file the runner prints
   once the unit and every unit declared before it are done, so that the
   log reads the same however the units were interleaved.

   Job slots: under make -jN with a "+" recipe (make check-all), the
   runner takes a token from make's job server for every unit it runs
   beyond the first, so that all the compilers tested at once share the
   CPUs; the unit's process gives its token back as it ends, and the
   runner does so for a unit that was killed.  Without a job server,
   HOTINLINE_CHECK_JOBS or the number of CPUs.  */
#define _GNU_SOURCE
#include "runner.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

/* What Check does not say about its suites and cases: their names.  */
struct name
{
  const void *object;
  const char *name;
  bool in_order;
};

struct names
{
  struct name *v;
  size_t n, room;
};

static struct names suites, tcases, pairs;

static struct name *
names_add (struct names *l, const void *object, const char *name)
{
  if (l->n == l->room)
    {
      l->room = 2 * l->room + 16;
      l->v = realloc (l->v, l->room * sizeof *l->v);
      if (!l->v)
	abort ();
    }
  l->v[l->n] = (struct name) { object, name, false };
  return &l->v[l->n++];
}

static struct name *
names_find (const struct names *l, const void *object)
{
  for (size_t i = 0; i < l->n; i++)
    if (l->v[i].object == object)
      return &l->v[i];
  return NULL;
}

Suite *
runner_suite (const char *name)
{
  Suite *s = suite_create (name);
  names_add (&suites, s, name);
  return s;
}

TCase *
runner_tcase (const char *name)
{
  TCase *tc = tcase_create (name);
  names_add (&tcases, tc, name);
  return tc;
}

/* PAIRS holds, for each case in the order added, its suite (object) and
   its name.  */
void
runner_add_tcase (Suite *s, TCase *tc)
{
  suite_add_tcase (s, tc);
  names_add (&pairs, s, names_find (&tcases, tc)->name);
}

void
runner_in_order (Suite *s)
{
  names_find (&suites, s)->in_order = true;
}

/* A unit: a case of a suite, or a whole suite (TCASE NULL).  */
struct unit
{
  const char *suite, *tcase;
  pid_t pid;
  bool token;			/* Runs on a token of make's job server.  */
  bool done;
  FILE *out;
  struct timespec start;
  double wall, cpu;
  int status;
  int checks;
};

static struct unit *
units_of (const struct names *all, size_t *n)
{
  struct unit *units = calloc (all->n + 1, sizeof *units);
  const char *only_suite = getenv ("CK_RUN_SUITE");
  const char *only_case = getenv ("CK_RUN_CASE");
  *n = 0;
  for (size_t i = 0; i < all->n; i++)
    {
      const struct name *s = names_find (&suites, all->v[i].object);
      if (only_suite && *only_suite && strcmp (only_suite, s->name) != 0)
	continue;
      if (s->in_order)
	{
	  if (*n && units[*n - 1].suite == s->name)
	    continue;
	  units[(*n)++] = (struct unit) { .suite = s->name };
	  continue;
	}
      if (only_case && *only_case && strcmp (only_case, all->v[i].name) != 0)
	continue;
      units[(*n)++] = (struct unit) { .suite = s->name,
				      .tcase = all->v[i].name };
    }
  return units;
}

/* make's job server, from MAKEFLAGS: "--jobserver-auth=R,W" (make 4.3) or
   "--jobserver-auth=fifo:PATH" (make 4.4).  JOBS is 0 when there is one,
   1 when make runs in parallel but did not pass it on (no "+").  */
static int js_read = -1, js_write = -1;

static bool
fd_open (int fd)
{
  return fd >= 0 && fcntl (fd, F_GETFD) != -1;
}

static int
jobserver_open (void)
{
  const char *flags = getenv ("MAKEFLAGS");
  const char *auth = NULL, *p = flags;
  while (p && (p = strstr (p, "--jobserver-")))
    {
      auth = strchr (p, '=');
      p += 12;
    }
  if (!auth)
    return -1;
  auth++;
  if (strncmp (auth, "fifo:", 5) == 0)
    {
      char path[4096];
      size_t len = strcspn (auth + 5, " ");
      if (len >= sizeof path)
	return 1;
      memcpy (path, auth + 5, len);
      path[len] = '\0';
      js_read = js_write = open (path, O_RDWR | O_CLOEXEC);
    }
  else if (sscanf (auth, "%d,%d", &js_read, &js_write) != 2
	   || !fd_open (js_read) || !fd_open (js_write))
    js_read = js_write = -1;
  if (js_read < 0)
    return 1;
  /* The tests' own programs (make among them) must not see them.  */
  fcntl (js_read, F_SETFD, FD_CLOEXEC);
  fcntl (js_write, F_SETFD, FD_CLOEXEC);
  return 0;
}

/* MAKEFLAGS without -jN, the job server and -s: a make that a test runs
   is as it would be run by hand, not a part of this make (a test may
   read the commands it echoes).  */
static void
makeflags_without_jobs (void)
{
  const char *flags = getenv ("MAKEFLAGS");
  if (!flags)
    return;
  char *copy = strdup (flags), *out = calloc (1, strlen (flags) + 1);
  bool vars = false;
  for (char *w = strtok (copy, " "); w; w = strtok (NULL, " "))
    {
      if (strcmp (w, "--") == 0)
	vars = true;
      if (!vars && (strncmp (w, "-j", 2) == 0
		    || strncmp (w, "--jobserver-", 12) == 0))
	continue;
      /* make's one-letter flags come first, as one word without a dash
	 ("ks"); a variable's assignment has an '='.  */
      if (w == copy + strspn (flags, " ") && *w != '-' && !strchr (w, '='))
	{
	  char *to = w;
	  for (const char *c = w; *c; c++)
	    if (*c != 's')
	      *to++ = *c;
	  *to = '\0';
	  if (!*w)
	    continue;
	}
      if (*out)
	strcat (out, " ");
      strcat (out, w);
    }
  setenv ("MAKEFLAGS", out, 1);
  unsetenv ("MFLAGS");
  free (copy);
  free (out);
}

static int
jobs_without_jobserver (void)
{
  const char *env = getenv ("HOTINLINE_CHECK_JOBS");
  if (env && atoi (env) > 0)
    return atoi (env);
  long n = sysconf (_SC_NPROCESSORS_ONLN);
  return n > 0 ? (int) n : 1;
}

static double
seconds_since (const struct timespec *t)
{
  struct timespec now;
  clock_gettime (CLOCK_MONOTONIC, &now);
  return (double) (now.tv_sec - t->tv_sec)
    + (double) (now.tv_nsec - t->tv_nsec) / 1e9;
}

/* In the unit's process: run it, print what Check prints, and give the
   token back.  Check's own logs (CK_XML_LOG_FILE_NAME...) would be
   written by every unit to the same file: off.  */
static void __attribute__ ((noreturn))
run_unit (SRunner *sr, const struct unit *u, char token)
{
  int fd = fileno (u->out);
  dup2 (fd, STDOUT_FILENO);
  dup2 (fd, STDERR_FILENO);
  unsetenv ("CK_XML_LOG_FILE_NAME");
  unsetenv ("CK_LOG_FILE_NAME");
  unsetenv ("CK_TAP_LOG_FILE_NAME");
  const char *verbosity = getenv ("CK_VERBOSITY");
  enum print_output mode = CK_NORMAL;
  if (verbosity && strcmp (verbosity, "verbose") == 0)
    mode = CK_VERBOSE;
  srunner_run (sr, u->suite, u->tcase ? u->tcase : getenv ("CK_RUN_CASE"),
	       mode);
  fflush (stdout);
  fflush (stderr);
  if (u->token)
    while (write (js_write, &token, 1) < 0 && errno == EINTR)
      ;
  _exit (0);
}

struct counts
{
  int run, failures, errors;
};

/* Print a finished unit's output but for Check's summary line, whose
   counts it adds to TOTAL.  A unit with no summary line ended before
   Check could print it: one error.  */
static void
report_unit (struct unit *u, struct counts *total)
{
  struct counts c = { 0, 0, 0 };
  bool summary = false;
  char *line = NULL;
  size_t size = 0;
  rewind (u->out);
  while (getline (&line, &size, u->out) > 0)
    {
      int percent;
      if (sscanf (line, "%d%%: Checks: %d, Failures: %d, Errors: %d",
		  &percent, &c.run, &c.failures, &c.errors) == 4)
	summary = true;
      else if (strncmp (line, "Running suite(s): ", 18) != 0)
	fputs (line, stdout);
    }
  free (line);
  fclose (u->out);
  const char *name = u->tcase ? u->tcase : "(all, in order)";
  if (!summary)
    {
      printf ("%s: %s: ended without Check's summary (wait status %#x)\n",
	      u->suite, name, u->status);
      c.run = c.errors = 1;
    }
  printf ("  %-26s %-40s %3d checks %6.1f s%s\n", u->suite, name, c.run,
	  u->wall, c.failures + c.errors ? "  FAILED" : "");
  u->checks = c.run;
  total->run += c.run;
  total->failures += c.failures;
  total->errors += c.errors;
}

/* Reap the units that ended; returns whether the runner's own slot (the
   one that needs no token) was freed.  */
static bool
reap (struct unit *units, size_t n)
{
  bool freed = false;
  struct rusage ru;
  int status;
  pid_t pid;
  while ((pid = wait4 (-1, &status, WNOHANG, &ru)) > 0)
    for (size_t i = 0; i < n; i++)
      if (units[i].pid == pid && !units[i].done)
	{
	  struct unit *u = &units[i];
	  u->done = true;
	  u->status = status;
	  u->wall = seconds_since (&u->start);
	  u->cpu = (double) (ru.ru_utime.tv_sec + ru.ru_stime.tv_sec)
	    + (double) (ru.ru_utime.tv_usec + ru.ru_stime.tv_usec) / 1e6;
	  if (!u->token)
	    freed = true;
	  else if (!WIFEXITED (status))
	    {
	      char token = '+';
	      while (write (js_write, &token, 1) < 0 && errno == EINTR)
		;
	    }
	}
  return freed;
}

/* Each unit's time, for the slowest to be found: HOTINLINE_CHECK_TIMES,
   a line per unit with its suite, case, checks, wall and CPU seconds.  */
static void
write_times (const struct unit *units, size_t n)
{
  const char *path = getenv ("HOTINLINE_CHECK_TIMES");
  FILE *f = path && *path ? fopen (path, "w") : NULL;
  if (!f)
    return;
  for (size_t i = 0; i < n; i++)
    fprintf (f, "%s\t%s\t%d\t%.1f\t%.1f\n", units[i].suite,
	     units[i].tcase ? units[i].tcase : "(all, in order)",
	     units[i].checks, units[i].wall, units[i].cpu);
  fclose (f);
}

int
runner_run (SRunner *sr)
{
  size_t n;
  struct unit *units = units_of (&pairs, &n);
  int jobs = jobserver_open ();
  if (jobs < 0)
    jobs = jobs_without_jobserver ();
  makeflags_without_jobs ();

  struct counts total = { 0, 0, 0 };
  size_t next = 0, printed = 0;
  int running = 0;
  bool own_slot_free = true;
  while (printed < n)
    {
      if (reap (units, next))
	own_slot_free = true;
      for (size_t i = 0; i < next; i++)
	if (units[i].done && units[i].pid)
	  {
	    running--;
	    units[i].pid = 0;
	  }
      while (printed < next && units[printed].done)
	report_unit (&units[printed++], &total);
      fflush (stdout);
      if (next == n)
	{
	  if (printed < n)
	    poll (NULL, 0, 50);
	  continue;
	}

      /* A slot for the next unit: the runner's own, a token, or (without
	 a job server) one of JOBS.  */
      struct unit *u = &units[next];
      char token = '+';
      if (jobs > 0 && running >= jobs)
	{
	  poll (NULL, 0, 50);
	  continue;
	}
      if (jobs == 0 && own_slot_free)
	own_slot_free = false;
      else if (jobs == 0)
	{
	  struct pollfd p = { js_read, POLLIN, 0 };
	  if (poll (&p, 1, 50) <= 0 || read (js_read, &token, 1) != 1)
	    continue;
	  u->token = true;
	}
      u->out = tmpfile ();
      if (!u->out)
	{
	  perror ("runner: tmpfile");
	  abort ();
	}
      fflush (stdout);
      fflush (stderr);
      clock_gettime (CLOCK_MONOTONIC, &u->start);
      u->pid = fork ();
      if (u->pid == 0)
	run_unit (sr, u, token);
      if (u->pid < 0)
	{
	  perror ("runner: fork");
	  abort ();
	}
      running++;
      next++;
    }

  write_times (units, n);
  int percent = total.run == 0 ? 0
    : total.failures + total.errors == 0 ? 100
    : (int) ((double) (total.run - total.failures - total.errors) * 100
	     / total.run);
  printf ("%d%%: Checks: %d, Failures: %d, Errors: %d\n", percent, total.run,
	  total.failures, total.errors);
  free (units);
  return total.failures + total.errors;
}
