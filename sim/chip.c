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
 * can be placed on the host timeline as they are. */
#include "chip.h"
#include "cm_err.h"

#include <sched.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static uint64_t host_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

static sim_chip *chip_of(tf_transport *t)
{
    return (sim_chip *)t;
}

void sim_chip_set_active(sim_chip *c, sim_core_hart *sh, int on)
{
    uint64_t bit = 1ull << (sh->index & 63);
    if (on)
        c->active[sh->index >> 6] |= bit;
    else
        c->active[sh->index >> 6] &= ~bit;
}

void sim_chip_progress(sim_chip *c)
{
    pthread_mutex_lock(&c->progress_lock);
    __atomic_store_n(&c->progress_gen, c->progress_gen + 1, __ATOMIC_RELEASE);
    pthread_cond_broadcast(&c->progress_cv);
    pthread_mutex_unlock(&c->progress_lock);
}

static uint64_t progress_now(sim_chip *c)
{
    return __atomic_load_n(&c->progress_gen, __ATOMIC_ACQUIRE);
}

/* Before blocking on a condition variable, poll `*flag != seen` for a
 * few microseconds: the host and the scheduler thread hand work to each
 * other on every dispatch, and waking a blocked thread on another CPU can
 * take tens of microseconds (on virtual machines especially), far longer
 * than the work. sched_yield lets the other thread run when both share a
 * CPU. Returns 1 if the flag changed. */
#define TF_SPIN_NS 40000u
static int spin_until_change(const uint64_t *flag, uint64_t seen)
{
    uint64_t t0 = host_ns();
    do {
        if (__atomic_load_n(flag, __ATOMIC_ACQUIRE) != seen) return 1;
        sched_yield();
    } while (host_ns() - t0 < TF_SPIN_NS);
    return 0;
}

/* The chip's lock changes hands between the host and the scheduler on
 * every access the host makes: take it spinning a while before sleeping
 * in the mutex, for the same reason. */
static void spin_lock(pthread_mutex_t *m)
{
    uint64_t t0 = 0;
    while (pthread_mutex_trylock(m)) {
        uint64_t t = host_ns();
        if (!t0) t0 = t;
        if (t - t0 > TF_SPIN_NS) {
            pthread_mutex_lock(m);
            return;
        }
        sched_yield();
    }
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

static void run_hart(sim_chip *c, sim_core_hart *sh, uint64_t t1)
{
    sim_hart *h = &sh->h;
    uint64_t before = h->instret;
    int rc = sim_hart_run(h, t1);
    c->instructions += h->instret - before;
    switch (rc) {
    case TF_STOP_LIMIT:
    case TF_STOP_BLOCK: break; /* BLOCK: the register handler set the state */
    case TF_STOP_WFI:
        sh->state = TF_HS_WFI;
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

static void stage_write(sim_chip *c, sim_core *core, uint32_t addr, const void *src, uint32_t n)
{
    if (core->nstaged == core->cap_staged) {
        int cap = core->cap_staged ? 2 * core->cap_staged : 8;
        sim_staged_write *ns = realloc(core->staged, (size_t)cap * sizeof *ns);
        if (!ns) abort(); /* a few hundred bytes: out of memory is fatal here */
        core->staged = ns;
        core->cap_staged = cap;
    }
    sim_staged_write *w = &core->staged[core->nstaged];
    w->data = malloc(n);
    if (!w->data) abort();
    memcpy(w->data, src, n);
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
        sim_core_l1_write(core, w->addr, w->data, w->len, time);
        free(w->data);
    }
    if (!k) return;
    memmove(core->staged, core->staged + k, (size_t)(core->nstaged - k) * sizeof *core->staged);
    core->nstaged -= k;
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

static int chip_round(sim_chip *c)
{
    if (c->nstaged) {
        /* work a start() covered starts at host time, as it would from idle */
        uint64_t before = c->now;
        catch_up_with_host(c);
        if (!apply_staged(c, 0)) c->now = before; /* not yet: its cores are busy */
    }
    uint64_t t0 = c->now, next_wake = UINT64_MAX;
    int runnable = 0, waiting = 0;
    FOR_ACTIVE(c, i)
    {
        sim_core_hart *sh = c->hart_at[i];
        if (sh->state == TF_HS_RUN)
            runnable = 1;
        else if (sh->state == TF_HS_WAIT || sh->state == TF_HS_WAIT_TILE)
            waiting = 1;
        else if (sh->state == TF_HS_WAIT_UNTIL) {
            if (sh->wake_at <= t0)
                runnable = 1;
            else if (sh->wake_at < next_wake)
                next_wake = sh->wake_at;
        }
    }
    if (!runnable) {
        uint64_t ev = sim_noc_next_event(c), next = ev < next_wake ? ev : next_wake;
        if (next == UINT64_MAX) {
            if (!waiting || c->stalled) return 0;
            c->stalled = 1; /* let the waits check once more */
        } else if (next > t0) {
            t0 = next; /* nothing happens before then: skip ahead */
        }
    } else {
        c->stalled = 0;
    }
    c->now = t0;
    sim_noc_process(c, t0);
    uint64_t t1 = t0 + c->quantum;
    FOR_ACTIVE(c, i)
    {
        sim_core_hart *sh = c->hart_at[i];
        switch (sh->state) {
        case TF_HS_RUN: run_hart(c, sh, t1); break;
        case TF_HS_WAIT:
            sh->state = TF_HS_RUN; /* retry the wait; it blocks again if unmet */
            hart_advance(&sh->h, t0);
            run_hart(c, sh, t1);
            break;
        case TF_HS_WAIT_TILE: { /* retry; the tile engine sets the clock */
            uint64_t before = sh->h.instret;
            sh->state = TF_HS_RUN;
            run_hart(c, sh, t1);
            /* it got past the command (and may wait again already): that is
             * progress, so the waits get another round */
            if (sh->h.instret != before) c->stalled = 0;
            break;
        }
        case TF_HS_WAIT_UNTIL:
            if (sh->wake_at > t0) break;
            sh->state = TF_HS_RUN;
            hart_advance(&sh->h, sh->wake_at);
            run_hart(c, sh, t1);
            break;
        default: break;
        }
    }
    c->now = t1;
    c->rounds++;
    return 1;
}

/* Short waits spin (a sleeping thread can take tens of microseconds to
 * wake, far longer than the wait); long ones sleep. */
static void sleep_ns(uint64_t ns)
{
    if (ns < 200000) {
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
    uint64_t h = host_ns();
    if (c->now <= h + slack) return;
    if (!hold_lock) pthread_mutex_unlock(&c->lock);
    sleep_ns(c->now - h);
    if (hold_lock) /* nanosleep may wake early: make sure */
        while (host_ns() < c->now) sleep_ns(c->now - host_ns());
    if (!hold_lock) spin_lock(&c->lock);
}

static void *chip_main(void *arg)
{
    sim_chip *c = arg;
    pthread_mutex_lock(&c->lock);
    for (;;) {
        if (!c->stop && c->idle && !c->run_requested) {
            pthread_mutex_unlock(&c->lock);
            spin_until_change(&c->run_requested, 0);
            spin_lock(&c->lock);
        }
        while (!c->stop && c->idle && !c->run_requested) pthread_cond_wait(&c->run_cv, &c->lock);
        if (c->stop) break;
        if (c->run_requested) {
            c->run_requested = 0;
            c->stalled = 0;
            if (c->idle) {
                catch_up_with_host(c);
                c->idle = 0;
                /* idle: nothing runs, so staged writes land now, at the
                 * start time, together with everything else written */
                apply_staged(c, 1);
                FOR_ACTIVE(c, i) hart_advance(&c->hart_at[i]->h, c->now);
            }
        }
        uint64_t gen = progress_now(c);
        if (!chip_round(c)) {
            if (apply_staged(c, 1)) continue; /* stalled cores: apply anyway */
            pace(c, 0, 1);
            c->idle = 1;
            sim_chip_progress(c);
            continue;
        }
        /* Progress the host may look at happens no later than host time. */
        if (progress_now(c) != gen)
            pace(c, 0, 1);
        else
            pace(c, 200000, 0);
        if (atomic_load(&c->host_pending)) {
            pthread_mutex_unlock(&c->lock);
            while (atomic_load(&c->host_pending)) sched_yield();
            spin_lock(&c->lock);
        }
    }
    pthread_mutex_unlock(&c->lock);
    return NULL;
}

/* ---- transport operations ---------------------------------------------------- */

/* The scheduler lets go of the lock between rounds when the host is
 * pending. */
static void host_lock(sim_chip *c)
{
    atomic_fetch_add(&c->host_pending, 1);
    spin_lock(&c->lock);
    atomic_fetch_sub(&c->host_pending, 1);
}

static void host_unlock(sim_chip *c)
{
    pthread_mutex_unlock(&c->lock);
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
    host_lock(c);
    memcpy(dst, core->l1->data + addr, n);
    host_unlock(c);
    return 0;
}

static int op_write_l1(tf_transport *t, int x, int y, uint32_t addr, const void *src, uint32_t n)
{
    sim_chip *c = chip_of(t);
    sim_core *core = core_at(c, x, y);
    if (!core || l1_range(x, y, addr, n)) return -1;
    host_lock(c);
    const uint8_t *p = src;
    uint32_t mb_end = TF_L1_MAILBOX + TF_L1_MAILBOX_SIZE;
    if (addr < mb_end) { /* the mailbox part waits for start() */
        uint32_t k = n < mb_end - addr ? n : mb_end - addr;
        stage_write(c, core, addr, p, k);
        addr += k;
        p += k;
        n -= k;
    }
    if (n) sim_core_l1_write(core, addr, p, n, host_action_time(c));
    host_unlock(c);
    return 0;
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
    host_lock(c);
    sim_dram_read(c, bank, addr, dst, n);
    host_unlock(c);
    return 0;
}

static int op_write_dram(tf_transport *t, int bank, uint64_t addr, const void *src, uint64_t n)
{
    sim_chip *c = chip_of(t);
    if (dram_range(c, bank, addr, n)) return -1;
    host_lock(c);
    int rc = sim_dram_write(c, bank, addr, src, n);
    host_unlock(c);
    if (rc) return cm_err_set("out of host memory backing DRAM bank %d", bank);
    return 0;
}

static int op_set_reset(tf_transport *t, int x, int y, uint32_t mask, int assert)
{
    sim_chip *c = chip_of(t);
    sim_core *core = core_at(c, x, y);
    if (!core) return -1;
    host_lock(c);
    for (int r = 0; r < TF_NUM_RISCS; r++) {
        if (!(mask & (1u << r))) continue;
        sim_core_hart *sh = &core->harts[r];
        if (assert) {
            sh->state = TF_HS_RESET;
            sh->generation++;
            sim_chip_set_active(c, sh, 0);
        } else if (sh->state == TF_HS_RESET) {
            /* what the host staged for this core (a cleared mailbox) must be
             * there before its firmware starts */
            apply_core_staged(c, core, host_action_time(c), 1);
            sim_core_reset_hart(sh, host_action_time(c));
        }
    }
    host_unlock(c);
    return 0;
}

static int op_read_pc(tf_transport *t, int x, int y, int risc, uint32_t *pc)
{
    sim_chip *c = chip_of(t);
    sim_core *core = core_at(c, x, y);
    if (!core) return -1;
    if (risc < 0 || risc >= TF_NUM_RISCS) return cm_err_set("no RISC %d", risc);
    host_lock(c);
    *pc = core->harts[risc].h.pc;
    host_unlock(c);
    return 0;
}

static int op_halted(tf_transport *t, int x, int y, uint32_t *risc_mask)
{
    sim_chip *c = chip_of(t);
    sim_core *core = core_at(c, x, y);
    if (!core) return -1;
    host_lock(c);
    uint32_t m = 0;
    for (int r = 0; r < TF_NUM_RISCS; r++)
        if (core->harts[r].state == TF_HS_HALT) m |= 1u << r;
    host_unlock(c);
    *risc_mask = m;
    return 0;
}

static int op_read_clock(tf_transport *t, int x, int y, uint64_t *cycles)
{
    sim_chip *c = chip_of(t);
    if (!core_at(c, x, y)) return -1;
    host_lock(c);
    uint64_t now = c->now;
    if (c->idle) {
        uint64_t h = host_ns();
        if (h > now) now = h;
    }
    *cycles = now;
    host_unlock(c);
    return 0;
}

static int op_counters(tf_transport *t, uint64_t *instructions, uint64_t *rounds)
{
    sim_chip *c = chip_of(t);
    host_lock(c);
    *instructions = c->instructions;
    *rounds = c->rounds;
    host_unlock(c);
    return 0;
}

static int op_perf_counters(tf_transport *t, int x, int y, tf_perf_core *out)
{
    sim_chip *c = chip_of(t);
    if (!core_at(c, x, y)) return -1;
    host_lock(c);
    int rc = sim_perf_read(c, x, y, out);
    host_unlock(c);
    return rc;
}

static int op_start(tf_transport *t)
{
    sim_chip *c = chip_of(t);
    host_lock(c);
    c->start_epoch++;
    __atomic_store_n(&c->run_requested, 1, __ATOMIC_RELEASE);
    pthread_cond_signal(&c->run_cv);
    host_unlock(c);
    return 0;
}

/* Returns at once if the device made progress since the previous wait
 * returned (so nothing between the caller's last read and this call is
 * missed); otherwise sleeps until progress or the timeout. */
static int op_wait(tf_transport *t, uint64_t timeout_ns)
{
    sim_chip *c = chip_of(t);
    struct timespec dl;
    clock_gettime(CLOCK_REALTIME, &dl);
    uint64_t ns = (uint64_t)dl.tv_nsec + timeout_ns;
    dl.tv_sec += (time_t)(ns / 1000000000u);
    dl.tv_nsec = (long)(ns % 1000000000u);
    spin_until_change(&c->progress_gen, c->seen_gen);
    pthread_mutex_lock(&c->progress_lock);
    while (c->progress_gen == c->seen_gen && !c->stop)
        if (pthread_cond_timedwait(&c->progress_cv, &c->progress_lock, &dl)) break;
    c->seen_gen = c->progress_gen;
    pthread_mutex_unlock(&c->progress_lock);
    return 0;
}

static void chip_free(sim_chip *c)
{
    if (c->cores)
        for (int i = 0; i < c->ncores; i++) {
            for (int k = 0; k < c->cores[i].nstaged; k++) free(c->cores[i].staged[k].data);
            free(c->cores[i].staged);
            sim_core_free(&c->cores[i]);
        }
    sim_dram_free(c);
    free(c->banks);
    free(c->cores);
    free(c->hart_at);
    free(c->active);
    sim_noc_free_events(c);
    free(c->events);
    free(c);
}

static void op_close(tf_transport *t)
{
    sim_chip *c = chip_of(t);
    host_lock(c);
    c->stop = 1;
    pthread_cond_broadcast(&c->run_cv);
    host_unlock(c);
    pthread_mutex_lock(&c->progress_lock);
    pthread_cond_broadcast(&c->progress_cv);
    pthread_mutex_unlock(&c->progress_lock);
    pthread_join(c->thread, NULL);
    pthread_mutex_destroy(&c->lock);
    pthread_cond_destroy(&c->run_cv);
    pthread_mutex_destroy(&c->progress_lock);
    pthread_cond_destroy(&c->progress_cv);
    chip_free(c);
}

static const tf_transport_ops sim_sim_ops = {
    .info = op_info,
    .read_l1 = op_read_l1,
    .write_l1 = op_write_l1,
    .read_dram = op_read_dram,
    .write_dram = op_write_dram,
    .set_reset = op_set_reset,
    .read_pc = op_read_pc,
    .halted = op_halted,
    .read_clock = op_read_clock,
    .counters = op_counters,
    .start = op_start,
    .wait = op_wait,
    .close = op_close,
    .perf_counters = op_perf_counters,
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
    pthread_mutex_init(&c->lock, NULL);
    pthread_cond_init(&c->run_cv, NULL);
    pthread_mutex_init(&c->progress_lock, NULL);
    pthread_cond_init(&c->progress_cv, NULL);
    if (pthread_create(&c->thread, NULL, chip_main, c)) {
        pthread_mutex_destroy(&c->lock);
        pthread_cond_destroy(&c->run_cv);
        pthread_mutex_destroy(&c->progress_lock);
        pthread_cond_destroy(&c->progress_cv);
        chip_free(c);
        return cm_err_null("cannot start the simulator thread");
    }
    return &c->base;
oom:
    chip_free(c);
    return cm_err_null("out of host memory for a %dx%d simulated chip", d.grid_x, d.grid_y);
}
