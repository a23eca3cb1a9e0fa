/* json_check: validates tt_foil_profile's Chrome trace JSON.
 *
 *   json_check [--tracy] FILE
 *   json_check --html REPORT.html
 *
 * Parses the whole file strictly (RFC 8259: no trailing commas, no
 * comments, strings with valid escapes, numbers in JSON syntax), then
 * checks every trace event: "ph" is a string; "pid" and "tid" are
 * integers; "X" events have "ts" and "dur" >= 0 with at most three
 * decimals; and on each (pid, tid) track the "X" events come in time order
 * with every zone after the zones that contain it and properly nested in
 * them (parents before children); every pid with events is named by a
 * process_name event. Prints the number of events per phase
 * ("X 15", "C 10", ...) and exits 1 with a message on the first problem.
 *
 * --tracy also checks the shapes Tracy's import-chrome needs (wolfpld/
 * tracy, import/src/import-chrome.cpp): a counter's one args key is its
 * name (the importer names the plot after the key), a device track's
 * thread_name names its core and RISC ("core (1,2) BRISC": the importer
 * keeps thread names only), every zone but merged and dispatch slices has
 * "loc": "file:line", and a zone's args hold nothing but "text" (the
 * importer shows every arg as a line of the zone text). Prints "plots N"
 * (distinct counters) and "loc N" (zones with a location).
 *
 * --html parses the data embedded in tt_foil_report.html strictly and
 * checks its timelines ("lod": host clock, "dlod": device time): per
 * track, levels from coarse to fine, each packed (base64 of varints,
 * html.c) and decoded here item by item to its exact end, whose items
 * stand for the same number of zones (merged items count theirs), the
 * finest marked raw when it has every zone, items in time order per
 * depth. Prints per view the tracks with zones, the items, the zones and
 * the tracks whose finest level holds every zone one by one ("lod tracks
 * 120 items 5000 zones 1000117 raw 119"), and for the Ops section ("ops") the ops, ids 1, 2, ...
 * and each op's cores ("ops 4 cores 1,1,1,2"). */
#define _GNU_SOURCE                   /* memmem */
#include "contracts/tf_csv_schemas.h" /* the stop reasons */

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
static int in_html; /* checking the data block of an HTML report */

/* The bytes of a well-formed UTF-8 sequence at q (lead >= 0x80), else 0. */
static int utf8_seq(const unsigned char *q)
{
    int n = q[0] >= 0xc2 && q[0] <= 0xdf   ? 2
            : q[0] >= 0xe0 && q[0] <= 0xef ? 3
            : q[0] >= 0xf0 && q[0] <= 0xf4 ? 4
                                           : 0;
    for (int i = 1; i < n; i++)
        if (q[i] < 0x80 || q[i] > 0xbf) return 0;
    if ((q[0] == 0xe0 && q[1] < 0xa0) || (q[0] == 0xed && q[1] > 0x9f) ||
        (q[0] == 0xf0 && q[1] < 0x90) || (q[0] == 0xf4 && q[1] > 0x8f))
        return 0;
    return n;
}

static void string(tok *out)
{
    if (*p != '"') die("expected a string");
    const char *start = ++p;
    while (*p != '"') {
        if (!*p) die("unterminated string");
        if ((unsigned char)*p < 0x20) die("control character in a string");
        if ((unsigned char)*p >= 0x80) { /* JSON is UTF-8 */
            int n = utf8_seq((const unsigned char *)p);
            if (!n) die("a string is not UTF-8");
            p += n;
            continue;
        }
        /* in an HTML <script> block "<!--<script>" or "</script>" is markup */
        if (*p == '<' && in_html) die("a '<' in a string of the HTML report's data");
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
    tok ph, pid, tid, ts, dur, name, cat, loc;
    int has_ph, has_pid, has_tid, has_ts, has_dur, has_name, has_cat, has_loc;
    /* args: how many keys, the first key, whether all are "text", the
     * value of a "name" key */
    int nargs, args_text_only, has_args_name;
    tok arg0, args_name;
} event;

static event cur;
static int tracy_mode;

static int key_is(const tok *k, const char *s);

static int args_key(const tok *k)
{
    if (!cur.nargs++) cur.arg0 = *k;
    if (!key_is(k, "text")) cur.args_text_only = 0;
    if (key_is(k, "name")) {
        value(&cur.args_name);
        cur.has_args_name = 1;
        return 1;
    }
    return 0;
}

static int key_is(const tok *k, const char *s)
{
    return k->n == strlen(s) && !memcmp(k->s, s, k->n);
}

static int event_key(const tok *k)
{
    static const char *names[] = {"ph", "pid", "tid", "ts", "dur", "name", "cat", "loc"};
    tok *slots[] = {&cur.ph, &cur.pid, &cur.tid, &cur.ts, &cur.dur, &cur.name, &cur.cat, &cur.loc};
    int *has[] = {&cur.has_ph,  &cur.has_pid,  &cur.has_tid, &cur.has_ts,
                  &cur.has_dur, &cur.has_name, &cur.has_cat, &cur.has_loc};
    if (key_is(k, "args") && *p == '{') {
        object(args_key);
        return 1;
    }
    for (int i = 0; i < 8; i++)
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

/* ---- --tracy ---------------------------------------------------------------------- */

static tok plots[4096];
static long long plot_pid[4096];
static int nplots;
static long nloc;

static int tok_eq(const tok *a, const tok *b)
{
    return a->n == b->n && !memcmp(a->s, b->s, a->n);
}

/* "core (x,y) RISC", after "device N " (a second device) and before
 * that "prog[pid]: " (one of several processes). */
static int device_track_name(const tok *t)
{
    const char *s = t->s, *end = t->s + t->n;
    const char *c = memmem(s, t->n, "core (", 6);
    if (!c || !memchr(c, ')', (size_t)(end - c))) return 0;
    const char *p = memmem(s, (size_t)(c - s), "]: ", 3); /* the process */
    if (p) {
        const char *b = p;
        while (b > s && isdigit((unsigned char)b[-1])) b--;
        if (b == p || b == s || b[-1] != '[' || b - 1 == s) return 0;
        s = p + 3;
    }
    if (c - s > 7 && !memcmp(s, "device ", 7)) { /* the device */
        s += 7;
        if (!isdigit((unsigned char)*s)) return 0;
        while (isdigit((unsigned char)*s)) s++;
        if (*s++ != ' ') return 0;
    }
    return s == c;
}

static void tracy_checks(char ph, long long pid)
{
    if (ph == 'C') {
        if (cur.nargs != 1 || !cur.has_name || !tok_eq(&cur.arg0, &cur.name))
            die("tracy: a counter's one args key is not its name (import-chrome names the plot "
                "after the key)");
        int i = 0;
        while (i < nplots && !tok_eq(&plots[i], &cur.name)) i++;
        if (i == nplots) {
            if (nplots == 4096) die("tracy: too many plots");
            plot_pid[nplots] = pid;
            plots[nplots++] = cur.name;
        } else if (plot_pid[i] != pid) {
            die("tracy: counters of two groups (pids) have one name: import-chrome draws them "
                "as one plot");
        }
    } else if (ph == 'M' && cur.has_name && key_is(&cur.name, "thread_name") && pid >= 2) {
        if (!cur.has_args_name || !device_track_name(&cur.args_name))
            die("tracy: a device track's thread_name does not name its core and RISC");
    } else if (ph == 'X') {
        int exempt = cur.has_cat && (key_is(&cur.cat, "merged") || key_is(&cur.cat, "dispatch"));
        if (cur.has_loc) {
            const char *c = memchr(cur.loc.s, ':', cur.loc.n), *last = c;
            while (c) {
                last = c;
                c = memchr(c + 1, ':', cur.loc.n - (size_t)(c + 1 - cur.loc.s));
            }
            if (!cur.loc.is_string || !last || last + 1 == cur.loc.s + cur.loc.n ||
                !isdigit((unsigned char)last[1]))
                die("tracy: \"loc\" is not \"file:line\"");
            nloc++;
        } else if (!exempt) {
            die("tracy: a zone without \"loc\" (import-chrome reads the source location from it)");
        }
        if (cur.nargs && !cur.args_text_only)
            die("tracy: a zone's args hold more than its text (import-chrome shows every arg as "
                "zone text)");
    }
}

/* Every pid an event uses is named by a process_name event (Perfetto
 * shows an unnamed one as a bare "Process N"). */
static long long pids_used[4096], pids_named[4096];
static int npids_used, npids_named;

static void note_pid(char ph, long long pid)
{
    int named = ph == 'M' && cur.has_name && key_is(&cur.name, "process_name");
    long long *set = named ? pids_named : pids_used;
    int *n = named ? &npids_named : &npids_used;
    for (int i = 0; i < *n; i++)
        if (set[i] == pid) return;
    if (*n == 4096) die("too many pids");
    set[(*n)++] = pid;
}

static void trace_event(void)
{
    if (*p != '{') die("a trace event is not an object");
    memset(&cur, 0, sizeof cur);
    cur.args_text_only = 1;
    object(event_key);
    if (!cur.has_ph || !cur.ph.is_string || cur.ph.n != 1) die("event without a one-letter \"ph\"");
    char ph = cur.ph.s[0];
    counts[(unsigned char)ph & 127]++;
    if (!cur.has_pid) die("event without \"pid\"");
    long long pid = to_int(&cur.pid, "\"pid\" is not an integer");
    long long tid = cur.has_tid ? to_int(&cur.tid, "\"tid\" is not an integer") : -1;
    if (tracy_mode) tracy_checks(ph, pid);
    note_pid(ph, pid);
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

/* ---- --html ----------------------------------------------------------------------- */

static void expect(char c, const char *what)
{
    ws();
    if (*p != c) die(what);
    p++;
    ws();
}

static long long int_value(const char *what)
{
    tok t;
    ws();
    number(&t);
    return to_int(&t, what);
}

static long lod_tracks, lod_items, lod_zones, lod_raw;
static long long n_names = -1, n_htexts = -1; /* "names" (before "lod"), "htexts", -1 unseen */
/* the host zones' text numbers in "lod": the highest so far (numbered as
 * first shown, so a new one is the highest + 1); "htexts" (after "lod")
 * holds exactly that many */
static unsigned long long max_text;

/* The length of an array of any values (array() does the parsing). */
static long long n_counted;
static void count_elem(void)
{
    value(NULL);
    n_counted++;
}

static long long count_array(void)
{
    n_counted = 0;
    array(count_elem);
    return n_counted;
}

/* an index into names (+1: 0 is "none" when `plus1`) */
static void name_index(unsigned long long v, int plus1, const char *what)
{
    if (n_names >= 0 && v >= (unsigned long long)n_names + (unsigned)plus1) die(what);
}
static unsigned char seen_track[1 << 16];

/* A packed level's bytes: strict base64 (RFC 4648, padded, no line breaks). */
static unsigned char *unbase64(const tok *t, size_t *n)
{
    static const char al[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    if (t->n % 4) die("lod: a packed level's base64 length is not a multiple of 4");
    unsigned char *b = malloc(t->n / 4 * 3 + 1);
    if (!b) die("out of memory");
    size_t k = 0;
    for (size_t i = 0; i < t->n; i += 4) {
        unsigned v = 0, pad = 0;
        for (int j = 0; j < 4; j++) {
            char c = t->s[i + j];
            const char *q = c ? strchr(al, c) : NULL;
            if (c == '=' && i + 4 == t->n && j >= 2 && (j == 3 || t->s[i + 3] == '='))
                pad++, q = al;
            else if (!q || pad)
                die("lod: a packed level is not base64");
            v = v << 6 | (unsigned)(q - al);
        }
        b[k++] = (unsigned char)(v >> 16);
        if (pad < 2) b[k++] = (unsigned char)(v >> 8);
        if (pad < 1) b[k++] = (unsigned char)v;
    }
    *n = k;
    return b;
}

static const unsigned char *vb, *ve;

static unsigned long long varint(void)
{
    unsigned long long v = 0;
    for (int sh = 0;; sh += 7) {
        if (vb == ve) die("lod: a packed level ends inside an item");
        if (sh > 63) die("lod: a varint longer than 64 bits");
        unsigned char c = *vb++;
        v |= (unsigned long long)(c & 127) << sh;
        if (!(c & 128)) return v;
    }
}

static long long zigzag(void)
{
    unsigned long long v = varint();
    return v & 1 ? -(long long)(v >> 1) - 1 : (long long)(v >> 1);
}

/* [r, raw, n, "base64"]: n items of varints (html.c, lod_view); returns
 * the zones they stand for, *all_zones 1 if every item is a single zone. */
static long long lod_level(int device, long long *r_out, int *raw_out, int *all_zones)
{
    expect('[', "lod: a level is not an array");
    long long r = int_value("lod: level resolution");
    expect(',', "lod: level without raw flag");
    int raw = (int)int_value("lod: raw flag");
    if (raw != (r == 0)) die("lod: raw flag and resolution 0 disagree");
    expect(',', "lod: level without an item count");
    long long n = int_value("lod: item count");
    expect(',', "lod: level without its packed items");
    tok t;
    string(&t);
    ws();
    expect(']', "lod: a level does not end");
    size_t nb;
    unsigned char *b = unbase64(&t, &nb);
    vb = b, ve = b + nb;
    static long long last_start[256];
    for (int i = 0; i < 256; i++) last_start[i] = -1;
    long long sum = 0, start = 0;
    *all_zones = 1;
    for (long long i = 0; i < n; i++) {
        start += zigzag();
        unsigned long long dur = varint();
        name_index(varint(), 0, "lod: an item's name is not in names");
        unsigned long long depth = varint(), count = varint();
        if (start < 0 || (long long)dur < 0 || depth >= 256 || count < 1) die("lod: bad item");
        if (start < last_start[depth]) die("lod: items of a depth not in time order");
        last_start[depth] = start;
        if (count == 1 && device) { /* cycles, dispatch, kernel, file, line, open */
            varint();
            zigzag();
            name_index(varint(), 1, "lod: a zone's kernel is not in names");
            name_index(varint(), 1, "lod: a zone's file is not in names");
            varint();
            if (varint() > TF_STOP_NREASONS)
                die("lod: a zone's open flag is not 0 or 1 + a stop reason");
        } else if (count == 1) {
            unsigned long long text = varint();
            if (text > max_text + 1) die("lod: a zone's text number skips one not shown yet");
            if (text > max_text) max_text = text;
        } else {
            *all_zones = 0;
        }
        sum += (long long)count;
        lod_items++;
    }
    if (vb != ve) die("lod: a packed level has bytes after its last item");
    free(b);
    *r_out = r;
    *raw_out = raw;
    if (raw && !*all_zones) die("lod: a raw level has merged items");
    return sum;
}

/* [track, device, level...] */
static void lod_entry(void)
{
    expect('[', "lod: a track entry is not an array");
    long long track = int_value("lod: track index");
    if (track < 0 || track >= (long long)sizeof seen_track || seen_track[track]++)
        die("lod: a track listed twice (or a bad index)");
    expect(',', "lod: a track entry without its kind");
    long long device = int_value("lod: track kind");
    if (device != 0 && device != 1) die("lod: track kind not 0 (host) or 1 (device)");
    long long zones = -1, last_r = -1;
    int levels = 0, raw = 0, all = 0;
    while (*p == ',') {
        p++;
        ws();
        long long r;
        long long sum = lod_level((int)device, &r, &raw, &all);
        if (levels && r >= last_r) die("lod: levels not from coarse to fine");
        last_r = r;
        if (zones >= 0 && sum != zones)
            die("lod: two levels of a track stand for different numbers of zones");
        zones = sum;
        levels++;
    }
    expect(']', "lod: a track entry does not end");
    if (!levels || zones <= 0) die("lod: a track without zones");
    lod_tracks++;
    lod_zones += zones;
    lod_raw += raw && all; /* its finest level is every zone, one by one */
}

/* "ops": [{..., "cores": [[x, y, ...], ...]}, ...]: prints each op's core count */
static long op_cores, op_count, op_with_id, op_last_id;
static char op_list[4096], op_ids[4096];

static void op_core(void)
{
    if (*p != '[') die("ops: a core is not an array");
    value(NULL);
    op_cores++;
}

static int op_key(const tok *k)
{
    if (key_is(k, "id")) {
        /* 1, 2, ... or, when the page holds the longest ops only
         * (--max-ops), theirs: increasing */
        long id = int_value("ops: id");
        if (id <= op_last_id) die("ops: ids not increasing from 1");
        op_last_id = id;
        size_t n = strlen(op_ids);
        snprintf(op_ids + n, sizeof op_ids - n, "%s%ld", n ? "," : "", id);
        op_with_id++;
        return 1;
    }
    if (!key_is(k, "cores")) return 0;
    if (*p != '[') die("ops: cores is not an array");
    array(op_core);
    return 1;
}

static void op_entry(void)
{
    if (*p != '{') die("ops: an op is not an object");
    op_cores = 0;
    object(op_key);
    op_count++;
    size_t n = strlen(op_list);
    snprintf(op_list + n, sizeof op_list - n, "%s%ld", n ? "," : "", op_cores);
}

static int html_key(const tok *k)
{
    if (key_is(k, "ops")) {
        if (*p != '[') die("ops is not an array");
        op_count = op_with_id = op_last_id = 0;
        op_list[0] = op_ids[0] = 0;
        array(op_entry);
        if (op_with_id != op_count) die("ops: an op without an id");
        printf("ops %ld cores %s ids %s\n", op_count, op_list, op_ids);
        return 1;
    }
    if (key_is(k, "dsegs")) { /* the device-time view's dispatch bands */
        if (*p != '[') die("dsegs is not an array");
        printf("dsegs %lld\n", count_array());
        return 1;
    }
    if (key_is(k, "names") || key_is(k, "htexts")) {
        if (*p != '[') die("names or htexts is not an array");
        *(key_is(k, "names") ? &n_names : &n_htexts) = count_array();
        return 1;
    }
    if (!key_is(k, "lod") && !key_is(k, "dlod")) return 0;
    memset(seen_track, 0, sizeof seen_track);
    lod_tracks = lod_items = lod_zones = lod_raw = 0;
    if (*p != '[') die("lod is not an array");
    array(lod_entry);
    printf("%.*s tracks %ld items %ld zones %ld raw %ld\n", (int)k->n, k->s, lod_tracks, lod_items,
           lod_zones, lod_raw);
    return 1;
}

int main(int argc, char **argv)
{
    int html = 0;
    if (argc == 3 && !strcmp(argv[1], "--tracy"))
        tracy_mode = 1, argv++, argc--;
    else if (argc == 3 && !strcmp(argv[1], "--html"))
        html = 1, argv++, argc--;
    if (argc != 2) {
        fprintf(stderr, "usage: json_check [--tracy] FILE | json_check --html REPORT.html\n");
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
    if (html) {
        static const char open[] = "<script id=\"tf-data\" type=\"application/json\">";
        const char *at = strstr(buf, open);
        if (!at) die("no embedded data (tf-data script)");
        p = at + sizeof open - 1;
        in_html = 1;
        ws();
        if (*p != '{') die("the embedded data is not an object");
        object(html_key);
        ws();
        if (strncmp(p, "</script>", 9)) die("the embedded data does not end at </script>");
        if (n_htexts != (long long)max_text)
            die(n_htexts < 0 ? "no htexts" : "htexts does not hold exactly the texts lod numbers");
        printf("htexts %lld\n", n_htexts);
        free(buf);
        return 0;
    }
    ws();
    if (*p != '{') die("the top level is not an object");
    object(top_key);
    ws();
    if (*p) die("trailing characters after the JSON value");
    if (!counts[0]) die("no traceEvents array");
    for (int i = 0; i < npids_used; i++) {
        int named = 0;
        for (int j = 0; j < npids_named && !named; j++) named = pids_named[j] == pids_used[i];
        if (!named) {
            char msg[96];
            snprintf(msg, sizeof msg, "pid %lld has events but no process_name", pids_used[i]);
            die(msg);
        }
    }
    for (int c = 'A'; c <= 'z'; c++)
        if (counts[c]) printf("%c %ld\n", c, counts[c]);
    printf("tracks %d\n", ntracks);
    if (tracy_mode) printf("plots %d\nloc %ld\n", nplots, nloc);
    free(buf);
    return 0;
}
