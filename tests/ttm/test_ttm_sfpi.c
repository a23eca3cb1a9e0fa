/* SFPI: a compute kernel's own SFPU functions (tests/ttm/kernels/sfpi.cpp,
 * built at run time): custom_sfpi_smoothstep's and custom_sfpi_add's
 * shapes, tt-llk's dst_reg++ shape with exponents, mantissas, v_if /
 * v_elseif / v_else and vec_min_max, VectorMode::C with dst_reg += 2
 * (ttnn SDPA's first column), integers with v_block / v_and; each value
 * bit for bit against a host model of the SFPU's numerics (docs/chip.md
 * "SFPI": one rounding a MAD, denormals flushed, a 16-bit DEST's store
 * truncated), the modeled SFPU cycles, and the faults' messages; the
 * lookup tables (lut, lut2), SFPARECIP (approx_recip, approx_exp), the
 * integer float_to_*, the lane moves (subvec_*) against host models of
 * tt-isa-documentation's functional models. */
#include "tf_perf.h"
#include "tf_sfpi.h"
#include "tf_tile.h"
#include "ttm_sfpu.h"

#include <math.h>

static tf_device *dev;

enum { D = TF_TILE_DIM, E = TF_TILE_ELEMS };

#define fb tf_check_bits
#define bf tf_check_float

static uint32_t ftz(uint32_t w)
{
    return (w & 0x7f800000u) ? w : w & 0x80000000u;
}
static float mad(float a, float b, float c)
{
    float r = fmaf(bf(ftz(fb(a))), bf(ftz(fb(b))), bf(ftz(fb(c))));
    return r != r ? bf(0x7fc00000u) : bf(ftz(fb(r)));
}
static float store16(float v) /* the SFPU's store into a 16-bit DEST */
{
    return bf(ftz(fb(v)) & 0xffff0000u);
}
static int64_t sm_key(float v)
{
    uint32_t w = fb(v);
    return w >> 31 ? -(int64_t)(w & 0x7fffffffu) - 1 : (int64_t)w;
}

static uint32_t lcg(void)
{
    static uint32_t s = 4242;
    s = s * 1664525u + 1013904223u;
    return s;
}

/* -8..8 in steps of 1/64 and the edges (+-0, 1, -1), kept to bf16 for a
 * bf16 CB; random: fp32 values with every mantissa bit used */
static void input(float *x, int n, int fp32, int random)
{
    for (int k = 0; k < n * E; k++) {
        float v = (float)((k * 37) % 1025 - 512) / 64.0f;
        if (random) v = bf((lcg() & 0x807fffffu) | ((120u + lcg() % 16) << 23));
        x[k] = fp32 ? v : ttm_bf16_rne(v);
    }
    x[0] = 0.0f, x[1] = -0.0f, x[2] = 1.0f, x[3] = -1.0f;
}

/* sfpi.cpp with MODE=mode and, when sel >= 0, SEL=sel */
static int run_sel(int mode, int sel, int fp32, const float *in, uint32_t n, float *out,
                   tf_perf_core *pc, char *err, size_t cap)
{
    char m[24], sl[24];
    snprintf(m, sizeof m, "MODE=%d", mode);
    snprintf(sl, sizeof sl, "SEL=%d", sel);
    const char *defs[] = {m, sl};
    tf_kernel *cmp = ttm_compute(dev, "sfpi", defs, sel >= 0 ? 2 : 1, fp32);
    uint32_t args[] = {n};
    int rc = ttm_sfpu_dispatch(dev, cmp, fp32, in, n, args, 1, out, pc, err, cap);
    tf_kernel_free(cmp);
    return rc;
}

static int run(int mode, int fp32, const float *in, uint32_t n, float *out, tf_perf_core *pc,
               char *err, size_t cap)
{
    return run_sel(mode, -1, fp32, in, n, out, pc, err, cap);
}

/* value k of the tile against the expected one, bit for bit */
static int check_tile(const char *what, const float *out, const float *want)
{
    int bad = 0;
    for (int k = 0; k < E; k++)
        if (!ttm_same(out[k], want[k]) && bad++ < 3)
            fprintf(stderr, "%s: [%d][%d] got %a (0x%08x), want %a (0x%08x)\n", what, k / D, k % D,
                    out[k], fb(out[k]), want[k], fb(want[k]));
    CHECK_EQ_U((uint64_t)(bad), 0);
    return bad;
}

static float smoothstep(float x)
{
    float t = mad(-1.0f, -1.0f, x); /* x - lo, lo = -1 */
    t = mad(t, 0.5f, 0.0f);
    if (fb(mad(0.0f, -1.0f, t)) >> 31) /* t - 0 < 0 */
        t = 0.0f;
    else {
        uint32_t d = fb(mad(1.0f, -1.0f, t)); /* t - 1 > 0 */
        if (!(d >> 31) && d) t = 1.0f;
    }
    return mad(mad(t, t, 0.0f), mad(-2.0f, t, 3.0f), 0.0f);
}

static float mixed(float x)
{
    uint32_t w = fb(x);
    int32_t e = (int32_t)((w >> 23) & 0xff) - 127;
    float m = bf((w & 0x807fffffu) | 127u << 23);
    if (e >= 1)
        m = mad(1.0f, m, 1.0f);
    else if (w >> 31)
        m = bf(fb(m) ^ 0x80000000u);
    else
        m = mad(bf(w & 0x7fffffffu), 2.0f, 0.0f);
    float a = x, b = m;
    if (sm_key(b) < sm_key(a)) a = m, b = x;
    return mad(b, 0.5f, a);
}

static float integers(float x)
{
    uint32_t w = fb(x), e = (w >> 23) & 0xff;
    uint32_t r = e == 0     ? 0
                 : e == 255 ? (w & 0x80000000u) | 0x7f800000u
                            : (w & 0xffff0000u) + ((w & 0x8000u) ? 0x10000u : 0);
    int32_t low = (int32_t)((w & 0xffffu) >> 4);
    if (low > 100 && low < 3000) r |= 1;
    return mad(1.0f, bf(r), (float)low);
}

static uint32_t lzc(uint32_t w)
{
    uint32_t n = 0;
    while (n < 32 && !(w & (0x80000000u >> n))) n++;
    return n;
}

/* value k of a tile: its SFPU lane (contracts/tf_sfpi.h: 4 rows a unit,
 * lane L row L / 8 of them, column 2 (L % 8) + odd) */
static uint32_t lane_of(int k)
{
    int r = k / D % 16, c = k % D % 16;
    return (uint32_t)((r % 4) * 8 + c / 2);
}

static float bits_ref(float x, int k)
{
    uint32_t w = fb(x), tid = 2 * lane_of(k), e = (w >> 23) & 0xff;
    float a = bf((w & 0xff800000u) | ((tid << 10) & 0x7fffffu));
    float b = e == 255 ? x : bf((w & 0x807fffffu) | ((e - 3) & 0xff) << 23); /* (SFPDIVP2) */
    uint32_t z = lzc(w), zi = z - 16;
    float c = (float)(zi & 0x7fffffffu); /* sign-magnitude */
    if (zi >> 31) c = -c;
    float r = mad(1.0f, a, b);
    if (z == 1) r = c;
    float s = bf((fb(c) & 0x7fffffffu) | (w & 0x80000000u));
    return mad(r, 0.75f, mad(s, 2.0f, 0.0f)); /* (the second product rounded: one MAD) */
}

static void test_values(void)
{
    static float in[2 * E], out[E], want[E];
    tf_perf_core pc;
    char err[1024];
    /* smoothstep and add on a 16-bit DEST (the examples' set-up) and an fp32 one */
    for (int fp32 = 0; fp32 < 2; fp32++) {
        input(in, 2, fp32, 0);
        for (int k = 0; k < E; k++) { /* the second tile: other values */
            float v = (float)((k * 11) % 257 - 128) / 16.0f;
            in[E + k] = fp32 ? v : ttm_bf16_rne(v);
        }
        CHECK_EQ_U((uint64_t)(run(0, fp32, in, 1, out, &pc, err, sizeof err)), 0);
        for (int k = 0; k < E; k++) {
            float v = smoothstep(in[k]);
            want[k] = fp32 ? v : store16(v);
        }
        check_tile("smoothstep", out, want);
        /* per face: 8 x (load, mad, mad, 2 compares of 2, mov, mov, 3 mads,
         * store) and the v_if's push, else, and, pop; the loads of the
         * constants -1 (bf16: 1), 0.5, 3, 2 */
        uint64_t smooth = pc.unit_busy[TF_PERF_UNIT_SFPU];
        CHECK_TRUE(smooth > 0);

        CHECK_EQ_U((uint64_t)(run(1, fp32, in, 2, out, &pc, err, sizeof err)), 0);
        for (int k = 0; k < E; k++) {
            float v = mad(1.0f, in[k], in[E + k]);
            want[k] = fp32 ? v : store16(v);
        }
        check_tile("add", out, want);
        /* 4 faces x 8 x (2 loads, an add, a store) */
        CHECK_EQ_U(pc.unit_busy[TF_PERF_UNIT_SFPU], 4 * 8 * 4);
        /* a value stored, one SFPU flop: the tile's 1024 */
        CHECK_EQ_U(pc.flops[TF_PERF_FLOP_SFPU], E);
    }
    /* the op shapes on an fp32 DEST, exact */
    input(in, 1, 1, 0);
    CHECK_EQ_U((uint64_t)(run(2, 1, in, 1, out, &pc, err, sizeof err)), 0);
    for (int k = 0; k < E; k++) want[k] = mixed(in[k]);
    check_tile("mixed", out, want);

    CHECK_EQ_U((uint64_t)(run(3, 1, in, 1, out, &pc, err, sizeof err)), 0);
    for (int k = 0; k < E; k++) {
        int c = k % D;
        want[k] = c < 16 && c % 2 == 0 ? mad(in[k], 2.0f, 0.0f) : in[k];
    }
    check_tile("first column", out, want);
    /* faces 0 and 2, 4 x (load, the 2.0's load, mad, store) */
    CHECK_EQ_U(pc.unit_busy[TF_PERF_UNIT_SFPU], 2 * 4 * 4);
    CHECK_EQ_U(pc.flops[TF_PERF_FLOP_SFPU], 2 * 4 * 32);

    input(in, 1, 1, 1);
    CHECK_EQ_U((uint64_t)(run(4, 1, in, 1, out, &pc, err, sizeof err)), 0);
    for (int k = 0; k < E; k++) want[k] = integers(in[k]);
    check_tile("integers", out, want);

    /* the bits, on random values and the edges: zeros (lz 32), negative
     * numbers (lz 0), the smallest normal, an infinity, a NaN */
    in[4] = bf(0x00800000u), in[5] = bf(0x7f800000u), in[6] = bf(0x7fc00000u);
    in[7] = bf(0x40000000u); /* lz 1: the integer == */
    CHECK_EQ_U((uint64_t)(run(5, 1, in, 1, out, &pc, err, sizeof err)), 0);
    for (int k = 0; k < E; k++) want[k] = bits_ref(in[k], k);
    check_tile("bits", out, want);

    /* tt-metal's v_elseif case on faces 0 and 1 (VectorMode::R): 2, 3, 1
     * and 0.5 steps around the edges, faces 2 and 3 as they were */
    for (int k = 0; k < E; k++) in[k] = (float)(k % 9) * 0.5f - 0.5f;
    in[0] = -0.0f;
    CHECK_EQ_U((uint64_t)(run(6, 1, in, 1, out, &pc, err, sizeof err)), 0);
    for (int k = 0; k < E; k++)
        want[k] = k / D >= 16 ? in[k] : in[k] < 1.0f ? 1.0f : in[k] <= 2.0f ? 2.0f : 0.0f;
    check_tile("elseif", out, want);

    /* v_and in a v_if, then v_else: the pushed lanes not enabled (x <= 2) */
    for (int k = 0; k < E; k++) in[k] = (float)(k % 9) * 0.5f - 0.5f;
    in[0] = -0.0f;
    CHECK_EQ_U((uint64_t)(run(8, 1, in, 1, out, &pc, err, sizeof err)), 0);
    for (int k = 0; k < E; k++) want[k] = in[k] > 2.0f ? 1.0f : 2.0f;
    check_tile("v_and, v_else", out, want);

    /* x += a * a: one MAD (the pair below: 2^-24 fused, 0 rounded twice) */
    static float in2[2 * E];
    input(in2, 2, 1, 1);
    in2[0] = bf(0x3f800800u), in2[E] = bf(0xbf801000u); /* 1 + 2^-12, -(1 + 2^-11) */
    CHECK_EQ_U((uint64_t)(run(9, 1, in2, 2, out, &pc, err, sizeof err)), 0);
    for (int k = 0; k < E; k++) want[k] = mad(in2[k], in2[k], in2[E + k]);
    CHECK_EQ_U(fb(out[0]), 0x33800000u); /* 2^-24 */
    check_tile("x += a * a", out, want);

    /* shifts by 32 and more: the amount mod 32 (SFPSHFT) */
    input(in, 1, 1, 1);
    CHECK_EQ_U((uint64_t)(run(16, 1, in, 1, out, &pc, err, sizeof err)), 0);
    for (int k = 0; k < E; k++) {
        uint32_t w = fb(in[k]);
        uint32_t r = ((w >> 1) ^ w) + (uint32_t)((int32_t)w >> 3);
        want[k] = bf(ftz(r));
    }
    check_tile("shifts", out, want);

    /* SDPA decode's first column: tt-llk's library functions as the named
     * ops compute (recip exact, rounded to bf16 by float_to_fp16b; exp of
     * x / 2 exact in fp32), the even columns of faces 0 and 2 */
    input(in, 1, 1, 0);
    in[0] = 0.25f; /* (1/x of +0 and -0: infinities, kept by float_to_fp16b) */
    in[1] = -0.5f;
    CHECK_EQ_U((uint64_t)(run(18, 1, in, 1, out, &pc, err, sizeof err)), 0);
    for (int k = 0; k < E; k++) {
        int c = k % D;
        uint32_t w = fb(1.0f / in[k]), e = (w >> 23) & 0xff;
        uint32_t r = e == 0     ? 0
                     : e == 255 ? (w & 0x80000000u) | 0x7f800000u
                                : (w & 0xffff0000u) + ((w & 0x8000u) ? 0x10000u : 0);
        want[k] = c < 16 && c % 2 == 0 ? bf(r) : in[k];
    }
    check_tile("recip first column", out, want);
    /* 2 faces x 4 x (load, the copy of the argument tt-llk's function
     * takes by value, the recip: 256 / 32, fp16b, store) */
    CHECK_EQ_U(pc.unit_busy[TF_PERF_UNIT_SFPU], 2 * 4 * (1 + 1 + 8 + 1 + 1));
    CHECK_EQ_U((uint64_t)(run(19, 1, in, 1, out, &pc, err, sizeof err)), 0);
    for (int k = 0; k < E; k++) {
        int c = k % D;
        want[k] = c < 16 && c % 2 == 0 ? (float)exp((double)mad(in[k], 0.5f, 0.0f)) : in[k];
    }
    check_tile("exp first column", out, want);

    /* the ternary wrapper: one rounding of x y + z */
    static float in3[3 * E];
    input(in3, 3, 1, 1);
    CHECK_EQ_U((uint64_t)(run(7, 1, in3, 3, out, &pc, err, sizeof err)), 0);
    for (int k = 0; k < E; k++) want[k] = mad(in3[k], in3[E + k], in3[2 * E + k]);
    check_tile("fma", out, want);
}

/* ---- the lookup tables, SFPARECIP, SFPSTOCHRND's integers, the lanes ---- */

/* SFPLUT's 8-bit coefficient (tt-isa-documentation's Lut8ToFp32): s eee
 * mmmm = +-(1 + m / 16) 2^-e; 0xff 0 */
static float lut8_ref(uint32_t c)
{
    c &= 0xff;
    if (c == 0xff) return 0.0f;
    float v = ldexpf(1.0f + (float)(c & 15) / 16.0f, -(int)((c >> 4) & 7));
    return c >> 7 ? -v : v;
}

/* SFPLUTFP32's 16-bit one: a half without denormals (exponent 0 is
 * 2^-15 (1 + m)), exponent 31 a zero of its sign */
static float lut16_ref(uint32_t c)
{
    c &= 0xffff;
    int e = (int)((c >> 10) & 31);
    float v = e == 31 ? 0.0f : ldexpf(1.0f + (float)(c & 0x3ff) / 1024.0f, e - 15);
    return c >> 15 ? -v : v;
}

static float with_sign(float r, float x, int own)
{
    return own ? r : bf((fb(r) & 0x7fffffffu) | (fb(x) & 0x80000000u));
}

static float lut_ref(int sel, float x)
{
    float m = fabsf(x);
    int i = fb(m) < 0x3f800000u ? 0 : fb(m) < 0x40000000u ? 1 : 2; /* (a NaN: 2) */
    int own = sel & 1;
    if (sel <= 1) {
        static const uint32_t l[3] = {0x3c1f, 0xa57e, 0x81ff};
        return with_sign(mad(lut8_ref(l[i] >> 8), m, lut8_ref(l[i])), x, own);
    }
    if (sel <= 3) {
        static const uint32_t l[3] = {0x3c00b800u, 0x35554248u, 0xfc002e66u};
        return with_sign(mad(lut16_ref(l[i] >> 16), m, lut16_ref(l[i])), x, own);
    }
    if (sel <= 5) {
        static const float a[3] = {0.5f, -1.25f, 3.0f}, b[3] = {0.125f, 2.0f, -0.75f};
        return with_sign(mad(a[i], m, b[i]), x, own);
    }
    static const uint32_t a[3] = {0x3c00b800u, 0x35554248u, 0xc2003a00u},
                          b[3] = {0x2e66bc00u, 0x44003800u, 0xb4003c00u};
    float cut = sel == 6 ? 3.0f : 4.0f; /* (mode 1, mode 2) */
    int hi = m < 0.5f ? 0 : m < 1.0f ? 1 : m < 1.5f ? 0 : m < 2.0f ? 1 : m < cut ? 0 : 1;
    return with_sign(mad(lut16_ref(a[i] >> (16 * hi)), m, lut16_ref(b[i] >> (16 * hi))), x, own);
}

/* SFPARECIP (tt-isa-documentation): 1 / |x| as 2^(126 - e) x 2 / m, 2 / m
 * kept to 7 mantissa bits: its value at the middle of the 1/128 of m the
 * top 7 bits of x's mantissa say, to nearest */
static float arecip_ref(float x)
{
    uint32_t w = fb(x), a = w & 0x7fffffffu, s = w & 0x80000000u;
    if (a < 0x00800000u) return bf(s | 0x7f800000u);
    if (a >= 0x7e800000u) return bf(s);
    double mid = 1.0 + ((double)((a >> 16) & 0x7f) + 0.5) / 128.0;
    uint32_t f = (uint32_t)floor((2.0 / mid - 1.0) * 128.0 + 0.5);
    return bf(s | (253u - (a >> 23)) << 23 | f << 16);
}

/* ... and its exp: e^v of x cut to bf16 (v), 8 bits of it (toward zero)
 * under the exponent 1, 2 or 4 the range gives, x's low 16 bits below */
static float aexp_ref(float x)
{
    uint32_t w = fb(x), a = w & 0x7fffffffu, s = w & 0x80000000u, lo = a & 0xffffu;
    uint32_t r;
    if (a < 0x00800000u)
        r = 0x3f800000u;
    else if (a < 0x3c800000u) /* below 2^-6 */
        r = 0x3f810000u | lo;
    else if (a >= 0x40000000u)
        r = 0x40800000u | lo;
    else {
        double y = exp((double)bf(a & 0xffff0000u));
        if (a < 0x3f320000u) /* below 0.6953125: 1.f */
            r = 0x3f800000u | (uint32_t)floor((y - 1.0) * 128.0) << 16 | lo;
        else if (y < 4.0)
            r = 0x40000000u | (uint32_t)floor((y / 2.0 - 1.0) * 128.0) << 16 | lo;
        else
            r = 0x40000000u | (uint32_t)(128.0 + floor((y / 4.0 - 1.0) * 128.0)) << 16 | lo;
    }
    return bf(s | r);
}

/* SFPSTOCHRND to nearest, ties away from zero, then the clamp: a
 * sign-magnitude result (its sign kept only when not 0 and signed), as
 * int32_to_float reads it */
static float to_int_ref(int sel, float x)
{
    static const uint32_t max[4] = {127, 255, 32767, 65535};
    int sgn = sel == 0 || sel == 2;
    uint32_t w = fb(x), e = (w >> 23) & 0xff;
    double m;
    if (e < 126) /* |x| < 0.5 */
        m = 0;
    else if (e >= 127 + 16) /* (infinities, NaNs too) */
        m = max[sel];
    else {
        m = floor(fabs((double)bf(w & 0x7fffffffu)) + 0.5);
        if (m > max[sel]) m = max[sel];
    }
    float r = (float)m;
    return sgn && m && (w >> 31) ? -r : r;
}

static float int32_to_8_ref(int sel, float x)
{
    uint32_t w = fb(x);
    /* (a vInt's >> 20 is arithmetic, a vUInt's logical) */
    uint32_t v = sel == 5 ? (uint32_t)((int32_t)w >> 20) : w >> 20;
    uint32_t n = sel == 5 ? 3 : w & 31;
    uint64_t mag = ((uint64_t)(v & 0x7fffffffu) << 23) >> n;
    mag = (mag >> 23) + ((mag & 0x7fffffu) >= 0x400000u);
    uint32_t max = sel == 5 ? 127 : 255;
    if (mag > max) mag = max;
    int neg = sel == 5 && mag && (v >> 31);
    return neg ? -(float)mag : (float)mag;
}

static float fp16a_ref(float x)
{
    uint32_t w = fb(x), e = (w >> 23) & 0xff;
    if (e == 0) return 0.0f;
    if (e == 255) return bf(w & 0xff800000u);
    return bf((w & ~0x1fffu) + ((w & 0x1fffu) >= 0x1000u ? 0x2000u : 0));
}

/* element k of a tile as (face, unit, lane): the unit's address 2u, its
 * lanes rows 4 (u / 2) + L / 8 of the face, columns 2 (L % 8) + u % 2 */
static int elem(int face, int unit, int lane)
{
    int r = 4 * (unit / 2) + lane / 8, c = 2 * (lane % 8) + unit % 2;
    return ((face / 2) * 16 + r) * D + (face % 2) * 16 + c;
}

static void test_new_ops(void)
{
    static float in[E], out[E], want[E];
    tf_perf_core pc;
    char err[1024];
    char what[48];

    /* lookup tables: random values over 2^-7 .. 2^8 and both signs, the
     * range edges (0.5, 1, 1.5, 2, 3, 4 and just below), an infinity, NaN */
    input(in, 1, 1, 1);
    static const uint32_t edges[] = {0x3f000000u, 0x3f7fffffu, 0x3f800000u, 0x3fc00000u,
                                     0x3fbfffffu, 0x40000000u, 0x3fffffffu, 0x40400000u,
                                     0x403fffffu, 0x40800000u, 0x407fffffu, 0xbfc00000u,
                                     0xc0400000u, 0x7f800000u, 0xff800000u, 0x7fc00000u};
    for (size_t i = 0; i < sizeof edges / sizeof edges[0]; i++) in[4 + i] = bf(edges[i]);
    for (int sel = 0; sel < 8; sel++) {
        CHECK_EQ_U((uint64_t)(run_sel(20, sel, 1, in, 1, out, &pc, err, sizeof err)), 0);
        for (int k = 0; k < E; k++) want[k] = lut_ref(sel, in[k]);
        snprintf(what, sizeof what, "lut SEL=%d", sel);
        check_tile(what, out, want);
    }
    /* lut on a 16-bit DEST: the bf16 input, the result truncated */
    static float in16[E];
    for (int k = 0; k < E; k++) in16[k] = ttm_bf16_rne(in[k]);
    CHECK_EQ_U((uint64_t)(run_sel(20, 0, 0, in16, 1, out, &pc, err, sizeof err)), 0);
    for (int k = 0; k < E; k++) want[k] = store16(lut_ref(0, in16[k]));
    check_tile("lut, 16-bit DEST", out, want);
    /* per face 8 x (load, the three tables' loads (16 bits: a cycle each),
     * lut, store) */
    CHECK_EQ_U(pc.unit_busy[TF_PERF_UNIT_SFPU], 4 * 8 * 6);

    /* SFPARECIP: random values of every exponent's range, the edges:
     * 2^-126 and below, 2^126 and beyond, 1 (documented: 0.99609375), 2,
     * infinities, NaN */
    for (int k = 0; k < E; k++) in[k] = bf((lcg() & 0x807fffffu) | (lcg() % 256) << 23);
    static const uint32_t redges[] = {0x00800000u, 0x007fffffu, 0x7e800000u, 0x7e7fffffu,
                                      0x3f800000u, 0x40000000u, 0xff800000u, 0x7fc00000u,
                                      0x80000000u, 0x00000000u, 0xbf800000u, 0x3fffffffu};
    for (size_t i = 0; i < sizeof redges / sizeof redges[0]; i++) in[i] = bf(redges[i]);
    CHECK_EQ_U((uint64_t)(run_sel(21, 0, 1, in, 1, out, &pc, err, sizeof err)), 0);
    for (int k = 0; k < E; k++) want[k] = arecip_ref(in[k]);
    CHECK_EQ_U(fb(out[4]), fb(0.99609375f));
    check_tile("approx_recip", out, want);
    CHECK_EQ_U(pc.unit_busy[TF_PERF_UNIT_SFPU], 4 * 8 * 3);
    /* ... its exp: every bf16 step of 2^-6 .. 2 (the table's 896 entries)
     * with low bits, and around it; 1 (documented: 2.703125) */
    for (int k = 0; k < E; k++) {
        uint32_t top = 0x3c80u + (uint32_t)k % 896u;
        uint32_t w = k < 896 ? top << 16 | (lcg() & 0xffffu)
                             : (lcg() & 0x807fffffu) | (110u + lcg() % 24u) << 23;
        in[k] = bf(k % 3 == 2 ? w | 0x80000000u : w);
    }
    in[0] = 1.0f, in[1] = bf(0x00400000u), in[2] = 2.0f, in[3] = -0.0f;
    CHECK_EQ_U((uint64_t)(run_sel(21, 1, 1, in, 1, out, &pc, err, sizeof err)), 0);
    for (int k = 0; k < E; k++) want[k] = aexp_ref(in[k]);
    CHECK_EQ_U(fb(out[0]), fb(2.703125f));
    check_tile("approx_exp", out, want);

    /* the integers: halves (ties away from zero), values past each clamp,
     * below 0.5, 2^16 and beyond, infinities, NaN */
    for (int k = 0; k < E; k++) {
        float v = (float)((k * 7919) % 4001 - 2000) * 0.25f;
        if (k % 5 == 1) v *= 37.0f;
        if (k % 7 == 3) v = bf((lcg() & 0x807fffffu) | (100u + lcg() % 50u) << 23);
        in[k] = v;
    }
    static const uint32_t iedges[] = {0x3effffffu, 0x3f000000u, 0xbf000000u, 0x3fc00000u,
                                      0x47800000u, 0xc77fff00u, 0x477fff80u, 0x7f800000u,
                                      0xff800000u, 0x7fc00000u, 0x42fe0000u, 0x42ff0000u};
    for (size_t i = 0; i < sizeof iedges / sizeof iedges[0]; i++) in[i] = bf(iedges[i]);
    for (int sel = 0; sel < 8; sel++) {
        CHECK_EQ_U((uint64_t)(run_sel(22, sel, 1, in, 1, out, &pc, err, sizeof err)), 0);
        for (int k = 0; k < E; k++) {
            float x = in[k];
            if (sel < 4)
                want[k] = to_int_ref(sel, x);
            else if (sel == 4)
                want[k] = fp16a_ref(x);
            else if (sel < 7)
                want[k] = int32_to_8_ref(sel, x);
            else
                want[k] = (float)lzc(fb(x) & 0x7fffffffu);
        }
        snprintf(what, sizeof what, "to integers SEL=%d", sel);
        check_tile(what, out, want);
    }

    /* the lanes: subvec_transp, subvec_shflror1 / shflshr1 */
    for (int k = 0; k < E; k++) in[k] = (float)k;
    for (int sel = 0; sel < 3; sel++) {
        CHECK_EQ_U((uint64_t)(run_sel(23, sel, 1, in, 1, out, &pc, err, sizeof err)), 0);
        for (int f = 0; f < 4; f++)
            for (int u = 0; u < 8; u++)
                for (int l = 0; l < 32; l++) {
                    int k = elem(f, u, l), from = k;
                    if (sel == 1 && l % 8) /* from the lane before, in the row */
                        from = elem(f, u, l - 1);
                    else if (sel == 1) /* the row's first: its last, or 0 */
                        from = u % 2 ? -1 : elem(f, u, l + 7);
                    else if (sel == 0 || l < 16) /* row r of unit k: row k of unit r */
                        from = elem(f, u / 4 * 4 + l / 8, (u % 4) * 8 + l % 8);
                    want[k] = from < 0 ? 0.0f : in[from];
                }
        snprintf(what, sizeof what, "lanes SEL=%d", sel);
        check_tile(what, out, want);
        if (sel == 0) /* per face 2 x (4 loads, the transpose, 4 stores) */
            CHECK_EQ_U(pc.unit_busy[TF_PERF_UNIT_SFPU], 4 * 2 * 9);
        if (sel == 1) /* per face 8 x (load, shuffle: 2, store) */
            CHECK_EQ_U(pc.unit_busy[TF_PERF_UNIT_SFPU], 4 * 8 * 4);
    }
}

/* tt-metal's newer sfpi_lib.h forms (MODE 26) on two tiles of random
 * values: an integer result read as sign-magnitude (int32_to_float), bits
 * stored as a float (flushed) */
static uint32_t newer_ref(int sel, uint32_t w, uint32_t v)
{
    switch (sel) {
    case 0: return (w * (uint32_t)((int32_t)w >> 9)) & 0x7fffffu;
    case 1: return (uint32_t)(((uint64_t)(w & 0x7fffffu) * (v & 0x7fffffu)) >> 23);
    case 2: return (w & 0x807fffffu) | (v & 0x7f800000u);
    case 3: return sm_key(bf(v)) > sm_key(bf(w)) ? v : w;
    case 4: return ((w >> 23) & 0xff) + (0x800000u | (w & 0x7fffffu));
    case 5: {
        float r = to_int_ref(2, bf(w));
        return r < 0 ? 0x80000000u | (uint32_t)-r : (uint32_t)r;
    }
    default: return sm_key(bf(v)) < sm_key(bf(w)) ? v : w;
    }
}

static void test_newer(void)
{
    static float in[2 * E], out[E], want[E];
    tf_perf_core pc;
    char err[1024], what[48];
    input(in, 2, 1, 1);
    for (int k = 0; k < 64; k++) in[k] = bf(lcg()); /* (any bits: NaNs, denormals too) */
    in[E] = bf(0x80000000u), in[0] = 0.0f;          /* (-0 against +0) */
    in[E + 1] = bf(0x00000005u), in[1] = bf(0x80000003u);
    for (int sel = 0; sel < 7; sel++) {
        int rc = run_sel(26, sel, 1, in, 2, out, &pc, err, sizeof err);
        if (rc) fprintf(stderr, "newer forms SEL=%d: %s\n", sel, err);
        CHECK_EQ_U((uint64_t)rc, 0);
        for (int k = 0; k < E; k++) {
            uint32_t r = newer_ref(sel, fb(in[k]), fb(in[E + k]));
            if (sel == 2 || sel == 3 || sel == 6)
                want[k] = bf(ftz(r));
            else
                want[k] = r >> 31 ? -(float)(r & 0x7fffffffu) : (float)r;
        }
        snprintf(what, sizeof what, "newer forms SEL=%d", sel);
        check_tile(what, out, want);
    }
}

static void test_faults(void)
{
    static float in[E], out[E];
    tf_perf_core pc;
    char err[1024];
    input(in, 1, 0, 0);
    static const struct {
        int mode;
        const char *mark, *msg;
    } cases[] = {
        {10, "round", "SFPI FP16B: rounding argument 1: only 0 (to nearest) is modeled"},
        {11, "regs", "more than 48 SFPI vector values (vFloat, vInt, vUInt, conditions) are live"},
        {12, "addr",
         "SFPI STORE: dst_reg's DEST address (row 528 of the math thread's half) is "
         "beyond its 8 tiles"},
        {13, "depth", "SFPI CC_IF: v_if nested more than 8 deep"},
        {14, "stale", "SFPI MAD: a product (a * b, which SFPI rounds where it is used"},
        {15, "elseifs", "SFPI CC_IF: v_if nested more than 8 deep"},
        {17, "moved", "SFPI STORE: it reads a value after it was moved from"},
        {24, "round16", "SFPI STOCHRND: rounding argument 1: only 0 (to nearest) is modeled"},
        {25, "lutmoved", "SFPI LUT: it reads a value after it was moved from"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        CHECK_TRUE(run(cases[i].mode, 0, in, 1, out, &pc, err, sizeof err) != 0);
        CHECK_CONTAINS(err, cases[i].msg);
        CHECK_CONTAINS(err, "TRISC1");
        /* (the pc is in the SFPI layer's inlined code: the kernel's own line
         * is not always among the frames the message shows) */
        CHECK_TRUE(ttm_marked_line("sfpi.cpp", cases[i].mark) > 1);
        TTM_CHECK_KERNEL_LINE(err, "sfpi.cpp", ttm_marked_line("sfpi.cpp", cases[i].mark));
    }
}

int main(void)
{
    dev = rt_open(1, 1);
    test_values();
    test_new_ops();
    test_newer();
    test_faults();
    MUST(tf_device_close(dev));
    return tf_check_report("test_ttm_sfpi");
}
