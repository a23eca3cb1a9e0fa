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

static inline uint8_t *put_varint(uint8_t *o, uint64_t v)
{
    while (v >= 0x80) {
        *o++ = (uint8_t)(v | 0x80);
        v >>= 7;
    }
    *o++ = (uint8_t)v;
    return o;
}

static inline const uint8_t *get_varint(const uint8_t *p, const uint8_t *end, uint64_t *v)
{
    uint64_t r = 0;
    for (int shift = 0; p < end && shift < 64; shift += 7) {
        uint8_t b = *p++;
        r |= (uint64_t)(b & 0x7f) << shift;
        if (!(b & 0x80)) {
            *v = r;
            return p;
        }
    }
    return NULL;
}

size_t tf_trace_pack(const uint64_t *in, uint32_t words, uint8_t *out, uint64_t *records)
{
    uint8_t *o = out;
    const uint64_t *p = in, *end = in + words;
    uint64_t prev = 0, n = 0;
    while (p < end) {
        uint64_t w = *p;
        unsigned type = TF_REC_TYPE(w), nw = tf_rec_words(w);
        uint32_t arg = TF_REC_ARG(w);
        if (nw > (size_t)(end - p)) break; /* cannot happen: records are whole */
        int64_t d = (int64_t)(TF_REC_DELTA(w) - prev);
        prev = TF_REC_DELTA(w);
        o = put_varint(o, (uint64_t)type | ((uint64_t)arg << TF_PACK_TYPE_BITS));
        o = put_varint(o, ((uint64_t)d << 1) ^ (uint64_t)(d >> 63));
        if (tf_rec_is_text(type)) {
            memcpy(o, p + 1, arg);
            o += arg;
        } else {
            for (unsigned i = 1; i < nw; i++) o = put_varint(o, p[i]);
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
        if (!(p = get_varint(p, end, &head)) || !(p = get_varint(p, end, &zz))) return -1;
        int64_t d = (int64_t)((zz >> 1) ^ (0 - (zz & 1)));
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
                if (!(p = get_varint(p, end, &out[k + i]))) return -1;
        }
        k += nw;
    }
    *words = k;
    return 0;
}
