// Writer of the pair: tiles of CB c_0 to an interleaved buffer in reverse
// order (tile i of the input becomes page n - 1 - i), with a TensorAccessor
// whose args follow a CB index in the compile-time args (as tt-metal's
// writer_unary_interleaved_start_id), flushing each write before the pop.
// RTA: 0 dst address, 1 tiles. CTA: 0 CB, 1.. TensorAccessorArgs.
#include "api/dataflow/dataflow_api.h"

void kernel_main()
{
    const uint32_t dst_addr = get_arg_val<uint32_t>(0);
    const uint32_t num_tiles = get_arg_val<uint32_t>(1);

    constexpr uint32_t cb_id_out = get_compile_time_arg_val(0);
    constexpr auto dst_args = TensorAccessorArgs<1>();
    const uint32_t tile_bytes = get_tile_size(cb_id_out);
    const auto s = TensorAccessor(dst_args, dst_addr, tile_bytes);

    for (uint32_t i = 0; i < num_tiles; ++i) {
        cb_wait_front(cb_id_out, 1);
        uint32_t l1_read_addr = get_read_ptr(cb_id_out);
        noc_async_write_tile(num_tiles - 1 - i, s, l1_read_addr);
        noc_async_writes_flushed();
        cb_pop_front(cb_id_out, 1);
    }
    noc_async_write_barrier();
}
