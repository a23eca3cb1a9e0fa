/* RMSNorm over rows of Wt tiles: y = x / sqrt(mean(x^2) + eps). Per row:
 * x^2 (mul_tiles) into CB 3, mean (reduce SUM over rows with a 1/W
 * scaler) + eps (add bcast scalar) and rsqrt in one DEST into CB 5, then
 * x times it (mul bcast cols). CBs: 0 x, 1 scaler 1/W, 2 eps tile
 * ([0][0]), 3 x^2, 4 mean, 5 rsqrt, 16 out. args: 0 rows, 1 Wt. */
#include "compute_api.h"

void kernel_main(void)
{
    uint32_t rows = get_arg_val(0), wt = get_arg_val(1);
    binary_op_init_common(0, 0, 3);
    cb_wait_front(1, 1);
    cb_wait_front(2, 1);
    for (uint32_t r = 0; r < rows; r++) {
        cb_wait_front(0, wt);
        mul_tiles_init(0, 0);
        for (uint32_t n = 0; n < wt; n++) {
            tile_regs_acquire();
            mul_tiles(0, 0, n, n, 0);
            commit_and_pack_tile(0, 3);
        }
        cb_wait_front(3, wt);
        reduce_init_row_sum(3, 1, 4);
        tile_regs_acquire();
        for (uint32_t n = 0; n < wt; n++) reduce_tile_row_sum(3, 1, n, 0, 0);
        commit_and_pack_tile(0, 4);
        reduce_uninit();
        cb_pop_front(3, wt);
        cb_wait_front(4, 1);
        add_bcast_scalar_init_short(4, 2);
        tile_regs_acquire();
        add_tiles_bcast_scalar(4, 2, 0, 0, 0);
        rsqrt_tile_init();
        rsqrt_tile(0);
        commit_and_pack_tile(0, 5);
        cb_pop_front(4, 1);
        cb_wait_front(5, 1);
        mul_bcast_cols_init_short(0, 5);
        for (uint32_t n = 0; n < wt; n++) {
            tile_regs_acquire();
            mul_tiles_bcast_cols(0, 5, n, 0, 0);
            commit_and_pack_tile(0, 16);
        }
        cb_pop_front(5, 1);
        cb_pop_front(0, wt);
    }
}
