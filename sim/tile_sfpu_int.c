/* Integer tiles in the tile engine (docs/chip.md "Integer tiles"): the
 * integer SFPU ops between DEST tiles and the typecasts to and from the
 * integer formats. DEST holds an integer's 32 bits in the slot of an fp32
 * value (tile_engine.h's tiles are float arrays; these bits are only ever
 * copied or read back through memcpy, never used as floats), UInt16
 * values zero-extended.
 *
 * The ops' meaning is tt-metal's (api/compute/add_int_sfpu.h,
 * sub_int_sfpu.h, mul_int_sfpu.h, binary_bitwise_sfpu.h, binary_shift.h,
 * binary_max_min.h): two's complement results modulo 2^32, UInt16's
 * modulo 2^16 (the SFPU stores the low 16 bits, InstrModLoadStore::LO16).
 * The typecasts follow tt-llk's ckernel_sfpu_typecast.h (Blackhole):
 * float to Int32 truncates toward zero, 0 below magnitude 1, INT32_MIN
 * from magnitude 2^31 on (infinities and NaN too); float to UInt32
 * truncates, 0 for negatives, 0xffffffff from 2^32 on; float to UInt16
 * rounds to nearest even, 0 for negatives, 65535 at most; Int32 to float
 * is one rounding to fp32 (nearest even); UInt32 to float converts the
 * low 31 bits, then adds 2^31 in fp32 when bit 31 is set (two roundings,
 * as the LLK's cast and multiply-add); UInt32 to UInt16 saturates at
 * 65535, Int32 to UInt16 clamps to 0..65535, UInt16 to UInt32 or Int32
 * zero-extends. A Float16_b (or Bfp8_b) result is the fp32 one rounded to
 * nearest even into that format. */
#include "tile_engine.h"
#include "tf_tile_layout.h"

#include <math.h>
#include <string.h>

static uint32_t ubits(float f)
{
    return f_bits(f);
}

/* Shift amounts outside 0..31 (y read as int32): tt-llk's binary shifts
 * (ckernel_sfpu_binary_shift.h) give 0 for them ("shift_amount < 0 OR
 * shift_amount >= 32 -> result should be 0"), and the arithmetic right
 * shift sign-extends only for positive amounts, so a negative amount gives
 * 0 there too. For an arithmetic shift of 32 or more its instruction
 * sequence does not say clearly what a negative x gives: here the sign's
 * fill (0 or -1), C's floor(x / 2^y), our choice (docs/chip.md). */
static uint32_t shift(uint32_t x, uint32_t y, uint32_t op)
{
    int32_t n = (int32_t)y;
    int in_range = n >= 0 && n < 32;
    switch (op) {
    case TF_SFPU_SHL_BINARY: return in_range ? x << n : 0;
    case TF_SFPU_SHR_LOGICAL_BINARY: return in_range ? x >> n : 0;
    default: { /* SHR_BINARY: arithmetic, without relying on >> of a negative int */
        uint32_t fill = x >> 31 ? 0xffffffffu : 0;
        if (n < 0) return 0;
        if (n >= 32) return fill;
        return n ? (x >> n) | (fill << (32 - n)) : x;
    }
    }
}

/* x op y (TF_SFPU_CMP_* member k): as int32 when sgn, else unsigned. */
static uint32_t int_compare(uint32_t x, uint32_t y, uint32_t k, int sgn)
{
    /* flipping the sign bits orders int32 as uint32 */
    uint32_t b = sgn ? 0x80000000u : 0;
    x ^= b, y ^= b;
    switch (k) {
    case TF_SFPU_CMP_EQ: return x == y;
    case TF_SFPU_CMP_NE: return x != y;
    case TF_SFPU_CMP_LT: return x < y;
    case TF_SFPU_CMP_LE: return x <= y;
    case TF_SFPU_CMP_GT: return x > y;
    default: return x >= y; /* GE */
    }
}

static uint32_t int_binary(uint32_t x, uint32_t y, uint32_t op, uint32_t df)
{
    int sgn = df == TF_DF_INT32;
    switch (op) {
    case TF_SFPU_LT_INT: return int_compare(x, y, TF_SFPU_CMP_LT, sgn);
    case TF_SFPU_GT_INT: return int_compare(x, y, TF_SFPU_CMP_GT, sgn);
    case TF_SFPU_LE_INT: return int_compare(x, y, TF_SFPU_CMP_LE, sgn);
    case TF_SFPU_GE_INT: return int_compare(x, y, TF_SFPU_CMP_GE, sgn);
    case TF_SFPU_ADD_INT:
    case TF_SFPU_ADD_INT_NEXT: return x + y;
    case TF_SFPU_SUB_INT: return x - y;
    case TF_SFPU_RSUB_INT: return y - x;
    case TF_SFPU_MUL_INT: return x * y;
    case TF_SFPU_AND_BINARY: return x & y;
    case TF_SFPU_OR_BINARY: return x | y;
    case TF_SFPU_XOR_BINARY: return x ^ y;
    case TF_SFPU_MAX_INT32: return (int32_t)x > (int32_t)y ? x : y;
    case TF_SFPU_MIN_INT32: return (int32_t)x < (int32_t)y ? x : y;
    case TF_SFPU_MAX_UINT32: return x > y ? x : y;
    case TF_SFPU_MIN_UINT32: return x < y ? x : y;
    default: return shift(x, y, op);
    }
}

/* The int32 divisions (tt-metal's div_int32_floor.h, binary_fmod.h,
 * binary_remainder.h; tt-llk's Blackhole ckernel_sfpu_div_int32_floor.h,
 * ckernel_sfpu_remainder_int32.h, ckernel_sfpu_fmod_int32.h): with y != 0
 * the exact quotient rounded toward -inf (floor) or 0 (trunc), INT32_MIN /
 * -1 wrapping to INT32_MIN (the LLK negates the magnitude 2^31); fmod the
 * remainder of the truncated quotient (x's sign), remainder that of the
 * floored one (y's sign), INT32_MIN by -1 giving 0. Computed in 64 bits,
 * as C's int32 INT32_MIN / -1 is undefined.
 *
 * y == 0: the LLK has no guard for it. The quotients are what tt-metal
 * issue #55323 measured on Blackhole (ttsim, tt-metal v0.79): the
 * reciprocal of 0 overflows, the 16-bit correction saturates, and every
 * x >= 0 gives 65536, x < 0 -65536 (trunc) or -65537 (floor), INT32_MIN
 * 65535 (trunc) or 65534 (floor). (A proposed fix, tt-metal PR #55675,
 * saturating to INT32_MAX/MIN, was closed, the issue open.) The
 * remainders keep x: q * y and the correction's product are 0 whatever
 * q, so the remainder stays |x|, given back x's sign (fmod), and
 * remainder's y-sign fix-up adds y = 0. */
static uint32_t int_div(uint32_t ux, uint32_t uy, uint32_t op)
{
    int64_t x = (int32_t)ux, y = (int32_t)uy;
    if (y == 0) {
        int flo = op == TF_SFPU_DIV_INT32_FLOOR;
        switch (op) {
        case TF_SFPU_DIV_INT32_FLOOR:
        case TF_SFPU_DIV_INT32_TRUNC:
            if (x == INT32_MIN) return flo ? 65534u : 65535u;
            return x < 0 ? (uint32_t)(flo ? -65537 : -65536) : 65536u;
        default: return ux; /* FMOD_INT32, REMAINDER_INT32 */
        }
    }
    int64_t q = x / y, r = x % y; /* C99: toward 0, r of x's sign */
    switch (op) {
    case TF_SFPU_DIV_INT32_TRUNC: return (uint32_t)q;
    case TF_SFPU_DIV_INT32_FLOOR: return (uint32_t)(r != 0 && (r < 0) != (y < 0) ? q - 1 : q);
    case TF_SFPU_FMOD_INT32: return (uint32_t)r;
    default: return (uint32_t)(r != 0 && (r < 0) != (y < 0) ? r + y : r); /* REMAINDER_INT32 */
    }
}

/* div_int32_tile (tt-metal's div_int32_sfpu.h; tt-llk's Blackhole
 * ckernel_sfpu_div_int32.h): an fp32 quotient, not an integer. x == y != 0
 * gives exactly 1; else both converted to fp32 (nearest even, as the LLK's
 * SFPCAST of a sign-magnitude value) and divided. The LLK multiplies by a
 * reciprocal refined by two Newton steps; ours is the correctly rounded
 * quotient, as div_binary_tile's (docs/chip.md "Numerics"), so x / 0 is
 * +-inf and 0 / 0 NaN (tt-metal PR #32272's table of its results). */
static float int_div_float(uint32_t x, uint32_t y)
{
    if (x == y && x != 0) return 1.0f;
    return (float)(int32_t)x / (float)(int32_t)y;
}

/* gcd_tile and lcm_tile (tt-llk's ckernel_sfpu_gcd.h, ckernel_sfpu_lcm.h):
 * a binary GCD of the magnitudes, so gcd(x, 0) = |x| and gcd(0, 0) = 0;
 * INT32_MIN's magnitude is 2^31 (our choice: the LLK's loop is written for
 * 31-bit magnitudes), so gcd(INT32_MIN, 0) gives its bits back. lcm:
 * |x| / gcd x |y|, 0 when either is 0 (the LLK's quotient 0 / gcd is 0);
 * the LLK assumes magnitudes below 2^15 (a 15-step gcd, a 16 x 16-bit
 * product), so the engine faults on others before it gets here
 * (tile.c, TF_TILE_ERR_RANGE). */
static uint32_t mag(uint32_t x)
{
    return x >> 31 ? 0u - x : x;
}

static uint32_t gcd_u(uint32_t a, uint32_t b)
{
    while (b) {
        uint32_t t = a % b;
        a = b;
        b = t;
    }
    return a;
}

static uint32_t lcm_u(uint32_t a, uint32_t b)
{
    return a && b ? a / gcd_u(a, b) * b : 0;
}

int sim_sfpu_int_binary(float *d, const float *x, const float *y, uint32_t op, uint32_t df)
{
    if (!TF_SFPU_IS_INT(op) || !TF_DF_INT_OP(df)) return -1;
    if (op == TF_SFPU_GCD_INT || op == TF_SFPU_LCM_INT) { /* int32 whatever df, as the LLK */
        for (int i = 0; i < TF_TILE_ELEMS; i++) {
            uint32_t a = mag(ubits(x[i])), b = mag(ubits(y[i]));
            d[i] = bits_f(op == TF_SFPU_GCD_INT ? gcd_u(a, b) : lcm_u(a, b));
        }
        return 0;
    }
    uint32_t mask = df == TF_DF_UINT16 ? 0xffffu : 0xffffffffu;
    if (op == TF_SFPU_DIV_INT32) { /* int32 whatever df: the LLK loads INT32 */
        for (int i = 0; i < TF_TILE_ELEMS; i++) d[i] = int_div_float(ubits(x[i]), ubits(y[i]));
        return 0;
    }
    if (op >= TF_SFPU_DIV_INT32_FLOOR && op <= TF_SFPU_REMAINDER_INT32) {
        for (int i = 0; i < TF_TILE_ELEMS; i++)
            d[i] = bits_f(int_div(ubits(x[i]), ubits(y[i]), op));
        return 0;
    }
    for (int i = 0; i < TF_TILE_ELEMS; i++) {
        uint32_t a = ubits(x[i]) & mask, b = ubits(y[i]) & mask;
        d[i] = bits_f(int_binary(a, b, op, df) & mask);
    }
    return 0;
}

/* relu_max_tile_int32's threshold: tt-llk's Blackhole ckernel_sfpu_relu.h
 * (_relu_max_ with sfpi::vInt and a uint32_t threshold) reads the argument
 * as fp32 bits and converts that float to int with a C++ static_cast on
 * the TRISC, truncating toward 0 (ttnn passes the fp32 bits of its float
 * parameter, unary_op_utils.cpp). Outside int32's range the cast is
 * undefined in C++: ours saturates to INT32_MIN/INT32_MAX and gives a NaN
 * INT32_MAX, as RISC-V's fcvt.w.s does. */
static uint32_t relu_threshold(uint32_t bits)
{
    float f = bits_f(bits);
    if (isnan(f) || f >= 2147483648.0f) return 0x7fffffffu;
    if (f <= -2147483648.0f) return 0x80000000u;
    return (uint32_t)(int32_t)f;
}

/* The unary integer ops with an integer scalar p (tt-metal's
 * eltwise_unary/bitwise_and.h, bitwise_or.h, bitwise_xor.h, bitwise_not.h,
 * left_shift.h, right_shift.h): on the 32 bits, in place. The shifts by 32
 * or more: the left one 0, the right one (arithmetic: tt-llk's
 * calculate_right_shift flips a negative value's bits around a logical
 * shift) the sign's fill, as tt-llk's newest ckernel_sfpu_shift.h says.
 * The comparisons (eltwise_unary/comp.h's *_int32, *_uint16, *_uint32
 * forms) write the integers 1 and 0 (tt-llk's calculate_comp_int,
 * calculate_comp_uint16, calculate_comp_unary_int store a vInt 1 or 0):
 * x as int32 with 0 or the scalar (an int32), or x's low 16 bits with 0
 * (UInt16's LO16 load); eqz/nez_tile_uint32 are CMP_ZERO_INT's EQ and NE
 * (an equality with 0 does not depend on the sign). The float ops'
 * integer forms (eltwise_unary/relu.h, activations.h, negative.h,
 * binop_with_scalar.h, rsub.h, logical_not_noti.h, identity.h, clamp.h):
 * on int32, or unsigned where the name says uint (UInt16: the low 16 bits,
 * a 16-bit result), wrapping; abs_tile_int32 of INT32_MIN gives INT32_MAX
 * (tt-llk's newest calculate_abs_int32 replaces it before SFPABS, whose
 * result would wrap); relu_max/min_tile_uint* are tt-llk's
 * relu_clamp_uint, min(x, v) and max(x, v) unsigned. fill_tile_int
 * writes v's 32 bits (UInt16: its low 16, the LLK's LO16 store) whatever
 * the tile held (tile.c: it makes any tile one of integers). */
static uint32_t int_unary(uint32_t x, uint32_t op, uint32_t p, uint32_t k)
{
    switch (op) {
    case TF_SFPU_CMP_ZERO_INT: return int_compare(x, 0, k, 1);
    case TF_SFPU_CMP_ZERO_UINT16: return int_compare(x & 0xffffu, 0, k, 0);
    case TF_SFPU_CMP_SCALAR_INT: return int_compare(x, p, k, 1);
    case TF_SFPU_RELU_INT: return (int32_t)x > 0 ? x : 0;
    case TF_SFPU_RELU_MAX_INT32: { /* p: fp32 bits (relu_threshold) */
        uint32_t t = relu_threshold(p), r = (int32_t)x > (int32_t)t ? t : x;
        return (int32_t)r < 0 ? 0 : r;
    }
    case TF_SFPU_RELU_MIN_INT32: return (int32_t)x < (int32_t)p ? p : x;
    case TF_SFPU_SIGNBIT_INT32: return x >> 31;
    case TF_SFPU_RELU_MAX_UINT: return x < p ? x : p;
    case TF_SFPU_RELU_MAX_UINT16: x &= 0xffffu; return (x < p ? x : p) & 0xffffu;
    case TF_SFPU_RELU_MIN_UINT: return x > p ? x : p;
    case TF_SFPU_RELU_MIN_UINT16: x &= 0xffffu; return (x > p ? x : p) & 0xffffu;
    case TF_SFPU_ABS_INT: return x == 0x80000000u ? 0x7fffffffu : x >> 31 ? 0u - x : x;
    case TF_SFPU_NEG_INT: return 0u - x;
    case TF_SFPU_MAX_SCALAR_INT32: return (int32_t)x > (int32_t)p ? x : p;
    case TF_SFPU_MIN_SCALAR_INT32: return (int32_t)x < (int32_t)p ? x : p;
    case TF_SFPU_MAX_SCALAR_UINT32: return x > p ? x : p;
    case TF_SFPU_MIN_SCALAR_UINT32: return x < p ? x : p;
    case TF_SFPU_ADD_SCALAR_INT: return x + p;
    case TF_SFPU_SUB_SCALAR_INT: return x - p;
    case TF_SFPU_RSUB_SCALAR_INT: return p - x;
    case TF_SFPU_LOGICAL_NOT_INT: return x == 0;
    case TF_SFPU_LOGICAL_NOT_UINT16: return (x & 0xffffu) == 0;
    case TF_SFPU_IDENTITY_INT: return x;
    case TF_SFPU_FILL_INT: return p;
    case TF_SFPU_FILL_UINT16: return p & 0xffffu;
    case TF_SFPU_CLAMP_INT: { /* k: the max; min > max gives max, as the float clamp */
        uint32_t r = (int32_t)x < (int32_t)p ? p : x;
        return (int32_t)r > (int32_t)k ? k : r;
    }
    case TF_SFPU_AND_SCALAR: return x & p;
    case TF_SFPU_OR_SCALAR: return x | p;
    case TF_SFPU_XOR_SCALAR: return x ^ p;
    case TF_SFPU_NOT_INT: return ~x;
    case TF_SFPU_SHL_SCALAR: return p < 32 ? x << p : 0;
    default: { /* SHR_SCALAR */
        uint32_t fill = x >> 31 ? 0xffffffffu : 0;
        if (p >= 32) return fill;
        return p ? (x >> p) | (fill << (32 - p)) : x;
    }
    }
}

/* sfpu_sum_int_col / sfpu_sum_int_row (tt-metal's api/compute/eltwise_unary/
 * sfpu_int_sum.h, tt-llk's ckernel_sfpu_int_sum.h): partial sums within the
 * tile, where the LLK's SFPU passes leave them. The column sum runs on the
 * top faces (VectorMode::R); in each, the vector at rows 0-3 (even, then
 * odd columns: a vector is 4 rows x 8 columns of a face, SFPLOAD's lanes in
 * tt-isa-documentation's SFPLOAD.md/SFPSTORE.md) gets the sum of the 4
 * vectors down its face and the 4 of the face below: tile row r < 4 of
 * column c becomes the sum of the 8 rows = r mod 4 of column c. The row
 * sum runs on the left faces (VectorMode::C); each even-column vector gets
 * itself, the odd columns beside it and the two of the face to the right:
 * tile column 2m < 16 of row r becomes x[r][2m] + x[r][2m + 1] + x[r][16 +
 * 2m] + x[r][17 + 2m]. Everything else stays. Adds wrap modulo 2^32 (two's
 * complement, as tt-metal's 2024 copy of the file; a later copy converts
 * each value to sign-magnitude before its adds and back after, which gives
 * the same sums for non-negative values: docs/chip.md). */
static void sum_int(float *d, uint32_t op)
{
    uint32_t t[TF_TILE_DIM][TF_TILE_DIM];
    memcpy(t, d, sizeof t);
    if (op == TF_SFPU_SUM_INT_COL) {
        for (int r = 0; r < 4; r++)
            for (int c = 0; c < TF_TILE_DIM; c++) {
                uint32_t s = 0;
                for (int k = r; k < TF_TILE_DIM; k += 4) s += t[k][c];
                d[r * TF_TILE_DIM + c] = bits_f(s);
            }
    } else {
        for (int r = 0; r < TF_TILE_DIM; r++)
            for (int c = 0; c < 16; c += 2)
                d[r * TF_TILE_DIM + c] =
                    bits_f(t[r][c] + t[r][c + 1] + t[r][16 + c] + t[r][17 + c]);
    }
}

int sim_sfpu_int_unary(float *d, uint32_t op, uint32_t p0, uint32_t p1)
{
    if (!TF_SFPU_IS_INT_UNARY(op)) return -1;
    if (op == TF_SFPU_SUM_INT_COL || op == TF_SFPU_SUM_INT_ROW) {
        sum_int(d, op);
        return 0;
    }
    for (int i = 0; i < TF_TILE_ELEMS; i++) d[i] = bits_f(int_unary(ubits(d[i]), op, p0, p1));
    return 0;
}

/* ---- typecasts ---------------------------------------------------------------------- */

/* |v| truncated toward zero, from the exponent and mantissa as the LLK
 * extracts them; e the unbiased exponent (0 <= e <= 31). */
static uint32_t trunc_mag(uint32_t w, int e)
{
    uint32_t man = (w & 0x7fffffu) | 0x800000u;
    return e >= 23 ? man << (e - 23) : man >> (23 - e);
}

static uint32_t f_to_int32(float v)
{
    uint32_t w = f_bits(v);
    int e = (int)((w >> 23) & 0xff) - 127;
    if (e < 0) return 0;
    if (e >= 31) return 0x80000000u; /* INT32_MIN for every overflow, NaN and inf */
    uint32_t m = trunc_mag(w, e);
    return w >> 31 ? 0u - m : m;
}

static uint32_t f_to_uint32(float v)
{
    uint32_t w = f_bits(v);
    int e = (int)((w >> 23) & 0xff) - 127;
    if (w >> 31 || e < 0) return 0;
    if (e >= 32) return 0xffffffffu;
    return trunc_mag(w, e);
}

static uint32_t f_to_uint16(float v)
{
    if (!(v > 0)) return 0; /* negatives, zeros (and NaN: the sign test of the LLK aside) */
    if (v >= 65535.0f) return 65535;
    return (uint32_t)nearbyintf(v); /* the default rounding mode: nearest even */
}

/* float to UInt8 as tt-llk's calculate_typecast_fp32_to_uint8 (its
 * Blackhole llk_api ckernel_sfpu_typecast.h): |v| below 1 (zeros,
 * subnormals) gives 0; otherwise the 24-bit significand moved by the
 * exponent minus 23 with SFPSHFT, whose shift amount counts modulo 32
 * (tt-isa-documentation, BlackholeA0 SFPSHFT.md), negated for a negative
 * v, then its low 8 bits (the LLK adds 256 and masks). So a finite v
 * below 2^55 gives trunc(v) modulo 256; from 2^55 on (inf and NaN too:
 * exponent 128) the shift wraps, and the low byte is the significand's
 * moved by (e - 23) mod 32. */
static uint32_t f_to_uint8(float v)
{
    uint32_t w = f_bits(v);
    int e = (int)((w >> 23) & 0xff) - 127, s = e - 23;
    if (e < 0) return 0;
    uint32_t m = (w & 0x7fffffu) | 0x800000u;
    m = s >= 0 ? m << (s & 31) : m >> (-s & 31);
    if (w >> 31) m = 0u - m;
    return m & 0xffu;
}

static float uint32_to_f(uint32_t u)
{
    float lo = (float)(int32_t)(u & 0x7fffffffu);
    return u >> 31 ? lo + 2147483648.0f : lo;
}

/* One value of the cast from an integer format to fp32 (UInt8 by the
 * UInt32 kernels, uint32_to_fp32/fp16b, on DEST's 32 bits). */
static float int_to_f(uint32_t u, uint32_t in)
{
    if (in == TF_DF_INT32) return (float)(int32_t)u;
    if (in == TF_DF_UINT32 || in == TF_DF_UINT8) return uint32_to_f(u);
    return (float)(u & 0xffffu);
}

int sim_sfpu_typecast_int(float *d, uint32_t in, uint32_t out)
{
    int in_int = TF_DF_INTEGER(in), out_int = TF_DF_INTEGER(out);
    if (!TF_DF_CASTABLE(in) || !TF_DF_CASTABLE(out)) return -1;
    if (!in_int && !out_int) return -1; /* float to float: sim_tile_round_to */
    if (in_int && out_int) {
        /* the LLK's integer pairs: UInt16 to the 32-bit ones, the 32-bit
         * ones to UInt16; UInt8 to the 32-bit ones (no SFPU code: DEST holds
         * it zero-extended), to UInt16 (uint32_to_uint16: saturated), and
         * any of them to UInt8 (uint_to_uint8: the low 8 bits) */
        if (in == out || (in == TF_DF_UINT8 && out != TF_DF_UINT16)) return 0;
        if (out == TF_DF_UINT8) {
            for (int i = 0; i < TF_TILE_ELEMS; i++) d[i] = bits_f(ubits(d[i]) & 0xffu);
            return 0;
        }
        if (in == TF_DF_UINT16) {
            for (int i = 0; i < TF_TILE_ELEMS; i++) d[i] = bits_f(ubits(d[i]) & 0xffffu);
            return 0;
        }
        if (out != TF_DF_UINT16) return -1; /* Int32 <-> UInt32: not an LLK pair */
        for (int i = 0; i < TF_TILE_ELEMS; i++) {
            uint32_t u = ubits(d[i]);
            if (in == TF_DF_INT32)
                u = (int32_t)u < 0 ? 0 : u > 65535 ? 65535 : u;
            else /* UInt32, UInt8 */
                u = u > 65535 ? 65535 : u;
            d[i] = bits_f(u);
        }
        return 0;
    }
    if (in_int) {
        for (int i = 0; i < TF_TILE_ELEMS; i++) d[i] = int_to_f(ubits(d[i]), in);
        sim_tile_round_to(d, out);
        return 0;
    }
    for (int i = 0; i < TF_TILE_ELEMS; i++) {
        float v = d[i];
        uint32_t u = out == TF_DF_INT32    ? f_to_int32(v)
                     : out == TF_DF_UINT32 ? f_to_uint32(v)
                     : out == TF_DF_UINT8  ? f_to_uint8(v)
                                           : f_to_uint16(v);
        d[i] = bits_f(u);
    }
    return 0;
}

/* Modeled cycles of a typecast with an integer side (docs/chip.md
 * "Modeled cost"): tt-llk's Blackhole typecasts state their throughput in
 * cycles a row (32 rows a tile): Int32 to fp32 4, UInt32 to fp32 or
 * Float16_b 3, UInt16 to fp32 1, UInt32 to UInt16 2, Int32 to UInt16 3,
 * UInt16 to UInt32 1; float to Int32 and to UInt32 are 13 and 11
 * instructions a row, float to UInt16 6 (their instruction counts); a
 * Float16_b output of Int32 or UInt16 one more (the rounding). UInt8 (no
 * stated throughput: instruction counts of the Blackhole loops): float to
 * UInt8 12, Int32 or UInt32 to UInt8 4, UInt16 to UInt8 5; from UInt8 the
 * UInt32 kernels' figures (to a float 3, to UInt16 2), and to Int32 or
 * UInt32, which runs no SFPU code, 1 (as a float-to-float cast's 32). */
uint32_t sim_sfpu_typecast_cycles(uint32_t in, uint32_t out)
{
    int in_int = TF_DF_INTEGER(in), out_int = TF_DF_INTEGER(out);
    uint32_t per_row;
    if (in_int && out == TF_DF_UINT8)
        per_row = in == TF_DF_UINT16 ? 5 : 4;
    else if (in == TF_DF_UINT8 && out_int)
        per_row = out == TF_DF_UINT16 ? 2 : 1;
    else if (in_int && out_int)
        per_row = in == TF_DF_UINT16 ? 1 : in == TF_DF_UINT32 ? 2 : 3;
    else if (in == TF_DF_UINT8)
        per_row = 3;
    else if (in_int)
        per_row = (in == TF_DF_INT32    ? 4
                   : in == TF_DF_UINT32 ? 3
                                        : 1) +
                  (out != TF_DF_FLOAT32 && in != TF_DF_UINT32 ? 1 : 0);
    else if (out_int)
        per_row = out == TF_DF_INT32 ? 13 : out == TF_DF_UINT32 ? 11 : out == TF_DF_UINT8 ? 12 : 6;
    else
        return 0; /* float to float: not this rule */
    return 32 * per_row;
}
