/* mutate: damages one file of an output folder in one of many seeded ways,
 * for the mutation test (tests/cli/test_mutations.sh), and says what it did.
 *
 *   mutate SEED FILE
 *
 * Byte-level (any file): truncate, flip bits, insert or delete bytes, NUL
 * bytes, a field full of digits (a huge number); text files: LF to CR or
 * CRLF, an embedded newline, the header's first column repeated, a row
 * with one field more or fewer; traces: a chunk removed, repeated or given
 * another length (a wrong count); and a cut exactly at a row (text) or
 * chunk (trace) boundary, which only an end record or a trailer reveals.
 * The same seed always makes the same damage. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static uint64_t rng;
static uint64_t next(void) /* splitmix64 */
{
    uint64_t z = (rng += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}
static size_t below(size_t n)
{
    return n ? (size_t)(next() % n) : 0;
}

static uint8_t *d;
static size_t n, cap;

static void reserve(size_t need)
{
    if (need <= cap) return;
    cap = need * 2;
    d = realloc(d, cap);
    if (!d) exit(2);
}
static void insert(size_t at, const void *p, size_t k)
{
    reserve(n + k);
    memmove(d + at + k, d + at, n - at);
    memcpy(d + at, p, k);
    n += k;
}
static void erase(size_t at, size_t k)
{
    if (at + k > n) k = n - at;
    memmove(d + at, d + at + k, n - at - k);
    n -= k;
}

/* Offsets of chunk magics ("TFCK") in a trace, up to max. */
static size_t chunks(size_t *at, size_t max)
{
    size_t k = 0;
    for (size_t i = 104; i + 56 <= n && k < max; i++)
        if (!memcmp(d + i, "TFCK", 4)) at[k++] = i;
    return k;
}

/* The start of a random line. */
static size_t line_start(void)
{
    size_t at = below(n);
    while (at && d[at - 1] != '\n') at--;
    return at;
}

int main(int argc, char **argv)
{
    if (argc != 3) {
        fprintf(stderr, "usage: mutate SEED FILE\n");
        return 2;
    }
    rng = strtoull(argv[1], NULL, 10);
    FILE *f = fopen(argv[2], "rb");
    if (!f) return 2;
    uint8_t buf[65536];
    size_t k;
    while ((k = fread(buf, 1, sizeof buf, f)) > 0) insert(n, buf, k);
    fclose(f);
    int trace = n >= 8 && !memcmp(d, "TFTRACE1", 8);
    size_t at = below(n + 1), c[4096], nc = trace ? chunks(c, 4096) : 0;
    const char *what = "";
    switch (next() % 15) {
    case 0: n = at, what = "truncated"; break;
    case 1:
        for (int i = 1 + (int)below(4); i-- > 0 && n;) d[below(n)] ^= (uint8_t)(1u << below(8));
        what = "bits flipped";
        break;
    case 2: {
        uint8_t junk[16];
        for (size_t i = 0; i < sizeof junk; i++) junk[i] = (uint8_t)next();
        insert(at, junk, 1 + below(sizeof junk));
        what = "bytes inserted";
        break;
    }
    case 3: erase(at, 1 + below(64)), what = "bytes deleted"; break;
    case 4: {
        static const uint8_t z[8];
        insert(at, z, 1 + below(8));
        what = "NUL bytes inserted";
        break;
    }
    case 5: {
        static const char *const huge[] = {"99999999999999999999999", "-1", "1e300", "inf", "nan",
                                           "18446744073709551616"};
        const char *h = huge[below(6)];
        size_t e = at;
        while (e < n && d[e] >= '0' && d[e] <= '9') e++;
        erase(at, e - at);
        insert(at, h, strlen(h));
        what = "a huge number";
        break;
    }
    case 6:
        for (size_t i = 0; i < n; i++)
            if (d[i] == '\n') d[i] = '\r';
        what = "CR line ends";
        break;
    case 7:
        for (size_t i = 0; i < n; i++)
            if (d[i] == '\n') insert(i++, "\r", 1);
        what = "CRLF line ends";
        break;
    case 8: insert(at, "\n", 1), what = "an embedded newline"; break;
    case 9: {
        size_t e = 0;
        while (e < n && d[e] != ',' && d[e] != '\n') e++;
        uint8_t col[256];
        size_t len = e < sizeof col - 1 ? e : sizeof col - 1;
        memcpy(col, d, len);
        col[len] = ',';
        insert(0, col, len + 1);
        what = "the first header column repeated";
        break;
    }
    case 10: {
        size_t s = line_start();
        if (below(2))
            insert(s, "7,", 2);
        else
            erase(s, 1 + below(8));
        what = "a row with another number of fields";
        break;
    }
    case 11:
        if (nc) {
            size_t i = below(nc), e = i + 1 < nc ? c[i + 1] : n;
            erase(c[i], e - c[i]);
        }
        what = "a chunk removed";
        break;
    case 12:
        if (nc) {
            size_t i = below(nc), e = i + 1 < nc ? c[i + 1] : n;
            uint8_t *copy = malloc(e - c[i]);
            if (!copy) return 2;
            memcpy(copy, d + c[i], e - c[i]);
            insert(e, copy, e - c[i]);
            free(copy);
        }
        what = "a chunk repeated";
        break;
    case 13:
        if (nc) {
            uint32_t len = (uint32_t)next() & (below(2) ? 0xfff8u : 0xffffffffu);
            memcpy(d + c[below(nc)] + 12, &len, 4);
        }
        what = "a chunk's length changed";
        break;
    case 14: /* cut where only an end marker can tell: at a chunk or row boundary */
        n = trace ? (nc ? c[below(nc)] : n) : line_start();
        what = trace ? "truncated at a chunk boundary" : "truncated at a row boundary";
        break;
    }
    f = fopen(argv[2], "wb");
    if (!f || (n && fwrite(d, 1, n, f) != n) || fclose(f)) return 2;
    printf("%s\n", what);
    free(d);
    return 0;
}
