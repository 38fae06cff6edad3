/* Distributed builds on loopback: distcc and icecream with the plugin.

   Each tool's daemons run for one test case, started by an unchecked
   fixture in the test runner's own process (so that they are stopped by
   its teardown even when a test fails or times out) and inside a private
   PID namespace ("unshare --pid --fork --kill-child"): killing unshare
   kills everything in it, and unshare itself dies with the runner
   (PR_SET_PDEATHSIG), so no daemon can outlive the testsuite.  Where
   namespaces are not allowed (not root), distccd runs in a process group
   of its own instead, and the icecream tests say why they are skipped.

   distcc: distccd listens on 127.0.0.1 only, on a free port.  It refuses
   every job that carries -fplugin= (distcc 3.4 as in Debian 12; no option
   turns that off).  The tests show that the refusal is deterministic,
   that DISTCC_FALLBACK then gives the local result exactly, and that pump
   mode is refused too.  The wrapper hotinline-cc gets the plugin onto the
   server anyway: "distcc hotinline-gcc ..." sends a command line with
   only -fplugin-arg-hotinline-* arguments, and the wrapper adds -fplugin=
   where it runs, on the server too.  The tests show that such a job is
   compiled on the server with the plugin, as it would be here.

   icecream: the scheduler and two daemons run in a private network
   namespace (nothing outside can reach them and their ports cannot
   collide with another run); "remote" compiles in its chroot the
   environment made by icecc-create-env, which carries the plugin and the
   policies.  */
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <check.h>
#include <fcntl.h>
#include <glob.h>
#include <netinet/in.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "e2e/suites.h"
#include "e2e/wrapper.h"
#include "harness/harness.h"

/* Seconds a client compile may take before it counts as hung.  */
enum { CLIENT_TIMEOUT = 120 };

/* A daemon set: the unshare process holding its namespaces, and the
   directory of its logs.  Set up in the runner's process, read by the
   tests in their forked children.  */
struct daemons
{
  pid_t unshare;
  const char *dir;
  const char *skip;		/* Why the tests cannot run here, or NULL.  */
  const char *failed;		/* Why setup failed, or NULL.  */
};

static struct daemons distcc_daemon, icecream_daemons;
static int distcc_port;
static const char *icecream_env;	/* The environment tarball.  */

/* Fixture helpers.  They run in the runner's process, where the harness's
   per-test directory must not be created (every later test would inherit
   it), so they use a directory of their own and system().  */

static const char *
fixture_dir (const char *name)
{
  const char *work = getenv ("HOTINLINE_WORKDIR");
  if (!work || !*work)
    work = "/tmp";
  mkdir (work, 0777);
  char *dir = (char *) harness_fmt ("%s/%s.XXXXXX", work, name);
  if (!mkdtemp (dir))
    return NULL;
  /* The daemons drop root for a user of their own, which must reach
     their log directory.  */
  chmod (dir, 0711);
  return dir;
}

static bool
quiet_sh (const char *cmd)
{
  return system (harness_fmt ("(%s) >/dev/null 2>&1", cmd)) == 0;
}

/* The first of the programs PROGRAMS (separated by spaces) that is not
   installed, or NULL.  */
static const char *
missing_program (const char *programs)
{
  char *list = (char *) harness_fmt ("%s", programs), *save;
  for (char *p = strtok_r (list, " ", &save); p; p = strtok_r (NULL, " ",
							       &save))
    if (!quiet_sh (harness_fmt ("command -v %s", p)))
      return harness_fmt ("%s is not installed (sh .ci/install-deps)", p);
  return NULL;
}

static bool
file_contains (const char *path, const char *text)
{
  char *s = harness_read (path, NULL);
  bool found = s && strstr (s, text);
  free (s);
  return found;
}

/* Whether this process may make namespaces (root, and unshare allowed in
   this container); asked once.  */
static bool
namespaces_usable (void)
{
  static int usable = -1;
  if (usable < 0)
    usable = geteuid () == 0
	     && quiet_sh ("unshare --pid --fork --net --mount true");
  return usable;
}

/* Run ARGV in new PID (and with NET, network and mount) namespaces, its
   output into LOG.  Returns unshare's pid.  The namespace's first process
   is a shell: unshare ends it by a parent-death signal, which the kernel
   forgets when a process changes its user, as the daemons do as root.
   Without namespaces ARGV runs directly, in a process group of its own
   (distccd keeps it, and its workers are in it).  */
static pid_t
spawn_in_namespaces (const char *const *argv, bool net, const char *log)
{
  struct args a = { { 0 }, 0 };
  if (namespaces_usable ())
    {
      args_add (&a, "unshare");
      args_add (&a, "--pid");
      args_add (&a, "--fork");
      args_add (&a, "--kill-child");
      if (net)
	{
	  args_add (&a, "--net");
	  args_add (&a, "--mount");
	}
      args_add (&a, "sh");
      args_add (&a, "-c");
      args_add (&a, "\"$@\" & wait");
      args_add (&a, "sh");
    }
  for (int i = 0; argv[i]; i++)
    args_add (&a, argv[i]);

  pid_t pid = fork ();
  if (pid == 0)
    {
      setpgid (0, 0);
      prctl (PR_SET_PDEATHSIG, SIGKILL);
      int in = open ("/dev/null", O_RDONLY);
      int out = open (log, O_WRONLY | O_CREAT | O_APPEND, 0644);
      if (in < 0 || out < 0)
	_exit (126);
      dup2 (in, 0);
      dup2 (out, 1);
      dup2 (out, 2);
      setenv ("LC_ALL", "C", 1);
      execvp (a.v[0], (char *const *) a.v);
      _exit (127);
    }
  return pid;
}

/* unshare ignores SIGTERM while it waits for its child; SIGKILL ends it
   and, through --kill-child, the namespace's first process (the shell),
   whose death ends every process of the PID namespace.  Without
   namespaces, the process group goes.  */
static void
stop_daemons (struct daemons *d)
{
  if (d->unshare > 0)
    {
      kill (-d->unshare, SIGKILL);
      waitpid (d->unshare, NULL, 0);
      d->unshare = 0;
    }
}

/* Whether some process's command line mentions MARKER (read from /proc,
   not by pgrep from a shell: the shell's own command line would match).
   Zombies have an empty command line and do not count.  */
static bool
some_process_mentions (const char *marker)
{
  glob_t g;
  if (glob ("/proc/[0-9]*/cmdline", 0, NULL, &g) != 0)
    return false;
  bool found = false;
  for (size_t i = 0; i < g.gl_pathc && !found; i++)
    {
      size_t n;
      char *cmd = harness_read (g.gl_pathv[i], &n);
      if (!cmd)
	continue;
      for (size_t j = 0; j < n; j++)
	if (!cmd[j])
	  cmd[j] = ' ';
      found = strstr (cmd, marker) != NULL;
      free (cmd);
    }
  globfree (&g);
  return found;
}

/* Whether a process of the daemons of DIR still runs, after waiting up to
   five seconds for the kernel to end the namespace.  */
static bool
process_left (const char *dir)
{
  for (int i = 0; i < 50; i++)
    {
      if (!some_process_mentions (dir))
	return false;
      usleep (100 * 1000);
    }
  return true;
}

static bool
wait_until (bool (*ready) (void), int seconds)
{
  for (int i = 0; i < seconds * 10; i++)
    {
      if (ready ())
	return true;
      usleep (100 * 1000);
    }
  return false;
}

/* A free TCP port on 127.0.0.1: bind to port 0 and let the kernel pick.
   The port is free again between close and distccd's bind; another
   process could take it in that instant, which the fixture reports.  */
static int
free_port (void)
{
  int fd = socket (AF_INET, SOCK_STREAM, 0);
  struct sockaddr_in addr = { .sin_family = AF_INET };
  addr.sin_addr.s_addr = htonl (INADDR_LOOPBACK);
  socklen_t len = sizeof addr;
  int port = 0;
  if (fd >= 0 && bind (fd, (struct sockaddr *) &addr, sizeof addr) == 0
      && getsockname (fd, (struct sockaddr *) &addr, &len) == 0)
    port = ntohs (addr.sin_port);
  if (fd >= 0)
    close (fd);
  return port;
}

static bool
distccd_listens (void)
{
  int fd = socket (AF_INET, SOCK_STREAM, 0);
  struct sockaddr_in addr = { .sin_family = AF_INET,
			      .sin_port = htons (distcc_port) };
  addr.sin_addr.s_addr = htonl (INADDR_LOOPBACK);
  bool ok = connect (fd, (struct sockaddr *) &addr, sizeof addr) == 0;
  close (fd);
  return ok;
}

/* Common to the tests: the report sample's policy, the comparison of a
   local and a distributed build (the rest they share with the wrapper's
   tests, wrapper.h).  */

static const char *
report_policy (void)
{
  return harness_src ("testsuite/samples/report.yaml");
}

/* The object and the dependency file NAME.o and NAME.d built in REMOTE
   are those built in LOCAL, and the dependencies list POLICY.  */
static void
assert_same_outputs (const char *local, const char *remote, const char *name,
		     const char *policy)
{
  assert_same_file (harness_fmt ("%s/%s.o", local, name),
		    harness_fmt ("%s/%s.o", remote, name));
  const char *deps = harness_fmt ("%s/%s.d", remote, name);
  ck_assert_msg (file_contains (deps, policy), "%s lacks %s", deps, policy);
  assert_same_file (harness_fmt ("%s/%s.d", local, name), deps);
}

/* TEXT without the lines that start with PREFIX.  */
static const char *
without_lines (const char *text, const char *prefix)
{
  char *out = (char *) harness_fmt ("%s", "");
  for (const char *line = text; *line;)
    {
      const char *end = strchrnul (line, '\n');
      if (*end)
	end++;
      if (strncmp (line, prefix, strlen (prefix)) != 0)
	out = (char *) harness_fmt ("%s%.*s", out, (int) (end - line), line);
      line = end;
    }
  return out;
}

/* distcc.  */

/* The directory of the wrapper's link for the harness's compiler:
   DIR/bin/hotinline-GCC.  */
static const char *
wrapper_bin (const char *dir)
{
  return harness_fmt ("%s/bin", dir);
}

/* The compilers distccd may run, one a line: the harness's compiler
   under its own name and under the name the distcc client sends for it
   (it prefixes the target, x86_64-linux-gnu-gcc), and the wrapper's link
   as an absolute path, where distccd then runs it.  (Found through
   distccd's PATH instead, a link whose target mentions "distcc", as a
   build directory under a worktree named so may, makes distccd warn on
   the client's stderr.)  Returns the list's path, or NULL.  */
static const char *
write_distcc_cmdlist (const char *dir)
{
  const char *wrapper = getenv ("HOTINLINE_CC_WRAPPER");
  const char *bin = wrapper_bin (dir);
  const char *link = harness_fmt ("%s/%s", bin, wrapped_gcc ());
  mkdir (bin, 0755);
  if (wrapper && *wrapper && symlink (wrapper, link) != 0)
    return NULL;
  FILE *machine = popen (harness_fmt ("%s -dumpmachine", harness_gcc ()),
			 "r");
  char target[128] = "";
  if (!machine || !fgets (target, sizeof target, machine))
    target[0] = 0;
  if (machine)
    pclose (machine);
  target[strcspn (target, "\n")] = 0;
  const char *path = harness_fmt ("%s/cmdlist", dir);
  FILE *f = fopen (path, "w");
  if (!f)
    return NULL;
  fprintf (f, "%s\n%s-%s\n%s\n", harness_gcc (), target, harness_gcc (),
	   link);
  fclose (f);
  chmod (path, 0644);
  return path;
}

static void
distcc_setup (void)
{
  struct daemons *d = &distcc_daemon;
  d->failed = missing_program ("distcc distccd distcc-pump");
  if (d->failed)
    return;
  d->dir = fixture_dir ("distcc");
  distcc_port = free_port ();
  if (!d->dir || !distcc_port)
    {
      d->failed = "no directory or no free port";
      return;
    }
  const char *logs = harness_fmt ("%s/daemon", d->dir);
  mkdir (logs, 0777);
  chmod (logs, 0777);
  const char *cmdlist = write_distcc_cmdlist (d->dir);
  if (!cmdlist)
    {
      d->failed = harness_fmt ("cannot write the command list or link the "
			       "wrapper in %s", d->dir);
      return;
    }
  /* As root, distccd runs as the user distccd.  It runs only the
     compilers of DISTCC_CMDLIST, which replaces its default list (the
     names /usr/lib/distcc masquerades) without changing a system
     directory.  */
  const char *argv[] = {
    "env", harness_fmt ("DISTCC_CMDLIST=%s", cmdlist),
    "distccd", "--daemon", "--no-detach", "--listen", "127.0.0.1",
    "--allow", "127.0.0.1/32", "--port", harness_fmt ("%d", distcc_port),
    "--log-file", harness_fmt ("%s/distccd.log", logs), "--log-level",
    "info", "--jobs", "2", NULL
  };
  d->unshare = spawn_in_namespaces (argv, false,
				    harness_fmt ("%s/unshare.log", d->dir));
  if (!wait_until (distccd_listens, 20))
    d->failed = harness_fmt ("distccd does not listen on 127.0.0.1:%d; "
			     "see %s", distcc_port, d->dir);
}

static void
distcc_teardown (void)
{
  stop_daemons (&distcc_daemon);
}

static const char *
distcc_log (void)
{
  return harness_fmt ("%s/daemon/distccd.log", distcc_daemon.dir);
}

static void
assert_distcc_up (void)
{
  ck_assert_msg (!distcc_daemon.failed, "%s", distcc_daemon.failed);
}

/* The environment of a distcc command, up to the command itself.  distcc
   keeps a refused host out of use for a minute (backoff), in DISTCC_DIR:
   each test has its own, so that one test's refusal does not keep the
   next one's job from the server.  */
static const char *
distcc (const char *hosts_suffix, const char *extra_env)
{
  const char *state = build_dir ("distcc-state");
  return harness_fmt ("env DISTCC_DIR=%s DISTCC_HOSTS=127.0.0.1:%d%s %s "
		      "timeout %d", state, distcc_port, hosts_suffix,
		      extra_env, CLIENT_TIMEOUT);
}

/* The distccd log lines written since MARK (a log size).  */
static const char *
distcc_log_since (size_t mark)
{
  size_t n;
  char *log = harness_read (distcc_log (), &n);
  ck_assert_ptr_nonnull (log);
  return mark <= n ? log + mark : "";
}

/* The distccd log since MARK once it contains TEXT; distccd writes a
   job's last lines after the client has its answer, so they are waited
   for, up to ten seconds.  NULL if they do not come.  */
static const char *
distcc_log_with (size_t mark, const char *text)
{
  for (int i = 0; i < 100; i++)
    {
      const char *log = distcc_log_since (mark);
      if (strstr (log, text))
	return log;
      usleep (100 * 1000);
    }
  return NULL;
}

static size_t
distcc_log_mark (void)
{
  size_t n = 0;
  free (harness_read (distcc_log (), &n));
  return n;
}

/* One of the reports the report sample gives, so that comparing
   diagnostics compares something.  */
static const char hot_call_report[] =
  "warning: hot function 'mix' not inlined into 'table': --param "
  "max-inline-insns-auto limit reached [hotinline]";

static const char refusal[] = "-fplugin= and/or -specs= passed, which are "
			      "insecure and not supported";

/* The setup is sound: without the plugin a job really runs on the
   server, and gives what a local build gives.  */
START_TEST (test_distcc_compiles_remotely_without_plugin)
{
  assert_distcc_up ();
  const char *src = harness_src ("examples/xarray_walk.c");
  const char *local = build_dir ("local"), *remote = build_dir ("remote");
  ck_assert_int_eq (compile_in (local, "", src, "xarray_walk", "").status, 0);
  size_t mark = distcc_log_mark ();
  struct run r = compile_in (remote,
			     harness_fmt ("%s distcc",
					  distcc ("", "DISTCC_FALLBACK=0")),
			     src, "xarray_walk", "");
  ck_assert_msg (r.status == 0, "%.2000s", r.err);
  ck_assert_msg (distcc_log_with (mark, "COMPILE_OK"), "no job in %s",
		 distcc_log ());
  assert_same_file (harness_fmt ("%s/xarray_walk.o", local),
		    harness_fmt ("%s/xarray_walk.o", remote));
}
END_TEST

/* With the plugin, distccd refuses the job; with fallbacks off, the
   build fails instead of silently compiling here.  */
START_TEST (test_distccd_refuses_the_plugin)
{
  assert_distcc_up ();
  const char *src = harness_src ("examples/xarray_walk.c");
  const char *remote = build_dir ("remote");
  size_t mark = distcc_log_mark ();
  struct run r = compile_in (remote,
			     harness_fmt ("%s distcc",
					  distcc ("", "DISTCC_FALLBACK=0 "
						  "DISTCC_SKIP_LOCAL_RETRY=1")),
			     src, "xarray_walk", plugin_args (xarray_policy ()));
  /* distcc's EXIT_DISTCC_FAILED.  */
  ck_assert_msg (r.status == 116, "status %d: %.2000s", r.status, r.err);
  ck_assert_ptr_nonnull (strstr (r.err, "failed to distribute and fallbacks "
				 "are disabled"));
  ck_assert_msg (distcc_log_with (mark, refusal), "not refused, see %s",
		 distcc_log ());
  ck_assert (access (harness_fmt ("%s/xarray_walk.o", remote), F_OK) != 0);
}
END_TEST

/* distcc's default: the refused job is compiled here, with the local
   preprocessor's -MD output; everything is as in a local build, and
   distcc adds only its own warning.  */
static const char *
assert_fallback_is_local (const char *source, const char *policy,
			  const char *name)
{
  const char *local = build_dir ("local"), *remote = build_dir ("remote");
  const char *flags = plugin_args (policy);
  struct run l = compile_in (local, "", source, name, flags);
  ck_assert_msg (l.status == 0, "%.2000s", l.err);
  size_t mark = distcc_log_mark ();
  struct run r = compile_in (remote, harness_fmt ("%s distcc",
						  distcc ("", "")),
			     source, name, flags);
  ck_assert_msg (r.status == 0, "%.2000s", r.err);
  ck_assert_msg (distcc_log_with (mark, refusal),
		 "the server did not see (and refuse) the job");
  ck_assert_str_eq (without_lines (r.err, "distcc["), l.err);
  ck_assert_ptr_nonnull (strstr (r.err, "running locally instead"));
  assert_same_outputs (local, remote, name, policy);
  return l.err;
}

START_TEST (test_distcc_fallback_forces_as_locally)
{
  assert_distcc_up ();
  assert_fallback_is_local (harness_src ("examples/xarray_walk.c"),
			    xarray_policy (), "xarray_walk");
  /* And the forcing did happen.  */
  ck_assert_int_eq (harness_count_calls
		    (harness_fmt ("%s/remote/xarray_walk.o",
				  harness_tmpdir ()), "xas_descend"), 0);
}
END_TEST

START_TEST (test_distcc_fallback_reports_as_locally)
{
  assert_distcc_up ();
  const char *err = assert_fallback_is_local
    (harness_src ("testsuite/samples/report.c"), report_policy (), "report");
  ck_assert_ptr_nonnull (strstr (err, hot_call_report));
}
END_TEST

/* Pump mode sends the sources and headers instead of a preprocessed
   unit; distccd's refusal of -fplugin= applies to every job, so pump jobs
   with the plugin are refused as well.  (On Debian 12 the include server
   itself fails under Python 3.11 and distcc falls back to plain mode
   before sending: the job reaches the server either way.)  */
START_TEST (test_distcc_pump_mode_refuses_the_plugin)
{
  assert_distcc_up ();
  const char *remote = build_dir ("remote");
  size_t mark = distcc_log_mark ();
  struct run r = compile_in (remote,
			     harness_fmt ("%s distcc-pump distcc",
					  distcc (",cpp,lzo",
						  "DISTCC_FALLBACK=0 "
						  "DISTCC_SKIP_LOCAL_RETRY=1")),
			     harness_src ("examples/xarray_walk.c"),
			     "xarray_walk", plugin_args (xarray_policy ()));
  ck_assert_msg (r.status == 116, "status %d: %.2000s", r.status, r.err);
  ck_assert_msg (distcc_log_with (mark, refusal), "not refused, see %s",
		 distcc_log ());
}
END_TEST

/* The wrapper under distcc (its own tests are in wrapper.c).  */

/* distcc through the wrapper's link, with EXTRA_ENV.  */
static const char *
distcc_wrapped (const char *extra_env)
{
  return harness_fmt ("%s distcc",
		      distcc ("", harness_fmt ("PATH=%s:$PATH %s",
					       wrapper_bin (distcc_daemon.dir),
					       extra_env)));
}

/* Nothing may be compiled here: a job the server refuses or fails
   fails the build.  */
static const char no_local[] = "DISTCC_FALLBACK=0 DISTCC_SKIP_LOCAL_RETRY=1";

/* SOURCE built with POLICY by "distcc hotinline-GCC" is compiled on the
   server, with the plugin, and everything is as in a local build with
   -fplugin=: object, diagnostics (but for distcc's own lines) and -MD
   output, which the local preprocessor, run through the wrapper too,
   writes with the policy listed.  Returns the local build's stderr.  */
static const char *
assert_wrapper_is_remote (const char *source, const char *policy,
			  const char *name)
{
  assert_distcc_up ();
  assert_wrapper_built ();
  const char *local = build_dir ("local"), *remote = build_dir ("remote");
  struct run l = compile_in (local, "", source, name, plugin_args (policy));
  ck_assert_msg (l.status == 0, "%.2000s", l.err);
  size_t mark = distcc_log_mark ();
  struct run r = compile_by (remote, distcc_wrapped (no_local),
			     wrapped_gcc (), source, name,
			     wrapper_args (policy));
  ck_assert_msg (r.status == 0, "status %d: %.2000s", r.status, r.err);
  const char *log = distcc_log_with (mark, "COMPILE_OK");
  ck_assert_msg (log, "no job compiled on the server, see %s",
		 distcc_log ());
  ck_assert_msg (strstr (log, wrapped_gcc ()) && !strstr (log, refusal),
		 "unexpected server log: %.2000s", log);
  ck_assert_str_eq (without_lines (r.err, "distcc["), l.err);
  assert_same_outputs (local, remote, name, policy);
  return l.err;
}

START_TEST (test_distcc_wrapper_forces_on_the_server)
{
  assert_wrapper_is_remote (harness_src ("examples/xarray_walk.c"),
			    xarray_policy (), "xarray_walk");
  ck_assert_int_eq (harness_count_calls
		    (harness_fmt ("%s/remote/xarray_walk.o",
				  harness_tmpdir ()), "xas_descend"), 0);
}
END_TEST

START_TEST (test_distcc_wrapper_reports_from_the_server)
{
  const char *err = assert_wrapper_is_remote
    (harness_src ("testsuite/samples/report.c"), report_policy (), "report");
  ck_assert_ptr_nonnull (strstr (err, hot_call_report));
}
END_TEST

/* A policy the server cannot read: the plugin's error comes back from
   the server and the build fails; nothing is compiled here.  The test
   directory is private to root and distccd runs as its own user, so a
   policy there is readable here only.  */
START_TEST (test_distcc_wrapper_fails_on_a_policy_unreadable_remotely)
{
  assert_distcc_up ();
  assert_wrapper_built ();
  if (geteuid () != 0)
    {
      fprintf (stderr, "SKIP %s: distccd runs as this user and reads what "
	       "the client reads\n", __func__);
      return;
    }
  const char *policy = harness_write ("here-only.yaml",
				      "version: 1\nfunctions: []\n");
  const char *remote = build_dir ("remote");
  size_t mark = distcc_log_mark ();
  struct run r = compile_by (remote, distcc_wrapped (no_local),
			     wrapped_gcc (),
			     harness_src ("examples/xarray_walk.c"),
			     "xarray_walk", wrapper_args (policy));
  ck_assert_msg (r.status == 1, "status %d: %.2000s", r.status, r.err);
  ck_assert_msg (strstr (r.err, harness_fmt ("cc1: error: %s: cannot open "
					     "policy: Permission denied "
					     "[hotinline]", policy)),
		 "unexpected: %.2000s", r.err);
  ck_assert_msg (distcc_log_with (mark, "COMPILE_ERROR"), "no failed job "
		 "in %s", distcc_log ());
  ck_assert (access (harness_fmt ("%s/xarray_walk.o", remote), F_OK) != 0);

  /* distcc's default: the failed job is compiled again here, where the
     policy is readable, and the remote error is not shown, only distcc's
     warnings.  */
  mark = distcc_log_mark ();
  r = compile_by (remote, distcc_wrapped (""), wrapped_gcc (),
		  harness_src ("examples/xarray_walk.c"), "xarray_walk",
		  wrapper_args (policy));
  ck_assert_msg (r.status == 0, "status %d: %.2000s", r.status, r.err);
  /* What the README says distcc prints: four lines of its own per
     unit.  */
  const char *distcc_says[] = { "ERROR: compile ", "failed, retrying locally",
				"running locally instead",
				"retried locally and got a different result" };
  for (size_t i = 0; i < sizeof distcc_says / sizeof *distcc_says; i++)
    ck_assert_msg (strstr (r.err, distcc_says[i]), "no '%s' in: %.2000s",
		   distcc_says[i], r.err);
  ck_assert_msg (!strstr (r.err, "cannot open policy"), "unexpected: "
		 "%.2000s", r.err);
  ck_assert_msg (distcc_log_with (mark, "COMPILE_ERROR"), "no failed job "
		 "in %s", distcc_log ());
  ck_assert (access (harness_fmt ("%s/xarray_walk.o", remote), F_OK) == 0);
}
END_TEST

/* icecream.  */

/* The plugin as "make install" leaves it (make check stages an install):
   icecc-create-env adds the shared libraries of the files it is given only
   when they are executable, so an environment made from an installed
   plugin that is not lacks libyaml.  */
static const char *
installed_plugin (void)
{
  const char *p = getenv ("HOTINLINE_INSTALLED_PLUGIN");
  return p && access (p, R_OK) == 0 ? p : NULL;
}

static const char *
icecream_plugin_args (const char *policy)
{
  return harness_fmt ("-fplugin=%s -fplugin-arg-hotinline-policy=%s",
		      installed_plugin (), policy);
}

/* Run in the namespaces: brings up loopback, freezes the CPU counters the
   daemons read (so that the scheduler does not hold jobs back while other
   work loads this machine: a daemon whose counters do not move reports
   itself idle), starts the scheduler and two daemons: "local", the
   client's own daemon, which takes no jobs, and "remote", which compiles
   in the chroot of the environment it is sent.  ICECC_TESTS lets them
   find each other on loopback and reconnect within seconds.  */
static const char icecream_script[] =
  "d=\"$1\"\n"
  "ip link set lo up\n"
  "cat /proc/stat > \"$d/stat\" && mount --bind \"$d/stat\" /proc/stat\n"
  "export ICECC_TESTS=1\n"
  "icecc-scheduler -p 8765 -n hotinline -l \"$d/scheduler.log\" -vvv &\n"
  "ICECC_TEST_SOCKET=\"$d/local.sock\" ICECC_SCHEDULER=127.0.0.1:8765 "
  "iceccd --no-remote -N local -n hotinline -b \"$d/envs-local\" "
  "-l \"$d/local.log\" -m 1 -vvv &\n"
  "ICECC_TEST_SOCKET=\"$d/remote.sock\" ICECC_SCHEDULER=127.0.0.1:8765 "
  "iceccd -p 10246 -N remote -n hotinline -b \"$d/envs-remote\" "
  "-l \"$d/remote.log\" -m 1 -vvv &\n"
  "wait\n";

static bool
icecream_daemons_ready (void)
{
  const char *dir = icecream_daemons.dir;
  return file_contains (harness_fmt ("%s/daemons/local.log", dir),
			"Connected to scheduler")
	 && file_contains (harness_fmt ("%s/daemons/remote.log", dir),
			   "Connected to scheduler");
}

/* The environment: the compiler, the plugin and the two policies.  */
static const char *
create_icecream_env (const char *dir)
{
  const char *gcc = harness_gcc ();
  const char *envdir = harness_fmt ("%s/env", dir);
  mkdir (envdir, 0755);
  if (!quiet_sh (harness_fmt ("cd %s && icecc-create-env --gcc "
			      "$(command -v %s) $(command -v %s) "
			      "--compression none --addfile %s --addfile %s "
			      "--addfile %s", envdir, gcc, harness_gxx (),
			      installed_plugin (), xarray_policy (),
			      report_policy ())))
    return NULL;
  glob_t g;
  if (glob (harness_fmt ("%s/*.tar", envdir), 0, NULL, &g) != 0)
    return NULL;
  const char *env = harness_fmt ("%s", g.gl_pathv[0]);
  globfree (&g);
  return env;
}

static void
icecream_setup (void)
{
  struct daemons *d = &icecream_daemons;
  if (!namespaces_usable ())
    {
      d->skip = "iceccd compiles remote jobs in a chroot, which needs root,"
		" and the daemons run in network namespaces, which need"
		" unshare --net to be allowed";
      fprintf (stderr, "SKIP icecream tests: %s\n", d->skip);
      return;
    }
  d->failed = missing_program ("icecc iceccd icecc-scheduler "
			       "icecc-create-env");
  if (!d->failed && !installed_plugin ())
    d->failed = "HOTINLINE_INSTALLED_PLUGIN does not name an installed "
		"plugin (make check stages one)";
  if (d->failed)
    return;
  d->dir = fixture_dir ("icecream");
  if (!d->dir)
    {
      d->failed = "no directory";
      return;
    }
  const char *daemons = harness_fmt ("%s/daemons", d->dir);
  mkdir (daemons, 0777);
  chmod (daemons, 01777);
  const char *script = harness_fmt ("%s/daemons.sh", d->dir);
  FILE *f = fopen (script, "w");
  if (!f)
    {
      d->failed = "cannot write the daemon script";
      return;
    }
  fputs (icecream_script, f);
  fclose (f);
  const char *argv[] = { "sh", script, daemons, NULL };
  d->unshare = spawn_in_namespaces (argv, true,
				    harness_fmt ("%s/unshare.log", d->dir));
  /* Made while the daemons find their scheduler.  */
  icecream_env = create_icecream_env (d->dir);
  if (!icecream_env)
    d->failed = harness_fmt ("icecc-create-env failed in %s/env", d->dir);
  else if (!wait_until (icecream_daemons_ready, 60))
    d->failed = harness_fmt ("the icecream daemons did not connect to their "
			     "scheduler; see %s", daemons);
  else if (file_contains (harness_fmt ("%s/remote.log", daemons),
			  "Cannot use chroot"))
    {
      d->skip = "iceccd cannot chroot here, so it takes no remote jobs";
      fprintf (stderr, "SKIP icecream tests: %s\n", d->skip);
    }
}

static void
icecream_teardown (void)
{
  stop_daemons (&icecream_daemons);
  /* The environment and its unpacked copies: 80 MB each.  */
  if (icecream_daemons.dir)
    quiet_sh (harness_fmt ("rm -rf %s/env %s/daemons/envs-*",
			   icecream_daemons.dir, icecream_daemons.dir));
}

/* Whether the icecream tests can run (the setup said why not).  */
static bool
icecream_usable (void)
{
  ck_assert_msg (!icecream_daemons.failed, "%s", icecream_daemons.failed);
  return !icecream_daemons.skip;
}

/* The host pid of the namespace's first process, to enter its network
   namespace.  */
static pid_t
icecream_namespace_pid (void)
{
  pid_t p = icecream_daemons.unshare;
  char *children = harness_read (harness_fmt ("/proc/%d/task/%d/children",
					      (int) p, (int) p), NULL);
  ck_assert_msg (children && atoi (children) > 0,
		 "no namespace process under unshare %d", (int) p);
  return atoi (children);
}

/* The icecc command prefix: in the daemons' network namespace, through
   the "local" daemon's socket, forced to the "remote" daemon
   (ICECC_TEST_REMOTEBUILD: even a daemon on this machine compiles as a
   remote one, in its chroot), with the client's log in LOG.  */
static const char *
icecc (const char *log, const char *extra_env)
{
  const char *d = icecream_daemons.dir;
  return harness_fmt ("nsenter -t %d -n env ICECC_TEST_SOCKET=%s/daemons/"
		      "local.sock ICECC_TEST_REMOTEBUILD=1 "
		      "ICECC_PREFERRED_HOST=remote ICECC_VERSION=%s "
		      "ICECC_DEBUG=debug ICECC_LOGFILE=%s %s timeout %d icecc",
		      (int) icecream_namespace_pid (), d, icecream_env, log,
		      extra_env, CLIENT_TIMEOUT);
}

/* The client compiled on the remote daemon, and not here.  */
static void
assert_compiled_remotely (const char *client_log)
{
  char *log = harness_read (client_log, NULL);
  ck_assert_msg (log, "no client log %s", client_log);
  ck_assert_msg (strstr (log, "Have to use host 127.0.0.1:10246"),
		 "not sent to the remote daemon: %s", client_log);
  ck_assert_msg (!strstr (log, "<building_local>"),
		 "built locally: %s", client_log);
}

/* -fno-diagnostics-show-caret: the remote compiler reads a preprocessed
   unit and has no source lines to quote, so, given carets, icecc
   recompiles locally any unit with diagnostics; without them it passes
   the remote diagnostics through as they are.  */
static const char *
assert_icecream_is_local (const char *source, const char *policy,
			  const char *name)
{
  const char *local = build_dir ("local"), *remote = build_dir ("remote");
  const char *flags = harness_fmt ("-fno-diagnostics-show-caret %s",
				   icecream_plugin_args (policy));
  struct run l = compile_in (local, "", source, name, flags);
  ck_assert_msg (l.status == 0, "%.2000s", l.err);
  const char *log = harness_fmt ("%s/icecc.log", remote);
  struct run r = compile_in (remote, icecc (log, ""), source, name, flags);
  ck_assert_msg (r.status == 0, "%.2000s", r.err);
  assert_compiled_remotely (log);
  ck_assert_str_eq (r.err, l.err);
  assert_same_outputs (local, remote, name, policy);
  return l.err;
}

START_TEST (test_icecream_forces_as_locally)
{
  if (!icecream_usable ())
    return;
  assert_icecream_is_local (harness_src ("examples/xarray_walk.c"),
			    xarray_policy (), "xarray_walk");
  ck_assert_int_eq (harness_count_calls
		    (harness_fmt ("%s/remote/xarray_walk.o",
				  harness_tmpdir ()), "xas_descend"), 0);
}
END_TEST

START_TEST (test_icecream_reports_as_locally)
{
  if (!icecream_usable ())
    return;
  const char *err = assert_icecream_is_local
    (harness_src ("testsuite/samples/report.c"), report_policy (), "report");
  ck_assert_ptr_nonnull (strstr (err, hot_call_report));
}
END_TEST

/* With -g too, built in the same directory (DW_AT_comp_dir is the
   build's directory, which the local preprocessor passes on).  Without
   -gno-record-gcc-switches DW_AT_producer would differ: icecream adds
   -fdirectives-only and two --param options to the remote command.  */
START_TEST (test_icecream_debug_info_as_locally)
{
  if (!icecream_usable ())
    return;
  const char *dir = build_dir ("debug");
  const char *src = harness_src ("examples/xarray_walk.c");
  const char *flags = harness_fmt ("-g -gno-record-gcc-switches %s",
				   icecream_plugin_args (xarray_policy ()));
  struct run l = compile_in (dir, "", src, "local", flags);
  ck_assert_msg (l.status == 0, "%.2000s", l.err);
  const char *log = harness_fmt ("%s/icecc.log", dir);
  struct run r = compile_in (dir, icecc (log, ""), src, "remote", flags);
  ck_assert_msg (r.status == 0, "%.2000s", r.err);
  assert_compiled_remotely (log);
  assert_same_file (harness_fmt ("%s/local.o", dir),
		    harness_fmt ("%s/remote.o", dir));
}
END_TEST

/* A policy that exists here but not in the environment: the remote
   compile stops with hotinline's error naming the path.  */
static void
assert_remote_policy_missing (const char *policy_arg, const char *expected)
{
  const char *remote = build_dir ("remote");
  const char *log = harness_fmt ("%s/icecc.log", remote);
  struct run r = compile_in (remote, icecc (log, ""),
			     harness_src ("examples/xarray_walk.c"),
			     "xarray_walk",
			     harness_fmt ("-fno-diagnostics-show-caret %s",
					  icecream_plugin_args (policy_arg)));
  assert_compiled_remotely (log);
  ck_assert_int_eq (r.status, 1);
  struct diagnostics ds = harness_diagnostics (r.err);
  ck_assert_msg (ds.n == 1, "expected one diagnostic: %.2000s", r.err);
  ck_assert_str_eq (ds.d[0].kind, "error");
  ck_assert_msg (strncmp (ds.d[0].message, expected, strlen (expected)) == 0,
		 "unexpected message: %s", ds.d[0].message);
}

START_TEST (test_icecream_names_a_policy_missing_remotely)
{
  if (!icecream_usable ())
    return;
  const char *policy = harness_write ("here-only.yaml",
				      "version: 1\nfunctions: []\n");
  assert_remote_policy_missing (policy,
				harness_fmt ("%s: cannot open policy: No such"
					     " file or directory [hotinline]",
					     policy));
}
END_TEST

/* The same for the plugin: a copy here that the environment lacks.  The
   error is GCC's, and names the file.  */
START_TEST (test_icecream_names_a_plugin_missing_remotely)
{
  if (!icecream_usable ())
    return;
  const char *remote = build_dir ("remote");
  const char *plugin = harness_fmt ("%s/hotinline.so", harness_tmpdir ());
  ck_assert_int_eq (harness_sh (harness_fmt ("cp %s %s", harness_plugin (),
					     plugin)).status, 0);
  const char *log = harness_fmt ("%s/icecc.log", remote);
  struct run r = compile_in (remote, icecc (log, ""),
			     harness_src ("examples/xarray_walk.c"),
			     "xarray_walk",
			     harness_fmt ("-fno-diagnostics-show-caret "
					  "-fplugin=%s "
					  "-fplugin-arg-hotinline-policy=%s",
					  plugin, xarray_policy ()));
  assert_compiled_remotely (log);
  ck_assert_int_eq (r.status, 1);
  ck_assert_msg (strstr (r.err, harness_fmt ("error: cannot load plugin %s",
					     plugin)),
		 "unexpected: %.2000s", r.err);
}
END_TEST

/* A relative path is looked up in the remote compiler's directory.  */
START_TEST (test_icecream_names_the_directory_of_a_relative_policy)
{
  if (!icecream_usable ())
    return;
  build_dir ("remote");
  harness_write ("remote/hot.yaml", "version: 1\nfunctions: []\n");
  assert_remote_policy_missing ("hot.yaml",
				"hot.yaml: cannot open policy: No such file "
				"or directory (relative to the working "
				"directory '");
}
END_TEST

/* icecc's default with carets on: a remote compile that printed anything
   is done again here, so a policy missing from the environment costs a
   second compile and shows no error.  */
START_TEST (test_icecream_recompiles_locally_by_default)
{
  if (!icecream_usable ())
    return;
  const char *policy = harness_write ("here-only.yaml",
				      "version: 1\nfunctions: []\n");
  const char *remote = build_dir ("remote");
  const char *log = harness_fmt ("%s/icecc.log", remote);
  struct run r = compile_in (remote, icecc (log, ""),
			     harness_src ("examples/xarray_walk.c"),
			     "xarray_walk", icecream_plugin_args (policy));
  ck_assert_msg (r.status == 0, "%.2000s", r.err);
  ck_assert_str_eq (r.err, "");
  ck_assert_msg (file_contains (log, "recompiling locally"),
		 "not recompiled locally: %s", log);
}
END_TEST

/* After the fixtures' teardowns: nothing of theirs runs any more.  */
START_TEST (test_no_daemon_is_left)
{
  if (distcc_daemon.dir)
    ck_assert_msg (!process_left (distcc_daemon.dir), "a distccd of %s "
		   "still runs", distcc_daemon.dir);
  if (icecream_daemons.dir)
    ck_assert_msg (!process_left (icecream_daemons.dir), "an icecream "
		   "daemon of %s still runs", icecream_daemons.dir);
}
END_TEST

Suite *
distributed_suite (void)
{
  Suite *s = runner_suite ("Distributed builds");
  /* The last case checks that the others left no daemon.  */
  runner_in_order (s);
  if (harness_skip_on_clang ("Distributed builds", "distcc and icecream are driven with GCC plugins only"))
    return s;

  TCase *tc = runner_tcase ("distcc");
  tcase_set_timeout (tc, E2E_TIMEOUT);
  tcase_add_unchecked_fixture (tc, distcc_setup, distcc_teardown);
  tcase_add_test (tc, test_distcc_compiles_remotely_without_plugin);
  tcase_add_test (tc, test_distccd_refuses_the_plugin);
  tcase_add_test (tc, test_distcc_fallback_forces_as_locally);
  tcase_add_test (tc, test_distcc_fallback_reports_as_locally);
  tcase_add_test (tc, test_distcc_pump_mode_refuses_the_plugin);
  tcase_add_test (tc, test_distcc_wrapper_forces_on_the_server);
  tcase_add_test (tc, test_distcc_wrapper_reports_from_the_server);
  tcase_add_test (tc, test_distcc_wrapper_fails_on_a_policy_unreadable_remotely);
  runner_add_tcase (s, tc);

  tc = runner_tcase ("icecream");
  tcase_set_timeout (tc, E2E_TIMEOUT);
  tcase_add_unchecked_fixture (tc, icecream_setup, icecream_teardown);
  tcase_add_test (tc, test_icecream_forces_as_locally);
  tcase_add_test (tc, test_icecream_reports_as_locally);
  tcase_add_test (tc, test_icecream_debug_info_as_locally);
  tcase_add_test (tc, test_icecream_names_a_policy_missing_remotely);
  tcase_add_test (tc, test_icecream_names_a_plugin_missing_remotely);
  tcase_add_test (tc, test_icecream_names_the_directory_of_a_relative_policy);
  tcase_add_test (tc, test_icecream_recompiles_locally_by_default);
  runner_add_tcase (s, tc);

  tc = runner_tcase ("Daemons stopped");
  tcase_set_timeout (tc, E2E_TIMEOUT);
  tcase_add_test (tc, test_no_daemon_is_left);
  runner_add_tcase (s, tc);
  return s;
}
