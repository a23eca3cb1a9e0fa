/* The RFC 4180 reader and writer (common/csv.c): quoted fields with
 * commas, doubled quotes and line breaks, CRLF, empty fields, line
 * numbers, an unterminated quote, and a round trip through the writer. */
#include "tf_check.h"
#include "common/cm_csv.h"

#include <stdlib.h>

static FILE *text(const char *s)
{
    FILE *f = tmpfile();
    fputs(s, f);
    rewind(f);
    return f;
}

int main(void)
{
    FILE *f = text("a,b,c\n"
                   "\"x, y\",\"say \"\"hi\"\"\",\n"
                   "\"two\nlines\",2\r\n"
                   "\n"
                   "last,no newline");
    cm_csv_reader r = {.f = f};
    CHECK_EQ_U(cm_csv_next(&r), 3);
    CHECK_TRUE(!strcmp(r.fields[0], "a") && !strcmp(r.fields[2], "c"));
    CHECK_EQ_U(r.line, 1);
    CHECK_EQ_U(cm_csv_next(&r), 3);
    CHECK_TRUE(!strcmp(r.fields[0], "x, y"));
    CHECK_TRUE(!strcmp(r.fields[1], "say \"hi\""));
    CHECK_TRUE(!strcmp(r.fields[2], ""));
    CHECK_EQ_U(cm_csv_next(&r), 2);
    CHECK_TRUE(!strcmp(r.fields[0], "two\nlines"));
    CHECK_TRUE(!strcmp(r.fields[1], "2")); /* the \r of CRLF is not part of it */
    CHECK_EQ_U(r.line, 3);
    CHECK_EQ_U(cm_csv_next(&r), 1); /* an empty line: one empty field */
    CHECK_EQ_U(r.line, 5);
    CHECK_TRUE(!strcmp(r.fields[0], ""));
    CHECK_EQ_U(cm_csv_next(&r), 2);
    CHECK_TRUE(!strcmp(r.fields[1], "no newline"));
    CHECK_EQ_U(cm_csv_next(&r), 0);
    cm_csv_close(&r);
    fclose(f);

    /* a quote never closed: the record is malformed */
    f = text("ok,1\n\"open,2\nstill open\n");
    r = (cm_csv_reader){.f = f};
    CHECK_EQ_U(cm_csv_next(&r), 2);
    CHECK_EQ_U(cm_csv_next(&r), (uint64_t)-1);
    cm_csv_close(&r);
    fclose(f);

    /* the writer's fields read back as they were */
    static const char *const names[] = {"plain", "a,b", "q\"uote", "new\nline", "", "\"\""};
    f = tmpfile();
    for (size_t i = 0; i < sizeof names / sizeof *names; i++) {
        if (i) fputc(',', f);
        cm_csv_field(f, names[i]);
    }
    fputc('\n', f);
    rewind(f);
    r = (cm_csv_reader){.f = f};
    CHECK_EQ_U(cm_csv_next(&r), sizeof names / sizeof *names);
    for (size_t i = 0; i < sizeof names / sizeof *names; i++)
        CHECK_TRUE(!strcmp(r.fields[i], names[i]));
    cm_csv_close(&r);
    fclose(f);

    /* a long line (the buffers grow) */
    char *big = malloc(100000);
    memset(big, 'z', 99998);
    big[99998] = '\n';
    big[99999] = 0;
    f = text(big);
    r = (cm_csv_reader){.f = f};
    CHECK_EQ_U(cm_csv_next(&r), 1);
    CHECK_EQ_U(strlen(r.fields[0]), 99998);
    cm_csv_close(&r);
    fclose(f);
    free(big);
    return tf_check_report("test_csv");
}
