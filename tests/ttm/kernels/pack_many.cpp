// NT tiles packed in order (pack_tile<false>) into one reservation of CB
// 16, pushed once: tile t is filled with t (t < 256) or -(t - 255).
#include "api/compute/eltwise_unary/fill.h"
#include "api/compute/pack.h"

void kernel_main()
{
    constexpr auto out = tt::CBIndex::c_16;
    compute_kernel_hw_startup(tt::CBIndex::c_0, out);
    init_sfpu(tt::CBIndex::c_0, out);
    fill_tile_init();
    cb_reserve_back(out, NT);
    for (uint32_t t = 0; t < NT; t++) {
        tile_regs_acquire();
        fill_tile(0, t < 256 ? (float)t : -(float)(t - 255));
        tile_regs_commit();
        tile_regs_wait();
        pack_tile(0, out);
        tile_regs_release();
    }
    cb_push_back(out, NT);
}
