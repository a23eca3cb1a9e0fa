// tt-metal's compute_kernel_api/eltwise_unary/softplus.h: tt-foil's compute kernel API (all of
// it, tt_foil/compute.hpp; docs/kernels.md "Compute kernels").
// Of its ops, the pack-thread forms (softplus_tile_pack,
// softplus_tile_init_pack) are not modeled: a use fails at compile time,
// saying why (section 5.2).
#pragma once
#include "tt_foil/compute.hpp"
