// cumsum_tile in a tt-metal-style compute kernel (test_ttm_sfpu_cumsum.c):
// runtime argument 0 tiles from CB 0, each copied to DEST, summed down its
// columns by cumsum_tile and packed to CB 16, in the order tt-metal's
// cumsum wants them (each column of tiles top to bottom); a column is
// runtime argument 1 tiles long, its first tile taking first = true, the
// others continuing from the tile above. Runtime argument 2 picks a
// variation: 0 none; 1 exp_tile_init instead of cumsum_tile_init (a
// fault: cumsum_tile without its init); 2 first = false on the first tile
// (a fault: no carry); 3 abs_tile on DEST[1] before each
// continuing tile, then cumsum_tile_init again (a fault: the carry's
// registers); 4 exp_tile_init, then cumsum_tile_init, before each
// continuing tile (a fault, likewise); 5 abs_tile on DEST[1] before each
// column's first tile (allowed: no carry is needed there); 6 tile i in
// DEST[i % 2] (the carry is in the SFPU, not in a DEST tile); 7
// cumsum_tile_init again before each tile (allowed: it keeps the carry).
// copy_tile_init before each tile: an FPU init keeps the carry.
#include <cstdint>

#include "api/compute/compute_kernel_api.h"
#include "api/compute/cumsum.h"
#include "api/compute/eltwise_unary/exp.h"

void kernel_main()
{
    constexpr uint32_t cb_in = tt::CBIndex::c_0, cb_out = tt::CBIndex::c_16;
    const uint32_t n = get_arg_val<uint32_t>(0), height = get_arg_val<uint32_t>(1);
    const uint32_t variation = get_arg_val<uint32_t>(2);
    init_sfpu(cb_in, cb_out);
    if (variation == 1)
        exp_tile_init();
    else
        cumsum_tile_init();
    for (uint32_t i = 0; i < n; i++) {
        const bool first = i % height == 0;
        const uint32_t dst = variation == 6 ? i % 2 : 0;
        cb_wait_front(cb_in, 1);
        cb_reserve_back(cb_out, 1);
        tile_regs_acquire();
        copy_tile_init(cb_in);
        copy_tile(cb_in, 0, dst);
        if ((variation == 3 && !first) || (variation == 5 && first)) {
            abs_tile_init();
            abs_tile(1);
            cumsum_tile_init();
        } else if (variation == 4 && !first) {
            exp_tile_init();
            cumsum_tile_init();
        } else if (variation == 7) {
            cumsum_tile_init();
        }
        cumsum_tile(dst, variation == 2 ? false : first);
        tile_regs_commit();
        tile_regs_wait();
        pack_tile(dst, cb_out);
        tile_regs_release();
        cb_push_back(cb_out, 1);
        cb_pop_front(cb_in, 1);
    }
}
