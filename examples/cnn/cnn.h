/* A small CNN computed on the chip (docs/demo.md): 32x32x3 input ->
 * conv3x3(16) + relu -> conv3x3(32, stride 2) + relu -> global average
 * pool -> fc(10), with deterministic synthetic weights and inputs. Each
 * layer is an op as the spec's runtime does them: it allocates its L1
 * (circular buffers), loads its kernels, dispatches across several cores,
 * frees and resets L1. Shared by the demo (cnn_demo) and the benchmark
 * (bench_cnn). */
#ifndef CNN_H
#define CNN_H

#include "tt_foil/runtime.h"

#include <stdint.h>

#define CNN_IN      32 /* input side */
#define CNN_IN_CH   3
#define CNN_C1      16 /* conv1 output channels */
#define CNN_C2      32 /* conv2 output channels */
#define CNN_CLASSES 10
#define CNN_OPS     3 /* conv1, conv2, head (pool + fc) */

typedef struct cnn cnn;

/* The chip the network runs on: 4 x 2 cores (the convolutions use all 8,
 * the head 4). NULL + message on failure. */
tf_device *cnn_device_open(void);

/* What one op of one inference took. */
typedef struct cnn_op_stats {
    const char *name;
    int cores;
    uint64_t cycles;       /* modeled device cycles: the slowest core, GO to DONE */
    uint64_t instructions; /* guest instructions the chip executed meanwhile */
    double host_s;         /* host wall time of the whole op */
} cnn_op_stats;

/* Weights generated, laid out as tiles and uploaded; kernels from
 * kernel_dir. NULL on failure, with cnn_error()'s message. */
cnn *cnn_create(tf_device *dev, const char *kernel_dir);

/* Why cnn_create last failed on this thread: its own allocation's message,
 * or the runtime's (tf_last_error) when a runtime call failed. */
const char *cnn_error(void);
void cnn_destroy(cnn *c);

/* Image `index` of the synthetic input set, CNN_IN x CNN_IN x CNN_IN_CH
 * (HWC), values in [0, 1]. */
void cnn_image(int index, float *image);

/* One inference on the chip; stats may be NULL. */
int cnn_infer(cnn *c, const float *image, float logits[CNN_CLASSES], cnn_op_stats *stats);

/* The same network on the host, in fp32 throughout (the reference). */
void cnn_reference(const cnn *c, const float *image, float logits[CNN_CLASSES]);

/* The largest |device - reference| allowed, for logits of this size:
 * bf16 keeps 8 significant bits, and activations are rounded to bf16
 * between layers (docs/demo.md). */
float cnn_tolerance(const float reference[CNN_CLASSES]);

#endif
