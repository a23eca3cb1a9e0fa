/* A map from non-zero 64-bit keys to 32-bit values, by open addressing
 * with linear probing, kept at most half full. Keys may be hashes: a
 * lookup can pass a `same` test, and a slot whose key matches but whose
 * value fails the test is probed past (a hash collision). */
#ifndef TF_MAP_H
#define TF_MAP_H

#include <stddef.h>
#include <stdint.h>

typedef struct cm_map {
    uint64_t *keys; /* 0: empty slot */
    uint32_t *vals;
    size_t slots, used;
} cm_map;

/* The value slot for key. If the key is not there yet (no matching slot,
 * or none that `same(value, ctx)` accepts; same may be NULL), a new slot
 * is taken and *is_new set: the caller fills in the value. NULL if out of
 * memory. */
uint32_t *cm_map_slot(cm_map *m, uint64_t key, int (*same)(uint32_t value, void *ctx), void *ctx,
                      int *is_new);
/* The value of key (the first slot `same` accepts), NULL if absent. */
const uint32_t *cm_map_find(const cm_map *m, uint64_t key, int (*same)(uint32_t value, void *ctx),
                            void *ctx);
void cm_map_free(cm_map *m);

#endif
