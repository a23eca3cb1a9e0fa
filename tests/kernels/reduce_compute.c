/* Reduction: n tiles of CB 0 summed into one tile (row 0: column sums
 * times the scale; with ROWS defined, column 0: row sums), then a bias
 * (row 0 of CB 1's tile) added, into CB 16.
 * args: 0 n, 1 scale (fp32 bits) */
#include "compute_api.h"

void kernel_main(void)
{
    uint32_t n = get_arg_val(0), scale = get_arg_val(1);
    tile_regs_acquire();
    for (uint32_t i = 0; i < n; i++) {
        cb_wait_front(0, 1);
#ifdef ROWS
        reduce_rows_tile(0, 0, 0, scale);
#else
        reduce_cols_tile(0, 0, 0, scale);
#endif
        cb_pop_front(0, 1);
    }
    cb_wait_front(1, 1);
    bias_add_tile(1, 0, 0);
    cb_pop_front(1, 1);
    commit_and_pack_tile(0, 16);
}
