/* The zone-dense workload of issue 13: 16 cores, every BRISC recording 100
 * device zones per dispatch (dz_loop mode 1) besides the firmware's FW and
 * KERNEL zones, for N multi-core dispatches. Measured in one run:
 *   1. the profiled run (profiling firmware and kernel, TT_FOIL_TRACE on)
 *      against the plain one (firmware and kernel without the profiler,
 *      nothing recorded): wall time ratio (target <= 1.3);
 *   2. the trace's bytes per device marker (target <= 16);
 *   3. tt_foil_profile's report of that run: events per second (target
 *      >= 5 M/s) and the peak RSS, per device marker (to extrapolate to 50 M
 *      markers: target under 512 MB).
 *
 *   bench_dense [--iterations N]      (default 300; the run is 1500)
 * It runs itself as the child: `run plain|profiled N`. */
#include "tools/profile/pf.h"
#include "tt_foil/runtime.h"

#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

extern char **environ;

#define CORES_X 4
#define CORES_Y 4
#define ZONES   100

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static int child(int profiled, int iters)
{
    tf_device_config cfg;
    tf_device_config_init(&cfg);
    tf_sim_config sim = {.grid_x = CORES_X, .grid_y = CORES_Y};
    cfg.sim = &sim;
    if (profiled) cfg.firmware_dir = TF_BENCH_FWPROF;
    tf_device *dev = tf_device_open(&cfg);
    tf_kernel *k = dev ? tf_kernel_load(dev, profiled ? TF_BENCH_KERNELS "/dz_loop.brisc.elf"
                                                      : TF_BENCH_KERNELS "/dz_loop_off.brisc.elf")
                       : NULL;
    if (!k) {
        fprintf(stderr, "bench_dense: %s\n", tf_last_error());
        return 1;
    }
    tf_program *p[CORES_X * CORES_Y];
    for (int i = 0; i < CORES_X * CORES_Y; i++) {
        p[i] = tf_program_create(dev, (tf_core){i % CORES_X, i / CORES_X});
        uint32_t args[] = {1, ZONES};
        if (!p[i] || tf_program_set_kernel(p[i], TF_BRISC, k) ||
            tf_program_set_args(p[i], TF_BRISC, args, 2))
            return 1;
    }
    for (int it = 0; it < iters; it++)
        if (tf_dispatch_execute_multi(p, CORES_X * CORES_Y)) {
            fprintf(stderr, "bench_dense: %s\n", tf_last_error());
            return 1;
        }
    for (int i = 0; i < CORES_X * CORES_Y; i++) tf_program_destroy(p[i]);
    tf_kernel_free(k);
    return tf_device_close(dev) ? 1 : 0;
}

/* Run ourselves as `run MODE N`; the wall time in seconds, < 0 on failure. */
static double run(const char *self, const char *mode, int iters)
{
    char n[16];
    snprintf(n, sizeof n, "%d", iters);
    char *av[] = {(char *)self, "run", (char *)mode, n, NULL};
    double t0 = now_s();
    pid_t pid;
    int st = -1;
    if (posix_spawn(&pid, self, NULL, NULL, av, environ)) return -1;
    waitpid(pid, &st, 0);
    double t = now_s() - t0;
    return WIFEXITED(st) && WEXITSTATUS(st) == 0 ? t : -1;
}

static uint64_t dir_bytes(const char *dir)
{
    char cmd[700];
    snprintf(cmd, sizeof cmd, "du -sb '%s' | cut -f1", dir);
    FILE *f = popen(cmd, "r");
    unsigned long long b = 0;
    if (f) {
        if (fscanf(f, "%llu", &b) != 1) b = 0;
        pclose(f);
    }
    return b;
}

int main(int argc, char **argv)
{
    if (argc == 4 && !strcmp(argv[1], "run"))
        return child(!strcmp(argv[2], "profiled"), atoi(argv[3]));
    int iters = 300;
    if (argc == 3 && !strcmp(argv[1], "--iterations")) iters = atoi(argv[2]);
    char dir[] = "/tmp/bench_dense.XXXXXX";
    if (!mkdtemp(dir)) return 1;
    char logs[600], reports[600], trace[700];
    snprintf(logs, sizeof logs, "%s/.logs", dir);
    snprintf(reports, sizeof reports, "%s/reports", dir);
    mkdir(logs, 0777);
    mkdir(reports, 0777);
    snprintf(trace, sizeof trace, "%s/tt_foil_trace.%%p.tft", logs);
    unsetenv("TT_FOIL_TRACE");
    unsetenv("TT_FOIL_MEM_LOG");
    double plain = run(argv[0], "plain", iters);
    setenv("TT_FOIL_TRACE", trace, 1);
    double prof = run(argv[0], "profiled", iters);
    unsetenv("TT_FOIL_TRACE");
    if (plain < 0 || prof < 0) {
        fprintf(stderr, "bench_dense: a run failed\n");
        return 1;
    }
    uint64_t bytes = dir_bytes(logs);
    pf_options opt = {.outdir = dir, .max_timeline = 1000000};
    pf_logs l;
    double t0 = now_s();
    uint64_t events = pf_generate(&l, dir, &opt, NULL);
    double rep = now_s() - t0;
    uint64_t markers = l.dev_markers + l.dev_payload;
    struct rusage ru;
    getrusage(RUSAGE_SELF, &ru);
    double rss_mb = (double)ru.ru_maxrss / 1024.0;
    printf("bench_dense: %d dispatches x %d cores x %d zones per BRISC\n", iters, CORES_X * CORES_Y,
           ZONES);
    printf("  profiled run %.2f s vs plain %.2f s: %.2fx (target <= 1.3x)\n", prof, plain,
           prof / plain);
    printf("  .logs: %llu bytes for %llu device markers: %.2f bytes per marker (target <= 16)\n",
           (unsigned long long)bytes, (unsigned long long)markers,
           markers ? (double)bytes / (double)markers : 0.0);
    printf("  report: %llu events in %.2f s: %.2f M events/s (target >= 5); load %.2f s, "
           "write %.2f s\n",
           (unsigned long long)events, rep, (double)events / rep / 1e6, l.t_load, l.t_write);
    printf("  peak RSS %.0f MB: %.1f bytes per device marker, %.0f MB at 50 M markers "
           "(extrapolated linearly; target < 512)\n",
           rss_mb, markers ? rss_mb * 1048576.0 / (double)markers : 0.0,
           markers ? rss_mb * 50e6 / (double)markers : 0.0);
    pf_free(&l);
    if (!getenv("TF_BENCH_KEEP")) {
        char cmd[700];
        snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
        if (system(cmd)) return 1;
    } else {
        printf("  kept %s\n", dir);
    }
    return 0;
}
