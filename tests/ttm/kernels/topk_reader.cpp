// Reader of the top-k tests (test_ttm_topk.c): tiles [0, n) of two
// interleaved buffers, the values (Float16_b) into CB c_0 and their
// indices (UInt16) into CB c_1, a tile of each at a time, as ttnn's topk
// reader feeds its compute kernel (ours reads the index tiles the host
// wrote rather than making them). RTA: 0 values' address, 1 indices'
// address, 2 tiles. CTA: the two buffers' TensorAccessorArgs, 2 words each.
#include <stdint.h>

#include "api/dataflow/dataflow_api.h"

void kernel_main()
{
    const uint32_t val_addr = get_arg_val<uint32_t>(0);
    const uint32_t idx_addr = get_arg_val<uint32_t>(1);
    const uint32_t n = get_arg_val<uint32_t>(2);
    constexpr uint32_t cb_val = tt::CBIndex::c_0, cb_idx = tt::CBIndex::c_1;
    constexpr auto val_args = TensorAccessorArgs<0>();
    constexpr auto idx_args = TensorAccessorArgs<2>();
    const auto vals = TensorAccessor(val_args, val_addr, get_tile_size(cb_val));
    const auto idxs = TensorAccessor(idx_args, idx_addr, get_tile_size(cb_idx));
    for (uint32_t t = 0; t < n; t++) {
        cb_reserve_back(cb_val, 1);
        noc_async_read_tile(t, vals, get_write_ptr(cb_val));
        cb_reserve_back(cb_idx, 1);
        noc_async_read_tile(t, idxs, get_write_ptr(cb_idx));
        noc_async_read_barrier();
        cb_push_back(cb_val, 1);
        cb_push_back(cb_idx, 1);
    }
}
