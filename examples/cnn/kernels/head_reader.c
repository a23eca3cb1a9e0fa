/* Head reader (NCRISC): this core's share of the pixels (32 a tile), the
 * fc weight tile; on the root core also the fc bias and, once the other
 * cores' semaphore increments arrived, their partial logits.
 * args: 0-1 input, 2 first tile, 3 tiles, 4-5 fc weights, 6 root,
 *       7-8 fc bias, 9-10 the root's receive buffer, 11 senders */
#include "act_gather.h"

void kernel_main(void)
{
    uint64_t in = arg64(0), w = arg64(4), bias = arg64(7), recv = arg64(9);
    uint32_t t0 = get_arg_val(2), n = get_arg_val(3), root = get_arg_val(6);
    uint32_t senders = get_arg_val(11), tile = get_tile_size(0);
    cb_reserve_back(1, 1);
    noc_async_read(w, get_write_ptr(1), tile);
    if (root) {
        cb_reserve_back(2, 1);
        noc_async_read(bias, get_write_ptr(2), tile);
    }
    noc_async_read_barrier();
    cb_push_back(1, 1);
    if (root) cb_push_back(2, 1);
    for (uint32_t i = 0; i < n; i++) {
        DeviceZoneScopedN("gather");
        cb_reserve_back(0, 1);
        uint32_t t = get_write_ptr(0);
        for (uint32_t r = 0; r < 32; r++)
            gather_row(t, r, in + (uint64_t)((t0 + i) * 32 + r) * PIXEL_BYTES);
        noc_async_read_barrier();
        cb_push_back(0, 1);
    }
    if (root) {
        DeviceZoneScopedN("partials");
        noc_semaphore_wait((volatile uint32_t *)get_semaphore(0), senders);
        cb_reserve_back(8, senders);
        noc_async_read(recv, get_write_ptr(8), senders * tile);
        noc_async_read_barrier();
        cb_push_back(8, senders);
    }
}
