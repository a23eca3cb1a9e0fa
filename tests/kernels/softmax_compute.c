/* Row softmax, numerically stable, in tt-metal's style: per row of Wt
 * tiles, max (reduce MAX over rows), x - max (sub bcast cols), exp, sum
 * (reduce SUM) and its reciprocal in the same DEST, then x times 1/sum
 * (mul bcast cols). CBs: 0 input (Wt a row), 1 the reduce scaler (1.0),
 * 2 exps, 3 1/sum, 4 max, 5 x - max, 16 output. args: 0 rows, 1 Wt.
 * EXP_APPROX: exp_tile_approx. */
#include "compute_api.h"

#ifdef EXP_APPROX
#define EXP exp_tile_approx
#else
#define EXP exp_tile
#endif

static void pack_one(uint32_t cb)
{
    commit_and_pack_tile(0, cb);
}

void kernel_main(void)
{
    uint32_t rows = get_arg_val(0), wt = get_arg_val(1);
    binary_op_init_common(0, 1, 2);
    cb_wait_front(1, 1);
    for (uint32_t r = 0; r < rows; r++) {
        cb_wait_front(0, wt);
        reduce_init_row_max(0, 1, 4); /* 1: the row max into column 0 */
        tile_regs_acquire();
        for (uint32_t n = 0; n < wt; n++) reduce_tile_row_max(0, 1, n, 0, 0);
        pack_one(4);
        reduce_uninit();
        cb_wait_front(4, 1); /* 2: x - max */
        sub_bcast_cols_init_short(0, 4);
        for (uint32_t n = 0; n < wt; n++) {
            tile_regs_acquire();
            sub_tiles_bcast_cols(0, 4, n, 0, 0);
            pack_one(5);
        }
        cb_pop_front(0, wt);
        cb_pop_front(4, 1);
        cb_wait_front(5, wt); /* 3: exp */
        init_sfpu(5, 2);
        exp_tile_init();
        for (uint32_t n = 0; n < wt; n++) {
            tile_regs_acquire();
            copy_tile(5, n, 0);
            EXP(0);
            pack_one(2);
        }
        cb_pop_front(5, wt);
        cb_wait_front(2, wt); /* 4: the sum and 1/sum */
        reduce_init_row_sum(2, 1, 3);
        tile_regs_acquire();
        for (uint32_t n = 0; n < wt; n++) reduce_tile_row_sum(2, 1, n, 0, 0);
        recip_tile_init();
        recip_tile(0);
        pack_one(3);
        reduce_uninit();
        cb_wait_front(3, 1); /* 5: normalise */
        mul_bcast_cols_init_short(2, 3);
        for (uint32_t n = 0; n < wt; n++) {
            tile_regs_acquire();
            mul_tiles_bcast_cols(2, 3, n, 0, 0);
            pack_one(16);
        }
        cb_pop_front(2, wt);
        cb_pop_front(3, 1);
    }
}
