/* The tools' command lines: hotinline-summary, hotinline-profile and
   hotinline-cc each say how to use them (--help) and their version, the
   plugin's, and refuse an unknown option; their man pages, as make
   install puts them in place, list the options --help lists.  */
#define _GNU_SOURCE
#include <check.h>
#include <regex.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "e2e/suites.h"
#include "harness/harness.h"

/* Each tool says how to use it and its version, the plugin's.  */
static const struct
{
  const char *env, *name;
} tools[] = {
  { "HOTINLINE_SUMMARY", "hotinline-summary" },
  { "HOTINLINE_PROFILE_TOOL", "hotinline-profile" },
  { "HOTINLINE_CC_WRAPPER", "hotinline-cc" },
};

START_TEST (test_tools_answer_help_and_version)
{
  const char *tool = getenv (tools[_i].env);
  ck_assert_msg (tool, "%s not set", tools[_i].env);
  const char *src = harness_write ("plain.c", "int f (void) { return 0; }\n");
  struct run p = harness_sh (harness_fmt ("%s -fplugin=%s -fplugin-arg-"
					  "hotinline-version -c %s -o "
					  "/dev/null", harness_gcc (),
					  harness_plugin (), src));
  ck_assert (strncmp (p.err, "hotinline ", 10) == 0);
  const char *version = harness_fmt ("%.*s", (int) strcspn (p.err + 10, " "),
				     p.err + 10);

  struct run r = harness_sh (harness_fmt ("%s --help", tool));
  ck_assert_int_eq (r.status, 0);
  ck_assert_msg (strncmp (r.out, harness_fmt ("usage: %s", tools[_i].name),
			  strlen ("usage: ") + strlen (tools[_i].name)) == 0,
		 "%s --help: %s", tools[_i].name, r.out);
  ck_assert_str_eq (r.err, "");
  r = harness_sh (harness_fmt ("%s --version", tool));
  ck_assert_int_eq (r.status, 0);
  ck_assert_str_eq (r.out, harness_fmt ("%s %s\n", tools[_i].name, version));
  r = harness_sh (harness_fmt ("%s --no-such-option x", tool));
  ck_assert_int_ne (r.status, 0);
  ck_assert_msg (strstr (r.err, tools[_i].name), "%s", r.err);
}
END_TEST

static int
compare_words (const void *a, const void *b)
{
  return strcmp (*(char *const *) a, *(char *const *) b);
}

/* The options named in TEXT ("--name" or "-x" standing alone, not
   "-fplugin=..."), each once, sorted, one a line.  */
static const char *
options_in (const char *text)
{
  regex_t re;
  ck_assert_int_eq (regcomp (&re, "(^|[^[:alnum:]-])(--[a-z][a-z-]*[a-z]|"
			     "-[a-zA-Z])($|[^[:alnum:]=-])",
			     REG_EXTENDED | REG_NEWLINE), 0);
  const char *words[256];
  size_t n = 0;
  regmatch_t m[4];
  for (const char *p = text; n < 256 && regexec (&re, p, 4, m, 0) == 0;
       p += m[2].rm_eo)
    words[n++] = harness_fmt ("%.*s", (int) (m[2].rm_eo - m[2].rm_so),
			      p + m[2].rm_so);
  regfree (&re);
  qsort (words, n, sizeof *words, compare_words);
  const char *list = "";
  for (size_t i = 0; i < n; i++)
    if (!i || strcmp (words[i], words[i - 1]) != 0)
      list = harness_fmt ("%s%s\n", list, words[i]);
  return list;
}

/* The man page source of TOOL with "\-" as "-" and fonts removed.  */
static const char *
man_source (const char *tool)
{
  char *text = harness_read (harness_src (harness_fmt ("man/%s.1", tool)),
			     NULL);
  ck_assert_msg (text, "no man page for %s", tool);
  char *w = text;
  for (const char *r = text; *r;)
    if (r[0] == '\\' && r[1] == '-')
      *w++ = '-', r += 2;
    else if (r[0] == '\\' && r[1] == 'f' && r[2])
      r += 3;
    else
      *w++ = *r++;
  *w = '\0';
  return text;
}

/* A tool's options are those its man page lists, no more and no fewer:
   the tag lines of the man page's OPTIONS against --help.  For the
   wrapper, also every name make install links to it.  */
START_TEST (test_man_pages_list_the_options_of_help)
{
  const char *tool = getenv (tools[_i].env);
  ck_assert_msg (tool, "%s not set", tools[_i].env);
  struct run r = harness_sh (harness_fmt ("%s --help", tool));
  ck_assert_int_eq (r.status, 0);
  /* The synopsis lines and the option column of the option lines, not
     the prose ("perf report --stdio output").  */
  const char *lines = "";
  for (char *save = NULL, *l = strtok_r (r.out, "\n", &save); l;
       l = strtok_r (NULL, "\n", &save))
    {
      const char *text = l + strspn (l, " ");
      const char *gap = strstr (text, "  ");
      if (*text == '-')
	lines = harness_fmt ("%s%.*s\n", lines,
			     (int) (gap ? (size_t) (gap - text)
				    : strlen (text)), text);
      else if (strncmp (l, "usage: ", 7) == 0
	       || strncmp (text, tools[_i].name, strlen (tools[_i].name))
		  == 0)
	lines = harness_fmt ("%s%s\n", lines, l);
    }
  const char *help = options_in (lines);
  ck_assert_str_ne (help, "");
  const char *man = man_source (tools[_i].name);
  const char *section = strstr (man, "\n.SH OPTIONS");
  ck_assert_msg (section, "man %s: no OPTIONS", tools[_i].name);
  const char *end = strstr (section + 1, "\n.SH ");
  const char *tags = "";
  for (const char *p = section; (p = strstr (p, "\n.TP\n")) && p < end;
       p += 4)
    tags = harness_fmt ("%s%.*s\n", tags, (int) strcspn (p + 5, "\n"),
			p + 5);
  ck_assert_msg (strcmp (options_in (tags), help) == 0,
		 "man %s lists the options\n%s--help lists\n%s",
		 tools[_i].name, options_in (tags), help);

  if (strcmp (tools[_i].name, "hotinline-cc") != 0)
    return;
  const char *dest = harness_tmpdir ();
  r = harness_sh (harness_fmt ("make -s -C %s GCC=%s DESTDIR=%s PREFIX=/hi "
			       "install >/dev/null && cd %s/hi/bin && "
			       "find . -type l -lname hotinline-cc | sort",
			       harness_srcdir (), harness_gcc (), dest, dest));
  ck_assert_msg (r.status == 0 && r.out[0], "%s", r.err);
  size_t links = 0;
  for (char *save = NULL, *p = strtok_r (r.out, "\n", &save); p;
       p = strtok_r (NULL, "\n", &save), links++)
    {
      /* A Clang's versioned names, one for each Clang found, by their
	 pattern.  */
      const char *name = p + 2;
      int n = 0;
      if (sscanf (name, "hotinline-clang-%d", &n) == 1
	  || sscanf (name, "hotinline-clang++-%d", &n) == 1)
	name = strstr (name, "++") ? "hotinline-clang++-N" : "hotinline-clang-N";
      ck_assert_msg (strstr (man, harness_fmt ("%s,", name))
		     || strstr (man, harness_fmt ("%s\n", name)),
		     "man hotinline-cc does not name %s", name);
    }
  ck_assert_uint_gt (links, 10);
}
END_TEST

/* make install puts a man page for each tool and for the plugin's
   arguments where man finds them.  */
START_TEST (test_man_pages_are_installed)
{
  const char *dest = harness_tmpdir ();
  struct run r = harness_sh (harness_fmt ("make -s -C %s GCC=%s DESTDIR=%s "
					  "PREFIX=/opt/hi install",
					  harness_srcdir (), harness_gcc (),
					  dest));
  ck_assert_msg (r.status == 0, "%s", r.err);
  static const char *const pages[][2] = {
    { "hotinline-summary", "--html" },
    { "hotinline-profile", "--min-share" },
    { "hotinline-cc", "distcc" },
    { "hotinline", "-fplugin-arg-hotinline-results" },
  };
  for (size_t i = 0; i < sizeof pages / sizeof *pages; i++)
    {
      r = harness_sh (harness_fmt ("MANWIDTH=200 man --manpath=%s/opt/hi/"
				   "share/man %s 2>&1 | col -b", dest,
				   pages[i][0]));
      ck_assert_msg (strstr (r.out, pages[i][1]), "man %s: %.500s",
		     pages[i][0], r.out);
    }
}
END_TEST

Suite *
tools_cli_suite (void)
{
  Suite *s = runner_suite ("Tools' command lines");
  if (harness_skip_on_clang ("Tools' command lines", "the tools are the same for every compiler; the GCC run checks them"))
    return s;
  TCase *tc = runner_tcase ("Tools");
  tcase_set_timeout (tc, E2E_TIMEOUT);
  tcase_add_loop_test (tc, test_tools_answer_help_and_version, 0,
		       sizeof tools / sizeof *tools);
  tcase_add_test (tc, test_man_pages_are_installed);
  tcase_add_loop_test (tc, test_man_pages_list_the_options_of_help, 0,
		       sizeof tools / sizeof *tools);
  runner_add_tcase (s, tc);
  return s;
}
