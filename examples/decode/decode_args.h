/* The contract between the decode example's host program (decode.c) and
 * its kernels (kernels/): every runtime-argument slot and circular-buffer
 * id, written once, as examples/cnn/cnn_args.h does for the CNN. Plain C
 * for the host (x86-64) and C++ for the kernels (RV32): fixed-width types
 * only. Argument slots are an enum per kernel in the order the kernel
 * reads them, ending with a _COUNT member; the host builds each argument
 * array with designated initializers and static-asserts its length.
 * Buffers are interleaved DRAM buffers of one tile a page; a kernel gets
 * a buffer's address (tf_buffer_address: the same in every bank) and
 * reaches its pages through InterleavedAddrGenFast, as tt-metal's
 * readers and writers do. */
#ifndef DECODE_ARGS_H
#define DECODE_ARGS_H

#include <stdint.h>

/* ---- circular buffers ---------------------------------------------------------------- */

/* matmul ops (mm_reader, *_compute of matmul_compute.cpp, tile_writer) */
enum {
    DEC_MM_CB_IN0 = 0, /* the activation row's Kt tiles (Float16_b), all at once */
    DEC_MM_CB_W = 1,   /* weight tiles streamed one at a time (Bfp4_b; the cache's Float16_b) */
    DEC_MM_CB_RES = 2, /* the residual tile of the output column (residual ops) */
    DEC_CB_OUT = 16,   /* every op's output tiles, to tile_writer */
};

/* rmsnorm (norm_reader, rmsnorm_compute, tile_writer) */
enum {
    DEC_NORM_CB_X = 0,      /* the row's Dt tiles */
    DEC_NORM_CB_SCALER = 1, /* the reduce scaler 1/D */
    DEC_NORM_CB_GAMMA = 2,  /* the gain, every row of each tile the same */
    DEC_NORM_CB_SQ = 3,     /* x^2, Dt tiles */
    DEC_NORM_CB_RINV = 4,   /* 1 / sqrt(mean(x^2) + eps), column 0 */
};

/* softmax (softmax_reader, softmax_compute, tile_writer) */
enum {
    DEC_SM_CB_IN = 0,     /* one head's scores: row 0 against the cache's 32 positions */
    DEC_SM_CB_SCALER = 1, /* the reduce scaler 1.0 */
    DEC_SM_CB_MASK = 2,   /* 0 for the positions written so far, -inf for the rest */
    DEC_SM_CB_X = 3,      /* scores + mask */
    DEC_SM_CB_MAX = 4,    /* the row max, column 0 */
    DEC_SM_CB_EXP = 5,    /* exp(x - max) */
    DEC_SM_CB_RSUM = 6,   /* 1 / the row sum, column 0 */
};

/* ---- argument slots -------------------------------------------------------------------- */

/* mm_reader (NCRISC): for each output tile column n in [N0, N0 + COUNT):
 * the Kt weight tiles (k, n) of W (tile k * W_NT + n), then, for a gated
 * op (W2 != 0), those of W2, then, for a residual op (RES != 0), tile n of
 * RES. First the Kt activation tiles IN0_FIRST.. of IN0, once. */
enum {
    DEC_MMR_IN0,
    DEC_MMR_IN0_FIRST,
    DEC_MMR_KT,
    DEC_MMR_W,
    DEC_MMR_W_NT,
    DEC_MMR_N0,
    DEC_MMR_COUNT_N,
    DEC_MMR_W2,
    DEC_MMR_RES,
    DEC_MMR_COUNT
};

/* matmul compute kernels: Kt products an output tile, COUNT_N tiles */
enum { DEC_MMC_KT, DEC_MMC_COUNT_N, DEC_MMC_COUNT };

/* tile_writer (BRISC): output tiles n in [N0, N0 + COUNT_N) from CB 16;
 * tile n < CACHE_FROM to tile n of OUT; tile CACHE_FROM + c (c < 2 x
 * HEADS) is a new key (c < HEADS) or value row of head c % HEADS: its row
 * 0 goes to row ROW of tile c % HEADS of K_CACHE or V_CACHE. */
enum {
    DEC_TW_OUT,
    DEC_TW_N0,
    DEC_TW_COUNT_N,
    DEC_TW_CACHE_FROM,
    DEC_TW_K_CACHE,
    DEC_TW_V_CACHE,
    DEC_TW_HEADS,
    DEC_TW_ROW,
    DEC_TW_COUNT
};

/* norm_reader (NCRISC): the Dt tiles of X and of GAMMA, and the scaler
 * tile (SCALER: bf16 bits) it makes itself */
enum { DEC_NR_X, DEC_NR_DT, DEC_NR_GAMMA, DEC_NR_SCALER, DEC_NR_COUNT };

/* rmsnorm compute: Dt tiles; EPS as fp32 bits */
enum { DEC_NC_DT, DEC_NC_EPS, DEC_NC_COUNT };

/* softmax_reader (NCRISC): tile TILE of SCORES, the scaler 1.0, and the
 * mask: 0 in columns below VALID, -inf from it */
enum { DEC_SR_SCORES, DEC_SR_TILE, DEC_SR_VALID, DEC_SR_COUNT };

/* softmax compute: no arguments (one tile) */

#endif
