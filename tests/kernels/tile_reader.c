/* Reader: DRAM -> circular buffer 0, one tile at a time.
 * args: 0 src NOC address lo, 1 hi, 2 number of tiles */
#include "dataflow_api.h"

void kernel_main(void)
{
    uint64_t src = ((uint64_t)get_arg_val(1) << 32) | get_arg_val(0);
    uint32_t n = get_arg_val(2), tile = get_tile_size(0);
    for (uint32_t i = 0; i < n; i++) {
        cb_reserve_back(0, 1);
        noc_async_read(src + (uint64_t)i * tile, get_write_ptr(0), tile);
        noc_async_read_barrier();
        cb_push_back(0, 1);
    }
}
