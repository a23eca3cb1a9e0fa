/* The runtime's names for what the host profiler records (rt_prof.h): the
 * per-core memory pools "<pool> (x,y)", each with the capacity declared
 * for <pool>, and a device's pools ("device 2: " in front of a second
 * device open at the same time). The recorder and the trace reader only ever see full names.
 * Empty when the host profiler is compiled out. */
#include "rt_prof.h"

#if defined(TT_FOIL_ENABLE_TRACY) && TT_FOIL_ENABLE_TRACY
#include "common/cm_map.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct core_pool {
    const char *pool; /* the call site's string */
    uint32_t dev;
    int x, y;
    uint32_t id;
} core_pool;

static pthread_mutex_t rt_prof_lock = PTHREAD_MUTEX_INITIALIZER;
static cm_map rt_prof_pools; /* hash of (pool, dev, x, y) -> index into rt_prof_entries */
static core_pool *rt_prof_entries;
static uint32_t rt_prof_nentries;
/* the capacities declared, per (pool, device): grown as needed, as every
 * device declares its own (and the interleaved buffers one per DRAM bank) */
typedef struct pool_cap {
    char pool[64];
    uint32_t dev;
    uint64_t bytes;
} pool_cap;
static pool_cap *rt_prof_caps;
static size_t rt_prof_ncaps;

/* The name of device dev's pool `pool` at (x,y) (x < 0: none): device 1
 * keeps the names a single device always had; another one open at the
 * same time says which it is, as tt_foil_profile's "program[pid]: " does
 * for a process. */
static void pool_name(char *out, size_t n, const char *pool, uint32_t dev, int x, int y)
{
    char pre[24] = "";
    if (dev > 1) snprintf(pre, sizeof pre, "device %u: ", dev);
    if (x < 0)
        snprintf(out, n, "%s%s", pre, pool);
    else
        snprintf(out, n, "%s%s (%d,%d)", pre, pool, x, y);
}

void rt_prof_capacity(const char *pool, uint32_t dev, uint64_t bytes)
{
    char name[128];
    pool_name(name, sizeof name, pool, dev, -1, -1);
    tf_prof_pool_capacity(name, bytes); /* the pool itself, when it is not per core */
    pthread_mutex_lock(&rt_prof_lock);
    size_t i = 0;
    while (i < rt_prof_ncaps && (rt_prof_caps[i].dev != dev || strcmp(rt_prof_caps[i].pool, pool)))
        i++;
    if (i == rt_prof_ncaps) {
        pool_cap *nc = realloc(rt_prof_caps, (rt_prof_ncaps + 1) * sizeof *nc);
        if (nc) {
            rt_prof_caps = nc;
            snprintf(nc[i].pool, sizeof nc[i].pool, "%s", pool);
            nc[i].dev = dev;
            rt_prof_ncaps++;
        }
    }
    if (i < rt_prof_ncaps) rt_prof_caps[i].bytes = bytes;
    pthread_mutex_unlock(&rt_prof_lock);
}

typedef struct pool_key {
    const char *pool;
    uint32_t dev;
    int x, y;
} pool_key;

static int same_pool(uint32_t idx, void *ctx)
{
    const pool_key *k = ctx;
    if (idx >= rt_prof_nentries) return 0; /* a slot left by an out-of-memory failure */
    const core_pool *e = &rt_prof_entries[idx];
    return e->x == k->x && e->y == k->y && e->dev == k->dev && !strcmp(e->pool, k->pool);
}

/* Per thread, the ids of the call sites' pools last seen, by the pool
 * string's address and the core: the dispatch path names a few pools per
 * core over and over (kernel config, L1 buffers), and a hit takes no lock. */
#define RT_PROF_CACHE 64
static __thread struct {
    const char *pool;
    uint32_t dev;
    int x, y;
    uint32_t id;
} rt_prof_cache[RT_PROF_CACHE];

static uint32_t core_pool_slow(const char *pool, uint32_t dev, int x, int y);

uint32_t rt_prof_core_pool(const char *pool, uint32_t dev, int x, int y)
{
    unsigned slot = (unsigned)(((uintptr_t)pool >> 3) ^ (uintptr_t)x * 31u ^ (uintptr_t)y * 131u ^
                               (uintptr_t)dev * 521u) %
                    RT_PROF_CACHE;
    if (rt_prof_cache[slot].pool == pool && rt_prof_cache[slot].dev == dev &&
        rt_prof_cache[slot].x == x && rt_prof_cache[slot].y == y)
        return rt_prof_cache[slot].id;
    uint32_t id = core_pool_slow(pool, dev, x, y);
    if (id) { /* 0 (out of ids or memory) is asked again next time */
        rt_prof_cache[slot].pool = pool;
        rt_prof_cache[slot].dev = dev;
        rt_prof_cache[slot].x = x;
        rt_prof_cache[slot].y = y;
        rt_prof_cache[slot].id = id;
    }
    return id;
}

/* The sets this thread wrote last, per (pool, type): the newest
 * TF_MEM_REPEAT_REFS, as the reader keeps them (a core's programs take
 * turns, so its set of a dispatch is often not the last one but one
 * before), in a direct-mapped table of slots allocated at the thread's
 * first set and freed when it ends. A pool whose slot another took starts
 * its history again (its older sets are written in full once more, never
 * named), and a set of more than RT_SET_WORDS words is never repeated (it
 * takes a place in the history, as in the reader's). A set the same as one
 * of its pool's and type's newest is written as a MEM_REPEAT naming that
 * set's number (tf_trace_records.h). Numbers are unique in the process, so
 * a repeat never names another thread's set (a thread number the recorder
 * gave again), and a set the reader does not hold (its chunk, or its
 * record, lost) is seen as such. A forked child records nothing; a program
 * it execs starts afresh. */
#define RT_SET_SLOTS 64
#define RT_SET_WORDS (2 * 20)
typedef struct rt_set_slot {
    uint32_t pool, type, next; /* next: the history's next place (the oldest) */
    struct {
        uint32_t number, nw; /* number 0: none */
        uint32_t w[RT_SET_WORDS];
    } ref[TF_MEM_REPEAT_REFS];
} rt_set_slot;
static __thread rt_set_slot *rt_sets;
static _Atomic uint32_t rt_set_numbers;
static pthread_key_t rt_sets_key;
static int rt_sets_key_ok;
static pthread_once_t rt_sets_once = PTHREAD_ONCE_INIT;

static void sets_free(void *p)
{
    free(p);
    rt_sets = NULL;
}

static void sets_key(void)
{
    rt_sets_key_ok = pthread_key_create(&rt_sets_key, sets_free) == 0;
}

/* The thread's table (NULL without memory: every set in full). */
static rt_set_slot *sets_table(void)
{
    if (rt_sets) return rt_sets;
    pthread_once(&rt_sets_once, sets_key);
    rt_set_slot *t = rt_sets_key_ok ? calloc(RT_SET_SLOTS, sizeof *t) : NULL;
    if (t && pthread_setspecific(rt_sets_key, t)) {
        free(t);
        t = NULL;
    }
    return rt_sets = t;
}

/* A byte record of the memory stream: the pool id and the set's number
 * (the TF_MEM_SET_HEAD of tf_trace_records.h), then the items; or a
 * MEM_REPEAT of one of the thread's newest such sets in the pool and type. */
void rt_prof_mem_set(uint32_t type, uint32_t pool, const uint32_t *w, unsigned nw, uint64_t now)
{
    if (!tf_prof_on[TF_PROF_MEM]) return;
    rt_set_slot *tab = sets_table(), *l = NULL;
    size_t bytes = (size_t)nw * 4u;
    if (tab) {
        l = &tab[(pool * 2u + (type == TF_R_FREE_SET)) % RT_SET_SLOTS];
        if (l->pool != pool || l->type != type) { /* another's: this pool's history anew */
            memset(l, 0, sizeof *l);
            l->pool = pool;
            l->type = type;
        }
        for (unsigned i = 0; i < TF_MEM_REPEAT_REFS; i++)
            if (l->ref[i].number && l->ref[i].nw == nw && !memcmp(l->ref[i].w, w, bytes)) {
                tf_prof_put_at(TF_PROF_MEM, 1 + TF_RW_MEM_REPEAT, TF_R_MEM_REPEAT, pool, now,
                               l->ref[i].number, 0, 0);
                return;
            }
    }
    uint32_t head[2] = {pool, 0};
    _Static_assert(sizeof head == TF_MEM_SET_HEAD, "the set's head");
    if (nw <= RT_SET_WORDS && pool <= TF_REC_MAX_ARG) { /* one a repeat can name */
        uint32_t n = atomic_fetch_add_explicit(&rt_set_numbers, 1, memory_order_relaxed) + 1;
        if (!n) /* (after 2^32 sets) 0 is none */
            n = atomic_fetch_add_explicit(&rt_set_numbers, 1, memory_order_relaxed) + 1;
        head[1] = n;
    }
    if (l) { /* the set takes its place in the history, as in the reader's */
        unsigned at = l->next;
        l->next = (at + 1) % TF_MEM_REPEAT_REFS;
        l->ref[at].number = head[1];
        l->ref[at].nw = nw;
        if (head[1]) memcpy(l->ref[at].w, w, bytes);
    }
    tf_prof_stream_bytes_at(TF_PROF_MEM, now, type, head, sizeof head, w, bytes);
}

/* The thread's zone events not yet written (RT_ZS_*, rt_prof.h): the
 * events' bytes of a ZONE_SEQ record (its span goes before them when it
 * is written). The buffer is allocated at first use (a small TLS block:
 * the library may be loaded late); without it the events are written as
 * records of their own. */
#define RT_ZS_CAP (TF_TEXT_MAX - 10) /* the record: the span's varint, then these */
__thread rt_zs_run rt_zs __attribute__((tls_model("initial-exec")));

void rt_zs_write(void)
{
    rt_zs_run *z = &rt_zs;
    uint8_t span[10];
    size_t n = (size_t)(tf_trace_put_varint(span, z->last - z->first) - span);
    size_t len = (size_t)(z->pos - z->buf);
    /* emptied first (the next event begins a run): a fatal signal in the
     * write must not write the run a second time (zs_crash) */
    z->pos = z->end = z->buf;
    tf_prof_stream_bytes_at(TF_PROF_TRACE, z->last, TF_R_ZONE_SEQ, span, n, z->buf, len);
}

/* The buffer is freed when its thread ends (a key's destructor: the run
 * was written when the last runtime call returned). */
static pthread_key_t rt_zs_key;
static int rt_zs_key_ok;
static pthread_once_t rt_zs_once = PTHREAD_ONCE_INIT;

static void zs_free(void *buf)
{
    free(buf);
    rt_zs.buf = rt_zs.pos = rt_zs.end = NULL;
}

/* On a fatal signal (the recorder's handler, on the thread it hit): the
 * run of a runtime call that never returned, its events up to the last
 * whole one (pos moves after each event's bytes). Without it a crash
 * inside a dispatch would lose the zones that lead to it. */
static void zs_crash(void)
{
    rt_zs_flush();
}

static void zs_key(void)
{
    rt_zs_key_ok = pthread_key_create(&rt_zs_key, zs_free) == 0;
    tf_prof_set_crash_hook(zs_crash);
}

/* A run begun at `now` (the one in hand written first); 0: no buffer. */
static int zs_restart(uint64_t now)
{
    rt_zs_run *z = &rt_zs;
    if (!z->buf) {
        pthread_once(&rt_zs_once, zs_key);
        if (!rt_zs_key_ok || !(z->buf = malloc(RT_ZS_CAP))) return 0;
        if (pthread_setspecific(rt_zs_key, z->buf)) {
            free(z->buf);
            z->buf = NULL;
            return 0;
        }
        z->pos = z->end = z->buf;
    }
    if (z->pos > z->buf) rt_zs_write();
    z->end = z->buf + RT_ZS_CAP - RT_ZS_EVENT;
    z->first = z->last = now;
    return 1;
}

/* The run is full, not begun, or `now` is before its last event (a clock
 * read on another CPU): written, and the event begins the next. */
void rt_zs_event_slow(unsigned kind, uint32_t arg, uint64_t now)
{
    if (zs_restart(now)) {
        rt_zs_event(kind, arg, now);
        return;
    }
    switch (kind) { /* no buffer: the record itself */
    case TF_ZSEQ_BEGIN:
        tf_prof_put_at(TF_PROF_TRACE, 1 + TF_RW_ZONE_BEGIN, TF_R_ZONE_BEGIN, arg, now, 0, 0, 0);
        break;
    case TF_ZSEQ_END:
        tf_prof_put_at(TF_PROF_TRACE, 1 + TF_RW_ZONE_END, TF_R_ZONE_END, arg, now, 0, 0, 0);
        break;
    default: tf_prof_frame_at(now); break;
    }
}

void rt_zs_text_slow(const char *text, size_t len, uint64_t now)
{
    rt_zs_run *z = &rt_zs;
    if (zs_restart(now) && len <= (size_t)(z->end - z->pos)) {
        rt_zs_text(text, len, now);
        return;
    }
    rt_zs_flush(); /* a text too long for a run is a record, cut as any */
    tf_prof_text_at(text, len, now);
}

static uint32_t core_pool_slow(const char *pool, uint32_t dev, int x, int y)
{
    uint64_t h = 0xcbf29ce484222325ull;
    for (const char *s = pool; *s; s++) h = (h ^ (uint8_t)*s) * 0x100000001b3ull;
    h = (h ^ ((uint64_t)(unsigned)x << 32 | (unsigned)y)) * 0x9e3779b97f4a7c15ull;
    h = (h ^ dev) * 0x9e3779b97f4a7c15ull;
    pool_key k = {pool, dev, x, y};
    uint32_t id = 0;
    int is_new;
    pthread_mutex_lock(&rt_prof_lock);
    uint32_t *slot = cm_map_slot(&rt_prof_pools, h | 1, same_pool, &k, &is_new);
    if (slot && !is_new) {
        id = rt_prof_entries[*slot].id;
    } else if (slot) {
        core_pool *ne = realloc(rt_prof_entries, (rt_prof_nentries + 1) * sizeof *ne);
        char name[160];
        pool_name(name, sizeof name, pool, dev, x, y);
        if (ne) rt_prof_entries = ne;
        /* 0: out of ids or memory for the name, asked again next time (an
         * entry kept with it would put the pool's every event in pool 0) */
        if (ne && (id = tf_prof_pool_id(name))) {
            ne[rt_prof_nentries] = (core_pool){pool, dev, x, y, id};
            *slot = rt_prof_nentries++;
            for (size_t i = 0; x >= 0 && i < rt_prof_ncaps; i++) /* (x < 0: it was declared) */
                if (rt_prof_caps[i].dev == dev && !strcmp(rt_prof_caps[i].pool, pool))
                    tf_prof_pool_capacity(name, rt_prof_caps[i].bytes);
        } else {
            *slot = UINT32_MAX; /* never matches: the next event tries again */
        }
    }
    pthread_mutex_unlock(&rt_prof_lock);
    return id;
}
#endif
