/* Policy weights: the percentage the policy writes and the integer the
   policy keeps (policy.h).  Apart from the loader, so that the tools that
   read results need nothing else of the core.  */
#include "policy.h"

#include <stdio.h>
#include <string.h>

/* Weights are kept as integers, so that every reader and writer, whatever
   its floating-point printing, gives the same order and the same text.  */
const char *
policy_weight_text (long weight, char *buf)
{
  if (weight < 0 || weight > POLICY_WEIGHT_MAX)
    weight = 0;
  int n = snprintf (buf, POLICY_WEIGHT_TEXT_SIZE, "%ld.%04ld",
		    weight / 10000, weight % 10000);
  while (buf[n - 1] == '0')
    buf[--n] = '\0';
  if (buf[n - 1] == '.')
    buf[n - 1] = '\0';
  return buf;
}

long
policy_weight_parse (const char *text)
{
  size_t whole = strspn (text, "0123456789");
  if (whole == 0 || whole > 3)
    return -1;
  long w = 0;
  for (size_t i = 0; i < whole; i++)
    w = w * 10 + (text[i] - '0');
  w *= 10000;
  const char *frac = text + whole;
  if (*frac == '.')
    {
      size_t digits = strspn (frac + 1, "0123456789");
      if (digits == 0 || digits > 4 || frac[1 + digits] != '\0')
	return -1;
      long scale = 1000;
      for (size_t i = 0; i < digits; i++, scale /= 10)
	w += (frac[1 + i] - '0') * scale;
    }
  else if (*frac != '\0')
    return -1;
  return w <= POLICY_WEIGHT_MAX ? w : -1;
}
