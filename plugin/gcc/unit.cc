/* The compilation's unit as the messages, the results and the "files"
   scopes name it: its main source file, or at an LTO link the partition,
   and there the unit that compiled each function; and its output without
   its suffix, from cc1's command line.  */
#include "gcc-compat.h"
#include "opts.h"		/* cc1's command line: save_decoded_options.  */

#include "hotinline.h"

namespace hotinline {

/* The option of cc1's command line with index OPT, or NULL.  */
static const char *
option_arg (size_t opt)
{
  for (unsigned i = 0; i < save_decoded_options_count; i++)
    if (save_decoded_options[i].opt_index == opt)
      return save_decoded_options[i].arg;
  return NULL;
}

/* The compilation's output without its suffix, as the driver tells cc1
   through -dumpdir and -dumpbase (".libs/t" for -c t.c -o .libs/t.o):
   what tells libtool's two compilations of t.c apart.  malloc'd.  */
char *
output_stem (void)
{
  const char *dir = option_arg (OPT_dumpdir);
  const char *base = option_arg (OPT_dumpbase);
  const char *ext = option_arg (OPT_dumpbase_ext);
  if (!base)
    base = lbasename (main_input_filename);
  size_t len = strlen (base);
  if (ext && len > strlen (ext)
      && strcmp (base + len - strlen (ext), ext) == 0)
    len -= strlen (ext);
  return xasprintf ("%s%.*s", dir ? dir : "", (int) len, base);
}

/* The unit: its main source file; in a partition of an LTO link, whose
   input is a temporary file, the partition as the driver names its
   dumps ("prog.ltrans0"), the same at every link.  */
const char *
unit_name (void)
{
  static char *partition;
  if (!flag_ltrans)
    return main_input_filename;
  if (!partition)
    {
      partition = output_stem ();
      size_t len = strlen (partition);
      if (len > 7 && strcmp (partition + len - 7, ".ltrans") == 0)
	partition[len - 7] = '\0';
    }
  return partition;
}

/* The unit that compiled DECL, as its compilation named it: each unit
   streams its TRANSLATION_UNIT_DECL, named by its main_input_filename
   (the C front end's, and the C++ one's as the context of its global
   namespace), at the end of DECL's contexts.  */
const char *
unit_of (tree decl)
{
  if (!in_lto_p || !decl)
    return NULL;
  const_tree unit = get_ultimate_context (decl);
  return unit && DECL_NAME (unit) ? IDENTIFIER_POINTER (DECL_NAME (unit))
				  : NULL;
}

} // namespace hotinline
