/* Object code for the audit (summary-objects.h), read with libelf.  */
#define _GNU_SOURCE
#include <fcntl.h>
#include <gelf.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "summary-objects.h"

/* One symbol of a section: where a function or object starts, for
   naming the target of a relocation the assembler made against the
   section (a call to a static function, x86's "call foo" becomes
   ".text + offset").  */
struct symbol
{
  size_t section;
  GElf_Addr value;
  GElf_Xword size;
  const char *name;
  bool function;
};

struct reader
{
  Elf *elf;
  size_t strtab;		/* Of the symbol table.  */
  size_t shstrtab;
  Elf_Data *symbols;
  size_t n_symbols;
  struct symbol *named;		/* Sized symbols, for section targets.  */
  size_t n_named;
};

static const char *
section_name (struct reader *r, size_t index)
{
  Elf_Scn *scn = elf_getscn (r->elf, index);
  GElf_Shdr sh;
  if (!scn || !gelf_getshdr (scn, &sh))
    return "?";
  const char *name = elf_strptr (r->elf, r->shstrtab, sh.sh_name);
  return name ? name : "?";
}

/* The symbol of SECTION holding ADDRESS (a function or object that
   starts there first), or NULL.  */
static const struct symbol *
symbol_at (struct reader *r, size_t section, GElf_Addr address)
{
  const struct symbol *holding = NULL;
  for (size_t i = 0; i < r->n_named; i++)
    {
      const struct symbol *s = &r->named[i];
      if (s->section != section)
	continue;
      if (s->value == address)
	return s;
      if (!holding && address > s->value && address < s->value + s->size)
	holding = s;
    }
  return holding;
}

/* The target of relocation symbol SYM with addend ADDEND, as text: a
   named symbol by name and addend; a section by the symbol it points
   into (PC-relative relocations point 4 bytes before their target on
   x86, so the address after is tried too), else by its name alone:
   where a string or a table lands moves with the code around it.  */
static void
target_text (struct reader *r, size_t sym, GElf_Sxword addend, char *buf,
	     size_t size)
{
  GElf_Sym s;
  if (!gelf_getsym (r->symbols, (int) sym, &s))
    {
      snprintf (buf, size, "?");
      return;
    }
  if (GELF_ST_TYPE (s.st_info) != STT_SECTION)
    {
      const char *name = elf_strptr (r->elf, r->strtab, s.st_name);
      snprintf (buf, size, "%s%+lld", name ? name : "?",
		(long long) addend);
      return;
    }
  const struct symbol *t = symbol_at (r, s.st_shndx, s.st_value + addend);
  if (!t || (t->value != (GElf_Addr) (s.st_value + addend)))
    {
      const struct symbol *after = symbol_at (r, s.st_shndx,
					      s.st_value + addend + 4);
      if (after && after->value == (GElf_Addr) (s.st_value + addend + 4))
	t = after;
    }
  if (t && t->function)
    snprintf (buf, size, "%s", t->name);
  else
    snprintf (buf, size, "%s", section_name (r, s.st_shndx));
}

/* Append LEN bytes of P to *CODE (*LEN long, *CAP allocated).  */
static void
append (char **code, size_t *len, size_t *cap, const void *p, size_t n)
{
  if (*len + n > *cap)
    {
      *cap = (*len + n) * 2 + 64;
      *code = realloc (*code, *cap);
      if (!*code)
	abort ();
    }
  memcpy (*code + *len, p, n);
  *len += n;
}

/* The relocations of SECTION that fall in [START, END), appended as
   text.  */
static void
append_relocations (struct reader *r, size_t section, GElf_Addr start,
		    GElf_Addr end, char **code, size_t *len, size_t *cap)
{
  Elf_Scn *scn = NULL;
  while ((scn = elf_nextscn (r->elf, scn)))
    {
      GElf_Shdr sh;
      if (!gelf_getshdr (scn, &sh) || sh.sh_info != section
	  || (sh.sh_type != SHT_RELA && sh.sh_type != SHT_REL))
	continue;
      Elf_Data *data = elf_getdata (scn, NULL);
      size_t n = sh.sh_entsize ? sh.sh_size / sh.sh_entsize : 0;
      for (size_t i = 0; data && i < n; i++)
	{
	  GElf_Rela rela;
	  if (sh.sh_type == SHT_RELA)
	    {
	      if (!gelf_getrela (data, (int) i, &rela))
		continue;
	    }
	  else
	    {
	      GElf_Rel rel;
	      if (!gelf_getrel (data, (int) i, &rel))
		continue;
	      rela.r_offset = rel.r_offset;
	      rela.r_info = rel.r_info;
	      rela.r_addend = 0;
	    }
	  if (rela.r_offset < start || rela.r_offset >= end)
	    continue;
	  char target[512], item[600];
	  target_text (r, GELF_R_SYM (rela.r_info), rela.r_addend, target,
		       sizeof target);
	  int k = snprintf (item, sizeof item, "\n%llu %u %s",
			    (unsigned long long) (rela.r_offset - start),
			    (unsigned) GELF_R_TYPE (rela.r_info), target);
	  append (code, len, cap, item, (size_t) k);
	}
    }
}

static bool
executable (struct reader *r, size_t section)
{
  GElf_Shdr sh;
  Elf_Scn *scn = elf_getscn (r->elf, section);
  return scn && gelf_getshdr (scn, &sh) && (sh.sh_flags & SHF_EXECINSTR)
	 && (sh.sh_flags & SHF_ALLOC);
}

/* Each sized function symbol's code into O.  */
static void
read_functions (struct reader *r, struct object_code *o)
{
  for (size_t i = 0; i < r->n_symbols; i++)
    {
      GElf_Sym s;
      if (!gelf_getsym (r->symbols, (int) i, &s)
	  || GELF_ST_TYPE (s.st_info) != STT_FUNC || s.st_shndx == SHN_UNDEF
	  || s.st_shndx >= SHN_LORESERVE)
	continue;
      const char *name = elf_strptr (r->elf, r->strtab, s.st_name);
      Elf_Scn *scn = elf_getscn (r->elf, s.st_shndx);
      Elf_Data *data = scn ? elf_getdata (scn, NULL) : NULL;
      if (!name || !data)
	continue;
      char *code = NULL;
      size_t len = 0, cap = 0;
      if (data->d_buf && s.st_value + s.st_size <= data->d_size)
	append (&code, &len, &cap, (char *) data->d_buf + s.st_value,
		s.st_size);
      else
	{
	  char size[32];
	  int k = snprintf (size, sizeof size, "%llu bytes",
			    (unsigned long long) s.st_size);
	  append (&code, &len, &cap, size, (size_t) k);
	}
      append_relocations (r, s.st_shndx, s.st_value, s.st_value + s.st_size,
			  &code, &len, &cap);
      json_object_set_new (o->functions, name,
			   json_stringn_nocheck (code ? code : "", len));
      free (code);
    }
}

bool
object_read (const char *path, struct object_code *o, char **error)
{
  memset (o, 0, sizeof *o);
  elf_version (EV_CURRENT);
  int fd = open (path, O_RDONLY);
  if (fd < 0)
    {
      if (asprintf (error, "cannot read %s: %m", path) < 0)
	abort ();
      return false;
    }
  struct reader r = { .elf = elf_begin (fd, ELF_C_READ, NULL) };
  if (!r.elf || elf_kind (r.elf) != ELF_K_ELF
      || elf_getshdrstrndx (r.elf, &r.shstrtab) != 0)
    {
      if (asprintf (error, "%s: not an ELF object", path) < 0)
	abort ();
      if (r.elf)
	elf_end (r.elf);
      close (fd);
      return false;
    }
  o->functions = json_object ();
  Elf_Scn *scn = NULL;
  while ((scn = elf_nextscn (r.elf, scn)))
    {
      GElf_Shdr sh;
      if (!gelf_getshdr (scn, &sh))
	continue;
      if (sh.sh_type == SHT_SYMTAB)
	{
	  r.symbols = elf_getdata (scn, NULL);
	  r.strtab = sh.sh_link;
	  r.n_symbols = sh.sh_entsize ? sh.sh_size / sh.sh_entsize : 0;
	}
      if ((sh.sh_flags & SHF_EXECINSTR) && (sh.sh_flags & SHF_ALLOC))
	o->text += (long long) sh.sh_size;
    }
  if (r.symbols)
    {
      r.named = calloc (r.n_symbols + 1, sizeof *r.named);
      for (size_t i = 0; i < r.n_symbols; i++)
	{
	  GElf_Sym s;
	  if (!gelf_getsym (r.symbols, (int) i, &s) || !s.st_name
	      || s.st_shndx == SHN_UNDEF || s.st_shndx >= SHN_LORESERVE
	      || (GELF_ST_TYPE (s.st_info) != STT_FUNC
		  && GELF_ST_TYPE (s.st_info) != STT_OBJECT))
	    continue;
	  r.named[r.n_named++] = (struct symbol) {
	    s.st_shndx, s.st_value, s.st_size,
	    elf_strptr (r.elf, r.strtab, s.st_name),
	    GELF_ST_TYPE (s.st_info) == STT_FUNC
	    && executable (&r, s.st_shndx) };
	}
      read_functions (&r, o);
      free (r.named);
    }
  elf_end (r.elf);
  close (fd);
  return true;
}

void
object_free (struct object_code *o)
{
  json_decref (o->functions);
  o->functions = NULL;
}

static int
by_name (const void *a, const void *b)
{
  return strcmp (json_string_value (*(json_t *const *) a),
		 json_string_value (*(json_t *const *) b));
}

json_t *
object_changed_functions (const struct object_code *a,
			  const struct object_code *b)
{
  json_t *changed = json_array ();
  const char *name;
  json_t *code;
  json_object_foreach (a->functions, name, code)
    if (!json_equal (code, json_object_get (b->functions, name)))
      json_array_append_new (changed, json_string (name));
  json_object_foreach (b->functions, name, code)
    if (!json_object_get (a->functions, name))
      json_array_append_new (changed, json_string (name));
  size_t n = json_array_size (changed);
  json_t **items = malloc ((n + 1) * sizeof *items);
  for (size_t i = 0; i < n; i++)
    items[i] = json_incref (json_array_get (changed, i));
  qsort (items, n, sizeof *items, by_name);
  json_array_clear (changed);
  for (size_t i = 0; i < n; i++)
    json_array_append_new (changed, items[i]);
  free (items);
  return changed;
}
