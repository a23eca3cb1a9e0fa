/* SFPU binary ops between two DEST tiles (add/sub/mul/div/rsub/
 * power_binary_tile, binary_max/min_tile, eq/ne/lt/gt/le/ge_binary_tile) in a tt-metal-style
 * compute kernel built at run time (tests/ttm/kernels/sfpu_binary.cpp): every output value against
 * a host reference, bit for bit, with an fp32 DEST (fp32 tiles) and a 16-bit DEST (bf16 tiles), the
 * result into one of the sources and into a third tile; the SFPU's modeled cycles and counted FLOPs
 * of each op; and the mistakes the engine faults on (no init, another op's init (a comparison's
 * too), a DEST index beyond the half; vector modes: test_ttm_vector_mode). Numerics and cycles:
 * docs/chip.md "Tile engine". */
#include "ttm_sfpu.h"

static tf_device *dev;

enum { E = 1024 };

/* x and y: values in [-8, 8) with full fp32 mantissas (so that sums and
 * products round), some 0s (x / 0, 0 / 0) and equal pairs; a bf16 run
 * gives the same values rounded to bf16. edges (the comparisons): also
 * -0 against 0, NaNs on either side and infinities. */
static void inputs(float *x, float *y, int bf16, int edges)
{
    uint32_t s = 12345;
    for (int i = 0; i < E; i++) {
        s = s * 1664525u + 1013904223u;
        x[i] = (float)(int32_t)(s >> 8) / (float)(1 << 20) - 8.0f * (i & 1);
        s = s * 1664525u + 1013904223u;
        y[i] = (float)(int32_t)(s >> 8) / (float)(1 << 21) - 4.0f;
        if (i % 97 == 0) y[i] = 0;
        if (i % 193 == 0) x[i] = 0;
        if (i % 61 == 0) y[i] = x[i];
        if (bf16) x[i] = ttm_bf16_rne(x[i]), y[i] = ttm_bf16_rne(y[i]);
        if (!edges) continue;
        if (i % 89 == 0) x[i] = -0.0f, y[i] = 0.0f;
        if (i % 89 == 1) x[i] = 0.0f, y[i] = -0.0f;
        if (i % 89 == 2) x[i] = NAN;
        if (i % 89 == 3) y[i] = NAN;
        if (i % 89 == 4) x[i] = NAN, y[i] = NAN;
        if (i % 89 == 5) x[i] = INFINITY;
        if (i % 89 == 6) y[i] = -INFINITY;
        if (i % 89 == 7) x[i] = y[i] = INFINITY;
        if (i % 89 == 8) /* adjacent values: one ulp of the DEST format apart */
            y[i] = tf_check_float(tf_check_bits(x[i]) + (bf16 ? 0x10000u : 1u));
    }
}

/* MODE's value of (x, y) before the store; rne: the op rounds into a
 * 16-bit DEST (mul, div, the NearestEven forms). */
static float want_of(int mode, float x, float y, int *rne)
{
    *rne = mode == 2 || mode == 3 || mode == 8 || mode == 9;
    switch (mode) {
    case 0:
    case 8: return x + y;
    case 10: return x; /* x + the released DEST[1]: zeros */
    case 1:
    case 9: return x - y;
    case 2: return x * y;
    case 3: return x / y;
    case 4: return y - x;
    case 5: return (float)pow((double)x, (double)y);
    case 6: return x > y ? x : y;
    case 7: return x < y ? x : y;
    case 11: return x == y ? 1.0f : 0.0f; /* a NaN compares false */
    case 12: return x != y ? 1.0f : 0.0f; /* ... so ne gives 1 */
    case 13: return x < y ? 1.0f : 0.0f;
    case 14: return x > y ? 1.0f : 0.0f;
    case 15: return x <= y ? 1.0f : 0.0f;
    default: return x >= y ? 1.0f : 0.0f; /* 16 */
    }
}

/* sfpu_binary.cpp with MODE, ODST on x and y; fp32: an fp32 DEST and fp32
 * tiles, else a 16-bit DEST and bf16 tiles. Returns 0 with the result tile
 * in out (row-major) and the counters in pc, or the failure (err). */
static int run(int mode, int odst, int fp32, const float *x, const float *y, float *out,
               tf_perf_core *pc, char *err, size_t errcap)
{
    char d0[24], d1[24];
    snprintf(d0, sizeof d0, "MODE=%d", mode);
    snprintf(d1, sizeof d1, "ODST=%d", odst);
    const char *defs[] = {d0, d1};
    return ttm_sfpu_xy(dev, "sfpu_binary", defs, 2, fp32, x, y, out, pc, err, errcap);
}

/* Each op's modeled SFPU cycles a tile (docs/chip.md "Modeled cost"). */
static uint64_t cycles_of(int mode)
{
    return mode == 3 ? 320 : mode == 5 ? 640 : 64;
}

static void op_case(int mode, int odst, int fp32)
{
    static float x[E], y[E], out[E];
    tf_perf_core pc;
    char err[2048];
    inputs(x, y, !fp32, mode >= 11);
    if (run(mode, odst, fp32, x, y, out, &pc, err, sizeof err)) {
        fprintf(stderr, "sfpu_binary MODE=%d: %s\n", mode, err);
        CHECK_TRUE(0);
        return;
    }
    int bad = 0;
    for (int i = 0; i < E; i++) {
        int rne;
        float w = want_of(mode, x[i], y[i], &rne);
        if (!fp32) w = rne ? ttm_bf16_rne(w) : ttm_bf16_trunc(w);
        int same = ttm_same(out[i], w);
        if (!same && bad++ < 3)
            fprintf(stderr, "sfpu_binary MODE=%d fp32=%d: f(%a, %a) = %a, want %a\n", mode, fp32,
                    (double)x[i], (double)y[i], (double)out[i], (double)w);
    }
    CHECK_EQ_U(bad, 0);
    if (mode >= 11) { /* each comparison's result is 1 somewhere and 0 somewhere */
        int ones = 0;
        for (int i = 0; i < E; i++) ones += tf_check_bits(out[i]) == tf_check_bits(1.0f);
        CHECK_TRUE(ones > 0 && ones < E);
    }
    CHECK_EQ_U(pc.unit_busy[TF_PERF_UNIT_SFPU], cycles_of(mode));
    CHECK_EQ_U(pc.tiles[TF_PERF_FLOP_SFPU], 1);
    CHECK_EQ_U(pc.flops[TF_PERF_FLOP_SFPU], 1024);
}

static void fault_case(int mode, const char *msg)
{
    static float x[E], y[E], out[E];
    tf_perf_core pc;
    char err[2048];
    inputs(x, y, 0, 0);
    int rc = run(mode, 0, 1, x, y, out, &pc, err, sizeof err);
    CHECK_TRUE(rc != 0);
    if (rc) CHECK_CONTAINS(err, msg);
}

/* isclose.cpp: isclose_binary_tile (rtol 1e-2, atol 1e-3; then with
 * EQUAL_NAN) on pairs chosen around the bound and at the special values,
 * against the host's own fp32 evaluation, on an fp32 DEST. */
static void isclose_case(void)
{
    static float in[2 * 1024], out[2 * 1024];
    static const float pairs[][2] = {
        {1.0f, 1.0f},    {1.0f, 1.0105f},      {1.0f, 1.0115f},       {0.0f, 0.0009f},
        {0.0f, 0.0011f}, {-0.0f, 0.0f},        {100.0f, 101.0f},      {100.0f, 102.5f},
        {-5.0f, 5.0f},   {INFINITY, INFINITY}, {INFINITY, -INFINITY}, {INFINITY, 1e38f},
        {NAN, NAN},      {NAN, 1.0f},          {1.0f, NAN},           {-1e-30f, 1e-30f}};
    enum { NP = sizeof pairs / sizeof *pairs };
    for (int i = 0; i < 1024; i++) {
        in[i] = pairs[i % NP][0];
        in[1024 + i] = pairs[i % NP][1] * (i < NP ? 1.0f : 1.0f + (float)(i % 7) * 1e-3f);
    }
    static float tin[2 * 1024], tout[2 * 1024];
    for (int t = 0; t < 2; t++)
        MUST(tf_tilize(in + 1024 * t, 32, 32, TF_TILE_FORMAT_FP32, tin + 1024 * t));
    char err[1024];
    int rc = ttm_run_tiles(dev, ttm_compute_fp32(dev, "isclose", NULL, 0), TF_TILE_FORMAT_FP32, tin,
                           2, tout, 2, NULL, 0, NULL, err, sizeof err);
    CHECK_TRUE(rc == 0);
    if (rc) {
        fprintf(stderr, "isclose: %s\n", err);
        return;
    }
    for (int t = 0; t < 2; t++)
        MUST(tf_untilize(tout + 1024 * t, 32, 32, TF_TILE_FORMAT_FP32, out + 1024 * t));
    int bad = 0;
    const float rtol = 1e-2f, atol = 1e-3f;
    for (int t = 0; t < 2; t++)
        for (int i = 0; i < 1024; i++) {
            float a = in[i], b = in[1024 + i];
            int close = isnan(a) || isnan(b)   ? t && isnan(a) && isnan(b)
                        : isinf(a) || isinf(b) ? a == b
                                               : fabsf(a - b) <= fmaf(rtol, fabsf(b), atol);
            if (out[1024 * t + i] != (close ? 1.0f : 0.0f)) {
                if (!bad)
                    fprintf(stderr, "isclose%s(%g, %g) = %g\n", t ? "<EQUAL_NAN>" : "", a, b,
                            out[1024 * t + i]);
                bad++;
            }
        }
    CHECK_TRUE(bad == 0);
    /* the designed pairs' answers, as torch.isclose gives them */
    static const int want[NP] = {1, 1, 0, 1, 0, 1, 1, 0, 0, 1, 0, 0, 0, 0, 0, 1};
    for (int i = 0; i < NP; i++) CHECK_EQ_U((uint32_t)out[i], (uint32_t)want[i]);
    CHECK_EQ_U((uint32_t)out[1024 + 12], 1); /* NaN, NaN with EQUAL_NAN */
    /* the tolerances' address past L1's end: the fault says so */
    const char *bad_tol[] = {"BAD_TOLERANCES"};
    rc = ttm_run_tiles(dev, ttm_compute_fp32(dev, "isclose", bad_tol, 1), TF_TILE_FORMAT_FP32, tin,
                       2, tout, 2, NULL, 0, NULL, err, sizeof err);
    CHECK_TRUE(rc != 0);
    CHECK_CONTAINS(err, "SFPU ISCLOSE: its two tolerance words (ARG3, an L1 address");
}

int main(void)
{
    dev = rt_open(1, 1);
    isclose_case();
    /* 10 and the comparisons first: the last op before the faults below is
     * 9's SUB (the engine keeps a core's last SFPU init across dispatches) */
    static const int modes[] = {10, 11, 12, 13, 14, 15, 16, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9};
    for (int fp32 = 1; fp32 >= 0; fp32--)
        for (size_t m = 0; m < sizeof modes / sizeof modes[0]; m++) {
            int mode = modes[m];
            op_case(mode, mode % 2 ? 0 : 2, fp32); /* into x's tile, or into DEST[2] */
        }
    /* (the last SFPU init is the previous dispatch's: the core's engine
     * keeps it) */
    fault_case(20, "tile engine SFPU ADD_BINARY: used without its init: call the ADD_BINARY "
                   "init first");
    fault_case(21, "tile engine SFPU DIV_BINARY: used without its init: call the DIV_BINARY "
                   "init first (the last SFPU init was MUL_BINARY)");
    fault_case(22, "tile engine SFPU ADD_BINARY: the DEST index 5 is beyond the 4 tiles");
    fault_case(23, "tile engine SFPU MAX_BINARY: the DEST index 6 is beyond the 4 tiles");
    fault_case(25, "tile engine SFPU GT_BINARY: used without its init: call the GT_BINARY "
                   "init first (the last SFPU init was LT_BINARY)");
    MUST(tf_device_close(dev));
    return tf_check_report("test_ttm_sfpu_binary");
}
