// Loopback DRAM copy in tt-metal style: one L1 scratch page, read a page of
// the source DRAM buffer, write it to the destination, page after page.
// RTA: 0 l1 scratch, 1/2 src NOC address lo/hi, 3/4 dst NOC address lo/hi,
//      5 number of pages. CTA: 0 page size in bytes.
#include <cstdint>

#include "dataflow_api.h"

void kernel_main()
{
    std::uint32_t l1_buffer_addr = get_arg_val<uint32_t>(0);
    std::uint64_t src = ((std::uint64_t)get_arg_val<uint32_t>(2) << 32) | get_arg_val<uint32_t>(1);
    std::uint64_t dst = ((std::uint64_t)get_arg_val<uint32_t>(4) << 32) | get_arg_val<uint32_t>(3);
    std::uint32_t num_pages = get_arg_val<uint32_t>(5);
    constexpr std::uint32_t page_size = get_compile_time_arg_val(0);
    static_assert(page_size % 32 == 0, "page size is a compile-time constant");
    for (std::uint32_t i = 0; i < num_pages; i++) {
        noc_async_read(src + i * page_size, l1_buffer_addr, page_size);
        noc_async_read_barrier();
        noc_async_write(l1_buffer_addr, dst + i * page_size, page_size);
        noc_async_write_barrier();
    }
}
