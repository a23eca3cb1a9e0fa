/* What the tests of the SFPU ops between DEST tiles share (test_ttm_sfpu_binary,
 * test_ttm_sfpu_ternary): one dispatch of a compute kernel on tiles the
 * cb_loader puts in CB 0 all at once (fp32 bit patterns and the two stores
 * of a 16-bit DEST: ttm_test.h's ttm_bf16_trunc, ...). */
#ifndef TF_TTM_SFPU_H
#define TF_TTM_SFPU_H

#include "tf_perf.h"
#include "tf_tile.h"
#include "tt_foil/tile.h"
#include "ttm_test.h"

#include <math.h>

/* One dispatch of compute kernel cmp (kept: the caller frees it) on core
 * (0, 0): the cb_loader puts the n row-major 32 x 32 tiles of in into CB 0
 * (fp32 tiles, or bf16 ones: fp32 0), the kernel gets the runtime args
 * cargs[0..ncargs), tile_writer16 writes CB 16's tile back. Returns 0 with
 * the tile (row-major) in out and the core's counters in pc, or the
 * failure, its message in err. */
static inline int ttm_sfpu_dispatch(tf_device *dev, tf_kernel *cmp, int fp32, const float *in,
                                    uint32_t n, const uint32_t *cargs, uint32_t ncargs, float *out,
                                    tf_perf_core *pc, char *err, size_t errcap)
{
    enum { D = TF_TILE_DIM };
    tf_tile_format f = fp32 ? TF_TILE_FORMAT_FP32 : TF_TILE_FORMAT_BF16;
    uint32_t page = tf_tile_bytes(f);
    tf_buffer *din = rt_dram_tiles(dev, in, n * D, D, f);
    tf_buffer *dout = MUST_PTR(tf_buffer_create_dram(dev, page));
    ttm_trio t = ttm_trio_create(dev, (tf_core){0, 0}, NULL, cmp);
    tf_program *p = t.p;
    MUST(tf_program_set_cb(p, 0, page, n));
    MUST(tf_program_set_cb(p, 16, page, 1));
    int rc = ttm_trio_run(&t, din, n, dout, 1, cargs, ncargs, err, errcap);
    if (!rc) {
        static uint8_t tile[TF_TILE_FP32];
        MUST(tf_buffer_read(dout, 0, tile, page));
        MUST(tf_untilize(tile, D, D, f, out));
        MUST(tf_program_counters(p, pc));
    }
    t.cmp = NULL; /* the caller's */
    ttm_trio_free(&t);
    tf_buffer_free(din);
    tf_buffer_free(dout);
    return rc;
}

/* Compute kernel `name` (tests/ttm/kernels/<name>.cpp) built with the
 * defines defs[0..ndefs) on two tiles, x into CB 0's first and y its
 * second (E = 1024 values each, row-major), through ttm_sfpu_dispatch:
 * 0 with CB 16's tile in out and the counters in pc, or the failure. */
static inline int ttm_sfpu_xy(tf_device *dev, const char *name, const char *const *defs,
                              uint32_t ndefs, int fp32, const float *x, const float *y, float *out,
                              tf_perf_core *pc, char *err, size_t errcap)
{
    enum { N = TF_TILE_DIM * TF_TILE_DIM };
    tf_kernel *cmp = ttm_compute(dev, name, defs, ndefs, fp32);
    static float xy[2 * N];
    memcpy(xy, x, sizeof(float) * N);
    memcpy(xy + N, y, sizeof(float) * N);
    int rc = ttm_sfpu_dispatch(dev, cmp, fp32, xy, 2, NULL, 0, out, pc, err, errcap);
    tf_kernel_free(cmp);
    return rc;
}

#endif
