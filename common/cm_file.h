/* Whole files into memory, for the readers that parse a file at once (the
 * ELF loader, tt_foil_profile --check, the fuzz replayer); regular files
 * opened without waiting on a FIFO; where an installed runtime keeps its
 * firmware, found the same way by the runtime and by --check; and the
 * tools' check of their standard output. */
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

/* Where an installed runtime's own files are (docs/install.md): the
 * share/tt_foil folder found relative to the file that holds the runtime,
 * as src/paths.c and `tt_foil_profile --check` both find it. Tried in
 * order: object's folder + rel_lib (the runtime is libtt_foil.so in
 * <prefix>/lib), object's folder + rel_bin (a program linked with the
 * static runtime, in <prefix>/bin), exe's folder + rel_bin (when object
 * is unknown; NULL or the same as object: skipped); the first that holds
 * device/firmware/brisc.elf, resolved (realpath), into out. 0 if found, -1
 * if none is (out ""). rel_lib and rel_bin are GNUInstallDirs' relative
 * paths, TT_FOIL_REL_LIB_SHARE and TT_FOIL_REL_BIN_SHARE. */
int cm_file_share_dir(const char *object, const char *exe, const char *rel_lib, const char *rel_bin,
                      char *out, size_t n);

/* The firmware folder of a device opened without
 * tf_device_config.firmware_dir, in the runtime's order: $TT_FOIL_FIRMWARE_DIR
 * when set and not empty, else share/device/firmware when share (an
 * installed tree, cm_file_share_dir) is given, else build_dir (the build
 * tree's, compiled in). Into out; returns which: */
enum { CM_FW_FROM_ENV = 1, CM_FW_FROM_SHARE = 2, CM_FW_FROM_BUILD = 3 };
int cm_file_firmware_dir(const char *share, const char *build_dir, char *out, size_t n);

/* Clear fd's O_NONBLOCK (it was opened so as not to wait on a FIFO):
 * its reads and writes wait again. 0, or -1 with errno. */
int cm_file_set_blocking(int fd);

/* fd (opened with O_NONBLOCK, so as not to wait on a FIFO) as a stream
 * whose reads wait again; NULL with errno on failure (fd stays open). */
FILE *cm_file_fdopen_blocking(int fd);

/* What kind of file st_mode says: "regular file", "directory", "FIFO",
 * "socket", "character device", "block device", "symbolic link". */
const char *cm_file_kind(unsigned mode);

#endif
