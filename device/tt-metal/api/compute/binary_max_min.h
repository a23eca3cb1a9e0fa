// tt-metal's api/compute/binary_max_min.h: binary_max/min_tile and the integer
// forms binary_max/min_int32/uint32_tile, with their inits, are modeled
// (tt_foil/compute_sfpu.hpp; docs/chip.md "Integer tiles"). It brings the
// whole compute API, as every compute header here does.
#pragma once
#include "tt_foil/compute.hpp"
