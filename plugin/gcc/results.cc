/* Machine-readable results: with -fplugin-arg-hotinline-results=DIR, each
   unit writes what it found to a JSON file of its own in DIR.  This file
   records what GCC found in the core's records; the core's walk
   (results-format.h) writes them through GCC's JSON writer, in the same
   format as the LLVM plugin's.  Each compilation has a file of its own,
   named by its source, its output and the options that change its code
   (results-name.h): libtool's two compilations of one source, or one
   source built under several -D settings, keep their results apart.
   Files are written under a temporary name and renamed into place, so a
   parallel build never leaves a half-written one.  */
#include "gcc-compat.h"
#include "opts.h"		/* cc1's command line: save_decoded_options.  */

#include "hotinline.h"
#include "results-format.h"
#include "results-name.h"

namespace hotinline {

namespace {

/* A hot call site and what happened to it: the core's record, its inline
   chain, and the callee's uid for its estimated sizes.  */
struct call_record
{
  struct results_call c;
  unsigned callee_uid;
  vec<results_link> chain;
};

/* A hot function whose address is taken, and where.  */
struct address_record
{
  struct results_address a;
  vec<results_place> taken;
};

static vec<address_record> addressed;
static vec<call_record> source_calls;	/* As written, before inlining.  */
static vec<call_record> left_calls;	/* Still calls in the object code.  */
static vec<results_function> functions;

static char *
file_of (location_t loc)
{
  const char *file = LOCATION_FILE (loc);
  return xstrdup (file ? file : "");
}

/* The results emitter on GCC's JSON writer: a tree built as the core
   walks the unit, the open objects and arrays on a stack.  */
struct json_builder
{
  auto_vec<json::value *> open;
  const char *key;		/* Of the next member of an object.  */
  json::value *root;
};

static void
add_value (void *data, json::value *v)
{
  json_builder *b = (json_builder *) data;
  if (b->open.is_empty ())
    b->root = v;
  else if (b->open.last ()->get_kind () == json::JSON_OBJECT)
    static_cast<json::object *> (b->open.last ())->set (b->key, v);
  else
    static_cast<json::array *> (b->open.last ())->append (v);
}

static void
begin_object (void *data)
{
  json::value *v = new json::object ();
  add_value (data, v);
  ((json_builder *) data)->open.safe_push (v);
}

static void
begin_array (void *data)
{
  json::value *v = new json::array ();
  add_value (data, v);
  ((json_builder *) data)->open.safe_push (v);
}

static void
end_container (void *data)
{
  ((json_builder *) data)->open.pop ();
}

static void
set_key (void *data, const char *key)
{
  ((json_builder *) data)->key = key;
}

static void
add_string (void *data, const char *s)
{
  add_value (data, new json::string (s));
}

static void
add_integer (void *data, long long v)
{
  add_value (data, new json::integer_number (v));
}

/* GCC prints numbers with 6 significant digits, enough for a weight's 4
   decimals.  */
static void
add_real (void *data, double v)
{
  add_value (data, new json::float_number (v));
}

static void
add_boolean (void *data, bool v)
{
  add_value (data, new json::literal (v));
}

/* The calls of RECORDS as the core's records, with their chains and
   sizes (malloc'd).  */
static struct results_call *
core_calls (vec<call_record> &records)
{
  struct results_call *v = XNEWVEC (struct results_call,
				    records.length () + 1);
  for (unsigned i = 0; i < records.length (); i++)
    {
      call_record &r = records[i];
      v[i] = r.c;
      v[i].chain = r.chain.address ();
      v[i].n_chain = r.chain.length ();
      v[i].size = estimated_size (r.callee_uid, false);
      v[i].early_size = estimated_size (r.callee_uid, true);
    }
  return v;
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

/* The compiler, as the results name it.  */
#define STR_(x) #x
#define STR(x) STR_ (x)
static const char compiler_name[] = "gcc " STR (BUILDING_GCC_MAJOR) "."
  STR (BUILDING_GCC_MINOR) "." STR (BUILDING_GCC_PATCHLEVEL);

/* The unit's results, written through the core into a JSON tree.  */
static json::value *
unit_json (const char *output, const char *flags, bool failed)
{
  /* The inliner's limits for the unit as a whole, to compare builds.  */
  const struct results_limit limits[] = {
    { "max-inline-insns-auto", param_max_inline_insns_auto },
    { "max-inline-insns-single", param_max_inline_insns_single },
    { "inline-unit-growth", param_inline_unit_growth },
    { "large-function-growth", param_large_function_growth },
  };
  size_t n_entries = policy_entry_count (the_policy);
  struct results_entry *entries = XNEWVEC (struct results_entry,
					   n_entries + 1);
  for (size_t i = 0; i < n_entries; i++)
    {
      entries[i].entry = policy_entry_at (the_policy, i);
      entries[i].matched = entry_matched (entries[i].entry);
    }
  struct results_address *only = XNEWVEC (struct results_address,
					  addressed.length () + 1);
  for (unsigned i = 0; i < addressed.length (); i++)
    {
      only[i] = addressed[i].a;
      only[i].taken = addressed[i].taken.address ();
      only[i].n_taken = addressed[i].taken.length ();
    }
  struct results_call *source = core_calls (source_calls);
  struct results_call *left = core_calls (left_calls);
  struct results_unit u = {
    unit_name (), getpwd () ? getpwd () : "", output, flags, compiler_name,
    in_lto_p ? RESULTS_LTO_LINK
    : flag_generate_lto && flag_fat_lto_objects ? RESULTS_LTO_FAT : NULL,
    limits, ARRAY_SIZE (limits), entries, n_entries, source, left,
    source_calls.length (), left_calls.length (), functions.address (),
    functions.length (), only, addressed.length (),
    rule_marks_recorded (&the_config) != CONFIG_DISREGARD_NONE,
    audit_evidence ().marks.address (), audit_evidence ().marks.length (),
    failed, failed ? errorcount : 0, audit_evidence ().errors.address (),
    audit_evidence ().errors.length () };
  json_builder b;
  b.key = NULL;
  b.root = NULL;
  struct results_emitter e = { &b, begin_object, end_container, begin_array,
			       end_container, set_key, add_string,
			       add_integer, add_real, add_boolean };
  results_write_unit (&u, &e);
  free (entries);
  free (only);
  free (source);
  free (left);
  return b.root;
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
      const struct policy_entry *e = entry_for (node->decl, NULL_TREE);
      if (!e || rule_is_mark_entry (e))
	continue;
      address_record a = { { name_of (node->decl), e, NULL, 0 },
			   vNULL };
      ipa_ref *ref;
      for (unsigned i = 0; node->iterate_referring (i, ref); i++)
	{
	  if (ref->use != IPA_REF_ADDR
	      || a.taken.length () >= RESULTS_MAX_TAKEN)
	    continue;
	  location_t loc = ref->stmt && gimple_has_location (ref->stmt)
			   ? gimple_location (ref->stmt)
			   : DECL_SOURCE_LOCATION (ref->referring->decl);
	  expanded_location x = expand_location (loc);
	  a.taken.safe_push ({ name_of (ref->referring->decl),
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
  char *path = results_file_name (dir, unit_name (), where, flags);
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

/* Write this compilation's results, FAILED or not, to their file.
   Results are a by-product: failing to write them warns, and never fails
   the build (not even under -Werror).  */
static void
write_file (bool failed)
{
  char *output = output_stem (), *flags = flags_key ();
  char *path = results_path (the_config.results_dir, output, flags);
  char *tmp = xasprintf ("%s.%d.tmp", path, (int) getpid ());
  FILE *f = make_directory (the_config.results_dir) ? fopen (tmp, "w") : NULL;
  if (!f)
    {
      emit_plain_warning (UNKNOWN_LOCATION, "cannot write hotinline results "
			  "%qs: %m [hotinline]", tmp);
      return;
    }
  json::value *root = unit_json (output, flags, failed);
  json_dump (root, f);
  fputc ('\n', f);
  delete root;
  if (fclose (f) != 0 || rename (tmp, path) != 0)
    {
      emit_plain_warning (UNKNOWN_LOCATION, "cannot write hotinline results "
			  "%qs: %m [hotinline]", path);
      unlink (tmp);
    }
  free (output);
  free (flags);
  free (path);
  free (tmp);
}

static void
write_results (void *, void *)
{
  if (!the_policy || !the_config.results_dir)
    return;
  /* An -flto compilation without code of its own: its calls are decided
     at the link, whose partitions write them.  */
  if (flag_generate_lto && !flag_fat_lto_objects)
    return;
  write_file (false);
}

} // namespace

/* The record of a call at LOC.  */
static call_record
call_at (location_t loc, tree caller, tree callee, const char *reason,
	 const struct policy_entry *entry)
{
  expanded_location x = expand_location (loc);
  call_record r;
  memset (&r.c, 0, sizeof r.c);
  r.c.file = file_of (loc);
  r.c.line = x.line;
  r.c.column = x.column;
  r.c.caller = name_of (caller);
  r.c.callee = name_of (callee);
  r.c.entry = entry;
  r.c.reason = reason;
  r.callee_uid = DECL_UID (callee);
  r.chain = vNULL;
  return r;
}

/* The functions the call at LOC in FN was inlined through, innermost
   first (inline_chain).  */
static vec<results_link>
chain_of (location_t loc, tree fn)
{
  vec<results_link> chain = vNULL;
  vec<inline_link> links = inline_chain (loc, fn);
  for (const inline_link &l : links)
    {
      expanded_location x = expand_location (l.site);
      chain.safe_push ({ name_of (l.function), name_of (l.into),
			 file_of (l.site), x.line, x.column });
    }
  links.release ();
  return chain;
}

void
results_note_source_call (location_t loc, tree caller, tree callee,
			  const struct policy_entry *entry)
{
  if (the_config.results_dir)
    source_calls.safe_push (call_at (loc, caller, callee, NULL, entry));
}

void
results_note_left_call (location_t loc, tree caller, tree callee,
			cgraph_inline_failed_t code, const char *reason,
			const struct policy_entry *entry)
{
  if (!the_config.results_dir)
    return;
  call_record c = call_at (loc, caller, callee, reason, entry);
  tree fn = current_function_decl;
  struct hint_facts f = hint_facts_for (code, callee, fn ? fn : caller);
  c.c.hint = f.text;
  c.c.limit_param = f.param;
  c.c.limit_value = f.limit;
  c.chain = chain_of (loc, fn);
  left_calls.safe_push (c);
}

void
results_note_function (tree fndecl, const char *why_not)
{
  if (!the_config.results_dir)
    return;
  struct results_function f = { name_of (fndecl),
				 file_of (DECL_SOURCE_LOCATION (fndecl)),
				 DECL_SOURCE_LINE (fndecl),
				 why_not ? xstrdup (why_not) : NULL };
  functions.safe_push (f);
}

void
results_write_failed (void)
{
  if (the_policy && the_config.results_dir && seen_error ()
      && rule_marks_recorded (&the_config) != CONFIG_DISREGARD_NONE)
    write_file (true);
}

void
results_register (const char *plugin_name)
{
  if (!the_config.results_dir)
    return;
  register_callback (plugin_name, PLUGIN_ALL_IPA_PASSES_END, note_addressed,
		     NULL);
  register_callback (plugin_name, PLUGIN_FINISH_UNIT, write_results, NULL);
}

} // namespace hotinline
