/* What a kernel sees of its arguments and circular buffers, written to L1
 * at args[0] for the host to check: the counts of runtime and common
 * args, the common args, the tile size and data format of CBs 0..3, and
 * the non-blocking CB tests around a reserve/push.
 * Results: 0 runtime args, 1 common args, 2..5 common args 0..3, 6..9
 * get_tile_size(0..3), 10..13 get_dataformat(0..3), 14 reservable(all),
 * 15 reservable(all + 1), 16 available(1) before a push, 17 available(1)
 * after pushing 1, 18 available(2) then, 19 this core's arg 1,
 * 20 common arg address - arg address. */
#include "dataflow_api.h"

void kernel_main(void)
{
    volatile uint32_t *res = (volatile uint32_t *)get_arg_val(0);
    res[0] = dev_num_args();
    res[1] = dev_num_common_args();
    for (uint32_t i = 0; i < 4; i++) {
        res[2 + i] = i < dev_num_common_args() ? get_common_arg_val(i) : 0xffffffffu;
        res[6 + i] = get_tile_size(i);
        res[10 + i] = get_dataformat(i);
    }
    uint32_t n = TF_CB_CONFIG(0).num_pages;
    res[14] = (uint32_t)cb_pages_reservable_at_back(0, n);
    res[15] = (uint32_t)cb_pages_reservable_at_back(0, n + 1);
    res[16] = (uint32_t)cb_pages_available_at_front(0, 1);
    cb_reserve_back(0, 1);
    cb_push_back(0, 1);
    res[17] = (uint32_t)cb_pages_available_at_front(0, 1);
    res[18] = (uint32_t)cb_pages_available_at_front(0, 2);
    cb_wait_front(0, 1);
    cb_pop_front(0, 1);
    res[19] = get_arg_val(1);
    res[20] = get_common_arg_addr(0) - get_arg_addr(0);
}
