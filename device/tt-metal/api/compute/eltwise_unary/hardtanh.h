// tt-metal's api/compute/eltwise_unary/hardtanh.h: tt-foil's compute kernel API (all of
// it, tt_foil/compute.hpp; docs/kernels.md "Compute kernels").
// Of its ops, the pack-thread forms (hardtanh_tile_pack,
// hardtanh_tile_init_pack) are not modeled: a use fails at compile time,
// saying why (section 5.2).
#pragma once
#include "tt_foil/compute.hpp"
