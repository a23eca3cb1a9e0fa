// Reader of a tt-metal-style reader/writer pair: tiles [start, start + n) of
// an interleaved buffer into CB c_0, one at a time, as tt-metal's
// reader_unary_interleaved_start_id: with a TensorAccessor (GEN_TA), an
// InterleavedAddrGenFast by the CB's format (GEN_FAST) or the bank table
// (GEN_BANK), or mid-2025's make_tensor_accessor_args /
// make_tensor_accessor_from_args with the page size from
// get_local_cb_interface, as ttnn's unary reader then (GEN_MAKE). RTA: 0 src
// address, 1 tiles, 2 first tile. CRTA 0: bank count (GEN_BANK). CTA:
// TensorAccessorArgs (GEN_TA, GEN_MAKE) or 0 is_dram.
#include <stdint.h>

#include "api/dataflow/dataflow_api.h"
#include "tools/profiler/kernel_profiler.hpp"

void kernel_main()
{
    uint32_t arg = 0;
    const uint32_t src_addr = get_arg_val<uint32_t>(arg++);
    const uint32_t num_tiles = get_arg_val<uint32_t>(arg++);
    const uint32_t start_id = get_arg_val<uint32_t>(arg++);

    constexpr auto cb_id_in0 = tt::CBIndex::c_0;
    constexpr uint32_t onetile = 1;
    const uint32_t tile_bytes = get_tile_size(cb_id_in0);
#if defined(GEN_TA)
    constexpr auto src_args = TensorAccessorArgs<0>();
    const auto s = TensorAccessor(src_args, src_addr, tile_bytes);
#elif defined(GEN_MAKE)
    const uint32_t page_bytes = get_local_cb_interface(cb_id_in0).fifo_page_size;
    constexpr auto src_args = make_tensor_accessor_args<0>();
    static_assert(src_args.compile_time_args_skip() == 2, "interleaved: 2 compile-time args");
    static_assert(src_args.runtime_args_skip() == 0, "interleaved: no common runtime args");
    // (the older forms: an explicit common-args base, at compile or run time)
    constexpr auto same_args = make_tensor_accessor_args<0, 0>();
    const auto also_args = make_tensor_accessor_args<0>(arg);
    static_assert(same_args.next_compile_time_args_offset() == 2, "args after the accessor's");
    (void)also_args;
    auto s = make_tensor_accessor_from_args(src_args, src_addr, page_bytes);
#elif defined(GEN_FAST)
    constexpr bool src_is_dram = get_compile_time_arg_val(0) == 1;
    const DataFormat data_format = get_dataformat(cb_id_in0);
    const InterleavedAddrGenFast<src_is_dram> s = {
        .bank_base_address = src_addr, .page_size = tile_bytes, .data_format = data_format};
#else
    const uint32_t num_banks = get_common_arg_val<uint32_t>(0);
#endif

    DeviceZoneScopedN("reader");
    for (uint32_t i = start_id; i < start_id + num_tiles; ++i) {
        cb_reserve_back(cb_id_in0, onetile);
        uint32_t l1_write_addr = get_write_ptr(cb_id_in0);
#if defined(GEN_BANK)
        uint64_t src =
            get_noc_addr_from_bank_id<true>(i % num_banks, src_addr + (i / num_banks) * tile_bytes);
        noc_async_read(src, l1_write_addr, tile_bytes);
#else
        noc_async_read_tile(i, s, l1_write_addr);
#endif
        noc_async_read_barrier();
        cb_push_back(cb_id_in0, onetile);
    }
}
