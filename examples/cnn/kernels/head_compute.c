/* Head compute: global average pooling of this core's pixels (column sums
 * x 1/pixels into row 0), packed to CB 24 and unpacked again as the fc's
 * input row; x fc weights; on the root core plus the other cores' partial
 * logits and the fc bias. Result in CB 16.
 * args: 0 tiles, 1 scale (fp32 bits), 2 root, 3 senders */
#include "compute_api.h"

void kernel_main(void)
{
    uint32_t n = get_arg_val(0), scale = get_arg_val(1), root = get_arg_val(2);
    uint32_t senders = get_arg_val(3);
    {
        DeviceZoneScopedN("pool");
        tile_regs_acquire();
        for (uint32_t i = 0; i < n; i++) {
            cb_wait_front(0, 1);
            reduce_cols_tile(0, 0, 0, scale);
            cb_pop_front(0, 1);
        }
        commit_and_pack_tile(0, 24);
    }
    DeviceZoneScopedN("fc");
    cb_wait_front(24, 1);
    cb_wait_front(1, 1);
    tile_regs_acquire();
    matmul_tiles(24, 1, 0, 0, 0);
    cb_pop_front(24, 1);
    cb_pop_front(1, 1);
    if (root) {
        cb_wait_front(8, senders);
        for (uint32_t i = 0; i < senders; i++) bias_add_tile(8, i, 0);
        cb_pop_front(8, senders);
        cb_wait_front(2, 1);
        bias_add_tile(2, 0, 0);
        cb_pop_front(2, 1);
    }
    commit_and_pack_tile(0, 16);
}
