/* sfpu_reduce: the SFPU's column reductions of one DEST tile, in place
 * (tt-metal's api/compute/sfpu_reduce.h; the Blackhole LLK is tt-llk's
 * tt_llk_blackhole/common/inc/sfpu/ckernel_sfpu_reduce.h). Each column's
 * 32 values reduce to one, written to row 0; rows 1-31 are kept (the LLK's
 * stores also write rows 1-3 with values of its sequence, which the model
 * does not reproduce: docs/chip.md "SFPU reductions").
 *
 * The order of the float sums is the model's, read off the LLK's sequence
 * of adds: in each 16-row half of the tile, each group of 4 rows is summed
 * as r0 + (r1 + (r2 + r3)), the half as g0 + (g1 + (g2 + g3)) over its 4
 * groups, and the column as top half + bottom half; every add is one fp32
 * rounding (SFPADD with a multiplier of 1 is exact but for its one
 * rounding). */
#include "tile_engine.h"

#include <string.h>

static float sum4(float a, float b, float c, float d)
{
    return a + (b + (c + d));
}

/* A column's sum over rows base..base+15, in the model's order. */
static float half_sum(const float *t, int c, int base)
{
    float g[4];
    for (int k = 0; k < 4; k++) {
        const float *r = t + (base + 4 * k) * TF_TILE_DIM + c;
        g[k] = sum4(r[0], r[TF_TILE_DIM], r[2 * TF_TILE_DIM], r[3 * TF_TILE_DIM]);
    }
    return sum4(g[0], g[1], g[2], g[3]);
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
        float s = half_sum(t, c, 0) + half_sum(t, c, 16);
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
 * 8 loads, 2 transposes, 2 x 6 adds, an add and a store: 23 each, 92; AVG
 * adds to each pass the 1/32 multiply (2 constant loads and a multiply,
 * floats), the shift (UInt32, UInt16) or the sign-fixed shift (7, Int32).
 * MAX and MIN: the swap sequence's 4 loads, 66 replayed issues, a counter
 * reset, 5 of sorting and 4 stores, 80; Int32's own sequence (casts to
 * and from sign-magnitude around each swap) 2 x 71, 142. */
uint32_t sim_sfpu_reduce_cycles(uint32_t op, uint32_t df)
{
    switch (op) {
    case TF_SFPU_REDUCE_SUM:
    case TF_SFPU_REDUCE_SUM_INT: return 4 * 23;
    case TF_SFPU_REDUCE_AVG: return 4 * (23 + 3);
    case TF_SFPU_REDUCE_AVG_INT: return 4 * (23 + (df == TF_DF_INT32 ? 7 : 1));
    case TF_SFPU_REDUCE_MAX_INT:
    case TF_SFPU_REDUCE_MIN_INT: return df == TF_DF_INT32 ? 2 * 71 : 80;
    default: return 80; /* float MAX, MIN */
    }
}
