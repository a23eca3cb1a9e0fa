/* ELF32 reader (System V ABI "Object Files" chapter; RISC-V psABI for
 * EM_RISCV = 243). Every rejection names the file and the problem. */
#include "cm_elf.h"
#include "cm_err.h"
#include "cm_file.h"

#include <elf.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifndef EM_RISCV
#define EM_RISCV 243
#endif

static const char *cm_elf_machine_name(unsigned m)
{
    switch (m) {
    case EM_386: return "x86";
    case EM_X86_64: return "x86-64";
    case EM_ARM: return "ARM";
    case EM_AARCH64: return "AArch64";
    case EM_MIPS: return "MIPS";
    case EM_PPC: return "PowerPC";
    default: return "unknown";
    }
}

void cm_elf_free(cm_elf *e)
{
    if (!e) return;
    free(e->path);
    free(e->data);
    free(e->seg);
    free((void *)e->sec);
    free((void *)e->sym);
    free(e);
}

/* Is [off, off+len) inside the file? */
static int cm_elf_in_file(const cm_elf *e, uint64_t off, uint64_t len)
{
    return off <= e->size && len <= e->size - off;
}

/* Fixed-size tables (headers, symbols) are copied out of the file, so no
 * struct is ever read at a file-given (possibly misaligned) offset. */
static void *cm_elf_copy_table(const cm_elf *e, uint64_t off, size_t n, size_t entsize)
{
    void *t = malloc(n ? n * entsize : 1);
    if (t) memcpy(t, e->data + off, n * entsize);
    return t;
}

/* A string table that section `i` names: in the file, SHT_STRTAB. */
static int cm_elf_strtab(cm_elf *e, const Elf32_Shdr *sh, unsigned i, const char **tab,
                         uint32_t *size, const char *what)
{
    if (i >= (unsigned)e->nsec || sh[i].sh_type != SHT_STRTAB)
        return cm_err_set("%s: the %s string table (section %u) is %s", e->path, what, i,
                          i >= (unsigned)e->nsec ? "beyond the section header table"
                                                 : "not a string table (SHT_STRTAB)");
    *tab = (const char *)(e->data + sh[i].sh_offset);
    *size = sh[i].sh_size;
    return 0;
}

static int cm_elf_read_sections(cm_elf *e, const Elf32_Ehdr *eh)
{
    if (eh->e_shoff == 0 || eh->e_shnum == 0) return 0; /* stripped: fine */
    if (eh->e_shentsize != sizeof(Elf32_Shdr))
        return cm_err_set("%s: section header entry size is %u, expected %zu", e->path,
                          eh->e_shentsize, sizeof(Elf32_Shdr));
    if (!cm_elf_in_file(e, eh->e_shoff, (uint64_t)eh->e_shnum * sizeof(Elf32_Shdr)))
        return cm_err_set("%s: truncated: section header table at offset %u needs %zu bytes, "
                          "the file has %zu",
                          e->path, eh->e_shoff, (size_t)eh->e_shnum * sizeof(Elf32_Shdr), e->size);
    Elf32_Shdr *sh = cm_elf_copy_table(e, eh->e_shoff, eh->e_shnum, sizeof *sh);
    if (!sh) return cm_err_set("%s: out of host memory", e->path);
    e->sec = sh;
    e->nsec = eh->e_shnum;
    for (int i = 0; i < e->nsec; i++) {
        if (sh[i].sh_type != SHT_NOBITS && sh[i].sh_type != SHT_NULL &&
            !cm_elf_in_file(e, sh[i].sh_offset, sh[i].sh_size))
            return cm_err_set("%s: truncated: section %d (offset %u, %u bytes) runs past the end "
                              "of the file (%zu bytes)",
                              e->path, i, sh[i].sh_offset, sh[i].sh_size, e->size);
    }
    if (eh->e_shstrndx != SHN_UNDEF &&
        cm_elf_strtab(e, sh, eh->e_shstrndx, &e->shstr, &e->shstr_size, "section-name"))
        return -1;
    for (int i = 0; i < e->nsec; i++) {
        if (sh[i].sh_type != SHT_SYMTAB) continue;
        if (sh[i].sh_entsize != sizeof(Elf32_Sym))
            return cm_err_set("%s: malformed symbol table (section %d): entry size %u, expected "
                              "%zu",
                              e->path, i, sh[i].sh_entsize, sizeof(Elf32_Sym));
        if (cm_elf_strtab(e, sh, sh[i].sh_link, &e->symstr, &e->symstr_size, "symbol")) return -1;
        e->nsym = (int)(sh[i].sh_size / sizeof(Elf32_Sym));
        e->sym = cm_elf_copy_table(e, sh[i].sh_offset, (size_t)e->nsym, sizeof(Elf32_Sym));
        if (!e->sym) return cm_err_set("%s: out of host memory", e->path);
        break;
    }
    return 0;
}

static cm_elf *cm_elf_validate(cm_elf *e)
{
    Elf32_Phdr *ph = NULL;
    if (e->size < EI_NIDENT || memcmp(e->data, ELFMAG, SELFMAG) != 0) {
        cm_err_set("%s: not an ELF file (no \\x7fELF magic at offset 0)", e->path);
        goto fail;
    }
    if (e->data[EI_CLASS] != ELFCLASS32) {
        cm_err_set("%s: ELF class is %s; expected ELFCLASS32 (an RV32 program)", e->path,
                   e->data[EI_CLASS] == ELFCLASS64 ? "ELFCLASS64 (64-bit)" : "invalid");
        goto fail;
    }
    if (e->data[EI_DATA] != ELFDATA2LSB) {
        cm_err_set("%s: ELF data encoding is not little-endian (RISC-V is little-endian)", e->path);
        goto fail;
    }
    if (e->size < sizeof(Elf32_Ehdr)) {
        cm_err_set("%s: truncated: %zu bytes, an ELF32 header needs %zu", e->path, e->size,
                   sizeof(Elf32_Ehdr));
        goto fail;
    }
    Elf32_Ehdr ehdr;
    memcpy(&ehdr, e->data, sizeof ehdr);
    const Elf32_Ehdr *eh = &ehdr;
    if (eh->e_machine != EM_RISCV) {
        cm_err_set("%s: ELF machine is %u (%s); expected EM_RISCV (243)", e->path, eh->e_machine,
                   cm_elf_machine_name(eh->e_machine));
        goto fail;
    }
    /* what the harts cannot run, said before its first instruction would
     * be an "illegal instruction" at the entry (RISC-V ELF psABI e_flags:
     * bit 0 compressed code; bits 1-2 the float ABI: soft, single, double,
     * quad) */
    if (eh->e_flags & 0x1u) {
        cm_err_set("%s: built with compressed instructions (the C extension: ELF flag "
                   "EF_RISCV_RVC); the harts are RV32IMF: compile with -march=rv32imf "
                   "(clang's riscv32 default is rv32imac)",
                   e->path);
        goto fail;
    }
    if ((eh->e_flags & 0x6u) >= 0x4u) {
        cm_err_set("%s: built for the %s-float ABI (%s); the harts have single-precision floats "
                   "(F, no D): compile with -march=rv32imf -mabi=ilp32f (or ilp32)",
                   e->path, (eh->e_flags & 0x6u) == 0x4u ? "double" : "quad",
                   (eh->e_flags & 0x6u) == 0x4u ? "ilp32d" : "ilp32q");
        goto fail;
    }
    if (eh->e_type != ET_EXEC) {
        cm_err_set("%s: ELF type is %s; expected a linked executable (ET_EXEC)", e->path,
                   eh->e_type == ET_REL   ? "ET_REL (an object file: link it first)"
                   : eh->e_type == ET_DYN ? "ET_DYN (position-independent; link with -static "
                                            "-no-pie)"
                                          : "not ET_EXEC");
        goto fail;
    }
    if (eh->e_phentsize != sizeof(Elf32_Phdr) && eh->e_phnum) {
        cm_err_set("%s: program header entry size is %u, expected %zu", e->path, eh->e_phentsize,
                   sizeof(Elf32_Phdr));
        goto fail;
    }
    if (!cm_elf_in_file(e, eh->e_phoff, (uint64_t)eh->e_phnum * sizeof(Elf32_Phdr))) {
        cm_err_set("%s: truncated: program header table at offset %u needs %zu bytes, the file "
                   "has %zu",
                   e->path, eh->e_phoff, (size_t)eh->e_phnum * sizeof(Elf32_Phdr), e->size);
        goto fail;
    }
    e->entry = eh->e_entry;
    ph = cm_elf_copy_table(e, eh->e_phoff, eh->e_phnum, sizeof *ph);
    e->seg = calloc(eh->e_phnum ? eh->e_phnum : 1, sizeof *e->seg);
    if (!e->seg || !ph) { /* (ph is freed at fail) */
        cm_err_set("%s: out of host memory", e->path);
        goto fail;
    }
    for (int i = 0; i < eh->e_phnum; i++) {
        if (ph[i].p_type != PT_LOAD || ph[i].p_memsz == 0) continue;
        if (ph[i].p_filesz > ph[i].p_memsz) {
            cm_err_set("%s: segment %d has file size %u larger than its memory size %u", e->path, i,
                       ph[i].p_filesz, ph[i].p_memsz);
            goto fail;
        }
        if (!cm_elf_in_file(e, ph[i].p_offset, ph[i].p_filesz)) {
            cm_err_set("%s: truncated: segment %d needs file bytes [%u, %llu), the file has %zu",
                       e->path, i, ph[i].p_offset,
                       (unsigned long long)ph[i].p_offset + ph[i].p_filesz, e->size);
            goto fail;
        }
        if ((uint64_t)ph[i].p_vaddr + ph[i].p_memsz > 0x100000000ull) {
            cm_err_set("%s: segment %d [0x%08x, +0x%x) wraps past the 32-bit address space",
                       e->path, i, ph[i].p_vaddr, ph[i].p_memsz);
            goto fail;
        }
        cm_elf_seg *s = &e->seg[e->nseg++];
        s->vaddr = ph[i].p_vaddr;
        s->memsz = ph[i].p_memsz;
        s->filesz = ph[i].p_filesz;
        s->offset = ph[i].p_offset;
        s->flags = ph[i].p_flags;
    }
    free(ph);
    ph = NULL;
    if (e->nseg == 0) {
        cm_err_set("%s: no loadable (PT_LOAD) segment", e->path);
        goto fail;
    }
    if (cm_elf_read_sections(e, eh)) goto fail;
    return e;
fail:
    free(ph);
    cm_elf_free(e);
    return NULL;
}

cm_elf *cm_elf_parse(const char *name, const void *data, size_t size)
{
    cm_elf *e = calloc(1, sizeof *e);
    if (!e) return cm_err_null("%s: out of host memory", name);
    e->path = strdup(name);
    e->data = malloc(size ? size : 1);
    if (!e->path || !e->data) {
        cm_elf_free(e);
        return cm_err_null("%s: out of host memory", name);
    }
    memcpy(e->data, data, size);
    e->size = size;
    return cm_elf_validate(e);
}

cm_elf *cm_elf_open(const char *path)
{
    size_t n = 0;
    uint8_t *data = cm_file_read(path, &n);
    if (!data) return NULL;
    cm_elf *e = calloc(1, sizeof *e);
    if (e) e->path = strdup(path);
    if (!e || !e->path) {
        free(data);
        if (e) free(e);
        return cm_err_null("%s: out of host memory", path);
    }
    e->data = data;
    e->size = n;
    return cm_elf_validate(e);
}

int cm_elf_check_range(const cm_elf *e, uint32_t base, uint64_t size, const char *what)
{
    for (int i = 0; i < e->nseg; i++) {
        const cm_elf_seg *s = &e->seg[i];
        if (s->vaddr < base || (uint64_t)s->vaddr + s->memsz > (uint64_t)base + size)
            return cm_err_set("%s: segment %d [0x%08x, 0x%08llx) lies outside %s [0x%08x, "
                              "0x%08llx)",
                              e->path, i, s->vaddr, (unsigned long long)s->vaddr + s->memsz, what,
                              base, (unsigned long long)base + size);
        for (int j = 0; j < i; j++) {
            const cm_elf_seg *t = &e->seg[j];
            if (s->vaddr < (uint64_t)t->vaddr + t->memsz &&
                t->vaddr < (uint64_t)s->vaddr + s->memsz)
                return cm_err_set("%s: segments %d [0x%08x, 0x%08llx) and %d [0x%08x, 0x%08llx) "
                                  "overlap",
                                  e->path, j, t->vaddr, (unsigned long long)t->vaddr + t->memsz, i,
                                  s->vaddr, (unsigned long long)s->vaddr + s->memsz);
        }
    }
    return 0;
}

void cm_elf_extent(const cm_elf *e, uint32_t *lo, uint64_t *hi)
{
    uint32_t l = UINT32_MAX;
    uint64_t h = 0;
    for (int i = 0; i < e->nseg; i++) {
        if (e->seg[i].vaddr < l) l = e->seg[i].vaddr;
        if ((uint64_t)e->seg[i].vaddr + e->seg[i].memsz > h)
            h = (uint64_t)e->seg[i].vaddr + e->seg[i].memsz;
    }
    *lo = l;
    *hi = h;
}

static const char *cm_elf_str(const char *tab, uint32_t size, uint32_t off)
{
    if (!tab || off >= size) return NULL;
    if (!memchr(tab + off, 0, size - off)) return NULL;
    return tab + off;
}

int cm_elf_symbol(const cm_elf *e, const char *name, uint32_t *value)
{
    const Elf32_Sym *sym = e->sym;
    for (int i = 0; i < e->nsym; i++) {
        if (sym[i].st_shndx == SHN_UNDEF) continue;
        const char *n = cm_elf_str(e->symstr, e->symstr_size, sym[i].st_name);
        if (n && strcmp(n, name) == 0) {
            *value = sym[i].st_value;
            return 0;
        }
    }
    return -1;
}

const char *cm_elf_function_at(const cm_elf *e, uint32_t addr, uint32_t *offset)
{
    const Elf32_Sym *sym = e->sym;
    const Elf32_Shdr *sh = e->sec;
    const Elf32_Sym *label = NULL; /* the nearest code label at or below addr */
    for (int i = 0; i < e->nsym; i++) {
        const Elf32_Sym *y = &sym[i];
        int type = ELF32_ST_TYPE(y->st_info);
        if (y->st_shndx == SHN_UNDEF || y->st_shndx >= (unsigned)e->nsec) continue;
        const char *n = cm_elf_str(e->symstr, e->symstr_size, y->st_name);
        /* $x: mapping symbols; .L: the assembler's own labels */
        if (!n || !n[0] || n[0] == '$' || !strncmp(n, ".L", 2) || addr < y->st_value) continue;
        if (type == STT_FUNC && addr - y->st_value < y->st_size) {
            *offset = addr - y->st_value;
            return n;
        }
        /* an assembly label (no type, no size) in a code section: what a
         * hand-written program names its routines with */
        if ((type == STT_NOTYPE || (type == STT_FUNC && !y->st_size)) &&
            (sh[y->st_shndx].sh_flags & SHF_EXECINSTR) &&
            addr - sh[y->st_shndx].sh_addr < sh[y->st_shndx].sh_size &&
            (!label || y->st_value > label->st_value))
            label = y;
    }
    if (!label) return NULL;
    *offset = addr - label->st_value;
    return cm_elf_str(e->symstr, e->symstr_size, label->st_name);
}

const uint8_t *cm_elf_section(const cm_elf *e, const char *name, uint32_t *size)
{
    const Elf32_Shdr *sh = e->sec;
    for (int i = 0; i < e->nsec; i++) {
        const char *n = cm_elf_str(e->shstr, e->shstr_size, sh[i].sh_name);
        if (!n || strcmp(n, name) != 0) continue;
        if (sh[i].sh_type == SHT_NOBITS || sh[i].sh_type == SHT_NULL) return NULL;
        *size = sh[i].sh_size;
        return e->data + sh[i].sh_offset;
    }
    return NULL;
}
