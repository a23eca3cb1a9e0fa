/* Matmul in tt-metal mode: C (Mt x Nt tiles) = A (Mt x Kt) x B (Kt x Nt),
 * tiles in row-major tile order in CB 0 and CB 1, all waited for at once.
 * args: 0 Mt, 1 Kt, 2 Nt, 3 how: 0 matmul_tiles, one output tile per DEST
 * acquire, Kt products each; 1 matmul_block: the whole Mt x Nt block in
 * DEST, Kt block steps. arg 4: passes (the products run that many times,
 * the last one packed: compute-bound cycles). Fidelity: the
 * TF_MATH_FIDELITY build define. */
#include "compute_api.h"

void kernel_main(void)
{
    uint32_t mt = get_arg_val(0), kt = get_arg_val(1), nt = get_arg_val(2), how = get_arg_val(3);
    uint32_t passes = get_arg_val(4);
    cb_wait_front(0, mt * kt);
    cb_wait_front(1, kt * nt);
    if (how == 0) {
        mm_init(0, 1, 16, 0);
        for (uint32_t p = 1; p < passes; p++)
            for (uint32_t t = 0; t < mt * nt; t++) {
                tile_regs_acquire();
                for (uint32_t k = 0; k < kt; k++)
                    matmul_tiles(0, 1, t / nt * kt + k, k * nt + t % nt, 0);
                tile_regs_commit();
                tile_regs_wait();
                tile_regs_release();
            }
        for (uint32_t m = 0; m < mt; m++)
            for (uint32_t n = 0; n < nt; n++) {
                DeviceZoneScopedN("tile");
                tile_regs_acquire();
                for (uint32_t k = 0; k < kt; k++) matmul_tiles(0, 1, m * kt + k, k * nt + n, 0);
                commit_and_pack_tile(0, 16);
            }
    } else {
        mm_block_init(0, 1, 16, 0, nt, mt, kt);
        tile_regs_acquire();
        /* in0 block rt x kt: tile (r, k) at r kt + k; in1 row k at k nt */
        for (uint32_t k = 0; k < kt; k++) matmul_block(0, 1, k, k * nt, 0, 0, nt, mt, kt);
        tile_regs_commit();
        cb_reserve_back(16, mt * nt);
        tile_regs_wait();
        pack_tile_block(0, 16, mt * nt);
        tile_regs_release();
        cb_push_back(16, mt * nt);
    }
    cb_pop_front(0, mt * kt);
    cb_pop_front(1, kt * nt);
}
