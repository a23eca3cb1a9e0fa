/* tt-metal's compute API on the tile engine, from C compute kernels,
 * against host references in float64 (exact where the engine is exact,
 * tolerances from the formats and fidelity elsewhere; docs/chip.md
 * "Numerics"): each broadcast form, dest reuse and acc_to_dest, every
 * reduce kind and dimension, matmul with Kt accumulation and matmul_block
 * at the four fidelities (errors and cycles), transpose, tilize and
 * untilize, the SFPU ops over their domains and edge values, Bfp8_b,
 * Bfp4_b, Bfp2_b and Float16 on the device (a LoFi matmul by Bfp4_b/Bfp2_b
 * weights), and the faults: DEST overflow, ops without their init. */
#include "compute_run.h"

#include <math.h>

static tf_device *dev;

/* The C++ kernels have more forms: transpose_tile (op 102) and
 * pack_untilize_dest (how 3). */
#ifdef TF_TTM_COMPUTE
#define LAST_TRANSPOSE 102
#define LAST_UNTILIZE  3
#else
#define LAST_TRANSPOSE 101
#define LAST_UNTILIZE  2
#endif

static uint32_t seed = 12345;
static float rnd(float lo, float hi) /* a bf16-exact value in [lo, hi] */
{
    seed = seed * 1103515245u + 12345u;
    return cr_bf(lo + (hi - lo) * (float)((seed >> 8) & 0xffff) / 65535.0f);
}

static void fill(float *m, int n, float lo, float hi)
{
    for (int i = 0; i < n; i++) m[i] = rnd(lo, hi);
}

static double ref_bin(uint32_t op, double x, double y)
{
    return op == TF_BINOP_ADD ? x + y : op == TF_BINOP_SUB ? x - y : x * y;
}

/* ---- binary ops and broadcasts ------------------------------------------------------ */

enum { BR = 64, BC = 64 };

static int binary(uint32_t op, uint32_t bcast, uint32_t how)
{
    static float a[BR * BC], b[BR * BC], c[BR * BC];
    fill(a, BR * BC, -8, 8);
    fill(b, BR * BC, -8, 8);
    cr_run r = {.kernel = "ops_binary",
                .nin = 2,
                .out_rows = BR,
                .out_cols = BC,
                .out_f = TF_TILE_FORMAT_BF16,
                .args = {4, op, bcast, how},
                .nargs = 4,
                .out = c};
    r.in[0] = (cr_input){.cb = 0, .m = a, .rows = BR, .cols = BC, .f = TF_TILE_FORMAT_BF16};
    r.in[1] = (cr_input){.cb = 1, .m = b, .rows = BR, .cols = BC, .f = TF_TILE_FORMAT_BF16};
    if (cr_execute(dev, &r)) {
        fprintf(stderr, "%s\n", r.err);
        return -1;
    }
    int bad = 0;
    for (int i = 0; i < BR; i++)
        for (int k = 0; k < BC; k++) {
            int r0 = i / 32 * 32, c0 = k / 32 * 32;
            float y = bcast == TF_BCAST_ROW      ? b[r0 * BC + k]
                      : bcast == TF_BCAST_COL    ? b[i * BC + c0]
                      : bcast == TF_BCAST_SCALAR ? b[r0 * BC + c0]
                                                 : b[i * BC + k];
            float x = a[i * BC + k];
            /* bf16 inputs: products are exact in fp32 at HiFi4, so one
             * rounding to bf16 (DEST) gives the host's value */
            float want = cr_bf((float)ref_bin(op, x, y));
            if (how == 5)
                want = cr_bf((float)ref_bin(op, x, y) + x); /* acc_to_dest: + DEST (= A) */
            bad += c[i * BC + k] != want;
        }
    return bad;
}

/* ---- reductions ------------------------------------------------------------------------ */

static void reduce_case(uint32_t pool, uint32_t dim)
{
    enum { N = 4 };
    static float in[32 * 32 * N], scal[32 * 32], out[32 * 32];
    fill(in, 32 * 32 * N, -4, 4);
    float s = pool == TF_POOL_MAX ? 1.0f : pool == TF_POOL_AVG ? 1.0f / 128 : 0.5f;
    memset(scal, 0, sizeof scal);
    for (int k = 0; k < 32; k++) scal[k] = scal[16 * 32 + k] = s; /* row 0 of each face */
    cr_run r = {.kernel = "ops_reduce",
                .nin = 2,
                .out_rows = 32,
                .out_cols = 32,
                .out_f = TF_TILE_FORMAT_FP32,
                .args = {N, pool, dim, 0, (pool + dim) & 1}, /* 4: C++ only, the runtime form */
                .nargs = 5,
                .out = out};
    r.in[0] = (cr_input){.cb = 0, .m = in, .rows = 32, .cols = 32 * N, .f = TF_TILE_FORMAT_BF16};
    r.in[1] = (cr_input){.cb = 1, .m = scal, .rows = 32, .cols = 32, .f = TF_TILE_FORMAT_BF16};
    MUST(cr_execute(dev, &r));
    /* tile t is columns 32t..32t+31; the reduction covers all N tiles */
    int bad = 0;
    double worst = 0;
    for (int i = 0; i < 32; i++)
        for (int k = 0; k < 32; k++) {
            int on = dim == TF_REDUCE_ROW   ? k == 0
                     : dim == TF_REDUCE_COL ? i == 0
                                            : i == 0 && k == 0;
            double want = 0, mag = 0;
            if (on) {
                want = pool == TF_POOL_MAX ? -INFINITY : 0;
                for (int t = 0; t < N; t++)
                    for (int u = 0; u < 32; u++)
                        for (int v = 0; v < 32; v++) {
                            int rr = dim == TF_REDUCE_ROW ? i : u,
                                cc = dim == TF_REDUCE_COL ? k : v;
                            if (dim == TF_REDUCE_ROW && u) continue;
                            if (dim == TF_REDUCE_COL && v) continue;
                            if (dim == TF_REDUCE_ROW) cc = v;
                            if (dim == TF_REDUCE_COL) rr = u;
                            double x = in[rr * 32 * N + t * 32 + cc];
                            if (pool == TF_POOL_MAX)
                                want = x > want ? x : want;
                            else { /* SCALAR: two passes, each scaled */
                                double f = dim == TF_REDUCE_SCALAR ? (double)s * s : s;
                                want += x * f;
                                mag += fabs(x * f);
                            }
                        }
            }
            double got = out[i * 32 + k], err = fabs(got - want);
            /* MAX is exact; a sum rounds to bf16 in DEST once per tile (N
             * times, 2^-9 relative each) */
            double tol = pool == TF_POOL_MAX ? 0 : N * mag * 0x1p-9 + 1e-6;
            if (!(err <= tol)) bad++;
            if (on && pool != TF_POOL_MAX && err / (mag + 1e-9) > worst) worst = err / (mag + 1e-9);
        }
    CHECK_EQ_U(bad, 0);
}

/* ---- matmul and fidelity ----------------------------------------------------------------- */

enum { MT = 2, KT = 3, NT = 2 };
static float ma[MT * 32 * KT * 32], mb[KT * 32 * NT * 32];

/* max |C - A B| relative to sum |a||b| per element; cycles */
static int64_t tail_, *tail = &tail_;
static uint64_t math_, *math = &math_;
static double matmul_err(const char *kernel, uint32_t how, uint64_t *cycles, float *c)
{
    /* the compute-bound run reads Bfp8_b (half the unpack of bf16, which
     * would hide the math at every fidelity) */
    tf_tile_format f = how == 2 ? TF_TILE_FORMAT_BFP8_B : TF_TILE_FORMAT_BF16;
    cr_run r = {.kernel = kernel,
                .nin = 2,
                .out_rows = MT * 32,
                .out_cols = NT * 32,
                .out_f = TF_TILE_FORMAT_FP32,
                .args = {MT, KT, NT, how, 1},
                .nargs = 5,
                .out = c};
    if (how == 2) r.args[3] = 0, r.args[4] = 16; /* compute-bound: 16 passes */
    r.in[0] = (cr_input){.cb = 0, .m = ma, .rows = MT * 32, .cols = KT * 32, .f = f};
    r.in[1] = (cr_input){.cb = 1, .m = mb, .rows = KT * 32, .cols = NT * 32, .f = f};
    MUST(cr_execute(dev, &r));
    *cycles = r.cycles;
    /* the math's last product ends this long after the last unpack */
    *tail = (int64_t)r.core0.done_cycle[TF_TRISC1] - (int64_t)r.core0.done_cycle[TF_TRISC0];
    *math = r.core0.done_cycle[TF_TRISC1] - r.core0.go_cycle[TF_TRISC1];
    double worst = 0;
    for (int i = 0; i < MT * 32; i++)
        for (int j = 0; j < NT * 32; j++) {
            double s = 0, mag = 0;
            for (int k = 0; k < KT * 32; k++) {
                double p = (double)ma[i * KT * 32 + k] * mb[k * NT * 32 + j];
                s += p;
                mag += fabs(p);
            }
            double e = fabs(c[i * NT * 32 + j] - s) / mag;
            if (e > worst) worst = e;
        }
    return worst;
}

static void matmuls(void)
{
    static float c0[MT * 32 * NT * 32], c1[MT * 32 * NT * 32];
    fill(ma, MT * 32 * KT * 32, -2, 2);
    fill(mb, KT * 32 * NT * 32, -2, 2);
    const char *k[4] = {"ops_matmul_lofi", "ops_matmul_hifi2", "ops_matmul_hifi3",
                        "ops_matmul_hifi4"};
    double err[4];
    uint64_t cyc[4], cb, mspan[4];
    int64_t mtail[4];
    for (int f = 0; f < 4; f++) {
        (void)matmul_err(k[f], 2, &cyc[f], c0);
        mtail[f] = *tail;
        mspan[f] = *math;
        err[f] = matmul_err(k[f], 0, &cb, c0);
        /* matmul_block: the same products in the same order */
        (void)matmul_err(k[f], 1, &cb, c1);
        CHECK_TRUE(memcmp(c0, c1, sizeof c0) == 0);
        printf("matmul %s%s: max error %.3g (of sum |ab|), %llu cycles (math %llu, its last "
               "product ends %+lld from the last unpack; block: %llu)\n",
               CR_KERNEL_PREFIX, k[f], err[f], (unsigned long long)cyc[f],
               (unsigned long long)mspan[f], (long long)mtail[f], (unsigned long long)cb);
    }
    /* each phase adds mantissa bits (the cycles: 16 passes over the 12 tile
     * products, 16 x phases cycles each, so they dominate the NOC loads): measurably smaller
     * errors, more cycles. LoFi keeps 5 bits of in1 x 7 of in0: ~2^-5; HiFi4 is exact products of
     * bf16 with fp32 sums (the Kt accumulation in DEST): ~K 2^-24 */
    CHECK_TRUE(err[0] > err[1] && err[1] > err[2] && err[2] > err[3]);
    CHECK_TRUE(err[0] < 0x1p-4 && err[0] > 0x1p-9);
    CHECK_TRUE(err[3] < 96 * 0x1p-24);
    /* The cycles: a tile-by-tile matmul is unpack-bound below HiFi4 (two
     * Bfp8_b unpacks, 34 cycles, and the unpacker's own instructions per
     * product against 16 x phases of math), and the whole run is bound by
     * the NOC loads, so its total barely moves. What each phase adds shows
     * in the math: its last product ends (at least) 16 cycles later per phase
     * after the last unpack, and at HiFi4 (64 a product) the math is the bottleneck. */
    for (int f = 1; f < 4; f++) CHECK_TRUE(mtail[f] >= mtail[f - 1] + 16);
    CHECK_TRUE(mspan[3] > mspan[0] + 1000);
    /* bf16 DEST: each of the Kt accumulation steps rounds to bf16 */
    double e16 = matmul_err("ops_matmul16", 0, &cb, c0);
    CHECK_TRUE(e16 < KT * 0x1p-9 && e16 > err[3]);
}

/* ---- SFPU -------------------------------------------------------------------------- */

static const float edges[16] = {0.0f,   -0.0f,  1.0f, -1.0f, INFINITY, -INFINITY, NAN,     1e30f,
                                -1e30f, 1e-30f, 0.5f, -0.5f, 2.0f,     100.0f,    -100.0f, 3.0f};

static double ref_unary(uint32_t op, double x, float p)
{
    switch (op) {
    case TF_SFPU_EXP: return exp(x);
    case TF_SFPU_EXP2: return exp2(x);
    case TF_SFPU_LOG: return log(x);
    case TF_SFPU_RECIP: return 1.0 / x;
    case TF_SFPU_SQRT: return sqrt(x);
    case TF_SFPU_RSQRT: return 1.0 / sqrt(x);
    case TF_SFPU_RELU: return x > 0 ? x : 0;
    case TF_SFPU_RELU_MAX: return x > p ? p : x > 0 ? x : 0;
    case TF_SFPU_RELU_MIN: return x < p ? p : x;
    case TF_SFPU_LEAKY_RELU: return x < 0 ? p * x : x;
    case TF_SFPU_GELU: return 0.5 * x * (1 + erf(x / sqrt(2.0)));
    case TF_SFPU_GELU_TANH:
        return 0.5 * x * (1 + tanh(sqrt(2 / M_PI) * (x + 0.044715 * x * x * x)));
    case TF_SFPU_SILU: return x / (1 + exp(-x));
    case TF_SFPU_SIGMOID: return 1 / (1 + exp(-x));
    case TF_SFPU_TANH: return tanh(x);
    case TF_SFPU_ABS: return fabs(x);
    case TF_SFPU_NEGATIVE: return -x;
    case TF_SFPU_SQUARE: return x * x;
    case TF_SFPU_POWER: return pow(x, 3);
    case TF_SFPU_SIN: return sin(x);
    case TF_SFPU_COS: return cos(x);
    case TF_SFPU_FILL: return p;
    case TF_SFPU_ADD_SCALAR: return x + p;
    case TF_SFPU_SUB_SCALAR: return x - p;
    case TF_SFPU_MUL_SCALAR:
    case TF_SFPU_DIV_SCALAR: return x * p;
    case TF_SFPU_RSUB_SCALAR: return p - x;
    case 103: /* exp_tile with scale_en: x times 0.5 first (the C++ kernel) */
    case 104: return exp(0.5 * x);
    default: return x;
    }
}

/* The op over edge values and a sweep of [lo, hi] in fp32 (fp32 DEST).
 * Returns the worst error past the edges: relative if rel, else absolute. */
static double sfpu_case(uint32_t op, int approx, float lo, float hi, int rel, double *edge_bad)
{
    static float in[1024], out[1024];
    memcpy(in, edges, sizeof edges);
    for (int i = 16; i < 1024; i++) in[i] = lo + (hi - lo) * (float)(i - 16) / 1007.0f;
    float p = op == TF_SFPU_RELU_MAX     ? 6.0f
              : op == TF_SFPU_RELU_MIN   ? -0.25f
              : op == TF_SFPU_LEAKY_RELU ? 0.125f
                                         : 1.5f;
    uint32_t param = op == TF_SFPU_POWER ? 3u : tf_check_bits(p);
    cr_run r = {.kernel = "ops_unary",
                .nin = 1,
                .out_rows = 32,
                .out_cols = 32,
                .out_f = TF_TILE_FORMAT_FP32,
                .args = {1, op, param, (uint32_t)approx},
                .nargs = 4,
                .out = out};
    r.in[0] = (cr_input){.cb = 0, .m = in, .rows = 32, .cols = 32, .f = TF_TILE_FORMAT_FP32};
    MUST(cr_execute(dev, &r));
    double worst = 0;
    *edge_bad = 0;
    for (int i = 0; i < 1024; i++) {
        double want = ref_unary(op, in[i], p), got = out[i];
        if (i < 16) {
            /* exact modes: NaN where the reference is NaN, infinities and
             * zeros exactly; finite values to fp32 rounding */
            if (approx) continue;
            float wf = (float)want; /* beyond fp32's range: inf */
            int ok = isnan(want) ? isnan(got)
                     : isinf(wf) || want == 0
                         ? got == wf || (fabs(want) < 1e-37 && fabs(got) < 1e-37)
                         : fabs(got - want) <= 1e-6 * fabs(want) + 1e-30;
            if (!ok) {
                *edge_bad += 1;
                fprintf(stderr, "sfpu op %u: f(%g) = %g, want %g\n", op, in[i], got, want);
            }
            continue;
        }
        double e = fabs(got - want);
        if (rel) e /= fabs(want) > 1e-30 ? fabs(want) : 1;
        if (e > worst) worst = e;
    }
    return worst;
}

static void sfpus(void)
{
    struct {
        uint32_t op;
        float lo, hi;
        int rel;
    } ops[] = {
        {TF_SFPU_EXP, -20, 20, 1},       {TF_SFPU_EXP2, -30, 30, 1},
        {TF_SFPU_LOG, 1e-3f, 1e4f, 0},   {TF_SFPU_RECIP, 0.01f, 100, 1},
        {TF_SFPU_SQRT, 0, 1e4f, 1},      {TF_SFPU_RSQRT, 1e-3f, 1e4f, 1},
        {TF_SFPU_RELU, -5, 5, 0},        {TF_SFPU_RELU_MAX, -10, 10, 0},
        {TF_SFPU_RELU_MIN, -3, 3, 0},    {TF_SFPU_LEAKY_RELU, -5, 5, 0},
        {TF_SFPU_GELU, -6, 6, 0},        {TF_SFPU_GELU_TANH, -6, 6, 0},
        {TF_SFPU_SILU, -10, 10, 0},      {TF_SFPU_SIGMOID, -12, 12, 0},
        {TF_SFPU_TANH, -6, 6, 0},        {TF_SFPU_ABS, -5, 5, 0},
        {TF_SFPU_NEGATIVE, -5, 5, 0},    {TF_SFPU_SQUARE, -100, 100, 1},
        {TF_SFPU_POWER, -10, 10, 1},     {TF_SFPU_SIN, -10, 10, 0},
        {TF_SFPU_COS, -10, 10, 0},       {TF_SFPU_FILL, -1, 1, 0},
        {TF_SFPU_ADD_SCALAR, -5, 5, 0},  {TF_SFPU_SUB_SCALAR, -5, 5, 0},
        {TF_SFPU_MUL_SCALAR, -5, 5, 0},  {TF_SFPU_DIV_SCALAR, -5, 5, 0},
        {TF_SFPU_RSUB_SCALAR, -5, 5, 0},
    };
    for (size_t i = 0; i < sizeof ops / sizeof *ops; i++) {
        double edge_bad;
        double e = sfpu_case(ops[i].op, 0, ops[i].lo, ops[i].hi, ops[i].rel, &edge_bad);
        CHECK_TRUE(edge_bad == 0);
        CHECK_TRUE(e <= 2e-7 * (ops[i].rel ? 1 : 20)); /* one fp32 rounding */
    }
    /* approximate modes: the bounds docs/chip.md states */
    struct {
        uint32_t op;
        float lo, hi;
        int rel;
        double bound;
    } ap[] = {
        {TF_SFPU_EXP, -20, 20, 1, 3e-3},      {TF_SFPU_LOG, 1e-3f, 1e4f, 0, 1e-3},
        {TF_SFPU_SQRT, 1e-3f, 1e4f, 1, 3e-4}, {TF_SFPU_RSQRT, 1e-3f, 1e4f, 1, 3e-4},
        {TF_SFPU_GELU, -6, 6, 0, 1e-3},       {TF_SFPU_SIGMOID, -12, 12, 0, 1e-3},
        {TF_SFPU_TANH, -6, 6, 0, 2e-3},
    };
    for (size_t i = 0; i < sizeof ap / sizeof *ap; i++) {
        double edge_bad, e = sfpu_case(ap[i].op, 1, ap[i].lo, ap[i].hi, ap[i].rel, &edge_bad);
        double exact = sfpu_case(ap[i].op, 0, ap[i].lo, ap[i].hi, ap[i].rel, &edge_bad);
        printf("sfpu op %u approx: max %s error %.3g (exact mode %.3g)\n", ap[i].op,
               ap[i].rel ? "relative" : "absolute", e, exact);
        CHECK_TRUE(e <= ap[i].bound && e > exact); /* a real approximation, within its bound */
    }
}

/* bf16 DEST: the SFPU's store truncates to bf16 (at most 2^-7 relative). */
static void sfpu16(void)
{
    static float in[1024], out[1024];
    for (int i = 0; i < 1024; i++) in[i] = cr_bf(-10 + 20 * (float)i / 1023);
    cr_run r = {.kernel = "ops_unary16",
                .nin = 1,
                .out_rows = 32,
                .out_cols = 32,
                .out_f = TF_TILE_FORMAT_FP32,
                .args = {1, TF_SFPU_EXP, 0, 0},
                .nargs = 4,
                .out = out};
    r.in[0] = (cr_input){.cb = 0, .m = in, .rows = 32, .cols = 32, .f = TF_TILE_FORMAT_BF16};
    MUST(cr_execute(dev, &r));
    int bad = 0, truncated = 0;
    for (int i = 0; i < 1024; i++) {
        double want = exp((double)in[i]), got = out[i];
        bad += !(got <= want && (want - got) / want < 0x1p-7);
        truncated += got != cr_bf((float)want);
    }
    CHECK_EQ_U(bad, 0);
    CHECK_TRUE(truncated > 0); /* truncation, not rounding to nearest */
}

/* ---- transpose, layouts, formats ------------------------------------------------------------ */

static void transposes(void)
{
    static float in[64 * 32], out[64 * 32];
    fill(in, 64 * 32, -100, 100);
    for (uint32_t op = 100; op <= LAST_TRANSPOSE; op++) {
        cr_run r = {.kernel = "ops_unary",
                    .nin = 1,
                    .out_rows = 64,
                    .out_cols = 32,
                    .out_f = TF_TILE_FORMAT_BF16,
                    .args = {2, op, 0, 0},
                    .nargs = 4,
                    .out = out};
        r.in[0] = (cr_input){.cb = 0, .m = in, .rows = 64, .cols = 32, .f = TF_TILE_FORMAT_BF16};
        MUST(cr_execute(dev, &r));
        int bad = 0;
        for (int t = 0; t < 2; t++)
            for (int i = 0; i < 32; i++)
                for (int k = 0; k < 32; k++)
                    bad += out[(t * 32 + i) * 32 + k] != in[(t * 32 + k) * 32 + i];
        CHECK_EQ_U(bad, 0);
    }
}

static void layouts(void)
{
    enum { CT = 3, RT = 2, W = CT * 32, H = RT * 32 };
    static float m[H * W], back[H * W];
    static uint16_t rows[H * W], rows_out[H * W];
    fill(m, H * W, -50, 50);
    for (int i = 0; i < H * W; i++) rows[i] = tf_bf16_from_f32(m[i]);
    /* tilize: row-major bf16 -> tiles, which the host untilizes back */
    cr_run r = {.kernel = "ops_layout",
                .nin = 1,
                .out_rows = H,
                .out_cols = W,
                .out_f = TF_TILE_FORMAT_BF16,
                .args = {0, CT, RT},
                .nargs = 3,
                .out = back};
    r.in[0] = (cr_input){.cb = 0, .raw = rows, .raw_bytes = sizeof rows, .f = TF_TILE_FORMAT_BF16};
    MUST(cr_execute(dev, &r));
    CHECK_TRUE(memcmp(m, back, sizeof m) == 0);
    /* untilize and pack_untilize: tiles -> row-major */
    for (uint32_t how = 1; how <= LAST_UNTILIZE; how++) {
        cr_run u = {.kernel = "ops_layout",
                    .nin = 1,
                    .out_raw_bytes = sizeof rows_out,
                    .out_f = TF_TILE_FORMAT_BF16,
                    .args = {how, CT, RT},
                    .nargs = 3,
                    .out_raw = rows_out};
        u.in[0] = (cr_input){.cb = 0, .m = m, .rows = H, .cols = W, .f = TF_TILE_FORMAT_BF16};
        MUST(cr_execute(dev, &u));
        CHECK_TRUE(memcmp(rows, rows_out, sizeof rows) == 0);
    }
}

/* Bfp8_b on the device: unpack is exact, the pack is the host's encoder. */
static void bfp8(void)
{
    static float m[64 * 64], host[64 * 64], dev_out[64 * 64];
    fill(m, 64 * 64, -3, 3);
    size_t bytes = tf_tiled_bytes(64, 64, TF_TILE_FORMAT_BFP8_B);
    CHECK_EQ_U(bytes, 4 * 1088);
    uint8_t *t = malloc(bytes);
    MUST(tf_tilize(m, 64, 64, TF_TILE_FORMAT_BFP8_B, t));
    MUST(tf_untilize(t, 64, 64, TF_TILE_FORMAT_BFP8_B, host));
    /* bf16 tiles in, packed to Bfp8_b by the engine (x 1.0) = the host's */
    cr_run r = {.kernel = "ops_unary",
                .nin = 1,
                .out_rows = 64,
                .out_cols = 64,
                .out_f = TF_TILE_FORMAT_BFP8_B,
                .args = {4, TF_SFPU_MUL_SCALAR, tf_check_bits(1.0f), 0},
                .nargs = 4,
                .out = dev_out};
    r.in[0] = (cr_input){.cb = 0, .m = m, .rows = 64, .cols = 64, .f = TF_TILE_FORMAT_BF16};
    MUST(cr_execute(dev, &r));
    CHECK_TRUE(memcmp(host, dev_out, sizeof host) == 0);
    /* the same with the CBs' data formats set (tf_program_set_cb_format) */
    r.cb_formats = 1;
    memset(dev_out, 0, sizeof dev_out);
    MUST(cr_execute(dev, &r));
    CHECK_TRUE(memcmp(host, dev_out, sizeof host) == 0);
    r.cb_formats = 0;
    /* Bfp8_b in, fp32 out: the values the host decodes */
    r.in[0] = (cr_input){.cb = 0, .m = host, .rows = 64, .cols = 64, .f = TF_TILE_FORMAT_BFP8_B};
    r.out_f = TF_TILE_FORMAT_FP32;
    MUST(cr_execute(dev, &r));
    CHECK_TRUE(memcmp(host, dev_out, sizeof host) == 0);
    /* typecast to Bfp8_b in DEST: the same values again */
    r.in[0] = (cr_input){.cb = 0, .m = m, .rows = 64, .cols = 64, .f = TF_TILE_FORMAT_FP32};
    r.args[1] = TF_SFPU_TYPECAST;
    r.args[2] = TF_DF_BFP8_B;
    MUST(cr_execute(dev, &r));
    CHECK_TRUE(memcmp(host, dev_out, sizeof host) == 0);
    free(t);
}

/* Bfp4_b and Bfp2_b on the device, as bfp8 above (the host codec against
 * an independent reference: tests/unit/test_tile_bfp.c), by page size and
 * by data format; then the use they exist for, a LoFi matmul of bf16
 * activations by block-float weights (in1, SrcA), exact: the weights have
 * at most 3 significant bits and the activations 7, what LoFi keeps of
 * SrcA and SrcB, and every sum fits fp32, so the reference is the float64
 * sum rounded to bf16 here. */
static uint16_t ref_bf16(float v) /* round to nearest even (no NaN here) */
{
    uint32_t w;
    memcpy(&w, &v, 4);
    uint32_t keep = w >> 16, rest = w & 0xffff;
    if (rest > 0x8000 || (rest == 0x8000 && (keep & 1))) keep++;
    return (uint16_t)keep;
}

/* After r (an ops_unary run, x 1.0) packed m's 64 x 64 values into format
 * f (data format df) as the host's `host`: tiles of f in, fp32 out, are
 * the values the host decodes, and m typecast to f in DEST (fp32 in and
 * out) the same values. */
static void decoded_as_host(cr_run *r, const float *m, const float *host, float *dev_out,
                            tf_tile_format f, uint32_t df)
{
    r->in[0] = (cr_input){.cb = 0, .m = host, .rows = 64, .cols = 64, .f = f};
    r->out_f = TF_TILE_FORMAT_FP32;
    memset(dev_out, 0, 64 * 64 * sizeof *dev_out);
    MUST(cr_execute(dev, r));
    CHECK_TRUE(memcmp(host, dev_out, 64 * 64 * sizeof *dev_out) == 0);
    r->in[0] = (cr_input){.cb = 0, .m = m, .rows = 64, .cols = 64, .f = TF_TILE_FORMAT_FP32};
    r->args[1] = TF_SFPU_TYPECAST;
    r->args[2] = df;
    memset(dev_out, 0, 64 * 64 * sizeof *dev_out);
    MUST(cr_execute(dev, r));
    CHECK_TRUE(memcmp(host, dev_out, 64 * 64 * sizeof *dev_out) == 0);
}

static void bfp_small(tf_tile_format f, uint32_t df, uint32_t tile)
{
    static float m[64 * 64], host[64 * 64], dev_out[64 * 64];
    fill(m, 64 * 64, -3, 3);
    m[5] = 1e-3f;              /* a block mixing large and tiny values: the tiny one goes to 0 */
    m[64 * 2 + 3] = -INFINITY; /* blocks with inf and NaN: E = 255 */
    m[64 * 40 + 17] = NAN;
    CHECK_EQ_U(tf_tiled_bytes(64, 64, f), 4 * tile);
    uint8_t *t = malloc(tf_tiled_bytes(64, 64, f));
    MUST(tf_tilize(m, 64, 64, f, t));
    MUST(tf_untilize(t, 64, 64, f, host));
    CHECK_TRUE(host[5] == 0.0f && host[64 * 2 + 3] == -INFINITY && host[64 * 2 + 4] == 0.0f);
    for (int formats = 0; formats < 2; formats++) {
        /* bf16 tiles in, packed by the engine (x 1.0) = the host's */
        cr_run r = {.kernel = "ops_unary",
                    .nin = 1,
                    .out_rows = 64,
                    .out_cols = 64,
                    .out_f = f,
                    .args = {4, TF_SFPU_MUL_SCALAR, tf_check_bits(1.0f), 0},
                    .nargs = 4,
                    .cb_formats = formats,
                    .out = dev_out};
        r.in[0] = (cr_input){.cb = 0, .m = m, .rows = 64, .cols = 64, .f = TF_TILE_FORMAT_BF16};
        memset(dev_out, 0, sizeof dev_out);
        MUST(cr_execute(dev, &r));
        CHECK_TRUE(memcmp(host, dev_out, sizeof host) == 0);
        decoded_as_host(&r, m, host, dev_out, f, df);
    }
    free(t);

    /* LoFi matmul: in0 bf16 multiples of 1/16 in [-4, 4], in1 the block float */
    static float w[KT * 32 * NT * 32], c[MT * 32 * NT * 32];
    for (int i = 0; i < MT * 32 * KT * 32; i++) ma[i] = (float)((int)(rnd(0, 128)) - 64) / 16;
    fill(mb, KT * 32 * NT * 32, -2, 2);
    t = malloc(tf_tiled_bytes(KT * 32, NT * 32, f));
    MUST(tf_tilize(mb, KT * 32, NT * 32, f, t));
    MUST(tf_untilize(t, KT * 32, NT * 32, f, w));
    free(t);
    int coarse = 1; /* the reference's premise: the weights are multiples of 2^-6 */
    for (int i = 0; i < KT * 32 * NT * 32; i++) coarse &= ldexp(w[i], 6) == rint(ldexp(w[i], 6));
    CHECK_TRUE(coarse);
    cr_run r = {.kernel = "ops_matmul_lofi",
                .nin = 2,
                .out_rows = MT * 32,
                .out_cols = NT * 32,
                .out_f = TF_TILE_FORMAT_BF16,
                .args = {MT, KT, NT, 0, 1},
                .nargs = 5,
                .cb_formats = 1,
                .out = c};
    r.in[0] =
        (cr_input){.cb = 0, .m = ma, .rows = MT * 32, .cols = KT * 32, .f = TF_TILE_FORMAT_BF16};
    r.in[1] = (cr_input){.cb = 1, .m = w, .rows = KT * 32, .cols = NT * 32, .f = f};
    MUST(cr_execute(dev, &r));
    int same = 1, fits = 1;
    for (int i = 0; i < MT * 32; i++)
        for (int j = 0; j < NT * 32; j++) {
            double s = 0;
            for (int k = 0; k < KT * 32; k++) s += (double)ma[i * KT * 32 + k] * w[k * NT * 32 + j];
            fits &= (double)(float)s == s;
            uint16_t want = ref_bf16((float)s), got = tf_bf16_from_f32(c[i * NT * 32 + j]);
            if (want != got && same)
                fprintf(stderr, "matmul (%d, %d): 0x%04x, want 0x%04x\n", i, j, got, want);
            same &= want == got;
        }
    CHECK_TRUE(fits);
    CHECK_TRUE(same);

    /* a block float has no row-major form: tilize from it faults */
    static uint16_t rows[64 * 64];
    cr_run z = {.kernel = "ops_layout",
                .nin = 1,
                .out_rows = 32,
                .out_cols = 32,
                .out_f = TF_TILE_FORMAT_BF16,
                .args = {0, 1, 1},
                .nargs = 3,
                .cb_formats = 1,
                .out = c};
    z.in[0] = (cr_input){.cb = 0, .raw = rows, .raw_bytes = tile, .f = f};
    CHECK_TRUE(cr_execute(dev, &z) != 0);
    char want[96];
    snprintf(want, sizeof want, "tile engine UNPACK_TILIZE: data format %u is not supported here",
             df);
    CHECK_CONTAINS(z.err, want);
    CHECK_CONTAINS(z.err, "row-major blocks: Float32, Float16, Float16_b and the integers");
}

/* Float16 (IEEE half) through CBs given that format (a 2048-byte page
 * alone is Float16_b) with an fp32 DEST: pack, unpack and typecast equal
 * the host's conversions (against a float64 reference: test_tile_fp16);
 * then a 16-bit DEST holding halves (fp16_dest16). */
static void fp16_dest16(const float *host, const float *m);

static void fp16(void)
{
    static float m[64 * 64], host[64 * 64], dev_out[64 * 64];
    for (int i = 0; i < 64 * 64; i++) /* fp32 values over halves' range and beyond */
        m[i] = ldexpf(rnd(-1, 1) + rnd(-1, 1) * 0x1p-9f, (int)rnd(-28, 18));
    m[1] = 1e6f;  /* inf */
    m[2] = 3e-8f; /* a subnormal half */
    m[3] = NAN;
    uint16_t *t = malloc(tf_tiled_bytes(64, 64, TF_TILE_FORMAT_FP16));
    MUST(tf_tilize(m, 64, 64, TF_TILE_FORMAT_FP16, t));
    MUST(tf_untilize(t, 64, 64, TF_TILE_FORMAT_FP16, host));
    free(t);
    CHECK_TRUE(host[1] == INFINITY && host[2] == 0x1p-25f * 2 && isnan(host[3]));
    /* fp32 tiles in, packed to Float16 by the engine (x 1.0) = the host's */
    cr_run r = {.kernel = "ops_unary",
                .nin = 1,
                .out_rows = 64,
                .out_cols = 64,
                .out_f = TF_TILE_FORMAT_FP16,
                .args = {4, TF_SFPU_MUL_SCALAR, tf_check_bits(1.0f), 0},
                .nargs = 4,
                .cb_formats = 1,
                .out = dev_out};
    r.in[0] = (cr_input){.cb = 0, .m = m, .rows = 64, .cols = 64, .f = TF_TILE_FORMAT_FP32};
    MUST(cr_execute(dev, &r));
    CHECK_TRUE(memcmp(host, dev_out, sizeof host) == 0);
    decoded_as_host(&r, m, host, dev_out, TF_TILE_FORMAT_FP16, TF_DF_FLOAT16);

    fp16_dest16(host, m);
}

/* A half as SFPSTORE's FP16 conversion makes it from fp32 y (tile_format.c's
 * rules, computed here in double): NaN -> 0x7e00 (checked apart), below 2^-14
 * a signed zero, from 2^16 inf, else the mantissa truncated toward zero. */
static uint16_t ref_half_trunc(float y)
{
    uint16_t sign = signbit(y) ? 0x8000 : 0;
    double a = fabs((double)y);
    if (a < 0x1p-14) return sign;
    if (a >= 0x1p16) return sign | 0x7c00;
    int k;
    double f = frexp(a, &k); /* a = f 2^k, f in [0.5, 1): exponent k - 1 */
    return (uint16_t)(sign | (uint16_t)(k - 1 + 15) << 10 | (uint16_t)floor((2 * f - 1) * 1024));
}

/* A normal half's value, inf, or a zero (what the DEST holds: no subnormal). */
static float half_value(uint16_t h)
{
    int e = (h >> 10) & 31;
    double v = e == 31 ? INFINITY : e ? ldexp(1 + (h & 0x3ff) / 1024.0, e - 15) : 0;
    return (float)(h & 0x8000 ? -v : v);
}

/* The tile's halves as the host's Float16 tilize writes them. */
static void to_halves(const float *v, uint16_t *h)
{
    static uint16_t t[1024];
    MUST(tf_tilize(v, 32, 32, TF_TILE_FORMAT_FP16, t));
    for (int r = 0; r < 32; r++)
        for (int c = 0; c < 32; c++)
            h[r * 32 + c] = t[((r / 16) * 2 + c / 16) * 256 + (r % 16) * 16 + c % 16];
}

/* A 16-bit DEST in Float16 mode (docs/chip.md "Float16 and a 16-bit DEST"):
 * Float16 tiles copied (the FPU: halves below 2^-14 flushed), scaled by the
 * SFPU (truncated to halves), packed to Float16 and to Float16_b (the packer
 * rounds); bf16 tiles packed to Float16 and typecast to Float16; a matmul
 * of Float16 tiles rounds its sums to halves; Float16 meeting Float16_b in
 * one op faults. host: 32 x 32 halves' values (with inf, a subnormal, NaN). */
static void fp16_dest16(const float *host, const float *m)
{
    static float out[32 * 32], y[32 * 32], bf[32 * 32];
    static uint16_t got[1024], want[1024];
    const float s = 1.0f / 3;
    cr_run z = {.kernel = "ops_unary16",
                .nin = 1,
                .out_rows = 32,
                .out_cols = 32,
                .out_f = TF_TILE_FORMAT_FP16,
                .args = {1, TF_SFPU_MUL_SCALAR, tf_check_bits(s), 0},
                .nargs = 4,
                .cb_formats = 1,
                .out = out};
    static float in[32 * 32]; /* host's top-left tile */
    for (int r = 0; r < 32; r++) memcpy(&in[r * 32], &host[r * 64], 32 * sizeof(float));
    z.in[0] = (cr_input){.cb = 0, .m = in, .rows = 32, .cols = 32, .f = TF_TILE_FORMAT_FP16};
    MUST(cr_execute(dev, &z));
    to_halves(out, got);
    int ok = 1, nan_ok = 1, flushed = 0, trunc_moved = 0;
    for (int i = 0; i < 1024; i++) {
        float x = fabsf(in[i]) < 0x1p-14f ? copysignf(0.0f, in[i]) : in[i]; /* the copy's flush */
        y[i] = x * s;
        if (isnan(y[i])) {
            nan_ok &= (got[i] & 0x7c00) == 0x7c00 && (got[i] & 0x3ff);
            continue;
        }
        want[i] = ref_half_trunc(y[i]);
        if (got[i] != want[i] && ok)
            fprintf(stderr, "fp16 DEST %d: x %a: 0x%04x, want 0x%04x\n", i, (double)in[i], got[i],
                    want[i]);
        ok &= got[i] == want[i];
        flushed += in[i] != 0 && fabsf(in[i]) < 0x1p-14f;
    }
    CHECK_TRUE(ok);
    CHECK_TRUE(nan_ok);
    CHECK_TRUE(flushed > 0);
    /* the reference's own known bits: 1/3, just below 1 (nearest would be
     * 1.0), just below 2^-14 (flushed), 70000 (inf) */
    CHECK_EQ_U(ref_half_trunc(1.0f / 3), 0x3555);
    CHECK_EQ_U(ref_half_trunc(0x1.fffffep-1f), 0x3bff); /* nearest would be 0x3c00 */
    CHECK_EQ_U(ref_half_trunc(-0x1.fffp-15f), 0x8000);
    CHECK_EQ_U(ref_half_trunc(70000.0f), 0x7c00);
    for (int i = 0; i < 1024; i++) trunc_moved += !isnan(y[i]) && (float)y[i] != out[i];
    CHECK_TRUE(trunc_moved > 100);

    /* the same tile packed to Float16_b: the packer rounds the halves to bf16 */
    z.out_f = TF_TILE_FORMAT_BF16;
    MUST(cr_execute(dev, &z));
    ok = 1;
    for (int i = 0; i < 1024; i++) {
        if (isnan(y[i])) continue;
        /* the half's value, then to bf16 by nearest even */
        float h = tf_check_float((uint32_t)ref_bf16(half_value(want[i])) << 16);
        ok &= tf_check_bits(out[i]) == tf_check_bits(h);
    }
    CHECK_TRUE(ok);

    /* bf16 tiles (a bf16 DEST) packed to Float16, and typecast to Float16
     * (rounded to nearest, then the SFPU's store flushes the subnormals) */
    for (int i = 0; i < 1024; i++) bf[i] = cr_bf(m[i]);
    z.in[0] = (cr_input){.cb = 0, .m = bf, .rows = 32, .cols = 32, .f = TF_TILE_FORMAT_BF16};
    z.out_f = TF_TILE_FORMAT_FP16;
    z.args[2] = tf_check_bits(1.0f);
    MUST(cr_execute(dev, &z));
    to_halves(bf, want);
    to_halves(out, got);
    CHECK_TRUE(memcmp(got, want, sizeof got) == 0);
    z.args[1] = TF_SFPU_TYPECAST;
    z.args[2] = TF_DF_FLOAT16;
    MUST(cr_execute(dev, &z));
    to_halves(out, got);
    ok = 1;
    int subn = 0;
    for (int i = 0; i < 1024; i++) {
        uint16_t w = want[i];
        if ((w & 0x7c00) == 0 && (w & 0x3ff)) {
            w &= 0x8000;
            subn++;
        }
        ok &= isnan(bf[i]) ? (got[i] & 0x7c00) == 0x7c00 && (got[i] & 0x3ff) : got[i] == w;
    }
    CHECK_TRUE(ok);
    CHECK_TRUE(subn > 0);

    /* matmul of Float16 tiles: in0 multiples of 1/16 in [-32, 32], in1 of
     * 1/4 in [-2, 2], every product and sum exact in fp32; each sum rounded
     * to nearest half once (Kt = 1) */
    static float a[32 * 32], b[32 * 32], c[32 * 32], sum[32 * 32];
    for (int i = 0; i < 1024; i++) {
        a[i] = (float)((int)rnd(0, 1024) - 512) / 16;
        b[i] = (float)((int)rnd(0, 16) - 8) / 4;
    }
    for (int i = 0; i < 32; i++)
        for (int j = 0; j < 32; j++) {
            double t = 0;
            for (int k = 0; k < 32; k++) t += (double)a[i * 32 + k] * b[k * 32 + j];
            sum[i * 32 + j] = (float)t;
        }
    cr_run mm = {.kernel = "ops_matmul16",
                 .nin = 2,
                 .out_rows = 32,
                 .out_cols = 32,
                 .out_f = TF_TILE_FORMAT_FP16,
                 .args = {1, 1, 1, 0, 1},
                 .nargs = 5,
                 .cb_formats = 1,
                 .out = c};
    mm.in[0] = (cr_input){.cb = 0, .m = a, .rows = 32, .cols = 32, .f = TF_TILE_FORMAT_FP16};
    mm.in[1] = (cr_input){.cb = 1, .m = b, .rows = 32, .cols = 32, .f = TF_TILE_FORMAT_FP16};
    MUST(cr_execute(dev, &mm));
    to_halves(sum, want);
    to_halves(c, got);
    CHECK_TRUE(memcmp(got, want, sizeof got) == 0);
    int rounded = 0;
    for (int i = 0; i < 1024; i++) rounded += c[i] != sum[i];
    CHECK_TRUE(rounded > 100);
    /* Float16 meets Float16_b in one op: refused */
    mm.in[1].f = TF_TILE_FORMAT_BF16;
    CHECK_TRUE(cr_execute(dev, &mm) != 0);
    CHECK_CONTAINS(mm.err, "tile engine MATMUL: ");
    CHECK_CONTAINS(mm.err, "meet in one op on a 16-bit DEST, which holds one 16-bit format");
}

/* ---- the exponent-A block floats ---------------------------------------------------------- */

/* x rounded to the nearest half (ties to even), for |x| in the halves'
 * normal range or 0: written here in double, not through a codec. */
static double ref_half_rne(double x)
{
    if (x == 0) return x;
    int e;
    (void)frexp(fabs(x), &e); /* |x| = f 2^e, f in [0.5, 1): 11 bits is 2^(e - 11) steps */
    return ldexp(rint(ldexp(x, 11 - e)), e - 11);
}

/* A value exactly representable in Bfp8 (and Bfp8_b) when every block of
 * 16 (a face row: columns 16c..16c + 15) has one +-4: the block's exponent
 * is then 2 (E = 17 biased 15) and its step 2^(17 - 15 - 6) = 1/16, so the
 * multiples of 1/16 below 8 in magnitude are exact. */
static float bfpa_exact(int col)
{
    int k = (int)rnd(0, 254) - 127;
    if (col % 16 == 0) k = k < 0 ? -64 : 64;
    return (float)k / 16;
}

/* Bfp8, Bfp4, Bfp2 (DataFormat 2, 3, 11) in CBs given that format: the
 * engine unpacks and packs them as the host's tf_tilize/tf_untilize
 * (test_tile_bfpa checks that codec against a float64 reference), with an
 * fp32 DEST and a 16-bit one (which holds them as halves); a matmul and an
 * elementwise product of Bfp8 operands against float64 references; their
 * cycles are those of the _b forms (the same tile bytes); Bfp8 meeting
 * Float16_b in one op on a 16-bit DEST faults. */
static void bfpa(void)
{
    static const struct {
        tf_tile_format f, fb; /* the format, its _b twin */
    } fm[3] = {{TF_TILE_FORMAT_BFP8, TF_TILE_FORMAT_BFP8_B},
               {TF_TILE_FORMAT_BFP4, TF_TILE_FORMAT_BFP4_B},
               {TF_TILE_FORMAT_BFP2, TF_TILE_FORMAT_BFP2_B}};
    static float m[64 * 64], host[64 * 64], out[64 * 64], again[64 * 64];
    fill(m, 64 * 64, -3, 3);
    m[7] = 1e5f;   /* saturates: E = 31, the largest magnitude */
    m[9] = -1e-3f; /* a tiny value in a block of large ones: 0 */
    for (int k = 0; k < 3; k++) {
        uint8_t *t = malloc(tf_tiled_bytes(64, 64, fm[k].f));
        MUST(tf_tilize(m, 64, 64, fm[k].f, t));
        MUST(tf_untilize(t, 64, 64, fm[k].f, host));
        free(t);
        for (int d16 = 0; d16 < 2; d16++) {
            /* the host's tiles in, x 1.0 on the SFPU, out in the same
             * format: the host's decode back (unpack and pack round-trip);
             * with the 16-bit DEST the block holding 1e5 (E = 31: beyond
             * the IEEE half) is left out of the comparison (docs/chip.md) */
            cr_run r = {.kernel = d16 ? "ops_unary16" : "ops_unary",
                        .nin = 1,
                        .out_rows = 64,
                        .out_cols = 64,
                        .out_f = fm[k].f,
                        .args = {4, TF_SFPU_MUL_SCALAR, tf_check_bits(1.0f), 0},
                        .nargs = 4,
                        .cb_formats = 1,
                        .out = out};
            r.in[0] = (cr_input){.cb = 0, .m = host, .rows = 64, .cols = 64, .f = fm[k].f};
            memset(out, 0, sizeof out);
            MUST(cr_execute(dev, &r));
            int same = 1;
            for (int i = 0; i < 64 * 64; i++)
                same &= (d16 && i < 16) || tf_check_bits(out[i]) == tf_check_bits(host[i]);
            CHECK_TRUE(same);
            uint64_t unpack = r.perf0.unit_busy[TF_PERF_UNIT_UNPACK],
                     pack = r.perf0.unit_busy[TF_PERF_UNIT_PACK];
            /* ... in Float32: the unpack is exact */
            r.out_f = TF_TILE_FORMAT_FP32;
            MUST(cr_execute(dev, &r));
            same = 1;
            for (int i = 0; i < 64 * 64; i++)
                same &= (d16 && i < 16) || tf_check_bits(out[i]) == tf_check_bits(host[i]);
            CHECK_TRUE(same);
            /* fp32 tiles in, packed to the format by the engine = the host's tilize */
            if (!d16) {
                r.in[0].m = m;
                r.in[0].f = TF_TILE_FORMAT_FP32;
                r.out_f = fm[k].f;
                MUST(cr_execute(dev, &r));
                CHECK_TRUE(memcmp(out, host, sizeof out) == 0);
                /* ... and typecast to it leaves DEST holding those values */
                r.args[1] = TF_SFPU_TYPECAST;
                r.args[2] = cr_df(fm[k].f);
                r.out_f = TF_TILE_FORMAT_FP32;
                MUST(cr_execute(dev, &r));
                CHECK_TRUE(memcmp(out, host, sizeof out) == 0);
            }
            /* the cost: bytes / 64 cycles a tile (docs/chip.md "Modeled
             * cost"), 4 tiles each way (the packer's also a cycle for each
             * tile_regs_wait and tile_regs_release); the _b form's, the
             * same bytes */
            uint32_t tile = (uint32_t)tf_tile_bytes(fm[k].f);
            CHECK_EQ_U(unpack, 4 * (tile / 64));
            CHECK_EQ_U(pack, 4 * (tile / 64 + 2));
            cr_run rb = {.kernel = r.kernel,
                         .nin = 1,
                         .out_rows = 64,
                         .out_cols = 64,
                         .out_f = fm[k].fb,
                         .args = {4, TF_SFPU_MUL_SCALAR, tf_check_bits(1.0f), 0},
                         .nargs = 4,
                         .cb_formats = 1,
                         .out = again};
            rb.in[0] = (cr_input){.cb = 0, .m = m, .rows = 64, .cols = 64, .f = fm[k].fb};
            MUST(cr_execute(dev, &rb));
            CHECK_EQ_U(rb.perf0.unit_busy[TF_PERF_UNIT_UNPACK], unpack);
            CHECK_EQ_U(rb.perf0.unit_busy[TF_PERF_UNIT_PACK], pack);
        }
    }

    /* matmul, HiFi4 with an fp32 DEST: Bfp8 operands exact by construction
     * (bfpa_exact), every product and partial sum exact in fp32 (at most 96
     * x 127^2 / 256 in steps of 1/256), so the result is the float64 sum */
    static float c[MT * 32 * NT * 32];
    for (int i = 0; i < MT * 32 * KT * 32; i++) ma[i] = bfpa_exact(i % (KT * 32));
    for (int i = 0; i < KT * 32 * NT * 32; i++) mb[i] = bfpa_exact(i % (NT * 32));
    cr_run mm = {.kernel = "ops_matmul_hifi4",
                 .nin = 2,
                 .out_rows = MT * 32,
                 .out_cols = NT * 32,
                 .out_f = TF_TILE_FORMAT_FP32,
                 .args = {MT, KT, NT, 0, 1},
                 .nargs = 5,
                 .cb_formats = 1,
                 .out = c};
    mm.in[0] =
        (cr_input){.cb = 0, .m = ma, .rows = MT * 32, .cols = KT * 32, .f = TF_TILE_FORMAT_BFP8};
    mm.in[1] =
        (cr_input){.cb = 1, .m = mb, .rows = KT * 32, .cols = NT * 32, .f = TF_TILE_FORMAT_BFP8};
    MUST(cr_execute(dev, &mm));
    int same = 1;
    for (int i = 0; i < MT * 32; i++)
        for (int j = 0; j < NT * 32; j++) {
            double sum = 0;
            for (int k = 0; k < KT * 32; k++)
                sum += (double)ma[i * KT * 32 + k] * mb[k * NT * 32 + j];
            same &= (double)c[i * NT * 32 + j] == sum;
        }
    CHECK_TRUE(same);

    /* a 16-bit DEST holds halves for Bfp8 sources: a one-tile matmul's sums
     * (exact in fp32, up to 2016 in steps of 1/256) rounded once to the
     * nearest half */
    mm.kernel = "ops_matmul16";
    mm.args[0] = mm.args[1] = mm.args[2] = 1;
    mm.out_rows = mm.out_cols = 32;
    for (int i = 0; i < 32 * 32; i++) ma[i] = bfpa_exact(i % 32), mb[i] = bfpa_exact(i % 32);
    mm.in[0] = (cr_input){.cb = 0, .m = ma, .rows = 32, .cols = 32, .f = TF_TILE_FORMAT_BFP8};
    mm.in[1] = (cr_input){.cb = 1, .m = mb, .rows = 32, .cols = 32, .f = TF_TILE_FORMAT_BFP8};
    MUST(cr_execute(dev, &mm));
    same = 1;
    int rounded = 0;
    for (int i = 0; i < 32; i++)
        for (int j = 0; j < 32; j++) {
            double sum = 0;
            for (int k = 0; k < 32; k++) sum += (double)ma[i * 32 + k] * mb[k * 32 + j];
            same &= (double)c[i * 32 + j] == ref_half_rne(sum);
            rounded += (double)c[i * 32 + j] != sum;
        }
    CHECK_TRUE(same);
    CHECK_TRUE(rounded > 100);
    /* Bfp8 (exponent A) meeting Float16_b (exponent B) in one op: refused */
    mm.in[1].f = TF_TILE_FORMAT_BF16;
    CHECK_TRUE(cr_execute(dev, &mm) != 0);
    CHECK_CONTAINS(mm.err, "tile engine MATMUL: ");
    CHECK_CONTAINS(mm.err, "meet in one op on a 16-bit DEST, which holds one 16-bit format");

    /* elementwise product on the 16-bit DEST (ops_binary): the FPU rounds
     * each exact product (14 significant bits) to the nearest half */
    static float a[BR * BC], b[BR * BC], p[BR * BC];
    for (int i = 0; i < BR * BC; i++) a[i] = bfpa_exact(i % BC), b[i] = bfpa_exact(i % BC);
    cr_run e = {.kernel = "ops_binary",
                .nin = 2,
                .out_rows = BR,
                .out_cols = BC,
                .out_f = TF_TILE_FORMAT_FP32,
                .args = {4, TF_BINOP_MUL, TF_BCAST_NONE, 0},
                .nargs = 4,
                .cb_formats = 1,
                .out = p};
    e.in[0] = (cr_input){.cb = 0, .m = a, .rows = BR, .cols = BC, .f = TF_TILE_FORMAT_BFP8};
    e.in[1] = (cr_input){.cb = 1, .m = b, .rows = BR, .cols = BC, .f = TF_TILE_FORMAT_BFP8};
    MUST(cr_execute(dev, &e));
    same = 1;
    rounded = 0;
    for (int i = 0; i < BR * BC; i++) {
        double x = (double)a[i] * b[i];
        same &= (double)p[i] == ref_half_rne(x);
        rounded += (double)p[i] != x;
    }
    CHECK_TRUE(same);
    CHECK_TRUE(rounded > 100);
    /* the reference's own bits: 1 + 2^-11 is a tie (to even: 1), 1 + 3 2^-11 up */
    CHECK_TRUE(ref_half_rne(1 + 0x1p-11) == 1.0 && ref_half_rne(1 + 3 * 0x1p-11) == 1 + 0x1p-9);
    CHECK_TRUE(ref_half_rne(-2047.5) == -2048.0 && ref_half_rne(2046.5) == 2046.0);
}

/* ---- faults ------------------------------------------------------------------------------ */

/* The kernel on a core whose CB 0 is of data format df (0: a bf16 page
 * size) must fault saying want. */
static void fault_df(const char *kernel, int df, const char *want)
{
    char path[512];
    snprintf(path, sizeof path, "%s/%s%s.compute", TF_TEST_KERNELS, CR_KERNEL_PREFIX, kernel);
    tf_kernel *k = MUST_PTR(tf_kernel_load(dev, path));
    tf_program *p = MUST_PTR(tf_program_create(dev, (tf_core){1, 1}));
    MUST(tf_program_set_kernel(p, TF_COMPUTE, k));
    if (df)
        MUST(tf_program_set_cb_format(p, 0, (tf_data_format)df, 2));
    else
        MUST(tf_program_set_cb(p, 0, 2048, 2));
    MUST(tf_program_set_cb(p, 1, 2048, 2));
    CHECK_TRUE(tf_dispatch_execute(p) != 0);
    CHECK_CONTAINS(tf_last_error(), kernel);
    CHECK_CONTAINS(tf_last_error(), want);
    tf_program_destroy(p);
    tf_kernel_free(k);
}

static void fault(const char *kernel, const char *want)
{
    fault_df(kernel, 0, want);
}

int main(void)
{
    dev = rt_open(4, 2);
    for (uint32_t op = 0; op < 3; op++)
        for (uint32_t bc = 0; bc < 4; bc++) CHECK_EQ_U(binary(op, bc, 0), 0);
    for (uint32_t op = 0; op < 3; op++) {
        CHECK_EQ_U(binary(op, TF_BCAST_NONE, 1), 0); /* binary_op_init_common */
        CHECK_EQ_U(binary(op, TF_BCAST_COL, 2), 0);  /* init_bcast + any_tiles_bcast */
        CHECK_EQ_U(binary(op, TF_BCAST_NONE, 3), 0); /* dest reuse, DEST as A */
        CHECK_EQ_U(binary(op, TF_BCAST_NONE, 4), 0); /* dest reuse, DEST as B */
    }
    CHECK_EQ_U(binary(TF_BINOP_ADD, TF_BCAST_NONE, 5), 0); /* acc_to_dest */
    CHECK_EQ_U(binary(TF_BINOP_SUB, TF_BCAST_NONE, 5), 0);
#ifdef TF_TTM_COMPUTE
    for (uint32_t op = 0; op < 3; op++) {
        for (uint32_t bc = 1; bc < 4; bc++) /* {add,sub,mul}_tiles_bcast<dim> */
            CHECK_EQ_U(binary(op, bc, 6), 0);
        CHECK_EQ_U(binary(op, TF_BCAST_NONE, 7), 0); /* binary_tiles_init<false, op> */
    }
#endif
    for (uint32_t pool = 0; pool < 3; pool++)
        for (uint32_t dim = 0; dim < 3; dim++) reduce_case(pool, dim);
    matmuls();
    sfpus();
#ifdef TF_TTM_COMPUTE
    { /* power_tile with the exponent as fp32 bits; fill_tile with a float */
        double edge_bad;
        CHECK_TRUE(sfpu_case(TF_SFPU_POWER, 1, -10, 10, 1, &edge_bad) <= 2e-7);
        CHECK_TRUE(sfpu_case(TF_SFPU_FILL, 1, -1, 1, 0, &edge_bad) == 0);
        /* exp_tile<approx, scale_en>: approx scales by the init's template
         * scale, exact by exp_tile's (it once ignored the init's) */
        CHECK_TRUE(sfpu_case(103, 1, -20, 20, 1, &edge_bad) <= 2.7e-3); /* docs/chip.md's bound */
        CHECK_TRUE(sfpu_case(104, 0, -20, 20, 1, &edge_bad) <= 1e-6);
    }
#endif
    sfpu16();
    transposes();
    layouts();
    bfp8();
    bfp_small(TF_TILE_FORMAT_BFP4_B, TF_DF_BFP4_B, 576);
    bfp_small(TF_TILE_FORMAT_BFP2_B, TF_DF_BFP2_B, 320);
    fp16();
    bfpa();
    fault("ops_fault1", "tile engine COPY: the DEST index 4 is beyond the 4 tiles of a half");
    fault("ops_fault2", "tile engine REDUCE: used without its init: call reduce_init");
    fault("ops_fault3", "tile engine MATMUL: used without its init: call mm_init");
    fault("ops_fault3", "the math unit is set up by the matching binary init");
    fault("ops_fault4", "tile engine SFPU EXP: used without its init: call the EXP init first "
                        "(the last SFPU init was RECIP)");
    fault("ops_fault5", "tile engine INIT: the DEST index 8 is beyond the 4 tiles of a half");
    /* a CB of a format the engine does not have: the format the host set
     * decides (Lf8; its page size of 1024 alone would be no tile's) */
    fault_df("ops_fault4", TF_DATA_FORMAT_Lf8,
             "tile engine UNPACK_A: data format 10 is not supported here");
    fault_df("ops_fault4", TF_DATA_FORMAT_Lf8, "not Lf8 10, Int8 14;");
#ifndef TF_TTM_COMPUTE
    /* C only: an integer op naming UInt8, which no integer op takes (in
     * C++ a compile-time error, as tt-metal's templates) */
    fault("ops_fault6", "tile engine SFPU ADD_INT: data format 30 (UInt8) is not one the integer "
                        "ops take");
#endif
#ifdef TF_TTM_COMPUTE
    /* C++ only: the entry puts the engine in tt-metal mode, so an op
     * without any init faults; a running sum over part of a tile */
    fault("ops_fault6", "tile engine COPY: used without its init: call copy_tile_init");
    fault("ops_fault6", "the math unit is set up by compute_kernel_hw_startup");
    fault("ops_fault7", "tile engine SFPU CUMSUM: a vector mode other than RC: the op's result "
                        "crosses the tile's faces");
    /* parts of a tile: a fault, not a whole-tile result */
    fault("ops_fault8", "tile engine COPY: a transpose within each 16 x 16 face is not modeled");
    fault("ops_fault9", "tile engine PACK_UNTILIZE: faces of 8 rows, 4 of them: only whole 32 x "
                        "32 tiles (4 faces of 16 rows) are modeled");
#endif
    /* the engine works after each of those */
    CHECK_EQ_U(binary(TF_BINOP_MUL, TF_BCAST_ROW, 0), 0);
    MUST(tf_device_close(dev));
    return tf_check_report("test_compute_api");
}
