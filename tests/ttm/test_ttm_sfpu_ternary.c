/* SFPU ops between DEST tiles beyond the arithmetic and the comparisons
 * (atan2/fmod/remainder/xlogy/div_no_nan_binary_tile, copy_dest_values,
 * max_tile, clamped_silu_glu_tile, the broadcasts sfpu_add/sub/mul_bcast_col/row,
 * mask_tile, mask_posinf_tile)
 * and on three DEST tiles
 * (where/lerp/addcmul/addcdiv/snake_beta_tile), in
 * a tt-metal-style compute kernel built at run time
 * (tests/ttm/kernels/sfpu_ternary.cpp): every output value against a host
 * reference written here, bit for bit, with an fp32 DEST (fp32 tiles) and
 * a 16-bit DEST (bf16 tiles), the result into each source's tile and into
 * a fourth; edge values (+-0, infinities, NaNs, negative divisors and
 * logarithms, where's conditions +0, -0 and NaN); the SFPU's modeled
 * cycles and counted FLOPs of each op; and the mistakes the engine faults
 * on (no init, another op's init, a DEST index beyond the half, an index
 * above 255, a broadcast on a 16-bit DEST);
 * mask_tile and mask_posinf_tile, with their faults. Numerics and cycles:
 * docs/chip.md "Tile engine". */
#include "ttm_sfpu.h"

static tf_device *dev;

enum { E = 1024 };

/* The kernel's MODEs. */
enum {
    ATAN2,
    FMOD,
    REMAINDER,
    XLOGY,
    DIV_NO_NAN,
    COPY_Y,
    COPY_Z,
    MAX_TILE,
    WHERE,
    LERP,
    ADDCMUL,
    ADDCDIV,
    CLAMPED_SILU_GLU,
    SNAKE_BETA,
    ADD_BCAST_COL,
    SUB_BCAST_COL,
    MUL_BCAST_COL,
    ADD_BCAST_ROW,
    SUB_BCAST_ROW,
    MUL_BCAST_ROW,
    NUM_MODES
};
#define ADDCMUL_VALUE 0xbfc00000u /* -1.5 */
#define ADDCDIV_VALUE 0x3e99999au /* 0.3f: v y rounds */

/* x in [-8, 8), y and z in [-4, 4), full fp32 mantissas; a bf16 run gets
 * them rounded to bf16. xlogy's y is mostly positive, where's condition x
 * mostly 0 or not; every 61st value on is an edge case. */
static void inputs(int mode, int bf16, float *x, float *y, float *z)
{
    uint32_t s = 2024;
    for (int i = 0; i < E; i++) {
        float r[3];
        for (int k = 0; k < 3; k++) {
            s = s * 1664525u + 1013904223u;
            r[k] = (float)(int32_t)(s >> 8) / (float)(1 << 21);
        }
        x[i] = 2 * r[0], y[i] = r[1], z[i] = r[2];
        if (mode == XLOGY && i % 16) y[i] = fabsf(y[i]);
        if (mode == WHERE && i % 3 == 0) x[i] = 0;
        if (mode == CLAMPED_SILU_GLU) x[i] *= 2, y[i] *= 4; /* beyond the limit, +-10 */
        switch (i % 61) {
        case 0: x[i] = 0.0f, y[i] = 0.0f; break;   /* atan2(+0, +0), fmod(0, 0), where(+0) */
        case 1: x[i] = -0.0f, y[i] = -0.0f; break; /* atan2(-0, -0) = -pi, where(-0): y */
        case 2: x[i] = NAN; break;
        case 3: y[i] = NAN; break;
        case 4: z[i] = NAN; break;
        case 5: x[i] = y[i] = INFINITY; break;
        case 6: x[i] = -INFINITY, y[i] = 2.0f; break;
        case 7: y[i] = 0.0f; break; /* x / 0, fmod(x, 0), x ln 0 */
        case 8: y[i] = -INFINITY; break;
        case 9: z[i] = 0.0f; break;                /* addcdiv's / 0 */
        case 10: x[i] = -3.0f, y[i] = 3.0f; break; /* fmod and remainder are -0 */
        case 11: x[i] = 5.5f, y[i] = -2.0f; break; /* remainder takes y's sign */
        case 12: x[i] = -5.5f, y[i] = 2.0f; break;
        case 13: z[i] = INFINITY; break;
        case 14: x[i] = 0.0f, y[i] = -1.0f; break;    /* atan2(0, -1) = pi; xlogy: NaN */
        case 15: x[i] = 0.0f, y[i] = INFINITY; break; /* xlogy: 0 x inf */
        case 16: x[i] = -0.0f, y[i] = 1.0f; break;
        case 17: x[i] = -NAN, y[i] = -NAN; break; /* the SFPU's min: -NaN is the least */
        }
        if (bf16) x[i] = ttm_bf16_rne(x[i]), y[i] = ttm_bf16_rne(y[i]), z[i] = ttm_bf16_rne(z[i]);
    }
}

/* min(v, lim) as the SFPU's min orders fp32 values, as sign-magnitude
 * integers (SFPSWAP.md): -NaN < -inf < ... < -0 < +0 < ... < +inf < +NaN. */
static float sm_order_min(float v, float lim)
{
    uint32_t w = tf_check_bits(v);
    if (isnan(v)) return w >> 31 ? v : lim;
    return v < lim || (v == lim && (w >> 31)) ? v : lim;
}
/* clamped_silu_glu: g = min(gate, 10), u = up in [-10, 10], g sigmoid(g) u */
static float silu_glu(float gate, float up)
{
    float g = sm_order_min(gate, 10.0f), u = -sm_order_min(-sm_order_min(up, 10.0f), 10.0f);
    float s = (float)(1.0 / (1.0 + exp(-(double)g)));
    return g * s * u;
}

/* A broadcast MODE's value at i: x op y's column 0 or row 0 (fp32). */
static float bcast_want(int mode, const float *x, const float *y, int i)
{
    int col = mode <= MUL_BCAST_COL, op = (mode - ADD_BCAST_COL) % 3;
    float b = col ? y[i / 32 * 32] : y[i % 32];
    return op == 0 ? x[i] + b : op == 1 ? x[i] - b : x[i] * b;
}

/* MODE's value of (x, y, z) as DEST holds it: bf16, a 16-bit DEST (its
 * stores: rounded to nearest even where the op rounds, else truncated). */
static float want_of(int mode, float x, float y, float z, int bf16)
{
    float w, v;
    int rne = 1;
    switch (mode) {
    case ATAN2: w = (float)atan2((double)x, (double)y); break;
    case FMOD: w = (float)fmod((double)x, (double)y); break; /* exact in double too */
    case REMAINDER: {
        double r = fmod((double)x, (double)y);
        /* y's sign: + y where they differ (double rounding from double to
         * float is innocuous for a sum of two floats) */
        if (r != 0 && (r < 0) != (y < 0)) r += y;
        w = (float)r;
        break;
    }
    case XLOGY: {
        rne = 0;
        float l = (float)log((double)y); /* ln y goes through DEST */
        w = y < 0 || isnan(y) ? NAN : x * (bf16 ? ttm_bf16_trunc(l) : l);
        break;
    }
    case DIV_NO_NAN: w = y == 0 ? 0.0f : (float)((double)x / y); break;
    case COPY_Y: w = y; break;
    case COPY_Z: w = z; break;
    case MAX_TILE: w = x < y ? y : x; break;
    case WHERE: w = tf_check_bits(x) != 0 ? y : z; break; /* -0 and NaN are true */
    case LERP: w = fmaf(z, y - x, x); break;
    case ADDCMUL:
        v = tf_check_float(ADDCMUL_VALUE);
        w = fmaf(v * y, z, x);
        break;
    case ADDCDIV:
        v = tf_check_float(ADDCDIV_VALUE);
        w = fmaf(v * y, 1.0f / z, x);
        break;
    case CLAMPED_SILU_GLU: w = silu_glu(x, y); break;
    default: { /* SNAKE_BETA: x + sin(alpha x)^2 / beta */
        float r = (float)sin((double)(y * x));
        w = fmaf(r * r, 1.0f / z, x);
        break;
    }
    }
    if (!bf16) return w;
    return rne ? ttm_bf16_rne(w) : ttm_bf16_trunc(w); /* copies, max, where: exact */
}

/* Each op's modeled SFPU cycles a tile (docs/chip.md "Modeled cost"). */
static uint64_t cycles_of(int mode, uint32_t odst)
{
    switch (mode) {
    case ATAN2: return 704;
    case FMOD:
    case REMAINDER: return 576;
    case XLOGY: return 448;
    case DIV_NO_NAN: return 352;
    case COPY_Y:
    case COPY_Z: return 32;
    case MAX_TILE: return 64;
    case WHERE: return odst == 0 ? 96 : 128; /* in place: 3 cycles a vector, else 4 */
    case LERP:
    case ADDCMUL: return 128;
    case ADDCDIV: return 384;
    case CLAMPED_SILU_GLU: return 448;
    case SNAKE_BETA: return 768;
    default: return 96; /* the broadcasts */
    }
}

static tf_kernel *build(int mode, int fp32)
{
    char d[24];
    snprintf(d, sizeof d, "MODE=%d", mode);
    const char *defs[] = {d};
    return ttm_compute(dev, "sfpu_ternary", defs, 1, fp32);
}

static int run(tf_kernel *k, int fp32, const float *x, const float *y, const float *z,
               uint32_t odst, uint32_t value, float *out, tf_perf_core *pc, char *err,
               size_t errcap)
{
    static float xyz[3 * E];
    memcpy(xyz, x, sizeof(float) * E);
    memcpy(xyz + E, y, sizeof(float) * E);
    memcpy(xyz + 2 * E, z, sizeof(float) * E);
    uint32_t args[] = {odst, value};
    return ttm_sfpu_dispatch(dev, k, fp32, xyz, 3, args, 2, out, pc, err, errcap);
}

/* MODE on both DEST widths (the broadcasts: fp32 only), the result into
 * each source's tile and a fourth (max_tile and the broadcasts write x's). */
static void op_case(int mode)
{
    static float x[E], y[E], z[E], out[E];
    uint32_t value = mode == ADDCMUL ? ADDCMUL_VALUE : ADDCDIV_VALUE;
    int in_x = mode == MAX_TILE || mode >= ADD_BCAST_COL;
    for (int fp32 = 1; fp32 >= (mode >= ADD_BCAST_COL ? 1 : 0); fp32--) {
        inputs(mode, !fp32, x, y, z);
        tf_kernel *k = build(mode, fp32);
        for (uint32_t odst = 0; odst < (in_x ? 1u : 4u); odst++) {
            if ((mode < COPY_Y || mode == CLAMPED_SILU_GLU) && odst == 2)
                continue; /* a binary op: two sources, + DEST[3] */
            tf_perf_core pc;
            char err[2048];
            if (run(k, fp32, x, y, z, odst, value, out, &pc, err, sizeof err)) {
                fprintf(stderr, "sfpu_ternary MODE=%d: %s\n", mode, err);
                CHECK_TRUE(0);
                continue;
            }
            int bad = 0, nan = 0;
            for (int i = 0; i < E; i++) {
                float w = mode >= ADD_BCAST_COL ? bcast_want(mode, x, y, i)
                                                : want_of(mode, x[i], y[i], z[i], !fp32);
                nan += isnan(w);
                if (!ttm_same(out[i], w) && bad++ < 3)
                    fprintf(stderr,
                            "sfpu_ternary MODE=%d fp32=%d odst=%u: f(%a, %a, %a) = %a, want %a\n",
                            mode, fp32, odst, (double)x[i], (double)y[i], (double)z[i],
                            (double)out[i], (double)w);
            }
            CHECK_EQ_U(bad, 0);
            CHECK_TRUE(nan < E / 4); /* the values are mostly numbers */
            CHECK_EQ_U(pc.unit_busy[TF_PERF_UNIT_SFPU], cycles_of(mode, odst));
            CHECK_EQ_U(pc.tiles[TF_PERF_FLOP_SFPU], 1);
            CHECK_EQ_U(pc.flops[TF_PERF_FLOP_SFPU], 1024);
        }
        tf_kernel_free(k);
    }
}

/* The edge cases give what the numerics say (the reference above is
 * checked against values written out here). */
static void reference_edges(void)
{
    CHECK_TRUE(tf_check_bits(want_of(ATAN2, -0.0f, -0.0f, 0, 0)) == tf_check_bits((float)-M_PI));
    CHECK_TRUE(tf_check_bits(want_of(ATAN2, 0.0f, -1.0f, 0, 0)) == tf_check_bits((float)M_PI));
    CHECK_TRUE(tf_check_bits(want_of(FMOD, -3.0f, 3.0f, 0, 0)) == tf_check_bits(-0.0f));
    CHECK_TRUE(want_of(FMOD, 5.5f, -2.0f, 0, 0) == 1.5f);
    CHECK_TRUE(want_of(REMAINDER, 5.5f, -2.0f, 0, 0) == -0.5f);
    CHECK_TRUE(want_of(REMAINDER, -5.5f, 2.0f, 0, 0) == 0.5f);
    CHECK_TRUE(isnan(want_of(XLOGY, 0.0f, -1.0f, 0, 0)));
    CHECK_TRUE(tf_check_bits(want_of(XLOGY, 0.0f, 0.5f, 0, 0)) == tf_check_bits(-0.0f));
    CHECK_TRUE(want_of(DIV_NO_NAN, NAN, -0.0f, 0, 0) == 0.0f);
    CHECK_TRUE(want_of(WHERE, -0.0f, 1.0f, 2.0f, 0) == 1.0f);
    CHECK_TRUE(want_of(WHERE, NAN, 1.0f, 2.0f, 0) == 1.0f);
    CHECK_TRUE(want_of(WHERE, 0.0f, 1.0f, 2.0f, 0) == 2.0f);
    CHECK_TRUE(want_of(LERP, 1.0f, 3.0f, 0.25f, 0) == 1.5f);
    CHECK_TRUE(want_of(ADDCMUL, 1.0f, 2.0f, 3.0f, 0) == -8.0f);
    float s10 = (float)(1 / (1 + exp(-10.0))); /* sigmoid(10): a gate clamped to 10 */
    CHECK_TRUE(want_of(CLAMPED_SILU_GLU, NAN, 1.0f, 0, 0) == 10 * s10);
    CHECK_TRUE(want_of(CLAMPED_SILU_GLU, 20.0f, -NAN, 0, 0) == 10 * s10 * -10);
    CHECK_TRUE(isnan(want_of(CLAMPED_SILU_GLU, -NAN, 1.0f, 0, 0)));
    CHECK_TRUE(want_of(SNAKE_BETA, 1.0f, 0.0f, 2.0f, 0) == 1.0f);
}

/* mask_tile and mask_posinf_tile (MODE 33, runtime arg 1 the call): data
 * DEST[odst], mask DEST[odst + 1] (x masked by y, y by z). A mask word of
 * 32 zero bits masks; -0, NaN and every other value do not (SFPSETCC's
 * integer test). Each DEST width, both data indices; the results are the
 * data's bits or the written +0 / +inf, exact in any DEST. Then the faults:
 * the mask beyond the half, a format without a variant, the integer variant
 * on float tiles, mask_posinf_tile without mask_tile_init. */
enum { MASK_MODE = 33, MASK_ZERO = 0, MASK_POSINF = 1, MASK_FLOAT16 = 2 };
static void mask_inputs(int bf16, float *x, float *y, float *z)
{
    inputs(LERP, bf16, x, y, z); /* numbers, + the edge values (data NaN, inf, +-0 too) */
    for (int i = 0; i < E; i++) {
        /* masks: +0, -0, NaN, 1 and the random values, in different mixes */
        static const float m[] = {0.0f, -0.0f, NAN, 1.0f};
        if (i % 5 < 4) y[i] = m[(i / 5 + i) % 4];
        if (i % 3 < 2) z[i] = m[(i / 3 + 2 * i) % 4];
    }
}

static void mask_case(void)
{
    static float x[E], y[E], z[E], out[E];
    for (int fp32 = 1; fp32 >= 0; fp32--) {
        mask_inputs(!fp32, x, y, z);
        tf_kernel *k = build(MASK_MODE, fp32);
        for (uint32_t sel = MASK_ZERO; sel <= MASK_FLOAT16; sel++)
            for (uint32_t odst = 0; odst < 2; odst++) {
                tf_perf_core pc;
                char err[2048];
                if (run(k, fp32, x, y, z, odst, sel, out, &pc, err, sizeof err)) {
                    fprintf(stderr, "sfpu_ternary mask %u: %s\n", sel, err);
                    CHECK_TRUE(0);
                    continue;
                }
                const float *d = odst ? y : x, *m = odst ? z : y;
                int bad = 0, masked = 0;
                for (int i = 0; i < E; i++) {
                    int zero = tf_check_bits(m[i]) == 0; /* all 32 bits: -0 is not */
                    float w = !zero ? d[i] : sel == MASK_POSINF ? INFINITY : 0.0f;
                    masked += zero;
                    if (tf_check_bits(out[i]) != tf_check_bits(w) && bad++ < 3)
                        fprintf(stderr, "mask %u fp32=%d odst=%u: (%a, mask %a) = %a, want %a\n",
                                sel, fp32, odst, (double)d[i], (double)m[i], (double)out[i],
                                (double)w);
                }
                CHECK_EQ_U(bad, 0);
                CHECK_TRUE(masked > E / 8 && masked < E / 2); /* both kinds of values */
                CHECK_EQ_U(pc.unit_busy[TF_PERF_UNIT_SFPU], 128);
                CHECK_EQ_U(pc.tiles[TF_PERF_FLOP_SFPU], 1);
            }
        if (fp32) { /* the faults, on the same build */
            static const struct {
                uint32_t sel, odst;
                const char *msg;
            } f[] = {
                {MASK_ZERO, 3, "tile engine SFPU MASK: the DEST index 4 is beyond the 4 tiles"},
                {3, 0,
                 "tile engine SFPU MASK: data format 0 (Float32) is not one of mask_tile's "
                 "(Float16_b 5, Float16 1, Int32 8"},
                {4, 0,
                 "tile engine SFPU MASK: it takes integer values but is given floats (data "
                 "format Int32)"},
                {5, 0,
                 "tile engine SFPU MASK_POSINF: used without its init: call the MASK init first "
                 "(the last SFPU init was MAX_TILE)"},
            };
            for (size_t c = 0; c < sizeof f / sizeof f[0]; c++) {
                tf_perf_core pc;
                char err[2048];
                int rc = run(k, fp32, x, y, z, f[c].odst, f[c].sel, out, &pc, err, sizeof err);
                CHECK_TRUE(rc != 0);
                if (rc) CHECK_CONTAINS(err, f[c].msg);
            }
        }
        tf_kernel_free(k);
    }
    /* the reference's rule written out */
    CHECK_TRUE(tf_check_bits(-0.0f) != 0 && tf_check_bits(0.0f) == 0);
}

static void fault_case(int mode, int fp32, const char *msg)
{
    static float x[E], y[E], z[E], out[E];
    tf_perf_core pc;
    char err[2048];
    inputs(WHERE, !fp32, x, y, z);
    tf_kernel *k = build(mode, fp32);
    int rc = run(k, fp32, x, y, z, 0, ADDCDIV_VALUE, out, &pc, err, sizeof err);
    tf_kernel_free(k);
    CHECK_TRUE(rc != 0);
    if (rc) CHECK_CONTAINS(err, msg);
}

int main(void)
{
    dev = rt_open(1, 1);
    reference_edges();
    /* first: the core's engine has run no SFPU init yet */
    fault_case(28, 1,
               "tile engine SFPU WHERE: used without its init: call the WHERE init first "
               "(the last SFPU init was none)");
    for (int mode = 0; mode < NUM_MODES; mode++) op_case(mode);
    mask_case();
    fault_case(20, 1,
               "tile engine SFPU WHERE: used without its init: call the WHERE init first "
               "(the last SFPU init was LERP)");
    fault_case(21, 1,
               "tile engine SFPU DIV_NO_NAN_BINARY: used without its init: call the "
               "DIV_BINARY init first (the last SFPU init was ATAN2_BINARY)");
    fault_case(22, 1, "tile engine SFPU ADDCMUL: the DEST index 5 is beyond the 4 tiles");
    fault_case(23, 1, "tile engine SFPU LERP: the DEST index 7 is beyond the 4 tiles");
    fault_case(24, 1, "tile engine SFPU WHERE: the DEST index 255 is beyond the 4 tiles");
    fault_case(25, 1, "tile engine SFPU MAX_TILE: the DEST index 4 is beyond the 4 tiles");
    fault_case(26, 1, "tile engine SFPU FMOD_BINARY: the DEST index 4 is beyond the 4 tiles");
    fault_case(29, 0, "tile engine SFPU ADDCDIV: the DEST index 8 is beyond the 8 tiles");
    fault_case(30, 1,
               "tile engine SFPU ADD_BCAST_ROW: used without its init: call the "
               "ADD_BCAST_ROW init first (the last SFPU init was ADD_BCAST_COL)");
    fault_case(31, 0, "tile engine SFPU MUL_BCAST_COL: it needs an fp32 DEST (fp32_dest_acc_en)");
    ttm_refused(dev, "sfpu_ternary", 32,
                "not supported by tt-foil: sfpu_add_bcast_row on a 16-bit DEST");
    MUST(tf_device_close(dev));
    return tf_check_report("test_ttm_sfpu_ternary");
}
