/* sfpu_reduce: the SFPU's column reductions of one DEST tile, in place
 * (tt-metal's api/compute/sfpu_reduce.h; the Blackhole LLK is tt-llk's
 * tt_llk_blackhole/common/inc/sfpu/ckernel_sfpu_reduce.h). Each column's
 * 32 values reduce to one, written to row 0; rows 1-31 are kept (the LLK's
 * stores also write rows 1-3 with values of its sequence, which the model
 * does not reproduce: docs/chip.md "SFPU reductions").
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

/* The SFPU's compare-and-swap (SFPSWAP) ranks fp32 values as
 * sign-magnitude integers: -NaN < -inf < ... < -0 < +0 < ... < +inf <
 * +NaN (as tile_sfpu.c's min and max). */
static int64_t rank(float v)
{
    uint32_t w = f_bits(v);
    return w >> 31 ? -(int64_t)(w & 0x7fffffffu) - 1 : (int64_t)w;
}

static float float_col(const float *t, int c, uint32_t op)
{
    if (op == TF_SFPU_REDUCE_SUM || op == TF_SFPU_REDUCE_AVG) {
        float s = col_sum(t, c);
        return op == TF_SFPU_REDUCE_AVG ? s * 0.03125f : s; /* the LLK multiplies by 1/32 */
    }
    float best = t[c];
    for (int r = 1; r < TF_TILE_DIM; r++) {
        float v = t[r * TF_TILE_DIM + c];
        int64_t kv = rank(v), kb = rank(best);
        if (op == TF_SFPU_REDUCE_MAX ? kv > kb : kv < kb) best = v;
    }
    return best;
}

/* Integers (the order does not matter: wrapping adds, exact compares).
 * Int32: two's complement, the sum modulo 2^32, AVG its quotient by 32
 * toward zero (the LLK shifts the magnitude and restores the sign); UInt32:
 * the sum modulo 2^32, AVG shifted right by 5; UInt16: the low 16 bits of
 * each value, the sum kept to 16 bits (the LLK's 16-bit store), AVG the
 * 32-bit sum shifted right by 5 (exact: the floored mean). */
static uint32_t int_col(const uint32_t *t, int c, uint32_t op, uint32_t df)
{
    uint32_t mask = df == TF_DF_UINT16 ? 0xffffu : 0xffffffffu;
    if (op == TF_SFPU_REDUCE_SUM_INT || op == TF_SFPU_REDUCE_AVG_INT) {
        uint32_t s = 0;
        for (int r = 0; r < TF_TILE_DIM; r++) s += t[r * TF_TILE_DIM + c] & mask;
        if (op == TF_SFPU_REDUCE_AVG_INT)
            s = df == TF_DF_INT32 ? (uint32_t)((int32_t)s / 32) : s >> 5;
        return s & mask;
    }
    uint32_t best = t[c] & mask;
    for (int r = 1; r < TF_TILE_DIM; r++) {
        uint32_t v = t[r * TF_TILE_DIM + c] & mask;
        int gt = df == TF_DF_INT32 ? (int32_t)v > (int32_t)best : v > best;
        int lt = df == TF_DF_INT32 ? (int32_t)v < (int32_t)best : v < best;
        if (op == TF_SFPU_REDUCE_MAX_INT ? gt : lt) best = v;
    }
    return best;
}

int sim_sfpu_reduce(float *d, uint32_t op, uint32_t df)
{
    if (!TF_SFPU_IS_REDUCE(op)) return -1;
    if (TF_SFPU_IS_REDUCE_INT(op)) {
        uint32_t t[TF_TILE_ELEMS];
        memcpy(t, d, sizeof t);
        for (int c = 0; c < TF_TILE_DIM; c++) d[c] = bits_f(int_col(t, c, op, df));
    } else {
        float row0[TF_TILE_DIM];
        for (int c = 0; c < TF_TILE_DIM; c++) row0[c] = float_col(d, c, op);
        memcpy(d, row0, sizeof row0);
    }
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
 * (casts to and from sign-magnitude around each swap) 2 x 71, 142. */
uint32_t sim_sfpu_reduce_cycles(uint32_t op, uint32_t df)
{
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
