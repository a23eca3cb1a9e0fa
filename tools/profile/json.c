/* reports/tt_foil_trace.json: the run as Chrome trace-event JSON (the
 * "Trace Event Format" document: "X" complete events, "i" instant events,
 * "C" counters, "M" metadata), which Perfetto UI and chrome://tracing
 * open and Tracy's import-chrome converts.
 *
 *   pid 1            the host: one track per thread (its OS tid), zones
 *                    with their source location ("loc") and text; frame
 *                    marks
 *   pid 1, counters  live bytes per memory pool
 *   pid 2 + k        core k of the cores with device zones, one track per
 *                    RISC (tid 1 + RISC number), zones placed on the host
 *                    timeline through the clock sync
 *
 * With --device-time, pid 1 holds one track of dispatches instead and the
 * device zones are laid out in device cycles (one cycle written as one
 * ns), each dispatch after the other (pf_analysis.dsegs).
 *
 * Shaped for Tracy's import-chrome (wolfpld/tracy, import/src/
 * import-chrome.cpp) as well: it names a plot after the counter's args
 * key (so each pool's key is the pool's name), names threads from
 * "thread_name" only (so a device track is "core (x,y) BRISC"), reads the
 * source location from the event's "loc": "file:line", and shows every
 * arg as a "key: value" line of the zone text (so args hold the text
 * alone).
 *
 * --max-timeline N caps the zones of each kind (host, device), the
 * memory events and the frame marks: each track gets a fair share
 * (lod.c; frames(): a mark per stretch of time), and a track over
 * its share keeps what a pixel of its busiest stretch can show, its
 * other zones merged into slices named "merged: K zones". Timestamps are
 * microseconds since the run's first event with three decimals (ns
 * precision); on each track every zone comes after the zones that
 * contain it (time order, outer first). */
#include "pf.h"
#include "common/cm_risc.h"

#include <stdlib.h>
#include <string.h>

#define HOST_PID 1
#define CORE_PID 2

/* What the JSON keeps of a timeline: per track the resolution (0: every
 * zone). Planned once by pf_json_notes, written by pf_write_json (the
 * same thread, in that order). */
typedef struct plan {
    const pf_timeline *tl;
    uint64_t *res;
    size_t *nitems; /* per track */
    size_t merged_tracks, merged_zones, merged_items;
    int ok;
} plan;

static plan g_host, g_dev;
static int g_planned;

static void plan_free(plan *p)
{
    free(p->res);
    free(p->nitems);
    memset(p, 0, sizeof *p);
}

static void plan_make(plan *p, size_t cap)
{
    size_t nt = p->tl->ntracks;
    size_t *n = calloc(nt ? nt : 1, sizeof *n), *share = calloc(nt ? nt : 1, sizeof *share);
    p->res = calloc(nt ? nt : 1, sizeof *p->res);
    p->nitems = calloc(nt ? nt : 1, sizeof *p->nitems);
    if (!n || !share || !p->res || !p->nitems) goto out;
    for (size_t t = 0; t < nt; t++) n[t] = p->tl->tracks[t].zones;
    pf_lod_shares(n, nt, cap, share);
    for (size_t t = 0; t < nt; t++) {
        const pf_tl_track *tr = &p->tl->tracks[t];
        p->res[t] = pf_lod_fit(tr->z, tr->n, share[t]);
        size_t k = p->nitems[t] = p->res[t] ? pf_lod(tr->z, tr->n, p->res[t], NULL) : tr->n;
        if (p->res[t] || tr->zones != tr->n) /* merged here, or while reading (devagg.c) */
            p->merged_tracks++, p->merged_zones += tr->zones, p->merged_items += k;
    }
    p->ok = 1;
out:
    free(n);
    free(share);
}

static void plan_all(pf_logs *l, pf_analysis *a)
{
    plan_free(&g_host);
    plan_free(&g_dev);
    size_t cap = l->opt->max_timeline;
    g_host.tl = &a->tl_host;
    g_dev.tl = l->opt->device_time ? &a->tl_dtime : &a->tl_dev;
    if (a->tl_ok && !l->opt->device_time) plan_make(&g_host, cap);
    if (a->tl_ok) plan_make(&g_dev, cap);
    g_planned = 1;
}

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

/* '"file:line"' (Tracy's "loc"). */
static void put_loc(pf_out *o, const char *file, uint64_t line)
{
    pf_putc(o, '"');
    pf_put_json_chars(o, file ? file : "");
    pf_putc(o, ':');
    pf_put_u64(o, line);
    pf_putc(o, '"');
}

/* ',"cat":"host","name":NAME,"loc":"FILE:LINE"' */
static void zone_name(pf_out *o, const tf_tr_loc *loc)
{
    pf_puts(o, ",\"cat\":\"host\",\"name\":");
    pf_put_json(o, loc->name ? loc->name : "");
    pf_puts(o, ",\"loc\":");
    put_loc(o, loc->file, loc->line);
}

static void x_head(pf_out *f, uint64_t pid, uint64_t tid, uint64_t start, uint64_t end)
{
    sep(f);
    pf_puts(f, "{\"ph\":\"X\",\"pid\":");
    pf_put_u64(f, pid);
    pf_puts(f, ",\"tid\":");
    pf_put_u64(f, tid);
    pf_puts(f, ",\"ts\":");
    pf_put_us(f, start);
    pf_puts(f, ",\"dur\":");
    pf_put_us(f, end > start ? end - start : 0);
}

/* A merged run: its name says how many zones it stands for. */
static void x_merged(pf_out *f, const pf_lod_item *it, const char *first)
{
    pf_puts(f, ",\"cat\":\"merged\",\"name\":\"merged: ");
    pf_put_u64(f, it->count);
    pf_puts(f, " zones\",\"args\":{\"text\":\"from ");
    pf_put_json_chars(f, first);
    pf_puts(f, " on; --max-timeline keeps fewer zones on this track\"}}");
}

/* The items of track t at the planned resolution, a batch at a time
 * (*items, to be freed; their number, 0 at the end): every zone in
 * batches, or the merged track's items at once. *next starts at 0. */
#define ITEMS_BATCH 4096
static size_t track_items(const plan *p, size_t t, size_t *next, pf_lod_item **items)
{
    const pf_tl_track *tr = &p->tl->tracks[t];
    size_t from = *next, n = 0;
    if (from >= tr->n) return 0;
    if (p->res[t]) {
        *items = malloc((p->nitems[t] ? p->nitems[t] : 1) * sizeof **items);
        if (*items) n = pf_lod(tr->z, tr->n, p->res[t], *items);
        *next = tr->n;
        return n;
    }
    n = tr->n - from < ITEMS_BATCH ? tr->n - from : ITEMS_BATCH;
    *items = malloc(n * sizeof **items);
    if (!*items) return *next = tr->n, 0;
    for (size_t i = 0; i < n; i++) {
        const pf_tl_zone *z = &tr->z[from + i];
        (*items)[i] = (pf_lod_item){z->start, z->end, z->count, z->id, z->depth};
    }
    *next = from + n;
    return n;
}

static void host(pf_logs *l, pf_out *f)
{
    tf_trace *t = l->trace;
    char pname[128];
    if (t && l->nprocs > 1) /* (its threads are named by their process) */
        snprintf(pname, sizeof pname, "host: %u processes", (unsigned)l->nprocs);
    else
        snprintf(pname, sizeof pname, "host: %s", t ? t->header.program : "(no host trace)");
    meta(f, HOST_PID, -1, "process", pname, 0);
    if (!t) return;
    pf_loc_text *name = pf_loc_text_build(t, zone_name);
    if (!name || !g_host.ok) {
        pf_note(l, PF_WRITE_ERROR, "%s: out of memory; host zones left out", PF_TRACE_JSON);
        pf_loc_text_free(name, t->nlocs);
        return;
    }
    for (uint32_t i = 0; i < t->nthreads; i++)
        meta(f, HOST_PID, (int)host_tid(&t->threads[i]), "thread", t->threads[i].name, (int)i);
    for (size_t tr = 0; tr < g_host.tl->ntracks; tr++) {
        pf_lod_item *items;
        uint64_t tid = host_tid(&t->threads[tr]);
        for (size_t next = 0, n; (n = track_items(&g_host, tr, &next, &items)) > 0; free(items))
            for (size_t k = 0; k < n; k++) {
                const pf_lod_item *it = &items[k];
                const tf_tr_zone *z = &t->zones[it->id];
                x_head(f, HOST_PID, tid, it->start, it->end);
                if (it->count > 1) {
                    x_merged(f, it, t->locs[z->loc].name ? t->locs[z->loc].name : "?");
                    continue;
                }
                pf_putn(f, name[z->loc].s, name[z->loc].n);
                if (z->text || z->unterminated) {
                    pf_puts(f, ",\"args\":{\"text\":");
                    if (!z->unterminated) {
                        pf_put_json(f, z->text);
                    } else {
                        char buf[4200];
                        /* (unterminated 2: still open when the process ended, its
                         * trailer's time; 1: ended at its thread's last event) */
                        snprintf(buf, sizeof buf, "%s%s(never ended: %s)", z->text ? z->text : "",
                                 z->text ? "\n" : "",
                                 z->unterminated == 2
                                     ? "still open when the process ended, shown to then"
                                     : "shown to its thread's last event");
                        pf_put_json(f, buf);
                    }
                    pf_putc(f, '}');
                }
                pf_putc(f, '}');
            }
    }
    pf_loc_text_free(name, t->nlocs);
}

static void frame_mark(pf_logs *l, pf_out *f, uint32_t thread, uint64_t ns, uint64_t marks)
{
    tf_trace *t = l->trace;
    sep(f);
    pf_puts(f, "{\"ph\":\"i\",\"s\":\"t\",\"pid\":1,\"tid\":");
    pf_put_u64(f, host_tid(&t->threads[thread]));
    pf_puts(f, ",\"ts\":");
    pf_put_us(f, ns - l->t0);
    pf_puts(f, ",\"cat\":\"frame\",\"name\":\"frame\"");
    if (marks) { /* a thinned thread's: how many marks it stands for */
        pf_puts(f, ",\"args\":{\"marks\":");
        pf_put_u64(f, marks);
        pf_putc(f, '}');
    }
    pf_putc(f, '}');
}

/* The frame marks, a kind of their own under --max-timeline (a program
 * marking every zone wrote millions, gigabytes of JSON): each thread gets
 * a fair share of the cap; a thread over its share is cut into as many
 * stretches of time as its share and keeps one mark per stretch (its
 * first), saying in its args how many marks it stands for. Written to f,
 * or with f NULL only counted: the threads over their share, their marks
 * and what is kept of them. 0, or -1 if out of memory. */
static int frames(pf_logs *l, pf_out *f, size_t *over, size_t *marks, size_t *kept)
{
    tf_trace *t = l->trace;
    *over = *marks = *kept = 0;
    if (!t || !t->nframes) return 0;
    size_t nt = t->nthreads, total = 0, *n = calloc(nt, sizeof *n),
           *share = calloc(nt, sizeof *share), *off = calloc(nt, sizeof *off);
    uint64_t *lo = calloc(nt, 8), *hi = calloc(nt, 8), *width = calloc(nt, 8), *cnt = NULL,
             *first = NULL;
    int rc = -1;
    if (!n || !share || !off || !lo || !hi || !width) goto out;
    for (size_t i = 0; i < t->nframes; i++) {
        uint32_t th = t->frames[i].thread;
        uint64_t ns = t->frames[i].ns;
        if (!n[th]++ || ns < lo[th]) lo[th] = ns;
        if (ns > hi[th]) hi[th] = ns;
    }
    pf_lod_shares(n, nt, l->opt->max_timeline, share);
    for (size_t th = 0; th < nt; th++) {
        if (n[th] <= share[th]) { /* every mark */
            share[th] = 0;
            continue;
        }
        /* (hi - lo) / width < share: the stretch of a mark is below share */
        width[th] = (hi[th] - lo[th]) / share[th] + 1;
        off[th] = total;
        total += share[th];
        (*over)++;
        *marks += n[th];
    }
    cnt = calloc(total ? total : 1, 8);
    first = malloc((total ? total : 1) * 8);
    if (!cnt || !first) goto out;
    for (size_t i = 0; i < t->nframes; i++) {
        uint32_t th = t->frames[i].thread;
        uint64_t ns = t->frames[i].ns;
        if (!share[th]) {
            if (f) frame_mark(l, f, th, ns, 0);
            continue;
        }
        size_t b = off[th] + (size_t)((ns - lo[th]) / width[th]);
        if (!cnt[b]++ || ns < first[b]) first[b] = ns;
    }
    for (size_t th = 0; th < nt; th++)
        for (size_t b = off[th]; share[th] && b < off[th] + share[th]; b++)
            if (cnt[b]) {
                (*kept)++;
                if (f) frame_mark(l, f, (uint32_t)th, first[b], cnt[b]);
            }
    rc = 0;
out:
    free(n);
    free(share);
    free(off);
    free(lo);
    free(hi);
    free(width);
    free(cnt);
    free(first);
    return rc;
}

static void counter(pf_out *f, const char *pool, uint64_t ns, uint64_t live)
{
    sep(f);
    pf_puts(f, "{\"ph\":\"C\",\"pid\":1,\"ts\":");
    pf_put_us(f, ns);
    pf_puts(f, ",\"cat\":\"memory\",\"name\":");
    pf_put_json(f, pool);
    pf_puts(f, ",\"args\":{");
    pf_put_json(f, pool);
    pf_putc(f, ':');
    pf_put_u64(f, live);
    pf_puts(f, "}}");
}

/* Per pool a fair share of the cap (share[]); the pools over theirs.
 * NULL if out of memory. */
static size_t *pool_shares(const pf_logs *l, const pf_analysis *a, size_t *over)
{
    size_t np = a->npools, *n = calloc(np ? np : 1, sizeof *n),
           *share = calloc(np ? np : 1, sizeof *share);
    if (!n || !share) {
        free(n);
        free(share);
        return NULL;
    }
    for (size_t i = 0; i < a->nmem; i++) n[a->mem[i].pool]++;
    pf_lod_shares(n, np, l->opt->max_timeline, share);
    *over = 0;
    for (size_t p = 0; p < np; p++) {
        *over += n[p] > share[p];
        if (n[p] <= share[p]) share[p] = 0; /* 0: every event */
    }
    free(n);
    return share;
}

/* A pool over its share keeps, per stretch of time, its highest value
 * and its last (peaks survive). */
static void memory(pf_logs *l, pf_analysis *a, pf_out *f)
{
    size_t np = a->npools, over;
    size_t *share = pool_shares(l, a, &over);
    uint64_t *bucket = calloc(np ? np : 1, 8), *bt = calloc(np ? np : 1, 8),
             *bmax = calloc(np ? np : 1, 8), *blast = calloc(np ? np : 1, 8);
    unsigned char *open = calloc(np ? np : 1, 1);
    if (!share || !bucket || !bt || !bmax || !blast || !open) {
        pf_note(l, PF_WRITE_ERROR, "%s: out of memory; memory counters left out", PF_TRACE_JSON);
        goto out;
    }
    uint64_t span = a->nmem ? a->mem[a->nmem - 1].ns + 1 : 1;
    for (size_t p = 0; p < np; p++)
        if (share[p]) bucket[p] = span / (share[p] / 2 ? share[p] / 2 : 1) + 1;
    for (size_t i = 0; i < a->nmem; i++) {
        const pf_mempoint *m = &a->mem[i];
        uint32_t p = m->pool;
        if (!bucket[p]) {
            counter(f, a->pools[p].pool, m->ns, m->live);
            continue;
        }
        uint64_t t = m->ns / bucket[p] * bucket[p];
        if (open[p] && bt[p] != t) {
            counter(f, a->pools[p].pool, bt[p], bmax[p]);
            if (blast[p] != bmax[p]) counter(f, a->pools[p].pool, bt[p] + bucket[p] - 1, blast[p]);
            open[p] = 0;
        }
        if (!open[p]) bt[p] = t, bmax[p] = m->live, open[p] = 1;
        if (m->live > bmax[p]) bmax[p] = m->live;
        blast[p] = m->live;
    }
    for (size_t p = 0; p < np; p++)
        if (open[p]) {
            counter(f, a->pools[p].pool, bt[p], bmax[p]);
            if (blast[p] != bmax[p]) counter(f, a->pools[p].pool, bt[p] + bucket[p] - 1, blast[p]);
        }
out:
    free(share);
    free(bucket);
    free(bt);
    free(bmax);
    free(blast);
    free(open);
}

/* The dispatches of the device-time view, on pid 1. */
static void dispatches(pf_logs *l, pf_analysis *a, pf_out *f)
{
    meta(f, HOST_PID, -1, "process", "dispatches (device time: 1 us = 1000 cycles)", 0);
    meta(f, HOST_PID, 1, "thread", "dispatches", 0);
    /* a slice a dispatch, or past --max-timeline bands of consecutive
     * ones (pf_dseg_band) */
    size_t nb = pf_dseg_bands(a, l->opt->max_timeline);
    for (size_t j = 0; j < nb; j++) {
        pf_dseg b;
        const pf_dseg *e;
        char name[520], buf[256];
        size_t k = pf_dseg_band(l, a, j, nb, &b, &e, name, sizeof name);
        x_head(f, HOST_PID, 1, b.offset, b.offset + (b.last - b.first));
        pf_puts(f, ",\"cat\":\"dispatch\",\"name\":");
        pf_put_json(f, name);
        pf_puts(f, ",\"args\":{\"text\":");
        if (k == 1)
            snprintf(buf, sizeof buf, "cycles %llu to %llu (%llu cycles)",
                     (unsigned long long)b.first, (unsigned long long)b.last,
                     (unsigned long long)(b.last - b.first));
        else /* (its last dispatch's end, on the chip's clock) */
            snprintf(buf, sizeof buf, "%zu dispatches, cycles %llu to %llu", k,
                     (unsigned long long)b.first, (unsigned long long)e->last);
        pf_put_json(f, buf);
        pf_puts(f, "}}");
    }
}

static void device(pf_logs *l, pf_analysis *a, pf_out *f)
{
    char name[160], core[128];
    for (size_t k = 0; k < a->ncores; k++) {
        meta(f, CORE_PID + (int)k, -1, "process",
             pf_core_name(l, a->cores[k], "device core ", name, sizeof name), 1 + (int)k);
        pf_core_name(l, a->cores[k], "core ", core, sizeof core);
        for (int r = 0; r < TF_NUM_RISCS; r++) {
            snprintf(name, sizeof name, "%s %s", core, cm_risc_name(r));
            meta(f, CORE_PID + (int)k, 1 + r, "thread", name, r);
        }
    }
    if (!g_dev.ok) {
        if (l->ndevzones)
            pf_note(l, PF_WRITE_ERROR, "%s: out of memory; device zones left out", PF_TRACE_JSON);
        return;
    }
    for (size_t t = 0; t < g_dev.tl->ntracks; t++) {
        pf_lod_item *items;
        for (size_t next = 0, n; (n = track_items(&g_dev, t, &next, &items)) > 0; free(items))
            for (size_t k = 0; k < n; k++) {
                const pf_lod_item *it = &items[k];
                const pf_devzone *z = &l->devzones[it->id];
                x_head(f, CORE_PID + t / TF_NUM_RISCS, 1 + t % TF_NUM_RISCS, it->start, it->end);
                if (it->count > 1) {
                    x_merged(f, it, l->names.s[z->name]);
                    continue;
                }
                pf_puts(f, ",\"cat\":\"device\",\"name\":");
                pf_put_json(f, l->names.s[z->name]);
                if (l->names.s[z->file][0]) {
                    pf_puts(f, ",\"loc\":");
                    put_loc(f, l->names.s[z->file], z->line);
                }
                /* "dispatch 3, kernel k, 1234 cycles, zone 0xabcd" */
                pf_puts(f, ",\"args\":{\"text\":\"dispatch ");
                pf_put_u64(f, z->dispatch);
                if (z->kernel) {
                    pf_puts(f, ", kernel ");
                    pf_put_json_chars(f, PF_DEVKERNEL(l, z));
                }
                pf_puts(f, ", ");
                pf_put_u64(f, z->end - z->start);
                pf_puts(f, " cycles, zone ");
                pf_put_json_chars(f, l->names.s[z->hash]);
                if (z->open) { /* post-mortem: drawn to when its RISC stopped */
                    pf_puts(f, "; still open at the ");
                    pf_puts(f,
                            z->reason < TF_STOP_NREASONS ? tf_csv_stop_reason[z->reason] : "stop");
                    pf_puts(f, ", shown to ");
                    pf_puts(f, pf_open_end(z->reason));
                }
                pf_puts(f, "\"}}");
            }
    }
}

static void kind_note(pf_logs *l, const plan *p, const char *what, const char *tracks,
                      size_t ntracks)
{
    if (!p->merged_tracks) return;
    /* device zones beyond what the report keeps were merged while reading */
    int kept = !strcmp(what, "device") && l->dev_zones > PF_DEV_KEEP;
    char keep[96] = "";
    if (kept)
        snprintf(keep, sizeof keep,
                 " or of the report's device timeline (at most %d zones or slices)", PF_DEV_KEEP);
    pf_note(l, 0,
            "%s: %zu of %zu %s had more %s zones than their share of --max-timeline %zu%s: "
            "their %zu zones are shown as %zu slices, runs of short zones merged into slices "
            "named \"merged: N zones\" (every track keeps its zones wherever it ran; %s, the "
            "CSV reports have every zone)",
            PF_TRACE_JSON, p->merged_tracks, ntracks, tracks, what, l->opt->max_timeline, keep,
            p->merged_zones, p->merged_items,
            kept ? "the raw device CSV has every marker" : "raise --max-timeline for more");
}

void pf_json_notes(pf_logs *l, pf_analysis *a)
{
    plan_all(l, a);
    size_t nthreads = 0, ndev = 0;
    for (size_t t = 0; t < g_host.tl->ntracks; t++) nthreads += g_host.tl->tracks[t].n != 0;
    for (size_t t = 0; t < g_dev.tl->ntracks; t++) ndev += g_dev.tl->tracks[t].n != 0;
    kind_note(l, &g_host, "host", "threads", nthreads);
    kind_note(l, &g_dev, "device", "RISCs", ndev);
    size_t fover = 0, fmarks = 0, fkept = 0;
    if (!l->opt->device_time && !frames(l, NULL, &fover, &fmarks, &fkept) && fover)
        pf_note(l, 0,
                "%s: %zu of %zu threads had more frame marks than their share of "
                "--max-timeline %zu: their %zu marks are shown as %zu, one per stretch of time "
                "(its first, with the number of marks it stands for in its args: \"marks\"); "
                "the summary's frame statistics count every mark",
                PF_TRACE_JSON, fover, (size_t)l->trace->nthreads, l->opt->max_timeline, fmarks,
                fkept);
    size_t over = 0, *share = l->opt->device_time ? NULL : pool_shares(l, a, &over);
    free(share);
    if (over)
        pf_note(l, 0,
                "%s: %zu memory pools had more events than their share of --max-timeline %zu: "
                "per stretch of time their highest value and their last are kept (peaks are "
                "never lost)",
                PF_TRACE_JSON, over, l->opt->max_timeline);
    if (!l->opt->device_time && (over = pf_ops_json_counters_over(l)))
        pf_note(l, 0,
                "%s: %zu of %u processes had more chip counter steps (two per op) than their "
                "share of --max-timeline %zu: per stretch of time each counter's highest value "
                "and its last are kept; the ops CSVs have every op",
                PF_TRACE_JSON, over, l->nprocs ? l->nprocs : 1u, l->opt->max_timeline);
    if (l->opt->device_time)
        pf_note(l, 0,
                "%s is in device time (--device-time): %zu dispatches laid out one after the "
                "other in cycles (1 us = 1000 cycles), host zones and memory left out",
                PF_TRACE_JSON, a->ndsegs);
    size_t nb = pf_dseg_bands(a, l->opt->max_timeline);
    char sizes[48];
    if (l->opt->device_time && nb < a->ndsegs)
        pf_note(l, 0,
                "%s: its %zu dispatches are drawn as %zu band%s of %s consecutive ones "
                "(--max-timeline %zu)",
                PF_TRACE_JSON, a->ndsegs, nb, nb == 1 ? "" : "s",
                pf_dseg_sizes(a, nb, sizes, sizeof sizes), l->opt->max_timeline);
}

void pf_write_json(pf_logs *l, pf_analysis *a)
{
    if (!g_planned) plan_all(l, a);
    pf_out *f = pf_out_open(l, PF_TRACE_JSON);
    if (f) {
        first_event = 1;
        pf_puts(f, "{\"displayTimeUnit\":\"ns\",\"otherData\":{\"generator\":\"tt_foil_profile\",");
        pf_puts(f, "\"program\":");
        pf_put_json(f, l->trace ? l->trace->header.program : "");
        pf_printf(f, ",\"clock\":\"%s\"},\n\"traceEvents\":[\n",
                  l->opt->device_time ? "device cycles" : "host ns");
        if (l->opt->device_time) {
            dispatches(l, a, f);
        } else {
            host(l, f);
            size_t over, marks, kept;
            if (frames(l, f, &over, &marks, &kept))
                pf_note(l, PF_WRITE_ERROR, "%s: out of memory; frame marks left out",
                        PF_TRACE_JSON);
            memory(l, a, f);
        }
        device(l, a, f);
        if (!l->opt->device_time) /* the hardware counters (ops.c), on the host clock, in
                                     groups of their own after the cores' */
            pf_ops_json_counters(l, f, &first_event, CORE_PID + (int)a->ncores);
        pf_puts(f, "\n]}\n");
        pf_out_close(f);
    }
    plan_free(&g_host);
    plan_free(&g_dev);
    g_planned = 0;
}
