/* The tile engine's vectorized loops (sim/tile_simd.c) against its
 * portable ones, bitwise: every matmul (transposed or not, every
 * fidelity, cleared or accumulating DEST), every elementwise op (each
 * binop, broadcast, DEST reuse, acc_to_dest, fidelity), the store into a
 * 16-bit DEST (bf16 rounded or truncated) and every SFPU op
 * (exact and approximate; the binary ones into a third tile and in place
 * of either source), on random tiles and on tiles full of edge
 * values (0, -0, +-inf, NaNs with payloads, subnormals, huge and tiny
 * values), with the inputs in each data format (Float32, Float16_b,
 * Bfp8_b). On a host without AVX2 both runs take the portable path. */
#include "tf_tile_layout.h"
#include "tf_check.h"
#include "sim/tile_engine.h"

#include <float.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define N TF_TILE_ELEMS

static const uint32_t edges[] = {
    0x00000000u, 0x80000000u, 0x7f800000u, 0xff800000u, 0x7fc00000u, 0xffc00000u,
    0x7fc12345u, 0x7f800001u, /* signalling NaN */
    0x00000001u, 0x80000001u, 0x007fffffu, 0x00400000u, 0x00800000u, 0x80800000u,
    0x7f7fffffu, 0xff7fffffu, 0x7f000000u, 0x3f800000u, 0xbf800000u, 0x3f7fffffu,
    0x3f800001u, 0x00ffffffu, 0x4b000000u, 0x1f800000u,
};
#define NEDGES (int)(sizeof edges / sizeof edges[0])

/* kind 0: values around 1; 1: random bit patterns (any exponent, NaNs);
 * 2: mostly edge values; 3: a mix. */
static void fill(float *t, int kind, uint32_t df)
{
    for (int i = 0; i < N; i++) {
        uint32_t r = tf_check_rand();
        float v = ((float)(int32_t)(r % 20001u) - 10000.0f) / 4096.0f;
        if (kind == 1) v = bits_f(tf_check_rand() ^ (r << 16));
        if (kind == 2 || (kind == 3 && r % 5 == 0)) v = bits_f(edges[tf_check_rand() % NEDGES]);
        t[i] = v;
    }
    sim_tile_round_to(t, df);
}

static long compared, mismatched, nan_payloads;
static int level; /* the vectorized level under test */

static void same(const float *x, const float *y, const char *what, int a, int b, int c)
{
    compared++;
    if (!memcmp(x, y, N * sizeof(float))) return;
    int other = 0;
    for (int i = 0; i < N; i++)
        if (f_bits(x[i]) != f_bits(y[i]) && !(isnan(x[i]) && isnan(y[i]))) other = 1;
    if (!other) {
        nan_payloads++;
        return;
    }
    mismatched++;
    for (int i = 0; i < N; i++)
        if (f_bits(x[i]) != f_bits(y[i]) && !(isnan(x[i]) && isnan(y[i]))) {
            if (mismatched <= 10)
                fprintf(stderr, "%s (%d %d %d): element %d: 0x%08x vs 0x%08x\n", what, a, b, c, i,
                        f_bits(x[i]), f_bits(y[i]));
            break;
        }
}

static const uint32_t dfs[] = {TF_DF_FLOAT32, TF_DF_FLOAT16_B, TF_DF_BFP8_B};

/* Each NaN of t made finite (its exponent's low bit cleared), and one
 * NaN with a random payload put at a random place. */
static void no_nans(float *t)
{
    for (int i = 0; i < TF_TILE_ELEMS; i++)
        if (isnan(t[i])) {
            uint32_t w = f_bits(t[i]) & ~0x00800000u;
            memcpy(&t[i], &w, 4);
        }
}

static void one_nan(float *t)
{
    uint32_t w = 0x7f800001u | ((uint32_t)tf_check_rand() << 16) | (uint32_t)tf_check_rand();
    memcpy(&t[tf_check_rand() % TF_TILE_ELEMS], &w, 4);
}

/* No -0 and no NaN in t (SIM_DEST_PLAIN). */
static int plain(const float *t)
{
    for (int i = 0; i < N; i++)
        if (f_bits(t[i]) == 0x80000000u || isnan(t[i])) return 0;
    return 1;
}

/* Each matmul three ways: vectorized with the tiles scanned for exact
 * products (exact 0, as after an unpack that knows nothing), vectorized
 * with the flags an unpack would give (sim_tile_src_flags), portable. */
static void matmul(const float *a, const float *b, const float *d0)
{
    static float v[N], w[N], p[N];
    unsigned fl = sim_tile_src_flags(a) & sim_tile_src_flags(b);
    for (int tr = 0; tr < 2; tr++)
        for (int ph = 0; ph <= 4; ph++)
            for (int cl = 0; cl < 2; cl++) {
                memcpy(v, d0, sizeof v);
                memcpy(w, d0, sizeof w);
                memcpy(p, d0, sizeof p);
                sim_tile_simd_set(level);
                sim_fpu_matmul(v, a, b, tr, ph, cl, 0, ~0u);
                sim_fpu_matmul(w, a, b, tr, ph, cl, fl, sim_tile_src_cols(a));
                sim_tile_simd_set(0);
                sim_fpu_matmul(p, a, b, tr, ph, cl, 0, ~0u);
                same(v, p, "matmul", tr, ph, cl);
                same(w, p, "matmul (unpack flags)", tr, ph, cl);
            }
}

static void eltwise(const float *a, const float *b, const float *d0)
{
    static float v[N], p[N];
    for (uint32_t op = 0; op <= TF_BINOP_MUL; op++)
        for (uint32_t bc = 0; bc <= TF_BCAST_SCALAR; bc++)
            for (uint32_t re = 0; re <= (bc ? 0u : (uint32_t)TF_REUSE_DEST_TO_SRCB); re++)
                for (int ph = 0; ph <= 4; ph++)
                    for (int k = 0; k < 4; k++) { /* bit 0: acc_to_dest, bit 1: cleared */
                        memcpy(v, d0, sizeof v);
                        memcpy(p, d0, sizeof p);
                        sim_tile_simd_set(level);
                        sim_fpu_eltwise(v, a, b, op, bc, re, k & 1, ph, k >> 1);
                        sim_tile_simd_set(0);
                        sim_fpu_eltwise(p, a, b, op, bc, re, k & 1, ph, k >> 1);
                        same(v, p, "eltwise", (int)op, (int)(bc * 10 + re), ph * 10 + k);
                    }
}

/* A tile stored into a 16-bit DEST (rounded by the FPU, truncated by the
 * SFPU): a's values and d's (Float32 random bits: NaNs with payloads,
 * subnormals, values whose rounding carries into the exponent). */
static void dest_bf16(const float *a, const float *d0)
{
    static float v[N], p[N];
    for (int src = 0; src < 2; src++)
        for (int trunc = 0; trunc < 2; trunc++) {
            memcpy(v, src ? d0 : a, sizeof v);
            memcpy(p, v, sizeof p);
            sim_tile_simd_set(level);
            sim_tile_dest_bf16(v, trunc);
            sim_tile_simd_set(0);
            sim_tile_dest_bf16(p, trunc);
            compared++;
            if (memcmp(v, p, sizeof v)) { /* NaNs included: the same integer steps */
                mismatched++;
                printf("FAIL: DEST bf16 store differs: level %d trunc %d\n", level, trunc);
            }
        }
}

/* The reduce's SUM (and AVG: the same with the scaler 1/N) along rows,
 * columns and both, at every fidelity, onto DEST or a cleared one, with
 * scalers that are ordinary, 0, -0, tiny, inf and NaN. */
static void reduce(const float *a, const float *d0)
{
    static float v[N], p[N];
    static const uint32_t scalers[] = {0x3f800000u, 0x3d000000u, 0x3e3504f3u, 0x00000000u,
                                       0x80000000u, 0x00800001u, 0x7f800000u, 0x7fc00000u};
    for (uint32_t dim = TF_REDUCE_ROW; dim <= TF_REDUCE_SCALAR; dim++)
        for (int ph = 0; ph <= 4; ph++)
            for (int k = 0; k < (int)(sizeof scalers / sizeof scalers[0]); k++)
                for (int cl = 0; cl < 2; cl++) {
                    float sc[N] = {bits_f(scalers[k])};
                    memcpy(v, d0, sizeof v);
                    memcpy(p, d0, sizeof p);
                    sim_tile_simd_set(level);
                    sim_fpu_reduce(v, a, sc, TF_POOL_SUM, dim, ph, cl);
                    sim_tile_simd_set(0);
                    sim_fpu_reduce(p, a, sc, TF_POOL_SUM, dim, ph, cl);
                    same(v, p, "reduce sum", (int)dim, ph, k * 10 + cl);
                }
}

/* The binary ops, into a third tile and in place of each source. */
static void sfpu_binary(const float *a, const float *b)
{
    static float v[N], p[N], vb[N], pb[N];
    for (uint32_t op = 0; op < TF_SFPU_NUM_OPS; op++) {
        if (!TF_SFPU_IS_BINARY(op) || TF_SFPU_IS_INT(op)) continue; /* (no vector loops) */
        for (int into = 0; into < 3; into++) { /* DEST[odst] a third tile, x's, y's */
            memcpy(v, a, sizeof v);
            memcpy(p, a, sizeof p);
            memcpy(vb, b, sizeof vb);
            memcpy(pb, b, sizeof pb);
            float *dv = into == 2 ? vb : v, *dp = into == 2 ? pb : p;
            static float tv[N], tp[N];
            if (into == 0) dv = tv, dp = tp;
            sim_tile_simd_set(level);
            int rv = sim_sfpu_binary(dv, v, vb, op, 0);
            sim_tile_simd_set(0);
            int rp = sim_sfpu_binary(dp, p, pb, op, 0);
            CHECK_TRUE(rv == 0 && rp == 0);
            same(dv, dp, "sfpu binary", (int)op, into, 0);
        }
    }
}

static void sfpu(const float *a, uint32_t df)
{
    static float v[N], p[N];
    static const uint32_t scalars[] = {0x3fc00000u /* 1.5 */, 0xbe800000u, 0x00000000u, 0x80000000u,
                                       0x7f800000u,           0x7fc00000u, 0x00000001u};
    for (uint32_t op = 0; op < TF_SFPU_NUM_OPS; op++) {
        if (!sim_sfpu_init_of(op)) continue;
        for (int approx = 0; approx < 2; approx++)
            for (int s = 0; s < (int)(sizeof scalars / sizeof scalars[0]); s++) {
                uint32_t p0 = scalars[s], p1 = df;
                if (op == TF_SFPU_POWER) p0 = (uint32_t)s; /* exponents 0..6 */
                if (op == TF_SFPU_TYPECAST) p0 = TF_DF_FLOAT32, p1 = dfs[s % 3];
                memcpy(v, a, sizeof v);
                memcpy(p, a, sizeof p);
                sim_tile_simd_set(level);
                int rv = sim_sfpu_run(v, op, approx, p0, p1);
                sim_tile_simd_set(0);
                int rp = sim_sfpu_run(p, op, approx, p0, p1);
                CHECK_TRUE(rv == rp);
                same(v, p, "sfpu", (int)op, approx, s);
            }
    }
}

/* SFPI's MAD and FCMP's subtraction (tile_sfpi.c: on the host's FMA where
 * it has one) against the portable fmaf loop, bit for bit (a NaN too: both
 * make it 0x7fc00000): registers of edge values (denormals, -0, infinities,
 * NaNs), random bits and values whose products are denormal or overflow,
 * each sign flip of the MAD, each test of FCMP. */
static void sfpi_mad(void)
{
    static sim_sfpi sv, sp;
    memset(&sv, 0, sizeof sv);
    memset(&sp, 0, sizeof sp);
    for (int rep = 0; rep < 200; rep++) {
        for (int r = 0; r < 4; r++)
            for (int l = 0; l < TF_SFPI_LANES; l++) {
                uint32_t w = tf_check_rand(), k = tf_check_rand() % 4;
                if (k == 0) w = edges[tf_check_rand() % NEDGES];
                if (k == 1) /* tiny or huge: products below 2^-126 or above 2^127 */
                    w = (w & 0x807fffffu) |
                        ((tf_check_rand() % 2 ? 1u + w % 40 : 215u + w % 40) << 23);
                if (k == 2) w = f_bits(((float)(int32_t)(w % 2001u) - 1000.0f) / 64.0f);
                sv.reg[r][l] = sp.reg[r][l] = w;
            }
        for (uint32_t k = 0; k < 4 + 6; k++) {
            /* MAD d=4 = (+-a0 x a1) + +-a2; FCMP d=5 = test k - 4 of a0 - a1 */
            uint32_t op = k < 4 ? TF_SFPI_MAD : TF_SFPI_FCMP, d = k < 4 ? 4 : 5;
            sim_sfpi_cmd c = {.word = TF_SFPI_WORD(op, d, 0, 1),
                              .arg1 = k < 4 ? 2 | k << 8 : k - 4};
            sim_sfpi_fault f;
            uint32_t cv = 0, cp = 0;
            sim_tile_simd_set(level);
            int rv = sim_sfpi_run(&sv, &c, &f, &cv);
            sim_tile_simd_set(0);
            int rp = sim_sfpi_run(&sp, &c, &f, &cp);
            CHECK_TRUE(rv == 0 && rp == 0 && cv == cp);
            compared++;
            if (memcmp(sv.reg[d], sp.reg[d], sizeof sv.reg[d])) {
                mismatched++;
                for (int l = 0; l < TF_SFPI_LANES; l++)
                    if (sv.reg[d][l] != sp.reg[d][l]) {
                        printf("FAIL: SFPI %s (arg1 0x%x) differs at level %d: 0x%08x x 0x%08x + "
                               "0x%08x: 0x%08x vs 0x%08x\n",
                               k < 4 ? "MAD" : "FCMP", c.arg1, level, sv.reg[0][l], sv.reg[1][l],
                               sv.reg[2][l], sv.reg[d][l], sp.reg[d][l]);
                        break;
                    }
            }
        }
    }
}

int main(void)
{
    unsetenv("TT_FOIL_TILE_SIMD"); /* both paths, whatever the caller set */
    sim_tile_simd_set(-1);
    int best = sim_tile_simd();
    printf("test_tile_simd: the host's best vectorized path: %s\n", sim_tile_simd_name(best));
    static float a[N], b[N], d[N];
    for (level = best ? 1 : 0; level <= best; level++)
        for (int f = 0; f < 3; f++)
            for (int kind = 0; kind < 4; kind++)
                for (int rep = 0; rep < 2; rep++) {
                    fill(a, kind, dfs[f]);
                    fill(b, (kind + rep) % 4, dfs[f]);
                    fill(d, rep ? kind : 0, TF_DF_FLOAT32);
                    if (kind == 0 && rep == 1) /* values where the matmul fuses (exact products) */
                        for (int i = 0; i < N; i++) {
                            a[i] = ldexpf(a[i], (int)(tf_check_rand() % 80) - 40);
                            b[i] = ldexpf(b[i], (int)(tf_check_rand() % 80) - 40);
                        }
                    matmul(a, b, d);
                    eltwise(a, b, d);
                    dest_bf16(a, d);
                    reduce(a, d);
                    sfpu(a, dfs[f]);
                    sfpu_binary(a, b);
                }
    /* tiles whose products are all exact, so the matmul fuses: values
     * around 1 in each format (bf16 values in Float16_b and Bfp8_b, where
     * simple mode's products fuse too), onto a DEST of the same */
    for (level = best ? 1 : 0; level <= best; level++)
        for (int f = 0; f < 3; f++)
            for (int rep = 0; rep < 4; rep++) {
                fill(a, 0, dfs[f]);
                fill(b, 0, dfs[f]);
                fill(d, 0, TF_DF_FLOAT32);
                matmul(a, b, d);
            }
    /* in0 tiles with zero columns (the CNN's activations: 3 or 16 channels
     * of 32), so the fused matmul leaves those k out, onto a DEST that is
     * cleared, holds values, or holds -0s or NaNs in some rows (where the
     * block must run every k): bitwise against the portable loops, NaNs
     * included (a signalling NaN of DEST comes out quieted either way) */
    for (level = best ? 1 : 0; level <= best; level++)
        for (int rep = 0; rep < 96; rep++) {
            uint32_t used =
                (uint32_t[]){0x7u, 0xffffu, tf_check_rand(), 0}[rep % 4 == 0 ? 3 : rep % 3];
            uint32_t zero_rows = rep % 5 ? tf_check_rand() & tf_check_rand() : 0; /* padding rows */
            fill(a, 0, TF_DF_FLOAT16_B);
            fill(b, 0, TF_DF_FLOAT16_B);
            fill(d, 0, TF_DF_FLOAT32);
            for (int i = 0; i < N; i++) {
                if (!(used >> (i % TF_TILE_DIM) & 1) || (zero_rows >> (i / TF_TILE_DIM) & 1))
                    a[i] = tf_check_rand() % 2 ? -0.0f : 0.0f;
                if (rep % 4 == 1 && tf_check_rand() % 8 == 0) d[i] = -0.0f;
                if (rep % 4 == 2 && tf_check_rand() % 8 == 0)
                    d[i] = bits_f(tf_check_rand() % 2 ? 0x7f800001u : 0xffc00000u);
                if (rep % 4 == 3 && tf_check_rand() % 8 == 0)
                    d[i] = bits_f(0xff800000u);               /* -inf stays */
                if (rep % 4 == 0 && tf_check_rand() % 8 == 0) /* used == 0: any of them */
                    d[i] = bits_f(
                        (uint32_t[]){0x80000000u, 0x7f800001u, 0x7f800000u}[tf_check_rand() % 3]);
            }
            unsigned fl = sim_tile_src_flags(a) & sim_tile_src_flags(b);
            CHECK_TRUE(fl & SIM_SRC_IN_RANGE);
            static float v[N], p[N];
            for (int ph = 0; ph <= 4; ph++)
                for (int cl = 0; cl < 2; cl++) {
                    int was_plain = cl || plain(d); /* SIM_DEST_PLAIN where it is true */
                    memcpy(v, d, sizeof v);
                    memcpy(p, d, sizeof p);
                    sim_tile_simd_set(level);
                    sim_fpu_matmul(v, a, b, 0, ph, cl, fl | (was_plain ? SIM_DEST_PLAIN : 0),
                                   sim_tile_src_cols(a));
                    sim_tile_simd_set(0);
                    sim_fpu_matmul(p, a, b, 0, ph, cl, 0, ~0u);
                    compared++;
                    if (memcmp(v, p, sizeof v)) {
                        mismatched++;
                        printf(
                            "FAIL: matmul with zero columns differs: level %d rep %d ph %d cl %d\n",
                            level, rep, ph, cl);
                    }
                    /* what tile.c's DEST flag relies on: in-range tiles onto a
                     * plain DEST leave it plain */
                    if (was_plain) CHECK_TRUE(plain(p));
                }
        }
    /* unpacking Float16_b tiles: random bits (NaNs, subnormals too), and
     * values in the fused matmul's range with one word at or beside an
     * edge of it (0x2680 and 0x5900 are its ends), at every position;
     * the values bitwise, and the flags as a scan of the result gives */
    static const uint16_t range_edges[] = {0x2680, 0x267f, 0x58ff, 0x5900, 0x0000, 0x8000,
                                           0xa680, 0xa67f, 0xd8ff, 0xd900, 0x7f80, 0x0001};
    int nre = (int)(sizeof range_edges / sizeof range_edges[0]);
    for (level = best ? 1 : 0; level <= best; level++)
        for (int rep = 0; rep < 4 + 3 * nre + 32; rep++) {
            static uint8_t l1[TF_TILE_BF16];
            for (int i = 0; i < TF_TILE_BF16; i++) l1[i] = (uint8_t)tf_check_rand();
            if (rep >= 4 + 3 * nre + 16) {
                /* one value in a tile of +-0, at any row: its column alone
                 * is used, whichever of the rows a vector step takes
                 * together holds it */
                for (int i = 0; i < TF_TILE_ELEMS; i++) {
                    uint16_t z = tf_check_rand() & 1 ? 0x8000 : 0;
                    memcpy(l1 + 2 * i, &z, 2);
                }
                uint16_t one = 0x3f80;
                memcpy(l1 + 2 * (tf_check_rand() % TF_TILE_ELEMS), &one, 2);
            } else if (rep >= 4 + 3 * nre) {
                /* columns of +-0 (the CNN's activations: 3 or 16 channels
                 * of 32), each column kept or zeroed at random: which
                 * columns hold a value is the unpack's `cols` */
                uint32_t keep = (uint32_t)tf_check_rand() ^ ((uint32_t)tf_check_rand() << 16);
                for (uint32_t r = 0; r < 32; r++)
                    for (uint32_t c = 0; c < 32; c++)
                        if (!(keep >> c & 1)) {
                            uint16_t z = tf_check_rand() & 1 ? 0x8000 : 0;
                            memcpy(l1 + 2 * tf_tile_elem(r, c), &z, 2);
                        }
            } else if (rep >= 4) {
                for (int i = 0; i < TF_TILE_ELEMS; i++) { /* 1.0 .. 2.0, either sign */
                    uint16_t u = (uint16_t)(0x3f80 | (tf_check_rand() & 0x807f));
                    memcpy(l1 + 2 * i, &u, 2);
                }
                uint16_t e = range_edges[(rep - 4) % nre];
                int at = (int)(tf_check_rand() % TF_TILE_ELEMS);
                memcpy(l1 + 2 * at, &e, 2);
            }
            sim_tile_simd_set(level);
            uint32_t cv, cp;
            unsigned fv = sim_tile_unpack(l1, TF_DF_FLOAT16_B, a, &cv);
            sim_tile_simd_set(0);
            unsigned fp = sim_tile_unpack(l1, TF_DF_FLOAT16_B, b, &cp);
            compared++;
            if (memcmp(a, b, sizeof a)) {
                mismatched++;
                printf("FAIL: Float16_b unpack differs at level %d\n", level);
            }
            CHECK_EQ_U(fv, sim_tile_src_flags(b));
            CHECK_EQ_U(fp, sim_tile_src_flags(b));
            CHECK_EQ_U(cv, sim_tile_src_cols(b));
            CHECK_EQ_U(cp, sim_tile_src_cols(b));
        }
    /* unpacking the block floats: random exponents (255 and those below
     * the width, which the vector path leaves to the portable one, among
     * them) and random codes, each width; the values bitwise */
    static const struct {
        uint32_t df, bytes;
    } bfp[] = {
        {TF_DF_BFP8_B, TF_TILE_BFP8}, {TF_DF_BFP4_B, TF_TILE_BFP4}, {TF_DF_BFP2_B, TF_TILE_BFP2}};
    for (level = best ? 1 : 0; level <= best; level++)
        for (int k = 0; k < 3; k++)
            for (int rep = 0; rep < 24; rep++) {
                static uint8_t l1[TF_TILE_BFP8];
                for (uint32_t i = 0; i < bfp[k].bytes; i++) l1[i] = (uint8_t)tf_check_rand();
                for (int i = 0; i < 64 && rep % 2; i++) /* ordinary exponents but a few */
                    if (l1[i] > 200 || l1[i] < 100) l1[i] = (uint8_t)(100 + i);
                if (rep % 4 == 3) /* every value in range, or all but a row's (rep % 8 == 3) */
                    for (int r = 0; r < 64; r++)
                        l1[r] = (uint8_t)(r == rep % 64 && rep % 8 == 3 ? 76 + 102 * (k & 1) : 120);
                sim_tile_simd_set(level);
                uint32_t cv = 0;
                unsigned fv = sim_tile_unpack(l1, bfp[k].df, a, &cv);
                sim_tile_simd_set(0);
                unsigned fp = sim_tile_unpack(l1, bfp[k].df, b, NULL);
                compared++;
                if (memcmp(a, b, sizeof a)) {
                    mismatched++;
                    printf("FAIL: data format %u unpack differs at level %d\n", bfp[k].df, level);
                }
                /* the vector path's flags, as a scan of the tile gives;
                 * the portable path's: nothing known */
                CHECK_EQ_U(fv, level ? sim_tile_src_flags(b) : 0);
                CHECK_EQ_U(fp, 0);
                CHECK_EQ_U(cv, 0xffffffffu);
            }
    /* packing to Float16_b: random bits (NaNs of every payload, infinities,
     * subnormals), values half-way between two bf16 (the tie rounds to
     * even) and a carry into the exponent; then the same without a NaN
     * (the AVX2 pack rounds as if none were and packs a tile again if one
     * is) and with one NaN at any place; the bytes as the portable loop
     * writes them */
    for (level = best ? 1 : 0; level <= best; level++)
        for (int rep = 0; rep < 48; rep++) {
            static uint8_t pv[TF_TILE_BF16], pp[TF_TILE_BF16];
            for (int i = 0; i < TF_TILE_ELEMS; i++) {
                uint32_t w = (uint32_t)tf_check_rand() ^ ((uint32_t)tf_check_rand() << 16);
                if (rep % 3 == 1) w = (w & 0xffff0000u) | 0x8000u; /* a tie */
                if (rep % 3 == 2) w |= 0x7f7fffffu & ~(tf_check_rand() & 0x00800000u);
                memcpy(&a[i], &w, 4);
            }
            if (rep >= 24) {
                no_nans(a);
                if (rep % 2) one_nan(a);
            }
            memset(pv, 0x5a, sizeof pv);
            memset(pp, 0xa5, sizeof pp);
            sim_tile_simd_set(level);
            sim_tile_pack(a, TF_DF_FLOAT16_B, pv);
            sim_tile_simd_set(0);
            sim_tile_pack(a, TF_DF_FLOAT16_B, pp);
            compared++;
            if (memcmp(pv, pp, sizeof pv)) {
                mismatched++;
                printf("FAIL: Float16_b pack differs at level %d (rep %d)\n", level, rep);
            }
        }
    /* the row-major Float16_b tilize and untilize (32 rows `stride`
     * values apart, at odd and even strides and an unaligned start):
     * random bits, ties, carries; the values and bytes (the gaps between
     * rows too) as the portable loops make them */
    for (level = best ? 1 : 0; level <= best; level++)
        for (int rep = 0; rep < 48; rep++) {
            enum { MAXS = 3 * TF_TILE_DIM + 1 };
            static uint8_t rv[2 * MAXS * TF_TILE_DIM + 2], rp[sizeof rv];
            static const uint32_t strides[] = {TF_TILE_DIM, TF_TILE_DIM + 1, 2 * TF_TILE_DIM, MAXS};
            uint32_t stride = strides[rep % 4], off = (uint32_t)(rep & 4) >> 1;
            for (size_t i = 0; i < sizeof rv; i++) rv[i] = (uint8_t)tf_check_rand();
            sim_tile_simd_set(level);
            sim_tile_unpack_rows(rv + off, TF_DF_FLOAT16_B, stride, a);
            sim_tile_simd_set(0);
            sim_tile_unpack_rows(rv + off, TF_DF_FLOAT16_B, stride, b);
            compared++;
            if (memcmp(a, b, sizeof a)) {
                mismatched++;
                printf("FAIL: Float16_b tilize differs at level %d (rep %d)\n", level, rep);
            }
            for (int i = 0; i < TF_TILE_ELEMS; i++) {
                uint32_t w = (uint32_t)tf_check_rand() ^ ((uint32_t)tf_check_rand() << 16);
                if (rep % 3 == 1) w = (w & 0xffff0000u) | 0x8000u; /* a tie */
                if (rep % 3 == 2) w |= 0x7f7fffffu & ~(tf_check_rand() & 0x00800000u);
                memcpy(&a[i], &w, 4);
            }
            if (rep >= 24) { /* as the pack's */
                no_nans(a);
                if (rep % 2) one_nan(a);
            }
            memset(rv, 0x5a, sizeof rv);
            memset(rp, 0x5a, sizeof rp);
            sim_tile_simd_set(level);
            sim_tile_pack_rows(a, TF_DF_FLOAT16_B, stride, rv + off);
            sim_tile_simd_set(0);
            sim_tile_pack_rows(a, TF_DF_FLOAT16_B, stride, rp + off);
            compared++;
            if (memcmp(rv, rp, sizeof rv)) {
                mismatched++;
                printf("FAIL: Float16_b untilize differs at level %d (rep %d)\n", level, rep);
            }
        }
    for (level = best ? 1 : 0; level <= best; level++) sfpi_mad();
    /* the flags of the other formats' unpacks: nothing known */
    {
        static uint8_t l1[TF_TILE_FP32];
        memset(l1, 0, sizeof l1);
        uint32_t c = 0;
        CHECK_EQ_U(sim_tile_unpack(l1, TF_DF_FLOAT32, a, &c), 0);
        CHECK_EQ_U(c, 0xffffffffu);
        CHECK_EQ_U(sim_tile_unpack(l1, TF_DF_BFP8_B, a, NULL), 0);
        CHECK_EQ_U(sim_tile_src_flags(a), SIM_SRC_KNOWN | SIM_SRC_IN_RANGE | SIM_SRC_BF16);
    }
    setenv("TT_FOIL_TILE_SIMD", "0", 1); /* forces the portable loops */
    sim_tile_simd_set(-1);
    CHECK_EQ_U(sim_tile_simd(), 0);
    unsetenv("TT_FOIL_TILE_SIMD");
    sim_tile_simd_set(-1);
    CHECK_EQ_U(sim_tile_simd(), best);
    printf("test_tile_simd: %ld tile results compared, %ld differ, %ld in NaN payloads only\n",
           compared, mismatched, nan_payloads);
    CHECK_TRUE(mismatched == 0);
    CHECK_TRUE(compared > 1000);
    return tf_check_report("test_tile_simd");
}
