/* reports/tt_foil_report.html: one self-contained page (no network). The
 * page itself (report.html: style, script, layout) is compiled in; this
 * file writes the run's data as one JSON object into it, in place of its
 * TF_DATA marker. The timelines (host clock, device time) hold every track
 * at several levels of detail, packed (lod_view), bounded by --max-timeline
 * and HTML_MAX_ZONES (lod.c): a track that fits its share has every zone,
 * so zoomed in the page draws each one; the memory chart a bounded number
 * of points per pool. */
#include "pf.h"
#include "common/cm_risc.h"

#include <stdlib.h>
#include <string.h>

#include "report_html.h" /* generated: pf_report_html[], pf_report_html_len */

/* Finest-level items per view (zones or merged runs): a track that fits
 * its share has every zone in the page (packed, lod_view), the rest merge
 * runs of short zones. 2 M zones make a page of about 30-40 MB that
 * headless Chromium loads in a few seconds (docs/profiling.md). */
#define HTML_MAX_ZONES 2000000
/* Dispatch bands of the device-time view ("dsegs"), a kind of timeline
 * slice of its own under --max-timeline, at most this many: past them,
 * runs of consecutive dispatches share a band (about 50 bytes each: a
 * million dispatches took 54 MB of the page) */
#define HTML_MAX_DSEGS   100000
#define HTML_MAX_POOLS   64   /* pools charted */
#define HTML_MEM_BUCKETS 1500 /* points per charted pool */

static void str_field(pf_out *f, const char *s)
{
    pf_put_json(f, s ? s : "");
    pf_putc(f, ',');
}

static void num(pf_out *f, uint64_t v, int last)
{
    pf_put_u64(f, v);
    if (!last) pf_putc(f, ',');
}

/* ---- tables -------------------------------------------------------------------------- */

static void tables(pf_logs *l, pf_analysis *a, pf_out *f)
{
    pf_puts(f, "\"zones\":[");
    for (size_t i = 0; i < a->nzones; i++) {
        const pf_zonestat *z = &a->zones[i];
        pf_puts(f, i ? ",[" : "[");
        str_field(f, z->name);
        str_field(f, z->context);
        num(f, z->count, 0);
        num(f, z->total, 0);
        num(f, z->total / z->count, 0);
        num(f, z->min, 0);
        num(f, z->max, 0);
        num(f, z->median, 0);
        num(f, z->p99, 0);
        num(f, z->self, 1);
        pf_putc(f, ']');
    }
    pf_puts(f, "],\n\"phases\":[");
    for (size_t i = 0; i < a->nphases; i++) {
        const pf_phase *p = &a->phases[i];
        pf_puts(f, i ? ",[" : "[");
        num(f, i, 0);
        num(f, p->kernel_loads, 0);
        num(f, p->start, 0);
        num(f, p->end, 0);
        num(f, p->end - p->start, 0);
        str_field(f, p->first_kernel);
        pf_put_json(f, p->last_kernel);
        pf_putc(f, ']');
    }
    pf_puts(f, "],\n\"pools\":[");
    for (size_t i = 0; i < a->npools; i++) {
        const pf_poolstat *p = &a->pools[i];
        pf_puts(f, i ? ",[" : "[");
        str_field(f, p->pool);
        num(f, p->allocs, 0);
        num(f, p->frees, 0);
        num(f, p->total, 0);
        num(f, p->peak, 0);
        num(f, p->leaked, 0);
        num(f, p->capacity, 1);
        pf_putc(f, ']');
    }
    /* where the memory went (memsites.c): pool, site, then its counts */
    pf_puts(f, "],\n\"memsites\":[");
    for (size_t i = 0; a->sites_done && i < a->nmemsites; i++) {
        const pf_memsite *m = &a->memsites[i];
        pf_puts(f, i ? ",[" : "[");
        str_field(f, a->pools[m->pool].pool);
        str_field(f, a->sites.s[m->site]);
        num(f, m->allocs, 0);
        num(f, m->total, 0);
        num(f, m->peak, 0);
        num(f, m->npeak, 0);
        num(f, m->leaked, 0);
        num(f, m->nleaked, 1);
        pf_putc(f, ']');
    }
    pf_puts(f, "],\n\"dev\":[");
    for (size_t i = 0; i < a->ndev; i++) {
        const pf_devstat *d = &a->dev[i];
        pf_puts(f, i ? ",[" : "[");
        str_field(f, cm_risc_name(d->risc));
        str_field(f, d->zone);
        str_field(f, d->hash);
        num(f, d->count, 0);
        num(f, d->total, 0);
        num(f, d->total / d->count, 0);
        num(f, d->min, 0);
        num(f, d->max, 0);
        num(f, d->self, 0);
        num(f, (uint64_t)d->wrapper, 1);
        pf_putc(f, ']');
    }
    /* per core: dispatches, total, mean, max, cycles in the slowest dispatch */
    pf_puts(f, "],\n\"cores\":[");
    for (size_t i = 0; i < a->ncorestats; i++) {
        const pf_corestat *c = &a->corestats[i];
        char name[128];
        pf_core_name(l, c->core, "", name, sizeof name);
        pf_puts(f, i ? ",[" : "[");
        str_field(f, name);
        num(f, c->dispatches, 0);
        num(f, c->total, 0);
        num(f, c->dispatches ? c->total / c->dispatches : 0, 0);
        num(f, c->max, 0);
        num(f, c->in_slowest, 1);
        pf_putc(f, ']');
    }
    /* identical per-core pools folded: name, how many pools, the first
     * (its counts are every member's) */
    pf_puts(f, "],\n\"poolgroups\":[");
    for (size_t i = 0; i < a->npoolgroups; i++) {
        const pf_poolgroup *g = &a->poolgroups[i];
        char buf[256];
        pf_puts(f, i ? ",[" : "[");
        str_field(f, pf_poolgroup_name(a, g, buf, sizeof buf));
        num(f, g->count, 0);
        num(f, g->first, 1);
        pf_putc(f, ']');
    }
    /* the slowest dispatch by name: with several processes, whose it is */
    char disp[256];
    pf_puts(f, "],\n\"slowest_dispatch\":");
    pf_put_json(f, pf_dispatch_name(l, a->slowest_process, a->slowest_dispatch, disp, sizeof disp));
    pf_printf(f, ",\"slowest_cycles\":%llu,\"straggler\":%ld,\"show_wrappers\":%d,\n",
              (unsigned long long)a->slowest_cycles, a->straggler, l->opt->show_wrappers);
    pf_printf(f, "\"dev_unmatched\":%llu,\"dev_dropped\":%llu,\n",
              (unsigned long long)l->dev_unmatched, (unsigned long long)l->dev_dropped);
}

/* ---- timeline ------------------------------------------------------------------------ */

/* The page draws, per track, the coarsest level of detail whose
 * resolution is finer than a pixel at the current zoom: a level keeps the
 * zones at least that long and merges runs of shorter ones into one item
 * each (lod.c), so what is drawn is bounded by pixels, not by zones, and
 * every track shows activity wherever it ran. A track's finest level is
 * the finest that fits its fair share of the page's items (every zone
 * when they fit); coarser ones, each eight times coarser, up to about
 * 1/4096 of the run, are added while each has at most half the items of
 * the one below it (so they take at most as many items again) and the
 * one below has more than can be drawn at once without slowing down
 * (twice the coarsest level's pixels). Zoomed in
 * beyond the finest level, the merged items left are drawn as such. */
#define HTML_COARSE_PX  4096 /* the coarsest level: the run over this many pixels */
#define HTML_MAX_LEVELS 24

typedef struct level {
    uint64_t r;
    size_t n;
} level;

/* The levels a track embeds (lv[0] the coarsest), their count. */
static size_t track_levels(const pf_tl_track *tr, uint64_t span, size_t share, level *lv)
{
    /* powers of two, bounded: a hostile span or extent near 2^64 must not
     * shift them to 0 and loop forever (fuzz_logs found it) */
    uint64_t rc = 1;
    while (rc < span / HTML_COARSE_PX + 1 && rc < (1ull << 62)) rc <<= 1;
    level fine[HTML_MAX_LEVELS];
    size_t k = 0;
    uint64_t r = pf_lod_fit(tr->z, tr->n, share);
    if (!r && tr->zones != tr->n) r = 1; /* runs were merged while reading: not raw */
    fine[k++] = (level){r, r ? pf_lod(tr->z, tr->n, r, NULL) : tr->n};
    /* no coarser level when the finest is quick to draw; the first worth
     * trying has about one item per r ns of the track's extent */
    uint64_t extent =
        tr->z[tr->n - 1].end > tr->z[0].start ? tr->z[tr->n - 1].end - tr->z[0].start : 1;
    uint64_t r0 = 1;
    while (r0 < extent / fine[0].n && r0 < (1ull << 62)) r0 <<= 1;
    for (r = r ? r * 8 : r0; fine[k - 1].n > 2 * HTML_COARSE_PX && r && r <= rc &&
                             r < (1ull << 60) && k < HTML_MAX_LEVELS;
         r *= 8) {
        size_t c = pf_lod(tr->z, tr->n, r, NULL);
        if (2 * c <= fine[k - 1].n) fine[k++] = (level){r, c};
    }
    for (size_t i = 0; i < k; i++) lv[i] = fine[k - 1 - i];
    return k;
}

/* One view's tracks as levels of detail, each level packed:
 *   [[track, device, [r, raw, n, "base64"], ...], ...]
 * (levels coarse to fine). A level's n items are, in order, unsigned
 * LEB128 varints, base64-encoded (RFC 4648, padded): per item the start
 * minus the previous item's start (zigzag: the first from 0), the
 * duration, the name (index into names), the depth and the count; an
 * item of count 1 (a zone) then has its extra: host, its zone's text
 * (index + 1 into the view's "htexts", 0 for none); device, cycles,
 * dispatch minus the previous zone's (zigzag), kernel and file (index + 1
 * into names, 0 if unknown), line, and 0 or 1 + the stop reason
 * (tf_devb_reason) of a zone still open when its RISC was stopped. About
 * 10 to 20 bytes a zone where JSON arrays took 40 to 60, and the page
 * decodes them into typed arrays instead of a million JS arrays
 * (report.html, decodeLevel). */
typedef struct view_count {
    size_t items, zones, capped, raw;
    int written; /* a track written (the next one needs a comma) */
} view_count;

typedef struct packer {
    uint8_t *b;
    size_t n, cap;
    int oom;
} packer;

static void pk_u64(packer *k, uint64_t v)
{
    if (k->n + 10 > k->cap) {
        size_t cap = k->cap ? 2 * k->cap : 4096;
        uint8_t *nb = realloc(k->b, cap);
        if (!nb) {
            k->oom = 1;
            return;
        }
        k->b = nb;
        k->cap = cap;
    }
    while (v >= 0x80) {
        k->b[k->n++] = (uint8_t)(v | 0x80);
        v >>= 7;
    }
    k->b[k->n++] = (uint8_t)v;
}

static void pk_i64(packer *k, uint64_t now, uint64_t prev) /* zigzag of now - prev */
{
    uint64_t d = now - prev; /* two's complement */
    pk_u64(k, now >= prev ? d << 1 : ((~d + 1) << 1) - 1);
}

static void put_base64(pf_out *f, const uint8_t *b, size_t n)
{
    static const char al[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    char buf[4096];
    size_t o = 0;
    for (size_t i = 0; i < n; i += 3) {
        uint32_t v = (uint32_t)b[i] << 16 | (i + 1 < n ? (uint32_t)b[i + 1] << 8 : 0) |
                     (i + 2 < n ? b[i + 2] : 0);
        buf[o++] = al[v >> 18];
        buf[o++] = al[(v >> 12) & 63];
        buf[o++] = i + 1 < n ? al[(v >> 6) & 63] : '=';
        buf[o++] = i + 2 < n ? al[v & 63] : '=';
        if (o + 4 > sizeof buf) {
            pf_putn(f, buf, o);
            o = 0;
        }
    }
    pf_putn(f, buf, o);
}

/* A host zone's text as the page numbers it ("htexts", from 1; 0: none):
 * each distinct text once, numbered as a level first shows a zone of it
 * whole (merged runs show no text). A long run's zones mostly repeat a
 * few texts (a kernel's name): one copy each, not one a zone. Out of
 * memory, the zone is drawn without its text. */
static uint32_t text_number(pf_strtab *texts, const char *text)
{
    if (!text) return 0;
    uint32_t i = pf_strtab_add(texts, text);
    return i == UINT32_MAX ? 0 : i + 1;
}

static void lod_view(pf_logs *l, pf_out *f, const pf_timeline *tl, int device, size_t first_track,
                     uint64_t span, const size_t *share, pf_strtab *texts, view_count *vc)
{
    uint32_t nlocs = l->trace ? l->trace->nlocs : 0;
    packer pk = {0};
    for (size_t t = 0; t < tl->ntracks; t++) {
        const pf_tl_track *tr = &tl->tracks[t];
        if (!tr->n) continue;
        level lv[HTML_MAX_LEVELS];
        size_t nl = track_levels(tr, span, share[t], lv), most = 0;
        for (size_t k = 0; k < nl; k++)
            if (lv[k].r && lv[k].n > most) most = lv[k].n;
        pf_lod_item *it = malloc((most ? most : 1) * sizeof *it);
        if (!it) {
            pf_note(l, PF_WRITE_ERROR, "%s: out of memory; a track left out", PF_REPORT_HTML);
            continue;
        }
        vc->zones += tr->zones;
        vc->capped += lv[nl - 1].r != 0 || tr->zones != tr->n;
        vc->raw += lv[nl - 1].r == 0 && tr->zones == tr->n;
        pf_printf(f, "%s[%zu,%d", vc->written ? ",\n" : "", first_track + t, device);
        vc->written = 1;
        for (size_t k = 0; k < nl; k++) {
            size_t c = lv[k].r ? pf_lod(tr->z, tr->n, lv[k].r, it) : tr->n;
            uint64_t prev = 0, prevd = 0;
            pk.n = 0;
            for (size_t i = 0; i < c; i++) {
                pf_lod_item x = lv[k].r
                                    ? it[i]
                                    : (pf_lod_item){tr->z[i].start, tr->z[i].end, tr->z[i].count,
                                                    tr->z[i].id, tr->z[i].depth};
                pk_i64(&pk, x.start, prev);
                prev = x.start;
                pk_u64(&pk, x.end - x.start);
                if (device) {
                    const pf_devzone *z = &l->devzones[x.id];
                    pk_u64(&pk, nlocs + z->name);
                    pk_u64(&pk, x.depth);
                    pk_u64(&pk, x.count);
                    if (x.count == 1) {
                        pk_u64(&pk, z->end - z->start);
                        pk_i64(&pk, z->dispatch, prevd);
                        prevd = z->dispatch;
                        pk_u64(&pk, z->kernel ? nlocs + z->kernel : 0);
                        pk_u64(&pk, l->names.s[z->file][0] ? nlocs + z->file + 1 : 0);
                        pk_u64(&pk, z->line);
                        /* a reason out of range (a damaged trace) as "done", as in the CSV */
                        pk_u64(&pk,
                               z->open ? 1u + (z->reason < TF_STOP_NREASONS ? z->reason : 0) : 0);
                    }
                } else {
                    const tf_tr_zone *z = &l->trace->zones[x.id];
                    pk_u64(&pk, z->loc);
                    pk_u64(&pk, x.depth);
                    pk_u64(&pk, x.count);
                    if (x.count == 1) pk_u64(&pk, texts ? text_number(texts, z->text) : 0);
                }
            }
            if (pk.oom) {
                pf_note(l, PF_WRITE_ERROR, "%s: out of memory; a track's level left empty",
                        PF_REPORT_HTML);
                pk.oom = 0;
                pk.n = 0;
                c = 0;
            }
            pf_printf(f, ",[%llu,%d,%zu,\"", (unsigned long long)lv[k].r, lv[k].r == 0, c);
            put_base64(f, pk.b, pk.n);
            pf_puts(f, "\"]");
            vc->items += c;
        }
        pf_putc(f, ']');
        free(it);
    }
    free(pk.b);
}

/* Fair shares of `budget` over the tracks of one or two timelines. */
static size_t *shares(const pf_timeline *a, const pf_timeline *b, size_t budget)
{
    size_t na = a->ntracks, nt = na + (b ? b->ntracks : 0);
    size_t *n = calloc(nt ? nt : 1, sizeof *n), *share = calloc(nt ? nt : 1, sizeof *share);
    if (n && share) {
        for (size_t t = 0; t < nt; t++)
            n[t] = t < na ? a->tracks[t].zones : b->tracks[t - na].zones;
        pf_lod_shares(n, nt, budget, share);
    } else {
        free(share);
        share = NULL;
    }
    free(n);
    return share;
}

static void timeline(pf_logs *l, pf_analysis *a, pf_out *f, uint64_t span)
{
    /* tracks: host threads, then each core's RISCs */
    uint32_t nthreads = l->trace ? l->trace->nthreads : 0;
    pf_puts(f, "\"tracks\":[");
    for (uint32_t i = 0; i < nthreads; i++) {
        pf_puts(f, i ? ",[" : "[");
        str_field(f, l->trace->threads[i].name);
        pf_put_json(f, "host");
        pf_putc(f, ']');
    }
    for (size_t k = 0; k < a->ncores; k++)
        for (int r = 0; r < TF_NUM_RISCS; r++) {
            char group[128];
            pf_core_name(l, a->cores[k], "core ", group, sizeof group);
            pf_puts(f, nthreads || k || r ? ",[" : "[");
            str_field(f, cm_risc_name(r));
            pf_put_json(f, group);
            pf_putc(f, ']');
        }
    /* names: host locations, then the device strings (zone names,
     * kernels, files) */
    uint32_t nlocs = l->trace ? l->trace->nlocs : 0;
    pf_puts(f, "],\n\"names\":[");
    for (uint32_t i = 0; i < nlocs; i++) {
        if (i) pf_putc(f, ',');
        pf_put_json(f, l->trace->locs[i].name ? l->trace->locs[i].name : "?");
    }
    for (uint32_t i = 0; i < l->names.n; i++) {
        if (i || nlocs) pf_putc(f, ',');
        pf_put_json(f, l->names.s[i]);
    }
    pf_puts(f, "],\n\"locs\":[");
    for (uint32_t i = 0; i < nlocs; i++) {
        char buf[4200];
        snprintf(buf, sizeof buf, "%s:%u", l->trace->locs[i].file ? l->trace->locs[i].file : "",
                 l->trace->locs[i].line);
        if (i) pf_putc(f, ',');
        pf_put_json(f, buf);
    }
    /* --max-timeline N counts each kind (host, device) as in the JSON: the
     * host-clock view has both kinds, so up to 2N, the device-time view N */
    size_t n = l->opt->max_timeline, two = n > HTML_MAX_ZONES / 2 ? HTML_MAX_ZONES : 2 * n;
    size_t budget = two, dbudget = n < HTML_MAX_ZONES ? n : HTML_MAX_ZONES;
    const pf_timeline *host = &a->tl_host, *dev = &a->tl_dev, *dtime = &a->tl_dtime;
    int ok = a->tl_ok;
    /* the host-clock view: host and device tracks share one budget */
    size_t *sh = ok ? shares(host, dev, budget) : NULL,
           *dsh = ok ? shares(dtime, NULL, dbudget) : NULL;
    if (!sh || !dsh)
        pf_note(l, PF_WRITE_ERROR, "%s: out of memory; the timeline is empty", PF_REPORT_HTML);
    view_count vc = {0}, dvc = {0};
    pf_puts(f, "],\n");
    pf_strtab texts = {.borrowed = 1}; /* (the zones' texts: the trace outlives the page) */
    pf_puts(f, "\"lod\":[");
    if (sh && dsh) {
        lod_view(l, f, host, 0, 0, span, sh, &texts, &vc);
        lod_view(l, f, dev, 1, nthreads, span, sh + host->ntracks, NULL, &vc);
    }
    pf_puts(f, "],\n\"htexts\":[");
    for (uint32_t i = 0; i < texts.n; i++) {
        if (i) pf_putc(f, ',');
        pf_put_json(f, texts.s[i]);
    }
    pf_strtab_free(&texts);
    /* the stop reasons a device zone's last field numbers (from 1): the
     * name and where its open zones end */
    pf_puts(f, "],\n\"stops\":[");
    for (uint32_t i = 0; i < TF_STOP_NREASONS; i++) {
        pf_puts(f, i ? ",[" : "[");
        pf_put_json(f, tf_csv_stop_reason[i]);
        pf_putc(f, ',');
        pf_put_json(f, pf_open_end(i));
        pf_putc(f, ']');
    }
    pf_puts(f, "],\n\"dlod\":[");
    if (sh && dsh) lod_view(l, f, dtime, 1, nthreads, a->dspan, dsh, NULL, &dvc);
    free(sh);
    free(dsh);
    /* each dispatch's band: id, offset, cycles, first cycle, name (its
     * process's with several); past HTML_MAX_DSEGS (or --max-timeline),
     * bands of runs of consecutive dispatches (pf_dseg_band) */
    pf_puts(f, "],\n\"dsegs\":[");
    size_t cap = n < HTML_MAX_DSEGS ? n : HTML_MAX_DSEGS, nb = pf_dseg_bands(a, cap);
    for (size_t j = 0; j < nb; j++) {
        pf_dseg b;
        char name[520];
        (void)pf_dseg_band(l, a, j, nb, &b, NULL, name, sizeof name);
        pf_printf(f, "%s[%u,%llu,%llu,%llu,", j ? "," : "", (unsigned)b.dispatch,
                  (unsigned long long)b.offset, (unsigned long long)(b.last - b.first),
                  (unsigned long long)b.first);
        pf_put_json(f, name);
        pf_putc(f, ']');
    }
    char sizes[48];
    if (nb < a->ndsegs)
        pf_note(l, 0,
                "%s: the device-time view draws its %zu dispatches as %zu band%s of %s consecutive "
                "ones (at most %zu bands: --max-timeline, at most %d); its zones are drawn as "
                "always",
                PF_REPORT_HTML, a->ndsegs, nb, nb == 1 ? "" : "s",
                pf_dseg_sizes(a, nb, sizes, sizeof sizes), cap, HTML_MAX_DSEGS);
    pf_printf(f,
              "],\n\"dspan\":%llu,\"tl_zones\":%zu,\"tl_items\":%zu,\"tl_capped\":%zu,"
              "\"dtl_items\":%zu,\"tl_budget\":%zu,\"tl_raw\":%zu,\n",
              (unsigned long long)a->dspan, vc.zones, vc.items, vc.capped, dvc.items, budget,
              vc.raw);
    if (vc.capped || dvc.capped)
        pf_note(l, 0,
                "%s: %zu timeline tracks hold more zones than their share of the page's %zu "
                "zones per view (--max-timeline, at most %d): zoomed in far enough, they show "
                "merged runs (hatched) instead of single zones; the JSON and the CSV reports "
                "have every zone",
                PF_REPORT_HTML, vc.capped > dvc.capped ? vc.capped : dvc.capped, budget,
                HTML_MAX_ZONES);
}

/* ---- memory chart ----------------------------------------------------------------------- */

static int cmp_peak_desc(const void *a, const void *b, void *pools)
{
    const pf_poolstat *p = pools;
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    if (p[x].peak != p[y].peak) return p[x].peak < p[y].peak ? 1 : -1;
    return (x > y) - (x < y);
}

/* A charted pool's points: per bucket of time its highest value (so
 * peaks survive) and, if lower, its last value at the bucket's end. */
typedef struct series {
    uint64_t *v; /* t, live, t, live, ... */
    size_t n, cap;
    uint64_t t, max, last; /* the open bucket */
    int open;
} series;

static void point(series *s, uint64_t t, uint64_t v)
{
    if (s->n + 2 > s->cap) {
        size_t cap = s->cap ? 2 * s->cap : 64;
        uint64_t *nv = realloc(s->v, cap * sizeof *nv);
        if (!nv) return;
        s->v = nv;
        s->cap = cap;
    }
    s->v[s->n++] = t;
    s->v[s->n++] = v;
}

static void close_bucket(series *s, uint64_t bucket)
{
    point(s, s->t, s->max);
    if (s->last != s->max) point(s, s->t + bucket - 1, s->last);
    s->open = 0;
}

static void memchart(pf_analysis *a, pf_out *f, uint64_t span)
{
    size_t np = a->npools ? a->npools : 1;
    uint32_t *order = malloc(np * sizeof *order);
    int32_t *slot = malloc(np * sizeof *slot);
    series *sr = calloc(np < HTML_MAX_POOLS ? np : HTML_MAX_POOLS, sizeof *sr);
    pf_puts(f, "\"mem\":[");
    if (!order || !slot || !sr) goto out;
    for (uint32_t i = 0; i < a->npools; i++) order[i] = i;
    qsort_r(order, a->npools, sizeof *order, cmp_peak_desc, a->pools);
    size_t charted = a->npools < HTML_MAX_POOLS ? a->npools : HTML_MAX_POOLS;
    for (uint32_t i = 0; i < a->npools; i++) slot[i] = -1;
    for (size_t k = 0; k < charted; k++) slot[order[k]] = (int32_t)k;
    uint64_t bucket = span / HTML_MEM_BUCKETS + 1;
    for (size_t i = 0; i < a->nmem; i++) {
        const pf_mempoint *m = &a->mem[i];
        if (slot[m->pool] < 0) continue;
        series *s = &sr[slot[m->pool]];
        uint64_t t = m->ns / bucket * bucket;
        if (s->open && s->t != t) close_bucket(s, bucket);
        if (!s->open) *s = (series){s->v, s->n, s->cap, t, m->live, m->live, 1};
        if (m->live > s->max) s->max = m->live;
        s->last = m->live;
    }
    for (size_t k = 0; k < charted; k++) {
        if (sr[k].open) close_bucket(&sr[k], bucket);
        pf_puts(f, k ? ",[" : "[");
        pf_put_u64(f, order[k]);
        for (size_t j = 0; j < sr[k].n; j++) {
            pf_putc(f, ',');
            pf_put_u64(f, sr[k].v[j]);
        }
        pf_putc(f, ']');
        free(sr[k].v);
    }
out:
    pf_putc(f, ']');
    free(sr);
    free(order);
    free(slot);
}

void pf_write_html(pf_logs *l, pf_analysis *a)
{
    static const char marker[] = "/*TF_DATA*/";
    const char *tpl = (const char *)pf_report_html;
    const char *at = memmem(tpl, pf_report_html_len, marker, sizeof marker - 1);
    if (!at) {
        pf_note(l, PF_WRITE_ERROR, "%s: the compiled-in page has no data marker (a build problem)",
                PF_REPORT_HTML);
        return;
    }
    pf_out *f = pf_out_open(l, PF_REPORT_HTML);
    if (!f) return;
    pf_putn(f, tpl, (size_t)(at - tpl));
    uint64_t span = l->last > l->t0 ? l->last - l->t0 : 0;
    for (size_t i = 0; i < a->nmem; i++)
        if (a->mem[i].ns > span) span = a->mem[i].ns;
    if (l->dev_zones) { /* the last device zone's end (the clock is monotonic) */
        uint64_t d = pf_dev_ns(l, l->dev_last), e = d > l->t0 ? d - l->t0 : 0;
        if (e > span) span = e;
    }
    pf_puts(f, "{\"program\":");
    pf_put_json(f, l->trace ? l->trace->header.program : l->mem ? l->mem->header.program : "");
    pf_puts(f, ",\"dir\":");
    pf_put_json(f, l->dir);
    pf_printf(f, ",\"span_ns\":%llu,\"host\":%d,\"memory\":%d,\"device\":%d,\n",
              (unsigned long long)span, l->trace != NULL, l->mem != NULL, l->have_device_csv);
    tables(l, a, f);
    timeline(l, a, f, span);
    memchart(a, f, span);
    /* the Ops section (ops.c) */
    pf_putc(f, ',');
    pf_ops_html(l, f);
    /* notes last: writing the page may add some */
    pf_puts(f, ",\n\"notes\":[");
    pthread_mutex_lock(&l->lock); /* the other writers may add one meanwhile */
    for (int i = 0; i < l->nnotes; i++) {
        pf_printf(f, "%s[%d,", i ? "," : "", l->note_error[i]);
        pf_put_json(f, l->notes[i]);
        pf_putc(f, ']');
    }
    pthread_mutex_unlock(&l->lock);
    pf_puts(f, "]}");
    const char *rest = at + sizeof marker - 1;
    pf_putn(f, rest, pf_report_html_len - (size_t)(rest - tpl));
    pf_out_close(f);
}
