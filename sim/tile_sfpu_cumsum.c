/* cumsum_tile: the SFPU's running sum down the columns of one DEST tile,
 * in place (tt-metal's api/compute/cumsum.h; the Blackhole LLK is tt-llk's
 * tt_llk_blackhole/common/inc/sfpu/ckernel_sfpu_cumsum.h). Row r of each
 * column becomes carry + x0 + ... + xr, the adds one at a time from the
 * top: s = carry, then s = s + x_r for r = 0..31, each sum stored. That is
 * the LLK's order: it brings 4 rows at a time into 4 SFPU registers
 * (SFPLOAD of 4 rows' even or odd columns, then SFPTRANSP so that a
 * register holds one tile row), adds each row to the sum of the rows
 * before it (SFPADD with the multiplier 1.0: one rounding), and the last
 * register of a group carries into the next group, across the faces
 * (rows 15 to 16) and across calls (row 31 to the next tile's row 0).
 *
 * The carry lives in the engine (sim_tile_engine.cumsum_carry) as the LLK
 * keeps it in SFPU registers (LREG4-7): the fp32 sums, before DEST's
 * 16-bit store narrows the tile's values. first: the carry is +0 (the LLK
 * clears those registers), so a -0 in row 0 gives +0. */
#include "tile_engine.h"

int sim_sfpu_cumsum(float *d, float *carry, int first)
{
    for (int c = 0; c < TF_TILE_DIM; c++) {
        float s = first ? 0.0f : carry[c];
        for (int r = 0; r < TF_TILE_DIM; r++) {
            s = s + d[r * TF_TILE_DIM + c];
            d[r * TF_TILE_DIM + c] = s;
        }
        carry[c] = s;
    }
    return 0;
}

/* Modeled cycles a tile (an estimate: one cycle an issued instruction of
 * the LLK's sequence, the replays counted by what they replay, as
 * sfpu_reduce's; docs/chip.md's cost table): 8 groups of 4 rows, each 4
 * loads, a transpose, the replayed 4 adds and 4 NOPs, a transpose back and
 * 4 stores (18), 144; first adds the 4 moves that clear the carry, 148. */
uint32_t sim_sfpu_cumsum_cycles(int first)
{
    return 8 * (4 + 1 + 8 + 1 + 4) + (first ? 4 : 0);
}
