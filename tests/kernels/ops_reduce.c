/* reduce_tile in tt-metal mode: n tiles of CB 0, scaled by CB 1's scaler
 * tile, accumulate into DEST[0] -> one tile in CB 16.
 * args: 0 n, 1 pool (TF_POOL_*), 2 dim (TF_REDUCE_*); then recip_tile on
 * the result if arg 3 (softmax's 1/sum in the same DEST) */
#include "compute_api.h"

#define ONE(dimname, D, poolname, P)                                                               \
    if (dim == D && pool == P) {                                                                   \
        reduce_init_##dimname##_##poolname(0, 1, 16);                                              \
        for (uint32_t i = 0; i < n; i++) reduce_tile_##dimname##_##poolname(0, 1, i, 0, 0);        \
    }
#define POOLS(dimname, D)                                                                          \
    ONE(dimname, D, sum, TF_POOL_SUM)                                                              \
    ONE(dimname, D, avg, TF_POOL_AVG) ONE(dimname, D, max, TF_POOL_MAX)

void kernel_main(void)
{
    uint32_t n = get_arg_val(0), pool = get_arg_val(1), dim = get_arg_val(2);
    cb_wait_front(0, n);
    cb_wait_front(1, 1);
    tile_regs_acquire();
    POOLS(row, TF_REDUCE_ROW)
    POOLS(col, TF_REDUCE_COL)
    POOLS(scalar, TF_REDUCE_SCALAR)
    reduce_uninit();
    if (get_arg_val(3)) {
        recip_tile_init();
        recip_tile(0);
    }
    cb_pop_front(0, n);
    cb_pop_front(1, 1);
    commit_and_pack_tile(0, 16);
}
