/* reports/tt_foil_trace.json: the run as Chrome trace-event JSON (the
 * "Trace Event Format" document: "X" complete events, "i" instant events,
 * "C" counters, "M" metadata), which Perfetto UI and chrome://tracing
 * open and Tracy's import-chrome converts.
 *
 *   pid 1            the host: one track per thread (its OS tid), zones
 *                    with their text, file and line in args; frame marks
 *   pid 1, counters  live bytes per memory pool
 *   pid 2 + k        core k of the cores with device zones, one track per
 *                    RISC (tid 1 + RISC number), zones placed on the host
 *                    timeline through the clock sync
 *
 * Timestamps are microseconds since the run's first event with three
 * decimals (ns precision); every zone comes after the zones that contain
 * it (time order, outer first). */
#include "pf.h"
#include "cm_risc.h"

#include <string.h>

#define HOST_PID 1
#define CORE_PID 2

static int first_event;

static void sep(pf_out *f)
{
    if (!first_event) pf_puts(f, ",\n");
    first_event = 0;
}

static void meta(pf_out *f, int pid, int tid, const char *what, const char *name, int sort)
{
    sep(f);
    pf_printf(f, "{\"ph\":\"M\",\"pid\":%d,", pid);
    if (tid >= 0) pf_printf(f, "\"tid\":%d,", tid);
    pf_printf(f, "\"name\":\"%s_name\",\"args\":{\"name\":", what);
    pf_put_json(f, name);
    pf_puts(f, "}}");
    sep(f);
    pf_printf(f, "{\"ph\":\"M\",\"pid\":%d,", pid);
    if (tid >= 0) pf_printf(f, "\"tid\":%d,", tid);
    pf_printf(f, "\"name\":\"%s_sort_index\",\"args\":{\"sort_index\":%d}}", what, sort);
}

static uint32_t host_tid(const tf_tr_thread *th)
{
    return th->tid ? th->tid : th->number;
}

/* ',"cat":"host","name":NAME,"args":{' */
static void zone_name(pf_out *o, const tf_tr_loc *loc)
{
    pf_puts(o, ",\"cat\":\"host\",\"name\":");
    pf_put_json(o, loc->name ? loc->name : "");
    pf_puts(o, ",\"args\":{");
}

/* '"file":FILE,"line":LINE}}' */
static void zone_where(pf_out *o, const tf_tr_loc *loc)
{
    pf_puts(o, "\"file\":");
    pf_put_json(o, loc->file ? loc->file : "");
    pf_puts(o, ",\"line\":");
    pf_put_u64(o, loc->line);
    pf_puts(o, "}}");
}

static void host(pf_logs *l, pf_analysis *a, pf_out *f, size_t cap)
{
    tf_trace *t = l->trace;
    char pname[128];
    snprintf(pname, sizeof pname, "host: %s", t ? t->header.program : "(no host trace)");
    meta(f, HOST_PID, -1, "process", pname, 0);
    if (!t) return;
    pf_loc_text *name = pf_loc_text_build(t, zone_name), *where = pf_loc_text_build(t, zone_where);
    if (!name || !where) {
        pf_note(l, PF_WRITE_ERROR, "%s: out of memory; host zones left out", PF_TRACE_JSON);
        cap = 0;
    }
    for (uint32_t i = 0; i < t->nthreads; i++)
        meta(f, HOST_PID, (int)host_tid(&t->threads[i]), "thread", t->threads[i].name, (int)i);
    size_t n = a->nby_start < cap ? a->nby_start : cap;
    for (size_t k = 0; k < n; k++) {
        const tf_tr_zone *z = &t->zones[a->by_start[k]];
        sep(f);
        pf_puts(f, "{\"ph\":\"X\",\"pid\":1,\"tid\":");
        pf_put_u64(f, host_tid(&t->threads[z->thread]));
        pf_puts(f, ",\"ts\":");
        pf_put_us(f, z->start_ns - l->t0);
        pf_puts(f, ",\"dur\":");
        pf_put_us(f, z->end_ns - z->start_ns);
        pf_putn(f, name[z->loc].s, name[z->loc].n);
        if (z->text) {
            pf_puts(f, "\"text\":");
            pf_put_json(f, z->text);
            pf_putc(f, ',');
        }
        if (z->unterminated) pf_puts(f, "\"unterminated\":true,");
        pf_putn(f, where[z->loc].s, where[z->loc].n);
    }
    pf_loc_text_free(name, t->nlocs);
    pf_loc_text_free(where, t->nlocs);
    for (size_t i = 0; i < t->nframes; i++) {
        sep(f);
        pf_puts(f, "{\"ph\":\"i\",\"s\":\"t\",\"pid\":1,\"tid\":");
        pf_put_u64(f, host_tid(&t->threads[t->frames[i].thread]));
        pf_puts(f, ",\"ts\":");
        pf_put_us(f, t->frames[i].ns - l->t0);
        pf_puts(f, ",\"cat\":\"frame\",\"name\":\"frame\"}");
    }
}

static void memory(pf_analysis *a, pf_out *f, size_t cap)
{
    size_t n = a->nmem < cap ? a->nmem : cap;
    for (size_t i = 0; i < n; i++) {
        const pf_mempoint *m = &a->mem[i];
        sep(f);
        pf_puts(f, "{\"ph\":\"C\",\"pid\":1,\"ts\":");
        pf_put_us(f, m->ns);
        pf_puts(f, ",\"cat\":\"memory\",\"name\":");
        pf_put_json(f, a->pools[m->pool].pool);
        pf_puts(f, ",\"args\":{\"live_bytes\":");
        pf_put_u64(f, m->live);
        pf_puts(f, "}}");
    }
}

static size_t core_index(const pf_analysis *a, int x, int y)
{
    int key = x | y << 8;
    size_t lo = 0, hi = a->ncores;
    while (lo < hi) { /* cores are sorted */
        size_t mid = (lo + hi) / 2;
        if (a->cores[mid] < key)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

static void device(pf_logs *l, pf_analysis *a, pf_out *f, size_t cap)
{
    char name[64];
    for (size_t k = 0; k < a->ncores; k++) {
        int x = a->cores[k] & 0xff, y = a->cores[k] >> 8;
        snprintf(name, sizeof name, "device core (%d,%d)", x, y);
        meta(f, CORE_PID + (int)k, -1, "process", name, 1 + (int)k);
        for (int r = 0; r < TF_NUM_RISCS; r++)
            meta(f, CORE_PID + (int)k, 1 + r, "thread", cm_risc_name(r), r);
    }
    size_t n = l->ndevzones < cap ? l->ndevzones : cap;
    for (size_t i = 0; i < n; i++) {
        const pf_devzone *z = &l->devzones[a->dev_by_start[i]];
        uint64_t s = pf_dev_ns(l, z->start), e = pf_dev_ns(l, z->end);
        sep(f);
        pf_puts(f, "{\"ph\":\"X\",\"pid\":");
        pf_put_u64(f, CORE_PID + core_index(a, z->x, z->y));
        pf_puts(f, ",\"tid\":");
        pf_put_u64(f, 1 + (unsigned)z->risc);
        pf_puts(f, ",\"ts\":");
        pf_put_us(f, s - l->t0);
        pf_puts(f, ",\"dur\":");
        pf_put_us(f, e > s ? e - s : 0);
        pf_puts(f, ",\"cat\":\"device\",\"name\":");
        pf_put_json(f, l->strings[z->name]);
        pf_puts(f, ",\"args\":{\"cycles\":");
        pf_put_u64(f, z->end - z->start);
        pf_puts(f, ",\"dispatch\":");
        pf_put_u64(f, z->dispatch);
        pf_puts(f, ",\"zone_hash\":");
        pf_put_json(f, l->strings[z->hash]);
        pf_puts(f, "}}");
    }
}

void pf_json_notes(pf_logs *l, pf_analysis *a)
{
    size_t cap = l->opt->max_timeline;
    if (a->nby_start > cap)
        pf_note(l, 0,
                "%s holds the first %zu of %zu host zones (raise --max-timeline for more); "
                "the CSV reports have them all",
                PF_TRACE_JSON, cap, a->nby_start);
    if (a->nmem > cap)
        pf_note(l, 0, "%s holds the first %zu of %zu memory events (raise --max-timeline for more)",
                PF_TRACE_JSON, cap, a->nmem);
    if (l->ndevzones > cap)
        pf_note(l, 0, "%s holds the first %zu of %zu device zones (raise --max-timeline for more)",
                PF_TRACE_JSON, cap, l->ndevzones);
}

void pf_write_json(pf_logs *l, pf_analysis *a)
{
    pf_out *f = pf_out_open(l, PF_TRACE_JSON);
    if (!f) return;
    size_t cap = l->opt->max_timeline;
    first_event = 1;
    pf_puts(f, "{\"displayTimeUnit\":\"ns\",\"otherData\":{\"generator\":\"tt_foil_profile\",");
    pf_puts(f, "\"program\":");
    pf_put_json(f, l->trace ? l->trace->header.program : "");
    pf_puts(f, "},\n\"traceEvents\":[\n");
    host(l, a, f, cap);
    memory(a, f, cap);
    device(l, a, f, cap);
    pf_ops_json_counters(l, f, &first_event, CORE_PID); /* the hardware counters (ops.c) */
    pf_puts(f, "\n]}\n");
    pf_out_close(f);
}
