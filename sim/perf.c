/* The chip's hardware counters (contracts/tf_perf.h, docs/chip.md
 * "Counters"): per core and dispatch, what each RISC did with every cycle
 * between its GO and its done, what the tile engine's units did, and the
 * NOC and DRAM traffic the core issued.
 *
 * A hart's clock is instret + cyc_extra (hart.h): every cycle that is not
 * an instruction retired is a move of cyc_extra, and each such move is made
 * in one of a few places, which say why:
 *   - an access that waits (an L1 word, a NOC barrier or flush, a tile
 *     command that cannot run yet) returns BLOCK; the scheduler later moves
 *     the clock and retries the same instruction, whose first access
 *     settles the wait (sim_perf_block, then sim_perf_settle);
 *   - the tile engine moves the clock to when an operand or DEST half is
 *     there (a wait), then by the operation's cycles (busy): tile.c;
 *   - a hart asleep in wfi is moved to its wake-up time (idle): core.c;
 *   - a trap takes a cycle (hart.c counts them: trap_cycles).
 * Whatever moved the clock and claimed no cause is `other`: zero in every
 * test, so the parts add up to the window by construction and by check.
 *
 * The window: a core's counters are zeroed when a GO lands in its mailbox
 * (sim_core_l1_write), and each RISC's closes when it stores its done_id
 * (core.c's mailbox hook). Nothing here changes a modeled cycle. */
#include "chip.h"
#include "common/cm_err.h"

#include <pthread.h>
#include <stddef.h>
#include <string.h>

static tf_perf_risc *risc_of(sim_core_hart *sh)
{
    return &sh->core->perf.risc[sh->risc];
}

/* The words each coarse mark (sim/chip.h) stands for, as bitmaps of the
 * counter words: a RISC's NOC counters, and the tile engine's. Made once
 * (pthread_once in written's first call: every chip's are the same). The
 * banks' words need none: each of dram_rd, dram_wr and dram_busy is 64
 * words in a row, so a bank bitmap is those words' bits, shifted. */
static uint64_t perf_noc_mask[TF_NUM_RISCS][TF_PERF_NZ_WORDS];
static uint64_t perf_tile_mask[TF_PERF_NZ_WORDS];
static pthread_once_t perf_masks_once = PTHREAD_ONCE_INIT;

static void masks_init(void)
{
    static const tf_perf_core c; /* (only its words' addresses are taken) */
#define MARK(m, ptr) sim_perf_mark_in((m), &c, (ptr))
    for (int r = 0; r < TF_NUM_RISCS; r++) {
        const tf_perf_risc *p = &c.risc[r];
        for (int n = 0; n < TF_NUM_NOCS; n++) {
            MARK(perf_noc_mask[r], &p->noc_rd[n]);
            MARK(perf_noc_mask[r], &p->noc_wr[n]);
        }
        MARK(perf_noc_mask[r], &p->mcast);
        MARK(perf_noc_mask[r], &p->atomics);
        MARK(perf_tile_mask, &p->tile);
    }
    for (int u = 0; u < TF_PERF_NUM_UNITS; u++) MARK(perf_tile_mask, &c.unit_busy[u]);
    for (int k = 0; k < TF_PERF_NUM_FLOPS; k++) {
        MARK(perf_tile_mask, &c.flops[k]);
        MARK(perf_tile_mask, &c.tiles[k]);
    }
    MARK(perf_tile_mask, &c.fidelity);
#undef MARK
}

_Static_assert(TF_PERF_MAX_BANKS == 64, "a bank bitmap is one uint64_t");

/* The bank bitmap's bits at the counter words of a bank array at word `at`. */
static inline void mark_banks(uint64_t *m, size_t at, uint64_t banks)
{
    unsigned s = (unsigned)(at % 64);
    m[at / 64] |= banks << s;
    if (s) m[at / 64 + 1] |= banks >> (64 - s);
}

/* The words the dispatch may have written: perf_written with the coarser
 * marks (sim/chip.h) spelt out into their words. */
static void written(const sim_core *core, uint64_t *m)
{
    pthread_once(&perf_masks_once, masks_init);
    memcpy(m, core->perf_written, sizeof core->perf_written);
    for (uint32_t rm = core->perf_noc_riscs; rm; rm &= rm - 1)
        for (size_t k = 0; k < TF_PERF_NZ_WORDS; k++) m[k] |= perf_noc_mask[__builtin_ctz(rm)][k];
    if (core->perf_banks) {
        enum {
            RD = offsetof(tf_perf_core, dram_rd) / 8,
            WR = offsetof(tf_perf_core, dram_wr) / 8,
            BUSY = offsetof(tf_perf_core, dram_busy) / 8
        };
        mark_banks(m, RD, core->perf_banks);
        mark_banks(m, WR, core->perf_banks);
        mark_banks(m, BUSY, core->perf_banks);
    }
    if (core->perf_tile)
        for (size_t k = 0; k < TF_PERF_NZ_WORDS; k++) m[k] |= perf_tile_mask[k];
}

void sim_perf_go(sim_core *core)
{
    /* the snapshot is of the dispatch before: no longer current */
    __atomic_store_n(&core->perf_go, core->perf_go + 1, __ATOMIC_RELEASE);
    /* zero: only the words the dispatch before wrote are not zero */
    uint64_t *w = (uint64_t *)(void *)&core->perf, mark[TF_PERF_NZ_WORDS];
    written(core, mark);
    for (size_t k = 0; k < TF_PERF_NZ_WORDS; k++) {
        for (uint64_t m = mark[k]; m; m &= m - 1) w[64 * k + (size_t)__builtin_ctzll(m)] = 0;
        core->perf_written[k] = 0;
    }
    core->perf_noc_riscs = core->perf_tile = 0;
    core->perf_banks = 0;
    for (int r = 0; r < TF_NUM_RISCS; r++) {
        sim_core_hart *sh = &core->harts[r];
        sh->perf.open = 0;
        if (sh->state == TF_HS_RESET || sh->state == TF_HS_HALT) continue;
        sh->perf.open = 1;
        sh->perf.extra0 = sh->h.cyc_extra;
        sh->perf.instret0 = sh->h.instret;
        sh->perf.traps0 = sh->h.trap_cycles;
        sh->perf.blocked_extra = sh->h.cyc_extra; /* a wait from before counts from now */
        core->perf.risc[r].start = sim_hart_cycle(&sh->h);
        core->perf.valid |= 1u << r;
        sim_perf_mark(core, &core->perf.risc[r].start);
        sim_perf_mark(core, &core->perf.valid);
    }
}

/* Called from the done_id store's hook: that store has not retired yet. */
void sim_perf_done(sim_core_hart *sh)
{
    if (!sh->perf.open) return;
    sim_hart *h = &sh->h;
    tf_perf_risc *p = risc_of(sh);
    sh->perf.open = 0;
    p->end = sim_hart_cycle(h) + 1;
    p->instret = h->instret + 1 - sh->perf.instret0;
    p->wait[TF_PERF_WAIT_TRAP] = h->trap_cycles - sh->perf.traps0;
    uint64_t claimed = p->tile;
    /* unrolled (a dozen adds, not a loop's compare and branch each: every
     * RISC of every dispatch comes here) */
#pragma GCC unroll 32
    for (int w = 0; w < TF_PERF_NUM_WAITS; w++) claimed += p->wait[w];
    uint64_t extra = h->cyc_extra - sh->perf.extra0;
    p->wait[TF_PERF_WAIT_OTHER] = extra > claimed ? extra - claimed : 0;
    sim_core *core = sh->core;
    sim_perf_mark(core, &p->end);
    sim_perf_mark(core, &p->instret);
    /* (only these write the two: zero stays unmarked, one word less to read) */
    if (p->wait[TF_PERF_WAIT_TRAP]) sim_perf_mark(core, &p->wait[TF_PERF_WAIT_TRAP]);
    if (p->wait[TF_PERF_WAIT_OTHER]) sim_perf_mark(core, &p->wait[TF_PERF_WAIT_OTHER]);
    for (int r = 0; r < TF_NUM_RISCS; r++)
        if (core->harts[r].perf.open) return;
    /* The dispatch's last window closed (BRISC's, which waits for the
     * others): nothing counts on this core until the next GO (waits count
     * in open windows only; tile cycles, NOC and DRAM bytes when a kernel
     * issues them, and no kernel runs), so the counters are what the host
     * reads after DONE. Published before the DONE store that follows; the
     * host copies them without the chip's lock (sim_perf_read_done). */
    __atomic_store_n(&core->perf_done_go, core->perf_go, __ATOMIC_RELEASE);
}

void sim_perf_wait(sim_core_hart *sh, int cause, uint64_t cycles)
{
    if (!sh->perf.open || !cycles) return;
    tf_perf_risc *p = risc_of(sh);
    p->wait[cause] += cycles;
    sim_perf_mark(sh->core, &p->wait[cause]);
    uint64_t *cb = cause == TF_PERF_WAIT_CB_FRONT  ? &p->cb_front[sh->perf.cb]
                   : cause == TF_PERF_WAIT_CB_BACK ? &p->cb_back[sh->perf.cb]
                                                   : NULL;
    if (cb) *cb += cycles, sim_perf_mark(sh->core, cb);
}

void sim_perf_block(sim_core_hart *sh, int cause, int cb)
{
    if (!sh->perf.blocked) sh->perf.blocked_extra = sh->h.cyc_extra;
    sh->perf.blocked = 1;
    sh->h.bus.regs_plain = 0; /* the next register access settles the wait (core.c) */
    sh->h.bus.regs2_plain = 0;
    sh->perf.cause = cause;
    sh->perf.cb = cb;
}

void sim_perf_settle(sim_core_hart *sh)
{
    sh->perf.blocked = 0;
    sh->h.bus.regs_plain = TF_NOC_REGS_PLAIN;
    sh->h.bus.regs2_plain = TF_TILE_REGS_PLAIN;
    sim_perf_wait(sh, sh->perf.cause, sh->h.cyc_extra - sh->perf.blocked_extra);
}

/* cb_wait_front waits on a CB's `received`, cb_reserve_back on its `acked`
 * (device/include/circular_buffer.h): the address says which CB, so the
 * device code need not say (no instruction, no modeled cost). */
int sim_perf_l1_cause(uint32_t addr, int *cb)
{
    *cb = 0;
    uint32_t off = addr - TF_L1_CB_SHARED;
    if (off < TF_MAX_CBS * sizeof(tf_cb_shared)) {
        *cb = (int)(off / sizeof(tf_cb_shared));
        off %= sizeof(tf_cb_shared);
        if (off == offsetof(tf_cb_shared, received)) return TF_PERF_WAIT_CB_FRONT;
        if (off == offsetof(tf_cb_shared, acked)) return TF_PERF_WAIT_CB_BACK;
        return TF_PERF_WAIT_L1_WORD;
    }
    off = addr - TF_L1_SEMAPHORES; /* a semaphore's word, not the padding after it */
    if (off < TF_MAX_SEMAPHORES * TF_SEMAPHORE_STRIDE && off % TF_SEMAPHORE_STRIDE == 0)
        return TF_PERF_WAIT_SEM;
    return TF_PERF_WAIT_L1_WORD;
}

/* (sim_perf_noc, the NOC's counters, is an inline in chip.h: one call a
 * transfer less) */

/* A wait still going on is counted when it ends (the scheduler's
 * re-check leaves it open while it waits for the same thing): a read of
 * the counters as they stand first counts the cycles it has waited so
 * far, and the wait goes on from there. Under the chip's lock, between
 * rounds: the same figures as when every re-check counted them. */
static void count_open_waits(sim_core *core)
{
    for (int r = 0; r < TF_NUM_RISCS; r++) {
        sim_core_hart *sh = &core->harts[r];
        if (!sh->perf.blocked) continue;
        int cause = sh->perf.cause, cb = sh->perf.cb;
        sim_perf_settle(sh);
        sim_perf_block(sh, cause, cb);
    }
}

int sim_perf_read(sim_chip *c, int x, int y, tf_perf_core *out)
{
    count_open_waits(&c->cores[y * c->gx + x]);
    memcpy(out, &c->cores[y * c->gx + x].perf, sizeof *out);
    return 0;
}

/* The non-zero words of the core's counters: the written ones (perf_written)
 * that are not zero, a walk of two dozen words, not a copy of 643. */
static int read_sparse(const sim_core *core, uint64_t *nz, uint64_t *vals)
{
    const uint64_t *w = (const uint64_t *)(const void *)&core->perf;
    uint64_t mark[TF_PERF_NZ_WORDS];
    written(core, mark);
    size_t n = 0;
    for (size_t k = 0; k < TF_PERF_NZ_WORDS; k++) {
        const uint64_t *wk = w + 64 * k;
        uint64_t bits = mark[k];
        for (uint64_t m = bits; m; m &= m - 1) {
            size_t b = (size_t)__builtin_ctzll(m);
            uint64_t v = wk[b];
            vals[n] = v; /* kept only when not zero */
            n += v != 0;
            /* a marked word that is zero (a NOC's counters when the other
             * carried the bytes): the same ones dispatch after dispatch,
             * a branch the host predicts */
            if (!v) bits &= ~(1ull << b);
        }
        nz[k] = bits;
    }
    return (int)n;
}

#ifdef TT_FOIL_ASSERTS
/* Every writer marked what it wrote: no word outside nz is non-zero (the
 * first one that is, or -1). Checked in the builds with assertions. */
static long unmarked(const sim_core *core, const uint64_t *nz)
{
    const uint64_t *w = (const uint64_t *)(const void *)&core->perf;
    for (size_t i = 0; i < TF_PERF_WORDS; i++)
        if (w[i] && !(nz[i / 64] >> (i % 64) & 1)) return (long)i;
    return -1;
}
#endif

int sim_perf_read_sparse(sim_chip *c, int x, int y, uint64_t *nz, uint64_t *vals)
{
    sim_core *core = &c->cores[y * c->gx + x];
    count_open_waits(core);
    int n = read_sparse(core, nz, vals);
#ifdef TT_FOIL_ASSERTS
    CM_ASSERT(unmarked(core, nz) < 0);
#endif
    return n;
}

/* The counters of the core's last completed dispatch are read without
 * the chip's lock (sim_perf_read_done, sim_perf_read_sparse_done) between
 * these two: done_begin gives the GO count if the core's windows have
 * closed since the last GO (-1: a dispatch is running, or one did not
 * finish: the caller reads them under the lock); until the next GO
 * nothing writes them, and done_end, after the reads, says whether one
 * landed meanwhile (a host reading a core it has launched asynchronously). */
static int64_t done_begin(const sim_core *core)
{
    uint32_t go = __atomic_load_n(&core->perf_go, __ATOMIC_ACQUIRE);
    return __atomic_load_n(&core->perf_done_go, __ATOMIC_ACQUIRE) == go ? (int64_t)go : -1;
}

static int done_end(const sim_core *core, uint32_t go)
{
    /* the reads' loads before the second read (ThreadSanitizer does not
     * model fences: its builds rely on the first check alone) */
#ifndef __SANITIZE_THREAD__
    __atomic_thread_fence(__ATOMIC_ACQUIRE);
#endif
    return __atomic_load_n(&core->perf_go, __ATOMIC_RELAXED) == go ? 0 : -1;
}

/* read_sparse after DONE, without the lock; -1: not done. */
int sim_perf_read_sparse_done(sim_core *core, uint64_t *nz, uint64_t *vals)
{
    int64_t go = done_begin(core);
    if (go < 0) return -1;
    int n = read_sparse(core, nz, vals);
#ifdef TT_FOIL_ASSERTS
    long bad = unmarked(core, nz);
#endif
    if (done_end(core, (uint32_t)go)) return -1;
#ifdef TT_FOIL_ASSERTS
    CM_ASSERT(bad < 0); /* (a GO landing meanwhile would have changed the words) */
#endif
    return n;
}

/* The counters of the core's last completed dispatch after DONE, without
 * the lock (done_begin); -1: not done. */
int sim_perf_read_done(sim_core *core, tf_perf_core *out)
{
    int64_t go = done_begin(core);
    if (go < 0) return -1;
    memcpy(out, &core->perf, sizeof *out);
    return done_end(core, (uint32_t)go);
}
