/* The CSV files of the output tree (spec section 4, same names and
 * columns, RFC 4180), the diagnostics file and the terminal summary. */
#include "pf.h"
#include "cm_csv.h"
#include "cm_risc.h"

#include <stdlib.h>
#include <string.h>
#include <pthread.h>
#include <time.h>

/* ---- .logs/ ------------------------------------------------------------------------ */

/* "name,src_file,src_line," */
static void ops_prefix(pf_out *o, const tf_tr_loc *loc)
{
    pf_put_csv(o, loc->name ? loc->name : "");
    pf_putc(o, ',');
    pf_put_csv(o, loc->file ? loc->file : "");
    pf_putc(o, ',');
    pf_put_u64(o, loc->line);
    pf_putc(o, ',');
}

/* One row per host zone, as Tracy's `csvexport -u` writes them. */
static void write_ops_times(pf_logs *l, pf_analysis *a)
{
    tf_trace *t = l->trace;
    if (!t) return;
    pf_loc_text *pre = pf_loc_text_build(t, ops_prefix);
    pf_out *f = pre ? pf_out_open(l, PF_OPS_CSV) : NULL;
    if (!f) {
        if (!pre) pf_note(l, PF_WRITE_ERROR, "%s: out of memory", PF_OPS_CSV);
        pf_loc_text_free(pre, t->nlocs);
        return;
    }
    pf_puts(f, "name,src_file,src_line,ns_since_start,exec_time_ns,thread,value\n");
    for (size_t k = 0; k < a->nby_start; k++) {
        const tf_tr_zone *z = &t->zones[a->by_start[k]];
        const tf_tr_thread *th = &t->threads[z->thread];
        pf_putn(f, pre[z->loc].s, pre[z->loc].n);
        pf_put_u64(f, z->start_ns - l->t0);
        pf_putc(f, ',');
        pf_put_u64(f, z->end_ns - z->start_ns);
        pf_putc(f, ',');
        pf_put_u64(f, th->tid ? th->tid : th->number);
        pf_putc(f, ',');
        pf_put_csv(f, z->text ? z->text : "");
        pf_putc(f, '\n');
    }
    pf_out_close(f);
    pf_loc_text_free(pre, t->nlocs);
}

/* The spec's raw memory log: op,pool,addr,size,ts_ns (ts on the host's
 * monotonic clock, like the device logs). */
static void write_memlog(pf_logs *l)
{
    tf_trace *t = l->mem;
    if (!t) return;
    pf_out *f = pf_out_open(l, PF_MEMLOG_CSV);
    if (!f) return;
    pf_puts(f, "op,pool,addr,size,ts_ns\n");
    static const char *const ops[] = {"?", "ALLOC", "FREE", "RESET"};
    for (size_t i = 0; i < t->nmem; i++) {
        const tf_tr_mem *e = &t->mem[i];
        pf_puts(f, ops[e->op >= 1 && e->op <= 3 ? e->op : 0]);
        pf_putc(f, ',');
        pf_put_csv(f, t->pools[e->pool]);
        pf_putc(f, ',');
        pf_put_hex(f, e->ptr);
        pf_putc(f, ',');
        pf_put_u64(f, e->size);
        pf_putc(f, ',');
        pf_put_u64(f, e->ns);
        pf_putc(f, '\n');
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
    pf_out *f = pf_out_open(l, PF_PERF_RESULTS);
    if (!f) return;
    pf_puts(f, "ZONE_NAME,CONTEXT,CALL_COUNT,TOTAL_NS,MEAN_NS,MIN_NS,MAX_NS,MEDIAN_NS,P99_NS,"
               "SELF_NS\n");
    for (size_t i = 0; i < a->nzones; i++) {
        const pf_zonestat *z = &a->zones[i];
        pf_put_csv(f, z->name);
        pf_putc(f, ',');
        pf_put_csv(f, z->context);
        const uint64_t v[] = {z->count, z->total, z->total / z->count, z->min, z->max, z->median,
                              z->p99,   z->self};
        for (size_t k = 0; k < sizeof v / sizeof *v; k++) {
            pf_putc(f, ',');
            pf_put_u64(f, v[k]);
        }
        pf_putc(f, '\n');
    }
    pf_out_close(f);
}

/* ",name," */
static void csv_name(pf_out *o, const tf_tr_loc *loc)
{
    pf_putc(o, ',');
    pf_put_csv(o, loc->name ? loc->name : "");
    pf_putc(o, ',');
}

void pf_write_per_call(pf_logs *l, pf_analysis *a)
{
    pf_loc_text *name = l->trace ? pf_loc_text_build(l->trace, csv_name) : NULL;
    pf_out *f = pf_out_open(l, PF_PERF_PER_CALL);
    if (!f) {
        pf_loc_text_free(name, l->trace ? l->trace->nlocs : 0);
        return;
    }
    pf_puts(f, "seq,ts_ns,zone,duration_ns,context\n");
    if (l->trace && !name) pf_note(l, PF_WRITE_ERROR, "%s: out of memory", PF_PERF_PER_CALL);
    for (size_t k = 0; name && k < a->nby_start; k++) {
        const tf_tr_zone *z = &l->trace->zones[a->by_start[k]];
        pf_put_u64(f, k);
        pf_putc(f, ',');
        pf_put_u64(f, z->start_ns - l->t0);
        pf_putn(f, name[z->loc].s, name[z->loc].n);
        pf_put_u64(f, z->end_ns - z->start_ns);
        pf_putc(f, ',');
        pf_put_csv(f, z->text ? z->text : "");
        pf_putc(f, '\n');
    }
    pf_out_close(f);
    pf_loc_text_free(name, l->trace ? l->trace->nlocs : 0);
}

static void write_phases(pf_logs *l, pf_analysis *a)
{
    pf_out *f = pf_out_open(l, PF_PHASES);
    if (!f) return;
    pf_puts(f,
            "phase,kernel_load_count,t_start_ns,t_end_ns,duration_ns,first_kernel,last_kernel\n");
    for (size_t i = 0; i < a->nphases; i++) {
        const pf_phase *p = &a->phases[i];
        pf_printf(f, "%zu,%u,%llu,%llu,%llu,", i, p->kernel_loads, (unsigned long long)p->start,
                  (unsigned long long)p->end, (unsigned long long)(p->end - p->start));
        pf_put_csv(f, p->first_kernel);
        pf_putc(f, ',');
        pf_put_csv(f, p->last_kernel);
        pf_putc(f, '\n');
    }
    pf_out_close(f);
}

static void write_memory(pf_logs *l, pf_analysis *a)
{
    pf_out *f = pf_out_open(l, PF_MEMORY_REPORT);
    if (!f) return;
    pf_puts(f, "POOL,ALLOC_COUNT,FREE_COUNT,TOTAL_BYTES_ALLOCATED,PEAK_LIVE_BYTES,LEAKED_BYTES,"
               "CAPACITY_BYTES,PEAK_PERCENT\n");
    for (size_t i = 0; i < a->npools; i++) {
        const pf_poolstat *p = &a->pools[i];
        pf_put_csv(f, p->pool);
        pf_printf(f, ",%llu,%llu,%llu,%llu,%llu,", (unsigned long long)p->allocs,
                  (unsigned long long)p->frees, (unsigned long long)p->total,
                  (unsigned long long)p->peak, (unsigned long long)p->leaked);
        if (p->capacity)
            pf_printf(f, "%llu,%.1f\n", (unsigned long long)p->capacity,
                      100.0 * (double)p->peak / (double)p->capacity);
        else
            pf_puts(f, ",\n");
    }
    pf_out_close(f);
}

static void write_device(pf_logs *l, pf_analysis *a)
{
    pf_out *f = pf_out_open(l, PF_DEVICE_PERF);
    if (!f) return;
    pf_puts(f, "RISC,ZONE,ZONE_HASH,CALL_COUNT,TOTAL_CYCLES,MEAN_CYCLES,MIN_CYCLES,MAX_CYCLES\n");
    for (size_t i = 0; i < a->ndev; i++) {
        const pf_devstat *d = &a->dev[i];
        pf_printf(f, "%s,", cm_risc_name(d->risc));
        pf_put_csv(f, d->zone);
        pf_putc(f, ',');
        pf_put_csv(f, d->hash);
        pf_printf(f, ",%llu,%llu,%llu,%llu,%llu\n", (unsigned long long)d->count,
                  (unsigned long long)d->total, (unsigned long long)(d->total / d->count),
                  (unsigned long long)d->min, (unsigned long long)d->max);
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
    write_device(l, a);
}

/* ---- diagnostics ------------------------------------------------------------------------ */

static void trace_counts(pf_out *f, const char *what, const tf_trace *t)
{
    if (!t) {
        pf_printf(f, "%s: not read\n", what);
        return;
    }
    pf_printf(f, "%s: %s (program %s, pid %u)\n", what, t->path, t->header.program, t->header.pid);
    pf_printf(f, "  threads %u, zones %zu, frame marks %zu, memory events %zu, device zones %zu\n",
              t->nthreads, t->nzones, t->nframes, t->nmem, t->ndevzones);
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
    trace_counts(f, "host trace", l->trace);
    trace_counts(f, "memory log", l->mem);
    if (l->have_device_csv)
        pf_printf(f,
                  "device zones: %zu zones from %llu markers; %llu markers unmatched, %llu zones "
                  "dropped on the device\n",
                  l->ndevzones, (unsigned long long)l->dev_markers,
                  (unsigned long long)l->dev_unmatched, (unsigned long long)l->dev_dropped);
    else
        pf_printf(f, "device zones: not recorded\n");
    if (l->have_sync)
        pf_printf(f, "clock sync: host_ns %llu = cycle %llu, %.6f ns per cycle (%s)\n",
                  (unsigned long long)l->sync_host_ns, (unsigned long long)l->sync_cycle,
                  l->ns_per_cycle, l->sync_host_clock ? "host_monotonic" : "free_running");
    pf_printf(f, "\n%d notes (%d about missing or incomplete data)\n", l->nnotes, l->errors);
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

static int cmp_pool_peak(const void *a, const void *b)
{
    const pf_poolstat *x = *(const pf_poolstat *const *)a, *y = *(const pf_poolstat *const *)b;
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
        char t[32], m[32], s[32], nm[64];
        fprintf(out, "  %-34.34s %9llu %11s %11s %11s %8zu\n", pf_term(nm, sizeof nm, zt[i].name),
                (unsigned long long)zt[i].count, pf_human_ns(t, sizeof t, zt[i].total),
                pf_human_ns(m, sizeof m, zt[i].total / zt[i].count),
                pf_human_ns(s, sizeof s, zt[i].self), zt[i].contexts);
    }
    free(zt);
}

static void summary_memory(pf_analysis *a, FILE *out)
{
    const pf_poolstat **p = malloc((a->npools ? a->npools : 1) * sizeof *p);
    if (!p) return;
    uint64_t leaked = 0;
    size_t leaking = 0;
    for (size_t i = 0; i < a->npools; i++) {
        p[i] = &a->pools[i];
        leaked += a->pools[i].leaked;
        leaking += a->pools[i].leaked != 0;
    }
    qsort(p, a->npools, sizeof *p, cmp_pool_peak);
    fprintf(out, "\nMemory pools (%zu of %zu, by peak)\n",
            a->npools < SUMMARY_ROWS ? a->npools : SUMMARY_ROWS, a->npools);
    fprintf(out, "  %-34s %9s %9s %11s %7s %11s\n", "POOL", "ALLOCS", "FREES", "PEAK", "OF CAP",
            "LEAKED");
    for (size_t i = 0; i < a->npools && i < SUMMARY_ROWS; i++) {
        char pk[32], lk[32], pc[16] = "-", nm[64];
        if (p[i]->capacity)
            snprintf(pc, sizeof pc, "%.1f%%", 100.0 * (double)p[i]->peak / (double)p[i]->capacity);
        fprintf(out, "  %-34.34s %9llu %9llu %11s %7s %11s\n", pf_term(nm, sizeof nm, p[i]->pool),
                (unsigned long long)p[i]->allocs, (unsigned long long)p[i]->frees,
                pf_human_bytes(pk, sizeof pk, p[i]->peak), pc,
                pf_human_bytes(lk, sizeof lk, p[i]->leaked));
    }
    if (leaking) {
        char lk[32];
        fprintf(out, "  leaks: %s still allocated at exit in %zu pools\n",
                pf_human_bytes(lk, sizeof lk, leaked), leaking);
    } else if (a->npools) {
        fprintf(out, "  no leaks\n");
    }
    free(p);
}

static void summary_device(pf_logs *l, pf_analysis *a, FILE *out)
{
    fprintf(out, "\nDevice zones (%zu of %zu, by total cycles)\n",
            a->ndev < SUMMARY_ROWS ? a->ndev : SUMMARY_ROWS, a->ndev);
    fprintf(out, "  %-7s %-30s %9s %13s %11s %11s\n", "RISC", "ZONE", "CALLS", "TOTAL_CYCLES",
            "MEAN", "MAX");
    for (size_t i = 0; i < a->ndev && i < SUMMARY_ROWS; i++) {
        const pf_devstat *d = &a->dev[i];
        char nm[64];
        fprintf(out, "  %-7s %-30.30s %9llu %13llu %11llu %11llu\n", cm_risc_name(d->risc),
                pf_term(nm, sizeof nm, d->zone), (unsigned long long)d->count,
                (unsigned long long)d->total, (unsigned long long)(d->total / d->count),
                (unsigned long long)d->max);
    }
    if (l->dev_dropped)
        fprintf(out,
                "  warning: %llu device zones were dropped (a RISC's marker buffer was full)\n",
                (unsigned long long)l->dev_dropped);
    if (l->dev_unmatched)
        fprintf(out, "  warning: %llu device markers had no matching START or END\n",
                (unsigned long long)l->dev_unmatched);
}

void pf_summary(pf_logs *l, pf_analysis *a, FILE *out)
{
    if (l->trace) summary_host(a, out);
    if (l->mem) summary_memory(a, out);
    if (l->have_device_csv) summary_device(l, a, out);
    if (l->nnotes) {
        fprintf(out, "\nNotes (%d; all in %s/%s)\n", l->nnotes, l->dir, PF_DIAGNOSTICS);
        for (int i = 0; i < l->nnotes && i < SUMMARY_ROWS; i++) {
            char nm[1100];
            fprintf(out, "  %s: %s\n", l->note_error[i] ? "error" : "note",
                    pf_term(nm, sizeof nm, l->notes[i]));
        }
        if (l->nnotes > SUMMARY_ROWS) fprintf(out, "  ... %d more\n", l->nnotes - SUMMARY_ROWS);
    }
    fprintf(out,
            "\nReports: %s/%s/\n  HTML: %s/%s\n  JSON: %s/%s (Perfetto UI, chrome://tracing)\n",
            l->dir, PF_REPORTS, l->dir, PF_REPORT_HTML, l->dir, PF_TRACE_JSON);
}

/* ---- the whole pipeline ----------------------------------------------------------------- */

static double seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* The second thread's share of the writing: the JSON and the HTML, about
 * as much as the CSVs. */
typedef struct writer_job {
    pf_logs *l;
    pf_analysis *a;
    double t_json, t_html;
} writer_job;

static void *writer_thread(void *arg)
{
    writer_job *j = arg;
    double t = seconds();
    pf_write_json(j->l, j->a);
    j->t_json = seconds() - t;
    t = seconds();
    pf_write_html(j->l, j->a);
    j->t_html = seconds() - t;
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
    l->t_analyze = (t = seconds()) - t1;
    writer_job job = {l, &a, 0, 0};
    pthread_t th;
    int threaded = pthread_create(&th, NULL, writer_thread, &job) == 0;
    pf_write_logs_csv(l, &a);
    pf_write_per_call(l, &a);
    pf_write_reports(l, &a);
    if (!threaded) writer_thread(&job);
    l->t_csv = seconds() - t;
    if (threaded) pthread_join(th, NULL);
    l->t_write = seconds() - t;
    l->t_json = job.t_json;
    l->t_html = job.t_html;
    pf_write_diagnostics(l);
    if (summary) pf_summary(l, &a, summary);
    pf_analysis_free(&a);
    /* events as recorded: a zone's begin and end, its text, a frame mark,
     * a memory event, a device zone (host trace), a device marker (CSV) */
    uint64_t n = l->dev_markers;
    const tf_trace *ts[2] = {l->trace, l->mem};
    for (int k = 0; k < 2; k++) {
        const tf_trace *t = ts[k];
        if (!t) continue;
        n += 2 * t->nzones + t->nframes + t->nmem + t->ndevzones;
        for (size_t i = 0; i < t->nzones; i++) n += t->zones[i].text != NULL;
    }
    return n;
}

void pf_print_steps(const pf_logs *l, FILE *out)
{
    fprintf(out,
            PF_TOOL ": load %.3f s, analyse %.3f s, write %.3f s (on two threads: the CSVs %.3f "
                    "s; the JSON %.3f s, then the HTML %.3f s)\n",
            l->t_load, l->t_analyze, l->t_write, l->t_csv, l->t_json, l->t_html);
}
