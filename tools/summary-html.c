/* hotinline-summary --html: the results of a build as a static site, read
   from file:// with nothing else: an index of the hot functions and one
   page per source file with each hot call site marked inlined or left,
   GCC's reason, hotinline's hint and the inline chain.  With an older
   build to compare with, the call sites whose outcome changed come first.

   Everything from the results and the sources is written through
   put_text, which escapes it with libxml2; markup written around it holds
   only numbers and names made here.  The pages depend only on the
   results, in a fixed order, so the same results give the same bytes.  */
#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <dirent.h>
#include <fcntl.h>
#include <ftw.h>
#include <unistd.h>
#include <sys/stat.h>

#include <libxml/entities.h>

#include "policy.h"
#include "summary-highlight.h"
#include "summary-sites.h"

static void
die_usage (const char *what)
{
  fprintf (stderr, "hotinline-summary: %s\n", what);
  exit (2);
}

static void
fail (const char *what, const char *path)
{
  fprintf (stderr, "hotinline-summary: cannot %s %s: %s\n", what, path,
	   strerror (errno));
  exit (2);
}

/* Text from the results or a source file as HTML text, safe in element
   content and in double-quoted attribute values.  */
static void
put_text (FILE *f, const char *s)
{
  xmlChar *e = xmlEncodeSpecialChars (NULL, (const xmlChar *) s);
  if (!e)
    abort ();
  fputs ((const char *) e, f);
  xmlFree (e);
}


/* The page of the file with index I, relative to the site's root: a
   number for uniqueness and the file's base name, kept to safe
   characters, for the reader.  */
static char *
page_name (const struct sites *s, size_t i)
{
  const char *slash = strrchr (s->files[i], '/');
  char *base = strdup (slash ? slash + 1 : s->files[i]);
  for (char *p = base; *p; p++)
    if (!strchr ("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
		 "0123456789._-", *p))
      *p = '_';
  char *name = summary_format ("src/%zu-%s.html", i + 1, base);
  free (base);
  return name;
}

/* The first line of every page, so that an existing directory is
   replaced only when it holds a site made here.  */
static const char generator[] = "<meta name=\"generator\" "
  "content=\"hotinline-summary\">";

static const char style[] =
  "body{font:14px/1.45 system-ui,sans-serif;margin:1.5em;color:#1d1d1d}"
  "h1{font-size:1.4em}h2{font-size:1.15em;margin-top:1.6em}"
  "table{border-collapse:collapse}"
  "th,td{padding:3px 8px;text-align:left;vertical-align:top}"
  "th{border-bottom:1px solid #999}td.n{text-align:right}"
  ".changes td:first-child{white-space:nowrap}"
  "tr.fn:target,div.call:target,tr.line:target,li:target"
  "{outline:2px solid #0a58ca}"
  ".left{background:#fde4e1}.inlined{background:#e4f4e1}"
  ".regressed{border-left:5px solid #b00020}.fixed{border-left:5px solid "
  "#1b7d2b}"
  "code,.src td.code{font:13px/1.4 ui-monospace,monospace}"
  ".src{width:100%}.src td{padding:0 8px}"
  ".src td.ln{color:#888;text-align:right;width:4em}"
  ".src td.ln a{color:inherit;text-decoration:none}"
  ".src td.code{white-space:pre-wrap}"
  ".src tr.hot-left td.code{background:#fde4e1}"
  ".src tr.hot-inlined td.code{background:#e4f4e1}"
  "div.call{margin:3px 0 6px;padding:4px 10px;border-left:5px solid #b00020;"
  "white-space:normal}"
  "div.call.inlined{border-left-color:#1b7d2b}"
  "div.call.address{border-left-color:#9a6700}"
  ".src tr.hot-address td.code{background:#fff3cd}"
  ".verdict{font-weight:600;text-transform:uppercase;font-size:.85em}"
  ".hint,.chain,.story{color:#444}.story{font-weight:600}"
  ".missing{background:#fff3cd;padding:6px 10px}"
  ".totals{font-size:1.05em}"
  ".jump a{white-space:nowrap;margin-right:.4em}"
  ".jump a.left{color:#b00020}.jump a.inlined{color:#1b7d2b}"
  ".jump a.address{color:#9a6700}"
  ".entry-reason{color:#444;font-style:italic}"
  /* Source highlighting (summary-highlight.c).  */
  ".src .com{color:#6a737d;font-style:italic}.src .str{color:#0a3069}"
  ".src .kw{color:#8250df;font-weight:600}.src .num{color:#0550ae}"
  ".src .pp{color:#953800}"
  /* Weights, as opt-viewer colours hotness: the hotter, the redder.  */
  ".weight{padding:0 4px;border-radius:3px;white-space:nowrap}"
  ".heat1{background:#fff5eb}.heat2{background:#fdd0a2}"
  ".heat3{background:#fd8d3c}.heat4{background:#e6550d;color:#fff}"
  ".heat5{background:#a63603;color:#fff}";

static void
page_start (FILE *f, const char *title_text, const char *subtitle)
{
  fputs ("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n"
	 "<meta charset=\"utf-8\">\n", f);
  fprintf (f, "%s\n<title>", generator);
  put_text (f, title_text);
  fprintf (f, " - hotinline</title>\n<style>%s</style>\n</head>\n<body>\n",
	   style);
  fputs ("<h1>", f);
  put_text (f, title_text);
  fputs ("</h1>\n", f);
  if (subtitle)
    fprintf (f, "%s\n", subtitle);
}

static FILE *
open_page (const char *out, const char *name)
{
  char *path = summary_format ("%s/%s", out, name);
  FILE *f = fopen (path, "w");
  if (!f)
    fail ("write", path);
  free (path);
  return f;
}

static void
close_page (FILE *f, const char *name)
{
  fputs ("</body>\n</html>\n", f);
  if (ferror (f) | fclose (f))
    fail ("write", name);
}

/* "inlined", "left", or "left in 2 of 5 units' calls".  */
static void
put_verdict (FILE *f, const struct site *site)
{
  fprintf (f, "<span class=\"verdict\">%s</span>",
	   site->left ? "left" : "inlined");
  if (site->left && site->inlined)
    fprintf (f, " <span class=\"mixed\">(%d of %d calls left)</span>",
	     site->left, site->left + site->inlined);
  else if (site->left > 1)
    fprintf (f, " <span class=\"count\">(%d calls left here)</span>",
	     site->left);
  if (site->change > 0)
    fputs (" <span class=\"change\">was inlined in the old build</span>", f);
  else if (site->change < 0)
    fputs (" <span class=\"change\">was left in the old build</span>", f);
}

static const char *
site_class (const struct site *site)
{
  return site->change > 0 ? (site->left ? "left regressed" : "inlined")
	 : site->change < 0 ? "inlined fixed"
	 : site->left ? "left" : "inlined";
}

/* The colour class of WEIGHT (millionths, > 0): fixed steps of the
   profile's share, so that one function has one colour in every build.  */
static int
heat_of (long weight)
{
  return weight >= 200000 ? 5 : weight >= 100000 ? 4 : weight >= 50000 ? 3
	 : weight >= 10000 ? 2 : 1;
}

/* WEIGHT as a coloured "12.5%", nothing when there is none.  */
static void
put_weight (FILE *f, long weight)
{
  if (weight < 0)
    return;
  char text[POLICY_WEIGHT_TEXT_SIZE];
  fprintf (f, "<span class=\"weight heat%d\">%s%%</span>", heat_of (weight),
	   policy_weight_text (weight, text));
}

/* " heatN" for a weighted site's markup, "" for another.  */
static const char *
heat_class (long weight)
{
  static const char *const names[] = { "", " heat1", " heat2", " heat3",
				       " heat4", " heat5" };
  return weight < 0 ? "" : names[heat_of (weight)];
}

/* The heaviest first, those without a weight after; then A before B as
   given (by their place).  */
static int
compare_weights (long a, long b)
{
  return a == b ? 0 : a > b ? -1 : 1;
}

/* GCC's reasons for the calls left at SITE, each in a div after PREFIX.  */
static void
put_reasons (FILE *f, const struct site *site, const char *prefix)
{
  if (!site->left)
    return;
  fprintf (f, "<div class=\"reason\">%s", prefix);
  put_text (f, site->reason);
  fputs ("</div>", f);
  const char *reason;
  json_t *v;
  json_object_foreach (site->other_reasons, reason, v)
    {
      fprintf (f, "<div class=\"reason\">%s", prefix);
      put_text (f, reason);
      fputs ("</div>", f);
    }
}

/* The chain of functions CHAIN a call of SITE was inlined through, with
   its number of calls when CALLS is not 0.  */
static void
put_chain (FILE *f, const struct site *site, json_t *chain, long long calls)
{
  fputs ("<div class=\"chain\">", f);
  if (calls)
    fprintf (f, "%lld call%s ", calls, calls == 1 ? "" : "s");
  fputs ("inlined through: ", f);
  for (size_t k = 0; k < json_array_size (chain); k++)
    {
      json_t *step = json_array_get (chain, k);
      fputs (k ? " &rarr; <code>" : "<code>", f);
      put_text (f, results_str (step, "function"));
      fputs ("</code> into <code>", f);
      put_text (f, results_str (step, "into"));
      fputs ("</code> at ", f);
      if (strcmp (results_str (step, "file"), site->file) == 0)
	fprintf (f, "<a href=\"#L%lld\">line %lld</a>",
		 results_num (step, "line", 0), results_num (step, "line", 0));
      else
	{
	  put_text (f, results_str (step, "file"));
	  fprintf (f, ":%lld", results_num (step, "line", 0));
	}
    }
  fputs ("</div>", f);
}

/* The call site SITE (number I) on its source page.  */
static void
put_call (FILE *f, const struct sites *s, const struct site *site,
	  size_t i)
{
  fprintf (f, "<div class=\"call %s%s\" id=\"c%zu\">", site_class (site),
	   heat_class (site->weight), i + 1);
  put_verdict (f, site);
  if (site->weight >= 0)
    {
      fputs (" ", f);
      put_weight (f, site->weight);
    }
  fprintf (f, " <a class=\"fn\" href=\"../index.html#f%d\">",
	   site->fn + 1);
  put_text (f, site->callee);
  fputs ("</a> called from <code class=\"caller\">", f);
  put_text (f, site->caller);
  fprintf (f, "</code> at line %lld, column %lld", site->line,
	   site->column);
  json_t *why = json_object_get (s->entry_reasons, site->entry);
  if (why)
    {
      fputs ("<div class=\"entry-reason\">hot because: ", f);
      put_text (f, json_string_value (why));
      fputs ("</div>", f);
    }
  put_reasons (f, site, "GCC: ");
  if (!site->left && site->inlined_size >= 0 && site->limit_auto >= 0)
    {
      fprintf (f, "<div class=\"headroom\">size: <code>");
      put_text (f, site->callee);
      fprintf (f, "</code> is estimated at %lld instructions; the limits "
	       "are %lld (--param max-inline-insns-auto) and %lld "
	       "(--param max-inline-insns-single, for a function declared "
	       "inline)</div>", site->inlined_size, site->limit_auto,
	       site->limit_single);
    }
  if (site->hint)
    {
      fputs ("<div class=\"hint\">hint: ", f);
      put_text (f, site->hint);
      fputs ("</div>", f);
    }
  if (site->story)
    {
      fputs ("<div class=\"story\">", f);
      put_text (f, site->story);
      fputs ("</div>", f);
    }
  /* GCC may duplicate one call into many, each reached through its own
     inline path: every path, collapsed when there are several.  */
  size_t n_chains;
  char **keys = sorted_keys (site->chains, &n_chains);
  size_t paths = n_chains + (site->direct > 0) + (site->more_chains > 0);
  bool several = paths > 1;
  if (several)
    fprintf (f, "<details class=\"chains\"><summary>%s%zu inline paths"
	     "</summary>", site->more_chains ? "more than " : "",
	     paths - (site->more_chains > 0));
  if (site->direct && several)
    fprintf (f, "<div class=\"chain\">%d call%s not inside inlined code"
	     "</div>", site->direct, site->direct == 1 ? "" : "s");
  for (size_t k = 0; k < n_chains; k++)
    {
      json_t *c = json_object_get (site->chains, keys[k]);
      put_chain (f, site, json_array_get (c, 0),
		 several ? json_integer_value (json_array_get (c, 1)) : 0);
      free (keys[k]);
    }
  free (keys);
  if (site->more_chains)
    fprintf (f, "<div class=\"chain\">%d more call%s through other paths"
	     "</div>", site->more_chains, site->more_chains == 1 ? "" : "s");
  if (several)
    fputs ("</details>", f);
  fputs ("</div>\n", f);
}

/* Place T, where the address of a hot function no call reaches is
   taken, on its source page: without a call site, nothing else there
   would say that the function is hot.  */
static void
put_place (FILE *f, const struct taken_place *place, size_t t)
{
  fprintf (f, "<div class=\"call address%s\" id=\"a%zu\">"
	   "<span class=\"verdict\">address taken</span>",
	   heat_class (place->weight), t + 1);
  if (place->weight >= 0)
    {
      fputs (" ", f);
      put_weight (f, place->weight);
    }
  fprintf (f, " address of hot function <a class=\"fn\" "
	   "href=\"../index.html#o%d\">", place->fn + 1);
  put_text (f, place->function);
  fputs ("</a> taken in <code class=\"caller\">", f);
  put_text (f, place->in);
  fputs ("</code>: no direct call reaches it, so no call site shows "
	 "whether it is inlined</div>\n", f);
}

/* The lines of PATH, or NULL with errno set.  */
static char **
read_lines (const char *path, size_t *n)
{
  FILE *in = fopen (path, "r");
  if (!in)
    return NULL;
  char **lines = NULL, *line = NULL;
  size_t cap = 0;
  ssize_t len;
  *n = 0;
  while ((len = getline (&line, &cap, in)) >= 0)
    {
      if (len && line[len - 1] == '\n')
	line[len - 1] = '\0';
      lines = realloc (lines, (*n + 1) * sizeof *lines);
      lines[(*n)++] = strdup (line);
    }
  free (line);
  fclose (in);
  return lines;
}

/* Where to read the source file PATH: under NEW for the first
   --source-dir OLD=NEW whose OLD is a directory prefix of PATH (a build
   made in a container or on a build server, viewed elsewhere).  */
static char *
source_location (const struct sites *s, const char *path)
{
  for (size_t i = 0; i < s->n_source_dirs; i++)
    {
      const char *map = s->source_dirs[i], *eq = strchr (map, '=');
      size_t len = eq - map;
      while (len > 1 && map[len - 1] == '/')
	len--;
      if (strncmp (path, map, len) == 0
	  && (path[len] == '/' || path[len] == '\0'))
	return summary_format ("%s%s", eq + 1, path + len);
    }
  return strdup (path);
}

/* For order_by_weight.  */
static const long *sorting;

static int
compare_by_weight (const void *a, const void *b)
{
  size_t x = *(const size_t *) a, y = *(const size_t *) b;
  int c = compare_weights (sorting[x], sorting[y]);
  return c ? c : x < y ? -1 : x > y;
}

/* 0..N-1, the heaviest of WEIGHTS first, then in their order.  */
static size_t *
order_by_weight (const long *weights, size_t n)
{
  size_t *order = calloc (n + 1, sizeof *order);
  if (!order)
    abort ();
  for (size_t i = 0; i < n; i++)
    order[i] = i;
  sorting = weights;
  qsort (order, n, sizeof *order, compare_by_weight);
  sorting = NULL;
  return order;
}

/* The sites FIRST..END of S, the heaviest first, then in their order.  */
static size_t *
sites_by_weight (const struct sites *s, size_t first, size_t end)
{
  long *w = calloc (end - first + 1, sizeof *w);
  for (size_t i = first; i < end; i++)
    w[i - first] = s->v[i].weight;
  size_t *order = order_by_weight (w, end - first);
  for (size_t o = 0; o < end - first; o++)
    order[o] += first;
  free (w);
  return order;
}

/* The places FIRST..END of S, the heaviest first, then in their order.  */
static size_t *
places_by_weight (const struct sites *s, size_t first, size_t end)
{
  long *w = calloc (end - first + 1, sizeof *w);
  for (size_t t = first; t < end; t++)
    w[t - first] = s->taken[t].weight;
  size_t *order = order_by_weight (w, end - first);
  for (size_t o = 0; o < end - first; o++)
    order[o] += first;
  free (w);
  return order;
}

/* The page of source file P: its lines, each hot call site below its
   line, and each place where the address of a hot function no call
   reaches is taken.  */
static void
write_source_page (const char *out, const struct sites *s, size_t p)
{
  char *name = page_name (s, p);
  FILE *f = open_page (out, name);
  size_t first = s->page_start[p], end = s->page_start[p + 1];
  size_t tfirst = s->taken_start[p], tend = s->taken_start[p + 1];
  int left = 0, inlined = 0;
  for (size_t i = first; i < end; i++)
    s->v[i].left ? left++ : inlined++;
  page_start (f, s->file_names[p], NULL);
  fputs ("<p><a href=\"../index.html\">&larr; index</a> &middot; <code>", f);
  put_text (f, s->files[p]);
  fputs ("</code></p>\n<p class=\"totals\">", f);
  if (end > first)
    fprintf (f, "%zu hot call site%s: %d left, %d inlined", end - first,
	     end - first == 1 ? "" : "s", left, inlined);
  if (tend > tfirst)
    fprintf (f, "%s%zu place%s where the address of a hot function no "
	     "call reaches is taken", end > first ? " &middot; " : "",
	     tend - tfirst, tend - tfirst == 1 ? "" : "s");
  fputs ("</p>\n", f);

  bool changes = false;
  for (size_t i = first; i < end; i++)
    if (s->v[i].change)
      {
	if (!changes)
	  fputs ("<h2>Changed since the old build</h2>\n<ul "
		 "class=\"changes\">\n", f);
	changes = true;
	fprintf (f, "<li class=\"%s\"><a href=\"#c%zu\">line %lld</a>: ",
		 site_class (&s->v[i]), i + 1, s->v[i].line);
	put_text (f, s->v[i].callee);
	fputs (s->v[i].change > 0 ? " went from inlined to left"
	       : " went from left to inlined", f);
	fputs ("</li>\n", f);
      }
  if (changes)
    fputs ("</ul>\n", f);

  /* Every call site of the page, left ones marked, to jump to: the
     heaviest first, then in the order of the source.  */
  size_t *order = sites_by_weight (s, first, end);
  fputs ("<p class=\"jump\">", f);
  if (end > first)
    fputs ("Call sites:", f);
  for (size_t o = 0; o < end - first; o++)
    {
      size_t i = order[o];
      fprintf (f, " <a class=\"%s%s\" href=\"#c%zu\">%lld&nbsp;",
	       s->v[i].left ? "left" : "inlined", heat_class (s->v[i].weight),
	       i + 1, s->v[i].line);
      put_text (f, s->v[i].callee);
      fputs ("</a>", f);
    }
  free (order);
  /* Then the places where an address is taken, as their own group.  */
  order = places_by_weight (s, tfirst, tend);
  if (tend > tfirst)
    fputs (end > first ? " &middot; Addresses taken:" : "Addresses taken:",
	   f);
  for (size_t o = 0; o < tend - tfirst; o++)
    {
      const struct taken_place *place = &s->taken[order[o]];
      fprintf (f, " <a class=\"address%s\" href=\"#a%zu\">%lld&nbsp;",
	       heat_class (place->weight), order[o] + 1, place->line);
      put_text (f, place->function);
      fputs ("</a>", f);
    }
  fputs ("</p>\n", f);
  free (order);

  size_t n_lines = 0;
  char *where = source_location (s, s->files[p]);
  char **lines = read_lines (where, &n_lines);
  if (!lines)
    {
      fputs ("<p class=\"missing\">Cannot read the source file <code>", f);
      put_text (f, where);
      fputs ("</code>: ", f);
      put_text (f, strerror (errno));
      fputs (". Its hot call sites:</p>\n", f);
    }
  fputs ("<table class=\"src\">\n", f);
  struct highlight hl = { false, false, false };
  size_t i = first, t = tfirst;
  for (size_t l = 1; l <= n_lines; l++)
    {
      bool any_left = false, any = false;
      bool taken = t < tend && s->taken[t].line == (long long) l;
      for (size_t k = i; k < end && s->v[k].line == (long long) l; k++)
	any = true, any_left |= s->v[k].left > 0;
      fprintf (f, "<tr class=\"line%s\" id=\"L%zu\"><td class=\"ln\">"
	       "<a href=\"#L%zu\">%zu</a></td><td class=\"code\">",
	       any ? (any_left ? " hot-left" : " hot-inlined")
	       : taken ? " hot-address" : "", l, l, l);
      highlight_line (f, lines[l - 1], &hl, put_text);
      fputs ("</td></tr>\n", f);
      free (lines[l - 1]);
      if (!any && !taken)
	continue;
      fputs ("<tr class=\"calls\"><td></td><td>\n", f);
      for (; i < end && s->v[i].line == (long long) l; i++)
	put_call (f, s, &s->v[i], i);
      for (; t < tend && s->taken[t].line == (long long) l; t++)
	put_place (f, &s->taken[t], t);
      fputs ("</td></tr>\n", f);
    }
  free (lines);
  free (where);
  /* Sites and places past the end of the file (it changed since the
     build), or in a file that cannot be read: one row per line.  */
  while (i < end || t < tend)
    {
      long long line = i < end ? s->v[i].line : s->taken[t].line;
      if (t < tend && s->taken[t].line < line)
	line = s->taken[t].line;
      fprintf (f, "<tr class=\"calls\"><td class=\"ln\">%lld</td><td>\n",
	       line);
      for (; i < end && s->v[i].line == line; i++)
	put_call (f, s, &s->v[i], i);
      for (; t < tend && s->taken[t].line == line; t++)
	put_place (f, &s->taken[t], t);
      fputs ("</td></tr>\n", f);
    }
  fputs ("</table>\n", f);
  close_page (f, name);
  free (name);
}

/* A link from the index to call site I: "file:line:column".  */
static void
put_site_link (FILE *f, const struct sites *s, size_t i)
{
  char *page = page_name (s, s->v[i].page);
  fprintf (f, "<a class=\"site\" href=\"%s#c%zu\">", page, i + 1);
  put_text (f, s->v[i].file);
  fprintf (f, ":%lld:%lld</a>", s->v[i].line, s->v[i].column);
  free (page);
}

/* The links from the index to the call sites of function K left: one
   per place as the reader sees it ("file:line:column"), with "×N" when
   several sites look alike there (the same line reached from many units'
   directories, or from several callers).  */
static void
put_site_links (FILE *f, const struct sites *s, size_t k)
{
  json_t *seen = json_object ();	/* Text -> [first site, count].  */
  json_t *order = json_array ();
  for (size_t j = s->fn_start[k]; j < s->fn_start[k + 1]; j++)
    if (s->v[s->by_fn[j]].left)
      {
	size_t i = s->by_fn[j];
	char *text = summary_format ("%s:%lld:%lld", s->v[i].file,
				     s->v[i].line, s->v[i].column);
	json_t *at = json_object_get (seen, text);
	if (at)
	  json_array_set_new (at, 1, json_integer (json_integer_value
						    (json_array_get (at, 1))
						    + 1));
	else
	  {
	    at = json_pack ("[i, i]", (json_int_t) i, 1);
	    json_object_set_new (seen, text, at);
	    json_array_append (order, at);
	  }
	free (text);
      }
  for (size_t j = 0; j < json_array_size (order); j++)
    {
      json_t *at = json_array_get (order, j);
      if (j)
	fputs ("<br>", f);
      put_site_link (f, s, json_integer_value (json_array_get (at, 0)));
      json_int_t n = json_integer_value (json_array_get (at, 1));
      if (n > 1)
	fprintf (f, " <span class=\"times\">&times;%lld</span>",
		 (long long) n);
    }
  json_decref (order);
  json_decref (seen);
}

static void
put_changes (FILE *f, const struct sites *s)
{
  fputs ("<h2 id=\"changes\">Changed since the old build</h2>\n", f);
  size_t n = 0;
  for (int pass = 0; pass < 2; pass++)
    for (size_t i = 0; i < s->n; i++)
      {
	const struct site *site = &s->v[i];
	if (site->change != (pass ? -1 : 1))
	  continue;
	if (!n++)
	  fputs ("<table class=\"changes\">\n<tr><th>change</th><th>call "
		 "site</th><th>function</th><th>caller</th><th>now</th></tr>\n",
		 f);
	fprintf (f, "<tr class=\"%s\"><td>%s</td><td>", site_class (site),
		 pass ? "left &rarr; inlined" : "inlined &rarr; left");
	put_site_link (f, s, i);
	fprintf (f, "</td><td><a href=\"#f%d\">", site->fn + 1);
	put_text (f, site->callee);
	fputs ("</a></td><td><code>", f);
	put_text (f, site->caller);
	fputs ("</code></td><td>", f);
	put_reasons (f, site, "");
	if (site->story)
	  {
	    fputs ("<div class=\"story\">", f);
	    put_text (f, site->story);
	    fputs ("</div>", f);
	  }
	fputs ("</td></tr>\n", f);
      }
  if (n)
    fputs ("</table>\n", f);
  else
    fputs ("<p>No hot call site changed between inlined and left.</p>\n", f);
}

/* For sorting the index: weight and calls left per function.  */
static long *weights;
static long long *calls_left;

static int
compare_by_weight_and_calls_left (const void *a, const void *b)
{
  size_t x = *(const size_t *) a, y = *(const size_t *) b;
  int c = compare_weights (weights[x], weights[y]);
  if (c)
    return c;
  if (calls_left[x] != calls_left[y])
    return calls_left[x] > calls_left[y] ? -1 : 1;
  return x < y ? -1 : x > y;
}

/* The indexes of the functions, the heaviest first and those without a
   weight after, each group with the most calls left first, then by
   name.  */
static size_t *
functions_by_weight (const struct sites *s, json_t *fns)
{
  size_t *order = calloc (s->n_functions + 1, sizeof *order);
  weights = calloc (s->n_functions + 1, sizeof *weights);
  calls_left = calloc (s->n_functions + 1, sizeof *calls_left);
  for (size_t k = 0; k < s->n_functions; k++)
    {
      order[k] = k;
      json_t *fn = json_object_get (fns, s->functions[k]);
      weights[k] = results_weight (fn);
      calls_left[k] = results_num (fn, "declined", 0);
    }
  qsort (order, s->n_functions, sizeof *order,
	 compare_by_weight_and_calls_left);
  free (weights);
  free (calls_left);
  weights = NULL;
  calls_left = NULL;
  return order;
}

static int
compare_files_by_weight (const void *a, const void *b)
{
  size_t x = *(const size_t *) a, y = *(const size_t *) b;
  int c = compare_weights (weights[x], weights[y]);
  return c ? c : x < y ? -1 : x > y;
}

/* The indexes of the files of S, the one with the heaviest site or
   place first, those without a weight after, each in path order.  Leaves
   each file's weight in WEIGHTS, for the caller to free.  */
static size_t *
files_by_weight (const struct sites *s)
{
  size_t *order = calloc (s->n_files + 1, sizeof *order);
  weights = calloc (s->n_files + 1, sizeof *weights);
  for (size_t p = 0; p < s->n_files; p++)
    {
      order[p] = p;
      weights[p] = -1;
      for (size_t i = s->page_start[p]; i < s->page_start[p + 1]; i++)
	if (s->v[i].weight > weights[p])
	  weights[p] = s->v[i].weight;
      for (size_t t = s->taken_start[p]; t < s->taken_start[p + 1]; t++)
	if (s->taken[t].weight > weights[p])
	  weights[p] = s->taken[t].weight;
    }
  qsort (order, s->n_files, sizeof *order, compare_files_by_weight);
  return order;
}

/* The index's one script: a box that filters the hot functions by name
   (also from "?filter=TEXT" in the address) and headers that sort the
   table by a column.  The page reads the same without it.  */
static const char index_script[] =
  "<script>\n"
  "(function () {\n"
  "  var table = document.querySelector('table.functions');\n"
  "  if (!table) return;\n"
  "  var rows = Array.prototype.slice.call(table.querySelectorAll('tr.fn'));\n"
  "  var box = document.createElement('input');\n"
  "  box.type = 'search'; box.id = 'filter';\n"
  "  box.placeholder = 'filter hot functions by name';\n"
  "  table.parentNode.insertBefore(box, table);\n"
  "  function filter() {\n"
  "    var text = box.value.toLowerCase();\n"
  "    rows.forEach(function (r) {\n"
  "      r.hidden = r.cells[0].textContent.toLowerCase().indexOf(text) < 0;\n"
  "    });\n"
  "  }\n"
  "  box.addEventListener('input', filter);\n"
  "  var asked = new URLSearchParams(location.search).get('filter');\n"
  "  if (asked) { box.value = asked; filter(); }\n"
  "  var heads = table.querySelectorAll('tr:first-child th');\n"
  "  Array.prototype.forEach.call(heads, function (th, col) {\n"
  "    if (col > 4) return;\n"
  "    th.style.cursor = 'pointer'; th.title = 'sort';\n"
  "    th.addEventListener('click', function () {\n"
  "      var down = th.dataset.down !== 'true';\n"
  "      th.dataset.down = down;\n"
  "      rows.sort(function (a, b) {\n"
  "        var x = a.cells[col].textContent, y = b.cells[col].textContent;\n"
  "        var c = col ? x - y : x.localeCompare(y);\n"
  "        return down ? -c : c;\n"
  "      });\n"
  "      rows.forEach(function (r) { table.tBodies[0].appendChild(r); });\n"
  "    });\n"
  "  });\n"
  "})();\n"
  "</script>\n";

/* The hot functions no call reaches, used through their address: they
   have no call site to show, and are said so here, each place where the
   address is taken linking to its line.  */
static void
put_address_only (FILE *f, struct build *b, const struct sites *s)
{
  size_t n;
  char **names = address_only (b, &n);
  if (n)
    fputs ("<h2 id=\"address-only\">Only called by address</h2>\n"
	   "<ul class=\"address-only\">\n", f);
  for (size_t i = 0; i < n; i++)
    {
      json_t *fn = json_object_get (b->address_only, names[i]);
      size_t k = address_fn_index (s, names[i]);
      if (k < s->n_address_fns)
	fprintf (f, "<li id=\"o%zu\"><code>", k + 1);
      else
	fputs ("<li><code>", f);
      put_text (f, names[i]);
      fputs ("</code>", f);
      if (results_weight (fn) >= 0)
	{
	  fputs (" ", f);
	  put_weight (f, results_weight (fn));
	}
      fputs (": 0 direct calls, address taken in ", f);
      size_t n_taken;
      char **taken = sorted_keys (json_object_get (fn, "taken"), &n_taken);
      for (size_t t = 0; t < n_taken; t++)
	{
	  if (t)
	    fputs ("; ", f);
	  char *key = summary_format ("%s\n%s", names[i], taken[t]);
	  json_t *at = json_object_get (s->taken_by_text, key);
	  free (key);
	  /* A place without a file or line has no page to link to.  */
	  if (!at)
	    {
	      put_text (f, taken[t]);
	      free (taken[t]);
	      continue;
	    }
	  size_t first = json_integer_value (json_array_get (at, 0));
	  char *page = page_name (s, s->taken[first].page);
	  fprintf (f, "<a class=\"site\" href=\"%s#a%zu\">", page,
		   first + 1);
	  put_text (f, taken[t]);
	  fputs ("</a>", f);
	  json_int_t alike = json_integer_value (json_array_get (at, 1));
	  if (alike > 1)
	    fprintf (f, " <span class=\"times\">&times;%lld</span>",
		     (long long) alike);
	  free (page);
	  free (taken[t]);
	}
      free (taken);
      fputs ("</li>\n", f);
      free (names[i]);
    }
  if (n)
    fputs ("</ul>\n", f);
  free (names);
}

static void
write_index (const char *out, struct build *b, const struct sites *s,
	     bool compared)
{
  FILE *f = open_page (out, "index.html");
  json_t *fns = b->functions, *stale = stale_entries (b);
  long long inlined = b->inlined, left = b->left;
  int regressed = 0, fixed = 0;
  for (size_t i = 0; i < s->n; i++)
    s->v[i].change > 0 ? regressed++ : s->v[i].change < 0 ? fixed++ : 0;
  page_start (f, "hotinline report", NULL);
  fprintf (f, "<p class=\"totals\">%zu unit%s &middot; %zu hot function%s "
	   "&middot; %zu call site%s &middot; <span class=\"inlined\">%lld "
	   "call%s inlined</span> &middot; <span class=\"left\">%lld call%s "
	   "left</span>", b->n_units,
	   b->n_units == 1 ? "" : "s", s->n_functions,
	   s->n_functions == 1 ? "" : "s", s->n, s->n == 1 ? "" : "s",
	   inlined, inlined == 1 ? "" : "s", left, left == 1 ? "" : "s");
  bool mixed;
  char *compilers = build_compilers (b, &mixed);
  if (mixed)
    {
      fputs (" &middot; <span class=\"compilers\">a mixed build: ", f);
      put_text (f, compilers);
      fputs ("</span>", f);
    }
  free (compilers);
  if (compared)
    fprintf (f, " &middot; <span class=\"regressed\">%d regressed</span> "
	     "&middot; <span class=\"fixed\">%d now inlined</span>", regressed,
	     fixed);
  fputs ("</p>\n", f);
  if (compared)
    put_changes (f, s);

  fputs ("<h2 id=\"functions\">Hot functions</h2>\n<table class=\"functions\">"
	 "\n<tr><th>function</th><th>weight (%)</th><th>inlined</th>"
	 "<th>left</th><th>units</th>"
	 "<th>GCC's reasons</th><th>left at</th></tr>\n", f);
  size_t *order = functions_by_weight (s, fns);
  for (size_t o = 0; o < s->n_functions; o++)
    {
      size_t k = order[o];
      const char *name = s->functions[k];
      json_t *fn = json_object_get (fns, name);
      long long n_left = results_num (fn, "declined", 0);
      fprintf (f, "<tr class=\"fn %s\" id=\"f%zu\"><td><a href=\"#f%zu\">"
	       "<code>", n_left ? "left" : "inlined", k + 1, k + 1);
      put_text (f, name);
      /* The share alone in its cell, so that the script sorts by it.  */
      long weight = results_weight (fn);
      char text[POLICY_WEIGHT_TEXT_SIZE] = "";
      if (weight >= 0)
	policy_weight_text (weight, text);
      fprintf (f, "</code></a></td><td class=\"n%s\">%s</td>",
	       heat_class (weight), text);
      fprintf (f, "<td class=\"n\">%lld</td><td class=\"n\">"
	       "%lld</td><td class=\"n\">%lld</td><td>",
	       results_num (fn, "inlined", 0), n_left,
	       results_num (fn, "units", 0));
      size_t n_reasons;
      json_t *reasons = json_object_get (fn, "reasons");
      char **keys = sorted_keys (reasons, &n_reasons);
      for (size_t r = 0; r < n_reasons; r++)
	{
	  fputs ("<div class=\"reason\">", f);
	  put_text (f, keys[r]);
	  fprintf (f, " (%lld)</div>",
		   results_num (reasons, keys[r], 0));
	  free (keys[r]);
	}
      free (keys);
      fputs ("</td><td>", f);
      put_site_links (f, s, k);
      fputs ("</td></tr>\n", f);
    }
  fputs ("</table>\n", f);
  free (order);
  put_address_only (f, b, s);

  fputs ("<h2 id=\"files\">Source files</h2>\n<ul class=\"files\">\n", f);
  size_t *files = files_by_weight (s);
  for (size_t o = 0; o < s->n_files; o++)
    {
      size_t p = files[o];
      int sites = 0, n_left = 0;
      size_t places = s->taken_start[p + 1] - s->taken_start[p];
      for (size_t i = s->page_start[p]; i < s->page_start[p + 1]; i++)
	{
	  sites++;
	  n_left += s->v[i].left > 0;
	}
      char *page = page_name (s, p);
      fprintf (f, "<li><a href=\"%s\"><code>", page);
      put_text (f, s->file_names[p]);
      fprintf (f, "</code></a>: %d call site%s, %d left", sites,
	       sites == 1 ? "" : "s", n_left);
      if (places)
	fprintf (f, ", %zu place%s where the address of a hot function no "
		 "call reaches is taken", places, places == 1 ? "" : "s");
      if (weights[p] >= 0)
	{
	  fputs (", the heaviest ", f);
	  put_weight (f, weights[p]);
	}
      fputs ("</li>\n", f);
      free (page);
    }
  fputs ("</ul>\n", f);
  free (files);
  free (weights);
  weights = NULL;

  fputs ("<h2 id=\"stale\">Policy entries that matched nothing</h2>\n", f);
  if (!json_array_size (stale))
    fputs ("<p>None: every entry matched something.</p>\n", f);
  else
    {
      fputs ("<ul class=\"stale\">\n", f);
      for (size_t i = 0; i < json_array_size (stale); i++)
	{
	  fputs ("<li><code>", f);
	  put_text (f, json_string_value (json_array_get (stale, i)));
	  fputs ("</code></li>\n", f);
	}
      fputs ("</ul>\n", f);
    }

  fputs ("<h2 id=\"units\">Units</h2>\n<ul class=\"units\">\n", f);
  for (size_t u = 0; u < b->n_units; u++)
    {
      const struct unit_row *unit = &b->units[u];
      fputs ("<li><code>", f);
      put_text (f, unit->unit);
      fputs ("</code>", f);
      if (unit->output[0])
	{
	  fputs (" &rarr; <code class=\"output\">", f);
	  put_text (f, unit->output);
	  fputs ("</code>", f);
	}
      fputs (" in <code>", f);
      put_text (f, unit->directory);
      fprintf (f, "</code>: %zu hot call%s", unit->calls,
	       unit->calls == 1 ? "" : "s");
      if (unit->compiler[0])
	{
	  fputs (" &middot; <span class=\"compiler\">", f);
	  put_text (f, unit->compiler);
	  fputs ("</span>", f);
	}
      if (unit->limits[0])
	{
	  fputs ("<div class=\"limits\">inliner limits: ", f);
	  put_text (f, unit->limits);
	  fputs ("</div>", f);
	}
      if (unit->flags[0])
	{
	  fputs ("<details class=\"flags\"><summary>flags</summary><code>",
		 f);
	  put_text (f, unit->flags);
	  fputs ("</code></details>", f);
	}
      fputs ("</li>\n", f);
    }
  if (b->again)
    fprintf (f, "<li class=\"again\">%zu more results file%s of a "
	     "compilation above (the same source, directory and flags, "
	     "another output): counted once</li>\n", b->again,
	     b->again == 1 ? "" : "s");
  if (b->superseded)
    fprintf (f, "<li class=\"again\">%zu results file%s of "
	     "<code>-ffat-lto-objects</code> compilations left out: the LTO "
	     "link's results count their code</li>\n", b->superseded,
	     b->superseded == 1 ? "" : "s");
  fputs ("</ul>\n", f);
  fputs (index_script, f);
  close_page (f, "index.html");
  json_decref (stale);
}

static void
make_directory (const char *dir)
{
  if (mkdir (dir, 0777) != 0)
    fail ("create", dir);
}

/* Whether DIR may be replaced by a new site: it is empty, or it holds a
   site written by hotinline-summary (its index says so, or has the title
   older versions gave it).  */
static bool
replaceable (const char *dir)
{
  DIR *d = opendir (dir);
  if (!d)
    return false;
  bool empty = true;
  for (struct dirent *e; (e = readdir (d));)
    empty &= strcmp (e->d_name, ".") == 0 || strcmp (e->d_name, "..") == 0;
  closedir (d);
  if (empty)
    return true;
  char *index = summary_format ("%s/index.html", dir);
  FILE *f = fopen (index, "r");
  free (index);
  if (!f)
    return false;
  char head[1024];
  size_t n = fread (head, 1, sizeof head - 1, f);
  fclose (f);
  head[n] = '\0';
  return strstr (head, generator)
	 || strstr (head, "<title>hotinline report - hotinline</title>");
}

static int
remove_one (const char *path, const struct stat *st, int flag,
	    struct FTW *ftw)
{
  (void) st, (void) flag, (void) ftw;
  return remove (path);
}

/* The directory that holds OUT, for a temporary site beside it (a rename
   within one file system).  */
static char *
beside (const char *out, const char *what)
{
  const char *slash = strrchr (out, '/');
  return slash ? summary_format ("%.*s/.%s.%s.%d", (int) (slash - out), out,
				 slash + 1, what, (int) getpid ())
	       : summary_format (".%s.%s.%d", out, what, (int) getpid ());
}

/* A fresh directory for the site OUT (given with or without a trailing
   slash), beside it; *OUT_CLEAN is OUT without the slashes, *EXISTS
   whether a site is there to replace.  Exits when OUT is something else
   than a site.  */
static char *
site_start (const char *out_arg, char **out_clean, bool *exists)
{
  char *out = strdup (out_arg);
  for (size_t n = strlen (out); n > 1 && out[n - 1] == '/'; n--)
    out[n - 1] = '\0';
  if (!*out)
    die_usage ("--html needs a directory to write the site into");
  struct stat st;
  *exists = stat (out, &st) == 0;
  if (*exists && (!S_ISDIR (st.st_mode) || !replaceable (out)))
    {
      fprintf (stderr, "hotinline-summary: %s exists and is not a site "
	       "written by hotinline-summary; remove it or name a new "
	       "directory\n", out);
      exit (2);
    }
  /* The site is written whole into a directory beside OUT and swapped in
     by rename: a reader sees the old site or the new one, never parts of
     both, and no page of the old site is left behind.  */
  char *fresh = beside (out, "new");
  make_directory (fresh);
  *out_clean = out;
  return fresh;
}

/* Put the site written in FRESH in OUT's place.  */
static void
site_swap_in (char *out, char *fresh, bool exists)
{
  if (!exists)
    {
      if (rename (fresh, out) != 0)
	fail ("create", out);
    }
  else if (renameat2 (AT_FDCWD, fresh, AT_FDCWD, out, RENAME_EXCHANGE) == 0)
    nftw (fresh, remove_one, 16, FTW_DEPTH | FTW_PHYS);
  else
    {
      /* No atomic exchange here: the old site is moved aside first.  */
      char *stale = beside (out, "old");
      if (rename (out, stale) != 0 || rename (fresh, out) != 0)
	fail ("replace", out);
      nftw (stale, remove_one, 16, FTW_DEPTH | FTW_PHYS);
      free (stale);
    }
  free (fresh);
  free (out);
}

int
write_site (const char *out_arg, struct build *b, struct build *old)
{
  struct sites *s = b->sites;
  char *out;
  bool exists;
  char *fresh = site_start (out_arg, &out, &exists);
  char *src = summary_format ("%s/src", fresh);
  make_directory (src);
  free (src);
  write_index (fresh, b, s, old != NULL);
  for (size_t p = 0; p < s->n_files; p++)
    write_source_page (fresh, s, p);
  site_swap_in (out, fresh, exists);
  int regressed = 0;
  for (size_t i = 0; i < s->n; i++)
    regressed += s->v[i].change > 0;
  return regressed;
}

/* A cell of text.  */
static void
put_cell (FILE *f, const char *s)
{
  fputs ("<td>", f);
  put_text (f, s);
  fputs ("</td>", f);
}

static void
put_number_cell (FILE *f, long long v, bool sign)
{
  fprintf (f, sign ? "<td class=\"num\">%+lld</td>" :
	   "<td class=\"num\">%lld</td>", v);
}

/* One pair's report: its verdicts' counts, its marks with their
   evidence, its units.  */
static void
put_audit_report (FILE *f, json_t *r)
{
  fputs ("<h2>", f);
  put_text (f, results_str (r, "compiler"));
  fputs ("</h2>\n<p>As written: <code>", f);
  put_text (f, results_str (r, "written"));
  fputs ("</code>; without the marks: <code>", f);
  put_text (f, results_str (r, "disregarded"));
  fputs ("</code>.</p>\n<table>\n<tr><th>verdict</th><th>marks</th>"
	 "<th>text bytes</th></tr>\n", f);
  const char *v;
  json_t *c;
  json_object_foreach (json_object_get (r, "classes"), v, c)
    {
      fputs ("<tr>", f);
      put_cell (f, v);
      put_number_cell (f, results_num (c, "marks", 0), false);
      put_number_cell (f, results_num (c, "bytes", 0), true);
      fputs ("</tr>\n", f);
    }
  if (results_num (r, "shared_bytes", 0))
    {
      fputs ("<tr><td>shared by several marks of a unit</td><td></td>", f);
      put_number_cell (f, results_num (r, "shared_bytes", 0), true);
      fputs ("</tr>\n", f);
    }
  fputs ("</table>\n<table>\n<tr><th>mark</th><th>where</th>"
	 "<th>verdict</th><th>text bytes</th><th>evidence</th></tr>\n", f);
  size_t i;
  json_t *m;
  json_array_foreach (json_object_get (r, "marks"), i, m)
    {
      fputs ("<tr>", f);
      fputs ("<td><code>", f);
      put_text (f, results_str (m, "function"));
      fputs ("</code></td>", f);
      char *where = summary_format ("%s:%lld", results_str (m, "file"),
				    results_num (m, "line", 0));
      put_cell (f, where);
      free (where);
      put_cell (f, results_str (m, "verdict"));
      if (json_is_true (json_object_get (m, "shared")))
	fputs ("<td>shared</td>", f);
      else
	put_number_cell (f, results_num (m, "bytes", 0), true);
      fputs ("<td>", f);
      size_t k;
      json_t *e;
      json_array_foreach (json_object_get (m, "errors"), k, e)
	{
	  fputs ("<div class=\"left\">", f);
	  char *text = summary_format ("%s: %lld error(s) in %s%s%s",
				       results_str (e, "unit"),
				       results_num (e, "errors", 0),
				       results_str (e, "function"),
				       *results_str (e, "message") ? ": " : "",
				       results_str (e, "message"));
	  put_text (f, text);
	  free (text);
	  fputs ("</div>", f);
	}
      json_array_foreach (json_object_get (m, "sites"), k, e)
	{
	  fputs ("<div>", f);
	  char *text = summary_format ("%s: %lld call(s) as written, %lld "
				       "without the mark%s%s",
				       results_str (e, "site"),
				       results_num (e, "left_written", 0),
				       results_num (e, "left_disregarded", 0),
				       *results_str (e, "reason") ? ": " : "",
				       results_str (e, "reason"));
	  put_text (f, text);
	  free (text);
	  fputs ("</div>", f);
	}
      fputs ("</td></tr>\n", f);
    }
  fputs ("</table>\n<table>\n<tr><th>unit</th><th>text as written</th>"
	 "<th>without the marks</th><th>functions changed</th>"
	 "<th>beyond the marks and their callers</th></tr>\n", f);
  json_t *u;
  json_array_foreach (json_object_get (r, "units"), i, u)
    {
      fputs ("<tr>", f);
      put_cell (f, results_str (u, "unit"));
      if (json_is_true (json_object_get (u, "failed")))
	fputs ("<td colspan=\"4\" class=\"left\">does not compile without "
	       "the marks</td>", f);
      else if (!json_object_get (u, "text_written"))
	fputs ("<td colspan=\"4\">objects not found</td>", f);
      else
	{
	  put_number_cell (f, results_num (u, "text_written", 0), false);
	  put_number_cell (f, results_num (u, "text_disregarded", 0), false);
	  put_number_cell (f, results_num (u, "changed", 0), false);
	  fputs ("<td>", f);
	  size_t k;
	  json_t *fn;
	  json_array_foreach (json_object_get (u, "changed_beyond_callers"),
			      k, fn)
	    {
	      fputs (k ? ", <code>" : "<code>", f);
	      put_text (f, json_string_value (fn));
	      fputs ("</code>", f);
	    }
	  fputs ("</td>", f);
	}
      fputs ("</tr>\n", f);
    }
  fputs ("</table>\n", f);
}

void
write_audit_site (const char *out_arg, json_t *reports, json_t *side)
{
  char *out;
  bool exists;
  char *fresh = site_start (out_arg, &out, &exists);
  FILE *f = open_page (fresh, "index.html");
  page_start (f, "Audit of the inline marks",
	      "<p>Each marked function's verdict, from a build as written "
	      "and one with the marks disregarded (docs/audit.md).</p>");
  if (side)
    {
      fputs ("<h2>Side by side</h2>\n<table>\n<tr><th>mark</th>", f);
      size_t p;
      json_t *r;
      json_array_foreach (reports, p, r)
	{
	  fputs ("<th>", f);
	  put_text (f, results_str (r, "compiler"));
	  fputs ("</th>", f);
	}
      fputs ("</tr>\n", f);
      const char *key;
      json_t *row;
      json_object_foreach (side, key, row)
	{
	  bool differ = false;
	  for (size_t k = 1; k < json_array_size (row); k++)
	    differ |= strcmp (json_string_value (json_array_get (row, k)),
			      json_string_value (json_array_get (row, 0)))
		      != 0;
	  fputs (differ ? "<tr class=\"left\">" : "<tr>", f);
	  put_cell (f, key);
	  json_t *v;
	  json_array_foreach (row, p, v)
	    put_cell (f, json_string_value (v));
	  fputs ("</tr>\n", f);
	}
      fputs ("</table>\n", f);
    }
  size_t i;
  json_t *r;
  json_array_foreach (reports, i, r)
    put_audit_report (f, r);
  close_page (f, "index.html");
  site_swap_in (out, fresh, exists);
}
