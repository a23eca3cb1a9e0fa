/* Host profiler costs, measured in one run against two raw timer reads:
 *   bench_prof [--zones N]
 * Runs itself as children with and without TT_FOIL_TRACE/TT_FOIL_MEM_LOG
 * (the recorder decides at start-up), in both placements (issue 15): left
 * to the scheduler, and pinned with all its threads to one CPU, where the
 * recorder's writer shares the measured thread's CPU and every byte it
 * packs and writes is paid for in the figure. Then a 4-thread load of 10
 * million zones and 1 million memory events, checking that nothing was lost
 * and that memory stayed bounded. */
#define _GNU_SOURCE
#include "tt_foil/trace.h"
#include "tt_foil/profiling.h"

#include "bench_util.h"

#include <pthread.h>
#include <sched.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

extern char **environ;
extern volatile unsigned bench_prof_sink;
void bench_prof_zones_off(long n);

static __attribute__((noinline)) void zones(long n)
{
    for (long i = 0; i < n; i++) {
        TT_FOIL_ZONE("z");
        bench_prof_sink++;
    }
}

static __attribute__((noinline)) void mem_events(long n)
{
    for (long i = 0; i < n; i++) {
        if (i & 1)
            TF_PROF_MEM_EVENT(tf_prof_free, "Device L1 (1,2)", (uint64_t)i - 1);
        else
            TF_PROF_MEM_EVENT(tf_prof_alloc, "Device L1 (1,2)", (uint64_t)i, 64);
    }
}

static __attribute__((noinline)) void timer_pairs(long n)
{
    for (long i = 0; i < n; i++) {
        bench_prof_sink += (unsigned)tf_prof_now();
        bench_prof_sink += (unsigned)tf_prof_now();
    }
}

static double cpu_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* ns per iteration of each of `k` loops, each the best of `reps` chunks of
 * `chunk` iterations, the loops taking turns chunk by chunk: a load that
 * comes and goes on the machine hits the reference and the measured loop
 * alike. Two clocks: wall time, and the CPU time of the whole process
 * (every thread: the recorder's writer included, wherever it runs, and no
 * time spent preempted by other programs). A chunk of recorded zones is
 * long enough to hand several buffers to the writer, so the writer's share
 * is in every chunk. */
static void measure(void (*const *fn)(long), const long *chunk, int k, int reps, double *wall,
                    double *cpu)
{
    for (int i = 0; i < k; i++) wall[i] = cpu[i] = 1e30;
    for (int r = 0; r < reps; r++)
        for (int i = 0; i < k; i++) {
            double t0 = now_s(), c0 = cpu_s();
            fn[i](chunk[i]);
            double c = (cpu_s() - c0) / (double)chunk[i] * 1e9;
            double t = (now_s() - t0) / (double)chunk[i] * 1e9;
            if (t < wall[i]) wall[i] = t;
            if (c < cpu[i]) cpu[i] = c;
        }
}

static long thread_zones;
static void *thread_main(void *arg)
{
    (void)arg;
    for (long i = 0; i < thread_zones; i++) {
        TT_FOIL_ZONE("z");
        bench_prof_sink++;
        if (i % 10 == 0) {
            TF_PROF_MEM_EVENT(tf_prof_alloc, "Device DRAM", (uint64_t)i, 64);
        }
    }
    return NULL;
}

/* Child: print the measurements of one mode on stdout. */
static int child(const char *mode, long n)
{
    if (!strcmp(mode, "costs")) {
        void (*const fn[4])(long) = {timer_pairs, zones, mem_events, bench_prof_zones_off};
        const long chunk[4] = {n / 10, n / 10, n / 40, n / 10};
        double w[4], c[4];
        measure(fn, chunk, 4, 20, w, c);
        printf("%.3f %.3f %.3f %.3f %.3f %.3f %.3f %.3f\n", w[0], w[1], w[2], w[3], c[0], c[1],
               c[2], c[3]);
        return 0;
    }
    /* threads: 4 x n/4 zones and n/40 memory events each */
    thread_zones = n / 4;
    pthread_t th[4];
    double t0 = now_s();
    for (int i = 0; i < 4; i++) pthread_create(&th[i], NULL, thread_main, NULL);
    for (int i = 0; i < 4; i++) pthread_join(th[i], NULL);
    printf("%.3f\n", now_s() - t0);
    return 0;
}

/* Run ourselves in `mode` with (or without) recording; parse doubles. */
static int spawn_self(const char *self, const char *mode, long n, const char *trace,
                      const char *mem, double *out, int nout, long *maxrss_kb, int pin)
{
    /* pinned: the child and all its threads (the recorder's writer too,
     * started before main) on one CPU, as `taskset -c C` does */
    cpu_set_t all;
    if (pin) bench_pin_one_cpu(&all);
    if (trace)
        setenv("TT_FOIL_TRACE", trace, 1);
    else
        unsetenv("TT_FOIL_TRACE");
    if (mem)
        setenv("TT_FOIL_MEM_LOG", mem, 1);
    else
        unsetenv("TT_FOIL_MEM_LOG");
    char nbuf[32];
    snprintf(nbuf, sizeof nbuf, "%ld", n);
    char *argv[] = {(char *)self, "--child", (char *)mode, nbuf, NULL};
    int p[2];
    if (pipe(p)) return -1;
    posix_spawn_file_actions_t fa;
    posix_spawn_file_actions_init(&fa);
    posix_spawn_file_actions_adddup2(&fa, p[1], 1);
    posix_spawn_file_actions_addclose(&fa, p[0]);
    pid_t pid;
    int spawned = posix_spawn(&pid, self, &fa, NULL, argv, environ);
    if (pin) sched_setaffinity(0, sizeof all, &all);
    if (spawned) return -1;
    close(p[1]);
    char buf[256] = "";
    ssize_t got = read(p[0], buf, sizeof buf - 1);
    close(p[0]);
    int st;
    struct rusage ru;
    wait4(pid, &st, 0, &ru);
    posix_spawn_file_actions_destroy(&fa);
    if (maxrss_kb) *maxrss_kb = ru.ru_maxrss;
    if (got <= 0 || !WIFEXITED(st) || WEXITSTATUS(st)) return -1;
    buf[got] = 0;
    char *s = buf;
    for (int i = 0; i < nout; i++) out[i] = strtod(s, &s);
    return 0;
}

int main(int argc, char **argv)
{
    if (argc >= 4 && !strcmp(argv[1], "--child")) return child(argv[2], atol(argv[3]));
    long n = 10000000;
    bench_args(argc, argv, "bench_prof", "bench_prof [--zones N]  (default 10000000)",
               "--zones=", 0);
    for (int i = 1; i < argc; i++)
        if (!strcmp(argv[i], "--zones") && i + 1 < argc) n = atol(argv[++i]);
    char dir[] = "/tmp/tf_bench_profXXXXXX";
    if (!mkdtemp(dir)) return 1;
    char trace[256], mem[256];
    snprintf(trace, sizeof trace, "%s/b.trace", dir);
    snprintf(mem, sizeof mem, "%s/b.mem", dir);
    double ref[2], row[2][5];
    printf("bench_prof: host profiler, ns per event (best of 20 chunks of %ld, taking turns with "
           "the reference);\n  wall time, and CPU time of all the process's threads (the "
           "writer's too)\n",
           n / 10);
    static const char *place[2] = {"unpinned (the writer thread where the scheduler puts it)",
                                   "pinned to one CPU (the writer thread shares it)"};
    for (int pin = 0; pin < 2; pin++) {
        double rec[8], idle[8];
        if (spawn_self(argv[0], "costs", n, trace, mem, rec, 8, NULL, pin) ||
            spawn_self(argv[0], "costs", n, NULL, NULL, idle, 8, NULL, pin)) {
            fprintf(stderr, "bench_prof: a child run failed\n");
            return 1;
        }
        printf(" %s:%29s wall          cpu\n", place[pin], "");
        for (int k = 0; k < 2; k++) { /* k: wall, cpu */
            double *r = rec + 4 * k, *i = idle + 4 * k;
            ref[k] = r[0] < i[0] ? r[0] : i[0];
            row[k][0] = r[1], row[k][1] = i[1], row[k][2] = r[3], row[k][3] = r[2],
            row[k][4] = i[2];
        }
        static const char *what[5] = {
            "zone begin+end, recording (target <= 1.30x)", "zone begin+end, on but not recording",
            "zone begin+end, compiled out", "memory event, recording (target <= 30 ns)",
            "memory event, on but not recording"};
        printf("  %-44s %6.2f ns 1.00x  %6.2f ns 1.00x\n", "two raw timer reads (reference)",
               ref[0], ref[1]);
        for (int j = 0; j < 5; j++)
            printf("  %-44s %6.2f ns %.2fx  %6.2f ns %.2fx\n", what[j], row[0][j],
                   row[0][j] / ref[0], row[1][j], row[1][j] / ref[1]);
    }
    double secs;
    long rss;
    if (spawn_self(argv[0], "threads", n, trace, mem, &secs, 1, &rss, 0)) {
        fprintf(stderr, "bench_prof: the 4-thread run failed\n");
        return 1;
    }
    tf_trace *t = tf_trace_load(trace), *m = tf_trace_load(mem);
    if (!t || !m) {
        fprintf(stderr, "bench_prof: cannot read the traces back\n");
        return 1;
    }
    uint64_t want_z = (uint64_t)(n / 4) * 4, want_m = (uint64_t)((n / 4 + 9) / 10) * 4;
    int ok = t->has_trailer && m->has_trailer && t->trailer.lost_records == 0 &&
             m->trailer.lost_records == 0 && t->nzones == want_z && m->nmem == want_m;
    printf("  4 threads: %llu zones + %llu memory events in %.2f s, %llu + %llu lost, "
           "%zu zones and %zu memory events read back, max RSS %.1f MiB: %s\n",
           (unsigned long long)want_z, (unsigned long long)want_m, secs,
           (unsigned long long)t->trailer.lost_records, (unsigned long long)m->trailer.lost_records,
           t->nzones, m->nmem, rss / 1024.0, ok ? "ok" : "MISMATCH");
    tf_trace_free(t);
    tf_trace_free(m);
    unlink(trace);
    unlink(mem);
    rmdir(dir);
    return ok ? 0 : 1;
}
