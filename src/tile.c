/* Tile layout helpers (tt_foil/tile.h): the host side of the layout the
 * simulator's tile engine (sim/tile.c) reads and writes. */
#include "cm_err.h"
#include "cm_tile_layout.h"
#include "tf_tile.h"
#include "tt_foil/tile.h"

#include <string.h>

uint32_t tf_tile_bytes(tf_tile_format f)
{
    return f == TF_TILE_FORMAT_BF16 ? TF_TILE_BF16 : TF_TILE_FP32;
}

uint32_t tf_tile_count(uint32_t n)
{
    return (n + TF_TILE_DIM - 1) / TF_TILE_DIM;
}

size_t tf_tiled_bytes(uint32_t rows, uint32_t cols, tf_tile_format f)
{
    return (size_t)tf_tile_count(rows) * tf_tile_count(cols) * tf_tile_bytes(f);
}

uint16_t tf_bf16_from_f32(float v)
{
    return cm_bf16_round(v);
}

float tf_f32_from_bf16(uint16_t v)
{
    return cm_bf16_widen(v);
}

/* Byte offset of element (r, c) of the matrix in the tiled layout. */
static size_t tiled_offset(uint32_t r, uint32_t c, uint32_t tiles_per_row, tf_tile_format f)
{
    uint32_t tile = (r / TF_TILE_DIM) * tiles_per_row + c / TF_TILE_DIM;
    uint32_t elem = cm_tile_elem(r % TF_TILE_DIM, c % TF_TILE_DIM);
    uint32_t size = f == TF_TILE_FORMAT_BF16 ? 2u : 4u;
    return (size_t)tile * tf_tile_bytes(f) + (size_t)elem * size;
}

static int check(const char *fn, const void *a, const void *b, uint32_t rows, uint32_t cols,
                 tf_tile_format f)
{
    if (!a || !b) return cm_err_set("%s: NULL buffer", fn);
    if (!rows || !cols) return cm_err_set("%s: a %ux%u matrix is empty", fn, rows, cols);
    if (f != TF_TILE_FORMAT_BF16 && f != TF_TILE_FORMAT_FP32)
        return cm_err_set("%s: unknown tile format %d (TF_TILE_FORMAT_BF16 or _FP32)", fn, (int)f);
    return 0;
}

int tf_tilize(const float *src, uint32_t rows, uint32_t cols, tf_tile_format f, void *dst)
{
    if (check("tf_tilize", src, dst, rows, cols, f)) return -1;
    uint8_t *out = dst;
    memset(out, 0, tf_tiled_bytes(rows, cols, f)); /* the padding */
    uint32_t tpr = tf_tile_count(cols);
    for (uint32_t r = 0; r < rows; r++)
        for (uint32_t c = 0; c < cols; c++) {
            float v = src[(size_t)r * cols + c];
            size_t o = tiled_offset(r, c, tpr, f);
            if (f == TF_TILE_FORMAT_BF16) {
                uint16_t h = tf_bf16_from_f32(v);
                memcpy(out + o, &h, 2);
            } else {
                memcpy(out + o, &v, 4);
            }
        }
    return 0;
}

int tf_untilize(const void *src, uint32_t rows, uint32_t cols, tf_tile_format f, float *dst)
{
    if (check("tf_untilize", src, dst, rows, cols, f)) return -1;
    const uint8_t *in = src;
    uint32_t tpr = tf_tile_count(cols);
    for (uint32_t r = 0; r < rows; r++)
        for (uint32_t c = 0; c < cols; c++) {
            size_t o = tiled_offset(r, c, tpr, f);
            float *v = &dst[(size_t)r * cols + c];
            if (f == TF_TILE_FORMAT_BF16) {
                uint16_t h;
                memcpy(&h, in + o, 2);
                *v = tf_f32_from_bf16(h);
            } else {
                memcpy(v, in + o, 4);
            }
        }
    return 0;
}
