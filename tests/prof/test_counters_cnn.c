/* The CNN demo's hardware counters, as the trace records them: runs one
 * inference of the demo's network (argument "run") with TT_FOIL_TRACE set,
 * then reads the trace's DEVICE_PERF records and checks, for every
 * dispatch and every core, that each RISC's cycles between GO and done
 * are exactly its instructions, its tile-engine work and its waits, with
 * none unclaimed; that the convolutions' matmul FLOPs are whole tile ops;
 * and that every op of the network was recorded. */
#include "examples/cnn/cnn.h"
#include "tests/unit/tf_check.h"
#include "tests/unit/tf_check_child.h"
#include "tt_foil/trace.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int workload(void)
{
    tf_device *dev = cnn_device_open();
    if (!dev) return fprintf(stderr, "%s\n", tf_last_error()), 1;
    cnn *c = cnn_create(dev, CNN_KERNELS);
    if (!c) return fprintf(stderr, "%s\n", tf_last_error()), 1;
    static float image[CNN_IN * CNN_IN * CNN_IN_CH];
    float logits[CNN_CLASSES];
    cnn_image(0, image);
    int rc = cnn_infer(c, image, logits, NULL);
    if (rc) fprintf(stderr, "%s\n", tf_last_error());
    cnn_destroy(c);
    return tf_device_close(dev) || rc ? 1 : 0;
}

int main(int argc, char **argv)
{
    if (argc > 1 && !strcmp(argv[1], "run")) return workload();
    if (argc < 2) return 2;
    char trace[512];
    snprintf(trace, sizeof trace, "%s/counters_cnn.tft", argv[1]);
    setenv("TT_FOIL_TRACE", trace, 1);
    unsetenv("TT_FOIL_MEM_LOG");
    char *av[] = {argv[0], "run", NULL};
    CHECK_TRUE(tf_check_run(av));
    tf_trace *t = tf_trace_load(trace);
    CHECK_TRUE(t != NULL);
    if (!t) return tf_check_report("test_counters_cnn");
    CHECK_TRUE(t->ndev_perfs > 0);
    uint32_t dispatches[64];
    int nd = 0;
    uint64_t riscs = 0;
    for (size_t i = 0; i < t->ndev_perfs; i++) {
        const tf_tr_dev_perf *p = &t->dev_perfs[i];
        static tf_perf_core c;
        memset(&c, 0, sizeof c);
        CHECK_EQ_U(tf_trace_dev_perf(t, p, &c), 0);
        CHECK_EQ_U(p->h.part, 0); /* one record each */
        CHECK_EQ_U(p->h.dram_bytes_per_cycle, 32);
        int seen = 0;
        for (int k = 0; k < nd; k++) seen |= dispatches[k] == p->h.dispatch;
        if (!seen && nd < 64) dispatches[nd++] = p->h.dispatch;
        CHECK_EQ_U(c.valid, (1u << TF_NUM_RISCS) - 1); /* every RISC booted */
        for (int r = 0; r < TF_NUM_RISCS; r++) {
            const tf_perf_risc *q = &c.risc[r];
            uint64_t sum = q->instret + q->tile;
            for (int w = 0; w < TF_PERF_NUM_WAITS; w++) sum += q->wait[w];
            CHECK_TRUE(q->end > q->start);
            CHECK_EQ_U(q->end - q->start, sum);
            CHECK_EQ_U(q->wait[TF_PERF_WAIT_OTHER], 0);
            CHECK_EQ_U(q->wait[TF_PERF_WAIT_TRAP], 0);
            riscs++;
        }
        CHECK_EQ_U(c.flops[TF_PERF_FLOP_MATMUL], 65536ull * c.tiles[TF_PERF_FLOP_MATMUL]);
    }
    CHECK_EQ_U(nd, CNN_OPS); /* conv1, conv2, head: one dispatch each */
    printf("test_counters_cnn: %zu core records, %d dispatches, %llu RISC windows add up\n",
           t->ndev_perfs, nd, (unsigned long long)riscs);
    tf_trace_free(t);
    return tf_check_report("test_counters_cnn");
}
