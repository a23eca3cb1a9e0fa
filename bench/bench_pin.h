/* Pinning for the benchmarks that measure a cost in both placements: the
 * calling thread (and what it starts or spawns afterwards) on the first
 * CPU it may use, as `taskset -c C` does. */
#ifndef TF_BENCH_PIN_H
#define TF_BENCH_PIN_H

#include <sched.h>

/* Pin to one CPU; *saved gets the affinity to restore with
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

#endif
