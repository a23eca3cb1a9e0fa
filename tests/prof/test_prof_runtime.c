/* The runtime's own instrumentation: every zone of the spec's table with
 * the right counts, kernel names as zone text, a frame mark per dispatch,
 * and the memory pools (DRAM, per-core L1, persistent L1, kernel config)
 * with their allocs, frees and the pool reset. Runs prof_runtime. */
#include "tests/unit/tf_check.h"
#include "tests/unit/tf_check_child.h"
#include "tt_foil/trace.h"
#include "tf_env.h"
#include "tf_profiler.h"
#include "common/cm_risc.h"
#include "tt_foil/error.h"

#include <stdlib.h>

static int zone_count(const tf_trace *t, const char *name, const char *text_has)
{
    int n = 0;
    for (size_t i = 0; i < t->nzones; i++)
        if (!strcmp(t->locs[t->zones[i].loc].name, name) &&
            (!text_has || (t->zones[i].text && strstr(t->zones[i].text, text_has))))
            n++;
    return n;
}

static int mem_count(const tf_trace *t, const char *pool, int op)
{
    int n = 0;
    for (size_t i = 0; i < t->nmem; i++)
        if (!strcmp(t->pools[t->mem[i].pool], pool) && t->mem[i].op == op) n++;
    return n;
}

/* The distinct times of the events `op` in pool `pool`. */
static int mem_times(const tf_trace *t, const char *pool, int op)
{
    int n = 0;
    uint64_t last = 0;
    for (size_t i = 0; i < t->nmem; i++)
        if (!strcmp(t->pools[t->mem[i].pool], pool) && t->mem[i].op == op &&
            (!n || t->mem[i].ns != last))
            n++, last = t->mem[i].ns;
    return n;
}

/* The device zones of a trace (its DEVICE_BLOCK records, walked by the
 * trace library) on the host's clock. */
typedef struct dev_zone {
    const char *name;
    int x, y, risc;
    uint64_t start_ns, end_ns;
} dev_zone;

typedef struct dev_zones {
    const tf_trace *t;
    dev_zone v[256];
    size_t n;
} dev_zones;

static int take_zone(void *arg, const tf_tr_dev_event *e)
{
    dev_zones *z = arg;
    if (e->kind != TF_DEV_ZONE || z->n == 256) return 0;
    z->v[z->n++] = (dev_zone){e->site ? e->site->name : "?",
                              e->block->h.x,
                              e->block->h.y,
                              e->block->h.risc,
                              tf_trace_dev_ns(z->t, e->start),
                              tf_trace_dev_ns(z->t, e->end)};
    return 0;
}

/* Run av with its host trace in dir/name (no memory log, no raw device
 * CSV; the caller sets any other variable) and load the trace; NULL (a
 * check failed) if it could not. trace: the path (512 bytes). */
static tf_trace *traced_run(const char *dir, const char *name, char **av, char *trace)
{
    snprintf(trace, 512, "%s/%s", dir, name);
    setenv(tf_env_name(TF_ENV_TRACE), trace, 1);
    unsetenv(tf_env_name(TF_ENV_MEM_LOG));
    setenv(tf_env_name(TF_ENV_DEVICE_ZONES_CSV), "OFF", 1);
    CHECK_TRUE(tf_check_run(av));
    tf_trace *t = tf_trace_load(trace);
    CHECK_TRUE(t != NULL);
    return t;
}

/* Device zones reach the host trace, each inside its dispatch's waiting:
 * from the start of its first TF_dispatch/wait_done zone to the end of its
 * last (one per core of a multi-core dispatch). The device clock is the
 * host's on the simulator and the doorbell is rung inside wait_done. The
 * host zones are timed with clock_gettime here (TT_FOIL_PROF_CLOCK), the
 * device's own clock: with the TSC, their conversion to ns may be off by
 * a few hundred ns, more than the chip takes to start after the doorbell. */
static void device_zones_in_trace(const char *prog, const char *dir)
{
    char trace[512];
    setenv(tf_env_name(TF_ENV_DEVICE_CLOCK_SYNC), "OFF", 1);
    setenv(tf_env_name(TF_ENV_PROF_CLOCK), "monotonic", 1);
    char *av[] = {(char *)prog, NULL};
    tf_trace *t = traced_run(dir, "device.trace", av, trace);
    if (!t) return;
    /* 5 dispatch-cores x (BRISC-FW, BRISC-KERNEL, loop, outer, inner, dup, dup
     * + 4 other FW zones), as raw markers: no track zones any more */
    static dev_zones dz;
    dz.t = t;
    dz.n = 0;
    tf_tr_dev_counts counts = {0};
    CHECK_TRUE(tf_trace_dev_walk(t, take_zone, &dz, &counts) == 0);
    CHECK_EQ_U(dz.n, 5 * 11);
    CHECK_EQ_U(counts.markers, 2 * 5 * 11);
    CHECK_EQ_U(counts.unmatched, 0);
    CHECK_EQ_U(t->ntrack_zones, 0);
    CHECK_TRUE(t->has_sync && t->sync_host_clock);
    CHECK_EQ_U(zone_count(t, "TF_dispatch/profiler_readback", NULL), 5);
    /* each dispatch's wait span */
    uint64_t span_lo[16], span_hi[16];
    int nspans = 0;
    for (size_t j = 0; j < t->nzones && nspans < 16; j++) {
        const char *n = t->locs[t->zones[j].loc].name;
        if (strcmp(n, "TF_dispatch_execute") && strcmp(n, "TF_dispatch_execute_multi")) continue;
        span_lo[nspans] = UINT64_MAX;
        span_hi[nspans] = 0;
        for (size_t k = 0; k < t->nzones; k++) {
            const tf_tr_zone *w = &t->zones[k];
            if (w->parent != j || strcmp(t->locs[w->loc].name, "TF_dispatch/wait_done")) continue;
            if (w->start_ns < span_lo[nspans]) span_lo[nspans] = w->start_ns;
            if (w->end_ns > span_hi[nspans]) span_hi[nspans] = w->end_ns;
        }
        nspans++;
    }
    CHECK_EQ_U(nspans, 4);
    int inside = 0, loops = 0;
    for (size_t i = 0; i < dz.n; i++) {
        const dev_zone *d = &dz.v[i];
        const char *nm = d->name;
        CHECK_TRUE(d->risc >= 0 && d->risc < TF_NUM_RISCS);
        int found = 0;
        for (int s = 0; s < nspans && !found; s++)
            found = span_lo[s] <= d->start_ns && d->end_ns <= span_hi[s];
        inside += found;
        if (!found) { /* say where it landed */
            fprintf(stderr, "outside: %s core (%d,%d) %s [%llu, %llu]\n", nm, d->x, d->y,
                    cm_risc_name(d->risc), (unsigned long long)d->start_ns,
                    (unsigned long long)d->end_ns);
            for (int s = 0; s < nspans; s++)
                fprintf(stderr, "  span %d [%llu, %llu] -> start %+lld end %+lld\n", s,
                        (unsigned long long)span_lo[s], (unsigned long long)span_hi[s],
                        (long long)(d->start_ns - span_lo[s]), (long long)(d->end_ns - span_hi[s]));
        }
        loops += !strcmp(nm, "loop");
    }
    CHECK_EQ_U(inside, dz.n);
    CHECK_EQ_U(loops, 5);
    CHECK_TRUE(t->header.flags & TF_TRACE_FLAG_NS_CLOCK);
    tf_trace_free(t);
    unsetenv(tf_env_name(TF_ENV_PROF_CLOCK));
}

/* The zones of each device block a walk finds, named or not. */
typedef struct named {
    const tf_trace *t;
    size_t zones, unnamed;
    uint32_t last_dispatch, last_named;
} named;

static int count_named(void *arg, const tf_tr_dev_event *e)
{
    named *n = arg;
    if (e->kind != TF_DEV_ZONE) return 0;
    n->zones++;
    n->unnamed += !e->site;
    if (e->block->h.dispatch > n->last_dispatch) {
        n->last_dispatch = e->block->h.dispatch;
        n->last_named = 0;
    }
    if (e->block->h.dispatch == n->last_dispatch) n->last_named += e->site != NULL;
    return 0;
}

/* A kernel loaded again for every program (70,000 times: past the trace's
 * 65,535 image numbers) keeps one image number: its zones are defined in
 * the trace once, and every dispatch's zones have their names (each load
 * took a number of its own, and from the 65,536th on the zones had none). */
static void reload_shares_images(const char *prog, const char *dir)
{
    char trace[512];
    setenv(tf_env_name(TF_ENV_PERF_COUNTERS), "OFF", 1);
    char *av[] = {(char *)prog, "reload", "70000", NULL};
    tf_trace *t = traced_run(dir, "reload.trace", av, trace);
    unsetenv(tf_env_name(TF_ENV_PERF_COUNTERS));
    if (!t) return;
    /* dz_loop's nine zones (every mode's), defined once, not at each load */
    uint32_t kernel_sites = 0;
    for (uint32_t i = 0; i < t->ndev_sites; i++)
        kernel_sites += (t->dev_sites[i].id & 0xffff) >= TF_ZONE_ID_KERNEL;
    CHECK_EQ_U(kernel_sites, 9);
    named n = {t, 0, 0, 0, 0};
    tf_tr_dev_counts counts = {0};
    CHECK_TRUE(tf_trace_dev_walk(t, count_named, &n, &counts) == 0);
    /* a dispatch's 11 (device_zones_in_trace) */
    CHECK_EQ_U(n.zones, 70000u * 11);
    CHECK_EQ_U(n.unnamed, 0);
    CHECK_EQ_U(n.last_dispatch, 70000);
    CHECK_EQ_U(n.last_named, 11);
    printf("reload: %u device zone sites for 70000 loads, %zu zones, %zu unnamed\n", t->ndev_sites,
           n.zones, n.unnamed);
    tf_trace_free(t);
    remove(trace); /* (40 MB) */
}

/* A zone definition lost (TT_FOIL_TRACE_FAIL_DEF: the first, the BRISC
 * firmware's, as on a full disk for a moment) is written again at the
 * image's next use: every zone of 20 dispatches is named, the lost chunk
 * counted. (Kept as written without a retry, the firmware's first zone had
 * no name in any of them.) */
static void lost_definition_again(const char *prog, const char *dir)
{
    char trace[512];
    setenv(tf_env_name(TF_ENV_PERF_COUNTERS), "OFF", 1);
    setenv(tf_env_name(TF_ENV_TRACE_FAIL_DEF), "7", 1); /* DEVICE_ZONE */
    char *av[] = {(char *)prog, "reload", "20", NULL};
    tf_trace *t = traced_run(dir, "lost_def.trace", av, trace);
    unsetenv(tf_env_name(TF_ENV_TRACE_FAIL_DEF));
    unsetenv(tf_env_name(TF_ENV_PERF_COUNTERS));
    if (!t) return;
    named n = {t, 0, 0, 0, 0};
    tf_tr_dev_counts counts = {0};
    CHECK_TRUE(tf_trace_dev_walk(t, count_named, &n, &counts) == 0);
    CHECK_EQ_U(n.zones, 20u * 11);
    CHECK_EQ_U(n.unnamed, 0);
    CHECK_EQ_U(t->missing_chunks, 1);
    tf_trace_free(t);
}

int main(int argc, char **argv)
{
    if (argc < 4) return 2;
    lost_definition_again(argv[3], argv[2]);
    reload_shares_images(argv[3], argv[2]);
    device_zones_in_trace(argv[3], argv[2]);
    char trace[512], mem[512];
    snprintf(trace, sizeof trace, "%s/runtime.trace", argv[2]);
    snprintf(mem, sizeof mem, "%s/runtime.mem", argv[2]);
    setenv(tf_env_name(TF_ENV_TRACE), trace, 1);
    setenv(tf_env_name(TF_ENV_MEM_LOG), mem, 1);
    char *av[] = {argv[1], NULL};
    CHECK_TRUE(tf_check_run(av));
    tf_trace *t = tf_trace_load(trace);
    CHECK_TRUE(t != NULL);
    if (!t) {
        fprintf(stderr, "%s\n", tf_last_error());
        return tf_check_report("test_prof_runtime");
    }
    CHECK_EQ_U(t->nwarnings, 0);
    /* the counters' readback says the chip's clock follows the host's
     * (CLOCK_SYNC) also where the firmware has no device profiler:
     * tt_foil_profile's op-to-op gaps end an op where the host read it
     * back only then (without it, a gap took in the simulation's time) */
    CHECK_TRUE(t->has_sync && t->sync_host_clock);
    CHECK_EQ_U(zone_count(t, "TF_device_open", NULL), 1);
    CHECK_EQ_U(zone_count(t, "TF_device_close", NULL), 1);
    CHECK_EQ_U(zone_count(t, "TF_device/core_boot", NULL), 2);
    CHECK_EQ_U(zone_count(t, "TF_firmware_load", NULL), 5);
    CHECK_EQ_U(zone_count(t, "TF_firmware_load", "ncrisc.elf"), 1);
    CHECK_EQ_U(zone_count(t, "TF_kernel_load", NULL), 2);
    CHECK_EQ_U(zone_count(t, "TF_kernel_load", "add_two_b.brisc.elf"), 1);
    CHECK_EQ_U(zone_count(t, "TF_dispatch_execute", "add_two_b"), 1);
    /* two programs of the same kernel: named once, with their count */
    CHECK_EQ_U(zone_count(t, "TF_dispatch_execute_multi", "add_two_b x2"), 1);
    CHECK_EQ_U(zone_count(t, "TF_dispatch_execute_multi", "add_two_b | add_two_b"), 0);
    CHECK_EQ_U(zone_count(t, "TF_dispatch_launch_async", "add_two_b"), 1);
    /* per core: 1 + 2 + 2 dispatches of the four stages */
    CHECK_EQ_U(zone_count(t, "TF_dispatch/send_reset", NULL), 5);
    CHECK_EQ_U(zone_count(t, "TF_dispatch/setup", "add_two_b"), 5);
    CHECK_EQ_U(zone_count(t, "TF_dispatch/fire_go", NULL), 5);
    CHECK_EQ_U(zone_count(t, "TF_dispatch/wait_done", "add_two_b"), 5);
    CHECK_EQ_U(t->nframes, 3);
    CHECK_EQ_U(zone_count(t, "phase one", "single"), 1);
    CHECK_EQ_U(zone_count(t, "user main", NULL), 1);
    /* the stages nest inside their dispatch */
    int nested = 0;
    for (size_t i = 0; i < t->nzones; i++) {
        const tf_tr_zone *z = &t->zones[i];
        if (strcmp(t->locs[z->loc].name, "TF_dispatch/setup") || z->parent == TF_NONE) continue;
        const char *p = t->locs[t->zones[z->parent].loc].name;
        nested += !strcmp(p, "TF_dispatch_execute") || !strcmp(p, "TF_dispatch_execute_multi") ||
                  !strcmp(p, "TF_dispatch_launch_async");
    }
    CHECK_EQ_U(nested, 5);
    /* where one stage zone ends the next begins, at one time stamp: the
     * stages of a dispatch's programs in turn (send_reset, setup, fire_go
     * of each), then its wait_done zones (the first after the signal
     * guard, not at fire_go's end), each ending where the last zone inside
     * it ends: the counters' readback, then, where the firmware records
     * device markers (TT_FOIL_DEVICE_PROFILER), the device profile's,
     * beginning where the counters' ended */
    static const char *const inner[] = {"TF_dispatch/counters_readback",
                                        "TF_dispatch/profiler_readback"};
    const size_t ninner = TF_TEST_DEVICE_PROFILER ? 2 : 1;
    int chained = 0, unchained = 0, wait_ends = 0, waits = 0;
    for (size_t i = 0; i + 1 < t->nzones; i++) {
        const tf_tr_zone *a = &t->zones[i];
        const char *an = t->locs[a->loc].name;
        if (strncmp(an, "TF_dispatch/", 12) || !strcmp(an, "TF_dispatch/counters_readback"))
            continue;
        size_t j = i + 1; /* the next stage zone of the same dispatch */
        while (j < t->nzones && t->zones[j].parent != a->parent) j++;
        if (!strcmp(an, "TF_dispatch/wait_done")) {
            waits++;
            size_t k = i + 1, m = 0;
            int in_turn = 1;
            for (; k < t->nzones && t->zones[k].parent == i; k++, m++)
                in_turn = in_turn && m < ninner &&
                          !strcmp(t->locs[t->zones[k].loc].name, inner[m]) &&
                          (!m || t->zones[k].start_ns == t->zones[k - 1].end_ns);
            wait_ends += in_turn && m == ninner && t->zones[k - 1].end_ns == a->end_ns;
        }
        if (j == t->nzones || strncmp(t->locs[t->zones[j].loc].name, "TF_dispatch/", 12)) continue;
        if (t->zones[j].start_ns == a->end_ns)
            chained++;
        else
            unchained++;
    }
    /* execute: 2 of sr-su-fg-wd (fg-wd not); multi: 5 of sr,sr,su,su,fg,fg
     * and wd-wd (fg-wd not); async: 5 in the launch, and wd-wd in
     * tf_launch_wait, whose wait_done zones have no fire_go before them */
    CHECK_EQ_U(chained, 2 + 6 + 5 + 1);
    CHECK_EQ_U(unchained, 1 + 1);
    CHECK_EQ_U(waits, 5);
    CHECK_EQ_U(wait_ends, 5);
    tf_trace_free(t);

    t = tf_trace_load(mem);
    CHECK_TRUE(t != NULL);
    if (!t) return tf_check_report("test_prof_runtime");
    CHECK_EQ_U(mem_count(t, "Device DRAM", TF_MEM_ALLOC), 3);
    CHECK_EQ_U(mem_count(t, "Device DRAM", TF_MEM_FREE), 2); /* one leaked */
    /* s0, then two programs' three CBs each, freed with each program at
     * one time */
    CHECK_EQ_U(mem_count(t, "Device L1 (0,0)", TF_MEM_ALLOC), 1 + 2 * 3);
    CHECK_EQ_U(mem_count(t, "Device L1 (0,0)", TF_MEM_FREE), 1 + 2 * 3);
    CHECK_EQ_U(mem_times(t, "Device L1 (0,0)", TF_MEM_FREE), 2 + 1);
    CHECK_EQ_U(mem_count(t, "Device L1 (1,0)", TF_MEM_ALLOC), 1);
    CHECK_EQ_U(mem_count(t, "Device L1 (1,0)", TF_MEM_FREE), 0); /* released by the reset */
    CHECK_EQ_U(mem_count(t, "Device L1 (1,0)", TF_MEM_RESET), 1);
    CHECK_EQ_U(mem_count(t, "Device L1 persistent (1,0)", TF_MEM_ALLOC), 1);
    CHECK_EQ_U(mem_count(t, "Device L1 persistent (1,0)", TF_MEM_FREE), 1);
    /* kernel config: image, args and semaphores at each setup, freed when done */
    int kc_alloc = mem_count(t, "Kernel config L1 (0,0)", TF_MEM_ALLOC);
    CHECK_EQ_U(kc_alloc, 3 * 3);
    CHECK_EQ_U(mem_count(t, "Kernel config L1 (0,0)", TF_MEM_FREE), kc_alloc);
    CHECK_EQ_U(mem_count(t, "Kernel config L1 (1,0)", TF_MEM_ALLOC), 2 * 3);
    /* ... each dispatch's set as one record each way (ALLOC_SET, FREE_SET):
     * its items at one time */
    CHECK_EQ_U(mem_times(t, "Kernel config L1 (0,0)", TF_MEM_ALLOC), 3);
    CHECK_EQ_U(mem_times(t, "Kernel config L1 (0,0)", TF_MEM_FREE), 3);
    tf_trace_free(t);
    return tf_check_report("test_prof_runtime");
}
