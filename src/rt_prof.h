/* Host profiler instrumentation inside libtt_foil (TF_* macros, the spec's
 * names). With TT_FOIL_ENABLE_TRACY off (the default) every macro expands to
 * nothing and no profiler symbol enters the binary.
 *
 * The recorder knows nothing of chips: the runtime names what it records.
 * Pool names passed to the memory macros must be the same string at a call
 * site (each call site caches its pool id); the _CORE variants record in
 * the pool the runtime names "<pool> (x,y)" (rt_prof.c), whose capacity is
 * the one TF_POOL_CAPACITY declared for <pool>. Device zones go on the
 * tracks devprof.c names. */
#ifndef RT_PROF_H
#define RT_PROF_H

#include <stdint.h>

#if defined(TT_FOIL_ENABLE_TRACY) && TT_FOIL_ENABLE_TRACY
#include "tt_foil/prof_record.h"

/* The recorder's id of pool "<pool> (x,y)", named on first use. */
uint32_t rt_prof_core_pool(const char *pool, int x, int y);
/* The capacity of pool `pool`, and of every "<pool> (x,y)". */
void rt_prof_capacity(const char *pool, uint64_t bytes);

#define TF_ZONE_N(name)         TF_PROF_ZONE_SCOPED(name)
#define TF_ZONE_TEXT(text, len) tf_prof_zone_text((text), (len))
#define TF_FRAME_MARK()         tf_prof_frame()
#define TF_ALLOC(ptr, size, pool)                                                                  \
    TF_PROF_MEM_EVENT(tf_prof_alloc, pool, (uint64_t)(ptr), (uint64_t)(size))
#define TF_FREE(ptr, pool)  TF_PROF_MEM_EVENT(tf_prof_free, pool, (uint64_t)(ptr))
#define TF_POOL_RESET(pool) TF_PROF_MEM_EVENT(tf_prof_reset, pool)
#define TF_ALLOC_CORE(ptr, size, pool, x, y)                                                       \
    do {                                                                                           \
        if (tf_prof_on[TF_PROF_MEM])                                                               \
            tf_prof_alloc_id(rt_prof_core_pool((pool), (x), (y)), (uint64_t)(ptr),                 \
                             (uint64_t)(size));                                                    \
    } while (0)
#define TF_FREE_CORE(ptr, pool, x, y)                                                              \
    do {                                                                                           \
        if (tf_prof_on[TF_PROF_MEM])                                                               \
            tf_prof_free_id(rt_prof_core_pool((pool), (x), (y)), (uint64_t)(ptr));                 \
    } while (0)
#define TF_POOL_RESET_CORE(pool, x, y)                                                             \
    do {                                                                                           \
        if (tf_prof_on[TF_PROF_MEM]) tf_prof_reset_id(rt_prof_core_pool((pool), (x), (y)));        \
    } while (0)
#define TF_POOL_CAPACITY(pool, bytes) rt_prof_capacity((pool), (bytes))
/* A device zone on track `track` of the host trace (zi: a rt_zone_info,
 * whose trace_id caches the name's id in the trace). */
#define TF_DEVZONE(zi, start_ns, end_ns, track)                                                    \
    do {                                                                                           \
        if (tf_prof_on[TF_PROF_TRACE]) {                                                           \
            if (!(zi)->trace_id)                                                                   \
                (zi)->trace_id = tf_prof_zone_name_id((zi)->name, (zi)->file, (zi)->line);         \
            tf_prof_track_zone((track), (zi)->trace_id, (start_ns), (end_ns));                     \
        }                                                                                          \
    } while (0)
/* The id of a named track ("device core (1,0)", "BRISC"); 0 when off. */
#define TF_TRACK_ID(group, name) tf_prof_track_id((group), (name))
#else
#define TF_ZONE_N(name)                         ((void)0)
#define TF_ZONE_TEXT(text, len)                 ((void)0)
#define TF_FRAME_MARK()                         ((void)0)
#define TF_ALLOC(ptr, size, pool)               ((void)0)
#define TF_FREE(ptr, pool)                      ((void)0)
#define TF_POOL_RESET(pool)                     ((void)0)
#define TF_ALLOC_CORE(ptr, size, pool, x, y)    ((void)0)
#define TF_FREE_CORE(ptr, pool, x, y)           ((void)0)
#define TF_POOL_RESET_CORE(pool, x, y)          ((void)0)
#define TF_DEVZONE(zi, start_ns, end_ns, track) ((void)0)
#define TF_POOL_CAPACITY(pool, bytes)           ((void)0)
#define TF_TRACK_ID(group, name)                ((uint32_t)0)
#endif

#endif
