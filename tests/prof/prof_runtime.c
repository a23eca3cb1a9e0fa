/* A runtime workload built against the traced runtime, for
 * test_prof_runtime: device open (two cores), buffers in DRAM and L1 (one
 * persistent), kernel loads, one execute, one multi-core execute, one async
 * launch (its program changed while it runs), an L1 reset, frees, close.
 * Leaks one DRAM buffer on purpose. */
#include "tt_foil/profiling.h"
#include "tt_foil/runtime.h"

#include <stdio.h>
#include <stdlib.h>

#define MUST(x)                                                                                    \
    do {                                                                                           \
        if ((x) != 0) {                                                                            \
            fprintf(stderr, "%s: %s\n", #x, tf_last_error());                                      \
            exit(1);                                                                               \
        }                                                                                          \
    } while (0)

static tf_program *add_program(tf_device *dev, tf_core c, tf_kernel *k, tf_buffer *in,
                               tf_buffer *out, tf_buffer *scratch)
{
    tf_program *p = tf_program_create(dev, c);
    MUST(tf_program_set_kernel(p, TF_BRISC, k));
    uint64_t a = tf_buffer_noc_addr(in), o = tf_buffer_noc_addr(out);
    uint32_t args[] = {(uint32_t)a, (uint32_t)(a >> 32), (uint32_t)o, (uint32_t)(o >> 32),
                       (uint32_t)tf_buffer_address(scratch)};
    MUST(tf_program_set_args(p, TF_BRISC, args, 5));
    return p;
}

int main(void)
{
    TT_FOIL_ZONE("user main");
    tf_device_config cfg;
    tf_device_config_init(&cfg);
    tf_sim_config sim = {.grid_x = 2, .grid_y = 1};
    cfg.sim = &sim;
    tf_device *dev = tf_device_open(&cfg);
    if (!dev) {
        fprintf(stderr, "%s\n", tf_last_error());
        return 1;
    }
    tf_core c0 = {0, 0}, c1 = {1, 0};
    tf_buffer *in = tf_buffer_create_dram(dev, 64), *out = tf_buffer_create_dram(dev, 64);
    tf_buffer *leak = tf_buffer_create_dram(dev, 1000);
    (void)leak;
    tf_buffer *keep = tf_buffer_create_l1_persistent(dev, c1, 256);
    tf_buffer *s0 = tf_buffer_create_l1(dev, c0, 64), *s1 = tf_buffer_create_l1(dev, c1, 64);
    uint32_t v[4] = {1, 2, 3, 4};
    MUST(tf_buffer_write(in, 0, v, sizeof v));
    tf_kernel *k = tf_kernel_load(dev, TF_TEST_KERNELS "/add_two_b.brisc.elf");
    tf_kernel *k2 = tf_kernel_load(dev, TF_TEST_KERNELS "/counter.brisc.elf");
    tf_kernel_free(k2);
    if (!k) {
        fprintf(stderr, "%s\n", tf_last_error());
        return 1;
    }
    tf_program *p0 = add_program(dev, c0, k, in, out, s0);
    tf_program *p1 = add_program(dev, c1, k, in, out, s1);
    {
        TT_FOIL_ZONE("phase one");
        TT_FOIL_ZONE_TEXT("single");
        MUST(tf_dispatch_execute(p0));
    }
    tf_program *both[] = {p0, p1};
    MUST(tf_dispatch_execute_multi(both, 2));
    tf_launch *l = tf_dispatch_launch_async(both, 2);
    MUST(l ? 0 : -1);
    /* a program changed while its launch runs (it takes effect at its next
     * dispatch): the kernel configuration freed at the wait is the one the
     * launch allocated, not the program's new one */
    MUST(tf_program_set_args(p0, TF_NCRISC, v, 2));
    MUST(tf_launch_wait(l));
    tf_program_destroy(p0);
    tf_program_destroy(p1);
    /* a program's CBs are freed with it, at one time (one FREE_SET; the
     * second program's, the same, is a MEM_REPEAT of the first's) */
    for (int i = 0; i < 2; i++) {
        tf_program *p = tf_program_create(dev, c0);
        MUST(p ? 0 : -1);
        for (uint32_t cb = 0; cb < 3; cb++) MUST(tf_program_set_cb(p, cb, 2048, 2));
        MUST(tf_program_destroy(p));
    }
    tf_kernel_free(k);
    MUST(tf_l1_reset(dev, c1)); /* releases s1, keeps `keep` */
    tf_buffer_free(s1);
    tf_buffer_free(s0);
    tf_buffer_free(keep);
    tf_buffer_free(in);
    tf_buffer_free(out);
    MUST(tf_device_close(dev));
    return 0;
}
