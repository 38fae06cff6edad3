/* End-to-end test harness.  Tests run in Check's forked children, so what
   the harness allocates lives until the child exits.  */
#define _GNU_SOURCE
#include "harness.h"

#include <check.h>
#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <libgen.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/utsname.h>
#include <sys/wait.h>
#include <unistd.h>

static const char *
env_or (const char *name, const char *fallback)
{
  const char *v = getenv (name);
  return v && *v ? v : fallback;
}

const char *
harness_plugin (void)
{
  return env_or ("HOTINLINE_PLUGIN", "build/gcc-12/hotinline.so");
}

const char *
harness_gcc (void)
{
  return env_or ("HOTINLINE_GCC", "gcc");
}

bool
harness_clang (void)
{
  return strstr (harness_gcc (), "clang") != NULL;
}

int
harness_clang_major (void)
{
  const char *at = harness_clang () ? strstr (harness_plugin (), "clang-")
				     : NULL;
  return at ? atoi (at + strlen ("clang-")) : 0;
}

bool
harness_skip_on_clang (const char *suite, const char *why)
{
  if (!harness_clang ())
    return false;
  fprintf (stderr, "SKIP %s on %s: %s\n", suite, harness_gcc (), why);
  return true;
}

bool
harness_skip_on_cross (const char *suite, const char *why)
{
  if (!harness_cross ())
    return false;
  fprintf (stderr, "SKIP %s on %s: %s\n", suite, harness_gcc (), why);
  return true;
}

const char *
harness_gxx (void)
{
  /* gcc -> g++, gcc-11 -> g++-11; clang-19 -> clang++-19.  */
  const char *gcc = harness_gcc ();
  if (harness_clang ())
    {
      const char *at = strstr (gcc, "clang");
      return harness_fmt ("%.*sclang++%s", (int) (at - gcc), gcc, at + 5);
    }
  /* In the file name only: /usr/lib/gcc-snapshot/bin/gcc has its g++
     beside it.  */
  const char *name = strrchr (gcc, '/') ? strrchr (gcc, '/') + 1 : gcc;
  const char *at = strstr (name, "gcc");
  if (!at)
    return "g++";
  return harness_fmt ("%.*sg++%s", (int) (at - gcc), gcc, at + 3);
}

const char *
harness_srcdir (void)
{
  return env_or ("HOTINLINE_SRCDIR", ".");
}

/* Targets.  What the harness needs to know of a target's object code to
   find its calls, and how to run its programs on this host.  */
struct target
{
  const char *machine;		/* First word of gcc -dumpmachine.  */
  const char *uname;		/* The same machine as uname -m names it.  */
  const char *qemu;		/* qemu-user program that runs its programs.  */
  /* Mnemonics of direct calls, and of direct jumps, which may be tail
     calls ("j*": every mnemonic that starts with "j").  */
  const char *calls[2];
  const char *jumps[2];
  const char *reloc;		/* Prefix of its relocation types.  */
  /* Where a call's relocation is, in bytes from the instruction.  */
  unsigned reloc_from, reloc_to;
  /* A call through a section symbol lands at the addend plus this (x86's
     displacement is relative to the end of its 4 bytes).  */
  long section_bias;
  /* Instructions that only fill the gaps between blocks; "*x": any
     instruction containing x.  Spaces match any run of white space.  */
  const char *padding[4];
  /* ELFv2: calls within an object go to a function's local entry point,
     "f+0x8", given by the symbol's st_other.  */
  bool local_entry;
};

static const struct target targets[] = {
  { "x86_64", "x86_64", "qemu-x86_64", { "call*" }, { "j*" }, "R_X86_64_",
    1, 2, 4, { "nop", "* nop", "xchg %ax,%ax" }, false },
  /* bl with R_AARCH64_CALL26, tail calls b with R_AARCH64_JUMP26.  */
  { "aarch64", "aarch64", "qemu-aarch64", { "bl" }, { "b" }, "R_AARCH64_",
    0, 0, 0, { "nop" }, false },
  /* bl and b with R_PPC64_REL24; the nop after a bl is where the linker
     puts the TOC's restore.  */
  { "powerpc64le", "ppc64le", "qemu-ppc64le", { "bl" }, { "b" },
    "R_PPC64_", 0, 0, 0, { "nop", "ori r2,r2,0" }, true },
};

/* First line of a command's output, or NULL.  */
static char *
command_line_output (const char *cmd)
{
  FILE *p = popen (cmd, "r");
  if (!p)
    return NULL;
  char buf[4096];
  char *line = fgets (buf, sizeof buf, p) ? strndup (buf, strcspn (buf, "\n"))
					  : NULL;
  pclose (p);
  return line;
}

/* HOTINLINE_GCC -dumpmachine.  */
static const char *
gcc_machine (void)
{
  static char *machine;
  if (!machine)
    machine = command_line_output (harness_fmt ("%s -dumpmachine",
						harness_gcc ()));
  /* Checked only when it failed: a suite asks before its tests run,
     where Check takes no assertion.  */
  if (!machine)
    ck_abort_msg ("%s -dumpmachine failed", harness_gcc ());
  return machine;
}

static const struct target *
target (void)
{
  const char *machine = gcc_machine ();
  for (size_t i = 0; i < sizeof targets / sizeof *targets; i++)
    {
      size_t n = strlen (targets[i].machine);
      if (strncmp (machine, targets[i].machine, n) == 0
	  && machine[n] == '-')
	return &targets[i];
    }
  ck_abort_msg ("the harness does not know the target %s", machine);
  return NULL;
}

const char *
harness_target (void)
{
  return target ()->machine;
}

bool
harness_cross (void)
{
  struct utsname u;
  return uname (&u) != 0 || strcmp (u.machine, target ()->uname) != 0;
}

/* The target's binutils program NAME, as the compiler finds it.  */
static const char *
target_tool (const char *name)
{
  char *path = command_line_output (harness_fmt ("%s -print-prog-name=%s",
						 harness_gcc (), name));
  return path && *path ? path : name;
}

const char *
harness_objdump (void)
{
  static const char *objdump;
  if (!objdump)
    objdump = target_tool ("objdump");
  return objdump;
}

const char *
harness_nm (void)
{
  static const char *nm;
  if (!nm)
    nm = target_tool ("nm");
  return nm;
}

const char *
harness_runner (void)
{
  const char *runner = getenv ("HOTINLINE_RUNNER");
  if (runner)
    return runner;
  if (!harness_cross ())
    return "";
  return harness_fmt ("%s -L /usr/%s ", target ()->qemu, gcc_machine ());
}

struct run
harness_run_program (const char *exe, const char *stdin_text)
{
  struct args a = { { 0 }, 0 };
  args_add_words (&a, harness_runner ());
  args_add (&a, exe);
  return harness_run (a.v, stdin_text);
}

/* Whether the instruction text INSN starts with PATTERN, white space
   matching any run of it; a PATTERN "*x" matches x anywhere.  */
static bool
insn_matches (const char *insn, const char *pattern)
{
  if (pattern[0] == '*')
    {
      for (const char *s = insn; *s; s++)
	if (insn_matches (s, pattern + 1))
	  return true;
      return false;
    }
  const char *s = insn, *p = pattern;
  while (*p)
    {
      if (*p == ' ')
	{
	  if (*s != ' ' && *s != '\t')
	    return false;
	  while (*s == ' ' || *s == '\t')
	    s++;
	  p++;
	}
      else if (*s++ != *p++)
	return false;
    }
  return true;
}

/* Whether the mnemonic of INSN is one of LIST's ("x*": starts with x).  */
static bool
mnemonic_in (const char *insn, const char *const *list, size_t n)
{
  size_t len = strcspn (insn, " \t");
  for (size_t i = 0; i < n && list[i]; i++)
    {
      size_t pl = strlen (list[i]);
      if (list[i][pl - 1] == '*' ? len >= pl - 1
				  && strncmp (insn, list[i], pl - 1) == 0
				  : len == pl && strncmp (insn, list[i], pl) == 0)
	return true;
    }
  return false;
}

const char *
harness_fmt (const char *fmt, ...)
{
  char *s;
  va_list ap;
  va_start (ap, fmt);
  if (vasprintf (&s, fmt, ap) < 0)
    abort ();
  va_end (ap);
  return s;
}

const char *
harness_src (const char *rel)
{
  return harness_fmt ("%s/%s", harness_srcdir (), rel);
}

const char *
harness_tmpdir (void)
{
  static char *dir;
  if (dir)
    return dir;
  const char *work = env_or ("HOTINLINE_WORKDIR", "/tmp");
  mkdir (work, 0777);
  dir = (char *) harness_fmt ("%s/t.XXXXXX", work);
  if (!mkdtemp (dir))
    ck_abort_msg ("mkdtemp %s: %s", dir, strerror (errno));
  return dir;
}

const char *
harness_write (const char *name, const char *contents)
{
  const char *path = harness_fmt ("%s/%s", harness_tmpdir (), name);
  FILE *f = fopen (path, "w");
  ck_assert_msg (f, "cannot write %s", path);
  fputs (contents, f);
  fclose (f);
  return path;
}

char *
harness_read (const char *path, size_t *size)
{
  FILE *f = fopen (path, "rb");
  if (!f)
    return NULL;
  char *buf = NULL;
  size_t len = 0, cap = 0;
  for (;;)
    {
      if (len + 4096 + 1 > cap)
	{
	  cap = (cap + 4096 + 1) * 2;
	  buf = realloc (buf, cap);
	  if (!buf)
	    abort ();
	}
      size_t got = fread (buf + len, 1, 4096, f);
      len += got;
      if (got == 0)
	break;
    }
  fclose (f);
  buf[len] = '\0';
  if (size)
    *size = len;
  return buf;
}

struct run
harness_run (const char *const *argv, const char *stdin_text)
{
  static unsigned serial;
  const char *dir = harness_tmpdir ();
  const char *out_path = harness_fmt ("%s/run%u.out", dir, serial);
  const char *err_path = harness_fmt ("%s/run%u.err", dir, serial);
  const char *in_path = stdin_text
			  ? harness_write (harness_fmt ("run%u.in", serial),
					   stdin_text)
			  : "/dev/null";
  serial++;

  pid_t pid = fork ();
  ck_assert_msg (pid >= 0, "fork failed");
  if (pid == 0)
    {
      int in = open (in_path, O_RDONLY);
      int out = open (out_path, O_WRONLY | O_CREAT | O_TRUNC, 0666);
      int err = open (err_path, O_WRONLY | O_CREAT | O_TRUNC, 0666);
      if (in < 0 || out < 0 || err < 0)
	_exit (126);
      /* Plain ASCII quotes in GCC's messages, whatever the locale.  */
      setenv ("LC_ALL", "C", 1);
      dup2 (in, 0);
      dup2 (out, 1);
      dup2 (err, 2);
      execvp (argv[0], (char *const *) argv);
      fprintf (stderr, "cannot run %s: %s\n", argv[0], strerror (errno));
      _exit (127);
    }

  int status;
  while (waitpid (pid, &status, 0) < 0)
    ck_assert_msg (errno == EINTR, "waitpid failed");

  struct run r;
  r.status = WIFEXITED (status) ? WEXITSTATUS (status)
				: 128 + WTERMSIG (status);
  r.out = harness_read (out_path, NULL);
  r.err = harness_read (err_path, NULL);
  return r;
}

void
harness_run_free (struct run *r)
{
  free (r->out);
  free (r->err);
  r->out = r->err = NULL;
}

struct run
harness_sh (const char *cmd)
{
  const char *argv[] = { "/bin/sh", "-c", cmd, NULL };
  return harness_run (argv, NULL);
}

void
args_add (struct args *a, const char *arg)
{
  ck_assert_int_lt (a->n, (int) (sizeof a->v / sizeof *a->v) - 1);
  a->v[a->n++] = arg;
  a->v[a->n] = NULL;
}

void
args_add_words (struct args *a, const char *words)
{
  const char *s = words;
  while (*s)
    {
      while (isspace ((unsigned char) *s))
	s++;
      const char *start = s;
      while (*s && !isspace ((unsigned char) *s))
	s++;
      if (s > start)
	args_add (a, harness_fmt ("%.*s", (int) (s - start), start));
    }
}

void
args_add_plugin (struct args *a, const char *const *policies, size_t n)
{
  args_add (a, harness_fmt ("-fplugin=%s", harness_plugin ()));
  /* Clang: the same object is the front-end plugin, which reads the
     arguments, and the pass plugin.  */
  if (harness_clang ())
    args_add (a, harness_fmt ("-fpass-plugin=%s", harness_plugin ()));
  for (size_t i = 0; i < n; i++)
    args_add (a, harness_fmt ("-fplugin-arg-hotinline-policy=%s",
			      policies[i]));
}

/* Directives.  */

/* Parse one directive starting after "{ hi-"; returns the end or NULL.  */
static const char *
parse_directive (const char *s, struct directive *d)
{
  size_t k = 0;
  while (*s && (isalnum ((unsigned char) *s) || *s == '-' || *s == '_')
	 && k + 1 < sizeof d->kind)
    d->kind[k++] = *s++;
  d->kind[k] = '\0';
  d->n_args = 0;
  for (;;)
    {
      while (*s == ' ' || *s == '\t')
	s++;
      if (*s == '}')
	return s + 1;
      if (!*s || *s == '\n' || d->n_args == 8)
	return NULL;
      char *arg = malloc (strlen (s) + 1), *o = arg;
      if (*s == '"')
	{
	  for (s++; *s && *s != '"' && *s != '\n'; s++)
	    *o++ = (*s == '\\' && s[1]) ? *++s : *s;
	  if (*s != '"')
	    return NULL;
	  s++;
	}
      else
	while (*s && !isspace ((unsigned char) *s) && *s != '}')
	  *o++ = *s++;
      *o = '\0';
      d->args[d->n_args++] = arg;
    }
}

/* KIND without its compiler prefix, or NULL when it is for the other
   compiler.  */
static const char *
compiler_directive (const char *kind)
{
  bool clang = harness_clang ();
  if (strncmp (kind, "gcc-", 4) == 0)
    return clang ? NULL : kind + 4;
  if (strncmp (kind, "clang-", 6) == 0)
    return clang ? kind + 6 : NULL;
  return kind;
}

struct directives
harness_directives (const char *path)
{
  struct directives ds = { NULL, 0 };
  char *text = harness_read (path, NULL);
  ck_assert_msg (text, "cannot read %s", path);
  unsigned line = 1;
  for (const char *s = text; *s; s++)
    {
      if (*s == '\n')
	line++;
      if (strncmp (s, "{ hi-", 5) != 0)
	continue;
      struct directive d;
      memset (&d, 0, sizeof d);
      d.line = line;
      const char *end = parse_directive (s + 5, &d);
      ck_assert_msg (end, "%s:%u: malformed directive", path, line);
      /* hi-gcc-KIND and hi-clang-KIND: KIND for that compiler only.  */
      const char *kind = compiler_directive (d.kind);
      if (!kind)
	{
	  for (int j = 0; j < d.n_args; j++)
	    free (d.args[j]);
	  s = end - 1;
	  continue;
	}
      memmove (d.kind, kind, strlen (kind) + 1);
      ds.d = realloc (ds.d, (ds.n + 1) * sizeof *ds.d);
      ds.d[ds.n++] = d;
      s = end - 1;
    }
  free (text);
  return ds;
}

struct sample_setup
harness_sample_setup (const char *path, const struct directives *ds)
{
  struct sample_setup s = { "", { 0 }, 0, false };
  char *dir = strdup (path);
  dirname (dir);
  for (size_t i = 0; i < ds->n; i++)
    {
      const struct directive *d = &ds->d[i];
      if (strcmp (d->kind, "options") == 0)
	for (int j = 0; j < d->n_args; j++)
	  s.options = harness_fmt ("%s %s", s.options, d->args[j]);
      else if (strcmp (d->kind, "policy") == 0 && s.n_policies < 8)
	s.policies[s.n_policies++] = harness_fmt ("%s/%s", dir, d->args[0]);
      else if (strcmp (d->kind, "run") == 0)
	s.run = true;
    }
  free (dir);
  return s;
}

void
harness_directives_free (struct directives *ds)
{
  for (size_t i = 0; i < ds->n; i++)
    for (int j = 0; j < ds->d[i].n_args; j++)
      free (ds->d[i].args[j]);
  free (ds->d);
  ds->d = NULL;
  ds->n = 0;
}

/* Diagnostics.  */

static const char *const kinds[] = { "fatal error", "error", "warning",
				     "note", "remark", NULL };

/* If S starts with "KIND: ", the kind; S is advanced past it.  */
static const char *
take_kind (const char **s)
{
  for (int i = 0; kinds[i]; i++)
    {
      size_t n = strlen (kinds[i]);
      if (strncmp (*s, kinds[i], n) == 0 && (*s)[n] == ':'
	  && (*s)[n + 1] == ' ')
	{
	  *s += n + 2;
	  return kinds[i];
	}
    }
  return NULL;
}

struct diagnostics
harness_diagnostics (const char *text)
{
  struct diagnostics ds = { NULL, 0 };
  const char *line = text;
  while (line && *line)
    {
      const char *eol = strchr (line, '\n');
      size_t len = eol ? (size_t) (eol - line) : strlen (line);
      char *l = strndup (line, len);
      line = eol ? eol + 1 : NULL;

      struct diagnostic d;
      memset (&d, 0, sizeof d);
      const char *kind = NULL, *msg = NULL;
      /* "file:line:col: kind: message" */
      char *c1 = strchr (l, ':');
      if (c1 && isdigit ((unsigned char) c1[1]))
	{
	  char *end;
	  unsigned long ln = strtoul (c1 + 1, &end, 10);
	  if (*end == ':' && isdigit ((unsigned char) end[1]))
	    {
	      unsigned long col = strtoul (end + 1, &end, 10);
	      if (*end == ':' && end[1] == ' ')
		{
		  msg = end + 2;
		  kind = take_kind (&msg);
		  d.file = strndup (l, (size_t) (c1 - l));
		  d.line = (unsigned) ln;
		  d.column = (unsigned) col;
		}
	    }
	}
      /* "cc1: kind: message" */
      else if (c1 && c1[1] == ' ' && !memchr (l, ' ', (size_t) (c1 - l)))
	{
	  msg = c1 + 2;
	  kind = take_kind (&msg);
	  d.file = strndup (l, (size_t) (c1 - l));
	}
      if (kind)
	{
	  strcpy (d.kind, kind);
	  d.message = strdup (msg);
	  ds.d = realloc (ds.d, (ds.n + 1) * sizeof *ds.d);
	  ds.d[ds.n++] = d;
	}
      else
	free (d.file);
      free (l);
    }
  return ds;
}

void
harness_diagnostics_free (struct diagnostics *ds)
{
  for (size_t i = 0; i < ds->n; i++)
    {
      free (ds->d[i].file);
      free (ds->d[i].message);
    }
  free (ds->d);
  ds->d = NULL;
  ds->n = 0;
}

/* Object code.  */

/* Whether SYMBOL names FUNCTION or one of its clones.  FUNCTION "pre*"
   matches every symbol starting with "pre" (C++ mangled names).  */
static bool
names_function (const char *symbol, size_t len, const char *function)
{
  size_t fl = strlen (function);
  if (fl && function[fl - 1] == '*')
    return len >= fl - 1 && strncmp (symbol, function, fl - 1) == 0;
  return len >= fl && strncmp (symbol, function, fl) == 0
	 && (len == fl || symbol[fl] == '.');
}

/* A growing list of strings.  */
struct strings
{
  char **v;
  size_t n;
};

static void
strings_add_unique (struct strings *l, const char *s)
{
  for (size_t i = 0; i < l->n; i++)
    if (strcmp (l->v[i], s) == 0)
      return;
  l->v = realloc (l->v, (l->n + 1) * sizeof *l->v);
  l->v[l->n++] = strdup (s);
}

static int
compare_strings (const void *a, const void *b)
{
  return strcmp (*(char *const *) a, *(char *const *) b);
}

/* The length of the symbol NAME (LEN bytes) without a ".cold" suffix: a
   function's cold part is the same function.  */
static size_t
without_cold (const char *name, size_t len)
{
  return len > 5 && strncmp (name + len - 5, ".cold", 5) == 0 ? len - 5 : len;
}

/* Whether a call or jump to TARGET (a symbol), made from CURRENT, is a call
   to FUNCTION.  A jump within a function (to itself, between it and its
   cold part) is a loop or a branch, not a call; a jump to another part of
   FUNCTION (foo.part.0) is a tail call.  */
static bool
calls_function (const char *target, size_t len, bool is_jump,
		const char *current, const char *function)
{
  size_t t = without_cold (target, len);
  size_t c = without_cold (current, strlen (current));
  return names_function (target, len, function)
	 && !(is_jump && t == c && strncmp (target, current, t) == 0);
}

/* Function symbols of an object: section, offset, name.  */
struct symbol
{
  char section[128];
  unsigned long value;
  unsigned long local_entry;	/* Offset of the local entry point.  */
  char name[256];
};

struct symbols
{
  struct symbol *v;
  size_t n;
};

static struct symbols
function_symbols (const char *obj)
{
  struct symbols syms = { NULL, 0 };
  struct run r = harness_run ((const char *const[]) { harness_objdump (),
		     "-t", obj, NULL }, NULL);
  ck_assert_msg (r.status == 0, "objdump -t %s failed: %s", obj, r.err);
  char *save = NULL;
  for (char *l = strtok_r (r.out, "\n", &save); l;
       l = strtok_r (NULL, "\n", &save))
    {
      /* "0000000000000000 l     F .text	00000000000000fe xas_descend",
	 with st_other before the name where it is not the default:
	 "... 000000000000003c 0x60 g" (ppc64le's local entry point).  */
      struct symbol sym;
      char size[32], other[256];
      if (strlen (l) < 26 || l[23] != 'F'
	  || sscanf (l, "%lx %*c", &sym.value) != 1)
	continue;
      int n = sscanf (l + 25, "%127s %31s %255s %255s", sym.section, size,
		      other, sym.name);
      if (n < 3)
	continue;
      sym.local_entry = 0;
      if (n == 3)
	strcpy (sym.name, other);
      else if (target ()->local_entry)
	{
	  /* ELFv2: bits 5-7 of st_other encode the offset, 0 to 64.  */
	  unsigned long bits = (strtoul (other, NULL, 16) >> 5) & 7;
	  sym.local_entry = bits >= 2 ? (1UL << bits) >> 2 << 2 : 0;
	}
      syms.v = realloc (syms.v, (syms.n + 1) * sizeof *syms.v);
      syms.v[syms.n++] = sym;
    }
  harness_run_free (&r);
  return syms;
}

/* The function a PC-relative relocation "SECTION+ADDEND" of a call points
   to: the assembler refers to local functions of another section through
   the section symbol.  The call's target is the addend plus the target's
   bias, at the function's entry or its local entry point.  */
static const char *
section_target (const struct symbols *syms, const char *sym, size_t len)
{
  size_t name_len = strcspn (sym, "+-");
  long addend = 0;
  if (name_len < len && (sym[name_len] == '+' || sym[name_len] == '-'))
    addend = strtol (sym + name_len, NULL, 16);
  unsigned long at = (unsigned long) (addend + target ()->section_bias);
  for (size_t i = 0; i < syms->n; i++)
    if (strlen (syms->v[i].section) == name_len
	&& strncmp (syms->v[i].section, sym, name_len) == 0
	&& (syms->v[i].value == at
	    || syms->v[i].value + syms->v[i].local_entry == at))
      return syms->v[i].name;
  return NULL;
}

/* The length of the function's name in a call's annotation "f" or, at a
   local entry point, "f+0x8"; 0 when it is another place ("f+0x1c").  */
static size_t
entry_target (const struct symbols *syms, const char *annotation)
{
  size_t len = strcspn (annotation, "+");
  if (!annotation[len])
    return len;
  unsigned long off = strtoul (annotation + len + 1, NULL, 16);
  for (size_t i = 0; i < syms->n; i++)
    if (off && syms->v[i].local_entry == off
	&& strlen (syms->v[i].name) == len
	&& strncmp (syms->v[i].name, annotation, len) == 0)
      return len;
  return 0;
}

/* Count a call found at WHERE, and collect its line when it is in
   SOURCE.  */
/* When set, scan_calls also collects the functions the calls are in.  */
static struct strings *calling_functions;
/* When set, a line is collected once per call on it.  */
static bool every_call;

static void
note_call (int *count, struct strings *lines, const char *where,
	   const char *source, const char *current)
{
  (*count)++;
  if (calling_functions)
    strings_add_unique (calling_functions, current);
  if (lines && strncmp (where, source, strlen (source)) == 0
      && where[strlen (source)] == ':')
    {
      if (!every_call)
	strings_add_unique (lines, where);
      else
	{
	  lines->v = realloc (lines->v, (lines->n + 1) * sizeof *lines->v);
	  lines->v[lines->n++] = strdup (where);
	}
    }
}

/* Count the calls to FUNCTION in OBJ; with LINES, also collect the source
   line of each, as objdump -l gives it, for the source file SOURCE.  */
static int
scan_calls (const char *obj, const char *function, struct strings *lines,
	    const char *source)
{
  const struct target *t = target ();
  struct run r = harness_run ((const char *const[]) { harness_objdump (),
		     lines ? "-drl" : "-dr", "--no-show-raw-insn", obj, NULL },
		     NULL);
  ck_assert_msg (r.status == 0, "objdump %s failed: %s", obj, r.err);

  struct symbols syms = function_symbols (obj);
  int count = 0;
  char current[256] = "";
  char where[512] = "";		/* "file.c:LINE" of the code that follows.  */
  char call_where[512] = "";
  char *save = NULL;
  char *callee = NULL;		/* Annotation of a call awaiting a reloc.  */
  bool is_jump = false, pending = false;
  unsigned long call_addr = 0;

  for (char *l = strtok_r (r.out, "\n", &save); l;
       l = strtok_r (NULL, "\n", &save))
    {
      /* A relocation patching the operand of the call just before it
	 names the callee: "1b: R_X86_64_PLT32 foo-0x4", 1 or 2 bytes into
	 the call; "44: R_AARCH64_JUMP26 ext" at the instruction itself.  */
      char *reloc = strstr (l, t->reloc);
      unsigned long at = reloc ? strtoul (l, NULL, 16) : 0;
      if (pending && reloc && at >= call_addr + t->reloc_from
	  && at <= call_addr + t->reloc_to)
	{
	  char *sym = strpbrk (reloc, " \t");
	  while (sym && (*sym == ' ' || *sym == '\t'))
	    sym++;
	  const char *name = NULL;
	  size_t n = 0;
	  if (sym && sym[0] == '.')
	    {
	      /* ".text-0x4": a local function of another section.  */
	      name = section_target (&syms, sym, strcspn (sym, " \t"));
	      n = name ? strlen (name) : 0;
	    }
	  else if (sym)
	    {
	      name = sym;
	      n = strcspn (sym, "+-");
	    }
	  if (n && calls_function (name, n, is_jump, current, function))
	    note_call (&count, lines, call_where, source, current);
	  pending = false;
	  continue;
	}
      if (pending)
	{
	  /* No relocation: the assembler resolved it within the section.  */
	  size_t n = callee ? entry_target (&syms, callee) : 0;
	  if (n && calls_function (callee, n, is_jump, current, function))
	    note_call (&count, lines, call_where, source, current);
	  pending = false;
	}
      free (callee);
      callee = NULL;

      char *lt = strchr (l, '<');
      /* "0000000000000000 <xas_load>:" starts a function.  */
      if (isxdigit ((unsigned char) l[0]) && lt && strstr (l, ">:"))
	{
	  char *gt = strchr (lt, '>');
	  snprintf (current, sizeof current, "%.*s", (int) (gt - lt - 1),
		    lt + 1);
	  continue;
	}
      /* "/path/file.c:147 (discriminator 2)" names the source line.  */
      if (lines && l[0] == '/' && strchr (l, ':') && !strchr (l, '\t'))
	{
	  const char *base = strrchr (l, '/') + 1;
	  /* binutils 2.40 names LTO-generated line tables "<artificial>":
	     the line is right, the file is the one source.  */
	  if (strncmp (base, "<artificial>:", 13) == 0)
	    snprintf (where, sizeof where, "%s:%.*s", source,
		      (int) strcspn (base + 13, " "), base + 13);
	  else
	    snprintf (where, sizeof where, "%.*s", (int) strcspn (base, " "),
		      base);
	  continue;
	}

      /* "  1a:	call   1f <xas_load+0x1f>" */
      char *tab = strchr (l, '\t');
      if (reloc || !tab || !strchr (l, ':'))
	continue;
      char *insn = tab + 1;
      while (*insn == ' ')
	insn++;
      is_jump = mnemonic_in (insn, t->jumps, 2);
      if (!is_jump && !mnemonic_in (insn, t->calls, 2))
	continue;
      pending = true;
      call_addr = strtoul (l, NULL, 16);
      strcpy (call_where, where);
      char *gt = lt ? strchr (lt, '>') : NULL;
      callee = gt ? strndup (lt + 1, (size_t) (gt - lt - 1)) : NULL;
    }
  size_t n = pending && callee ? entry_target (&syms, callee) : 0;
  if (n && calls_function (callee, n, is_jump, current, function))
    note_call (&count, lines, call_where, source, current);
  free (callee);
  free (syms.v);
  harness_run_free (&r);
  return count;
}

int
harness_count_calls (const char *obj, const char *function)
{
  return scan_calls (obj, function, NULL, NULL);
}

char **
harness_callers (const char *obj, const char *function, size_t *n)
{
  struct strings callers = { NULL, 0 };
  calling_functions = &callers;
  scan_calls (obj, function, NULL, NULL);
  calling_functions = NULL;
  *n = callers.n;
  return callers.v;
}

char **
harness_call_lines (const char *obj, const char *function,
		    const char *source, size_t *n)
{
  struct strings lines = { NULL, 0 };
  scan_calls (obj, function, &lines, source);
  if (lines.n)
    qsort (lines.v, lines.n, sizeof *lines.v, compare_strings);
  *n = lines.n;
  return lines.v;
}

char **
harness_call_sites (const char *obj, const char *function,
		    const char *source, size_t *n)
{
  every_call = true;
  char **lines = harness_call_lines (obj, function, source, n);
  every_call = false;
  return lines;
}

bool
harness_defines (const char *obj, const char *function)
{
  struct run r = harness_run ((const char *const[]) { harness_nm (), obj,
			      NULL }, NULL);
  ck_assert_msg (r.status == 0, "nm %s failed: %s", obj, r.err);
  bool found = false;
  char *save = NULL;
  for (char *l = strtok_r (r.out, "\n", &save); l && !found;
       l = strtok_r (NULL, "\n", &save))
    {
      /* "0000000000000000 T xas_load" */
      char *sp = strrchr (l, ' ');
      if (sp && sp > l + 2 && (sp[-1] == 'T' || sp[-1] == 't')
	  && names_function (sp + 1, strlen (sp + 1), function))
	found = true;
    }
  harness_run_free (&r);
  return found;
}

/* LINE of objdump -d without the instruction's address and without the
   addresses inside operands ("call 1f0 <foo>" -> "call <foo>").  */
static void
append_normalised (char **body, size_t *len, const char *line)
{
  const char *insn = strchr (line, '\t');
  insn = insn ? insn + 1 : line;
  /* Padding between blocks depends on where the function starts.  */
  const struct target *t = target ();
  for (size_t i = 0; i < 4 && t->padding[i]; i++)
    if (insn_matches (insn, t->padding[i]))
      return;
  size_t need = *len + strlen (insn) + 2;
  *body = realloc (*body, need);
  char *o = *body + *len;
  for (const char *s = insn; *s;)
    {
      /* Drop hex numbers that precede a "<symbol>" annotation ("b 1c
	 <f+0x1c>", "beq cr7,5a0 <f+0x5a0>"), and the "+0x.." offset inside
	 it.  */
      if (isxdigit ((unsigned char) *s)
	  && (s == insn || strchr (" \t,", s[-1])))
	{
	  const char *e = s;
	  while (isxdigit ((unsigned char) *e))
	    e++;
	  if (e[0] == ' ' && e[1] == '<')
	    {
	      s = e + 1;
	      continue;
	    }
	}
      /* "-0x3853(%rip)": a displacement that depends on the layout.  */
      if ((s[0] == '-' && s[1] == '0' && s[2] == 'x')
	  || (s[0] == '0' && s[1] == 'x'))
	{
	  const char *e = s + (s[0] == '-' ? 3 : 2);
	  while (isxdigit ((unsigned char) *e))
	    e++;
	  if (strncmp (e, "(%rip)", 6) == 0)
	    {
	      s = e;
	      continue;
	    }
	}
      if (s[0] == '+' && s[1] == '0' && s[2] == 'x')
	{
	  s += 3;
	  while (isxdigit ((unsigned char) *s))
	    s++;
	  continue;
	}
      *o++ = *s++;
    }
  *o++ = '\n';
  *o = '\0';
  *len = (size_t) (o - *body);
}

/* The instruction just appended to BODY has the relocation RELOC ("...:
   R_AARCH64_ADR_PREL_PG_HI21	.rodata+0x8"): what its operand shows,
   and objdump's annotation of it, are placeholders, named after whatever
   function the section has at that address.  Name the relocation's
   symbol instead; a section symbol without its addend, which depends on
   the layout of the section, and a local label without its number.  */
static void
append_relocation (char **body, size_t *len, const char *reloc)
{
  if (!*len)
    return;
  size_t start = *len - 1;
  while (start > 0 && (*body)[start - 1] != '\n')
    start--;
  char *lt = memchr (*body + start, '<', *len - start);
  if (lt)
    *len = (size_t) (lt - *body);
  else
    (*len)--;			/* The newline.  */
  const char *sym = reloc + strcspn (reloc, " \t");
  sym += strspn (sym, " \t");
  size_t n = sym[0] == '.' ? strcspn (sym, "+-") : strlen (sym);
  /* ".LC5": a local label of a mergeable constant, numbered in the order
     the compiler emitted them.  */
  if (strncmp (sym, ".L", 2) == 0)
    for (n = 2; isalpha ((unsigned char) sym[n]); n++)
      ;
  *body = realloc (*body, *len + n + 5);
  *len += (size_t) sprintf (*body + *len, " [%.*s]\n", (int) n, sym);
}

struct functions
harness_functions (const char *obj)
{
  struct functions fns = { NULL, NULL, 0 };
  const struct target *t = target ();
  struct run r = harness_run ((const char *const[]) { harness_objdump (),
		     "-dr", "--no-show-raw-insn", obj, NULL }, NULL);
  ck_assert_msg (r.status == 0, "objdump %s failed: %s", obj, r.err);
  char *save = NULL;
  size_t len = 0;
  for (char *l = strtok_r (r.out, "\n", &save); l;
       l = strtok_r (NULL, "\n", &save))
    {
      char *lt = strchr (l, '<');
      if (isxdigit ((unsigned char) l[0]) && lt && strstr (l, ">:"))
	{
	  fns.names = realloc (fns.names, (fns.n + 1) * sizeof *fns.names);
	  fns.bodies = realloc (fns.bodies, (fns.n + 1) * sizeof *fns.bodies);
	  fns.names[fns.n] = strndup (lt + 1, strcspn (lt + 1, ">"));
	  fns.bodies[fns.n] = strdup ("");
	  fns.n++;
	  len = 0;
	  continue;
	}
      char *reloc = strstr (l, t->reloc);
      if (fns.n && reloc && l[0] == '\t')
	append_relocation (&fns.bodies[fns.n - 1], &len, reloc);
      else if (fns.n && l[0] == ' ' && strchr (l, '\t'))
	append_normalised (&fns.bodies[fns.n - 1], &len, l);
    }
  harness_run_free (&r);
  return fns;
}

const char *
harness_function_body (const struct functions *fns, const char *name)
{
  for (size_t i = 0; i < fns->n; i++)
    if (strcmp (fns->names[i], name) == 0)
      return fns->bodies[i];
  return NULL;
}

char *
harness_disassembly (const char *obj)
{
  struct run r = harness_run ((const char *const[]) { harness_objdump (),
		     "-d", "--no-show-raw-insn", obj, NULL }, NULL);
  ck_assert_msg (r.status == 0, "objdump %s failed: %s", obj, r.err);
  /* Drop the header, which names the file.  */
  char *body = strstr (r.out, "Disassembly");
  char *copy = strdup (body ? body : r.out);
  harness_run_free (&r);
  return copy;
}

const char *
harness_gcc_plugin (const char **gcc)
{
  static char exe[PATH_MAX];
  ssize_t n = readlink ("/proc/self/exe", exe, sizeof exe - 1);
  if (n <= 0)
    return NULL;
  exe[n] = '\0';
  const char *dir = dirname (exe);
  const char *name = strrchr (dir, '/');
  name = name ? name + 1 : dir;
  const char *plugin = harness_fmt ("%s/hotinline.so", dir);
  if (strncmp (name, "gcc-", 4) != 0 || access (plugin, R_OK) != 0
      || system (harness_fmt ("command -v %s >/dev/null", name)) != 0)
    return NULL;
  *gcc = harness_fmt ("%s", name);
  return plugin;
}

/* Microsoft's validator, installed by .ci/install-deps into build/npm
   (npm install --prefix build/npm @microsoft/sarif-multitool); its Linux
   binary is run directly, so that no node is needed (the Debian testing
   chroot has none).  NULL when it is not there.  */
static const char *
sarif_validator (void)
{
  const char *v = getenv ("HOTINLINE_SARIF_MULTITOOL");
  if (v && *v)
    return v;
  v = harness_fmt ("%s/build/npm/node_modules/@microsoft/sarif-multitool-linux"
		   "/Sarif.Multitool", harness_srcdir ());
  return access (v, X_OK) == 0 ? v : NULL;
}

void
harness_assert_valid_sarif (const char *file)
{
  const char *v = sarif_validator ();
  if (!v)
    {
      fprintf (stderr, "SKIP sarif-multitool validate %s: the validator is "
	       "not installed (sh .ci/install-deps installs it into "
	       "build/npm)\n", file);
      return;
    }
  struct run r = harness_sh (harness_fmt ("DOTNET_SYSTEM_GLOBALIZATION_"
					  "INVARIANT=1 DOTNET_CLI_TELEMETRY_"
					  "OPTOUT=1 '%s' validate '%s' 2>&1",
					  v, file));
  ck_assert_msg (r.status == 0 && strstr (r.out, "1 files scanned"),
		 "sarif-multitool: status %d\n%s", r.status, r.out);
  ck_assert_msg (!strstr (r.out, ": error "), "%s:\n%s", file, r.out);
}

size_t
harness_occurrences (const char *text, const char *needle)
{
  size_t n = 0;
  for (const char *s = strstr (text, needle); s; s = strstr (s + 1, needle))
    n++;
  return n;
}
