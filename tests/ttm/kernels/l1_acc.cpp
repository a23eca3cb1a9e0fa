// Packer L1 accumulation (pack.h's pack_reconfig_l1_acc), as ttnn's matmul
// kernels use it under PACKER_L1_ACC: CB 0's tiles a, b, c go to DEST[0..2];
// page 0 of CB 16 gets a, then with L1 accumulation on b and c are added to
// it; with it off again, page 1 gets c alone (test_ttm_compute_state.c has
// the expected values, for a Float32, a Float16_b and a Bfp8_b CB 16).
// UNTILIZE=1: a pack_untilize_dest with it on (a fault).
#include "api/compute/pack.h"
#include "api/compute/pack_untilize.h"
#include "api/compute/tile_move_copy.h"

void kernel_main()
{
    constexpr uint32_t cb_in = tt::CBIndex::c_0, cb_out = tt::CBIndex::c_16;
    init_sfpu(cb_in, cb_out);
    cb_wait_front(cb_in, 3);
    cb_reserve_back(cb_out, 2);
    tile_regs_acquire();
    for (uint32_t i = 0; i < 3; i++) copy_tile(cb_in, i, i);
    tile_regs_commit();
    tile_regs_wait();
    pack_tile<true>(0, cb_out, 0);
    pack_reconfig_l1_acc(1);
#if UNTILIZE
    pack_untilize_dest_init<1>(cb_out);
    pack_untilize_dest<1>(cb_out, 1, 0);
#endif
    pack_tile<true>(1, cb_out, 0);
    pack_tile<true>(2, cb_out, 0);
    pack_reconfig_l1_acc(0);
    pack_tile<true>(2, cb_out, 1);
    tile_regs_release();
    cb_push_back(cb_out, 2);
    cb_pop_front(cb_in, 3);
}
