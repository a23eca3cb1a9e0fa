// A reader as ttnn's SDPA, moreh and pad kernels write it: the page size and
// format are constants of the build (get_tile_size / get_dataformat in a
// constant expression: the build is given the program's CB formats). It
// copies n pages of an interleaved DRAM buffer through CB 0 to a plain DRAM
// buffer and writes what it knew to L1.
// RTA: 0 src (interleaved, CB 0's format), 1 n, 2/3 dst NOC address lo/hi,
// 4 L1 result (3 words: the constant page size, the constant format, the
// page size read at run time).
#include "api/dataflow/dataflow_api.h"

void kernel_main()
{
    constexpr uint32_t cb_in = 0;
    constexpr uint32_t tile_bytes = get_tile_size(cb_in);
    constexpr DataFormat data_format = get_dataformat(cb_in);
    const uint32_t src = get_arg_val<uint32_t>(0), n = get_arg_val<uint32_t>(1);
    const uint64_t dst = ((uint64_t)get_arg_val<uint32_t>(3) << 32) | get_arg_val<uint32_t>(2);
    const InterleavedAddrGenFast<true> s = {
        .bank_base_address = src, .page_size = tile_bytes, .data_format = data_format};
    for (uint32_t i = 0; i < n; i++) {
        cb_reserve_back(cb_in, 1);
        const uint32_t l1 = get_write_ptr(cb_in);
        noc_async_read_tile(i, s, l1);
        noc_async_read_barrier();
        noc_async_write(l1, dst + i * tile_bytes, tile_bytes);
        noc_async_write_barrier();
        cb_push_back(cb_in, 1);
        cb_wait_front(cb_in, 1);
        cb_pop_front(cb_in, 1);
    }
    volatile tt_l1_ptr uint32_t *res =
        reinterpret_cast<volatile tt_l1_ptr uint32_t *>(get_arg_val<uint32_t>(4));
    res[0] = tile_bytes;
    res[1] = (uint32_t)data_format;
    res[2] = get_tile_size(cb_in);
}
