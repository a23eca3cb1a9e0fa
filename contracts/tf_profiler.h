/* The device profiler's L1 layout and marker encoding, shared by the
 * firmware, kernels (kernel_profiler.h) and the host readback
 * (src/devprof.c). See docs/profiling.md, "Device profiler".
 *
 *   TF_L1_PROFILER:  control vector (tf_dprof_ctl, 256 bytes)
 *   then, per RISC:  TF_DPROF_WORDS 32-bit words of markers
 *
 * A marker is two words, as in tt-metal:
 *   word 0: [31] valid, [30:28] packet type, [27:12] zone id, [11:0] cycle[43:32]
 *   word 1: cycle[31:0]
 * START and END are just that; SUM, DATA, EVENT and VALIDATE markers carry
 * a 64-bit payload in two more words (16 bytes in all, TF_DPROF_SIZE):
 *   SUM      (DeviceZoneScopedSumN1/N2, written by the firmware after the
 *            kernel: one per slot and dispatch) word 2 = total cycles[31:0],
 *            word 3 = [31:12] number of scope exits (saturating), [11:0]
 *            total cycles[43:32]
 *   DATA     (DeviceTimestampedData) words 2-3 = the 64-bit value
 *   EVENT    (DeviceRecordEvent) word 2 = the event id
 *   VALIDATE (DeviceValidateProfiler) word 2 = the condition (0 or 1); 0
 *            also sets the RISC's `invalid` and the host then discards that
 *            RISC's markers of the dispatch
 * The zone id is the address of the zone's anchor, a never-loaded symbol
 * the linker places at TF_ZONE_ID_BASE + id * 4096 (firmware ids 0..32767,
 * kernel ids 32768..65535), so that word 0 of a START marker is the
 * anchor's address (one `lui`) or'ed with the cycle bits. */
#ifndef TF_PROFILER_H
#define TF_PROFILER_H

#include "tf_memmap.h"
#include <stdint.h>

#define TF_DPROF_WORDS    512 /* per RISC */
#define TF_DPROF_CTL      TF_L1_PROFILER
#define TF_DPROF_CTL_SIZE 0x200
#define TF_DPROF_BUF(r)   (TF_L1_PROFILER + TF_DPROF_CTL_SIZE + (r)*TF_DPROF_WORDS * 4)
#define TF_DPROF_MAGIC    0x50465450u /* "PTFP" */
#define TF_DPROF_VERSION  2u

/* Packet types (word 0 bits [30:28]). */
#define TF_DPROF_START    0u
#define TF_DPROF_END      1u
#define TF_DPROF_SUM      2u
#define TF_DPROF_DATA     3u
#define TF_DPROF_EVENT    4u
#define TF_DPROF_VALIDATE 5u
/* Bytes of a marker of packet type t. */
#define TF_DPROF_SIZE(t) ((t) <= TF_DPROF_END ? 8u : 16u)

/* Accumulating zones: DeviceZoneScopedSumN1 uses slot 0, ...N2 slot 1 (as
 * tt-metal). A slot belongs to the first call site that uses it in a
 * dispatch, which reserves its SUM marker's 16 bytes then; TF_DPROF_SUM_FULL
 * marks a slot whose marker did not fit (counted once in `dropped`); a
 * second call site on a taken slot counts in `dropped` at every exit. */
#define TF_DPROF_SUM_SLOTS 2
#define TF_DPROF_SUM_FULL  0xffffffffu
/* A SUM marker's scope-exit count (word 3 [31:12]) stops here: a count of
 * it means at least that many (the total cycles stay exact; the report
 * says which zones reached it) */
#define TF_DPROF_SUM_COUNT_MAX 0xfffffu
typedef struct tf_dprof_sum {
    uint32_t hdr; /* the call site's SUM header, 0 = unused */
    uint32_t count;
    uint32_t total_lo, total_hi;
} tf_dprof_sum;

#define TF_ZONE_ID_BASE   0x80000000u
#define TF_ZONE_ID_KERNEL 0x8000u /* kernel ids start here */
#define TF_DPROF_VALID    0x80000000u

/* Word 0's fields: where they sit, and how to read and write them. */
#define TF_DPROF_TYPE_SHIFT    28
#define TF_DPROF_TYPE_MASK     7u
#define TF_DPROF_ID_SHIFT      12
#define TF_DPROF_ID_MASK       0xffffu
#define TF_DPROF_CYCLE_HI_MASK 0xfffu /* cycle[43:32] */
#define TF_DPROF_TYPE(w)       (((w) >> TF_DPROF_TYPE_SHIFT) & TF_DPROF_TYPE_MASK)
#define TF_DPROF_ZONE_ID(w)    (((w) >> TF_DPROF_ID_SHIFT) & TF_DPROF_ID_MASK)
#define TF_DPROF_CYCLE_HI(w)   ((w)&TF_DPROF_CYCLE_HI_MASK)
/* The type field of packet type t, to add to a START header. */
#define TF_DPROF_TYPE_BITS(t) ((uint32_t)(t) << TF_DPROF_TYPE_SHIFT)
/* A marker's bytes; a zone (START + END) takes two. */
#define TF_DPROF_MARKER_BYTES 8
#define TF_DPROF_ZONE_BYTES   (2 * TF_DPROF_MARKER_BYTES)

/* Per-RISC bookkeeping, reset by the firmware at every GO. A zone's START
 * takes 16 bytes of `free` (its END's 8 are reserved then), so a START is
 * only written if its END fits: a zone is never split. A START that does
 * not fit is not written and counts in `dropped`. */
typedef struct tf_dprof_risc_ctl {
    uint32_t cur;     /* L1 address of the next marker */
    int32_t free;     /* bytes left for STARTs (END space already reserved) */
    uint32_t dropped; /* zones not recorded in this dispatch */
    uint32_t dispatch_id;
    uint32_t invalid; /* VALIDATE header of a DeviceValidateProfiler(false), else 0 */
    uint32_t reserved;
    tf_dprof_sum sum[TF_DPROF_SUM_SLOTS];
} tf_dprof_risc_ctl;

typedef struct tf_dprof_ctl {
    uint32_t magic;   /* TF_DPROF_MAGIC once the firmware set it up */
    uint32_t version; /* TF_DPROF_VERSION */
    uint32_t bitmask; /* PROFILE_KERNEL the firmware was built with */
    uint32_t reserved;
    tf_dprof_risc_ctl risc[TF_NUM_RISCS];
} tf_dprof_ctl;

_Static_assert(sizeof(tf_dprof_ctl) <= TF_DPROF_CTL_SIZE, "profiler control fits");
_Static_assert(TF_DPROF_BUF(TF_NUM_RISCS) <= TF_L1_PROFILER + TF_L1_PROFILER_SIZE,
               "profiler buffers fit");

/* Zone metadata, one record per call site in the unloaded `.tt_foil_zones`
 * section of the ELF: the anchor (whose address is the id), the line, the
 * record's size, then "name\0file\0". */
typedef struct tf_zone_meta {
    uint32_t anchor;
    uint32_t line;
    uint32_t size;
    char text[];
} tf_zone_meta;

#endif
