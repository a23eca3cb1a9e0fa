/* Loading a run's logs (.logs/): the host trace and memory log through the
 * reader library, the raw device zones CSV (paired into zones here, per
 * core and RISC) and the clock sync file. Whatever is missing, empty, cut
 * short or corrupt becomes a note that names the file and says why; what
 * can be read is still read. */
#include "pf.h"
#include "cm_csv.h"
#include "cm_err.h"
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

typedef struct open_marker {
    uint32_t name, hash;
    uint64_t start;
} open_marker;

typedef struct risc_stack {
    int x, y, risc;
    uint32_t dispatch;
    open_marker *m;
    size_t n, cap;
} risc_stack;

/* The open markers of each (core, RISC), found through a table indexed by
 * x | y << 8 | risc << 16 (coordinates are below 256, see TF_WHERE). */
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
    na[s->n] = (risc_stack){x, y, risc, 0, NULL, 0, 0};
    s->slot[key] = (uint32_t)++s->n;
    return &na[s->n - 1];
}

/* A whole decimal number below `max`; -1 if it is not one. */
static int parse_u64(const char *s, uint64_t max, uint64_t *out)
{
    uint64_t v = 0;
    if (!*s) return -1;
    for (; *s; s++) {
        if (*s < '0' || *s > '9' || v > (UINT64_MAX - 9) / 10) return -1;
        v = v * 10 + (uint64_t)(*s - '0');
    }
    if (v >= max) return -1;
    *out = v;
    return 0;
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

enum { C_DISPATCH, C_X, C_Y, C_RISC, C_TYPE, C_HASH, C_CYCLE, C_NAME, C_DROPPED, C_N };

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
    static const char *const want[C_N] = {"dispatch_idx", "core_x",      "core_y",
                                          "risc",         "packet_type", "zone_hash",
                                          "cycle",        "zone_name",   "dropped"};
    int col[C_N];
    int nf = cm_csv_next(&r);
    if (nf <= 0) {
        pf_note(l, 1, "%s is empty: the run recorded no device marker", PF_DEVZONES_CSV);
        goto done;
    }
    for (int c = 0; c < C_N; c++) {
        col[c] = -1;
        for (int i = 0; i < nf; i++)
            if (!strcmp(r.fields[i], want[c])) col[c] = i;
        if (col[c] < 0 && c != C_DROPPED) {
            pf_note(l, 1, "%s: no '%s' column in the header; device zones were not read",
                    PF_DEVZONES_CSV, want[c]);
            goto done;
        }
    }
    stacks stk = {calloc((size_t)TF_NUM_RISCS << 16, sizeof *stk.slot), NULL, 0};
    uint64_t bad = 0;
    long first_bad = 0;
    int maxcol = 0;
    for (int c = 0; c < C_N; c++)
        if (col[c] > maxcol && c != C_DROPPED) maxcol = col[c];
    while (stk.slot && (nf = cm_csv_next(&r)) != 0) {
        uint64_t dispatch, x, y, cycle, n = 0;
        int risc = nf > maxcol ? cm_risc_parse(r.fields[col[C_RISC]]) : -1;
        const char *type = nf > maxcol ? r.fields[col[C_TYPE]] : "";
        int dropped = !strcmp(type, "DROPPED"), start = !strcmp(type, "START");
        /* kernel_profiler.hpp's SUM / DATA / EVENT / VALIDATE rows carry a
         * value, not a zone: counted here, listed in the raw CSV */
        if (risc >= 0 && (!strcmp(type, "SUM") || !strcmp(type, "DATA") || !strcmp(type, "EVENT") ||
                          !strcmp(type, "VALIDATE"))) {
            l->dev_payload++;
            continue;
        }
        if (risc < 0 || (!dropped && !start && strcmp(type, "END")) ||
            parse_u64(r.fields[col[C_DISPATCH]], UINT32_MAX, &dispatch) ||
            parse_u64(r.fields[col[C_X]], 256, &x) || parse_u64(r.fields[col[C_Y]], 256, &y) ||
            (!dropped && parse_u64(r.fields[col[C_CYCLE]], UINT64_MAX, &cycle)) ||
            (dropped && (col[C_DROPPED] < 0 || nf <= col[C_DROPPED] ||
                         parse_u64(r.fields[col[C_DROPPED]], UINT64_MAX, &n)))) {
            if (!bad++) first_bad = r.line;
            if (nf < 0) break;
            continue;
        }
        if (dropped) {
            l->dev_dropped += n;
            pf_note(l, 0,
                    "dispatch %u core (%d,%d) %s: %llu device zones were dropped (its "
                    "marker buffer was full)",
                    (unsigned)dispatch, (int)x, (int)y, cm_risc_name(risc), (unsigned long long)n);
            continue;
        }
        l->dev_markers++;
        risc_stack *st = stack_for(&stk, (int)x, (int)y, risc);
        if (!st) break;
        if (st->dispatch != dispatch) { /* a new dispatch: whatever is open never ended */
            l->dev_unmatched += st->n;
            st->n = 0;
            st->dispatch = (uint32_t)dispatch;
        }
        uint32_t name = pf_intern(l, r.fields[col[C_NAME]][0] ? r.fields[col[C_NAME]] : "?");
        uint32_t hash = pf_intern(l, r.fields[col[C_HASH]]);
        if (start) {
            if (st->n == st->cap) {
                size_t cap = st->cap ? 2 * st->cap : 16;
                open_marker *nm = realloc(st->m, cap * sizeof *nm);
                if (!nm) break;
                st->m = nm;
                st->cap = cap;
            }
            st->m[st->n++] = (open_marker){name, hash, cycle};
        } else if (st->n && st->m[st->n - 1].name == name && st->m[st->n - 1].hash == hash) {
            st->n--;
            pf_devzone z = {(uint32_t)dispatch, (int)x, (int)y, risc, name, hash, (uint32_t)st->n,
                            st->m[st->n].start, cycle};
            if (push_devzone(l, &z)) break;
        } else {
            l->dev_unmatched++;
        }
    }
    for (size_t i = 0; i < stk.n; i++) {
        l->dev_unmatched += stk.all[i].n;
        free(stk.all[i].m);
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
    char line[512];
    unsigned long long h, c;
    double npc;
    char mode[64] = "host_monotonic";
    if (!fgets(line, sizeof line, f) || !fgets(line, sizeof line, f) ||
        sscanf(line, "%llu,%llu,%lf,%63s", &h, &c, &npc, mode) < 3 || npc <= 0) {
        pf_note(l, 1,
                "%s is malformed; device zones are placed assuming the device clock is "
                "the host's",
                PF_CLOCK_SYNC);
        l->sync_host_clock = 1;
    } else {
        l->have_sync = 1;
        l->sync_host_ns = h;
        l->sync_cycle = c;
        l->ns_per_cycle = npc;
        l->sync_host_clock = !strcmp(mode, "host_monotonic");
    }
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
