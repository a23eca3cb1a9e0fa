/* The simulated chip behind the transport: a grid of cores, DRAM banks and
 * the NOC, run by a deterministic scheduler on its own thread.
 *
 * Scheduling (docs/chip.md): time advances in rounds of `quantum` cycles.
 * Each round visits the active harts in a fixed order (core-major, then
 * RISC) and runs each up to the round's end; then NOC transactions due by
 * then complete in (time, issue order). A hart sleeping in wfi, waiting on
 * an L1 word or for NOC completions costs nothing until woken; a hart that
 * waited for completions resumes at their exact time. Given the same writes
 * before start(), the same dispatch takes the same modeled cycles.
 *
 * Host writes to a core's mailbox (GO, launch message, resets of it) are
 * staged and applied at start(), all at one round boundary where every core
 * they target is quiescent (each RISC asleep, in reset or halted). So every
 * GO of a dispatch lands at the same modeled time, and never while a RISC
 * is still finishing the previous dispatch.
 *
 * Clock: while idle, the chip's clock follows the host's monotonic clock
 * (1 cycle = 1 ns); while running it advances by modeled cycles, never ahead
 * of the host clock (the thread sleeps if it would be), so device timestamps
 * can be placed on the host timeline as they are.
 *
 * Threads: the cores are dealt round-robin to `nworkers` host threads
 * (workers[0] is the scheduler thread). A round runs each worker's harts
 * on its own thread; what crosses cores is applied at the round's end in
 * hart order, as one thread would have done it: NOC transfers get their
 * DRAM bank time and completion order (sim_noc_resolve), debug-print lines
 * are printed. Completions land at the next round's start, on the
 * scheduler thread. Within a round a hart touches only its own core (L1,
 * tile engine, sibling harts), so the result is the same for any number
 * of threads, and a round with work for one worker only runs on the
 * scheduler thread. */
#include "chip.h"
#include "tile_engine.h"
#include "common/cm_env.h"
#include "common/cm_err.h"

#include "tf_env.h"

#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define host_ns            sim_host_ns
#define TF_SIM_MAX_THREADS 64
#define TF_SIM_MAX_QUANTUM (1u << 20) /* cycles: ~1 ms of the modeled chip */
/* tf_device_counters_read waits for the chip to go idle (a dispatch's
 * RISCs sleep within a few rounds of DONE) for up to this many rounds: a
 * count of the chip's own progress, so the figures are the same however
 * busy the host is (a 20 ms host-time wait, run out on a loaded machine
 * with the process descheduled, read cnn_demo's instruction count
 * mid-run: test_sim_parallel failed once). The host-time guard is only
 * for a chip that makes no rounds at all. */
#define TF_COUNTERS_SETTLE_ROUNDS 65536ull
#define TF_COUNTERS_SLICE_NS      20000000ull
#define TF_COUNTERS_HANG_NS       10000000000ull

static void stop_workers(sim_chip *c);

static sim_chip *chip_of(tf_transport *t)
{
    return (sim_chip *)t;
}

/* Harts of one 64-bit word may belong to two workers: atomic updates. A
 * worker changes only its own harts' bits during a round. */
void sim_chip_set_active(sim_chip *c, sim_core_hart *sh, int on)
{
    uint64_t bit = 1ull << (sh->index & 63);
    if (on)
        __atomic_fetch_or(&c->active[sh->index >> 6], bit, __ATOMIC_RELAXED);
    else
        __atomic_fetch_and(&c->active[sh->index >> 6], ~bit, __ATOMIC_RELAXED);
}

void sim_chip_progress(sim_chip *c)
{
    sim_flag_post(&c->progress);
}

static uint32_t progress_now(sim_chip *c)
{
    return sim_flag_get(&c->progress);
}

/* A debug-print line: printed at once on one thread; with more, kept
 * until the round's end and printed in hart order (round_end). */
void sim_chip_dprint(sim_core_hart *sh, const char *line, int len)
{
    sim_chip *c = sh->core->chip;
    if (c->nworkers == 1 || c->closing) {
        fwrite(line, 1, (size_t)len, stderr);
        return;
    }
    sim_worker *w = sh->core->worker;
    char *t = malloc((size_t)len + 1);
    if (w->nlines == w->cap_lines) {
        int cap = w->cap_lines ? 2 * w->cap_lines : 16;
        sim_dprint_line *nl = realloc(w->lines, (size_t)cap * sizeof *nl);
        if (nl) {
            w->lines = nl;
            w->cap_lines = cap;
        }
    }
    if (!t || w->nlines == w->cap_lines) { /* out of host memory: print it now */
        free(t);
        fwrite(line, 1, (size_t)len, stderr);
        return;
    }
    memcpy(t, line, (size_t)len);
    t[len] = 0;
    w->lines[w->nlines++] = (sim_dprint_line){sh->index, t};
}

/* The chip's lock changes hands between the host and the scheduler on
 * every access the host makes: poll a while as sim_flag_wait does (waking
 * a thread asleep in the mutex can take tens of microseconds, far longer
 * than the round the holder is finishing), then sleep in the mutex. */
static void chip_lock_spin(pthread_mutex_t *m, uint64_t spin_ns)
{
    if (!pthread_mutex_trylock(m)) return;
    int step = sim_sync_multi_cpu() ? 8 : 1; /* as sim_flag_wait polls */
    uint64_t t0 = host_ns();
    do {
        for (int k = 0; k < step; k++) {
            if (step > 1) sim_cpu_relax();
            if (!pthread_mutex_trylock(m)) return;
        }
        sched_yield(); /* the holder may share this CPU (sync.c) */
    } while (host_ns() - t0 < spin_ns);
    pthread_mutex_lock(m);
}

static void chip_lock(pthread_mutex_t *m)
{
    chip_lock_spin(m, TF_SYNC_SPIN_NS);
}

/* Time stamp for a host action: while idle the chip has no time of its own
 * yet (harts are advanced to the start time when it runs). */
static uint64_t host_action_time(const sim_chip *c)
{
    return c->idle ? 0 : c->now;
}

static void hart_advance(sim_hart *h, uint64_t t)
{
    uint64_t cyc = sim_hart_cycle(h);
    if (cyc < t) h->cyc_extra += t - cyc;
}

static void run_hart(sim_chip *c, sim_worker *w, sim_core_hart *sh, uint64_t t1)
{
    sim_hart *h = &sh->h;
    uint64_t before = h->instret;
    int rc = sim_hart_run(h, t1);
    w->instructions += h->instret - before;
    switch (rc) {
    case TF_STOP_LIMIT: break;
    case TF_STOP_BLOCK: /* the register handler set the state; pc is at the access */
        if (sh->state == TF_HS_WAIT || sh->state == TF_HS_WAIT_TILE) sim_core_note_block(sh);
        break;
    case TF_STOP_WFI:
        sh->state = TF_HS_WFI;
        sh->core->wfi |= (uint8_t)(1u << sh->risc);
        sim_chip_set_active(c, sh, 0);
        break;
    default: /* a trap with no handler to run (a double trap): the firmware cannot report it */
        sim_core_halt(sh);
        break;
    }
}

static int core_quiescent(const sim_core *core)
{
    for (int r = 0; r < TF_NUM_RISCS; r++) {
        enum sim_hs st = core->harts[r].state;
        if (st != TF_HS_RESET && st != TF_HS_WFI && st != TF_HS_HALT) return 0;
    }
    return 1;
}

/* Room for n more staged writes of `bytes` in all on a core (the chip's
 * lock held); -1 (out of host memory) with the error set. */
static int stage_reserve(sim_core *core, int n, uint32_t bytes)
{
    if (n > core->cap_staged - core->nstaged) {
        int cap = core->cap_staged ? core->cap_staged : 8;
        while (cap - core->nstaged < n) cap *= 2; /* (n: a batch's writes) */
        sim_staged_write *ns = realloc(core->staged, (size_t)cap * sizeof *ns);
        if (!ns) goto oom;
        core->staged = ns;
        core->cap_staged = cap;
    }
    if (bytes > core->cap_staged_bytes - core->nstaged_bytes) {
        uint32_t cap = core->cap_staged_bytes ? core->cap_staged_bytes : 512;
        while (cap - core->nstaged_bytes < bytes) cap *= 2; /* (at most a mailbox a write) */
        uint8_t *nb = realloc(core->staged_bytes, cap);
        if (!nb) goto oom;
        core->staged_bytes = nb;
        core->cap_staged_bytes = cap;
    }
    return 0;
oom:
    return cm_err_set("out of host memory for a host write to core (%d,%d)'s mailbox", core->x,
                      core->y);
}

/* (its room reserved: stage_reserve) */
static void stage_write(sim_chip *c, sim_core *core, uint32_t addr, const void *src, uint32_t n)
{
    sim_staged_write *w = &core->staged[core->nstaged];
    w->off = core->nstaged_bytes;
    memcpy(core->staged_bytes + w->off, src, n);
    core->nstaged_bytes += n;
    w->addr = addr;
    w->len = n;
    w->epoch = c->start_epoch;
    if (core->nstaged++ == 0) c->nstaged++;
}

/* Apply a core's staged writes that a start() has covered (all of them if
 * `all`, for a core being released from reset), in order. */
static void apply_core_staged(sim_chip *c, sim_core *core, uint64_t time, int all)
{
    int k = 0;
    while (k < core->nstaged && (all || core->staged[k].epoch < c->start_epoch)) {
        sim_staged_write *w = &core->staged[k++];
        sim_core_l1_write(core, w->addr, core->staged_bytes + w->off, w->len, time);
    }
    if (!k) return;
    memmove(core->staged, core->staged + k, (size_t)(core->nstaged - k) * sizeof *core->staged);
    core->nstaged -= k;
    /* the bytes of those left move to the buffer's start */
    uint32_t done = core->nstaged ? core->staged[0].off : core->nstaged_bytes;
    memmove(core->staged_bytes, core->staged_bytes + done, core->nstaged_bytes - done);
    core->nstaged_bytes -= done;
    for (int i = 0; i < core->nstaged; i++) core->staged[i].off -= done;
    if (!core->nstaged) c->nstaged--;
}

static int core_ready(const sim_chip *c, const sim_core *core)
{
    return core->nstaged && core->staged[0].epoch < c->start_epoch;
}

/* Apply the staged writes a start() covered, if every core they target is
 * quiescent (or `force`); returns 1 if there were any and they landed. */
static int apply_staged(sim_chip *c, int force)
{
    int any = 0;
    for (int i = 0; i < c->ncores && c->nstaged; i++) {
        if (!core_ready(c, &c->cores[i])) continue;
        any = 1;
        if (!force && !core_quiescent(&c->cores[i])) return 0;
    }
    for (int i = 0; i < c->ncores && any; i++)
        if (core_ready(c, &c->cores[i])) apply_core_staged(c, &c->cores[i], host_action_time(c), 0);
    return any;
}

#define FOR_ACTIVE(c, i)                                                                           \
    for (int w_ = 0; w_ < (c)->active_words; w_++)                                                 \
        for (uint64_t m_ = (c)->active[w_]; m_; m_ &= m_ - 1)                                      \
            for (int i = w_ * 64 + __builtin_ctzll(m_), once_ = 1; once_; once_ = 0)

/* The chip's clock catches up with the host's when new work starts: from
 * idle, and when staged writes land (on quiescent cores only). A hart still
 * running keeps its own cycle count; it just gets a longer round. */
static void catch_up_with_host(sim_chip *c)
{
    uint64_t h = host_ns();
    if (h > c->now) c->now = h;
}

/* The host's copies of the mailboxes written since the last call, taken
 * at a round boundary holding `lock` (after pace: the host must not see a
 * DONE before its own clock has reached the time it happened). A host
 * polling a mailbox reads the copy under snap_lock alone (op_read_l1), so
 * it never makes the scheduler hand it the chip's lock between rounds:
 * that hand-off, once a round, cost more than the round. It sees what it
 * saw before, the mailbox at a round boundary; the progress post tells it
 * the copy changed. Returns 1 if one did. */
static int publish_mailboxes(sim_chip *c)
{
    if (!__atomic_load_n(&c->mb_dirty, __ATOMIC_RELAXED)) return 0;
    pthread_mutex_lock(&c->snap_lock);
    for (int i = 0; i < c->ncores; i++) {
        sim_core *core = &c->cores[i];
        if (!core->mb_dirty) continue;
        memcpy(core->mb_snap, core->l1->data + TF_L1_MAILBOX, sizeof core->mb_snap);
        core->mb_dirty = 0;
    }
    c->mb_dirty = 0;
    pthread_mutex_unlock(&c->snap_lock);
    return 1;
}

/* sim_core_still_blocked's common case, inline (a round visits every
 * waiting RISC: about 17,000 re-checks an inference of the CNN demo): the
 * same instruction (no write has reached code since it was read), its
 * wait still open in the counters with what it waits for unchanged. Open
 * (perf.blocked), the counters already hold that wait's cause: an L1
 * word wait's, from its address (core_load_regs; wait_addr cannot change
 * while the RISC waits), a tile wait's with cb 0 (tile.c), so there is
 * nothing to do to them. Anything else: the full check. */
static inline int still_blocked(sim_core_hart *sh)
{
    if (sh->perf.blocked && sh->block_insn && sh->block_epoch == sh->h.mem->code_epoch) {
        if (sh->state == TF_HS_WAIT_TILE) {
            const sim_tile_engine *e = sh->core->tile;
            if (e && e->changes == sh->tile_epoch && sh->perf.cb == 0) return 1;
        } else {
            uint32_t w;
            memcpy(&w, sh->core->l1->data + sh->wait_addr, 4);
            if (!sim_core_wait_done(sh->wait_kind, w, sh->wait_ref)) return 1;
            return 0; /* (what the full check finds: met) */
        }
    }
    return sim_core_still_blocked(sh);
}

/* One worker's part of a round (w NULL: every worker's, on this thread):
 * its active harts in index order, each up to t1. The mask of each word is
 * read once, when the word is reached (a hart woken later in the round by
 * a sibling runs this round only if it sits in a later word): one thread
 * or many, the same harts run. */
static void worker_round(sim_chip *c, sim_worker *w, uint64_t t0, uint64_t t1)
{
    for (int wd = 0; wd < c->active_words; wd++) {
        uint64_t own = w ? w->own[wd] : ~0ull;
        if (!own) continue;
        for (uint64_t m = __atomic_load_n(&c->active[wd], __ATOMIC_RELAXED) & own; m; m &= m - 1) {
            sim_core_hart *sh = c->hart_at[wd * 64 + __builtin_ctzll(m)];
            sim_worker *hw = sh->core->worker;
            switch (sh->state) {
            case TF_HS_RUN: run_hart(c, hw, sh, t1); break;
            case TF_HS_WAIT: /* an L1 word: resumed when a store met it, else at the round */
                if (sh->wait_met_at) {
                    sh->h.cyc_extra = sh->wait_met_at - sh->h.instret;
                    sh->wait_met_at = 0;
                } else {
                    hart_advance(&sh->h, t0);
                }
                /* fall through */
            case TF_HS_WAIT_TILE: { /* (the tile engine sets its clock) */
                /* retry the wait; it blocks again if unmet (sim_core_still_blocked
                 * tells without the interpreter) */
                if (c->recheck && sim_hart_cycle(&sh->h) < t1 && still_blocked(sh)) break;
                uint64_t before = sh->h.instret, since = sh->wait_since;
                sh->state = TF_HS_RUN;
                run_hart(c, hw, sh, t1);
                /* blocked again at the same access: the same wait, begun
                 * when it first blocked (what a store that meets it is
                 * measured against, with the interpreter's retry as
                 * without it) */
                if (sh->state == TF_HS_WAIT && sh->h.instret == before) sh->wait_since = since;
                /* it got past its access (and may wait again already, after
                 * storing what a hart visited before it this round waits
                 * for): progress, so the waits get another round (round_end;
                 * without it, two RISCs handing pages back and forth through
                 * L1 stopped the chip at a last look: a hang, then a false
                 * deadlock) */
                if (sh->h.instret != before) hw->progressed = 1;
                break;
            }
            case TF_HS_WAIT_UNTIL:
                if (sh->wake_at > t0) break;
                sh->state = TF_HS_RUN;
                hart_advance(&sh->h, sh->wake_at);
                run_hart(c, hw, sh, t1);
                break;
            default: break;
            }
        }
    }
}

static void *worker_main(void *arg)
{
    sim_worker *w = arg;
    sim_chip *c = w->chip;
    sim_fpenv_default();
    uint32_t seen = 0; /* go starts at 0, maybe bumped before this thread runs */
    for (;;) {
        /* poll while rounds run in parallel (a sleeping worker wakes tens
         * of microseconds late, longer than a round); sleep when they
         * run on the scheduler thread alone */
        seen = sim_flag_wait(&w->go, seen, &c->parallel, TF_SYNC_SPIN_NS, 0);
        if (atomic_load(&c->stop)) break;
        worker_round(c, w, c->round_t0, c->round_t1);
        __atomic_fetch_add(&c->round_done, 1, __ATOMIC_RELEASE);
        sim_flag_post(&c->round_flag);
    }
    return NULL;
}

/* Run the round on the workers in `mask` (bit k: workers[k] has harts to
 * visit): on their threads when two or more have work and that pays
 * (sim_par_choose), else all here. Either way the same harts run and the
 * round's end orders what they did, so the choice changes only the host
 * time. */
static void run_round(sim_chip *c, uint64_t mask, uint64_t t0, uint64_t t1)
{
    int multi = c->nworkers > 1 && (mask & (mask - 1)), par = 0;
    c->round_judged = 0;
    c->round_seq0 = c->seq;
    if (multi && c->parallel_mode >= 0) {
        par = c->parallel_mode;
    } else if (multi && sim_par_worth_it(&c->par)) {
        par = sim_par_choose(&c->par);
        c->round_judged = 1;
        c->round_h0 = host_ns();
    }
    if (!par) {
        /* on this thread, every hart in hart order: a NOC transfer settles
         * as it is issued (sim_noc_issue), as with one thread */
        __atomic_store_n(&c->parallel, 0, __ATOMIC_RELAXED);
        c->settle_now = 1;
        worker_round(c, NULL, t0, t1);
        return;
    }
    __atomic_store_n(&c->parallel, 1, __ATOMIC_RELAXED);
    c->settle_now = 0; /* the round's end settles the transfers, in hart order */
    c->round_t0 = t0;
    c->round_t1 = t1;
    __atomic_store_n(&c->round_done, 0, __ATOMIC_RELAXED);
    uint32_t seen = sim_flag_get(&c->round_flag), expected = 0;
    for (int k = 1; k < c->nworkers; k++)
        if (mask & (1ull << k)) {
            expected++;
            sim_flag_post(&c->workers[k].go);
        }
    if (mask & 1) worker_round(c, &c->workers[0], t0, t1);
    while (__atomic_load_n(&c->round_done, __ATOMIC_ACQUIRE) < expected)
        seen = sim_flag_wait(&c->round_flag, seen, NULL, TF_SYNC_SPIN_NS, 0);
}

/* What the round's harts did across cores, in hart order: each worker's
 * list is in hart order already, so merge them. */
static int next_worker(sim_chip *c, const int *pos, int which)
{
    int best = -1, bi = 0;
    for (int k = 0; k < c->nworkers; k++) {
        sim_worker *w = &c->workers[k];
        int n = which ? w->nlines : w->nissued;
        if (pos[k] >= n) continue;
        int h = which ? w->lines[pos[k]].hart : w->issued[pos[k]].issuer->index;
        if (best < 0 || h < bi) {
            best = k;
            bi = h;
        }
    }
    return best;
}

/* The debug print's lines the workers queued, in hart order. */
static void print_lines(sim_chip *c)
{
    int pos[TF_SIM_MAX_THREADS];
    memset(pos, 0, sizeof pos);
    for (int k; (k = next_worker(c, pos, 1)) >= 0;) {
        sim_worker *w = &c->workers[k];
        int h = w->lines[pos[k]].hart;
        while (pos[k] < w->nlines && w->lines[pos[k]].hart == h) {
            fputs(w->lines[pos[k]].text, stderr);
            free(w->lines[pos[k]++].text);
        }
    }
    for (int k = 0; k < c->nworkers; k++) c->workers[k].nlines = 0;
}

static void round_end(sim_chip *c)
{
    int issued = 0, lines = 0, pos[TF_SIM_MAX_THREADS];
    for (int k = 0; k < c->nworkers; k++) {
        sim_worker *w = &c->workers[k];
        issued += w->nissued;
    }
    if (issued) {
        /* out of host memory for them (a few KiB), none lands: each
         * issuer faults (sim_noc_lost), in hart order as ever */
        int lost = sim_noc_reserve(c, issued);
        memset(pos, 0, sizeof pos);
        for (int k; (k = next_worker(c, pos, 0)) >= 0;) {
            sim_worker *w = &c->workers[k];
            int h = w->issued[pos[k]].issuer->index, first = 1;
            while (pos[k] < w->nissued && w->issued[pos[k]].issuer->index == h) {
                if (lost)
                    sim_noc_lost(&w->issued[pos[k]++], first);
                else
                    sim_noc_resolve(c, &w->issued[pos[k]++]);
                first = 0;
            }
        }
        for (int k = 0; k < c->nworkers; k++) c->workers[k].nissued = 0;
    }
    uint64_t least = UINT64_MAX, all = 0;
    for (int k = 0; k < c->nworkers; k++) {
        sim_worker *w = &c->workers[k];
        all += w->instructions;
        if (w->instructions < least) least = w->instructions;
        w->instructions = 0;
        if (w->progressed) c->stalled = 0;
        w->progressed = 0;
        lines += w->nlines;
    }
    c->instructions += all;
    /* what the choice of the next rounds' way reads (sim/par.c), once the
     * round's transfers have settled (their seq counted) */
    if (c->nworkers > 1)
        sim_par_learn(&c->par, least, all, c->seq - c->round_seq0,
                      c->round_judged ? host_ns() - c->round_h0 : 0, c->round_judged);
    if (lines) print_lines(c);
}

static int chip_round(sim_chip *c)
{
    if (c->nstaged) {
        /* work a start() covered starts at host time, as it would from idle */
        uint64_t before = c->now;
        catch_up_with_host(c);
        if (!apply_staged(c, 0)) c->now = before; /* not yet: its cores are busy */
    }
    uint64_t t0 = c->now, next_wake = UINT64_MAX, mask = 0;
    int runnable = 0, waiting = 0;
    /* whether a hart can run now (the first that can ends the look: the
     * rest is needed only when none can) */
    for (int wd = 0; wd < c->active_words && !runnable; wd++)
        for (uint64_t m = c->active[wd]; m; m &= m - 1) {
            sim_core_hart *sh = c->hart_at[wd * 64 + __builtin_ctzll(m)];
            if (sh->state == TF_HS_RUN || (sh->state == TF_HS_WAIT_UNTIL && sh->wake_at <= t0)) {
                runnable = 1;
                break;
            }
            if (sh->state == TF_HS_WAIT || sh->state == TF_HS_WAIT_TILE)
                waiting = 1;
            else if (sh->state == TF_HS_WAIT_UNTIL && sh->wake_at < next_wake)
                next_wake = sh->wake_at;
        }
    if (!runnable) {
        uint64_t ev = sim_noc_next_event(c), next = ev < next_wake ? ev : next_wake;
        if (next == UINT64_MAX) {
            if (!waiting || c->stalled) {
                c->stuck = waiting; /* no RISC, transfer or timer will end the waits */
                return 0;
            }
            c->stalled = 1; /* let the waits check once more */
        } else if (next > t0) {
            t0 = next; /* nothing happens before then: skip ahead */
        }
    } else {
        c->stalled = 0;
    }
    c->now = t0;
    sim_noc_process(c, t0);
    /* the workers with harts to visit, from the bitmaps, once the
     * completions have landed: one may have woken a core (a write into its
     * mailbox), whose harts then run this round whichever thread has them,
     * as they do on one thread */
    for (int k = 0; k < c->nworkers; k++)
        for (int wd = 0; wd < c->active_words; wd++)
            if (c->active[wd] & c->workers[k].own[wd]) {
                mask |= 1ull << k;
                break;
            }
    uint64_t t1 = t0 + c->quantum;
    run_round(c, mask, t0, t1);
    round_end(c);
    c->now = t1;
    c->rounds++;
    return 1;
}

/* Short waits spin (a sleeping thread can take tens of microseconds to
 * wake, far longer than the wait); long ones sleep. */
static void sleep_ns(uint64_t ns)
{
    if (ns < 200000) { /* yield: the host may have work on this CPU */
        uint64_t end = host_ns() + ns;
        while (host_ns() < end) sched_yield();
        return;
    }
    struct timespec ts = {(time_t)(ns / 1000000000u), (long)(ns % 1000000000u)};
    nanosleep(&ts, NULL);
}

/* Keep the device clock at or behind the host's: sleep if it is ahead by
 * more than `slack` ns. When the round made progress the host may look at
 * (a mailbox store, a fault, going idle), sleep holding the lock, so that
 * the host cannot see it before its own clock has reached the device time
 * at which it happened. */
static void pace(sim_chip *c, uint64_t slack, int hold_lock)
{
    /* the host clock only moves on: a device time behind a reading of it
     * is behind it now (the simulation runs slower than real time, so one
     * reading serves many rounds: a clock read a round cost 1-2%) */
    if (c->now <= c->host_seen + slack) return;
    uint64_t h = host_ns();
    c->host_seen = h;
    if (c->now <= h + slack) return;
    if (!hold_lock) pthread_mutex_unlock(&c->lock);
    sleep_ns(c->now - h);
    if (hold_lock) /* nanosleep may wake early: make sure */
        while (host_ns() < c->now) sleep_ns(c->now - host_ns());
    if (!hold_lock) chip_lock(&c->lock);
}

/* One step of the scheduler, holding `lock`: take a start() that came,
 * then run a round, or go idle when none is left (every mailbox copy
 * published, the progress posted). Whichever thread runs it, the rounds
 * are the same: the chip's thread, or the host's inside wait() after
 * start_sync(). */
static void chip_step(sim_chip *c)
{
    if (c->run_requested) {
        c->run_requested = 0;
        c->stalled = c->stuck = 0;
        if (c->idle) {
            catch_up_with_host(c);
            c->idle = 0;
            __atomic_store_n(&c->running, 1, __ATOMIC_RELAXED);
            /* idle: nothing runs, so staged writes land now, at the
             * start time, together with everything else written */
            apply_staged(c, 1);
            FOR_ACTIVE(c, i) hart_advance(&c->hart_at[i]->h, c->now);
        }
    }
    uint32_t gen = progress_now(c);
    if (!chip_round(c)) {
        if (apply_staged(c, 1)) return; /* stalled cores: apply anyway */
        pace(c, 0, 1);
        publish_mailboxes(c);
        c->idle = 1;
        sim_chip_progress(c); /* before `running` drops: a polling host sees it */
        __atomic_store_n(&c->running, 0, __ATOMIC_RELAXED);
        __atomic_store_n(&c->parallel, 0, __ATOMIC_RELAXED);
        return;
    }
    /* Progress the host may look at happens no later than host time. */
    if (progress_now(c) != gen || __atomic_load_n(&c->mb_dirty, __ATOMIC_RELAXED)) {
        pace(c, 0, 1);
        if (publish_mailboxes(c)) sim_chip_progress(c);
    } else {
        pace(c, 200000, 0);
    }
}

/* Let a host access that waits for `lock` have it (the scheduler lets go
 * between rounds), and take it back. */
static void let_host_in(sim_chip *c)
{
    if (!atomic_load(&c->host_pending)) return;
    uint32_t seen = sim_flag_get(&c->host_gone);
    pthread_mutex_unlock(&c->lock);
    while (atomic_load(&c->host_pending))
        seen = sim_flag_wait(&c->host_gone, seen, NULL, TF_SYNC_SPIN_NS, 0);
    chip_lock(&c->lock);
}

static void *chip_main(void *arg)
{
    sim_chip *c = arg;
    sim_fpenv_default();
    pthread_mutex_lock(&c->lock);
    for (;;) {
        /* work a host thread runs itself (start_sync) is not this one's */
        while (!c->stop && (c->host_runs || (c->idle && !c->run_requested))) {
            /* the host rings the doorbell after setting run_requested */
            uint32_t seen = sim_flag_get(&c->bell);
            pthread_mutex_unlock(&c->lock);
            sim_flag_wait(&c->bell, seen, NULL, TF_SYNC_SPIN_NS, 0);
            chip_lock(&c->lock);
        }
        if (c->stop) break;
        chip_step(c);
        let_host_in(c);
    }
    pthread_mutex_unlock(&c->lock);
    return NULL;
}

/* ---- transport operations ---------------------------------------------------- */

static uint32_t host_run(sim_chip *c, uint32_t seen, uint64_t dl, int *ran);

/* The chip's lock for a host access; the token for host_unlock. Free (the
 * scheduler thread asleep, or the host running the rounds itself), it is
 * taken at once; held, the host says it is pending, and the scheduler lets
 * go of it between rounds. (Saying so always cost three more atomic
 * operations an access, and a dispatch makes dozens.) */
static inline __attribute__((always_inline)) int host_lock(sim_chip *c)
{
    if (!pthread_mutex_trylock(&c->lock)) return 0;
    atomic_fetch_add(&c->host_pending, 1);
    chip_lock(&c->lock);
    return 1;
}

/* host_lock's host no longer pending (its token): the scheduler, waiting
 * for the last pending host to go, goes on. */
static void host_unpend(sim_chip *c, int pending)
{
    if (pending && atomic_fetch_sub(&c->host_pending, 1) == 1) sim_flag_post(&c->host_gone);
}

static inline __attribute__((always_inline)) void host_unlock(sim_chip *c, int pending)
{
    /* what the host did to a mailbox (a reset's staged writes) shows in
     * the copy at once, as it did in L1 */
    publish_mailboxes(c);
    pthread_mutex_unlock(&c->lock);
    host_unpend(c, pending);
}

static sim_core *core_at(sim_chip *c, int x, int y)
{
    if (x < 0 || y < 0 || x >= c->gx || y >= c->gy) {
        cm_err_set("core (%d,%d) is outside the %dx%d grid", x, y, c->gx, c->gy);
        return NULL;
    }
    return &c->cores[y * c->gx + x];
}

static int l1_range(int x, int y, uint32_t addr, uint32_t n)
{
    if (addr > TF_L1_SIZE || n > TF_L1_SIZE - addr)
        return cm_err_set("L1 access [0x%08x, +%u) on core (%d,%d) is outside L1 (0x%x bytes)",
                          addr, n, x, y, TF_L1_SIZE);
    return 0;
}

static void op_info(tf_transport *t, tf_chip_info *out)
{
    sim_chip *c = chip_of(t);
    out->grid_x = c->gx;
    out->grid_y = c->gy;
    out->l1_size = TF_L1_SIZE;
    out->dram_banks = c->nbanks;
    out->dram_bank_size = c->bank_size;
    out->clock_mhz = 1000;
    out->clock_is_host = 1;
    out->name = "tt-foil simulator";
    for (int ph = 0; ph < 5; ph++) out->matmul_cycles[ph] = sim_tile_matmul_cycles(ph);
    out->dram_bytes_per_cycle = TF_DRAM_BYTES_PER_CYCLE;
    out->noc_bytes_per_cycle = TF_NOC_PORT_BYTES_PER_CYCLE;
}

static int op_read_l1(tf_transport *t, int x, int y, uint32_t addr, void *dst, uint32_t n)
{
    sim_chip *c = chip_of(t);
    sim_core *core = core_at(c, x, y);
    if (!core || l1_range(x, y, addr, n)) return -1;
    if (addr - TF_L1_MAILBOX < sizeof core->mb_snap &&
        n <= sizeof core->mb_snap - (addr - TF_L1_MAILBOX)) {
        /* the mailbox as of the last round boundary (publish_mailboxes) */
        pthread_mutex_lock(&c->snap_lock);
        memcpy(dst, core->mb_snap + (addr - TF_L1_MAILBOX), n);
        pthread_mutex_unlock(&c->snap_lock);
        return 0;
    }
    int hl = host_lock(c);
    memcpy(dst, core->l1->data + addr, n);
    host_unlock(c, hl);
    return 0;
}

/* A host write into a core's L1 (checked, the chip's lock held). */
static void write_l1_locked(sim_chip *c, sim_core *core, uint32_t addr, const uint8_t *p,
                            uint32_t n)
{
    uint32_t mb_end = TF_L1_MAILBOX + TF_L1_MAILBOX_SIZE;
    if (addr < mb_end) { /* the mailbox part waits for start() */
        uint32_t k = n < mb_end - addr ? n : mb_end - addr;
        stage_write(c, core, addr, p, k);
        addr += k;
        p += k;
        n -= k;
    }
    if (n) sim_core_l1_write(core, addr, p, n, host_action_time(c));
}

/* A host write into L1 while the chip is stopped on waits only the host
 * can end (`stuck`): the RISCs look again, as they would have had the
 * chip been running, on the chip's thread (the staged mailbox writes
 * still wait for a start()); 1 if it is to be woken. Under the lock. */
static __attribute__((noinline)) int wake_stuck(sim_chip *c)
{
    if (!c->idle || c->run_requested) return 0;
    c->run_requested = 1;
    __atomic_store_n(&c->host_runs, 0, __ATOMIC_RELAXED);
    __atomic_store_n(&c->running, 1, __ATOMIC_RELAXED);
    return 1;
}

static int op_write_l1_batch(tf_transport *t, int x, int y, const tf_l1_write *w, int n)
{
    sim_chip *c = chip_of(t);
    sim_core *core = core_at(c, x, y);
    if (!core) return -1;
    for (int i = 0; i < n; i++)
        if (l1_range(x, y, w[i].addr, w[i].n)) return -1;
    /* the room for the mailbox parts first: the batch lands whole or not at all */
    uint32_t mb_end = TF_L1_MAILBOX + TF_L1_MAILBOX_SIZE, nbytes = 0;
    int nstage = 0;
    for (int i = 0; i < n; i++)
        if (w[i].addr < mb_end) {
            nstage++;
            nbytes += w[i].n < mb_end - w[i].addr ? w[i].n : mb_end - w[i].addr;
        }
    int hl = host_lock(c);
    if (nstage && stage_reserve(core, nstage, nbytes)) {
        host_unlock(c, hl);
        return -1;
    }
    for (int i = 0; i < n; i++) write_l1_locked(c, core, w[i].addr, w[i].src, w[i].n);
    /* the waits look once more before the chip may stop (a write between
     * the last look and the stop was missed), or, stopped, again */
    c->stalled = 0;
    int wake = c->stuck && wake_stuck(c);
    host_unlock(c, hl);
    if (wake) sim_flag_post(&c->bell);
    return 0;
}

static int op_write_l1(tf_transport *t, int x, int y, uint32_t addr, const void *src, uint32_t n)
{
    tf_l1_write w = {addr, n, src};
    return op_write_l1_batch(t, x, y, &w, 1);
}

static int dram_range(sim_chip *c, int bank, uint64_t addr, uint64_t n)
{
    if (bank < 0 || bank >= c->nbanks)
        return cm_err_set("DRAM bank %d does not exist (the chip has %d)", bank, c->nbanks);
    if (addr > c->bank_size || n > c->bank_size - addr)
        return cm_err_set("DRAM access [0x%llx, +%llu) is outside bank %d (%llu bytes)",
                          (unsigned long long)addr, (unsigned long long)n, bank,
                          (unsigned long long)c->bank_size);
    return 0;
}

static int op_read_dram(tf_transport *t, int bank, uint64_t addr, void *dst, uint64_t n)
{
    sim_chip *c = chip_of(t);
    if (dram_range(c, bank, addr, n)) return -1;
    int hl = host_lock(c);
    sim_dram_read(c, bank, addr, dst, n);
    host_unlock(c, hl);
    return 0;
}

static int op_write_dram(tf_transport *t, int bank, uint64_t addr, const void *src, uint64_t n)
{
    sim_chip *c = chip_of(t);
    if (dram_range(c, bank, addr, n)) return -1;
    int hl = host_lock(c);
    int rc = sim_dram_write(c, bank, addr, src, n);
    host_unlock(c, hl);
    if (rc) return cm_err_set("out of host memory backing DRAM bank %d", bank);
    return 0;
}

static int op_set_reset(tf_transport *t, int x, int y, uint32_t mask, int assert)
{
    sim_chip *c = chip_of(t);
    sim_core *core = core_at(c, x, y);
    if (!core) return -1;
    int hl = host_lock(c);
    for (int r = 0; r < TF_NUM_RISCS; r++) {
        if (!(mask & (1u << r))) continue;
        sim_core_hart *sh = &core->harts[r];
        if (assert) {
            sh->state = TF_HS_RESET;
            core->wfi &= (uint8_t) ~(1u << r);
            sh->generation++;
            sim_chip_set_active(c, sh, 0);
        } else if (sh->state == TF_HS_RESET) {
            /* what the host staged for this core (a cleared mailbox) must be
             * there before its firmware starts */
            apply_core_staged(c, core, host_action_time(c), 1);
            sim_core_reset_hart(sh, host_action_time(c));
        }
    }
    host_unlock(c, hl);
    return 0;
}

static int op_read_pc(tf_transport *t, int x, int y, int risc, uint32_t *pc)
{
    sim_chip *c = chip_of(t);
    sim_core *core = core_at(c, x, y);
    if (!core) return -1;
    if (risc < 0 || risc >= TF_NUM_RISCS) return cm_err_set("no RISC %d", risc);
    int hl = host_lock(c);
    *pc = core->harts[risc].h.pc;
    host_unlock(c, hl);
    return 0;
}

static int op_halted(tf_transport *t, int x, int y, uint32_t *risc_mask)
{
    sim_chip *c = chip_of(t);
    sim_core *core = core_at(c, x, y);
    if (!core) return -1;
    int hl = host_lock(c);
    uint32_t m = 0;
    for (int r = 0; r < TF_NUM_RISCS; r++)
        if (core->harts[r].state == TF_HS_HALT) m |= 1u << r;
    host_unlock(c, hl);
    *risc_mask = m;
    return 0;
}

/* The chip went idle with RISCs still waiting (chip_round: `stuck`) and no
 * start() or host write came since: what each RISC of core (x, y) waits
 * for. A running chip costs one load (the runtime asks while it waits). */
static int op_stalled(tf_transport *t, int x, int y, tf_risc_wait *waits)
{
    sim_chip *c = chip_of(t);
    sim_core *core = core_at(c, x, y);
    if (!core) return -1;
    if (__atomic_load_n(&c->running, __ATOMIC_RELAXED)) return 0;
    int hl = host_lock(c);
    int stuck = c->stuck && c->idle && !c->run_requested;
    for (int r = 0; r < TF_NUM_RISCS; r++) {
        const sim_core_hart *sh = &core->harts[r];
        tf_risc_wait *w = &waits[r];
        *w = (tf_risc_wait){.what = -1};
        if (sh->state == TF_HS_WAIT) {
            int cb;
            *w = (tf_risc_wait){.what = sim_perf_l1_cause(sh->wait_addr, &cb),
                                .eq = sh->wait_kind,
                                .addr = sh->wait_addr,
                                .ref = sh->wait_ref};
        } else if (sh->state == TF_HS_WAIT_TILE) {
            w->what = sh->perf.cause;
        } else if (sh->state == TF_HS_WFI) {
            w->what = TF_PERF_WAIT_IDLE;
        }
        if (stuck) w->cycle = sim_hart_cycle(&sh->h);
    }
    host_unlock(c, hl);
    return stuck;
}

static int op_read_clock(tf_transport *t, int x, int y, uint64_t *cycles)
{
    sim_chip *c = chip_of(t);
    if (!core_at(c, x, y)) return -1;
    int hl = host_lock(c);
    uint64_t now = c->now;
    if (c->idle) {
        uint64_t h = host_ns();
        if (h > now) now = h;
    }
    *cycles = now;
    host_unlock(c, hl);
    return 0;
}

static int op_counters(tf_transport *t, uint64_t *instructions, uint64_t *rounds)
{
    sim_chip *c = chip_of(t);
    /* Read them once the chip is idle (RISCs still finishing a dispatch
     * go to sleep within a few rounds), so that they do not depend on how
     * far the scheduler got by the time the host looked; give up waiting
     * after TF_COUNTERS_SETTLE_ROUNDS rounds (a RISC that never sleeps). */
    uint64_t hang = host_ns() + TF_COUNTERS_HANG_NS, r0 = 0;
    int hl, first = 1;
    for (;;) {
        uint32_t seen = sim_flag_get(&c->progress);
        hl = host_lock(c);
        if (first) r0 = c->rounds, first = 0;
        if ((c->idle && !c->run_requested) || c->rounds - r0 >= TF_COUNTERS_SETTLE_ROUNDS ||
            host_ns() >= hang)
            break;
        host_unlock(c, hl);
        int ran = 0;
        uint64_t dl = host_ns() + TF_COUNTERS_SLICE_NS;
        host_run(c, seen, dl, &ran); /* work the host runs itself: run it to idle */
        if (!ran) sim_flag_wait(&c->progress, seen, &c->running, TF_SYNC_SPIN_NS, dl);
    }
    *instructions = c->instructions;
    *rounds = c->rounds;
    host_unlock(c, hl);
    return 0;
}

static int op_perf_counters(tf_transport *t, int x, int y, tf_perf_core *out)
{
    sim_chip *c = chip_of(t);
    sim_core *core = core_at(c, x, y);
    if (!core) return -1;
    if (!sim_perf_read_done(core, out)) return 0; /* after DONE: no lock, no wait */
    int hl = host_lock(c);
    int rc = sim_perf_read(c, x, y, out);
    host_unlock(c, hl);
    return rc;
}

static int op_perf_counters_sparse(tf_transport *t, int x, int y, uint64_t *nz, uint64_t *vals)
{
    sim_chip *c = chip_of(t);
    sim_core *core = core_at(c, x, y);
    if (!core) return -1;
    int n = sim_perf_read_sparse_done(core, nz, vals); /* after DONE: no lock, no wait */
    if (n >= 0) return n;
    int hl = host_lock(c);
    n = sim_perf_read_sparse(c, x, y, nz, vals);
    host_unlock(c, hl);
    return n;
}

static int op_start(tf_transport *t)
{
    sim_chip *c = chip_of(t);
    int hl = host_lock(c);
    c->start_epoch++;
    c->run_requested = 1;
    __atomic_store_n(&c->host_runs, 0, __ATOMIC_RELAXED); /* the chip's thread runs it */
    __atomic_store_n(&c->running, 1, __ATOMIC_RELAXED);   /* a host waiting now may poll */
    host_unlock(c, hl);
    sim_flag_post(&c->bell);
    return 0;
}

/* start() for a host that waits for the work at once: its wait() calls
 * run the rounds on its own thread, so that a dispatch-bound program does
 * not hand the chip to the scheduler's thread and back (on two CPUs, the
 * cache lines of everything the host wrote and the chip wrote moving
 * across each time; on one, two context switches) every dispatch. The
 * chip's thread sleeps meanwhile; a start() gives the work back to it. */
static int op_start_sync(tf_transport *t)
{
    sim_chip *c = chip_of(t);
    if (!c->host_run_ok) return op_start(t);
    int hl = host_lock(c);
    if ((!c->idle || c->run_requested) && !c->host_runs) {
        /* the chip's thread has work already (an asynchronous launch):
         * it runs this too, and the host waits only for its own */
        host_unlock(c, hl);
        return op_start(t);
    }
    c->start_epoch++;
    c->run_requested = 1;
    __atomic_store_n(&c->host_runs, 1, __ATOMIC_RELAXED);
    __atomic_store_n(&c->running, 1, __ATOMIC_RELAXED);
    host_unlock(c, hl);
    return 0;
}

/* wait() of a host that runs the chip itself (op_start_sync): rounds on
 * this thread until the chip is idle (the work done, every RISC asleep:
 * a few rounds after the last DONE, so the host never leaves work behind
 * that nobody runs) or the deadline, then the progress generation. A chip
 * still busy at the deadline goes back to its own thread, which runs it
 * while the host looks: whatever the host does next, the work goes on;
 * so does work a start() gives it meanwhile. 0 in *ran: the chip was not
 * the host's to run (the caller waits as usual). */
static uint32_t host_run(sim_chip *c, uint32_t seen, uint64_t dl, int *ran)
{
    *ran = 0;
    if (!__atomic_load_n(&c->host_runs, __ATOMIC_RELAXED)) return seen;
    /* the lock as a host access takes it (the chip's thread lets go between
     * rounds and goes back to sleep once it sees host_runs); then no longer
     * pending, so that the rounds here do not let this thread in over and
     * over */
    host_unpend(c, host_lock(c));
    if (!c->host_runs || c->stop) {
        pthread_mutex_unlock(&c->lock);
        return seen;
    }
    *ran = 1;
    sim_fpenv fp;
    sim_fpenv_enter(&fp); /* the rounds' float math, not this thread's (sync.h) */
    for (unsigned n = 1; c->run_requested || !c->idle; n++) {
        uint64_t r0 = c->rounds;
        chip_step(c);
        c->host_rounds += c->rounds - r0;
        if (c->idle && !c->run_requested) break;
        /* the clock every 64 steps (a round takes microseconds: that is
         * late by well under a millisecond; a short dispatch reads none) */
        if (!(n % 64) && host_ns() >= dl) {
            __atomic_store_n(&c->host_runs, 0, __ATOMIC_RELAXED);
            sim_fpenv_leave(&fp);
            pthread_mutex_unlock(&c->lock);
            sim_flag_post(&c->bell);
            return progress_now(c);
        }
        let_host_in(c);
        if (!c->host_runs) break; /* a start() came meanwhile: the chip's thread runs it all */
    }
    sim_fpenv_leave(&fp);
    pthread_mutex_unlock(&c->lock);
    return progress_now(c);
}

/* wait() of a host whose work the chip's thread runs (op_start: an
 * asynchronous launch, or a dispatch made while one ran): this thread
 * takes the rounds over instead of waiting for that thread to get a CPU,
 * which, with other programs busy on the host's CPUs, took a time slice of
 * the kernel's scheduler each time (6 ms a launch with two CPU-bound
 * programs beside it: 1,800x a synchronous dispatch). It takes the lock
 * between two rounds, as a host access does, and runs rounds until the
 * progress generation moves past `seen` (a mailbox the caller may be
 * waiting for changed), the chip goes idle, a start() gives the work to
 * the chip's thread, or the deadline; work left then goes back to the
 * chip's thread. The rounds are the same whoever runs them. 0 in *ran:
 * nothing to take (idle, the host's already, TT_FOIL_SIM_HOST_RUNS=OFF). */
static uint32_t host_take_over(sim_chip *c, uint32_t seen, uint64_t dl, int *ran)
{
    *ran = 0;
    if (!c->host_run_ok) return seen;
    host_unpend(c, host_lock(c));
    uint32_t v = progress_now(c);
    if (c->host_runs || c->stop || (c->idle && !c->run_requested) || v != seen) {
        pthread_mutex_unlock(&c->lock);
        return v;
    }
    *ran = 1;
    __atomic_store_n(&c->host_runs, 1, __ATOMIC_RELAXED); /* the chip's thread sleeps on it */
    sim_fpenv fp;
    sim_fpenv_enter(&fp);
    for (unsigned n = 1;; n++) {
        uint64_t r0 = c->rounds;
        chip_step(c);
        c->host_rounds += c->rounds - r0;
        if ((c->idle && !c->run_requested) || progress_now(c) != seen) break;
        if (!(n % 64) && host_ns() >= dl) break;
        let_host_in(c);
        if (!c->host_runs) break; /* a start() came meanwhile: the chip's thread runs it all */
    }
    sim_fpenv_leave(&fp);
    int give_back = (c->run_requested || !c->idle) && c->host_runs;
    if (give_back) __atomic_store_n(&c->host_runs, 0, __ATOMIC_RELAXED);
    pthread_mutex_unlock(&c->lock);
    if (give_back) sim_flag_post(&c->bell);
    return progress_now(c);
}

/* Returns at once if the device made progress since the previous wait
 * returned (so nothing between the caller's last read and this call is
 * missed); otherwise runs the chip here until it is idle when the work is
 * the host's to run (op_start_sync: host_run), or until progress when the
 * chip's thread had it (host_take_over), else sleeps until progress or the
 * timeout. */
static int op_wait(tf_transport *t, uint64_t timeout_ns)
{
    sim_chip *c = chip_of(t);
    uint32_t seen = __atomic_load_n(&c->seen_gen, __ATOMIC_RELAXED);
    uint64_t now = host_ns(), dl = timeout_ns > UINT64_MAX - now ? UINT64_MAX : now + timeout_ns;
    uint32_t v = progress_now(c);
    int ran = 0;
    if (v == seen && __atomic_load_n(&c->running, __ATOMIC_RELAXED)) {
        v = host_run(c, seen, dl, &ran);
        if (!ran && v == seen) v = host_take_over(c, seen, dl, &ran);
    }
    /* poll while the chip runs; sleep at once when it is idle */
    if (!ran) v = sim_flag_wait(&c->progress, seen, &c->running, TF_SYNC_SPIN_NS, dl);
    __atomic_store_n(&c->seen_gen, v, __ATOMIC_RELAXED);
    return 0;
}

static void chip_free(sim_chip *c)
{
    /* what is still queued, then the lines the cores print as they go
     * (sim_core_free: text a RISC left without its newline), at once */
    if (c->workers && c->nworkers > 1) print_lines(c);
    c->closing = 1;
    if (c->cores)
        for (int i = 0; i < c->ncores; i++) {
            free(c->cores[i].staged);
            free(c->cores[i].staged_bytes);
            sim_core_free(&c->cores[i]);
        }
    sim_dram_free(c);
    free(c->banks);
    free(c->cores);
    free(c->hart_at);
    free(c->active);
    for (int k = 0; c->workers && k < c->nworkers; k++) {
        sim_worker *w = &c->workers[k];
        for (int i = 0; i < w->nissued; i++) free(w->issued[i].data);
        for (int i = 0; i < w->nlines; i++) free(w->lines[i].text);
        free(w->issued);
        free(w->lines);
        free(w->own);
    }
    free(c->workers);
    sim_noc_free_events(c);
    free(c->events);
    free(c->heap);
    free(c->free_slots);
    free(c);
}

static void op_close(tf_transport *t)
{
    sim_chip *c = chip_of(t);
    int hl = host_lock(c);
    c->stop = 1;
    host_unlock(c, hl);
    sim_flag_post(&c->bell);
    sim_flag_post(&c->progress);
    pthread_join(c->thread, NULL);
    stop_workers(c);
    pthread_mutex_destroy(&c->lock);
    pthread_mutex_destroy(&c->snap_lock);
    chip_free(c);
}

static void stop_workers(sim_chip *c)
{
    atomic_store(&c->stop, 1);
    for (int k = 1; k < c->nworkers; k++) {
        if (!c->workers[k].started) continue;
        sim_flag_post(&c->workers[k].go);
        pthread_join(c->workers[k].thread, NULL);
        c->workers[k].started = 0;
    }
}

/* How many host threads: the config's, else $TT_FOIL_SIM_THREADS (a
 * number, or "all"), else the CPUs this process may run on; at most one
 * per core. */
static int thread_count(const sim_chip *c, int want)
{
    if (want <= 0)
        want = cm_env_count(TF_ENV_SIM_THREADS, 0, 0, "as many threads as this process has CPUs");
    if (want <= 0) want = sim_sync_refresh();
    if (want > TF_SIM_MAX_THREADS) want = TF_SIM_MAX_THREADS;
    if (want > c->ncores) want = c->ncores;
    return want < 1 ? 1 : want;
}

static int setup_workers(sim_chip *c, int want)
{
    c->nworkers = thread_count(c, want);
    c->workers = calloc((size_t)c->nworkers, sizeof *c->workers);
    if (!c->workers) return -1;
    for (int k = 0; k < c->nworkers; k++) {
        c->workers[k].chip = c;
        c->workers[k].id = k;
        c->workers[k].own = calloc((size_t)c->active_words, sizeof(uint64_t));
        if (!c->workers[k].own) return -1;
    }
    for (int i = 0; i < c->ncores; i++) { /* round-robin: the busy cores are often the first */
        sim_worker *w = &c->workers[i % c->nworkers];
        c->cores[i].worker = w;
        for (int r = 0; r < TF_NUM_RISCS; r++) {
            int h = c->cores[i].harts[r].index;
            w->own[h >> 6] |= 1ull << (h & 63);
        }
    }
    sim_sync_refresh();
    return 0;
}

static const tf_transport_ops sim_sim_ops = {
    .info = op_info,
    .read_l1 = op_read_l1,
    .write_l1 = op_write_l1,
    .write_l1_batch = op_write_l1_batch,
    .read_dram = op_read_dram,
    .write_dram = op_write_dram,
    .set_reset = op_set_reset,
    .read_pc = op_read_pc,
    .halted = op_halted,
    .read_clock = op_read_clock,
    .counters = op_counters,
    .start = op_start,
    .start_sync = op_start_sync,
    .wait = op_wait,
    .close = op_close,
    .perf_counters = op_perf_counters,
    .perf_counters_sparse = op_perf_counters_sparse,
    .stalled = op_stalled,
};

tf_transport *tf_sim_transport_open(const tf_sim_config *cfg)
{
    tf_sim_config d = {0};
    if (cfg) d = *cfg;
    if (!d.grid_x) d.grid_x = 8;
    if (!d.grid_y) d.grid_y = 8;
    if (!d.dram_banks) d.dram_banks = 8;
    if (!d.dram_bank_size) d.dram_bank_size = 1ull << 30;
    if (!d.quantum) d.quantum = 256;
    if (d.grid_x < 1 || d.grid_y < 1 || d.grid_x > 62 || d.grid_y > 62)
        return cm_err_null("simulated grid %dx%d: each side must be 1..62 (6-bit NOC coordinates)",
                           d.grid_x, d.grid_y);
    if (d.dram_banks < 1 || d.dram_banks > 62)
        return cm_err_null("simulated DRAM: %d banks; must be 1..62", d.dram_banks);
    if (d.dram_bank_size > (1ull << 36) || d.dram_bank_size % TF_DRAM_CHUNK)
        return cm_err_null(
            "simulated DRAM bank size %llu: must be a multiple of 1 MiB up to 64 GiB",
            (unsigned long long)d.dram_bank_size);
    /* A round runs to its end before the host sees anything (a timeout
     * included): a quantum of 10^8 cycles made a 1 s timeout take 6.6 s. */
    if (d.quantum > TF_SIM_MAX_QUANTUM)
        return cm_err_null("tf_sim_config.quantum %u: a round must be 1..%u cycles (0: the "
                           "default, 256)",
                           d.quantum, TF_SIM_MAX_QUANTUM);
    if (d.threads < 0)
        return cm_err_null("tf_sim_config.threads %d: a number of host threads, or 0 for "
                           "$TT_FOIL_SIM_THREADS or the host's CPUs",
                           d.threads);
    sim_chip *c = calloc(1, sizeof *c);
    if (!c) return cm_err_null("out of host memory for the simulated chip");
    c->base.ops = &sim_sim_ops;
    c->gx = d.grid_x;
    c->gy = d.grid_y;
    c->ncores = d.grid_x * d.grid_y;
    c->nbanks = d.dram_banks;
    c->bank_size = d.dram_bank_size;
    c->quantum = d.quantum;
    c->idle = 1;
    /* 0: the interpreter retries (a test's reference) */
    c->recheck =
        cm_env_switch(TF_ENV_SIM_RECHECK, 1, "1: the scheduler re-checks waiting accesses itself");
    c->parallel_mode =
        cm_env_switch(TF_ENV_SIM_PARALLEL, -1, "as a model of the round says, checked by timing");
    c->host_run_ok = cm_env_switch(TF_ENV_SIM_HOST_RUNS, 1,
                                   "ON: a synchronous dispatch runs on the thread that waits");
    c->nharts = c->ncores * TF_NUM_RISCS;
    c->active_words = (c->nharts + 63) / 64;
    c->cores = calloc((size_t)c->ncores, sizeof *c->cores);
    c->hart_at = calloc((size_t)c->nharts, sizeof *c->hart_at);
    c->active = calloc((size_t)c->active_words, sizeof *c->active);
    c->banks = calloc((size_t)c->nbanks, sizeof *c->banks);
    if (!c->cores || !c->hart_at || !c->active || !c->banks) goto oom;
    for (int b = 0; b < c->nbanks; b++) {
        c->banks[b].nchunks = c->bank_size / TF_DRAM_CHUNK;
        c->banks[b].chunks = calloc(c->banks[b].nchunks, sizeof(uint8_t *));
        if (!c->banks[b].chunks) goto oom;
    }
    for (int i = 0; i < c->ncores; i++) {
        if (sim_core_init(c, &c->cores[i], i % c->gx, i / c->gx)) goto oom;
        for (int r = 0; r < TF_NUM_RISCS; r++) {
            sim_core_hart *sh = &c->cores[i].harts[r];
            sh->index = i * TF_NUM_RISCS + r;
            c->hart_at[sh->index] = sh;
        }
    }
    sim_noc_init_events(c);
    if (setup_workers(c, d.threads)) goto oom;
    pthread_mutex_init(&c->lock, NULL);
    pthread_mutex_init(&c->snap_lock, NULL);
    for (int k = 1; k < c->nworkers; k++) {
        if (pthread_create(&c->workers[k].thread, NULL, worker_main, &c->workers[k])) {
            stop_workers(c);
            pthread_mutex_destroy(&c->lock);
            pthread_mutex_destroy(&c->snap_lock);
            chip_free(c);
            return cm_err_null("cannot start simulator thread %d of %d", k + 1, c->nworkers);
        }
        c->workers[k].started = 1;
    }
    if (pthread_create(&c->thread, NULL, chip_main, c)) {
        stop_workers(c);
        pthread_mutex_destroy(&c->lock);
        pthread_mutex_destroy(&c->snap_lock);
        chip_free(c);
        return cm_err_null("cannot start the simulator thread");
    }
    return &c->base;
oom:
    chip_free(c);
    return cm_err_null("out of host memory for a %dx%d simulated chip", d.grid_x, d.grid_y);
}
