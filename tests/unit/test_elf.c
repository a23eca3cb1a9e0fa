/* ELF loader: the valid path and every rejection, each message naming the
 * file and the problem. Mutates copies of a real RV32 executable. */
#include "tf_check.h"
#include "cm_elf.h"
#include "cm_err.h"

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

    CHECK_TRUE(cm_elf_open("/nonexistent/prog.elf") == NULL);
    CHECK_CONTAINS(tf_last_error(), "/nonexistent/prog.elf: cannot open: No such file");

    cm_elf_free(e);
    return tf_check_report("test_elf");
}
