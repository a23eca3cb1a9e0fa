/* Host profiler macros for programs that use tt-foil.
 *
 *   TT_FOIL_ZONE("name");             a zone until the end of the block
 *   TT_FOIL_ZONE_TEXT("conv_3x3");    text on the innermost open zone
 *   TT_FOIL_FRAME_MARK();             a frame boundary
 *   tt_foil_zone_t z = TT_FOIL_ZONE_BEGIN("name"); ... TT_FOIL_ZONE_END(z);
 *                                     a zone that does not follow C scope
 *                                     (ends must come in reverse order of
 *                                     begins on a thread)
 *   TT_FOIL_THREAD_NAME("loader");    name this thread in the trace
 *   TT_FOIL_ALLOC("pool", ptr, size); an allocation in a named memory pool
 *   TT_FOIL_FREE("pool", ptr);        its free (the memory report pairs them)
 *   TT_FOIL_POOL_RESET("pool");       everything in the pool freed at once
 *   TT_FOIL_POOL_CAPACITY("pool", bytes);  the pool's size, for "of capacity"
 * (ptr: a pointer or an address, e.g. a device buffer's; pool: a string
 * literal or a name that outlives the program's use of it)
 *
 * Built without TT_FOIL_ENABLE_TRACY, every macro expands to nothing (the
 * BEGIN form to 0) and nothing of the profiler enters the program. Built
 * with it, a program records when started with TT_FOIL_TRACE=<file> (e.g.
 * by tt_foil_profile). Scoped zones end with their block through the
 * cleanup attribute: longjmp, exit() and abort() skip that, so zones open at
 * those points are reported as unterminated. */
#ifndef TT_FOIL_PROFILING_H
#define TT_FOIL_PROFILING_H

#include <stdint.h>

typedef uint32_t tt_foil_zone_t;

#if defined(TT_FOIL_ENABLE_TRACY) && TT_FOIL_ENABLE_TRACY
#include "tt_foil/prof_record.h"
#define TT_FOIL_ZONE(name)        TF_PROF_ZONE_SCOPED(name)
#define TT_FOIL_ZONE_TEXT(text)   tf_prof_zone_text_str(text)
#define TT_FOIL_FRAME_MARK()      tf_prof_frame()
#define TT_FOIL_ZONE_BEGIN(name)  TF_PROF_ZONE_BEGIN(name)
#define TT_FOIL_ZONE_END(z)       tf_prof_zone_end(z)
#define TT_FOIL_THREAD_NAME(name) tf_prof_thread_name(name)
#define TT_FOIL_ALLOC(pool, ptr, size)                                                             \
    TF_PROF_MEM_EVENT(tf_prof_alloc, pool, (uint64_t)(uintptr_t)(ptr), (uint64_t)(size))
#define TT_FOIL_FREE(pool, ptr)            TF_PROF_MEM_EVENT(tf_prof_free, pool, (uint64_t)(uintptr_t)(ptr))
#define TT_FOIL_POOL_RESET(pool)           TF_PROF_MEM_EVENT(tf_prof_reset, pool)
#define TT_FOIL_POOL_CAPACITY(pool, bytes) tf_prof_pool_capacity((pool), (uint64_t)(bytes))
#else
#define TT_FOIL_ZONE(name)
#define TT_FOIL_ZONE_TEXT(text)            ((void)0)
#define TT_FOIL_FRAME_MARK()               ((void)0)
#define TT_FOIL_ZONE_BEGIN(name)           ((tt_foil_zone_t)0)
#define TT_FOIL_ZONE_END(z)                ((void)(z))
#define TT_FOIL_THREAD_NAME(name)          ((void)0)
#define TT_FOIL_ALLOC(pool, ptr, size)     ((void)0)
#define TT_FOIL_FREE(pool, ptr)            ((void)0)
#define TT_FOIL_POOL_RESET(pool)           ((void)0)
#define TT_FOIL_POOL_CAPACITY(pool, bytes) ((void)0)
#endif

#endif
