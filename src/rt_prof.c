/* The runtime's names for what the host profiler records (rt_prof.h): the
 * per-core memory pools "<pool> (x,y)", each with the capacity declared
 * for <pool>. The recorder and the trace reader only ever see full names.
 * Empty when the host profiler is compiled out. */
#include "rt_prof.h"

#if defined(TT_FOIL_ENABLE_TRACY) && TT_FOIL_ENABLE_TRACY
#include "common/cm_map.h"

#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define RT_PROF_MAX_CAPS 16

typedef struct core_pool {
    const char *pool; /* the call site's string */
    int x, y;
    uint32_t id;
} core_pool;

static pthread_mutex_t rt_prof_lock = PTHREAD_MUTEX_INITIALIZER;
static cm_map rt_prof_pools; /* hash of (pool, x, y) -> index into rt_prof_entries */
static core_pool *rt_prof_entries;
static uint32_t rt_prof_nentries;
static struct {
    char pool[64];
    uint64_t bytes;
} rt_prof_caps[RT_PROF_MAX_CAPS];
static int rt_prof_ncaps;

void rt_prof_capacity(const char *pool, uint64_t bytes)
{
    tf_prof_pool_capacity(pool, bytes); /* the pool itself, when it is not per core */
    pthread_mutex_lock(&rt_prof_lock);
    int i = 0;
    while (i < rt_prof_ncaps && strcmp(rt_prof_caps[i].pool, pool)) i++;
    if (i < RT_PROF_MAX_CAPS) {
        snprintf(rt_prof_caps[i].pool, sizeof rt_prof_caps[i].pool, "%s", pool);
        rt_prof_caps[i].bytes = bytes;
        if (i == rt_prof_ncaps) rt_prof_ncaps++;
    }
    pthread_mutex_unlock(&rt_prof_lock);
}

typedef struct pool_key {
    const char *pool;
    int x, y;
} pool_key;

static int same_pool(uint32_t idx, void *ctx)
{
    const pool_key *k = ctx;
    if (idx >= rt_prof_nentries) return 0; /* a slot left by an out-of-memory failure */
    const core_pool *e = &rt_prof_entries[idx];
    return e->x == k->x && e->y == k->y && !strcmp(e->pool, k->pool);
}

/* Per thread, the ids of the call sites' pools last seen, by the pool
 * string's address and the core: the dispatch path names a few pools per
 * core over and over (kernel config, L1 buffers), and a hit takes no lock. */
#define RT_PROF_CACHE 64
static __thread struct {
    const char *pool;
    int x, y;
    uint32_t id;
} rt_prof_cache[RT_PROF_CACHE];

static uint32_t core_pool_slow(const char *pool, int x, int y);

uint32_t rt_prof_core_pool(const char *pool, int x, int y)
{
    unsigned slot = (unsigned)(((uintptr_t)pool >> 3) ^ (uintptr_t)x * 31u ^ (uintptr_t)y * 131u) %
                    RT_PROF_CACHE;
    if (rt_prof_cache[slot].pool == pool && rt_prof_cache[slot].x == x &&
        rt_prof_cache[slot].y == y)
        return rt_prof_cache[slot].id;
    uint32_t id = core_pool_slow(pool, x, y);
    if (id) { /* 0 (out of ids or memory) is asked again next time */
        rt_prof_cache[slot].pool = pool;
        rt_prof_cache[slot].x = x;
        rt_prof_cache[slot].y = y;
        rt_prof_cache[slot].id = id;
    }
    return id;
}

/* A byte record of the memory stream: the pool id and 4 bytes 0 (the
 * TF_MEM_SET_HEAD of tf_trace_records.h), then the items. */
void rt_prof_mem_set(uint32_t type, uint32_t pool, const uint32_t *w, unsigned nw, uint64_t now)
{
    uint32_t head[2] = {pool, 0};
    _Static_assert(sizeof head == TF_MEM_SET_HEAD, "the set's head");
    tf_prof_stream_bytes_at(TF_PROF_MEM, now, type, head, sizeof head, w, (size_t)nw * 4u);
}

/* The thread's zone events not yet written (RT_ZS_*, rt_prof.h): the
 * events' bytes of a ZONE_SEQ record (its span goes before them when it
 * is written), the times of the first and the last. The buffer is
 * allocated at first use (a small TLS block: the library may be loaded
 * late); without it the events are written as records of their own. */
#define RT_ZS_CAP (TF_TEXT_MAX - 10) /* the record: the span's varint, then these */
static __thread struct {
    uint8_t *buf;
    size_t len;
    uint64_t first, last;
} rt_zs __attribute__((tls_model("initial-exec")));

void rt_zs_flush(void)
{
    if (!rt_zs.len) return;
    uint8_t span[10];
    size_t n = (size_t)(tf_trace_put_varint(span, rt_zs.last - rt_zs.first) - span);
    tf_prof_stream_bytes_at(TF_PROF_TRACE, rt_zs.last, TF_R_ZONE_SEQ, span, n, rt_zs.buf,
                            rt_zs.len);
    rt_zs.len = 0;
}

/* Room for an event of `need` bytes at time `now` (the run written first
 * when it is full, or when `now` is before its last event: a clock read on
 * another CPU); 0: no buffer, write the record itself. */
static int zs_room(size_t need, uint64_t now)
{
    if (!rt_zs.buf && !(rt_zs.buf = malloc(RT_ZS_CAP))) return 0;
    if (rt_zs.len && (rt_zs.len + need > RT_ZS_CAP || now < rt_zs.last)) rt_zs_flush();
    if (!rt_zs.len) rt_zs.first = rt_zs.last = now;
    return need <= RT_ZS_CAP;
}

static void zs_event(unsigned kind, uint32_t arg, uint64_t now)
{
    uint8_t *o = rt_zs.buf + rt_zs.len;
    o = tf_trace_put_varint(o, kind | (uint64_t)arg << TF_ZSEQ_KIND_BITS);
    o = tf_trace_put_varint(o, now - rt_zs.last);
    rt_zs.len = (size_t)(o - rt_zs.buf);
    rt_zs.last = now;
}

enum { RT_ZS_EVENT = 2 * 10 }; /* an event's two varints, at most */

uint32_t rt_zs_begin(tf_prof_loc *loc, const char *func, uint64_t now)
{
    if (!zs_room(RT_ZS_EVENT, now))
        return tf_prof_zone_begin_at(loc, func, now) & ~TF_PROF_TOKEN_NS;
    uint32_t id = __atomic_load_n(&loc->id, __ATOMIC_RELAXED);
    if (!id) id = tf_prof_loc_id(loc, func);
    zs_event(TF_ZSEQ_BEGIN, id, now); /* (id 0, out of ids: a begin never ended, as a record) */
    tf_prof_t.depth++;
    return id;
}

void rt_zs_end(uint32_t token, uint64_t now)
{
    if (!zs_room(RT_ZS_EVENT, now)) {
        tf_prof_zone_end_at(token, now);
        return;
    }
    zs_event(TF_ZSEQ_END, token, now);
    tf_prof_t.depth--;
}

void rt_zs_text(const char *text, size_t len, uint64_t now)
{
    if (!tf_prof_t.depth) return;           /* as tf_prof_text_at: no zone to attach it to */
    if (!zs_room(RT_ZS_EVENT + len, now)) { /* (a text too long for a run is cut as a record) */
        rt_zs_flush();
        tf_prof_text_at(text, len, now);
        return;
    }
    zs_event(TF_ZSEQ_TEXT, (uint32_t)len, now);
    memcpy(rt_zs.buf + rt_zs.len, text, len);
    rt_zs.len += len;
}

void rt_zs_frame(uint64_t now)
{
    if (!zs_room(RT_ZS_EVENT, now)) {
        tf_prof_frame_at(now);
        return;
    }
    zs_event(TF_ZSEQ_FRAME, 0, now);
}

static uint32_t core_pool_slow(const char *pool, int x, int y)
{
    uint64_t h = 0xcbf29ce484222325ull;
    for (const char *s = pool; *s; s++) h = (h ^ (uint8_t)*s) * 0x100000001b3ull;
    h = (h ^ ((uint64_t)(unsigned)x << 32 | (unsigned)y)) * 0x9e3779b97f4a7c15ull;
    pool_key k = {pool, x, y};
    uint32_t id = 0;
    int is_new;
    pthread_mutex_lock(&rt_prof_lock);
    uint32_t *slot = cm_map_slot(&rt_prof_pools, h | 1, same_pool, &k, &is_new);
    if (slot && !is_new) {
        id = rt_prof_entries[*slot].id;
    } else if (slot) {
        core_pool *ne = realloc(rt_prof_entries, (rt_prof_nentries + 1) * sizeof *ne);
        char name[128];
        snprintf(name, sizeof name, "%s (%d,%d)", pool, x, y);
        if (ne) {
            rt_prof_entries = ne;
            id = tf_prof_pool_id(name);
            ne[rt_prof_nentries] = (core_pool){pool, x, y, id};
            *slot = rt_prof_nentries++;
            for (int i = 0; i < rt_prof_ncaps; i++)
                if (!strcmp(rt_prof_caps[i].pool, pool))
                    tf_prof_pool_capacity(name, rt_prof_caps[i].bytes);
        } else {
            *slot = UINT32_MAX; /* never matches: the next event tries again */
        }
    }
    pthread_mutex_unlock(&rt_prof_lock);
    return id;
}
#endif
