/* Fp8_e4m3 (docs/chip.md, "Data formats"; tt-metal's
 * tt_metal/impl/data_format/float8.cpp): the conversions of
 * tf_tile_layout.h against a reference in float64 arithmetic
 * written here, every one of the 256 codes widened and narrowed back, ties,
 * saturation, the flush below 2^-6, NaN; the engine's unpack and pack of
 * tiles and row-major blocks (sim/tile_format.c), the host's
 * tf_tilize/tf_untilize, and the engine's format argument. */
#include "tf_check.h"
#include "tf_tile_layout.h"
#include "sim/tile_engine.h"
#include "tt_foil/tile.h"

#include <math.h>
#include <string.h>

static float ref_widen(uint8_t b)
{
    int e = b >> 3 & 15, m = b & 7;
    if (e == 15) return NAN;
    double v = e ? ldexp(8 + m, e - 10) : 0.0;
    return (float)(b & 0x80 ? -v : v);
}

/* Round to nearest even among the finite codes 0x08..0x77 (x 2^-6 up to
 * 240); below 2^-6 +-0, beyond 240 (after rounding) +-240, NaN 0x7f. */
static uint8_t ref_round(float v)
{
    if (isnan(v)) return 0x7f;
    uint8_t sign = signbit(v) ? 0x80 : 0;
    double a = fabs((double)v);
    if (a < 0x1p-6) return sign;
    if (isinf(a)) return sign | 0x77;
    int x;
    (void)frexp(a, &x);               /* a in [2^(x-1), 2^x) */
    double q = rint(ldexp(a, 4 - x)); /* 8..16 */
    int e = x - 1 + 7;
    if (q == 16) q = 8, e++;
    if (e > 14) return sign | 0x77;
    return sign | (uint8_t)(e << 3) | (uint8_t)(q - 8);
}

static void conversions(void)
{
    int bad = 0;
    for (uint32_t b = 0; b < 256; b++) {
        float w = tf_fp8_widen((uint8_t)b), r = ref_widen((uint8_t)b);
        int e = b >> 3 & 15;
        if (e == 15) {
            bad += tf_check_bits(w) != 0x7fc00000u;
            bad += tf_fp8_round(w) != 0x7f;
            continue;
        }
        bad += tf_check_bits(w) != tf_check_bits(r);
        /* back again: the code itself, but exponent 0's codes are +-0 */
        uint8_t want = e ? (uint8_t)b : (uint8_t)(b & 0x80);
        bad += tf_fp8_round(w) != want;
    }
    CHECK_EQ_U(bad, 0);
    CHECK_EQ_U(tf_fp8_round(1.0f), 0x38);
    CHECK_EQ_U(tf_fp8_round(1.0625f), 0x38);  /* a tie: to even (down) */
    CHECK_EQ_U(tf_fp8_round(1.1875f), 0x3a);  /* a tie: to even (up) */
    CHECK_EQ_U(tf_fp8_round(1.0626f), 0x39);  /* above the tie */
    CHECK_EQ_U(tf_fp8_round(1.96875f), 0x40); /* carry into the exponent: 2 */
    CHECK_EQ_U(tf_fp8_round(240.0f), 0x77);   /* the largest */
    CHECK_EQ_U(tf_fp8_round(247.99f), 0x77);  /* below the tie with 256 */
    CHECK_EQ_U(tf_fp8_round(248.0f), 0x77);   /* the tie: would be 256, saturates */
    CHECK_EQ_U(tf_fp8_round(448.0f), 0x77);   /* (OCP e4m3fn's largest) */
    CHECK_EQ_U(tf_fp8_round(-1e30f), 0xf7);
    CHECK_EQ_U(tf_fp8_round(INFINITY), 0x77); /* no inf: saturates */
    CHECK_EQ_U(tf_fp8_round(-INFINITY), 0xf7);
    CHECK_EQ_U(tf_fp8_round(NAN), 0x7f);
    CHECK_EQ_U(tf_fp8_round(tf_check_float(0xffc12345u)), 0x7f); /* -NaN: 0x7f too */
    CHECK_EQ_U(tf_fp8_round(0x1p-6f), 0x08);                     /* the smallest */
    CHECK_EQ_U(tf_fp8_round(0x1.fp-7f), 0x00);                   /* below it: 0, no rounding up */
    CHECK_EQ_U(tf_fp8_round(-0x1p-9f), 0x80);                    /* an OCP subnormal: -0 here */
    CHECK_EQ_U(tf_fp8_round(1e-40f), 0x00);                      /* an fp32 subnormal */
    CHECK_EQ_U(tf_fp8_round(-0.0f), 0x80);
    CHECK_EQ_U(tf_check_bits(tf_fp8_widen(0x01)), 0); /* a subnormal code reads as 0 */
    CHECK_EQ_U(tf_check_bits(tf_fp8_widen(0x81)), 0x80000000u);
    CHECK_EQ_U(tf_check_bits(tf_fp8_widen(0x78)), 0x7fc00000u); /* exponent 15: NaN */
    CHECK_EQ_U(tf_check_bits(tf_fp8_widen(0xf7)), tf_check_bits(-240.0f));
    int rbad = 0;
    uint32_t s = 11;
    for (int n = 0; n < 200000; n++) {
        s = s * 1664525u + 1013904223u;
        uint32_t u = s;
        if (n & 1) u = (u & 0x807fffffu) | (uint32_t)(115 + (s >> 24) % 25) << 23; /* near range */
        float v = tf_check_float(u);
        if (tf_fp8_round(v) != ref_round(v) && rbad++ < 5)
            fprintf(stderr, "round 0x%08x: 0x%02x, want 0x%02x\n", u, tf_fp8_round(v),
                    ref_round(v));
    }
    CHECK_EQ_U(rbad, 0);
}

static uint32_t place(uint32_t r, uint32_t c)
{
    return ((r / 16) * 2 + c / 16) * 256 + (r % 16) * 16 + c % 16;
}

static void tiles(void)
{
    enum { R = 40, C = 50 };
    static float m[R * C], back[R * C], t[1024];
    static uint8_t h[4 * 1024], row_l1[64 * 32], again[1024];
    uint32_t s = 99;
    for (int i = 0; i < R * C; i++) {
        s = s * 1664525u + 1013904223u;
        m[i] = tf_check_float((s & 0x807fffffu) | (uint32_t)(115 + (s >> 24) % 25) << 23);
    }
    m[7] = NAN;
    m[8] = 1e9f;
    m[9] = -INFINITY;
    CHECK_EQ_U(tf_tile_bytes(TF_TILE_FORMAT_FP8_E4M3), 1024);
    CHECK_TRUE(tf_tiled_bytes(R, C, TF_TILE_FORMAT_FP8_E4M3) == sizeof h);
    CHECK_EQ_U(tf_tilize(m, R, C, TF_TILE_FORMAT_FP8_E4M3, h), 0);
    int ok = 1;
    for (uint32_t r = 0; r < 64; r++)
        for (uint32_t c = 0; c < 64; c++) {
            float v = r < R && c < C ? m[r * C + c] : 0.0f;
            ok &= h[((r / 32) * 2 + c / 32) * 1024 + place(r % 32, c % 32)] == ref_round(v);
        }
    CHECK_TRUE(ok);
    CHECK_EQ_U(tf_untilize(h, R, C, TF_TILE_FORMAT_FP8_E4M3, back), 0);
    ok = 1;
    for (int i = 0; i < R * C; i++) {
        float want = ref_widen(ref_round(m[i]));
        ok &= isnan(want) ? tf_check_bits(back[i]) == 0x7fc00000u
                          : tf_check_bits(back[i]) == tf_check_bits(want);
    }
    CHECK_TRUE(ok);
    /* the engine: the format argument, unpack, pack, row-major blocks */
    uint32_t df = 0, bytes = 0;
    CHECK_EQ_U(sim_tile_format(TF_TILE_FMT(TF_DF_FP8_E4M3), &df, &bytes), 0);
    CHECK_EQ_U(df, TF_DF_FP8_E4M3);
    CHECK_EQ_U(bytes, 1024);
    CHECK_TRUE(sim_tile_format(1024, &df, &bytes) != 0);            /* no page-size form */
    CHECK_TRUE(sim_tile_format(TF_TILE_FMT(10), &df, &bytes) != 0); /* Lf8: refused */
    CHECK_EQ_U(sim_tile_elem_bytes(TF_DF_FP8_E4M3), 1);
    CHECK_TRUE(TF_DF_EXP_A(TF_DF_FP8_E4M3));
    CHECK_TRUE(TF_TYPECAST_OK(TF_DF_FLOAT32, TF_DF_FP8_E4M3));
    CHECK_EQ_U(sim_tile_unpack(h, TF_DF_FP8_E4M3, t, NULL), 0);
    ok = 1;
    for (uint32_t r = 0; r < 32; r++)
        for (uint32_t c = 0; c < 32; c++) {
            float want = ref_widen(h[place(r, c)]);
            ok &= isnan(want) ? isnan(t[r * 32 + c])
                              : tf_check_bits(t[r * 32 + c]) == tf_check_bits(want);
        }
    CHECK_TRUE(ok);
    for (int i = 0; i < 1024; i++) t[i] = m[i % (R * C)] * 3.0f;
    sim_tile_pack(t, TF_DF_FP8_E4M3, again);
    ok = 1;
    for (uint32_t r = 0; r < 32; r++)
        for (uint32_t c = 0; c < 32; c++) ok &= again[place(r, c)] == ref_round(t[r * 32 + c]);
    CHECK_TRUE(ok);
    for (int i = 0; i < 64 * 32; i++) row_l1[i] = (uint8_t)(0x13 + 37 * i);
    sim_tile_unpack_rows(row_l1, TF_DF_FP8_E4M3, 64, t);
    ok = 1;
    for (uint32_t r = 0; r < 32; r++)
        for (uint32_t c = 0; c < 32; c++) {
            float want = ref_widen(row_l1[r * 64 + c]);
            ok &= isnan(want) ? isnan(t[r * 32 + c])
                              : tf_check_bits(t[r * 32 + c]) == tf_check_bits(want);
        }
    CHECK_TRUE(ok);
    for (int i = 0; i < 1024; i++) t[i] = m[(i * 7) % (R * C)] / 5.0f;
    memset(row_l1, 0, sizeof row_l1);
    sim_tile_pack_rows(t, TF_DF_FP8_E4M3, 64, row_l1);
    ok = 1;
    for (uint32_t r = 0; r < 32; r++)
        for (uint32_t c = 0; c < 64; c++)
            ok &= row_l1[r * 64 + c] == (c < 32 ? ref_round(t[r * 32 + c]) : 0);
    CHECK_TRUE(ok);
    /* a typecast to Fp8_e4m3 leaves the values a pack would (sim_tile_round_to) */
    for (int i = 0; i < 1024; i++) t[i] = m[i % (R * C)];
    sim_tile_round_to(t, TF_DF_FP8_E4M3);
    ok = 1;
    for (int i = 0; i < 1024; i++) {
        float want = ref_widen(ref_round(m[i % (R * C)]));
        ok &= isnan(want) ? isnan(t[i]) : tf_check_bits(t[i]) == tf_check_bits(want);
    }
    CHECK_TRUE(ok);
}

int main(void)
{
    conversions();
    tiles();
    return tf_check_report("test_tile_fp8");
}
