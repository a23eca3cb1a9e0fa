/* Host profiler instrumentation for libtt_foil's own code (TF_* macros).
 * With TT_FOIL_ENABLE_TRACY off (the default) every macro expands to
 * nothing and no profiler symbol enters the binary. */
#ifndef TF_PROFILING_H
#define TF_PROFILING_H

#if defined(TT_FOIL_ENABLE_TRACY) && TT_FOIL_ENABLE_TRACY
#error "the host profiler recorder is not part of this build yet"
#else
#define TF_ZONE_N(name)                      ((void)0)
#define TF_ZONE_TEXT(text, len)              ((void)0)
#define TF_FRAME_MARK()                      ((void)0)
#define TF_ALLOC(ptr, size, pool)            ((void)0)
#define TF_FREE(ptr, pool)                   ((void)0)
#define TF_POOL_RESET(pool)                  ((void)0)
#define TF_ALLOC_CORE(ptr, size, pool, x, y) ((void)0)
#define TF_FREE_CORE(ptr, pool, x, y)        ((void)0)
#define TF_POOL_RESET_CORE(pool, x, y)       ((void)0)
#endif

#endif
