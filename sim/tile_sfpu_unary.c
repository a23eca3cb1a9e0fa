/* The vector unit's (SFPU) unary ops beyond issue 7's (TF_SFPU_CMP_ZERO ..
 * TF_SFPU_REMAINDER, contracts/tf_tile.h): comparisons, predicates, clamps
 * and piecewise activations, transcendental functions, rounding
 * (docs/chip.md, "Numerics" and "Modeled cost").
 *
 * Every op computes the exact value the way tile_sfpu.c's exact modes do:
 * in double with C's libm, rounded to fp32 once (tt-metal's approximate
 * template arguments select nothing here). What libm lacks is computed in
 * double to well below fp32's rounding: erfinv by Newton's method on erf
 * and erfc, I0 and I1 by their power series, digamma by the recurrence,
 * the reflection formula and the asymptotic series. A selection
 * (comparisons, clamps, shrinks) returns one of its fp32 operands; prelu
 * and softshrink are one fp32 operation, as tt-metal's; round to decimals
 * is tt-metal's sequence of fp32 operations; fmod and frac are exact.
 * Special values: IEEE and C99 Annex F, NaN in gives NaN out (the
 * comparisons and predicates give 0 or 1; unary_max/min and threshold
 * select as their compares say), and where a formula's factor goes to 0
 * as the other goes to infinity (mish, hardswish and hardmish at -inf) the
 * limit, a zero with x's sign. */
#include "tile_engine.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

static float flag(int c)
{
    return c ? 1.0f : 0.0f;
}

/* x op s (TF_SFPU_CMP_*) in fp32: -0 == 0, a NaN compares false. */
static int compare(float x, float s, uint32_t k)
{
    switch (k) {
    case TF_SFPU_CMP_EQ: return x == s;
    case TF_SFPU_CMP_NE: return x != s;
    case TF_SFPU_CMP_LT: return x < s;
    case TF_SFPU_CMP_LE: return x <= s;
    case TF_SFPU_CMP_GT: return x > s;
    default: return x >= s; /* TF_SFPU_CMP_GE */
    }
}

static int fp_class(float x, uint32_t k)
{
    switch (k) {
    case TF_SFPU_FP_INF: return isinf(x);
    case TF_SFPU_FP_NAN: return isnan(x);
    case TF_SFPU_FP_FINITE: return isfinite(x);
    case TF_SFPU_FP_POSINF: return x == INFINITY;
    default: return x == -INFINITY; /* TF_SFPU_FP_NEGINF */
    }
}

/* x times a factor that goes to 0: the product, or the limit (a zero of
 * x's sign) where the factor is 0 (-inf x 0 would be NaN). */
static float times(float x, double v, double factor)
{
    return factor == 0 ? copysignf(0.0f, x) : (float)(v * factor);
}

/* min(max(v, lo), hi) in double, NaN kept. */
static double clampd(double v, double lo, double hi)
{
    return v < lo ? lo : v > hi ? hi : v;
}

/* x - tanh x: below 1/16 the difference cancels, so its series (the
 * terms fall by 0.4 x^2 each: the eighth is below 1e-19 of the first). */
static double tanhshrink(double v)
{
    if (fabs(v) >= 0.0625) return v - tanh(v);
    static const double c[8] = {
        1.0 / 3,         -2.0 / 15,          17.0 / 315,           -62.0 / 2835,
        1382.0 / 155925, -21844.0 / 6081075, 929569.0 / 638512875, -6404582.0 / 10854718875};
    double v2 = v * v, s = 0;
    for (int k = 7; k >= 0; k--) s = s * v2 + c[k];
    return s * v2 * v;
}

/* erf^-1(y): Winitzki's closed form (about 2e-3 off), then Newton steps on
 * erf (|y| <= 1/2) or on erfc against 1 - |y| (exact in double for an fp32
 * y), where erf's residual would cancel. */
static double erfinv(double y)
{
    double a = fabs(y);
    if (isnan(y) || a > 1) return NAN;
    if (a == 1) return copysign(INFINITY, y);
    if (a == 0) return y;
    const double k = 0.147, pi = 3.14159265358979323846;
    double w = log((1 - a) * (1 + a)), t = 2 / (pi * k) + w / 2;
    double x = sqrt(sqrt(t * t - w / k) - t);
    const double d = 2 / sqrt(pi); /* erf' = d e^(-x^2) */
    for (int i = 0; i < 6; i++) {
        double r = a <= 0.5 ? erf(x) - a : (1 - a) - erfc(x);
        double step = r / (d * exp(-x * x));
        x -= step;
        if (fabs(step) <= 1e-17 * x) break;
    }
    return copysign(x, y);
}

/* The modified Bessel function of the first kind of order n (0 or 1) by
 * its power series (every term positive: no cancellation), odd for n = 1.
 * |x| > 100 overflows fp32 (I0(92) is past FLT_MAX already). */
static double bessel_i(double x, int n)
{
    if (isnan(x)) return x;
    double a = fabs(x), r;
    if (a > 100)
        r = INFINITY;
    else {
        double q = a * a / 4, term = n ? a / 2 : 1;
        r = term;
        for (int k = 1; k < 1000 && term > r * 1e-18; k++) {
            term *= q / ((double)k * (k + n));
            r += term;
        }
    }
    return n && signbit(x) ? -r : r;
}

/* psi(x) = Gamma'(x) / Gamma(x): for x < 0 the reflection psi(1 - x) -
 * pi / tan(pi x) (tan's argument reduced exactly: x - floor(x)), then the
 * recurrence psi(x) = psi(x + 1) - 1 / x up to 10 and the asymptotic series
 * (its first left-out term is below 5e-17 there). psi(+-0) = -+inf,
 * negative integers NaN (the poles, as PyTorch's digamma). */
static double digamma(double x)
{
    const double pi = 3.14159265358979323846;
    if (isnan(x) || x == INFINITY) return x;
    if (x == 0) return copysign(INFINITY, -x);
    if (x < 0) {
        double f = x - floor(x);
        if (f == 0) return NAN; /* -inf too */
        return digamma(1 - x) - pi / tan(pi * f);
    }
    double r = 0;
    for (; x < 10; x += 1) r -= 1 / x;
    double z = 1 / (x * x);
    double s =
        z *
        (1.0 / 12 -
         z * (1.0 / 120 -
              z * (1.0 / 252 - z * (1.0 / 240 - z * (1.0 / 132 - z * (691.0 / 32760 - z / 12))))));
    return r + log(x) - 0.5 / x - s;
}

/* 10^n as the fp32 nearest (tt-metal's table of float literals: 1e-45F ..
 * 1e38F; inf above, 0 below). */
static float pow10f_nearest(int64_t n)
{
    if (n > 38) return INFINITY;
    if (n < -45) return 0.0f;
    char s[16];
    snprintf(s, sizeof s, "1e%d", (int)n);
    return strtof(s, NULL);
}

/* round(x, decimals) as tt-metal computes it in fp32: 10^-d x
 * rint(x 10^d), each step one fp32 operation, rint to nearest even. */
static float round_decimals(float x, int32_t d)
{
    float coeff = pow10f_nearest(d), inverse = pow10f_nearest(-(int64_t)d);
    return inverse * nearbyintf(x * coeff);
}

static float rounding(float x, uint32_t k, uint32_t p0)
{
    switch (k) {
    case TF_SFPU_ROUND_FLOOR: return floorf(x);
    case TF_SFPU_ROUND_CEIL: return ceilf(x);
    case TF_SFPU_ROUND_TRUNC: return truncf(x);
    case TF_SFPU_ROUND_ROUND: return round_decimals(x, (int32_t)p0);
    default: return x - truncf(x); /* TF_SFPU_ROUND_FRAC: exact; inf gives NaN */
    }
}

float sim_sfpu_unary_more(float x, uint32_t op, uint32_t p0, uint32_t p1)
{
    double v = x;
    float s = bits_f(p0), t = bits_f(p1);
    switch (op) {
    case TF_SFPU_CMP_ZERO: return flag(compare(x, 0.0f, p1));
    case TF_SFPU_CMP_SCALAR: return flag(compare(x, s, p1));
    case TF_SFPU_FP_CLASS: return flag(fp_class(x, p1));
    case TF_SFPU_LOGICAL_NOT: return flag(x == 0);
    case TF_SFPU_SIGN: return x > 0 ? 1.0f : x < 0 ? -1.0f : x == 0 ? 0.0f : x;
    case TF_SFPU_SIGNBIT: return flag(signbit(x));
    case TF_SFPU_HEAVISIDE: return x > 0 ? 1.0f : x < 0 ? 0.0f : x == 0 ? s : x;
    case TF_SFPU_CLAMP:
    case TF_SFPU_HARDTANH: {
        float r = x < s ? s : x;
        return r > t ? t : r;
    }
    case TF_SFPU_HARDSIGMOID: return isnan(x) ? x : (float)clampd(v / 6 + 0.5, 0, 1);
    case TF_SFPU_HARDSWISH: return isnan(x) ? x : times(x, v, clampd(v / 6 + 0.5, 0, 1));
    case TF_SFPU_THRESHOLD: return x <= s ? t : x;
    case TF_SFPU_UNARY_MAX: return x > s ? x : s;
    case TF_SFPU_UNARY_MIN: return x < s ? x : s;
    case TF_SFPU_SOFTSHRINK: return x > s ? x - s : x < -s ? x + s : isnan(x) ? x : 0.0f;
    case TF_SFPU_HARDSHRINK: return fabsf(x) > s || isnan(x) ? x : 0.0f;
    case TF_SFPU_ELU: return x > 0 || isnan(x) ? x : (float)(s * expm1(v));
    case TF_SFPU_SELU: return (float)(s * (x > 0 || isnan(x) ? v : t * expm1(v)));
    case TF_SFPU_CELU: return x > 0 || isnan(x) ? x : (float)(s * expm1(v / s));
    case TF_SFPU_PRELU: return x < 0 ? s * x : x;
    case TF_SFPU_IDENTITY: return x;
    case TF_SFPU_EXPM1: return (float)expm1(v);
    case TF_SFPU_LOG1P: return (float)log1p(v);
    case TF_SFPU_LOG_WITH_BASE: return (float)(log(v) * s);
    case TF_SFPU_ERF: return (float)erf(v);
    case TF_SFPU_ERFC: return (float)erfc(v);
    case TF_SFPU_ERFINV: return (float)erfinv(v);
    case TF_SFPU_SOFTPLUS: {
        double b = s, bx = b * v; /* exact: a product of two fp32 values */
        if (!(bx < t)) return x;  /* at or past the threshold (NaN too): x */
        double sp = bx > 0 ? bx + log1p(exp(-bx)) : log1p(exp(bx));
        return (float)(sp / b);
    }
    case TF_SFPU_TAN: return (float)tan(v);
    case TF_SFPU_ASIN: return (float)asin(v);
    case TF_SFPU_ACOS: return (float)acos(v);
    case TF_SFPU_ATAN: return (float)atan(v);
    case TF_SFPU_SINH: return (float)sinh(v);
    case TF_SFPU_COSH: return (float)cosh(v);
    case TF_SFPU_ASINH: return (float)asinh(v);
    case TF_SFPU_ACOSH: return (float)acosh(v);
    case TF_SFPU_ATANH: return (float)atanh(v);
    case TF_SFPU_MISH: return isnan(x) ? x : times(x, v, tanh(log1p(exp(v))));
    case TF_SFPU_SOFTSIGN: return isinf(x) ? copysignf(1.0f, x) : (float)(v / (1 + fabs(v)));
    case TF_SFPU_TANHSHRINK: return (float)tanhshrink(v);
    case TF_SFPU_TANH_DERIVATIVE: { /* sech^2 x: no cancellation, 0 where cosh overflows */
        double c = cosh(v);
        return (float)(1 / (c * c));
    }
    case TF_SFPU_GELU_DERIVATIVE: { /* Phi by erfc (no cancellation for x < 0) */
        if (isnan(x)) return x;
        double phi = exp(-v * v / 2) * 0.3989422804014327; /* 1 / sqrt(2 pi) */
        double cdf = 0.5 * erfc(-v * 0.7071067811865476);
        return (float)(cdf + (phi == 0 ? 0.0 : v * phi));
    }
    case TF_SFPU_I0: return (float)bessel_i(v, 0);
    case TF_SFPU_I1: return (float)bessel_i(v, 1);
    case TF_SFPU_CBRT: return (float)cbrt(v);
    case TF_SFPU_RDIV: {
        double q = (double)s / v; /* rounded to fp32 below: fp32's division */
        return (float)(p1 == TF_SFPU_RDIV_TRUNC   ? trunc(q)
                       : p1 == TF_SFPU_RDIV_FLOOR ? floor(q)
                                                  : q);
    }
    case TF_SFPU_RPOW: return (float)pow((double)s, v);
    case TF_SFPU_LOGIT: return (float)log(v / (1 - v));
    case TF_SFPU_SWISH: return (float)(v / (1.0 + exp(-v)));
    case TF_SFPU_HARDMISH: return isnan(x) ? x : times(x, v, clampd(v + 2.8, 0, 5) / 5);
    case TF_SFPU_LGAMMA: {
        int sign; /* lgamma_r: lgamma's sign global would race between cores */
        return (float)lgamma_r(v, &sign);
    }
    case TF_SFPU_DIGAMMA: return (float)digamma(v);
    case TF_SFPU_ROUNDING: return rounding(x, p1, p0);
    case TF_SFPU_FMOD: return fmodf(x, s); /* exact */
    case TF_SFPU_REMAINDER: {
        double r = fmod(v, (double)s); /* exact; then the divisor's sign */
        if (r == 0) return copysignf(0.0f, s);
        return (float)(((r < 0) != (s < 0) && !isnan(r)) ? r + s : r);
    }
    default: return x;
    }
}

int sim_sfpu_args_ok(uint32_t op, uint32_t p0, uint32_t p1)
{
    switch (op) {
    case TF_SFPU_CMP_ZERO:
    case TF_SFPU_CMP_SCALAR:
    case TF_SFPU_CMP_ZERO_INT:
    case TF_SFPU_CMP_ZERO_UINT16:
    case TF_SFPU_CMP_SCALAR_INT: return p1 <= TF_SFPU_CMP_GE;
    case TF_SFPU_FP_CLASS: return p1 <= TF_SFPU_FP_NEGINF;
    case TF_SFPU_ROUNDING: return p1 <= TF_SFPU_ROUND_FRAC;
    case TF_SFPU_RDIV: return p1 <= TF_SFPU_RDIV_FLOOR;
    case TF_SFPU_EXP: return p1 <= TF_SFPU_EXP_SCALED;
    case TF_SFPU_CUMSUM: return p0 == 0 && p1 <= TF_SFPU_CUMSUM_FIRST;
    case TF_SFPU_TOPK: return 0; /* (only its init: the TOPK command runs it) */
    case TF_SFPU_REDUCE_AVG:
    case TF_SFPU_REDUCE_AVG_INT: /* (no row average) */
        if (p1 & TF_SFPU_REDUCE_ROW_DIM) return 0;
        /* fall through */
    case TF_SFPU_REDUCE_SUM:
    case TF_SFPU_REDUCE_MAX:
    case TF_SFPU_REDUCE_MIN:
    case TF_SFPU_REDUCE_SUM_INT:
    case TF_SFPU_REDUCE_MAX_INT:
    case TF_SFPU_REDUCE_MIN_INT: {
        uint32_t df = p1 & ~TF_SFPU_REDUCE_ROW_DIM;
        return TF_SFPU_IS_REDUCE_INT(op) ? TF_DF_INT_OP(df)
                                         : df == TF_DF_FLOAT32 || df == TF_DF_FLOAT16_B;
    }
    default: return 1;
    }
}

/* Modeled cycles a tile: our estimates of each op's issue slots a vector
 * (32 vectors a tile) from the instructions of tt-metal's
 * ckernel_sfpu_*.h for it (docs/chip.md "Modeled cost" has the table). A
 * selection: load, compare, conditional moves, store, about 4; signbit
 * and identity pipeline at one vector a cycle (tt-metal's signbit uses
 * SFPLOADMACRO for that throughput; identity is a copy). The rest build
 * on the figures of exp (8), log (10), recip (8), sin (12). */
uint32_t sim_sfpu_cycles_more(uint32_t op, uint32_t p1)
{
    switch (op) {
    case TF_SFPU_SIGNBIT:
    case TF_SFPU_IDENTITY: return 32;
    case TF_SFPU_CMP_ZERO:
    case TF_SFPU_CMP_SCALAR:
    case TF_SFPU_FP_CLASS:
    case TF_SFPU_LOGICAL_NOT:
    case TF_SFPU_SIGN:
    case TF_SFPU_HEAVISIDE:
    case TF_SFPU_THRESHOLD:
    case TF_SFPU_UNARY_MAX:
    case TF_SFPU_UNARY_MIN:
    case TF_SFPU_HARDSHRINK:
    case TF_SFPU_PRELU: return 128;
    case TF_SFPU_CLAMP:
    case TF_SFPU_HARDTANH:
    case TF_SFPU_HARDSIGMOID:
    case TF_SFPU_SOFTSHRINK:
    case TF_SFPU_HARDMISH: return 192;
    case TF_SFPU_HARDSWISH: return 224;
    case TF_SFPU_EXPM1:
    case TF_SFPU_RPOW: return 288;
    case TF_SFPU_ELU:
    case TF_SFPU_SOFTSIGN:
    case TF_SFPU_SWISH:
    case TF_SFPU_RDIV: return 320;
    case TF_SFPU_SELU:
    case TF_SFPU_CELU:
    case TF_SFPU_LOG1P:
    case TF_SFPU_LOG_WITH_BASE:
    case TF_SFPU_TANHSHRINK: return 352;
    case TF_SFPU_ERF:
    case TF_SFPU_ERFC:
    case TF_SFPU_TAN:
    case TF_SFPU_CBRT:
    case TF_SFPU_FMOD: return 384;
    case TF_SFPU_GELU_DERIVATIVE:
    case TF_SFPU_REMAINDER: return 448;
    case TF_SFPU_ASIN:
    case TF_SFPU_ACOS:
    case TF_SFPU_ATAN:
    case TF_SFPU_I0:
    case TF_SFPU_I1: return 512;
    case TF_SFPU_SINH:
    case TF_SFPU_COSH:
    case TF_SFPU_TANH_DERIVATIVE:
    case TF_SFPU_LOGIT: return 576;
    case TF_SFPU_SOFTPLUS:
    case TF_SFPU_MISH: return 608;
    case TF_SFPU_ERFINV:
    case TF_SFPU_ASINH:
    case TF_SFPU_ACOSH:
    case TF_SFPU_ATANH: return 640;
    case TF_SFPU_LGAMMA:
    case TF_SFPU_DIGAMMA: return 768;
    case TF_SFPU_ROUNDING: /* trunc's 9 slots (tt-metal's _trunc_body_), floor and ceil 12 */
        return p1 == TF_SFPU_ROUND_TRUNC                               ? 288
               : p1 == TF_SFPU_ROUND_FLOOR || p1 == TF_SFPU_ROUND_CEIL ? 384
                                                                       : 320;
    default: return 0; /* not one of these ops */
    }
}
