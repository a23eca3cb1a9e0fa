/* The chip's hardware counters (docs/chip.md "Counters", docs/profiling.md
 * "The ops report"): what every RISC, the tile engine, the NOC ports and
 * the DRAM banks did during one dispatch on one core. Shared by the
 * simulator (sim/: it counts), the transport (tt_foil/transport.h:
 * perf_counters fills a tf_perf_core), the runtime (src/perf.c: one
 * DEVICE_PERF trace record per core and dispatch) and the report tool
 * (tools/profile/ops.c).
 *
 * Window: a core's counters are zeroed when a GO lands in its mailbox; each
 * RISC's window opens then (`start`) and closes when that RISC stores its
 * done_id (`end`, after the store). Within it every cycle is one of: an
 * instruction retired (`instret`, one cycle each), a tile-engine operation
 * the TRISC is busy with (`tile`), or a wait of one of TF_PERF_WAITS:
 *     end - start == instret + tile + sum(wait[])     (exactly)
 * and wait[CB_FRONT] / wait[CB_BACK] are split by CB id in cb_front[] /
 * cb_back[]. Counting costs no modeled cycle. */
#ifndef TF_PERF_H
#define TF_PERF_H

#include "tf_memmap.h"

#include <stddef.h>
#include <stdint.h>

/* X(NAME, label, what the RISC waited for) */
// clang-format off
#define TF_PERF_WAITS(X)                                                                           \
    X(CB_FRONT,   "cb",         "pages at a circular buffer's front (cb_wait_front): by CB id")    \
    X(CB_BACK,    "cb space",   "free pages at a circular buffer's back (cb_reserve_back): by CB id") \
    X(SEM,        "semaphore",  "a semaphore word (noc_semaphore_wait and friends)")               \
    X(L1_WORD,    "l1 word",    "another L1 word (dev_wait_ge / dev_wait_eq elsewhere)")           \
    X(NOC_READ,   "noc read",   "noc_async_read_barrier")                                          \
    X(NOC_WRITE,  "noc write",  "noc_async_write_barrier")                                         \
    X(NOC_ATOMIC, "noc atomic", "noc_async_atomic_barrier")                                        \
    X(NOC_FLUSH,  "noc flush",  "noc_async_writes_flushed")                                        \
    X(TILE_SRC,   "tile src",   "unpack: a free source register bank; math: an unpacked operand")  \
    X(TILE_DEST,  "dest",       "math: a free DEST half (tile_regs_acquire); pack: a committed "   \
                                "one (tile_regs_wait)")                                            \
    X(IDLE,       "idle",       "asleep in wfi: BRISC collecting the other RISCs, a RISC with no " \
                                "kernel")                                                          \
    X(TRAP,       "trap",       "the cycle of each trapping instruction (it does not retire)")     \
    X(OTHER,      "other",      "clock moves no cause claimed (0: a model gap if not)")
// clang-format on
#define TF_PERF_WAIT_ENUM(name, label, doc) TF_PERF_WAIT_##name,
enum tf_perf_wait { TF_PERF_WAITS(TF_PERF_WAIT_ENUM) TF_PERF_NUM_WAITS };
#undef TF_PERF_WAIT_ENUM

/* Tile engine units: X(NAME, label) */
#define TF_PERF_UNITS(X)               X(UNPACK, "unpack") X(FPU, "math fpu") X(SFPU, "sfpu") X(PACK, "pack")
#define TF_PERF_UNIT_ENUM(name, label) TF_PERF_UNIT_##name,
enum tf_perf_unit { TF_PERF_UNITS(TF_PERF_UNIT_ENUM) TF_PERF_NUM_UNITS };
#undef TF_PERF_UNIT_ENUM

/* FLOPs by op kind: X(NAME, label, FLOPs per tile op). A multiply-add is
 * two FLOPs; data movement (copy, transpose, tilize, pack) counts none. */
// clang-format off
#define TF_PERF_FLOP_KINDS(X)                                                                      \
    X(MATMUL,  "matmul",  65536) /* 32x32x32 multiply-adds */                                      \
    X(ELTWISE, "eltwise", 1024)  /* add, sub or mul of 32x32 values (any broadcast) */             \
    X(REDUCE,  "reduce",  2048)  /* each value times the scaler, then combined */                  \
    X(BIAS,    "bias",    1024)  /* tt-foil's BIAS, REDUCE_COLS/ROWS: one add per value */          \
    X(SFPU,    "sfpu",    1024)  /* one vector op per value, whatever it computes (SFPI: a value stored) */
// clang-format on
#define TF_PERF_FLOP_ENUM(name, label, flops) TF_PERF_FLOP_##name,
enum tf_perf_flop { TF_PERF_FLOP_KINDS(TF_PERF_FLOP_ENUM) TF_PERF_NUM_FLOPS };
#undef TF_PERF_FLOP_ENUM

#define TF_PERF_MAX_BANKS 64 /* the simulator has at most 62 */

/* One RISC's window. */
typedef struct tf_perf_risc {
    uint64_t start, end; /* cycles; end 0: the window did not close (no done) */
    uint64_t instret;    /* instructions retired */
    uint64_t tile;       /* cycles busy in its tile-engine operations (TRISCs) */
    uint64_t wait[TF_PERF_NUM_WAITS];
    uint64_t cb_front[TF_MAX_CBS], cb_back[TF_MAX_CBS]; /* wait cycles by CB id */
    uint64_t noc_rd[TF_NUM_NOCS], noc_wr[TF_NUM_NOCS];  /* bytes it issued, by NOC */
    uint64_t mcast;   /* bytes its multicasts delivered (length x destinations; an atomic
                         increment's 4) */
    uint64_t atomics; /* atomic increments it issued */
} tf_perf_risc;

/* One core's counters of one dispatch. */
typedef struct tf_perf_core {
    uint64_t valid;    /* bit r: RISC r's window opened */
    uint64_t fidelity; /* the math kernel's fidelity phases (1 LoFi .. 4 HiFi4); 0: simple mode
                          (plain C kernels: exact products at HiFi4's cost) */
    tf_perf_risc risc[TF_NUM_RISCS];
    uint64_t unit_busy[TF_PERF_NUM_UNITS];
    uint64_t flops[TF_PERF_NUM_FLOPS];
    uint64_t tiles[TF_PERF_NUM_FLOPS]; /* tile ops of each kind (one over some faces: one op;
                                          its flops are their share) */
    /* DRAM traffic this core issued, by bank: bytes and the cycles it kept the bank busy */
    uint64_t dram_rd[TF_PERF_MAX_BANKS], dram_wr[TF_PERF_MAX_BANKS];
    uint64_t dram_busy[TF_PERF_MAX_BANKS];
} tf_perf_core;

/* ---- the DEVICE_PERF trace record: the non-zero counters; a reader applies
 * them as (key, value) pairs --------------------------------------------- */

/* X(field, scope, count): every uint64 field of tf_perf_core, in order;
 * scope R: one per RISC (tf_perf_risc), C: the core's. A key is field
 * number | RISC << 8 (TF_PERF_CORE for the core's) | index << 16. */
#define TF_PERF_CORE 0xff
// clang-format off
#define TF_PERF_FIELDS(X)                                                                          \
    X(valid, C, 1) X(fidelity, C, 1)                                                               \
    X(start, R, 1) X(end, R, 1) X(instret, R, 1) X(tile, R, 1)                                     \
    X(wait, R, TF_PERF_NUM_WAITS) X(cb_front, R, TF_MAX_CBS) X(cb_back, R, TF_MAX_CBS)            \
    X(noc_rd, R, TF_NUM_NOCS) X(noc_wr, R, TF_NUM_NOCS) X(mcast, R, 1) X(atomics, R, 1)           \
    X(unit_busy, C, TF_PERF_NUM_UNITS) X(flops, C, TF_PERF_NUM_FLOPS) X(tiles, C, TF_PERF_NUM_FLOPS) \
    X(dram_rd, C, TF_PERF_MAX_BANKS) X(dram_wr, C, TF_PERF_MAX_BANKS)                              \
    X(dram_busy, C, TF_PERF_MAX_BANKS)
// clang-format on
#define TF_PERF_FIELD_ENUM(f, scope, count) TF_PERF_F_##f,
enum tf_perf_field { TF_PERF_FIELDS(TF_PERF_FIELD_ENUM) TF_PERF_NUM_FIELDS };
#undef TF_PERF_FIELD_ENUM

#define TF_PERF_KEY(field, risc, idx)                                                              \
    ((uint64_t)(field) | (uint64_t)(risc) << 8 | (uint64_t)(idx) << 16)

/* DEVICE_PERF record versions. 1: a 56-byte tf_dev_perf header (the
 * chip's figures in every record), then npairs x (key, value) uint64s; a
 * core's pairs may take several records (part 0, 1, ..: each at most
 * TF_PERF_RECORD_PAIRS). Still read. 2 (written): a tf_dev_perf2 header,
 * then varints (unsigned LEB128): the DEVICE_CHIP definition id that holds
 * the chip's figures, the record's base cycle, then per non-zero word of
 * tf_perf_core (tf_perf_core's words in order, TF_PERF_WORDS of them) the
 * word's index minus the previous one's (the first: index + 1; 0 ends the
 * record, zero padding follows) and its value; a window stamp (start, end:
 * tf_perf_stamp_word) as zigzag(value - base). The host ns of the readback
 * is the record's own time stamp. At most TF_TEXT_MAX bytes a record: a
 * core's words may take parts 0, 1, .. 3 (a repeat, written when a
 * dispatch's counters are those of one of its core's last records in full,
 * window stamps relative to the base: a dispatch-bound loop's, or a
 * network's layers taking turns on its cores): a tf_dev_perf2 header
 * (part 0), then varints: the DEVICE_CHIP id, the base cycle, and the
 * dispatch whose version-2 record it repeats. That record is one of the
 * last TF_PERF_REPEAT_REFS records of version 2 that the same thread wrote
 * for the same core and chip (a record in parts counts as one of them),
 * and it was whole in part 0; the repeat's words are its words, the window
 * stamps moved by (this base - its base). A reader that does not hold that
 * record (a chunk lost) counts the repeat and leaves it out. */
#define TF_PERF_RECORD_V1      1
#define TF_PERF_RECORD_VERSION 2
#define TF_PERF_RECORD_REPEAT  3
#define TF_PERF_REPEAT_REFS    8

/* The figures a reader sees with each record (version 1 carries them; 2
 * takes them from its DEVICE_CHIP definition and its own time stamp). */
#define TF_PERF_RECORD_PAIRS 240
typedef struct tf_dev_perf {
    uint32_t dispatch;
    uint8_t x, y, version, part;
    uint8_t grid_x, grid_y, dram_banks, reserved;
    uint32_t clock_mhz;
    uint64_t host_ns; /* host monotonic ns of the readback */
    uint32_t npairs;
    uint32_t dram_bytes_per_cycle, noc_bytes_per_cycle; /* per bank, per NOC port */
    uint32_t matmul_cycles[5]; /* a matmul tile op, by fidelity phases (0: simple mode) */
} tf_dev_perf;
#ifdef __cplusplus
static_assert(sizeof(tf_dev_perf) == 56, "DEVICE_PERF header layout");
#else
_Static_assert(sizeof(tf_dev_perf) == 56, "DEVICE_PERF header layout");
#endif

/* Version 2's header: the first 8 bytes of version 1's (version at byte 6
 * tells them apart). */
typedef struct tf_dev_perf2 {
    uint32_t dispatch;
    uint8_t x, y, version, part;
} tf_dev_perf2;

/* Version 2's word indices are tf_perf_core's words: changing the struct
 * changes the record (a new version, and a reader that keeps this one). */
#define TF_PERF_WORDS (sizeof(tf_perf_core) / 8)
#ifdef __cplusplus
static_assert(sizeof(tf_perf_core) == 643 * 8, "tf_perf_core is DEVICE_PERF version 2's words");
#else
_Static_assert(sizeof(tf_perf_core) == 643 * 8, "tf_perf_core is DEVICE_PERF version 2's words");
#endif

/* Words of a bitmap of tf_perf_core's words (bit w % 64 of [w / 64] is
 * word w): the non-zero ones (tf_transport_ops.perf_counters_sparse). */
#define TF_PERF_NZ_WORDS ((TF_PERF_WORDS + 63) / 64)

/* 1 if word w of tf_perf_core is a RISC's window stamp (start or end). */
static inline int tf_perf_stamp_word(unsigned w)
{
    const unsigned r0 = (unsigned)(offsetof(tf_perf_core, risc) / 8);
    const unsigned rw = (unsigned)(sizeof(tf_perf_risc) / 8);
    if (w < r0 || w >= r0 + TF_NUM_RISCS * rw) return 0;
    unsigned k = (w - r0) % rw;
    return k == offsetof(tf_perf_risc, start) / 8 || k == offsetof(tf_perf_risc, end) / 8;
}

/* The chip's figures of DEVICE_CHIP definitions (tf_trace_records.h): the
 * definition's `line` is the clock in MHz, its first string these whole
 * numbers in decimal, space-separated, in this order; then (trace version
 * 6 on) the device's number in its process, 1 to 255: each device of a
 * process has a definition of its own, so its records name their device
 * (a definition without it, as before: device 1). */
#define TF_PERF_CHIP_FIGURES                                                                       \
    10 /* grid x, grid y, DRAM banks, DRAM bytes per cycle per bank,                               \
          NOC bytes per cycle per port, matmul cycles at fidelity 0-4 */

/* Field f's element i of RISC r (scope R) or of the core (C). */
#define TF_PERF_RISCS_R          TF_NUM_RISCS
#define TF_PERF_RISCS_C          1
#define TF_PERF_ID_R(r)          (r)
#define TF_PERF_ID_C(r)          TF_PERF_CORE
#define TF_PERF_AT_R(c, f, r, i) (((uint64_t *)&(c)->risc[r].f)[i])
#define TF_PERF_AT_C(c, f, r, i) (((uint64_t *)&(c)->f)[i])

/* Encode the non-zero fields of *c as (key, value) pairs into out (room for
 * cap pairs); returns the pairs needed (more than cap: out holds the first cap). */
static inline uint32_t tf_perf_encode(const tf_perf_core *c, uint64_t *out, uint32_t cap)
{
    uint32_t n = 0;
    tf_perf_core *cc = (tf_perf_core *)c;
#define TF_PERF_ENCODE_ONE(f, scope, count)                                                        \
    for (int r = 0; r < TF_PERF_RISCS_##scope; r++)                                                \
        for (int i = 0; i < (int)(count); i++) {                                                   \
            uint64_t v = TF_PERF_AT_##scope(cc, f, r, i);                                          \
            if (!v) continue;                                                                      \
            if (n < cap) {                                                                         \
                out[2 * n] = TF_PERF_KEY(TF_PERF_F_##f, TF_PERF_ID_##scope(r), i);                 \
                out[2 * n + 1] = v;                                                                \
            }                                                                                      \
            n++;                                                                                   \
        }
    TF_PERF_FIELDS(TF_PERF_ENCODE_ONE)
#undef TF_PERF_ENCODE_ONE
    return n;
}

/* Decode one pair into *c; 0, or -1 for a key the table does not have. */
static inline int tf_perf_decode(tf_perf_core *c, uint64_t key, uint64_t value)
{
    unsigned field = (unsigned)(key & 0xff), risc = (unsigned)((key >> 8) & 0xff);
    uint64_t idx = key >> 16;
    switch (field) {
#define TF_PERF_DECODE_CASE(f, scope, count)                                                       \
    case TF_PERF_F_##f:                                                                            \
        if (idx >= (uint64_t)(count) ||                                                            \
            (TF_PERF_RISCS_##scope == 1 ? risc != TF_PERF_CORE : risc >= TF_NUM_RISCS))            \
            return -1;                                                                             \
        TF_PERF_AT_##scope(c, f, risc % TF_NUM_RISCS, idx) = value;                                \
        return 0;
        TF_PERF_FIELDS(TF_PERF_DECODE_CASE)
#undef TF_PERF_DECODE_CASE
    default: return -1;
    }
}

/* Cycles of RISC r's window (0 if it did not open and close). */
static inline uint64_t tf_perf_cycles(const tf_perf_core *c, int r)
{
    const tf_perf_risc *p = &c->risc[r];
    return (c->valid >> r & 1) && p->end > p->start ? p->end - p->start : 0;
}

#endif
