/* Page by page from one interleaved buffer to another through one L1 page,
 * as tt-metal's loopback example: read page i, wait, write page i, wait.
 * With args[6] set, also writes the NOC address of every source page
 * (lo, hi) to L1 at args[7], for the host to check the bank mapping.
 * args: 0 src base, 1 src is_dram, 2 dst base, 3 dst is_dram, 4 pages,
 *       5 page size, 6 L1 scratch (one page), 7 address table or 0,
 *       8 first page id (a page id past the end faults) */
#include "dataflow_api.h"

void kernel_main(void)
{
    interleaved_addr_gen src = {get_arg_val(1), get_arg_val(0), get_arg_val(5)};
    interleaved_addr_gen dst = {get_arg_val(3), get_arg_val(2), get_arg_val(5)};
    uint32_t pages = get_arg_val(4), l1 = get_arg_val(6), first = get_arg_val(8);
    volatile uint32_t *table = (volatile uint32_t *)get_arg_val(7);
    for (uint32_t i = first; i < first + pages; i++) {
        if (table) {
            uint64_t a = get_noc_addr_interleaved(i, &src, 0);
            table[2 * (i - first)] = (uint32_t)a;
            table[2 * (i - first) + 1] = (uint32_t)(a >> 32);
        }
        noc_async_read_page(i, &src, l1);
        noc_async_read_barrier();
        noc_async_write_page(i, &dst, l1);
        noc_async_write_barrier();
    }
}
