/* Whole files into memory, for the readers that parse a file at once (the
 * ELF loader, tt_foil_profile --check, the fuzz replayer); the tools'
 * check of their standard output. */
#ifndef CM_FILE_H
#define CM_FILE_H

#include <stddef.h>
#include <stdio.h>

/* The contents of `path` with a NUL after them (not counted in *size), in
 * malloc'd memory; NULL and a message ("PATH: cannot open: ...", "PATH:
 * read error", "PATH: out of host memory") on failure. */
void *cm_file_read(const char *path, size_t *size);

/* For a tool whose output is on stdout: at exit, when what it printed
 * could not all be written (a full disk, a closed pipe), "TOOL: cannot
 * write to the standard output: ..." on stderr and exit status `status`
 * instead of the one it returned, so no caller takes a cut-short output for
 * the whole of it. Call once, early in main. */
void cm_stdout_checked_at_exit(const char *tool, int status);

/* `path` opened for reading if it is a regular file (or a link to one);
 * NULL with errno and a message otherwise: "PATH: cannot open: ..." (errno
 * from open: ENOENT when there is none), or "PATH: is a FIFO, not a file"
 * (errno EINVAL) for a FIFO, a directory, a device or a socket, refused
 * without waiting (opening a FIFO no program writes would wait for one). */
FILE *cm_file_open_regular(const char *path);

/* What kind of file st_mode says: "regular file", "directory", "FIFO",
 * "socket", "character device", "block device", "symbolic link". */
const char *cm_file_kind(unsigned mode);

#endif
