/* tt_foil_profile's report on long, zone-dense runs (issue 13, "Measured":
 * at least 5 M events/s, peak RSS under 512 MB at 50 M device markers).
 * Simulating 50 M markers takes the better part of an hour, so the trace
 * is generated: the recorder itself (the library a profiled program
 * links) writes, in a child run with TT_FOIL_TRACE set, what bench_dense's
 * workload records: 16 cores, each BRISC a FW zone around a KERNEL zone
 * around ZONES user zones per dispatch, as DEVICE_BLOCK records with the
 * call sites and clock sync the runtime defines. Then, in another child,
 * the report of that folder (pf_generate, every file the tool writes):
 * events per second and the peak RSS, in bytes per device marker.
 *
 *   bench_report [--markers N]... [--max-rss-mb M] [--json-check JSON_CHECK]
 *       N: default 4896000 (bench_dense's 1,500 dispatches); several sizes
 *       in one run. With --max-rss-mb (the ctest report_rss) it fails if a
 *       report's peak RSS is M MB or more, or its zone and marker counts are
 *       not exactly what was generated (memory, not time: the test cannot
 *       fail because the machine is slow). With --json-check, the HTML's
 *       device-time view, whose zones were merged while reading, is checked
 *       by tests/profile/json_check --html (levels count the same zones, in
 *       time order) and must count every zone generated.
 * It runs itself as the children: `gen N DIR` and `report DIR`. */
#include "bench_util.h"
#include "tools/profile/pf.h"
#include "tf_profiler.h"
#include "tt_foil/prof_record.h"

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

#define CORES  16
#define ZONES  100
#define BLOCK  (2 * (ZONES + 2)) /* markers per block */
#define FW_IMG 1u
#define K_IMG  2u

static void marker(uint32_t *w, uint32_t type, uint32_t zid, uint64_t cycle)
{
    w[0] = TF_DPROF_VALID | TF_DPROF_TYPE_BITS(type) | zid << TF_DPROF_ID_SHIFT |
           (uint32_t)(cycle >> 32 & TF_DPROF_CYCLE_HI_MASK);
    w[1] = (uint32_t)cycle;
}

/* The child that records: `markers` device markers (whole blocks). */
static int gen(uint64_t markers)
{
    tf_prof_trace_def(TF_DEF_DEVICE_ZONE, FW_IMG << 16 | 1, 10, "BRISC-FW", "brisc.cc", "firmware");
    tf_prof_trace_def(TF_DEF_DEVICE_ZONE, FW_IMG << 16 | 2, 20, "BRISC-KERNEL", "brisc.cc",
                      "firmware");
    tf_prof_trace_def(TF_DEF_DEVICE_ZONE, K_IMG << 16 | TF_ZONE_ID_KERNEL, 7, "dz_zone",
                      "dz_loop.c", "dz_loop");
    tf_prof_trace_def(TF_DEF_CLOCK_SYNC, 0, 1, "0", "0", "1.000000");
    uint32_t w[2 * BLOCK];
    uint64_t blocks = markers / BLOCK, host_ns = tf_prof_now_ns();
    uint64_t span = 20 * ZONES + 400; /* cycles of one dispatch on one core */
    for (uint64_t b = 0; b < blocks; b++) {
        uint32_t dispatch = (uint32_t)(b / CORES), core = (uint32_t)(b % CORES);
        uint64_t go = 1000000 + (uint64_t)dispatch * (span + 1000) + core * 7, c = go;
        uint32_t *m = w;
        marker(m, TF_DPROF_START, 1, c += 10), m += 2;
        marker(m, TF_DPROF_START, 2, c += 50), m += 2;
        for (int z = 0; z < ZONES; z++) {
            marker(m, TF_DPROF_START, TF_ZONE_ID_KERNEL, c += 5), m += 2;
            marker(m, TF_DPROF_END, TF_ZONE_ID_KERNEL, c += 12 + (uint64_t)(z % 5)), m += 2;
        }
        marker(m, TF_DPROF_END, 2, c += 50), m += 2;
        marker(m, TF_DPROF_END, 1, c += 10), m += 2;
        tf_dev_block h = {
            .dispatch = dispatch,
            .x = (uint8_t)(core % 4),
            .y = (uint8_t)(core / 4),
            .risc = 0,
            .reason = TF_DEVB_DONE,
            .fw_image = FW_IMG,
            .kernel_image = K_IMG,
            .nwords = 2 * BLOCK,
            .ref_cycle = go,
            .host_ns = host_ns + b * 100,
        };
        tf_prof_bytes(TF_R_DEVICE_BLOCK, &h, sizeof h, w, sizeof w);
    }
    return 0;
}

/* The child that reports: one line of figures. */
static int report(const char *dir)
{
    pf_options opt = {.outdir = dir, .max_timeline = 1000000};
    pf_logs l;
    double t0 = now_s();
    uint64_t events = pf_generate(&l, dir, &opt, NULL);
    double t = now_s() - t0;
    struct rusage ru;
    getrusage(RUSAGE_SELF, &ru);
    uint64_t markers = l.dev_markers + l.dev_payload, rss = (uint64_t)ru.ru_maxrss * 1024;
    double user = (double)ru.ru_utime.tv_sec + (double)ru.ru_utime.tv_usec * 1e-6,
           sys = (double)ru.ru_stime.tv_sec + (double)ru.ru_stime.tv_usec * 1e-6, cpu = user + sys;
    printf("  %llu markers: report %.2f s, %.2f M events/s (target >= 5; load %.2f s, write "
           "%.2f s; %.2f s of CPU (user %.2f, system %.2f): %.2f M events per CPU second); peak "
           "RSS %.0f MB, %.1f bytes per marker (target < 512 MB at 50 M)\n",
           (unsigned long long)markers, t, (double)events / t / 1e6, l.t_load, l.t_write, cpu, user,
           sys, (double)events / cpu / 1e6, (double)rss / 1048576.0,
           markers ? (double)rss / (double)markers : 0.0);
    /* every zone and marker generated was read: whole blocks of BLOCK
     * markers, ZONES + 2 zones each */
    uint64_t blocks = markers / BLOCK;
    int ok = l.errors == 0 && markers == blocks * BLOCK && l.dev_zones == blocks * (ZONES + 2) &&
             l.dev_unmatched == 0;
    if (!ok)
        fprintf(stderr, "bench_report: %llu markers, %llu zones, %llu unmatched, %d errors\n",
                (unsigned long long)markers, (unsigned long long)l.dev_zones,
                (unsigned long long)l.dev_unmatched, l.errors);
    if (!ok)
        for (int i = 0; i < l.nnotes; i++)
            if (l.note_error[i]) fprintf(stderr, "bench_report: %s\n", l.notes[i]);
    pf_free(&l);
    return ok ? 0 : 1;
}

/* Run av; its peak RSS in bytes into *rss (if not NULL). */
static int run(char *const *av, uint64_t *rss)
{
    pid_t pid;
    int st = -1;
    struct rusage ru;
    if (posix_spawn(&pid, av[0], NULL, NULL, av, environ)) return -1;
    if (wait4(pid, &st, 0, &ru) < 0) return -1;
    if (rss) *rss = (uint64_t)ru.ru_maxrss * 1024;
    return WIFEXITED(st) && WEXITSTATUS(st) == 0 ? 0 : -1;
}

/* json_check --html on the report: its device-time view counts `zones`. */
static int check_html(const char *json_check, const char *dir, unsigned long long zones)
{
    char cmd[1400], line[256];
    snprintf(cmd, sizeof cmd, "'%s' --html '%s/reports/tt_foil_report.html'", json_check, dir);
    FILE *f = popen(cmd, "r");
    if (!f) return -1;
    unsigned long long tracks = 0, items = 0, got = 0;
    int found = 0;
    while (fgets(line, sizeof line, f))
        if (sscanf(line, "dlod tracks %llu items %llu zones %llu", &tracks, &items, &got) == 3)
            found = 1;
    int rc = pclose(f);
    if (rc || !found || got != zones || tracks != CORES) {
        fprintf(stderr,
                "bench_report: json_check --html: exit %d, device-time view %llu tracks, %llu "
                "zones (expected %d tracks, %llu zones)\n",
                rc, tracks, got, CORES, zones);
        return -1;
    }
    printf("  the page's device-time view: %llu tracks, %llu items for %llu zones (json_check "
           "--html)\n",
           tracks, items, got);
    return 0;
}

static int measure(const char *self, unsigned long long markers, uint64_t max_rss,
                   const char *json_check)
{
    char dir[] = "/tmp/bench_report.XXXXXX";
    if (!mkdtemp(dir)) return 1;
    char logs[600], trace[700], mem[700], n[32], cmd[700];
    snprintf(logs, sizeof logs, "%s/.logs", dir);
    mkdir(logs, 0777);
    snprintf(cmd, sizeof cmd, "%s/reports", dir);
    mkdir(cmd, 0777);
    snprintf(trace, sizeof trace, "%s/tt_foil_trace.%%p.tft", logs);
    snprintf(mem, sizeof mem, "%s/tt_foil_memlog.%%p.tft", logs);
    snprintf(n, sizeof n, "%llu", markers);
    setenv("TT_FOIL_TRACE", trace, 1);
    setenv("TT_FOIL_MEM_LOG", mem, 1);
    double t0 = now_s();
    int rc = run((char *const[]){(char *)self, "gen", n, dir, NULL}, NULL);
    double tg = now_s() - t0;
    unsetenv("TT_FOIL_TRACE");
    unsetenv("TT_FOIL_MEM_LOG");
    if (!rc) {
        printf("  %llu markers: trace written in %.2f s\n", markers, tg);
        fflush(stdout);
        uint64_t rss = 0;
        rc = run((char *const[]){(char *)self, "report", dir, NULL}, &rss);
        if (!rc && max_rss && rss >= max_rss) {
            fprintf(stderr,
                    "bench_report: the report of %llu markers peaked at %llu MB of RSS "
                    "(bound %llu MB)\n",
                    markers, (unsigned long long)(rss >> 20), (unsigned long long)(max_rss >> 20));
            rc = -1;
        }
        if (!rc && json_check) rc = check_html(json_check, dir, markers / BLOCK * (ZONES + 2));
    }
    if (bench_rm_tree(dir)) rc = -1;
    if (rc) fprintf(stderr, "bench_report: the run of %llu markers failed\n", markers);
    return rc ? 1 : 0;
}

int main(int argc, char **argv)
{
    if (argc == 4 && !strcmp(argv[1], "gen")) return gen(strtoull(argv[2], NULL, 10));
    if (argc == 3 && !strcmp(argv[1], "report")) return report(argv[2]);
    bench_args(argc, argv, "bench_report",
               "bench_report [--markers N]... [--max-rss-mb M] [--json-check FILE]",
               "--markers= --max-rss-mb= --json-check=", 0);
    unsetenv("TT_FOIL_TRACE");
    unsetenv("TT_FOIL_MEM_LOG");
    printf("bench_report: tt_foil_profile report on generated traces (%d cores x %d zones per "
           "dispatch on BRISC, %d markers a block)\n",
           CORES, ZONES, BLOCK);
    int rc = 0, any = 0;
    uint64_t max_rss = 0;
    const char *json_check = NULL;
    for (int i = 1; i + 1 < argc; i += 2)
        if (!strcmp(argv[i], "--max-rss-mb"))
            max_rss = strtoull(argv[i + 1], NULL, 10) << 20;
        else if (!strcmp(argv[i], "--json-check"))
            json_check = argv[i + 1];
    for (int i = 1; i + 1 < argc; i += 2)
        if (!strcmp(argv[i], "--markers")) {
            rc |= measure(argv[0], strtoull(argv[i + 1], NULL, 10), max_rss, json_check);
            any = 1;
        }
    if (!any) rc = measure(argv[0], 1500ull * CORES * BLOCK, max_rss, json_check);
    if (max_rss) printf("%d passed, %d failed\n", rc ? 0 : 1, rc ? 1 : 0);
    return rc;
}
