// ttnn's kernel_lib: which reduces ttnn runs as a matmul against the scaler
// (SUM/AVG along rows). Here every reduce is the tile engine's reduce, which
// scales by the scaler tile's [0][0], so a scaler tile laid out for either
// path gives the same result. (Compute and data-movement kernels both
// include it: reduce_helpers_dataflow.hpp lays its scaler tile out by it.)
#pragma once

#include "llk_defs.h"

template <ckernel::PoolType pool_type, ckernel::ReduceDim reduce_dim>
constexpr bool reduce_uses_matmul()
{
    return (pool_type == ckernel::PoolType::SUM || pool_type == ckernel::PoolType::AVG) &&
           reduce_dim == ckernel::ReduceDim::REDUCE_ROW;
}
