/* Firmware and kernel images: read an ELF, check its build note (kind,
 * RISC, device ABI) and that it fits its RISC's L1 region, and stage its
 * bytes (with .bss as zeros) for writing to L1. */
#include "rt_internal.h"

#include <stdio.h>
#include <sys/stat.h>
#include <stdlib.h>
#include <string.h>

const char *rt_image_region_name(uint32_t kind, int risc, char *buf, size_t n)
{
    uint32_t base = kind == TF_BUILD_FIRMWARE ? TF_L1_FW(risc) : TF_L1_KERNEL(risc);
    uint32_t size = kind == TF_BUILD_FIRMWARE ? TF_L1_FW_SIZE : TF_L1_KERNEL_SIZE;
    snprintf(buf, n, "the %s %s region [0x%05x, 0x%05x) (%u KiB)", cm_risc_name(risc),
             kind == TF_BUILD_FIRMWARE ? "firmware" : "kernel", base, base + size, size / 1024);
    return buf;
}

void rt_image_free(rt_image *img)
{
    rt_devprof_free_zones(img);
    free(img->path);
    free(img->bytes);
    free(img->kargs);
    memset(img, 0, sizeof *img);
}

int rt_image_check_risc(const rt_image *img, const char *path, uint32_t kind, int risc)
{
    if (risc < 0 || (int)img->note.risc == risc) return 0;
    return cm_err_set("%s: %s built for %s, not %s", path,
                      kind == TF_BUILD_FIRMWARE ? "firmware" : "kernel",
                      cm_risc_name((int)img->note.risc), cm_risc_name(risc));
}

/* device, inode, size, mtime (s, ns) of path; zeros if it cannot be read */
static void file_id(const char *path, uint64_t id[5])
{
    struct stat st;
    memset(id, 0, 5 * sizeof *id);
    if (!path || stat(path, &st)) return;
    id[0] = (uint64_t)st.st_dev;
    id[1] = (uint64_t)st.st_ino;
    id[2] = (uint64_t)st.st_size;
    id[3] = (uint64_t)st.st_mtim.tv_sec;
    id[4] = (uint64_t)st.st_mtim.tv_nsec;
}

int rt_image_copy(rt_image *dst, const rt_image *src)
{
    *dst = *src;
    dst->trace_image = 0; /* a new image to the trace, as a fresh load is */
    dst->path = strdup(src->path);
    dst->bytes = malloc(src->size ? src->size : 1);
    dst->zones = src->nzones ? calloc(src->nzones, sizeof *dst->zones) : NULL;
    if (!dst->zones) dst->nzones = 0; /* (rt_image_free walks nzones of them) */
    dst->kargs = src->kargs ? strdup(src->kargs) : NULL;
    int ok = dst->path && dst->bytes && (dst->zones || !src->nzones) && (dst->kargs || !src->kargs);
    if (dst->bytes) memcpy(dst->bytes, src->bytes, src->size);
    for (uint32_t i = 0; ok && i < src->nzones; i++) {
        dst->zones[i] = src->zones[i];
        dst->zones[i].name = strdup(src->zones[i].name);
        dst->zones[i].file = strdup(src->zones[i].file);
        ok = dst->zones[i].name && dst->zones[i].file;
    }
    if (ok) return 0;
    rt_image_free(dst); /* (frees what was copied: calloc'd zones are NULL past it) */
    return cm_err_set("%s: out of host memory", src->path);
}

/* Load `path` as an image of `kind` for RISC `risc` (or any RISC if -1). */
int rt_image_load(rt_image *img, const char *path, uint32_t kind, int risc)
{
    memset(img, 0, sizeof *img);
    cm_elf *e = cm_elf_open(path);
    if (!e) return -1;
    int rc = rt_image_from_elf(img, e, kind, risc);
    cm_elf_free(e);
    if (!rc) file_id(path, img->file_id);
    return rc;
}

int rt_image_file_same(const rt_image *img)
{
    uint64_t now[5];
    file_id(img->path, now);
    return !memcmp(now, img->file_id, sizeof now) && now[0] | now[1];
}

int rt_image_from_elf(rt_image *img, const cm_elf *e, uint32_t kind, int risc)
{
    memset(img, 0, sizeof *img);
    const char *what = kind == TF_BUILD_FIRMWARE ? "firmware" : "kernel";
    const char *path = e->path;
    uint32_t nsz = 0;
    const uint8_t *n = cm_elf_section(e, ".tt_foil_build", &nsz);
    if (!n || nsz < sizeof(tf_build_note)) {
        cm_err_set("%s: not a tt-foil %s: it has no .tt_foil_build note (build it with %s)", path,
                   what,
                   kind == TF_BUILD_FIRMWARE ? "the 'firmware' target" : "tt_foil_add_kernel()");
        goto fail;
    }
    memcpy(&img->note, n, sizeof img->note);
    img->note.name[sizeof img->note.name - 1] = 0;
    if (img->note.magic != TF_BUILD_NOTE_MAGIC) {
        cm_err_set("%s: corrupt .tt_foil_build note (bad magic 0x%08x)", path, img->note.magic);
        goto fail;
    }
    if (img->note.abi_version != TF_DEVICE_ABI_VERSION) {
        cm_err_set("%s: built for device ABI %u, this runtime speaks ABI %u; rebuild it against "
                   "this tree",
                   path, img->note.abi_version, TF_DEVICE_ABI_VERSION);
        goto fail;
    }
    if (img->note.kind != kind) {
        cm_err_set("%s: is a %s image, expected a %s", path,
                   img->note.kind == TF_BUILD_FIRMWARE ? "firmware" : "kernel", what);
        goto fail;
    }
    if (img->note.risc >= TF_NUM_RISCS) {
        cm_err_set("%s: build note names RISC %u, which does not exist", path, img->note.risc);
        goto fail;
    }
    if (rt_image_check_risc(img, path, kind, risc)) goto fail;
    img->risc = (int)img->note.risc;
    char region[96];
    rt_image_region_name(kind, img->risc, region, sizeof region);
    uint32_t rbase = kind == TF_BUILD_FIRMWARE ? TF_L1_FW(img->risc) : TF_L1_KERNEL(img->risc);
    uint32_t rsize = kind == TF_BUILD_FIRMWARE ? TF_L1_FW_SIZE : TF_L1_KERNEL_SIZE;
    if (cm_elf_check_range(e, rbase, rsize, region)) {
        uint32_t lo;
        uint64_t hi;
        cm_elf_extent(e, &lo, &hi);
        if (lo >= rbase && hi > (uint64_t)rbase + rsize)
            cm_err_prefix("%s %s is %llu bytes, %u too large: ", what, img->note.name,
                          (unsigned long long)(hi - lo), (unsigned)(hi - (uint64_t)rbase - rsize));
        goto fail;
    }
    if (e->entry - rbase >= rsize) {
        cm_err_set("%s: entry point 0x%08x is outside %s", path, e->entry, region);
        goto fail;
    }
    uint32_t lo;
    uint64_t hi;
    cm_elf_extent(e, &lo, &hi);
    img->entry = e->entry;
    img->base = lo;
    img->size = (uint32_t)(hi - lo);
    img->bytes = calloc(1, img->size ? img->size : 1);
    img->path = strdup(path);
    if (!img->bytes || !img->path) {
        cm_err_set("%s: out of host memory", path);
        goto fail;
    }
    for (int i = 0; i < e->nseg; i++)
        memcpy(img->bytes + (e->seg[i].vaddr - lo), e->data + e->seg[i].offset, e->seg[i].filesz);
    if (rt_devprof_parse_zones(img, e, kind == TF_BUILD_KERNEL)) goto fail;
    uint32_t fsz = 0;
    const uint8_t *f = cm_elf_section(e, TF_CB_FORMATS_SECTION, &fsz);
    if (f && fsz != TF_MAX_CBS) {
        cm_err_set("%s: its %s section is %u bytes, not %u (a CB format each): rebuild it against "
                   "this tree",
                   path, TF_CB_FORMATS_SECTION, fsz, (unsigned)TF_MAX_CBS);
        goto fail;
    }
    img->has_cb_formats = f != NULL;
    memset(img->cb_formats, TF_DATA_FORMAT_INVALID, sizeof img->cb_formats);
    if (f) memcpy(img->cb_formats, f, TF_MAX_CBS);
    if (rt_kargs_read(img, e)) goto fail;
    return 0;
fail:
    rt_image_free(img);
    return -1;
}
