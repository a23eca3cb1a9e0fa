/* The tile engine's numerics, unit by unit (docs/chip.md "Numerics"):
 * the Bfp8_b codec (rounding, saturation, zero, subnormal, inf/NaN
 * blocks), bf16 truncation, fidelity-phased products, reduce MAX from a
 * cleared DEST and its power-of-two scaler, the approximate SFPU modes'
 * special values. */
#include "tf_check.h"
#include "tf_tile_layout.h"
#include "sim/tile_engine.h"

#include <math.h>
#include <string.h>

static void bfp8(void)
{
    float v[16], back[16];
    uint8_t e, m[16];
    for (int i = 0; i < 16; i++) v[i] = (float)i; /* max 15 = 1.875 x 2^3: E = 130 */
    tf_bfp8_encode(v, &e, m);
    CHECK_EQ_U(e, 130);
    for (int i = 0; i < 16; i++) back[i] = tf_bfp8_decode(e, m[i]);
    for (int i = 0; i < 16; i++) CHECK_TRUE(back[i] == v[i]); /* 0..15 fit 7 bits at 2^-3 */
    v[0] = 15.9f;                                             /* 1.9875 x 2^3: m = 127.2 -> 127 */
    v[1] = 0.0625f;  /* below half a step (2^-4 / 2^-3 = 0.5, ties to even: 0) */
    v[2] = 0.1875f;  /* 1.5 steps -> 2 (even) x 0.125 */
    v[3] = -0.3125f; /* -2.5 steps -> -2 x 0.125 */
    tf_bfp8_encode(v, &e, m);
    CHECK_TRUE(tf_bfp8_decode(e, m[0]) == 15.875f);
    CHECK_TRUE(tf_bfp8_decode(e, m[1]) == 0.0f);
    CHECK_TRUE(tf_bfp8_decode(e, m[2]) == 0.25f);
    CHECK_TRUE(tf_bfp8_decode(e, m[3]) == -0.25f);
    v[0] = 15.999f; /* rounds to 128: saturates at 127 */
    tf_bfp8_encode(v, &e, m);
    CHECK_TRUE(tf_bfp8_decode(e, m[0]) == 15.875f);
    memset(v, 0, sizeof v);
    v[5] = 1e-40f; /* subnormal: zero */
    tf_bfp8_encode(v, &e, m);
    CHECK_EQ_U(e, 0);
    CHECK_TRUE(tf_bfp8_decode(e, m[5]) == 0.0f);
    v[0] = 2e-38f; /* the smallest exponent: steps of 2^-132 decode to subnormals */
    v[1] = 1.2e-38f;
    tf_bfp8_encode(v, &e, m);
    CHECK_EQ_U(e, 1);
    CHECK_TRUE(fabsf(tf_bfp8_decode(e, m[1]) - 1.2e-38f) <= 0x1p-133f);
    CHECK_TRUE(fabsf(tf_bfp8_decode(e, m[0]) - 2e-38f) <= 0x1p-133f);
    v[0] = -INFINITY;
    v[1] = NAN;
    v[2] = 5.0f;
    tf_bfp8_encode(v, &e, m);
    CHECK_EQ_U(e, 255);
    CHECK_TRUE(tf_bfp8_decode(e, m[0]) == -INFINITY);
    CHECK_TRUE(isnan(tf_bfp8_decode(e, m[1])));
    CHECK_TRUE(tf_bfp8_decode(e, m[2]) == 0.0f);
}

static void bf16_trunc(void)
{
    CHECK_TRUE(tf_bf16_trunc(1.0f + 0x1p-8f + 0x1p-9f) == 1.0f); /* rounding would give 1+2^-7 */
    CHECK_TRUE(tf_bf16_trunc(-1.99f) == -1.984375f);
    float n;
    uint32_t w = 0x7f800001u; /* a NaN whose payload truncation would drop */
    memcpy(&n, &w, 4);
    CHECK_TRUE(isnan(tf_bf16_trunc(n)));
}

static void fidelity(void)
{
    float a = 1.0f + 0x1p-5f + 0x1p-9f, b = 1.0f + 0x1p-7f + 0x1p-10f;
    /* exact with all phases for bf16-wide mantissas, coarser with fewer */
    float hi4 = sim_fpu_mul(a, b, 4), lo = sim_fpu_mul(a, b, 1), hi2 = sim_fpu_mul(a, b, 2);
    CHECK_TRUE(hi4 == a * b);
    CHECK_TRUE(lo == 1.0f); /* a's top 4 bits x b's top 6: both 1.0 */
    CHECK_TRUE(hi2 == a);   /* + a's next 5 bits x b's top */
    CHECK_TRUE(sim_fpu_mul(a, b, 3) == a + (0x1p-7f + 0x1p-10f)); /* + a's top x b's next 4 */
    CHECK_TRUE(sim_fpu_mul(INFINITY, 2.0f, 1) == INFINITY);
    CHECK_TRUE(sim_fpu_mul(3.0f, 5.0f, 0) == 15.0f);
}

static void reduce_max(void)
{
    static float d[1024], a[1024], s[1024];
    for (int i = 0; i < 1024; i++) a[i] = -1.0f - (float)(i % 7);
    memset(s, 0, sizeof s);
    s[0] = 1.0f;
    sim_fpu_reduce(d, a, s, TF_POOL_MAX, TF_REDUCE_ROW, 4, 1); /* cleared DEST: -inf, not 0 */
    CHECK_TRUE(d[0] == -1.0f && d[32] == -1.0f);
    s[0] = 3.0f; /* only the exponent: x 2 */
    sim_fpu_reduce(d, a, s, TF_POOL_MAX, TF_REDUCE_SCALAR, 4, 1);
    CHECK_TRUE(d[0] == -2.0f);
    s[0] = 0.0f; /* a zero scaler: every input -inf */
    sim_fpu_reduce(d, a, s, TF_POOL_MAX, TF_REDUCE_COL, 4, 1);
    CHECK_TRUE(d[0] == -INFINITY);
}

static void sfpu_specials(void)
{
    static float d[1024];
    const float in[8] = {0.0f, -1.0f, INFINITY, -INFINITY, NAN, -100.0f, 1.0f, 4.0f};
    struct {
        uint32_t op;
        float want[8];
    } cases[] = {
        {TF_SFPU_EXP, {1, 0.3679f, INFINITY, 0, NAN, 0, 2.7183f, 54.598f}},
        {TF_SFPU_LOG, {-INFINITY, NAN, INFINITY, NAN, NAN, NAN, 0, 1.3863f}},
        {TF_SFPU_SQRT, {0, NAN, INFINITY, NAN, NAN, NAN, 1, 2}},
        {TF_SFPU_RSQRT, {INFINITY, NAN, 0, NAN, NAN, NAN, 1, 0.5f}},
        {TF_SFPU_SIGMOID, {0.5f, 0.2689f, 1, 0, NAN, 0, 0.7311f, 0.9820f}},
    };
    for (size_t c = 0; c < sizeof cases / sizeof *cases; c++)
        for (int approx = 0; approx < 2; approx++) {
            for (int i = 0; i < 1024; i++) d[i] = in[i % 8];
            CHECK_EQ_U(sim_sfpu_run(d, cases[c].op, approx, 0, 0), 0);
            for (int i = 0; i < 8; i++) {
                float w = cases[c].want[i], g = d[i];
                int ok = isnan(w)   ? isnan(g)
                         : isinf(w) ? g == w
                                    : fabsf(g - w) <= 4e-3f * (fabsf(w) + 1e-3f);
                if (!ok)
                    fprintf(stderr, "op %u approx %d: f(%g) = %g, want %g\n", cases[c].op, approx,
                            in[i], g, w);
                CHECK_TRUE(ok);
            }
        }
    CHECK_TRUE(sim_sfpu_run(d, 99, 0, 0, 0) == -1);
    CHECK_TRUE(sim_sfpu_run(d, TF_SFPU_TYPECAST, 0, TF_DF_FLOAT32, 14) == -1); /* Int8 */
    /* Int32 <-> UInt32: no LLK cast (the integer casts: test_ttm_sfpu_int) */
    CHECK_TRUE(sim_sfpu_run(d, TF_SFPU_TYPECAST, 0, TF_DF_INT32, TF_DF_UINT32) == -1);
    CHECK_TRUE(sim_sfpu_run(d, TF_SFPU_TYPECAST, 0, TF_DF_UINT32, TF_DF_INT32) == -1);
    /* each entry takes only its own kind of op */
    CHECK_TRUE(sim_sfpu_run(d, TF_SFPU_WHERE, 0, 0, 0) == -1);
    CHECK_TRUE(sim_sfpu_run(d, TF_SFPU_ATAN2_BINARY, 0, 0, 0) == -1);
    CHECK_TRUE(sim_sfpu_binary(d, d, d, TF_SFPU_LERP, 0) == -1);
    CHECK_TRUE(sim_sfpu_ternary(d, d, d, d, TF_SFPU_FMOD_BINARY, 0) == -1);
    CHECK_TRUE(sim_sfpu_ternary(d, d, d, d, TF_SFPU_EXP, 0) == -1);
    /* mask_tile / mask_posinf_tile: only a mask word of 32 zero bits masks
     * (tt-llk's test is SFPSETCC's integer compare: -0, NaN and the
     * smallest denormal do not); the data pass bit for bit (a NaN's payload) */
    static float x[1024], m[1024], o[1024];
    static const uint32_t mw[6] = {0, 0x80000000u, 0x7fc00000u, 1, 0x3f800000u, 0};
    static const uint32_t xw[6] = {0x40490fdbu, 0x7fa00001u, 0xbf800000u,
                                   0x80000000u, 5,           0xffc00123u};
    for (int op = 0; op < 2; op++) {
        for (int i = 0; i < 1024; i++)
            x[i] = tf_check_float(xw[i % 6]), m[i] = tf_check_float(mw[i % 6]);
        CHECK_EQ_U(sim_sfpu_binary(o, x, m, op ? TF_SFPU_MASK_POSINF : TF_SFPU_MASK, 0), 0);
        for (int i = 0; i < 1024; i++) {
            uint32_t w = mw[i % 6] ? xw[i % 6] : op ? 0x7f800000u : 0;
            if (tf_check_bits(o[i]) != w) {
                fprintf(stderr, "mask %d at %d: 0x%08x, want 0x%08x\n", op, i, tf_check_bits(o[i]),
                        w);
                CHECK_TRUE(0);
                break;
            }
        }
    }
}

int main(void)
{
    bfp8();
    bf16_trunc();
    fidelity();
    reduce_max();
    sfpu_specials();
    return tf_check_report("test_tile_numerics");
}
