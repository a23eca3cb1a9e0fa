/* The tile engine of a Tensix core (docs/chip.md, "Tile engine"): the
 * registers the TRISCs drive it through and its operations, shared by the
 * compute kernel API (device/include/compute_api.h), the simulator
 * (sim/tile.c) and the host's tile layout helpers (tt_foil/tile.h).
 *
 * A tile is 32x32 values stored as four 16x16 faces (rows 0-15 x cols
 * 0-15, rows 0-15 x cols 16-31, rows 16-31 x cols 0-15, rows 16-31 x cols
 * 16-31), each face row-major, in bf16 (2 KiB) or fp32 (4 KiB); a circular
 * buffer's page size says which. The engine computes in fp32. */
#ifndef TF_TILE_H
#define TF_TILE_H

#define TF_TILE_DIM       32
#define TF_TILE_FACE      16
#define TF_TILE_ELEMS     (TF_TILE_DIM * TF_TILE_DIM)
#define TF_TILE_BF16      (TF_TILE_ELEMS * 2) /* page size of a bf16 tile */
#define TF_TILE_FP32      (TF_TILE_ELEMS * 4) /* page size of an fp32 tile */
#define TF_TILE_DEST_HALF 8                   /* DEST tiles a kernel can use at once */

/* Registers (per TRISC): fill the arguments, then write an opcode to CMD.
 * A command that must wait (for a source register, for DEST) holds the
 * TRISC until it can run; then the TRISC is busy for the op's cycles. */
#define TF_MMIO_TILE_ARG0 0xffb00300
#define TF_MMIO_TILE_ARG1 0xffb00304
#define TF_MMIO_TILE_ARG2 0xffb00308
#define TF_MMIO_TILE_ARG3 0xffb0030c
#define TF_MMIO_TILE_CMD  0xffb00310

/* Who may issue an operation: the TRISC of that role. */
#define TF_TILE_ROLE_UNPACK 0 /* TRISC0 */
#define TF_TILE_ROLE_MATH   1 /* TRISC1 */
#define TF_TILE_ROLE_PACK   2 /* TRISC2 */

/* X(NAME, opcode, role, arguments): every operation, in opcode order.
 * "src A/B" are the two double-banked source registers the unpacker fills
 * and the math unit consumes; DEST holds 2 x 8 tiles, one half owned by
 * math (between acquire and commit) and one by pack (wait to release). */
// clang-format off
#define TF_TILE_OPS(X)                                                                                  \
    X(UNPACK_A,   1, TF_TILE_ROLE_UNPACK, "ARG0 L1 address, ARG1 page size: a tile into src A")              \
    X(UNPACK_B,   2, TF_TILE_ROLE_UNPACK, "ARG0 L1 address, ARG1 page size: a tile into src B")              \
    X(UNPACK_AB,  3, TF_TILE_ROLE_UNPACK, "ARG0/1 into src A, ARG2/3 into src B")                            \
    X(ACQUIRE,    4, TF_TILE_ROLE_MATH,   "wait for a free DEST half")                                       \
    X(COMMIT,     5, TF_TILE_ROLE_MATH,   "hand the DEST half to pack")                                      \
    X(COPY,       6, TF_TILE_ROLE_MATH,   "DEST[ARG0] = A")                                                  \
    X(ADD,        7, TF_TILE_ROLE_MATH,   "DEST[ARG0] = A + B")                                              \
    X(SUB,        8, TF_TILE_ROLE_MATH,   "DEST[ARG0] = A - B")                                              \
    X(MUL,        9, TF_TILE_ROLE_MATH,   "DEST[ARG0] = A * B (elementwise)")                                \
    X(MATMUL,    10, TF_TILE_ROLE_MATH,   "DEST[ARG0] += A x B")                                             \
    X(ADD_BCAST, 11, TF_TILE_ROLE_MATH,   "DEST[ARG0] = A + row 0 of B on every row")                        \
    X(BIAS,      12, TF_TILE_ROLE_MATH,   "DEST[ARG0] += row 0 of B on every row")                           \
    X(REDUCE_COLS, 13, TF_TILE_ROLE_MATH, "DEST[ARG0] row 0 += ARG1 (fp32 bits) x column sums of A")         \
    X(REDUCE_ROWS, 14, TF_TILE_ROLE_MATH, "DEST[ARG0] column 0 += ARG1 (fp32 bits) x row sums of A")         \
    X(RELU,      15, TF_TILE_ROLE_MATH,   "DEST[ARG0] = max(DEST[ARG0], 0)")                                 \
    X(WAIT,      16, TF_TILE_ROLE_PACK,   "wait for a committed DEST half")                                  \
    X(RELEASE,   17, TF_TILE_ROLE_PACK,   "give the DEST half back (cleared to zero)")                       \
    X(PACK,      18, TF_TILE_ROLE_PACK,   "DEST[ARG0] to L1 address ARG1, page size ARG2")
// clang-format on

#define TF_TILE_OP_ENUM(name, code, role, doc) TF_TILE_##name = code,
enum tf_tile_op { TF_TILE_OPS(TF_TILE_OP_ENUM) TF_TILE_NUM_OPS };
#undef TF_TILE_OP_ENUM

/* Why a tile command faulted (fault record detail TF_FAULT_DETAIL_TILE,
 * aux_lo = the opcode, aux_hi = one of these). */
#define TF_TILE_ERR_OPCODE  1 /* no such operation */
#define TF_TILE_ERR_ROLE    2 /* issued by the wrong TRISC */
#define TF_TILE_ERR_FORMAT  3 /* page size is neither a bf16 nor an fp32 tile */
#define TF_TILE_ERR_ADDRESS 4 /* the tile is outside user L1, or misaligned */
#define TF_TILE_ERR_DEST    5 /* DEST index beyond the half */
#define TF_TILE_ERR_PROTO   6 /* math outside acquire/commit, pack outside wait/release */
#define TF_TILE_ERR_HOST    7 /* the simulator ran out of host memory */

#endif
