/* The trace reader under hostile input: the bytes as a trace file (chunks,
 * definitions, records, device blocks walked and placed on the clock), as a
 * packed chunk payload, and as records that must survive a pack/unpack
 * round trip word for word. Every input ends in a trace (with warnings) or
 * a message, never a crash, a hang or an out-of-bounds read; read from a
 * file (through the reader's windows) it gives what it gives from memory. */
#define _GNU_SOURCE /* memfd_create */
#include "fuzz.h"
#include "tt_foil/trace.h"
#include "tf_memmap.h"

#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

static int count_event(void *ctx, const tf_tr_dev_event *e)
{
    (void)e;
    ++*(uint64_t *)ctx;
    return 0;
}

/* The streamed read (tf_trace_opts): each block walked as it is read. */
typedef struct streamed {
    uint64_t blocks, events;
    tf_tr_dev_counts c;
} streamed;

static void on_block(void *ctx, const tf_trace *t, const tf_tr_dev_block *b, const uint32_t *words)
{
    streamed *s = ctx;
    s->blocks++;
    (void)tf_trace_dev_walk_block(t, b, words, count_event, &s->events, &s->c);
}

/* The input's words made into whole, valid records (known types, text
 * lengths within what follows), as the recorder would write them. */
static size_t make_records(const uint8_t *data, size_t size, uint64_t *w, size_t cap)
{
    size_t n = 0, nw = size / 8;
    for (size_t i = 0; i < nw && n < cap;) {
        uint64_t head;
        memcpy(&head, data + 8 * i++, 8);
        unsigned type =
            1 + (unsigned)(head >> TF_REC_TYPE_SHIFT) % 10; /* TF_R_ZONE_BEGIN .. TF_R_DEVICE_PC */
        uint32_t arg = TF_REC_ARG(head);
        if (tf_rec_is_text(type)) arg %= 8 * (uint32_t)(nw - i) + 1;
        head = TF_REC(type, arg, TF_REC_DELTA(head));
        unsigned words = tf_rec_words(head);
        if (i - 1 + words > nw || n + words > cap) break;
        w[n] = head;
        memcpy(w + n + 1, data + 8 * i, 8 * (size_t)(words - 1));
        if (tf_rec_is_text(type) && arg % 8) /* the padding is zero, as written */
            memset((uint8_t *)(w + n + 1) + arg, 0, 8 - arg % 8);
        i += words - 1;
        n += words;
    }
    return n;
}

/* The same bytes as a file (a memfd), read through windows as the report
 * reads a trace: the same trace as from memory, warning for warning. */
static void check_file(const uint8_t *data, size_t size, const tf_trace *m, const streamed *ms)
{
    int fd = memfd_create("fuzz.tft", MFD_CLOEXEC);
    if (fd < 0) return;
    size_t done = 0;
    while (done < size) {
        ssize_t n = write(fd, data + done, size - done);
        if (n <= 0) break;
        done += (size_t)n;
    }
    char path[64];
    snprintf(path, sizeof path, "/proc/self/fd/%d", fd);
    streamed st = {0};
    tf_trace_opts o = {.dev_block = on_block, .ctx = &st};
    tf_trace *f = done == size ? tf_trace_load_opts(path, &o) : NULL;
    close(fd);
    if (done != size) return;
    FUZZ_CHECK(!f == !m);
    if (f) {
        FUZZ_CHECK(f->nwarnings == m->nwarnings && f->nzones == m->nzones &&
                   f->dev_streamed == m->dev_streamed && f->bad_bytes == m->bad_bytes &&
                   f->truncated_bytes == m->truncated_bytes &&
                   f->missing_chunks == m->missing_chunks && st.events == ms->events);
        for (int i = 0; i < f->nwarnings && i < m->nwarnings; i++)
            FUZZ_CHECK(!strcmp(f->warnings[i], m->warnings[i]));
    }
    tf_trace_free(f);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    tf_trace *t = tf_trace_read("fuzz.tft", data, size);
    streamed st = {0};
    tf_trace_opts o = {.dev_block = on_block, .ctx = &st};
    tf_trace *ts = tf_trace_read_opts("fuzz.tft", data, size, &o);
    FUZZ_CHECK(!t == !ts);
    check_file(data, size, ts, &st);
    if (t) {
        uint64_t n = 0, a, b;
        tf_tr_dev_counts c = {0};
        (void)tf_trace_dev_walk(t, count_event, &n, &c);
        /* streamed, the same blocks give the same events */
        FUZZ_CHECK(ts->dev_streamed == t->ndev_blocks && ts->ndev_blocks == 0);
        FUZZ_CHECK(st.events == n && st.c.markers == c.markers && st.c.zones == c.zones &&
                   st.c.open == c.open && st.c.unmatched == c.unmatched);
        for (size_t i = 0; i < t->ndev_blocks; i++)
            (void)tf_trace_dev_ns(t, t->dev_blocks[i].h.ref_cycle);
        tf_trace_span(t, &a, &b);
        for (size_t i = 0; i < t->nzones; i++) FUZZ_CHECK(t->zones[i].loc < t->nlocs);
        for (size_t i = 0; i < t->nmem; i++) FUZZ_CHECK(t->mem[i].pool < t->npools);
        for (size_t i = 0; i < t->ndev_blocks; i++) /* the report indexes per-RISC tables */
            FUZZ_CHECK(t->dev_blocks[i].h.risc < TF_NUM_RISCS);
        /* every counter record: its pairs within the trace's, applied (a
         * repeat, version 3, the only one whose stamps move) */
        for (size_t i = 0; i < t->ndev_perfs; i++) {
            const tf_tr_dev_perf *p = &t->dev_perfs[i];
            static tf_perf_core core;
            FUZZ_CHECK(2 * (p->pair0 + p->h.npairs) <= t->nperf_pairs);
            FUZZ_CHECK(p->stamp_shift == 0 || p->h.version == TF_PERF_RECORD_REPEAT);
            FUZZ_CHECK(tf_trace_dev_perf(t, p, &core) != TF_NONE);
        }
        /* its calibration points as kept: increasing in both; read again
         * on that clock (tf_trace_opts.clock: a memory log on its trace's),
         * every time the same */
        for (size_t i = 1; i < t->ncal; i++)
            FUZZ_CHECK(t->cal[i].tsc > t->cal[i - 1].tsc && t->cal[i].ns > t->cal[i - 1].ns);
        tf_trace_opts oc = {.clock = t};
        tf_trace *tc = tf_trace_read_opts("fuzz.tft", data, size, &oc);
        FUZZ_CHECK(tc && tc->nzones == t->nzones && tc->nmem == t->nmem);
        for (size_t i = 0; tc && i < t->nzones; i++)
            FUZZ_CHECK(tc->zones[i].start_ns == t->zones[i].start_ns &&
                       tc->zones[i].end_ns == t->zones[i].end_ns);
        for (size_t i = 0; tc && i < t->nmem; i++) FUZZ_CHECK(tc->mem[i].ns == t->mem[i].ns);
        tf_trace_free(tc);
        tf_trace_free(t);
        tf_trace_free(ts);
    } else {
        FUZZ_CHECK(tf_last_error()[0]);
    }
    /* hostile packed bytes */
    size_t cap = size + 1, words = 0;
    uint64_t *out = malloc(cap * sizeof *out);
    if (!out) return 0;
    (void)tf_trace_unpack(data, size, out, cap, &words);
    /* a round trip of valid records */
    uint64_t *in = malloc(cap * sizeof *in);
    uint8_t *packed = malloc(TF_TRACE_PACK_BOUND(cap));
    if (in && packed) {
        size_t n = make_records(data, size, in, cap);
        uint64_t records = 0;
        size_t bytes = tf_trace_pack(in, (uint32_t)n, packed, &records);
        FUZZ_CHECK(bytes % 8 == 0 && bytes <= TF_TRACE_PACK_BOUND(n));
        FUZZ_CHECK(tf_trace_unpack(packed, bytes, out, cap, &words) == 0);
        FUZZ_CHECK(words == n && !memcmp(in, out, n * 8));
    }
    free(in);
    free(packed);
    free(out);
    return 0;
}
