/* ELF loader: the valid path and every rejection, each message naming the
 * file and the problem. Mutates copies of a real RV32 executable. */
#include "tf_check.h"
#include "common/cm_elf.h"
#include "common/cm_err.h"

#include <elf.h>
#include <stdlib.h>

static uint8_t *orig;
static size_t orig_size;

static uint8_t *copy(void)
{
    uint8_t *c = malloc(orig_size);
    memcpy(c, orig, orig_size);
    return c;
}

/* Parse a (mutated) image and expect failure with `want` in the message. */
static void expect_reject(const uint8_t *img, size_t size, const char *want)
{
    cm_elf *e = cm_elf_parse("bad.elf", img, size);
    CHECK_TRUE(e == NULL);
    if (e) {
        fprintf(stderr, "  (expected rejection: %s)\n", want);
        cm_elf_free(e);
        return;
    }
    CHECK_CONTAINS(tf_last_error(), "bad.elf");
    CHECK_CONTAINS(tf_last_error(), want);
}

int main(void)
{
    const char *path = getenv("TF_TEST_ELF");
    if (!path) {
        fprintf(stderr, "test_elf: set TF_TEST_ELF to an RV32 executable\n");
        return 1;
    }
    cm_elf *e = cm_elf_open(path);
    CHECK_TRUE(e != NULL);
    if (!e) {
        fprintf(stderr, "%s\n", tf_last_error());
        return 1;
    }
    orig = e->data;
    orig_size = e->size;
    CHECK_TRUE(e->nseg >= 2);
    CHECK_EQ_U(e->entry, 0x10000);
    uint32_t v;
    CHECK_TRUE(cm_elf_symbol(e, "tohost", &v) == 0);
    CHECK_TRUE(cm_elf_symbol(e, "no_such_symbol", &v) != 0);
    uint32_t sz;
    CHECK_TRUE(cm_elf_section(e, ".text", &sz) != NULL && sz > 0);
    CHECK_TRUE(cm_elf_check_range(e, 0x10000, 64u << 20, "RAM") == 0);

    Elf32_Ehdr *eh;
    uint8_t *c;

    c = copy();
    c[1] = 'X';
    expect_reject(c, orig_size, "not an ELF file");
    free(c);

    c = copy();
    c[EI_CLASS] = ELFCLASS64;
    expect_reject(c, orig_size, "ELFCLASS64");
    free(c);

    c = copy();
    c[EI_DATA] = ELFDATA2MSB;
    expect_reject(c, orig_size, "little-endian");
    free(c);

    c = copy();
    eh = (Elf32_Ehdr *)c;
    eh->e_machine = EM_X86_64;
    expect_reject(c, orig_size, "machine is 62 (x86-64); expected EM_RISCV (243)");
    free(c);

    c = copy();
    eh = (Elf32_Ehdr *)c;
    eh->e_type = ET_REL;
    expect_reject(c, orig_size, "ET_REL");
    free(c);

    /* what the harts cannot run, by the ELF's flags: compressed code, a
     * double- or quad-float ABI (single and soft float load) */
    c = copy();
    eh = (Elf32_Ehdr *)c;
    eh->e_flags |= 0x1u;
    expect_reject(c, orig_size,
                  "built with compressed instructions (the C extension: ELF flag "
                  "EF_RISCV_RVC); the harts are RV32IMF: compile with -march=rv32imf");
    eh->e_flags = (eh->e_flags & ~0x7u) | 0x4u;
    expect_reject(c, orig_size,
                  "built for the double-float ABI (ilp32d); the harts have "
                  "single-precision floats");
    eh->e_flags = (eh->e_flags & ~0x7u) | 0x6u;
    expect_reject(c, orig_size, "quad-float ABI (ilp32q)");
    for (uint32_t abi = 0; abi <= 2; abi += 2) {
        eh->e_flags = (eh->e_flags & ~0x7u) | abi;
        cm_elf *ok = cm_elf_parse("flags.elf", c, orig_size);
        CHECK_TRUE(ok != NULL);
        cm_elf_free(ok);
    }
    free(c);

    expect_reject(orig, 30, "truncated");
    eh = (Elf32_Ehdr *)orig;
    expect_reject(orig, eh->e_phoff + 8, "truncated: program header table");
    expect_reject(orig, e->seg[0].offset + e->seg[0].filesz / 2, "truncated: segment");

    c = copy();
    eh = (Elf32_Ehdr *)c;
    Elf32_Phdr *ph = (Elf32_Phdr *)(c + eh->e_phoff);
    int first = -1, second = -1;
    for (int i = 0; i < eh->e_phnum; i++)
        if (ph[i].p_type == PT_LOAD && ph[i].p_memsz) {
            if (first < 0)
                first = i;
            else if (second < 0)
                second = i;
        }
    ph[first].p_filesz = ph[first].p_memsz + 1;
    expect_reject(c, orig_size, "larger than its memory size");
    free(c);

    c = copy();
    eh = (Elf32_Ehdr *)c;
    ph = (Elf32_Phdr *)(c + eh->e_phoff);
    ph[second].p_vaddr = ph[first].p_vaddr + 4;
    cm_elf *o = cm_elf_parse("overlap.elf", c, orig_size);
    CHECK_TRUE(o != NULL);
    if (o) {
        CHECK_TRUE(cm_elf_check_range(o, 0x10000, 64u << 20, "RAM") != 0);
        CHECK_CONTAINS(tf_last_error(), "overlap.elf: segments");
        CHECK_CONTAINS(tf_last_error(), "overlap");
        cm_elf_free(o);
    }
    free(c);

    CHECK_TRUE(cm_elf_check_range(e, 0x10000, 0x800, "the BRISC kernel region") != 0);
    CHECK_CONTAINS(tf_last_error(), path);
    CHECK_CONTAINS(tf_last_error(),
                   "lies outside the BRISC kernel region [0x00010000, 0x00010800)");

    c = copy();
    eh = (Elf32_Ehdr *)c;
    ph = (Elf32_Phdr *)(c + eh->e_phoff);
    for (int i = 0; i < eh->e_phnum; i++) ph[i].p_type = PT_NOTE;
    expect_reject(c, orig_size, "no loadable (PT_LOAD) segment");
    free(c);

    /* Hostile section headers (issue "Hostile and damaged input", E1-E3):
     * string tables that are not SHT_STRTAB (a SHT_NULL or SHT_NOBITS
     * section with a wild offset) are refused, not read out of the file. */
    c = copy();
    eh = (Elf32_Ehdr *)c;
    Elf32_Shdr *sh = (Elf32_Shdr *)(c + eh->e_shoff);
    int last = eh->e_shnum - 1;
    sh[last].sh_type = SHT_NULL; /* no range check applies to SHT_NULL */
    sh[last].sh_offset = 0xfffffff0u;
    sh[last].sh_size = 0x10000;
    eh->e_shstrndx = (Elf32_Half)last;
    expect_reject(c, orig_size, "the section-name string table");
    expect_reject(c, orig_size, "is not a string table (SHT_STRTAB)");
    free(c);

    c = copy();
    eh = (Elf32_Ehdr *)c;
    sh = (Elf32_Shdr *)(c + eh->e_shoff);
    int nobits = -1, symtab = -1;
    for (int i = 0; i < eh->e_shnum; i++) {
        if (sh[i].sh_type == SHT_NOBITS && nobits < 0) nobits = i;
        if (sh[i].sh_type == SHT_SYMTAB) symtab = i;
    }
    CHECK_TRUE(nobits > 0 && symtab > 0);
    sh[nobits].sh_offset = 0x7ffffff0u;
    sh[symtab].sh_link = (uint32_t)nobits;
    expect_reject(c, orig_size, "the symbol string table");
    free(c);

    c = copy();
    eh = (Elf32_Ehdr *)c;
    sh = (Elf32_Shdr *)(c + eh->e_shoff);
    sh[symtab].sh_link = 0xffff;
    expect_reject(c, orig_size, "beyond the section header table");
    free(c);

    /* E2: a SHT_NULL section carrying a wanted name has no contents. */
    c = copy();
    eh = (Elf32_Ehdr *)c;
    sh = (Elf32_Shdr *)(c + eh->e_shoff);
    int text = -1;
    {
        const char *names = (const char *)c + sh[eh->e_shstrndx].sh_offset;
        for (int i = 0; i < eh->e_shnum; i++)
            if (!strcmp(names + sh[i].sh_name, ".text")) text = i;
    }
    CHECK_TRUE(text > 0);
    sh[text].sh_type = SHT_NULL;
    sh[text].sh_offset = 0xfffff000u;
    o = cm_elf_parse("null_text.elf", c, orig_size);
    CHECK_TRUE(o != NULL);
    if (o) {
        CHECK_TRUE(cm_elf_section(o, ".text", &sz) == NULL);
        cm_elf_free(o);
    }
    free(c);

    /* E3: tables at misaligned offsets are read safely (UBSan checks it):
     * the whole file shifted by one byte, offsets adjusted. */
    {
        uint8_t *m = malloc(orig_size + 1);
        memcpy(m, orig, sizeof(Elf32_Ehdr));
        memcpy(m + sizeof(Elf32_Ehdr) + 1, orig + sizeof(Elf32_Ehdr),
               orig_size - sizeof(Elf32_Ehdr));
        m[sizeof(Elf32_Ehdr)] = 0;
        Elf32_Ehdr mh;
        memcpy(&mh, m, sizeof mh);
        mh.e_phoff += 1;
        mh.e_shoff += 1;
        memcpy(m, &mh, sizeof mh);
        for (int i = 0; i < mh.e_phnum; i++) {
            Elf32_Phdr p;
            memcpy(&p, m + mh.e_phoff + i * sizeof p, sizeof p);
            if (p.p_offset >= sizeof(Elf32_Ehdr)) p.p_offset += 1;
            memcpy(m + mh.e_phoff + i * sizeof p, &p, sizeof p);
        }
        for (int i = 0; i < mh.e_shnum; i++) {
            Elf32_Shdr q;
            memcpy(&q, m + mh.e_shoff + i * sizeof q, sizeof q);
            if (q.sh_type != SHT_NULL && q.sh_offset >= sizeof(Elf32_Ehdr)) q.sh_offset += 1;
            memcpy(m + mh.e_shoff + i * sizeof q, &q, sizeof q);
        }
        o = cm_elf_parse("shifted.elf", m, orig_size + 1);
        CHECK_TRUE(o != NULL);
        if (o) {
            uint32_t v2;
            CHECK_TRUE(cm_elf_symbol(o, "tohost", &v2) == 0 && v2 == v);
            cm_elf_free(o);
        } else {
            fprintf(stderr, "  %s\n", tf_last_error());
        }
        free(m);
    }

    CHECK_TRUE(cm_elf_open("/nonexistent/prog.elf") == NULL);
    CHECK_CONTAINS(tf_last_error(), "/nonexistent/prog.elf: cannot open: No such file");

    cm_elf_free(e);
    return tf_check_report("test_elf");
}
