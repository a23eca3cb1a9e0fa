/* Growable arrays: room for `need` elements of `elem` bytes in *p, whose
 * capacity is *cap, doubling (from 16) so that appending one at a time is
 * amortized constant. -1 (nothing changed) when the size does not fit or
 * memory is out. */
#ifndef TF_GROW_H
#define TF_GROW_H

#include <stdint.h>
#include <stdlib.h>

static inline int cm_grow(void **p, size_t *cap, size_t need, size_t elem)
{
    if (need <= *cap) return 0;
    size_t nc = *cap ? *cap : 16;
    while (nc < need) {
        if (nc > SIZE_MAX / 2) return -1;
        nc *= 2;
    }
    if (elem && nc > SIZE_MAX / elem) return -1;
    void *np = realloc(*p, nc * elem);
    if (!np) return -1;
    *p = np;
    *cap = nc;
    return 0;
}

/* Down to n elements (when fewer than *cap): what doubling left over once
 * an array is complete. Kept as it is if realloc fails. */
static inline void cm_fit(void **p, size_t *cap, size_t n, size_t elem)
{
    if (!n || n >= *cap) return;
    void *np = realloc(*p, n * elem);
    if (!np) return;
    *p = np;
    *cap = n;
}

#endif
