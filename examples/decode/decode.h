/* A tiny decoder-only transformer decoding on the chip, one token at a
 * time, with its key/value cache in DRAM (docs/demo.md, "A decode step").
 * Its weights are synthetic and deterministic; the projections' are
 * Bfp4_b. Each token is a decode step of 9 ops a layer (RMSNorm, QKV
 * projection, attention scores, softmax, attention x V, output projection
 * + residual, RMSNorm, gated MLP up + SiLU, MLP down + residual) and 2 at
 * the end (final RMSNorm, logits), each a dispatch on one or more cores
 * of a 4 x 2 grid. Shared by decode_demo and its tests. */
#ifndef DECODE_H
#define DECODE_H

#include "tt_foil/runtime.h"

#include <stdint.h>

#define DEC_D          128 /* model width: 4 tiles */
#define DEC_HEADS      4   /* attention heads of DEC_HEAD_DIM: one tile each */
#define DEC_HEAD_DIM   32
#define DEC_FF         256 /* MLP width (2 x D): 8 tiles */
#define DEC_VOCAB      256 /* vocabulary: 8 tiles of logits */
#define DEC_MAX_TOKENS 32  /* the cache holds one tile (32 positions) a head */
#define DEC_MAX_LAYERS 4
#define DEC_OPS_LAYER  9 /* dispatches a layer, and 2 after the last */
#define DEC_EPS        1e-5f

/* The model's weights as the chip holds them, in fp32: the norms' gains
 * and the embedding bf16 values, the projections Bfp4_b values (generated
 * in fp32, then rounded to Bfp4_b once: these are the model). Matrices are
 * row-major, input x output (y = x W). wqkv's first D columns are the
 * queries', scaled by 1/sqrt(DEC_HEAD_DIM); then the keys', then the
 * values'; head h uses columns h * DEC_HEAD_DIM.. of each. */
typedef struct decode_layer_weights {
    float attn_norm[DEC_D], mlp_norm[DEC_D];
    float wqkv[DEC_D][3 * DEC_D], wo[DEC_D][DEC_D];
    float wgate[DEC_D][DEC_FF], wup[DEC_D][DEC_FF], wdown[DEC_FF][DEC_D];
} decode_layer_weights;

typedef struct decode_weights {
    int layers;
    float embed[DEC_VOCAB][DEC_D];
    decode_layer_weights layer[DEC_MAX_LAYERS];
    float final_norm[DEC_D], lm_head[DEC_D][DEC_VOCAB];
} decode_weights;

/* The message of the last failure of a decode_* call (what, where, and
 * the runtime's reason); decode_fail sets it (printf format) and returns
 * -1. */
const char *decode_last_error(void);
int decode_fail(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* Generate the weights of a model of `layers` layers (1..DEC_MAX_LAYERS);
 * NULL + message on failure. */
decode_weights *decode_weights_create(int layers);

/* ---- on the chip (decode.c) ---- */

typedef struct decode_model decode_model;

/* The chip: 4 x 2 cores. NULL + message on failure. */
tf_device *decode_device_open(void);

/* The weights uploaded (as tiles, interleaved over the DRAM banks), the
 * cache allocated and zeroed, the kernels loaded from kernel_dir. w stays
 * the caller's and must outlive the model. NULL + message on failure. */
decode_model *decode_create(tf_device *dev, const decode_weights *w, const char *kernel_dir);
void decode_destroy(decode_model *m);

/* What one decode step took. */
typedef struct decode_step_stats {
    int dispatches;
    uint64_t cycles;       /* modeled device cycles: each op's slowest core, summed */
    uint64_t instructions; /* guest instructions the chip executed */
    double host_s;         /* host wall time of the step */
} decode_step_stats;

/* One decode step: token `token` at position `pos` (0, 1, .. in order,
 * below DEC_MAX_TOKENS) through every layer, its keys and values appended
 * to the cache; logits of the next token out. stats may be NULL. */
int decode_step(decode_model *m, int token, int pos, float logits[DEC_VOCAB],
                decode_step_stats *stats);

/* ---- the host reference (decode_ref.c) ---- */

typedef struct decode_ref decode_ref;

/* The same model in fp32 throughout, with a cache of its own. */
decode_ref *decode_ref_create(const decode_weights *w);
void decode_ref_destroy(decode_ref *r);
void decode_ref_step(decode_ref *r, int token, int pos, float logits[DEC_VOCAB]);

/* The largest |device - reference| logit difference allowed (docs/demo.md,
 * "Tolerance"), from the reference's logits of this step, for a model of
 * `layers` layers: DEC_STAGES_LAYER matrix products a layer lie on the
 * token's path (QKV, scores, x V, output, gate/up, down). */
#define DEC_STAGES_LAYER 6
float decode_tolerance(const float reference[DEC_VOCAB], int layers);

#endif
