/* reports/tt_foil_report.html: one self-contained page (no network). The
 * page itself (report.html: style, script, layout) is compiled in; this
 * file writes the run's data as one JSON object into it, in place of its
 * TF_DATA marker. The timeline keeps the longest zones when there are too
 * many to draw, the memory chart a bounded number of points per pool. */
#include "pf.h"
#include "cm_risc.h"

#include <stdlib.h>
#include <string.h>

#include "report_html.h" /* generated: pf_report_html[], pf_report_html_len */

#define HTML_MAX_ZONES   60000 /* timeline zones drawn */
#define HTML_MAX_POOLS   64    /* pools charted */
#define HTML_MEM_BUCKETS 1500  /* points per charted pool */

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
        num(f, d->max, 1);
        pf_putc(f, ']');
    }
    pf_printf(f, "],\n\"dev_unmatched\":%llu,\"dev_dropped\":%llu,\n",
              (unsigned long long)l->dev_unmatched, (unsigned long long)l->dev_dropped);
}

/* ---- timeline ------------------------------------------------------------------------ */

/* The duration from which zones are drawn so that at most `cap` are:
 * the longest ones (a parent is never shorter than its child). `*ties` is
 * how many zones of exactly that duration still fit. */
static uint64_t threshold(pf_logs *l, pf_analysis *a, size_t cap, size_t *ties)
{
    size_t n = a->nby_start + l->ndevzones;
    *ties = SIZE_MAX;
    if (n <= cap) return 0;
    uint64_t *d = malloc(n * sizeof *d);
    if (!d) return UINT64_MAX;
    size_t k = 0;
    for (size_t i = 0; i < a->nby_start; i++) {
        const tf_tr_zone *z = &l->trace->zones[a->by_start[i]];
        d[k++] = z->end_ns - z->start_ns;
    }
    for (size_t i = 0; i < l->ndevzones; i++)
        d[k++] = pf_dev_ns(l, l->devzones[i].end) - pf_dev_ns(l, l->devzones[i].start);
    /* the cap-th longest, and how many are longer */
    uint64_t t = pf_select(d, n, n - cap);
    size_t above = 0;
    for (size_t i = 0; i < n; i++) above += d[i] > t;
    *ties = cap - above;
    free(d);
    return t;
}

static int keep(uint64_t dur, uint64_t thr, size_t *ties)
{
    if (dur > thr || *ties == SIZE_MAX) return 1;
    if (dur == thr && *ties) return (*ties)--, 1;
    return 0;
}

static void timeline(pf_logs *l, pf_analysis *a, pf_out *f)
{
    /* tracks: host threads, then each core's RISCs */
    uint32_t nthreads = l->trace ? l->trace->nthreads : 0;
    pf_puts(f, "\"tracks\":[");
    for (uint32_t i = 0; i < nthreads; i++) {
        char label[160];
        snprintf(label, sizeof label, "%s", l->trace->threads[i].name);
        pf_puts(f, i ? ",[" : "[");
        str_field(f, label);
        pf_put_json(f, "host");
        pf_putc(f, ']');
    }
    for (size_t k = 0; k < a->ncores; k++)
        for (int r = 0; r < TF_NUM_RISCS; r++) {
            char label[64], group[64];
            snprintf(label, sizeof label, "%s", cm_risc_name(r));
            snprintf(group, sizeof group, "core (%d,%d)", a->cores[k] & 0xff, a->cores[k] >> 8);
            pf_puts(f, nthreads || k || r ? ",[" : "[");
            str_field(f, label);
            pf_put_json(f, group);
            pf_putc(f, ']');
        }
    /* names: host locations, then device zone names */
    uint32_t nlocs = l->trace ? l->trace->nlocs : 0;
    pf_puts(f, "],\n\"names\":[");
    for (uint32_t i = 0; i < nlocs; i++) {
        if (i) pf_putc(f, ',');
        pf_put_json(f, l->trace->locs[i].name ? l->trace->locs[i].name : "?");
    }
    for (uint32_t i = 0; i < l->nstrings; i++) {
        if (i || nlocs) pf_putc(f, ',');
        pf_put_json(f, l->strings[i]);
    }
    /* zones: track, start ns, duration ns, name, depth, text (host) or cycles (device) */
    size_t cap = l->opt->max_timeline < HTML_MAX_ZONES ? l->opt->max_timeline : HTML_MAX_ZONES;
    size_t ties, kept = 0;
    uint64_t thr = threshold(l, a, cap, &ties);
    pf_puts(f, "],\n\"tl\":[");
    for (size_t i = 0; i < a->nby_start; i++) {
        const tf_tr_zone *z = &l->trace->zones[a->by_start[i]];
        if (!keep(z->end_ns - z->start_ns, thr, &ties)) continue;
        pf_puts(f, kept++ ? ",[" : "[");
        num(f, z->thread, 0);
        num(f, z->start_ns - l->t0, 0);
        num(f, z->end_ns - z->start_ns, 0);
        num(f, z->loc, 0);
        num(f, z->depth, 0);
        pf_put_json(f, z->text ? z->text : "");
        pf_putc(f, ']');
    }
    for (size_t i = 0; i < l->ndevzones; i++) {
        const pf_devzone *z = &l->devzones[a->dev_by_start[i]];
        uint64_t s = pf_dev_ns(l, z->start), e = pf_dev_ns(l, z->end);
        if (!keep(e - s, thr, &ties)) continue;
        size_t lo = 0;
        while (lo < a->ncores && a->cores[lo] != (z->x | z->y << 8)) lo++;
        pf_puts(f, kept++ ? ",[" : "[");
        num(f, nthreads + lo * TF_NUM_RISCS + (unsigned)z->risc, 0);
        num(f, s - l->t0, 0);
        num(f, e - s, 0);
        num(f, nlocs + z->name, 0);
        num(f, z->depth, 0);
        num(f, z->end - z->start, 1);
        pf_putc(f, ']');
    }
    pf_printf(f, "],\n\"tl_total\":%zu,\n", a->nby_start + l->ndevzones);
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
    for (size_t i = 0; i < l->ndevzones; i++) {
        uint64_t e = pf_dev_ns(l, l->devzones[i].end) - l->t0;
        if (e > span) span = e;
    }
    pf_puts(f, "{\"program\":");
    pf_put_json(f, l->trace ? l->trace->header.program : l->mem ? l->mem->header.program : "");
    pf_puts(f, ",\"dir\":");
    pf_put_json(f, l->dir);
    pf_printf(f, ",\"span_ns\":%llu,\"host\":%d,\"memory\":%d,\"device\":%d,\n",
              (unsigned long long)span, l->trace != NULL, l->mem != NULL, l->have_device_csv);
    tables(l, a, f);
    timeline(l, a, f);
    memchart(a, f, span);
    /* notes last: writing the page may add some */
    pf_puts(f, ",\n\"notes\":[");
    for (int i = 0; i < l->nnotes; i++) {
        pf_printf(f, "%s[%d,", i ? "," : "", l->note_error[i]);
        pf_put_json(f, l->notes[i]);
        pf_putc(f, ']');
    }
    pf_puts(f, "]}");
    const char *rest = at + sizeof marker - 1;
    pf_putn(f, rest, pf_report_html_len - (size_t)(rest - tpl));
    pf_out_close(f);
}
