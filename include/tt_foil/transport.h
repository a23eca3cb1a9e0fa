/* The runtime's only door to a chip. The built-in simulator implements it
 * (tf_sim_transport_open); a PCIe backend would implement the same table on
 * top of a UMD-like library (docs/runtime.md, "Transport"). Every operation
 * returns 0, or -1 with a message (tf_last_error()). Coordinates are
 * logical core coordinates; addresses are local to the core or DRAM bank.
 * Faults need nothing more: the firmware's trap handler writes them into
 * the mailbox, which the runtime reads with read_l1. */
#ifndef TT_FOIL_TRANSPORT_H
#define TT_FOIL_TRANSPORT_H

#include <stdint.h>

#include "tt_foil/export.h"

#ifdef __cplusplus
extern "C" {
#endif
TF_API_BEGIN

typedef struct tf_chip_info {
    int grid_x, grid_y; /* Tensix cores */
    uint32_t l1_size;   /* bytes of L1 per core */
    int dram_banks;
    uint64_t dram_bank_size; /* bytes per bank */
    uint32_t clock_mhz;      /* device clock (1000: one cycle per ns) */
    int clock_is_host;       /* the device clock is the host's CLOCK_MONOTONIC in cycles (the
                                simulator): device time maps exactly onto host time */
    const char *name;        /* "tt-foil simulator", ... */
    /* Modeled peaks, for exact utilisation figures (0: not known; a
     * hardware transport leaves them for the tools' published figures) */
    uint32_t matmul_cycles[5];     /* cycles of a 32x32x32 matmul tile op on one core, by
                                      fidelity phases (1 LoFi .. 4 HiFi4; 0 simple mode) */
    uint32_t dram_bytes_per_cycle; /* per DRAM bank */
    uint32_t noc_bytes_per_cycle;  /* per NOC port of a RISC */
} tf_chip_info;

struct tf_perf_core; /* contracts/tf_perf.h */

typedef struct tf_transport tf_transport;

/* What a RISC of a stalled chip waits for (tf_transport_ops.stalled). */
typedef struct tf_risc_wait {
    /* a tf_perf_wait (contracts/tf_perf.h): CB_FRONT, CB_BACK, SEM and
     * L1_WORD wait on the L1 word at addr; TILE_SRC and TILE_DEST in the
     * tile engine; IDLE asleep in wfi; -1 not waiting (done, in reset) */
    int what;
    /* the L1 wait (TF_WAIT_KIND_*, tf_memmap.h): 1 until the word == ref,
     * 0 until (int32)(word - ref) >= 0 (a counter that wraps), 2 until
     * word >= ref as unsigned numbers */
    int eq;
    uint32_t addr, ref;
    /* this RISC's clock (device cycles) when the chip stopped: where the
     * post-mortem device profile ends its open zones; 0 if not known */
    uint64_t cycle;
} tf_risc_wait;

/* One write of a write_l1_batch. */
typedef struct tf_l1_write {
    uint32_t addr, n;
    const void *src;
} tf_l1_write;

typedef struct tf_transport_ops {
    void (*info)(tf_transport *t, tf_chip_info *out);
    int (*read_l1)(tf_transport *t, int x, int y, uint32_t addr, void *dst, uint32_t n);
    /* Writes into a core's mailbox (TF_L1_MAILBOX) take effect at the next
     * start() or when that core's RISCs are released from reset. */
    int (*write_l1)(tf_transport *t, int x, int y, uint32_t addr, const void *src, uint32_t n);
    int (*read_dram)(tf_transport *t, int bank, uint64_t addr, void *dst, uint64_t n);
    int (*write_dram)(tf_transport *t, int bank, uint64_t addr, const void *src, uint64_t n);
    /* Hold (assert = 1) or release RISCs of a core in soft reset;
     * risc_mask bit r is RISC r (0 BRISC, 1 NCRISC, 2-4 TRISC0-2). */
    int (*set_reset)(tf_transport *t, int x, int y, uint32_t risc_mask, int assert);
    /* Debug: the pc a RISC is at (for timeout messages). */
    int (*read_pc)(tf_transport *t, int x, int y, int risc, uint32_t *pc);
    /* Optional (NULL: the transport cannot tell): RISCs of the core that the
     * chip itself stopped, as a risc_mask. A RISC that traps while its
     * firmware's trap handler is running (or before it installed one) can
     * write no fault record; the simulator stops it and says so here, so
     * the runtime reports it at once. Without this, the dispatch timeout
     * reports such a RISC with its pc. */
    int (*halted)(tf_transport *t, int x, int y, uint32_t *risc_mask);
    /* The core's wall clock, in device cycles. */
    int (*read_clock)(tf_transport *t, int x, int y, uint64_t *cycles);
    /* Optional (a hardware transport leaves it NULL): guest instructions
     * executed by every RISC so far, and scheduler rounds. */
    int (*counters)(tf_transport *t, uint64_t *instructions, uint64_t *rounds);
    /* Doorbell: everything written so far may start running. Hardware runs
     * on its own and ignores it; the simulator starts here and applies the
     * mailbox writes made before it together, once every core they target
     * is quiescent, so every GO of a multi-core dispatch lands at the same
     * modeled time and never while a RISC is finishing the last dispatch. */
    int (*start)(tf_transport *t);
    /* Block until the device may have written something the host waits for
     * (a mailbox update, a fault) or timeout_ns passes. Returning says
     * nothing about what changed: the caller reads and checks again. */
    int (*wait)(tf_transport *t, uint64_t timeout_ns);
    void (*close)(tf_transport *t);
    /* Optional (NULL: the chip has no counters; hardware may have none):
     * the hardware counters of the last dispatch on core (x, y), zeroed at
     * its GO (contracts/tf_perf.h). Call it once the core is done; reading
     * costs the chip no modeled time. */
    int (*perf_counters)(tf_transport *t, int x, int y, struct tf_perf_core *out);
    /* Optional, beside perf_counters (NULL: the runtime copies the whole block
     * with perf_counters and finds its non-zero words itself, which a
     * hardware transport may leave it to do): the same counters as their
     * non-zero words, for a
     * chip that knows which words a dispatch wrote. Bit w % 64 of
     * nz[w / 64] (TF_PERF_NZ_WORDS words, contracts/tf_perf.h) is set when
     * word w of the tf_perf_core is not zero, and vals[k] (room for
     * TF_PERF_WORDS) is the value of the k-th such word in word order;
     * returns how many, or -1. */
    int (*perf_counters_sparse)(tf_transport *t, int x, int y, uint64_t *nz, uint64_t *vals);
    /* Optional (NULL: start): start() for a caller that waits for the work
     * at once, as a synchronous dispatch does: it calls wait() next, until
     * the work is done (or start(), which hands the work to the transport
     * again). A simulator may then run the device inside those wait()
     * calls on the caller's own thread instead of handing it to a thread
     * of its own and back; a wait() that times out with the device still
     * busy leaves the rest running on its own. Hardware leaves it NULL. A
     * transport that wraps another and replaces start() replaces this too
     * (or sets it NULL). (A transport built before it has none.) */
    int (*start_sync)(tf_transport *t);
    /* Optional (NULL: the runtime calls write_l1 for each): the writes
     * w[0..n) into core (x, y), in order, each as write_l1 makes it; none
     * is made unless all are in range (-1 and a message otherwise). A
     * dispatch's kernel configuration is one call: the simulator takes its
     * lock once for it. A transport that wraps another and replaces
     * write_l1 replaces this too (or sets it NULL). (Last: a transport
     * built before it has none.) */
    int (*write_l1_batch)(tf_transport *t, int x, int y, const tf_l1_write *w, int n);
    /* Optional (NULL: the transport cannot tell, as hardware cannot):
     * whether the chip has stopped with work it cannot finish: every RISC
     * still running waits (on an L1 word or in the tile engine) for
     * something no RISC, transfer or timer on the chip will do, so only
     * the host can end it (a write, then start()). 1 and, in waits[r],
     * what RISC r of core (x, y) waits for; 0 when it has not stopped so
     * (it runs, or is idle with nothing left waiting); -1 on error. The
     * runtime asks while a dispatch is not done, and reports a deadlock
     * at once instead of at the timeout. (Last: a transport built before
     * it has none.) */
    int (*stalled)(tf_transport *t, int x, int y, tf_risc_wait *waits);
} tf_transport_ops;

struct tf_transport {
    const tf_transport_ops *ops;
};

/* Configuration of the built-in simulated chip; zero fields take defaults.
 * Also tf_device_config.sim, when the runtime opens the simulator itself. */
typedef struct tf_sim_config {
    int grid_x, grid_y;      /* default 8 x 8 */
    int dram_banks;          /* default 8 */
    uint64_t dram_bank_size; /* default 1 GiB, allocated lazily */
    uint32_t quantum;        /* scheduler round in cycles, default 256, at most 2^20 */
    int threads;             /* host threads simulating the cores; 0: $TT_FOIL_SIM_THREADS,
                                else the host's CPUs. Results and cycles do not depend on it */
} tf_sim_config;

/* Open a simulated chip (all RISCs in reset, memory zero). */
tf_transport *tf_sim_transport_open(const tf_sim_config *cfg);

TF_API_END
#ifdef __cplusplus
}
#endif
#endif
