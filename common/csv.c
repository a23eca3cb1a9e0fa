/* RFC 4180 CSV fields (tf_csv.h). */
#include "tf_csv.h"

#include <stdlib.h>
#include <string.h>

void tf_csv_field(FILE *f, const char *s)
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

static int push_char(tf_csv_reader *r, size_t *n, char c)
{
    if (*n + 1 >= r->cap) {
        size_t cap = r->cap ? r->cap * 2 : 256;
        char *nb = realloc(r->buf, cap);
        if (!nb) return -1;
        r->buf = nb;
        r->cap = cap;
    }
    r->buf[(*n)++] = c;
    return 0;
}

int tf_csv_next(tf_csv_reader *r)
{
    size_t n = 0;
    int c = fgetc(r->f);
    if (c == EOF) return 0;
    r->line = ++r->lines;
    /* field starts as offsets, fixed up to pointers at the end */
    size_t starts[1024];
    int nf = 0;
    starts[nf++] = 0;
    int quoted = 0, in_quotes = 0;
    for (;;) {
        if (c == EOF) {
            if (in_quotes) return -1;
            break;
        }
        if (in_quotes) {
            if (c == '"') {
                int d = fgetc(r->f);
                if (d == '"') {
                    if (push_char(r, &n, '"')) return -1;
                } else {
                    in_quotes = 0;
                    c = d;
                    continue;
                }
            } else {
                if (c == '\n') r->lines++;
                if (push_char(r, &n, (char)c)) return -1;
            }
        } else if (c == '"' && !quoted && n == starts[nf - 1]) {
            in_quotes = quoted = 1;
        } else if (c == ',') {
            if (push_char(r, &n, 0)) return -1;
            if (nf == (int)(sizeof starts / sizeof starts[0])) return -1;
            starts[nf++] = n;
            quoted = 0;
        } else if (c == '\n') {
            break;
        } else if (c != '\r') {
            if (push_char(r, &n, (char)c)) return -1;
        }
        c = fgetc(r->f);
    }
    if (push_char(r, &n, 0)) return -1;
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

void tf_csv_close(tf_csv_reader *r)
{
    free(r->buf);
    free(r->fields);
    r->buf = NULL;
    r->fields = NULL;
}
