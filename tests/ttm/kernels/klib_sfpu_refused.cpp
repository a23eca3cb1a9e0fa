// Forms of ttnn's sfpu_helpers tt-foil refuses at compile time (MODE picks).
#include "api/compute/compute_kernel_api.h"
#include "ttnn/kernel_lib/binary_op_helpers.hpp"
#include "ttnn/kernel_lib/reduce_helpers_compute.hpp"
#include "ttnn/kernel_lib/sfpu_helpers.hpp"

using namespace compute_kernel_lib;

void kernel_main()
{
#if MODE == 0 // an SFPU op between two DEST slots the engine does not model
    sfpu_pipeline(
        sfpu_chain(Load<0, Dst::D0>{}, Load<0, Dst::D1>{}, IntAdd<Dst::D0, Dst::D1, Dst::D0>{}), 16,
        1);
#elif MODE == 1 // an SFPU op the engine does not model
    sfpu_op<0>(16, 1, StochasticRound<>{});
#elif MODE == 2 // a parameterised op the engine does not model
    sfpu_op<0>(16, 1, Dropout<>{100u, 0x3f800000u});
#elif MODE == 3 // a Load in a post-op chain
    square(0, 16, BinaryInputBlockShape::single(), sfpu_chain(Load<0, Dst::D0>{}));
#elif MODE == 4 // a policy twice
    sfpu_op<0, SfpuOutputPolicy::Bulk, SfpuOutputPolicy::PerTile>(16, 1, Neg<>{});
#elif MODE == 5 // one CB's Loads apart
    sfpu_pipeline(sfpu_chain(Load<0, Dst::D0>{}, Neg<Dst::D0>{}, Load<0, Dst::D1>{}), 16, 1);
#elif MODE == 6 // a DestReuseOp in a reduce's post-op
    reduce<PoolType::SUM, ReduceDim::REDUCE_ROW>(0, 1, 16, ReduceInputBlockShape::single(),
                                                 ReduceInputMemoryLayout::contiguous(),
                                                 NoAccumulation{}, sfpu_chain(DestReuseMul<2>{}));
#endif
}
