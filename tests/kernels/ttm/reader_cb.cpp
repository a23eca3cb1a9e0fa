// Reader of a reader/writer pair (tt-metal's reader = producer shape): pages
// of a DRAM buffer into circular buffer c_0, one at a time, on the RISC's
// default NOC. RTA: 0/1 src NOC address lo/hi, 2 pages. CTA: 0 CB index.
#include "dataflow_api.h"

void kernel_main()
{
    uint64_t src = ((uint64_t)get_arg_val<uint32_t>(1) << 32) | get_arg_val<uint32_t>(0);
    uint32_t n = get_arg_val<uint32_t>(2);
    constexpr uint32_t cb_id = get_compile_time_arg_val(0);
    const uint32_t page = get_tile_size(cb_id);
    for (uint32_t i = 0; i < n; i++) {
        cb_reserve_back(cb_id, 1);
        uint32_t l1 = get_write_ptr(cb_id);
        noc_async_read(src + (uint64_t)i * page, l1, page);
        noc_async_read_barrier();
        cb_push_back(cb_id, 1);
    }
}
