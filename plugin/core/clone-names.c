/* Clone suffixes: see clone-names.h for the rule and why it holds.  */
#include "clone-names.h"

#include <stdbool.h>
#include <string.h>

static bool
is_identifier_char (char c)
{
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z')
	 || (c >= '0' && c <= '9') || c == '_';
}

/* Whether NAME[AT..LEN) starts with WORD as a whole word.  */
static bool
word_at (const char *name, size_t at, size_t len, const char *word)
{
  size_t n = strlen (word);
  return at + n <= len && memcmp (name + at, word, n) == 0
	 && (at == 0 || !is_identifier_char (name[at - 1]))
	 && (at + n == len || !is_identifier_char (name[at + n]));
}

size_t
clone_base_length (const char *name, size_t len)
{
  static const char clone_note[] = " [clone .";
  /* Both kinds of suffix have a dot; most names (every C identifier)
     have none, and are looked up for every declaration of a unit.  */
  if (!memchr (name, '.', len))
    return len;
  int depth = 0;
  for (size_t i = 0; i < len; i++)
    {
      char c = name[i];
      if (word_at (name, i, len, "operator"))
	{
	  /* The angle brackets of "operator<<" or "operator->" are the
	     operator's name; "()" and "[]" balance by themselves.  */
	  i += strlen ("operator");
	  while (i < len && strchr ("<>=-", name[i]) && name[i])
	    i++;
	  i--;
	}
      else if (c == '(' || c == '<' || c == '[' || c == '{')
	depth++;
      else if (c == ')' || c == '>' || c == ']' || c == '}')
	depth -= depth > 0;
      else if (depth == 0 && c == '.' && i > 0)
	return i;
      else if (depth == 0 && c == ' '
	       && len - i >= sizeof clone_note - 1
	       && memcmp (name + i, clone_note, sizeof clone_note - 1) == 0)
	return i;
    }
  return len;
}

size_t
policy_base_name_length (const char *name)
{
  return clone_base_length (name, strlen (name));
}
