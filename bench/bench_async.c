/* Asynchronous launches against synchronous dispatches (issue 15,
 * "scheduler hand-offs"): the same two-core dispatch of a short kernel, as
 * tf_dispatch_execute_multi and as tf_dispatch_launch_async followed at
 * once by tf_launch_wait, in three placements of the host's and the
 * simulator's threads: as the kernel's scheduler puts them, all on one
 * CPU, and beside two CPU-bound processes (a busy machine: the chip's
 * thread, woken by an asynchronous launch, waited for a time slice there,
 * about 6 ms a launch, until the waiting host took its rounds over). The
 * figure is the ratio of the two, measured in the same run; the target is
 * the same cost (1.0x, the launch's own bookkeeping a little more).
 *
 *   bench_async [--iters N] */
#include "bench_util.h"
#include "tt_foil/runtime.h"

#include <signal.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define MUST(x) BENCH_MUST("bench_async", x)

/* Microseconds an iteration, best of 3 runs of n: sync (0) or async (1). */
static double timed(tf_program **p, int async, int n)
{
    double best = 1e30;
    for (int rep = 0; rep < 3; rep++) {
        double t0 = now_s();
        for (int i = 0; i < n; i++) {
            if (!async) {
                MUST(tf_dispatch_execute_multi(p, 2));
            } else {
                tf_launch *l = tf_dispatch_launch_async(p, 2);
                MUST(l ? 0 : -1);
                MUST(tf_launch_wait(l));
            }
        }
        double t = (now_s() - t0) / n * 1e6;
        if (t < best) best = t;
    }
    return best;
}

/* Two processes that spin until killed (a machine busy with other work). */
static void hogs(pid_t *pid)
{
    for (int i = 0; i < 2; i++)
        if ((pid[i] = fork()) == 0)
            for (volatile unsigned long x = 0;; x++) {
            }
}

int main(int argc, char **argv)
{
    int n = 300;
    static const char usage[] = "bench_async [--iters N]  (default 300)";
    bench_args(argc, argv, "bench_async", usage, "--iters=", 0);
    for (int i = 1; i + 1 < argc; i += 2) n = atoi(argv[i + 1]);
    if (n < 1) {
        fprintf(stderr, "bench_async: --iters %s: a number from 1 (usage: %s)\n", argv[2], usage);
        return 2;
    }
    tf_device *dev = bench_open("bench_async", 2, 1);
    tf_kernel *k = tf_kernel_load(dev, TF_BENCH_KERNELS "/counter.brisc.elf");
    MUST(k ? 0 : -1);
    tf_program *p[2];
    for (int c = 0; c < 2; c++) {
        tf_buffer *r = tf_buffer_create_l1(dev, (tf_core){c, 0}, 16);
        p[c] = tf_program_create(dev, (tf_core){c, 0});
        MUST(r && p[c] ? 0 : -1);
        uint32_t args[] = {100, (uint32_t)tf_buffer_address(r), 0}; /* 100 loop iterations */
        MUST(tf_program_set_kernel(p[c], TF_BRISC, k));
        MUST(tf_program_set_args(p[c], TF_BRISC, args, 3));
    }
    printf("asynchronous launch + wait against tf_dispatch_execute_multi, 2 cores, a kernel of "
           "~600 cycles, best of 3 x %d (target: 1.0x)\n",
           n);
    for (int place = 0; place < 3; place++) {
        cpu_set_t saved;
        pid_t hog[2] = {0, 0};
        if (place == 1) bench_pin_one_cpu(&saved);
        if (place == 2) hogs(hog);
        double s = timed(p, 0, n), a = timed(p, 1, n);
        if (place == 1) sched_setaffinity(0, sizeof saved, &saved);
        for (int i = 0; i < 2; i++)
            if (hog[i] > 0) {
                kill(hog[i], SIGKILL);
                waitpid(hog[i], NULL, 0);
            }
        static const char *const what[] = {"threads where the scheduler puts them",
                                           "all on one CPU", "beside two CPU-bound processes"};
        printf("  %-38s sync %7.1f us, async %8.1f us = %.2fx\n", what[place], s, a, a / s);
    }
    MUST(tf_device_close(dev));
    return 0;
}
