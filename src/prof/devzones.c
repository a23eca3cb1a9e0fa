/* Device zones from a trace's DEVICE_BLOCK records (tt_foil/trace.h,
 * tf_trace_dev_walk): markers decoded by the runtime's decoder
 * (common/cm_dprof.h), paired by its pairing (common/cm_pair.h), names
 * resolved against the images the trace defines. */
#include "tt_foil/trace.h"
#include "trace_api.h"
#include "common/cm_dprof.h"
#include "common/cm_pair.h"
#include "tf_profiler.h"

typedef struct walk {
    const tf_trace *t;
    const tf_tr_dev_block *b;
    cm_pairer pair;
    int (*fn)(void *, const tf_tr_dev_event *);
    void *ctx;
    tf_tr_dev_counts *n;
    int oom;
} walk;

static int on_marker(void *arg, const cm_dprof_marker *m)
{
    walk *w = arg;
    tf_tr_dev_event e = {TF_DEV_MARKER,
                         w->b,
                         tf_trace_site_of(w->t, w->b, m->zid),
                         m->zid,
                         m->type,
                         m->cycle,
                         m->value,
                         m->count,
                         0,
                         0,
                         0};
    w->n->markers++;
    int rc = w->fn(w->ctx, &e);
    if (rc) return rc;
    if (m->type == TF_DPROF_START) {
        if (cm_pair_start(&w->pair, m->zid, m->cycle)) return w->oom = -1;
    } else if (m->type == TF_DPROF_END) {
        uint64_t start;
        uint32_t depth;
        if (cm_pair_end(&w->pair, m->zid, &start, &depth)) {
            e.kind = TF_DEV_ZONE;
            e.start = start;
            e.end = m->cycle;
            e.depth = depth;
            w->n->zones++;
            return w->fn(w->ctx, &e);
        }
    } else {
        w->n->payload++;
    }
    return 0;
}

/* One block's markers, zones and open zones (w->pair empty before and after). */
static int walk_block(walk *w, const tf_tr_dev_block *b, const uint32_t *words)
{
    const tf_trace *t = w->t;
    tf_tr_dev_counts *counts = w->n;
    int (*fn)(void *, const tf_tr_dev_event *) = w->fn;
    void *ctx = w->ctx;
    w->b = b;
    cm_dprof_stats st = {0, 0};
    w->pair.unmatched = 0;
    int rc = cm_dprof_decode(words, b->h.nwords, b->h.ref_cycle, b->h.invalid, on_marker, w, &st);
    if (rc) return rc;
    if (b->h.invalid) w->pair.n = 0;   /* its STARTs were discarded too */
    if (b->h.reason != TF_DEVB_DONE) { /* stopped: what is open stays open */
        for (size_t k = 0; k < w->pair.n && !rc; k++) {
            uint32_t zid = (uint32_t)w->pair.open[k].key;
            tf_tr_dev_event e = {TF_DEV_OPEN,
                                 b,
                                 tf_trace_site_of(t, b, zid),
                                 zid,
                                 0,
                                 0,
                                 0,
                                 0,
                                 w->pair.open[k].start,
                                 b->h.stop_cycle,
                                 (uint32_t)k};
            counts->open++;
            rc = fn(ctx, &e);
        }
        w->pair.n = 0;
    }
    cm_pair_reset(&w->pair);
    counts->unmatched += st.bad + w->pair.unmatched;
    counts->discarded += st.discarded;
    if (b->h.dropped && !rc) {
        tf_tr_dev_event e = {TF_DEV_DROPPED, b, NULL, 0, 0, 0, 0, b->h.dropped, 0, 0, 0};
        counts->dropped += b->h.dropped;
        rc = fn(ctx, &e);
    }
    return rc;
}

/* The checks both walks make (fn, and t through tf_trace_check_arg). */
static int walk_check(const tf_trace *t, int (*fn)(void *, const tf_tr_dev_event *), const char *op)
{
    if (tf_trace_check_arg(t, op)) return -1;
    if (!fn)
        return cm_err_set("%s: the callback fn is NULL (pass the function to call for every "
                          "marker and zone)",
                          op);
    return 0;
}

int tf_trace_dev_walk(const tf_trace *t, int (*fn)(void *ctx, const tf_tr_dev_event *e), void *ctx,
                      tf_tr_dev_counts *counts)
{
    if (walk_check(t, fn, "tf_trace_dev_walk")) return -1;
    tf_tr_dev_counts ignored = {0};
    walk w = {t, NULL, {0}, fn, ctx, counts ? counts : &ignored, 0};
    int rc = 0;
    for (size_t i = 0; i < t->ndev_blocks && !rc; i++)
        rc = walk_block(&w, &t->dev_blocks[i], t->dev_words + t->dev_blocks[i].word0);
    cm_pair_free(&w.pair);
    return w.oom ? cm_err_set("tf_trace_dev_walk: out of memory pairing the markers") : rc;
}

int tf_trace_dev_walk_block(const tf_trace *t, const tf_tr_dev_block *b, const uint32_t *words,
                            int (*fn)(void *ctx, const tf_tr_dev_event *e), void *ctx,
                            tf_tr_dev_counts *counts)
{
    const char *op = "tf_trace_dev_walk_block";
    if (walk_check(t, fn, op)) return -1;
    if (!b)
        return cm_err_set("%s: the block b is NULL (pass the block tf_trace_opts.dev_block was "
                          "handed, or one of t->dev_blocks)",
                          op);
    if (!words && b->h.nwords)
        return cm_err_set("%s: words is NULL and block b has %u marker words (pass the words "
                          "handed with the block)",
                          op, b->h.nwords);
    tf_tr_dev_counts ignored = {0};
    walk w = {t, NULL, {0}, fn, ctx, counts ? counts : &ignored, 0};
    int rc = walk_block(&w, b, words);
    cm_pair_free(&w.pair);
    return w.oom ? cm_err_set("%s: out of memory pairing the markers", op) : rc;
}

uint64_t tf_trace_ns_of(double ns, int *clamped)
{
    const double two64 = 18446744073709551616.0; /* the first value a uint64_t cannot hold */
    if (ns < 0) return 0;                        /* before the clock's origin */
    if (ns + 0.5 < two64) return (uint64_t)(ns + 0.5);
    if (clamped) *clamped = 1; /* beyond the clock, or NaN */
    return ns == ns ? UINT64_MAX : 0;
}

uint64_t tf_trace_clock_ns(uint64_t host_ns, uint64_t sync_cycle, double ns_per_cycle,
                           uint64_t cycle, int *clamped)
{
    double d = ((double)(int64_t)(cycle - sync_cycle)) * ns_per_cycle;
    return tf_trace_ns_of((double)host_ns + d, clamped);
}

uint64_t tf_trace_dev_ns(const tf_trace *t, uint64_t cycle)
{
    if (tf_trace_check_arg(t, "tf_trace_dev_ns")) return 0;
    if (!t->has_sync) return cycle;
    return tf_trace_clock_ns(t->sync_host_ns, t->sync_cycle, t->sync_ns_per_cycle, cycle, NULL);
}
