/* The compute kernel API, with tt-metal's names (docs/chip.md, "Tile
 * engine"). A compute kernel is one C source that tt_foil_add_kernel(...
 * RISC compute) builds three times, once per TRISC role, as tt-metal
 * does: on TRISC0 every call unpacks tiles from circular buffers into the
 * engine's source registers, on TRISC1 it runs the math into DEST, on
 * TRISC2 it packs DEST tiles into circular buffers. Each call does its own
 * role's part and nothing on the others, so the kernel reads as one
 * program:
 *
 *   for (uint32_t i = 0; i < n; i++) {
 *       cb_wait_front(CB_IN, 1);          // unpacker: wait for an input tile
 *       tile_regs_acquire();              // math: take a DEST half
 *       copy_tile(CB_IN, 0, 0);           // unpack tile 0 -> math: DEST[0]
 *       relu_tile(0);                     // math: DEST[0] = max(DEST[0], 0)
 *       cb_pop_front(CB_IN, 1);           // unpacker: free the input tile
 *       tile_regs_commit();               // math: hand DEST to the packer
 *       cb_reserve_back(CB_OUT, 1);       // packer: room for the output
 *       tile_regs_wait();                 // packer: wait for DEST
 *       pack_tile(0, CB_OUT);             // packer: DEST[0] -> the CB
 *       tile_regs_release();              // packer: DEST back (cleared)
 *       cb_push_back(CB_OUT, 1);          // packer: publish the tile
 *   }
 *
 * (The last six lines are commit_and_pack_tile(0, CB_OUT).)
 *
 * A tile's format is its circular buffer's page size: 2048 bytes for bf16,
 * 4096 for fp32; the engine computes in fp32. DEST indices are 0..7. The
 * engine needs no initialisation calls (tt-metal's *_init functions). */
#ifndef TF_COMPUTE_API_H
#define TF_COMPUTE_API_H

#ifndef TF_COMPUTE_ROLE
#error "compute kernels are built with tt_foil_add_kernel(NAME RISC compute ...)"
/* The usual end of one output tile: math hands DEST over, the packer
 * packs DEST[dst] into a new page of cb, publishes it and gives DEST back. */
TF_ALWAYS_INLINE void commit_and_pack_tile(uint32_t dst, uint32_t cb)
{
    tile_regs_commit();
    cb_reserve_back(cb, 1);
    tile_regs_wait();
    pack_tile(dst, cb);
    tile_regs_release();
    cb_push_back(cb, 1);
}

#endif

#define TF_COMPUTE_API    1
#define TF_CB_ON_PUSH(cb) (dev_pack_pos[cb] = 0)
#include "tf_device.h"
#include "tf_tile.h"
static uint8_t dev_pack_pos[TF_MAX_CBS] __attribute__((unused)); /* tiles packed so far */

#include "circular_buffer.h"
#include "debug_print.h"
#include "kernel_args.h"
#include "kernel_profiler.h"

#define TF_UNPACKER (TF_COMPUTE_ROLE == TF_TILE_ROLE_UNPACK)
#define TF_MATH     (TF_COMPUTE_ROLE == TF_TILE_ROLE_MATH)
#define TF_PACKER   (TF_COMPUTE_ROLE == TF_TILE_ROLE_PACK)

TF_ALWAYS_INLINE void dev_tile_cmd(uint32_t op)
{
    dev_reg_write(TF_MMIO_TILE_CMD, op);
}

/* Unpacker: tile `i` at the front of `cb` into a source register. */
TF_ALWAYS_INLINE void dev_unpack_args(uint32_t arg, uint32_t cb, uint32_t i)
{
    uint32_t page = get_tile_size(cb);
    dev_reg_write(arg, get_read_ptr(cb) + i * page);
    dev_reg_write(arg + 4, page);
}

TF_ALWAYS_INLINE void dev_unpack_a(uint32_t cb, uint32_t i)
{
    dev_unpack_args(TF_MMIO_TILE_ARG0, cb, i);
    dev_tile_cmd(TF_TILE_UNPACK_A);
}

TF_ALWAYS_INLINE void dev_unpack_b(uint32_t cb, uint32_t i)
{
    dev_unpack_args(TF_MMIO_TILE_ARG0, cb, i);
    dev_tile_cmd(TF_TILE_UNPACK_B);
}

TF_ALWAYS_INLINE void dev_unpack_ab(uint32_t cb_a, uint32_t ia, uint32_t cb_b, uint32_t ib)
{
    dev_unpack_args(TF_MMIO_TILE_ARG0, cb_a, ia);
    dev_unpack_args(TF_MMIO_TILE_ARG2, cb_b, ib);
    dev_tile_cmd(TF_TILE_UNPACK_AB);
}

/* Math: an operation into DEST[dst] (arg: a second operand, if any). */
TF_ALWAYS_INLINE void dev_math(uint32_t op, uint32_t dst, uint32_t arg)
{
    dev_reg_write(TF_MMIO_TILE_ARG0, dst);
    dev_reg_write(TF_MMIO_TILE_ARG1, arg);
    dev_tile_cmd(op);
}

/* ---- DEST hand-over ------------------------------------------------------------ */

/* Math: wait for a free half of DEST (it starts at zero). */
TF_ALWAYS_INLINE void tile_regs_acquire(void)
{
    if (TF_MATH) dev_tile_cmd(TF_TILE_ACQUIRE);
}

/* Math: the half is computed; hand it to the packer. */
TF_ALWAYS_INLINE void tile_regs_commit(void)
{
    if (TF_MATH) dev_tile_cmd(TF_TILE_COMMIT);
}

/* Packer: wait for a committed half. */
TF_ALWAYS_INLINE void tile_regs_wait(void)
{
    if (TF_PACKER) dev_tile_cmd(TF_TILE_WAIT);
}

/* Packer: done with the half; it is cleared and goes back to math. */
TF_ALWAYS_INLINE void tile_regs_release(void)
{
    if (TF_PACKER) dev_tile_cmd(TF_TILE_RELEASE);
}

/* ---- operations ------------------------------------------------------------------ */

/* DEST[dst] = tile i of cb. */
TF_ALWAYS_INLINE void copy_tile(uint32_t cb, uint32_t i, uint32_t dst)
{
    if (TF_UNPACKER) dev_unpack_a(cb, i);
    if (TF_MATH) dev_math(TF_TILE_COPY, dst, 0);
}

#define TF_BINARY(fn, OP)                                                                          \
    TF_ALWAYS_INLINE void fn(uint32_t cb_a, uint32_t cb_b, uint32_t ia, uint32_t ib, uint32_t dst) \
    {                                                                                              \
        if (TF_UNPACKER) dev_unpack_ab(cb_a, ia, cb_b, ib);                                        \
        if (TF_MATH) dev_math(OP, dst, 0);                                                         \
    }
/* DEST[dst] = A op B, elementwise (A: tile ia of cb_a, B: tile ib of cb_b). */
TF_BINARY(add_tiles, TF_TILE_ADD)
TF_BINARY(sub_tiles, TF_TILE_SUB)
TF_BINARY(mul_tiles, TF_TILE_MUL)
/* DEST[dst] += A x B (matrix product; accumulate over K by repeating). */
TF_BINARY(matmul_tiles, TF_TILE_MATMUL)
/* DEST[dst] = A + row 0 of B added to every row (a bias). */
TF_BINARY(add_tiles_bcast_rows, TF_TILE_ADD_BCAST)
#undef TF_BINARY

/* DEST[dst] += row 0 of tile i of cb on every row: a bias added in place
 * (like tt-metal's binary_dest_reuse_tiles). */
TF_ALWAYS_INLINE void bias_add_tile(uint32_t cb, uint32_t i, uint32_t dst)
{
    if (TF_UNPACKER) dev_unpack_b(cb, i);
    if (TF_MATH) dev_math(TF_TILE_BIAS, dst, 0);
}

/* Row 0 of DEST[dst] += scale x the sum of each column of tile i of cb
 * (tt-metal's reduce_tile, REDUCE_COL, SUM); scale is an fp32 bit pattern
 * (0x3f800000 is 1.0). */
TF_ALWAYS_INLINE void reduce_cols_tile(uint32_t cb, uint32_t i, uint32_t dst, uint32_t scale)
{
    if (TF_UNPACKER) dev_unpack_a(cb, i);
    if (TF_MATH) dev_math(TF_TILE_REDUCE_COLS, dst, scale);
}

/* Column 0 of DEST[dst] += scale x the sum of each row (REDUCE_ROW). */
TF_ALWAYS_INLINE void reduce_rows_tile(uint32_t cb, uint32_t i, uint32_t dst, uint32_t scale)
{
    if (TF_UNPACKER) dev_unpack_a(cb, i);
    if (TF_MATH) dev_math(TF_TILE_REDUCE_ROWS, dst, scale);
}

/* DEST[dst] = max(DEST[dst], 0). */
TF_ALWAYS_INLINE void relu_tile(uint32_t dst)
{
    if (TF_MATH) dev_math(TF_TILE_RELU, dst, 0);
}

/* Packer: DEST[dst] into the next reserved page of cb (the first after
 * cb_reserve_back, then the next, ...; cb_push_back starts over). */
TF_ALWAYS_INLINE void pack_tile(uint32_t dst, uint32_t cb)
{
    if (!TF_PACKER) return;
    uint32_t page = get_tile_size(cb);
    dev_reg_write(TF_MMIO_TILE_ARG0, dst);
    dev_reg_write(TF_MMIO_TILE_ARG1, get_write_ptr(cb) + dev_pack_pos[cb]++ * page);
    dev_reg_write(TF_MMIO_TILE_ARG2, page);
    dev_tile_cmd(TF_TILE_PACK);
}

/* The usual end of one output tile: math hands DEST over, the packer
 * packs DEST[dst] into a new page of cb, publishes it and gives DEST back. */
TF_ALWAYS_INLINE void commit_and_pack_tile(uint32_t dst, uint32_t cb)
{
    tile_regs_commit();
    cb_reserve_back(cb, 1);
    tile_regs_wait();
    pack_tile(dst, cb);
    tile_regs_release();
    cb_push_back(cb, 1);
}

#endif
