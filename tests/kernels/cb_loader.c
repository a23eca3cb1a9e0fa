/* Data movement for the compute tests: fills circular buffers from DRAM,
 * tile by tile, group after group (size the CBs to hold a whole group).
 * args: 0 number of groups, then per group: cb, DRAM address lo, hi,
 * tiles */
#include "dataflow_api.h"

void kernel_main(void)
{
    uint32_t groups = get_arg_val(0);
    for (uint32_t g = 0; g < groups; g++) {
        uint32_t cb = get_arg_val(1 + 4 * g), n = get_arg_val(4 + 4 * g);
        uint64_t src = ((uint64_t)get_arg_val(3 + 4 * g) << 32) | get_arg_val(2 + 4 * g);
        uint32_t page = get_tile_size(cb);
        for (uint32_t i = 0; i < n; i++) {
            cb_reserve_back(cb, 1);
            noc_async_read(src + (uint64_t)i * page, get_write_ptr(cb), page);
            noc_async_read_barrier();
            cb_push_back(cb, 1);
        }
    }
}
