/* The CSV files of the output tree (spec section 4, same names and
 * columns, RFC 4180), the diagnostics file and the terminal summary. */
#include "pf.h"
#include "common/cm_csv.h"
#include "common/cm_risc.h"

#include <stdlib.h>
#include <string.h>
#include <pthread.h>
#include <time.h>

/* ---- .logs/ ------------------------------------------------------------------------ */

/* The zone's location columns: name, src_file, src_line (without the end
 * of line: the row goes on). */
static void ops_prefix(pf_out *o, const tf_tr_loc *loc)
{
    cm_csv_value v[TF_OPS_NCOLS] = {{0}};
    v[TF_OPS_name] = CM_CSV_S(loc->name ? loc->name : "");
    v[TF_OPS_src_file] = CM_CSV_S(loc->file ? loc->file : "");
    v[TF_OPS_src_line] = CM_CSV_U(loc->line);
    pf_put_cols(o, &tf_csv_ops_times, TF_OPS_name, TF_OPS_src_line, v);
}

/* One row per host zone, as Tracy's `csvexport -u` writes them. */
static void write_ops_times(pf_logs *l, pf_analysis *a)
{
    tf_trace *t = l->trace;
    if (!t) return;
    const tf_csv_schema *s = &tf_csv_ops_times;
    pf_loc_text *pre = pf_loc_text_build(t, ops_prefix);
    pf_out *f = pre ? pf_out_open(l, PF_OPS_CSV) : NULL;
    if (!f) {
        if (!pre) pf_note(l, PF_WRITE_ERROR, "%s: out of memory", PF_OPS_CSV);
        pf_loc_text_free(pre, t->nlocs);
        return;
    }
    pf_put_header(f, s);
    cm_csv_value v[TF_OPS_NCOLS] = {{0}};
    for (size_t k = 0; k < a->nby_start; k++) {
        const tf_tr_zone *z = &t->zones[a->by_start[k]];
        const tf_tr_thread *th = &t->threads[z->thread];
        pf_putn(f, pre[z->loc].s, pre[z->loc].n);
        v[TF_OPS_ns_since_start] = CM_CSV_U(z->start_ns - l->t0);
        v[TF_OPS_exec_time_ns] = CM_CSV_U(z->end_ns - z->start_ns);
        v[TF_OPS_thread] = CM_CSV_U(th->tid ? th->tid : th->number);
        v[TF_OPS_value] = CM_CSV_S(z->text ? z->text : "");
        pf_put_cols(f, s, TF_OPS_ns_since_start, TF_OPS_value, v);
    }
    pf_out_close(f);
    pf_loc_text_free(pre, t->nlocs);
}

_Static_assert(TF_MEM_ALLOC - 1 == TF_MEMOP_ALLOC && TF_MEM_FREE - 1 == TF_MEMOP_FREE &&
                   TF_MEM_RESET - 1 == TF_MEMOP_RESET && TF_MEMOP_NOPS == 3,
               "the memory log's op names follow the trace library's memory operations");

/* The spec's raw memory log (ts on the host's monotonic clock, like the
 * device logs). */
static void write_memlog(pf_logs *l)
{
    tf_trace *t = l->mem;
    if (!t) return;
    const tf_csv_schema *s = &tf_csv_memlog;
    pf_out *f = pf_out_open(l, PF_MEMLOG_CSV);
    if (!f) return;
    pf_put_header(f, s);
    cm_csv_value v[TF_ML_NCOLS] = {{0}};
    for (size_t i = 0; i < t->nmem; i++) {
        const tf_tr_mem *e = &t->mem[i];
        int known = e->op >= TF_MEM_ALLOC && e->op <= TF_MEM_RESET;
        v[TF_ML_op] = CM_CSV_S(known ? tf_csv_mem_op[e->op - TF_MEM_ALLOC] : "?");
        v[TF_ML_pool] = CM_CSV_S(t->pools[e->pool]);
        v[TF_ML_addr] = CM_CSV_U(e->ptr);
        v[TF_ML_size] = CM_CSV_U(e->size);
        v[TF_ML_ts_ns] = CM_CSV_U(e->ns);
        pf_put_row(f, s, v);
    }
    pf_out_close(f);
}

void pf_write_logs_csv(pf_logs *l, pf_analysis *a)
{
    write_ops_times(l, a);
    write_memlog(l);
}

/* ---- reports/ ------------------------------------------------------------------------- */

static void write_perf_results(pf_logs *l, pf_analysis *a)
{
    const tf_csv_schema *s = &tf_csv_perf_results;
    pf_out *f = pf_out_open(l, PF_PERF_RESULTS);
    if (!f) return;
    pf_put_header(f, s);
    cm_csv_value v[TF_PR_NCOLS] = {{0}};
    for (size_t i = 0; i < a->nzones; i++) {
        const pf_zonestat *z = &a->zones[i];
        v[TF_PR_ZONE_NAME] = CM_CSV_S(z->name);
        v[TF_PR_CONTEXT] = CM_CSV_S(z->context);
        v[TF_PR_CALL_COUNT] = CM_CSV_U(z->count);
        v[TF_PR_TOTAL_NS] = CM_CSV_U(z->total);
        v[TF_PR_MEAN_NS] = CM_CSV_U(z->total / z->count);
        v[TF_PR_MIN_NS] = CM_CSV_U(z->min);
        v[TF_PR_MAX_NS] = CM_CSV_U(z->max);
        v[TF_PR_MEDIAN_NS] = CM_CSV_U(z->median);
        v[TF_PR_P99_NS] = CM_CSV_U(z->p99);
        v[TF_PR_SELF_NS] = CM_CSV_U(z->self);
        pf_put_row(f, s, v);
    }
    pf_out_close(f);
}

/* The zone column (",name"), the same on every row of a location. */
static void csv_name(pf_out *o, const tf_tr_loc *loc)
{
    cm_csv_value v[TF_PC_NCOLS] = {{0}};
    v[TF_PC_zone] = CM_CSV_S(loc->name ? loc->name : "");
    pf_put_cols(o, &tf_csv_perf_per_call, TF_PC_zone, TF_PC_zone, v);
}

void pf_write_per_call(pf_logs *l, pf_analysis *a)
{
    const tf_csv_schema *s = &tf_csv_perf_per_call;
    pf_loc_text *name = l->trace ? pf_loc_text_build(l->trace, csv_name) : NULL;
    pf_out *f = pf_out_open(l, PF_PERF_PER_CALL);
    if (!f) {
        pf_loc_text_free(name, l->trace ? l->trace->nlocs : 0);
        return;
    }
    pf_put_header(f, s);
    if (l->trace && !name) pf_note(l, PF_WRITE_ERROR, "%s: out of memory", PF_PERF_PER_CALL);
    cm_csv_value v[TF_PC_NCOLS] = {{0}};
    for (size_t k = 0; name && k < a->nby_start; k++) {
        const tf_tr_zone *z = &l->trace->zones[a->by_start[k]];
        v[TF_PC_seq] = CM_CSV_U(k);
        v[TF_PC_ts_ns] = CM_CSV_U(z->start_ns - l->t0);
        pf_put_cols(f, s, TF_PC_seq, TF_PC_ts_ns, v);
        pf_putn(f, name[z->loc].s, name[z->loc].n);
        v[TF_PC_duration_ns] = CM_CSV_U(z->end_ns - z->start_ns);
        v[TF_PC_context] = CM_CSV_S(z->text ? z->text : "");
        pf_put_cols(f, s, TF_PC_duration_ns, TF_PC_context, v);
    }
    pf_out_close(f);
    pf_loc_text_free(name, l->trace ? l->trace->nlocs : 0);
}

static void write_phases(pf_logs *l, pf_analysis *a)
{
    const tf_csv_schema *s = &tf_csv_phases;
    pf_out *f = pf_out_open(l, PF_PHASES);
    if (!f) return;
    pf_put_header(f, s);
    cm_csv_value v[TF_PH_NCOLS] = {{0}};
    for (size_t i = 0; i < a->nphases; i++) {
        const pf_phase *p = &a->phases[i];
        char name[32];
        snprintf(name, sizeof name, "Phase_%zu", i); /* the spec's wrapper's names */
        v[TF_PH_phase] = CM_CSV_S(name);
        v[TF_PH_kernel_load_count] = CM_CSV_U(p->kernel_loads);
        v[TF_PH_t_start_ns] = CM_CSV_U(p->start);
        v[TF_PH_t_end_ns] = CM_CSV_U(p->end);
        v[TF_PH_duration_ns] = CM_CSV_U(p->end - p->start);
        v[TF_PH_first_kernel] = CM_CSV_S(p->first_kernel);
        v[TF_PH_last_kernel] = CM_CSV_S(p->last_kernel);
        pf_put_row(f, s, v);
    }
    pf_out_close(f);
}

static void write_memory(pf_logs *l, pf_analysis *a)
{
    const tf_csv_schema *s = &tf_csv_memory_report;
    pf_out *f = pf_out_open(l, PF_MEMORY_REPORT);
    if (!f) return;
    pf_put_header(f, s);
    cm_csv_value v[TF_MR_NCOLS] = {{0}};
    for (size_t i = 0; i < a->npools; i++) {
        const pf_poolstat *p = &a->pools[i];
        v[TF_MR_POOL] = CM_CSV_S(p->pool);
        v[TF_MR_ALLOC_COUNT] = CM_CSV_U(p->allocs);
        v[TF_MR_FREE_COUNT] = CM_CSV_U(p->frees);
        v[TF_MR_TOTAL_BYTES_ALLOCATED] = CM_CSV_U(p->total);
        v[TF_MR_PEAK_LIVE_BYTES] = CM_CSV_U(p->peak);
        v[TF_MR_LEAKED_BYTES] = CM_CSV_U(p->leaked);
        v[TF_MR_CAPACITY_BYTES] = p->capacity ? CM_CSV_U(p->capacity) : CM_CSV_EMPTY;
        v[TF_MR_PEAK_PERCENT] =
            p->capacity ? CM_CSV_F(100.0 * (double)p->peak / (double)p->capacity) : CM_CSV_EMPTY;
        pf_put_row(f, s, v);
    }
    pf_out_close(f);
}

static void write_device(pf_logs *l, pf_analysis *a)
{
    const tf_csv_schema *s = &tf_csv_device_perf;
    pf_out *f = pf_out_open(l, PF_DEVICE_PERF);
    if (!f) return;
    pf_put_header(f, s);
    cm_csv_value v[TF_DP_NCOLS] = {{0}};
    for (size_t i = 0; i < a->ndev; i++) {
        const pf_devstat *d = &a->dev[i];
        v[TF_DP_RISC] = CM_CSV_S(cm_risc_name(d->risc));
        v[TF_DP_ZONE] = CM_CSV_S(d->zone);
        v[TF_DP_ZONE_HASH] = CM_CSV_S(d->hash);
        v[TF_DP_CALL_COUNT] = CM_CSV_U(d->count);
        v[TF_DP_TOTAL_CYCLES] = CM_CSV_U(d->total);
        v[TF_DP_MEAN_CYCLES] = CM_CSV_U(d->total / d->count);
        v[TF_DP_MIN_CYCLES] = CM_CSV_U(d->min);
        v[TF_DP_MAX_CYCLES] = CM_CSV_U(d->max);
        pf_put_row(f, s, v);
    }
    pf_out_close(f);
}

void pf_write_reports(pf_logs *l, pf_analysis *a)
{
    /* a report whose log is missing is still written (header only), so the
     * tree always has the same files; the notes say why it is empty */
    write_perf_results(l, a);
    write_phases(l, a);
    write_memory(l, a);
    pf_write_memsites(l, a);
    write_device(l, a);
}

/* ---- diagnostics ------------------------------------------------------------------------ */

void pf_trace_counts(pf_out *f, const char *what, const tf_trace *t)
{
    if (!t) {
        pf_printf(f, "%s: not read\n", what);
        return;
    }
    pf_printf(f, "%s: %s (program %s, pid %u)\n", what, t->path, t->header.program, t->header.pid);
    /* the device zones come as marker blocks (one per RISC and dispatch,
     * counted below as zones); track zones are zones decoded already (an
     * older runtime's), "device zones 0" said of a trace full of markers */
    pf_printf(f,
              "  threads %u, zones %zu, frame marks %zu, memory events %zu, device marker blocks "
              "%llu, track zones %zu\n",
              t->nthreads, t->nzones, t->nframes, t->nmem,
              (unsigned long long)(t->ndev_blocks + t->dev_streamed), t->ntrack_zones);
    pf_printf(f,
              "  unterminated zones %llu, mismatched ends %llu, orphan ends %llu, unknown records "
              "%llu\n",
              (unsigned long long)t->unterminated, (unsigned long long)t->mismatched_ends,
              (unsigned long long)t->orphan_ends, (unsigned long long)t->unknown_records);
    pf_printf(f, "  corrupt bytes skipped %llu, bytes cut short at the end %llu\n",
              (unsigned long long)t->bad_bytes, (unsigned long long)t->truncated_bytes);
    if (t->has_trailer)
        pf_printf(f,
                  "  trailer: records %llu, lost records %llu, failed writes %llu, truncated "
                  "texts %llu\n",
                  (unsigned long long)t->trailer.records,
                  (unsigned long long)t->trailer.lost_records,
                  (unsigned long long)t->trailer.lost_chunks,
                  (unsigned long long)t->trailer.truncated_texts);
    else
        pf_printf(f, "  no trailer: the program did not exit normally\n");
}

void pf_write_diagnostics(pf_logs *l)
{
    pf_out *f = pf_out_open(l, PF_DIAGNOSTICS);
    if (!f) return;
    pf_printf(f, "tt_foil_profile diagnostics for %s\n\n", l->dir);
    /* a block per log file, as it was read (several processes' logs are
     * merged for the reports, but each file has its own counts, trailer
     * and damage) */
    static const char *const what[2] = {"host trace", "memory log"};
    for (int k = 0; k < 2; k++) {
        int any = 0;
        for (uint32_t i = 0; i < l->nprocs; i++) {
            const pf_process *pr = &l->procs[i];
            const char *file = k ? pr->memlog : pr->trace;
            if (!file[0]) continue;
            any = 1;
            if (pr->diag[k])
                pf_puts(f, pr->diag[k]);
            else
                pf_printf(f, "%s: %s/%s/%s: not read (see the notes)\n", what[k], l->dir, PF_LOGS,
                          file);
        }
        if (!any) pf_printf(f, "%s: not read\n", what[k]);
    }
    if (l->have_device_csv)
        pf_printf(f,
                  "device zones: %llu zones from %llu markers; %llu markers unmatched, %llu zones "
                  "dropped on the device\n",
                  (unsigned long long)l->dev_zones, (unsigned long long)l->dev_markers,
                  (unsigned long long)l->dev_unmatched, (unsigned long long)l->dev_dropped);
    else
        pf_printf(f, "device zones: not recorded\n");
    if (l->have_sync)
        pf_printf(f, "clock sync: host_ns %llu = cycle %llu, %.6f ns per cycle (%s)\n",
                  (unsigned long long)l->sync_host_ns, (unsigned long long)l->sync_cycle,
                  l->ns_per_cycle,
                  tf_csv_device_clock[l->sync_host_clock ? TF_CLOCK_host_monotonic
                                                         : TF_CLOCK_free_running]);
    pf_printf(f,
              "\n%d notes: %d errors (logs not read in full, reports not written), %d about "
              "data the run lost (dropped zones, records not written, texts cut), %d about "
              "dispatches that stopped (timeout, fault, interrupt, stall: read in full)\n",
              l->nnotes, l->errors, l->losses, l->run_errors);
    for (int i = 0; i < l->nnotes; i++)
        pf_printf(f, "%s: %s\n", l->note_error[i] ? "error" : "note", l->notes[i]);
    pf_out_close(f);
}

/* ---- terminal summary ------------------------------------------------------------------ */

typedef struct zone_total {
    const char *name;
    uint64_t count, total, self;
    size_t contexts;
} zone_total;

static int cmp_total_desc(const void *a, const void *b)
{
    const zone_total *x = a, *y = b;
    if (x->total != y->total) return x->total < y->total ? 1 : -1;
    return strcmp(x->name, y->name);
}

/* pool groups by the peak of their pools, then name */
static const pf_analysis *g_an;
static int cmp_group_peak(const void *a, const void *b)
{
    const pf_poolstat *x = &g_an->pools[((const pf_poolgroup *)a)->first],
                      *y = &g_an->pools[((const pf_poolgroup *)b)->first];
    if (x->peak != y->peak) return x->peak < y->peak ? 1 : -1;
    return strcmp(x->pool, y->pool);
}

#define SUMMARY_ROWS 10

static void summary_host(pf_analysis *a, FILE *out)
{
    /* per zone name, all contexts together: a->zones is sorted by name */
    zone_total *zt = calloc(a->nzones ? a->nzones : 1, sizeof *zt);
    if (!zt) return;
    size_t n = 0;
    for (size_t i = 0; i < a->nzones; i++) {
        if (!n || strcmp(zt[n - 1].name, a->zones[i].name)) zt[n++].name = a->zones[i].name;
        zt[n - 1].count += a->zones[i].count;
        zt[n - 1].total += a->zones[i].total;
        zt[n - 1].self += a->zones[i].self;
        zt[n - 1].contexts++;
    }
    qsort(zt, n, sizeof *zt, cmp_total_desc);
    fprintf(out, "\nHost zones (%zu of %zu, by total time)\n", n < SUMMARY_ROWS ? n : SUMMARY_ROWS,
            n);
    fprintf(out, "  %-34s %9s %11s %11s %11s %8s\n", "ZONE", "CALLS", "TOTAL", "MEAN", "SELF",
            "CONTEXTS");
    for (size_t i = 0; i < n && i < SUMMARY_ROWS; i++) {
        char t[32], m[32], s[32], nm[160];
        fprintf(out, "  %s %9llu %11s %11s %11s %8zu\n",
                pf_term_cell(nm, sizeof nm, zt[i].name, 34), (unsigned long long)zt[i].count,
                pf_human_ns(t, sizeof t, zt[i].total),
                pf_human_ns(m, sizeof m, zt[i].total / zt[i].count),
                pf_human_ns(s, sizeof s, zt[i].self), zt[i].contexts);
    }
    free(zt);
}

static int cmp_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

/* Frame marks (TT_FOIL_FRAME_MARK; the runtime marks each dispatch's end):
 * how many, and the frames between consecutive marks of a process (mean,
 * shortest, longest); one line per process that has marks. */
static void summary_frames(const pf_logs *l, FILE *out)
{
    const tf_trace *t = l->trace;
    if (!t->nframes) return;
    uint64_t *ns = malloc(t->nframes * sizeof *ns);
    if (!ns) return;
    fprintf(out, "\nFrames (TT_FOIL_FRAME_MARK; the runtime marks the end of each dispatch)\n");
    uint32_t nproc = l->nprocs > 1 ? l->nprocs : 1;
    for (uint32_t p = 0; p < nproc; p++) {
        size_t n = 0;
        for (size_t i = 0; i < t->nframes; i++)
            if (t->threads[t->frames[i].thread].process == p || nproc == 1)
                ns[n++] = t->frames[i].ns;
        if (!n) continue;
        qsort(ns, n, sizeof *ns, cmp_u64);
        char who[160] = "";
        if (nproc > 1) snprintf(who, sizeof who, "%s[%u]: ", l->procs[p].program, l->procs[p].pid);
        if (n < 2) {
            fprintf(out, "  %s1 mark (no frame between two)\n", who);
            continue;
        }
        uint64_t lo = UINT64_MAX, hi = 0;
        for (size_t i = 1; i < n; i++) {
            uint64_t d = ns[i] - ns[i - 1];
            if (d < lo) lo = d;
            if (d > hi) hi = d;
        }
        char m[32], a[32], b[32];
        fprintf(out, "  %s%zu marks, %zu frame%s: mean %s, shortest %s, longest %s\n", who, n,
                n - 1, n == 2 ? "" : "s", pf_human_ns(m, sizeof m, (ns[n - 1] - ns[0]) / (n - 1)),
                pf_human_ns(a, sizeof a, lo), pf_human_ns(b, sizeof b, hi));
    }
    free(ns);
}

/* One row per pool, identical per-core pools folded into one with their
 * count ("Device L1 (x,y) x10"). */
static void summary_memory(pf_analysis *a, int exited, FILE *out)
{
    size_t ng = a->npoolgroups;
    pf_poolgroup *g = malloc((ng ? ng : 1) * sizeof *g);
    if (!g) return;
    if (ng) memcpy(g, a->poolgroups, ng * sizeof *g);
    uint64_t leaked = 0;
    size_t leaking = 0;
    for (size_t i = 0; i < a->npools; i++) {
        leaked += a->pools[i].leaked;
        leaking += a->pools[i].leaked != 0;
    }
    g_an = a;
    qsort(g, ng, sizeof *g, cmp_group_peak);
    fprintf(out, "\nMemory pools (%zu of %zu rows, by peak", ng < SUMMARY_ROWS ? ng : SUMMARY_ROWS,
            ng);
    if (ng < a->npools)
        fprintf(out, "; %zu pools, identical per-core and per-bank ones folded", a->npools);
    fprintf(out, ")\n  %-34s %9s %9s %11s %7s %11s\n", "POOL", "ALLOCS", "FREES", "PEAK", "OF CAP",
            "LEAKED");
    for (size_t i = 0; i < ng && i < SUMMARY_ROWS; i++) {
        const pf_poolstat *p = &a->pools[g[i].first];
        char pk[32], lk[32], pc[16] = "-", nm[160], gn[256];
        if (p->capacity)
            snprintf(pc, sizeof pc, "%.1f%%", 100.0 * (double)p->peak / (double)p->capacity);
        fprintf(out, "  %s %9llu %9llu %11s %7s %11s%s\n",
                pf_term_cell(nm, sizeof nm, pf_poolgroup_name(a, &g[i], gn, sizeof gn), 34),
                (unsigned long long)p->allocs, (unsigned long long)p->frees,
                pf_human_bytes(pk, sizeof pk, p->peak), pc,
                pf_human_bytes(lk, sizeof lk, p->leaked), g[i].count > 1 ? " each" : "");
    }
    pf_memsites_summary(a, g, ng, out);
    if (leaking) {
        char lk[32];
        /* a log without its trailer ended where the process stopped
         * writing (killed, crashed): not an exit, and maybe not a leak */
        fprintf(out, "  leaks: %s still allocated %s in %zu pools\n",
                pf_human_bytes(lk, sizeof lk, leaked),
                exited ? "at exit"
                       : "where the log ends (the process did not exit normally: no trailer)",
                leaking);
    } else if (a->npools) {
        fprintf(out, "  no leaks\n");
    }
    free(g);
}

static int cmp_self_desc(const void *a, const void *b)
{
    const pf_devstat *x = *(const pf_devstat *const *)a, *y = *(const pf_devstat *const *)b;
    if (x->self != y->self) return x->self < y->self ? 1 : -1;
    if (x->total != y->total) return x->total < y->total ? 1 : -1;
    if (x->risc != y->risc) return x->risc - y->risc;
    return strcmp(x->zone, y->zone);
}

/* Device zones by self cycles (a zone minus the zones inside it: where
 * the cycles went), the firmware's -FW/-KERNEL zones left out unless
 * --show-wrappers (they contain everything else). */
static void summary_device(pf_logs *l, pf_analysis *a, FILE *out)
{
    const pf_devstat **d = malloc((a->ndev ? a->ndev : 1) * sizeof *d);
    if (!d) return;
    size_t n = 0, wrappers = 0;
    for (size_t i = 0; i < a->ndev; i++) {
        if (a->dev[i].wrapper && !l->opt->show_wrappers) {
            wrappers++;
            continue;
        }
        d[n++] = &a->dev[i];
    }
    qsort(d, n, sizeof *d, cmp_self_desc);
    fprintf(out, "\nDevice zones (%zu of %zu, by self cycles%s)\n",
            n < SUMMARY_ROWS ? n : SUMMARY_ROWS, n,
            wrappers ? "; the firmware's -FW/-KERNEL zones left out: --show-wrappers" : "");
    if (n)
        fprintf(out, "  %-7s %-30s %9s %13s %13s %11s %11s\n", "RISC", "ZONE", "CALLS",
                "SELF_CYCLES", "TOTAL_CYCLES", "MEAN", "MAX");
    else if (wrappers)
        fprintf(
            out,
            "  only the firmware's zones were recorded (%zu rows; --show-wrappers lists them)\n",
            wrappers);
    for (size_t i = 0; i < n && i < SUMMARY_ROWS; i++) {
        char nm[128], named[160];
        /* a name on two rows of one RISC (one zone name in two kernels, or
         * two source lines): each says which, by its kernel, else its hash */
        const char *zone = d[i]->zone;
        for (size_t j = 0; j < n && j < SUMMARY_ROWS; j++)
            if (j != i && d[j]->risc == d[i]->risc && !strcmp(d[j]->zone, d[i]->zone)) {
                snprintf(named, sizeof named, "%s (%s)", d[i]->zone,
                         d[i]->kernel[0] && strcmp(d[i]->kernel, d[j]->kernel) ? d[i]->kernel
                                                                               : d[i]->hash);
                zone = named;
                break;
            }
        fprintf(out, "  %-7s %s %9llu %13llu %13llu %11llu %11llu\n", cm_risc_name(d[i]->risc),
                pf_term_cell(nm, sizeof nm, zone, 30), (unsigned long long)d[i]->count,
                (unsigned long long)d[i]->self, (unsigned long long)d[i]->total,
                (unsigned long long)(d[i]->total / d[i]->count), (unsigned long long)d[i]->max);
    }
    free(d);
    if (l->dev_dropped)
        fprintf(out,
                "  warning: %llu device zones were dropped (a RISC's marker buffer was full)\n",
                (unsigned long long)l->dev_dropped);
    if (l->dev_unmatched)
        fprintf(out, "  warning: %llu device markers had no matching START or END\n",
                (unsigned long long)l->dev_unmatched);
}

/* Which core is the straggler: the cores by their cycles in the slowest
 * dispatch, with their totals over every dispatch. */
static void summary_cores(pf_logs *l, pf_analysis *a, FILE *out)
{
    size_t n = a->ncorestats;
    if (!n) return;
    pf_corestat *c = malloc(n * sizeof *c);
    if (!c) return;
    memcpy(c, a->corestats, n * sizeof *c);
    qsort(c, n, sizeof *c, pf_corestat_slowest);
    char core[128], disp[160];
    /* "4", or with several processes (each numbers its dispatches from 1)
     * "4 of prog[pid]" */
    if (l->nprocs > 1 && a->slowest_process < l->nprocs)
        snprintf(disp, sizeof disp, "%u of %s[%u]", (unsigned)a->slowest_dispatch,
                 l->procs[a->slowest_process].program, l->procs[a->slowest_process].pid);
    else
        snprintf(disp, sizeof disp, "%u", (unsigned)a->slowest_dispatch);
    /* the longest core is a straggler only when it stands out, as in the
     * ops report: a few cycles over the others is no straggler */
    char who[200];
    if (a->straggler >= 0)
        snprintf(who, sizeof who, "straggler %s",
                 pf_core_name(l, a->corestats[a->straggler].core, "core ", core, sizeof core));
    else if (n < 2 || c[1].in_slowest == 0)
        snprintf(who, sizeof who, "no straggler: one core ran it");
    else
        snprintf(who, sizeof who,
                 "no straggler: no core is longer than the median core by %g%% of the dispatch",
                 PF_STRAGGLER_PCT);
    fprintf(out,
            "\nDevice cores (%zu of %zu, by cycles in the slowest dispatch, %s: %llu cycles from "
            "its first device zone to its last; %s)\n",
            n < SUMMARY_ROWS ? n : SUMMARY_ROWS, n, disp, (unsigned long long)a->slowest_cycles,
            who);
    /* the names' column as wide as the longest shown ("device 2 (0,0)",
     * "prog[pid]: (0,0)"), 9 at least: "(x,y)" of one device as before */
    int w = 9;
    for (size_t i = 0; i < n && i < SUMMARY_ROWS; i++) {
        int len = (int)strlen(pf_core_name(l, c[i].core, "", core, sizeof core));
        if (len > w) w = len;
    }
    fprintf(out, "  %-*s %10s %13s %13s %11s %11s\n", w, "CORE", "DISPATCHES", "IN_SLOWEST",
            "TOTAL_CYCLES", "MEAN", "MAX");
    for (size_t i = 0; i < n && i < SUMMARY_ROWS; i++) {
        pf_core_name(l, c[i].core, "", core, sizeof core);
        fprintf(out, "  %-*s %10llu %13llu %13llu %11llu %11llu\n", w, core,
                (unsigned long long)c[i].dispatches, (unsigned long long)c[i].in_slowest,
                (unsigned long long)c[i].total,
                (unsigned long long)(c[i].dispatches ? c[i].total / c[i].dispatches : 0),
                (unsigned long long)c[i].max);
    }
    free(c);
}

void pf_summary(pf_logs *l, pf_analysis *a, FILE *out)
{
    pf_ops_summary(l, out); /* first: where the time went on the chip (ops.c) */
    if (l->trace) {
        summary_host(a, out);
        summary_frames(l, out);
    }
    if (l->mem) summary_memory(a, l->mem->has_trailer, out);
    if (l->have_device_csv) {
        summary_device(l, a, out);
        summary_cores(l, a, out);
    }
    if (l->nnotes) {
        fprintf(out, "\nNotes (%d; all in %s/%s)\n", l->nnotes, l->dir, PF_DIAGNOSTICS);
        for (int i = 0; i < l->nnotes && i < SUMMARY_ROWS; i++) {
            /* a note longer than a screen's worth is cut here, saying so
             * (the diagnostics file has it whole) */
            char nm[1100];
            size_t rest;
            pf_term_rest(nm, sizeof nm, l->notes[i], &rest);
            fprintf(out, "  %s: %s", l->note_error[i] ? "error" : "note", nm);
            if (rest)
                fprintf(out, "... (%zu more bytes: the whole note is in %s)\n", rest,
                        PF_DIAGNOSTICS);
            else
                fputc('\n', out);
        }
        if (l->nnotes > SUMMARY_ROWS) fprintf(out, "  ... %d more\n", l->nnotes - SUMMARY_ROWS);
    }
    /* only what was written: a report that failed (full disk) says so */
    fprintf(out, "\nReports: %s/%s/%s\n", l->dir, PF_REPORTS,
            l->nfailed ? " (some could not be written: see the errors above)" : "");
    if (pf_out_failed(l, PF_REPORT_HTML))
        fprintf(out, "  HTML: not written (%s/%s)\n", l->dir, PF_REPORT_HTML);
    else
        fprintf(out, "  HTML: %s/%s\n", l->dir, PF_REPORT_HTML);
    if (pf_out_failed(l, PF_TRACE_JSON))
        fprintf(out, "  JSON: not written (%s/%s)\n", l->dir, PF_TRACE_JSON);
    else
        fprintf(out,
                "  JSON: %s/%s (Perfetto UI, chrome://tracing; Tracy: import-chrome "
                "it)\n",
                l->dir, PF_TRACE_JSON);
}

/* ---- the whole pipeline ----------------------------------------------------------------- */

static double seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* The other threads' share of the writing: the JSON on one, the HTML on
 * another (together about as much as the CSVs). */
typedef struct writer_job {
    pf_logs *l;
    pf_analysis *a;
    int html;
    double t;
} writer_job;

static void *writer_thread(void *arg)
{
    writer_job *j = arg;
    double t = seconds();
    if (j->html)
        pf_write_html(j->l, j->a);
    else
        pf_write_json(j->l, j->a);
    j->t = seconds() - t;
    return NULL;
}

uint64_t pf_generate(pf_logs *l, const char *dir, const pf_options *opt, FILE *summary)
{
    double t = seconds(), t1;
    pf_load(l, dir, opt);
    l->t_load = (t1 = seconds()) - t;
    pf_analysis a;
    pf_analyze(l, &a);
    pf_json_notes(l, &a);
    pf_ops_html_notes(l);
    l->t_analyze = (t = seconds()) - t1;
    writer_job jobs[2] = {{l, &a, 0, 0}, {l, &a, 1, 0}};
    pthread_t th[2];
    int threaded[2];
    for (int k = 0; k < 2; k++)
        threaded[k] = pthread_create(&th[k], NULL, writer_thread, &jobs[k]) == 0;
    pf_write_logs_csv(l, &a);
    pf_write_per_call(l, &a);
    pf_write_reports(l, &a);
    pf_write_ops(l); /* the ops report (ops.c) */
    for (int k = 0; k < 2; k++)
        if (!threaded[k]) writer_thread(&jobs[k]);
    l->t_csv = seconds() - t;
    for (int k = 0; k < 2; k++)
        if (threaded[k]) pthread_join(th[k], NULL);
    l->t_write = seconds() - t;
    l->t_json = jobs[0].t;
    l->t_html = jobs[1].t;
    pf_write_open_zones(l);
    pf_write_diagnostics(l);
    if (summary) pf_summary(l, &a, summary);
    pf_analysis_free(&a);
    /* events as recorded: a zone's begin and end, its text, a frame mark,
     * a memory event, a device zone (host trace), a device marker (CSV) */
    uint64_t n = l->dev_markers;
    const tf_trace *ts[2] = {l->trace, l->mem};
    for (int k = 0; k < 2; k++) {
        const tf_trace *tr = ts[k];
        if (!tr) continue;
        n += 2 * tr->nzones + tr->nframes + tr->nmem + tr->ntrack_zones;
        for (size_t i = 0; i < tr->nzones; i++) n += tr->zones[i].text != NULL;
    }
    return n;
}

void pf_print_steps(const pf_logs *l, FILE *out)
{
    fprintf(out,
            PF_TOOL ": load %.3f s, analyse %.3f s, write %.3f s (on three threads: the CSVs %.3f "
                    "s, the JSON %.3f s, the HTML %.3f s)\n",
            l->t_load, l->t_analyze, l->t_write, l->t_csv, l->t_json, l->t_html);
}
