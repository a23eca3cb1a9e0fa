/* The trace reader (tt_foil/trace.h). Two passes over the file: the first
 * validates chunks and collects definitions and calibration points, the
 * second decodes events, converting timestamps by piecewise-linear
 * interpolation between calibration points. Both dispatch through tables
 * generated from TF_TRACE_DEFS and TF_TRACE_RECORDS: a record type or
 * definition kind without a reader here does not compile.
 *
 * A file is read through windows (pread into buffers sized to the chunks,
 * reused), never mapped: memory stays bounded by what is kept, and a file
 * that another process truncates, rewrites or extends while it is read is
 * reported (and its losses counted), where a mapping would raise SIGBUS.
 * No pointer into file data outlives its window: chunks are remembered by
 * offset and header, and read again (and checked again) by the second pass. */
#define _GNU_SOURCE /* memmem */
#include "tt_foil/trace.h"
#include "trace_api.h"
#include "common/cm_csv.h"
#include "common/cm_dprof.h"
#include "common/cm_err.h"
#include "common/cm_file.h"
#include "common/cm_grow.h"
#include "common/cm_handle.h"
#include "common/cm_map.h"
#include "tf_profiler.h"

#include <errno.h>
#include <fcntl.h>
#include <stddef.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

typedef tf_tr_cal cal_point;

typedef struct chunk_ref {
    tf_chunk_header hc; /* a copy (the file's may sit at any offset) */
    const tf_chunk_header *h;
    size_t off; /* in the file */
} chunk_ref;

/* File bytes [off, off + len) in buf (cap bytes, malloc'd: 8-byte aligned). */
typedef struct window {
    uint8_t *buf;
    size_t cap, off, len;
} window;

typedef struct reader {
    tf_trace *t;
    /* the source: a file (fd, read through the windows) or memory (data,
     * owned; fd -1) */
    int fd;
    uint8_t *data;
    size_t size;        /* bytes to read: the file's size at open, less if it shrank */
    size_t size0;       /* the file's size at open */
    window wc;          /* the chunk being read (and the next one's header) */
    window wd;          /* an earlier chunk its repeat is compared with */
    window ws;          /* the resync scan */
    uint64_t *unpacked; /* a PACKED chunk's records */
    size_t cap_unpacked;
    /* the file changed under the reader: reading stopped at stop_at
     * (stop_err: 0 it shrank, to size; else an errno); pass 1 stopped at
     * scan_stop (its bytes from there on lost), pass 2 lost lost_chunks
     * (not readable) and changed_chunks (no longer what pass 1 read) */
    int stopped, stop_err;
    size_t stop_at, scan_stop;
    uint64_t lost_chunks, changed_chunks;
    uint32_t first_changed_seq;
    size_t first_changed_off;
    uint32_t version;
    size_t chead; /* bytes of a chunk header in this version */
    chunk_ref *chunks;
    size_t nchunks, cap_chunks;
    cal_point *cal;
    size_t ncal, cap_cal;
    /* to_ns's last segment (cal[seg], cal[seg + 1]) and its rate: events
     * come in time order, so most fall in the segment before (a search
     * and a division each were 4% of a report's instructions); SIZE_MAX:
     * none yet */
    size_t seg;
    double seg_rate;
    /* loc_index's recent answers, by id % 4 (an index once given never
     * changes): a zone's begin and end each looked its location up in
     * loc_map */
    uint32_t loc_id[4], loc_idx[4];
    int ns_clock;
    /* per thread zone stacks */
    struct stack {
        uint32_t *idx;
        size_t n, cap;
        uint64_t last_ns;
    } * stacks;
    uint32_t nstacks;
    size_t cap_zones, cap_frames, cap_mem, cap_track_zones, cap_zone_names, cap_tracks;
    size_t cap_locs, cap_threads, cap_caps;
    /* ids as the file gives them -> dense indices (hash maps: memory grows
     * with the definitions the file holds, never with the ids' values) */
    cm_map loc_map;    /* location id -> t->locs */
    cm_map pool_def;   /* pool id -> pool_names */
    cm_map pool_use;   /* pool id -> t->pools, at its first event */
    cm_map name_map;   /* zone name id -> t->zone_names */
    cm_map track_map;  /* track id -> t->tracks */
    cm_map thread_map; /* thread number -> t->threads */
    cm_map open_map;   /* thread index << 32 | location index -> zones open on its stack */
    cm_map seq_map;    /* chunk seq -> index into chunks */
    cm_map text_len;   /* zone index -> length of its text */
    char **pool_names;
    uint32_t npool_names, cap_pool_names;
    size_t cap_dev_sites, cap_dev_blocks, cap_dev_words, cap_dev_pcs;
    size_t cap_dev_perfs, cap_perf_pairs;
    /* damage found by the chunk scan (the first few are described one by one) */
    int ndamage;
    uint64_t damage_more, damage_more_bytes;
    uint64_t undefined_locs, undefined_loc_zones, undefined_pools, texts_cut;
    uint64_t texts_orphan; /* zone texts with no zone open on their thread */
    uint64_t open_at_exit; /* zones still open when the process ended (its trailer's time) */
    int oom_chunks;
    uint32_t ndefined_locs; /* t->locs defined by the file (placeholders come after) */
    uint32_t first_dropped_kind, first_dropped_id;
    /* tf_trace_load_opts: device blocks handed to opts->dev_block (their
     * words copied into `words` first, 4-byte aligned) */
    const tf_trace_opts *opts;
    uint32_t *words;
    size_t cap_words;
    uint64_t malformed_defs; /* strings without their NUL (also in t->dropped_defs) */
    uint32_t first_malformed_kind, first_malformed_id, first_malformed_seq;
    size_t first_malformed_off;
    uint64_t bad_risc_blocks; /* DEVICE_BLOCKs naming a RISC beyond TF_NUM_RISCS */
    /* DEVICE_CHIP definitions: id -> chips[] (the figures, as a version-1
     * DEVICE_PERF header holds them, and the device's number) */
    cm_map chip_map;
    struct rd_chip {
        tf_dev_perf h;
        uint32_t device; /* 0: not said (a definition before trace version 6) */
    } * chips;
    size_t nchips, cap_chips;
    uint64_t perf_no_chip; /* version-2 DEVICE_PERF records of an undefined chip */
    uint32_t first_no_chip;
    uint64_t perf_key[TF_PERF_WORDS]; /* tf_perf_core's words' keys (TF_PERF_KEY) */
    int have_perf_keys;
    /* version-2 DEVICE_PERF records a repeat (version 3) may name: per
     * (thread, chip, core) (perf_last_key), the last TF_PERF_REPEAT_REFS
     * of them -> perf_last[] */
    cm_map perf_last_map;
    struct perf_last {
        struct perf_ref {
            size_t rec; /* into t->dev_perfs; SIZE_MAX: none, or it took parts */
            uint64_t base;
        } ref[TF_PERF_REPEAT_REFS];
        uint32_t next; /* where the next record goes (the oldest is there) */
    } * perf_last;
    size_t nperf_last, cap_perf_last;
    uint64_t perf_unresolved; /* repeats of a record not held (left out) */
    uint32_t first_unresolved_dispatch, first_unresolved_ref;
    /* the last TF_MEM_REPEAT_REFS ALLOC_SETs and FREE_SETs of each (thread,
     * pool) (set_last_key) -> set_last[]: a MEM_REPEAT names one of them by
     * its number */
    cm_map set_last_map;
    struct set_last {
        struct {
            uint32_t number; /* 0: none */
            uint32_t n;      /* its events, t->mem[first..first + n) */
            size_t first;
        } ref[2][TF_MEM_REPEAT_REFS]; /* [0] ALLOC_SET, [1] FREE_SET */
        uint32_t next[2];             /* where the type's next set goes (the oldest is there) */
    } * set_last;
    size_t nset_last, cap_set_last;
    uint64_t set_unresolved; /* repeats of a set not held (left out: lost) */
    uint32_t first_unresolved_pool, first_unresolved_set;
} reader;

static void drop_data(reader *r)
{
    if (r->fd >= 0) close(r->fd);
    r->fd = -1;
    free(r->data);
    r->data = NULL;
    window *w[] = {&r->wc, &r->wd, &r->ws};
    for (size_t i = 0; i < sizeof w / sizeof *w; i++) {
        free(w[i]->buf);
        w[i]->buf = NULL;
    }
    free(r->unpacked);
    r->unpacked = NULL;
}

/* ---- the file, through windows ---------------------------------------------------- */

/* Reading the file failed at offset `at` (err 0: it ends there, i.e. it
 * shrank; else an errno): nothing at or after the point it now ends at is
 * read again. The first failure is the one described. */
static void read_failed(reader *r, size_t at, int err)
{
    struct stat st;
    size_t end = at;
    if (!err && !fstat(r->fd, &st) && (uint64_t)st.st_size < end) end = (size_t)st.st_size;
    if (end < r->size) r->size = end;
    if (r->stopped) return;
    r->stopped = 1;
    r->stop_err = err;
    r->stop_at = at;
}

/* At least `need` bytes of the file at off, valid until the next fetch
 * into w (*avail, if given: how many the window holds from off); NULL if
 * the file no longer holds them (read_failed noted why). Reading, up to
 * `want` bytes are read, so that the next request finds its bytes already
 * there (the next chunk's header, the rest of a scan). From memory, the
 * bytes themselves. */
static const uint8_t *fetch_some(reader *r, window *w, size_t off, size_t need, size_t want,
                                 size_t *avail)
{
    if (off > r->size || need > r->size - off) return NULL;
    if (r->fd < 0) {
        if (avail) *avail = r->size - off;
        return r->data + off;
    }
    if (off >= w->off && off - w->off <= w->len && need <= w->len - (off - w->off)) {
        if (avail) *avail = w->len - (off - w->off);
        return w->buf + (off - w->off);
    }
    if (want < need) want = need;
    if (want > r->size - off) want = r->size - off;
    w->len = 0;
    if (cm_grow((void **)&w->buf, &w->cap, want ? want : 1, 1)) {
        read_failed(r, off, ENOMEM);
        return NULL;
    }
    size_t got = 0;
    while (got < want) {
        ssize_t n = pread(r->fd, w->buf + got, want - got, (off_t)(off + got));
        if (n > 0) {
            got += (size_t)n;
        } else if (n == 0 || errno != EINTR) {
            if (got < need) {
                read_failed(r, off + got, n ? errno : 0);
                return NULL;
            }
            break; /* enough: the rest of the window is noticed when it is needed */
        }
    }
    w->off = off;
    w->len = got;
    if (avail) *avail = got;
    return w->buf;
}

static const uint8_t *fetch(reader *r, window *w, size_t off, size_t len, size_t ahead)
{
    return fetch_some(r, w, off, len, len + ahead, NULL);
}

/* ---- growable arrays ----------------------------------------------------------- */

#define PUSH(arr, n, cap, val)                                                                     \
    (cm_grow((void **)&(arr), &(cap), (n) + 1, sizeof *(arr)) ? -1 : ((arr)[(n)++] = (val), 0))

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
    r->seg = SIZE_MAX;
}

/* Piecewise-linear between kept points (cal[0..n), n >= 2); before the
 * first and after the last, along the overall rate from that end
 * (continuous either way). *seg, *seg_rate: the last segment used and
 * its rate (SIZE_MAX: none yet), for the next call. */
static double cal_ns(const cal_point *cal, size_t n, uint64_t tsc, size_t *seg, double *seg_rate)
{
    const cal_point *first = &cal[0], *last = &cal[n - 1];
    const cal_point *from = tsc <= first->tsc ? first : last;
    double rate;
    if (tsc > first->tsc && tsc < last->tsc) {
        /* the points are in strictly increasing tsc (thin_calibration):
         * one segment holds tsc, the one the search finds */
        size_t lo = *seg;
        if (!(lo < n - 1 && cal[lo].tsc <= tsc && tsc < cal[lo + 1].tsc)) {
            size_t hi = n - 1;
            lo = 0;
            while (hi - lo > 1) {
                size_t mid = (lo + hi) / 2;
                if (cal[mid].tsc <= tsc)
                    lo = mid;
                else
                    hi = mid;
            }
            *seg = lo;
            *seg_rate =
                (double)(cal[lo + 1].ns - cal[lo].ns) / (double)(cal[lo + 1].tsc - cal[lo].tsc);
        }
        from = &cal[lo];
        rate = *seg_rate;
    } else {
        rate = (double)(last->ns - first->ns) / (double)(last->tsc - first->tsc);
    }
    return (double)from->ns + rate * (double)(int64_t)(tsc - from->tsc);
}

/* tf_trace_opts.clock: ref's calibration points instead of the file's
 * (both files of one process count the same ticks). A file in ns, or a
 * ref without points, keeps its own. */
static void use_clock(reader *r, const tf_trace *ref)
{
    if (tf_trace_check_arg(ref, "tf_trace_opts.clock")) {
        warn(r->t, "%s; the file's own clock was used", tf_last_error());
        return;
    }
    if (r->ns_clock || ref->ns_clock || !ref->ncal) return;
    cal_point *c = malloc(ref->ncal * sizeof *c);
    if (!c) {
        warn(r->t, "out of memory taking the clock of %s: the file's own was used", ref->path);
        return;
    }
    memcpy(c, ref->cal, ref->ncal * sizeof *c);
    free(r->cal);
    r->cal = c;
    r->ncal = r->cap_cal = ref->ncal;
    r->seg = SIZE_MAX;
}

static uint64_t to_ns(reader *r, uint64_t tsc)
{
    if (r->ns_clock || r->ncal == 0) return tsc;
    if (r->ncal == 1) return r->cal[0].ns + (tsc - r->cal[0].tsc); /* the rate is unknown */
    int clamped = 0;
    /* damaged calibration points: clamped, counted */
    uint64_t v = tf_trace_ns_of(cal_ns(r->cal, r->ncal, tsc, &r->seg, &r->seg_rate), &clamped);
    r->t->clamped_times += (uint64_t)clamped;
    return v;
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

/* Dense index of `id` in map m, TF_NONE if absent. */
static uint32_t map_get(const cm_map *m, uint32_t id)
{
    const uint32_t *v = cm_map_find(m, (uint64_t)id + 1, NULL, NULL);
    return v ? *v : TF_NONE;
}

/* The slot of `id` (*is_new: the caller fills it in); NULL if out of memory. */
static uint32_t *map_put(cm_map *m, uint64_t key, int *is_new)
{
    return cm_map_slot(m, key + 1, NULL, NULL, is_new);
}

/* One definition, as read from a DEFS chunk: its strings each end with a
 * NUL inside the definition (read_defs drops one that does not). */
typedef struct def {
    uint32_t id, line;
    const char *s[TF_DEF_MAX_STRINGS];
} def;

/* Locations, pools and zone names are named by a record's 19-bit
 * argument: a definition with a larger id can never be used. It is
 * dropped, counted and named in a warning (its id would otherwise size a
 * table: T2/T3 of issue 17). */
static int id_usable(reader *r, uint32_t kind, const def *d)
{
    if (d->id <= TF_REC_MAX_ARG) return 1;
    if (!r->t->dropped_defs++) {
        r->first_dropped_kind = kind;
        r->first_dropped_id = d->id;
    }
    return 0;
}

static const char *def_kind_name(uint32_t kind)
{
    switch (kind) {
#define TF_DEF_NAME(name, code, strings, meaning)                                                  \
    case code: return #name;
        TF_TRACE_DEFS(TF_DEF_NAME)
#undef TF_DEF_NAME
    default: return "?";
    }
}

static void free_loc(tf_tr_loc *l)
{
    free(l->name);
    free(l->function);
    free(l->file);
}

/* Each returns -1 if out of memory (the rest of the chunk is skipped). */
static int def_LOCATION(reader *r, const def *d)
{
    tf_trace *t = r->t;
    if (!id_usable(r, TF_DEF_LOCATION, d)) return 0;
    int is_new;
    uint32_t *slot = map_put(&r->loc_map, d->id, &is_new);
    if (!slot) return -1;
    tf_tr_loc l = {dupn(d->s[0], 1000), dupn(d->s[1], 1000), dupn(d->s[2], 1000), d->line};
    if (!l.name || !l.function || !l.file) {
        free_loc(&l);
        if (is_new) *slot = TF_NONE;
        return -1;
    }
    if (!is_new && *slot != TF_NONE) { /* defined again: the later one wins */
        free_loc(&t->locs[*slot]);
        t->locs[*slot] = l;
        return 0;
    }
    uint32_t n = t->nlocs;
    if (PUSH(t->locs, n, r->cap_locs, l)) {
        free_loc(&l);
        *slot = TF_NONE;
        return -1;
    }
    *slot = t->nlocs++;
    return 0;
}

/* The location of a zone record: a location the trace does not define
 * gets a placeholder ("location #N (undefined)"), counted, so that every
 * zone's loc indexes t->locs (T4). TF_NONE if out of memory, or with
 * create 0 if the id was never seen. */
static uint32_t loc_index(reader *r, uint32_t id, int create)
{
    tf_trace *t = r->t;
    if (r->loc_idx[id % 4] != TF_NONE && r->loc_id[id % 4] == id) return r->loc_idx[id % 4];
    uint32_t i = map_get(&r->loc_map, id);
    if (i != TF_NONE) {
        r->loc_id[id % 4] = id;
        r->loc_idx[id % 4] = i;
    }
    if (i != TF_NONE || !create) return i;
    char name[48];
    snprintf(name, sizeof name, "location #%u (undefined)", id);
    tf_tr_loc l = {strdup(name), strdup(""), strdup(""), 0};
    int is_new;
    uint32_t *slot = map_put(&r->loc_map, id, &is_new), n = t->nlocs;
    if (!slot || !l.name || !l.function || !l.file || PUSH(t->locs, n, r->cap_locs, l)) {
        free_loc(&l);
        if (slot) *slot = TF_NONE;
        return TF_NONE;
    }
    r->undefined_locs++;
    return *slot = t->nlocs++;
}

/* Pools enter t->pools at their first event (a pool without events is
 * not reported); the definition only names the id. */
static int def_POOL(reader *r, const def *d)
{
    if (!id_usable(r, TF_DEF_POOL, d)) return 0;
    int is_new;
    uint32_t *slot = map_put(&r->pool_def, d->id, &is_new);
    char *name = dupn(d->s[0], 1000);
    if (!slot || !name) {
        free(name);
        if (slot && is_new) *slot = TF_NONE;
        return -1;
    }
    if (!is_new && *slot != TF_NONE) {
        free(r->pool_names[*slot]);
        r->pool_names[*slot] = name;
        return 0;
    }
    uint32_t n = r->npool_names;
    size_t cap = r->cap_pool_names;
    if (PUSH(r->pool_names, n, cap, name)) {
        free(name);
        *slot = TF_NONE;
        return -1;
    }
    r->cap_pool_names = (uint32_t)cap;
    *slot = r->npool_names++;
    return 0;
}

/* Index of thread `number` in t->threads, entered on first sight ("thread
 * N" until a definition names it); TF_NONE if out of memory. */
static uint32_t thread_slot(reader *r, uint32_t number)
{
    tf_trace *t = r->t;
    int is_new;
    uint32_t *slot = map_put(&r->thread_map, number, &is_new);
    if (!slot) return TF_NONE;
    if (!is_new) return *slot;
    char name[32];
    snprintf(name, sizeof name, "thread %u", number);
    tf_tr_thread th = {number, 0, strdup(name), 0};
    uint32_t n = t->nthreads;
    if (!th.name || PUSH(t->threads, n, r->cap_threads, th)) {
        free(th.name);
        *slot = TF_NONE;
        return TF_NONE;
    }
    return *slot = t->nthreads++;
}

static int def_THREAD(reader *r, const def *d)
{
    tf_trace *t = r->t;
    uint32_t i = thread_slot(r, d->id);
    char *name = dupn(d->s[0], 200);
    if (i == TF_NONE || !name) {
        free(name);
        return -1;
    }
    t->threads[i].tid = d->line;
    free(t->threads[i].name);
    t->threads[i].name = name;
    return 0;
}

static int def_ZONE_NAME(reader *r, const def *d)
{
    tf_trace *t = r->t;
    if (!id_usable(r, TF_DEF_ZONE_NAME, d)) return 0;
    int is_new;
    uint32_t *slot = map_put(&r->name_map, d->id, &is_new), n = t->nzone_names;
    tf_tr_zone_name z = {d->id, dupn(d->s[0], 1000), dupn(d->s[1], 1000), d->line};
    if (!slot || !z.name || !z.file || PUSH(t->zone_names, n, r->cap_zone_names, z)) {
        free(z.name);
        free(z.file);
        if (slot && is_new) *slot = TF_NONE;
        return -1;
    }
    *slot = t->nzone_names++;
    return 0;
}

static int def_CAPACITY(reader *r, const def *d)
{
    tf_trace *t = r->t;
    uint64_t bytes;
    if (cm_parse_dec(d->s[1], &bytes)) {
        if (!r->t->dropped_defs++) r->first_dropped_kind = TF_DEF_CAPACITY;
        return 0;
    }
    size_t cap = r->cap_caps;
    uint32_t n = t->ncaps;
    if (cm_grow((void **)&t->cap_names, &cap, n + 1, sizeof *t->cap_names)) return -1;
    cap = r->cap_caps;
    if (cm_grow((void **)&t->cap_bytes, &cap, n + 1, sizeof *t->cap_bytes)) return -1;
    r->cap_caps = cap;
    if (!(t->cap_names[n] = dupn(d->s[0], 1000))) return -1;
    t->cap_bytes[n] = bytes;
    t->ncaps++;
    return 0;
}

static int def_TRACK(reader *r, const def *d)
{
    tf_trace *t = r->t;
    int is_new;
    uint32_t *slot = map_put(&r->track_map, d->id, &is_new), n = t->ntracks;
    tf_tr_track k = {d->id, dupn(d->s[0], 1000), dupn(d->s[1], 1000)};
    if (!slot || !k.group || !k.name || PUSH(t->tracks, n, r->cap_tracks, k)) {
        free(k.group);
        free(k.name);
        if (slot && is_new) *slot = TF_NONE;
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

/* The device clock sync: whole numbers and a finite, positive rate (a
 * cycle of 1 fs to 1 ms), or it is refused with a warning and device
 * zones are placed as if the device clock were the host's (T5). */
static int def_CLOCK_SYNC(reader *r, const def *d)
{
    tf_trace *t = r->t;
    uint64_t host_ns, cycle;
    char *end;
    double npc = strtod(d->s[2], &end);
    if (cm_parse_dec(d->s[0], &host_ns) || cm_parse_dec(d->s[1], &cycle) || end == d->s[2] ||
        *end || !(npc >= 1e-6 && npc <= 1e6)) {
        if (!t->bad_sync)
            warn(t,
                 "the device clock sync is malformed (host ns '%.40s', cycle '%.40s', ns per "
                 "cycle '%.40s'); device zones are placed assuming the device clock is the "
                 "host's",
                 d->s[0], d->s[1], d->s[2]);
        t->bad_sync = 1;
        return 0;
    }
    t->has_sync = 1;
    t->sync_host_clock = d->line != 0;
    t->sync_host_ns = host_ns;
    t->sync_cycle = cycle;
    t->sync_ns_per_cycle = npc;
    return 0;
}

/* The chip's figures for the DEVICE_PERF records naming `id`: whole
 * numbers that fit their fields, then (trace version 6) the device's
 * number, 1 or more; or it is refused with a warning (its records then
 * read with figures 0, counted). A later definition of an id replaces the
 * figures. */
static int def_DEVICE_CHIP(reader *r, const def *d)
{
    tf_trace *t = r->t;
    uint64_t v[TF_PERF_CHIP_FIGURES + 1] = {0};
    const char *s = d->s[0];
    int ok = d->id != 0, nfig = 0, end = 0;
    while (ok && !end && nfig < TF_PERF_CHIP_FIGURES + 1) {
        char num[24];
        size_t n = 0;
        while (s[n] && s[n] != ' ' && n < sizeof num - 1) n++;
        memcpy(num, s, n);
        num[n] = 0;
        ok = !cm_parse_dec(num, &v[nfig]) && v[nfig] <= (nfig < 3 ? 0xffu : 0xffffffffu) &&
             (s[n] == ' ' || !s[n]);
        nfig++;
        end = !s[n];
        s += n + !end;
    }
    /* the figures, then the device's number (from 1) or nothing */
    ok = ok && end &&
         (nfig == TF_PERF_CHIP_FIGURES || (nfig == TF_PERF_CHIP_FIGURES + 1 && v[nfig - 1]));
    if (!ok) {
        warn(t,
             "the chip definition %u is malformed (figures '%.80s'); its hardware counter "
             "records are read without the chip's peaks",
             d->id, d->s[0]);
        return 0;
    }
    int is_new;
    uint32_t *slot;
    if (cm_grow((void **)&r->chips, &r->cap_chips, r->nchips + 1, sizeof *r->chips) ||
        !(slot = cm_map_slot(&r->chip_map, d->id, NULL, NULL, &is_new)))
        return -1;
    if (is_new) *slot = (uint32_t)r->nchips++;
    r->chips[*slot].device = (uint32_t)v[TF_PERF_CHIP_FIGURES];
    tf_dev_perf *c = &r->chips[*slot].h;
    memset(c, 0, sizeof *c);
    c->grid_x = (uint8_t)v[0];
    c->grid_y = (uint8_t)v[1];
    c->dram_banks = (uint8_t)v[2];
    c->clock_mhz = d->line;
    c->dram_bytes_per_cycle = (uint32_t)v[3];
    c->noc_bytes_per_cycle = (uint32_t)v[4];
    for (int i = 0; i < 5; i++) c->matmul_cycles[i] = (uint32_t)v[5 + i];
    return 0;
}

static int site_cmp(const void *a, const void *b)
{
    const tf_tr_dev_site *x = a, *y = b;
    return (x->id > y->id) - (x->id < y->id);
}

int tf_trace_check_arg(const tf_trace *t, const char *op)
{
    if (!t)
        return cm_err_set("%s: the trace t is NULL (pass one that tf_trace_load or tf_trace_read "
                          "returned)",
                          op);
    if (cm_handle_check(t, CM_H_TRACE, op))
        return cm_err_append(" (pass one that tf_trace_load or tf_trace_read returned and "
                             "tf_trace_free has not freed)");
    return 0;
}

const tf_tr_dev_site *tf_trace_dev_site(const tf_trace *t, const tf_tr_dev_block *b, uint32_t zid)
{
    if (tf_trace_check_arg(t, "tf_trace_dev_site")) return NULL;
    if (!b)
        return cm_err_null("tf_trace_dev_site: the block b is NULL (pass one of t->dev_blocks, or "
                           "the block tf_trace_opts.dev_block was handed)");
    return tf_trace_site_of(t, b, zid);
}

const tf_tr_dev_site *tf_trace_site_of(const tf_trace *t, const tf_tr_dev_block *b, uint32_t zid)
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

/* The definitions of DEFS chunk c, its payload at `payload` (in a window). */
static void read_defs(reader *r, const chunk_ref *c, const uint8_t *payload)
{
    tf_trace *t = r->t;
    const uint8_t *p = payload, *end = p + c->h->payload_bytes;
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
        if (off > h.nbytes) {
            /* a string runs to the end of the definition without its NUL
             * (the writer ends each one): the readers would read past it */
            if (!r->malformed_defs++) {
                r->first_malformed_kind = h.kind;
                r->first_malformed_id = h.id;
                r->first_malformed_seq = c->h->seq;
                r->first_malformed_off = c->off + r->chead + (size_t)(p - payload);
            }
            t->dropped_defs++;
        } else if (def_reader(h.kind)(r, &d)) {
            warn(t, "out of memory reading definition chunk %u; the rest of it was skipped",
                 c->h->seq);
            return;
        }
        p += sizeof h + ((h.nbytes + 7) & ~7u);
    }
}

static const char *chunk_kind_name(uint32_t kind)
{
    switch (kind) {
#define TF_CHUNK_NAME(name, code, meaning)                                                         \
    case code: return #name;
        TF_TRACE_CHUNKS(TF_CHUNK_NAME)
#undef TF_CHUNK_NAME
    default: return "?";
    }
}

/* A chunk header from its bytes b (copied: it may sit at any offset):
 * magic, a known kind, a payload length that is a multiple of 8 and, in
 * version 3 on, its own check. */
static int head_ok(const reader *r, const uint8_t *b, tf_chunk_header *h)
{
    memset(h, 0, sizeof *h);
    memcpy(h, b, r->chead);
    return h->magic == TF_CHUNK_MAGIC && tf_chunk_kind_known(h->kind) &&
           (h->payload_bytes & 7) == 0 &&
           (r->version < 3 || (h->reserved == 0 && tf_trace_head_check(h) == h->head_check));
}

/* Read ahead with a chunk header: small chunks (definitions) come in one read. */
#define TF_HEAD_AHEAD (64u << 10)

/* The chunk header at off, if the file holds one whole and it checks out. */
static int read_head(reader *r, size_t off, tf_chunk_header *h)
{
    const uint8_t *b = fetch(r, &r->wc, off, r->chead, TF_HEAD_AHEAD);
    return b && head_ok(r, b, h);
}

/* The payload of the whole chunk at off, in r->wc, if it checks out
 * (header, length within the file, payload checksum); else NULL. The next
 * chunk's header is read with it. */
static const uint8_t *chunk_at(reader *r, size_t off, tf_chunk_header *h)
{
    if (!read_head(r, off, h) || h->payload_bytes > r->size - off - r->chead) return NULL;
    const uint8_t *b = fetch(r, &r->wc, off, r->chead + h->payload_bytes, r->chead);
    if (!b || tf_trace_checksum(b + r->chead, h->payload_bytes / 8) != h->checksum) return NULL;
    return b + r->chead;
}

/* The next offset after `from` where a whole, valid chunk starts (every
 * byte offset is tried: an inserted or deleted byte shifts the rest), or
 * the file's size if there is none. A chunk found here is no longer than
 * any writer makes one. The file is scanned through r->ws, a candidate
 * read through r->wc. */
#define TF_SCAN_WINDOW (1u << 20)
static size_t resync(reader *r, size_t from)
{
    static const uint8_t magic[4] = {0x54, 0x46, 0x43, 0x4b}; /* TF_CHUNK_MAGIC, little-endian */
    tf_chunk_header h;
    while (from < r->size && r->size - from >= sizeof magic) {
        size_t n;
        const uint8_t *w = fetch_some(r, &r->ws, from, sizeof magic, TF_SCAN_WINDOW, &n);
        if (!w) break;
        const uint8_t *m = memmem(w, n, magic, sizeof magic);
        if (!m) {
            from += n - (sizeof magic - 1); /* a magic may straddle the window's end */
            continue;
        }
        size_t at = from + (size_t)(m - w);
        /* a header within the window is checked there before the chunk is read */
        if ((n - (size_t)(m - w) < r->chead || head_ok(r, m, &h)) && chunk_at(r, at, &h) &&
            h.payload_bytes <= TF_CHUNK_MAX_PAYLOAD)
            return at;
        if (r->stopped) break;
        from = at + 1;
    }
    return r->size;
}

/* Bytes [off, next) could not be read: counted, and the first few regions
 * described (what, where, how much). */
#define TF_DAMAGE_LISTED 8
static void damaged(reader *r, size_t off, size_t next, const char *what)
{
    tf_trace *t = r->t;
    t->bad_bytes += next - off;
    if (r->ndamage++ < TF_DAMAGE_LISTED) {
        warn(t, "%zu damaged bytes at offset %zu (%s) were skipped%s", next - off, off, what,
             next == r->size ? " (to the end of the file)" : "; reading resumed at the next chunk");
    } else {
        r->damage_more++;
        r->damage_more_bytes += next - off;
    }
}

/* Keep the chunk at off (its header in h, its payload in r->wc): 0, or 1
 * if it repeats the number of one already kept (then it is left out and
 * counted; the earlier one is read again to tell a repeat from a clash). */
static int keep_chunk(reader *r, size_t off, const tf_chunk_header *h, const uint8_t *payload)
{
    if (r->oom_chunks) return 1;
    tf_trace *t = r->t;
    int is_new;
    uint32_t *slot = map_put(&r->seq_map, h->seq, &is_new);
    if (slot && !is_new) {
        const chunk_ref *o = &r->chunks[*slot];
        const uint8_t *was = o->hc.payload_bytes == h->payload_bytes && h->payload_bytes
                                 ? fetch(r, &r->wd, o->off + r->chead, h->payload_bytes, 0)
                                 : NULL;
        int same = o->hc.payload_bytes == h->payload_bytes &&
                   (!h->payload_bytes || (was && !memcmp(was, payload, h->payload_bytes)));
        if (t->repeated_chunks++ < TF_DAMAGE_LISTED)
            warn(t,
                 "chunk %u (%s) at offset %zu %s the chunk numbered %u at offset %zu; it was left "
                 "out",
                 h->seq, chunk_kind_name(h->kind), off, same ? "repeats" : "has the number of",
                 h->seq, o->off);
        return 1;
    }
    chunk_ref c = {*h, NULL, off};
    size_t cap = r->cap_chunks;
    if (!slot || PUSH(r->chunks, r->nchunks, cap, c)) goto oom;
    r->cap_chunks = cap;
    *slot = (uint32_t)(r->nchunks - 1);
    r->chunks[r->nchunks - 1].h = &r->chunks[r->nchunks - 1].hc; /* until the array moves */
    return 0;
oom:
    r->oom_chunks = 1;
    warn(t, "out of memory at chunk %u (offset %zu): it and the rest of the file were not read",
         h->seq, off);
    return 1;
}

static int u32_cmp(const void *a, const void *b)
{
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return (x > y) - (x < y);
}

/* Chunk numbers run 0, 1, 2, ... (the trailer's is the last): a gap is a
 * chunk lost, whether a write failed (the trailer counts those) or the
 * file was damaged. */
static void check_seq(reader *r)
{
    tf_trace *t = r->t;
    if (!r->nchunks) return;
    uint32_t *seq = malloc(r->nchunks * sizeof *seq);
    if (!seq) return;
    for (size_t i = 0; i < r->nchunks; i++) seq[i] = r->chunks[i].hc.seq;
    qsort(seq, r->nchunks, sizeof *seq, u32_cmp);
    char list[200] = "";
    size_t n = 0;
    uint64_t missing = 0;
    int ranges = 0;
    for (size_t i = 0; i <= r->nchunks; i++) {
        uint64_t lo = i ? (uint64_t)seq[i - 1] + 1 : 0, hi = i < r->nchunks ? seq[i] : lo;
        if (hi <= lo) continue;
        missing += hi - lo;
        if (ranges++ < 4 && n < sizeof list)
            n += (size_t)snprintf(list + n, sizeof list - n,
                                  hi - lo == 1 ? "%s%llu" : "%s%llu-%llu", n ? ", " : "",
                                  (unsigned long long)lo, (unsigned long long)(hi - 1));
    }
    free(seq);
    if (!missing) return;
    t->missing_chunks = missing;
    uint64_t failed = t->has_trailer ? t->trailer.lost_chunks : 0;
    int one = missing == 1;
    if (failed >= missing)
        warn(t,
             "%llu chunk%s (number%s %s%s) %s never written: the program's writes failed (a "
             "full disk?); %llu records were lost, as the trailer counts",
             (unsigned long long)missing, one ? "" : "s", one ? "" : "s", list,
             ranges > 4 ? ", ..." : "", one ? "was" : "were",
             (unsigned long long)t->trailer.lost_records);
    else
        warn(t,
             "%llu chunk%s (number%s %s%s) %s missing from the file (removed or damaged); "
             "%s records are not in the reports",
             (unsigned long long)missing, one ? "" : "s", one ? "" : "s", list,
             ranges > 4 ? ", ..." : "", one ? "is" : "are", one ? "its" : "their");
}

static void scan_chunks(reader *r)
{
    tf_trace *t = r->t;
    size_t off = sizeof(tf_trace_header);
    while (off < r->size) {
        size_t avail = r->size - off;
        tf_chunk_header h;
        const uint8_t *payload = chunk_at(r, off, &h);
        if (r->stopped) break;
        if (payload) {
            if (!keep_chunk(r, off, &h, payload)) {
                chunk_ref *c = &r->chunks[r->nchunks - 1];
                add_cal(r, h.cal_tsc, h.cal_ns);
                if (h.kind == TF_CHUNK_DEFS) read_defs(r, c, payload);
                if (h.kind == TF_CHUNK_TRAILER) {
                    if (h.payload_bytes >= sizeof(tf_trace_trailer)) {
                        memcpy(&t->trailer, payload, sizeof t->trailer);
                        t->has_trailer = 1;
                        add_cal(r, t->trailer.end_tsc, t->trailer.end_ns);
                    } else {
                        warn(t, "the trailer at offset %zu is %u bytes, too short; it was skipped",
                             off, h.payload_bytes);
                    }
                }
            }
            off += r->chead + h.payload_bytes;
            if (r->stopped) break; /* comparing a repeat with the chunk it repeats */
            continue;
        }
        int head = read_head(r, off, &h);
        size_t next = resync(r, off + 1);
        const uint8_t *b = fetch(r, &r->wc, off, avail < 4 ? avail : 4, 0);
        if (r->stopped || !b) break;
        char what[160];
        if (next == r->size &&
            (head ? h.payload_bytes > avail - r->chead
                  : avail < r->chead && !memcmp(b, "TFCK", avail < 4 ? avail : 4))) {
            /* nothing valid follows, and a chunk starts here that the file
             * does not hold whole: written last, cut short */
            t->truncated_bytes = avail;
            break;
        }
        if (head && h.payload_bytes > avail - r->chead)
            snprintf(what, sizeof what,
                     "chunk %u (%s) claims %u payload bytes, more than the file holds: its length "
                     "is damaged",
                     h.seq, chunk_kind_name(h.kind), h.payload_bytes);
        else if (head)
            snprintf(what, sizeof what, "chunk %u (%s) fails its checksum", h.seq,
                     chunk_kind_name(h.kind));
        else
            snprintf(what, sizeof what, "not a valid chunk header");
        damaged(r, off, next, what);
        off = next;
    }
    if (r->stopped) { /* the file shrank (or could not be read) under the scan */
        r->scan_stop = off;
        t->truncated_bytes += r->size0 - off;
    }
    for (size_t i = 0; i < r->nchunks; i++) r->chunks[i].h = &r->chunks[i].hc;
    if (r->damage_more)
        warn(t, "%llu more damaged regions (%llu bytes) were skipped",
             (unsigned long long)r->damage_more, (unsigned long long)r->damage_more_bytes);
    check_seq(r);
}

/* ---- pass 2: events --------------------------------------------------------------- */

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

/* Index into t->pools of pool `id`, entered at its first event (a pool
 * the trace does not define is "pool #N", counted). TF_NONE: out of memory. */
static uint32_t pool_index(reader *r, uint32_t id)
{
    tf_trace *t = r->t;
    int is_new;
    uint32_t *slot = map_put(&r->pool_use, id, &is_new);
    if (!slot) return TF_NONE;
    if (!is_new) return *slot;
    *slot = TF_NONE;
    char unknown[48];
    uint32_t d = map_get(&r->pool_def, id);
    const char *name = d != TF_NONE ? r->pool_names[d] : NULL;
    if (!name) {
        snprintf(unknown, sizeof unknown, "pool #%u (undefined)", id);
        name = unknown;
        r->undefined_pools++;
    }
    char **np = realloc(t->pools, (size_t)(t->npools + 1) * sizeof *np);
    if (!np) return TF_NONE;
    t->pools = np;
    if (!(t->pools[t->npools] = strdup(name))) return TF_NONE;
    *slot = t->npools;
    return t->npools++;
}

/* The count of zones of location `loc` open on thread ti's stack. */
static uint32_t *open_count(reader *r, uint32_t ti, uint32_t loc)
{
    int is_new;
    uint32_t *c = map_put(&r->open_map, (uint64_t)ti << 32 | loc, &is_new);
    if (c && is_new) *c = 0;
    return c;
}

static void close_zone(reader *r, uint32_t ti, struct stack *st, uint64_t ns)
{
    tf_tr_zone *z = &r->t->zones[st->idx[--st->n]];
    z->end_ns = ns;
    uint32_t *c = open_count(r, ti, z->loc);
    if (c && *c) --*c;
}

/* A zone's texts, joined by "; ", up to TF_ZONE_TEXT_MAX bytes (more are
 * counted and left out: a hostile file would otherwise make this quadratic). */
#define TF_ZONE_TEXT_MAX (16u * TF_TEXT_MAX)
static void append_text(reader *r, uint32_t zi, const char *s, size_t n)
{
    tf_tr_zone *z = &r->t->zones[zi];
    if (!n) return; /* an empty text adds nothing */
    int is_new;
    uint32_t *len = map_put(&r->text_len, zi, &is_new);
    if (!len) return;
    if (is_new) *len = z->text ? (uint32_t)strlen(z->text) : 0;
    size_t old = *len;
    if (old + 2 + n > TF_ZONE_TEXT_MAX) {
        r->texts_cut++;
        return;
    }
    char *nt = realloc(z->text, old + (old ? 2 : 0) + n + 1);
    if (!nt) return;
    if (old) memcpy(nt + old, "; ", 2), old += 2;
    memcpy(nt + old, s, n);
    nt[old + n] = 0;
    z->text = nt;
    *len = (uint32_t)(old + n);
}

/* One record being decoded: its thread, the thread's zone stack, the
 * record's words (p[0] the header), argument and time. */
typedef struct rec {
    uint32_t thread;
    struct stack *st;
    const uint64_t *p;
    uint32_t arg;
    uint64_t ns;
    uint64_t tsc; /* the time as recorded (ns is to_ns of it) */
} rec;

/* Each returns -1 if out of memory (the rest of the file is not read). */
static int rec_ZONE_BEGIN(reader *r, const rec *e)
{
    tf_trace *t = r->t;
    struct stack *st = e->st;
    uint32_t loc = loc_index(r, e->arg, 1),
             *open = loc != TF_NONE ? open_count(r, e->thread, loc) : NULL;
    if (!open) return -1;
    if (loc >= r->ndefined_locs) r->undefined_loc_zones++; /* placeholders follow the definitions */
    tf_tr_zone z = {
        e->thread, loc, st->n ? st->idx[st->n - 1] : TF_NONE, (uint32_t)st->n, e->ns, e->ns,
        NULL,      0};
    uint32_t idx = (uint32_t)t->nzones;
    if (PUSH(t->zones, t->nzones, r->cap_zones, z)) return -1;
    if (PUSH(st->idx, st->n, st->cap, idx)) return -1;
    ++*open;
    return 0;
}

/* An end closes the innermost open zone of its location (and, ending out
 * of order, the zones inside it); the open counts make an end with no
 * open zone to close cost nothing, so no input makes this quadratic. */
static int rec_ZONE_END(reader *r, const rec *e)
{
    tf_trace *t = r->t;
    struct stack *st = e->st;
    uint32_t loc = loc_index(r, e->arg, 0);
    const uint32_t *open = loc != TF_NONE ? open_count(r, e->thread, loc) : NULL;
    if (!st->n || !open || !*open) {
        t->orphan_ends++;
        return 0;
    }
    if (t->zones[st->idx[st->n - 1]].loc != loc) {
        t->mismatched_ends++;
        while (st->n && t->zones[st->idx[st->n - 1]].loc != loc)
            close_zone(r, e->thread, st, e->ns);
    }
    close_zone(r, e->thread, st, e->ns);
    return 0;
}

/* Text for the stream's innermost open zone (none open: dropped, as the
 * recorder does). */
static void zone_text(reader *r, const struct stack *st, const char *text, uint32_t len)
{
    if (st->n)
        append_text(r, st->idx[st->n - 1], text, len);
    else
        r->texts_orphan++; /* no zone open on its thread: said in the notes */
}

static int rec_ZONE_TEXT(reader *r, const rec *e)
{
    zone_text(r, e->st, (const char *)(e->p + 1), e->arg);
    return 0;
}

static int rec_FRAME(reader *r, const rec *e)
{
    tf_tr_frame f = {e->thread, e->ns};
    return PUSH(r->t->frames, r->t->nframes, r->cap_frames, f);
}

/* A run of zone events (tf_trace_records.h): each read as the record it
 * stands for, at its own time (the record's time minus the run's span,
 * plus the steps so far: the same time as a record of its own would have
 * had, converted the same way). A run that does not parse, or whose
 * steps pass its span, is counted as an unknown record from there. */
static int rec_ZONE_SEQ(reader *r, const rec *e)
{
    const uint8_t *b = (const uint8_t *)(e->p + 1), *end = b + e->arg;
    uint64_t span, tsc, x, step;
    if (!(b = tf_trace_get_varint(b, end, &span)) || span > e->tsc) goto bad;
    tsc = e->tsc - span;
    while (b < end) {
        if (!(b = tf_trace_get_varint(b, end, &x)) || !(b = tf_trace_get_varint(b, end, &step)) ||
            step > e->tsc - tsc || x >> TF_ZSEQ_KIND_BITS > TF_REC_MAX_ARG)
            goto bad;
        tsc += step;
        rec ev = *e;
        ev.arg = (uint32_t)(x >> TF_ZSEQ_KIND_BITS);
        ev.tsc = tsc;
        ev.ns = to_ns(r, tsc);
        int rc = 0;
        switch ((unsigned)(x & ((1u << TF_ZSEQ_KIND_BITS) - 1))) {
        case TF_ZSEQ_BEGIN: rc = rec_ZONE_BEGIN(r, &ev); break;
        case TF_ZSEQ_END: rc = rec_ZONE_END(r, &ev); break;
        case TF_ZSEQ_TEXT:
            if (ev.arg > (size_t)(end - b)) goto bad;
            zone_text(r, e->st, (const char *)b, ev.arg);
            b += ev.arg;
            break;
        default: rc = rec_FRAME(r, &ev); break;
        }
        if (rc) return -1;
        e->st->last_ns = ev.ns;
    }
    if (tsc != e->tsc) goto bad; /* the last event is at the record's time */
    return 0;
bad:
    r->t->unknown_records++;
    return 0;
}

static int mem_event(reader *r, const rec *e, int op, uint64_t ptr, uint64_t size)
{
    tf_tr_mem m = {op, pool_index(r, e->arg), ptr, size, e->ns, e->thread};
    if (m.pool == TF_NONE) return -1;
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

/* The key of (thread, pool) in set_last_map. */
static uint64_t set_last_key(uint32_t thread, uint32_t pool)
{
    return 1ull << 63 | (uint64_t)thread << 32 | pool;
}

/* ALLOC_SET, FREE_SET: one event per item, in order, all at the record's
 * time, as the per-item records would read; the set becomes the newest of
 * its thread, pool and type (one a MEM_REPEAT may name, the oldest of the
 * TF_MEM_REPEAT_REFS kept giving way). A length that is not the header and
 * whole items is counted as unreadable. */
static int mem_set(reader *r, const rec *e, int op, uint32_t item)
{
    if (e->arg < TF_MEM_SET_HEAD || (e->arg - TF_MEM_SET_HEAD) % item) {
        r->t->unknown_records++;
        return 0;
    }
    const unsigned char *b = (const unsigned char *)(e->p + 1);
    uint32_t pool, number, v[2] = {0, 0};
    memcpy(&pool, b, 4);
    memcpy(&number, b + 4, 4);
    tf_tr_mem m = {op, pool_index(r, pool), 0, 0, e->ns, e->thread};
    if (m.pool == TF_NONE) return -1;
    int is_new = 0;
    uint32_t *slot =
        cm_map_slot(&r->set_last_map, set_last_key(e->thread, pool), NULL, NULL, &is_new);
    if (!slot) return -1;
    if (is_new) {
        struct set_last none;
        memset(&none, 0, sizeof none);
        if (PUSH(r->set_last, r->nset_last, r->cap_set_last, none)) return -1;
        *slot = (uint32_t)(r->nset_last - 1);
    }
    struct set_last *l = &r->set_last[*slot];
    int k = op == TF_MEM_FREE;
    uint32_t at = l->next[k];
    l->next[k] = (at + 1) % TF_MEM_REPEAT_REFS;
    l->ref[k][at].number = 0; /* until its events are all in */
    size_t first = r->t->nmem;
    for (uint32_t off = TF_MEM_SET_HEAD; off < e->arg; off += item) {
        memcpy(v, b + off, item);
        m.ptr = v[0];
        m.size = v[1];
        if (PUSH(r->t->mem, r->t->nmem, r->cap_mem, m)) return -1;
    }
    l->ref[k][at].number = number;
    l->ref[k][at].first = first;
    l->ref[k][at].n = (e->arg - TF_MEM_SET_HEAD) / item;
    return 0;
}

static int rec_ALLOC_SET(reader *r, const rec *e)
{
    return mem_set(r, e, TF_MEM_ALLOC, TF_ALLOC_SET_ITEM);
}

static int rec_FREE_SET(reader *r, const rec *e)
{
    return mem_set(r, e, TF_MEM_FREE, TF_FREE_SET_ITEM);
}

/* MEM_REPEAT: the events of the set it names, which must be one of the
 * last TF_MEM_REPEAT_REFS ALLOC_SETs or FREE_SETs of its thread in its
 * pool, again at its own time. A repeat of a set not held (its chunk or
 * record lost, sets after it lost) is counted as lost, reported, and left
 * out. */
static int rec_MEM_REPEAT(reader *r, const rec *e)
{
    uint64_t number = e->p[1];
    const uint32_t *li = cm_map_find(&r->set_last_map, set_last_key(e->thread, e->arg), NULL, NULL);
    const struct set_last *l = li ? &r->set_last[*li] : NULL;
    int k = -1, at = 0;
    for (int i = 0; l && number && number <= UINT32_MAX && k < 0 && i < 2; i++)
        for (int j = 0; j < (int)TF_MEM_REPEAT_REFS && k < 0; j++)
            if (l->ref[i][j].number == number) k = i, at = j;
    if (k < 0) {
        if (!r->set_unresolved++) {
            r->first_unresolved_pool = e->arg;
            r->first_unresolved_set = (uint32_t)number;
        }
        return 0;
    }
    size_t first = l->ref[k][at].first;
    uint32_t n = l->ref[k][at].n;
    for (uint32_t i = 0; i < n; i++) {
        tf_tr_mem m = r->t->mem[first + i];
        m.ns = e->ns;
        m.thread = e->thread;
        if (PUSH(r->t->mem, r->t->nmem, r->cap_mem, m)) return -1;
    }
    return 0;
}

static int rec_TRACK_ZONE(reader *r, const rec *e)
{
    uint32_t track = e->p[1] <= UINT32_MAX ? map_get(&r->track_map, (uint32_t)e->p[1]) : TF_NONE;
    tf_tr_track_zone z = {map_get(&r->name_map, e->arg), track, e->p[2], e->p[3], e->ns};
    r->t->undefined_refs += (z.track == TF_NONE) + (z.name == TF_NONE);
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

/* A DEVICE_BLOCK whose header or word count does not fit its length, or
 * that names a RISC the chip does not have (readers index per-RISC
 * tables by it), is counted as unreadable; the first such RISC is named. */
static int rec_DEVICE_BLOCK(reader *r, const rec *e)
{
    tf_trace *t = r->t;
    tf_tr_dev_block b;
    if (!rec_header(r, e, &b.h, sizeof b.h)) return 0;
    if ((uint64_t)b.h.nwords * 4 > e->arg - sizeof b.h) {
        t->unknown_records++;
        return 0;
    }
    if (b.h.risc >= TF_NUM_RISCS) {
        if (!r->bad_risc_blocks++)
            warn(t,
                 "a device block (dispatch %u, core (%u,%u)) names RISC %u; the chip has RISCs "
                 "0 to %u: the record is damaged, and its markers were skipped",
                 b.h.dispatch, b.h.x, b.h.y, b.h.risc, TF_NUM_RISCS - 1);
        t->unknown_records++;
        return 0;
    }
    if (r->opts && r->opts->dev_block) { /* streamed: handed over, not kept */
        if (cm_grow((void **)&r->words, &r->cap_words, b.h.nwords + 1, sizeof *r->words)) return -1;
        if (b.h.nwords)
            memcpy(r->words, (const char *)(e->p + 1) + sizeof b.h, (size_t)b.h.nwords * 4);
        b.word0 = 0;
        t->dev_streamed++;
        r->opts->dev_block(r->opts->ctx, t, &b, r->words);
        return 0;
    }
    b.word0 = t->ndev_words;
    if (cm_grow((void **)&t->dev_words, &r->cap_dev_words, t->ndev_words + b.h.nwords,
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

/* A version-1 DEVICE_PERF record: its pairs are kept as they are; one
 * whose pair count does not fit its length is unreadable. */
static int perf_v1(reader *r, const rec *e)
{
    tf_trace *t = r->t;
    tf_tr_dev_perf p = {0};
    if (!rec_header(r, e, &p.h, sizeof p.h)) return 0;
    if ((uint64_t)p.h.npairs * 16 > e->arg - sizeof p.h) {
        t->unknown_records++;
        return 0;
    }
    p.pair0 = t->nperf_pairs / 2;
    p.thread = e->thread;
    if (cm_grow((void **)&t->perf_pairs, &r->cap_perf_pairs,
                t->nperf_pairs + 2 * (size_t)p.h.npairs, sizeof *t->perf_pairs))
        return -1;
    if (p.h.npairs)
        memcpy(t->perf_pairs + t->nperf_pairs, (const char *)(e->p + 1) + sizeof p.h,
               (size_t)p.h.npairs * 16);
    t->nperf_pairs += 2 * (size_t)p.h.npairs;
    return PUSH(t->dev_perfs, t->ndev_perfs, r->cap_dev_perfs, p);
}

/* The key of each word of tf_perf_core (the field table's), once. */
static void perf_keys(reader *r)
{
    static tf_perf_core probe; /* only its addresses are taken */
    tf_perf_core *cc = &probe;
#define TF_PERF_KEY_ONE(f, scope, count)                                                           \
    for (int k = 0; k < TF_PERF_RISCS_##scope; k++)                                                \
        for (int i = 0; i < (int)(count); i++)                                                     \
            r->perf_key[&TF_PERF_AT_##scope(cc, f, k, i) - (uint64_t *)cc] =                       \
                TF_PERF_KEY(TF_PERF_F_##f, TF_PERF_ID_##scope(k), i);
    TF_PERF_FIELDS(TF_PERF_KEY_ONE)
#undef TF_PERF_KEY_ONE
    r->have_perf_keys = 1;
}

/* The key of (thread, chip, core) in perf_last_map; 0 (none) when a field
 * does not fit it: no record of it can be repeated. */
static uint64_t perf_last_key(uint32_t thread, uint64_t chip, uint8_t x, uint8_t y)
{
    if (thread >= 1u << 23 || chip >= 1u << 24) return 0;
    return 1ull << 63 | (uint64_t)thread << 40 | chip << 16 | (uint64_t)x << 8 | y;
}

/* Record `rec` (of version 2, part h->part, base `base`) is the last of its
 * thread, chip and core (the oldest of the last TF_PERF_REPEAT_REFS goes);
 * a part after the first makes the dispatch's record one a repeat cannot
 * name, in the place its part 0 took. */
static int perf_last_set(reader *r, uint32_t thread, uint64_t chip, const tf_dev_perf2 *h,
                         size_t rec, uint64_t base)
{
    uint64_t key = perf_last_key(thread, chip, h->x, h->y);
    if (!key) return 0;
    int is_new = 0;
    uint32_t *slot = cm_map_slot(&r->perf_last_map, key, NULL, NULL, &is_new);
    if (!slot) return -1;
    if (is_new) {
        struct perf_last none = {.next = 0};
        for (int i = 0; i < TF_PERF_REPEAT_REFS; i++) none.ref[i].rec = SIZE_MAX;
        if (PUSH(r->perf_last, r->nperf_last, r->cap_perf_last, none)) return -1;
        *slot = (uint32_t)(r->nperf_last - 1);
    }
    struct perf_last *l = &r->perf_last[*slot];
    if (h->part) { /* its part 0 was the last: not one to name */
        l->ref[(l->next + TF_PERF_REPEAT_REFS - 1) % TF_PERF_REPEAT_REFS].rec = SIZE_MAX;
        return 0;
    }
    l->ref[l->next] = (struct perf_ref){rec, base};
    l->next = (l->next + 1) % TF_PERF_REPEAT_REFS;
    return 0;
}

/* A version-2 DEVICE_PERF record, made into the (key, value) pairs and
 * header of version 1: the chip's figures from its DEVICE_CHIP, the host
 * ns its time stamp. Varints that run past its end, a word index beyond
 * tf_perf_core or bytes after the end mark make it unreadable (counted). */
static int perf_v2(reader *r, const rec *e)
{
    tf_trace *t = r->t;
    tf_dev_perf2 h2;
    if (!rec_header(r, e, &h2, sizeof h2)) return 0;
    if (!r->have_perf_keys) perf_keys(r);
    const uint8_t *p = (const uint8_t *)(e->p + 1) + sizeof h2, *end = p + (e->arg - sizeof h2);
    uint64_t chip, base;
    if (!(p = tf_trace_get_varint(p, end, &chip)) || !(p = tf_trace_get_varint(p, end, &base))) {
        t->unknown_records++;
        return 0;
    }
    /* at most one pair per word: room for all of them first */
    if (cm_grow((void **)&t->perf_pairs, &r->cap_perf_pairs, t->nperf_pairs + 2 * TF_PERF_WORDS,
                sizeof *t->perf_pairs))
        return -1;
    uint64_t *kv = t->perf_pairs + t->nperf_pairs, w = UINT64_MAX; /* the previous word */
    uint32_t n = 0;
    while (p < end) {
        uint64_t step, v;
        if (!(p = tf_trace_get_varint(p, end, &step))) break;
        if (!step) { /* the end: only padding may follow */
            while (p < end && !*p) p++;
            break;
        }
        if (step > TF_PERF_WORDS - (w + 1) || !(p = tf_trace_get_varint(p, end, &v))) {
            p = NULL;
            break;
        }
        w += step;
        if (tf_perf_stamp_word((unsigned)w)) v = base + (uint64_t)tf_trace_unzigzag(v);
        kv[2 * n] = r->perf_key[w];
        kv[2 * n + 1] = v;
        n++;
    }
    if (p != end) {
        t->unknown_records++;
        return 0;
    }
    tf_tr_dev_perf rp = {0};
    const uint32_t *ci =
        chip && chip <= UINT32_MAX ? cm_map_find(&r->chip_map, chip, NULL, NULL) : NULL;
    if (ci) {
        rp.h = r->chips[*ci].h;
        rp.device = r->chips[*ci].device;
    } else {
        memset(&rp.h, 0, sizeof rp.h);
        if (!r->perf_no_chip++) r->first_no_chip = (uint32_t)chip;
    }
    rp.h.dispatch = h2.dispatch;
    rp.h.x = h2.x;
    rp.h.y = h2.y;
    rp.h.version = h2.version;
    rp.h.part = h2.part;
    rp.h.host_ns = e->ns;
    rp.h.npairs = n;
    rp.pair0 = t->nperf_pairs / 2;
    rp.thread = e->thread;
    t->nperf_pairs += 2 * (size_t)n;
    if (PUSH(t->dev_perfs, t->ndev_perfs, r->cap_dev_perfs, rp)) return -1;
    return perf_last_set(r, e->thread, chip, &h2, t->ndev_perfs - 1, base);
}

/* A version-3 DEVICE_PERF record: a repeat of the last version-2 record
 * of its thread, chip and core, which must be the dispatch it names and
 * whole in one part; it shares that record's pairs (pair0), its window
 * stamps moved to this record's base by stamp_shift. Varints that run
 * past its end or bytes other than padding after them make it
 * unreadable; a repeat of a record not held (its chunk lost, or a
 * writer's error) is counted and left out. */
static int perf_v3(reader *r, const rec *e)
{
    tf_trace *t = r->t;
    tf_dev_perf2 h2;
    if (!rec_header(r, e, &h2, sizeof h2)) return 0;
    const uint8_t *p = (const uint8_t *)(e->p + 1) + sizeof h2, *end = p + (e->arg - sizeof h2);
    uint64_t chip, base, ref;
    if (!(p = tf_trace_get_varint(p, end, &chip)) || !(p = tf_trace_get_varint(p, end, &base)) ||
        !(p = tf_trace_get_varint(p, end, &ref))) {
        t->unknown_records++;
        return 0;
    }
    while (p < end && !*p) p++;
    if (p != end || h2.part) {
        t->unknown_records++;
        return 0;
    }
    uint64_t key = perf_last_key(e->thread, chip, h2.x, h2.y);
    const uint32_t *li = key ? cm_map_find(&r->perf_last_map, key, NULL, NULL) : NULL;
    const struct perf_ref *l = NULL;
    for (int i = 0; li && !l && i < TF_PERF_REPEAT_REFS; i++) {
        const struct perf_ref *c = &r->perf_last[*li].ref[i];
        if (c->rec != SIZE_MAX && t->dev_perfs[c->rec].h.dispatch == ref) l = c;
    }
    if (!l) {
        if (!r->perf_unresolved++) {
            r->first_unresolved_dispatch = h2.dispatch;
            r->first_unresolved_ref = (uint32_t)ref;
        }
        return 0;
    }
    /* its pairs are the repeated record's, not a copy (a dispatch-bound
     * run is mostly repeats: copies were most of a long run's memory) */
    tf_tr_dev_perf rp = t->dev_perfs[l->rec];
    rp.stamp_shift = base - l->base; /* (it repeats a version-2 record: no shift of its own) */
    rp.h.dispatch = h2.dispatch;
    rp.h.version = h2.version;
    rp.h.host_ns = e->ns;
    rp.thread = e->thread;
    return PUSH(t->dev_perfs, t->ndev_perfs, r->cap_dev_perfs, rp);
}

/* A DEVICE_PERF record (contracts/tf_perf.h) by its version (byte 6 of
 * either header); an unknown version is an unknown record. */
static int rec_DEVICE_PERF(reader *r, const rec *e)
{
    tf_dev_perf2 h2;
    if (!rec_header(r, e, &h2, sizeof h2)) return 0;
    if (h2.version == TF_PERF_RECORD_V1) return perf_v1(r, e);
    if (h2.version == TF_PERF_RECORD_VERSION) return perf_v2(r, e);
    if (h2.version == TF_PERF_RECORD_REPEAT) return perf_v3(r, e);
    r->t->unknown_records++;
    return 0;
}

uint32_t tf_trace_dev_perf(const tf_trace *t, const tf_tr_dev_perf *p, tf_perf_core *out)
{
    if (tf_trace_check_arg(t, "tf_trace_dev_perf")) return TF_NONE;
    if (!p || !out) {
        cm_err_set("tf_trace_dev_perf: %s is NULL (pass %s)", !p ? "the record p" : "out",
                   !p ? "one of t->dev_perfs" : "the tf_perf_core to apply the counters to");
        return TF_NONE;
    }
    size_t pairs = t->nperf_pairs / 2; /* (nperf_pairs counts words, two a pair) */
    if (p->pair0 > pairs || p->h.npairs > pairs - p->pair0) {
        cm_err_set("tf_trace_dev_perf: record p holds pairs %zu..%zu, and trace t has %zu (pass "
                   "one of t->dev_perfs, with the trace it came from)",
                   p->pair0, p->pair0 + p->h.npairs, pairs);
        return TF_NONE;
    }
    uint32_t bad = 0;
    for (uint32_t i = 0; i < p->h.npairs; i++) {
        const uint64_t *kv = t->perf_pairs + 2 * (p->pair0 + i);
        unsigned f = (unsigned)(kv[0] & 0xff);
        uint64_t v = kv[1];
        if (f == TF_PERF_F_start || f == TF_PERF_F_end) v += p->stamp_shift;
        bad += tf_perf_decode(out, kv[0], v) != 0;
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

/* Whether chunk c holds records (plain or packed): pass 2 reads those. */
static int holds_events(const chunk_ref *c)
{
    return c->h->kind == TF_CHUNK_EVENTS || c->h->kind == TF_CHUNK_PACKED;
}

/* The records of events chunk c, its payload at `payload` (8-byte
 * aligned); -1 if memory ran out (the caller reads no more chunks). */
static int read_events(reader *r, const chunk_ref *c, const uint64_t *payload)
{
    tf_trace *t = r->t;
    uint32_t ti = thread_slot(r, c->h->thread);
    struct stack *st = ti != TF_NONE ? stack_of(r, ti) : NULL;
    if (!st) return -1;
    const uint64_t *p = payload, *end = p + c->h->payload_bytes / 8;
    if (c->h->kind == TF_CHUNK_PACKED) { /* unpacked into a buffer kept for the next one */
        size_t cap = (size_t)c->h->payload_bytes + 1, n = 0;
        if (cm_grow((void **)&r->unpacked, &r->cap_unpacked, cap, sizeof *r->unpacked)) return -1;
        if (tf_trace_unpack((const uint8_t *)payload, c->h->payload_bytes, r->unpacked, cap, &n)) {
            warn(t, "packed chunk %u is malformed; its records were skipped", c->h->seq);
            t->unknown_records++;
            return 0;
        }
        p = r->unpacked;
        end = r->unpacked + n;
    }
    while (p < end) {
        uint64_t w = *p;
        size_t words = tf_rec_words(w);
        if ((size_t)(end - p) < words) {
            warn(t, "a record at the end of chunk %u is cut short", c->h->seq);
            t->unknown_records++;
            break;
        }
        uint64_t tsc = c->h->tsc_base + TF_REC_DELTA(w);
        rec e = {ti, st, p, TF_REC_ARG(w), to_ns(r, tsc), tsc};
        st->last_ns = e.ns;
        if (rec_reader(TF_REC_TYPE(w))(r, &e)) return -1;
        p += words;
    }
    return 0;
}

/* Pass 2 reads chunk c again (the first pass kept its offset and header
 * only): its payload, 8-byte aligned, or NULL if it is not what the first
 * pass read (the file shrank, or changed, since: counted). */
static const uint64_t *reread_chunk(reader *r, const chunk_ref *c)
{
    size_t n = r->chead + c->hc.payload_bytes;
    const uint8_t *b = fetch(r, &r->wc, c->off, n, 0);
    if (!b) {
        r->lost_chunks++;
        return NULL;
    }
    if (r->fd <
        0) { /* memory does not change; a chunk found by a byte-wise resync may sit anywhere */
        if (!((uintptr_t)(b + r->chead) & 7)) return (const uint64_t *)(b + r->chead);
        if (cm_grow((void **)&r->wc.buf, &r->wc.cap, n, 1)) {
            r->lost_chunks++;
            if (!r->stopped) read_failed(r, c->off, ENOMEM);
            return NULL;
        }
        memcpy(r->wc.buf, b, n);
        return (const uint64_t *)(r->wc.buf + r->chead);
    }
    if (memcmp(b, &c->hc, r->chead) ||
        tf_trace_checksum(b + r->chead, c->hc.payload_bytes / 8) != c->hc.checksum) {
        if (!r->changed_chunks++) {
            r->first_changed_seq = c->hc.seq;
            r->first_changed_off = c->off;
        }
        return NULL;
    }
    return (const uint64_t *)(b + r->chead); /* the window starts at the chunk: aligned */
}

static tf_trace *load(const char *path, int fd, uint8_t *data, size_t size,
                      const tf_trace_opts *opts);

static tf_trace *load_path(const char *op, const char *path, const tf_trace_opts *opts)
{
    if (!path)
        return cm_err_null("%s: the path is NULL (name a trace or memory log file, e.g. "
                           "generated/profiler/.logs/tt_foil_trace.<pid>.tft)",
                           op);
    /* O_NONBLOCK: opening a FIFO that no program has open for writing
     * would wait for one (forever) */
    int fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK);
    if (fd < 0) return cm_err_null("%s: cannot open: %s", path, strerror(errno));
    struct stat st;
    if (fstat(fd, &st)) {
        int err = errno;
        close(fd);
        return cm_err_null("%s: cannot read: %s", path, strerror(err));
    }
    if (S_ISDIR(st.st_mode)) {
        close(fd);
        return cm_err_null("%s: is a directory, not a trace file (name a .tft file: "
                           "tt_foil_profile's are in its .logs/)",
                           path);
    }
    if (S_ISREG(st.st_mode) && st.st_size > 0 &&
        (uint64_t)st.st_size <= SIZE_MAX) { /* read through windows, front to back, twice */
        (void)posix_fadvise(fd, 0, 0, POSIX_FADV_SEQUENTIAL);
        return load(path, fd, NULL, (size_t)st.st_size, opts);
    }
    /* a pipe, a device, or a file the system says is empty: read whole into
     * memory, a FIFO until its writer closes it (blocking again: a FIFO with
     * no writer reads as ended at once) */
    FILE *f = cm_file_fdopen_blocking(fd);
    if (!f) {
        int err = errno;
        close(fd);
        return cm_err_null("%s: cannot read: %s", path, strerror(err));
    }
    uint8_t *data = NULL;
    size_t size = 0, cap = 0;
    for (;;) {
        if (cm_grow((void **)&data, &cap, size + 65536, 1)) {
            fclose(f);
            free(data);
            return cm_err_null("%s: out of memory", path);
        }
        size_t n = fread(data + size, 1, cap - size, f);
        size += n;
        if (n == 0) break;
    }
    int err = ferror(f) ? errno : 0;
    fclose(f);
    if (err || (!size && !S_ISREG(st.st_mode))) {
        free(data);
        if (err) return cm_err_null("%s: cannot read: %s", path, strerror(err));
        return cm_err_null("%s: is a %s, not a file, and nothing was written into it (a FIFO: no "
                           "program had it open for writing); read the trace from a file, or "
                           "start the program that writes into it first",
                           path, cm_file_kind(st.st_mode));
    }
    return load(path, -1, data, size, opts);
}

tf_trace *tf_trace_load(const char *path)
{
    return load_path("tf_trace_load", path, NULL);
}

tf_trace *tf_trace_load_opts(const char *path, const tf_trace_opts *opts)
{
    return load_path("tf_trace_load_opts", path, opts);
}

static tf_trace *read_mem(const char *op, const char *name, const void *data, size_t size,
                          const tf_trace_opts *opts)
{
    if (!name)
        return cm_err_null("%s: the name is NULL (pass what to call the trace in messages, e.g. "
                           "its file's name)",
                           op);
    if (!data && size)
        return cm_err_null("%s(%s): data is NULL and size %zu (pass the trace's bytes, or size 0)",
                           op, name, size);
    uint8_t *copy = malloc(size ? size : 1);
    if (!copy) return cm_err_null("%s: out of memory", name);
    if (size) memcpy(copy, data, size);
    return load(name, -1, copy, size, opts);
}

tf_trace *tf_trace_read(const char *name, const void *data, size_t size)
{
    return read_mem("tf_trace_read", name, data, size, NULL);
}

tf_trace *tf_trace_read_opts(const char *name, const void *data, size_t size,
                             const tf_trace_opts *opts)
{
    return read_mem("tf_trace_read_opts", name, data, size, opts);
}

/* The file changed under the reader (read_failed, reread_chunk): what was
 * lost, in one or two warnings, and counted (bytes the first pass could
 * not read as cut short, chunks the second could not read again as
 * missing), so the report says the trace is damaged. Or it grew: what was
 * added after it was opened is not read (no loss: what was read is the
 * file as it was). */
static void file_changed(reader *r)
{
    tf_trace *t = r->t;
    char lost[200] = "";
    if (r->lost_chunks && r->scan_stop)
        snprintf(lost, sizeof lost,
                 "; the %zu bytes from offset %zu on were not read, and %llu chunks before "
                 "them could not be read again",
                 r->size0 - r->scan_stop, r->scan_stop, (unsigned long long)r->lost_chunks);
    else if (r->scan_stop)
        snprintf(lost, sizeof lost, "; the %zu bytes from offset %zu on were not read",
                 r->size0 - r->scan_stop, r->scan_stop);
    else if (r->lost_chunks)
        snprintf(lost, sizeof lost, "; %llu chunk%s after offset %zu %s lost",
                 (unsigned long long)r->lost_chunks, r->lost_chunks == 1 ? "" : "s", r->size,
                 r->lost_chunks == 1 ? "was" : "were");
    if (r->stopped && !r->stop_err)
        warn(t,
             "the file shrank from %zu to %zu bytes while it was read%s (another program "
             "truncated or rewrote it); what was read is in the reports",
             r->size0, r->size, lost);
    else if (r->stopped)
        warn(t, "reading the file failed at offset %zu (%s)%s; what was read is in the reports",
             r->stop_at, strerror(r->stop_err), lost);
    if (r->changed_chunks)
        warn(t,
             "the file changed while it was read: %llu chunk%s no longer held what the first "
             "pass read (the first: chunk %u at offset %zu) and %s left out (another program "
             "rewrote the file)",
             (unsigned long long)r->changed_chunks, r->changed_chunks == 1 ? "" : "s",
             r->first_changed_seq, r->first_changed_off, r->changed_chunks == 1 ? "was" : "were");
    t->missing_chunks += r->lost_chunks + r->changed_chunks;
    struct stat st;
    if (!r->stopped && r->fd >= 0 && !fstat(r->fd, &st) && (uint64_t)st.st_size > r->size0)
        warn(t,
             "the file grew from %zu to %llu bytes while it was read; the %llu bytes added "
             "after it was opened were not read",
             r->size0, (unsigned long long)st.st_size, (unsigned long long)st.st_size - r->size0);
}

/* Read the trace in the file fd (size bytes at open) or in data[0..size)
 * (fd -1); both are owned: closed or freed here. */
static tf_trace *load(const char *path, int fd, uint8_t *data, size_t size,
                      const tf_trace_opts *opts)
{
    reader r;
    memset(&r, 0, sizeof r);
    r.seg = SIZE_MAX;
    for (int i = 0; i < 4; i++) r.loc_idx[i] = TF_NONE;
    r.fd = fd;
    r.data = data;
    r.size = r.size0 = size;
    r.opts = opts;
    if (r.size == 0) {
        drop_data(&r);
        return cm_err_null("%s: the file is empty: the profiler created it but could not write "
                           "even its header (the disk was full, or the program was killed as "
                           "it started)",
                           path);
    }
    size_t lead = r.size < sizeof(tf_trace_header) ? r.size : sizeof(tf_trace_header);
    const uint8_t *head = fetch(&r, &r.wc, 0, lead, TF_HEAD_AHEAD);
    if (!head) {
        int err = r.stop_err;
        drop_data(&r);
        return cm_err_null("%s: cannot read: %s", path,
                           err ? strerror(err) : "the file shrank to nothing as it was opened");
    }
    if (r.size < sizeof(tf_trace_header) || memcmp(head, TF_TRACE_MAGIC, 8) != 0) {
        int ours =
            r.size >= 8 ? !memcmp(head, TF_TRACE_MAGIC, 8) : !memcmp(head, TF_TRACE_MAGIC, r.size);
        drop_data(&r);
        if (ours)
            return cm_err_null("%s: the file is %zu bytes, shorter than its %zu-byte header (the "
                               "disk was full, or the program was killed as it started)",
                               path, r.size, sizeof(tf_trace_header));
        return cm_err_null("%s: not a tt-foil trace (no TFTRACE1 magic)", path);
    }
    uint32_t version;
    memcpy(&version, head + offsetof(tf_trace_header, version), sizeof version);
    if (version < TF_TRACE_VERSION_V2 || version > TF_TRACE_VERSION) {
        drop_data(&r);
        return cm_err_null("%s: file format version %u; this reader reads versions %u to %u "
                           "(record the run again with this tt-foil)",
                           path, version, TF_TRACE_VERSION_V2, TF_TRACE_VERSION);
    }
    r.version = version;
    r.chead = version >= 3 ? sizeof(tf_chunk_header) : TF_CHUNK_HEADER_V2;
    tf_trace *t = calloc(1, sizeof *t);
    if (!t || cm_handle_add(t, CM_H_TRACE)) { /* live from here: opts->dev_block gets it */
        free(t);
        drop_data(&r);
        return cm_err_null("%s: out of memory", path);
    }
    r.t = t;
    t->path = strdup(path);
    memcpy(&t->header, head, sizeof t->header);
    t->header.program[sizeof t->header.program - 1] = 0;
    r.ns_clock = (t->header.flags & TF_TRACE_FLAG_NS_CLOCK) != 0;
    add_cal(&r, t->header.start_tsc, t->header.start_ns);
    scan_chunks(&r);
    r.ndefined_locs = t->nlocs;
    if (t->ndev_sites)
        qsort(t->dev_sites, t->ndev_sites, sizeof *t->dev_sites, site_cmp); /* tf_trace_dev_site */
    thin_calibration(&r);
    if (opts && opts->clock) use_clock(&r, opts->clock);
    r.wc.len = 0; /* pass 2 reads the file again, from the start */
    for (size_t i = 0; i < r.nchunks; i++) {
        const chunk_ref *c = &r.chunks[i];
        const uint64_t *payload;
        if (holds_events(c) && (payload = reread_chunk(&r, c)) && read_events(&r, c, payload)) {
            /* once: every later chunk would run out too (a warning each
             * was thousands of them) */
            size_t left = 0; /* the event chunks after it */
            for (size_t k = i + 1; k < r.nchunks; k++) left += holds_events(&r.chunks[k]);
            warn(t,
                 "out of memory reading chunk %u: its records from there on, and the %zu event "
                 "chunks after it, were not read",
                 c->h->seq, left);
            break;
        }
    }
    free(r.words);
    file_changed(&r);
    /* zones still open: the program stopped inside them; at its exit when
     * it wrote its trailer then (exit() inside a zone, a thread blocked in
     * one: they lasted that long), else at their thread's last event.
     * unterminated says which: 2 the exit, 1 the thread's last event (the
     * notes and the JSON say where each was drawn to) */
    for (uint32_t i = 0; i < r.nstacks; i++) {
        struct stack *st = &r.stacks[i];
        uint64_t end = st->last_ns;
        int at_exit = t->has_trailer && t->trailer.end_ns >= end;
        if (at_exit) end = t->trailer.end_ns;
        while (st->n) {
            t->zones[st->idx[st->n - 1]].unterminated = at_exit ? 2 : 1;
            t->unterminated++;
            r.open_at_exit += at_exit;
            close_zone(&r, i, st, end);
        }
        free(st->idx);
    }
    int damage = t->bad_bytes || t->missing_chunks || r.scan_stop;
    if (t->truncated_bytes && !r.scan_stop) /* else the file shrank: file_changed said so */
        warn(t,
             "the last %llu bytes are an unfinished chunk (the program was stopped while "
             "writing, or its disk filled up); they were left out",
             (unsigned long long)t->truncated_bytes);
    if (!t->has_trailer)
        warn(t, "%s",
             damage ? "no trailer: the program did not exit normally, or its trailer was lost "
                      "with the damaged or missing chunks"
                    : "no trailer: the program did not exit normally (it was killed, crashed or "
                      "its disk filled up), or the file was cut short at a chunk boundary; "
                      "everything in its complete chunks was read, what came after them is lost");
    if (t->has_trailer && t->trailer.lost_records)
        warn(t, "the program could not write %llu records (see its stderr)",
             (unsigned long long)t->trailer.lost_records);
    if (t->has_trailer && t->trailer.truncated_texts) /* (counted in the trailer, said nowhere) */
        warn(t,
             "%llu zone text%s longer than %d bytes %s cut to that length (the rest is not in the "
             "reports)",
             (unsigned long long)t->trailer.truncated_texts,
             t->trailer.truncated_texts == 1 ? "" : "s", TF_TEXT_MAX,
             t->trailer.truncated_texts == 1 ? "was" : "were");
    if (t->dropped_defs > r.malformed_defs)
        warn(t,
             "%llu definitions were dropped (the first: a %s definition with id %u; ids above "
             "%u cannot be named by any record, and capacities must be whole numbers)",
             (unsigned long long)(t->dropped_defs - r.malformed_defs),
             def_kind_name(r.first_dropped_kind), r.first_dropped_id, TF_REC_MAX_ARG);
    if (r.malformed_defs)
        warn(t,
             "%llu definitions were malformed and dropped (the first: a %s definition with id %u "
             "in chunk %u at offset %zu, whose strings do not end within its length): the file "
             "is damaged",
             (unsigned long long)r.malformed_defs, def_kind_name(r.first_malformed_kind),
             r.first_malformed_id, r.first_malformed_seq, r.first_malformed_off);
    if (r.undefined_loc_zones) {
        t->undefined_refs += r.undefined_loc_zones;
        warn(t,
             "%llu zones name %llu source locations the trace does not define (their "
             "definitions were lost or damaged); they are reported as 'location #N (undefined)'",
             (unsigned long long)r.undefined_loc_zones, (unsigned long long)r.undefined_locs);
    }
    if (r.undefined_pools) {
        t->undefined_refs += r.undefined_pools;
        warn(t,
             "%llu memory pools are not defined in the trace; they are reported as 'pool #N "
             "(undefined)'",
             (unsigned long long)r.undefined_pools);
    }
    if (r.texts_cut)
        warn(t, "%llu zone texts were left out: their zone's texts already ran to %u bytes",
             (unsigned long long)r.texts_cut, TF_ZONE_TEXT_MAX);
    if (r.texts_orphan)
        warn(t,
             "%llu zone texts were left out: no zone was open on their thread "
             "(TT_FOIL_ZONE_TEXT outside any zone)",
             (unsigned long long)r.texts_orphan);
    if (t->clamped_times)
        warn(t,
             "%llu timestamps fell outside the clock (the trace's calibration points are "
             "damaged); they were clamped, and times in the reports may be wrong",
             (unsigned long long)t->clamped_times);
    if (t->unterminated && r.open_at_exit == t->unterminated)
        warn(t, "%llu zones never ended (still open when the process ended: ended then)",
             (unsigned long long)t->unterminated);
    else if (t->unterminated && r.open_at_exit)
        warn(t,
             "%llu zones never ended (%llu still open when the process ended: ended then; %llu "
             "ended at their thread's last event)",
             (unsigned long long)t->unterminated, (unsigned long long)r.open_at_exit,
             (unsigned long long)(t->unterminated - r.open_at_exit));
    else if (t->unterminated)
        warn(t, "%llu zones never ended (ended at their thread's last event)",
             (unsigned long long)t->unterminated);
    if (t->mismatched_ends)
        warn(t, "%llu zone ends came out of order", (unsigned long long)t->mismatched_ends);
    if (t->orphan_ends)
        warn(t, "%llu zone ends had no matching begin", (unsigned long long)t->orphan_ends);
    if (r.perf_no_chip)
        warn(t,
             "%llu hardware counter records name chip definition %u, which the trace does not "
             "hold (a DEFS chunk lost?); their chip peaks are read as 0",
             (unsigned long long)r.perf_no_chip, r.first_no_chip);
    if (r.perf_unresolved)
        warn(t,
             "%llu hardware counter records repeat an earlier record the trace does not hold "
             "(the first: dispatch %u repeats dispatch %u; a chunk lost?); they were left out",
             (unsigned long long)r.perf_unresolved, r.first_unresolved_dispatch,
             r.first_unresolved_ref);
    if (r.set_unresolved)
        warn(t,
             "%llu memory set records repeat a set the trace does not hold (the first: pool #%u, "
             "set %u; a chunk lost?); their events were lost",
             (unsigned long long)r.set_unresolved, r.first_unresolved_pool, r.first_unresolved_set);
    if (t->unknown_records)
        warn(t, "%llu records of unknown type were skipped",
             (unsigned long long)t->unknown_records);
    /* the largest arrays, complete: a long run's zones and memory events
     * held up to twice their size */
    cm_fit((void **)&t->zones, &r.cap_zones, t->nzones, sizeof *t->zones);
    cm_fit((void **)&t->mem, &r.cap_mem, t->nmem, sizeof *t->mem);
    cm_fit((void **)&t->dev_perfs, &r.cap_dev_perfs, t->ndev_perfs, sizeof *t->dev_perfs);
    cm_fit((void **)&t->perf_pairs, &r.cap_perf_pairs, t->nperf_pairs, sizeof *t->perf_pairs);
    free(r.stacks);
    for (uint32_t i = 0; i < r.npool_names; i++) free(r.pool_names[i]);
    free(r.pool_names);
    cm_map *maps[] = {&r.loc_map,   &r.pool_def,   &r.pool_use,      &r.name_map,
                      &r.track_map, &r.thread_map, &r.open_map,      &r.seq_map,
                      &r.text_len,  &r.chip_map,   &r.perf_last_map, &r.set_last_map};
    for (size_t i = 0; i < sizeof maps / sizeof *maps; i++) cm_map_free(maps[i]);
    free(r.chunks);
    /* the clock, kept: a file of the same process can use it (tf_trace_opts.clock) */
    cm_fit((void **)&r.cal, &r.cap_cal, r.ncal, sizeof *r.cal);
    t->cal = r.cal;
    t->ncal = r.ncal;
    t->ns_clock = r.ns_clock;
    free(r.chips);
    free(r.perf_last);
    free(r.set_last);
    drop_data(&r);
    return t;
}

uint64_t tf_trace_pool_capacity(const tf_trace *t, const char *pool)
{
    if (tf_trace_check_arg(t, "tf_trace_pool_capacity")) return 0;
    if (!pool) {
        cm_err_set("tf_trace_pool_capacity: the pool name is NULL (pass a pool's name, one of "
                   "t->pools: \"Device DRAM\")");
        return 0;
    }
    for (uint32_t i = 0; i < t->ncaps; i++)
        if (!strcmp(pool, t->cap_names[i])) return t->cap_bytes[i];
    return 0;
}

int tf_trace_span(const tf_trace *t, uint64_t *first, uint64_t *last)
{
    if (tf_trace_check_arg(t, "tf_trace_span")) return -1;
    if (!first || !last)
        return cm_err_set("tf_trace_span: %s is NULL (pass where to write the %s event's time)",
                          !first ? "first_ns" : "last_ns", !first ? "earliest" : "latest");
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
    return 0;
}

void tf_trace_free(tf_trace *t)
{
    if (!t) return;
    if (tf_trace_check_arg(t, "tf_trace_free")) {
        cm_warn("%s; nothing was freed", tf_last_error());
        return;
    }
    cm_handle_remove(t);
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
    free(t->cal);
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
    cm_handle_free(t);
}
