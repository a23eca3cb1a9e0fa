/* RFC 4180 CSV fields (cm_csv.h). */
#include "cm_csv.h"
#include "cm_err.h"
#include "cm_file.h"

#include <errno.h>
#include <inttypes.h>
#include <limits.h>
#ifdef __SSE2__
#include <emmintrin.h>
#endif
#include <stdlib.h>
#include <string.h>

/* A row is made in memory and written with one call (the runtime writes a
 * device zones CSV row per marker: a million rows took 0.8 s of locked
 * fputc and snprintf calls); a row longer than the buffer goes in
 * pieces. */
typedef struct row_buf {
    FILE *f;
    size_t n;
    char b[1024];
} row_buf;

static void row_flush(row_buf *r)
{
    fwrite(r->b, 1, r->n, r->f);
    r->n = 0;
}

static void row_put(row_buf *r, const char *s, size_t len)
{
    if (r->n + len > sizeof r->b) {
        row_flush(r);
        if (len > sizeof r->b) {
            fwrite(s, 1, len, r->f);
            return;
        }
    }
    memcpy(r->b + r->n, s, len);
    r->n += len;
}

/* A field, quoted when it holds a comma, a quote or a line break (RFC
 * 4180 section 2), its quotes doubled. */
static void row_field(row_buf *r, const char *s)
{
    if (!strpbrk(s, ",\"\r\n")) {
        row_put(r, s, strlen(s));
        return;
    }
    row_put(r, "\"", 1);
    for (const char *q; (q = strchr(s, '"')); s = q + 1) {
        row_put(r, s, (size_t)(q - s + 1));
        row_put(r, "\"", 1);
    }
    row_put(r, s, strlen(s));
    row_put(r, "\"", 1);
}

void cm_csv_field(FILE *f, const char *s)
{
    if (!s) return;
    row_buf r;
    r.f = f;
    r.n = 0;
    row_field(&r, s);
    row_flush(&r);
}

static int reserve(cm_csv_reader *r, size_t need)
{
    if (need <= r->cap) return 0;
    size_t cap = r->cap ? r->cap : 256;
    while (cap < need) cap *= 2;
    char *nb = realloc(r->buf, cap);
    if (!nb) return -1;
    r->buf = nb;
    r->cap = cap;
    return 0;
}

/* The next character of the file, -1 at its end: physical lines are read
 * whole (getline) and split in memory. */
static int next_char(cm_csv_reader *r)
{
    if (r->line_pos == r->line_len) {
        ssize_t len = getline(&r->line_buf, &r->line_cap, r->f);
        if (len <= 0) return -1;
        r->line_pos = 0;
        r->line_len = (size_t)len;
        r->slow_line = 0;
    }
    return (unsigned char)r->line_buf[r->line_pos++];
}

static int peek_char(cm_csv_reader *r)
{
    int c = next_char(r);
    if (c >= 0) r->line_pos--;
    return c;
}

static int add_start(cm_csv_reader *r, int nf, size_t at)
{
    if ((size_t)nf == r->cap_starts) {
        size_t cap = r->cap_starts ? 2 * r->cap_starts : 64;
        size_t *ns = realloc(r->starts, cap * sizeof *ns);
        if (!ns) return -1;
        r->starts = ns;
        r->cap_starts = cap;
    }
    r->starts[nf] = at;
    return 0;
}

int cm_csv_fast_off;

/* The record ahead when it is the rest of the physical line in hand, ended
 * by LF or CRLF, with no quote and no other CR in it (every row the tools
 * write but those with a comma, a quote or a line break in a field): one
 * copy, then its commas (cm_csv_next's loop took 10% of a report's time
 * reading a device zones CSV, a call or two a character). Its fields are
 * what that loop makes of it. 0: not such a record (or out of memory:
 * the loop says). */
static int fast_record(cm_csv_reader *r)
{
    if (r->line_pos == r->line_len) {
        ssize_t len = getline(&r->line_buf, &r->line_cap, r->f);
        if (len <= 0) return 0;
        r->line_pos = 0;
        r->line_len = (size_t)len;
        r->slow_line = 0;
    }
    /* a line found not to be such a record is not searched again at each
     * of its records (a file of CR-only line ends is one getline line:
     * searching its rest at every record took minutes for 150,000 rows) */
    if (r->slow_line) return 0;
    const char *s = r->line_buf + r->line_pos;
    size_t m = r->line_len - r->line_pos, body = m - 1;
    r->slow_line = 1;
    if (s[body] != '\n') return 0; /* the file's last line, unterminated */
    if (body && s[body - 1] == '\r') body--;
    if (memchr(s, '"', body) || memchr(s, '\r', body) || reserve(r, body + 1)) return 0;
    r->slow_line = 0;
    memcpy(r->buf, s, body);
    r->buf[body] = 0;
    /* room for a field a byte: the pointers go straight in */
    if (body + 1 > (size_t)r->cap_fields) {
        if (body + 1 > INT_MAX / 2) return 0;
        char **nfp = realloc(r->fields, (body + 1) * sizeof *nfp);
        if (!nfp) return 0;
        r->fields = nfp;
        r->cap_fields = (int)(body + 1);
    }
    char *b = r->buf, **fl = r->fields;
    int nf = 0;
    fl[nf++] = b;
    /* the commas, 16 bytes at a time where the host has SSE2 (every
     * x86-64): a memchr call a field, or a loop a byte, cost 5-6
     * instructions a byte */
    size_t i = 0;
#ifdef __SSE2__
    const __m128i comma = _mm_set1_epi8(',');
    for (; i + 16 <= body; i += 16) {
        unsigned m = (unsigned)_mm_movemask_epi8(
            _mm_cmpeq_epi8(_mm_loadu_si128((const __m128i *)(const void *)(b + i)), comma));
        for (; m; m &= m - 1) {
            size_t at = i + (size_t)__builtin_ctz(m);
            b[at] = 0;
            fl[nf++] = b + at + 1;
        }
    }
#endif
    for (; i < body; i++)
        if (b[i] == ',') {
            b[i] = 0;
            fl[nf++] = b + i + 1;
        }
    r->nfields = nf;
    r->line_pos = r->line_len;
    r->line = ++r->lines;
    r->unterminated = 0;
    return nf;
}

/* A record: fields split at commas, quoted fields may hold commas, quotes
 * (doubled) and line breaks; any number of fields. */
int cm_csv_next(cm_csv_reader *r)
{
    int fast = cm_csv_fast_off ? 0 : fast_record(r);
    if (fast) return fast;
    int c = next_char(r);
    if (c < 0) return 0;
    r->line = ++r->lines;
    r->unterminated = 0;
    int nf = 0, quoted = 0, in_quotes = 0;
    size_t n = 0;
    if (add_start(r, nf++, 0)) return -1;
    for (;; c = next_char(r)) {
        if (c < 0) {
            if (in_quotes) return -1; /* the file ends inside quotes */
            r->unterminated = 1;
            break;
        }
        if (reserve(r, n + 2)) return -1;
        if (in_quotes) {
            if (c == '\n') r->lines++;
            if (c != '"')
                r->buf[n++] = (char)c;
            else if (peek_char(r) == '"')
                r->buf[n++] = '"', next_char(r);
            else
                in_quotes = 0;
        } else if (c == '"' && !quoted && n == r->starts[nf - 1]) {
            in_quotes = quoted = 1;
        } else if (c == ',') {
            r->buf[n++] = 0;
            if (add_start(r, nf++, n)) return -1;
            quoted = 0;
        } else if (c == '\n') {
            break;
        } else if (c == '\r') {
            if (peek_char(r) == '\n') next_char(r);
            break;
        } else {
            r->buf[n++] = (char)c;
        }
    }
    if (reserve(r, n + 1)) return -1;
    r->buf[n] = 0;
    if (nf > r->cap_fields) {
        char **nfp = realloc(r->fields, (size_t)nf * sizeof *nfp);
        if (!nfp) return -1;
        r->fields = nfp;
        r->cap_fields = nf;
    }
    for (int i = 0; i < nf; i++) r->fields[i] = r->buf + r->starts[i];
    r->nfields = nf;
    return nf;
}

void cm_csv_close(cm_csv_reader *r)
{
    free(r->buf);
    free(r->fields);
    free(r->line_buf);
    free(r->starts);
    r->buf = NULL;
    r->fields = NULL;
    r->line_buf = NULL;
    r->starts = NULL;
    r->line_pos = r->line_len = r->cap_starts = 0;
}

/* ---- rows of a schema ---------------------------------------------------------- */

#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
/* The 8 decimal digits of n < 10^8, leading zeros included, as bytes 0-9
 * (the first digit in the lowest byte): split into two 4-digit halves,
 * each into two 2-digit quarters, each into two digits, all lanes of a
 * word at once (multiplying by 10486 / 2^20 divides a number below 43,699
 * by 100, by 103 / 2^10 one below 179 by 10; no lane overflows into the
 * next). The reports write millions of numbers; a pair of digits a step
 * by 64-bit division by 100 was a tenth of a report's instructions. */
static inline uint64_t digits8(uint32_t n)
{
    uint64_t x = (uint64_t)(n / 10000) | (uint64_t)(n % 10000) << 32;
    uint64_t q = ((x * 10486) >> 20) & 0x0000007f0000007full;
    x = q | (x - q * 100) << 16;
    q = ((x * 103) >> 10) & 0x000f000f000f000full;
    return q | (x - q * 10) << 8;
}

/* The decimal digits of n < 10^8 without leading zeros (n > 0: at least
 * one), 8 bytes stored at out: how many are the number's. */
static inline size_t put_head8(char *out, uint32_t n)
{
    uint64_t d = digits8(n);
    unsigned lead = (unsigned)__builtin_ctzll(d) / 8; /* the zero digits before the first */
    d = (d + 0x3030303030303030ull) >> (8 * lead);
    memcpy(out, &d, 8);
    return 8 - lead;
}

size_t cm_fmt_u64(char *out, uint64_t v)
{
    if (v < 100000000u) {
        if (v < 10) {
            out[0] = (char)('0' + v);
            return 1;
        }
        return put_head8(out, (uint32_t)v);
    }
    uint64_t lo = v % 100000000u, hi = v / 100000000u;
    size_t n;
    if (hi < 100000000u) {
        n = put_head8(out, (uint32_t)hi);
    } else { /* up to 20 digits: 4 on top of 16 */
        n = put_head8(out, (uint32_t)(hi / 100000000u));
        uint64_t mid = digits8((uint32_t)(hi % 100000000u)) + 0x3030303030303030ull;
        memcpy(out + n, &mid, 8);
        n += 8;
    }
    uint64_t low = digits8((uint32_t)lo) + 0x3030303030303030ull;
    memcpy(out + n, &low, 8);
    return n + 8;
}
#else
static const char digit_pairs[201] = "00010203040506070809101112131415161718192021222324"
                                     "25262728293031323334353637383940414243444546474849"
                                     "50515253545556575859606162636465666768697071727374"
                                     "75767778798081828384858687888990919293949596979899";

size_t cm_fmt_u64(char *out, uint64_t v)
{
    char tmp[20], *p = tmp + sizeof tmp;
    while (v >= 100) {
        unsigned r = (unsigned)(v % 100);
        v /= 100;
        p -= 2;
        memcpy(p, digit_pairs + 2 * r, 2);
    }
    if (v >= 10) {
        p -= 2;
        memcpy(p, digit_pairs + 2 * v, 2);
    } else {
        *--p = (char)('0' + v);
    }
    size_t n = (size_t)(tmp + sizeof tmp - p);
    memcpy(out, p, n);
    return n;
}
#endif

size_t cm_fmt_hex(char *out, uint64_t v)
{
    char tmp[18], *p = tmp + sizeof tmp;
    do {
        *--p = "0123456789abcdef"[v & 15];
        v >>= 4;
    } while (v);
    *--p = 'x';
    *--p = '0';
    size_t n = (size_t)(tmp + sizeof tmp - p);
    memcpy(out, p, n);
    return n;
}

size_t cm_csv_format(char *buf, size_t n, enum tf_csv_kind k, const cm_csv_value *v)
{
    int len = 0;
    if (v->empty) {
        if (n) buf[0] = 0;
        return 0;
    }
    char tmp[CM_FMT_U64_ROOM];
    switch (k) {
    case TF_CSV_U:
    case TF_CSV_H:
        len = (int)(k == TF_CSV_U ? cm_fmt_u64(tmp, v->u) : cm_fmt_hex(tmp, v->u));
        if ((size_t)len >= n) len = n ? (int)n - 1 : 0; /* cut as snprintf would */
        memcpy(buf, tmp, (size_t)len);
        if (n) buf[len] = 0;
        return (size_t)len;
    case TF_CSV_F1: len = snprintf(buf, n, "%.1f", v->f); break;
    case TF_CSV_F6: len = snprintf(buf, n, "%.6f", v->f); break;
    case TF_CSV_S: len = snprintf(buf, n, "%s", v->s ? v->s : ""); break;
    }
    return len < 0 ? 0 : (size_t)len < n ? (size_t)len : n ? n - 1 : 0;
}

void cm_csv_write_header(FILE *f, const tf_csv_schema *s)
{
    for (int c = 0; c < s->ncols; c++) {
        if (c) fputc(',', f);
        fputs(s->cols[c].name, f);
    }
    fputc('\n', f);
}

void cm_csv_write_row(FILE *f, const tf_csv_schema *s, const cm_csv_value *v)
{
    row_buf r;
    r.f = f;
    r.n = 0;
    char buf[64];
    for (int c = 0; c < s->ncols; c++) {
        CM_ASSERT(v[c].set); /* the writer fills in every column of the table */
        if (c) row_put(&r, ",", 1);
        if (v[c].empty) continue;
        if (s->cols[c].kind == TF_CSV_S)
            row_field(&r, v[c].s ? v[c].s : "");
        else
            row_put(&r, buf, cm_csv_format(buf, sizeof buf, s->cols[c].kind, &v[c]));
    }
    row_put(&r, "\n", 1);
    row_flush(&r);
}

int cm_csv_bind(const tf_csv_schema *s, char *const *fields, int nfields, int *col)
{
    int absent = 0;
    for (int c = 0; c < s->ncols; c++) {
        col[c] = -1;
        for (int i = 0; i < nfields && col[c] < 0; i++)
            if (!strcmp(fields[i], s->cols[c].name)) col[c] = i;
        absent += col[c] < 0;
    }
    return absent;
}

/* A whole number of hex digits (what follows "0x"). */
static int parse_hex(const char *p, uint64_t *out)
{
    uint64_t v = 0;
    if (!*p) return -1;
    for (; *p; p++) {
        int d = *p >= '0' && *p <= '9'   ? *p - '0'
                : *p >= 'a' && *p <= 'f' ? *p - 'a' + 10
                : *p >= 'A' && *p <= 'F' ? *p - 'A' + 10
                                         : -1;
        if (d < 0 || v >> 60) return -1; /* a 17th significant digit */
        v = v << 4 | (uint64_t)d;
    }
    *out = v;
    return 0;
}

/* Digits only: a digit is a subtraction and a compare, overflow by the
 * builtins (the test before divided for every digit; the reports read
 * millions of them). */
int cm_parse_dec(const char *p, uint64_t *out)
{
    uint64_t v = 0;
    if (!*p) return -1;
    for (; *p; p++) {
        unsigned d = (unsigned)(unsigned char)*p - '0';
        if (d > 9 || __builtin_mul_overflow(v, 10u, &v) || __builtin_add_overflow(v, d, &v))
            return -1;
    }
    *out = v;
    return 0;
}

int cm_csv_parse(enum tf_csv_kind k, const char *text, cm_csv_value *v)
{
    *v = (cm_csv_value){.set = 1};
    if (!*text && k != TF_CSV_S) {
        v->empty = 1;
        return 0;
    }
    switch (k) {
    case TF_CSV_S: v->s = text; return 0;
    case TF_CSV_U: return cm_parse_dec(text, &v->u);
    case TF_CSV_H:
        if (text[0] != '0' || (text[1] != 'x' && text[1] != 'X')) return -1;
        return parse_hex(text + 2, &v->u);
    case TF_CSV_F1:
    case TF_CSV_F6: {
        char *end;
        v->f = strtod(text, &end);
        return *end || end == text ? -1 : 0;
    }
    }
    return -1;
}

int cm_csv_get(const cm_csv_reader *r, const tf_csv_schema *s, const int *col, int c,
               cm_csv_value *v)
{
    if (col[c] < 0 || col[c] >= r->nfields) return -1;
    return cm_csv_parse(s->cols[c].kind, r->fields[col[c]], v);
}

/* ---- end records ------------------------------------------------------------------ */

size_t cm_csv_end_format(char *buf, size_t n, uint64_t rows, uint64_t bytes)
{
    int k = snprintf(buf, n, "rows,bytes\n%llu,%llu\n", (unsigned long long)rows,
                     (unsigned long long)bytes);
    return k < 0 ? 0 : (size_t)k < n ? (size_t)k : n - 1;
}

static int end_path(char *out, size_t n, const char *csv_path)
{
    return (size_t)snprintf(out, n, "%s%s", csv_path, CM_CSV_END_SUFFIX) < n ? 0 : -1;
}

int cm_csv_end_write(const char *csv_path, uint64_t rows, uint64_t bytes)
{
    char p[4200], text[96];
    if (end_path(p, sizeof p, csv_path)) return errno = ENAMETOOLONG, -1;
    size_t k = cm_csv_end_format(text, sizeof text, rows, bytes);
    FILE *f = fopen(p, "w");
    if (!f) return -1;
    int bad = fwrite(text, 1, k, f) != k;
    bad |= ferror(f) | fclose(f);
    return bad ? -1 : 0;
}

int cm_csv_end_read(const char *csv_path, uint64_t *rows, uint64_t *bytes)
{
    char p[4200];
    if (end_path(p, sizeof p, csv_path)) return -1;
    FILE *f = cm_file_open_regular(p); /* (a FIFO there: -1, not a wait for a writer) */
    if (!f) return errno == ENOENT ? 1 : -1;
    cm_csv_reader r = {.f = f};
    int ok = cm_csv_next(&r) == 2 && !strcmp(r.fields[0], "rows") &&
             !strcmp(r.fields[1], "bytes") && cm_csv_next(&r) == 2 &&
             !cm_parse_dec(r.fields[0], rows) && !cm_parse_dec(r.fields[1], bytes) &&
             cm_csv_next(&r) == 0;
    cm_csv_close(&r);
    fclose(f);
    return ok ? 0 : -1;
}
