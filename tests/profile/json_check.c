/* json_check: validates tt_foil_profile's Chrome trace JSON.
 *
 *   json_check FILE
 *
 * Parses the whole file strictly (RFC 8259: no trailing commas, no
 * comments, strings with valid escapes, numbers in JSON syntax), then
 * checks every trace event: "ph" is a string; "pid" and "tid" are
 * integers; "X" events have "ts" and "dur" >= 0 with at most three
 * decimals; and on each (pid, tid) track the "X" events come in time order
 * with every zone after the zones that contain it and properly nested in
 * them (parents before children). Prints the number of events per phase
 * ("X 15", "C 10", ...) and exits 1 with a message on the first problem. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *src, *p, *path;

static void die(const char *what)
{
    long line = 1;
    for (const char *q = src; q < p; q++) line += *q == '\n';
    fprintf(stderr, "json_check: %s:%ld: %s\n", path, line, what);
    exit(1);
}

static void ws(void)
{
    while (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r') p++;
}

/* A scalar captured from an event: its raw text. */
typedef struct tok {
    const char *s;
    size_t n;
    int is_string, is_int;
} tok;

static void value(tok *out);

static void string(tok *out)
{
    if (*p != '"') die("expected a string");
    const char *start = ++p;
    while (*p != '"') {
        if (!*p) die("unterminated string");
        if ((unsigned char)*p < 0x20) die("control character in a string");
        if (*p == '\\') {
            p++;
            if (*p == 'u') {
                for (int i = 1; i <= 4; i++)
                    if (!isxdigit((unsigned char)p[i])) die("bad \\u escape");
                p += 4;
            } else if (!strchr("\"\\/bfnrt", *p) || !*p) {
                die("bad escape in a string");
            }
        }
        p++;
    }
    if (out) *out = (tok){start, (size_t)(p - start), 1, 0};
    p++;
}

static void number(tok *out)
{
    const char *start = p;
    int is_int = 1;
    if (*p == '-') p++;
    if (*p == '0')
        p++;
    else if (isdigit((unsigned char)*p))
        while (isdigit((unsigned char)*p)) p++;
    else
        die("bad number");
    if (*p == '.') {
        is_int = 0;
        p++;
        if (!isdigit((unsigned char)*p)) die("bad number: no digit after '.'");
        while (isdigit((unsigned char)*p)) p++;
    }
    if (*p == 'e' || *p == 'E') {
        is_int = 0;
        p++;
        if (*p == '+' || *p == '-') p++;
        if (!isdigit((unsigned char)*p)) die("bad exponent");
        while (isdigit((unsigned char)*p)) p++;
    }
    if (out) *out = (tok){start, (size_t)(p - start), 0, is_int};
}

static void array(void (*elem)(void))
{
    p++;
    ws();
    if (*p == ']') {
        p++;
        return;
    }
    for (;;) {
        ws();
        elem ? elem() : value(NULL);
        ws();
        if (*p == ',') {
            p++;
            continue;
        }
        if (*p != ']') die("expected ',' or ']'");
        p++;
        return;
    }
}

/* object: calls on_key for each key (with p at its value), or skips */
static void object(int (*on_key)(const tok *key))
{
    p++;
    ws();
    if (*p == '}') {
        p++;
        return;
    }
    for (;;) {
        ws();
        tok k;
        string(&k);
        ws();
        if (*p != ':') die("expected ':'");
        p++;
        ws();
        if (!on_key || !on_key(&k)) value(NULL);
        ws();
        if (*p == ',') {
            p++;
            continue;
        }
        if (*p != '}') die("expected ',' or '}'");
        p++;
        return;
    }
}

static void value(tok *out)
{
    ws();
    if (*p == '{')
        object(NULL);
    else if (*p == '[')
        array(NULL);
    else if (*p == '"')
        string(out);
    else if (!strncmp(p, "true", 4) || !strncmp(p, "null", 4))
        p += 4;
    else if (!strncmp(p, "false", 5))
        p += 5;
    else
        number(out);
}

/* ---- trace events ----------------------------------------------------------------------- */

typedef struct event {
    tok ph, pid, tid, ts, dur;
    int has_ph, has_pid, has_tid, has_ts, has_dur;
} event;

static event cur;

static int key_is(const tok *k, const char *s)
{
    return k->n == strlen(s) && !memcmp(k->s, s, k->n);
}

static int event_key(const tok *k)
{
    static const char *names[] = {"ph", "pid", "tid", "ts", "dur"};
    tok *slots[] = {&cur.ph, &cur.pid, &cur.tid, &cur.ts, &cur.dur};
    int *has[] = {&cur.has_ph, &cur.has_pid, &cur.has_tid, &cur.has_ts, &cur.has_dur};
    for (int i = 0; i < 5; i++)
        if (key_is(k, names[i])) {
            value(slots[i]);
            *has[i] = 1;
            return 1;
        }
    return 0;
}

/* ns from a "ts"/"dur" in microseconds with at most 3 decimals */
static long long to_ns(const tok *t, const char *what)
{
    if (t->is_string) die(what);
    long long v = 0, frac = 0;
    size_t i = 0;
    int decimals = 0;
    if (t->s[0] == '-') die("negative time");
    for (; i < t->n && isdigit((unsigned char)t->s[i]); i++) v = v * 10 + (t->s[i] - '0');
    if (i < t->n && t->s[i] == '.') {
        for (i++; i < t->n && isdigit((unsigned char)t->s[i]); i++, decimals++)
            frac = frac * 10 + (t->s[i] - '0');
    }
    if (i != t->n || decimals > 3) die("time is not microseconds with at most 3 decimals");
    while (decimals++ < 3) frac *= 10;
    return v * 1000 + frac;
}

typedef struct track {
    long long pid, tid;
    long long stack_end[256];
    int depth;
    long long last_ts;
} track;

static track tracks[4096];
static int ntracks;
static long counts[128];

static long long to_int(const tok *t, const char *what)
{
    if (t->is_string || !t->is_int) die(what);
    return strtoll(t->s, NULL, 10);
}

static void trace_event(void)
{
    if (*p != '{') die("a trace event is not an object");
    memset(&cur, 0, sizeof cur);
    object(event_key);
    if (!cur.has_ph || !cur.ph.is_string || cur.ph.n != 1) die("event without a one-letter \"ph\"");
    char ph = cur.ph.s[0];
    counts[(unsigned char)ph & 127]++;
    if (!cur.has_pid) die("event without \"pid\"");
    long long pid = to_int(&cur.pid, "\"pid\" is not an integer");
    long long tid = cur.has_tid ? to_int(&cur.tid, "\"tid\" is not an integer") : -1;
    if (ph != 'X') return;
    if (!cur.has_ts || !cur.has_dur || !cur.has_tid) die("\"X\" event without ts, dur or tid");
    long long ts = to_ns(&cur.ts, "\"ts\" is not a number"), end = ts + to_ns(&cur.dur, "\"dur\"");
    track *t = NULL;
    for (int i = 0; i < ntracks; i++)
        if (tracks[i].pid == pid && tracks[i].tid == tid) t = &tracks[i];
    if (!t) {
        if (ntracks == 4096) die("too many tracks");
        t = &tracks[ntracks++];
        memset(t, 0, sizeof *t);
        t->pid = pid;
        t->tid = tid;
    }
    if (ts < t->last_ts)
        die("zone starts before the previous zone of its track (not in time order)");
    t->last_ts = ts;
    while (t->depth && t->stack_end[t->depth - 1] <= ts &&
           !(t->stack_end[t->depth - 1] == ts && end == ts))
        t->depth--;
    if (t->depth && end > t->stack_end[t->depth - 1])
        die("zone overlaps the zone before it without being inside it (a child before its "
            "parent?)");
    if (t->depth == 256) die("zones nested deeper than 256");
    t->stack_end[t->depth++] = end;
}

static int top_key(const tok *k)
{
    if (!key_is(k, "traceEvents")) return 0;
    if (*p != '[') die("traceEvents is not an array");
    array(trace_event);
    counts[0] = 1;
    return 1;
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: json_check FILE\n");
        return 2;
    }
    path = argv[1];
    FILE *f = fopen(path, "rb");
    if (!f) {
        perror(path);
        return 1;
    }
    size_t cap = 1 << 20, n = 0, r;
    char *buf = malloc(cap + 1);
    while (buf && (r = fread(buf + n, 1, cap - n, f)) > 0) {
        n += r;
        if (n == cap) buf = realloc(buf, (cap *= 2) + 1);
    }
    fclose(f);
    if (!buf) return 1;
    buf[n] = 0;
    if (strlen(buf) != n) {
        p = src = buf;
        die("NUL byte in the file");
    }
    src = p = buf;
    ws();
    if (*p != '{') die("the top level is not an object");
    object(top_key);
    ws();
    if (*p) die("trailing characters after the JSON value");
    if (!counts[0]) die("no traceEvents array");
    for (int c = 'A'; c <= 'z'; c++)
        if (counts[c]) printf("%c %ld\n", c, counts[c]);
    printf("tracks %d\n", ntracks);
    free(buf);
    return 0;
}
