/* What several benchmarks need: their command lines checked one way, the
 * clock, a call that must succeed, pinning to one CPU, and removing the
 * output folders of their runs. */
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
#include <string.h>
#include <time.h>

/* A benchmark's command line, checked before it runs anything: --help or
 * -h prints "usage: USAGE" and exits 0; an option not in `opts` (space
 * separated, "--name=" for one that takes a value), an option without its
 * value, or a word that is no option (unless `positional`) prints
 * "prog: ... (usage: USAGE)" and exits 2. The values are the caller's to
 * read and check. */
static inline void bench_args(int argc, char **argv, const char *prog, const char *usage,
                              const char *opts, int positional)
{
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *why = "unknown option '%s'";
        if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
            printf("usage: %s\n", usage);
            exit(0);
        }
        size_t n = strlen(a);
        const char *o = a[0] == '-' && n ? strstr(opts, a) : NULL;
        while (o && ((o != opts && o[-1] != ' ') || (o[n] && o[n] != ' ' && o[n] != '=')))
            o = strstr(o + 1, a); /* a whole option of opts, not a part of one */
        if (a[0] != '-' && positional) continue;
        if (a[0] != '-') why = "unexpected argument '%s'";
        if (o && o[n] == '=' && i + 1 >= argc) why = "option '%s' needs a value";
        if (o && (o[n] != '=' || i + 1 < argc)) {
            i += o[n] == '=';
            continue;
        }
        fprintf(stderr, "%s: ", prog);
        fprintf(stderr, why, a);
        fprintf(stderr, " (usage: %s)\n", usage);
        exit(2);
    }
}

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
