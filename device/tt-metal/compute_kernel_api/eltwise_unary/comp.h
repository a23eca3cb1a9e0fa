// tt-metal's compute_kernel_api/eltwise_unary/comp.h: tt-foil's compute kernel API (all of
// it, tt_foil/compute.hpp; docs/kernels.md "Compute kernels").
// Its integer forms (*_int32, *_uint16, *_uint32) compare integers and write
// the integers 1 and 0 (docs/chip.md "Integer tiles").
#pragma once
#include "tt_foil/compute.hpp"
