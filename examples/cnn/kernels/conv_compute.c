/* Convolution compute: per output block, the 9 taps' products accumulate
 * in DEST (matmul_tiles), then the bias and relu, packed to CB 16.
 * args: 0 blocks */
#include "compute_api.h"

void kernel_main(void)
{
    uint32_t blocks = get_arg_val(0);
    cb_wait_front(1, 9); /* the weights stay for the whole dispatch */
    cb_wait_front(2, 1);
    for (uint32_t b = 0; b < blocks; b++) {
        DeviceZoneScopedN("block");
        tile_regs_acquire();
        for (uint32_t tap = 0; tap < 9; tap++) {
            cb_wait_front(0, 1);
            matmul_tiles(0, 1, 0, tap, 0);
            cb_pop_front(0, 1);
        }
        bias_add_tile(2, 0, 0);
        relu_tile(0);
        commit_and_pack_tile(0, 16);
    }
    cb_pop_front(1, 9);
    cb_pop_front(2, 1);
}
