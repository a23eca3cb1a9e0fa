// isclose_binary_tile (api/compute/isclose.h) as binary_ng's SFPU kernels
// call it: CB 0 holds tiles A and B; CB 16 gets isclose(A, B) with rtol
// 1e-2 and atol 1e-3, then the same with EQUAL_NAN (fp32 bits).
// BAD_TOLERANCES: a hand-made command whose tolerances' address is past
// L1's end first (a fault).
#include "api/compute/eltwise_unary/eltwise_unary.h"
#include "api/compute/isclose.h"
#include "api/compute/tile_move_copy.h"

void kernel_main()
{
    constexpr uint32_t in = tt::CBIndex::c_0, out = tt::CBIndex::c_16;
    constexpr uint32_t rtol = 0x3c23d70au, atol = 0x3a83126fu; // 1e-2, 1e-3
    init_sfpu(in, out);
    cb_wait_front(in, 2);
    cb_reserve_back(out, 2);
    tile_regs_acquire();
    copy_tile_to_dst_init_short(in);
    copy_tile(in, 0, 0);
    copy_tile(in, 1, 1);
    isclose_binary_tile_init();
#if defined(BAD_TOLERANCES) // (by hand: the tolerances' address past L1's end)
    tf_c::dev_sfpu_ternary(TF_SFPU_ISCLOSE, 0, 1, 0, 2, 0x7ffffcu);
#endif
    isclose_binary_tile(0, 1, 2, rtol, atol);
    isclose_binary_tile<true>(0, 1, 3, rtol, atol);
    tile_regs_commit();
    tile_regs_wait();
    pack_tile(2, out);
    pack_tile(3, out);
    tile_regs_release();
    cb_push_back(out, 2);
    cb_pop_front(in, 2);
}
