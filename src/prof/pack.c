/* Record packing (TF_CHUNK_PACKED, tf_trace_format.h): the writer thread
 * packs each full buffer before writing it, the reader unpacks it back
 * into 64-bit records. Record sizes come from TF_TRACE_RECORDS. */
#include "pack.h"
#include "common/cm_err.h"
#include "tf_trace_format.h"
#include "tt_foil/trace.h"

#include <string.h>

unsigned tf_trace_record_words(uint64_t head)
{
    return tf_rec_words(head);
}

/* Payload words per record type, TF_REC_TEXT for text records (unknown
 * types: none, as tf_rec_words counts them). A table rather than
 * tf_rec_words' switch: the writer packs every record through it. */
static const int8_t pack_payload[TF_R_LIMIT] = {
#define TF_PACK_PAYLOAD(name, code, words, arg, payload) [code] = (words),
    TF_TRACE_RECORDS(TF_PACK_PAYLOAD)
#undef TF_PACK_PAYLOAD
};

/* Types without payload words (bit per code): with an argument below 4
 * and a delta step within +-63 such a record packs to two bytes. */
static const uint32_t pack_bare =
#define TF_PACK_BARE(name, code, words, arg, payload) | ((words) == 0 ? 1u << (code) : 0u)
    0u TF_TRACE_RECORDS(TF_PACK_BARE);
#undef TF_PACK_BARE
/* header bits of an argument of 4 or more */
#define TF_PACK_ARG_HI ((uint64_t)(TF_REC_MAX_ARG & ~3u) << TF_REC_ARG_SHIFT)

#if (defined(__x86_64__) || defined(__i386__)) && defined(__GNUC__)
#include <immintrin.h>
#define TF_PACK_HAVE_X86 1
#define TF_PACK_RETRY    16

/* The common run four records at a time (AVX2): stops before the first
 * group of four that holds a record that is not two bytes. */
__attribute__((target("avx2"))) static const uint64_t *
pack_run_avx2(const uint64_t *p, const uint64_t *end, uint8_t **op, uint64_t *prevp)
{
    uint8_t *o = *op;
    uint64_t prev = *prevp;
    const __m256i dmask = _mm256_set1_epi64x((long long)TF_REC_MAX_DELTA);
    const __m256i arg_hi = _mm256_set1_epi64x((long long)TF_PACK_ARG_HI);
    const __m256i bare = _mm256_set1_epi64x(pack_bare), one = _mm256_set1_epi64x(1);
    const __m256i arg_lo = _mm256_set1_epi64x(3 << TF_PACK_TYPE_BITS);
    const __m256i zero = _mm256_setzero_si256();
    /* bytes 0 and 1 of each 64-bit lane, gathered at the start of each half */
    const __m256i gather =
        _mm256_setr_epi8(0, 1, 8, 9, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, 0, 1, 8, 9, -1,
                         -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1);
    while (end - p >= 4) {
        __m256i v = _mm256_loadu_si256((const __m256i *)p);
        __m256i dl = _mm256_and_si256(v, dmask);
        __m256i before = _mm256_permute4x64_epi64(dl, _MM_SHUFFLE(2, 1, 0, 0));
        before = _mm256_blend_epi32(before, _mm256_set1_epi64x((long long)prev), 0x03);
        __m256i d = _mm256_sub_epi64(dl, before);
        __m256i zz = _mm256_xor_si256(_mm256_add_epi64(d, d), _mm256_cmpgt_epi64(zero, d));
        __m256i type = _mm256_srli_epi64(v, TF_REC_TYPE_SHIFT);
        __m256i bad = _mm256_xor_si256(_mm256_and_si256(_mm256_srlv_epi64(bare, type), one), one);
        bad = _mm256_or_si256(bad, _mm256_and_si256(v, arg_hi));
        bad = _mm256_or_si256(bad, _mm256_srli_epi64(zz, 7));
        if (!_mm256_testz_si256(bad, bad)) break;
        __m256i head = _mm256_or_si256(
            type,
            _mm256_and_si256(_mm256_srli_epi64(v, TF_REC_ARG_SHIFT - TF_PACK_TYPE_BITS), arg_lo));
        __m256i g = _mm256_shuffle_epi8(_mm256_or_si256(head, _mm256_slli_epi64(zz, 8)), gather);
        uint32_t lo = (uint32_t)_mm256_extract_epi32(g, 0),
                 hi = (uint32_t)_mm256_extract_epi32(g, 4);
        memcpy(o, &lo, 4);
        memcpy(o + 4, &hi, 4);
        o += 8;
        p += 4;
        prev = TF_REC_DELTA(p[-1]);
    }
    *op = o;
    *prevp = prev;
    return p;
}

/* The same eight records at a time (AVX-512 F+BW+VL), in fewer
 * instructions a record: the previous deltas come from the last group's
 * lanes (valignq), the three checks end in one mask test, and each lane's
 * two bytes are its low 16 bits, which one narrowing store (vpmovqw)
 * writes out in order. The step's zigzag is below 2^41 (both deltas are
 * 40-bit), so it shares no bit with the argument's high bits and one test
 * of (v & arg_hi) | zz against ~127 checks both. */
__attribute__((target("avx512f,avx512bw,avx512vl"))) static const uint64_t *
pack_run_avx512(const uint64_t *p, const uint64_t *end, uint8_t **op, uint64_t *prevp)
{
    uint8_t *o = *op;
    const __m512i dmask = _mm512_set1_epi64((long long)TF_REC_MAX_DELTA);
    const __m512i arg_hi = _mm512_set1_epi64((long long)TF_PACK_ARG_HI);
    const __m512i bare = _mm512_set1_epi64(pack_bare), one = _mm512_set1_epi64(1);
    const __m512i not_short = _mm512_set1_epi64(~127ll);
    __m512i last = _mm512_set1_epi64((long long)*prevp); /* lane 7: the previous delta */
    const uint64_t *start = p;
    while (end - p >= 8) {
        __m512i v = _mm512_loadu_si512((const void *)p);
        __m512i dl = _mm512_and_si512(v, dmask);
        __m512i d = _mm512_sub_epi64(dl, _mm512_alignr_epi64(dl, last, 7));
        __m512i zz = _mm512_xor_si512(_mm512_add_epi64(d, d), _mm512_srai_epi64(d, 63));
        __m512i type = _mm512_srli_epi64(v, TF_REC_TYPE_SHIFT);
        __mmask8 is_bare = _mm512_test_epi64_mask(_mm512_srlv_epi64(bare, type), one);
        __m512i x = _mm512_ternarylogic_epi64(v, arg_hi, zz, 0xea); /* (v & arg_hi) | zz */
        if (_mm512_mask_testn_epi64_mask(is_bare, x, not_short) != 0xff) break;
        /* type | arg << 5 | zz << 8: the header without its delta, shifted */
        __m512i argb =
            _mm512_srli_epi64(_mm512_xor_si512(v, dl), TF_REC_ARG_SHIFT - TF_PACK_TYPE_BITS);
        __m512i two = _mm512_ternarylogic_epi64(type, argb, _mm512_slli_epi64(zz, 8), 0xfe);
        _mm_storeu_si128((__m128i *)(void *)o, _mm512_cvtepi64_epi16(two));
        last = dl;
        o += 16;
        p += 8;
    }
    if (p != start) *prevp = TF_REC_DELTA(p[-1]);
    *op = o;
    return p;
}
#endif

/* The vector path in use: 2 AVX-512, 1 AVX2, 0 none; -1 until the first
 * pack looks at the CPU (a benign race: every thread finds the same). */
static int pack_path = -1;

static int pack_path_best(void)
{
#ifdef TF_PACK_HAVE_X86
    if (__builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw") &&
        __builtin_cpu_supports("avx512vl"))
        return 2;
    if (__builtin_cpu_supports("avx2")) return 1;
#endif
    return 0;
}

int tf_trace_pack_path(int want)
{
    int best = pack_path_best();
    int use = want < 0 || want > best ? best : want;
    __atomic_store_n(&pack_path, use, __ATOMIC_RELAXED);
    return use;
}

/* Whether record word w packs to two bytes after a record of delta prev:
 * a type without payload, an argument below 4, a step within -64..63. */
static inline int pack_short(uint64_t w, uint64_t prev)
{
    uint64_t zz = tf_trace_zigzag((int64_t)(TF_REC_DELTA(w) - prev));
    return (int)(((pack_bare >> TF_REC_TYPE(w)) & 1u) & !(w & TF_PACK_ARG_HI) & (zz < 128));
}

/* A text record's bytes, `words` whole words of them: the input pads its
 * text with zeros to 8 bytes, and up to 7 of those land past the text's
 * end, where the next record or the payload's padding goes (within
 * TF_TRACE_PACK_BOUND: a text record packs to at most 9 bytes of varints
 * and its text, 16 a word is its share). Two words a move where the CPU
 * has 16-byte moves; never a call to memcpy for a few words. */
static inline void copy_words(uint8_t *o, const uint64_t *in, unsigned words)
{
#ifdef TF_PACK_HAVE_X86
    for (; words >= 2; words -= 2, in += 2, o += 16)
        _mm_storeu_si128((__m128i *)(void *)o, _mm_loadu_si128((const __m128i *)(const void *)in));
    if (words) memcpy(o, in, 8);
#else
    for (; words; words--, in++, o += 8) memcpy(o, in, 8);
#endif
}

size_t tf_trace_pack_more(const uint64_t *in, uint32_t words, uint8_t *out, uint64_t *prevp,
                          uint64_t *records)
{
    uint8_t *o = out;
    const uint64_t *p = in, *end = in + words;
    uint64_t prev = *prevp, n = 0;
#ifdef TF_PACK_HAVE_X86
    int path = __atomic_load_n(&pack_path, __ATOMIC_RELAXED);
    if (__builtin_expect(path < 0, 0)) path = tf_trace_pack_path(-1);
    /* 1: try the vector run; -1: the last run was short, scalar for a while */
    int use_vec = path > 0;
#endif
    while (p < end) {
        /* the common run: zone begins and ends, two bytes each */
        const uint64_t *run = p, *stop = end;
#ifdef TF_PACK_HAVE_X86
        /* After a short run (memory logs are all payload) the scalar loop
         * goes on alone, but only for TF_PACK_RETRY records of a run: a
         * long run goes back to the vector loop. (A trace of zones has a record with
         * a long step now and then, e.g. after an interrupt; two of them
         * close together used to leave the rest of the buffer scalar.) */
        if (use_vec > 0)
            p = path == 2 ? pack_run_avx512(p, end, &o, &prev) : pack_run_avx2(p, end, &o, &prev);
        else if (use_vec < 0 && end - p > TF_PACK_RETRY)
            stop = p + TF_PACK_RETRY;
#endif
        for (; p < stop && pack_short(*p, prev); p++) {
            uint64_t w = *p;
            o[0] = (uint8_t)(TF_REC_TYPE(w) | (TF_REC_ARG(w) << TF_PACK_TYPE_BITS));
            o[1] = (uint8_t)tf_trace_zigzag((int64_t)(TF_REC_DELTA(w) - prev));
            o += 2;
            prev = TF_REC_DELTA(w);
        }
        n += (uint64_t)(p - run);
        if (p == end) break;
#ifdef TF_PACK_HAVE_X86
        if (use_vec) use_vec = p - run >= 4 ? 1 : -1;
        if (p == stop) continue; /* a long scalar run: the vector loop again */
#endif
        /* the record that is not two bytes, and the ones right after it
         * that are not either: a trace of byte records (the runtime's zone
         * runs, counters, memory sets) packs here, one record a turn */
        do {
            uint64_t w = *p, dl = TF_REC_DELTA(w);
            unsigned type = TF_REC_TYPE(w);
            uint32_t arg = TF_REC_ARG(w);
            int payload = pack_payload[type];
            unsigned nw = payload == TF_REC_TEXT ? 1u + (arg + 7u) / 8u : 1u + (unsigned)payload;
            if (nw > (size_t)(end - p)) goto out; /* cannot happen: records are whole */
            o = tf_trace_put_varint(o, (uint64_t)type | ((uint64_t)arg << TF_PACK_TYPE_BITS));
            o = tf_trace_put_varint(o, tf_trace_zigzag((int64_t)(dl - prev)));
            prev = dl;
            if (payload == TF_REC_TEXT) {
                copy_words(o, p + 1, nw - 1);
                o += arg;
            } else {
                for (unsigned i = 1; i < nw; i++) o = tf_trace_put_varint(o, p[i]);
            }
            p += nw;
            n++;
        } while (p < end && !pack_short(*p, prev));
    }
out:
    *prevp = prev;
    *records += n;
    return (size_t)(o - out);
}

size_t tf_trace_pack(const uint64_t *in, uint32_t words, uint8_t *out, uint64_t *records)
{
    if ((!in && words) || !out || !records) {
        cm_err_set("tf_trace_pack: %s is NULL (pass %s)",
                   !out       ? "out"
                   : !records ? "records"
                              : "in",
                   !out       ? "TF_TRACE_PACK_BOUND(words) bytes to pack into"
                   : !records ? "where to count the records packed"
                              : "the words to pack, or words 0");
        if (records) *records = 0;
        return 0;
    }
    uint64_t prev = 0;
    *records = 0;
    size_t n = tf_trace_pack_more(in, words, out, &prev, records);
    while (n & 7) out[n++] = 0;
    return n;
}

/* The error of tf_trace_unpack: what is wrong with the record at byte `at`. */
static int unpack_bad(size_t at, const char *what)
{
    return cm_err_set("tf_trace_unpack: the record at byte %zu: %s", at, what);
}

int tf_trace_unpack(const uint8_t *in, size_t n, uint64_t *out, size_t cap, size_t *words)
{
    if ((!in && n) || (!out && cap) || !words)
        return cm_err_set("tf_trace_unpack: %s is NULL (pass %s)",
                          !words ? "words"
                          : !out ? "out"
                                 : "in",
                          !words ? "where to write the number of words unpacked"
                          : !out ? "room for cap words, or cap 0"
                                 : "the packed bytes, or n 0");
    const uint8_t *p = in, *end = in + n;
    size_t k = 0;
    uint64_t prev = 0;
    while (p < end && *p) {
        uint64_t head, zz;
        size_t at = (size_t)(p - in); /* this record's first byte */
        if (!(p = tf_trace_get_varint(p, end, &head)) || !(p = tf_trace_get_varint(p, end, &zz)))
            return unpack_bad(at, "its header is cut short (the bytes are damaged)");
        int64_t d = tf_trace_unzigzag(zz);
        uint64_t delta = prev + (uint64_t)d;
        prev = delta;
        unsigned type = (unsigned)(head & (TF_R_LIMIT - 1));
        uint64_t arg = head >> TF_PACK_TYPE_BITS;
        if (arg > TF_REC_MAX_ARG || type == 0)
            return unpack_bad(at, type ? "its argument is over the maximum (the bytes are damaged)"
                                       : "its type is 0 (the bytes are damaged)");
        uint64_t w = TF_REC(type, arg, delta);
        unsigned nw = tf_rec_words(w);
        if (k + nw > cap) return unpack_bad(at, "out has no room for it (cap is too small)");
        out[k] = w;
        if (tf_rec_is_text(type)) {
            if ((size_t)(end - p) < arg)
                return unpack_bad(at, "its text runs past the end (the bytes are damaged)");
            if (nw > 1) out[k + nw - 1] = 0; /* padding; an empty text has none */
            memcpy(out + k + 1, p, arg);
            p += arg;
        } else {
            for (unsigned i = 1; i < nw; i++)
                if (!(p = tf_trace_get_varint(p, end, &out[k + i])))
                    return unpack_bad(at, "its payload is cut short (the bytes are damaged)");
        }
        k += nw;
    }
    *words = k;
    return 0;
}
