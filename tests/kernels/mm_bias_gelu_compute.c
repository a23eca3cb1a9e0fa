/* Fused matmul + bias + GELU: for each output tile (m, n), DEST =
 * sum over k of A(m, k) x B(k, n), packed to the partials CB 24, then
 * partial + the bias row (add bcast rows with bias tile n) and gelu in one
 * DEST, to CB 16. CBs: 0 A (Mt x Kt), 1 B (Kt x Nt), 2 bias (Nt tiles,
 * row 0 of each), 24 partials, 16 out. args: 0 Mt, 1 Kt, 2 Nt.
 * GELU_EXACT: the erf form; else tt-metal's default approximation. */
#include "compute_api.h"

void kernel_main(void)
{
    uint32_t mt = get_arg_val(0), kt = get_arg_val(1), nt = get_arg_val(2);
    mm_init(0, 1, 24, 0);
    cb_wait_front(0, mt * kt);
    cb_wait_front(1, kt * nt);
    cb_wait_front(2, nt);
    for (uint32_t m = 0; m < mt; m++)
        for (uint32_t n = 0; n < nt; n++) {
            mm_init_short(0, 1, 0);
            tile_regs_acquire();
            for (uint32_t k = 0; k < kt; k++) matmul_tiles(0, 1, m * kt + k, k * nt + n, 0);
            commit_and_pack_tile(0, 24);
            cb_wait_front(24, 1);
            add_bcast_rows_init_short(24, 2);
            tile_regs_acquire();
            add_tiles_bcast_rows(24, 2, 0, n, 0);
            gelu_tile_init();
#ifdef GELU_EXACT
            gelu_tile_exact(0);
#else
            gelu_tile(0);
#endif
            cb_pop_front(24, 1);
            commit_and_pack_tile(0, 16);
        }
    cb_pop_front(0, mt * kt);
    cb_pop_front(1, kt * nt);
    cb_pop_front(2, nt);
}
