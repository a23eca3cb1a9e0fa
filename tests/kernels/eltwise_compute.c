/* Elementwise binary operation, then optionally relu: CB 0 op CB 1 -> CB 16.
 * args: 0 number of tiles, 1 operation (0 add, 1 sub, 2 mul, 3 add with
 * B's row 0 broadcast), 2 relu (0/1) */
#include "compute_api.h"

void kernel_main(void)
{
    uint32_t n = get_arg_val(0), op = get_arg_val(1), relu = get_arg_val(2);
    for (uint32_t i = 0; i < n; i++) {
        cb_wait_front(0, 1);
        cb_wait_front(1, 1);
        tile_regs_acquire();
        if (op == 0)
            add_tiles(0, 1, 0, 0, 0);
        else if (op == 1)
            sub_tiles(0, 1, 0, 0, 0);
        else if (op == 2)
            mul_tiles(0, 1, 0, 0, 0);
        else
            add_tiles_bcast_rows(0, 1, 0, 0, 0);
        if (relu) relu_tile(0);
        cb_pop_front(0, 1);
        cb_pop_front(1, 1);
        commit_and_pack_tile(0, 16);
    }
}
