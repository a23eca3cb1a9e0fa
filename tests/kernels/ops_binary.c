/* FPU binary ops in tt-metal mode: CB 0 op CB 1 -> CB 16, tile by tile.
 * args: 0 tiles, 1 binop (TF_BINOP_*), 2 bcast (TF_BCAST_*), 3 how:
 * 0 the named init and op, 1 binary_op_init_common (no broadcast),
 * 2 init_bcast + any_tiles_bcast, 3 binary_dest_reuse (DEST = A first,
 * then DEST op B with DEST_TO_SRCA; 4: B op DEST with DEST_TO_SRCB),
 * 5 add/sub with acc_to_dest (DEST = A first, then += A op B) */
#include "compute_api.h"

#define NAMED(op, bc, fn, init)                                                                    \
    if (binop == op && bcast == bc) {                                                              \
        init(0, 1);                                                                                \
        fn(0, 1, 0, 0, 0);                                                                         \
    }

static void named(uint32_t binop, uint32_t bcast)
{
    NAMED(TF_BINOP_ADD, TF_BCAST_ROW, add_tiles_bcast_rows, add_bcast_rows_init_short)
    NAMED(TF_BINOP_SUB, TF_BCAST_ROW, sub_tiles_bcast_rows, sub_bcast_rows_init_short)
    NAMED(TF_BINOP_MUL, TF_BCAST_ROW, mul_tiles_bcast_rows, mul_bcast_rows_init_short)
    NAMED(TF_BINOP_ADD, TF_BCAST_COL, add_tiles_bcast_cols, add_bcast_cols_init_short)
    NAMED(TF_BINOP_SUB, TF_BCAST_COL, sub_tiles_bcast_cols, sub_bcast_cols_init_short)
    NAMED(TF_BINOP_MUL, TF_BCAST_COL, mul_tiles_bcast_cols, mul_bcast_cols_init_short)
    NAMED(TF_BINOP_ADD, TF_BCAST_SCALAR, add_tiles_bcast_scalar, add_bcast_scalar_init_short)
    NAMED(TF_BINOP_SUB, TF_BCAST_SCALAR, sub_tiles_bcast_scalar, sub_tiles_bcast_scalar_init_short)
    NAMED(TF_BINOP_MUL, TF_BCAST_SCALAR, mul_tiles_bcast_scalar, mul_tiles_bcast_scalar_init_short)
    if (bcast == TF_BCAST_NONE) {
        if (binop == TF_BINOP_ADD) {
            add_tiles_init(0, 1, 0);
            add_tiles(0, 1, 0, 0, 0);
        } else if (binop == TF_BINOP_SUB) {
            sub_tiles_init(0, 1, 0);
            sub_tiles(0, 1, 0, 0, 0);
        } else {
            mul_tiles_init(0, 1);
            mul_tiles(0, 1, 0, 0, 0);
        }
    }
}

void kernel_main(void)
{
    uint32_t n = get_arg_val(0), binop = get_arg_val(1), bcast = get_arg_val(2);
    uint32_t how = get_arg_val(3);
    compute_kernel_hw_startup(0, 1, 16);
    for (uint32_t i = 0; i < n; i++) {
        cb_wait_front(0, 1);
        cb_wait_front(1, 1);
        tile_regs_acquire();
        if (how == 0) {
            named(binop, bcast);
        } else if (how == 1) {
            binary_op_init_common(0, 1, 16);
            any_tiles_bcast(binop, TF_BCAST_NONE, 0, 1, 0, 0, 0);
        } else if (how == 2) {
            init_bcast(binop, bcast, 0, 1, 16);
            any_tiles_bcast(binop, bcast, 0, 1, 0, 0, 0);
        } else if (how == 3 || how == 4) {
            copy_tile_init(how == 3 ? 0 : 1);
            copy_tile(how == 3 ? 0 : 1, 0, 0);
            uint32_t reuse = how == 3 ? TF_REUSE_DEST_TO_SRCA : TF_REUSE_DEST_TO_SRCB;
            binary_dest_reuse_tiles_init(binop, reuse, how == 3 ? 1 : 0);
            binary_dest_reuse_tiles(binop, reuse, how == 3 ? 1 : 0, 0, 0);
        } else {
            copy_tile_init(0);
            copy_tile(0, 0, 0);
            if (binop == TF_BINOP_ADD)
                add_tiles_init(0, 1, 1);
            else
                sub_tiles_init(0, 1, 1);
            any_tiles_bcast(binop, TF_BCAST_NONE, 0, 1, 0, 0, 0);
        }
        cb_pop_front(0, 1);
        cb_pop_front(1, 1);
        commit_and_pack_tile(0, 16);
    }
}
