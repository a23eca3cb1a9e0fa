/* Level of detail for the timelines (tt_foil_trace.json, the HTML page):
 * a track with more zones than its share keeps what a pixel can show and
 * merges the rest into summary items, so no track and no stretch of time
 * is ever left out.
 *
 * At a resolution of r ns, per track in time order (parents first): a
 * zone of r or longer is kept; a shorter one is merged with the zones
 * before it at its depth that are less than r apart and start in the same
 * stretch of r ns (what one pixel shows: a run stops at the next stretch,
 * and at a zone of another depth, so it never leaves its parent), and
 * everything inside a merged zone is merged with it. Each merged run becomes one
 * item spanning its zones and counting them. Items stay in time order and
 * nested like the zones, so the JSON keeps Chrome's nesting rule. */
#include "pf.h"
#include "common/cm_err.h"
#include "common/cm_risc.h"

#include <stdlib.h>
#include <string.h>

size_t pf_lod(const pf_tl_zone *z, size_t n, uint64_t r, pf_lod_item *out)
{
    size_t k = 0;
    int open = 0;
    pf_lod_item run = {0};
    for (size_t i = 0; i < n; i++) {
        const pf_tl_zone *zi = &z[i];
        if (open && zi->depth > run.depth && zi->start < run.end) { /* inside the run */
            run.count += zi->count;
            continue;
        }
        uint64_t dur = zi->end > zi->start ? zi->end - zi->start : 0;
        if (open && zi->depth == run.depth && dur < r && zi->start < run.end + r &&
            (zi->start ^ run.start) < r) { /* the same stretch: r is a power of two */
            run.count += zi->count;
            if (zi->end > run.end) run.end = zi->end;
            continue;
        }
        if (open) {
            if (out) out[k] = run;
            k++;
            open = 0;
        }
        pf_lod_item it = {zi->start, zi->end, zi->count, zi->id, zi->depth};
        if (dur >= r) {
            if (out) out[k] = it;
            k++;
        } else {
            run = it;
            open = 1;
        }
    }
    if (open) {
        if (out) out[k] = run;
        k++;
    }
    return k;
}

uint64_t pf_lod_fit(const pf_tl_zone *z, size_t n, size_t budget)
{
    if (n <= budget) return 0;
    /* powers of two, from a guess: a dense track has about one item per
     * r ns of its extent (per depth), so start at extent / budget and
     * walk; the count falls (about) as r grows, and 2^62 merges each run
     * of depth-0 zones into one item */
    uint64_t lo = z[0].start, hi = 0;
    for (size_t i = 0; i < n; i++)
        if (z[i].end > hi) hi = z[i].end;
    uint64_t guess = (hi > lo ? hi - lo : 1) / (budget ? budget : 1);
    int e = 0;
    while (e < 62 && (1ull << (e + 1)) <= guess) e++;
    if (pf_lod(z, n, 1ull << e, NULL) > budget) {
        while (e < 62 && pf_lod(z, n, 1ull << ++e, NULL) > budget) {
        }
    } else {
        while (e > 0 && pf_lod(z, n, 1ull << (e - 1), NULL) <= budget) e--;
    }
    return 1ull << e;
}

typedef struct by_count {
    size_t n, i;
} by_count;

static int cmp_count(const void *a, const void *b)
{
    const by_count *x = a, *y = b;
    if (x->n != y->n) return x->n < y->n ? -1 : 1;
    return (x->i > y->i) - (x->i < y->i);
}

void pf_lod_shares(const size_t *n, size_t ntracks, size_t budget, size_t *share)
{
    by_count *o = malloc((ntracks ? ntracks : 1) * sizeof *o);
    if (!o) { /* an even split */
        for (size_t i = 0; i < ntracks; i++) {
            size_t s = budget / (ntracks ? ntracks : 1);
            share[i] = n[i] < s ? n[i] : s ? s : 1;
        }
        return;
    }
    for (size_t i = 0; i < ntracks; i++) o[i] = (by_count){n[i], i};
    qsort(o, ntracks, sizeof *o, cmp_count);
    /* water-filling: the smallest tracks keep everything, the rest split
     * what is left evenly; a track with zones gets at least one item */
    size_t left = budget;
    for (size_t k = 0; k < ntracks; k++) {
        size_t fair = left / (ntracks - k), s = o[k].n < fair ? o[k].n : fair;
        if (!s && o[k].n) s = 1;
        share[o[k].i] = s;
        left = left > s ? left - s : 0;
    }
    free(o);
}

/* ---- the tracks -------------------------------------------------------------------- */

static int tl_alloc(pf_timeline *tl, size_t ntracks, size_t n)
{
    memset(tl, 0, sizeof *tl);
    tl->ntracks = ntracks;
    tl->tracks = calloc(ntracks ? ntracks : 1, sizeof *tl->tracks);
    tl->all = malloc((n ? n : 1) * sizeof *tl->all);
    if (!tl->tracks || !tl->all) {
        pf_tl_free(tl);
        return -1;
    }
    return 0;
}

/* Lay the counted tracks out in tl->all (tracks[t].n holds the counts). */
static void tl_place(pf_timeline *tl)
{
    size_t at = 0;
    for (size_t t = 0; t < tl->ntracks; t++) {
        tl->tracks[t].z = tl->all + at;
        at += tl->tracks[t].n;
        tl->tracks[t].zones = tl->tracks[t].n;
        tl->tracks[t].n = 0;
    }
}

int pf_tl_host(const pf_logs *l, const pf_analysis *a, pf_timeline *tl)
{
    const tf_trace *t = l->trace;
    if (tl_alloc(tl, t ? t->nthreads : 0, a->nby_start)) return -1;
    for (size_t k = 0; k < a->nby_start; k++) tl->tracks[t->zones[a->by_start[k]].thread].n++;
    tl_place(tl);
    for (size_t k = 0; k < a->nby_start; k++) {
        const tf_tr_zone *z = &t->zones[a->by_start[k]];
        pf_tl_track *tr = &tl->tracks[z->thread];
        tr->z[tr->n++] =
            (pf_tl_zone){z->start_ns - l->t0, z->end_ns - l->t0, a->by_start[k], z->depth, 1};
    }
    return 0;
}

size_t pf_core_index(const pf_analysis *a, int key)
{
    size_t lo = 0, hi = a->ncores;
    while (lo < hi) { /* cores are sorted */
        size_t mid = (lo + hi) / 2;
        if (a->cores[mid] < key)
            lo = mid + 1;
        else
            hi = mid;
    }
    CM_ASSERT(lo < a->ncores && a->cores[lo] == key); /* every track's core is listed */
    return lo;
}

static int cmp_tl_zone(const void *a, const void *b)
{
    const pf_tl_zone *x = a, *y = b;
    if (x->start != y->start) return x->start < y->start ? -1 : 1;
    if (x->depth != y->depth) return x->depth < y->depth ? -1 : 1;
    return (x->id > y->id) - (x->id < y->id);
}

int pf_tl_device(const pf_logs *l, const pf_analysis *a, int device_time, pf_timeline *tl)
{
    size_t n = 0;
    for (size_t i = 0; i < l->ndev_tracks; i++) n += l->dev_tracks[i].n;
    if (l->ndev_tracks && !a->ncores) return -1; /* (the cores not listed: out of memory) */
    if (tl_alloc(tl, a->ncores * TF_NUM_RISCS, n)) return -1;
    for (size_t i = 0; i < l->ndev_tracks; i++) {
        const pf_dev_track *dt = &l->dev_tracks[i];
        tl->tracks[pf_core_index(a, dt->core) * TF_NUM_RISCS + (size_t)dt->risc].n = dt->n;
    }
    tl_place(tl);
    for (size_t i = 0; i < l->ndev_tracks; i++) {
        const pf_dev_track *dt = &l->dev_tracks[i];
        pf_tl_track *tr = &tl->tracks[pf_core_index(a, dt->core) * TF_NUM_RISCS + (size_t)dt->risc];
        tr->zones = dt->zones;
        for (size_t k = 0; k < dt->n; k++) {
            const pf_dev_item *it = &dt->items[k];
            const pf_devzone *z = &l->devzones[it->zone];
            uint64_t s, e;
            if (device_time) { /* cycles from the dispatch's first, at its place on the axis */
                const pf_dseg *d = pf_dseg_of(a, z->process, z->dispatch, z->start);
                uint64_t off = d ? d->offset : 0, first = d ? d->first : z->start;
                s = off + (it->start - first);
                e = off + (it->end - first);
            } else {
                s = pf_dev_ns(l, it->start) - l->t0;
                e = pf_dev_ns(l, it->end) - l->t0;
            }
            tr->z[tr->n++] = (pf_tl_zone){s, e > s ? e : s, it->zone, it->depth, it->count};
        }
    }
    /* a core may run a later dispatch before an earlier one's other cores
     * finish: in device time its track is then out of order */
    for (size_t t = 0; device_time && t < tl->ntracks; t++) {
        pf_tl_track *tr = &tl->tracks[t];
        for (size_t k = 1; k < tr->n; k++)
            if (cmp_tl_zone(&tr->z[k - 1], &tr->z[k]) > 0) {
                qsort(tr->z, tr->n, sizeof *tr->z, cmp_tl_zone);
                break;
            }
    }
    return 0;
}

void pf_tl_free(pf_timeline *tl)
{
    free(tl->tracks);
    free(tl->all);
    memset(tl, 0, sizeof *tl);
}
