/* The matrix unit (FPU) of the tile engine: elementwise binary ops with
 * broadcasts, the matrix product, reductions and the transpose, in fp32
 * (docs/chip.md, "Numerics").
 *
 * Math fidelity. The multipliers take SrcA's sign, exponent and top 4
 * mantissa bits (+ the hidden one) or the next 5, and SrcB's top 6 or the
 * next 4; fidelity phase p multiplies SrcA's part (p & 1) by SrcB's part
 * (p >> 1) and phases add up (tt-isa-documentation, WormholeB0 ELWMUL.md
 * and MVMUL.md; tt-metal tech_reports/matrix_engine/matrix_engine.md).
 * LoFi runs phase 0, HiFi2 phases 0-1, HiFi3 0-2, HiFi4 0-3. phases == 0
 * (simple mode) is the exact fp32 product. Sums run in a fixed order, so
 * results are the same on every host. */
#include "tile_engine.h"

#include <math.h>
#include <string.h>

#define D TF_TILE_DIM

/* The part of x a phase uses: hi keeps sign, exponent and the top `mask`
 * bits; lo is what the next bits add. inf/NaN go whole into hi. */
static float part(float x, int lo, uint32_t hi_mask, uint32_t lo_clear)
{
    if (!isfinite(x)) return lo ? 0.0f : x;
    uint32_t w = f_bits(x);
    return lo ? x - bits_f(w & lo_clear) : bits_f(w & hi_mask);
}

float sim_fpu_mul(float srca, float srcb, int phases)
{
    if (!phases) return srca * srcb;
    float acc = 0;
    for (int p = 0; p < phases; p++) {
        float a = part(srca, p & 1, 0xfff80000u, 0xfff83fffu);
        float b = part(srcb, p >> 1, 0xfffe0000u, 0xfffe1fffu);
        acc += a * b;
    }
    return acc;
}

/* DEST += in0 x in1. The hardware computes Dst += SrcB x SrcA with in0 in
 * SrcB and in1 in SrcA, so in0 takes SrcB's mantissa split. Per output
 * element: phase-outer, k-inner. */
void sim_fpu_matmul(float *restrict d, const float *restrict in0, const float *restrict in1,
                    int transpose, int phases, int cleared, unsigned exact, uint32_t cols)
{
    _Alignas(64) float bt[TF_TILE_ELEMS]; /* (64: the vector loops' loads, tile_engine.h) */
    const float *b = in1;
    if (transpose) { /* mm_init(..., transpose): each in1 tile transposed */
        for (int r = 0; r < D; r++)
            for (int c = 0; c < D; c++) bt[c * D + r] = in1[r * D + c];
        b = bt;
    }
    if (cleared) exact |= SIM_DEST_PLAIN | SIM_DEST_ZERO; /* the zeros: below or the vector path */
    if (!phases) { /* simple mode: issue 7's loop order, exact fp32 products */
        const float *xs[1] = {in0}, *ys[1] = {b};
        if (sim_simd_matmul(d, xs, ys, 1, in0, b, 1, exact, cols)) return;
        if (cleared) memset(d, 0, sizeof(tile_t));
        for (int i = 0; i < D; i++) {
            float *row = d + i * D;
            for (int k = 0; k < D; k++) {
                float x = in0[i * D + k];
                const float *bk = b + k * D;
                for (int j = 0; j < D; j++) row[j] += x * bk[j];
            }
        }
        return;
    }
    _Alignas(64) float ah[TF_TILE_ELEMS], al[TF_TILE_ELEMS], bh[TF_TILE_ELEMS], bl[TF_TILE_ELEMS];
    /* phase p uses in0's lo part from p = 2 on and in1's from p = 1 */
    int s0, s1;
    if ((s0 = sim_simd_split(in0, ah, phases > 2 ? al : NULL, 0xfffe0000u, 0xfffe1fffu)) &&
        (s1 = sim_simd_split(b, bh, phases > 1 ? bl : NULL, 0xfff80000u, 0xfff83fffu))) {
        const float *xs[4], *ys[4];
        for (int p = 0; p < phases; p++) {
            xs[p] = (p >> 1) ? al : ah;
            ys[p] = (p & 1) ? bl : bh;
        }
        if (s0 & s1 & SIM_SPLIT_SCANNED) /* the matmul's range test, made by the splits */
            exact |= SIM_RANGE_SCANNED | (s0 & s1 & SIM_SPLIT_IN_RANGE ? SIM_RANGE_OK : 0);
        if (sim_simd_matmul(d, xs, ys, phases, in0, b, 0, exact, cols)) return;
    }
    if (cleared) memset(d, 0, sizeof(tile_t));
    for (int i = 0; i < TF_TILE_ELEMS; i++) {
        ah[i] = part(in0[i], 0, 0xfffe0000u, 0xfffe1fffu); /* in0 is SrcB */
        al[i] = part(in0[i], 1, 0xfffe0000u, 0xfffe1fffu);
        bh[i] = part(b[i], 0, 0xfff80000u, 0xfff83fffu); /* in1 is SrcA */
        bl[i] = part(b[i], 1, 0xfff80000u, 0xfff83fffu);
    }
    for (int p = 0; p < phases; p++) {
        const float *x = (p >> 1) ? al : ah, *y = (p & 1) ? bl : bh;
        for (int i = 0; i < D; i++) {
            float *row = d + i * D;
            for (int k = 0; k < D; k++) {
                float v = x[i * D + k];
                const float *yk = y + k * D;
                for (int j = 0; j < D; j++) row[j] += v * yk[j];
            }
        }
    }
}

static float bcast_b(const float *b, int r, int c, uint32_t bcast)
{
    switch (bcast) {
    case TF_BCAST_COL: return b[r * D];
    case TF_BCAST_ROW: return b[c];
    case TF_BCAST_SCALAR: return b[0];
    default: return b[r * D + c];
    }
}

void sim_fpu_eltwise(float *restrict d, const float *a, const float *b, uint32_t binop,
                     uint32_t bcast, uint32_t reuse, int acc, int phases, int cleared)
{
    if (sim_simd_eltwise(d, a, b, binop, bcast, reuse, acc, phases, cleared)) return;
    for (int r = 0; r < D; r++)
        for (int c = 0; c < D; c++) {
            int i = r * D + c;
            float old = cleared ? 0.0f : d[i];
            float x = reuse == TF_REUSE_DEST_TO_SRCA ? old : a[i];
            float y = reuse == TF_REUSE_DEST_TO_SRCB ? old : bcast_b(b, r, c, bcast);
            float v;
            if (binop == TF_BINOP_MUL)
                /* ELWMUL accumulates into DEST on Wormhole/Blackhole; with dest
                 * reuse the LLK clears the slot first */
                v = (reuse ? 0.0f : old) + sim_fpu_mul(x, y, phases);
            else {
                v = binop == TF_BINOP_SUB ? x - y : x + y;
                if (acc && !reuse) v += old; /* add_tiles_init(..., acc_to_dest) */
            }
            d[i] = v;
        }
}

/* MAX scales by the scaler's power of two only (GMPOOL uses SrcB's
 * exponent); a scaler of 0 makes every input -inf. */
static float max_scale(float s)
{
    if (s == 0) return -INFINITY;
    int e;
    frexpf(fabsf(s), &e);
    return ldexpf(1.0f, e - 1);
}

void sim_fpu_reduce(float *restrict d, const float *a, const float *scaler, uint32_t pool,
                    uint32_t dim, int phases, int cleared)
{
    float s = scaler[0];
    if (cleared) memset(d, 0, sizeof(tile_t));
    if (pool == TF_POOL_MAX) {
        float k = max_scale(s), col[D];
        for (int c = 0; c < D; c++) col[c] = -INFINITY;
        float all = -INFINITY;
        for (int r = 0; r < D; r++) {
            float m = -INFINITY;
            for (int c = 0; c < D; c++) {
                float v = k == -INFINITY ? -INFINITY : a[r * D + c] * k;
                if (v > m) m = v;
                if (v > col[c]) col[c] = v;
            }
            if (m > all) all = m;
            if (dim == TF_REDUCE_ROW) {
                float o = cleared ? -INFINITY : d[r * D];
                d[r * D] = m > o ? m : o;
            }
        }
        if (dim == TF_REDUCE_COL)
            for (int c = 0; c < D; c++) {
                float o = cleared ? -INFINITY : d[c];
                d[c] = col[c] > o ? col[c] : o;
            }
        if (dim == TF_REDUCE_SCALAR) {
            float o = cleared ? -INFINITY : d[0];
            d[0] = all > o ? all : o;
        }
        return;
    }
    /* SUM and AVG (the scaler carries 1/N): products a x scaler with the
     * fidelity, summed along the dimension */
    if (sim_simd_reduce_sum(d, a, s, dim, phases)) return;
    float col[D] = {0};
    for (int r = 0; r < D; r++) {
        float row = 0;
        for (int c = 0; c < D; c++) {
            float v = sim_fpu_mul(a[r * D + c], s, phases);
            row += v;
            col[c] += v;
        }
        if (dim == TF_REDUCE_ROW) d[r * D] += row;
    }
    if (dim == TF_REDUCE_COL)
        for (int c = 0; c < D; c++) d[c] += col[c];
    /* SCALAR is two passes on the hardware, the columns' sums then their
     * row, each scaled: the scaler applies twice (tt-metal's reduce tests
     * pass sqrt(1/N) for a HW average: "AVG pool multiplies twice by the
     * scaler") */
    if (dim == TF_REDUCE_SCALAR) {
        float all = 0;
        for (int c = 0; c < D; c++) all += sim_fpu_mul(col[c], s, phases);
        d[0] += all;
    }
}

void sim_fpu_transpose(float *restrict d, const float *restrict a)
{
    for (int r = 0; r < D; r++)
        for (int c = 0; c < D; c++) d[c * D + r] = a[r * D + c];
}

/* transpose_wh_dest: DEST tile t transposed where it is, as words (every
 * bit of each value kept, whatever it holds: floats of either width, -0,
 * NaN payloads, integers). Element (r, c) of face (fr, fc) goes to (c, r):
 * within its face to (c mod 16, r mod 16), the face to (fc, fr), unless
 * WITHIN_FACES keeps each face in its place (tt-llk's transpose_of_faces
 * false). */
void sim_fpu_transpose_dest(float *t, uint32_t flags)
{
    enum { F = TF_TILE_FACE };
    uint32_t in[TF_TILE_ELEMS], out[TF_TILE_ELEMS];
    int faces = !(flags & TF_TDEST_WITHIN_FACES);
    memcpy(in, t, sizeof in);
    for (int r = 0; r < D; r++)
        for (int c = 0; c < D; c++) {
            int fr = r & ~(F - 1), fc = c & ~(F - 1);
            int nr = (faces ? fc : fr) + (c - fc), nc = (faces ? fr : fc) + (r - fr);
            out[nr * D + nc] = in[r * D + c];
        }
    memcpy(t, out, sizeof out);
}

/* unary_bcast (tt-llk's llk_math_eltwise_unary_datacopy with a broadcast):
 * the moves (MOVB2D with its broadcasts, the 32-bit path's halves through
 * src B, the plain copy) keep every bit, so the values move as words; a
 * float COL broadcast through src B is tt-llk's ELWADD of src A's zeros
 * (its unpacker zeroes src A) with B's column 0: the engine's add, as
 * add_tiles_bcast<COL> of a zero tile. */
void sim_fpu_unary_bcast(float *restrict d, const float *restrict s, uint32_t bcast, int b16,
                         int integer)
{
    if (bcast == TF_BCAST_COL && b16 && !integer) {
        static _Alignas(64) const tile_t zeros; /* (64: the vector loops, tile_engine.h) */
        sim_fpu_eltwise(d, zeros, s, TF_BINOP_ADD, TF_BCAST_COL, TF_REUSE_NONE, 0, 1, 1);
        return;
    }
    uint32_t in[TF_TILE_ELEMS], out[TF_TILE_ELEMS];
    memcpy(in, s, sizeof in);
    for (int r = 0; r < D; r++)
        for (int c = 0; c < D; c++)
            out[r * D + c] = bcast == TF_BCAST_COL      ? in[r * D]
                             : bcast == TF_BCAST_ROW    ? in[c]
                             : bcast == TF_BCAST_SCALAR ? in[0]
                                                        : in[r * D + c];
    memcpy(d, out, sizeof out);
}
