/* The set of live public handles (cm_handle.h): open addressing with
 * linear probing over pointer keys, tombstones for removed ones, rebuilt
 * when live + removed entries pass half the table.
 *
 * Checks take no lock. Every API call checks its handles (a dispatch-bound
 * loop: some 20 checks an iteration), and a mutex's lock and unlock were
 * two atomic read-modify-writes each time, while adds and removes are
 * rare beside them. So:
 * - an add or a remove holds the mutex and changes one entry with one
 *   atomic store (the kind stored before the key, with release: a reader
 *   that sees the key sees its kind). Chains stay intact: a removed key
 *   becomes a tombstone, and an add only fills an empty or removed slot;
 * - a rebuild (the mutex held) writes a table readers are not given until
 *   it is complete (release store of `cur`). A reader that is still
 *   probing an older table sees it as it was, a consistent set; but the
 *   tables are reused (one spare per size, so that a program that makes
 *   and frees handles forever keeps a bounded set), so a rebuild bumps
 *   `seq` before touching its table and a reader retries when `seq`
 *   changed while it probed (a seqlock over rebuilds only).
 * Tables are never freed: a reader may hold one at any time. Their sizes
 * follow the live count (a rebuild sizes the new table at 4x the live
 * handles, at least 256 slots), so what is kept is bounded by a few times
 * the most handles live at once. */
#include "cm_handle.h"

#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>

#define TOMBSTONE ((uintptr_t)1)
#define MIN_SLOTS 256
#define PARKED    64 /* cm_handle_free's delay, in frees */

typedef struct table {
    size_t slots;         /* a power of two, fixed for the table's life */
    struct table *next;   /* every table made, newest first (the spares) */
    unsigned char *kinds; /* kinds[i]: the kind of keys[i] */
    uintptr_t keys[];     /* 0 empty, TOMBSTONE removed, else a handle */
} table;

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static table *cur;           /* readers: atomic acquire */
static unsigned seq;         /* bumped by each rebuild (readers: the seqlock) */
static table *all;           /* every table, under the lock */
static size_t used;          /* live + tombstones in cur, under the lock */
static size_t live;          /* under the lock */
static void *parked[PARKED]; /* released handles' memory, freed PARKED frees later (atomic) */
static unsigned park_next;   /* atomic */

static const char *kind_name(cm_handle_kind k)
{
    switch (k) {
    case CM_H_DEVICE: return "device";
    case CM_H_BUFFER: return "buffer";
    case CM_H_KERNEL: return "kernel";
    case CM_H_PROGRAM: return "program";
    case CM_H_LAUNCH: return "launch";
    case CM_H_TRACE: return "trace";
    }
    return "?";
}

static size_t slot_of(uintptr_t key, size_t n)
{
    uint64_t x = (uint64_t)key * 0x9e3779b97f4a7c15ull;
    return (size_t)(x >> 17) & (n - 1);
}

/* The kind key is live as, 0 if none. No lock: a probe of at most the
 * table's size (a table being rebuilt under it may have no empty slot on
 * the way for a moment), retried when a rebuild ran meanwhile. */
static int kind_of(uintptr_t key)
{
    if (key <= TOMBSTONE) return 0; /* (they would match an empty or a removed slot) */
    for (;;) {
        unsigned s0 = __atomic_load_n(&seq, __ATOMIC_ACQUIRE);
        const table *t = __atomic_load_n(&cur, __ATOMIC_ACQUIRE);
        if (!t) return 0;
        int k = 0;
        size_t mask = t->slots - 1, i = slot_of(key, t->slots);
        for (size_t n = 0; n < t->slots; n++, i = (i + 1) & mask) {
            uintptr_t e = __atomic_load_n(&t->keys[i], __ATOMIC_ACQUIRE);
            if (e == key) {
                k = __atomic_load_n(&t->kinds[i], __ATOMIC_ACQUIRE);
                break;
            }
            if (!e) break;
        }
        /* after the probe's loads (acquire: none moves below them) */
        if (__atomic_load_n(&seq, __ATOMIC_RELAXED) == s0) return k;
    }
}

/* A table of n slots other than cur: the spare of that size, or a new one
 * (NULL: out of memory). Under the lock. */
static table *table_for(size_t n)
{
    for (table *t = all; t; t = t->next)
        if (t->slots == n && t != cur) return t;
    table *t = calloc(1, sizeof *t + n * sizeof t->keys[0]);
    unsigned char *kinds = calloc(n, 1);
    if (!t || !kinds) {
        free(t);
        free(kinds);
        return NULL;
    }
    t->slots = n;
    t->kinds = kinds;
    t->next = all;
    all = t;
    return t;
}

/* Put cur's live handles into a table sized for them and make it cur.
 * Under the lock. */
static int rebuild(void)
{
    size_t n = MIN_SLOTS;
    while (n < 4 * (live + 1)) n *= 2;
    table *t = table_for(n), *old = cur;
    if (!t) return -1;
    /* Readers still probing t (it was cur two rebuilds ago) must retry:
     * every store into t is a release, so a reader that loads one (with
     * acquire) sees the new seq after it. (Stores rather than fences:
     * ThreadSanitizer does not model fences.) */
    __atomic_store_n(&seq, seq + 1, __ATOMIC_RELAXED);
    for (size_t i = 0; i < n; i++) __atomic_store_n(&t->keys[i], 0, __ATOMIC_RELEASE);
    size_t moved = 0;
    for (size_t i = 0; old && i < old->slots; i++) {
        uintptr_t key = old->keys[i]; /* the lock holder's own writes */
        if (key <= TOMBSTONE) continue;
        size_t j = slot_of(key, n);
        while (t->keys[j]) j = (j + 1) & (n - 1);
        __atomic_store_n(&t->kinds[j], old->kinds[i], __ATOMIC_RELEASE);
        __atomic_store_n(&t->keys[j], key, __ATOMIC_RELEASE);
        moved++;
    }
    CM_ASSERT(moved == live);
    __atomic_store_n(&cur, t, __ATOMIC_RELEASE);
    used = live;
    return 0;
}

int cm_handle_add(const void *h, cm_handle_kind kind)
{
    uintptr_t key = (uintptr_t)h;
    CM_ASSERT(key > TOMBSTONE);
    pthread_mutex_lock(&lock);
    if ((!cur || (used + 1) * 2 > cur->slots) && rebuild()) {
        pthread_mutex_unlock(&lock);
        return cm_err_set("out of host memory");
    }
    table *t = cur;
    size_t i = slot_of(key, t->slots);
    while (t->keys[i] > TOMBSTONE) {
        CM_ASSERT(t->keys[i] != key); /* the allocator never hands out a live address twice */
        i = (i + 1) & (t->slots - 1);
    }
    if (!t->keys[i]) used++;
    live++;
    __atomic_store_n(&t->kinds[i], (unsigned char)kind, __ATOMIC_RELEASE);
    __atomic_store_n(&t->keys[i], key, __ATOMIC_RELEASE);
    pthread_mutex_unlock(&lock);
    return 0;
}

int cm_handle_check(const void *h, cm_handle_kind kind, const char *what)
{
    if (!h) return cm_err_set("%s: NULL %s", what, kind_name(kind));
    int k = kind_of((uintptr_t)h);
    if (k == (int)kind) return 0;
    if (k)
        return cm_err_set("%s: %p is a %s handle, not a %s", what, h, kind_name((cm_handle_kind)k),
                          kind_name(kind));
    return cm_err_set("%s: %s handle %p is not live (already freed, or never created)", what,
                      kind_name(kind), h);
}

int cm_handle_live(const void *h, cm_handle_kind kind)
{
    return kind_of((uintptr_t)h) == (int)kind; /* (NULL: kind 0) */
}

void cm_handle_remove(const void *h)
{
    uintptr_t key = (uintptr_t)h;
    pthread_mutex_lock(&lock);
    table *t = cur;
    for (size_t i = t ? slot_of(key, t->slots) : 0; t && t->keys[i]; i = (i + 1) & (t->slots - 1))
        if (t->keys[i] == key) {
            __atomic_store_n(&t->keys[i], TOMBSTONE, __ATOMIC_RELEASE);
            live--;
            break;
        }
    pthread_mutex_unlock(&lock);
}

size_t cm_handle_kept_slots(void)
{
    size_t n = 0;
    pthread_mutex_lock(&lock);
    for (const table *t = all; t; t = t->next) n += t->slots;
    pthread_mutex_unlock(&lock);
    return n;
}

void cm_handle_free(void *h)
{
    /* without the lock (a dispatch-bound loop frees buffers and programs
     * every iteration): a slot of its own, and what was parked there,
     * each pointer taken out by exactly one exchange */
    unsigned i = __atomic_fetch_add(&park_next, 1, __ATOMIC_RELAXED) % PARKED;
    free(__atomic_exchange_n(&parked[i], h, __ATOMIC_ACQ_REL));
}
