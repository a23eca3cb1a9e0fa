// tt-metal's compute_kernel_api/eltwise_unary/clamp.h: tt-foil's compute kernel API (all of
// it, tt_foil/compute.hpp; docs/kernels.md "Compute kernels").
// Its clamp_tile_int32 clamps a tile of integers as int32 (docs/chip.md
// "Integer tiles").
#pragma once
#include "tt_foil/compute.hpp"
