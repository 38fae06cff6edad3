/* The results file's walk, apart from any compiler: written through an
   emitter that builds a jansson tree (which keeps its members in order),
   each object's keys are those of the format, in its order, and the
   unit's calls and address-taken functions are those the format says.  */
#define _GNU_SOURCE
#include <check.h>
#include <jansson.h>
#include <stdlib.h>
#include <string.h>

#include "results-format.h"
#include "rules.h"
#include "unit/suites.h"

/* The tree being built: the open objects and arrays, and the key of the
   next member.  */
struct tree
{
  json_t *open[16];
  int depth;
  char key[64];
  json_t *root;
};

static void
add (void *data, json_t *v)
{
  struct tree *t = data;
  if (!t->depth)
    t->root = v;
  else if (json_is_object (t->open[t->depth - 1]))
    {
      ck_assert_msg (t->key[0], "a member without a key");
      ck_assert_msg (!json_object_get (t->open[t->depth - 1], t->key),
		     "%s twice", t->key);
      json_object_set_new (t->open[t->depth - 1], t->key, v);
      t->key[0] = '\0';
    }
  else
    json_array_append_new (t->open[t->depth - 1], v);
}

static void
open_value (void *data, json_t *v)
{
  struct tree *t = data;
  add (data, v);
  ck_assert_int_lt (t->depth, 16);
  t->open[t->depth++] = v;
}

static void begin_object (void *d) { open_value (d, json_object ()); }
static void begin_array (void *d) { open_value (d, json_array ()); }
static void end_value (void *d) { ((struct tree *) d)->depth--; }
static void string (void *d, const char *s) { add (d, json_string (s)); }
static void integer (void *d, long long v) { add (d, json_integer (v)); }
static void real (void *d, double v) { add (d, json_real (v)); }
static void boolean (void *d, bool v) { add (d, json_boolean (v)); }

static void
key (void *data, const char *k)
{
  struct tree *t = data;
  ck_assert_msg (!t->key[0], "key %s after key %s", k, t->key);
  ck_assert_uint_lt (strlen (k), sizeof t->key);
  strcpy (t->key, k);
}

/* O's keys, in order, comma separated (static buffer).  */
static const char *
keys_of (json_t *o)
{
  static char text[512];
  text[0] = '\0';
  const char *k;
  json_t *v;
  json_object_foreach (o, k, v)
    {
      if (text[0])
	strcat (text, ",");
      strcat (text, k);
    }
  return text;
}

static struct policy_entry weighted = {
  .name = { .text = "step" }, .action = POLICY_ACTION_REPORT,
  .severity = POLICY_SEVERITY_WARNING, .reason = "per packet",
  .weight = 125000, .loc = { "hot.yaml", 3, 5 },
  .name_loc = { "hot.yaml", 3, 11 },
};

static struct policy_entry plain = {
  .name = { .text = "walk*" }, .action = POLICY_ACTION_ALWAYS_INLINE,
  .severity = POLICY_SEVERITY_ERROR, .weight = -1,
  .loc = { "hot.yaml", 4, 5 }, .name_loc = { "hot.yaml", 4, 11 },
};

static const struct results_limit limits[] = {
  { "max-inline-insns-auto", 15 }, { "inline-unit-growth", 40 },
};

static const struct results_entry entries[] = {
  { &weighted, true }, { &plain, false },
};

static const struct results_link chain[] = {
  { "inner", "outer", "t.h", 7, 3 },
};

/* As written: two calls of step, of which the second is left; one of
   walk_a, which was inlined.  */
static const struct results_call source_calls[] = {
  { "t.c", 10, 5, "f", "step", &weighted, NULL, NULL, -1, -1, NULL, 0,
    NULL, 0, 0 },
  { "t.c", 11, 5, "f", "step", &weighted, NULL, NULL, -1, -1, NULL, 0,
    NULL, 0, 0 },
  { "t.c", 12, 9, "g", "walk_a", &plain, NULL, NULL, -1, -1, NULL, 0,
    NULL, 0, 0 },
};

static const struct results_call left_calls[] = {
  { "t.c", 11, 5, "f", "step", &weighted, "call is unlikely",
    "raise the limit", 57, 14, "max-inline-insns-auto", 15, chain, 1, 0 },
  /* Inside inlined code only: no source call of its own; one the code
     generator may merge with others (group 2).  */
  { "t.h", 7, 3, "outer", "step", &weighted, "", "", -1, -1, NULL, 0,
    NULL, 0, 2 },
};

static const struct results_function functions[] = {
  { "walk_a", "t.c", 2, NULL },
  { "walk_b", "t.c", 3, "its address escapes" },
};

static const struct results_place places[] = {
  { "ops", "t.c", 20 }, { "init", "t.c", 25 },
};

/* step is called, walk_b is not: only walk_b is address_only.  */
static const struct results_address addressed[] = {
  { "step", &weighted, places, 1 },
  { "walk_b", &plain, places, 2 },
};

static const struct results_unit unit = {
  "t.c", "/src", "t", "-O2", "gcc 12.2.0", RESULTS_LTO_FAT, limits, 2,
  entries, 2,
  source_calls, left_calls, 3, 2, functions, 2, addressed, 2,
  false, NULL, 0, false, 0, NULL, 0,
};

static json_t *
written (const struct results_unit *u)
{
  static struct tree t;
  memset (&t, 0, sizeof t);
  struct results_emitter e = { &t, begin_object, end_value, begin_array,
			       end_value, key, string, integer, real,
			       boolean };
  results_write_unit (u, &e);
  ck_assert_int_eq (t.depth, 0);
  ck_assert_ptr_nonnull (t.root);
  return t.root;
}

/* Each object of the file and the keys it has, in order.  */
static const struct
{
  const char *path;		/* For json_path below.  */
  const char *keys;
} key_cases[] = {
  { "", "format,unit,directory,output,flags,compiler,lto,limits,entries,"
	"calls,functions,address_only" },
  { "limits", "max-inline-insns-auto,inline-unit-growth" },
  { "entries.0", "name,policy,line,column,action,severity,reason,weight,"
		 "matched" },
  { "entries.1", "name,policy,line,column,action,severity,matched" },
  /* The inlined call first (line 10 and 12), then those left.  */
  { "calls.0", "file,line,column,caller,callee,inlined,action,severity,"
	       "entry,weight" },
  { "calls.1", "file,line,column,caller,callee,inlined,action,severity,"
	       "entry" },
  { "calls.2", "file,line,column,caller,callee,inlined,reason,action,"
	       "severity,entry,weight,size,early_size,limit,hint,chain" },
  { "calls.2.limit", "param,value" },
  { "calls.2.chain.0", "function,into,file,line,column" },
  { "calls.3", "file,line,column,caller,callee,inlined,reason,action,"
	       "severity,entry,weight,may_merge" },
  { "functions.0", "function,file,line,forced" },
  { "functions.1", "function,file,line,forced,why_not" },
  { "address_only.0", "function,entry,address_taken" },
  { "address_only.0.address_taken.1", "in,file,line" },
};

/* The value at PATH of ROOT: members and indices, dot separated.  */
static json_t *
json_path (json_t *root, const char *path)
{
  char *copy = strdup (path), *save = NULL;
  json_t *v = root;
  for (char *p = strtok_r (copy, ".", &save); p && v;
       p = strtok_r (NULL, ".", &save))
    v = json_is_array (v) ? json_array_get (v, atoi (p))
			  : json_object_get (v, p);
  free (copy);
  return v;
}

START_TEST (test_keys_in_order)
{
  json_t *root = written (&unit);
  json_t *o = json_path (root, key_cases[_i].path);
  ck_assert_msg (json_is_object (o), "%s: no object", key_cases[_i].path);
  ck_assert_msg (strcmp (keys_of (o), key_cases[_i].keys) == 0,
		 "%s: %s", key_cases[_i].path, keys_of (o));
  json_decref (root);
}
END_TEST

/* Values by path, as text: what the walk says about the calls.  */
static const struct
{
  const char *path;
  const char *value;		/* Strings quoted, as JSON.  */
} value_cases[] = {
  { "format", "\"" RESULTS_FORMAT "\"" },
  { "compiler", "\"gcc 12.2.0\"" },
  { "lto", "\"fat\"" },
  { "limits.inline-unit-growth", "40" },
  { "entries.0.weight", "12.5" },
  { "entries.1.matched", "false" },
  { "entries.1.action", "\"always_inline\"" },
  { "calls.0.line", "10" },
  { "calls.0.inlined", "true" },
  { "calls.1.callee", "\"walk_a\"" },
  { "calls.2.line", "11" },
  { "calls.2.inlined", "false" },
  { "calls.2.reason", "\"call is unlikely\"" },
  { "calls.2.chain.0.into", "\"outer\"" },
  { "calls.2.limit.value", "15" },
  { "calls.3.reason", "\"\"" },
  { "calls.3.may_merge", "2" },
  { "calls.2.may_merge", NULL },
  { "calls.4", NULL },
  { "functions.0.forced", "true" },
  { "functions.1.forced", "false" },
  { "address_only.0.function", "\"walk_b\"" },
  { "address_only.1", NULL },
};

START_TEST (test_values)
{
  json_t *root = written (&unit);
  json_t *v = json_path (root, value_cases[_i].path);
  char *text = v ? json_dumps (v, JSON_ENCODE_ANY) : NULL;
  if (!value_cases[_i].value)
    ck_assert_msg (!v, "%s: %s", value_cases[_i].path, text);
  else
    ck_assert_msg (text && strcmp (text, value_cases[_i].value) == 0,
		   "%s: %s", value_cases[_i].path, text ? text : "(none)");
  free (text);
  json_decref (root);
}
END_TEST

/* A unit with nothing found still has every array, and empty limits.  */
START_TEST (test_empty_unit)
{
  struct results_unit empty = { .unit = "u.c", .directory = "",
				.output = "", .flags = "",
				.compiler = "clang 16.0.6" };
  json_t *root = written (&empty);
  /* Neither a fat LTO compilation nor a link: no "lto".  */
  ck_assert_str_eq (keys_of (root), "format,unit,directory,output,flags,"
		    "compiler,limits,entries,calls,functions,address_only");
  ck_assert_uint_eq (json_object_size (json_object_get (root, "limits")), 0);
  ck_assert_uint_eq (json_array_size (json_object_get (root, "calls")), 0);
  json_decref (root);
}
END_TEST

/* An audit's unit: the marked functions, their calls apart from the
   policy's, and a unit that failed with the functions that had errors.  */
static const struct results_mark marks[] = {
  { "fold", "t.c", 4, "always_inline", true },
  { "small", "t.c", 6, "inline", false },
};

static const struct results_error errors[] = {
  { "fold", "t.c", 4, 2, "call to 'bad' declared with attribute error" },
  { "other", "t.c", 9, 1, NULL },
};

START_TEST (test_audit_unit)
{
  struct results_call marked[] = {
    { "t.c", 20, 3, "main", "fold", rule_mark_entry (), "not inlinable",
      NULL, -1, -1, NULL, 0, NULL, 0, 0 },
  };
  struct results_unit u = unit;
  u.lto = NULL;
  u.n_addressed = 0;
  u.left_calls = marked;
  u.n_left_calls = 1;
  u.marks_recorded = true;
  u.marks = marks;
  u.n_marks = 2;
  u.failed = true;
  u.n_errors = 3;
  u.errors = errors;
  u.n_error_functions = 2;
  json_t *root = written (&u);
  ck_assert_str_eq (keys_of (root), "format,unit,directory,output,flags,"
		    "compiler,limits,entries,calls,functions,address_only,"
		    "marks,mark_calls,failed");
  /* The policy's calls stay in "calls", all inlined now; the mark's
     call is in "mark_calls" only.  */
  u.failed = false;
  json_t *built = written (&u);
  ck_assert_uint_eq (json_array_size (json_object_get (built, "calls")), 3);
  ck_assert_uint_eq (json_array_size (json_object_get (built, "mark_calls")),
		     1);
  ck_assert_str_eq (json_string_value (json_path (built,
						  "mark_calls.0.entry")),
		    "(mark)");
  json_decref (built);
  /* A unit that failed has no object code: no call is known.  */
  ck_assert_uint_eq (json_array_size (json_object_get (root, "calls")), 0);
  ck_assert_str_eq (keys_of (json_path (root, "marks.0")),
		    "function,file,line,mark,disregarded");
  ck_assert (json_is_true (json_path (root, "marks.0.disregarded")));
  ck_assert_str_eq (json_string_value (json_path (root, "marks.1.mark")),
		    "inline");
  ck_assert_uint_eq (json_array_size (json_object_get (root, "mark_calls")),
		     0);
  ck_assert_int_eq (json_integer_value (json_path (root, "failed.errors")),
		    3);
  ck_assert_str_eq (keys_of (json_path (root, "failed.functions.0")),
		    "function,file,line,errors,message");
  ck_assert_str_eq (keys_of (json_path (root, "failed.functions.1")),
		    "function,file,line,errors");
  json_decref (root);
}
END_TEST

Suite *
results_format_suite (void)
{
  Suite *s = runner_suite ("Results format");
  TCase *tc = runner_tcase ("Writer");
  tcase_add_loop_test (tc, test_keys_in_order, 0,
		       sizeof key_cases / sizeof *key_cases);
  tcase_add_loop_test (tc, test_values, 0,
		       sizeof value_cases / sizeof *value_cases);
  tcase_add_test (tc, test_empty_unit);
  tcase_add_test (tc, test_audit_unit);
  runner_add_tcase (s, tc);
  return s;
}
