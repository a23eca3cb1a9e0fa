/* The simulated chip's internals: cores (L1 + five harts + registers), DRAM
 * banks, the NOC and its event queue, and the deterministic scheduler that
 * runs on its own thread. Only sim/ includes this; the runtime reaches the
 * chip through tt_foil/transport.h. See docs/chip.md. */
#ifndef TF_CHIP_H
#define TF_CHIP_H

#include "hart.h"
#include "par.h"
#include "sync.h"
#include "tf_banks.h"
#include "tf_mailbox.h"
#include "tf_perf.h"
#include "tt_foil/transport.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>

struct sim_chip;
struct sim_core;
struct sim_worker;

/* Scheduling state of one hart. */
enum sim_hs {
    TF_HS_RESET = 0,  /* held in soft reset */
    TF_HS_RUN,        /* runnable */
    TF_HS_WFI,        /* asleep until its core's mailbox is written */
    TF_HS_WAIT,       /* waiting on an L1 word: re-checked every round */
    TF_HS_WAIT_UNTIL, /* waiting for NOC completions done by wake_at */
    TF_HS_WAIT_TILE,  /* waiting in the tile engine: retried every round, clock kept */
    TF_HS_HALT,       /* stopped by the chip: a trap with no handler to run */
};

/* One NOC command interface of a hart: counters, completion times and its
 * injection port (its command registers: sim_core_hart.noc_regs). */
typedef struct sim_noc_if {
    uint32_t reads_pending, writes_pending, atomics_pending;
    uint64_t reads_done_at, writes_done_at, atomics_done_at;
    uint64_t writes_sent_at; /* the last write has left the port */
    uint64_t port_free;
    /* reads by transaction id (TF_NOC_REG_TRID): pending, and when the
     * last one issued completes (after the fields every issue reads: one
     * cache line for those); writes by theirs: pending, when the last one
     * is acked and when it has left the port */
    uint32_t trid_pending[TF_NOC_MAX_TRID + 1];
    uint64_t trid_done_at[TF_NOC_MAX_TRID + 1];
    uint32_t wtrid_pending[TF_NOC_MAX_TRID + 1];
    uint64_t wtrid_done_at[TF_NOC_MAX_TRID + 1], wtrid_sent_at[TF_NOC_MAX_TRID + 1];
    /* bumped (modulo TF_NOC_EPOCHS) when an id is cleared with transfers
     * still counted (sim_noc_trid_clear): a transfer issued before counts
     * for its id only while its epoch is the id's */
    uint32_t trid_epoch[TF_NOC_MAX_TRID + 1];
} sim_noc_if;

typedef struct sim_core_hart {
    sim_hart h; /* h.user points back here */
    struct sim_core *core;
    int risc;
    int index; /* position in the chip's hart order (bitmap bit) */
    enum sim_hs state;
    uint64_t wake_at;
    /* the completion time a NOC barrier waits for: wake_at follows it while
     * this round's transfers get their times (sim_noc_resolve) */
    const uint64_t *wait_done;
    uint32_t generation; /* bumped on reset so stale NOC events leave it alone */
    /* NOC command interfaces, one per NOC */
    sim_noc_if noc[TF_NUM_NOCS];
    /* Their register blocks word by word, as at TF_MMIO_NOC_BASE(0): the
     * hart stores the command's address, length and destination count
     * here itself (sim_bus.regs, TF_NOC_REGS_PLAIN); the command store is
     * a call (core.c), which issues from these words. */
    uint32_t noc_regs[TF_NUM_NOCS][TF_NOC_REG_SIZE / 4];
    /* L1 word wait registers */
    uint32_t wait_addr, wait_ref;
    /* an L1 word wait (TF_HS_WAIT): the cycle it began, and the cycle a
     * store met it (0: none yet), where the RISC resumes (core.c) */
    uint64_t wait_since, wait_met_at;
    /* the access this hart blocked on (TF_HS_WAIT, TF_HS_WAIT_TILE), so
     * that the scheduler can retry it without the interpreter
     * (sim_core_still_blocked): the instruction word at pc, the wait's
     * kind (TF_WAIT_KIND_*: WAIT_GE, WAIT_EQ or WAIT_GEU), the tile
     * engine's change count */
    uint32_t block_insn;
    uint32_t block_epoch; /* its L1's code_epoch when block_insn was read */
    int wait_kind;
    uint32_t tile_epoch;
    /* tile engine argument registers */
    uint32_t tile_args[4];
    /* register side effects */
    uint32_t clock_hi_latch;
    uint32_t dprint_args[8];
    /* the debug print's line so far (core.c): line_len characters from
     * line + SIM_DPRINT_HEAD, the prefix written in front when it is
     * printed; line_cap bytes in all, grown as the line is */
    char *line;
    int line_len, line_cap;
    /* fault-detail registers (TF_MMIO_FAULT_*): TF_FAULT_DETAIL_* and aux */
    uint32_t fault_detail;
    uint64_t fault_aux;
    /* the L1 range TF_MMIO_INFLIGHT_READS/_WRITES ask about (noc.c) */
    uint32_t inflight_addr, inflight_len;
    /* hardware counters (perf.c): the window since GO and a pending wait */
    struct {
        int open, blocked; /* window open; blocked on an access that waits */
        int cause, cb;     /* what it blocked on (TF_PERF_WAIT_*, CB id) */
        uint64_t extra0, instret0, traps0, blocked_extra;
    } perf;
} sim_core_hart;

/* A host write to a core's mailbox, held until start() (see chip.c); its
 * bytes at `off` in the core's staged_bytes. */
typedef struct sim_staged_write {
    uint32_t addr, len;
    uint32_t off;
    uint64_t epoch; /* start() calls before it was made: a later start() applies it */
} sim_staged_write;

typedef struct sim_tile_engine sim_tile_engine;

typedef struct sim_core {
    struct sim_chip *chip;
    int x, y; /* logical */
    sim_mem *l1;
    sim_tile_engine *tile; /* allocated when a TRISC first uses it */
    sim_core_hart harts[TF_NUM_RISCS];
    struct sim_worker *worker; /* the host thread that runs this core's harts */
    /* bit r: harts[r] sleeps in wfi (state TF_HS_WFI), so that a
     * mailbox write (many a dispatch: the firmware's status stores) finds
     * the harts to wake without looking at the five */
    uint8_t wfi;
    sim_staged_write *staged;
    int nstaged, cap_staged;
    /* the staged writes' bytes, in order, in one buffer kept from write to
     * write (a malloc and a free each was 2% of a dispatch-bound loop's
     * host instructions: a dispatch stages four) */
    uint8_t *staged_bytes;
    uint32_t nstaged_bytes, cap_staged_bytes;
    tf_perf_core perf; /* counters of the last dispatch (perf.c) */
    /* the words of perf written since the GO: bit w % 64 of [w / 64] is
     * word w (sim_perf_mark). Every other word is zero, so the GO zeroes
     * and the host reads only these (issue 15: a dispatch-bound core
     * writes two dozen of the 643) */
    uint64_t perf_written[TF_PERF_NZ_WORDS];
    /* the hottest writers' marks, coarser (one store, not a word's bit
     * each; perf.c folds them into perf_written's view where it is read):
     * RISCs that issued NOC transactions (their noc_rd, noc_wr, mcast and
     * atomics), DRAM banks they reached (dram_rd, dram_wr, dram_busy), and
     * whether the tile engine counted (unit_busy, flops, tiles, fidelity,
     * the RISCs' tile) */
    uint32_t perf_noc_riscs, perf_tile;
    uint64_t perf_banks;
    /* the network's latency from this core to each DRAM bank (noc.c: a
     * transfer's issue looks it up; most transfers are the readers') */
    uint32_t dram_lat[TF_MAX_DRAM_BANKS];
    /* The host's view of the mailbox (chip.c, publish_mailboxes): a copy
     * made at a round boundary, read under the chip's snap_lock, so that a
     * host polling for DONE never stops the scheduler. mb_dirty: written
     * since the last copy (by this core's harts, the NOC or the host). */
    uint8_t mb_snap[sizeof(tf_mailbox)];
    int mb_dirty;
    /* GOs landed, and the GO whose dispatch's windows have all closed:
     * while the two are equal nothing changes perf, and the host copies it
     * without the chip's lock (op_perf_counters; atomics, perf.c) */
    uint32_t perf_go, perf_done_go;
} sim_core;

/* A NOC transaction completing at `time`: one 64-byte cache line (the
 * pool's events are the NOC's hot data: written at issue, read at the
 * round's end and at completion). Until the round ends (sim_noc_resolve)
 * `time` is the port's end, `start` and `lat` the port and bank part of
 * the timing; then `time`, `seq` and `next` take their places. */
typedef struct sim_noc_event {
    uint64_t time;
    union {
        uint64_t start; /* until resolved */
        uint64_t seq;
    };
    uint64_t remote; /* NOC address (the destination core: TF_NOC_X/Y of it) */
    sim_core_hart *issuer;
    uint8_t *data;  /* a write's source, copied when the issuer flushed; else read at completion */
    uint32_t local; /* issuer's L1 address */
    uint32_t len;
    union {
        uint32_t lat;  /* until resolved */
        uint32_t next; /* the next event of its wheel slot */
    };
    uint32_t generation;
    uint8_t kind; /* TF_NOC_CMD_* */
    uint8_t noc;
    int8_t bank;  /* DRAM bank the transfer occupies, or -1 */
    uint8_t live; /* a pool slot in use */
    /* a read's or write's transaction id (TF_NOC_REG_TRID when issued) and
     * that id's epoch then (sim_noc_if.trid_epoch): one word, the event
     * stays 64 bytes */
    uint32_t trid : 8, epoch : 24;
} sim_noc_event;
/* epochs an id goes through before one repeats: 2^24 clears of an id, each
 * with a transfer issued since the last, while one is still in flight */
#define TF_NOC_EPOCHS (1u << 24)

/* A host thread of the simulator and what its harts did during a round,
 * applied at the round's end in hart order (docs/chip.md, "Threads"). */
typedef struct sim_dprint_line {
    int hart; /* index in the chip's hart order */
    char *text;
} sim_dprint_line;

typedef struct sim_worker {
    struct sim_chip *chip;
    int id;
    pthread_t thread;
    int started;
    uint64_t *own; /* per active-bitmap word: this worker's harts */
    sim_flag go;   /* bumped by the scheduler: run the round */
    uint64_t instructions;
    int progressed;        /* a hart waiting in the tile engine got past it */
    sim_noc_event *issued; /* NOC transfers issued this round, in hart order */
    int nissued, cap_issued;
    sim_dprint_line *lines; /* debug-print lines of this round (threads > 1) */
    int nlines, cap_lines;
} sim_worker;

typedef struct sim_dram_bank {
    uint8_t **chunks; /* lazily allocated TF_DRAM_CHUNK-byte chunks */
    uint64_t nchunks;
    uint64_t busy_until; /* bandwidth model */
} sim_dram_bank;

typedef struct sim_chip {
    tf_transport base; /* first: the transport handle is the chip */
    int gx, gy, ncores, nbanks;
    uint64_t bank_size;
    uint32_t quantum;
    sim_core *cores;
    sim_core_hart **hart_at; /* by index: core-major, then RISC */
    int nharts;
    uint64_t *active; /* bitmap of harts the scheduler visits */
    int active_words;
    sim_dram_bank *banks;
    /* in-flight NOC events: a pool of slots, a timing wheel of the next
     * 1024 cycles and a min-heap of keys on (time, seq) beyond (noc.c) */
    sim_noc_event *events;
    struct sim_noc_key *heap;
    uint32_t *free_slots;
    int nheap, nfree, cap_events, nwheel;
    uint64_t wheel_base;
    uint32_t wheel_head[1024], wheel_tail[1024];
    uint64_t wheel_bits[1024 / 64];
    uint64_t seq;
    uint64_t now;       /* start of the current round, in cycles */
    uint64_t host_seen; /* the host clock's last reading by pace() (chip.c) */
    int idle;
    int stalled;          /* only waits on L1 words remain: one more check, then idle */
    int closing;          /* chip_free: debug print lines go out at once, not queued */
    int stuck;            /* went idle so: only the host can end the waits (op_stalled) */
    int nstaged;          /* cores holding staged mailbox writes */
    uint64_t start_epoch; /* start() calls so far */
    /* threading: the scheduler thread holds `lock` while it runs a round */
    pthread_t thread;
    pthread_mutex_t lock;
    int run_requested; /* under lock */
    sim_flag bell;     /* doorbell: start() and close() */
    atomic_int stop;
    atomic_int host_pending;
    sim_flag host_gone;   /* a host access let go of the lock */
    int running;          /* the scheduler is running rounds (not idle) */
    int host_runs;        /* under lock: start_sync's work, run by the host in wait() */
    int host_run_ok;      /* TT_FOIL_SIM_HOST_RUNS: start_sync may give the host the work */
    uint64_t host_rounds; /* of `rounds`, those a host thread ran (test_host_runs) */
    int parallel;         /* the last round ran on the workers' threads */
    int settle_now; /* this round runs in hart order on one thread: NOC transfers settle at issue */
    /* progress notifications: a waiting host never needs the chip's lock */
    sim_flag progress;
    pthread_mutex_t snap_lock; /* the cores' mb_snap (taken after `lock`) */
    int mb_dirty;              /* some core's mb_dirty is set */
    uint32_t seen_gen;
    /* the simulator's threads: workers[0] is the scheduler thread itself */
    sim_worker *workers;
    int nworkers;
    uint64_t round_t0, round_t1;
    int recheck;       /* blocked accesses re-checked by the scheduler (TT_FOIL_SIM_RECHECK) */
    int parallel_mode; /* TT_FOIL_SIM_PARALLEL: 1 always, 0 never, -1 as sim_par_choose says */
    sim_par par;       /* whether rounds run in parallel (sim/par.h) */
    uint64_t round_seq0, round_h0; /* the round's first transfer seq, its host start */
    int round_judged;              /* the round ran as sim_par_choose said: timed */
    uint32_t round_done;           /* workers that finished the round */
    sim_flag round_flag;           /* bumped as each finishes */
    /* statistics */
    uint64_t rounds, instructions;
} sim_chip;

#define TF_DRAM_CHUNK (1u << 20)

/* A word of NOC command register `reg` (TF_NOC_REG_*) of NOC noc. */
#define TF_NOC_REGW(sh, noc, reg) ((sh)->noc_regs[noc][(reg) / 4])
/* The registers the hart stores directly (sim_bus.regs_plain): on each
 * NOC, the remote address, local address, length and destination count,
 * whose stores have no side effect. */
#define TF_NOC_PLAIN_1                                                                             \
    (1u << TF_NOC_REG_REMOTE_LO / 4 | 1u << TF_NOC_REG_REMOTE_HI / 4 |                             \
     1u << TF_NOC_REG_LOCAL / 4 | 1u << TF_NOC_REG_LEN / 4 | 1u << TF_NOC_REG_NUM_DESTS / 4 |      \
     1u << TF_NOC_REG_TRID / 4 | 1u << TF_NOC_REG_TRID_WAIT / 4)
#define TF_NOC_REGS_PLAIN (TF_NOC_PLAIN_1 | TF_NOC_PLAIN_1 << (TF_NOC_REG_SIZE / 4))
/* The tile engine's four argument words, stored by the hart itself
 * (sim_bus.regs2 at TF_MMIO_TILE_ARG0: sim_core_hart.tile_args) but
 * while a wait is to be settled */
#define TF_TILE_REGS_PLAIN 0xfu
/* The command registers, whose store the hart hands straight to core.c
 * (sim_bus.regs_call) */
#define TF_NOC_REGS_CALL (1u << TF_NOC_REG_CMD / 4 | 1u << (TF_NOC_REG_SIZE + TF_NOC_REG_CMD) / 4)

/* NOC and DRAM bandwidth (noc.c's cost model; also the chip's modeled
 * peaks, tf_chip_info) */
#define TF_NOC_PORT_BYTES_PER_CYCLE 64
#define TF_DRAM_BYTES_PER_CYCLE     32

/* core.c: registers, debug print, fault detail, mailbox wake-ups */
int sim_core_init(sim_chip *c, sim_core *core, int x, int y);
void sim_core_free(sim_core *core);
void sim_core_note_store(sim_core *core, uint32_t addr, uint32_t n, uint64_t time);
void sim_core_l1_write(sim_core *core, uint32_t addr, const void *src, uint32_t n, uint64_t time);
void sim_core_halt(sim_core_hart *sh);
void sim_core_fault_now(sim_core_hart *sh, uint32_t cause, uint32_t tval, uint32_t detail,
                        uint64_t aux);
void sim_core_reset_hart(sim_core_hart *sh, uint64_t time);
void sim_core_wake(sim_core *core, uint64_t time);
void sim_core_mailbox_written(sim_core *core); /* the host's copy is stale (chip.c) */
void sim_core_note_block(sim_core_hart *sh);   /* the hart stopped at an access that waits */
int sim_core_still_blocked(sim_core_hart *sh);
/* Whether an L1 word wait of kind TF_WAIT_KIND_* is over: word w, reference
 * ref. */
static inline int sim_core_wait_done(int kind, uint32_t w, uint32_t ref)
{
    return kind == TF_WAIT_KIND_EQ   ? w == ref
           : kind == TF_WAIT_KIND_GE ? (int32_t)(w - ref) >= 0
                                     : w >= ref;
}
void sim_chip_set_active(sim_chip *c, sim_core_hart *sh, int on);
void sim_chip_progress(sim_chip *c);
void sim_chip_dprint(sim_core_hart *sh, const char *line, int len);

/* noc.c: transactions, events, DRAM storage */
int sim_noc_issue(sim_core_hart *sh, int noc, int cmd);
int sim_noc_cmd_store(void *ctx, sim_hart *h, uint32_t k, uint32_t val); /* sim_bus.call */
void sim_noc_core_init(sim_core *core); /* core->dram_lat (after c->nbanks) */
/* -1: out of host memory (the RISC's fault detail set) */
int sim_noc_snapshot_writes(sim_core_hart *sh, int noc);
uint32_t sim_noc_inflight(const sim_core_hart *sh, int writes);
void sim_noc_trid_clear(sim_core_hart *sh, int noc, uint32_t mask);
void sim_noc_free_events(sim_chip *c);
void sim_noc_init_events(sim_chip *c);
uint64_t sim_noc_next_event(const sim_chip *c);
void sim_noc_process(sim_chip *c, uint64_t until);
void sim_noc_resolve(sim_chip *c, sim_noc_event *e);
int sim_noc_reserve(sim_chip *c, int more);
void sim_noc_lost(sim_noc_event *e, int fault);
int sim_dram_read(sim_chip *c, int bank, uint64_t addr, void *dst, uint64_t n);
int sim_dram_write(sim_chip *c, int bank, uint64_t addr, const void *src, uint64_t n);
void sim_dram_free(sim_chip *c);

/* perf.c: the hardware counters (contracts/tf_perf.h). Counting costs no
 * modeled cycle. */
void sim_perf_go(sim_core *core);                          /* a GO landed: zero, open windows */
void sim_perf_done(sim_core_hart *sh);                     /* it stored its done_id: close */
void sim_perf_block(sim_core_hart *sh, int cause, int cb); /* an access waits */
void sim_perf_settle(sim_core_hart *sh);                   /* the retried access: count the wait */
void sim_perf_wait(sim_core_hart *sh, int cause, uint64_t cycles);
int sim_perf_l1_cause(uint32_t addr, int *cb); /* what a wait on this L1 word waits for */
int sim_perf_read(sim_chip *c, int x, int y, tf_perf_core *out);
int sim_perf_read_done(sim_core *core, tf_perf_core *out); /* no lock; -1: not done (perf.c) */
/* The same as the non-zero words (tf_transport_ops.perf_counters_sparse). */
int sim_perf_read_sparse(sim_chip *c, int x, int y, uint64_t *nz, uint64_t *vals);
int sim_perf_read_sparse_done(sim_core *core, uint64_t *nz,
                              uint64_t *vals); /* no lock; -1: not done */

/* Bit of counter word *w of `c` in the bitmap m (bit i % 64 of [i / 64]
 * is word i). */
static inline void sim_perf_mark_in(uint64_t *m, const tf_perf_core *c, const uint64_t *w)
{
    size_t i = (size_t)(w - (const uint64_t *)(const void *)c);
    m[i / 64] |= 1ull << (i % 64);
}

/* Counter word *w of the core's perf is written: every writer of a
 * counter says so, before or after the write (perf_written). */
static inline void sim_perf_mark(sim_core *core, const uint64_t *w)
{
    sim_perf_mark_in(core->perf_written, &core->perf, w);
}

/* perf.c's counters of a NOC transaction issued (`bank` >= 0: to or from
 * DRAM), inline: one a transfer. Counted on the issuing core only: a
 * core's counters are its own. */
static inline void sim_perf_noc(sim_core_hart *sh, int noc, int cmd, uint32_t bytes, uint32_t dests,
                                int bank)
{
    tf_perf_core *pc = &sh->core->perf;
    tf_perf_risc *p = &pc->risc[sh->risc];
    sim_core *core = sh->core;
    int read = cmd == TF_NOC_CMD_READ;
    core->perf_noc_riscs |= 1u << sh->risc;
    if (read)
        p->noc_rd[noc] += bytes;
    else
        p->noc_wr[noc] += bytes;
    if (cmd == TF_NOC_CMD_ATOMIC_INC || cmd == TF_NOC_CMD_ATOMIC_INC_MCAST) p->atomics++;
    if (cmd == TF_NOC_CMD_WRITE_MCAST || cmd == TF_NOC_CMD_WRITE_MCAST_SRC ||
        cmd == TF_NOC_CMD_ATOMIC_INC_MCAST)
        p->mcast += (uint64_t)bytes * dests;
    if (bank >= 0 && bank < TF_PERF_MAX_BANKS) {
        core->perf_banks |= 1ull << bank;
        if (read)
            pc->dram_rd[bank] += bytes;
        else
            pc->dram_wr[bank] += bytes;
        pc->dram_busy[bank] += (bytes + TF_DRAM_BYTES_PER_CYCLE - 1) / TF_DRAM_BYTES_PER_CYCLE;
    }
}

/* tile.c: the tile engine the TRISCs drive (tf_tile.h) */
int sim_tile_command(sim_core_hart *sh, uint32_t op); /* a TF_BUS_* result */
void sim_tile_reset(sim_core *core);
/* A GO landed: a kernel run starts (cumsum_tile's carry and Welford's
 * statistics are not taken from an earlier run: tile.c) */
void sim_tile_go(sim_core *core);
void sim_tile_free(sim_core *core);
uint32_t sim_tile_matmul_cycles(int phases); /* a matmul tile op (0: simple mode) */

#endif
