/* Welford's running statistics on the SFPU (tt-metal's api/compute/
 * welford.h; the Blackhole LLK is tt-llk's tt_llk_blackhole/common/inc/
 * sfpu/ckernel_sfpu_welfords.h): the numerics and the layouts; the
 * commands and their checks are sim/tile.c's (do_welford), docs/chip.md
 * "Welford's statistics" says what is modeled.
 *
 * The LLK loads 4 tile rows a block and turns them (SFPTRANSP) so that each
 * of 4 SFPU registers holds one whole tile row, a tile column a lane; the
 * mean and m2 registers then hold one statistic a lane, that is a tile
 * column, and every row updates each column's statistic with that
 * column's value, rows in order. The model keeps the statistics by column
 * (sim_welford.mean, .m2) and maps lanes to columns where the LLK stores
 * its registers untransposed (the raw layout). */
#include "tile_engine.h"

#include <math.h>

/* The tile column SFPU lane l holds after the LLK's load and transpose:
 * the 8 lanes of register b's row (b = l / 8) are the even (b = 0, 2) or
 * odd (1, 3) columns of the left (b < 2) or right face. */
static int lane_col(int l)
{
    int b = l / 8, k = l % 8;
    return (b & 1) + 2 * k + 16 * (b >> 1);
}

/* Where DEST row dr (0-63 of a tile: 16 a face, faces in order), column
 * dc (0-15) is in the row-major tile. */
static int dest_at(int dr, int dc)
{
    int face = dr / 16;
    return ((face >> 1) * 16 + dr % 16) * TF_TILE_DIM + (face & 1) * 16 + dc;
}

/* One SFPMAD: a x b + c rounded once (tt-isa-documentation SFPMAD.md; the
 * engine's SFPU multiply-add, tile_sfpu.c's ternary ops). */
static float mad(float a, float b, float c)
{
    return fmaf(a, b, c);
}

/* One row into each column's statistic, as the LLK's six instructions a
 * row: d = x - mean (a MAD with -1), mean' = d x recip + mean, d again,
 * e = x - mean', m2 += d x e, mean = mean'. Each a rounded MAD. */
void sim_welford_row(sim_welford *w, const float *t, int row, float recip)
{
    const float *x = t + row * TF_TILE_DIM;
    for (int c = 0; c < TF_TILE_DIM; c++) {
        float m = w->mean[c];
        float d = mad(-1.0f, m, x[c]);
        float next = mad(d, recip, m);
        float e = mad(-1.0f, next, x[c]);
        w->m2[c] = mad(d, e, w->m2[c]);
        w->mean[c] = next;
    }
}

/* The raw layout: one SFPSTORE of the register, untransposed, at DEST row
 * 4 x group of the tile: lane l at DEST row 4 group + l / 8, even column
 * 2 (l % 8), holding column lane_col(l)'s value. Group 0: tile rows 0-3,
 * columns 0, 2, ..., 14 (tt-metal: "the first four rows of the first
 * face, with a stride of 2"). */
void sim_welford_store_raw(const float *vals, float *t, uint32_t group)
{
    for (int l = 0; l < TF_TILE_DIM; l++)
        t[dest_at((int)group * 4 + l / 8, 2 * (l % 8))] = vals[lane_col(l)];
}

void sim_welford_load_raw(float *vals, const float *t, uint32_t group)
{
    for (int l = 0; l < TF_TILE_DIM; l++)
        vals[lane_col(l)] = t[dest_at((int)group * 4 + l / 8, 2 * (l % 8))];
}

/* m2 x recip + 0, one MAD (the LLK adds the constant 0 register). */
void sim_welford_variance(const sim_welford *w, float recip, float *var)
{
    for (int c = 0; c < TF_TILE_DIM; c++) var[c] = mad(recip, w->m2[c], 0.0f);
}

/* welford_finalize_to_row's store: the statistic and three zeroed
 * registers transposed back, stored as a block of 4 rows: row 0 of the
 * tile gets each column's value, rows 1-3 +0, rows 4-31 kept. */
void sim_welford_store_row(const float *vals, float *t)
{
    for (int c = 0; c < TF_TILE_DIM; c++) {
        t[c] = vals[c];
        for (int r = 1; r < 4; r++) t[r * TF_TILE_DIM + c] = 0.0f;
    }
}
