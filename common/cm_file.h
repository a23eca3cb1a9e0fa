/* Whole files into memory, for the readers that parse a file at once (the
 * ELF loader, tt_foil_profile --check, the fuzz replayer). */
#ifndef CM_FILE_H
#define CM_FILE_H

#include <stddef.h>

/* The contents of `path` with a NUL after them (not counted in *size), in
 * malloc'd memory; NULL and a message ("PATH: cannot open: ...", "PATH:
 * read error", "PATH: out of host memory") on failure. */
void *cm_file_read(const char *path, size_t *size);

#endif
