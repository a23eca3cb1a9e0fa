/* Moving activation rows. Activations live in DRAM as pixels of 32 bf16
 * channels (CNN_PIXEL_BYTES, HWC): a pixel is a "stick", one row of a
 * row-major block. The readers gather 32 sticks into a row-major page
 * (the compute kernel tilizes it), the writer writes a row-major page
 * back: every transfer moves whole sticks, so the L1 and DRAM addresses
 * agree in their low 6 bits (tt-metal's watcher refuses a DRAM read whose
 * addresses do not: Blackhole reads DRAM 64 bytes at a time), and sticks
 * that follow each other in DRAM move as one transfer. */
#ifndef CNN_ACT_GATHER_H
#define CNN_ACT_GATHER_H

#include "cnn_args.h"
#include "dataflow_api.h"

/* L1 address of row r of the row-major page at t. */
static inline uint32_t row_at(uint32_t t, uint32_t r)
{
    return t + r * CNN_PIXEL_BYTES;
}

/* Row r of the page at t set to zero (padding). */
static inline void zero_row(uint32_t t, uint32_t r)
{
    volatile uint32_t *w = (volatile uint32_t *)row_at(t, r);
    for (int i = 0; i < CNN_PIXEL_BYTES / 4; i++) w[i] = 0;
}

/* A run of sticks adjacent in DRAM and in the page: read as one transfer
 * when it ends (run_add finds the next stick elsewhere, or run_flush). */
typedef struct run {
    uint64_t src; /* the first stick's NOC address */
    uint32_t dst; /* its row's L1 address */
    uint32_t n;   /* sticks in the run (0: none) */
} run;

static inline void run_flush(run *q)
{
    if (q->n) noc_async_read(q->src, q->dst, q->n * CNN_PIXEL_BYTES);
    q->n = 0;
}

/* The stick at src into row r of the page at t. */
static inline void run_add(run *q, uint32_t t, uint32_t r, uint64_t src)
{
    if (q->n && src == q->src + (uint64_t)q->n * CNN_PIXEL_BYTES &&
        row_at(t, r) == q->dst + q->n * CNN_PIXEL_BYTES) {
        q->n++;
        return;
    }
    run_flush(q);
    q->src = src;
    q->dst = row_at(t, r);
    q->n = 1;
}

/* The 64-bit argument in slots i (low word) and i + 1, as CNN_ARG64
 * (cnn_args.h) fills them. */
static inline uint64_t arg64(uint32_t i)
{
    return ((uint64_t)get_arg_val(i + 1) << 32) | get_arg_val(i);
}

#endif
