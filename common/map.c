/* Open-addressing map (cm_map.h). */
#include "cm_map.h"

#include <stdlib.h>

/* Fibonacci hashing: the top bits of key times 2^64 / phi, which depend on
 * every bit of the key (the low bits of the product would depend only on
 * the key's low bits, so keys differing in their high bits, such as
 * dispatch << 32 | core, would share a slot). slots is a power of two. */
static size_t home(uint64_t key, size_t slots)
{
    return (size_t)((key * 0x9e3779b97f4a7c15ull) >> (64 - __builtin_ctzll(slots)));
}

static int grow(cm_map *m)
{
    size_t ns = m->slots ? m->slots * 2 : 256;
    uint64_t *nk = calloc(ns, sizeof *nk);
    uint32_t *nv = calloc(ns, sizeof *nv);
    if (!nk || !nv) {
        free(nk);
        free(nv);
        return -1;
    }
    for (size_t i = 0; i < m->slots; i++) {
        if (!m->keys[i]) continue;
        size_t h = home(m->keys[i], ns);
        while (nk[h]) h = (h + 1) & (ns - 1);
        nk[h] = m->keys[i];
        nv[h] = m->vals[i];
    }
    free(m->keys);
    free(m->vals);
    m->keys = nk;
    m->vals = nv;
    m->slots = ns;
    return 0;
}

uint32_t *cm_map_slot(cm_map *m, uint64_t key, int (*same)(uint32_t value, void *ctx), void *ctx,
                      int *is_new)
{
    *is_new = 0;
    if ((m->used + 1) * 2 > m->slots && grow(m)) return NULL;
    size_t h = home(key, m->slots);
    for (; m->keys[h]; h = (h + 1) & (m->slots - 1))
        if (m->keys[h] == key && (!same || same(m->vals[h], ctx))) return &m->vals[h];
    m->keys[h] = key;
    m->used++;
    *is_new = 1;
    return &m->vals[h];
}

const uint32_t *cm_map_find(const cm_map *m, uint64_t key, int (*same)(uint32_t value, void *ctx),
                            void *ctx)
{
    if (!m->slots) return NULL;
    for (size_t h = home(key, m->slots); m->keys[h]; h = (h + 1) & (m->slots - 1))
        if (m->keys[h] == key && (!same || same(m->vals[h], ctx))) return &m->vals[h];
    return NULL;
}

void cm_map_free(cm_map *m)
{
    free(m->keys);
    free(m->vals);
    *m = (cm_map){0};
}
