// Copy between two DRAM-interleaved buffers through one page of CB 0, with
// InterleavedAddrGenFast as tt-metal writers make it: page size and data
// format from the CB. A CB set by page size alone has no format
// (DataFormat::Invalid): the generator then lays pages out by page_size.
// RTA: 0 src base, 1 dst base, 2 pages.
void kernel_main()
{
    uint32_t src = get_arg_val<uint32_t>(0), dst = get_arg_val<uint32_t>(1);
    uint32_t n = get_arg_val<uint32_t>(2);
    constexpr uint32_t cb = tt::CBIndex::c_0;
    const uint32_t bytes = get_tile_size(cb);
    const InterleavedAddrGenFast<true> in = {
        .bank_base_address = src, .page_size = bytes, .data_format = get_dataformat(cb)};
    const InterleavedAddrGenFast<true> out = {
        .bank_base_address = dst, .page_size = bytes, .data_format = get_dataformat(cb)};
    for (uint32_t i = 0; i < n; i++) {
        cb_reserve_back(cb, 1);
        uint32_t l1 = get_write_ptr(cb);
        noc_async_read_tile(i, in, l1);
        noc_async_read_barrier();
        noc_async_write_tile(i, out, l1);
        noc_async_write_barrier();
    }
}
