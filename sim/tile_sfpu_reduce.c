/* sfpu_reduce: the SFPU's column reductions of one DEST tile, in place
 * (tt-metal's api/compute/sfpu_reduce.h; the Blackhole LLK is tt-llk's
 * tt_llk_blackhole/common/inc/sfpu/ckernel_sfpu_reduce.h). REDUCE_COL:
 * each column's 32 values reduce to one, written to row 0, rows 1-31 kept;
 * REDUCE_ROW (SUM, MAX, MIN): each row's to one, written to its column 0,
 * columns 1-31 kept (the LLK's stores also write other places with values
 * of its sequence, which the model does not reproduce: docs/chip.md "SFPU
 * reductions").
 *
 * The order of the float sums is the model's, read off the newest LLK's
 * sequence of adds (tt-metal's 2026 copies; its 2025 one added in another
 * order): in each 16-row half of a column, position j (0-3) of the 4-row
 * groups sums rows j, j + 4, j + 8, j + 12 as a + (b + (c + d)); the two
 * halves' position sums are added, p_j = top_j + bottom_j; the column is
 * p0 + (p1 + (p2 + p3)). Every add is one fp32 rounding (SFPADD with a
 * multiplier of 1 rounds once). */
#include "tile_engine.h"

#include <string.h>

static float sum4(float a, float b, float c, float d)
{
    return a + (b + (c + d));
}

/* Position j's sum down the 16-row half from row base of column c. */
static float position_sum(const float *t, int c, int base, int j)
{
    const float *r = t + (base + j) * TF_TILE_DIM + c;
    return sum4(r[0], r[4 * TF_TILE_DIM], r[8 * TF_TILE_DIM], r[12 * TF_TILE_DIM]);
}

/* A column's sum in the model's order. */
static float col_sum(const float *t, int c)
{
    float p[4];
    for (int j = 0; j < 4; j++) p[j] = position_sum(t, c, 0, j) + position_sum(t, c, 16, j);
    return sum4(p[0], p[1], p[2], p[3]);
}

/* Row r's sum in the model's order (the 2026 sequence's row reduction):
 * v_k = x[2k] + (x[2k+1] + (x[16+2k] + x[17+2k])) for the 8 SFPU lanes k,
 * then the lanes folded 4 apart, 2 apart and 1 apart: ((v7 + v3) + (v5 +
 * v1)) + ((v6 + v2) + (v4 + v0)). */
static float row_sum(const float *t, int r)
{
    const float *x = t + r * TF_TILE_DIM;
    float v[8];
    for (int k = 0; k < 8; k++) v[k] = sum4(x[2 * k], x[2 * k + 1], x[16 + 2 * k], x[17 + 2 * k]);
    return ((v[7] + v[3]) + (v[5] + v[1])) + ((v[6] + v[2]) + (v[4] + v[0]));
}

/* Line i's result (a column, or with row set a row); the values of line
 * i are t[i * step + k * stride], k = 0..31. */
static float float_line(const float *t, int i, uint32_t op, int row)
{
    int step = row ? TF_TILE_DIM : 1, stride = row ? 1 : TF_TILE_DIM;
    if (op == TF_SFPU_REDUCE_SUM || op == TF_SFPU_REDUCE_AVG) {
        float s = row ? row_sum(t, i) : col_sum(t, i);
        return op == TF_SFPU_REDUCE_AVG ? s * 0.03125f : s; /* the LLK multiplies by 1/32 */
    }
    /* the SFPU's compare-and-swap order (sim_sm_max, sim_sm_min) */
    float best = t[i * step];
    for (int k = 1; k < TF_TILE_DIM; k++) {
        float v = t[i * step + k * stride];
        best = op == TF_SFPU_REDUCE_MAX ? sim_sm_max(best, v) : sim_sm_min(best, v);
    }
    return best;
}

/* Integers (the order does not matter: wrapping adds, exact compares).
 * Int32: two's complement, the sum modulo 2^32, AVG its quotient by 32
 * toward zero (the LLK shifts the magnitude and restores the sign); UInt32:
 * the sum modulo 2^32, AVG shifted right by 5; UInt16: the low 16 bits of
 * each value, the sum kept to 16 bits (the LLK's 16-bit store), AVG the
 * 32-bit sum shifted right by 5 (exact: the floored mean). */
static uint32_t int_line(const uint32_t *t, int i, uint32_t op, uint32_t df, int row)
{
    int step = row ? TF_TILE_DIM : 1, stride = row ? 1 : TF_TILE_DIM;
    uint32_t mask = df == TF_DF_UINT16 ? 0xffffu : 0xffffffffu;
    if (op == TF_SFPU_REDUCE_SUM_INT || op == TF_SFPU_REDUCE_AVG_INT) {
        uint32_t s = 0;
        for (int k = 0; k < TF_TILE_DIM; k++) s += t[i * step + k * stride] & mask;
        if (op == TF_SFPU_REDUCE_AVG_INT)
            s = df == TF_DF_INT32 ? (uint32_t)((int32_t)s / 32) : s >> 5;
        return s & mask;
    }
    uint32_t best = t[i * step] & mask;
    for (int k = 1; k < TF_TILE_DIM; k++) {
        uint32_t v = t[i * step + k * stride] & mask;
        int gt = df == TF_DF_INT32 ? (int32_t)v > (int32_t)best : v > best;
        int lt = df == TF_DF_INT32 ? (int32_t)v < (int32_t)best : v < best;
        if (op == TF_SFPU_REDUCE_MAX_INT ? gt : lt) best = v;
    }
    return best;
}

int sim_sfpu_reduce(float *d, uint32_t op, uint32_t p1)
{
    if (!TF_SFPU_IS_REDUCE(op)) return -1;
    uint32_t df = p1 & 0xffu;
    int row = (p1 & TF_SFPU_REDUCE_ROW_DIM) != 0, step = row ? TF_TILE_DIM : 1;
    float res[TF_TILE_DIM];
    if (TF_SFPU_IS_REDUCE_INT(op)) {
        uint32_t t[TF_TILE_ELEMS];
        memcpy(t, d, sizeof t);
        for (int i = 0; i < TF_TILE_DIM; i++) res[i] = bits_f(int_line(t, i, op, df, row));
    } else {
        for (int i = 0; i < TF_TILE_DIM; i++) res[i] = float_line(d, i, op, row);
    }
    for (int i = 0; i < TF_TILE_DIM; i++) d[i * step] = res[i];
    return 0;
}

/* Modeled cycles a tile (an estimate: one cycle an issued instruction of
 * the LLK's sequence, replays counted by what they replay; docs/chip.md's
 * cost table). SUM: 4 passes (an even or odd half of the columns each) of
 * 8 loads, 6 adds, the add of the halves, a transpose, 3 adds and a store:
 * 20 each, 80 (Int32's conversions to and from two's complement in the
 * newest sequence not counted); AVG adds to each pass the 1/32 multiply
 * (floats), the shift (UInt32, UInt16) or the sign-fixed shift (7,
 * Int32). MAX and MIN: the swap sequence's 4 loads, 66 replayed issues, a
 * counter reset, 5 of sorting and 4 stores, 80; Int32's own sequence
 * (casts to and from sign-magnitude around each swap) 2 x 71, 142.
 * REDUCE_ROW, any pool: 4 passes (8 rows each) of 8 loads, 6 adds or
 * swaps, the 28 moves, lane shifts and adds or swaps of the fold across
 * lanes, 2 stores: 44 each, 176. */
uint32_t sim_sfpu_reduce_cycles(uint32_t op, uint32_t p1)
{
    uint32_t df = p1 & 0xffu;
    if (p1 & TF_SFPU_REDUCE_ROW_DIM) return 4 * 44; /* SUM, MAX, MIN rows */
    switch (op) {
    case TF_SFPU_REDUCE_SUM:
    case TF_SFPU_REDUCE_SUM_INT: return 4 * 20;
    case TF_SFPU_REDUCE_AVG: return 4 * (20 + 1);
    case TF_SFPU_REDUCE_AVG_INT: return 4 * (20 + (df == TF_DF_INT32 ? 7 : 1));
    case TF_SFPU_REDUCE_MAX_INT:
    case TF_SFPU_REDUCE_MIN_INT: return df == TF_DF_INT32 ? 2 * 71 : 80;
    default: return 80; /* float MAX, MIN */
    }
}
