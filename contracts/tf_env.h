/* Every environment variable tt-foil reads, in one table: the recorder,
 * the runtime and tt_foil_profile (which sets the profiler logs for the
 * program it runs) take the names from here, and docs/runtime.md lists
 * them (a table generated from this one, checked by the env_doc test).
 * Adding a variable is one line (then tests/trace_doc --write
 * docs/runtime.md env).
 *
 * X(id, variable, default, tt_foil_profile's log (or NULL), meaning)
 * An empty default means unset is off. A log's path (TRACE, MEM_LOG,
 * DEVICE_ZONES_CSV, DEVICE_CLOCK_SYNC) is off at "OFF" or "off" too
 * (tf_env_is_off). The switches and counts (SIM_*, TILE_SIMD,
 * PERF_COUNTERS, DISPATCH_TIMEOUT_MS) are read by common/cm_env.h's parser: a
 * switch takes 1/ON/on and 0/OFF/off, a count a number from 1 or `all`,
 * and anything else (TT_FOIL_SIM_THREADS=OFF too) is the default with a
 * warning. */
#ifndef TF_ENV_H
#define TF_ENV_H

#include <string.h>

// clang-format off
#define TF_ENV_LIST(X)                                                                             \
    X(TRACE, "TT_FOIL_TRACE", "", ".logs/tt_foil_trace.%p.tft",                                    \
      "host trace: zones, zone text, frame marks, device markers (`%p`: the process id)")        \
    X(MEM_LOG, "TT_FOIL_MEM_LOG", "", ".logs/tt_foil_memlog.%p.tft",                               \
      "memory log: allocations, frees and resets of every pool (`%p`: the process id)")          \
    X(DEVICE_ZONES_CSV, "TT_FOIL_DEVICE_ZONES_CSV", "", NULL,                                      \
      "raw device markers, one CSV row each, written by the runtime (tt_foil_profile derives "    \
      "its own from the trace)")                                                                   \
    X(DEVICE_CLOCK_SYNC, "TT_FOIL_DEVICE_CLOCK_SYNC", "", NULL,                                    \
      "device cycle to host time, written by the runtime (the trace carries it too)")             \
    X(PROF_CLOCK, "TT_FOIL_PROF_CLOCK", "", NULL,                                                  \
      "`monotonic`: host timestamps from clock_gettime even with an invariant TSC")                \
    X(DISPATCH_TIMEOUT_MS, "TT_FOIL_DISPATCH_TIMEOUT_MS", "", NULL,                                \
      "dispatch timeout in ms when tf_device_config sets none: a number from 1, or `all` "         \
      "(INT_MAX ms); default 60000")                                                               \
    X(FIRMWARE_DIR, "TT_FOIL_FIRMWARE_DIR", "", NULL,                                              \
      "firmware ELFs when tf_device_config sets none")                                             \
    X(KERNEL_CC, "TT_FOIL_KERNEL_CC", "", NULL,                                                    \
      "the compiler tf_kernel_build runs instead of the build's clang (a wrapper, a test)")        \
    X(CACHE_DIR, "TT_FOIL_CACHE_DIR", "", NULL,                                                    \
      "where tf_kernel_build caches ELFs and the builtins' object (tt_foil_cc's too; default "    \
      "~/.cache/tt-foil/kernels)")                                                                 \
    X(CACHE_MAX_SIZE, "TT_FOIL_CACHE_MAX_SIZE", "2G", NULL,                                   \
      "the kernel cache's bound: past it, after a build, the entries used longest ago go (none " \
      "used in the last hour); bytes, or a number with K, M or G; `0`: no bound")              \
    X(PERF_COUNTERS, "TT_FOIL_PERF_COUNTERS", "ON", NULL,                                     \
      "`OFF` (a switch: 0, OFF or off; 1, ON or on): with the trace on, the runtime reads no "  \
      "hardware counters after dispatches (no DEVICE_PERF records, no ops report); to "        \
      "measure what collecting them costs")                                                    \
    X(PROFILE_FAIL_WRITE, "TT_FOIL_PROFILE_FAIL_WRITE", "", NULL,                                  \
      "test only: tt_foil_profile fails writing every output file whose name contains this, "    \
      "as on a full disk")                                                                         \
    X(TRACE_FAIL_DEF, "TT_FOIL_TRACE_FAIL_DEF", "", NULL,                                          \
      "test only: the trace's first definition of this kind (a number of "                         \
      "contracts/tf_trace_records.h's TF_TRACE_DEFS: 7 is DEVICE_ZONE) is lost, as on a full disk" ) \
    X(PROFILE_PAUSE_WRITE, "TT_FOIL_PROFILE_PAUSE_WRITE", "", NULL,                                \
      "test only: tt_foil_profile stops for good once it has made the temporary file of the "     \
      "first output file whose name contains this (a test then signals it)")                       \
    X(PROFILE_PAUSE_AT, "TT_FOIL_PROFILE_PAUSE_AT", "", NULL,                                      \
      "test only: tt_foil_profile holds at this stage until a signal comes (a test then sends "   \
      "it): start (the program started), exited (the program reaped), reports (before writing "  \
      "them)")                                                                                     \
    X(PROFILE_BG_GRACE, "TT_FOIL_PROFILE_BG_GRACE", "1", NULL,                                    \
      "seconds tt_foil_profile gives processes the program left running to open their logs "     \
      "once it exited (those that open none are not waited for): 0 to 3600")                     \
    X(SIM_THREADS, "TT_FOIL_SIM_THREADS", "", NULL,                                                \
      "host threads of the simulated chip when tf_sim_config sets none: a number from 1, or "    \
      "`all` (default: the CPUs)")                                                             \
    X(TILE_SIMD, "TT_FOIL_TILE_SIMD", "", NULL,                                                    \
      "`0` (`OFF`): the tile engine's portable loops instead of the host's vector unit; the "     \
      "results are the same bit for bit")                                                         \
    X(SIM_RECHECK, "TT_FOIL_SIM_RECHECK", "", NULL,                                                \
      "`0` (`OFF`): the simulator retries every waiting L1-word or tile-engine access through "  \
      "the interpreter each round instead of re-checking it itself; the results are the same")    \
    X(SIM_PARALLEL, "TT_FOIL_SIM_PARALLEL", "", NULL,                                              \
      "`1` (`ON`): every round with work for two simulator threads or more runs on them, `0` "    \
      "(`OFF`): none does (default: whichever way is measured faster); the results are the same")  \
    X(SIM_JIT, "TT_FOIL_SIM_JIT", "", NULL,                                                       \
      "`0` (`OFF`): every hart interprets every instruction instead of compiling hot blocks of "  \
      "guest code to host code (x86-64 hosts; the default, `1`/`ON`, compiles them on the chip's " \
      "RISCs and in tt_foil_sim); the results are the same")                                     \
    X(SIM_HOST_RUNS, "TT_FOIL_SIM_HOST_RUNS", "ON", NULL,                                         \
      "`OFF` (a switch): a synchronous dispatch, and an asynchronous launch the host waits "       \
      "for, run on the simulator's own thread while the host thread waits, instead of on the "     \
      "waiting thread itself; the results are the same")
// clang-format on

enum tf_env_id {
#define TF_ENV_ENUM(id, var, dflt, log, meaning) TF_ENV_##id,
    TF_ENV_LIST(TF_ENV_ENUM)
#undef TF_ENV_ENUM
        TF_ENV_COUNT
};

/* The variable's name ("TT_FOIL_TRACE"). */
static inline const char *tf_env_name(enum tf_env_id id)
{
#define TF_ENV_NAME(id, var, dflt, log, meaning) var,
    static const char *const names[TF_ENV_COUNT] = {TF_ENV_LIST(TF_ENV_NAME)};
#undef TF_ENV_NAME
    return names[id];
}

/* Its default when unset ("" if none). */
static inline const char *tf_env_default(enum tf_env_id id)
{
#define TF_ENV_DEFAULT(id, var, dflt, log, meaning) dflt,
    static const char *const dflts[TF_ENV_COUNT] = {TF_ENV_LIST(TF_ENV_DEFAULT)};
#undef TF_ENV_DEFAULT
    return dflts[id];
}

/* The file tt_foil_profile points it at, relative to its output folder
 * (NULL: the tool leaves it alone). */
static inline const char *tf_env_log(enum tf_env_id id)
{
#define TF_ENV_LOG(id, var, dflt, log, meaning) log,
    static const char *const logs[TF_ENV_COUNT] = {TF_ENV_LIST(TF_ENV_LOG)};
#undef TF_ENV_LOG
    return logs[id];
}

/* 1 if a value switches its log off (empty, "OFF", "off"). */
static inline int tf_env_is_off(const char *v)
{
    return !v || !*v || !strcmp(v, "OFF") || !strcmp(v, "off");
}

#endif
