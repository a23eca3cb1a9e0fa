/* Float16, IEEE 754 binary16 (docs/chip.md, "Data formats"): the
 * conversions of tf_tile_layout.h, the engine's unpack and pack of
 * tiles and row-major blocks (sim/tile_format.c) and the host's
 * tf_tilize/tf_untilize, against a reference written here in float64
 * arithmetic (ldexp for the decode, frexp and rint for the rounding to
 * nearest even). Bit for bit: every one of the 65536 halves widened, every
 * non-NaN half back again, the ties, overflow to inf, subnormals, NaN
 * payloads, random values over the whole fp32 range, and the placement of
 * values in a tile (four 16 x 16 faces, 2 bytes a value). */
#include "tf_check.h"
#include "tf_tile_layout.h"
#include "sim/tile_engine.h"
#include "tt_foil/tile.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* ---- the reference ----------------------------------------------------------------- */

static float ref_widen(uint16_t h)
{
    int neg = h >> 15, e = (h >> 10) & 31, m = h & 0x3ff;
    if (e == 31) {
        if (m) return tf_check_float((uint32_t)neg << 31 | 0x7f800000u | (uint32_t)m << 13);
        return neg ? -INFINITY : INFINITY;
    }
    double v = e ? ldexp(1024 + m, e - 25) : ldexp(m, -24);
    return (float)(neg ? -v : v);
}

/* Finite or infinite v (NaNs: ref_nan). */
static uint16_t ref_round(float v)
{
    uint16_t sign = signbit(v) ? 0x8000 : 0;
    double a = fabs((double)v);
    if (a >= 65520.0) return sign | 0x7c00; /* 65520: halfway to 2^16, ties to even: inf */
    if (a < 0x1p-14) return sign | (uint16_t)rint(a * 0x1p24); /* 1024: the smallest normal */
    int x;
    (void)frexp(a, &x); /* a in [2^(x-1), 2^x) */
    double q = rint(ldexp(a, 11 - x));
    int e = x - 1 + 15;
    if (q == 2048) q = 1024, e++;
    return sign | (uint16_t)(e << 10) | (uint16_t)(q - 1024);
}

/* A NaN keeps its sign and its payload's top 10 bits, made quiet. */
static uint16_t ref_nan(float v)
{
    uint32_t u = tf_check_bits(v);
    return (uint16_t)((u >> 16 & 0x8000) | 0x7c00 | 0x200 | (u >> 13 & 0x3ff));
}

static uint16_t ref_any(float v)
{
    return isnan(v) ? ref_nan(v) : ref_round(v);
}

/* ---- the conversions --------------------------------------------------------------- */

static void conversions(void)
{
    int widen_bad = 0, back_bad = 0;
    for (uint32_t h = 0; h < 65536; h++) {
        float w = tf_fp16_widen((uint16_t)h), r = ref_widen((uint16_t)h);
        if (tf_check_bits(w) != tf_check_bits(r) && widen_bad++ < 5)
            fprintf(stderr, "widen 0x%04x: 0x%08x, want 0x%08x\n", h, tf_check_bits(w),
                    tf_check_bits(r));
        uint16_t back = tf_fp16_round(w);
        uint16_t want = isnan(r) ? (uint16_t)(h | 0x200) : (uint16_t)h; /* NaNs come back quiet */
        if (back != want && back_bad++ < 5)
            fprintf(stderr, "round 0x%08x: 0x%04x, want 0x%04x\n", tf_check_bits(w), back, want);
    }
    CHECK_EQ_U(widen_bad, 0);
    CHECK_EQ_U(back_bad, 0);

    /* hand-worked: ties to even, overflow, subnormals and what lies below them */
    CHECK_EQ_U(tf_fp16_round(1.0f), 0x3c00);
    CHECK_EQ_U(tf_fp16_round(1.0f + 0x1p-11f), 0x3c00);     /* a tie: to even */
    CHECK_EQ_U(tf_fp16_round(1.0f + 3 * 0x1p-11f), 0x3c02); /* a tie: to even (up) */
    CHECK_EQ_U(tf_fp16_round(2047.5f), 0x6800);             /* 2047.5 -> 2048 (carry) */
    CHECK_EQ_U(tf_fp16_round(65504.0f), 0x7bff);            /* the largest */
    CHECK_EQ_U(tf_fp16_round(65519.996f), 0x7bff);          /* below the tie */
    CHECK_EQ_U(tf_fp16_round(65520.0f), 0x7c00);            /* the tie: inf */
    CHECK_EQ_U(tf_fp16_round(-1e30f), 0xfc00);
    CHECK_EQ_U(tf_fp16_round(-INFINITY), 0xfc00);
    CHECK_EQ_U(tf_fp16_round(0x1p-24f), 0x0001);            /* the smallest subnormal */
    CHECK_EQ_U(tf_fp16_round(0x1p-25f), 0x0000);            /* half of it: a tie to 0 */
    CHECK_EQ_U(tf_fp16_round(3 * 0x1p-25f), 0x0002);        /* 1.5 steps: a tie to 2 */
    CHECK_EQ_U(tf_fp16_round(-0x1p-26f), 0x8000);           /* -0 */
    CHECK_EQ_U(tf_fp16_round(0x1p-14f - 0x1p-26f), 0x0400); /* rounds up to the smallest normal */
    CHECK_EQ_U(tf_fp16_round(1e-40f), 0x0000);              /* an fp32 subnormal */
    CHECK_EQ_U(tf_fp16_round(tf_check_float(0xffc12345u)), 0xfe09); /* -NaN, payload's top bits */
    CHECK_EQ_U(tf_fp16_round(tf_check_float(0x7f800001u)), 0x7e00); /* a signalling NaN: quiet */

    int bad = 0;
    uint32_t s = 7;
    for (int n = 0; n < 1000000; n++) {
        s = s * 1664525u + 1013904223u;
        uint32_t u = s;
        if (n & 1) u = (u & 0x807fffffu) | (uint32_t)(96 + (s >> 24) % 60) << 23; /* near range */
        float v = tf_check_float(u);
        if (tf_fp16_round(v) != ref_any(v) && bad++ < 5)
            fprintf(stderr, "round 0x%08x: 0x%04x, want 0x%04x\n", u, tf_fp16_round(v), ref_any(v));
    }
    CHECK_EQ_U(bad, 0);
}

/* ---- tiles ----------------------------------------------------------------------------- */

/* Where element (r, c) of a tile goes: face 2 (r / 16) + c / 16, then
 * row-major within the face. */
static uint32_t place(uint32_t r, uint32_t c)
{
    return ((r / 16) * 2 + c / 16) * 256 + (r % 16) * 16 + c % 16;
}

static void tiles(void)
{
    enum { R = 40, C = 50 }; /* 2 x 2 tiles, padded */
    static float m[R * C], back[R * C], t[1024];
    static uint16_t h[4 * 1024], row_l1[64 * 32];
    uint32_t s = 99;
    for (int i = 0; i < R * C; i++) {
        s = s * 1664525u + 1013904223u;
        m[i] = tf_check_float((s & 0x807fffffu) | (uint32_t)(100 + (s >> 24) % 45) << 23);
    }
    m[7] = NAN;
    m[8] = 1e9f;
    CHECK_EQ_U(tf_tile_bytes(TF_TILE_FORMAT_FP16), 2048);
    CHECK_TRUE(tf_tiled_bytes(R, C, TF_TILE_FORMAT_FP16) == sizeof h);
    CHECK_EQ_U(tf_tilize(m, R, C, TF_TILE_FORMAT_FP16, h), 0);
    int ok = 1;
    for (uint32_t r = 0; r < 64; r++)
        for (uint32_t c = 0; c < 64; c++) {
            float v = r < R && c < C ? m[r * C + c] : 0.0f;
            ok &= h[((r / 32) * 2 + c / 32) * 1024 + place(r % 32, c % 32)] == ref_any(v);
        }
    CHECK_TRUE(ok);
    CHECK_EQ_U(tf_untilize(h, R, C, TF_TILE_FORMAT_FP16, back), 0);
    ok = 1;
    for (uint32_t r = 0; r < R; r++)
        for (uint32_t c = 0; c < C; c++) {
            float want = ref_widen(ref_any(m[r * C + c]));
            ok &= tf_check_bits(back[r * C + c]) == tf_check_bits(want);
        }
    CHECK_TRUE(ok);

    /* the engine: tile 0 unpacked, its values packed again; a row-major
     * block 64 values wide (the unpacker's tilize, the packer's untilize) */
    CHECK_EQ_U(sim_tile_unpack((const uint8_t *)h, TF_DF_FLOAT16, t, NULL), 0);
    ok = 1;
    for (uint32_t r = 0; r < 32; r++)
        for (uint32_t c = 0; c < 32; c++)
            ok &= tf_check_bits(t[r * 32 + c]) == tf_check_bits(ref_widen(h[place(r, c)]));
    CHECK_TRUE(ok);
    static uint16_t again[1024];
    for (int i = 0; i < 1024; i++) t[i] = m[i % (R * C)] * 3.0f;
    sim_tile_pack(t, TF_DF_FLOAT16, (uint8_t *)again);
    ok = 1;
    for (uint32_t r = 0; r < 32; r++)
        for (uint32_t c = 0; c < 32; c++) ok &= again[place(r, c)] == ref_any(t[r * 32 + c]);
    CHECK_TRUE(ok);
    for (int i = 0; i < 64 * 32; i++) row_l1[i] = (uint16_t)(0x1234 + 37 * i);
    sim_tile_unpack_rows((const uint8_t *)row_l1, TF_DF_FLOAT16, 64, t);
    ok = 1;
    for (uint32_t r = 0; r < 32; r++)
        for (uint32_t c = 0; c < 32; c++)
            ok &= tf_check_bits(t[r * 32 + c]) == tf_check_bits(ref_widen(row_l1[r * 64 + c]));
    CHECK_TRUE(ok);
    for (int i = 0; i < 1024; i++) t[i] = m[(i * 7) % (R * C)] / 5.0f;
    memset(row_l1, 0, sizeof row_l1);
    sim_tile_pack_rows(t, TF_DF_FLOAT16, 64, (uint8_t *)row_l1);
    ok = 1;
    for (uint32_t r = 0; r < 32; r++)
        for (uint32_t c = 0; c < 64; c++)
            ok &= row_l1[r * 64 + c] == (c < 32 ? ref_any(t[r * 32 + c]) : 0);
    CHECK_TRUE(ok);
    CHECK_EQ_U(sim_tile_elem_bytes(TF_DF_FLOAT16), 2);
}

/* A 16-bit DEST in Float16 mode (sim/tile_format.c, sim_fp16_dest): the
 * FPU's store rounds to nearest even, the SFPU's truncates, both flush
 * magnitudes below 2^-14 to a signed zero. */
static uint32_t dest16(float v, int trunc)
{
    return tf_check_bits(sim_fp16_dest(v, trunc));
}

static void dest_fp16(void)
{
    CHECK_EQ_U(dest16(1.0f / 3, 0), 0x3eaaa000u);        /* 0x3555: the nearest is below */
    CHECK_EQ_U(dest16(5.0f / 3, 0), 0x3fd56000u);        /* 0x3eab: the nearest is above */
    CHECK_EQ_U(dest16(5.0f / 3, 1), 0x3fd54000u);        /* 0x3eaa: toward zero */
    CHECK_EQ_U(dest16(-5.0f / 3, 1), 0xbfd54000u);       /* toward zero: up for a negative */
    CHECK_EQ_U(dest16(1.0f + 0x1p-11f, 0), 0x3f800000u); /* a tie: to even */
    CHECK_EQ_U(dest16(0x1.fffffep-1f, 0), 0x3f800000u);  /* rounds up to 1 */
    CHECK_EQ_U(dest16(0x1.fffffep-1f, 1), 0x3f7fe000u);  /* 0x3bff */
    CHECK_EQ_U(dest16(65519.0f, 0), 0x477fe000u);        /* 65504 */
    CHECK_EQ_U(dest16(65520.0f, 0), 0x7f800000u);        /* the tie: inf */
    CHECK_EQ_U(dest16(65535.0f, 1), 0x477fe000u);        /* toward zero: 65504 */
    CHECK_EQ_U(dest16(-65536.0f, 1), 0xff800000u);       /* beyond the exponent: -inf */
    CHECK_EQ_U(dest16(INFINITY, 1), 0x7f800000u);
    CHECK_EQ_U(dest16(0x1p-14f, 1), 0x38800000u);        /* the smallest normal half */
    CHECK_EQ_U(dest16(0x1.fffffep-15f, 0), 0x00000000u); /* below it: 0 (no rounding up) */
    CHECK_EQ_U(dest16(-0x1p-24f, 0), 0x80000000u);       /* a subnormal half: -0 */
    CHECK_EQ_U(dest16(-1e-40f, 1), 0x80000000u);
    CHECK_TRUE(isnan(sim_fp16_dest(NAN, 1)) && isnan(sim_fp16_dest(NAN, 0)));
    /* the tile's loop: the same values */
    static float t[TF_TILE_ELEMS];
    uint32_t s = 7;
    int ok = 1;
    for (int trunc = 0; trunc < 2; trunc++) {
        for (int i = 0; i < TF_TILE_ELEMS; i++) {
            s = s * 1664525u + 1013904223u;
            t[i] = tf_check_float((s & 0x807fffffu) | (uint32_t)(100 + (s >> 24) % 45) << 23);
        }
        static float in[TF_TILE_ELEMS];
        memcpy(in, t, sizeof in);
        sim_tile_dest_fp16(t, trunc);
        for (int i = 0; i < TF_TILE_ELEMS; i++) {
            uint32_t w = tf_check_bits(t[i]);
            ok &= w == dest16(in[i], trunc);
            /* a half's value: 13 low bits clear, no subnormal */
            ok &= !(w & 0x1fffu) && ((w & 0x7fffffffu) == 0 || (w & 0x7fffffffu) >= 0x38800000u);
            if (trunc && fabsf(in[i]) < 65536.0f) ok &= fabsf(t[i]) <= fabsf(in[i]);
        }
    }
    CHECK_TRUE(ok);
}

int main(void)
{
    conversions();
    tiles();
    dest_fp16();
    return tf_check_report("test_tile_fp16");
}
