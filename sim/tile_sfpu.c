/* The vector unit (SFPU) of the tile engine: unary operations on a DEST
 * tile, in place, and binary ones between two DEST tiles (docs/chip.md,
 * "Numerics" and "Modeled cost").
 *
 * Exact modes compute each value with C's libm in double and round the
 * result to fp32 once (recip, square, the scalar ops and power work in
 * fp32 directly). Approximate modes are our own cheap approximations, of
 * the kind the SFPU runs (exponent tricks, short polynomials, Newton
 * steps); tests/unit/test_tile_numerics.c measures their error bounds,
 * which docs/chip.md states. Special values follow IEEE and C99 Annex F:
 * log(0) = -inf, log(x < 0) = NaN, sqrt(-1) = NaN, 1/0 = inf, NaN in gives
 * NaN out (relu gives 0). */
#include "tile_engine.h"

#include <math.h>
#include <string.h>

/* e^x: 2^(x log2 e) as 2^i x p(f), p a quadratic through 2^0 and 2^1
 * (max relative error of p: 2.7e-3). Inputs below -88.5 give 0, as
 * tt-metal's approximate exp clamps them. */
static float exp_approx(float x)
{
    if (isnan(x)) return x;
    if (x < -88.5f) return 0.0f;
    if (x > 88.75f) return INFINITY;
    float t = x * 1.44269504f, i = floorf(t), f = t - i;
    return ldexpf(1.0f + f * (0.6602f + f * 0.3398f), (int)i);
}

/* ln x: exponent + a cubic for log2 of the mantissa (abs error 9e-4). */
static float log_approx(float x)
{
    if (isnan(x) || x < 0) return NAN;
    if (x == 0) return -INFINITY;
    if (isinf(x)) return x;
    int e;
    float m = frexpf(x, &e) * 2.0f, u = m - 1.0f; /* m in [1, 2) */
    float l2 = u * (1.4230f + u * (-0.5825f + u * 0.1595f));
    return ((float)(e - 1) + l2) * 0.69314718f;
}

/* 1/sqrt x: halve the exponent in the bit pattern, then two Newton steps. */
static float rsqrt_approx(float x)
{
    if (isnan(x) || x < 0) return NAN;
    if (x == 0) return copysignf(INFINITY, x);
    if (isinf(x)) return 0.0f;
    float y = bits_f(0x5f400000u - (f_bits(x) >> 1));
    for (int k = 0; k < 2; k++) y = y * (1.5f - 0.5f * x * y * y);
    return y;
}

static float sigmoid_approx(float x)
{
    return 1.0f / (1.0f + exp_approx(-x));
}

static float gelu_tanh(double x)
{
    return (float)(0.5 * x * (1.0 + tanh(0.7978845608028654 * (x + 0.044715 * x * x * x))));
}

static float relu(float x)
{
    return x > 0 ? x : 0.0f; /* -0 and NaN become 0 */
}

static float unary(float x, uint32_t op, int approx, uint32_t p0)
{
    double v = x;
    float s = bits_f(p0);
    switch (op) {
    case TF_SFPU_EXP: return approx ? exp_approx(x) : (float)exp(v);
    case TF_SFPU_EXP2: return (float)exp2(v);
    case TF_SFPU_LOG: return approx ? log_approx(x) : (float)log(v);
    case TF_SFPU_RECIP: return 1.0f / x;
    case TF_SFPU_SQRT:
        if (approx) return x == 0 || isinf(x) ? (x < 0 ? NAN : x) : x * rsqrt_approx(x);
        return sqrtf(x);
    case TF_SFPU_RSQRT: return approx ? rsqrt_approx(x) : (float)(1.0 / sqrt(v));
    case TF_SFPU_RELU: return relu(x);
    case TF_SFPU_RELU_MAX: {
        float r = relu(x);
        return r > s ? s : r;
    }
    case TF_SFPU_RELU_MIN: return x < s ? s : x;
    case TF_SFPU_LEAKY_RELU: return x < 0 ? s * x : x;
    case TF_SFPU_GELU:
        return approx ? gelu_tanh(v) : (float)(0.5 * v * (1.0 + erf(v * 0.7071067811865476)));
    case TF_SFPU_GELU_TANH: return gelu_tanh(v);
    case TF_SFPU_SILU: return (float)(v / (1.0 + exp(-v)));
    case TF_SFPU_SIGMOID: return approx ? sigmoid_approx(x) : (float)(1.0 / (1.0 + exp(-v)));
    case TF_SFPU_TANH: return approx ? 2.0f * sigmoid_approx(2.0f * x) - 1.0f : (float)tanh(v);
    case TF_SFPU_ABS: return fabsf(x);
    case TF_SFPU_NEGATIVE: return -x;
    case TF_SFPU_SQUARE: return x * x;
    case TF_SFPU_POWER: { /* repeated multiplication, as power_iterative */
        float r = 1.0f, b = x;
        for (uint32_t n = p0; n; n >>= 1, b *= b)
            if (n & 1) r *= b;
        return r;
    }
    case TF_SFPU_SIN: return (float)sin(v);
    case TF_SFPU_COS: return (float)cos(v);
    case TF_SFPU_FILL: return s;
    case TF_SFPU_ADD_SCALAR: return x + s;
    case TF_SFPU_SUB_SCALAR: return x - s;
    case TF_SFPU_MUL_SCALAR:
    case TF_SFPU_DIV_SCALAR: return x * s;
    case TF_SFPU_RSUB_SCALAR: return s - x;
    default: return x;
    }
}

int sim_sfpu_run(float *d, uint32_t op, int approx, uint32_t p0, uint32_t p1)
{
    if (!sim_sfpu_init_of(op) || TF_SFPU_IS_BINARY(op)) return -1;
    if (op == TF_SFPU_TYPECAST) {
        if (!TF_DF_SUPPORTED(p0) || !TF_DF_SUPPORTED(p1)) return -1;
        sim_tile_round_to(d, p1);
        return 0;
    }
    if (sim_simd_sfpu(d, op, approx, p0)) return 0;
    for (int i = 0; i < TF_TILE_ELEMS; i++) d[i] = unary(d[i], op, approx, p0);
    return 0;
}

/* One value of a binary op: a single fp32 operation (one rounding) for
 * the arithmetic, a selection for max/min, pow in double rounded once
 * (the exact-mode rule), 1 or 0 for the comparisons (fp32 compares: a NaN
 * compares false, so ne gives 1). */
static float binary(float x, float y, uint32_t op)
{
    switch (op) {
    case TF_SFPU_ADD_BINARY: return x + y;
    case TF_SFPU_SUB_BINARY: return x - y;
    case TF_SFPU_MUL_BINARY: return x * y;
    case TF_SFPU_DIV_BINARY: return x / y;
    case TF_SFPU_RSUB_BINARY: return y - x;
    case TF_SFPU_POWER_BINARY: return (float)pow((double)x, (double)y);
    case TF_SFPU_MAX_BINARY: return x > y ? x : y;
    case TF_SFPU_EQ_BINARY: return x == y ? 1.0f : 0.0f;
    case TF_SFPU_NE_BINARY: return x != y ? 1.0f : 0.0f;
    case TF_SFPU_LT_BINARY: return x < y ? 1.0f : 0.0f;
    case TF_SFPU_GT_BINARY: return x > y ? 1.0f : 0.0f;
    case TF_SFPU_LE_BINARY: return x <= y ? 1.0f : 0.0f;
    case TF_SFPU_GE_BINARY: return x >= y ? 1.0f : 0.0f;
    default: return x < y ? x : y; /* MIN_BINARY */
    }
}

int sim_sfpu_binary(float *d, const float *x, const float *y, uint32_t op)
{
    if (!TF_SFPU_IS_BINARY(op)) return -1;
    if (sim_simd_sfpu_binary(d, x, y, op)) return 0;
    for (int i = 0; i < TF_TILE_ELEMS; i++) d[i] = binary(x[i], y[i], op);
    return 0;
}

int sim_sfpu_init_of(uint32_t op)
{
#define SFPU_INIT(name, code, init, doc) [code] = init,
    static const uint8_t init_of[TF_SFPU_NUM_OPS] = {TF_SFPU_OPS(SFPU_INIT)};
#undef SFPU_INIT
    return op < TF_SFPU_NUM_OPS ? init_of[op] : 0;
}

/* Modeled cycles a tile (docs/chip.md, "Modeled cost"): the SFPU issues
 * one instruction a cycle over 32-datum vectors, 32 of them a tile
 * (tt-isa-documentation VectorUnit.md); simple ops pipeline load, op and
 * store (SFPLOADMACRO) at one vector a cycle. Approximate exp is
 * tt-metal's published figure (~96 issue slots a tile,
 * tech_reports/SFPU_Exp_Approx_And_Harness_Wedge); the others are our
 * estimates of issue slots per vector x 32. A binary op loads two
 * vectors for each it stores: two slots a vector for the simple ones
 * (the comparisons too);
 * div adds recip's cost, pow log's and exp's. */
uint32_t sim_sfpu_cycles(uint32_t op, int approx)
{
    switch (op) {
    case TF_SFPU_EXP: return approx ? 96 : 256;
    case TF_SFPU_EXP2:
    case TF_SFPU_RECIP: return 256;
    case TF_SFPU_LOG: return approx ? 160 : 320;
    case TF_SFPU_SQRT:
    case TF_SFPU_RSQRT: return approx ? 128 : 256;
    case TF_SFPU_GELU: return approx ? 192 : 384;
    case TF_SFPU_GELU_TANH: return 192;
    case TF_SFPU_SILU: return 320;
    case TF_SFPU_SIGMOID:
    case TF_SFPU_TANH: return approx ? 128 : 320;
    case TF_SFPU_POWER: return 128;
    case TF_SFPU_SIN:
    case TF_SFPU_COS: return 384;
    case TF_SFPU_ADD_BINARY:
    case TF_SFPU_SUB_BINARY:
    case TF_SFPU_MUL_BINARY:
    case TF_SFPU_RSUB_BINARY:
    case TF_SFPU_MAX_BINARY:
    case TF_SFPU_MIN_BINARY:
    case TF_SFPU_EQ_BINARY:
    case TF_SFPU_NE_BINARY:
    case TF_SFPU_LT_BINARY:
    case TF_SFPU_GT_BINARY:
    case TF_SFPU_LE_BINARY:
    case TF_SFPU_GE_BINARY: return 64;
    case TF_SFPU_DIV_BINARY: return 64 + 256;
    case TF_SFPU_POWER_BINARY: return 64 + 320 + 256;
    default: return 32;
    }
}
