/* The trace reader on a file that changes while it is read (issue 13): the
 * report's streaming read (tf_trace_load_opts with a dev_block callback)
 * used to map the file, and a file truncated under the mapping raised
 * SIGBUS. Here the callback itself truncates the file, appends to it or
 * rewrites a chunk, mid-read; each time the reader must not crash, must
 * say exactly what happened, count what was lost and keep what was read.
 * Also: a file read through windows gives what the same bytes in memory
 * give (a damaged region longer than the resync scan's window, a magic
 * straddling the window's end, chunks at odd offsets).
 *
 *   test_trace_change WORKDIR */
#include "tests/unit/tf_check.h"
#include "tt_foil/trace.h"
#include "tf_profiler.h"

#include <fcntl.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#define NCHUNKS 40 /* events chunks, one device block each */
#define NWORDS  4  /* marker words of a block: one START, one END */

typedef struct buf {
    unsigned char *p;
    size_t n, cap;
} buf;

static void put(buf *b, const void *d, size_t n)
{
    if (b->n + n > b->cap) {
        b->cap = (b->n + n) * 2 + 256;
        b->p = realloc(b->p, b->cap);
        if (!b->p) exit(2);
    }
    if (n) memcpy(b->p + b->n, d, n);
    b->n += n;
}

static void word(buf *b, uint64_t w)
{
    put(b, &w, 8);
}

static uint32_t seq;
static size_t chunk_off[NCHUNKS + 3]; /* file offset of each chunk, by seq */

static void chunk(buf *out, uint32_t kind, const buf *payload)
{
    tf_chunk_header h;
    memset(&h, 0, sizeof h);
    h.magic = TF_CHUNK_MAGIC;
    h.kind = kind;
    h.payload_bytes = (uint32_t)payload->n;
    h.seq = seq;
    tf_trace_seal(&h, payload->p);
    chunk_off[seq++] = out->n;
    put(out, &h, sizeof h);
    put(out, payload->p, payload->n);
}

/* A whole trace: a DEFS chunk (zone location 1), NCHUNKS events chunks
 * (zone 1 around device block i, dispatch i), a trailer. `pad` bytes of
 * junk before events chunk `at` (none if pad is 0); with `dup`, events
 * chunk `at` written twice. */
static size_t dup_off; /* where the repeat went */
static buf make_trace(size_t pad, int at, int dup)
{
    buf out = {0}, p = {0};
    seq = 0;
    tf_trace_header th;
    memset(&th, 0, sizeof th);
    memcpy(th.magic, TF_TRACE_MAGIC, 8);
    th.version = TF_TRACE_VERSION;
    th.flags = TF_TRACE_FLAG_NS_CLOCK;
    th.header_bytes = sizeof th;
    th.start_ns = 1000;
    snprintf(th.program, sizeof th.program, "test_trace_change");
    put(&out, &th, sizeof th);
    static const char strs[] = "zone\0fn\0file.c"; /* name, function, file, each with its NUL */
    tf_trace_def_header dh = {TF_DEF_LOCATION, 1, 5, sizeof strs};
    put(&p, &dh, sizeof dh);
    put(&p, strs, sizeof strs);
    while (p.n % 8) put(&p, "", 1);
    chunk(&out, TF_CHUNK_DEFS, &p);
    for (int i = 0; i < NCHUNKS; i++) {
        p.n = 0;
        uint64_t t0 = 10000 + 1000 * (uint64_t)i;
        word(&p, TF_REC(TF_R_ZONE_BEGIN, 1, t0));
        tf_dev_block b;
        memset(&b, 0, sizeof b);
        b.dispatch = (uint32_t)i;
        b.x = 1;
        b.nwords = NWORDS;
        b.ref_cycle = 100;
        uint32_t m[NWORDS] = {
            TF_DPROF_VALID | TF_DPROF_TYPE_BITS(TF_DPROF_START) | 1u << TF_DPROF_ID_SHIFT, 110,
            TF_DPROF_VALID | TF_DPROF_TYPE_BITS(TF_DPROF_END) | 1u << TF_DPROF_ID_SHIFT, 150};
        word(&p, TF_REC(TF_R_DEVICE_BLOCK, sizeof b + sizeof m, t0 + 10));
        put(&p, &b, sizeof b);
        put(&p, m, sizeof m);
        word(&p, TF_REC(TF_R_ZONE_END, 1, t0 + 500));
        if (pad && i == at)
            for (size_t k = 0; k < pad; k++) put(&out, "x", 1); /* no "TFCK" in it */
        size_t from = out.n;
        chunk(&out, TF_CHUNK_EVENTS, &p);
        if (dup && i == at) {
            size_t len = out.n - from;
            dup_off = out.n;
            unsigned char *again = malloc(len); /* put may move out.p */
            if (!again) exit(2);
            memcpy(again, out.p + from, len);
            put(&out, again, len);
            free(again);
        }
    }
    p.n = 0;
    tf_trace_trailer tr = {3 * NCHUNKS, 0, 0, 0, 0, 0, 0};
    put(&p, &tr, sizeof tr);
    chunk(&out, TF_CHUNK_TRAILER, &p);
    free(p.p);
    return out;
}

static const char *dir;

static void write_file(const char *path, const buf *b)
{
    FILE *f = fopen(path, "wb");
    CHECK_TRUE(f && fwrite(b->p, 1, b->n, f) == b->n);
    if (f) fclose(f);
}

/* What the callback does, at which block. */
enum { DO_NOTHING, DO_SHRINK, DO_GROW, DO_REWRITE };
typedef struct change {
    const char *path;
    int what;
    uint32_t at_block; /* the dispatch of the block that triggers it */
    off_t arg;         /* DO_SHRINK: the new size; DO_GROW: bytes appended; DO_REWRITE: offset */
    uint64_t blocks, zones;
    uint32_t last_dispatch;
} change;

static int count_zone(void *ctx, const tf_tr_dev_event *e)
{
    if (e->kind == TF_DEV_ZONE) ++*(uint64_t *)ctx;
    return 0;
}

static void on_block(void *ctx, const tf_trace *t, const tf_tr_dev_block *b, const uint32_t *words)
{
    change *c = ctx;
    c->blocks++;
    c->last_dispatch = b->h.dispatch;
    tf_tr_dev_counts n = {0};
    (void)tf_trace_dev_walk_block(t, b, words, count_zone, &c->zones, &n);
    if (b->h.dispatch != c->at_block || c->what == DO_NOTHING) return;
    int fd = open(c->path, O_WRONLY | O_APPEND);
    CHECK_TRUE(fd >= 0);
    if (fd < 0) return;
    if (c->what == DO_SHRINK) CHECK_TRUE(ftruncate(fd, c->arg) == 0);
    if (c->what == DO_GROW) {
        char junk[4096];
        memset(junk, 'g', sizeof junk);
        for (off_t k = 0; k < c->arg; k += (off_t)sizeof junk)
            CHECK_TRUE(write(fd, junk,
                             (size_t)(c->arg - k < (off_t)sizeof junk ? c->arg - k
                                                                      : (off_t)sizeof junk)) > 0);
    }
    if (c->what == DO_REWRITE) { /* one byte of a later chunk's payload, the size unchanged */
        int wfd = open(c->path, O_WRONLY);
        CHECK_TRUE(wfd >= 0 && pwrite(wfd, "\xff", 1, c->arg) == 1);
        if (wfd >= 0) close(wfd);
    }
    close(fd);
}

static int has_warning(const tf_trace *t, const char *s)
{
    for (int i = 0; i < t->nwarnings; i++)
        if (!strcmp(t->warnings[i], s)) return 1;
    fprintf(stderr, "expected the warning \"%s\"; the trace has:\n", s);
    for (int i = 0; i < t->nwarnings; i++) fprintf(stderr, "  %s\n", t->warnings[i]);
    return 0;
}

static tf_trace *load_changing(const char *name, const buf *b, change *c)
{
    static char path[600];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    write_file(path, b);
    c->path = path;
    tf_trace_opts o = {.dev_block = on_block, .ctx = c};
    tf_trace *t = tf_trace_load_opts(path, &o);
    CHECK_TRUE(t != NULL);
    if (!t) fprintf(stderr, "%s\n", tf_last_error());
    return t;
}

/* Unchanged: every block, zone and chunk; no warning. */
static void test_whole(const buf *b)
{
    change c = {0};
    c.what = DO_NOTHING;
    tf_trace *t = load_changing("whole.tft", b, &c);
    if (!t) return;
    CHECK_EQ_U(c.blocks, NCHUNKS);
    CHECK_EQ_U(c.zones, NCHUNKS);
    CHECK_EQ_U(t->dev_streamed, NCHUNKS);
    CHECK_EQ_U(t->nzones, NCHUNKS);
    CHECK_EQ_U(t->nwarnings, 0);
    CHECK_EQ_U(t->missing_chunks + t->truncated_bytes + t->bad_bytes, 0);
    CHECK_TRUE(t->has_trailer);
    tf_trace_free(t);
}

/* Truncated mid-read, inside events chunk 11 (seq 12): the blocks of the
 * chunks the second pass had read (0..9, as the callback of block 9
 * truncates) and those wholly below the new size (10) are there; the 29
 * events chunks from 11 on are lost, counted as missing. */
static void test_shrink(const buf *b)
{
    change c = {0};
    c.what = DO_SHRINK;
    c.at_block = 9;
    c.arg = (off_t)chunk_off[12] + 30;
    tf_trace *t = load_changing("shrink.tft", b, &c);
    if (!t) return;
    CHECK_EQ_U(c.blocks, 11);
    CHECK_EQ_U(c.last_dispatch, 10);
    CHECK_EQ_U(t->dev_streamed, 11);
    CHECK_EQ_U(t->nzones, 11);
    CHECK_EQ_U(t->missing_chunks, NCHUNKS - 11);
    CHECK_EQ_U(t->truncated_bytes + t->bad_bytes + t->unterminated, 0);
    CHECK_TRUE(t->has_trailer); /* the first pass read it, before the file shrank */
    char want[300];
    snprintf(want, sizeof want,
             "the file shrank from %zu to %zu bytes while it was read; 29 chunks after offset %zu "
             "were lost (another program truncated or rewrote it); what was read is in the reports",
             b->n, (size_t)c.arg, (size_t)c.arg);
    CHECK_TRUE(has_warning(t, want));
    CHECK_EQ_U(t->nwarnings, 1);
    tf_trace_free(t);

    /* `: > file` (truncated to nothing) at the first block: all but it lost */
    c = (change){0};
    c.what = DO_SHRINK;
    c.at_block = 0;
    c.arg = 0;
    t = load_changing("empty.tft", b, &c);
    if (!t) return;
    CHECK_EQ_U(c.blocks, 1);
    CHECK_EQ_U(t->missing_chunks, NCHUNKS - 1);
    snprintf(want, sizeof want,
             "the file shrank from %zu to 0 bytes while it was read; 39 chunks after offset 0 "
             "were lost (another program truncated or rewrote it); what was read is in the reports",
             b->n);
    CHECK_TRUE(has_warning(t, want));
    tf_trace_free(t);
}

/* Grown mid-read (garbage appended, as a writer still running would):
 * everything that was there is read, and what was added is named. */
static void test_grow(const buf *b)
{
    change c = {0};
    c.what = DO_GROW;
    c.at_block = 20;
    c.arg = 10000;
    tf_trace *t = load_changing("grow.tft", b, &c);
    if (!t) return;
    CHECK_EQ_U(c.blocks, NCHUNKS);
    CHECK_EQ_U(t->nzones, NCHUNKS);
    CHECK_EQ_U(t->missing_chunks + t->truncated_bytes + t->bad_bytes, 0);
    char want[300];
    snprintf(want, sizeof want,
             "the file grew from %zu to %zu bytes while it was read; the 10000 bytes added after "
             "it was opened were not read",
             b->n, b->n + 10000);
    CHECK_TRUE(has_warning(t, want));
    CHECK_EQ_U(t->nwarnings, 1);
    tf_trace_free(t);
}

/* A later chunk rewritten in place (the same size): the second pass finds
 * it no longer holds what the first pass checked, leaves it out, counts it. */
static void test_rewrite(const buf *b)
{
    change c = {0};
    c.what = DO_REWRITE;
    c.at_block = 5;
    c.arg = (off_t)chunk_off[31] + (off_t)sizeof(tf_chunk_header) + 20; /* events chunk 30 */
    tf_trace *t = load_changing("rewrite.tft", b, &c);
    if (!t) return;
    CHECK_EQ_U(c.blocks, NCHUNKS - 1);
    CHECK_EQ_U(t->nzones, NCHUNKS - 1);
    CHECK_EQ_U(t->missing_chunks, 1);
    char want[300];
    snprintf(want, sizeof want,
             "the file changed while it was read: 1 chunk no longer held what the first pass read "
             "(the first: chunk 31 at offset %zu) and was left out (another program rewrote the "
             "file)",
             chunk_off[31]);
    CHECK_TRUE(has_warning(t, want));
    CHECK_EQ_U(t->nwarnings, 1);
    tf_trace_free(t);
}

/* Read through windows, a file gives what the same bytes in memory give:
 * junk of `pad` bytes before events chunk 7 (a resync; odd pads put the
 * chunks after it at odd offsets). */
static void test_same_as_memory(size_t pad, int dup)
{
    buf b = make_trace(pad, 7, dup);
    char path[600];
    snprintf(path, sizeof path, "%s/pad.tft", dir);
    write_file(path, &b);
    change cf = {0}, cm = {0};
    tf_trace_opts of = {.dev_block = on_block, .ctx = &cf},
                  om = {.dev_block = on_block, .ctx = &cm};
    tf_trace *f = tf_trace_load_opts(path, &of), *m = tf_trace_read_opts(path, b.p, b.n, &om);
    tf_trace *whole = tf_trace_load(path);
    CHECK_TRUE(f && m && whole);
    if (f && m && whole) {
        CHECK_EQ_U(f->bad_bytes, pad);
        CHECK_EQ_U(m->bad_bytes, pad);
        CHECK_EQ_U(whole->bad_bytes, pad);
        CHECK_EQ_U(cf.blocks, NCHUNKS);
        CHECK_EQ_U(cm.blocks, NCHUNKS);
        CHECK_EQ_U(whole->ndev_blocks, NCHUNKS);
        CHECK_EQ_U(f->nzones, NCHUNKS);
        CHECK_EQ_U(cf.zones, cm.zones);
        CHECK_EQ_U(f->nwarnings, m->nwarnings);
        CHECK_EQ_U(whole->nwarnings, m->nwarnings);
        for (int i = 0; i < f->nwarnings && i < m->nwarnings; i++)
            CHECK_TRUE(!strcmp(f->warnings[i], m->warnings[i]));
        char want[200];
        snprintf(want, sizeof want,
                 "%zu damaged bytes at offset %zu (not a valid chunk header) were skipped; "
                 "reading resumed at the next chunk",
                 pad, chunk_off[8] - pad);
        if (pad) CHECK_TRUE(has_warning(f, want));
        if (dup) { /* the repeat is compared with the chunk it repeats, read again */
            snprintf(want, sizeof want,
                     "chunk 8 (EVENTS) at offset %zu repeats the chunk numbered 8 at offset %zu; "
                     "it was left out",
                     dup_off, chunk_off[8]);
            CHECK_TRUE(has_warning(f, want));
            CHECK_EQ_U(f->repeated_chunks, 1);
        }
    }
    tf_trace_free(f);
    tf_trace_free(m);
    tf_trace_free(whole);
    free(b.p);
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: test_trace_change WORKDIR\n");
        return 2;
    }
    dir = argv[1];
    buf b = make_trace(0, 0, 0);
    test_whole(&b);
    test_shrink(&b);
    test_grow(&b);
    test_rewrite(&b);
    free(b.p);
    test_same_as_memory(3, 0);
    /* the scan window (1 MiB from the byte after the damage) ends inside
     * the next chunk's magic: the magic straddles two windows */
    test_same_as_memory((1u << 20) - 2, 0);
    test_same_as_memory((1u << 20) + 5, 0);
    test_same_as_memory(0, 1);
    test_same_as_memory(5, 1);
    return tf_check_report("test_trace_change");
}
