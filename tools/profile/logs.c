/* Loading a run's logs (.logs/): the host trace and memory log through the
 * trace library, the raw device zones CSV (its columns found by the
 * runtime's table, TF_CSV_DEVICE_ZONES; markers paired into zones per core
 * and RISC by the runtime's pairing, cm_pair.h) and the clock sync file. Whatever is missing,
 * empty, cut short or corrupt becomes a note that names the file and says why; what can be read is
 * still read. */
#include "pf.h"
#include "common/cm_csv.h"
#include "common/cm_err.h"
#include "common/cm_file.h"
#include "common/cm_grow.h"
#include "common/cm_map.h"
#include "common/cm_pair.h"
#include "common/cm_risc.h"
#include "tf_profiler.h"

#include <dirent.h>
#include <errno.h>
#include <math.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* the CSVs' stop reasons are the trace's (tf_csv_schemas.h, in its order) */
_Static_assert((int)TF_STOP_timeout == TF_DEVB_TIMEOUT && (int)TF_STOP_fault == TF_DEVB_FAULT &&
                   (int)TF_STOP_interrupt == TF_DEVB_INTERRUPT &&
                   (int)TF_STOP_stall == TF_DEVB_STALL &&
                   (int)TF_STOP_NREASONS == TF_DEVB_STALL + 1,
               "TF_CSV_STOP_REASONS follows enum tf_devb_reason");

void pf_note(pf_logs *l, int error, const char *fmt, ...)
{
    /* the whole text, however long (a stopped RISC's pc with its chain of
     * inlined calls and what it waits for: a fixed buffer cut the cause,
     * at its end) */
    char small[1024], *buf = small;
    va_list ap, again;
    va_start(ap, fmt);
    va_copy(again, ap);
    int k = vsnprintf(small, sizeof small, fmt, ap);
    va_end(ap);
    if (k >= (int)sizeof small && (buf = malloc((size_t)k + 1)) != NULL)
        vsnprintf(buf, (size_t)k + 1, fmt, again);
    else if (!buf)
        buf = small; /* (out of memory: the first 1023 bytes) */
    va_end(again);
    pthread_mutex_lock(&l->lock); /* report writers run in parallel */
    int err = error != 0 && error != PF_LOSS && error != PF_RUN_ERROR;
    l->errors += err;
    l->losses += error == PF_LOSS;
    l->run_errors += error == PF_RUN_ERROR;
    l->write_errors += error == PF_WRITE_ERROR;
    char **nn = realloc(l->notes, (size_t)(l->nnotes + 1) * sizeof *nn);
    if (nn) l->notes = nn;
    unsigned char *ne = realloc(l->note_error, (size_t)(l->nnotes + 1));
    if (ne) l->note_error = ne;
    if (nn && ne && (l->notes[l->nnotes] = strdup(buf)))
        l->note_error[l->nnotes++] = (unsigned char)(err || error == PF_RUN_ERROR);
    pthread_mutex_unlock(&l->lock);
    if (buf != small) free(buf);
}

typedef struct intern_key {
    char *const *strings;
    uint32_t n; /* how many: a value past them names none */
    const char *s;
} intern_key;

static int same_string(uint32_t i, void *ctx)
{
    const intern_key *k = ctx;
    return i < k->n && !strcmp(k->strings[i], k->s);
}

uint32_t pf_strtab_add(pf_strtab *t, const char *s)
{
    uint64_t h = 0xcbf29ce484222325ull;
    for (const char *p = s; *p; p++) h = (h ^ (uint8_t)*p) * 0x100000001b3ull;
    uint32_t *recent = &t->recent[h % 64];
    if (*recent && !strcmp(t->s[*recent - 1], s)) return *recent - 1;
    intern_key k = {t->s, t->n, s};
    int is_new;
    uint32_t *slot = cm_map_slot(&t->map, h | 1, same_string, &k, &is_new);
    if (!slot) return UINT32_MAX;
    if (!is_new) {
        *recent = *slot + 1;
        return *slot;
    }
    char *copy = cm_grow((void **)&t->s, &t->cap, t->n + 1, sizeof *t->s) ? NULL
                 : t->borrowed                                            ? (char *)s
                                                                          : strdup(s);
    if (!copy) {
        *slot = UINT32_MAX; /* (the slot stays taken, naming no text: probed past) */
        return UINT32_MAX;
    }
    t->s[t->n] = copy;
    *recent = t->n + 1;
    return *slot = t->n++;
}

void pf_strtab_free(pf_strtab *t)
{
    for (uint32_t i = 0; i < t->n && !t->borrowed; i++) free(t->s[i]);
    free(t->s);
    cm_map_free(&t->map);
    memset(t, 0, sizeof *t);
}

uint32_t pf_intern(pf_logs *l, const char *s)
{
    uint32_t i = pf_strtab_add(&l->names, s);
    if (i != UINT32_MAX) return i;
    l->names_lost++; /* (another name would be wrong: "?") */
    return 0;
}

static void path_of(const pf_logs *l, const char *rel, char *out, size_t n)
{
    snprintf(out, n, "%s/%s", l->dir, rel);
}

/* Loading one trace file: done on its own thread (reading and decoding is
 * most of the load), the notes afterwards on the main thread, in order. */
typedef struct trace_job {
    char path[4400];
    int missing;
    tf_trace *t;
    char error[4800]; /* (holds the path) */
} trace_job;

/* Whether j->path is a log to read: 0 with j->missing set if there is
 * none, or j->error if it is not a file (a FIFO, which the reader would
 * wait on for a writer, a directory: nothing the program writes). */
static int log_file(trace_job *j)
{
    struct stat st;
    if ((j->missing = stat(j->path, &st) != 0)) return 0;
    if (S_ISREG(st.st_mode)) return 1;
    snprintf(j->error, sizeof j->error,
             "%s: is a %s, not a log file (a profiled program writes its logs as files); remove "
             "it, or move it out of %s",
             j->path, cm_file_kind(st.st_mode), PF_LOGS);
    return 0;
}

static void *load_trace_job(void *arg)
{
    trace_job *j = arg;
    if (log_file(j) && !(j->t = tf_trace_load(j->path)))
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
        l->unreadable++;
        return NULL;
    }
    /* a missing trailer is an error: a file cut exactly at a chunk boundary
     * differs from a whole one only by it (docs/profiling.md, "End markers") */
    for (int i = 0; i < t->nwarnings; i++)
        pf_note(l, !t->has_trailer && !strncmp(t->warnings[i], "no trailer:", 11) ? 1 : PF_LOSS,
                "%s (%s): %s", what, rel, t->warnings[i]);
    /* what was lost, each part only when there is some */
    const struct {
        uint64_t n;
        const char *what;
    } lost[] = {{t->bad_bytes, "bytes damaged"},
                {t->truncated_bytes, "bytes cut short"},
                {t->unknown_records, "records unreadable"},
                {t->missing_chunks, "chunks missing"},
                {t->repeated_chunks, "chunks repeated"},
                {t->dropped_defs, "definitions dropped"},
                {t->undefined_refs, "references to undefined names"},
                {t->clamped_times, "timestamps clamped"},
                {(uint64_t)t->bad_sync, "malformed clock sync"}};
    char list[512] = "";
    size_t n = 0;
    for (size_t i = 0; i < sizeof lost / sizeof *lost; i++)
        if (lost[i].n && n < sizeof list)
            n += (size_t)snprintf(list + n, sizeof list - n, "%s%llu %s", n ? ", " : "",
                                  (unsigned long long)lost[i].n, lost[i].what);
    if (n)
        pf_note(l, 1, "%s (%s) is damaged (%s); what could be read is in the reports", what, rel,
                list);
    return t;
}

/* ---- the device zones CSV ---------------------------------------------------------- */

typedef struct risc_stack {
    uint32_t dispatch;
    cm_pairer pair; /* keys: name << 32 | hash (interned) */
} risc_stack;

/* The open markers of each (device, core, RISC), found through a table
 * indexed by x | y << 8 | (risc * PF_MAX_DEVICES + device - 1) << 16 (the
 * CSV's coordinates are below 256): two devices open at once use the same
 * cores, and their markers pair apart. */
typedef struct stacks {
    uint32_t *slot; /* index + 1 into all[], 0 if none yet */
    risc_stack *all;
    size_t n;
} stacks;

#define STACK_SLOTS ((size_t)TF_NUM_RISCS * PF_MAX_DEVICES << 16)
static risc_stack *stack_for(stacks *s, uint32_t dev, int x, int y, int risc)
{
    size_t key = (size_t)x | (size_t)y << 8 |
                 ((size_t)risc * PF_MAX_DEVICES + (dev - 1) % PF_MAX_DEVICES) << 16;
    if (s->slot[key]) return &s->all[s->slot[key] - 1];
    risc_stack *na = realloc(s->all, (s->n + 1) * sizeof *na);
    if (!na) return NULL;
    s->all = na;
    na[s->n] = (risc_stack){0, {0}};
    s->slot[key] = (uint32_t)++s->n;
    return &na[s->n - 1];
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
    cm_csv_value devn = {0}; /* (a file without the column: device 1) */
    if (col[TF_DZ_device] >= 0 && cm_csv_get(r, s, col, TF_DZ_device, &devn)) return -1;
    uint32_t dev = pf_dev_number(l, devn.empty ? 1 : devn.u);
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
        pf_note(l, PF_LOSS,
                "dispatch %u core (%d,%d) %s: %llu device zones were dropped (its marker buffer "
                "was full)",
                (unsigned)dispatch.u, (int)x.u, (int)y.u, cm_risc_name(risc),
                (unsigned long long)n.u);
        return 0;
    }
    l->dev_markers++;
    risc_stack *st = stack_for(stk, dev, (int)x.u, (int)y.u, risc);
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
        pf_devzone z = {(uint32_t)dispatch.u,
                        (int)x.u,
                        (int)y.u,
                        risc,
                        nm,
                        hs,
                        depth,
                        start,
                        cycle.u,
                        0,
                        0,
                        TF_DEVB_DONE,
                        pf_intern(l, ""),
                        0,
                        0,
                        dev};
        cm_csv_value k, f, ln; /* where it is (tooltips), when the file says */
        if (!cm_csv_get(r, s, col, TF_DZ_kernel, &k) && k.s[0]) z.kernel = pf_intern(l, k.s) + 1;
        if (!cm_csv_get(r, s, col, TF_DZ_src_file, &f) && f.s[0]) z.file = pf_intern(l, f.s);
        if (!cm_csv_get(r, s, col, TF_DZ_src_line, &ln) && !ln.empty) z.line = (uint32_t)ln.u;
        if (pf_dev_add(l, &z)) pf_note(l, 1, "out of memory reading the device zones");
    }
    return 0;
}

/* 1 (after a note) if a header names a column twice: the file's columns
 * cannot be told apart. */
static int header_repeats(pf_logs *l, const char *rel, const cm_csv_reader *r)
{
    pf_strtab seen = {0}; /* field i is name i until one repeats */
    int rep = 0;
    for (int i = 0; i < r->nfields && !rep; i++) {
        uint32_t k = pf_strtab_add(&seen, r->fields[i]);
        if (k == UINT32_MAX) break;
        if ((int)k != i) {
            pf_note(l, 1,
                    "%s: the header names column '%.60s' twice (fields %u and %d): the header is "
                    "damaged; the file was not read",
                    rel, r->fields[i], k + 1, i + 1);
            rep = 1;
        }
    }
    pf_strtab_free(&seen);
    return rep;
}

/* The end record of text log rel (read through f, which has `rows` rows
 * after its header): a note unless the file is what its end record says
 * (docs/profiling.md, "End markers"). */
static void check_end(pf_logs *l, const char *rel, FILE *f, uint64_t rows)
{
    char p[4200];
    path_of(l, rel, p, sizeof p);
    uint64_t want_rows = 0, want_bytes = 0;
    int e = cm_csv_end_read(p, &want_rows, &want_bytes);
    struct stat st;
    uint64_t bytes = fstat(fileno(f), &st) ? 0 : (uint64_t)st.st_size;
    if (e > 0)
        pf_note(l, 0,
                "%s has no end record (%s%s, written when the file is closed): a file cut at a "
                "row boundary cannot be told from a whole one (it may come from a run that was "
                "killed, or from another tool)",
                rel, rel, CM_CSV_END_SUFFIX);
    else if (e < 0)
        pf_note(l, 1,
                "%s%s is malformed (it needs the header rows,bytes and one row of two whole "
                "numbers): whether %s is whole is not known",
                rel, CM_CSV_END_SUFFIX, rel);
    else if (rows < want_rows)
        pf_note(l, 1,
                "%s: the file ends after row %llu of %llu (its end record %s%s says %llu): it "
                "was cut short; %llu rows are lost",
                rel, (unsigned long long)rows, (unsigned long long)want_rows, rel,
                CM_CSV_END_SUFFIX, (unsigned long long)want_rows,
                (unsigned long long)(want_rows - rows));
    else if (rows > want_rows)
        pf_note(l, 1,
                "%s has %llu rows, its end record (%s%s) says %llu: rows were added or split "
                "after it was written",
                rel, (unsigned long long)rows, rel, CM_CSV_END_SUFFIX,
                (unsigned long long)want_rows);
    else if (bytes != want_bytes)
        pf_note(l, 0,
                "%s is %llu bytes, its end record (%s%s) says %llu: it was changed after it was "
                "written (its %llu rows are all there)",
                rel, (unsigned long long)bytes, rel, CM_CSV_END_SUFFIX,
                (unsigned long long)want_bytes, (unsigned long long)rows);
}

static void *load_device(void *arg)
{
    pf_logs *l = arg;
    char p[4200];
    path_of(l, PF_DEVZONES_CSV, p, sizeof p);
    FILE *f = cm_file_open_regular(p);
    if (!f && errno != ENOENT) {
        pf_note(l, 1, "no device zones: %s (remove it: the runtime writes a file there)",
                tf_last_error());
        return NULL;
    }
    if (!f) {
        char sync[4200];
        struct stat st;
        path_of(l, PF_CLOCK_SYNC, sync, sizeof sync);
        if (!stat(sync, &st))
            pf_note(l, 1,
                    "no device zones (%s), though its clock sync (%s) is there: the device zones "
                    "file was deleted, or could not be written (a full disk?); device zones are "
                    "not in the reports",
                    PF_DEVZONES_CSV, PF_CLOCK_SYNC);
        else
            l->no_device_zones = 1;
        return NULL;
    }
    l->have_device_csv = 1;
    cm_csv_reader r = {.f = f};
    int col[TF_DZ_NCOLS];
    int nf = cm_csv_next(&r);
    if (nf <= 0) {
        uint64_t rows, bytes;
        if (!cm_csv_end_read(p, &rows, &bytes) && rows)
            check_end(l, PF_DEVZONES_CSV, f, 0); /* cut short, not empty */
        else
            pf_note(l, 1, "%s is empty: the run recorded no device marker", PF_DEVZONES_CSV);
        goto done;
    }
    /* the columns read (dropped only on DROPPED rows: older files lack it) */
    static const int need[] = {TF_DZ_dispatch_idx, TF_DZ_core_x,    TF_DZ_core_y, TF_DZ_risc,
                               TF_DZ_packet_type,  TF_DZ_zone_hash, TF_DZ_cycle,  TF_DZ_zone_name};
    if (header_repeats(l, PF_DEVZONES_CSV, &r)) goto done;
    int header_fields = nf;
    cm_csv_bind(&tf_csv_device_zones, r.fields, nf, col);
    for (size_t k = 0; k < sizeof need / sizeof *need; k++)
        if (col[need[k]] < 0) {
            pf_note(l, 1, "%s: no '%s' column in the header; device zones were not read",
                    PF_DEVZONES_CSV, tf_csv_device_zones.cols[need[k]].name);
            goto done;
        }
    stacks stk = {calloc(STACK_SLOTS, sizeof *stk.slot), NULL, 0};
    uint64_t bad = 0;
    long first_bad = 0;
    uint64_t wrong_width = 0, rows = 0;
    while (stk.slot && (nf = cm_csv_next(&r)) != 0) {
        rows++;
        if (nf > 0 && nf != header_fields) wrong_width++; /* a row with more or fewer fields */
        if (nf == header_fields && !device_row(l, &r, col, &stk)) continue;
        if (!bad++) first_bad = r.line;
        if (nf < 0) {
            pf_note(l, 1, "%s: the file ends inside a quoted field (line %ld): it was cut short",
                    PF_DEVZONES_CSV, r.line);
            break;
        }
    }
    if (r.unterminated && nf == 0)
        pf_note(l, 1,
                "%s: the last row (line %ld) has no line end: the file was cut short (a full "
                "disk, or the program was killed while writing it)",
                PF_DEVZONES_CSV, r.line);
    if (stk.slot) check_end(l, PF_DEVZONES_CSV, f, rows);
    for (size_t i = 0; i < stk.n; i++) {
        cm_pair_reset(&stk.all[i].pair);
        l->dev_unmatched += stk.all[i].pair.unmatched;
        cm_pair_free(&stk.all[i].pair);
    }
    free(stk.all);
    free(stk.slot);
    if (bad)
        pf_note(l, 1, "%s: %llu malformed rows were skipped (the first at line %ld%s)",
                PF_DEVZONES_CSV, (unsigned long long)bad, first_bad,
                wrong_width ? "; some have another number of fields than the header" : "");
    if (l->dev_unmatched)
        pf_note(l, PF_LOSS, "%s: %llu device markers had no matching START or END", PF_DEVZONES_CSV,
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
    FILE *f = cm_file_open_regular(p);
    l->ns_per_cycle = 1.0;
    if (!f && errno != ENOENT)
        pf_note(l, 1, "no clock sync: %s (remove it: the runtime writes a file there)",
                tf_last_error());
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
    if (nf <= 0 || header_repeats(l, PF_CLOCK_SYNC, &r) || col[TF_SYNC_host_ns_first] < 0 ||
        col[TF_SYNC_cycle_first] < 0 || col[TF_SYNC_ns_per_cycle] < 0 || cm_csv_next(&r) <= 0 ||
        cm_csv_get(&r, s, col, TF_SYNC_host_ns_first, &h) || h.empty ||
        cm_csv_get(&r, s, col, TF_SYNC_cycle_first, &c) || c.empty ||
        cm_csv_get(&r, s, col, TF_SYNC_ns_per_cycle, &npc) || npc.empty || !isfinite(npc.f) ||
        !(npc.f >= 1e-6 && npc.f <= 1e6) ||
        (col[TF_SYNC_device_clock] >= 0 && cm_csv_get(&r, s, col, TF_SYNC_device_clock, &mode))) {
        pf_note(l, 1,
                "%s is malformed (it needs a header and one row of whole numbers host_ns_first "
                "and cycle_first, and ns_per_cycle between 1e-6 and 1e6); device zones are "
                "placed assuming the device clock is the host's",
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
    /* its rows, counted again from the start (the checks above stop early) */
    rewind(f);
    cm_csv_reader rr = {.f = f};
    uint64_t rows = 0;
    if (cm_csv_next(&rr) > 0)
        while ((nf = cm_csv_next(&rr)) != 0) {
            rows++;
            if (nf < 0) break;
        }
    cm_csv_close(&rr);
    check_end(l, PF_CLOCK_SYNC, f, rows);
    fclose(f);
}

/* ---- device markers from the traces ------------------------------------------------ */

/* One process's device blocks, streamed as its trace is read
 * (tf_trace_opts.dev_block): the rows of the derived raw CSV, and the
 * zones (pf_dev_add); what decoding needs per call site is computed once:
 * its interned strings and the text of its START and END rows. */
typedef struct site_text {
    char *hash; /* ",0xabcd," */
    char *tail; /* ",name,file,line,kernel,0,," (the block's device and the line end follow) */
    size_t nhash, ntail;
} site_text;

typedef struct dev_walk {
    pf_logs *l;
    const tf_trace *t;
    uint32_t process;
    pf_out **csv; /* the derived CSV, opened at the first block of any process */
    int *csv_tried;
    uint32_t *site_str; /* per site: name, hash, file, kernel + 1 (4 each), UINT32_MAX until
                           interned */
    site_text *site_txt;
    uint32_t nsites;
    char prefix[128]; /* "dispatch,host_ns,x,y,RISC," of the block being read */
    size_t nprefix;
    char suffix[40]; /* ",device,pid\n" of the block */
    size_t nsuffix;
    tf_tr_dev_counts n;
    uint64_t blocks, dropped_blocks;
    tf_dev_block first_drop;
    uint64_t sum_full; /* SUM markers whose count reached TF_DPROF_SUM_COUNT_MAX */
    tf_dev_block first_full;
    uint64_t unnamed; /* zones whose call site the trace does not define */
    tf_dev_block first_unnamed;
    int oom;
} dev_walk;

static void site_strings(dev_walk *w, const tf_tr_dev_site *site, uint32_t zid, uint32_t out[4])
{
    /* the kernel as the derived CSV names it (csv_marker) */
    const char *kernel = site ? site->image : zid < TF_ZONE_ID_KERNEL ? "firmware" : "";
    if (!site) {
        char hash[24];
        snprintf(hash, sizeof hash, "id:0x%04x", zid);
        out[0] = pf_intern(w->l, "?");
        out[1] = pf_intern(w->l, hash);
        out[2] = pf_intern(w->l, "");
        out[3] = *kernel ? pf_intern(w->l, kernel) + 1 : 0;
        return;
    }
    uint32_t *c = &w->site_str[4 * (size_t)(site - w->t->dev_sites)];
    if (c[0] == UINT32_MAX) {
        char hash[16];
        snprintf(hash, sizeof hash, "0x%04x", site->hash);
        c[0] = pf_intern(w->l, site->name);
        c[1] = pf_intern(w->l, hash);
        c[2] = pf_intern(w->l, site->file);
        c[3] = kernel && *kernel ? pf_intern(w->l, kernel) + 1 : 0;
    }
    memcpy(out, c, 4 * sizeof *out);
}

/* One row of the derived raw CSV, as the runtime writes it. */
static void csv_marker(dev_walk *w, const tf_tr_dev_event *e, int packet)
{
    const tf_dev_block *b = &e->block->h;
    const tf_tr_dev_site *z = e->site;
    char hash[24] = "";
    if (z)
        snprintf(hash, sizeof hash, "0x%04x", z->hash);
    else if (packet != TF_PACKET_DROPPED)
        snprintf(hash, sizeof hash, "id:0x%04x", e->zid);
    int payload = packet >= TF_PACKET_SUM;
    const char *kernel = z ? z->image : e->zid < TF_ZONE_ID_KERNEL ? "firmware" : "";
    cm_csv_value v[TF_DZ_NCOLS] = {{0}};
    v[TF_DZ_dispatch_idx] = CM_CSV_U(b->dispatch);
    v[TF_DZ_host_ns] = CM_CSV_U(b->host_ns);
    v[TF_DZ_core_x] = CM_CSV_U(b->x);
    v[TF_DZ_core_y] = CM_CSV_U(b->y);
    v[TF_DZ_risc] = CM_CSV_S(cm_risc_name(b->risc));
    v[TF_DZ_packet_type] = CM_CSV_S(tf_csv_packet_type[packet]);
    v[TF_DZ_zone_hash] = CM_CSV_S(hash);
    v[TF_DZ_cycle] = CM_CSV_U(e->cycle);
    v[TF_DZ_zone_name] = CM_CSV_S(z ? z->name : "");
    v[TF_DZ_src_file] = CM_CSV_S(z ? z->file : "");
    v[TF_DZ_src_line] = z ? CM_CSV_U(z->line) : CM_CSV_EMPTY;
    v[TF_DZ_kernel] = CM_CSV_S(packet == TF_PACKET_DROPPED ? "" : kernel);
    v[TF_DZ_dropped] = CM_CSV_U(packet == TF_PACKET_DROPPED ? e->count : 0);
    v[TF_DZ_value] = payload ? CM_CSV_U(e->value) : CM_CSV_EMPTY;
    v[TF_DZ_count] = payload ? CM_CSV_U(packet == TF_PACKET_SUM ? e->count : 0) : CM_CSV_EMPTY;
    v[TF_DZ_device] = CM_CSV_U(b->device ? b->device : 1); /* (0: a trace from before it) */
    v[TF_DZ_pid] = CM_CSV_U(w->l->procs[w->process].pid);
    pf_put_row(*w->csv, &tf_csv_device_zones, v);
}

/* The START / END row text of a call site, built once with the row
 * writer's own field functions (so the fast rows are byte for byte what
 * csv_marker writes); -1 if out of memory. */
static int site_row_text(const tf_tr_dev_site *z, site_text *st)
{
    pf_out *h = pf_out_mem(), *t = pf_out_mem();
    if (!h || !t) {
        free(h ? pf_out_take(h, NULL) : NULL);
        free(t ? pf_out_take(t, NULL) : NULL);
        return -1;
    }
    char hash[24];
    snprintf(hash, sizeof hash, "0x%04x", z->hash);
    pf_putc(h, ',');
    pf_put_csv(h, hash);
    pf_putc(h, ',');
    pf_putc(t, ',');
    pf_put_csv(t, z->name ? z->name : "");
    pf_putc(t, ',');
    pf_put_csv(t, z->file ? z->file : "");
    pf_putc(t, ',');
    pf_put_u64(t, z->line);
    pf_putc(t, ',');
    pf_put_csv(t, z->image ? z->image : "");
    pf_puts(t, ",0,,");
    st->hash = pf_out_take(h, &st->nhash);
    st->tail = pf_out_take(t, &st->ntail);
    return st->hash && st->tail ? 0 : -1;
}

/* A START or END row of a defined call site: the block's prefix, the
 * packet type, the site's text around the cycle. */
static int csv_fast(dev_walk *w, const tf_tr_dev_event *e, int packet)
{
    site_text *st = &w->site_txt[e->site - w->t->dev_sites];
    if (!st->hash && site_row_text(e->site, st)) return -1;
    pf_out *o = *w->csv;
    pf_putn(o, w->prefix, w->nprefix);
    if (packet == TF_PACKET_START)
        pf_putn(o, "START", 5);
    else
        pf_putn(o, "END", 3);
    pf_putn(o, st->hash, st->nhash);
    pf_put_u64(o, e->cycle);
    pf_putn(o, st->tail, st->ntail);
    pf_putn(o, w->suffix, w->nsuffix);
    o->rows++;
    return 0;
}

static int on_dev_event(void *arg, const tf_tr_dev_event *e)
{
    static const int packet_of[] = {TF_PACKET_START, TF_PACKET_END,   TF_PACKET_SUM,
                                    TF_PACKET_DATA,  TF_PACKET_EVENT, TF_PACKET_VALIDATE};
    dev_walk *w = arg;
    const tf_dev_block *b = &e->block->h;
    if (e->kind == TF_DEV_MARKER) {
        if (e->type == TF_DPROF_SUM && e->count >= TF_DPROF_SUM_COUNT_MAX && !w->sum_full++)
            w->first_full = *b;
        if (*w->csv && e->type < sizeof packet_of / sizeof *packet_of) {
            int packet = packet_of[e->type];
            if (!e->site || packet > TF_PACKET_END || csv_fast(w, e, packet))
                csv_marker(w, e, packet);
        }
        return 0;
    }
    if (e->kind == TF_DEV_DROPPED) {
        if (*w->csv) csv_marker(w, e, TF_PACKET_DROPPED);
        if (!w->dropped_blocks++) w->first_drop = *b;
        return 0;
    }
    if (!e->site && !w->unnamed++) w->first_unnamed = *b;
    uint32_t str[4];
    site_strings(w, e->site, e->zid, str);
    pf_devzone z = {b->dispatch,
                    b->x,
                    b->y,
                    b->risc,
                    str[0],
                    str[1],
                    e->depth,
                    e->start,
                    e->end,
                    w->process,
                    e->kind == TF_DEV_OPEN,
                    b->reason,
                    str[2],
                    e->site ? e->site->line : 0,
                    str[3],
                    pf_dev_number(w->l, b->device)};
    if (pf_dev_add(w->l, &z)) return w->oom = -1;
    return 0;
}

/* tf_trace_opts.dev_block: one block of process w->process, as its trace
 * is read. */
static void on_dev_block(void *ctx, const tf_trace *t, const tf_tr_dev_block *b,
                         const uint32_t *words)
{
    dev_walk *w = ctx;
    if (w->oom) return;
    if (!w->t) { /* the first block: the sites are known now */
        w->t = t;
        w->nsites = t->ndev_sites;
        w->site_str = malloc((4 * (size_t)w->nsites + 1) * sizeof *w->site_str);
        w->site_txt = calloc((size_t)w->nsites + 1, sizeof *w->site_txt);
        if (!w->site_str || !w->site_txt) {
            w->oom = 1;
            return;
        }
        memset(w->site_str, 0xff, 4 * (size_t)w->nsites * sizeof *w->site_str);
    }
    if (!*w->csv_tried) {
        *w->csv_tried = 1;
        if ((*w->csv = pf_out_open(w->l, PF_DEVZONES_CSV))) {
            (void)pf_out_async(*w->csv); /* written while the next rows are made */
            pf_put_header(*w->csv, &tf_csv_device_zones);
        }
    }
    w->blocks++;
    /* every row of the block starts alike */
    const tf_dev_block *h = &b->h;
    int n = snprintf(w->prefix, sizeof w->prefix, "%u,%llu,%u,%u,%s,", h->dispatch,
                     (unsigned long long)h->host_ns, h->x, h->y, cm_risc_name(h->risc));
    w->nprefix = n > 0 && (size_t)n < sizeof w->prefix ? (size_t)n : 0;
    n = snprintf(w->suffix, sizeof w->suffix, ",%u,%u\n", h->device ? h->device : 1,
                 w->l->procs[w->process].pid);
    w->nsuffix = n > 0 && (size_t)n < sizeof w->suffix ? (size_t)n : 0;
    if (tf_trace_dev_walk_block(t, b, words, on_dev_event, w, &w->n) || w->oom) w->oom = 1;
}

static void dev_walk_free(dev_walk *w)
{
    for (uint32_t i = 0; w->site_txt && i < w->nsites; i++) {
        free(w->site_txt[i].hash);
        free(w->site_txt[i].tail);
    }
    free(w->site_txt);
    free(w->site_str);
}

/* What process `proc`'s device blocks came to: counts and notes, where the
 * RISCs stood. */
static void device_notes(pf_logs *l, const tf_trace *t, uint32_t proc, dev_walk *w)
{
    if (w->oom) pf_note(l, 1, "out of memory reading the device markers");
    tf_tr_dev_counts n = w->n;
    l->dev_markers += n.markers - n.payload;
    l->dev_payload += n.payload;
    l->dev_unmatched += n.unmatched;
    l->dev_dropped += n.dropped;
    l->dev_open += n.open;
    const char *who = l->nprocs > 1 ? l->procs[proc].program : NULL;
    char pre[96] = "";
    if (who) snprintf(pre, sizeof pre, "%s[%u]: ", who, l->procs[proc].pid);
    if (n.dropped) {
        const tf_dev_block *b = &w->first_drop;
        pf_note(l, PF_LOSS,
                "%s%llu device zones were dropped in %llu dispatch-RISCs (marker buffers full; "
                "first: dispatch %u core (%d,%d) %s); the DROPPED rows of %s count them",
                pre, (unsigned long long)n.dropped, (unsigned long long)w->dropped_blocks,
                b->dispatch, b->x, b->y, cm_risc_name(b->risc), PF_DEVZONES_CSV);
    }
    if (n.discarded)
        pf_note(l, 0, "%s%llu device markers were discarded by DeviceValidateProfiler(false)", pre,
                (unsigned long long)n.discarded);
    if (w->unnamed) {
        const tf_dev_block *b = &w->first_unnamed;
        pf_note(l, PF_LOSS,
                "%s%llu device zone%s no name: the trace does not define %s call site%s "
                "(first: dispatch %u core (%d,%d) %s; the kernel's zone table was lost with a "
                "chunk, or the process used up the trace's 65535 zone table numbers); listed as "
                "'?' with the zone id",
                pre, (unsigned long long)w->unnamed, w->unnamed == 1 ? " has" : "s have",
                w->unnamed == 1 ? "its" : "their", w->unnamed == 1 ? "" : "s", b->dispatch, b->x,
                b->y, cm_risc_name(b->risc));
    }
    if (w->sum_full) {
        const tf_dev_block *b = &w->first_full;
        pf_note(l, PF_LOSS,
                "%s%llu accumulated zone%s (DeviceZoneScopedSumN1/N2) counted %u scope exits in "
                "a dispatch, the most a SUM marker holds (first: dispatch %u core (%d,%d) %s): "
                "each ran at least that often, so the count of its SUM row in %s is a floor and "
                "value / count overstates the mean; the total cycles (value) are exact",
                pre, (unsigned long long)w->sum_full, w->sum_full == 1 ? "" : "s",
                TF_DPROF_SUM_COUNT_MAX, b->dispatch, b->x, b->y, cm_risc_name(b->risc),
                PF_DEVZONES_CSV);
    }
    for (size_t i = 0; i < t->ndev_pcs; i++) {
        const tf_dev_pc *h = &t->dev_pcs[i].h;
        /* (a reason past the list, a damaged record: read as "done") */
        int reason = h->reason < TF_STOP_NREASONS ? (int)h->reason : TF_STOP_done;
        pf_devpc pc = {proc,    h->dispatch, h->x,  h->y,
                       h->risc, reason,      h->pc, strdup(t->dev_pcs[i].text)};
        pf_devpc *np = realloc(l->devpcs, (l->ndevpcs + 1) * sizeof *np);
        if (!np || !pc.where) {
            free(pc.where);
            break;
        }
        l->devpcs = np;
        l->devpcs[l->ndevpcs++] = pc;
        pf_note(l, PF_RUN_ERROR, "%sdispatch %u stopped (%s): core (%d,%d) %s was at pc 0x%08x: %s",
                pre, h->dispatch, tf_csv_stop_reason[reason], h->x, h->y, cm_risc_name(h->risc),
                h->pc, pc.where);
    }
}

/* The derived clock sync file, from the first trace that has one. */
static void write_sync_csv(pf_logs *l, const tf_trace *t)
{
    pf_out *o = pf_out_open(l, PF_CLOCK_SYNC);
    if (!o) return;
    cm_csv_value v[TF_SYNC_NCOLS] = {{0}};
    v[TF_SYNC_host_ns_first] = CM_CSV_U(t->sync_host_ns);
    v[TF_SYNC_cycle_first] = CM_CSV_U(t->sync_cycle);
    v[TF_SYNC_ns_per_cycle] = CM_CSV_F(t->sync_ns_per_cycle);
    v[TF_SYNC_device_clock] = CM_CSV_S(
        tf_csv_device_clock[t->sync_host_clock ? TF_CLOCK_host_monotonic : TF_CLOCK_free_running]);
    pf_put_header(o, &tf_csv_clock_sync);
    pf_put_row(o, &tf_csv_clock_sync, v);
    pf_out_close(o);
}

/* ---- the processes of a capture ------------------------------------------------------ */

/* "tt_foil_trace.1234.tft" -> 1234 for prefix "tt_foil_trace"; 0 for the
 * single file "tt_foil_trace.tft"; -1 if the name is neither. */
static long log_pid(const char *name, const char *prefix)
{
    size_t n = strlen(prefix);
    if (strncmp(name, prefix, n) || name[n] != '.') return -1;
    const char *p = name + n + 1;
    if (!strcmp(p, "tft")) return 0;
    char *end;
    long pid = strtol(p, &end, 10);
    return end != p && pid > 0 && !strcmp(end, ".tft") ? pid : -1;
}

static pf_process *process_of(pf_logs *l, uint32_t pid)
{
    for (uint32_t i = 0; i < l->nprocs; i++)
        if (l->procs[i].pid == pid) return &l->procs[i];
    pf_process *np = realloc(l->procs, (l->nprocs + 1) * sizeof *np);
    if (!np) return NULL;
    l->procs = np;
    memset(&np[l->nprocs], 0, sizeof *np);
    np[l->nprocs].pid = pid;
    return &np[l->nprocs++];
}

/* Every trace and memory log in .logs, grouped by process. */
static void find_processes(pf_logs *l)
{
    char p[4200];
    path_of(l, PF_LOGS, p, sizeof p);
    DIR *d = opendir(p);
    if (!d) return;
    struct dirent *e;
    while ((e = readdir(d))) {
        long tp = log_pid(e->d_name, "tt_foil_trace"), mp = log_pid(e->d_name, "tt_foil_memlog");
        if (tp < 0 && mp < 0) continue;
        pf_process *pr = process_of(l, (uint32_t)(tp >= 0 ? tp : mp));
        if (pr) snprintf(tp >= 0 ? pr->trace : pr->memlog, sizeof pr->trace, "%s", e->d_name);
    }
    closedir(d);
}

/* Move src's host records into dst (src is freed): indices shifted, pools
 * and tracks named with `prefix`, threads given process `proc`. */
static char *prefixed(const char *prefix, char *s)
{
    if (!prefix || !s) return s;
    size_t a = strlen(prefix), b = strlen(s);
    char *r = malloc(a + b + 1);
    if (!r) return s;
    memcpy(r, prefix, a);
    memcpy(r + a, s, b + 1);
    free(s);
    return r;
}

#define APPEND(dst, dn, src, sn)                                                                   \
    do {                                                                                           \
        if (sn) {                                                                                  \
            void *np_ = realloc((dst), ((dn) + (sn)) * sizeof *(dst));                             \
            if (!np_) return -1;                                                                   \
            (dst) = np_;                                                                           \
            memcpy((dst) + (dn), (src), (sn) * sizeof *(dst));                                     \
        }                                                                                          \
    } while (0)

static int merge_trace(tf_trace *dst, tf_trace *src, uint32_t proc, const char *prefix)
{
    uint32_t th0 = dst->nthreads, loc0 = dst->nlocs, pool0 = dst->npools;
    uint32_t zn0 = dst->nzone_names, tr0 = dst->ntracks;
    size_t z0 = dst->nzones;
    for (uint32_t i = 0; i < src->nthreads; i++) src->threads[i].process = proc;
    for (size_t i = 0; i < src->nzones; i++) {
        tf_tr_zone *z = &src->zones[i];
        z->thread += th0;
        z->loc += loc0;
        if (z->parent != TF_NONE) z->parent += (uint32_t)z0;
    }
    for (size_t i = 0; i < src->nframes; i++) src->frames[i].thread += th0;
    for (size_t i = 0; i < src->nmem; i++) {
        src->mem[i].pool += pool0;
        src->mem[i].thread += th0;
    }
    for (size_t i = 0; i < src->ntrack_zones; i++) {
        if (src->track_zones[i].name != TF_NONE) src->track_zones[i].name += zn0;
        if (src->track_zones[i].track != TF_NONE) src->track_zones[i].track += tr0;
    }
    for (uint32_t i = 0; i < src->npools; i++) src->pools[i] = prefixed(prefix, src->pools[i]);
    for (uint32_t i = 0; i < src->nthreads; i++)
        src->threads[i].name = prefixed(prefix, src->threads[i].name);
    for (uint32_t i = 0; i < src->ncaps; i++)
        src->cap_names[i] = prefixed(prefix, src->cap_names[i]);
    for (uint32_t i = 0; i < src->ntracks; i++)
        src->tracks[i].group = prefixed(prefix, src->tracks[i].group);
    APPEND(dst->threads, dst->nthreads, src->threads, src->nthreads);
    dst->nthreads += src->nthreads;
    APPEND(dst->locs, dst->nlocs, src->locs, src->nlocs);
    dst->nlocs += src->nlocs;
    APPEND(dst->pools, dst->npools, src->pools, src->npools);
    dst->npools += src->npools;
    APPEND(dst->cap_names, dst->ncaps, src->cap_names, src->ncaps);
    APPEND(dst->cap_bytes, dst->ncaps, src->cap_bytes, src->ncaps);
    dst->ncaps += src->ncaps;
    APPEND(dst->zones, dst->nzones, src->zones, src->nzones);
    dst->nzones += src->nzones;
    APPEND(dst->frames, dst->nframes, src->frames, src->nframes);
    dst->nframes += src->nframes;
    APPEND(dst->mem, dst->nmem, src->mem, src->nmem);
    dst->nmem += src->nmem;
    APPEND(dst->track_zones, dst->ntrack_zones, src->track_zones, src->ntrack_zones);
    dst->ntrack_zones += src->ntrack_zones;
    APPEND(dst->zone_names, dst->nzone_names, src->zone_names, src->nzone_names);
    dst->nzone_names += src->nzone_names;
    APPEND(dst->tracks, dst->ntracks, src->tracks, src->ntracks);
    dst->ntracks += src->ntracks;
    dst->has_trailer &= src->has_trailer;
    dst->trailer.lost_records += src->trailer.lost_records;
    dst->bad_bytes += src->bad_bytes;
    dst->truncated_bytes += src->truncated_bytes;
    dst->unterminated += src->unterminated;
    dst->mismatched_ends += src->mismatched_ends;
    dst->orphan_ends += src->orphan_ends;
    dst->unknown_records += src->unknown_records;
    /* everything moved: free src's arrays, not what they point to */
    src->nthreads = src->nlocs = src->npools = src->ncaps = 0;
    src->nzones = src->nzone_names = src->ntracks = 0;
    tf_trace_free(src);
    return 0;
}
#undef APPEND

/* Every trace (or memory log: mem) of the capture, by process (NULL where
 * a process has none or it could not be read). With walks (traces), each
 * process's device blocks are streamed to walks[i] as its trace is read;
 * with clocks (memory logs), each is read on the clock of its process's
 * trace, clocks[i] if not NULL (the memory sites compare its events with
 * the trace's zones: memsites.c). */
static tf_trace **load_each(pf_logs *l, int mem, int *any_file, dev_walk *walks,
                            tf_trace *const *clocks)
{
    const char *what = mem ? "memory log" : "host trace";
    tf_trace **ts = calloc(l->nprocs + 1, sizeof *ts);
    if (!ts) return NULL;
    for (uint32_t i = 0; i < l->nprocs; i++) {
        pf_process *pr = &l->procs[i];
        const char *file = mem ? pr->memlog : pr->trace;
        if (!file[0]) continue;
        *any_file = 1;
        char rel[300];
        snprintf(rel, sizeof rel, "%s/%s", PF_LOGS, file);
        trace_job j = {0};
        path_of(l, rel, j.path, sizeof j.path);
        if (walks || (clocks && clocks[i])) {
            tf_trace_opts o = {.clock = clocks ? clocks[i] : NULL};
            if (walks) o.dev_block = on_dev_block, o.ctx = &walks[i];
            if (log_file(&j) && !(j.t = tf_trace_load_opts(j.path, &o)))
                snprintf(j.error, sizeof j.error, "%s", tf_last_error());
        } else {
            load_trace_job(&j);
        }
        ts[i] = trace_notes(l, &j, rel, what, "");
        if (ts[i]) { /* its counts before the merge adds them to the others' */
            pf_out *o = pf_out_mem();
            if (o) pf_trace_counts(o, what, ts[i]);
            pr->diag[mem] = o ? pf_out_take(o, NULL) : NULL;
        }
    }
    return ts;
}

/* Merge the traces of every process into one (NULL if none). */
static tf_trace *merge_all(pf_logs *l, tf_trace **ts, const char *what, uint32_t *thread_base)
{
    tf_trace *all = NULL;
    for (uint32_t i = 0; thread_base && i < l->nprocs; i++) thread_base[i] = UINT32_MAX;
    for (uint32_t i = 0; ts && i < l->nprocs; i++) {
        tf_trace *t = ts[i];
        if (!t) continue;
        uint32_t base = all ? all->nthreads : 0;
        pf_process *pr = &l->procs[i];
        char pre[96];
        snprintf(pre, sizeof pre, "%s[%u]: ", pr->program, pr->pid);
        if (!all) {
            for (uint32_t k = 0; k < t->nthreads; k++) t->threads[k].process = i;
            if (l->nprocs > 1) {
                for (uint32_t k = 0; k < t->npools; k++) t->pools[k] = prefixed(pre, t->pools[k]);
                /* the threads too: every process has a "main" (the
                 * timelines could not tell them apart) */
                for (uint32_t k = 0; k < t->nthreads; k++)
                    t->threads[k].name = prefixed(pre, t->threads[k].name);
                for (uint32_t k = 0; k < t->ncaps; k++)
                    t->cap_names[k] = prefixed(pre, t->cap_names[k]);
                for (uint32_t k = 0; k < t->ntracks; k++)
                    t->tracks[k].group = prefixed(pre, t->tracks[k].group);
            }
            all = t;
        } else if (merge_trace(all, t, i, pre)) {
            pf_note(l, 1, "out of memory merging the %ss", what);
            continue;
        }
        if (thread_base) thread_base[i] = base;
    }
    free(ts);
    return all;
}

/* The device markers of every trace (streamed as they were read, walks[]):
 * counts and notes, the derived raw CSV and clock sync; 1 if there were
 * any (else the CSV, if any, is read as it is). */
static int load_device_traces(pf_logs *l, tf_trace **ts, dev_walk *walks, pf_out *csv)
{
    int any = 0;
    for (uint32_t i = 0; ts && i < l->nprocs; i++)
        any |= ts[i] && (ts[i]->ndev_blocks || ts[i]->dev_streamed);
    if (!any) {
        if (csv) pf_out_close(csv); /* blocks of a trace that was not read in the end */
        return 0;
    }
    for (uint32_t i = 0; i < l->nprocs; i++) {
        const tf_trace *t = ts[i];
        if (!t || !(t->ndev_blocks || t->dev_streamed)) continue;
        if (!l->have_sync && t->has_sync) {
            l->have_sync = 1;
            l->sync_host_ns = t->sync_host_ns;
            l->sync_cycle = t->sync_cycle;
            l->ns_per_cycle = t->sync_ns_per_cycle;
            l->sync_host_clock = t->sync_host_clock;
            write_sync_csv(l, t);
        }
        device_notes(l, t, i, &walks[i]);
    }
    if (csv) pf_out_close(csv);
    l->have_device_csv = 1;
    if (!l->have_sync) l->sync_host_clock = 1;
    return 1;
}

/* Program name and start of each process, from its files' headers. */
static void read_headers(pf_logs *l)
{
    for (uint32_t i = 0; i < l->nprocs; i++) {
        pf_process *pr = &l->procs[i];
        char rel[300], p[4400];
        snprintf(rel, sizeof rel, "%s/%s", PF_LOGS, pr->trace[0] ? pr->trace : pr->memlog);
        path_of(l, rel, p, sizeof p);
        tf_trace_header h;
        FILE *f = cm_file_open_regular(p); /* (a FIFO: its load says so) */
        if (f && fread(&h, sizeof h, 1, f) == 1 && !memcmp(h.magic, TF_TRACE_MAGIC, 8)) {
            h.program[sizeof h.program - 1] = 0;
            snprintf(pr->program, sizeof pr->program, "%s", h.program);
            pr->start_ns = h.start_ns;
            if (!pr->pid) pr->pid = h.pid;
        } else {
            snprintf(pr->program, sizeof pr->program, "?");
        }
        if (f) fclose(f);
    }
}

static int proc_cmp(const void *a, const void *b)
{
    const pf_process *x = a, *y = b;
    if (x->start_ns != y->start_ns)
        return (x->start_ns > y->start_ns) - (x->start_ns < y->start_ns);
    return (x->pid > y->pid) - (x->pid < y->pid);
}

void pf_load(pf_logs *l, const char *dir, const pf_options *opt)
{
    memset(l, 0, sizeof *l);
    pthread_mutex_init(&l->lock, NULL);
    l->opt = opt;
    snprintf(l->dir, sizeof l->dir, "%s", dir);
    l->ns_per_cycle = 1.0;
    if (pf_strtab_add(&l->names, "?")) { /* name 0: what pf_intern gives out of memory */
        pf_note(l, 1, "out of memory before anything was read");
        return;
    }
    const char *rebuild = "the program was built without the host profiler; rebuild it with "
                          "-DTT_FOIL_ENABLE_TRACY=ON (cmake -B build -DTT_FOIL_ENABLE_TRACY=ON && "
                          "cmake --build build)";
    find_processes(l);
    read_headers(l);
    if (l->nprocs) qsort(l->procs, l->nprocs, sizeof *l->procs, proc_cmp);
    if (l->nprocs > 1) {
        char list[900];
        size_t n = 0;
        for (uint32_t i = 0; i < l->nprocs && n < sizeof list; i++)
            n += (size_t)snprintf(list + n, sizeof list - n, "%s%s (pid %u)", i ? ", " : "",
                                  l->procs[i].program, l->procs[i].pid);
        pf_note(l, 0,
                "%u processes were captured, each with its own logs, on one clock: %s; the "
                "reports cover all of them (memory pools and device tracks are named per "
                "process)",
                l->nprocs, list);
    }
    if (opt->run_note) pf_note(l, 0, "%s", opt->run_note);
    /* device markers: from the traces (the derived CSV is rewritten), or,
     * for logs without any, from the device zones CSV as it is */
    int any_trace = 0, any_mem = 0, csv_tried = 0;
    pf_out *csv = NULL;
    dev_walk *walks = calloc(l->nprocs + 1, sizeof *walks);
    for (uint32_t i = 0; walks && i < l->nprocs; i++)
        walks[i] = (dev_walk){.l = l, .process = i, .csv = &csv, .csv_tried = &csv_tried};
    if (!walks) pf_note(l, 1, "out of memory reading the device markers");
    tf_trace **traces = walks ? load_each(l, 0, &any_trace, walks, NULL) : NULL,
             **mems = load_each(l, 1, &any_mem, NULL, traces);
    if (!walks || !load_device_traces(l, traces, walks, csv)) {
        load_device(l);
        load_sync(l);
    }
    for (uint32_t i = 0; walks && i < l->nprocs; i++) dev_walk_free(&walks[i]);
    free(walks);
    pf_dev_finish(l);
    if (pf_dev_failed(l)) pf_note(l, 1, "out of memory reading the device zones");
    if (l->names_lost)
        pf_note(l, 1,
                "out of memory keeping names: %llu device zone names, hashes, files or "
                "kernels are '?' instead",
                (unsigned long long)l->names_lost);
    if (l->dev_procs_over)
        pf_note(l, 1,
                "%llu device zones of the %u processes after the first %d were left out of the "
                "device reports (their host zones, memory and raw device rows are in): profile "
                "fewer processes at once to see them",
                (unsigned long long)l->dev_procs_over, l->nprocs - PF_MAX_DEV_PROCS,
                PF_MAX_DEV_PROCS);
    pf_ops_load(l, traces); /* the hardware counters: the ops report (ops.c) */
    /* the ops' threads index the merged trace's, as its zones' do */
    uint32_t *base = calloc((size_t)l->nprocs + 1, sizeof *base);
    if (!base && l->nops) pf_note(l, 1, "out of memory placing the ops' threads in the trace");
    l->trace = merge_all(l, traces, "host trace", base);
    for (size_t i = 0; i < l->nops; i++) {
        pf_op *op = &l->ops[i];
        uint64_t th = base && op->process < l->nprocs && base[op->process] != UINT32_MAX
                          ? (uint64_t)base[op->process] + op->thread
                          : UINT64_MAX;
        op->thread =
            l->trace && th < l->trace->nthreads && l->trace->threads[th].process == op->process
                ? (uint32_t)th
                : TF_NONE;
    }
    free(base);
    l->mem = merge_all(l, mems, "memory log", NULL);
    if (l->no_device_zones) {
        /* a program that ran no dispatch has none whatever its build (the
         * note once blamed the firmware's) */
        int dispatched = 0;
        for (uint32_t i = 0; l->trace && i < l->trace->nlocs && !dispatched; i++)
            dispatched =
                l->trace->locs[i].name && !strncmp(l->trace->locs[i].name, "TF_dispatch", 11);
        if (!l->trace && any_trace)
            pf_note(l, 0,
                    "no device zones (%s): the host trace, which holds them, could not be read "
                    "(see above)",
                    PF_DEVZONES_CSV);
        else if (dispatched && !l->trace->has_trailer)
            /* the defined names survive in the definitions chunk; the
             * device blocks were in the thread's buffer (a kill's loss,
             * not the build's doing, whatever the build) */
            pf_note(l, PF_LOSS,
                    "no device zones (%s): the program dispatched but did not exit normally "
                    "(its trace has no trailer), so the device profile's records still in its "
                    "buffers were lost with it (docs/profiling.md, \"End markers\"); if its "
                    "firmware was built without the device profiler there were none "
                    "(-DTT_FOIL_DEVICE_PROFILER=ON records them)",
                    PF_DEVZONES_CSV);
        else if (!l->trace)
            /* (nothing says how the firmware was built: the markers come
             * in the host trace, and there is none) */
            pf_note(l, 0,
                    "no device zones (%s): the device markers come in the host trace, and the "
                    "program wrote none (see the note on the host trace)",
                    PF_DEVZONES_CSV);
        else if (dispatched)
            pf_note(l, 0,
                    "no device zones (%s): the firmware was built without the device profiler "
                    "(configure with -DTT_FOIL_DEVICE_PROFILER=ON to record them)",
                    PF_DEVZONES_CSV);
        else
            pf_note(l, 0,
                    "no device zones (%s): the host trace shows no dispatch (no TF_dispatch "
                    "zone), so there were none to record",
                    PF_DEVZONES_CSV);
    }
    if (!any_trace) pf_note(l, 1, "no host trace (%s): %s", PF_TRACE, rebuild);
    if (!any_mem && any_trace && !l->trace)
        pf_note(l, 1,
                "no memory log (%s): the program wrote none (built without the host profiler, "
                "or stopped before it wrote any), and its host trace could not be read (see above)",
                PF_MEMLOG);
    else if (!any_mem)
        pf_note(l, 1, "no memory log (%s): %s", PF_MEMLOG, rebuild);
    if (l->dev_open)
        pf_note(l, PF_RUN_ERROR,
                "%llu device zones were still open when their dispatch stopped (timeout, fault, "
                "interrupt or stall); they are listed in %s and end where their RISC stopped (a "
                "fault's trap, a deadlock's stop) or, still running, where it was read back",
                (unsigned long long)l->dev_open, PF_OPEN_ZONES);
    /* the reports count time from the earliest event */
    uint64_t lo = UINT64_MAX, a, b;
    if (l->trace && !tf_trace_span(l->trace, &a, &b) && b) lo = a, l->last = b;
    if (l->mem && !tf_trace_span(l->mem, &a, &b) && b && a < lo) lo = a;
    if (l->dev_zones && pf_dev_ns(l, l->dev_first) < lo) lo = pf_dev_ns(l, l->dev_first);
    if (lo == UINT64_MAX) lo = 0;
    l->t0 = lo;
}

uint64_t pf_dev_ns(const pf_logs *l, uint64_t cycle)
{
    if (!l->have_sync) return cycle; /* assumed to be the host clock */
    return tf_trace_clock_ns(l->sync_host_ns, l->sync_cycle, l->ns_per_cycle, cycle, NULL);
}

int pf_nothing_recorded(const pf_logs *l)
{
    return !l->trace && !l->mem && !l->have_device_csv;
}

void pf_free(pf_logs *l)
{
    free(l->gap_line);
    tf_trace_free(l->trace);
    tf_trace_free(l->mem);
    free(l->devzones);
    pf_dev_free(l);
    for (size_t i = 0; i < l->ndevpcs; i++) free(l->devpcs[i].where);
    free(l->devpcs);
    for (size_t i = 0; i < l->nops; i++) pf_op_free(&l->ops[i]);
    free(l->ops);
    for (uint32_t i = 0; i < l->nprocs; i++) free(l->procs[i].diag[0]), free(l->procs[i].diag[1]);
    free(l->procs);
    pf_strtab_free(&l->names);
    for (int i = 0; i < l->nnotes; i++) free(l->notes[i]);
    free(l->notes);
    free(l->note_error);
    pthread_mutex_destroy(&l->lock);
}
