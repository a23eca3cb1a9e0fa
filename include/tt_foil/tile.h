/* Host helpers for the tile layout the chip's tile engine uses
 * (docs/chip.md, "Tile engine"): a matrix is cut into 32x32 tiles, stored
 * tile after tile in row-major tile order; inside a tile, four 16x16 faces
 * (top-left, top-right, bottom-left, bottom-right), each row-major; values
 * in bf16, fp32, fp16, fp8 (e4m3) or a block float (Bfp8_b, Bfp4_b, Bfp2_b,
 * and the exponent-A Bfp8, Bfp4, Bfp2). Matrices whose
 * sides are not multiples of 32 are padded with zeros. */
#ifndef TT_FOIL_TILE_H
#define TT_FOIL_TILE_H

#include <stddef.h>
#include <stdint.h>

#include "tt_foil/export.h"

#ifdef __cplusplus
extern "C" {
#endif
TF_API_BEGIN

typedef enum tf_tile_format {
    TF_TILE_FORMAT_BF16 = 0, /* 2 bytes a value: a tile is 2048 bytes */
    TF_TILE_FORMAT_FP32 = 1, /* 4 bytes a value: a tile is 4096 bytes */
    /* block floating point: each 16 values (a face row) share an 8-bit
     * exponent, each keeps a sign and 7 bits; 64 exponent bytes, then 1024
     * value bytes: a tile is 1088 bytes (docs/chip.md, "Data formats") */
    TF_TILE_FORMAT_BFP8_B = 2,
    /* the same with a sign and 3 bits a value, two a byte (element 2k in
     * byte k's low nibble): 64 + 512 bytes, a tile is 576 bytes */
    TF_TILE_FORMAT_BFP4_B = 3,
    /* the same with a sign and 1 bit a value, four a byte (element 4k + j
     * in bits 2j, 2j + 1 of byte k): 64 + 256 bytes, a tile is 320 bytes */
    TF_TILE_FORMAT_BFP2_B = 4,
    /* IEEE 754 half (tt-metal's Float16), 2 bytes a value: a tile is 2048
     * bytes, as bf16's, so a circular buffer of it needs its data format
     * (tf_program_set_cb_format): a 2048-byte page alone means bf16 */
    TF_TILE_FORMAT_FP16 = 5,
    /* tt-metal's Fp8_e4m3 (Blackhole): 1 sign, 4 exponent (bias 7), 3
     * mantissa bits, a byte a value: a tile is 1024 bytes. No inf, no
     * subnormals: exponent 15 is NaN, the largest value 240; tilize rounds
     * to nearest even, saturates at +-240 (inf too), gives +-0 below 2^-6
     * and 0x7f for NaN (docs/chip.md, "Data formats") */
    TF_TILE_FORMAT_FP8_E4M3 = 8, /* (6 and 7 are no format) */
    /* the exponent-A block floats (tt-metal's Bfp8, Bfp4, Bfp2): the _b
     * layouts and sizes, with a 5-bit shared exponent (bias 15); tilize
     * saturates beyond the exponent (inf and NaN too) and gives 0 below
     * 2^-15. The tile engine unpacks and packs them (DataFormat 2, 3, 11)
     * with the same codec, in a CB given that format
     * (tf_program_set_cb_format: their page sizes alone mean the _b forms) */
    TF_TILE_FORMAT_BFP8 = 9,
    TF_TILE_FORMAT_BFP4 = 10,
    TF_TILE_FORMAT_BFP2 = 11,
} tf_tile_format;

/* Bytes of one tile in format f (also the circular buffer page size); 0
 * if f is not a tf_tile_format. */
uint32_t tf_tile_bytes(tf_tile_format f);
/* Tiles along a side of n values (n rounded up to a multiple of 32). */
uint32_t tf_tile_count(uint32_t n);
/* Bytes of a rows x cols matrix in tiles. */
size_t tf_tiled_bytes(uint32_t rows, uint32_t cols, tf_tile_format f);

/* Row-major fp32 (rows x cols, row stride cols) into tiles at dst
 * (tf_tiled_bytes of them); bf16 and fp16 round to nearest even (fp16:
 * inf from 65520 up, subnormals below 2^-14), the block floats
 * as the chip's packer does (the same code). */
int tf_tilize(const float *src, uint32_t rows, uint32_t cols, tf_tile_format f, void *dst);
/* Tiles back into row-major fp32 (the padding is dropped). */
int tf_untilize(const void *src, uint32_t rows, uint32_t cols, tf_tile_format f, float *dst);

/* bf16 conversions (round to nearest even; NaN stays NaN). */
uint16_t tf_bf16_from_f32(float v);
float tf_f32_from_bf16(uint16_t v);

TF_API_END
#ifdef __cplusplus
}
#endif
#endif
