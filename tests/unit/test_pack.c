/* The record packer (tf_trace_pack, TF_CHUNK_PACKED) gives the bytes the
 * format defines (contracts/tf_trace_format.h) on each of its loops: the
 * portable one, AVX2 and AVX-512 (each where this CPU has it), checked
 * against a packer written here from the format's definition, on buffers
 * that put every kind of record, and a record that leaves the two-byte
 * form (a long or negative step, an argument of 4 or more, a payload) at
 * every position of the vector groups, in runs of every length around
 * the groups' sizes, and buffers ending at every position; the bytes
 * unpack to the records again, and packing in pieces
 * (tf_trace_pack_more) gives the same bytes.
 *
 *   test_pack */
#include "src/prof/pack.h"
#include "tf_check.h"
#include "tf_trace_format.h"
#include "tt_foil/trace.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Payload words per record type (TF_REC_TEXT: text), from the table. */
static const int payload_of[TF_R_LIMIT] = {
#define PAYLOAD_OF(name, code, words, arg, payload) [code] = (words),
    TF_TRACE_RECORDS(PAYLOAD_OF)
#undef PAYLOAD_OF
};

/* The format's definition, record by record: varint(type | arg << 5),
 * varint(zigzag(step)), the payload as varints or raw text bytes; zero
 * padding to 8 bytes. */
static size_t reference_pack(const uint64_t *in, size_t words, uint8_t *out, uint64_t *records)
{
    uint8_t *o = out;
    uint64_t prev = 0, n = 0;
    for (size_t i = 0; i < words; n++) {
        uint64_t w = in[i];
        unsigned type = TF_REC_TYPE(w);
        uint32_t arg = TF_REC_ARG(w);
        o = tf_trace_put_varint(o, (uint64_t)type | ((uint64_t)arg << TF_PACK_TYPE_BITS));
        o = tf_trace_put_varint(o, tf_trace_zigzag((int64_t)(TF_REC_DELTA(w) - prev)));
        prev = TF_REC_DELTA(w);
        if (payload_of[type] == TF_REC_TEXT) {
            memcpy(o, in + i + 1, arg);
            o += arg;
            i += 1 + (arg + 7) / 8;
        } else {
            for (int k = 1; k <= payload_of[type]; k++) o = tf_trace_put_varint(o, in[i + k]);
            i += 1 + (size_t)payload_of[type];
        }
    }
    while ((o - out) & 7) *o++ = 0;
    *records = n;
    return (size_t)(o - out);
}

/* A buffer being built: words and the running timestamp. */
typedef struct buf {
    uint64_t w[8192];
    size_t n;
    uint64_t t;
} buf;

/* A zone begin or end `step` ticks after the last record (two bytes when
 * the step is within -64..63 and arg below 4). */
static void bare(buf *b, int64_t step, uint32_t arg)
{
    b->t = (b->t + (uint64_t)step) & TF_REC_MAX_DELTA;
    unsigned type = b->n & 1 ? TF_R_ZONE_END : TF_R_ZONE_BEGIN;
    b->w[b->n++] = TF_REC(type, arg, b->t);
}

/* A record that never packs to two bytes: kind 0-6 picks which. */
static void odd(buf *b, int kind)
{
    switch (kind) {
    case 0: bare(b, 64, 1); break;  /* zigzag 128: one past the short form */
    case 1: bare(b, -65, 1); break; /* zigzag 129 */
    case 2: bare(b, 5, 4); break;   /* argument 4 */
    case 3: bare(b, 1000000 + tf_check_rand(), (uint32_t)(tf_check_rand() & TF_REC_MAX_ARG)); break;
    case 4: /* an allocation: two payload words */
        b->t += 3;
        b->w[b->n++] = TF_REC(TF_R_ALLOC, 2, b->t);
        b->w[b->n++] = 0x7f0000001000ull + tf_check_rand();
        b->w[b->n++] = 64;
        break;
    case 5: { /* a zone text of 0-20 bytes, zero-padded */
        uint32_t len = tf_check_rand() % 21;
        b->t += 2;
        b->w[b->n++] = TF_REC(TF_R_ZONE_TEXT, len, b->t);
        uint64_t text[3] = {0, 0, 0};
        for (uint32_t i = 0; i < len; i++)
            ((uint8_t *)text)[i] = (uint8_t)('a' + tf_check_rand() % 26);
        for (uint32_t i = 0; i < (len + 7) / 8; i++) b->w[b->n++] = text[i];
        break;
    }
    default: /* a frame mark: bare, but not a zone */
        b->t += 7;
        b->w[b->n++] = TF_REC(TF_R_FRAME, 0, b->t);
        break;
    }
}

/* Pack b on every loop this CPU has and compare with the reference. */
static void check_all_paths(const buf *b, const char *what)
{
    static uint8_t want[TF_TRACE_PACK_BOUND(8192)], got[TF_TRACE_PACK_BOUND(8192)];
    static uint64_t back[8192];
    uint64_t want_n = 0;
    size_t want_bytes = reference_pack(b->w, b->n, want, &want_n);
    int best = tf_trace_pack_path(-1);
    for (int path = 0; path <= best; path++) {
        CHECK_EQ_U(tf_trace_pack_path(path), path);
        uint64_t n = 0;
        memset(got, 0xa5, sizeof got);
        size_t bytes = tf_trace_pack(b->w, (uint32_t)b->n, got, &n);
        int same = bytes == want_bytes && n == want_n && !memcmp(got, want, bytes);
        CHECK_TRUE(same);
        if (!same)
            fprintf(stderr, "  %s, loop %d: %zu bytes %llu records, want %zu bytes %llu\n", what,
                    path, bytes, (unsigned long long)n, want_bytes, (unsigned long long)want_n);
        size_t words = 0;
        CHECK_EQ_U(tf_trace_unpack(got, bytes, back, 8192, &words), 0);
        CHECK_EQ_U(words, b->n);
        CHECK_TRUE(!memcmp(back, b->w, b->n * 8));
        /* in pieces (tf_trace_pack_more, as the recorder packs), cut at
         * record boundaries of every kind, then padded once */
        memset(got, 0xa5, sizeof got);
        uint64_t prev = 0, pieces_n = 0;
        size_t at = 0, i = 0;
        while (i < b->n) {
            size_t j = i, want_words = 1 + tf_check_rand() % 40;
            while (j < b->n && j - i < want_words) j += tf_trace_record_words(b->w[j]);
            at += tf_trace_pack_more(b->w + i, (uint32_t)(j - i), got + at, &prev, &pieces_n);
            i = j;
        }
        while (at & 7) got[at++] = 0;
        CHECK_TRUE(at == want_bytes && pieces_n == want_n && !memcmp(got, want, at));
    }
    tf_trace_pack_path(-1);
}

int main(void)
{
    static buf b;
    int best = tf_trace_pack_path(-1);
    printf("test_pack: vector loops up to %d (0 portable, 1 AVX2, 2 AVX-512)\n", best);
    char what[96];
    /* a run of `run` two-byte records, then an odd record of each kind,
     * starting at every offset in a group of 8 */
    for (int lead = 0; lead < 8; lead++)
        for (int run = 0; run <= 34; run++)
            for (int kind = 0; kind < 7; kind++) {
                b.n = 0;
                b.t = 100;
                for (int i = 0; i < lead; i++) bare(&b, 20, 1);
                for (int r = 0; r < 3; r++) {
                    for (int i = 0; i < run; i++)
                        bare(&b, (int64_t)(tf_check_rand() % 128) - 64, i & 3);
                    odd(&b, kind);
                }
                for (int i = 0; i < run; i++) bare(&b, 63, 3); /* the longest short steps */
                bare(&b, -64, 0);
                snprintf(what, sizeof what, "lead %d, runs of %d, odd record %d", lead, run, kind);
                check_all_paths(&b, what);
            }
    /* long mixed buffers: rare odd records among long runs, ending at
     * every length */
    for (int round = 0; round < 200; round++) {
        b.n = 0;
        b.t = tf_check_rand();
        size_t len = 2000 + (size_t)round;
        while (b.n < len) {
            if (tf_check_rand() % 97 == 0)
                odd(&b, (int)(tf_check_rand() % 7));
            else
                bare(&b, tf_check_rand() % 40, tf_check_rand() % 4 ? 1 : 2);
        }
        snprintf(what, sizeof what, "mixed buffer %d of %zu words", round, b.n);
        check_all_paths(&b, what);
    }
    /* a trace of byte records (the runtime's zone runs and counters):
     * texts of every length up to 300 bytes one after another, of every
     * length of run between two-byte records, so that each text is copied
     * in whole words at every place */
    for (int round = 0; round < 300; round++) {
        b.n = 0;
        b.t = tf_check_rand();
        while (b.n < 7000) {
            for (int k = tf_check_rand() % 6; k > 0; k--) bare(&b, tf_check_rand() % 50, 1);
            for (int k = 1 + tf_check_rand() % 9; k > 0 && b.n < 7000; k--) {
                uint32_t len = (uint32_t)(round + tf_check_rand() % 301) % 301;
                b.t += tf_check_rand() % 3000;
                b.w[b.n++] = TF_REC(TF_R_ZONE_SEQ, len, b.t);
                uint8_t *text = (uint8_t *)&b.w[b.n];
                memset(text, 0, (len + 7) / 8 * 8);
                for (uint32_t i = 0; i < len; i++) text[i] = (uint8_t)(1 + tf_check_rand() % 255);
                b.n += (len + 7) / 8;
            }
        }
        snprintf(what, sizeof what, "byte records, round %d", round);
        check_all_paths(&b, what);
    }
    /* a memory log: every record with a payload */
    b.n = 0;
    b.t = 0;
    while (b.n < 3000) odd(&b, 4);
    check_all_paths(&b, "a memory log");
    return tf_check_report("test_pack");
}
