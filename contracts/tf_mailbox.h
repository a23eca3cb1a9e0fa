/* Host <-> firmware protocol in the mailbox at TF_L1_MAILBOX, plus the
 * circular-buffer configuration blocks in the kernel config area. Shared by
 * the runtime (x86-64), the simulator and the firmware (RV32): fixed-width
 * fields only, layout checked at compile time on both sides. */
#ifndef TF_MAILBOX_H
#define TF_MAILBOX_H

#include "tf_memmap.h"
#include <stddef.h>
#include <stdint.h>

/* go.signal values */
#define TF_GO_RESET 0x00u /* send_reset: nothing to run */
#define TF_GO_RUN   0x80u /* fire_go: run dispatch go.dispatch_id */
#define TF_GO_DONE  0xd0u /* written by BRISC when every RISC finished */

/* risc[r].state values */
#define TF_RISC_OFF     0u   /* in reset or not booted */
#define TF_RISC_INIT    1u   /* firmware booted, waiting for GO */
#define TF_RISC_RUNNING 2u   /* running dispatch risc[r].dispatch_id */
#define TF_RISC_FAULT   0xfu /* halted; see fault[r] */

#define TF_FAULT_MAGIC 0x544c4146u /* "FALT" */

/* Why a fault happened beyond mcause (fault record `detail`). */
#define TF_FAULT_DETAIL_NONE       0u
#define TF_FAULT_DETAIL_NOC_BAD_XY 1u /* aux = NOC address: x,y is neither core nor DRAM */
#define TF_FAULT_DETAIL_NOC_RANGE  2u /* aux = NOC address: local range outside that memory */
#define TF_FAULT_DETAIL_NOC_LOCAL  3u /* aux = local L1 address out of range */
#define TF_FAULT_DETAIL_NOC_ATOMIC 4u /* aux = NOC address: atomic on DRAM or misaligned */
#define TF_FAULT_DETAIL_NOC_CMD    5u /* aux = the unknown command */
#define TF_FAULT_DETAIL_MMIO       6u /* aux = the unmapped register address */
#define TF_FAULT_DETAIL_TILE       7u /* aux_lo = tile opcode, aux_hi = TF_TILE_ERR_* */
#define TF_FAULT_DETAIL_PAGE_RANGE 8u /* aux_lo = page id, aux_hi = pages in the buffer */
#define TF_FAULT_DETAIL_NOC_MCAST  9u /* aux = multicast address: rectangle not all Tensix cores */
/* aux_lo = the rectangle (TF_MCAST_RECT), aux_hi = (num_dests given << 16) | cores it reaches */
#define TF_FAULT_DETAIL_NOC_MCAST_DESTS 10u
/* aux_lo = the address stored to, aux_hi = the RISC whose stack guard it is in */
#define TF_FAULT_DETAIL_STACK 11u
/* A cb_push_back / cb_pop_front that moved its pointer past the CB's end
 * (pages pushed or popped in one trip round a CB must add up to its size):
 * aux_lo = TF_CB_WRAP_WHAT(cb, pop, num_pages), aux_hi = (page it started
 * at << 16) | pages pushed or popped. */
#define TF_FAULT_DETAIL_CB_WRAP             12u
#define TF_CB_WRAP_WHAT(cb, pop, num_pages) ((cb) | (pop) << 7 | (num_pages) << 8)
/* get_semaphore of an id past the last (aux_lo = the id, aux_hi =
 * TF_MAX_SEMAPHORES) */
#define TF_FAULT_DETAIL_SEMAPHORE_ID 13u
#define TF_FAULT_DETAIL_NOC_ZERO_LEN 14u /* aux = NOC address of a transfer of 0 bytes */
#define TF_FAULT_DETAIL_WAIT_ADDR    15u /* aux = a wait's L1 address: not an aligned L1 word */
#define TF_FAULT_DETAIL_CB_ID        16u /* aux_lo = a CB id past the last, aux_hi = TF_MAX_CBS */
/* A NOC transfer whose L1 address and remote address differ modulo the
 * NOC's alignment for its kind and target (tf_memmap.h): a read (17) or a
 * write (18) with aux = TF_NOC_ALIGN_AUX(L1 address, remote NOC address),
 * or a multicast write (19) with aux_lo = the L1 address, aux_hi = the
 * address on the rectangle's cores (the rectangle is on the pc's line). */
#define TF_FAULT_DETAIL_NOC_ALIGN_READ  17u
#define TF_FAULT_DETAIL_NOC_ALIGN_WRITE 18u
#define TF_FAULT_DETAIL_NOC_ALIGN_MCAST 19u
/* A stateful NOC transfer (tt-metal's *_with_state) before the *_set_state
 * that gives what it takes from the state: aux_lo = the NOC, aux_hi =
 * TF_NOC_STATE_* (which call it was). */
#define TF_FAULT_DETAIL_NOC_STATE      20u
#define TF_NOC_STATE_READ_ONE_PACKET   1u
#define TF_NOC_STATE_READ              2u
#define TF_NOC_STATE_WRITE_ONE_PACKET  3u
#define TF_NOC_STATE_NOC_WRITE         4u /* Device 2.0's Noc::async_write_with_state */
#define TF_NOC_STATE_READ_DRAM_SHARDED 5u /* noc_async_read_tile_dram_sharded_with_state */
#define TF_NOC_STATE_WRITE_TRID        6u /* noc_async_write_one_packet_with_trid_with_state */
/* A tt-metal feature tt-foil does not model, chosen by a value the kernel
 * computes at run time (so not refused at compile time, as the others
 * are: a kernel that never takes that path runs): aux_lo = its
 * TF_UNMODELED_* number. The table is the one place both sides name it:
 * X(name, number, what it is, what to do instead). */
#define TF_FAULT_DETAIL_UNMODELED 21u
#define TF_UNMODELED_LIST(X)                                                                       \
    X(PARTIAL_SCALER, 1u,                                                                          \
      "compute_kernel_lib::reduce with ReducePartialScaler::with_partial() (a second scaler tile " \
      "with zeros in the last tile's padding lanes: tt-foil's tile engine scales a reduce by the " \
      "scaler tile's first value, so the padding would be summed, not masked)",                    \
      "mask the last tile's padding before the reduce, or give the reduce tile-aligned shapes")    \
    X(PARTIAL_REDUCE_SCALER, 2u,                                                                   \
      "dataflow_kernel_lib::prepare_reduce_scaler / calculate_and_prepare_reduce_scaler with "     \
      "fewer valid elements than the tile's 32 (a scaler tile with zeros in the padding lanes: "   \
      "tt-foil's tile engine scales a reduce by the scaler tile's first value, so the padding "    \
      "would be summed, not masked)",                                                              \
      "mask the last tile's padding before the reduce, or give the reduce tile-aligned shapes")    \
    X(REDUCE_SCALER_FORMAT, 3u,                                                                    \
      "dataflow_kernel_lib::prepare_reduce_scaler / calculate_and_prepare_reduce_scaler into a "   \
      "CB whose format is neither Float16_b nor Float32 (tt-metal refuses it at compile time; "    \
      "tt-foil knows a CB's format only at run time)",                                             \
      "give the scaler CB the format Float16_b or Float32")                                        \
    /* 4: no longer raised (matmul_block's packer_l1_acc with interm = out                         \
     * now accumulates in out with the packer); kept so that the numbers stay */                   \
    X(MATMUL_L1_ACC_ALIAS, 4u,                                                                     \
      "compute_kernel_lib::matmul_block with packer_l1_acc and interm the same CB as out (ttnn's " \
      "zero-copy accumulation in place in out: the matmul_block here sums K blocks by a spill "    \
      "and reload, not the packer's L1 accumulation, and its spilled partials would be pushed "    \
      "to out's reader)",                                                                          \
      "give interm a CB of its own (it may share out's memory), or use one K block")
#define TF_UNMODELED_ENUM(name, num, what, instead) TF_UNMODELED_##name = num,
enum { TF_UNMODELED_LIST(TF_UNMODELED_ENUM) };
#undef TF_UNMODELED_ENUM
/* (22: left free) A kernel's store into L1 that belongs to the firmware
 * or the runtime, which no kernel writes: a store by a RISC whose pc lies
 * outside the firmware images, reaching a byte of one of the regions
 * below, is a store access fault before it lands (the simulator's guard;
 * the firmware's own stores land, and so do NOC writes and the host's,
 * which are not checked: docs/chip.md, "Faults"). The fault's address
 * (mtval) is the store's; aux_lo = the value stored, aux_hi =
 * TF_L1_GUARD_AUX(region, bytes stored, sp below): sp below is 1 when the
 * RISC's stack pointer is below the bottom of its stack and the store at
 * or above it (a frame larger than the stack's guard that skipped it: a
 * stack overflow). The table is the one place both sides name the
 * regions: X(name, number, first byte, bytes, what it is, what it holds).
 * FIRMWARE spans every RISC's image; its name follows the name of the
 * RISC whose image the address is in ("BRISC's firmware"). Regions
 * kernels write (their images, runtime args, CB state, semaphores, the
 * profiler's buffers, L1 buffers) are not here, nor the host-written
 * parts of the kernel configuration that share a 4 KiB page with the CB
 * counters and semaphores: a guarded page costs each store to it the
 * hart's slow path (sim/hart.h, TF_PAGE_GUARD). */
#define TF_FAULT_DETAIL_KERNEL_STORE 23u
#define TF_L1_GUARD_LIST(X)                                                                        \
    X(MAILBOX, 1u, TF_L1_MAILBOX, TF_L1_MAILBOX_SIZE, "the mailbox",                               \
      "GO/DONE, launch message, RISC status and fault records")                                    \
    X(MEM_ZEROS, 2u, TF_L1_MEM_ZEROS, TF_L1_MEM_ZEROS_SIZE, "the region of zeros",                 \
      "MEM_ZEROS_BASE: NOC reads of zeros come from it")                                           \
    X(FIRMWARE, 3u, TF_L1_FW_BASE, (TF_NUM_RISCS * TF_L1_FW_SIZE), "firmware",                     \
      "its code and data")                                                                         \
    X(BANK_TABLE, 4u, TF_L1_BANK_TABLE, TF_L1_BANK_TABLE_SIZE, "the bank tables",                  \
      "where interleaved buffers' pages are: the runtime writes them at boot")
#define TF_L1_GUARD_ENUM(name, num, first, bytes, what, holds) TF_L1_GUARD_##name = num,
enum { TF_L1_GUARD_LIST(TF_L1_GUARD_ENUM) };
#undef TF_L1_GUARD_ENUM
/* The TF_L1_GUARD_* region holding L1 byte a, 0: none. The simulator's
 * checks (a kernel's store there faults, and a NOC atomic) and the
 * runtime's messages (what an atomic there hit) ask it alike. */
static inline uint32_t tf_l1_guard_region(uint32_t a)
{
#define TF_L1_GUARD_AT(name, num, first, bytes, what, holds)                                       \
    if (a - (uint32_t)(first) < (uint32_t)(bytes)) return num;
    TF_L1_GUARD_LIST(TF_L1_GUARD_AT)
#undef TF_L1_GUARD_AT
    return 0;
}
#define TF_L1_GUARD_AUX(region, bytes, sp_below) ((region) | (bytes) << 8 | (sp_below) << 16)
#define TF_L1_GUARD_AUX_REGION(aux)              ((aux)&0xffu)
#define TF_L1_GUARD_AUX_BYTES(aux)               ((aux) >> 8 & 0xffu)
#define TF_L1_GUARD_AUX_SP_BELOW(aux)            ((aux) >> 16 & 1u)
/* mailbox_write / mailbox_read with a mailbox number past the last (C
 * kernels: dev_mailbox_write(to, v) / dev_mailbox_read(from)): aux_lo = the
 * number, aux_hi = 1 for a read, 0 for a write. */
#define TF_FAULT_DETAIL_RISC_MBOX 24u
/* A compute kernel's write of get_local_cb_interface(cb).fifo_rd_ptr
 * (UNPACK) or .fifo_wr_ptr (PACK) outside CB cb's memory: aux_lo = cb |
 * (1 for fifo_wr_ptr) << 7, aux_hi = the address it gave, in bytes (the
 * kernel's value is in 16-byte units). */
#define TF_FAULT_DETAIL_CB_PTR 25u
/* A sharded TensorAccessor's page id (or, bit 31 of aux_hi set, shard id)
 * past its tensor's: aux_lo = the id, aux_hi & 0x7fffffff = how many there
 * are. */
#define TF_FAULT_DETAIL_SHARD_RANGE 26u
#define TF_SHARD_RANGE_SHARD        0x80000000u
/* A bank id past the device's banks (get_noc_addr_from_bank_id,
 * noc_async_read_tile_dram_sharded_set_state): aux_lo = the id, aux_hi &
 * 0x7fffffff = how many banks there are, bit 31 set for L1 banks (else
 * DRAM). */
#define TF_FAULT_DETAIL_BANK_RANGE 27u
#define TF_BANK_RANGE_L1           0x80000000u
/* A NOC transaction id past TF_NOC_MAX_TRID (noc_async_read_set_trid,
 * noc_async_read_barrier_with_trid, ...): aux_lo = the id, aux_hi = whose:
 * 0 a read's, 1 a write's, 2 a read barrier's, 3 a write barrier's, 4 a
 * writes-flushed wait's. */
#define TF_FAULT_DETAIL_NOC_TRID 28u
/* A kernel's ASSERT(condition) found it false (api/debug/assert.h: built
 * with WATCHER_ENABLED, tt-metal's watcher assert): aux_lo = the source
 * line of the ASSERT. */
#define TF_FAULT_DETAIL_ASSERT 29u
/* The simulator ran out of host memory for a NOC transfer the RISC issued
 * (its event, a written DRAM chunk, or the copy of a write's source a
 * flush takes): aux = the transfer's NOC address. */
#define TF_FAULT_DETAIL_HOST_MEMORY 30u
/* get_arg_val / get_common_arg_val of an index past the args the host gave
 * (checked in a kernel built with WATCHER_ENABLED, as tt-metal's watcher
 * does): aux_lo = the index, aux_hi & 0x7fffffff = how many there are, bit
 * 31 set for common args. */
#define TF_FAULT_DETAIL_ARG_RANGE 31u
#define TF_ARG_RANGE_COMMON       0x80000000u
/* cb_push_back of pages that NOC reads this core issued are still landing
 * in, or cb_pop_front of pages that NOC writes this core issued have not
 * yet read (a missing noc_async_read_barrier / noc_async_writes_flushed:
 * a race on hardware; checked in a data-movement kernel built with
 * WATCHER_ENABLED through TF_MMIO_INFLIGHT_*): aux_lo =
 * TF_CB_WRAP_WHAT(cb, pop, pages pushed or popped), aux_hi =
 * TF_CB_INFLIGHT_AUX(the pages' L1 address, how many transfers). */
#define TF_FAULT_DETAIL_CB_INFLIGHT   32u
#define TF_CB_INFLIGHT_AUX(l1, count) (((l1)&0x1fffffu) | ((count) < 2047u ? (count) : 2047u) << 21)
#define TF_CB_INFLIGHT_AUX_L1(aux)    ((aux)&0x1fffffu)
#define TF_CB_INFLIGHT_AUX_COUNT(aux) ((aux) >> 21)
/* A cb_pop_front of more pages than are at the CB's front (pages never
 * pushed: no cb_wait_front for them), or a cb_push_back of more pages
 * than were free at its back (no cb_reserve_back for them: the push
 * overwrote pages not yet popped), in a kernel built with
 * WATCHER_ENABLED: aux_lo = cb | (1 for a pop) << 7, aux_hi = (pages at
 * the front before the call << 16) | pages pushed or popped. */
#define TF_FAULT_DETAIL_CB_COUNT 33u
/* Bits 42-62: the L1 address (below 2 MiB). Bit 63 set: the endpoint is
 * DRAM, bits 0-35 its bank address and 36-41 the bank; else it is a core,
 * bits 0-20 the address in its L1, 21-26 its NOC x and 27-32 its NOC y. */
#define TF_NOC_ALIGN_AUX(l1, na)                                                                   \
    ((TF_NOC_X(na) == TF_NOC_DRAM_X                                                                \
          ? 1ull << 63 | TF_NOC_LOCAL(na) | (unsigned long long)(TF_NOC_Y(na) - 1) << 36           \
          : (TF_NOC_LOCAL(na) & 0x1fffffull) | (unsigned long long)TF_NOC_X(na) << 21 |            \
                (unsigned long long)TF_NOC_Y(na) << 27) |                                          \
     (unsigned long long)((l1)&0x1fffff) << 42)
#define TF_NOC_ALIGN_AUX_DRAM(aux) ((unsigned)((aux) >> 63))
#define TF_NOC_ALIGN_AUX_L1(aux)   ((uint32_t)((aux) >> 42) & 0x1fffffu)
#define TF_NOC_ALIGN_AUX_LOCAL(aux)                                                                \
    ((aux) & (TF_NOC_ALIGN_AUX_DRAM(aux) ? 0xfffffffffull : 0x1fffffull))
#define TF_NOC_ALIGN_AUX_BANK(aux)    ((unsigned)((aux) >> 36) & 0x3f)
#define TF_NOC_ALIGN_AUX_X(aux)       ((unsigned)((aux) >> 21) & 0x3f)
#define TF_NOC_ALIGN_AUX_Y(aux)       ((unsigned)((aux) >> 27) & 0x3f)
#define TF_MCAST_RECT(xs, ys, xe, ye) ((xs) | (ys) << 6 | (xe) << 12 | (ye) << 18)

typedef struct tf_go_msg {
    uint32_t signal;
    uint32_t dispatch_id;
} tf_go_msg;

typedef struct tf_launch_msg {
    uint32_t dispatch_id;
    uint32_t enables;                    /* bit r: RISC r runs a kernel */
    uint32_t kernel_entry[TF_NUM_RISCS]; /* L1 address of each kernel's entry */
    uint32_t cb_mask;                    /* bit i: circular buffer i is configured */
    uint32_t reserved[12];
} tf_launch_msg;

typedef struct tf_risc_status {
    uint32_t state;
    uint32_t done_id;     /* last dispatch this RISC finished */
    uint32_t go_cycle_lo; /* wall clock when it saw that GO */
    uint32_t go_cycle_hi;
    uint32_t done_cycle_lo; /* wall clock when it finished, or trapped (state FAULT) */
    uint32_t done_cycle_hi;
    uint32_t reserved[2];
} tf_risc_status;

typedef struct tf_fault_record {
    uint32_t magic; /* TF_FAULT_MAGIC when valid */
    uint32_t cause; /* mcause */
    uint32_t pc;
    uint32_t tval;
    uint32_t insn;
    uint32_t detail; /* TF_FAULT_DETAIL_* */
    uint32_t aux_lo, aux_hi;
} tf_fault_record;

typedef struct tf_mailbox {
    tf_go_msg go;                        /* 0x000 */
    uint32_t fw_flags;                   /* 0x008: firmware build flags (BRISC writes at boot) */
    uint32_t boot_mask;                  /* 0x00c: RISCs whose firmware reported INIT */
    tf_launch_msg launch;                /* 0x010 */
    tf_risc_status risc[TF_NUM_RISCS];   /* 0x060 */
    tf_fault_record fault[TF_NUM_RISCS]; /* 0x100 */
} tf_mailbox;

_Static_assert(sizeof(tf_launch_msg) == 0x50, "launch message layout");
_Static_assert(offsetof(tf_mailbox, launch) == 0x10, "mailbox layout");
_Static_assert(offsetof(tf_mailbox, risc) == 0x60, "mailbox layout");
_Static_assert(offsetof(tf_mailbox, fault) == 0x100, "mailbox layout");
_Static_assert(sizeof(tf_mailbox) == 0x1a0, "mailbox layout");
_Static_assert(sizeof(tf_mailbox) <= TF_L1_MAILBOX_SIZE, "mailbox fits");

/* One RISC mailbox (TF_L1_RISC_MBOX): the sender writes value[written %
 * TF_RISC_MBOX_DEPTH], then counts it in `written`; the receiver reads
 * value[read % TF_RISC_MBOX_DEPTH], then counts it in `read`. Each counter
 * has one writer, so no lock; a read of an empty mailbox waits for
 * `written` to move, a write to a full one for `read` (a hardware
 * mailbox holds four values: Mailboxes.md). Mailboxes are numbered as
 * tt-metal's ckernel::ThreadId: 0 BRISC, 1 TRISC0 (unpack), 2 TRISC1
 * (math), 3 TRISC2 (pack); the one from a to b is TF_RISC_MBOX_FIFO(a, b). */
#define TF_RISC_MBOX_DEPTH 4u
#define TF_RISC_MBOXES     4u
typedef struct tf_risc_fifo {
    uint32_t value[TF_RISC_MBOX_DEPTH];
    uint32_t written, read;
    uint32_t pad[2];
} tf_risc_fifo;
#define TF_RISC_MBOX_FIFO(from, to)                                                                \
    (TF_L1_RISC_MBOX + ((from)*TF_RISC_MBOXES + (to)) * (uint32_t)sizeof(tf_risc_fifo))
/* A mailbox's RISC (TF_RISC_*) and a RISC's mailbox (-1: NCRISC, none). */
#define TF_RISC_OF_MBOX(m) ((m) == 0 ? TF_RISC_BRISC : (m) + 1)
#define TF_MBOX_OF_RISC(r) ((r) == TF_RISC_BRISC ? 0 : (r) == TF_RISC_NCRISC ? -1 : (r)-1)
_Static_assert(sizeof(tf_risc_fifo) == 32 &&
                   TF_RISC_MBOXES * TF_RISC_MBOXES * sizeof(tf_risc_fifo) <= TF_L1_RISC_MBOX_SIZE &&
                   TF_L1_RISC_MBOX + TF_L1_RISC_MBOX_SIZE <= TF_L1_MEM_ZEROS &&
                   TF_L1_MAILBOX + TF_L1_MAILBOX_SIZE <= TF_L1_RISC_MBOX,
               "RISC mailboxes fit between the mailbox and the zeros");

/* Circular buffer i: host-written configuration... */
typedef struct tf_cb_config {
    uint32_t addr;      /* L1 base */
    uint32_t size;      /* bytes, a multiple of page_size */
    uint32_t page_size; /* bytes per page (tile) */
    uint32_t num_pages;
} tf_cb_config;

/* ...counters shared by its producer and consumer RISCs (host zeroes them)... */
typedef struct tf_cb_shared {
    uint32_t received; /* pages pushed by the producer, ever */
    uint32_t acked;    /* pages popped by the consumer, ever */
    uint32_t reserved[2];
} tf_cb_shared;

/* ...and each RISC's private view (firmware initialises it at GO). */
typedef struct tf_cb_local {
    uint32_t rd_ptr, wr_ptr;
    uint32_t received, acked; /* producer's / consumer's own counts */
} tf_cb_local;

/* How many runtime args and common runtime args each RISC's kernel got
 * (at TF_L1_ARG_COUNT, one per RISC; written at every dispatch). */
typedef struct tf_arg_count {
    uint32_t args, common_args;
} tf_arg_count;

_Static_assert(sizeof(tf_arg_count) * TF_NUM_RISCS <= TF_L1_CB_FORMAT - TF_L1_ARG_COUNT,
               "arg counts fit");
_Static_assert(TF_MAX_CBS * 4 <= TF_L1_IBUF_TABLE - TF_L1_CB_FORMAT, "cb formats fit");
_Static_assert(TF_L1_CRTA(0) >= TF_L1_CB_LOCAL(TF_NUM_RISCS) &&
                   TF_L1_CRTA(TF_NUM_RISCS) <= TF_L1_BANK_TABLE &&
                   TF_L1_CRTA(1) - TF_L1_CRTA(0) == TF_MAX_COMMON_ARGS * 4,
               "common args fit");

_Static_assert(sizeof(tf_cb_config) == 16 && sizeof(tf_cb_shared) == 16 &&
                   sizeof(tf_cb_local) == 16,
               "cb layout");
_Static_assert(TF_MAX_CBS * 16 <= 0x200, "cb blocks fit");

#endif
