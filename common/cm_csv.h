/* CSV as RFC 4180 writes it: fields with a comma, a quote or a line break
 * are quoted, quotes doubled. And the matching reader, one record at a
 * time (quoted fields may span lines). */
#ifndef CM_CSV_H
#define CM_CSV_H

#include "tf_csv_schemas.h"

#include <stdint.h>
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
    char *line_buf; /* the physical line being split (getline's) */
    size_t line_cap;
    size_t line_pos, line_len; /* what is left of it (a CR-only file is one getline) */
    size_t *starts;            /* field offsets of the record being split */
    size_t cap_starts;
    int unterminated; /* the last record read ended at the end of the file, not a line end */
    int slow_line;    /* the physical line in hand goes through the character loop */
} cm_csv_reader;

/* Read the next record; returns the number of fields (as many as the
 * record has), 0 at the end, -1 on a malformed record (an unterminated
 * quote at the end of the file) or out of memory. Records end at LF,
 * CRLF or a lone CR. */
int cm_csv_next(cm_csv_reader *r);
void cm_csv_close(cm_csv_reader *r);
/* Nonzero: every record goes through the character loop, not the copy of
 * a plain line (test_csv compares the two on the same files). */
extern int cm_csv_fast_off;

/* ---- rows of a schema (contracts/tf_csv_schemas.h) ----------------------------- */

/* One field's value: u for U and H, f for F1 and F6, s for S; empty: the
 * field is left empty whatever its kind. Writers start from a zeroed row
 * and set every column with the macros: writing a row with a column left
 * unset is an internal error (CM_ASSERT), so a column added to a table
 * and not filled in by its writer is caught by the tests. */
typedef struct cm_csv_value {
    uint64_t u;
    double f;
    const char *s;
    int empty;
    int set;
} cm_csv_value;

#define CM_CSV_U(v)  ((cm_csv_value){.u = (v), .set = 1})
#define CM_CSV_F(v)  ((cm_csv_value){.f = (v), .set = 1})
#define CM_CSV_S(v)  ((cm_csv_value){.s = (v), .set = 1})
#define CM_CSV_EMPTY ((cm_csv_value){.empty = 1, .set = 1})

/* A whole number in decimal, or in hex after "0x", at out; returns the
 * length (at most 20 and 18). cm_fmt_u64 stores whole 8-byte words: out
 * needs room for CM_FMT_U64_ROOM bytes, of which those past the length
 * are left undefined. No locale, no snprintf: the writers of large tables
 * call these per field. */
#define CM_FMT_U64_ROOM 24
size_t cm_fmt_u64(char *out, uint64_t v);
size_t cm_fmt_hex(char *out, uint64_t v);

/* A whole decimal number that fits 64 bits, digits only (strtoull takes
 * "-1" and wraps, and saturates on overflow): 0, or -1. */
int cm_parse_dec(const char *s, uint64_t *v);

/* A field of kind `k`, not quoted (S fields are quoted by the writers):
 * into buf (at least 32 bytes for U, H, F1 and F6); returns its length. */
size_t cm_csv_format(char *buf, size_t n, enum tf_csv_kind k, const cm_csv_value *v);

/* The header line, and a row of v[0..ncols) in the schema's order. */
void cm_csv_write_header(FILE *f, const tf_csv_schema *s);
void cm_csv_write_row(FILE *f, const tf_csv_schema *s, const cm_csv_value *v);

/* Find the schema's columns in a header record: col[c] is the file's
 * field of schema column c, -1 if absent. Returns the number of absent
 * columns. */
int cm_csv_bind(const tf_csv_schema *s, char *const *fields, int nfields, int *col);

/* Parse field `text` of kind `k`: 0 and *v (empty fields set v->empty),
 * -1 if it is not of that kind. S fields are taken as they are. */
int cm_csv_parse(enum tf_csv_kind k, const char *text, cm_csv_value *v);

/* Column c of the reader's current record, parsed: -1 if the column is
 * absent (col[c] < 0), missing in the record, or malformed. */
int cm_csv_get(const cm_csv_reader *r, const tf_csv_schema *s, const int *col, int c,
               cm_csv_value *v);

/* ---- end records ------------------------------------------------------------------ */

/* A text log's end record: a sidecar FILE.end beside FILE.csv, itself a
 * CSV ("rows,bytes" and one row), written after the log is complete, so
 * that a log cut exactly at a row boundary is told from a whole one while
 * the log stays pristine CSV (docs/profiling.md, "End markers"). */
#define CM_CSV_END_SUFFIX ".end"

/* The end record's text into buf (at least 64 bytes); returns its length. */
size_t cm_csv_end_format(char *buf, size_t n, uint64_t rows, uint64_t bytes);
/* Write csv_path's end record: 0, or -1 (errno set). */
int cm_csv_end_write(const char *csv_path, uint64_t rows, uint64_t bytes);
/* Read csv_path's end record: 0 and *rows, *bytes; 1 if there is none; -1
 * if it is malformed. */
int cm_csv_end_read(const char *csv_path, uint64_t *rows, uint64_t *bytes);

#endif
