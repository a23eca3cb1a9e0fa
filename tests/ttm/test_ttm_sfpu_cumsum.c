/* cumsum_tile (tt-metal's api/compute/cumsum.h) in a tt-metal-style
 * compute kernel built at run time (tests/ttm/kernels/sfpu_cumsum.cpp):
 * sequences of tiles summed down their columns, columns of tiles 1, 2 and
 * 3 tiles high (first = true on each column's top tile, false below, the
 * carry crossing tiles), Float32 tiles with an fp32 DEST, Float16_b tiles
 * with a 16-bit DEST and with an fp32 one; every output value bit for bit
 * against a host reference in the LLK's order (docs/chip.md "SFPU
 * cumulative sum": one add a row from the top, in fp32, the carry kept in
 * fp32 across tiles); the modeled SFPU cycles; the run-time faults (no
 * init, first = false with no carry, another SFPU op or init between a
 * column's tiles, an integer tile) and what is allowed (another SFPU op
 * before a column's top tile, the tiles in different DEST tiles,
 * cumsum_tile_init again between them). */
#include "tf_perf.h"
#include "tf_tile.h"
#include "ttm_int_tiles.h"

#include <math.h>

static tf_device *dev;

enum { D = TF_TILE_DIM, E = TF_TILE_ELEMS, MAX_TILES = 6 };
/* the kernel's variations (sfpu_cumsum.cpp) */
enum {
    V_NONE,
    V_OTHER_INIT,
    V_NO_CARRY,
    V_OP_BETWEEN,
    V_INIT_BETWEEN,
    V_OP_BEFORE_TOP,
    V_DEST_ALT,
    V_REINIT
};
/* where the values go: Float32 tiles, fp32 DEST; Float16_b tiles, 16-bit
 * DEST; Float16_b tiles, fp32 DEST */
enum { FP32, BF16_DEST16, BF16_DEST32 };

#define fb tf_check_bits
#define bf tf_check_float

static uint32_t lcg(void)
{
    static uint32_t s = 777;
    s = s * 1664525u + 1013904223u;
    return s;
}

/* bf16's nearest even (the packer's conversion from an fp32 DEST) and its
 * truncation (the SFPU's store into a 16-bit DEST); the NaNs here have
 * their payload in the top bits, kept by both */
static uint32_t bf16_rne(uint32_t w)
{
    if ((w & 0x7fffffffu) > 0x7f800000u) return w & 0xffff0000u;
    return (w + 0x7fffu + ((w >> 16) & 1)) & 0xffff0000u;
}

/* n tiles (tile k: rows 32k..32k + 31) of fp32 values: columns 0-9 the
 * edges (running down the whole sequence), the rest mixed magnitudes and
 * signs; bf16: every value kept to bf16 (the CB's format). */
static void input(float *x, int n, int bf16)
{
    for (int t = 0; t < n; t++)
        for (int r = 0; r < D; r++)
            for (int c = 0; c < D; c++) {
                int row = t * D + r; /* the row in the whole sequence */
                float v = (float)((int32_t)(lcg() >> 8) - (1 << 23)) / (float)(1 << (lcg() % 16));
                switch (c) {
                case 0: v = -0.0f; break;                         /* -0 everywhere: +0 + -0 is +0 */
                case 1: v = row == 0 ? 16777216.0f : 1.0f; break; /* each + 1 rounds back */
                case 2: v = row == 36 ? INFINITY : row == 38 ? -INFINITY : 0.5f; break;
                case 3: v = row == 33 ? bf(0x7fc00000u) : 2.0f; break; /* NaN from row 33 on */
                case 4: v = row % 2 ? -1.0e30f : 1.0e30f; break;       /* cancellation */
                case 5: v = 3.0e38f; break;                            /* overflow to inf */
                case 6: v = row % 8 ? 1.0e-3f : 1.0e7f; break;         /* magnitudes apart */
                case 7: v = row == 0 ? 0.5f : 1.0078125f; break;       /* sums bf16 cannot hold */
                case 8: v = (float)(row % 5) - 2.0f; break;
                case 9: v = -(float)(row + 1) * 0.1f; break;
                default: break;
                }
                uint32_t w = fb(v);
                x[row * D + c] = bf(bf16 ? w & 0xffff0000u : w);
            }
}

/* The reference: each column of each column of tiles `height` tiles high,
 * from the top, s = +0 at a column's top tile, s = s + x a row, each sum
 * stored to DEST (a 16-bit DEST truncates) and packed (Float16_b from an
 * fp32 DEST rounds to nearest even); the sum carried on is the fp32 one.
 * trunc_carry (a wrong model, to show the test tells them apart): the
 * carry across tiles is the stored value instead. */
static void reference(const float *x, int n, int height, int where, int trunc_carry, uint32_t *w)
{
    for (int c = 0; c < D; c++) {
        float s = 0;
        for (int t = 0; t < n; t++) {
            if (t % height == 0) s = 0.0f;
            for (int r = 0; r < D; r++) {
                int i = (t * D + r) * D + c;
                s = s + x[i];
                uint32_t v = fb(s);
                if (where == BF16_DEST16)
                    v = (v & 0x7fffffffu) > 0x7f800000u ? (v | 0x00400000u) & 0xffff0000u
                                                        : v & 0xffff0000u;
                else if (where == BF16_DEST32)
                    v = bf16_rne(v);
                w[i] = v;
            }
            if (trunc_carry && where == BF16_DEST16) s = bf(w[((t * D) + D - 1) * D + c]);
        }
    }
}

/* One dispatch of n tiles, columns of `height` tiles, with variation v. */
static int run(const float *x, int n, int height, int where, int v, float *out, tf_perf_core *pc,
               char *err, size_t errcap)
{
    tf_kernel *cmp = ttm_compute(dev, "sfpu_cumsum", NULL, 0, where != BF16_DEST16);
    uint32_t ca[] = {(uint32_t)n, (uint32_t)height, (uint32_t)v};
    return ttm_run_tiles(dev, cmp, where == FP32 ? TF_TILE_FORMAT_FP32 : TF_TILE_FORMAT_BF16, x,
                         (uint32_t)n, out, (uint32_t)n, ca, 3, pc, err, errcap);
}

/* The modeled SFPU cycles: 148 a column's top tile (the carry cleared),
 * 144 each other. */
static uint64_t cycles_want(int n, int height)
{
    uint64_t c = 0;
    for (int t = 0; t < n; t++) c += t % height == 0 ? 148 : 144;
    return c;
}

static void cumsum_case(int n, int height, int where, int v)
{
    static float x[MAX_TILES * E], out[MAX_TILES * E];
    static uint32_t want[MAX_TILES * E];
    input(x, n, where != FP32);
    reference(x, n, height, where, 0, want);
    tf_perf_core pc;
    char err[2048];
    if (run(x, n, height, where, v, out, &pc, err, sizeof err)) {
        fprintf(stderr, "cumsum n %d height %d where %d v %d: %s\n", n, height, where, v, err);
        CHECK_TRUE(0);
        return;
    }
    int bad = 0;
    for (int i = 0; i < n * E; i++)
        if (fb(out[i]) != want[i] && bad++ < 4)
            fprintf(stderr,
                    "cumsum n %d height %d where %d v %d: tile %d (%d, %d) = 0x%08x, want "
                    "0x%08x\n",
                    n, height, where, v, i / E, i / D % D, i % D, fb(out[i]), want[i]);
    CHECK_EQ_U(bad, 0);
    if (v != V_OP_BEFORE_TOP) /* (abs_tile's cycles besides) */
        CHECK_EQ_U(pc.unit_busy[TF_PERF_UNIT_SFPU], cycles_want(n, height));
    CHECK_EQ_U(pc.tiles[TF_PERF_FLOP_SFPU],
               v == V_OP_BEFORE_TOP ? n + (n + height - 1) / height : n);
}

static void fault_case(int v, int where, const char *msg, const char *msg2)
{
    static float x[2 * E], out[2 * E];
    tf_perf_core pc;
    char err[2048];
    input(x, 2, 0);
    int rc = run(x, 2, 2, where, v, out, &pc, err, sizeof err);
    CHECK_TRUE(rc != 0);
    if (!rc) fprintf(stderr, "cumsum variation %d: no fault\n", v);
    if (rc) {
        CHECK_CONTAINS(err, msg);
        TTM_CHECK_LINE(err, msg2);
    }
}

int main(void)
{
    dev = rt_open(1, 1);
    /* the order's rounding, and the carry's width, on the reference */
    {
        static float x[2 * E];
        static uint32_t w[2 * E], wrong[2 * E];
        input(x, 2, 0);
        reference(x, 2, 2, FP32, 0, w);
        /* 2^24, then 1s: each add rounds back to 2^24 (ties to even), so
         * row 31 is 2^24; adding the 31 ones first, or exactly, gives
         * 2^24 + 31 (2^24 + 32 in fp32) */
        CHECK_EQ_U(w[31 * D + 1], fb(16777216.0f));
        float ones = 0;
        for (int r = 1; r < D; r++) ones += x[r * D + 1];
        CHECK_EQ_U(fb(16777216.0f + ones), fb(16777248.0f));
        /* -0 everywhere gives +0 (the carry starts at +0) */
        CHECK_EQ_U(w[0], 0u);
        CHECK_EQ_U(w[(2 * D - 1) * D], 0u);
        /* inf - inf, a NaN, overflow */
        CHECK_EQ_U(w[(D + 4) * D + 2], fb(INFINITY));
        CHECK_TRUE(isnan(bf(w[(D + 6) * D + 2])) && isnan(bf(w[(2 * D - 1) * D + 2])));
        CHECK_TRUE(!isnan(bf(w[D * D + 3])) && isnan(bf(w[(D + 1) * D + 3])));
        CHECK_EQ_U(w[1 * D + 5], fb(INFINITY));
        /* a 16-bit DEST: the carry is the fp32 sum, not the stored one */
        input(x, 2, 1);
        reference(x, 2, 2, BF16_DEST16, 0, w);
        reference(x, 2, 2, BF16_DEST16, 1, wrong);
        int differ = 0;
        for (int i = E; i < 2 * E; i++) differ += w[i] != wrong[i];
        CHECK_TRUE(differ > 0);
        /* row 31 of the first tile, 0.5 + 31 (1 + 2^-7): 31.7421875, stored
         * as 31.625; the next row 32.75 from the first, 32.5 from the second */
        CHECK_EQ_U(w[(D - 1) * D + 7], fb(31.625f));
        CHECK_EQ_U(w[D * D + 7], fb(32.75f));
        CHECK_EQ_U(wrong[D * D + 7], fb(32.5f));
    }
    /* sequences: one tile; 4 tiles in columns of 2; 6 in columns of 3;
     * 3 tiles each its own column */
    static const int seq[][2] = {{1, 1}, {4, 2}, {6, 3}, {3, 1}};
    for (size_t k = 0; k < sizeof seq / sizeof seq[0]; k++)
        for (int where = FP32; where <= BF16_DEST32; where++)
            cumsum_case(seq[k][0], seq[k][1], where, V_NONE);
    /* what is allowed: an SFPU op before a column's top tile; the tiles
     * in DEST[0] and DEST[1] in turn */
    cumsum_case(4, 2, FP32, V_OP_BEFORE_TOP);
    cumsum_case(4, 2, BF16_DEST16, V_OP_BEFORE_TOP);
    cumsum_case(4, 2, FP32, V_DEST_ALT);
    cumsum_case(6, 3, BF16_DEST16, V_DEST_ALT);
    cumsum_case(4, 2, BF16_DEST32, V_REINIT);
    /* the run-time faults, each at the kernel's line */
    fault_case(V_OTHER_INIT, FP32,
               "tile engine SFPU CUMSUM: used without its init: call the CUMSUM init first (the "
               "last SFPU init was EXP)",
               "sfpu_cumsum.cpp:51");
    fault_case(V_NO_CARRY, FP32,
               "tile engine SFPU CUMSUM: first = false, but no cumsum_tile ran before it in this "
               "kernel run",
               "sfpu_cumsum.cpp:51");
    fault_case(V_OP_BETWEEN, BF16_DEST16, /* (abs_tile_init, then abs_tile: the op is named) */
               "tile engine SFPU CUMSUM: first = false, but SFPU op ABS ran after the last "
               "cumsum_tile",
               "sfpu_cumsum.cpp:51");
    fault_case(V_INIT_BETWEEN, FP32,
               "tile engine SFPU CUMSUM: first = false, but the init of SFPU op EXP ran after the "
               "last cumsum_tile",
               "sfpu_cumsum.cpp:51");
    /* an integer tile: the LLK adds floats */
    {
        static uint32_t xi[E], out[E];
        for (int i = 0; i < E; i++) xi[i] = (uint32_t)i;
        const uint32_t *xs[] = {xi};
        uint32_t ca[] = {1, 1, V_NONE};
        tf_perf_core pc;
        char err[2048];
        tf_kernel *cmp = ttm_compute(dev, "sfpu_cumsum", NULL, 0, 1);
        int rc = ttm_int_dispatch(dev, cmp, TF_DF_INT32, TF_DF_INT32, xs, 1, ca, 3, out, &pc, err,
                                  sizeof err);
        CHECK_TRUE(rc != 0);
        if (rc) {
            CHECK_CONTAINS(err, "tile engine SFPU CUMSUM: it takes float values but is given "
                                "integers");
            TTM_CHECK_LINE(err, "sfpu_cumsum.cpp:51");
        }
    }
    MUST(tf_device_close(dev));
    return tf_check_report("test_ttm_sfpu_cumsum");
}
