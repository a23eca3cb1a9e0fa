/* A kernel's own SFPU function (SFPI) against tt-metal's named op for the
 * same function, on the simulator's host: hardsigmoid on one DEST tile, n
 * times in one dispatch, as hardsigmoid_tile (one engine command a tile)
 * and written in SFPI (one command a vector operation: bench/kernels/
 * sfpi_bench.cpp). It prints each one's host time a tile and modeled SFPU
 * cycles a tile, and the ratio of the host times measured in the same run:
 * what profiling a long SFPI kernel costs here against a named op's.
 *
 *   bench_sfpi [--tiles N] */
#include "bench_util.h"
#include "tf_perf.h"
#include "tt_foil/kbuild.h"
#include "tt_foil/runtime.h"

#define PROG    "bench_sfpi"
#define MUST(x) BENCH_MUST(PROG, x)

/* Host microseconds a tile (best of 3 dispatches of n tiles) and the SFPU's
 * modeled cycles a tile, for MODE mode. */
static double run(tf_device *dev, int mode, uint32_t n, double *cycles)
{
    char def[16];
    snprintf(def, sizeof def, "MODE=%d", mode);
    const char *defs[] = {def};
    tf_kernel_build_opts o;
    tf_kernel_build_opts_init(&o);
    o.source = TF_BENCH_SOURCE "/kernels/sfpi_bench.cpp";
    o.risc = TF_COMPUTE;
    o.defines = defs;
    o.num_defines = 1;
    tf_kernel *k = tf_kernel_build(dev, &o);
    MUST(k ? 0 : -1);
    tf_program *p = tf_program_create(dev, (tf_core){0, 0});
    MUST(p ? 0 : -1);
    MUST(tf_program_set_kernel(p, TF_COMPUTE, k));
    uint32_t one = 1;
    MUST(tf_program_set_args(p, TF_COMPUTE, &one, 1));
    MUST(tf_dispatch_execute(p)); /* (the first run loads the kernel) */
    MUST(tf_program_set_args(p, TF_COMPUTE, &n, 1));
    double best = 1e30;
    for (int rep = 0; rep < 3; rep++) {
        double t0 = now_s();
        MUST(tf_dispatch_execute(p));
        double t = (now_s() - t0) / n * 1e6;
        if (t < best) best = t;
    }
    tf_perf_core pc;
    MUST(tf_program_counters(p, &pc));
    *cycles = (double)pc.unit_busy[TF_PERF_UNIT_SFPU] / n;
    tf_program_destroy(p);
    tf_kernel_free(k);
    return best;
}

int main(int argc, char **argv)
{
    bench_args(argc, argv, PROG, PROG " [--tiles N]", "--tiles=", 0);
    uint32_t n = 2000;
    for (int i = 1; i + 1 < argc; i++)
        if (!strcmp(argv[i], "--tiles")) n = (uint32_t)strtoul(argv[i + 1], NULL, 10);
    if (n < 1) {
        fprintf(stderr, PROG ": --tiles takes a count of 1 or more\n");
        return 2;
    }
    tf_device *dev = bench_open(PROG, 1, 1);
    double c0, c1, named = run(dev, 0, n, &c0), sfpi = run(dev, 1, n, &c1);
    printf(PROG ": hardsigmoid on a DEST tile, %u tiles a dispatch, best of 3\n", n);
    printf(
        "  named op (hardsigmoid_tile)   %8.2f us a tile on the host, %6.0f SFPU cycles a tile\n",
        named, c0);
    printf(
        "  SFPI (the same function)      %8.2f us a tile on the host, %6.0f SFPU cycles a tile\n",
        sfpi, c1);
    printf("  SFPI / named op: host time %.1fx, modeled SFPU cycles %.2fx\n", sfpi / named,
           c1 / c0);
    MUST(tf_device_close(dev));
    return 0;
}
