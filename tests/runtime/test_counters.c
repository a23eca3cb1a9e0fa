/* The chip's hardware counters (contracts/tf_perf.h) and the ops report's
 * figures made from them (tools/profile/ops.c), with exact expected values:
 *   - every RISC's window adds up: cycles = instructions + tile work +
 *     waits, with nothing left unclaimed;
 *   - DRAM streaming on 8 cores, one bank each: the bank bytes are the
 *     bytes moved, busy 64 cycles per 2 KiB page; bound DRAM;
 *   - a matmul fed without reads, its inputs taken 8 tiles at a time:
 *     FLOPs exactly 65,536 per tile op, bound FLOP;
 *   - the matmul pipeline whose reader reads each step's tiles from DRAM
 *     behind a barrier: TRISC0's dominant stall is CB 0; DRAM bytes are
 *     the tiles read and written;
 *   - the same pipeline with one core given three times the work: that
 *     core is the straggler;
 *   - counters given by hand: a reader that waits for room in its CB more
 *     than for its reads is told to double-buffer, not to read more; a
 *     pipeline held up by its writer is not called compute-bound, and an
 *     op without FPU work names no fidelity;
 *   - read after an asynchronous launch: that dispatch's counters. */
#include "common/cm_risc.h"
#include "tools/profile/pf.h"
#include "rt_test.h"
#include "tf_perf.h"
#include "tf_tile.h"

#include <string.h>

#define CHECK_EQ_I(a, b) CHECK_EQ_U((uint64_t)(int64_t)(a), (uint64_t)(int64_t)(b))
#define CHECK_STR(a, b)                                                                            \
    do {                                                                                           \
        CHECK_TRUE(!strcmp((a), (b)));                                                             \
        if (strcmp((a), (b))) fprintf(stderr, "  got '%s', want '%s'\n", (a), (b));                \
    } while (0)

static tf_device *dev;
static tf_transport *tr;
static tf_chip_info chip;
static tf_kernel *rd, *wr, *mm, *burst, *feed, *stream;

/* Each valid RISC's window: the parts add up exactly. */
static void check_sums(const tf_perf_core *c, const char *what)
{
    for (int r = 0; r < TF_NUM_RISCS; r++) {
        if (!(c->valid >> r & 1)) continue;
        const tf_perf_risc *p = &c->risc[r];
        uint64_t sum = p->instret + p->tile;
        for (int w = 0; w < TF_PERF_NUM_WAITS; w++) sum += p->wait[w];
        CHECK_TRUE(p->end > p->start);
        CHECK_EQ_U(p->end - p->start, sum);
        CHECK_EQ_U(p->wait[TF_PERF_WAIT_OTHER], 0);
        uint64_t cbw = 0;
        for (int i = 0; i < TF_MAX_CBS; i++) cbw += p->cb_front[i] + p->cb_back[i];
        CHECK_EQ_U(cbw, p->wait[TF_PERF_WAIT_CB_FRONT] + p->wait[TF_PERF_WAIT_CB_BACK]);
        if (p->end - p->start != sum) fprintf(stderr, "  (%s, %s)\n", what, cm_risc_name(r));
    }
}

/* The transport's non-zero words (perf_counters_sparse: the simulator
 * walks the words the dispatch wrote) are exactly those of the whole
 * block's copy, in order: a counter written without its mark would be
 * missing (and not zeroed at the next GO). */
static void check_sparse(int x, int y, const tf_perf_core *c)
{
    uint64_t nz[TF_PERF_NZ_WORDS], vals[TF_PERF_WORDS];
    int n = tr->ops->perf_counters_sparse(tr, x, y, nz, vals), k = 0, same = 1;
    const uint64_t *w = (const uint64_t *)(const void *)c;
    for (size_t i = 0; i < TF_PERF_WORDS; i++) {
        int bit = (int)(nz[i / 64] >> (i % 64) & 1);
        same &= bit == (w[i] != 0);
        if (w[i]) same &= k < n && vals[k++] == w[i];
    }
    CHECK_EQ_I(n, k);
    CHECK_TRUE(same);
}

/* An op of n cores (zeroed) on this chip. */
static pf_op op_new(int n)
{
    pf_op op;
    memset(&op, 0, sizeof op);
    op.chip.grid_x = (uint8_t)chip.grid_x;
    op.chip.grid_y = (uint8_t)chip.grid_y;
    op.chip.dram_banks = (uint8_t)chip.dram_banks;
    op.chip.clock_mhz = chip.clock_mhz;
    op.chip.dram_bytes_per_cycle = chip.dram_bytes_per_cycle;
    op.chip.noc_bytes_per_cycle = chip.noc_bytes_per_cycle;
    memcpy(op.chip.matmul_cycles, chip.matmul_cycles, sizeof op.chip.matmul_cycles);
    op.cores = MUST_PTR(calloc((size_t)n, sizeof *op.cores));
    op.ncores = n;
    return op;
}

/* An op of the programs' last dispatch, as the report makes it. */
static pf_op op_of(tf_program **p, int n)
{
    pf_op op = op_new(n);
    for (int i = 0; i < n; i++) {
        tf_run_stats s;
        MUST(tf_program_last_run(p[i], &s));
        tf_perf_core c, back;
        MUST(tf_program_counters(p[i], &c));
        MUST(pf_op_core_set(&op.cores[i], &c));
        op.cores[i].x = i % chip.grid_x;
        op.cores[i].y = i / chip.grid_x;
        check_sparse(op.cores[i].x, op.cores[i].y, &c);
        check_sums(&c, "op");
        /* kept sparse, given back whole: the same words */
        pf_op_core_counters(&op.cores[i], &back);
        CHECK_TRUE(!memcmp(&c, &back, sizeof c));
    }
    pf_op_compute(&op);
    return op;
}

/* An op of one core whose counters are given: the advice for shapes that
 * kernels reach only through the scheduler's timing. */
static pf_op op_given(const tf_perf_core *c)
{
    pf_op op = op_new(1);
    MUST(pf_op_core_set(&op.cores[0], c));
    pf_op_compute(&op);
    return op;
}

/* RISC r of c runs from 0 to `cycles`: `instret` instructions, `tile`
 * tile-engine cycles, the rest waiting for `wait` (on CB `cb` for the CB
 * waits) */
static void risc_given(tf_perf_core *c, int r, uint64_t cycles, uint64_t instret, uint64_t tile,
                       int wait, int cb, uint64_t wait2, int cause2)
{
    tf_perf_risc *p = &c->risc[r];
    c->valid |= 1ull << r;
    p->start = 1000;
    p->end = 1000 + cycles;
    p->instret = instret;
    p->tile = tile;
    p->wait[cause2] += wait2;
    uint64_t w = cycles - instret - tile - wait2;
    p->wait[wait] += w;
    if (wait == TF_PERF_WAIT_CB_FRONT) p->cb_front[cb] += w;
    if (wait == TF_PERF_WAIT_CB_BACK) p->cb_back[cb] += w;
}

/* Whether the advice for an op of counters c has a line that is `want`
 * (exact) or contains it; the lines go to stderr when the answer is not
 * `expect` (what the test wants), to say what was said instead. */
static int advice_has(const tf_perf_core *c, const char *want, int exact, int expect)
{
    pf_op op = op_given(c);
    char adv[PF_ADVICE_MAX][PF_ADVICE_LINE];
    int na = pf_op_advice(&op, adv), found = 0;
    for (int i = 0; i < na; i++) found |= exact ? !strcmp(adv[i], want) : !!strstr(adv[i], want);
    if (found != expect)
        for (int i = 0; i < na; i++) fprintf(stderr, "  advice: %s\n", adv[i]);
    pf_op_free(&op);
    return found;
}

/* A reader whose CB is one batch deep: it waits for room (TRISC0 frees
 * the batch a page at a time) more than for its reads, and TRISC0 waits
 * for it in turn. The advice says so, not "more reads in flight". */
static void reader_waits_for_space(void)
{
    tf_perf_core c;
    memset(&c, 0, sizeof c);
    c.risc[TF_RISC_NCRISC].noc_rd[1] = 32768;
    /* NCRISC: 1347 instructions, 528 waiting for reads, 2004 for CB 0's room */
    risc_given(&c, TF_RISC_NCRISC, 3879, 1347, 0, TF_PERF_WAIT_CB_BACK, 0, 528,
               TF_PERF_WAIT_NOC_READ);
    /* TRISC0: waits for CB 0 2362 of 5317 cycles */
    risc_given(&c, TF_RISC_TRISC0, 5317, 807, 512, TF_PERF_WAIT_CB_FRONT, 0, 1636,
               TF_PERF_WAIT_TILE_SRC);
    CHECK_TRUE(!advice_has(&c, "more reads in flight", 0, 0));
    CHECK_TRUE(advice_has(&c,
                          "reader-bound: TRISC0 waits for CB 0 44% of its cycles; the reader "
                          "(NCRISC) waits for space in CB 0 52% (reads 14%, instructions 35%): "
                          "it refills only what TRISC0 freed, so they take turns; double-buffer "
                          "CB 0 (twice the pages it reserves)",
                          1, 1));
}

/* A copy pipeline whose writer waits for each write: the packer waits for
 * room in CB 16, so the math waits for DEST and the unpacker for the math.
 * That is writer-bound, not compute-bound, and an op without FPU work has
 * no fidelity to blame. */
static void copy_held_by_writer(void)
{
    tf_perf_core c;
    memset(&c, 0, sizeof c);
    c.risc[TF_RISC_NCRISC].noc_rd[1] = 32768;
    c.risc[TF_RISC_BRISC].noc_wr[0] = 32768;
    risc_given(&c, TF_RISC_NCRISC, 1865, 1337, 0, TF_PERF_WAIT_NOC_READ, 0, 0,
               TF_PERF_WAIT_CB_BACK);
    risc_given(&c, TF_RISC_TRISC0, 5015, 800, 512, TF_PERF_WAIT_TILE_SRC, 0, 940,
               TF_PERF_WAIT_CB_FRONT);
    c.risc[TF_RISC_TRISC0].cb_front[0] = 940;
    risc_given(&c, TF_RISC_TRISC1, 5735, 494, 184, TF_PERF_WAIT_TILE_DEST, 0, 1074,
               TF_PERF_WAIT_TILE_SRC);
    risc_given(&c, TF_RISC_TRISC2, 6254, 956, 544, TF_PERF_WAIT_CB_BACK, 16, 985,
               TF_PERF_WAIT_TILE_DEST);
    risc_given(&c, TF_RISC_BRISC, 6880, 1538, 0, TF_PERF_WAIT_NOC_WRITE, 0, 1150,
               TF_PERF_WAIT_CB_FRONT);
    c.risc[TF_RISC_BRISC].cb_front[16] = 1150;
    CHECK_TRUE(
        advice_has(&c, "writer-bound: TRISC2 waits for space in CB 16 60% of its cycles", 1, 1));
    CHECK_TRUE(!advice_has(&c, "compute-bound", 0, 0));
    {
        /* a line longer than PF_ADVICE_LINE (a straggler's why naming long
         * kernels) is cut where it ends, with "...", not silently */
        pf_op op = op_given(&c);
        op.straggler = 0;
        op.straggler_why = malloc(1001);
        MUST(op.straggler_why ? 0 : -1);
        memset(op.straggler_why, 'k', 1000);
        op.straggler_why[1000] = 0;
        char adv[PF_ADVICE_MAX][PF_ADVICE_LINE];
        int na = pf_op_advice(&op, adv), cut = 0;
        for (int i = 0; i < na; i++)
            if (!strncmp(adv[i], "straggler: kkk", 14))
                cut = strlen(adv[i]) == PF_ADVICE_LINE - 1 &&
                      !strcmp(adv[i] + PF_ADVICE_LINE - 4, "...");
        CHECK_TRUE(cut);
        pf_op_free(&op);
    }

    /* FLOP-bound above LoFi: the FPU at its peak for the fidelity (a
     * matmul's 65,536 FLOPs every 16 x fidelity cycles), so the advice
     * names the lower fidelities' cost; none at LoFi, nor for a C kernel
     * (simple mode: no fidelity, 0) */
    for (int fid = 0; fid <= 4; fid++) {
        memset(&c, 0, sizeof c);
        uint32_t per = 16u * (uint32_t)(fid ? fid : 4), tiles = 50;
        c.fidelity = (uint32_t)fid;
        c.flops[TF_PERF_FLOP_MATMUL] = 65536ull * tiles;
        risc_given(&c, TF_RISC_TRISC1, per * tiles, 200, per * tiles - 200, TF_PERF_WAIT_TILE_SRC,
                   0, 0, TF_PERF_WAIT_TILE_DEST);
        char want[512];
        snprintf(want, sizeof want,
                 "FLOP-bound at HiFi%d: the FPU runs at 100.0%% of its peak at that fidelity (%d "
                 "passes a multiply); LoFi would take about 1/%d of the math cycles%s, where its "
                 "precision is enough (docs/chip.md, \"Numerics\": a bf16 matmul's error 1.3e-2 at "
                 "LoFi, 1.7e-3 at HiFi2)",
                 fid, fid, fid,
                 fid == 4   ? ", HiFi2 2/4"
                 : fid == 3 ? ", HiFi2 2/3"
                            : "");
        if (fid >= 2)
            CHECK_TRUE(advice_has(&c, want, 1, 1));
        else
            CHECK_TRUE(!advice_has(&c, "FLOP-bound", 0, 0));
    }

    /* the math itself slow (TRISC1 busy, the packer not waiting on the
     * writer): compute-bound, and with no FPU FLOPs, no fidelity named */
    memset(&c, 0, sizeof c);
    risc_given(&c, TF_RISC_TRISC0, 5000, 800, 512, TF_PERF_WAIT_TILE_SRC, 0, 0,
               TF_PERF_WAIT_CB_FRONT);
    risc_given(&c, TF_RISC_TRISC1, 5000, 400, 4500, TF_PERF_WAIT_TILE_SRC, 0, 0,
               TF_PERF_WAIT_TILE_DEST);
    risc_given(&c, TF_RISC_TRISC2, 5000, 900, 500, TF_PERF_WAIT_TILE_DEST, 0, 0,
               TF_PERF_WAIT_CB_BACK);
    CHECK_TRUE(advice_has(&c,
                          "compute-bound but FLOPs at 0.0% of peak: TRISC0 waits for the math 74% "
                          "of its cycles (eltwise/SFPU ops run far below the matmul rate)",
                          1, 1));
}

static void dram_streaming(void)
{
    enum { CORES = 8, PAGES = 64, PAGE = 2048, BATCH = 16 };
    tf_buffer *src[CORES];
    tf_program *p[CORES];
    for (int i = 0; i < CORES; i++) {
        src[i] = MUST_PTR(tf_buffer_create_dram(dev, PAGES * PAGE));
        tf_buffer *scratch = MUST_PTR(tf_buffer_create_l1(dev, (tf_core){i % 4, i / 4}, PAGE));
        uint64_t a = tf_buffer_noc_addr(src[i]);
        uint32_t args[] = {lo32(a), hi32(a), PAGES,
                           PAGE,    BATCH,   (uint32_t)tf_buffer_address(scratch)};
        p[i] = MUST_PTR(tf_program_create(dev, (tf_core){i % 4, i / 4}));
        MUST(tf_program_set_kernel(p[i], TF_BRISC, stream));
        MUST(tf_program_set_args(p[i], TF_BRISC, args, 6));
    }
    MUST(tf_dispatch_execute_multi(p, CORES));
    pf_op op = op_of(p, CORES);
    /* every bank moved one core's pages: the bytes moved, 64 busy cycles a page */
    CHECK_TRUE(op.bank_bytes != NULL);
    for (int b = 0; op.bank_bytes && b < chip.dram_banks; b++)
        CHECK_EQ_U(op.bank_bytes[b], PAGES * PAGE);
    for (int i = 0; i < CORES; i++) {
        tf_perf_core cc;
        pf_op_core_counters(&op.cores[i], &cc);
        const tf_perf_core *c = &cc;
        uint64_t rd = 0, busy = 0;
        for (int b = 0; b < TF_PERF_MAX_BANKS; b++) rd += c->dram_rd[b], busy += c->dram_busy[b];
        CHECK_EQ_U(rd, PAGES * PAGE);
        CHECK_EQ_U(busy, PAGES * (PAGE / chip.dram_bytes_per_cycle));
        CHECK_EQ_U(c->risc[TF_RISC_BRISC].noc_rd[0] + c->risc[TF_RISC_BRISC].noc_rd[1],
                   PAGES * PAGE);
        CHECK_TRUE(c->risc[TF_RISC_BRISC].wait[TF_PERF_WAIT_NOC_READ] > 0);
    }
    CHECK_EQ_U(op.dram_rd, CORES * PAGES * PAGE);
    CHECK_EQ_U(op.dram_wr, 0);
    CHECK_EQ_U(op.flops, 0);
    CHECK_STR(op.bound, "DRAM");
    char st[PF_STALL_TEXT];
    printf("dram streaming: %llu cycles, DRAM %.1f%% of peak, bound %s; %s\n",
           (unsigned long long)(op.end - op.start), op.dram_pct, op.bound,
           pf_op_stall(&op, TF_RISC_BRISC, st, sizeof st));
    pf_op_free(&op);
    for (int i = 0; i < CORES; i++) {
        tf_program_destroy(p[i]);
        tf_buffer_free(src[i]);
    }
    for (int i = 0; i < CORES; i++) MUST(tf_l1_reset(dev, (tf_core){i % 4, i / 4}));
}

/* The counters of a program's last dispatch, read after an asynchronous
 * launch of it, while it runs (the live counters, under the chip's lock)
 * and after tf_launch_wait (the final ones, read without the lock since
 * its windows closed): the later dispatch's, never the earlier's. */
static void counters_after_async(void)
{
    enum { PAGE = 2048 };
    tf_core core = {0, 0};
    tf_buffer *src = MUST_PTR(tf_buffer_create_dram(dev, 64 * PAGE));
    tf_buffer *scratch = MUST_PTR(tf_buffer_create_l1(dev, core, PAGE));
    uint64_t a = tf_buffer_noc_addr(src);
    tf_program *p = MUST_PTR(tf_program_create(dev, core));
    MUST(tf_program_set_kernel(p, TF_BRISC, stream));
    uint32_t args[] = {lo32(a), hi32(a), 64, PAGE, 16, (uint32_t)tf_buffer_address(scratch)};
    MUST(tf_program_set_args(p, TF_BRISC, args, 6));
    MUST(tf_dispatch_execute(p));
    tf_perf_core c1, c2, again, during;
    MUST(tf_program_counters(p, &c1));
    MUST(tf_program_counters(p, &again));
    CHECK_TRUE(!memcmp(&c1, &again, sizeof c1)); /* final: the same each time */
    check_sparse(core.x, core.y, &c1);
    args[2] = 16; /* a quarter of the pages */
    MUST(tf_program_set_args(p, TF_BRISC, args, 6));
    tf_launch *l = MUST_PTR(tf_dispatch_launch_async(&p, 1));
    MUST(tf_program_counters(p, &during)); /* some state of either: not checked */
    MUST(tf_launch_wait(l));
    MUST(tf_program_counters(p, &c2));
    check_sums(&c2, "after async");
    check_sparse(core.x, core.y, &c2);
    uint64_t rd1 = 0, rd2 = 0;
    for (int b = 0; b < TF_PERF_MAX_BANKS; b++) rd1 += c1.dram_rd[b], rd2 += c2.dram_rd[b];
    CHECK_EQ_U(rd1, 64 * PAGE);
    CHECK_EQ_U(rd2, 16 * PAGE);
    CHECK_TRUE(c2.risc[TF_RISC_BRISC].start > c1.risc[TF_RISC_BRISC].end);
    tf_program_destroy(p);
    tf_buffer_free(src);
    MUST(tf_l1_reset(dev, core));
}

/* A wait still going on when the counters are read during a dispatch is
 * counted so far (sim/perf.c: the re-checks leave it open, the read
 * counts it): BRISC waits for a CB page that NCRISC pushes only after a
 * long loop; read while NCRISC loops (its window still open), BRISC's cb
 * wait is not zero, and the final counters hold the whole wait. */
static void counters_open_wait(void)
{
    tf_core core = {1, 0};
    tf_kernel *cons = rt_kernel(dev, "late_push.brisc.elf");
    tf_kernel *prod = rt_kernel(dev, "late_push_nc.ncrisc.elf");
    tf_program *p = MUST_PTR(tf_program_create(dev, core));
    MUST(tf_program_set_kernel(p, TF_BRISC, cons));
    MUST(tf_program_set_kernel(p, TF_NCRISC, prod));
    MUST(tf_program_set_cb(p, 0, 64, 1));
    uint32_t n = 10;
    MUST(tf_program_set_args(p, TF_NCRISC, &n, 1));
    MUST(tf_dispatch_execute(p)); /* a dispatch done: its counters readable */
    tf_perf_core first, during, after;
    MUST(tf_program_counters(p, &first));
    n = 20000000; /* ~80 million cycles of loop */
    MUST(tf_program_set_args(p, TF_NCRISC, &n, 1));
    tf_launch *l = MUST_PTR(tf_dispatch_launch_async(&p, 1));
    int seen = 0;
    for (int i = 0; i < 10000000 && !seen; i++) {
        MUST(tf_program_counters(p, &during));
        const tf_perf_risc *b = &during.risc[TF_RISC_BRISC], *nc = &during.risc[TF_RISC_NCRISC];
        if (nc->start <= first.risc[TF_RISC_NCRISC].end) continue; /* its GO not landed yet */
        if (nc->end) break;                                        /* done: too late to look */
        seen = b->wait[TF_PERF_WAIT_CB_FRONT] > 0;
    }
    CHECK_TRUE(seen);
    MUST(tf_launch_wait(l));
    MUST(tf_program_counters(p, &after));
    check_sums(&after, "open wait");
    CHECK_TRUE(after.risc[TF_RISC_BRISC].wait[TF_PERF_WAIT_CB_FRONT] >=
               during.risc[TF_RISC_BRISC].wait[TF_PERF_WAIT_CB_FRONT]);
    CHECK_TRUE(after.risc[TF_RISC_BRISC].wait[TF_PERF_WAIT_CB_FRONT] > 20000000);
    tf_program_destroy(p);
    tf_kernel_free(cons);
    tf_kernel_free(prod);
}

/* The matmul pipeline on `n` cores: core i computes `tiles[i]` output
 * tiles of Kt = kt each; `fed`: the reader pushes pages without reading. */
static pf_op matmul(int n, const uint32_t *tiles, uint32_t kt, int fed, uint32_t page)
{
    uint32_t mt = 0;
    for (int i = 0; i < n; i++) mt += tiles[i];
    tf_buffer *a = MUST_PTR(tf_buffer_create_dram(dev, (uint64_t)mt * kt * page));
    tf_buffer *b = MUST_PTR(tf_buffer_create_dram(dev, (uint64_t)kt * page));
    tf_buffer *c = MUST_PTR(tf_buffer_create_dram(dev, (uint64_t)mt * page));
    uint64_t na = tf_buffer_noc_addr(a), nb = tf_buffer_noc_addr(b), nc = tf_buffer_noc_addr(c);
    tf_program *p[8];
    uint32_t m0 = 0;
    for (int i = 0; i < n; i++) {
        p[i] = MUST_PTR(tf_program_create(dev, (tf_core){i % 4, i / 4}));
        MUST(tf_program_set_kernel(p[i], TF_NCRISC, fed ? feed : rd));
        MUST(tf_program_set_kernel(p[i], TF_COMPUTE, fed ? burst : mm));
        if (!fed) MUST(tf_program_set_kernel(p[i], TF_BRISC, wr)); /* fed: CB 16 keeps C */
        /* fed: deep input CBs, so that the feeder's waits (re-checked once a
         * scheduler round) never leave the unpacker without a page */
        for (uint32_t cb = 0; cb < 2; cb++) MUST(tf_program_set_cb(p[i], cb, page, fed ? 32 : 2));
        MUST(tf_program_set_cb(p[i], 16, page, 2));
        uint32_t m1 = m0 + tiles[i];
        uint32_t ra[] = {lo32(na), hi32(na), lo32(nb), hi32(nb), kt, 1, m0, m1, 0, 1};
        uint32_t fa[] = {tiles[i] * kt};
        uint32_t ca[] = {tiles[i], kt, 8};
        uint32_t wa[] = {lo32(nc), hi32(nc), 1, m0, m1, 0, 1};
        if (fed)
            MUST(tf_program_set_args(p[i], TF_NCRISC, fa, 1));
        else
            MUST(tf_program_set_args(p[i], TF_NCRISC, ra, 10));
        MUST(tf_program_set_args(p[i], TF_COMPUTE, ca, fed ? 3 : 2));
        if (!fed) MUST(tf_program_set_args(p[i], TF_BRISC, wa, 7));
        m0 = m1;
    }
    MUST(tf_dispatch_execute_multi(p, (size_t)n));
    pf_op op = op_of(p, n);
    /* exactly 65,536 FLOPs per 32x32x32 tile op, nothing else */
    CHECK_EQ_U(op.flops, 65536ull * mt * kt);
    uint64_t tile_ops = 0;
    for (int i = 0; i < n; i++) {
        tf_perf_core c;
        pf_op_core_counters(&op.cores[i], &c);
        tile_ops += c.tiles[TF_PERF_FLOP_MATMUL];
    }
    CHECK_EQ_U(tile_ops, (uint64_t)mt * kt);
    /* the DRAM bytes are the tiles read and written */
    CHECK_EQ_U(op.dram_rd, fed ? 0 : 2ull * mt * kt * page);
    CHECK_EQ_U(op.dram_wr, fed ? 0 : (uint64_t)mt * page);
    for (int i = 0; i < n; i++) tf_program_destroy(p[i]);
    tf_buffer_free(a);
    tf_buffer_free(b);
    tf_buffer_free(c);
    return op;
}

int main(void)
{
    tf_sim_config sc = {.grid_x = 4, .grid_y = 2};
    tr = MUST_PTR(tf_sim_transport_open(&sc));
    CHECK_TRUE(tr->ops->perf_counters_sparse != NULL);
    tf_device_config cfg;
    tf_device_config_init(&cfg);
    cfg.transport = tr; /* the device closes it */
    dev = MUST_PTR(tf_device_open(&cfg));
    tf_device_info(dev, &chip);
    CHECK_EQ_U(chip.matmul_cycles[0], 64);
    CHECK_EQ_U(chip.matmul_cycles[1], 16);
    CHECK_EQ_U(chip.matmul_cycles[4], 64);
    CHECK_EQ_U(chip.dram_bytes_per_cycle, 32);
    CHECK_EQ_U(chip.noc_bytes_per_cycle, 64);
    rd = rt_kernel(dev, "matmul_reader.ncrisc.elf");
    wr = rt_kernel(dev, "matmul_writer.brisc.elf");
    feed = rt_kernel(dev, "cb_feed.ncrisc.elf");
    stream = rt_kernel(dev, "dram_stream.brisc.elf");
    mm = MUST_PTR(tf_kernel_load(dev, TF_TEST_KERNELS "/matmul_compute.compute"));
    burst = MUST_PTR(tf_kernel_load(dev, TF_TEST_KERNELS "/mm_burst.compute"));

    dram_streaming();
    reader_waits_for_space();
    copy_held_by_writer();
    counters_after_async();
    counters_open_wait();
    char st[2][PF_STALL_TEXT];

    /* compute-bound: the math never waits for data (Bfp8_b tiles: the
     * unpacker takes 17 cycles a tile, the matmul 64) */
    uint32_t one[] = {1};
    pf_op op = matmul(1, one, 64, 1, TF_TILE_BFP8);
    CHECK_STR(op.bound, "FLOP");
    CHECK_EQ_I(op.fidelity, 0); /* a plain C kernel: simple mode, HiFi4's cost */
    printf("fed matmul: %llu cycles, FLOPs %.1f%% of peak, bound %s; %s\n",
           (unsigned long long)(op.end - op.start), op.flop_pct, op.bound,
           pf_op_stall(&op, TF_RISC_TRISC0, st[0], sizeof st[0]));
    pf_op_free(&op);

    /* the unpacker's and packer's cost is a tile's bytes / 64: Bfp8_b 17,
     * Bfp4_b 9, Bfp2_b 5 cycles (docs/chip.md "Data formats"); a 2 x 3
     * tile matmul unpacks two tiles per product and packs each output
     * (the packer's wait and release of each, 1 cycle each, count too) */
    const uint32_t pages[3] = {1088, 576, 320}, per[3] = {17, 9, 5};
    for (int f = 0; f < 3; f++) {
        uint32_t two[] = {2};
        op = matmul(1, two, 3, 0, pages[f]);
        tf_perf_core pc;
        pf_op_core_counters(&op.cores[0], &pc);
        CHECK_EQ_U(pc.unit_busy[TF_PERF_UNIT_UNPACK], 2 * 3 * 2 * per[f]);
        CHECK_EQ_U(pc.unit_busy[TF_PERF_UNIT_PACK], 2 * (per[f] + 2));
        pf_op_free(&op);
    }

    /* reader-starved: each step's two tiles come from DRAM behind a barrier */
    uint32_t four[] = {4};
    op = matmul(1, four, 4, 0, TF_TILE_BF16);
    CHECK_EQ_I(op.stall_cause[TF_RISC_TRISC0], TF_PERF_WAIT_CB_FRONT);
    CHECK_EQ_I(op.stall_cb[TF_RISC_TRISC0], 0);
    CHECK_TRUE(strstr(pf_op_stall(&op, TF_RISC_TRISC0, st[0], sizeof st[0]),
                      "TRISC0 waits cb 0 ") != NULL);
    CHECK_EQ_I(op.stall_cause[TF_RISC_NCRISC], TF_PERF_WAIT_NOC_READ);
    char adv[PF_ADVICE_MAX][PF_ADVICE_LINE];
    int na = pf_op_advice(&op, adv), reader = 0;
    for (int i = 0; i < na; i++)
        /* the reader waits for its reads (behind a barrier a step), so
         * more reads in flight would help: said so, naming the reader */
        reader |= strstr(adv[i], "reader-bound: TRISC0 waits for CB 0") != NULL &&
                  strstr(adv[i], "the reader (NCRISC) waits for its NOC reads") != NULL &&
                  strstr(adv[i], "more reads in flight") != NULL;
    CHECK_TRUE(reader);
    printf("reader-starved matmul: %s; %s\n", pf_op_stall(&op, TF_RISC_TRISC0, st[0], sizeof st[0]),
           pf_op_stall(&op, TF_RISC_NCRISC, st[1], sizeof st[1]));
    pf_op_free(&op);

    /* one slow core: three times the tiles of the others */
    uint32_t uneven[] = {1, 1, 1, 3};
    op = matmul(4, uneven, 4, 0, TF_TILE_BF16);
    CHECK_EQ_I(op.straggler, 3);
    CHECK_EQ_I(op.cores[3].x, 3);
    CHECK_TRUE(op.cores[op.busiest].util >= op.cores[op.least].util);
    CHECK_EQ_I(op.busiest, 3);
    CHECK_TRUE(op.straggler_why && strstr(op.straggler_why, "core (3,0) ends ") != NULL);
    printf("uneven matmul: straggler %s\n", op.straggler_why ? op.straggler_why : "(none)");
    pf_op_free(&op);

    MUST(tf_device_close(dev));
    return tf_check_report("test_counters");
}
