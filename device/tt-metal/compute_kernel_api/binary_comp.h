// tt-metal's compute_kernel_api/binary_comp.h.
// The fp32 comparisons between two DEST tiles, eq/ne/lt/gt/le/ge_binary_tile
// (and their inits), and the integer ones, lt/gt/le/ge_int_tile<DataFormat>
// (1 and 0 as integers; docs/chip.md "Integer tiles"), are modeled
// (tt_foil/compute_sfpu.hpp). It brings the whole compute API, as every
// compute header here does.
#pragma once
#include "tt_foil/compute.hpp"
