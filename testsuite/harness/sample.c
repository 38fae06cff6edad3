/* The samples as the end-to-end suites use them (sample.h).  */
#define _GNU_SOURCE
#include "harness/sample.h"

#include <check.h>
#include <libgen.h>
#include <stdlib.h>
#include <string.h>

struct sample
sample_load (const char *path)
{
  struct sample s;
  memset (&s, 0, sizeof s);
  s.path = strchr (path, '/') ? path
	   : harness_src (harness_fmt ("testsuite/samples/%s", path));
  char *base = strdup (s.path);
  s.name = harness_fmt ("%.*s", (int) strcspn (basename (base), "."),
			basename (base));
  free (base);
  s.ds = harness_directives (s.path);
  s.setup = harness_sample_setup (s.path, &s.ds);
  s.plugin_args = "";
  return s;
}

const char *
sample_obj (const struct sample *s, const char *variant)
{
  return harness_fmt ("%s/%s-%s.o", harness_tmpdir (), s->name, variant);
}

void
sample_check_diagnostics (const struct sample *s, const char *err,
			  const char *context)
{
  struct diagnostics ds = harness_diagnostics (err);
  bool *used = calloc (ds.n + 1, sizeof *used);
  for (size_t i = 0; i < s->ds.n; i++)
    {
      const struct directive *d = &s->ds.d[i];
      if (strcmp (d->kind, "warning") && strcmp (d->kind, "error")
	  && strcmp (d->kind, "note"))
	continue;
      bool found = false;
      for (size_t j = 0; j < ds.n && !found; j++)
	if (!used[j] && ds.d[j].line == d->line
	    && strcmp (ds.d[j].kind, d->kind) == 0
	    && strstr (ds.d[j].message, d->args[0]))
	  used[j] = found = true;
      ck_assert_msg (found, "%s (%s): line %u: expected %s \"%s\"; got:\n"
		     "%.3000s", s->path, context, d->line, d->kind,
		     d->args[0], err);
    }
  for (size_t j = 0; j < ds.n; j++)
    ck_assert_msg (used[j] || strcmp (ds.d[j].kind, "note") == 0,
		   "%s (%s): unexpected %s at line %u: %s", s->path, context,
		   ds.d[j].kind, ds.d[j].line, ds.d[j].message);
  free (used);
  harness_diagnostics_free (&ds);
}

struct run
sample_build (const struct sample *s, bool plugin, const char *args,
	      const char *extra, const char *obj)
{
  struct args a = { { 0 }, 0 };
  args_add (&a, strstr (s->path, ".cc") ? harness_gxx () : harness_gcc ());
  if (plugin)
    {
      args_add_plugin (&a, s->setup.policies, s->setup.n_policies);
      args_add_words (&a, args);
    }
  args_add_words (&a, s->setup.options);
  args_add_words (&a, extra);
  args_add_words (&a, "-c");
  args_add (&a, s->path);
  args_add (&a, "-o");
  args_add (&a, obj);
  return harness_run (a.v, NULL);
}

struct run
sample_build_report_as_plain (const struct sample *s, const char *args,
			      const char *extra)
{
  const char *plain = sample_obj (s, "plain"), *rep = sample_obj (s, "report");
  struct run p = sample_build (s, false, "", extra, plain);
  struct run r = sample_build (s, true, args, extra, rep);
  ck_assert_msg (p.status == 0 && r.status == 0, "%.3000s", r.err);
  ck_assert_msg (strcmp (harness_disassembly (plain),
			 harness_disassembly (rep)) == 0,
		 "report mode changed the code (%s, %s)", plain, rep);
  return r;
}

char *
sample_run_program (const char *o)
{
  const char *exe = harness_fmt ("%s.exe", o);
  struct run r = harness_run ((const char *const[]) { harness_gcc (), o, "-o",
		     exe, NULL }, NULL);
  ck_assert_msg (r.status == 0, "link %s: %.1500s", o, r.err);
  r = harness_run_program (exe, NULL);
  ck_assert_msg (r.status == 0, "%s exited with %d", exe, r.status);
  return r.out;
}

const char *
harness_reported_lines (const char *err, const char *function)
{
  struct diagnostics ds = harness_diagnostics (err);
  const char *prefix = harness_fmt ("hot function '%s' not inlined into",
				    function);
  size_t n = 0;
  char **lines = calloc (ds.n + 1, sizeof *lines);
  for (size_t i = 0; i < ds.n; i++)
    if (strcmp (ds.d[i].kind, "warning") == 0
	&& strncmp (ds.d[i].message, prefix, strlen (prefix)) == 0)
      {
	char *file = strdup (ds.d[i].file);
	lines[n++] = (char *) harness_fmt ("%s:%u", basename (file),
					   ds.d[i].line);
      }
  for (size_t i = 0; i + 1 < n; i++)
    for (size_t j = i + 1; j < n; j++)
      if (strcmp (lines[j], lines[i]) < 0)
	{
	  char *t = lines[i];
	  lines[i] = lines[j];
	  lines[j] = t;
	}
  const char *text = "";
  for (size_t i = 0; i < n; i++)
    text = harness_fmt ("%s %s", text, lines[i]);
  return text;
}

const char *
harness_call_lines_text (const char *o, const char *function,
			 const char *source)
{
  size_t n;
  char **calls = harness_call_sites (o, function, source, &n);
  const char *text = "";
  for (size_t i = 0; i < n; i++)
    text = harness_fmt ("%s %s", text, calls[i]);
  return text;
}

bool
harness_clang_sees_emitted_calls (void)
{
  return harness_clang_major () >= 22;
}

const char harness_counted_source[]
  = "extern int table[64];\n"
    "int big (int x)\n"
    "{\n"
    "  int s = 0;\n"
    "  for (int i = 0; i < 64; i++)\n"
    "    s += table[i] * x ^ (s >> 3);\n"
    "  for (int i = 0; i < 64; i++)\n"
    "    table[i] = s * i + (table[(i * 7) & 63] >> 2);\n"
    "  for (int i = 0; i < 64; i++)\n"
    "    s ^= table[i] / (x | 1) + table[(i + x) & 63] * (s & 15);\n"
    "  for (int i = 0; i < 64; i++)\n"
    "    table[(i * 5) & 63] += s % (i + 3) - table[i] / ((s & 7) + 1);\n"
    "  for (int i = 0; i < 64; i++)\n"
    "    s += table[i] * table[63 - i] ^ (x << (i & 3));\n"
    "  return s;\n"
    "}\n"
    "__attribute__ ((noinline)) int kept (int x) { return x * 3 + 2; }\n"
    "__attribute__ ((noinline)) int leaf (int x) { return x ^ 5; }\n"
    "int use1 (int x) { return big (x) + kept (x); }\n"
    "int use2 (int x) { return big (x + 1) + leaf (x) + leaf (x + 2); }\n";

const char harness_counted_policy[]
  = "version: 1\nfunctions:\n"
    "  - {name: big, action: always_inline}\n"
    "  - {name: kept, action: always_inline}\n"
    "  - {name: leaf, action: report}\n"
    "  - {name: absent, action: always_inline}\n";

struct run
harness_compile_counted (const char *src, const char *policy,
			 const char *args, const char *flags, const char *out)
{
  struct args a = { { 0 }, 0 };
  args_add (&a, harness_gcc ());
  if (policy)
    {
      args_add_plugin (&a, &policy, 1);
      args_add_words (&a, args);
    }
  args_add_words (&a, flags);
  args_add_words (&a, "-fno-caret-diagnostics -c -o");
  args_add (&a, out);
  args_add (&a, src);
  return harness_run (a.v, NULL);
}

struct run
harness_compile_report (const char *policy, const char *plugin_args,
			const char *options)
{
  const char *src = harness_src ("testsuite/samples/report.c");
  if (!policy)
    policy = harness_src ("testsuite/samples/report.yaml");
  struct args a = { { 0 }, 0 };
  args_add (&a, harness_gcc ());
  args_add_plugin (&a, &policy, 1);
  args_add_words (&a, plugin_args);
  args_add_words (&a, "-O2 -c -o /dev/null -fdiagnostics-plain-output");
  args_add_words (&a, options);
  args_add (&a, src);
  return harness_run (a.v, NULL);
}
