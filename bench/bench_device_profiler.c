/* The device profiler's cost in modeled cycles: dz_loop mode 2 times 50
 * empty zones against the same loop without them, on profiling firmware.
 *   bench_device_profiler */
#include "bench_util.h"
#include "tt_foil/runtime.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static uint64_t dur(const tf_device_profile *pr, const char *name)
{
    for (size_t i = 0; i < pr->nzones; i++)
        if (!strcmp(pr->zones[i].name, name))
            return pr->zones[i].end_cycle - pr->zones[i].start_cycle;
    return 0;
}

int main(int argc, char **argv)
{
    bench_args(argc, argv, "bench_device_profiler", "bench_device_profiler  (no options)", "", 0);
    tf_device_config cfg;
    tf_device_config_init(&cfg);
    tf_sim_config sim = {.grid_x = 1, .grid_y = 1};
    cfg.sim = &sim;
    cfg.firmware_dir = TF_BENCH_FWPROF;
    setenv("TT_FOIL_DEVICE_ZONES_CSV", "OFF", 1);
    setenv("TT_FOIL_DEVICE_CLOCK_SYNC", "OFF", 1);
    tf_device *dev = tf_device_open(&cfg);
    tf_kernel *k = dev ? tf_kernel_load(dev, TF_BENCH_KERNELS "/dz_loop.brisc.elf") : NULL;
    tf_program *p = k ? tf_program_create(dev, (tf_core){0, 0}) : NULL;
    uint32_t args[] = {2, 50};
    tf_device_profile pr;
    if (!p || tf_program_set_kernel(p, TF_BRISC, k) || tf_program_set_args(p, TF_BRISC, args, 2) ||
        tf_dispatch_execute(p) || tf_program_device_profile(p, &pr)) {
        fprintf(stderr, "bench_device_profiler: %s\n", tf_last_error());
        return 1;
    }
    uint64_t ref = dur(&pr, "cost_ref"), with = dur(&pr, "cost_zones");
    printf("bench_device_profiler: one device zone (START + END) costs %.1f modeled cycles "
           "(%llu cycles for 50 zones in a loop, %llu for the loop alone); target <= 30\n",
           (double)(with - ref) / 50.0, (unsigned long long)with, (unsigned long long)ref);
    tf_program_destroy(p);
    tf_kernel_free(k);
    tf_device_close(dev);
    return 0;
}
