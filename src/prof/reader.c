/* The trace reader (tf_trace_reader.h). Two passes over the file: the first
 * validates chunks and collects definitions and calibration points, the
 * second decodes events, converting timestamps by piecewise-linear
 * interpolation between calibration points. */
#include "tf_trace_reader.h"
#include "cm_map.h"
#include "cm_err.h"
#include "tf_trace_pack.h"

#include <errno.h>
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
    size_t cap_zones, cap_frames, cap_mem, cap_dev;
    char **base_pools; /* pool definitions by id: base names */
    uint32_t nbase_pools;
    cm_map pools; /* (base id, where) -> full pool index */
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

static void read_defs(reader *r, const chunk_ref *c)
{
    tf_trace *t = r->t;
    const uint8_t *p = (const uint8_t *)c->payload, *end = p + c->h->payload_bytes;
    while (p + 16 <= end) {
        uint32_t kind, id, line, nbytes;
        memcpy(&kind, p, 4);
        memcpy(&id, p + 4, 4);
        memcpy(&line, p + 8, 4);
        memcpy(&nbytes, p + 12, 4);
        const char *s = (const char *)(p + 16);
        if (nbytes > (size_t)(end - p) - 16) {
            warn(t, "definition chunk %u is malformed; its definitions were skipped", c->h->seq);
            return;
        }
        const char *strs[3] = {"", "", ""};
        size_t off = 0;
        for (int i = 0; i < 3 && off < nbytes; i++) {
            strs[i] = s + off;
            off += strnlen(s + off, nbytes - off) + 1;
        }
        switch (kind) {
        case TF_DEF_LOCATION:
            if (id >= t->nlocs) {
                tf_tr_loc *nl = realloc(t->locs, (size_t)(id + 1) * sizeof *nl);
                if (!nl) return;
                memset(nl + t->nlocs, 0, (size_t)(id + 1 - t->nlocs) * sizeof *nl);
                t->locs = nl;
                t->nlocs = id + 1;
            }
            free(t->locs[id].name);
            free(t->locs[id].function);
            free(t->locs[id].file);
            t->locs[id].name = dupn(strs[0], 1000);
            t->locs[id].function = dupn(strs[1], 1000);
            t->locs[id].file = dupn(strs[2], 1000);
            t->locs[id].line = line;
            break;
        case TF_DEF_POOL:
            if (id >= r->nbase_pools) {
                char **np = realloc(r->base_pools, (size_t)(id + 1) * sizeof *np);
                if (!np) return;
                memset(np + r->nbase_pools, 0, (size_t)(id + 1 - r->nbase_pools) * sizeof *np);
                r->base_pools = np;
                r->nbase_pools = id + 1;
            }
            free(r->base_pools[id]);
            r->base_pools[id] = dupn(strs[0], 1000);
            break;
        case TF_DEF_THREAD: {
            uint32_t i;
            for (i = 0; i < t->nthreads; i++)
                if (t->threads[i].number == id) break;
            if (i == t->nthreads) {
                tf_tr_thread *nt = realloc(t->threads, (size_t)(i + 1) * sizeof *nt);
                if (!nt) return;
                t->threads = nt;
                t->nthreads = i + 1;
                t->threads[i].name = NULL;
            }
            t->threads[i].number = id;
            t->threads[i].tid = line;
            free(t->threads[i].name);
            t->threads[i].name = dupn(strs[0], 200);
            break;
        }
        case TF_DEF_DEVZONE: {
            tf_tr_devname *nd = realloc(t->devnames, (size_t)(t->ndevnames + 1) * sizeof *nd);
            if (!nd) return;
            t->devnames = nd;
            nd[t->ndevnames].id = id;
            nd[t->ndevnames].name = dupn(strs[0], 1000);
            nd[t->ndevnames].file = dupn(strs[1], 1000);
            nd[t->ndevnames].line = line;
            t->ndevnames++;
            break;
        }
        case TF_DEF_CAPACITY: {
            char **nn = realloc(t->cap_names, (size_t)(t->ncaps + 1) * sizeof *nn);
            uint64_t *nb = realloc(t->cap_bytes, (size_t)(t->ncaps + 1) * sizeof *nb);
            if (nn) t->cap_names = nn;
            if (nb) t->cap_bytes = nb;
            if (!nn || !nb) return;
            t->cap_names[t->ncaps] = dupn(strs[0], 1000);
            t->cap_bytes[t->ncaps] = strtoull(strs[1], NULL, 10);
            t->ncaps++;
            break;
        }
        default: t->unknown_records++; break;
        }
        p += 16 + ((nbytes + 7) & ~7u);
    }
}

static int header_ok(const tf_chunk_header *h, size_t avail)
{
    return h->magic == TF_CHUNK_MAGIC && h->kind >= TF_CHUNK_EVENTS && h->kind <= TF_CHUNK_PACKED &&
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
    nt[t->nthreads] = (tf_tr_thread){number, 0, strdup(name)};
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

/* Index of the full pool name for (base pool id, where): "Device L1" plus
 * " (x,y)" for per-core pools. */
static uint32_t pool_index(reader *r, uint32_t base, uint64_t where)
{
    tf_trace *t = r->t;
    uint64_t key = ((uint64_t)base << 17) | (where & 0x1ffff) | (1ull << 63);
    int is_new;
    uint32_t *slot = cm_map_slot(&r->pools, key, NULL, NULL, &is_new);
    if (!slot) return 0;
    if (!is_new) return *slot;
    char name[1100];
    const char *b = base < r->nbase_pools && r->base_pools[base] ? r->base_pools[base] : NULL;
    char unknown[32];
    if (!b) {
        snprintf(unknown, sizeof unknown, "pool #%u", base);
        b = unknown;
    }
    if (where & (1ull << 16))
        snprintf(name, sizeof name, "%s (%u,%u)", b, (unsigned)(where & 0xff),
                 (unsigned)((where >> 8) & 0xff));
    else
        snprintf(name, sizeof name, "%s", b);
    char **np = realloc(t->pools, (size_t)(t->npools + 1) * sizeof *np);
    if (!np) return 0;
    t->pools = np;
    t->pools[t->npools] = strdup(name);
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
        unsigned type = TF_REC_TYPE(w);
        uint32_t arg = TF_REC_ARG(w);
        uint64_t ns = to_ns(r, c->h->tsc_base + TF_REC_DELTA(w));
        size_t words = 1;
        switch (type) {
        case TF_R_ZONE_TEXT: words = 1 + (arg + 7) / 8; break;
        case TF_R_ALLOC: words = 4; break;
        case TF_R_FREE: words = 3; break;
        case TF_R_RESET: words = 2; break;
        case TF_R_DEVZONE: words = 4; break;
        }
        if ((size_t)(end - p) < words) {
            warn(t, "a record at the end of chunk %u is cut short", c->h->seq);
            t->unknown_records++;
            break;
        }
        st->last_ns = ns;
        switch (type) {
        case TF_R_ZONE_BEGIN: {
            tf_tr_zone z = {
                ti, arg, st->n ? st->idx[st->n - 1] : TF_NONE, (uint32_t)st->n, ns, ns, NULL, 0};
            uint32_t idx = (uint32_t)t->nzones;
            if (PUSH(t->zones, t->nzones, r->cap_zones, z)) return;
            if (PUSH(st->idx, st->n, st->cap, idx)) return;
            break;
        }
        case TF_R_ZONE_END: {
            if (!st->n) {
                t->orphan_ends++;
                break;
            }
            if (t->zones[st->idx[st->n - 1]].loc != arg) {
                /* ends out of order: close inner zones up to the matching one */
                size_t k = st->n;
                while (k && t->zones[st->idx[k - 1]].loc != arg) k--;
                if (!k) {
                    t->orphan_ends++;
                    break;
                }
                t->mismatched_ends++;
                while (st->n > k) close_zone(r, st, ns);
            }
            close_zone(r, st, ns);
            break;
        }
        case TF_R_ZONE_TEXT:
            if (st->n) append_text(&t->zones[st->idx[st->n - 1]], (const char *)(p + 1), arg);
            break;
        case TF_R_FRAME: {
            tf_tr_frame f = {ti, ns};
            PUSH(t->frames, t->nframes, r->cap_frames, f);
            break;
        }
        case TF_R_ALLOC:
        case TF_R_FREE:
        case TF_R_RESET: {
            tf_tr_mem m = {0};
            m.op = type == TF_R_ALLOC  ? TF_MEM_ALLOC
                   : type == TF_R_FREE ? TF_MEM_FREE
                                       : TF_MEM_RESET;
            uint64_t where = type == TF_R_ALLOC ? p[3] : type == TF_R_FREE ? p[2] : p[1];
            if (type != TF_R_RESET) m.ptr = p[1];
            if (type == TF_R_ALLOC) m.size = p[2];
            m.pool = pool_index(r, arg, where);
            m.ns = ns;
            m.thread = ti;
            if (PUSH(t->mem, t->nmem, r->cap_mem, m)) return;
            break;
        }
        case TF_R_DEVZONE: {
            tf_tr_devzone d = {arg,
                               p[1],
                               p[2],
                               (int)(p[3] & 0xff),
                               (int)((p[3] >> 8) & 0xff),
                               (int)((p[3] >> 24) & 0xff),
                               ns};
            PUSH(t->devzones, t->ndevzones, r->cap_dev, d);
            break;
        }
        default: t->unknown_records++; break;
        }
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
    tf_trace *t = calloc(1, sizeof *t);
    if (!t) {
        free(r.data);
        return cm_err_null("%s: out of memory", path);
    }
    r.t = t;
    t->path = strdup(path);
    memcpy(&t->header, r.data, sizeof t->header);
    t->header.program[sizeof t->header.program - 1] = 0;
    if (t->header.version != TF_TRACE_VERSION) {
        warn(t, "file format version %u; this reader knows version %u", t->header.version,
             TF_TRACE_VERSION);
    }
    r.ns_clock = (t->header.flags & TF_TRACE_FLAG_NS_CLOCK) != 0;
    add_cal(&r, t->header.start_tsc, t->header.start_ns);
    scan_chunks(&r);
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
    for (uint32_t i = 0; i < r.nbase_pools; i++) free(r.base_pools[i]);
    free(r.base_pools);
    cm_map_free(&r.pools);
    free(r.chunks);
    free(r.cal);
    free(r.data);
    return t;
}

uint64_t tf_trace_pool_capacity(const tf_trace *t, const char *pool)
{
    for (uint32_t i = 0; i < t->ncaps; i++) {
        size_t n = strlen(t->cap_names[i]);
        if (!strncmp(pool, t->cap_names[i], n) && (pool[n] == 0 || !strncmp(pool + n, " (", 2)))
            return t->cap_bytes[i];
    }
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
    for (uint32_t i = 0; i < t->ndevnames; i++) {
        free(t->devnames[i].name);
        free(t->devnames[i].file);
    }
    for (int i = 0; i < t->nwarnings; i++) free(t->warnings[i]);
    for (uint32_t i = 0; i < t->ncaps; i++) free(t->cap_names[i]);
    free(t->cap_names);
    free(t->cap_bytes);
    free(t->threads);
    free(t->locs);
    free(t->pools);
    free(t->zones);
    free(t->frames);
    free(t->mem);
    free(t->devzones);
    free(t->devnames);
    free(t->warnings);
    free(t->path);
    free(t);
}
