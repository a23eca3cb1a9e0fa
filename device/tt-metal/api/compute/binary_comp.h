// tt-metal's api/compute/binary_comp.h.
// The fp32 comparisons between two DEST tiles, eq/ne/lt/gt/le/ge_binary_tile
// (and their inits), are modeled (tt_foil/compute_sfpu.hpp); its other ops
// (the integer forms) fail at compile time, saying why
// (tt_foil/compute_unsupported.hpp; docs/kernels.md, section 5.2). It brings
// the whole compute API, as every compute header here does.
#pragma once
#include "tt_foil/compute.hpp"
