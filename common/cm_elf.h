/* ELF32 RISC-V executable reader shared by the simulator, the runtime and
 * the tools: validation with clear messages, PT_LOAD segments, symbols and
 * named sections (zone metadata, build notes). */
#ifndef TF_ELF_H
#define TF_ELF_H

#include <stddef.h>
#include <stdint.h>

typedef struct cm_elf_seg {
    uint32_t vaddr, memsz, filesz, offset, flags; /* flags: PF_X|PF_W|PF_R */
} cm_elf_seg;

typedef struct cm_elf {
    char *path;    /* name used in messages */
    uint8_t *data; /* whole file */
    size_t size;
    uint32_t entry;
    int nseg; /* PT_LOAD segments with memsz > 0, in file order */
    cm_elf_seg *seg;
    int nsec; /* section headers (0 if stripped) */
    const void *sec;
    const char *shstr;
    uint32_t shstr_size;
    const void *sym; /* .symtab entries, or NULL */
    int nsym;
    const char *symstr;
    uint32_t symstr_size;
} cm_elf;

/* Read and validate an ELF32 RV32 executable; NULL + message on failure. */
cm_elf *cm_elf_open(const char *path);

/* Validate an in-memory image (copied); `name` is used in messages. */
cm_elf *cm_elf_parse(const char *name, const void *data, size_t size);

/* Release everything cm_elf_open/parse allocated (NULL is fine). */
void cm_elf_free(cm_elf *e);

/* Check that every loadable segment lies in [base, base+size) and that no
 * two overlap; `what` names the memory in the message ("RAM", ...). */
int cm_elf_check_range(const cm_elf *e, uint32_t base, uint64_t size, const char *what);

/* Lowest vaddr and highest vaddr+memsz over loadable segments. */
void cm_elf_extent(const cm_elf *e, uint32_t *lo, uint64_t *hi);

/* Value of a defined symbol; -1 (no message) if absent. */
int cm_elf_symbol(const cm_elf *e, const char *name, uint32_t *value);
/* The function symbol (STT_FUNC) whose [value, value + size) holds addr,
 * else the nearest code label at or below it (assembly): its name (in e's
 * data) and addr's offset from it; NULL when none (a stripped ELF, data). */
const char *cm_elf_function_at(const cm_elf *e, uint32_t addr, uint32_t *offset);

/* Contents of a named section; NULL (no message) if absent or NOBITS. */
const uint8_t *cm_elf_section(const cm_elf *e, const char *name, uint32_t *size);

#endif
