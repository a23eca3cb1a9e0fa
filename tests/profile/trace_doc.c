/* trace_doc: the tables of docs/trace-format.md, generated from the
 * contract tables (contracts/tf_trace_records.h, tf_trace_format.h), and
 * the check that the document holds them; and the environment variables'
 * table of docs/runtime.md, generated from contracts/tf_env.h.
 *
 *   trace_doc                       print every generated block
 *   trace_doc --check DOC [SET]     exit 1 (saying which block) if DOC differs
 *   trace_doc --write DOC [SET]     rewrite the blocks of DOC in place
 *
 * SET: the blocks a document holds, `trace` (the default: the trace
 * format's tables) or `env`.
 *
 * A block sits between "<!-- generated: NAME (trace_doc) -->" and
 * "<!-- end generated -->" lines; the text between them is ours. */
#include "tf_env.h"
#include "tt_foil/trace.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct text {
    char *s;
    size_t n, cap;
} text;

static void addn(text *t, const char *s, size_t n)
{
    if (t->n + n + 1 > t->cap) {
        t->cap = (t->n + n + 1) * 2;
        t->s = realloc(t->s, t->cap);
        if (!t->s) exit(2);
    }
    memcpy(t->s + t->n, s, n);
    t->n += n;
    t->s[t->n] = 0;
}

static void add(text *t, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void add(text *t, const char *fmt, ...)
{
    char buf[1024];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    if (n > 0) addn(t, buf, (size_t)n < sizeof buf ? (size_t)n : sizeof buf - 1);
}

/* A table cell: TF_TEXT_MAX written as its value. */
static const char *cell(const char *s, char *buf, size_t n)
{
    const char *m = strstr(s, "TF_TEXT_MAX");
    if (!m) return s;
    snprintf(buf, n, "%.*s%d%s", (int)(m - s), s, TF_TEXT_MAX, m + strlen("TF_TEXT_MAX"));
    return buf;
}

static void records(text *t)
{
    char a[256], b[256];
    add(t, "| Type | Argument | Payload |\n|---|---|---|\n");
#define ROW(name, code, words, arg, payload)                                                       \
    add(t, "| %d %s | %s | %s |\n", code, #name, cell(arg, a, sizeof a),                           \
        cell(payload, b, sizeof b));
    TF_TRACE_RECORDS(ROW)
#undef ROW
}

static void defs(text *t)
{
    add(t, "| Kind | Meaning | Strings |\n|---|---|---|\n");
#define ROW(name, code, strings, meaning)                                                          \
    add(t, "| %d %s | %s | %s |\n", code, #name, meaning, strings);
    TF_TRACE_DEFS(ROW)
#undef ROW
}

static void chunks(text *t)
{
    add(t, "| Kind | Payload |\n|---|---|\n");
#define ROW(name, code, meaning) add(t, "| %d %s | %s |\n", code, #name, meaning);
    TF_TRACE_CHUNKS(ROW)
#undef ROW
}

/* A variable's row: under tt_foil_profile a log's default is its file. */
static void env_row(text *t, const char *var, const char *dflt, const char *log, const char *what)
{
    if (log)
        add(t, "| `%s` | unset; `DIR/%s` under `tt_foil_profile` | %s |\n", var, log, what);
    else
        add(t, "| `%s` | %s | %s |\n", var, *dflt ? dflt : "unset", what);
}

static void env(text *t)
{
    add(t, "| Variable | Default | What |\n|---|---|---|\n");
#define ROW(id, var, dflt, log, meaning) env_row(t, var, dflt, log, meaning);
    TF_ENV_LIST(ROW)
#undef ROW
}

static const struct block {
    const char *set, *name;
    void (*make)(text *t);
} blocks[] = {{"trace", "chunk kinds", chunks},
              {"trace", "event records", records},
              {"trace", "definitions", defs},
              {"env", "environment variables", env}};
#define NBLOCKS (sizeof blocks / sizeof *blocks)

#define BEGIN_FMT "<!-- generated: %s (trace_doc) -->\n"
#define END_LINE  "<!-- end generated -->\n"

static char *slurp(const char *path, size_t *n)
{
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    text t = {0};
    char buf[4096];
    size_t k;
    while ((k = fread(buf, 1, sizeof buf, f)) > 0) addn(&t, buf, k);
    fclose(f);
    *n = t.n;
    return t.s ? t.s : calloc(1, 1);
}

int main(int argc, char **argv)
{
    if (argc == 1) {
        for (size_t i = 0; i < NBLOCKS; i++) {
            text t = {0};
            blocks[i].make(&t);
            printf(BEGIN_FMT "%s" END_LINE "\n", blocks[i].name, t.s);
            free(t.s);
        }
        return 0;
    }
    if (argc < 3 || argc > 4 || (strcmp(argv[1], "--check") && strcmp(argv[1], "--write"))) {
        fprintf(stderr, "usage: trace_doc [--check|--write DOC [trace|env]]\n");
        return 2;
    }
    const char *set = argc == 4 ? argv[3] : "trace";
    int write = !strcmp(argv[1], "--write");
    size_t n;
    char *doc = slurp(argv[2], &n);
    if (!doc) {
        fprintf(stderr, "trace_doc: cannot read %s\n", argv[2]);
        return 2;
    }
    text out = {0};
    const char *p = doc;
    int stale = 0;
    for (size_t i = 0; i < NBLOCKS; i++) {
        if (strcmp(blocks[i].set, set)) continue;
        char begin[256];
        snprintf(begin, sizeof begin, BEGIN_FMT, blocks[i].name);
        const char *b = strstr(p, begin), *e = b ? strstr(b, END_LINE) : NULL;
        if (!b || !e) {
            fprintf(stderr,
                    "trace_doc: %s has no '%s' block (the trace format's in this order: chunk "
                    "kinds, event records, definitions)\n",
                    argv[2], blocks[i].name);
            return 1;
        }
        b += strlen(begin);
        text t = {0};
        blocks[i].make(&t);
        if ((size_t)(e - b) != t.n || memcmp(b, t.s, t.n)) {
            stale = 1;
            if (!write)
                fprintf(stderr,
                        "trace_doc: the '%s' table of %s differs from the contract "
                        "(contracts/tf_trace_records.h, tf_env.h); regenerate it with trace_doc "
                        "--write %s %s\n--- the table should read:\n%s",
                        blocks[i].name, argv[2], argv[2], set, t.s);
        }
        addn(&out, p, (size_t)(b - p));
        addn(&out, t.s, t.n);
        free(t.s);
        p = e;
    }
    addn(&out, p, strlen(p));
    if (write && stale) {
        FILE *f = fopen(argv[2], "wb");
        if (!f || fwrite(out.s, 1, out.n, f) != out.n || fclose(f)) {
            fprintf(stderr, "trace_doc: cannot write %s\n", argv[2]);
            return 2;
        }
    }
    free(out.s);
    free(doc);
    return write ? 0 : stale;
}
