/* The CNN demo's network as a benchmark: per layer, the modeled device
 * cycles, the host wall time, and how much slower than the modeled 1 GHz
 * chip the simulation runs (host time / device time, the reference being
 * real time); the process's CPU time, split into the calling (host)
 * thread's, which also runs the rounds of the synchronous dispatches it
 * waits for, and the simulator's own threads'; and the simulator's aggregate guest
 * MIPS over the run. Run on one simulator thread, then on one per host
 * CPU. A first inference, which also faults in the simulated memory and
 * decodes the kernels, runs before the timed ones (its time printed).
 *
 *   bench_cnn [--images N] [--threads N|all]   (default 8 images; 1, then all) */
#include "bench_util.h"
#include "common/cm_env.h"
#include "examples/cnn/cnn.h"
#include "tf_env.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>

/* CPU time of the whole process (every thread: the host's, the
 * simulator's, their polling), seconds: less dependent than the wall
 * time on what else the machine runs. */
static double cpu_s(void)
{
    struct rusage ru;
    getrusage(RUSAGE_SELF, &ru);
    return (double)(ru.ru_utime.tv_sec + ru.ru_stime.tv_sec) +
           (double)(ru.ru_utime.tv_usec + ru.ru_stime.tv_usec) * 1e-6;
}

/* CPU time of the calling thread alone (the host's side: the runtime, the
 * demo's reference, its polling, and the rounds of the dispatches it runs
 * itself), seconds: the rest of the process's is the simulator's own
 * threads'. */
static double thread_cpu_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* One run of `images` inferences on a chip simulated on `threads` host
 * threads ("1", or "all": the host's CPUs). */
static int run(int images, const char *threads)
{
    setenv(tf_env_name(TF_ENV_SIM_THREADS), threads, 1);
    tf_device *dev = cnn_device_open();
    cnn *net = dev ? cnn_create(dev, TF_BENCH_CNN_KERNELS) : NULL;
    if (!net) {
        fprintf(stderr, "bench_cnn: %s\n", dev ? cnn_error() : tf_last_error());
        return 1;
    }
    /* One inference first, not counted: it faults in the pages of the
     * simulated memory it touches and decodes the kernels, which the rest
     * find done (its time is printed on its own). */
    float image[CNN_IN * CNN_IN * CNN_IN_CH], logits[CNN_CLASSES];
    cnn_op_stats st[CNN_OPS];
    cnn_image(0, image);
    double w0 = now_s();
    if (cnn_infer(net, image, logits, st)) {
        fprintf(stderr, "bench_cnn: %s\n", tf_last_error());
        return 1;
    }
    double first = now_s() - w0;
    cnn_op_stats sum[CNN_OPS];
    memset(sum, 0, sizeof sum);
    tf_device_counters c0, c1;
    tf_device_counters_read(dev, &c0);
    /* the inferences alone are timed: making an image (sines and cosines,
     * about 2% of an inference) is the demo's input, not its work */
    double wall = 0, cpu = 0, host = 0;
    for (int im = 0; im < images; im++) {
        cnn_image(im, image);
        double t0 = now_s(), cpu0 = cpu_s(), host0 = thread_cpu_s();
        if (cnn_infer(net, image, logits, st)) {
            fprintf(stderr, "bench_cnn: %s\n", tf_last_error());
            return 1;
        }
        host += thread_cpu_s() - host0;
        cpu += cpu_s() - cpu0;
        wall += now_s() - t0;
        for (int o = 0; o < CNN_OPS; o++) {
            sum[o].name = st[o].name;
            sum[o].cores = st[o].cores;
            sum[o].cycles += st[o].cycles;
            sum[o].instructions += st[o].instructions;
            sum[o].host_s += st[o].host_s;
        }
    }
    tf_device_counters_read(dev, &c1);
    printf("bench_cnn: %d images after a first one (%.2f ms: it faults in the simulated memory "
           "and decodes the kernels), simulator threads: %s, per image on average:\n",
           images, first * 1e3, threads);
    printf("  %-6s %5s %14s %12s %12s %10s\n", "LAYER", "CORES", "DEVICE_CYCLES", "HOST_MS",
           "SLOWDOWN", "GUEST_MIPS");
    uint64_t cyc = 0;
    for (int o = 0; o < CNN_OPS; o++) {
        double c = (double)sum[o].cycles / images, h = sum[o].host_s / images;
        cyc += sum[o].cycles;
        printf("  %-6s %5d %14.0f %12.2f %11.0fx %10.1f\n", sum[o].name, sum[o].cores, c, h * 1e3,
               h * 1e9 / c, (double)sum[o].instructions / sum[o].host_s / 1e6);
    }
    printf("  whole inference: %.0f device cycles (%.1f us at 1 GHz), %.2f ms on the host "
           "(%.0fx slower than the modeled chip)\n",
           (double)cyc / images, (double)cyc / images / 1e3, wall / images * 1e3,
           wall * 1e9 / (double)cyc);
    /* (a synchronous dispatch's rounds run on the thread that waits for
     * it: TT_FOIL_SIM_HOST_RUNS, docs/chip.md) */
    double others = cpu > host ? cpu - host : 0;
    printf("  process CPU time: %.2f ms an inference (every thread, polling included): the "
           "calling thread %.2f ms (the host's side%s), the simulator's own threads %.2f ms\n",
           cpu / images * 1e3, host / images * 1e3,
           cm_env_switch(TF_ENV_SIM_HOST_RUNS, 1, "ON") ? " and the chip's rounds it runs" : "",
           others / images * 1e3);
    printf("  aggregate guest MIPS over the run: %.1f (%llu instructions in %.3f s)\n",
           (double)(c1.instructions - c0.instructions) / wall / 1e6,
           (unsigned long long)(c1.instructions - c0.instructions), wall);
    cnn_destroy(net);
    return tf_device_close(dev) ? 1 : 0;
}

int main(int argc, char **argv)
{
    int images = 8;
    const char *threads = NULL;
    bench_args(argc, argv, "bench_cnn", "bench_cnn [--images N] [--threads N|all]",
               "--images= --threads=", 0);
    for (int i = 1; i + 1 < argc; i += 2) {
        if (!strcmp(argv[i], "--images"))
            images = atoi(argv[i + 1]);
        else if (!strcmp(argv[i], "--threads"))
            threads = argv[i + 1];
        else
            images = 0;
    }
    if (images < 1 || argc % 2 == 0) {
        fprintf(stderr, "usage: bench_cnn [--images N] [--threads N|all]\n");
        return 2;
    }
    if (threads) return run(images, threads);
    /* one simulator thread (as before threads), then all the host's CPUs:
     * the same modeled cycles, the host time is what differs */
    return run(images, "1") || run(images, "all");
}
