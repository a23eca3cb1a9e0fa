// tt-metal's older compute_kernel_api/mask.h.
// mask_tile, mask_posinf_tile and mask_tile_init are modeled
// (tt_foil/compute_sfpu.hpp). It brings the whole compute API, as every
// compute header here does (tt_foil/compute.hpp; docs/kernels.md "Compute
// kernels").
#pragma once
#include "tt_foil/compute.hpp"
