/* What the reports are made of: host zone statistics per (zone, zone text)
 * with median, 99th percentile and self time; host zones in time order;
 * phases (bursts of TF_kernel_load); memory pools (counts, peak, leaks);
 * device zones per (RISC, zone). */
#include "pf.h"
#include "common/cm_map.h"
#include "common/cm_risc.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#define PF_PHASE_GAP_NS 1000000ull /* kernel loads further apart start a new phase */

/* Per source location: does its name match `name` (exactly), or contain
 * `sub` and start with `prefix`? (One test per location instead of one per
 * zone.) */
static unsigned char *loc_flags(const tf_trace *t, const char *name, const char *sub,
                                const char *prefix)
{
    unsigned char *f = malloc(t->nlocs ? t->nlocs : 1);
    if (!f) return NULL;
    size_t np = prefix ? strlen(prefix) : 0;
    for (uint32_t i = 0; i < t->nlocs; i++) {
        const char *n = t->locs[i].name ? t->locs[i].name : "";
        f[i] = name ? !strcmp(n, name)
                    : (!sub || !*sub || strstr(n, sub)) && (!np || !strncmp(n, prefix, np));
    }
    return f;
}

static uint64_t hash_str(const char *s, uint64_t h)
{
    for (; s && *s; s++) h = (h ^ (uint8_t)*s) * 0x100000001b3ull;
    return h;
}

/* ---- host zones ------------------------------------------------------------------ */

static uint64_t zdur(const tf_tr_zone *z)
{
    return z->end_ns > z->start_ns ? z->end_ns - z->start_ns : 0;
}

static int cmp_zonestat(const void *a, const void *b)
{
    const pf_zonestat *x = a, *y = b;
    int c = strcmp(x->name, y->name);
    if (c) return c;
    if (x->total != y->total) return x->total < y->total ? 1 : -1;
    return strcmp(x->context, y->context);
}

static const tf_tr_zone *g_zones; /* for qsort of indices */
static int cmp_by_start(const void *a, const void *b)
{
    const tf_tr_zone *x = &g_zones[*(const uint32_t *)a], *y = &g_zones[*(const uint32_t *)b];
    if (x->start_ns != y->start_ns) return x->start_ns < y->start_ns ? -1 : 1;
    if (x->depth != y->depth) return x->depth < y->depth ? -1 : 1;
    return (*(const uint32_t *)a > *(const uint32_t *)b) -
           (*(const uint32_t *)a < *(const uint32_t *)b);
}

/* A (name, text) group being looked up: the map's keys are hashes. */
typedef struct zone_key {
    const pf_zonestat *zones;
    uint32_t name_id;
    const char *context;
} zone_key;

static int same_zone(uint32_t group, void *ctx)
{
    const zone_key *k = ctx;
    return k->zones[group].name_id == k->name_id && !strcmp(k->zones[group].context, k->context);
}

/* A location name being looked up (locations that share a name share a name id). */
typedef struct loc_key {
    const tf_tr_loc *locs;
    const char *name;
} loc_key;

static int same_name(uint32_t loc, void *ctx)
{
    const loc_key *k = ctx;
    return !strcmp(k->locs[loc].name, k->name);
}

static void host_zones(pf_logs *l, pf_analysis *a)
{
    tf_trace *t = l->trace;
    if (!t || !t->nzones) return;
    size_t n = t->nzones;
    /* self time: each zone minus its children */
    uint64_t *child = calloc(n, sizeof *child);
    uint32_t *group = malloc(n * sizeof *group);
    a->by_start = malloc(n * sizeof *a->by_start);
    if (!child || !group || !a->by_start) goto out;
    for (size_t i = 0; i < n; i++)
        if (t->zones[i].parent != TF_NONE) child[t->zones[i].parent] += zdur(&t->zones[i]);
    /* groups by (name, text); zones are named by their location, and
     * locations that share a name (two call sites) share one name id */
    cm_map m = {0};
    size_t cap = 0;
    unsigned char *selected = loc_flags(t, NULL, l->opt->zone_filter, l->opt->zone_prefix);
    uint32_t *name_id = malloc((t->nlocs ? t->nlocs : 1) * sizeof *name_id);
    if (!selected || !name_id) goto out_names;
    for (uint32_t i = 0; i < t->nlocs; i++) { /* the first location of each name, by hash */
        name_id[i] = i;
        if (!t->locs[i].name) continue;
        loc_key lk = {t->locs, t->locs[i].name};
        int is_new;
        uint32_t *first =
            cm_map_slot(&m, hash_str(lk.name, 0xcbf29ce484222325ull) | 1, same_name, &lk, &is_new);
        if (!first) goto out_names;
        if (is_new)
            *first = i;
        else
            name_id[i] = *first;
    }
    cm_map_free(&m);
    for (size_t i = 0; i < n; i++) {
        const tf_tr_zone *z = &t->zones[i];
        group[i] = UINT32_MAX;
        if (!selected[z->loc]) continue;
        a->by_start[a->nby_start++] = (uint32_t)i;
        const char *name = t->locs[z->loc].name, *ctx = z->text ? z->text : "";
        uint32_t nid = name_id[z->loc];
        uint64_t key = hash_str(ctx, 0xcbf29ce484222325ull ^ (nid * 0x9e3779b97f4a7c15ull)) | 1;
        zone_key zk = {a->zones, nid, ctx};
        int is_new;
        uint32_t *slot = cm_map_slot(&m, key, same_zone, &zk, &is_new);
        if (!slot) goto out_names;
        if (is_new) {
            if (a->nzones == cap) {
                cap = cap ? 2 * cap : 64;
                pf_zonestat *nz = realloc(a->zones, cap * sizeof *nz);
                if (!nz) goto out_names;
                a->zones = nz;
            }
            a->zones[a->nzones] = (pf_zonestat){name, ctx, nid, 0, 0, UINT64_MAX, 0, 0, 0, 0};
            *slot = (uint32_t)a->nzones++;
        }
        group[i] = *slot;
        pf_zonestat *g = &a->zones[group[i]];
        uint64_t d = zdur(z);
        g->count++;
        g->total += d;
        g->self += d > child[i] ? d - child[i] : 0;
        if (d < g->min) g->min = d;
        if (d > g->max) g->max = d;
    }
    cm_map_free(&m);
    /* median and 99th percentile of each group's durations */
    {
        size_t *off = calloc(a->nzones + 1, sizeof *off);
        uint64_t *durs = malloc((a->nby_start ? a->nby_start : 1) * sizeof *durs);
        if (!off || !durs) {
            free(off);
            free(durs);
            goto out_names;
        }
        for (size_t g = 0; g < a->nzones; g++) off[g + 1] = off[g] + a->zones[g].count;
        size_t *fill = calloc(a->nzones + 1, sizeof *fill);
        if (fill) {
            for (size_t i = 0; i < n; i++)
                if (group[i] != UINT32_MAX)
                    durs[off[group[i]] + fill[group[i]]++] = zdur(&t->zones[i]);
            for (size_t g = 0; g < a->nzones; g++) {
                a->zones[g].median = pf_percentile(durs + off[g], a->zones[g].count, 50);
                a->zones[g].p99 = pf_percentile(durs + off[g], a->zones[g].count, 99);
            }
        }
        free(fill);
        free(off);
        free(durs);
    }
    qsort(a->zones, a->nzones, sizeof *a->zones, cmp_zonestat);
    /* time order, outer zones first where two start together */
    uint64_t *key = malloc((a->nby_start ? a->nby_start : 1) * sizeof *key);
    if (key) {
        for (size_t k = 0; k < a->nby_start; k++) {
            const tf_tr_zone *z = &t->zones[a->by_start[k]];
            key[k] = (z->start_ns - l->t0) << 8 | (z->depth < 255 ? z->depth : 255);
        }
    }
    if (!key || pf_sort_by_key(key, a->by_start, a->nby_start))
        pf_note(l, 1, "out of memory putting the host zones in time order");
    free(key);
out_names:
    cm_map_free(&m);
    free(selected);
    free(name_id);
out:
    free(child);
    free(group);
}

/* ---- phases ---------------------------------------------------------------------- */

/* Phases as the spec's wrapper writes them (docs/profiling.md, "Reports"): a
 * TF_kernel_load more than PF_PHASE_GAP_NS after the previous one ended
 * starts a phase; a phase ends where the next begins, the last one at the
 * start of the last host zone to begin (the wrapper's end, not the end of
 * that zone); kernels by their TF_kernel_load zone text, as in
 * .logs/tracy_ops_times.csv. */
static void phases(pf_logs *l, pf_analysis *a)
{
    tf_trace *t = l->trace;
    if (!t) return;
    uint32_t *loads = malloc((t->nzones ? t->nzones : 1) * sizeof *loads);
    if (!loads) return;
    unsigned char *is_load = loc_flags(t, "TF_kernel_load", NULL, NULL);
    size_t n = 0;
    uint64_t last = l->t0;
    for (size_t i = 0; i < t->nzones; i++) {
        if (t->zones[i].start_ns > last) last = t->zones[i].start_ns;
        if (is_load && is_load[t->zones[i].loc]) loads[n++] = (uint32_t)i;
    }
    free(is_load);
    g_zones = t->zones;
    qsort(loads, n, sizeof *loads, cmp_by_start);
    for (size_t i = 0; i < n; i++) {
        const tf_tr_zone *z = &t->zones[loads[i]];
        const char *text = z->text ? z->text : "";
        if (!i || z->start_ns > t->zones[loads[i - 1]].end_ns + PF_PHASE_GAP_NS) {
            pf_phase *np = realloc(a->phases, (a->nphases + 1) * sizeof *np);
            if (!np) break;
            a->phases = np;
            if (a->nphases) a->phases[a->nphases - 1].end = z->start_ns - l->t0;
            a->phases[a->nphases++] = (pf_phase){0, z->start_ns - l->t0, last - l->t0, text, ""};
        }
        pf_phase *p = &a->phases[a->nphases - 1];
        p->kernel_loads++;
        p->last_kernel = text;
    }
    free(loads);
}

/* ---- memory -------------------------------------------------------------------------- */

/* Live allocations of one pool: ptr -> size and the allocation's event
 * (its place in time order: memsites.c's tallies), open addressing, removed
 * entries left as tombstones. `taken` counts both: a table rebuilt only
 * by its live entries once filled with tombstones (64 allocs and frees of
 * distinct addresses) had no empty slot left, and a lookup never ended. */
typedef struct live_map {
    uint64_t *ptr, *size;
    uint32_t *event;
    uint8_t *used; /* 0 empty, 1 live, 2 removed */
    size_t slots, n, taken;
} live_map;

static void live_free(live_map *m)
{
    free(m->ptr);
    free(m->size);
    free(m->event);
    free(m->used);
    memset(m, 0, sizeof *m);
}

/* The slot of ptr: the product's high half folded in (aligned addresses
 * differ in their high product bits; the low ones alone put them all in a
 * few slots). */
static size_t live_slot(uint64_t ptr, size_t slots)
{
    uint64_t x = ptr * 0x9e3779b97f4a7c15ull;
    return (size_t)(x ^ (x >> 32)) & (slots - 1);
}

/* The size of ptr's live allocation; with insert, a new entry (size 0)
 * when there is none, and *is_new says which (a live allocation may have
 * size 0: its size cannot tell). */
static uint64_t *live_find(live_map *m, uint64_t ptr, int insert, int *is_new)
{
    if (is_new) *is_new = 0;
    if (insert && (m->taken + 1) * 2 > m->slots) {
        size_t ns = 64;
        while (ns < 4 * (m->n + 1)) ns *= 2; /* by the live ones: tombstones go */
        live_map nm = {calloc(ns, 8), calloc(ns, 8), calloc(ns, 4), calloc(ns, 1), ns, 0, 0};
        if (!nm.ptr || !nm.size || !nm.event || !nm.used) {
            live_free(&nm);
            return NULL;
        }
        for (size_t i = 0; i < m->slots; i++)
            if (m->used[i] == 1) {
                size_t h = live_slot(m->ptr[i], ns);
                while (nm.used[h]) h = (h + 1) & (ns - 1);
                nm.used[h] = 1;
                nm.ptr[h] = m->ptr[i];
                nm.size[h] = m->size[i];
                nm.event[h] = m->event[i];
                nm.n++;
            }
        nm.taken = nm.n;
        live_free(m);
        *m = nm;
    }
    if (!m->slots) return NULL;
    size_t h = live_slot(ptr, m->slots), tomb = SIZE_MAX;
    for (size_t k = 0; k < m->slots; k++, h = (h + 1) & (m->slots - 1)) {
        if (m->used[h] == 0) {
            if (!insert) return NULL;
            if (tomb != SIZE_MAX)
                h = tomb;
            else
                m->taken++;
            m->used[h] = 1;
            m->ptr[h] = ptr;
            m->size[h] = 0;
            m->n++;
            if (is_new) *is_new = 1;
            return &m->size[h];
        }
        if (m->used[h] == 2) {
            if (tomb == SIZE_MAX) tomb = h;
            continue;
        }
        if (m->ptr[h] == ptr) return &m->size[h];
    }
    return NULL; /* (not reached: at most half the slots are taken) */
}

static void live_remove(live_map *m, uint64_t *slot)
{
    size_t i = (size_t)(slot - m->size);
    m->used[i] = 2; /* tombstone: still taken */
    m->n--;
}

static char *const *g_names;
static int cmp_name_idx(const void *a, const void *b)
{
    return strcmp(g_names[*(const uint32_t *)a], g_names[*(const uint32_t *)b]);
}

/* The length of a per-core pool's name without its " (x,y)", or 0. */
static size_t core_pool_base(const char *name)
{
    size_t n = strlen(name);
    if (n < 6 || name[n - 1] != ')') return 0;
    size_t i = n - 1, digits = 0, commas = 0;
    while (i-- > 0 && name[i] != '(') {
        if (name[i] == ',')
            commas++;
        else if (name[i] >= '0' && name[i] <= '9')
            digits++;
        else
            return 0;
    }
    if (i == (size_t)-1 || i == 0 || name[i - 1] != ' ' || commas != 1 || digits < 2) return 0;
    return i - 1;
}

/* The length of a bank pool's name without its " <n>" ("Device DRAM bank
 * 3": "Device DRAM bank"), or 0. */
static size_t bank_pool_base(const char *name)
{
    size_t n = strlen(name), i = n;
    while (i > 0 && name[i - 1] >= '0' && name[i - 1] <= '9') i--;
    if (i == n || n - i > 4 || i < 6 || strncmp(name + i - 6, " bank ", 6)) return 0;
    return i - 1;
}

/* A pool name's folding key: the base length (0: folds with none), and
 * its core (x, y) or its bank (x). */
static size_t pool_base(const char *name, int *bank, unsigned *x, unsigned *y)
{
    size_t base = core_pool_base(name);
    *bank = 0;
    *x = *y = 0;
    if (base) {
        sscanf(name + base, " (%u,%u)", x, y);
    } else if ((base = bank_pool_base(name))) {
        *bank = 1;
        sscanf(name + base, " %u", x);
    }
    return base;
}

static int same_counts(const pf_poolstat *x, const pf_poolstat *y)
{
    return x->allocs == y->allocs && x->frees == y->frees && x->total == y->total &&
           x->peak == y->peak && x->leaked == y->leaked && x->capacity == y->capacity &&
           x->unmatched_frees == y->unmatched_frees;
}

/* Identical per-core pools folded: the same name but for "(x,y)" and the
 * same counts (ten cores running the same kernels); and so DRAM banks'
 * pools, the same name but for the bank's number (an interleaved buffer's
 * pages spread evenly). Every other pool is a group of one. */
static void pool_groups(pf_logs *l, pf_analysis *a)
{
    a->poolgroups = malloc((a->npools ? a->npools : 1) * sizeof *a->poolgroups);
    if (!a->poolgroups) {
        pf_note(l, 1, "out of memory folding identical memory pools");
        return;
    }
    for (uint32_t i = 0; i < a->npools; i++) {
        const pf_poolstat *p = &a->pools[i];
        unsigned x, y, qx, qy;
        int bank, qbank;
        size_t base = pool_base(p->pool, &bank, &x, &y), g = 0;
        for (; base && g < a->npoolgroups; g++) {
            pf_poolgroup *pg = &a->poolgroups[g];
            const pf_poolstat *q = &a->pools[pg->first];
            if (pool_base(q->pool, &qbank, &qx, &qy) == base && qbank == bank &&
                !strncmp(q->pool, p->pool, base) && same_counts(p, q))
                break;
        }
        if (base && g < a->npoolgroups) {
            pf_poolgroup *pg = &a->poolgroups[g];
            pg->count++;
            pg->base_len = base;
            if (x < pg->xmin) pg->xmin = x;
            if (x > pg->xmax) pg->xmax = x;
            if (y < pg->ymin) pg->ymin = y;
            if (y > pg->ymax) pg->ymax = y;
        } else {
            a->poolgroups[a->npoolgroups++] =
                (pf_poolgroup){i, 1, strlen(p->pool), x, x, y, y, bank};
        }
    }
}

/* "3" or "0-3" */
static void put_range(char *buf, size_t n, unsigned lo, unsigned hi)
{
    if (lo == hi)
        snprintf(buf, n, "%u", lo);
    else
        snprintf(buf, n, "%u-%u", lo, hi);
}

/* A group's name: the pool's, or "Device L1 (x,y) x10" for ten folded;
 * when another group of the same pools would have that name too (cores
 * running other kernels: other counts), its cores: "Kernel config L1
 * (0-3,1) x4" when they fill that box, else "... (x,y) x4 in (0-3,0-1)",
 * so that the two rows are told apart. Banks: "Device DRAM bank 0-7 x8"
 * when they are every bank of the range, else "Device DRAM bank <n> x3 in
 * 0-7". */
const char *pf_poolgroup_name(const pf_analysis *a, const pf_poolgroup *g, char *buf, size_t n)
{
    const char *name = a->pools[g->first].pool;
    if (g->count == 1) return name;
    if (g->bank) {
        char xs[24];
        put_range(xs, sizeof xs, g->xmin, g->xmax);
        if (g->xmax - g->xmin + 1 == g->count)
            snprintf(buf, n, "%.*s %s x%u", (int)g->base_len, name, xs, g->count);
        else
            snprintf(buf, n, "%.*s <n> x%u in %s", (int)g->base_len, name, g->count, xs);
        return buf;
    }
    int twin = 0;
    for (size_t i = 0; i < a->npoolgroups && !twin; i++) {
        const pf_poolgroup *o = &a->poolgroups[i];
        twin = o->first != g->first && o->count == g->count && o->base_len == g->base_len &&
               !strncmp(a->pools[o->first].pool, name, g->base_len);
    }
    if (!twin) {
        snprintf(buf, n, "%.*s (x,y) x%u", (int)g->base_len, name, g->count);
        return buf;
    }
    char xs[24], ys[24];
    put_range(xs, sizeof xs, g->xmin, g->xmax);
    put_range(ys, sizeof ys, g->ymin, g->ymax);
    if ((uint64_t)(g->xmax - g->xmin + 1) * (g->ymax - g->ymin + 1) == g->count)
        snprintf(buf, n, "%.*s (%s,%s) x%u", (int)g->base_len, name, xs, ys, g->count);
    else /* not every core of the box */
        snprintf(buf, n, "%.*s (x,y) x%u in (%s,%s)", (int)g->base_len, name, g->count, xs, ys);
    return buf;
}

/* The memory events replayed in time order: each pool's counts, peak and
 * leaks, the live bytes after each event (the charts), and where each
 * pool's memory came from (memsites.c: each allocation's site, and the
 * event that ended it). */
static void memory(pf_logs *l, pf_analysis *a)
{
    tf_trace *t = l->mem;
    if (!t) return;
    size_t np = t->npools ? t->npools : 1, ne = t->nmem ? t->nmem : 1;
    a->npools = t->npools;
    a->pools = calloc(np, sizeof *a->pools);
    live_map *live = calloc(np, sizeof *live);
    uint64_t *cur = calloc(np, sizeof *cur);
    uint32_t *order = malloc(ne * sizeof *order);
    uint32_t *rank = malloc(np * sizeof *rank), *by_name = malloc(np * sizeof *by_name);
    uint32_t *site = malloc(ne * sizeof *site), *end = malloc(ne * sizeof *end);
    uint32_t *peak_k = malloc(np * sizeof *peak_k);
    struct pf_site_finder *sf = NULL;
    a->mem = malloc(ne * sizeof *a->mem);
    if (!a->pools || !live || !cur || !order || !rank || !by_name || !a->mem) {
        pf_note(l, 1, "out of memory analysing the memory log");
        a->npools = 0;
        goto out;
    }
    int sites = site && end && peak_k; /* else the sites report is left out */
    /* the report lists pools by name */
    for (uint32_t p = 0; p < t->npools; p++) by_name[p] = p;
    g_names = t->pools;
    qsort(by_name, t->npools, sizeof *by_name, cmp_name_idx);
    for (uint32_t k = 0; k < t->npools; k++) {
        rank[by_name[k]] = k;
        a->pools[k].pool = t->pools[by_name[k]];
        a->pools[k].capacity = tf_trace_pool_capacity(t, t->pools[by_name[k]]);
        if (sites) peak_k[k] = UINT32_MAX;
    }
    for (size_t i = 0; i < t->nmem; i++) order[i] = (uint32_t)i;
    uint64_t *key = malloc(ne * sizeof *key);
    if (key)
        for (size_t i = 0; i < t->nmem; i++) key[i] = t->mem[i].ns - l->t0;
    if (!key || pf_sort_by_key(key, order, t->nmem))
        pf_note(l, 1, "out of memory putting the memory events in time order");
    free(key);
    if (sites && pf_sites_begin(l, &sf)) sites = 0;
    for (size_t k = 0; k < t->nmem; k++) {
        const tf_tr_mem *e = &t->mem[order[k]];
        uint32_t p = rank[e->pool];
        pf_poolstat *ps = &a->pools[p];
        live_map *lm = &live[p];
        if (sites) end[k] = UINT32_MAX;
        if (e->op == TF_MEM_ALLOC) {
            int is_new;
            uint64_t *s = live_find(lm, e->ptr, 1, &is_new);
            if (!s) { /* (out of memory: the sites' tallies would miss it) */
                sites = 0;
                continue;
            }
            uint32_t *ev = &lm->event[s - lm->size];
            if (!is_new) { /* allocated again without a free (of any size, 0 too):
                            * count the old one freed */
                ps->reused++;
                ps->frees++; /* (so that allocs - frees is what is live) */
                cur[p] -= *s;
                if (sites) end[*ev] = (uint32_t)k;
            }
            *s = e->size;
            *ev = (uint32_t)k;
            if (sites && (site[k] = pf_site_of(sf, a, e)) == UINT32_MAX) sites = 0;
            ps->allocs++;
            ps->total += e->size;
            cur[p] += e->size;
            if (cur[p] > ps->peak) {
                ps->peak = cur[p];
                ps->peak_ns = e->ns >= l->t0 ? e->ns - l->t0 : 0;
                if (sites) peak_k[p] = (uint32_t)k;
            }
        } else if (e->op == TF_MEM_FREE) {
            uint64_t *s = live_find(lm, e->ptr, 0, NULL);
            if (!s) {
                ps->unmatched_frees++;
                continue;
            }
            cur[p] -= *s;
            if (sites) end[lm->event[s - lm->size]] = (uint32_t)k;
            live_remove(lm, s);
            ps->frees++;
        } else { /* RESET: everything live in the pool is freed */
            ps->frees += lm->n;
            for (size_t i = 0; sites && i < lm->slots; i++)
                if (lm->used[i] == 1) end[lm->event[i]] = (uint32_t)k;
            live_free(lm);
            cur[p] = 0;
        }
        a->mem[a->nmem++] = (pf_mempoint){e->ns >= l->t0 ? e->ns - l->t0 : 0, cur[p], p};
    }
    pf_sites_end(sf);
    if (!sites || pf_memsites_tally(a, t, order, site, end, rank, peak_k))
        pf_note(l, 1, "out of memory finding where the memory went (%s is not written)",
                PF_MEMORY_SITES);
    for (size_t p = 0; p < a->npools; p++) {
        a->pools[p].leaked = cur[p];
        if (a->pools[p].unmatched_frees)
            pf_note(l, 0, "memory log: %llu frees in pool '%s' had no matching allocation",
                    (unsigned long long)a->pools[p].unmatched_frees, a->pools[p].pool);
    }
    for (size_t p = 0; p < a->npools; p++)
        if (a->pools[p].reused)
            pf_note(l, 0,
                    "memory log: %llu allocations in pool '%s' reused a live address without a "
                    "free; the earlier allocation is counted as freed then",
                    (unsigned long long)a->pools[p].reused, a->pools[p].pool);
    pool_groups(l, a);
out:
    for (uint32_t p = 0; live && p < t->npools; p++) live_free(&live[p]);
    free(live);
    free(cur);
    free(order);
    free(rank);
    free(by_name);
    free(site);
    free(end);
    free(peak_k);
}

typedef struct analysis_job {
    pf_logs *l;
    pf_analysis *a;
    int ok; /* the device timelines were built */
} analysis_job;

static void *memory_and_device(void *arg)
{
    analysis_job *j = arg;
    memory(j->l, j->a);
    pf_dev_analyze(j->l, j->a);
    j->ok = !pf_tl_device(j->l, j->a, 0, &j->a->tl_dev) &&
            !pf_tl_device(j->l, j->a, 1, &j->a->tl_dtime);
    return NULL;
}

/* The host zones on this thread, memory and device on a second one: they
 * touch different parts of *a, and the host side makes notes only when
 * out of memory (so the notes' order is fixed). */
void pf_analyze(pf_logs *l, pf_analysis *a)
{
    memset(a, 0, sizeof *a);
    a->straggler = -1; /* (no per-core view: none) */
    analysis_job job = {l, a, 0};
    pthread_t th;
    int threaded = pthread_create(&th, NULL, memory_and_device, &job) == 0;
    host_zones(l, a);
    phases(l, a);
    pf_gaps_analyze(l); /* (gaps.c: the ops' gaps and the host zones) */
    int host_ok = !pf_tl_host(l, a, &a->tl_host);
    if (threaded)
        pthread_join(th, NULL);
    else
        memory_and_device(&job);
    a->tl_ok = host_ok && job.ok;
    if (!a->tl_ok) pf_note(l, 1, "out of memory laying out the timelines; they are left empty");
}

void pf_analysis_free(pf_analysis *a)
{
    pf_tl_free(&a->tl_host);
    pf_tl_free(&a->tl_dev);
    pf_tl_free(&a->tl_dtime);
    free(a->corestats);
    free(a->dsegs);
    free(a->poolgroups);
    free(a->zones);
    free(a->by_start);
    free(a->pools);
    free(a->memsites);
    pf_strtab_free(&a->sites);
    free(a->mem);
    free(a->dev);
    free(a->cores);
    free(a->phases);
}
