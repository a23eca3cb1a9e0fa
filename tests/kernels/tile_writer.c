/* Writer: circular buffer CB -> DRAM, one tile at a time.
 * args: 0 dst NOC address lo, 1 hi, 2 number of tiles; CB is a compile-time
 * define (default 0). */
#include "dataflow_api.h"

#ifndef CB
#define CB 0
#endif

void kernel_main(void)
{
    uint64_t dst = ((uint64_t)get_arg_val(1) << 32) | get_arg_val(0);
    uint32_t n = get_arg_val(2), tile = get_tile_size(CB);
    for (uint32_t i = 0; i < n; i++) {
        cb_wait_front(CB, 1);
        noc_async_write(get_read_ptr(CB), dst + (uint64_t)i * tile, tile);
        noc_async_write_barrier();
        cb_pop_front(CB, 1);
    }
}
