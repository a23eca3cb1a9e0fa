/* BRISC helper for the reduction test: one tile from DRAM into CB 1, then
 * the result tile from CB 16 back to DRAM.
 * args: 0 src lo, 1 src hi, 2 dst lo, 3 dst hi */
#include "dataflow_api.h"

void kernel_main(void)
{
    uint64_t src = ((uint64_t)get_arg_val(1) << 32) | get_arg_val(0);
    uint64_t dst = ((uint64_t)get_arg_val(3) << 32) | get_arg_val(2);
    uint32_t t1 = get_tile_size(1), t16 = get_tile_size(16);
    cb_reserve_back(1, 1);
    noc_async_read(src, get_write_ptr(1), t1);
    noc_async_read_barrier();
    cb_push_back(1, 1);
    cb_wait_front(16, 1);
    noc_async_write(get_read_ptr(16), dst, t16);
    noc_async_write_barrier();
    cb_pop_front(16, 1);
}
