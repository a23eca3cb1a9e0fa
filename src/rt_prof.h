/* Host profiler instrumentation inside libtt_foil (TF_* macros, the spec's
 * names). With TT_FOIL_ENABLE_TRACY off (the default) every macro expands to
 * nothing and no profiler symbol enters the binary.
 *
 * Pool names passed to the memory macros must be the same string at a call
 * site (each call site caches its pool id); the _CORE variants record pool
 * "<pool> (x,y)". */
#ifndef TF_PROFILING_H
#define TF_PROFILING_H

#if defined(TT_FOIL_ENABLE_TRACY) && TT_FOIL_ENABLE_TRACY
#include "tt_foil/prof_record.h"
#define TF_ZONE_N(name)         TF_PROF_ZONE_SCOPED(name)
#define TF_ZONE_TEXT(text, len) tf_prof_zone_text((text), (len))
#define TF_FRAME_MARK()         tf_prof_frame()
#define TF_ALLOC(ptr, size, pool)                                                                  \
    TF_PROF_MEM_EVENT(tf_prof_alloc, pool, (uint64_t)(ptr), (uint64_t)(size), 0)
#define TF_FREE(ptr, pool)  TF_PROF_MEM_EVENT(tf_prof_free, pool, (uint64_t)(ptr), 0)
#define TF_POOL_RESET(pool) TF_PROF_MEM_EVENT(tf_prof_reset, pool, 0)
#define TF_ALLOC_CORE(ptr, size, pool, x, y)                                                       \
    TF_PROF_MEM_EVENT(tf_prof_alloc, pool, (uint64_t)(ptr), (uint64_t)(size), TF_PROF_WHERE(x, y))
#define TF_FREE_CORE(ptr, pool, x, y)                                                              \
    TF_PROF_MEM_EVENT(tf_prof_free, pool, (uint64_t)(ptr), TF_PROF_WHERE(x, y))
#define TF_POOL_RESET_CORE(pool, x, y) TF_PROF_MEM_EVENT(tf_prof_reset, pool, TF_PROF_WHERE(x, y))
#define TF_POOL_CAPACITY(pool, bytes)  tf_prof_pool_capacity((pool), (bytes))
/* A device zone placed on the host timeline (zi: a rt_zone_info, whose
 * trace_id caches the name's id in the trace). */
#define TF_DEVZONE(zi, start_ns, end_ns, x, y, risc)                                               \
    do {                                                                                           \
        if (tf_prof_on[TF_PROF_TRACE]) {                                                           \
            if (!(zi)->trace_id)                                                                   \
                (zi)->trace_id = tf_prof_devzone_id((zi)->name, (zi)->file, (zi)->line);           \
            tf_prof_device_zone((zi)->trace_id, (start_ns), (end_ns), (x), (y), (risc));           \
        }                                                                                          \
    } while (0)
#else
#define TF_ZONE_N(name)                              ((void)0)
#define TF_ZONE_TEXT(text, len)                      ((void)0)
#define TF_FRAME_MARK()                              ((void)0)
#define TF_ALLOC(ptr, size, pool)                    ((void)0)
#define TF_FREE(ptr, pool)                           ((void)0)
#define TF_POOL_RESET(pool)                          ((void)0)
#define TF_ALLOC_CORE(ptr, size, pool, x, y)         ((void)0)
#define TF_FREE_CORE(ptr, pool, x, y)                ((void)0)
#define TF_POOL_RESET_CORE(pool, x, y)               ((void)0)
#define TF_DEVZONE(zi, start_ns, end_ns, x, y, risc) ((void)0)
#define TF_POOL_CAPACITY(pool, bytes)                ((void)0)
#endif

#endif
