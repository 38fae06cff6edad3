// C++ functions named as C++ writes them: constructors, destructors,
// conversion operators, operators, one overload by its parameters or its
// mangled name, the anonymous namespace, a lambda, a member of a class
// template and a function called from an inline variable's initialiser.
// e2e/cxx.c builds it at -O2 -fno-inline (GCC then inlines nothing by
// itself) with one policy entry at a time, and compares the reports and
// the calls left with objdump's.
#include <cstddef>
#include <cstdint>

namespace ns
{
struct S
{
  int v;
  S (int x);
  S (const char *s);
  virtual ~S ();
  explicit operator bool () const;
  int operator[] (int i) const;
  int operator() (int a, int b);
  int operator* () const;
  bool operator< (const S &o) const;
  int parse (const std::uint8_t *p, std::size_t n, bool b);
  int parse (const char *p, std::size_t n);
};

S::S (int x) : v (x) {}
S::S (const char *s) : v (s[0]) {}
S::~S () { v = 0; }
S::operator bool () const { return v != 0; }
int S::operator[] (int i) const { return v + i; }
int S::operator() (int a, int b) { return a * v + b; }
int S::operator* () const { return v * 2; }
bool S::operator< (const S &o) const { return v < o.v; }
int S::parse (const std::uint8_t *p, std::size_t n, bool b)
{
  return p[n] + b + v;
}
int S::parse (const char *p, std::size_t n) { return p[n] - v; }

namespace
{
int helper (int x) { return x * 3 + 1; }
}

template <class T> struct Box
{
  T item;
  T get () const;
  T get (int scale) const;
};
template <class T> T Box<T>::get () const { return item; }
template <class T> T Box<T>::get (int scale) const { return item * scale; }

int compute (int x) { return x * x + 7; }
}

/* Calls ns::compute before main.  */
inline int table_size = ns::compute (4);

int use_objects (const char *text, const std::uint8_t *bytes)
{
  ns::S a (3);
  ns::S b (text);
  ns::S *heap = new ns::S (5);
  int r = a[2] + a (1, 2) + *b + (a < b) + (bool (a) ? 1 : 0);
  r += a.parse (bytes, 4, true) + b.parse (text, 2);
  delete heap;
  return r;
}

int use_templates (ns::Box<int> &i, ns::Box<long> &l)
{
  return i.get () + i.get (3) + (int) l.get () + ns::helper (table_size);
}

int use_lambda (int x)
{
  auto twice = [x] (int y) { return ns::helper (x + y) * 2; };
  return twice (1) + twice (x);
}
/* { hi-checked-by e2e/cxx.c } */
