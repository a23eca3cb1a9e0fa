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

#endif
