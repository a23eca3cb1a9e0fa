/* What several benchmarks need: the clock, a call that must succeed,
 * pinning to one CPU, and removing the output folders of their runs. */
#ifndef TF_BENCH_UTIL_H
#define TF_BENCH_UTIL_H

/* (sched_getaffinity: include this header before any system header) */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif

#include "tt_foil/runtime.h"

#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

/* Seconds on the monotonic clock. */
static inline double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* A runtime call that must succeed: else "prog: call: message", exit 1. */
#define BENCH_MUST(prog, x)                                                                        \
    do {                                                                                           \
        if ((x) != 0) {                                                                            \
            fprintf(stderr, "%s: %s: %s\n", prog, #x, tf_last_error());                            \
            exit(1);                                                                               \
        }                                                                                          \
    } while (0)

/* Pin the calling thread (and what it starts or spawns afterwards) to the
 * first CPU it may use, as `taskset -c C` does; *saved gets the affinity to restore with
 * sched_setaffinity(0, sizeof *saved, saved). */
static inline void bench_pin_one_cpu(cpu_set_t *saved)
{
    cpu_set_t one;
    sched_getaffinity(0, sizeof *saved, saved);
    CPU_ZERO(&one);
    for (int c = 0; c < CPU_SETSIZE; c++)
        if (CPU_ISSET(c, saved)) {
            CPU_SET(c, &one);
            break;
        }
    sched_setaffinity(0, sizeof one, &one);
}

/* rm -rf a folder of the benchmark's own (made with mkdtemp or named by
 * it: no quote in it); 0 when it is gone. */
static inline int bench_rm_tree(const char *dir)
{
    char cmd[4200];
    if (snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir) >= (int)sizeof cmd) return -1;
    return system(cmd) ? -1 : 0;
}

/* A simulated device of gx x gy cores, or "prog: message" and exit 1. */
static inline tf_device *bench_open(const char *prog, int gx, int gy)
{
    tf_device_config cfg;
    tf_device_config_init(&cfg);
    tf_sim_config sim = {.grid_x = gx, .grid_y = gy};
    cfg.sim = &sim;
    tf_device *dev = tf_device_open(&cfg);
    BENCH_MUST(prog, dev ? 0 : -1);
    return dev;
}

#endif
