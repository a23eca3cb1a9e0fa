// An SFPU op's vector mode given as tt-metal's VectorMode (exp_tile's
// parameter type since 2025; recip_tile's is an int): tile 0 of CB 0 through
// DEST 0 into CB 16. MODE 0: exp(2x) by exp_tile's scale (bf16 2.0 = 0x4000),
// 1: 1/x, 2: exp_tile over VectorMode::R (faces 0 and 1; the others keep x).
#include "api/compute/eltwise_unary/exp.h"
#include "api/compute/eltwise_unary/recip.h"
#include "api/compute/tile_move_copy.h"

void kernel_main()
{
    constexpr uint32_t in = tt::CBIndex::c_0, out = tt::CBIndex::c_16;
    init_sfpu(in, out);
    cb_wait_front(in, 1);
    cb_reserve_back(out, 1);
    tile_regs_acquire();
    copy_tile(in, 0, 0);
#if MODE == 0
    exp_tile_init<false>();
    exp_tile</*approx*/ false, /*scale_en*/ true>(0, VectorMode::RC, 0x4000);
#elif MODE == 1
    recip_tile_init();
    recip_tile(0, VectorMode::RC);
#else
    exp_tile_init<false>();
    exp_tile<false>(0, VectorMode::R);
#endif
    tile_regs_commit();
    tile_regs_wait();
    pack_tile(0, out);
    tile_regs_release();
    cb_push_back(out, 1);
    cb_pop_front(in, 1);
}
