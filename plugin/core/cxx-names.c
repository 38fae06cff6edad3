/* C++ names in one spelling; see cxx-names.h.  */
#include "cxx-names.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

static bool
word_char (char c)
{
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z')
	 || (c >= '0' && c <= '9') || c == '_';
}

static bool
space_char (char c)
{
  return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

/* The words a built-in arithmetic type is spelt with.  */
enum arith_word { W_UNSIGNED, W_SIGNED, W_SHORT, W_LONG, W_INT, W_CHAR,
		  W_DOUBLE, N_ARITH_WORDS };
static const char *const arith_words[] = { "unsigned", "signed", "short",
					    "long", "int", "char", "double" };

static int
arith_word (const char *s, size_t n)
{
  for (int i = 0; i < N_ARITH_WORDS; i++)
    if (strlen (arith_words[i]) == n && memcmp (s, arith_words[i], n) == 0)
      return i;
  return -1;
}

/* The canonical spelling of the type made of the words counted in N, or
   NULL when they make no type (the words are then copied as written).  */
static const char *
arith_type (const unsigned n[N_ARITH_WORDS])
{
  if (n[W_UNSIGNED] + n[W_SIGNED] > 1 || n[W_SHORT] > 1 || n[W_LONG] > 2
      || n[W_INT] > 1 || n[W_CHAR] > 1 || n[W_DOUBLE] > 1)
    return NULL;
  bool sign = n[W_UNSIGNED] || n[W_SIGNED];
  if (n[W_DOUBLE])
    {
      if (sign || n[W_SHORT] || n[W_INT] || n[W_CHAR] || n[W_LONG] > 1)
	return NULL;
      return n[W_LONG] ? "long double" : "double";
    }
  if (n[W_CHAR])
    {
      if (n[W_SHORT] || n[W_LONG] || n[W_INT])
	return NULL;
      return n[W_UNSIGNED] ? "unsigned char"
	     : n[W_SIGNED] ? "signed char" : "char";
    }
  if (n[W_SHORT] && n[W_LONG])
    return NULL;
  static const char *const unsigned_types[] = { "unsigned int",
						"unsigned long",
						"unsigned long long",
						"unsigned short" };
  static const char *const signed_types[] = { "int", "long", "long long",
					      "short" };
  int k = n[W_SHORT] ? 3 : (int) n[W_LONG];
  return n[W_UNSIGNED] ? unsigned_types[k] : signed_types[k];
}

/* Append S[0..N) to *OUT.  */
static void
put (char **out, const char *s, size_t n)
{
  memcpy (*out, s, n);
  *out += n;
}

/* Where the type or argument that starts at S ends: the ',' ')' or '>'
   that closes it at its own depth, or the end of the name.  */
static const char *
component_end (const char *s)
{
  int depth = 0;
  for (; *s; s++)
    {
      if (*s == '(' || *s == '<' || *s == '[')
	depth++;
      else if (*s == ')' || *s == '>' || *s == ']')
	{
	  if (depth-- == 0)
	    return s;
	}
      else if (*s == ',' && depth == 0)
	return s;
    }
  return s;
}

/* Whether [S, E) ends with the word WORD after a space, a '>' or
   nothing; then *E is moved to where the word starts.  */
static bool
cut_word (const char *s, const char **e, const char *word)
{
  size_t n = strlen (word);
  const char *at = *e - n;
  if (at < s || memcmp (at, word, n) != 0
      || (at > s && at[-1] != ' ' && at[-1] != '>'))
    return false;
  *e = at;
  return true;
}

/* If the type in [S, END) has "const" or "volatile" after its first
   words ("unsigned char const*", "V<int> const&"), put it before them
   ("const unsigned char*"), in BUF, which has room for one more byte per
   qualifier: demanglers write a qualifier after the type it qualifies,
   GCC before.  Only the qualifier of the type itself: "char* const"
   keeps its const.  */
static bool
qualifier_to_front (char *s, const char *end)
{
  /* The type's words end at its first '*', '&', '(' or '[' outside
     template arguments.  */
  const char *words_end = s;
  int depth = 0;
  for (; words_end < end; words_end++)
    {
      char c = *words_end;
      if (c == '<')
	depth++;
      else if (c == '>')
	depth--;
      else if (depth == 0 && strchr ("*&([", c))
	break;
    }
  bool is_const = false, is_volatile = false, moved = false;
  const char *e = words_end;
  for (;;)
    {
      while (e > s && e[-1] == ' ')
	e--;
      if (cut_word (s, &e, "const"))
	is_const = moved = true;
      else if (cut_word (s, &e, "volatile"))
	is_volatile = moved = true;
      else
	break;
    }
  while (e > s && e[-1] == ' ')
    e--;
  if (!moved || e == s)
    return false;
  /* Qualifiers already in front join them.  */
  const char *t = s;
  for (;;)
    {
      if (strncmp (t, "const ", 6) == 0)
	is_const = true, t += 6;
      else if (strncmp (t, "volatile ", 9) == 0)
	is_volatile = true, t += 9;
      else
	break;
    }
  size_t type_len = e - t, tail_len = strlen (words_end);
  char *type = malloc (type_len + tail_len + 1);
  if (!type)
    abort ();
  memcpy (type, t, type_len);
  memcpy (type + type_len, words_end, tail_len + 1);
  char *o = s;
  if (is_const)
    {
      memcpy (o, "const ", 6);
      o += 6;
    }
  if (is_volatile)
    {
      memcpy (o, "volatile ", 9);
      o += 9;
    }
  memcpy (o, type, type_len + tail_len + 1);
  free (type);
  return true;
}

/* Every parameter type and template argument of BUF with its qualifier
   in front.  */
static void
qualifiers_to_front (char *buf)
{
  for (char *s = buf; *s; s++)
    {
      char *start;
      if (*s == '(' || *s == '<')
	start = s + 1;
      else if (*s == ',' && s[1] == ' ')
	start = s + 2;
      else
	continue;
      qualifier_to_front (start, component_end (start));
    }
}

/* "'lambda'(int)" and "'lambda2'(int)" (demanglers) as GCC writes them,
   "<lambda(int)>", in place: the same length.  */
static void
lambdas_as_gcc (char *buf)
{
  for (char *s = strstr (buf, "'lambda"); s; s = strstr (s + 1, "'lambda"))
    {
      char *q = s + 7;
      while (*q >= '0' && *q <= '9')
	q++;
      if (q[0] != '\'' || q[1] != '(')
	continue;
      const char *close = component_end (q + 2);
      while (*close == ',')
	close = component_end (close + 1);
      if (*close != ')')
	continue;
      /* "'lambdaN'(P)" becomes "<lambda(P)>" and the number's room is
	 closed up.  */
      size_t params = close + 1 - (q + 1);
      memcpy (s, "<lambda", 7);
      memmove (s + 7, q + 1, params);
      s[7 + params] = '>';
      memmove (s + 8 + params, close + 1, strlen (close + 1) + 1);
    }
}

/* Whether NAME is its own spelling: words and glob wildcards only, none
   of them a word the spelling rewrites.  Most names are (every C
   function's), and a policy has thousands.  */
static bool
spelt_already (const char *name)
{
  for (const char *s = name; *s;)
    if (word_char (*s))
      {
	const char *e = s;
	while (word_char (*e))
	  e++;
	if (arith_word (s, e - s) >= 0
	    || (e - s == 5 && memcmp (s, "const", 5) == 0)
	    || (e - s == 8 && memcmp (s, "volatile", 8) == 0))
	  return false;
	s = e;
      }
    else if (*s == '*' || *s == '?')
      s++;
    else
      return false;
  return true;
}

char *
cxx_name_normalize (const char *name)
{
  if (spelt_already (name))
    {
      char *copy = strdup (name);
      if (!copy)
	abort ();
      return copy;
    }
  static const char anon_demangled[] = "(anonymous namespace)";
  static const char anon_gcc[] = "{anonymous}";
  size_t len = strlen (name);
  /* What grows: "unsigned", which gains " int" (4 bytes for 8 of input),
     a comma or word that gains a space (at most twice the input), and a
     qualifier put in front of its type (a byte for six).  */
  char *buf = malloc (3 * len + 16);
  if (!buf)
    abort ();
  char *o = buf;
  bool pending_space = false;
  for (const char *s = name; *s;)
    {
      if (space_char (*s))
	{
	  pending_space = true;
	  s++;
	  continue;
	}
      if (strncmp (s, anon_demangled, sizeof anon_demangled - 1) == 0)
	{
	  put (&o, anon_gcc, sizeof anon_gcc - 1);
	  s += sizeof anon_demangled - 1;
	  pending_space = false;
	  continue;
	}
      /* A space between words, after a comma and between a parameter
	 list and its qualifier, as GCC prints them.  */
      if (o > buf && word_char (*s)
	  && ((pending_space && word_char (o[-1])) || o[-1] == ')'))
	*o++ = ' ';
      pending_space = false;
      if (*s == ',')
	{
	  put (&o, ", ", 2);
	  s++;
	  continue;
	}
      if (!word_char (*s))
	{
	  *o++ = *s++;
	  continue;
	}
      /* A run of words separated by white space only, as long as each is
	 a word of a built-in arithmetic type.  */
      const char *start = s, *end = s;
      unsigned counts[N_ARITH_WORDS] = { 0 };
      for (const char *w = s;;)
	{
	  const char *e = w;
	  while (word_char (*e))
	    e++;
	  int k = (w > name && word_char (w[-1])) ? -1 : arith_word (w, e - w);
	  if (k < 0)
	    break;
	  counts[k]++;
	  end = e;
	  while (space_char (*e))
	    e++;
	  if (!word_char (*e))
	    break;
	  w = e;
	}
      const char *type = end > start ? arith_type (counts) : NULL;
      if (type)
	{
	  put (&o, type, strlen (type));
	  s = end;
	  continue;
	}
      /* Not a type: copy the first word as it is.  */
      while (word_char (*s))
	*o++ = *s++;
    }
  *o = '\0';
  qualifiers_to_front (buf);
  lambdas_as_gcc (buf);
  return buf;
}

/* Whether NAME[0..END) ends with the word WORD.  */
static bool
ends_with_word (const char *name, size_t end, const char *word)
{
  size_t n = strlen (word);
  return end >= n && memcmp (name + end - n, word, n) == 0
	 && (end == n || !word_char (name[end - n - 1]));
}

/* Where the trailing parameter list of NAME[0..LEN) starts, or LEN.  */
static size_t
parameters_start (const char *name, size_t len)
{
  size_t end = len;
  /* Qualifiers after the list: " const", " volatile", "&", "&&".  */
  for (;;)
    {
      while (end > 0 && space_char (name[end - 1]))
	end--;
      if (end > 0 && name[end - 1] == '&')
	end--;
      else if (ends_with_word (name, end, "const"))
	end -= 5;
      else if (ends_with_word (name, end, "volatile"))
	end -= 8;
      else
	break;
    }
  if (end == 0 || name[end - 1] != ')')
    return len;
  int depth = 0;
  size_t open = end;
  while (open-- > 0)
    {
      if (name[open] == ')')
	depth++;
      else if (name[open] == '(' && --depth == 0)
	break;
    }
  if (depth != 0 || open == 0)
    return len;
  /* "operator()" itself is no parameter list.  */
  size_t before = open;
  while (before > 0 && space_char (name[before - 1]))
    before--;
  if (end - open == 2 && ends_with_word (name, before, "operator"))
    return len;
  return open;
}

size_t
cxx_name_literal_start (const char *name, size_t len)
{
  size_t params = parameters_start (name, len);
  /* The last word "operator" before the parameters.  */
  for (size_t i = params; i >= 8; i--)
    if (ends_with_word (name, i, "operator")
	&& (i == params || !word_char (name[i])))
      return i - 8;
  return params;
}

int
cxx_name_has_parameters (const char *name, size_t len)
{
  return parameters_start (name, len) < len;
}

char *
cxx_name_escape_globs (const char *name)
{
  size_t len = strlen (name);
  size_t lit = cxx_name_literal_start (name, len);
  char *out = malloc (2 * len + 1);
  if (!out)
    return NULL;
  char *o = out;
  for (size_t i = 0; i < len; i++)
    {
      if (i < lit && strchr ("*?[\\", name[i]))
	*o++ = '\\';
      *o++ = name[i];
    }
  *o = '\0';
  return out;
}
