// ttnn's kernel_lib matmul_block as ttnn's matmul kernels call it (the
// bmm_large_block_zm family): C = A x B with M = 2, N = 4, K = 4 tiles in
// two K blocks of 2 (the partials spill to CB 24 and are reloaded; with
// packer_l1_acc, MODEs 8-12, the packer adds them in CB 24 or CB 16), 2 x 2
// subblocks (one along M, two along N). Per K block CB 0 holds A's 2 x 2
// tiles and CB 1 B's 2 x 4 (row-major); CB 16 gets C. NB batches. MODE
// picks the form.
#include "api/compute/compute_kernel_api.h"
#include "api/compute/compute_kernel_hw_startup.h"
#include "api/compute/matmul.h"
#include "api/dataflow/circular_buffer.h"
#include "ttnn/cpp/ttnn/kernel_lib/copy_tile_helpers.hpp"
#include "ttnn/kernel_lib/matmul_block_helpers.hpp"

using namespace compute_kernel_lib;

// x 2 on each tile of the subblock in DEST (a PostComputeFn)
struct Twice {
    ALWI void operator()(uint32_t n) const
    {
        binop_with_scalar_tile_init();
        for (uint32_t i = 0; i < n; i++) mul_unary_tile(i, 0x40000000u);
    }
};
// negated
struct Negate {
    ALWI void operator()(uint32_t n) const
    {
        negative_tile_init();
        for (uint32_t i = 0; i < n; i++) negative_tile(i);
    }
};

void kernel_main()
{
    constexpr uint32_t in0 = tt::CBIndex::c_0, in1 = tt::CBIndex::c_1;
    constexpr uint32_t out = tt::CBIndex::c_16, interm = tt::CBIndex::c_24;
    compute_kernel_hw_startup<SrcOrder::Reverse>(in0, in1, interm);
    matmul_block_init(in0, in1, false, 2, 2, 2);
    CircularBuffer in0_buf(in0), in1_buf(in1), out_buf(out), interm_buf(interm);
    constexpr auto shape = MatmulBlockShape::of(1, 2, 2, 2, 2, 2, NB);
#if MODE == 0 // the defaults: subblock-major output
    matmul_block<>(in0_buf, in1_buf, out_buf, interm_buf, shape);
#elif MODE == 1  // tile-row-major, clamped at 0
    matmul_block<false, false, LastBlockTarget::OutWithRelu, OutputCBLayout::TileRowMajor>(
        in0_buf, in1_buf, out_buf, interm_buf, shape);
#elif MODE == 2  // to interm, then the kernel's next phase copies it to out
    for (uint32_t b = 0; b < NB; b++) {
        matmul_block<false, false, LastBlockTarget::Interm>(in0_buf, in1_buf, out_buf, interm_buf,
                                                            MatmulBlockShape::of(1, 2, 2, 2, 2, 2));
        copy_tiles(interm, out, 8);
        matmul_block_init(in0, in1, false, 2, 2, 2);
    }
#elif MODE == 3  // the older form (run-time CBs and block), pack_relu, a post-compute
    matmul_block<false, false, false, true, OutputLayout::SubblockMajor, Negate>(
        in0, in1, out, interm, 2, 1, 2, 2, 2, 2, NB, Negate{});
#elif MODE == 4  // the hooks' form: a post-compute functor's type after the input policies
    matmul_block<false, false, LastBlockTarget::Out, OutputCBLayout::SubblockMajor,
                 matmul_config::InitMode::Short, InputPolicy::WaitAndPopPerKBlock,
                 InputPolicy::WaitAndPopPerKBlock, Twice>(in0_buf, in1_buf, out_buf, interm_buf,
                                                          shape, Twice{});
#elif MODE == 5  // the oldest form: the CBs as template arguments
    matmul_block<in0, in1, out, interm>(2, 1, 2, 2, 2, 2, NB);
#elif MODE == 6  // the kernel's init, no reconfiguration, the shape at compile time
    matmul_block<false, false, LastBlockTarget::Out, OutputCBLayout::TileRowMajor,
                 matmul_config::InitMode::None, InputPolicy::WaitAndPopPerKBlock,
                 InputPolicy::WaitAndPopPerKBlock, matmul_config::DataFormatReconfig::None,
                 NoneActivation, 1, 2, 2, 2, 2, 2, NB>(in0, in1, out, interm,
                                                       MatmulBlockShape::of(0, 0, 0, 0, 0, 0));
#elif MODE == 7  // K in one block, in0 kept for the next call (in0 re-fed once per batch here)
    // (A's 2 x 4 tiles of both K blocks come in as one block of K = 4.)
    for (uint32_t b = 0; b < NB; b++) {
        matmul_block<false, false, LastBlockTarget::Out, OutputCBLayout::SubblockMajor,
                     matmul_config::InitMode::Short, InputPolicy::WaitAndRetainOnLastBlock>(
            in0_buf, in1_buf, out_buf, out_buf, MatmulBlockShape::of(1, 2, 2, 2, 4, 1));
        in0_buf.pop_front(8);
    }
#elif MODE == 8  // packer_l1_acc: the K blocks summed in interm (or out), then out
    matmul_block<false, true>(in0_buf, in1_buf, out_buf, interm_buf, shape);
#elif MODE == 9  // packer_l1_acc summing in place in out (interm = out)
    matmul_block<false, true>(in0_buf, in1_buf, out_buf, out_buf, shape);
#elif MODE == 10 // packer_l1_acc into interm, tile-row-major; the kernel copies it to out
    for (uint32_t b = 0; b < NB; b++) {
        matmul_block<false, true, LastBlockTarget::Interm, OutputCBLayout::TileRowMajor>(
            in0_buf, in1_buf, out_buf, interm_buf, MatmulBlockShape::of(1, 2, 2, 2, 2, 2));
        copy_tiles(interm, out, 8);
        matmul_block_init(in0, in1, false, 2, 2, 2);
    }
#elif MODE == 11 // packer_l1_acc, the sum clamped at 0 on its copy to out
    matmul_block<false, true, LastBlockTarget::OutWithRelu>(in0_buf, in1_buf, out_buf, interm_buf,
                                                            shape);
#elif MODE == 12 // packer_l1_acc, tile-row-major out
    matmul_block<false, true, LastBlockTarget::Out, OutputCBLayout::TileRowMajor>(
        in0_buf, in1_buf, out_buf, interm_buf, shape);
#endif
}
