/* RFC 4180 CSV fields (cm_csv.h). */
#include "cm_csv.h"

#include <stdlib.h>
#include <string.h>

void cm_csv_field(FILE *f, const char *s)
{
    if (!s) return;
    if (!strpbrk(s, ",\"\r\n")) {
        fputs(s, f);
        return;
    }
    fputc('"', f);
    for (; *s; s++) {
        if (*s == '"') fputc('"', f);
        fputc(*s, f);
    }
    fputc('"', f);
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

/* Each physical line is read whole (getline), then split in memory; a
 * quoted field with a line break continues on the next line. */
int cm_csv_next(cm_csv_reader *r)
{
    ssize_t len = getline(&r->line_buf, &r->line_cap, r->f);
    if (len <= 0) return 0;
    r->line = ++r->lines;
    if (reserve(r, (size_t)len + 1)) return -1;
    /* field starts as offsets, fixed up to pointers at the end */
    size_t starts[1024];
    int nf = 0;
    starts[nf++] = 0;
    int quoted = 0, in_quotes = 0;
    size_t n = 0;
    const char *p = r->line_buf, *end = p + len;
    char *out = r->buf;
    for (;;) {
        if (p == end) {
            if (!in_quotes) break;
            len = getline(&r->line_buf, &r->line_cap, r->f);
            if (len <= 0) return -1; /* the file ends inside quotes */
            r->lines++;
            if (reserve(r, n + (size_t)len + 1)) return -1;
            out = r->buf;
            p = r->line_buf;
            end = p + len;
            continue;
        }
        char c = *p++;
        if (in_quotes) {
            if (c != '"')
                out[n++] = c;
            else if (p < end && *p == '"')
                out[n++] = '"', p++;
            else
                in_quotes = 0;
        } else if (c == '"' && !quoted && n == starts[nf - 1]) {
            in_quotes = quoted = 1;
        } else if (c == ',') {
            out[n++] = 0;
            if (nf == (int)(sizeof starts / sizeof starts[0])) return -1;
            starts[nf++] = n;
            quoted = 0;
        } else if (c == '\n') {
            break;
        } else if (c != '\r') {
            out[n++] = c;
        }
    }
    out[n] = 0;
    if (nf > r->cap_fields) {
        char **nfp = realloc(r->fields, (size_t)nf * sizeof *nfp);
        if (!nfp) return -1;
        r->fields = nfp;
        r->cap_fields = nf;
    }
    for (int i = 0; i < nf; i++) r->fields[i] = r->buf + starts[i];
    r->nfields = nf;
    return nf;
}

void cm_csv_close(cm_csv_reader *r)
{
    free(r->buf);
    free(r->fields);
    free(r->line_buf);
    r->buf = NULL;
    r->fields = NULL;
    r->line_buf = NULL;
}
