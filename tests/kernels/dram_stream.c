/* DRAM streaming (the counters' DRAM-bound case): read n pages of `page`
 * bytes in a row from a DRAM buffer into one L1 scratch page, `batch`
 * reads in flight between barriers.
 * args: 0 src lo, 1 src hi, 2 n pages, 3 page bytes, 4 batch, 5 L1 scratch */
#include "dataflow_api.h"

void kernel_main(void)
{
    uint64_t src = ((uint64_t)get_arg_val(1) << 32) | get_arg_val(0);
    uint32_t n = get_arg_val(2), page = get_arg_val(3), batch = get_arg_val(4);
    uint32_t scratch = get_arg_val(5);
    for (uint32_t i = 0; i < n; i++) {
        noc_async_read(src + (uint64_t)i * page, scratch, page);
        if ((i + 1) % batch == 0 || i + 1 == n) noc_async_read_barrier();
    }
}
