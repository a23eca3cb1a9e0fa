/* The host profiler's trace file format (docs/trace-format.md), shared by
 * the recorder (recorder.c) and the reader library (reader.c).
 *
 *   file   := header chunk*
 *   header := TF_TRACE_MAGIC, version, flags, pid, start tsc/ns, program
 *   chunk  := chunk header (48 bytes) + payload (payload_bytes)
 *
 * Every chunk is written with a single write(); a chunk cut short by a
 * crash or a full disk is detected (size, checksum) and left out. */
#ifndef TF_TRACE_FORMAT_H
#define TF_TRACE_FORMAT_H

#include <stdint.h>

#define TF_TRACE_MAGIC   "TFTRACE1"
#define TF_TRACE_VERSION 1u

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

enum tf_chunk_kind {
    TF_CHUNK_EVENTS = 1,  /* one thread's records, as 64-bit words */
    TF_CHUNK_DEFS = 2,    /* definitions: source locations, names, threads */
    TF_CHUNK_TRAILER = 3, /* written at a normal exit: counts */
    TF_CHUNK_PACKED = 4,  /* one thread's records, packed (see below) */
};

typedef struct tf_chunk_header {
    uint32_t magic;
    uint32_t kind;
    uint32_t thread;          /* recorder's thread number (events) */
    uint32_t payload_bytes;   /* multiple of 8 */
    uint64_t tsc_base;        /* record timestamps are deltas from this */
    uint64_t cal_tsc, cal_ns; /* calibration point taken when written */
    uint32_t seq;             /* chunk number in the file */
    uint32_t checksum;        /* tf_trace_checksum() of the payload */
} tf_chunk_header;

_Static_assert(sizeof(tf_chunk_header) == 48, "chunk header layout");
_Static_assert(sizeof(tf_trace_header) == 104, "trace header layout");

/* Event records: 64-bit words, [63:59] type, [58:40] arg, [39:0] timestamp
 * delta from the chunk's tsc_base. Some types are followed by payload
 * words. */
#define TF_REC_TYPE(w)  ((unsigned)((w) >> 59))
#define TF_REC_ARG(w)   ((uint32_t)(((w) >> 40) & 0x7ffff))
#define TF_REC_DELTA(w) ((w)&0xffffffffffull)
#define TF_REC(type, arg, delta)                                                                   \
    (((uint64_t)(type) << 59) | ((uint64_t)(arg) << 40) | ((uint64_t)(delta)&0xffffffffffull))
#define TF_REC_MAX_ARG   0x7ffffu
#define TF_REC_MAX_DELTA 0xffffffffffull

enum tf_rec_type {
    TF_R_ZONE_BEGIN = 1, /* arg = location id */
    TF_R_ZONE_END = 2,   /* arg = location id of the zone it ends */
    TF_R_ZONE_TEXT = 3,  /* arg = byte length; text follows, padded to 8 */
    TF_R_FRAME = 4,      /* frame mark */
    TF_R_ALLOC = 5,      /* arg = pool id; + ptr, size, where */
    TF_R_FREE = 6,       /* arg = pool id; + ptr, where */
    TF_R_RESET = 7,      /* arg = pool id; + where */
    TF_R_DEVZONE = 8,    /* arg = device zone name id; + start cycle, end cycle, where */
};

/* PACKED payload: the same records, byte-packed by the writer thread. Per
 * record: varint(type | arg << 5), varint(zigzag(delta - previous delta)),
 * then its payload words as varints (ZONE_TEXT: its `arg` raw bytes). The
 * first record's previous delta is 0; a 0 byte where a record would start
 * ends the payload (the rest is padding to 8 bytes). Varints are LEB128. */

/* `where` words: core coordinates of a per-core pool (or device zone),
 * x | y << 8 | valid << 16, and for device zones the RISC << 24. */
#define TF_WHERE(x, y)                                                                             \
    ((uint64_t)((unsigned)(x)&0xff) | ((uint64_t)((unsigned)(y)&0xff) << 8) | (1ull << 16))
#define TF_WHERE_NONE 0ull

/* DEFS payload: a sequence of definition records, each
 *   uint32 kind, uint32 id, uint32 line, uint32 nbytes, then nbytes of
 *   NUL-separated strings, padded to 8. */
enum tf_def_kind {
    TF_DEF_LOCATION = 1, /* strings: name, function, file */
    TF_DEF_POOL = 2,     /* strings: pool base name */
    TF_DEF_THREAD = 3,   /* id = thread number, line = OS tid; strings: name */
    TF_DEF_DEVZONE = 4,  /* strings: name, file (line = line, id = name id) */
    TF_DEF_CAPACITY = 5, /* strings: pool base name, capacity in bytes (decimal) */
};

/* TRAILER payload */
typedef struct tf_trace_trailer {
    uint64_t records;         /* records written */
    uint64_t lost_records;    /* records that could not be written */
    uint64_t lost_chunks;     /* failed writes */
    uint64_t truncated_texts; /* zone texts cut to TF_TEXT_MAX */
    uint64_t late_records;    /* records made after the trace was closed */
    uint64_t end_tsc, end_ns; /* last calibration point */
} tf_trace_trailer;

#define TF_TEXT_MAX 4096

/* A cheap checksum over the payload's 64-bit words (rotate-xor), enough to
 * tell a chunk cut short or overwritten from a good one. */
static inline uint32_t tf_trace_checksum(const uint64_t *w, uint64_t nwords)
{
    uint64_t h = 0x9e3779b97f4a7c15ull;
    for (uint64_t i = 0; i < nwords; i++) h = ((h << 1) | (h >> 63)) ^ w[i];
    return (uint32_t)(h ^ (h >> 32));
}

#endif
