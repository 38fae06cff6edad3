/* {fmt} formatting integers, floating-point numbers, strings and
   pointers-free mixes, with widths, fills, precisions and every
   presentation type, one line per value.  "bench N": N rounds of the
   same formatting into one buffer, its size printed.  */
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <iterator>
#include "fmt/format.h"

static void
format_all (fmt::memory_buffer &out, unsigned state, int n)
{
  for (int i = 0; i < n; i++)
    {
      state = state * 1103515245u + 12345u;
      unsigned r = state >> 4;
      long long v = (long long) r * (i % 5 == 0 ? -977 : 31) >> (i % 23);
      double d = (double) (int) r / ((i % 13) + 1) * (i % 2 ? 1e-7 : 1e9);
      fmt::format_to (std::back_inserter (out),
		      "{} {:x} {:#o} {:b} {:>12} {:<+9} {:^10} {:08X}|",
		      v, r, r >> 7, r & 0xffff, v, i, (short) r, r);
      fmt::format_to (std::back_inserter (out),
		      "{} {:.3f} {:e} {:g} {:.12g} {:a} {:10.4}|",
		      d, d, d, (float) d, d / 3, d, d * 7);
      fmt::format_to (std::back_inserter (out), "{:*^9} {:>6.3} {} {} {:c}\n",
		      "hot", "inline", i % 3 == 0, 'x', (char) ('a' + r % 26));
    }
}

int
main (int argc, char **argv)
{
  fmt::memory_buffer out;
  if (argc == 3 && std::strcmp (argv[1], "bench") == 0)
    {
      size_t total = 0;
      for (long n = std::atol (argv[2]); n > 0; n--)
	{
	  out.clear ();
	  format_all (out, 12345, 200);
	  total += out.size ();
	}
      std::printf ("%zu\n", total);
      return 0;
    }
  format_all (out, 12345, 3000);
  std::fwrite (out.data (), 1, out.size (), stdout);
  /* The corner values, and fmt::format's own std::string.  */
  std::string s = fmt::format ("{} {} {} {} {} {}\n", 0.0, -0.0, 1e308 * 10,
			       5e-324, 18446744073709551615ull,
			       -9223372036854775807ll - 1);
  std::fputs (s.c_str (), stdout);
  fmt::print ("{:>{}} {:.{}f}\n", "width", 12, 3.14159265358979, 9);
  try
    {
      std::string bad = fmt::format (fmt::runtime ("{:d}"), "text");
    }
  catch (const fmt::format_error &e)
    {
      std::printf ("error: %s\n", e.what ());
    }
  return 0;
}
