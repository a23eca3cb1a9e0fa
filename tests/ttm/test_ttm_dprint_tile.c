/* DPRINT << TileSlice (tt-metal's api/debug/dprint_tile.h): a BRISC kernel
 * (tests/ttm/kernels/dprint_tile.cpp) reads two tiles into CB 0 and prints
 * slices of them in every form, for each format printed: the whole output
 * is compared with the text built here from the tiles' values (the tile
 * layout computed here, not by the codec the kernel uses). Then the slices
 * that cannot print, each saying why, and a compute kernel's three TRISCs
 * (dprint_tile_compute.cpp): the unpacker's front, the packer's back, the
 * math TRISC's warning. */
#include "tt_foil/tile.h"
#include "ttm_test.h"

#include <stdarg.h>

static tf_device *dev;

enum { D = 32, E = D * D };

typedef struct fmt_case {
    const char *name;
    tf_data_format df;
    int tile;  /* 1 + the tf_tile_format of a float format, 0 for an integer one */
    int bytes; /* an integer's bytes, and */
    int sgn;   /* signed */
} fmt_case;

static const fmt_case cases[] = {
    {"Float16_b", TF_DATA_FORMAT_Float16_b, 1 + TF_TILE_FORMAT_BF16, 0, 0},
    {"Float32", TF_DATA_FORMAT_Float32, 1 + TF_TILE_FORMAT_FP32, 0, 0},
    {"Float16", TF_DATA_FORMAT_Float16, 1 + TF_TILE_FORMAT_FP16, 0, 0},
    {"Bfp8_b", TF_DATA_FORMAT_Bfp8_b, 1 + TF_TILE_FORMAT_BFP8_B, 0, 0},
    {"Bfp4_b", TF_DATA_FORMAT_Bfp4_b, 1 + TF_TILE_FORMAT_BFP4_B, 0, 0},
    {"Bfp2_b", TF_DATA_FORMAT_Bfp2_b, 1 + TF_TILE_FORMAT_BFP2_B, 0, 0},
    {"Fp8_e4m3", TF_DATA_FORMAT_Fp8_e4m3, 1 + TF_TILE_FORMAT_FP8_E4M3, 0, 0},
    {"Int32", TF_DATA_FORMAT_Int32, 0, 4, 1},
    {"UInt32", TF_DATA_FORMAT_UInt32, 0, 4, 0},
    {"UInt16", TF_DATA_FORMAT_UInt16, 0, 2, 0},
    {"Int8", TF_DATA_FORMAT_Int8, 0, 1, 1},
    {"UInt8", TF_DATA_FORMAT_UInt8, 0, 1, 0},
};

/* The two tiles' values, [tile][row * 32 + col]: floats as the format
 * holds them (tilized and back on the host), integers exactly. */
static float fval[2][E];
static int64_t ival[2][E];

/* Element (r, c)'s place in a tile's memory: four 16x16 faces, each
 * row-major. */
static uint32_t place(uint32_t r, uint32_t c)
{
    return (r >= 16) * 512 + (c >= 16) * 256 + (r % 16) * 16 + c % 16;
}

/* The element whose place is i (the row-major reading of the memory:
 * print_untilized false). */
static void at_place(uint32_t i, uint32_t *r, uint32_t *c)
{
    uint32_t face = i / 256, in = i % 256;
    *r = face / 2 * 16 + in / 16;
    *c = face % 2 * 16 + in % 16;
}

/* The two tiles in format f, into buf (2 tiles' bytes). */
static void make_tiles(const fmt_case *f, uint8_t *buf)
{
    if (f->tile) {
        float src[2 * E];
        for (int t = 0; t < 2; t++)
            for (int r = 0; r < D; r++)
                for (int c = 0; c < D; c++)
                    src[(t * D + r) * D + c] = (t ? -2.0f : 1.0f) * ((float)(r - 8) + c / 8.0f);
        tf_tile_format tf = (tf_tile_format)(f->tile - 1);
        MUST(tf_tilize(src, 2 * D, D, tf, buf));
        float back[2 * E];
        MUST(tf_untilize(buf, 2 * D, D, tf, back));
        memcpy(fval, back, sizeof back);
        /* the exact formats hold the values themselves */
        if (tf == TF_TILE_FORMAT_BF16 || tf == TF_TILE_FORMAT_FP32 || tf == TF_TILE_FORMAT_FP16)
            CHECK_TRUE(memcmp(src, back, sizeof src) == 0);
        return;
    }
    for (int t = 0; t < 2; t++)
        for (uint32_t r = 0; r < D; r++)
            for (uint32_t c = 0; c < D; c++) {
                int64_t v;
                switch (f->df) {
                case TF_DATA_FORMAT_Int32: v = t * 100000 - (int64_t)r * 1000 + c; break;
                case TF_DATA_FORMAT_UInt32: v = 3000000000ll + t * 1000 + r * 32 + c; break;
                case TF_DATA_FORMAT_UInt16: v = 40000 + t * 1024 + r * 32 + c; break;
                case TF_DATA_FORMAT_Int8: v = (int8_t)(uint8_t)(r * 8 + c + t * 64); break;
                default: v = (uint8_t)(r * 8 + c + t * 64); break;
                }
                ival[t][r * D + c] = v;
                uint8_t *p = buf + (size_t)t * E * f->bytes + (size_t)place(r, c) * f->bytes;
                for (int b = 0; b < f->bytes; b++) p[b] = (uint8_t)((uint64_t)v >> (8 * b));
            }
}

/* how a value prints: %g; after SETPRECISION(3) and FIXED(); after
 * DEFAULTFLOAT() (the precision stays, as std::ostream's); and then in
 * HEX() */
enum { DEF, FIXED3, G3, HEX };

/* Element (r, c) of tile t as the print shows it. */
static void val(const fmt_case *f, int t, uint32_t r, uint32_t c, int how, char *out, size_t cap)
{
    if (f->tile) {
        float v = fval[t][r * D + c];
        snprintf(out, cap, how == FIXED3 ? "%.3f" : how == DEF ? "%g" : "%.3g", (double)v);
    } else {
        int64_t v = ival[t][r * D + c];
        if (how == HEX)
            snprintf(out, cap, "%x", (uint32_t)v);
        else if (f->sgn)
            snprintf(out, cap, "%lld", (long long)v);
        else
            snprintf(out, cap, "%llu", (unsigned long long)v);
    }
}

typedef struct text {
    char s[16384];
    size_t n;
} text;

static void put(text *o, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    o->n += (size_t)vsnprintf(o->s + o->n, sizeof o->s - o->n, fmt, ap);
    va_end(ap);
}

/* tt-metal's print server's layout of a slice: a row's values a space
 * apart, a newline a row (endl), at most `max` values then the truncation
 * line. raw: element (r, c) is the one at place r * 32 + c. */
static void slice(text *o, const fmt_case *f, int t, int h0, int h1, int hs, int w0, int w1, int ws,
                  int endl, int raw, int how, int max, const char *line)
{
    int k = 0;
    for (int h = h0; h < h1; h += hs) {
        for (int w = w0; w < w1; w += ws) {
            if (k == max) {
                put(o, "<TileSlice data truncated due to exceeding max count (%d)>\n%s", max, line);
                return;
            }
            uint32_t r = (uint32_t)h, c = (uint32_t)w;
            if (raw) at_place((uint32_t)(h * D + w), &r, &c);
            char v[32];
            val(f, t, r, c, how, v, sizeof v);
            put(o, "%s%s", v, w + ws < w1 ? " " : "");
            k++;
        }
        if (endl) put(o, "\n%s", line);
    }
}

#define P "[core (0,0) BRISC] "

/* What dprint_tile.cpp MODE 0 prints for format f (max: values a
 * TSLICE holds). */
static void expected(const fmt_case *f, text *o)
{
    int size = f->tile ? 0 : f->bytes;
    if (f->tile) {
        tf_data_format d = f->df;
        size = d == TF_DATA_FORMAT_Float32 ? 4 : d == TF_DATA_FORMAT_Fp8_e4m3 ? 1 : 2;
    }
    int max = 64 / size, max128 = 128 / size;
    put(o, P "corners\n" P);
    slice(o, f, 0, 0, 32, 16, 0, 32, 16, 1, 0, DEF, max, P);
    put(o, "t1 r5: ");
    slice(o, f, 1, 5, 7, 1, 0, 32, 8, 0, 0, DEF, max, P);
    put(o, "\n" P "raw ");
    slice(o, f, 0, 17, 18, 1, 14, 18, 1, 1, 1, DEF, max, P);
    slice(o, f, 1, 0, 4, 1, 0, 4, 1, 1, 0, FIXED3, max, P);
    put(o, "after\n" P);
    slice(o, f, 0, 30, 32, 1, 0, 3, 1, 1, 0, HEX, max, P);
    /* (DEVICE_PRINT's fields print with DPRINT's defaults) */
    put(o, "dp ");
    slice(o, f, 0, 0, 32, 1, 1, 2, 1, 0, 0, DEF, max, P);
    put(o, "|\n" P);
    slice(o, f, 0, 0, 1, 1, 0, 32, 1, 1, 0, G3, max, P);
    slice(o, f, 0, 0, 1, 1, 0, 32, 1, 1, 0, G3, max128, "");
}

/* dprint_tile.cpp (MODE m) on core (0, 0) with CB 0 two pages of f
 * holding its two tiles; CB 1 a page size alone, CB 2 Lf8. The output. */
static void run(tf_kernel *k, const fmt_case *f, char *out, size_t cap)
{
    uint32_t page = tf_data_format_tile_size(f->df);
    uint8_t *buf = MUST_PTR(calloc(2, page));
    make_tiles(f, buf);
    tf_buffer *src = MUST_PTR(tf_buffer_create_dram(dev, 2 * page));
    MUST(tf_buffer_write(src, 0, buf, 2 * page));
    tf_program *p = MUST_PTR(tf_program_create(dev, (tf_core){0, 0}));
    MUST(tf_program_set_kernel(p, TF_BRISC, k));
    MUST(tf_program_set_cb_format(p, 0, f->df, 2));
    MUST(tf_program_set_cb(p, 1, 2048, 1));
    MUST(tf_program_set_cb_format(p, 2, TF_DATA_FORMAT_Lf8, 1));
    uint64_t a = tf_buffer_noc_addr(src);
    uint32_t args[] = {lo32(a), hi32(a)};
    MUST(tf_program_set_args(p, TF_BRISC, args, 2));
    ttm_run_captured(p, out, cap);
    tf_program_destroy(p);
    tf_buffer_free(src);
    free(buf);
}

/* The first line of text after `after` (NULL: none). */
static const char *line_after(const char *text, const char *after)
{
    const char *s = strstr(text, after);
    return s ? s + strlen(after) : NULL;
}

static void test_formats(void)
{
    tf_kernel *k = ttm_kernel(dev, "dprint_tile", TF_BRISC, "MODE=0", NULL, 0);
    static char out[16384];
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        static text want;
        want.n = 0;
        run(k, &cases[i], out, sizeof out);
        expected(&cases[i], &want);
        CHECK_TRUE(strcmp(out, want.s) == 0);
        if (strcmp(out, want.s))
            fprintf(stderr, "%s: got\n%s\nwant\n%s\n", cases[i].name, out, want.s);
    }
    /* a few values written out, so the layout above is not the only judge */
    fmt_case bf = cases[0];
    run(k, &bf, out, sizeof out);
    CHECK_CONTAINS(out, P "corners\n" P "-8 -6\n" P "8 10\n" P "t1 r5: ");
    /* tile 1 is -2x: row 5 = -2 x (-3 + c/8) for c = 0, 8, 16, 24, then row 6 */
    CHECK_CONTAINS(out, "t1 r5: 6 4 2 -04 2 -0 -2\n"); /* -2 x 0 is -0 */
    /* memory row 17 (faces 2 and 3: rows 16-31), places 14..17: (18,14) (18,15) (19,0) (19,1) */
    CHECK_CONTAINS(out, P "raw 11.75 11.875 11 11.125\n");
    CHECK_CONTAINS(out, P "16.000 15.750 15.500 15.250\n");
    run(k, &cases[7], out, sizeof out);                    /* Int32 */
    CHECK_CONTAINS(out, P "ffff8ad0 ffff8ad1 ffff8ad2\n"); /* -30000 + c in hex */
    CHECK_CONTAINS(out, "<TileSlice data truncated due to exceeding max count (16)>\n");
    tf_kernel_free(k);
}

static void test_refusals(void)
{
    tf_kernel *k = ttm_kernel(dev, "dprint_tile", TF_BRISC, "MODE=1", NULL, 0);
    char out[8192];
    run(k, &cases[0], out, sizeof out);
    /* CB 0's tile 2 is its end: the pointer named with the CB's address */
    const char *s = line_after(out, P "Tried printing CBIndex::c_0: BAD TILE POINTER (ptr=0x");
    CHECK_TRUE(s != NULL);
    unsigned ptr = 0, base = 0;
    if (s)
        CHECK_EQ_U(sscanf(s, "%x: tile 2 is not inside the CB's 4096 bytes at 0x%x)", &ptr, &base),
                   2);
    CHECK_EQ_U(ptr, base + 4096);
    CHECK_CONTAINS(out, ": tile -1 is not inside the CB's 4096 bytes at 0x");
    CHECK_CONTAINS(out,
                   P "Tried printing CBIndex::c_0: BAD SLICE RANGE [0:32:0, 0:32:1] (steps of 1 "
                     "or more, ends at most 32)\n");
    CHECK_CONTAINS(out, P "Tried printing CBIndex::c_0: BAD SLICE RANGE [0:32:8, 1:33:8]");
    CHECK_CONTAINS(out,
                   P "Tried printing CBIndex::c_1: Unsupported data format (Invalid: the CB "
                     "has a page size and no format; give it one, tf_program_set_cb_format)\n");
    CHECK_CONTAINS(out, P "Tried printing CBIndex::c_2: Unsupported data format (Lf8)\n");
    CHECK_CONTAINS(out, P "Tried printing CBIndex::c_3: the program gives this CB no memory\n");
    CHECK_CONTAINS(out, P "Tried printing CB 200: no such CB (ids 0-");
    CHECK_CONTAINS(out, P "empty[]\n");
    int lines = 0;
    for (const char *c = out; *c; c++) lines += *c == '\n';
    CHECK_EQ_U(lines, 9);
    tf_kernel_free(k);
}

/* The TRISC lines of out, in order, for TRISC n. */
static void risc_lines(const char *out, int n, char *got, size_t cap)
{
    char pre[32];
    snprintf(pre, sizeof pre, "[core (0,0) TRISC%d] ", n);
    size_t k = 0;
    for (const char *l = out; *l;) {
        const char *e = strchr(l, '\n');
        size_t len = e ? (size_t)(e - l) + 1 : strlen(l);
        if (!strncmp(l, pre, strlen(pre)) && k + len < cap) {
            memcpy(got + k, l, len);
            k += len;
        }
        l += len;
    }
    got[k] = 0;
}

/* Compute kernel `name` on core (0, 0) over one Float16_b tile, element
 * (r, c) = (r - 8) + c / 8, in CB 0 (the cb_loader) and out of CB 16 (one
 * page each); what it printed into out. */
static void run_compute(const char *name, char *out, size_t cap)
{
    float in[E];
    for (int r = 0; r < D; r++)
        for (int c = 0; c < D; c++) in[r * D + c] = (float)(r - 8) + c / 8.0f;
    tf_kernel *cmp = ttm_compute(dev, name, NULL, 0, 0);
    tf_buffer *din = rt_dram_tiles(dev, in, D, D, TF_TILE_FORMAT_BF16);
    tf_buffer *dout = MUST_PTR(tf_buffer_create_dram(dev, 2048));
    ttm_trio t = ttm_trio_create(dev, (tf_core){0, 0}, NULL, cmp);
    MUST(tf_program_set_cb_format(t.p, 0, TF_DATA_FORMAT_Float16_b, 1));
    MUST(tf_program_set_cb_format(t.p, 16, TF_DATA_FORMAT_Float16_b, 1));
    uint64_t a = tf_buffer_noc_addr(din), b = tf_buffer_noc_addr(dout);
    uint32_t ra[] = {1, 0, lo32(a), hi32(a), 1}, wa[] = {lo32(b), hi32(b), 1};
    MUST(tf_program_set_args(t.p, TF_NCRISC, ra, 5));
    MUST(tf_program_set_args(t.p, TF_BRISC, wa, 3));
    ttm_run_captured(t.p, out, cap);
    ttm_trio_free(&t);
    tf_buffer_free(din);
    tf_buffer_free(dout);
}

static void test_compute(void)
{
    static char out[8192], got[4096];
    run_compute("dprint_tile_compute", out, sizeof out);
    /* the unpacker: CB 0's front; then its 4x4 corner */
    risc_lines(out, 0, got, sizeof got);
    const char *corner = "-8 -7.875 -7.75 -7.625\n"
                         "%s-7 -6.875 -6.75 -6.625\n"
                         "%s-6 -5.875 -5.75 -5.625\n"
                         "%s-5 -4.875 -4.75 -4.625\n";
    char want[1024], c4[512];
    const char *t0 = "[core (0,0) TRISC0] ", *t2 = "[core (0,0) TRISC2] ";
    snprintf(c4, sizeof c4, corner, t0, t0, t0);
    snprintf(want, sizeof want, "%sin -8 -6\n%s8 10\n%s%s", t0, t0, t0, c4);
    CHECK_TRUE(strcmp(got, want) == 0);
    if (strcmp(got, want)) fprintf(stderr, "TRISC0:\n%s", got);
    /* the packer: CB 16's back, holding in + in, its rows on one line
     * (endl_rows false); then CB 0 at its write pointer (the CB's start,
     * as it never reserves there: the same tile) */
    risc_lines(out, 2, got, sizeof got);
    snprintf(c4, sizeof c4, corner, t2, t2, t2);
    snprintf(want, sizeof want, "%sout -16 -1216 20\n%s%s", t2, t2, c4);
    CHECK_TRUE(strcmp(got, want) == 0);
    if (strcmp(got, want)) fprintf(stderr, "TRISC2:\n%s", got);
    risc_lines(out, 1, got, sizeof got);
    const char *warn = "[core (0,0) TRISC1] Warning: MATH core does not support TileSlice "
                       "printing, omitting print...\n";
    char two[512];
    snprintf(two, sizeof two, "%s%s", warn, warn);
    CHECK_TRUE(strcmp(got, two) == 0);
}

/* MODE 2: dprint_pages.h's data-movement helpers over tile 0's first
 * words (Float16_b: place i holds element (0, i) for i < 16). */
static void test_pages(void)
{
    tf_kernel *k = ttm_kernel(dev, "dprint_tile", TF_BRISC, "MODE=2", NULL, 0);
    char out[4096];
    run(k, &cases[0], out, sizeof out);
    uint16_t h[8];
    for (int i = 0; i < 8; i++) h[i] = tf_bf16_from_f32(fval[0][i]);
    uint32_t w[4];
    for (int i = 0; i < 4; i++) w[i] = h[2 * i] | (uint32_t)h[2 * i + 1] << 16;
    float f0, f1;
    memcpy(&f0, &w[0], 4);
    memcpy(&f1, &w[1], 4);
    /* the CB's address, then each line */
    unsigned base = 0, limit = 0, rd = 0, wr = 0;
    const char *s = line_after(out, P "cb_id 0: { size: 4096, limit: ");
    CHECK_TRUE(s != NULL);
    if (s)
        CHECK_EQ_U(sscanf(s, "%u, page_size: 2048, num_pages: 2, rd_ptr: %u, wr_ptr: %u }", &limit,
                          &rd, &wr),
                   3);
    base = rd;
    CHECK_EQ_U(wr, base);
    CHECK_EQ_U(limit, base + 4096);
    char want[1024];
    snprintf(want, sizeof want,
             P "0: -8 -7.875 -7.75 -7.625 \n" P "1: -7.5 -7.375 -7.25 -7.125 \n" P "1: %u %u \n" P
               "0: 0x%x 0x%x 0x%x 0x%x \n" P "1: %u %u %u \n" P "0: %g %g \n",
             w[2], w[3], h[0] & 0xff, h[0] >> 8, h[1] & 0xff, h[1] >> 8, h[3], h[4], h[5],
             (double)f0, (double)f1);
    CHECK_CONTAINS(out, want);
    int lines = 0;
    for (const char *c = out; *c; c++) lines += *c == '\n';
    CHECK_EQ_U(lines, 7);
    tf_kernel_free(k);
}

/* dprint_pages_compute.cpp: print_tile_rows and print_cb_details on the
 * unpack and pack TRISCs. */
static void test_pages_compute(void)
{
    static char out[8192], got[4096];
    run_compute("dprint_pages_compute", out, sizeof out);
    risc_lines(out, 0, got, sizeof got);
    const char *t0 = "[core (0,0) TRISC0] ", *t2 = "[core (0,0) TRISC2] ";
    char want[1024];
    snprintf(want, sizeof want,
             "%scb_idx: 0 tile_idx: 0\n%s======\n%s1 : -7 -6.875 -6.75 -6.625\n%s2 : -6 -5.875 "
             "-5.75 -5.625\n%s++++++\n%scb_id 0: { size: 128, limit: ",
             t0, t0, t0, t0, t0, t0);
    CHECK_TRUE(strncmp(got, want, strlen(want)) == 0);
    if (strncmp(got, want, strlen(want))) fprintf(stderr, "TRISC0:\n%s", got);
    /* (16-byte units on a TRISC: 2048 bytes are 128; the unpacker's read
     * pointer and no write pointer) */
    CHECK_CONTAINS(got, ", page_size: 128, num_pages: 1, rd_ptr: ");
    CHECK_TRUE(strstr(got, "wr_ptr") == NULL);
    risc_lines(out, 2, got, sizeof got);
    snprintf(want, sizeof want,
             "%scb_idx: 16 tile_idx: 0\n%s======\n%s31 : 26.5 26.625 26.75 26.875\n%s++++++\n", t2,
             t2, t2, t2);
    CHECK_TRUE(strcmp(got, want) == 0);
    if (strcmp(got, want)) fprintf(stderr, "TRISC2:\n%s", got);
    risc_lines(out, 1, got, sizeof got);
    CHECK_EQ_U(strlen(got), 0);
}

int main(void)
{
    dev = rt_open(2, 2);
    test_formats();
    test_refusals();
    test_compute();
    test_pages();
    test_pages_compute();
    MUST(tf_device_close(dev));
    return tf_check_report("test_ttm_dprint_tile");
}
