/* A program of a project that uses tt-foil from outside (tests/consumer,
 * docs/install.md): two kernels of its own, a C one (add_bias.c on NCRISC)
 * and a tt-metal style C++ one (scale.cpp on BRISC, factor 3 as a
 * compile-time arg), run one after the other on core (0,0):
 * out[i] = (in[i] + 7) * 3, checked word by word.
 *
 *   consumer KERNEL_DIR          load KERNEL_DIR/add_bias.ncrisc.elf and
 *                                KERNEL_DIR/scale.brisc.elf (built by
 *                                tt_foil_add_kernel or tt_foil_cc)
 *   consumer --build SOURCE_DIR  compile SOURCE_DIR/add_bias.c and
 *                                SOURCE_DIR/scale.cpp at run time
 *                                (tf_kernel_build, tt_foil/kbuild.h)
 * Exit 0 when every word is right. */
#include "tt_foil/kbuild.h"
#include "tt_foil/profiling.h"
#include "tt_foil/runtime.h"

#include <stdio.h>
#include <string.h>

enum { N = 64, BIAS = 7, FACTOR = 3 };

static int fail(const char *what)
{
    fprintf(stderr, "consumer: %s: %s\n", what, tf_last_error());
    return 1;
}

static tf_kernel *kernel(tf_device *dev, int build, const char *dir, const char *name,
                         const char *ext, tf_risc risc, const char *risc_name)
{
    char path[4096];
    if (!build) {
        snprintf(path, sizeof path, "%s/%s.%s.elf", dir, name, risc_name);
        return tf_kernel_load(dev, path);
    }
    snprintf(path, sizeof path, "%s/%s.%s", dir, name, ext);
    static const uint32_t factor[] = {FACTOR};
    tf_kernel_build_opts o;
    tf_kernel_build_opts_init(&o);
    o.source = path;
    o.risc = risc;
    if (risc == TF_BRISC) {
        o.compile_args = factor;
        o.num_compile_args = 1;
    }
    return tf_kernel_build(dev, &o);
}

/* One kernel over n words: src -> dst through L1 scratch. */
static int run(tf_device *dev, tf_kernel *k, tf_risc risc, tf_buffer *src, tf_buffer *dst,
               tf_buffer *l1, int bias)
{
    TT_FOIL_ZONE("consumer_run");
    tf_program *p = tf_program_create(dev, (tf_core){0, 0});
    if (!p) return -1;
    uint64_t s = tf_buffer_noc_addr(src), d = tf_buffer_noc_addr(dst);
    uint32_t args[7] = {(uint32_t)s,
                        (uint32_t)(s >> 32),
                        (uint32_t)d,
                        (uint32_t)(d >> 32),
                        (uint32_t)tf_buffer_address(l1),
                        N,
                        (uint32_t)bias};
    int rc = tf_program_set_kernel(p, risc, k) || tf_program_set_args(p, risc, args, 7) ||
             tf_dispatch_execute(p);
    tf_program_destroy(p);
    return rc ? -1 : 0;
}

int main(int argc, char **argv)
{
    int build = argc == 3 && !strcmp(argv[1], "--build");
    if (argc != 2 + build || argv[1 + build][0] == '-') {
        fprintf(stderr, "usage: consumer KERNEL_DIR | consumer --build SOURCE_DIR\n");
        return 2;
    }
    const char *dir = argv[1 + build];
    tf_device_config cfg;
    tf_device_config_init(&cfg);
    tf_sim_config sim = {.grid_x = 1, .grid_y = 1};
    cfg.sim = &sim;
    tf_device *dev = tf_device_open(&cfg);
    if (!dev) return fail("tf_device_open");
    tf_kernel *add = kernel(dev, build, dir, "add_bias", "c", TF_NCRISC, "ncrisc");
    if (!add) return fail("add_bias");
    tf_kernel *scale = kernel(dev, build, dir, "scale", "cpp", TF_BRISC, "brisc");
    if (!scale) return fail("scale");
    tf_buffer *in = tf_buffer_create_dram(dev, 4 * N), *mid = tf_buffer_create_dram(dev, 4 * N);
    tf_buffer *out = tf_buffer_create_dram(dev, 4 * N);
    tf_buffer *l1 = tf_buffer_create_l1(dev, (tf_core){0, 0}, 4 * N);
    if (!in || !mid || !out || !l1) return fail("buffers");
    uint32_t v[N], r[N];
    for (int i = 0; i < N; i++) v[i] = (uint32_t)(i * i + 1);
    if (tf_buffer_write(in, 0, v, sizeof v)) return fail("tf_buffer_write");
    if (run(dev, add, TF_NCRISC, in, mid, l1, BIAS)) return fail("add_bias run");
    if (run(dev, scale, TF_BRISC, mid, out, l1, 0)) return fail("scale run");
    if (tf_buffer_read(out, 0, r, sizeof r)) return fail("tf_buffer_read");
    int bad = 0;
    for (int i = 0; i < N; i++)
        if (r[i] != (v[i] + BIAS) * FACTOR) {
            if (bad++ < 4)
                fprintf(stderr, "consumer: word %d is %u, expected %u\n", i, r[i],
                        (v[i] + BIAS) * FACTOR);
        }
    tf_buffer_free(in);
    tf_buffer_free(mid);
    tf_buffer_free(out);
    tf_buffer_free(l1);
    tf_kernel_free(add);
    tf_kernel_free(scale);
    if (tf_device_close(dev)) return fail("tf_device_close");
    printf("consumer: %d of %d words right (%s kernels)\n", N - bad, N,
           build ? "run-time built" : "prebuilt");
    return bad != 0;
}
