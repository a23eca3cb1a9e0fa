/* Software binary32 for the F extension. Values are handled as
 * (sign, m, e) meaning (-1)^sign * m * 2^e with an integer significand m;
 * every operation computes an exact (or exact-plus-sticky) m and e and then
 * rounds once in sim_f32_pack(). */
#include "f32.h"

#include <stdbool.h>

#define SIGN(a) ((a) >> 31)
#define EXPF(a) (((a) >> 23) & 0xff)
#define FRAC(a) ((a)&0x7fffffu)
#define INF(s)  (((uint32_t)(s) << 31) | 0x7f800000u)
#define ZERO(s) ((uint32_t)(s) << 31)

static inline bool f_isnan(uint32_t a)
{
    return (a & 0x7fffffffu) > 0x7f800000u;
}
static inline bool f_issnan(uint32_t a)
{
    return f_isnan(a) && !(a & 0x00400000u);
}
static inline bool f_isinf(uint32_t a)
{
    return (a & 0x7fffffffu) == 0x7f800000u;
}
static inline bool f_iszero(uint32_t a)
{
    return (a & 0x7fffffffu) == 0;
}

static inline int msb64(uint64_t v)
{
    return 63 - __builtin_clzll(v);
}

/* Finite nonzero a -> m * 2^e. */
static inline void unpack(uint32_t a, uint64_t *m, int *e)
{
    uint32_t ef = EXPF(a);
    if (ef == 0) {
        *m = FRAC(a);
        *e = -149;
    } else {
        *m = FRAC(a) | 0x800000u;
        *e = (int)ef - 150;
    }
}

/* m >> s rounded by rm; sets *inexact. s may be <= 0 (exact left shift). */
static uint64_t rshift_round(uint64_t m, int s, int sign, int rm, bool *inexact)
{
    if (s <= 0) {
        *inexact = false;
        return m << -s;
    }
    uint64_t q, rem;
    int cmp; /* dropped part vs one half ulp: -1 below, 0 equal, 1 above */
    if (s >= 64) {
        q = 0;
        rem = m;
        cmp = s > 64 ? -1 : (m > (1ull << 63) ? 1 : m == (1ull << 63) ? 0 : -1);
    } else {
        q = m >> s;
        rem = m & ((1ull << s) - 1);
        uint64_t half = 1ull << (s - 1);
        cmp = rem > half ? 1 : rem == half ? 0 : -1;
    }
    if (rem == 0) {
        *inexact = false;
        return q;
    }
    *inexact = true;
    bool up;
    switch (rm) {
    case TF_RM_RNE: up = cmp > 0 || (cmp == 0 && (q & 1)); break;
    case TF_RM_RMM: up = cmp >= 0; break;
    case TF_RM_RDN: up = sign; break;
    case TF_RM_RUP: up = !sign; break;
    default: up = false; break; /* RTZ */
    }
    return q + up;
}

static uint32_t overflow(int sign, int rm, unsigned *fl)
{
    *fl |= TF_FX_OF | TF_FX_NX;
    if (rm == TF_RM_RTZ || (rm == TF_RM_RDN && !sign) || (rm == TF_RM_RUP && sign))
        return ZERO(sign) | 0x7f7fffffu;
    return INF(sign);
}

/* Round (-1)^sign * m * 2^e to binary32 (the single rounding step). */
static uint32_t sim_f32_pack(int sign, int e, uint64_t m, int rm, unsigned *fl)
{
    if (m == 0) return ZERO(sign);
    int E = msb64(m) + e; /* value in [2^E, 2^(E+1)) */
    int lsb = (E - 23 > -149 ? E - 23 : -149);
    bool inexact;
    uint64_t q = rshift_round(m, lsb - e, sign, rm, &inexact);
    if (q >> 24) { /* rounding carried into a new bit */
        q >>= 1;
        lsb++;
    }
    if (q == 0) { /* rounded to zero: always tiny and inexact */
        *fl |= TF_FX_UF | TF_FX_NX;
        return ZERO(sign);
    }
    int Ef = msb64(q) + lsb;
    if (Ef > 127) return overflow(sign, rm, fl);
    if (inexact) {
        *fl |= TF_FX_NX;
        if (E < -126) {
            /* Tininess after rounding: would the result, rounded to 24 bits
             * with an unbounded exponent, still be below 2^-126? */
            bool tiny = true;
            if (E == -127) {
                bool ix;
                uint64_t q24 = rshift_round(m, (E - 23) - e, sign, rm, &ix);
                tiny = (q24 >> 24) == 0;
            }
            if (tiny) *fl |= TF_FX_UF;
        }
    }
    if (q < 0x800000u) return ZERO(sign) | (uint32_t)q; /* subnormal */
    return ZERO(sign) | ((uint32_t)(Ef + 127) << 23) | ((uint32_t)q & 0x7fffffu);
}

static uint32_t nan_result(uint32_t a, uint32_t b, unsigned *fl)
{
    if (f_issnan(a) || f_issnan(b)) *fl |= TF_FX_NV;
    return TF_F32_QNAN;
}

static uint32_t invalid(unsigned *fl)
{
    *fl |= TF_FX_NV;
    return TF_F32_QNAN;
}

/* Sum of two signed zeros, or an exact zero sum: +0 except toward -inf. */
static uint32_t zero_sum(int sa, int sb, int rm)
{
    if (sa == sb) return ZERO(sa);
    return ZERO(rm == TF_RM_RDN);
}

uint32_t sim_f32_add(uint32_t a, uint32_t b, int rm, unsigned *fl)
{
    if (f_isnan(a) || f_isnan(b)) return nan_result(a, b, fl);
    int sa = SIGN(a), sb = SIGN(b);
    if (f_isinf(a) || f_isinf(b)) {
        if (f_isinf(a) && f_isinf(b) && sa != sb) return invalid(fl);
        return f_isinf(a) ? a : b;
    }
    if (f_iszero(a) && f_iszero(b)) return zero_sum(sa, sb, rm);
    if (f_iszero(a)) return b;
    if (f_iszero(b)) return a;
    uint64_t ma, mb;
    int ea, eb;
    unpack(a, &ma, &ea);
    unpack(b, &mb, &eb);
    /* 38 guard bits, then align the smaller exponent with a sticky bit. */
    ma <<= 38;
    mb <<= 38;
    ea -= 38;
    eb -= 38;
    if (ea < eb) {
        uint64_t t = ma;
        ma = mb;
        mb = t;
        int te = ea;
        ea = eb;
        eb = te;
        int ts = sa;
        sa = sb;
        sb = ts;
    }
    int d = ea - eb;
    if (d >= 63)
        mb = mb != 0;
    else if (d > 0)
        mb = (mb >> d) | ((mb & ((1ull << d) - 1)) != 0);
    /* ma, mb now share exponent eb + d = ea. */
    if (sa == sb) return sim_f32_pack(sa, ea, ma + mb, rm, fl);
    if (ma == mb) return zero_sum(sa, sb, rm);
    if (ma > mb) return sim_f32_pack(sa, ea, ma - mb, rm, fl);
    return sim_f32_pack(sb, ea, mb - ma, rm, fl);
}

uint32_t sim_f32_sub(uint32_t a, uint32_t b, int rm, unsigned *fl)
{
    if (f_isnan(b)) return nan_result(a, b, fl);
    return sim_f32_add(a, b ^ 0x80000000u, rm, fl);
}

uint32_t sim_f32_mul(uint32_t a, uint32_t b, int rm, unsigned *fl)
{
    if (f_isnan(a) || f_isnan(b)) return nan_result(a, b, fl);
    int s = SIGN(a) ^ SIGN(b);
    if (f_isinf(a) || f_isinf(b)) {
        if (f_iszero(a) || f_iszero(b)) return invalid(fl);
        return INF(s);
    }
    if (f_iszero(a) || f_iszero(b)) return ZERO(s);
    uint64_t ma, mb;
    int ea, eb;
    unpack(a, &ma, &ea);
    unpack(b, &mb, &eb);
    return sim_f32_pack(s, ea + eb, ma * mb, rm, fl);
}

/* Shift a nonzero significand so its top bit is bit 23 (subnormals). */
static inline void normalize24(uint64_t *m, int *e)
{
    int sh = 23 - msb64(*m);
    *m <<= sh;
    *e -= sh;
}

uint32_t sim_f32_div(uint32_t a, uint32_t b, int rm, unsigned *fl)
{
    if (f_isnan(a) || f_isnan(b)) return nan_result(a, b, fl);
    int s = SIGN(a) ^ SIGN(b);
    if (f_isinf(a)) {
        if (f_isinf(b)) return invalid(fl);
        return INF(s);
    }
    if (f_isinf(b)) return ZERO(s);
    if (f_iszero(b)) {
        if (f_iszero(a)) return invalid(fl);
        *fl |= TF_FX_DZ;
        return INF(s);
    }
    if (f_iszero(a)) return ZERO(s);
    uint64_t ma, mb;
    int ea, eb;
    unpack(a, &ma, &ea);
    unpack(b, &mb, &eb);
    normalize24(&ma, &ea);
    normalize24(&mb, &eb);
    uint64_t n = ma << 40;
    uint64_t q = n / mb, r = n % mb;
    return sim_f32_pack(s, ea - eb - 41, (q << 1) | (r != 0), rm, fl);
}

static uint64_t isqrt64(uint64_t v, uint64_t *rem)
{
    uint64_t r = 0, bit = 1ull << 62;
    while (bit > v) bit >>= 2;
    while (bit) {
        if (v >= r + bit) {
            v -= r + bit;
            r = (r >> 1) + bit;
        } else {
            r >>= 1;
        }
        bit >>= 2;
    }
    *rem = v;
    return r;
}

uint32_t sim_f32_sqrt(uint32_t a, int rm, unsigned *fl)
{
    if (f_isnan(a)) return nan_result(a, a, fl);
    if (f_iszero(a)) return a;
    if (SIGN(a)) return invalid(fl);
    if (f_isinf(a)) return a;
    uint64_t m;
    int e;
    unpack(a, &m, &e);
    normalize24(&m, &e);
    if (e & 1) {
        m <<= 1;
        e -= 1;
    }
    uint64_t rem, r = isqrt64(m << 38, &rem);
    return sim_f32_pack(0, e / 2 - 19 - 1, (r << 1) | (rem != 0), rm, fl);
}

typedef unsigned __int128 u128;

uint32_t sim_f32_fma(uint32_t a, uint32_t b, uint32_t c, int rm, unsigned *fl)
{
    bool inf_times_zero = (f_isinf(a) && f_iszero(b)) || (f_iszero(a) && f_isinf(b));
    if (f_isnan(a) || f_isnan(b) || f_isnan(c)) {
        if (f_issnan(a) || f_issnan(b) || f_issnan(c) || inf_times_zero) *fl |= TF_FX_NV;
        return TF_F32_QNAN;
    }
    if (inf_times_zero) return invalid(fl);
    int sp = SIGN(a) ^ SIGN(b), sc = SIGN(c);
    if (f_isinf(a) || f_isinf(b)) {
        if (f_isinf(c) && sc != sp) return invalid(fl);
        return INF(sp);
    }
    if (f_isinf(c)) return c;
    if (f_iszero(a) || f_iszero(b)) {
        if (f_iszero(c)) return zero_sum(sp, sc, rm);
        return c;
    }
    uint64_t ma, mb, mc;
    int ea, eb, ec;
    unpack(a, &ma, &ea);
    unpack(b, &mb, &eb);
    if (f_iszero(c)) return sim_f32_pack(sp, ea + eb, ma * mb, rm, fl);
    unpack(c, &mc, &ec);
    /* Product (<= 48 bits) and addend in 128 bits with ample guard bits. */
    u128 P = (u128)(ma * mb) << 72, C = (u128)mc << 96;
    int ep = ea + eb - 72;
    ec -= 96;
    int e;
    if (ep >= ec) {
        int d = ep - ec;
        C = d >= 127 ? (C != 0) : (C >> d) | ((C & (((u128)1 << d) - 1)) != 0);
        e = ep;
    } else {
        int d = ec - ep;
        P = d >= 127 ? (P != 0) : (P >> d) | ((P & (((u128)1 << d) - 1)) != 0);
        e = ec;
    }
    u128 R;
    int s;
    if (sp == sc) {
        R = P + C;
        s = sp;
    } else if (P == C) {
        return zero_sum(sp, sc, rm);
    } else if (P > C) {
        R = P - C;
        s = sp;
    } else {
        R = C - P;
        s = sc;
    }
    /* Fold to 64 bits keeping a sticky bit; 24 + guard bits fit easily. */
    uint64_t hi = (uint64_t)(R >> 64);
    if (hi) {
        int sh = 64 - __builtin_clzll(hi) + 1; /* bits to drop so top lands at 62 */
        uint64_t lo = (uint64_t)(R & (((u128)1 << sh) - 1));
        R = (R >> sh) | (lo != 0);
        e += sh;
    }
    return sim_f32_pack(s, e, (uint64_t)R, rm, fl);
}

/* Round a finite value to an integer magnitude; returns false if it does not
 * fit in 33 bits (always out of range for 32-bit results). */
static bool to_int_mag(uint32_t a, int rm, uint64_t *mag, bool *inexact)
{
    if (f_iszero(a)) {
        *mag = 0;
        *inexact = false;
        return true;
    }
    uint64_t m;
    int e;
    unpack(a, &m, &e);
    if (e > 8) return false; /* >= 2^32 */
    *mag = rshift_round(m, -e, SIGN(a), rm, inexact);
    return true;
}

int32_t sim_f32_to_i32(uint32_t a, int rm, unsigned *fl)
{
    if (f_isnan(a)) {
        *fl |= TF_FX_NV;
        return INT32_MAX;
    }
    int s = SIGN(a);
    uint64_t mag;
    bool inexact;
    if (f_isinf(a) || !to_int_mag(a, rm, &mag, &inexact) ||
        mag > (s ? 0x80000000ull : 0x7fffffffull)) {
        *fl |= TF_FX_NV;
        return s ? INT32_MIN : INT32_MAX;
    }
    if (inexact) *fl |= TF_FX_NX;
    return s ? (int32_t)(0u - (uint32_t)mag) : (int32_t)mag;
}

uint32_t sim_f32_to_u32(uint32_t a, int rm, unsigned *fl)
{
    if (f_isnan(a)) {
        *fl |= TF_FX_NV;
        return UINT32_MAX;
    }
    int s = SIGN(a);
    uint64_t mag;
    bool inexact;
    if (f_isinf(a) || !to_int_mag(a, rm, &mag, &inexact) || (s && mag != 0) ||
        mag > 0xffffffffull) {
        *fl |= TF_FX_NV;
        return s ? 0 : UINT32_MAX;
    }
    if (inexact) *fl |= TF_FX_NX;
    return (uint32_t)mag;
}

uint32_t sim_f32_from_i32(int32_t v, int rm, unsigned *fl)
{
    int s = v < 0;
    uint64_t m = s ? (uint64_t)(0u - (uint32_t)v) : (uint64_t)v;
    return sim_f32_pack(s, 0, m, rm, fl);
}

uint32_t sim_f32_from_u32(uint32_t v, int rm, unsigned *fl)
{
    return sim_f32_pack(0, 0, v, rm, fl);
}

/* Total order on non-NaN values where -0 == +0: returns <0, 0, >0. */
static int cmp_ordered(uint32_t a, uint32_t b)
{
    if (f_iszero(a) && f_iszero(b)) return 0;
    int32_t ka = SIGN(a) ? -(int32_t)(a & 0x7fffffffu) : (int32_t)a;
    int32_t kb = SIGN(b) ? -(int32_t)(b & 0x7fffffffu) : (int32_t)b;
    return (ka > kb) - (ka < kb);
}

int sim_f32_eq(uint32_t a, uint32_t b, unsigned *fl)
{
    if (f_isnan(a) || f_isnan(b)) {
        if (f_issnan(a) || f_issnan(b)) *fl |= TF_FX_NV;
        return 0;
    }
    return cmp_ordered(a, b) == 0;
}

int sim_f32_lt(uint32_t a, uint32_t b, unsigned *fl)
{
    if (f_isnan(a) || f_isnan(b)) {
        *fl |= TF_FX_NV;
        return 0;
    }
    return cmp_ordered(a, b) < 0;
}

int sim_f32_le(uint32_t a, uint32_t b, unsigned *fl)
{
    if (f_isnan(a) || f_isnan(b)) {
        *fl |= TF_FX_NV;
        return 0;
    }
    return cmp_ordered(a, b) <= 0;
}

/* IEEE 754-2019 minimumNumber/maximumNumber as the F extension (v2.2) uses:
 * a NaN operand yields the other one, -0 orders below +0. */
static uint32_t minmax(uint32_t a, uint32_t b, bool want_max, unsigned *fl)
{
    if (f_issnan(a) || f_issnan(b)) *fl |= TF_FX_NV;
    if (f_isnan(a) && f_isnan(b)) return TF_F32_QNAN;
    if (f_isnan(a)) return b;
    if (f_isnan(b)) return a;
    if (f_iszero(a) && f_iszero(b)) {
        bool a_neg = SIGN(a);
        if (want_max) return a_neg ? b : a;
        return a_neg ? a : b;
    }
    int c = cmp_ordered(a, b);
    if (want_max) return c >= 0 ? a : b;
    return c <= 0 ? a : b;
}

uint32_t sim_f32_min(uint32_t a, uint32_t b, unsigned *fl)
{
    return minmax(a, b, false, fl);
}

uint32_t sim_f32_max(uint32_t a, uint32_t b, unsigned *fl)
{
    return minmax(a, b, true, fl);
}

uint32_t sim_f32_classify(uint32_t a)
{
    int s = SIGN(a);
    uint32_t ef = EXPF(a), fr = FRAC(a);
    if (ef == 0xff) {
        if (fr == 0) return s ? 1u << 0 : 1u << 7;
        return (fr & 0x400000u) ? 1u << 9 : 1u << 8;
    }
    if (ef == 0) {
        if (fr == 0) return s ? 1u << 3 : 1u << 4;
        return s ? 1u << 2 : 1u << 5;
    }
    return s ? 1u << 1 : 1u << 6;
}
