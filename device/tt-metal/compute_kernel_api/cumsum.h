// tt-metal's compute_kernel_api/cumsum.h: cumsum_tile_init and cumsum_tile
// (tt_foil/compute_sfpu.hpp; docs/kernels.md). It brings the whole compute
// API, as every compute header here does.
#pragma once
#include "tt_foil/compute.hpp"
