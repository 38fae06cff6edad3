/* Machine-readable results: with -fplugin-arg-hotinline-results=DIR, each
   unit writes what it found to a JSON file of its own in DIR, built with
   GCC's JSON writer.  Each compilation has a file of its own, named by
   its source, its output and the options that change its code
   (results-name.h): libtool's two compilations of one source, or one
   source built under several -D settings, keep their results apart.
   Files are written under a temporary name and renamed into place, so a
   parallel build never leaves a half-written one.  */
#include "gcc-compat.h"
#include "opts.h"		/* cc1's command line: save_decoded_options.  */

#include "hotinline.h"
#include "results-name.h"

namespace {

/* One step of the chain of functions a call was inlined through: the
   function FUNCTION, holding the call, inlined into INTO at FILE:LINE.  */
struct chain_link
{
  const char *function, *into;
  char *file;
  int line, column;
};

/* A hot call site and what happened to it.  */
struct call_record
{
  char *file;
  int line, column;
  const char *caller, *callee;	/* Identifier strings, GC-stable.  */
  const char *reason;		/* NULL: inlined.  */
  const struct policy_entry *entry;
  unsigned callee_uid;		/* For its estimated size.  */
  /* Left calls: what the hint says, the limit GCC compared the callee
     with (PARAM NULL: none) and the inline chain, innermost first.  */
  char *hint;
  const char *param;
  int limit;
  vec<chain_link> chain;
};

/* A function an always_inline entry asked to force.  */
struct function_record
{
  const char *name;
  char *file;
  int line;
  const char *why_not;		/* NULL: forced.  */
};

/* Where the address of a hot function is taken: in function or variable
   IN, at FILE:LINE.  */
struct taken_at
{
  const char *in;
  char *file;
  int line;
};

/* A hot function whose address is taken: if no call to it is seen, it is
   used only through pointers, and would show nowhere else.  */
struct address_record
{
  const char *name;
  const struct policy_entry *entry;
  vec<taken_at> taken;
};

/* The places kept per function: a table of pointers can hold many.  */
enum { MAX_TAKEN = 8 };

static vec<address_record> addressed;
static vec<call_record> source_calls;	/* As written, before inlining.  */
static vec<call_record> left_calls;	/* Still calls in the object code.  */
static vec<function_record> functions;

static char *
file_of (location_t loc)
{
  const char *file = LOCATION_FILE (loc);
  return xstrdup (file ? file : "");
}

/* An entry's weight as the percentage the policy gave: GCC prints
   numbers with 6 significant digits, enough for its 4 decimals.  */
static void
set_weight (json::object *o, const struct policy_entry *e)
{
  if (e->weight >= 0)
    o->set ("weight", new json::float_number (e->weight / 10000.0));
}

static json::object *
entry_json (const struct policy_entry *e)
{
  json::object *o = new json::object ();
  o->set ("name", new json::string (e->name.text));
  o->set ("policy", new json::string (e->loc.file));
  o->set ("line", new json::integer_number (e->name_loc.line));
  o->set ("column", new json::integer_number (e->name_loc.column));
  o->set ("action", new json::string (policy_action_name (e->action)));
  o->set ("severity", new json::string (policy_severity_name (e->severity)));
  if (e->reason)
    o->set ("reason", new json::string (e->reason));
  set_weight (o, e);
  return o;
}

static json::object *
call_json (const call_record &c, bool inlined)
{
  json::object *o = new json::object ();
  o->set ("file", new json::string (c.file));
  o->set ("line", new json::integer_number (c.line));
  o->set ("column", new json::integer_number (c.column));
  o->set ("caller", new json::string (c.caller));
  o->set ("callee", new json::string (c.callee));
  o->set ("inlined", new json::literal (inlined));
  if (c.reason)
    o->set ("reason", new json::string (c.reason));
  o->set ("action", new json::string (policy_action_name (c.entry->action)));
  o->set ("severity",
	  new json::string (policy_severity_name (c.entry->severity)));
  o->set ("entry", new json::string (c.entry->name.text));
  set_weight (o, c.entry);
  int size = hot_estimated_size (c.callee_uid, false);
  if (size >= 0)
    o->set ("size", new json::integer_number (size));
  size = hot_estimated_size (c.callee_uid, true);
  if (size >= 0)
    o->set ("early_size", new json::integer_number (size));
  if (c.param)
    {
      json::object *limit = new json::object ();
      limit->set ("param", new json::string (c.param));
      limit->set ("value", new json::integer_number (c.limit));
      o->set ("limit", limit);
    }
  if (c.hint)
    o->set ("hint", new json::string (c.hint));
  if (c.chain.length ())
    {
      json::array *chain = new json::array ();
      for (const chain_link &l : c.chain)
	{
	  json::object *step = new json::object ();
	  step->set ("function", new json::string (l.function));
	  step->set ("into", new json::string (l.into));
	  step->set ("file", new json::string (l.file));
	  step->set ("line", new json::integer_number (l.line));
	  step->set ("column", new json::integer_number (l.column));
	  chain->append (step);
	}
      o->set ("chain", chain);
    }
  return o;
}

/* Whether the source call C is still a call somewhere in the object.  */
static bool
left_as_call (const call_record &c)
{
  for (const call_record &l : left_calls)
    if (l.line == c.line && l.column == c.column
	&& strcmp (l.callee, c.callee) == 0 && strcmp (l.file, c.file) == 0)
      return true;
  return false;
}

/* The option of cc1's command line with index OPT, or NULL.  */
static const char *
option_arg (size_t opt)
{
  for (unsigned i = 0; i < save_decoded_options_count; i++)
    if (save_decoded_options[i].opt_index == opt)
      return save_decoded_options[i].arg;
  return NULL;
}

/* The compilation's output without its suffix, as the driver tells cc1
   through -dumpdir and -dumpbase (".libs/t" for -c t.c -o .libs/t.o):
   what tells libtool's two compilations of t.c apart.  malloc'd.  */
static char *
output_stem (void)
{
  const char *dir = option_arg (OPT_dumpdir);
  const char *base = option_arg (OPT_dumpbase);
  const char *ext = option_arg (OPT_dumpbase_ext);
  if (!base)
    base = lbasename (hot_unit ());
  size_t len = strlen (base);
  if (ext && len > strlen (ext)
      && strcmp (base + len - strlen (ext), ext) == 0)
    len -= strlen (ext);
  return xasprintf ("%s%.*s", dir ? dir : "", (int) len, base);
}

/* The options of cc1's command line that can change the code, in order,
   space separated (results_option_changes_code).  malloc'd.  */
static char *
flags_key (void)
{
  char *key = xstrdup ("");
  for (unsigned i = 0; i < save_decoded_options_count; i++)
    {
      const cl_decoded_option &o = save_decoded_options[i];
      if (o.opt_index == OPT_SPECIAL_input_file
	  || o.opt_index == OPT_SPECIAL_program_name
	  || !results_option_changes_code (o.orig_option_with_args_text))
	continue;
      char *longer = xasprintf ("%s%s%s", key, *key ? " " : "",
				o.orig_option_with_args_text);
      free (key);
      key = longer;
    }
  return key;
}

static json::object *
unit_json (const char *output, const char *flags)
{
  json::object *root = new json::object ();
  root->set ("format", new json::string ("hotinline-results-1"));
  root->set ("unit", new json::string (hot_unit ()));
  /* Relative paths of the unit's calls are relative to this.  */
  root->set ("directory", new json::string (getpwd () ? getpwd () : ""));
  /* What tells this compilation from others of the same source.  */
  root->set ("output", new json::string (output));
  root->set ("flags", new json::string (flags));
  /* The inliner's limits for the unit as a whole, to compare builds.  */
  json::object *limits = new json::object ();
  limits->set ("max-inline-insns-auto",
	       new json::integer_number (param_max_inline_insns_auto));
  limits->set ("max-inline-insns-single",
	       new json::integer_number (param_max_inline_insns_single));
  limits->set ("inline-unit-growth",
	       new json::integer_number (param_inline_unit_growth));
  limits->set ("large-function-growth",
	       new json::integer_number (param_large_function_growth));
  root->set ("limits", limits);

  json::array *entries = new json::array ();
  for (size_t i = 0; i < policy_entry_count (hot_policy); i++)
    {
      const struct policy_entry *e = policy_entry_at (hot_policy, i);
      json::object *o = entry_json (e);
      o->set ("matched", new json::literal (hot_entry_matched (e)));
      entries->append (o);
    }
  root->set ("entries", entries);

  /* Calls as written that are gone were inlined; then every call left.  */
  json::array *calls = new json::array ();
  for (const call_record &c : source_calls)
    if (!left_as_call (c))
      calls->append (call_json (c, true));
  for (const call_record &c : left_calls)
    calls->append (call_json (c, false));
  root->set ("calls", calls);

  json::array *fns = new json::array ();
  for (const function_record &f : functions)
    {
      json::object *o = new json::object ();
      o->set ("function", new json::string (f.name));
      o->set ("file", new json::string (f.file));
      o->set ("line", new json::integer_number (f.line));
      o->set ("forced", new json::literal (f.why_not == NULL));
      if (f.why_not)
	o->set ("why_not", new json::string (f.why_not));
      fns->append (o);
    }
  root->set ("functions", fns);

  /* Hot functions whose address is taken and that no call reaches.  */
  json::array *only = new json::array ();
  for (const address_record &a : addressed)
    {
      bool called = false;
      for (const call_record &c : source_calls)
	called |= strcmp (c.callee, a.name) == 0;
      for (const call_record &c : left_calls)
	called |= strcmp (c.callee, a.name) == 0;
      if (called)
	continue;
      json::object *o = new json::object ();
      o->set ("function", new json::string (a.name));
      o->set ("entry", new json::string (a.entry->name.text));
      set_weight (o, a.entry);
      json::array *taken = new json::array ();
      for (const taken_at &t : a.taken)
	{
	  json::object *at = new json::object ();
	  at->set ("in", new json::string (t.in));
	  at->set ("file", new json::string (t.file));
	  at->set ("line", new json::integer_number (t.line));
	  taken->append (at);
	}
      o->set ("address_taken", taken);
      only->append (o);
    }
  root->set ("address_only", only);
  return root;
}

/* After the IPA passes, while the references are whole: each hot
   function of the unit whose address is taken, and where.  */
static void
note_addressed (void *, void *)
{
  cgraph_node *node;
  FOR_EACH_DEFINED_FUNCTION (node)
    {
      if (node->inlined_to || !node->address_taken)
	continue;
      const struct policy_entry *e = hot_entry_for (node->decl, NULL_TREE);
      if (!e)
	continue;
      address_record a = { hot_name_of (node->decl), e, vNULL };
      ipa_ref *ref;
      for (unsigned i = 0; node->iterate_referring (i, ref); i++)
	{
	  if (ref->use != IPA_REF_ADDR || a.taken.length () >= MAX_TAKEN)
	    continue;
	  location_t loc = ref->stmt && gimple_has_location (ref->stmt)
			   ? gimple_location (ref->stmt)
			   : DECL_SOURCE_LOCATION (ref->referring->decl);
	  expanded_location x = expand_location (loc);
	  a.taken.safe_push ({ hot_name_of (ref->referring->decl),
			       file_of (loc), x.line });
	}
      addressed.safe_push (a);
    }
}

/* The results file of this compilation in DIR (results_file_name): the
   output is made absolute, so that two directories' units of the same
   name do not collide.  */
static char *
results_path (const char *dir, const char *output, const char *flags)
{
  const char *cwd = getpwd () ? getpwd () : "";
  char *where = IS_ABSOLUTE_PATH (output) ? xstrdup (output)
		: xasprintf ("%s/%s", cwd, output);
  char *path = results_file_name (dir, hot_unit (), where, flags);
  free (where);
  if (!path)
    xmalloc_failed (0);
  return path;
}

/* Create DIR and its parents as needed: the first unit of a build makes
   the directory, and parallel units racing to do so are fine.  */
static bool
make_directory (const char *dir)
{
  char *path = xstrdup (dir);
  bool ok = true;
  for (char *p = path + 1; ok; p++)
    if (*p == '/' || *p == '\0')
      {
	char c = *p;
	*p = '\0';
	ok = mkdir (path, 0777) == 0 || errno == EEXIST;
	*p = c;
	if (!c)
	  break;
      }
  free (path);
  return ok;
}

/* Results are a by-product: failing to write them warns, and never fails
   the build (not even under -Werror).  */
static void
write_results (void *, void *)
{
  if (!hot_policy || !hot_config.results_dir)
    return;
  char *output = output_stem (), *flags = flags_key ();
  char *path = results_path (hot_config.results_dir, output, flags);
  char *tmp = xasprintf ("%s.%d.tmp", path, (int) getpid ());
  FILE *f = make_directory (hot_config.results_dir) ? fopen (tmp, "w") : NULL;
  if (!f)
    {
      hot_warn_only (UNKNOWN_LOCATION, "cannot write hotinline results "
		     "%qs: %m [hotinline]", tmp);
      return;
    }
  json::object *root = unit_json (output, flags);
  hot_json_dump (root, f);
  fputc ('\n', f);
  delete root;
  if (fclose (f) != 0 || rename (tmp, path) != 0)
    {
      hot_warn_only (UNKNOWN_LOCATION, "cannot write hotinline results "
		     "%qs: %m [hotinline]", path);
      unlink (tmp);
    }
  free (output);
  free (flags);
  free (path);
  free (tmp);
}

} // namespace

/* The record of a call at LOC.  */
static call_record
call_at (location_t loc, tree caller, tree callee, const char *reason,
	 const struct policy_entry *entry)
{
  expanded_location x = expand_location (loc);
  return { file_of (loc), x.line, x.column, hot_name_of (caller),
	   hot_name_of (callee), reason, entry, DECL_UID (callee), NULL,
	   NULL, 0, vNULL };
}

/* The functions the call at LOC in FN was inlined through, innermost
   first (hot_inline_chain).  */
static vec<chain_link>
chain_of (location_t loc, tree fn)
{
  vec<chain_link> chain = vNULL;
  vec<hot_inline_link> links = hot_inline_chain (loc, fn);
  for (const hot_inline_link &l : links)
    {
      expanded_location x = expand_location (l.site);
      chain.safe_push ({ hot_name_of (l.function), hot_name_of (l.into),
			 file_of (l.site), x.line, x.column });
    }
  links.release ();
  return chain;
}

void
results_note_source_call (location_t loc, tree caller, tree callee,
			  const struct policy_entry *entry)
{
  if (hot_config.results_dir)
    source_calls.safe_push (call_at (loc, caller, callee, NULL, entry));
}

void
results_note_left_call (location_t loc, tree caller, tree callee,
			cgraph_inline_failed_t code, const char *reason,
			const struct policy_entry *entry)
{
  if (!hot_config.results_dir)
    return;
  call_record c = call_at (loc, caller, callee, reason, entry);
  tree fn = current_function_decl;
  struct hot_hint_facts f = hot_hint_facts (code, callee, fn ? fn : caller);
  c.hint = f.text;
  c.param = f.param;
  c.limit = f.limit;
  c.chain = chain_of (loc, fn);
  left_calls.safe_push (c);
}

void
results_note_function (tree fndecl, const char *why_not)
{
  if (!hot_config.results_dir)
    return;
  functions.safe_push ({ hot_name_of (fndecl),
			 file_of (DECL_SOURCE_LOCATION (fndecl)),
			 DECL_SOURCE_LINE (fndecl), why_not });
}

void
results_register (const char *plugin_name)
{
  if (!hot_config.results_dir)
    return;
  register_callback (plugin_name, PLUGIN_ALL_IPA_PASSES_END, note_addressed,
		     NULL);
  register_callback (plugin_name, PLUGIN_FINISH_UNIT, write_results, NULL);
}
