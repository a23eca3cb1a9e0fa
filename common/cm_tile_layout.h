/* The tile layout's arithmetic, shared by the simulator's tile engine and
 * the host's tile helpers (tt_foil/tile.h): where element (r, c) of a
 * 32x32 tile lives (four 16x16 faces, each row-major), and bf16 <-> fp32. */
#ifndef TF_TILE_LAYOUT_H
#define TF_TILE_LAYOUT_H

#include <stdint.h>
#include <string.h>

/* Index of element (r, c) of a tile, in elements from the tile's start. */
static inline uint32_t cm_tile_elem(uint32_t r, uint32_t c)
{
    uint32_t face = (r / 16) * 2 + c / 16;
    return face * 256 + (r % 16) * 16 + c % 16;
}

/* Round to nearest even; NaNs stay NaN (quiet). */
static inline uint16_t cm_bf16_round(float v)
{
    uint32_t w;
    memcpy(&w, &v, 4);
    if ((w & 0x7fffffffu) > 0x7f800000u) return (uint16_t)((w >> 16) | 0x40);
    w += 0x7fffu + ((w >> 16) & 1);
    return (uint16_t)(w >> 16);
}

static inline float cm_bf16_widen(uint16_t v)
{
    uint32_t w = (uint32_t)v << 16;
    float f;
    memcpy(&f, &w, 4);
    return f;
}

/* Truncate to bf16 (the vector unit's store into a 16-bit DEST); NaNs
 * stay NaN. */
static inline float cm_bf16_trunc(float v)
{
    uint32_t w;
    memcpy(&w, &v, 4);
    if ((w & 0x7fffffffu) > 0x7f800000u) w |= 0x00400000u;
    w &= 0xffff0000u;
    memcpy(&v, &w, 4);
    return v;
}

/* Bfp8_b (docs/chip.md, "Data formats"): a block of 16 values shares one
 * 8-bit exponent E, the largest biased exponent among them; each value
 * keeps a sign and a 7-bit magnitude m (the hidden one made explicit),
 * value = m x 2^(E - 133). m is the value's 24-bit significand shifted
 * right by E - e + 17, rounded to nearest even, at most 127. Subnormal
 * inputs count as zero. A block holding inf or NaN gets E = 255: inf is
 * m = 64 (with its sign), NaN m = 127, every finite value of it 0. */
#define CM_BFP8_SPECIAL 255

static inline void cm_bfp8_encode(const float v[16], uint8_t *exp, uint8_t m[16])
{
    uint32_t w[16], e_max = 0;
    int special = 0;
    for (int i = 0; i < 16; i++) {
        memcpy(&w[i], &v[i], 4);
        uint32_t e = (w[i] >> 23) & 0xff;
        if (e == 0xff) special = 1;
        if (e > e_max) e_max = e;
    }
    *exp = special ? CM_BFP8_SPECIAL : (uint8_t)e_max;
    for (int i = 0; i < 16; i++) {
        uint32_t e = (w[i] >> 23) & 0xff, sign = (w[i] >> 24) & 0x80, q = 0;
        if (special) {
            q = e != 0xff ? 0 : (w[i] & 0x7fffff) ? 127 : 64;
            if (q == 127) sign = 0;
        } else if (e != 0) {
            uint32_t sig = (w[i] & 0x7fffff) | 0x800000, shift = e_max - e + 17;
            if (shift <= 24) {
                uint32_t rem = sig & ((1u << shift) - 1), half = 1u << (shift - 1);
                q = sig >> shift;
                if (rem > half || (rem == half && (q & 1))) q++;
                if (q > 127) q = 127;
            }
        }
        m[i] = (uint8_t)(sign | q);
    }
}

static inline float cm_bfp8_decode(uint8_t exp, uint8_t m)
{
    uint32_t sign = (uint32_t)(m & 0x80) << 24, mag = m & 0x7f, w;
    if (exp == CM_BFP8_SPECIAL)
        w = mag == 0 ? sign : mag == 64 ? sign | 0x7f800000u : 0x7fc00000u;
    else if (mag == 0 || exp == 0)
        w = sign;
    else {
        int p = 6;
        while (!(mag >> p)) p--;
        int be = p + exp - 6; /* biased exponent of the result */
        if (be >= 1)
            w = sign | (uint32_t)be << 23 | ((mag << (23 - p)) & 0x7fffffu);
        else
            w = sign | mag << (exp + 16); /* subnormal: mag x 2^(exp - 133) */
    }
    float f;
    memcpy(&f, &w, 4);
    return f;
}

#endif
