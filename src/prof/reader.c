/* The trace reader (tt_foil/trace.h). Two passes over the file: the first
 * validates chunks and collects definitions and calibration points, the
 * second decodes events, converting timestamps by piecewise-linear
 * interpolation between calibration points. Both dispatch through tables
 * generated from TF_TRACE_DEFS and TF_TRACE_RECORDS: a record type or
 * definition kind without a reader here does not compile. */
#include "tt_foil/trace.h"
#include "cm_dprof.h"
#include "cm_err.h"
#include "tf_profiler.h"

#include <errno.h>
#include <stddef.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct cal_point {
    uint64_t tsc, ns;
} cal_point;

typedef struct chunk_ref {
    const tf_chunk_header *h;
    const uint64_t *payload;
} chunk_ref;

typedef struct reader {
    tf_trace *t;
    uint8_t *data;
    size_t size;
    chunk_ref *chunks;
    size_t nchunks, cap_chunks;
    cal_point *cal;
    size_t ncal, cap_cal;
    int ns_clock;
    /* per thread zone stacks */
    struct stack {
        uint32_t *idx;
        size_t n, cap;
        uint64_t last_ns;
    } * stacks;
    uint32_t nstacks;
    size_t cap_zones, cap_frames, cap_mem, cap_track_zones, cap_zone_names, cap_tracks;
    char **pool_names; /* pool definitions by id */
    uint32_t npool_names;
    uint32_t *pool_index; /* pool id -> index into t->pools, TF_NONE until used */
    uint32_t npool_ids;
    uint32_t *name_index; /* zone name id -> index into t->zone_names */
    uint32_t nname_ids;
    uint32_t *track_index; /* track id -> index into t->tracks */
    uint32_t ntrack_ids;
    size_t cap_dev_sites, cap_dev_blocks, cap_dev_words, cap_dev_pcs;
    size_t cap_dev_perfs, cap_perf_pairs;
} reader;

/* ---- growable arrays ----------------------------------------------------------- */

static int grow(void **p, size_t *cap, size_t need, size_t elem)
{
    if (need <= *cap) return 0;
    size_t nc = *cap ? *cap * 2 : 64;
    while (nc < need) nc *= 2;
    void *np = realloc(*p, nc * elem);
    if (!np) return -1;
    *p = np;
    *cap = nc;
    return 0;
}

#define PUSH(arr, n, cap, val)                                                                     \
    (grow((void **)&(arr), &(cap), (n) + 1, sizeof *(arr)) ? -1 : ((arr)[(n)++] = (val), 0))

static void warn(tf_trace *t, const char *fmt, ...)
{
    char buf[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    char **nw = realloc(t->warnings, (size_t)(t->nwarnings + 1) * sizeof *nw);
    if (!nw) return;
    t->warnings = nw;
    t->warnings[t->nwarnings] = strdup(buf);
    if (t->warnings[t->nwarnings]) t->nwarnings++;
}

/* ---- time ----------------------------------------------------------------------- */

static int cal_cmp(const void *a, const void *b)
{
    const cal_point *x = a, *y = b;
    return (x->tsc > y->tsc) - (x->tsc < y->tsc);
}

static void add_cal(reader *r, uint64_t tsc, uint64_t ns)
{
    if (!tsc && !ns) return; /* the writer could not take a clean point */
    size_t cap = r->cap_cal;
    cal_point p = {tsc, ns};
    if (PUSH(r->cal, r->ncal, cap, p) == 0) r->cap_cal = cap;
}

/* Keep calibration points that make a monotonic, continuous mapping:
 * sorted by timestamp, at least TF_CAL_SPACING ns apart (plus the last
 * one), each later in ns than the one before. Interpolating between kept
 * points then preserves the order of every event. */
#define TF_CAL_SPACING 10000000ull

static void thin_calibration(reader *r)
{
    if (!r->ncal) return; /* ns-clock traces need none */
    qsort(r->cal, r->ncal, sizeof *r->cal, cal_cmp);
    size_t k = 0;
    for (size_t i = 0; i < r->ncal; i++) {
        cal_point p = r->cal[i];
        if (k && (p.ns <= r->cal[k - 1].ns || p.tsc <= r->cal[k - 1].tsc)) continue;
        if (k >= 2 && p.ns - r->cal[k - 1].ns < TF_CAL_SPACING && i + 1 < r->ncal) continue;
        r->cal[k++] = p;
    }
    /* the last point may sit closer than the spacing: keep it only if the
     * segment it makes is not tiny */
    if (k >= 3 && r->cal[k - 1].ns - r->cal[k - 2].ns < TF_CAL_SPACING / 10) {
        r->cal[k - 2] = r->cal[k - 1];
        k--;
    }
    r->ncal = k;
}

/* Piecewise-linear between kept points; before the first and after the
 * last, along the overall rate from that end (continuous either way). */
static uint64_t to_ns(const reader *r, uint64_t tsc)
{
    if (r->ns_clock || r->ncal == 0) return tsc;
    const cal_point *first = &r->cal[0], *last = &r->cal[r->ncal - 1];
    if (r->ncal == 1) return first->ns + (tsc - first->tsc); /* the rate is unknown */
    const cal_point *a = first, *b = last, *from = tsc <= first->tsc ? first : last;
    if (tsc > first->tsc && tsc < last->tsc) {
        size_t lo = 0, hi = r->ncal - 1;
        while (hi - lo > 1) {
            size_t mid = (lo + hi) / 2;
            if (r->cal[mid].tsc <= tsc)
                lo = mid;
            else
                hi = mid;
        }
        a = from = &r->cal[lo];
        b = &r->cal[hi];
    }
    double rate = (double)(b->ns - a->ns) / (double)(b->tsc - a->tsc);
    double ns = (double)from->ns + rate * (double)(int64_t)(tsc - from->tsc);
    return ns < 0 ? 0 : (uint64_t)(ns + 0.5);
}

/* ---- pass 1: chunks, definitions, calibration -------------------------------------- */

static char *dupn(const char *s, size_t max)
{
    size_t n = strnlen(s, max);
    char *d = malloc(n + 1);
    if (d) {
        memcpy(d, s, n);
        d[n] = 0;
    }
    return d;
}

/* Map id -> index, grown to hold `id` (new entries TF_NONE). */
static uint32_t *id_slot(uint32_t **map, uint32_t *n, uint32_t id)
{
    if (id >= *n) {
        uint32_t nn = id + 1 > 2 * *n ? id + 1 : 2 * *n;
        uint32_t *nm = realloc(*map, (size_t)nn * sizeof *nm);
        if (!nm) return NULL;
        for (uint32_t i = *n; i < nn; i++) nm[i] = TF_NONE;
        *map = nm;
        *n = nn;
    }
    return &(*map)[id];
}

static uint32_t id_lookup(const uint32_t *map, uint32_t n, uint32_t id)
{
    return id < n ? map[id] : TF_NONE;
}

/* One definition, as read from a DEFS chunk. */
typedef struct def {
    uint32_t id, line;
    const char *s[TF_DEF_MAX_STRINGS];
} def;

/* Each returns -1 if out of memory (the rest of the chunk is skipped). */
static int def_LOCATION(reader *r, const def *d)
{
    tf_trace *t = r->t;
    uint32_t id = d->id;
    if (id >= t->nlocs) {
        tf_tr_loc *nl = realloc(t->locs, (size_t)(id + 1) * sizeof *nl);
        if (!nl) return -1;
        memset(nl + t->nlocs, 0, (size_t)(id + 1 - t->nlocs) * sizeof *nl);
        t->locs = nl;
        t->nlocs = id + 1;
    }
    free(t->locs[id].name);
    free(t->locs[id].function);
    free(t->locs[id].file);
    t->locs[id].name = dupn(d->s[0], 1000);
    t->locs[id].function = dupn(d->s[1], 1000);
    t->locs[id].file = dupn(d->s[2], 1000);
    t->locs[id].line = d->line;
    return 0;
}

/* Pools enter t->pools at their first event (a pool without events is
 * not reported); the definition only names the id. */
static int def_POOL(reader *r, const def *d)
{
    if (d->id >= r->npool_names) {
        char **np = realloc(r->pool_names, (size_t)(d->id + 1) * sizeof *np);
        if (!np) return -1;
        memset(np + r->npool_names, 0, (size_t)(d->id + 1 - r->npool_names) * sizeof *np);
        r->pool_names = np;
        r->npool_names = d->id + 1;
    }
    free(r->pool_names[d->id]);
    r->pool_names[d->id] = dupn(d->s[0], 1000);
    return 0;
}

static int def_THREAD(reader *r, const def *d)
{
    tf_trace *t = r->t;
    uint32_t i;
    for (i = 0; i < t->nthreads; i++)
        if (t->threads[i].number == d->id) break;
    if (i == t->nthreads) {
        tf_tr_thread *nt = realloc(t->threads, (size_t)(i + 1) * sizeof *nt);
        if (!nt) return -1;
        t->threads = nt;
        t->nthreads = i + 1;
        t->threads[i].name = NULL;
        t->threads[i].process = 0;
    }
    t->threads[i].number = d->id;
    t->threads[i].tid = d->line;
    free(t->threads[i].name);
    t->threads[i].name = dupn(d->s[0], 200);
    return 0;
}

static int def_ZONE_NAME(reader *r, const def *d)
{
    tf_trace *t = r->t;
    uint32_t *slot = id_slot(&r->name_index, &r->nname_ids, d->id), n = t->nzone_names;
    tf_tr_zone_name z = {d->id, dupn(d->s[0], 1000), dupn(d->s[1], 1000), d->line};
    if (!slot || PUSH(t->zone_names, n, r->cap_zone_names, z)) {
        free(z.name);
        free(z.file);
        return -1;
    }
    *slot = t->nzone_names++;
    return 0;
}

static int def_CAPACITY(reader *r, const def *d)
{
    tf_trace *t = r->t;
    char **nn = realloc(t->cap_names, (size_t)(t->ncaps + 1) * sizeof *nn);
    if (nn) t->cap_names = nn;
    uint64_t *nb = realloc(t->cap_bytes, (size_t)(t->ncaps + 1) * sizeof *nb);
    if (nb) t->cap_bytes = nb;
    if (!nn || !nb) return -1;
    t->cap_names[t->ncaps] = dupn(d->s[0], 1000);
    t->cap_bytes[t->ncaps] = strtoull(d->s[1], NULL, 10);
    t->ncaps++;
    return 0;
}

static int def_TRACK(reader *r, const def *d)
{
    tf_trace *t = r->t;
    uint32_t *slot = id_slot(&r->track_index, &r->ntrack_ids, d->id), n = t->ntracks;
    tf_tr_track k = {d->id, dupn(d->s[0], 1000), dupn(d->s[1], 1000)};
    if (!slot || PUSH(t->tracks, n, r->cap_tracks, k)) {
        free(k.group);
        free(k.name);
        return -1;
    }
    *slot = t->ntracks++;
    return 0;
}

static int def_DEVICE_ZONE(reader *r, const def *d)
{
    tf_trace *t = r->t;
    size_t n = t->ndev_sites;
    tf_tr_dev_site z = {
        d->id, dupn(d->s[0], 1000), dupn(d->s[1], 1000), dupn(d->s[2], 1000), d->line, 0};
    if (!z.name || !z.file || !z.image || PUSH(t->dev_sites, n, r->cap_dev_sites, z)) {
        free(z.name);
        free(z.file);
        free(z.image);
        return -1;
    }
    t->dev_sites[t->ndev_sites].hash = cm_dprof_hash(z.name, z.file, z.line);
    t->ndev_sites++;
    return 0;
}

static int def_CLOCK_SYNC(reader *r, const def *d)
{
    tf_trace *t = r->t;
    t->has_sync = 1;
    t->sync_host_clock = d->line != 0;
    t->sync_host_ns = strtoull(d->s[0], NULL, 10);
    t->sync_cycle = strtoull(d->s[1], NULL, 10);
    t->sync_ns_per_cycle = strtod(d->s[2], NULL);
    if (!(t->sync_ns_per_cycle > 0)) t->sync_ns_per_cycle = 1.0;
    return 0;
}

static int site_cmp(const void *a, const void *b)
{
    const tf_tr_dev_site *x = a, *y = b;
    return (x->id > y->id) - (x->id < y->id);
}

const tf_tr_dev_site *tf_trace_dev_site(const tf_trace *t, const tf_tr_dev_block *b, uint32_t zid)
{
    uint32_t image = zid < TF_ZONE_ID_KERNEL ? b->h.fw_image : b->h.kernel_image;
    if (!image) return NULL;
    uint32_t id = image << 16 | zid, lo = 0, hi = t->ndev_sites;
    while (lo < hi) {
        uint32_t mid = (lo + hi) / 2;
        if (t->dev_sites[mid].id < id)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo < t->ndev_sites && t->dev_sites[lo].id == id ? &t->dev_sites[lo] : NULL;
}

static int def_unknown(reader *r, const def *d)
{
    (void)d;
    r->t->unknown_records++;
    return 0;
}

static int (*def_reader(uint32_t kind))(reader *, const def *)
{
    switch (kind) {
#define TF_DEF_READER(name, code, strings, meaning)                                                \
    case code: return def_##name;
        TF_TRACE_DEFS(TF_DEF_READER)
#undef TF_DEF_READER
    default: return def_unknown;
    }
}

static void read_defs(reader *r, const chunk_ref *c)
{
    tf_trace *t = r->t;
    const uint8_t *p = (const uint8_t *)c->payload, *end = p + c->h->payload_bytes;
    while (p + sizeof(tf_trace_def_header) <= end) {
        tf_trace_def_header h;
        memcpy(&h, p, sizeof h);
        const char *s = (const char *)(p + sizeof h);
        if (h.nbytes > (size_t)(end - p) - sizeof h) {
            warn(t, "definition chunk %u is malformed; its definitions were skipped", c->h->seq);
            return;
        }
        def d = {h.id, h.line, {"", "", ""}};
        size_t off = 0;
        for (int i = 0; i < TF_DEF_MAX_STRINGS && off < h.nbytes; i++) {
            d.s[i] = s + off;
            off += strnlen(s + off, h.nbytes - off) + 1;
        }
        if (def_reader(h.kind)(r, &d)) return;
        p += sizeof h + ((h.nbytes + 7) & ~7u);
    }
}

static int header_ok(const tf_chunk_header *h, size_t avail)
{
    return h->magic == TF_CHUNK_MAGIC && tf_chunk_kind_known(h->kind) &&
           (h->payload_bytes & 7) == 0 && h->payload_bytes <= avail - sizeof *h;
}

static void scan_chunks(reader *r)
{
    tf_trace *t = r->t;
    size_t off = sizeof(tf_trace_header);
    while (off < r->size) {
        size_t avail = r->size - off;
        const tf_chunk_header *h = (const tf_chunk_header *)(r->data + off);
        if (avail < sizeof *h ||
            (h->magic == TF_CHUNK_MAGIC && h->payload_bytes > avail - sizeof *h &&
             (h->payload_bytes & 7) == 0)) {
            t->truncated_bytes = avail; /* the last chunk was cut short */
            break;
        }
        const uint64_t *payload = (const uint64_t *)(h + 1);
        if (!header_ok(h, avail) ||
            tf_trace_checksum(payload, h->payload_bytes / 8) != h->checksum) {
            /* corrupt: look for the next chunk that checks out */
            size_t next = off + 8;
            for (; next + sizeof *h <= r->size; next += 8) {
                const tf_chunk_header *c = (const tf_chunk_header *)(r->data + next);
                if (header_ok(c, r->size - next) &&
                    tf_trace_checksum((const uint64_t *)(c + 1), c->payload_bytes / 8) ==
                        c->checksum)
                    break;
            }
            if (next + sizeof *h > r->size) next = r->size;
            t->bad_bytes += next - off;
            warn(t, "%zu corrupt bytes at offset %zu were skipped", next - off, off);
            off = next;
            continue;
        }
        chunk_ref c = {h, payload};
        size_t cap = r->cap_chunks;
        if (PUSH(r->chunks, r->nchunks, cap, c)) break;
        r->cap_chunks = cap;
        add_cal(r, h->cal_tsc, h->cal_ns);
        if (h->kind == TF_CHUNK_DEFS) read_defs(r, &c);
        if (h->kind == TF_CHUNK_TRAILER && h->payload_bytes >= sizeof(tf_trace_trailer)) {
            memcpy(&t->trailer, payload, sizeof t->trailer);
            t->has_trailer = 1;
            add_cal(r, t->trailer.end_tsc, t->trailer.end_ns);
        }
        off += sizeof *h + h->payload_bytes;
    }
}

/* ---- pass 2: events --------------------------------------------------------------- */

static uint32_t thread_index(reader *r, uint32_t number)
{
    tf_trace *t = r->t;
    for (uint32_t i = 0; i < t->nthreads; i++)
        if (t->threads[i].number == number) return i;
    tf_tr_thread *nt = realloc(t->threads, (size_t)(t->nthreads + 1) * sizeof *nt);
    if (!nt) return 0;
    t->threads = nt;
    char name[32];
    snprintf(name, sizeof name, "thread %u", number);
    nt[t->nthreads] = (tf_tr_thread){number, 0, strdup(name), 0};
    return t->nthreads++;
}

static struct stack *stack_of(reader *r, uint32_t ti)
{
    if (ti >= r->nstacks) {
        struct stack *ns = realloc(r->stacks, (size_t)(ti + 1) * sizeof *ns);
        if (!ns) return NULL;
        memset(ns + r->nstacks, 0, (size_t)(ti + 1 - r->nstacks) * sizeof *ns);
        r->stacks = ns;
        r->nstacks = ti + 1;
    }
    return &r->stacks[ti];
}

/* Index into t->pools of pool `id`, entered at its first event. */
static uint32_t pool_index(reader *r, uint32_t id)
{
    tf_trace *t = r->t;
    uint32_t *slot = id_slot(&r->pool_index, &r->npool_ids, id);
    if (!slot) return 0;
    if (*slot != TF_NONE) return *slot;
    char unknown[32];
    const char *name = id < r->npool_names ? r->pool_names[id] : NULL;
    if (!name) {
        snprintf(unknown, sizeof unknown, "pool #%u", id);
        name = unknown;
    }
    char **np = realloc(t->pools, (size_t)(t->npools + 1) * sizeof *np);
    if (!np) return 0;
    t->pools = np;
    if (!(t->pools[t->npools] = strdup(name))) return 0;
    *slot = t->npools;
    return t->npools++;
}

static void close_zone(reader *r, struct stack *st, uint64_t ns)
{
    tf_tr_zone *z = &r->t->zones[st->idx[--st->n]];
    z->end_ns = ns;
}

static void append_text(tf_tr_zone *z, const char *s, size_t n)
{
    size_t old = z->text ? strlen(z->text) : 0;
    char *nt = realloc(z->text, old + (old ? 2 : 0) + n + 1);
    if (!nt) return;
    if (old) memcpy(nt + old, "; ", 2), old += 2;
    memcpy(nt + old, s, n);
    nt[old + n] = 0;
    z->text = nt;
}

/* One record being decoded: its thread, the thread's zone stack, the
 * record's words (p[0] the header), argument and time. */
typedef struct rec {
    uint32_t thread;
    struct stack *st;
    const uint64_t *p;
    uint32_t arg;
    uint64_t ns;
} rec;

/* Each returns -1 if out of memory (the rest of the chunk is skipped). */
static int rec_ZONE_BEGIN(reader *r, const rec *e)
{
    tf_trace *t = r->t;
    struct stack *st = e->st;
    tf_tr_zone z = {
        e->thread, e->arg, st->n ? st->idx[st->n - 1] : TF_NONE, (uint32_t)st->n, e->ns, e->ns,
        NULL,      0};
    uint32_t idx = (uint32_t)t->nzones;
    if (PUSH(t->zones, t->nzones, r->cap_zones, z)) return -1;
    return PUSH(st->idx, st->n, st->cap, idx);
}

static int rec_ZONE_END(reader *r, const rec *e)
{
    tf_trace *t = r->t;
    struct stack *st = e->st;
    if (!st->n) {
        t->orphan_ends++;
        return 0;
    }
    if (t->zones[st->idx[st->n - 1]].loc != e->arg) {
        /* ends out of order: close inner zones up to the matching one */
        size_t k = st->n;
        while (k && t->zones[st->idx[k - 1]].loc != e->arg) k--;
        if (!k) {
            t->orphan_ends++;
            return 0;
        }
        t->mismatched_ends++;
        while (st->n > k) close_zone(r, st, e->ns);
    }
    close_zone(r, st, e->ns);
    return 0;
}

static int rec_ZONE_TEXT(reader *r, const rec *e)
{
    if (e->st->n)
        append_text(&r->t->zones[e->st->idx[e->st->n - 1]], (const char *)(e->p + 1), e->arg);
    return 0;
}

static int rec_FRAME(reader *r, const rec *e)
{
    tf_tr_frame f = {e->thread, e->ns};
    return PUSH(r->t->frames, r->t->nframes, r->cap_frames, f);
}

static int mem_event(reader *r, const rec *e, int op, uint64_t ptr, uint64_t size)
{
    tf_tr_mem m = {op, pool_index(r, e->arg), ptr, size, e->ns, e->thread};
    return PUSH(r->t->mem, r->t->nmem, r->cap_mem, m);
}

static int rec_ALLOC(reader *r, const rec *e)
{
    return mem_event(r, e, TF_MEM_ALLOC, e->p[1], e->p[2]);
}

static int rec_FREE(reader *r, const rec *e)
{
    return mem_event(r, e, TF_MEM_FREE, e->p[1], 0);
}

static int rec_RESET(reader *r, const rec *e)
{
    return mem_event(r, e, TF_MEM_RESET, 0, 0);
}

static int rec_TRACK_ZONE(reader *r, const rec *e)
{
    uint32_t track = e->p[1] <= UINT32_MAX
                         ? id_lookup(r->track_index, r->ntrack_ids, (uint32_t)e->p[1])
                         : TF_NONE;
    tf_tr_track_zone z = {id_lookup(r->name_index, r->nname_ids, e->arg), track, e->p[2], e->p[3],
                          e->ns};
    return PUSH(r->t->track_zones, r->t->ntrack_zones, r->cap_track_zones, z);
}

/* The fixed header of a byte record (DEVICE_BLOCK, DEVICE_PC) into h: 0 if
 * the record is shorter than it (counted as unreadable). */
static int rec_header(reader *r, const rec *e, void *h, size_t n)
{
    if (e->arg < n) {
        r->t->unknown_records++;
        return 0;
    }
    memcpy(h, e->p + 1, n);
    return 1;
}

/* A DEVICE_BLOCK whose header or word count does not fit its length is
 * counted as unreadable. */
static int rec_DEVICE_BLOCK(reader *r, const rec *e)
{
    tf_trace *t = r->t;
    tf_tr_dev_block b;
    if (!rec_header(r, e, &b.h, sizeof b.h)) return 0;
    if ((uint64_t)b.h.nwords * 4 > e->arg - sizeof b.h) {
        t->unknown_records++;
        return 0;
    }
    b.word0 = t->ndev_words;
    if (grow((void **)&t->dev_words, &r->cap_dev_words, t->ndev_words + b.h.nwords,
             sizeof *t->dev_words))
        return -1;
    if (b.h.nwords)
        memcpy(t->dev_words + t->ndev_words, (const char *)(e->p + 1) + sizeof b.h,
               (size_t)b.h.nwords * 4);
    t->ndev_words += b.h.nwords;
    return PUSH(t->dev_blocks, t->ndev_blocks, r->cap_dev_blocks, b);
}

static int rec_DEVICE_PC(reader *r, const rec *e)
{
    tf_trace *t = r->t;
    tf_tr_dev_pc pc;
    if (!rec_header(r, e, &pc.h, sizeof pc.h)) return 0;
    pc.text = dupn((const char *)(e->p + 1) + sizeof pc.h, e->arg - sizeof pc.h);
    if (!pc.text || PUSH(t->dev_pcs, t->ndev_pcs, r->cap_dev_pcs, pc)) {
        free(pc.text);
        return -1;
    }
    return 0;
}

/* A DEVICE_PERF record (contracts/tf_perf.h): its pairs are kept as they
 * are; one whose pair count does not fit its length is unreadable. */
static int rec_DEVICE_PERF(reader *r, const rec *e)
{
    tf_trace *t = r->t;
    tf_tr_dev_perf p;
    if (!rec_header(r, e, &p.h, sizeof p.h)) return 0;
    if ((uint64_t)p.h.npairs * 16 > e->arg - sizeof p.h) {
        t->unknown_records++;
        return 0;
    }
    p.pair0 = t->nperf_pairs / 2;
    p.thread = e->thread;
    if (grow((void **)&t->perf_pairs, &r->cap_perf_pairs, t->nperf_pairs + 2 * (size_t)p.h.npairs,
             sizeof *t->perf_pairs))
        return -1;
    if (p.h.npairs)
        memcpy(t->perf_pairs + t->nperf_pairs, (const char *)(e->p + 1) + sizeof p.h,
               (size_t)p.h.npairs * 16);
    t->nperf_pairs += 2 * (size_t)p.h.npairs;
    return PUSH(t->dev_perfs, t->ndev_perfs, r->cap_dev_perfs, p);
}

uint32_t tf_trace_dev_perf(const tf_trace *t, const tf_tr_dev_perf *p, tf_perf_core *out)
{
    uint32_t bad = 0;
    for (uint32_t i = 0; i < p->h.npairs; i++) {
        const uint64_t *kv = t->perf_pairs + 2 * (p->pair0 + i);
        bad += tf_perf_decode(out, kv[0], kv[1]) != 0;
    }
    return bad;
}

static int rec_unknown(reader *r, const rec *e)
{
    (void)e;
    r->t->unknown_records++;
    return 0;
}

static int (*rec_reader(unsigned type))(reader *, const rec *)
{
    switch (type) {
#define TF_REC_READER(name, code, words, arg, payload)                                             \
    case code: return rec_##name;
        TF_TRACE_RECORDS(TF_REC_READER)
#undef TF_REC_READER
    default: return rec_unknown;
    }
}

static void read_events(reader *r, const chunk_ref *c)
{
    tf_trace *t = r->t;
    uint32_t ti = thread_index(r, c->h->thread);
    struct stack *st = stack_of(r, ti);
    if (!st) return;
    const uint64_t *p = c->payload, *end = p + c->h->payload_bytes / 8;
    uint64_t *unpacked = NULL;
    if (c->h->kind == TF_CHUNK_PACKED) {
        size_t cap = c->h->payload_bytes + 1, n = 0;
        unpacked = malloc(cap * sizeof *unpacked);
        if (!unpacked ||
            tf_trace_unpack((const uint8_t *)c->payload, c->h->payload_bytes, unpacked, cap, &n)) {
            warn(t, "packed chunk %u is malformed; its records were skipped", c->h->seq);
            t->unknown_records++;
            free(unpacked);
            return;
        }
        p = unpacked;
        end = unpacked + n;
    }
    while (p < end) {
        uint64_t w = *p;
        size_t words = tf_rec_words(w);
        if ((size_t)(end - p) < words) {
            warn(t, "a record at the end of chunk %u is cut short", c->h->seq);
            t->unknown_records++;
            break;
        }
        rec e = {ti, st, p, TF_REC_ARG(w), to_ns(r, c->h->tsc_base + TF_REC_DELTA(w))};
        st->last_ns = e.ns;
        if (rec_reader(TF_REC_TYPE(w))(r, &e)) break;
        p += words;
    }
    free(unpacked);
}

tf_trace *tf_trace_load(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f) return cm_err_null("%s: cannot open: %s", path, strerror(errno));
    reader r;
    memset(&r, 0, sizeof r);
    size_t cap = 0;
    for (;;) {
        if (grow((void **)&r.data, &cap, r.size + 65536, 1)) {
            fclose(f);
            free(r.data);
            return cm_err_null("%s: out of memory", path);
        }
        size_t n = fread(r.data + r.size, 1, cap - r.size, f);
        r.size += n;
        if (n == 0) break;
    }
    fclose(f);
    if (r.size == 0) {
        free(r.data);
        return cm_err_null("%s: the file is empty (the program wrote nothing: was it built with "
                           "-DTT_FOIL_ENABLE_TRACY=ON?)",
                           path);
    }
    if (r.size < sizeof(tf_trace_header) || memcmp(r.data, TF_TRACE_MAGIC, 8) != 0) {
        free(r.data);
        return cm_err_null("%s: not a tt-foil trace (%s)", path,
                           r.size < sizeof(tf_trace_header) ? "shorter than the header"
                                                            : "no TFTRACE1 magic");
    }
    uint32_t version;
    memcpy(&version, r.data + offsetof(tf_trace_header, version), sizeof version);
    if (version != TF_TRACE_VERSION) {
        free(r.data);
        return cm_err_null("%s: file format version %u; this reader reads version %u (record "
                           "the run again with this tt-foil)",
                           path, version, TF_TRACE_VERSION);
    }
    tf_trace *t = calloc(1, sizeof *t);
    if (!t) {
        free(r.data);
        return cm_err_null("%s: out of memory", path);
    }
    r.t = t;
    t->path = strdup(path);
    memcpy(&t->header, r.data, sizeof t->header);
    t->header.program[sizeof t->header.program - 1] = 0;
    r.ns_clock = (t->header.flags & TF_TRACE_FLAG_NS_CLOCK) != 0;
    add_cal(&r, t->header.start_tsc, t->header.start_ns);
    scan_chunks(&r);
    if (t->ndev_sites)
        qsort(t->dev_sites, t->ndev_sites, sizeof *t->dev_sites, site_cmp); /* tf_trace_dev_site */
    thin_calibration(&r);
    for (size_t i = 0; i < r.nchunks; i++)
        if (r.chunks[i].h->kind == TF_CHUNK_EVENTS || r.chunks[i].h->kind == TF_CHUNK_PACKED)
            read_events(&r, &r.chunks[i]);
    /* zones still open: the program stopped inside them */
    for (uint32_t i = 0; i < r.nstacks; i++) {
        struct stack *st = &r.stacks[i];
        while (st->n) {
            t->zones[st->idx[st->n - 1]].unterminated = 1;
            t->unterminated++;
            close_zone(&r, st, st->last_ns);
        }
        free(st->idx);
    }
    if (t->truncated_bytes)
        warn(t,
             "the last %llu bytes are an unfinished chunk (the program was stopped while "
             "writing); they were left out",
             (unsigned long long)t->truncated_bytes);
    if (!t->has_trailer)
        warn(t, "no trailer: the program did not exit normally; everything written before it "
                "stopped was read");
    if (t->has_trailer && t->trailer.lost_records)
        warn(t, "the program could not write %llu records (see its stderr)",
             (unsigned long long)t->trailer.lost_records);
    if (t->unterminated)
        warn(t, "%llu zones never ended (ended at their thread's last event)",
             (unsigned long long)t->unterminated);
    if (t->mismatched_ends)
        warn(t, "%llu zone ends came out of order", (unsigned long long)t->mismatched_ends);
    if (t->orphan_ends)
        warn(t, "%llu zone ends had no matching begin", (unsigned long long)t->orphan_ends);
    if (t->unknown_records)
        warn(t, "%llu records of unknown type were skipped",
             (unsigned long long)t->unknown_records);
    free(r.stacks);
    for (uint32_t i = 0; i < r.npool_names; i++) free(r.pool_names[i]);
    free(r.pool_names);
    free(r.pool_index);
    free(r.name_index);
    free(r.track_index);
    free(r.chunks);
    free(r.cal);
    free(r.data);
    return t;
}

uint64_t tf_trace_pool_capacity(const tf_trace *t, const char *pool)
{
    for (uint32_t i = 0; i < t->ncaps; i++)
        if (!strcmp(pool, t->cap_names[i])) return t->cap_bytes[i];
    return 0;
}

void tf_trace_span(const tf_trace *t, uint64_t *first, uint64_t *last)
{
    uint64_t lo = UINT64_MAX, hi = 0;
    for (size_t i = 0; i < t->nzones; i++) {
        if (t->zones[i].start_ns < lo) lo = t->zones[i].start_ns;
        if (t->zones[i].end_ns > hi) hi = t->zones[i].end_ns;
    }
    for (size_t i = 0; i < t->nframes; i++) {
        if (t->frames[i].ns < lo) lo = t->frames[i].ns;
        if (t->frames[i].ns > hi) hi = t->frames[i].ns;
    }
    for (size_t i = 0; i < t->nmem; i++) {
        if (t->mem[i].ns < lo) lo = t->mem[i].ns;
        if (t->mem[i].ns > hi) hi = t->mem[i].ns;
    }
    if (lo == UINT64_MAX) lo = hi = 0;
    *first = lo;
    *last = hi;
}

void tf_trace_free(tf_trace *t)
{
    if (!t) return;
    for (uint32_t i = 0; i < t->nthreads; i++) free(t->threads[i].name);
    for (uint32_t i = 0; i < t->nlocs; i++) {
        free(t->locs[i].name);
        free(t->locs[i].function);
        free(t->locs[i].file);
    }
    for (uint32_t i = 0; i < t->npools; i++) free(t->pools[i]);
    for (size_t i = 0; i < t->nzones; i++) free(t->zones[i].text);
    for (uint32_t i = 0; i < t->nzone_names; i++) {
        free(t->zone_names[i].name);
        free(t->zone_names[i].file);
    }
    for (uint32_t i = 0; i < t->ntracks; i++) {
        free(t->tracks[i].group);
        free(t->tracks[i].name);
    }
    for (int i = 0; i < t->nwarnings; i++) free(t->warnings[i]);
    for (uint32_t i = 0; i < t->ncaps; i++) free(t->cap_names[i]);
    for (uint32_t i = 0; i < t->ndev_sites; i++) {
        free(t->dev_sites[i].name);
        free(t->dev_sites[i].file);
        free(t->dev_sites[i].image);
    }
    for (size_t i = 0; i < t->ndev_pcs; i++) free(t->dev_pcs[i].text);
    free(t->dev_sites);
    free(t->dev_blocks);
    free(t->dev_words);
    free(t->dev_pcs);
    free(t->dev_perfs);
    free(t->perf_pairs);
    free(t->cap_names);
    free(t->cap_bytes);
    free(t->threads);
    free(t->locs);
    free(t->pools);
    free(t->zones);
    free(t->frames);
    free(t->mem);
    free(t->track_zones);
    free(t->zone_names);
    free(t->tracks);
    free(t->warnings);
    free(t->path);
    free(t);
}
