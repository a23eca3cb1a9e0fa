// Writer of the top-k tests (test_ttm_topk.c): n tiles of CB c_16 (values)
// and CB c_17 (indices) to two interleaved buffers, tile t to page t. RTA:
// 0 values' address, 1 indices' address, 2 tiles. CTA: the two buffers'
// TensorAccessorArgs, 2 words each.
#include <stdint.h>

#include "api/dataflow/dataflow_api.h"

void kernel_main()
{
    const uint32_t val_addr = get_arg_val<uint32_t>(0);
    const uint32_t idx_addr = get_arg_val<uint32_t>(1);
    const uint32_t n = get_arg_val<uint32_t>(2);
    constexpr uint32_t cb_val = tt::CBIndex::c_16, cb_idx = tt::CBIndex::c_17;
    constexpr auto val_args = TensorAccessorArgs<0>();
    constexpr auto idx_args = TensorAccessorArgs<2>();
    const auto vals = TensorAccessor(val_args, val_addr, get_tile_size(cb_val));
    const auto idxs = TensorAccessor(idx_args, idx_addr, get_tile_size(cb_idx));
    for (uint32_t t = 0; t < n; t++) {
        cb_wait_front(cb_val, 1);
        noc_async_write_tile(t, vals, get_read_ptr(cb_val));
        cb_wait_front(cb_idx, 1);
        noc_async_write_tile(t, idxs, get_read_ptr(cb_idx));
        noc_async_write_barrier();
        cb_pop_front(cb_val, 1);
        cb_pop_front(cb_idx, 1);
    }
}
