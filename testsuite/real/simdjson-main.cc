/* simdjson's parsers on a JSON document made here (numbers of every kind,
   strings with escapes, nested arrays and objects): what the DOM parser
   and the On-Demand parser read, summed and counted, one line per part.
   "bench N": the document parsed N times by On-Demand.  */
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include "simdjson.h"

/* The document: records with an id, a name with escapes, a double, a
   boolean or null, and an array of small integers.  */
static std::string
make_document (int records)
{
  std::string s = "{\"records\":[";
  unsigned state = 12345;
  char buf[256];
  for (int i = 0; i < records; i++)
    {
      state = state * 1103515245u + 12345u;
      unsigned r = state >> 8;
      std::snprintf (buf, sizeof buf,
		     "%s{\"id\":%d,\"name\":\"item \\\"%u\\\"\\n\\u00e9\","
		     "\"score\":%d.%03u e%d,\"flag\":%s,\"tags\":[",
		     i ? "," : "", i, r % 1000, (int) (r % 2001) - 1000, r % 1000,
		     (int) (r % 7) - 3, r % 3 == 0 ? "true" : r % 3 == 1 ? "false" : "null");
      s += buf;
      /* "1.5 e2" is no number: join the exponent.  */
      size_t sp = s.rfind (" e");
      s.erase (sp, 1);
      for (unsigned k = 0; k < r % 9; k++)
	{
	  std::snprintf (buf, sizeof buf, "%s%u", k ? "," : "", (r >> k) % 100000);
	  s += buf;
	}
      s += "]}";
    }
  s += "],\"count\":";
  s += std::to_string (records);
  s += "}";
  return s;
}

static double
on_demand (simdjson::ondemand::parser &parser, const simdjson::padded_string &json,
	   unsigned long long *ints, unsigned long *chars, int *flags)
{
  double total = 0;
  simdjson::ondemand::document doc = parser.iterate (json);
  for (simdjson::ondemand::object rec : doc["records"])
    {
      *ints += uint64_t (rec["id"]);
      std::string_view name = rec["name"];
      *chars += name.size () + (unsigned char) name[name.size () - 1];
      total += double (rec["score"]);
      simdjson::ondemand::value flag = rec["flag"];
      bool is_null = flag.is_null ();
      *flags += is_null ? 0 : bool (flag) ? 1 : 2;
      for (uint64_t t : rec["tags"])
	*ints += t;
    }
  *ints += uint64_t (doc["count"]);
  return total;
}

int
main (int argc, char **argv)
{
  std::string text = make_document (4000);
  simdjson::padded_string json (text);
  simdjson::ondemand::parser od;
  if (argc == 3 && std::strcmp (argv[1], "bench") == 0)
    {
      unsigned long long ints = 0;
      unsigned long chars = 0;
      int flags = 0;
      double t = 0;
      for (long n = std::atol (argv[2]); n > 0; n--)
	t += on_demand (od, json, &ints, &chars, &flags);
      std::printf ("%.6g %llu %lu %d\n", t, ints, chars, flags);
      return 0;
    }
  std::printf ("%zu bytes, %s\n", text.size (),
	       simdjson::get_active_implementation ()->name ().data ());
  unsigned long long ints = 0;
  unsigned long chars = 0;
  int flags = 0;
  double t = on_demand (od, json, &ints, &chars, &flags);
  std::printf ("on-demand %.17g %llu %lu %d\n", t, ints, chars, flags);

  /* DOM: the same, and the document written back.  */
  simdjson::dom::parser dp;
  simdjson::dom::element root = dp.parse (json);
  double dt = 0;
  unsigned long long dints = 0;
  size_t strings = 0;
  for (simdjson::dom::object rec : root["records"])
    for (auto field : rec)
      {
	simdjson::dom::element v = field.value;
	if (v.is_double ())
	  dt += double (v);
	else if (v.is_uint64 ())
	  dints += uint64_t (v);
	else if (v.is_string ())
	  strings += std::string_view (v).size ();
	else if (v.is_array ())
	  for (simdjson::dom::element x : simdjson::dom::array (v))
	    dints += uint64_t (x);
      }
  std::printf ("dom %.17g %llu %zu\n", dt, dints, strings);
  std::string back = simdjson::minify (root);
  unsigned long h = 5381;
  for (char c : back)
    h = h * 33 + (unsigned char) c;
  std::printf ("minified %zu %lx\n", back.size (), h);

  /* Broken documents: the error each gives.  */
  const char *bad[] = { "{\"a\":", "[1,2,,3]", "\"\\x\"", "tru", "[1e999]", "{\"a\" 1}" };
  for (const char *b : bad)
    {
      simdjson::dom::element e;
      auto err = dp.parse (b, std::strlen (b)).get (e);
      std::printf ("%s: %s\n", b, simdjson::error_message (err));
    }
  return 0;
}
