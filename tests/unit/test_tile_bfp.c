/* The block floats Bfp8_b, Bfp4_b and Bfp2_b (docs/chip.md, "Data
 * formats"): the codec of tf_tile_layout.h and the host's
 * tf_tilize/tf_untilize against a reference written here in float64
 * arithmetic (frexp for the shared exponent, rint for the rounding to
 * nearest even, ldexp for the decode) and an independent placement of
 * exponents and codes in a tile (element 2k of Bfp4_b in byte k's low
 * nibble, as tt-metal's blockfloat_common.cpp packs). Bit for bit: block
 * exponents, codes, tile bytes, decoded values; edge cases (zeros, -0,
 * large and tiny values in one block, negatives, the largest and smallest
 * exponents, subnormal inputs and results, ties, saturation, inf and
 * NaN), random blocks, and the errors. */
#include "tf_check.h"
#include "tf_tile_layout.h"
#include "tf_tile.h"
#include "tt_foil/error.h"
#include "tt_foil/tile.h"

#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* ---- the reference ----------------------------------------------------------------- */

/* The block's exponent and each value's code (sign in bit w, magnitude
 * below): E = the largest biased exponent of the normal values; the
 * magnitude |v| / 2^(E - 127 - (w - 1)) rounded to nearest even, at most
 * 2^w - 1; subnormal inputs are 0. A block holding inf or NaN: E = 255,
 * inf 2^(w - 1) with its sign, NaN 2^w - 1 unsigned, finite values 0
 * with their sign. */
static void ref_encode(const float v[16], unsigned w, uint8_t *e_out, uint8_t code[16])
{
    int emax = 0, special = 0;
    for (int k = 0; k < 16; k++) {
        if (isinf(v[k]) || isnan(v[k])) {
            special = 1;
        } else if (fabsf(v[k]) >= FLT_MIN) {
            int x;
            (void)frexp(v[k], &x); /* v = f 2^x, f in [0.5, 1): biased exponent x - 1 + 127 */
            if (x + 126 > emax) emax = x + 126;
        }
    }
    unsigned top = (1u << w) - 1;
    *e_out = special ? 255 : (uint8_t)emax;
    for (int k = 0; k < 16; k++) {
        unsigned neg = signbit(v[k]) ? 1u : 0u, q = 0;
        if (special) {
            if (isnan(v[k]))
                neg = 0, q = top;
            else if (isinf(v[k]))
                q = 1u << (w - 1);
        } else if (fabsf(v[k]) >= FLT_MIN) {
            double m = rint(fabs((double)v[k]) / ldexp(1.0, emax - 127 - ((int)w - 1)));
            q = m > top ? top : (unsigned)m;
        }
        code[k] = (uint8_t)(neg << w | q);
    }
}

static float ref_decode(uint8_t e, uint8_t code, unsigned w)
{
    int neg = code >> w & 1;
    unsigned q = code & ((1u << w) - 1);
    if (e == 255) {
        if (q == 0) return neg ? -0.0f : 0.0f;
        if (q == 1u << (w - 1)) return neg ? -INFINITY : INFINITY;
        return NAN;
    }
    double v = e == 0 ? 0.0 : ldexp((double)q, e - 127 - ((int)w - 1));
    return (float)(neg ? -v : v);
}

static int same_float(float a, float b)
{
    return isnan(a) ? isnan(b) && tf_check_bits(b) == 0x7fc00000u
                    : tf_check_bits(a) == tf_check_bits(b);
}

/* ---- the codec, block by block ----------------------------------------------------- */

static int blocks_checked, blocks_bad;

static void block(const float v[16], unsigned w)
{
    uint8_t e, m[16], re, rm[16];
    tf_bfp_encode(v, w, &e, m);
    ref_encode(v, w, &re, rm);
    int ok = e == re && memcmp(m, rm, 16) == 0;
    for (int k = 0; k < 16 && ok; k++)
        ok = same_float(ref_decode(re, rm[k], w), tf_bfp_decode(e, m[k], w));
    blocks_checked++;
    if (!ok && blocks_bad++ < 5) {
        fprintf(stderr, "w %u: E %u (want %u):", w, e, re);
        for (int k = 0; k < 16; k++) fprintf(stderr, " %g:%02x/%02x", (double)v[k], m[k], rm[k]);
        fprintf(stderr, "\n");
    }
}

static void fill(float v[16], float x)
{
    for (int k = 0; k < 16; k++) v[k] = x;
}

static uint32_t seed = 2024;
static uint32_t rnd32(void)
{
    seed ^= seed << 13;
    seed ^= seed >> 17;
    seed ^= seed << 5;
    return seed;
}

static void codec(unsigned w)
{
    float v[16];
    fill(v, 0.0f); /* zeros, and -0 keeps its sign */
    block(v, w);
    v[3] = -0.0f;
    block(v, w);
    for (int k = 0; k < 16; k++) v[k] = (float)(k - 8) * 0.37f; /* negatives */
    block(v, w);
    fill(v, 1e-3f); /* large and tiny in one block */
    v[0] = 1e3f;
    v[1] = -1e-30f;
    v[2] = 255.0f;
    v[3] = 129.0f;
    block(v, w);
    fill(v, FLT_MAX); /* the largest exponent; values that round past 2^w - 1 saturate */
    v[1] = -3e38f;
    v[2] = 1e38f;
    block(v, w);
    fill(v, FLT_MIN); /* the smallest: results below FLT_MIN are subnormals */
    v[1] = 1.5f * FLT_MIN;
    v[2] = -1.75f * FLT_MIN;
    v[3] = 1e-40f; /* a subnormal input: 0 */
    block(v, w);
    fill(v, 1e-41f); /* subnormals only: E = 0 */
    block(v, w);
    for (int k = 0; k < 16; k++) v[k] = (float)k / 8.0f; /* ties at every step size */
    block(v, w);
    for (int k = 0; k < 16; k++) v[k] = (float)k * 0.0625f + 0.03125f;
    block(v, w);
    fill(v, 2.0f); /* inf and NaN: E = 255 */
    v[0] = INFINITY;
    v[1] = -INFINITY;
    v[2] = NAN;
    v[3] = -5.0f;
    block(v, w);
    v[2] = -NAN;
    block(v, w);
    for (int n = 0; n < 20000; n++) {
        /* random finite bit patterns, and blocks within a few octaves */
        int narrow = n & 1;
        uint32_t base = 100 + rnd32() % 50;
        for (int k = 0; k < 16; k++) {
            uint32_t u = rnd32();
            if (narrow) u = (u & 0x807fffffu) | (base + rnd32() % 8) << 23;
            if (((u >> 23) & 0xff) == 0xff) u &= 0xbfffffffu;
            v[k] = tf_check_float(u);
        }
        block(v, w);
    }
}

/* Hand-worked examples (the reference's own check). Bfp4_b {1, 0.75,
 * 0.3, -1.75, 0.125}: E = 127, steps of 0.25: codes 4, 3, 1 (1.2), 8|7,
 * 0 (0.5: a tie to even). Bfp2_b: steps of 1: 1, 1 (0.75), 0, 2|1 (1.75
 * saturates), 0 (0.5: a tie to even). */
static void worked(void)
{
    float v[16] = {1.0f, 0.75f, 0.3f, -1.75f, 0.125f};
    uint8_t e, m[16];
    tf_bfp_encode(v, 3, &e, m);
    CHECK_EQ_U(e, 127);
    CHECK_EQ_U(m[0], 4);
    CHECK_EQ_U(m[1], 3);
    CHECK_EQ_U(m[2], 1);
    CHECK_EQ_U(m[3], 0xf);
    CHECK_EQ_U(m[4], 0);
    CHECK_TRUE(tf_bfp_decode(e, m[3], 3) == -1.75f);
    CHECK_TRUE(tf_bfp_decode(e, m[2], 3) == 0.25f);
    v[4] = 0.5f;
    tf_bfp_encode(v, 1, &e, m);
    CHECK_EQ_U(e, 127);
    CHECK_EQ_U(m[0], 1);
    CHECK_EQ_U(m[1], 1);
    CHECK_EQ_U(m[2], 0);
    CHECK_EQ_U(m[3], 3);
    CHECK_EQ_U(m[4], 0);
    CHECK_TRUE(tf_bfp_decode(e, m[3], 1) == -1.0f);
    /* Bfp2_b has no NaN: a NaN packs as +inf */
    v[5] = NAN;
    tf_bfp_encode(v, 1, &e, m);
    CHECK_EQ_U(e, 255);
    CHECK_TRUE(tf_bfp_decode(e, m[5], 1) == INFINITY);
    CHECK_TRUE(tf_bfp_decode(e, m[3], 1) == -0.0f && signbit(tf_bfp_decode(e, m[3], 1)));
}

/* ---- tiles ----------------------------------------------------------------------------- */

/* The bytes of the tiles of a rows x cols matrix, placed independently:
 * element (r, c) of a tile is number face x 256 + (r % 16) x 16 + c % 16
 * (face = 2 (r / 16) + c / 16), its block's exponent at byte number / 16,
 * its code at bit (w + 1) number past byte 64, low bits first. */
static void ref_tiles(const float *src, uint32_t rows, uint32_t cols, unsigned w, uint8_t *out)
{
    uint32_t tr_n = (rows + 31) / 32, tc_n = (cols + 31) / 32, tb = 64 + 1024 * (w + 1) / 8;
    memset(out, 0, (size_t)tr_n * tc_n * tb);
    for (uint32_t tr = 0; tr < tr_n; tr++)
        for (uint32_t tc = 0; tc < tc_n; tc++) {
            uint8_t *t = out + ((size_t)tr * tc_n + tc) * tb;
            for (uint32_t r = 0; r < 32; r++)
                for (uint32_t c0 = 0; c0 < 32; c0 += 16) {
                    float v[16];
                    for (uint32_t k = 0; k < 16; k++) {
                        uint32_t gr = tr * 32 + r, gc = tc * 32 + c0 + k;
                        v[k] = gr < rows && gc < cols ? src[gr * cols + gc] : 0.0f;
                    }
                    uint8_t e, code[16];
                    ref_encode(v, w, &e, code);
                    uint32_t first = ((r / 16) * 2 + c0 / 16) * 256 + (r % 16) * 16;
                    t[first / 16] = e;
                    for (uint32_t k = 0; k < 16; k++) {
                        uint32_t bit = (first + k) * (w + 1);
                        t[64 + bit / 8] |= (uint8_t)(code[k] << (bit % 8));
                    }
                }
        }
}

static void tiles(tf_tile_format f, unsigned w, uint32_t tile)
{
    enum { R = 40, C = 70 }; /* 2 x 3 tiles, the last row and column padded */
    static float m[R * C], back[R * C];
    for (int i = 0; i < R * C; i++) {
        uint32_t u = rnd32();
        /* values within 16 octaves, some negative, a few zeros */
        m[i] = u % 13 == 0
                   ? 0.0f
                   : ldexpf((float)(u >> 8 & 0xffff) / 65536.0f + 0.5f, (int)(u >> 24 & 15) - 8) *
                         (u & 1 ? -1.0f : 1.0f);
    }
    m[5] = INFINITY;
    m[C + 40] = NAN;
    m[3 * C + 3] = 1e-40f;
    CHECK_EQ_U(tf_tile_bytes(f), tile);
    CHECK_EQ_U(tf_tiled_bytes(R, C, f), 6 * tile);
    uint8_t *got = malloc(6 * tile), *want = malloc(6 * tile);
    CHECK_EQ_U(tf_tilize(m, R, C, f, got), 0);
    ref_tiles(m, R, C, w, want);
    CHECK_TRUE(memcmp(got, want, 6 * (size_t)tile) == 0);
    CHECK_EQ_U(tf_untilize(got, R, C, f, back), 0);
    int ok = 1;
    uint32_t tb = 64 + 1024 * (w + 1) / 8;
    for (uint32_t r = 0; r < R; r++)
        for (uint32_t c = 0; c < C; c++) {
            const uint8_t *t = want + ((r / 32) * 3 + c / 32) * tb;
            uint32_t tr = r % 32, tc = c % 32;
            uint32_t n = ((tr / 16) * 2 + tc / 16) * 256 + (tr % 16) * 16 + tc % 16;
            uint32_t bit = n * (w + 1);
            uint8_t code = (uint8_t)(t[64 + bit / 8] >> (bit % 8) & ((1u << (w + 1)) - 1));
            ok &= same_float(ref_decode(t[n / 16], code, w), back[r * C + c]);
        }
    CHECK_TRUE(ok);
    free(got);
    free(want);
}

/* A row's decode (tf_bfp_unpack_row: the normal rows by exponent
 * arithmetic, the rest value by value) is each code's tf_bfp_decode, bit
 * for bit (checked against the reference above), for every exponent byte
 * and random codes. */
static void row_decode(unsigned w)
{
    uint8_t tile[64 + 1024];
    unsigned bad = 0;
    for (unsigned e = 0; e < 256; e++)
        for (int trial = 0; trial < 8; trial++) {
            memset(tile, 0, sizeof tile);
            tile[0] = (uint8_t)e;
            for (unsigned b = 0; b < 16 * (w + 1) / 8; b++) tile[64 + b] = (uint8_t)tf_check_rand();
            if (trial == 0) memset(tile + 64, 0, 16); /* zeros of both signs come up too */
            float v[16];
            uint8_t code[16];
            tf_bfp_unpack_row(tile, w, 0, v);
            unsigned per = 8 / (w + 1), mask = (1u << (w + 1)) - 1;
            for (unsigned k = 0; k < 16; k++) {
                code[k] = (uint8_t)(tile[64 + k / per] >> (k % per * (w + 1)) & mask);
                bad += tf_check_bits(v[k]) != tf_check_bits(tf_bfp_decode((uint8_t)e, code[k], w));
            }
        }
    CHECK_EQ_U(bad, 0);
}

int main(void)
{
    CHECK_EQ_U(TF_TILE_BFP4, 576);
    CHECK_EQ_U(TF_TILE_BFP2, 320);
    CHECK_EQ_U(tf_bfp_tile_bytes(3), 576);
    CHECK_EQ_U(tf_bfp_tile_bytes(1), 320);
    worked();
    for (unsigned w = 1; w <= 7; w += 2)
        if (w != 5) codec(w);
    CHECK_EQ_U(blocks_bad, 0);
    CHECK_EQ_U(blocks_checked, 3 * 20011); /* 11 edge blocks and 20000 random, each width */
    row_decode(7);
    row_decode(3);
    row_decode(1);
    tiles(TF_TILE_FORMAT_BFP8_B, 7, 1088);
    tiles(TF_TILE_FORMAT_BFP4_B, 3, 576);
    tiles(TF_TILE_FORMAT_BFP2_B, 1, 320);

    /* errors: a value that is not a format */
    static float m[32 * 32];
    static uint8_t t[4096];
    CHECK_EQ_U(tf_tile_bytes((tf_tile_format)6), 0);
    CHECK_TRUE(tf_tilize(m, 32, 32, (tf_tile_format)6, t) != 0);
    CHECK_CONTAINS(tf_last_error(),
                   "tf_tilize: unknown tile format 6 (TF_TILE_FORMAT_BF16, _FP32, _BFP8_B, "
                   "_BFP4_B, _BFP2_B or _FP16)");
    CHECK_TRUE(tf_untilize(t, 32, 32, (tf_tile_format)-1, m) != 0);
    CHECK_CONTAINS(tf_last_error(), "tf_untilize: unknown tile format -1");
    return tf_check_report("test_tile_bfp");
}
