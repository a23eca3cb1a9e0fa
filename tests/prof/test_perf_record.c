/* The runtime's DEVICE_PERF writer and the trace reader agree on every
 * word of tf_perf_core: a dispatch on the simulator whose transport's
 * perf_counters is wrapped to fill every counter (values of 1 to 64 bits,
 * window stamps below and far above the others), recorded into a trace
 * (argument "run" in a child with TT_FOIL_TRACE set), then read back. All
 * 643 words do not fit one record: the writer splits them into parts,
 * and the parts together must give the counters back word for word, with
 * the chip's figures of the device on every part. Dispatches 2-10 with
 * the real counters read back as the transport gave them: the non-zero
 * words the runtime gathers from perf_counters's copy give what a copy of
 * the whole struct (tf_program_counters) does. 3 and 4 count what 2 did,
 * 6 what 5 did (a longer loop): they are written as repeats (version 3)
 * and read back with their own window stamps; 7-10 move stamps apart and
 * take the base away, where a repeat would be wrong (see want_version);
 * 11 counts what 5 did, four records in full later: a repeat of 5, one of
 * the core's last TF_PERF_REPEAT_REFS. Every record carries the
 * time it was read back: after the trace began, before the child ended,
 * in order.  * Built twice: on the runtime with the host profiler (test_perf_record)
 * and on the device profiler's runtime without it (test_perf_record_dev,
 * TF_TEST_DEVICE_TRACE), where TF_* zones are compiled out but the
 * records are still stamped. */
#include "tests/unit/tf_check.h"
#include "tests/unit/tf_check_child.h"
#include "tt_foil/runtime.h"
#include "tt_foil/trace.h"
#include "tt_foil/transport.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#ifndef TF_TEST_NAME
#define TF_TEST_NAME "test_perf_record"
#endif

/* The pattern: word i of the core's counters. */
static void pattern(tf_perf_core *c)
{
    uint64_t *w = (uint64_t *)c;
    uint64_t x = 0x9e3779b97f4a7c15ull;
    for (size_t i = 0; i < TF_PERF_WORDS; i++) {
        x ^= x << 13, x ^= x >> 7, x ^= x << 17;
        /* mostly 64-bit values (10-byte varints: the words need two
         * records), some of 1 to 63 bits */
        w[i] = i % 4 ? x | 1ull << 63 : (x >> (i % 64)) | 1;
    }
    for (int r = 0; r < TF_NUM_RISCS; r++) { /* stamps around a base */
        c->risc[r].start = 1000000 + (uint64_t)r * 7;
        c->risc[r].end = r == 2 ? 5 : UINT64_MAX - (uint64_t)r; /* below the base; far above */
    }
}

static tf_transport_ops wrapped;
static const tf_transport_ops *real_ops;
static int fill;    /* the next perf_counters reads give the pattern */
static int perturb; /* 1: BRISC's window ends a cycle later; 2: also no RISC's start */

static int perf_counters(tf_transport *t, int x, int y, tf_perf_core *out)
{
    if (real_ops->perf_counters(t, x, y, out)) return -1;
    if (fill) pattern(out);
    if (perturb) out->risc[TF_RISC_BRISC].end += 1;
    for (int r = 0; perturb == 2 && r < TF_NUM_RISCS; r++) out->risc[r].start = 0;
    return 0;
}

enum { NDISPATCH = 11 };
static const char *copy_path; /* the child writes dispatches 2-6's counters there */

static int run(void)
{
    tf_sim_config sc = {.grid_x = 2, .grid_y = 1};
    tf_transport *t = tf_sim_transport_open(&sc);
    if (!t) return fprintf(stderr, "%s\n", tf_last_error()), 1;
    real_ops = t->ops;
    wrapped = *t->ops;
    wrapped.perf_counters = perf_counters;
    wrapped.perf_counters_sparse = NULL; /* the runtime gathers from perf_counters's copy */
    t->ops = &wrapped;
    tf_device_config cfg;
    tf_device_config_init(&cfg);
    cfg.transport = t;
    tf_device *dev = tf_device_open(&cfg);
    if (!dev) return fprintf(stderr, "%s\n", tf_last_error()), 1;
    tf_kernel *k = tf_kernel_load(dev, TF_TEST_KERNELS "/counter.brisc.elf");
    tf_program *p = k ? tf_program_create(dev, (tf_core){1, 0}) : NULL;
    tf_buffer *res = tf_buffer_create_l1(dev, (tf_core){1, 0}, 64);
    uint32_t args[3] = {10, res ? (uint32_t)tf_buffer_address(res) : 0, 0};
    int rc = !p || !res || tf_program_set_kernel(p, TF_BRISC, k) ||
             tf_program_set_args(p, TF_BRISC, args, 3);
    fill = 1;
    rc = rc || tf_dispatch_execute(p); /* dispatch 1: the pattern */
    fill = 0;
    /* dispatches 2-10: the chip's own, each also written as a copy of the
     * whole struct; 3 and 4 as 2 was, 5 and 6 with a longer loop, 7 and 8
     * too but with BRISC's end one cycle later (one stamp moved apart from
     * the others), 9 and 10 also without window starts (a base of 0), 11
     * as 5 was */
    FILE *f = rc ? NULL : fopen(copy_path, "wb");
    for (int d = 2; d <= NDISPATCH && !rc; d++) {
        args[0] = d < 5 ? 10 : 20;
        perturb = d == 11 ? 0 : d >= 9 ? 2 : d >= 7;
        tf_perf_core copy;
        rc = !f || tf_program_set_args(p, TF_BRISC, args, 3) || tf_dispatch_execute(p) ||
             tf_program_counters(p, &copy) || fwrite(&copy, sizeof copy, 1, f) != 1;
    }
    if (f && fclose(f)) rc = 1;
    if (rc) fprintf(stderr, "%s\n", tf_last_error());
    tf_program_destroy(p);
    tf_buffer_free(res);
    tf_kernel_free(k);
    return tf_device_close(dev) || rc ? 1 : 0;
}

int main(int argc, char **argv)
{
    if (argc > 2 && !strcmp(argv[1], "run")) return copy_path = argv[2], run();
    if (argc < 2) return 2;
    char trace[512], copy_file[512];
    snprintf(trace, sizeof trace, "%s/%s.tft", argv[1], TF_TEST_NAME);
    snprintf(copy_file, sizeof copy_file, "%s/%s.copy", argv[1], TF_TEST_NAME);
    setenv("TT_FOIL_TRACE", trace, 1);
    unsetenv("TT_FOIL_MEM_LOG");
    unsetenv("TT_FOIL_PERF_COUNTERS");
    char *av[] = {argv[0], "run", copy_file, NULL};
    CHECK_TRUE(tf_check_run(av));
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts); /* the recorder's clock: the child has ended */
    uint64_t ended_ns = (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
    tf_trace *t = tf_trace_load(trace);
    CHECK_TRUE(t != NULL);
    if (!t) return tf_check_report(TF_TEST_NAME);
    CHECK_EQ_U(t->unknown_records, 0);
    static tf_perf_core got[NDISPATCH + 1], want;
    int parts[NDISPATCH + 1] = {0};
    unsigned version[NDISPATCH + 1] = {0};
    uint64_t host_ns[NDISPATCH + 1] = {0};
    for (size_t i = 0; i < t->ndev_perfs; i++) {
        const tf_tr_dev_perf *p = &t->dev_perfs[i];
        CHECK_TRUE(p->h.dispatch >= 1 && p->h.dispatch <= NDISPATCH);
        if (p->h.dispatch < 1 || p->h.dispatch > NDISPATCH) continue;
        version[p->h.dispatch] = p->h.version;
        CHECK_EQ_U(p->h.part, parts[p->h.dispatch]);
        parts[p->h.dispatch]++;
        CHECK_EQ_U(p->h.x, 1);
        CHECK_EQ_U(p->h.y, 0);
        /* the chip's figures (sim/: 1 GHz, the 2x1 grid, 32 B/cycle DRAM banks) */
        CHECK_EQ_U(p->h.clock_mhz, 1000);
        CHECK_EQ_U(p->h.grid_x, 2);
        CHECK_EQ_U(p->h.grid_y, 1);
        CHECK_EQ_U(p->h.dram_bytes_per_cycle, 32);
        CHECK_TRUE(p->h.matmul_cycles[4] > 0);
        /* stamped when it was read back: after the trace began, before the
         * child ended, the same on every part of a dispatch */
        CHECK_TRUE(p->h.host_ns >= t->header.start_ns);
        CHECK_TRUE(p->h.host_ns <= ended_ns);
        if (p->h.part == 0) host_ns[p->h.dispatch] = p->h.host_ns;
        CHECK_EQ_U(p->h.host_ns, host_ns[p->h.dispatch]);
        CHECK_EQ_U(tf_trace_dev_perf(t, p, &got[p->h.dispatch]), 0);
    }
    pattern(&want);
    CHECK_TRUE(parts[1] >= 2); /* 643 words of up to 10-byte varints: more than one record */
    for (int d = 2; d <= NDISPATCH; d++) {
        CHECK_EQ_U(parts[d], 1);
        CHECK_TRUE(host_ns[d] > host_ns[d - 1]); /* read back in order */
    }
    CHECK_TRUE(host_ns[1] > 0);
    /* written in full: the pattern, the first of the chip's own, the first
     * with the longer loop; repeats (version 3) of those: 3, 4 and 6. 7's
     * words are 6's but one stamp moved apart from the others: in full, 8
     * a repeat of it (its stamps all moved by one delta); 9 has no base
     * (no start) and 10's ends moved: stamps without a base are absolute,
     * so 10 is in full too; 11 repeats 5 (in full since: 7, 9, 10) */
    static const unsigned want_version[NDISPATCH + 1] = {0, 2, 2, 3, 3, 2, 3, 2, 3, 2, 2, 3};
    for (int d = 1; d <= NDISPATCH; d++) CHECK_EQ_U(version[d], want_version[d]);
    CHECK_TRUE(!memcmp(&got[1], &want, sizeof want));
    for (size_t i = 0; i < TF_PERF_WORDS; i++)
        if (((uint64_t *)&got[1])[i] != ((uint64_t *)&want)[i]) {
            fprintf(stderr, "word %zu: 0x%llx, wrote 0x%llx\n", i,
                    (unsigned long long)((uint64_t *)&got[1])[i],
                    (unsigned long long)((uint64_t *)&want)[i]);
            break;
        }
    /* the real counters: what a copy of the struct holds, word for word
     * (a repeat's window stamps its own) */
    static tf_perf_core copy[NDISPATCH + 1];
    FILE *f = fopen(copy_file, "rb");
    CHECK_TRUE(f && fread(&copy[2], sizeof *copy, NDISPATCH - 1, f) == NDISPATCH - 1);
    if (f) fclose(f);
    for (int d = 2; d <= NDISPATCH; d++) CHECK_TRUE(!memcmp(&got[d], &copy[d], sizeof *copy));
    CHECK_TRUE(got[4].risc[TF_RISC_BRISC].start > got[3].risc[TF_RISC_BRISC].start);
    CHECK_TRUE(got[5].risc[TF_RISC_BRISC].instret > got[4].risc[TF_RISC_BRISC].instret);
    /* BRISC's window opened and closed, and adds up */
    const tf_perf_risc *b = &got[2].risc[TF_RISC_BRISC];
    CHECK_TRUE(got[2].valid & 1);
    CHECK_TRUE(b->end > b->start);
    uint64_t sum = b->instret + b->tile;
    for (int w = 0; w < TF_PERF_NUM_WAITS; w++) sum += b->wait[w];
    CHECK_EQ_U(b->end - b->start, sum);
    printf("%s: %d parts for a core of %zu words, then the chip's own, repeats included\n",
           TF_TEST_NAME, parts[1], (size_t)TF_PERF_WORDS);
    tf_trace_free(t);
    return tf_check_report(TF_TEST_NAME);
}
