// ttnn's kernel_lib reduce as ttnn's kernels call it: CB 0 the input
// (Ht x Wt tiles per batch, NC batches), CB 1 the scaler tile, CB 16 the
// output. MODE picks the kind, the dimension, the input policy and the call
// form; HT, WT, NC the block.
#include "api/compute/compute_kernel_api.h"
#include "experimental/circular_buffer.h"
#include "ttnn/cpp/ttnn/kernel_lib/reduce_helpers_compute.hpp"

using namespace compute_kernel_lib;

void kernel_main()
{
    constexpr uint32_t in = tt::CBIndex::c_0, sc = tt::CBIndex::c_1, out = tt::CBIndex::c_16;
    compute_kernel_hw_startup(in, sc, out);
    constexpr auto shape = ReduceInputBlockShape::of(HT, WT, NC);
#if MODE == 0 // row sums, streamed, the CBs as arguments
    reduce<PoolType::SUM, ReduceDim::REDUCE_ROW>(in, sc, out, shape);
#elif MODE == 1 // column maxima, a chunk at a time, the CBs as template arguments
    reduce<PoolType::MAX, ReduceDim::REDUCE_COL, in, sc, out, ReduceInputPolicy::BulkWaitBulkPop>(
        shape);
#elif MODE == 2 // scalar sum, everything waited for up front and popped by the kernel
    reduce<PoolType::SUM, ReduceDim::REDUCE_SCALAR, ReduceInputPolicy::WaitUpfrontNoPop,
           ReduceDataFormatReconfigMode::INPUT>(in, sc, out, shape);
    cb_pop_front(in, HT * WT * NC);
#elif MODE == 3 // row maxima, preloaded (the kernel waits and pops), a post-op
    cb_wait_front(in, HT * WT * NC);
    reduce<PoolType::MAX, ReduceDim::REDUCE_ROW, in, sc, out, ReduceInputPolicy::NoWaitNoPop>(
        shape, ReduceInputMemoryLayout::contiguous(), NoAccumulation{}, [](uint32_t dst) {
            binop_with_scalar_tile_init();
            mul_unary_tile(dst, 0x40000000u); // x 2
        });
    cb_pop_front(in, HT * WT * NC);
#elif MODE == 4 // row sums accumulated over the batches through CB 2
    for (uint32_t b = 0; b < NC; b++)
        reduce<PoolType::SUM, ReduceDim::REDUCE_ROW, ReduceInputPolicy::WaitAndPopPerTile>(
            in, sc, b + 1 < NC ? tt::CBIndex::c_2 : out, ReduceInputBlockShape::of(HT, WT),
            ReduceInputMemoryLayout::contiguous(), Accumulate::at(tt::CBIndex::c_2, b));
#elif MODE == 5 // scalar max, streamed, the CBs as objects
    experimental::CircularBuffer cin(in), csc(sc), cout(out);
    reduce<PoolType::MAX, ReduceDim::REDUCE_SCALAR>(cin, csc, cout, shape);
#elif MODE == 6 // a partial scaler: refused at run time
    reduce<PoolType::SUM, ReduceDim::REDUCE_ROW, in, sc, out>(
        shape, ReduceInputMemoryLayout::contiguous(), NoAccumulation{}, NoOp{},
        ReducePartialScaler::with_partial());
#elif MODE == 7 // row sums, the policies form (its defaults: streamed, both reconfigured)
    reduce<PoolType::SUM, ReduceDim::REDUCE_ROW>(in, sc, out, TileGrid::of(HT, WT, NC));
#elif MODE == 8 // column maxima a chunk at a time, the policies form, set up and undone apart
    reduce<PoolType::MAX, ReduceDim::REDUCE_COL, policies::StreamingBatchedPolicy,
           policies::ReconfigNonePolicy, policies::InitOnlyPolicy>(in, sc, out,
                                                                   TileGrid::of(HT, WT, 1));
    reduce<PoolType::MAX, ReduceDim::REDUCE_COL, policies::StreamingBatchedPolicy,
           policies::ReconfigNonePolicy, policies::UninitOnlyPolicy>(
        in, sc, out, TileGrid::of(HT, WT, NC - 1), TileLayout::contiguous());
#endif
}
