// tt-metal's api/compute/eltwise_unary/identity.h: tt-foil's compute kernel API (all of
// it, tt_foil/compute.hpp; docs/kernels.md "Compute kernels").
// Of its ops, identity_tile_uint32 (an integer DEST) is not modeled: a use
// fails at compile time, saying why (section 5.2).
#pragma once
#include "tt_foil/compute.hpp"
