/* The exponent-A block floats Bfp8, Bfp4, Bfp2 (docs/chip.md, "Data
 * formats"; tt-metal's tt_metal/impl/data_format/blockfloat_common.cpp with
 * is_exp_a): a 5-bit shared exponent biased 15. The codec of
 * tf_tile_layout.h against a reference in float64 arithmetic
 * written here (the block's exponent from frexp, rint for the ties), over
 * random blocks with saturation, the flush below 2^-15, inf and NaN; the
 * engine's format argument, unpack, pack and typecast rounding
 * (sim/tile_format.c) and tf_tilize/tf_untilize agree with it; the formats
 * still refused (Lf8, Int8) stay refused; UInt8 tiles' unpack and pack,
 * and no integer op taking UInt8 as its format. */
#include "tf_check.h"
#include "tf_tile_layout.h"
#include "sim/tile_engine.h"
#include "tt_foil/tile.h"

#include <math.h>
#include <string.h>

/* One block of 16: its exponent byte and codes (sign in bit W). */
static void ref_block(const float v[16], unsigned w, uint8_t *exp, uint8_t code[16])
{
    double a[16];
    int e_max = -1;
    for (int k = 0; k < 16; k++) {
        double x = fabs((double)v[k]);
        if (isnan(v[k]) || x >= 0x1p17)
            x = ldexp(0x1.fffffep0, 16); /* saturates */
        else if (x < 0x1p-15)
            x = 0; /* flushes */
        a[k] = x;
        if (x > 0) {
            int e;
            (void)frexp(x, &e);
            if (e - 1 + 15 > e_max) e_max = e - 1 + 15;
        }
    }
    *exp = (uint8_t)(e_max < 0 ? 0 : e_max);
    double step = ldexp(1.0, *exp - 15 - ((int)w - 1));
    for (int k = 0; k < 16; k++) {
        double q = rint(a[k] / step);
        if (q > (1 << w) - 1) q = (1 << w) - 1;
        code[k] = (uint8_t)((signbit(v[k]) ? 1u << w : 0) | (unsigned)q);
    }
}

static float ref_value(uint8_t exp, uint8_t code, unsigned w)
{
    double v = ldexp(code & ((1u << w) - 1), (exp & 31) - 15 - ((int)w - 1));
    return (float)(code >> w & 1 ? -v : v);
}

static float rnd(uint32_t *s, int n)
{
    *s = *s * 1664525u + 1013904223u;
    uint32_t u = *s;
    switch (n % 8) {
    case 0: return tf_check_float((u & 0x807fffffu) | (uint32_t)(100 + (u >> 24) % 50) << 23);
    case 1: return (n & 16) ? INFINITY : -INFINITY;
    case 2: return (n & 16) ? NAN : tf_check_float(0xffc00001u);
    default: return tf_check_float((u & 0x807fffffu) | (uint32_t)(118 + (u >> 24) % 12) << 23);
    }
}

static void codec(void)
{
    static const unsigned widths[3] = {7, 3, 1};
    int bad = 0;
    uint32_t s = 5;
    for (int wi = 0; wi < 3; wi++) {
        unsigned w = widths[wi];
        for (int n = 0; n < 3000; n++) {
            float v[16], back[16];
            for (int k = 0; k < 16; k++) v[k] = rnd(&s, n % 5 ? 3 + k : (n + k) % 8 == 1 ? 1 : k);
            if (n % 7 == 0) v[n % 16] = rnd(&s, n / 7); /* specials now and then */
            uint8_t tile[TF_TILE_BFP8], e, code[16], got[16];
            memset(tile, 0, sizeof tile);
            tf_bfpa_pack_row(v, w, 0, tile);
            ref_block(v, w, &e, code);
            tf_bfp_codes(tile + 64, w, got);
            bad += tile[0] != e || memcmp(got, code, 16) != 0;
            tf_bfpa_unpack_row(tile, w, 0, back);
            for (int k = 0; k < 16; k++)
                bad += tf_check_bits(back[k]) != tf_check_bits(ref_value(e, code[k], w));
        }
    }
    CHECK_EQ_U(bad, 0);
    /* hand-worked, Bfp8 (W = 7): 1.0 alone has E = 15, code 64 */
    float v[16] = {1.0f}, back[16];
    uint8_t t[TF_TILE_BFP8] = {0}, m[16];
    tf_bfpa_pack_row(v, 7, 0, t);
    tf_bfp_codes(t + 64, 7, m);
    CHECK_EQ_U(t[0], 15);
    CHECK_EQ_U(m[0], 64);
    /* a tie (1 + 1/128 on a grid of 1/64): to even, down; 1 + 3/128 up */
    v[0] = 1.0f + 0x1p-7f, v[1] = 1.0f + 3 * 0x1p-7f;
    tf_bfpa_pack_row(v, 7, 0, t);
    tf_bfp_codes(t + 64, 7, m);
    CHECK_EQ_U(m[0], 64);
    CHECK_EQ_U(m[1], 66);
    /* saturation: 2^17 and inf give E = 31 and the largest magnitude */
    v[0] = 0x1p17f, v[1] = -INFINITY, v[2] = NAN, v[3] = 1.0f;
    tf_bfpa_pack_row(v, 7, 0, t);
    tf_bfp_codes(t + 64, 7, m);
    CHECK_EQ_U(t[0], 31);
    CHECK_EQ_U(m[0], 127);
    CHECK_EQ_U(m[1], 255);
    CHECK_EQ_U(m[2], 127);
    CHECK_EQ_U(m[3], 0); /* 1.0 on a grid of 2^10 */
    tf_bfpa_unpack_row(t, 7, 0, back);
    CHECK_EQ_U(tf_check_bits(back[0]), tf_check_bits(130048.0f)); /* 127 x 2^10 */
    CHECK_EQ_U(tf_check_bits(back[1]), tf_check_bits(-130048.0f));
    /* below 2^-15: 0 (its sign kept); 2^-15 itself is E = 0 */
    memset(v, 0, sizeof v);
    v[0] = 0x1p-15f, v[1] = -0x1.fp-16f, v[2] = 1e-40f;
    tf_bfpa_pack_row(v, 7, 0, t);
    tf_bfp_codes(t + 64, 7, m);
    CHECK_EQ_U(t[0], 0);
    CHECK_EQ_U(m[0], 64);
    CHECK_EQ_U(m[1], 128);
    CHECK_EQ_U(m[2], 0);
    /* the smallest values decode to normal fp32: 1 x 2^(0 - 15 - 6) */
    t[0] = 0, t[64] = 1;
    tf_bfpa_unpack_row(t, 7, 0, back);
    CHECK_EQ_U(tf_check_bits(back[0]), tf_check_bits(0x1p-21f));
    t[0] = 0xe0 | 15; /* only the low 5 bits count */
    t[64] = 64;
    tf_bfpa_unpack_row(t, 7, 0, back);
    CHECK_EQ_U(tf_check_bits(back[0]), tf_check_bits(1.0f));
}

static void tiles(void)
{
    static const struct {
        tf_tile_format f;
        uint32_t df, bytes;
        unsigned w;
    } fm[3] = {{TF_TILE_FORMAT_BFP8, TF_DF_BFP8, 1088, 7},
               {TF_TILE_FORMAT_BFP4, TF_DF_BFP4, 576, 3},
               {TF_TILE_FORMAT_BFP2, TF_DF_BFP2, 320, 1}};
    enum { R = 40, C = 50 };
    static float m[R * C], back[R * C], t[1024], u[1024];
    static uint8_t h[4 * 1088], again[1088];
    uint32_t s = 3;
    for (int i = 0; i < R * C; i++) m[i] = rnd(&s, i % 97 == 1 ? 1 : 3);
    for (int k = 0; k < 3; k++) {
        CHECK_EQ_U(tf_tile_bytes(fm[k].f), fm[k].bytes);
        uint32_t df = 0, bytes = 0; /* the engine's format argument: by format */
        CHECK_EQ_U(sim_tile_format(TF_TILE_FMT(fm[k].df), &df, &bytes), 0);
        CHECK_EQ_U(df, fm[k].df);
        CHECK_EQ_U(bytes, fm[k].bytes);
        CHECK_TRUE(TF_DF_SUPPORTED(fm[k].df));
        CHECK_EQ_U(sim_tile_elem_bytes(fm[k].df), 0); /* no row-major form */
        CHECK_TRUE(TF_DF_EXP_A(fm[k].df));
        /* cast as any float format, to and from the integers too */
        CHECK_TRUE(TF_TYPECAST_OK(TF_DF_FLOAT32, fm[k].df));
        CHECK_TRUE(TF_TYPECAST_OK(fm[k].df, TF_DF_FLOAT16_B));
        CHECK_TRUE(TF_TYPECAST_OK(fm[k].df, TF_DF_INT32));
        CHECK_TRUE(TF_TYPECAST_OK(TF_DF_UINT16, fm[k].df));
        CHECK_EQ_U(tf_tilize(m, R, C, fm[k].f, h), 0);
        CHECK_EQ_U(tf_untilize(h, R, C, fm[k].f, back), 0);
        /* the host's tiles as the codec's rows: tile (0, 0), face row by face row */
        int ok = 1;
        for (uint32_t r = 0; r < 32; r++)
            for (uint32_t c = 0; c < 32; c += 16) {
                float row[16], got[16];
                uint8_t e, code[16], cg[16];
                for (int j = 0; j < 16; j++) row[j] = m[r * C + c + (uint32_t)j];
                ref_block(row, fm[k].w, &e, code);
                uint32_t i = tf_tile_elem(r, c);
                tf_bfp_codes(h + 64 + i * (fm[k].w + 1) / 8, fm[k].w, cg);
                ok &= h[i / 16] == e && memcmp(cg, code, 16) == 0;
                for (int j = 0; j < 16; j++) got[j] = back[r * C + c + (uint32_t)j];
                for (int j = 0; j < 16; j++)
                    ok &= tf_check_bits(got[j]) == tf_check_bits(ref_value(e, code[j], fm[k].w));
            }
        CHECK_TRUE(ok);
        /* the engine reads tile 0 as the host does, and packs it back to the same bytes */
        CHECK_EQ_U(sim_tile_unpack(h, fm[k].df, t, NULL), 0);
        ok = 1;
        for (uint32_t r = 0; r < 32; r++)
            for (uint32_t c = 0; c < 32; c++)
                ok &= tf_check_bits(t[r * 32 + c]) == tf_check_bits(back[r * C + c]);
        CHECK_TRUE(ok);
        sim_tile_pack(t, fm[k].df, again);
        CHECK_TRUE(memcmp(again, h, fm[k].bytes) == 0);
        memcpy(u, t, sizeof u);
        sim_tile_round_to(u, fm[k].df); /* (exact already: packing again changes nothing) */
        CHECK_TRUE(memcmp(u, t, sizeof u) == 0);
        /* any fp32 tile (saturating values, inf, NaN, the flush below
         * 2^-15): the engine's pack writes the host's tilize bytes, and a
         * typecast leaves DEST holding the values those bytes decode to */
        static float any[1024], any_back[1024];
        for (int i = 0; i < 1024; i++) any[i] = rnd(&s, i % 13 == 5 ? 1 : i % 29 == 3 ? 2 : 3);
        any[7] = 0x1p18f, any[8] = -0x1p-16f, any[9] = 1e-40f;
        CHECK_EQ_U(tf_tilize(any, 32, 32, fm[k].f, h), 0);
        sim_tile_pack(any, fm[k].df, again);
        CHECK_TRUE(memcmp(again, h, fm[k].bytes) == 0);
        CHECK_EQ_U(tf_untilize(h, 32, 32, fm[k].f, any_back), 0);
        memcpy(u, any, sizeof u);
        sim_tile_round_to(u, fm[k].df);
        CHECK_TRUE(memcmp(u, any_back, sizeof u) == 0);
        CHECK_EQ_U(sim_tile_unpack(h, fm[k].df, t, NULL), 0);
        CHECK_TRUE(memcmp(t, any_back, sizeof t) == 0);
        /* and unpack then pack gives the same bytes back */
        sim_tile_pack(t, fm[k].df, again);
        CHECK_TRUE(memcmp(again, h, fm[k].bytes) == 0);
    }
    /* the formats the engine still refuses: Lf8, Int8 (and Tf32, which
     * has no tile in L1, and 31, no format); no typecast to them either */
    static const uint32_t refused[4] = {10, 14, 4, 31};
    for (int k = 0; k < 4; k++) {
        uint32_t df = 0, bytes = 0;
        CHECK_TRUE(sim_tile_format(TF_TILE_FMT(refused[k]), &df, &bytes) != 0);
        CHECK_TRUE(!TF_TYPECAST_OK(TF_DF_FLOAT32, refused[k]));
        CHECK_TRUE(!TF_TYPECAST_OK(refused[k], TF_DF_BFP8));
    }
    /* UInt8 tiles (1024 bytes) are integer tiles, but no integer op takes
     * UInt8 as its format (tt-metal's templates take Int32, UInt32,
     * UInt16): the engine's op refuses it (sim/tile.c faults naming it) */
    uint32_t df = 0, bytes = 0;
    CHECK_EQ_U(sim_tile_format(TF_TILE_FMT(TF_DF_UINT8), &df, &bytes), 0);
    CHECK_EQ_U(bytes, 1024);
    CHECK_EQ_U(sim_tile_elem_bytes(TF_DF_UINT8), 1);
    CHECK_TRUE(TF_DF_INTEGER(TF_DF_UINT8) && !TF_DF_INT_OP(TF_DF_UINT8));
    static float x[1024], y[1024], d[1024];
    CHECK_TRUE(sim_sfpu_int_binary(d, x, y, TF_SFPU_ADD_INT, TF_DF_UINT8) != 0);
    CHECK_EQ_U(sim_sfpu_int_binary(d, x, y, TF_SFPU_ADD_INT, TF_DF_UINT16), 0);
    /* its bytes zero-extended into DEST and packed back as the low 8 bits */
    static uint8_t u8[1024], back8[1024];
    for (int i = 0; i < 1024; i++) u8[i] = (uint8_t)(i * 37 + 11);
    CHECK_EQ_U(sim_tile_unpack(u8, TF_DF_UINT8, d, NULL), 0);
    int ok = 1;
    for (uint32_t r = 0; r < 32; r++)
        for (uint32_t c = 0; c < 32; c++)
            ok &= tf_check_bits(d[r * 32 + c]) == u8[tf_tile_elem(r, c)];
    CHECK_TRUE(ok);
    for (int i = 0; i < 1024; i++) d[i] = tf_check_float(0xabcd0000u | (uint32_t)i);
    sim_tile_pack(d, TF_DF_UINT8, back8);
    ok = 1;
    for (uint32_t r = 0; r < 32; r++)
        for (uint32_t c = 0; c < 32; c++) ok &= back8[tf_tile_elem(r, c)] == ((r * 32 + c) & 0xffu);
    CHECK_TRUE(ok);
    /* the _b page sizes still mean the _b forms */
    CHECK_EQ_U(sim_tile_format(1088, &df, &bytes), 0);
    CHECK_EQ_U(df, TF_DF_BFP8_B);
}

int main(void)
{
    codec();
    tiles();
    return tf_check_report("test_tile_bfpa");
}
