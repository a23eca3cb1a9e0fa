/* Matmul reader: for each output tile (m, n) of this core's block, the K
 * tiles of A's row m into CB 0 and of B's column n into CB 1, in step.
 * A is Mt x Kt tiles, B Kt x Nt, both in row-major tile order.
 * args: 0 A lo, 1 A hi, 2 B lo, 3 B hi, 4 Kt, 5 Nt, 6 m0, 7 m1, 8 n0, 9 n1 */
#include "dataflow_api.h"

void kernel_main(void)
{
    uint64_t a = ((uint64_t)get_arg_val(1) << 32) | get_arg_val(0);
    uint64_t b = ((uint64_t)get_arg_val(3) << 32) | get_arg_val(2);
    uint32_t kt = get_arg_val(4), nt = get_arg_val(5);
    uint32_t m0 = get_arg_val(6), m1 = get_arg_val(7), n0 = get_arg_val(8), n1 = get_arg_val(9);
    uint32_t ta = get_tile_size(0), tb = get_tile_size(1);
    for (uint32_t m = m0; m < m1; m++)
        for (uint32_t n = n0; n < n1; n++)
            for (uint32_t k = 0; k < kt; k++) {
                DeviceZoneScopedN("read A,B");
                cb_reserve_back(0, 1);
                cb_reserve_back(1, 1);
                noc_async_read(a + (uint64_t)(m * kt + k) * ta, get_write_ptr(0), ta);
                noc_async_read(b + (uint64_t)(k * nt + n) * tb, get_write_ptr(1), tb);
                noc_async_read_barrier();
                cb_push_back(0, 1);
                cb_push_back(1, 1);
            }
}
