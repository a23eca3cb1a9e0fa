/* The chip's memory map, shared by the host runtime, the simulator, the
 * firmware, the kernels and (through the C preprocessor) the RV32 linker
 * scripts: the single source of truth for every L1 address. Only #define
 * lines here, so that linker scripts can include it. See docs/chip.md. */
#ifndef TF_MEMMAP_H
#define TF_MEMMAP_H

/* RISCs of a Tensix core (also mhartid on each). */
#define TF_RISC_BRISC  0
#define TF_RISC_NCRISC 1
#define TF_RISC_TRISC0 2
#define TF_RISC_TRISC1 3
#define TF_RISC_TRISC2 4
#define TF_NUM_RISCS   5

/* X(ID, name, firmware zone, kernel zone): one row per RISC, in id order;
 * drives every table of RISC names (runtime, simulator, profiler, reports). */
#define TF_RISC_LIST(X)                                                                            \
    X(BRISC, "BRISC", "BRISC-FW", "BRISC-KERNEL")                                                  \
    X(NCRISC, "NCRISC", "NCRISC-FW", "NCRISC-KERNEL")                                              \
    X(TRISC0, "TRISC0", "TRISC-FW", "TRISC-KERNEL")                                                \
    X(TRISC1, "TRISC1", "TRISC-FW", "TRISC-KERNEL")                                                \
    X(TRISC2, "TRISC2", "TRISC-FW", "TRISC-KERNEL")

/* One RISC's zone names as string literals, for code built for one RISC
 * (-DTF_RISC=r: the firmware's own zones): argument r of the list. */
#define TF_RISC_FW_ZONE(r)                         TF_ARG_PICK(r, TF_RISC_LIST(TF_RISC_FW_ZONE_))
#define TF_RISC_KERNEL_ZONE(r)                     TF_ARG_PICK(r, TF_RISC_LIST(TF_RISC_KERNEL_ZONE_))
#define TF_RISC_FW_ZONE_(id, name, fw, kernel)     fw,
#define TF_RISC_KERNEL_ZONE_(id, name, fw, kernel) kernel,
#define TF_ARG_PICK(n, ...)                        TF_ARG_PICK_(n, __VA_ARGS__)
#define TF_ARG_PICK_(n, ...)                       TF_ARG_##n(__VA_ARGS__)
#define TF_ARG_0(a, ...)                           a
#define TF_ARG_1(a, ...)                           TF_ARG_0(__VA_ARGS__)
#define TF_ARG_2(a, ...)                           TF_ARG_1(__VA_ARGS__)
#define TF_ARG_3(a, ...)                           TF_ARG_2(__VA_ARGS__)
#define TF_ARG_4(a, ...)                           TF_ARG_3(__VA_ARGS__)
#define TF_ARG_5(a, ...)                           TF_ARG_4(__VA_ARGS__)
#define TF_ARG_6(a, ...)                           TF_ARG_5(__VA_ARGS__)
#define TF_ARG_7(a, ...)                           TF_ARG_6(__VA_ARGS__) /* up to 8 RISCs */

/* ---- L1 (1.5 MiB per core) ---------------------------------------------- */
#define TF_L1_SIZE 0x180000

/* Mailbox: GO, launch message, per-RISC status and fault records (tf_mailbox.h).
 * A store here by a hart or the host wakes the core's sleeping harts. A
 * kernel's store here faults on the simulator (TF_L1_GUARD_LIST,
 * tf_mailbox.h: so does one into the zeros, a firmware image or the bank
 * tables); a NOC write is not checked. */
#define TF_L1_MAILBOX      0x000000
#define TF_L1_MAILBOX_SIZE 0x000c00

/* The RISCs' own mailboxes (tt-metal's ckernel::mailbox_write and
 * mailbox_read): a FIFO of 32-bit values from each of BRISC, TRISC0,
 * TRISC1 and TRISC2 to each, as a Tensix tile's 16 (NCRISC has none:
 * tt-isa-documentation, BabyRISCV/Mailboxes.md), tf_risc_fifo
 * (tf_mailbox.h). Hardware keeps them in registers; here they are L1 the
 * four RISCs' kernels write (not guarded), which the runtime zeroes at
 * every boot. */
#define TF_L1_RISC_MBOX      0x000c00
#define TF_L1_RISC_MBOX_SIZE 0x000200

/* 512 bytes the runtime zeroes at every boot, for kernels to read zeros
 * from (tt-metal's MEM_ZEROS_BASE / MEM_ZEROS_SIZE: Blackhole's
 * dev_mem_map.h has 512; ttnn's reduce scaler fills tiles with NOC reads
 * of it). A kernel's store here faults on the simulator; a NOC write here is
 * not checked, and breaks it for every later reader, as on the hardware. */
#define TF_L1_MEM_ZEROS      0x000e00
#define TF_L1_MEM_ZEROS_SIZE 0x000200

/* Device profiler: control vector + one marker buffer per RISC (tf_profiler.h). */
#define TF_L1_PROFILER      0x001000
#define TF_L1_PROFILER_SIZE 0x003000

/* Firmware images: one region per RISC; a RISC starts at its region's base
 * when its reset is released. */
#define TF_L1_FW_BASE 0x004000
#define TF_L1_FW_SIZE 0x004000
#define TF_L1_FW(r)   (TF_L1_FW_BASE + (r)*TF_L1_FW_SIZE)

/* Stacks, one per RISC; kernels run on their firmware's stack. The lowest
 * TF_L1_STACK_GUARD bytes of each are a guard: on the simulator a RISC's
 * store there is a store access fault with detail TF_FAULT_DETAIL_STACK
 * (a stack that grew past its 7 KiB, before it overwrites what lies below:
 * the RISC before's stack, or TRISC2's firmware below BRISC's). */
#define TF_L1_STACK_BASE   0x018000
#define TF_L1_STACK_SIZE   0x002000
#define TF_L1_STACK_TOP(r) (TF_L1_STACK_BASE + ((r) + 1) * TF_L1_STACK_SIZE)
#define TF_L1_STACK_GUARD  0x000400

/* Kernel configuration written by the host at each dispatch's setup. */
#define TF_L1_KCONFIG      0x022000
#define TF_L1_KCONFIG_SIZE 0x004000
#define TF_MAX_ARGS        256 /* runtime args per RISC */
#define TF_L1_RTA(r)       (TF_L1_KCONFIG + (r)*0x400)
#define TF_MAX_CBS         32
#define TF_L1_CB_CONFIG    0x023400 /* TF_MAX_CBS x tf_cb_config (16 B) */
#define TF_L1_CB_SHARED    0x023600 /* TF_MAX_CBS x tf_cb_shared (16 B) */
#define TF_MAX_SEMAPHORES  32
#define TF_L1_SEMAPHORES   0x023800 /* TF_MAX_SEMAPHORES x TF_SEMAPHORE_STRIDE */
/* A semaphore is a word at the start of 16 bytes, as tt-metal's (a
 * semaphore takes L1_ALIGNMENT bytes): a semaphore set from another
 * core's one (noc_semaphore_set_remote, a 4-byte NOC write) has addresses
 * that agree modulo the NOC's 16 (TF_NOC_ALIGN_L1). */
#define TF_SEMAPHORE_STRIDE 16
#define TF_L1_SEMAPHORE(id) (TF_L1_SEMAPHORES + (id)*TF_SEMAPHORE_STRIDE)
#define TF_L1_ARG_COUNT     0x023a00 /* TF_NUM_RISCS x tf_arg_count (8 B) */
#define TF_L1_CB_FORMAT     0x023b00 /* TF_MAX_CBS x 4 B: tt-metal DataFormat (tf_formats.h) */
/* Live interleaved buffers, for the page-id check (tf_banks.h); written at
 * boot and whenever one is created or freed. */
#define TF_L1_IBUF_TABLE   0x023c00
#define TF_L1_CB_LOCAL(r)  (0x024000 + (r)*0x200) /* per-RISC tf_cb_local[TF_MAX_CBS] */
#define TF_MAX_COMMON_ARGS 128                    /* common runtime args per RISC */
#define TF_L1_CRTA(r)      (0x024a00 + (r)*0x200)
/* Bank tables of interleaved buffers (tf_banks.h), written at boot. */
#define TF_L1_BANK_TABLE      0x025400
#define TF_L1_BANK_TABLE_SIZE 0x000c00

/* Kernel images: one region per RISC; a kernel is linked for its region. */
#define TF_L1_KERNEL_BASE 0x026000
#define TF_L1_KERNEL_SIZE 0x00c000
#define TF_L1_KERNEL(r)   (TF_L1_KERNEL_BASE + (r)*TF_L1_KERNEL_SIZE)

/* Everything above is the allocatable user L1 ("Device L1 (x,y)" pool). */
#define TF_L1_USER_BASE 0x062000
#define TF_L1_USER_END  TF_L1_SIZE

/* ---- memory-mapped registers, per hart (each RISC sees its own) --------- */
#define TF_MMIO_BASE 0xffb00000
#define TF_MMIO_SIZE 0x00100000

#define TF_MMIO_CLOCK_LO   0xffb00000 /* wall clock, 1 GHz; reading LO latches HI */
#define TF_MMIO_CLOCK_HI   0xffb00004
#define TF_MMIO_CORE_XY    0xffb00008 /* logical (y << 8) | x */
#define TF_MMIO_NOC_XY     0xffb0000c /* this core's NOC coordinates (y << 8) | x */
#define TF_MMIO_DPRINT_FMT 0xffb00010 /* write an L1 format string address: print */
#define TF_MMIO_DPRINT_ARG 0xffb00020 /* 8 argument words for the next print */
#define TF_DPRINT_MAX_ARGS 8

/* NOC command interfaces: one register block per NOC (TF_NUM_NOCS), each
 * with its own counters and barriers. Fill the registers, then write a
 * command. NOC 0's block keeps the unsuffixed names. */
#define TF_NUM_NOCS                2
#define TF_MMIO_NOC_BASE(n)        (0xffb00100 + (n)*0x40)
#define TF_NOC_REG_REMOTE_LO       0x00 /* 64-bit NOC address (TF_NOC_ADDR, TF_NOC_MCAST_ADDR) */
#define TF_NOC_REG_REMOTE_HI       0x04
#define TF_NOC_REG_LOCAL           0x08 /* local L1 address */
#define TF_NOC_REG_LEN             0x0c /* bytes, or the increment for atomics */
#define TF_NOC_REG_CMD             0x10 /* write TF_NOC_CMD_*: issue */
#define TF_NOC_REG_READS_PENDING   0x14
#define TF_NOC_REG_WRITES_PENDING  0x18 /* unicast and multicast writes */
#define TF_NOC_REG_READ_BARRIER    0x1c /* read: waits until no read is pending */
#define TF_NOC_REG_WRITE_BARRIER   0x20 /* read: waits until every write is acked */
#define TF_NOC_REG_WRITES_FLUSHED  0x24 /* read: waits until every write has left this core */
#define TF_NOC_REG_ATOMIC_BARRIER  0x28 /* read: waits until every atomic is acked */
#define TF_NOC_REG_ATOMICS_PENDING 0x2c
#define TF_NOC_REG_NUM_DESTS       0x30 /* destinations the next multicast must reach */
/* Transaction ids (tt-metal's NOC_PACKET_TAG, one for the read and one
 * for the write command buffer): every read carries the id in TRID bits
 * 0-3 when issued, every write (unicast or multicast) the one in bits
 * 8-11 (0..TF_NOC_MAX_TRID; 0 after reset); atomics carry none. A load of
 * TRID_BARRIER waits until no transfer of the kind and id in TRID_WAIT is
 * pending (noc_async_read/write_barrier_with_trid, writes_flushed: left
 * the core); with TF_NOC_TRID_QUERY set it does not wait and gives 0 when
 * the wait would end now, else not 0 (tt-metal's ncrisc_noc_*_flushed). A
 * store to TRID_BARRIER clears the counts of the ids whose bits are set
 * (bits 0..15, reads' and writes': tt-metal's
 * NOC_CLEAR_OUTSTANDING_REQ_CNT): their barriers no longer wait for the
 * transfers already issued with them, which still land. */
#define TF_NOC_REG_TRID             0x34
#define TF_NOC_REG_TRID_WAIT        0x38
#define TF_NOC_REG_TRID_BARRIER     0x3c
#define TF_NOC_MAX_TRID             15 /* Blackhole's NOC_MAX_TRANSACTION_ID */
#define TF_NOC_TRID_WRITE_SHIFT     8  /* TRID: the writes' id */
#define TF_NOC_TRID_KIND_SHIFT      8  /* TRID_WAIT: what it waits for */
#define TF_NOC_TRID_READS           0u /* reads landed */
#define TF_NOC_TRID_WRITES          1u /* writes acked */
#define TF_NOC_TRID_FLUSHED         2u /* writes left the core */
#define TF_NOC_TRID_QUERY           0x80000000u
#define TF_NOC_REG_SIZE             0x40
#define TF_MMIO_NOC_REG(n, reg)     (TF_MMIO_NOC_BASE(n) + (reg))
#define TF_MMIO_NOC_REMOTE_LO       TF_MMIO_NOC_REG(0, TF_NOC_REG_REMOTE_LO)
#define TF_MMIO_NOC_REMOTE_HI       TF_MMIO_NOC_REG(0, TF_NOC_REG_REMOTE_HI)
#define TF_MMIO_NOC_LOCAL           TF_MMIO_NOC_REG(0, TF_NOC_REG_LOCAL)
#define TF_MMIO_NOC_LEN             TF_MMIO_NOC_REG(0, TF_NOC_REG_LEN)
#define TF_MMIO_NOC_CMD             TF_MMIO_NOC_REG(0, TF_NOC_REG_CMD)
#define TF_MMIO_NOC_READS_PENDING   TF_MMIO_NOC_REG(0, TF_NOC_REG_READS_PENDING)
#define TF_MMIO_NOC_WRITES_PENDING  TF_MMIO_NOC_REG(0, TF_NOC_REG_WRITES_PENDING)
#define TF_MMIO_NOC_READ_BARRIER    TF_MMIO_NOC_REG(0, TF_NOC_REG_READ_BARRIER)
#define TF_MMIO_NOC_WRITE_BARRIER   TF_MMIO_NOC_REG(0, TF_NOC_REG_WRITE_BARRIER)
#define TF_NOC_CMD_READ             1 /* remote -> local */
#define TF_NOC_CMD_WRITE            2 /* local -> remote */
#define TF_NOC_CMD_ATOMIC_INC       3 /* remote L1 word += LEN */
#define TF_NOC_CMD_WRITE_MCAST      4 /* local -> every core of a rectangle but this one */
#define TF_NOC_CMD_WRITE_MCAST_SRC  5 /* local -> every core of a rectangle and this one */
#define TF_NOC_CMD_ATOMIC_INC_MCAST 6 /* every core of a rectangle but this one: L1 word += LEN */

/* Wait for an L1 word without spinning: write the address and a reference,
 * then read WAIT_GE (until (int32)(word - ref) >= 0: a counter that wraps,
 * as a circular buffer's), WAIT_EQ (word == ref) or WAIT_GEU (word >= ref
 * as unsigned numbers: a semaphore's wait_min). The hart sleeps and
 * re-checks once per scheduler round. */
#define TF_MMIO_WAIT_ADDR 0xffb00200
#define TF_MMIO_WAIT_REF  0xffb00204
#define TF_MMIO_WAIT_GE   0xffb00208
#define TF_MMIO_WAIT_EQ   0xffb0020c
#define TF_MMIO_WAIT_GEU  0xffb00210
/* What a waiting hart waits for (tf_risc_wait.eq): these reads' kinds. */
#define TF_WAIT_KIND_GE  0 /* (int32)(word - ref) >= 0 */
#define TF_WAIT_KIND_EQ  1 /* word == ref */
#define TF_WAIT_KIND_GEU 2 /* word >= ref, unsigned */

/* Fault detail: why the last fault happened beyond mcause (TF_FAULT_DETAIL_*,
 * tf_mailbox.h) and its two auxiliary words. The chip sets them when it
 * raises a fault of its own (a bad NOC address, a tile-engine misuse);
 * device code sets them before a deliberate trap (dev_fault: a page id out
 * of range). The firmware's trap handler copies them into the fault record
 * and clears them. Hardware without such registers reads zero. */
#define TF_MMIO_FAULT_DETAIL 0xffb00280
#define TF_MMIO_FAULT_AUX_LO 0xffb00284
#define TF_MMIO_FAULT_AUX_HI 0xffb00288

/* Transfers in flight over an L1 range of this core: write the range
 * (INFLIGHT_ADDR, INFLIGHT_LEN bytes), then read INFLIGHT_READS, how many
 * NOC reads this core issued into it have not landed, or INFLIGHT_WRITES,
 * how many NOC writes (and multicasts) it issued from it have not read
 * their source yet (not landed, not flushed: noc_async_writes_flushed
 * copies it). A data-movement kernel built with WATCHER_ENABLED asks at
 * cb_push_back and cb_pop_front (TF_FAULT_DETAIL_CB_INFLIGHT): a page
 * handed on while the NOC still writes or reads it is a race on hardware,
 * passing or failing with timing. A simulator's view: hardware has no such
 * registers. */
#define TF_MMIO_INFLIGHT_ADDR   0xffb002a0
#define TF_MMIO_INFLIGHT_LEN    0xffb002a4
#define TF_MMIO_INFLIGHT_READS  0xffb002a8
#define TF_MMIO_INFLIGHT_WRITES 0xffb002ac

/* ---- NOC addressing (as on Blackhole) ------------------------------------ */
/* [47:42] y, [41:36] x, [35:0] local address. */
#define TF_NOC_ADDR(x, y, a)                                                                       \
    (((unsigned long long)(y) << 42) | ((unsigned long long)(x) << 36) |                           \
     ((unsigned long long)(a)&0xfffffffffull))
/* Multicast (tt-metal's encoding): the rectangle's start corner in
 * [59:54] y, [53:48] x, its end corner where a unicast address has x, y. */
#define TF_NOC_MCAST_ADDR(xs, ys, xe, ye, a)                                                       \
    (((unsigned long long)(ys) << 54) | ((unsigned long long)(xs) << 48) | TF_NOC_ADDR(xe, ye, a))
#define TF_NOC_MCAST_XS(n) ((unsigned)(((n) >> 48) & 0x3f))
#define TF_NOC_MCAST_YS(n) ((unsigned)(((n) >> 54) & 0x3f))
#define TF_NOC_X(n)        ((unsigned)(((n) >> 36) & 0x3f))
#define TF_NOC_Y(n)        ((unsigned)(((n) >> 42) & 0x3f))
#define TF_NOC_LOCAL(n)    ((n)&0xfffffffffull)
/* Tensix core (x, y) sits at NOC (x + 1, y + 1); DRAM bank b at NOC (0, b + 1).
 * Both NOCs use these coordinates (as tt-metal's virtual coordinates). */
#define TF_NOC_CORE_X(x) ((x) + 1)
#define TF_NOC_CORE_Y(y) ((y) + 1)
#define TF_NOC_DRAM_X    0
#define TF_NOC_DRAM_Y(b) ((b) + 1)

/* NOC alignment, Blackhole's (tt-metal's noc_parameters.h: NOC_L1_READ/
 * WRITE_ALIGNMENT_BYTES 16, NOC_DRAM_READ_ALIGNMENT_BYTES 64,
 * NOC_DRAM_WRITE_ALIGNMENT_BYTES 16): a transfer's L1 address and its
 * remote address must agree modulo the alignment of its kind and target
 * (neither need be aligned itself): the NOC moves data in aligned chunks
 * without shifting it. A read from DRAM: 64 bytes; any other read or
 * write, multicasts too: 16. Atomics are not concerned. */
#define TF_NOC_ALIGN_L1         16u
#define TF_NOC_ALIGN_DRAM_READ  64u
#define TF_NOC_ALIGN_DRAM_WRITE 16u
/* The alignment of a transfer: a read or not, to or from DRAM or not (the
 * simulator's check and the runtime's message both take it from here). */
#define TF_NOC_ALIGN(read, dram)                                                                   \
    ((read) && (dram) ? TF_NOC_ALIGN_DRAM_READ : (dram) ? TF_NOC_ALIGN_DRAM_WRITE : TF_NOC_ALIGN_L1)

#endif
