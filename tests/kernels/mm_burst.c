/* Matmul taking its inputs in bursts (the counters' compute-bound case):
 * each output tile accumulates Kt products, waiting for `burst` pages of
 * CBs 0 and 1 at a time, so that the unpacker's loop costs little beside
 * the FPU's 64 cycles a tile.
 * args: 0 output tiles, 1 Kt (a multiple of burst), 2 burst */
#include "compute_api.h"

void kernel_main(void)
{
    uint32_t tiles = get_arg_val(0), kt = get_arg_val(1), burst = get_arg_val(2);
    for (uint32_t t = 0; t < tiles; t++) {
        tile_regs_acquire();
        for (uint32_t k = 0; k < kt; k += burst) {
            cb_wait_front(0, burst);
            cb_wait_front(1, burst);
            for (uint32_t j = 0; j < burst; j++) matmul_tiles(0, 1, j, j, 0);
            cb_pop_front(0, burst);
            cb_pop_front(1, burst);
        }
        commit_and_pack_tile(0, 16);
    }
}
