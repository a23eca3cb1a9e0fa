/* Tiles in L1 <-> the engine's fp32 tiles (docs/chip.md, "Data formats"):
 * Float32 as is, Float16_b, Float16 and Fp8_e4m3 widened exactly on unpack
 * and rounded to nearest even on pack, the block floats (Bfp8_b, Bfp4_b,
 * Bfp2_b and the exponent-A Bfp8, Bfp4, Bfp2) through the shared-exponent
 * codec of tf_tile_layout.h (lossless on unpack, rounded on pack). Face rows are
 * 16 values contiguous in L1 and in the engine's row-major tile: row r of
 * face f sits at tf_tile_elem(r, 16c). */
#include "tile_engine.h"
#include "tf_tile_layout.h"

#include <string.h>

int sim_tile_format(uint32_t arg, uint32_t *df, uint32_t *bytes)
{
    if (arg & 0x80000000u) {
        *df = arg & 0xff;
        if ((arg & 0x7fffff00u) || !(TF_DF_SUPPORTED(*df) || TF_DF_INTEGER(*df))) return -1;
    } else if (arg == TF_TILE_BF16) {
        *df = TF_DF_FLOAT16_B;
    } else if (arg == TF_TILE_FP32) {
        *df = TF_DF_FLOAT32;
    } else if (arg == TF_TILE_BFP8) {
        *df = TF_DF_BFP8_B;
    } else if (arg == TF_TILE_BFP4) {
        *df = TF_DF_BFP4_B;
    } else if (arg == TF_TILE_BFP2) {
        *df = TF_DF_BFP2_B;
    } else {
        return -1;
    }
    if (TF_DF_INTEGER(*df)) { /* integers: named by the format only */
        *bytes = TF_TILE_ELEMS * sim_tile_elem_bytes(*df);
        return 0;
    }
    unsigned mw = TF_DF_BFP_BITS(*df) | TF_DF_BFPA_BITS(*df);
    *bytes = *df == TF_DF_FLOAT32                 ? TF_TILE_FP32
             : *df == TF_DF_FLOAT16_B             ? TF_TILE_BF16
             : *df == TF_DF_FLOAT16               ? TF_TILE_BF16
             : *df == TF_DF_FP8_E4M3              ? TF_TILE_FP8
             : mw == TF_DF_BFP_BITS(TF_DF_BFP4_B) ? TF_TILE_BFP4
             : mw == TF_DF_BFP_BITS(TF_DF_BFP2_B) ? TF_TILE_BFP2
                                                  : TF_TILE_BFP8;
    return 0;
}

uint32_t sim_tile_elem_bytes(uint32_t df)
{
    if (df == TF_DF_INT32 || df == TF_DF_UINT32) return 4;
    if (df == TF_DF_UINT16) return 2;
    if (df == TF_DF_FP8_E4M3 || df == TF_DF_UINT8) return 1;
    return df == TF_DF_FLOAT32 ? 4 : df == TF_DF_FLOAT16_B || df == TF_DF_FLOAT16 ? 2 : 0;
}

/* The block floats: exponent i/16 and the code of element i of the tile
 * (face order) at bit (mw + 1) i past byte 64, so a block of 16 is one
 * face row (tf_bfp_pack_row). */
static void unpack_row(const uint8_t *l1, uint32_t df, uint32_t i, float *row)
{
    if (df == TF_DF_FLOAT16_B) {
        uint16_t v[16];
        memcpy(v, l1 + 2 * i, sizeof v);
        for (int k = 0; k < 16; k++) row[k] = tf_bf16_widen(v[k]);
    } else if (df == TF_DF_FLOAT32 || df == TF_DF_INT32 || df == TF_DF_UINT32) {
        memcpy(row, l1 + 4 * i, 16 * sizeof(float)); /* (integers: their bits) */
    } else if (df == TF_DF_FLOAT16) {
        uint16_t v[16];
        memcpy(v, l1 + 2 * i, sizeof v);
        for (int k = 0; k < 16; k++) row[k] = tf_fp16_widen(v[k]);
    } else if (df == TF_DF_UINT16) { /* zero-extended into the 32-bit slot */
        uint16_t v[16];
        memcpy(v, l1 + 2 * i, sizeof v);
        for (int k = 0; k < 16; k++) row[k] = bits_f(v[k]);
    } else if (df == TF_DF_FP8_E4M3) {
        for (int k = 0; k < 16; k++) row[k] = tf_fp8_widen(l1[i + (uint32_t)k]);
    } else if (df == TF_DF_UINT8) { /* zero-extended, as UInt16 */
        for (int k = 0; k < 16; k++) row[k] = bits_f(l1[i + (uint32_t)k]);
    } else if (TF_DF_BFPA_BITS(df)) {
        tf_bfpa_unpack_row(l1, TF_DF_BFPA_BITS(df), i, row);
    } else {
        tf_bfp_unpack_row(l1, TF_DF_BFP_BITS(df), i, row);
    }
}

static void pack_row(const float *row, uint32_t df, uint32_t i, uint8_t *l1)
{
    if (df == TF_DF_FLOAT16_B) {
        uint16_t v[16];
        for (int k = 0; k < 16; k++) v[k] = tf_bf16_round(row[k]);
        memcpy(l1 + 2 * i, v, sizeof v);
    } else if (df == TF_DF_FLOAT32 || df == TF_DF_INT32 || df == TF_DF_UINT32) {
        memcpy(l1 + 4 * i, row, 16 * sizeof(float));
    } else if (df == TF_DF_FLOAT16) {
        uint16_t v[16];
        for (int k = 0; k < 16; k++) v[k] = tf_fp16_round(row[k]);
        memcpy(l1 + 2 * i, v, sizeof v);
    } else if (df == TF_DF_UINT16) { /* the low 16 bits */
        uint16_t v[16];
        for (int k = 0; k < 16; k++) v[k] = (uint16_t)f_bits(row[k]);
        memcpy(l1 + 2 * i, v, sizeof v);
    } else if (df == TF_DF_FP8_E4M3) {
        for (int k = 0; k < 16; k++) l1[i + (uint32_t)k] = tf_fp8_round(row[k]);
    } else if (df == TF_DF_UINT8) { /* the low 8 bits */
        for (int k = 0; k < 16; k++) l1[i + (uint32_t)k] = (uint8_t)f_bits(row[k]);
    } else if (TF_DF_BFPA_BITS(df)) {
        tf_bfpa_pack_row(row, TF_DF_BFPA_BITS(df), i, l1);
    } else {
        tf_bfp_pack_row(row, TF_DF_BFP_BITS(df), i, l1);
    }
}

/* Whether a value's magnitude bits (sign cleared) are 0 or lie in
 * [2^-50, 2^51): SIM_SRC_IN_RANGE's test, as products_exact makes it. */
static int in_range(uint32_t mag)
{
    return mag == 0 || (mag >= SIM_EXACT_MAG_LO && mag < SIM_EXACT_MAG_HI);
}

uint32_t sim_tile_src_cols(const float *t)
{
    uint32_t nz = 0;
    for (int i = 0; i < TF_TILE_ELEMS; i++)
        if (f_bits(t[i]) & 0x7fffffffu) nz |= 1u << (i % TF_TILE_DIM);
    return nz;
}

unsigned sim_values_flags(const float *t, size_t n)
{
    unsigned range = SIM_SRC_IN_RANGE, bf16 = SIM_SRC_BF16;
    for (size_t i = 0; i < n; i++) {
        uint32_t w = f_bits(t[i]);
        if (!in_range(w & 0x7fffffffu)) range = 0;
        if (w & 0xffffu) bf16 = 0;
    }
    return SIM_SRC_KNOWN | range | bf16;
}

unsigned sim_tile_src_flags(const float *t)
{
    return sim_values_flags(t, TF_TILE_ELEMS);
}

/* A face row of Float16_b, widened: the common case (every bf16 CB),
 * in one loop over the tile without the per-row format test. */
static unsigned unpack_bf16(const uint8_t *l1, float *t, uint32_t *cols)
{
    int range = 1;
    uint32_t nz = 0;
    for (uint32_t r = 0; r < TF_TILE_DIM; r++)
        for (uint32_t c = 0; c < TF_TILE_DIM; c += 16) {
            const uint8_t *src = l1 + 2 * tf_tile_elem(r, c);
            float *dst = t + r * TF_TILE_DIM + c;
            for (int k = 0; k < 16; k++) {
                uint16_t v;
                memcpy(&v, src + 2 * k, 2);
                dst[k] = tf_bf16_widen(v);
                range &= in_range((uint32_t)(v & 0x7fffu) << 16);
                if (v & 0x7fffu) nz |= 1u << (c + (uint32_t)k);
            }
        }
    if (cols) *cols = nz;
    return SIM_SRC_KNOWN | SIM_SRC_BF16 | (range ? SIM_SRC_IN_RANGE : 0);
}

unsigned sim_tile_unpack(const uint8_t *l1, uint32_t df, float *t, uint32_t *cols)
{
    if (df == TF_DF_FLOAT16_B) {
        unsigned fl = sim_simd_unpack_bf16(l1, t, cols);
        return fl ? fl : unpack_bf16(l1, t, cols);
    }
    if (cols) *cols = 0xffffffffu; /* not known: every column may be used */
    if (TF_DF_BFP_BITS(df)) {
        unsigned fl = sim_simd_unpack_bfp(l1, TF_DF_BFP_BITS(df), t);
        if (fl) return fl;
    }
    for (uint32_t r = 0; r < TF_TILE_DIM; r++)
        for (uint32_t c = 0; c < TF_TILE_DIM; c += 16)
            unpack_row(l1, df, tf_tile_elem(r, c), t + r * TF_TILE_DIM + c);
    return 0;
}

void sim_tile_pack(const float *t, uint32_t df, uint8_t *l1)
{
    if (df == TF_DF_FLOAT16_B && sim_simd_pack_bf16(t, l1)) return;
    for (uint32_t r = 0; r < TF_TILE_DIM; r++)
        for (uint32_t c = 0; c < TF_TILE_DIM; c += 16)
            pack_row(t + r * TF_TILE_DIM + c, df, tf_tile_elem(r, c), l1);
}

/* Row-major: the unpacker's tilize and the packer's untilize. Float32,
 * Float16_b, Float16 and Fp8_e4m3 only (sim/tile.c refuses the block floats, which have no
 * row-major form).
 * A Float16_b row of 32 is one loop of the same widening or rounding as
 * unpack_row's and pack_row's (the format tested once a tile, not once a
 * half row: the compiler vectorizes the loop; the CNN tilizes every
 * activation page). */
void sim_tile_unpack_rows(const uint8_t *l1, uint32_t df, uint32_t stride, float *t)
{
    if (df != TF_DF_FLOAT16_B) {
        for (uint32_t r = 0; r < TF_TILE_DIM; r++)
            for (uint32_t c = 0; c < TF_TILE_DIM; c += 16)
                unpack_row(l1, df, r * stride + c, t + r * TF_TILE_DIM + c);
        return;
    }
    if (sim_simd_unpack_rows_bf16(l1, stride, t)) return;
    for (uint32_t r = 0; r < TF_TILE_DIM; r++) {
        uint16_t v[TF_TILE_DIM];
        memcpy(v, l1 + 2 * (size_t)r * stride, sizeof v);
        float *row = t + r * TF_TILE_DIM;
        for (int k = 0; k < TF_TILE_DIM; k++) row[k] = tf_bf16_widen(v[k]);
    }
}

void sim_tile_pack_rows(const float *t, uint32_t df, uint32_t stride, uint8_t *l1)
{
    if (df != TF_DF_FLOAT16_B) {
        for (uint32_t r = 0; r < TF_TILE_DIM; r++)
            for (uint32_t c = 0; c < TF_TILE_DIM; c += 16)
                pack_row(t + r * TF_TILE_DIM + c, df, r * stride + c, l1);
        return;
    }
    if (sim_simd_pack_rows_bf16(t, stride, l1)) return;
    for (uint32_t r = 0; r < TF_TILE_DIM; r++) {
        uint16_t v[TF_TILE_DIM];
        const float *row = t + r * TF_TILE_DIM;
        for (int k = 0; k < TF_TILE_DIM; k++) v[k] = tf_bf16_round(row[k]);
        memcpy(l1 + 2 * (size_t)r * stride, v, sizeof v);
    }
}

/* pack_rows: row k of DEST's 64 is row k % 16 of face k / 16 (faces 0
 * and 1 the top half, 0 and 2 the left), the same element order as a
 * tile's, so the n rows are the first 16 n values a whole pack would
 * write, converted alike. */
void sim_tile_pack_dest_rows(const float *t, uint32_t df, uint32_t n, uint8_t *l1)
{
    for (uint32_t k = 0; k < n; k++) {
        uint32_t face = k / TF_TILE_FACE, r = face / 2 * TF_TILE_FACE + k % TF_TILE_FACE;
        pack_row(t + r * TF_TILE_DIM + face % 2 * TF_TILE_FACE, df, k * TF_TILE_FACE, l1);
    }
}

void sim_tile_round_to(float *t, uint32_t df)
{
    if (df == TF_DF_FLOAT32) return;
    uint8_t buf[TF_TILE_BFP8];
    for (uint32_t r = 0; r < TF_TILE_DIM; r++)
        for (uint32_t c = 0; c < TF_TILE_DIM; c += 16) {
            float *row = t + r * TF_TILE_DIM + c;
            pack_row(row, df, 0, buf);
            unpack_row(buf, df, 0, row);
        }
}

void sim_tile_dest_bf16(float *t, int trunc)
{
    if (sim_simd_dest_bf16(t, trunc)) return;
    if (trunc)
        for (int i = 0; i < TF_TILE_ELEMS; i++) t[i] = tf_bf16_trunc(t[i]);
    else
        for (int i = 0; i < TF_TILE_ELEMS; i++) t[i] = tf_bf16_widen(tf_bf16_round(t[i]));
}

/* A 16-bit DEST in Float16 mode holds IEEE-layout halves (tt-isa-documentation
 * WormholeB0 Dst.md, "Data types": Dst16b holds BF16 or FP16). Below 2^-14
 * both units give a signed zero: the matrix unit never outputs an FP16
 * denormal and reads one as zero (FloatBitPatterns.md, FP16), SFPSTORE's
 * conversion to FP16 flushes them (SFPSTORE.md, ToFP16). The FPU rounds to
 * nearest even (as its bf16 store here); SFPSTORE truncates toward zero.
 * Too large a magnitude: the hardware writes its largest pattern (exponent
 * 31, mantissa 1023), which "behaves similarly to infinity" (both files);
 * this engine holds an IEEE inf (a pack to Float16 writes 0x7c00, not the
 * hardware's 0x7fff), and keeps a NaN a NaN as its bf16 store does (the
 * hardware has none in FP16: docs/chip.md). */
float sim_fp16_dest(float v, int trunc)
{
    uint32_t w = f_bits(v), a = w & 0x7fffffffu;
    if (a > 0x7f800000u) return tf_fp16_widen(tf_fp16_round(v)); /* a NaN: as a half holds it */
    if (a < 0x38800000u) return bits_f(w & 0x80000000u);         /* below 2^-14: +-0 */
    if (!trunc) {
        uint16_t h = tf_fp16_round(v); /* from 2^-14 up: a normal half, or inf */
        return tf_fp16_widen(h);
    }
    if (a >= 0x47800000u) return bits_f((w & 0x80000000u) | 0x7f800000u); /* 2^16 and up */
    return bits_f(w & ~0x1fffu); /* the 13 bits a half has not: toward zero */
}

/* Not vectorized: a Float16 tile on a 16-bit DEST is no hot path (every
 * CNN and benchmark kernel is bf16 or block-float). */
void sim_tile_dest_fp16(float *t, int trunc)
{
    for (int i = 0; i < TF_TILE_ELEMS; i++) t[i] = sim_fp16_dest(t[i], trunc);
}
