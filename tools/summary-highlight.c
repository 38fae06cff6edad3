/* A small tokenizer for C and C++, enough to colour a source page:
   comments, string and character literals, keywords, numbers and
   preprocessor directives.  It never needs to be right about the program,
   only to never lose or reorder a character: every byte of the line is
   written once, through the page's escaper.  */
#define _GNU_SOURCE
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "summary-highlight.h"

/* C and C++ keywords, sorted for bsearch.  */
static const char *const keywords[] = {
  "_Alignas", "_Alignof", "_Atomic", "_Bool", "_Complex", "_Generic",
  "_Noreturn", "_Static_assert", "_Thread_local", "__asm__",
  "__attribute__", "__extension__", "__inline", "__inline__",
  "__restrict", "__restrict__", "alignas", "alignof", "asm", "auto",
  "bool", "break", "case", "catch", "char", "char16_t", "char32_t",
  "char8_t", "class", "co_await", "co_return", "co_yield", "concept",
  "const", "const_cast", "consteval", "constexpr", "constinit",
  "continue", "decltype", "default", "delete", "do", "double",
  "dynamic_cast", "else", "enum", "explicit", "export", "extern", "false",
  "final", "float", "for", "friend", "goto", "if", "inline", "int", "long",
  "mutable", "namespace", "new", "noexcept", "nullptr", "operator",
  "override", "private", "protected", "public", "register",
  "reinterpret_cast", "requires", "restrict", "return", "short", "signed",
  "sizeof", "static", "static_assert", "static_cast", "struct", "switch",
  "template", "this", "thread_local", "throw", "true", "try", "typedef",
  "typeid", "typename", "typeof", "union", "unsigned", "using", "virtual",
  "void", "volatile", "wchar_t", "while",
};

static int
compare_keyword (const void *key, const void *elt)
{
  return strcmp ((const char *) key, *(const char *const *) elt);
}

static bool
is_keyword (const char *word)
{
  return bsearch (word, keywords, sizeof keywords / sizeof *keywords,
		  sizeof *keywords, compare_keyword) != NULL;
}

static bool
ident_char (char c)
{
  return isalnum ((unsigned char) c) || c == '_' || c == '$';
}

/* Write S[0..LEN), in a span of class KIND unless KIND is NULL.  */
static void
put_piece (FILE *f, const char *s, size_t len, const char *kind,
	   void (*put_text) (FILE *, const char *))
{
  if (!len)
    return;
  char *text = strndup (s, len);
  if (!text)
    abort ();
  if (kind)
    fprintf (f, "<span class=\"%s\">", kind);
  put_text (f, text);
  if (kind)
    fputs ("</span>", f);
  free (text);
}

/* The end of the literal whose opening QUOTE is before S (S is after it):
   past its closing quote, or the end of the line.  *OPEN: not closed, the
   line ends in a backslash (it goes on).  */
static const char *
literal_end (const char *s, char quote, bool *open)
{
  *open = false;
  for (; *s; s++)
    if (*s == '\\')
      {
	if (!s[1])
	  {
	    *open = true;
	    return s + 1;
	  }
	s++;
      }
    else if (*s == quote)
      return s + 1;
  return s;
}

void
highlight_line (FILE *f, const char *line, struct highlight *st,
		void (*put_text) (FILE *, const char *))
{
  const char *p = line, *plain = line;
  size_t len = strlen (line);

  /* A directive, and its continuation lines, is one colour.  */
  const char *first = line + strspn (line, " \t");
  if (!st->in_comment && !st->in_string
      && (st->in_directive || *first == '#'))
    {
      st->in_directive = len && line[len - 1] == '\\';
      put_piece (f, line, len, "pp", put_text);
      return;
    }
  st->in_directive = false;

  while (*p)
    {
      const char *start = p, *kind = NULL;
      if (st->in_comment)
	{
	  const char *end = strstr (p, "*/");
	  st->in_comment = !end;
	  p = end ? end + 2 : p + strlen (p);
	  kind = "com";
	}
      else if (st->in_string)
	{
	  p = literal_end (p, '"', &st->in_string);
	  kind = "str";
	}
      else if (p[0] == '/' && p[1] == '/')
	{
	  p += strlen (p);
	  kind = "com";
	}
      else if (p[0] == '/' && p[1] == '*')
	{
	  const char *end = strstr (p + 2, "*/");
	  st->in_comment = !end;
	  p = end ? end + 2 : p + strlen (p);
	  kind = "com";
	}
      else if (*p == '"' || *p == '\'')
	{
	  bool open;
	  p = literal_end (p + 1, *p, &open);
	  st->in_string = open && *start == '"';
	  kind = "str";
	}
      else if (isdigit ((unsigned char) *p)
	       || (*p == '.' && isdigit ((unsigned char) p[1])))
	{
	  /* Digits, suffixes, separators and exponents' signs.  */
	  for (p++; ident_char (*p) || *p == '.' || *p == '\''
		    || ((*p == '+' || *p == '-')
			&& strchr ("eEpP", p[-1])); p++)
	    ;
	  kind = "num";
	}
      else if (ident_char (*p))
	{
	  while (ident_char (*p))
	    p++;
	  char word[32];
	  size_t n = (size_t) (p - start);
	  if (n < sizeof word)
	    {
	      memcpy (word, start, n);
	      word[n] = '\0';
	      if (is_keyword (word))
		kind = "kw";
	    }
	}
      else
	p++;
      if (kind)
	{
	  put_piece (f, plain, (size_t) (start - plain), NULL, put_text);
	  put_piece (f, start, (size_t) (p - start), kind, put_text);
	  plain = p;
	}
    }
  put_piece (f, plain, (size_t) (p - plain), NULL, put_text);
}
