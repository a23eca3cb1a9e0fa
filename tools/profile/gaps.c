/* The host's time between ops, by zone (docs/profiling.md, "The
 * summary"): when the op-to-op gaps dominate a run (a dispatch-bound
 * loop: a decode step's small ops), what the host did in them. Each
 * instant of a gap is put down to the innermost zone open then on the
 * thread that dispatched the op the gap ends (the one that read its
 * counters back), or to no zone: the program's own code outside any
 * zone. Every gap's time is accounted for exactly once, however many
 * threads dispatch (each gap on one: a thread that dispatched once, long
 * before, is not "no zone" in every gap after). */
#include "pf.h"

#include <stdlib.h>
#include <string.h>

/* ---- the gaps ---------------------------------------------------------------------- */

typedef struct gap {
    uint64_t start, end; /* host ns */
    uint32_t thread;     /* the thread that dispatched the op it ends (the trace's) */
} gap;

static int gap_cmp(const void *x, const void *y)
{
    const gap *a = x, *b = y;
    if (a->thread != b->thread) return a->thread < b->thread ? -1 : 1;
    return (a->start > b->start) - (a->start < b->start);
}

/* ---- one thread's innermost zones, swept against its process's gaps --------------- */

typedef struct sweep {
    const tf_trace *t;
    const gap *g;     /* the thread's gaps, by start (disjoint but for two devices' gaps,
                         which may overlap: each is a device's, and counts its time) */
    size_t ng, k;     /* k: the first gap not yet ended before the segments so far */
    uint64_t *by_loc; /* ns per location; by_loc[nlocs]: no zone */
} sweep;

/* The segment [s, e) whose innermost zone has location loc (nlocs: none)
 * in the gaps it overlaps. Segments come in time order. */
static void segment(sweep *w, uint64_t s, uint64_t e, uint32_t loc)
{
    while (w->k < w->ng && w->g[w->k].end <= s) w->k++;
    for (size_t k = w->k; k < w->ng && w->g[k].start < e; k++) {
        uint64_t a = s > w->g[k].start ? s : w->g[k].start, b = e < w->g[k].end ? e : w->g[k].end;
        if (b > a) w->by_loc[loc] += b - a;
    }
}

/* Thread zones zi[0..n) (by start): the innermost one over time, from a
 * stack of the open ones (in a damaged trace, a zone that ends past its
 * parent holds the time between the two ends). */
static int thread_sweep(sweep *w, const uint32_t *zi, size_t n)
{
    const tf_tr_zone *z = w->t->zones;
    uint32_t none = w->t->nlocs;
    uint32_t *st = malloc((n ? n : 1) * sizeof *st);
    if (!st) return -1;
    size_t depth = 0;
    uint64_t t = 0; /* where the next segment starts */
    for (size_t i = 0; i <= n; i++) {
        uint64_t next = i < n ? z[zi[i]].start_ns : UINT64_MAX;
        /* the open zones that end before the next one starts */
        while (depth && z[st[depth - 1]].end_ns <= next) {
            uint64_t e = z[st[depth - 1]].end_ns;
            if (e > t) {
                segment(w, t, e, z[st[depth - 1]].loc);
                t = e;
            }
            depth--;
        }
        if (next > t) segment(w, t, next, depth ? z[st[depth - 1]].loc : none);
        if (i == n) break;
        if (next > t) t = next;
        if (z[zi[i]].end_ns > next) st[depth++] = zi[i]; /* (zero-length zones hold no time) */
    }
    free(st);
    return 0;
}

/* ---- the breakdown ----------------------------------------------------------------- */

typedef struct gap_share {
    const char *name; /* NULL: no zone */
    uint64_t ns;
} gap_share;

static int name_cmp(const void *x, const void *y)
{
    const gap_share *a = x, *b = y;
    if (!a->name || !b->name) return !a->name - !b->name;
    return strcmp(a->name, b->name);
}

static int share_cmp(const void *x, const void *y)
{
    const gap_share *a = x, *b = y;
    if (a->ns != b->ns) return a->ns > b->ns ? -1 : 1;
    return name_cmp(a, b);
}

/* The gap time by zone name, most first, in *out (*n of them; names
 * point into the trace); *total: every gap's time (each on the thread
 * that dispatched its op). 0: none to say (no gaps, no trace); -1 out of
 * memory. */
static int gap_shares(const pf_logs *l, gap_share **out, size_t *n, uint64_t *total)
{
    const tf_trace *t = l->trace;
    *out = NULL;
    *n = 0;
    *total = 0;
    if (!t || !l->nops || !t->nzones) return 0;
    int rc = -1;
    gap *g = malloc(l->nops * sizeof *g);
    uint64_t *by_loc = calloc((size_t)t->nlocs + 1, sizeof *by_loc);
    size_t *first = NULL;
    uint32_t *zi = NULL; /* each thread's zones by start */
    gap_share *sh = NULL;
    if (!g || !by_loc || pf_zones_by_thread(t, &zi, &first)) goto out;
    size_t ng = 0;
    for (size_t i = 0; i < l->nops; i++) {
        const pf_op *op = &l->ops[i];
        if (op->has_gap && op->gap_ns && op->thread < t->nthreads) /* (else the trace lost it) */
            g[ng++] = (gap){op->start_ns - op->gap_ns, op->start_ns, op->thread};
    }
    qsort(g, ng, sizeof *g, gap_cmp);
    sweep w = {.t = t, .by_loc = by_loc};
    for (size_t a = 0, b; a < ng; a = b) { /* each thread's gaps, g[a..b) */
        uint32_t th = g[a].thread;
        for (b = a; b < ng && g[b].thread == th;) b++;
        for (size_t k = a; k < b; k++) *total += g[k].end - g[k].start;
        size_t lo = first[th], cnt = first[th + 1] - lo;
        w.g = g + a;
        w.ng = b - a;
        w.k = 0;
        if (thread_sweep(&w, zi + lo, cnt)) goto out;
    }
    /* by name: locations that share one add up (sorted by name, runs merged) */
    sh = malloc(((size_t)t->nlocs + 1) * sizeof *sh);
    if (!sh) goto out;
    size_t ns = 0;
    for (uint32_t i = 0; i <= t->nlocs; i++)
        if (by_loc[i])
            sh[ns++] = (gap_share){i == t->nlocs     ? NULL
                                   : t->locs[i].name ? t->locs[i].name
                                                     : "?",
                                   by_loc[i]};
    qsort(sh, ns, sizeof *sh, name_cmp);
    size_t m = 0;
    for (size_t i = 0; i < ns; i++)
        if (m && !name_cmp(&sh[m - 1], &sh[i]))
            sh[m - 1].ns += sh[i].ns;
        else
            sh[m++] = sh[i];
    ns = m;
    qsort(sh, ns, sizeof *sh, share_cmp);
    *out = sh;
    *n = ns;
    sh = NULL;
    rc = 0;
out:
    free(g);
    free(by_loc);
    free(first);
    free(zi);
    free(sh);
    return rc;
}

#define GAP_SHARES   5   /* zones the line names */
#define GAP_NAME_MAX 120 /* bytes of a name in it: five always fit, and the count after */

/* The bytes of name s the line keeps: up to GAP_NAME_MAX, cut at a whole
 * UTF-8 character (a long name once filled the line, cut in the middle
 * of a character, and the shares after it were lost). */
static int name_bytes(const char *s, int *cut)
{
    size_t n = strlen(s);
    *cut = n > GAP_NAME_MAX;
    return (int)(*cut ? pf_utf8_head(s, GAP_NAME_MAX) : n);
}

void pf_gaps_analyze(pf_logs *l)
{
    gap_share *sh;
    size_t n;
    uint64_t total;
    uint64_t dev, gap;
    free(l->gap_line);
    l->gap_line = NULL;
    if (!pf_ops_gaps_dominate(l, &dev, &gap)) return; /* (the line goes with that advice) */
    if (gap_shares(l, &sh, &n, &total)) {
        pf_note(l, 1, "out of memory breaking the op-to-op gaps down by zone");
        return;
    }
    char line[1024];
    size_t o = 0;
    if (n && total)
        o = (size_t)snprintf(line, sizeof line,
                             "the gaps by the host's innermost zone (on the thread that "
                             "dispatched each op):");
    for (size_t i = 0; n && total && i < n && i < GAP_SHARES && o < sizeof line; i++) {
        const char *nm = sh[i].name ? sh[i].name : "no zone";
        int cut, len = name_bytes(nm, &cut);
        o += (size_t)snprintf(line + o, sizeof line - o, "%s %.1f%% %.*s%s", i ? "," : "",
                              100.0 * (double)sh[i].ns / (double)total, len, nm, cut ? "..." : "");
    }
    if (n > GAP_SHARES && o < sizeof line)
        snprintf(line + o, sizeof line - o, ", %zu more", n - GAP_SHARES);
    if (n && total && !(l->gap_line = strdup(line)))
        pf_note(l, 1, "out of memory breaking the op-to-op gaps down by zone");
    free(sh);
}
