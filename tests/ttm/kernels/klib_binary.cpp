// ttnn's kernel_lib binary ops as ttnn's kernels call them: CB 0 holds A
// (HT x WT tiles), CB 1 holds B (shaped by the broadcast; none for square), CB 16 the
// result. MODE picks the op, the broadcast and the policies.
#include "api/compute/compute_kernel_api.h"
#include "ttnn/cpp/ttnn/kernel_lib/binary_op_helpers.hpp"
#if MODE == 6 // the older header names still build
#include "ttnn/cpp/ttnn/kernel_lib/tilize_helpers.h"
#include "ttnn/kernel_lib/untilize_helpers.h"
#endif

using namespace compute_kernel_lib;

void kernel_main()
{
    constexpr uint32_t a = tt::CBIndex::c_0, b = tt::CBIndex::c_1, out = tt::CBIndex::c_16;
    binary_op_init_common(a, b, out);
    constexpr auto shape = BinaryInputBlockShape::of(HT, WT);
#if MODE == 0 // A + B, streamed
    add(a, b, out, shape);
#elif MODE == 1 // A - B's column 0 (a tile per row), A a chunk at a time
    sub<BroadcastDim::COL, BinaryInputPolicy::WaitAndPopPerChunk,
        BinaryInputPolicy::WaitAndPopPerTile>(a, b, out, shape);
#elif MODE == 2 // A x B's row 0, B kept, bulk output, the layout and a post-op
    mul<BroadcastDim::ROW, BinaryInputPolicy::WaitUpfrontPopAtEnd,
        BinaryInputPolicy::WaitUpfrontNoPop, BinaryOutputPolicy::Bulk>(
        a, b, out, shape, BinaryTileLayout{}, NoAccumulation{}, [](uint32_t dst) {
            binop_with_scalar_tile_init();
            add_unary_tile(dst, 0x3f800000u); // + 1
        });
    cb_pop_front(b, WT);
#elif MODE == 3 // A + B's [0][0], the post-op right after the shape, per-chunk output
    add<BroadcastDim::SCALAR, BinaryInputPolicy::WaitAndPopPerTile,
        BinaryInputPolicy::WaitAndPopPerTile, BinaryOutputPolicy::PerChunk>(
        a, b, out, shape, [](uint32_t dst) {
            negative_tile_init();
            negative_tile(dst);
        });
#elif MODE == 4 // A squared, the binary_op form
    square(a, out, shape);
#elif MODE == 5 // A x A through mul with one CB for both: each tile waited for and popped once
    mul(a, a, out, shape);
#elif MODE == 6 // A + B setting A's unpacker format and the packer's only
    add<BroadcastDim::NONE, BinaryInputPolicy::WaitAndPopPerTile,
        BinaryInputPolicy::WaitAndPopPerTile, BinaryOutputPolicy::PerTile,
        BinaryDataFormatReconfig::SRCA_ONLY_AND_OUTPUT>(a, b, out, shape);
#endif
}
