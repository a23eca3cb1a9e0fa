/* The traced runtime with the device profiler, for test_prof_runtime: a
 * few dispatches of dz_loop on profiling firmware, so that device zones
 * reach the host trace. */
#include "tt_foil/runtime.h"

#include <stdio.h>
#include <stdlib.h>

int main(void)
{
    tf_device_config cfg;
    tf_device_config_init(&cfg);
    tf_sim_config sim = {.grid_x = 2, .grid_y = 1};
    cfg.sim = &sim;
    cfg.firmware_dir = TF_TEST_FWPROF;
    tf_device *dev = tf_device_open(&cfg);
    tf_kernel *k = dev ? tf_kernel_load(dev, TF_TEST_KERNELS "/dz_loop.brisc.elf") : NULL;
    if (!k) {
        fprintf(stderr, "%s\n", tf_last_error());
        return 1;
    }
    tf_program *p[2];
    for (int c = 0; c < 2; c++) {
        p[c] = tf_program_create(dev, (tf_core){c, 0});
        uint32_t args[] = {0, 2000u * (uint32_t)(c + 1)};
        if (tf_program_set_kernel(p[c], TF_BRISC, k) ||
            tf_program_set_args(p[c], TF_BRISC, args, 2))
            return 1;
    }
    for (int i = 0; i < 3; i++)
        if (tf_dispatch_execute(p[i % 2])) return 1;
    if (tf_dispatch_execute_multi(p, 2)) return 1;
    for (int c = 0; c < 2; c++) tf_program_destroy(p[c]);
    tf_kernel_free(k);
    return tf_device_close(dev) ? 1 : 0;
}
