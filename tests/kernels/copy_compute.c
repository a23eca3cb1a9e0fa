/* Compute stage of the tile pipeline: CB 0 -> tile engine copy -> CB 16.
 * args: 0 number of tiles */
#include "compute_api.h"

void kernel_main(void)
{
    uint32_t n = get_arg_val(0);
    for (uint32_t i = 0; i < n; i++) {
        cb_wait_front(0, 1);
        tile_regs_acquire();
        copy_tile(0, 0, 0);
        cb_pop_front(0, 1);
        commit_and_pack_tile(0, 16);
    }
}
