/* tt-metal's C++ compute API: state one call leaves for the next, built
 * from source at run time (tests/ttm/kernels): a transposing copy init
 * ends at the inits that configure the unpacker without transpose; the
 * in-order pack position counts past 256 tiles and untilize_block follows
 * it; tilize_block, untilize_block and pack_untilize_block after a copy
 * init instead of their own fault; pack_untilize_dest packs from its DEST offsets, in each form;
 * pack_untilize_block packs from the reservation's start and moves no pack
 * position; a compute kernel's get_tile_size, get_dataformat and logical
 * coordinates; get_local_cb_interface's settings in 16-byte units; the 2023-2024
 * signatures with their default arguments; the oldest reduce inits with
 * arguments; the CB calls qualified with ckernel::; a vector mode given as VectorMode; row
 * broadcasts with bcast_row_idx; packer L1 accumulation (pack_reconfig_l1_acc)
 * into Float32 and Float16_b pages, the packer's ReLU (pack_relu_config: each
 * mode, with L1 accumulation too), and their faults. Each case checks every
 * output value. */
#include "tt_foil/kbuild.h"
#include "tt_foil/tile.h"
#include "ttm_test.h"

#include <math.h>

static tf_device *dev;

/* One compute kernel on core r->core: cb_loader fills CB 0 with `in_tiles`
 * tiles (in, rows of 32, as in_f), the kernel runs, tile_writer16 writes
 * `out_tiles` pages of CB 16 (out_pages pages of out_f) back into out. */
typedef struct ks_run {
    const char *kernel; /* tests/ttm/kernels/<kernel>.cpp */
    char def[24];       /* its one -D define, "" none */
    const float *in;
    uint32_t in_tiles;
    tf_tile_format in_f, out_f;
    uint32_t out_pages, out_tiles;
    void *out;
    tf_core core;          /* where it runs ({0, 0} unless given) */
    int out_data_format;   /* 1 + the tf_data_format CB 16 is set with, 0: by page size */
    const uint32_t *cargs; /* the compute kernel's runtime args (ncargs of them) */
    uint32_t ncargs;
    char err[2048]; /* the fault, when it failed */
} ks_run;

static int ks_execute(ks_run *r)
{
    const char *defs[] = {r->def};
    tf_kernel *cmp = ttm_compute_fp32(dev, r->kernel, defs, r->def[0] ? 1 : 0);
    tf_buffer *din = rt_dram_tiles(dev, r->in, 32 * r->in_tiles, 32, r->in_f);
    uint32_t page = tf_tile_bytes(r->out_f);
    tf_buffer *dout = MUST_PTR(tf_buffer_create_dram(dev, (size_t)page * r->out_tiles));
    ttm_trio t = ttm_trio_create(dev, r->core, NULL, cmp);
    tf_program *p = t.p;
    MUST(tf_program_set_cb(p, 0, tf_tile_bytes(r->in_f), r->in_tiles));
    if (r->out_data_format)
        MUST(tf_program_set_cb_format(p, 16, (tf_data_format)(r->out_data_format - 1),
                                      r->out_pages));
    else
        MUST(tf_program_set_cb(p, 16, page, r->out_pages));
    int rc = ttm_trio_run(&t, din, r->in_tiles, dout, r->out_tiles, r->cargs, r->ncargs, r->err,
                          sizeof r->err);
    if (!rc) MUST(tf_buffer_read(dout, 0, r->out, (size_t)page * r->out_tiles));
    ttm_trio_free(&t);
    tf_buffer_free(din);
    tf_buffer_free(dout);
    return rc;
}

/* A run of `kernel` with define NAME=v (name NULL: none), fp32 tiles in
 * and out, a page of CB 16 per output tile. */
static ks_run ks_fp32(const char *kernel, const char *name, int v, const float *in,
                      uint32_t in_tiles, void *out, uint32_t out_tiles)
{
    ks_run r = {.kernel = kernel,
                .in = in,
                .in_tiles = in_tiles,
                .in_f = TF_TILE_FORMAT_FP32,
                .out_f = TF_TILE_FORMAT_FP32,
                .out_pages = out_tiles,
                .out_tiles = out_tiles,
                .out = out};
    if (name) snprintf(r.def, sizeof r.def, "%s=%d", name, v);
    return r;
}

/* ks_execute, a failure printed and counted: whether the kernel ran. */
static int ks_ran(ks_run *r)
{
    if (!ks_execute(r)) return 1;
    fprintf(stderr, "%s %s: %s\n", r->kernel, r->def, r->err);
    CHECK_TRUE(0);
    return 0;
}

/* 32 x 32 fp32 m as one tile's bytes */
static void tile_bytes(const float *m, float *t)
{
    MUST(tf_tilize(m, 32, 32, TF_TILE_FORMAT_FP32, t));
}

/* ---- a transposing copy init ends at the next unpacker configuration ------------ */

static void transpose_state(void)
{
    static float in[2 * 1024], tr[1024], want[2 * 1024], out[2 * 1024];
    for (int i = 0; i < 2 * 1024; i++) in[i] = (float)(i % 997) * 0.25f - 100; /* exact */
    for (int i = 0; i < 32; i++)
        for (int j = 0; j < 32; j++) tr[i * 32 + j] = in[j * 32 + i];
    tile_bytes(tr, want);
    for (int mode = 0; mode < 4; mode++) {
        ks_run r = ks_fp32("transpose_state", "MODE", mode, in, 2, out, 2);
        /* page 1: the second tile as rows (untilize) or as a tile (copy) */
        if (mode < 2)
            memcpy(want + 1024, in + 1024, 4096);
        else
            tile_bytes(in + 1024, want + 1024);
        if (!ks_ran(&r)) continue;
        CHECK_TRUE(memcmp(out, want, 4096) == 0);               /* the transposed copy */
        CHECK_TRUE(memcmp(out + 1024, want + 1024, 4096) == 0); /* then not transposed */
    }
}

/* ---- the in-order pack position goes past 256 tiles ------------------------------ */

static void pack_many(void)
{
    enum { NT = 260 };
    static float in[1024], out[NT * 1024], one[1024];
    ks_run r = {.kernel = "pack_many",
                .def = "NT=260",
                .in = in,
                .in_tiles = 1,
                .in_f = TF_TILE_FORMAT_BF16,
                .out_f = TF_TILE_FORMAT_BF16,
                .out_pages = NT,
                .out_tiles = NT,
                .out = out};
    if (!ks_ran(&r)) return;
    int bad = 0;
    for (int t = 0; t < NT; t++) { /* page t holds tile t: t, then -1, -2, ... (bf16-exact) */
        MUST(
            tf_untilize((const uint8_t *)out + (size_t)t * 2048, 32, 32, TF_TILE_FORMAT_BF16, one));
        float v = t < 256 ? (float)t : -(float)(t - 255);
        for (int i = 0; i < 1024; i++) bad += one[i] != v;
    }
    CHECK_EQ_U(bad, 0);
}

/* ---- untilize_block packs in order -------------------------------------------------- */

static void untilize_twice(void)
{
    static float in[2 * 1024], out[2 * 1024];
    for (int i = 0; i < 2 * 1024; i++) in[i] = (float)(i % 1000) * 0.5f; /* exact */
    ks_run r = ks_fp32("untilize_twice", NULL, 0, in, 2, out, 2);
    if (!ks_ran(&r)) return;
    /* each tile's 32 rows of 32: the input's rows as they are */
    CHECK_TRUE(memcmp(out, in, 4096) == 0);
    CHECK_TRUE(memcmp(out + 1024, in + 1024, 4096) == 0);
}

/* ---- tilize and untilize want their own inits ------------------------------------ */

/* tilize_block, untilize_block and pack_untilize_block after a plain copy
 * init (layout_init.cpp MODE 0-2) fault at the kernel's line naming the
 * init to call (they were accepted, as if a copy init set them up, which
 * on hardware leaves the unpacker reading tiles); with tilize_init
 * (MODE 3) the page is tilized. */
static void layout_init(void)
{
    static float in[1024], out[1024], want[1024];
    for (int i = 0; i < 1024; i++) in[i] = (float)(i % 997) * 0.25f - 100; /* exact */
    static const char *const init[] = {"call tilize_init first",
                                       "call untilize_init (or pack_untilize_init) first",
                                       "call untilize_init (or pack_untilize_init) first"};
    for (int mode = 0; mode < 3; mode++) {
        ks_run r = ks_fp32("layout_init", "MODE", mode, in, 1, out, 1);
        CHECK_TRUE(ks_execute(&r) != 0);
        CHECK_CONTAINS(r.err, "tile engine COPY: used without its init");
        CHECK_CONTAINS(r.err, init[mode]);
        CHECK_CONTAINS(r.err, "set up by copy_tile_init");
        TTM_CHECK_KERNEL_LINE(r.err, "layout_init.cpp", ttm_mode_line("layout_init.cpp", mode));
    }
    ks_run r = ks_fp32("layout_init", "MODE", 3, in, 1, out, 1);
    if (!ks_ran(&r)) return;
    /* CB 0's page is in's tile; its 1024 values taken as 32 rows, tilized */
    static float page[1024];
    tile_bytes(in, page);
    tile_bytes(page, want);
    CHECK_TRUE(memcmp(out, want, sizeof want) == 0);
}

/* ---- pack_untilize_dest from an offset in DEST ----------------------------------- */

static void pack_untilize_offset(void)
{
    static float in[4 * 1024], out[2 * 1024];
    for (int i = 0; i < 4 * 1024; i++) in[i] = (float)(i % 1999) * 0.5f - 300; /* exact */
    /* FORM: the first DEST tile packed, tile rows */
    static const int first[] = {1, 2, 3, 2, 0, 0}, rows[] = {1, 1, 1, 2, 0, 2};
    for (int form = 0; form < 6; form++) {
        ks_run r = ks_fp32("pack_untilize_offset", "FORM", form, in, 4, out, 2);
        if (form == 4) { /* DEST 4 of a 4-tile half: a fault naming it */
            CHECK_TRUE(ks_execute(&r) != 0);
            CHECK_CONTAINS(r.err, "PACK_UNTILIZE");
            CHECK_CONTAINS(r.err, "DEST index 4");
            continue;
        }
        if (!ks_ran(&r)) continue;
        /* tile row k of the block: DEST first + k, that input tile's rows */
        for (int k = 0; k < rows[form]; k++)
            CHECK_TRUE(memcmp(out + k * 1024, in + (first[form] + k) * 1024, 4096) == 0);
    }
}

/* ---- what a compute kernel asks about its core and CBs ------------------------- */

static void core_info(void)
{
    static float in[1024], out[7 * 512], one[1024];
    ks_run r = {.kernel = "core_info",
                .in = in,
                .in_tiles = 1,
                .in_f = TF_TILE_FORMAT_FP32,
                .out_f = TF_TILE_FORMAT_BF16,
                .out_pages = 7,
                .out_tiles = 7,
                .out = out,
                .core = {1, 2},
                .out_data_format = 1 + TF_DATA_FORMAT_Float16_b};
    if (!ks_ran(&r)) return;
    /* CB 0 by page size (4096, Invalid), CB 16 Float16_b, core (1, 2) */
    static const float want[7] = {4096, 2048, 255, 5, 1, 2, 1 * 16 + 2};
    for (int t = 0; t < 7; t++) {
        MUST(
            tf_untilize((const uint8_t *)out + (size_t)t * 2048, 32, 32, TF_TILE_FORMAT_BF16, one));
        int bad = 0;
        for (int i = 0; i < 1024; i++) bad += one[i] != want[t];
        if (bad) fprintf(stderr, "core_info tile %d: %g, want %g\n", t, one[0], want[t]);
        CHECK_EQ_U(bad, 0);
    }
}

/* ---- get_local_cb_interface in 16-byte units ------------------------------------ */

static void cb_interface(void)
{
    static float in[2 * 1024], out[8 * 1024], one[1024];
    ks_run r = ks_fp32("cb_interface", NULL, 0, in, 2, out, 8);
    if (!ks_ran(&r)) return;
    /* CB 0: 2 pages of 4096 bytes; CB 16: 8 pages of 4096 bytes */
    static const float want[8] = {256, 2, 512, 8192, 256, 8, 2048, 4};
    for (int t = 0; t < 8; t++) {
        MUST(tf_untilize(out + (size_t)t * 1024, 32, 32, TF_TILE_FORMAT_FP32, one));
        int bad = 0;
        for (int i = 0; i < 1024; i++) bad += one[i] != want[t];
        if (bad) fprintf(stderr, "cb_interface tile %d: %g, want %g\n", t, one[0], want[t]);
        CHECK_EQ_U(bad, 0);
    }
}

/* ---- tt-metal's 2023-2024 signatures with their defaults ------------------------ */

static void old_defaults(void)
{
    static float in[2 * 1024], out[13 * 1024], got[1024], want[1024], raw[1024], tiled[1024];
    const float *a = in, *b = in + 1024;
    for (int i = 0; i < 1024; i++) in[i] = (float)((i * 7) % 23 - 11);
    for (int i = 0; i < 1024; i++) in[1024 + i] = (float)((i * 5) % 13 - 6);
    ks_run r = ks_fp32("old_defaults", NULL, 0, in, 2, out, 13);
    if (!ks_ran(&r)) return;
    for (int t = 0; t < 12; t++) {
        for (int i = 0; i < 32; i++)
            for (int j = 0; j < 32; j++) {
                float x = a[i * 32 + j], y = b[i * 32 + j], s = b[0], row = b[j], col = b[i * 32];
                float w[12] = {x + y,   x - y,         x * y,   x * s, x + row, x - col,
                               x * row, a[j * 32 + i], x + col, x + s, x * col, x - s};
                want[i * 32 + j] = w[t];
            }
        MUST(tf_untilize(out + (size_t)t * 1024, 32, 32, TF_TILE_FORMAT_FP32, got));
        int bad = 0;
        for (int i = 0; i < 1024; i++) bad += got[i] != want[i];
        if (bad) fprintf(stderr, "old_defaults tile %d: %d values differ\n", t, bad);
        CHECK_EQ_U(bad, 0);
    }
    /* 12: A's page (A as a tile) read as 32 rows of 32, tilized */
    tile_bytes(a, raw);
    tile_bytes(raw, tiled);
    CHECK_TRUE(memcmp(out + 12 * 1024, tiled, 4096) == 0);
}

/* ---- 2026's binary inits, the SFPU binary ops' 2024 form, both CB objects --------- */

static void names_2026(void)
{
    static float in[2 * 1024], out[5 * 1024], got[1024];
    const float *a = in, *b = in + 1024;
    for (int i = 0; i < 1024; i++) in[i] = (float)((i * 7) % 23 - 11);
    for (int i = 0; i < 1024; i++) in[1024 + i] = (float)((i * 5) % 13 - 6);
    ks_run r = ks_fp32("names_2026", NULL, 0, in, 2, out, 5);
    if (!ks_ran(&r)) return;
    for (int t = 0; t < 5; t++) {
        MUST(tf_untilize(out + (size_t)t * 1024, 32, 32, TF_TILE_FORMAT_FP32, got));
        int bad = 0;
        for (int i = 0; i < 1024; i++) {
            float w[5] = {a[i] + b[i], a[i] * b[i], a[i] - b[i], a[i] + b[i], a[i] * b[i]};
            bad += got[i] != w[t];
        }
        if (bad) fprintf(stderr, "names_2026 tile %d: %d values differ\n", t, bad);
        CHECK_EQ_U(bad, 0);
    }
}

/* ---- the oldest reduce inits, kind and dimension as arguments -------------------- */

static void reduce_oldest(void)
{
    /* CB 0: tile 0 small integers (exact sums), tile 1 the scaler (ones) */
    static float rows[2 * 1024], want[1024], got[1024], out[1024];
    for (int i = 0; i < 1024; i++) rows[i] = (float)((i * 7) % 61) - 30, rows[1024 + i] = 1.0f;
    for (int mode = 0; mode < 3; mode++) {
        ks_run r = ks_fp32("reduce_oldest", "MODE", mode, rows, 2, out, 1);
        memset(want, 0, sizeof want);
        for (int a = 0; a < 32; a++) {
            float s = 0, mx = -1e30f, t = 0;
            for (int b = 0; b < 32; b++) {
                s += rows[a * 32 + b];                              /* row a */
                mx = rows[b * 32 + a] > mx ? rows[b * 32 + a] : mx; /* column a */
                t += rows[a * 32 + b];
            }
            if (mode == 0) want[a * 32] = s; /* ROW SUM: column 0 */
            if (mode == 1) want[a] = mx;     /* COL MAX: row 0 */
            if (mode == 2) want[0] += t;     /* SCALAR SUM: [0][0] */
        }
        if (!ks_ran(&r)) continue;
        MUST(tf_untilize(out, 32, 32, TF_TILE_FORMAT_FP32, got));
        int bad = 0;
        for (int i = 0; i < 1024; i++) bad += got[i] != want[i];
        if (bad) fprintf(stderr, "reduce_oldest MODE=%d: %d values differ\n", mode, bad);
        CHECK_EQ_U(bad, 0);
    }
}

/* ---- pack_untilize_block packs from the reservation's start ---------------------- */

static void pack_untilize_twice(void)
{
    static float in[2 * 1024], out[2 * 1024], want[1024];
    for (int i = 0; i < 2 * 1024; i++) in[i] = (float)(i % 1013) * 0.5f - 200; /* exact */
    for (int mode = 0; mode < 3; mode++) {
        ks_run r = ks_fp32("pack_untilize_twice", "MODE", mode, in, 2, out, 2);
        if (!ks_ran(&r)) continue;
        if (mode == 0) { /* 32 rows of 64: tile 0's row, then tile 1's */
            int bad = 0;
            for (int row = 0; row < 32; row++)
                for (int c = 0; c < 64; c++)
                    bad += out[row * 64 + c] != in[(c / 32) * 1024 + row * 32 + c % 32];
            CHECK_EQ_U(bad, 0);
        } else if (mode == 1) { /* page 0: the second tile's rows */
            CHECK_TRUE(memcmp(out, in + 1024, 4096) == 0);
        } else { /* page 0: the second tile, as a tile */
            tile_bytes(in + 1024, want);
            CHECK_TRUE(memcmp(out, want, 4096) == 0);
        }
    }
}

/* ---- the CB calls qualified with ckernel::, as tt-metal declares them -------------- */

static void qualified(void)
{
    enum { NT = 4 };
    static float in[NT * 1024], out[NT * 1024], want[1024];
    for (int i = 0; i < NT * 1024; i++) in[i] = (float)(i % 1021) * 0.25f - 50; /* exact */
    ks_run r = ks_fp32("qualified", "NT", NT, in, NT, out, NT);
    if (!ks_ran(&r)) return;
    for (int t = 0; t < NT; t++) { /* each pair packed in reverse */
        tile_bytes(in + (t ^ 1) * 1024, want);
        CHECK_TRUE(memcmp(out + t * 1024, want, 4096) == 0);
    }
}

/* ---- Device 2.0's CircularBuffer objects in a compute kernel ---------------------- */

static void cb_object(void)
{
    enum { NT = 4 };
    static float in[NT * 1024], out[NT * 1024], want[1024];
    for (int i = 0; i < NT * 1024; i++) in[i] = (float)(i % 997) * 0.5f - 100; /* exact */
    ks_run r = ks_fp32("cb_object", "NT", NT, in, NT, out, NT);
    if (!ks_ran(&r)) return;
    for (int t = 0; t < NT; t++) {
        tile_bytes(in + t * 1024, want);
        CHECK_TRUE(memcmp(out + t * 1024, want, 4096) == 0);
    }
}

/* ---- a vector mode given as VectorMode (exp_tile's type), not int ------------------ */

static void vector_mode(void)
{
    static float in[1024], out[1024], got[1024];
    for (int i = 0; i < 1024; i++) in[i] = (float)(i % 97) * 0.0625f - 2.96875f; /* exact, not 0 */
    for (int mode = 0; mode < 3; mode++) {
        ks_run r = ks_fp32("vector_mode", "MODE", mode, in, 1, out, 1);
        if (!ks_ran(&r)) continue;
        MUST(tf_untilize(out, 32, 32, TF_TILE_FORMAT_FP32, got));
        int bad = 0; /* the exact SFPU: libm in double, one rounding to fp32 */
        for (int i = 0; i < 1024; i++) {
            float want = mode == 0   ? (float)exp(2.0 * in[i])
                         : mode == 1 ? (float)(1.0 / in[i])
                         : i < 512   ? (float)exp((double)in[i]) /* R: rows 0-15 */
                                     : in[i];
            bad += got[i] != want;
        }
        if (bad) fprintf(stderr, "vector_mode MODE=%d: %d values differ\n", mode, bad);
        CHECK_EQ_U(bad, 0);
    }
}

/* ---- row broadcasts with tt-metal's bcast_row_idx argument ------------------------ */

static void bcast_row_idx(void)
{
    static float in[2 * 1024], out[1024], got[1024];
    for (int i = 0; i < 2 * 1024; i++) in[i] = (float)(i % 89) * 0.125f - 5; /* exact */
    for (int mode = 0; mode < 3; mode++) {
        ks_run r = ks_fp32("bcast_row_idx", "MODE", mode, in, 2, out, 1);
        if (mode == 2) { /* row 3: not modeled, a fault naming the value */
            CHECK_TRUE(ks_execute(&r) != 0);
            CHECK_CONTAINS(r.err, "ELTWISE: operand code 3");
            continue;
        }
        if (!ks_ran(&r)) continue;
        MUST(tf_untilize(out, 32, 32, TF_TILE_FORMAT_FP32, got));
        int bad = 0; /* B's row 0 on every row; products of these are exact at HiFi4 */
        for (int i = 0; i < 1024; i++) {
            float a = in[i], b = in[1024 + i % 32];
            bad += got[i] != (mode == 0 ? a + b : a * b);
        }
        if (bad) fprintf(stderr, "bcast_row_idx MODE=%d: %d values differ\n", mode, bad);
        CHECK_EQ_U(bad, 0);
    }
}

/* ---- packer L1 accumulation ------------------------------------------------------ */

/* v rounded once to bf16 (nearest, ties to even), from double: frexp puts
 * the 8 significant bits above the point, nearbyint rounds the rest (the
 * default rounding mode: ties to even). Finite, normal bf16 results. */
static float bf16_of(double v)
{
    if (v == 0 || isinf(v)) return (float)v;
    int e;
    double m = frexp(v, &e); /* v = m 2^e, 0.5 <= |m| < 1 */
    return (float)ldexp(nearbyint(ldexp(m, 8)), e - 8);
}

/* l1_acc.cpp: page 0 = a, then b and c added with pack_reconfig_l1_acc(1);
 * page 1 = c after pack_reconfig_l1_acc(0). Float32: each sum one fp32
 * addition; Float16_b: each DEST value rounded to bf16 as the pack does,
 * the sum of the two bf16 values rounded once to bf16. The values: full
 * fp32 mantissas, cancellations (b = -a), exponents far apart, infinities.
 * A Bfp8_b CB faults at the first pack that accumulates, naming CB 16 and
 * the format; so does a pack_untilize_dest with accumulation on. */
static void l1_acc(void)
{
    enum { N = 1024 };
    static float in[3 * N], out[2 * N], got[2 * N];
    uint32_t s = 7;
    for (int i = 0; i < 3 * N; i++) {
        s = s * 1664525u + 1013904223u;
        in[i] = (float)(int32_t)s / (float)(1 << 27); /* [-16, 16), 24-bit mantissas */
    }
    for (int i = 0; i < N; i += 37) in[N + i] = -in[i];               /* a + b = 0 */
    for (int i = 5; i < N; i += 41) in[2 * N + i] = in[i] * 0x1p-30f; /* c far below */
    for (int i = 9; i < N; i += 43) in[N + i] = in[i] * 0x1p+40f;     /* b far above */
    for (int i = 11; i < N; i += 101) in[2 * N + i] = INFINITY;       /* + inf */
    for (int fmt = 0; fmt < 2; fmt++) {                               /* Float32, Float16_b */
        tf_tile_format f = fmt ? TF_TILE_FORMAT_BF16 : TF_TILE_FORMAT_FP32;
        ks_run r = {.kernel = "l1_acc",
                    .def = "UNTILIZE=0",
                    .in = in,
                    .in_tiles = 3,
                    .in_f = TF_TILE_FORMAT_FP32,
                    .out_f = f,
                    .out_pages = 2,
                    .out_tiles = 2,
                    .out = out};
        if (!ks_ran(&r)) continue;
        uint32_t page = tf_tile_bytes(f);
        for (int t = 0; t < 2; t++)
            MUST(tf_untilize((const uint8_t *)out + t * page, 32, 32, f, got + t * N));
        /* in[] is row-major, as got[] (rt_dram_tiles tilizes it) */
        int bad = 0;
        for (int i = 0; i < N; i++) {
            float a = in[i], b = in[N + i], c = in[2 * N + i], w0, w1;
            if (!fmt) {
                w0 = (a + b) + c;
                w1 = c;
            } else {
                float p = bf16_of(a);
                p = bf16_of((double)p + bf16_of(b));
                w0 = bf16_of((double)p + bf16_of(c));
                w1 = bf16_of(c);
            }
            if ((!ttm_same(got[i], w0) || !ttm_same(got[N + i], w1)) && bad++ < 3)
                fprintf(stderr,
                        "l1_acc fmt %d at %d: %a + %a + %a = %a, want %a; page 1 %a, want %a\n",
                        fmt, i, (double)a, (double)b, (double)c, (double)got[i], (double)w0,
                        (double)got[N + i], (double)w1);
        }
        CHECK_EQ_U(bad, 0);
        CHECK_TRUE(got[37 * 3] == (fmt ? bf16_of(in[2 * N + 37 * 3]) : in[2 * N + 37 * 3]));
    }
    /* the faults: a Bfp8_b CB; a pack_untilize with accumulation on */
    ks_run r = {.kernel = "l1_acc",
                .def = "UNTILIZE=0",
                .in = in,
                .in_tiles = 3,
                .in_f = TF_TILE_FORMAT_FP32,
                .out_f = TF_TILE_FORMAT_BFP8_B,
                .out_pages = 2,
                .out_tiles = 2,
                .out = out,
                .out_data_format = 1 + TF_DATA_FORMAT_Bfp8_b};
    CHECK_TRUE(ks_execute(&r) != 0);
    CHECK_CONTAINS(r.err, "tile engine PACK: packer L1 accumulation (pack_reconfig_l1_acc(1)) "
                          "into CB 16, of data format Bfp8_b, is not modeled");
    ks_run u = {.kernel = "l1_acc",
                .def = "UNTILIZE=1",
                .in = in,
                .in_tiles = 3,
                .in_f = TF_TILE_FORMAT_FP32,
                .out_f = TF_TILE_FORMAT_FP32,
                .out_pages = 2,
                .out_tiles = 2,
                .out = out};
    CHECK_TRUE(ks_execute(&u) != 0);
    CHECK_CONTAINS(u.err, "tile engine PACK_UNTILIZE: packer L1 accumulation "
                          "(pack_reconfig_l1_acc(1)) into CB 16's row-major rows (data format "
                          "Float32) is not modeled");
}

/* ---- the packer's ReLU ----------------------------------------------------------- */

/* ReLU.md's stage on v (T the threshold): MAX_THRESHOLD (mode 3) clamps to
 * [0, T], every other mode zeroes v <= T (tt-llk maps ZERO_RELU to
 * MIN_THRESHOLD with the word's threshold) */
static float relu_of(float v, uint32_t cfg)
{
    float t = tf_check_float(cfg & 0xffff0000u);
    if ((cfg & 0xf) == 3) return v <= 0 ? 0.0f : v > t ? t : v;
    return v <= t ? 0.0f : v;
}

/* pack_relu.cpp with config word cfg: page 0 = relu(a), page 1 = a, page
 * 2 = a + relu(b) (L1 accumulation: the ReLU on the datum, before the add),
 * each value as the CB's format rounds it (bf16_of above), for Float32 and
 * Float16_b pages; the values around the thresholds, +-0, infinities. */
static void pack_relu_case(uint32_t cfg)
{
    enum { N = 1024 };
    static float in[2 * N], out[3 * N], got[3 * N];
    uint32_t s = 11;
    static const float edge[] = {0.0f,       -0.0f,          0.5f,          1.0f,
                                 2.0f,       -0.5f,          INFINITY,      -INFINITY,
                                 0x1.01p-1f, 0x1.fffffep+0f, 0x1.000002p+1f};
    for (int i = 0; i < 2 * N; i++) {
        s = s * 1664525u + 1013904223u;
        in[i] = (float)(int32_t)s / (float)(1 << 29); /* [-4, 4), 24-bit mantissas */
        if (i % 7 == 0) in[i] = edge[(i / 7) % (sizeof edge / sizeof edge[0])];
    }
    for (int fmt = 0; fmt < 2; fmt++) {
        tf_tile_format f = fmt ? TF_TILE_FORMAT_BF16 : TF_TILE_FORMAT_FP32;
        ks_run r = {.kernel = "pack_relu",
                    .in = in,
                    .in_tiles = 2,
                    .in_f = TF_TILE_FORMAT_FP32,
                    .out_f = f,
                    .out_pages = 3,
                    .out_tiles = 3,
                    .out = out,
                    .cargs = &cfg,
                    .ncargs = 1};
        if (!ks_ran(&r)) continue;
        uint32_t page = tf_tile_bytes(f);
        for (int t = 0; t < 3; t++)
            MUST(tf_untilize((const uint8_t *)out + t * page, 32, 32, f, got + t * N));
        int bad = 0, zeroed = 0, kept = 0;
        for (int i = 0; i < N; i++) {
            float a = fmt ? bf16_of(in[i]) : in[i], b = fmt ? bf16_of(in[N + i]) : in[N + i];
            float w[3] = {relu_of(a, cfg), a, 0};
            w[2] = fmt ? bf16_of((double)a + relu_of(b, cfg)) : a + relu_of(b, cfg);
            zeroed += w[0] == 0 && a != 0, kept += w[0] == a && a > 0;
            for (int k = 0; k < 3; k++)
                if (!ttm_same(got[k * N + i], w[k]) && bad++ < 3)
                    fprintf(stderr,
                            "pack_relu 0x%08x fmt %d page %d at %d: a %a b %a: %a, want %a\n", cfg,
                            fmt, k, i, (double)a, (double)b, (double)got[k * N + i], (double)w[k]);
        }
        CHECK_EQ_U(bad, 0);
        CHECK_TRUE(zeroed > N / 8 && kept > N / 8); /* both sides of the threshold */
    }
}

static void pack_relu_faults(void)
{
    static float in[2 * 1024], out[3 * 1024];
    uint32_t neg = 2u | 0xbf80u << 16, zero = 1;
    ks_run r = {.kernel = "pack_relu",
                .in = in,
                .in_tiles = 2,
                .in_f = TF_TILE_FORMAT_FP32,
                .out_f = TF_TILE_FORMAT_FP32,
                .out_pages = 3,
                .out_tiles = 3,
                .out = out,
                .cargs = &neg,
                .ncargs = 1};
    CHECK_TRUE(ks_execute(&r) != 0);
    CHECK_CONTAINS(r.err, "tile engine PACK_RELU: the ReLU threshold (bits 16-31 of "
                          "pack_relu_config's word, bf16) has its sign bit set");
    ks_run b = r;
    b.cargs = &zero;
    b.out_f = TF_TILE_FORMAT_BFP8_B;
    b.out_data_format = 1 + TF_DATA_FORMAT_Bfp8_b;
    CHECK_TRUE(ks_execute(&b) != 0);
    CHECK_CONTAINS(b.err, "tile engine PACK: the packer's ReLU (pack_relu_config) into CB 16, of "
                          "data format Bfp8_b, is not modeled");
}

int main(void)
{
    dev = rt_open(2, 3);
    transpose_state();
    pack_many();
    untilize_twice();
    layout_init();
    pack_untilize_offset();
    core_info();
    cb_interface();
    old_defaults();
    names_2026();
    reduce_oldest();
    pack_untilize_twice();
    qualified();
    cb_object();
    vector_mode();
    bcast_row_idx();
    l1_acc();
    pack_relu_case(1);                  /* ZERO_RELU: max(x, 0) */
    pack_relu_case(1u | 0x3f80u << 16); /* ZERO_RELU with 1.0: tt-llk's MIN_THRESHOLD */
    pack_relu_case(2u | 0x3f00u << 16); /* MIN_THRESHOLD_RELU, 0.5 */
    pack_relu_case(3u | 0x4000u << 16); /* MAX_THRESHOLD_RELU, 2.0 */
    pack_relu_faults();
    MUST(tf_device_close(dev));
    return tf_check_report("test_ttm_compute_state");
}
