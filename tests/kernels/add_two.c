/* add_two_numbers: read two uint32 from DRAM, add them, write the sum back.
 * args: 0 input NOC address lo, 1 hi, 2 output NOC address lo, 3 hi,
 *       4 scratch L1 address (32 bytes: the numbers, the sum at +16). A NOC
 *       transfer's L1 and remote addresses agree modulo 64 for a DRAM read,
 *       16 otherwise (tf_memmap.h): the input at an address = the scratch's
 *       modulo 64, the output at one = 0 modulo 16. */
#include "dataflow_api.h"

void kernel_main(void)
{
    uint64_t in = ((uint64_t)get_arg_val(1) << 32) | get_arg_val(0);
    uint64_t out = ((uint64_t)get_arg_val(3) << 32) | get_arg_val(2);
    volatile uint32_t *scratch = (volatile uint32_t *)get_arg_val(4);
    noc_async_read(in, (uint32_t)(uintptr_t)scratch, 8);
    noc_async_read_barrier();
    scratch[4] = scratch[0] + scratch[1];
    noc_async_write((uint32_t)(uintptr_t)&scratch[4], out, 4);
    noc_async_write_barrier();
}
