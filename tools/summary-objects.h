/* An object file's code as the audit compares two builds of it, read
   with libelf: its text bytes, and each function's code, so that the
   functions one build changed are known without a disassembler.  Any
   ELF class, byte order and machine.  */
#ifndef HOTINLINE_SUMMARY_OBJECTS_H
#define HOTINLINE_SUMMARY_OBJECTS_H

#include <jansson.h>
#include <stdbool.h>

struct object_code
{
  long long text;		/* Bytes of its executable sections.  */
  /* Function name -> its code: the bytes, and each relocation in them
     by offset, type and target (a symbol, or the function a section
     offset falls in), so that code moved around it does not make it
     differ.  */
  json_t *functions;
};

/* Read the object PATH into *O.  False and *ERROR (malloc'd, "PATH:
   why") when it cannot be read or is not an ELF object.  */
bool object_read (const char *path, struct object_code *o, char **error);

void object_free (struct object_code *o);

/* The functions whose code differs between A and B, or that only one of
   them has, sorted by name.  */
json_t *object_changed_functions (const struct object_code *a,
				  const struct object_code *b);

#endif /* HOTINLINE_SUMMARY_OBJECTS_H */
