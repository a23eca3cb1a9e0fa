/* The host trace's record and definition tables: the one source of every
 * record type code, payload size and definition kind. The recorder's fast
 * path (tt_foil/prof_record.h), the packer and the reader (src/prof/) and
 * docs/trace-format.md (checked by tf_trace_doc) are all generated from
 * these tables: adding a record type is one line in TF_TRACE_RECORDS.
 *
 * Kept to macros and enums so that C and C++ programs can include it (it
 * reaches every instrumented program through tt_foil/prof_record.h). */
#ifndef TF_TRACE_RECORDS_H
#define TF_TRACE_RECORDS_H

#include <stdint.h>

/* Payload of a record whose text follows it: `arg` bytes padded to 8. */
#define TF_REC_TEXT (-1)
/* The longest zone text (longer ones are cut and counted). */
#define TF_TEXT_MAX 4096

/* X(name, code, payload words (or TF_REC_TEXT), argument, payload) */
// clang-format off
#define TF_TRACE_RECORDS(X)                                                                        \
    X(ZONE_BEGIN, 1, 0, "location id", "")                                                         \
    X(ZONE_END,   2, 0, "location id of the zone it ends", "")                                     \
    X(ZONE_TEXT,  3, TF_REC_TEXT, "byte length (at most TF_TEXT_MAX)",                                    \
      "the text, padded to 8 bytes; attaches to the innermost open zone")                          \
    X(FRAME,      4, 0, "", "")                                                                    \
    X(ALLOC,      5, 2, "pool id", "ptr, size")                                                    \
    X(FREE,       6, 1, "pool id", "ptr")                                                          \
    X(RESET,      7, 0, "pool id", "")                                                             \
    X(TRACK_ZONE, 8, 3, "zone name id", "track id, start ns, end ns (host monotonic clock)")    \
    X(DEVICE_BLOCK, 9, TF_REC_TEXT, "byte length",                                                 \
      "one RISC's device markers of one dispatch: a tf_dev_block header, then the raw marker "    \
      "words as the RISC wrote them (contracts/tf_profiler.h)")                                    \
    X(DEVICE_PC, 10, TF_REC_TEXT, "byte length",                                                   \
      "where a RISC stood after a timeout, fault, interrupt or stall: a tf_dev_pc header, then "         \
      "`function (file:line)` or what ran there")                                                \
    X(DEVICE_PERF, 11, TF_REC_TEXT, "byte length",                                                 \
      "one core's hardware counters of one dispatch (contracts/tf_perf.h): a tf_dev_perf2 header " \
      "(version 2), then varints: the DEVICE_CHIP id, a base cycle, then (word index step, "      \
      "value) per non-zero counter; version 3 (a repeat): the same header, then varints: the "     \
      "DEVICE_CHIP id, a base cycle, the dispatch whose record it repeats; version 1 (still "      \
      "read): a tf_dev_perf header, then (key, value) uint64 pairs")                               \
    X(ALLOC_SET, 12, TF_REC_TEXT, "byte length",                                                   \
      "allocations made at one time in one pool of 32-bit addresses (the runtime's kernel "        \
      "configuration of a dispatch, in `Kernel config L1 (x,y)`): a u32 pool id, the set's u32 "   \
      "number (0: none), then (u32 ptr, u32 size) per allocation; read as one ALLOC each, in "     \
      "order, at its time")                                                                        \
    X(FREE_SET, 13, TF_REC_TEXT, "byte length",                                                    \
      "frees made at one time in one pool of 32-bit addresses: a u32 pool id, the set's u32 "     \
      "number (0: none), then a u32 ptr per free; read as one FREE each, in order, at its time")   \
    X(ZONE_SEQ, 14, TF_REC_TEXT, "byte length",                                                    \
      "zone begins, ends, texts and frame marks of one thread made together (the runtime's "      \
      "dispatch stages), stamped at the last one's time: varints (unsigned LEB128), the time "    \
      "from the first to the last, then per event `kind | arg << 2` and its time minus the one "  \
      "before (the first: 0); kind 0 ZONE_BEGIN, 1 ZONE_END of location `arg`, 2 ZONE_TEXT of "   \
      "`arg` bytes (they follow), 3 FRAME; read as those records, in order, at their times")      \
    X(MEM_REPEAT, 15, 1, "pool id",                                                                \
      "the number of one of the thread's last TF_MEM_REPEAT_REFS (8) ALLOC_SETs, or of its last "  \
      "8 FREE_SETs, in the pool, which this set repeats item for item; read as that set's "       \
      "events, in order, at its own time")
// clang-format on

enum tf_rec_type {
#define TF_REC_ENUM(name, code, words, arg, payload) TF_R_##name = code,
    TF_TRACE_RECORDS(TF_REC_ENUM)
#undef TF_REC_ENUM
        TF_R_LIMIT = 32 /* the type field has 5 bits */
};

/* Payload words of each fixed-size record type, by name. */
enum tf_rec_words {
#define TF_REC_WORDS_ENUM(name, code, words, arg, payload) TF_RW_##name = words,
    TF_TRACE_RECORDS(TF_REC_WORDS_ENUM)
#undef TF_REC_WORDS_ENUM
};

/* Event records: 64-bit words, [63:59] type, [58:40] arg, [39:0] timestamp
 * delta from the chunk's tsc_base, then the record's payload words. */
#define TF_REC_TYPE_SHIFT 59
#define TF_REC_ARG_SHIFT  40
#define TF_REC_MAX_ARG    0x7ffffu
#define TF_REC_MAX_DELTA  0xffffffffffull
#define TF_REC_TYPE(w)    ((unsigned)((w) >> TF_REC_TYPE_SHIFT))
#define TF_REC_ARG(w)     ((uint32_t)(((w) >> TF_REC_ARG_SHIFT) & TF_REC_MAX_ARG))
#define TF_REC_DELTA(w)   ((w)&TF_REC_MAX_DELTA)
#define TF_REC(type, arg, delta)                                                                   \
    (((uint64_t)(type) << TF_REC_TYPE_SHIFT) | ((uint64_t)(arg) << TF_REC_ARG_SHIFT) |             \
     ((uint64_t)(delta)&TF_REC_MAX_DELTA))

/* Words of the record whose header is `head` (header + payload). */
static inline unsigned tf_rec_words(uint64_t head)
{
    switch (TF_REC_TYPE(head)) {
#define TF_REC_CASE(name, code, words, arg, payload)                                               \
    case code: return (words) == TF_REC_TEXT ? 1u + (TF_REC_ARG(head) + 7u) / 8u : 1u + (words);
        TF_TRACE_RECORDS(TF_REC_CASE)
#undef TF_REC_CASE
    default: return 1; /* unknown: the reader counts and skips it */
    }
}

/* 1 if records of `type` carry text (TF_REC_TEXT) rather than words. */
static inline int tf_rec_is_text(unsigned type)
{
    switch (type) {
#define TF_REC_TEXT_CASE(name, code, words, arg, payload)                                          \
    case code: return (words) == TF_REC_TEXT;
        TF_TRACE_RECORDS(TF_REC_TEXT_CASE)
#undef TF_REC_TEXT_CASE
    default: return 0;
    }
}

/* 1 if `type` is a record type of the table. */
static inline int tf_rec_known(unsigned type)
{
    switch (type) {
#define TF_REC_KNOWN_CASE(name, code, words, arg, payload) case code:
        TF_TRACE_RECORDS(TF_REC_KNOWN_CASE)
#undef TF_REC_KNOWN_CASE
        return 1;
    default: return 0;
    }
}

/* ZONE_SEQ's event kinds (the low 2 bits of an event's first varint). */
enum tf_zseq_kind { TF_ZSEQ_BEGIN = 0, TF_ZSEQ_END = 1, TF_ZSEQ_TEXT = 2, TF_ZSEQ_FRAME = 3 };
#define TF_ZSEQ_KIND_BITS 2

/* ALLOC_SET and FREE_SET: the bytes before the items (the u32 pool id and
 * the set's u32 number), and each item's bytes. A set's number is 0 (none:
 * nothing repeats it; traces before MEM_REPEAT) or unique in its process
 * (the writer counts sets, skipping 0): a MEM_REPEAT of pool P names the
 * number of one of the last TF_MEM_REPEAT_REFS sets its thread wrote in P
 * of the type it repeats, and the reader expands it only if that is one of
 * the last sets of P it holds from the thread (else a chunk, or a record,
 * was lost: counted and reported). */
#define TF_MEM_SET_HEAD 8u
/* A MEM_REPEAT names one of the last this many sets of its type that its
 * thread wrote in its pool (a core's kernel configurations of the few
 * programs that take turns on it); before 2026-12-05 the last one only. */
#define TF_MEM_REPEAT_REFS 8u
#define TF_ALLOC_SET_ITEM  8u
#define TF_FREE_SET_ITEM   4u

/* Definition kinds (DEFS chunks): X(name, code, strings, meaning) */
// clang-format off
#define TF_TRACE_DEFS(X)                                                                           \
    X(LOCATION,  1, "name, function, file", "zone source location `id` at `line`")                 \
    X(POOL,      2, "name", "memory pool name `id`, interned by its full text (the runtime "      \
                            "names per-core pools, e.g. `Device L1 (1,0)`)")                       \
    X(THREAD,    3, "name", "thread `id`, OS tid in `line` (a later definition renames)")          \
    X(ZONE_NAME, 4, "name, file", "name `id` of track zones, at `line`")                           \
    X(CAPACITY,  5, "pool name, bytes in decimal", "a memory pool's size (declared by whoever "   \
                                                  "names the pool)")                               \
    X(TRACK,     6, "group, name", "track `id` of track zones (the runtime names them, e.g. "     \
                                   "group `device core (1,0)`, track `BRISC`)")                    \
    X(DEVICE_ZONE, 7, "name, file, image name", "device zone call site `id` (image number << 16 " \
                                   "| zone id) at `line`; the image is a firmware or kernel ELF " \
                                   "of DEVICE_BLOCK's `fw_image`/`kernel_image`")                  \
    X(CLOCK_SYNC, 8, "host ns, cycle, ns per cycle", "the device clock sync (the spec's clock "   \
                                   "sync line); `line` 1: the device clock is the host's "        \
                                   "monotonic clock, 0: free running")                          \
    X(DEVICE_CHIP, 9, "figures", "the chip figures of DEVICE_PERF records naming `id`: the clock " \
                                   "in MHz in `line`; figures: grid x, grid y, DRAM banks, DRAM " \
                                   "bytes per cycle per bank, NOC bytes per cycle per port, "     \
                                   "matmul tile op cycles at fidelity 0-4, then (version 6) "     \
                                   "the device's number in its process, decimal, "                \
                                   "space-separated (contracts/tf_perf.h)")
// clang-format on

enum tf_def_kind {
#define TF_DEF_ENUM(name, code, strings, meaning) TF_DEF_##name = code,
    TF_TRACE_DEFS(TF_DEF_ENUM)
#undef TF_DEF_ENUM
};

/* Every definition carries at most this many strings. */
#define TF_DEF_MAX_STRINGS 3

#endif
