/* tt_foil_profile's two measured promises, each against a reference taken
 * in the same run:
 *   1. report generation: a synthetic run of millions of events (zones
 *      with text, frame marks, memory events, device markers) turned into
 *      every report; events per second, and the cost relative to only
 *      reading the logs back;
 *   2. overhead: runtime workloads (device open, buffers, kernel loads,
 *      single and multi-core dispatches) timed by themselves, run plain
 *      and under tt_foil_profile, alternating; the CPU time's overhead in %
 *      (min of the runs), and the wall time's.
 *
 *   3. the hardware counters' collection on the CNN demo (TT_FOIL_PERF_COUNTERS).
 *
 *   bench_profile [--counters-only | --overhead-only] [--events N] [--runs N]
 *                                                            (defaults: 4000000, 7)
 * TF_BENCH_KEEP=1 keeps the synthetic run's folder (for perf and friends).
 * It runs itself as the children: `gen N` records the synthetic log,
 * `workload KIND N` is a runtime example. */
#include "bench_util.h"
#include "examples/cnn/cnn.h"
#include "tools/profile/pf.h"
#include "tt_foil/profiling.h"
#include "tt_foil/runtime.h"

#include <fcntl.h>
#include <sched.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

extern char **environ;
static volatile unsigned sink;

/* CPU time of the whole process (every thread: the simulator's, the
 * recorder's writer): what the profiler adds, whatever else the machine
 * runs meanwhile. */
static double cpu_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* What a workload child prints, timed from inside: wall and CPU seconds. */
static void print_times(double t0, double c0)
{
    printf("workload_s %.6f cpu_s %.6f\n", now_s() - t0, cpu_s() - c0);
}

/* Run argv to completion; its stdout into `out` (if not NULL). */
static int spawn_wait(char **argv, char **env, char *out, size_t n)
{
    int fd[2];
    if (pipe(fd)) return -1;
    posix_spawn_file_actions_t fa;
    posix_spawn_file_actions_init(&fa);
    posix_spawn_file_actions_adddup2(&fa, fd[1], 1);
    posix_spawn_file_actions_addclose(&fa, fd[0]);
    posix_spawn_file_actions_addopen(&fa, 2, "/dev/null", O_WRONLY, 0); /* the summaries */
    pid_t pid;
    int rc = posix_spawn(&pid, argv[0], &fa, NULL, argv, env ? env : environ);
    posix_spawn_file_actions_destroy(&fa);
    close(fd[1]);
    size_t len = 0;
    ssize_t r;
    char tmp[4096];
    while ((r = read(fd[0], tmp, sizeof tmp)) > 0)
        if (out && len + (size_t)r < n) memcpy(out + len, tmp, (size_t)r), len += (size_t)r;
    if (out) out[len] = 0;
    close(fd[0]);
    int st = 0;
    if (rc || waitpid(pid, &st, 0) < 0) return -1;
    return WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
}

/* ---- 1. report generation ------------------------------------------------------------ */

/* the child: zones two deep under a parent with text, frame marks, memory
 * events in 16 per-core pools; about `n` recorded events in all */
static int gen(long n)
{
    static const char *texts[] = {"conv1", "conv2", "fc, final", "relu"};
    uint32_t l1_pool[16] = {0};
    for (long i = 0, it = 0; i < n; it++) {
        TT_FOIL_ZONE("TF_dispatch_execute");
        TT_FOIL_ZONE_TEXT(texts[it % 4]);
        {
            TT_FOIL_ZONE("TF_dispatch/setup");
            sink++;
        }
        {
            TT_FOIL_ZONE("TF_dispatch/wait_done");
            sink++;
        }
        i += 7; /* 3 begins, 3 ends, a text */
        if (it % 8 == 0) {
            uint64_t p = (uint64_t)it * 64;
            /* per-core pools, named as the runtime names them */
            int core = (int)(it / 8 % 16);
            if (!l1_pool[core]) {
                char name[32];
                snprintf(name, sizeof name, "Device L1 (%d,%d)", core % 4, core / 4);
                l1_pool[core] = tf_prof_pool_id(name);
            }
            tf_prof_alloc_id(l1_pool[core], p, 4096);
            tf_prof_free_id(l1_pool[core], p);
            i += 2;
        }
        if (it % 1000 == 0) {
            TT_FOIL_FRAME_MARK();
            i++;
        }
    }
    return 0;
}

/* the device zones CSV: `markers` markers, zones two deep on 4 cores x 5 RISCs */
static int gen_device(const char *dir, long markers)
{
    char p[4200];
    snprintf(p, sizeof p, "%s/%s", dir, PF_DEVZONES_CSV);
    FILE *f = fopen(p, "w");
    if (!f) return -1;
    cm_csv_write_header(f, &tf_csv_device_zones);
    static const char *rn[] = {"BRISC", "NCRISC", "TRISC0", "TRISC1", "TRISC2"};
    uint64_t cyc = 1000000;
    long m = 0;
    cm_csv_value v[TF_DZ_NCOLS] = {{0}};
    v[TF_DZ_host_ns] = v[TF_DZ_core_y] = v[TF_DZ_dropped] = CM_CSV_U(0);
    for (unsigned d = 0; m < markers; d++) {
        for (int c = 0; c < 4 && m < markers; c++)
            for (int r = 0; r < 5 && m < markers; r++, m += 4) {
                uint64_t s = cyc + (uint64_t)(c * 10 + r);
                v[TF_DZ_dispatch_idx] = CM_CSV_U(d);
                v[TF_DZ_core_x] = CM_CSV_U((uint64_t)c);
                v[TF_DZ_risc] = CM_CSV_S(rn[r]);
                /* FW around a tile loop */
                const struct {
                    int packet;
                    const char *hash, *name, *file, *kernel;
                    uint64_t line, cycle;
                } row[4] = {{TF_PACKET_START, "0x1111", "FW", "fw.c", "fw", 1, s},
                            {TF_PACKET_START, "0x2222", "tile loop", "k.c", "k", 5, s + 50},
                            {TF_PACKET_END, "0x2222", "tile loop", "k.c", "k", 5, s + 850 + r},
                            {TF_PACKET_END, "0x1111", "FW", "fw.c", "fw", 1, s + 1000}};
                for (int k = 0; k < 4; k++) {
                    v[TF_DZ_packet_type] = CM_CSV_S(tf_csv_packet_type[row[k].packet]);
                    v[TF_DZ_zone_hash] = CM_CSV_S(row[k].hash);
                    v[TF_DZ_cycle] = CM_CSV_U(row[k].cycle);
                    v[TF_DZ_zone_name] = CM_CSV_S(row[k].name);
                    v[TF_DZ_src_file] = CM_CSV_S(row[k].file);
                    v[TF_DZ_src_line] = CM_CSV_U(row[k].line);
                    v[TF_DZ_kernel] = CM_CSV_S(row[k].kernel);
                    cm_csv_write_row(f, &tf_csv_device_zones, v);
                }
            }
        cyc += 2000;
    }
    fclose(f);
    snprintf(p, sizeof p, "%s/%s", dir, PF_CLOCK_SYNC);
    f = fopen(p, "w");
    if (!f) return -1;
    cm_csv_value sync[TF_SYNC_NCOLS] = {{0}};
    sync[TF_SYNC_host_ns_first] = sync[TF_SYNC_cycle_first] = CM_CSV_U(1000000);
    sync[TF_SYNC_ns_per_cycle] = CM_CSV_F(1.0);
    sync[TF_SYNC_device_clock] = CM_CSV_S(tf_csv_device_clock[TF_CLOCK_host_monotonic]);
    cm_csv_write_header(f, &tf_csv_clock_sync);
    cm_csv_write_row(f, &tf_csv_clock_sync, sync);
    return fclose(f);
}

/* Generate the synthetic run under `base`, time every report, print. */
static void bench_reports(const char *self, long events, const char *base, const char *what)
{
    char dir[256];
    snprintf(dir, sizeof dir, "%s/tt_foil_bench_profile.XXXXXX", base);
    if (access(base, W_OK) || !mkdtemp(dir)) {
        printf("report generation (%s): %s is not writable, skipped\n", what, base);
        return;
    }
    char logs[4200], trace[4200], mem[4200], env_t[4300], env_m[4300], num[32];
    snprintf(logs, sizeof logs, "%s/" PF_REPORTS, dir);
    mkdir(logs, 0777);
    snprintf(logs, sizeof logs, "%s/" PF_LOGS, dir);
    mkdir(logs, 0777);
    snprintf(trace, sizeof trace, "%s/%s", dir, PF_TRACE);
    snprintf(mem, sizeof mem, "%s/%s", dir, PF_MEMLOG);
    snprintf(env_t, sizeof env_t, "TT_FOIL_TRACE=%s", trace);
    snprintf(env_m, sizeof env_m, "TT_FOIL_MEM_LOG=%s", mem);
    long host = events * 4 / 5, dev = events - host;
    snprintf(num, sizeof num, "%ld", host);
    char *argv[] = {(char *)self, "gen", num, NULL};
    char *env[] = {env_t, env_m, NULL};
    if (spawn_wait(argv, env, NULL, 0) || gen_device(dir, dev)) {
        fprintf(stderr, "bench_profile: cannot generate the synthetic log in %s\n", dir);
        return;
    }
    /* write back what earlier benchmarks left dirty in the page cache, so
     * that the disk's catching up is not timed as ours */
    sync();
    /* reference: only reading the logs back */
    double t0 = now_s();
    tf_trace *a = tf_trace_load(trace), *b = tf_trace_load(mem);
    double t_read = now_s() - t0;
    tf_trace_free(a);
    tf_trace_free(b);
    pf_options opt = {.outdir = dir, .max_timeline = 1000000};
    pf_logs l;
    t0 = now_s();
    uint64_t n = pf_generate(&l, dir, &opt, NULL);
    double t_all = now_s() - t0;
    int problems = l.errors;
    size_t zones = l.trace ? l.trace->nzones : 0, mems = l.mem ? l.mem->nmem : 0;
    uint64_t markers = l.dev_markers;
    double steps[3] = {l.t_load, l.t_analyze, l.t_write};
    pf_free(&l);
    struct stat st;
    stat(trace, &st);
    printf("report generation, output %s: %llu events in %.2f s = %.1f M events/s (target >= 5)\n",
           what, (unsigned long long)n, t_all, (double)n / t_all / 1e6);
    printf("  (events as recorded: zone begins and ends, zone texts, frame marks, memory events, "
           "device markers;\n   here %zu host zones, %zu memory events, %llu device markers, "
           "%.0f MB of host trace)\n",
           zones, mems, (unsigned long long)markers, (double)st.st_size / 1e6);
    printf("  steps: load %.2f s, analyse %.2f s, write %.2f s (reading and analysing on two "
           "threads, writing on three)\n",
           steps[0], steps[1], steps[2]);
    printf("  reference: reading the host trace and memory log alone takes %.2f s; every "
           "report costs %.2fx that\n",
           t_read, t_all / t_read);
    if (problems) printf("  warning: %d problems reading the logs\n", problems);
    if (getenv("TF_BENCH_KEEP")) {
        printf("  (kept the logs and reports in %s)\n", dir);
        return;
    }
    if (bench_rm_tree(dir)) fprintf(stderr, "bench_profile: could not remove %s\n", dir);
}

/* ---- 2. overhead on a runtime workload ---------------------------------------------------- */

#define MUST(x) BENCH_MUST("bench_profile", x)

/* the children: runtime examples, timed from inside (process start-up and
 * report writing excluded, so the figure is the profiler's cost).
 *   dispatch  trivial kernels: 2 L1 buffers, one single-core and one
 *             two-core dispatch per iteration (the worst case: nothing
 *             but runtime work to add zones to)
 *   tiles     test_tile_copy's pipeline on two cores: 64 tiles of 2 KiB
 *             DRAM -> CB -> DRAM per core and iteration
 *   cnn       the demo's network, one image per iteration */
static int cnn_workload(int iters)
{
    double t0 = now_s(), c0 = cpu_s();
    tf_device *dev = cnn_device_open();
    cnn *net = dev ? cnn_create(dev, TF_BENCH_CNN_KERNELS) : NULL;
    MUST(net ? 0 : -1);
    float image[CNN_IN * CNN_IN * CNN_IN_CH], logits[CNN_CLASSES];
    for (int i = 0; i < iters; i++) {
        cnn_image(i, image);
        MUST(cnn_infer(net, image, logits, NULL));
    }
    cnn_destroy(net);
    MUST(tf_device_close(dev));
    print_times(t0, c0);
    return 0;
}

static int workload(const char *kind, int iters)
{
    if (!strcmp(kind, "cnn")) return cnn_workload(iters);
    double t0 = now_s(), c0 = cpu_s();
    int tiles = !strcmp(kind, "tiles");
    tf_device *dev = bench_open("bench_profile", 2, 1);
    tf_kernel *k = tf_kernel_load(dev, TF_BENCH_KERNELS "/add_two_b.brisc.elf");
    tf_kernel *rd = tf_kernel_load(dev, TF_BENCH_KERNELS "/tile_reader.ncrisc.elf");
    tf_kernel *wr = tf_kernel_load(dev, TF_BENCH_KERNELS "/tile_writer.brisc.elf");
    MUST(k && rd && wr ? 0 : -1);
    enum { TILE = 2048, NT = 64 };
    tf_buffer *in = tf_buffer_create_dram(dev, NT * TILE),
              *out = tf_buffer_create_dram(dev, NT * TILE);
    uint32_t v[2] = {1, 2};
    MUST(tf_buffer_write(in, 0, v, sizeof v));
    uint64_t a = tf_buffer_noc_addr(in), o = tf_buffer_noc_addr(out);
    for (int i = 0; i < iters; i++) {
        TT_FOIL_ZONE("iteration");
        tf_program *p[2];
        tf_buffer *s[2];
        for (int c = 0; c < 2; c++) {
            s[c] = tf_buffer_create_l1(dev, (tf_core){c, 0}, 64);
            p[c] = tf_program_create(dev, (tf_core){c, 0});
            MUST(p[c] && s[c] ? 0 : -1);
            if (tiles) {
                uint32_t ra[] = {(uint32_t)a, (uint32_t)(a >> 32), NT};
                uint32_t wa[] = {(uint32_t)o, (uint32_t)(o >> 32), NT};
                MUST(tf_program_set_kernel(p[c], TF_NCRISC, rd));
                MUST(tf_program_set_kernel(p[c], TF_BRISC, wr));
                MUST(tf_program_set_cb(p[c], 0, TILE, 4));
                MUST(tf_program_set_args(p[c], TF_NCRISC, ra, 3));
                MUST(tf_program_set_args(p[c], TF_BRISC, wa, 3));
            } else {
                uint32_t args[] = {(uint32_t)a, (uint32_t)(a >> 32), (uint32_t)o,
                                   (uint32_t)(o >> 32), (uint32_t)tf_buffer_address(s[c])};
                MUST(tf_program_set_kernel(p[c], TF_BRISC, k));
                MUST(tf_program_set_args(p[c], TF_BRISC, args, 5));
            }
        }
        if (!tiles) MUST(tf_dispatch_execute(p[0]));
        MUST(tf_dispatch_execute_multi(p, 2));
        for (int c = 0; c < 2; c++) {
            tf_program_destroy(p[c]);
            tf_buffer_free(s[c]);
        }
    }
    uint32_t sum = 0;
    MUST(tf_buffer_read(out, 0, &sum, 4));
    tf_buffer_free(in);
    tf_buffer_free(out);
    tf_kernel_free(k);
    tf_kernel_free(rd);
    tf_kernel_free(wr);
    MUST(tf_device_close(dev));
    print_times(t0, c0);
    return sum == (tiles ? 1u : 3u) ? 0 : 1;
}

static int cmp_d(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* The median of the runs' ratios a[r] / b[r]: each run took its modes
 * one after the other, so a pair shares the machine's speed of the
 * moment (on a VM whose speed moves by 2x within minutes the minima of
 * the modes can come from different spells). */
static double median_ratio(const double *a, const double *b, int n)
{
    double q[64];
    for (int r = 0; r < n; r++) q[r] = a[r] / b[r];
    qsort(q, (size_t)n, sizeof *q, cmp_d);
    return n % 2 ? q[n / 2] : (q[n / 2 - 1] + q[n / 2]) / 2;
}

static double min_d(const double *v, int n)
{
    double m = v[0];
    for (int i = 1; i < n; i++)
        if (v[i] < m) m = v[i];
    return m;
}

/* Plain and recorded runs alternate (ABBA: drift in the machine's speed
 * hits both alike), each a chunk of `iters` iterations timed from inside.
 * The figure is process CPU time, min of the runs: on a loaded machine
 * wall time measures the other programs (here "recorded" once came out
 * faster than plain by wall time); the min is the run least disturbed. */
static void bench_overhead(const char *self, const char *tool, const char *kind, int iters,
                           int runs)
{
    char dir[] = "/tmp/tt_foil_bench_overhead.XXXXXX";
    if (!mkdtemp(dir)) return;
    /* modes: plain, recorded, recorded without the hardware counters (what
     * the recording itself costs, beside what reading the counters does) */
    enum { PLAIN, REC, REC_NOCNT, NMODES };
    double wall[NMODES][64], cpu[NMODES][64], total[64];
    char it[16], out[4096] = "";
    snprintf(it, sizeof it, "%d", iters);
    const char *var = "TT_FOIL_PERF_COUNTERS";
    for (int r = 0; r < runs; r++) {
        char *a1[] = {(char *)self, "workload", (char *)kind, it, NULL};
        char *a2[] = {(char *)tool, "-o", dir, (char *)self, "workload", (char *)kind, it, NULL};
        for (int k = 0; k < NMODES; k++) {
            int m = r & 1 ? NMODES - 1 - k : k;
            if (m == REC_NOCNT)
                setenv(var, "OFF", 1);
            else
                unsetenv(var);
            double t0 = now_s();
            if (spawn_wait(m == PLAIN ? a1 : a2, NULL, out, sizeof out) ||
                sscanf(out, "workload_s %lf cpu_s %lf", &wall[m][r], &cpu[m][r]) != 2)
                goto fail;
            if (m == REC) total[r] = now_s() - t0;
        }
    }
    unsetenv(var);
    double cp = min_d(cpu[PLAIN], runs), cq = min_d(cpu[REC], runs),
           cn = min_d(cpu[REC_NOCNT], runs);
    double wp = min_d(wall[PLAIN], runs), wq = min_d(wall[REC], runs);
    double mq = median_ratio(cpu[REC], cpu[PLAIN], runs),
           mn = median_ratio(cpu[REC_NOCNT], cpu[PLAIN], runs);
    qsort(total, (size_t)runs, sizeof *total, cmp_d);
    printf("  %-8s %4d iterations: CPU plain %6.1f ms, recorded %6.1f ms = %+.1f%% (without the "
           "counters %+.1f%%); wall %6.1f ms, %6.1f ms = %+.1f%%; whole tt_foil_profile run "
           "%.1f ms\n",
           kind, iters, cp * 1e3, cq * 1e3, (cq / cp - 1) * 100, (cn / cp - 1) * 100, wp * 1e3,
           wq * 1e3, (wq / wp - 1) * 100, total[runs / 2] * 1e3);
    printf("  %-8s median of the runs' own ratios (CPU, each run's modes back to back): %+.1f%% "
           "(without the counters %+.1f%%)\n",
           "", (mq - 1) * 100, (mn - 1) * 100);
    if (bench_rm_tree(dir)) fprintf(stderr, "bench_profile: could not remove %s\n", dir);
    return;
fail:
    unsetenv(var);
    fprintf(stderr, "bench_profile: the %s workload failed: %s\n", kind, out);
    bench_rm_tree(dir); /* (what the failed run left there says no more than its output) */
}

/* 3. the hardware counters' collection: the CNN demo recorded under
 * tt_foil_profile with the counters read after every dispatch, and with
 * TT_FOIL_PERF_COUNTERS=OFF (the trace on, nothing read); the ratio of the
 * medians (target: at most 1.02). With the profiler off nothing is read
 * (src/perf.c), so there it costs nothing. */
static void bench_counters(const char *self, const char *tool, int iters, int runs)
{
    char dir[] = "/tmp/tt_foil_bench_counters.XXXXXX";
    if (!mkdtemp(dir)) return;
    const char *var = "TT_FOIL_PERF_COUNTERS";
    double on[64], off[64];
    char it[16], out[4096] = "";
    snprintf(it, sizeof it, "%d", iters);
    char *av[] = {(char *)tool, "-o", dir, (char *)self, "workload", "cnn", it, NULL};
    for (int r = 0; r < runs; r++) { /* alternate, so drift hits both alike */
        unsetenv(var);
        if (spawn_wait(av, NULL, out, sizeof out) || sscanf(out, "workload_s %lf", &on[r]) != 1)
            goto fail;
        setenv(var, "OFF", 1);
        if (spawn_wait(av, NULL, out, sizeof out) || sscanf(out, "workload_s %lf", &off[r]) != 1)
            goto fail;
    }
    unsetenv(var);
    qsort(on, (size_t)runs, sizeof *on, cmp_d);
    qsort(off, (size_t)runs, sizeof *off, cmp_d);
    double a = on[runs / 2], b = off[runs / 2];
    printf("  cnn      %4d images: trace on, counters off %6.1f ms, collected %6.1f ms = %.3fx "
           "(%+.1f%%; target at most +2%%)\n",
           iters, b * 1e3, a * 1e3, a / b, (a / b - 1) * 100);
    if (bench_rm_tree(dir)) fprintf(stderr, "bench_profile: could not remove %s\n", dir);
    return;
fail:
    unsetenv(var);
    fprintf(stderr, "bench_profile: the cnn workload failed: %s\n", out);
    bench_rm_tree(dir); /* (what the failed run left there says no more than its output) */
}

int main(int argc, char **argv)
{
    if (argc == 3 && !strcmp(argv[1], "gen")) return gen(atol(argv[2]));
    if (argc == 4 && !strcmp(argv[1], "workload")) return workload(argv[2], atoi(argv[3]));
    long events = 4000000;
    int runs = 7, counters_only = 0, overhead_only = 0;
    bench_args(
        argc, argv, "bench_profile",
        "bench_profile [--counters-only | --overhead-only] [--events N>=1000] [--runs 1..64]",
        "--counters-only --overhead-only --events= --runs=", 0);
    if (argc > 1 && !strcmp(argv[1], "--counters-only")) counters_only = 1, argv++, argc--;
    if (argc > 1 && !strcmp(argv[1], "--overhead-only")) overhead_only = 1, argv++, argc--;
    for (int i = 1; i + 1 < argc; i += 2) {
        if (!strcmp(argv[i], "--events")) events = atol(argv[i + 1]);
        if (!strcmp(argv[i], "--runs")) runs = atoi(argv[i + 1]);
    }
    if (runs < 1 || runs > 64 || events < 1000) {
        fprintf(stderr,
                "usage: bench_profile [--counters-only | --overhead-only] [--events N>=1000] "
                "[--runs 1..64]\n");
        return 2;
    }
    char self[4096];
    ssize_t n = readlink("/proc/self/exe", self, sizeof self - 1);
    if (n <= 0) return 1;
    self[n] = 0;
    /* the same run written to memory (what the tool itself costs) and to
     * the disk (plus what its write-back costs: it varies 2x from run to
     * run here, with what earlier runs left to write) */
    if (!counters_only && !overhead_only) {
        bench_reports(self, events, "/dev/shm", "on tmpfs /dev/shm");
        bench_reports(self, events, "/tmp", "on disk /tmp");
    }
    /* On a machine with few CPUs the handoffs between the host thread and
     * the simulator's thread make unpinned wall times vary 2x from run to
     * run (which CPU each lands on), drowning the profiler's cost: pin
     * both modes to one CPU (the recorder's writer thread shares it). */
    cpu_set_t all;
    bench_pin_one_cpu(&all);
    if (!counters_only) {
        printf("overhead: runtime workloads timed from inside, plain and recorded under "
               "tt_foil_profile alternating, on one CPU, process CPU time (and wall), min of %d "
               "runs (targets: dispatch at most +3%%, cnn at most +2%%)\n",
               runs);
        bench_overhead(self, TF_BENCH_TOOL, "dispatch", 2000, runs);
        bench_overhead(self, TF_BENCH_TOOL, "tiles", 500, runs);
        /* 64 images (about 70 ms): with 8 (15 ms) one run's noise was a point of
         * the +2% target */
        bench_overhead(self, TF_BENCH_TOOL, "cnn", 64, runs);
    }
    if (overhead_only) {
        sched_setaffinity(0, sizeof all, &all);
        return 0;
    }
    printf("hardware counters: the CNN demo recorded under tt_foil_profile, counters collected "
           "or TT_FOIL_PERF_COUNTERS=OFF, on one CPU, median of %d runs\n",
           runs);
    bench_counters(self, TF_BENCH_TOOL, 32, runs);
    sched_setaffinity(0, sizeof all, &all);
    return 0;
}
