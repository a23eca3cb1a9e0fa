/* The tile layout's arithmetic, shared by the simulator's tile engine, the
 * host's tile helpers (tt_foil/tile.h) and the kernels' DPRINT of tiles
 * (device/tt-metal/api/debug/dprint_tile.h): where element (r, c) of a
 * 32x32 tile lives (four 16x16 faces, each row-major), bf16 <-> fp32, and
 * the block floats' codec. C and C++, host and RV32 (no libc: the
 * compiler's memcpy builtin). */
#ifndef TF_TILE_LAYOUT_H
#define TF_TILE_LAYOUT_H

#include <stdint.h>

/* Index of element (r, c) of a tile, in elements from the tile's start. */
static inline uint32_t tf_tile_elem(uint32_t r, uint32_t c)
{
    uint32_t face = (r / 16) * 2 + c / 16;
    return face * 256 + (r % 16) * 16 + c % 16;
}

/* Round to nearest even; NaNs stay NaN (quiet). */
static inline uint16_t tf_bf16_round(float v)
{
    uint32_t w;
    __builtin_memcpy(&w, &v, 4);
    if ((w & 0x7fffffffu) > 0x7f800000u) return (uint16_t)((w >> 16) | 0x40);
    w += 0x7fffu + ((w >> 16) & 1);
    return (uint16_t)(w >> 16);
}

static inline float tf_bf16_widen(uint16_t v)
{
    uint32_t w = (uint32_t)v << 16;
    float f;
    __builtin_memcpy(&f, &w, 4);
    return f;
}

/* Truncate to bf16 (the vector unit's store into a 16-bit DEST); NaNs
 * stay NaN. */
static inline float tf_bf16_trunc(float v)
{
    uint32_t w;
    __builtin_memcpy(&w, &v, 4);
    if ((w & 0x7fffffffu) > 0x7f800000u) w |= 0x00400000u;
    w &= 0xffff0000u;
    __builtin_memcpy(&v, &w, 4);
    return v;
}

/* Float16 (IEEE 754 binary16: 1 sign, 5 exponent, 10 mantissa bits) <->
 * fp32 (docs/chip.md, "Data formats"). Widening is exact (subnormals,
 * inf, NaN and its payload's top 10 bits kept). Narrowing rounds to
 * nearest even as IEEE 754 does: magnitudes from 65520 up become inf,
 * those below 2^-14 halfs' subnormals (steps of 2^-24), a NaN stays a
 * quiet NaN keeping its payload's top bits. No public source says what
 * the packer does; this is IEEE's rule. */
static inline uint16_t tf_fp16_round(float v)
{
    uint32_t w;
    __builtin_memcpy(&w, &v, 4);
    uint32_t sign = (w >> 16) & 0x8000u, a = w & 0x7fffffffu;
    if (a > 0x7f800000u) return (uint16_t)(sign | 0x7e00u | ((a >> 13) & 0x3ffu));
    if (a >= 0x477ff000u) return (uint16_t)(sign | 0x7c00u); /* 65520 (a tie) and up: inf */
    uint32_t e = a >> 23, sig = (a & 0x7fffffu) | (e ? 0x800000u : 0), shift, q;
    if (e >= 113) { /* a normal half: 13 bits go, the exponent rebiased */
        shift = 13;
        sig = a - (112u << 23); /* ((e - 112) << 23 | mantissa): rounding carries into e */
    } else {                    /* a subnormal half: value / 2^-24 */
        shift = 126 - e;
        if (!e || shift > 24) return (uint16_t)sign;
    }
    uint32_t rem = sig & ((1u << shift) - 1), half = 1u << (shift - 1);
    q = sig >> shift;
    if (rem > half || (rem == half && (q & 1))) q++;
    return (uint16_t)(sign | q);
}

static inline float tf_fp16_widen(uint16_t h)
{
    uint32_t sign = (uint32_t)(h & 0x8000u) << 16, e = (h >> 10) & 0x1f, m = h & 0x3ffu, w;
    if (e == 31)
        w = sign | 0x7f800000u | m << 13;
    else if (e)
        w = sign | (e + 112) << 23 | m << 13;
    else if (!m)
        w = sign;
    else { /* subnormal: m x 2^-24, normal in fp32 */
        int p = 9;
        while (!(m >> p)) p--;
        w = sign | (uint32_t)(p + 103) << 23 | ((m << (23 - p)) & 0x7fffffu);
    }
    float f;
    __builtin_memcpy(&f, &w, 4);
    return f;
}

/* Fp8_e4m3 (tt-metal's DataFormat::Fp8_e4m3, Blackhole only): one byte a
 * value, 1 sign, 4 exponent (bias 7), 3 mantissa bits. The rules are
 * tt-metal's host conversion (tt_metal/impl/data_format/float8.cpp), which
 * follows the hardware: exponent 15 is NaN whatever the mantissa (there is
 * no inf), so the largest finite value is 0x77 = 240, not OCP e4m3fn's
 * 448; exponent 0 is zero (the hardware has no fp8 subnormals). Narrowing:
 * round to nearest even on the 3 mantissa bits; a magnitude whose exponent
 * (before rounding) lies below 2^-6 gives a signed zero (no rounding up to
 * the smallest normal), as do fp32 subnormals; inf, and anything rounding
 * beyond 240, saturates to +-240 (0x77 with its sign); a NaN becomes 0x7f.
 * Widening is exact, any exponent-15 code gives the quiet NaN 0x7fc00000. */
static inline uint8_t tf_fp8_round(float v)
{
    uint32_t w;
    __builtin_memcpy(&w, &v, 4);
    uint8_t sign = (uint8_t)(w >> 24 & 0x80);
    uint32_t a = w & 0x7fffffffu, e = a >> 23;
    if (a > 0x7f800000u) return 0x7f;
    if (e < 127 - 6) return sign; /* below 2^-6 (fp32 subnormals and 0 too): +-0 */
    if (e > 127 + 7) return sign | 0x77;
    /* (e - 120) << 3 | mantissa's top 3, then round: a carry moves the exponent */
    uint32_t q = (e - 120) << 3 | (a >> 20 & 7), rem = a & 0xfffffu;
    if (rem > 0x80000u || (rem == 0x80000u && (q & 1))) q++;
    return (uint8_t)(sign | (q > 0x77 ? 0x77 : q));
}

static inline float tf_fp8_widen(uint8_t b)
{
    uint32_t e = b >> 3 & 15, w;
    if (e == 15)
        w = 0x7fc00000u;
    else if (!e)
        w = (uint32_t)(b & 0x80) << 24;
    else
        w = (uint32_t)(b & 0x80) << 24 | (e + 120) << 23 | (uint32_t)(b & 7) << 20;
    float f;
    __builtin_memcpy(&f, &w, 4);
    return f;
}

/* The block floats Bfp8_b, Bfp4_b and Bfp2_b (docs/chip.md, "Data
 * formats"), one codec by the width W of a value's magnitude (7, 3, 1):
 * a block of 16 values shares one 8-bit exponent E, the largest biased
 * exponent among them; each value keeps a sign and a W-bit magnitude m
 * (the hidden one made explicit), value = m x 2^(E - 127 - (W - 1)). m is
 * the value's 24-bit significand shifted right by E - e + 24 - W, rounded
 * to nearest even, at most 2^W - 1 (tt-metal's host conversion,
 * tt_metal/impl/data_format/blockfloat_common.cpp convert_u32_to_bfp).
 * Subnormal inputs count as zero. A block holding inf or NaN gets E = 255:
 * inf is m = 2^(W - 1) (with its sign), NaN m = 2^W - 1 (sign 0), every
 * finite value of it 0; with W = 1 the two codes coincide and a NaN packs
 * as +inf (tt-metal's decoder reads E = 255, m = 1 as inf). A value's
 * code: its sign in bit W, m below. */
#define TF_BFP8_SPECIAL 255
#define TF_BFP8_BITS    7 /* Bfp8_b's magnitude bits (Bfp4_b 3, Bfp2_b 1) */

static inline void tf_bfp_encode(const float v[16], unsigned mw, uint8_t *exp, uint8_t m[16])
{
    uint32_t w[16], e_max = 0, top = (1u << mw) - 1;
    int special = 0;
    for (int i = 0; i < 16; i++) {
        __builtin_memcpy(&w[i], &v[i], 4);
        uint32_t e = (w[i] >> 23) & 0xff;
        if (e == 0xff) special = 1;
        if (e > e_max) e_max = e;
    }
    *exp = special ? TF_BFP8_SPECIAL : (uint8_t)e_max;
    for (int i = 0; i < 16; i++) {
        uint32_t e = (w[i] >> 23) & 0xff, sign = (w[i] >> 31) << mw, q = 0;
        if (special) {
            q = e != 0xff ? 0 : (w[i] & 0x7fffff) ? top : 1u << (mw - 1);
            if (e == 0xff && (w[i] & 0x7fffff)) sign = 0;
        } else if (e != 0) {
            uint32_t sig = (w[i] & 0x7fffff) | 0x800000, shift = e_max - e + 24 - mw;
            if (shift <= 24) {
                uint32_t rem = sig & ((1u << shift) - 1), half = 1u << (shift - 1);
                q = sig >> shift;
                if (rem > half || (rem == half && (q & 1))) q++;
                if (q > top) q = top;
            }
        }
        m[i] = (uint8_t)(sign | q);
    }
}

static inline float tf_bfp_decode(uint8_t exp, uint8_t m, unsigned mw)
{
    uint32_t sign = (uint32_t)(m >> mw & 1) << 31, mag = m & ((1u << mw) - 1), w;
    if (exp == TF_BFP8_SPECIAL)
        w = mag == 0 ? sign : mag == 1u << (mw - 1) ? sign | 0x7f800000u : 0x7fc00000u;
    else if (mag == 0 || exp == 0)
        w = sign;
    else {
        int p = (int)mw - 1;
        while (!(mag >> p)) p--;
        int be = p + exp - ((int)mw - 1); /* biased exponent of the result */
        if (be >= 1)
            w = sign | (uint32_t)be << 23 | ((mag << (23 - p)) & 0x7fffffu);
        else
            w = sign | mag << (exp + 23 - mw); /* subnormal: mag x 2^(exp - 127 - (mw - 1)) */
    }
    float f;
    __builtin_memcpy(&f, &w, 4);
    return f;
}

static inline void tf_bfp8_encode(const float v[16], uint8_t *exp, uint8_t m[16])
{
    tf_bfp_encode(v, TF_BFP8_BITS, exp, m);
}

static inline float tf_bfp8_decode(uint8_t exp, uint8_t m)
{
    return tf_bfp_decode(exp, m, TF_BFP8_BITS);
}

/* A tile in a block float of magnitude width mw: 64 exponent bytes (one
 * a block of 16 = one face row, in face order), then the values' codes of
 * mw + 1 bits each, in face order, packed from each byte's low bits up
 * (element 2k of Bfp4_b in byte k's low nibble: tt-metal's
 * create_packed_bfp_packed_as_u32 puts element 0 in a word's low bits,
 * unpack_bfp4_tiles_into_float_vec reads it so). Element i (a multiple of
 * 16) starts the block whose exponent is byte i / 16. */
static inline uint32_t tf_bfp_tile_bytes(unsigned mw)
{
    return 64 + 1024 * (mw + 1) / 8;
}

static inline void tf_bfp_pack_row(const float v[16], unsigned mw, uint32_t i, uint8_t *tile)
{
    uint8_t m[16];
    tf_bfp_encode(v, mw, &tile[i / 16], m);
    uint8_t *dst = tile + 64 + i * (mw + 1) / 8;
    if (mw == TF_BFP8_BITS) {
        __builtin_memcpy(dst, m, 16);
        return;
    }
    unsigned per = 8 / (mw + 1); /* codes a byte */
    for (unsigned b = 0; b < 16 / per; b++) {
        uint8_t byte = 0;
        for (unsigned k = 0; k < per; k++) byte |= (uint8_t)(m[b * per + k] << (k * (mw + 1)));
        dst[b] = byte;
    }
}

/* A row's 16 codes of width mw + 1 (a constant where it is inlined). */
static inline void tf_bfp_codes(const uint8_t *src, unsigned mw, uint8_t m[16])
{
    unsigned per = 8 / (mw + 1), mask = (1u << (mw + 1)) - 1;
    for (unsigned k = 0; k < 16; k++) m[k] = (uint8_t)(src[k / per] >> (k % per * (mw + 1)) & mask);
}

/* The row's values (tf_bfp_decode of each code). A row whose exponent E
 * is at least mw and not 255 (every row of ordinary data) has only zeros
 * and normal values: a magnitude m converted to fp32 is m's bits already
 * normalized (2^p, exponent p + 127), so the value's bits are those with
 * E - 127 - (mw - 1) added to the exponent field, and its sign; no loop
 * finds each value's top bit (the decode of the rows of Bfp4_b weights
 * was half of a decode workload's host time). The other rows (specials,
 * subnormal results) go value by value. */
static inline void tf_bfp_row_decode(const uint8_t *tile, unsigned mw, uint32_t i, float v[16])
{
    uint8_t e = tile[i / 16], m[16];
    tf_bfp_codes(tile + 64 + i * (mw + 1) / 8, mw, m);
    if (e == TF_BFP8_SPECIAL || e < mw) {
        for (unsigned k = 0; k < 16; k++) v[k] = tf_bfp_decode(e, m[k], mw);
        return;
    }
    uint32_t shift = (uint32_t)(e - 127 - ((int)mw - 1)) << 23, mask = (1u << mw) - 1;
    for (unsigned k = 0; k < 16; k++) {
        uint32_t mag = m[k] & mask, w;
        float f = (float)mag;
        __builtin_memcpy(&w, &f, 4);
        w = (mag ? w + shift : 0) | (uint32_t)(m[k] >> mw) << 31;
        __builtin_memcpy(&v[k], &w, 4);
    }
}

static inline void tf_bfp_unpack_row(const uint8_t *tile, unsigned mw, uint32_t i, float v[16])
{
    switch (mw) { /* each width its own constants */
    case 7: tf_bfp_row_decode(tile, 7, i, v); break;
    case 3: tf_bfp_row_decode(tile, 3, i, v); break;
    case 1: tf_bfp_row_decode(tile, 1, i, v); break;
    default: tf_bfp_row_decode(tile, mw, i, v); break;
    }
}

/* The exponent-A block floats Bfp8, Bfp4 and Bfp2 (no _b): the same
 * tile layout and magnitude widths as the _b forms, but the shared
 * exponent is 5 bits, biased 15 (value = m x 2^(E - 15 - (W - 1))).
 * tt-metal's host packing (tt_metal/impl/data_format/blockfloat_common.cpp,
 * get_max_exp and convert_u32_to_bfp with is_exp_a) rebiases each value's
 * exponent from 127 to 15 first: above 31 it saturates (exponent 31, all
 * mantissa ones: the block's largest magnitude), then the _b rule applies
 * (E the largest rebiased exponent, shift, round to nearest even,
 * saturate). So inf and NaN saturate to +-(2^W - 1) x 2^(17 - W) with their
 * sign: the format has no specials. Ours (tt-metal's host code differs):
 * a value below 2^-15 (rebiased below 0) gives 0 (the host code clears
 * its mantissa but keeps the hidden one, making it 2^-15), and the zero
 * codes keep their sign as the _b codec's do. On unpack only the exponent
 * byte's low 5 bits count. The codec is the _b one on values rebiased into
 * fp32's exponents 112..143 (A's 0..31), every one a normal fp32. */
#define TF_BFPA_REBIAS 112u /* fp32's bias minus A's, 127 - 15 */

static inline float tf_bfpa_prep(float v)
{
    uint32_t w, e;
    __builtin_memcpy(&w, &v, 4);
    e = w >> 23 & 0xff;
    if (e < TF_BFPA_REBIAS)
        w &= 0x80000000u;
    else if (e > TF_BFPA_REBIAS + 31)
        w = (w & 0x80000000u) | (TF_BFPA_REBIAS + 31) << 23 | 0x7fffffu;
    __builtin_memcpy(&v, &w, 4);
    return v;
}

static inline void tf_bfpa_pack_row(const float v[16], unsigned mw, uint32_t i, uint8_t *tile)
{
    float p[16];
    for (int k = 0; k < 16; k++) p[k] = tf_bfpa_prep(v[k]);
    tf_bfp_pack_row(p, mw, i, tile);
    uint8_t e = tile[i / 16]; /* 0 (all zeros) or 112..143 */
    tile[i / 16] = (uint8_t)(e ? e - TF_BFPA_REBIAS : 0);
}

static inline void tf_bfpa_unpack_row(const uint8_t *tile, unsigned mw, uint32_t i, float v[16])
{
    uint8_t m[16], e = (uint8_t)((tile[i / 16] & 31) + TF_BFPA_REBIAS);
    tf_bfp_codes(tile + 64 + i * (mw + 1) / 8, mw, m);
    for (int k = 0; k < 16; k++) v[k] = tf_bfp_decode(e, m[k], mw);
}

#endif
