// Forms of ttnn's kernel_lib tt-foil refuses at compile time (MODE picks).
#include "api/compute/compute_kernel_api.h"
#include "ttnn/cpp/ttnn/kernel_lib/binary_op_helpers.hpp"
#include "ttnn/cpp/ttnn/kernel_lib/copy_tile_helpers.hpp"
#include "ttnn/cpp/ttnn/kernel_lib/reduce_helpers_compute.hpp"

using namespace compute_kernel_lib;

void kernel_main()
{
#if MODE == 0
    reduce<PoolType::SUM, ReduceDim::REDUCE_ROW, 0, 1, 16, ReduceInputPolicy::WaitAndPopPerTile,
           ReduceDataFormatReconfigMode::INPUT_AND_OUTPUT, ReduceFp32Mode::Accurate>(
        ReduceInputBlockShape::single());
#elif MODE == 1
    add(0, 1, 16, BinaryInputBlockShape::single(), BinaryTileLayout{}, BinaryAccumulate{2, 0});
#elif MODE == 2
    reduce<PoolType::MIN, ReduceDim::REDUCE_ROW>(0, 1, 16, ReduceInputBlockShape::single());
#elif MODE == 3
    copy_tiles(0, 16, 1, [] {});
#endif
}
