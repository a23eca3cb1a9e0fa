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
#include "tf_tile_layout.h"

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

static float unary(float x, uint32_t op, int approx, uint32_t p0, uint32_t p1)
{
    double v = x;
    float s = bits_f(p0);
    switch (op) {
    case TF_SFPU_EXP: /* (scaled: x s rounded once to fp32, in registers) */
        if (p1 & TF_SFPU_EXP_SCALED) x *= s, v = x;
        return approx ? exp_approx(x) : (float)exp(v);
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
    default: return sim_sfpu_unary_more(x, op, p0, p1); /* tile_sfpu_unary.c */
    }
}

float sim_sfpu_unary1(float x, uint32_t op, int approx)
{
    return unary(x, op, approx, 0, 0);
}

int sim_sfpu_run(float *d, uint32_t op, int approx, uint32_t p0, uint32_t p1)
{
    if (!sim_sfpu_init_of(op) || TF_SFPU_IS_BINARY(op) || TF_SFPU_IS_TERNARY(op) ||
        !sim_sfpu_args_ok(op, p0, p1))
        return -1;
    if (TF_SFPU_IS_REDUCE(op)) return sim_sfpu_reduce(d, op, p1);
    if (op == TF_SFPU_CUMSUM) return -1; /* it needs its carry: sim_sfpu_cumsum */
    if (TF_SFPU_IS_INT_UNARY(op)) return sim_sfpu_int_unary(d, op, p0, p1);
    if (op == TF_SFPU_TYPECAST) {
        if (TF_DF_INTEGER(p0) || TF_DF_INTEGER(p1)) return sim_sfpu_typecast_int(d, p0, p1);
        if (!TF_DF_CASTABLE(p0) || !TF_DF_CASTABLE(p1)) return -1;
        sim_tile_round_to(d, p1);
        return 0;
    }
    if (sim_simd_sfpu(d, op, approx, p0)) return 0;
    for (int i = 0; i < TF_TILE_ELEMS; i++) d[i] = unary(d[i], op, approx, p0, p1);
    return 0;
}

/* remainder_binary_tile: x - floor(x / y) y, the sign of y: fmod's exact
 * value, plus y (one rounding) where it is not 0 and its sign is not y's;
 * a 0 keeps fmod's sign (x's). */
static float floor_mod(float x, float y)
{
    float r = fmodf(x, y);
    return r != 0 && (r < 0) != (y < 0) ? r + y : r;
}

/* clamped_silu_glu_tile (DeepSeek-V4's limit 10, tt-metal's
 * ClampedSiluGluConfigDsV4): g = min(gate, 10), u = up clamped to
 * [-10, 10], g sigmoid(g) u: the sigmoid libm's rounded once, each
 * product one fp32 multiply, as the kernel's gate * sigmoid * up. */
static float clamped_silu_glu(float gate, float up)
{
    float g = sim_sm_min(gate, 10.0f), u = sim_sm_max(sim_sm_min(up, 10.0f), -10.0f);
    float s = (float)(1.0 / (1.0 + exp(-(double)g)));
    return g * s * u;
}

/* One value of a binary op: a single fp32 operation (one rounding) for
 * the arithmetic, a selection for max/min, pow and atan2 in double
 * rounded once (the exact-mode rule), 1 or 0 for the comparisons (fp32
 * compares: a NaN compares false, so ne gives 1); fmod exact (C's fmodf:
 * the value is representable), div_no_nan 0 where y is +-0. */
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
    case TF_SFPU_ATAN2_BINARY: return (float)atan2((double)x, (double)y);
    case TF_SFPU_FMOD_BINARY: return fmodf(x, y);
    case TF_SFPU_REMAINDER_BINARY: return floor_mod(x, y);
    case TF_SFPU_DIV_NO_NAN_BINARY: return y == 0 ? 0.0f : x / y;
    case TF_SFPU_COPY_DEST: return x;
    case TF_SFPU_MAX_TILE: return x < y ? y : x;
    case TF_SFPU_CLAMPED_SILU_GLU: return clamped_silu_glu(x, y);
    /* mask_tile: the mask word compared with 0 as SFPSETCC does, all 32 bits
     * (tt-llk's calculate_mask: `mask == 0.0F` is SFPSETCC's LREG_EQ0, an
     * integer test: a -0 mask does not mask), a zero word (+0, or the
     * integer 0) written where it holds; the data are left as they are */
    case TF_SFPU_MASK: return f_bits(y) ? x : 0.0f;
    case TF_SFPU_MASK_POSINF: return f_bits(y) ? x : INFINITY;
    default: return x < y ? x : y; /* MIN_BINARY */
    }
}

/* xlogy: x ln y, NaN where y < 0 or is NaN (tt-metal's branches); ln y is
 * libm's rounded once to fp32, and passes through DEST on its way (the
 * kernel stores y there and takes its log in place), so a 16-bit DEST
 * truncates it before the multiply (to bf16, or narrow 2: to a half, as
 * SFPSTORE's FP16 conversion does). */
static float xlogy(float x, float y, int narrow)
{
    if (y < 0 || isnan(y)) return NAN;
    float l = (float)log((double)y);
    return x * (narrow == 2 ? sim_fp16_dest(l, 1) : narrow ? tf_bf16_trunc(l) : l);
}

/* The SFPU broadcasts: d = x op y's column 0 (on every column) or row 0
 * (on every row), one fp32 operation a value. */
static void bcast(float *d, const float *x, const float *y, uint32_t op)
{
    float b[TF_TILE_ELEMS]; /* y broadcast (d may be y) */
    int by_col = op <= TF_SFPU_MUL_BCAST_COL;
    uint32_t k = op - (by_col ? TF_SFPU_ADD_BCAST_COL : TF_SFPU_ADD_BCAST_ROW); /* add, sub, mul */
    for (int r = 0; r < TF_TILE_DIM; r++)
        for (int c = 0; c < TF_TILE_DIM; c++)
            b[r * TF_TILE_DIM + c] = by_col ? y[r * TF_TILE_DIM] : y[c];
    for (int i = 0; i < TF_TILE_ELEMS; i++)
        d[i] = k == 0 ? x[i] + b[i] : k == 1 ? x[i] - b[i] : x[i] * b[i];
}

int sim_sfpu_binary(float *d, const float *x, const float *y, uint32_t op, int narrow)
{
    if (!TF_SFPU_IS_BINARY(op) || TF_SFPU_IS_INT(op)) return -1; /* (ints: tile_sfpu_int.c) */
    if (TF_SFPU_IS_BCAST(op)) {
        bcast(d, x, y, op);
        return 0;
    }
    if (op == TF_SFPU_XLOGY_BINARY) {
        for (int i = 0; i < TF_TILE_ELEMS; i++) d[i] = xlogy(x[i], y[i], narrow);
        return 0;
    }
    if (sim_simd_sfpu_binary(d, x, y, op)) return 0;
    for (int i = 0; i < TF_TILE_ELEMS; i++) d[i] = binary(x[i], y[i], op);
    return 0;
}

/* One value of a ternary op, s the op's scalar. where tests the
 * condition's bits, as the SFPU's SFPSETCC compares the 32-bit word with
 * 0 (tt-isa-documentation SFPSETCC.md): -0 and NaN select y. The SFPU's
 * multiply-add rounds once (SFPMAD.md): lerp and addcmul are a rounded
 * operation, then fmaf; addcdiv multiplies by 1 / z as tt-metal's kernel
 * does (the reciprocal correctly rounded, recip_tile's rule). */
static float ternary(float x, float y, float z, uint32_t op, float s)
{
    switch (op) {
    case TF_SFPU_WHERE: return f_bits(x) ? y : z;
    case TF_SFPU_LERP: return fmaf(z, y - x, x);
    case TF_SFPU_ADDCMUL: return fmaf(s * y, z, x);
    case TF_SFPU_SNAKE_BETA: { /* x + sin(alpha x)^2 / beta, alpha = y, beta = z */
        float r = (float)sin((double)(y * x));
        return fmaf(r * r, 1.0f / z, x);
    }
    default: return fmaf(s * y, 1.0f / z, x); /* ADDCDIV */
    }
}

int sim_sfpu_ternary(float *d, const float *x, const float *y, const float *z, uint32_t op,
                     uint32_t s)
{
    if (!TF_SFPU_IS_TERNARY(op)) return -1;
    for (int i = 0; i < TF_TILE_ELEMS; i++) d[i] = ternary(x[i], y[i], z[i], op, bits_f(s));
    return 0;
}

/* isclose_binary_tile (tt-metal's, as torch.isclose): 1 where
 * |x - y| <= atol + rtol |y|, else 0, in fp32 (the bound one multiply-add
 * rounded once, as tt-llk's SFPMAD; the difference rounded);
 * infinities are close only to themselves (same sign), a NaN to nothing
 * but, with equal_nan, another NaN. */
void sim_sfpu_isclose(float *d, const float *x, const float *y, const uint32_t tol[2],
                      int equal_nan)
{
    float rtol = bits_f(tol[0]), atol = bits_f(tol[1]);
    for (int i = 0; i < TF_TILE_ELEMS; i++) {
        float a = x[i], b = y[i];
        int close;
        if (isnan(a) || isnan(b))
            close = equal_nan && isnan(a) && isnan(b);
        else if (isinf(a) || isinf(b))
            close = a == b;
        else
            close = fabsf(a - b) <= fmaf(rtol, fabsf(b), atol); /* one SFPMAD, as tt-llk's */
        d[i] = close ? 1.0f : 0.0f;
    }
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
 * div adds recip's cost, pow log's and exp's. atan2 adds recip's and a
 * polynomial as long as sin's; fmod and remainder recip's and ~8 slots a
 * vector of truncation and corrections; xlogy log's and a store and
 * reload of ln y; div_no_nan div's and a select. A ternary op loads three
 * vectors a store: 3 slots a vector. where is tt-metal's figure: 3 cycles
 * a row (a vector) with the output in the condition's tile (in_place:
 * tt_llk_blackhole ckernel_sfpu_where.h), else 4 (jasondavies.com
 * "tenstorrent-where", on Wormhole); lerp and addcmul add a slot of arithmetic,
 * addcdiv recip's too; clamped_silu_glu is a binary pass, sigmoid's and
 * two slots (the clamps and products), snake_beta a ternary pass, sin's,
 * recip's and a slot; the broadcasts a binary pass and a slot to spread
 * the column's or row's values. mask and mask_posinf: 4 slots a vector
 * (tt-llk's calculate_mask: load the mask, SFPSETCC, the conditional store
 * of the constant, SFPENCC). */
uint32_t sim_sfpu_cycles(uint32_t op, int approx, int in_place, uint32_t p1)
{
    switch (op) {
    case TF_SFPU_EXP: /* (scaled: one more MAD a vector, 32 a tile: an estimate) */
        return (approx ? 96 : 256) + (p1 & TF_SFPU_EXP_SCALED ? 32 : 0);
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
    case TF_SFPU_ATAN2_BINARY: return 64 + 256 + 384;
    case TF_SFPU_FMOD_BINARY:
    case TF_SFPU_REMAINDER_BINARY: return 64 + 256 + 256;
    case TF_SFPU_XLOGY_BINARY: return 64 + 320 + 64;
    case TF_SFPU_DIV_NO_NAN_BINARY: return 64 + 256 + 32;
    case TF_SFPU_MAX_TILE: return 64;
    case TF_SFPU_MASK:
    case TF_SFPU_MASK_POSINF: return 128;
    case TF_SFPU_WHERE: return in_place ? 96 : 128;
    case TF_SFPU_LERP:
    case TF_SFPU_ADDCMUL: return 96 + 32;
    case TF_SFPU_ADDCDIV: return 96 + 256 + 32;
    case TF_SFPU_CLAMPED_SILU_GLU: return 64 + 320 + 64;
    case TF_SFPU_SNAKE_BETA: return 96 + 384 + 256 + 32;
    case TF_SFPU_ISCLOSE: return 64 + 8 * 32; /* two loads; ~8 slots: |x - y|, |y|, mad, tests */
    case TF_SFPU_ADD_BCAST_COL:
    case TF_SFPU_SUB_BCAST_COL:
    case TF_SFPU_MUL_BCAST_COL:
    case TF_SFPU_ADD_BCAST_ROW:
    case TF_SFPU_SUB_BCAST_ROW:
    case TF_SFPU_MUL_BCAST_ROW: return 64 + 32;
    case TF_SFPU_TYPECAST: /* p1: the output format | the input's << 8 (tile.c) */
        return TF_DF_INTEGER(p1 & 0xff) || TF_DF_INTEGER(p1 >> 8)
                   ? sim_sfpu_typecast_cycles(p1 >> 8, p1 & 0xff)
                   : 32;
    case TF_SFPU_MUL_INT: return 64 + 128;
    case TF_SFPU_AND_SCALAR:
    case TF_SFPU_OR_SCALAR:
    case TF_SFPU_XOR_SCALAR:
    case TF_SFPU_NOT_INT:
    case TF_SFPU_SHL_SCALAR: return 96;
    case TF_SFPU_SHR_SCALAR: return 288;
    case TF_SFPU_CMP_ZERO_INT:
    case TF_SFPU_CMP_ZERO_UINT16:
    case TF_SFPU_CMP_SCALAR_INT:
    case TF_SFPU_RELU_INT:
    case TF_SFPU_RELU_MAX_UINT:
    case TF_SFPU_RELU_MAX_UINT16:
    case TF_SFPU_RELU_MIN_UINT:
    case TF_SFPU_RELU_MIN_UINT16:
    case TF_SFPU_ABS_INT:
    case TF_SFPU_MAX_SCALAR_INT32:
    case TF_SFPU_MIN_SCALAR_INT32:
    case TF_SFPU_MAX_SCALAR_UINT32:
    case TF_SFPU_MIN_SCALAR_UINT32:
    case TF_SFPU_LOGICAL_NOT_INT:
    case TF_SFPU_LOGICAL_NOT_UINT16: return 128; /* as CMP_ZERO's: a selection */
    case TF_SFPU_NEG_INT:
    case TF_SFPU_ADD_SCALAR_INT:
    case TF_SFPU_SUB_SCALAR_INT:
    case TF_SFPU_RSUB_SCALAR_INT: return 96; /* a load, the op, a store */
    case TF_SFPU_IDENTITY_INT:
    case TF_SFPU_FILL_INT:
    case TF_SFPU_FILL_UINT16: return 32; /* as IDENTITY's, FILL's: a store a vector */
    case TF_SFPU_CLAMP_INT: return 192;  /* as CLAMP's: two selections */
    case TF_SFPU_RELU_MAX_INT32:
    case TF_SFPU_RELU_MIN_INT32: return 128; /* as the other integer relus: a selection */
    case TF_SFPU_SIGNBIT_INT32:
        return 32; /* SFPLOADMACRO: a row a cycle (ckernel_sfpu_signbit.h) */
    /* tt-llk's ckernel_sfpu_div_int32_floor.h: 57 issues a row (its
     * SFPLOADMACRO schedule's count), 32 rows a tile */
    case TF_SFPU_DIV_INT32_FLOOR:
    case TF_SFPU_DIV_INT32_TRUNC: return 57 * 32;
    /* estimate: the same quotient-and-correction path (ckernel_sfpu_remainder_int32.h)
     * and ~4 issues of sign fix-ups a row */
    case TF_SFPU_FMOD_INT32:
    case TF_SFPU_REMAINDER_INT32: return 61 * 32;
    /* estimate: SFPU binary div's 320 and the two int-to-float conversions (32 each) */
    case TF_SFPU_DIV_INT32: return 64 + 256 + 64;
    /* estimates from tt-llk's instruction counts (ckernel_sfpu_int_sum.h):
     * the column sum 2 x (8 loads, 7 adds, a store) on each of its 2
     * faces, the row sum 4 x (4 loads, 3 adds, a store) on each of 2,
     * add_int 8 x (2 loads, an add, a store) on each of 4 */
    case TF_SFPU_SUM_INT_COL: return 64;
    case TF_SFPU_SUM_INT_ROW: return 64;
    case TF_SFPU_ADD_INT_NEXT: return 128;
    /* ckernel_sfpu_gcd.h: ~12 set-up issues and 30 iterations of 7 a row
     * group, 32 of them; ckernel_sfpu_lcm.h: its gcd of 14 iterations, then
     * a reciprocal and a 16 x 16-bit product (~40) */
    case TF_SFPU_GCD_INT: return (12 + 30 * 7 + 3) * 32;
    case TF_SFPU_LCM_INT: return (12 + 14 * 7 + 40) * 32;
    default: {
        if (TF_SFPU_IS_REDUCE(op)) return sim_sfpu_reduce_cycles(op, p1); /* p1: ARG3 */
        if (op == TF_SFPU_CUMSUM) return sim_sfpu_cumsum_cycles((p1 & TF_SFPU_CUMSUM_FIRST) != 0);
        if (TF_SFPU_IS_INT(op))
            return 64; /* tile_sfpu_unary.c's ops; else 32, as COPY_DEST: a load and a store a
                          vector */
        uint32_t c = sim_sfpu_cycles_more(op, p1);
        return c ? c : 32;
    }
    }
}
