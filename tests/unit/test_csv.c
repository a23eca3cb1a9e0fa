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

/* Every record of the file of `n` bytes at s, one way (cm_csv_fast_off):
 * each record's count, line, end and fields, one after another in out. */
static size_t records(const char *s, size_t n, int slow, char *out, size_t cap)
{
    FILE *f = tmpfile();
    fwrite(s, 1, n, f);
    rewind(f);
    cm_csv_fast_off = slow;
    cm_csv_reader r = {.f = f};
    size_t o = 0;
    for (int k = 0; k < 64; k++) {
        int nf = cm_csv_next(&r);
        o += (size_t)snprintf(out + o, cap - o, "[%d %ld %ld %d]", nf, r.line, r.lines,
                              r.unterminated);
        if (nf <= 0) break;
        for (int i = 0; i < nf; i++) o += (size_t)snprintf(out + o, cap - o, "<%s>", r.fields[i]);
    }
    cm_csv_fast_off = 0;
    cm_csv_close(&r);
    fclose(f);
    return o;
}

/* The copy of a plain line (fast_record) reads every file as the loop
 * over its characters does: random files of commas, quotes, CRs, LFs,
 * NULs and letters, read both ways. */
static void fast_path_agrees(void)
{
    static const char alphabet[] = "ab,,\"\r\n\n\nxyz";
    uint32_t x = 12345;
    int fast_lines = 0;
    for (int t = 0; t < 20000; t++) {
        char s[48], a[8192], b[8192];
        size_t n = (size_t)(t % 47);
        for (size_t i = 0; i < n; i++) {
            x = x * 1103515245u + 12345u;
            s[i] = (x >> 16) % 97 == 0 ? 0 : alphabet[(x >> 16) % (sizeof alphabet - 1)];
        }
        size_t la = records(s, n, 1, a, sizeof a), lb = records(s, n, 0, b, sizeof b);
        if (la != lb || memcmp(a, b, la)) {
            CHECK_TRUE(!"the fast path reads a record as the loop does");
            fprintf(stderr, "loop: %.*s\nfast: %.*s\n", (int)la, a, (int)lb, b);
            return;
        }
        fast_lines += !memchr(s, '"', n) && !memchr(s, '\r', n) && n && s[n - 1] == '\n';
    }
    CHECK_TRUE(fast_lines > 100); /* files the fast path reads whole were among them */
}

int main(void)
{
    fast_path_agrees();
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

    /* the number formatters, at every length's edges */
    static const struct {
        uint64_t v;
        const char *dec, *hex;
    } nums[] = {{0, "0", "0x0"},
                {9, "9", "0x9"},
                {10, "10", "0xa"},
                {99, "99", "0x63"},
                {100, "100", "0x64"},
                {255, "255", "0xff"},
                {4096, "4096", "0x1000"},
                {1000000007, "1000000007", "0x3b9aca07"},
                {UINT64_MAX, "18446744073709551615", "0xffffffffffffffff"}};
    for (size_t i = 0; i < sizeof nums / sizeof *nums; i++) {
        char out[24];
        size_t n = cm_fmt_u64(out, nums[i].v);
        CHECK_TRUE(n == strlen(nums[i].dec) && !memcmp(out, nums[i].dec, n));
        n = cm_fmt_hex(out, nums[i].v);
        CHECK_TRUE(n == strlen(nums[i].hex) && !memcmp(out, nums[i].hex, n));
        cm_csv_value v = CM_CSV_U(nums[i].v);
        char small[8];
        n = cm_csv_format(small, sizeof small, TF_CSV_U, &v); /* cut as snprintf cuts */
        CHECK_EQ_U(n, strlen(nums[i].dec) < 8 ? strlen(nums[i].dec) : 7);
        CHECK_TRUE(!strncmp(small, nums[i].dec, n) && small[n] == 0);
    }

    /* every length and its edges, and random values, as printf writes
     * them; and read back, one past the largest refused */
    uint64_t x = 88172645463325252ull;
    for (int i = 0; i < 200000; i++) {
        uint64_t v;
        if (i < 20 * 3) { /* 10^k - 1, 10^k, 10^k + 1 */
            uint64_t p = 1;
            for (int k = 0; k < i / 3; k++) p *= 10;
            v = p - 1 + (uint64_t)(i % 3);
        } else {
            x ^= x << 13, x ^= x >> 7, x ^= x << 17;
            v = x >> (x % 64); /* every magnitude */
        }
        char want[24], got[32];
        int wn = snprintf(want, sizeof want, "%llu", (unsigned long long)v);
        size_t n = cm_fmt_u64(got, v);
        if (n != (size_t)wn || memcmp(got, want, n)) {
            CHECK_TRUE(!"cm_fmt_u64 writes what printf does");
            fprintf(stderr, "%s: cm_fmt_u64 gave %.*s\n", want, (int)n, got);
            break;
        }
        cm_csv_value back;
        got[n] = 0;
        if (cm_csv_parse(TF_CSV_U, got, &back) || back.u != v) {
            CHECK_TRUE(!"a number reads back");
            break;
        }
    }
    cm_csv_value top;
    CHECK_TRUE(cm_csv_parse(TF_CSV_U, "18446744073709551615", &top) == 0);
    CHECK_EQ_U(top.u, UINT64_MAX);
    CHECK_TRUE(cm_csv_parse(TF_CSV_U, "18446744073709551616", &top) == -1);
    CHECK_TRUE(cm_csv_parse(TF_CSV_U, "99999999999999999999", &top) == -1);
    CHECK_TRUE(cm_csv_parse(TF_CSV_H, "0xffffffffffffffff", &top) == 0);
    CHECK_EQ_U(top.u, UINT64_MAX);
    CHECK_TRUE(cm_csv_parse(TF_CSV_H, "0x10000000000000000", &top) == -1);
    CHECK_TRUE(cm_csv_parse(TF_CSV_U, "12a", &top) == -1);

    /* a whole row, made in memory and written at once: its fields read
     * back, a quoted one and one longer than the row's buffer among them */
    char *longname = malloc(3001);
    memset(longname, 'n', 3000);
    longname[3000] = 0;
    longname[1500] = ',';
    cm_csv_value row[TF_DZ_NCOLS] = {{0}};
    for (int c = 0; c < TF_DZ_NCOLS; c++) row[c] = CM_CSV_U((uint64_t)c * 1000);
    row[TF_DZ_risc] = CM_CSV_S("BRISC");
    row[TF_DZ_packet_type] = CM_CSV_S("START");
    row[TF_DZ_zone_hash] = CM_CSV_S("0x00ff");
    row[TF_DZ_zone_name] = CM_CSV_S(longname);
    row[TF_DZ_src_file] = CM_CSV_S("say \"hi\", twice");
    row[TF_DZ_kernel] = CM_CSV_S("k");
    row[TF_DZ_value] = CM_CSV_EMPTY;
    f = tmpfile();
    cm_csv_write_row(f, &tf_csv_device_zones, row);
    cm_csv_write_row(f, &tf_csv_device_zones, row);
    rewind(f);
    r = (cm_csv_reader){.f = f};
    for (int k = 0; k < 2; k++) {
        CHECK_EQ_U(cm_csv_next(&r), TF_DZ_NCOLS);
        CHECK_TRUE(!strcmp(r.fields[TF_DZ_zone_name], longname));
        CHECK_TRUE(!strcmp(r.fields[TF_DZ_src_file], "say \"hi\", twice"));
        CHECK_TRUE(!strcmp(r.fields[TF_DZ_value], ""));
        CHECK_TRUE(!strcmp(r.fields[TF_DZ_cycle], "7000"));
        CHECK_TRUE(!strcmp(r.fields[TF_DZ_count], "14000"));
    }
    CHECK_EQ_U(cm_csv_next(&r), 0);
    cm_csv_close(&r);
    fclose(f);
    free(longname);
    return tf_check_report("test_csv");
}
