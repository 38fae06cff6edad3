/* Calls to one hot function followed by the same code (the store of the
   result to one place) in blocks going to the same place, one of them
   through a block that makes no code: LLVM's code generator merges the
   ends of the blocks after the last IR pass (tail merging), the calls with
   them, so the object code has one call where the IR has two.  {fmt}'s
   parse_replacement_field at -O2 is this case (two inlined copies of
   on_replacement_field, one call to visit_format_arg).  Each call is
   reported, with a note naming the other.  Calls followed by stores to
   different places are not merged, and have no note.
   { hi-options -O2 -g } { hi-policy clang-merge.yaml } */
struct ctx { int *out, *last; int next; };
int *big (struct ctx *c, int id);
void fail (const char *why) __attribute__ ((noreturn));
const char *parse_id (const char *p, const char *end, int *id);
const char *specs (struct ctx *c, int id, const char *p, const char *end);
void text (struct ctx *c, const char *p);

const char *field (struct ctx *c, const char *p, const char *end)
{
  if (++p == end)
    fail ("invalid format string");
  if (*p == '}')
    c->out = big (c, c->next++); /* { hi-warning "hot function 'big' not inlined into 'field'" } { hi-note "clang-merge-tail.c:31 (their blocks end with the same code and go to the same place)" } */
  else if (*p == '{')
    text (c, p);
  else
    {
      int id = 0;
      p = parse_id (p, end, &id);
      if (p != end && *p == '}')
	c->out = big (c, id); /* { hi-warning "hot function 'big' not inlined into 'field'" } { hi-note "clang-merge-tail.c:23 (their blocks end with the same code and go to the same place)" } */
      else if (p != end && *p == ':')
	{
	  p = specs (c, id, p + 1, end);
	  if (p == end || *p != '}')
	    fail ("unknown format specifier");
	}
      else
	fail ("missing '}' in format string");
    }
  return p + 1;
}

const char *field_apart (struct ctx *c, const char *p, const char *end)
{
  if (++p == end)
    fail ("invalid format string");
  if (*p == '}')
    c->out = big (c, c->next++); /* { hi-warning "hot function 'big' not inlined into 'field_apart'" } */
  else if (*p == '{')
    text (c, p);
  else
    {
      int id = 0;
      p = parse_id (p, end, &id);
      if (p != end && *p == '}')
	c->last = big (c, id); /* { hi-warning "hot function 'big' not inlined into 'field_apart'" } */
      else if (p != end && *p == ':')
	{
	  p = specs (c, id, p + 1, end);
	  if (p == end || *p != '}')
	    fail ("unknown format specifier");
	}
      else
	fail ("missing '}' in format string");
    }
  return p + 1;
}

/* The same after calls that each end their block with a test of the
   result, as in simdjson's stage2 (visit_string inlined for a key and for
   a string value, each call followed by "if (dst == nullptr)"): the two
   branches go to the same error path and to blocks of the same code,
   which the code generator merges, the calls with them.  When the code
   after the test differs, the calls stay apart.  */
#define VISIT(field, id)						\
  do									\
    {									\
      int *d = big (c, id);						\
      if (!d)								\
	goto fail;							\
      c->field = d;							\
    }									\
  while (0)

int fields (struct ctx *c, const char *p)
{
  while (*p)
    {
      if (*p == '"')
	VISIT (out, c->next++); /* { hi-warning "hot function 'big' not inlined into 'fields'" } { hi-note "clang-merge-tail.c:96 (their blocks end with the same code and go to the same place)" } */
      else
	{
	  int id;
	  p = parse_id (p, p + 8, &id);
	  VISIT (out, id); /* { hi-warning "hot function 'big' not inlined into 'fields'" } { hi-note "clang-merge-tail.c:91 (their blocks end with the same code and go to the same place)" } */
	}
      p++;
    }
  return 0;
fail:
  return -1;
}

int fields_apart (struct ctx *c, const char *p)
{
  while (*p)
    {
      if (*p == '"')
	VISIT (out, c->next++); /* { hi-warning "hot function 'big' not inlined into 'fields_apart'" } */
      else
	{
	  int id;
	  p = parse_id (p, p + 8, &id);
	  VISIT (last, id); /* { hi-warning "hot function 'big' not inlined into 'fields_apart'" } */
	}
      p++;
    }
  return 0;
fail:
  return -1;
}
/* { hi-checked-by e2e/reports.c } */
