/* hotinline-cc: run a compiler with the hotinline plugin loaded when its
   command line carries -fplugin-arg-hotinline-* arguments.

     hotinline-COMPILER ARGS...      (a link to hotinline-cc)
     hotinline-cc COMPILER ARGS...

   runs COMPILER, found in PATH, with ARGS, and with -fplugin=hotinline
   inserted right before the first -fplugin-arg-hotinline-* argument
   unless ARGS already load hotinline.  With -iplugindir=DIR in ARGS the
   inserted argument is -fplugin=DIR/hotinline.so, since GCC passes
   -iplugindir only to the preprocessing compiler and not when it compiles
   a preprocessed file, as on a distcc server.  When ARGS load a renamed
   copy of the plugin (-fplugin=/x/hotinline12.so), its arguments are
   renamed to match (-fplugin-arg-hotinline12-...), since GCC names a
   plugin after its file.

   For Clang (a COMPILER named clang, clang++, clang-N or clang++-N) the
   same arguments work: Clang loads a plugin by path and hotinline's twice,
   as a front-end plugin, which takes the -fplugin-arg-hotinline-* arguments
   as they are, and as a pass plugin, which does the work.  So
   -fplugin=hotinline, or nothing, becomes -fplugin=P -fpass-plugin=P, P
   being the plugin built for that Clang's LLVM, installed beside this
   program in ../lib/hotinline/llvm-N/hotinline.so (HOTINLINE_LLVM_PLUGIN
   names another file).

   The point is a command line without -fplugin=: distccd refuses every
   job that has one, but runs "distcc hotinline-gcc-12 ...", and the
   plugin is loaded on the server, where hotinline-gcc-12 runs.  */
#define _GNU_SOURCE
#include <errno.h>
#include <limits.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "version.h"

static const char prefix[] = "hotinline-";
static const char plugin_arg[] = "-fplugin-arg-hotinline-";

static void
usage (FILE *out)
{
  fputs ("usage: hotinline-cc COMPILER ARGS...\n"
	 "       hotinline-COMPILER ARGS...   (a link to hotinline-cc)\n"
	 "Runs COMPILER with ARGS, adding -fplugin=hotinline before the first"
	 " -fplugin-arg-hotinline-*\nargument when ARGS do not load"
	 " hotinline already.\n"
	 "       hotinline-cc --help | --version\n", out);
}

static bool
starts_with (const char *s, const char *start)
{
  return strncmp (s, start, strlen (start)) == 0;
}

static const char *
base_name (const char *path)
{
  const char *slash = strrchr (path, '/');
  return slash ? slash + 1 : path;
}

/* The name GCC gives the plugin that ARG, -fplugin=FILE, loads: FILE
   without directories and extension (malloc'd); NULL for other ARGs.  */
static char *
plugin_name (const char *arg)
{
  if (!starts_with (arg, "-fplugin="))
    return NULL;
  const char *name = base_name (arg + strlen ("-fplugin="));
  const char *dot = strrchr (name, '.');
  return strndup (name, dot ? (size_t) (dot - name) : strlen (name));
}

/* Whether ARG is -fplugin= for hotinline, by name, by path
   ("-fplugin=/x/hotinline.so": GCC refuses a second plugin of the same
   name) or as a renamed copy ("-fplugin=/x/hotinline12.so").  */
static bool
loads_hotinline (const char *arg)
{
  char *name = plugin_name (arg);
  bool is = name && starts_with (name, "hotinline");
  free (name);
  return is;
}

/* The name of a renamed copy of the plugin that ARGS (N of them) load,
   "hotinline-1.2" for -fplugin=/x/hotinline-1.2.so, or NULL.  */
static char *
renamed_plugin (char **args, int n)
{
  for (int i = 0; i < n; i++)
    {
      char *name = plugin_name (args[i]);
      if (name && starts_with (name, "hotinline")
	  && strcmp (name, "hotinline") != 0)
	return name;
      free (name);
    }
  return NULL;
}

/* GCC passes -fplugin-arg-NAME-KEY to the plugin named NAME, taking NAME
   to end at the first '-'.  For a renamed copy of the plugin, give each
   -fplugin-arg-hotinline-KEY of ARGS (N of them) its name instead; a name
   with a '-' cannot take arguments at all.  False after saying so.  */
static bool
rename_plugin_args (char **args, int n)
{
  char *name = renamed_plugin (args, n);
  if (!name)
    return true;
  bool ok = true;
  for (int i = 0; i < n && ok; i++)
    {
      if (!starts_with (args[i], plugin_arg))
	continue;
      if (strchr (name, '-'))
	{
	  fprintf (stderr, "hotinline-cc: the plugin file is named '%s', and "
		   "GCC passes no arguments to a plugin whose name has a "
		   "'-'; keep the file's name hotinline.so (put the version "
		   "in its directory) or name it without '-'\n", name);
	  ok = false;
	}
      else if (asprintf (&args[i], "-fplugin-arg-%s-%s", name,
			 args[i] + strlen (plugin_arg)) < 0)
	ok = false;
    }
  free (name);
  return ok;
}

/* The -fplugin= argument to insert into ARGS (N of them), or NULL when
   none is needed; *AT is where it goes.  */
static char *
plugin_option (char **args, int n, int *at)
{
  const char *plugindir = NULL;
  *at = -1;
  for (int i = 0; i < n; i++)
    {
      if (loads_hotinline (args[i]))
	return NULL;
      if (starts_with (args[i], "-iplugindir="))
	plugindir = args[i] + strlen ("-iplugindir=");
      if (*at < 0 && starts_with (args[i], plugin_arg))
	*at = i;
    }
  if (*at < 0)
    return NULL;
  char *opt;
  if (plugindir
      ? asprintf (&opt, "-fplugin=%s/hotinline.so", plugindir) < 0
      : asprintf (&opt, "-fplugin=hotinline") < 0)
    return NULL;
  return opt;
}

/* Whether COMPILER is a Clang driver: clang, clang++, clang-N, clang++-N,
   by name or path.  */
static bool
is_clang (const char *compiler)
{
  return starts_with (base_name (compiler), "clang");
}

/* The LLVM major version of the Clang COMPILER: from its name
   (clang-16), otherwise from COMPILER -dumpversion.  0 when unknown.  */
static int
llvm_major (const char *compiler)
{
  const char *dash = strrchr (base_name (compiler), '-');
  if (dash && dash[1] >= '1' && dash[1] <= '9'
      && strspn (dash + 1, "0123456789") == strlen (dash + 1))
    return atoi (dash + 1);
  int fds[2];
  if (pipe (fds) != 0)
    return 0;
  pid_t pid = fork ();
  if (pid == 0)
    {
      dup2 (fds[1], STDOUT_FILENO);
      close (fds[0]);
      close (fds[1]);
      execlp (compiler, compiler, "-dumpversion", (char *) NULL);
      _exit (127);
    }
  close (fds[1]);
  char version[32] = "";
  ssize_t got = pid > 0 ? read (fds[0], version, sizeof version - 1) : -1;
  close (fds[0]);
  int status;
  if (pid > 0)
    waitpid (pid, &status, 0);
  return got > 0 ? atoi (version) : 0;
}

/* The hotinline plugin for the Clang COMPILER (malloc'd), or NULL after
   saying why there is none.  */
static char *
llvm_plugin (const char *compiler)
{
  const char *env = getenv ("HOTINLINE_LLVM_PLUGIN");
  if (env && *env)
    return strdup (env);
  int major = llvm_major (compiler);
  if (major == 0)
    {
      fprintf (stderr, "hotinline-cc: cannot tell which LLVM '%s' is "
	       "(it did not answer -dumpversion); set HOTINLINE_LLVM_PLUGIN "
	       "to its hotinline.so\n", compiler);
      return NULL;
    }
  char self[PATH_MAX];
  if (!realpath ("/proc/self/exe", self))
    return NULL;
  *strrchr (self, '/') = '\0';
  char *file;
  if (asprintf (&file, "%s/../lib/hotinline/llvm-%d/hotinline.so", self,
		major) < 0)
    return NULL;
  char *real = realpath (file, NULL);
  if (!real)
    fprintf (stderr, "hotinline-cc: no hotinline plugin for LLVM %d: %s: "
	     "%s; install it with make install CLANG=clang-%d\n", major,
	     file, strerror (errno), major);
  free (file);
  return real;
}

/* Whether ARG loads hotinline into Clang: as a pass plugin, or by the
   short name GCC takes (-fplugin=hotinline, which Clang cannot).  */
static bool
clang_loads_hotinline (const char *arg, bool *short_name)
{
  *short_name = strcmp (arg, "-fplugin=hotinline") == 0;
  return *short_name || (starts_with (arg, "-fpass-plugin=")
			 && starts_with (base_name (arg), "hotinline"));
}

/* Whether ARGS (N of them) make Clang link with LTO: -flto or
   -flto=thin, and no -c, -S or -E.  */
static bool
lto_link (char **args, int n)
{
  bool lto = false;
  for (int i = 0; i < n; i++)
    {
      if (strcmp (args[i], "-c") == 0 || strcmp (args[i], "-S") == 0
	  || strcmp (args[i], "-E") == 0)
	return false;
      if (strcmp (args[i], "-flto") == 0 || starts_with (args[i], "-flto="))
	lto = true;
      else if (strcmp (args[i], "-fno-lto") == 0)
	lto = false;
    }
  return lto;
}

/* ARGS (N of them) for Clang: the plugin loaded both ways right before
   the first -fplugin-arg-hotinline-*, or in place of -fplugin=hotinline;
   at an LTO link also into the linker, which reads the arguments from
   the bitcode (Clang does not pass -fpass-plugin on to it).
   A new array of *N arguments, NULL after saying why not.  */
static char **
clang_args (const char *compiler, char **args, int *n)
{
  int at = -1;
  for (int i = 0; i < *n; i++)
    {
      bool short_name;
      if (clang_loads_hotinline (args[i], &short_name))
	{
	  if (!short_name)
	    return args;
	  at = i;
	  break;
	}
      if (at < 0 && starts_with (args[i], plugin_arg))
	at = i;
    }
  if (at < 0)
    return args;
  char *plugin = llvm_plugin (compiler);
  if (!plugin)
    return NULL;
  bool replace = strcmp (args[at], "-fplugin=hotinline") == 0;
  bool link = lto_link (args, *n);
  char **out = calloc (*n + 4, sizeof *out);
  int k = 0;
  for (int i = 0; i < *n; i++)
    {
      if (i == at)
	{
	  if (asprintf (&out[k++], "-fplugin=%s", plugin) < 0
	      || asprintf (&out[k++], "-fpass-plugin=%s", plugin) < 0
	      || (link && asprintf (&out[k++], "-Wl,--load-pass-plugin=%s",
				    plugin) < 0))
	    return NULL;
	  if (replace)
	    continue;
	}
      out[k++] = args[i];
    }
  *n = k;
  free (plugin);
  return out;
}

/* Whether PATH is this very program: a link named like a compiler that
   leads back here would otherwise exec us forever.  */
static bool
is_self (const char *path)
{
  char self[PATH_MAX], other[PATH_MAX];
  return realpath ("/proc/self/exe", self) && realpath (path, other)
	 && strcmp (self, other) == 0;
}

/* The file COMPILER names: itself when it has a slash, otherwise the
   first executable of that name in PATH that is not this program.  NULL
   with errno set when there is none.  */
static char *
find_compiler (const char *compiler)
{
  if (strchr (compiler, '/'))
    {
      errno = is_self (compiler) ? ELOOP : 0;
      return errno ? NULL : strdup (compiler);
    }
  const char *path = getenv ("PATH");
  if (!path || !*path)
    path = "/usr/local/bin:/usr/bin:/bin";
  char *dirs = strdup (path), *save = NULL;
  int err = ENOENT;
  for (char *dir = strtok_r (dirs, ":", &save); dir;
       dir = strtok_r (NULL, ":", &save))
    {
      char *file;
      struct stat st;
      if (asprintf (&file, "%s/%s", dir, compiler) < 0)
	break;
      if (stat (file, &st) == 0 && S_ISREG (st.st_mode)
	  && access (file, X_OK) == 0)
	{
	  if (!is_self (file))
	    {
	      free (dirs);
	      return file;
	    }
	  err = ELOOP;
	}
      free (file);
    }
  free (dirs);
  errno = err;
  return NULL;
}

/* Exec COMPILER with ARGS (N of them), the plugin added if need be.  */
static int
run (const char *compiler, char **args, int n)
{
  if (starts_with (base_name (compiler), prefix))
    {
      fprintf (stderr, "hotinline-cc: refusing to run '%s', which would run "
	       "hotinline-cc again; name the compiler itself\n", compiler);
      return 2;
    }
  char *file = find_compiler (compiler);
  if (!file)
    {
      int err = errno;
      if (err == ELOOP)
	fprintf (stderr, "hotinline-cc: cannot run '%s': it leads back to "
		 "hotinline-cc; name the compiler itself\n", compiler);
      else
	fprintf (stderr, "hotinline-cc: cannot run '%s': %s\n", compiler,
		 strerror (err));
      return err == ELOOP ? 2 : 127;
    }

  int at = -1;
  char *opt = NULL;
  if (is_clang (compiler))
    {
      if (!(args = clang_args (compiler, args, &n)))
	return 2;
    }
  else if (!rename_plugin_args (args, n))
    return 2;
  else
    opt = plugin_option (args, n, &at);
  char **argv = calloc (n + 3, sizeof *argv);
  if (!argv)
    return 127;
  int k = 0;
  argv[k++] = (char *) compiler;
  for (int i = 0; i < n; i++)
    {
      if (opt && i == at)
	argv[k++] = opt;
      argv[k++] = args[i];
    }
  execv (file, argv);
  int err = errno;
  fprintf (stderr, "hotinline-cc: cannot run '%s': %s\n", compiler,
	   strerror (err));
  /* As a shell does: 127 for a missing program, 126 for one it cannot
     execute.  */
  return err == ENOENT ? 127 : 126;
}

int
main (int argc, char **argv)
{
  const char *me = base_name (argv[0]);
  if (strcmp (me, "hotinline-cc") == 0)
    {
      if (argc < 2)
	{
	  usage (stderr);
	  return 2;
	}
      if (strcmp (argv[1], "--help") == 0)
	{
	  usage (stdout);
	  return 0;
	}
      if (strcmp (argv[1], "--version") == 0)
	{
	  printf ("hotinline-cc %s\n", HOTINLINE_VERSION);
	  return 0;
	}
      /* A compiler is named, never an option.  */
      if (argv[1][0] == '-')
	{
	  fprintf (stderr, "hotinline-cc: unknown option '%s'\n", argv[1]);
	  usage (stderr);
	  return 2;
	}
      return run (argv[1], argv + 2, argc - 2);
    }
  if (!starts_with (me, prefix) || !me[strlen (prefix)])
    {
      fprintf (stderr, "hotinline-cc: called as '%s'; call it as "
	       "hotinline-COMPILER or hotinline-cc COMPILER\n", me);
      return 2;
    }
  return run (me + strlen (prefix), argv + 1, argc - 1);
}
