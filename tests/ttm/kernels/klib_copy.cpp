// ttnn's kernel_lib copy_tiles as ttnn's kernels call it: CB 0 holds
// HT x WT tiles, copied to CB 16. MODE picks the form.
#include "api/compute/compute_kernel_api.h"
#include "api/compute/compute_kernel_hw_startup.h"
#include "experimental/circular_buffer.h"
#include "ttnn/cpp/ttnn/kernel_lib/copy_tile_helpers.hpp"

using namespace compute_kernel_lib;

void kernel_main()
{
    constexpr uint32_t in = tt::CBIndex::c_0, out = tt::CBIndex::c_16;
    constexpr uint32_t n = HT * WT;
    compute_kernel_hw_startup(in, out);
#if MODE == 0 // streamed, the defaults
    copy_tiles(in, out, n);
#elif MODE == 1 // a post-op on each tile in DEST (x 2, then negated), the CBs as objects
    experimental::CircularBuffer cin(in), cout(out);
    copy_tiles(cin, cout, n, [](uint32_t dst) {
        binop_with_scalar_tile_init();
        mul_unary_tile(dst, 0x40000000u); // x 2
        negative_tile_init();
        negative_tile(dst);
    });
#elif MODE == 2 // preloaded: the kernel waits and pops; no reconfiguration
    cb_wait_front(in, n);
    copy_tiles<CopyInputPolicy::NoWaitNoPop, CopyDataFormatReconfig::NONE>(in, out, n);
    cb_pop_front(in, n);
#elif MODE == 3 // in two calls, reconfiguring the packer only
    copy_tiles<CopyInputPolicy::WaitAndPop, CopyDataFormatReconfig::OUTPUT>(in, out, 1);
    copy_tiles<CopyInputPolicy::WaitAndPop, CopyDataFormatReconfig::INPUT>(in, out, n - 1);
#endif
}
