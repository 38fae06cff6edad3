/* Edit-distance suggestions.  Candidate lists are short and fixed (policy
   keys, plugin arguments), so a plain O(n*m) distance is enough.  */
#include "suggest.h"

#include <string.h>

enum { SUGGEST_MAX_LEN = 64 };

/* Levenshtein distance with adjacent transposition counted as one edit,
   the most common typo ("actoin").  */
static size_t
edit_distance (const char *a, size_t la, const char *b, size_t lb)
{
  size_t prev2[SUGGEST_MAX_LEN + 1], prev[SUGGEST_MAX_LEN + 1];
  size_t cur[SUGGEST_MAX_LEN + 1];

  for (size_t j = 0; j <= lb; j++)
    prev[j] = j;
  for (size_t i = 1; i <= la; i++)
    {
      cur[0] = i;
      for (size_t j = 1; j <= lb; j++)
	{
	  size_t cost = a[i - 1] != b[j - 1];
	  size_t best = prev[j - 1] + cost;
	  if (prev[j] + 1 < best)
	    best = prev[j] + 1;
	  if (cur[j - 1] + 1 < best)
	    best = cur[j - 1] + 1;
	  if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1]
	      && prev2[j - 2] + 1 < best)
	    best = prev2[j - 2] + 1;
	  cur[j] = best;
	}
      memcpy (prev2, prev, sizeof prev);
      memcpy (prev, cur, sizeof cur);
    }
  return prev[lb];
}

const char *
suggest_closest (const char *word, const char *const *candidates)
{
  size_t lw = strlen (word);
  const char *best = NULL;
  size_t best_distance = (size_t) -1;

  if (lw == 0 || lw > SUGGEST_MAX_LEN)
    return NULL;
  for (; *candidates; candidates++)
    {
      size_t lc = strlen (*candidates);
      if (lc > SUGGEST_MAX_LEN)
	continue;
      size_t d = edit_distance (word, lw, *candidates, lc);
      /* Accept roughly one typo per three characters, at least one.  */
      size_t limit = (lc > lw ? lc : lw) / 3;
      if (limit < 1)
	limit = 1;
      if (d <= limit && d < best_distance)
	{
	  best = *candidates;
	  best_distance = d;
	}
    }
  return best;
}
