/* CSV as RFC 4180 writes it: fields with a comma, a quote or a line break
 * are quoted, quotes doubled. And the matching reader, one record at a
 * time (quoted fields may span lines). */
#ifndef TF_CSV_H
#define TF_CSV_H

#include <stdio.h>

/* Write one field (no separator). */
void cm_csv_field(FILE *f, const char *s);

/* A parsed record: fields point into the reader's buffer. */
typedef struct cm_csv_reader {
    FILE *f;
    char *buf;
    size_t cap;
    char **fields;
    int nfields, cap_fields;
    long line;      /* line number where the last record started */
    long lines;     /* physical lines consumed so far */
    char *line_buf; /* the physical line being split */
    size_t line_cap;
} cm_csv_reader;

/* Read the next record; returns the number of fields, 0 at the end, -1 on
 * a malformed record (an unterminated quote at the end of the file). */
int cm_csv_next(cm_csv_reader *r);
void cm_csv_close(cm_csv_reader *r);

#endif
