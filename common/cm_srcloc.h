/* A device pc as text for messages (common/srcloc.c). */
#ifndef CM_SRCLOC_H
#define CM_SRCLOC_H

#include <stddef.h>
#include <stdint.h>

/* "function (file:line)" of pc in the ELF at elf_path, with the calls it
 * was inlined in, into buf: 0, or -1 when the file or its debug info says
 * nothing about pc (or the build has no libdw: cm_srcloc_missing). */
int cm_srcloc(const char *elf_path, uint32_t pc, char *buf, size_t n);
/* The same, telling the kernel API's headers by the directories they are
 * under (api_dirs: NULL-terminated, absolute): a long chain of inlined
 * calls keeps the calls made from outside them (the kernel's own files and
 * headers); cm_srcloc keeps those made from the compile unit's own file. */
int cm_srcloc_in(const char *elf_path, uint32_t pc, const char *const *api_dirs, char *buf,
                 size_t n);
/* Why there is no source line, when cm_srcloc fails. */
const char *cm_srcloc_missing(void);

#endif
