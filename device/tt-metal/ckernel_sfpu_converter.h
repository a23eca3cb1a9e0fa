// tt-llk's ckernel_sfpu_converter.h (docs/kernels.md "SFPI"):
// ckernel::sfpu::Converter::as_float, a runtime argument's fp32 bits as the
// float they are (tt_foil/sfpu_params.hpp, with the whole compute API).
#pragma once
#include "tt_foil/compute.hpp"
