/* What several benchmarks need: pinning to one CPU, and removing the
 * output folders of their runs. */
#ifndef TF_BENCH_UTIL_H
#define TF_BENCH_UTIL_H

#include <sched.h>
#include <stdio.h>
#include <stdlib.h>

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

#endif
