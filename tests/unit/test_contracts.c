/* The contracts of contracts/ hold on both sides: every record type of
 * TF_TRACE_RECORDS survives packing and is read back by the trace library
 * with the size the writer gave it, every definition kind is understood,
 * and every CSV schema of TF_CSV_SCHEMAS reads back, column by column,
 * what its writer wrote; the golden files of the report tests have the
 * schemas' columns. All driven by the tables, so a new record type or
 * column is tested the day it is added.
 *
 *   test_contracts WORK_DIR PROFILE_CASES_DIR */
#include "tf_check.h"
#include "tf_mailbox.h"
#include "common/cm_csv.h"
#include "tt_foil/trace.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CHECK_EQ_I(a, b) CHECK_EQ_U((int64_t)(a), (int64_t)(b))
#define CHECK_STR(s, want)                                                                         \
    do {                                                                                           \
        const char *s2_ = (s);                                                                     \
        CHECK_CONTAINS(s2_, want);                                                                 \
        CHECK_TRUE(s2_ &&strlen(s2_) == strlen(want));                                             \
    } while (0)

static const char *work;

/* ---- trace records ------------------------------------------------------------------ */

/* A payload word that, read as a record header, is a type no table has:
 * a reader that takes a record for shorter than its writer meant sees an
 * unknown record. */
#define ALIEN(i) TF_REC(31, 0x1234 + (i), 0x55)

/* Record `type` with argument `arg` at `delta` into w; returns its words. */
static unsigned make_record(uint64_t *w, unsigned type, uint32_t arg, uint64_t delta,
                            int payload_words)
{
    if (type == TF_R_ZONE_SEQ) { /* 64 bytes: span 0, then a text of 60 (no zone to take it) */
        uint8_t b[64] = {0, ((2 | 60 << 2) & 0x7f) | 0x80, (2 | 60 << 2) >> 7, 0};
        memset(b + 4, 'z', 60);
        w[0] = TF_REC(type, sizeof b, delta);
        memcpy(w + 1, b, sizeof b);
        return 1 + sizeof b / 8;
    }
    if (payload_words == TF_REC_TEXT) {
        /* 64 bytes: long enough for the device records' headers (whose
         * word count, at bytes 32..35, is then 0, and whose RISC, byte 6,
         * is 1: one the chip has; DEVICE_PERF reads byte 6 as version 1) */
        static const char text[64] = "hello\0\1\0trace";
        arg = (uint32_t)sizeof text;
        w[0] = TF_REC(type, arg, delta);
        memset(w + 1, 0, ((arg + 7) / 8) * 8);
        memcpy(w + 1, text, arg);
        return 1 + (arg + 7) / 8;
    }
    w[0] = TF_REC(type, arg, delta);
    for (int i = 0; i < payload_words; i++) w[1 + i] = ALIEN(i);
    return 1 + (unsigned)payload_words;
}

static void put(FILE *f, const void *p, size_t n)
{
    CHECK_TRUE(fwrite(p, 1, n, f) == n);
}

static void chunk(FILE *f, uint32_t kind, uint32_t seq, const void *payload, uint32_t bytes)
{
    tf_chunk_header h = {TF_CHUNK_MAGIC, kind, 1, bytes, 0, 0, 0, seq, 0, 0, 0};
    tf_trace_seal(&h, payload);
    put(f, &h, sizeof h);
    put(f, payload, bytes);
}

/* A new trace file work/NAME with a header of format `version`; NULL after
 * a failed check. */
static FILE *new_trace(const char *name, uint32_t version, char *path, size_t n)
{
    snprintf(path, n, "%s/%s", work, name);
    FILE *f = fopen(path, "wb");
    CHECK_TRUE(f != NULL);
    if (!f) return NULL;
    tf_trace_header hdr = {TF_TRACE_MAGIC, version, TF_TRACE_FLAG_NS_CLOCK, 1, sizeof hdr, 0, 0,
                           "contract"};
    put(f, &hdr, sizeof hdr);
    return f;
}

/* A trace of one record of `type`, then a frame mark, raw or packed. */
static tf_trace *one_record_trace(unsigned type, int payload_words, int packed, uint64_t *rec,
                                  unsigned *nw)
{
    char path[512], name[64];
    snprintf(name, sizeof name, "contract_%u_%d.tft", type, packed);
    FILE *f = new_trace(name, TF_TRACE_VERSION, path, sizeof path);
    if (!f) return NULL;
    uint64_t w[64] = {0};
    *nw = make_record(w, type, 1, 100, payload_words);
    memcpy(rec, w, *nw * 8);
    unsigned n = *nw;
    w[n++] = TF_REC(TF_R_FRAME, 0, 200);
    CHECK_EQ_U(tf_trace_record_words(w[0]), *nw);
    if (packed) {
        uint8_t out[TF_TRACE_PACK_BOUND(64)];
        uint64_t records = 0;
        size_t bytes = tf_trace_pack(w, n, out, &records);
        CHECK_EQ_U(records, 2);
        /* unpacking gives the words back */
        uint64_t back[64];
        size_t words = 0;
        CHECK_EQ_I(tf_trace_unpack(out, bytes, back, 64, &words), 0);
        CHECK_EQ_U(words, n);
        CHECK_TRUE(!memcmp(back, w, n * 8));
        chunk(f, TF_CHUNK_PACKED, 0, out, (uint32_t)bytes);
    } else {
        chunk(f, TF_CHUNK_EVENTS, 0, w, n * 8);
    }
    CHECK_EQ_I(fclose(f), 0);
    tf_trace *t = tf_trace_load(path);
    CHECK_TRUE(t != NULL);
    remove(path);
    return t;
}

static void records_round_trip(void)
{
#define ONE_TYPE(name, code, words, arg, payload)                                                  \
    for (int packed = 0; packed < 2; packed++) {                                                   \
        uint64_t rec[64];                                                                          \
        unsigned nw;                                                                               \
        tf_trace *t = one_record_trace(code, words, packed, rec, &nw);                             \
        if (!t) continue;                                                                          \
        /* the reader took the record for as long as the writer made it */                         \
        CHECK_EQ_U(t->unknown_records, 0);                                                         \
        CHECK_EQ_U(t->nframes, 1 + (code == TF_R_FRAME));                                          \
        CHECK_TRUE(tf_rec_known(code));                                                            \
        tf_trace_free(t);                                                                          \
    }
    TF_TRACE_RECORDS(ONE_TYPE)
#undef ONE_TYPE
    CHECK_TRUE(!tf_rec_known(31));
}

/* Every definition kind and every record, in one trace: what the reader
 * makes of each. */
static void def(uint8_t *buf, size_t *off, uint32_t kind, uint32_t id, uint32_t line, const char *a,
                const char *b, const char *c)
{
    tf_trace_def_header h = {kind, id, line, 0};
    size_t at = *off + sizeof h, n = 0;
    const char *s[TF_DEF_MAX_STRINGS] = {a, b, c};
    for (int i = 0; i < TF_DEF_MAX_STRINGS && s[i]; i++) {
        memcpy(buf + at + n, s[i], strlen(s[i]) + 1);
        n += strlen(s[i]) + 1;
    }
    h.nbytes = (uint32_t)n;
    memcpy(buf + *off, &h, sizeof h);
    *off = at + ((n + 7) & ~(size_t)7);
}

static void everything_read(void)
{
    char path[512];
    FILE *f = new_trace("contract_all.tft", TF_TRACE_VERSION, path, sizeof path);
    if (!f) return;
    static uint8_t defs[4096];
    size_t off = 0;
    int kinds = 0;
#define ONE_KIND(name, code, strings, meaning) kinds++;
    TF_TRACE_DEFS(ONE_KIND)
#undef ONE_KIND
    CHECK_EQ_I(kinds, 9); /* a new kind: define it below too */
    def(defs, &off, TF_DEF_LOCATION, 1, 10, "zone", "fn", "f.c");
    def(defs, &off, TF_DEF_POOL, 1, 0, "Device L1 (1,2)", NULL, NULL);
    def(defs, &off, TF_DEF_THREAD, 1, 77, "main", NULL, NULL);
    def(defs, &off, TF_DEF_ZONE_NAME, 1, 5, "tile loop", "k.c", NULL);
    def(defs, &off, TF_DEF_CAPACITY, 0, 0, "Device L1 (1,2)", "4096", NULL);
    def(defs, &off, TF_DEF_TRACK, 1, 0, "device core (1,2)", "NCRISC", NULL);
    def(defs, &off, TF_DEF_DEVICE_ZONE, 2u << 16 | 0x8001, 12, "dz", "k.c", "kern");
    def(defs, &off, TF_DEF_CLOCK_SYNC, 0, 1, "500", "400", "1.000000");
    /* (the figures, then the device's number: 2) */
    def(defs, &off, TF_DEF_DEVICE_CHIP, 3, 1000, "8 0 0 32 64 64 48 0 0 32 2", NULL, NULL);
    chunk(f, TF_CHUNK_DEFS, 0, defs, (uint32_t)off);
    uint64_t w[] = {
        TF_REC(TF_R_ZONE_BEGIN, 1, 100), TF_REC(TF_R_ZONE_TEXT, 3, 110), 0x636261, /* "abc" */
        TF_REC(TF_R_FRAME, 0, 120), TF_REC(TF_R_ALLOC, 1, 130), 0x40, 64, TF_REC(TF_R_FREE, 1, 140),
        0x40, TF_REC(TF_R_RESET, 1, 150), TF_REC(TF_R_TRACK_ZONE, 1, 160), 1, 1000, 1500,
        TF_REC(TF_R_ZONE_END, 1, 170),
        /* a device block of two markers (START, END of zone 0x8001 of
         * image 2), then a device pc */
        TF_REC(TF_R_DEVICE_BLOCK, sizeof(tf_dev_block) + 16, 180),
        7 | (uint64_t)(1 | 2 << 8 | 3 << 16 | TF_DEVB_TIMEOUT << 24) << 32,
        1 | (uint64_t)2 << 32, /* fw_image, kernel_image */
        0,                     /* dropped, invalid */
        4,                     /* nwords */
        0,                     /* ref_cycle */
        999,                   /* stop_cycle */
        181,                   /* host_ns */
        (0x80000000u | 0x8001u << 12) | (uint64_t)10 << 32,
        (0x90000000u | 0x8001u << 12) | (uint64_t)20 << 32,
        TF_REC(TF_R_DEVICE_PC, sizeof(tf_dev_pc) + 3, 190),
        7 | (uint64_t)(1 | 2 << 8 | 3 << 16 | TF_DEVB_TIMEOUT << 24) << 32, 0x1234,
        0x6e6966 /* "fin" */,
        /* hardware counters of core (1,2): two pairs (version 1, still read) */
        TF_REC(TF_R_DEVICE_PERF, sizeof(tf_dev_perf) + 32, 195),
        7 | (uint64_t)(1 | 2 << 8 | TF_PERF_RECORD_V1 << 16) << 32,
        8 | (uint64_t)1000 << 32,                        /* grid 8x1, clock */
        196,                                             /* host_ns */
        2 | (uint64_t)32 << 32,                          /* npairs, DRAM bytes per cycle */
        64 | (uint64_t)64 << 32, 48, (uint64_t)32 << 32, /* NOC B/cycle, matmul cycles */
        TF_PERF_KEY(TF_PERF_F_instret, 3, 0), 12345, TF_PERF_KEY(TF_PERF_F_cb_front, 2, 5), 77,
        /* a kernel-config set of two items in pool 1, then its frees */
        TF_REC(TF_R_ALLOC_SET, TF_MEM_SET_HEAD + 2 * TF_ALLOC_SET_ITEM, 197), 1 | (uint64_t)5 << 32,
        0x100 | (uint64_t)32 << 32, 0x200 | (uint64_t)16 << 32,
        TF_REC(TF_R_FREE_SET, TF_MEM_SET_HEAD + 2 * TF_FREE_SET_ITEM, 198), 1,
        0x200 | (uint64_t)0x100 << 32,
        /* the allocations again (the set numbered 5 repeated) */
        TF_REC(TF_R_MEM_REPEAT, 1, 199), 5,
        /* a run of zone events at 260 spanning 60: begin of location 1 at
         * 200 with text "xy", a zone of it inside from 210 to 230, the
         * end at 250, a frame mark at 260 (3c; 04 00; 0a 00 'x' 'y'; 04 0a;
         * 05 14; 05 14; 03 0a) */
        TF_REC(TF_R_ZONE_SEQ, 15, 260), 0x047978000a00043cull, 0x000a03140514050aull};
    int types = 0;
#define ONE_TYPE(name, code, words, arg, payload) types++;
    TF_TRACE_RECORDS(ONE_TYPE)
#undef ONE_TYPE
    CHECK_EQ_I(types, 15); /* a new type: add a record above and check it below */
    chunk(f, TF_CHUNK_EVENTS, 1, w, sizeof w);
    /* the same counters of core (1,2) after dispatch 8 as version 2, with
     * a window stamp before and after its base, then core (3,4)'s of a chip
     * the trace does not define */
    uint64_t w2[16] = {0};
    uint8_t *b = (uint8_t *)(w2 + 1);
    tf_dev_perf2 h2 = {8, 1, 2, TF_PERF_RECORD_VERSION, 0};
    memcpy(b, &h2, sizeof h2);
    uint8_t *o = tf_trace_put_varint(tf_trace_put_varint(b + sizeof h2, 3), 5000);
    static const tf_perf_core probe;
    const uint64_t *pw = (const uint64_t *)&probe;
    unsigned ws = (unsigned)(&probe.risc[2].start - pw), we = (unsigned)(&probe.risc[2].end - pw);
    unsigned wc = (unsigned)(&probe.risc[2].cb_front[5] - pw);
    unsigned wi = (unsigned)(&probe.risc[3].instret - pw);
    CHECK_TRUE(tf_perf_stamp_word(ws) && tf_perf_stamp_word(we) && !tf_perf_stamp_word(wc));
    o = tf_trace_put_varint(tf_trace_put_varint(o, ws + 1), 2 * 10 - 1); /* 5000 - 10 */
    o = tf_trace_put_varint(tf_trace_put_varint(o, we - ws), 2 * 300);   /* 5000 + 300 */
    o = tf_trace_put_varint(tf_trace_put_varint(o, wc - we), 77);
    o = tf_trace_put_varint(tf_trace_put_varint(o, wi - wc), 12345);
    uint32_t len = (uint32_t)(o - b);
    w2[0] = TF_REC(TF_R_DEVICE_PERF, len, 199);
    unsigned n2 = 1 + (len + 7) / 8;
    CHECK_TRUE(n2 + 3 <= 16);
    b = (uint8_t *)(w2 + n2 + 1);
    h2.x = 3, h2.y = 4;
    memcpy(b, &h2, sizeof h2);
    o = tf_trace_put_varint(tf_trace_put_varint(b + sizeof h2, 9), 0);
    uint32_t len2 = (uint32_t)(o - b);
    w2[n2] = TF_REC(TF_R_DEVICE_PERF, len2, 199);
    n2 += 1 + (len2 + 7) / 8;
    chunk(f, TF_CHUNK_EVENTS, 2, w2, n2 * 8);
    CHECK_EQ_I(fclose(f), 0);
    tf_trace *t = tf_trace_load(path);
    CHECK_TRUE(t != NULL);
    remove(path);
    if (!t) return;
    CHECK_EQ_U(t->unknown_records, 0);
    CHECK_EQ_U(t->nzones, 3);
    CHECK_EQ_U(t->zones[0].start_ns, 100);
    CHECK_EQ_U(t->zones[0].end_ns, 170);
    CHECK_STR(t->zones[0].text, "abc");
    if (t->nzones == 3) { /* the run's zones, as their own records would have made them */
        CHECK_EQ_U(t->zones[1].start_ns, 200);
        CHECK_EQ_U(t->zones[1].end_ns, 250);
        CHECK_STR(t->zones[1].text, "xy");
        CHECK_EQ_U(t->zones[1].depth, 0);
        CHECK_EQ_U(t->zones[2].start_ns, 210);
        CHECK_EQ_U(t->zones[2].end_ns, 230);
        CHECK_EQ_U(t->zones[2].depth, 1);
        CHECK_EQ_U(t->zones[2].parent, 1);
        CHECK_TRUE(t->zones[2].text == NULL);
        CHECK_EQ_U(t->zones[2].loc, t->zones[0].loc);
    }
    CHECK_STR(t->locs[t->zones[0].loc].name, "zone");
    CHECK_STR(t->threads[t->zones[0].thread].name, "main");
    CHECK_EQ_U(t->threads[t->zones[0].thread].tid, 77);
    CHECK_EQ_U(t->nframes, 2);
    if (t->nframes == 2) CHECK_EQ_U(t->frames[1].ns, 260);
    CHECK_EQ_U(t->nmem, 9);
    if (t->nmem == 9) {
        /* the repeat reads as the set it names, at its own time */
        for (int i = 0; i < 2; i++) {
            tf_tr_mem m = t->mem[3 + i];
            m.ns = 199;
            CHECK_TRUE(!memcmp(&m, &t->mem[7 + i], sizeof m));
        }
        /* a set reads as its items, in order, at its time */
        static const struct {
            int op;
            uint64_t ptr, size, ns;
        } set[4] = {{TF_MEM_ALLOC, 0x100, 32, 197},
                    {TF_MEM_ALLOC, 0x200, 16, 197},
                    {TF_MEM_FREE, 0x200, 0, 198},
                    {TF_MEM_FREE, 0x100, 0, 198}};
        for (int i = 0; i < 4; i++) {
            const tf_tr_mem *m = &t->mem[3 + i];
            CHECK_EQ_I(m->op, set[i].op);
            CHECK_EQ_U(m->ptr, set[i].ptr);
            CHECK_EQ_U(m->size, set[i].size);
            CHECK_EQ_U(m->ns, set[i].ns);
            CHECK_EQ_U(m->pool, t->mem[0].pool);
            CHECK_EQ_U(m->thread, t->mem[0].thread);
        }
        CHECK_EQ_I(t->mem[0].op, TF_MEM_ALLOC);
        CHECK_EQ_U(t->mem[0].ptr, 0x40);
        CHECK_EQ_U(t->mem[0].size, 64);
        CHECK_EQ_I(t->mem[1].op, TF_MEM_FREE);
        CHECK_EQ_I(t->mem[2].op, TF_MEM_RESET);
        /* the pool's name is the one the program gave, nothing added */
        CHECK_STR(t->pools[t->mem[0].pool], "Device L1 (1,2)");
        CHECK_EQ_U(tf_trace_pool_capacity(t, "Device L1 (1,2)"), 4096);
        CHECK_EQ_U(tf_trace_pool_capacity(t, "Device L1"), 0);
    }
    CHECK_EQ_U(t->ntrack_zones, 1);
    if (t->ntrack_zones == 1) {
        const tf_tr_track_zone *z = &t->track_zones[0];
        CHECK_EQ_U(z->start_ns, 1000);
        CHECK_EQ_U(z->end_ns, 1500);
        CHECK_EQ_U(z->host_ns, 160);
        CHECK_TRUE(z->track != TF_NONE && z->name != TF_NONE);
        if (z->track != TF_NONE) {
            CHECK_STR(t->tracks[z->track].group, "device core (1,2)");
            CHECK_STR(t->tracks[z->track].name, "NCRISC");
        }
        if (z->name != TF_NONE) {
            CHECK_STR(t->zone_names[z->name].name, "tile loop");
            CHECK_STR(t->zone_names[z->name].file, "k.c");
            CHECK_EQ_U(t->zone_names[z->name].line, 5);
        }
    }
    CHECK_EQ_U(t->ndev_perfs, 3);
    if (t->ndev_perfs == 3) {
        /* version 2 reads as version 1 did: the same header figures, the
         * same pairs; its host ns is its time stamp */
        const tf_tr_dev_perf *p1 = &t->dev_perfs[0], *p2 = &t->dev_perfs[1], *p3 = &t->dev_perfs[2];
        CHECK_EQ_U(p1->h.version, TF_PERF_RECORD_V1);
        CHECK_EQ_U(p2->h.version, TF_PERF_RECORD_VERSION);
        CHECK_EQ_U(p1->h.host_ns, 196);
        CHECK_EQ_U(p2->h.host_ns, 199);
        CHECK_EQ_U(p2->h.dispatch, 8);
        CHECK_EQ_U(p2->h.npairs, 4);
        CHECK_EQ_U(p2->device, 2); /* its chip's definition says */
        CHECK_EQ_U(p1->device, 0); /* version 1 names no device */
        tf_dev_perf a = p1->h, c2 = p2->h;
        a.dispatch = c2.dispatch = a.host_ns = c2.host_ns = a.version = c2.version = 0;
        a.npairs = c2.npairs = 0;
        CHECK_TRUE(!memcmp(&a, &c2, sizeof a));
        static tf_perf_core c1, c3;
        CHECK_EQ_U(tf_trace_dev_perf(t, p2, &c1), 0);
        CHECK_EQ_U(c1.risc[2].start, 4990);
        CHECK_EQ_U(c1.risc[2].end, 5300);
        c1.risc[2].start = c1.risc[2].end = 0;
        CHECK_EQ_U(tf_trace_dev_perf(t, p1, &c3), 0);
        CHECK_TRUE(!memcmp(&c1, &c3, sizeof c1));
        /* an undefined chip: the counters without the figures */
        CHECK_EQ_U(p3->h.x, 3);
        CHECK_EQ_U(p3->h.npairs, 0);
        CHECK_EQ_U(p3->h.clock_mhz, 0);
        CHECK_EQ_U(p3->h.grid_x, 0);
        CHECK_TRUE(t->nwarnings > 0);
    }
    if (t->ndev_perfs >= 1) {
        const tf_tr_dev_perf *p = &t->dev_perfs[0];
        CHECK_EQ_U(p->h.dispatch, 7);
        CHECK_EQ_U(p->h.x, 1);
        CHECK_EQ_U(p->h.y, 2);
        CHECK_EQ_U(p->h.grid_x, 8);
        CHECK_EQ_U(p->h.dram_bytes_per_cycle, 32);
        CHECK_EQ_U(p->h.matmul_cycles[0], 64);
        CHECK_EQ_U(p->h.matmul_cycles[4], 32);
        static tf_perf_core c;
        CHECK_EQ_U(tf_trace_dev_perf(t, p, &c), 0);
        CHECK_EQ_U(c.risc[3].instret, 12345);
        CHECK_EQ_U(c.risc[2].cb_front[5], 77);
        CHECK_EQ_U(c.risc[2].wait[TF_PERF_WAIT_CB_FRONT], 0);
    }
    CHECK_EQ_U(t->ndev_blocks, 1);
    CHECK_EQ_U(t->ndev_words, 4);
    if (t->ndev_blocks == 1) {
        const tf_tr_dev_block *b = &t->dev_blocks[0];
        CHECK_EQ_U(b->h.dispatch, 7);
        CHECK_EQ_U(b->h.x, 1);
        CHECK_EQ_U(b->h.y, 2);
        CHECK_EQ_U(b->h.risc, 3);
        CHECK_EQ_U(b->h.reason, TF_DEVB_TIMEOUT);
        CHECK_EQ_U(b->h.stop_cycle, 999);
        CHECK_EQ_U(t->dev_words[b->word0 + 1], 10);
        const tf_tr_dev_site *site = tf_trace_dev_site(t, b, 0x8001);
        CHECK_TRUE(site != NULL);
        if (site) {
            CHECK_STR(site->name, "dz");
            CHECK_STR(site->image, "kern");
            CHECK_EQ_U(site->line, 12);
        }
        CHECK_TRUE(tf_trace_dev_site(t, b, 0x8002) == NULL);
    }
    CHECK_EQ_U(t->ndev_pcs, 1);
    if (t->ndev_pcs == 1) {
        CHECK_EQ_U(t->dev_pcs[0].h.pc, 0x1234);
        CHECK_STR(t->dev_pcs[0].text, "fin");
    }
    CHECK_TRUE(t->has_sync && t->sync_host_clock);
    CHECK_EQ_U(t->sync_host_ns, 500);
    CHECK_EQ_U(t->sync_cycle, 400);
    tf_trace_free(t);
}

/* A file of another format version is refused, not misread. */
static void other_version_refused(void)
{
    char path[512];
    FILE *f = new_trace("contract_v1.tft", 1, path, sizeof path);
    if (!f) return;
    fclose(f);
    tf_trace *t = tf_trace_load(path);
    CHECK_TRUE(t == NULL);
    CHECK_CONTAINS(tf_last_error(), "file format version 1; this reader reads versions 2 to 6");
    tf_trace_free(t);
    remove(path);
}

/* ---- CSV schemas --------------------------------------------------------------------- */

/* A value of kind k for column c, with every character a CSV writer must
 * quote in the text ones; every fourth row empty. */
static cm_csv_value sample(enum tf_csv_kind k, int c, int row)
{
    static const char *texts[] = {"plain", "with, comma", "a \"quote\"", "two\nlines"};
    if (row == 3 && c % 2) return CM_CSV_EMPTY;
    switch (k) {
    case TF_CSV_U: return CM_CSV_U(1000u * (unsigned)row + (unsigned)c);
    case TF_CSV_H: return CM_CSV_U(0xabc0u + (unsigned)c);
    case TF_CSV_F1: return CM_CSV_F(12.5 + row);
    case TF_CSV_F6: return CM_CSV_F(0.125 * (c + 1));
    case TF_CSV_S: return CM_CSV_S(texts[(c + row) % 4]);
    }
    return CM_CSV_EMPTY;
}

static void schema_round_trip(const tf_csv_schema *s)
{
    char path[512];
    snprintf(path, sizeof path, "%s/contract_%s", work, s->file);
    FILE *f = fopen(path, "w");
    CHECK_TRUE(f != NULL);
    if (!f) return;
    cm_csv_write_header(f, s);
    cm_csv_value v[64];
    CHECK_TRUE(s->ncols <= 64);
    for (int row = 0; row < 4; row++) {
        for (int c = 0; c < s->ncols; c++) v[c] = sample(s->cols[c].kind, c, row);
        cm_csv_write_row(f, s, v);
    }
    CHECK_EQ_I(fclose(f), 0);
    f = fopen(path, "r");
    cm_csv_reader r = {.f = f};
    int col[64];
    int nf = cm_csv_next(&r);
    CHECK_EQ_I(nf, s->ncols);
    CHECK_EQ_I(cm_csv_bind(s, r.fields, nf, col), 0);
    for (int row = 0; row < 4; row++) {
        CHECK_EQ_I(cm_csv_next(&r), s->ncols);
        for (int c = 0; c < s->ncols; c++) {
            cm_csv_value want = sample(s->cols[c].kind, c, row), got;
            int ok = cm_csv_get(&r, s, col, c, &got) == 0;
            CHECK_TRUE(ok);
            if (!ok) continue;
            if (want.empty && s->cols[c].kind != TF_CSV_S) {
                CHECK_TRUE(got.empty);
                continue;
            }
            switch (s->cols[c].kind) {
            case TF_CSV_U:
            case TF_CSV_H: CHECK_EQ_U(got.u, want.u); break;
            case TF_CSV_F1:
            case TF_CSV_F6: CHECK_TRUE(got.f == want.f); break;
            case TF_CSV_S: CHECK_STR(got.s, want.empty ? "" : want.s); break;
            }
        }
    }
    CHECK_EQ_I(cm_csv_next(&r), 0);
    cm_csv_close(&r);
    fclose(f);
    remove(path);
}

/* A golden file of the report tests: the schema's header exactly, and
 * every row parses by the schema's kinds. */
static void golden_matches(const tf_csv_schema *s, const char *path)
{
    FILE *f = fopen(path, "r");
    CHECK_TRUE(f != NULL);
    if (!f) {
        fprintf(stderr, "  cannot open %s\n", path);
        return;
    }
    cm_csv_reader r = {.f = f};
    int col[64];
    int nf = cm_csv_next(&r);
    CHECK_EQ_I(nf, s->ncols);
    for (int c = 0; c < nf && c < s->ncols; c++) CHECK_STR(r.fields[c], s->cols[c].name);
    cm_csv_bind(s, r.fields, nf > 0 ? nf : 0, col);
    long rows = 0;
    while ((nf = cm_csv_next(&r)) > 0) {
        rows++;
        CHECK_EQ_I(nf, s->ncols);
        for (int c = 0; c < s->ncols; c++) {
            cm_csv_value v;
            int ok = cm_csv_get(&r, s, col, c, &v) == 0;
            if (!ok) fprintf(stderr, "  %s line %ld: column %s\n", path, r.line, s->cols[c].name);
            CHECK_TRUE(ok);
        }
    }
    CHECK_TRUE(nf == 0);
    cm_csv_close(&r);
    fclose(f);
    (void)rows;
}

/* Every counter of tf_perf_core survives the DEVICE_PERF pairs: each word
 * of the struct set, encoded, decoded; zeros are left out; a key out of the
 * table is refused. */
static void perf_pairs_round_trip(void)
{
    static tf_perf_core a, b;
    uint64_t *w = (uint64_t *)&a;
    size_t n = sizeof a / 8;
    for (size_t i = 0; i < n; i++) w[i] = i % 7 ? i * 3 + 1 : 0;
    static uint64_t pairs[2 * sizeof a / 8];
    uint32_t np = tf_perf_encode(&a, pairs, (uint32_t)n);
    size_t nonzero = 0;
    for (size_t i = 0; i < n; i++) nonzero += w[i] != 0;
    CHECK_EQ_U(np, nonzero);
    for (uint32_t i = 0; i < np && i < n; i++)
        CHECK_EQ_I(tf_perf_decode(&b, pairs[2 * i], pairs[2 * i + 1]), 0);
    CHECK_TRUE(!memcmp(&a, &b, sizeof a));
    CHECK_EQ_I(tf_perf_decode(&b, TF_PERF_KEY(TF_PERF_NUM_FIELDS, 0, 0), 1), -1);
    CHECK_EQ_I(tf_perf_decode(&b, TF_PERF_KEY(TF_PERF_F_wait, 0, TF_PERF_NUM_WAITS), 1), -1);
    CHECK_EQ_I(tf_perf_decode(&b, TF_PERF_KEY(TF_PERF_F_instret, TF_PERF_CORE, 0), 1), -1);
    CHECK_EQ_I(tf_perf_decode(&b, TF_PERF_KEY(TF_PERF_F_fidelity, 1, 0), 1), -1);
}

/* DEVICE_PERF records that cannot be read are counted, none of their
 * counters taken: version 2 with a varint cut short, a word index beyond
 * tf_perf_core, bytes after its end mark; an unknown version. A chip
 * definition that is not whole numbers, or whose device's number is 0 or
 * followed by more, is refused with a warning. */
static void bad_perf_records(void)
{
    char path[512];
    FILE *f = new_trace("contract_bad_perf.tft", TF_TRACE_VERSION, path, sizeof path);
    if (!f) return;
    static uint8_t defs[1024];
    size_t off = 0;
    def(defs, &off, TF_DEF_DEVICE_CHIP, 1, 1000, "8 1 x 32 64 64 48 0 0 32", NULL, NULL);
    def(defs, &off, TF_DEF_DEVICE_CHIP, 2, 1000, "8 1 256 32 64 64 48 0 0 32", NULL, NULL);
    def(defs, &off, TF_DEF_DEVICE_CHIP, 3, 1000, "8 1 2 32 64 64 48 0 0", NULL, NULL);
    /* a device 0, a figure after the device's number, a space at the end */
    def(defs, &off, TF_DEF_DEVICE_CHIP, 4, 1000, "8 1 2 32 64 64 48 0 0 32 0", NULL, NULL);
    def(defs, &off, TF_DEF_DEVICE_CHIP, 5, 1000, "8 1 2 32 64 64 48 0 0 32 1 1", NULL, NULL);
    def(defs, &off, TF_DEF_DEVICE_CHIP, 6, 1000, "8 1 2 32 64 64 48 0 0 32 ", NULL, NULL);
    chunk(f, TF_CHUNK_DEFS, 0, defs, (uint32_t)off);
    static const uint8_t bodies[][6] = {
        {1, 0, 3, 0x80},    /* chip 1, base 0, step 3, value cut short */
        {1, 0, 0x84, 5, 1}, /* step 644: beyond the struct */
        {1, 0, 1, 7, 0, 9}, /* the end mark, then a byte */
        {1, 0x80},          /* the base cut short */
    };
    static const unsigned lens[] = {4, 5, 6, 2};
    uint64_t w[64] = {0};
    unsigned n = 0;
    for (unsigned i = 0; i < 5; i++) {
        tf_dev_perf2 h2 = {1, 1, 1, i < 4 ? TF_PERF_RECORD_VERSION : 7, 0};
        unsigned len = (unsigned)sizeof h2 + (i < 4 ? lens[i] : 0);
        w[n] = TF_REC(TF_R_DEVICE_PERF, len, 10 + i);
        memcpy(w + n + 1, &h2, sizeof h2);
        if (i < 4) memcpy((uint8_t *)(w + n + 1) + sizeof h2, bodies[i], lens[i]);
        n += 1 + (len + 7) / 8;
    }
    w[n++] = TF_REC(TF_R_FRAME, 0, 20);
    chunk(f, TF_CHUNK_EVENTS, 1, w, n * 8);
    CHECK_EQ_I(fclose(f), 0);
    tf_trace *t = tf_trace_load(path);
    CHECK_TRUE(t != NULL);
    remove(path);
    if (!t) return;
    CHECK_EQ_U(t->unknown_records, 5);
    CHECK_EQ_U(t->ndev_perfs, 0);
    CHECK_EQ_U(t->nframes, 1);
    int said[6] = {0};
    for (int i = 0; i < t->nwarnings; i++)
        for (int k = 0; k < 6; k++) {
            char want[64];
            snprintf(want, sizeof want, "the chip definition %d is malformed", k + 1);
            said[k] |= strstr(t->warnings[i], want) != NULL;
        }
    for (int k = 0; k < 6; k++) CHECK_TRUE(said[k]);
    tf_trace_free(t);
}

/* Version-3 DEVICE_PERF records (repeats): one names the last version-2
 * record of its thread, chip and core and reads as its words with the
 * window stamps moved to its own base, at its own time. A repeat of
 * another dispatch, of a core without a record, of a record in parts or
 * from another thread's chunk is counted and left out, with one warning
 * naming the first; one cut short, with bytes after its end or a part
 * number is unreadable. */
static void perf_repeats(void)
{
    char path[512];
    FILE *f = new_trace("contract_perf_repeat.tft", TF_TRACE_VERSION, path, sizeof path);
    if (!f) return;
    static uint8_t defs[256];
    size_t off = 0;
    def(defs, &off, TF_DEF_DEVICE_CHIP, 1, 1000, "8 1 2 32 64 64 48 0 0 32", NULL, NULL);
    chunk(f, TF_CHUNK_DEFS, 0, defs, (uint32_t)off);
    static const tf_perf_core probe;
    const uint64_t *pw = (const uint64_t *)&probe;
    unsigned ws = (unsigned)(&probe.risc[0].start - pw), we = (unsigned)(&probe.risc[0].end - pw);
    unsigned wc = (unsigned)(&probe.risc[0].cb_front[1] - pw);
    static uint64_t w[256];
    unsigned n = 0;
    /* rec: a DEVICE_PERF record at time `ns` of the varints v[0 .. nv - 1]
     * (then `extra` bytes of 0x01) */
#define PERF_REC(disp, x, y, version, part, ns, extra, ...)                                        \
    do {                                                                                           \
        tf_dev_perf2 h = {disp, x, y, version, part};                                              \
        uint64_t v[] = {__VA_ARGS__};                                                              \
        uint8_t *b = (uint8_t *)(w + n + 1), *o = b + sizeof h;                                    \
        memcpy(b, &h, sizeof h);                                                                   \
        for (size_t i = 0; i < sizeof v / sizeof *v; i++) o = tf_trace_put_varint(o, v[i]);        \
        for (int i = 0; i < (extra); i++) *o++ = 1;                                                \
        uint32_t len = (uint32_t)(o - b);                                                          \
        w[n] = TF_REC(TF_R_DEVICE_PERF, len, ns);                                                  \
        n += 1 + (len + 7) / 8;                                                                    \
    } while (0)
    enum { V2 = TF_PERF_RECORD_VERSION, V3 = TF_PERF_RECORD_REPEAT };
    /* dispatch 8 on core (1,2): start 4990, end 5300 around base 5000 */
    PERF_REC(8, 1, 2, V2, 0, 100, 0, 1, 5000, ws + 1, 2 * 10 - 1, we - ws, 2 * 300, wc - we, 77);
    PERF_REC(9, 1, 2, V3, 0, 110, 0, 1, 7000, 8);  /* dispatch 8's, at base 7000 */
    PERF_REC(10, 1, 2, V3, 0, 120, 0, 1, 7000, 7); /* not the last record: left out */
    PERF_REC(11, 2, 2, V3, 0, 130, 0, 1, 7000, 8); /* core (2,2) has none: left out */
    PERF_REC(12, 1, 2, V2, 0, 140, 0, 1, 9000, wc + 1, 5);
    PERF_REC(12, 1, 2, V2, 1, 140, 0, 1, 9000, we + 1, 2 * 8);
    PERF_REC(13, 1, 2, V3, 0, 150, 0, 1, 9500, 12); /* of a record in parts: left out */
    PERF_REC(14, 1, 2, V3, 0, 160, 1, 1, 9500, 12); /* a byte after its end: unreadable */
    PERF_REC(15, 1, 2, V3, 1, 170, 0, 1, 9500, 12); /* a part: unreadable */
    PERF_REC(16, 1, 2, V3, 0, 180, 0, 1, 9500);     /* cut short: unreadable */
    /* dispatch 8 is still one of the core's last TF_PERF_REPEAT_REFS: 8,
     * 12 (in parts); not after that many more but one (19, 20, ..) */
    PERF_REC(18, 1, 2, V3, 0, 200, 0, 1, 9800, 8);
    enum { MORE = TF_PERF_REPEAT_REFS - 1, LAST = 19 + MORE };
    for (uint32_t d = 19; d < LAST; d++) PERF_REC(d, 1, 2, V2, 0, 10 * d, 0, 1, 100, wc + 1, d);
    PERF_REC(LAST, 1, 2, V3, 0, 10 * LAST, 0, 1, 9900, 8); /* no longer held: left out */
    PERF_REC(LAST + 1, 1, 2, V3, 0, 10 * LAST + 10, 0, 1, 9900, 19);
    CHECK_TRUE(n < sizeof w / sizeof *w);
    chunk(f, TF_CHUNK_EVENTS, 1, w, n * 8);
    n = 0;
    PERF_REC(17, 1, 2, V3, 0, 190, 0, 1, 9500, 8); /* another thread's chunk: left out */
    static tf_chunk_header h = {TF_CHUNK_MAGIC, TF_CHUNK_EVENTS, 2, 0, 0, 0, 0, 2, 0, 0, 0};
    h.payload_bytes = n * 8;
    tf_trace_seal(&h, w);
    put(f, &h, sizeof h);
    put(f, w, n * 8);
#undef PERF_REC
    CHECK_EQ_I(fclose(f), 0);
    tf_trace *t = tf_trace_load(path);
    CHECK_TRUE(t != NULL);
    remove(path);
    if (!t) return;
    CHECK_EQ_U(t->unknown_records, 3);
    CHECK_EQ_U(t->ndev_perfs, 6 + MORE);
    if (t->ndev_perfs == 6 + MORE) {
        const tf_tr_dev_perf *a = &t->dev_perfs[0], *r = &t->dev_perfs[1];
        CHECK_EQ_U(r->h.dispatch, 9);
        CHECK_EQ_U(r->h.version, TF_PERF_RECORD_REPEAT);
        CHECK_EQ_U(r->h.x, 1);
        CHECK_EQ_U(r->h.y, 2);
        CHECK_EQ_U(r->h.part, 0);
        CHECK_EQ_U(r->h.host_ns, 110);
        CHECK_EQ_U(r->h.npairs, 3);
        CHECK_EQ_U(r->h.clock_mhz, 1000);
        CHECK_EQ_U(r->h.grid_x, 8);
        static tf_perf_core c8, c9;
        CHECK_EQ_U(tf_trace_dev_perf(t, a, &c8), 0);
        CHECK_EQ_U(tf_trace_dev_perf(t, r, &c9), 0);
        CHECK_EQ_U(c8.risc[0].start, 4990);
        CHECK_EQ_U(c8.risc[0].end, 5300);
        CHECK_EQ_U(c9.risc[0].start, 6990);
        CHECK_EQ_U(c9.risc[0].end, 7300);
        CHECK_EQ_U(c9.risc[0].cb_front[1], 77);
        c9.risc[0].start = c8.risc[0].start, c9.risc[0].end = c8.risc[0].end;
        CHECK_TRUE(!memcmp(&c8, &c9, sizeof c8));
        /* a repeat shares the pairs of the record it repeats, its stamps
         * moved by the distance between their bases */
        CHECK_EQ_U(r->pair0, a->pair0);
        CHECK_EQ_U(a->stamp_shift, 0);
        CHECK_EQ_U(r->stamp_shift, 2000);
        CHECK_EQ_U(t->dev_perfs[2].h.dispatch, 12);
        CHECK_EQ_U(t->dev_perfs[3].h.part, 1);
        static tf_perf_core c18, c23;
        CHECK_EQ_U(t->dev_perfs[4].h.dispatch, 18); /* 8's again, at base 9800 */
        CHECK_EQ_U(tf_trace_dev_perf(t, &t->dev_perfs[4], &c18), 0);
        CHECK_EQ_U(t->dev_perfs[4].pair0, a->pair0);
        CHECK_EQ_U(t->dev_perfs[4].stamp_shift, 4800);
        CHECK_EQ_U(c18.risc[0].start, 9790);
        CHECK_EQ_U(c18.risc[0].end, 10100);
        CHECK_EQ_U(c18.risc[0].cb_front[1], 77);
        const tf_tr_dev_perf *r23 = &t->dev_perfs[5 + MORE];
        CHECK_EQ_U(r23->h.dispatch, LAST + 1); /* 19's */
        CHECK_EQ_U(r23->h.version, TF_PERF_RECORD_REPEAT);
        CHECK_EQ_U(tf_trace_dev_perf(t, r23, &c23), 0);
        CHECK_EQ_U(c23.risc[0].cb_front[1], 19);
    }
    int said = 0;
    for (int i = 0; i < t->nwarnings; i++)
        said |= strstr(t->warnings[i], "5 hardware counter records repeat an earlier record the "
                                       "trace does not hold (the first: dispatch 10 repeats "
                                       "dispatch 7") != NULL;
    CHECK_TRUE(said);
    tf_trace_free(t);
}

/* A set whose length is not its header and whole items is unreadable:
 * counted, and none of its items read. */
/* A trace of one malformed record (w, its words; room for one more) and a
 * frame mark after it, loaded: the record is counted as unknown and its
 * length kept, so the frame reads. NULL (with a failed check) if it does
 * not load. */
static tf_trace *load_bad_record(const char *name, uint64_t *w)
{
    char path[512];
    FILE *f = new_trace(name, TF_TRACE_VERSION, path, sizeof path);
    if (!f) return NULL;
    unsigned n = tf_rec_words(w[0]);
    w[n] = TF_REC(TF_R_FRAME, 0, TF_REC_DELTA(w[0]) + 20);
    chunk(f, TF_CHUNK_EVENTS, 0, w, (n + 1) * 8);
    CHECK_EQ_I(fclose(f), 0);
    tf_trace *t = tf_trace_load(path);
    CHECK_TRUE(t != NULL);
    remove(path);
    if (!t) return NULL;
    CHECK_EQ_U(t->unknown_records, 1);
    CHECK_EQ_U(t->nframes, 1);
    return t;
}

static void bad_set_lengths(void)
{
    static const struct {
        unsigned type, len;
    } bad[] = {{TF_R_ALLOC_SET, 4}, {TF_R_ALLOC_SET, 12}, {TF_R_ALLOC_SET, 20},
               {TF_R_FREE_SET, 6},  {TF_R_FREE_SET, 14},  {TF_R_ALLOC_SET, 0}};
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        uint64_t w[8] = {TF_REC(bad[i].type, bad[i].len, 10), 1, 0x100 | (uint64_t)32 << 32, 0};
        tf_trace *t = load_bad_record("contract_bad_set.tft", w);
        if (!t) continue;
        CHECK_EQ_U(t->nmem, 0);
        tf_trace_free(t);
    }
}

/* MEM_REPEAT: a repeat of one of the thread's last TF_MEM_REPEAT_REFS sets
 * of either type in the pool reads as that set's events at its own time;
 * one of a set the trace does not hold (an older one, one of another
 * thread, one in a lost chunk, number 0) is left out, counted as lost and
 * said in a warning. */
static void mem_repeats(void)
{
    char path[512];
    FILE *f = new_trace("contract_mem_repeat.tft", TF_TRACE_VERSION, path, sizeof path);
    if (!f) return;
    static uint8_t defs[256];
    size_t off = 0;
    def(defs, &off, TF_DEF_POOL, 1, 0, "Kernel config L1 (1,0)", NULL, NULL);
    chunk(f, TF_CHUNK_DEFS, 0, defs, (uint32_t)off);
    enum { NEWER = TF_MEM_REPEAT_REFS };
    uint64_t w[20 + 3 * NEWER + 6] = {
        TF_REC(TF_R_ALLOC_SET, TF_MEM_SET_HEAD + 2 * TF_ALLOC_SET_ITEM, 10), 1 | (uint64_t)5 << 32,
        0x100 | (uint64_t)32 << 32, 0x200 | (uint64_t)16 << 32,
        TF_REC(TF_R_FREE_SET, TF_MEM_SET_HEAD + 2 * TF_FREE_SET_ITEM, 20), 1 | (uint64_t)6 << 32,
        0x100 | (uint64_t)0x200 << 32, TF_REC(TF_R_MEM_REPEAT, 1, 30), 5,
        TF_REC(TF_R_MEM_REPEAT, 1, 40), 6,
        /* a newer allocation set: 5 is still one of the last, 0 is no set */
        TF_REC(TF_R_ALLOC_SET, TF_MEM_SET_HEAD + TF_ALLOC_SET_ITEM, 50), 1 | (uint64_t)7 << 32,
        0x300 | (uint64_t)8 << 32, TF_REC(TF_R_MEM_REPEAT, 1, 60), 5,
        TF_REC(TF_R_MEM_REPEAT, 1, 61), 0, TF_REC(TF_R_MEM_REPEAT, 1, 62), 7};
    /* then TF_MEM_REPEAT_REFS newer ones (10, 11, ...): 5 and 7 are no
     * longer among the last, and the free set 6 still is */
    size_t k = 20;
    for (unsigned i = 0; i < NEWER; i++) {
        w[k++] = TF_REC(TF_R_ALLOC_SET, TF_MEM_SET_HEAD + TF_ALLOC_SET_ITEM, 63 + i);
        w[k++] = 1 | (uint64_t)(10 + i) << 32;
        w[k++] = (0x1000 + 0x10 * i) | (uint64_t)8 << 32;
    }
    w[k++] = TF_REC(TF_R_MEM_REPEAT, 1, 80);
    w[k++] = 5;
    w[k++] = TF_REC(TF_R_MEM_REPEAT, 1, 81);
    w[k++] = 6;
    w[k++] = TF_REC(TF_R_MEM_REPEAT, 1, 82);
    w[k++] = 10;
    chunk(f, TF_CHUNK_EVENTS, 1, w, (uint32_t)(k * sizeof *w));
    /* chunk 2 (lost) held set 8 of thread 1; chunk 3 repeats it, and
     * thread 2 repeats thread 1's set 6 */
    uint64_t w3[] = {TF_REC(TF_R_MEM_REPEAT, 1, 90), 8};
    chunk(f, TF_CHUNK_EVENTS, 3, w3, sizeof w3);
    tf_chunk_header h = {TF_CHUNK_MAGIC, TF_CHUNK_EVENTS, 2, sizeof w3, 0, 0, 0, 4, 0, 0, 0};
    uint64_t w4[] = {TF_REC(TF_R_MEM_REPEAT, 1, 100), 6};
    tf_trace_seal(&h, w4);
    put(f, &h, sizeof h);
    put(f, w4, sizeof w4);
    CHECK_EQ_I(fclose(f), 0);
    tf_trace *t = tf_trace_load(path);
    CHECK_TRUE(t != NULL);
    remove(path);
    if (!t) return;
    struct {
        int op;
        uint64_t ptr, size, ns;
    } want[32] = {
        {TF_MEM_ALLOC, 0x100, 32, 10}, {TF_MEM_ALLOC, 0x200, 16, 10}, {TF_MEM_FREE, 0x100, 0, 20},
        {TF_MEM_FREE, 0x200, 0, 20},   {TF_MEM_ALLOC, 0x100, 32, 30}, {TF_MEM_ALLOC, 0x200, 16, 30},
        {TF_MEM_FREE, 0x100, 0, 40},   {TF_MEM_FREE, 0x200, 0, 40},   {TF_MEM_ALLOC, 0x300, 8, 50},
        {TF_MEM_ALLOC, 0x100, 32, 60}, {TF_MEM_ALLOC, 0x200, 16, 60}, {TF_MEM_ALLOC, 0x300, 8, 62}};
    size_t nw = 12;
    for (unsigned i = 0; i < NEWER; i++)
        want[nw].op = TF_MEM_ALLOC, want[nw].ptr = 0x1000 + 0x10 * i, want[nw].size = 8,
        want[nw++].ns = 63 + i;
    want[nw].op = TF_MEM_FREE, want[nw].ptr = 0x100, want[nw++].ns = 81;
    want[nw].op = TF_MEM_FREE, want[nw].ptr = 0x200, want[nw++].ns = 81;
    want[nw].op = TF_MEM_ALLOC, want[nw].ptr = 0x1000, want[nw].size = 8, want[nw++].ns = 82;
    CHECK_EQ_U(t->nmem, nw);
    for (size_t i = 0; i < nw && i < t->nmem; i++) {
        CHECK_EQ_I(t->mem[i].op, want[i].op);
        CHECK_EQ_U(t->mem[i].ptr, want[i].ptr);
        CHECK_EQ_U(t->mem[i].size, want[i].size);
        CHECK_EQ_U(t->mem[i].ns, want[i].ns);
        CHECK_EQ_U(t->mem[i].thread, t->mem[0].thread);
    }
    CHECK_EQ_U(t->unknown_records, 0);
    CHECK_EQ_U(t->missing_chunks, 1);
    int said = 0;
    for (int i = 0; i < t->nwarnings; i++)
        said += strstr(t->warnings[i], "4 memory set records repeat a set the trace does not hold "
                                       "(the first: pool #1, set 0;") != NULL;
    CHECK_EQ_I(said, 1);
    tf_trace_free(t);
}

/* A ZONE_SEQ that does not parse is counted and skipped, its length kept:
 * steps past its span, a last event before the record's time, a varint or
 * a text cut by the record's end, a span longer than the time itself, an
 * empty record. What it read before the fault stays read. */
static void bad_zone_seqs(void)
{
    static const struct {
        uint8_t len, b[8];
        unsigned zones; /* begun before the fault */
    } bad[] = {
        {5, {10, 4, 0, 5, 20}, 1},                 /* span 10, an end 20 after the begin */
        {5, {30, 4, 0, 5, 20}, 1},                 /* span 30, the last event 10 early */
        {4, {10, 4, 0, 5, 0x8a}, 1},               /* the end's step cut */
        {6, {0, 2 | 9 << 2, 0, 'a', 'b', 'c'}, 0}, /* a text of 9 bytes, 3 there */
        {3, {0x90, 0x4e, 4}, 0},                   /* span 10000 at time 100 */
        {0, {0}, 0},
    };
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        uint64_t w[8] = {TF_REC(TF_R_ZONE_SEQ, bad[i].len, 100), 0, 0, 0};
        memcpy(w + 1, bad[i].b, bad[i].len);
        tf_trace *t = load_bad_record("contract_bad_seq.tft", w);
        if (!t) continue;
        CHECK_EQ_U(t->nzones, bad[i].zones);
        tf_trace_free(t);
    }
}

/* The NOC alignment fault's aux (tf_mailbox.h) gives back the L1 address
 * and the endpoint whole: a DRAM bank address of 36 bits (banks reach
 * 64 GiB; it kept 31 bits once, and printed 0x80000040 as 0x40), a core's
 * L1 address with its NOC x and y. */
static void noc_align_aux(void)
{
    uint64_t d =
        TF_NOC_ALIGN_AUX(0x17ffc0u, TF_NOC_ADDR(TF_NOC_DRAM_X, TF_NOC_DRAM_Y(61), 0xf80000040ull));
    CHECK_EQ_U(TF_NOC_ALIGN_AUX_DRAM(d), 1);
    CHECK_EQ_U(TF_NOC_ALIGN_AUX_L1(d), 0x17ffc0u);
    CHECK_EQ_U(TF_NOC_ALIGN_AUX_LOCAL(d), 0xf80000040ull);
    CHECK_EQ_U(TF_NOC_ALIGN_AUX_BANK(d), 61);
    uint64_t c = TF_NOC_ALIGN_AUX(0x62004u, TF_NOC_ADDR(63, 62, 0x17fff0u));
    CHECK_EQ_U(TF_NOC_ALIGN_AUX_DRAM(c), 0);
    CHECK_EQ_U(TF_NOC_ALIGN_AUX_L1(c), 0x62004u);
    CHECK_EQ_U(TF_NOC_ALIGN_AUX_LOCAL(c), 0x17fff0u);
    CHECK_EQ_U(TF_NOC_ALIGN_AUX_X(c), 63);
    CHECK_EQ_U(TF_NOC_ALIGN_AUX_Y(c), 62);
}

int main(int argc, char **argv)
{
    if (argc != 3) {
        fprintf(stderr, "usage: test_contracts WORK_DIR PROFILE_CASES_DIR\n");
        return 2;
    }
    work = argv[1];
    noc_align_aux();
    records_round_trip();
    everything_read();
    bad_set_lengths();
    mem_repeats();
    bad_zone_seqs();
    bad_perf_records();
    perf_repeats();
    perf_pairs_round_trip();
    other_version_refused();
#define ONE_SCHEMA(table, P, obj, file) schema_round_trip(&obj);
    TF_CSV_SCHEMAS(ONE_SCHEMA)
#undef ONE_SCHEMA
    char p[1024];
    snprintf(p, sizeof p, "%s/basic/device_zones.csv", argv[2]);
    golden_matches(&tf_csv_device_zones, p);
    snprintf(p, sizeof p, "%s/basic/clock_sync.csv", argv[2]);
    golden_matches(&tf_csv_clock_sync, p);
    const tf_csv_schema *reports[] = {
        &tf_csv_memlog, &tf_csv_ops_times,     &tf_csv_perf_results, &tf_csv_perf_per_call,
        &tf_csv_phases, &tf_csv_memory_report, &tf_csv_device_perf};
    for (size_t i = 0; i < sizeof reports / sizeof *reports; i++) {
        snprintf(p, sizeof p, "%s/basic/expected/%s", argv[2], reports[i]->file);
        golden_matches(reports[i], p);
    }
    return tf_check_report("test_contracts");
}
