/* Host profiler instrumentation inside libtt_foil (TF_* macros, the spec's
 * names). With TT_FOIL_ENABLE_TRACY off (the default) every macro expands to
 * nothing and no profiler symbol enters the binary.
 *
 * The recorder knows nothing of chips: the runtime names what it records.
 * Pool names passed to the memory macros must be the same string at a call
 * site (each call site caches its pool id); the _CORE variants record in
 * the pool of device number `dev` (tf_device.number) the runtime names
 * "<pool> (x,y)", or "<pool>" for x < 0 (a pool of the whole device), with
 * "device <dev>: " in front when dev > 1 (rt_prof.c: two devices open at
 * once use the same addresses, and their pools must not be one); its
 * capacity is the one TF_POOL_CAPACITY declared for <pool> and dev. Device
 * zones go on the tracks devprof.c names. */
#ifndef RT_PROF_H
#define RT_PROF_H

#include <stddef.h>
#include <stdint.h>

#if defined(TT_FOIL_ENABLE_TRACY) && TT_FOIL_ENABLE_TRACY
#include "tf_trace_format.h"
#include "tt_foil/prof_record.h"

#include <string.h>

/* The recorder's id of device dev's pool "<pool> (x,y)" (x < 0: "<pool>"),
 * named on first use. */
uint32_t rt_prof_core_pool(const char *pool, uint32_t dev, int x, int y);
/* The capacity of device dev's pool `pool`, and of every "<pool> (x,y)". */
void rt_prof_capacity(const char *pool, uint32_t dev, uint64_t bytes);

#define TF_ZONE_N(name)         TF_PROF_ZONE_SCOPED(name)
#define TF_ZONE_TEXT(text, len) tf_prof_zone_text((text), (len))
#define TF_FRAME_MARK()         tf_prof_frame()
/* Zones one after another at time stamps read once (tf_prof_put_at): the
 * dispatch path's stages, where one ends the next begins. TF_STAMP() is 0
 * (no timer read) when the trace is off; TF_ZONE_BEGIN_AT gives the token
 * for TF_ZONE_END_AT. */
#define TF_STAMP() tf_prof_stamp()
#define TF_ZONE_BEGIN_AT(name, now)                                                                \
    __extension__({                                                                                \
        static tf_prof_loc tf_prof_loc_at_ = {(name), 0, __FILE__, __LINE__, 0};                   \
        tf_prof_zone_begin_at(&tf_prof_loc_at_, __func__, (now));                                  \
    })
#define TF_ZONE_END_AT(id, now) tf_prof_zone_end_at((id), (now))
#define TF_ZONE_TEXT_AT(text, len, now)                                                            \
    do {                                                                                           \
        if (tf_prof_on[TF_PROF_TRACE]) tf_prof_text_at((text), (len), (now));                      \
    } while (0)
#define TF_FRAME_MARK_AT(now) tf_prof_frame_at(now)
#define TF_ALLOC(ptr, size, pool)                                                                  \
    TF_PROF_MEM_EVENT(tf_prof_alloc, pool, (uint64_t)(ptr), (uint64_t)(size))
#define TF_FREE(ptr, pool)  TF_PROF_MEM_EVENT(tf_prof_free, pool, (uint64_t)(ptr))
#define TF_POOL_RESET(pool) TF_PROF_MEM_EVENT(tf_prof_reset, pool)
#define TF_ALLOC_CORE(ptr, size, pool, dev, x, y)                                                  \
    do {                                                                                           \
        if (tf_prof_on[TF_PROF_MEM])                                                               \
            tf_prof_alloc_id(rt_prof_core_pool((pool), (dev), (x), (y)), (uint64_t)(ptr),          \
                             (uint64_t)(size));                                                    \
    } while (0)
#define TF_FREE_CORE(ptr, pool, dev, x, y)                                                         \
    do {                                                                                           \
        if (tf_prof_on[TF_PROF_MEM])                                                               \
            tf_prof_free_id(rt_prof_core_pool((pool), (dev), (x), (y)), (uint64_t)(ptr));          \
    } while (0)
/* An allocation and a free in pool `id` (RT_CORE_POOL_ID). */
#define TF_ALLOC_ID(id, ptr, size) tf_prof_alloc_id((id), (uint64_t)(ptr), (uint64_t)(size))
#define TF_FREE_ID(id, ptr)        tf_prof_free_id((id), (uint64_t)(ptr))
#define TF_POOL_RESET_CORE(pool, dev, x, y)                                                        \
    do {                                                                                           \
        if (tf_prof_on[TF_PROF_MEM]) tf_prof_reset_id(rt_prof_core_pool((pool), (dev), (x), (y))); \
    } while (0)
#define TF_POOL_CAPACITY(pool, dev, bytes) rt_prof_capacity((pool), (dev), (bytes))
/* Memory events of a set made at one time, as one record (ALLOC_SET,
 * FREE_SET of tf_trace_records.h), in pool `id` (RT_CORE_POOL_ID):
 * `pairs` holds n (ptr, size) pairs, `ptrs` n pointers. TF_MEM_RECORDING() says whether
 * they are recorded, so that a caller builds its set only then. */
#define TF_MEM_RECORDING() (tf_prof_on[TF_PROF_MEM] != 0)
#define TF_ALLOC_SET_ID(pairs, n, id, now)                                                         \
    rt_prof_mem_set(TF_R_ALLOC_SET, (id), (pairs), 2u * (n), (now))
#define TF_FREE_SET_ID(ptrs, n, id, now) rt_prof_mem_set(TF_R_FREE_SET, (id), (ptrs), (n), (now))
/* The id of device dev's pool "<pool> (x,y)", kept in *slot (0: not had
 * yet): the dispatch path names its core's kernel-config pool twice a
 * dispatch and keeps the id with the core, instead of a look-up each time. */
#define RT_CORE_POOL_ID(slot, pool, dev, x, y)                                                     \
    (*(slot) ? *(slot) : (*(slot) = rt_prof_core_pool((pool), (dev), (x), (y))))
/* A time stamp for memory records (0 when the memory log is off); a
 * caller that has the trace's (TF_STAMP) gives that instead: one timer
 * read for both streams. */
#define TF_STAMP_MEM() (tf_prof_on[TF_PROF_MEM] ? tf_prof_now() : 0)
/* Zone events of the dispatch path, held per thread and written as one
 * ZONE_SEQ record (tf_trace_records.h; issue 15: a dispatch makes three
 * to five records instead of 40), which the reader reads as the ZONE_BEGIN,
 * ZONE_END, ZONE_TEXT and FRAME records they stand for. The TF_ZONE_*_AT
 * forms' arguments and meaning. The rule: RT_ZS_FLUSH() before any other
 * record of the trace on the thread (the counters' and the device
 * profile's records, a warning, a zone of another function) and before
 * returning to the caller, so that the records stay in time order. */
#define RT_ZS_BEGIN(name, now)                                                                     \
    __extension__({                                                                                \
        static tf_prof_loc rt_zs_loc_ = {(name), 0, __FILE__, __LINE__, 0};                        \
        tf_prof_on[TF_PROF_TRACE] ? rt_zs_begin(&rt_zs_loc_, __func__, (now)) : 0u;                \
    })
#define RT_ZS_END(id, now)                                                                         \
    do {                                                                                           \
        if (id) rt_zs_end((id), (now));                                                            \
    } while (0)
#define RT_ZS_TEXT(text, len, now)                                                                 \
    do {                                                                                           \
        if (tf_prof_on[TF_PROF_TRACE]) rt_zs_text((text), (len), (now));                           \
    } while (0)
#define RT_ZS_FRAME(now)                                                                           \
    do {                                                                                           \
        if (tf_prof_on[TF_PROF_TRACE]) rt_zs_frame(now);                                           \
    } while (0)
#define RT_ZS_FLUSH()                                                                              \
    do {                                                                                           \
        if (tf_prof_on[TF_PROF_TRACE]) rt_zs_flush();                                              \
    } while (0)
/* The thread's run (rt_prof.c): its events' bytes at buf..pos, room for
 * one more event while pos < end (end is buf after a flush, so that the
 * next event, the run's first, takes the slow path and sets `first`), the
 * times of the first and the last event. */
typedef struct rt_zs_run {
    uint8_t *pos, *end, *buf;
    uint64_t first, last;
} rt_zs_run;
extern __thread rt_zs_run rt_zs __attribute__((tls_model("initial-exec")));
void rt_zs_event_slow(unsigned kind, uint32_t arg, uint64_t now);
void rt_zs_text_slow(const char *text, size_t len, uint64_t now);
void rt_zs_write(void);
enum { RT_ZS_EVENT = 2 * 10 }; /* an event's two varints, at most */

/* An event's bytes at pos: kind | arg << 2, then its step from the event
 * before; the end of them (pos moves there once all of the event is
 * written: the crash hook writes the run up to pos). */
static inline __attribute__((always_inline)) uint8_t *rt_zs_put(rt_zs_run *z, unsigned kind,
                                                                uint32_t arg, uint64_t now)
{
    uint8_t *o = tf_trace_put_varint(z->pos, kind | (uint64_t)arg << TF_ZSEQ_KIND_BITS);
    return tf_trace_put_varint(o, now - z->last);
}

/* An event. */
static inline __attribute__((always_inline)) void rt_zs_event(unsigned kind, uint32_t arg,
                                                              uint64_t now)
{
    rt_zs_run *z = &rt_zs;
    if (__builtin_expect(z->pos >= z->end || now < z->last, 0)) {
        rt_zs_event_slow(kind, arg, now);
        return;
    }
    z->pos = rt_zs_put(z, kind, arg, now);
    z->last = now;
}

static inline uint32_t rt_zs_begin(tf_prof_loc *loc, const char *func, uint64_t now)
{
    uint32_t id = __atomic_load_n(&loc->id, __ATOMIC_RELAXED);
    if (__builtin_expect(!id, 0)) id = tf_prof_loc_id(loc, func);
    rt_zs_event(TF_ZSEQ_BEGIN, id, now); /* (id 0, out of ids: a begin never ended, as a record) */
    tf_prof_t.depth++;
    return id; /* the end's token */
}

static inline void rt_zs_end(uint32_t token, uint64_t now)
{
    rt_zs_event(TF_ZSEQ_END, token, now);
    tf_prof_t.depth--;
}

static inline void rt_zs_text(const char *text, size_t len, uint64_t now)
{
    rt_zs_run *z = &rt_zs;
    if (!tf_prof_t.depth) return; /* as tf_prof_text_at: no zone to attach it to */
    if (__builtin_expect(len > (size_t)(z->end - z->pos) || z->pos >= z->end || now < z->last, 0)) {
        rt_zs_text_slow(text, len, now);
        return;
    }
    uint8_t *o = rt_zs_put(z, TF_ZSEQ_TEXT, (uint32_t)len, now);
    memcpy(o, text, len); /* (a bad pointer faults here, before the event is in the run) */
    z->pos = o + len;
    z->last = now;
}

static inline void rt_zs_frame(uint64_t now)
{
    rt_zs_event(TF_ZSEQ_FRAME, 0, now);
}

static inline void rt_zs_flush(void)
{
    if (rt_zs.pos > rt_zs.buf) rt_zs_write();
}
/* One ALLOC_SET or FREE_SET record of `nw` u32 item words in pool `pool`,
 * stamped `now` (TF_STAMP_MEM, or a time stamp read for the trace). */
void rt_prof_mem_set(uint32_t type, uint32_t pool, const uint32_t *w, unsigned nw, uint64_t now);
#else
#define TF_ZONE_N(name)                           ((void)0)
#define TF_ZONE_TEXT(text, len)                   ((void)0)
#define TF_FRAME_MARK()                           ((void)0)
#define TF_STAMP()                                ((uint64_t)0)
#define TF_ZONE_BEGIN_AT(name, now)               ((void)(now), (uint32_t)0)
#define TF_ZONE_END_AT(id, now)                   ((void)(id), (void)(now))
#define TF_ZONE_TEXT_AT(text, len, now)           ((void)(text), (void)(now))
#define TF_FRAME_MARK_AT(now)                     ((void)(now))
#define TF_ALLOC(ptr, size, pool)                 ((void)0)
#define TF_FREE(ptr, pool)                        ((void)0)
#define TF_POOL_RESET(pool)                       ((void)0)
#define TF_ALLOC_CORE(ptr, size, pool, dev, x, y) ((void)(pool), (void)(dev))
#define TF_FREE_CORE(ptr, pool, dev, x, y)        ((void)(pool), (void)(dev))
#define TF_ALLOC_ID(id, ptr, size)                ((void)(id), (void)(ptr), (void)(size))
#define TF_FREE_ID(id, ptr)                       ((void)(id), (void)(ptr))
#define TF_POOL_RESET_CORE(pool, dev, x, y)       ((void)(pool), (void)(dev))
#define TF_POOL_CAPACITY(pool, dev, bytes)        ((void)(pool), (void)(dev))
#define TF_MEM_RECORDING()                        0
#define TF_ALLOC_SET_ID(pairs, n, id, now)        ((void)(pairs), (void)(n), (void)(id), (void)(now))
#define TF_FREE_SET_ID(ptrs, n, id, now)          ((void)(ptrs), (void)(n), (void)(id), (void)(now))
#define RT_CORE_POOL_ID(slot, pool, dev, x, y)    ((void)(slot), (void)(dev), (void)(x), (void)(y), 0u)
#define TF_STAMP_MEM()                            ((uint64_t)0)
#define RT_ZS_BEGIN(name, now)                    ((void)(now), (uint32_t)0)
#define RT_ZS_END(id, now)                        ((void)(id), (void)(now))
#define RT_ZS_TEXT(text, len, now)                ((void)(text), (void)(now))
#define RT_ZS_FRAME(now)                          ((void)(now))
#define RT_ZS_FLUSH()                             ((void)0)
#endif

/* The device profiler's records in the host trace (devprof.c): in every
 * runtime that has the recorder, which is the host profiler's builds and
 * the device profiler's (RT_DEVICE_TRACE: the device log is the trace
 * file, even when the host's TF_* zones are compiled out). */
#if (defined(TT_FOIL_ENABLE_TRACY) && TT_FOIL_ENABLE_TRACY) ||                                     \
    (defined(RT_DEVICE_TRACE) && RT_DEVICE_TRACE)
#include "tf_trace_format.h"
#include "tt_foil/prof_record.h"
#define TF_DEV_TRACING() (tf_prof_on[TF_PROF_TRACE] != 0)
#define TF_DEV_BYTES(type, head, hlen, data, dlen)                                                 \
    tf_prof_bytes((type), (head), (hlen), (data), (dlen))
#define TF_DEV_DEF(kind, id, line, a, b, c) tf_prof_trace_def((kind), (id), (line), (a), (b), (c))
#define TF_DEV_FLUSH()                      tf_prof_flush()
/* a byte record made in place (tf_prof_bytes_begin_at): NULL when off */
#define TF_DEV_BYTES_BEGIN_AT(type, cap, now)                                                      \
    tf_prof_bytes_begin_at(TF_PROF_TRACE, (now), (type), (cap))
#define TF_DEV_BYTES_END(len) tf_prof_bytes_end(TF_PROF_TRACE, (len))
/* A time stamp for the device's records (TF_DEV_BYTES_BEGIN_AT): the
 * clock read whenever the trace is on, also where TF_STAMP() is the
 * constant 0 of a build without the host's zones (RT_DEVICE_TRACE). */
#define TF_DEV_STAMP() tf_prof_stamp()
#else
#include "tf_trace_format.h"
/* (the arguments are evaluated for nothing: no unused-variable warnings) */
#define TF_DEV_TRACING() 0
#define TF_DEV_BYTES(type, head, hlen, data, dlen)                                                 \
    ((void)(type), (void)(head), (void)(hlen), (void)(data), (void)(dlen))
#define TF_DEV_DEF(kind, id, line, a, b, c)                                                        \
    ((void)(kind), (void)(id), (void)(line), (void)(a), (void)(b), (void)(c), -1)
#define TF_DEV_FLUSH()                        ((void)0)
#define TF_DEV_BYTES_BEGIN_AT(type, cap, now) ((void)(type), (void)(cap), (void)(now), (void *)0)
#define TF_DEV_BYTES_END(len)                 ((void)(len))
#define TF_DEV_STAMP()                        ((uint64_t)0)
#endif

#endif
