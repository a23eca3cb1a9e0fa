/* Matmul writer: CB 16 -> C's tiles (m, n) of this core's block, C being
 * Mt x Nt tiles in row-major tile order.
 * args: 0 C lo, 1 C hi, 2 Nt, 3 m0, 4 m1, 5 n0, 6 n1 */
#include "dataflow_api.h"

void kernel_main(void)
{
    uint64_t c = ((uint64_t)get_arg_val(1) << 32) | get_arg_val(0);
    uint32_t nt = get_arg_val(2);
    uint32_t m0 = get_arg_val(3), m1 = get_arg_val(4), n0 = get_arg_val(5), n1 = get_arg_val(6);
    uint32_t tc = get_tile_size(16);
    for (uint32_t m = m0; m < m1; m++)
        for (uint32_t n = n0; n < n1; n++) {
            cb_wait_front(16, 1);
            noc_async_write(get_read_ptr(16), c + (uint64_t)(m * nt + n) * tc, tc);
            noc_async_write_barrier();
            cb_pop_front(16, 1);
        }
}
