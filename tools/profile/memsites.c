/* Where the memory went (docs/profiling.md, "Where the memory went"):
 * each allocation is put down to its site, the host zones open on the
 * allocating thread when it was made, outermost first ("cnn_infer > cnn
 * conv > TF_dispatch/setup"), as Tracy's memory view names the zone an
 * allocation appeared in. Per pool and site: the allocations, the bytes
 * of them live at the pool's peak (the moment it first reached it) and
 * those still live at the end. Nothing more is recorded for it: the host
 * trace's zones and the memory log's events (each with its thread and
 * time) say it already. Zone texts are not part of a site: a text per
 * call ("token 17") would make a site per call. */
#include "common/cm_grow.h"
#include "pf.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

#define SITE_LEVELS   32   /* zones named in a site; a deeper one starts "... > " */
#define SITE_TEXT     1024 /* a site's text at most (longer: its innermost zones, "... > " before) */
#define SITE_WALK_MAX 4096 /* parents walked to an open zone, events out of time order */
#define SITE_TOO_DEEP "(zones nested too deep to walk)"

struct pf_site_finder {
    const tf_trace *t; /* the host trace */
    uint32_t *zorder;  /* zone indices by thread, then start (outer first) */
    size_t *first;     /* per host thread i: its zones are zorder[first[i] .. first[i + 1]) */
    size_t *next;      /* per host thread: the first of its zones that had not started */
    uint64_t *last_ns; /* per host thread: the time last asked about (next is for it) */
    uint32_t *host_of; /* memory log thread -> host trace thread (TF_NONE: none) */
    uint32_t nmemthreads;
    uint32_t *zsite; /* per zone: its site + 1 (0: not made yet) */
    /* per zone: an ancestor with every zone between them (and the zone
     * itself) ended by the last time asked; the parent at first. Time
     * only goes on (the events in time order), so what ended stays ended:
     * a walk to the open zone goes by these and leaves them pointing to
     * it. back: time went back once (out of memory sorting the events):
     * the parents then, walked SITE_WALK_MAX at most */
    uint32_t *up;
    int back;
};

/* ---- the memory log's threads on the host trace's ---------------------------------- */

/* A thread is the same in both logs when its process, OS tid and number
 * are (the runtime numbers a thread alike in both); else, as a log made
 * otherwise may number them apart, when its process and OS tid are; else,
 * where one log lacks its tid (its definition lost), when its process and
 * number are. The OS reuses a tid once its thread has ended: the number
 * tells the two threads apart. */
enum { BY_TID, BY_TID_NUMBER, BY_NUMBER, BY_N };

typedef struct thread_key {
    const tf_tr_thread *th;
    const tf_tr_thread *want;
    int by;
} thread_key;

#define NO_TRACE (TF_NONE - 1) /* host_of: the thread's process has no host trace */

static uint64_t thread_hash(const tf_tr_thread *th, int by)
{
    uint64_t v = (uint64_t)th->process << 33;
    if (by == BY_NUMBER)
        v |= th->number;
    else
        v |= (uint64_t)(th->tid != 0) << 32 | (th->tid ? th->tid : th->number);
    if (by == BY_TID_NUMBER) v ^= (uint64_t)th->number * 0xc2b2ae3d27d4eb4full;
    v = (v + (uint64_t)by) * 0x9e3779b97f4a7c15ull;
    return (v ^ v >> 29) | 1;
}

static int same_thread(uint32_t i, void *ctx)
{
    const thread_key *k = ctx;
    const tf_tr_thread *a = &k->th[i], *b = k->want;
    if (a->process != b->process) return 0;
    if (k->by == BY_NUMBER) return a->number == b->number && (!a->tid || !b->tid);
    return (a->tid != 0) == (b->tid != 0) && (a->tid ? a->tid == b->tid : a->number == b->number) &&
           (k->by != BY_TID_NUMBER || a->number == b->number);
}

static int map_threads(struct pf_site_finder *f, const tf_trace *mem, uint32_t nprocs)
{
    const tf_trace *t = f->t;
    cm_map m[BY_N] = {{0}};
    uint8_t *traced = calloc(nprocs + 1, 1); /* per process: the host trace has its threads */
    int rc = -1;
    f->nmemthreads = mem->nthreads;
    f->host_of = malloc((mem->nthreads ? mem->nthreads : 1) * sizeof *f->host_of);
    if (!f->host_of || !traced) goto out;
    for (uint32_t i = 0; i < t->nthreads; i++) {
        const tf_tr_thread *th = &t->threads[i];
        if (th->process < nprocs) traced[th->process] = 1;
        for (int by = 0; by < BY_N; by++) {
            /* (one entry per thread in each: BY_NUMBER's condition, that
             * one side lack its tid, is the lookup's) */
            thread_key k = {t->threads, th, by == BY_NUMBER ? BY_TID_NUMBER : by};
            int is_new;
            uint32_t *v = cm_map_slot(&m[by], thread_hash(th, by), same_thread, &k, &is_new);
            if (!v) goto out;
            if (is_new) *v = i; /* (a thread defined twice: its first) */
        }
    }
    for (uint32_t i = 0; i < mem->nthreads; i++) {
        const tf_tr_thread *th = &mem->threads[i];
        const uint32_t *v = NULL;
        static const int order[] = {BY_TID_NUMBER, BY_TID, BY_NUMBER};
        for (int j = 0; j < 3 && !v; j++) {
            thread_key k = {t->threads, th, order[j]};
            v = cm_map_find(&m[order[j]], thread_hash(th, order[j]), same_thread, &k);
        }
        f->host_of[i] = v ? *v : th->process < nprocs && !traced[th->process] ? NO_TRACE : TF_NONE;
    }
    rc = 0;
out:
    for (int by = 0; by < BY_N; by++) cm_map_free(&m[by]);
    free(traced);
    return rc;
}

static int order_zones(struct pf_site_finder *f)
{
    const tf_trace *t = f->t;
    size_t nt = t->nthreads;
    f->next = malloc((nt ? nt : 1) * sizeof *f->next);
    f->last_ns = calloc(nt ? nt : 1, sizeof *f->last_ns);
    f->zsite = calloc(t->nzones ? t->nzones : 1, sizeof *f->zsite);
    f->up = malloc((t->nzones ? t->nzones : 1) * sizeof *f->up);
    if (!f->next || !f->last_ns || !f->zsite || !f->up ||
        pf_zones_by_thread(t, &f->zorder, &f->first))
        return -1;
    for (size_t i = 0; i < t->nzones; i++) f->up[i] = t->zones[i].parent;
    for (size_t i = 0; i < nt; i++) f->next[i] = f->first[i];
    return 0;
}

int pf_sites_begin(const pf_logs *l, struct pf_site_finder **out)
{
    *out = NULL;
    const tf_trace *t = l->trace;
    if (!t || !l->mem) return 0; /* every site is PF_SITE_NONE */
    struct pf_site_finder *f = calloc(1, sizeof *f);
    if (!f) return -1;
    f->t = t;
    if (order_zones(f) || map_threads(f, l->mem, l->nprocs)) {
        pf_sites_end(f);
        return -1;
    }
    *out = f;
    return 0;
}

void pf_sites_end(struct pf_site_finder *f)
{
    if (!f) return;
    free(f->zorder);
    free(f->first);
    free(f->next);
    free(f->last_ns);
    free(f->host_of);
    free(f->zsite);
    free(f->up);
    free(f);
}

/* ---- an allocation's site ---------------------------------------------------------- */

/* Zone z's site text: the names of z and its ancestors, outermost first;
 * too long (more than SITE_LEVELS zones, or SITE_TEXT bytes), its
 * innermost zones that fit after "... > " (they tell sites apart: two
 * zones under one long-named one are two sites), a name cut at a whole
 * UTF-8 character. */
static const char *site_text(const tf_trace *t, uint32_t z, char *buf, size_t n)
{
    const char *name[SITE_LEVELS];
    size_t len[SITE_LEVELS];
    unsigned depth = 0;
    for (; z != TF_NONE && depth < SITE_LEVELS; z = t->zones[z].parent, depth++) {
        const char *s = t->locs[t->zones[z].loc].name;
        name[depth] = s ? s : "?";
        len[depth] = strlen(name[depth]);
    }
    int deeper = z != TF_NONE; /* zones beyond SITE_LEVELS */
    /* keep: the innermost zones that fit, with "... > " (6) before them
     * when any is left out, and the NUL */
    size_t used = 0;
    unsigned keep = 0;
    for (; keep < depth; keep++) {
        size_t need = used + len[keep] + (keep ? 3 : 0);
        if (need + (keep + 1 < depth || deeper ? 6 : 0) >= n) break;
        used = need;
    }
    /* outer zones left out (with the innermost cut, those around it) */
    size_t o = deeper || (keep ? keep < depth : depth > 1) ? 6 : 0;
    memcpy(buf, "... > ", o);
    if (!keep) { /* the innermost name alone is too long: its start, "..." */
        size_t m = pf_utf8_head(name[0], n - o - 4); /* (len[0] > n - o - 4) */
        memcpy(buf + o, name[0], m);
        memcpy(buf + o + m, "...", 4);
        return buf;
    }
    for (unsigned i = keep; i-- > 0;) {
        memcpy(buf + o, name[i], len[i]);
        o += len[i];
        if (i) {
            memcpy(buf + o, " > ", 3);
            o += 3;
        }
    }
    buf[o] = 0;
    return buf;
}

/* The zones of host thread th that started before ns: how many (from
 * f->first[th]), found on from the last time asked when time went on, by
 * bisection when it went back. A zone holds the events in (start, end]:
 * the runtime stamps what a zone did with the zone's end (its kernel
 * configuration is allocated at the end of TF_dispatch/setup, which is
 * when TF_dispatch/fire_go starts). */
static size_t started(struct pf_site_finder *f, uint32_t th, uint64_t ns)
{
    const tf_tr_zone *z = f->t->zones;
    size_t lo = f->first[th], hi = f->first[th + 1], *nx = &f->next[th];
    if (ns < f->last_ns[th]) { /* the first zone that starts after ns */
        f->back = 1;
        size_t a = lo, b = hi;
        while (a < b) {
            size_t m = a + (b - a) / 2;
            if (z[f->zorder[m]].start_ns < ns)
                a = m + 1;
            else
                b = m;
        }
        *nx = a;
    }
    while (*nx < hi && z[f->zorder[*nx]].start_ns < ns) ++*nx;
    f->last_ns[th] = ns;
    return *nx - lo;
}

uint32_t pf_site_of(struct pf_site_finder *f, pf_analysis *a, const tf_tr_mem *e)
{
    if (!f) return pf_strtab_add(&a->sites, PF_SITE_NONE);
    uint32_t th = e->thread < f->nmemthreads ? f->host_of[e->thread] : TF_NONE;
    if (th == NO_TRACE) return pf_strtab_add(&a->sites, PF_SITE_NONE); /* (its process's) */
    if (th == TF_NONE || !started(f, th, e->ns)) return pf_strtab_add(&a->sites, PF_SITE_OUTSIDE);
    /* the zone that started last, or the innermost of its ancestors still
     * open: a thread's zones nest, so the open ones are that chain */
    const tf_trace *t = f->t;
    uint32_t z = f->zorder[f->next[th] - 1], last = z;
    if (!f->back) {
        while (z != TF_NONE && t->zones[z].end_ns < e->ns) z = f->up[z];
        for (uint32_t q; last != z; last = q) { /* each one passed ended: z is next */
            q = f->up[last];
            f->up[last] = z;
        }
    } else {
        for (unsigned k = 0; z != TF_NONE && t->zones[z].end_ns < e->ns; k++) {
            if (k == SITE_WALK_MAX) return pf_strtab_add(&a->sites, SITE_TOO_DEEP);
            z = t->zones[z].parent;
        }
    }
    if (z == TF_NONE) return pf_strtab_add(&a->sites, PF_SITE_OUTSIDE);
    if (f->zsite[z]) return f->zsite[z] - 1;
    char buf[SITE_TEXT];
    uint32_t s = pf_strtab_add(&a->sites, site_text(t, z, buf, sizeof buf));
    if (s != UINT32_MAX) f->zsite[z] = s + 1;
    return s;
}

/* ---- the tallies ------------------------------------------------------------------- */

typedef struct site_key {
    const pf_memsite *ms;
    uint32_t pool, site;
} site_key;

static int same_site(uint32_t i, void *ctx)
{
    const site_key *k = ctx;
    return k->ms[i].pool == k->pool && k->ms[i].site == k->site;
}

/* by pool, then bytes live at its peak, bytes allocated, the site's text */
static int cmp_memsite(const void *x, const void *y, void *ctx)
{
    const pf_memsite *p = x, *q = y;
    const pf_strtab *s = ctx;
    if (p->pool != q->pool) return p->pool < q->pool ? -1 : 1;
    if (p->peak != q->peak) return p->peak > q->peak ? -1 : 1;
    if (p->total != q->total) return p->total > q->total ? -1 : 1;
    return strcmp(s->s[p->site], s->s[q->site]);
}

int pf_memsites_tally(pf_analysis *a, const tf_trace *mem, const uint32_t *order,
                      const uint32_t *site, const uint32_t *end, const uint32_t *rank,
                      const uint32_t *peak_k)
{
    cm_map m = {0};
    size_t cap = 0;
    for (size_t k = 0; k < mem->nmem; k++) {
        const tf_tr_mem *e = &mem->mem[order[k]];
        if (e->op != TF_MEM_ALLOC) continue;
        uint32_t p = rank[e->pool];
        site_key sk = {a->memsites, p, site[k]};
        uint64_t h = ((uint64_t)p << 32 | site[k]) * 0x9e3779b97f4a7c15ull;
        int is_new;
        uint32_t *slot = cm_map_slot(&m, (h ^ h >> 31) | 1, same_site, &sk, &is_new);
        if (!slot) goto oom;
        if (is_new) {
            if (cm_grow((void **)&a->memsites, &cap, a->nmemsites + 1, sizeof *a->memsites))
                goto oom;
            a->memsites[a->nmemsites] = (pf_memsite){.pool = p, .site = site[k]};
            *slot = (uint32_t)a->nmemsites++;
        }
        pf_memsite *s = &a->memsites[*slot];
        s->allocs++;
        s->total += e->size;
        /* live at the peak: made at or before it, not ended by then */
        if (peak_k[p] != UINT32_MAX && k <= peak_k[p] &&
            (end[k] == UINT32_MAX || end[k] > peak_k[p])) {
            s->peak += e->size;
            s->npeak++;
        }
        if (end[k] == UINT32_MAX) {
            s->leaked += e->size;
            s->nleaked++;
        }
    }
    cm_map_free(&m);
    if (a->nmemsites)
        qsort_r(a->memsites, a->nmemsites, sizeof *a->memsites, cmp_memsite, &a->sites);
    a->sites_done = 1;
    return 0;
oom:
    cm_map_free(&m);
    free(a->memsites);
    a->memsites = NULL;
    a->nmemsites = 0;
    return -1;
}

/* ---- the reports ------------------------------------------------------------------- */

void pf_write_memsites(pf_logs *l, pf_analysis *a)
{
    if (l->mem && !a->sites_done) return; /* out of memory (a note says so) */
    const tf_csv_schema *s = &tf_csv_memory_sites;
    pf_out *f = pf_out_open(l, PF_MEMORY_SITES);
    if (!f) return;
    pf_put_header(f, s);
    cm_csv_value v[TF_MS_NCOLS] = {{0}};
    for (size_t i = 0; i < a->nmemsites; i++) {
        const pf_memsite *m = &a->memsites[i];
        v[TF_MS_POOL] = CM_CSV_S(a->pools[m->pool].pool);
        v[TF_MS_SITE] = CM_CSV_S(a->sites.s[m->site]);
        v[TF_MS_ALLOC_COUNT] = CM_CSV_U(m->allocs);
        v[TF_MS_TOTAL_BYTES_ALLOCATED] = CM_CSV_U(m->total);
        v[TF_MS_PEAK_LIVE_BYTES] = CM_CSV_U(m->peak);
        v[TF_MS_PEAK_LIVE_ALLOCS] = CM_CSV_U(m->npeak);
        v[TF_MS_LEAKED_BYTES] = CM_CSV_U(m->leaked);
        v[TF_MS_LEAKED_ALLOCS] = CM_CSV_U(m->nleaked);
        pf_put_row(f, s, v);
    }
    pf_out_close(f);
}

#define SUMMARY_POOLS 3  /* pools whose peak the summary breaks down */
#define SUMMARY_SITES 3  /* sites a line names */
#define SUMMARY_SITE  56 /* terminal cells of a site's text (its innermost zones kept) */

/* The end of a site's text that fits in SUMMARY_SITE terminal cells: its
 * innermost whole zones after "... > "; or, when the innermost alone is
 * wider, that name's end after "...". Made safe for the terminal as the
 * tables' cells are (control characters escaped, bytes that are not
 * UTF-8 '?'), counted in cells. */
static const char *site_cell(const char *site, char *buf, size_t n)
{
    char t[2 * SITE_TEXT + 8]; /* (an escape takes 2 bytes) */
    unsigned cells;
    pf_term_fit(t, sizeof t, site, UINT_MAX, &cells);
    if (cells <= SUMMARY_SITE) return pf_term_fit(buf, n, t, SUMMARY_SITE, NULL);
    const char *p = t, *last = t; /* last: the innermost zone's name */
    for (const char *q = t; (q = strstr(q, " > ")); q += 3) last = q + 3;
    for (const char *q = t; (q = strstr(q, " > ")); q += 3) {
        if (q + 3 > last) break;
        pf_term_fit(NULL, 0, q + 3, UINT_MAX, &cells);
        if (cells <= SUMMARY_SITE - 6) {
            p = q + 3;
            break;
        }
    }
    char c[2 * SITE_TEXT + 16];
    if (p != t) {
        snprintf(c, sizeof c, "... > %s", p);
    } else { /* the innermost name's end, at a whole character */
        p = last;
        for (;;) {
            pf_term_fit(NULL, 0, p, UINT_MAX, &cells);
            if (cells <= SUMMARY_SITE - 3 || !*p) break;
            do p++;
            while ((*p & 0xc0) == 0x80);
        }
        snprintf(c, sizeof c, "...%s", p);
    }
    return pf_term_fit(buf, n, c, SUMMARY_SITE, NULL);
}

static void pool_sites(const pf_analysis *a, uint32_t pool, FILE *out)
{
    const pf_poolstat *p = &a->pools[pool];
    char pk[32], at[32], nm[200], st[SUMMARY_SITE * 4 + 8], b[32];
    fprintf(out, "  %s: peak %s at %s:", pf_term_fit(nm, sizeof nm, p->pool, UINT_MAX, NULL),
            pf_human_bytes(pk, sizeof pk, p->peak), pf_human_ns(at, sizeof at, p->peak_ns));
    /* its sites are together, by bytes live at the peak */
    size_t i = 0, shown = 0, rest = 0;
    while (i < a->nmemsites && a->memsites[i].pool != pool) i++;
    for (; i < a->nmemsites && a->memsites[i].pool == pool; i++) {
        const pf_memsite *m = &a->memsites[i];
        if (!m->peak) continue;
        if (shown == SUMMARY_SITES) {
            rest++;
            continue;
        }
        fprintf(out, "%s %s %s (%llu)", shown ? "," : "", pf_human_bytes(b, sizeof b, m->peak),
                site_cell(a->sites.s[m->site], st, sizeof st), (unsigned long long)m->npeak);
        shown++;
    }
    if (rest) fprintf(out, ", %zu more", rest);
    fprintf(out, "\n");
}

void pf_memsites_summary(const pf_analysis *a, const pf_poolgroup *top, size_t ntop, FILE *out)
{
    if (!a->sites_done || !a->nmemsites) return;
    fprintf(out, "  at the peaks, by the zones that allocated what was live "
                 "(tt_foil_memory_sites.csv):\n");
    for (size_t g = 0; g < ntop && g < SUMMARY_POOLS; g++)
        if (a->pools[top[g].first].peak) pool_sites(a, top[g].first, out);
    /* the leaks' sites, most bytes first */
    const pf_memsite *lk[SUMMARY_SITES] = {0};
    size_t nleak = 0;
    for (size_t i = 0; i < a->nmemsites; i++) {
        const pf_memsite *m = &a->memsites[i];
        if (!m->leaked) continue;
        nleak++;
        for (int k = 0; k < SUMMARY_SITES; k++)
            if (!lk[k] || m->leaked > lk[k]->leaked) {
                memmove(&lk[k + 1], &lk[k], (SUMMARY_SITES - 1 - (size_t)k) * sizeof *lk);
                lk[k] = m;
                break;
            }
    }
    for (int k = 0; k < SUMMARY_SITES && lk[k]; k++) {
        char b[32], nm[200], st[SUMMARY_SITE * 4 + 8];
        fprintf(out, "  leaked: %s in %s from %s (%llu allocation%s)\n",
                pf_human_bytes(b, sizeof b, lk[k]->leaked),
                pf_term_fit(nm, sizeof nm, a->pools[lk[k]->pool].pool, UINT_MAX, NULL),
                site_cell(a->sites.s[lk[k]->site], st, sizeof st),
                (unsigned long long)lk[k]->nleaked, lk[k]->nleaked == 1 ? "" : "s");
    }
    if (nleak > SUMMARY_SITES)
        fprintf(out, "  leaked: %zu more site%s\n", nleak - SUMMARY_SITES,
                nleak - SUMMARY_SITES == 1 ? "" : "s");
}
