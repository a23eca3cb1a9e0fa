/* The ops report (docs/profiling.md, "The ops report"): one op per
 * dispatch, from the chip's hardware counters (DEVICE_PERF records,
 * contracts/tf_perf.h), as tt-perf-report makes one row per op of
 * tt-metal's ops_perf_results: device time, op-to-op gap, cores used,
 * FLOPs and DRAM traffic against the modeled peaks, the bound, each RISC
 * role's dominant stall, the busiest and least busy core and the
 * straggler, and advice with the number behind each line. The peaks are
 * the simulator's own (recorded with the counters), so the percentages are
 * exact for the model. */
#include "pf.h"
#include "common/cm_err.h"
#include "common/cm_grow.h"
#include "common/cm_map.h"
#include "common/cm_risc.h"
#include "tf_trace_format.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

/* Bound: a resource at or above this share of its modeled peak (percent)
 * bounds the op (tt-perf-report's classes: DRAM, FLOP, BOTH; SLOW if
 * neither: the op waits on latency, the host or itself). */
#define PF_BOUND_PCT 65.0
/* (A core is the straggler when it ends PF_STRAGGLER_PCT of the op's
 * duration later than the median core: pf.h.) */

static const char *const wait_label[] = {
#define WAIT_LABEL(name, label, doc) label,
    TF_PERF_WAITS(WAIT_LABEL)
#undef WAIT_LABEL
};

const char *pf_stall_name(char *buf, size_t n, int cause, int cb)
{
    if (cause == TF_PERF_WAIT_CB_FRONT || cause == TF_PERF_WAIT_CB_BACK)
        snprintf(buf, n, "%s %d", wait_label[cause], cb);
    else
        snprintf(buf, n, "%s", cause >= 0 && cause < TF_PERF_NUM_WAITS ? wait_label[cause] : "?");
    return buf;
}

static uint64_t risc_cycles(const tf_perf_core *c, int r)
{
    return tf_perf_cycles(c, r);
}

/* The largest wait of one RISC's counters (CB waits by CB id): cause, CB, cycles. */
static uint64_t top_wait(const tf_perf_risc *p, int *cause, int *cb)
{
    uint64_t best = 0;
    *cause = -1;
    *cb = 0;
    for (int w = 0; w < TF_PERF_NUM_WAITS; w++) {
        if (w == TF_PERF_WAIT_CB_FRONT || w == TF_PERF_WAIT_CB_BACK) {
            const uint64_t *by = w == TF_PERF_WAIT_CB_FRONT ? p->cb_front : p->cb_back;
            for (int i = 0; i < TF_MAX_CBS; i++)
                if (by[i] > best) best = by[i], *cause = w, *cb = i;
        } else if (p->wait[w] > best) {
            best = p->wait[w], *cause = w, *cb = 0;
        }
    }
    return best;
}

static double pct(double a, double b)
{
    return b > 0 ? 100.0 * a / b : 0;
}

static int u64_cmp(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return (x > y) - (x < y);
}

void pf_op_core_counters(const pf_op_core *k, tf_perf_core *out)
{
    uint64_t *w = (uint64_t *)(void *)out;
    memset(out, 0, sizeof *out);
    const uint8_t *p = k->words, *end = p + k->nbytes;
    uint64_t i = UINT64_MAX, step, v; /* the word before the first: -1 */
    while (p && p < end && (p = tf_trace_get_varint(p, end, &step)) &&
           (p = tf_trace_get_varint(p, end, &v))) {
        i += step;
        CM_ASSERT(i < TF_PERF_WORDS); /* (made by pf_op_core_set) */
        w[i] = v;
    }
}

int pf_op_core_set(pf_op_core *k, const tf_perf_core *c)
{
    const uint64_t *w = (const uint64_t *)(const void *)c;
    uint8_t buf[TF_PERF_WORDS * 2 * 10], *o = buf; /* (two varints of up to 10 bytes a word) */
    size_t prev = (size_t)-1;
    for (size_t i = 0; i < TF_PERF_WORDS; i++)
        if (w[i]) {
            o = tf_trace_put_varint(tf_trace_put_varint(o, i - prev), w[i]);
            prev = i;
        }
    uint32_t n = (uint32_t)(o - buf);
    uint8_t *words = realloc(k->words, n ? n : 1);
    if (!words) return -1;
    memcpy(words, buf, n);
    k->words = words;
    k->nbytes = n;
    return 0;
}

/* The work of core c's busiest RISC (instructions and tile work) and
 * which RISC that is. */
static uint64_t busiest_work(const tf_perf_core *c, int *risc)
{
    uint64_t best = 0;
    *risc = 0;
    for (int r = 0; r < TF_NUM_RISCS; r++) {
        uint64_t work = c->risc[r].instret + c->risc[r].tile;
        if (risc_cycles(c, r) && work >= best) best = work, *risc = r;
    }
    return best;
}

void pf_op_compute(pf_op *op)
{
    const tf_dev_perf *chip = &op->chip;
    op->start = UINT64_MAX;
    op->end = 0;
    op->fidelity = 0;
    op->bad_windows = 0;
    free(op->bank_bytes);
    op->bank_bytes = NULL;
    free(op->straggler_why);
    op->straggler_why = NULL;
    op->flops = op->fpu_flops = op->dram_rd = op->dram_wr = op->noc_bytes = op->mcast = 0;
    /* one pass over the cores, each expanded once: the op's sums, each
     * role's waits over the cores, each core's busiest work */
    tf_perf_risc sum[TF_NUM_RISCS];
    uint64_t role_cycles[TF_NUM_RISCS] = {0};
    memset(sum, 0, sizeof sum);
    tf_perf_core c;
    /* the chip's banks (a bank past them moves nothing) */
    int nbanks = chip->dram_banks && chip->dram_banks < TF_PERF_MAX_BANKS ? chip->dram_banks
                                                                          : TF_PERF_MAX_BANKS;
    for (int i = 0; i < op->ncores; i++) {
        pf_op_core *k = &op->cores[i];
        pf_op_core_counters(k, &c);
        k->start = UINT64_MAX;
        k->end = 0;
        for (int r = 0; r < TF_NUM_RISCS; r++) {
            const tf_perf_risc *p = &c.risc[r];
            role_cycles[r] += risc_cycles(&c, r);
            for (int w = 0; w < TF_PERF_NUM_WAITS; w++) sum[r].wait[w] += p->wait[w];
            for (int b = 0; b < TF_MAX_CBS; b++) {
                sum[r].cb_front[b] += p->cb_front[b];
                sum[r].cb_back[b] += p->cb_back[b];
            }
            if (!(c.valid >> r & 1) || !p->end) continue;
            if (p->end < p->start) { /* a damaged record: no duration to take */
                op->bad_windows++;
                continue;
            }
            if (p->start < k->start) k->start = p->start;
            if (p->end > k->end) k->end = p->end;
            for (int n = 0; n < TF_NUM_NOCS; n++) op->noc_bytes += p->noc_rd[n] + p->noc_wr[n];
            op->mcast += p->mcast;
        }
        if (k->start == UINT64_MAX) k->start = k->end = 0;
        if (k->end && k->start < op->start) op->start = k->start;
        if (k->end > op->end) op->end = k->end;
        for (int f = 0; f < TF_PERF_NUM_FLOPS; f++) {
            op->flops += c.flops[f];
            if (f != TF_PERF_FLOP_SFPU) op->fpu_flops += c.flops[f];
        }
        if (c.flops[TF_PERF_FLOP_MATMUL] || c.fidelity) op->fidelity = (int)c.fidelity;
        for (int b = 0; b < TF_PERF_MAX_BANKS; b++) {
            uint64_t bytes = c.dram_rd[b] + c.dram_wr[b];
            op->dram_rd += c.dram_rd[b];
            op->dram_wr += c.dram_wr[b];
            if (bytes && !op->bank_bytes) op->bank_bytes = calloc(nbanks, sizeof *op->bank_bytes);
            if (op->bank_bytes && b < nbanks) op->bank_bytes[b] += bytes;
        }
        int rb;
        k->util = (double)busiest_work(&c, &rb); /* over the op's duration below */
    }
    if (op->start == UINT64_MAX) op->start = op->end = 0;
    uint64_t dur = op->end - op->start;
    double ns_per_cycle = chip->clock_mhz ? 1000.0 / chip->clock_mhz : 1.0;
    /* peaks: the FPU's at the op's fidelity on the cores used, every DRAM bank */
    uint32_t mm = chip->matmul_cycles[op->fidelity >= 0 && op->fidelity <= 4 ? op->fidelity : 0];
    double fpu_peak = mm ? 65536.0 / mm * op->ncores : 0;                     /* FLOPs per cycle */
    double dram_peak = (double)chip->dram_banks * chip->dram_bytes_per_cycle; /* bytes per cycle */
    uint64_t dram = op->dram_rd + op->dram_wr;
    op->flops_per_cycle = dur ? (double)op->fpu_flops / (double)dur : 0;
    op->flop_pct = pct(op->flops_per_cycle, fpu_peak);
    op->dram_pct = pct(dur ? (double)dram / (double)dur : 0, dram_peak);
    op->dram_gbps = dur ? (double)dram / ((double)dur * ns_per_cycle) : 0;
    op->intensity = dram ? (double)op->fpu_flops / (double)dram : 0;
    int d = op->dram_pct >= PF_BOUND_PCT, f = op->flop_pct >= PF_BOUND_PCT;
    op->bound = d && f ? "BOTH" : d ? "DRAM" : f ? "FLOP" : "SLOW";
    /* each role's dominant stall, over its cores */
    op->ran = 0;
    for (int r = 0; r < TF_NUM_RISCS; r++) {
        uint64_t cycles = role_cycles[r];
        uint64_t w = top_wait(&sum[r], &op->stall_cause[r], &op->stall_cb[r]);
        op->stall_pct[r] = pct((double)w, (double)cycles);
        if (cycles) op->ran |= (uint8_t)(1u << r);
    }
    /* utilisation: the core's busiest RISC (instructions and tile work) */
    op->busiest = op->least = 0;
    for (int i = 0; i < op->ncores; i++) {
        pf_op_core *k = &op->cores[i];
        k->util = pct(k->util, (double)dur);
        if (k->util > op->cores[op->busiest].util) op->busiest = i;
        if (k->util < op->cores[op->least].util) op->least = i;
    }
    /* the straggler: the core that ends last, well after the median core */
    op->straggler = -1;
    if (op->ncores >= 2 && dur) {
        uint64_t *ends = malloc((size_t)op->ncores * sizeof *ends);
        int last = 0;
        for (int i = 0; i < op->ncores; i++) {
            if (ends) ends[i] = op->cores[i].end;
            if (op->cores[i].end > op->cores[last].end) last = i;
        }
        if (ends) {
            uint64_t median = pf_select(ends, (size_t)op->ncores, (size_t)(op->ncores - 1) / 2);
            free(ends);
            const pf_op_core *k = &op->cores[last];
            if (pct((double)(k->end - median), (double)dur) >= PF_STRAGGLER_PCT) {
                op->straggler = last;
                /* why: its busiest RISC and that RISC's largest wait */
                pf_op_core_counters(k, &c);
                int rb;
                uint64_t wb = busiest_work(&c, &rb);
                int cause, cb;
                uint64_t w = top_wait(&c.risc[rb], &cause, &cb);
                char nm[32], why[160];
                snprintf(why, sizeof why,
                         "core (%d,%d) ends %llu cycles after the median core; its %s works "
                         "%.0f%% of the op",
                         k->x, k->y, (unsigned long long)(k->end - median), cm_risc_name(rb),
                         pct((double)wb, (double)dur));
                if (cause >= 0 && w) {
                    size_t at = strlen(why);
                    snprintf(why + at, sizeof why - at, " and waits %s %.0f%%",
                             pf_stall_name(nm, sizeof nm, cause, cb),
                             pct((double)w, (double)risc_cycles(&c, rb)));
                }
                op->straggler_why = strdup(why); /* (NULL: said without the why) */
            }
        }
    }
}

/* The op's reader: of the data-movement RISCs, the one that issued the
 * most NOC read bytes over the op's cores (tt-metal's habit puts it on
 * NCRISC, no rule does); -1 when neither read. Its cycles, instructions
 * and NOC read waits over those cores. */
static int op_reader(const pf_op *op, uint64_t *cycles, uint64_t *instr, uint64_t *rd_wait)
{
    static const int dm[] = {TF_RISC_BRISC, TF_RISC_NCRISC};
    enum { NDM = sizeof dm / sizeof *dm };
    uint64_t bytes[NDM] = {0}, cyc[NDM] = {0}, ins[NDM] = {0}, rdw[NDM] = {0};
    tf_perf_core c;
    for (int i = 0; i < op->ncores; i++) {
        pf_op_core_counters(&op->cores[i], &c);
        for (int j = 0; j < NDM; j++) {
            const tf_perf_risc *p = &c.risc[dm[j]];
            for (int k = 0; k < TF_NUM_NOCS; k++) bytes[j] += p->noc_rd[k];
            cyc[j] += risc_cycles(&c, dm[j]);
            ins[j] += p->instret;
            rdw[j] += p->wait[TF_PERF_WAIT_NOC_READ];
        }
    }
    uint64_t best = 0;
    int j = -1;
    for (int i = 0; i < NDM; i++)
        if (bytes[i] > best) best = bytes[i], j = i;
    *cycles = j < 0 ? 0 : cyc[j];
    *instr = j < 0 ? 0 : ins[j];
    *rd_wait = j < 0 ? 0 : rdw[j];
    return *cycles ? dm[j] : -1;
}

/* One advice line; cut with "..." if it does not fit. */
static void advice_line(char *line, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void advice_line(char *line, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int k = vsnprintf(line, PF_ADVICE_LINE, fmt, ap);
    va_end(ap);
    if (k >= PF_ADVICE_LINE) memcpy(line + PF_ADVICE_LINE - 4, "...", 4);
}

int pf_op_advice(const pf_op *op, char lines[PF_ADVICE_MAX][PF_ADVICE_LINE])
{
    int n = 0;
#define ADVICE(...)                                                                                \
    do {                                                                                           \
        CM_ASSERT(n < PF_ADVICE_MAX); /* (one line a kind of advice: fewer kinds than that) */     \
        advice_line(lines[n++], __VA_ARGS__);                                                      \
    } while (0)
    if (op->stopped)
        ADVICE("stopped (%s) on core (%d,%d): its figures are those of the %d core%s that "
               "finished, not the op's (the notes say where each RISC stopped); fix that first",
               tf_csv_stop_reason[op->stopped - 1], op->stopped_x, op->stopped_y, op->ncores,
               op->ncores == 1 ? "" : "s");
    uint64_t dur = op->end - op->start;
    int grid = op->chip.grid_x * op->chip.grid_y;
    char nm[32];
    /* reader-bound: the unpacker waits for an input CB */
    if (op->stall_cause[TF_RISC_TRISC0] == TF_PERF_WAIT_CB_FRONT &&
        op->stall_pct[TF_RISC_TRISC0] >= 30) {
        /* what holds the reader up says what would help: its own
         * instructions (more reads in flight would not), or its reads */
        uint64_t cyc, ins, rd;
        int r = op_reader(op, &cyc, &ins, &rd);
        double ins_pct = r < 0 ? 0 : pct((double)ins, (double)cyc),
               rd_pct = r < 0 ? 0 : pct((double)rd, (double)cyc);
        /* a reader that mostly waits for room in its CB is neither slow nor
         * short of reads in flight: it reserves what TRISC0 has not freed
         * yet, so the two take turns (a CB exactly one batch deep) */
        double space_pct =
            r >= 0 && op->stall_cause[r] == TF_PERF_WAIT_CB_BACK ? op->stall_pct[r] : 0;
        if (r >= 0 && ins_pct >= 50)
            ADVICE("reader-bound: TRISC0 waits for CB %d %.0f%% of its cycles; the reader (%s) "
                   "runs its own instructions %.0f%% of its cycles and waits for its NOC reads "
                   "%.0f%%: fewer instructions a page (index arithmetic, calls), or more cores",
                   op->stall_cb[TF_RISC_TRISC0], op->stall_pct[TF_RISC_TRISC0], cm_risc_name(r),
                   ins_pct, rd_pct);
        else if (r >= 0 && space_pct > rd_pct && space_pct > ins_pct)
            ADVICE("reader-bound: TRISC0 waits for CB %d %.0f%% of its cycles; the reader (%s) "
                   "waits for space in CB %d %.0f%% (reads %.0f%%, instructions %.0f%%): it "
                   "refills only what TRISC0 freed, so they take turns; double-buffer CB %d "
                   "(twice the pages it reserves)",
                   op->stall_cb[TF_RISC_TRISC0], op->stall_pct[TF_RISC_TRISC0], cm_risc_name(r),
                   op->stall_cb[r], space_pct, rd_pct, ins_pct, op->stall_cb[r]);
        else if (r >= 0)
            ADVICE("reader-bound: TRISC0 waits for CB %d %.0f%% of its cycles; the reader (%s) "
                   "waits for its NOC reads %.0f%% of its cycles and runs instructions %.0f%%: "
                   "more reads in flight between barriers, or more cores",
                   op->stall_cb[TF_RISC_TRISC0], op->stall_pct[TF_RISC_TRISC0], cm_risc_name(r),
                   rd_pct, ins_pct);
        else
            ADVICE("reader-bound: TRISC0 waits for CB %d %.0f%% of its cycles; no data-movement "
                   "RISC read over the NOC (the CB is filled some other way)",
                   op->stall_cb[TF_RISC_TRISC0], op->stall_pct[TF_RISC_TRISC0]);
    }
    /* writer-bound: the packer waits for space in an output CB */
    int writer_bound = op->stall_cause[TF_RISC_TRISC2] == TF_PERF_WAIT_CB_BACK &&
                       op->stall_pct[TF_RISC_TRISC2] >= 30;
    if (writer_bound)
        ADVICE("writer-bound: TRISC2 waits for space in CB %d %.0f%% of its cycles",
               op->stall_cb[TF_RISC_TRISC2], op->stall_pct[TF_RISC_TRISC2]);
    /* compute stalls with low FLOP use: the math is busy with slow ops. Not
     * when the packer waits for the writer: the math then waits for DEST
     * and the unpacker for the math, the writer's hold-up passed back (a
     * copy whose writer waits for each write looked compute-bound) */
    if (op->stall_cause[TF_RISC_TRISC0] == TF_PERF_WAIT_TILE_SRC &&
        op->stall_pct[TF_RISC_TRISC0] >= 30 && op->flop_pct < 50 && !writer_bound) {
        if (op->fpu_flops)
            ADVICE("compute-bound but FLOPs at %.1f%% of peak: TRISC0 waits for the math %.0f%% "
                   "of its cycles (eltwise/SFPU ops run far below the matmul rate; fidelity %d "
                   "costs %dx LoFi)",
                   op->flop_pct, op->stall_pct[TF_RISC_TRISC0], op->fidelity ? op->fidelity : 4,
                   op->fidelity ? op->fidelity : 4);
        else /* no FPU multiply-add: no fidelity to blame */
            ADVICE("compute-bound but FLOPs at %.1f%% of peak: TRISC0 waits for the math %.0f%% "
                   "of its cycles (eltwise/SFPU ops run far below the matmul rate)",
                   op->flop_pct, op->stall_pct[TF_RISC_TRISC0]);
    }
    /* FLOP-bound above LoFi: the FPU's multiplies take a pass a fidelity
     * phase (docs/chip.md "Numerics": LoFi 16 cycles a 32x32x32 matmul,
     * HiFi4 64), so a lower fidelity is the lever left where its
     * precision will do (its error there: 1.3e-2 LoFi, 1.7e-3 HiFi2) */
    int fid = op->fidelity; /* (0: C kernels' simple mode, no fidelity to choose) */
    if (op->fpu_flops && op->flop_pct >= PF_BOUND_PCT && fid > 1 && fid <= 4) {
        char lower[48] = "";
        if (fid > 2) snprintf(lower, sizeof lower, ", HiFi2 %d/%d", 2, fid);
        ADVICE("FLOP-bound at HiFi%d: the FPU runs at %.1f%% of its peak at that fidelity (%d "
               "passes a multiply); LoFi would take about 1/%d of the math cycles%s, where "
               "its precision is enough (docs/chip.md, \"Numerics\": a bf16 matmul's error "
               "1.3e-2 at LoFi, 1.7e-3 at HiFi2)",
               fid, op->flop_pct, fid, fid, lower);
    }
    if (grid && op->ncores * 4 <= grid && dur)
        ADVICE("too few cores: %d of %d used (%.0f%% busiest core utilisation)", op->ncores, grid,
               op->cores[op->busiest].util);
    /* DRAM bank imbalance */
    uint64_t dram = op->dram_rd + op->dram_wr, top = 0;
    int tb = 0, banks = op->chip.dram_banks;
    for (int b = 0; op->bank_bytes && b < banks && b < TF_PERF_MAX_BANKS; b++)
        if (op->bank_bytes[b] > top) top = op->bank_bytes[b], tb = b;
    /* ... when it matters: the bank carrying most is busy a tenth of the op
     * or more (a small op's few bytes in one bank are no bottleneck) */
    double busy = op->chip.dram_bytes_per_cycle && dur
                      ? pct((double)top / op->chip.dram_bytes_per_cycle, (double)dur)
                      : 0;
    if (banks > 1 && dram && pct((double)top, (double)dram) > 2.0 * 100.0 / banks && busy >= 10)
        ADVICE("DRAM bank imbalance: bank %d carries %.0f%% of the op's DRAM bytes (even: %.3g%%) "
               "and is busy %.0f%% of the op; interleave the buffers",
               tb, pct((double)top, (double)dram), 100.0 / banks, busy);
    /* NOC hot spot: one core issues far more than its share */
    if (op->ncores > 1 && op->noc_bytes) {
        uint64_t best = 0;
        int bi = 0;
        tf_perf_core c;
        for (int i = 0; i < op->ncores; i++) {
            uint64_t b = 0;
            pf_op_core_counters(&op->cores[i], &c);
            for (int r = 0; r < TF_NUM_RISCS; r++)
                for (int k = 0; k < TF_NUM_NOCS; k++)
                    b += c.risc[r].noc_rd[k] + c.risc[r].noc_wr[k];
            if (b > best) best = b, bi = i;
        }
        if (pct((double)best, (double)op->noc_bytes) > 2.0 * 100.0 / op->ncores)
            ADVICE("NOC hot spot: core (%d,%d) moves %.0f%% of the op's NOC bytes (even: %.3g%%)",
                   op->cores[bi].x, op->cores[bi].y, pct((double)best, (double)op->noc_bytes),
                   100.0 / op->ncores);
    }
    if (op->straggler >= 0) ADVICE("straggler: %s", op->straggler_why ? op->straggler_why : "?");
    (void)nm;
#undef ADVICE
    return n;
}

/* An op's code and zone when memory ran out making them: "?" and "". */
static char no_code[] = "?";

const char *pf_op_stall(const pf_op *op, int r, char *buf, size_t n)
{
    char nm[32];
    int ran = op->ran >> r & 1;
    if (!ran || op->stall_cause[r] < 0)
        snprintf(buf, n, "%s", ran ? "no stall" : "");
    else
        snprintf(buf, n, "%s waits %s %.0f%%", cm_risc_name(r),
                 pf_stall_name(nm, sizeof nm, op->stall_cause[r], op->stall_cb[r]),
                 op->stall_pct[r]);
    return buf;
}

void pf_op_free(pf_op *op)
{
    if (op->op_code != no_code) free(op->op_code);
    if (op->zone != no_code + 1) free(op->zone);
    free(op->straggler_why);
    free(op->bank_bytes);
    for (int c = 0; c < op->ncores; c++) free(op->cores[c].words);
    free(op->cores);
}

/* ---- loading: the records of each process, grouped by dispatch --------------------- */

static int is_prefix(const char *s, const char *p)
{
    return !strncmp(s, p, strlen(p));
}

/* The wait_done zone of the thread around ns (it holds the readback), or -1. */
/* The TF_dispatch/wait_done zones of a trace, by (thread, start, zone
 * index), each with the latest end among those of its thread up to it:
 * the zone a counters record (thread, ns) lies in is found by a binary
 * search and a walk back that stops where no earlier zone reaches ns, so a
 * run of N dispatches costs N log N, not N^2. */
typedef struct wait_ref {
    uint32_t thread;
    uint64_t start, end, reach; /* reach: max end of this thread's zones so far */
    long zone;
} wait_ref;

static int wait_cmp(const void *a, const void *b)
{
    const wait_ref *x = a, *y = b;
    if (x->thread != y->thread) return (x->thread > y->thread) - (x->thread < y->thread);
    if (x->start != y->start) return (x->start > y->start) - (x->start < y->start);
    return (x->zone > y->zone) - (x->zone < y->zone);
}

/* The latest-starting wait zone of `thread` that holds ns (the innermost:
 * zones of a thread are numbered in start order), -1 if none. */
static long wait_zone(const wait_ref *wz, size_t nwz, uint32_t thread, uint64_t ns)
{
    size_t lo = 0, hi = nwz; /* first ref past (thread, ns) */
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (wz[mid].thread < thread || (wz[mid].thread == thread && wz[mid].start <= ns))
            lo = mid + 1;
        else
            hi = mid;
    }
    long best = -1;
    for (size_t i = lo; i-- > 0 && wz[i].thread == thread && wz[i].reach >= ns;)
        if (wz[i].end >= ns && wz[i].zone > best) best = wz[i].zone;
    return best;
}

/* Add `s` to the list `*list` ("a | b"), once. */
static void add_name(char **list, const char *s)
{
    if (!s || !*s) return;
    size_t n = *list ? strlen(*list) : 0, k = strlen(s);
    if (*list) {
        for (const char *p = *list; (p = strstr(p, s)); p += k)
            if ((p == *list || p[-1] == ' ') && (p[k] == 0 || p[k] == ' ')) return;
    }
    char *nl = realloc(*list, n + k + 4);
    if (!nl) return;
    if (n) memcpy(nl + n, " | ", 3), n += 3;
    memcpy(nl + n, s, k + 1);
    *list = nl;
}

static int op_by_start(const void *a, const void *b)
{
    const pf_op *x = a, *y = b;
    if (x->process != y->process) return (x->process > y->process) - (x->process < y->process);
    return (x->start > y->start) - (x->start < y->start);
}

static int core_cmp(const void *a, const void *b)
{
    const pf_op_core *x = a, *y = b;
    return x->y != y->y ? x->y - y->y : x->x - y->x;
}

static void load_process(pf_logs *l, const tf_trace *t, uint32_t proc)
{
    wait_ref *wz = NULL;
    size_t nwz = 0, cap_wz = 0;
    for (size_t i = 0; i < t->nzones; i++) {
        const char *nm = t->locs[t->zones[i].loc].name;
        if (nm && !strcmp(nm, "TF_dispatch/wait_done")) {
            if (cm_grow((void **)&wz, &cap_wz, nwz + 1, sizeof *wz)) break;
            const tf_tr_zone *z = &t->zones[i];
            wz[nwz++] = (wait_ref){z->thread, z->start_ns, z->end_ns, 0, (long)i};
        }
    }
    if (nwz) qsort(wz, nwz, sizeof *wz, wait_cmp);
    for (size_t i = 0; i < nwz; i++)
        wz[i].reach = i && wz[i - 1].thread == wz[i].thread && wz[i - 1].reach > wz[i].end
                          ? wz[i - 1].reach
                          : wz[i].end;
    size_t first = l->nops;
    uint64_t unknown = 0;
    int oom = 0;
    /* the process's ops by dispatch id: its records come a dispatch at a
     * time, mostly, so the last op first; else the map (a scan of the ops
     * made this quadratic: 40,000 dispatches took 3 s) */
    cm_map by_dispatch = {0};
    for (size_t i = 0; i < t->ndev_perfs; i++) {
        const tf_tr_dev_perf *rec = &t->dev_perfs[i];
        pf_op *op = NULL;
        if (l->nops > first && l->ops[l->nops - 1].dispatch == rec->h.dispatch) {
            op = &l->ops[l->nops - 1];
        } else { /* the map's slot for the dispatch: its op's, or a new one's */
            int is_new;
            uint32_t *slot =
                cm_map_slot(&by_dispatch, (uint64_t)rec->h.dispatch + 1, NULL, NULL, &is_new);
            if (!slot) {
                oom = 1;
                break;
            }
            if (!is_new) {
                op = &l->ops[*slot];
            } else {
                if (cm_grow((void **)&l->ops, &l->cap_ops, l->nops + 1, sizeof *l->ops)) {
                    oom = 1;
                    break;
                }
                *slot = (uint32_t)l->nops; /* the op made below */
            }
        }
        if (!op) {
            op = &l->ops[l->nops++];
            memset(op, 0, sizeof *op);
            op->process = proc;
            op->thread = rec->thread;
            op->dispatch = rec->h.dispatch;
            op->device = rec->device ? rec->device : 1;
            op->chip = rec->h;
            op->sim_clock = t->sync_host_clock;
        }
        if (rec->h.host_ns > op->read_ns) op->read_ns = rec->h.host_ns;
        pf_op_core *k = NULL;
        for (int c = 0; c < op->ncores; c++)
            if (op->cores[c].x == rec->h.x && op->cores[c].y == rec->h.y) k = &op->cores[c];
        if (!k) {
            pf_op_core *n = realloc(op->cores, (size_t)(op->ncores + 1) * sizeof *n);
            if (!n) {
                oom = 1;
                break;
            }
            op->cores = n;
            k = &op->cores[op->ncores++];
            memset(k, 0, sizeof *k);
            k->x = rec->h.x;
            k->y = rec->h.y;
        }
        /* the record applied to the core's counters so far (a core's
         * words may come in parts) */
        tf_perf_core kc;
        pf_op_core_counters(k, &kc);
        unknown += tf_trace_dev_perf(t, rec, &kc);
        if (pf_op_core_set(k, &kc)) {
            oom = 1;
            break;
        }
        long z = wait_zone(wz, nwz, rec->thread, rec->h.host_ns);
        if (z >= 0) {
            add_name(&op->op_code, t->zones[z].text);
            for (uint32_t p = t->zones[z].parent; p != TF_NONE && !op->zone;
                 p = t->zones[p].parent) {
                const char *nm = t->locs[t->zones[p].loc].name;
                if (!nm || is_prefix(nm, "TF_")) continue;
                const char *tx = t->zones[p].text;
                size_t need = strlen(nm) + (tx ? strlen(tx) + 2 : 0) + 1;
                op->zone = malloc(need);
                if (op->zone) snprintf(op->zone, need, "%s%s%s", nm, tx ? ": " : "", tx ? tx : "");
            }
        }
    }
    free(wz);
    cm_map_free(&by_dispatch);
    if (oom) {
        /* an op made before its first core was (the reports read a core
         * of every op) goes */
        size_t kept = first;
        for (size_t i = first; i < l->nops; i++) {
            if (l->ops[i].ncores)
                l->ops[kept++] = l->ops[i];
            else
                pf_op_free(&l->ops[i]);
        }
        l->nops = kept;
        pf_note(l, 1,
                "out of memory reading the hardware counters: the ops reports hold the %zu ops "
                "read before",
                kept - first);
    }
    if (unknown)
        pf_note(l, 0,
                "%llu hardware counter values have keys this tt_foil_profile does not know (a "
                "newer runtime?); they were skipped",
                (unsigned long long)unknown);
    uint64_t bad = 0;
    for (size_t i = first; i < l->nops; i++) {
        pf_op *op = &l->ops[i];
        qsort(op->cores, (size_t)op->ncores, sizeof *op->cores, core_cmp);
        pf_op_compute(op);
        bad += op->bad_windows;
        op->start_ns = tf_trace_dev_ns(t, op->start);
        op->end_ns = tf_trace_dev_ns(t, op->end);
        /* (out of memory, the texts no op owns: pf_op_free leaves them) */
        if (!op->op_code && !(op->op_code = strdup("?"))) op->op_code = no_code;
        if (!op->zone && !(op->zone = strdup(""))) op->zone = no_code + 1;
    }
    if (bad)
        pf_note(l, 1,
                "%llu RISC window%s of the hardware counters end%s before %s begin%s (a "
                "damaged counter record): left out of their ops' durations",
                (unsigned long long)bad, bad == 1 ? "" : "s", bad == 1 ? "s" : "",
                bad == 1 ? "it" : "they", bad == 1 ? "s" : "");
}

/* Where an op ends for the gap after it (pf_ops_load, below). */
static uint64_t op_end_ns(const pf_op *a)
{
    return a->sim_clock && a->read_ns > a->end_ns ? a->read_ns : a->end_ns;
}

/* The ops of dispatches a core of which stopped (l->devpcs: a fault,
 * timeout, deadlock or interrupt) are marked so: their figures are the
 * cores that finished, not the op's (a faulted op looked like a shorter,
 * normal one, and compare called it faster). A dispatch that stopped on
 * every core has no counters, so no op: a note says so. */
static void mark_stopped(pf_logs *l)
{
    uint32_t missing = 0, first = 0;
    int first_reason = 0;
    for (size_t d = 0; d < l->ndevpcs; d++) {
        const pf_devpc *pc = &l->devpcs[d];
        int seen = 0, found = 0;
        for (size_t e = 0; e < d && !seen; e++) /* (one dispatch, several RISCs stopped) */
            seen = l->devpcs[e].process == pc->process && l->devpcs[e].dispatch == pc->dispatch;
        if (seen) continue;
        for (size_t i = 0; i < l->nops; i++) {
            pf_op *op = &l->ops[i];
            if (op->process != pc->process || op->dispatch != pc->dispatch) continue;
            found = 1;
            op->stopped = pc->reason + 1;
            op->stopped_x = pc->x;
            op->stopped_y = pc->y;
            op->bound = "STOPPED";
        }
        if (!found && !missing++) first = pc->dispatch, first_reason = pc->reason;
    }
    if (missing)
        pf_note(l, PF_RUN_ERROR,
                "%u dispatch%s stopped on every core %s ran on (the first: dispatch %u, %s): no "
                "core finished, so %s no hardware counters and no row in %s (the notes above "
                "say where each stopped)",
                missing, missing == 1 ? "" : "es", missing == 1 ? "it" : "they", first,
                tf_csv_stop_reason[first_reason], missing == 1 ? "it has" : "they have",
                PF_OPS_PERF);
}

void pf_ops_load(pf_logs *l, tf_trace *const *ts)
{
    for (uint32_t i = 0; ts && i < l->nprocs; i++) {
        tf_trace *t = ts[i];
        if (!t || !t->ndev_perfs) continue;
        load_process(l, t, i);
        /* the ops hold the counters now: the trace's records go (80
         * bytes a core-dispatch, and the pairs of those not repeats) */
        free(t->dev_perfs);
        free(t->perf_pairs);
        t->dev_perfs = NULL;
        t->perf_pairs = NULL;
        t->ndev_perfs = t->nperf_pairs = 0;
    }
    mark_stopped(l);
    if (!l->nops) return;
    cm_fit((void **)&l->ops, &l->cap_ops, l->nops, sizeof *l->ops);
    qsort(l->ops, l->nops, sizeof *l->ops, op_by_start);
    /* The gap runs from the previous op's end to this op's first GO. On a
     * chip whose clock follows the host's (the simulator: docs/chip.md,
     * "Scheduling, time and determinism"), the device clock runs at the
     * modeled rate while a dispatch runs, slower than the host's, and
     * catches up when the next one starts: its done on the host timeline
     * is earlier than when the host could know of it, by the simulation's
     * own time. There the previous op ends, for the gap, when the host read
     * its counters back (after its wait_done), so the gap is the host's
     * time between the ops, not the simulator's. The ops before are its
     * device's (as tt-metal's op-to-op latency is per device): a process
     * driving two devices at once has two runs of ops, each with its own
     * gaps, and no gap is measured from one device's op to another's. The
     * gap runs from the latest end of them, not the last to start: ops
     * that overlap on one device (programs on different cores launched
     * together) leave no gap while any of them runs. */
    cm_map last = {0}; /* (process, device) -> the index + 1 of its op that ends latest so far */
    for (size_t i = 0; i < l->nops; i++) {
        pf_op *b = &l->ops[i];
        int is_new;
        uint32_t *slot =
            cm_map_slot(&last, (uint64_t)b->process << 32 | b->device, NULL, NULL, &is_new);
        if (!slot) { /* out of memory: no gap rather than a wrong one */
            pf_note(l, 1, "out of memory: the ops' op-to-op gaps were not all measured");
            break;
        }
        const pf_op *a = is_new ? NULL : &l->ops[*slot - 1];
        uint64_t end = a ? op_end_ns(a) : 0;
        if (!a || op_end_ns(b) > end) *slot = (uint32_t)i + 1;
        if (!a || b->start_ns < end) continue;
        b->has_gap = 1;
        b->gap_ns = b->start_ns - end;
    }
    cm_map_free(&last);
}

/* ---- the CSVs ---------------------------------------------------------------------------- */

static const char *fidelity_name(int f)
{
    static const char *const names[] = {"exact (HiFi4 cost)", "LoFi", "HiFi2", "HiFi3", "HiFi4"};
    return f >= 0 && f <= 4 ? names[f] : "?";
}

static void core_name(char *buf, size_t n, const pf_op_core *k)
{
    snprintf(buf, n, "(%d,%d)", k->x, k->y);
}

/* An op's device time in ns at its chip's clock (its cycles at 1 GHz):
 * tt_foil_ops_perf.csv's DEVICE_KERNEL_DURATION_NS, and the summary's. */
static uint64_t op_ns(const pf_op *op)
{
    double nspc = op->chip.clock_mhz ? 1000.0 / op->chip.clock_mhz : 1.0;
    return (uint64_t)((double)(op->end - op->start) * nspc + 0.5);
}

void pf_write_ops(pf_logs *l)
{
    if (!l->nops) return;
    pf_out *o = pf_out_open(l, PF_OPS_PERF);
    if (o) {
        const tf_csv_schema *s = &tf_csv_ops_perf;
        pf_put_header(o, s);
        for (size_t i = 0; i < l->nops; i++) {
            const pf_op *op = &l->ops[i];
            cm_csv_value v[TF_OP_NCOLS] = {{0}};
            char busiest[32], least[32], strag[32], stall[TF_NUM_RISCS][PF_STALL_TEXT];
            uint64_t dur = op->end - op->start;
            v[TF_OP_OP_ID] = CM_CSV_U(i + 1);
            v[TF_OP_PID] = CM_CSV_U(l->nprocs ? l->procs[op->process].pid : 0);
            v[TF_OP_DEVICE_ID] = CM_CSV_U(op->device);
            v[TF_OP_DISPATCH_ID] = CM_CSV_U(op->dispatch);
            v[TF_OP_OP_CODE] = CM_CSV_S(op->op_code);
            v[TF_OP_ZONE] = CM_CSV_S(op->zone);
            v[TF_OP_MATH_FIDELITY] = CM_CSV_S(op->fpu_flops ? fidelity_name(op->fidelity) : "");
            v[TF_OP_CORE_COUNT] = CM_CSV_U((uint64_t)op->ncores);
            v[TF_OP_GRID_CORES] = CM_CSV_U((uint64_t)op->chip.grid_x * op->chip.grid_y);
            v[TF_OP_DEVICE_KERNEL_START_CYCLE] = CM_CSV_U(op->start);
            v[TF_OP_DEVICE_KERNEL_DURATION_CYCLES] = CM_CSV_U(dur);
            v[TF_OP_DEVICE_KERNEL_DURATION_NS] = CM_CSV_U(op_ns(op));
            v[TF_OP_OP_TO_OP_LATENCY_NS] = op->has_gap ? CM_CSV_U(op->gap_ns) : CM_CSV_EMPTY;
            v[TF_OP_FLOPS] = CM_CSV_U(op->flops);
            v[TF_OP_FLOPS_PCT] = CM_CSV_F(op->flop_pct);
            v[TF_OP_DRAM_BYTES] = CM_CSV_U(op->dram_rd + op->dram_wr);
            v[TF_OP_DRAM_GBPS] = CM_CSV_F(op->dram_gbps);
            v[TF_OP_DRAM_PCT] = CM_CSV_F(op->dram_pct);
            v[TF_OP_NOC_BYTES] = CM_CSV_U(op->noc_bytes);
            v[TF_OP_MCAST_BYTES] = CM_CSV_U(op->mcast);
            v[TF_OP_ARITH_INTENSITY] = CM_CSV_F(op->intensity);
            v[TF_OP_BOUND] = CM_CSV_S(op->bound);
            for (int r = 0; r < TF_NUM_RISCS; r++)
                v[TF_OP_BRISC_STALL + r] = CM_CSV_S(pf_op_stall(op, r, stall[r], sizeof stall[r]));
            core_name(busiest, sizeof busiest, &op->cores[op->busiest]);
            core_name(least, sizeof least, &op->cores[op->least]);
            v[TF_OP_BUSIEST_CORE] = CM_CSV_S(busiest);
            v[TF_OP_BUSIEST_CORE_UTIL_PCT] = CM_CSV_F(op->cores[op->busiest].util);
            v[TF_OP_LEAST_BUSY_CORE] = CM_CSV_S(least);
            v[TF_OP_LEAST_BUSY_CORE_UTIL_PCT] = CM_CSV_F(op->cores[op->least].util);
            if (op->straggler >= 0) core_name(strag, sizeof strag, &op->cores[op->straggler]);
            v[TF_OP_STRAGGLER] = CM_CSV_S(op->straggler >= 0 ? strag : "");
            pf_put_row(o, s, v);
        }
        pf_out_close(o);
    }
    o = pf_out_open(l, PF_OPS_CORES);
    if (!o) return;
    const tf_csv_schema *s = &tf_csv_ops_cores;
    pf_put_header(o, s);
    for (size_t i = 0; i < l->nops; i++) {
        const pf_op *op = &l->ops[i];
        for (int c = 0; c < op->ncores; c++) {
            const pf_op_core *k = &op->cores[c];
            tf_perf_core kc;
            pf_op_core_counters(k, &kc);
            uint64_t dram = 0;
            for (int b = 0; b < TF_PERF_MAX_BANKS; b++) dram += kc.dram_rd[b] + kc.dram_wr[b];
            for (int r = 0; r < TF_NUM_RISCS; r++) {
                const tf_perf_risc *p = &kc.risc[r];
                if (!(kc.valid >> r & 1)) continue;
                cm_csv_value v[TF_OC_NCOLS] = {{0}};
                char top[40] = "", nm[32];
                int cause, cb;
                if (top_wait(p, &cause, &cb) && cause >= 0)
                    pf_stall_name(top, sizeof top, cause, cb);
                (void)nm;
                uint64_t noc = 0;
                for (int n = 0; n < TF_NUM_NOCS; n++) noc += p->noc_rd[n] + p->noc_wr[n];
                v[TF_OC_OP_ID] = CM_CSV_U(i + 1);
                v[TF_OC_DISPATCH_ID] = CM_CSV_U(op->dispatch);
                v[TF_OC_CORE_X] = CM_CSV_U((uint64_t)k->x);
                v[TF_OC_CORE_Y] = CM_CSV_U((uint64_t)k->y);
                v[TF_OC_RISC] = CM_CSV_S(cm_risc_name(r));
                v[TF_OC_CYCLES] = CM_CSV_U(risc_cycles(&kc, r));
                v[TF_OC_INSTRUCTIONS] = CM_CSV_U(p->instret);
                v[TF_OC_TILE_CYCLES] = CM_CSV_U(p->tile);
                for (int w = 0; w < TF_PERF_NUM_WAITS; w++)
                    v[TF_OC_WAIT_CB_FRONT + w] = CM_CSV_U(p->wait[w]);
                v[TF_OC_TOP_STALL] = CM_CSV_S(top);
                v[TF_OC_NOC_BYTES] = CM_CSV_U(noc);
                v[TF_OC_DRAM_BYTES] = CM_CSV_U(r == 0 ? dram : 0);
                v[TF_OC_CORE_UTIL_PCT] = CM_CSV_F(k->util);
                v[TF_OC_STRAGGLER] = CM_CSV_U(op->straggler == c);
                pf_put_row(o, s, v);
            }
        }
    }
    pf_out_close(o);
}

/* ---- the summary's first lines ------------------------------------------------------------ */

/* Ops of one kind: the same kernels in the same user zone on as many
 * cores (a model's layer, run once an inference or a decode step). The
 * summary lists kinds, not ops: a run of thousands of dispatches has a
 * few kinds, and its five longest ops would all be one of them. */
typedef struct op_kind {
    uint64_t dur;   /* the kind's device time, every op of it, ns */
    size_t longest; /* its longest op (the first of them): the figures shown */
    size_t n;
} op_kind;

static int kind_order(const pf_op *a, const pf_op *b)
{
    int c = strcmp(a->op_code, b->op_code);
    if (!c) c = strcmp(a->zone, b->zone);
    return c ? c : (a->ncores > b->ncores) - (a->ncores < b->ncores);
}

/* Pointers into one array of ops: by kind, then in op order. */
static int by_kind(const void *a, const void *b)
{
    const pf_op *x = *(const pf_op *const *)a, *y = *(const pf_op *const *)b;
    int c = kind_order(x, y);
    return c ? c : (x > y) - (x < y);
}

static int kind_cmp(const void *a, const void *b)
{
    const op_kind *x = a, *y = b;
    if (x->dur != y->dur) return (x->dur < y->dur) - (x->dur > y->dur);
    return (x->longest > y->longest) - (x->longest < y->longest);
}

/* The kinds of l's ops, longest in total first (ties in op order); NULL
 * when out of memory. The ops sorted by kind, then each run of one kind. */
static op_kind *op_kinds(const pf_logs *l, size_t *nk)
{
    op_kind *k = malloc(l->nops * sizeof *k);
    const pf_op **ix = malloc(l->nops * sizeof *ix);
    size_t n = 0;
    if (!k || !ix) {
        free(k);
        free(ix);
        return NULL;
    }
    for (size_t i = 0; i < l->nops; i++) ix[i] = &l->ops[i];
    qsort(ix, l->nops, sizeof *ix, by_kind);
    for (size_t i = 0; i < l->nops; i++) {
        const pf_op *op = ix[i];
        size_t at = (size_t)(op - l->ops);
        uint64_t d = op->end - op->start;
        if (!i || kind_order(&l->ops[k[n - 1].longest], op)) k[n++] = (op_kind){0, at, 0};
        const pf_op *lo = &l->ops[k[n - 1].longest];
        if (d > lo->end - lo->start) k[n - 1].longest = at; /* the first of the longest */
        k[n - 1].dur += op_ns(op);
        k[n - 1].n++;
    }
    free(ix);
    qsort(k, n, sizeof *k, kind_cmp);
    *nk = n;
    return k;
}

int pf_ops_gaps_dominate(const pf_logs *l, uint64_t *dev, uint64_t *gap)
{
    *dev = *gap = 0;
    for (size_t i = 0; i < l->nops; i++) {
        *dev += op_ns(&l->ops[i]); /* (ns, as the gaps: the chip's clock may not be 1 GHz) */
        if (l->ops[i].has_gap) *gap += l->ops[i].gap_ns;
    }
    return *gap > *dev;
}

/* The RISC whose stall a kind's line shows: TRISC0 (the unpacker: what
 * the compute waits for), or when it has no wait (a data-movement op, its
 * TRISCs running only the firmware) the RISC that waits the most, so that
 * a writer waiting for its NOC writes 83% of the op is not 'no stall'. */
static int summary_risc(const pf_op *op)
{
    if (op->ran >> TF_RISC_TRISC0 & 1 && op->stall_cause[TF_RISC_TRISC0] >= 0)
        return TF_RISC_TRISC0;
    int best = -1;
    for (int r = 0; r < TF_NUM_RISCS; r++)
        if (op->ran >> r & 1 && op->stall_cause[r] >= 0 &&
            (best < 0 || op->stall_pct[r] > op->stall_pct[best]))
            best = r;
    return best >= 0 ? best : op->ran >> TF_RISC_TRISC0 & 1 ? TF_RISC_TRISC0 : 0;
}

void pf_ops_summary(pf_logs *l, FILE *out)
{
    if (!l->nops) return;
    uint64_t dev, gap;
    int gaps_dominate = pf_ops_gaps_dominate(l, &dev, &gap);
    size_t nk = 0;
    op_kind *k = op_kinds(l, &nk);
    if (!k) return;
    char h1[32], h2[32], nm[200], zn[200], many[64], st[PF_STALL_TEXT];
    fprintf(out, "Where the time went on the chip (%zu op%s, hardware counters; %s/%s)\n", l->nops,
            l->nops == 1 ? "" : "s", l->dir, PF_OPS_PERF);
    fprintf(out, "  device %s in ops, %s between them on the host (op-to-op gaps)\n",
            pf_human_ns(h1, sizeof h1, dev), pf_human_ns(h2, sizeof h2, gap));
    /* the five kinds with the most device time; a kind of several ops
     * says how many and their mean, its figures are its longest op's */
    for (size_t j = 0; j < nk && j < 5; j++) {
        const pf_op *op = &l->ops[k[j].longest];
        many[0] = 0;
        if (k[j].n > 1) /* (device time in the units of the line above) */
            snprintf(many, sizeof many, ": %zu ops, mean %s; the longest", k[j].n,
                     pf_human_ns(h1, sizeof h1, k[j].dur / k[j].n));
        fprintf(out, "  %5.1f%% %-5s %s%s%s%s: %d core%s, FLOPs %.1f%%, DRAM %.1f%%, %s\n",
                dev ? 100.0 * (double)k[j].dur / (double)dev : 0, op->bound,
                pf_term(nm, sizeof nm, op->op_code), *op->zone ? " in " : "",
                pf_term(zn, sizeof zn, op->zone), many, op->ncores, op->ncores == 1 ? "" : "s",
                op->flop_pct, op->dram_pct, pf_op_stall(op, summary_risc(op), st, sizeof st));
    }
    char adv[PF_ADVICE_MAX][PF_ADVICE_LINE];
    int shown = 0;
    if (gaps_dominate) {
        fprintf(out, "  advice: the host gap dominates: %s between ops against %s in them\n",
                pf_human_ns(h1, sizeof h1, gap), pf_human_ns(h2, sizeof h2, dev));
        shown++;
        if (l->gap_line) { /* what the host did in them */
            char nm[2048]; /* (its names escaped: up to twice as long) */
            fprintf(out, "  %s\n", pf_term(nm, sizeof nm, l->gap_line));
        }
    }
    /* advice for each kind's longest op, kinds in the order above */
    int more = 0; /* lines past the summary's six: said, and where they are */
    for (size_t j = 0; j < nk; j++) {
        const pf_op *op = &l->ops[k[j].longest];
        int n = pf_op_advice(op, adv);
        many[0] = 0;
        if (k[j].n > 1) snprintf(many, sizeof many, ", the longest of %zu like it", k[j].n);
        for (int i = 0; i < n; i++, shown++)
            if (shown < 6)
                fprintf(out, "  advice (op %zu%s): %s\n", k[j].longest + 1, many,
                        adv[i]); /* (its OP_ID: a dispatch id is its process's) */
            else
                more++;
    }
    if (more)
        fprintf(out,
                "  (%d more advice line%s for these ops: the HTML report's Ops tab has "
                "every op's)\n",
                more, more == 1 ? "" : "s");
    fprintf(out, "\n");
    free(k);
}

/* ---- Perfetto counter tracks: each op's FLOPs and DRAM use (percent of the
 * modeled peaks), its busiest core's utilisation and its cores, as steps on
 * the device timeline (zero between ops), a group of tracks per process
 * ("chip counters", "prog[pid]: chip counters" with several): the ops of
 * two processes may run at once, and a process without device zones has no
 * core group to put them in ---------------------------------------------- */

typedef struct ctr_event {
    uint64_t ts;
    int start; /* 0: an op's end, 1: its start (ends first at one time) */
    size_t op;
} ctr_event;

static int ctr_event_cmp(const void *a, const void *b)
{
    const ctr_event *x = a, *y = b;
    if (x->ts != y->ts) return x->ts < y->ts ? -1 : 1;
    if (x->start != y->start) return x->start - y->start;
    return x->op < y->op ? -1 : x->op > y->op;
}

/* The processes' steps (two per op: its start and end) and, under
 * --max-timeline, each process's fair share of them (share[p], 0: every
 * step) as for any other kind; the number over their share. */
static size_t ctr_shares(const pf_logs *l, size_t *share, uint32_t nprocs)
{
    size_t *n = calloc(nprocs, sizeof *n), over = 0;
    if (!n) { /* every step */
        memset(share, 0, nprocs * sizeof *share);
        return 0;
    }
    for (size_t i = 0; i < l->nops; i++) n[l->nprocs ? l->ops[i].process : 0] += 2;
    pf_lod_shares(n, nprocs, l->opt->max_timeline, share);
    for (uint32_t p = 0; p < nprocs; p++) {
        over += n[p] > share[p];
        if (n[p] <= share[p]) share[p] = 0;
    }
    free(n);
    return over;
}

size_t pf_ops_json_counters_over(const pf_logs *l)
{
    uint32_t nprocs = l->nprocs ? l->nprocs : 1;
    size_t *share = malloc(nprocs * sizeof *share), over = share ? ctr_shares(l, share, nprocs) : 0;
    free(share);
    return over;
}

/* A process's counter track: its group (pid), its series' names, and
 * over its share of --max-timeline, the stretches of its time in which
 * it keeps each series' highest value at the stretch's first step and its
 * last at the stretch's last step (as a memory pool does: no op's peak is
 * lost, and the tracks end as the process did). */
typedef struct ctr_track {
    int pid;
    char name[4][192];    /* the series, "prog[pid]: " first with several processes */
    uint64_t width, from; /* 0: every step; the stretches from `from` on */
    uint64_t k, t0, tl;   /* the open one: its number, first and last step's time */
    double max[4], last[4];
    int open;
} ctr_track;

/* The four series' values at `ns` (one counter event each, its one args
 * key its name: Tracy's import-chrome names a plot after the key, across
 * groups, hence a process's prefix when there are several). */
static void ctr_step(pf_out *o, const ctr_track *s, uint64_t ns, const double *v)
{
    for (int c = 0; c < 4; c++) {
        pf_puts(o, ",\n{\"name\":");
        pf_put_json(o, s->name[c]);
        pf_printf(o, ",\"ph\":\"C\",\"pid\":%d,\"ts\":%llu.%03llu,\"args\":{", s->pid,
                  (unsigned long long)(ns / 1000), (unsigned long long)(ns % 1000));
        pf_put_json(o, s->name[c]);
        pf_printf(o, ":%.2f}}", v[c]);
    }
}

static void ctr_close(pf_out *o, ctr_track *s)
{
    if (!s->open) return;
    ctr_step(o, s, s->t0, s->max);
    if (memcmp(s->max, s->last, sizeof s->max))
        ctr_step(o, s, s->tl > s->t0 ? s->tl : s->t0 + 1, s->last);
    s->open = 0;
}

static void ctr_put(pf_out *o, ctr_track *s, uint64_t ns, const double *v)
{
    if (!s->width) {
        ctr_step(o, s, ns, v);
        return;
    }
    uint64_t k = (ns - s->from) / s->width;
    if (s->open && k != s->k) ctr_close(o, s);
    if (!s->open) {
        s->open = 1, s->k = k, s->t0 = ns;
        memcpy(s->max, v, sizeof s->max);
    }
    for (int c = 0; c < 4; c++)
        if (v[c] > s->max[c]) s->max[c] = v[c];
    memcpy(s->last, v, sizeof s->last);
    s->tl = ns;
}

void pf_ops_json_counters(pf_logs *l, pf_out *o, int *first, int pid)
{
    uint32_t nprocs = l->nprocs ? l->nprocs : 1;
    ctr_event *ev = l->nops ? malloc(2 * l->nops * sizeof *ev) : NULL;
    size_t *running = l->nops ? malloc(l->nops * sizeof *running) : NULL;
    size_t *share = malloc(nprocs * sizeof *share);
    if ((l->nops && (!ev || !running)) || !share) {
        pf_note(l, PF_WRITE_ERROR, "%s: out of memory; the ops' counter tracks left out",
                PF_TRACE_JSON);
        goto out;
    }
    ctr_shares(l, share, nprocs);
    /* the ops are by process (pf_ops_load): each process's a run of
     * them, from where the last one's ended (a scan of every op for each
     * process took 9 s of a report of 1000 processes' 1000 ops each) */
    size_t from = 0;
    for (uint32_t p = 0; p < nprocs; p++) {
        size_t n = 0, i = from;
        for (; i < l->nops && (l->ops[i].process == p || !l->nprocs); i++) {
            const pf_op *op = &l->ops[i];
            ev[n++] = (ctr_event){op->start_ns >= l->t0 ? op->start_ns - l->t0 : 0, 1, i};
            ev[n++] = (ctr_event){op->end_ns >= l->t0 ? op->end_ns - l->t0 : 0, 0, i};
        }
        from = i;
        if (!n) continue;
        qsort(ev, n, sizeof *ev, ctr_event_cmp);
        static const char *const series[4] = {"chip FLOPs % of peak", "chip DRAM % of peak",
                                              "chip busiest core %", "chip cores used"};
        char pre[160] = "";
        if (l->nprocs > 1)
            snprintf(pre, sizeof pre, "%s[%u]: ", l->procs[p].program, l->procs[p].pid);
        ctr_track s = {.pid = pid, .from = ev[0].ts};
        for (int c = 0; c < 4; c++) snprintf(s.name[c], sizeof s.name[c], "%s%s", pre, series[c]);
        pf_printf(o, "%s{\"ph\":\"M\",\"pid\":%d,\"name\":\"process_name\",\"args\":{\"name\":",
                  *first ? "" : ",\n", pid);
        char group[192];
        snprintf(group, sizeof group, "%schip counters", pre);
        pf_put_json(o, group);
        pf_printf(o,
                  "}},\n{\"ph\":\"M\",\"pid\":%d,\"name\":\"process_sort_index\","
                  "\"args\":{\"sort_index\":%d}}",
                  pid, pid - 1);
        *first = 0;
        /* stretches of the process's time span, half its share: two steps each */
        if (share[p])
            s.width = (ev[n - 1].ts - ev[0].ts + 1) / (share[p] / 2 ? share[p] / 2 : 1) + 1;
        /* the steps: the latest op still running, zero when none is (the
         * ops of a process overlap when it launches asynchronously or
         * drives several devices) */
        size_t nrun = 0;
        for (size_t e = 0; e < n; e++) {
            if (ev[e].start) {
                running[nrun++] = ev[e].op;
            } else {
                for (size_t r = 0; r < nrun; r++)
                    if (running[r] == ev[e].op) {
                        memmove(running + r, running + r + 1, (nrun - r - 1) * sizeof *running);
                        nrun--;
                        break;
                    }
            }
            const pf_op *op = nrun ? &l->ops[running[nrun - 1]] : NULL;
            double v[4] = {0, 0, 0, 0};
            if (op) {
                v[0] = op->flop_pct;
                v[1] = op->dram_pct;
                v[2] = op->cores[op->busiest].util;
                v[3] = op->ncores;
            }
            ctr_put(o, &s, ev[e].ts, v);
        }
        ctr_close(o, &s);
        pid++;
    }
out:
    free(ev);
    free(running);
    free(share);
}

/* ---- the HTML page's Ops section (report.html renders it): the ops with
 * their figures, advice and every core's counters ------------------------------------ */

static void json_num(pf_out *o, const char *key, double v)
{
    pf_printf(o, ",\"%s\":%.6g", key, v == v ? v : 0);
}

/* The HTML's ops (--max-ops): the longest max_ops of them, in their order,
 * every op when there are no more. An op is kept when it is longer than
 * *cut, or as long and among the first *ties of that length. Returns how
 * many are kept. */
static size_t html_ops(const pf_logs *l, uint64_t *cut, size_t *ties)
{
    size_t keep = l->opt->max_ops;
    *cut = 0;
    *ties = SIZE_MAX;
    if (!keep || l->nops <= keep) return l->nops;
    uint64_t *d = malloc(l->nops * sizeof *d);
    if (!d) return l->nops; /* (all of them, then) */
    for (size_t i = 0; i < l->nops; i++) d[i] = l->ops[i].end - l->ops[i].start;
    qsort(d, l->nops, sizeof *d, u64_cmp);
    *cut = d[l->nops - keep]; /* the keep-th longest */
    size_t longer = 0;
    for (size_t i = 0; i < l->nops; i++) longer += d[i] > *cut;
    free(d);
    *ties = keep - longer;
    return keep;
}

void pf_ops_html_notes(pf_logs *l)
{
    uint64_t cut;
    size_t ties, kept = html_ops(l, &cut, &ties);
    if (kept < l->nops)
        pf_note(l, 0,
                "the HTML's Ops section holds the %zu longest ops of %zu (--max-ops %zu; each "
                "%llu cycles or more); %s and %s have every op",
                kept, l->nops, l->opt->max_ops, (unsigned long long)cut, PF_OPS_PERF, PF_OPS_CORES);
}

void pf_ops_html(pf_logs *l, pf_out *o)
{
    uint64_t cut;
    size_t ties, kept = html_ops(l, &cut, &ties), written = 0;
    pf_puts(o, "\"op_waits\":[");
    for (int w = 0; w < TF_PERF_NUM_WAITS; w++) {
        if (w) pf_putc(o, ',');
        pf_put_json(o, wait_label[w]);
    }
    pf_puts(o, "],\"op_riscs\":[");
    for (int r = 0; r < TF_NUM_RISCS; r++) {
        if (r) pf_putc(o, ',');
        pf_put_json(o, cm_risc_name(r));
    }
    /* advice about the run as a whole (the summary's) */
    uint64_t dev, gap;
    int gaps_dominate = pf_ops_gaps_dominate(l, &dev, &gap);
    pf_puts(o, "],\"op_advice\":[");
    if (gaps_dominate) {
        char line[160], h1[32], h2[32];
        snprintf(line, sizeof line, "the host gap dominates: %s between ops against %s in them",
                 pf_human_ns(h1, sizeof h1, gap), pf_human_ns(h2, sizeof h2, dev));
        pf_put_json(o, line);
        if (l->gap_line) {
            pf_putc(o, ',');
            pf_put_json(o, l->gap_line);
        }
    }
    pf_printf(o, "],\"ops_total\":%zu,\n\"ops\":[", l->nops);
    for (size_t i = 0; i < l->nops; i++) {
        const pf_op *op = &l->ops[i];
        uint64_t dur = op->end - op->start;
        if (kept < l->nops && dur <= cut) { /* the shortest kept: the first `ties` of them */
            if (dur < cut || !ties) continue;
            ties--;
        }
        int fid = op->fidelity >= 0 && op->fidelity <= 4 ? op->fidelity : 0;
        uint32_t mm = op->chip.matmul_cycles[fid];
        pf_printf(o, "%s{\"id\":%zu,\"dispatch\":%u,\"pid\":%u,\"device\":%u,\"op\":",
                  written++ ? ",\n" : "", i + 1, op->dispatch,
                  l->nprocs ? l->procs[op->process].pid : 0, op->device);
        pf_put_json(o, op->op_code);
        pf_puts(o, ",\"zone\":");
        pf_put_json(o, op->zone);
        pf_puts(o, ",\"fidelity\":");
        pf_put_json(o, op->fpu_flops ? fidelity_name(op->fidelity) : "");
        pf_printf(o, ",\"grid\":[%d,%d],\"clock_mhz\":%u,\"cycles\":%llu,\"gap_ns\":%lld",
                  op->chip.grid_x, op->chip.grid_y, op->chip.clock_mhz, (unsigned long long)dur,
                  op->has_gap ? (long long)op->gap_ns : -1LL);
        pf_printf(o, ",\"flops\":%llu,\"fpu_flops\":%llu,\"dram\":%llu,\"noc\":%llu,\"mcast\":%llu",
                  (unsigned long long)op->flops, (unsigned long long)op->fpu_flops,
                  (unsigned long long)(op->dram_rd + op->dram_wr),
                  (unsigned long long)op->noc_bytes, (unsigned long long)op->mcast);
        json_num(o, "flop_pct", op->flop_pct);
        json_num(o, "dram_pct", op->dram_pct);
        json_num(o, "gbps", op->dram_gbps);
        json_num(o, "ai", op->intensity);
        /* the modeled peaks: one core's FPU at the op's fidelity, every DRAM bank */
        json_num(o, "core_fpc", mm ? 65536.0 / mm : 0);
        json_num(o, "dram_bpc", (double)op->chip.dram_banks * op->chip.dram_bytes_per_cycle);
        pf_puts(o, ",\"bound\":");
        pf_put_json(o, op->bound);
        pf_puts(o, ",\"stall\":[");
        for (int r = 0; r < TF_NUM_RISCS; r++) {
            if (r) pf_putc(o, ',');
            char st[PF_STALL_TEXT];
            pf_put_json(o, pf_op_stall(op, r, st, sizeof st));
        }
        pf_printf(o, "],\"busiest\":%d,\"least\":%d,\"straggler\":%d,\"why\":", op->busiest,
                  op->least, op->straggler);
        pf_put_json(o, op->straggler_why ? op->straggler_why : "");
        char adv[PF_ADVICE_MAX][PF_ADVICE_LINE];
        int na = pf_op_advice(op, adv);
        pf_puts(o, ",\"advice\":[");
        for (int a = 0; a < na; a++) {
            if (a) pf_putc(o, ',');
            pf_put_json(o, adv[a]);
        }
        pf_puts(o, "],\"banks\":[");
        for (int b = 0; b < op->chip.dram_banks && b < TF_PERF_MAX_BANKS; b++)
            pf_printf(o, "%s%llu", b ? "," : "",
                      (unsigned long long)(op->bank_bytes ? op->bank_bytes[b] : 0));
        /* cores: [x, y, util %, start, end (cycles from the op's start), FLOPs,
         * DRAM bytes, NOC bytes, then per RISC [cycles, instructions, tile, waits...]] */
        pf_puts(o, "],\"cores\":[");
        for (int c = 0; c < op->ncores; c++) {
            const pf_op_core *k = &op->cores[c];
            tf_perf_core kc;
            pf_op_core_counters(k, &kc);
            uint64_t flops = 0, dram = 0, noc = 0;
            for (int f = 0; f < TF_PERF_NUM_FLOPS; f++) flops += kc.flops[f];
            for (int b = 0; b < TF_PERF_MAX_BANKS; b++) dram += kc.dram_rd[b] + kc.dram_wr[b];
            for (int r = 0; r < TF_NUM_RISCS; r++)
                for (int n = 0; n < TF_NUM_NOCS; n++)
                    noc += kc.risc[r].noc_rd[n] + kc.risc[r].noc_wr[n];
            uint64_t s = k->end && k->start >= op->start ? k->start - op->start : 0;
            uint64_t e = k->end >= op->start ? k->end - op->start : 0;
            /* (util at full precision: the page shows it to 0.1 as the CSVs
             * do, and 64.748 rounded to 64.75 first showed as 64.8) */
            pf_printf(o, "%s[%d,%d,%.6g,%llu,%llu,%llu,%llu,%llu", c ? "," : "", k->x, k->y,
                      k->util == k->util ? k->util : 0, (unsigned long long)s,
                      (unsigned long long)e, (unsigned long long)flops, (unsigned long long)dram,
                      (unsigned long long)noc);
            for (int r = 0; r < TF_NUM_RISCS; r++) {
                const tf_perf_risc *p = &kc.risc[r];
                pf_printf(o, ",[%llu,%llu,%llu", (unsigned long long)tf_perf_cycles(&kc, r),
                          (unsigned long long)p->instret, (unsigned long long)p->tile);
                for (int w = 0; w < TF_PERF_NUM_WAITS; w++)
                    pf_printf(o, ",%llu", (unsigned long long)p->wait[w]);
                pf_putc(o, ']');
            }
            pf_putc(o, ']');
        }
        pf_puts(o, "]}");
    }
    pf_puts(o, "]");
}
