// tt-metal's api/compute/binary_remainder.h.
// remainder_binary_tile, remainder_int32_tile and their inits are modeled
// (tt_foil/compute_sfpu.hpp).
// It brings the whole compute API, as every compute header here does
// (tt_foil/compute.hpp; docs/kernels.md "Compute kernels").
#pragma once
#include "tt_foil/compute.hpp"
