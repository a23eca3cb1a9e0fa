/* Host profiler costs, measured in one run against two raw timer reads:
 *   bench_prof [--zones N]
 * Runs itself as children with and without TT_FOIL_TRACE/TT_FOIL_MEM_LOG
 * (the recorder decides at start-up), then a 4-thread load of 10 million
 * zones and 1 million memory events, checking that nothing was lost and
 * that memory stayed bounded. */
#include "tt_foil/trace.h"
#include "tt_foil/profiling.h"

#include <pthread.h>
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

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

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

/* ns per iteration, best of 3 */
static double measure(void (*fn)(long), long n)
{
    double best = 1e30;
    for (int r = 0; r < 3; r++) {
        double t0 = now_s();
        fn(n);
        double t = now_s() - t0;
        if (t < best) best = t;
    }
    return best / (double)n * 1e9;
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
        printf("%.3f %.3f %.3f %.3f\n", measure(timer_pairs, n), measure(zones, n),
               measure(mem_events, n / 4), measure(bench_prof_zones_off, n));
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
                      const char *mem, double *out, int nout, long *maxrss_kb)
{
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
    if (posix_spawn(&pid, self, &fa, NULL, argv, environ)) return -1;
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
    for (int i = 1; i < argc; i++)
        if (!strcmp(argv[i], "--zones") && i + 1 < argc) n = atol(argv[++i]);
    char dir[] = "/tmp/tf_bench_profXXXXXX";
    if (!mkdtemp(dir)) return 1;
    char trace[256], mem[256];
    snprintf(trace, sizeof trace, "%s/b.trace", dir);
    snprintf(mem, sizeof mem, "%s/b.mem", dir);
    double rec[4], idle[4];
    if (spawn_self(argv[0], "costs", n, trace, mem, rec, 4, NULL) ||
        spawn_self(argv[0], "costs", n, NULL, NULL, idle, 4, NULL)) {
        fprintf(stderr, "bench_prof: a child run failed\n");
        return 1;
    }
    double ref = (rec[0] + idle[0]) / 2;
    printf("bench_prof: host profiler, ns per event (best of 3 runs of %ld)\n", n);
    printf("  two raw timer reads (reference)     %6.2f ns  1.00x\n", ref);
    printf("  zone begin+end, recording           %6.2f ns  %.2fx   (target <= 1.30x)\n", rec[1],
           rec[1] / ref);
    printf("  zone begin+end, on but not recording%6.2f ns  %.2fx\n", idle[1], idle[1] / ref);
    printf("  zone begin+end, compiled out        %6.2f ns  %.2fx\n", rec[3], rec[3] / ref);
    printf("  memory event, recording             %6.2f ns  %.2fx   (target <= 30 ns)\n", rec[2],
           rec[2] / ref);
    printf("  memory event, on but not recording  %6.2f ns  %.2fx\n", idle[2], idle[2] / ref);
    double secs;
    long rss;
    if (spawn_self(argv[0], "threads", n, trace, mem, &secs, 1, &rss)) {
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
