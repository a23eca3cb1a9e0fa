/* The host profiler's trace file format (docs/trace-format.md), shared by
 * the recorder (src/prof/recorder.c) and the trace library (src/prof/reader.c,
 * pack.c; public API tt_foil/trace.h).
 *
 *   file   := header chunk*
 *   header := TF_TRACE_MAGIC, version, flags, pid, start tsc/ns, program
 *   chunk  := chunk header (56 bytes) + payload (payload_bytes)
 *
 * Every chunk is written with a single write(); a chunk cut short by a
 * crash or a full disk is detected (size, checksum) and left out. Chunks
 * are numbered (seq) so that a missing or repeated one is seen too. */
#ifndef TF_TRACE_FORMAT_H
#define TF_TRACE_FORMAT_H

#include "tf_trace_records.h"

#include <stdint.h>

#ifdef __cplusplus
#define TF_TRACE_STATIC_ASSERT static_assert
#else
#define TF_TRACE_STATIC_ASSERT _Static_assert
#endif

#define TF_TRACE_MAGIC "TFTRACE1"
/* 6: DEVICE_CHIP definitions end with the device's number (one per device
 * of a process: contracts/tf_perf.h); 5: ZONE_SEQ records (a run of zone events made together); 4:
 * DEVICE_PERF records are version 2 (compact: contracts/tf_perf.h), with DEVICE_CHIP definitions;
 * 3: the chunk header is checked too (head_check, 56-byte header); 2: named pools and tracks (1 had
 * core coordinates). The reader reads 2 to 6 (a version-2 chunk header is the first 48 bytes,
 * unchecked; a DEVICE_PERF record's own version says how to read it,
 * whatever the file's). */
#define TF_TRACE_VERSION    6u
#define TF_TRACE_VERSION_V5 5u
#define TF_TRACE_VERSION_V4 4u
#define TF_TRACE_VERSION_V3 3u
#define TF_TRACE_VERSION_V2 2u

/* file header flags */
#define TF_TRACE_FLAG_NS_CLOCK 1u /* timestamps are monotonic ns, not TSC ticks */

typedef struct tf_trace_header {
    char magic[8]; /* TF_TRACE_MAGIC */
    uint32_t version;
    uint32_t flags;
    uint32_t pid;
    uint32_t header_bytes;        /* sizeof(tf_trace_header) */
    uint64_t start_tsc, start_ns; /* first calibration point */
    char program[64];
} tf_trace_header;

#define TF_CHUNK_MAGIC 0x4b434654u /* "TFCK" */

/* Chunk kinds: X(name, code, meaning) */
#define TF_TRACE_CHUNKS(X)                                                                         \
    X(EVENTS, 1, "one thread's records, as 64-bit words")                                          \
    X(DEFS, 2, "definitions: source locations, names, threads, tracks")                            \
    X(TRAILER, 3, "written at a normal exit: counts")                                              \
    X(PACKED, 4, "one thread's records, packed (see below)")

enum tf_chunk_kind {
#define TF_CHUNK_ENUM(name, code, meaning) TF_CHUNK_##name = code,
    TF_TRACE_CHUNKS(TF_CHUNK_ENUM)
#undef TF_CHUNK_ENUM
};

/* 1 if `kind` is a chunk kind of the table. */
static inline int tf_chunk_kind_known(uint32_t kind)
{
    switch (kind) {
#define TF_CHUNK_CASE(name, code, meaning) case code:
        TF_TRACE_CHUNKS(TF_CHUNK_CASE)
#undef TF_CHUNK_CASE
        return 1;
    default: return 0;
    }
}

typedef struct tf_chunk_header {
    uint32_t magic;
    uint32_t kind;
    uint32_t thread;          /* recorder's thread number (events) */
    uint32_t payload_bytes;   /* multiple of 8 */
    uint64_t tsc_base;        /* record timestamps are deltas from this */
    uint64_t cal_tsc, cal_ns; /* calibration point taken when written */
    uint32_t seq;             /* chunk number in the file: 0, 1, 2, ... */
    uint32_t checksum;        /* tf_trace_checksum() of the payload */
    uint32_t head_check;      /* tf_trace_head_check() of the fields above (version 3) */
    uint32_t reserved;        /* 0 */
} tf_chunk_header;

TF_TRACE_STATIC_ASSERT(sizeof(tf_chunk_header) == 56, "chunk header layout");
#define TF_CHUNK_HEADER_V2 48u /* bytes of a version-2 chunk header (no head_check) */
/* The largest payload a writer makes (a packed 1 MiB buffer, as earlier
 * recorders wrote; today's packing areas, definitions and raw buffers are
 * smaller): a longer one is damage. */
#define TF_CHUNK_MAX_PAYLOAD (16u * 131072u + 8u)
TF_TRACE_STATIC_ASSERT(sizeof(tf_trace_header) == 104, "trace header layout");

/* Event records and definitions: the tables of tf_trace_records.h. */

/* PACKED payload: the same records, byte-packed by the recording thread. Per
 * record: varint(type | arg << 5), varint(zigzag(delta - previous delta)),
 * then its payload words as varints (text records: their `arg` raw bytes).
 * The first record's previous delta is 0; a 0 byte where a record would
 * start ends the payload (the rest is padding to 8 bytes). Varints are
 * LEB128. */
#define TF_PACK_TYPE_BITS 5
TF_TRACE_STATIC_ASSERT(TF_R_LIMIT == 1u << TF_PACK_TYPE_BITS,
                       "the packed type field holds every record type");
TF_TRACE_STATIC_ASSERT(TF_R_LIMIT == (UINT64_MAX >> TF_REC_TYPE_SHIFT) + 1,
                       "the record word's type field holds every record type");
TF_TRACE_STATIC_ASSERT(TF_REC_MAX_ARG == (1u << (TF_REC_TYPE_SHIFT - TF_REC_ARG_SHIFT)) - 1,
                       "the argument field lies between the type and the delta");
TF_TRACE_STATIC_ASSERT(TF_REC_MAX_DELTA == (1ull << TF_REC_ARG_SHIFT) - 1,
                       "the delta field ends where the argument starts");

/* DEFS payload: a sequence of definition records (TF_TRACE_DEFS), each
 *   uint32 kind, uint32 id, uint32 line, uint32 nbytes, then nbytes of
 *   NUL-separated strings, padded to 8. */
typedef struct tf_trace_def_header {
    uint32_t kind, id, line, nbytes;
} tf_trace_def_header;
TF_TRACE_STATIC_ASSERT(sizeof(tf_trace_def_header) == 16, "definition header layout");

/* DEVICE_BLOCK payload: this header, then `nwords` 32-bit marker words
 * (the RISC's buffer from its start to its `cur`), padded to 8 bytes. The
 * runtime copies them from L1 as they are: decoding (tf_dprof markers,
 * common/cm_dprof.h) is the reader's business. */
#define TF_DEVB_POSTMORTEM 1u /* read back after a timeout, fault, interrupt or stall */
enum tf_devb_reason {
    TF_DEVB_DONE = 0,
    TF_DEVB_TIMEOUT = 1,
    TF_DEVB_FAULT = 2,
    TF_DEVB_INTERRUPT = 3,
    TF_DEVB_STALL = 4 /* every RISC left waits for what nothing on the chip will do */
};
typedef struct tf_dev_block {
    uint32_t dispatch;
    uint8_t x, y, risc, reason;      /* reason: tf_devb_reason */
    uint32_t fw_image, kernel_image; /* image numbers of DEVICE_ZONE ids (0: none) */
    uint32_t dropped;                /* zones the RISC could not record */
    uint32_t invalid;                /* DeviceValidateProfiler(false)'s header, else 0 */
    uint32_t nwords;
    uint32_t device;     /* the device's number in its process (tf_device.number: 1, or 2, ..
                            for devices open at once, which use the same core coordinates);
                            0 in traces written before it was: device 1 */
    uint64_t ref_cycle;  /* the RISC's GO cycle: 44-bit stamps are unwrapped near it */
    uint64_t stop_cycle; /* post-mortem: the device cycle this RISC stopped at (its trap, the
                          * chip's stop in a deadlock) or, still running, was read back; else 0 */
    uint64_t host_ns;    /* host monotonic ns of the readback */
} tf_dev_block;
TF_TRACE_STATIC_ASSERT(sizeof(tf_dev_block) == 56, "device block header layout");

/* DEVICE_PC payload: this header, then the text (not NUL-terminated). */
typedef struct tf_dev_pc {
    uint32_t dispatch;
    uint8_t x, y, risc, reason; /* tf_devb_reason */
    uint32_t pc;
    uint32_t reserved;
} tf_dev_pc;
TF_TRACE_STATIC_ASSERT(sizeof(tf_dev_pc) == 16, "device pc header layout");

/* TRAILER payload */
typedef struct tf_trace_trailer {
    uint64_t records;         /* records written */
    uint64_t lost_records;    /* records that could not be written */
    uint64_t lost_chunks;     /* failed writes */
    uint64_t truncated_texts; /* zone texts cut to TF_TEXT_MAX */
    uint64_t late_records;    /* records made after the trace was closed */
    uint64_t end_tsc, end_ns; /* last calibration point */
} tf_trace_trailer;

TF_TRACE_STATIC_ASSERT(TF_TEXT_MAX <= TF_REC_MAX_ARG, "a text's length fits the argument");

/* A cheap checksum over 64-bit words (rotate-xor: h = rotl(h, 1) ^ w per
 * word), enough to tell a chunk cut short or overwritten from a good one.
 * Read byte-wise (memcpy), so the words may sit at any address (a reader
 * resynchronising after damage tries every byte offset). */
static inline uint64_t tf_trace_rotl(uint64_t h, unsigned k)
{
    k &= 63;
    return k ? (h << k) | (h >> (64 - k)) : h;
}

static inline uint64_t tf_trace_fold(uint64_t h, const void *p, uint64_t nwords)
{
    const unsigned char *b = (const unsigned char *)p;
    uint64_t i = 0;
    /* The same value four words at a time, in four independent chains (the
     * one chain's rotate-xor latency was the writer's cost per packed
     * word): after n words h is rotl(h, n) ^ the xor over i of
     * rotl(w_i, n-1-i), and word 4m+j of n = 4M takes its rotation
     * 4(M-1-m) in chain j and the last 3-j when the chains are joined. */
    if (nwords >= 8) {
        uint64_t c0 = 0, c1 = 0, c2 = 0, c3 = 0, n4 = nwords & ~(uint64_t)3;
        for (; i < n4; i += 4) {
            uint64_t w[4];
            __builtin_memcpy(w, b + 8 * i, 32);
            c0 = ((c0 << 4) | (c0 >> 60)) ^ w[0];
            c1 = ((c1 << 4) | (c1 >> 60)) ^ w[1];
            c2 = ((c2 << 4) | (c2 >> 60)) ^ w[2];
            c3 = ((c3 << 4) | (c3 >> 60)) ^ w[3];
        }
        h = tf_trace_rotl(h, (unsigned)(n4 & 63)) ^ tf_trace_rotl(c0, 3) ^ tf_trace_rotl(c1, 2) ^
            tf_trace_rotl(c2, 1) ^ c3;
    }
    for (; i < nwords; i++) {
        uint64_t w;
        __builtin_memcpy(&w, b + 8 * i, 8);
        h = tf_trace_rotl(h, 1) ^ w;
    }
    return h;
}

static inline uint32_t tf_trace_checksum(const void *payload, uint64_t nwords)
{
    uint64_t h = tf_trace_fold(0x9e3779b97f4a7c15ull, payload, nwords);
    return (uint32_t)(h ^ (h >> 32));
}

/* The check of a chunk header: its first 48 bytes (with the payload's
 * checksum, so header and payload are both covered) and `reserved`. */
static inline uint32_t tf_trace_head_check(const tf_chunk_header *c)
{
    uint64_t h = tf_trace_fold(0x243f6a8885a308d3ull, c, TF_CHUNK_HEADER_V2 / 8);
    h = ((h << 1) | (h >> 63)) ^ c->reserved;
    return (uint32_t)(h ^ (h >> 32));
}

/* Fill in a chunk header's checksums for its payload. */
static inline void tf_trace_seal(tf_chunk_header *c, const void *payload)
{
    c->checksum = tf_trace_checksum(payload, c->payload_bytes / 8);
    c->reserved = 0;
    c->head_check = tf_trace_head_check(c);
}

/* Unsigned LEB128 varints (PACKED payloads, DEVICE_PERF version 2): 7
 * bits a byte, low first, the top bit set on all but the last byte; at
 * most 10 bytes. get: NULL when the varint runs past `end` (or past 10
 * bytes). */
static inline uint8_t *tf_trace_put_varint(uint8_t *o, uint64_t v)
{
    while (v >= 0x80) {
        *o++ = (uint8_t)(v | 0x80);
        v >>= 7;
    }
    *o++ = (uint8_t)v;
    return o;
}

static inline const uint8_t *tf_trace_get_varint(const uint8_t *p, const uint8_t *end, uint64_t *v)
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
    return 0;
}

/* Zigzag: a signed value as an unsigned one whose magnitude keeps it
 * short as a varint (0, -1, 1, -2 .. as 0, 1, 2, 3 ..): PACKED deltas and
 * DEVICE_PERF version 2's window stamps. */
static inline uint64_t tf_trace_zigzag(int64_t d)
{
    return ((uint64_t)d << 1) ^ (uint64_t)(d >> 63);
}

static inline int64_t tf_trace_unzigzag(uint64_t z)
{
    return (int64_t)((z >> 1) ^ (0 - (z & 1)));
}

#endif
