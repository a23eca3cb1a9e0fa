/* The contract between the CNN's host program (cnn.c) and its kernels
 * (kernels/): every runtime-argument slot, circular-buffer id, semaphore
 * id and the activation layout, written once. Both sides include this
 * header and use only these names, so a slot added, moved or removed
 * changes the host and the kernels together (docs/runtime.md, "Kernel
 * arguments"). Plain C for the host (x86-64) and the kernels (RV32):
 * fixed-width types only.
 *
 * Argument slots are an enum per kernel, in the order the kernel reads
 * them, ending with a _COUNT member: the host builds each argument array
 * with designated initializers ([SLOT] = value) and static-asserts that
 * its length is the COUNT. A 64-bit NOC address takes two slots, low word
 * first: the host fills them with CNN_ARG64, the kernels read them with
 * arg64 (kernels/act_gather.h). */
#ifndef CNN_ARGS_H
#define CNN_ARGS_H

#include <stdint.h>

/* Activations in DRAM: one pixel is 32 bf16 channels (HWC, channels padded
 * to 32); a tile's row is one pixel. */
#define CNN_PIXEL_BYTES 64

/* A 3x3 convolution has 9 taps: 9 weight tiles (input x output channels),
 * one gathered activation tile per tap and output block. */
#define CNN_CONV_TAPS 9

/* Designated initializers for the two slots of the 64-bit value v at
 * slot (and slot + 1), in an argument array on the host. */
#define CNN_ARG64(slot, v)                                                                         \
    [(slot)] = (uint32_t)(uint64_t)(v), [(slot) + 1] = (uint32_t)((uint64_t)(v) >> 32)

/* On the host: the argument array a (built with designated initializers)
 * has exactly count slots, i.e. its last slot is set. A slot set twice is
 * a compile error too (-Werror with -Woverride-init). */
#define CNN_ARGS_CHECK(a, count)                                                                   \
    _Static_assert(sizeof(a) / sizeof((a)[0]) == (count), #a ": one value per slot of " #count)

/* ---- conv1, conv2: conv_reader (NCRISC), conv_compute, conv_writer (BRISC) ---- */

/* Circular buffers (ids as tt-metal numbers them: 0-7 inputs, 16-23
 * outputs). */
enum cnn_conv_cb {
    CNN_CONV_CB_ACT = 0, /* gathered input pixels, a row-major page per tap: reader -> compute */
    CNN_CONV_CB_WEIGHTS = 1,    /* the CNN_CONV_TAPS weight tiles, kept for the dispatch */
    CNN_CONV_CB_BIAS = 2,       /* the bias tile (row 0) */
    CNN_CONV_CB_OUT = 16,       /* output pixels, a row-major page per block: compute -> writer */
    CNN_CONV_CB_ACT_TILED = 24, /* a block's CB_ACT pages tilized, all 9 taps: compute only */
};

/* conv_reader: the input, the weights and bias, this core's blocks of 32
 * output pixels [BLOCK_BEGIN, BLOCK_END). */
enum cnn_conv_reader_arg {
    CNN_CONV_READER_IN, /* input activations (NOC address, 2 slots) */
    CNN_CONV_READER_IN_HI,
    CNN_CONV_READER_IN_WIDTH, /* input side, pixels */
    CNN_CONV_READER_IN_HEIGHT,
    CNN_CONV_READER_OUT_WIDTH,   /* output side, pixels */
    CNN_CONV_READER_STRIDE,      /* 1 or 2 */
    CNN_CONV_READER_BLOCK_BEGIN, /* first output block of this core */
    CNN_CONV_READER_BLOCK_END,   /* end (exclusive) */
    CNN_CONV_READER_WEIGHTS,     /* the CNN_CONV_TAPS weight tiles (2 slots) */
    CNN_CONV_READER_WEIGHTS_HI,
    CNN_CONV_READER_BIAS, /* the bias tile (2 slots) */
    CNN_CONV_READER_BIAS_HI,
    CNN_CONV_READER_OUT_PIXELS, /* output pixels in all (the last block may be partial) */
    CNN_CONV_READER_COUNT
};

/* conv_compute */
enum cnn_conv_compute_arg {
    CNN_CONV_COMPUTE_BLOCKS, /* output blocks of this core */
    CNN_CONV_COMPUTE_COUNT
};

/* conv_writer */
enum cnn_conv_writer_arg {
    CNN_CONV_WRITER_OUT, /* output activations (2 slots) */
    CNN_CONV_WRITER_OUT_HI,
    CNN_CONV_WRITER_BLOCK_BEGIN, /* as the reader's */
    CNN_CONV_WRITER_BLOCK_END,
    CNN_CONV_WRITER_OUT_PIXELS,
    CNN_CONV_WRITER_COUNT
};

/* ---- head: head_reader (NCRISC), head_compute, head_writer (BRISC) ---- */

/* Circular buffers; those marked "root" exist on the root core only. */
enum cnn_head_cb {
    CNN_HEAD_CB_ACT = 0,        /* this core's pixels, 32 a row-major page: reader -> compute */
    CNN_HEAD_CB_WEIGHTS = 1,    /* the fc weight tile (input channels x classes) */
    CNN_HEAD_CB_BIAS = 2,       /* root: the fc bias tile (row 0) */
    CNN_HEAD_CB_PARTIALS = 8,   /* root: the other cores' partial logits, one tile each */
    CNN_HEAD_CB_OUT = 16,       /* this core's (partial) logits: compute -> writer */
    CNN_HEAD_CB_POOLED = 24,    /* compute -> compute: the pooled row, packed and unpacked */
    CNN_HEAD_CB_ACT_TILED = 25, /* CB_ACT's pages tilized, all of this core's: compute only */
};

/* Semaphores (the root core's). */
enum cnn_head_semaphore {
    CNN_HEAD_SEM_PARTIALS = 0, /* partial-logit tiles landed in the root's receive buffer */
};

/* head_reader */
enum cnn_head_reader_arg {
    CNN_HEAD_READER_IN, /* the pooled layer's activations (2 slots) */
    CNN_HEAD_READER_IN_HI,
    CNN_HEAD_READER_FIRST_TILE, /* this core's first tile of 32 pixels */
    CNN_HEAD_READER_TILES,      /* and how many */
    CNN_HEAD_READER_WEIGHTS,    /* the fc weight tile (2 slots) */
    CNN_HEAD_READER_WEIGHTS_HI,
    CNN_HEAD_READER_ROOT, /* 1 on the root core */
    CNN_HEAD_READER_BIAS, /* the fc bias tile (2 slots) */
    CNN_HEAD_READER_BIAS_HI,
    CNN_HEAD_READER_RECV, /* the root's receive buffer (2 slots) */
    CNN_HEAD_READER_RECV_HI,
    CNN_HEAD_READER_SENDERS, /* cores that send partial logits to the root */
    CNN_HEAD_READER_COUNT
};

/* head_compute */
enum cnn_head_compute_arg {
    CNN_HEAD_COMPUTE_TILES, /* as the reader's */
    CNN_HEAD_COMPUTE_SCALE, /* 1 / pixels pooled, fp32 bits */
    CNN_HEAD_COMPUTE_ROOT,
    CNN_HEAD_COMPUTE_SENDERS,
    CNN_HEAD_COMPUTE_COUNT
};

/* head_writer */
enum cnn_head_writer_arg {
    CNN_HEAD_WRITER_ROOT,
    CNN_HEAD_WRITER_DST, /* DRAM (root) or the root's receive slot (2 slots) */
    CNN_HEAD_WRITER_DST_HI,
    CNN_HEAD_WRITER_ROOT_NOC_X, /* the root core's NOC coordinates */
    CNN_HEAD_WRITER_ROOT_NOC_Y,
    CNN_HEAD_WRITER_COUNT
};

#endif
