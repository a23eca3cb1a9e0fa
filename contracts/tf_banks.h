/* Interleaved buffers: the bank tables kernels' address generators read
 * (which NOC endpoint holds bank b, per NOC, and its address offset), and
 * the table of live interleaved buffers that the page-id check reads. The
 * runtime writes both into every booted core's L1 (TF_L1_BANK_TABLE,
 * TF_L1_IBUF_TABLE); device/include/dev_banks.h reads them. See
 * docs/chip.md, "Bank tables". */
#ifndef TF_BANKS_H
#define TF_BANKS_H

#include "tf_memmap.h"
#include <stdint.h>

#define TF_MAX_DRAM_BANKS 64
#define TF_MAX_L1_BANKS   256 /* the first 256 booted cores, in core order */
/* Page strides are page sizes rounded up to these (Blackhole's
 * DRAM_ALIGNMENT and L1_ALIGNMENT, tt-metal noc_parameters.h). */
#define TF_DRAM_ALIGNMENT 64
#define TF_L1_ALIGNMENT   16

/* A bank's NOC endpoint as tt-metal's NOC_XY_ENCODING on Blackhole: the
 * 12 bits that sit at [47:36] of a NOC address. */
#define TF_BANK_XY(x, y) ((uint16_t)(((y) << 6) | (x)))

typedef struct tf_bank_table {
    uint32_t num_dram_banks, num_l1_banks;
    uint32_t dram_alignment, l1_alignment;
    uint16_t dram_xy[TF_NUM_NOCS][TF_MAX_DRAM_BANKS];
    int32_t dram_offset[TF_MAX_DRAM_BANKS]; /* added to a page's bank address */
    uint16_t l1_xy[TF_NUM_NOCS][TF_MAX_L1_BANKS];
    int32_t l1_offset[TF_MAX_L1_BANKS];
} tf_bank_table;

_Static_assert(sizeof(tf_bank_table) <= TF_L1_BANK_TABLE_SIZE, "bank table fits");
_Static_assert(TF_L1_BANK_TABLE + TF_L1_BANK_TABLE_SIZE <= TF_L1_KCONFIG + TF_L1_KCONFIG_SIZE,
               "bank table inside the kernel config area");

/* Live interleaved buffers: an open-addressing hash table on (base
 * address, DRAM or L1), rebuilt by the host on every change (so it has no
 * deleted slots); a probe stops at an empty slot. */
#define TF_IBUF_SLOTS     128
#define TF_IBUF_MAX_LIVE  96 /* keeps probes short */
#define TF_IBUF_USED      0x80000000u
#define TF_IBUF_DRAM      0x40000000u
#define TF_IBUF_MAX_PAGES 0x3fffffffu

typedef struct tf_ibuf {
    uint32_t addr;
    uint32_t pages; /* TF_IBUF_USED | (TF_IBUF_DRAM) | number of pages; 0: empty */
} tf_ibuf;

_Static_assert(TF_L1_IBUF_TABLE + TF_IBUF_SLOTS * sizeof(tf_ibuf) <= TF_L1_CB_LOCAL(0),
               "interleaved buffer table fits");

/* First slot to probe for a buffer (Fibonacci hashing of the address). */
static inline uint32_t tf_ibuf_slot(uint32_t addr, uint32_t is_dram)
{
    return ((addr ^ is_dram) * 0x9e3779b1u) >> 25; /* 7 bits: TF_IBUF_SLOTS */
}

_Static_assert(TF_IBUF_SLOTS == 128, "tf_ibuf_slot yields 7 bits");

/* The compile-time words of a tensor's TensorAccessorArgs, as
 * tf_buffer_accessor_args writes them (src/interleaved.c, src/sharded.c)
 * and api/tensor/tensor_accessor_args.h reads them. Word 0 is tt-metal's
 * ArgsConfig (its bit values: hostdevcommon/tensor_accessor/arg_config.hpp),
 * word 1 the aligned page size; an interleaved tensor has no more. A
 * sharded one (tt-foil's own form) goes on with its page grid, its shard
 * shape, its bank count (the cores of its rectangle, or its DRAM banks),
 * then one word a bank: the NOC x and y of the core, in the orientation's
 * order; of a DRAM-sharded tensor (IS_DRAM too) the bank's number as x
 * and 0 as y (tt-metal's DRAM grid, whose x its accessor reads as the bank
 * id).
 * Shard k = i * shard columns + j is in bank k % banks, at (k / banks)
 * shards into it, as tt-metal's accessor lays shards out (a
 * tf_buffer_create_sharded tensor has at most a shard a bank). Page ids
 * are 32 bits: at most TF_SHARDED_MAX_PAGES pages. */
#define TF_ACCESSOR_SHARDED      (1u << 0)
#define TF_ACCESSOR_IS_DRAM      (1u << 1)
#define TF_SHARDED_ARG_CONFIG    0
#define TF_SHARDED_ARG_PAGE      1
#define TF_SHARDED_ARG_PAGES_H   2
#define TF_SHARDED_ARG_PAGES_W   3
#define TF_SHARDED_ARG_SHARD_H   4
#define TF_SHARDED_ARG_SHARD_W   5
#define TF_SHARDED_ARG_NUM_BANKS 6
#define TF_SHARDED_ARGS_FIXED    7
#define TF_SHARDED_BANK_XY(x, y) ((uint32_t)(x) << 16 | (uint32_t)(y))
#define TF_SHARDED_BANK_X(w)     ((w) >> 16)
#define TF_SHARDED_BANK_Y(w)     ((w)&0xffffu)
#define TF_SHARDED_MAX_PAGES     0x7fffffffu

/* Where page `page` of a sharded tensor of pages_w pages a row is, in
 * shards of shard_h x shard_w pages, shard_cols shards across: its shard
 * (i * shard_cols + j) returned, its place in the shard (in pages, row by
 * row) in *in_shard. The host's writes and reads (src/sharded.c) and the
 * device's TensorAccessor place pages by this one rule. */
static inline uint32_t tf_sharded_place(uint32_t page, uint32_t pages_w, uint32_t shard_h,
                                        uint32_t shard_w, uint32_t shard_cols, uint32_t *in_shard)
{
    uint32_t r = page / pages_w, c = page - r * pages_w;
    *in_shard = (r % shard_h) * shard_w + c % shard_w;
    return r / shard_h * shard_cols + c / shard_w;
}

#endif
