// Writer of the reader/writer pair (consumer shape): pages from circular
// buffer c_0 to a DRAM buffer, each word plus the page index on the way
// (so the check sees the data passed through this RISC).
// RTA: 0/1 dst NOC address lo/hi, 2 pages.
void kernel_main()
{
    uint64_t dst = ((uint64_t)get_arg_val<uint32_t>(1) << 32) | get_arg_val<uint32_t>(0);
    uint32_t n = get_arg_val<uint32_t>(2);
    constexpr auto cb_id = tt::CBIndex::c_0;
    const uint32_t page = get_tile_size(cb_id);
    for (uint32_t i = 0; i < n; i++) {
        cb_wait_front(cb_id, 1);
        volatile uint32_t *w = (volatile uint32_t *)get_read_ptr(cb_id);
        for (uint32_t k = 0; k < page / 4; k++) w[k] += i;
        noc_async_write(get_read_ptr(cb_id), dst + (uint64_t)i * page, page);
        noc_async_write_barrier();
        cb_pop_front(cb_id, 1);
    }
}
