/* The ELF loader under hostile input: parse, look up symbols and the
 * sections the runtime reads, then load the bytes as a kernel and as a
 * firmware image (build note, region checks, zone metadata). Every input
 * must end in success or a message, never a crash or an out-of-file read. */
#include "fuzz.h"
#include "src/rt_internal.h"

#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    cm_elf *e = cm_elf_parse("fuzz.elf", data, size);
    if (!e) {
        CM_ASSERT(tf_last_error()[0]);
        return 0;
    }
    uint32_t v, n;
    (void)cm_elf_symbol(e, "tohost", &v);
    (void)cm_elf_symbol(e, "_start", &v);
    static const char *const secs[] = {".text",   ".tt_foil_build", ".tt_foil_zones",
                                       ".symtab", ".data",          ""};
    for (size_t i = 0; i < sizeof secs / sizeof *secs; i++) {
        const uint8_t *p = cm_elf_section(e, secs[i], &n);
        if (p) CM_ASSERT(p >= e->data && (size_t)(p - e->data) + n <= e->size);
    }
    uint32_t lo;
    uint64_t hi;
    cm_elf_extent(e, &lo, &hi);
    (void)cm_elf_check_range(e, 0x10000, 1u << 20, "RAM");
    rt_image img;
    if (rt_image_from_elf(&img, e, TF_BUILD_KERNEL, -1) == 0) rt_image_free(&img);
    if (rt_image_from_elf(&img, e, TF_BUILD_FIRMWARE, -1) == 0) rt_image_free(&img);
    cm_elf_free(e);
    return 0;
}
