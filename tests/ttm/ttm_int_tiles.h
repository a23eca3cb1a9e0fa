/* What the tests of tiles of any CB format share (test_ttm_sfpu_int,
 * test_ttm_sfpu_reduce): row-major 32-bit words to and from a tile's
 * bytes in face order (the integer formats, Float16_b as fp32 bits'
 * high half), and one dispatch of a compute kernel on n such tiles in
 * CB 0 (cb_loader), CB 16's one tile back (tile_writer16). */
#ifndef TF_TTM_INT_TILES_H
#define TF_TTM_INT_TILES_H

#include "tf_perf.h"
#include "tf_tile.h"
#include "ttm_test.h"

/* Element (r, c)'s index in a tile's face order (four 16 x 16 faces,
 * row-major in each): the independent statement of the layout. */
static inline uint32_t ttm_face_index(uint32_t r, uint32_t c)
{
    return (r / 16 * 2 + c / 16) * 256 + (r % 16) * 16 + c % 16;
}

static inline uint32_t ttm_elem_bytes(uint32_t df)
{
    return df == TF_DF_UINT8 ? 1 : df == TF_DF_UINT16 || df == TF_DF_FLOAT16_B ? 2 : 4;
}

/* Row-major 32-bit words -> a tile of format df (UInt16: the low 16 bits,
 * UInt8 the low 8; Float16_b: the high 16 bits, the words being fp32
 * bits) and back. */
static inline void ttm_to_tile(const uint32_t *v, uint32_t df, uint8_t *t)
{
    uint32_t es = ttm_elem_bytes(df);
    for (uint32_t r = 0; r < TF_TILE_DIM; r++)
        for (uint32_t c = 0; c < TF_TILE_DIM; c++) {
            uint32_t w = v[r * TF_TILE_DIM + c], i = ttm_face_index(r, c);
            if (es == 4) {
                memcpy(t + 4 * i, &w, 4);
            } else if (es == 1) {
                t[i] = (uint8_t)w;
            } else {
                uint16_t h = (uint16_t)(df == TF_DF_FLOAT16_B ? w >> 16 : w);
                memcpy(t + 2 * i, &h, 2);
            }
        }
}

static inline void ttm_from_tile(const uint8_t *t, uint32_t df, uint32_t *v)
{
    uint32_t es = ttm_elem_bytes(df);
    for (uint32_t r = 0; r < TF_TILE_DIM; r++)
        for (uint32_t c = 0; c < TF_TILE_DIM; c++) {
            uint32_t i = ttm_face_index(r, c), w = 0;
            if (es == 4) {
                memcpy(&w, t + 4 * i, 4);
            } else if (es == 1) {
                w = t[i];
            } else {
                uint16_t h;
                memcpy(&h, t + 2 * i, 2);
                w = df == TF_DF_FLOAT16_B ? (uint32_t)h << 16 : h;
            }
            v[r * TF_TILE_DIM + c] = w;
        }
}

/* One dispatch of compute kernel cmp (freed here) on core (0, 0): the n
 * tiles at xs[k] (row-major words) in CB 0 of format in_df, CB 16 of
 * format out_df, the kernel's runtime args cargs[0..ncargs). 0 with CB
 * 16's tile in out and the counters in pc, or the failure (err). */
static inline int ttm_int_dispatch(tf_device *dev, tf_kernel *cmp, uint32_t in_df, uint32_t out_df,
                                   const uint32_t *const *xs, uint32_t n, const uint32_t *cargs,
                                   uint32_t ncargs, uint32_t *out, tf_perf_core *pc, char *err,
                                   size_t errcap)
{
    uint32_t pin = TF_TILE_ELEMS * ttm_elem_bytes(in_df);
    uint32_t pout = TF_TILE_ELEMS * ttm_elem_bytes(out_df);
    static uint8_t tiles[2 * TF_TILE_FP32], tout[TF_TILE_FP32];
    if (n > 2) n = 2;
    for (uint32_t k = 0; k < n; k++) ttm_to_tile(xs[k], in_df, tiles + k * pin);
    tf_buffer *din = MUST_PTR(tf_buffer_create_dram(dev, n * pin));
    tf_buffer *dout = MUST_PTR(tf_buffer_create_dram(dev, pout));
    MUST(tf_buffer_write(din, 0, tiles, n * pin));
    ttm_trio t = ttm_trio_create(dev, (tf_core){0, 0}, NULL, cmp);
    MUST(tf_program_set_cb_format(t.p, 0, (tf_data_format)in_df, n));
    MUST(tf_program_set_cb_format(t.p, 16, (tf_data_format)out_df, 1));
    int rc = ttm_trio_run(&t, din, n, dout, 1, cargs, ncargs, err, errcap);
    if (!rc) {
        MUST(tf_buffer_read(dout, 0, tout, pout));
        ttm_from_tile(tout, out_df, out);
        MUST(tf_program_counters(t.p, pc));
    }
    ttm_trio_free(&t);
    tf_buffer_free(din);
    tf_buffer_free(dout);
    return rc;
}

#endif
