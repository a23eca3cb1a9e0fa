/* Device zones, streamed (issue 13, "Measured"): every zone is handed to
 * pf_dev_add as its END is read and folded at once into what the reports
 * need, so memory is bounded by what must be kept, never by the number of
 * markers:
 *   - per (RISC, zone name, hash): count, total, min, max and self cycles
 *     (self: a track's zones of one dispatch wait in a small buffer until
 *     the dispatch ends on that track, then are nested in time order);
 *   - per dispatch its first and last cycle (the device-time axis), per
 *     (dispatch, core) its span (the per-core view); a dispatch is a
 *     (process, dispatch id): each process numbers its own from 1;
 *   - the zones still open when a dispatch stopped (post-mortem; few);
 *   - per track (process, core, RISC) the zones for the timelines, at most
 *     PF_DEV_KEEP in all: past that the track with the most items is
 *     coarsened, runs of short zones merged as lod.c merges them (in device
 *     cycles), so every track keeps activity wherever it ran. Until then
 *     every zone is kept as it is, and the timelines are what they were
 *     when every zone was held in memory.
 * pf_dev_finish lays the kept zones out (pf_logs.devzones, track by
 * track in time order, and pf_logs.dev_tracks); pf_dev_analyze fills the
 * analysis from the aggregates. */
#include "pf.h"
#include "common/cm_grow.h"
#include "common/cm_map.h"
#include "common/cm_risc.h"

#include <stdlib.h>
#include <string.h>

/* A zone, or a run of merged zones, kept for the timelines: z is its
 * (first) zone, start..end its span in cycles. */
typedef struct keep {
    pf_devzone z;
    uint64_t start, end, count, seq;
} keep;

/* A zone waiting for its dispatch to end on its track (self cycles);
 * then kept, in time order. */
typedef struct pend {
    keep k;
    uint32_t row;
} pend;

typedef struct ktrack {
    int core, risc;
    keep *k;
    size_t n, cap;
    uint64_t r; /* the resolution its runs were merged at (0: none) */
    uint64_t zones;
    int unsorted; /* k is not in time order (a dispatch came in out of order) */
    pend *p;
    size_t np, capp;
    uint32_t pdispatch;
} ktrack;

typedef struct dev_row {
    int risc;
    uint32_t name, hash;
} dev_row;

typedef struct span {
    uint32_t dispatch;
    int core;
    uint64_t lo, hi;
} span;

/* A map's last key and its value (key 0: none). */
typedef struct memo {
    uint64_t key;
    uint32_t val;
} memo;

typedef struct pf_devagg pf_devagg;
struct pf_devagg {
    cm_map track_map;
    ktrack *tracks;
    size_t ntracks, cap_tracks;
    size_t kept, cap_keep;
    uint64_t seq;
    cm_map row_map;
    pf_devstat *dev;
    dev_row *rows;
    size_t ndev, cap_dev, cap_rows;
    cm_map seg_map;
    pf_dseg *segs;
    size_t nsegs, cap_segs;
    cm_map span_map;
    span *spans;
    size_t nspans, cap_spans;
    /* the maps' last answers (memo_slot): a block's zones share their
     * dispatch, core and RISC, and each zone looked all three up */
    memo seg_memo, span_memo, track_memo;
    int oom;
};

/* cm_map keys are non-zero (0 marks an empty slot): the keys below are
 * packed fields plus one. */

/* Time order, parents first (the order the timelines and self cycles
 * want: by start, then depth, then as read). */
static int cmp_keep(const void *a, const void *b)
{
    const keep *x = a, *y = b;
    if (x->start != y->start) return x->start < y->start ? -1 : 1;
    uint32_t dx = x->z.depth < 255 ? x->z.depth : 255, dy = y->z.depth < 255 ? y->z.depth : 255;
    if (dx != dy) return dx < dy ? -1 : 1;
    return (x->seq > y->seq) - (x->seq < y->seq);
}

static int cmp_pend(const void *a, const void *b)
{
    return cmp_keep(&((const pend *)a)->k, &((const pend *)b)->k);
}

/* ---- self cycles ------------------------------------------------------------------ */

/* A track's zones of one dispatch, in time order: the parent of a zone at
 * depth d > 0 is the last zone at depth d - 1 before it, if it ends no
 * earlier; each zone's self cycles are its own minus its children's. */
static void bound_kept(pf_devagg *g);

static void flush_pending(pf_devagg *g, ktrack *t)
{
    size_t n = t->np;
    if (!n) return;
    qsort(t->p, n, sizeof *t->p, cmp_pend);
    uint32_t maxdepth = 0;
    for (size_t i = 0; i < n; i++)
        if (t->p[i].k.z.depth > maxdepth) maxdepth = t->p[i].k.z.depth;
    uint64_t *child = calloc(n, sizeof *child);
    size_t *last = malloc(((size_t)maxdepth + 1) * sizeof *last);
    if (!child || !last || cm_grow((void **)&t->k, &t->cap, t->n + n, sizeof *t->k)) {
        g->oom = 1;
        free(child);
        free(last);
        t->np = 0;
        return;
    }
    for (size_t d = 0; d <= maxdepth; d++) last[d] = SIZE_MAX;
    for (size_t i = 0; i < n; i++) {
        const pf_devzone *z = &t->p[i].k.z;
        if (z->depth) {
            size_t p = last[z->depth - 1];
            if (p != SIZE_MAX && t->p[p].k.z.end >= z->end) child[p] += z->end - z->start;
        }
        last[z->depth] = i;
    }
    for (size_t i = 0; i < n; i++) {
        uint64_t len = t->p[i].k.z.end - t->p[i].k.z.start;
        g->dev[t->p[i].row].self += len > child[i] ? len - child[i] : 0;
    }
    free(child);
    free(last);
    /* kept in time order: the track stays sorted while its dispatches come in order */
    if (t->n && cmp_keep(&t->k[t->n - 1], &t->p[0].k) > 0) t->unsorted = 1;
    for (size_t i = 0; i < n; i++) t->k[t->n++] = t->p[i].k;
    t->np = 0;
    g->kept += n;
    if (g->kept > g->cap_keep) bound_kept(g);
}

/* ---- the kept zones --------------------------------------------------------------- */

/* lod.c's merge (pf_lod) of a track's items in place, at resolution r
 * cycles, counting the zones each run stands for; items in time order.
 * Returns how many are left (with out NULL: would be left). */
static size_t lod_keep(keep *k, size_t n, uint64_t r, int apply)
{
    size_t out = 0;
    int open = 0;
    keep run = {0};
    for (size_t i = 0; i < n; i++) {
        const keep *zi = &k[i];
        if (open && zi->z.depth > run.z.depth && zi->start < run.end) { /* inside the run */
            run.count += zi->count;
            continue;
        }
        uint64_t dur = zi->end > zi->start ? zi->end - zi->start : 0;
        if (open && zi->z.depth == run.z.depth && dur < r && zi->start < run.end + r &&
            (zi->start ^ run.start) < r) {
            run.count += zi->count;
            if (zi->end > run.end) run.end = zi->end;
            continue;
        }
        if (open) {
            if (apply) k[out] = run;
            out++;
            open = 0;
        }
        if (dur >= r) {
            if (apply) k[out] = *zi;
            out++;
        } else {
            run = *zi;
            open = 1;
        }
    }
    if (open) {
        if (apply) k[out] = run;
        out++;
    }
    return out;
}

/* Halve (at least) a track's items: the next resolution (a power of two)
 * at which lod.c's merge leaves at most half of them. */
static void coarsen(pf_devagg *g, ktrack *t)
{
    if (t->n < 2) return;
    if (t->unsorted) qsort(t->k, t->n, sizeof *t->k, cmp_keep);
    t->unsorted = 0;
    uint64_t lo = t->k[0].start, hi = 0;
    for (size_t i = 0; i < t->n; i++)
        if (t->k[i].end > hi) hi = t->k[i].end;
    uint64_t guess = (hi > lo ? hi - lo : 1) / (t->n / 2), r = t->r ? t->r * 2 : 1;
    while (r < guess && r < (1ull << 62)) r <<= 1;
    while (r < (1ull << 62) && lod_keep(t->k, t->n, r, 0) > t->n / 2) r <<= 1;
    size_t before = t->n;
    t->n = lod_keep(t->k, t->n, r, 1);
    t->r = r;
    g->kept -= before - t->n;
}

static void bound_kept(pf_devagg *g)
{
    while (g->kept > g->cap_keep) {
        ktrack *big = NULL;
        for (size_t i = 0; i < g->ntracks; i++)
            if (!big || g->tracks[i].n > big->n) big = &g->tracks[i];
        size_t before = g->kept;
        coarsen(g, big);
        if (g->kept == before) { /* nothing more to merge: keep what there is */
            g->cap_keep = 2 * g->kept;
            break;
        }
    }
}

/* ---- adding zones ----------------------------------------------------------------- */

static pf_devagg *agg_of(pf_logs *l)
{
    if (!l->agg) {
        l->agg = calloc(1, sizeof *l->agg);
        if (l->agg) l->agg->cap_keep = PF_DEV_KEEP;
    }
    return l->agg;
}

typedef struct row_key {
    const dev_row *rows;
    dev_row want;
} row_key;

static int same_row(uint32_t v, void *ctx)
{
    const row_key *k = ctx;
    const dev_row *r = &k->rows[v];
    return r->risc == k->want.risc && r->name == k->want.name && r->hash == k->want.hash;
}

/* The index `key` has in map m: from the memo when it is the last key
 * looked up (a map's value, once given, never changes); a key not in m
 * yet gets `next`, and *is_new says the caller must fill that entry in.
 * UINT32_MAX: out of memory. */
static uint32_t memo_slot(cm_map *m, memo *mo, uint64_t key, uint32_t next, int *is_new)
{
    *is_new = 0;
    if (key == mo->key) return mo->val;
    uint32_t *slot = cm_map_slot(m, key, NULL, NULL, is_new);
    if (!slot) return UINT32_MAX;
    if (*is_new) *slot = next;
    *mo = (memo){key, *slot};
    return *slot;
}

int pf_dev_add(pf_logs *l, const pf_devzone *z)
{
    pf_devagg *g = agg_of(l);
    if (!g) return -1;
    if (z->process >= PF_MAX_DEV_PROCS) { /* its core key would not tell it from another's */
        l->dev_procs_over++;
        return 0;
    }
    int core = PF_CORE_KEY(z->process, z->device ? z->device : 1, z->x, z->y);
    uint64_t len = z->end - z->start;
    l->dev_zones++;
    if (l->dev_zones == 1 || z->start < l->dev_first) l->dev_first = z->start;
    if (l->dev_zones == 1 || z->end > l->dev_last) l->dev_last = z->end;
    if (z->open) {
        if (cm_grow((void **)&l->open_zones, &l->cap_open_zones, l->nopen_zones + 1,
                    sizeof *l->open_zones))
            return -1;
        l->open_zones[l->nopen_zones++] = *z;
    }
    /* room for a new row, dispatch, span and track first: a map slot
     * once taken is always filled */
    if (cm_grow((void **)&g->dev, &g->cap_dev, g->ndev + 1, sizeof *g->dev) ||
        cm_grow((void **)&g->rows, &g->cap_rows, g->ndev + 1, sizeof *g->rows) ||
        cm_grow((void **)&g->segs, &g->cap_segs, g->nsegs + 1, sizeof *g->segs) ||
        cm_grow((void **)&g->spans, &g->cap_spans, g->nspans + 1, sizeof *g->spans) ||
        cm_grow((void **)&g->tracks, &g->cap_tracks, g->ntracks + 1, sizeof *g->tracks))
        return -1;
    /* its (RISC, name, hash) row */
    int is_new;
    uint64_t rk = ((uint64_t)z->risc << 58 ^ (uint64_t)z->name << 29 ^ z->hash) + 1;
    row_key want = {g->rows, {z->risc, z->name, z->hash}};
    uint32_t *slot = cm_map_slot(&g->row_map, rk, same_row, &want, &is_new);
    if (!slot) return -1;
    if (is_new) {
        g->rows[g->ndev] = (dev_row){z->risc, z->name, z->hash};
        g->dev[g->ndev] =
            (pf_devstat){z->risc, l->names.s[z->name], l->names.s[z->hash], 0, 0, UINT64_MAX, 0, 0,
                         0,       PF_DEVKERNEL(l, z)};
        *slot = (uint32_t)g->ndev++;
    }
    uint32_t row = *slot;
    pf_devstat *d = &g->dev[row];
    /* several kernels: "" (the names are interned, one pointer each) */
    if (d->kernel[0] && d->kernel != PF_DEVKERNEL(l, z)) d->kernel = "";
    d->count++;
    d->total += len;
    if (len < d->min) d->min = len;
    if (len > d->max) d->max = len;
    /* its dispatch on the device-time axis: by process too, or two
     * processes' dispatch 4 were one, spanning from the first's to the
     * second's */
    uint32_t i =
        memo_slot(&g->seg_map, &g->seg_memo, ((uint64_t)z->process << 32 | z->dispatch) + 1,
                  (uint32_t)g->nsegs, &is_new);
    if (i == UINT32_MAX) return -1;
    if (is_new) g->segs[g->nsegs++] = (pf_dseg){z->process, z->dispatch, z->start, z->end, 0};
    pf_dseg *sg = &g->segs[i];
    if (z->start < sg->first) sg->first = z->start;
    if (z->end > sg->last) sg->last = z->end;
    /* its core's span in the dispatch */
    i = memo_slot(&g->span_map, &g->span_memo, ((uint64_t)z->dispatch << 32 | (uint32_t)core) + 1,
                  (uint32_t)g->nspans, &is_new);
    if (i == UINT32_MAX) return -1;
    if (is_new) g->spans[g->nspans++] = (span){z->dispatch, core, z->start, z->end};
    span *s = &g->spans[i];
    if (z->start < s->lo) s->lo = z->start;
    if (z->end > s->hi) s->hi = z->end;
    /* its track: self cycles when its dispatch ends there, the timelines */
    uint64_t tk = (uint64_t)(uint32_t)core << 8 | (uint64_t)z->risc;
    i = memo_slot(&g->track_map, &g->track_memo, tk + 1, (uint32_t)g->ntracks, &is_new);
    if (i == UINT32_MAX) return -1;
    if (is_new) {
        memset(&g->tracks[g->ntracks], 0, sizeof *g->tracks);
        g->tracks[g->ntracks].core = core;
        g->tracks[g->ntracks].risc = z->risc;
        g->ntracks++;
    }
    ktrack *t = &g->tracks[i];
    if (t->np && t->pdispatch != z->dispatch) flush_pending(g, t);
    t->pdispatch = z->dispatch;
    if (cm_grow((void **)&t->p, &t->capp, t->np + 1, sizeof *t->p)) return -1;
    uint64_t seq = g->seq++;
    t->p[t->np++] = (pend){{*z, z->start, z->end, 1, seq}, row};
    t->zones++;
    return g->oom ? -1 : 0;
}

void pf_dev_finish(pf_logs *l)
{
    pf_devagg *g = l->agg;
    if (!g) return;
    for (size_t i = 0; i < g->ntracks; i++) {
        ktrack *t = &g->tracks[i];
        flush_pending(g, t);
    }
    for (size_t i = 0; i < g->ntracks; i++) {
        ktrack *t = &g->tracks[i];
        free(t->p);
        t->p = NULL;
        t->capp = 0;
        if (t->n && t->unsorted) qsort(t->k, t->n, sizeof *t->k, cmp_keep);
    }
    /* the kept zones track by track, each in time order (so among zones of
     * a track that tie in time, ids keep the order they were read in) */
    l->devzones = malloc((g->kept ? g->kept : 1) * sizeof *l->devzones);
    l->dev_tracks = calloc(g->ntracks ? g->ntracks : 1, sizeof *l->dev_tracks);
    if (!l->devzones || !l->dev_tracks) {
        g->oom = 1;
        return;
    }
    size_t n = 0;
    for (size_t i = 0; i < g->ntracks; i++) {
        ktrack *t = &g->tracks[i];
        pf_dev_track *dt = &l->dev_tracks[l->ndev_tracks];
        dt->core = t->core;
        dt->risc = t->risc;
        dt->zones = t->zones;
        dt->items = malloc((t->n ? t->n : 1) * sizeof *dt->items);
        if (!dt->items) {
            g->oom = 1;
            continue;
        }
        for (size_t k = 0; k < t->n; k++, n++) {
            l->devzones[n] = t->k[k].z;
            dt->items[k] = (pf_dev_item){t->k[k].start, t->k[k].end, t->k[k].count, (uint32_t)n,
                                         t->k[k].z.depth};
        }
        dt->n = t->n;
        l->ndev_tracks++;
        free(t->k); /* given back as it goes */
        t->k = NULL;
        t->n = t->cap = 0;
    }
    l->ndevzones = n;
    g->kept = 0;
    cm_map_free(&g->track_map);
    g->track_memo.key = 0; /* (the map's answers with it) */
}

int pf_dev_failed(const pf_logs *l)
{
    return l->agg && l->agg->oom;
}

void pf_dev_free(pf_logs *l)
{
    pf_devagg *g = l->agg;
    if (g) {
        for (size_t i = 0; i < g->ntracks; i++) {
            free(g->tracks[i].k);
            free(g->tracks[i].p);
        }
        free(g->tracks);
        cm_map_free(&g->track_map);
        cm_map_free(&g->row_map);
        cm_map_free(&g->seg_map);
        cm_map_free(&g->span_map);
        free(g->dev);
        free(g->rows);
        free(g->segs);
        free(g->spans);
        free(g);
        l->agg = NULL;
    }
    for (size_t i = 0; i < l->ndev_tracks; i++) free(l->dev_tracks[i].items);
    free(l->dev_tracks);
    free(l->open_zones);
}

/* ---- the analysis ------------------------------------------------------------------ */

static int cmp_devstat(const void *a, const void *b)
{
    const pf_devstat *x = a, *y = b;
    if (x->total != y->total) return x->total < y->total ? 1 : -1;
    if (x->risc != y->risc) return x->risc - y->risc;
    int c = strcmp(x->zone, y->zone);
    return c ? c : strcmp(x->hash, y->hash);
}

static int cmp_core(const void *a, const void *b)
{
    int x = *(const int *)a, y = *(const int *)b; /* PF_CORE_KEY: by (process, device, y, x) */
    return (x > y) - (x < y);
}

/* The firmware's own zones, around every dispatch and kernel. */
static int is_wrapper(const char *zone)
{
#define TF_RISC_WRAPPERS(id, name, fw, kernel) fw, kernel,
    static const char *const names[] = {TF_RISC_LIST(TF_RISC_WRAPPERS)};
#undef TF_RISC_WRAPPERS
    for (size_t i = 0; i < sizeof names / sizeof *names; i++)
        if (!strcmp(zone, names[i])) return 1;
    return 0;
}

static int cmp_dseg(const void *a, const void *b)
{
    const pf_dseg *x = a, *y = b;
    if (x->first != y->first) return x->first < y->first ? -1 : 1;
    if (x->process != y->process) return x->process < y->process ? -1 : 1;
    return (x->dispatch > y->dispatch) - (x->dispatch < y->dispatch);
}

/* The device-time view's axis: each dispatch from its first to its last
 * cycle, in order of their first cycle, one after the other with a gap of
 * a tenth of the longest dispatch (at least 100 cycles) between them. */
static void device_segments(pf_devagg *g, pf_analysis *a)
{
    a->dsegs = g->segs;
    a->ndsegs = g->nsegs;
    g->segs = NULL;
    g->nsegs = g->cap_segs = 0;
    if (a->ndsegs) qsort(a->dsegs, a->ndsegs, sizeof *a->dsegs, cmp_dseg);
    uint64_t longest = 0, at = 0;
    for (size_t i = 0; i < a->ndsegs; i++)
        if (a->dsegs[i].last - a->dsegs[i].first > longest)
            longest = a->dsegs[i].last - a->dsegs[i].first;
    uint64_t gap = longest / 10 > 100 ? longest / 10 : 100;
    for (size_t i = 0; i < a->ndsegs; i++) {
        a->dsegs[i].offset = at;
        at += a->dsegs[i].last - a->dsegs[i].first + (i + 1 < a->ndsegs ? gap : 0);
    }
    a->dspan = at;
}

int pf_corestat_slowest(const void *a, const void *b)
{
    const pf_corestat *x = a, *y = b;
    if (x->in_slowest != y->in_slowest) return x->in_slowest < y->in_slowest ? 1 : -1;
    if (x->total != y->total) return x->total < y->total ? 1 : -1;
    return (x->core > y->core) - (x->core < y->core);
}

/* a->straggler (pf.h), once the cores' cycles in the slowest dispatch are in */
static long core_straggler(const pf_analysis *a)
{
    size_t m = 0;
    long top = -1;
    uint64_t *v = malloc((a->ncorestats ? a->ncorestats : 1) * sizeof *v);
    if (!v) return -1;
    for (size_t i = 0; i < a->ncorestats; i++) {
        const pf_corestat *c = &a->corestats[i];
        if (!c->in_slowest) continue;
        v[m++] = c->in_slowest;
        if (top < 0 || pf_corestat_slowest(c, &a->corestats[top]) < 0) top = (long)i;
    }
    uint64_t median = m >= 2 ? pf_select(v, m, (m - 1) / 2) : 0; /* the lower median */
    free(v);
    if (m < 2 || !a->slowest_cycles) return -1;
    uint64_t over = a->corestats[top].in_slowest - median;
    return 100.0 * (double)over / (double)a->slowest_cycles >= PF_STRAGGLER_PCT ? top : -1;
}

/* Per core: its cycles in each dispatch (first start to last end over its
 * RISCs), in total and at most, and in the slowest dispatch (the one with
 * the longest span over every core, a->dsegs): the longest there is the
 * straggler when it stands out (a->straggler). */
static void device_cores(pf_logs *l, pf_devagg *g, pf_analysis *a)
{
    if (!g->nspans || !a->ncores) return;
    a->corestats = calloc(a->ncores, sizeof *a->corestats);
    if (!a->corestats) {
        pf_note(l, 1, "out of memory computing the per-core device cycles");
        return;
    }
    a->ncorestats = a->ncores;
    for (size_t k = 0; k < a->ncores; k++) a->corestats[k].core = a->cores[k];
    for (size_t d = 0; d < a->ndsegs; d++) {
        uint64_t len = a->dsegs[d].last - a->dsegs[d].first;
        const pf_dseg *s = &a->dsegs[d];
        if (len > a->slowest_cycles ||
            (len == a->slowest_cycles &&
             (s->process < a->slowest_process ||
              (s->process == a->slowest_process && s->dispatch < a->slowest_dispatch))))
            a->slowest_cycles = len, a->slowest_process = s->process,
            a->slowest_dispatch = s->dispatch;
    }
    for (size_t i = 0; i < g->nspans; i++) {
        pf_corestat *c = &a->corestats[pf_core_index(a, g->spans[i].core)];
        uint64_t len = g->spans[i].hi - g->spans[i].lo;
        c->dispatches++;
        c->total += len;
        if (len > c->max) c->max = len;
        /* (a span's core holds its process) */
        if (g->spans[i].dispatch == a->slowest_dispatch &&
            PF_CORE_PROC(g->spans[i].core) == a->slowest_process)
            c->in_slowest = len;
    }
    a->straggler = core_straggler(a);
}

void pf_dev_analyze(pf_logs *l, pf_analysis *a)
{
    pf_devagg *g = l->agg;
    if (!g) return;
    if (g->oom) pf_note(l, 1, "out of memory analysing the device zones");
    /* the (RISC, zone) rows, by total cycles */
    a->dev = g->dev;
    a->ndev = g->ndev;
    g->dev = NULL;
    g->ndev = g->cap_dev = 0;
    for (size_t i = 0; i < a->ndev; i++) a->dev[i].wrapper = is_wrapper(a->dev[i].zone);
    if (a->ndev) qsort(a->dev, a->ndev, sizeof *a->dev, cmp_devstat);
    /* the cores that appear (process, device, x, y), in order */
    cm_map seen = {0};
    int oom = 0;
    for (size_t i = 0; i < l->ndev_tracks && !oom; i++) {
        int is_new, core = l->dev_tracks[i].core;
        uint32_t *slot = cm_map_slot(&seen, (uint64_t)(uint32_t)core + 1, NULL, NULL, &is_new);
        int *nc = slot && is_new ? realloc(a->cores, (a->ncores + 1) * sizeof *nc) : NULL;
        oom = !slot || (is_new && !nc);
        if (!nc) continue;
        a->cores = nc;
        a->cores[a->ncores++] = core;
    }
    cm_map_free(&seen);
    if (oom) { /* every track's core must be among them (pf_core_index): none, then */
        pf_note(l, 1, "out of memory listing the device cores: the per-core view is left out");
        free(a->cores);
        a->cores = NULL;
        a->ncores = 0;
    }
    if (a->ncores) qsort(a->cores, a->ncores, sizeof *a->cores, cmp_core);
    device_segments(g, a);
    device_cores(l, g, a);
}

const char *pf_core_name(const pf_logs *l, int core, const char *what, char *buf, size_t n)
{
    uint32_t p = PF_CORE_PROC(core), dev = PF_CORE_DEV(core);
    char pre[96] = "", d[24] = "";
    if (l->nprocs > 1 && p < l->nprocs)
        snprintf(pre, sizeof pre, "%s[%u]: ", l->procs[p].program, l->procs[p].pid);
    if (dev > 1) { /* device 1: the names of one device */
        snprintf(d, sizeof d, "device %u ", dev);
        if (!strncmp(what, "device ", 7)) what += 7; /* "device core " -> "device 2 core " */
    }
    snprintf(buf, n, "%s%s%s(%d,%d)", pre, d, what, PF_CORE_X(core), PF_CORE_Y(core));
    return buf;
}

const char *pf_open_end(uint32_t reason)
{
    return reason == TF_STOP_fault   ? "its trap"
           : reason == TF_STOP_stall ? "when the chip stopped"
                                     : "when it was read back";
}

uint32_t pf_dev_number(pf_logs *l, uint64_t device)
{
    if (!device) return 1;
    if (device <= PF_MAX_DEVICES) return (uint32_t)device;
    if (!__atomic_exchange_n(&l->dev_folded, 1, __ATOMIC_RELAXED))
        pf_note(l, 0,
                "device %llu: the reports tell %d devices of a process apart; its cores are shown "
                "with those of device %u",
                (unsigned long long)device, PF_MAX_DEVICES,
                (unsigned)((device - 1) % PF_MAX_DEVICES + 1));
    return (uint32_t)((device - 1) % PF_MAX_DEVICES + 1);
}

/* The segment of a dispatch (a->dsegs is by first cycle, so searched). */
const pf_dseg *pf_dseg_of(const pf_analysis *a, uint32_t process, uint32_t dispatch, uint64_t start)
{
    size_t lo = 0, hi = a->ndsegs;
    while (lo < hi) { /* the last segment whose first cycle is <= start */
        size_t mid = (lo + hi) / 2;
        if (a->dsegs[mid].first <= start)
            lo = mid + 1;
        else
            hi = mid;
    }
    for (size_t k = lo; k-- > 0;)
        if (a->dsegs[k].dispatch == dispatch && a->dsegs[k].process == process) return &a->dsegs[k];
    for (size_t k = lo; k < a->ndsegs; k++)
        if (a->dsegs[k].dispatch == dispatch && a->dsegs[k].process == process) return &a->dsegs[k];
    return NULL;
}

size_t pf_dseg_bands(const pf_analysis *a, size_t cap)
{
    return cap && a->ndsegs > cap ? cap : a->ndsegs;
}

const char *pf_dseg_sizes(const pf_analysis *a, size_t nbands, char *buf, size_t n)
{
    size_t lo = a->ndsegs / nbands, hi = (a->ndsegs + nbands - 1) / nbands;
    if (lo == hi)
        snprintf(buf, n, "%zu", lo);
    else
        snprintf(buf, n, "%zu or %zu", lo, hi);
    return buf;
}

size_t pf_dseg_band(const pf_logs *l, const pf_analysis *a, size_t j, size_t nbands, pf_dseg *band,
                    const pf_dseg **last, char *name, size_t n)
{
    /* dispatches [j N / nbands, (j + 1) N / nbands): every band one or two
     * sizes, as many bands as asked */
    size_t lo = j * a->ndsegs / nbands, hi = (j + 1) * a->ndsegs / nbands;
    const pf_dseg *d = &a->dsegs[lo], *e = &a->dsegs[hi - 1];
    if (last) *last = e;
    /* from the first's offset and first cycle to the last's end in the view */
    *band = (pf_dseg){d->process, d->dispatch, d->first,
                      d->first + (e->offset + (e->last - e->first) - d->offset), d->offset};
    pf_dispatch_name(l, d->process, d->dispatch, name, n);
    if (d != e) {
        size_t k = strlen(name);
        snprintf(name + k, n - k, " .. ");
        k = strlen(name);
        pf_dispatch_name(l, e->process, e->dispatch, name + k, n - k);
    }
    return hi - lo;
}

const char *pf_dispatch_name(const pf_logs *l, uint32_t process, uint32_t dispatch, char *buf,
                             size_t n)
{
    if (l->nprocs > 1 && process < l->nprocs)
        snprintf(buf, n, "%s[%u]: dispatch %u", l->procs[process].program, l->procs[process].pid,
                 (unsigned)dispatch);
    else
        snprintf(buf, n, "dispatch %u", (unsigned)dispatch);
    return buf;
}
