// tt-metal's compute calls written qualified, as many ttnn kernels do
// (ckernel::cb_wait_front, ckernel::tile_regs_acquire, ...): tt-metal's
// cb_api.h declares the CB calls in namespace ckernel. Copies NT tiles of
// CB 0 to CB 16, waiting for and reserving two pages at a time, packing the
// pair in reverse (pack_tile<true>), so page 2k holds tile 2k + 1.
#include "api/compute/tile_move_copy.h"

void kernel_main()
{
    constexpr uint32_t in = tt::CBIndex::c_0, out = tt::CBIndex::c_16;
    ckernel::unary_op_init_common(in, out);
    for (uint32_t t = 0; t < NT; t += 2) {
        ckernel::cb_wait_front(in, 2);
        ckernel::cb_reserve_back(out, 2);
        ckernel::tile_regs_acquire();
        ckernel::copy_tile(in, 0, 0);
        ckernel::copy_tile(in, 1, 1);
        ckernel::tile_regs_commit();
        ckernel::tile_regs_wait();
        ckernel::pack_tile<true>(0, out, 1);
        ckernel::pack_tile<true>(1, out, 0);
        ckernel::tile_regs_release();
        ckernel::cb_push_back(out, 2);
        ckernel::cb_pop_front(in, 2);
    }
}
