/* The host's tile layout helpers (tt_foil/tile.h): where each element
 * goes (tiles in row-major order, four 16x16 faces inside a tile), zero
 * padding, bf16 rounding (to nearest, ties to even; NaN stays NaN), the
 * round trip, and the errors. */
#include "tf_check.h"
#include "tt_foil/error.h"
#include "tt_foil/tile.h"

#include <math.h>
#include <stdlib.h>

int main(void)
{
    CHECK_EQ_U(tf_tile_bytes(TF_TILE_FORMAT_BF16), 2048);
    CHECK_EQ_U(tf_tile_bytes(TF_TILE_FORMAT_FP32), 4096);
    CHECK_EQ_U(tf_tile_count(1), 1);
    CHECK_EQ_U(tf_tile_count(32), 1);
    CHECK_EQ_U(tf_tile_count(33), 2);
    /* near UINT32_MAX (n + 31 wrapped to a count of 0) */
    CHECK_EQ_U(tf_tile_count(0xffffffffu), 134217728u);
    CHECK_EQ_U(tf_tile_count(0xfffffff0u), 134217728u);
    CHECK_TRUE(tf_tiled_bytes(32, 0xfffffff0u, TF_TILE_FORMAT_BF16) == (size_t)134217728u * 2048);
    CHECK_EQ_U(tf_tile_bytes((tf_tile_format)99), 0); /* not a format */
    CHECK_TRUE(tf_tiled_bytes(32, 32, (tf_tile_format)99) == 0);
    CHECK_EQ_U(tf_tiled_bytes(33, 64, TF_TILE_FORMAT_FP32), 4 * 4096);

    /* a 40 x 70 matrix: 2 x 3 tiles; m[r][c] = r * 1000 + c */
    enum { R = 40, C = 70 };
    static float m[R * C], back[R * C];
    for (int r = 0; r < R; r++)
        for (int c = 0; c < C; c++) m[r * C + c] = (float)(r * 1000 + c);
    size_t bytes = tf_tiled_bytes(R, C, TF_TILE_FORMAT_FP32);
    CHECK_EQ_U(bytes, 6 * 4096);
    float *t = malloc(bytes);
    CHECK_EQ_U(tf_tilize(m, R, C, TF_TILE_FORMAT_FP32, t), 0);
    CHECK_TRUE(t[0] == 0);                         /* (0,0): tile 0, face 0 */
    CHECK_TRUE(t[256] == 16);                      /* (0,16): face 1 */
    CHECK_TRUE(t[512 + 16 + 3] == 17 * 1000 + 3);  /* (17,3): face 2, row 1 */
    CHECK_TRUE(t[768 + 15 * 16 + 15] == 31031);    /* (31,31): face 3's last */
    CHECK_TRUE(t[1024] == 32);                     /* (0,32): tile 1 */
    CHECK_TRUE(t[3 * 1024 + 7 * 16 + 2] == 39002); /* (39,2): tile (1,0) */
    CHECK_TRUE(t[3 * 1024 + 8 * 16] == 0);         /* (40,0): padding */
    CHECK_TRUE(t[2 * 1024 + 6] == 0);              /* (0,70): padding in tile 2 */
    CHECK_TRUE(t[2 * 1024 + 5] == 69);             /* (0,69): tile 2, face 0 */
    CHECK_EQ_U(tf_untilize(t, R, C, TF_TILE_FORMAT_FP32, back), 0);
    int same = 1;
    for (int i = 0; i < R * C; i++) same &= back[i] == m[i];
    CHECK_TRUE(same);

    /* bf16: the same places, values rounded */
    uint16_t *h = malloc(tf_tiled_bytes(R, C, TF_TILE_FORMAT_BF16));
    CHECK_EQ_U(tf_tilize(m, R, C, TF_TILE_FORMAT_BF16, h), 0);
    CHECK_EQ_U(h[256], tf_bf16_from_f32(16.0f));
    CHECK_EQ_U(h[3 * 1024 + 7 * 16 + 2], tf_bf16_from_f32(39002.0f));
    CHECK_EQ_U(tf_untilize(h, R, C, TF_TILE_FORMAT_BF16, back), 0);
    CHECK_TRUE(back[39 * C + 2] == 38912.0f); /* 39002 to 8 significant bits */

    CHECK_EQ_U(tf_bf16_from_f32(1.0f), 0x3f80);
    CHECK_EQ_U(tf_bf16_from_f32(1.00390625f), 0x3f80); /* a tie: to even */
    CHECK_EQ_U(tf_bf16_from_f32(1.01171875f), 0x3f82); /* a tie: to even */
    CHECK_EQ_U(tf_bf16_from_f32(1.0078125f + 1e-6f), 0x3f81);
    CHECK_EQ_U(tf_bf16_from_f32(-2.0f), 0xc000);
    CHECK_TRUE(isnan(tf_f32_from_bf16(tf_bf16_from_f32(NAN))));
    CHECK_TRUE(isinf(tf_f32_from_bf16(tf_bf16_from_f32(INFINITY))));
    CHECK_TRUE(tf_f32_from_bf16(0x3f80) == 1.0f);

    CHECK_TRUE(tf_tilize(m, 0, C, TF_TILE_FORMAT_FP32, t) != 0);
    CHECK_CONTAINS(tf_last_error(), "tf_tilize: a 0x70 matrix is empty");
    CHECK_TRUE(tf_untilize(NULL, R, C, TF_TILE_FORMAT_FP32, back) != 0);
    CHECK_CONTAINS(tf_last_error(), "tf_untilize: NULL buffer");
    CHECK_TRUE(tf_tilize(m, R, C, (tf_tile_format)7, t) != 0);
    CHECK_CONTAINS(tf_last_error(), "unknown tile format 7");
    free(t);
    free(h);
    return tf_check_report("test_tile_layout");
}
