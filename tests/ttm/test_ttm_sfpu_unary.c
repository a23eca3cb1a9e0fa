/* tt-metal's unary SFPU ops beyond issue 7's (comparisons with zero and a
 * scalar, fp-class predicates, logical not, sign, signbit, heaviside, the
 * clamps and piecewise activations, the transcendental functions, the
 * rounding ops, fmod and remainder) in tt-metal-style compute kernels built
 * at run time:
 *   - tests/ttm/kernels/sfpu_unary.cpp runs every case of
 *     sfpu_unary_cases.h on its own tile (edge values: 0, -0, +-1, +-inf,
 *     NaNs, the largest and smallest normals, subnormals, each op's domain
 *     edges and their neighbours; then values over the op's range), with an
 *     fp32 DEST (fp32 tiles) and a 16-bit one (bf16 tiles: the result
 *     truncated), and every output value is checked bit for bit against a
 *     host reference written here; the SFPU's modeled cycles of the whole
 *     run are each case's cycles summed, its tiles and FLOPs one tile each;
 *   - tests/ttm/kernels/sfpu_chain.cpp runs ttnn's SFPU_OP_CHAIN_0 define
 *     for one op (its modeled cycles a tile: docs/chip.md "Modeled cost"),
 *     a family's shared init (a comparison after another's init), and the
 *     faults: an op without its init, a family member the engine does not
 *     know;
 *   - tests/ttm/kernels/sfpu_unary_refused.cpp: forms still refused fail to
 *     build with their messages.
 * Numerics: docs/chip.md "Numerics" (each value exact in double, rounded to
 * fp32 once). */
#include "tests/ttm/kernels/sfpu_unary_cases.h"
#include "tf_perf.h"
#include "tf_tile.h"
#include "tt_foil/kbuild.h"
#include "tt_foil/tile.h"
#include "ttm_test.h"

#include <float.h>
#include <math.h>

static tf_device *dev;

enum { E = 1024 };

#define CASE_NAME(name) #name,
static const char *const names[U_NUM_CASES] = {SFPU_UNARY_CASES(CASE_NAME)};
#undef CASE_NAME

#define F(v) tf_check_bits(v)

/* Each case's parameters: a, b (fp32 bits; round's decimals). */
static void params_of(int c, uint32_t *a, uint32_t *b)
{
    *a = *b = 0;
    if (c >= U_UNARY_EQ && c <= U_UNARY_GE) *a = F(0.75f); /* the comparisons with a scalar */
    switch (c) {
    case U_HEAVISIDE: *a = F(0.375f); break;
    case U_CLAMP:
    case U_HARDTANH: *a = F(-1.5f), *b = F(2.25f); break;
    case U_THRESHOLD: *a = F(0.5f), *b = F(-7.0f); break;
    case U_UNARY_MAX:
    case U_UNARY_MIN: *a = F(-0.25f); break;
    case U_SOFTSHRINK:
    case U_HARDSHRINK: *a = F(0.5f); break;
    case U_ELU: *a = F(0.7f); break;
    case U_SELU: *a = F(1.0507009873554805f), *b = F(1.6732632423543772f); break;
    case U_CELU: *a = F(1.5f), *b = F(1.0f / 1.5f); break;
    case U_PRELU: *a = F(0.25f); break;
    case U_LOG_WITH_BASE: *a = 0x3fb8aa3bu; break;      /* 1 / ln 2: log2 */
    case U_SOFTPLUS: *a = F(2.0f), *b = F(0.5f); break; /* beta, 1 / beta; threshold 20 */
    case U_RDIV:
    case U_RDIV_TRUNC:
    case U_RDIV_FLOOR: *a = F(3.0f); break;
    case U_RPOW: *a = F(2.5f); break;
    case U_ROUND_2: *a = 2; break;
    case U_ROUND_M1: *a = (uint32_t)-1; break;
    case U_FMOD:
    case U_REMAINDER: *a = F(1.5f), *b = F(1.0f / 1.5f); break;
    }
}

/* The range of each case's ordinary values ([-4, 4] where none is given). */
static const float ranges[U_NUM_CASES][2] = {
    [U_HARDSIGMOID] = {-6, 6}, [U_HARDSWISH] = {-6, 6},      [U_HARDMISH] = {-6, 6},
    [U_ELU] = {-10, 10},       [U_SELU] = {-10, 10},         [U_CELU] = {-10, 10},
    [U_ATAN] = {-10, 10},      [U_SINH] = {-10, 10},         [U_COSH] = {-10, 10},
    [U_MISH] = {-10, 10},      [U_SOFTSIGN] = {-10, 10},     [U_TANH_DERIVATIVE] = {-10, 10},
    [U_RDIV] = {-10, 10},      [U_RDIV_TRUNC] = {-10, 10},   [U_RDIV_FLOOR] = {-10, 10},
    [U_RPOW] = {-10, 10},      [U_SWISH] = {-10, 10},        [U_LGAMMA] = {-10, 10},
    [U_DIGAMMA] = {-10, 10},   [U_ROUND_2] = {-10, 10},      [U_EXPM1] = {-20, 20},
    [U_LOG1P] = {-1, 10},      [U_LOG_WITH_BASE] = {0, 100}, [U_ERF] = {-5, 5},
    [U_ERFC] = {-5, 5},        [U_ERFINV] = {-1, 1},         [U_ASIN] = {-1, 1},
    [U_ACOS] = {-1, 1},        [U_ATANH] = {-1, 1},          [U_SOFTPLUS] = {-20, 20},
    [U_FMOD] = {-20, 20},      [U_REMAINDER] = {-20, 20},    [U_I0] = {-20, 20},
    [U_I1] = {-20, 20},        [U_TAN] = {-1.5f, 1.5f},      [U_ASINH] = {-100, 100},
    [U_ACOSH] = {1, 100},      [U_TANHSHRINK] = {-3, 3},     [U_GELU_DERIVATIVE] = {-8, 8},
    [U_CBRT] = {-1000, 1000},  [U_ROUND_M1] = {-1000, 1000}, [U_LOGIT] = {0, 1},
    [U_FLOOR] = {-100, 100},   [U_CEIL] = {-100, 100},       [U_TRUNC] = {-100, 100},
    [U_ROUND] = {-100, 100},   [U_FRAC] = {-100, 100},
};

/* v and its neighbours: one fp32 ulp and one bf16 ulp each way. */
static int near(float *e, int n, float v)
{
    e[n++] = v;
    e[n++] = nextafterf(v, INFINITY);
    e[n++] = nextafterf(v, -INFINITY);
    e[n++] = tf_check_float(tf_check_bits(v) + 0x10000u);
    e[n++] = tf_check_float(tf_check_bits(v) - 0x10000u);
    return n;
}

/* The edge values of case c (at most 100). */
static int edges_of(int c, float *e)
{
    static const float common[] = {
        0.0f,    -0.0f,    1.0f,   -1.0f,   INFINITY, -INFINITY, NAN,    -NAN,    FLT_MAX, -FLT_MAX,
        FLT_MIN, -FLT_MIN, 1e-40f, -1e-40f, 1e-30f,   -1e-30f,   0.5f,   -0.5f,   2.0f,    -2.0f,
        3.0f,    -3.0f,    100.0f, -100.0f, 1e10f,    -1e10f,    88.75f, -88.75f, 1e-7f,   -1e-7f};
    int n = 0;
    for (size_t i = 0; i < sizeof common / sizeof *common; i++) e[n++] = common[i];
    uint32_t a, b;
    params_of(c, &a, &b);
    float s = tf_check_float(a), t = tf_check_float(b);
    if (c >= U_UNARY_EQ && c <= U_UNARY_GE) n = near(e, n, s);
    switch (c) {
    case U_HEAVISIDE:
    case U_UNARY_MAX:
    case U_UNARY_MIN:
    case U_THRESHOLD:
    case U_PRELU: n = near(e, n, s); break;
    case U_CLAMP:
    case U_HARDTANH: n = near(e, near(e, n, s), t); break;
    case U_SOFTSHRINK:
    case U_HARDSHRINK: n = near(e, near(e, n, s), -s); break;
    case U_HARDSIGMOID:
    case U_HARDSWISH: n = near(e, near(e, n, 3.0f), -3.0f); break;
    case U_HARDMISH: n = near(e, near(e, n, -2.8f), 2.2f); break;
    case U_LOG1P: n = near(e, n, -1.0f); break;
    case U_ERFINV:
    case U_ASIN:
    case U_ACOS:
    case U_ATANH:
    case U_ACOSH: n = near(e, near(e, n, 1.0f), -1.0f); break;
    case U_SOFTPLUS: n = near(e, n, 10.0f); break; /* beta x at the threshold 20 */
    case U_RDIV:
    case U_RDIV_TRUNC:
    case U_RDIV_FLOOR: n = near(e, near(e, n, 1.5f), -1.5f); break; /* quotients +-2 */
    case U_LOGIT: n = near(e, near(e, n, 1.0f), 0.5f); break;
    case U_LGAMMA:
    case U_DIGAMMA:
        for (int k = 1; k <= 6; k++) e[n++] = -(float)k, e[n++] = 0.5f - (float)k;
        n = near(e, n, 1.4616321f); /* digamma's positive root */
        break;
    case U_I0:
    case U_I1: e[n++] = 91, e[n++] = 92, e[n++] = -95, e[n++] = 100, e[n++] = 101; break;
    case U_FLOOR:
    case U_CEIL:
    case U_TRUNC:
    case U_ROUND:
    case U_ROUND_2:
    case U_ROUND_M1:
    case U_FRAC: {
        static const float r[] = {1.5f,        2.5f,   -2.5f,   -0.5f,       8388608.0f, 8388609.0f,
                                  16777216.0f, 1.005f, -1.005f, 0.49999997f, 123.456f,   -15.0f,
                                  25.0f,       -35.0f, 0.125f,  -0.375f};
        for (size_t i = 0; i < sizeof r / sizeof *r; i++) e[n++] = r[i];
        break;
    }
    case U_FMOD:
    case U_REMAINDER: {
        static const float r[] = {4.5f, -4.5f, 0.75f, -0.75f, 1.5f, -1.5f, 7.0f, -7.0f};
        for (size_t i = 0; i < sizeof r / sizeof *r; i++) e[n++] = r[i];
        break;
    }
    }
    return n;
}

/* Case c's input tile: its edge values, then 3 in 4 uniform over its range
 * (full fp32 mantissas), 1 in 4 of either sign and magnitude 10^-10 ..
 * the range's; bf16: each rounded to bf16. */
static void inputs(int c, float *x, int bf16)
{
    int n = edges_of(c, x);
    float lo = ranges[c][0], hi = ranges[c][1];
    if (lo == 0 && hi == 0) lo = -4, hi = 4;
    double top = log10(fmax(fabs(lo), fabs(hi)));
    uint32_t s = 2463534242u + (uint32_t)c * 7919u;
    for (int i = n; i < E; i++) {
        s ^= s << 13, s ^= s >> 17, s ^= s << 5;
        double u = (double)(s >> 8) / (double)(1u << 24);
        if (i % 4 != 3)
            x[i] = (float)(lo + (hi - lo) * u);
        else
            x[i] = (float)((s & 1 ? -1 : 1) * pow(10.0, -10 + (top + 10) * u));
    }
    if (bf16)
        for (int i = 0; i < E; i++) x[i] = ttm_bf16_rne(x[i]);
}

/* ---- the host reference ------------------------------------------------------------- */

static float flag(int v)
{
    return v ? 1.0f : 0.0f;
}

/* min(max(v, lo), hi), NaN kept */
static double clampd(double v, double lo, double hi)
{
    return isnan(v) ? v : fmin(fmax(v, lo), hi);
}

/* x times a factor going to 0 (its limit, a zero of x's sign, where it is 0) */
static float scaled(float x, double f)
{
    return f == 0 ? copysignf(0.0f, x) : (float)((double)x * f);
}

/* erf^-1 by bisection on erf (|y| <= 1/2) or erfc (above), in double */
static double ref_erfinv(double y)
{
    double a = fabs(y);
    if (isnan(y) || a > 1) return NAN;
    if (a == 1) return copysign(INFINITY, y);
    if (a == 0) return y;
    double lo = 0, hi = 6;
    for (int k = 0; k < 200; k++) {
        double m = (lo + hi) / 2;
        int below = a <= 0.5 ? erf(m) < a : erfc(m) > 1 - a;
        if (below)
            lo = m;
        else
            hi = m;
    }
    return copysign((lo + hi) / 2, y);
}

/* I_n(x), n = 0 or 1: sum over k of (x/2)^(2k+n) / (k! (k+n)!) */
static double ref_bessel(double x, int n)
{
    if (isnan(x)) return x;
    double a = fabs(x), sum;
    if (a > 100) {
        sum = INFINITY;
    } else {
        double term = n ? a / 2 : 1;
        sum = term;
        for (int k = 1; k < 1000 && term > sum * 1e-18; k++) {
            term = term * (a / 2) * (a / 2) / ((double)k * (k + n));
            sum += term;
        }
    }
    return n && signbit(x) ? -sum : sum;
}

/* digamma: reflection below 0, the recurrence up to 10, then
 * ln x - 1/(2x) - sum of B_2k / (2k x^2k) for k = 1..7 */
static double ref_digamma(double x)
{
    if (isnan(x) || x == INFINITY) return x;
    if (x == 0) return -copysign(INFINITY, x);
    if (x < 0) {
        double f = x - floor(x);
        if (f == 0) return NAN;
        return ref_digamma(1 - x) - M_PI / tan(M_PI * f);
    }
    double acc = 0;
    while (x < 10) acc -= 1 / x, x += 1;
    static const double b[7] = {1.0 / 12,  -1.0 / 120,     1.0 / 252, -1.0 / 240,
                                1.0 / 132, -691.0 / 32760, 1.0 / 12};
    double z = 1 / (x * x), p = z, series = 0;
    for (int k = 0; k < 7; k++, p *= z) series += b[k] * p;
    return acc + log(x) - 0.5 / x - series;
}

/* x - tanh x (below 1/16 its series: x^3/3 - 2x^5/15 + ...; an odd
 * function: +-0 at +-0) */
static double ref_tanhshrink(double v)
{
    if (v == 0) return v;
    if (!(fabs(v) < 0.0625)) return v - tanh(v);
    static const double c[8] = {
        1.0 / 3,         -2.0 / 15,          17.0 / 315,           -62.0 / 2835,
        1382.0 / 155925, -21844.0 / 6081075, 929569.0 / 638512875, -6404582.0 / 10854718875};
    double r = 0, p = v * v * v;
    for (int k = 0; k < 8; k++, p *= v * v) r += c[k] * p;
    return r;
}

/* round(x, d) as tt-metal: 10^-d x rint(x 10^d), fp32 steps */
static float ref_round(float x, int d)
{
    float coeff = d == 2 ? 100.0f : d == -1 ? 0.1f : 1.0f;
    float inverse = d == 2 ? 0.01f : d == -1 ? 10.0f : 1.0f;
    return inverse * rintf(x * coeff);
}

static float want_of(int c, float x, uint32_t a, uint32_t b)
{
    double v = x;
    float s = tf_check_float(a), t = tf_check_float(b);
    switch (c) {
    case U_EQZ: return flag(x == 0);
    case U_NEZ: return flag(x != 0);
    case U_LTZ: return flag(x < 0);
    case U_LEZ: return flag(x <= 0);
    case U_GTZ: return flag(x > 0);
    case U_GEZ: return flag(x >= 0);
    case U_UNARY_EQ: return flag(x == s);
    case U_UNARY_NE: return flag(x != s);
    case U_UNARY_LT: return flag(x < s);
    case U_UNARY_LE: return flag(x <= s);
    case U_UNARY_GT: return flag(x > s);
    case U_UNARY_GE: return flag(x >= s);
    case U_ISINF: return flag(isinf(x));
    case U_ISNAN: return flag(isnan(x));
    case U_ISFINITE: return flag(isfinite(x));
    case U_ISPOSINF: return flag(isinf(x) && x > 0);
    case U_ISNEGINF: return flag(isinf(x) && x < 0);
    case U_LOGICAL_NOT:
    case U_LOGICAL_NOT_UNARY: return flag(x == 0);
    case U_SIGN: return isnan(x) ? x : x > 0 ? 1.0f : x < 0 ? -1.0f : 0.0f;
    case U_SIGNBIT: return flag(signbit(x) != 0);
    case U_HEAVISIDE: return isnan(x) ? x : x < 0 ? 0.0f : x > 0 ? 1.0f : s;
    case U_CLAMP:
    case U_HARDTANH: return isnan(x) ? x : fminf(fmaxf(x, s), t);
    case U_HARDSIGMOID: return (float)clampd(v / 6 + 0.5, 0, 1);
    case U_HARDSWISH: return isnan(x) ? x : scaled(x, clampd(v / 6 + 0.5, 0, 1));
    case U_THRESHOLD: return x <= s ? t : x;
    case U_UNARY_MAX: return x > s ? x : s;
    case U_UNARY_MIN: return x < s ? x : s;
    case U_SOFTSHRINK: return isnan(x) ? x : x > s ? x - s : x < -s ? x + s : 0.0f;
    case U_HARDSHRINK: return isnan(x) || fabsf(x) > s ? x : 0.0f;
    case U_ELU: return isnan(x) || x > 0 ? x : (float)(s * expm1(v));
    case U_SELU: return (float)(s * (isnan(x) || x > 0 ? v : t * expm1(v)));
    case U_CELU: return isnan(x) || x > 0 ? x : (float)(s * expm1(v / s));
    case U_PRELU: return x < 0 ? s * x : x;
    case U_IDENTITY: return x;
    case U_EXPM1: return (float)expm1(v);
    case U_LOG1P: return (float)log1p(v);
    case U_LOG_WITH_BASE: return (float)(log(v) * s);
    case U_ERF: return (float)erf(v);
    case U_ERFC: return (float)erfc(v);
    case U_ERFINV: return (float)ref_erfinv(v);
    case U_SOFTPLUS: {
        double bx = 2.0 * v; /* beta 2, threshold 20 */
        if (isnan(x) || bx >= 20) return x;
        return (float)((bx > 0 ? bx + log1p(exp(-bx)) : log1p(exp(bx))) / 2.0);
    }
    case U_TAN: return (float)tan(v);
    case U_ASIN: return (float)asin(v);
    case U_ACOS: return (float)acos(v);
    case U_ATAN: return (float)atan(v);
    case U_SINH: return (float)sinh(v);
    case U_COSH: return (float)cosh(v);
    case U_ASINH: return (float)asinh(v);
    case U_ACOSH: return (float)acosh(v);
    case U_ATANH: return (float)atanh(v);
    case U_MISH: return isnan(x) ? x : scaled(x, tanh(log1p(exp(v))));
    case U_SOFTSIGN: return isinf(x) ? copysignf(1.0f, x) : (float)(v / (1 + fabs(v)));
    case U_TANHSHRINK: return (float)ref_tanhshrink(v);
    case U_TANH_DERIVATIVE: return (float)(1 / (cosh(v) * cosh(v)));
    case U_GELU_DERIVATIVE: {
        if (isnan(x)) return x;
        double pdf = exp(-v * v / 2) / sqrt(2 * M_PI), cdf = erfc(-v / M_SQRT2) / 2;
        return (float)(cdf + (pdf == 0 ? 0 : v * pdf));
    }
    case U_I0: return (float)ref_bessel(v, 0);
    case U_I1: return (float)ref_bessel(v, 1);
    case U_CBRT: return (float)cbrt(v);
    case U_RDIV: return s / x;
    case U_RDIV_TRUNC: return (float)trunc((double)s / v);
    case U_RDIV_FLOOR: return (float)floor((double)s / v);
    case U_RPOW: return (float)pow((double)s, v);
    case U_LOGIT: return (float)log(v / (1 - v));
    case U_SWISH: return (float)(v / (1 + exp(-v)));
    case U_HARDMISH: return isnan(x) ? x : scaled(x, clampd(v + 2.8, 0, 5) / 5);
    case U_LGAMMA: return (float)lgamma(v);
    case U_DIGAMMA: return (float)ref_digamma(v);
    case U_FLOOR: return floorf(x);
    case U_CEIL: return ceilf(x);
    case U_TRUNC: return truncf(x);
    case U_ROUND:
    case U_ROUND_2:
    case U_ROUND_M1: return ref_round(x, (int32_t)a);
    case U_FRAC: return x - truncf(x);
    case U_FMOD: return fmodf(x, s);
    default: { /* U_REMAINDER: the sign of s */
        double r = fmod(v, s);
        if (r == 0) return copysignf(0.0f, s);
        return (float)(!isnan(r) && (r < 0) != (s < 0) ? r + s : r);
    }
    }
}

/* Each case's modeled SFPU cycles a tile (docs/chip.md "Modeled cost"). */
static uint64_t cycles_of(int c)
{
    switch (c) {
    case U_SIGNBIT:
    case U_IDENTITY: return 32;
    case U_CLAMP:
    case U_HARDTANH:
    case U_HARDSIGMOID:
    case U_SOFTSHRINK:
    case U_HARDMISH: return 192;
    case U_HARDSWISH: return 224;
    case U_EXPM1:
    case U_RPOW:
    case U_TRUNC: return 288;
    case U_ELU:
    case U_SOFTSIGN:
    case U_SWISH:
    case U_RDIV:
    case U_RDIV_TRUNC:
    case U_RDIV_FLOOR:
    case U_ROUND:
    case U_ROUND_2:
    case U_ROUND_M1:
    case U_FRAC: return 320;
    case U_SELU:
    case U_CELU:
    case U_LOG1P:
    case U_LOG_WITH_BASE:
    case U_TANHSHRINK: return 352;
    case U_ERF:
    case U_ERFC:
    case U_TAN:
    case U_CBRT:
    case U_FMOD:
    case U_FLOOR:
    case U_CEIL: return 384;
    case U_GELU_DERIVATIVE:
    case U_REMAINDER: return 448;
    case U_ASIN:
    case U_ACOS:
    case U_ATAN:
    case U_I0:
    case U_I1: return 512;
    case U_SINH:
    case U_COSH:
    case U_TANH_DERIVATIVE:
    case U_LOGIT: return 576;
    case U_SOFTPLUS:
    case U_MISH: return 608;
    case U_ERFINV:
    case U_ASINH:
    case U_ACOSH:
    case U_ATANH: return 640;
    case U_LGAMMA:
    case U_DIGAMMA: return 768;
    default: return 128; /* the comparisons, predicates, sign, selections */
    }
}

static int is_flag_case(int c)
{
    return c <= U_LOGICAL_NOT_UNARY || c == U_SIGNBIT;
}

/* ---- every case in one dispatch ----------------------------------------------------- */

static void all_cases(int fp32)
{
    static float in[U_NUM_CASES * E], out[U_NUM_CASES * E];
    static uint32_t args[1 + 3 * U_NUM_CASES];
    args[0] = U_NUM_CASES;
    uint64_t cycles = 0;
    for (int c = 0; c < U_NUM_CASES; c++) {
        inputs(c, in + c * E, !fp32);
        args[1 + 3 * c] = (uint32_t)c;
        params_of(c, &args[2 + 3 * c], &args[3 + 3 * c]);
        cycles += cycles_of(c);
    }
    tf_kernel *cmp = ttm_compute(dev, "sfpu_unary", NULL, 0, fp32);
    tf_perf_core pc;
    char err[2048];
    if (ttm_run_tiles(dev, cmp, fp32 ? TF_TILE_FORMAT_FP32 : TF_TILE_FORMAT_BF16, in, U_NUM_CASES,
                      out, U_NUM_CASES, args, 1 + 3 * U_NUM_CASES, &pc, err, sizeof err)) {
        fprintf(stderr, "sfpu_unary fp32=%d: %s\n", fp32, err);
        CHECK_TRUE(0);
        return;
    }
    for (int c = 0; c < U_NUM_CASES; c++) {
        const float *x = in + c * E, *y = out + c * E;
        int bad = 0, ones = 0;
        for (int i = 0; i < E; i++) {
            float w = want_of(c, x[i], args[2 + 3 * c], args[3 + 3 * c]);
            if (!fp32) w = ttm_bf16_trunc(w);
            ones += tf_check_bits(y[i]) == tf_check_bits(1.0f);
            if (!ttm_same(y[i], w) && bad++ < 3)
                fprintf(stderr, "sfpu_unary %s fp32=%d: f(%a) = %a, want %a\n", names[c], fp32,
                        (double)x[i], (double)y[i], (double)w);
        }
        if (bad) fprintf(stderr, "sfpu_unary %s fp32=%d: %d values wrong\n", names[c], fp32, bad);
        CHECK_EQ_U(bad, 0);
        if (is_flag_case(c)) CHECK_TRUE(ones > 0 && ones < E); /* 1 and 0 both occur */
    }
    CHECK_EQ_U(pc.unit_busy[TF_PERF_UNIT_SFPU], cycles);
    CHECK_EQ_U(pc.tiles[TF_PERF_FLOP_SFPU], U_NUM_CASES);
    CHECK_EQ_U(pc.flops[TF_PERF_FLOP_SFPU], (uint64_t)E * U_NUM_CASES);
}

/* ---- ttnn's SFPU_OP_CHAIN_0 ----------------------------------------------------------- */

/* sfpu_chain.cpp with SFPU_OP_CHAIN_0=chain (fp32 DEST and tiles) on the
 * tile of case c; 0 with the output in out and the counters in pc, or the
 * failure (err). */
static int chain(const char *op_chain, int c, float *x, float *out, tf_perf_core *pc, char *err,
                 size_t errcap)
{
    char def[512];
    snprintf(def, sizeof def, "SFPU_OP_CHAIN_0=%s", op_chain);
    const char *defs[] = {def};
    tf_kernel *cmp = ttm_compute(dev, "sfpu_chain", defs, 1, 1);
    inputs(c, x, 0);
    uint32_t one = 1;
    return ttm_run_tiles(dev, cmp, TF_TILE_FORMAT_FP32, x, 1, out, 1, &one, 1, pc, err, errcap);
}

/* op_chain, its SFPU ops making g(x, c) of each value x of case c's tile,
 * runs `ops` SFPU ops in their modeled cycles. */
static void chain_case(const char *op_chain, int c, float (*g)(float, int), uint32_t ops,
                       uint64_t cycles)
{
    static float x[E], out[E];
    tf_perf_core pc;
    char err[2048];
    if (chain(op_chain, c, x, out, &pc, err, sizeof err)) {
        fprintf(stderr, "sfpu_chain %s: %s\n", op_chain, err);
        CHECK_TRUE(0);
        return;
    }
    int bad = 0;
    for (int i = 0; i < E; i++)
        if (!ttm_same(out[i], g(x[i], c)) && bad++ < 3)
            fprintf(stderr, "sfpu_chain %s: f(%a) = %a, want %a\n", op_chain, (double)x[i],
                    (double)out[i], (double)g(x[i], c));
    CHECK_EQ_U(bad, 0);
    CHECK_EQ_U(pc.unit_busy[TF_PERF_UNIT_SFPU], cycles);
    CHECK_EQ_U(pc.tiles[TF_PERF_FLOP_SFPU], ops);
}

static void chain_fault(const char *op_chain, const char *msg)
{
    static float x[E], out[E];
    char err[2048];
    int rc = chain(op_chain, U_IDENTITY, x, out, NULL, err, sizeof err);
    CHECK_TRUE(rc != 0);
    if (rc) CHECK_CONTAINS(err, msg);
}

/* What the chains make of x: case c's op; floor then frac */
static float as_case(float x, int c)
{
    uint32_t a, b;
    params_of(c, &a, &b);
    return want_of(c, x, a, b);
}
static float floor_frac(float x, int c)
{
    (void)c;
    return want_of(U_FRAC, want_of(U_FLOOR, x, 0, 0), 0, 0);
}

int main(void)
{
    dev = rt_open(1, 1);
    all_cases(1);
    all_cases(0);

    /* one op, as ttnn's program factory defines it: its modeled cycles a tile */
    chain_case("log1p_tile_init(); log1p_tile(0);", U_LOG1P, as_case, 1, 352);
    chain_case("hardtanh_tile_init(); hardtanh_tile(0, 0xbfc00000u, 0x40100000u);", U_HARDTANH,
               as_case, 1, 192);
    /* a family's inits set up every member: ltz after gtz's init; floor and
     * frac after one rounding_op_tile_init: two ops, floor's 384 cycles and frac's 320 */
    chain_case("gtz_tile_init(); ltz_tile(0);", U_LTZ, as_case, 1, 128);
    chain_case("rounding_op_tile_init(); floor_tile(0); frac_tile(0);", U_FLOOR, floor_frac, 2,
               384 + 320);

    /* the faults (the last SFPU init is the previous dispatch's: the core's
     * engine keeps it, so each names the init its own chain ran) */
    chain_fault("exp_tile_init(); log1p_tile(0);",
                "tile engine SFPU LOG1P: used without its init: call the LOG1P init first (the "
                "last SFPU init was EXP)");
    chain_fault("eqz_tile_init(); unary_eq_tile(0, 0u);",
                "tile engine SFPU CMP_SCALAR: used without its init: call the CMP_SCALAR init "
                "first (the last SFPU init was CMP_ZERO)");
    chain_fault("isnan_tile_init(); tf_c::dev_sfpu(TF_SFPU_FP_CLASS, 0, 0, 5);",
                "tile engine SFPU FP_CLASS: operand code 5 is not one the engine knows");
    chain_fault("rounding_op_tile_init(); tf_c::dev_sfpu(TF_SFPU_ROUNDING, 0, 0, 7);",
                "tile engine SFPU ROUNDING: operand code 7 is not one the engine knows");
    chain_fault("unary_gt_tile_init(); tf_c::dev_sfpu(TF_SFPU_CMP_SCALAR, 0, 0, 6);",
                "tile engine SFPU CMP_SCALAR: operand code 6 is not one the engine knows");
    chain_fault("rdiv_tile_init(); tf_c::dev_sfpu(TF_SFPU_RDIV, 0, 0x40400000u, 3);",
                "tile engine SFPU RDIV: operand code 3 is not one the engine knows");

    /* still refused: compile errors saying why */
    ttm_refused(dev, "sfpu_unary_refused", 0,
                "'dropout_kernel_init<int>' is unavailable: not supported by tt-foil: an SFPU op "
                "the tile engine does not model");
    ttm_refused(dev, "sfpu_unary_refused", 1,
                "not supported by tt-foil: logical_not_tile of this data format");
    MUST(tf_device_close(dev));
    return tf_check_report("test_ttm_sfpu_unary");
}
