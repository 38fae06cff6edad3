/* The plugin's arguments (-fplugin-arg-hotinline-KEY[=VALUE]), parsed and
   checked without a compiler so that the rules are testable on their
   own.  */
#ifndef HOTINLINE_CONFIG_H
#define HOTINLINE_CONFIG_H

#include <stdbool.h>
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* How always_inline entries are forced.  */
enum config_strategy
{
  CONFIG_STRATEGY_ATTRIBUTE,	/* As a hand-written always_inline.  */
  CONFIG_STRATEGY_SURGICAL	/* Only the calls the inliner declined.  */
};

/* The marks in the source the compiler is to disregard
   (disregard=): none, always_inline, or also the inline keyword's
   hint.  */
enum config_disregard
{
  CONFIG_DISREGARD_NONE,
  CONFIG_DISREGARD_ALWAYS_INLINE,
  CONFIG_DISREGARD_INLINE
};

struct config
{
  const char **policies;	/* policy=FILE, in command-line order.  */
  size_t n_policies;
  const char **locks;		/* lock=FILE: policies whose problems are
				   warnings (a lock that does not load is
				   left out), after the policies.  */
  size_t n_locks;
  int severity;			/* severity=: enum policy_severity, or -1
				   to use each entry's own.  */
  enum config_strategy strategy;	/* strategy=attribute|surgical.  */
  bool strict;			/* strict: an unforcible function is an
				   error.  */
  bool no_werror;		/* no-werror: reports stay warnings under
				   -Werror.  */
  bool quiet;			/* quiet: print only errors.  */
  bool summary;			/* summary: a per-unit summary.  */
  const char *results_dir;	/* results=DIR: JSON results per unit.  */
  const char *cache_dir;	/* cache=DIR: compiled policies.  */
  bool no_cache;		/* no-cache: parse the policies every time.  */
  const char *list_file;	/* list=FILE: the policy listing merges
				   into.  */
  const char *list_attribute;	/* list-attribute=NAME: what is listed.  */
  bool list_by_name;		/* list-by-name: C++ qualified names.  */
  enum config_disregard disregard;	/* disregard=always_inline|inline.  */
  enum config_disregard audit;	/* audit=always_inline|inline: the marks
				   whose functions and calls the results
				   record.  */
  const char *disregard_only;	/* disregard-only=FILE: a policy naming
				   the functions whose marks are
				   disregarded; NULL: every function.  */
  bool disable;			/* disable: load and do nothing.  */
  bool print_version;		/* version: print the version.  */
  bool print_help;		/* help: print the arguments.  */
};

/* The defaults: no policy, each entry's own severity.  */
void config_init (struct config *);

/* Apply one argument.  VALUE is NULL for a bare KEY.  Returns NULL on
   success, otherwise a message (in a static buffer, valid until the next
   call) saying what is wrong and what was expected.  Strings are borrowed:
   each plugin keeps its arguments alive for the whole compilation (GCC
   its own, the LLVM plugin its copies).  */
const char *config_apply (struct config *, const char *key,
			  const char *value);

void config_free (struct config *);

/* What is wrong with the arguments taken together (disregard-only=
   without disregard=, audit= without results=), as config_apply's
   messages; NULL when nothing.  */
const char *config_check (const struct config *);

/* For a link that replays a unit's arguments (the LLVM plugin at an LTO
   link): whether KEY is about that one compilation (its listing, its
   summary, what it prints), and so left out; and whether KEY's value is
   a path, relative to the directory the unit was compiled in.  */
bool config_key_per_unit (const char *key);
bool config_key_is_path (const char *key);

/* Each argument and what it does, for "help": its lines aligned in two
   columns, continued lines indented.  Set when the plugin is loaded.  */
extern const char *const config_help_text;

#ifdef __cplusplus
}
#endif

#endif /* HOTINLINE_CONFIG_H */
