/* Record packing (TF_CHUNK_PACKED, tf_trace_format.h): the writer thread
 * packs each full buffer before writing it, the reader unpacks it back
 * into 64-bit records. Record sizes come from TF_TRACE_RECORDS. */
#include "tt_foil/trace.h"
#include "tf_trace_format.h"

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
#define TF_PACK_HAVE_AVX2 1

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
#endif

size_t tf_trace_pack(const uint64_t *in, uint32_t words, uint8_t *out, uint64_t *records)
{
    uint8_t *o = out;
    const uint64_t *p = in, *end = in + words;
    uint64_t prev = 0, n = 0;
#ifdef TF_PACK_HAVE_AVX2
    static int avx2 = -1; /* every thread computes the same: atomics, no lock */
    if (__builtin_expect(__atomic_load_n(&avx2, __ATOMIC_RELAXED) < 0, 0))
        __atomic_store_n(&avx2, __builtin_cpu_supports("avx2") ? 1 : 0, __ATOMIC_RELAXED);
    int use_avx2 = __atomic_load_n(&avx2, __ATOMIC_RELAXED);
#endif
    while (p < end) {
        /* the common run: zone begins and ends, two bytes each */
        const uint64_t *run = p;
#ifdef TF_PACK_HAVE_AVX2
        /* (not tried again after short runs: memory logs are all payload) */
        if (use_avx2 > 0) p = pack_run_avx2(p, end, &o, &prev);
#endif
        for (; p < end; p++) {
            uint64_t w = *p, dl = TF_REC_DELTA(w);
            int64_t d = (int64_t)(dl - prev);
            uint64_t zz = tf_trace_zigzag(d);
            unsigned type = TF_REC_TYPE(w);
            if ((((pack_bare >> type) & 1u) ^ 1u) | (w & TF_PACK_ARG_HI) | (zz >> 7)) break;
            o[0] = (uint8_t)(type | (TF_REC_ARG(w) << TF_PACK_TYPE_BITS));
            o[1] = (uint8_t)zz;
            o += 2;
            prev = dl;
        }
        n += (uint64_t)(p - run);
#ifdef TF_PACK_HAVE_AVX2
        if (use_avx2) use_avx2 = p - run >= 4 ? 1 : -1;
#endif
        if (p == end) break;
        uint64_t w = *p;
        unsigned type = TF_REC_TYPE(w);
        uint32_t arg = TF_REC_ARG(w);
        int payload = pack_payload[type];
        unsigned nw = payload == TF_REC_TEXT ? 1u + (arg + 7u) / 8u : 1u + (unsigned)payload;
        if (nw > (size_t)(end - p)) break; /* cannot happen: records are whole */
        int64_t d = (int64_t)(TF_REC_DELTA(w) - prev);
        prev = TF_REC_DELTA(w);
        o = tf_trace_put_varint(o, (uint64_t)type | ((uint64_t)arg << TF_PACK_TYPE_BITS));
        o = tf_trace_put_varint(o, tf_trace_zigzag(d));
        if (payload == TF_REC_TEXT) {
            memcpy(o, p + 1, arg);
            o += arg;
        } else {
            for (unsigned i = 1; i < nw; i++) o = tf_trace_put_varint(o, p[i]);
        }
        p += nw;
        n++;
    }
    while ((o - out) & 7) *o++ = 0;
    *records = n;
    return (size_t)(o - out);
}

int tf_trace_unpack(const uint8_t *in, size_t n, uint64_t *out, size_t cap, size_t *words)
{
    const uint8_t *p = in, *end = in + n;
    size_t k = 0;
    uint64_t prev = 0;
    while (p < end && *p) {
        uint64_t head, zz;
        if (!(p = tf_trace_get_varint(p, end, &head)) || !(p = tf_trace_get_varint(p, end, &zz)))
            return -1;
        int64_t d = tf_trace_unzigzag(zz);
        uint64_t delta = prev + (uint64_t)d;
        prev = delta;
        unsigned type = (unsigned)(head & (TF_R_LIMIT - 1));
        uint64_t arg = head >> TF_PACK_TYPE_BITS;
        if (arg > TF_REC_MAX_ARG || type == 0) return -1;
        uint64_t w = TF_REC(type, arg, delta);
        unsigned nw = tf_rec_words(w);
        if (k + nw > cap) return -1;
        out[k] = w;
        if (tf_rec_is_text(type)) {
            if ((size_t)(end - p) < arg) return -1;
            if (nw > 1) out[k + nw - 1] = 0; /* padding; an empty text has none */
            memcpy(out + k + 1, p, arg);
            p += arg;
        } else {
            for (unsigned i = 1; i < nw; i++)
                if (!(p = tf_trace_get_varint(p, end, &out[k + i]))) return -1;
        }
        k += nw;
    }
    *words = k;
    return 0;
}
