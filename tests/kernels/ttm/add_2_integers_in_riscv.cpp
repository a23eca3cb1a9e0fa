// Integer add on a data-movement RISC, in the shape of tt-metal's
// add_2_integers_in_riscv example: read one uint32 from each of two DRAM
// buffers, add them on the RISC, print them, write the sum back.
// RTA: 0-2 src0 (noc x, noc y, addr), 3-5 src1, 6-8 dst, 9-11 L1 scratch
//      words for src0, src1, dst.
#include "api/dataflow/dataflow_api.h"
#include "api/debug/dprint.h"

void kernel_main()
{
    uint64_t src0 =
        get_noc_addr(get_arg_val<uint32_t>(0), get_arg_val<uint32_t>(1), get_arg_val<uint32_t>(2));
    uint64_t src1 =
        get_noc_addr(get_arg_val<uint32_t>(3), get_arg_val<uint32_t>(4), get_arg_val<uint32_t>(5));
    uint64_t dst =
        get_noc_addr(get_arg_val<uint32_t>(6), get_arg_val<uint32_t>(7), get_arg_val<uint32_t>(8));
    uint32_t l1_0 = get_arg_val<uint32_t>(9), l1_1 = get_arg_val<uint32_t>(10),
             l1_2 = get_arg_val<uint32_t>(11);

    noc_async_read(src0, l1_0, sizeof(uint32_t));
    noc_async_read(src1, l1_1, sizeof(uint32_t));
    noc_async_read_barrier();

    uint32_t *a = (uint32_t *)l1_0, *b = (uint32_t *)l1_1, *c = (uint32_t *)l1_2;
    DPRINT << "Adding integers: " << *a << " + " << *b << "\n";
    *c = *a + *b;

    noc_async_write(l1_2, dst, sizeof(uint32_t));
    noc_async_write_barrier();
}
