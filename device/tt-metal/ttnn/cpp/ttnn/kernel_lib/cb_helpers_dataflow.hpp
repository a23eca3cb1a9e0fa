// ttnn's kernel_lib CB tile shape for data-movement kernels
// (dataflow_kernel_lib::get_tile_r_dim / get_tile_c_dim): tt-foil's tiles
// are 32 x 32 in every CB (no tiny tiles).
#pragma once

#include "api/dataflow/dataflow_api.h"

namespace dataflow_kernel_lib
{
template <std::uint32_t cb_id> FORCE_INLINE constexpr std::uint32_t get_tile_r_dim()
{
    return 32;
}
template <std::uint32_t cb_id> FORCE_INLINE constexpr std::uint32_t get_tile_c_dim()
{
    return 32;
}
} // namespace dataflow_kernel_lib
