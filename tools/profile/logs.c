/* Loading a run's logs (.logs/): the host trace and memory log through the
 * trace library, the raw device zones CSV (its columns found by the
 * runtime's table, TF_CSV_DEVICE_ZONES; markers paired into zones per core
 * and RISC by the runtime's pairing, cm_pair.h) and the clock sync file. Whatever is missing,
 * empty, cut short or corrupt becomes a note that names the file and says why; what can be read is
 * still read. */
#include "pf.h"
#include "cm_csv.h"
#include "cm_err.h"
#include "cm_pair.h"
#include "cm_risc.h"

#include <errno.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

void pf_note(pf_logs *l, int error, const char *fmt, ...)
{
    char buf[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    pthread_mutex_lock(&l->lock); /* report writers run in parallel */
    l->errors += error != 0;
    l->write_errors += error == PF_WRITE_ERROR;
    char **nn = realloc(l->notes, (size_t)(l->nnotes + 1) * sizeof *nn);
    if (nn) l->notes = nn;
    unsigned char *ne = realloc(l->note_error, (size_t)(l->nnotes + 1));
    if (ne) l->note_error = ne;
    if (nn && ne && (l->notes[l->nnotes] = strdup(buf))) l->note_error[l->nnotes++] = error != 0;
    pthread_mutex_unlock(&l->lock);
}

uint32_t pf_intern(pf_logs *l, const char *s)
{
    /* few distinct names: the last ones used are the likeliest */
    for (uint32_t i = l->nstrings; i-- > 0;)
        if (!strcmp(l->strings[i], s)) return i;
    if (l->nstrings == l->cap_strings) {
        uint32_t cap = l->cap_strings ? 2 * l->cap_strings : 64;
        char **ns = realloc(l->strings, cap * sizeof *ns);
        if (!ns) return 0;
        l->strings = ns;
        l->cap_strings = cap;
    }
    l->strings[l->nstrings] = strdup(s);
    return l->nstrings++;
}

static void path_of(const pf_logs *l, const char *rel, char *out, size_t n)
{
    snprintf(out, n, "%s/%s", l->dir, rel);
}

/* Loading one trace file: done on its own thread (reading and decoding is
 * most of the load), the notes afterwards on the main thread, in order. */
typedef struct trace_job {
    char path[4200];
    int missing;
    tf_trace *t;
    char error[512];
} trace_job;

static void *load_trace_job(void *arg)
{
    trace_job *j = arg;
    struct stat st;
    if ((j->missing = stat(j->path, &st) != 0)) return NULL;
    if (!(j->t = tf_trace_load(j->path)))
        snprintf(j->error, sizeof j->error, "%s", tf_last_error());
    return NULL;
}

static tf_trace *trace_notes(pf_logs *l, trace_job *j, const char *rel, const char *what,
                             const char *rebuild)
{
    tf_trace *t = j->t;
    if (j->missing) {
        pf_note(l, 1, "no %s (%s): %s", what, rel, rebuild);
        return NULL;
    }
    if (!t) {
        pf_note(l, 1, "%s: %s", what, j->error);
        return NULL;
    }
    for (int i = 0; i < t->nwarnings; i++) pf_note(l, 0, "%s (%s): %s", what, rel, t->warnings[i]);
    if (t->bad_bytes || t->truncated_bytes || t->unknown_records)
        pf_note(l, 1,
                "%s (%s): %llu bytes corrupt, %llu bytes cut short and %llu records unreadable "
                "were left out of the reports",
                what, rel, (unsigned long long)t->bad_bytes, (unsigned long long)t->truncated_bytes,
                (unsigned long long)t->unknown_records);
    return t;
}

/* ---- the device zones CSV ---------------------------------------------------------- */

typedef struct risc_stack {
    uint32_t dispatch;
    cm_pairer pair; /* keys: name << 32 | hash (interned) */
} risc_stack;

/* The open markers of each (core, RISC), found through a table indexed by
 * x | y << 8 | risc << 16 (the CSV's coordinates are below 256). */
typedef struct stacks {
    uint32_t *slot; /* index + 1 into all[], 0 if none yet */
    risc_stack *all;
    size_t n;
} stacks;

static risc_stack *stack_for(stacks *s, int x, int y, int risc)
{
    size_t key = (size_t)x | (size_t)y << 8 | (size_t)risc << 16;
    if (s->slot[key]) return &s->all[s->slot[key] - 1];
    risc_stack *na = realloc(s->all, (s->n + 1) * sizeof *na);
    if (!na) return NULL;
    s->all = na;
    na[s->n] = (risc_stack){0, {0}};
    s->slot[key] = (uint32_t)++s->n;
    return &na[s->n - 1];
}

static int push_devzone(pf_logs *l, const pf_devzone *z)
{
    if (l->ndevzones == l->cap_devzones) {
        size_t cap = l->cap_devzones ? 2 * l->cap_devzones : 1024;
        pf_devzone *nz = realloc(l->devzones, cap * sizeof *nz);
        if (!nz) return -1;
        l->devzones = nz;
        l->cap_devzones = cap;
    }
    l->devzones[l->ndevzones++] = *z;
    return 0;
}

/* The packet type of a row, -1 if it is none of TF_CSV_PACKET_TYPES. */
static int packet_type(const char *s)
{
    for (int k = 0; k < TF_PACKET_NTYPES; k++)
        if (!strcmp(s, tf_csv_packet_type[k])) return k;
    return -1;
}

/* One row: 0, or -1 if malformed. */
static int device_row(pf_logs *l, cm_csv_reader *r, const int *col, stacks *stk)
{
    const tf_csv_schema *s = &tf_csv_device_zones;
    cm_csv_value dispatch, x, y, risc_name, type, cycle = {0}, n = {0}, name, hash;
    if (cm_csv_get(r, s, col, TF_DZ_risc, &risc_name) ||
        cm_csv_get(r, s, col, TF_DZ_packet_type, &type) ||
        cm_csv_get(r, s, col, TF_DZ_dispatch_idx, &dispatch) ||
        cm_csv_get(r, s, col, TF_DZ_core_x, &x) || cm_csv_get(r, s, col, TF_DZ_core_y, &y) ||
        cm_csv_get(r, s, col, TF_DZ_zone_name, &name) ||
        cm_csv_get(r, s, col, TF_DZ_zone_hash, &hash))
        return -1;
    int risc = cm_risc_parse(risc_name.s), packet = packet_type(type.s);
    int dropped = packet == TF_PACKET_DROPPED;
    if (risc < 0 || packet < 0 || dispatch.empty || dispatch.u >= UINT32_MAX || x.empty ||
        x.u >= 256 || y.empty || y.u >= 256 ||
        (!dropped && (cm_csv_get(r, s, col, TF_DZ_cycle, &cycle) || cycle.empty)) ||
        (dropped && (cm_csv_get(r, s, col, TF_DZ_dropped, &n) || n.empty)))
        return -1;
    /* kernel_profiler.hpp's SUM / DATA / EVENT / VALIDATE rows carry a
     * value, not a zone: counted here, listed in the raw CSV */
    if (packet == TF_PACKET_SUM || packet == TF_PACKET_DATA || packet == TF_PACKET_EVENT ||
        packet == TF_PACKET_VALIDATE) {
        l->dev_payload++;
        return 0;
    }
    if (dropped) {
        l->dev_dropped += n.u;
        pf_note(l, 0,
                "dispatch %u core (%d,%d) %s: %llu device zones were dropped (its marker buffer "
                "was full)",
                (unsigned)dispatch.u, (int)x.u, (int)y.u, cm_risc_name(risc),
                (unsigned long long)n.u);
        return 0;
    }
    l->dev_markers++;
    risc_stack *st = stack_for(stk, (int)x.u, (int)y.u, risc);
    if (!st) return 0;
    if (st->dispatch != dispatch.u) { /* a new dispatch: whatever is open never ended */
        cm_pair_reset(&st->pair);
        st->dispatch = (uint32_t)dispatch.u;
    }
    uint32_t nm = pf_intern(l, name.s[0] ? name.s : "?"), hs = pf_intern(l, hash.s);
    uint64_t key = (uint64_t)nm << 32 | hs, start;
    uint32_t depth;
    if (packet == TF_PACKET_START) {
        if (cm_pair_start(&st->pair, key, cycle.u))
            pf_note(l, 1, "out of memory pairing device markers");
    } else if (cm_pair_end(&st->pair, key, &start, &depth)) {
        pf_devzone z = {
            (uint32_t)dispatch.u, (int)x.u, (int)y.u, risc, nm, hs, depth, start, cycle.u, 0, 0, 0};
        cm_csv_value k, f, ln; /* where it is (tooltips), when the file says */
        if (!cm_csv_get(r, s, col, TF_DZ_kernel, &k) && k.s[0]) z.kernel = pf_intern(l, k.s) + 1;
        if (!cm_csv_get(r, s, col, TF_DZ_src_file, &f) && f.s[0]) z.file = pf_intern(l, f.s) + 1;
        if (!cm_csv_get(r, s, col, TF_DZ_src_line, &ln) && !ln.empty) z.line = (uint32_t)ln.u;
        if (push_devzone(l, &z)) pf_note(l, 1, "out of memory reading the device zones");
    }
    return 0;
}

static void *load_device(void *arg)
{
    pf_logs *l = arg;
    char p[4200];
    path_of(l, PF_DEVZONES_CSV, p, sizeof p);
    FILE *f = fopen(p, "r");
    if (!f) {
        pf_note(l, 0,
                "no device zones (%s): the firmware was built without the device profiler "
                "(configure with -DTT_FOIL_DEVICE_PROFILER=ON to record them)",
                PF_DEVZONES_CSV);
        return NULL;
    }
    l->have_device_csv = 1;
    cm_csv_reader r = {.f = f};
    int col[TF_DZ_NCOLS];
    int nf = cm_csv_next(&r);
    if (nf <= 0) {
        pf_note(l, 1, "%s is empty: the run recorded no device marker", PF_DEVZONES_CSV);
        goto done;
    }
    /* the columns read (dropped only on DROPPED rows: older files lack it) */
    static const int need[] = {TF_DZ_dispatch_idx, TF_DZ_core_x,    TF_DZ_core_y, TF_DZ_risc,
                               TF_DZ_packet_type,  TF_DZ_zone_hash, TF_DZ_cycle,  TF_DZ_zone_name};
    cm_csv_bind(&tf_csv_device_zones, r.fields, nf, col);
    for (size_t k = 0; k < sizeof need / sizeof *need; k++)
        if (col[need[k]] < 0) {
            pf_note(l, 1, "%s: no '%s' column in the header; device zones were not read",
                    PF_DEVZONES_CSV, tf_csv_device_zones.cols[need[k]].name);
            goto done;
        }
    stacks stk = {calloc((size_t)TF_NUM_RISCS << 16, sizeof *stk.slot), NULL, 0};
    uint64_t bad = 0;
    long first_bad = 0;
    while (stk.slot && (nf = cm_csv_next(&r)) != 0) {
        if (nf > 0 && !device_row(l, &r, col, &stk)) continue;
        if (!bad++) first_bad = r.line;
        if (nf < 0) break;
    }
    for (size_t i = 0; i < stk.n; i++) {
        cm_pair_reset(&stk.all[i].pair);
        l->dev_unmatched += stk.all[i].pair.unmatched;
        cm_pair_free(&stk.all[i].pair);
    }
    free(stk.all);
    free(stk.slot);
    if (bad)
        pf_note(l, 1, "%s: %llu malformed rows were skipped (the first at line %ld)",
                PF_DEVZONES_CSV, (unsigned long long)bad, first_bad);
    if (l->dev_unmatched)
        pf_note(l, 0, "%s: %llu device markers had no matching START or END", PF_DEVZONES_CSV,
                (unsigned long long)l->dev_unmatched);
    if (l->dev_payload)
        pf_note(l, 0,
                "%s: %llu accumulated-zone, data, event and validate markers (SUM, DATA, EVENT, "
                "VALIDATE rows with their value) are in that file, not in the zone reports",
                PF_DEVZONES_CSV, (unsigned long long)l->dev_payload);
done:
    cm_csv_close(&r);
    fclose(f);
    return NULL;
}

static void load_sync(pf_logs *l)
{
    char p[4200];
    path_of(l, PF_CLOCK_SYNC, p, sizeof p);
    FILE *f = fopen(p, "r");
    l->ns_per_cycle = 1.0;
    if (!f) {
        if (l->have_device_csv)
            pf_note(l, 0,
                    "no clock sync (%s): device zones are placed assuming the device clock "
                    "is the host's",
                    PF_CLOCK_SYNC);
        l->sync_host_clock = 1;
        return;
    }
    const tf_csv_schema *s = &tf_csv_clock_sync;
    cm_csv_reader r = {.f = f};
    int col[TF_SYNC_NCOLS];
    cm_csv_value h, c, npc, mode = CM_CSV_S(tf_csv_device_clock[TF_CLOCK_host_monotonic]);
    int nf = cm_csv_next(&r);
    cm_csv_bind(s, r.fields, nf > 0 ? nf : 0, col); /* device_clock may be absent */
    if (nf <= 0 || col[TF_SYNC_host_ns_first] < 0 || col[TF_SYNC_cycle_first] < 0 ||
        col[TF_SYNC_ns_per_cycle] < 0 || cm_csv_next(&r) <= 0 ||
        cm_csv_get(&r, s, col, TF_SYNC_host_ns_first, &h) || h.empty ||
        cm_csv_get(&r, s, col, TF_SYNC_cycle_first, &c) || c.empty ||
        cm_csv_get(&r, s, col, TF_SYNC_ns_per_cycle, &npc) || npc.empty || npc.f <= 0 ||
        (col[TF_SYNC_device_clock] >= 0 && cm_csv_get(&r, s, col, TF_SYNC_device_clock, &mode))) {
        pf_note(l, 1,
                "%s is malformed; device zones are placed assuming the device clock is "
                "the host's",
                PF_CLOCK_SYNC);
        l->sync_host_clock = 1;
    } else {
        l->have_sync = 1;
        l->sync_host_ns = h.u;
        l->sync_cycle = c.u;
        l->ns_per_cycle = npc.f;
        l->sync_host_clock = !strcmp(mode.s, tf_csv_device_clock[TF_CLOCK_host_monotonic]);
    }
    cm_csv_close(&r);
    fclose(f);
}

void pf_load(pf_logs *l, const char *dir, const pf_options *opt)
{
    memset(l, 0, sizeof *l);
    pthread_mutex_init(&l->lock, NULL);
    l->opt = opt;
    snprintf(l->dir, sizeof l->dir, "%s", dir);
    const char *rebuild = "the program was built without the host profiler; rebuild it with "
                          "-DTT_FOIL_ENABLE_TRACY=ON (cmake -B build -DTT_FOIL_ENABLE_TRACY=ON && "
                          "cmake --build build)";
    /* the device zones on a second thread (its notes are the only ones
     * made meanwhile, so their order is fixed), the host trace and the
     * memory log on this one */
    trace_job jt = {0}, jm = {0};
    path_of(l, PF_TRACE, jt.path, sizeof jt.path);
    path_of(l, PF_MEMLOG, jm.path, sizeof jm.path);
    pthread_t th;
    int threaded = pthread_create(&th, NULL, load_device, l) == 0;
    load_trace_job(&jt);
    load_trace_job(&jm);
    if (threaded)
        pthread_join(th, NULL);
    else
        load_device(l);
    l->trace = trace_notes(l, &jt, PF_TRACE, "host trace", rebuild);
    l->mem = trace_notes(l, &jm, PF_MEMLOG, "memory log", rebuild);
    load_sync(l);
    /* the reports count time from the earliest event */
    uint64_t lo = UINT64_MAX, a, b;
    if (l->trace && (tf_trace_span(l->trace, &a, &b), b)) lo = a, l->last = b;
    if (l->mem && (tf_trace_span(l->mem, &a, &b), b) && a < lo) lo = a;
    for (size_t i = 0; i < l->ndevzones; i++)
        if (pf_dev_ns(l, l->devzones[i].start) < lo) lo = pf_dev_ns(l, l->devzones[i].start);
    if (lo == UINT64_MAX) lo = 0;
    l->t0 = lo;
}

uint64_t pf_dev_ns(const pf_logs *l, uint64_t cycle)
{
    if (!l->have_sync) return cycle; /* assumed to be the host clock */
    double d = ((double)(int64_t)(cycle - l->sync_cycle)) * l->ns_per_cycle;
    double ns = (double)l->sync_host_ns + d;
    return ns < 0 ? 0 : (uint64_t)(ns + 0.5);
}

int pf_nothing_recorded(const pf_logs *l)
{
    return !l->trace && !l->mem && !l->have_device_csv;
}

void pf_free(pf_logs *l)
{
    tf_trace_free(l->trace);
    tf_trace_free(l->mem);
    free(l->devzones);
    for (uint32_t i = 0; i < l->nstrings; i++) free(l->strings[i]);
    free(l->strings);
    for (int i = 0; i < l->nnotes; i++) free(l->notes[i]);
    free(l->notes);
    free(l->note_error);
    pthread_mutex_destroy(&l->lock);
}
