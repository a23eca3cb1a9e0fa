/* Misuse of the trace library (tt_foil/trace.h) is refused, never a crash
 * (docs/architecture.md, 1b): each public function with a NULL argument, a
 * trace already freed, or a record that is not the trace's gets its
 * failure value and a message naming the function and the argument. And
 * paths that are not files: a directory, a FIFO with no writer (opening it
 * waited for one forever) and one a program wrote into. */
#include "tests/unit/tf_check.h"
#include "tt_foil/error.h"
#include "tt_foil/trace.h"

#include <fcntl.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

/* The last error names the function and says which argument. */
#define CHECK_ERROR(fn, arg)                                                                       \
    do {                                                                                           \
        CHECK_CONTAINS(tf_last_error(), fn ": ");                                                  \
        CHECK_CONTAINS(tf_last_error(), arg);                                                      \
    } while (0)

static int on_event(void *ctx, const tf_tr_dev_event *e)
{
    (void)e;
    ++*(int *)ctx;
    return 0;
}

static void on_block(void *ctx, const tf_trace *t, const tf_tr_dev_block *b, const uint32_t *w)
{
    (void)ctx, (void)t, (void)b, (void)w;
}

static char warned[512];
static void on_warning(void *ctx, const char *msg)
{
    (void)ctx;
    snprintf(warned, sizeof warned, "%s", msg);
}

/* A trace of its header alone: no events, read from memory. */
static tf_trace *empty_trace(void)
{
    tf_trace_header h = {
        TF_TRACE_MAGIC, TF_TRACE_VERSION, TF_TRACE_FLAG_NS_CLOCK, 1, sizeof h, 0, 0, "api"};
    return tf_trace_read("api.tft", &h, sizeof h);
}

/* tf_trace_load on a directory and on a FIFO. */
static void not_files(void)
{
    char dir[] = "/tmp/test_trace_api.XXXXXX", fifo[64];
    CHECK_TRUE(mkdtemp(dir) != NULL);
    CHECK_TRUE(tf_trace_load(dir) == NULL);
    CHECK_CONTAINS(tf_last_error(), ": is a directory, not a trace file (name a .tft file");
    snprintf(fifo, sizeof fifo, "%s/fifo.tft", dir);
    CHECK_TRUE(mkfifo(fifo, 0600) == 0);
    alarm(20); /* a wait for a writer fails the test, not the suite's time */
    CHECK_TRUE(tf_trace_load(fifo) == NULL);
    CHECK_CONTAINS(tf_last_error(), "fifo.tft: is a FIFO, not a file, and nothing was written "
                                    "into it (a FIFO: no program had it open for writing)");
    /* what a program wrote into it is read (a reader holds it open meanwhile,
     * so the bytes wait in the FIFO once the writer is gone) */
    int r = open(fifo, O_RDONLY | O_NONBLOCK), w = open(fifo, O_WRONLY);
    tf_trace_header h = {
        TF_TRACE_MAGIC, TF_TRACE_VERSION, TF_TRACE_FLAG_NS_CLOCK, 1, sizeof h, 0, 0, "fifo"};
    CHECK_TRUE(r >= 0 && w >= 0 && write(w, &h, sizeof h) == (ssize_t)sizeof h);
    close(w);
    tf_trace *t = tf_trace_load(fifo);
    CHECK_TRUE(t && !strcmp(t->header.program, "fifo"));
    tf_trace_free(t);
    alarm(0);
    close(r);
    unlink(fifo);
    rmdir(dir);
}

int main(void)
{
    tf_set_warning_handler(on_warning, NULL);
    /* loading */
    tf_trace_opts opts = {.dev_block = on_block};
    CHECK_TRUE(tf_trace_load(NULL) == NULL);
    CHECK_ERROR("tf_trace_load", "the path is NULL");
    CHECK_TRUE(tf_trace_load_opts(NULL, &opts) == NULL);
    CHECK_ERROR("tf_trace_load_opts", "the path is NULL");
    CHECK_TRUE(tf_trace_read(NULL, "TFTRACE1", 8) == NULL);
    CHECK_ERROR("tf_trace_read", "the name is NULL");
    CHECK_TRUE(tf_trace_read("x", NULL, 64) == NULL);
    CHECK_ERROR("tf_trace_read(x)", "data is NULL and size 64");
    CHECK_TRUE(tf_trace_read_opts(NULL, "TFTRACE1", 8, &opts) == NULL);
    CHECK_ERROR("tf_trace_read_opts", "the name is NULL");
    CHECK_TRUE(tf_trace_read_opts("x", NULL, 8, NULL) == NULL);
    CHECK_ERROR("tf_trace_read_opts(x)", "data is NULL and size 8");
    tf_trace_free(NULL); /* nothing, as free(NULL) */

    tf_trace *t = empty_trace();
    CHECK_TRUE(t != NULL);
    if (!t) return tf_check_report("test_trace_api");
    uint64_t a = 7, b = 7;
    CHECK_EQ_U(tf_trace_span(t, &a, &b), 0);
    CHECK_EQ_U(a, 0);
    CHECK_EQ_U(b, 0);

    /* a NULL trace, then a trace already freed, to every function taking one */
    tf_trace *freed = empty_trace();
    tf_trace_free(freed);
    const tf_trace *bad[2] = {NULL, freed};
    const char *why[2] = {"the trace t is NULL", "is not live"};
    tf_tr_dev_block blk = {0};
    tf_tr_dev_perf perf = {0};
    tf_perf_core core;
    tf_tr_dev_counts counts = {0};
    int n = 0;
    for (int i = 0; i < 2; i++) {
        a = b = 7;
        CHECK_EQ_U(tf_trace_span(bad[i], &a, &b), (uint64_t)-1);
        CHECK_ERROR("tf_trace_span", why[i]);
        CHECK_EQ_U(a, 7);
        CHECK_EQ_U(tf_trace_pool_capacity(bad[i], "x"), 0);
        CHECK_ERROR("tf_trace_pool_capacity", why[i]);
        CHECK_EQ_U(tf_trace_dev_walk(bad[i], on_event, &n, &counts), (uint64_t)-1);
        CHECK_ERROR("tf_trace_dev_walk", why[i]);
        CHECK_EQ_U(tf_trace_dev_walk_block(bad[i], &blk, NULL, on_event, &n, &counts),
                   (uint64_t)-1);
        CHECK_ERROR("tf_trace_dev_walk_block", why[i]);
        CHECK_TRUE(tf_trace_dev_site(bad[i], &blk, 1) == NULL);
        CHECK_ERROR("tf_trace_dev_site", why[i]);
        CHECK_EQ_U(tf_trace_dev_perf(bad[i], &perf, &core), TF_NONE);
        CHECK_ERROR("tf_trace_dev_perf", why[i]);
        CHECK_EQ_U(tf_trace_dev_ns(bad[i], 5), 0);
        CHECK_ERROR("tf_trace_dev_ns", why[i]);
    }
    CHECK_EQ_U(n, 0);
    warned[0] = 0;
    tf_trace_free(freed); /* twice: refused, with a warning, not a double free */
    CHECK_CONTAINS(warned, "tf_trace_free: ");
    CHECK_CONTAINS(warned, "is not live");
    CHECK_CONTAINS(warned, "nothing was freed");

    /* the other arguments */
    CHECK_EQ_U(tf_trace_span(t, NULL, &b), (uint64_t)-1);
    CHECK_ERROR("tf_trace_span", "first_ns is NULL");
    CHECK_EQ_U(tf_trace_span(t, &a, NULL), (uint64_t)-1);
    CHECK_ERROR("tf_trace_span", "last_ns is NULL");
    CHECK_EQ_U(tf_trace_pool_capacity(t, NULL), 0);
    CHECK_ERROR("tf_trace_pool_capacity", "the pool name is NULL");
    CHECK_EQ_U(tf_trace_dev_walk(t, NULL, NULL, &counts), (uint64_t)-1);
    CHECK_ERROR("tf_trace_dev_walk", "the callback fn is NULL");
    CHECK_EQ_U(tf_trace_dev_walk(t, on_event, &n, NULL), 0); /* counts: optional */
    CHECK_EQ_U(tf_trace_dev_walk_block(t, NULL, NULL, on_event, &n, NULL), (uint64_t)-1);
    CHECK_ERROR("tf_trace_dev_walk_block", "the block b is NULL");
    CHECK_EQ_U(tf_trace_dev_walk_block(t, &blk, NULL, NULL, &n, NULL), (uint64_t)-1);
    CHECK_ERROR("tf_trace_dev_walk_block", "the callback fn is NULL");
    blk.h.nwords = 4;
    CHECK_EQ_U(tf_trace_dev_walk_block(t, &blk, NULL, on_event, &n, NULL), (uint64_t)-1);
    CHECK_ERROR("tf_trace_dev_walk_block", "words is NULL and block b has 4 marker words");
    blk.h.nwords = 0;
    CHECK_EQ_U(tf_trace_dev_walk_block(t, &blk, NULL, on_event, &n, NULL), 0);
    CHECK_TRUE(tf_trace_dev_site(t, NULL, 1) == NULL);
    CHECK_ERROR("tf_trace_dev_site", "the block b is NULL");
    CHECK_EQ_U(tf_trace_dev_perf(t, NULL, &core), TF_NONE);
    CHECK_ERROR("tf_trace_dev_perf", "the record p is NULL");
    CHECK_EQ_U(tf_trace_dev_perf(t, &perf, NULL), TF_NONE);
    CHECK_ERROR("tf_trace_dev_perf", "out is NULL");
    perf.h.npairs = 3; /* pairs the trace does not hold */
    CHECK_EQ_U(tf_trace_dev_perf(t, &perf, &core), TF_NONE);
    CHECK_ERROR("tf_trace_dev_perf", "record p holds pairs 0..3, and trace t has 0");
    /* pairs counted as pairs, the trace's array in words (two a pair): a
     * record one pair past its 2 is refused, the last pair read */
    uint64_t kv[4] = {0, 0, 0, 0};
    t->perf_pairs = kv;
    t->nperf_pairs = 4;
    perf.pair0 = 2, perf.h.npairs = 1;
    CHECK_EQ_U(tf_trace_dev_perf(t, &perf, &core), TF_NONE);
    CHECK_ERROR("tf_trace_dev_perf", "record p holds pairs 2..3, and trace t has 2");
    perf.pair0 = 1;
    CHECK_EQ_U(tf_trace_dev_perf(t, &perf, &core), 1); /* (key 0 names no counter) */
    t->perf_pairs = NULL;
    t->nperf_pairs = 0;
    perf.pair0 = 0, perf.h.npairs = 0;
    CHECK_EQ_U(tf_trace_dev_perf(t, &perf, &core), 0);
    CHECK_EQ_U(tf_trace_dev_ns(t, 5), 5); /* no clock sync: the cycle itself */
    CHECK_EQ_U(n, 0);

    /* packing */
    uint64_t in[2] = {0, 0}, recs = 9, outw[4];
    uint8_t packed[TF_TRACE_PACK_BOUND(2)];
    size_t words = 9;
    CHECK_EQ_U(tf_trace_pack(NULL, 2, packed, &recs), 0);
    CHECK_ERROR("tf_trace_pack", "in is NULL");
    CHECK_EQ_U(recs, 0);
    CHECK_EQ_U(tf_trace_pack(in, 2, NULL, &recs), 0);
    CHECK_ERROR("tf_trace_pack", "out is NULL");
    CHECK_EQ_U(tf_trace_pack(in, 2, packed, NULL), 0);
    CHECK_ERROR("tf_trace_pack", "records is NULL");
    CHECK_EQ_U(tf_trace_pack(NULL, 0, packed, &recs), 0); /* nothing to pack */
    CHECK_EQ_U(tf_trace_unpack(NULL, 4, outw, 4, &words), (uint64_t)-1);
    CHECK_ERROR("tf_trace_unpack", "in is NULL");
    CHECK_EQ_U(tf_trace_unpack(packed, 4, NULL, 4, &words), (uint64_t)-1);
    CHECK_ERROR("tf_trace_unpack", "out is NULL");
    CHECK_EQ_U(tf_trace_unpack(packed, 4, outw, 4, NULL), (uint64_t)-1);
    CHECK_ERROR("tf_trace_unpack", "words is NULL");
    CHECK_EQ_U(words, 9);
    static const uint8_t type0[2] = {0x40, 0}; /* type 0 with an argument: malformed */
    CHECK_EQ_U(tf_trace_unpack(type0, 2, outw, 4, &words), (uint64_t)-1);
    CHECK_ERROR("tf_trace_unpack", "the record at byte 0: its type is 0");

    tf_trace_free(t);
    not_files();
    return tf_check_report("test_trace_api");
}
