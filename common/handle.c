/* The set of live public handles (cm_handle.h): open addressing with
 * linear probing over pointer keys, tombstones for removed ones, rebuilt
 * when live + removed entries pass half the table. */
#include "cm_handle.h"

#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>

#define TOMBSTONE ((uintptr_t)1)

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static uintptr_t *keys;
static unsigned char *kinds;
static size_t slots, used; /* used: live + tombstones */

static const char *kind_name(cm_handle_kind k)
{
    switch (k) {
    case CM_H_DEVICE: return "device";
    case CM_H_BUFFER: return "buffer";
    case CM_H_KERNEL: return "kernel";
    case CM_H_PROGRAM: return "program";
    case CM_H_LAUNCH: return "launch";
    }
    return "?";
}

static size_t slot_of(uintptr_t key, size_t n)
{
    uint64_t x = (uint64_t)key * 0x9e3779b97f4a7c15ull;
    return (size_t)(x >> 17) & (n - 1);
}

/* The slot holding key, or SIZE_MAX. */
static size_t find(uintptr_t key)
{
    if (!slots) return SIZE_MAX;
    for (size_t i = slot_of(key, slots);; i = (i + 1) & (slots - 1)) {
        if (keys[i] == key) return i;
        if (!keys[i]) return SIZE_MAX;
    }
}

static int grow(void)
{
    size_t n = slots ? slots * 2 : 256;
    uintptr_t *nk = calloc(n, sizeof *nk);
    unsigned char *nkind = calloc(n, 1);
    if (!nk || !nkind) {
        free(nk);
        free(nkind);
        return -1;
    }
    size_t live = 0;
    for (size_t i = 0; i < slots; i++) {
        if (keys[i] <= TOMBSTONE) continue;
        size_t j = slot_of(keys[i], n);
        while (nk[j]) j = (j + 1) & (n - 1);
        nk[j] = keys[i];
        nkind[j] = kinds[i];
        live++;
    }
    free(keys);
    free(kinds);
    keys = nk;
    kinds = nkind;
    slots = n;
    used = live;
    return 0;
}

int cm_handle_add(const void *h, cm_handle_kind kind)
{
    uintptr_t key = (uintptr_t)h;
    CM_ASSERT(key > TOMBSTONE);
    pthread_mutex_lock(&lock);
    if ((used + 1) * 2 > slots && grow()) {
        pthread_mutex_unlock(&lock);
        return cm_err_set("out of host memory");
    }
    size_t i = slot_of(key, slots);
    while (keys[i] > TOMBSTONE) {
        CM_ASSERT(keys[i] != key); /* the allocator never hands out a live address twice */
        i = (i + 1) & (slots - 1);
    }
    if (!keys[i]) used++;
    keys[i] = key;
    kinds[i] = (unsigned char)kind;
    pthread_mutex_unlock(&lock);
    return 0;
}

int cm_handle_check(const void *h, cm_handle_kind kind, const char *what)
{
    if (!h) return cm_err_set("%s: NULL %s", what, kind_name(kind));
    pthread_mutex_lock(&lock);
    size_t i = find((uintptr_t)h);
    int k = i == SIZE_MAX ? 0 : kinds[i];
    pthread_mutex_unlock(&lock);
    if (k == (int)kind) return 0;
    if (k)
        return cm_err_set("%s: %p is a %s handle, not a %s", what, h, kind_name((cm_handle_kind)k),
                          kind_name(kind));
    return cm_err_set("%s: %s handle %p is not live (already freed, or never created)", what,
                      kind_name(kind), h);
}

int cm_handle_live(const void *h, cm_handle_kind kind)
{
    pthread_mutex_lock(&lock);
    size_t i = find((uintptr_t)h);
    int live = i != SIZE_MAX && kinds[i] == (unsigned char)kind;
    pthread_mutex_unlock(&lock);
    return live;
}

void cm_handle_remove(const void *h)
{
    pthread_mutex_lock(&lock);
    size_t i = find((uintptr_t)h);
    if (i != SIZE_MAX) keys[i] = TOMBSTONE;
    pthread_mutex_unlock(&lock);
}
