// Reader of a tt-metal-style reader/writer pair: tiles [start, start + n) of
// an interleaved buffer into CB c_0, one at a time, as tt-metal's
// reader_unary_interleaved_start_id: with a TensorAccessor (GEN_TA), an
// InterleavedAddrGenFast by the CB's format (GEN_FAST) or the bank table
// (GEN_BANK). RTA: 0 src address, 1 tiles, 2 first tile. CRTA 0: bank
// count (GEN_BANK). CTA: TensorAccessorArgs (GEN_TA) or 0 is_dram.
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
