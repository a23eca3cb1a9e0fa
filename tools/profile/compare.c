/* tt_foil_profile compare A B: two runs' reports side by side, B against A
 * (docs/profiling.md, "Comparing two runs"): the device time in ops, the
 * host's time between them, and each kind of op (device cycles: exact, the simulator is
 * deterministic) with why its mean moved (its RISCs' instructions, tile work and waits), the device
 * zones per RISC, the host zones, the memory pools' peaks and their sites; what changed most first.
 * `--fail-above PCT` makes it a regression gate on the device cycles (exit 3), `--csv FILE` writes
 * every row, `--html FILE` every row as one HTML page.
 *
 * It reads the CSV reports a run wrote (or `report DIR` rebuilt), by the
 * columns of contracts/tf_csv_schemas.h, not the logs: a folder whose logs
 * are gone still compares, and the figures are exactly the reports'. */
#include "common/cm_err.h"
#include "common/cm_file.h"
#include "pf.h"
#include "tf_perf.h"

#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

enum { CMP_EXIT_INPUT = 1, CMP_EXIT_USAGE = 2, CMP_EXIT_SLOWER = 3 };

static const char cmp_usage[] =
    "usage: tt_foil_profile compare [--top N] [--csv FILE] [--html FILE] [--fail-above PCT]\n"
    "                               A B\n"
    "\n"
    "Compares two runs' reports, B against A. A and B are output folders of\n"
    "tt_foil_profile (-o DIR; their reports/ is read) or reports/ folders themselves.\n"
    "Prints, biggest change first: the device time in ops, the host's time between\n"
    "them (op-to-op gaps) and each kind of op (its zone and kernels; device kernel\n"
    "cycles, from tt_foil_ops_perf.csv), with why a kind's mean changed (the RISC\n"
    "causes that moved most, tt_foil_ops_cores.csv); the device zones per RISC\n"
    "(tt_foil_device_perf.csv), the host zones\n"
    "(tt_foil_perf_results.csv), the memory pools' peaks (tt_foil_memory_report.csv)\n"
    "and the sites they came from (tt_foil_memory_sites.csv).\n"
    "A row in one run only says 'new' or 'gone'.\n"
    "\n"
    "options:\n"
    "  --top N            rows per section (default 10; 0: all)\n"
    "  --csv FILE         every row of every section to FILE (tt_foil_compare.csv's\n"
    "                     columns, docs/profiling.md)\n"
    "  --html FILE        every row of every section as one HTML page, each change with\n"
    "                     a bar (red: B more, green: B less) and each op kind's why\n"
    "  --fail-above PCT   exit 3 when B's device cycles grew by more than PCT percent\n"
    "                     over A's: the device time in ops, the mean of a kind of op or\n"
    "                     of a device zone found in both runs. Device cycles are exact\n"
    "                     (the simulator is deterministic), so 0 is a usable threshold;\n"
    "                     host times are not gated (they vary from run to run)\n"
    "  -h, --help         this text\n"
    "\n"
    "exit status: 0; 1 a folder or report could not be read, the gate had nothing to\n"
    "decide on, or FILE could not be written; 2 bad usage; 3 slower than --fail-above\n"
    "allows (each such row is named on stderr).\n";

static int cmp_error(int status, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static int cmp_error(int status, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fputs(PF_TOOL ": compare: ", stderr);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
    return status;
}

/* ---- one section's rows ---------------------------------------------------------------------- */

enum { A, B };

/* A row keyed by name, context, RISC and category (each "" where the
 * section has none), with each run's figures; have 0: absent in that run. */
typedef struct cmp_row {
    char *name, *context, *risc;
    const char *cat; /* op_cycles: a static label (cmp_cats) */
    int have[2];
    uint64_t count[2], total[2]; /* calls or ops; ns, cycles or bytes */
    uint64_t extra[2];           /* memory: leaked bytes */
    /* ops: how many of the kind's ops had a straggler (STRAGGLER), and its
     * core ("several" when they differ) */
    uint64_t strag[2];
    char strag_core[2][40];
} cmp_row;

typedef struct cmp_section {
    const char *id;         /* the CSV's SECTION */
    const char *unit;       /* "cycles", "ns", "bytes" */
    const char *file;       /* the report it comes from (for the notes) */
    const char *count_name; /* what its rows count: "OPS", "CALLS", "ALLOCS" */
    int mem;                /* memory: the rows' peaks and leaks (no mean) */
    cmp_row *rows;
    size_t n, cap;
    cm_map index;    /* the key -> row, while reading */
    uint64_t sum[2]; /* every row's total (checked: no sum wraps) */
    int have[2];     /* the report was there */
    /* ops: the host's time between ops (OP_TO_OP_LATENCY_NS, empty for
     * an op with no op before it) and how many gaps that is */
    uint64_t gap_ns[2], gaps[2];
    /* ops: those whose dispatch stopped (BOUND STOPPED: a fault, timeout,
     * deadlock or interrupt), left out (their figures are the cores that
     * finished: a faulted op compared as a faster one) */
    uint64_t stopped[2];
} cmp_section;

static int cmp_oom(void)
{
    return cmp_error(CMP_EXIT_INPUT, "out of host memory");
}

/* FNV-1a over s, from h */
static uint64_t cmp_hash(const char *s, uint64_t h)
{
    for (; *s; s++) h = (h ^ (unsigned char)*s) * 0x100000001b3ull;
    return h;
}

typedef struct cmp_key {
    const cmp_section *s;
    const char *name, *context, *risc, *cat;
} cmp_key;

static int cmp_same(uint32_t i, void *arg)
{
    const cmp_key *k = arg;
    const cmp_row *r = &k->s->rows[i];
    return !strcmp(r->name, k->name) && !strcmp(r->context, k->context) &&
           !strcmp(r->risc, k->risc) && !strcmp(r->cat, k->cat);
}

/* The row of the key, made if absent (a report of a long run has
 * thousands of host zone rows: by hash, not a scan). */
static cmp_row *cmp_row_of(cmp_section *s, const char *name, const char *context, const char *risc,
                           const char *cat)
{
    cmp_key k = {s, name, context, risc, cat};
    uint64_t h = 0xcbf29ce484222325ull;
    h = cmp_hash(cat, cmp_hash(risc, cmp_hash(context, cmp_hash(name, h) ^ 1) ^ 2) ^ 3) | 1;
    int is_new = 0;
    uint32_t *slot = cm_map_slot(&s->index, h, cmp_same, &k, &is_new);
    if (!slot) return NULL;
    if (!is_new) return &s->rows[*slot];
    if (s->n == s->cap) {
        size_t cap = s->cap ? s->cap * 2 : 64;
        cmp_row *r = realloc(s->rows, cap * sizeof *r);
        if (!r) return NULL;
        s->rows = r;
        s->cap = cap;
    }
    cmp_row *r = &s->rows[s->n];
    memset(r, 0, sizeof *r);
    r->name = strdup(name);
    r->context = strdup(context);
    r->risc = strdup(risc);
    r->cat = cat;
    if (!r->name || !r->context || !r->risc) {
        free(r->name);
        free(r->context);
        free(r->risc);
        return NULL;
    }
    *slot = (uint32_t)s->n++;
    return r;
}

static void cmp_section_free(cmp_section *s)
{
    for (size_t i = 0; i < s->n; i++) {
        free(s->rows[i].name);
        free(s->rows[i].context);
        free(s->rows[i].risc);
    }
    free(s->rows);
    cm_map_free(&s->index);
}

/* ---- reading a report ------------------------------------------------------------------------ */

/* s made safe for one terminal line (pf_term) and, past `cells` bytes, cut
 * in the middle: its start and its end, where names differ ("TF_dispatch_
 * execute_multi (dec_tile_writer,..." rows differ in their last kernel). */
static const char *cmp_cut(char *buf, size_t n, const char *s, size_t cells)
{
    char t[1024];
    pf_term(t, sizeof t, s);
    size_t len = strlen(t);
    if (len <= cells || cells < 8 || n < cells + 1) return pf_term(buf, n, t);
    size_t head = (cells - 2) / 2, tail = cells - 2 - head;
    head = pf_utf8_head(t, head); /* (whole UTF-8 characters) */
    size_t from = len - tail;
    while (from < len && ((unsigned char)t[from] & 0xc0) == 0x80) from++;
    snprintf(buf, n, "%.*s..%s", (int)head, t, t + from);
    return buf;
}

/* A run's reports folder: P/reports when it has the host report, else P
 * itself when it has it. */
static int cmp_find_reports(const char *p, char *out, size_t n, const char *which)
{
    struct stat st;
    if (stat(p, &st))
        return cmp_error(CMP_EXIT_INPUT, "%s: '%s' is not a folder (%s)", which, p,
                         strerror(errno));
    if (!S_ISDIR(st.st_mode))
        return cmp_error(CMP_EXIT_INPUT,
                         "%s: '%s' is a file, not a folder: give tt_foil_profile's output folder "
                         "(-o DIR) or its reports/ folder",
                         which, p);
    if (access(p, R_OK | X_OK))
        return cmp_error(CMP_EXIT_INPUT, "%s: cannot read the folder '%s': %s", which, p,
                         strerror(errno));
    char f[PATH_MAX + 64];
    snprintf(f, sizeof f, "%s/%s", p, PF_PERF_RESULTS);
    if (!stat(f, &st)) {
        snprintf(out, n, "%s/%s", p, PF_REPORTS);
        return 0;
    }
    snprintf(f, sizeof f, "%s/%s", p, tf_csv_perf_results.file);
    if (!stat(f, &st)) {
        snprintf(out, n, "%s", p);
        return 0;
    }
    return cmp_error(CMP_EXIT_INPUT,
                     "%s: '%s' has no reports (no %s): make them with 'tt_foil_profile -o %s "
                     "PROGRAM' or, from its logs, 'tt_foil_profile report %s'",
                     which, p, PF_PERF_RESULTS, p, p);
}

/* What a report's rows are read with: where (for messages), and for the
 * ops of a run, which kind each OP_ID is (row index in the ops section),
 * so that tt_foil_ops_cores.csv's rows go to their op's kind. */
typedef struct cmp_reading {
    const char *path;
    long line;
    int run;
    cmp_section *ops;
    cm_map *op_kind; /* OP_ID + 1 -> ops row */
    /* columns read when the header has them, beside the needed ones (the
     * ops' OP_TO_OP_LATENCY_NS and STRAGGLER: absent from a tool's reports
     * before them): empty when absent, a string one also when its row
     * ends before it */
    const int *opt;
    int nopt;
} cmp_reading;

/* A row's columns as parsed, added to s: 0, -1 out of memory, or an exit
 * status after its message. */
typedef int (*cmp_take)(cmp_section *s, cmp_reading *rd, const cm_csv_value *v);

/* Column c of the row r read from path, which does not parse (its text
 * shown, cut) or which the row ends before: the error, as an exit status. */
static int cmp_bad_cell(const char *path, const cm_csv_reader *r, const tf_csv_schema *sch,
                        const int *col, int c, int nf)
{
    const char *text = col[c] < nf ? r->fields[col[c]] : NULL;
    char shown[80];
    return cmp_error(CMP_EXIT_INPUT,
                     "%s:%ld: column %s: %s%s%s (the report is damaged: make it again with "
                     "'tt_foil_profile report')",
                     path, r->line, sch->cols[c].name, text ? "'" : "the row ends before it",
                     text ? cmp_cut(shown, sizeof shown, text, 40) : "",
                     text ? "' is not a whole number below 2^64" : "");
}

/* Read dir/<schema's file> into s: every row through take. An absent file
 * leaves s->have[run] 0 (unless required: an error); a missing column or
 * a malformed field is an error naming the file, line and column. */
static int cmp_read(cmp_section *s, cmp_reading *rd, const char *dir, const tf_csv_schema *sch,
                    const int *need, int nneed, int required, cmp_take take)
{
    char path[PATH_MAX + 64];
    snprintf(path, sizeof path, "%s/%s", dir, sch->file);
    FILE *f = cm_file_open_regular(path); /* (a FIFO or a folder there: refused, not waited on) */
    if (!f) {
        if (errno == ENOENT && !required) return 0;
        return cmp_error(CMP_EXIT_INPUT, "cannot read the report: %s", tf_last_error());
    }
    rd->path = path;
    cm_csv_reader r = {.f = f};
    enum { MAXCOLS = 64 }; /* (the schemas have at most 32) */
    CM_ASSERT(sch->ncols <= MAXCOLS);
    int col[MAXCOLS], rc = 0, nf = cm_csv_next(&r);
    if (nf <= 0) {
        rc = cmp_error(CMP_EXIT_INPUT, "%s: %s", path,
                       nf ? "malformed header or out of memory" : "empty (no header)");
        goto out;
    }
    cm_csv_bind(sch, r.fields, nf, col);
    for (int k = 0; k < nneed; k++)
        if (col[need[k]] < 0) {
            rc = cmp_error(CMP_EXIT_INPUT,
                           "%s: no column %s in its header (not a tt_foil_profile report, or "
                           "one of another version: make it again with 'tt_foil_profile report')",
                           path, sch->cols[need[k]].name);
            goto out;
        }
    s->have[rd->run] = 1;
    cm_csv_value v[MAXCOLS];
    while ((nf = cm_csv_next(&r)) > 0) {
        if (nf == 1 && !r.fields[0][0]) continue; /* a blank line */
        rd->line = r.line;
        for (int k = 0; k < nneed; k++) {
            int c = need[k];
            if (cm_csv_get(&r, sch, col, c, &v[c]) ||
                (v[c].empty && sch->cols[c].kind == TF_CSV_U)) {
                rc = cmp_bad_cell(path, &r, sch, col, c, nf);
                goto out;
            }
        }
        for (int k = 0; k < rd->nopt; k++) {
            int c = rd->opt[k];
            v[c].empty = 1;
            v[c].s = "";
            if (col[c] < 0 || (sch->cols[c].kind == TF_CSV_S && col[c] >= nf)) continue;
            if (cm_csv_get(&r, sch, col, c, &v[c])) {
                rc = cmp_bad_cell(path, &r, sch, col, c, nf);
                goto out;
            }
        }
        if ((rc = take(s, rd, v))) {
            if (rc < 0) rc = cmp_oom();
            goto out;
        }
    }
    if (nf < 0)
        rc = cmp_error(CMP_EXIT_INPUT, "%s:%ld: malformed record (an unterminated quote)", path,
                       r.line);
out:
    cm_csv_close(&r);
    fclose(f);
    return rc;
}

/* a + b into *sum: 0, or 1 past 2^64 */
static int cmp_sum(uint64_t *sum, uint64_t b)
{
    return __builtin_add_overflow(*sum, b, sum);
}

static int cmp_overflow(const cmp_reading *rd)
{
    return cmp_error(CMP_EXIT_INPUT,
                     "%s:%ld: the figures add up past 2^64 (the report is damaged: make it again "
                     "with 'tt_foil_profile report')",
                     rd->path, rd->line);
}

static int cmp_add(cmp_section *s, const cmp_reading *rd, const char *name, const char *ctx,
                   const char *risc, const char *cat, uint64_t count, uint64_t total,
                   uint64_t extra)
{
    int run = rd->run;
    cmp_row *r = cmp_row_of(s, name, ctx, risc, cat);
    if (!r) return -1;
    if (cmp_sum(&r->count[run], count) | cmp_sum(&r->total[run], total) |
        cmp_sum(&r->extra[run], extra) | cmp_sum(&s->sum[run], total))
        return cmp_overflow(rd);
    r->have[run] = 1;
    return 0;
}

/* an op's kind: its zone and kernels (as the summary groups them) */
/* op_kind's value for an op left out (take_cycles passes its rows over) */
#define CMP_OP_LEFT_OUT UINT32_MAX

static int take_op(cmp_section *s, cmp_reading *rd, const cm_csv_value *v)
{
    int is_new;
    uint32_t *slot = cm_map_slot(rd->op_kind, v[TF_OP_OP_ID].u + 1, NULL, NULL, &is_new);
    if (!slot) return -1;
    if (!is_new)
        return cmp_error(CMP_EXIT_INPUT,
                         "%s:%ld: OP_ID %llu twice (the report is damaged: make it again with "
                         "'tt_foil_profile report')",
                         rd->path, rd->line, (unsigned long long)v[TF_OP_OP_ID].u);
    if (!strcmp(v[TF_OP_BOUND].s, "STOPPED")) {
        *slot = CMP_OP_LEFT_OUT;
        s->stopped[rd->run]++;
        return 0;
    }
    cmp_row *r = cmp_row_of(s, v[TF_OP_OP_CODE].s, v[TF_OP_ZONE].s, "", "");
    if (!r) return -1;
    *slot = (uint32_t)(r - s->rows);
    if (cmp_sum(&r->count[rd->run], 1) |
        cmp_sum(&r->total[rd->run], v[TF_OP_DEVICE_KERNEL_DURATION_CYCLES].u) |
        cmp_sum(&s->sum[rd->run], v[TF_OP_DEVICE_KERNEL_DURATION_CYCLES].u))
        return cmp_overflow(rd);
    if (!v[TF_OP_OP_TO_OP_LATENCY_NS].empty) { /* (empty: a device's first op, or no column) */
        if (cmp_sum(&s->gap_ns[rd->run], v[TF_OP_OP_TO_OP_LATENCY_NS].u)) return cmp_overflow(rd);
        s->gaps[rd->run]++;
    }
    if (v[TF_OP_STRAGGLER].s[0]) {
        char *core = r->strag_core[rd->run];
        if (!r->strag[rd->run]++)
            snprintf(core, sizeof r->strag_core[0], "core %s", v[TF_OP_STRAGGLER].s);
        else if (strcmp(core + 5, v[TF_OP_STRAGGLER].s))
            snprintf(core, sizeof r->strag_core[0], "several cores");
    }
    r->have[rd->run] = 1;
    return 0;
}

/* Where an op's RISC cycles went (tt_foil_ops_cores.csv; contracts/tf_perf.h:
 * cycles = instructions + tile engine + each wait, exactly). */
static const struct cmp_cat {
    int col;
    const char *label;
} cmp_cats[] = {{TF_OC_INSTRUCTIONS, "instructions"},
                {TF_OC_TILE_CYCLES, "tile engine"},
#define CMP_WAIT(name, label, doc) {TF_OC_WAIT_##name, "waits " label},
                TF_PERF_WAITS(CMP_WAIT)
#undef CMP_WAIT
};
enum { CMP_NCATS = sizeof cmp_cats / sizeof *cmp_cats };

/* a core's RISC in an op: each category's cycles to the op's kind */
static int take_cycles(cmp_section *s, cmp_reading *rd, const cm_csv_value *v)
{
    const uint32_t *k = cm_map_find(rd->op_kind, v[TF_OC_OP_ID].u + 1, NULL, NULL);
    if (!k)
        return cmp_error(CMP_EXIT_INPUT,
                         "%s:%ld: OP_ID %llu is not in %s (the reports are of different runs or "
                         "damaged: make them again with 'tt_foil_profile report')",
                         rd->path, rd->line, (unsigned long long)v[TF_OC_OP_ID].u,
                         tf_csv_ops_perf.file);
    if (*k == CMP_OP_LEFT_OUT) return 0;
    const cmp_row *op = &rd->ops->rows[*k];
    for (int c = 0; c < CMP_NCATS; c++) {
        int rc = cmp_add(s, rd, op->name, op->context, v[TF_OC_RISC].s, cmp_cats[c].label, 1,
                         v[cmp_cats[c].col].u, 0);
        if (rc) return rc;
    }
    return 0;
}
static int take_dev(cmp_section *s, cmp_reading *rd, const cm_csv_value *v)
{
    return cmp_add(s, rd, v[TF_DP_ZONE].s, "", v[TF_DP_RISC].s, "", v[TF_DP_CALL_COUNT].u,
                   v[TF_DP_TOTAL_CYCLES].u, 0);
}
static int take_host(cmp_section *s, cmp_reading *rd, const cm_csv_value *v)
{
    return cmp_add(s, rd, v[TF_PR_ZONE_NAME].s, v[TF_PR_CONTEXT].s, "", "", v[TF_PR_CALL_COUNT].u,
                   v[TF_PR_TOTAL_NS].u, 0);
}
static int take_mem(cmp_section *s, cmp_reading *rd, const cm_csv_value *v)
{
    return cmp_add(s, rd, v[TF_MR_POOL].s, "", "", "", v[TF_MR_ALLOC_COUNT].u,
                   v[TF_MR_PEAK_LIVE_BYTES].u, v[TF_MR_LEAKED_BYTES].u);
}
static int take_site(cmp_section *s, cmp_reading *rd, const cm_csv_value *v)
{
    return cmp_add(s, rd, v[TF_MS_POOL].s, v[TF_MS_SITE].s, "", "", v[TF_MS_ALLOC_COUNT].u,
                   v[TF_MS_PEAK_LIVE_BYTES].u, v[TF_MS_LEAKED_BYTES].u);
}

/* ---- figures --------------------------------------------------------------------------------- */

static double cmp_mean(const cmp_row *r, int run)
{
    return r->count[run] ? (double)r->total[run] / (double)r->count[run] : 0;
}

/* B's change over A in percent; 0 when both are 0, and *none set when A
 * is 0 and B is not (no percentage: "new" or "from 0"). */
static double cmp_pct(double a, double b, int *none)
{
    *none = 0;
    if (a == 0) {
        *none = b != 0;
        return 0;
    }
    return (b - a) / a * 100.0;
}

static uint64_t cmp_absdiff(uint64_t a, uint64_t b)
{
    return a > b ? a - b : b - a;
}

/* Biggest change of the total first, then the larger total, then by name. */
/* How much a row changed: its total's (a pool's peak), or a memory row's
 * leak when that moved more (a leak fixed at an unchanged peak would
 * otherwise sort last, past --top). Other rows' extra is 0. */
static uint64_t cmp_moved(const cmp_row *r)
{
    uint64_t d = cmp_absdiff(r->total[A], r->total[B]), l = cmp_absdiff(r->extra[A], r->extra[B]);
    return d > l ? d : l;
}

static int cmp_by_change(const void *x, const void *y)
{
    const cmp_row *p = x, *q = y;
    uint64_t dp = cmp_moved(p), dq = cmp_moved(q);
    if (dp != dq) return dp < dq ? 1 : -1;
    uint64_t mp = p->total[A] > p->total[B] ? p->total[A] : p->total[B];
    uint64_t mq = q->total[A] > q->total[B] ? q->total[A] : q->total[B];
    if (mp != mq) return mp < mq ? 1 : -1;
    int c = strcmp(p->name, q->name);
    if (!c) c = strcmp(p->context, q->context);
    if (!c) c = strcmp(p->risc, q->risc);
    return c ? c : strcmp(p->cat, q->cat);
}

/* "+12.5%", "-3.0%", "0.0%", "new", "gone", "from 0" */
static const char *cmp_change(char *buf, size_t n, const cmp_row *r, double a, double b)
{
    if (!r->have[A]) return "new";
    if (!r->have[B]) return "gone";
    int none;
    double p = cmp_pct(a, b, &none);
    if (none) return "from 0";
    if (p == 0) return "0.0%";
    if (p < 0.05 && p > -0.05) return p > 0 ? "+<0.1%" : "-<0.1%"; /* (not 0: the gate sees it) */
    snprintf(buf, n, "%+.1f%%", p);
    return buf;
}

static const char *cmp_amount(char *buf, size_t n, const cmp_section *s, double v, int have)
{
    if (!have) return "-";
    if (v >= 9.2e18) { /* (past what a uint64_t conversion takes for sure) */
        snprintf(buf, n, "%.3g", v);
        return buf;
    }
    if (!strcmp(s->unit, "ns")) return pf_human_ns(buf, n, (uint64_t)(v + 0.5));
    if (!strcmp(s->unit, "bytes")) return pf_human_bytes(buf, n, (uint64_t)(v + 0.5));
    snprintf(buf, n, "%.0f", v);
    return buf;
}

/* ---- the terminal ---------------------------------------------------------------------------- */

/* A row's label: an op kind "ZONE [KERNELS]", a device zone "RISC ZONE",
 * a host zone "ZONE (CONTEXT)", a pool its name. */
static const char *cmp_label(char *buf, size_t n, const cmp_section *s, const cmp_row *r)
{
    if (!strcmp(s->id, "ops") && r->context[0])
        snprintf(buf, n, "%s [%s]", r->context, r->name);
    else if (r->risc[0])
        snprintf(buf, n, "%s %s", r->risc, r->name);
    else if (r->context[0])
        snprintf(buf, n, "%s (%s)", r->name, r->context);
    else
        snprintf(buf, n, "%s", r->name);
    return buf;
}

/* Why an op kind's mean changed: the two RISC categories (tt_foil_ops_cores.csv)
 * whose mean cycles a core moved most, each by at least a cycle, as
 * "NCRISC waits noc read +100, TRISC1 waits tile src +33" in buf; 0 when
 * none moved. */
static int cmp_why(char *buf, size_t n, const cmp_section *cyc, const cmp_row *op)
{
    const cmp_row *best[2] = {NULL, NULL};
    double d[2] = {0, 0};
    for (size_t i = 0; i < cyc->n; i++) {
        const cmp_row *r = &cyc->rows[i];
        if (strcmp(r->name, op->name) || strcmp(r->context, op->context)) continue;
        double x = cmp_mean(r, B) - cmp_mean(r, A), ax = x < 0 ? -x : x;
        if (ax < 1) continue;
        if (!best[0] || ax > (d[0] < 0 ? -d[0] : d[0])) {
            best[1] = best[0], d[1] = d[0];
            best[0] = r, d[0] = x;
        } else if (!best[1] || ax > (d[1] < 0 ? -d[1] : d[1])) {
            best[1] = r, d[1] = x;
        }
    }
    if (!best[0]) return 0;
    size_t at = 0;
    buf[0] = 0;
    for (int k = 0; k < 2 && best[k] && at < n; k++)
        at += (size_t)snprintf(buf + at, n - at, "%s%s %s %+.0f", k ? ", " : "", best[k]->risc,
                               best[k]->cat, d[k]);
    return 1;
}

/* An op kind's stragglers when they differ between the runs, as
 * "straggler: A core (1,1) in 3 of 3 ops, B none" in buf; 0 when the
 * same. A core's mean (the why) does not move when work moves between
 * cores, but the op lasts as long as its slowest core: a straggler that
 * went or came is often the whole change. */
static int cmp_straggler(char *buf, size_t n, const cmp_row *op)
{
    if (op->strag[A] == op->strag[B] &&
        (!op->strag[A] || !strcmp(op->strag_core[A], op->strag_core[B])))
        return 0;
    size_t at = (size_t)snprintf(buf, n, "straggler:");
    for (int run = A; run <= B && at < n; run++) {
        if (op->strag[run])
            at += (size_t)snprintf(
                buf + at, n - at, "%s %c %s in %llu of %llu op%s", run ? "," : "", run ? 'B' : 'A',
                op->strag_core[run], (unsigned long long)op->strag[run],
                (unsigned long long)op->count[run], op->count[run] == 1 ? "" : "s");
        else
            at += (size_t)snprintf(buf + at, n - at, "%s %c none", run ? "," : "", run ? 'B' : 'A');
    }
    return 1;
}

/* A row's cells as both views show them: its label, counts, the value
 * compared (a mean for cycles, else the total) and its change, the totals
 * and their change (cycles), the leaked bytes (memory). */
typedef struct cmp_cells {
    char *label; /* label_buf, or a longer label's own (cmp_cells_free) */
    char label_buf[512], count[2][24], val[2][32], change[32], tot[2][32], tot_change[32];
    char leaked[2][32];
    int by_mean, mem;
    double pct; /* the value's change (0 without one) */
    int none;   /* no percentage: A's value 0 and B's not */
    int trend;  /* +1 B more (or new), -1 less (or gone), 0 the same */
} cmp_cells;

static void cmp_cells_free(cmp_cells *c)
{
    if (c->label != c->label_buf) free(c->label);
}

/* (a label longer than label_buf gets its own buffer, whole; out of
 * memory, label_buf's cut one) */
static void cmp_row_cells(const cmp_section *s, const cmp_row *r, cmp_cells *c)
{
    char t[32];
    c->by_mean = !strcmp(s->unit, "cycles");
    c->mem = s->mem;
    c->label = c->label_buf;
    /* the parts and at most 3 bytes between them (cmp_label) */
    size_t need = strlen(r->name) + strlen(r->context) + strlen(r->risc) + 4;
    if (need > sizeof c->label_buf && (c->label = malloc(need)) != NULL)
        cmp_label(c->label, need, s, r);
    else
        cmp_label(c->label = c->label_buf, sizeof c->label_buf, s, r);
    for (int run = 0; run < 2; run++) {
        snprintf(c->count[run], sizeof c->count[run], r->have[run] ? "%llu" : "-",
                 (unsigned long long)r->count[run]);
        double tv = (double)r->total[run], v = c->by_mean ? cmp_mean(r, run) : tv;
        snprintf(c->val[run], sizeof c->val[run], "%s",
                 cmp_amount(t, sizeof t, s, v, r->have[run]));
        snprintf(c->tot[run], sizeof c->tot[run], "%s",
                 cmp_amount(t, sizeof t, s, tv, r->have[run]));
        snprintf(c->leaked[run], sizeof c->leaked[run], "%s",
                 cmp_amount(t, sizeof t, s, (double)r->extra[run], r->have[run]));
    }
    double ta = (double)r->total[A], tb = (double)r->total[B];
    double va = c->by_mean ? cmp_mean(r, A) : ta, vb = c->by_mean ? cmp_mean(r, B) : tb;
    snprintf(c->change, sizeof c->change, "%s", cmp_change(t, sizeof t, r, va, vb));
    snprintf(c->tot_change, sizeof c->tot_change, "%s", cmp_change(t, sizeof t, r, ta, tb));
    c->none = 0;
    c->pct = r->have[A] && r->have[B] ? cmp_pct(va, vb, &c->none) : 0;
    c->trend = !r->have[A] ? 1 : !r->have[B] ? -1 : vb > va ? 1 : vb < va ? -1 : 0;
}

/* One section: its title, then rows by change. Ops and device zones show
 * their means (an op's or a zone's cost) and totals, host zones their
 * totals, pools their peaks. */
/* Why section s shows no rows, as both views say it (its report missing
 * in a run, or no rows in either), in buf; NULL when it has rows. */
static const char *cmp_empty(char *buf, size_t n, const cmp_section *s)
{
    if (!s->have[A] || !s->have[B]) {
        snprintf(buf, n, "no %s in %s: nothing to compare", s->file,
                 !s->have[A] && !s->have[B] ? "either run"
                 : !s->have[A]              ? "A"
                                            : "B");
        return buf;
    }
    return s->n ? NULL : "none in either run";
}

static void cmp_print(FILE *out, cmp_section *s, const char *title, const char *what, size_t top,
                      const cmp_section *why)
{
    char empty[256];
    const char *why_empty = cmp_empty(empty, sizeof empty, s);
    fprintf(out, "\n%s\n", title);
    if (why_empty) {
        fprintf(out, "  (%s)\n", why_empty);
        return;
    }
    qsort(s->rows, s->n, sizeof *s->rows, cmp_by_change);
    size_t shown = top && top < s->n ? top : s->n;
    int by_mean = !strcmp(s->unit, "cycles"), mem = s->mem;
    char na[16], nb[16], w[160];
    snprintf(na, sizeof na, "%s A", s->count_name);
    snprintf(nb, sizeof nb, "%s B", s->count_name);
    fprintf(out, "  %s %9s %9s %11s %11s %8s", pf_term_cell(w, sizeof w, what, 44), na, nb,
            by_mean ? "MEAN A" : "A", by_mean ? "MEAN B" : "B", "CHANGE");
    if (by_mean) fprintf(out, " %12s %12s %8s", "TOTAL A", "TOTAL B", "CHANGE");
    if (mem) fprintf(out, " %11s %11s", "LEAKED A", "LEAKED B");
    fputc('\n', out);
    for (size_t i = 0; i < shown; i++) {
        const cmp_row *r = &s->rows[i];
        cmp_cells c;
        char cut[160], t[320];
        cmp_row_cells(s, r, &c);
        pf_term_cell(w, sizeof w, cmp_cut(cut, sizeof cut, c.label, 44), 44);
        fprintf(out, "  %s %9s %9s %11s %11s %8s", w, c.count[A], c.count[B], c.val[A], c.val[B],
                c.change);
        if (by_mean) fprintf(out, " %12s %12s %8s", c.tot[A], c.tot[B], c.tot_change);
        if (mem) fprintf(out, " %11s %11s", c.leaked[A], c.leaked[B]);
        fputc('\n', out);
        if (why && why->have[A] && why->have[B] && r->have[A] && r->have[B] &&
            strcmp(c.change, "0.0%") && cmp_why(t, sizeof t, why, r))
            fprintf(out, "      why: %s (cycles a core and op)\n", pf_term(t, sizeof t, t));
        if (why && r->have[A] && r->have[B] && cmp_straggler(t, sizeof t, r))
            fprintf(out, "      %s\n", pf_term(t, sizeof t, t));
        cmp_cells_free(&c);
    }
    if (shown < s->n)
        fprintf(out, "  (%zu more; --top 0 shows all, --csv FILE writes all)\n", s->n - shown);
}

/* ---- the CSV --------------------------------------------------------------------------------- */

static int cmp_write_csv(const char *path, cmp_section *secs, int nsec)
{
    FILE *f = fopen(path, "w");
    if (!f) return cmp_error(CMP_EXIT_INPUT, "cannot write %s: %s", path, strerror(errno));
    cm_csv_write_header(f, &tf_csv_compare);
    for (int k = 0; k < nsec; k++) {
        cmp_section *s = &secs[k];
        if (s->n) qsort(s->rows, s->n, sizeof *s->rows, cmp_by_change);
        for (size_t i = 0; i < s->n; i++) {
            const cmp_row *r = &s->rows[i];
            if (r->cat[0] && !r->total[A] && !r->total[B]) continue; /* (a cause in neither) */
            cm_csv_value v[TF_CMP_NCOLS];
            memset(v, 0, sizeof v);
            int none;
            double p = cmp_pct((double)r->total[A], (double)r->total[B], &none);
            v[TF_CMP_SECTION] = CM_CSV_S(s->id);
            v[TF_CMP_NAME] = CM_CSV_S(r->name);
            v[TF_CMP_CONTEXT] = CM_CSV_S(r->context);
            v[TF_CMP_RISC] = CM_CSV_S(r->risc);
            v[TF_CMP_CATEGORY] = CM_CSV_S(r->cat);
            v[TF_CMP_IN] = CM_CSV_S(r->have[A] && r->have[B] ? "both" : r->have[A] ? "A" : "B");
            v[TF_CMP_UNIT] = CM_CSV_S(s->unit);
            v[TF_CMP_COUNT_A] = r->have[A] ? CM_CSV_U(r->count[A]) : CM_CSV_EMPTY;
            v[TF_CMP_COUNT_B] = r->have[B] ? CM_CSV_U(r->count[B]) : CM_CSV_EMPTY;
            v[TF_CMP_TOTAL_A] = r->have[A] ? CM_CSV_U(r->total[A]) : CM_CSV_EMPTY;
            v[TF_CMP_TOTAL_B] = r->have[B] ? CM_CSV_U(r->total[B]) : CM_CSV_EMPTY;
            v[TF_CMP_TOTAL_CHANGE_PCT] =
                r->have[A] && r->have[B] && !none ? CM_CSV_F(p) : CM_CSV_EMPTY;
            int mean = !s->mem;
            double ma = cmp_mean(r, A), mb = cmp_mean(r, B);
            p = cmp_pct(ma, mb, &none);
            v[TF_CMP_MEAN_A] = mean && r->have[A] ? CM_CSV_F(ma) : CM_CSV_EMPTY;
            v[TF_CMP_MEAN_B] = mean && r->have[B] ? CM_CSV_F(mb) : CM_CSV_EMPTY;
            v[TF_CMP_MEAN_CHANGE_PCT] =
                mean && r->have[A] && r->have[B] && !none ? CM_CSV_F(p) : CM_CSV_EMPTY;
            v[TF_CMP_LEAKED_A] = !mean && r->have[A] ? CM_CSV_U(r->extra[A]) : CM_CSV_EMPTY;
            v[TF_CMP_LEAKED_B] = !mean && r->have[B] ? CM_CSV_U(r->extra[B]) : CM_CSV_EMPTY;
            cm_csv_write_row(f, &tf_csv_compare, v);
        }
    }
    int bad = ferror(f);
    if (fclose(f) || bad)
        return cmp_error(CMP_EXIT_INPUT, "cannot write %s: %s", path, strerror(errno));
    return 0;
}

/* ---- the HTML page -------------------------------------------------------------------------- */

/* s as HTML text: the five characters that could end it escaped; bytes
 * that are no UTF-8, control characters (C0, DEL, C1) and the
 * bidirectional controls (which would reorder the rest of the cell) as
 * U+FFFD */
static void cmp_html_text(FILE *f, const char *s)
{
    const unsigned char *p = (const unsigned char *)s;
    while (*p) {
        uint32_t cp = *p;
        int len = 1;
        if (cp >= 0x80 && !(len = pf_utf8_at(p, &cp))) { /* not UTF-8 */
            fputs("&#xfffd;", f);
            p++;
            continue;
        }
        switch (cp) {
        case '&': fputs("&amp;", f); break;
        case '<': fputs("&lt;", f); break;
        case '>': fputs("&gt;", f); break;
        case '"': fputs("&quot;", f); break;
        case '\'': fputs("&#39;", f); break;
        default:
            if (cp < 0x20 || (cp >= 0x7f && cp <= 0x9f) || cp == 0x061c ||
                (cp >= 0x200e && cp <= 0x200f) || (cp >= 0x202a && cp <= 0x202e) ||
                (cp >= 0x2066 && cp <= 0x2069))
                fputs("&#xfffd;", f);
            else
                fwrite(p, 1, (size_t)len, f);
        }
        p += len;
    }
}

static void cmp_html_cell(FILE *f, const char *tag, const char *cls, const char *text)
{
    fprintf(f, "<%s%s%s%s>", tag, cls ? " class=\"" : "", cls ? cls : "", cls ? "\"" : "");
    cmp_html_text(f, text);
    fprintf(f, "</%s>", tag);
}

/* One section as a table: every row, biggest change first, each with a
 * bar of its change (red: B more, green: B less; a full bar for a row
 * new or gone, 100% and more alike) and, under an op kind whose mean
 * changed, why. */
static void cmp_html_section(FILE *f, cmp_section *s, const char *title, const char *what,
                             const cmp_section *why)
{
    fprintf(f, "<h2>");
    cmp_html_text(f, title);
    fprintf(f, "</h2>\n");
    char empty[256], sentence[260];
    const char *why_empty = cmp_empty(empty, sizeof empty, s);
    if (why_empty) {
        snprintf(sentence, sizeof sentence, "%c%s.", toupper((unsigned char)why_empty[0]),
                 why_empty + 1);
        cmp_html_cell(f, "p", "none", sentence);
        fputc('\n', f);
        return;
    }
    qsort(s->rows, s->n, sizeof *s->rows, cmp_by_change);
    int by_mean = !strcmp(s->unit, "cycles"), mem = s->mem;
    char h[32];
    fprintf(f, "<table>\n<tr>");
    cmp_html_cell(f, "th", "name", what);
    snprintf(h, sizeof h, "%s A", s->count_name);
    cmp_html_cell(f, "th", NULL, h);
    snprintf(h, sizeof h, "%s B", s->count_name);
    cmp_html_cell(f, "th", NULL, h);
    fprintf(f, "<th>%s</th><th>%s</th><th>CHANGE</th><th class=\"bar\"></th>",
            by_mean ? "MEAN A" : "A", by_mean ? "MEAN B" : "B");
    if (by_mean) fprintf(f, "<th>TOTAL A</th><th>TOTAL B</th><th>CHANGE</th>");
    if (mem) fprintf(f, "<th>LEAKED A</th><th>LEAKED B</th>");
    fprintf(f, "</tr>\n");
    for (size_t i = 0; i < s->n; i++) {
        const cmp_row *r = &s->rows[i];
        cmp_cells c;
        char t[320];
        cmp_row_cells(s, r, &c);
        const char *cls = c.trend > 0 ? "up" : c.trend < 0 ? "down" : "same";
        fprintf(f, "<tr class=\"%s\"><td class=\"name\">", cls);
        cmp_html_text(f, c.label);
        if (why && why->have[A] && why->have[B] && r->have[A] && r->have[B] &&
            strcmp(c.change, "0.0%") && cmp_why(t, sizeof t, why, r)) {
            fprintf(f, "<div class=\"why\">why: ");
            cmp_html_text(f, t);
            fprintf(f, " (cycles a core and op)</div>");
        }
        if (why && r->have[A] && r->have[B] && cmp_straggler(t, sizeof t, r)) {
            fprintf(f, "<div class=\"why\">");
            cmp_html_text(f, t);
            fprintf(f, "</div>");
        }
        fprintf(f, "</td>");
        cmp_html_cell(f, "td", NULL, c.count[A]);
        cmp_html_cell(f, "td", NULL, c.count[B]);
        cmp_html_cell(f, "td", NULL, c.val[A]);
        cmp_html_cell(f, "td", NULL, c.val[B]);
        cmp_html_cell(f, "td", "chg", c.change);
        double p = !r->have[A] || !r->have[B] || c.none ? 100 : c.pct < 0 ? -c.pct : c.pct;
        if (p > 100 || p != p) p = 100;
        fprintf(f, "<td class=\"bar\"><span style=\"width:%.1f%%\"></span></td>", p);
        if (by_mean) {
            cmp_html_cell(f, "td", NULL, c.tot[A]);
            cmp_html_cell(f, "td", NULL, c.tot[B]);
            cmp_html_cell(f, "td", "chg", c.tot_change);
        }
        if (mem) {
            cmp_html_cell(f, "td", NULL, c.leaked[A]);
            cmp_html_cell(f, "td", NULL, c.leaked[B]);
        }
        fprintf(f, "</tr>\n");
        cmp_cells_free(&c);
    }
    fprintf(f, "</table>\n");
}

static const char cmp_html_style[] =
    "body{font:14px system-ui,sans-serif;margin:1.5em;color:#222}"
    "h1{font-size:1.4em}h2{font-size:1.15em;margin-top:1.6em}"
    ".paths{font-family:monospace;color:#555}.total{font-weight:600}"
    "table{border-collapse:collapse}th,td{padding:3px 8px;text-align:right;"
    "border-bottom:1px solid #e4e4e4;white-space:nowrap}"
    "th{background:#f3f3f3;position:sticky;top:0}"
    "td.name,th.name{text-align:left;white-space:normal;max-width:40em;overflow-wrap:anywhere}"
    ".why{color:#666;font-size:.9em}td.bar,th.bar{width:120px;text-align:left}"
    "td.bar span{display:inline-block;height:10px}"
    "tr.up td.bar span{background:#d9534f}tr.down td.bar span{background:#4cae4c}"
    "tr.up td.chg{color:#b52b27}tr.down td.chg{color:#2d7a2d}.none{color:#777}";

/* The ops' total line of the terminal and the HTML (tot: the ops' sums
 * and counts of both runs, both there), in buf. */
static const char *cmp_total_line(char *buf, size_t n, const cmp_row *tot)
{
    char c[64];
    snprintf(buf, n,
             "Device time in ops: A %llu cycles in %llu op%s, B %llu cycles in %llu op%s: %s",
             (unsigned long long)tot->total[A], (unsigned long long)tot->count[A],
             tot->count[A] == 1 ? "" : "s", (unsigned long long)tot->total[B],
             (unsigned long long)tot->count[B], tot->count[B] == 1 ? "" : "s",
             cmp_change(c, sizeof c, tot, (double)tot->total[A], (double)tot->total[B]));
    return buf;
}

/* The host's time between the ops (the summary's "between them on the
 * host"): what a change on the host side (fewer buffer writes between
 * dispatches) moves, which the device time does not show; in buf, or 0
 * when a run has no gap figures. */
static int cmp_gap_line(char *buf, size_t n, const cmp_section *ops)
{
    if (!ops->have[A] || !ops->have[B] || (!ops->gaps[A] && !ops->gaps[B])) return 0;
    cmp_row r = {.have = {1, 1}};
    char c[64], ga[32], gb[32];
    snprintf(buf, n,
             "Host time between ops (op-to-op gaps): A %s in %llu gap%s, B %s in %llu gap%s: %s",
             pf_human_ns(ga, sizeof ga, ops->gap_ns[A]), (unsigned long long)ops->gaps[A],
             ops->gaps[A] == 1 ? "" : "s", pf_human_ns(gb, sizeof gb, ops->gap_ns[B]),
             (unsigned long long)ops->gaps[B], ops->gaps[B] == 1 ? "" : "s",
             cmp_change(c, sizeof c, &r, (double)ops->gap_ns[A], (double)ops->gap_ns[B]));
    return 1;
}

/* The ops left out because their dispatch stopped, in buf; 0 when none. */
static int cmp_stopped_line(char *buf, size_t n, const cmp_section *ops)
{
    if (!ops->stopped[A] && !ops->stopped[B]) return 0;
    snprintf(buf, n,
             "Ops whose dispatch stopped (a fault, timeout, deadlock or interrupt: their figures "
             "are the cores that finished), left out: A %llu, B %llu",
             (unsigned long long)ops->stopped[A], (unsigned long long)ops->stopped[B]);
    return 1;
}

/* Every section on one page, each row in it (not --top's cut), to path. */
static int cmp_write_html(const char *path, const char *const rep[2], const cmp_row *tot,
                          cmp_section *const *secs, const char *const *titles,
                          const char *const *whats, int nsec, const cmp_section *why)
{
    FILE *f = fopen(path, "w");
    if (!f) return cmp_error(CMP_EXIT_INPUT, "cannot write %s: %s", path, strerror(errno));
    fprintf(f,
            "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\">"
            "<title>tt_foil_profile compare</title><style>%s</style></head><body>\n"
            "<h1>tt_foil_profile compare: B against A</h1>\n<p class=\"paths\">A: ",
            cmp_html_style);
    cmp_html_text(f, rep[A]);
    fprintf(f, "<br>B: ");
    cmp_html_text(f, rep[B]);
    fprintf(f, "</p>\n");
    if (tot->have[A] && tot->have[B]) {
        char t[256];
        cmp_html_cell(f, "p", "total", cmp_total_line(t, sizeof t, tot));
        fputc('\n', f);
    }
    char g[256];
    if (nsec && cmp_gap_line(g, sizeof g, secs[0])) {
        cmp_html_cell(f, "p", "total", g);
        fputc('\n', f);
    }
    if (nsec && cmp_stopped_line(g, sizeof g, secs[0])) {
        cmp_html_cell(f, "p", "total", g);
        fputc('\n', f);
    }
    for (int k = 0; k < nsec; k++)
        cmp_html_section(f, secs[k], titles[k], whats[k], k ? NULL : why);
    fprintf(f, "</body></html>\n");
    int bad = ferror(f);
    if (fclose(f) || bad)
        return cmp_error(CMP_EXIT_INPUT, "cannot write %s: %s", path, strerror(errno));
    return 0;
}

/* ---- the gate -------------------------------------------------------------------------------- */

/* A slowdown as the gate names it: "+3.1%", "+0.004%", "from 0". */
static const char *cmp_slower_by(char *buf, size_t n, double p, int none)
{
    snprintf(buf, n, none ? "from 0" : p < 0.05 ? "%+.3f%%" : "%+.1f%%", p);
    return buf;
}

/* Rows of s in both runs whose mean grew by more than pct: named on
 * stderr; returns how many. */
static int cmp_gate(const cmp_section *s, double pct, const char *what)
{
    int n = 0;
    if (!s->have[A] || !s->have[B]) return 0;
    for (size_t i = 0; i < s->n; i++) {
        const cmp_row *r = &s->rows[i];
        if (!r->have[A] || !r->have[B]) continue;
        double a = cmp_mean(r, A), b = cmp_mean(r, B);
        int none;
        double p = cmp_pct(a, b, &none);
        if (!none && p <= pct) continue;
        char name[512], change[32], cut[160];
        fprintf(stderr, PF_TOOL ": compare: slower: %s %s: %.1f -> %.1f cycles %s (%s)\n", what,
                cmp_cut(cut, sizeof cut, cmp_label(name, sizeof name, s, r), 120), a, b,
                strcmp(s->id, "ops") ? "a call" : "an op",
                cmp_slower_by(change, sizeof change, p, none));
        n++;
    }
    return n;
}

/* Rows of s that run `run` has. */
static size_t cmp_rows_in(const cmp_section *s, int run)
{
    size_t n = 0;
    for (size_t i = 0; i < s->n; i++) n += s->rows[i].have[run] != 0;
    return n;
}

/* --fail-above: the device time in ops (tot) and each op kind and device
 * zone in both runs. It decides only on what both runs have: a section
 * with rows in one run alone (a run that dispatched nothing, a profiler
 * off on one side) or in neither is no pass. */
static int cmp_gate_all(const cmp_section *ops, const cmp_section *dev, const cmp_row *tot,
                        double pct)
{
    const cmp_section *sec[2] = {ops, dev};
    static const char *const what[2] = {"ops", "device zones"};
    size_t n[2][2];
    int usable = 0;
    for (int k = 0; k < 2; k++) {
        n[k][A] = cmp_rows_in(sec[k], A);
        n[k][B] = cmp_rows_in(sec[k], B);
        if (!n[k][A] != !n[k][B])
            return cmp_error(CMP_EXIT_INPUT,
                             "--fail-above: %s has no %s (%s has %zu kinds): the runs did not do "
                             "the same work (did one dispatch nothing, or run with %s off?); "
                             "nothing to gate on",
                             n[k][A] ? "B" : "A", what[k], n[k][A] ? "A" : "B",
                             n[k][A] ? n[k][A] : n[k][B],
                             k ? "the device profiler" : "the hardware counters");
        usable |= n[k][A] && n[k][B];
    }
    if (!usable)
        return cmp_error(CMP_EXIT_INPUT,
                         "--fail-above: neither run has ops (%s) or device zones (%s) to gate on: "
                         "run them with the hardware counters (TT_FOIL_PERF_COUNTERS) or the "
                         "device profiler (TT_FOIL_DEVICE_PROFILER) on",
                         ops->file, dev->file);
    int slower = 0;
    if (n[0][A] && n[0][B]) {
        int none;
        double p = cmp_pct((double)tot->total[A], (double)tot->total[B], &none);
        if (none || p > pct) {
            char change[32];
            fprintf(stderr,
                    PF_TOOL ": compare: slower: the device time in ops: %llu -> %llu cycles (%s)\n",
                    (unsigned long long)tot->total[A], (unsigned long long)tot->total[B],
                    cmp_slower_by(change, sizeof change, p, none));
            slower++;
        }
    }
    slower += cmp_gate(ops, pct, "op");
    slower += cmp_gate(dev, pct, "device zone");
    if (slower)
        return cmp_error(CMP_EXIT_SLOWER, "%d slower than --fail-above %g%% allows", slower, pct);
    return 0;
}

/* ---- main ------------------------------------------------------------------------------------ */

/* a and b name one file (an existing one by its identity, else by name) */
static int cmp_same_file(const char *a, const char *b)
{
    struct stat sa, sb;
    if (!stat(a, &sa) && !stat(b, &sb)) return sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
    return !strcmp(a, b);
}

/* An output file (--csv or --html) must not be one of the reports it
 * compares, nor the other output. */
static int cmp_check_output(const char *opt, const char *path, const char *other,
                            const char *other_opt, char rep[2][PATH_MAX + 16])
{
    if (!path) return 0;
    if (other && cmp_same_file(path, other))
        return cmp_error(CMP_EXIT_USAGE, "%s and %s name the same file, '%s'", opt, other_opt,
                         path);
    const tf_csv_schema *const in[] = {&tf_csv_ops_perf, &tf_csv_ops_cores, &tf_csv_device_perf,
                                       &tf_csv_perf_results, &tf_csv_memory_report};
    for (int run = 0; run < 2; run++)
        for (size_t i = 0; i < sizeof in / sizeof *in; i++) {
            char f[PATH_MAX + 64];
            snprintf(f, sizeof f, "%s/%s", rep[run], in[i]->file);
            if (cmp_same_file(path, f))
                return cmp_error(CMP_EXIT_USAGE,
                                 "%s '%s' is %s's report %s, which the comparison reads: write "
                                 "it elsewhere",
                                 opt, path, run ? "B" : "A", in[i]->file);
        }
    return 0;
}

static int cmp_parse_count(const char *opt, const char *v, size_t *out)
{
    uint64_t x;
    if (cm_parse_dec(v, &x) || x > 1000000000u)
        return cmp_error(CMP_EXIT_USAGE, "%s: invalid value '%s' (a whole number, 0 to 1000000000)",
                         opt, v);
    *out = (size_t)x;
    return 0;
}

int pf_compare_main(int argc, char **argv)
{
    size_t top = 10;
    const char *csv = NULL, *html = NULL, *dirs[2] = {NULL, NULL};
    double fail_above = -1;
    int ndirs = 0, opts_done = 0;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (!opts_done && !strcmp(a, "--")) {
            opts_done = 1;
            continue;
        }
        if (!opts_done && (!strcmp(a, "-h") || !strcmp(a, "--help"))) {
            fputs(cmp_usage, stdout);
            return fflush(stdout) ? 1 : 0;
        }
        if (!opts_done && a[0] == '-' && a[1]) {
            const char *val = strchr(a, '=');
            size_t klen = val ? (size_t)(val - a) : strlen(a);
            int k = klen == 5 && !strncmp(a, "--top", 5)            ? 0
                    : klen == 5 && !strncmp(a, "--csv", 5)          ? 1
                    : klen == 12 && !strncmp(a, "--fail-above", 12) ? 2
                    : klen == 6 && !strncmp(a, "--html", 6)         ? 3
                                                                    : -1;
            if (k < 0)
                return cmp_error(CMP_EXIT_USAGE, "unknown option '%s' (see compare --help)", a);
            if (val) {
                val++;
            } else {
                if (i + 1 >= argc) return cmp_error(CMP_EXIT_USAGE, "%s needs a value", a);
                val = argv[++i];
            }
            if (k == 0 && cmp_parse_count("--top", val, &top)) return CMP_EXIT_USAGE;
            if (k == 1 || k == 3) {
                if (!*val)
                    return cmp_error(CMP_EXIT_USAGE, "%s: the file name is empty",
                                     k == 1 ? "--csv" : "--html");
                *(k == 1 ? &csv : &html) = val;
            }
            if (k == 2) {
                char *end;
                errno = 0;
                fail_above = strtod(val, &end);
                if (!*val || *end || errno || !(fail_above >= 0) || fail_above > 1e9)
                    return cmp_error(CMP_EXIT_USAGE,
                                     "--fail-above: invalid value '%s' (a percentage, 0 to 1e9)",
                                     val);
            }
            continue;
        }
        if (ndirs == 2)
            return cmp_error(CMP_EXIT_USAGE,
                             "one A and one B folder, not '%s' too (see compare --help)", a);
        dirs[ndirs++] = a;
    }
    if (ndirs < 2) {
        fputs(cmp_usage, stderr);
        return cmp_error(CMP_EXIT_USAGE, "two folders are needed, A and B");
    }
    char rep[2][PATH_MAX + 16];
    for (int run = 0; run < 2; run++)
        if (cmp_find_reports(dirs[run], rep[run], sizeof rep[run], run ? "B" : "A"))
            return CMP_EXIT_INPUT;

    if (cmp_check_output("--csv", csv, html, "--html", rep) ||
        cmp_check_output("--html", html, NULL, NULL, rep))
        return CMP_EXIT_USAGE;

    static const int need_op[] = {TF_OP_OP_ID, TF_OP_OP_CODE, TF_OP_ZONE,
                                  TF_OP_DEVICE_KERNEL_DURATION_CYCLES};
    int need_cyc[2 + CMP_NCATS] = {TF_OC_OP_ID, TF_OC_RISC};
    for (int c = 0; c < CMP_NCATS; c++) need_cyc[2 + c] = cmp_cats[c].col;
    static const int need_dev[] = {TF_DP_RISC, TF_DP_ZONE, TF_DP_CALL_COUNT, TF_DP_TOTAL_CYCLES};
    static const int need_host[] = {TF_PR_ZONE_NAME, TF_PR_CONTEXT, TF_PR_CALL_COUNT,
                                    TF_PR_TOTAL_NS};
    static const int need_mem[] = {TF_MR_POOL, TF_MR_ALLOC_COUNT, TF_MR_PEAK_LIVE_BYTES,
                                   TF_MR_LEAKED_BYTES};
    static const int need_site[] = {TF_MS_POOL, TF_MS_SITE, TF_MS_ALLOC_COUNT,
                                    TF_MS_PEAK_LIVE_BYTES, TF_MS_LEAKED_BYTES};
    enum { S_OPS, S_CYC, S_DEV, S_HOST, S_MEM, S_SITE, S_N };
    cmp_section sec[S_N] = {
        {.id = "ops", .unit = "cycles", .file = tf_csv_ops_perf.file, .count_name = "OPS"},
        {.id = "op_cycles", .unit = "cycles", .file = tf_csv_ops_cores.file, .count_name = "CORES"},
        {.id = "device_zones",
         .unit = "cycles",
         .file = tf_csv_device_perf.file,
         .count_name = "CALLS"},
        {.id = "host_zones", .unit = "ns", .file = tf_csv_perf_results.file, .count_name = "CALLS"},
        {.id = "memory",
         .unit = "bytes",
         .file = tf_csv_memory_report.file,
         .count_name = "ALLOCS",
         .mem = 1},
        {.id = "memory_sites",
         .unit = "bytes",
         .file = tf_csv_memory_sites.file,
         .count_name = "ALLOCS",
         .mem = 1},
    };
    int rc = 0;
    cm_map op_kind[2] = {{0}};
    for (int run = 0; run < 2 && !rc; run++) {
        static const int opt_op[] = {TF_OP_OP_TO_OP_LATENCY_NS, TF_OP_STRAGGLER, TF_OP_BOUND};
        cmp_reading rd = {
            .run = run, .ops = &sec[S_OPS], .op_kind = &op_kind[run], .opt = opt_op, .nopt = 3};
        const char *d = rep[run];
        rc = cmp_read(&sec[S_OPS], &rd, d, &tf_csv_ops_perf, need_op, 4, 0, take_op);
        rd.opt = NULL, rd.nopt = 0;
        if (!rc && sec[S_OPS].have[run])
            rc = cmp_read(&sec[S_CYC], &rd, d, &tf_csv_ops_cores, need_cyc, 2 + CMP_NCATS, 0,
                          take_cycles);
        if (!rc) rc = cmp_read(&sec[S_DEV], &rd, d, &tf_csv_device_perf, need_dev, 4, 0, take_dev);
        if (!rc)
            rc = cmp_read(&sec[S_HOST], &rd, d, &tf_csv_perf_results, need_host, 4, 1, take_host);
        if (!rc)
            rc = cmp_read(&sec[S_MEM], &rd, d, &tf_csv_memory_report, need_mem, 4, 0, take_mem);
        if (!rc) /* (not in the reports of a tool before it) */
            rc = cmp_read(&sec[S_SITE], &rd, d, &tf_csv_memory_sites, need_site, 5, 0, take_site);
    }
    cm_map_free(&op_kind[A]);
    cm_map_free(&op_kind[B]);
    if (!rc) {
        FILE *out = stdout;
        fprintf(out, "tt_foil_profile compare: B against A\n  A: %s\n  B: %s\n", rep[A], rep[B]);
        /* the device time in ops: every op's device kernel cycles (the
         * section's sum, checked while reading), and the op count */
        cmp_row tot = {.name = "", .context = "", .risc = "", .cat = ""};
        const cmp_section *o = &sec[S_OPS];
        for (int run = 0; run < 2; run++) {
            tot.total[run] = o->sum[run];
            for (size_t i = 0; i < o->n; i++) tot.count[run] += o->rows[i].count[run];
        }
        tot.have[A] = o->have[A];
        tot.have[B] = o->have[B];
        if (o->have[A] && o->have[B]) {
            char t[256];
            fprintf(out, "%s\n", cmp_total_line(t, sizeof t, &tot));
        }
        char g[256];
        if (cmp_gap_line(g, sizeof g, &sec[S_OPS])) fprintf(out, "%s\n", g);
        if (cmp_stopped_line(g, sizeof g, &sec[S_OPS])) fprintf(out, "%s\n", g);
        enum { NSHOWN = 5 };
        cmp_section *shown[NSHOWN] = {&sec[S_OPS], &sec[S_DEV], &sec[S_HOST], &sec[S_MEM],
                                      &sec[S_SITE]};
        static const char *const titles[NSHOWN] = {
            "Ops by kind (its zone [its kernels]; device kernel cycles)",
            "Device zones (per RISC; cycles)", "Host zones (total time)",
            "Memory pools (peak live bytes)",
            "Memory by site (live at the pool's peak; the zones that allocated it)"};
        static const char *const whats[NSHOWN] = {"OP", "RISC ZONE", "ZONE (CONTEXT)", "POOL",
                                                  "POOL (SITE)"};
        for (int k = 0; k < NSHOWN; k++)
            cmp_print(out, shown[k], titles[k], whats[k], top, k ? NULL : &sec[S_CYC]);
        if (fflush(out) || ferror(out))
            rc = cmp_error(CMP_EXIT_INPUT, "cannot write the comparison: %s", strerror(errno));
        if (!rc && csv) rc = cmp_write_csv(csv, sec, S_N);
        const char *const reps[2] = {rep[A], rep[B]};
        if (!rc && html)
            rc = cmp_write_html(html, reps, &tot, shown, titles, whats, NSHOWN, &sec[S_CYC]);
        if (!rc && fail_above >= 0) rc = cmp_gate_all(&sec[S_OPS], &sec[S_DEV], &tot, fail_above);
    }
    for (int k = 0; k < S_N; k++) cmp_section_free(&sec[k]);
    return rc;
}
