/* Integer tiles (Int32, UInt32, UInt16; UInt8 copied and cast) in a tt-metal-style compute kernel
 * built at run time (tests/ttm/kernels/sfpu_int.cpp): CB pages of each
 * integer format through copy_tile and pack_tile bit for bit; each integer
 * SFPU op between DEST tiles (add/sub/rsub/mul_int_tile, add_int32_tile, the
 * bitwise ops, the shifts, binary_max/min_int32/uint32_tile) against a host
 * reference, every value, with wrap-around, INT32_MIN, shift amounts outside
 * 0..31; typecast_tile between the integer and float formats (truncation,
 * saturation, negatives, rounding); the modeled SFPU cycles; the faults (a
 * float op on integers, an integer op on floats, an integer tile packed to a
 * float CB, the FPU on integer tiles, a 16-bit DEST) and the compile-time
 * refusals; the int32 divisions (div_int32_tile's fp32 quotient,
 * div_int32_floor/trunc_tile, fmod/remainder_int32_tile) with their edges
 * (division by zero, INT32_MIN / -1, the signs), relu_max/min_tile_int32
 * and signbit_tile_int32; the sums within a tile (sfpu_sum_int_col/row,
 * sfpu_add_int), gcd_tile and lcm_tile (and lcm's range fault), mask_tile
 * with DataFormat::Int32 (a zero word where the mask word is 0). Numerics
 * and cycles: docs/chip.md "Integer tiles". */
#include "tf_perf.h"
#include "tf_tile.h"
#include "ttm_int_tiles.h"

#include <math.h>

static tf_device *dev;

enum { D = TF_TILE_DIM, E = TF_TILE_ELEMS };

/* sfpu_int.cpp's op `mode` (writing DEST[odst], with the scalars; a
 * typecast's formats cin and cout) on x and y in CB 0 of format in_df; CB
 * 16 of format out_df. fp32: an fp32 DEST. 0 with the result in out and
 * the counters in pc, or the failure (err). The mode, odst and scalars are
 * the kernel's runtime arguments: one build a format (and typecast pair)
 * serves every op, where a build each was 249 kernels to compile. */
static int run_s2(int mode, int odst, uint32_t scalar, uint32_t scalar2, uint32_t in_df,
                  uint32_t out_df, uint32_t cin, uint32_t cout, int fp32, const uint32_t *x,
                  const uint32_t *y, uint32_t *out, tf_perf_core *pc, char *err, size_t errcap)
{
    char d[3][24];
    snprintf(d[0], sizeof d[0], "DF=%u", in_df);
    snprintf(d[1], sizeof d[1], "IN=%uu", cin);
    snprintf(d[2], sizeof d[2], "OUT=%uu", cout);
    const char *defs[] = {d[0], d[1], d[2]};
    tf_kernel *cmp = ttm_compute(dev, "sfpu_int", defs, mode == 16 ? 3 : 1, fp32);
    const uint32_t *xs[] = {x, y};
    uint32_t ca[] = {(uint32_t)mode, (uint32_t)odst, scalar, scalar2};
    return ttm_int_dispatch(dev, cmp, in_df, out_df, xs, 2, ca, 4, out, pc, err, errcap);
}

static int run_s(int mode, int odst, uint32_t scalar, uint32_t in_df, uint32_t out_df, uint32_t cin,
                 uint32_t cout, int fp32, const uint32_t *x, const uint32_t *y, uint32_t *out,
                 tf_perf_core *pc, char *err, size_t errcap)
{
    return run_s2(mode, odst, scalar, 0, in_df, out_df, cin, cout, fp32, x, y, out, pc, err,
                  errcap);
}

static int run(int mode, int odst, uint32_t in_df, uint32_t out_df, uint32_t cin, uint32_t cout,
               int fp32, const uint32_t *x, const uint32_t *y, uint32_t *out, tf_perf_core *pc,
               char *err, size_t errcap)
{
    return run_s(mode, odst, 0, in_df, out_df, cin, cout, fp32, x, y, out, pc, err, errcap);
}

/* x and y: mixed magnitudes and signs, the edges (0, 1, -1, INT32_MIN,
 * INT32_MAX, 0xffffffff), equal pairs; shifts: y in -3..40 (outside
 * 0..31 too). UInt16: 16-bit values. */
static void inputs(uint32_t *x, uint32_t *y, uint32_t df, int shifts)
{
    static const uint32_t edge[] = {0, 1, 0xffffffffu, 0x80000000u, 0x7fffffffu, 2, 0xfffffffeu};
    uint32_t s = 2463534242u;
    for (int i = 0; i < E; i++) {
        s ^= s << 13, s ^= s >> 17, s ^= s << 5;
        x[i] = i % 4 == 0 ? s : i % 4 == 1 ? s >> 20 : i % 4 == 2 ? 0u - (s >> 24) : s >> 8;
        s ^= s << 13, s ^= s >> 17, s ^= s << 5;
        y[i] = i % 3 == 0 ? s : i % 3 == 1 ? s >> 18 : 0u - (s >> 22);
        if (i % 37 < 7) x[i] = edge[i % 37];
        if (i % 41 < 7) y[i] = edge[i % 41];
        if (i % 53 == 0) y[i] = x[i];
        if (shifts) y[i] = (uint32_t)(i % 44) - 3u;
        if (df == TF_DF_UINT16) x[i] &= 0xffffu, y[i] &= 0xffffu;
        if (df == TF_DF_UINT8) x[i] &= 0xffu, y[i] &= 0xffu;
    }
}

/* The reference: C on uint32_t (wrapping), UInt16's kept to 16 bits. */
static uint32_t want_of(int mode, uint32_t x, uint32_t y, uint32_t df)
{
    uint32_t m = df == TF_DF_UINT16 ? 0xffffu : 0xffffffffu, r;
    int32_t sx = (int32_t)x, sy = (int32_t)y;
    int ok = sy >= 0 && sy <= 31;
    switch (mode) {
    case 0:
    case 14: r = x + y; break;
    case 1: r = x - y; break;
    case 2: r = y - x; break;
    case 3: r = (uint32_t)((uint64_t)x * y); break;
    case 4: r = x & y; break;
    case 5: r = x | y; break;
    case 6: r = x ^ y; break;
    case 7: r = ok ? x << sy : 0; break;
    case 8: /* arithmetic: floor(x / 2^y); y < 0: 0; y > 31: the sign's fill */
        r = sy < 0 ? 0 : (uint32_t)(int32_t)floor((double)sx / ldexp(1.0, sy > 31 ? 32 : sy));
        break;
    case 9: r = ok ? x >> sy : 0; break;
    case 10: r = sx > sy ? x : y; break;
    case 11: r = sx < sy ? x : y; break;
    case 12: r = x > y ? x : y; break;
    case 13: r = x < y ? x : y; break;
    case 40: r = df == TF_DF_INT32 ? sx < sy : x < y; break; /* 1 or 0, integers */
    case 41: r = df == TF_DF_INT32 ? sx > sy : x > y; break;
    case 42: r = df == TF_DF_INT32 ? sx <= sy : x <= y; break;
    case 43: r = df == TF_DF_INT32 ? sx >= sy : x >= y; break;
    case 106: r = y == 0 ? 0 : x; break; /* mask_tile: a zero word where y's is */
    default: r = x; break;               /* 15 */
    }
    return r & m;
}

static uint64_t cycles_of(int mode)
{
    return mode == 3 ? 192 : mode == 106 ? 128 : 64; /* mul_int; mask: 4 slots a vector */
}

static void op_case(int mode, uint32_t df, int odst)
{
    static uint32_t x[E], y[E], out[E];
    tf_perf_core pc;
    char err[2048];
    inputs(x, y, df, mode >= 7 && mode <= 9);
    if (run(mode, odst, df, df, 0, 0, 1, x, y, out, &pc, err, sizeof err)) {
        fprintf(stderr, "sfpu_int MODE=%d DF=%u: %s\n", mode, df, err);
        CHECK_TRUE(0);
        return;
    }
    int bad = 0;
    for (int i = 0; i < E; i++) {
        uint32_t w = want_of(mode, x[i], y[i], df);
        if (out[i] != w && bad++ < 3)
            fprintf(stderr, "sfpu_int MODE=%d DF=%u: f(0x%x, 0x%x) = 0x%x, want 0x%x\n", mode, df,
                    x[i], y[i], out[i], w);
    }
    CHECK_EQ_U(bad, 0);
    if (mode == 15) return;
    CHECK_EQ_U(pc.unit_busy[TF_PERF_UNIT_SFPU], cycles_of(mode));
    CHECK_EQ_U(pc.tiles[TF_PERF_FLOP_SFPU], 1);
}

/* The unary integer ops (MODEs 30-35) with scalar p on DEST[0], in place:
 * C on the 32 bits (a UInt16 tile packs the low 16); the shifts by 32 or
 * more: 0 (left), the sign's fill (right, arithmetic). */
static uint32_t unary_want(int mode, uint32_t x, uint32_t p, uint32_t df)
{
    uint32_t m = df == TF_DF_UINT16 ? 0xffffu : 0xffffffffu, r;
    switch (mode) {
    case 30: r = x & p; break;
    case 31: r = x | p; break;
    case 32: r = x ^ p; break;
    case 33: r = ~x; break;
    case 34: r = p < 32 ? x << p : 0; break;
    case 35:
        r = (uint32_t)(int32_t)floor((double)(int32_t)x / ldexp(1.0, p < 32 ? (int)p : 32));
        break;
    /* the comparisons: the integers 1 and 0; with zero and the scalar as
     * int32, eqz/nez_tile_uint32 on the 32 bits, *_uint16 on the low 16 */
    case 50: r = (int32_t)x == 0; break;
    case 51: r = (int32_t)x != 0; break;
    case 52: r = (int32_t)x < 0; break;
    case 53: r = (int32_t)x <= 0; break;
    case 54: r = (int32_t)x > 0; break;
    case 55: r = (int32_t)x >= 0; break;
    case 56: r = (int32_t)x == (int32_t)p; break;
    case 57: r = (int32_t)x != (int32_t)p; break;
    case 58: r = (int32_t)x < (int32_t)p; break;
    case 59: r = (int32_t)x <= (int32_t)p; break;
    case 60: r = (int32_t)x > (int32_t)p; break;
    case 61: r = (int32_t)x >= (int32_t)p; break;
    case 62: r = x == 0; break;
    case 63: r = x != 0; break;
    case 64: r = (uint16_t)x == 0; break;
    case 65: r = (uint16_t)x != 0; break;
    default: r = (uint16_t)~x == 0; break; /* 66 */
    }
    return r & m;
}

static void unary_case(int mode, uint32_t df, uint32_t p)
{
    static uint32_t x[E], y[E], out[E];
    tf_perf_core pc;
    char err[2048];
    inputs(x, y, df, 0);
    if (run_s(mode, 0, p, df, df, 0, 0, 1, x, y, out, &pc, err, sizeof err)) {
        fprintf(stderr, "sfpu_int MODE=%d DF=%u TEST_PARAM=%u: %s\n", mode, df, p, err);
        CHECK_TRUE(0);
        return;
    }
    int bad = 0;
    for (int i = 0; i < E; i++) {
        uint32_t w = unary_want(mode, x[i], p, df);
        if (out[i] != w && bad++ < 3)
            fprintf(stderr, "sfpu_int MODE=%d DF=%u: f(0x%x, %u) = 0x%x, want 0x%x\n", mode, df,
                    x[i], p, out[i], w);
    }
    CHECK_EQ_U(bad, 0);
    CHECK_EQ_U(pc.unit_busy[TF_PERF_UNIT_SFPU], mode == 66   ? 96 + 128
                                                : mode >= 50 ? 128
                                                : mode == 35 ? 288
                                                             : 96);
}

/* The float ops' integer forms (MODEs 70-88) on DEST[0] with scalars p and
 * q: the reference in int64_t (so the wrap-around is the explicit low 32
 * bits), unsigned where the name says uint, UInt16 on the low 16 bits;
 * abs(INT32_MIN) = INT32_MAX (tt-llk's newest), clamp with p > q gives q. */
static uint32_t form_want(int mode, uint32_t x, uint32_t p, uint32_t q)
{
    int64_t sx = (int32_t)x, sp = (int32_t)p, sq = (int32_t)q, r;
    uint32_t x16 = x & 0xffffu;
    switch (mode) {
    case 70: r = sx > 0 ? sx : 0; break;
    case 71: r = x < p ? x : p; break;
    case 72: r = (x16 < p ? x16 : p) & 0xffffu; break;
    case 73: r = x > p ? x : p; break;
    case 74: r = (x16 > p ? x16 : p) & 0xffffu; break;
    case 75: r = sx < 0 ? -sx : sx, r = r > INT32_MAX ? INT32_MAX : r; break;
    case 76: r = -sx; break;
    case 77: r = sx > sp ? sx : sp; break;
    case 78: r = sx < sp ? sx : sp; break;
    case 79: r = x > p ? x : p; break;
    case 80: r = x < p ? x : p; break;
    case 81: r = sx + sp; break;
    case 82: r = sx - sp; break;
    case 83: r = sp - sx; break;
    case 84:
    case 85: r = x == 0; break;
    case 86: r = x16 == 0; break;
    case 87: r = x; break;
    default: r = sx < sp ? sp : sx, r = r > sq ? sq : r; break; /* 88 */
    }
    return (uint32_t)((uint64_t)r & 0xffffffffu);
}

static void form_case(int mode, uint32_t df, uint32_t p, uint32_t q)
{
    static uint32_t x[E], y[E], out[E];
    tf_perf_core pc;
    char err[2048];
    inputs(x, y, df, 0);
    if (run_s2(mode, 0, p, q, df, df, 0, 0, 1, x, y, out, &pc, err, sizeof err)) {
        fprintf(stderr, "sfpu_int MODE=%d DF=%u TEST_PARAM=%u,%u: %s\n", mode, df, p, q, err);
        CHECK_TRUE(0);
        return;
    }
    uint32_t m = df == TF_DF_UINT16 ? 0xffffu : 0xffffffffu;
    int bad = 0;
    for (int i = 0; i < E; i++) {
        uint32_t w = form_want(mode, x[i], p, q) & m;
        if (out[i] != w && bad++ < 3)
            fprintf(stderr, "sfpu_int MODE=%d DF=%u: f(0x%x, 0x%x, 0x%x) = 0x%x, want 0x%x\n", mode,
                    df, x[i], p, q, out[i], w);
    }
    CHECK_EQ_U(bad, 0);
    uint64_t cyc = mode == 87                                 ? 32
                   : mode == 88                               ? 192
                   : mode == 76 || (mode >= 81 && mode <= 83) ? 96
                                                              : 128;
    CHECK_EQ_U(pc.unit_busy[TF_PERF_UNIT_SFPU], cyc);
}

/* fill_tile_int<df>(0, v) (MODE 89 over a tile of df, MODE 90 over a
 * Float32 one into an Int32 CB): v everywhere, UInt16 its low 16 bits. */
static void fill_case(int mode, uint32_t df, uint32_t v)
{
    static uint32_t x[E], y[E], out[E];
    tf_perf_core pc;
    char err[2048];
    uint32_t in_df = mode == 90 ? TF_DF_FLOAT32 : df;
    inputs(x, y, TF_DF_UINT16, 0); /* (small values: any format) */
    if (run_s2(mode, 0, v, 0, in_df, df, 0, 0, 1, x, y, out, &pc, err, sizeof err)) {
        fprintf(stderr, "sfpu_int MODE=%d DF=%u fill 0x%x: %s\n", mode, df, v, err);
        CHECK_TRUE(0);
        return;
    }
    uint32_t w = df == TF_DF_UINT16 ? v & 0xffffu : v;
    int bad = 0;
    for (int i = 0; i < E; i++) bad += out[i] != w;
    CHECK_EQ_U(bad, 0);
    CHECK_EQ_U(pc.unit_busy[TF_PERF_UNIT_SFPU], 32);
}

static uint32_t fbits(float f)
{
    return tf_check_bits(f);
}

/* ---- the int32 divisions (MODEs 91-95) ---------------------------------------------- */

/* Pairs with their exact results written out: floor, trunc, fmod (x's
 * sign), remainder (y's sign). Negative operands, INT32_MIN / -1 (wraps),
 * INT32_MIN and INT32_MAX against each other, and division by zero: what
 * tt-metal issue #55323 measured on Blackhole (65536, -65536 or -65537,
 * 65535 or 65534 for INT32_MIN; the remainders keep x). */
static const struct {
    int32_t x, y, fl, tr, fm, rm;
} div_pairs[] = {
    {7, 2, 3, 3, 1, 1},
    {-7, 2, -4, -3, -1, 1},
    {7, -2, -4, -3, 1, -1},
    {-7, -2, 3, 3, -1, -1},
    {6, -3, -2, -2, 0, 0},
    {INT32_MIN, -1, INT32_MIN, INT32_MIN, 0, 0},
    {INT32_MIN, 1, INT32_MIN, INT32_MIN, 0, 0},
    {INT32_MIN, INT32_MAX, -2, -1, -1, 2147483646},
    {INT32_MAX, INT32_MIN, -1, 0, INT32_MAX, -1},
    {1, INT32_MIN, -1, 0, 1, -2147483647},
    {INT32_MIN, INT32_MIN, 1, 1, 0, 0},
    {5, 0, 65536, 65536, 5, 5},
    {0, 0, 65536, 65536, 0, 0},
    {-5, 0, -65537, -65536, -5, -5},
    {INT32_MIN, 0, 65534, 65535, INT32_MIN, INT32_MIN},
    {INT32_MAX, 0, 65536, 65536, INT32_MAX, INT32_MAX},
};
enum { NDIV = sizeof div_pairs / sizeof div_pairs[0] };

/* The reference of the others: floor and trunc of the exact quotient (in
 * int64_t, so INT32_MIN / -1 is 2^31, kept to its low 32 bits); y == 0
 * as the table. */
static uint32_t div_want(int mode, uint32_t ux, uint32_t uy)
{
    int64_t x = (int32_t)ux, y = (int32_t)uy;
    if (y == 0) {
        if (mode == 94 || mode == 95) return ux;
        if (x == INT32_MIN) return mode == 92 ? 65534 : 65535;
        return x < 0 ? (uint32_t)(mode == 92 ? -65537 : -65536) : 65536;
    }
    int64_t t = x / y, f = t * y > x && y > 0 ? t - 1 : t * y < x && y < 0 ? t - 1 : t;
    int64_t r = mode == 92 ? f : mode == 93 ? t : mode == 94 ? x - t * y : x - f * y;
    return (uint32_t)((uint64_t)r & 0xffffffffu);
}

/* div_int32_tile: fp32 x / y, exactly 1 where x == y != 0 (tt-llk's
 * ckernel_sfpu_div_int32.h), x / 0 +-inf, 0 / 0 NaN. */
static int div_float_ok(uint32_t x, uint32_t y, uint32_t got)
{
    float w = x == y && x ? 1.0f : (float)(int32_t)x / (float)(int32_t)y;
    float g = tf_check_float(got);
    return w != w ? g != g : fbits(w) == got;
}

static void div_case(int mode, int odst)
{
    static uint32_t x[E], y[E], out[E];
    tf_perf_core pc;
    char err[2048];
    inputs(x, y, TF_DF_INT32, 0);
    for (int i = 0; i < NDIV; i++) x[i] = (uint32_t)div_pairs[i].x, y[i] = (uint32_t)div_pairs[i].y;
    uint32_t out_df = mode == 91 ? TF_DF_FLOAT32 : TF_DF_INT32;
    if (run(mode, odst, TF_DF_INT32, out_df, 0, 0, 1, x, y, out, &pc, err, sizeof err)) {
        fprintf(stderr, "sfpu_int MODE=%d: %s\n", mode, err);
        CHECK_TRUE(0);
        return;
    }
    int bad = 0;
    for (int i = 0; i < E; i++) {
        uint32_t w = 0;
        int ok;
        if (mode == 91) {
            ok = div_float_ok(x[i], y[i], out[i]);
        } else {
            w = i >= NDIV    ? div_want(mode, x[i], y[i])
                : mode == 92 ? (uint32_t)div_pairs[i].fl
                : mode == 93 ? (uint32_t)div_pairs[i].tr
                : mode == 94 ? (uint32_t)div_pairs[i].fm
                             : (uint32_t)div_pairs[i].rm;
            ok = out[i] == w;
            if (i < NDIV) CHECK_EQ_U(div_want(mode, x[i], y[i]), w); /* the two agree */
        }
        if (!ok && bad++ < 3)
            fprintf(stderr, "sfpu_int MODE=%d: f(%d, %d) = 0x%x, want 0x%x\n", mode, (int32_t)x[i],
                    (int32_t)y[i], out[i], w);
    }
    CHECK_EQ_U(bad, 0);
    if (mode == 91) { /* the edges of the float quotient, written out */
        CHECK_EQ_U(out[0], fbits(3.5f));
        CHECK_EQ_U(out[5], fbits(2147483648.0f)); /* INT32_MIN / -1: no wrap */
        CHECK_EQ_U(out[10], fbits(1.0f));
        CHECK_EQ_U(out[11], fbits(INFINITY));
        CHECK_TRUE(tf_check_float(out[12]) != tf_check_float(out[12])); /* 0 / 0 */
        CHECK_EQ_U(out[13], fbits(-INFINITY));
    }
    CHECK_EQ_U(pc.unit_busy[TF_PERF_UNIT_SFPU], mode == 91                 ? 384
                                                : mode == 92 || mode == 93 ? 57 * 32
                                                                           : 61 * 32);
}

/* relu_max_tile_int32 (MODE 96): param's fp32 bits truncated to int32 t
 * (saturating; tt-llk's _relu_max_ with sfpi::vInt), max(0, min(x, t));
 * relu_min_tile_int32 (97): max(x, param as int32); signbit_tile_int32
 * (98): 1 where x < 0. */
static uint32_t relu_int_want(int mode, uint32_t x, uint32_t p)
{
    int64_t sx = (int32_t)x, t;
    if (mode == 98) return sx < 0;
    if (mode == 97) return sx < (int32_t)p ? p : x;
    double f = tf_check_float(p);
    t = f != f || f >= 2147483648.0 ? INT32_MAX : f <= -2147483648.0 ? INT32_MIN : (int64_t)f;
    int64_t r = sx > t ? t : sx;
    return (uint32_t)(r < 0 ? 0 : r);
}

static void relu_int_case(int mode, uint32_t p)
{
    static uint32_t x[E], y[E], out[E];
    tf_perf_core pc;
    char err[2048];
    inputs(x, y, TF_DF_INT32, 0);
    if (run_s(mode, 0, p, TF_DF_INT32, TF_DF_INT32, 0, 0, 1, x, y, out, &pc, err, sizeof err)) {
        fprintf(stderr, "sfpu_int MODE=%d param 0x%x: %s\n", mode, p, err);
        CHECK_TRUE(0);
        return;
    }
    int bad = 0;
    for (int i = 0; i < E; i++) {
        uint32_t w = relu_int_want(mode, x[i], p);
        if (out[i] != w && bad++ < 3)
            fprintf(stderr, "sfpu_int MODE=%d: f(%d, 0x%x) = 0x%x, want 0x%x\n", mode,
                    (int32_t)x[i], p, out[i], w);
    }
    CHECK_EQ_U(bad, 0);
    CHECK_EQ_U(pc.unit_busy[TF_PERF_UNIT_SFPU], mode == 98 ? 32 : 128);
}

/* ---- sums within a tile, gcd, lcm (docs/chip.md "Integer tiles") ---- */

/* sfpu_sum_int_col (MODE 100): rows 0-3 of x get, column by column, the
 * sum of the 8 rows of x equal to them mod 4 (the LLK's passes over the top
 * faces, each reading its face and the one below); sfpu_sum_int_row (101):
 * the even columns of the left half get x[r][c] + x[r][c + 1] + x[r][c +
 * 16] + x[r][c + 17]; sfpu_add_int (102): x + y, y being the next DEST
 * tile whatever dst_offset. Sums wrap modulo 2^32; the rest of x stays. */
static uint32_t sum_want(int mode, const uint32_t *x, const uint32_t *y, int r, int c)
{
    if (mode == 102) return x[r * D + c] + y[r * D + c];
    uint32_t s = 0;
    if (mode == 100) {
        if (r >= 4) return x[r * D + c];
        for (int k = 0; k < 8; k++) s += x[(r + 4 * k) * D + c];
        return s;
    }
    if (c >= 16 || c % 2) return x[r * D + c];
    return x[r * D + c] + x[r * D + c + 1] + x[r * D + c + 16] + x[r * D + c + 17];
}

static void sum_case(int mode)
{
    static uint32_t x[E], y[E], out[E];
    tf_perf_core pc;
    char err[2048];
    inputs(x, y, TF_DF_INT32, 0);
    x[0] = 0x7fffffffu, x[4 * D] = 1; /* a column sum that wraps */
    if (run_s(mode, 0, 2, TF_DF_INT32, TF_DF_INT32, 0, 0, 1, x, y, out, &pc, err, sizeof err)) {
        fprintf(stderr, "sfpu_int MODE=%d: %s\n", mode, err);
        CHECK_TRUE(0);
        return;
    }
    int bad = 0, moved = 0;
    for (int r = 0; r < D; r++)
        for (int c = 0; c < D; c++) {
            uint32_t w = sum_want(mode, x, y, r, c);
            moved += w != x[r * D + c];
            if (out[r * D + c] != w && bad++ < 3)
                fprintf(stderr, "sfpu_int MODE=%d (%d, %d): 0x%x, want 0x%x\n", mode, r, c,
                        out[r * D + c], w);
        }
    CHECK_EQ_U(bad, 0);
    CHECK_TRUE(moved > (mode == 102 ? 900 : 100));
    if (mode == 100) { /* written out: column 0's rows 0, 4, ..., 28 */
        uint32_t s = 0;
        for (int k = 0; k < 8; k++) s += x[4 * k * D];
        CHECK_EQ_U(out[0], s);
    }
    CHECK_EQ_U(pc.unit_busy[TF_PERF_UNIT_SFPU], mode == 102 ? 128 : 64);
}

static uint32_t gcd_ref(uint32_t a, uint32_t b)
{
    a = a >> 31 ? 0u - a : a, b = b >> 31 ? 0u - b : b;
    while (b) {
        uint32_t t = a % b;
        a = b, b = t;
    }
    return a;
}

/* gcd_tile (103, 105: the two-index form into DEST[0]) and lcm_tile (104):
 * of the magnitudes, gcd(0, 0) = 0, lcm with a 0 = 0; lcm_tile's inputs
 * below 2^15 in magnitude (big: one of 2^15, which faults). */
static void gcd_case(int mode, int odst, int big)
{
    static uint32_t x[E], y[E], out[E];
    tf_perf_core pc;
    char err[2048];
    static const int32_t pairs[][3] = {
        /* x, y, gcd (lcm below when small) */
        {12, 18, 6}, {-12, 18, 6},           {12, -18, 6},      {0, 7, 7},          {7, 0, 7},
        {0, 0, 0},   {-32767, 32767, 32767}, {32767, 32766, 1}, {1024, 4096, 1024}, {-6, -4, 2},
        {97, 89, 1}, {30030, 2310, 2310}};
    enum { NP = sizeof pairs / sizeof pairs[0] };
    uint32_t s = 2463534242u;
    for (int i = 0; i < E; i++) {
        s ^= s << 13, s ^= s >> 17, s ^= s << 5;
        uint32_t m = mode == 104 ? 0x7fffu : 0xffffffffu;
        int32_t a = (int32_t)(s & m), b = (int32_t)((s >> 7) & m);
        if (mode == 104) a = s & 0x10000 ? -a : a, b = s & 0x20000 ? -b : b;
        if (mode != 104 && i % 5 == 0) b = (int32_t)((uint32_t)a / 3 * 2); /* a shared factor */
        if (i < NP) a = pairs[i][0], b = pairs[i][1];
        if (mode != 104 && i == NP) a = INT32_MIN, b = 0;
        x[i] = (uint32_t)a, y[i] = (uint32_t)b;
    }
    if (big) x[E - 1] = 0xffff8000u; /* -2^15 */
    int rc =
        run_s(mode, odst, 0, TF_DF_INT32, TF_DF_INT32, 0, 0, 1, x, y, out, &pc, err, sizeof err);
    if (big) {
        CHECK_TRUE(rc != 0);
        if (rc)
            CHECK_CONTAINS(err, "tile engine SFPU LCM_INT: DEST[0] holds a value of magnitude "
                                "2^15 or more: tt-llk's lcm_tile assumes magnitudes below 2^15");
        return;
    }
    if (rc) {
        fprintf(stderr, "sfpu_int MODE=%d: %s\n", mode, err);
        CHECK_TRUE(0);
        return;
    }
    int bad = 0;
    for (int i = 0; i < E; i++) {
        uint32_t g = gcd_ref(x[i], y[i]), w = g;
        if (mode == 104) {
            uint64_t a = gcd_ref(x[i], 0), b = gcd_ref(y[i], 0);
            w = g ? (uint32_t)(a * b / g) : 0;
        }
        if (i < NP) CHECK_EQ_U(g, (uint32_t)pairs[i][2]); /* the reference agrees */
        if (out[i] != w && bad++ < 3)
            fprintf(stderr, "sfpu_int MODE=%d: f(%d, %d) = 0x%x, want 0x%x\n", mode, (int32_t)x[i],
                    (int32_t)y[i], out[i], w);
    }
    CHECK_EQ_U(bad, 0);
    if (mode != 104) CHECK_EQ_U(out[NP], 0x80000000u); /* |INT32_MIN| = 2^31's bits */
    if (mode == 104) { /* written out: lcm(12, 18), lcm(-32767, 32767), lcm(32767, 32766) */
        CHECK_EQ_U(out[0], 36);
        CHECK_EQ_U(out[6], 32767);
        CHECK_EQ_U(out[7], 1073643522u);
    }
    CHECK_EQ_U(pc.unit_busy[TF_PERF_UNIT_SFPU],
               mode == 104 ? (12 + 14 * 7 + 40) * 32 : (12 + 30 * 7 + 3) * 32);
}

/* ---- typecasts: the reference of tt-llk's conversions (docs/chip.md) ---- */

/* float -> Int32: truncated; |v| < 1: 0; |v| >= 2^31, inf, NaN: INT32_MIN */
static uint32_t ref_f_int32(float v)
{
    if (v != v || fabsf(v) >= 2147483648.0f) return 0x80000000u;
    return (uint32_t)(int32_t)truncf(v);
}
static uint32_t ref_f_uint32(float v)
{
    if (v != v) return signbit(v) ? 0 : 0xffffffffu;
    if (v < 1.0f) return 0;
    if (v >= 4294967296.0f) return 0xffffffffu;
    return (uint32_t)truncf(v);
}
static uint32_t ref_f_uint16(float v)
{
    if (!(v > 0)) return 0;
    if (v >= 65535.0f) return 65535;
    return (uint32_t)rintf(v);
}
/* float -> UInt8 (tt-llk's calculate_typecast_fp32_to_uint8): trunc(v)
 * modulo 256 for |v| below 2^55 (below 1: 0); from 2^55 (exponent e >= 55,
 * inf and NaN e = 128) the SFPSHFT of the 24-bit significand by e - 23
 * takes its amount modulo 32 (tt-isa-documentation SFPSHFT.md), so the
 * low byte is that of the significand moved left by (e - 23) mod 32 (and
 * negated for a negative v). Computed in double below 2^55. */
static uint32_t ref_f_uint8(float v)
{
    if (!(fabsf(v) >= 0x1p55f) && v == v) {
        double t = trunc((double)v); /* exact: |v| < 2^55 */
        double r = fmod(t, 256.0);   /* exact, t's sign */
        if (r < 0) r += 256.0;
        return (uint32_t)r;
    }
    uint32_t w = fbits(v);
    int e = (int)((w >> 23) & 0xff) - 127;
    uint32_t m = ((w & 0x7fffffu) | 0x800000u) << ((e - 23) % 32);
    return (w >> 31 ? 0u - m : m) & 0xffu;
}
static float ref_int_f(uint32_t u, uint32_t in)
{
    if (in == TF_DF_INT32) return (float)(int32_t)u;
    if (in == TF_DF_UINT16) return (float)(u & 0xffffu);
    float lo = (float)(u & 0x7fffffffu);
    return u >> 31 ? lo + 2147483648.0f : lo;
}

static uint32_t ref_cast(uint32_t w, uint32_t in, uint32_t out)
{
    int in_int = in == TF_DF_INT32 || in == TF_DF_UINT32 || in == TF_DF_UINT16 || in == TF_DF_UINT8;
    int out_int =
        out == TF_DF_INT32 || out == TF_DF_UINT32 || out == TF_DF_UINT16 || out == TF_DF_UINT8;
    if (in_int && out_int) {
        if (out == TF_DF_UINT8) return w & 0xffu; /* uint_to_uint8 */
        if (in == TF_DF_UINT8) return w;          /* (w < 256) */
        if (in == TF_DF_UINT16) return w & 0xffffu;
        if (in == TF_DF_INT32) return (int32_t)w < 0 ? 0 : w > 65535 ? 65535 : w;
        return w > 65535 ? 65535 : w;
    }
    if (in_int) {
        float f = ref_int_f(w, in);
        return out == TF_DF_FLOAT16_B ? fbits(ttm_bf16_rne(f)) : fbits(f);
    }
    float v = tf_check_float(w);
    return out == TF_DF_INT32    ? ref_f_int32(v)
           : out == TF_DF_UINT32 ? ref_f_uint32(v)
           : out == TF_DF_UINT8  ? ref_f_uint8(v)
                                 : ref_f_uint16(v);
}

static uint64_t cast_cycles(uint32_t in, uint32_t out)
{
    int in_int = in != TF_DF_FLOAT32 && in != TF_DF_FLOAT16_B;
    int out_int = out != TF_DF_FLOAT32 && out != TF_DF_FLOAT16_B;
    uint32_t row;
    if (out == TF_DF_UINT8) /* the Blackhole loops' instructions (docs/chip.md) */
        return 32u * (in_int ? (in == TF_DF_UINT16 ? 5 : 4) : 12);
    if (in == TF_DF_UINT8) /* the UInt32 kernels; none to Int32 / UInt32 */
        return 32u * (out_int ? (out == TF_DF_UINT16 ? 2 : 1) : 3);
    if (in_int && out_int)
        row = in == TF_DF_UINT16 ? 1 : in == TF_DF_UINT32 ? 2 : 3;
    else if (in_int)
        row = (in == TF_DF_INT32    ? 4
               : in == TF_DF_UINT32 ? 3
                                    : 1) +
              (out != TF_DF_FLOAT32 && in != TF_DF_UINT32);
    else
        row = out == TF_DF_INT32 ? 13 : out == TF_DF_UINT32 ? 11 : 6;
    return 32u * row;
}

/* Float inputs for the casts to integers: fractions, halves (the UInt16
 * rounding), negatives, magnitudes around 2^16, 2^31, 2^32, inf, NaN. */
static void float_inputs(uint32_t *x, int bf16)
{
    static const float edge[] = {
        0.5f,          1.5f,     2.5f,          -0.75f,        -1.0f,          65534.5f,
        65535.4f,      70000.0f, 2147483520.0f, 2147483648.0f, -2147483648.0f, 4294967040.0f,
        4294967296.0f, INFINITY, -INFINITY,     NAN,           -0.0f,          0.99f};
    uint32_t s = 88172645u;
    for (int i = 0; i < E; i++) {
        s ^= s << 13, s ^= s >> 17, s ^= s << 5;
        float v = ldexpf((float)(s >> 8) / 16777216.0f, (int)(s % 40) - 4);
        if (s & 0x100) v = -v;
        if (i % 29 < 18) v = edge[i % 29];
        x[i] = fbits(bf16 ? ttm_bf16_rne(v) : v);
    }
}

static void cast_case(uint32_t in, uint32_t out)
{
    static uint32_t x[E], y[E], res[E];
    tf_perf_core pc;
    char err[2048];
    int in_int = in == TF_DF_INT32 || in == TF_DF_UINT32 || in == TF_DF_UINT16 || in == TF_DF_UINT8;
    if (in_int)
        inputs(x, y, in, 0);
    else
        float_inputs(x, in == TF_DF_FLOAT16_B);
    if (out == TF_DF_UINT8 && !in_int) { /* UInt8's wrap and SFPSHFT's shift modulo 32 */
        static const float u8[] = {255.9f,         256.0f,         257.5f,        -1.5f,
                                   -255.0f,        -256.5f,        1000.75f,      0x1.fffffep54f,
                                   0x1.8p55f,      0x1.000102p56f, -0x1.0003p62f, 0x1p63f,
                                   0x1.234568p80f, 3e38f};
        for (int i = 0; i < (int)(sizeof u8 / sizeof u8[0]); i++)
            x[29 * i + 19] = fbits(in == TF_DF_FLOAT16_B ? ttm_bf16_rne(u8[i]) : u8[i]);
    }
    memcpy(y, x, sizeof y);
    if (run(16, 0, in, out, in, out, 1, x, y, res, &pc, err, sizeof err)) {
        fprintf(stderr, "typecast %u -> %u: %s\n", in, out, err);
        CHECK_TRUE(0);
        return;
    }
    int bad = 0;
    for (int i = 0; i < E; i++) {
        uint32_t w = ref_cast(x[i], in, out);
        if (res[i] != w && bad++ < 3)
            fprintf(stderr, "typecast %u -> %u of 0x%08x: 0x%08x, want 0x%08x\n", in, out, x[i],
                    res[i], w);
    }
    CHECK_EQ_U(bad, 0);
    CHECK_EQ_U(pc.unit_busy[TF_PERF_UNIT_SFPU], cast_cycles(in, out));
}

static void fault_case(int mode, uint32_t in_df, uint32_t out_df, int fp32, const char *msg)
{
    static uint32_t x[E], y[E], out[E];
    tf_perf_core pc;
    char err[2048];
    inputs(x, y, TF_DF_UINT16, 0); /* (small values: any format) */
    int rc = run(mode, 0, in_df, out_df, 0, 0, fp32, x, y, out, &pc, err, sizeof err);
    CHECK_TRUE(rc != 0);
    if (rc) CHECK_CONTAINS(err, msg);
}

int main(void)
{
    dev = rt_open(1, 1);
    static const uint32_t dfs[] = {TF_DF_INT32, TF_DF_UINT32, TF_DF_UINT16};
    for (int k = 0; k < 3; k++) {
        op_case(15, dfs[k], 0); /* copy_tile and pack_tile: the bits */
        for (int mode = 0; mode <= 9; mode++) op_case(mode, dfs[k], mode % 2 ? 0 : 2);
    }
    for (int mode = 10; mode <= 14; mode++)
        op_case(mode, mode == 12 || mode == 13 ? TF_DF_UINT32 : TF_DF_INT32,
                mode % 2 || mode == 14 ? 0 : 2); /* (add_int32_tile's 2024 form: into x's) */
    static const uint32_t scal[] = {0x0f0f0ff0u, 0x80000001u, 0xdeadbeefu, 0};
    for (int k = 0; k < 3; k++)
        for (int mode = 30; mode <= 33; mode++) unary_case(mode, dfs[k], scal[mode - 30]);
    static const uint32_t amounts[] = {0, 3, 31, 32, 40};
    for (int a = 0; a < 5; a++) {
        unary_case(34, TF_DF_INT32, amounts[a]);
        unary_case(35, TF_DF_INT32, amounts[a]);
    }
    unary_case(35, TF_DF_UINT16, 3);
    for (int k = 0; k < 3; k++)
        for (int mode = 40; mode <= 43; mode++) {
            op_case(mode, dfs[k], 0);
            op_case(mode, dfs[k], 2);
        }
    op_case(106, TF_DF_INT32, 0); /* mask_tile(0, 1, DataFormat::Int32) */
    for (int mode = 50; mode <= 55; mode++) unary_case(mode, TF_DF_INT32, 0);
    /* scalars: 0, 1, -1, INT32_MIN, INT32_MAX, one in the middle */
    static const uint32_t cmp_s[] = {0, 1, 0xffffffffu, 0x80000000u, 0x7fffffffu, 0x12345u};
    for (int c = 0; c < 6; c++)
        for (int mode = 56; mode <= 61; mode++) unary_case(mode, TF_DF_INT32, cmp_s[c]);
    unary_case(62, TF_DF_UINT32, 0);
    unary_case(63, TF_DF_UINT32, 0);
    unary_case(64, TF_DF_UINT16, 0);
    unary_case(65, TF_DF_UINT16, 0);
    unary_case(66, TF_DF_UINT16, 0);
    /* the integer forms: scalars 0, 1, -1 (0xffffffff), INT32_MIN, INT32_MAX,
     * 0x8000 and 0x12345 (beyond UInt16) */
    static const uint32_t fs[] = {0, 1, 0xffffffffu, 0x80000000u, 0x7fffffffu, 0x8000u, 0x12345u};
    for (int c = 0; c < 7; c++) {
        for (int mode = 77; mode <= 83; mode++)
            form_case(mode, mode == 79 || mode == 80 ? TF_DF_UINT32 : TF_DF_INT32, fs[c], 0);
        form_case(71, TF_DF_UINT32, fs[c], 0);
        form_case(73, TF_DF_UINT32, fs[c], 0);
        form_case(72, TF_DF_UINT16, fs[c], 0);
        form_case(74, TF_DF_UINT16, fs[c], 0);
    }
    form_case(70, TF_DF_INT32, 0, 0);
    form_case(75, TF_DF_INT32, 0, 0);
    form_case(76, TF_DF_INT32, 0, 0);
    form_case(84, TF_DF_INT32, 0, 0);
    form_case(85, TF_DF_UINT32, 0, 0);
    form_case(86, TF_DF_UINT16, 0, 0);
    form_case(87, TF_DF_UINT32, 0, 0);
    form_case(88, TF_DF_INT32, 0xfffffc00u, 0x10000u); /* [-1024, 65536] */
    form_case(88, TF_DF_INT32, 0x80000000u, 0x7fffffffu);
    form_case(88, TF_DF_INT32, 5, 5);
    form_case(88, TF_DF_INT32, 7, 0xfffffff9u); /* min > max: max */
    fill_case(89, TF_DF_INT32, 0x80000001u);
    fill_case(89, TF_DF_UINT32, 0xfffffffeu);
    fill_case(89, TF_DF_UINT16, 0x12345u);
    fill_case(90, TF_DF_INT32, 0xdeadbeefu);
    for (int mode = 91; mode <= 95; mode++) div_case(mode, mode % 2 ? 2 : 0);
    /* relu_max_tile_int32's threshold as fp32 bits: 100.0, 100.9 (-> 100),
     * -3.0 (all 0), 0.5 (-> 0), 3e9 and NaN (-> INT32_MAX), a denormal
     * (0x64 -> 0); relu_min_tile_int32's as int32 */
    static const uint32_t rmax[] = {0x42c80000u, 0x42c9cccdu, 0xc0400000u, 0x3f000000u,
                                    0x4f32d05eu, 0x7fc00000u, 0x64u};
    for (int c = 0; c < 7; c++) relu_int_case(96, rmax[c]);
    static const uint32_t rmin[] = {0, 0xfffffffbu, 100, 0x80000000u, 0x7fffffffu};
    for (int c = 0; c < 5; c++) relu_int_case(97, rmin[c]);
    relu_int_case(98, 0);
    static const uint32_t fl[] = {TF_DF_FLOAT32, TF_DF_FLOAT16_B};
    for (int f = 0; f < 2; f++)
        for (int k = 0; k < 3; k++) {
            cast_case(fl[f], dfs[k]);
            cast_case(dfs[k], fl[f]);
        }
    cast_case(TF_DF_UINT16, TF_DF_UINT32);
    cast_case(TF_DF_UINT16, TF_DF_INT32);
    /* UInt8: 1-byte tiles copied and packed as they are, the casts tt-llk has */
    op_case(15, TF_DF_UINT8, 0);
    for (int f = 0; f < 2; f++) {
        cast_case(fl[f], TF_DF_UINT8);
        cast_case(TF_DF_UINT8, fl[f]);
    }
    for (int k = 0; k < 3; k++) {
        cast_case(dfs[k], TF_DF_UINT8);
        cast_case(TF_DF_UINT8, dfs[k]);
    }
    cast_case(TF_DF_UINT32, TF_DF_UINT16);
    cast_case(TF_DF_INT32, TF_DF_UINT16);
    fault_case(20, TF_DF_INT32, TF_DF_INT32, 1,
               "tile engine SFPU EXP: it takes float values but is given integers");
    fault_case(21, TF_DF_FLOAT32, TF_DF_FLOAT32, 1,
               "tile engine SFPU ADD_INT: it takes integer values but is given floats (data "
               "format Int32)");
    fault_case(22, TF_DF_INT32, TF_DF_FLOAT32, 1,
               "tile engine PACK: it takes float values but is given integers (data format "
               "Float32)");
    fault_case(23, TF_DF_UINT32, TF_DF_UINT32, 1,
               "tile engine ELTWISE: it takes float values but is given integers");
    fault_case(24, TF_DF_FLOAT32, TF_DF_FLOAT32, 1,
               "tile engine SFPU NOT_INT: it takes integer values but is given floats");
    fault_case(27, TF_DF_FLOAT32, TF_DF_FLOAT32, 1,
               "tile engine SFPU ABS_INT: it takes integer values but is given floats");
    fault_case(25, TF_DF_FLOAT32, TF_DF_FLOAT32, 1,
               "tile engine SFPU CMP_ZERO_INT: it takes integer values but is given floats");
    fault_case(26, TF_DF_FLOAT32, TF_DF_FLOAT32, 1,
               "tile engine SFPU LT_INT: it takes integer values but is given floats (data "
               "format Int32)");
    /* div_int32_tile leaves floats: an integer op on them, or a pack to an
     * integer CB, faults; an int32 division of float tiles too */
    fault_case(99, TF_DF_INT32, TF_DF_INT32, 1,
               "tile engine SFPU ADD_INT: it takes integer values but is given floats (data "
               "format Int32)");
    fault_case(91, TF_DF_INT32, TF_DF_INT32, 1,
               "tile engine PACK: it takes integer values but is given floats (data format "
               "Int32)");
    fault_case(92, TF_DF_FLOAT32, TF_DF_FLOAT32, 1,
               "tile engine SFPU DIV_INT32_FLOOR: it takes integer values but is given floats");
    /* a 16-bit DEST moves UInt16 tiles (copy, transpose, pack: ttnn's
     * topk index tiles) but computes on none */
    fault_case(0, TF_DF_UINT16, TF_DF_UINT16, 0,
               "tile engine SFPU ADD_INT: it needs an fp32 DEST (fp32_dest_acc_en)");
    ttm_refused(dev, "sfpu_int_refused", 1, "typecast_tile between these formats");
    ttm_refused(dev, "sfpu_int_refused", 2, "takes DataFormat::Int32, UInt32 or UInt16");
    ttm_refused(dev, "sfpu_int_refused", 3,
                "'sfpu_sum_int_col' is unavailable: not supported by tt-foil: sfpu_sum_int_col/row "
                "with an input and an output index");
    sum_case(100);
    sum_case(101);
    sum_case(102);
    gcd_case(103, 2, 0);
    gcd_case(104, 0, 0);
    gcd_case(105, 0, 0);
    gcd_case(104, 0, 1); /* a magnitude of 2^15: refused */
    MUST(tf_device_close(dev));
    return tf_check_report("test_ttm_sfpu_int");
}
