/* Gathering activation rows into a tile. Activations live in DRAM as
 * pixels of 32 bf16 channels (CNN_PIXEL_BYTES, HWC); a tile's row r is one pixel,
 * its 32 columns the channels, split over two faces (channels 0-15 and
 * 16-31, tf_tile.h). */
#ifndef CNN_ACT_GATHER_H
#define CNN_ACT_GATHER_H

#include "cnn_args.h"
#include "dataflow_api.h"

/* L1 address of the first / second half of row r of the bf16 tile at t. */
static inline uint32_t row_half(uint32_t t, uint32_t r, uint32_t half)
{
    return t + ((r / 16) * 2 + half) * 512 + (r % 16) * 32;
}

/* Row r of the tile at t from the pixel at NOC address src. */
static inline void gather_row(uint32_t t, uint32_t r, uint64_t src)
{
    noc_async_read(src, row_half(t, r, 0), 32);
    noc_async_read(src + 32, row_half(t, r, 1), 32);
}

/* Row r of the tile at t set to zero (padding). */
static inline void zero_row(uint32_t t, uint32_t r)
{
    for (uint32_t h = 0; h < 2; h++) {
        volatile uint32_t *w = (volatile uint32_t *)row_half(t, r, h);
        for (int i = 0; i < 8; i++) w[i] = 0;
    }
}

/* Row r of the tile at t to the pixel at NOC address dst. */
static inline void scatter_row(uint32_t t, uint32_t r, uint64_t dst)
{
    noc_async_write(row_half(t, r, 0), dst, 32);
    noc_async_write(row_half(t, r, 1), dst + 32, 32);
}

/* The 64-bit argument in slots i (low word) and i + 1, as CNN_ARG64
 * (cnn_args.h) fills them. */
static inline uint64_t arg64(uint32_t i)
{
    return ((uint64_t)get_arg_val(i + 1) << 32) | get_arg_val(i);
}

#endif
