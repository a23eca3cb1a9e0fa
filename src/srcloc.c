/* Where a pc of a program's kernel or firmware is, in messages: the image
 * that holds it and its function (file:line) there (common/srcloc.c). */
#include "common/cm_srcloc.h"
#include "rt_internal.h"

#include <stdio.h>

/* " in kernel_main (file:line)" for a pc inside one of the program's
 * images, else " (<why not>)". */
const rt_image *rt_image_at(const tf_program *p, int r, uint32_t pc)
{
    const rt_image *k = p->img[r], *fw = &p->dev->fw[r];
    if (k && pc - k->base < k->size) return k;
    if (pc - fw->base < fw->size) return fw;
    return NULL;
}

void rt_srcloc_describe(const tf_program *p, int r, uint32_t pc, char *buf, size_t n)
{
    const rt_image *img = rt_image_at(p, r, pc);
    const char *path = img ? img->path : NULL;
    char loc[1000];
    if (path && !rt_image_file_same(img))
        snprintf(buf, n,
                 " (no source line: %s was rebuilt or removed since it was loaded, and its debug "
                 "info would describe other code)",
                 path);
    else if (path && cm_srcloc_in(path, pc, rt_kbuild_api_dirs(), loc, sizeof loc) == 0)
        snprintf(buf, n, " in %s", loc);
    else if (path)
        snprintf(buf, n, " (%s)", cm_srcloc_missing());
    else
        buf[0] = 0;
}
