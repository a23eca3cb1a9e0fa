/* The host profiler's recording fast path, included by the TT_FOIL_* and
 * TF_* macros when the build has TT_FOIL_ENABLE_TRACY. Not meant to be used
 * directly: see tt_foil/profiling.h.
 *
 * Off at run time (no TT_FOIL_TRACE / TT_FOIL_MEM_LOG): one predictable
 * branch per event. On: a timestamp and one to four 64-bit stores into a
 * thread-local buffer; the thread packs a full buffer itself into a larger
 * packing area, hands a full area to the recorder's writer thread and
 * continues in the same buffer. */
#ifndef TT_FOIL_PROF_RECORD_H
#define TT_FOIL_PROF_RECORD_H

#include "tf_trace_records.h"

#include <stddef.h>
#include <stdint.h>
#include <string.h>
#if defined(__x86_64__) || defined(__i386__)
#include <x86intrin.h>
#define TF_PROF_HAVE_TSC 1
#endif

#include "tt_foil/export.h"

#ifdef __cplusplus
extern "C" {
#endif
TF_API_BEGIN

/* A zone's static source location, one per call site. */
typedef struct tf_prof_loc {
    const char *name, *function, *file;
    uint32_t line;
    uint32_t id; /* assigned on first use */
} tf_prof_loc;

/* A static name (memory pool), one per call site. */
typedef struct tf_prof_name {
    const char *name;
    uint32_t id;
} tf_prof_name;

enum { TF_PROF_TRACE = 0, TF_PROF_MEM = 1, TF_PROF_NSTREAMS = 2 };

/* Per-thread recording state the inline fast path uses (the rest, the
 * packing areas and the thread's number, is the recorder's own); buffers
 * are allocated on first use (until then pos == end points at an empty
 * placeholder). */
typedef struct tf_prof_tls {
    uint64_t *pos[TF_PROF_NSTREAMS], *end[TF_PROF_NSTREAMS];
    uint64_t base[TF_PROF_NSTREAMS]; /* timestamp of the current chunk */
    uint32_t depth;                  /* open zones */
} tf_prof_tls;

extern __thread tf_prof_tls tf_prof_t __attribute__((tls_model("initial-exec")));
/* tf_prof_on[s], set once before main: 0 off, else on with the clock it
 * says, so that a zone's begin learns the clock from the load it makes
 * anyway. */
enum { TF_PROF_ON_TSC = 1, TF_PROF_ON_NS = 2 };
extern int tf_prof_on[TF_PROF_NSTREAMS];
extern int tf_prof_ns_clock; /* 1: no invariant TSC, use clock_gettime */
/* A zone's token (tf_prof_zone_begin's value, 0: nothing to end): its
 * location id, with TF_PROF_TOKEN_NS when the clock is clock_gettime, so
 * that the end reads the same clock without looking either. */
#define TF_PROF_TOKEN_NS 0x80000000u

/* Register a location (first use of a call site); func is its __func__. */
uint32_t tf_prof_loc_id(tf_prof_loc *loc, const char *func);
/* The zone begin and end of the clock_gettime clock (out of line: the
 * fast path is the TSC's). */
uint32_t tf_prof_zone_begin_ns(uint32_t id);
void tf_prof_zone_end_ns(uint32_t token);
uint32_t tf_prof_name_id(tf_prof_name *name);
/* Room for `words` words at the buffer's end (flushing if needed); after it
 * returns, timestamps are deltas from tf_prof_t.base[stream]. */
uint64_t *tf_prof_reserve(int stream, unsigned words, uint64_t now);
/* The id of a memory pool named at run time, interned by its text (the
 * runtime's per-core pools: "Device L1 (1,2)"); 0 if none is left. */
uint32_t tf_prof_pool_id(const char *pool);
/* Declare the capacity of a memory pool (by its full name). */
void tf_prof_pool_capacity(const char *pool, uint64_t bytes);
/* Name the calling thread in the trace. */
void tf_prof_thread_name(const char *name);
/* Write the calling thread's buffered records and wait until everything
 * handed to the writer is in the file. */
void tf_prof_flush(void);
/* A function the fatal-signal handler calls on the crashing thread, after
 * writing what was queued and before what every thread holds: the runtime
 * records its buffered zone run there. It must take no lock and allocate
 * nothing; it may record (on that thread: the recorder makes room without
 * either; a record another thread makes then is counted late). */
void tf_prof_set_crash_hook(void (*hook)(void));
/* Named tracks beside the threads' own (the runtime puts each RISC's
 * device zones on one): the id of track `name` in `group` (interned), the
 * id of a zone name (interned by name, file and line), then a zone with
 * host-monotonic start and end. Ids are 0 when the trace is off. */
uint32_t tf_prof_track_id(const char *group, const char *name);
uint32_t tf_prof_zone_name_id(const char *name, const char *file, uint32_t line);
void tf_prof_track_zone(uint32_t track, uint32_t name_id, uint64_t start_ns, uint64_t end_ns);

/* A record of raw bytes (a TF_REC_TEXT type of tf_trace_records.h: the
 * device profiler's DEVICE_BLOCK and DEVICE_PC): `head` then `data`, at
 * most TF_TEXT_MAX bytes in all (longer ones are cut and counted). */
void tf_prof_bytes(uint32_t type, const void *head, size_t hlen, const void *data, size_t dlen);
/* The same in stream s (TF_PROF_TRACE or TF_PROF_MEM: the runtime's
 * ALLOC_SET and FREE_SET memory records). */
void tf_prof_stream_bytes(int s, uint32_t type, const void *head, size_t hlen, const void *data,
                          size_t dlen);
/* The same with a time stamp the caller read (tf_prof_now), for records
 * made together that share one timer read. */
void tf_prof_stream_bytes_at(int s, uint64_t now, uint32_t type, const void *head, size_t hlen,
                             const void *data, size_t dlen);
/* The same made in place, for a writer that would otherwise build the
 * bytes in a buffer of its own and copy them (the runtime's DEVICE_PERF
 * records): room for `cap` bytes (at most TF_TEXT_MAX) at the stream's end,
 * or NULL when the stream is off; the record is stamped `now` (a time stamp
 * the caller read: tf_prof_now) and is made by tf_prof_bytes_end with its
 * `len` bytes (at most cap). No other record of the stream may be made on
 * the thread in between. */
void *tf_prof_bytes_begin_at(int s, uint64_t now, uint32_t type, size_t cap);
void tf_prof_bytes_end(int s, size_t len);
/* A definition in the trace (TF_TRACE_DEFS kind, e.g. DEVICE_ZONE and
 * CLOCK_SYNC, whose ids the caller numbers): 0 when written, -1 when not
 * (the trace is off, or the write failed: a lost chunk, counted; a caller
 * that defines an id once defines it again at its next use). */
int tf_prof_trace_def(uint32_t kind, uint32_t id, uint32_t line, const char *a, const char *b,
                      const char *c);

/* CLOCK_MONOTONIC in ns. Out of line: clock_gettime is POSIX, and this
 * header must compile in strict ISO C modes too (-std=c11). */
uint64_t tf_prof_now_ns(void);

static inline __attribute__((always_inline)) uint64_t tf_prof_now(void)
{
#ifdef TF_PROF_HAVE_TSC
    if (__builtin_expect(!tf_prof_ns_clock, 1)) return __rdtsc();
#endif
    return tf_prof_now_ns();
}

/* One record of `words` words stamped `now`: header(type, arg) then
 * a0..a2 (record codes and packing: contracts/tf_trace_records.h). */
static inline __attribute__((always_inline)) void tf_prof_put_at(int s, unsigned words,
                                                                 uint32_t type, uint32_t arg,
                                                                 uint64_t now, uint64_t a0,
                                                                 uint64_t a1, uint64_t a2)
{
    tf_prof_tls *t = &tf_prof_t;
    uint64_t *p = t->pos[s];
    uint64_t d = now - t->base[s];
    /* One test for both: room for the record (too little room is a
     * negative count, all high bits as unsigned) and a delta that fits the
     * header's 40 bits; past it the delta needs no mask. */
    uintptr_t next = (uintptr_t)p + words * sizeof *p;
    uint64_t room = (uint64_t)((uintptr_t)t->end[s] - next); /* bytes */
    if (__builtin_expect((room | d) > TF_REC_MAX_DELTA, 0)) {
        p = tf_prof_reserve(s, words, now);
        d = (now - t->base[s]) & TF_REC_MAX_DELTA;
        next = (uintptr_t)p + words * sizeof *p;
    }
    p[0] = TF_REC(type, arg, 0) | d;
    if (words > 1) p[1] = a0;
    if (words > 2) p[2] = a1;
    if (words > 3) p[3] = a2;
    t->pos[s] = (uint64_t *)next;
}

/* The same stamped now. */
static inline __attribute__((always_inline)) void tf_prof_put(int s, unsigned words, uint32_t type,
                                                              uint32_t arg, uint64_t a0,
                                                              uint64_t a1, uint64_t a2)
{
    tf_prof_put_at(s, words, type, arg, tf_prof_now(), a0, a1, a2);
}

static inline __attribute__((always_inline)) uint32_t tf_prof_zone_begin(tf_prof_loc *loc,
                                                                         const char *func)
{
    int on = tf_prof_on[TF_PROF_TRACE];
    if (__builtin_expect(!on, 1)) return 0;
    uint32_t id = __atomic_load_n(&loc->id, __ATOMIC_RELAXED);
    if (__builtin_expect(!id, 0)) id = tf_prof_loc_id(loc, func);
#ifdef TF_PROF_HAVE_TSC
    if (__builtin_expect(on == TF_PROF_ON_TSC, 1)) {
        tf_prof_put_at(TF_PROF_TRACE, 1 + TF_RW_ZONE_BEGIN, TF_R_ZONE_BEGIN, id, __rdtsc(), 0, 0,
                       0);
        tf_prof_t.depth++;
        return id;
    }
#endif
    return tf_prof_zone_begin_ns(id);
}

static inline __attribute__((always_inline)) void tf_prof_zone_end(uint32_t token)
{
#ifdef TF_PROF_HAVE_TSC
    /* one test for both: a TSC zone's token is positive as an int32 */
    if (__builtin_expect((int32_t)token > 0, 1)) {
        tf_prof_put_at(TF_PROF_TRACE, 1 + TF_RW_ZONE_END, TF_R_ZONE_END, token, __rdtsc(), 0, 0, 0);
        tf_prof_t.depth--;
        return;
    }
#endif
    if (token) tf_prof_zone_end_ns(token);
}

/* Records at a time stamp the caller already read (tf_prof_now or
 * tf_prof_stamp, the clock the trace is on): where one zone ends and the
 * next begins, or a zone's text follows its begin, the records share one
 * timer read (the runtime's dispatch zones: issue 15). `now` must not be
 * older than the thread's previous record of the stream. A zone's token is
 * the same as the plain functions' (with TF_PROF_TOKEN_NS on the
 * clock_gettime clock), so either begin pairs with either end. */
static inline __attribute__((always_inline)) uint32_t
tf_prof_zone_begin_at(tf_prof_loc *loc, const char *func, uint64_t now)
{
    int on = tf_prof_on[TF_PROF_TRACE];
    if (__builtin_expect(!on, 1)) return 0;
    uint32_t id = __atomic_load_n(&loc->id, __ATOMIC_RELAXED);
    if (__builtin_expect(!id, 0)) id = tf_prof_loc_id(loc, func);
    tf_prof_put_at(TF_PROF_TRACE, 1 + TF_RW_ZONE_BEGIN, TF_R_ZONE_BEGIN, id, now, 0, 0, 0);
    tf_prof_t.depth++;
    return on == TF_PROF_ON_NS && id ? id | TF_PROF_TOKEN_NS : id; /* (0: out of ids) */
}

static inline __attribute__((always_inline)) void tf_prof_zone_end_at(uint32_t token, uint64_t now)
{
    if (!token) return;
    tf_prof_put_at(TF_PROF_TRACE, 1 + TF_RW_ZONE_END, TF_R_ZONE_END, token & ~TF_PROF_TOKEN_NS, now,
                   0, 0, 0);
    tf_prof_t.depth--;
}

static inline void tf_prof_frame_at(uint64_t now)
{
    if (__builtin_expect(!tf_prof_on[TF_PROF_TRACE], 1)) return;
    tf_prof_put_at(TF_PROF_TRACE, 1 + TF_RW_FRAME, TF_R_FRAME, 0, now, 0, 0, 0);
}

/* Text for the innermost open zone at time `now` (with none open,
 * recorded for the reader to count, as tf_prof_zone_text). */
void tf_prof_text_at(const char *text, size_t len, uint64_t now);

/* A time stamp for the *_at records: 0 (no timer read) when the trace is off. */
static inline uint64_t tf_prof_stamp(void)
{
    return __builtin_expect(!tf_prof_on[TF_PROF_TRACE], 1) ? 0 : tf_prof_now();
}

static inline void tf_prof_zone_cleanup(uint32_t *id)
{
    tf_prof_zone_end(*id);
}

/* Attach text to the innermost open zone of this thread. With no zone
 * open it is recorded all the same: the reader counts such texts and says
 * so in the notes (dropped here, the misuse went unseen). */
static inline void tf_prof_zone_text(const char *text, size_t len)
{
    if (__builtin_expect(!tf_prof_on[TF_PROF_TRACE], 1)) return;
    extern void tf_prof_text_slow(const char *text, size_t len);
    tf_prof_text_slow(text, len);
}

/* The same for a string (TT_FOIL_ZONE_TEXT): NULL is recorded as "(NULL)",
 * with a warning. */
static inline void tf_prof_zone_text_str(const char *text)
{
    if (__builtin_expect(!tf_prof_on[TF_PROF_TRACE], 1)) return;
    extern void tf_prof_text_slow(const char *text, size_t len);
    tf_prof_text_slow(text, text ? strlen(text) : 0);
}

static inline void tf_prof_frame(void)
{
    if (__builtin_expect(!tf_prof_on[TF_PROF_TRACE], 1)) return;
    tf_prof_put(TF_PROF_TRACE, 1 + TF_RW_FRAME, TF_R_FRAME, 0, 0, 0, 0);
}

static inline uint32_t tf_prof_pool(tf_prof_name *n)
{
    uint32_t id = __atomic_load_n(&n->id, __ATOMIC_RELAXED);
    return id ? id : tf_prof_name_id(n);
}

/* Memory events in pool `pool` (an id of tf_prof_pool / tf_prof_pool_id). */
static inline void tf_prof_alloc_id(uint32_t pool, uint64_t ptr, uint64_t size)
{
    if (__builtin_expect(!tf_prof_on[TF_PROF_MEM], 1)) return;
    tf_prof_put(TF_PROF_MEM, 1 + TF_RW_ALLOC, TF_R_ALLOC, pool, ptr, size, 0);
}

static inline void tf_prof_free_id(uint32_t pool, uint64_t ptr)
{
    if (__builtin_expect(!tf_prof_on[TF_PROF_MEM], 1)) return;
    tf_prof_put(TF_PROF_MEM, 1 + TF_RW_FREE, TF_R_FREE, pool, ptr, 0, 0);
}

static inline void tf_prof_reset_id(uint32_t pool)
{
    if (__builtin_expect(!tf_prof_on[TF_PROF_MEM], 1)) return;
    tf_prof_put(TF_PROF_MEM, 1 + TF_RW_RESET, TF_R_RESET, pool, 0, 0, 0);
}

/* The same in a pool named at the call site (TF_PROF_MEM_EVENT). */
static inline void tf_prof_alloc(tf_prof_name *pool, uint64_t ptr, uint64_t size)
{
    if (__builtin_expect(!tf_prof_on[TF_PROF_MEM], 1)) return;
    tf_prof_alloc_id(tf_prof_pool(pool), ptr, size);
}

static inline void tf_prof_free(tf_prof_name *pool, uint64_t ptr)
{
    if (__builtin_expect(!tf_prof_on[TF_PROF_MEM], 1)) return;
    tf_prof_free_id(tf_prof_pool(pool), ptr);
}

static inline void tf_prof_reset(tf_prof_name *pool)
{
    if (__builtin_expect(!tf_prof_on[TF_PROF_MEM], 1)) return;
    tf_prof_reset_id(tf_prof_pool(pool));
}

#define TF_PROF_CAT2(a, b) a##b
#define TF_PROF_CAT(a, b)  TF_PROF_CAT2(a, b)

/* A zone from here to the end of the enclosing block. */
#define TF_PROF_ZONE_SCOPED(name_)                                                                 \
    static tf_prof_loc TF_PROF_CAT(tf_prof_loc_, __LINE__) = {(name_), 0, __FILE__, __LINE__, 0};  \
    __attribute__((cleanup(tf_prof_zone_cleanup), unused)) uint32_t TF_PROF_CAT(dev_prof_zone_,    \
                                                                                __LINE__) =        \
        tf_prof_zone_begin(&TF_PROF_CAT(tf_prof_loc_, __LINE__), __func__)

/* The begin of an explicit zone: evaluates to a token for tf_prof_zone_end. */
#define TF_PROF_ZONE_BEGIN(name_)                                                                  \
    __extension__({                                                                                \
        static tf_prof_loc tf_prof_loc_b_ = {(name_), 0, __FILE__, __LINE__, 0};                   \
        tf_prof_zone_begin(&tf_prof_loc_b_, __func__);                                             \
    })

#define TF_PROF_MEM_EVENT(call, pool_, ...)                                                        \
    do {                                                                                           \
        static tf_prof_name tf_prof_pool_ = {(pool_), 0};                                          \
        call(&tf_prof_pool_, ##__VA_ARGS__);                                                       \
    } while (0)

TF_API_END
#ifdef __cplusplus
}
#endif
#endif
