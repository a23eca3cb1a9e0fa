// add_2_integers_in_riscv as tt-metal writes it: 4-byte interleaved DRAM
// buffers through InterleavedAddrGen<true>, page 0 of each.
// RTA: 0-2 src0, src1, dst buffer addresses, 3-5 L1 scratch words.
#include "api/dataflow/dataflow_api.h"

void kernel_main()
{
    InterleavedAddrGen<true> s0 = {.bank_base_address = get_arg_val<uint32_t>(0), .page_size = 4};
    InterleavedAddrGen<true> s1 = {.bank_base_address = get_arg_val<uint32_t>(1), .page_size = 4};
    InterleavedAddrGen<true> d = {.bank_base_address = get_arg_val<uint32_t>(2), .page_size = 4};
    uint32_t a = get_arg_val<uint32_t>(3), b = get_arg_val<uint32_t>(4),
             c = get_arg_val<uint32_t>(5);
    noc_async_read(get_noc_addr(0, s0), a, 4);
    noc_async_read(get_noc_addr(0, s1), b, 4);
    noc_async_read_barrier();
    *(uint32_t *)c = *(uint32_t *)a + *(uint32_t *)b;
    noc_async_write(c, get_noc_addr(0, d), 4);
    noc_async_write_barrier();
}
