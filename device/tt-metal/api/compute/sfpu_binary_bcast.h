// tt-metal's api/compute/sfpu_binary_bcast.h.
// sfpu_add/sub/mul_bcast_col/row and their inits are modeled
// (tt_foil/compute_sfpu.hpp; an fp32 DEST only, as tt-metal's).
// It brings the whole compute API, as every compute header here does
// (tt_foil/compute.hpp; docs/kernels.md "Compute kernels").
#pragma once
#include "tt_foil/compute.hpp"
