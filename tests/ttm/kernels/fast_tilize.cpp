// Fast tilize (tt-metal's fast_tilize_*, api/compute/tilize.h), as ttnn's
// tilize kernels call it: ROWS row blocks of BLOCK tiles from CB 0 (32
// row-major rows of BLOCK x 32 values each) tilized into CB 16. MODE: 0
// fast_tilize_init, fast_tilize_block, the 2026 fast_tilize_uninit(icb,
// ocb, full_dim); 1 tilize_init, tilize_block, tilize_uninit (the tiles to
// compare with); 2 fast_tilize_init_with_dt and the older
// fast_tilize_uninit(icb, ocb); the mistakes the engine faults on, each at
// its "// <- MODE=n" line: 3 fast_tilize_block after tilize_init; 4 a
// block other than the init's full_dim; 5 a pack_tile after
// fast_tilize_init; 6 fast_tilize_init with full_dim 300; 8 packer L1
// accumulation on (at the block's line, as 0's); and 7 the packer's ReLU
// (ZERO_RELU) on fast tilize's packs. test_ttm_fast_tilize.c has the expected tiles, cycles and
// messages.
#include <cstdint>

#include "api/compute/compute_kernel_api.h"
#include "api/compute/compute_kernel_hw_startup.h"
#include "api/compute/pack.h"
#include "api/compute/reg_api.h"
#include "api/compute/tilize.h"

void kernel_main()
{
    constexpr uint32_t cb_in = tt::CBIndex::c_0, cb_out = tt::CBIndex::c_16;
    compute_kernel_hw_startup(cb_in, cb_out);
#if MODE == 0 || MODE == 4
    fast_tilize_init(cb_in, MODE == 4 ? BLOCK + 1 : BLOCK, cb_out);
#elif MODE == 1 || MODE == 3
    tilize_init(cb_in, BLOCK, cb_out);
#elif MODE == 2
    fast_tilize_init_with_dt(cb_in, BLOCK, cb_out);
#elif MODE == 5
    fast_tilize_init(cb_in, BLOCK, cb_out);
    cb_reserve_back(cb_out, 1);
    tile_regs_acquire();
    tile_regs_commit();
    tile_regs_wait();
    pack_tile(0, cb_out); // <- MODE=5
    tile_regs_release();
#elif MODE == 6
    fast_tilize_init(cb_in, 300, cb_out); // <- MODE=6
#elif MODE == 7
    fast_tilize_init(cb_in, BLOCK, cb_out);
    pack_relu_config(ReluType::ZERO_RELU);
#elif MODE == 8
    fast_tilize_init(cb_in, BLOCK, cb_out);
    pack_reconfig_l1_acc(1);
#endif
    for (uint32_t r = 0; r < ROWS; r++) {
        cb_wait_front(cb_in, BLOCK);
        cb_reserve_back(cb_out, BLOCK);
#if MODE == 1
        tilize_block(cb_in, BLOCK, cb_out);
#elif MODE == 3
        fast_tilize_block(cb_in, BLOCK, cb_out); // <- MODE=3
#elif MODE == 4
        fast_tilize_block(cb_in, BLOCK, cb_out); // <- MODE=4
#else
        fast_tilize_block(cb_in, BLOCK, cb_out); // <- MODE=0
#endif
        cb_push_back(cb_out, BLOCK);
        cb_pop_front(cb_in, BLOCK);
    }
#if MODE == 1
    tilize_uninit(cb_in, cb_out);
#elif MODE == 2
    fast_tilize_uninit(cb_in, cb_out);
#else
    fast_tilize_uninit(cb_in, cb_out, BLOCK);
#endif
}
