/* hotinline-summary's parts: reading results, and the views of them (the
   text table and diff in hotinline-summary.c, the HTML site in
   summary-html.c).  */
#ifndef HOTINLINE_SUMMARY_H
#define HOTINLINE_SUMMARY_H

#include <jansson.h>
#include <stdbool.h>

struct build
{
  json_t *units;		/* The results files, as read.  */
};

/* Read PATH, a results file or a directory of them (in name order), into
   B; exits with a message on bad input.  */
void read_path (struct build *b, const char *path);

/* O's string member KEY, or "".  */
const char *str (json_t *o, const char *key);

/* O's integer member KEY, or DEFAULT_ when there is none.  */
long long num (json_t *o, const char *key, long long default_);

/* The calls merged per hot function: name -> {inlined, declined,
   reasons: {reason: count}, units: [unit...]}.  */
json_t *by_function (struct build *b);

/* Policy entries that matched nothing in any unit, as "file:line:col:
   name" strings.  */
json_t *stale_entries (struct build *b);

/* A call site's identity across builds: "file:line:col: 'callee' in
   'caller'".  */
char *call_key (json_t *call);

/* What the size and the limit of the callee of a call left in NEW say,
   against the same call in OLD (NULL if none) in the unit OLD_UNIT:
   "'f' grew from 14 to 57 instructions; the limit is 15".  NULL when the
   results carry no size.  */
char *size_story (json_t *old, json_t *old_unit, json_t *new_);

/* Every call of every unit, with its unit.  */
#define FOR_EACH_CALL(b, unit, call)					\
  for (size_t ui_ = 0; ui_ < json_array_size ((b)->units); ui_++)	\
    for (json_t *unit = json_array_get ((b)->units, ui_); unit; unit = NULL) \
      for (size_t ci_ = 0;						\
	   ci_ < json_array_size (json_object_get (unit, "calls")); ci_++) \
	for (json_t *call = json_array_get (json_object_get (unit, "calls"), \
					    ci_); call; call = NULL)

/* Write the site for B into the directory OUT; with OLD, B is compared
   with it and its changes come first.  Returns the number of call sites
   that went from inlined to left (0 without OLD); exits on errors.  */
int write_site (const char *out, struct build *b, struct build *old);

#endif /* HOTINLINE_SUMMARY_H */
