// tt-llk's ckernel_sfpu_converter.h (docs/kernels.md "SFPI"): a runtime
// argument's fp32 bits as the float they are, for an SFPI function's
// parameters. (Not in compute_kernel_api.h: ckernel::sfpu would then be
// visible to every kernel, whose own names it could hide.)
#pragma once
#include "tt_foil/compute.hpp"

namespace ckernel::sfpu
{
struct Converter {
    static float as_float(std::uint32_t v)
    {
        return __builtin_bit_cast(float, v);
    }
};
} // namespace ckernel::sfpu
