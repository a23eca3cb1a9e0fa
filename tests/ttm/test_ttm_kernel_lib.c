/* ttnn's compute kernel helper library (compute_kernel_lib::reduce, tilize,
 * untilize, the binary ops) in tt-metal-style compute kernels built at run
 * time (tests/ttm/kernels/klib_*.cpp): each form's every output value
 * against a host reference. fp32 tiles and an fp32 DEST (4 tiles: the
 * helpers' column and DEST chunks are exercised with 5- and 6-tile rows);
 * small integer inputs and a scaler of 0.5 keep every sum and product
 * exact. The refused forms fail to build with their messages. */
#include "tt_foil/kbuild.h"
#include "tt_foil/tile.h"
#include "ttm_test.h"

static tf_device *dev;

enum { TILE = 4096, D = 32, MAXG = 2 };

typedef struct kl_group {
    uint32_t cb;
    const void *bytes; /* pages of TILE bytes, in the order the kernel consumes them */
    uint32_t pages;
} kl_group;

/* The data-movement side of the next kl_run: the reader (cb_loader, or
 * klib_dm.cpp built with -DDMODE=dm_mode when dm_mode >= 0) and CB 16's
 * page size (TILE, or out_page). kl_run restores the defaults. */
static int dm_mode = -1;
static uint32_t out_page = TILE;

/* tests/ttm/kernels/<kernel>.cpp with -DMODE=mode -DHT -DWT -DNC -DNB
 * (kernel NULL: no compute kernel): the reader fills the groups' CBs (each
 * sized to hold its group), the kernel runs, tile_writer16 writes
 * `out_pages` pages of CB 16 to out. CB 2 (an accumulator) holds
 * `acc_pages`. Returns 0, or the dispatch's failure with its message in
 * err. */
static int kl_run(const char *kernel, int mode, int ht, int wt, int nc, const kl_group *g, int ng,
                  uint32_t acc_pages, void *out, uint32_t out_pages, char *err, size_t errcap)
{
    char defs[5][24];
    snprintf(defs[0], sizeof defs[0], "MODE=%d", mode);
    snprintf(defs[1], sizeof defs[1], "HT=%d", ht);
    snprintf(defs[2], sizeof defs[2], "WT=%d", wt);
    snprintf(defs[3], sizeof defs[3], "NC=%d", nc);
    snprintf(defs[4], sizeof defs[4], "NB=%d", nc);
    const char *dp[5] = {defs[0], defs[1], defs[2], defs[3], defs[4]};
    tf_kernel *cmp = kernel ? ttm_compute_fp32(dev, kernel, dp, 5) : NULL;
    char dmdef[24];
    snprintf(dmdef, sizeof dmdef, "DMODE=%d", dm_mode);
    ttm_trio t = ttm_trio_create(
        dev, (tf_core){0, 0},
        dm_mode >= 0 ? ttm_kernel(dev, "klib_dm", TF_NCRISC, dmdef, NULL, 0) : NULL, cmp);
    tf_program *p = t.p;
    tf_buffer *din[MAXG];
    uint32_t ra[1 + 4 * MAXG] = {(uint32_t)ng};
    for (int i = 0; i < ng; i++) {
        din[i] = MUST_PTR(tf_buffer_create_dram(dev, (size_t)TILE * g[i].pages));
        MUST(tf_buffer_write(din[i], 0, g[i].bytes, (size_t)TILE * g[i].pages));
        MUST(tf_program_set_cb(p, g[i].cb, TILE, g[i].pages));
        uint64_t a = tf_buffer_noc_addr(din[i]);
        ra[1 + 4 * i] = g[i].cb;
        ra[2 + 4 * i] = lo32(a);
        ra[3 + 4 * i] = hi32(a);
        ra[4 + 4 * i] = g[i].pages;
    }
    if (acc_pages) MUST(tf_program_set_cb(p, 2, TILE, acc_pages));
    if (dm_mode >= 0 && kernel) MUST(tf_program_set_cb(p, 1, TILE, 1)); /* klib_dm's scaler */
    tf_buffer *dout = MUST_PTR(tf_buffer_create_dram(dev, (size_t)out_page * out_pages));
    MUST(tf_program_set_cb(p, 16, out_page, out_pages));
    uint64_t b = tf_buffer_noc_addr(dout);
    uint32_t wa[] = {lo32(b), hi32(b), out_pages};
    MUST(tf_program_set_args(p, TF_NCRISC, ra, 1 + 4 * (uint32_t)ng));
    MUST(tf_program_set_args(p, TF_BRISC, wa, 3));
    int rc = tf_dispatch_execute(p);
    if (rc)
        snprintf(err, errcap, "%s", tf_last_error());
    else
        MUST(tf_buffer_read(dout, 0, out, (size_t)out_page * out_pages));
    ttm_trio_free(&t);
    dm_mode = -1;
    out_page = TILE;
    for (int i = 0; i < ng; i++) tf_buffer_free(din[i]);
    tf_buffer_free(dout);
    return rc;
}

/* the 32 x 32 row-major m as one fp32 tile's bytes at t */
static void to_tile(const float *m, float *t)
{
    MUST(tf_tilize(m, D, D, TF_TILE_FORMAT_FP32, t));
}

/* Input tile (b, ht, wt), element (r, c): small integers, each tile
 * different. */
static float a_val(int b, int ht, int wt, int r, int c)
{
    return (float)(((r * 7 + c * 3 + b * 11 + ht * 5 + wt * 13) % 17) - 8);
}

static int failed_run(const char *what, int mode, const char *err)
{
    fprintf(stderr, "%s MODE=%d: %s\n", what, mode, err);
    CHECK_TRUE(0);
    return 1;
}

/* ---- reduce --------------------------------------------------------------------- */

enum { RHT = 2, RWT = 5, RNC = 2, RIN = RHT * RWT * RNC };

/* The reduce of one output: over the tiles (b, ht0..ht1, wt0..wt1) and the
 * elements of dimension `dim` (0 row, 1 col, 2 scalar), 0.5 x sum or
 * 0.5 x max, as the tile of results (column 0, row 0 or [0][0]). */
static void reduce_ref(int max, int dim, int b, int ht0, int ht1, int wt0, int wt1, float *m)
{
    memset(m, 0, sizeof(float) * D * D);
    for (int i = 0; i < D; i++) {
        if (dim == 2 && i > 0) break;
        float acc = max ? -1e30f : 0;
        for (int ht = ht0; ht < ht1; ht++)
            for (int wt = wt0; wt < wt1; wt++)
                for (int j = 0; j < D; j++)
                    for (int k = 0; k < (dim == 2 ? D : 1); k++) {
                        int r = dim == 0   ? i
                                : dim == 1 ? j
                                           : j,
                            c = dim == 0   ? j
                                : dim == 1 ? i
                                           : k;
                        float v = a_val(b, ht, wt, r, c);
                        acc = max ? (v > acc ? v : acc) : acc + v;
                    }
        /* the scaler is 0.5; a scalar sum takes it twice (its two passes) */
        m[dim == 0 ? i * D : i] = acc * (dim == 2 && !max ? 0.25f : 0.5f);
    }
}

/* dm >= 0: the scaler tile comes from klib_dm DMODE=dm (0: SUM's 1, so
 * twice the 0.5 reference; 1: 0.5) instead of the host. */
static void reduce_case_dm(int mode, int dm)
{
    static float in[RIN * 1024], scaler[1024], out[RIN * 1024], want[RIN * 1024], m[1024];
    /* modes 7 and 8 (the policies form) give modes 0's and 1's results */
    int ref = mode == 7 ? 0 : mode == 8 ? 1 : mode;
    /* the order the kernel consumes: row-major tiles, but a streamed
     * column reduce takes each DEST-full of columns row by row */
    int n = 0;
    for (int b = 0; b < RNC; b++) {
        if (ref == 1) {
            for (int w0 = 0; w0 < RWT; w0 += 4)
                for (int ht = 0; ht < RHT; ht++)
                    for (int wt = w0; wt < RWT && wt < w0 + 4; wt++) {
                        for (int i = 0; i < 1024; i++) m[i] = a_val(b, ht, wt, i / D, i % D);
                        to_tile(m, in + 1024 * n++);
                    }
        } else
            for (int ht = 0; ht < RHT; ht++)
                for (int wt = 0; wt < RWT; wt++) {
                    for (int i = 0; i < 1024; i++) m[i] = a_val(b, ht, wt, i / D, i % D);
                    to_tile(m, in + 1024 * n++);
                }
    }
    for (int i = 0; i < 1024; i++) m[i] = 0.5f;
    to_tile(m, scaler);
    kl_group g[2] = {{0, in, RIN}, {1, scaler, 1}};
    int ng = dm >= 0 ? 1 : 2; /* (the scaler: made by klib_dm) */
    uint32_t nout = 0;
    switch (ref) {
    case 0: /* row sums */
    case 3: /* row maxima x 2 */
        for (int b = 0; b < RNC; b++)
            for (int ht = 0; ht < RHT; ht++, nout++) {
                reduce_ref(mode == 3, 0, b, ht, ht + 1, 0, RWT, m);
                if (mode == 3)
                    for (int i = 0; i < 1024; i++) m[i] *= 2;
                to_tile(m, want + 1024 * nout);
            }
        break;
    case 1: /* column maxima */
        for (int b = 0; b < RNC; b++)
            for (int wt = 0; wt < RWT; wt++, nout++) {
                reduce_ref(1, 1, b, 0, RHT, wt, wt + 1, m);
                to_tile(m, want + 1024 * nout);
            }
        break;
    case 2: /* scalar sums */
    case 5: /* scalar maxima */
        for (int b = 0; b < RNC; b++, nout++) {
            reduce_ref(mode == 5, 2, b, 0, RHT, 0, RWT, m);
            to_tile(m, want + 1024 * nout);
        }
        break;
    case 4: /* row sums accumulated over the batches */
        for (int ht = 0; ht < RHT; ht++, nout++) {
            float s[1024];
            memset(s, 0, sizeof s);
            for (int b = 0; b < RNC; b++) {
                reduce_ref(0, 0, b, ht, ht + 1, 0, RWT, m);
                for (int i = 0; i < 1024; i++) s[i] += m[i];
            }
            to_tile(s, want + 1024 * nout);
        }
        break;
    }
    if (dm == 0)
        for (uint32_t i = 0; i < 1024 * nout; i++) want[i] *= 2;
    char err[2048];
    dm_mode = dm;
    if (kl_run("klib_reduce", mode, RHT, RWT, RNC, g, ng, mode == 4 ? RHT : 0, out, nout, err,
               sizeof err)) {
        failed_run("klib_reduce", mode, err);
        return;
    }
    for (uint32_t i = 0; i < 1024 * nout; i++)
        if (out[i] != want[i]) {
            fprintf(stderr, "klib_reduce MODE=%d: value %u is %g, not %g\n", mode, i,
                    (double)out[i], (double)want[i]);
            CHECK_TRUE(0);
            return;
        }
    CHECK_TRUE(1);
}

static void reduce_case(int mode)
{
    reduce_case_dm(mode, -1);
}

/* A partial scaler faults (the engine scales by [0][0] only): not a sum of
 * the padding. */
static void reduce_partial_faults(void)
{
    static float in[1024], scaler[2 * 1024], out[1024];
    memset(in, 0, sizeof in);
    memset(scaler, 0, sizeof scaler);
    kl_group g[2] = {{0, in, 1}, {1, scaler, 2}};
    char err[2048] = "";
    CHECK_TRUE(kl_run("klib_reduce", 6, 1, 1, 1, g, 2, 0, out, 1, err, sizeof err) != 0);
    /* at the kernel's line (the helper's own lines in between may be
     * shortened to "... (N more)" when the paths are long) */
    TTM_CHECK_LINE(err, "tests/ttm/kernels/klib_reduce.cpp:");
    CHECK_CONTAINS(err, "not supported by tt-foil at run time: compute_kernel_lib::reduce with "
                        "ReducePartialScaler::with_partial()");
    CHECK_CONTAINS(err, "mask the last tile's padding before the reduce");
}

/* ---- tilize and untilize -------------------------------------------------------- */

static float rm_val(int nb, int r, int c)
{
    return (float)(nb * 100000 + r * 1000 + c) * 0.25f;
}

/* MODE 0/1: tilize of nb blocks of 32 rows x 32 wt; 2-4: untilize back. */
static void layout_case(int mode, int wt, int nb)
{
    static float rm[8 * 1024 * 2], tiles[8 * 1024 * 2], out[8 * 1024 * 2], m[1024];
    int n = wt * nb;
    for (int b = 0; b < nb; b++)
        for (int r = 0; r < D; r++)
            for (int c = 0; c < D * wt; c++) rm[b * wt * 1024 + r * D * wt + c] = rm_val(b, r, c);
    for (int b = 0; b < nb; b++)
        for (int t = 0; t < wt; t++) {
            for (int r = 0; r < D; r++)
                for (int c = 0; c < D; c++) m[r * D + c] = rm_val(b, r, t * D + c);
            to_tile(m, tiles + 1024 * (b * wt + t));
        }
    int tilize = mode < 2 || mode == 5 || mode == 7;
    kl_group g = {0, tilize ? rm : tiles, (uint32_t)n};
    char err[2048];
    if (kl_run("klib_layout", mode, 1, wt, nb, &g, 1, 0, out, (uint32_t)n, err, sizeof err)) {
        failed_run("klib_layout", mode, err);
        return;
    }
    const float *want = tilize ? tiles : rm;
    int bad = -1;
    for (int i = 0; i < 1024 * n && bad < 0; i++)
        if (out[i] != want[i]) bad = i;
    if (bad >= 0)
        fprintf(stderr, "klib_layout MODE=%d WT=%d: value %d is %g, not %g\n", mode, wt, bad,
                (double)out[bad], (double)want[bad]);
    CHECK_TRUE(bad < 0);
}

/* ---- binary ops ----------------------------------------------------------------- */

enum { BHT = 2, BWT = 5, BN = BHT * BWT };

static float b_val(int t, int r, int c)
{
    return (float)(((r * 5 + c * 3 + t * 7) % 11) - 5);
}

static void binary_case(int mode)
{
    static float a[BN * 1024], b[BN * 1024], out[BN * 1024], want[BN * 1024], m[1024];
    for (int t = 0; t < BN; t++) {
        for (int i = 0; i < 1024; i++) m[i] = a_val(0, t / BWT, t % BWT, i / D, i % D);
        to_tile(m, a + 1024 * t);
        for (int i = 0; i < 1024; i++) m[i] = b_val(t, i / D, i % D);
        to_tile(m, b + 1024 * t);
    }
    /* B's tiles by broadcast: NONE all, COL one a row, ROW one a column,
     * SCALAR one */
    uint32_t nb = mode == 1 ? BHT : mode == 2 ? BWT : mode == 3 ? 1 : BN;
    for (int t = 0; t < BN; t++) {
        int ht = t / BWT, wt = t % BWT;
        for (int r = 0; r < D; r++)
            for (int c = 0; c < D; c++) {
                float x = a_val(0, ht, wt, r, c), v;
                switch (mode) {
                case 0:
                case 6: v = x + b_val(t, r, c); break;
                case 1: v = x - b_val(ht, r, 0); break;
                case 2: v = x * b_val(wt, 0, c) + 1; break;
                case 3: v = -(x + b_val(0, 0, 0)); break;
                default: v = x * x; break;
                }
                m[r * D + c] = v;
            }
        to_tile(m, want + 1024 * t);
    }
    kl_group g[2] = {{0, a, BN}, {1, b, nb}};
    char err[2048];
    if (kl_run("klib_binary", mode, BHT, BWT, 1, g, mode == 4 || mode == 5 ? 1 : 2, 0, out, BN, err,
               sizeof err)) {
        failed_run("klib_binary", mode, err);
        return;
    }
    int bad = -1;
    for (int i = 0; i < BN * 1024 && bad < 0; i++)
        if (out[i] != want[i]) bad = i;
    if (bad >= 0)
        fprintf(stderr, "klib_binary MODE=%d: value %d is %g, not %g\n", mode, bad,
                (double)out[bad], (double)want[bad]);
    CHECK_TRUE(bad < 0);
}

/* ---- copy_tiles ----------------------------------------------------------------- */

enum { CHT = 2, CWT = 3, CN = CHT * CWT };

static void copy_case(int mode)
{
    static float in[CN * 1024], out[CN * 1024], want[CN * 1024], m[1024];
    for (int t = 0; t < CN; t++) {
        for (int i = 0; i < 1024; i++) m[i] = a_val(1, t / CWT, t % CWT, i / D, i % D);
        to_tile(m, in + 1024 * t);
        if (mode == 1)
            for (int i = 0; i < 1024; i++) m[i] = -(2 * m[i]);
        to_tile(m, want + 1024 * t);
    }
    kl_group g = {0, in, CN};
    char err[2048];
    if (kl_run("klib_copy", mode, CHT, CWT, 1, &g, 1, 0, out, CN, err, sizeof err)) {
        failed_run("klib_copy", mode, err);
        return;
    }
    int bad = -1;
    for (int i = 0; i < CN * 1024 && bad < 0; i++)
        if (out[i] != want[i]) bad = i;
    if (bad >= 0)
        fprintf(stderr, "klib_copy MODE=%d: value %d is %g, not %g\n", mode, bad, (double)out[bad],
                (double)want[bad]);
    CHECK_TRUE(bad < 0);
}

/* ---- data-movement helpers: the tiles they make --------------------------------- */

/* klib_dm DMODE=dm alone writes one tile of CB 16 (pages of `page` bytes):
 * every byte against the tile of the row-major m in format f. */
static void dm_tile_case(int dm, uint32_t page, tf_tile_format f, const float *m)
{
    static unsigned char out[TILE], want[TILE];
    MUST(tf_tilize(m, D, D, f, want));
    char err[2048];
    dm_mode = dm;
    out_page = page;
    if (kl_run(NULL, 0, 1, 1, 1, NULL, 0, 0, out, 1, err, sizeof err)) {
        failed_run("klib_dm", dm, err);
        return;
    }
    int bad = -1;
    for (uint32_t i = 0; i < page && bad < 0; i++)
        if (out[i] != want[i]) bad = (int)i;
    if (bad >= 0)
        fprintf(stderr, "klib_dm DMODE=%d: byte %d is 0x%02x, not 0x%02x\n", dm, bad, out[bad],
                want[bad]);
    CHECK_TRUE(bad < 0);
}

static void dm_tiles(void)
{
    static float m[1024];
    /* AVG of a whole tile of 16: 1/sqrt(16) in row 0 of each face */
    memset(m, 0, sizeof m);
    for (int c = 0; c < D; c++) m[c] = m[16 * D + c] = 0.25f;
    dm_tile_case(2, TILE, TF_TILE_FORMAT_FP32, m);
    /* AVG along rows of 64 for reduce_tile, bfloat16: 1/64 in row 0 of each face */
    for (int c = 0; c < D; c++) m[c] = m[16 * D + c] = 1.0f / 64;
    dm_tile_case(3, 2048, TF_TILE_FORMAT_BF16, m);
    /* a zero tile over ones */
    memset(m, 0, sizeof m);
    dm_tile_case(4, TILE, TF_TILE_FORMAT_FP32, m);
}

/* klib_dm DMODE=dm faults with the message parts. */
static void dm_faults(int dm, uint32_t page, const char *what, const char *instead)
{
    static unsigned char out[TILE];
    char err[2048] = "";
    dm_mode = dm;
    out_page = page;
    CHECK_TRUE(kl_run(NULL, 0, 1, 1, 1, NULL, 0, 0, out, 1, err, sizeof err) != 0);
    TTM_CHECK_LINE(err, "tests/ttm/kernels/klib_dm.cpp:"); /* the kernel's line */
    CHECK_CONTAINS(err, what);
    CHECK_CONTAINS(err, instead);
}

/* ---- refused forms: compile errors naming them ---------------------------------- */

static void refused(int mode, const char *msg)
{
    ttm_refused(dev, "klib_refused", mode, msg);
}

int main(void)
{
    dev = rt_open(1, 1);
    for (int mode = 0; mode <= 5; mode++) reduce_case(mode);
    reduce_case(7); /* the policies form: row sums */
    reduce_case(8); /* ... column maxima, init and uninit in two calls */
    reduce_partial_faults();
    layout_case(0, 3, 2); /* tilize<WT, in, out>(NB) */
    layout_case(1, 3, 2); /* tilize<in, out, InitOnly, WaitUpfront>(WT, 1), then UninitOnly */
    layout_case(2, 3, 2); /* untilize in one pass */
    layout_case(2, 6, 2); /* untilize in two column blocks of 3 (DEST holds 4) */
    layout_case(3, 3, 2); /* untilize, waiting up front */
    layout_case(4, 3, 2); /* the older forms */
    layout_case(5, 3, 2); /* the .h era's tilize(icb, block, ocb, n) */
    layout_case(6, 3, 2); /* the .h era's untilize<W, init, uninit>(icb, ocb, n) */
    layout_case(6, 6, 2); /* ... wider than DEST */
    layout_case(7, 3, 2); /* tilize<TilizeConfig<...>>, tilize<TilizeFlags>(icb, ...) */
    layout_case(8, 3, 2); /* untilize<UntilizeConfig<...>> */
    layout_case(8, 6, 2); /* ... wider than DEST */
    for (int mode = 0; mode <= 6; mode++) binary_case(mode); /* 5: mul(a, a); 6: SRCA_ONLY */
    for (int mode = 0; mode <= 3; mode++) copy_case(mode);
    reduce_case_dm(0, 0); /* row sums, the scaler from calculate_and_prepare_reduce_scaler */
    reduce_case_dm(1, 1); /* column maxima, the scaler from prepare_reduce_scaler */
    dm_tiles();
    dm_faults(5, TILE,
              "not supported by tt-foil at run time: dataflow_kernel_lib::prepare_reduce_scaler "
              "/ calculate_and_prepare_reduce_scaler with fewer valid elements",
              "mask the last tile's padding before the reduce");
    dm_faults(6, 1088, "into a CB whose format is neither Float16_b nor Float32",
              "give the scaler CB the format Float16_b or Float32");
    refused(0, "not supported by tt-foil: compute_kernel_lib::reduce with "
               "ReduceFp32Mode::Accurate");
    refused(1, "not supported by tt-foil: BinaryAccumulate in compute_kernel_lib binary ops");
    refused(2, "compute_kernel_lib::reduce: PoolType::MIN is not supported");
    refused(3, "compute_kernel_lib::copy_tiles: the post-op is callable with a uint32_t");
    {
        char src[512];
        snprintf(src, sizeof src, "%s/tests/ttm/kernels/klib_dm.cpp", TF_TEST_SOURCE_DIR);
        tf_kernel *k = ttm_build_def(dev, src, TF_NCRISC, "DMODE=7", NULL, 0);
        CHECK_TRUE(k == NULL);
        if (k)
            tf_kernel_free(k);
        else
            CHECK_CONTAINS(tf_last_error(), "calculate_and_prepare_reduce_scaler: AVG's "
                                            "reduce_factor (the N it averages) is above 0");
    }
    MUST(tf_device_close(dev));
    return tf_check_report("test_ttm_kernel_lib");
}
