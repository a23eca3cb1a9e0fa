// tt-metal's api/compute/eltwise_unary/identity.h: tt-foil's compute kernel API (all of
// it, tt_foil/compute.hpp; docs/kernels.md "Compute kernels").
// Its identity_tile_uint32 copies a tile of integers (docs/chip.md "Integer
// tiles").
#pragma once
#include "tt_foil/compute.hpp"
