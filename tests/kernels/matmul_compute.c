/* Matmul: each output tile accumulates Kt products in DEST.
 * args: 0 output tiles, 1 Kt */
#include "compute_api.h"

void kernel_main(void)
{
    uint32_t tiles = get_arg_val(0), kt = get_arg_val(1);
    for (uint32_t t = 0; t < tiles; t++) {
        DeviceZoneScopedN("tile");
        tile_regs_acquire();
        for (uint32_t k = 0; k < kt; k++) {
            cb_wait_front(0, 1);
            cb_wait_front(1, 1);
            matmul_tiles(0, 1, 0, 0, 0);
            cb_pop_front(0, 1);
            cb_pop_front(1, 1);
        }
        commit_and_pack_tile(0, 16);
    }
}
