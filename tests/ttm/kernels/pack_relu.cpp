// The packer's ReLU (pack_relu_config), as ttnn's matmul kernels fuse it
// into the last pack: CB 0's tiles a and b go to DEST[0] and DEST[1];
// runtime arg 0 is the config word (tt-llk's: bits 0-3 the ReluType, 16-31
// the threshold's bf16 bits). CB 16's page 0 gets a with the ReLU, page 1 a
// after pack_relu_config(0), page 2 a, then b added to it with L1
// accumulation and the ReLU on (test_ttm_compute_state.c has the values).
#include "api/compute/compute_kernel_api.h"
#include "api/compute/pack.h"
#include "api/compute/tile_move_copy.h"

void kernel_main()
{
    constexpr uint32_t cb_in = tt::CBIndex::c_0, cb_out = tt::CBIndex::c_16;
    const uint32_t cfg = get_arg_val<uint32_t>(0);
    init_sfpu(cb_in, cb_out);
    cb_wait_front(cb_in, 2);
    cb_reserve_back(cb_out, 3);
    tile_regs_acquire();
    copy_tile(cb_in, 0, 0);
    copy_tile(cb_in, 1, 1);
    tile_regs_commit();
    tile_regs_wait();
    pack_relu_config(cfg);
    pack_tile<true>(0, cb_out, 0);
    pack_relu_config(ReluType::NO_RELU);
    pack_tile<true>(0, cb_out, 1);
    pack_tile<true>(0, cb_out, 2);
    pack_relu_config(cfg);
    pack_reconfig_l1_acc(1);
    pack_tile<true>(1, cb_out, 2);
    pack_reconfig_l1_acc(0);
    pack_relu_config(ReluType::NO_RELU);
    tile_regs_release();
    cb_push_back(cb_out, 3);
    cb_pop_front(cb_in, 2);
}
