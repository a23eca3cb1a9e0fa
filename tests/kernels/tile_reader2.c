/* Reader for binary operations: tile i of A into CB 0 and tile i of B into
 * CB 1, for n tiles.
 * args: 0 A NOC address lo, 1 hi, 2 B NOC address lo, 3 hi, 4 n */
#include "dataflow_api.h"

void kernel_main(void)
{
    uint64_t a = ((uint64_t)get_arg_val(1) << 32) | get_arg_val(0);
    uint64_t b = ((uint64_t)get_arg_val(3) << 32) | get_arg_val(2);
    uint32_t n = get_arg_val(4), ta = get_tile_size(0), tb = get_tile_size(1);
    for (uint32_t i = 0; i < n; i++) {
        cb_reserve_back(0, 1);
        cb_reserve_back(1, 1);
        noc_async_read(a + (uint64_t)i * ta, get_write_ptr(0), ta);
        noc_async_read(b + (uint64_t)i * tb, get_write_ptr(1), tb);
        noc_async_read_barrier();
        cb_push_back(0, 1);
        cb_push_back(1, 1);
    }
}
